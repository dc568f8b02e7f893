/*
 * The turn: rules T1 and T2 of RULES.md.
 *
 * Every game is dealt by th_game() with seat 3 as dealer, so seat 0
 * (side 0, partner seat 2) moves first and play goes 0, 1, 2, 3, 0 (C1,
 * C3).  All four hands are written out card by card, the upcard is named
 * and the stock top lists every card drawn, so each position is known
 * exactly.  No hand holds a red three, so after the deal the stock holds
 * 108 - 4 * 11 - (number of upcards) cards.
 */

#include "helpers.h"

/*
 * Deck check for these hands (each natural exists twice, C2):
 *  A: Ad Ad As | Ac Ac Ah           K: Kd Kd Ks | Kh | Kc Kh
 *  7: 7d | 7h 7h | (7c upcard)       J: Jh | Jc Jd
 *  Q: Qh | Qc Qd Qs                  9: 9h | 9s | 9c
 * Seat 1 holds a natural pair of 7s (to try to take a 7 upcard), seat 2
 * holds J J and A A A (to take a J and open: 30 + 60 = 90 >= 50).
 */
static const char *const HANDS[4] = {
    "Ad Ad As Kd Kd Ks 4d 5d 6d 7d 8d",
    "7h 7h 4h 5h 6h 8h 9h 10h Jh Qh Kh",
    "Jc Jd Ac Ac Ah 4s 5s 6s 8s 9s 10s",
    "4c 5c 6c 8c 9c 10c Qc Qd Qs Kc Kh",
};

static canasta_game *deal(const char *upcards, const char *stock)
{
    canasta_game *g = th_game(NULL, 3, HANDS, upcards, stock);
    int d = -1;
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(canasta_game_dealer(&d, g), CANASTA_OK);
    ck_assert_int_eq(d, 3);
    /* C3: the player left of the dealer starts. */
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    return g;
}

/* ---------------------------------------------------------------- */
/* T1                                                                 */
/* ---------------------------------------------------------------- */

START_TEST(test_T1_draw_then_discard_passes_turn_left)
{
    canasta_game *g = deal("7c", "Js 9d 10d Jh");
    int s;

    /* 108 cards - 44 dealt - 1 upcard = 63 in the stock. */
    ck_assert_int_eq(th_stock_size(g), 63);
    ck_assert_int_eq(th_pile_size(g), 1);
    for (s = 0; s < 4; s++)
        ck_assert_int_eq(th_hand_size(g, s), 11);

    /* Draw: the stock's top card (Js) joins the hand, still seat 0. */
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(th_count_in_hand(g, 0, "Js"), 1);
    ck_assert_int_eq(th_stock_size(g), 62);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);

    /* Discard ends the turn; the next player is seat 0 + 1 = 1. */
    th_do_discard(g, 0, "Js");
    ck_assert_int_eq(th_hand_size(g, 0), 11);
    ck_assert_int_eq(th_count_in_hand(g, 0, "Js"), 0);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_pile_top(g), th_card("Js"));
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);

    /* Round the table: 1 -> 2 -> 3 -> 0 (3 + 1 mod 4). */
    th_do_draw(g, 1);                 /* 9d */
    th_do_discard(g, 1, "9d");
    ck_assert_int_eq(th_seat(g), 2);
    th_do_draw(g, 2);                 /* 10d */
    ck_assert_int_eq(th_count_in_hand(g, 2, "10d"), 1);
    th_do_discard(g, 2, "4s");
    ck_assert_int_eq(th_count_in_hand(g, 2, "10d"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "4s"), 0);
    ck_assert_int_eq(th_seat(g), 3);
    th_do_draw(g, 3);                 /* Jh */
    th_do_discard(g, 3, "Jh");
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    /* Four draws: 63 - 4 = 59; four discards on the upcard: 1 + 4 = 5. */
    ck_assert_int_eq(th_stock_size(g), 59);
    ck_assert_int_eq(th_pile_size(g), 5);
    ck_assert_int_eq(th_pile_top(g), th_card("Jh"));
    for (s = 0; s < 4; s++)
        ck_assert_int_eq(th_hand_size(g, s), 11);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_discard_before_drawing_rejected)
{
    canasta_game *g = deal("7c", "Js");
    canasta_move m;
    th_discard(&m, 0, "4d");
    th_reject(g, &m, CANASTA_E_PHASE, "T1");
    /* The same discard after the draw is fine. */
    th_do_draw(g, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_pile_top(g), th_card("4d"));
    ck_assert_int_eq(th_seat(g), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_draw_twice_rejected)
{
    canasta_game *g = deal("7c", "Js 9d");
    canasta_move m;
    th_do_draw(g, 0);
    th_move(&m, CANASTA_MOVE_DRAW, 0);
    th_reject(g, &m, CANASTA_E_PHASE, "T1");
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(th_stock_size(g), 62);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_meld_in_draw_phase_rejected)
{
    canasta_game *g = deal("7c", "Js");
    canasta_move m;
    int opened = -1;
    /* A A A + K K K = 60 + 30 = 90 >= 50 (O1 at total 0): legal later. */
    th_meld(&m, 0, "Ad Ad As | Kd Kd Ks");
    th_reject(g, &m, CANASTA_E_PHASE, "T1");

    th_do_draw(g, 0);
    th_ok(g, &m);
    /* 12 cards - 6 melded = 6; still seat 0's turn, in the play phase. */
    ck_assert_int_eq(th_hand_size(g, 0), 6);
    ck_assert_int_eq(th_meld_naturals(g, 0, CANASTA_RANK_ACE), 3);
    ck_assert_int_eq(th_meld_naturals(g, 0, CANASTA_RANK_KING), 3);
    ck_assert_int_eq(canasta_game_opened(&opened, g, 0), CANASTA_OK);
    ck_assert_int_eq(opened, 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    /* Melding does not end the turn; the discard does. */
    th_do_discard(g, 0, "Js");
    ck_assert_int_eq(th_hand_size(g, 0), 5);
    ck_assert_int_eq(th_seat(g), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_wrong_seat_rejected)
{
    canasta_game *g = deal("7c", "Js");
    canasta_move m;
    int s;
    /* E_TURN concerns the order of play, which RULES.md states in both C1
     * (turn order) and T1 (the turn); either ID is a fair citation. */
    for (s = 1; s < 4; s++) {
        th_move(&m, CANASTA_MOVE_DRAW, s);
        th_reject_ids(g, &m, CANASTA_E_TURN, "T1 C1");
    }
    th_do_draw(g, 0);
    /* During seat 0's play phase, nobody else may discard. */
    th_discard(&m, 1, "4h");
    th_reject_ids(g, &m, CANASTA_E_TURN, "T1 C1");
    th_discard(&m, 2, "4s");
    th_reject_ids(g, &m, CANASTA_E_TURN, "T1 C1");
    ck_assert_int_eq(th_seat(g), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_taking_pile_replaces_the_draw)
{
    /* Seat 1 discards a J; seat 2 takes it with J J and opens with A A A
     * (J J J 30 + 60 = 90 >= 50). */
    canasta_game *g = deal("7c", "Js 9d");
    canasta_move m;
    th_do_draw(g, 0);                 /* Js */
    th_do_discard(g, 0, "4d");
    th_do_draw(g, 1);                 /* 9d */
    th_do_discard(g, 1, "Jh");
    th_do_take(g, 2, "Jc Jd | Ac Ac Ah");
    /* Pile 7c 4d Jh: 11 - 5 melded + 2 picked up = 8. */
    ck_assert_int_eq(th_hand_size(g, 2), 8);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 2);
    /* The take was this turn's draw: no second draw, no second take. */
    th_move(&m, CANASTA_MOVE_DRAW, 2);
    th_reject(g, &m, CANASTA_E_PHASE, "T1");
    /* Stock: 63 - 2 draws = 61, untouched by the take. */
    ck_assert_int_eq(th_stock_size(g), 61);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* T2                                                                 */
/* ---------------------------------------------------------------- */

START_TEST(test_T2_discarding_a_two_freezes_pile_for_both_sides)
{
    canasta_game *g = deal("7c", "2c 9d");
    canasta_move m;
    int side;

    /* Before: only "not opened" freezes it (P3), nothing blocks it. */
    for (side = 0; side < 2; side++)
        ck_assert_int_eq(th_pile_status(g, side), CANASTA_PILE_FROZEN_UNOPENED);

    th_do_draw(g, 0);
    th_do_discard(g, 0, "2c");          /* any card may be discarded */
    ck_assert_int_eq(th_pile_top(g), th_card("2c"));
    for (side = 0; side < 2; side++) {
        int f = th_pile_status(g, side);
        ck_assert_msg(f & CANASTA_PILE_FROZEN_WILD, "side %d: %d", side, f);
        ck_assert_msg(f & CANASTA_PILE_BLOCKED_WILD, "side %d: %d", side, f);
        ck_assert_msg(!(f & CANASTA_PILE_BLOCKED_BLACK_THREE), "%d", f);
    }
    /* Seat 1 holds 7h 7h and the 7c is just under the two: still no. */
    th_take(&m, g, 1, "7h 7h");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");

    /* Covered by a natural, the two no longer blocks but still freezes. */
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Jh");
    for (side = 0; side < 2; side++) {
        int f = th_pile_status(g, side);
        ck_assert_msg(f & CANASTA_PILE_FROZEN_WILD, "side %d: %d", side, f);
        ck_assert_msg(!(f & CANASTA_PILE_BLOCKED_WILD), "side %d: %d", side,
                      f);
    }
    /* A natural pair still takes the frozen pile (P4): J J J + A A A. */
    th_do_take(g, 2, "Jc Jd | Ac Ac Ah");
    /* 11 - 5 melded + 2 picked up (7c, 2c) = 8; the two is in hand now. */
    ck_assert_int_eq(th_hand_size(g, 2), 8);
    ck_assert_int_eq(th_count_in_hand(g, 2, "2c"), 1);
    ck_assert_int_eq(th_pile_size(g), 0);
    /* Taking it unfreezes it (P3): side 0 now opened, no wild left. */
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK, 0);
    ck_assert_int_eq(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_WILD, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T2_discarding_a_joker_freezes_pile)
{
    canasta_game *g = deal("7c", "Jk");
    canasta_move m;
    int side;
    th_do_draw(g, 0);
    th_do_discard(g, 0, "Jk");
    ck_assert_int_eq(th_pile_top(g), CANASTA_JOKER);
    ck_assert_int_eq(th_pile_size(g), 2);
    for (side = 0; side < 2; side++) {
        int f = th_pile_status(g, side);
        ck_assert_msg(f & CANASTA_PILE_FROZEN_WILD, "side %d: %d", side, f);
        ck_assert_msg(f & CANASTA_PILE_BLOCKED_WILD, "side %d: %d", side, f);
    }
    th_take(&m, g, 1, "7h 7h");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T2_black_three_discard_blocks_next_player_until_covered)
{
    canasta_game *g = deal("7c", "3c 9d");
    canasta_move m;
    int f;

    th_do_draw(g, 0);
    th_do_discard(g, 0, "3c");          /* a black three may be discarded */
    ck_assert_int_eq(th_pile_top(g), th_card("3c"));
    f = th_pile_status(g, 1);
    ck_assert_msg(f & CANASTA_PILE_BLOCKED_BLACK_THREE, "flags %d", f);
    /* A black three does not freeze (P3 names only wild cards and the red
     * three upcard): the only freeze bit is "not opened". */
    ck_assert_int_eq(f & CANASTA_PILE_FROZEN_MASK,
                     CANASTA_PILE_FROZEN_UNOPENED);

    /* Seat 1 has 7h 7h for the 7c under the three: blocked all the same. */
    th_take(&m, g, 1, "7h 7h");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");

    /* Seat 1 must draw; covering the three ends the block. */
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Jh");
    f = th_pile_status(g, 0);
    ck_assert_int_eq(f & (CANASTA_PILE_BLOCKED_BLACK_THREE |
                          CANASTA_PILE_BLOCKED_WILD), 0);
    ck_assert_int_eq(f & CANASTA_PILE_FROZEN_MASK,
                     CANASTA_PILE_FROZEN_UNOPENED);
    /* Seat 2 takes: J J J (30) + A A A (60) = 90 >= 50. */
    th_do_take(g, 2, "Jc Jd | Ac Ac Ah");
    /* Pile was 7c 3c Jh: 11 - 5 + 2 = 8; the black three is now held. */
    ck_assert_int_eq(th_hand_size(g, 2), 8);
    ck_assert_int_eq(th_count_in_hand(g, 2, "3c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "7c"), 1);
    ck_assert_int_eq(th_meld_naturals(g, 0, CANASTA_RANK_JACK), 3);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T2_red_three_can_never_be_discarded)
{
    canasta_game *g = deal("7c", "3h 9d");
    canasta_move m;
    th_do_draw(g, 0);
    /* R1: the 3h was laid out and replaced by the 9d; it is not held. */
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3h"), 0);
    th_discard(&m, 0, "3h");
    /* T2 forbids it; R1 is why the card is not in the hand: either ID. */
    th_reject_ids(g, &m, CANASTA_E_NOT_IN_HAND, "T2 R1");
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(th_pile_top(g), th_card("9d"));
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

Suite *suite_turn(void)
{
    Suite *s = suite_create("turn");
    TCase *t1 = tcase_create("T1");
    TCase *t2 = tcase_create("T2");
    tcase_add_test(t1, test_T1_draw_then_discard_passes_turn_left);
    tcase_add_test(t1, test_T1_discard_before_drawing_rejected);
    tcase_add_test(t1, test_T1_draw_twice_rejected);
    tcase_add_test(t1, test_T1_meld_in_draw_phase_rejected);
    tcase_add_test(t1, test_T1_wrong_seat_rejected);
    tcase_add_test(t1, test_T1_taking_pile_replaces_the_draw);
    tcase_add_test(t2, test_T2_discarding_a_two_freezes_pile_for_both_sides);
    tcase_add_test(t2, test_T2_discarding_a_joker_freezes_pile);
    tcase_add_test(t2,
                   test_T2_black_three_discard_blocks_next_player_until_covered);
    tcase_add_test(t2, test_T2_red_three_can_never_be_discarded);
    suite_add_tcase(s, t1);
    suite_add_tcase(s, t2);
    return s;
}
