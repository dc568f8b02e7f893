/*
 * Regression tests for engine defects found in review (reproductions
 * r1..r8).  Each test names the rule it protects and says in one line what
 * used to go wrong; every one of them failed on the old engine.
 *
 * Crafted games use th_game() with seat 3 as the dealer, so seat 0
 * (side 0) moves first and its partner is seat 2 (C1, C3).  Stock cards
 * that matter are named with stock_top; "passing" seats draw the named
 * card and throw it away again.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define NSEATS 4

/* ---------------------------------------------------------------- */
/* Local helpers                                                      */
/* ---------------------------------------------------------------- */

static canasta_rules *classic_with(int key, int value)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    if (key)
        ck_assert_int_eq(canasta_rules_set(r, key, value), CANASTA_OK);
    return r;
}

/* Every legal move at the current decision (caller frees). */
static canasta_move *legal_list(const canasta_game *g, size_t *n)
{
    size_t count = 0;
    int rc = canasta_legal_moves(NULL, 0, &count, g);
    ck_assert_msg(rc == CANASTA_OK || rc == CANASTA_E_BUFFER,
                  "canasta_legal_moves: %s", canasta_error_name(rc));
    canasta_move *v = malloc((count + 1) * sizeof *v);
    ck_assert_ptr_nonnull(v);
    ck_assert_int_eq(canasta_legal_moves(v, count + 1, n, g), CANASTA_OK);
    ck_assert_uint_eq(*n, count);
    return v;
}

/* 1 when canasta_legal_moves lists m (canasta_move_equal); *count gets the
 * size of the list. */
static int is_listed(const canasta_game *g, const canasta_move *m,
                     size_t *count)
{
    size_t n = 0;
    int found = 0;
    canasta_move *v = legal_list(g, &n);
    for (size_t i = 0; i < n && !found; i++) {
        int eq = 0;
        ck_assert_int_eq(canasta_move_equal(&eq, &v[i], m), CANASTA_OK);
        found = eq;
    }
    free(v);
    if (count)
        *count = n;
    return found;
}

static void expect_valid(const canasta_game *g, const canasta_move *m,
                         const char *what)
{
    char why[256] = "";
    int rc = canasta_validate(why, sizeof why, g, m);
    ck_assert_msg(rc == CANASTA_OK, "%s: expected OK, got %s (%s)", what,
                  canasta_error_name(rc), why);
}

static void expect_listed(const canasta_game *g, const canasta_move *m,
                          const char *what)
{
    size_t n = 0;
    ck_assert_msg(is_listed(g, m, &n), "%s: not among the %zu legal moves",
                  what, n);
}

/* The classic deck (2 packs, 4 jokers) minus the hands, the upcards and
 * the tail, written as a card list, followed by the tail: passed as
 * stock_top it makes the whole stock known, the tail at its bottom. */
static void rest_of_deck(char *out, size_t cap, const char *const hands[],
                         const char *upcards, const char *tail)
{
    int left[CANASTA_CARD_LIMIT] = { 0 };
    uint8_t buf[128];
    size_t n, i, len = 0;
    int total = 0;
    for (int c = 8; c < CANASTA_JOKER; c++)
        left[c] = 2;
    left[CANASTA_JOKER] = 4;
    for (int s = 0; s < NSEATS; s++) {
        n = th_cards(buf, sizeof buf, hands[s]);
        ck_assert_uint_eq(n, 11); /* full hands: no filler is needed */
        for (i = 0; i < n; i++)
            left[buf[i]]--;
    }
    n = th_cards(buf, sizeof buf, upcards);
    for (i = 0; i < n; i++)
        left[buf[i]]--;
    n = th_cards(buf, sizeof buf, tail);
    for (i = 0; i < n; i++)
        left[buf[i]]--;
    out[0] = '\0';
    for (int c = 8; c <= CANASTA_JOKER; c++) {
        ck_assert_int_ge(left[c], 0);
        for (; left[c] > 0; left[c]--) {
            char name[8];
            ck_assert_int_eq(canasta_card_to_string(name, sizeof name, c),
                             CANASTA_OK);
            len += (size_t)snprintf(out + len, cap - len, "%s ", name);
            ck_assert_uint_lt(len, cap);
            total++;
        }
    }
    len += (size_t)snprintf(out + len, cap - len, "%s", tail);
    ck_assert_uint_lt(len, cap);
    ck_assert_int_eq(total + (int)n, 108 - 44 - 1);
}

/* ---------------------------------------------------------------- */
/* r1: black threes that the opening minimum needs                    */
/* ---------------------------------------------------------------- */

/* Used to go wrong: the concealed exit [eight 5s | 3c 3c 3s] validated but
 * was never listed, and after ASK + YES the legal-move list was empty. */
START_TEST(test_M6_G4_black_threes_needed_for_opening_are_listed)
{
    const char *hands[NSEATS] = { "5c 5c 5d 5d 5h 5h 5s 3c 3c 3s 6h",
                                  "", "", "" };
    canasta_game *g = th_game(NULL, 3, hands, "9c", "5s");
    canasta_move meld, m;
    int min = 0, items[CANASTA_SCORE_ITEMS];
    size_t n = 0;

    ck_assert_int_eq(canasta_game_opening_minimum(&min, g, 0), CANASTA_OK);
    ck_assert_int_eq(min, 50);
    th_do_draw(g, 0);
    ck_assert_int_eq(th_count_in_hand(g, 0, "5s"), 2);

    /* 8 x 5 = 40 falls short of 50; the three black threes make it 55. */
    th_meld(&meld, 0, "5c 5c 5d 5d 5h 5h 5s 5s | 3c 3c 3s");
    expect_valid(g, &meld, "whole-hand meld");
    expect_listed(g, &meld, "whole-hand meld before asking");

    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    th_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_msg(is_listed(g, &meld, &n),
                  "after a yes the exit is not among the %zu moves", n);
    ck_assert_uint_gt(n, 0);

    th_ok(g, &meld);
    th_do_discard(g, 0, "6h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g,
                                             0), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], 200); /* S2 */
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r2: two-card draw, red three first, last card not a red three      */
/* ---------------------------------------------------------------- */

/* Used to go wrong: with DRAW_COUNT 2 a last draw of [3h, then 9c] ended
 * the hand as E2 although the last card drawn (9c) is no red three. */
START_TEST(test_E2_draw_two_red_three_then_plain_last_card_goes_on)
{
    canasta_rules *r = classic_with(CANASTA_OPT_DRAW_COUNT, 2);
    /* Three red threes sit in hands (laid out and replaced at the deal),
     * so the stock holds 60 cards and no red three but the 3h above the
     * bottom 9c. */
    const char *hands[NSEATS] = {
        "4c 4d 5h 6s 7c 8d 9h 10s Jc Qd Kh",
        "3d 3h 4s 5c 6d 7h 8s 10d Jh Qs Kc",
        "5d 5s 6c 6h 7d 7s 8c 8h 9d 9s 10c",
        "3d 10h Jd Js Qc Qh Kd Ks Ac Ad Ah" };
    char stock[512];
    rest_of_deck(stock, sizeof stock, hands, "Kc", "3h 9c");
    canasta_game *g = th_game(r, 3, hands, "Kc", stock);
    canasta_rules_free(r);
    ck_assert_int_eq(th_stock_size(g), 60);

    th_drain_stock(g, 2);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_stock_size(g), 2);
    int seat = th_seat(g);
    int r3_before = th_red_three_count(g, seat);
    int nines_before = th_count_in_hand(g, seat, "9c");
    int size_before = th_hand_size(g, seat);

    th_do_draw(g, seat); /* 3h (laid out), then 9c, the last card */
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(th_red_three_count(g, seat), r3_before + 1);
    ck_assert_int_eq(th_count_in_hand(g, seat, "9c"), nines_before + 1);
    ck_assert_int_eq(th_hand_size(g, seat), size_before + 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), seat);
    th_expect_end(g, CANASTA_END_NONE, -1);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r3: two canastas needed to go out                                  */
/* ---------------------------------------------------------------- */

/* Used to go wrong: with CANASTAS_TO_GO_OUT 2, [7h] (leaving 8h, which
 * completes the second canasta) was refused and unlisted, and after
 * ASK + YES no move at all was listed. */
START_TEST(test_G1_two_canastas_meld_leaving_the_completing_card_is_listed)
{
    canasta_rules *r = classic_with(CANASTA_OPT_CANASTAS_TO_GO_OUT, 2);
    const char *hands[NSEATS] = { "7c 7c 7d 7d 7s 7s 8c 8c 8d 8d 7h",
                                  "", "8s 8s", "" };
    canasta_game *g = th_game(r, 3, hands, "Kc", "4c 9c 9d 9h 8h");
    canasta_rules_free(r);
    canasta_move one, both, m;
    int nat = -1, mixed = -1, naturals = 0, twos = 0, jokers = 0;
    size_t n = 0;

    th_do_draw(g, 0);
    th_do_meld(g, 0, "7c 7c 7d 7d 7s 7s | 8c 8c 8d 8d"); /* 30 + 40 */
    th_do_discard(g, 0, "4c");
    th_pass_turn(g, 1, "9c");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "8s 8s");
    th_do_discard(g, 2, "9d");
    th_pass_turn(g, 3, "9h");
    th_do_draw(g, 0);

    /* Six 7s, six 8s, no canasta yet; seat 0 holds exactly 7h 8h. */
    ck_assert_int_eq(canasta_game_meld(&naturals, &twos, &jokers, g, 0, 7),
                     CANASTA_OK);
    ck_assert_int_eq(naturals, 6);
    ck_assert_int_eq(canasta_game_meld(&naturals, &twos, &jokers, g, 0, 8),
                     CANASTA_OK);
    ck_assert_int_eq(naturals, 6);
    ck_assert_int_eq(canasta_game_canastas(&nat, &mixed, g, 0), CANASTA_OK);
    ck_assert_int_eq(nat + mixed, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 2);
    ck_assert_int_eq(th_count_in_hand(g, 0, "7h"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "8h"), 1);

    th_meld(&one, 0, "7h");
    th_meld(&both, 0, "7h | 8h");
    expect_valid(g, &one, "[7h] leaving 8h");
    expect_listed(g, &one, "[7h] leaving 8h");
    expect_valid(g, &both, "[7h | 8h]");

    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    th_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    ck_assert_msg(is_listed(g, &one, &n),
                  "after a yes [7h] is not among the %zu moves", n);
    ck_assert_uint_gt(n, 0);

    th_ok(g, &both);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r4: one-card rule off, the pile [7s] joins five 7s                 */
/* ---------------------------------------------------------------- */

/* Seat 0 opens with five 7s and five kings and keeps only 7h; seat 1 and
 * seat 3 lay out two red threes each at the deal (so the stock holds no
 * red three); seat 3 holds Ad Ah for taking the pile and the other 7s. */
static canasta_game *deal_r4(void)
{
    canasta_rules *r = classic_with(CANASTA_OPT_ONE_CARD_RULE, 0);
    const char *hands[NSEATS] = { "7c 7c 7d 7d 7s 7h Kc Kc Kd Kd Kh",
                                  "3d 3h 7h", "Ac", "3d 3h Ad Ah 7s" };
    canasta_game *g = th_game(r, 3, hands, "Jc", "5c 5d 5h 5s 4c 4d 4h");
    canasta_rules_free(r);
    ck_assert_int_eq(th_red_three_count(g, 1) + th_red_three_count(g, 3), 4);
    th_do_draw(g, 0);
    ck_assert_int_eq(th_count_in_hand(g, 0, "4c"), 1);
    th_do_meld(g, 0, "7c 7c 7d 7d 7s | Kc Kc Kd Kd Kh"); /* 25 + 50 */
    th_do_discard(g, 0, "4c");
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    return g;
}

/* Seat 2 discards Ac, seat 3 takes the pile with Ad Ah and discards 7s:
 * the pile is then the single 7s. */
static void r4_pile_becomes_7s(canasta_game *g)
{
    ck_assert_int_eq(th_seat(g), 2);
    th_do_draw(g, 2);
    th_do_discard(g, 2, "Ac");
    th_do_take(g, 3, "Ad Ah"); /* 60: opens side 1 */
    th_do_discard(g, 3, "7s");
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "7h"), 1);
}

/* Seat 0 takes [7s] onto its 7s and melds the 7h: a canasta, out. */
static void r4_take_and_go_out(canasta_game *g, const canasta_move *join)
{
    th_ok(g, join);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    th_do_meld(g, 0, "7h");
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
}

/* Used to go wrong: with P6 off, the empty join take of [7s] (leaving 7h,
 * which completes a canasta) was refused by G1 although it was listed. */
START_TEST(test_P6_G1_empty_join_take_leaving_one_card_is_legal_and_listed)
{
    canasta_game *g = deal_r4();
    canasta_move join;
    th_pass_turn(g, 1, "4d");
    r4_pile_becomes_7s(g);
    ck_assert_int_gt(th_stock_size(g), 0);

    th_take(&join, g, 0, "");
    ck_assert_int_eq(join.groups[0].rank, 7);
    ck_assert_int_eq(join.groups[0].count, 0);
    expect_valid(g, &join, "empty join take of [7s]");
    expect_listed(g, &join, "empty join take of [7s]");
    r4_take_and_go_out(g, &join);
    canasta_game_free(g);
}
END_TEST

/* Used to go wrong: with the stock empty, DECLINE was accepted because the
 * join take that leaves 7h (see above) was wrongly refused, so E1's "must
 * take" did not apply. */
START_TEST(test_E1_must_take_when_join_take_leaves_one_card)
{
    canasta_game *g = deal_r4();
    canasta_move join, decline;

    /* 58 cards left: seats 1, 2, 3, 0, ... draw and discard until seat 2
     * is to draw the last one. */
    th_drain_stock(g, 1);
    ck_assert_int_eq(th_stock_size(g), 1);
    r4_pile_becomes_7s(g);
    ck_assert_int_eq(th_stock_size(g), 0);

    th_take(&join, g, 0, "");
    expect_valid(g, &join, "empty join take of [7s], stock empty");
    expect_listed(g, &join, "empty join take of [7s], stock empty");
    th_move(&decline, CANASTA_MOVE_DECLINE, 0);
    th_reject(g, &decline, CANASTA_E_MUST_TAKE, "E1");
    ck_assert(!is_listed(g, &decline, NULL));
    r4_take_and_go_out(g, &join);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r5, r5b: a take that leaves one card which completes a canasta     */
/* ---------------------------------------------------------------- */

/* Used to go wrong: TAKE [9c, 7h] with 7d 7s (leaving 9c, which completes
 * the 9 canasta) was refused with E_GO_OUT (G1) and not listed. */
START_TEST(test_G1_P1_take_leaving_card_that_completes_canasta_is_legal)
{
    const char *hands[NSEATS] = { "9d 9d 9h 9h 9s 9s 7d 7s Kc Kc Kd",
                                  "Qc", "Qd Qh 9c", "7h" };
    canasta_game *g = th_game(NULL, 3, hands, "Jc", "4c 4h 4s");
    canasta_move take;
    int nat = -1, mixed = -1;

    th_do_draw(g, 0);
    th_do_meld(g, 0, "9d 9d 9h 9h 9s 9s | Kc Kc Kd"); /* 60 + 30 */
    th_do_discard(g, 0, "4c");
    th_pass_turn(g, 1, "Qc");
    th_do_take(g, 2, "Qd Qh");
    th_do_discard(g, 2, "9c");
    th_pass_turn(g, 3, "7h");

    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_hand_size(g, 0), 2);
    ck_assert_int_eq(canasta_game_canastas(&nat, &mixed, g, 0), CANASTA_OK);
    ck_assert_int_eq(nat + mixed, 0);

    th_take(&take, g, 0, "7d 7s");
    expect_valid(g, &take, "take [9c, 7h] with 7d 7s");
    expect_listed(g, &take, "take [9c, 7h] with 7d 7s");
    th_ok(g, &take);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "9c"), 1);
    th_do_meld(g, 0, "9c");
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g);
}
END_TEST

/* Used to go wrong: TAKE [Kc] with Kh Ks (leaving 9c for the 9 canasta)
 * was refused, and the legal-move list offered only DRAW. */
START_TEST(test_G1_take_pair_leaving_canasta_card_is_listed)
{
    const char *hands[NSEATS] = { "9d 9d 9h 9h Qc Qc Qd Qd Kh Ks 9c",
                                  "", "9s 9s", "4s 4s Ac Ad Ah Kc" };
    canasta_game *g = th_game(NULL, 3, hands, "10s", "4c 4d 4h");
    canasta_game *g2 = NULL;
    canasta_move pair, pair_and_nine;

    th_do_draw(g, 0);
    th_do_meld(g, 0, "9d 9d 9h 9h | Qc Qc Qd Qd"); /* 40 + 40 */
    th_do_discard(g, 0, "4c");
    th_pass_turn(g, 1, "4d");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "9s 9s");
    th_do_discard(g, 2, "4h");
    th_do_take(g, 3, "4s 4s | Ac Ad Ah"); /* 15 + 60: opens side 1 */
    th_do_discard(g, 3, "Kc");

    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 3);

    th_take(&pair, g, 0, "Kh Ks");
    th_take(&pair_and_nine, g, 0, "Kh Ks | 9c");
    expect_valid(g, &pair, "take [Kc] with Kh Ks");
    expect_valid(g, &pair_and_nine, "take [Kc] with [Kh Ks][9c]");
    expect_listed(g, &pair, "take [Kc] with Kh Ks");

    ck_assert_int_eq(canasta_game_clone(&g2, g), CANASTA_OK);
    th_ok(g2, &pair);
    ck_assert_int_eq(th_hand_size(g2, 0), 1);
    th_do_meld(g2, 0, "9c");
    th_expect_end(g2, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g2);

    th_ok(g, &pair_and_nine);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r6, r8: scoring without a game                                     */
/* ---------------------------------------------------------------- */

static int score_rows(const int *rows, size_t n_rows, int red_threes,
                      int went_out, int items[CANASTA_SCORE_ITEMS],
                      char *why, size_t why_size)
{
    canasta_rules *r = classic_with(0, 0);
    why[0] = '\0';
    int rc = canasta_score_side(items, CANASTA_SCORE_ITEMS, why, why_size, r,
                                rows, n_rows, red_threes, NULL, 0, went_out);
    canasta_rules_free(r);
    return rc;
}

/* Used to go wrong: a row of 259 naturals (stored as 259 mod 256 = 3) was
 * scored, and {5, INT_MAX, 1, 0} overflowed instead of being refused. */
START_TEST(test_C2_score_side_rejects_counts_beyond_the_deck)
{
    int items[CANASTA_SCORE_ITEMS];
    char why[128];
    const int huge[4] = { 5, 259, 0, 0 };
    const int overflow[4] = { 5, INT_MAX, 1, 0 };
    int rc;

    rc = score_rows(huge, 1, 0, CANASTA_OUT_NORMAL, items, why, sizeof why);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT, "{5, 259, 0, 0}: %s (%s)",
                  canasta_error_name(rc), why);
    ck_assert_msg(strncmp(why, "C2:", 3) == 0, "why: %s", why);
    rc = score_rows(overflow, 1, 0, CANASTA_OUT_NONE, items, why, sizeof why);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT, "{5, INT_MAX, 1, 0}: %s (%s)",
                  canasta_error_name(rc), why);
    ck_assert_msg(strncmp(why, "C2:", 3) == 0, "why: %s", why);
}
END_TEST

/* Used to go wrong: a row {5, 0, 0, 0} (no cards) was accepted as a meld,
 * so a side that melded nothing scored its red threes as a bonus. */
START_TEST(test_M1_score_side_rejects_an_empty_meld_row)
{
    int items[CANASTA_SCORE_ITEMS];
    char why[128];
    const int empty[4] = { 5, 0, 0, 0 };
    int rc = score_rows(empty, 1, 2, CANASTA_OUT_NONE, items, why,
                        sizeof why);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT, "{5, 0, 0, 0}: %s (%s)",
                  canasta_error_name(rc), why);
    ck_assert_msg(strncmp(why, "M1:", 3) == 0, "why: %s", why);
    /* The right way to say "melded nothing": no rows; then R3 counts the
     * two red threes against the side. */
    rc = score_rows(NULL, 0, 2, CANASTA_OUT_NONE, items, why, sizeof why);
    ck_assert_msg(rc == CANASTA_OK, "no rows: %s (%s)",
                  canasta_error_name(rc), why);
    ck_assert_int_eq(items[CANASTA_SCORE_RED_THREES], -200);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], -200);
}
END_TEST

/* Used to go wrong: rank 99 with no cards was classified as MELD_NONE
 * instead of E_ARG, and twos = INT_MAX overflowed twos + jokers. */
START_TEST(test_M1_meld_class_rejects_rank_and_counts_out_of_range)
{
    int cls = -1;
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 99, 0, 0, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 5, 2, INT_MAX, 1),
                     CANASTA_E_ARG);
    /* In range, the same calls classify as usual. */
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 14, 0, 0, 0), CANASTA_OK);
    ck_assert_int_eq(cls, CANASTA_MELD_NONE);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 5, 2, 1, 0), CANASTA_OK);
    ck_assert_int_eq(cls, CANASTA_MELD_OPEN);
}
END_TEST

/* ---------------------------------------------------------------- */
/* r7: canasta_move_add_card and a bad ngroups field                  */
/* ---------------------------------------------------------------- */

/* Used to go wrong: add_card trusted move->ngroups, so with ngroups 40 a
 * group index of 12..39 wrote a card past the end of the move. */
START_TEST(test_M3_move_add_card_refuses_group_beyond_max_groups)
{
    struct {
        canasta_move m;
        unsigned char after[1024];
    } s;
    static const int groups[] = { CANASTA_MOVE_MAX_GROUPS,
                                  CANASTA_MOVE_MAX_GROUPS + 1, 30, 39 };
    unsigned char zero[sizeof s.after];
    canasta_move copy;

    memset(&s, 0, sizeof s);
    memset(zero, 0, sizeof zero);
    ck_assert_int_eq(canasta_move_init(&s.m, CANASTA_MOVE_MELD, 0),
                     CANASTA_OK);
    s.m.ngroups = 40; /* set by hand: more than the array holds */
    memcpy(&copy, &s.m, sizeof copy);
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        /* Zeroed memory reads as an empty group, so the old code wrote. */
        ck_assert_int_eq(canasta_move_add_card(&s.m, groups[i],
                                               CANASTA_CARD(7, 2)),
                         CANASTA_E_ARG);
        ck_assert_msg(memcmp(s.after, zero, sizeof zero) == 0,
                      "group %d: a byte after the move changed", groups[i]);
        ck_assert_msg(memcmp(&s.m, &copy, sizeof copy) == 0,
                      "group %d: the move changed", groups[i]);
    }
}
END_TEST

Suite *suite_regressions(void)
{
    Suite *s = suite_create("regressions");
    TCase *games = tcase_create("games");
    TCase *api = tcase_create("api");
    tcase_set_timeout(games, 60);
    tcase_add_test(games, test_M6_G4_black_threes_needed_for_opening_are_listed);
    tcase_add_test(games,
                   test_E2_draw_two_red_three_then_plain_last_card_goes_on);
    tcase_add_test(games,
                   test_G1_two_canastas_meld_leaving_the_completing_card_is_listed);
    tcase_add_test(games,
                   test_P6_G1_empty_join_take_leaving_one_card_is_legal_and_listed);
    tcase_add_test(games, test_E1_must_take_when_join_take_leaves_one_card);
    tcase_add_test(games,
                   test_G1_P1_take_leaving_card_that_completes_canasta_is_legal);
    tcase_add_test(games, test_G1_take_pair_leaving_canasta_card_is_listed);
    tcase_add_test(api, test_C2_score_side_rejects_counts_beyond_the_deck);
    tcase_add_test(api, test_M1_score_side_rejects_an_empty_meld_row);
    tcase_add_test(api, test_M1_meld_class_rejects_rank_and_counts_out_of_range);
    tcase_add_test(api, test_M3_move_add_card_refuses_group_beyond_max_groups);
    suite_add_tcase(s, games);
    suite_add_tcase(s, api);
    return s;
}
