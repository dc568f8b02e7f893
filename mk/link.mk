# mk/link.mk - how other programs link libcanasta: the CMake package
# files and the test of every way the README gives (read by the main
# Makefile; uses its variables).
#
#   make                  also writes canasta-config.cmake and
#                         canasta-config-version.cmake (from cmake/*.in)
#   make install          also installs them into $(CMAKEDIR), by default
#                         $(LIBDIR)/cmake/canasta, beside canasta.pc, so
#                         that find_package(canasta) finds them
#   make check-link       part of make check: installs into a scratch
#                         DESTDIR and runs tests/link_test.sh on it: the
#                         static library's exports (a program with its own
#                         cn_check links), pkg-config with an rpath,
#                         static linking, find_package(canasta) (skipped
#                         with a line where cmake is missing); before
#                         that, that the install after a plain make
#                         builds nothing and installs both programs and
#                         their man pages; then uninstalls and checks
#                         that nothing is left
#
# Overridable: CMAKEDIR, CMAKE (default cmake), READELF (default readelf).

CMAKEDIR ?= $(LIBDIR)/cmake/canasta
CMAKE ?= cmake
READELF ?= readelf
CMAKE_FILES = canasta-config.cmake canasta-config-version.cmake
CMAKE_STAMP = .canasta-cmake-vars

.PHONY: check-link install-cmake uninstall-cmake clean-cmake

all: $(CMAKE_FILES)

# The config finds its files from its own place when it is not where make
# install put it (a DESTDIR, a moved prefix): CONFIG_TO_PREFIX is the way
# up from $(CMAKEDIR) to $(PREFIX), e.g. ../../.. for lib/cmake/canasta;
# empty when $(CMAKEDIR) is not below $(PREFIX) (then the paths are fixed).
link_empty :=
link_space := $(link_empty) $(link_empty)
link_cmake_rel = $(patsubst $(PREFIX)/%,%,$(CMAKEDIR))
CONFIG_TO_PREFIX = $(if $(filter $(CMAKEDIR),$(link_cmake_rel)),,$(subst \
	$(link_space),/,$(foreach d,$(subst /, ,$(link_cmake_rel)),..)))
CMAKE_LIBDIR = $(patsubst $(PREFIX)/%,$${_canasta_prefix}/%,$(LIBDIR))
CMAKE_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${_canasta_prefix}/%,$(INCLUDEDIR))

$(CMAKE_STAMP): FORCE
	@$(call canasta_write_if_changed,$(VERSION) $(PREFIX) $(LIBDIR) $(INCLUDEDIR) $(CMAKEDIR) $(CC))

# SIZEOF_POINTER: the compiler's pointer size, for the version file's
# check; empty (no check) from a compiler that does not say it.
$(CMAKE_FILES): %: $(srcdir)/cmake/%.in $(CMAKE_STAMP)
	@ptr=$$($(CC) -dM -E -x c /dev/null 2>/dev/null | \
	    sed -n 's/^#define __SIZEOF_POINTER__ \([0-9]*\)$$/\1/p'); \
	echo "sed ... $(srcdir)/cmake/$@.in > $@"; \
	sed -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@VERSION_MAJOR@|$(VERSION_MAJOR)|g' \
	    -e 's|@PREFIX@|$(PREFIX)|g' \
	    -e 's|@CMAKEDIR@|$(CMAKEDIR)|g' \
	    -e 's|@CONFIG_TO_PREFIX@|$(CONFIG_TO_PREFIX)|g' \
	    -e 's|@CMAKE_LIBDIR@|$(CMAKE_LIBDIR)|g' \
	    -e 's|@CMAKE_INCLUDEDIR@|$(CMAKE_INCLUDEDIR)|g' \
	    -e 's|@SHARED_LIB@|$(SHARED_LIB)|g' \
	    -e 's|@SONAME@|$(SONAME)|g' \
	    -e 's|@STATIC_LIB@|$(STATIC_LIB)|g' \
	    -e "s|@SIZEOF_POINTER@|$$ptr|g" \
	    $(srcdir)/cmake/$@.in > $@.tmp
	mv -f $@.tmp $@

install: install-cmake
install-cmake: $(CMAKE_FILES)
	$(INSTALL) -d '$(DESTDIR)$(CMAKEDIR)'
	$(INSTALL) -m 644 canasta-config.cmake '$(DESTDIR)$(CMAKEDIR)/canasta-config.cmake'
	$(INSTALL) -m 644 canasta-config-version.cmake '$(DESTDIR)$(CMAKEDIR)/canasta-config-version.cmake'

# The package's own directory goes too when it is empty; $(LIBDIR)/cmake
# may hold other packages' files and stays.
uninstall: uninstall-cmake
uninstall-cmake:
	rm -f '$(DESTDIR)$(CMAKEDIR)/canasta-config.cmake' \
	      '$(DESTDIR)$(CMAKEDIR)/canasta-config-version.cmake'
	-@rmdir '$(DESTDIR)$(CMAKEDIR)' 2>/dev/null || :

check: check-link

# Only "all" is made first: a plain make must build everything make
# install installs (issue 18), so the install's log may show nothing but
# its own commands ($(INSTALL), ln -sf, the man pages' loop); anything else
# is something it had to build.  Under make -s the log shows no commands
# and this part says it is not checked.  Then the programs and the man
# pages must be in place.
check-link: all $(INTERNAL_LIB)
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo "check-link: $(MAKE) install DESTDIR=$$tmp/dest"; \
	$(MAKE) --no-print-directory -f '$(canasta_makefile)' srcdir='$(srcdir)' install \
	    DESTDIR="$$tmp/dest" > "$$tmp/install.log" 2>&1 || \
	    { cat "$$tmp/install.log"; exit 1; }; \
	if ! awk -v i='$(INSTALL) ' 'index($$0, i) == 1 { f = 1 } END { exit !f }' \
	        "$$tmp/install.log"; then \
	    echo "check-link: make -s hid the install's commands: not checked that it built nothing"; \
	else \
	    awk -v i='$(INSTALL) ' '/^for p in /, /^done$$/ { next } \
	        index($$0, i) == 1 || /^ln -sf / { next } { print }' \
	        "$$tmp/install.log" > "$$tmp/built"; \
	    if [ -s "$$tmp/built" ]; then \
	        echo "check-link: make install ran what a plain make had not (plain make must build all it installs):" >&2; \
	        sed 's/^/    /' "$$tmp/built" | head -10 >&2; exit 1; \
	    fi; \
	    echo "check-link: make install after a plain make built nothing"; \
	fi; \
	for f in '$(BINDIR)/canasta-replay' '$(BINDIR)/canasta-sim'; do \
	    "$$tmp/dest$$f" --version > /dev/null || \
	        { echo "check-link: make install did not install a working $$f" >&2; exit 1; }; \
	done; \
	for p in $(MAN1_PAGES); do \
	    cmp -s '$(srcdir)/man/'$$p "$$tmp/dest$(MAN1DIR)/$$p" || \
	        { echo "check-link: make install did not install $(MAN1DIR)/$$p" >&2; exit 1; }; \
	done; \
	echo "check-link: make install installed canasta-replay, canasta-sim and their man pages"; \
	CC='$(CC)' NM='$(NM)' PKG_CONFIG='$(PKG_CONFIG)' CMAKE='$(CMAKE)' \
	OBJCOPY='$(OBJCOPY)' \
	READELF='$(READELF)' INTERNAL_LIB='$(INTERNAL_LIB)' \
	LINK_TEST_VERSION='$(VERSION)' LINK_TEST_SONAME='$(SONAME)' \
	    $(SHELL) '$(srcdir)/tests/link_test.sh' "$$tmp/dest" '$(PREFIX)' \
	    '$(LIBDIR)' '$(INCLUDEDIR)' '$(PKGCONFIGDIR)' '$(CMAKEDIR)'; \
	$(MAKE) -s -f '$(canasta_makefile)' srcdir='$(srcdir)' uninstall \
	    DESTDIR="$$tmp/dest" > "$$tmp/install.log" 2>&1 || \
	    { cat "$$tmp/install.log"; exit 1; }; \
	left=$$(find "$$tmp/dest" ! -type d -print); \
	if [ -n "$$left" ]; then \
	    echo "check-link: make uninstall left files behind: $$left" >&2; exit 1; \
	fi; \
	echo "check-link: make uninstall removed every installed file"

clean: clean-cmake
clean-cmake:
	rm -f $(CMAKE_FILES) $(addsuffix .tmp,$(CMAKE_FILES)) $(CMAKE_STAMP) \
	    $(CMAKE_STAMP).tmp
