# Makefile for libcanasta.  GNU make; no configure step is needed.
#
#   make                  libcanasta.a, libcanasta.so.X.Y.Z (+ symlinks), canasta.pc,
#                         tools/canasta-replay, tools/canasta-sim: all that
#                         make install installs (with man/*.1)
#   make check            unit tests (needs Check + pkg-config), header tests,
#                         exported-symbol test; also compiles every example
#   make examples         every examples/NAME.c as examples/NAME
#   make demo             build and run examples/demo
#   make bench            build and run bench/bench
#   make install          [DESTDIR=...] [PREFIX=/usr/local] [LIBDIR=...] ...
#   make uninstall        removes exactly what install put there
#   make dist             libcanasta-VERSION.tar.gz (with a generated configure)
#   make distcheck        unpack the tarball, build it out of tree, run checks
#   make clean            remove build outputs;  make distclean: also configure's
#
# More targets live in mk/*.mk (docs/TESTING.md): check-asan check-tsan
# check-valgrind (mk/sanitize.mk), fuzz fuzz-smoke (mk/fuzz.mk), coverage
# (mk/coverage.mk), lint (mk/lint.mk), abi-check abi-dump
# abi-check-selftest (mk/abi.mk), tools check-replay (mk/replay.mk:
# canasta-replay), check-sim strategy-study (mk/sim.mk: canasta-sim),
# check-python (mk/python.mk), wasm (mk/wasm.mk: the WebAssembly module),
# js check-js js-pack bench-js (mk/wasm_js.mk: the npm package), web
# check-web (mk/web.mk: the web example in headless Chromium), check-cli
# (mk/cli.mk: every program's options), check-man install-man (mk/man.mk:
# the man pages), check-link (mk/link.mk: linking an installed library;
# the CMake package files), check-play check-demo (mk/play.mk: the
# examples that play games).
#
# Overridable: CC CXX CFLAGS CPPFLAGS LDFLAGS LIBS AR NM PKG_CONFIG INSTALL
#              PREFIX LIBDIR INCLUDEDIR BINDIR PKGCONFIGDIR MANDIR DESTDIR
#              OBJCOPY (hides libcanasta.a's internal names) CMAKEDIR
#              WERROR=1 (add -Werror)
#
# The optional ./configure (autoreconf -fi; see configure.ac) writes
# config.mak into the build directory; it is read here.  Values given on
# the make command line still win.  Out-of-tree builds: run configure from
# another directory (it writes a two-line Makefile there), or run
# "make -f /path/to/source/Makefile" from the build directory.  Sources are
# always named as $(srcdir)/...; every output goes below the current
# directory.

# Must come before any include: the last makefile read so far is this one.
canasta_makefile := $(lastword $(MAKEFILE_LIST))

-include config.mak

# srcdir: set by configure's stub Makefile or on the command line;
# otherwise it is the directory holding this Makefile.
ifeq ($(filter file command override,$(origin srcdir)),)
srcdir := $(patsubst %/,%,$(dir $(canasta_makefile)))
endif

SHELL = /bin/sh
.SUFFIXES:
.DELETE_ON_ERROR:

# ---------------------------------------------------------------------
# Tools, flags and directories
# ---------------------------------------------------------------------
CFLAGS ?=
CPPFLAGS ?=
LDFLAGS ?=
LIBS ?=
NM ?= nm
OBJCOPY ?= objcopy
PKG_CONFIG ?= pkg-config
INSTALL ?= install
CLANG ?= clang
CLANGXX ?= clang++
# configure leaves these empty when it found nothing.
ifeq ($(strip $(PKG_CONFIG)),)
override PKG_CONFIG := pkg-config
endif
ifeq ($(strip $(CXX)),)
override CXX := g++
endif
ifeq ($(strip $(NM)),)
override NM := nm
endif

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man

WARN_CFLAGS = -Wall -Wextra -Wpedantic
ifeq ($(WERROR),1)
WARN_CFLAGS += -Werror
endif
BASE_CFLAGS = -std=c99 $(WARN_CFLAGS) -O2 $(CFLAGS)
DEP_FLAGS = -MMD -MP

# The library: position-independent, only CANASTA_API symbols visible.
# The library is optimised harder than the programs around it, as zstd's
# is: with -O3 the reference player plays about 7% more hands a second
# than with -O2 (docs/PERFORMANCE.md).  CFLAGS comes after it, so
# CFLAGS=-O2 (or -O0 -g) still decides, and so do the CFLAGS configure
# writes to config.mak (autoconf's default is -g -O2: packagers choose).
LIB_OPT_CFLAGS = -O3
LIB_ALL_CFLAGS = -std=c99 $(WARN_CFLAGS) $(LIB_OPT_CFLAGS) $(CFLAGS) \
	-fPIC -fvisibility=hidden
LIB_ALL_CPPFLAGS = -I$(srcdir)/include -I$(srcdir)/lib $(CPPFLAGS)
# Examples use the public header only; the bench and the tests may also
# use the private headers in lib/.
EXAMPLE_ALL_CPPFLAGS = -I$(srcdir)/include $(CPPFLAGS)
BENCH_ALL_CPPFLAGS = -I$(srcdir)/include -I$(srcdir)/lib $(CPPFLAGS)
# "-I." finds the generated tests/suites.gen.h in the build directory.
TEST_ALL_CPPFLAGS = -I. -I$(srcdir)/include -I$(srcdir)/lib -I$(srcdir)/tests \
	$(CPPFLAGS) $(CHECK_CFLAGS)

# Check's flags, asked of pkg-config once, and only when needed.
CHECK_CFLAGS = $(eval CHECK_CFLAGS := $$(shell $$(PKG_CONFIG) --cflags check 2>/dev/null))$(CHECK_CFLAGS)
CHECK_LIBS = $(eval CHECK_LIBS := $$(shell $$(PKG_CONFIG) --libs check 2>/dev/null))$(CHECK_LIBS)

# ---------------------------------------------------------------------
# Version: read from include/canasta.h, the only place it is written
# ---------------------------------------------------------------------
canasta_version_part = $(shell sed -n \
	's/^.define[ 	][ 	]*CANASTA_VERSION_$(1)[ 	][ 	]*\([0-9][0-9]*\).*/\1/p' \
	'$(srcdir)/include/canasta.h')
VERSION_MAJOR := $(call canasta_version_part,MAJOR)
VERSION_MINOR := $(call canasta_version_part,MINOR)
VERSION_PATCH := $(call canasta_version_part,PATCH)
ifeq ($(words $(VERSION_MAJOR) $(VERSION_MINOR) $(VERSION_PATCH)),3)
VERSION := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)
else
$(error cannot read CANASTA_VERSION_MAJOR/MINOR/PATCH from $(srcdir)/include/canasta.h)
endif

# ---------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------
STATIC_LIB = libcanasta.a
# The static library as built for the programs of this tree that call
# internal functions (the unit tests); never installed.
INTERNAL_LIB = lib/libcanasta-internal.a
STATIC_OBJ = lib/libcanasta-static.o
STATIC_EXPORTS = lib/canasta.exports
SONAME = libcanasta.so.$(VERSION_MAJOR)
SHARED_LIB = libcanasta.so.$(VERSION)
SHARED_LINKS = $(SONAME) libcanasta.so
PC_FILE = canasta.pc
MAP_FILE = $(srcdir)/lib/canasta.map

LIB_SRCS := $(sort $(wildcard $(srcdir)/lib/*.c))
LIB_OBJS := $(patsubst $(srcdir)/%.c,%.o,$(LIB_SRCS))

EXAMPLE_SRCS := $(sort $(wildcard $(srcdir)/examples/*.c))
EXAMPLES := $(patsubst $(srcdir)/%.c,%,$(EXAMPLE_SRCS))

BENCH = bench/bench

# Unit tests: tests/check_canasta.c (runner), tests/helpers.c (if present),
# and every tests/test_NAME.c, which defines Suite *suite_NAME(void).
TEST_SRCS := $(sort $(wildcard $(srcdir)/tests/test_*.c))
SUITE_NAMES := $(patsubst $(srcdir)/tests/test_%.c,%,$(TEST_SRCS))
TEST_RUNNER_SRCS := $(srcdir)/tests/check_canasta.c \
	$(wildcard $(srcdir)/tests/helpers.c) $(TEST_SRCS)
TEST_OBJS := $(patsubst $(srcdir)/%.c,%.o,$(TEST_RUNNER_SRCS))
TEST_PROG = tests/check_canasta
SUITES_H = tests/suites.gen.h

# The unit tests link a second build of the library, compiled with
# -DCN_CHECKED=1: cn_state_check after every move, undo and deal, and the
# ALWAYS/NEVER assertions abort (lib/cn_assert.h; docs/TESTING.md,
# "Assertions").  Its objects live in lib/checked/.
CHECKED_LIB = lib/libcanasta-checked.a
CHECKED_OBJS := $(patsubst $(srcdir)/lib/%.c,lib/checked/%.o,$(LIB_SRCS))
CHECKED_CPPFLAGS = -DCN_CHECKED=1

DEP_FILES := $(LIB_OBJS:.o=.d) $(CHECKED_OBJS:.o=.d) $(TEST_OBJS:.o=.d) \
	$(addsuffix .d,$(EXAMPLES)) $(BENCH).d tools/cli.d

# Stamps that record the values a target was made with, so that changing
# CC/CFLAGS or PREFIX/LIBDIR on the command line remakes what they affect.
FLAGS_STAMP = .canasta-build-flags
PC_STAMP = .canasta-pc-vars

# ---------------------------------------------------------------------
# Default target
# ---------------------------------------------------------------------
# "tools" (mk/replay.mk, mk/sim.mk): the installed programs are built too.
all: $(STATIC_LIB) $(SHARED_LIB) $(SHARED_LINKS) $(PC_FILE) tools

.PHONY: all check check-unit check-alloc check-header check-symbols examples demo bench bench-vs \
	install uninstall dist distcheck clean distclean FORCE

FORCE:

# "make clean all" and the like: do the goals one after the other.
ifneq ($(filter clean distclean,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif

# Writes $(1) to the file $@ only when it differs (keeps the mtime otherwise).
canasta_write_if_changed = printf '%s\n' '$(subst ','\'',$(1))' > '$@.tmp' && \
	if cmp -s '$@.tmp' '$@'; then rm -f '$@.tmp'; else mv -f '$@.tmp' '$@'; fi

$(FLAGS_STAMP): FORCE
	@$(call canasta_write_if_changed,$(CC) $(LIB_ALL_CFLAGS) $(LIB_ALL_CPPFLAGS) | $(LDFLAGS) $(LIBS))

$(PC_STAMP): FORCE
	@$(call canasta_write_if_changed,$(VERSION) $(PREFIX) $(LIBDIR) $(INCLUDEDIR))

# ---------------------------------------------------------------------
# The library
# ---------------------------------------------------------------------
$(LIB_OBJS): lib/%.o: $(srcdir)/lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIB_ALL_CFLAGS) $(LIB_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

# libcanasta.a exports what libcanasta.so exports and nothing else, so a
# program may define its own cn_check (or any name the library uses
# inside) and still link it statically.  The objects are linked into one
# relocatable object (cc -r), in which objcopy makes every global symbol
# local but the names lib/canasta.map exports; the archive holds that one
# object.  The price: a program that links it gets the whole library, not
# only the objects it calls.  Without objcopy (OBJCOPY empty or not found)
# the archive is the plain objects, with the internal names visible, and
# make says so; tests/link_test.sh then skips its static-library checks.
# The unit tests and the other programs that call internal functions link
# $(INTERNAL_LIB), the plain archive, instead.
$(STATIC_EXPORTS): $(MAP_FILE)
	@mkdir -p $(@D)
	sed -n 's/^[ 	]*\(canasta_[A-Za-z0-9_]*\);[ 	]*$$/\1/p' $(MAP_FILE) > $@.tmp
	@test -s $@.tmp || { echo "$(MAP_FILE): no exported names found" >&2; exit 1; }
	mv -f $@.tmp $@

$(STATIC_LIB): $(LIB_OBJS) $(STATIC_EXPORTS)
	@rm -f $@ $(STATIC_OBJ)
	@if command -v $(firstword $(OBJCOPY) objcopy-not-set) >/dev/null 2>&1; then \
	    echo "$(CC) -r -nostdlib $(CFLAGS) -o $(STATIC_OBJ) $(LIB_OBJS)"; \
	    $(CC) -r -nostdlib $(CFLAGS) -o $(STATIC_OBJ) $(LIB_OBJS) && \
	    echo "$(OBJCOPY) --keep-global-symbols=$(STATIC_EXPORTS) $(STATIC_OBJ)" && \
	    $(OBJCOPY) --keep-global-symbols=$(STATIC_EXPORTS) $(STATIC_OBJ) && \
	    echo "$(AR) rcs $@ $(STATIC_OBJ)" && \
	    $(AR) rcs $@ $(STATIC_OBJ); \
	else \
	    echo "warning: objcopy not found (OBJCOPY='$(OBJCOPY)'): $@ is the plain objects and also exports the library's internal cn_* names" >&2; \
	    echo "$(AR) rcs $@ $(LIB_OBJS)"; \
	    $(AR) rcs $@ $(LIB_OBJS); \
	fi

$(INTERNAL_LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(SHARED_LIB): $(LIB_OBJS) $(MAP_FILE)
	$(CC) -shared -fPIC -Wl,-soname,$(SONAME) -Wl,--version-script=$(MAP_FILE) \
		-Wl,--no-undefined $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_OBJS) $(LIBS)

$(CHECKED_OBJS): lib/checked/%.o: $(srcdir)/lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(LIB_ALL_CFLAGS) $(CHECKED_CPPFLAGS) $(LIB_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

$(CHECKED_LIB): $(CHECKED_OBJS)
	@rm -f $@
	$(AR) rcs $@ $(CHECKED_OBJS)

$(SONAME): $(SHARED_LIB)
	ln -sf $(SHARED_LIB) $@

libcanasta.so: $(SONAME)
	ln -sf $(SONAME) $@

# canasta.pc: directories under the prefix are written as ${prefix}/...,
# so "pkg-config --define-variable=prefix=..." can relocate them.
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))

$(PC_FILE): $(srcdir)/canasta.pc.in $(PC_STAMP)
	sed -e 's|@prefix@|$(PREFIX)|g' \
	    -e 's|@libdir@|$(PC_LIBDIR)|g' \
	    -e 's|@includedir@|$(PC_INCLUDEDIR)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' \
	    $(srcdir)/canasta.pc.in > $@.tmp
	mv -f $@.tmp $@

# ---------------------------------------------------------------------
# Programs (all linked statically against libcanasta.a)
# ---------------------------------------------------------------------
# The option parser every program shares (tools/cli.h: -h/--help,
# --version, "--", usage errors alike).  It is not part of the library,
# which exports only canasta_*.
CLI_OBJ = tools/cli.o
CLI_CPPFLAGS = -I$(srcdir)/tools
$(CLI_OBJ): $(srcdir)/tools/cli.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

examples: $(EXAMPLES)

$(EXAMPLES): examples/%: $(srcdir)/examples/%.c $(CLI_OBJ) $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(CLI_CPPFLAGS) $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(CLI_OBJ) $(STATIC_LIB) $(LIBS) -lm

# The ISMCTS example's match and bench/bench's reference-player games run
# on threads.  "private": not passed on to the prerequisites, whose
# $(FLAGS_STAMP) would otherwise change with the goal ("make
# examples/ismcts" then "make" rebuilt the library twice).
examples/ismcts: private LIBS += -pthread

# The ISMCTS searcher is also a canasta-sim plugin (canasta-sim --plugin
# examples/ismcts.so): a shared object with libcanasta linked in (the
# library's objects are position-independent), exporting only its own
# functions.
EXAMPLE_PLUGINS = examples/ismcts.so
examples: $(EXAMPLE_PLUGINS)
$(EXAMPLE_PLUGINS): examples/%.so: $(srcdir)/examples/%.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -fPIC -shared -DISMCTS_NO_MAIN $(EXAMPLE_ALL_CPPFLAGS) \
		$(DEP_FLAGS) -MF $@.d -MT $@ $(LDFLAGS) -o $@ $< $(STATIC_LIB) \
		-Wl,--exclude-libs,ALL -lm
$(BENCH): private LIBS += -pthread

demo: examples/demo
	./examples/demo

$(BENCH): $(srcdir)/bench/bench.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -O2 $(BENCH_ALL_CPPFLAGS) $(DEP_FLAGS) -MF $@.d -MT $@ \
		$(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LIBS) -lm

# mk/wasm_js.mk adds the JavaScript package's figures after the native
# ones (BENCH_JS_CMD; empty where node is missing).
# mk/python_env.mk adds the Python learning environment's (BENCH_ENV_CMD).
bench: $(BENCH)
	./$(BENCH)
	$(BENCH_JS_CMD)
	$(BENCH_ENV_CMD)

# This tree's reference play side by side with a release's, in one run:
# the same bench.c built on each library, run in turn (tools/bench-vs.sh;
# 21 pairs of "bench --ref-play", about two minutes).  BENCH_VS_ARGS
# takes the script's options ("-n 41", "-m random-play").
BENCH_VS_COMMIT = b648c3d
bench-vs: $(BENCH)
	BENCH=./$(BENCH) CC='$(CC)' $(SHELL) $(srcdir)/tools/bench-vs.sh \
		$(BENCH_VS_ARGS) $(BENCH_VS_COMMIT)

# ---------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------
# Before anything is built, "make check" makes sure its tools are there.
ifneq ($(filter check check-unit distcheck,$(MAKECMDGOALS)),)
ifeq ($(shell command -v $(firstword $(PKG_CONFIG)) >/dev/null 2>&1 && echo y),)
$(error make check needs pkg-config: apt-get install pkg-config)
endif
ifeq ($(shell $(PKG_CONFIG) --exists check >/dev/null 2>&1 && echo y),)
$(error make check needs the Check unit-test framework: apt-get install check)
endif
endif

check: all examples check-header check-symbols check-unit check-alloc

# One SUITE(NAME) line per tests/test_NAME.c; rewritten only on change.
$(SUITES_H): FORCE
	@mkdir -p $(@D)
	@for n in $(SUITE_NAMES); do \
	    case $$n in \
	    [!A-Za-z_]*|*[!A-Za-z0-9_]*) \
	        echo "tests/test_$$n.c: the part after test_ must be a C identifier" >&2; \
	        exit 1;; \
	    esac; \
	done
	@{ echo '/* Generated by make from the names of tests/test_NAME.c; do not edit. */'; \
	   for n in $(SUITE_NAMES); do echo "SUITE($$n)"; done; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; echo "generated $@"; fi

tests/check_canasta.o: $(SUITES_H)

$(TEST_OBJS): tests/%.o: $(srcdir)/tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(TEST_ALL_CPPFLAGS) $(DEP_FLAGS) -c -o $@ $<

# tests/test_docs_table.c reads docs/VARIANTS.md; compiled-in source
# directory, so it also runs by hand from a build directory ($CANASTA_SRCDIR
# still wins).
tests/test_docs_table.o: TEST_ALL_CPPFLAGS += -DCANASTA_SRCDIR='"$(abspath $(srcdir))"'
tests/test_partial_positions.o: TEST_ALL_CPPFLAGS += -DCANASTA_SRCDIR='"$(abspath $(srcdir))"'

$(TEST_PROG): $(TEST_OBJS) $(CHECKED_LIB)
	$(CC) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJS) $(CHECKED_LIB) \
		$(CHECK_LIBS) $(LIBS) -lm

# Tests that need data files can find the sources through $CANASTA_SRCDIR.
check-unit: $(TEST_PROG)
	CANASTA_SRCDIR='$(srcdir)' ./$(TEST_PROG)

# "All memory from the caller's allocator", seen from outside: the
# library's own calls to malloc and free are counted through the GNU
# linker's --wrap (tests/alloc_wrap.c).  Linkers without --wrap (macOS
# ld64) skip it.
ALLOC_WRAP = tests/alloc_wrap
$(ALLOC_WRAP): $(srcdir)/tests/alloc_wrap.c $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -I$(srcdir)/include $(LDFLAGS) -o $@ $< \
		$(STATIC_LIB) -Wl,--wrap=malloc -Wl,--wrap=free $(LIBS)
ifeq ($(shell uname -s),Darwin)
check-alloc:
	@echo "check-alloc: skipped (the linker has no --wrap)"
else
check-alloc: $(ALLOC_WRAP)
	./$(ALLOC_WRAP)
endif

# The public header must stand alone and be clean C99 and C++11.
HEADER_TEST_CFLAGS = -std=c99 -pedantic -Werror -Wall -Wextra -I$(srcdir)/include
HEADER_TEST_CXXFLAGS = -std=c++11 -pedantic -Werror -Wall -Wextra -I$(srcdir)/include
check-header:
	@mkdir -p tests
	$(CC) $(HEADER_TEST_CFLAGS) -c -o tests/header_c.o $(srcdir)/tests/header_c.c
	@if command -v $(firstword $(CXX)) >/dev/null 2>&1; then \
	    echo "$(CXX) $(HEADER_TEST_CXXFLAGS) -c -o tests/header_cxx.o $(srcdir)/tests/header_cxx.cpp"; \
	    $(CXX) $(HEADER_TEST_CXXFLAGS) -c -o tests/header_cxx.o $(srcdir)/tests/header_cxx.cpp; \
	else \
	    echo "check-header: no C++ compiler ($(CXX)); skipping the C++ header test"; \
	fi
	@if command -v $(firstword $(CLANG)) >/dev/null 2>&1; then \
	    echo "$(CLANG) $(HEADER_TEST_CFLAGS) -c -o tests/header_clang.o $(srcdir)/tests/header_c.c"; \
	    $(CLANG) $(HEADER_TEST_CFLAGS) -c -o tests/header_clang.o $(srcdir)/tests/header_c.c; \
	else \
	    echo "check-header: $(CLANG) not found; skipping the clang header test"; \
	fi
	@if command -v $(firstword $(CLANGXX)) >/dev/null 2>&1; then \
	    echo "$(CLANGXX) $(HEADER_TEST_CXXFLAGS) -c -o tests/header_clangxx.o $(srcdir)/tests/header_cxx.cpp"; \
	    $(CLANGXX) $(HEADER_TEST_CXXFLAGS) -c -o tests/header_clangxx.o $(srcdir)/tests/header_cxx.cpp; \
	else \
	    echo "check-header: $(CLANGXX) not found; skipping the clang++ header test"; \
	fi

check-symbols: $(SHARED_LIB)
	NM='$(NM)' $(SHELL) $(srcdir)/tests/check_symbols.sh $(SHARED_LIB) $(srcdir)/include/canasta.h

# ---------------------------------------------------------------------
# Install
# ---------------------------------------------------------------------
install: all
	$(INSTALL) -d '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)' '$(DESTDIR)$(PKGCONFIGDIR)'
	$(INSTALL) -m 644 $(STATIC_LIB) '$(DESTDIR)$(LIBDIR)/$(STATIC_LIB)'
	$(INSTALL) -m 755 $(SHARED_LIB) '$(DESTDIR)$(LIBDIR)/$(SHARED_LIB)'
	ln -sf $(SHARED_LIB) '$(DESTDIR)$(LIBDIR)/$(SONAME)'
	ln -sf $(SONAME) '$(DESTDIR)$(LIBDIR)/libcanasta.so'
	$(INSTALL) -m 644 $(srcdir)/include/canasta.h '$(DESTDIR)$(INCLUDEDIR)/canasta.h'
	$(INSTALL) -m 644 $(PC_FILE) '$(DESTDIR)$(PKGCONFIGDIR)/$(PC_FILE)'

uninstall:
	rm -f '$(DESTDIR)$(LIBDIR)/$(STATIC_LIB)' \
	      '$(DESTDIR)$(LIBDIR)/$(SHARED_LIB)' \
	      '$(DESTDIR)$(LIBDIR)/$(SONAME)' \
	      '$(DESTDIR)$(LIBDIR)/libcanasta.so' \
	      '$(DESTDIR)$(INCLUDEDIR)/canasta.h' \
	      '$(DESTDIR)$(PKGCONFIGDIR)/$(PC_FILE)'

# ---------------------------------------------------------------------
# Distribution
# ---------------------------------------------------------------------
DISTNAME = libcanasta-$(VERSION)
DIST_TARBALL = $(DISTNAME).tar.gz
AUTORECONF ?= autoreconf

# The files of a tarball: in a git checkout, the files git tracks plus the
# untracked ones it does not ignore (so new, not yet committed files are
# included); elsewhere (e.g. an unpacked tarball), the source files found
# by name.  Printed one per line, relative to $(srcdir).
define canasta_dist_files
cd '$(srcdir)' && \
if top=$$(git rev-parse --show-toplevel 2>/dev/null) && \
   [ "$$(cd "$$top" && pwd -P)" = "$$(pwd -P)" ]; then \
    git ls-files --cached --others --exclude-standard | LC_ALL=C sort -u | \
    while IFS= read -r f; do \
        if [ -f "$$f" ] || [ -L "$$f" ]; then printf '%s\n' "$$f"; fi; \
    done; \
else \
    for f in Makefile configure.ac config.mak.in canasta.pc.in .gitignore \
             README* LICENSE* COPYING* NEWS* CHANGES* CHANGELOG* AUTHORS*; do \
        if [ -f "$$f" ]; then printf '%s\n' "$$f"; fi; \
    done; \
    find include lib tests examples bench docs mk bindings tools abi .ci man cmake -type f 2>/dev/null | \
    sed 's|^\./||' | \
    grep -v -e '\.o$$' -e '\.d$$' -e '\.a$$' -e '\.so$$' -e '\.so\.' \
            -e '\.gen\.h$$' -e '\.tmp$$' -e '^tests/check_canasta$$' \
            -e '^bench/bench$$' -e '^examples/[^./]*$$' \
            -e '^tools/canasta-[a-z]*$$' -e '^tests/python_crosscheck$$' \
            -e '^tests/js_trace$$' -e '^wasm/' -e '^js/' -e '/node_modules/' \
            -e '^web/' -e '^web-app/' \
            -e '^bindings/js/dist/' | \
        LC_ALL=C sort; \
fi
endef

dist:
	@set -e; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	stage="$$tmp/$(DISTNAME)"; mkdir "$$stage"; \
	( $(canasta_dist_files) ) > "$$tmp/files"; \
	test -s "$$tmp/files" || { echo "dist: no files found" >&2; exit 1; }; \
	( cd '$(srcdir)' && tar -cf - -T "$$tmp/files" ) | ( cd "$$stage" && tar -xf - ); \
	echo "dist: running $(AUTORECONF) -fi in the staging directory"; \
	( cd "$$stage" && $(AUTORECONF) -fi && rm -rf autom4te.cache ); \
	test -x "$$stage/configure" || { echo "dist: autoreconf made no configure" >&2; exit 1; }; \
	rm -f '$(DIST_TARBALL)'; \
	tarflags=; \
	if tar --version 2>/dev/null | grep -q 'GNU tar'; then \
	    tarflags='--sort=name --owner=0 --group=0 --numeric-owner'; \
	fi; \
	tar -C "$$tmp" $$tarflags -cf - $(DISTNAME) | gzip -9n > '$(DIST_TARBALL).tmp'; \
	mv -f '$(DIST_TARBALL).tmp' '$(DIST_TARBALL)'; \
	echo "dist: wrote $(DIST_TARBALL) ($$(wc -l < "$$tmp/files") files + configure)"

# Unpack the tarball, make its source tree read-only (and watch it for
# changes, which also catches writes by root), then configure and build in
# a separate directory: all, check, install + uninstall (prefix and
# DESTDIR), distclean, which must leave the build directory empty.
distcheck: dist
	@set -e; \
	tmp=$$(mktemp -d); \
	trap 'chmod -R u+w "$$tmp" 2>/dev/null; rm -rf "$$tmp"' EXIT; \
	gzip -dc '$(DIST_TARBALL)' | ( cd "$$tmp" && tar -xf - ); \
	src="$$tmp/$(DISTNAME)"; \
	( cd "$$src" && find . -print | LC_ALL=C sort ) > "$$tmp/src-before"; \
	chmod -R a-w "$$src"; \
	mkdir "$$tmp/build" "$$tmp/inst" "$$tmp/dest"; \
	cd "$$tmp/build"; \
	echo "distcheck: ../$(DISTNAME)/configure --prefix=$$tmp/inst (in $$tmp/build)"; \
	../$(DISTNAME)/configure --prefix="$$tmp/inst"; \
	$(MAKE) all; \
	$(MAKE) check; \
	$(MAKE) install; \
	$(MAKE) uninstall; \
	left=$$(find "$$tmp/inst" ! -type d -print); \
	if [ -n "$$left" ]; then echo "distcheck: uninstall left files behind: $$left" >&2; exit 1; fi; \
	$(MAKE) install DESTDIR="$$tmp/dest"; \
	test -f "$$tmp/dest$$tmp/inst/lib/$(SHARED_LIB)"; \
	$(MAKE) uninstall DESTDIR="$$tmp/dest"; \
	left=$$(find "$$tmp/dest" ! -type d -print); \
	if [ -n "$$left" ]; then echo "distcheck: uninstall left files behind: $$left" >&2; exit 1; fi; \
	$(MAKE) distclean; \
	left=$$(find . -mindepth 1 -print); \
	if [ -n "$$left" ]; then echo "distcheck: distclean left files behind: $$left" >&2; exit 1; fi; \
	( cd "$$src" && find . -print | LC_ALL=C sort ) > "$$tmp/src-after"; \
	if ! cmp -s "$$tmp/src-before" "$$tmp/src-after"; then \
	    echo "distcheck: the build changed the source tree:" >&2; \
	    diff "$$tmp/src-before" "$$tmp/src-after" >&2 || :; exit 1; \
	fi; \
	echo "distcheck: $(DIST_TARBALL) is ready for distribution"

# ---------------------------------------------------------------------
# Cleaning
# ---------------------------------------------------------------------
clean:
	rm -f $(STATIC_LIB) libcanasta.so libcanasta.so.* $(PC_FILE) $(PC_FILE).tmp
	rm -f $(INTERNAL_LIB) $(STATIC_OBJ) $(STATIC_EXPORTS) $(STATIC_EXPORTS).tmp
	rm -f $(LIB_OBJS) $(TEST_OBJS) $(DEP_FILES) $(EXAMPLES) $(BENCH) $(TEST_PROG) \
	      $(ALLOC_WRAP)
	rm -f $(EXAMPLE_PLUGINS)
	rm -f $(SUITES_H) $(SUITES_H).tmp $(FLAGS_STAMP) $(FLAGS_STAMP).tmp \
	      $(PC_STAMP) $(PC_STAMP).tmp
	rm -f tests/header_c.o tests/header_cxx.o tests/header_clang.o tests/header_clangxx.o
	rm -f lib/*.o lib/*.d tests/*.o tests/*.d examples/*.d bench/*.d
	rm -f tools/cli.o tools/cli.d
	rm -f $(CHECKED_LIB) lib/checked/*.o lib/checked/*.d
	@if [ -d lib/checked ]; then rmdir lib/checked 2>/dev/null || :; fi
	rm -f $(DIST_TARBALL).tmp

# distclean also removes what configure wrote.  In a separate build
# directory that includes the stub Makefile and the emptied directories.
distclean: clean
	rm -f config.mak config.status config.log $(DIST_TARBALL)
	rm -rf autom4te.cache
ifneq ($(realpath $(srcdir)),$(realpath $(CURDIR)))
	rm -f Makefile
	@for d in lib tests examples bench; do \
	    if [ -d $$d ]; then rmdir $$d 2>/dev/null || :; fi; \
	done
endif

# Optional families of targets, one file each (sanitizers, fuzzing,
# coverage, static analysis, ABI): mk/NAME.mk.  They may use every
# variable defined above.
include $(sort $(wildcard $(srcdir)/mk/*.mk))

-include $(DEP_FILES)
