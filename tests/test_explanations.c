/*
 * The sentences a user interface shows as they are (issue 16): the rule
 * IDs they cite, what they say, and that a refused move leaves the game
 * exactly as it was (th_reject_ids_why compares it with a clone taken
 * before; canasta_game_equal).
 *
 *  - P1: a take that names a card of the pile (under the top, or the top
 *    itself) cites P1, with the code E_NOT_IN_HAND it always had; a
 *    refusal by P4 or P5 names a buried card of the top's rank that cannot
 *    help (P1);
 *  - O1: an opening that falls short gives the count, the minimum and the
 *    total it comes from (O3 for a take);
 *  - two rules broken by one move: both named, the first one found (the
 *    order of docs/API.md, canasta_validate) first, with its code:
 *    O1 + M6, O1 + G1 (a meld), O3 + M6, O3 + G1, P4 + O3, P6 + P4,
 *    P6 + P5 (a take), G4 + G1 (a meld after the partner's no);
 *  - every sentence here fits a 256-byte buffer whole, and a smaller
 *    buffer gets the same sentence cut, always terminated.
 *
 * The positions are classic games with seat 3 dealing, so seat 0 (side
 * 0, partner seat 2) is to move; unplaced cards fill the stock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Refused with code, the sentence starting "id:" and naming every rule
 * of also ("M6 G1", space-separated, each as "ID:"), none of not; the
 * game unchanged; the sentence short enough for a 256-byte buffer. */
static void refused(canasta_game *g, const canasta_move *m, int code,
                    const char *id, const char *also, const char *not,
                    char *why, size_t cap)
{
    char buf[512];
    th_reject_ids_why(buf, sizeof buf, g, m, code, id);
    ck_assert_msg(strlen(buf) < 256, "%zu bytes: %s", strlen(buf), buf);
    for (int pass = 0; pass < 2; pass++) {
        const char *list = pass ? not : also;
        for (const char *p = list; p && *p;) {
            char want[8];
            size_t k = strcspn(p, " ");
            ck_assert(k > 0 && k < 6);
            snprintf(want, sizeof want, "%.*s:", (int)k, p);
            ck_assert_msg((strstr(buf, want) != NULL) == !pass,
                          "\"%s\" %s in: %s", want,
                          pass ? "should not be" : "missing", buf);
            p += k;
            p += strspn(p, " ");
        }
    }
    if (why)
        snprintf(why, cap, "%s", buf);
}

/* The common lines of a hand being played, with the turn's and the
 * table's lines given. */
#define HAND1 "hand-number 1", "dealer 3"

/* ---------------------------------------------------------------- */
/* P1: cards of the pile named in a take                              */
/* ---------------------------------------------------------------- */

/* Side 0 has opened (seat 0's aces, an earlier turn); seat 0 is to draw
 * or take.  The pile, bottom first: 5c 9h 9s 5d, so a 5 lies under the
 * top 5d; seat 0 holds one 5 (5h) and a two.  Not frozen (P3: side 0
 * has opened, no wild card, no red three in the pile). */
static const char *const BURIED[] = {
    HAND1, "phase draw", "turn 0", "source none", "melds-this-turn 0",
    "take-extra 0", "permission none", "melded-before-turn 1", "new-melds",
    "seat-melded 1 0 0 0", "totals 0 0", "last-hand none -", "opened 1 0",
    "hand 0 5h 2c Kd Qd Jd 10d 9d", "hand 1 4c 4d 6d 7d", "hand 2 8c 8d",
    "hand 3 Jc Jh", "red-threes 0", "red-threes 1", "red-threes 2",
    "red-threes 3", "meld 0 A: Ac Ad Ah", "stock", "pile 5c 9h 9s 5d",
};

START_TEST(test_P1_take_naming_a_buried_card_cites_P1)
{
    canasta_game *g = th_position_game(NULL, BURIED, N_OF(BURIED));
    canasta_move m;
    char why[256];
    /* The 5c is in the pile, under the top: not in the hand (the code it
     * always had), and only the top card may be used (P1). */
    th_take(&m, g, 0, "5h 5c");
    refused(g, &m, CANASTA_E_NOT_IN_HAND, "P1", NULL, "T1", why,
            sizeof why);
    ck_assert_msg(strstr(why, "5c") && strstr(why, "under the top"), "%s",
                  why);
    /* The top card itself: the take melds it, the move names only hand
     * cards (P1). */
    th_take(&m, g, 0, "5h 5d");
    refused(g, &m, CANASTA_E_NOT_IN_HAND, "P1", NULL, NULL, why,
            sizeof why);
    ck_assert_msg(strstr(why, "5d") && strstr(why, "on top"), "%s", why);
    /* A card that is in neither: the plain T1 sentence, as before. */
    th_take(&m, g, 0, "5h 5s");
    refused(g, &m, CANASTA_E_NOT_IN_HAND, "T1", NULL, "P1", NULL, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P1_P5_buried_card_named_when_the_top_is_not_melded)
{
    /* One 5 from the hand and the top 5 are two cards, no meld (P5); the
     * buried 5c, which a player may count on, cannot help (P1). */
    canasta_game *g = th_position_game(NULL, BURIED, N_OF(BURIED));
    canasta_move m;
    char why[256];
    th_take(&m, g, 0, "5h");
    refused(g, &m, CANASTA_E_PILE_NO_MELD, "P5", "P1", NULL, why,
            sizeof why);
    ck_assert_msg(strstr(why, "5c further down"), "%s", why);
    /* The nearest legal take (P5: a natural and a wild card) is still
     * accepted: the refusal changed nothing. */
    th_do_take(g, 0, "5h 2c");
    canasta_game_free(g);
}
END_TEST

/* The same pile against a side that has not opened (P3: frozen for it):
 * P4, and the buried 5c named (P1).  The top and the 5h are two cards,
 * no meld at all, so no opening is counted (no O3). */
static const char *const BURIED_UNOPENED[] = {
    HAND1, "phase draw", "turn 0", "source none", "melds-this-turn 0",
    "take-extra 0", "permission none", "melded-before-turn 0", "new-melds",
    "seat-melded 0 0 0 0", "totals 0 0", "last-hand none -", "opened 0 0",
    "hand 0 5h 2c Kd Qd Jd 10d 9d", "hand 1 4c 4d 6d 7d", "hand 2 8c 8d",
    "hand 3 Jc Jh", "red-threes 0", "red-threes 1", "red-threes 2",
    "red-threes 3", "stock", "pile 5c 9h 9s 5d",
};

START_TEST(test_P1_P4_buried_card_named_when_the_pile_is_frozen)
{
    canasta_game *g = th_position_game(NULL, BURIED_UNOPENED,
                                       N_OF(BURIED_UNOPENED));
    canasta_move m;
    th_take(&m, g, 0, "5h");
    refused(g, &m, CANASTA_E_PILE_FROZEN, "P4", "P1", "O3", NULL, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* O1: the minimum and the total it comes from                        */
/* ---------------------------------------------------------------- */

/* Side 0 has not opened; seat 0 has drawn and holds K K K (30) and
 * five other cards, so a meld of the kings alone is an opening of 30.
 * totals: the totals line; a total other than 0 needs a later hand (S5:
 * the first starts from 0), here hand 3, after a hand that ended with the
 * stock and scored nothing (hand 2 would have to start from exactly hand
 * 1's score, which that breakdown says was 0). */
static canasta_game *unopened_after_draw(const char *totals)
{
    int first = strcmp(totals, "totals 0 0") == 0;
    const char *const lines[] = {
        first ? "hand-number 1" : "hand-number 3", "dealer 3", "phase play",
        "turn 0", "source stock", "melds-this-turn 0", "take-extra 0",
        "permission none", "melded-before-turn 0", "new-melds",
        "seat-melded 0 0 0 0", totals, "opened 0 0",
        "hand 0 Kc Kd Ks 4c 5d 6h 7s 9c", "hand 1 4d 4h 5s 6d",
        "hand 2 9d 9h", "hand 3 8c 8d", "red-threes 0", "red-threes 1",
        "red-threes 2", "red-threes 3", "stock", "pile 10c",
        first ? "last-hand none -" : "last-hand stock -",
        "last-score 0 0 0 0 0 0 0 0", "last-score 1 0 0 0 0 0 0 0",
    };
    return th_position_game(NULL, lines, N_OF(lines) - (first ? 2 : 0));
}

START_TEST(test_O1_short_opening_names_minimum_and_total)
{
    static const struct {
        const char *totals, *total_text, *minimum;
    } cases[] = {
        { "totals 0 0", "total of 0 ", "at least 50" },
        { "totals -45 0", "total of -45 ", "at least 15" },
        { "totals 1650 0", "total of 1,650 ", "at least 90" },
        { "totals 3000 0", "total of 3,000 ", "at least 120" },
    };
    for (size_t i = 0; i < N_OF(cases); i++) {
        canasta_game *g = unopened_after_draw(cases[i].totals);
        canasta_move m;
        char why[256];
        th_meld(&m, 0, "Kc Kd Ks");
        /* -45 needs 15 (O1): 30 is enough there */
        if (i == 1) {
            th_expect_valid(g, &m);
            canasta_game_free(g);
            continue;
        }
        refused(g, &m, CANASTA_E_OPENING, "O1", NULL, "O2 G1 M6", why,
                sizeof why);
        ck_assert_msg(strstr(why, cases[i].total_text) &&
                      strstr(why, cases[i].minimum) &&
                      strstr(why, "count 30"), "%s", why);
        canasta_game_free(g);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* Two rules broken by one move                                       */
/* ---------------------------------------------------------------- */

/* O1 + M6: black threes (15) and three kings (30) make 45 of the 50 an
 * unopened side needs, and the move would keep four cards, which M6 does
 * not allow with black threes either.  The opening is checked first
 * (E_OPENING); M6 is named after it. */
START_TEST(test_O1_M6_short_opening_with_black_threes_names_both)
{
    static const char *const lines[] = {
        HAND1, "phase play", "turn 0", "source stock", "melds-this-turn 0",
        "take-extra 0", "permission none", "melded-before-turn 0",
        "new-melds", "seat-melded 0 0 0 0", "totals 0 0", "last-hand none -",
        "opened 0 0", "hand 0 3c 3c 3s Kc Kd Ks 9c 5h 6h 7h",
        "hand 1 4d 4h 5s 6d", "hand 2 9d 9h", "hand 3 8c 8d", "red-threes 0",
        "red-threes 1", "red-threes 2", "red-threes 3", "stock", "pile 10c",
    };
    canasta_game *g = th_position_game(NULL, lines, N_OF(lines));
    canasta_move m;
    char why[256];
    th_meld(&m, 0, "3: 3c 3c 3s | Kc Kd Ks");
    refused(g, &m, CANASTA_E_OPENING, "O1", "M6", "G1", why, sizeof why);
    ck_assert_msg(strstr(why, "count 45"), "%s", why);
    canasta_game_free(g);
}
END_TEST

/* O1 + G1: seat 0 holds K K K and a 4; laying the kings (30 of 50) would
 * also leave one card with no canasta on the side (G1).  Keeping two
 * cards, the same short opening breaks O1 alone. */
START_TEST(test_O1_G1_short_opening_leaving_one_card_names_both)
{
    static const char *const lines[] = {
        HAND1, "phase play", "turn 0", "source stock", "melds-this-turn 0",
        "take-extra 0", "permission none", "melded-before-turn 0",
        "new-melds", "seat-melded 0 0 0 0", "totals 0 0", "last-hand none -",
        "opened 0 0", "hand 0 Kc Kd Ks 4c", "hand 1 4d 4h 5s 6d",
        "hand 2 9d 9h", "hand 3 8c 8d", "red-threes 0", "red-threes 1",
        "red-threes 2", "red-threes 3", "stock", "pile 10c",
    };
    canasta_game *g = th_position_game(NULL, lines, N_OF(lines));
    canasta_move m;
    th_meld(&m, 0, "Kc Kd Ks");
    refused(g, &m, CANASTA_E_OPENING, "O1", "G1", "M6", NULL, 0);
    canasta_game_free(g);
    /* with more cards kept: O1 only (unopened_after_draw, total 0) */
    g = unopened_after_draw("totals 0 0");
    refused(g, &m, CANASTA_E_OPENING, "O1", NULL, "G1", NULL, 0);
    canasta_game_free(g);
}
END_TEST

/* Takes by a side that has not opened: the pile is frozen for it (P3),
 * so a natural pair of the top card's rank is needed (P4), and the top
 * card with the hand cards melded must reach the minimum (O3, O1). */
static canasta_game *unopened_take(const char *hand, const char *pile)
{
    const char *const lines[] = {
        HAND1, "phase draw", "turn 0", "source none", "melds-this-turn 0",
        "take-extra 0", "permission none", "melded-before-turn 0",
        "new-melds", "seat-melded 0 0 0 0", "totals 0 0", "last-hand none -",
        "opened 0 0", hand, "hand 1 4d 4h 5s 6d", "hand 2 9d 9h",
        "hand 3 8c 8d", "red-threes 0", "red-threes 1", "red-threes 2",
        "red-threes 3", "stock", pile,
    };
    return th_position_game(NULL, lines, N_OF(lines));
}

/* O3 + M6: K K with the top Kh (30) and three black threes (15): 45 of
 * 50; the take would leave five cards, black threes not going out. */
START_TEST(test_O3_M6_short_take_with_black_threes_names_both)
{
    canasta_game *g = unopened_take("hand 0 Kc Kd 3c 3c 3s 9c 5h 6h 7h",
                                    "pile 4s Kh");
    canasta_move m;
    char why[256];
    th_take(&m, g, 0, "Kc Kd | 3: 3c 3c 3s");
    refused(g, &m, CANASTA_E_OPENING, "O3", "O1 M6", "G1", why, sizeof why);
    ck_assert_msg(strstr(why, "counts 45") && strstr(why, "at least 50"),
                  "%s", why);
    canasta_game_free(g);
}
END_TEST

/* O3 + G1: K K with the top Kh (30) and 5 5 5 (15): 45 of 50, and the
 * take (a pile of the one card) would leave the 4c alone with no canasta
 * on the side. */
START_TEST(test_O3_G1_short_take_leaving_one_card_names_both)
{
    canasta_game *g = unopened_take("hand 0 Kc Kd 5c 5d 5h 4c", "pile Kh");
    canasta_move m;
    th_take(&m, g, 0, "Kc Kd | 5c 5d 5h");
    refused(g, &m, CANASTA_E_OPENING, "O3", "O1 G1", "M6", NULL, 0);
    canasta_game_free(g);
}
END_TEST

/* P4 + O3: one natural king and a two do not take a frozen pile (P4), and
 * with the top Kh they would count 40 of the 50 needed (O3).  P4 is
 * checked first (E_PILE_FROZEN). */
START_TEST(test_P4_O3_frozen_pile_and_short_opening_names_both)
{
    canasta_game *g = unopened_take("hand 0 Kc 2c 9c 5h 6h 7h 8h",
                                    "pile 4s Kh");
    canasta_move m;
    char why[256];
    th_take(&m, g, 0, "Kc 2c");
    refused(g, &m, CANASTA_E_PILE_FROZEN, "P4", "O3", "P5", why,
            sizeof why);
    ck_assert_msg(strstr(why, "count 40 of the 50"), "%s", why);
    canasta_game_free(g);
}
END_TEST

/* P6 with P5 or P4: seat 0 holds one card, the pile holds one.  The one
 * card cannot meld the top 9 either: not frozen (side 0 opened, no meld
 * of 9s): P5; frozen (side 0 not opened): P4.  With a meld of 9s on the
 * side the take would be legal but for P6: P6 alone. */
static canasta_game *one_card(int opened, const char *meld)
{
    const char *const lines[] = {
        HAND1, "phase draw", "turn 0", "source none", "melds-this-turn 0",
        "take-extra 0", "permission none",
        opened ? "melded-before-turn 1" : "melded-before-turn 0",
        "new-melds", opened ? "seat-melded 1 0 0 0" : "seat-melded 0 0 0 0",
        "totals 0 0", "last-hand none -", opened ? "opened 1 0" : "opened 0 0",
        "hand 0 4c", "hand 1 4d 4h 5s 6d", "hand 2 8d 8h", "hand 3 8c Jd",
        "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
        "stock", "pile 9c", meld,
    };
    return th_position_game(NULL, lines, N_OF(lines) - (meld == NULL));
}

START_TEST(test_P6_P5_P4_one_card_take_names_both)
{
    canasta_move m;
    canasta_game *g = one_card(1, "meld 0 A: Ac Ad Ah");
    th_take(&m, g, 0, "");
    refused(g, &m, CANASTA_E_ONE_CARD, "P6", "P5", "P4", NULL, 0);
    canasta_game_free(g);
    g = one_card(0, NULL);
    th_take(&m, g, 0, "");
    refused(g, &m, CANASTA_E_ONE_CARD, "P6", "P4", "P5", NULL, 0);
    canasta_game_free(g);
    g = one_card(1, "meld 0 9: 9d 9h 9s");
    th_take(&m, g, 0, "");
    refused(g, &m, CANASTA_E_ONE_CARD, "P6", NULL, "P4 P5", NULL, 0);
    canasta_game_free(g);
}
END_TEST

/* G4 + G1: the partner said no (seat 0 could go out: the 2c completes
 * the queens, 9 9 9, the 5c discarded).  Melding the 9s with the 2c
 * would leave the 5c alone (G4 forbids it after a no) and the side with
 * no canasta to go out with (G1).  Once the 2c has completed the
 * queens, leaving the 5c breaks G4 alone. */
START_TEST(test_G4_G1_meld_after_no_names_both)
{
    static const char *const lines[] = {
        HAND1, "phase play", "turn 0", "source stock", "melds-this-turn 0",
        "take-extra 0", "permission no", "melded-before-turn 0",
        "new-melds", "seat-melded 0 0 1 0", "totals 0 0", "last-hand none -",
        "opened 1 0", "hand 0 2c 9c 9d 9s 5c", "hand 1 4d 4h 5s 6d",
        "hand 2 9h 8h", "hand 3 8c 8d", "red-threes 0", "red-threes 1",
        "red-threes 2", "red-threes 3", "meld 0 Q: Qc Qc Qd Qd Qh Qs",
        "stock", "pile 10c",
    };
    canasta_game *g = th_position_game(NULL, lines, N_OF(lines));
    canasta_move m;
    th_meld(&m, 0, "9c 9d 9s 2c");
    refused(g, &m, CANASTA_E_GO_OUT, "G4", "G1", NULL, NULL, 0);
    th_do_meld(g, 0, "Q: 2c");
    th_meld(&m, 0, "9c 9d 9s");
    refused(g, &m, CANASTA_E_GO_OUT, "G4", NULL, "G1", NULL, 0);
    canasta_game_free(g);
}
END_TEST

/* The why buffer: cut to why_size and terminated, as before; the second
 * rule's words are cut with the rest, never written past the end. */
START_TEST(test_two_rule_sentence_is_cut_to_the_buffer)
{
    canasta_game *g = unopened_take("hand 0 Kc Kd 5c 5d 5h 4c", "pile Kh");
    canasta_move m;
    char full[512], small[512];
    th_take(&m, g, 0, "Kc Kd | 5c 5d 5h");
    ck_assert_int_eq(canasta_validate(full, sizeof full, g, &m),
                     CANASTA_E_OPENING);
    size_t len = strlen(full);
    const char *also = strstr(full, "; also G1:");
    ck_assert_ptr_nonnull(also);
    size_t first = (size_t)(also - full);
    size_t sizes[] = { 1, 2, 17, first, first + 1, first + 5, len, len + 1 };
    for (size_t i = 0; i < N_OF(sizes); i++) {
        memset(small, 'x', sizeof small);
        ck_assert_int_eq(canasta_validate(small, sizes[i], g, &m),
                         CANASTA_E_OPENING);
        size_t want = sizes[i] - 1 < len ? sizes[i] - 1 : len;
        ck_assert_uint_eq(strlen(small), want);
        ck_assert(memcmp(small, full, want) == 0);
        ck_assert(small[sizes[i]] == 'x'); /* nothing past the size */
    }
    /* size 0: nothing written */
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(canasta_validate(small, 0, g, &m), CANASTA_E_OPENING);
    ck_assert(small[0] == 'x');
    canasta_game_free(g);
}
END_TEST

Suite *suite_explanations(void)
{
    Suite *s = suite_create("explanations");
    TCase *c = tcase_create("P1");
    tcase_add_test(c, test_P1_take_naming_a_buried_card_cites_P1);
    tcase_add_test(c, test_P1_P5_buried_card_named_when_the_top_is_not_melded);
    tcase_add_test(c, test_P1_P4_buried_card_named_when_the_pile_is_frozen);
    suite_add_tcase(s, c);
    c = tcase_create("O1");
    tcase_add_test(c, test_O1_short_opening_names_minimum_and_total);
    suite_add_tcase(s, c);
    c = tcase_create("two_rules");
    tcase_add_test(c, test_O1_M6_short_opening_with_black_threes_names_both);
    tcase_add_test(c, test_O1_G1_short_opening_leaving_one_card_names_both);
    tcase_add_test(c, test_O3_M6_short_take_with_black_threes_names_both);
    tcase_add_test(c, test_O3_G1_short_take_leaving_one_card_names_both);
    tcase_add_test(c, test_P4_O3_frozen_pile_and_short_opening_names_both);
    tcase_add_test(c, test_P6_P5_P4_one_card_take_names_both);
    tcase_add_test(c, test_G4_G1_meld_after_no_names_both);
    tcase_add_test(c, test_two_rule_sentence_is_cut_to_the_buffer);
    suite_add_tcase(s, c);
    return s;
}
