/*
 * The form of a move, checked before the rules of play: groups a take or
 * a meld must have, cards that cannot be in a hand, a take in the wrong
 * phase, a card of another rank in the top card's meld (DECISIONS 16,
 * docs/RULES.md "Error codes by rule").  Also how canasta_validate and
 * canasta_apply treat a why buffer too small for any text.
 *
 * Dealer 3, so seat 0 (side 0, partner seat 2) moves first (C1, C3).
 */
#include <string.h>
#include "helpers.h"

/* Seat 0 holds a pair of 7s for the 7c upcard, three kings, three queens
 * and a 9; seat 1 holds the 9s it will discard; seat 2 holds four twos and
 * a joker.  Stock: seat 0 draws the 5h, seat 1 the 6h. */
static canasta_game *deal(void)
{
    canasta_game *g = th_deal("7h 7s 9d Kc Kd Kh Qc Qd Qh 4d 5d",
                              "9s 4h 5s 6s 8h 10h Jh Qs Ks Ah Ad",
                              "2c 2d 2h 2s Jk 8d 8c 10c 10d Jc Jd",
                              NULL, "7c", "5h 6h");
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    return g;
}

/* P1: groups[0] of a take is the top card's meld, so a take without any
 * group is malformed; so is one with more groups than ranks (M3). */
START_TEST(test_P1_take_without_groups_is_E_MOVE)
{
    canasta_game *g = deal();
    canasta_move m;
    th_move(&m, CANASTA_MOVE_TAKE_PILE, 0);
    th_reject(g, &m, CANASTA_E_MOVE, NULL);
    th_take(&m, g, 0, "7h 7s");
    m.ngroups = CANASTA_MOVE_MAX_GROUPS + 1;
    th_reject(g, &m, CANASTA_E_MOVE, NULL);
    /* With its groups the take is fine: P4, a natural pair for the frozen
     * pile; O3, 7c 7h 7s (15) + kings (30) + queens (30) = 75 >= 50. */
    th_take(&m, g, 0, "7h 7s | Kc Kd Kh | Qc Qd Qh");
    th_expect_valid(g, &m);
    canasta_game_free(g);
}
END_TEST

/* Only groups[0] of a take may be empty (P5: the top card joining the
 * side's meld); a further group without cards melds nothing. */
START_TEST(test_M1_take_with_an_empty_further_group_is_E_MOVE)
{
    canasta_game *g = deal();
    canasta_move m;
    th_take(&m, g, 0, "7h 7s | K:");
    ck_assert_int_eq(m.ngroups, 2);
    ck_assert_int_eq(m.groups[1].count, 0);
    th_reject(g, &m, CANASTA_E_MOVE, NULL);
    canasta_game_free(g);
}
END_TEST

/* M1: every natural card in the top card's meld is of the top card's
 * rank.  The pair of 7s satisfies P4 (frozen for an unopened side), and
 * the 9 still does not belong. */
START_TEST(test_M1_take_with_a_card_of_another_rank_is_E_MELD)
{
    canasta_game *g = deal();
    canasta_move m;
    th_take(&m, g, 0, "7: 7h 7s 9d | Kc Kd Kh");
    th_reject(g, &m, CANASTA_E_MELD, "M1");
    canasta_game_free(g);
}
END_TEST

/* R1: a red three never stays in a hand, so naming one in a meld is
 * naming a card the player does not hold. */
START_TEST(test_R1_meld_naming_red_threes_is_E_NOT_IN_HAND)
{
    canasta_game *g = deal();
    canasta_move m;
    th_do_draw(g, 0);
    th_meld(&m, 0, "3: 3d 3h 3d");
    th_reject(g, &m, CANASTA_E_NOT_IN_HAND, "R1");
    canasta_game_free(g);
}
END_TEST

/* P1/T1: the pile is taken instead of drawing, at the start of a turn. */
START_TEST(test_T1_take_after_drawing_is_E_PHASE)
{
    canasta_game *g = deal();
    canasta_move m;
    th_do_draw(g, 0);
    th_take(&m, g, 0, "7h 7s | Kc Kd Kh");
    th_reject(g, &m, CANASTA_E_PHASE, "T1");
    canasta_game_free(g);
}
END_TEST

/* P5: an unfrozen pile's top card is melded with a natural pair, a natural
 * and a wild card, or on the side's meld.  Wild cards alone, however many,
 * are none of these (M1: a meld holds at least two naturals). */
START_TEST(test_P5_take_with_only_wild_cards_is_E_PILE_NO_MELD)
{
    canasta_game *g = deal();
    canasta_move m;
    char why[512];
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh"); /* O1: 60 >= 50 */
    th_do_discard(g, 0, "5h");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9s");
    /* Side 0 has opened, the pile (7c 5h 9s) holds no wild card and no red
     * three: not frozen for side 0 (P3), and side 0 has no 9s. */
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK, 0);
    th_take(&m, g, 2, "9: 2c 2d 2h 2s Jk");
    th_reject_ids_why(why, sizeof why, g, &m, CANASTA_E_PILE_NO_MELD, "P5");
    ck_assert_msg(strstr(why, "wild") != NULL, "why: %s", why);
    th_take(&m, g, 2, "9: 2c 2d");
    th_reject(g, &m, CANASTA_E_PILE_NO_MELD, "P5");
    canasta_game_free(g);
}
END_TEST

/* The why text is truncated to why_size (canasta.h): with room for
 * nothing, nothing is written; with room for one byte, an empty string. */
START_TEST(test_why_buffer_without_room_is_left_alone)
{
    canasta_game *g = deal();
    canasta_move m;
    char why[8];
    th_move(&m, CANASTA_MOVE_DRAW, 1); /* seat 0 is to move: E_TURN */
    memset(why, 'x', sizeof why);
    ck_assert_int_eq(canasta_validate(why, 0, g, &m), CANASTA_E_TURN);
    ck_assert_int_eq(canasta_apply(why, 0, g, &m), CANASTA_E_TURN);
    for (size_t i = 0; i < sizeof why; i++)
        ck_assert_int_eq(why[i], 'x');
    ck_assert_int_eq(canasta_validate(why, 1, g, &m), CANASTA_E_TURN);
    ck_assert_int_eq(why[0], '\0');
    ck_assert_int_eq(why[1], 'x');
    memset(why, 'x', sizeof why);
    ck_assert_int_eq(canasta_apply(why, 1, g, &m), CANASTA_E_TURN);
    ck_assert_int_eq(why[0], '\0');
    /* A legal move clears a buffer that has room. */
    th_move(&m, CANASTA_MOVE_DRAW, 0);
    memset(why, 'x', sizeof why);
    ck_assert_int_eq(canasta_validate(why, sizeof why, g, &m), CANASTA_OK);
    ck_assert_int_eq(why[0], '\0');
    canasta_game_free(g);
}
END_TEST

Suite *suite_move_form(void)
{
    Suite *s = suite_create("move_form");
    TCase *c = tcase_create("form");
    tcase_add_test(c, test_P1_take_without_groups_is_E_MOVE);
    tcase_add_test(c, test_M1_take_with_an_empty_further_group_is_E_MOVE);
    tcase_add_test(c, test_M1_take_with_a_card_of_another_rank_is_E_MELD);
    tcase_add_test(c, test_R1_meld_naming_red_threes_is_E_NOT_IN_HAND);
    tcase_add_test(c, test_T1_take_after_drawing_is_E_PHASE);
    tcase_add_test(c, test_P5_take_with_only_wild_cards_is_E_PILE_NO_MELD);
    tcase_add_test(c, test_why_buffer_without_room_is_left_alone);
    suite_add_tcase(s, c);
    return s;
}
