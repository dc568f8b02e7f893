# mk/abi.mk - the ABI guard (read by the Makefile; docs/ABI.md explains it).
#
#   make abi-check            build the shared library with debug info in
#                             build/abi, dump its ABI with abidw and compare
#                             it with the committed baseline abi/libcanasta.abi
#                             using abidiff.  Fails on an incompatible change;
#                             passes on additions and says to refresh.
#   make abi-dump             the same build, then (re)write the baseline.
#                             Refuses when the change is incompatible and the
#                             soname is unchanged, unless ABI_ACCEPT_BREAK=1.
#   make abi-check-selftest   tests/abi/break_test.sh: breaks a copy of the
#                             sources on purpose and checks that abi-check
#                             notices (and that additions pass).
#
# Needs abidw and abidiff (Debian: apt-get install abigail-tools).
# Overridable: ABIDW ABIDIFF ABI_BUILDDIR ABI_CFLAGS

ABIDW ?= abidw
ABIDIFF ?= abidiff
ABI_BUILDDIR ?= build/abi
ABI_BASELINE = $(srcdir)/abi/libcanasta.abi
ABI_RELEASED = $(srcdir)/abi/released-nodes
ABI_SUPPRESSIONS = $(srcdir)/abi/dump.suppr
ABI_DUMP = $(ABI_BUILDDIR)/libcanasta.abi

# -g: abidw reads the types from DWARF.  -O0: the quickest build; the dump
# depends only on types and declarations, and is byte for byte the same
# with -Og or -O2 (checked with GCC 12 and libabigail 2.2).
# -fno-eliminate-unused-debug-types: GCC otherwise leaves out the public
# enums that no code of a translation unit uses, and their values are part
# of the ABI (error codes, option keys, ...).
ABI_CFLAGS ?= -g -O0 -fno-eliminate-unused-debug-types

# abidw flags, the same for the baseline and for the build under test, so
# that the two dumps differ only where the library does:
#   --headers-dir        records which header defines each type, so that
#                        abidiff can ignore the private ones;
#   --load-all-types     also dumps types no function reaches (the enums);
#   --suppressions       drops the internal cn_* declarations (abi/dump.suppr);
#   --short-locs         file names without directories: the dump does not
#                        depend on where the tree is checked out.  Locations
#                        are kept (not --no-show-locs) because the header
#                        filter of abidiff works by the location of a type;
#   --no-corpus-path, --no-comp-dir-path: no paths of this machine;
#   --type-id-style hash: type ids derived from the type, not numbered in
#                        order, so adding a type does not renumber the rest.
ABIDW_FLAGS = --headers-dir $(srcdir)/include --load-all-types \
	--suppressions $(ABI_SUPPRESSIONS) --short-locs \
	--no-corpus-path --no-comp-dir-path --type-id-style hash

abi_abs_srcdir := $(abspath $(srcdir))
abi_abs_makefile := $(abspath $(canasta_makefile))

.PHONY: abi-dump abi-check abi-check-selftest abi-build abi-tools clean-abi

abi-tools:
	@for t in $(firstword $(ABIDW)) $(firstword $(ABIDIFF)); do \
	    command -v $$t >/dev/null 2>&1 || { \
	        echo "make abi-check/abi-dump need $$t: apt-get install abigail-tools" >&2; \
	        exit 1; }; \
	done

# The library under test is built by a second make in its own directory,
# from the same sources, so the normal build (and its flags stamp) is left
# alone.  The sub-make is always run; it rebuilds only what changed.  CC
# is passed on because a configured build keeps it in config.mak, which
# the sub-make does not read.
abi-build: abi-tools
	@mkdir -p $(ABI_BUILDDIR)
	$(MAKE) -C $(ABI_BUILDDIR) -f $(abi_abs_makefile) \
	    srcdir=$(abi_abs_srcdir) CC='$(CC)' CFLAGS='$(ABI_CFLAGS)' $(SHARED_LIB)

# Before dumping: the header, lib/canasta.map and the library must list the
# same functions.  A function missing from the map is not exported, so it
# would be silently missing from the dump, too.
define abi_dump_fresh
NM='$(NM)' $(SHELL) $(srcdir)/tests/check_symbols.sh \
    $(ABI_BUILDDIR)/$(SHARED_LIB) $(srcdir)/include/canasta.h $(MAP_FILE)
$(ABIDW) $(ABIDW_FLAGS) --out-file $(ABI_DUMP).tmp $(ABI_BUILDDIR)/$(SHARED_LIB)
mv -f $(ABI_DUMP).tmp $(ABI_DUMP)
endef

abi-check: abi-build
	$(abi_dump_fresh)
	@if [ ! -f $(ABI_BASELINE) ]; then \
	    echo "abi-check: no baseline $(ABI_BASELINE); make one with: make abi-dump" >&2; \
	    exit 1; \
	fi
	ABIDIFF='$(ABIDIFF)' $(SHELL) $(srcdir)/tests/abi/compare.sh \
	    $(ABI_BASELINE) $(ABI_DUMP) $(srcdir)/include
	$(SHELL) $(srcdir)/tests/abi/frozen_nodes.sh $(ABI_BASELINE) $(ABI_DUMP) \
	    $(ABI_RELEASED)

# Refreshing the baseline is the routine step after adding functions.  It
# must not be the way to silence abi-check after a break, so an
# incompatible change, or a function added to a released version node
# (abi/released-nodes), is refused while the soname is the baseline's.  A
# new soname (see docs/ABI.md) or ABI_ACCEPT_BREAK=1 lets it through.
abi-dump: abi-build
	$(abi_dump_fresh)
	@set -e; \
	if [ -f $(ABI_BASELINE) ] && [ '$(ABI_ACCEPT_BREAK)' != 1 ]; then \
	    old=$$(sed -n "s/^<abi-corpus .*soname='\([^']*\)'.*/\1/p" $(ABI_BASELINE)); \
	    if [ "$$old" = '$(SONAME)' ]; then \
	        st=0; ABIDIFF='$(ABIDIFF)' $(SHELL) $(srcdir)/tests/abi/compare.sh \
	            $(ABI_BASELINE) $(ABI_DUMP) $(srcdir)/include > $(ABI_DUMP).report || st=$$?; \
	        $(SHELL) $(srcdir)/tests/abi/frozen_nodes.sh $(ABI_BASELINE) \
	            $(ABI_DUMP) $(ABI_RELEASED) >> $(ABI_DUMP).report || st=1; \
	        if [ $$st -ne 0 ]; then \
	            cat $(ABI_DUMP).report; \
	            echo "abi-dump: refusing to overwrite $(ABI_BASELINE): the change is" >&2; \
	            echo "abi-dump: incompatible and the soname is still $(SONAME)." >&2; \
	            echo "abi-dump: For an intentional break see docs/ABI.md; then" >&2; \
	            echo "abi-dump:     make abi-dump ABI_ACCEPT_BREAK=1" >&2; \
	            exit 1; \
	        fi; \
	    fi; \
	fi
	@mkdir -p $(dir $(ABI_BASELINE))
	cp $(ABI_DUMP) $(ABI_BASELINE)
	@echo "abi-dump: wrote $(ABI_BASELINE); commit it with the change that made it"

abi-check-selftest: abi-tools
	MAKE='$(MAKE)' ABIDW='$(ABIDW)' ABIDIFF='$(ABIDIFF)' CC='$(CC)' \
	    $(SHELL) $(srcdir)/tests/abi/break_test.sh $(srcdir)

# "clean" in the Makefile has its own recipe; this only adds to it.  The
# parent build/ is removed only if nothing else is left in it.
clean: clean-abi
clean-abi:
	rm -rf $(ABI_BUILDDIR)
	-@rmdir $(dir $(ABI_BUILDDIR)) 2>/dev/null || :
