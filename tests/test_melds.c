/*
 * Melds and canastas through real moves: rules M1-M6 (docs/RULES.md).
 * Every game here has dealer 3, so seat 0 (side 0) moves first.
 */
#include "helpers.h"

static void meld_rejected(canasta_game *g, int seat, const char *groups,
                          int err, const char *ids)
{
    canasta_move m;
    th_meld(&m, seat, groups);
    th_reject_ids(g, &m, err, ids);
}

static void assert_canastas(const canasta_game *g, int side, int natural,
                            int mixed)
{
    int n = -1, x = -1;
    ck_assert_int_eq(canasta_game_canastas(&n, &x, g, side), CANASTA_OK);
    ck_assert_int_eq(n, natural);
    ck_assert_int_eq(x, mixed);
}

/* Seat 0 holds aces, kings, queens and wild cards, draws a second joker
 * and opens with A A A (60 >= 50).  Left in hand: Kc Kd Kh Qc Qd 2c 2d Jk Jk. */
static canasta_game *opened_with_wilds(void)
{
    canasta_game *g = th_deal("Ac Ad Ah Kc Kd Kh Qc Qd 2c 2d Jk", "", "", "",
                              NULL, "Jk");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    return g;
}

/* ---------------------------------------------------------------- M1 */

START_TEST(test_M1_three_naturals_make_a_meld)
{
    canasta_game *g = th_deal("Ac Ad Ah", "", "", "", NULL, "8c");
    ck_assert_int_eq(th_opened(g, 0), 0);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_ACE, 0, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 12 - 3);
    ck_assert_int_eq(th_opened(g, 0), 1);
    ck_assert_int_eq(th_opened(g, 1), 0);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_two_cards_are_no_meld)
{
    canasta_game *g = opened_with_wilds();
    meld_rejected(g, 0, "Qc Qd", CANASTA_E_MELD, "M1");
    meld_rejected(g, 0, "Kc 2c", CANASTA_E_MELD, "M1");
    th_do_meld(g, 0, "Kc Kd Kh");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_one_natural_two_wilds_is_no_meld)
{
    canasta_game *g = opened_with_wilds();
    meld_rejected(g, 0, "Qc 2c 2d", CANASTA_E_MELD, "M1");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 0, 0, 0);
    /* two naturals and the same two wild cards are a meld */
    th_do_meld(g, 0, "Qc Qd 2c 2d");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 2, 2, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_four_wild_cards_are_too_many)
{
    canasta_game *g = opened_with_wilds();
    meld_rejected(g, 0, "Kc Kd 2c 2d Jk Jk", CANASTA_E_MELD, "M1 M2");
    /* three are allowed */
    th_do_meld(g, 0, "Kc Kd 2c 2d Jk");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 2, 2, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_wild_cards_alone_are_no_meld)
{
    canasta_game *g = opened_with_wilds();
    meld_rejected(g, 0, "K: 2c 2d Jk", CANASTA_E_MELD, "M1");
    meld_rejected(g, 0, "K: 2c Jk Jk", CANASTA_E_MELD, "M1");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 0, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 9);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_mixed_ranks_are_no_meld)
{
    canasta_game *g = opened_with_wilds();
    /* a run-like group: queens with a king in it */
    meld_rejected(g, 0, "Q: Qc Qd Kc", CANASTA_E_MELD, "M1");
    meld_rejected(g, 0, "K: Kc Kd Qc", CANASTA_E_MELD, "M1");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 0, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M1_ranks_four_to_ace_only)
{
    /* twos are wild, so there is no meld "of twos" */
    canasta_game *g = th_deal("Ac Ad Ah 2c 2d 2h", "", "", "", NULL, "8c");
    canasta_move m;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    /* built by hand: the move builders refuse the rank themselves */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    m.ngroups = 1;
    m.groups[0].rank = 2;
    m.groups[0].count = 3;
    m.groups[0].cards[0] = CANASTA_CARD(2, CANASTA_CLUBS);
    m.groups[0].cards[1] = CANASTA_CARD(2, CANASTA_DIAMONDS);
    m.groups[0].cards[2] = CANASTA_CARD(2, CANASTA_HEARTS);
    th_err(g, &m, CANASTA_E_MOVE);
    ck_assert_int_eq(th_hand_size(g, 0), 9);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- M2 */

START_TEST(test_M2_queen_queen_two_is_a_meld)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Qc Qd 2c");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 2, 1, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 6);
    ck_assert_int_eq(th_count_in_hand(g, 0, "2c"), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M2_queen_two_joker_is_not_a_meld)
{
    canasta_game *g = opened_with_wilds();
    meld_rejected(g, 0, "Qc 2c Jk", CANASTA_E_MELD, "M2 M1");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M2_king_king_joker_two_is_a_meld)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Kc Kd Jk 2c");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 2, 1, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M2_fourth_wild_card_is_not_allowed)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Kc Kd Jk 2c");
    th_do_meld(g, 0, "K: Jk");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 2, 1, 2);
    meld_rejected(g, 0, "K: 2d", CANASTA_E_MELD, "M2 M1 M4");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 2, 1, 2);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- M3 */

/* Seats 0 and 1 each hold A A A, seat 2 holds the two other aces.  Each
 * seat draws (stock 5c 5d 5h 5s ...) before its move. */
static canasta_game *aces_everywhere(void)
{
    return th_deal("Ac Ad Ah 9c", "Ac Ad Ah 9d", "As As 9h", "9s", NULL,
                   "5c 5d 5h 5s");
}

START_TEST(test_M3_partner_cards_join_the_side_meld)
{
    canasta_game *g = aces_everywhere();
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9d");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "As As");
    /* one meld of 5 aces for side 0, not a second meld */
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 5, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 2), 12 - 2);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M3_both_sides_may_meld_the_same_rank)
{
    canasta_game *g = aces_everywhere();
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah");
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);
    th_do_meld(g, 1, "Ac Ad Ah");
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_ACE, 3, 0, 0);
    th_do_discard(g, 1, "9d");
    /* seat 2's aces go to its own side, never to side 1's meld */
    th_do_draw(g, 2);
    th_do_meld(g, 2, "As As");
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 5, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_ACE, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M3_two_groups_of_one_rank_in_a_move)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Ks", "", "", "", NULL, "8c");
    th_do_draw(g, 0);
    meld_rejected(g, 0, "Kc Kd Kh | Kc Kd Ks", CANASTA_E_MOVE, "M3");
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Ks");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 6, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M3_second_group_of_a_melded_rank_joins_it)
{
    /* once the side has kings, a later "new" group of kings in a move is
     * an addition, not a second meld */
    canasta_game *g = th_deal("Ac Ad Ah Kc Kc Kd Kd Kh", "", "", "",
                              NULL, "8c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah | Kc Kd Kh");
    th_do_meld(g, 0, "Kc Kd");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 5, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- M4 */

START_TEST(test_M4_naturals_may_always_be_added)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Kc Kd 2c 2d Jk");      /* three wild cards */
    th_expect_meld(g, 0, CANASTA_RANK_KING, 2, 2, 1);
    th_do_meld(g, 0, "Kh");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 2, 1);
    ck_assert_int_eq(th_hand_size(g, 0), 3);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M4_wild_card_added_only_below_three)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Kc Kd Kh");
    th_do_meld(g, 0, "K: 2c 2d");          /* 0 -> 2 wild cards: fine */
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 2, 0);
    th_do_meld(g, 0, "K: Jk");             /* 2 -> 3: fine */
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 2, 1);
    meld_rejected(g, 0, "K: Jk", CANASTA_E_MELD, "M4");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 2, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M4_adding_too_many_wilds_at_once)
{
    canasta_game *g = opened_with_wilds();
    th_do_meld(g, 0, "Kc Kd Kh 2c");
    /* 1 wild + 3 more = 4 */
    meld_rejected(g, 0, "K: 2d Jk Jk", CANASTA_E_MELD, "M4");
    th_do_meld(g, 0, "K: 2d Jk");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 2, 1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- M5 */

/* Seat 0: seven kings and a two; draws an 8. */
static canasta_game *seven_kings(void)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks 2c 5c 6c 7c", "", "", "",
                              NULL, "8c");
    th_do_draw(g, 0);
    return g;
}

START_TEST(test_M5_seven_naturals_make_a_natural_canasta)
{
    canasta_game *g = seven_kings();
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh");
    assert_canastas(g, 0, 0, 0);              /* six cards: not yet */
    th_do_meld(g, 0, "Ks");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 7, 0, 0);
    assert_canastas(g, 0, 1, 0);
    assert_canastas(g, 1, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M5_wild_card_makes_natural_canasta_mixed)
{
    canasta_game *g = seven_kings();
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    assert_canastas(g, 0, 1, 0);
    th_do_meld(g, 0, "K: 2c");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 7, 1, 0);
    assert_canastas(g, 0, 0, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M5_seven_with_wild_cards_make_a_mixed_canasta)
{
    canasta_game *g = th_deal("Qc Qc Qd Qd Qh 2c Jk 5c 6c 7c 9c", "", "", "",
                              NULL, "8c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Qc Qc Qd Qd Qh 2c Jk");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 5, 1, 1);
    assert_canastas(g, 0, 0, 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M5_seven_cards_with_four_wilds_are_no_canasta)
{
    canasta_game *g = th_deal("Qc Qc Qd 2c 2d Jk Jk 5c 6c 7c 9c", "", "", "",
                              NULL, "8c");
    th_do_draw(g, 0);
    meld_rejected(g, 0, "Qc Qc Qd 2c 2d Jk Jk", CANASTA_E_MELD, "M1 M2 M5");
    assert_canastas(g, 0, 0, 0);
    /* six of them, three wild, are a legal meld but no canasta */
    th_do_meld(g, 0, "Qc Qc Qd 2c 2d Jk");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 3, 2, 1);
    assert_canastas(g, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- M6 */

START_TEST(test_M6_black_threes_melded_when_going_out)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks Ks 3c 3c 3s", "", "", "",
                              NULL, "5c");
    int how = -1, who = -1;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks Ks | 3c 3c 3s");
    th_expect_meld(g, 0, CANASTA_RANK_THREE, 3, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    ck_assert_int_eq(who, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M6_four_black_threes_when_going_out)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks 3c 3c 3s 3s", "", "", "",
                              NULL, "5c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 3c 3c 3s 3s");
    th_expect_meld(g, 0, CANASTA_RANK_THREE, 4, 0, 0);
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M6_black_threes_not_melded_without_going_out)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks 3c 3c 3s 5c", "", "", "",
                              NULL, "6c");
    th_do_draw(g, 0);
    /* two cards would be left: the player does not go out */
    meld_rejected(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 3c 3c 3s", CANASTA_E_THREES, "M6");
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    meld_rejected(g, 0, "3c 3c 3s", CANASTA_E_THREES, "M6");
    th_expect_meld(g, 0, CANASTA_RANK_THREE, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M6_no_wild_card_with_black_threes)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks 3c 3c 3s 2c", "", "", "",
                              NULL, "5c");
    th_do_draw(g, 0);
    meld_rejected(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 3: 3c 3c 3s 2c",
                  CANASTA_E_THREES, "M6");
    /* the two goes with the kings instead: the player goes out next */
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks 2c | 3c 3c 3s");
    th_expect_meld(g, 0, CANASTA_RANK_THREE, 3, 0, 0);
    assert_canastas(g, 0, 0, 1);
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M6_two_black_threes_are_no_meld)
{
    /* melding everything would take K x7, 6 6 6 and a "meld" of 3c 3s */
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks 6c 6d 3c 3s", "", "", "",
                              NULL, "6h");
    th_do_draw(g, 0);
    meld_rejected(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 6c 6d 6h | 3c 3s",
                  CANASTA_E_THREES, "M6 G5");
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | 6c 6d 6h");
    ck_assert_int_eq(th_hand_size(g, 0), 2);
    th_expect_meld(g, 0, CANASTA_RANK_THREE, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

Suite *suite_melds(void)
{
    Suite *s = suite_create("melds");
    TCase *c;

    c = tcase_create("M1");
    tcase_add_test(c, test_M1_three_naturals_make_a_meld);
    tcase_add_test(c, test_M1_two_cards_are_no_meld);
    tcase_add_test(c, test_M1_one_natural_two_wilds_is_no_meld);
    tcase_add_test(c, test_M1_four_wild_cards_are_too_many);
    tcase_add_test(c, test_M1_wild_cards_alone_are_no_meld);
    tcase_add_test(c, test_M1_mixed_ranks_are_no_meld);
    tcase_add_test(c, test_M1_ranks_four_to_ace_only);
    suite_add_tcase(s, c);

    c = tcase_create("M2");
    tcase_add_test(c, test_M2_queen_queen_two_is_a_meld);
    tcase_add_test(c, test_M2_queen_two_joker_is_not_a_meld);
    tcase_add_test(c, test_M2_king_king_joker_two_is_a_meld);
    tcase_add_test(c, test_M2_fourth_wild_card_is_not_allowed);
    suite_add_tcase(s, c);

    c = tcase_create("M3");
    tcase_add_test(c, test_M3_partner_cards_join_the_side_meld);
    tcase_add_test(c, test_M3_both_sides_may_meld_the_same_rank);
    tcase_add_test(c, test_M3_two_groups_of_one_rank_in_a_move);
    tcase_add_test(c, test_M3_second_group_of_a_melded_rank_joins_it);
    suite_add_tcase(s, c);

    c = tcase_create("M4");
    tcase_add_test(c, test_M4_naturals_may_always_be_added);
    tcase_add_test(c, test_M4_wild_card_added_only_below_three);
    tcase_add_test(c, test_M4_adding_too_many_wilds_at_once);
    suite_add_tcase(s, c);

    c = tcase_create("M5");
    tcase_add_test(c, test_M5_seven_naturals_make_a_natural_canasta);
    tcase_add_test(c, test_M5_wild_card_makes_natural_canasta_mixed);
    tcase_add_test(c, test_M5_seven_with_wild_cards_make_a_mixed_canasta);
    tcase_add_test(c, test_M5_seven_cards_with_four_wilds_are_no_canasta);
    suite_add_tcase(s, c);

    c = tcase_create("M6");
    tcase_add_test(c, test_M6_black_threes_melded_when_going_out);
    tcase_add_test(c, test_M6_four_black_threes_when_going_out);
    tcase_add_test(c, test_M6_black_threes_not_melded_without_going_out);
    tcase_add_test(c, test_M6_no_wild_card_with_black_threes);
    tcase_add_test(c, test_M6_two_black_threes_are_no_meld);
    suite_add_tcase(s, c);
    return s;
}
