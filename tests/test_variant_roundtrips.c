/*
 * Round trips of the games for two, three and six players (X2, X3, X6):
 * everything the classic tests check for saves (tests/test_save.c),
 * positions (tests/test_position.c), records (tests/test_records.c), undo
 * (tests/test_undo.c) and the move notation (tests/test_notation.c), at
 * sampled points of seeded random games of every variant preset.
 *
 *  - A3, save: canasta_game_load(canasta_game_save(g)) is
 *    canasta_game_equal to g, saving it again gives the same bytes, and
 *    undo (when there is a move to undo) does the same on both;
 *  - position: canasta_game_from_position(canasta_game_position(g))
 *    writes the same text again and offers the same legal moves;
 *  - record: a record made at the game's start and brought up to date
 *    after every move has a text that is a fixed point of parse + text
 *    (for everyone and for a seat), replays to a game equal to g, and
 *    reports every finished hand's breakdown and totals as they were;
 *  - A3, undo: undoing every move of the current hand gives the game as
 *    it was dealt (then nothing more to undo), and replaying the moves
 *    gives g again;
 *  - move text: every legal move's canasta_move_to_string parses back
 *    (canasta_move_from_string) to an equal move with the same text.
 *
 * The games: seeded random play (th_sm64, never rand()) that melds or
 * takes the pile three times in four when it can, so that tables fill,
 * the X3 partnerships form and hands go out; a low target (S6, 2500) so
 * that games end and the next one starts.  A sample point is every
 * GAP-th move on average, and every hand's end.  POINTS sample points per
 * check and preset (scaled by CANASTA_TEST_SCALE, see th_scaled; never
 * fewer than LEAST_POINTS): about 3 s for the whole suite on a 2-core
 * machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define POINTS 600
#define LEAST_POINTS 30
#define GAP 16
#define TARGET 2500
#define MAX_HANDS 64
#define MAX_SIDES 3
/* Not a rule: a guard against a game that never ends. */
#define MOVE_GUARD 200000


typedef struct preset_row {
    int preset;
    const char *name;
    uint64_t seed;
} preset_row;

static const preset_row rows[] = {
    { CANASTA_PRESET_TWO_PLAYERS, "X2", UINT64_C(7100) },
    { CANASTA_PRESET_THREE_PLAYERS, "X3", UINT64_C(7200) },
    { CANASTA_PRESET_SIX_THREE_SIDES, "X6 (three sides)", UINT64_C(7300) },
    { CANASTA_PRESET_SIX_TWO_SIDES, "X6 (two sides)", UINT64_C(7400) },
};

enum check_kind { CK_SAVE, CK_POSITION, CK_RECORD, CK_UNDO, CK_MOVE_TEXT };

/* A finished hand as the game showed it (for the record's reports). */
typedef struct {
    int items[MAX_SIDES][CANASTA_SCORE_ITEMS];
    int total[MAX_SIDES];
} hand_result;

typedef struct walk {
    const preset_row *row;
    int kind;
    int sides, players;
    canasta_rules *rules;
    canasta_game *g;
    canasta_game *hand_start; /* the game as the current hand was dealt */
    canasta_record *rec;
    canasta_move *moves;      /* the moves of the current hand */
    size_t n_moves, cap_moves;
    hand_result res[MAX_HANDS];
    int n_res;
    th_sm64 play, sample;
    th_movelist ml, ml2;
    int points;
    long moves_played;
    int games;
} walk;

static int phase_of(const canasta_game *g)
{
    int ph = 0;
    REQ_RC(canasta_game_phase(&ph, g), CANASTA_OK);
    return ph;
}

static int over(int phase)
{
    return phase == CANASTA_PHASE_HAND_OVER ||
           phase == CANASTA_PHASE_GAME_OVER;
}

/* ---------------------------------------------------------------- */
/* The checks at a sample point                                       */
/* ---------------------------------------------------------------- */

/* The same legal moves, in the same order. */
static void same_legal_moves(walk *w, const canasta_game *a,
                             const canasta_game *b, const char *what)
{
    size_t i;
    th_list_moves(&w->ml, a);
    th_list_moves(&w->ml2, b);
    REQ_MSG(w->ml.n == w->ml2.n, "%s: %s offers %u moves, the original %u",
            w->row->name, what, (unsigned)w->ml2.n, (unsigned)w->ml.n);
    for (i = 0; i < w->ml.n; i++) {
        int eq = -1;
        REQ_RC(canasta_move_equal(&eq, &w->ml.v[i], &w->ml2.v[i]),
               CANASTA_OK);
        REQ_MSG(eq == 1, "%s: %s: legal move %u differs", w->row->name, what,
                (unsigned)i);
    }
}

/* A3: save, load, save again. */
static void check_save(walk *w)
{
    char *s = NULL, *s2 = NULL, why[512];
    size_t n = 0, n2 = 0;
    canasta_game *l = NULL, *u = NULL;
    int rc, ru, rl;
    REQ_RC(canasta_game_save(&s, &n, w->g), CANASTA_OK);
    REQ(s != NULL && strlen(s) == n);
    why[0] = '\0';
    rc = canasta_game_load(&l, why, sizeof why, s, n);
    REQ_MSG(rc == CANASTA_OK, "%s: loading a save: %s: %s\n%s",
            w->row->name, canasta_error_name(rc), why, s);
    REQ_MSG(th_games_equal(w->g, l) == 1, "%s: the loaded game differs from "
            "the saved one\n%s", w->row->name, s);
    REQ_RC(canasta_game_save(&s2, &n2, l), CANASTA_OK);
    REQ_MSG(n == n2 && memcmp(s, s2, n) == 0, "%s: save(load(s)) differs "
            "from s\n%s\n----\n%s", w->row->name, s, s2);
    /* The save keeps the hand's moves, so undo works after a load. */
    REQ_RC(canasta_game_clone(&u, w->g), CANASTA_OK);
    ru = canasta_undo(u);
    rl = canasta_undo(l);
    REQ_MSG(ru == rl, "%s: undo %s on the game, %s on the loaded one",
            w->row->name, canasta_error_name(ru), canasta_error_name(rl));
    REQ_MSG(th_games_equal(u, l) == 1, "%s: undo after a load differs",
            w->row->name);
    canasta_game_free(u);
    canasta_game_free(l);
    canasta_free(s2);
    canasta_free(s);
}

/* Position: read back, the same text and the same decision. */
static void check_position(walk *w)
{
    char *p = NULL, *p2 = NULL, why[512];
    size_t n = 0, n2 = 0;
    canasta_game *pg = NULL;
    int rc, seat = -1, seat2 = -2, phase2 = 0;
    REQ_RC(canasta_game_position(&p, &n, w->g), CANASTA_OK);
    REQ(p != NULL && strlen(p) == n);
    why[0] = '\0';
    rc = canasta_game_from_position(&pg, why, sizeof why, p, n);
    REQ_MSG(rc == CANASTA_OK, "%s: reading a position: %s: %s\n%s",
            w->row->name, canasta_error_name(rc), why, p);
    REQ_RC(canasta_game_position(&p2, &n2, pg), CANASTA_OK);
    REQ_MSG(n == n2 && memcmp(p, p2, n) == 0, "%s: position(from_position"
            "(p)) differs from p\n%s\n----\n%s", w->row->name, p, p2);
    REQ_RC(canasta_game_current_seat(&seat, w->g), CANASTA_OK);
    REQ_RC(canasta_game_current_seat(&seat2, pg), CANASTA_OK);
    REQ_RC(canasta_game_phase(&phase2, pg), CANASTA_OK);
    REQ_MSG(seat == seat2 && phase2 == phase_of(w->g), "%s: the position "
            "game has seat %d phase %d", w->row->name, seat2, phase2);
    same_legal_moves(w, w->g, pg, "the game read from its position");
    canasta_game_free(pg);
    canasta_free(p2);
    canasta_free(p);
}

static char *record_text(const canasta_record *rec, int viewer)
{
    char *t = NULL;
    size_t n = 0;
    REQ_RC(canasta_record_text(&t, &n, rec, viewer), CANASTA_OK);
    REQ(t != NULL && strlen(t) == n);
    return t;
}

/* Record: text fixed point, replay, hand reports. */
static void check_record(walk *w)
{
    char *t = record_text(w->rec, CANASTA_VIEW_ALL), *t2, why[512];
    canasta_record *back = NULL;
    canasta_game *rg = NULL;
    int rc, line = -1, viewer, side;
    size_t hands = 0, h;
    why[0] = '\0';
    rc = canasta_record_parse(&back, why, sizeof why, t, (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "%s: parsing a record: %s: %s\n%s",
            w->row->name, canasta_error_name(rc), why, t);
    t2 = record_text(back, CANASTA_VIEW_ALL);
    REQ_MSG(strcmp(t, t2) == 0, "%s: text(parse(text)) differs\n%s\n----\n"
            "%s", w->row->name, t, t2);
    canasta_free(t2);
    rc = canasta_record_replay(&rg, &line, why, sizeof why, back);
    REQ_MSG(rc == CANASTA_OK, "%s: replaying a record: %s at line %d: %s\n"
            "%s", w->row->name, canasta_error_name(rc), line, why, t);
    REQ_MSG(th_games_equal(rg, w->g) == 1, "%s: the record replays to "
            "another game\n%s", w->row->name, t);
    REQ_RC(canasta_record_hand_count(&hands, back), CANASTA_OK);
    REQ_MSG(hands == (size_t)w->n_res, "%s: the record finished %u hands, "
            "the game %d", w->row->name, (unsigned)hands, w->n_res);
    for (h = 0; h < hands; h++)
        for (side = 0; side < w->sides; side++) {
            int items[CANASTA_SCORE_ITEMS], total = 0;
            REQ_RC(canasta_record_hand_score(items, CANASTA_SCORE_ITEMS,
                                             &total, back, h, side),
                   CANASTA_OK);
            REQ_MSG(memcmp(items, w->res[h].items[side], sizeof items) == 0 &&
                    total == w->res[h].total[side], "%s: hand %u side %d: "
                    "the record's breakdown differs", w->row->name,
                    (unsigned)h, side);
        }
    canasta_game_free(rg);
    canasta_record_free(back);
    canasta_free(t);
    /* A seat's version (no seed, unseen cards as "??") is a fixed point
     * too. */
    viewer = (int)th_sm64_below(&w->sample, (size_t)w->players);
    t = record_text(w->rec, viewer);
    rc = canasta_record_parse(&back, why, sizeof why, t, (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "%s: parsing seat %d's record: %s: %s\n%s",
            w->row->name, viewer, canasta_error_name(rc), why, t);
    t2 = record_text(back, viewer);
    REQ_MSG(strcmp(t, t2) == 0, "%s: seat %d's record: text(parse(text)) "
            "differs\n%s\n----\n%s", w->row->name, viewer, t, t2);
    canasta_free(t2);
    canasta_record_free(back);
    canasta_free(t);
}

/* A3: undo to the hand's start, then replay. */
static void check_undo(walk *w)
{
    canasta_game *u = NULL;
    size_t i;
    REQ_RC(canasta_game_clone(&u, w->g), CANASTA_OK);
    for (i = 0; i < w->n_moves; i++) {
        int rc = canasta_undo(u);
        REQ_MSG(rc == CANASTA_OK, "%s: undo %u of %u: %s", w->row->name,
                (unsigned)i + 1, (unsigned)w->n_moves,
                canasta_error_name(rc));
    }
    REQ_RC(canasta_undo(u), CANASTA_E_NO_UNDO);
    REQ_MSG(th_games_equal(u, w->hand_start) == 1, "%s: undoing the %u "
            "moves of the hand does not give the game as dealt",
            w->row->name, (unsigned)w->n_moves);
    for (i = 0; i < w->n_moves; i++) {
        char why[256];
        int rc = canasta_apply(why, sizeof why, u, &w->moves[i]);
        REQ_MSG(rc == CANASTA_OK, "%s: replaying move %u after undo: %s "
                "(%s)", w->row->name, (unsigned)i, canasta_error_name(rc),
                why);
    }
    REQ_MSG(th_games_equal(u, w->g) == 1, "%s: undo and replay of %u moves "
            "does not give the same game", w->row->name,
            (unsigned)w->n_moves);
    canasta_game_free(u);
}

/* Move text: every legal move. */
static void check_move_text(walk *w)
{
    size_t i;
    th_list_moves(&w->ml, w->g);
    for (i = 0; i < w->ml.n; i++) {
        char text[CANASTA_MOVE_TEXT_MAX], text2[CANASTA_MOVE_TEXT_MAX];
        char why[256];
        canasta_move m;
        int eq = -1, rc;
        REQ_RC(canasta_move_to_string(text, sizeof text, &w->ml.v[i]),
               CANASTA_OK);
        why[0] = '\0';
        rc = canasta_move_from_string(&m, why, sizeof why, text, (size_t)-1,
                                      -1);
        REQ_MSG(rc == CANASTA_OK, "%s: \"%s\" does not parse: %s (%s)",
                w->row->name, text, canasta_error_name(rc), why);
        REQ_RC(canasta_move_equal(&eq, &m, &w->ml.v[i]), CANASTA_OK);
        REQ_MSG(eq == 1, "%s: \"%s\" parses to another move", w->row->name,
                text);
        REQ_RC(canasta_move_to_string(text2, sizeof text2, &m), CANASTA_OK);
        REQ_MSG(strcmp(text, text2) == 0, "%s: \"%s\" is written back as "
                "\"%s\"", w->row->name, text, text2);
    }
}

static void check_point(walk *w)
{
    switch (w->kind) {
    case CK_SAVE: check_save(w); break;
    case CK_POSITION: check_position(w); break;
    case CK_RECORD: check_record(w); break;
    case CK_UNDO: check_undo(w); break;
    default: check_move_text(w); break;
    }
    w->points++;
}

/* ---------------------------------------------------------------- */
/* Random games                                                       */
/* ---------------------------------------------------------------- */

/* A legal move: a meld or a pile take (when there is one) with
 * probability 3/4, else any legal move. */
static canasta_move pick_move(walk *w)
{
    size_t i, keen = 0, k;
    th_list_moves(&w->ml, w->g);
    REQ(w->ml.n > 0);
    for (i = 0; i < w->ml.n; i++)
        keen += w->ml.v[i].kind == CANASTA_MOVE_MELD ||
                w->ml.v[i].kind == CANASTA_MOVE_TAKE_PILE;
    if (keen && th_sm64_below(&w->play, 4) != 0) {
        k = th_sm64_below(&w->play, keen);
        for (i = 0; i < w->ml.n; i++)
            if ((w->ml.v[i].kind == CANASTA_MOVE_MELD ||
                 w->ml.v[i].kind == CANASTA_MOVE_TAKE_PILE) && k-- == 0)
                return w->ml.v[i];
    }
    return w->ml.v[th_sm64_below(&w->play, w->ml.n)];
}

static void note_result(walk *w)
{
    hand_result *h;
    int s;
    REQ(w->n_res < MAX_HANDS);
    h = &w->res[w->n_res++];
    for (s = 0; s < w->sides; s++) {
        REQ_RC(canasta_game_hand_score(h->items[s], CANASTA_SCORE_ITEMS,
                                       w->g, s), CANASTA_OK);
        REQ_RC(canasta_game_total(&h->total[s], w->g, s), CANASTA_OK);
    }
}

static void hand_begins(walk *w)
{
    w->n_moves = 0;
    if (!w->hand_start)
        REQ_RC(canasta_game_clone(&w->hand_start, w->g), CANASTA_OK);
    else
        REQ_RC(canasta_game_copy(w->hand_start, w->g), CANASTA_OK);
}

static void new_game(walk *w)
{
    uint64_t seed = w->row->seed * 1000u + (uint64_t)w->kind * 100u +
                    (uint64_t)w->games++;
    canasta_game_free(w->g);
    canasta_record_free(w->rec);
    w->g = NULL;
    w->rec = NULL;
    REQ_RC(canasta_game_create(&w->g, w->rules, seed), CANASTA_OK);
    if (w->kind == CK_RECORD)
        REQ_RC(canasta_record_create(&w->rec, w->g), CANASTA_OK);
    w->n_res = 0;
    hand_begins(w);
}

static void run_walk(const preset_row *row, int kind)
{
    walk w;
    int wanted = th_scaled(POINTS, LEAST_POINTS), gap;
    memset(&w, 0, sizeof w);
    w.row = row;
    w.kind = kind;
    w.play.state = row->seed + (uint64_t)kind;
    w.sample.state = row->seed * 31u + (uint64_t)kind;
    REQ_RC(canasta_rules_create(&w.rules, row->preset), CANASTA_OK);
    REQ_RC(canasta_rules_set(w.rules, CANASTA_OPT_TARGET_SCORE, TARGET),
           CANASTA_OK);
    REQ_RC(canasta_rules_get(&w.sides, w.rules, CANASTA_OPT_SIDES),
           CANASTA_OK);
    REQ_RC(canasta_rules_get(&w.players, w.rules, CANASTA_OPT_PLAYERS),
           CANASTA_OK);
    REQ(w.sides <= MAX_SIDES);
    new_game(&w);
    gap = 1 + (int)th_sm64_below(&w.sample, 2 * GAP);
    while (w.points < wanted) {
        canasta_move m;
        int was, now;
        REQ_MSG(w.moves_played < MOVE_GUARD, "%s: %ld moves for %d points",
                row->name, w.moves_played, w.points);
        if (phase_of(w.g) == CANASTA_PHASE_GAME_OVER) {
            new_game(&w);
            continue;
        }
        m = pick_move(&w);
        was = phase_of(w.g);
        th_ok(w.g, &m);
        w.moves_played++;
        if (w.rec)
            REQ_RC(canasta_record_update(w.rec, w.g), CANASTA_OK);
        now = phase_of(w.g);
        if (m.kind == CANASTA_MOVE_NEXT_HAND) {
            hand_begins(&w);
        } else {
            if (w.n_moves == w.cap_moves) {
                size_t cap = w.cap_moves ? 2 * w.cap_moves : 256;
                canasta_move *nm = realloc(w.moves, cap * sizeof *nm);
                REQ(nm != NULL);
                w.moves = nm;
                w.cap_moves = cap;
            }
            w.moves[w.n_moves++] = m;
        }
        if (!over(was) && over(now))
            note_result(&w);
        /* every hand's end, and every gap-th move */
        if ((!over(was) && over(now)) || --gap == 0) {
            check_point(&w);
            gap = 1 + (int)th_sm64_below(&w.sample, 2 * GAP);
        }
    }
    if (getenv("CANASTA_TEST_STATS"))
        fprintf(stderr, "%s kind %d: %d points, %ld moves, %d games\n",
                row->name, kind, w.points, w.moves_played, w.games);
    free(w.ml.v);
    free(w.ml2.v);
    free(w.moves);
    canasta_record_free(w.rec);
    canasta_game_free(w.hand_start);
    canasta_game_free(w.g);
    canasta_rules_free(w.rules);
}

/* ---------------------------------------------------------------- */
/* Tests                                                              */
/* ---------------------------------------------------------------- */

/* Five tests for each variant preset: id names the preset (its rule),
 * row its line of rows[]. */
#define ROUND_TRIP_TESTS(id, row)                                          \
    START_TEST(test_##id##_A3_save_load_round_trip)                        \
    {                                                                      \
        run_walk(&rows[row], CK_SAVE);                                     \
    }                                                                      \
    END_TEST                                                               \
    START_TEST(test_##id##_position_round_trip)                            \
    {                                                                      \
        run_walk(&rows[row], CK_POSITION);                                 \
    }                                                                      \
    END_TEST                                                               \
    START_TEST(test_##id##_record_round_trip)                              \
    {                                                                      \
        run_walk(&rows[row], CK_RECORD);                                   \
    }                                                                      \
    END_TEST                                                               \
    START_TEST(test_##id##_A3_undo_to_hand_start_and_replay)               \
    {                                                                      \
        run_walk(&rows[row], CK_UNDO);                                     \
    }                                                                      \
    END_TEST                                                               \
    START_TEST(test_##id##_move_text_round_trip)                           \
    {                                                                      \
        run_walk(&rows[row], CK_MOVE_TEXT);                                \
    }                                                                      \
    END_TEST

ROUND_TRIP_TESTS(X2, 0)
ROUND_TRIP_TESTS(X3, 1)
ROUND_TRIP_TESTS(X6_three_sides, 2)
ROUND_TRIP_TESTS(X6_two_sides, 3)

#define ADD_ROUND_TRIP_TESTS(tc, id)                                       \
    do {                                                                   \
        tcase_add_test(tc, test_##id##_A3_save_load_round_trip);           \
        tcase_add_test(tc, test_##id##_position_round_trip);               \
        tcase_add_test(tc, test_##id##_record_round_trip);                 \
        tcase_add_test(tc, test_##id##_A3_undo_to_hand_start_and_replay);  \
        tcase_add_test(tc, test_##id##_move_text_round_trip);              \
    } while (0)

Suite *suite_variant_roundtrips(void)
{
    Suite *s = suite_create("variant_roundtrips");
    TCase *tc = tcase_create("round_trips");
    tcase_set_timeout(tc, 60);
    ADD_ROUND_TRIP_TESTS(tc, X2);
    ADD_ROUND_TRIP_TESTS(tc, X3);
    ADD_ROUND_TRIP_TESTS(tc, X6_three_sides);
    ADD_ROUND_TRIP_TESTS(tc, X6_two_sides);
    suite_add_tcase(s, tc);
    return s;
}
