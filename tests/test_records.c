/*
 * Game records (docs/NOTATION.md, "Records"): canasta_record_create,
 * update, text, parse and replay, and the move notation they rely on.
 *
 * Games come from seeded random play (the splitmix64 generator of
 * helpers.h, never rand()): legal moves with a preference for melding and
 * taking the pile, so that hands end by going out as well as by the empty
 * stock (E1), and games reach their target (S6).
 *
 * The example records in examples/records are made by this file: run the
 * test program with CANASTA_WRITE_RECORDS=DIR to write them to DIR.  With
 * CANASTA_SRCDIR set (as "make check" does), the committed ones are
 * checked to replay as their comments say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define NSEATS 4
#define NSIDES 2
#define MAX_HANDS 200


/* ---------------------------------------------------------------- */
/* Games to record                                                    */
/* ---------------------------------------------------------------- */

typedef struct {
    int items[NSIDES][CANASTA_SCORE_ITEMS];
    int total[NSIDES];
} hand_result;

typedef struct {
    canasta_game *g;
    canasta_record *rec;
    hand_result res[MAX_HANDS];
    int n_res;
    long moves;
} played;

static canasta_game *new_game(uint64_t seed, int target)
{
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    REQ_RC(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), CANASTA_OK);
    if (target)
        REQ_RC(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, target),
               CANASTA_OK);
    REQ_RC(canasta_game_create(&g, rules, seed), CANASTA_OK);
    canasta_rules_free(rules);
    return g;
}

static int phase_of(const canasta_game *g)
{
    int ph = 0;
    REQ_RC(canasta_game_phase(&ph, g), CANASTA_OK);
    return ph;
}

static int in_play(const canasta_game *g)
{
    int ph = phase_of(g);
    return ph == CANASTA_PHASE_DRAW || ph == CANASTA_PHASE_PLAY ||
           ph == CANASTA_PHASE_ANSWER;
}

/* A legal move: a meld or a pile take (when there is one) with
 * probability 3/4, else any legal move. */
static canasta_move pick_move(const canasta_game *g, th_movelist *ml,
                              th_sm64 *r)
{
    size_t keen[512], nk = 0;
    th_list_moves(ml, g);
    REQ(ml->n > 0);
    for (size_t i = 0; i < ml->n && nk < 512; i++)
        if (ml->v[i].kind == CANASTA_MOVE_MELD ||
            ml->v[i].kind == CANASTA_MOVE_TAKE_PILE)
            keen[nk++] = i;
    if (nk && th_sm64_below(r, 4) != 0)
        return ml->v[keen[th_sm64_below(r, nk)]];
    return ml->v[th_sm64_below(r, ml->n)];
}

static void note_result(played *p)
{
    REQ(p->n_res < MAX_HANDS);
    hand_result *h = &p->res[p->n_res++];
    for (int s = 0; s < NSIDES; s++) {
        REQ_RC(canasta_game_hand_score(h->items[s], CANASTA_SCORE_ITEMS,
                                       p->g, s), CANASTA_OK);
        REQ_RC(canasta_game_total(&h->total[s], p->g, s), CANASTA_OK);
    }
}

/* Play g from its current state, recording it, until game over or
 * max_hands hands have ended.  every: 1 updates the record after every
 * move; 0 after a random number of moves (always before NEXT_HAND). */
static void play(played *p, uint64_t seed, int max_hands, int every)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r, gaps;
    int since = 0, gap = 1;
    r.state = seed * 7919u + 17u;
    gaps.state = seed + 1;
    REQ_RC(canasta_record_create(&p->rec, p->g), CANASTA_OK);
    if (!in_play(p->g))
        note_result(p);
    while (phase_of(p->g) != CANASTA_PHASE_GAME_OVER) {
        canasta_move m = pick_move(p->g, &ml, &r);
        if (m.kind == CANASTA_MOVE_NEXT_HAND) {
            if (p->n_res >= max_hands)
                break;
            REQ_RC(canasta_record_update(p->rec, p->g), CANASTA_OK);
        }
        int was = in_play(p->g);
        th_ok(p->g, &m);
        p->moves++;
        if ((was && !in_play(p->g)) ||
            (m.kind == CANASTA_MOVE_NEXT_HAND && !in_play(p->g)))
            note_result(p);
        if (every || ++since >= gap) {
            REQ_RC(canasta_record_update(p->rec, p->g), CANASTA_OK);
            since = 0;
            gap = 1 + (int)th_sm64_below(&gaps, 40);
        }
    }
    REQ_RC(canasta_record_update(p->rec, p->g), CANASTA_OK);
    free(ml.v);
}

static void played_free(played *p)
{
    canasta_record_free(p->rec);
    canasta_game_free(p->g);
    memset(p, 0, sizeof *p);
}

static char *text_of(const canasta_record *rec, int viewer)
{
    char *t = NULL;
    size_t len = 0;
    REQ_RC(canasta_record_text(&t, &len, rec, viewer), CANASTA_OK);
    REQ(t != NULL && strlen(t) == len);
    return t;
}

/* Equal texts; on a difference, both go to $TMPDIR (or /tmp) as
 * records-NAME-{got,want}.txt for diff. */
static void same_text(const char *got, const char *want, const char *name)
{
    if (strcmp(got, want) == 0)
        return;
    const char *dir = getenv("TMPDIR");
    char path[512];
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/records-%s-%s.txt",
                 dir && *dir ? dir : "/tmp", name, i ? "want" : "got");
        FILE *f = fopen(path, "w");
        if (f) {
            fputs(i ? want : got, f);
            fclose(f);
        }
    }
    ck_abort_msg("%s: the texts differ (see %s)", name, path);
}

static canasta_record *parse_ok(const char *text)
{
    canasta_record *rec = NULL;
    char why[512];
    int rc = canasta_record_parse(&rec, why, sizeof why, text, (size_t)-1);
    if (rc != CANASTA_OK)
        ck_abort_msg("parse: %s: %s", canasta_error_name(rc), why);
    return rec;
}

/* Replay rec; it must give a game equal to g and the hand results res. */
static void expect_replay(canasta_record *rec, const played *p)
{
    canasta_game *g2 = NULL;
    char why[512];
    int line = -1;
    int rc = canasta_record_replay(&g2, &line, why, sizeof why, rec);
    if (rc != CANASTA_OK)
        ck_abort_msg("replay: %s at line %d: %s", canasta_error_name(rc),
                     line, why);
    REQ(th_games_equal(g2, p->g) == 1);
    size_t n = 0;
    REQ_RC(canasta_record_hand_count(&n, rec), CANASTA_OK);
    ck_assert_uint_eq(n, (size_t)p->n_res);
    for (size_t h = 0; h < n; h++)
        for (int s = 0; s < NSIDES; s++) {
            int items[CANASTA_SCORE_ITEMS], total = 0;
            REQ_RC(canasta_record_hand_score(items, CANASTA_SCORE_ITEMS,
                                             &total, rec, h, s), CANASTA_OK);
            REQ(memcmp(items, p->res[h].items[s], sizeof items) == 0);
            REQ(total == p->res[h].total[s]);
        }
    canasta_game_free(g2);
}

/* The line number of the line starting with `prefix` (1-based), or 0. */
static int line_of(const char *text, const char *prefix)
{
    int ln = 1;
    size_t k = strlen(prefix);
    for (const char *s = text; *s; ln++) {
        if (strncmp(s, prefix, k) == 0)
            return ln;
        s = strchr(s, '\n');
        if (!s)
            break;
        s++;
    }
    return 0;
}

/* ---------------------------------------------------------------- */
/* Round trips of whole games                                         */
/* ---------------------------------------------------------------- */

/* A record made move by move replays to an equal game (A4), with the
 * per-hand scores (S1-S5) seen during play; its text is canonical. */
START_TEST(test_record_replays_random_games_to_game_over)
{
    for (int k = 0; k < 6; k++) {
        played p;
        memset(&p, 0, sizeof p);
        p.g = new_game(UINT64_C(1000) + (uint64_t)k, k < 3 ? 0 : 2500);
        play(&p, UINT64_C(1000) + (uint64_t)k, MAX_HANDS, 1);
        ck_assert_int_eq(phase_of(p.g), CANASTA_PHASE_GAME_OVER);
        ck_assert_int_gt(p.n_res, 1);

        expect_replay(p.rec, &p);
        char *t1 = text_of(p.rec, CANASTA_VIEW_ALL);
        canasta_record *r2 = parse_ok(t1);
        expect_replay(r2, &p);
        char *t2 = text_of(r2, CANASTA_VIEW_ALL);
        ck_assert_str_eq(t1, t2);
        /* Every hand ends with "S next" and the next "hand N". */
        ck_assert_int_eq(line_of(t1, "canasta-record 1"), 1);
        ck_assert(strstr(t1, "\nhand 2\n") != NULL);
        ck_assert(strstr(t1, "\n= gameover winner ") != NULL);
        canasta_free(t1);
        canasta_free(t2);
        canasta_record_free(r2);
        played_free(&p);
    }
}
END_TEST

/* Updating every few moves (and before each NEXT_HAND) records the same
 * as updating after every move. */
START_TEST(test_record_sparse_updates_give_the_same_record)
{
    for (int k = 0; k < 3; k++) {
        played a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        a.g = new_game(UINT64_C(77) + (uint64_t)k, 0);
        b.g = new_game(UINT64_C(77) + (uint64_t)k, 0);
        play(&a, UINT64_C(5) + (uint64_t)k, 3, 1);
        play(&b, UINT64_C(5) + (uint64_t)k, 3, 0);
        ck_assert_int_eq(th_games_equal(a.g, b.g), 1);
        char *ta = text_of(a.rec, CANASTA_VIEW_ALL);
        char *tb = text_of(b.rec, CANASTA_VIEW_ALL);
        ck_assert_str_eq(ta, tb);
        expect_replay(b.rec, &a);
        canasta_free(ta);
        canasta_free(tb);
        played_free(&a);
        played_free(&b);
    }
}
END_TEST

/* A record started in the middle of a hand includes the moves already
 * made; one started in a later hand writes the hand's start values. */
START_TEST(test_record_started_mid_game)
{
    canasta_game *g = new_game(99, 0);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 3;
    /* Play into the third hand. */
    int hands = 0;
    while (hands < 2 || phase_of(g) != CANASTA_PHASE_PLAY) {
        canasta_move m = pick_move(g, &ml, &r);
        if (m.kind == CANASTA_MOVE_NEXT_HAND)
            hands++;
        th_ok(g, &m);
    }
    played p;
    memset(&p, 0, sizeof p);
    p.g = g;
    play(&p, 11, 2, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    ck_assert(strstr(t, "\nhand 3\n") != NULL);
    ck_assert(strstr(t, "\nstart-totals ") != NULL);
    ck_assert(strstr(t, "\nstart-last-hand ") != NULL);
    ck_assert(strstr(t, "\nstart-last-score 1 ") != NULL);
    ck_assert(strstr(t, "\nhand 1\n") == NULL);
    canasta_record *r2 = parse_ok(t);
    /* The results of hands before the record are not in it. */
    p.n_res = 0;
    {
        size_t n = 0;
        canasta_game *g2 = NULL;
        REQ_RC(canasta_record_replay(&g2, NULL, NULL, 0, r2), CANASTA_OK);
        ck_assert_int_eq(th_games_equal(g2, p.g), 1);
        REQ_RC(canasta_record_hand_count(&n, r2), CANASTA_OK);
        ck_assert_uint_eq(n, 2);
        canasta_game_free(g2);
    }
    char *t2 = text_of(r2, CANASTA_VIEW_ALL);
    ck_assert_str_eq(t, t2);
    canasta_free(t);
    canasta_free(t2);
    canasta_record_free(r2);
    played_free(&p);
    free(ml.v);
}
END_TEST

/* A hand dealt from a custom deck (canasta_game_set_deck) writes its deck,
 * in the first hand and after NEXT_HAND. */
START_TEST(test_record_custom_decks)
{
    canasta_game *g = new_game(4, 0);
    uint8_t deck[108];
    size_t n = 0;
    th_sm64 r;
    r.state = 42;
    REQ_RC(canasta_game_deck(deck, sizeof deck, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, 108);
    /* reverse the deck */
    for (size_t i = 0; i < n / 2; i++) {
        uint8_t t = deck[i];
        deck[i] = deck[n - 1 - i];
        deck[n - 1 - i] = t;
    }
    played p;
    memset(&p, 0, sizeof p);
    p.g = g;
    /* The record sees the set_deck made before the hand's first move. */
    REQ_RC(canasta_record_create(&p.rec, g), CANASTA_OK);
    REQ_RC(canasta_game_set_deck(g, deck, n), CANASTA_OK);
    REQ_RC(canasta_record_update(p.rec, g), CANASTA_OK);
    {
        th_movelist ml = { NULL, 0, 0 };
        while (in_play(g)) {
            canasta_move m = pick_move(g, &ml, &r);
            th_ok(g, &m);
            REQ_RC(canasta_record_update(p.rec, g), CANASTA_OK);
        }
        note_result(&p);
        /* Next hand, with a custom deck again (rotated by one). */
        canasta_move nx = pick_move(g, &ml, &r);
        ck_assert_int_eq(nx.kind, CANASTA_MOVE_NEXT_HAND);
        th_ok(g, &nx);
        REQ_RC(canasta_game_deck(deck, sizeof deck, &n, g), CANASTA_OK);
        uint8_t first = deck[0];
        memmove(deck, deck + 1, n - 1);
        deck[n - 1] = first;
        REQ_RC(canasta_game_set_deck(g, deck, n), CANASTA_OK);
        for (int i = 0; i < 30 && in_play(g); i++) {
            canasta_move m = pick_move(g, &ml, &r);
            th_ok(g, &m);
        }
        if (!in_play(g))
            note_result(&p);
        REQ_RC(canasta_record_update(p.rec, g), CANASTA_OK);
        free(ml.v);
    }
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    ck_assert_int_ne(line_of(t, "deck "), 0);
    ck_assert(strstr(strstr(t, "\nhand 2\n"), "\ndeck ") != NULL);
    canasta_record *r2 = parse_ok(t);
    expect_replay(r2, &p);
    /* A seat's view has no deck. */
    char *v = text_of(p.rec, 1);
    ck_assert(strstr(v, "\ndeck ") == NULL);
    ck_assert(strstr(v, "\nseed ") == NULL);
    ck_assert(strstr(v, "\nview 1\n") != NULL);
    canasta_free(v);
    canasta_free(t);
    canasta_record_free(r2);
    played_free(&p);
}
END_TEST

/* A game made from a position: its record holds the position, and
 * replays to an equal game. */
START_TEST(test_record_of_a_game_from_a_position)
{
    canasta_game *g0 = new_game(321, 0);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 8;
    for (int i = 0; i < 25; i++) {
        canasta_move m = pick_move(g0, &ml, &r);
        th_ok(g0, &m);
    }
    char *pos = NULL, why[512];
    REQ_RC(canasta_game_position(&pos, NULL, g0), CANASTA_OK);
    played p;
    memset(&p, 0, sizeof p);
    int rc = canasta_game_from_position(&p.g, why, sizeof why, pos,
                                        (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "from_position: %s", why);
    play(&p, 12, 2, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    ck_assert_int_ne(line_of(t, "begin position"), 0);
    ck_assert_int_ne(line_of(t, "end position"), 0);
    canasta_record *r2 = parse_ok(t);
    expect_replay(r2, &p);
    char *t2 = text_of(r2, CANASTA_VIEW_ALL);
    ck_assert_str_eq(t, t2);
    /* A seat's view of it parses; its position hides the other hands. */
    char *v = text_of(p.rec, 2);
    canasta_record *rv = parse_ok(v);
    char *v2 = text_of(rv, 2);
    ck_assert_str_eq(v, v2);
    REQ_RC(canasta_record_replay(NULL, NULL, NULL, 0, rv), CANASTA_E_HIDDEN);
    canasta_free(v);
    canasta_free(v2);
    canasta_record_free(rv);
    canasta_free(t);
    canasta_free(t2);
    canasta_free(pos);
    canasta_record_free(r2);
    played_free(&p);
    canasta_game_free(g0);
    free(ml.v);
}
END_TEST

/* A1: a seat's view hides what others drew and shows the seat's own
 * dealt hand; it parses, writes back the same, and cannot be replayed. */
START_TEST(test_record_views)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(2024, 0);
    play(&p, 2024, 2, 1);
    char *full = text_of(p.rec, CANASTA_VIEW_ALL);
    for (int seat = 0; seat < NSEATS; seat++) {
        char *v = text_of(p.rec, seat);
        char want[64];
        snprintf(want, sizeof want, "\nview %d\n", seat);
        ck_assert(strstr(v, want) != NULL);
        ck_assert(strstr(v, "\nseed ") == NULL);
        snprintf(want, sizeof want, "\n= %d dealt ", seat);
        ck_assert(strstr(v, want) != NULL);
        /* another seat's draw is hidden, the seat's own is shown */
        snprintf(want, sizeof want, "\n= %d drew ??", (seat + 1) % NSEATS);
        ck_assert(strstr(v, want) != NULL);
        snprintf(want, sizeof want, "\n= %d drew ??", seat);
        ck_assert(strstr(v, want) == NULL);
        ck_assert(strstr(full, "??") == NULL);

        /* the same view from the full record read back */
        canasta_record *rf = parse_ok(full);
        char *vf = text_of(rf, seat);
        ck_assert_str_eq(v, vf);
        canasta_free(vf);
        canasta_record_free(rf);

        canasta_record *rv = parse_ok(v);
        char *v2 = text_of(rv, seat);
        ck_assert_str_eq(v, v2);
        canasta_free(v2);
        v2 = text_of(rv, CANASTA_VIEW_ALL);
        ck_assert_str_eq(v, v2);
        canasta_free(v2);
        char *t = NULL;
        ck_assert_int_eq(canasta_record_text(&t, NULL, rv, (seat + 1) % 4),
                         CANASTA_E_HIDDEN);
        char why[256];
        int line = 0;
        ck_assert_int_eq(canasta_record_replay(NULL, &line, why, sizeof why,
                                               rv), CANASTA_E_HIDDEN);
        ck_assert_int_eq(line, line_of(v, "view "));
        snprintf(want, sizeof want, "line %d: this is seat %d's view", line,
                 seat);
        ck_assert_msg(strncmp(why, want, strlen(want)) == 0, "%s", why);
        canasta_record_free(rv);
        canasta_free(v);
    }
    canasta_free(full);
    played_free(&p);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Update                                                             */
/* ---------------------------------------------------------------- */

START_TEST(test_record_update_refuses_other_games)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 1;
    canasta_game *g = new_game(5, 0), *other = new_game(6, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    /* another seed */
    ck_assert_int_eq(canasta_record_update(rec, other), CANASTA_E_ARG);
    canasta_move seq[6];
    for (int i = 0; i < 6; i++) {
        seq[i] = pick_move(g, &ml, &r);
        th_ok(g, &seq[i]);
    }
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    /* a different move in place of a recorded one: the last (as many
     * moves as the record), or an earlier one (fewer moves) */
    for (int undos = 1, fewer = 0; undos <= 6 && fewer < 2; undos++) {
        int diverged = 0;
        canasta_game *c = NULL;
        REQ_RC(canasta_game_clone(&c, g), CANASTA_OK);
        for (int k = 0; k < undos; k++)
            REQ_RC(canasta_undo(c), CANASTA_OK);
        th_list_moves(&ml, c);
        for (size_t i = 0; i < ml.n && !diverged; i++) {
            int eq = 0;
            REQ_RC(canasta_move_equal(&eq, &ml.v[i], &seq[6 - undos]),
                   CANASTA_OK);
            if (eq)
                continue;
            th_ok(c, &ml.v[i]);
            ck_assert_int_eq(canasta_record_update(rec, c), CANASTA_E_ARG);
            diverged = 1;
        }
        /* with this seed the last recorded move has another choice */
        ck_assert(diverged || undos > 1);
        fewer += diverged;
        canasta_game_free(c);
        ck_assert(fewer == 2 || undos < 6);
    }
    /* A3: undo takes back a recorded move: the record follows it */
    canasta_game *u = NULL;
    REQ_RC(canasta_game_clone(&u, g), CANASTA_OK);
    REQ_RC(canasta_undo(u), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, u), CANASTA_OK);
    /* other rules */
    {
        canasta_rules *rules = NULL;
        canasta_game *g2 = NULL;
        REQ_RC(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
               CANASTA_OK);
        REQ_RC(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 3000),
               CANASTA_OK);
        REQ_RC(canasta_game_create(&g2, rules, 5), CANASTA_OK);
        ck_assert_int_eq(canasta_record_update(rec, g2), CANASTA_E_ARG);
        canasta_game_free(g2);
        canasta_rules_free(rules);
    }
    /* The record still holds its moves and replays. */
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    canasta_game *back = NULL;
    REQ_RC(canasta_record_replay(&back, NULL, NULL, 0, rec), CANASTA_OK);
    ck_assert_int_eq(th_games_equal(back, g), 1);
    canasta_game_free(back);
    canasta_game_free(u);
    canasta_game_free(g);
    canasta_game_free(other);
    canasta_record_free(rec);
    ck_assert_int_eq(canasta_record_update(NULL, g), CANASTA_E_NULL);
    free(ml.v);
}
END_TEST

/* A record read back from text goes on recording the replayed game as it
 * continues: the same text as a record kept from the start. */
START_TEST(test_record_parsed_record_keeps_recording)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(909, 0);
    play(&p, 909, 1, 1);
    /* stop in the middle of hand 2 */
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 4;
    for (int i = 0; i < 15; i++) {
        canasta_move m = pick_move(p.g, &ml, &r);
        th_ok(p.g, &m);
        REQ_RC(canasta_record_update(p.rec, p.g), CANASTA_OK);
    }
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    canasta_record *r2 = parse_ok(t);
    canasta_game *g2 = NULL;
    REQ_RC(canasta_record_replay(&g2, NULL, NULL, 0, r2), CANASTA_OK);
    ck_assert_int_eq(th_games_equal(g2, p.g), 1);
    /* both go on with the same moves to the end of hand 3 */
    int hands = 0;
    while (hands < 2 && phase_of(p.g) != CANASTA_PHASE_GAME_OVER) {
        canasta_move m = pick_move(p.g, &ml, &r);
        hands += m.kind == CANASTA_MOVE_NEXT_HAND;
        th_ok(p.g, &m);
        th_ok(g2, &m);
        REQ_RC(canasta_record_update(p.rec, p.g), CANASTA_OK);
        REQ_RC(canasta_record_update(r2, g2), CANASTA_OK);
    }
    char *a = text_of(p.rec, CANASTA_VIEW_ALL);
    char *b = text_of(r2, CANASTA_VIEW_ALL);
    same_text(b, a, "continued");
    canasta_free(a);
    canasta_free(b);
    canasta_free(t);
    canasta_game_free(g2);
    canasta_record_free(r2);
    played_free(&p);
    free(ml.v);
}
END_TEST

/* A record read from text that ends with "S next" goes on with the hand
 * that move dealt. */
START_TEST(test_record_parsed_record_ending_with_next)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(919, 0);
    play(&p, 919, 2, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    /* cut after the first "next": the end of hand 1 */
    const char *h2 = strstr(t, "\n\nhand 2\n");
    ck_assert_ptr_nonnull(h2);
    size_t cut = (size_t)(h2 - t) + 1;
    canasta_record *r2 = NULL;
    char why[256];
    REQ_RC(canasta_record_parse(&r2, why, sizeof why, t, cut), CANASTA_OK);
    canasta_game *g2 = NULL;
    REQ_RC(canasta_record_replay(&g2, NULL, NULL, 0, r2), CANASTA_OK);
    int hand = 0;
    REQ_RC(canasta_game_hand_number(&hand, g2), CANASTA_OK);
    ck_assert_int_eq(hand, 2);
    REQ_RC(canasta_record_update(r2, g2), CANASTA_OK);
    /* now the same as the original up to hand 2's deal events */
    char *t2 = text_of(r2, CANASTA_VIEW_ALL);
    const char *first_move = h2 + 2;
    while (*first_move == '=' || strncmp(first_move, "hand", 4) == 0 ||
           strncmp(first_move, "dealer", 6) == 0)
        first_move = strchr(first_move, '\n') + 1;
    ck_assert_uint_eq(strlen(t2), (size_t)(first_move - t));
    ck_assert(strncmp(t2, t, strlen(t2)) == 0);
    canasta_free(t2);
    canasta_free(t);
    canasta_game_free(g2);
    canasta_record_free(r2);
    played_free(&p);
}
END_TEST

/* A record must see the last moves of a hand before NEXT_HAND; a hand
 * skipped altogether is refused too. */
START_TEST(test_record_update_needs_the_end_of_each_hand)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 10;
    canasta_game *g = new_game(31, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    int n = 0;
    while (in_play(g)) {
        canasta_move m = pick_move(g, &ml, &r);
        th_ok(g, &m);
        if (++n == 10)
            REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    }
    canasta_game *late = NULL;
    REQ_RC(canasta_game_clone(&late, g), CANASTA_OK);
    canasta_move nx = pick_move(late, &ml, &r);
    th_ok(late, &nx);
    /* The end of hand 1 was never seen by the record. */
    ck_assert_int_eq(canasta_record_update(rec, late), CANASTA_E_ARG);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    /* Two hands on: refused. */
    canasta_game *far = NULL;
    REQ_RC(canasta_game_clone(&far, late), CANASTA_OK);
    while (in_play(far)) {
        canasta_move m = pick_move(far, &ml, &r);
        th_ok(far, &m);
    }
    if (phase_of(far) == CANASTA_PHASE_HAND_OVER) {
        canasta_move m = pick_move(far, &ml, &r);
        th_ok(far, &m);
        ck_assert_int_eq(canasta_record_update(rec, far), CANASTA_E_ARG);
    }
    ck_assert_int_eq(canasta_record_update(rec, late), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, late), CANASTA_OK);
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    ck_assert(strstr(t, " next\n\nhand 2\n") != NULL);
    canasta_free(t);
    canasta_game_free(far);
    canasta_game_free(late);
    canasta_game_free(g);
    canasta_record_free(rec);
    free(ml.v);
}
END_TEST

/* Records use the game's allocator, and give everything back. */
typedef struct {
    long live, calls;
} counting;

static void *count_alloc(void *user, size_t n)
{
    counting *c = user;
    c->live++;
    c->calls++;
    return malloc(n);
}

static void count_release(void *user, void *p)
{
    counting *c = user;
    c->live--;
    free(p);
}

START_TEST(test_record_uses_the_games_allocator)
{
    counting c = { 0, 0 };
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    REQ_RC(canasta_rules_create_with_allocator(&rules, CANASTA_PRESET_CLASSIC,
                                               count_alloc, count_release,
                                               &c), CANASTA_OK);
    REQ_RC(canasta_game_create(&g, rules, 8), CANASTA_OK);
    long before = c.calls;
    played p;
    memset(&p, 0, sizeof p);
    p.g = g;
    play(&p, 8, 2, 1);
    ck_assert_int_gt(c.calls, before);
    char *t = text_of(p.rec, 0);
    canasta_free(t);
    played_free(&p);
    canasta_rules_free(rules);
    ck_assert_int_eq(c.live, 0);
}
END_TEST

/* An allocator that fails once, at its fail_at-th call. */
typedef struct {
    long calls, fail_at, live;
} failing;

static void *fail_alloc(void *user, size_t n)
{
    failing *f = user;
    if (++f->calls == f->fail_at)
        return NULL;
    f->live++;
    return malloc(n);
}

static void fail_release(void *user, void *p)
{
    failing *f = user;
    f->live--;
    free(p);
}

/* E_NOMEM at every allocation of create, update and text in turn: the
 * call fails cleanly, and trying again gives the same record. */
START_TEST(test_record_out_of_memory)
{
    char *want = NULL;
    int failed_somewhere = 1;
    for (long k = 1; failed_somewhere; k++) {
        failing f = { 0, 0, 0 };
        canasta_rules *rules = NULL;
        canasta_game *g = NULL;
        canasta_record *rec = NULL;
        th_movelist ml = { NULL, 0, 0 };
        th_sm64 r;
        int rc, hands = 0, after = 0, nomem = 0;
        char *t = NULL;
        r.state = 12;
        REQ_RC(canasta_rules_create_with_allocator(&rules,
                   CANASTA_PRESET_CLASSIC, fail_alloc, fail_release, &f),
               CANASTA_OK);
        REQ_RC(canasta_game_create(&g, rules, 12), CANASTA_OK);
        f.fail_at = f.calls + k;
        while ((rc = canasta_record_create(&rec, g)) == CANASTA_E_NOMEM)
            nomem++;
        REQ_RC(rc, CANASTA_OK);
        /* one hand and ten moves of the next */
        while (hands < 1 || after < 10) {
            canasta_move m = pick_move(g, &ml, &r);
            hands += m.kind == CANASTA_MOVE_NEXT_HAND;
            after += hands > 0;
            th_ok(g, &m);
            while ((rc = canasta_record_update(rec, g)) == CANASTA_E_NOMEM)
                nomem++;
            REQ_RC(rc, CANASTA_OK);
        }
        while ((rc = canasta_record_text(&t, NULL, rec, 1)) ==
               CANASTA_E_NOMEM)
            nomem++;
        REQ_RC(rc, CANASTA_OK);
        REQ(nomem <= 1);
        failed_somewhere = f.calls >= f.fail_at;
        if (!want) {
            want = malloc(strlen(t) + 1);
            strcpy(want, t);
        } else
            ck_assert_str_eq(t, want);
        canasta_free(t);
        canasta_record_free(rec);
        canasta_game_free(g);
        canasta_rules_free(rules);
        ck_assert_int_eq(f.live, 0);
        free(ml.v);
    }
    free(want);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Text forms                                                         */
/* ---------------------------------------------------------------- */

/* parse(format(m)) == m for every legal move of many random positions. */
START_TEST(test_record_move_text_round_trip)
{
    th_movelist ml = { NULL, 0, 0 };
    long checked = 0;
    for (int k = 0; k < 6; k++) {
        canasta_game *g = new_game(UINT64_C(500) + (uint64_t)k, 0);
        th_sm64 r;
        r.state = (uint64_t)k + 1;
        for (int step = 0; step < 400; step++) {
            if (phase_of(g) == CANASTA_PHASE_GAME_OVER)
                break;
            th_list_moves(&ml, g);
            for (size_t i = 0; i < ml.n; i++) {
                char buf[CANASTA_MOVE_TEXT_MAX], why[256];
                canasta_move back;
                int eq = 0;
                REQ_RC(canasta_move_to_string(buf, sizeof buf, &ml.v[i]),
                       CANASTA_OK);
                if (canasta_move_from_string(&back, why, sizeof why, buf,
                                             (size_t)-1, -1) != CANASTA_OK)
                    ck_abort_msg("\"%s\": %s", buf, why);
                REQ_RC(canasta_move_equal(&eq, &ml.v[i], &back), CANASTA_OK);
                if (!eq)
                    ck_abort_msg("\"%s\" reads back as another move", buf);
                checked++;
            }
            canasta_move m = pick_move(g, &ml, &r);
            th_ok(g, &m);
        }
        canasta_game_free(g);
    }
    ck_assert_int_gt(checked, 10000);
    free(ml.v);
}
END_TEST

/* A hand-written record: comments, blank lines, extra spaces, other card
 * spellings, missing events.  Its canonical text is the engine's; reading
 * that again writes the same bytes. */
START_TEST(test_record_canonical_text)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(55, 0);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 55;
    REQ_RC(canasta_record_create(&p.rec, p.g), CANASTA_OK);
    for (int i = 0; i < 40; i++) {
        canasta_move m = pick_move(p.g, &ml, &r);
        th_ok(p.g, &m);
    }
    REQ_RC(canasta_record_update(p.rec, p.g), CANASTA_OK);
    char *canon = text_of(p.rec, CANASTA_VIEW_ALL);
    /* Rewrite it loosely: drop the events of most moves, add comments,
     * spaces, and write "10" as "T" and suits in upper case. */
    size_t cap = strlen(canon) * 2 + 1000, n = 0;
    char *loose = malloc(cap);
    int moves = 0;
    n += (size_t)sprintf(loose + n, "# a record written by hand\n\n");
    for (const char *s = canon; *s;) {
        const char *e = strchr(s, '\n');
        size_t len = (size_t)(e - s);
        char line[4200];
        memcpy(line, s, len);
        line[len] = '\0';
        s = e + 1;
        /* the events of every third move (and of the deal) stay */
        if (line[0] == '=' && moves % 3 != 0)
            continue;
        if (line[0] >= '0' && line[0] <= '9') {
            moves++;
            /* "  2   meld 10H 10d ..." */
            n += (size_t)sprintf(loose + n, "  ");
            for (char *c = line; *c; c++) {
                if (c[0] == '1' && c[1] == '0' && (c == line || c[-1] == ' ')) {
                    loose[n++] = 'T';
                    c++;
                } else if (*c == ' ') {
                    n += (size_t)sprintf(loose + n, "   ");
                } else if (*c == 'h' || *c == 's') {
                    loose[n++] = (char)(*c - 32);
                } else {
                    loose[n++] = *c;
                }
            }
            n += (size_t)sprintf(loose + n, "   \r\n# comment\n");
        } else {
            n += (size_t)sprintf(loose + n, "%s\n", line);
        }
    }
    loose[n] = '\0';
    canasta_record *r2 = parse_ok(loose);
    char *t2 = text_of(r2, CANASTA_VIEW_ALL);
    same_text(t2, canon, "canonical");
    canasta_record *r3 = parse_ok(t2);
    char *t3 = text_of(r3, CANASTA_VIEW_ALL);
    ck_assert_str_eq(t3, t2);
    canasta_free(t2);
    canasta_free(t3);
    canasta_record_free(r2);
    canasta_record_free(r3);
    free(loose);
    canasta_free(canon);
    played_free(&p);
    free(ml.v);
}
END_TEST

/* The beginning of a record, as ISSUE/NOTATION describe it. */
START_TEST(test_record_text_layout)
{
    canasta_game *g = new_game(1, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    int dealer = 0;
    REQ_RC(canasta_game_dealer(&dealer, g), CANASTA_OK);
    char head[512];
    snprintf(head, sizeof head,
             "canasta-record 1\npreset classic\noption target 5000\n"
             "option ask-permission 1\noption one-card-rule 1\n"
             "option tie-rule 0\noption hand-size 11\n"
             "option canastas-to-go-out 1\noption draw-count 1\n"
             "option concealed-additions 0\n"
             "sides 0 1 0 1\nseed 1\n\nhand 1\ndealer %d\n"
             "= deal hand 1 dealer %d\n= upcard ", dealer, dealer);
    ck_assert_msg(strncmp(t, head, strlen(head)) == 0, "%s", t);
    canasta_free(t);
    canasta_record_free(rec);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Malformed records                                                  */
/* ---------------------------------------------------------------- */

/* Parse and replay text; returns the first error code (0 if none) and
 * its line and message. */
static int parse_replay(const char *text, size_t len, int *line, char *why,
                        size_t ws)
{
    canasta_record *rec = NULL;
    *line = 0;
    int rc = canasta_record_parse(&rec, why, ws, text, len);
    if (rc) {
        REQ(rec == NULL);
        if (sscanf(why, "line %d:", line) != 1)
            ck_abort_msg("parse error without a line: %s", why);
        return rc;
    }
    rc = canasta_record_replay(NULL, line, why, ws, rec);
    if (rc) {
        int l2 = -1;
        if (sscanf(why, "line %d:", &l2) != 1 || l2 != *line)
            ck_abort_msg("replay error %d without its line: %s", *line, why);
    }
    canasta_record_free(rec);
    return rc;
}

/* Cut after every line: each prefix is a record of fewer moves (OK), or
 * ends inside a move's events (E_MISMATCH: the rest is missing), before
 * the first hand, or between "hand" and "dealer" (E_SYNTAX). */
START_TEST(test_record_truncated_at_each_line)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(606, 0);
    play(&p, 606, 2, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    size_t len = strlen(t);
    size_t *starts = malloc((len + 2) * sizeof *starts);
    int n = 0, first_hand = -1;
    for (size_t i = 0; i < len; i++)
        if (i == 0 || t[i - 1] == '\n') {
            if (first_hand < 0 && strncmp(t + i, "hand ", 5) == 0)
                first_hand = n;
            starts[n++] = i;
        }
    starts[n] = len;
    ck_assert_int_gt(first_hand, 0);
    int ok = 0, mism = 0, syn = 0;
    for (int k = 0; k <= n; k++) {
        int want, j = k - 1;
        while (j >= 0 && t[starts[j]] == '\n')
            j--; /* blank lines */
        if (k <= first_hand || strncmp(t + starts[j], "hand ", 5) == 0)
            want = CANASTA_E_SYNTAX;
        else if (t[starts[j]] == '=' && k < n && t[starts[k]] == '=')
            want = CANASTA_E_MISMATCH;
        else
            want = CANASTA_OK;
        char why[512];
        int line = 0;
        int rc = parse_replay(t, starts[k], &line, why, sizeof why);
        ck_assert_msg(rc == want, "cut after line %d: %s, expected %s: %s",
                      k, canasta_error_name(rc), canasta_error_name(want),
                      why);
        if (rc == CANASTA_E_MISMATCH) {
            ck_assert_int_eq(line, k);
            ck_assert_msg(strstr(why, "' next, the record has no more "
                                      "events here") != NULL, "%s", why);
        }
        ok += rc == 0;
        mism += rc == CANASTA_E_MISMATCH;
        syn += rc == CANASTA_E_SYNTAX;
    }
    ck_assert_int_gt(ok, 100);
    ck_assert_int_gt(mism, 10);
    ck_assert_int_gt(syn, 10);
    free(starts);
    canasta_free(t);
    played_free(&p);
}
END_TEST

/* Replace the text of line ln (1-based) by repl; returns a new string. */
static char *with_line(const char *text, int ln, const char *repl)
{
    const char *s = text;
    for (int i = 1; i < ln; i++)
        s = strchr(s, '\n') + 1;
    const char *e = strchr(s, '\n');
    size_t a = (size_t)(s - text), b = strlen(e);
    char *out = malloc(a + strlen(repl) + b + 1);
    memcpy(out, text, a);
    strcpy(out + a, repl);
    strcat(out, e);
    return out;
}

/* The line number of the n-th (1-based) line starting with prefix. */
static int nth_line(const char *text, const char *prefix, int nth)
{
    int ln = 1, seen = 0;
    size_t k = strlen(prefix);
    for (const char *s = text; *s; ln++) {
        if (strncmp(s, prefix, k) == 0 && ++seen == nth)
            return ln;
        s = strchr(s, '\n');
        if (!s)
            break;
        s++;
    }
    return 0;
}

static char *line_text(const char *text, int ln)
{
    const char *s = text;
    for (int i = 1; i < ln; i++)
        s = strchr(s, '\n') + 1;
    const char *e = strchr(s, '\n');
    char *out = malloc((size_t)(e - s) + 1);
    memcpy(out, s, (size_t)(e - s));
    out[e - s] = '\0';
    return out;
}

static void expect_error(const char *text, int code, int line,
                         const char *why_part)
{
    char why[600];
    int l = 0;
    int rc = parse_replay(text, (size_t)-1, &l, why, sizeof why);
    ck_assert_msg(rc == code, "got %s, expected %s: %s",
                  canasta_error_name(rc), canasta_error_name(code), why);
    if (code == CANASTA_OK)
        return;
    ck_assert_msg(l == line, "line %d, expected %d: %s", l, line, why);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0, "%s", why);
    if (why_part)
        ck_assert_msg(strstr(why, why_part) != NULL, "\"%s\" lacks \"%s\"",
                      why, why_part);
}

START_TEST(test_record_malformed_cases)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(777, 0);
    play(&p, 777, 2, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    char *bad, *orig;
    int ln;

    /* a wrong event: a drawn card changed */
    ln = nth_line(t, "= 1 drew ", 1);
    if (!ln)
        ln = nth_line(t, "= 0 drew ", 1);
    ck_assert_int_gt(ln, 0);
    orig = line_text(t, ln);
    {
        char repl[64];
        int seat = orig[2] - '0';
        const char *card = strstr(orig, "drew ") + 5;
        snprintf(repl, sizeof repl, "= %d drew %s", seat,
                 strcmp(card, "Jk") ? "Jk" : "4c");
        bad = with_line(t, ln, repl);
        expect_error(bad, CANASTA_E_MISMATCH, ln, "expected '");
        free(bad);
        /* "??" stands for any card */
        snprintf(repl, sizeof repl, "= %d drew ??", seat);
        bad = with_line(t, ln, repl);
        expect_error(bad, CANASTA_OK, 0, NULL);
        free(bad);
    }
    free(orig);
    /* an event too many: a move's last event written twice */
    ln = 0;
    for (int i = 2; !ln; i++) {
        char *a = line_text(t, i), *b = line_text(t, i + 1);
        if (strncmp(a, "= ", 2) == 0 && strstr(a, " drew ") &&
            b[0] >= '0' && b[0] <= '9')
            ln = i;
        free(a);
        free(b);
    }
    {
        char *two = line_text(t, ln);
        size_t k = strlen(two);
        two = realloc(two, 2 * k + 2);
        two[k] = '\n';
        memcpy(two + k + 1, two, k);
        two[2 * k + 1] = '\0';
        bad = with_line(t, ln, two);
        expect_error(bad, CANASTA_E_MISMATCH, ln + 1, "expected no more");
        free(bad);
        free(two);
    }
    /* an illegal move: a discard of a card not held (T1), drawing twice */
    {
        int d = 0;
        for (int i = 1; !d; i++) {
            char *s = line_text(t, i);
            if (strstr(s, " discard "))
                d = i;
            free(s);
        }
        orig = line_text(t, d);
        char repl[64];
        snprintf(repl, sizeof repl, "%c draw", orig[0]);
        bad = with_line(t, d, repl);
        expect_error(bad, CANASTA_E_PHASE, d, "T1: ");
        free(bad);
        /* out of turn */
        snprintf(repl, sizeof repl, "%d discard 4c", (orig[0] - '0' + 1) % 4);
        bad = with_line(t, d, repl);
        expect_error(bad, CANASTA_E_TURN, d, "T1: ");
        free(bad);
        /* seat out of range: 5 exists in no 4-player game, 9 in none */
        bad = with_line(t, d, "5 draw");
        expect_error(bad, CANASTA_E_SEAT, d, NULL);
        free(bad);
        bad = with_line(t, d, "9 draw");
        expect_error(bad, CANASTA_E_SYNTAX, d, "not a seat");
        free(bad);
        /* unknown card */
        snprintf(repl, sizeof repl, "%c discard 11h", orig[0]);
        bad = with_line(t, d, repl);
        expect_error(bad, CANASTA_E_SYNTAX, d, "\"11h\" is not a card");
        free(bad);
        /* a hidden card in a move */
        snprintf(repl, sizeof repl, "%c discard ??", orig[0]);
        bad = with_line(t, d, repl);
        expect_error(bad, CANASTA_E_HIDDEN, d, "??");
        free(bad);
        /* not a move at all */
        bad = with_line(t, d, "0 shuffle");
        expect_error(bad, CANASTA_E_SYNTAX, d, "\"shuffle\" is not a move");
        free(bad);
        free(orig);
    }
    /* an overlong line */
    {
        char *longl = malloc(5000);
        memset(longl, ' ', 4999);
        memcpy(longl, "# ", 2);
        longl[4999] = '\0';
        bad = with_line(t, 2, longl);
        expect_error(bad, CANASTA_E_SYNTAX, 2, "longer than 4096");
        free(bad);
        free(longl);
    }
    /* versions and kinds */
    bad = with_line(t, 1, "canasta-record 2");
    expect_error(bad, CANASTA_E_VERSION, 1, NULL);
    free(bad);
    bad = with_line(t, 1, "canasta-save 1");
    expect_error(bad, CANASTA_E_VERSION, 1, "not a game record");
    free(bad);
    expect_error("", CANASTA_E_SYNTAX, 1, "empty");
    expect_error("# nothing\n\n", CANASTA_E_SYNTAX, 2, "empty");
    /* header */
    ln = line_of(t, "seed ");
    bad = with_line(t, ln, "view 4");
    expect_error(bad, CANASTA_E_INVALID, ln, "seat 4 does not exist");
    free(bad);
    bad = with_line(t, ln, "# no seed");
    expect_error(bad, CANASTA_E_SYNTAX, ln + 2, "no \"seed\"");
    free(bad);
    bad = with_line(t, ln, "seed -1");
    expect_error(bad, CANASTA_E_SYNTAX, ln, "seed");
    free(bad);
    bad = with_line(t, ln, "colour blue");
    expect_error(bad, CANASTA_E_SYNTAX, ln, "not a header tag");
    free(bad);
    ln = line_of(t, "option target ");
    bad = with_line(t, ln, "option target -5");
    expect_error(bad, CANASTA_E_INVALID, ln, "target");
    free(bad);
    /* hand lines */
    ln = line_of(t, "dealer ");
    orig = line_text(t, ln);
    {
        char repl[32];
        snprintf(repl, sizeof repl, "dealer %d", (orig[7] - '0' + 1) % 4);
        bad = with_line(t, ln, repl);
        expect_error(bad, CANASTA_E_MISMATCH, ln, "C3");
        free(bad);
    }
    bad = with_line(t, ln, "dealer 4");
    expect_error(bad, CANASTA_E_INVALID, ln, "seat 4 does not exist");
    free(bad);
    bad = with_line(t, ln, "0 draw");
    expect_error(bad, CANASTA_E_SYNTAX, ln, "dealer D");
    free(bad);
    free(orig);
    ln = line_of(t, "hand 1");
    bad = with_line(t, ln, "hand zero");
    expect_error(bad, CANASTA_E_SYNTAX, ln, "hand N");
    free(bad);
    /* a deck that is not one deck: parsed, refused by C2 at replay */
    {
        char deck[600];
        size_t k = (size_t)sprintf(deck, "deck");
        for (int i = 0; i < 108; i++)
            k += (size_t)sprintf(deck + k, " 7h");
        orig = line_text(t, ln + 1);
        char both[700];
        snprintf(both, sizeof both, "%s\n%s", orig, deck);
        bad = with_line(t, ln + 1, both);
        expect_error(bad, CANASTA_E_INVALID, ln + 2, "C2");
        free(bad);
        snprintf(both, sizeof both, "%s\ndeck 7h 7h", orig);
        bad = with_line(t, ln + 1, both);
        expect_error(bad, CANASTA_E_SYNTAX, ln + 2, "108");
        free(bad);
        snprintf(both, sizeof both, "%s\ndeck 7h ?? 7h", orig);
        bad = with_line(t, ln + 1, both);
        expect_error(bad, CANASTA_E_HIDDEN, ln + 2, "??");
        free(bad);
        free(orig);
    }
    /* the second hand: its number, its dealer, the move that deals it */
    ln = line_of(t, "hand 2");
    ck_assert_int_gt(ln, 0);
    bad = with_line(t, ln, "hand 3");
    expect_error(bad, CANASTA_E_MISMATCH, ln, "expected 'hand 2'");
    free(bad);
    orig = line_text(t, ln + 1);
    {
        char repl[32];
        snprintf(repl, sizeof repl, "dealer %d", (orig[7] - '0' + 2) % 4);
        bad = with_line(t, ln + 1, repl);
        expect_error(bad, CANASTA_E_MISMATCH, ln + 1, "C3: the deal passes");
        free(bad);
    }
    free(orig);
    bad = with_line(t, ln - 2, "# the move \"next\" was here");
    expect_error(bad, CANASTA_E_MISMATCH, ln, "a hand ends with the move");
    free(bad);
    /* after "next" comes "hand" */
    bad = with_line(t, ln - 1, "= deal hand 2");
    expect_error(bad, CANASTA_E_SYNTAX, ln - 1, "next hand's \"hand 2\"");
    free(bad);
    /* start values only in the first hand */
    bad = with_line(t, ln + 1, "start-totals 0 0");
    expect_error(bad, CANASTA_E_SYNTAX, ln + 1, "the \"hand 2\" line");
    free(bad);
    orig = line_text(t, ln + 1);
    {
        char both[64];
        snprintf(both, sizeof both, "%s\nstart-totals 0 0", orig);
        bad = with_line(t, ln + 1, both);
        expect_error(bad, CANASTA_E_SYNTAX, ln + 2, "only the first hand");
        free(bad);
    }
    free(orig);
    /* a move after the hand ended: S5 */
    {
        char *nx = line_text(t, ln - 2);
        ck_assert_msg(strstr(nx, " next") != NULL, "%s", nx);
        char repl[32];
        snprintf(repl, sizeof repl, "%c draw", nx[0]);
        bad = with_line(t, ln - 2, repl);
        expect_error(bad, CANASTA_E_PHASE, ln - 2, "S5: ");
        free(bad);
        free(nx);
    }
    /* NUL byte */
    {
        size_t len = strlen(t);
        char *nul = malloc(len + 1);
        memcpy(nul, t, len + 1);
        ln = line_of(t, "hand 1");
        char *s = nul;
        for (int i = 1; i < ln; i++)
            s = strchr(s, '\n') + 1;
        s[1] = '\0';
        int l = 0;
        char why[256];
        ck_assert_int_eq(parse_replay(nul, len, &l, why, sizeof why),
                         CANASTA_E_SYNTAX);
        ck_assert_int_eq(l, ln);
        free(nul);
    }
    canasta_free(t);
    played_free(&p);
}
END_TEST

/* Insert the lines `extra` after line ln (1-based); returns a new string. */
static char *after_line(const char *text, int ln, const char *extra)
{
    char *orig = line_text(text, ln);
    size_t k = strlen(orig) + strlen(extra) + 2;
    char *both = malloc(k);
    snprintf(both, k, "%s\n%s", orig, extra);
    char *out = with_line(text, ln, both);
    free(both);
    free(orig);
    return out;
}

/* The start values of a record's first hand get a save's checks (S5, S6,
 * G2, E1; totals and score items within +-1e9): an impossible start is
 * refused when parsed, with the line and the rule.  Numbers that are not
 * numbers are E_SYNTAX; seats and sides out of range E_INVALID. */
START_TEST(test_S5_record_start_values)
{
    /* Hand 1 of a new game: the start lines go after "dealer". */
    canasta_game *g = new_game(41, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    canasta_record_free(rec);
    canasta_game_free(g);
    int dl = line_of(t, "dealer ");
    ck_assert_int_gt(dl, 0);
    static const struct {
        const char *lines;
        int code, at; /* the line blamed: dl + at */
        const char *part;
    } first[] = {
        /* ranges: no sum of the engine can overflow (S5) */
        { "start-totals 0 -2147483500", CANASTA_E_INVALID, 1,
          "S5: side 1's total must be -1000000000 to 1000000000, not "
          "-2147483500" },
        { "start-totals 2147483000 2147483000", CANASTA_E_INVALID, 1,
          "S5: side 0's total" },
        { "start-totals 1000000001 0", CANASTA_E_INVALID, 1, "S5: " },
        { "start-last-hand went-out 1\n"
          "start-last-score 0 1000000001 0 0 0 0 -1 1000000000\n"
          "start-last-score 1 0 0 0 0 0 0 0", CANASTA_E_INVALID, 2,
          "S5: side 0's score items must be" },
        /* not int32 at all: not a number */
        { "start-totals 0 2147483648", CANASTA_E_SYNTAX, 1, "start-totals" },
        { "start-totals 0 zero", CANASTA_E_SYNTAX, 1, "start-totals" },
        { "start-totals 0", CANASTA_E_SYNTAX, 1, "start-totals" },
        /* S5: the first hand starts from totals 0 and no hand before it */
        { "start-totals 100 0", CANASTA_E_INVALID, 1,
          "S5: the first hand starts from totals 0" },
        { "start-totals 0 0\nstart-last-hand went-out 3\n"
          "start-last-score 0 100 0 0 0 100 -10 190\n"
          "start-last-score 1 0 0 0 0 0 -50 -50", CANASTA_E_INVALID, 2,
          "S5: before the first hand no hand has ended" },
        /* G2, E1: who went out */
        { "start-last-hand went-out -", CANASTA_E_INVALID, 1, "G2: " },
        { "start-last-hand concealed -", CANASTA_E_INVALID, 1, "G2: " },
        { "start-last-hand stock 2", CANASTA_E_INVALID, 1, "E1: " },
        /* S5: a breakdown exactly when a hand has ended, adding up */
        { "start-last-hand went-out 3", CANASTA_E_SYNTAX, 1,
          "no \"start-last-score 0\" line" },
        { "start-last-score 0 0 0 0 0 0 0 0", CANASTA_E_INVALID, 1,
          "S5: a start-last-score line, but no hand has ended" },
        { "start-last-hand went-out 1\n"
          "start-last-score 0 100 0 0 0 100 -10 190\n"
          "start-last-score 1 0 0 0 0 0 -50 -40", CANASTA_E_INVALID, 3,
          "S5: the items of side 1's score add up to -50, not -40" },
        /* seats and sides: E_INVALID out of range, E_SYNTAX not numbers */
        { "start-last-hand went-out 4", CANASTA_E_INVALID, 1,
          "seat 4 does not exist" },
        { "start-last-hand went-out -1", CANASTA_E_INVALID, 1,
          "seat -1 does not exist" },
        { "start-last-hand went-out x", CANASTA_E_SYNTAX, 1,
          "start-last-hand <" },
        { "start-last-hand gone -", CANASTA_E_SYNTAX, 1, "start-last-hand <" },
        { "start-last-score 2 0 0 0 0 0 0 0", CANASTA_E_INVALID, 1,
          "side 2 does not exist" },
        { "start-last-score x 0 0 0 0 0 0 0", CANASTA_E_SYNTAX, 1,
          "start-last-score <side>" },
        { "start-last-score 0 0 0 0", CANASTA_E_SYNTAX, 1,
          "start-last-score <side>" },
        /* each line once */
        { "start-totals 0 0\nstart-totals 0 0", CANASTA_E_SYNTAX, 2,
          "a second \"start-totals\" line (the first is line" },
        { "start-last-hand went-out 1\n"
          "start-last-score 1 0 0 0 0 0 -50 -50\n"
          "start-last-score 1 0 0 0 0 0 -50 -50", CANASTA_E_SYNTAX, 3,
          "a second \"start-last-score 1\" line" },
        /* a new game's values may be written */
        { "start-totals 0 0\nstart-last-hand none -", CANASTA_OK, 0, NULL },
    };
    for (size_t i = 0; i < sizeof first / sizeof first[0]; i++) {
        char *bad = after_line(t, dl, first[i].lines);
        expect_error(bad, first[i].code, dl + first[i].at, first[i].part);
        free(bad);
    }
    canasta_free(t);

    /* A record begun in hand 2 writes the hand's real start values. */
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 8;
    g = new_game(42, 0);
    while (in_play(g)) {
        canasta_move m = pick_move(g, &ml, &r);
        th_ok(g, &m);
    }
    canasta_move nx = pick_move(g, &ml, &r);
    ck_assert_int_eq(nx.kind, CANASTA_MOVE_NEXT_HAND);
    th_ok(g, &nx);
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    t = text_of(rec, CANASTA_VIEW_ALL);
    int hl = line_of(t, "hand 2"), tl = line_of(t, "start-totals ");
    int ll = line_of(t, "start-last-hand "), s0 = line_of(t, "start-last-score 0 ");
    int s1 = line_of(t, "start-last-score 1 ");
    ck_assert(hl > 0 && tl > hl && ll > tl && s0 > ll && s1 > s0);
    expect_error(t, CANASTA_OK, 0, NULL);
    char *bad;
    /* S5: hand 1 follows no hand; a later hand follows a finished one */
    bad = with_line(t, hl, "hand 1");
    expect_error(bad, CANASTA_E_INVALID, tl, "S5: the first hand starts");
    free(bad);
    {
        /* without any start lines hand 2 would start as a new game */
        char *a = with_line(t, tl, "# no start-totals");
        char *b = with_line(a, ll, "# no start-last-hand");
        char *c = with_line(b, s0, "# no start-last-score 0");
        bad = with_line(c, s1, "# no start-last-score 1");
        expect_error(bad, CANASTA_E_INVALID, hl,
                     "S5: hand 2 follows a finished hand");
        free(bad);
        free(c);
        free(b);
        free(a);
    }
    bad = with_line(t, s1, "# no start-last-score 1");
    expect_error(bad, CANASTA_E_SYNTAX, ll, "no \"start-last-score 1\" line");
    free(bad);
    /* S6: totals that already end the game */
    bad = with_line(t, tl, "start-totals 5200 300");
    expect_error(bad, CANASTA_E_INVALID, tl, "S6: ");
    free(bad);
    /* S5: a breakdown that does not add up */
    {
        char *orig = line_text(t, s0);
        char *sp = strrchr(orig, ' ');
        char repl[256];
        snprintf(repl, sizeof repl, "%.*s %ld", (int)(sp - orig), orig,
                 strtol(sp + 1, NULL, 10) + 5);
        bad = with_line(t, s0, repl);
        expect_error(bad, CANASTA_E_INVALID, s0,
                     "S5: the items of side 0's score add up to");
        free(bad);
        free(orig);
    }
    canasta_free(t);
    canasta_record_free(rec);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* Hand numbers are 1 .. 1000000000 in records (E_INVALID beyond), and a
 * game ends with hand 1000000000 (issue 16: 1.0 dealt hand 1000000001,
 * which its own record refused). */
START_TEST(test_record_hand_numbers_are_bounded)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 12;
    canasta_game *g = new_game(43, 0);
    while (in_play(g)) {
        canasta_move m = pick_move(g, &ml, &r);
        th_ok(g, &m);
    }
    canasta_move nx = pick_move(g, &ml, &r);
    th_ok(g, &nx);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    canasta_record_free(rec);
    int hl = line_of(t, "hand 2");
    ck_assert_int_gt(hl, 0);
    static const struct {
        const char *line;
        int code;
        const char *part;
    } cases[] = {
        { "hand 2147483647", CANASTA_E_INVALID,
          "the hand number must be 1 to 1000000000, not 2147483647" },
        { "hand 1000000001", CANASTA_E_INVALID, "not 1000000001" },
        { "hand 0", CANASTA_E_INVALID, "not 0" },
        { "hand -3", CANASTA_E_INVALID, "not -3" },
        { "hand 2147483648", CANASTA_E_SYNTAX, "hand N" },
        { "hand two", CANASTA_E_SYNTAX, "hand N" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *bad = with_line(t, hl, cases[i].line);
        expect_error(bad, cases[i].code, hl, cases[i].part);
        free(bad);
    }
    /* The last hand number allowed replays (its deal events, from the
     * seed's shuffle for that number, are left out), and its hand ends
     * and deals the next one. */
    {
        char *bad = with_line(t, hl, "hand 1000000000");
        size_t n = strlen(bad), k = 0;
        char *cut = malloc(n + 1);
        for (const char *s = bad; *s;) {
            const char *e = strchr(s, '\n');
            size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
            if (s[0] != '=' && !(s[0] >= '0' && s[0] <= '9')) {
                memcpy(cut + k, s, len);
                k += len;
            }
            s += len;
        }
        cut[k] = '\0';
        canasta_record *big = parse_ok(cut);
        canasta_game *g2 = NULL;
        char why[512];
        int line = 0;
        int rc = canasta_record_replay(&g2, &line, why, sizeof why, big);
        ck_assert_msg(rc == CANASTA_OK, "%s", why);
        int hand = 0;
        REQ_RC(canasta_game_hand_number(&hand, g2), CANASTA_OK);
        ck_assert_int_eq(hand, 1000000000);
        while (in_play(g2)) {
            canasta_move m = pick_move(g2, &ml, &r);
            th_ok(g2, &m);
        }
        /* Issue 16: 1.0 dealt hand 1000000001 here, which no save,
         * position or record can hold; the game now ends with the last
         * hand a text can number, and its own record replays. */
        ck_assert_int_eq(phase_of(g2), CANASTA_PHASE_GAME_OVER);
        canasta_record *again = NULL;
        REQ_RC(canasta_record_create(&again, g2), CANASTA_OK);
        char *t2 = text_of(again, CANASTA_VIEW_ALL);
        canasta_record *back = parse_ok(t2);
        canasta_game *g3 = NULL;
        rc = canasta_record_replay(&g3, &line, why, sizeof why, back);
        ck_assert_msg(rc == CANASTA_OK, "%s", why);
        ck_assert_int_eq(th_games_equal(g2, g3), 1);
        canasta_game_free(g3);
        canasta_record_free(back);
        canasta_free(t2);
        canasta_record_free(again);
        canasta_game_free(g2);
        canasta_record_free(big);
        free(cut);
        free(bad);
    }
    canasta_free(t);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* Seats in the header and hand lines: E_INVALID out of range (as in
 * positions and saves), E_SYNTAX when not a number. */
START_TEST(test_record_seats_out_of_range_are_invalid)
{
    canasta_game *g = new_game(44, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    int sl = line_of(t, "seed "), dl = line_of(t, "dealer ");
    static const struct {
        int which; /* 0 the seed line, 1 the dealer line */
        const char *line;
        int code;
        const char *part;
    } cases[] = {
        { 0, "view 4", CANASTA_E_INVALID, "seat 4 does not exist" },
        { 0, "view 2147483647", CANASTA_E_INVALID, "does not exist" },
        { 0, "view -1", CANASTA_E_INVALID, "seat -1 does not exist" },
        { 0, "view x", CANASTA_E_SYNTAX, "view S" },
        { 0, "view 1 2", CANASTA_E_SYNTAX, "view S" },
        { 1, "dealer 4", CANASTA_E_INVALID, "seat 4 does not exist" },
        { 1, "dealer -1", CANASTA_E_INVALID, "seat -1 does not exist" },
        { 1, "dealer 99999999999", CANASTA_E_SYNTAX, "dealer D" },
        { 1, "dealer x", CANASTA_E_SYNTAX, "dealer D" },
        { 1, "dealer", CANASTA_E_SYNTAX, "dealer D" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int ln = cases[i].which ? dl : sl;
        char *bad = with_line(t, ln, cases[i].line);
        expect_error(bad, cases[i].code, ln, cases[i].part);
        free(bad);
    }
    canasta_free(t);
    canasta_record_free(rec);
    canasta_game_free(g);
}
END_TEST

/* rec describes g: its text is a fresh record's of g, and it replays to
 * g. */
static void same_as_fresh(canasta_record *rec, const canasta_game *g,
                          const char *name)
{
    canasta_record *fresh = NULL;
    REQ_RC(canasta_record_create(&fresh, g), CANASTA_OK);
    char *a = text_of(rec, CANASTA_VIEW_ALL);
    char *b = text_of(fresh, CANASTA_VIEW_ALL);
    same_text(a, b, name);
    canasta_free(a);
    canasta_free(b);
    canasta_record_free(fresh);
    canasta_game *back = NULL;
    char why[512];
    int line = 0;
    int rc = canasta_record_replay(&back, &line, why, sizeof why, rec);
    ck_assert_msg(rc == CANASTA_OK, "%s: replay: %s", name, why);
    ck_assert_int_eq(th_games_equal(back, g), 1);
    canasta_game_free(back);
}

/* A3: after canasta_undo the record follows the game: its moves are cut
 * to the game's, and the moves played next are recorded after them. */
START_TEST(test_A3_record_follows_undo)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    r.state = 21;
    canasta_game *g = new_game(45, 0);
    canasta_record *rec = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    for (int i = 0; i < 9; i++) {
        canasta_move m = pick_move(g, &ml, &r);
        th_ok(g, &m);
        REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    }
    REQ_RC(canasta_undo(g), CANASTA_OK);
    REQ_RC(canasta_undo(g), CANASTA_OK);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-2");
    canasta_move m = pick_move(g, &ml, &r);
    th_ok(g, &m);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-2-move");
    /* Undo and new moves with no update between them. */
    for (int i = 0; i < 3; i++)
        REQ_RC(canasta_undo(g), CANASTA_OK);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    for (int i = 0; i < 2; i++) {
        m = pick_move(g, &ml, &r);
        th_ok(g, &m);
    }
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-3-moves-2");

    /* A record read from text (with its event lines) follows undo too. */
    char *t = text_of(rec, CANASTA_VIEW_ALL);
    canasta_record *r2 = parse_ok(t);
    canasta_game *g2 = NULL;
    REQ_RC(canasta_record_replay(&g2, NULL, NULL, 0, r2), CANASTA_OK);
    REQ_RC(canasta_undo(g2), CANASTA_OK);
    REQ_RC(canasta_undo(g2), CANASTA_OK);
    REQ_RC(canasta_record_update(r2, g2), CANASTA_OK);
    same_as_fresh(r2, g2, "parsed-undo-2");
    m = pick_move(g2, &ml, &r);
    th_ok(g2, &m);
    REQ_RC(canasta_record_update(r2, g2), CANASTA_OK);
    same_as_fresh(r2, g2, "parsed-undo-2-move");
    canasta_free(t);

    /* Back to the hand's start, and a new deck (set_deck). */
    while (canasta_undo(g) == CANASTA_OK)
        ;
    {
        uint8_t deck[108], sw[108];
        size_t n = 0;
        REQ_RC(canasta_game_deck(deck, sizeof deck, &n, g), CANASTA_OK);
        memcpy(sw, deck + 54, 54);
        memcpy(sw + 54, deck, 54);
        REQ_RC(canasta_game_set_deck(g, sw, n), CANASTA_OK);
    }
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-all-set-deck");
    m = pick_move(g, &ml, &r);
    th_ok(g, &m);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-all-set-deck-move");

    /* Undo of the move that ended the hand. */
    while (in_play(g)) {
        m = pick_move(g, &ml, &r);
        th_ok(g, &m);
        REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    }
    REQ_RC(canasta_undo(g), CANASTA_OK);
    REQ_RC(canasta_record_update(rec, g), CANASTA_OK);
    same_as_fresh(rec, g, "undo-last-move-of-hand");

    canasta_record_free(r2);
    canasta_game_free(g2);
    canasta_record_free(rec);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* Every line replaced by junk or cut in the middle: never a crash, and
 * every error names a line. */
START_TEST(test_record_mangled_lines_never_crash)
{
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(4321, 0);
    play(&p, 4321, 1, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    int n_lines = 0;
    for (const char *s = t; *s; s++)
        n_lines += *s == '\n';
    th_sm64 r;
    r.state = 9;
    int errors = 0;
    for (int ln = 1; ln <= n_lines; ln++) {
        char *orig = line_text(t, ln);
        size_t k = strlen(orig);
        char *cut = malloc(k + 1);
        memcpy(cut, orig, k + 1);
        cut[th_sm64_below(&r, k + 1)] = '\0';
        char *bad = with_line(t, ln, cut);
        char why[600];
        int l = 0;
        int rc = parse_replay(bad, (size_t)-1, &l, why, sizeof why);
        if (rc) {
            errors++;
            ck_assert_int_gt(l, 0);
            ck_assert_int_le(l, n_lines);
        }
        free(bad);
        free(cut);
        free(orig);
    }
    ck_assert_int_gt(errors, n_lines / 3);
    canasta_free(t);
    played_free(&p);
}
END_TEST

START_TEST(test_record_bad_arguments)
{
    canasta_game *g = new_game(3, 0);
    canasta_record *rec = NULL;
    char *t = NULL;
    size_t n = 0;
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_record_create(NULL, g), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_create(&rec, NULL), CANASTA_E_NULL);
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    canasta_record *keep = rec;
    ck_assert_int_eq(canasta_record_text(NULL, NULL, rec, -1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_text(&t, NULL, NULL, -1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_text(&t, NULL, rec, 4), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_record_text(&t, NULL, rec, -2), CANASTA_E_SEAT);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(canasta_record_parse(NULL, NULL, 0, "x", 1),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_parse(&rec, NULL, 0, NULL, 1),
                     CANASTA_E_NULL);
    ck_assert_ptr_null(rec);
    canasta_record_free(keep);
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    ck_assert_int_eq(canasta_record_replay(NULL, NULL, NULL, 0, NULL),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_hand_count(NULL, rec), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_record_hand_count(&n, NULL), CANASTA_E_NULL);
    REQ_RC(canasta_record_hand_count(&n, rec), CANASTA_OK);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(canasta_record_hand_score(items, 7, NULL, rec, 0, 0),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_record_hand_score(items, 7, NULL, rec, 0, 2),
                     CANASTA_E_SIDE);
    ck_assert_int_eq(canasta_record_hand_score(NULL, 7, NULL, rec, 0, 0),
                     CANASTA_E_NULL);
    /* a record with no finished hand replays to the same game */
    canasta_game *g2 = NULL;
    REQ_RC(canasta_record_replay(&g2, NULL, NULL, 0, rec), CANASTA_OK);
    ck_assert_int_eq(th_games_equal(g, g2), 1);
    REQ_RC(canasta_record_hand_count(&n, rec), CANASTA_OK);
    ck_assert_uint_eq(n, 0);
    canasta_game_free(g2);
    canasta_record_free(rec);
    canasta_record_free(NULL);
    canasta_game_free(g);
}
END_TEST

/* Every function that hands out text sets *text = NULL and *length = 0
 * on every error, NULL arguments included. */
#define CLEARED(call, want)                                                \
    do {                                                                   \
        t = (char *)&n;                                                    \
        n = 99;                                                            \
        ck_assert_int_eq((call), (want));                                  \
        ck_assert_ptr_null(t);                                             \
        ck_assert_uint_eq(n, 0);                                           \
    } while (0)
START_TEST(test_text_functions_clear_their_output)
{
    canasta_game *g = new_game(46, 0);
    canasta_record *rec = NULL, *view = NULL;
    REQ_RC(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = NULL;
    size_t n = 0;
    CLEARED(canasta_record_text(&t, &n, NULL, CANASTA_VIEW_ALL),
            CANASTA_E_NULL);
    CLEARED(canasta_record_text(&t, &n, rec, 4), CANASTA_E_SEAT);
    CLEARED(canasta_record_text(&t, &n, rec, -2), CANASTA_E_SEAT);
    CLEARED(canasta_game_save(&t, &n, NULL), CANASTA_E_NULL);
    CLEARED(canasta_game_position(&t, &n, NULL), CANASTA_E_NULL);
    CLEARED(canasta_game_json(&t, &n, NULL, CANASTA_VIEW_ALL),
            CANASTA_E_NULL);
    CLEARED(canasta_game_json(&t, &n, g, 4), CANASTA_E_SEAT);
    CLEARED(canasta_game_json(&t, &n, g, -2), CANASTA_E_SEAT);
    /* a seat's view is only that seat's */
    char *vt = text_of(rec, 0);
    view = parse_ok(vt);
    CLEARED(canasta_record_text(&t, &n, view, 1), CANASTA_E_HIDDEN);
    /* no length wanted */
    t = (char *)&n;
    ck_assert_int_eq(canasta_record_text(&t, NULL, NULL, 0), CANASTA_E_NULL);
    ck_assert_ptr_null(t);
    canasta_free(vt);
    canasta_record_free(view);
    canasta_record_free(rec);
    canasta_game_free(g);
}
END_TEST
#undef CLEARED

/* ---------------------------------------------------------------- */
/* The example records                                                */
/* ---------------------------------------------------------------- */

static void write_file(const char *dir, const char *name, const char *head,
                       const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(head, f);
    fputs(text, f);
    fclose(f);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

#define EX_SEED_GAME 5000
#define EX_SEED_HAND 3
#define EX_SEED_VIEW 2

/* The example records, made from seeded games. */
static void make_examples(const char *dir)
{
    /* 1. a whole game to 5000 */
    played p;
    memset(&p, 0, sizeof p);
    p.g = new_game(EX_SEED_GAME, 0);
    play(&p, EX_SEED_GAME, MAX_HANDS, 1);
    char *t = text_of(p.rec, CANASTA_VIEW_ALL);
    write_file(dir, "full-game.rec",
        "# A complete game of Classic Canasta (target 5000), played by\n"
        "# random legal moves that prefer melding and taking the pile.\n"
        "# Every move is followed by the events it caused (\"= ...\").\n"
        "# canasta-replay checks it and prints each hand's scores.\n", t);
    canasta_free(t);
    played_free(&p);

    /* 2. one hand from a custom deck: the deck of seed 3 with its halves
     * swapped */
    memset(&p, 0, sizeof p);
    p.g = new_game(EX_SEED_HAND, 0);
    {
        uint8_t deck[108], sw[108];
        size_t n = 0;
        REQ_RC(canasta_game_deck(deck, sizeof deck, &n, p.g), CANASTA_OK);
        memcpy(sw, deck + 54, 54);
        memcpy(sw + 54, deck, 54);
        REQ_RC(canasta_game_set_deck(p.g, sw, n), CANASTA_OK);
    }
    play(&p, EX_SEED_HAND, 1, 1);
    t = text_of(p.rec, CANASTA_VIEW_ALL);
    write_file(dir, "one-hand-custom-deck.rec",
        "# One hand dealt from a chosen card order (the \"deck\" line, top\n"
        "# card first) instead of the seed's shuffle, played to its end.\n",
        t);

    /* 3. the same hand with an illegal move: the first discard replaced
     * by a second draw */
    {
        int d = 0;
        for (int i = 1; !d; i++) {
            char *s = line_text(t, i);
            if (strstr(s, " discard "))
                d = i;
            free(s);
        }
        char *orig = line_text(t, d), repl[32], head[512];
        snprintf(repl, sizeof repl, "%c draw", orig[0]);
        char *bad = with_line(t, d, repl);
        /* The comment is 4 lines long, so the move is on line d + 4. */
        snprintf(head, sizeof head,
            "# The hand of one-hand-custom-deck.rec with one illegal move:\n"
            "# on line %d seat %c draws a second time instead of \"%s\".\n"
            "# canasta-replay stops there (T1, E_PHASE) and exits with\n"
            "# status 1.\n", d + 4, orig[0], orig + 2);
        write_file(dir, "illegal-move.rec", head, bad);
        free(bad);
        free(orig);
    }
    canasta_free(t);
    played_free(&p);

    /* 4. seat 0's view of two hands */
    memset(&p, 0, sizeof p);
    p.g = new_game(EX_SEED_VIEW, 0);
    play(&p, EX_SEED_VIEW, 2, 1);
    t = text_of(p.rec, 0);
    write_file(dir, "seat-0-view.rec",
        "# Two hands as seat 0 saw them: its own dealt cards and draws, the\n"
        "# other seats' draws as \"??\".  It has no seed, so it cannot be\n"
        "# replayed (canasta-replay exits with status 3, E_HIDDEN).\n", t);
    canasta_free(t);
    played_free(&p);
}

/* CANASTA_WRITE_RECORDS=DIR writes the examples; with CANASTA_SRCDIR the
 * committed ones are checked. */
START_TEST(test_record_example_files)
{
    const char *out = getenv("CANASTA_WRITE_RECORDS");
    if (out && *out)
        make_examples(out);
    const char *src = getenv("CANASTA_SRCDIR");
    if (!src || !*src)
        return;
    static const struct {
        const char *name;
        int code;
    } files[] = {
        { "full-game.rec", CANASTA_OK },
        { "one-hand-custom-deck.rec", CANASTA_OK },
        { "illegal-move.rec", CANASTA_E_PHASE },
        { "seat-0-view.rec", CANASTA_E_HIDDEN },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024], why[512];
        snprintf(path, sizeof path, "%s/examples/records/%s", src,
                 files[i].name);
        char *text = read_file(path);
        ck_assert_msg(text != NULL, "cannot read %s", path);
        int line = 0;
        int rc = parse_replay(text, (size_t)-1, &line, why, sizeof why);
        ck_assert_msg(rc == files[i].code, "%s: %s: %s", files[i].name,
                      canasta_error_name(rc), why);
        const char *on = strstr(text, "# on line ");
        if (rc == CANASTA_E_PHASE) {
            ck_assert_ptr_nonnull(on);
            ck_assert_int_eq(line, atoi(on + 10));
            ck_assert_msg(strstr(why, ": T1: ") != NULL, "%s", why);
        }
        if (rc == CANASTA_OK) {
            /* The file is the canonical text, after its comments. */
            canasta_record *rec = parse_ok(text);
            char *t = text_of(rec, CANASTA_VIEW_ALL);
            const char *body = strstr(text, "canasta-record 1\n");
            ck_assert_str_eq(body, t);
            canasta_free(t);
            canasta_record_free(rec);
        }
        free(text);
    }
}
END_TEST

Suite *suite_records(void)
{
    Suite *s = suite_create("records");
    TCase *games = tcase_create("games");
    tcase_add_test(games, test_record_replays_random_games_to_game_over);
    tcase_add_test(games, test_record_sparse_updates_give_the_same_record);
    tcase_add_test(games, test_record_started_mid_game);
    tcase_add_test(games, test_record_custom_decks);
    tcase_add_test(games, test_record_of_a_game_from_a_position);
    tcase_add_test(games, test_record_views);
    tcase_add_test(games, test_record_example_files);
    tcase_set_timeout(games, 120);
    suite_add_tcase(s, games);

    TCase *update = tcase_create("update");
    tcase_add_test(update, test_record_update_refuses_other_games);
    tcase_add_test(update, test_record_update_needs_the_end_of_each_hand);
    tcase_add_test(update, test_record_parsed_record_keeps_recording);
    tcase_add_test(update, test_record_parsed_record_ending_with_next);
    tcase_add_test(update, test_record_uses_the_games_allocator);
    tcase_add_test(update, test_record_out_of_memory);
    tcase_add_test(update, test_A3_record_follows_undo);
    tcase_set_timeout(update, 60);
    suite_add_tcase(s, update);

    TCase *text = tcase_create("text");
    tcase_add_test(text, test_record_move_text_round_trip);
    tcase_add_test(text, test_record_canonical_text);
    tcase_add_test(text, test_record_text_layout);
    tcase_set_timeout(text, 60);
    suite_add_tcase(s, text);

    TCase *bad = tcase_create("malformed");
    tcase_add_test(bad, test_record_truncated_at_each_line);
    tcase_add_test(bad, test_record_malformed_cases);
    tcase_add_test(bad, test_record_mangled_lines_never_crash);
    tcase_add_test(bad, test_record_bad_arguments);
    tcase_add_test(bad, test_S5_record_start_values);
    tcase_add_test(bad, test_record_hand_numbers_are_bounded);
    tcase_add_test(bad, test_record_seats_out_of_range_are_invalid);
    tcase_add_test(bad, test_text_functions_clear_their_output);
    tcase_set_timeout(bad, 120);
    suite_add_tcase(s, bad);
    return s;
}
