/*
 * The opening meld: rules O1-O4 (docs/RULES.md).
 * Every game here has dealer 3, so seat 0 (side 0) moves first.
 */
#include <string.h>
#include "helpers.h"

static void set_totals(canasta_game *g, int side0, int side1)
{
    int t[2];
    t[0] = side0;
    t[1] = side1;
    th_set_totals(g, t);
    ck_assert_int_eq(th_total(g, 0), side0);
    ck_assert_int_eq(th_total(g, 1), side1);
}

static int game_minimum(const canasta_game *g, int side)
{
    int m = -1;
    ck_assert_int_eq(canasta_game_opening_minimum(&m, g, side), CANASTA_OK);
    return m;
}

static int rules_minimum(int total)
{
    canasta_rules *r = NULL;
    int m = -1;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_opening_minimum(&m, r, total), CANASTA_OK);
    canasta_rules_free(r);
    return m;
}

static void meld_short(canasta_game *g, int seat, const char *groups)
{
    canasta_move m;
    th_meld(&m, seat, groups);
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2");
}

/* ---------------------------------------------------------------- O1 */

START_TEST(test_O1_minimum_by_total_in_rules)
{
    ck_assert_int_eq(rules_minimum(-5000), 15);
    ck_assert_int_eq(rules_minimum(-5), 15);
    ck_assert_int_eq(rules_minimum(0), 50);
    ck_assert_int_eq(rules_minimum(1495), 50);
    ck_assert_int_eq(rules_minimum(1500), 90);
    ck_assert_int_eq(rules_minimum(2995), 90);
    ck_assert_int_eq(rules_minimum(3000), 120);
    ck_assert_int_eq(rules_minimum(9000), 120);
}
END_TEST

START_TEST(test_O1_minimum_by_total_in_game)
{
    canasta_game *g = th_deal("", "", "", "", NULL, NULL);
    ck_assert_int_eq(game_minimum(g, 0), 50);
    ck_assert_int_eq(game_minimum(g, 1), 50);
    set_totals(g, -5, 0);
    ck_assert_int_eq(game_minimum(g, 0), 15);
    ck_assert_int_eq(game_minimum(g, 1), 50);
    set_totals(g, 1495, 1500);
    ck_assert_int_eq(game_minimum(g, 0), 50);
    ck_assert_int_eq(game_minimum(g, 1), 90);
    set_totals(g, 3000, 2995);
    ck_assert_int_eq(game_minimum(g, 0), 120);
    ck_assert_int_eq(game_minimum(g, 1), 90);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O1_negative_total_opens_with_fifteen)
{
    canasta_game *g = th_deal("4c 4d 4h", "", "", "", NULL, "8c");
    set_totals(g, -5, 0);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "4c 4d 4h");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_expect_meld(g, 0, CANASTA_RANK_FOUR, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O1_fifteen_is_short_at_total_zero)
{
    canasta_game *g = th_deal("4c 4d 4h", "", "", "", NULL, "8c");
    th_do_draw(g, 0);
    meld_short(g, 0, "4c 4d 4h");
    ck_assert_int_eq(th_opened(g, 0), 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- O2 */

/* Seat 0 can lay K K K + Q Q 2 (70) and A A A + joker (110). */
static canasta_game *opening_hand(int total0)
{
    canasta_game *g = th_deal("Kc Kd Kh Qc Qd 2c Ac Ad Ah Jk", "", "", "",
                              NULL, "8c");
    if (total0 != 0)
        set_totals(g, total0, 0);
    th_do_draw(g, 0);
    return g;
}

START_TEST(test_O2_kkk_qq2_is_seventy_enough_at_zero)
{
    canasta_game *g = opening_hand(0);
    ck_assert_int_eq(game_minimum(g, 0), 50);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd 2c");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 2, 1, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_kkk_qq2_is_short_at_1500)
{
    canasta_game *g = opening_hand(1500);
    canasta_move m;
    char why[512];
    ck_assert_int_eq(game_minimum(g, 0), 90);
    th_meld(&m, 0, "Kc Kd Kh | Qc Qd 2c");
    th_reject_ids_why(why, sizeof why, g, &m, CANASTA_E_OPENING, "O1 O2");
    /* the explanation gives the count and the minimum */
    ck_assert_msg(strstr(why, "70") != NULL, "no count in \"%s\"", why);
    ck_assert_msg(strstr(why, "90") != NULL, "no minimum in \"%s\"", why);
    ck_assert_int_eq(th_opened(g, 0), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_aces_and_joker_is_110_enough_at_1500)
{
    canasta_game *g = opening_hand(1500);
    th_do_meld(g, 0, "Ac Ad Ah Jk");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_aces_and_joker_is_short_at_3000)
{
    canasta_game *g = opening_hand(3000);
    ck_assert_int_eq(game_minimum(g, 0), 120);
    meld_short(g, 0, "Ac Ad Ah Jk");
    /* 110 + 30 (K K K) = 140 reaches 120 */
    th_do_meld(g, 0, "Ac Ad Ah Jk | Kc Kd Kh");
    ck_assert_int_eq(th_opened(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_melds_of_one_move_add_up)
{
    canasta_game *g = opening_hand(0);
    /* K K K (30) alone is short; the queens a later move would add do not
     * help, since the count is per move */
    meld_short(g, 0, "Kc Kd Kh");
    meld_short(g, 0, "Qc Qd 2c");
    th_do_meld(g, 0, "Qc Qd 2c | Kc Kd Kh");
    ck_assert_int_eq(th_opened(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_red_three_bonus_does_not_count)
{
    /* two red threes (200 in bonuses) with a 15-point meld */
    canasta_game *g = th_deal("3h 3d 4c 4d 4h 5c 5d 5h", "", "", "", NULL,
                              "9c 9d 8c");
    uint8_t rt[4];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_red_threes(rt, 4, &n, g, 0), CANASTA_OK);
    ck_assert_uint_eq(n, 2);
    th_do_draw(g, 0);
    meld_short(g, 0, "4c 4d 4h");
    meld_short(g, 0, "4c 4d 4h | 5c 5d 5h");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O2_canasta_bonus_does_not_count)
{
    /* seven natural 4s make a canasta but count 35 (bonus 500 excluded);
     * four cards stay in hand, so this is no concealed going out (G3) */
    canasta_game *g = th_deal("4c 4c 4d 4d 4h 4h 4s 9c 9d 9h 9s", "", "", "",
                              NULL, "8c");
    th_do_draw(g, 0);
    meld_short(g, 0, "4c 4c 4d 4d 4h 4h 4s");
    /* with three 9s (30) it is 65 */
    th_do_meld(g, 0, "4c 4c 4d 4d 4h 4h 4s | 9c 9d 9h");
    ck_assert_int_eq(th_opened(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- O3 */

START_TEST(test_O3_top_card_counts_with_hand_cards)
{
    /* top A (20) + A A from the hand (40) = 60: enough at 0, although the
     * hand cards alone make 40 */
    canasta_game *g = th_deal("Ad Ah", "", "", "", "Ac", NULL);
    th_do_take(g, 0, "Ad Ah");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_hand_size(g, 0), 11 - 2);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O3_further_groups_count_before_pickup)
{
    /* at 1500 (minimum 90): top A + A A = 60 is short; with K K K from the
     * hand it is 90, though the hand cards alone make only 70 */
    canasta_game *g = th_deal("Ad Ah Kc Kd Kh", "", "", "", "Ac", NULL);
    canasta_move m;
    set_totals(g, 1500, 0);
    th_take(&m, g, 0, "Ad Ah");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O3 O1 O2");
    th_do_take(g, 0, "Ad Ah | Kc Kd Kh");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O3_buried_pile_cards_never_count)
{
    /* pile: joker (covered upcard, 50) under a king.  Top K + K K = 30;
     * the buried joker would make it 80 but does not count */
    canasta_game *g = th_deal("Kc Kd Qc Qd Qh", "", "", "", "Jk Kh", NULL);
    canasta_move m;
    th_take(&m, g, 0, "Kc Kd");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O3 O1 O2");
    /* with Q Q Q from the hand: 30 + 30 = 60 */
    th_do_take(g, 0, "Kc Kd | Qc Qd Qh");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 3, 0, 0);
    /* the joker was picked up, not melded */
    ck_assert_int_eq(th_count_in_hand(g, 0, "Jk"), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 11 - 5 + 1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- O4 */

/* Seat 0 opens with aces; seat 1 (other side) and seat 2 (partner) hold
 * three 4s each. */
static canasta_game *partner_opened(void)
{
    canasta_game *g = th_deal("Ac Ad Ah 9c", "4c 4d 4s 9d", "4c 4d 4h 9h", "",
                              NULL, "5c 5d 5h 5s");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    th_do_discard(g, 0, "9c");
    return g;
}

START_TEST(test_O4_partner_melds_freely_after_opening)
{
    canasta_game *g = partner_opened();
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9d");
    th_do_draw(g, 2);
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_do_meld(g, 2, "4c 4d 4h");        /* 15 points, below 50 */
    th_expect_meld(g, 0, CANASTA_RANK_FOUR, 3, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 2), 12 - 3);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O4_other_side_still_needs_its_minimum)
{
    canasta_game *g = partner_opened();
    th_do_draw(g, 1);
    ck_assert_int_eq(th_opened(g, 1), 0);
    meld_short(g, 1, "4c 4d 4s");
    th_expect_meld(g, 1, CANASTA_RANK_FOUR, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_O4_opener_melds_freely_in_the_same_turn)
{
    canasta_game *g = th_deal("Ac Ad Ah 4c 4d 4h", "", "", "", NULL, "8c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    th_do_meld(g, 0, "4c 4d 4h");
    th_expect_meld(g, 0, CANASTA_RANK_FOUR, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

Suite *suite_opening(void)
{
    Suite *s = suite_create("opening");
    TCase *c;

    c = tcase_create("O1");
    tcase_add_test(c, test_O1_minimum_by_total_in_rules);
    tcase_add_test(c, test_O1_minimum_by_total_in_game);
    tcase_add_test(c, test_O1_negative_total_opens_with_fifteen);
    tcase_add_test(c, test_O1_fifteen_is_short_at_total_zero);
    suite_add_tcase(s, c);

    c = tcase_create("O2");
    tcase_add_test(c, test_O2_kkk_qq2_is_seventy_enough_at_zero);
    tcase_add_test(c, test_O2_kkk_qq2_is_short_at_1500);
    tcase_add_test(c, test_O2_aces_and_joker_is_110_enough_at_1500);
    tcase_add_test(c, test_O2_aces_and_joker_is_short_at_3000);
    tcase_add_test(c, test_O2_melds_of_one_move_add_up);
    tcase_add_test(c, test_O2_red_three_bonus_does_not_count);
    tcase_add_test(c, test_O2_canasta_bonus_does_not_count);
    suite_add_tcase(s, c);

    c = tcase_create("O3");
    tcase_add_test(c, test_O3_top_card_counts_with_hand_cards);
    tcase_add_test(c, test_O3_further_groups_count_before_pickup);
    tcase_add_test(c, test_O3_buried_pile_cards_never_count);
    suite_add_tcase(s, c);

    c = tcase_create("O4");
    tcase_add_test(c, test_O4_partner_melds_freely_after_opening);
    tcase_add_test(c, test_O4_other_side_still_needs_its_minimum);
    tcase_add_test(c, test_O4_opener_melds_freely_in_the_same_turn);
    suite_add_tcase(s, c);
    return s;
}
