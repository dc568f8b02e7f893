/*
 * R3's sign decided once (issue 19: score.c's red3_score): red threes
 * count plus for a side that melded anything in the hand, minus for one
 * that did not (RULES.md R3: 100 each, all four 800).  Its three askers,
 * each on both sides of the rule:
 *
 *  - canasta_score_side (cn_score_parts): one and four red threes, with
 *    a meld and without;
 *  - cn_check_breakdown, which holds a previous hand's items in a
 *    position to the rule: the right sign accepted, the wrong one refused
 *    with R3, with melds and without;
 *  - cn_hand_scores is held to it by the hands played in test_scoring.c
 *    and test_red_threes.c (X3's red threes by their owner).
 */
#include <string.h>
#include "helpers.h"
#include "internal.h" /* cn_check_breakdown, the rules' parameters */

/* The red-three item canasta_score_side gives a side of red red threes,
 * with a meld of three kings or with none. */
static int red_item(const canasta_rules *rules, int red, int melded)
{
    const int kings[4] = { 13, 3, 0, 0 };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0,
                                        rules, kings, melded ? 1 : 0, red,
                                        NULL, 0, CANASTA_OUT_NONE),
                     CANASTA_OK);
    return items[CANASTA_SCORE_RED_THREES];
}

START_TEST(test_R3_score_side_plus_with_a_meld_minus_without)
{
    canasta_rules *rules = NULL;
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(red_item(rules, 1, 1), 100);
    ck_assert_int_eq(red_item(rules, 1, 0), -100);
    ck_assert_int_eq(red_item(rules, 4, 1), 800);
    ck_assert_int_eq(red_item(rules, 4, 0), -800);
    ck_assert_int_eq(red_item(rules, 0, 0), 0);
    canasta_rules_free(rules);
}
END_TEST

/* cn_check_breakdown of a hand ended by the stock: side 0 with melded
 * melded-card points and a red-three item of red, side 1 with nothing. */
static int breakdown(const canasta_rules *rules, int melded, int red,
                     char *why, size_t ws)
{
    int32_t items[2 * CANASTA_SCORE_ITEMS];
    const int lines[2] = { 7, 8 };
    memset(items, 0, sizeof items);
    items[CANASTA_SCORE_MELDED] = melded;
    items[CANASTA_SCORE_RED_THREES] = red;
    items[CANASTA_SCORE_TOTAL] = melded + red;
    why[0] = '\0';
    return cn_check_breakdown(&rules->p, CANASTA_END_STOCK, -1, items, lines,
                              why, ws);
}

/* S3 and R3: a hand's red-three item is scored as R3 says, plus with a
 * meld and minus without. */
START_TEST(test_R3_breakdown_holds_the_sign_to_the_melds)
{
    canasta_rules *rules = NULL;
    char why[256];
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    /* the rule's signs: accepted */
    ck_assert_int_eq(breakdown(rules, 60, 100, why, sizeof why), CANASTA_OK);
    ck_assert_int_eq(breakdown(rules, 0, -100, why, sizeof why), CANASTA_OK);
    ck_assert_int_eq(breakdown(rules, 60, 800, why, sizeof why), CANASTA_OK);
    ck_assert_int_eq(breakdown(rules, 0, -800, why, sizeof why), CANASTA_OK);
    /* the nearest wrong ones: refused, by R3 */
    ck_assert_int_eq(breakdown(rules, 60, -100, why, sizeof why),
                     CANASTA_E_INVALID);
    ck_assert_ptr_nonnull(strstr(why, "R3: side 0"));
    ck_assert_int_eq(breakdown(rules, 0, 100, why, sizeof why),
                     CANASTA_E_INVALID);
    ck_assert_ptr_nonnull(strstr(why, "R3: side 0"));
    ck_assert_int_eq(breakdown(rules, 0, 800, why, sizeof why),
                     CANASTA_E_INVALID);
    ck_assert_ptr_nonnull(strstr(why, "R3: side 0"));
    /* and a bonus no count of red threes has, whatever its sign */
    ck_assert_int_eq(breakdown(rules, 60, 150, why, sizeof why),
                     CANASTA_E_INVALID);
    ck_assert_ptr_nonnull(strstr(why, "R3: side 0"));
    canasta_rules_free(rules);
}
END_TEST

Suite *suite_red3_sign(void)
{
    Suite *s = suite_create("red3_sign");
    TCase *c = tcase_create("R3");
    tcase_add_test(c, test_R3_score_side_plus_with_a_meld_minus_without);
    tcase_add_test(c, test_R3_breakdown_holds_the_sign_to_the_melds);
    suite_add_tcase(s, c);
    return s;
}
