/*
 * test_docs_table.c - the table of docs/VARIANTS.md ("The games side by
 * side") against the library, one test per preset column: the classic
 * game (C1) and the games of two, three and six players (X2, X3, X6).
 *
 * For each column (found by its "C enum" cell) the numeric rows are read
 * and compared with the rules object of that preset: players, sides,
 * packs, jokers, deck size, cards dealt, cards per draw and canastas to go
 * out, target (canasta_rules_get), every value written as "option: N"
 * (canasta_rules_set accepts it), the red-three bonuses
 * (canasta_rules_red_three_bonus for every count), the opening table
 * (canasta_rules_opening_minimum over a range of totals), asking
 * permission and a concealed exit's additions (value and
 * canasta_rules_option_range), the seating
 * (canasta_game_seat_side), whether there is a lone hand
 * (CANASTA_OPT_LONE_HAND) and the preset's text name (the "preset" line of
 * canasta_game_position).
 *
 * The file is found below the source directory: $CANASTA_SRCDIR when set
 * ("make check" sets it), else the directory the Makefile compiled in as
 * the macro CANASTA_SRCDIR, so the program also runs by hand from an
 * out-of-tree build directory.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

#define DOC_PATH "docs/VARIANTS.md"
#define TABLE_HEADING "## The games side by side"
#define MAX_ROWS 40
#define MAX_COLS 8
#define CELL_MAX 512
#define MAX_ENTRIES 16

typedef struct doc_table {
    int rows, cols;
    char cell[MAX_ROWS][MAX_COLS][CELL_MAX];
} doc_table;

static doc_table table; /* static: too big for a test's stack */

static const struct preset_info {
    int preset;
    const char *enum_name;
    const char *name;
} presets[] = {
    { CANASTA_PRESET_CLASSIC, "CANASTA_PRESET_CLASSIC", "classic" },
    { CANASTA_PRESET_TWO_PLAYERS, "CANASTA_PRESET_TWO_PLAYERS",
      "two-players" },
    { CANASTA_PRESET_THREE_PLAYERS, "CANASTA_PRESET_THREE_PLAYERS",
      "three-players" },
    { CANASTA_PRESET_SIX_THREE_SIDES, "CANASTA_PRESET_SIX_THREE_SIDES",
      "six-three-sides" },
    { CANASTA_PRESET_SIX_TWO_SIDES, "CANASTA_PRESET_SIX_TWO_SIDES",
      "six-two-sides" },
};
#define N_PRESETS ((int)(sizeof presets / sizeof presets[0]))

/* Rows holding one number each, read with canasta_rules_get. */
static const struct numeric_row {
    const char *label;
    int key;
} numeric_rows[] = {
    { "Players", CANASTA_OPT_PLAYERS },
    { "Sides", CANASTA_OPT_SIDES },
    { "Packs", CANASTA_OPT_PACKS },
    { "Jokers", CANASTA_OPT_JOKERS },
    { "Deck size", CANASTA_OPT_DECK_SIZE },
    { "Cards dealt", CANASTA_OPT_HAND_SIZE },
    { "Cards per stock draw", CANASTA_OPT_DRAW_COUNT },
    { "Canastas to go out", CANASTA_OPT_CANASTAS_TO_GO_OUT },
    { "Target", CANASTA_OPT_TARGET_SCORE },
};
#define N_NUMERIC ((int)(sizeof numeric_rows / sizeof numeric_rows[0]))

/* ------------------------------------------------------------------ */
/* Reading the table                                                    */
/* ------------------------------------------------------------------ */

static const char *source_dir(void)
{
    const char *env = getenv("CANASTA_SRCDIR");
    if (env != NULL && *env != '\0')
        return env;
#ifdef CANASTA_SRCDIR
    return CANASTA_SRCDIR;
#else
    return NULL;
#endif
}

static char *read_doc(void)
{
    const char *dir = source_dir();
    char path[4096];
    FILE *f;
    char *text;
    size_t cap = 1 << 16, len = 0, got;

    ck_assert_msg(dir != NULL, "set CANASTA_SRCDIR to the source directory "
                  "(the one holding " DOC_PATH ")");
    ck_assert_msg(strlen(dir) + sizeof DOC_PATH + 1 < sizeof path,
                  "CANASTA_SRCDIR is too long");
    snprintf(path, sizeof path, "%s/%s", dir, DOC_PATH);
    f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (CANASTA_SRCDIR names the "
                  "source directory)", path);
    text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(text, cap * 2);
            ck_assert_ptr_nonnull(bigger);
            text = bigger;
            cap *= 2;
        }
    }
    ck_assert_msg(!ferror(f), "cannot read %s", path);
    fclose(f);
    text[len] = '\0';
    return text;
}

/* Copy a cell without its surrounding blanks and without backquotes. */
static void put_cell(char *dst, const char *start, const char *end)
{
    size_t n = 0;
    while (start < end && (*start == ' ' || *start == '\t'))
        start++;
    while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    ck_assert_msg(end - start < CELL_MAX, "a cell of " DOC_PATH " is longer "
                  "than %d characters", CELL_MAX - 1);
    for (; start < end; start++)
        if (*start != '`')
            dst[n++] = *start;
    dst[n] = '\0';
}

/* Split one "| a | b |" line into row r. */
static int split_row(int r, const char *line, const char *eol)
{
    const char *p = line + 1, *bar;
    int c = 0;
    while (p < eol && (bar = memchr(p, '|', (size_t)(eol - p))) != NULL) {
        ck_assert_msg(c < MAX_COLS, DOC_PATH ": a table row has more than "
                      "%d cells", MAX_COLS);
        put_cell(table.cell[r][c++], p, bar);
        p = bar + 1;
    }
    return c;
}

/* Fill `table` from the first table after TABLE_HEADING. */
static void load_table(void)
{
    char *text = read_doc();
    const char *p = strstr(text, "\n" TABLE_HEADING "\n");
    int separator = 0;

    ck_assert_msg(p != NULL, DOC_PATH " has no heading \"%s\"",
                  TABLE_HEADING);
    memset(&table, 0, sizeof table);
    p++;
    /* to the first line that starts with '|' */
    while (*p != '\0' && *p != '|') {
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    while (*p == '|') {
        const char *eol = strchr(p, '\n');
        int n;
        if (eol == NULL)
            eol = p + strlen(p);
        if (!separator && table.rows == 1) {
            separator = 1; /* | --- | --- | */
        } else {
            ck_assert_msg(table.rows < MAX_ROWS, DOC_PATH ": the table has "
                          "more than %d rows", MAX_ROWS);
            n = split_row(table.rows, p, eol);
            if (table.rows == 0)
                table.cols = n;
            ck_assert_msg(n == table.cols, DOC_PATH ": the row \"%s\" has "
                          "%d cells, the header %d",
                          table.cell[table.rows][0], n, table.cols);
            table.rows++;
        }
        p = *eol ? eol + 1 : eol;
    }
    ck_assert_msg(table.rows > 1 && table.cols > 1, DOC_PATH ": no table "
                  "after \"%s\"", TABLE_HEADING);
    free(text);
}

static int find_row(const char *label)
{
    int r;
    for (r = 1; r < table.rows; r++)
        if (strncmp(table.cell[r][0], label, strlen(label)) == 0)
            return r;
    ck_abort_msg(DOC_PATH ": the table has no row \"%s\"", label);
    return -1;
}

/* The value after "= " in a "C enum" cell, or -1. */
static long enum_value(const char *cell)
{
    const char *eq = strchr(cell, '=');
    char *end;
    long v;
    if (eq == NULL)
        return -1;
    v = strtol(eq + 1, &end, 10);
    return end == eq + 1 ? -1 : v;
}

/* The column of preset: the one whose "C enum" cell has its value. */
static int find_column(int preset)
{
    int row = find_row("C enum"), c, found = -1;
    for (c = 1; c < table.cols; c++) {
        if (enum_value(table.cell[row][c]) == preset) {
            ck_assert_msg(found < 0, DOC_PATH ": two columns for preset %d",
                          preset);
            found = c;
        }
    }
    ck_assert_msg(found > 0, DOC_PATH ": no column whose C enum is preset "
                  "%d", preset);
    return found;
}

/* ------------------------------------------------------------------ */
/* Reading cells                                                        */
/* ------------------------------------------------------------------ */

/* The first integer in text (a '-' right before the digits counts). */
static int first_int(long *v, const char *text, const char **after)
{
    const char *p = text;
    char *end;
    while (*p != '\0' && !isdigit((unsigned char)*p))
        p++;
    if (*p == '\0')
        return 0;
    if (p > text && p[-1] == '-')
        p--;
    *v = strtol(p, &end, 10);
    if (after != NULL)
        *after = end;
    return 1;
}

/* text without its parenthesized remarks. */
static void strip_parens(char *out, size_t size, const char *text)
{
    size_t n = 0;
    int depth = 0;
    for (; *text != '\0' && n + 1 < size; text++) {
        if (*text == '(')
            depth++;
        else if (*text == ')' && depth > 0)
            depth--;
        else if (depth == 0)
            out[n++] = *text;
    }
    out[n] = '\0';
}

/* Entries "A: B" separated by commas; "below A: B" sets *below.  Returns
 * the number of entries. */
static int pairs(long *from, long *value, int *below, const char *cell)
{
    char text[CELL_MAX];
    char *entry, *comma;
    int n = 0;
    strip_parens(text, sizeof text, cell);
    for (entry = text; entry != NULL; entry = comma ? comma + 1 : NULL) {
        const char *after;
        comma = strchr(entry, ',');
        if (comma != NULL)
            *comma = '\0';
        while (*entry == ' ')
            entry++;
        ck_assert_msg(n < MAX_ENTRIES, DOC_PATH ": too many entries in "
                      "\"%s\"", cell);
        below[n] = strncmp(entry, "below ", 6) == 0;
        ck_assert_msg(first_int(&from[n], entry, &after) &&
                      strchr(after, ':') != NULL &&
                      first_int(&value[n], strchr(after, ':'), NULL),
                      DOC_PATH ": \"%s\" in \"%s\" is not \"A: B\"", entry,
                      cell);
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* The checks of one column                                             */
/* ------------------------------------------------------------------ */

static int get(const canasta_rules *r, int key)
{
    int v = -12345;
    ck_assert_int_eq(canasta_rules_get(&v, r, key), CANASTA_OK);
    return v;
}

static void check_numeric(const canasta_rules *r, int col)
{
    int i;
    for (i = 0; i < N_NUMERIC; i++) {
        const char *cell = table.cell[find_row(numeric_rows[i].label)][col];
        const char *opt;
        long v;
        ck_assert_msg(first_int(&v, cell, NULL), DOC_PATH ": row \"%s\": "
                      "\"%s\" has no number", numeric_rows[i].label, cell);
        ck_assert_msg(v == get(r, numeric_rows[i].key), DOC_PATH ": row "
                      "\"%s\" says %ld, the library %d",
                      numeric_rows[i].label, v, get(r, numeric_rows[i].key));
        /* "option: N": the rules accept N. */
        opt = strstr(cell, "option:");
        if (opt != NULL) {
            canasta_rules *copy = NULL;
            ck_assert_int_eq(canasta_rules_clone(&copy, r), CANASTA_OK);
            ck_assert_msg(first_int(&v, opt, NULL), DOC_PATH ": \"%s\": "
                          "no number after \"option:\"", cell);
            ck_assert_msg(canasta_rules_set(copy, numeric_rows[i].key,
                                            (int)v) == CANASTA_OK,
                          DOC_PATH ": row \"%s\": the option value %ld is "
                          "refused", numeric_rows[i].label, v);
            canasta_rules_free(copy);
        }
    }
}

/* R3: "1: 100, 2: 200, ..." for every count from 1 to all red threes. */
static void check_red_threes(const canasta_rules *r, int col)
{
    const char *cell = table.cell[find_row("Red-three bonus")][col];
    long count[MAX_ENTRIES], bonus[MAX_ENTRIES];
    int below[MAX_ENTRIES], seen[MAX_ENTRIES] = { 0 };
    int n = pairs(count, bonus, below, cell), all = 2 * get(r,
                                                            CANASTA_OPT_PACKS);
    int i, b;
    for (i = 0; i < n; i++) {
        ck_assert_msg(!below[i] && count[i] >= 1 && count[i] <= all &&
                      count[i] < MAX_ENTRIES && !seen[count[i]],
                      DOC_PATH ": red threes: %ld threes in \"%s\" (the deck "
                      "holds %d)", count[i], cell, all);
        seen[count[i]] = 1;
        ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, (int)count[i]),
                         CANASTA_OK);
        ck_assert_msg(b == bonus[i], DOC_PATH ": %ld red threes: the table "
                      "says %ld, the library %d", count[i], bonus[i], b);
    }
    ck_assert_msg(n == all, DOC_PATH ": \"%s\" lists %d counts, the deck "
                  "holds %d red threes", cell, n, all);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 0), CANASTA_OK);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, all + 1),
                     CANASTA_E_ARG);
}

/* O1: "below 0: 15, 0: 50, ..." is the whole minimum function. */
static void check_openings(const canasta_rules *r, int col)
{
    const char *cell = table.cell[find_row("Opening minimum")][col];
    long from[MAX_ENTRIES], minimum[MAX_ENTRIES];
    int below[MAX_ENTRIES];
    int n = pairs(from, minimum, below, cell), i;
    long t;
    ck_assert_msg(n >= 2 && below[0] && from[0] == from[1],
                  DOC_PATH ": \"%s\" must start \"below F: M, F: M\"", cell);
    for (i = 1; i < n; i++)
        ck_assert_msg(!below[i] && (i == 1 || from[i] > from[i - 1]),
                      DOC_PATH ": \"%s\": the totals must rise", cell);
    /* totals are multiples of 5 (V1); both ends far beyond the table */
    for (t = -20000; t <= 40000; t += 5) {
        long want = minimum[0];
        int got = -1;
        for (i = 1; i < n; i++)
            if (t >= from[i])
                want = minimum[i];
        ck_assert_int_eq(canasta_rules_opening_minimum(&got, r, (int)t),
                         CANASTA_OK);
        ck_assert_msg(got == want, DOC_PATH ": at a total of %ld the table "
                      "gives a minimum of %ld, the library %d", t, want, got);
    }
}

/* A yes/no option's row: "on (range 0..1)" / "off (range 0..0)".  G4
 * asking permission, G3 a concealed exit adding to the side's melds. */
static void check_switch(const canasta_rules *r, int col, const char *label,
                         int key)
{
    const char *cell = table.cell[find_row(label)][col];
    const char *range = strstr(cell, "range ");
    long lo, hi;
    const char *after;
    int min = -1, max = -1, on;
    on = strncmp(cell, "on", 2) == 0 ? 1
       : strncmp(cell, "off", 3) == 0 ? 0 : -1;
    ck_assert_msg(on >= 0, DOC_PATH ": %s: \"%s\" starts with neither on "
                  "nor off", label, cell);
    ck_assert_msg(on == get(r, key), DOC_PATH ": %s: \"%s\", the library "
                  "has %d", label, cell, get(r, key));
    ck_assert_msg(range != NULL && first_int(&lo, range, &after) &&
                  strncmp(after, "..", 2) == 0 &&
                  first_int(&hi, after, NULL),
                  DOC_PATH ": %s: \"%s\" has no \"range A..B\"", label,
                  cell);
    ck_assert_int_eq(canasta_rules_option_range(&min, &max, r, key),
                     CANASTA_OK);
    ck_assert_msg(lo == min && hi == max, DOC_PATH ": %s: range %ld..%ld, "
                  "the library %d..%d", label, lo, hi, min, max);
}

/* C1: groups of seats "0+2", "1+3+5" are the sides; a cell without any
 * means each player is a side of their own at the deal. */
static void check_seating(const canasta_rules *r, int col)
{
    const char *cell = table.cell[find_row("Seating")][col];
    const char *p = cell;
    int players = get(r, CANASTA_OPT_PLAYERS), sides = get(r,
                                                           CANASTA_OPT_SIDES);
    int group_side[MAX_ENTRIES], groups = 0, seen[16] = { 0 }, s, side;
    canasta_game *g = NULL;

    ck_assert_int_eq(canasta_game_create(&g, r, 1), CANASTA_OK);
    while (*p != '\0') {
        const char *q = p;
        int seats[16], k = 0;
        if (!isdigit((unsigned char)*p) ||
            (p > cell && isalnum((unsigned char)p[-1]))) {
            p++;
            continue;
        }
        /* a run "d+d+d" of at least two seats */
        for (;;) {
            char *end;
            long v = strtol(q, &end, 10);
            ck_assert(k < 16);
            seats[k++] = (int)v;
            if (*end == '+' && isdigit((unsigned char)end[1]))
                q = end + 1;
            else {
                q = end;
                break;
            }
        }
        p = q;
        if (k < 2)
            continue;
        ck_assert_msg(groups < MAX_ENTRIES, DOC_PATH ": too many groups");
        for (s = 0; s < k; s++) {
            ck_assert_msg(seats[s] >= 0 && seats[s] < players && !seen[seats[s]],
                          DOC_PATH ": seating \"%s\": seat %d", cell,
                          seats[s]);
            seen[seats[s]] = 1;
            ck_assert_int_eq(canasta_game_seat_side(&side, g, seats[s]),
                             CANASTA_OK);
            if (s == 0)
                group_side[groups] = side;
            ck_assert_msg(side == group_side[groups], DOC_PATH ": seating "
                          "\"%s\": seat %d is on side %d, seat %d on side %d",
                          cell, seats[0], group_side[groups], seats[s], side);
        }
        for (s = 0; s < groups; s++)
            ck_assert_msg(group_side[s] != group_side[groups], DOC_PATH
                          ": seating \"%s\": two groups on side %d", cell,
                          group_side[s]);
        groups++;
    }
    if (groups == 0) {
        /* each player alone (at the deal) */
        ck_assert_int_eq(players, sides);
        for (s = 0; s < players; s++) {
            ck_assert_int_eq(canasta_game_seat_side(&side, g, s), CANASTA_OK);
            ck_assert_int_eq(side, s);
        }
    } else {
        ck_assert_msg(groups == sides, DOC_PATH ": seating \"%s\": %d "
                      "groups, %d sides", cell, groups, sides);
        for (s = 0; s < players; s++)
            ck_assert_msg(seen[s], DOC_PATH ": seating \"%s\" leaves out "
                          "seat %d", cell, s);
    }
    canasta_game_free(g);
}

/* The preset's text name: the cell, and the "preset" line of a position. */
static void check_name(const canasta_rules *r, int col,
                       const struct preset_info *info)
{
    const char *cell = table.cell[find_row("Preset name")][col];
    canasta_game *g = NULL;
    char *text = NULL, want[128];
    size_t len = 0;
    ck_assert_str_eq(cell, info->name);
    ck_assert_int_eq(canasta_game_create(&g, r, 1), CANASTA_OK);
    ck_assert_int_eq(canasta_game_position(&text, &len, g), CANASTA_OK);
    snprintf(want, sizeof want, "\npreset %s\n", cell);
    ck_assert_msg(strstr(text, want) != NULL, "the position of a %s game "
                  "has no line \"preset %s\"", info->name, cell);
    canasta_free(text);
    canasta_game_free(g);
}

static void check_column(int preset)
{
    const struct preset_info *info = NULL;
    canasta_rules *r = NULL;
    const char *cell;
    char want[128];
    int i, col, lone;

    for (i = 0; i < N_PRESETS; i++)
        if (presets[i].preset == preset)
            info = &presets[i];
    ck_assert_ptr_nonnull(info);
    load_table();
    col = find_column(preset);
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);

    cell = table.cell[find_row("C enum")][col];
    snprintf(want, sizeof want, "%s = %d", info->enum_name, preset);
    ck_assert_str_eq(cell, want);
    check_name(r, col, info);
    check_numeric(r, col);
    check_red_threes(r, col);
    check_openings(r, col);
    check_switch(r, col, "Asking permission", CANASTA_OPT_ASK_PERMISSION);
    check_switch(r, col, "Concealed exit adding to the side's melds",
                 CANASTA_OPT_CONCEALED_ADDITIONS);
    check_seating(r, col);
    /* X3: the lone hand is named where, and only where, the rules have it */
    cell = table.cell[find_row("Who scores")][col];
    lone = get(r, CANASTA_OPT_LONE_HAND);
    ck_assert_msg((strstr(cell, "lone hand") != NULL) == (lone == 1),
                  DOC_PATH ": who scores: \"%s\", CANASTA_OPT_LONE_HAND %d",
                  cell, lone);
    canasta_rules_free(r);
}

START_TEST(test_C1_docs_table_matches_rules)
{
    check_column(CANASTA_PRESET_CLASSIC);
}
END_TEST

START_TEST(test_X2_docs_table_matches_rules)
{
    check_column(CANASTA_PRESET_TWO_PLAYERS);
}
END_TEST

START_TEST(test_X3_docs_table_matches_rules)
{
    check_column(CANASTA_PRESET_THREE_PLAYERS);
}
END_TEST

START_TEST(test_X6_three_sides_docs_table_matches_rules)
{
    check_column(CANASTA_PRESET_SIX_THREE_SIDES);
}
END_TEST

START_TEST(test_X6_two_sides_docs_table_matches_rules)
{
    check_column(CANASTA_PRESET_SIX_TWO_SIDES);
}
END_TEST

/* Every preset the library knows has a column, and every column is one. */
START_TEST(test_X2_X3_X6_docs_table_lists_every_preset)
{
    canasta_rules *r = NULL;
    int i, row;
    load_table();
    ck_assert_str_eq(table.cell[0][0], "Game");
    ck_assert_int_eq(table.cols - 1, N_PRESETS);
    row = find_row("C enum");
    for (i = 1; i < table.cols; i++) {
        long v = enum_value(table.cell[row][i]);
        ck_assert_msg(v >= 1 && v <= 1000, DOC_PATH ": column %d (%s) has "
                      "no C enum value", i, table.cell[0][i]);
        ck_assert_int_eq(find_column((int)v), i);
    }
    for (i = 0; i < N_PRESETS; i++) {
        ck_assert_int_eq(canasta_rules_create(&r, presets[i].preset),
                         CANASTA_OK);
        canasta_rules_free(r);
        (void)find_column(presets[i].preset);
    }
    /* no preset beyond those */
    ck_assert_int_eq(canasta_rules_create(&r, 0), CANASTA_E_PRESET);
    ck_assert_int_eq(canasta_rules_create(&r, N_PRESETS + 1),
                     CANASTA_E_PRESET);
    for (i = 0; i < N_NUMERIC; i++)
        (void)find_row(numeric_rows[i].label);
}
END_TEST

Suite *suite_docs_table(void)
{
    Suite *s = suite_create("docs_table");
    TCase *tc = tcase_create("variants_md");
    tcase_add_test(tc, test_C1_docs_table_matches_rules);
    tcase_add_test(tc, test_X2_docs_table_matches_rules);
    tcase_add_test(tc, test_X3_docs_table_matches_rules);
    tcase_add_test(tc, test_X6_three_sides_docs_table_matches_rules);
    tcase_add_test(tc, test_X6_two_sides_docs_table_matches_rules);
    tcase_add_test(tc, test_X2_X3_X6_docs_table_lists_every_preset);
    suite_add_tcase(s, tc);
    return s;
}
