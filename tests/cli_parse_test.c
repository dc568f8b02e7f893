/*
 * cli_parse_test.c - the shared option parser (tools/cli.c) on its own,
 * for the forms no program's options happen to reach: short options
 * with values ("-g10", "-g 10"), clusters ("-vq"), a second "--", "-" as
 * an operand, empty values, names that begin like other names.  Each
 * case is a command line and the results cli_next must give, written
 * from cli.h's description of the syntax, not from the parser's output.
 *
 *   tests/cli_parse_test      (exit 0 when every case passes)
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

enum { V = 1, Q, G, SIDE, SIDE0, NAME };

static const cli_option options[] = {
    { "verbose", 'v', CLI_NO_VALUE, V },
    { "quiet", 'q', CLI_NO_VALUE, Q },
    { "games", 'g', CLI_VALUE, G },
    { "side", 0, CLI_VALUE, SIDE },
    { "side0", 0, CLI_VALUE, SIDE0 },
    { "name", 'n', CLI_VALUE, NAME },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

/* One case: up to 6 arguments, and the results expected in order, each
 * "ID:VALUE" (an option and its value), "ID" (an option without one),
 * "operand:TEXT", or "error:MESSAGE"; the list ends with CLI_END. */
typedef struct test_case {
    const char *args[7];
    const char *want[8];
} test_case;

static const test_case cases[] = {
    /* long options, both forms of a value */
    { { "--verbose", "--games=10", "--games", "20", NULL },
      { "1", "3:10", "3:20", NULL } },
    /* an empty value, and a value that begins with "-" */
    { { "--name=", "--name", "-x", NULL }, { "6:", "6:-x", NULL } },
    /* short options: a value glued on or as the next argument */
    { { "-g10", "-g", "20", NULL }, { "3:10", "3:20", NULL } },
    /* a cluster of short options, the last one with its value */
    { { "-vqg5", NULL }, { "1", "2", "3:5", NULL } },
    { { "-vqg", "7", NULL }, { "1", "2", "3:7", NULL } },
    /* operands among options, "-" is one */
    { { "a", "-v", "-", "b", NULL },
      { "operand:a", "1", "operand:-", "operand:b", NULL } },
    /* "--" ends the options; a second "--" is an operand */
    { { "-v", "--", "-q", "--", "--games=1", NULL },
      { "1", "operand:-q", "operand:--", "operand:--games=1", NULL } },
    /* a name is matched whole: --side is not --side0, nor the reverse */
    { { "--side", "x", "--side0=y", NULL }, { "4:x", "5:y", NULL } },
    { { "--sid", NULL }, { "error:unknown option --sid", NULL } },
    { { "--side01=3", NULL }, { "error:unknown option --side01", NULL } },
    /* usage errors, each named */
    { { "--frobnicate", NULL },
      { "error:unknown option --frobnicate", NULL } },
    { { "--verbose=yes", NULL },
      { "error:--verbose takes no value", NULL } },
    { { "--games", NULL }, { "error:--games needs a value", NULL } },
    { { "-g", NULL }, { "error:-g needs a value", NULL } },
    { { "-x", NULL }, { "error:unknown option -x", NULL } },
    /* an unknown letter stops the cluster, the message shows the word */
    { { "-vxq", NULL }, { "1", "error:unknown option -x in \"-vxq\"", NULL } },
    /* parsing goes on after an error */
    { { "--frob", "-q", NULL },
      { "error:unknown option --frob", "2", NULL } },
    /* nothing at all */
    { { NULL }, { NULL } },
};

static int check_case(size_t k, const test_case *t)
{
    char *argv[8];
    int argc = 1, i, failures = 0;
    cli c;
    argv[0] = "prog";
    while (argc < 7 && t->args[argc - 1] != NULL) {
        argv[argc] = (char *)t->args[argc - 1];
        argc++;
    }
    argv[argc] = NULL;
    cli_init(&c, "prog", argc, argv, 1);
    for (i = 0;; i++) {
        char got[320];
        int r = cli_next(&c, options, N_OPTIONS);
        if (r == CLI_END)
            snprintf(got, sizeof got, "(end)");
        else if (r == CLI_ERROR)
            snprintf(got, sizeof got, "error:%s", c.error);
        else if (r == CLI_OPERAND)
            snprintf(got, sizeof got, "operand:%s", c.value);
        else if (c.value)
            snprintf(got, sizeof got, "%d:%s", r, c.value);
        else
            snprintf(got, sizeof got, "%d", r);
        if (t->want[i] == NULL) {
            if (r != CLI_END) {
                printf("cli_parse_test: case %zu: got %s after the "
                       "expected results\n", k, got);
                failures++;
            }
            break;
        }
        if (strcmp(got, t->want[i]) != 0) {
            printf("cli_parse_test: case %zu, result %d: got \"%s\", "
                   "expected \"%s\"\n", k, i, got, t->want[i]);
            failures++;
        }
        if (r == CLI_END)
            break;
    }
    return failures;
}

int main(void)
{
    size_t k, n = sizeof cases / sizeof cases[0];
    int failures = 0;
    for (k = 0; k < n; k++)
        failures += check_case(k, &cases[k]);
    if (failures) {
        printf("cli_parse_test: %d of the results of %zu cases were wrong\n",
               failures, n);
        return 1;
    }
    printf("cli_parse_test: all %zu cases passed\n", n);
    return 0;
}
