/*
 * Going out: rules G1-G5 of RULES.md (with DECISIONS.md 4, 5, 7, 8, 9).
 *
 * Every game here is dealt with th_game() with seat 3 as the dealer, so
 * seat 0 (side 0) moves first (C3) and its partner is seat 2 (C1).  The
 * upcard is always named explicitly and the stock top lists every card
 * that is drawn in the test, so each hand is known card by card.  Other
 * seats "pass" by drawing the next stock card and throwing it away again.
 *
 * Expected scores are worked out by hand from V1, S1, S2 and E3 in the
 * comments next to each assertion; cards the filler gave the partners are
 * valued with our own V1 table (never with the engine's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "internal.h" /* cn_can_go_out: the model test */

#define NSEATS 4

/* ---------------------------------------------------------------- */
/* Local helpers                                                      */
/* ---------------------------------------------------------------- */

static canasta_game *deal_full(const canasta_rules *rules, const char *h0,
                               const char *h2, const char *upcards,
                               const char *stock)
{
    const char *hands[NSEATS];
    canasta_game *g;
    int s;
    hands[0] = h0;
    hands[1] = "";
    hands[2] = h2 ? h2 : "";
    hands[3] = "";
    g = th_game(rules, 3, hands, upcards, stock);
    ck_assert_ptr_nonnull(g);
    /* C3: the player left of dealer 3 is seat 0. */
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    /* The filler never hands out red threes, so no side has a red-three
     * bonus in these hands; the score checks below rely on that. */
    for (s = 0; s < NSEATS; s++) {
        uint8_t r3[8];
        size_t n = 99;
        ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, s),
                         CANASTA_OK);
        ck_assert_uint_eq(n, 0);
    }
    return g;
}

static canasta_game *deal(const char *h0, const char *upcards,
                          const char *stock)
{
    return deal_full(NULL, h0, NULL, upcards, stock);
}

/* Apply a move that must fail with err, whatever rule ID the message
 * names, and check that the game did not change at all. */
static void refuse(canasta_game *g, const canasta_move *m, int err)
{
    canasta_game *before = NULL;
    char why[256];
    int rc, eq = 0;
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    why[0] = '\0';
    rc = canasta_apply(why, sizeof why, g, m);
    ck_assert_msg(rc == err, "expected %s, got %s (%s)",
                  canasta_error_name(err), canasta_error_name(rc), why);
    ck_assert_int_eq(canasta_game_equal(&eq, g, before), CANASTA_OK);
    ck_assert_msg(eq == 1, "a refused move changed the game");
    canasta_game_free(before);
}

static void simple_move(canasta_move *m, int kind, int seat)
{
    th_move(m, kind, seat);
}

static void get_items(int items[CANASTA_SCORE_ITEMS], const canasta_game *g,
                      int side)
{
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g,
                                             side), CANASTA_OK);
}

static int permission(const canasta_game *g)
{
    int p = -1;
    ck_assert_int_eq(canasta_game_permission(&p, g), CANASTA_OK);
    return p;
}

static int natural_canastas(const canasta_game *g, int side)
{
    int nat = -1, mix = -1;
    ck_assert_int_eq(canasta_game_canastas(&nat, &mix, g, side), CANASTA_OK);
    return nat;
}

/* Check the side that did not go out: nothing melded (in these scripts
 * seats 1 and 3 only pass), so its score is minus its two hands (E3). */
static void expect_idle_side(const canasta_game *g)
{
    int it[CANASTA_SCORE_ITEMS];
    int in_hand = th_held_value(g, 1) + th_held_value(g, 3);
    get_items(it, g, 1);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MIXED_CANASTAS], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_IN_HAND], -in_hand);
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], -in_hand);
}

/* ---------------------------------------------------------------- */
/* G1                                                                 */
/* ---------------------------------------------------------------- */

/* G1: melding the whole hand without any canasta on the side is going out
 * without a canasta. */
START_TEST(test_G1_meld_whole_hand_without_canasta_refused)
{
    canasta_move m;
    /* After the draw: K K K, Q Q Q, 5 5 5, 9 9 9 = 30+30+15+30 = 105, far
     * above the 50 minimum, so only G1 can object. */
    canasta_game *g = deal("Kh Kd Kc Qh Qd Qc 5h 5d 5c 9h 9d", "Js", "9c");
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    th_meld(&m, 0, "Kh Kd Kc | Qh Qd Qc | 5h 5d 5c | 9h 9d 9c");
    th_reject(g, &m, CANASTA_E_GO_OUT, "G1");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    canasta_game_free(g);
}
END_TEST

/* G1 + DECISIONS 7: a meld that leaves a single card without a canasta
 * would force the next discard to empty the hand: refused.  A meld that
 * leaves more cards is fine, and the same holds once the side has opened. */
START_TEST(test_G1_meld_leaving_one_card_without_canasta_refused)
{
    canasta_move m;
    /* After drawing Qs: K K K K, Q Q Q Q, 5 5 5, 9h (12 cards). */
    canasta_game *g = deal("Kh Kd Kc Ks Qh Qd Qc 5h 5d 5c 9h", "Js", "Qs");
    th_do_draw(g, 0);
    /* 40 + 40 + 15 = 95 >= 50; leaves only 9h, no canasta. */
    th_meld(&m, 0, "Kh Kd Kc Ks | Qh Qd Qc Qs | 5h 5d 5c");
    th_reject(g, &m, CANASTA_E_GO_OUT, "G1");
    /* Leaving four cards is an ordinary opening (80 >= 50). */
    th_do_meld(g, 0, "Kh Kd Kc Ks | Qh Qd Qc Qs");
    ck_assert_int_eq(th_hand_size(g, 0), 4);
    /* Now opened: 5 5 5 would leave 9h alone, still without a canasta. */
    th_meld(&m, 0, "5h 5d 5c");
    th_reject(g, &m, CANASTA_E_GO_OUT, "G1");
    /* Keeping a card after the discard is always allowed. */
    th_do_discard(g, 0, "9h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 3);
    canasta_game_free(g);
}
END_TEST

/* G1 + DECISIONS 7 for a pile take: taking a one-card pile with a pair
 * would leave a single card, with no canasta on the side: refused.
 *  seat 0: draws 4s, opens with K x4 + Q x4 (80), discards 4s: 7c 7d 9h;
 *  seats 1, 2 pass (4h, 6h);
 *  seat 3 takes the pile (top 6h) with 6c 6d + Ac Ad As (15 + 60 = 75)
 *  and discards 7h, so the pile is that one 7h. */
START_TEST(test_G1_pile_take_leaving_one_card_without_canasta_refused)
{
    const char *hands[NSEATS] = { "Kh Kd Kc Ks Qh Qd Qc Qs 7c 7d 9h", "", "",
                                  "6c 6d Ac Ad As 7h" };
    canasta_move m;
    canasta_move list[16];
    size_t n = 0, i;
    canasta_game *g = th_game(NULL, 3, hands, "Js", "4s 4h 6h");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kh Kd Kc Ks | Qh Qd Qc Qs");
    th_do_discard(g, 0, "4s");
    th_pass_turn(g, 1, "4h");
    th_pass_turn(g, 2, "6h");
    th_do_take(g, 3, "6c 6d | Ac Ad As");
    th_do_discard(g, 3, "7h");
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 3);
    ck_assert_int_eq(natural_canastas(g, 0), 0);
    /* 7c 7d + 7h is a fine new meld (P5), but 9h would be left alone. */
    th_take(&m, g, 0, "7c 7d");
    th_reject(g, &m, CANASTA_E_GO_OUT, "G1");
    /* So the only legal move is the draw. */
    ck_assert_int_eq(canasta_legal_moves(list, 16, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, 1);
    for (i = 0; i < n; i++)
        ck_assert_int_eq(list[i].kind, CANASTA_MOVE_DRAW);
    canasta_game_free(g);
}
END_TEST

/* The shared G1/G2 script.  Seat 0 holds K x7, Q Q Q, 9c.
 *  turn 1: draws 9d, opens with K K K + Q Q Q (60 >= 50), discards 9d;
 *  seats 1-3 pass (4h, 6h, 8h);
 *  turn 2: draws Qs, adds K K K K (the kings become a 7-card natural
 *  canasta in this very move) and Qs, leaving 9c.
 * Returns the game just before the final discard of 9c. */
static canasta_game *canasta_in_second_turn(void)
{
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc Qh Qd Qc 9c", "Js",
                           "9d 4h 6h 8h Qs");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kh Kd Kc | Qh Qd Qc");
    th_do_discard(g, 0, "9d");
    th_pass_turn(g, 1, "4h");
    th_pass_turn(g, 2, "6h");
    th_pass_turn(g, 3, "8h");
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 6);
    ck_assert_int_eq(natural_canastas(g, 0), 0);
    /* Leaves one card; allowed only because this move completes the
     * canasta (G1: "possibly completed in this turn"). */
    th_do_meld(g, 0, "Ks Kh Kd Kc | Qs");
    ck_assert_int_eq(natural_canastas(g, 0), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "9c"), 1);
    return g;
}

/* G1: a canasta completed in the same turn permits going out by
 * discarding the last card. */
START_TEST(test_G1_canasta_completed_this_turn_allows_final_discard)
{
    canasta_game *g = canasta_in_second_turn();
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_hand_size(g, 0), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g);
}
END_TEST

/* G1: a canasta laid from scratch in the final meld move also permits
 * leaving one card and discarding it. */
START_TEST(test_G1_new_canasta_in_final_meld_goes_out)
{
    canasta_move m;
    /* After drawing 5s: K x7, 5 5 5 5, 9h.  K x7 is a natural canasta. */
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 9h", "Js", "5s");
    th_do_draw(g, 0);
    ck_assert_int_eq(natural_canastas(g, 0), 0);
    /* 70 + 20 = 90 >= 50; leaves 9h, the kings are a new canasta. */
    th_meld(&m, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s");
    th_ok(g, &m);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    th_do_discard(g, 0, "9h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(th_hand_size(g, 0), 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* G2                                                                 */
/* ---------------------------------------------------------------- */

/* G2: going out ends the hand at once and scores 100 (seat 0 melded in an
 * earlier turn, so it is not concealed: G3). */
START_TEST(test_G2_going_out_ends_hand_and_scores_100)
{
    int it[CANASTA_SCORE_ITEMS];
    int partner, stock_before, i, sum;
    canasta_move m;
    canasta_game *g = canasta_in_second_turn();
    stock_before = th_stock_size(g);
    th_do_discard(g, 0, "9c");

    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    /* DECISIONS 12: the next dealer (3 + 1 mod 4 = 0) has the decision. */
    ck_assert_int_eq(th_seat(g), 0);
    /* The hand is over: no one draws any more. */
    ck_assert_int_eq(th_stock_size(g), stock_before);
    simple_move(&m, CANASTA_MOVE_DRAW, 0);
    refuse(g, &m, CANASTA_E_PHASE);
    ck_assert_int_eq(th_hand_size(g, 1), 11);
    ck_assert_int_eq(th_hand_size(g, 3), 11);

    /* Side 0: melded K x7 (7 x 10 = 70) and Q x4 (4 x 10 = 40) = 110;
     * one natural canasta 500; going out 100; minus seat 2's hand. */
    partner = th_held_value(g, 2);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 110);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    ck_assert_int_eq(it[CANASTA_SCORE_MIXED_CANASTAS], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 100);
    ck_assert_int_eq(it[CANASTA_SCORE_IN_HAND], -partner);
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], 710 - partner);
    for (sum = 0, i = 0; i < CANASTA_SCORE_TOTAL; i++)
        sum += it[i];
    ck_assert_int_eq(sum, it[CANASTA_SCORE_TOTAL]);
    ck_assert_int_eq(th_total(g, 0), 710 - partner);

    expect_idle_side(g);
    ck_assert_int_eq(th_total(g, 1),
                     -(th_held_value(g, 1) + th_held_value(g, 3)));
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* G3                                                                 */
/* ---------------------------------------------------------------- */

/* G3: whole hand in one MELD move, no earlier meld, with a canasta: 200.
 * The side has 1500 (O1: minimum 90) and the cards are only worth 60, so
 * this also shows the minimum is waived after a stock draw. */
START_TEST(test_G3_concealed_single_meld_below_minimum_scores_200)
{
    static const int totals[2] = { 1500, 0 };
    int it[CANASTA_SCORE_ITEMS];
    int min = -1, partner;
    canasta_move m;
    canasta_game *g = deal("4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 5s", "Js", "5c");
    th_set_totals(g, totals);
    ck_assert_int_eq(canasta_game_opening_minimum(&min, g, 0), CANASTA_OK);
    ck_assert_int_eq(min, 90);
    th_do_draw(g, 0);
    /* Control: the 4s canasta alone (7 x 5 = 35) is an ordinary opening
     * below 90: the waiver is only for the concealed exit. */
    th_meld(&m, 0, "4c 4d 4h 4s 4c 4d 4h");
    refuse(g, &m, CANASTA_E_OPENING);
    /* The whole hand: 7 x 5 + 5 x 5 = 60 < 90, with a natural canasta. */
    th_meld(&m, 0, "4c 4d 4h 4s 4c 4d 4h | 5c 5d 5h 5s 5c");
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    partner = th_held_value(g, 2);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 60);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 200);
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], 760 - partner);
    /* S5: the hand adds to the 1500 the side had. */
    ck_assert_int_eq(th_total(g, 0), 1500 + 760 - partner);
    expect_idle_side(g);
    canasta_game_free(g);
}
END_TEST

/* G3 "with or without a final discard": meld all but one card (with the
 * canasta) and discard the last one; still concealed, minimum still
 * waived (DECISIONS 4: the move leaves 1 card and includes a canasta). */
START_TEST(test_G3_concealed_with_final_discard)
{
    static const int totals[2] = { 1500, 0 };
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal("4c 4d 4h 4s 4c 4d 4h 5c 5d 5h 5s", "Js", "5c");
    th_set_totals(g, totals);
    th_do_draw(g, 0);
    /* 35 + 20 = 55 < 90, leaves 5c. */
    th_do_meld(g, 0, "4c 4d 4h 4s 4c 4d 4h | 5c 5d 5h 5s");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 55);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 200);
    canasta_game_free(g);
}
END_TEST

/* G3: after taking the pile the opening minimum does apply, even to a
 * move that melds the whole hand with a canasta. */
START_TEST(test_G3_concealed_after_pile_take_needs_minimum)
{
    static const int high[2] = { 1500, 0 };
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    /* Upcard 4s; seat 0 holds six 4s and five 5s.  Taking the pile with
     * all six 4s makes a 7-card natural canasta (7 x 5 = 35) and the 5s
     * add 25: 60 in all, and the hand is empty. */
    const char *h0 = "4c 4d 4h 4c 4d 4h 5c 5d 5h 5s 5c";
    canasta_game *g = deal(h0, "4s", NULL);
    th_set_totals(g, high);
    th_take(&m, g, 0, "4c 4d 4h 4c 4d 4h | 5c 5d 5h 5s 5c");
    refuse(g, &m, CANASTA_E_OPENING); /* 60 < 90 */
    canasta_game_free(g);

    /* Control: with a total of 0 (minimum 50) the same move is legal and
     * is a concealed exit (no earlier meld, canasta begun this turn). */
    g = deal(h0, "4s", NULL);
    th_take(&m, g, 0, "4c 4d 4h 4c 4d 4h | 5c 5d 5h 5s 5c");
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 60);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 200);
    canasta_game_free(g);
}
END_TEST

/* G3: a player who melded in an earlier turn is not concealed, even when
 * the final turn lays a brand-new canasta: 100. */
START_TEST(test_G3_earlier_meld_by_player_scores_100)
{
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal("Ac Ad Ah Kh Kd Kc Ks Kh Kd Kc 5c", "Js",
                           "5d 4h 6h 8h As");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah"); /* 60 >= 50 */
    th_do_discard(g, 0, "5d");
    th_pass_turn(g, 1, "4h");
    th_pass_turn(g, 2, "6h");
    th_pass_turn(g, 3, "8h");
    th_do_draw(g, 0); /* As */
    /* New natural canasta of kings, As joins the aces, 5c is left. */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | As");
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 100);
    /* 7 x 10 + 4 x 20 = 150 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 150);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    canasta_game_free(g);
}
END_TEST

/* G3: taking the pile in an earlier turn melded the top card, so it is
 * an earlier meld too: the later exit is not concealed.
 * Dealer 0, so seat 1 starts; seats 1-3 pass with Kh, 4h, Qs, which leaves
 * the pile Kd (upcard) Kh 4h Qs for seat 0. */
START_TEST(test_G3_earlier_pile_take_spoils_concealed)
{
    const char *hands[NSEATS] = { "Qh Qd Ac Ad Ah Kc Ks Kc Ks Qc 9d", "", "",
                                  "" };
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = th_game(NULL, 0, hands, "Kd", "Kh 4h Qs 6h 8h 6c Kh");
    ck_assert_int_eq(th_seat(g), 1);
    th_pass_turn(g, 1, "Kh");
    th_pass_turn(g, 2, "4h");
    th_pass_turn(g, 3, "Qs");
    /* Q Q Q (30) + A A A (60) = 90 >= 50; the pile's Kd Kh 4h join the
     * hand: K x6, Qc, 9d, 4h. */
    th_do_take(g, 0, "Qh Qd | Ac Ad Ah");
    ck_assert_int_eq(th_hand_size(g, 0), 9);
    th_do_discard(g, 0, "4h");
    th_pass_turn(g, 1, "6h");
    th_pass_turn(g, 2, "8h");
    th_pass_turn(g, 3, "6c");
    th_do_draw(g, 0); /* Kh: K x7 */
    th_do_meld(g, 0, "Kc Ks Kc Ks Kd Kh Kh | Qc");
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 100);
    /* K x7 70 + Q x4 40 + A x3 60 = 170 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 170);
    canasta_game_free(g);
}
END_TEST

/* G3 is about the player: the partner's earlier meld does not spoil a
 * concealed exit ("having not melded ... before", the player). */
START_TEST(test_G3_partner_meld_does_not_spoil_concealed)
{
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal_full(NULL, "Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s",
                                "Ac Ad Ah", "Js", "6c 6d 6h 6s 5h");
    th_pass_turn(g, 0, "6c");
    th_pass_turn(g, 1, "6d");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Ac Ad Ah"); /* the partner opens: 60 */
    th_do_discard(g, 2, "6h");
    th_pass_turn(g, 3, "6s");
    th_do_draw(g, 0); /* 5h */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 200);
    /* 70 (kings) + 25 (fives) + 60 (aces) = 155 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 155);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* G4                                                                 */
/* ---------------------------------------------------------------- */

/* Seat 0 has drawn and holds K x7 + 5 x5: it can go out (concealed, one
 * meld).  Stock continues 4h 6h 8h (passes) then Ks. */
static canasta_game *ready_to_ask(const canasta_rules *rules)
{
    canasta_game *g = deal_full(rules, "Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s",
                                NULL, "Js", "5h 4h 6h 8h Ks");
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_NONE);
    return g;
}

/* G4: asking is accepted when the player could go out; the partner
 * (seat 0 + 2) is then to decide in PHASE_ANSWER. */
START_TEST(test_G4_ask_hands_decision_to_partner)
{
    canasta_move m;
    canasta_game *g = ready_to_ask(NULL);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert_int_eq(th_seat(g), 2);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_ASKED);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    canasta_game_free(g);
}
END_TEST

/* G4: "yes" obliges the player to go out in this turn. */
START_TEST(test_G4_yes_obliges_going_out)
{
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = ready_to_ask(NULL);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_YES);
    /* A discard that keeps cards breaks the promise. */
    th_discard(&m, 0, "Kh");
    th_reject(g, &m, CANASTA_E_MUST_GO_OUT, "G4");
    /* Melding the kings keeps going out possible (the 5s remain). */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc");
    th_discard(&m, 0, "5h");
    th_reject(g, &m, CANASTA_E_MUST_GO_OUT, "G4");
    th_do_meld(g, 0, "5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    /* Whole hand melded in this one turn, no earlier meld: concealed. */
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 200);
    canasta_game_free(g);
}
END_TEST

/* G4 + DECISIONS 9: after "yes", a meld after which going out is no longer
 * possible is refused as well. */
START_TEST(test_G4_yes_refuses_meld_that_spoils_exit)
{
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    /* After drawing 9c: K x6, 2c, 9 x5.  Exit: K x6 + 2c (mixed canasta)
     * and the five 9s. */
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd 2c 9c 9d 9h 9s", "Js", "9c");
    th_do_draw(g, 0);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    /* 9 9 9 + 2c is a legal opening (30 + 20 = 50), but afterwards K x6
     * and 9 9 can make no canasta any more (the only wild card is gone). */
    th_meld(&m, 0, "9c 9d 9h 2c");
    th_reject(g, &m, CANASTA_E_MUST_GO_OUT, "G4");
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd 2c | 9c 9d 9h 9s 9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MIXED_CANASTAS], 300);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], 0);
    /* 6 x 10 + 20 + 5 x 10 = 130 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 130);
    canasta_game_free(g);
}
END_TEST

/* G4: "no" forbids going out in this turn only. */
START_TEST(test_G4_no_forbids_going_out_this_turn)
{
    canasta_move m;
    canasta_game *g = ready_to_ask(NULL);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_NO, 2);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_NO);
    /* Emptying the hand is forbidden ... */
    th_meld(&m, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s 5h");
    refuse(g, &m, CANASTA_E_GO_OUT);
    /* ... and so is leaving one card (the discard would empty it). */
    th_meld(&m, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s");
    refuse(g, &m, CANASTA_E_GO_OUT);
    /* Keeping two cards and discarding one is fine. */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c");
    th_do_discard(g, 0, "5s");
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_seat(g), 1);
    th_pass_turn(g, 1, "4h");
    th_pass_turn(g, 2, "6h");
    th_pass_turn(g, 3, "8h");
    /* Next turn the answer no longer binds: Ks joins the canasta and the
     * last 5 is discarded, without asking (asking is never required). */
    th_do_draw(g, 0);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_NONE);
    th_do_meld(g, 0, "Ks");
    th_do_discard(g, 0, "5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    /* Seat 0 melded in the previous turn: not concealed. */
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    canasta_game_free(g);
}
END_TEST

/* G4: the player "could go out" also when the exit needs a final discard
 * and a canasta holding three wild cards: after drawing 9s seat 0 holds
 * K x4, 2c 2d Jk, 9 x4, 5c; the exit is K x4 + 2c 2d Jk (mixed canasta,
 * three wild cards: M1 allows) | 9 x4, then discard 5c. */
START_TEST(test_G4_ask_accepted_for_exit_with_wild_canasta_and_discard)
{
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal("Kh Kd Kc Ks 2c 2d Jk 9c 9d 9h 5c", "Js", "9s");
    th_do_draw(g, 0);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    th_do_meld(g, 0, "Kh Kd Kc Ks 2c 2d Jk | 9c 9d 9h 9s");
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_MIXED_CANASTAS], 300);
    /* 40 + 2 x 20 + 50 + 40 = 170 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 170);
    canasta_game_free(g);
}
END_TEST

/* G4: the partner's meld counts for "could go out": seat 2 has laid K x5,
 * seat 0 holds Kh Kd (which make it a 7-card canasta), 9 9 9, 5 5 5, 6 6 6
 * and draws 7c to discard.  The exit is not concealed (DECISIONS 5: the
 * canasta was begun by the partner). */
START_TEST(test_G4_ask_accepted_when_exit_completes_partner_canasta)
{
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal_full(NULL, "Kh Kd 9c 9d 9h 5c 5d 5h 6c 6d 6h",
                                "Kc Ks Kc Ks Kd", "Js", "4h 4d 4s 4c 7c");
    th_pass_turn(g, 0, "4h");
    th_pass_turn(g, 1, "4d");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Kc Ks Kc Ks Kd"); /* 50 */
    th_do_discard(g, 2, "4s");
    th_pass_turn(g, 3, "4c");
    th_do_draw(g, 0); /* 7c */
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    th_do_meld(g, 0, "Kh Kd | 9c 9d 9h | 5c 5d 5h | 6c 6d 6h");
    ck_assert_int_eq(natural_canastas(g, 0), 1);
    th_do_discard(g, 0, "7c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    get_items(it, g, 0);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 100);
    /* K x7 70 + 9 x3 30 + 5 x3 15 + 6 x3 15 = 130 */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 130);
    canasta_game_free(g);
}
END_TEST

/* G4: the library refuses the question when the player could not go out. */
START_TEST(test_G4_ask_refused_when_cannot_go_out)
{
    canasta_move m;
    /* 12 meldable cards but no 7 of a kind and no wild cards: no canasta is
     * possible, so no exit. */
    canasta_game *g = deal("Kh Kd Kc Qh Qd Qc 5h 5d 5c 9h 9d", "Js", "9c");
    th_do_draw(g, 0);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject(g, &m, CANASTA_E_ASK, "G4");
    canasta_game_free(g);
}
END_TEST

/* G4: the question must come before any other meld. */
START_TEST(test_G4_ask_refused_after_meld)
{
    canasta_move m;
    canasta_game *g = ready_to_ask(NULL);
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc");
    /* Going out is still possible (5 x5 remain), but it is too late. */
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject(g, &m, CANASTA_E_ASK, "G4");
    canasta_game_free(g);
}
END_TEST

/* G4: "right after drawing": not in the draw phase. */
START_TEST(test_G4_ask_refused_before_drawing)
{
    canasta_move m;
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s", "Js", "5h");
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    refuse(g, &m, CANASTA_E_PHASE);
    canasta_game_free(g);
}
END_TEST

/* G4 / DECISIONS 9: once per turn. */
START_TEST(test_G4_ask_only_once_per_turn)
{
    canasta_move m;
    canasta_game *before = NULL;
    char why[200];
    int rc, eq = 0, kinds[2], k;
    kinds[0] = CANASTA_MOVE_ANSWER_YES;
    kinds[1] = CANASTA_MOVE_ANSWER_NO;
    for (k = 0; k < 2; k++) {
        canasta_game *g = ready_to_ask(NULL);
        simple_move(&m, CANASTA_MOVE_ASK, 0);
        th_ok(g, &m);
        simple_move(&m, kinds[k], 2);
        th_ok(g, &m);
        ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
        simple_move(&m, CANASTA_MOVE_ASK, 0);
        rc = canasta_apply(why, sizeof why, g, &m);
        ck_assert_msg(rc == CANASTA_E_ASK || rc == CANASTA_E_PHASE,
                      "second question: %s", canasta_error_name(rc));
        ck_assert_int_eq(canasta_game_equal(&eq, g, before), CANASTA_OK);
        ck_assert_int_eq(eq, 1);
        canasta_game_free(before);
        before = NULL;
        canasta_game_free(g);
    }
}
END_TEST

/* G4 opt: with CANASTA_OPT_ASK_PERMISSION 0 asking is refused even when
 * going out is possible. */
START_TEST(test_G4_ask_refused_when_option_off)
{
    canasta_move m;
    canasta_rules *r = NULL;
    canasta_game *g;
    int v = -1;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ASK_PERMISSION, 0),
                     CANASTA_OK);
    g = ready_to_ask(r);
    ck_assert_int_eq(canasta_game_option(&v, g, CANASTA_OPT_ASK_PERMISSION),
                     CANASTA_OK);
    ck_assert_int_eq(v, 0);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject(g, &m, CANASTA_E_ASK, "G4");
    /* Going out itself is of course still possible. */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* G4: only the partner answers, and only a pending question. */
START_TEST(test_G4_answer_out_of_turn_refused)
{
    canasta_move m;
    canasta_game *g = ready_to_ask(NULL);
    /* No question pending: the partner has no decision to make ... */
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    refuse(g, &m, CANASTA_E_TURN);
    /* ... and the player to move cannot answer a question never asked. */
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 0);
    refuse(g, &m, CANASTA_E_PHASE);

    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    /* Now only seat 2 decides. */
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 1);
    refuse(g, &m, CANASTA_E_TURN);
    simple_move(&m, CANASTA_MOVE_ANSWER_NO, 3);
    refuse(g, &m, CANASTA_E_TURN);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 0);
    refuse(g, &m, CANASTA_E_TURN);
    th_discard(&m, 0, "Kh");
    refuse(g, &m, CANASTA_E_TURN);
    /* The partner may only answer: a discard of a card seat 2 really
     * holds is still the wrong kind of move. */
    {
        uint8_t cards[32];
        size_t n = 0;
        ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &n, g, 2),
                         CANASTA_OK);
        ck_assert_uint_ge(n, 1);
        th_move(&m, CANASTA_MOVE_DISCARD, 2);
        m.card = cards[0];
        refuse(g, &m, CANASTA_E_PHASE);
    }
    simple_move(&m, CANASTA_MOVE_ANSWER_NO, 2);
    th_ok(g, &m);
    ck_assert_int_eq(permission(g), CANASTA_PERMISSION_NO);
    canasta_game_free(g);
}
END_TEST

/* G4: "the top card's compulsory meld may come first" - asking right after
 * a take whose move holds only the top card's meld is fine. */
START_TEST(test_G4_ask_allowed_after_plain_pile_take)
{
    canasta_move m;
    /* Upcard Kc; six kings in hand: the take makes a 7-card natural
     * canasta (70 >= 50) and leaves 5 x5, which can go out. */
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd 5h 5d 5c 5s 5h", "Kc", NULL);
    th_do_take(g, 0, "Kh Kd Kc Ks Kh Kd");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_hand_size(g, 0), 5);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_seat(g), 2);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    th_do_meld(g, 0, "5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    canasta_game_free(g);
}
END_TEST

/* G4 / DECISIONS 9: a take that also laid further melds counts as melding
 * before asking. */
START_TEST(test_G4_ask_refused_after_take_with_extra_meld)
{
    canasta_move m;
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd 5h 5d 5c 5s 5h", "Kc", NULL);
    th_do_take(g, 0, "Kh Kd Kc Ks Kh Kd | 5h 5d 5c");
    /* 5s 5h could still join the 5s and go out, yet the question is late. */
    ck_assert_int_eq(th_hand_size(g, 0), 2);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject(g, &m, CANASTA_E_ASK, "G4");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* G5                                                                 */
/* ---------------------------------------------------------------- */

/* G5: a hand of two black threes cannot go out; one black three can be
 * the final discard.
 * Reasoning: with 3c 3s left, melding them is M6-illegal (fewer than 3);
 * discarding one leaves one card, which is a normal discard (the hand is
 * not emptied, so G1 does not even come into it) - allowed, but the player
 * is not out.  Next turn a lone black three may be discarded last. */
START_TEST(test_G5_two_black_threes_then_final_black_three)
{
    canasta_move m, list[8];
    size_t n = 0;
    int flags = 0, it[CANASTA_SCORE_ITEMS];
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc 5c 5d 3c 3s", "Js",
                           "5h 4h 6h 8h Ks");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | 5c 5d 5h"); /* 85, canasta */
    ck_assert_int_eq(th_hand_size(g, 0), 2);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3s"), 1);
    /* Melding the two threes: M6. */
    th_meld(&m, 0, "3c 3s");
    refuse(g, &m, CANASTA_E_THREES);
    /* The only legal move is to throw one black three (they are
     * interchangeable; the canonical form names 3c). */
    ck_assert_int_eq(canasta_legal_moves(list, 8, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(list[0].kind, CANASTA_MOVE_DISCARD);
    ck_assert_int_eq(list[0].card, CANASTA_CARD(3, CANASTA_CLUBS));
    th_do_discard(g, 0, "3c");
    ck_assert_int_ne(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    /* P2: the black three on top blocks the next player. */
    ck_assert_int_eq(canasta_game_pile_status(&flags, g, 1), CANASTA_OK);
    ck_assert(flags & CANASTA_PILE_BLOCKED_BLACK_THREE);
    th_pass_turn(g, 1, "4h");
    th_pass_turn(g, 2, "6h");
    th_pass_turn(g, 3, "8h");
    th_do_draw(g, 0); /* Ks */
    th_do_meld(g, 0, "Ks"); /* leaves 3s alone; a canasta exists */
    th_do_discard(g, 0, "3s");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    get_items(it, g, 0);
    /* 8 kings 80 + three 5s 15; the threes were discarded, not melded. */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 95);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 100);
    canasta_game_free(g);
}
END_TEST

/* G5 / M6: three black threes may be melded only in the going-out move. */
START_TEST(test_G5_three_black_threes_only_when_going_out)
{
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS];
    /* After drawing 9d: K x8, 3c 3s 3c, 9d. */
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc Ks 3c 3s 3c", "Js", "9d");
    th_do_draw(g, 0);
    /* Leaves Ks 9d: not going out, so the threes may not be melded. */
    th_meld(&m, 0, "Kh Kd Kc Ks Kh Kd Kc | 3c 3s 3c");
    refuse(g, &m, CANASTA_E_THREES);
    /* Leaves 9d only, with a canasta: the threes go down with the exit. */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc Ks | 3c 3s 3c");
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    get_items(it, g, 0);
    /* E3: 8 x 10 + three black threes at 5 = 95. */
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], 95);
    canasta_game_free(g);
}
END_TEST

/* G4 with G5/M6: an exit that melds three black threes counts as "could
 * go out", so asking is accepted; after "yes" the threes go down with the
 * exit. */
START_TEST(test_G5_ask_accepted_when_exit_melds_black_threes)
{
    canasta_move m;
    canasta_game *g = deal("Kh Kd Kc Ks Kh Kd Kc Ks 3c 3s 3c", "Js", "9d");
    th_do_draw(g, 0);
    simple_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    simple_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    /* Discarding the 9d first would keep 11 cards: refused (G4). */
    th_discard(&m, 0, "9d");
    th_reject(g, &m, CANASTA_E_MUST_GO_OUT, "G4");
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc Ks | 3c 3s 3c");
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* The going-out check against an exhaustive model                    */
/* ---------------------------------------------------------------- */

/* V1, by rank 2..14 (2: a two; 3: a black three), written out here rather
 * than read from the engine. */
static int model_value(int rank)
{
    if (rank == 2 || rank == 14)
        return 20;
    if (rank >= 8)
        return 10;
    return 5;
}

typedef struct model_hand {
    int nat[CN_RANKS], b3, twos, jokers; /* the cards held, by kind */
    uint8_t size[CN_RANKS], mw[CN_RANKS]; /* the side's melds: cards, wilds */
    int needed, opened, minimum, waiver;
} model_hand;

/* Can every natural of ranks r..14 be melded with exactly `left` wild
 * cards spread over the melds (M1: a new meld of two naturals or more and
 * three cards or more; M4: three wild cards at most in a meld), making at
 * least `need` more canastas?  Every spread is tried. */
static int model_spread(const model_hand *m, int r, int left, int need)
{
    if (r > 14)
        return left == 0 && need <= 0;
    int n = m->nat[r], have = m->size[r];
    if (have == 0 && n == 0)
        return model_spread(m, r + 1, left, need);
    if (have == 0 && n == 1)
        return 0; /* a lone natural cannot be melded */
    int room = 3 - m->mw[r];
    for (int w = 0; w <= room && w <= left; w++) {
        if (have == 0 && n + w < 3)
            continue;
        if (model_spread(m, r + 1, left - w, need - (have + n + w >= 7)))
            return 1;
    }
    return 0;
}

/* G1-G3, M6: the hand less at most one discard melds completely, black
 * threes as one meld of three or four, with the needed canastas and, for
 * a side that has not opened, the minimum unless waived. */
static int model_can_go_out(model_hand m)
{
    int total = m.b3 + m.twos + m.jokers, value = 5 * m.b3 +
        20 * m.twos + 50 * m.jokers;
    for (int r = 4; r <= 14; r++) {
        total += m.nat[r];
        value += m.nat[r] * model_value(r);
    }
    if (total == 0)
        return 0;
    for (int d = 0; d <= 15; d++) { /* 0: no discard; 15: a joker */
        int *kind = d == 0 ? NULL : d == 2 ? &m.twos : d == 3 ? &m.b3
                  : d == 15 ? &m.jokers : d >= 4 && d <= 14 ? &m.nat[d] : NULL;
        int dv = d == 15 ? 50 : d ? model_value(d) : 0;
        if (d != 0 && (kind == NULL || *kind == 0))
            continue;
        if (kind)
            (*kind)--;
        int ok = (m.b3 == 0 || m.b3 == 3 || m.b3 == 4) &&
                 model_spread(&m, 4, m.twos + m.jokers, m.needed);
        if (!m.opened && !m.waiver && value - dv < m.minimum)
            ok = 0; /* O1, G3 */
        if (!m.opened && total - (d != 0) == 0)
            ok = 0; /* nothing melded */
        if (kind)
            (*kind)++;
        if (ok)
            return 1;
    }
    return 0;
}

/* The cards' value by the model's V1 (black threes 5, twos 20, jokers
 * 50). */
static int model_hand_value(const model_hand *m)
{
    int v = 5 * m->b3 + 20 * m->twos + 50 * m->jokers;
    for (int r = 4; r <= 14; r++)
        v += m->nat[r] * model_value(r);
    return v;
}

START_TEST(test_G1_G3_going_out_check_matches_an_exhaustive_model)
{
    th_sm64 rng = { 20261130 };
    int n = th_scaled(60000, 6000);
    int yes[2] = { 0, 0 }, asked[2] = { 0, 0 }; /* by opened */
    for (int i = 0; i < n; i++) {
        model_hand m;
        uint8_t hand[CANASTA_CARD_LIMIT];
        cn_goout_query q;
        memset(&m, 0, sizeof m);
        memset(hand, 0, sizeof hand);
        m.opened = th_sm64_next(&rng) % 4 != 0;
        for (int r = 4; r <= 14; r++) {
            uint64_t x = th_sm64_next(&rng);
            /* Opened: strays, pairs and sets; not opened, fewer ranks
             * and bigger sets, so that some hands can go out at all (a
             * side without melds needs a canasta from the hand). */
            int pick = m.opened ? (int)(x % 8) : (int)(x % 10) - 2;
            m.nat[r] = pick < 4 ? 0 : pick == 4 ? (int)(m.opened)
                     : pick <= 6 ? 2 + (int)((x >> 40) % 2)
                     : 4 + (int)((x >> 40) % 4);
            if (m.opened && (x >> 8) % 3 == 0) {
                m.size[r] = (uint8_t)(3 + (x >> 16) % 6);
                int w = (int)((x >> 24) % 4);
                m.mw[r] = (uint8_t)(w < m.size[r] - 1 ? w : 0);
            }
            for (int c = 0; c < m.nat[r]; c++)
                hand[CANASTA_CARD(r, c % 4)]++;
        }
        m.b3 = (int)(th_sm64_next(&rng) % 9 < 6 ? 0 : th_sm64_next(&rng) % 6);
        m.twos = (int)(th_sm64_next(&rng) % 4);
        m.jokers = (int)(th_sm64_next(&rng) % 3);
        hand[12] = (uint8_t)((m.b3 + 1) / 2);
        hand[15] = (uint8_t)(m.b3 / 2);
        hand[8] = (uint8_t)m.twos;
        hand[CANASTA_JOKER] = (uint8_t)m.jokers;
        m.needed = 1 + (int)(th_sm64_next(&rng) % (m.opened ? 3 : 2));
        /* O1: a minimum near the hand's value, so that which card goes
         * (and the G3 waiver) decides */
        if (!m.opened) {
            int v = model_hand_value(&m) - 60 +
                    15 * (int)(th_sm64_next(&rng) % 8);
            m.minimum = v > 0 ? v : 0;
            m.waiver = th_sm64_next(&rng) % 4 == 0;
        }
        q.hand = hand;
        q.size = m.size;
        q.mw = m.mw;
        q.needed = m.needed;
        q.opened = m.opened;
        q.minimum = m.minimum;
        q.waiver = m.waiver;
        int want = model_can_go_out(m);
        yes[m.opened] += want;
        asked[m.opened]++;
        ck_assert_msg(cn_can_go_out(&q) == want, "case %d: the check says "
                      "%d, the model %d", i, !want, want);
        if (m.opened)
            ck_assert_int_eq(cn_opened_can_go_out(m.nat, m.b3, m.twos,
                             m.jokers, m.size, m.mw, m.needed), want);
    }
    /* Both answers came often enough to mean something, for sides that
     * have opened and for sides that have not. */
    for (int o = 0; o < 2; o++)
        ck_assert_msg(yes[o] * 50 >= asked[o] && yes[o] * 50 <= 49 * asked[o],
                      "opened %d: %d yes of %d", o, yes[o], asked[o]);
}
END_TEST

START_TEST(test_G1_O1_going_out_throws_the_cheaper_wild_card)
{
    /* A side that has not opened holds K K K K 2 2 2 Jk: four wild cards,
     * room for three in the one meld, so a wild card must go.  Throwing a
     * two melds K K K K 2 2 Jk, a canasta worth 40 + 40 + 50 = 130;
     * throwing the joker melds K K K K 2 2 2, worth 100 (V1). */
    uint8_t hand[CANASTA_CARD_LIMIT] = { 0 }, size[CN_RANKS] = { 0 },
            mw[CN_RANKS] = { 0 };
    cn_goout_query q;
    hand[CANASTA_CARD(CANASTA_RANK_KING, 0)] = 2;
    hand[CANASTA_CARD(CANASTA_RANK_KING, 1)] = 2;
    hand[8] = 2;
    hand[9] = 1;
    hand[CANASTA_JOKER] = 1;
    q.hand = hand;
    q.size = size;
    q.mw = mw;
    q.needed = 1;
    q.opened = 0;
    q.waiver = 0;
    q.minimum = 120; /* met only by throwing a two */
    ck_assert_int_eq(cn_can_go_out(&q), 1);
    q.minimum = 140; /* met by neither */
    ck_assert_int_eq(cn_can_go_out(&q), 0);
}
END_TEST

Suite *suite_going_out(void)
{
    Suite *s = suite_create("going_out");
    TCase *g1 = tcase_create("G1");
    TCase *g2 = tcase_create("G2");
    TCase *g3 = tcase_create("G3");
    TCase *g4 = tcase_create("G4");
    TCase *g5 = tcase_create("G5");

    tcase_add_test(g1, test_G1_meld_whole_hand_without_canasta_refused);
    tcase_add_test(g1, test_G1_G3_going_out_check_matches_an_exhaustive_model);
    tcase_add_test(g1, test_G1_O1_going_out_throws_the_cheaper_wild_card);
    tcase_add_test(g1, test_G1_meld_leaving_one_card_without_canasta_refused);
    tcase_add_test(g1, test_G1_pile_take_leaving_one_card_without_canasta_refused);
    tcase_add_test(g1, test_G1_canasta_completed_this_turn_allows_final_discard);
    tcase_add_test(g1, test_G1_new_canasta_in_final_meld_goes_out);
    tcase_add_test(g2, test_G2_going_out_ends_hand_and_scores_100);
    tcase_add_test(g3, test_G3_concealed_single_meld_below_minimum_scores_200);
    tcase_add_test(g3, test_G3_concealed_with_final_discard);
    tcase_add_test(g3, test_G3_concealed_after_pile_take_needs_minimum);
    tcase_add_test(g3, test_G3_earlier_meld_by_player_scores_100);
    tcase_add_test(g3, test_G3_earlier_pile_take_spoils_concealed);
    tcase_add_test(g3, test_G3_partner_meld_does_not_spoil_concealed);
    tcase_add_test(g4, test_G4_ask_hands_decision_to_partner);
    tcase_add_test(g4, test_G4_yes_obliges_going_out);
    tcase_add_test(g4, test_G4_yes_refuses_meld_that_spoils_exit);
    tcase_add_test(g4, test_G4_no_forbids_going_out_this_turn);
    tcase_add_test(g4, test_G4_ask_accepted_for_exit_with_wild_canasta_and_discard);
    tcase_add_test(g4, test_G4_ask_accepted_when_exit_completes_partner_canasta);
    tcase_add_test(g4, test_G4_ask_refused_when_cannot_go_out);
    tcase_add_test(g4, test_G4_ask_refused_after_meld);
    tcase_add_test(g4, test_G4_ask_refused_before_drawing);
    tcase_add_test(g4, test_G4_ask_only_once_per_turn);
    tcase_add_test(g4, test_G4_ask_refused_when_option_off);
    tcase_add_test(g4, test_G4_answer_out_of_turn_refused);
    tcase_add_test(g4, test_G4_ask_allowed_after_plain_pile_take);
    tcase_add_test(g4, test_G4_ask_refused_after_take_with_extra_meld);
    tcase_add_test(g5, test_G5_two_black_threes_then_final_black_three);
    tcase_add_test(g5, test_G5_three_black_threes_only_when_going_out);
    tcase_add_test(g5, test_G5_ask_accepted_when_exit_melds_black_threes);

    suite_add_tcase(s, g1);
    suite_add_tcase(s, g2);
    suite_add_tcase(s, g3);
    suite_add_tcase(s, g4);
    suite_add_tcase(s, g5);
    return s;
}
