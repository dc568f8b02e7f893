/*
 * Scoring: canasta_score_side and canasta_meld_class against rules S1-S4,
 * R3, E3 (with M1, M5, M6 for meld classes), plus one hand scored by a
 * game.  Expected values are worked out by hand in the comments.
 */
#include <string.h>
#include "helpers.h"

static canasta_rules *R;

static void setup(void)
{
    ck_assert_int_eq(canasta_rules_create(&R, CANASTA_PRESET_CLASSIC), CANASTA_OK);
}

static void teardown(void)
{
    canasta_rules_free(R);
    R = NULL;
}

/* Score with items[] filled; returns the status. */
static int score(int *items, const int *melds, size_t n_melds, int red3,
                 const char *hand, int went_out)
{
    uint8_t h[64];
    size_t nh = hand ? th_cards(h, 64, hand) : 0;
    int i;
    for (i = 0; i < CANASTA_SCORE_ITEMS; i++)
        items[i] = -12345;
    return canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R, melds,
                              n_melds, red3, nh ? h : NULL, nh, went_out);
}

static void expect_items(const int *items, int melded, int natural, int mixed,
                         int red3, int out, int in_hand)
{
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], melded);
    ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS], natural);
    ck_assert_int_eq(items[CANASTA_SCORE_MIXED_CANASTAS], mixed);
    ck_assert_int_eq(items[CANASTA_SCORE_RED_THREES], red3);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], out);
    ck_assert_int_eq(items[CANASTA_SCORE_IN_HAND], in_hand);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL],
                     melded + natural + mixed + red3 + out + in_hand);
}

/* The input must be refused with E_SCORE_INPUT and a reason. */
static void refused(const int *melds, size_t n_melds, int red3,
                    const char *hand, int went_out)
{
    uint8_t h[64];
    size_t nh = hand ? th_cards(h, 64, hand) : 0;
    int items[CANASTA_SCORE_ITEMS];
    char why[256];
    int rc;
    why[0] = '\0';
    rc = canasta_score_side(items, CANASTA_SCORE_ITEMS, why, sizeof why, R,
                            melds, n_melds, red3, nh ? h : NULL, nh, went_out);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT, "got %s", canasta_error_name(rc));
    ck_assert_msg(why[0] != '\0', "no reason given");
}

/* ---------------------------------------------------------------- S4 */

START_TEST(test_S4_worked_example_is_925)
{
    /* seven natural kings: 7 x 10 = 70 melded, natural canasta 500;
     * three aces: 3 x 20 = 60 melded; two red threes 2 x 100 = 200;
     * going out 100; a 7 left in the partner's hand: -5.
     * 70 + 60 + 500 + 200 + 100 - 5 = 925 */
    static const int melds[] = { 13, 7, 0, 0,   14, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 2, 2, "7h", CANASTA_OUT_NORMAL), CANASTA_OK);
    expect_items(items, 130, 500, 0, 200, 100, -5);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 925);
}
END_TEST

START_TEST(test_S4_fewer_items_requested)
{
    static const int melds[] = { 13, 7, 0, 0,   14, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS] = { -7, -7, -7, -7, -7, -7, -7 };
    uint8_t h = CANASTA_CARD(7, CANASTA_HEARTS);
    ck_assert_int_eq(canasta_score_side(items, 2, NULL, 0, R, melds, 2, 2, &h, 1,
                                        CANASTA_OUT_NORMAL), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 130);
    ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    ck_assert_int_eq(items[2], -7);
    ck_assert_int_eq(items[6], -7);
}
END_TEST

/* ---------------------------------------------------------------- S1 */

START_TEST(test_S1_natural_canasta_500)
{
    /* seven 9s: 70 + 500 */
    static const int melds[] = { 9, 7, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 70, 500, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_S1_mixed_canasta_300)
{
    /* 9 9 9 9 9 2 Jk: 50 + 20 + 50 = 120, mixed 300 */
    static const int melds[] = { 9, 5, 1, 1 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 120, 0, 300, 0, 0, 0);
}
END_TEST

START_TEST(test_S1_several_canastas_add_up)
{
    /* natural: 8 aces (160) and 7 fives (35); mixed: K x4 + 2 2 2 (100)
     * and 6 x6 + Jk (80); open meld: 4 4 4 (15) */
    static const int melds[] = { 14, 8, 0, 0,   5, 7, 0, 0,   13, 4, 3, 0,
                                 6, 6, 0, 1,    4, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 5, 0, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 160 + 35 + 100 + 80 + 15, 1000, 600, 0, 0, 0);
}
END_TEST

START_TEST(test_S1_six_cards_earn_no_bonus)
{
    static const int melds[] = { 9, 4, 1, 1 };   /* 40 + 20 + 50 */
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 110, 0, 0, 0, 0, 0);
}
END_TEST

/* ---------------------------------------------------------------- S2 */

START_TEST(test_S2_going_out_100)
{
    static const int melds[] = { 10, 7, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, NULL, CANASTA_OUT_NORMAL), CANASTA_OK);
    expect_items(items, 70, 500, 0, 0, 100, 0);
}
END_TEST

START_TEST(test_S2_going_out_concealed_200)
{
    static const int melds[] = { 10, 7, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, NULL, CANASTA_OUT_CONCEALED), CANASTA_OK);
    expect_items(items, 70, 500, 0, 0, 200, 0);
}
END_TEST

START_TEST(test_S2_no_going_out_without_a_canasta)
{
    static const int melds[] = { 10, 6, 0, 0 };
    refused(melds, 1, 0, NULL, CANASTA_OUT_NORMAL);
    refused(melds, 1, 0, NULL, CANASTA_OUT_CONCEALED);
    refused(NULL, 0, 0, NULL, CANASTA_OUT_NORMAL);
}
END_TEST

START_TEST(test_S2_bad_went_out_value)
{
    static const int melds[] = { 10, 7, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    int rc = score(items, melds, 1, 0, NULL, 3);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT || rc == CANASTA_E_ARG,
                  "went_out 3 accepted: %s", canasta_error_name(rc));
}
END_TEST

START_TEST(test_S2_concealed_going_out_in_a_game)
{
    /* seat 0 lays K x7 (natural) + Q x4 from the hand and discards the
     * drawn 5: concealed.  Side 0: 70 + 40 melded, 500, 200; seat 2 holds
     * eleven cards of 5 points each: -55.  Total 755.  Side 1 made no
     * meld: its hands count against it. */
    const char *const hands[4] = {
        "Kc Kc Kd Kd Kh Kh Ks Qc Qc Qd Qd",
        "",
        "4c 4c 4d 4d 4h 4h 5d 5d 5h 5h 6c",
        ""
    };
    canasta_game *g = th_game(NULL, 3, hands, NULL, "5c");
    int items[CANASTA_SCORE_ITEMS], how = -1, who = -1;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | Qc Qc Qd Qd");
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    ck_assert_int_eq(how, CANASTA_END_CONCEALED);
    ck_assert_int_eq(who, 0);
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 0),
                     CANASTA_OK);
    expect_items(items, 110, 500, 0, 0, 200, -55);
    ck_assert_int_eq(th_total(g, 0), 755);
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 1),
                     CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 0);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], 0);
    ck_assert_int_lt(items[CANASTA_SCORE_IN_HAND], 0);
    ck_assert_int_eq(th_total(g, 1), items[CANASTA_SCORE_TOTAL]);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_S2_hand_score_before_any_hand_ends)
{
    const char *const hands[4] = { "", "", "", "" };
    canasta_game *g = th_game(NULL, 3, hands, NULL, NULL);
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 0),
                     CANASTA_E_PHASE);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- R3 */

START_TEST(test_R3_red_three_bonus_table)
{
    int b = -1;
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, R, 0), CANASTA_OK);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, R, 1), CANASTA_OK);
    ck_assert_int_eq(b, 100);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, R, 2), CANASTA_OK);
    ck_assert_int_eq(b, 200);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, R, 3), CANASTA_OK);
    ck_assert_int_eq(b, 300);
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, R, 4), CANASTA_OK);
    ck_assert_int_eq(b, 800);
    /* a classic deck holds four red threes */
    b = -1;
    ck_assert_int_ne(canasta_rules_red_three_bonus(&b, R, 5), CANASTA_OK);
    ck_assert_int_ne(canasta_rules_red_three_bonus(&b, R, -1), CANASTA_OK);
}
END_TEST

START_TEST(test_R3_red_threes_plus_after_melding)
{
    static const int melds[] = { 8, 3, 0, 0 };   /* 30 */
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 1, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 30, 0, 0, 100, 0, 0);
    ck_assert_int_eq(score(items, melds, 1, 3, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 30, 0, 0, 300, 0, 0);
    ck_assert_int_eq(score(items, melds, 1, 4, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 30, 0, 0, 800, 0, 0);
}
END_TEST

START_TEST(test_R3_red_threes_minus_without_a_meld)
{
    int items[CANASTA_SCORE_ITEMS];
    /* 2 red threes, nothing melded, K and 4 in hand: -200 - 15 */
    ck_assert_int_eq(score(items, NULL, 0, 2, "Kc 4d", CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 0, 0, 0, -200, 0, -15);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], -215);
    ck_assert_int_eq(score(items, NULL, 0, 4, NULL, CANASTA_OUT_NONE), CANASTA_OK);
    expect_items(items, 0, 0, 0, -800, 0, 0);
}
END_TEST

START_TEST(test_R3_five_red_threes_refused)
{
    static const int melds[] = { 8, 3, 0, 0 };
    refused(melds, 1, 5, NULL, CANASTA_OUT_NONE);
    refused(melds, 1, -1, NULL, CANASTA_OUT_NONE);
}
END_TEST

START_TEST(test_R3_red_three_in_hand_refused)
{
    static const int melds[] = { 8, 3, 0, 0 };
    refused(melds, 1, 0, "3h", CANASTA_OUT_NONE);
    refused(melds, 1, 0, "7c 3d", CANASTA_OUT_NONE);
}
END_TEST

/* ---------------------------------------------------------------- E3 */

START_TEST(test_E3_melded_black_threes_count_five_each)
{
    /* going out with 7 natural jacks (70 + 500) and 3c 3c 3s (15) */
    static const int melds[] = { 11, 7, 0, 0,   3, 3, 0, 0 };
    static const int four[] = { 11, 7, 0, 0,   3, 4, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 2, 0, NULL, CANASTA_OUT_NORMAL), CANASTA_OK);
    expect_items(items, 85, 500, 0, 0, 100, 0);
    ck_assert_int_eq(score(items, four, 2, 0, NULL, CANASTA_OUT_NORMAL), CANASTA_OK);
    expect_items(items, 90, 500, 0, 0, 100, 0);
}
END_TEST

START_TEST(test_E3_black_threes_meld_needs_going_out)
{
    static const int melds[] = { 11, 7, 0, 0,   3, 3, 0, 0 };
    refused(melds, 2, 0, NULL, CANASTA_OUT_NONE);
}
END_TEST

START_TEST(test_E3_hand_score_may_be_negative)
{
    /* 5 5 5 melded (15); joker, ace, king and black three in hand:
     * -(50 + 20 + 10 + 5) = -85; total -70 */
    static const int melds[] = { 5, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 0, "Jk As Kd 3c", CANASTA_OUT_NONE),
                     CANASTA_OK);
    expect_items(items, 15, 0, 0, 0, 0, -85);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], -70);
}
END_TEST

START_TEST(test_E3_both_partners_hands_count)
{
    /* cards of both hands are passed together: 8+8+... */
    static const int melds[] = { 12, 7, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(score(items, melds, 1, 1, "8c 8d 2h 6s 6s", CANASTA_OUT_NONE),
                     CANASTA_OK);
    /* 10 + 10 + 20 + 5 + 5 = 50 */
    expect_items(items, 70, 500, 0, 100, 0, -50);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 620);
}
END_TEST

/* ------------------------------------------- impossible scoring input */

START_TEST(test_M1_score_input_meld_breaking_M1_refused)
{
    static const int one_natural[] = { 9, 1, 2, 0 };
    static const int four_wild[] = { 9, 3, 2, 2 };
    static const int two_cards[] = { 9, 2, 0, 0 };
    static const int only_wild[] = { 9, 0, 2, 1 };
    static const int rank_two[] = { 2, 3, 0, 0 };
    static const int same_rank_twice[] = { 9, 3, 0, 0,   9, 3, 0, 0 };
    refused(one_natural, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(four_wild, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(two_cards, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(only_wild, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(rank_two, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(same_rank_twice, 2, 0, NULL, CANASTA_OUT_NONE);
}
END_TEST

START_TEST(test_C2_score_input_more_cards_than_two_packs_refused)
{
    /* 8 kings exist; 9 cannot be melded */
    static const int nine_kings[] = { 13, 9, 0, 0 };
    /* 4 jokers exist in all */
    static const int five_jokers[] = { 13, 3, 0, 3,   12, 3, 0, 2 };
    /* 8 twos exist in all */
    static const int nine_twos[] = { 13, 3, 3, 0,   12, 3, 3, 0,   11, 3, 3, 0 };
    static const int eight_kings[] = { 13, 8, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    refused(nine_kings, 1, 0, NULL, CANASTA_OUT_NONE);
    refused(five_jokers, 2, 0, NULL, CANASTA_OUT_NONE);
    refused(nine_twos, 3, 0, NULL, CANASTA_OUT_NONE);
    ck_assert_int_eq(score(items, eight_kings, 1, 0, NULL, CANASTA_OUT_NONE),
                     CANASTA_OK);
    expect_items(items, 80, 500, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_C2_score_input_melds_and_hand_beyond_two_packs_refused)
{
    /* eight kings melded and a ninth in the side's hands */
    static const int eight_kings[] = { 13, 8, 0, 0 };
    /* four black threes melded, a fifth in hand */
    static const int threes[] = { 13, 7, 0, 0,   3, 4, 0, 0 };
    refused(eight_kings, 1, 0, "Kc", CANASTA_OUT_NONE);
    refused(threes, 2, 0, "3s", CANASTA_OUT_NORMAL);
}
END_TEST

START_TEST(test_C2_score_input_bad_hand_card_refused)
{
    static const int melds[] = { 13, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    uint8_t h[2] = { 7, 61 };
    int rc = canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R, melds, 1,
                                0, h, 1, CANASTA_OUT_NONE);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT || rc == CANASTA_E_CARD,
                  "bad card accepted: %s", canasta_error_name(rc));
    rc = canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R, melds, 1,
                            0, h + 1, 1, CANASTA_OUT_NONE);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT || rc == CANASTA_E_CARD,
                  "bad card accepted: %s", canasta_error_name(rc));
}
END_TEST

/* ---------------------------------------------------------- meld classes */

static void expect_class(int rank, int n, int t, int j, int want)
{
    int c = -99;
    int rc = th_meld_class(&c, CANASTA_PRESET_CLASSIC, rank, n, t, j);
    ck_assert_msg(rc == CANASTA_OK, "rank %d %d/%d/%d: %s", rank, n, t, j,
                  canasta_error_name(rc));
    ck_assert_msg(c == want, "rank %d %d/%d/%d: class %d, want %d",
                  rank, n, t, j, c, want);
}

static void expect_class_error(int rank, int n, int t, int j, int err)
{
    int c = -99;
    int rc = th_meld_class(&c, CANASTA_PRESET_CLASSIC, rank, n, t, j);
    ck_assert_msg(rc == err, "rank %d %d/%d/%d: %s, want %s", rank, n, t, j,
                  canasta_error_name(rc), canasta_error_name(err));
}

START_TEST(test_M5_meld_class_all_classes)
{
    expect_class(13, 0, 0, 0, CANASTA_MELD_NONE);
    expect_class(13, 3, 0, 0, CANASTA_MELD_OPEN);
    expect_class(13, 2, 1, 0, CANASTA_MELD_OPEN);     /* M2: K K 2 */
    expect_class(13, 2, 1, 1, CANASTA_MELD_OPEN);     /* M2: K K Jk 2 */
    expect_class(13, 6, 0, 0, CANASTA_MELD_OPEN);
    expect_class(13, 3, 2, 1, CANASTA_MELD_OPEN);     /* six cards */
    expect_class(13, 7, 0, 0, CANASTA_MELD_NATURAL_CANASTA);
    expect_class(13, 8, 0, 0, CANASTA_MELD_NATURAL_CANASTA);
    expect_class(13, 6, 1, 0, CANASTA_MELD_MIXED_CANASTA);
    expect_class(13, 5, 1, 1, CANASTA_MELD_MIXED_CANASTA);
    expect_class(13, 4, 0, 3, CANASTA_MELD_MIXED_CANASTA);
    expect_class(4, 7, 0, 0, CANASTA_MELD_NATURAL_CANASTA);
    expect_class(14, 7, 1, 0, CANASTA_MELD_MIXED_CANASTA);
}
END_TEST

START_TEST(test_M1_meld_class_illegal_compositions)
{
    expect_class_error(13, 2, 0, 0, CANASTA_E_MELD);  /* two cards */
    expect_class_error(13, 1, 2, 0, CANASTA_E_MELD);  /* one natural */
    expect_class_error(13, 1, 1, 1, CANASTA_E_MELD);  /* M2: Q 2 Jk */
    expect_class_error(13, 0, 2, 1, CANASTA_E_MELD);  /* only wild */
    expect_class_error(13, 2, 2, 2, CANASTA_E_MELD);  /* M2: 4th wild */
    expect_class_error(13, 4, 4, 0, CANASTA_E_MELD);
}
END_TEST

START_TEST(test_M6_meld_class_black_threes)
{
    expect_class(3, 3, 0, 0, CANASTA_MELD_OPEN);
    expect_class(3, 4, 0, 0, CANASTA_MELD_OPEN);
    expect_class_error(3, 2, 1, 0, CANASTA_E_THREES);  /* no wild with 3s */
    expect_class_error(3, 3, 1, 0, CANASTA_E_THREES);
    expect_class_error(3, 3, 0, 1, CANASTA_E_THREES);
    expect_class_error(3, 2, 0, 0, CANASTA_E_THREES);  /* too few */
    expect_class_error(3, 5, 0, 0, CANASTA_E_THREES);  /* only four exist */
}
END_TEST

/* X3: under the three-player rules a meld merged from the partners' two
 * melds keeps every card, so four to six wild cards with at least four
 * naturals is a (mixed) canasta there; every other preset refuses it as
 * M1 does, and X3 keeps refusing what no merge can make. */
START_TEST(test_X3_meld_class_merged_meld_under_three_player_rules)
{
    int c = -99;
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 13, 4, 3,
                                   1), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_MELD_MIXED_CANASTA);
    c = -99;
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 9, 6, 4,
                                   2), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_MELD_MIXED_CANASTA);
    /* The nearest refusals: the same meld in every other preset; three
     * naturals; seven wild cards; black threes. */
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_CLASSIC, 13, 4, 3, 1),
                     CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_TWO_PLAYERS, 13, 4,
                                   3, 1), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_SIX_THREE_SIDES, 13, 4,
                                   3, 1), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_SIX_TWO_SIDES, 13, 4,
                                   3, 1), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 13, 3, 3,
                                   1), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 13, 4, 4,
                                   3), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 3, 4, 3,
                                   1), CANASTA_E_THREES);
    /* Three wild cards or fewer: the same answer as in every preset. */
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 13, 1, 2,
                                   0), CANASTA_E_MELD);
    ck_assert_int_eq(th_meld_class(&c, CANASTA_PRESET_THREE_PLAYERS, 13, 3, 1,
                                   0), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_MELD_OPEN);
}
END_TEST

START_TEST(test_M1_meld_class_rank_outside_four_to_ace)
{
    int c = -99, rc;
    rc = th_meld_class(&c, CANASTA_PRESET_CLASSIC, 2, 3, 0, 0);
    ck_assert_msg(rc == CANASTA_E_MELD || rc == CANASTA_E_ARG, "rank 2: %s",
                  canasta_error_name(rc));
    rc = th_meld_class(&c, CANASTA_PRESET_CLASSIC, 15, 3, 0, 0);
    ck_assert_msg(rc == CANASTA_E_MELD || rc == CANASTA_E_ARG, "rank 15: %s",
                  canasta_error_name(rc));
    rc = th_meld_class(&c, CANASTA_PRESET_CLASSIC, 0, 3, 0, 0);
    ck_assert_msg(rc == CANASTA_E_MELD || rc == CANASTA_E_ARG, "rank 0: %s",
                  canasta_error_name(rc));
}
END_TEST

Suite *suite_scoring(void)
{
    Suite *s = suite_create("scoring");
    TCase *c;

    c = tcase_create("S4");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_S4_worked_example_is_925);
    tcase_add_test(c, test_S4_fewer_items_requested);
    suite_add_tcase(s, c);

    c = tcase_create("S1");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_S1_natural_canasta_500);
    tcase_add_test(c, test_S1_mixed_canasta_300);
    tcase_add_test(c, test_S1_several_canastas_add_up);
    tcase_add_test(c, test_S1_six_cards_earn_no_bonus);
    suite_add_tcase(s, c);

    c = tcase_create("S2");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_S2_going_out_100);
    tcase_add_test(c, test_S2_going_out_concealed_200);
    tcase_add_test(c, test_S2_no_going_out_without_a_canasta);
    tcase_add_test(c, test_S2_bad_went_out_value);
    tcase_add_test(c, test_S2_concealed_going_out_in_a_game);
    tcase_add_test(c, test_S2_hand_score_before_any_hand_ends);
    suite_add_tcase(s, c);

    c = tcase_create("R3");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_R3_red_three_bonus_table);
    tcase_add_test(c, test_R3_red_threes_plus_after_melding);
    tcase_add_test(c, test_R3_red_threes_minus_without_a_meld);
    tcase_add_test(c, test_R3_five_red_threes_refused);
    tcase_add_test(c, test_R3_red_three_in_hand_refused);
    suite_add_tcase(s, c);

    c = tcase_create("E3");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_E3_melded_black_threes_count_five_each);
    tcase_add_test(c, test_E3_black_threes_meld_needs_going_out);
    tcase_add_test(c, test_E3_hand_score_may_be_negative);
    tcase_add_test(c, test_E3_both_partners_hands_count);
    suite_add_tcase(s, c);

    c = tcase_create("input");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_M1_score_input_meld_breaking_M1_refused);
    tcase_add_test(c, test_C2_score_input_more_cards_than_two_packs_refused);
    tcase_add_test(c, test_C2_score_input_melds_and_hand_beyond_two_packs_refused);
    tcase_add_test(c, test_C2_score_input_bad_hand_card_refused);
    suite_add_tcase(s, c);

    c = tcase_create("meld_class");
    tcase_add_test(c, test_M5_meld_class_all_classes);
    tcase_add_test(c, test_M1_meld_class_illegal_compositions);
    tcase_add_test(c, test_M6_meld_class_black_threes);
    tcase_add_test(c, test_M1_meld_class_rank_outside_four_to_ace);
    tcase_add_test(c, test_X3_meld_class_merged_meld_under_three_player_rules);
    suite_add_tcase(s, c);
    return s;
}
