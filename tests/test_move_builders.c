/*
 * The move builders and the move comparison (canasta_move_init,
 * canasta_move_add_group, canasta_move_add_card, canasta_move_equal), as
 * docs/API.md ("Moves") describes them: what each refuses, and which fields
 * the comparison looks at.  No game is needed except where a built move
 * is handed to canasta_validate.
 */
#include <string.h>
#include "helpers.h"

/* A move of kind and seat holding one group of rank with cards. */
static void one_group(canasta_move *m, int kind, int seat, int rank,
                      const char *cards)
{
    uint8_t c[CANASTA_GROUP_MAX_CARDS];
    size_t n = th_cards(c, sizeof c, cards);
    int g = -1;
    ck_assert_int_eq(canasta_move_init(m, kind, seat), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_group(&g, m, rank), CANASTA_OK);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(canasta_move_add_card(m, g, c[i]), CANASTA_OK);
}

static int equal(const canasta_move *a, const canasta_move *b)
{
    int eq = -1;
    ck_assert_int_eq(canasta_move_equal(&eq, a, b), CANASTA_OK);
    ck_assert(eq == 0 || eq == 1);
    return eq;
}

START_TEST(test_move_init_refuses_kind_or_seat_that_does_not_fit_a_byte)
{
    canasta_move m;
    ck_assert_int_eq(canasta_move_init(&m, -1, 0), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_move_init(&m, 256, 0), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_move_init(&m, CANASTA_MOVE_DRAW, -1), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_move_init(&m, CANASTA_MOVE_DRAW, 256), CANASTA_E_ARG);
    /* The move is cleared even when refused (docs/API.md). */
    m.ngroups = 5;
    m.card = 33;
    ck_assert_int_eq(canasta_move_init(&m, 300, 0), CANASTA_E_ARG);
    ck_assert_int_eq(m.ngroups, 0);
    ck_assert_int_eq(m.card, 0);
    /* Byte-sized nonsense is accepted here; canasta_validate judges it
     * (DECISIONS 16: an unknown kind is E_MOVE, a seat that does not
     * exist E_SEAT). */
    ck_assert_int_eq(canasta_move_init(&m, 255, 0), CANASTA_OK);
    ck_assert_int_eq(m.kind, 255);
    canasta_game *g = th_new_game(3);
    ck_assert_int_eq(canasta_validate(NULL, 0, g, &m), CANASTA_E_MOVE);
    ck_assert_int_eq(canasta_move_init(&m, CANASTA_MOVE_DRAW, 255), CANASTA_OK);
    ck_assert_int_eq(m.seat, 255);
    ck_assert_int_eq(canasta_validate(NULL, 0, g, &m), CANASTA_E_SEAT);
    canasta_game_free(g);
}
END_TEST

/* M1: melds are of ranks 4 to ace; M6: black threes (rank 3) too.  Twos
 * (rank 2) and jokers (15) are wild and never name a meld. */
START_TEST(test_M1_add_group_refuses_ranks_outside_3_to_14)
{
    static const int bad[] = { -1, 0, 1, 2, 15, 16, 255 };
    canasta_move m;
    int g = -7;
    ck_assert_int_eq(canasta_move_init(&m, CANASTA_MOVE_MELD, 0), CANASTA_OK);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(canasta_move_add_group(&g, &m, bad[i]), CANASTA_E_ARG);
        ck_assert_int_eq(m.ngroups, 0);
        ck_assert_int_eq(g, -7);
    }
    ck_assert_int_eq(canasta_move_add_group(&g, &m, 3), CANASTA_OK);
    ck_assert_int_eq(g, 0);
    ck_assert_int_eq(canasta_move_add_group(&g, &m, 14), CANASTA_OK);
    ck_assert_int_eq(g, 1);
    ck_assert_int_eq(m.groups[1].rank, 14);
}
END_TEST

/* Cards are codes 8..60 (2c .. the joker); 0 is "no card" (C2). */
START_TEST(test_C2_add_card_refuses_codes_that_are_no_card)
{
    static const int bad[] = { -1, 0, 7, 61, 63, 64, 255 };
    canasta_move m;
    int g = -1;
    ck_assert_int_eq(canasta_move_init(&m, CANASTA_MOVE_MELD, 0), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_group(&g, &m, 9), CANASTA_OK);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(canasta_move_add_card(&m, g, bad[i]), CANASTA_E_CARD);
        ck_assert_int_eq(m.groups[g].count, 0);
    }
    /* The lowest and highest codes are cards: 2c and the joker. */
    ck_assert_int_eq(canasta_move_add_card(&m, g, 8), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_card(&m, g, CANASTA_JOKER), CANASTA_OK);
    ck_assert_int_eq(m.groups[g].count, 2);
    /* A negative group index names no group. */
    ck_assert_int_eq(canasta_move_add_card(&m, -1, 36), CANASTA_E_ARG);
    ck_assert_int_eq(m.groups[g].count, 2);
}
END_TEST

START_TEST(test_move_equal_needs_the_same_kind_and_seat)
{
    canasta_move a, b;
    ck_assert_int_eq(canasta_move_init(&a, CANASTA_MOVE_DRAW, 1), CANASTA_OK);
    ck_assert_int_eq(canasta_move_init(&b, CANASTA_MOVE_DRAW, 1), CANASTA_OK);
    ck_assert_int_eq(equal(&a, &b), 1);
    b.seat = 2;
    ck_assert_int_eq(equal(&a, &b), 0);
    b.seat = 1;
    b.kind = CANASTA_MOVE_DECLINE;
    ck_assert_int_eq(equal(&a, &b), 0);
}
END_TEST

/* docs/API.md: fields a kind does not use are ignored. */
START_TEST(test_move_equal_ignores_fields_the_kind_does_not_use)
{
    canasta_move a, b;
    ck_assert_int_eq(canasta_move_init(&a, CANASTA_MOVE_DRAW, 0), CANASTA_OK);
    ck_assert_int_eq(canasta_move_init(&b, CANASTA_MOVE_DRAW, 0), CANASTA_OK);
    b.card = 40;
    b.ngroups = 3;
    b.groups[0].rank = 9;
    b.groups[0].count = 2;
    ck_assert_int_eq(equal(&a, &b), 1);
    /* A discard uses only its card. */
    ck_assert_int_eq(canasta_move_init(&a, CANASTA_MOVE_DISCARD, 0), CANASTA_OK);
    ck_assert_int_eq(canasta_move_init(&b, CANASTA_MOVE_DISCARD, 0), CANASTA_OK);
    a.card = (uint8_t)th_card("7h");
    b.card = (uint8_t)th_card("7h");
    b.ngroups = 2;
    ck_assert_int_eq(equal(&a, &b), 1);
}
END_TEST

/* Suits matter to the move (a discard of the 7h is not one of the 7s),
 * even though they never matter to the rules (C2). */
START_TEST(test_move_equal_discards_of_different_cards_differ)
{
    canasta_move a, b;
    ck_assert_int_eq(canasta_move_init(&a, CANASTA_MOVE_DISCARD, 3), CANASTA_OK);
    ck_assert_int_eq(canasta_move_init(&b, CANASTA_MOVE_DISCARD, 3), CANASTA_OK);
    a.card = (uint8_t)th_card("7h");
    b.card = (uint8_t)th_card("7s");
    ck_assert_int_eq(equal(&a, &b), 0);
}
END_TEST

START_TEST(test_move_equal_groups_must_match_in_number_and_order)
{
    canasta_move a, b;
    int g = -1;
    one_group(&a, CANASTA_MOVE_MELD, 0, 13, "Kc Kd 2h");
    one_group(&b, CANASTA_MOVE_MELD, 0, 13, "2h Kd Kc");
    ck_assert_int_eq(equal(&a, &b), 1); /* cards as a multiset */

    /* One more group in b. */
    ck_assert_int_eq(canasta_move_add_group(&g, &b, 12), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_card(&b, g, th_card("Qc")), CANASTA_OK);
    ck_assert_int_eq(equal(&a, &b), 0);

    /* The same two groups in the other order. */
    ck_assert_int_eq(canasta_move_add_group(&g, &a, 12), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_card(&a, g, th_card("Qc")), CANASTA_OK);
    ck_assert_int_eq(equal(&a, &b), 1);
    canasta_group t = b.groups[0];
    b.groups[0] = b.groups[1];
    b.groups[1] = t;
    ck_assert_int_eq(equal(&a, &b), 0);

    /* Same cards, another rank named for the group. */
    one_group(&a, CANASTA_MOVE_TAKE_PILE, 0, 9, "Jk");
    one_group(&b, CANASTA_MOVE_TAKE_PILE, 0, 10, "Jk");
    ck_assert_int_eq(equal(&a, &b), 0);
    /* A take whose groups[0] is empty (P5: joining the side's meld). */
    one_group(&a, CANASTA_MOVE_TAKE_PILE, 0, 9, "");
    one_group(&b, CANASTA_MOVE_TAKE_PILE, 0, 9, "");
    ck_assert_int_eq(equal(&a, &b), 1);
}
END_TEST

/* A move whose ngroups or group count is beyond the struct's arrays is
 * malformed (E_MOVE); comparing it must not read past the arrays, so it
 * is equal to nothing, not even to a byte-for-byte copy of itself. */
START_TEST(test_move_equal_malformed_moves_are_never_equal)
{
    canasta_move a, b;
    one_group(&a, CANASTA_MOVE_MELD, 0, 9, "9c 9d 9h");
    a.ngroups = CANASTA_MOVE_MAX_GROUPS + 1;
    memcpy(&b, &a, sizeof b);
    ck_assert_int_eq(equal(&a, &b), 0);

    one_group(&a, CANASTA_MOVE_MELD, 0, 9, "9c 9d 9h");
    a.groups[0].count = CANASTA_GROUP_MAX_CARDS + 1;
    memcpy(&b, &a, sizeof b);
    ck_assert_int_eq(equal(&a, &b), 0);
}
END_TEST

Suite *suite_move_builders(void)
{
    Suite *s = suite_create("move_builders");
    TCase *c = tcase_create("builders");
    tcase_add_test(c, test_move_init_refuses_kind_or_seat_that_does_not_fit_a_byte);
    tcase_add_test(c, test_M1_add_group_refuses_ranks_outside_3_to_14);
    tcase_add_test(c, test_C2_add_card_refuses_codes_that_are_no_card);
    suite_add_tcase(s, c);

    c = tcase_create("equal");
    tcase_add_test(c, test_move_equal_needs_the_same_kind_and_seat);
    tcase_add_test(c, test_move_equal_ignores_fields_the_kind_does_not_use);
    tcase_add_test(c, test_move_equal_discards_of_different_cards_differ);
    tcase_add_test(c, test_move_equal_groups_must_match_in_number_and_order);
    tcase_add_test(c, test_move_equal_malformed_moves_are_never_equal);
    suite_add_tcase(s, c);
    return s;
}
