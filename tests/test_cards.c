/*
 * Cards and the deal: rules C1-C7 and V1 (docs/RULES.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

#define DECK 108

static canasta_rules *classic(void)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    return r;
}

static canasta_game *seeded(const canasta_rules *r, uint64_t seed)
{
    canasta_game *g = NULL;
    ck_assert_int_eq(canasta_game_create(&g, r, seed), CANASTA_OK);
    return g;
}

static int dealer_of(const canasta_game *g)
{
    int d = -1;
    ck_assert_int_eq(canasta_game_dealer(&d, g), CANASTA_OK);
    return d;
}

static int hand_number(const canasta_game *g)
{
    int n = -1;
    ck_assert_int_eq(canasta_game_hand_number(&n, g), CANASTA_OK);
    return n;
}

/* Copies of each code in one classic deck. */
static int copies_in_deck(int code)
{
    if (code == CANASTA_JOKER)
        return 4;
    if (code >= 8 && code < 60)
        return 2;
    return 0;
}

/* A full deck whose first cards are prefix[0..np); the rest follow in
 * ascending code order. */
static void deck_with_prefix(uint8_t *deck, const uint8_t *prefix, size_t np)
{
    int left[CANASTA_CARD_LIMIT];
    size_t i, k = 0;
    int c;

    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        left[c] = copies_in_deck(c);
    for (i = 0; i < np; i++) {
        ck_assert_int_gt(left[prefix[i]], 0);
        left[prefix[i]]--;
        deck[k++] = prefix[i];
    }
    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        while (left[c]-- > 0)
            deck[k++] = (uint8_t)c;
    ck_assert_uint_eq(k, DECK);
}

/* 44 hand cards without red threes or wild cards: 4c 4c 4d 4d ... 9d 9d
 * (codes 16..37, two copies each). */
static void plain_hand_cards(uint8_t *out)
{
    int i;
    for (i = 0; i < 44; i++)
        out[i] = (uint8_t)(16 + i / 2);
}

static int cmp_u8(const void *a, const void *b)
{
    return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b;
}

static void assert_hand(const canasta_game *g, int seat, uint8_t *expect,
                        size_t n)
{
    uint8_t got[32];
    size_t gn = 0, i;
    ck_assert_int_eq(canasta_game_hand(got, 32, &gn, g, seat), CANASTA_OK);
    ck_assert_uint_eq(gn, n);
    qsort(expect, n, 1, cmp_u8);
    for (i = 0; i < n; i++)
        ck_assert_int_eq(got[i], expect[i]);
}

/* ---------------------------------------------------------------- C1 */

START_TEST(test_C1_partners_sit_opposite)
{
    canasta_game *g = th_deal("", "", "", "", NULL, NULL);
    int seat, side;
    for (seat = 0; seat < 4; seat++) {
        side = -1;
        ck_assert_int_eq(canasta_game_seat_side(&side, g, seat), CANASTA_OK);
        ck_assert_int_eq(side, seat % 2);
    }
    ck_assert_int_eq(canasta_game_seat_side(&side, g, 4), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_seat_side(&side, g, -1), CANASTA_E_SEAT);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C1_turn_passes_to_the_left)
{
    canasta_game *g = th_deal("9c", "9d", "9h", "9s", NULL, NULL);
    static const char *const mine[4] = { "9c", "9d", "9h", "9s" };
    int s;

    for (s = 0; s < 4; s++) {
        ck_assert_int_eq(th_seat(g), s);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
        th_do_draw(g, s);
        ck_assert_int_eq(th_seat(g), s);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
        th_do_discard(g, s, mine[s]);
    }
    /* after seat 3 the turn comes back to seat 0 */
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C1_seat_out_of_turn_is_rejected)
{
    canasta_game *g = th_deal("", "", "", "", NULL, NULL);
    canasta_move m;
    /* seat 0 is to move; its right-hand neighbour (3) and partner (2)
     * may not play */
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject_ids(g, &m, CANASTA_E_TURN, "C1 T1");
    th_move(&m, CANASTA_MOVE_DRAW, 2);
    th_reject_ids(g, &m, CANASTA_E_TURN, "C1 T1");
    th_do_draw(g, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- C2 */

START_TEST(test_C2_deck_is_two_packs_and_four_jokers)
{
    canasta_rules *r = classic();
    int v = -1;
    ck_assert_int_eq(canasta_rules_get(&v, r, CANASTA_OPT_DECK_SIZE), CANASTA_OK);
    ck_assert_int_eq(v, 108);
    ck_assert_int_eq(canasta_rules_get(&v, r, CANASTA_OPT_PACKS), CANASTA_OK);
    ck_assert_int_eq(v, 2);
    ck_assert_int_eq(canasta_rules_get(&v, r, CANASTA_OPT_JOKERS), CANASTA_OK);
    ck_assert_int_eq(v, 4);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C2_dealt_deck_holds_each_card_as_often_as_two_packs)
{
    canasta_rules *r = classic();
    uint64_t seed;
    for (seed = 1; seed <= 5; seed++) {
        canasta_game *g = seeded(r, seed * 7919u);
        uint8_t d[DECK + 4];
        int count[CANASTA_CARD_LIMIT] = { 0 };
        size_t n = 0, i;
        int c;
        ck_assert_int_eq(canasta_game_deck(d, sizeof d, &n, g), CANASTA_OK);
        ck_assert_uint_eq(n, DECK);
        for (i = 0; i < n; i++) {
            ck_assert_int_lt(d[i], CANASTA_CARD_LIMIT);
            count[d[i]]++;
        }
        for (c = 0; c < CANASTA_CARD_LIMIT; c++)
            ck_assert_msg(count[c] == copies_in_deck(c),
                          "code %d: %d copies", c, count[c]);
        th_assert_cards_accounted(g);
        canasta_game_free(g);
    }
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C2_cards_accounted_after_play)
{
    canasta_game *g = th_deal("9c 3h", "9d", "", "", "Jk 5c", NULL);
    th_assert_cards_accounted(g);
    th_do_draw(g, 0);
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9d");
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C2_set_deck_rejects_an_incomplete_deck)
{
    canasta_rules *r = classic();
    canasta_game *g = seeded(r, 99), *before = NULL;
    uint8_t d[DECK];
    int eq = 0;
    deck_with_prefix(d, NULL, 0);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    /* one card short */
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK - 1), CANASTA_E_DECK);
    /* a third copy of the 4 of clubs instead of a 5 of clubs */
    ck_assert_int_eq(d[24], CANASTA_CARD(5, CANASTA_CLUBS));
    d[24] = CANASTA_CARD(4, CANASTA_CLUBS);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_E_DECK);
    /* a fifth joker instead of an ace of spades */
    deck_with_prefix(d, NULL, 0);
    ck_assert_int_eq(d[DECK - 5], CANASTA_CARD(14, CANASTA_SPADES));
    d[DECK - 5] = CANASTA_JOKER;
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_E_DECK);
    ck_assert_int_eq(canasta_game_equal(&eq, before, g), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    /* the complete deck is accepted */
    deck_with_prefix(d, NULL, 0);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_OK);
    th_assert_cards_accounted(g);
    canasta_game_free(before);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* ---------------------------------------------------------------- C3 */

START_TEST(test_C3_same_seed_same_first_dealer)
{
    canasta_rules *r = classic();
    uint64_t seed;
    for (seed = 0; seed < 20; seed++) {
        canasta_game *a = seeded(r, seed), *b = seeded(r, seed);
        ck_assert_int_eq(dealer_of(a), dealer_of(b));
        canasta_game_free(a);
        canasta_game_free(b);
    }
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C3_every_seat_deals_first_for_some_seed)
{
    canasta_rules *r = classic();
    int seen[4] = { 0, 0, 0, 0 }, s;
    uint64_t seed;
    for (seed = 1; seed <= 200; seed++) {
        canasta_game *g = seeded(r, seed);
        int d = dealer_of(g);
        ck_assert_int_ge(d, 0);
        ck_assert_int_lt(d, 4);
        seen[d]++;
        canasta_game_free(g);
    }
    /* with a fair choice each seat deals about 50 times in 200 */
    for (s = 0; s < 4; s++)
        ck_assert_msg(seen[s] >= 20, "seat %d dealt %d times", s, seen[s]);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C3_player_left_of_dealer_starts)
{
    canasta_rules *r = classic();
    uint64_t seed;
    for (seed = 1; seed <= 40; seed++) {
        canasta_game *g = seeded(r, seed);
        ck_assert_int_eq(th_seat(g), (dealer_of(g) + 1) % 4);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
        canasta_game_free(g);
    }
    canasta_rules_free(r);
}
END_TEST

/* Seat 0 (left of dealer 3) goes out at once: draw, meld 7 kings and 4
 * queens, discard the drawn 5. */
static canasta_game *hand_played_out(void)
{
    canasta_game *g = th_deal("Kc Kc Kd Kd Kh Kh Ks Qc Qc Qd Qd", "", "", "",
                              NULL, "5c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | Qc Qc Qd Qd");
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    return g;
}

START_TEST(test_C3_deal_passes_left_after_next_hand)
{
    canasta_game *g = hand_played_out();
    canasta_move m;
    int n0 = hand_number(g), s;
    ck_assert_int_eq(dealer_of(g), 3);
    /* the next dealer (left of 3, seat 0) starts the next hand */
    ck_assert_int_eq(th_seat(g), 0);
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 0);
    th_ok(g, &m);
    ck_assert_int_eq(dealer_of(g), 0);
    ck_assert_int_eq(hand_number(g), n0 + 1);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    for (s = 0; s < 4; s++)
        ck_assert_int_eq(th_hand_size(g, s), 11);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C3_next_hand_only_by_next_dealer_after_hand_end)
{
    canasta_game *g = th_deal("", "", "", "", NULL, NULL);
    canasta_move m;
    /* the hand has not ended */
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 0);
    th_err(g, &m, CANASTA_E_PHASE);
    canasta_game_free(g);

    g = hand_played_out();
    /* seat 1 is not the next dealer */
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 1);
    th_err(g, &m, CANASTA_E_TURN);
    ck_assert_int_eq(dealer_of(g), 3);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- C4 */

START_TEST(test_C4_eleven_cards_each_rest_is_stock)
{
    canasta_rules *r = classic();
    uint64_t seed;
    for (seed = 1; seed <= 30; seed++) {
        canasta_game *g = seeded(r, seed * 31u);
        int s, reds = 0;
        for (s = 0; s < 4; s++) {
            ck_assert_int_eq(th_hand_size(g, s), 11);
            reds += th_red_three_count(g, s);
        }
        /* pile = the upcards; each red three laid out took a replacement */
        ck_assert_int_eq(th_stock_size(g), DECK - 44 - th_pile_size(g) - reds);
        canasta_game_free(g);
    }
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C4_plain_deal_leaves_63_in_stock)
{
    canasta_game *g = th_deal("", "", "", "", "8c", NULL);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_stock_size(g), 108 - 44 - 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C4_deal_one_card_at_a_time_from_left_of_dealer)
{
    canasta_rules *r = classic();
    canasta_game *g = seeded(r, 5);
    uint8_t pre[45], d[DECK], got[DECK], exp[11];
    size_t n = 0;
    int dealer = dealer_of(g), k, j, top = -1;

    plain_hand_cards(pre);
    pre[44] = 38; /* 9h, the upcard */
    deck_with_prefix(d, pre, 45);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_OK);
    ck_assert_int_eq(canasta_game_deck(got, DECK, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, DECK);
    ck_assert_int_eq(memcmp(got, d, DECK), 0);
    for (k = 0; k < 4; k++) {
        for (j = 0; j < 11; j++)
            exp[j] = d[k + 4 * j];
        assert_hand(g, (dealer + 1 + k) % 4, exp, 11);
    }
    ck_assert_int_eq(canasta_game_pile_top(&top, g), CANASTA_OK);
    ck_assert_int_eq(top, 38);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_stock_size(g), DECK - 45);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C4_set_deck_refused_after_first_move)
{
    canasta_game *g = th_deal("", "", "", "", NULL, NULL), *before = NULL;
    uint8_t d[DECK];
    int eq = 0;
    th_do_draw(g, 0);
    deck_with_prefix(d, NULL, 0);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_E_NOT_FRESH);
    ck_assert_int_eq(canasta_game_equal(&eq, before, g), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    canasta_game_free(before);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C4_hand_size_option_changes_the_deal)
{
    canasta_rules *r = classic();
    int lo = -1, hi = -1, k;
    ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, r, CANASTA_OPT_HAND_SIZE),
                     CANASTA_OK);
    ck_assert_int_le(lo, 11);
    ck_assert_int_ge(hi, 11);
    for (k = 0; k < 2; k++) {
        int size = k == 0 ? lo : hi, s, reds = 0;
        canasta_game *g;
        ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_HAND_SIZE, size), CANASTA_OK);
        g = seeded(r, 2024);
        for (s = 0; s < 4; s++) {
            ck_assert_int_eq(th_hand_size(g, s), size);
            reds += th_red_three_count(g, s);
        }
        ck_assert_int_eq(th_stock_size(g),
                         DECK - 4 * size - th_pile_size(g) - reds);
        th_assert_cards_accounted(g);
        canasta_game_free(g);
    }
    canasta_rules_free(r);
}
END_TEST

/* ---------------------------------------------------------------- C5 */

START_TEST(test_C5_joker_upcard_is_covered_and_freezes)
{
    canasta_game *g = th_deal("", "", "", "", "Jk 5c", NULL);
    uint8_t p[8];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_pile(p, 8, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(p[0], CANASTA_JOKER);
    ck_assert_int_eq(p[1], th_card("5c"));
    ck_assert_int_eq(th_pile_top(g), th_card("5c"));
    ck_assert(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_WILD);
    ck_assert(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_WILD);
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_BLOCKED_WILD, 0);
    ck_assert_int_eq(th_stock_size(g), 108 - 44 - 2);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_two_upcard_is_covered_and_freezes)
{
    canasta_game *g = th_deal("", "", "", "", "2h 8d", NULL);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_pile_top(g), th_card("8d"));
    ck_assert(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_WILD);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_red_three_upcards_covered_repeatedly)
{
    canasta_game *g = th_deal("", "", "", "", "3h 3d 6c", NULL);
    ck_assert_int_eq(th_pile_size(g), 3);
    ck_assert_int_eq(th_pile_top(g), th_card("6c"));
    ck_assert(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_RED_THREE);
    ck_assert(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_RED_THREE);
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_WILD, 0);
    /* the pile's red threes are nobody's yet */
    ck_assert_int_eq(th_red_three_count(g, 0) + th_red_three_count(g, 1)
                     + th_red_three_count(g, 2) + th_red_three_count(g, 3),
                     0);
    ck_assert_int_eq(th_stock_size(g), 108 - 44 - 3);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_black_three_upcard_not_covered)
{
    canasta_game *g = th_deal("", "", "", "", "3s", NULL);
    int f = th_pile_status(g, 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_pile_top(g), th_card("3s"));
    ck_assert(f & CANASTA_PILE_BLOCKED_BLACK_THREE);
    ck_assert_int_eq(f & (CANASTA_PILE_FROZEN_WILD
                          | CANASTA_PILE_FROZEN_RED_THREE), 0);
    ck_assert_int_eq(th_stock_size(g), 108 - 44 - 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_plain_upcard_neither_covered_nor_frozen_by_wild)
{
    canasta_game *g = th_deal("", "", "", "", "7d", NULL);
    int f = th_pile_status(g, 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(f & (CANASTA_PILE_FROZEN_WILD
                          | CANASTA_PILE_FROZEN_RED_THREE
                          | CANASTA_PILE_BLOCKED_WILD
                          | CANASTA_PILE_BLOCKED_BLACK_THREE), 0);
    /* nobody has opened yet: frozen for both sides (P3) */
    ck_assert(f & CANASTA_PILE_FROZEN_UNOPENED);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_black_three_upcard_blocks_the_pile)
{
    canasta_game *g = th_deal("3c 3c Ac Ad Ah", "", "", "", "3s", NULL);
    canasta_move m;
    th_take(&m, g, 0, "3c 3c | Ac Ad Ah");
    th_reject_ids(g, &m, CANASTA_E_PILE_BLOCKED, "P2");
    th_do_draw(g, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C5_covered_wild_upcard_needs_natural_pair)
{
    /* the covered joker freezes the pile: one 5 with a two is not enough,
     * two natural 5s are */
    canasta_game *g = th_deal("5d 5h 2c Ac Ad Ah", "", "", "", "Jk 5c", NULL);
    canasta_move m;
    th_take(&m, g, 0, "5d 2c | Ac Ad Ah");
    th_reject_ids(g, &m, CANASTA_E_PILE_FROZEN, "P4 P3");
    th_do_take(g, 0, "5d 5h | Ac Ad Ah");
    ck_assert_int_eq(th_pile_size(g), 0);
    /* the buried joker came into the hand */
    ck_assert_int_eq(th_count_in_hand(g, 0, "Jk"), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 11 - 5 + 1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- C6 */

START_TEST(test_C6_dealt_red_threes_laid_out_and_replaced)
{
    /* full hands, so that no filler card is a 7 */
    canasta_game *g = th_deal("3h 3d 9c 9d 10c 10d Jc Jd Qc Qd Kc",
                              "3h 9h 9s 10h 10s Jh Js Qh Qs Kh Ks", "", "",
                              NULL, "7c 7d 7h");
    ck_assert_int_eq(th_red_three_count(g, 0), 2);
    ck_assert_int_eq(th_red_three_count(g, 1), 1);
    ck_assert_int_eq(th_red_three_count(g, 2), 0);
    ck_assert_int_eq(th_red_three_count(g, 3), 0);
    ck_assert_int_eq(th_hand_size(g, 0), 11);
    ck_assert_int_eq(th_hand_size(g, 1), 11);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3h"), 0);
    ck_assert_int_eq(th_count_in_hand(g, 0, "3d"), 0);
    ck_assert_int_eq(th_count_in_hand(g, 1, "3h"), 0);
    /* seat 0 (left of the dealer) is served first from the stock top */
    ck_assert_int_eq(th_count_in_hand(g, 0, "7c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "7d"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "7h"), 0);
    ck_assert_int_eq(th_count_in_hand(g, 1, "7h"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 1, "7c") + th_count_in_hand(g, 1, "7d"), 0);
    ck_assert_int_eq(th_stock_size(g), 108 - 44 - 1 - 3);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_C6_replacement_red_three_is_replaced_again)
{
    canasta_rules *r = classic();
    canasta_game *g = seeded(r, 17);
    uint8_t pre[47], d[DECK], exp[11], rt[4];
    size_t n = 0;
    int dealer = dealer_of(g), first = (dealer + 1) % 4, j;

    plain_hand_cards(pre);
    pre[0] = 14;   /* 3h to the first seat's first card (a 4c moves out) */
    pre[44] = 38;  /* 9h upcard */
    pre[45] = 13;  /* 3d: the first replacement, itself a red three */
    pre[46] = 16;  /* 4c: the second replacement */
    deck_with_prefix(d, pre, 47);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_OK);

    ck_assert_int_eq(canasta_game_red_threes(rt, 4, &n, g, first), CANASTA_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(rt[0], 13);
    ck_assert_int_eq(rt[1], 14);
    exp[0] = 16;
    for (j = 1; j < 11; j++)
        exp[j] = d[4 * j];
    assert_hand(g, first, exp, 11);
    ck_assert_int_eq(th_stock_size(g), DECK - 47);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C6_red_three_cannot_be_discarded)
{
    canasta_game *g = th_deal("3h", "", "", "", NULL, NULL);
    canasta_move m;
    th_do_draw(g, 0);
    th_discard(&m, 0, "3h");
    th_reject_ids(g, &m, CANASTA_E_NOT_IN_HAND, "T2");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- C7 */

static void hand_of(uint8_t *c, size_t *n, const canasta_game *g, int seat)
{
    ck_assert_int_eq(canasta_game_hand(c, 32, n, g, seat), CANASTA_OK);
}

START_TEST(test_C7_same_seed_same_deal)
{
    canasta_rules *r = classic();
    canasta_game *a = seeded(r, 123456789u), *b = seeded(r, 123456789u);
    uint8_t da[DECK], db[DECK], ha[32], hb[32];
    size_t na = 0, nb = 0;
    int s;
    ck_assert_int_eq(canasta_game_deck(da, DECK, &na, a), CANASTA_OK);
    ck_assert_int_eq(canasta_game_deck(db, DECK, &nb, b), CANASTA_OK);
    ck_assert_uint_eq(na, DECK);
    ck_assert_uint_eq(nb, DECK);
    ck_assert_int_eq(memcmp(da, db, DECK), 0);
    for (s = 0; s < 4; s++) {
        hand_of(ha, &na, a, s);
        hand_of(hb, &nb, b, s);
        ck_assert_uint_eq(na, nb);
        ck_assert_int_eq(memcmp(ha, hb, na), 0);
    }
    ck_assert_int_eq(th_pile_top(a), th_pile_top(b));
    canasta_game_free(a);
    canasta_game_free(b);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C7_different_seeds_deal_differently)
{
    canasta_rules *r = classic();
    canasta_game *a = seeded(r, 1000), *b = seeded(r, 1001);
    uint8_t da[DECK], db[DECK];
    size_t na = 0, nb = 0;
    ck_assert_int_eq(canasta_game_deck(da, DECK, &na, a), CANASTA_OK);
    ck_assert_int_eq(canasta_game_deck(db, DECK, &nb, b), CANASTA_OK);
    ck_assert_int_ne(memcmp(da, db, DECK), 0);
    canasta_game_free(a);
    canasta_game_free(b);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_C7_second_hand_follows_from_seed_too)
{
    /* two games from one seed, both played out the same way, deal the
     * same second hand; it differs from the first hand's deck */
    canasta_game *a = hand_played_out(), *b = hand_played_out();
    canasta_move m;
    uint8_t da[DECK], db[DECK], first[DECK];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_deck(first, DECK, &n, a), CANASTA_OK);
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 0);
    th_ok(a, &m);
    th_ok(b, &m);
    ck_assert_int_eq(canasta_game_deck(da, DECK, &n, a), CANASTA_OK);
    ck_assert_int_eq(canasta_game_deck(db, DECK, &n, b), CANASTA_OK);
    ck_assert_int_eq(memcmp(da, db, DECK), 0);
    ck_assert_int_ne(memcmp(da, first, DECK), 0);
    canasta_game_free(a);
    canasta_game_free(b);
}
END_TEST


/* A reference implementation of the documented shuffle, written from its
 * description (docs/API.md "Shuffle details"; lib/deal.c's comments):
 *  - stream k: xoshiro256** whose state is the first four splitmix64
 *    outputs from the start value seed XOR (k * 0xD1B54A32D192ED03);
 *    k = 0 draws the first dealer, k = h shuffles hand h (the first hand
 *    is hand 1);
 *  - a number below n: the top 32 bits of an output, redrawn while they
 *    fall at or above 2^32 - (2^32 mod n), then taken mod n;
 *  - unshuffled deck: pack by pack, clubs 2..A, diamonds, hearts, spades,
 *    then the pack's two jokers; Fisher-Yates from the last position down
 *    to 1, swapping position i with a position below i + 1;
 *  - the first dealer: a number below 4 from stream 0. */
typedef struct { uint64_t s[4]; } ref_rng;

static uint64_t ref_splitmix(uint64_t *x)
{
    uint64_t z;
    *x += 0x9E3779B97F4A7C15ULL;
    z = *x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t ref_rotl(uint64_t v, unsigned k)
{
    return (v << k) | (v >> (64u - k));
}

static uint64_t ref_next(ref_rng *r)
{
    uint64_t out = ref_rotl(r->s[1] * 5u, 7) * 9u;
    uint64_t t = r->s[1] << 17;
    r->s[2] ^= r->s[0];
    r->s[3] ^= r->s[1];
    r->s[1] ^= r->s[2];
    r->s[0] ^= r->s[3];
    r->s[2] ^= t;
    r->s[3] = ref_rotl(r->s[3], 45);
    return out;
}

static void ref_stream(ref_rng *r, uint64_t seed, uint64_t k)
{
    uint64_t x = seed ^ (k * 0xD1B54A32D192ED03ULL);
    int i;
    for (i = 0; i < 4; i++)
        r->s[i] = ref_splitmix(&x);
}

static uint32_t ref_below(ref_rng *r, uint32_t n)
{
    const uint64_t span = (uint64_t)1 << 32;
    const uint64_t limit = span - span % n;
    for (;;) {
        uint64_t v = ref_next(r) >> 32;
        if (v < limit)
            return (uint32_t)(v % n);
    }
}

static void ref_deck(uint8_t *deck, uint64_t seed, uint64_t hand)
{
    ref_rng r;
    int pack, suit, rank, i, k = 0;
    for (pack = 0; pack < 2; pack++) {
        for (suit = 0; suit < 4; suit++)
            for (rank = 2; rank <= 14; rank++)
                deck[k++] = (uint8_t)CANASTA_CARD(rank, suit);
        deck[k++] = CANASTA_JOKER;
        deck[k++] = CANASTA_JOKER;
    }
    ck_assert_int_eq(k, DECK);
    ref_stream(&r, seed, hand);
    for (i = DECK - 1; i > 0; i--) {
        int j = (int)ref_below(&r, (uint32_t)(i + 1));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

static int ref_dealer(uint64_t seed)
{
    ref_rng r;
    ref_stream(&r, seed, 0);
    return (int)ref_below(&r, 4);
}

START_TEST(test_C7_reference_generators_match_published_vectors)
{
    /* splitmix64's published outputs for start value 1234567, and the
     * first output from 0 */
    uint64_t x = 1234567;
    ref_rng r;
    ck_assert(ref_splitmix(&x) == 6457827717110365317ULL);
    ck_assert(ref_splitmix(&x) == 3203168211198807973ULL);
    ck_assert(ref_splitmix(&x) == 9817491932198370423ULL);
    x = 0;
    ck_assert(ref_splitmix(&x) == 0xE220A8397B1DCDAFULL);
    /* xoshiro256** from state {1,2,3,4}, worked out by hand:
     * rotl(2*5,7)*9 = 11520; then s1 = 0 gives 0; then s1 = 262149 gives
     * rotl(1310745,7)*9 = 1509978240 */
    r.s[0] = 1; r.s[1] = 2; r.s[2] = 3; r.s[3] = 4;
    ck_assert(ref_next(&r) == 11520u);
    ck_assert(ref_next(&r) == 0u);
    ck_assert(ref_next(&r) == 1509978240u);
}
END_TEST

START_TEST(test_C7_golden_deal_for_seed_42)
{
    canasta_rules *r = classic();
    static const uint64_t seeds[] = { 42, 0, 1, 0xFFFFFFFFFFFFFFFFULL,
                                      0x0123456789ABCDEFULL };
    size_t i;
    for (i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        canasta_game *g = seeded(r, seeds[i]);
        uint8_t want[DECK], got[DECK];
        size_t n = 0, k;
        int hn = hand_number(g);
        ck_assert_int_eq(hn, 1);
        ref_deck(want, seeds[i], (uint64_t)hn);
        ck_assert_int_eq(canasta_game_deck(got, DECK, &n, g), CANASTA_OK);
        ck_assert_uint_eq(n, DECK);
        for (k = 0; k < DECK; k++)
            ck_assert_msg(got[k] == want[k], "seed %llu card %u: %d, want %d",
                          (unsigned long long)seeds[i], (unsigned)k, got[k],
                          want[k]);
        ck_assert_int_eq(dealer_of(g), ref_dealer(seeds[i]));
        canasta_game_free(g);
    }
    canasta_rules_free(r);
}
END_TEST


START_TEST(test_C7_golden_second_hand_for_seed_42)
{
    /* hand 1 of seed 42 is replaced by a deck in which the first seat
     * holds K x7 + Q x4 and draws the 9s: it goes out at once.  Hand 2 is
     * then shuffled from the seed and the hand number alone. */
    static const uint8_t kq[11] = { 52, 52, 53, 53, 54, 54, 55, 48, 48, 49, 49 };
    canasta_rules *r = classic();
    canasta_game *g = seeded(r, 42);
    uint8_t pre[46], d[DECK], want[DECK], got[DECK];
    size_t n = 0;
    int dealer = dealer_of(g), first = (dealer + 1) % 4, i, k = 0;
    canasta_move m;

    for (i = 0; i < 44; i++) {
        if (i % 4 == 0)
            pre[i] = kq[i / 4];
        else {
            pre[i] = (uint8_t)(16 + k / 2);   /* 4c 4c 4d 4d ... */
            k++;
        }
    }
    pre[44] = 38;  /* 9h upcard */
    pre[45] = 39;  /* 9s, drawn by the first seat */
    deck_with_prefix(d, pre, 46);
    ck_assert_int_eq(canasta_game_set_deck(g, d, DECK), CANASTA_OK);
    th_do_draw(g, first);
    th_do_meld(g, first, "Kc Kc Kd Kd Kh Kh Ks | Qc Qc Qd Qd");
    th_do_discard(g, first, "9s");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_move(&m, CANASTA_MOVE_NEXT_HAND, first);
    th_ok(g, &m);
    ck_assert_int_eq(hand_number(g), 2);
    ck_assert_int_eq(dealer_of(g), first);
    ref_deck(want, 42, 2);
    ck_assert_int_eq(canasta_game_deck(got, DECK, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, DECK);
    for (i = 0; i < DECK; i++)
        ck_assert_msg(got[i] == want[i], "card %d: %d, want %d", i, got[i], want[i]);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* ---------------------------------------------------------------- V1 */

static int expected_value(int code)
{
    int rank = code / 4, suit = code % 4;
    if (code == CANASTA_JOKER)
        return 50;
    if (rank == 14 || rank == 2)
        return 20;
    if (rank >= 8)
        return 10;
    if (rank >= 4)
        return 5;
    /* threes: black 5, red no card value */
    return (suit == CANASTA_CLUBS || suit == CANASTA_SPADES) ? 5 : 0;
}

START_TEST(test_V1_card_values_for_every_code)
{
    int code;
    for (code = 8; code <= 60; code++)
        ck_assert_msg(canasta_card_value(code) == expected_value(code),
                      "code %d: value %d", code, canasta_card_value(code));
    /* spot checks written out */
    ck_assert_int_eq(canasta_card_value(th_card("Jk")), 50);
    ck_assert_int_eq(canasta_card_value(th_card("As")), 20);
    ck_assert_int_eq(canasta_card_value(th_card("2d")), 20);
    ck_assert_int_eq(canasta_card_value(th_card("Kh")), 10);
    ck_assert_int_eq(canasta_card_value(th_card("8c")), 10);
    ck_assert_int_eq(canasta_card_value(th_card("7s")), 5);
    ck_assert_int_eq(canasta_card_value(th_card("4d")), 5);
    ck_assert_int_eq(canasta_card_value(th_card("3c")), 5);
    ck_assert_int_eq(canasta_card_value(th_card("3s")), 5);
    ck_assert_int_eq(canasta_card_value(th_card("3d")), 0);
    ck_assert_int_eq(canasta_card_value(th_card("3h")), 0);
}
END_TEST

START_TEST(test_V1_rank_suit_and_wildness)
{
    int code;
    for (code = 8; code < 60; code++) {
        ck_assert_int_eq(canasta_card_rank(code), code / 4);
        ck_assert_int_eq(canasta_card_suit(code), code % 4);
        ck_assert_int_eq(canasta_card_is_wild(code), code / 4 == 2);
    }
    ck_assert_int_eq(canasta_card_rank(CANASTA_JOKER), CANASTA_RANK_JOKER);
    ck_assert_int_eq(canasta_card_suit(CANASTA_JOKER), 0);
    ck_assert_int_eq(canasta_card_is_wild(CANASTA_JOKER), 1);
}
END_TEST

START_TEST(test_V1_melded_values_in_scoring)
{
    canasta_rules *r = classic();
    /* one meld per rank from 4 to ace, three naturals each; the fours
     * also hold a two and a joker: 4 4 4 2 Jk */
    int melds[11][4], items[CANASTA_SCORE_ITEMS], i, expect = 0;
    for (i = 0; i < 11; i++) {
        melds[i][0] = 4 + i;
        melds[i][1] = 3;
        melds[i][2] = 0;
        melds[i][3] = 0;
    }
    melds[0][2] = 1;
    melds[0][3] = 1;
    /* 4-7: 15 each; 8-K: 30 each; A: 60; plus 2 (20) and joker (50) */
    expect = 4 * 15 + 6 * 30 + 60 + 20 + 50;
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, r,
                                        &melds[0][0], 11, 0, NULL, 0,
                                        CANASTA_OUT_NONE), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], expect);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], expect);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_V1_hand_values_in_scoring)
{
    canasta_rules *r = classic();
    static const char *const texts[] = { "Jk", "Ad", "2s", "Kc", "10h", "8s",
                                         "7d", "4c", "3c", "3s" };
    static const int values[] = { 50, 20, 20, 10, 10, 10, 5, 5, 5, 5 };
    int items[CANASTA_SCORE_ITEMS];
    size_t i;
    for (i = 0; i < sizeof values / sizeof values[0]; i++) {
        uint8_t h = (uint8_t)th_card(texts[i]);
        ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0,
                                            r, NULL, 0, 0, &h, 1,
                                            CANASTA_OUT_NONE), CANASTA_OK);
        ck_assert_msg(items[CANASTA_SCORE_IN_HAND] == -values[i],
                      "%s in hand: %d", texts[i], items[CANASTA_SCORE_IN_HAND]);
        ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], -values[i]);
    }
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_V1_card_text_round_trip_every_code)
{
    static const char *const ranks[] = { "", "", "2", "3", "4", "5", "6",
        "7", "8", "9", "10", "J", "Q", "K", "A" };
    static const char suits[] = "cdhs";
    int code, back;
    char buf[8], want[8];
    for (code = 8; code <= 60; code++) {
        if (code == CANASTA_JOKER)
            strcpy(want, "Jk");
        else
            sprintf(want, "%s%c", ranks[code / 4], suits[code % 4]);
        memset(buf, 'x', sizeof buf);
        ck_assert_int_eq(canasta_card_to_string(buf, sizeof buf, code), CANASTA_OK);
        ck_assert_msg(strcmp(buf, want) == 0, "code %d printed as %s", code, buf);
        back = -1;
        ck_assert_int_eq(canasta_card_from_string(&back, buf, (size_t)-1), CANASTA_OK);
        ck_assert_int_eq(back, code);
    }
}
END_TEST

START_TEST(test_V1_card_text_aliases_and_case)
{
    ck_assert_int_eq(th_card("Ts"), CANASTA_CARD(10, CANASTA_SPADES));
    ck_assert_int_eq(th_card("10s"), CANASTA_CARD(10, CANASTA_SPADES));
    ck_assert_int_eq(th_card("qD"), CANASTA_CARD(12, CANASTA_DIAMONDS));
    ck_assert_int_eq(th_card("7H"), CANASTA_CARD(7, CANASTA_HEARTS));
    ck_assert_int_eq(th_card("JK"), CANASTA_JOKER);
    ck_assert_int_eq(th_card("jk"), CANASTA_JOKER);
    ck_assert_int_eq(th_card("Jc"), CANASTA_CARD(11, CANASTA_CLUBS));
    ck_assert_int_eq(th_card("ah"), CANASTA_CARD(14, CANASTA_HEARTS));
}
END_TEST

START_TEST(test_V1_invalid_codes_give_E_CARD)
{
    static const int bad[] = { 0, 7, 61, -1, 255, 63, 64, 1 };
    size_t i;
    char buf[8];
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c = bad[i];
        ck_assert_msg(canasta_card_value(c) == CANASTA_E_CARD, "value %d", c);
        ck_assert_msg(canasta_card_rank(c) == CANASTA_E_CARD, "rank %d", c);
        ck_assert_msg(canasta_card_suit(c) == CANASTA_E_CARD, "suit %d", c);
        ck_assert_msg(canasta_card_is_wild(c) == CANASTA_E_CARD, "wild %d", c);
        ck_assert_msg(canasta_card_to_string(buf, sizeof buf, c) == CANASTA_E_CARD,
                      "to_string %d", c);
    }
}
END_TEST

START_TEST(test_V1_bad_text_gives_E_PARSE)
{
    static const char *const bad[] = { "", "7", "7x", "1c", "Zc", "Jx",
                                       "7hh", "h7", "0s", "15c", "Jkk" };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c = -1;
        ck_assert_msg(canasta_card_from_string(&c, bad[i], (size_t)-1) == CANASTA_E_PARSE,
                      "\"%s\" was accepted", bad[i]);
    }
}
END_TEST

/* A card's text given by its length: only those bytes count (what follows
 * them is never read as part of the card), and a NUL inside them is not
 * a card.  card_from_string on a heap copy of exactly n bytes of text (no NUL
 * after them), so that check-asan sees any read past the length. */
static int card_of(int *card, const char *text, size_t n)
{
    char *exact = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(exact);
    memcpy(exact, text, n);
    int rc = canasta_card_from_string(card, exact, n);
    free(exact);
    return rc;
}

START_TEST(test_V1_card_text_by_length)
{
    int c = -1;
    ck_assert_int_eq(card_of(&c, "7hXYZ", 2), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_CARD(7, CANASTA_HEARTS));
    ck_assert_int_eq(card_of(&c, "10s!", 3), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_CARD(10, CANASTA_SPADES));
    ck_assert_int_eq(card_of(&c, "Jkk", 2), CANASTA_OK);
    ck_assert_int_eq(c, CANASTA_JOKER);
    /* The nearest refusals: the length cuts a card short; a NUL inside
     * it; nothing at all; one byte too many. */
    c = -1;
    ck_assert_int_eq(card_of(&c, "10s", 2), CANASTA_E_PARSE);
    ck_assert_int_eq(card_of(&c, "7\0h", 3), CANASTA_E_PARSE);
    ck_assert_int_eq(card_of(&c, "7h", 0), CANASTA_E_PARSE);
    ck_assert_int_eq(card_of(&c, "7hXY", 3), CANASTA_E_PARSE);
    ck_assert_int_eq(c, -1); /* untouched by a refusal */
}
END_TEST

START_TEST(test_V1_card_text_needs_room_for_three_chars_and_nul)
{
    char buf[8];
    ck_assert_int_eq(canasta_card_to_string(buf, 3, th_card("7h")),
                     CANASTA_E_BUFFER);
    ck_assert_int_eq(canasta_card_to_string(buf, 4, th_card("10s")),
                     CANASTA_OK);
    ck_assert_str_eq(buf, "10s");
}
END_TEST

Suite *suite_cards(void)
{
    Suite *s = suite_create("cards");
    TCase *c;

    c = tcase_create("C1");
    tcase_add_test(c, test_C1_partners_sit_opposite);
    tcase_add_test(c, test_C1_turn_passes_to_the_left);
    tcase_add_test(c, test_C1_seat_out_of_turn_is_rejected);
    suite_add_tcase(s, c);

    c = tcase_create("C2");
    tcase_add_test(c, test_C2_deck_is_two_packs_and_four_jokers);
    tcase_add_test(c, test_C2_dealt_deck_holds_each_card_as_often_as_two_packs);
    tcase_add_test(c, test_C2_cards_accounted_after_play);
    tcase_add_test(c, test_C2_set_deck_rejects_an_incomplete_deck);
    suite_add_tcase(s, c);

    c = tcase_create("C3");
    tcase_add_test(c, test_C3_same_seed_same_first_dealer);
    tcase_add_test(c, test_C3_every_seat_deals_first_for_some_seed);
    tcase_add_test(c, test_C3_player_left_of_dealer_starts);
    tcase_add_test(c, test_C3_deal_passes_left_after_next_hand);
    tcase_add_test(c, test_C3_next_hand_only_by_next_dealer_after_hand_end);
    suite_add_tcase(s, c);

    c = tcase_create("C4");
    tcase_add_test(c, test_C4_eleven_cards_each_rest_is_stock);
    tcase_add_test(c, test_C4_plain_deal_leaves_63_in_stock);
    tcase_add_test(c, test_C4_deal_one_card_at_a_time_from_left_of_dealer);
    tcase_add_test(c, test_C4_set_deck_refused_after_first_move);
    tcase_add_test(c, test_C4_hand_size_option_changes_the_deal);
    suite_add_tcase(s, c);

    c = tcase_create("C5");
    tcase_add_test(c, test_C5_joker_upcard_is_covered_and_freezes);
    tcase_add_test(c, test_C5_two_upcard_is_covered_and_freezes);
    tcase_add_test(c, test_C5_red_three_upcards_covered_repeatedly);
    tcase_add_test(c, test_C5_black_three_upcard_not_covered);
    tcase_add_test(c, test_C5_plain_upcard_neither_covered_nor_frozen_by_wild);
    tcase_add_test(c, test_C5_black_three_upcard_blocks_the_pile);
    tcase_add_test(c, test_C5_covered_wild_upcard_needs_natural_pair);
    suite_add_tcase(s, c);

    c = tcase_create("C6");
    tcase_add_test(c, test_C6_dealt_red_threes_laid_out_and_replaced);
    tcase_add_test(c, test_C6_replacement_red_three_is_replaced_again);
    tcase_add_test(c, test_C6_red_three_cannot_be_discarded);
    suite_add_tcase(s, c);

    c = tcase_create("C7");
    tcase_add_test(c, test_C7_same_seed_same_deal);
    tcase_add_test(c, test_C7_different_seeds_deal_differently);
    tcase_add_test(c, test_C7_second_hand_follows_from_seed_too);
    tcase_add_test(c, test_C7_reference_generators_match_published_vectors);
    tcase_add_test(c, test_C7_golden_deal_for_seed_42);
    tcase_add_test(c, test_C7_golden_second_hand_for_seed_42);
    suite_add_tcase(s, c);

    c = tcase_create("V1");
    tcase_add_test(c, test_V1_card_values_for_every_code);
    tcase_add_test(c, test_V1_rank_suit_and_wildness);
    tcase_add_test(c, test_V1_melded_values_in_scoring);
    tcase_add_test(c, test_V1_hand_values_in_scoring);
    tcase_add_test(c, test_V1_card_text_round_trip_every_code);
    tcase_add_test(c, test_V1_card_text_aliases_and_case);
    tcase_add_test(c, test_V1_invalid_codes_give_E_CARD);
    tcase_add_test(c, test_V1_bad_text_gives_E_PARSE);
    tcase_add_test(c, test_V1_card_text_by_length);
    tcase_add_test(c, test_V1_card_text_needs_room_for_three_chars_and_nul);
    suite_add_tcase(s, c);
    return s;
}
