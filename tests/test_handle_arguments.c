/*
 * Arguments of the handle functions that the API documents as refused
 * (docs/API.md): an allocator given by halves, a rules clone that cannot
 * get memory, a card order that is not a deck (C2), meld queries for a
 * rank that cannot be melded (M1), a hand score for a side that does not
 * exist (C1).  Each refusal leaves everything as it was.
 */
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

#define DECK 108

/* An allocator that serves `budget` blocks, then fails. */
typedef struct budget {
    int budget, live;
} budget;

static void *budget_alloc(void *user, size_t size)
{
    budget *b = user;
    if (b->budget == 0)
        return NULL;
    void *p = malloc(size);
    if (p) {
        b->budget--;
        b->live++;
    }
    return p;
}

static void budget_release(void *user, void *ptr)
{
    budget *b = user;
    b->live--;
    free(ptr);
}

/* docs/API.md: both functions or neither, else E_ARG. */
START_TEST(test_allocator_needs_both_functions_or_neither)
{
    budget b = { 10, 0 };
    canasta_rules *r = (canasta_rules *)&b; /* must be overwritten */
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                     budget_alloc, NULL, &b), CANASTA_E_ARG);
    ck_assert_ptr_null(r);
    r = (canasta_rules *)&b;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                     NULL, budget_release, &b), CANASTA_E_ARG);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(b.live, 0);
    ck_assert_int_eq(b.budget, 10);
    /* Neither: the default allocator, as canasta_rules_create. */
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                     NULL, NULL, NULL), CANASTA_OK);
    ck_assert_ptr_nonnull(r);
    canasta_rules_free(r);
}
END_TEST

/* A clone allocates from the original's allocator; when that fails the
 * clone is E_NOMEM, *out is NULL and nothing leaks. */
START_TEST(test_rules_clone_without_memory_is_E_NOMEM)
{
    budget b = { 1, 0 };
    canasta_rules *r = NULL, *copy = (canasta_rules *)&b;
    int v = 0;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                     budget_alloc, budget_release, &b), CANASTA_OK);
    ck_assert_int_eq(b.live, 1);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 2500), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_clone(&copy, r), CANASTA_E_NOMEM);
    ck_assert_ptr_null(copy);
    ck_assert_int_eq(b.live, 1);
    /* With memory again, the clone carries the option (S6 target). */
    b.budget = 1;
    ck_assert_int_eq(canasta_rules_clone(&copy, r), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_get(&v, copy, CANASTA_OPT_TARGET_SCORE), CANASTA_OK);
    ck_assert_int_eq(v, 2500);
    ck_assert_int_eq(b.live, 2);
    canasta_rules_free(copy);
    canasta_rules_free(r);
    ck_assert_int_eq(b.live, 0);
}
END_TEST

/* C2: a deck is codes 8..60, each natural and two twice, four jokers.
 * Anything else is E_DECK and the hand stays as it was dealt. */
START_TEST(test_C2_set_deck_refuses_orders_that_are_no_deck)
{
    canasta_game *g = th_new_game(21), *before = NULL;
    uint8_t deck[DECK + 1], bad[DECK + 1]; /* + 1: the too-long order below */
    size_t n = 0;
    int eq = 0;
    ck_assert_int_eq(canasta_game_deck(deck, DECK, &n, g), CANASTA_OK);
    deck[DECK] = deck[0];
    ck_assert_uint_eq(n, DECK);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);

    static const uint8_t no_card[] = { 0, 7, 61, 63, 255 };
    for (size_t i = 0; i < sizeof no_card; i++) {
        memcpy(bad, deck, sizeof bad);
        bad[50] = no_card[i];
        ck_assert_int_eq(canasta_game_set_deck(g, bad, DECK), CANASTA_E_DECK);
    }
    /* A third copy of one card, in place of another card. */
    memcpy(bad, deck, sizeof bad);
    for (size_t i = 0; i < DECK; i++)
        if (bad[i] != deck[0]) {
            bad[i] = deck[0];
            break;
        }
    ck_assert_int_eq(canasta_game_set_deck(g, bad, DECK), CANASTA_E_DECK);
    /* One card short, or one too many. */
    ck_assert_int_eq(canasta_game_set_deck(g, deck, DECK - 1), CANASTA_E_DECK);
    ck_assert_int_eq(canasta_game_set_deck(g, deck, DECK + 1), CANASTA_E_DECK);

    ck_assert_int_eq(canasta_game_equal(&eq, g, before), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    /* The same cards in another order are a deck. */
    for (size_t i = 0; i < DECK; i++)
        bad[i] = deck[DECK - 1 - i];
    ck_assert_int_eq(canasta_game_set_deck(g, bad, DECK), CANASTA_OK);
    canasta_game_free(before);
    canasta_game_free(g);
}
END_TEST

/* M1/M6: melds are of ranks 3 (black threes) to 14 (aces); asking for the
 * "meld" of twos (2) or jokers (15) is an argument out of range. */
START_TEST(test_M1_meld_queries_refuse_ranks_outside_3_to_14)
{
    canasta_game *g = th_new_game(5);
    int n = -1, t = -1, j = -1;
    uint8_t cards[32];
    size_t k = 99;
    static const int bad[] = { -1, 0, 2, 15, 16 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(canasta_game_meld(&n, &t, &j, g, 0, bad[i]), CANASTA_E_ARG);
        ck_assert_int_eq(canasta_game_meld_cards(cards, sizeof cards, &k, g, 1,
                                                 bad[i]), CANASTA_E_ARG);
    }
    ck_assert_int_eq(n, -1);
    ck_assert_uint_eq(k, 99);
    /* At the start of a hand every legal rank has an empty meld. */
    ck_assert_int_eq(canasta_game_meld(&n, &t, &j, g, 0, 3), CANASTA_OK);
    ck_assert_int_eq(n + t + j, 0);
    ck_assert_int_eq(canasta_game_meld_cards(cards, sizeof cards, &k, g, 1, 14),
                     CANASTA_OK);
    ck_assert_uint_eq(k, 0);
    canasta_game_free(g);
}
END_TEST

/* C1: the classic game has sides 0 and 1.  Side numbers are checked
 * before anything else, so a bad side is E_SIDE even before any hand has
 * been scored (when a good side gets E_PHASE). */
START_TEST(test_C1_hand_score_refuses_sides_that_do_not_exist)
{
    canasta_game *g = th_new_game(9);
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 2),
                     CANASTA_E_SIDE);
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, -1),
                     CANASTA_E_SIDE);
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 1),
                     CANASTA_E_PHASE);
    canasta_game_free(g);
}
END_TEST

/* docs/API.md: min(n_items, CANASTA_SCORE_ITEMS) items are written.  The
 * hand ends by seat 0 going out concealed from its first turn (G3): six
 * kings and the joker (a mixed canasta), four queens, the 4h discarded.
 * Side 0: 150 melded + 300 (S1) + 200 (S2) - 75 held by seat 2 = 575. */
START_TEST(test_E3_hand_score_writes_at_most_the_known_items)
{
    canasta_game *g = th_deal("Kc Kd Kh Ks Kc Kd Qc Qd Qh Jk 4h", NULL,
                              "4d 5d 6d 7d 8d 9d 10d Jd 4s 5s 6s", NULL,
                              NULL, "Qs");
    int items[CANASTA_SCORE_ITEMS + 2];
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Ks Jk");
    th_do_meld(g, 0, "Qc Qd Qh Qs");
    th_do_discard(g, 0, "4h");
    for (int i = 0; i < CANASTA_SCORE_ITEMS + 2; i++)
        items[i] = -777;
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS + 2, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 575);
    ck_assert_int_eq(items[CANASTA_SCORE_ITEMS], -777);
    ck_assert_int_eq(items[CANASTA_SCORE_ITEMS + 1], -777);
    /* Fewer than all: only those. */
    items[1] = -777;
    ck_assert_int_eq(canasta_game_hand_score(items, 1, g, 0), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 150);
    ck_assert_int_eq(items[1], -777);
    canasta_game_free(g);
}
END_TEST

Suite *suite_handle_arguments(void)
{
    Suite *s = suite_create("handle_arguments");
    TCase *c = tcase_create("rules");
    tcase_add_test(c, test_allocator_needs_both_functions_or_neither);
    tcase_add_test(c, test_rules_clone_without_memory_is_E_NOMEM);
    suite_add_tcase(s, c);

    c = tcase_create("game");
    tcase_add_test(c, test_C2_set_deck_refuses_orders_that_are_no_deck);
    tcase_add_test(c, test_M1_meld_queries_refuse_ranks_outside_3_to_14);
    tcase_add_test(c, test_C1_hand_score_refuses_sides_that_do_not_exist);
    tcase_add_test(c, test_E3_hand_score_writes_at_most_the_known_items);
    suite_add_tcase(s, c);
    return s;
}
