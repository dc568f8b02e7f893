/*
 * Scoring without a game: the inputs canasta_score_side and
 * canasta_meld_class refuse (docs/API.md, "Scoring without a game"), and
 * the scores of inputs next to them that are possible.  Expected totals
 * are added up from E3, V1, S1 and S2 by hand.
 */
#include <string.h>
#include "helpers.h"

static canasta_rules *R;

static void setup(void)
{
    R = NULL;
    ck_assert_int_eq(canasta_rules_create(&R, CANASTA_PRESET_CLASSIC), CANASTA_OK);
}

static void teardown(void)
{
    canasta_rules_free(R);
}

/* Score with a why buffer; the buffer is returned through why. */
static int score(int items[CANASTA_SCORE_ITEMS], char *why, size_t ws,
                 const int *melds, size_t n_melds, const char *hand,
                 int went_out)
{
    uint8_t cards[64];
    size_t n = th_cards(cards, sizeof cards, hand);
    why[0] = '\0';
    return canasta_score_side(items, CANASTA_SCORE_ITEMS, why, ws, R, melds,
                              n_melds, 0, cards, n, went_out);
}

/* The refusal is E_SCORE_INPUT and the reason starts with "ID:". */
static void refused(const int *melds, size_t n_melds, const char *hand,
                    int went_out, const char *rule_id)
{
    int items[CANASTA_SCORE_ITEMS];
    char why[256];
    int rc = score(items, why, sizeof why, melds, n_melds, hand, went_out);
    ck_assert_msg(rc == CANASTA_E_SCORE_INPUT, "got %s (%s)",
                  canasta_error_name(rc), why);
    if (rule_id) {
        size_t k = strlen(rule_id);
        ck_assert_msg(strncmp(why, rule_id, k) == 0 && why[k] == ':',
                      "reason should start with %s: %s", rule_id, why);
    }
}

/* M3: one meld per rank, and only ranks 3..14 meld: twelve rows at most. */
START_TEST(test_M3_score_side_refuses_more_than_twelve_melds)
{
    int melds[13][4];
    for (int i = 0; i < 13; i++) {
        melds[i][0] = 4 + i % 11; /* the 12th and 13th rows repeat ranks */
        melds[i][1] = 3;
        melds[i][2] = 0;
        melds[i][3] = 0;
    }
    refused(&melds[0][0], 13, "", CANASTA_OUT_NONE, "M3");
}
END_TEST

/* M1: a meld is of rank 4 to ace (or black threes); twos and jokers are
 * wild and make no meld of their own. */
START_TEST(test_M1_score_side_refuses_rows_of_ranks_outside_3_to_14)
{
    const int twos[1][4] = { { 2, 3, 0, 0 } };
    const int jokers[1][4] = { { 15, 3, 0, 0 } };
    refused(&twos[0][0], 1, "", CANASTA_OUT_NONE, "M1");
    refused(&jokers[0][0], 1, "", CANASTA_OUT_NONE, "M1");
}
END_TEST

START_TEST(test_score_side_refuses_negative_counts)
{
    const int rows[3][1][4] = {
        { { 9, -1, 0, 0 } }, { { 9, 3, -1, 0 } }, { { 9, 3, 0, -1 } },
    };
    for (int i = 0; i < 3; i++)
        refused(&rows[i][0][0], 1, "", CANASTA_OUT_NONE, NULL);
}
END_TEST

/* M6: black threes meld only as 3 or 4 natural cards. */
START_TEST(test_M6_score_side_refuses_black_three_rows_that_are_no_meld)
{
    const int two_threes[2][4] = { { 13, 7, 0, 0 }, { 3, 2, 0, 0 } };
    const int wild_three[2][4] = { { 13, 7, 0, 0 }, { 3, 3, 1, 0 } };
    refused(&two_threes[0][0], 2, "", CANASTA_OUT_NORMAL, "M6");
    refused(&wild_three[0][0], 2, "", CANASTA_OUT_NORMAL, "M6");
}
END_TEST

/* E3: melded black threes count 5 each.  Seven kings (70 + S1 500),
 * three black threes (15), going out (S2 100): 685. */
START_TEST(test_E3_score_side_counts_melded_black_threes_at_five)
{
    const int melds[2][4] = { { 13, 7, 0, 0 }, { 3, 3, 0, 0 } };
    int items[CANASTA_SCORE_ITEMS];
    char why[128];
    ck_assert_int_eq(score(items, why, sizeof why, &melds[0][0], 2, "",
                           CANASTA_OUT_NORMAL), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 85);
    ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], 100);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 685);
}
END_TEST

/* C2: two packs hold two of each card, eight of each rank and eight twos,
 * and four jokers. */
START_TEST(test_C2_score_side_refuses_more_copies_than_two_packs_hold)
{
    const int three_twos[1][4] = { { 9, 3, 3, 0 } };
    const int nine_twos_row[1][4] = { { 9, 3, 9, 0 } };
    const int five_jokers_row[1][4] = { { 9, 3, 0, 5 } };
    const int three_jokers[1][4] = { { 9, 3, 0, 3 } };
    /* Three copies of the 4h left in hand. */
    refused(NULL, 0, "4h 4h 4h", CANASTA_OUT_NONE, "C2");
    /* Nine twos: three melded and six held (each code twice at most). */
    refused(&three_twos[0][0], 1, "2c 2c 2d 2d 2h 2h", CANASTA_OUT_NONE, "C2");
    /* Five jokers: three melded and two held. */
    refused(&three_jokers[0][0], 1, "Jk Jk", CANASTA_OUT_NONE, "C2");
    /* A row alone with more than the deck has.  (M1 would refuse the row
     * too; C2 says why it cannot even exist.) */
    refused(&nine_twos_row[0][0], 1, "", CANASTA_OUT_NONE, "C2");
    refused(&five_jokers_row[0][0], 1, "", CANASTA_OUT_NONE, "C2");
    /* Two packs hold four black threes (M6 allows 3 or 4 in a meld). */
    const int nine_threes[2][4] = { { 13, 7, 0, 0 }, { 3, 9, 0, 0 } };
    refused(&nine_threes[0][0], 2, "", CANASTA_OUT_NORMAL, "C2");
}
END_TEST

/* S2: went_out is one of CANASTA_OUT_NONE, _NORMAL, _CONCEALED. */
START_TEST(test_S2_score_side_refuses_an_unknown_way_of_going_out)
{
    const int melds[1][4] = { { 13, 7, 0, 0 } };
    refused(&melds[0][0], 1, "", CANASTA_OUT_CONCEALED + 1, "S2");
    refused(&melds[0][0], 1, "", CANASTA_OUT_NONE - 1, "S2");
}
END_TEST

/* G1 with CANASTA_OPT_CANASTAS_TO_GO_OUT = 2: one canasta is not enough
 * to have gone out; with a second one the hand scores.  Seven kings (70 +
 * 500) and five queens with two twos (50 + 40 + mixed 300), going out 100:
 * 1060. */
START_TEST(test_G1_score_side_going_out_needs_the_canastas_of_the_option)
{
    const int one[1][4] = { { 13, 7, 0, 0 } };
    const int two[2][4] = { { 13, 7, 0, 0 }, { 12, 5, 2, 0 } };
    int items[CANASTA_SCORE_ITEMS];
    char why[256];
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_CANASTAS_TO_GO_OUT, 2),
                     CANASTA_OK);
    refused(&one[0][0], 1, "", CANASTA_OUT_NORMAL, "G1");
    ck_assert_int_eq(score(items, why, sizeof why, &one[0][0], 1, "",
                           CANASTA_OUT_NORMAL), CANASTA_E_SCORE_INPUT);
    ck_assert_msg(strstr(why, "2 canastas") != NULL, "why: %s", why);
    /* Not having gone out, one canasta is fine. */
    ck_assert_int_eq(score(items, why, sizeof why, &one[0][0], 1, "",
                           CANASTA_OUT_NONE), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 570);
    ck_assert_int_eq(score(items, why, sizeof why, &two[0][0], 2, "",
                           CANASTA_OUT_NORMAL), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 160);
    ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    ck_assert_int_eq(items[CANASTA_SCORE_MIXED_CANASTAS], 300);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], 100);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 1060);
}
END_TEST

/* A refusal without a why buffer still gives the code (why may be NULL). */
START_TEST(test_score_side_refuses_without_a_why_buffer)
{
    const int melds[1][4] = { { 13, 7, 0, 0 } };
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R,
                                        &melds[0][0], 1, 0, NULL, 0, 9),
                     CANASTA_E_SCORE_INPUT);
}
END_TEST

/* docs/API.md: min(n_items, CANASTA_SCORE_ITEMS) items are written, so a
 * larger array keeps its extra entries.  S4's example: 925. */
START_TEST(test_S4_score_side_writes_at_most_the_known_items)
{
    const int melds[2][4] = { { 13, 7, 0, 0 }, { 14, 3, 0, 0 } };
    const uint8_t left[1] = { CANASTA_CARD(7, CANASTA_CLUBS) };
    int items[CANASTA_SCORE_ITEMS + 3];
    for (int i = 0; i < CANASTA_SCORE_ITEMS + 3; i++)
        items[i] = -777;
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS + 3, NULL, 0,
                                        R, &melds[0][0], 2, 2, left, 1,
                                        CANASTA_OUT_NORMAL), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 925);
    for (int i = CANASTA_SCORE_ITEMS; i < CANASTA_SCORE_ITEMS + 3; i++)
        ck_assert_int_eq(items[i], -777);
}
END_TEST

/* docs/API.md: a negative count, a count above 255 or a rank outside
 * 3..14 is E_ARG; 255 is still a count (M5: any 7+ naturals without a
 * wild card are a natural canasta). */
START_TEST(test_M5_meld_class_counts_are_0_to_255)
{
    int cls = -1;
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 3, -1, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 3, 0, -1), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, -1, 0, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 256, 0, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 3, 256, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 3, 0, 256), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 2, 3, 0, 0), CANASTA_E_ARG);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 15, 3, 0, 0), CANASTA_E_ARG);
    ck_assert_int_eq(cls, -1);
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 255, 0, 0), CANASTA_OK);
    ck_assert_int_eq(cls, CANASTA_MELD_NATURAL_CANASTA);
    /* M1: 255 wild cards are more than 3. */
    ck_assert_int_eq(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, 9, 2, 255, 0), CANASTA_E_MELD);
}
END_TEST

Suite *suite_score_input(void)
{
    Suite *s = suite_create("score_input");
    TCase *c = tcase_create("score_side");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_M3_score_side_refuses_more_than_twelve_melds);
    tcase_add_test(c, test_M1_score_side_refuses_rows_of_ranks_outside_3_to_14);
    tcase_add_test(c, test_score_side_refuses_negative_counts);
    tcase_add_test(c, test_M6_score_side_refuses_black_three_rows_that_are_no_meld);
    tcase_add_test(c, test_E3_score_side_counts_melded_black_threes_at_five);
    tcase_add_test(c, test_C2_score_side_refuses_more_copies_than_two_packs_hold);
    tcase_add_test(c, test_S2_score_side_refuses_an_unknown_way_of_going_out);
    tcase_add_test(c, test_G1_score_side_going_out_needs_the_canastas_of_the_option);
    tcase_add_test(c, test_score_side_refuses_without_a_why_buffer);
    tcase_add_test(c, test_S4_score_side_writes_at_most_the_known_items);
    suite_add_tcase(s, c);

    c = tcase_create("meld_class");
    tcase_add_test(c, test_M5_meld_class_counts_are_0_to_255);
    suite_add_tcase(s, c);
    return s;
}
