/*
 * cli.h - the command-line option parser shared by canasta-replay,
 * canasta-sim and the example programs, so that they all read options
 * the same way and answer -h/--help, --version and usage errors alike.
 * It is not part of the library (which exports only canasta_*): each
 * program links tools/cli.o.
 *
 * What it accepts, in the manner of getopt_long:
 *   --name          a long option
 *   --name=VALUE    a long option with its value; also "--name VALUE"
 *   -x              a short option; "-xVALUE" or "-x VALUE" when it
 *                   takes a value; "-xy" is -x then -y
 *   --              ends the options: every later argument is an operand
 *   -               an operand (by convention standard input)
 * Options and operands may come in any order.  Long names must be
 * written in full (no abbreviations: a script keeps working when an
 * option is added).
 *
 * The conventions the programs follow with it:
 *   -h, --help      usage on standard output, exit 0
 *   --version       "PROGRAM (libcanasta X.Y.Z)" on standard output, exit 0
 *   usage errors    one line "PROGRAM: problem" on standard error, then
 *                   "Try 'PROGRAM --help'.", exit 2 (CLI_EXIT_USAGE)
 */
#ifndef CANASTA_TOOLS_CLI_H
#define CANASTA_TOOLS_CLI_H

#include <stddef.h>

/* The exit status of a usage error, in every program. */
#define CLI_EXIT_USAGE 2

/* What cli_next returns besides an option's id (ids are > 0). */
enum cli_result {
    CLI_END = 0,      /* no more arguments */
    CLI_OPERAND = -1, /* an operand: its text is in c->value */
    CLI_ERROR = -2    /* a usage error: its message is in c->error */
};

/* Whether an option takes a value. */
enum cli_arg {
    CLI_NO_VALUE = 0,
    CLI_VALUE = 1
};

typedef struct cli_option {
    const char *name; /* the long name without "--", or NULL */
    char letter;      /* the short name, or 0 */
    int arg;          /* enum cli_arg */
    int id;           /* > 0: what cli_next returns for it */
} cli_option;

/* The parser's state: fill it with cli_init, then call cli_next until it
 * returns CLI_END.  Nothing is global, so a program may parse twice
 * (canasta-sim parses its "merge" command with its own table). */
typedef struct cli {
    const char *prog;
    int argc;
    char **argv;
    int next;              /* the next element of argv to read */
    const char *word;      /* the argument being read ("-xyz") */
    const char *cluster;   /* the rest of "-xyz" still to read, or NULL */
    int operands_only;     /* "--" was seen */
    const char *value;     /* the option's value or the operand; else NULL */
    char option[64];       /* the option as written ("--games", "-h") */
    char error[256];       /* after CLI_ERROR: the problem, one line */
} cli;

/* Start reading argv[first..argc-1] (first is 1 for a whole command
 * line).  prog is the name used in messages. */
void cli_init(cli *c, const char *prog, int argc, char **argv, int first);

/* The next option (its id; c->value is its value when it takes one), an
 * operand, CLI_END, or CLI_ERROR: an unknown option, a value missing or
 * given to an option that takes none.  Parsing may go on after an error. */
int cli_next(cli *c, const cli_option *options, size_t n_options);

/* Print "PROG: MESSAGE" (printf format) and the hint to --help on
 * standard error; returns CLI_EXIT_USAGE, so that a program can write
 * "return cli_usage_error(...)". */
int cli_usage_error(const char *prog, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The same for the error cli_next reported. */
int cli_report(const cli *c);

/* Print "PROG (libcanasta X.Y.Z)" on standard output (the version of the
 * library linked in); returns 0, the status of --version. */
int cli_version(const char *prog);

/* 1 if standard error is a terminal: progress lines go only there, so a
 * log or a pipe gets none. */
int cli_stderr_is_terminal(void);

#endif /* CANASTA_TOOLS_CLI_H */
