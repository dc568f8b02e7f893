/*
 * M5 decided in one place (issue 19): lib/rulebook.h's CN_CANASTA_CARDS,
 * cn_rule_canasta, cn_rule_completes and cn_rule_canasta_class, and the
 * public answers that ask them.
 *
 *  - the predicates against RULES.md M5 itself ("7 or more cards make a
 *    canasta: natural with no wild card, mixed otherwise"), each at its
 *    edge: 6 cards are none and 7 one, a meld that already was one does
 *    not complete again, one wild card makes a canasta mixed, and so do
 *    the 4 to 6 of an X3 merged meld;
 *  - two consumers that decide it for the caller, canasta_meld_class and
 *    canasta_score_side (S1: 500 natural, 300 mixed), agree with the
 *    predicate for every legal meld of every size up to what a deck
 *    holds, under the classic and the three-player rules (the merged
 *    melds).
 */
#include "helpers.h"
#include "rulebook.h" /* the predicates under test (not installed) */

START_TEST(test_M5_seven_cards_are_a_canasta_six_are_not)
{
    ck_assert_int_eq(CN_CANASTA_CARDS, 7);
    ck_assert_int_eq(cn_rule_canasta(0), 0);
    ck_assert_int_eq(cn_rule_canasta(3), 0);
    ck_assert_int_eq(cn_rule_canasta(6), 0);
    ck_assert_int_eq(cn_rule_canasta(7), 1);
    ck_assert_int_eq(cn_rule_canasta(8), 1);
    ck_assert_int_eq(cn_rule_canasta(15), 1);
}
END_TEST

START_TEST(test_M5_completing_is_reaching_seven_from_below)
{
    ck_assert_int_eq(cn_rule_completes(6, 1), 1);  /* the seventh card */
    ck_assert_int_eq(cn_rule_completes(3, 4), 1);  /* four at once */
    ck_assert_int_eq(cn_rule_completes(0, 7), 1);  /* a new canasta */
    ck_assert_int_eq(cn_rule_completes(0, 8), 1);
    ck_assert_int_eq(cn_rule_completes(5, 1), 0);  /* one short */
    ck_assert_int_eq(cn_rule_completes(3, 3), 0);
    ck_assert_int_eq(cn_rule_completes(6, 0), 0);  /* nothing added */
    ck_assert_int_eq(cn_rule_completes(7, 1), 0);  /* one already */
    ck_assert_int_eq(cn_rule_completes(7, 0), 0);
    ck_assert_int_eq(cn_rule_completes(9, 2), 0);
}
END_TEST

START_TEST(test_M5_a_wild_card_makes_a_canasta_mixed)
{
    ck_assert_int_eq(cn_rule_canasta_class(7, 0),
                     CANASTA_MELD_NATURAL_CANASTA);
    ck_assert_int_eq(cn_rule_canasta_class(10, 0),
                     CANASTA_MELD_NATURAL_CANASTA);
    ck_assert_int_eq(cn_rule_canasta_class(6, 1), CANASTA_MELD_MIXED_CANASTA);
    ck_assert_int_eq(cn_rule_canasta_class(7, 1), CANASTA_MELD_MIXED_CANASTA);
    ck_assert_int_eq(cn_rule_canasta_class(4, 3), CANASTA_MELD_MIXED_CANASTA);
    /* X3: a merged meld may hold 4 to 6 wild cards */
    ck_assert_int_eq(cn_rule_canasta_class(4, 6), CANASTA_MELD_MIXED_CANASTA);
    /* under seven cards: no canasta, natural or not */
    ck_assert_int_eq(cn_rule_canasta_class(6, 0), CANASTA_MELD_NONE);
    ck_assert_int_eq(cn_rule_canasta_class(3, 3), CANASTA_MELD_NONE);
    ck_assert_int_eq(cn_rule_canasta_class(0, 0), CANASTA_MELD_NONE);
}
END_TEST

/* For every legal meld of rank 13 (kings) under preset: the public meld
 * class and the side's canasta scores are those the predicate names. */
static void consumers_agree(int preset)
{
    canasta_rules *rules = NULL;
    ck_assert_int_eq(canasta_rules_create(&rules, preset), CANASTA_OK);
    int legal = 0, canastas = 0;
    for (int n = 0; n <= 8; n++)
        for (int t = 0; t <= 4; t++)
            for (int j = 0; j <= 2; j++) {
                int cls = -1;
                if (canasta_meld_class(&cls, rules, 13, n, t, j) ||
                    cls == CANASTA_MELD_NONE)
                    continue;
                legal++;
                const int kind = cn_rule_canasta_class(n, t + j);
                canastas += kind != CANASTA_MELD_NONE;
                ck_assert_int_eq(cls, kind != CANASTA_MELD_NONE
                                          ? kind : CANASTA_MELD_OPEN);
                const int meld[4] = { 13, n, t, j };
                int items[CANASTA_SCORE_ITEMS];
                ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS,
                                                    NULL, 0, rules, meld, 1,
                                                    0, NULL, 0,
                                                    CANASTA_OUT_NONE),
                                 CANASTA_OK);
                ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS],
                                 kind == CANASTA_MELD_NATURAL_CANASTA ? 500
                                                                      : 0);
                ck_assert_int_eq(items[CANASTA_SCORE_MIXED_CANASTAS],
                                 kind == CANASTA_MELD_MIXED_CANASTA ? 300 : 0);
            }
    /* the loops reach both sides of every edge: not a vacuous pass */
    ck_assert_int_gt(legal, canastas);
    ck_assert_int_gt(canastas, 0);
    canasta_rules_free(rules);
}

START_TEST(test_M5_meld_class_and_scores_ask_the_predicate)
{
    consumers_agree(CANASTA_PRESET_CLASSIC);
    consumers_agree(CANASTA_PRESET_THREE_PLAYERS);
}
END_TEST

/* The X3 merged meld through the public class: 4 naturals and 4 wild
 * cards is a mixed canasta under the three-player rules, and no meld at
 * all under the classic ones (M1: at most 3 wild cards). */
START_TEST(test_M5_a_merged_meld_is_a_mixed_canasta)
{
    int cls = -1;
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_THREE_PLAYERS, 13, 4,
                                   2, 2),
                     CANASTA_OK);
    ck_assert_int_eq(cls, CANASTA_MELD_MIXED_CANASTA);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 13, 4, 2, 2),
                     CANASTA_E_MELD);
}
END_TEST

Suite *suite_canasta_rule(void)
{
    Suite *s = suite_create("canasta_rule");
    TCase *c = tcase_create("M5");
    tcase_add_test(c, test_M5_seven_cards_are_a_canasta_six_are_not);
    tcase_add_test(c, test_M5_completing_is_reaching_seven_from_below);
    tcase_add_test(c, test_M5_a_wild_card_makes_a_canasta_mixed);
    tcase_add_test(c, test_M5_meld_class_and_scores_ask_the_predicate);
    tcase_add_test(c, test_M5_a_merged_meld_is_a_mixed_canasta);
    suite_add_tcase(s, c);
    return s;
}
