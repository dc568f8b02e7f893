/*
 * Example records of the games for two, three and six players (X2, X3,
 * X6) in examples/records, and the checks that they replay.
 *
 * Run the test program with CANASTA_WRITE_RECORDS=DIR to write them to
 * DIR (as tests/test_records.c does for the classic examples); with
 * CANASTA_SRCDIR set, as "make check" does, the committed files must
 * replay, every hand's scores must agree with the record's own "= score"
 * events, and each file must show what it is there to show (the three-
 * player game: a lone hand and partners; the six-player games: the sides
 * and the 162-card deck).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define MAX_MOVES 400

/* A chooser that makes hands worth reading: take the pile whenever
 * possible, then meld the biggest group, answer "yes", never ask; else
 * draw; discard a seeded random card. */
static int choose(const canasta_move *moves, size_t n, th_sm64 *rng)
{
    size_t best = 0;
    int best_score = -1;
    for (size_t i = 0; i < n; i++) {
        const canasta_move *m = &moves[i];
        int score = 0;
        switch (m->kind) {
        case CANASTA_MOVE_TAKE_PILE: score = 1000; break;
        case CANASTA_MOVE_MELD:
            score = 500;
            for (int k = 0; k < m->ngroups; k++)
                score += m->groups[k].count;
            break;
        case CANASTA_MOVE_ANSWER_YES: score = 400; break;
        case CANASTA_MOVE_DRAW: score = 300; break;
        case CANASTA_MOVE_NEXT_HAND: score = 300; break;
        case CANASTA_MOVE_DISCARD:
            score = 100 + (int)(th_sm64_next(rng) % 100);
            break;
        case CANASTA_MOVE_DECLINE: score = 50; break;
        default: score = 0; break; /* ASK, ANSWER_NO */
        }
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return (int)best;
}

/* Play `hands` hands (or to the game's end) of preset from seed and
 * return the record text (canasta_free it). */
static char *play_record(int preset, uint64_t seed, int hands, int target)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);
    if (target)
        ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE,
                                           target), CANASTA_OK);
    canasta_game *g = NULL;
    ck_assert_int_eq(canasta_game_create(&g, r, seed), CANASTA_OK);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    static canasta_move moves[4096];
    th_sm64 rng = { seed };
    int done = 0;
    for (int guard = 0; guard < 200 * MAX_MOVES; guard++) {
        int ph = th_phase(g);
        if (ph == CANASTA_PHASE_GAME_OVER)
            break;
        if (ph == CANASTA_PHASE_HAND_OVER && ++done >= hands)
            break;
        size_t n = 0;
        ck_assert_int_eq(canasta_legal_moves(moves, 4096, &n, g), CANASTA_OK);
        ck_assert_uint_gt(n, 0);
        char why[256];
        int rc = canasta_apply(why, sizeof why, g,
                               &moves[choose(moves, n, &rng)]);
        ck_assert_msg(rc == CANASTA_OK, "%s", why);
        ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    }
    char *text = NULL;
    ck_assert_int_eq(canasta_record_text(&text, NULL, rec, CANASTA_VIEW_ALL),
                     CANASTA_OK);
    canasta_record_free(rec);
    canasta_game_free(g);
    canasta_rules_free(r);
    return text;
}

static const struct example {
    const char *file;
    int preset;
    uint64_t seed;
    int hands;  /* hands to play; the game may end first */
    int target; /* 0: the preset's */
    const char *head;
    const char *must_show; /* text the record must contain */
} examples[] = {
    { "two-players-hand.rec", CANASTA_PRESET_TWO_PLAYERS, 21, 1, 0,
      "# One hand of the game for two players (X2): 15 cards each, every\n"
      "# stock draw takes two cards, two canastas to go out, each player\n"
      "# scores alone.\n",
      "preset two-players" },
    { "three-players-hands.rec", CANASTA_PRESET_THREE_PLAYERS, 31, 3, 0,
      "# The first three hands of a game for three players (X3, cutthroat):\n"
      "# in each hand the first player to take the pile plays alone\n"
      "# (\"= N alone\"), and the other two merge their melds and score as\n"
      "# partners; each player keeps their own total.\n",
      " alone partners-side " },
    { "six-players-two-sides-hand.rec", CANASTA_PRESET_SIX_TWO_SIDES, 61, 1,
      0,
      "# One hand of the game for six players in two sides of three (X6):\n"
      "# 162 cards, 13 each, alternate seats are partners, two canastas to\n"
      "# go out.\n",
      "sides 0 1 0 1 0 1" },
    { "six-players-three-sides-hand.rec", CANASTA_PRESET_SIX_THREE_SIDES, 63,
      1, 0,
      "# One hand of the game for six players in three sides of two (X6):\n"
      "# partners sit opposite (seats s and s+3), two canastas to go out.\n",
      "sides 0 1 2 0 1 2" },
};
#define N_EXAMPLES (sizeof examples / sizeof examples[0])

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

/* The record replays; each finished hand's totals agree with the score
 * events it states ("= score side S ... total T"). */
static void check_replays(const char *name, const char *text, int sides)
{
    canasta_record *rec = NULL;
    char why[512];
    int rc = canasta_record_parse(&rec, why, sizeof why, text, (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "%s: %s", name, why);
    int line = 0;
    canasta_game *end = NULL;
    rc = canasta_record_replay(&end, &line, why, sizeof why, rec);
    ck_assert_msg(rc == CANASTA_OK, "%s: line %d: %s", name, line, why);
    size_t hands = 0;
    ck_assert_int_eq(canasta_record_hand_count(&hands, rec), CANASTA_OK);
    ck_assert_uint_gt(hands, 0);
    /* The last hand's totals, from the record's own text. */
    int want[6] = { 0 }, seen = 0;
    for (const char *p = text; (p = strstr(p, "= score side ")) != NULL;
         p++) {
        int side = -1, total = 0;
        const char *t = strstr(p, " total ");
        ck_assert_ptr_nonnull(t);
        ck_assert_int_eq(sscanf(p, "= score side %d", &side), 1);
        ck_assert_int_eq(sscanf(t, " total %d", &total), 1);
        ck_assert(side >= 0 && side < sides);
        want[side] = total;
        seen++;
    }
    ck_assert_int_eq(seen, (int)hands * sides);
    for (int side = 0; side < sides; side++) {
        int items[CANASTA_SCORE_ITEMS], total = 0;
        ck_assert_int_eq(canasta_record_hand_score(items, CANASTA_SCORE_ITEMS,
                             &total, rec, hands - 1, side), CANASTA_OK);
        ck_assert_int_eq(total, want[side]);
        ck_assert_int_eq(th_total(end, side), want[side]);
    }
    canasta_game_free(end);
    canasta_record_free(rec);
}

static int preset_sides(int preset)
{
    canasta_rules *r = NULL;
    int v = 0;
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_get(&v, r, CANASTA_OPT_SIDES), CANASTA_OK);
    canasta_rules_free(r);
    return v;
}

/* X2 X3 X6: records of every game replay, including the ones written
 * now (so a change to the engine that breaks them is seen at once), and
 * the committed example files. */
START_TEST(test_X2_X3_X6_example_records_replay)
{
    const char *out = getenv("CANASTA_WRITE_RECORDS");
    const char *src = getenv("CANASTA_SRCDIR");
    for (size_t i = 0; i < N_EXAMPLES; i++) {
        const struct example *e = &examples[i];
        char *text = play_record(e->preset, e->seed, e->hands, e->target);
        int sides = preset_sides(e->preset);
        ck_assert_msg(strstr(text, e->must_show) != NULL,
                      "%s: no \"%s\" in the record played now", e->file,
                      e->must_show);
        check_replays(e->file, text, sides);
        if (out && *out) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", out, e->file);
            FILE *f = fopen(path, "w");
            ck_assert_msg(f != NULL, "cannot write %s", path);
            fputs(e->head, f);
            fputs(text, f);
            fclose(f);
        }
        if (src && *src) {
            char path[1024];
            snprintf(path, sizeof path, "%s/examples/records/%s", src,
                     e->file);
            char *committed = read_file(path);
            ck_assert_msg(committed != NULL, "cannot read %s", path);
            ck_assert_msg(strstr(committed, e->must_show) != NULL,
                          "%s: no \"%s\"", e->file, e->must_show);
            check_replays(e->file, committed, sides);
            free(committed);
        }
        canasta_free(text);
    }
}
END_TEST

/* X3: in the committed three-player game every hand in which the pile was
 * taken names its lone hand once, before any pile take by a partner. */
START_TEST(test_X3_example_record_names_one_lone_hand_per_hand)
{
    char *text = play_record(CANASTA_PRESET_THREE_PLAYERS, examples[1].seed,
                             examples[1].hands, examples[1].target);
    int hands = 0, lone_lines = 0, in_hand_lone = 0;
    for (const char *p = text; *p; ) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len >= 5 && strncmp(p, "hand ", 5) == 0) {
            hands++;
            in_hand_lone = 0;
        } else if (len > 8 && len < 200 && strncmp(p, "= ", 2) == 0) {
            char line[200];
            memcpy(line, p, len);
            line[len] = '\0';
            if (strstr(line, " alone") == NULL) {
                p += len + (nl != NULL);
                continue;
            }
            lone_lines++;
            ck_assert_msg(!in_hand_lone, "two lone hands in one hand");
            in_hand_lone = 1;
        }
        p += len + (nl != NULL);
    }
    ck_assert_int_gt(hands, 1);
    ck_assert_int_gt(lone_lines, 0);
    ck_assert_int_le(lone_lines, hands);
    canasta_free(text);
}
END_TEST

Suite *suite_variant_records(void)
{
    Suite *s = suite_create("variant_records");
    TCase *c = tcase_create("examples");
    tcase_set_timeout(c, 60);
    tcase_add_test(c, test_X2_X3_X6_example_records_replay);
    tcase_add_test(c, test_X3_example_record_names_one_lone_hand_per_hand);
    suite_add_tcase(s, c);
    return s;
}
