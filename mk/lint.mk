# mk/lint.mk - static analysis of the library's sources.
#
#   make lint      (or: make analyze)   cppcheck and clang-tidy on lib/*.c;
#                                       any finding fails the target
#   make lint-cppcheck / make lint-tidy one of the two
#
# Needs cppcheck (2.10 or later) and clang-tidy (14 or later):
# apt-get install cppcheck clang-tidy.  The clang-tidy checks are chosen in
# .clang-tidy at the top of the source tree, with the reason for each one
# left out.  A finding that is wrong is silenced where it occurs, with a
# comment saying why (cppcheck: "/* cppcheck-suppress ID */", clang-tidy:
# "/* NOLINTNEXTLINE(check): why */").

CPPCHECK ?= cppcheck
CLANG_TIDY ?= clang-tidy

# The same language and warnings as the real build; -Wpedantic and friends
# reach clang-tidy as clang-diagnostic-* findings, so clang's warnings count
# too.
LINT_CPPFLAGS = -I$(srcdir)/include -I$(srcdir)/lib $(CPPFLAGS)
LINT_TIDY_CFLAGS = -std=c99 -Wall -Wextra -Wpedantic $(LINT_CPPFLAGS)

# style also turns on warning, performance and portability in cppcheck
# 2.x; they are named anyway so the set does not depend on that.
# "information" stays off: its missingIncludeSystem notes only say that
# cppcheck does not read the system headers (it has its own models of the
# C library instead).
CPPCHECK_FLAGS = --enable=warning,style,performance,portability --std=c99 \
	--error-exitcode=1 --inline-suppr --quiet --template=gcc \
	-I$(srcdir)/include -I$(srcdir)/lib

# One clang-tidy run per file, so make -j runs them side by side.  One run
# over several files also lets the analyzer's state leak from one file to
# the next (clang-tidy 14 then reports a va_list in explain.c as
# uninitialized, which it is not).
LINT_TIDY_TARGETS := $(patsubst $(srcdir)/lib/%.c,lint-tidy/%,$(LIB_SRCS))

.PHONY: lint analyze lint-cppcheck lint-tidy lint-tools $(LINT_TIDY_TARGETS)

lint: lint-cppcheck lint-tidy
	@echo "lint: cppcheck and clang-tidy found nothing in lib/"
analyze: lint

lint-tools:
	@for t in $(firstword $(CPPCHECK)) $(firstword $(CLANG_TIDY)); do \
	    command -v $$t >/dev/null 2>&1 || { \
	        echo "make lint needs $$t: apt-get install cppcheck clang-tidy" >&2; \
	        exit 1; }; \
	done

lint-cppcheck: lint-tools
	$(CPPCHECK) $(CPPCHECK_FLAGS) $(LIB_SRCS)

lint-tidy: $(LINT_TIDY_TARGETS)

# clang-tidy always prints "N warnings generated." on stderr, counting the
# ones it filtered out (system headers, disabled checks); only that line
# is dropped, the rest of the output and the exit status are kept.
$(LINT_TIDY_TARGETS): lint-tidy/%: lint-tools
	@echo "$(CLANG_TIDY) $(srcdir)/lib/$*.c"
	@out=$$($(CLANG_TIDY) --quiet --config-file='$(srcdir)/.clang-tidy' \
	        '$(srcdir)/lib/$*.c' -- $(LINT_TIDY_CFLAGS) 2>&1); rc=$$?; \
	[ -z "$$out" ] || printf '%s\n' "$$out" | grep -v '^[0-9][0-9]* warnings\{0,1\} generated\.$$' || :; \
	exit $$rc
