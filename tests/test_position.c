/*
 * Positions (docs/NOTATION.md, "Positions"): canasta_game_position and
 * canasta_game_from_position.
 *
 *  - round trips over seeded random play (the splitmix64 generator of
 *    helpers.h): every state reached is written, read back and written
 *    again (same bytes); the loaded game answers every query and lists
 *    the same legal moves as the original, plays on identically, and
 *    after NEXT_HAND deals the same next hand from the seed;
 *  - a position written by hand in this file, with its queries worked out
 *    from the rules (P3/P4 frozen pile, O1 minimums, T1 turn);
 *  - every kind of malformed position is refused with the right code and a
 *    message naming the line, and random damage never crashes the reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define NSEATS 4
#define NSIDES 2


/* ---------------------------------------------------------------- */
/* Helpers                                                            */
/* ---------------------------------------------------------------- */

static char *position_text(const canasta_game *g)
{
    char *t = NULL;
    size_t n = 0;
    int rc = canasta_game_position(&t, &n, g);
    REQ_MSG(rc == CANASTA_OK, "canasta_game_position: %d", rc);
    REQ(t != NULL && strlen(t) == n);
    return t;
}

/* The loaded game answers like the original (every public query). */
static void same_queries(const canasta_game *a, const canasta_game *b)
{
    int x, y, x2, y2;
    uint8_t ca[256], cb[256];
    size_t na, nb;
    REQ(canasta_game_phase(&x, a) == 0 && canasta_game_phase(&y, b) == 0);
    REQ(x == y);
    REQ(canasta_game_current_seat(&x, a) == 0);
    REQ(canasta_game_current_seat(&y, b) == 0 && x == y);
    REQ(canasta_game_dealer(&x, a) == 0 && canasta_game_dealer(&y, b) == 0);
    REQ(x == y);
    REQ(canasta_game_hand_number(&x, a) == 0);
    REQ(canasta_game_hand_number(&y, b) == 0 && x == y);
    REQ(canasta_game_permission(&x, a) == 0);
    REQ(canasta_game_permission(&y, b) == 0 && x == y);
    REQ(canasta_game_stock_size(&x, a) == 0);
    REQ(canasta_game_stock_size(&y, b) == 0 && x == y);
    REQ(canasta_game_pile(ca, sizeof ca, &na, a) == 0);
    REQ(canasta_game_pile(cb, sizeof cb, &nb, b) == 0);
    REQ(na == nb && memcmp(ca, cb, na) == 0);
    REQ(canasta_game_hand_end(&x, &y, a) == 0);
    REQ(canasta_game_hand_end(&x2, &y2, b) == 0 && x == x2 && y == y2);
    x = canasta_game_winner(&x2, a);
    y = canasta_game_winner(&y2, b);
    REQ(x == y && (x != 0 || x2 == y2));
    for (int s = 0; s < NSEATS; s++) {
        REQ(canasta_game_hand(ca, sizeof ca, &na, a, s) == 0);
        REQ(canasta_game_hand(cb, sizeof cb, &nb, b, s) == 0);
        REQ(na == nb && memcmp(ca, cb, na) == 0);
        REQ(canasta_game_red_threes(ca, sizeof ca, &na, a, s) == 0);
        REQ(canasta_game_red_threes(cb, sizeof cb, &nb, b, s) == 0);
        REQ(na == nb && memcmp(ca, cb, na) == 0);
    }
    for (int side = 0; side < NSIDES; side++) {
        int ia[CANASTA_SCORE_ITEMS], ib[CANASTA_SCORE_ITEMS];
        REQ(canasta_game_pile_status(&x, a, side) == 0);
        REQ(canasta_game_pile_status(&y, b, side) == 0 && x == y);
        REQ(canasta_game_opened(&x, a, side) == 0);
        REQ(canasta_game_opened(&y, b, side) == 0 && x == y);
        REQ(canasta_game_total(&x, a, side) == 0);
        REQ(canasta_game_total(&y, b, side) == 0 && x == y);
        REQ(canasta_game_opening_minimum(&x, a, side) == 0);
        REQ(canasta_game_opening_minimum(&y, b, side) == 0 && x == y);
        x = canasta_game_hand_score(ia, CANASTA_SCORE_ITEMS, a, side);
        y = canasta_game_hand_score(ib, CANASTA_SCORE_ITEMS, b, side);
        REQ(x == y && (x != 0 || memcmp(ia, ib, sizeof ia) == 0));
        for (int r = 3; r <= 14; r++) {
            REQ(canasta_game_meld_cards(ca, sizeof ca, &na, a, side, r) == 0);
            REQ(canasta_game_meld_cards(cb, sizeof cb, &nb, b, side, r) == 0);
            REQ(na == nb && memcmp(ca, cb, na) == 0);
        }
    }
}

static void same_legal_moves(const canasta_game *a, const canasta_game *b,
                             th_movelist *ma, th_movelist *mb)
{
    th_list_moves(ma, a);
    th_list_moves(mb, b);
    REQ_MSG(ma->n == mb->n, "legal moves: %zu vs %zu", ma->n, mb->n);
    for (size_t i = 0; i < ma->n; i++) {
        int eq = 0;
        REQ(canasta_move_equal(&eq, &ma->v[i], &mb->v[i]) == 0 && eq);
    }
}

static canasta_game *load_ok(const char *text)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "from_position: %s (%s)\n%s",
            canasta_error_name(rc), why, text);
    return g;
}

/* ---------------------------------------------------------------- */
/* Round trips in random play                                         */
/* ---------------------------------------------------------------- */

/* Every state of random games: position -> game -> position gives the
 * same text, the same answers and the same legal moves; a few random moves
 * later both games are still in the same position; and once the hand is
 * over, NEXT_HAND deals the loaded game exactly the original's next hand
 * (C7: hands are dealt from the seed and the hand number). */
static void round_trip_games(canasta_rules *rules, uint64_t first_seed,
                             int games, int hand_limit)
{
    th_movelist ma = { NULL, 0, 0 }, mb = { NULL, 0, 0 };
    th_sm64 r = { first_seed * 977 + 5 };
    long states = 0, next_hands = 0;
    for (int gi = 0; gi < games; gi++) {
        canasta_game *g = NULL;
        ck_assert_int_eq(canasta_game_create(&g, rules, first_seed + gi), 0);
        int hands = 0;
        for (;;) {
            char *t1 = position_text(g);
            canasta_game *p = load_ok(t1);
            char *t2 = position_text(p);
            REQ_MSG(strcmp(t1, t2) == 0, "rewritten position differs:\n%s\n"
                    "---\n%s", t1, t2);
            same_queries(g, p);
            same_legal_moves(g, p, &ma, &mb);
            states++;
            int ph = th_phase(g);
            if (ph == CANASTA_PHASE_GAME_OVER) {
                canasta_move m;
                canasta_move_init(&m, CANASTA_MOVE_NEXT_HAND, 0);
                REQ(canasta_apply(NULL, 0, p, &m) == CANASTA_E_GAME_OVER);
                canasta_free(t1);
                canasta_free(t2);
                canasta_game_free(p);
                break;
            }
            canasta_move m = ma.v[th_sm64_below(&r, ma.n)];
            REQ(canasta_apply(NULL, 0, g, &m) == CANASTA_OK);
            REQ(canasta_apply(NULL, 0, p, &m) == CANASTA_OK);
            if (m.kind == CANASTA_MOVE_NEXT_HAND) {
                /* Both dealt from the seed: the same game again. */
                REQ(th_games_equal(g, p));
                next_hands++;
                if (++hands >= hand_limit) {
                    canasta_free(t1);
                    canasta_free(t2);
                    canasta_game_free(p);
                    break;
                }
            } else {
                char *t3 = position_text(g), *t4 = position_text(p);
                REQ(strcmp(t3, t4) == 0);
                canasta_free(t3);
                canasta_free(t4);
            }
            canasta_free(t1);
            canasta_free(t2);
            canasta_game_free(p);
        }
        canasta_game_free(g);
    }
    free(ma.v);
    free(mb.v);
    ck_assert_int_gt(states, 1000);
    ck_assert_int_gt(next_hands, 0);
}

START_TEST(test_position_round_trip_random_play)
{
    canasta_rules *rules = NULL;
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), 0);
    /* S6: a low target, so that games reach hand-over and game-over. */
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 3000),
                     0);
    round_trip_games(rules, 100, 20, 50);
    canasta_rules_free(rules);
}
END_TEST

/* The options travel with the position (header tags): T1 draw-count 2,
 * G1 two canastas, G4 asking off, S6 declared ties, G3 the 1.0 reading. */
START_TEST(test_position_round_trip_options)
{
    canasta_rules *rules = NULL;
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_DRAW_COUNT, 2), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_CANASTAS_TO_GO_OUT,
                                       2), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_ASK_PERMISSION, 0),
                     0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TIE_RULE,
                                       CANASTA_TIE_DECLARE), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 2500),
                     0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_HAND_SIZE, 13), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_CONCEALED_ADDITIONS,
                                       1), 0);
    round_trip_games(rules, 900, 6, 50);

    /* The option values come back. */
    canasta_game *g = NULL;
    ck_assert_int_eq(canasta_game_create(&g, rules, 5), 0);
    char *t = position_text(g);
    ck_assert_ptr_nonnull(strstr(t, "\noption draw-count 2\n"));
    ck_assert_ptr_nonnull(strstr(t, "\noption hand-size 13\n"));
    ck_assert_ptr_nonnull(strstr(t, "\noption concealed-additions 1\n"));
    canasta_game *p = load_ok(t);
    int v = 0;
    ck_assert_int_eq(canasta_game_option(&v, p,
                                         CANASTA_OPT_CONCEALED_ADDITIONS), 0);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(canasta_game_option(&v, p, CANASTA_OPT_DRAW_COUNT), 0);
    ck_assert_int_eq(v, 2);
    ck_assert_int_eq(canasta_game_option(&v, p, CANASTA_OPT_ASK_PERMISSION),
                     0);
    ck_assert_int_eq(v, 0);
    ck_assert_int_eq(canasta_game_option(&v, p, CANASTA_OPT_TIE_RULE), 0);
    ck_assert_int_eq(v, CANASTA_TIE_DECLARE);
    ck_assert_int_eq(canasta_game_hand_size(&v, p, 0), 0);
    ck_assert_int_eq(v, 13); /* C4 with hand-size 13: nobody has moved */
    canasta_free(t);
    canasta_game_free(p);
    canasta_game_free(g);
    canasta_rules_free(rules);
}
END_TEST

/* A3: a game made from a position cannot undo past it; its moves can be
 * undone back to it.  The position's game has no deck and no events. */
START_TEST(test_A3_position_cannot_undo)
{
    canasta_game *g = th_new_game(31);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 77 };
    for (int i = 0; i < 25; i++) {
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    char *t = position_text(g);
    canasta_game *p = load_ok(t);
    ck_assert_int_eq(canasta_undo(p), CANASTA_E_NO_UNDO);
    uint8_t deck[256];
    size_t n = 99, ev = 99;
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, p), 0);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(canasta_game_event_count(&ev, p), 0);
    ck_assert_uint_eq(ev, 0);
    /* C7/A3: a position's hand was never dealt, so it cannot be re-dealt. */
    ck_assert_int_eq(canasta_game_set_deck(p, deck, 0), CANASTA_E_NOT_FRESH);

    canasta_game *start = load_ok(t);
    for (int i = 0; i < 6; i++) {
        th_list_moves(&ml, p);
        canasta_move m = ml.v[th_sm64_below(&r, ml.n)];
        if (m.kind == CANASTA_MOVE_NEXT_HAND)
            break;
        ck_assert_int_eq(canasta_apply(NULL, 0, p, &m), 0);
        if (th_phase(p) >= CANASTA_PHASE_HAND_OVER)
            break;
    }
    while (canasta_undo(p) == CANASTA_OK)
        ;
    ck_assert(th_games_equal(p, start));
    ck_assert_int_eq(canasta_undo(p), CANASTA_E_NO_UNDO);
    canasta_free(t);
    canasta_game_free(start);
    canasta_game_free(p);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* A position written by hand                                         */
/* ---------------------------------------------------------------- */

/* Lines of a position body.  Line 1 of the text is the kind, line 2 the
 * seed, so body line i is text line i + 3. */
#define BODY_FIRST_LINE 3
static const char *const crafted[] = {
    "hand-number 2",
    "dealer 0",
    "phase draw",
    "turn 1",
    "source none",
    "melds-this-turn 0",
    "take-extra 0",
    "permission none",
    "melded-before-turn 0",
    "new-melds",
    "seat-melded 1 0 0 0",
    "totals 1600 -200",
    "last-hand stock -",
    "last-score 0 1000 500 0 100 0 0 1600",
    "last-score 1 0 0 0 -100 0 -100 -200",
    "opened 1 0",
    "hand 0 Kh 6c 6d 7c 7d 9c 10c Jc Qc Ac",
    "hand 1 8c 8d 4d 5h 6h 7h 9d 10d Jd Qd Jk",
    "hand 2 4h 4s 5s 6s 7s 9s 10s Js Qs As Jk",
    "hand 3 4h 5h 6h 7h 9h 10h Jh Qh Ah 2d Ad",
    "red-threes 0 3d",
    "red-threes 1",
    "red-threes 2",
    "red-threes 3 3h",
    "meld 0 K: Kc Kd Ks",
    "stock 5c 5d",
    "pile 4c 9h 2c 8s",
};
#define N_CRAFTED (sizeof crafted / sizeof crafted[0])

static int is_card_line(const char *line)
{
    static const char *const keys[] = { "hand ", "red-threes ", "meld ",
                                        "stock", "pile" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strncmp(line, keys[i], strlen(keys[i])) == 0)
            return 1;
    return 0;
}

/* Builds "canasta-position 1", "seed 7" and the lines; with fill, the
 * cards of the deck that no line places are added to the stock line,
 * below the cards it names (so every card is placed exactly once unless
 * a line places too many). */
static char *build(const char *const *lines, size_t n, int fill)
{
    int count[CANASTA_CARD_LIMIT] = { 0 };
    size_t cap = 16384, len = 0;
    char *out = malloc(cap);
    REQ(out != NULL);
    len += (size_t)snprintf(out, cap, "canasta-position 1\nseed 7\n");
    for (size_t i = 0; i < n; i++) {
        if (!lines[i] || !is_card_line(lines[i]))
            continue;
        char buf[2048], *save = NULL;
        snprintf(buf, sizeof buf, "%s", lines[i]);
        for (char *tok = strtok_r(buf, " ", &save); tok;
             tok = strtok_r(NULL, " ", &save)) {
            int c;
            if (canasta_card_from_string(&c, tok, (size_t)-1) == 0)
                count[c]++;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!lines[i])
            continue;
        len += (size_t)snprintf(out + len, cap - len, "%s", lines[i]);
        if (fill && strncmp(lines[i], "stock", 5) == 0) {
            for (int c = 8; c <= 60; c++) {
                int want = c == CANASTA_JOKER ? 4 : c < 60 ? 2 : 0;
                char name[8];
                if (canasta_card_to_string(name, sizeof name, c) != 0)
                    continue;
                for (int k = count[c]; k < want; k++)
                    len += (size_t)snprintf(out + len, cap - len, " %s", name);
            }
        }
        len += (size_t)snprintf(out + len, cap - len, "\n");
    }
    REQ(len < cap);
    return out;
}

/* The crafted lines with line `key` (the first line starting with it)
 * replaced by `with` (NULL: deleted). */
static char *variant(const char *key, const char *with, int fill)
{
    const char *lines[N_CRAFTED];
    int found = 0;
    for (size_t i = 0; i < N_CRAFTED; i++) {
        lines[i] = crafted[i];
        if (!found && strncmp(crafted[i], key, strlen(key)) == 0) {
            lines[i] = with;
            found = 1;
        }
    }
    ck_assert_msg(found, "no line %s", key);
    return build(lines, N_CRAFTED, fill);
}

/* The text line number of the first crafted line starting with key. */
static int line_of(const char *key)
{
    for (size_t i = 0; i < N_CRAFTED; i++)
        if (strncmp(crafted[i], key, strlen(key)) == 0)
            return (int)i + BODY_FIRST_LINE;
    ck_abort_msg("no line %s", key);
    return 0;
}

static int last_line(void)
{
    return (int)N_CRAFTED + BODY_FIRST_LINE - 1;
}

/* Expect text to be refused with code, a message starting "line N: " and
 * containing `needle` (may be NULL). */
static void refuse(const char *text, int code, int line, const char *needle)
{
    canasta_game *g = (canasta_game *)1;
    char why[512], prefix[32];
    memset(why, 'x', sizeof why);
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    ck_assert_msg(rc == code, "expected %s, got %s (%s)\n%s",
                  canasta_error_name(code), canasta_error_name(rc),
                  rc ? why : "", text);
    ck_assert_ptr_null(g);
    ck_assert_msg(memchr(why, '\0', sizeof why) != NULL, "why not ended");
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0,
                  "expected \"%s...\", got \"%s\"", prefix, why);
    if (needle)
        ck_assert_msg(strstr(why, needle) != NULL,
                      "expected \"%s\" in \"%s\"", needle, why);
}

static void refuse_variant(const char *key, const char *with, int code,
                           int line, const char *needle)
{
    char *t = variant(key, with, 1);
    refuse(t, code, line, needle);
    free(t);
}

/* The hand-made position loads; every query gives what the lines say and
 * the rules make of them. */
START_TEST(test_crafted_position_queries)
{
    char *text = build(crafted, N_CRAFTED, 1);
    canasta_game *g = load_ok(text);
    int v = -1;
    /* T1: seat 1 is to draw. */
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(canasta_game_dealer(&v, g), 0);
    ck_assert_int_eq(v, 0);
    ck_assert_int_eq(canasta_game_hand_number(&v, g), 0);
    ck_assert_int_eq(v, 2);
    ck_assert_int_eq(th_hand_size(g, 0), 10);
    ck_assert_int_eq(th_hand_size(g, 1), 11);
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    ck_assert_int_eq(th_hand_size(g, 3), 11);
    /* 108 cards less 43 in hands, 3 melded, 2 red threes and 4 in the
     * pile. */
    ck_assert_int_eq(th_stock_size(g), 108 - 43 - 3 - 2 - 4);
    ck_assert_int_eq(th_pile_size(g), 4);
    ck_assert_int_eq(th_pile_top(g), th_card("8s"));
    /* P3: the 2c in the pile freezes it for everyone; side 1 has not
     * opened, which freezes it for side 1 as well. */
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_FROZEN_WILD);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_FROZEN_WILD |
                                           CANASTA_PILE_FROZEN_UNOPENED);
    ck_assert_int_eq(th_opened(g, 0), 1);
    ck_assert_int_eq(th_opened(g, 1), 0);
    th_expect_meld(g, 0, 13, 3, 0, 0);
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    ck_assert_int_eq(th_red_three_count(g, 3), 1);
    ck_assert_int_eq(th_total(g, 0), 1600);
    ck_assert_int_eq(th_total(g, 1), -200);
    /* O1: 1600 is in 1500..2995 -> 90; -200 is below 0 -> 15. */
    ck_assert_int_eq(canasta_game_opening_minimum(&v, g, 0), 0);
    ck_assert_int_eq(v, 90);
    ck_assert_int_eq(canasta_game_opening_minimum(&v, g, 1), 0);
    ck_assert_int_eq(v, 15);
    /* The last hand (E1, nobody out) and its score. */
    th_expect_end(g, CANASTA_END_STOCK, -1);
    th_expect_items(g, 0, 1000, 500, 0, 100, 0, 0, 1600);
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -100, -200);
    ck_assert_int_eq(canasta_game_winner(&v, g), CANASTA_E_PHASE);

    /* P4: the frozen pile is taken with the natural pair 8c 8d (the top
     * 8s with them counts 30 >= 15 for the O3 opening) ... */
    canasta_move m;
    th_take(&m, g, 1, "8c 8d");
    th_expect_valid(g, &m);
    /* ... but not with one natural and the joker. */
    th_take(&m, g, 1, "8c Jk");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    /* T1: not seat 2's turn. */
    th_move(&m, CANASTA_MOVE_DRAW, 2);
    th_reject(g, &m, CANASTA_E_TURN, "T1");
    /* The take is among the legal moves. */
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, g);
    int found = 0;
    th_take(&m, g, 1, "8c 8d");
    for (size_t i = 0; i < ml.n; i++) {
        int eq = 0;
        canasta_move_equal(&eq, &ml.v[i], &m);
        found |= eq;
    }
    ck_assert(found);
    free(ml.v);

    /* A3: nothing to undo at the position ... */
    ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
    /* ... T1: the stock's top card is the first one written (5c) ... */
    ck_assert_int_eq(th_count_in_hand(g, 1, "5c"), 0);
    th_do_draw(g, 1);
    ck_assert_int_eq(th_count_in_hand(g, 1, "5c"), 1);
    ck_assert_int_eq(th_hand_size(g, 1), 12);
    /* ... and undo goes back exactly to the position, no further. */
    ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
    canasta_game *fresh = load_ok(text);
    ck_assert(th_games_equal(g, fresh));
    ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);

    /* P1/P7: taking the pile puts 4c, 9h and the 2c in seat 1's hand. */
    th_do_take(g, 1, "8c 8d");
    ck_assert_int_eq(th_hand_size(g, 1), 11 - 2 + 3);
    ck_assert_int_eq(th_count_in_hand(g, 1, "2c"), 1);
    ck_assert_int_eq(th_opened(g, 1), 1);
    ck_assert_int_eq(th_pile_size(g), 0);
    canasta_game_free(fresh);
    canasta_game_free(g);
    free(text);
}
END_TEST

/* The reader takes lines in any order, cards of a hand in any order,
 * comments, blank lines and "\r\n"; the writer's canonical text follows. */
START_TEST(test_crafted_position_any_order)
{
    const char *lines[N_CRAFTED + 3];
    size_t n = 0;
    for (size_t i = N_CRAFTED; i-- > 0;)
        lines[n++] = crafted[i];
    lines[n++] = "# a comment";
    lines[n++] = "";
    char *t = build(lines, n, 1);
    /* Reorder one hand's cards and use CRLF on one line. */
    char *h = strstr(t, "hand 0 Kh 6c");
    ck_assert_ptr_nonnull(h);
    memcpy(h, "hand 0 6c Kh", 12);
    char *crlf = malloc(strlen(t) + 2);
    char *nl = strchr(t, '\n');
    size_t head = (size_t)(nl - t);
    memcpy(crlf, t, head);
    crlf[head] = '\r';
    strcpy(crlf + head + 1, nl);
    canasta_game *a = load_ok(crlf);
    char *canon = build(crafted, N_CRAFTED, 1);
    canasta_game *b = load_ok(canon);
    ck_assert(th_games_equal(a, b));
    /* The writer sorts hands by code (rank * 4 + suit): 6c (24) first, Kh
     * (54) before Ac (56). */
    char *w = position_text(a);
    ck_assert_ptr_nonnull(strstr(w, "\nhand 0 6c 6d 7c 7d 9c 10c Jc Qc Kh Ac\n"));
    ck_assert_ptr_nonnull(strstr(w, "\nmeld 0 K: Kc Kd Ks\n"));
    ck_assert_ptr_nonnull(strstr(w, "\nstock 5c 5d "));
    ck_assert_ptr_nonnull(strstr(w, "\npile 4c 9h 2c 8s\n"));
    canasta_free(w);
    canasta_game_free(a);
    canasta_game_free(b);
    free(canon);
    free(crlf);
    free(t);
}
END_TEST

/* A position in the hand-over phase (built from a real game's end) loads,
 * and the next hand is dealt from the seed: the same hand the original
 * game deals. */
START_TEST(test_C7_position_next_hand_from_seed)
{
    canasta_game *g = th_new_game(2024);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 9 };
    while (th_phase(g) != CANASTA_PHASE_HAND_OVER) {
        ck_assert_int_ne(th_phase(g), CANASTA_PHASE_GAME_OVER);
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    char *t = position_text(g);
    ck_assert_ptr_nonnull(strstr(t, "\nphase hand-over\n"));
    canasta_game *p = load_ok(t);
    same_queries(g, p);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_NEXT_HAND, th_seat(g));
    th_ok(g, &m);
    th_ok(p, &m);
    ck_assert(th_games_equal(g, p));
    ck_assert_int_eq(canasta_game_hand_number(&(int){0}, p), 0);
    int hn = 0;
    canasta_game_hand_number(&hn, p);
    ck_assert_int_eq(hn, 2);
    /* The new hand was dealt: a deck and 11 cards each (C4). */
    uint8_t deck[256];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, p), 0);
    ck_assert_uint_eq(n, 108);
    canasta_free(t);
    canasta_game_free(p);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Malformed positions                                                */
/* ---------------------------------------------------------------- */

/* C2: each card as often as the deck holds it. */
START_TEST(test_C2_position_card_counts)
{
    /* A card taken out of the stock: one 5c missing at the end. */
    char *t = variant("stock", "stock 5d", 0);
    /* Without fill the stock holds only 5d: the first missing card in code
     * order is reported (a 2c: one in the pile, none elsewhere). */
    refuse(t, CANASTA_E_INVALID, last_line(), "C2");
    free(t);
    /* A third Kh: hand 0 holds one, the meld line adds two more. */
    refuse_variant("meld 0 K", "meld 0 K: Kh Kh Kd", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "C2: one Kh too many");
    /* A fifth joker. */
    refuse_variant("hand 2", "hand 2 4h 4s 5s 6s 7s 9s 10s Js Qs Jk Jk Jk Jk",
                   CANASTA_E_INVALID, line_of("hand 2"), "C2");
    /* Not a card. */
    refuse_variant("hand 0", "hand 0 Kh 6c 6d 7c 7d 9c 10c Jc Qc Xq",
                   CANASTA_E_SYNTAX, line_of("hand 0"), "\"Xq\"");
    refuse_variant("pile", "pile 4c 9h 2c 1s", CANASTA_E_SYNTAX,
                   line_of("pile"), "\"1s\"");
}
END_TEST

/* E_HIDDEN: a seat's view shows other hands as "??". */
START_TEST(test_position_hidden_cards)
{
    refuse_variant("hand 3", "hand 3 ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??",
                   CANASTA_E_HIDDEN, line_of("hand 3"), "??");
    refuse_variant("stock", "stock ?? ??", CANASTA_E_HIDDEN, line_of("stock"),
                   NULL);
}
END_TEST

/* M1-M6: melds must be legal. */
START_TEST(test_M1_position_illegal_melds)
{
    /* M1: four wild cards. */
    refuse_variant("meld 0 K", "meld 0 K: Kc Kd 2c 2h 2s Jk",
                   CANASTA_E_INVALID, line_of("meld 0 K"), "M1");
    /* M1: one natural. */
    refuse_variant("meld 0 K", "meld 0 K: Kc 2h Jk", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M1");
    /* M1: two cards. */
    refuse_variant("meld 0 K", "meld 0 K: Kc Kd", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M1");
    /* M1: a card of another rank. */
    refuse_variant("meld 0 K", "meld 0 K: Kc Kd Qs", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M1");
    /* M6: a wild card among threes; a red three in a meld. */
    refuse_variant("meld 0 K", "meld 0 3: 3c 3s 3c 2h", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M6");
    refuse_variant("meld 0 K", "meld 0 3: 3c 3s 3d", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M1");
    /* M6: black threes melded while seat 1 is still to draw. */
    const char *lines[N_CRAFTED + 1];
    for (size_t i = 0; i < N_CRAFTED; i++)
        lines[i] = crafted[i];
    lines[N_CRAFTED] = "meld 0 3: 3c 3s 3s";
    char *t = build(lines, N_CRAFTED + 1, 1);
    refuse(t, CANASTA_E_INVALID, (int)N_CRAFTED + BODY_FIRST_LINE, "M6");
    free(t);
    /* A meld of one side and rank twice. */
    lines[N_CRAFTED] = "meld 0 K: Kh Kh 2c";
    t = build(lines, N_CRAFTED + 1, 0);
    refuse(t, CANASTA_E_SYNTAX, (int)N_CRAFTED + BODY_FIRST_LINE,
           "second meld");
    free(t);
    /* Not a rank. */
    refuse_variant("meld 0 K", "meld 0 Z: Kc Kd Ks", CANASTA_E_SYNTAX,
                   line_of("meld 0 K"), NULL);
    refuse_variant("meld 0 K", "meld 0 K Kc Kd Ks", CANASTA_E_SYNTAX,
                   line_of("meld 0 K"), NULL);
}
END_TEST

/* R1: red threes are laid out, never kept; in the pile only as a covered
 * upcard (C5). */
START_TEST(test_R1_position_red_threes)
{
    refuse_variant("hand 0", "hand 0 Kh 6c 6d 7c 7d 9c 10c Jc Qc 3h",
                   CANASTA_E_INVALID, line_of("hand 0"), "R1");
    refuse_variant("red-threes 1", "red-threes 1 5c", CANASTA_E_INVALID,
                   line_of("red-threes 1"), "R1");
    /* A red three above a natural card of the pile. */
    refuse_variant("pile", "pile 4c 3h 9h 2c 8s", CANASTA_E_INVALID,
                   line_of("pile"), "R1");
    /* A red-three upcard with nothing turned on it. */
    refuse_variant("pile", "pile 3h", CANASTA_E_INVALID, line_of("pile"),
                   "C5");
    /* Covered red-three upcard: loads, and P3 freezes the pile. */
    char *t = variant("pile", "pile 3h 2c 9h 8s", 1);
    canasta_game *g = load_ok(t);
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_FROZEN_WILD |
                                           CANASTA_PILE_FROZEN_RED_THREE);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* O1: the opened flags follow from the melds, and so do the seats that
 * melded. */
START_TEST(test_O1_position_opened_flags)
{
    refuse_variant("opened", "opened 0 0", CANASTA_E_INVALID,
                   line_of("opened"), "O1");
    refuse_variant("opened", "opened 1 1", CANASTA_E_INVALID,
                   line_of("opened"), "O1");
    refuse_variant("seat-melded", "seat-melded 0 0 0 0", CANASTA_E_INVALID,
                   line_of("seat-melded"), NULL);
    refuse_variant("seat-melded", "seat-melded 1 1 0 0", CANASTA_E_INVALID,
                   line_of("seat-melded"), NULL);
    refuse_variant("opened", "opened 1", CANASTA_E_SYNTAX, line_of("opened"),
                   NULL);
    refuse_variant("opened", "opened 1 0 1", CANASTA_E_SYNTAX,
                   line_of("opened"), NULL);
    refuse_variant("opened", "opened 1 2", CANASTA_E_SYNTAX,
                   line_of("opened"), NULL);
}
END_TEST

/* T1, G4: the phase and the turn must be possible. */
START_TEST(test_T1_position_impossible_phases)
{
    /* Play phase without a draw. */
    refuse_variant("phase", "phase play", CANASTA_E_INVALID,
                   line_of("phase"), "T1");
    /* Draw phase with a source. */
    refuse_variant("source", "source stock", CANASTA_E_INVALID,
                   line_of("phase"), "T1");
    /* G4: answer phase without a question. */
    const char *lines[N_CRAFTED];
    for (size_t i = 0; i < N_CRAFTED; i++)
        lines[i] = crafted[i];
    lines[line_of("phase") - BODY_FIRST_LINE] = "phase answer";
    lines[line_of("source") - BODY_FIRST_LINE] = "source stock";
    char *t = build(lines, N_CRAFTED, 1);
    refuse(t, CANASTA_E_INVALID, line_of("phase"), "G4");
    free(t);
    /* G4: asked, but seat 1 could not go out (its side has no canasta). */
    lines[line_of("permission") - BODY_FIRST_LINE] = "permission asked";
    t = build(lines, N_CRAFTED, 1);
    refuse(t, CANASTA_E_INVALID, line_of("permission"), "G4");
    free(t);
    /* Play phase with a question waiting. */
    lines[line_of("phase") - BODY_FIRST_LINE] = "phase play";
    t = build(lines, N_CRAFTED, 1);
    refuse(t, CANASTA_E_INVALID, line_of("phase"), "G4");
    free(t);
    /* Play phase after taking the pile: the pile cannot hold cards. */
    lines[line_of("permission") - BODY_FIRST_LINE] = "permission none";
    lines[line_of("source") - BODY_FIRST_LINE] = "source pile";
    lines[line_of("seat-melded") - BODY_FIRST_LINE] = "seat-melded 1 1 0 0";
    lines[line_of("opened") - BODY_FIRST_LINE] = "opened 1 1";
    lines[N_CRAFTED - 1] = "pile 4c 9h 2c 8s";
    const char *more[N_CRAFTED + 1];
    memcpy(more, lines, sizeof lines);
    more[N_CRAFTED] = "meld 1 8: 8c 8d 8s";
    t = build(more, N_CRAFTED + 1, 1);
    refuse(t, CANASTA_E_INVALID, line_of("pile"), "P1");
    free(t);
    /* take-extra needs a take. */
    refuse_variant("take-extra", "take-extra 1", CANASTA_E_INVALID,
                   line_of("take-extra"), NULL);
    /* Melds this turn by a seat that never melded. */
    refuse_variant("melds-this-turn", "melds-this-turn 2", CANASTA_E_INVALID,
                   line_of("seat-melded"), "T1");
    /* new-melds of a rank the side has no meld of. */
    refuse_variant("new-melds", "new-melds 7", CANASTA_E_INVALID,
                   line_of("new-melds"), NULL);
    /* G2: a player without cards while the hand goes on. */
    refuse_variant("hand 2", "hand 2", CANASTA_E_INVALID, line_of("hand 2"),
                   "G2");
    /* Unknown names. */
    refuse_variant("phase", "phase lunch", CANASTA_E_SYNTAX, line_of("phase"),
                   "\"lunch\"");
    refuse_variant("permission", "permission maybe", CANASTA_E_SYNTAX,
                   line_of("permission"), NULL);
    refuse_variant("source", "source sky", CANASTA_E_SYNTAX,
                   line_of("source"), NULL);
    refuse_variant("take-extra", "take-extra 2", CANASTA_E_SYNTAX,
                   line_of("take-extra"), NULL);
}
END_TEST

/* Seats and sides out of range. */
START_TEST(test_C1_position_seats_and_sides)
{
    refuse_variant("turn", "turn 4", CANASTA_E_INVALID, line_of("turn"),
                   "seat 4");
    refuse_variant("dealer", "dealer -1", CANASTA_E_INVALID,
                   line_of("dealer"), NULL);
    refuse_variant("dealer", "dealer two", CANASTA_E_SYNTAX,
                   line_of("dealer"), NULL);
    refuse_variant("hand 3", "hand 4 4h 5h 6h 7h 9h 10h Jh Qh Ah 2d Ad",
                   CANASTA_E_INVALID, line_of("hand 3"), "seat 4");
    refuse_variant("meld 0 K", "meld 2 K: Kc Kd Ks", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "side 2");
    refuse_variant("last-score 1", "last-score 5 0 0 0 -100 0 -100 -200",
                   CANASTA_E_INVALID, line_of("last-score 1"), "side 5");
    refuse_variant("last-hand", "last-hand went-out 9", CANASTA_E_INVALID,
                   line_of("last-hand"), "seat 9");
    refuse_variant("totals", "totals 1600", CANASTA_E_SYNTAX,
                   line_of("totals"), NULL);
    refuse_variant("seat-melded", "seat-melded 1 0 0 0 0", CANASTA_E_SYNTAX,
                   line_of("seat-melded"), NULL);
    refuse_variant("hand-number", "hand-number 0", CANASTA_E_INVALID,
                   line_of("hand-number"), NULL);
}
END_TEST

/* Hand numbers are 1 .. 1000000000 (E_INVALID beyond; not a number
 * beyond int32).  Issue 16: 1.0 let a finished hand 1000000000 deal hand
 * 1000000001, a state its own save and position refuse; now the game
 * ends with that hand (no further hand can be numbered), and a finished
 * hand 1000000000 is read only as game over. */
START_TEST(test_position_hand_number_limit)
{
    refuse_variant("hand-number", "hand-number 2147483647", CANASTA_E_INVALID,
                   line_of("hand-number"), "1 to 1000000000, not 2147483647");
    refuse_variant("hand-number", "hand-number 1000000001", CANASTA_E_INVALID,
                   line_of("hand-number"), "not 1000000001");
    refuse_variant("hand-number", "hand-number 2147483648", CANASTA_E_SYNTAX,
                   line_of("hand-number"), "not a number");
    char *t = variant("hand-number", "hand-number 1000000000", 1);
    canasta_game *p = load_ok(t);
    int hn = 0;
    ck_assert_int_eq(canasta_game_hand_number(&hn, p), 0);
    ck_assert_int_eq(hn, 1000000000);
    canasta_game_free(p);
    free(t);

    canasta_game *g = th_new_game(2025);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 5 };
    while (th_phase(g) != CANASTA_PHASE_HAND_OVER) {
        ck_assert_int_ne(th_phase(g), CANASTA_PHASE_GAME_OVER);
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    t = position_text(g);
    char *at = strstr(t, "\nhand-number 1\n");
    ck_assert_ptr_nonnull(at);
    size_t n = strlen(t);
    char *big = malloc(n + 16);
    memcpy(big, t, (size_t)(at - t));
    strcpy(big + (at - t), "\nhand-number 1000000000\n");
    strcat(big, at + strlen("\nhand-number 1\n"));
    /* The finished hand 1000000000 in phase hand-over: refused, it is the
     * last hand (S6 at the bound); in phase game-over it reads, and its
     * winner is the side with the higher total (none for equal ones). */
    int phase_line = 2;
    for (const char *c = big; c < strstr(big, "\nphase "); c++)
        phase_line += *c == '\n';
    refuse(big, CANASTA_E_INVALID, phase_line, "S6: with these totals the "
           "game is over");
    char *over = malloc(strlen(big) + 8);
    at = strstr(big, "\nphase hand-over\n");
    ck_assert_ptr_nonnull(at);
    memcpy(over, big, (size_t)(at - big));
    strcpy(over + (at - big), "\nphase game-over\n");
    strcat(over, at + strlen("\nphase hand-over\n"));
    p = load_ok(over);
    ck_assert_int_eq(th_phase(p), CANASTA_PHASE_GAME_OVER);
    int w = -2, t0 = th_total(p, 0), t1 = th_total(p, 1);
    ck_assert_int_eq(canasta_game_winner(&w, p), CANASTA_OK);
    ck_assert_int_eq(w, t0 > t1 ? 0 : t1 > t0 ? 1 : -1);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_NEXT_HAND, th_seat(p));
    th_err(p, &m, CANASTA_E_GAME_OVER);
    canasta_game_free(p);
    free(over);
    free(big);
    canasta_free(t);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* Every line once; none missing. */
START_TEST(test_position_duplicate_and_missing_lines)
{
    /* Each required line deleted in turn. */
    static const char *const required[] = {
        "hand-number", "dealer", "phase", "turn", "source",
        "melds-this-turn", "take-extra", "permission", "melded-before-turn",
        "new-melds", "seat-melded", "totals", "last-hand", "opened",
        "hand 0", "hand 1", "hand 2", "hand 3", "red-threes 0",
        "red-threes 1", "red-threes 2", "red-threes 3", "last-score 0",
        "last-score 1", "stock", "pile"
    };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        const char *lines[N_CRAFTED];
        size_t n = 0;
        int gone = 0;
        for (size_t k = 0; k < N_CRAFTED; k++) {
            if (!gone && strncmp(crafted[k], required[i],
                                 strlen(required[i])) == 0) {
                gone = 1;
                continue;
            }
            lines[n++] = crafted[k];
        }
        ck_assert(gone);
        /* A missing hand's cards would be missing from the deck; keep the
         * count right by filling the stock. */
        char *t = build(lines, n, 1);
        canasta_game *g = (canasta_game *)1;
        char why[512];
        int rc = canasta_game_from_position(&g, why, sizeof why, t,
                                            (size_t)-1);
        ck_assert_msg(rc == CANASTA_E_SYNTAX, "%s deleted: %s (%s)",
                      required[i], canasta_error_name(rc), why);
        ck_assert_ptr_null(g);
        char want[64];
        snprintf(want, sizeof want, "line %d: ", (int)n + BODY_FIRST_LINE - 1);
        ck_assert_msg(strncmp(why, want, strlen(want)) == 0, "%s: %s",
                      required[i], why);
        ck_assert_msg(strstr(why, required[i]) != NULL, "%s: %s",
                      required[i], why);
        free(t);
    }
    /* Each line given twice (the copy right after it). */
    for (size_t i = 0; i < N_CRAFTED; i++) {
        const char *lines[N_CRAFTED + 1];
        size_t n = 0;
        for (size_t k = 0; k < N_CRAFTED; k++) {
            lines[n++] = crafted[k];
            if (k == i)
                lines[n++] = crafted[k];
        }
        char *t = build(lines, n, 0);
        canasta_game *g = (canasta_game *)1;
        char why[512], want[32];
        int rc = canasta_game_from_position(&g, why, sizeof why, t,
                                            (size_t)-1);
        ck_assert_ptr_null(g);
        snprintf(want, sizeof want, "line %d: ", (int)i + 1 + BODY_FIRST_LINE);
        /* Card lines repeated overflow the deck first (C2). */
        ck_assert_msg(rc == CANASTA_E_SYNTAX || rc == CANASTA_E_INVALID,
                      "%s twice: %s", crafted[i], canasta_error_name(rc));
        ck_assert_msg(strncmp(why, want, strlen(want)) == 0, "%s twice: %s",
                      crafted[i], why);
        if (rc == CANASTA_E_SYNTAX)
            ck_assert_msg(strstr(why, "second") != NULL, "%s", why);
        free(t);
    }
    /* A line the format does not know. */
    const char *lines[N_CRAFTED + 1];
    memcpy(lines, crafted, sizeof crafted);
    lines[N_CRAFTED] = "end position";
    char *t = build(lines, N_CRAFTED + 1, 1);
    refuse(t, CANASTA_E_SYNTAX, (int)N_CRAFTED + BODY_FIRST_LINE, "\"end\"");
    free(t);
    /* Extra words. */
    refuse_variant("phase", "phase draw now", CANASTA_E_SYNTAX,
                   line_of("phase"), "\"now\"");
}
END_TEST

/* E3, S5, S6: scores and totals must fit the phase. */
START_TEST(test_S6_position_scores_and_totals)
{
    /* S5: the items do not add up. */
    refuse_variant("last-score 0", "last-score 0 1000 500 0 100 0 0 1700",
                   CANASTA_E_INVALID, line_of("last-score 0"), "S5");
    /* S6: a total at the target ends the game; no hand is played.  (In
     * hand 3: in hand 2 the totals are hand 1's score, S5.) */
    const char *lines[N_CRAFTED];
    memcpy(lines, crafted, sizeof crafted);
    lines[line_of("totals") - BODY_FIRST_LINE] = "totals 5000 -200";
    lines[line_of("hand-number") - BODY_FIRST_LINE] = "hand-number 3";
    char *t = build(lines, N_CRAFTED, 1);
    refuse(t, CANASTA_E_INVALID, line_of("totals"), "S6");
    free(t);
    /* The first hand starts from 0 and follows no hand. */
    lines[line_of("totals") - BODY_FIRST_LINE] = "totals 1600 -200";
    lines[line_of("hand-number") - BODY_FIRST_LINE] = "hand-number 1";
    t = build(lines, N_CRAFTED, 1);
    refuse(t, CANASTA_E_INVALID, line_of("totals"), "S5");
    free(t);
    /* A later hand follows a finished one. */
    refuse_variant("last-hand", "last-hand none -", CANASTA_E_INVALID,
                   line_of("last-score 0"), "S5");
    /* G2: went out names a seat; E1 names none. */
    refuse_variant("last-hand", "last-hand went-out -", CANASTA_E_INVALID,
                   line_of("last-hand"), "G2");
    refuse_variant("last-hand", "last-hand stock 2", CANASTA_E_INVALID,
                   line_of("last-hand"), "E1");
    /* Hand over: the score must be that of the cards on the table.  The
     * stock is not empty, so E1 could not have ended the hand. */
    refuse_variant("phase", "phase hand-over", CANASTA_E_INVALID,
                   line_of("stock"), "E1");
}
END_TEST

/* Header: kind and version, tags, overlong lines, NUL bytes, the end. */
START_TEST(test_position_header_and_text)
{
    char *body = build(crafted, N_CRAFTED, 1);
    const char *rest = strchr(strchr(body, '\n') + 1, '\n') + 1; /* body */
    char *t = malloc(strlen(body) + 8192);
    canasta_game *g = (canasta_game *)1;
    char why[256];

    /* E_VERSION: another version, another kind, no kind. */
    sprintf(t, "canasta-position 2\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_VERSION, 1, NULL);
    sprintf(t, "canasta-save 1\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_VERSION, 1, NULL);
    sprintf(t, "# comment\n\nhello\n");
    refuse(t, CANASTA_E_VERSION, 3, NULL);
    refuse("", CANASTA_E_VERSION, 0, NULL);
    /* The seed is required, and only once. */
    sprintf(t, "canasta-position 1\n%s", rest);
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t,
                                                (size_t)-1),
                     CANASTA_E_SYNTAX);
    ck_assert_ptr_nonnull(strstr(why, "seed"));
    sprintf(t, "canasta-position 1\nseed 7\nseed 8\n%s", rest);
    refuse(t, CANASTA_E_SYNTAX, 3, "seed");
    sprintf(t, "canasta-position 1\nseed 18446744073709551616\n%s", rest);
    refuse(t, CANASTA_E_SYNTAX, 2, "seed");
    /* Options: unknown names, values out of range, the fixed sides (C1). */
    sprintf(t, "canasta-position 1\noption colour 3\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_SYNTAX, 2, "colour");
    sprintf(t, "canasta-position 1\noption hand-size 40\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_INVALID, 2, "hand-size");
    sprintf(t, "canasta-position 1\nsides 0 0 1 1\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_INVALID, 2, "C1");
    sprintf(t, "canasta-position 1\npreset rummy\nseed 7\n%s", rest);
    refuse(t, CANASTA_E_INVALID, 2, "rummy");
    /* Header tags in any order, the preset by number: loads. */
    sprintf(t, "canasta-position 1\nseed 7\nsides 0 1 0 1\noption target "
               "6000\npreset 1\n%s", rest);
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t,
                                                (size_t)-1), 0);
    int v = 0;
    canasta_game_option(&v, g, CANASTA_OPT_TARGET_SCORE);
    ck_assert_int_eq(v, 6000);
    canasta_game_free(g);

    /* An overlong line (even a comment) is refused, not cut. */
    size_t k = (size_t)sprintf(t, "canasta-position 1\nseed 7\n#");
    memset(t + k, 'x', 5000);
    sprintf(t + k + 5000, "\n%s", rest);
    refuse(t, CANASTA_E_SYNTAX, 3, "4096");
    /* A NUL byte inside the given length. */
    k = strlen(body);
    memcpy(t, body, k + 1);
    t[40] = '\0';
    g = (canasta_game *)1;
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t, k),
                     CANASTA_E_SYNTAX);
    ck_assert_ptr_null(g);
    /* The given length is respected: the text cut before its last line
     * lacks the pile. */
    memcpy(t, body, k + 1);
    size_t cut = (size_t)(strstr(t, "\npile") - t) + 1;
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t, cut),
                     CANASTA_E_SYNTAX);
    ck_assert_ptr_nonnull(strstr(why, "\"pile\""));
    /* NULL arguments. */
    ck_assert_int_eq(canasta_game_from_position(NULL, why, sizeof why, body,
                                                (size_t)-1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, NULL, 0),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_position(NULL, NULL, g), CANASTA_E_NULL);
    /* why may be NULL. */
    ck_assert_int_eq(canasta_game_from_position(&g, NULL, 0, "x", 1),
                     CANASTA_E_VERSION);
    free(t);
    free(body);
}
END_TEST

/* Truncation at every line and at every byte of a real position: always
 * refused (the last line, the pile, is required; a cut card line leaves a
 * card missing or is no card). */
START_TEST(test_position_truncated_everywhere)
{
    canasta_game *g = th_new_game(4242);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 3 };
    for (int i = 0; i < 40; i++) {
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    char *t = position_text(g);
    size_t n = strlen(t);
    for (size_t cut = 0; cut < n; cut++) {
        /* A cut just before the final newline leaves the text whole. */
        if (cut == n - 1)
            continue;
        canasta_game *p = (canasta_game *)1;
        char why[256];
        int rc = canasta_game_from_position(&p, why, sizeof why, t, cut);
        REQ_MSG(rc != CANASTA_OK, "cut at %zu of %zu loaded", cut, n);
        REQ(p == NULL);
        REQ(strncmp(why, "line ", 5) == 0);
    }
    canasta_free(t);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* Random damage (bytes changed, lines swapped) never crashes the reader;
 * whatever it accepts is a consistent game: written again and read back,
 * it is the same game. */
static void check_damaged(const char *buf, size_t n, long *loaded);

static void fuzz_text(const char *text, th_sm64 *r, int rounds)
{
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    static const char alphabet[] = "0123456789 \n-?#:abcdehsjkqtJKQAT\r";
    long loaded = 0;
    for (int i = 0; i < rounds; i++) {
        memcpy(buf, text, n + 1);
        int flips = 1 + (int)th_sm64_below(r, 3);
        for (int f = 0; f < flips; f++) {
            size_t at = th_sm64_below(r, n);
            if (th_sm64_below(r, 2))
                buf[at] = alphabet[th_sm64_below(r, sizeof alphabet - 1)];
            else
                buf[at] = (char)th_sm64_below(r, 256);
        }
        check_damaged(buf, n, &loaded);
    }
    free(buf);
}

/* Swapping two card tokens keeps every card count right, so many of these
 * texts get past C2 and test the other checks. */
static void swap_cards(const char *text, th_sm64 *r, int rounds)
{
    size_t n = strlen(text);
    size_t *start = malloc(sizeof *start * n), *len = malloc(sizeof *len * n);
    size_t nt = 0;
    char *buf = malloc(n + 1);
    long loaded = 0;
    for (size_t i = 0; i < n;) {
        if (text[i] == ' ' || text[i] == '\n') {
            i++;
            continue;
        }
        size_t k = i;
        while (k < n && text[k] != ' ' && text[k] != '\n')
            k++;
        char tok[8];
        int c;
        if (k - i < sizeof tok) {
            memcpy(tok, text + i, k - i);
            tok[k - i] = '\0';
            if (canasta_card_from_string(&c, tok, (size_t)-1) == 0) {
                start[nt] = i;
                len[nt++] = k - i;
            }
        }
        i = k;
    }
    for (int round = 0; round < rounds; round++) {
        size_t a = th_sm64_below(r, nt), b = th_sm64_below(r, nt);
        if (a == b)
            continue;
        if (a > b) {
            size_t t = a;
            a = b;
            b = t;
        }
        size_t o = 0;
        memcpy(buf + o, text, start[a]);
        o += start[a];
        memcpy(buf + o, text + start[b], len[b]);
        o += len[b];
        memcpy(buf + o, text + start[a] + len[a],
               start[b] - start[a] - len[a]);
        o += start[b] - start[a] - len[a];
        memcpy(buf + o, text + start[a], len[a]);
        o += len[a];
        memcpy(buf + o, text + start[b] + len[b], n - start[b] - len[b]);
        o += n - start[b] - len[b];
        buf[o] = '\0';
        check_damaged(buf, o, &loaded);
    }
    /* Most exchanges (stock with hand cards, say) are still positions. */
    ck_assert_int_gt(loaded, rounds / 10);
    free(start);
    free(len);
    free(buf);
}

static void check_damaged(const char *buf, size_t n, long *loaded)
{
    {
        canasta_game *g = NULL;
        char why[256];
        int rc = canasta_game_from_position(&g, why, sizeof why, buf, n);
        if (rc != CANASTA_OK) {
            REQ(g == NULL);
            REQ_MSG(strncmp(why, "line ", 5) == 0, "why: %s", why);
            return;
        }
        (*loaded)++;
        char *t2 = position_text(g);
        canasta_game *h = load_ok(t2);
        REQ(th_games_equal(g, h));
        th_movelist ml = { NULL, 0, 0 };
        th_list_moves(&ml, g);
        REQ(ml.n > 0 || th_phase(g) == CANASTA_PHASE_GAME_OVER);
        free(ml.v);
        canasta_free(t2);
        canasta_game_free(g);
        canasta_game_free(h);
    }
}

START_TEST(test_position_random_damage)
{
    th_sm64 r = { 0xF00D };
    char *crafted_text = build(crafted, N_CRAFTED, 1);
    fuzz_text(crafted_text, &r, 3000);
    swap_cards(crafted_text, &r, 3000);
    free(crafted_text);
    canasta_game *g = th_new_game(99);
    th_movelist ml = { NULL, 0, 0 };
    for (int i = 0; i < 60; i++) {
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    char *t = position_text(g);
    fuzz_text(t, &r, 3000);
    swap_cards(t, &r, 3000);
    canasta_free(t);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* The checks no single line can make                                 */
/* ---------------------------------------------------------------- */

/* The crafted lines with edits applied: edits[2i] is the start of a line
 * to replace (the first one starting with it), edits[2i + 1] its new text
 * (NULL: deleted); extra lines are added at the end.  The stock is filled
 * with the cards no line places. */
static char *edited(const char *const *edits, size_t n_edits,
                    const char *const *extra, size_t n_extra)
{
    const char *lines[N_CRAFTED + 8];
    size_t n = 0;
    ck_assert_uint_le(n_extra, 8);
    for (size_t i = 0; i < N_CRAFTED; i++) {
        const char *line = crafted[i];
        for (size_t e = 0; e + 1 < n_edits; e += 2)
            if (strncmp(crafted[i], edits[e], strlen(edits[e])) == 0) {
                line = edits[e + 1];
                break;
            }
        lines[n++] = line;
    }
    for (size_t i = 0; i < n_extra; i++)
        lines[n++] = extra[i];
    return build(lines, n, 1);
}
#define EDITED(edits) edited(edits, sizeof edits / sizeof edits[0], NULL, 0)

/* The text with `tag` inserted as the header's second line: every later
 * line number grows by one. */
static char *with_header_tag(const char *text, const char *tag)
{
    const char *nl = strchr(text, '\n') + 1;
    size_t head = (size_t)(nl - text), k = strlen(tag);
    char *out = malloc(strlen(text) + k + 2);
    REQ(out != NULL);
    memcpy(out, text, head);
    memcpy(out + head, tag, k);
    out[head + k] = '\n';
    strcpy(out + head + k + 1, nl);
    return out;
}

/* G4 and T1: what the player to move can have done so far this turn. */
START_TEST(test_G4_position_turn_so_far)
{
    char *t, *h;
    /* G4: with ask-permission 0 no question can have been asked. */
    {
        static const char *const e[] = { "phase", "phase play", "source",
            "source stock", "permission", "permission yes" };
        t = EDITED(e);
        h = with_header_tag(t, "option ask-permission 0");
        refuse(h, CANASTA_E_INVALID, line_of("permission") + 1,
               "G4: asking permission is switched off");
        free(h);
        free(t);
    }
    /* G4: the question comes after the draw, not before. */
    refuse_variant("permission", "permission yes", CANASTA_E_INVALID,
                   line_of("permission"), "G4: permission is asked after "
                   "drawing");
    /* T1: seat 0 melded in an earlier turn, so a turn of seat 0 that has
     * not begun says melded-before-turn 1 ... */
    {
        static const char *const e[] = { "turn", "turn 0" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("source"), "T1: seat 0 has not "
               "drawn");
        free(t);
        static const char *const ok[] = { "turn", "turn 0",
            "melded-before-turn", "melded-before-turn 1" };
        t = EDITED(ok);
        canasta_game *g = load_ok(t);
        ck_assert_int_eq(th_seat(g), 0);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
        canasta_game_free(g);
        free(t);
    }
    /* ... and after a draw from the stock with no meld yet, no meld is
     * new this turn. */
    {
        static const char *const e[] = { "turn", "turn 0",
            "melded-before-turn", "melded-before-turn 1", "phase",
            "phase play", "source", "source stock", "new-melds",
            "new-melds K" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("melds-this-turn"),
               "T1: seat 0 drew from the stock");
        free(t);
    }
    /* P1: a take with no further melds begins at most the top card's
     * meld: one new meld (7s) is possible, two are not. */
    {
        static const char *const seven[] = { "meld 0 7: 7c 7d 7s" };
        static const char *const one[] = { "turn", "turn 0",
            "melded-before-turn", "melded-before-turn 1", "phase",
            "phase play", "source", "source pile", "new-melds",
            "new-melds 7", "pile", "pile" };
        t = edited(one, sizeof one / sizeof one[0], seven, 1);
        canasta_game *g = load_ok(t);
        ck_assert_int_eq(th_pile_size(g), 0);
        canasta_game_free(g);
        free(t);
        static const char *const two[] = { "turn", "turn 0",
            "melded-before-turn", "melded-before-turn 1", "phase",
            "phase play", "source", "source pile", "new-melds",
            "new-melds 7 K", "pile", "pile" };
        t = edited(two, sizeof two / sizeof two[0], seven, 1);
        refuse(t, CANASTA_E_INVALID, line_of("new-melds"), "P1");
        free(t);
    }
    /* A rank listed twice in new-melds. */
    refuse_variant("new-melds", "new-melds K K", CANASTA_E_SYNTAX,
                   line_of("new-melds"), "listed twice");
    /* G4: after a "no" the player keeps at least two cards (going out is
     * forbidden for the turn, and one card could only be discarded). */
    {
        static const char *const e[] = { "phase", "phase play", "source",
            "source stock", "permission", "permission no", "hand 1",
            "hand 1 4d" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("hand 1"), "G4: after a "
               "\"no\" seat 1 keeps at least two cards");
        free(t);
    }
    /* G4: a "yes" binds the player to go out, which side 1 (no canasta,
     * G1) cannot. */
    {
        static const char *const e[] = { "phase", "phase play", "source",
            "source stock", "permission", "permission yes" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("permission"), "G4: after a "
               "\"yes\" seat 1 must be able to go out");
        free(t);
    }
    /* G1: with one card left after the draw the player must be able to
     * discard it and go out; side 1 has no canasta. */
    {
        static const char *const e[] = { "phase", "phase play", "source",
            "source stock", "hand 1", "hand 1 4d" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("hand 1"), "G1: seat 1 holds "
               "one card");
        free(t);
    }
    /* G4: a hand does not end while a question waits for its answer. */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "source", "source stock", "permission", "permission asked" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("permission"), "G4: a hand "
               "cannot end while a question waits");
        free(t);
    }
}
END_TEST

/* S5, S6: which hand is played, and whether the totals let it be. */
START_TEST(test_S5_position_hand_being_played)
{
    char *t, *h;
    /* Hand 1 follows no hand, even with totals 0. */
    {
        static const char *const e[] = { "hand-number", "hand-number 1",
            "totals", "totals 0 0" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "in the first "
               "hand no hand has ended");
        free(t);
    }
    /* A later hand follows a finished one: last-hand none (and so no
     * last-score lines) is not possible in hand 2. */
    {
        static const char *const e[] = { "last-hand", "last-hand none -",
            "last-score 0", NULL, "last-score 1", NULL };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "in hand 2 the "
               "last hand has ended");
        free(t);
    }
    /* S6: equal leaders at the target play on by default (another hand,
     * so this one is possible); with the tie declared the game is over
     * and no hand is played.  (In hand 3: hand 2 starts from hand 1's
     * score, S5.) */
    {
        static const char *const e[] = { "totals", "totals 5000 5000",
            "hand-number", "hand-number 3" };
        t = EDITED(e);
        canasta_game *g = load_ok(t);
        ck_assert_int_eq(th_total(g, 0), 5000);
        ck_assert_int_eq(th_total(g, 1), 5000);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
        canasta_game_free(g);
        h = with_header_tag(t, "option tie-rule 1");
        refuse(h, CANASTA_E_INVALID, line_of("totals") + 1, "S6");
        free(h);
        free(t);
    }
}
END_TEST

/* A finished hand: who went out (G1, G2, G3), the melds (M6), the scores
 * (E3) and the end of the game (S6). */
START_TEST(test_G2_position_finished_hand)
{
    char *t;
    /* G2: the seat that went out holds no card. */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "last-hand", "last-hand went-out 1" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("hand 1"), "G2: seat 1 went "
               "out, so its hand is empty");
        free(t);
    }
    /* M6: black threes are melded only by a player going out; here the
     * hand ended with the stock (nobody went out). */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "seat-melded", "seat-melded 1 1 0 0", "melded-before-turn",
            "melded-before-turn 1", "opened", "opened 1 1" };
        static const char *const threes[] = { "meld 1 3: 3c 3s 3s" };
        t = edited(e, sizeof e / sizeof e[0], threes, 1);
        refuse(t, CANASTA_E_INVALID, (int)N_CRAFTED + BODY_FIRST_LINE,
               "M6: black threes are melded only by a player going out; "
               "no seat of side 1 went out");
        free(t);
    }
    /* A finished hand has ended somehow. */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "last-hand", "last-hand none -", "last-score 0", NULL,
            "last-score 1", NULL };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "in phase "
               "hand-over a hand has ended");
        free(t);
    }
    /* G2: seat 2 went out in its own turn, so the turn is seat 2's ... */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "last-hand", "last-hand went-out 2", "hand 2", "hand 2" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("turn"), "G2: seat 2 went out "
               "in its own turn, so turn is 2");
        free(t);
    }
    /* ... G1: and its side holds a canasta (side 0 has three kings). */
    {
        static const char *const e[] = { "phase", "phase hand-over",
            "turn", "turn 2", "last-hand", "last-hand went-out 2", "hand 2",
            "hand 2" };
        t = EDITED(e);
        refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "G1: seat 2 went "
               "out, but side 0 has fewer than 1 canasta");
        free(t);
    }
    /* Seat 2 went out after drawing from the stock, beginning a mixed
     * canasta of kings (six kings and a joker; hand 0 no longer holds its
     * Kh).  The scores (E3, V1, S1-S3):
     *   side 0: melded 6 x 10 + 50 = 110, mixed canasta 300, red three
     *           (3d) 100, going out 100, seat 0's hand 6c 6d 7c 7d (4 x 5)
     *           9c 10c Jc Qc (4 x 10) Ac (20) = -80: total 530;
     *   side 1: no meld, so its red three (3h) counts -100; in hand
     *           seat 1: 8c 8d 9d 10d Jd Qd (60) 4d 5h 6h 7h (20) Jk (50)
     *           = 130, seat 3: 9h 10h Jh Qh (40) 4h 5h 6h 7h (20) Ah 2d Ad
     *           (60) = 120: -250; total -350. */
    const char *out[] = {
        "phase", "phase hand-over", "turn", "turn 2", "source",
        "source stock", "melds-this-turn", "melds-this-turn 1",
        "melded-before-turn", "melded-before-turn 1", "new-melds",
        "new-melds K", "seat-melded", "seat-melded 1 0 1 0", "totals",
        "totals 1530 -550", "last-hand", "last-hand went-out 2",
        "last-score 0", "last-score 0 110 0 300 100 100 -80 530",
        "last-score 1", "last-score 1 0 0 0 -100 0 -250 -350",
        "hand 0", "hand 0 6c 6d 7c 7d 9c 10c Jc Qc Ac", "hand 2", "hand 2",
        "meld 0 K", "meld 0 K: Kc Kd Kh Kh Ks Ks Jk"
    };
    const size_t n_out = sizeof out / sizeof out[0];
    t = edited(out, n_out, NULL, 0);
    canasta_game *g = load_ok(t);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 2);
    th_expect_items(g, 0, 110, 0, 300, 100, 100, -80, 530);
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -250, -350);
    /* E3/S6 after the hand: the next dealer (seat 1) deals. */
    ck_assert_int_eq(th_seat(g), 1);
    canasta_game_free(g);
    free(t);
    /* G3: had seat 2 not melded before this turn, beginning a canasta in
     * it would make the exit concealed ... */
    out[9] = "melded-before-turn 0";
    t = edited(out, n_out, NULL, 0);
    refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "G3: seat 2 went "
           "out concealed");
    free(t);
    /* ... and having melded before, it is not concealed. */
    out[9] = "melded-before-turn 1";
    out[17] = "last-hand concealed 2";
    t = edited(out, n_out, NULL, 0);
    refuse(t, CANASTA_E_INVALID, line_of("last-hand"), "G3: seat 2 went "
           "out in the ordinary way");
    free(t);
    out[17] = "last-hand went-out 2";
    /* E3: a score that is not the table's (seat 0's Ac left out). */
    out[19] = "last-score 0 110 0 300 100 100 -60 550";
    out[15] = "totals 1550 -550";
    t = edited(out, n_out, NULL, 0);
    refuse(t, CANASTA_E_INVALID, line_of("last-score 0"), "E3: side 0's "
           "score of this hand is 110 0 300 100 100 -80 530");
    free(t);
    out[19] = "last-score 0 110 0 300 100 100 -80 530";
    /* S6: side 0 at 5030 has reached the target: the game is over, ... */
    out[15] = "totals 5030 -350";
    t = edited(out, n_out, NULL, 0);
    refuse(t, CANASTA_E_INVALID, line_of("phase"), "S6: with these totals "
           "the game is over (phase game-over)");
    free(t);
    out[1] = "phase game-over";
    t = edited(out, n_out, NULL, 0);
    g = load_ok(t);
    int w = -5;
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_OK);
    ck_assert_int_eq(w, 0);
    canasta_game_free(g);
    free(t);
    /* ... and below the target it is not. */
    out[15] = "totals 1530 -550";
    t = edited(out, n_out, NULL, 0);
    refuse(t, CANASTA_E_INVALID, line_of("phase"), "S6: with these totals "
           "the game is not over (phase hand-over)");
    free(t);
}
END_TEST

/* Lines that do not follow the grammar. */
START_TEST(test_position_line_grammar)
{
    /* Something after the seven score items. */
    refuse_variant("last-score 1", "last-score 1 0 0 0 -100 0 -100 -200 7",
                   CANASTA_E_SYNTAX, line_of("last-score 1"),
                   "unexpected \"7\"");
    /* M6: two black threes are no meld. */
    refuse_variant("meld 0 K", "meld 0 3: 3c 3s", CANASTA_E_INVALID,
                   line_of("meld 0 K"), "M6: black threes are melded only "
                   "as 3 or 4 together");
    /* Ranks and cards may be written with T for ten; the writer uses
     * "10". */
    static const char *const e[] = { "meld 0 K", "meld 0 T: Tc td 10s" };
    char *t = EDITED(e);
    canasta_game *g = load_ok(t);
    char *w = position_text(g);
    ck_assert_ptr_nonnull(strstr(w, "\nmeld 0 10: 10c 10d 10s\n"));
    canasta_free(w);
    canasta_game_free(g);
    free(t);
    /* canasta_free takes NULL, as free does. */
    canasta_free(NULL);
}
END_TEST

Suite *suite_position(void)
{
    Suite *s = suite_create("position");
    TCase *rt = tcase_create("round_trip");
    TCase *hand = tcase_create("crafted");
    TCase *bad = tcase_create("malformed");
    tcase_set_timeout(rt, 120);
    tcase_set_timeout(bad, 120);
    tcase_add_test(rt, test_position_round_trip_random_play);
    tcase_add_test(rt, test_position_round_trip_options);
    tcase_add_test(rt, test_A3_position_cannot_undo);
    tcase_add_test(rt, test_C7_position_next_hand_from_seed);
    tcase_add_test(hand, test_crafted_position_queries);
    tcase_add_test(hand, test_crafted_position_any_order);
    tcase_add_test(bad, test_C2_position_card_counts);
    tcase_add_test(bad, test_position_hidden_cards);
    tcase_add_test(bad, test_M1_position_illegal_melds);
    tcase_add_test(bad, test_R1_position_red_threes);
    tcase_add_test(bad, test_O1_position_opened_flags);
    tcase_add_test(bad, test_T1_position_impossible_phases);
    tcase_add_test(bad, test_C1_position_seats_and_sides);
    tcase_add_test(bad, test_position_hand_number_limit);
    tcase_add_test(bad, test_position_duplicate_and_missing_lines);
    tcase_add_test(bad, test_S6_position_scores_and_totals);
    tcase_add_test(bad, test_G4_position_turn_so_far);
    tcase_add_test(bad, test_S5_position_hand_being_played);
    tcase_add_test(bad, test_G2_position_finished_hand);
    tcase_add_test(bad, test_position_line_grammar);
    tcase_add_test(bad, test_position_header_and_text);
    tcase_add_test(bad, test_position_truncated_everywhere);
    tcase_add_test(bad, test_position_random_damage);
    suite_add_tcase(s, rt);
    suite_add_tcase(s, hand);
    suite_add_tcase(s, bad);
    return s;
}
