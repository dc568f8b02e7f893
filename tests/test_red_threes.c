/*
 * Red threes: rules R1-R3 of RULES.md.
 *
 * Games are dealt by th_game() with every hand written out, the upcards
 * named and every drawn card listed at the stock top, so all numbers below
 * follow from the rules by hand (the arithmetic is in the comments).  No
 * hand is dealt a red three (the red threes under test are drawn or turned
 * up), so C6 plays no part.
 */

#include "helpers.h"

/* Plain hands for the R1 tests (dealer 3: seat 0 moves first). */
static const char *const PLAIN[4] = {
    "Ad Ad As Kd Kd Ks 4d 5d 6d 7d 8d",
    "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
    "4s 5s 6s 7s 8s 9s 10s Js Qs Ks Ac",
    "4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ah",
};

/* ---------------------------------------------------------------- */
/* R1                                                                 */
/* ---------------------------------------------------------------- */

START_TEST(test_R1_drawn_red_three_laid_out_and_replaced)
{
    canasta_game *g = th_game(NULL, 3, PLAIN, "10d", "3h 9d");
    uint8_t r3[8];
    size_t n = 0;
    canasta_move m;

    /* 108 - 44 - 1 upcard = 63. */
    ck_assert_int_eq(th_stock_size(g), 63);
    ck_assert_int_eq(th_red_three_count(g, 0), 0);
    th_do_draw(g, 0);
    /* The 3h goes face up; the 9d under it replaces it: the hand grows by
     * exactly one card (11 -> 12), the stock shrinks by two (63 -> 61). */
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3h"), 0);
    ck_assert_int_eq(th_count_in_hand(g, 0, "9d"), 1);
    ck_assert_int_eq(th_stock_size(g), 61);
    ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 1);
    ck_assert_int_eq(r3[0], th_card("3h"));
    /* Nobody else got it; the pile is untouched; still seat 0 to play. */
    ck_assert_int_eq(th_red_three_count(g, 1), 0);
    ck_assert_int_eq(th_red_three_count(g, 2), 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    /* Laid out means out of the hand: it cannot be discarded (T2). */
    th_discard(&m, 0, "3h");
    th_reject_ids(g, &m, CANASTA_E_NOT_IN_HAND, "T2 R1");
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_R1_red_three_replacement_is_replaced_again)
{
    canasta_game *g = th_game(NULL, 3, PLAIN, "10d", "3h 3d 9d");
    uint8_t r3[8];
    size_t n = 0;
    th_do_draw(g, 0);
    /* 3h out, replaced by 3d, out, replaced by 9d: hand 11 + 1 = 12,
     * stock 63 - 3 = 60, two red threes (sorted by code: 3d, 3h). */
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(th_count_in_hand(g, 0, "9d"), 1);
    ck_assert_int_eq(th_stock_size(g), 60);
    ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 2);
    ck_assert_int_eq(r3[0], th_card("3d"));
    ck_assert_int_eq(r3[1], th_card("3h"));
    /* A normal discard ends the turn as usual. */
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 11);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* R2                                                                 */
/* ---------------------------------------------------------------- */

START_TEST(test_R2_covered_red_three_upcard_goes_to_taker_unreplaced)
{
    /* 9: 9d 9s (seat 0), 9h (seat 1), 9c (upcard).  A: Ad Ad As, Ah,
     * Ac Ah, Ac.  K: Kd Kd, Kh, Ks, Kc.  8: 8h, 8s, 8c 8d. */
    static const char *const hands[4] = {
        "9d 9s Ad Ad As Kd Kd 4d 5d 6d 7d",
        "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
        "4s 5s 6s 7s 8s 10s Js Qs Ks Ac Ah",
        "4c 5c 6c 7c 8c 10c Jc Qc Kc Ac 8d",
    };
    canasta_game *g = th_game(NULL, 3, hands, "3h 9c", "Jd");
    canasta_move m;
    uint8_t r3[8];
    size_t n = 0;
    int side;

    /* C5: the 3h upcard was covered by the 9c: pile 2, stock 108-44-2. */
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_stock_size(g), 62);
    for (side = 0; side < 2; side++)
        ck_assert(th_pile_status(g, side) & CANASTA_PILE_FROZEN_RED_THREE);

    /* The red three freezes the pile: one natural is not enough (P4). */
    th_take(&m, g, 0, "9d | Ad Ad As");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");

    /* 9 9 9 (30) + A A A (60) = 90 >= 50 opens side 0. */
    th_do_take(g, 0, "9d 9s | Ad Ad As");
    ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 1);
    ck_assert_int_eq(r3[0], th_card("3h"));
    /* Hand: 11 - 5 melded + 0 (the pile's only other card is the 3h,
     * laid out) = 6; no replacement, so the stock still holds 62. */
    ck_assert_int_eq(th_hand_size(g, 0), 6);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3h"), 0);
    ck_assert_int_eq(th_stock_size(g), 62);
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_meld_naturals(g, 0, CANASTA_RANK_NINE), 3);
    /* The red three has left the pile, so it no longer freezes it. */
    for (side = 0; side < 2; side++)
        ck_assert_int_eq(th_pile_status(g, side) &
                         CANASTA_PILE_FROZEN_RED_THREE, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_R2_red_three_upcard_belongs_to_whoever_takes_the_pile)
{
    /* Side 0 opens first (seat 0), but seat 2 takes the pile, so the
     * covered 3h goes to seat 2.  7: 7h, 7d 7s, 7c.  9: 9d, 9h, 9s, 9c.
     * 10: 10h, 10s, 10d, 10c (stock).  J: Jh, Js, Jd, Jc (stock). */
    static const char *const hands[4] = {
        "Ad Ad As Kd Kd Ks 4d 5d 6d 8d 9d",
        "7h 4h 5h 6h 8h 9h 10h Jh Qh Kh Ah",
        "7d 7s 2c 4s 5s 6s 8s 9s 10s Js Qs",
        "4c 5c 6c 7c 8c 10d Jd Qc Qd Kc Ac",
    };
    canasta_game *g = th_game(NULL, 3, hands, "3h 9c", "10c Jc");
    canasta_move m;

    th_do_draw(g, 0);                                /* 10c */
    th_do_meld(g, 0, "Ad Ad As | Kd Kd Ks");         /* 60 + 30 = 90 */
    th_do_discard(g, 0, "10c");
    th_do_draw(g, 1);                                /* Jc */
    th_do_discard(g, 1, "7h");
    /* Pile 3h 9c 10c 7h.  For opened side 0 only the red three freezes
     * it; side 1 is also "not opened" (P3). */
    ck_assert_int_eq(th_pile_size(g), 4);
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_FROZEN_RED_THREE);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_FROZEN_RED_THREE |
                                           CANASTA_PILE_FROZEN_UNOPENED);
    /* Frozen: natural + wild is refused even for an opened side (P4). */
    th_take(&m, g, 2, "7d 2c");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");

    th_do_take(g, 2, "7d 7s");
    ck_assert_int_eq(th_red_three_count(g, 2), 1);
    ck_assert_int_eq(th_red_three_count(g, 0), 0);
    /* 11 - 2 melded + (4 pile - top - red three = 2: 9c 10c) = 11. */
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    ck_assert_int_eq(th_count_in_hand(g, 2, "9c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "10c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "3h"), 0);
    /* No replacement: stock 62 - 2 draws = 60, as before the take. */
    ck_assert_int_eq(th_stock_size(g), 60);
    ck_assert_int_eq(th_meld_naturals(g, 0, CANASTA_RANK_SEVEN), 3);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* R3                                                                 */
/* ---------------------------------------------------------------- */

START_TEST(test_R3_bonus_table)
{
    canasta_rules *r = NULL;
    int b = -1;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 0), CANASTA_OK);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 1), CANASTA_OK);
    ck_assert_int_eq(b, 100);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 2), CANASTA_OK);
    ck_assert_int_eq(b, 200);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 3), CANASTA_OK);
    ck_assert_int_eq(b, 300);
    /* All four to one side: 800, not 4 x 100. */
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, 4), CANASTA_OK);
    ck_assert_int_eq(b, 800);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_R3_four_red_threes_score_800_for_a_side_that_melded)
{
    /* K: seven in seat 0.  5: 5c 5d 5h + 5s (stock).  9: 9c, 9h, 9d, 9s.
     * A: Ah Ac Ad, As.  Q: Qh, Qs Qc.  J: Jh, Js Jc. */
    static const char *const hands[4] = {
        "Kc Kc Kd Kd Kh Kh Ks 5c 5d 5h 9c",
        "4h 6h 7h 8h 9h 10h Jh Qh Ah Ac Ad",
        "4c 4d 6c 6d 7c 7d 8c 8d 9d 10c 10d",
        "4s 6s 7s 8s 9s 10s Js Qs As Qc Jc",
    };
    canasta_game *g = th_game(NULL, 3, hands, "8h", "3h 3d 3h 3d 5s");
    int how = -1, who = -9;

    th_do_draw(g, 0);
    /* R1 four times over: all four red threes out, the 5s replaces the
     * last; hand 12, stock 63 - 5 = 58. */
    ck_assert_int_eq(th_red_three_count(g, 0), 4);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    ck_assert_int_eq(th_stock_size(g), 58);
    /* Seven kings (a natural canasta) and four fives, then the 9c. */
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 5c 5d 5h 5s");
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    /* One turn, no earlier meld, a canasta: concealed (G3). */
    ck_assert_int_eq(how, CANASTA_END_CONCEALED);
    ck_assert_int_eq(who, 0);

    /* Side 0: melded 7 x 10 + 4 x 5 = 90; natural canasta 500; red
     * threes 800 (all four); concealed 200; partner seat 2 holds
     * 4c 4d 6c 6d 7c 7d (6 x 5 = 30) + 8c 8d 9d 10c 10d (5 x 10 = 50)
     * = 80.  Total 90 + 500 + 800 + 200 - 80 = 1510. */
    th_expect_items(g, 0, 90, 500, 0, 800, 200, -80, 1510);
    /* Side 1 melded nothing and has no red threes: seat 1 holds
     * 4h 6h 7h (15) + 8h 9h 10h Jh Qh (50) + Ah Ac Ad (60) = 125, seat 3
     * holds 4s 6s 7s (15) + 8s 9s 10s Js Qs Qc Jc (70) + As (20) = 105:
     * total -230. */
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -230, -230);
    ck_assert_int_eq(th_total(g, 0), 1510);
    ck_assert_int_eq(th_total(g, 1), -230);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_R3_red_threes_count_minus_for_a_side_that_melded_nothing)
{
    /* Dealer 3.  Seat 0 draws a red three (3h, then the 4h) and melds
     * nothing; seat 1 draws two (3d, 3h, then the other 4h); seat 2, seat
     * 0's partner, draws the 5s, melds and goes out.
     * 4: 4c 4d, 4s, 4s, 4h 4h (stock).  8: 8c 8d, 8h, 8s, 8h (upcard). */
    static const char *const hands[4] = {
        "4c 4d 6c 6d 7c 7d 8c 8d 9d 10c 10d",
        "6h 7h 8h 9h 10h Jh Qh Ah Ac Ad 4s",
        "Kc Kc Kd Kd Kh Kh Ks 5c 5d 5h 9c",
        "6s 7s 8s 9s 10s Js Qs As Qc Jc 4s",
    };
    canasta_game *g = th_game(NULL, 3, hands, "8h", "3h 4h 3d 3h 4h 5s");
    int how = -1, who = -9;

    th_do_draw(g, 0);
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    th_do_discard(g, 0, "4h");
    th_do_draw(g, 1);
    ck_assert_int_eq(th_red_three_count(g, 1), 2);
    th_do_discard(g, 1, "4h");
    th_do_draw(g, 2);
    ck_assert_int_eq(th_red_three_count(g, 2), 0);
    th_do_meld(g, 2, "Kc Kc Kd Kd Kh Kh Ks | 5c 5d 5h 5s");
    th_do_discard(g, 2, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    ck_assert_int_eq(how, CANASTA_END_CONCEALED);
    ck_assert_int_eq(who, 2);

    /* Side 1 (seats 1, 3) melded nothing: its two red threes count
     * -200.  Seat 1 holds 6h 7h 4s (15) + 8h 9h 10h Jh Qh (50) +
     * Ah Ac Ad (60) = 125; seat 3 holds 6s 7s 4s (15) + 8s 9s 10s Js Qs
     * Qc Jc (70) + As (20) = 105.  Total -200 - 230 = -430. */
    th_expect_items(g, 1, 0, 0, 0, -200, 0, -230, -430);
    /* Side 0 melded (seat 2 did, for the side), so seat 0's red three
     * counts +100: 90 + 500 + 100 + 200 - 80 (seat 0: 6 x 5 + 5 x 10) =
     * 810. */
    th_expect_items(g, 0, 90, 500, 0, 100, 200, -80, 810);
    canasta_game_free(g);
}
END_TEST

Suite *suite_red_threes(void)
{
    Suite *s = suite_create("red_threes");
    TCase *r1 = tcase_create("R1");
    TCase *r2 = tcase_create("R2");
    TCase *r3 = tcase_create("R3");
    tcase_add_test(r1, test_R1_drawn_red_three_laid_out_and_replaced);
    tcase_add_test(r1, test_R1_red_three_replacement_is_replaced_again);
    tcase_add_test(r2,
                   test_R2_covered_red_three_upcard_goes_to_taker_unreplaced);
    tcase_add_test(r2,
                   test_R2_red_three_upcard_belongs_to_whoever_takes_the_pile);
    tcase_add_test(r3, test_R3_bonus_table);
    tcase_add_test(r3,
                   test_R3_four_red_threes_score_800_for_a_side_that_melded);
    tcase_add_test(r3,
                   test_R3_red_threes_count_minus_for_a_side_that_melded_nothing);
    suite_add_tcase(s, r1);
    suite_add_tcase(s, r2);
    suite_add_tcase(s, r3);
    return s;
}
