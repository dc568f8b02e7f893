# mk/cli.mk - check-cli: what every program's command line shares (read
# by the main Makefile; uses its variables).  The programs read their
# options with one parser, tools/cli.c (built as $(CLI_OBJ) by the main
# Makefile: the example programs use it too).
#
#   make check            also runs check-cli (tests/cli_test.sh): for
#                         canasta-replay, canasta-sim and every example
#                         program, -h/--help on stdout with exit 0,
#                         --version with the library's version, usage
#                         errors on stderr with exit 2 and a hint, "--",
#                         --opt=value and --opt value alike, progress
#                         lines only on a terminal

# The example programs that take options (a new one is added here when
# it uses the parser).
CLI_TEST_EXAMPLES = examples/demo examples/score_pad examples/ui_verdicts \
	examples/ismcts

.PHONY: check-cli

check: check-cli
check-cli: tools $(CLI_TEST_EXAMPLES)
	$(SHELL) $(srcdir)/tests/cli_test.sh $(srcdir)/include/canasta.h \
		./tools/canasta-replay ./tools/canasta-sim $(addprefix ./,$(CLI_TEST_EXAMPLES))
