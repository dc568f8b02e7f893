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
#                         lines only on a terminal; and before it
#                         tests/cli_parse_test, the parser alone on the
#                         forms no program reaches (clusters, "-g10")

# Every example program (issue 18: the examples behave alike), so a new
# examples/NAME.c is tested too and must use the parser.
CLI_TEST_EXAMPLES = $(EXAMPLES)

CLI_PARSE_TEST = tests/cli_parse_test

.PHONY: check-cli clean-cli

$(CLI_PARSE_TEST): $(srcdir)/tests/cli_parse_test.c $(CLI_OBJ) $(STATIC_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(EXAMPLE_ALL_CPPFLAGS) $(CLI_CPPFLAGS) $(LDFLAGS) \
		-o $@ $< $(CLI_OBJ) $(STATIC_LIB) $(LIBS)

check: check-cli
check-cli: tools $(CLI_TEST_EXAMPLES) $(CLI_PARSE_TEST)
	./$(CLI_PARSE_TEST)
	$(SHELL) $(srcdir)/tests/cli_test.sh $(srcdir)/include/canasta.h \
		./tools/canasta-replay ./tools/canasta-sim $(addprefix ./,$(CLI_TEST_EXAMPLES))

clean: clean-cli
clean-cli:
	rm -f $(CLI_PARSE_TEST)
