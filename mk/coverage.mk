# mk/coverage.mk - line and branch coverage of lib/ by the unit tests.
#
#   make coverage [COVERAGE_MIN=95]   build the suite with --coverage in
#                                     build/coverage, run it, print the
#                                     summary, write build/coverage/html/
#   make clean-coverage               remove build/coverage
#
# Needs gcc's gcov and lcov/genhtml (apt-get install lcov).  The figure is
# for the library's sources only (lib/*.c and lib/internal.h): the tests'
# own files are left out, and only the library's object files are read,
# so a header's inline functions count as run only when the library ran
# them.  Fails when the line coverage is below COVERAGE_MIN percent.
#
# Takes about 1.5 minutes of CPU for the run (the instrumented suite is
# about ten times slower than the normal one) plus a build.
#
# The build is a separate out-of-tree build (the Makefile run from
# build/coverage), so it never mixes instrumented objects with the normal
# ones in the source tree.  CC must be gcc (or match GCOV): clang writes a
# different profile format.  The suite links the checked library
# (lib/checked/, read with the rest of lib/); CN_COVERAGE=1 makes
# lib/cn_assert.h's ALWAYS and NEVER constants, so the paths that must not
# happen are compiled out and do not count as lines never run.

COVERAGE_MIN ?= 95
COVERAGE_DIR ?= build/coverage
GCOV ?= gcov
LCOV ?= lcov
GENHTML ?= genhtml

# lcov 1.x (Debian 12 has 1.16) leaves branch data out unless asked.
coverage_lcov_rc = --rc lcov_branch_coverage=1
coverage_abs_srcdir := $(abspath $(srcdir))
coverage_abs_makefile := $(abspath $(canasta_makefile))
coverage_info = $(COVERAGE_DIR)/lib.info

.PHONY: coverage clean-coverage

coverage:
	@for t in $(firstword $(LCOV)) $(firstword $(GENHTML)) $(firstword $(GCOV)); do \
	    command -v $$t >/dev/null 2>&1 || { \
	        echo "make coverage needs $$t: apt-get install lcov gcc" >&2; exit 1; }; \
	done
	@mkdir -p $(COVERAGE_DIR)
# Counts left by an earlier run would add to this one's.  The counters are
# updated atomically because tests/test_threads.c plays games in two
# threads at once: plain updates lose increments and lcov then sees
# negative branch counts.
	find $(COVERAGE_DIR) -name '*.gcda' -exec rm -f {} +
	$(MAKE) -C $(COVERAGE_DIR) -f '$(coverage_abs_makefile)' \
	    srcdir='$(coverage_abs_srcdir)' CFLAGS='--coverage -fprofile-update=atomic -O0 -g -DCN_COVERAGE=1' \
	    LDFLAGS='--coverage' check-unit
# Debian's lcov 1.16 with perl 5.36 prints "Subroutine ... redefined"
# warnings from geninfo on every capture; only those lines are dropped.
	@echo "$(LCOV) --capture --directory $(COVERAGE_DIR)/lib ... --output-file $(COVERAGE_DIR)/all.info"
	@out=$$($(LCOV) --quiet $(coverage_lcov_rc) --gcov-tool '$(GCOV)' --capture \
	    --directory $(COVERAGE_DIR)/lib --base-directory '$(coverage_abs_srcdir)' \
	    --output-file $(COVERAGE_DIR)/all.info 2>&1); rc=$$?; \
	[ -z "$$out" ] || printf '%s\n' "$$out" | grep -v '^Subroutine [A-Za-z_]* redefined at ' || :; \
	exit $$rc
	$(LCOV) --quiet $(coverage_lcov_rc) --extract $(COVERAGE_DIR)/all.info \
	    '$(coverage_abs_srcdir)/lib/*' --output-file $(coverage_info)
	$(GENHTML) --quiet --branch-coverage --legend \
	    --title 'libcanasta lib/ (unit tests)' \
	    --output-directory $(COVERAGE_DIR)/html $(coverage_info)
	@$(LCOV) $(coverage_lcov_rc) --summary $(coverage_info) 2>&1 | \
	    sed -n 's/^ *\(lines\|functions\|branches\)\.*: /coverage of lib\/: \1 /p'
	@echo "coverage: HTML report in $(COVERAGE_DIR)/html/index.html"
	@pct=$$($(LCOV) $(coverage_lcov_rc) --summary $(coverage_info) 2>&1 | \
	        sed -n 's/^ *lines\.*: *\([0-9.]*\)%.*/\1/p'); \
	if [ -z "$$pct" ]; then \
	    echo "coverage: could not read the line coverage from lcov" >&2; exit 1; \
	fi; \
	if awk -v p="$$pct" -v m='$(COVERAGE_MIN)' 'BEGIN { exit !(p + 0 < m + 0) }'; then \
	    echo "coverage: FAILED: line coverage of lib/ is $$pct%, below COVERAGE_MIN=$(COVERAGE_MIN)%" >&2; \
	    exit 1; \
	fi; \
	echo "coverage: line coverage of lib/ $$pct% >= COVERAGE_MIN=$(COVERAGE_MIN)%"

# The parent (build/) goes too when nothing else is in it, so that
# distclean can leave an out-of-tree build directory empty.
clean: clean-coverage
clean-coverage:
	rm -rf $(COVERAGE_DIR)
	@d='$(patsubst %/,%,$(dir $(COVERAGE_DIR)))'; \
	if [ "$$d" != . ] && [ -d "$$d" ]; then rmdir "$$d" 2>/dev/null || :; fi
