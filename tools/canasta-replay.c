/*
 * canasta-replay - check a game record move by move and print its scores.
 *
 * Usage: canasta-replay [--json] [FILE | -]
 *
 * Reads a game record (docs/NOTATION.md, "Records"; standard input when
 * FILE is "-" or missing), replays every move with the rules and compares
 * every written event with what the rules make happen.
 *
 *   exit 0  the record is consistent: prints, hand by hand, each side's
 *           score for the hand and its running total
 *   exit 1  the record breaks the rules: an illegal move or a wrong
 *           event; prints "FILE:LINE: explanation", which starts with the
 *           rule ID when a rule is involved
 *   exit 2  bad arguments, an unreadable file, an input larger than
 *           64 MiB (MAX_INPUT), text that is not a record (syntax,
 *           unknown version), or no memory
 *   exit 3  the record is a seat's view: it hides cards, so it cannot be
 *           checked (E_HIDDEN; "FILE:LINE:" names its "view" line).  It
 *           is not wrong, so it does not get the status of a wrong one.
 *
 * With --json every result goes to standard output as one JSON object
 * (failures included, from the moment --json is on the command line:
 * usage errors and unreadable files too; nothing goes to standard error)
 * and the exit status is the same.
 *
 * This program uses only the public header, like the examples, and the
 * option parser the tools share (tools/cli.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h"

#define WHY_SIZE 8192
#define MAX_SIDES 4
/* The largest input read: 64 MiB.  A record of a whole game to 5000 is
 * a few hundred kilobytes (the longest example, full-game.rec, is under
 * 100 kB), so this leaves room for games of thousands of hands while a
 * stream without end (canasta-replay /dev/zero) stops with exit 2 instead
 * of taking all the memory there is. */
#define MAX_INPUT ((size_t)64 << 20)

static const char *prog = "canasta-replay";

/* The exit statuses (usage above, the man page and the README say the
 * same). */
enum {
    EXIT_CONSISTENT = 0,
    EXIT_BROKEN = 1,              /* an illegal move or a wrong event */
    EXIT_INPUT = CLI_EXIT_USAGE,  /* 2: usage, file, size, syntax, memory */
    EXIT_VIEW = 3                 /* a seat's view: cannot be checked */
};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: %s [--json] [FILE | -]\n"
        "Replay a Classic Canasta game record, checking every move and\n"
        "every written event, and print the score of each hand.  FILE\n"
        "\"-\" or no FILE: standard input.\n"
        "\n"
        "  --json      print the result, or any failure, as one JSON object\n"
        "              on stdout (nothing on stderr)\n"
        "  -h, --help  show this text\n"
        "  --version   show the program's and the library's version\n"
        "  --          end of the options (a FILE may then begin with -)\n"
        "\n"
        "Exit status: 0 the record is consistent; 1 an illegal move or a\n"
        "wrong event (FILE:LINE: explanation); 2 usage error, unreadable\n"
        "file, an input larger than %zu bytes (64 MiB), not a record\n"
        "(syntax, version), or out of memory; 3 a seat's view, which hides\n"
        "cards and so cannot be checked.\n", prog, MAX_INPUT);
}

/* ---- JSON ---- */

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c < 0x20 || c >= 0x7f)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/* ---- input ---- */

/* The whole input, at most MAX_INPUT bytes: NULL with errno set on a read
 * error or no memory, NULL with *too_big set when there is more. */
static char *read_all(FILE *f, size_t *len, int *too_big)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    *too_big = 0;
    if (!buf)
        return NULL;
    for (;;) {
        if (n > MAX_INPUT) {
            free(buf);
            *too_big = 1;
            return NULL;
        }
        if (n == cap) {
            char *nb = cap > ((size_t)-1) / 2 ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                errno = ENOMEM;
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                free(buf);
                return NULL;
            }
            break;
        }
    }
    *len = n;
    return buf;
}

/* ---- errors ---- */

/* Split "line N: text" into N and text (N = 0 when there is none). */
static const char *split_line(const char *why, int *line)
{
    int n = 0, k = 0;
    if (sscanf(why, "line %d: %n", &n, &k) == 1 && k > 0) {
        *line = n;
        return why + k;
    }
    *line = 0;
    return why;
}

/* The rule ID at the start of an explanation ("P4: ..."), or "". */
static void rule_of(char *out, size_t size, const char *msg)
{
    size_t i = 0;
    out[0] = '\0';
    if (msg[0] < 'A' || msg[0] > 'Z')
        return;
    i = 1;
    while (msg[i] >= '0' && msg[i] <= '9')
        i++;
    if (i < 2 || msg[i] != ':' || i >= size)
        return;
    memcpy(out, msg, i);
    out[i] = '\0';
}

/* A failure as JSON: file is NULL when there is none yet (usage), rule
 * "" when no rule is involved. */
static void json_failure(const char *file, const char *error, int line,
                         const char *rule, const char *msg, int status)
{
    fputs("{\"file\":", stdout);
    if (file)
        json_string(file);
    else
        fputs("null", stdout);
    fputs(",\"ok\":false,\"error\":", stdout);
    json_string(error);
    printf(",\"line\":%d,\"rule\":", line);
    if (rule[0])
        json_string(rule);
    else
        fputs("null", stdout);
    fputs(",\"message\":", stdout);
    json_string(msg);
    printf(",\"exit\":%d}\n", status);
}

/* A failure the library reported (code, and "line N: text" in why). */
static int report_error(const char *file, int json, int code, int line,
                        const char *why, int status)
{
    int l = 0;
    const char *msg = split_line(why, &l);
    char rule[16];
    if (line <= 0)
        line = l;
    if (!*msg)
        msg = canasta_strerror(code);
    rule_of(rule, sizeof rule, msg);
    if (json)
        json_failure(file, canasta_error_name(code), line, rule, msg, status);
    else if (line > 0)
        fprintf(stderr, "%s:%d: %s\n", file, line, msg);
    else
        fprintf(stderr, "%s: %s\n", file, msg);
    return status;
}

/* A failure of this program's own (error is "usage", "read" or
 * "too-large" in JSON): file is NULL for a usage error, which also gets
 * the hint to --help. */
static int report_own(const char *file, int json, const char *error,
                      const char *msg)
{
    if (json)
        json_failure(file, error, 0, "", msg, EXIT_INPUT);
    else if (file)
        fprintf(stderr, "%s: %s: %s\n", prog, file, msg);
    else
        return cli_usage_error(prog, "%s", msg);
    return EXIT_INPUT;
}

/* ---- scores ---- */

static const char *const item_names[CANASTA_SCORE_ITEMS] = {
    "melded", "natural_canastas", "mixed_canastas", "red_threes",
    "going_out", "in_hand", "score"
};

static int print_scores(const char *file, int json,
                        const canasta_record *rec, const canasta_game *g)
{
    size_t count = 0;
    int sides = 0, phase = 0, hand_no = 0, winner = -2;
    if (canasta_record_hand_count(&count, rec) ||
        canasta_game_option(&sides, g, CANASTA_OPT_SIDES) ||
        canasta_game_phase(&phase, g) ||
        canasta_game_hand_number(&hand_no, g))
        return report_error(file, json, CANASTA_E_ARG, 0,
                            "cannot read the replayed game", 2);
    if (sides > MAX_SIDES)
        sides = MAX_SIDES;
    int over = phase == CANASTA_PHASE_HAND_OVER ||
               phase == CANASTA_PHASE_GAME_OVER;
    /* The finished hands are consecutive and end with the last one over. */
    int first = (over ? hand_no : hand_no - 1) - (int)count + 1;
    if (phase == CANASTA_PHASE_GAME_OVER)
        canasta_game_winner(&winner, g);

    if (json) {
        fputs("{\"file\":", stdout);
        json_string(file);
        fputs(",\"ok\":true,\"hands\":[", stdout);
    } else {
        printf("%s: %zu hand%s finished\n", file, count,
               count == 1 ? "" : "s");
        printf("%6s", "hand");
        for (int s = 0; s < sides; s++)
            printf("  %7s %d  %7s", "side", s, "total");
        putchar('\n');
    }
    for (size_t h = 0; h < count; h++) {
        if (json)
            printf("%s{\"hand\":%d,\"sides\":[", h ? "," : "",
                   first + (int)h);
        else
            printf("%6d", first + (int)h);
        for (int s = 0; s < sides; s++) {
            int items[CANASTA_SCORE_ITEMS], total = 0;
            if (canasta_record_hand_score(items, CANASTA_SCORE_ITEMS, &total,
                                          rec, h, s))
                return report_error(file, json, CANASTA_E_ARG, 0,
                                    "cannot read a hand's score", 2);
            if (json) {
                printf("%s{\"side\":%d", s ? "," : "", s);
                for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
                    printf(",\"%s\":%d", item_names[i], items[i]);
                printf(",\"total\":%d}", total);
            } else {
                printf("  %9d  %7d", items[CANASTA_SCORE_TOTAL], total);
            }
        }
        fputs(json ? "]}" : "\n", stdout);
    }
    if (json) {
        printf("],\"game_over\":%s,\"winner\":",
               phase == CANASTA_PHASE_GAME_OVER ? "true" : "false");
        if (winner == -2)
            fputs("null", stdout);
        else
            printf("%d", winner);
        fputs("}\n", stdout);
    } else if (winner >= 0) {
        printf("game over: side %d wins\n", winner);
    } else if (winner == -1) {
        printf("game over: a tie\n");
    }
    return 0;
}

enum { OPT_JSON = 1, OPT_HELP, OPT_VERSION };

static const cli_option options[] = {
    { "json", 0, CLI_NO_VALUE, OPT_JSON },
    { "help", 'h', CLI_NO_VALUE, OPT_HELP },
    { "version", 0, CLI_NO_VALUE, OPT_VERSION },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

/* The command line: 0 with *json and *path set, -1 after --help or
 * --version (exit 0), or the status of a usage error (reported).  A
 * usage error is reported as JSON when --json is anywhere among the
 * options, also after the mistake: who asks for JSON reads stdout only. */
static int parse_args(int argc, char **argv, int *json, const char **path)
{
    cli c;
    char error[sizeof c.error] = "";
    int r;
    cli_init(&c, prog, argc, argv, 1);
    while ((r = cli_next(&c, options, N_OPTIONS)) != CLI_END) {
        if (r == OPT_JSON) {
            *json = 1;
        } else if (error[0]) {
            continue; /* only --json still counts after a mistake */
        } else if (r == CLI_ERROR) {
            memcpy(error, c.error, sizeof error);
        } else if (r == OPT_HELP) {
            usage(stdout);
            return -1;
        } else if (r == OPT_VERSION) {
            cli_version(prog);
            return -1;
        } else if (*path) {
            snprintf(error, sizeof error, "only one record at a time "
                     "(\"%.80s\" and \"%.80s\")", *path, c.value);
        } else {
            *path = c.value;
        }
    }
    if (error[0])
        return report_own(NULL, *json, "usage", error);
    return 0;
}

int main(int argc, char **argv)
{
    int json = 0;
    const char *path = NULL;
    int status = parse_args(argc, argv, &json, &path);
    if (status != 0)
        return status < 0 ? 0 : status;
    const char *name = path && strcmp(path, "-") != 0 ? path : "<stdin>";
    FILE *f = path && strcmp(path, "-") != 0 ? fopen(path, "rb") : stdin;
    if (!f)
        return report_own(name, json, "read", strerror(errno));
    size_t len = 0;
    int too_big = 0;
    char *text = read_all(f, &len, &too_big);
    int err = errno;
    if (f != stdin)
        fclose(f);
    if (!text && too_big) {
        char msg[128];
        snprintf(msg, sizeof msg, "the input is larger than %zu bytes "
                 "(64 MiB), more than any game record", MAX_INPUT);
        return report_own(name, json, "too-large", msg);
    }
    if (!text)
        return report_own(name, json, "read", strerror(err));

    static char why[WHY_SIZE];
    canasta_record *rec = NULL;
    int rc = canasta_record_parse(&rec, why, sizeof why, text, len);
    free(text);
    if (rc)
        return report_error(name, json, rc, 0, why, EXIT_INPUT);
    canasta_game *g = NULL;
    int line = 0;
    rc = canasta_record_replay(&g, &line, why, sizeof why, rec);
    if (rc) {
        /* A view is not a wrong record, and no memory is not the
         * record's fault: each gets its own status. */
        status = rc == CANASTA_E_HIDDEN ? EXIT_VIEW
               : rc == CANASTA_E_NOMEM ? EXIT_INPUT : EXIT_BROKEN;
        canasta_record_free(rec);
        return report_error(name, json, rc, line, why, status);
    }
    status = print_scores(name, json, rec, g);
    canasta_game_free(g);
    canasta_record_free(rec);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the output\n", prog);
        return EXIT_INPUT;
    }
    return status;
}
