/*
 * cli.c - the shared command-line option parser (cli.h).
 */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */

#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "canasta.h"

void cli_init(cli *c, const char *prog, int argc, char **argv, int first)
{
    memset(c, 0, sizeof *c);
    c->prog = prog;
    c->argc = argc;
    c->argv = argv;
    c->next = first < 0 ? 0 : first;
}

/* The message of a usage error, for cli_report: the option as written
 * between two texts. */
static int fail(cli *c, const char *before, const char *after)
{
    snprintf(c->error, sizeof c->error, "%s%s%s", before, c->option, after);
    return CLI_ERROR;
}

/* The next element of argv as the value of the option just read (the
 * value may begin with "-": "--seed-from -1" is refused by the option's
 * own check, which names the value). */
static int take_value(cli *c)
{
    if (c->next >= c->argc)
        return fail(c, "", " needs a value");
    c->value = c->argv[c->next++];
    return 0;
}

static int long_option(cli *c, const char *text, const cli_option *options,
                       size_t n_options)
{
    const char *eq = strchr(text, '=');
    size_t len = eq ? (size_t)(eq - text) : strlen(text);
    size_t i;
    /* The name as written, for messages (cut if absurdly long). */
    snprintf(c->option, sizeof c->option, "--%.*s",
             len < sizeof c->option - 3 ? (int)len
                                        : (int)(sizeof c->option - 3),
             text);
    for (i = 0; i < n_options; i++) {
        const cli_option *o = &options[i];
        if (o->name == NULL || strlen(o->name) != len ||
            strncmp(o->name, text, len) != 0)
            continue;
        if (o->arg == CLI_VALUE) {
            if (eq)
                c->value = eq + 1;
            else if (take_value(c) == CLI_ERROR)
                return CLI_ERROR;
        } else if (eq) {
            return fail(c, "", " takes no value");
        }
        return o->id;
    }
    return fail(c, "unknown option ", "");
}

/* The letter at c->cluster, which is then moved past it. */
static int short_option(cli *c, const cli_option *options, size_t n_options)
{
    char letter = *c->cluster++;
    size_t i;
    snprintf(c->option, sizeof c->option, "-%c", letter);
    if (*c->cluster == '\0')
        c->cluster = NULL;
    for (i = 0; i < n_options; i++) {
        const cli_option *o = &options[i];
        if (o->letter == 0 || o->letter != letter)
            continue;
        if (o->arg == CLI_VALUE) {
            if (c->cluster) { /* "-g10": the rest is the value */
                c->value = c->cluster;
                c->cluster = NULL;
            } else if (take_value(c) == CLI_ERROR) {
                return CLI_ERROR;
            }
        }
        return o->id;
    }
    /* The rest of the cluster is not read as options after an unknown
     * letter: "-frob" is one mistake, not four, and the message shows
     * the whole word (a file name that begins with "-" needs "--"). */
    c->cluster = NULL;
    if (strlen(c->word) > 2) {
        snprintf(c->error, sizeof c->error,
                 "unknown option %s in \"%.150s\"", c->option, c->word);
        return CLI_ERROR;
    }
    return fail(c, "unknown option ", "");
}

int cli_next(cli *c, const cli_option *options, size_t n_options)
{
    const char *a;
    c->value = NULL;
    c->error[0] = '\0';
    if (c->cluster)
        return short_option(c, options, n_options);
    c->option[0] = '\0';
    for (;;) {
        if (c->next >= c->argc || c->argv[c->next] == NULL)
            return CLI_END;
        a = c->argv[c->next++];
        if (c->operands_only || strcmp(a, "--") != 0)
            break;
        c->operands_only = 1; /* the first "--" is not returned */
    }
    if (c->operands_only || a[0] != '-' || a[1] == '\0') {
        c->value = a;
        return CLI_OPERAND;
    }
    if (a[1] == '-')
        return long_option(c, a + 2, options, n_options);
    c->word = a;
    c->cluster = a + 1;
    return short_option(c, options, n_options);
}

static void hint(const char *prog)
{
    fprintf(stderr, "Try '%s --help'.\n", prog);
}

int cli_usage_error(const char *prog, const char *format, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", prog);
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
    hint(prog);
    return CLI_EXIT_USAGE;
}

int cli_report(const cli *c)
{
    fprintf(stderr, "%s: %s\n", c->prog, c->error);
    hint(c->prog);
    return CLI_EXIT_USAGE;
}

int cli_version(const char *prog)
{
    printf("%s (libcanasta %s)\n", prog, canasta_version_string());
    return 0;
}

int cli_stderr_is_terminal(void)
{
    return isatty(fileno(stderr));
}
