/*
 * Games for 2, 3 and 6 players: rules X2, X3 and X6 of RULES.md (with the
 * classic rules they modify: C1-C6, T1, R1-R3, O1, M3, G1, G4, E1, E2,
 * S6).
 *
 * Every deal is crafted with th_game() and every drawn card is listed at
 * the stock top, so the numbers below follow from the rules by hand (the
 * arithmetic is in the comments).  Where a hand is left to the filler,
 * the cards left in it are valued with th_held_value (V1 written out from
 * RULES.md in tests/helpers.c), never with the engine's table.
 *
 * Seats: the dealer is always the last seat, so seat 0 moves first (C3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

/* ---------------------------------------------------------------- */
/* Helpers                                                            */
/* ---------------------------------------------------------------- */

static canasta_rules *rules_of(int preset)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);
    return r;
}

static int rules_opt(const canasta_rules *r, int key)
{
    int v = -12345;
    ck_assert_int_eq(canasta_rules_get(&v, r, key), CANASTA_OK);
    return v;
}

static int game_opt(const canasta_game *g, int key)
{
    int v = -12345;
    ck_assert_int_eq(canasta_game_option(&v, g, key), CANASTA_OK);
    return v;
}

static int rules_min(const canasta_rules *r, int total)
{
    int m = -1;
    ck_assert_int_eq(canasta_rules_opening_minimum(&m, r, total), CANASTA_OK);
    return m;
}

static int red_bonus(const canasta_rules *r, int count)
{
    int b = -1;
    ck_assert_int_eq(canasta_rules_red_three_bonus(&b, r, count), CANASTA_OK);
    return b;
}

/* A crafted deal of a preset; the dealer is the last seat. */
static canasta_game *deal_preset(int preset, const char *const hands[],
                                 const char *up, const char *stock)
{
    canasta_rules *r = rules_of(preset);
    int players = rules_opt(r, CANASTA_OPT_PLAYERS);
    canasta_game *g = th_game(r, players - 1, hands, up, stock);
    canasta_rules_free(r);
    return g;
}

/* As deal_preset, from a rules object the caller changed. */
static canasta_game *deal_rules(const canasta_rules *r,
                                const char *const hands[], const char *up,
                                const char *stock)
{
    int players = rules_opt(r, CANASTA_OPT_PLAYERS);
    return th_game(r, players - 1, hands, up, stock);
}

static int seat_side(const canasta_game *g, int seat)
{
    int s = -1;
    ck_assert_int_eq(canasta_game_seat_side(&s, g, seat), CANASTA_OK);
    return s;
}

static int lone(const canasta_game *g)
{
    int s = -7;
    ck_assert_int_eq(canasta_game_lone_hand(&s, g), CANASTA_OK);
    return s;
}

static int minimum(const canasta_game *g, int side)
{
    int m = -1;
    ck_assert_int_eq(canasta_game_opening_minimum(&m, g, side), CANASTA_OK);
    return m;
}

static void set_totals3(canasta_game *g, int a, int b, int c)
{
    int t[3];
    t[0] = a;
    t[1] = b;
    t[2] = c;
    th_set_totals(g, t);
}

static void set_totals2(canasta_game *g, int a, int b)
{
    int t[2];
    t[0] = a;
    t[1] = b;
    th_set_totals(g, t);
}

static void canastas(const canasta_game *g, int side, int nat, int mixed)
{
    int n = -1, m = -1;
    ck_assert_int_eq(canasta_game_canastas(&n, &m, g, side), CANASTA_OK);
    ck_assert_int_eq(n, nat);
    ck_assert_int_eq(m, mixed);
}

static void do_simple(canasta_game *g, int kind, int seat)
{
    canasta_move m;
    th_move(&m, kind, seat);
    th_ok(g, &m);
}

/* An event of the last move. */
typedef struct {
    int kind, seat, side, value, detail;
    size_t n;
    uint8_t cards[256];
} ev_t;

static size_t event_count(const canasta_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(canasta_game_event_count(&n, g), CANASTA_OK);
    return n;
}

static void get_event(ev_t *e, const canasta_game *g, size_t i)
{
    memset(e, 0, sizeof *e);
    ck_assert_int_eq(canasta_game_event(&e->kind, &e->seat, &e->side,
                                        &e->value, &e->detail, e->cards,
                                        sizeof e->cards, &e->n, g, i),
                     CANASTA_OK);
}

/* Index of the first event of kind at or after from, or -1. */
static int find_event(ev_t *e, const canasta_game *g, int kind, size_t from)
{
    size_t n = event_count(g);
    for (size_t i = from; i < n; i++) {
        get_event(e, g, i);
        if (e->kind == kind)
            return (int)i;
    }
    return -1;
}

static int count_events(const canasta_game *g, int kind)
{
    ev_t e;
    int k = 0;
    size_t n = event_count(g);
    for (size_t i = 0; i < n; i++) {
        get_event(&e, g, i);
        k += e.kind == kind;
    }
    return k;
}

static int cards_contain(const ev_t *e, const char *card)
{
    int c = th_card(card), k = 0;
    for (size_t i = 0; i < e->n; i++)
        k += e->cards[i] == c;
    return k;
}

/* Is a move of this kind among the legal moves? */
static int legal_has(const canasta_game *g, int kind)
{
    th_movelist ml = { NULL, 0, 0 };
    int found = 0;
    th_list_moves(&ml, g);
    for (size_t i = 0; i < ml.n; i++)
        found |= ml.v[i].kind == kind;
    free(ml.v);
    return found;
}

static int winner(const canasta_game *g)
{
    int w = -7;
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_OK);
    return w;
}

/* ================================================================ */
/* X2: two players                                                    */
/* ================================================================ */

/* Seat 0: seven kings, six queens, two nines; seat 1: nothing that goes
 * together but three aces.  Seat 1 holds Ac Ad Ah (60) + 4h 5h 6h 7h (20)
 * + 8h 10h Jh (30) + 4s 5s 6s 7s (20) + 8s (10) = 140. */
static const char *const X2_HANDS[2] = {
    "Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh Qs Qc Qd 9c 9d",
    "Ac Ad Ah 4h 5h 6h 7h 8h 10h Jh 4s 5s 6s 7s 8s",
};

START_TEST(test_X2_defaults)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_TWO_PLAYERS);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_PLAYERS), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_SIDES), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_HAND_SIZE), 15);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DRAW_COUNT), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_CANASTAS_TO_GO_OUT), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_TARGET_SCORE), 5000);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DECK_SIZE), 108);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_LONE_HAND), 0);
    canasta_rules_free(r);

    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, NULL, NULL,
                                  NULL);
    /* X2: 15 cards each; stock 108 - 2 x 15 - 1 upcard = 77. */
    ck_assert_int_eq(th_hand_size(g, 0), 15);
    ck_assert_int_eq(th_hand_size(g, 1), 15);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_stock_size(g), 77);
    /* Each player is a side of their own. */
    ck_assert_int_eq(seat_side(g, 0), 0);
    ck_assert_int_eq(seat_side(g, 1), 1);
    ck_assert_int_eq(lone(g), -1);
    ck_assert_int_eq(game_opt(g, CANASTA_OPT_TARGET_SCORE), 5000);
    ck_assert_int_eq(th_seat(g), 0); /* dealer 1: seat 0 starts (C3) */
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X2_draw_takes_two_cards)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS,
                                  "Jc", "10d 6d 10c 6c");
    ev_t e;
    th_do_draw(g, 0);
    /* Two cards: 15 + 2 = 17 in hand, 77 - 2 = 75 in the stock. */
    ck_assert_int_eq(th_hand_size(g, 0), 17);
    ck_assert_int_eq(th_count_in_hand(g, 0, "10d"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "6d"), 1);
    ck_assert_int_eq(th_stock_size(g), 75);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_ge(find_event(&e, g, CANASTA_EVENT_DRAW, 0), 0);
    ck_assert_int_eq(e.seat, 0);
    ck_assert_int_eq((int)e.n, 2);
    ck_assert_int_eq(cards_contain(&e, "10d"), 1);
    ck_assert_int_eq(cards_contain(&e, "6d"), 1);
    /* One discard ends the turn: 16 left. */
    th_do_discard(g, 0, "6d");
    ck_assert_int_eq(th_hand_size(g, 0), 16);
    ck_assert_int_eq(th_seat(g), 1);
    th_do_draw(g, 1);
    ck_assert_int_eq(th_hand_size(g, 1), 17);
    ck_assert_int_eq(th_count_in_hand(g, 1, "10c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 1, "6c"), 1);
    ck_assert_int_eq(th_stock_size(g), 73);
    canasta_game_free(g);
}
END_TEST

/* X2 + R1: a red three among the two drawn cards is laid out and replaced,
 * wherever it lies in the draw. */
START_TEST(test_X2_red_three_among_drawn_cards_replaced)
{
    static const char *const stocks[2] = { "3h 10d 6d", "10d 3h 6d" };
    for (int k = 0; k < 2; k++) {
        canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS,
                                      "Jc", stocks[k]);
        uint8_t r3[8];
        size_t n = 0;
        th_do_draw(g, 0);
        /* Two cards reach the hand (10d, 6d), the 3h is laid out: hand
         * 15 + 2 = 17, stock 77 - 3 = 74. */
        ck_assert_int_eq(th_hand_size(g, 0), 17);
        ck_assert_int_eq(th_count_in_hand(g, 0, "10d"), 1);
        ck_assert_int_eq(th_count_in_hand(g, 0, "6d"), 1);
        ck_assert_int_eq(th_count_in_hand(g, 0, "3h"), 0);
        ck_assert_int_eq(th_stock_size(g), 74);
        ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 0),
                         CANASTA_OK);
        ck_assert_int_eq((int)n, 1);
        ck_assert_int_eq(r3[0], th_card("3h"));
        ck_assert_int_eq(th_red_three_count(g, 1), 0);
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
        th_assert_cards_accounted(g);
        canasta_game_free(g);
    }
}
END_TEST

/* X2 + E1: with one stock card left, drawing it is the whole draw. */
START_TEST(test_X2_last_stock_card_is_a_full_draw)
{
    canasta_move m;
    ev_t e;
    /* All four red threes are turned up under the 9c (C5), so none is in
     * the stock: 108 - 30 - 5 = 73 stock cards. */
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, NULL,
                                  "3d 3d 3h 3h 9c", NULL);
    ck_assert_int_eq(th_stock_size(g), 73);
    /* 36 turns of two cards leave one: (73 - 1) / 2 = 36, and after an
     * even number of turns seat 0 is to draw again. */
    th_drain_stock(g, 1);
    ck_assert_int_eq(th_stock_size(g), 1);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    int before = th_hand_size(g, 0);
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), before + 1);
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(find_event(&e, g, CANASTA_EVENT_DRAW, 0) >= 0, 1);
    ck_assert_int_eq((int)e.n, 1);
    /* The draw is complete: the player goes on to meld or discard. */
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    th_move(&m, CANASTA_MOVE_DRAW, 0);
    ck_assert_int_ne(canasta_validate(NULL, 0, g, &m), CANASTA_OK);
    uint8_t hand[64];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_hand(hand, sizeof hand, &n, g, 0),
                     CANASTA_OK);
    th_move(&m, CANASTA_MOVE_DISCARD, 0);
    m.card = hand[0];
    th_ok(g, &m);
    ck_assert_int_eq(th_hand_size(g, 0), before);
    ck_assert_int_eq(th_seat(g), 1);
    /* E1: seat 1 cannot draw from the empty stock. */
    th_move(&m, CANASTA_MOVE_DRAW, 1);
    ck_assert_int_ne(canasta_validate(NULL, 0, g, &m), CANASTA_OK);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* X2 + E2: a two-card draw whose second card is the last stock card and a
 * red three: it is laid out and the hand ends at once. */
START_TEST(test_X2_red_three_as_last_stock_card_ends_hand)
{
    /* Three red threes under the 9c upcard: the fourth (a 3h) is the only
     * red three left and the filler puts it at the bottom of the stock.
     * Stock 108 - 30 - 4 = 74. */
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, NULL,
                                  "3d 3d 3h 9c", NULL);
    ck_assert_int_eq(th_stock_size(g), 74);
    th_drain_stock(g, 2); /* (74 - 2) / 2 = 36 turns: seat 0 again */
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_red_three_count(g, 0), 0);
    int before = th_hand_size(g, 0);
    th_do_draw(g, 0);
    /* First card to the hand, then the 3h: laid out, nothing to replace
     * it, the hand is over (E2). */
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_RED_THREE, -1);
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    ck_assert_int_eq(th_hand_size(g, 0), before + 1);
    /* Nobody melded: seat 0's red three counts -100 for seat 0 alone; the
     * cards in hand count against their holder only. */
    int h0 = th_held_value(g, 0), h1 = th_held_value(g, 1);
    th_expect_items(g, 0, 0, 0, 0, -100, 0, -h0, -100 - h0);
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -h1, -h1);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X2_going_out_needs_two_canastas)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS,
                                  "Jc", "9h 4c");
    canasta_move m;
    th_do_draw(g, 0);
    /* 17 cards: K x7, Q x6, 9 x3, 4c.  One canasta (the kings) is not
     * enough: melding all but the 4c would leave a last card to discard
     * (and the 4c cannot make the queens a second canasta). */
    th_meld(&m, 0, "Kc Kd Kh Ks Kc Kd Kh | Qc Qd Qh Qs Qc Qd | 9c 9d 9h");
    th_reject_ids(g, &m, CANASTA_E_GO_OUT, "G1 X2");
    canasta_game_free(g);

    /* Drawing the seventh queen instead: two canastas, the whole hand
     * goes down. */
    g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS, "Jc", "9h Qh");
    th_do_draw(g, 0);
    th_do_meld(g, 0,
               "Kc Kd Kh Ks Kc Kd Kh | Qc Qd Qh Qs Qc Qd Qh | 9c 9d 9h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    /* Whole hand in one turn, nothing melded before: concealed (G3). */
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    /* Seat 0: 70 + 70 + 30 = 170 melded, 2 x 500, 200 for going out
     * concealed, no cards left: 1370.  Seat 1: -140 (its whole hand). */
    th_expect_items(g, 0, 170, 1000, 0, 0, 200, 0, 1370);
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -140, -140);
    ck_assert_int_eq(th_total(g, 0), 1370);
    ck_assert_int_eq(th_total(g, 1), -140);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X2_individual_scores)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS,
                                  "Jc", "9h 4c Ac 9s Qh 5d");
    /* Seat 0: K x7 + 9 9 9 = 100 opens; keeps six queens. */
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | 9c 9d 9h");
    th_do_discard(g, 0, "4c");
    canastas(g, 0, 1, 0);
    /* Seat 1: A A A = 60 opens its own side; keeps the second Ac. */
    th_do_draw(g, 1);
    th_do_meld(g, 1, "Ac Ad Ah");
    th_do_discard(g, 1, "9s");
    ck_assert_int_eq(th_opened(g, 1), 1);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 0, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_KING, 0, 0, 0);
    /* Seat 0: Q x7 is the second canasta; the 5d goes out as discard. */
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Qc Qd Qh Qs Qc Qd Qh");
    th_do_discard(g, 0, "5d");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    /* Seat 0: 70 + 30 + 70 = 170, 2 natural canastas 1000, out 100: 1270.
     * Seat 1: 60 melded; in hand the 12 unmatched cards (140 - 60 = 80)
     * and the Ac (20): -100; total -40. */
    th_expect_items(g, 0, 170, 1000, 0, 0, 100, 0, 1270);
    th_expect_items(g, 1, 60, 0, 0, 0, 0, -100, -40);
    ck_assert_int_eq(th_total(g, 0), 1270);
    ck_assert_int_eq(th_total(g, 1), -40);
    ck_assert_int_eq(count_events(g, CANASTA_EVENT_SCORE), 2);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X2_no_partner_to_ask)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_TWO_PLAYERS);
    int lo = -1, hi = -1;
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_ASK_PERMISSION), 0);
    ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, r,
                         CANASTA_OPT_ASK_PERMISSION), CANASTA_OK);
    ck_assert_int_eq(lo, 0);
    ck_assert_int_eq(hi, 0);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ASK_PERMISSION, 1),
                     CANASTA_E_RANGE);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ASK_PERMISSION, 0),
                     CANASTA_OK);
    canasta_rules_free(r);

    /* Seat 0 could go out (two canastas after the draw), yet asking is
     * refused: there is nobody to ask. */
    canasta_game *g = deal_preset(CANASTA_PRESET_TWO_PLAYERS, X2_HANDS,
                                  "Jc", "9h Qh");
    canasta_move m;
    th_do_draw(g, 0);
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject_ids(g, &m, CANASTA_E_ASK, "G4 X2");
    canasta_game_free(g);
}
END_TEST

/* ================================================================ */
/* X3: three players (cutthroat)                                      */
/* ================================================================ */

START_TEST(test_X3_defaults)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    int lo = -1, hi = -1;
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_PLAYERS), 3);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_SIDES), 3);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_HAND_SIZE), 13);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DRAW_COUNT), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_TARGET_SCORE), 7500);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_CANASTAS_TO_GO_OUT), 1);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_LONE_HAND), 1);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DECK_SIZE), 108);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_ASK_PERMISSION), 1);
    ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, r,
                         CANASTA_OPT_CANASTAS_TO_GO_OUT), CANASTA_OK);
    ck_assert_int_le(lo, 1);
    ck_assert_int_ge(hi, 2);
    /* O1 stays the classic table for each player's own total. */
    ck_assert_int_eq(rules_min(r, -5), 15);
    ck_assert_int_eq(rules_min(r, 0), 50);
    ck_assert_int_eq(rules_min(r, 1600), 90);
    ck_assert_int_eq(rules_min(r, 3200), 120);
    canasta_rules_free(r);

    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, NULL, NULL,
                                  NULL);
    /* 13 each; stock 108 - 39 - 1 = 68. */
    for (int s = 0; s < 3; s++) {
        ck_assert_int_eq(th_hand_size(g, s), 13);
        ck_assert_int_eq(seat_side(g, s), s);
    }
    ck_assert_int_eq(th_stock_size(g), 68);
    ck_assert_int_eq(lone(g), -1);
    ck_assert_int_eq(game_opt(g, CANASTA_OPT_LONE_HAND), 1);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_eleven_card_option)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_HAND_SIZE, 11),
                     CANASTA_OK);
    canasta_game *g = deal_rules(r, NULL, NULL, NULL);
    canasta_rules_free(r);
    /* 11 each; stock 108 - 33 - 1 = 74. */
    for (int s = 0; s < 3; s++)
        ck_assert_int_eq(th_hand_size(g, s), 11);
    ck_assert_int_eq(th_stock_size(g), 74);
    ck_assert_int_eq(game_opt(g, CANASTA_OPT_HAND_SIZE), 11);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* ---- The "early" deal: seat 0 can go out at once, nobody takes. ----
 * Seat 0: K x7, 5 5 5, 6 6 6 (after T1 also 5s; T4 brings 6s 6c).
 * Seat 1: Q x4, J x3, 9d 9h 8d 8h 7d 7h; T2 draws 4d 4h.
 * Seat 2: Q x3, 10 x3, 9s 8s 7s 4s 9c 8c 7c; T3 draws Js Ah.
 * Upcard 10s. */
static const char *const X3_EARLY[3] = {
    "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 6c 6d 6h",
    "Qc Qd Qh Qs Jc Jd Jh 9d 9h 8d 8h 7d 7h",
    "Qc Qd Qh 10c 10d 10h 9s 8s 7s 4s 9c 8c 7c",
};
#define X3_EARLY_STOCK "5s 9c 4d 4h Js Ah 6s 6c"

/* The same hands, but seats 0 and 1 are dealt a red three in place of the
 * 6h and the 7h, which come back as their replacements (C6: seat 0 first,
 * then seat 1). */
static const char *const X3_EARLY_RED[3] = {
    "3d Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 6c 6d",
    "3h Qc Qd Qh Qs Jc Jd Jh 9d 9h 8d 8h 7d",
    "Qc Qd Qh 10c 10d 10h 9s 8s 7s 4s 9c 8c 7c",
};

/* T1-T3 of the early deal; seats 1 and 2 meld or not. */
static void x3_early_round(canasta_game *g, int meld1, int meld2)
{
    th_do_draw(g, 0);                   /* 5s 9c */
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);                   /* 4d 4h */
    if (meld1)
        th_do_meld(g, 1, "Qc Qd Qh Qs | Jc Jd Jh"); /* 40 + 30 = 70 */
    th_do_discard(g, 1, "4d");
    th_do_draw(g, 2);                   /* Js Ah */
    if (meld2)
        th_do_meld(g, 2, "Qc Qd Qh | 10c 10d 10h"); /* 30 + 30 = 60 */
    th_do_discard(g, 2, "Ah");
    ck_assert_int_eq(lone(g), -1);
}

/* T4: seat 0 draws 6s 6c and melds its whole hand (concealed). */
static void x3_early_out(canasta_game *g)
{
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | 5c 5d 5h 5s | 6c 6d 6h 6s 6c");
    ck_assert_int_eq(th_phase(g) == CANASTA_PHASE_HAND_OVER ||
                     th_phase(g) == CANASTA_PHASE_GAME_OVER, 1);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
}

START_TEST(test_X3_draw_takes_two_cards)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", X3_EARLY_STOCK);
    th_do_draw(g, 0);
    /* 13 + 2 = 15; stock 68 - 2 = 66. */
    ck_assert_int_eq(th_hand_size(g, 0), 15);
    ck_assert_int_eq(th_count_in_hand(g, 0, "5s"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "9c"), 1);
    ck_assert_int_eq(th_stock_size(g), 66);
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_hand_size(g, 0), 14);
    th_do_draw(g, 1);
    ck_assert_int_eq(th_hand_size(g, 1), 15);
    ck_assert_int_eq(th_stock_size(g), 64);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_ask_refused_before_partnership)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", X3_EARLY_STOCK);
    canasta_move m;
    th_do_draw(g, 0);
    /* Seat 0 could go out now (K x7, 5 x4, 6 x3 and the 9c to discard:
     * one canasta, 70 + 20 + 15 = 105 >= 50), but nobody has taken the
     * pile: no partners yet. */
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_reject(g, &m, CANASTA_E_ASK, "X3");
    ck_assert_int_eq(legal_has(g, CANASTA_MOVE_ASK), 0);
    /* The refusal was not about the cards: the hand does go out (the 9c
     * drawn with the 5s is the last discard). */
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | 5c 5d 5h 5s | 6c 6d 6h");
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_lone_hand_out_before_pile_taken_scores)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", X3_EARLY_STOCK);
    ev_t e;
    char text[128];
    x3_early_round(g, 1, 1);
    /* Apart, seat 1's Q x4 and seat 2's Q x3 are two melds. */
    th_expect_meld(g, 1, CANASTA_RANK_QUEEN, 4, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_QUEEN, 3, 0, 0);
    x3_early_out(g);
    /* Seat 0 went out before anyone took the pile: it is the lone hand. */
    ck_assert_int_eq(lone(g), 0);
    int i = find_event(&e, g, CANASTA_EVENT_LONE_HAND, 0);
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(e.seat, 0);
    ck_assert_int_eq(e.side, -1);
    ck_assert_int_eq(canasta_game_event_to_string(text, sizeof text, g,
                         (size_t)i, CANASTA_VIEW_ALL), CANASTA_OK);
    ck_assert_str_eq(text, "0 alone");
    /* The partners' melds stay apart: no canasta is made of the queens. */
    th_expect_meld(g, 1, CANASTA_RANK_QUEEN, 4, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_QUEEN, 3, 0, 0);
    ck_assert_int_eq(count_events(g, CANASTA_EVENT_CANASTA), 1); /* Ks */
    /* Seat 0: K x7 70 + 5 x4 20 + 6 x5 25 = 115, natural canasta 500,
     * concealed 200, nothing in hand: 815.
     * Seat 1 holds 9d 9h 8d 8h (40) + 7d 7h 4h (15) = 55; seat 2 holds
     * 9s 8s 9c 8c Js (50) + 7s 4s 7c (15) = 65.  The partners each score
     * both tables: melded 70 + 60 = 130, no canasta, -(55 + 65) = -120:
     * 10. */
    th_expect_items(g, 0, 115, 500, 0, 0, 200, 0, 815);
    th_expect_items(g, 1, 130, 0, 0, 0, 0, -120, 10);
    th_expect_items(g, 2, 130, 0, 0, 0, 0, -120, 10);
    ck_assert_int_eq(th_total(g, 0), 815);
    ck_assert_int_eq(th_total(g, 1), 10);
    ck_assert_int_eq(th_total(g, 2), 10);
    canasta_game_free(g);
}
END_TEST

/* X3 + R3: red threes count for their owner; plus when the owner's
 * partnership melded, even if the owner did not. */
START_TEST(test_X3_red_threes_count_for_owner)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY_RED,
                                  "10s", "6h 7h " X3_EARLY_STOCK);
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    ck_assert_int_eq(th_red_three_count(g, 1), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "6h"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 1, "7h"), 1);
    x3_early_round(g, 0, 1); /* only seat 2 melds */
    x3_early_out(g);
    /* Seat 0: 815 as without red threes, + 100 (it melded): 915.
     * Seat 1 holds Q x4 (40), J x3 (30), 9 9 8 8 (40), 7 7 4 (15) = 125;
     * seat 2 holds 65 (see above).  Partnership: 60 melded, -190 in
     * hand: -130.  Seat 1's red three: +100, since its partnership melded
     * (seat 2's queens and tens): -30.  Seat 2 has no red three: -130. */
    th_expect_items(g, 0, 115, 500, 0, 100, 200, 0, 915);
    th_expect_items(g, 1, 60, 0, 0, 100, 0, -190, -30);
    th_expect_items(g, 2, 60, 0, 0, 0, 0, -190, -130);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_red_three_minus_when_partnership_melded_nothing)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY_RED,
                                  "10s", "6h 7h " X3_EARLY_STOCK);
    x3_early_round(g, 0, 0);
    x3_early_out(g);
    /* Seat 2 holds Q x3 10 x3 (60) + 9s 8s 9c 8c Js (50) + 7s 4s 7c (15)
     * = 125; seat 1 125.  Partnership: nothing melded, -250.  Seat 1's
     * red three counts -100 for seat 1 only: -350; seat 2: -250.  Seat 0
     * melded: its red three +100: 915. */
    th_expect_items(g, 0, 115, 500, 0, 100, 200, 0, 915);
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -250, -350);
    th_expect_items(g, 2, 0, 0, 0, 0, 0, -250, -250);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_game_to_7500_among_three_totals)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", X3_EARLY_STOCK);
    ev_t e;
    set_totals3(g, 6800, 7800, 7900);
    x3_early_round(g, 0, 0);
    x3_early_out(g);
    /* Seat 0 815 (the opening minimum, 120 at 6800, is waived for a
     * concealed exit after a stock draw, G3); seats 1 and 2 each -250
     * (both hands, 125 + 125).  Totals: 7615, 7550, 7650: all reached
     * 7500, the highest is seat 2's, not that of the player who went out. */
    ck_assert_int_eq(th_total(g, 0), 7615);
    ck_assert_int_eq(th_total(g, 1), 7550);
    ck_assert_int_eq(th_total(g, 2), 7650);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(winner(g), 2);
    ck_assert_int_ge(find_event(&e, g, CANASTA_EVENT_GAME_OVER, 0), 0);
    ck_assert_int_eq(e.side, 2);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_target_is_7500_not_5000)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", X3_EARLY_STOCK);
    int w = -7;
    set_totals3(g, 4300, 0, 0);
    x3_early_round(g, 0, 0);
    x3_early_out(g);
    /* 4300 + 815 = 5115: past the classic 5000, short of 7500. */
    ck_assert_int_eq(th_total(g, 0), 5115);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_two_canastas_option)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    canasta_move m;
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_CANASTAS_TO_GO_OUT, 2),
                     CANASTA_OK);
    canasta_game *g = deal_rules(r, X3_EARLY, "10s", X3_EARLY_STOCK);
    canasta_rules_free(r);
    ck_assert_int_eq(game_opt(g, CANASTA_OPT_CANASTAS_TO_GO_OUT), 2);
    th_do_draw(g, 0);
    /* One canasta (the kings) no longer lets seat 0 go out: melding all
     * but the 9c would leave it a last card to discard. */
    th_meld(&m, 0, "Kc Kd Kh Ks Kc Kd Kh | 5c 5d 5h 5s | 6c 6d 6h");
    th_reject_ids(g, &m, CANASTA_E_GO_OUT, "G1 X3");
    canasta_game_free(g);

    /* With the default (1) the same move is accepted and the 9c goes
     * out. */
    g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY, "10s",
                    X3_EARLY_STOCK);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | 5c 5d 5h 5s | 6c 6d 6h");
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    canasta_game_free(g);
}
END_TEST

/* X3: the pile is never taken and nobody goes out (the hand ends on the
 * last stock card, a red three: E2): everyone scores alone. */
START_TEST(test_X3_pile_never_taken_everyone_scores_alone)
{
    /* Three red threes are dealt (replaced by 4c, 4d, 4h in turn order);
     * the fourth, a 3h, is the only one left and lies at the bottom of
     * the stock.  Stock 108 - 39 - 1 - 3 = 65. */
    static const char *const hands[3] = {
        "3d Kc Kd Kh Qc Qd Qh", "3h", "3d Jc Jd Jh 10c 10d 10h",
    };
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, hands, "9c",
                                  "4c 4d 4h 9d 9h 9s 8c 8d 8h");
    ck_assert_int_eq(th_stock_size(g), 65);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh"); /* 60 */
    th_do_discard(g, 0, "9d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9s");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Jc Jd Jh | 10c 10d 10h"); /* 60 */
    th_do_discard(g, 2, "8d");
    /* 65 - 6 = 59; 29 more turns leave 1, and turn 33 is seat 2's
     * (32 turns played, 32 mod 3 = 2). */
    th_drain_stock(g, 1);
    ck_assert_int_eq(th_stock_size(g), 1);
    ck_assert_int_eq(th_seat(g), 2);
    th_do_draw(g, 2);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_RED_THREE, -1);
    ck_assert_int_eq(th_red_three_count(g, 2), 2);
    ck_assert_int_eq(lone(g), -1);
    ck_assert_int_eq(count_events(g, CANASTA_EVENT_LONE_HAND), 0);
    for (int s = 0; s < 3; s++)
        ck_assert_int_eq(seat_side(g, s), s);
    /* Each alone: own melds, own red threes (plus if melded), own hand.
     * Seat 0: 60 + 100 - held; seat 1: -100 - held; seat 2 (3d and the
     * last 3h): 60 + 200 - held. */
    int h0 = th_held_value(g, 0), h1 = th_held_value(g, 1),
        h2 = th_held_value(g, 2);
    th_expect_items(g, 0, 60, 0, 0, 100, 0, -h0, 160 - h0);
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -h1, -100 - h1);
    th_expect_items(g, 2, 60, 0, 0, 200, 0, -h2, 260 - h2);
    ck_assert_int_eq(th_total(g, 0), 160 - h0);
    ck_assert_int_eq(th_total(g, 1), -100 - h1);
    ck_assert_int_eq(th_total(g, 2), 260 - h2);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* ---- The "merge" deal: seat 1 takes the pile on its second turn. ----
 * Seat 0: K K K K (Kc twice), Q Q Q, 4 4 4, 7 7 7.
 * Seat 1: six aces, 9 9 9, 10 10 10, Qs.
 * Seat 2: K K K, 8 8 8, 5 5 5, 6 6 6 6.
 * Upcard Jc.  T1 seat 0 draws Jd Qs (discards Jd), T2 seat 1 Js 9s
 * (discards Js), T3 seat 2 Jh 5s (discards Jh), T4 seat 0 Ac Ks (discards
 * Ac), T5 seat 1 takes the pile with six aces: 7 aces, 140. */
static const char *const X3_MERGE[3] = {
    "Kc Kd Kh Kc Qc Qd Qh 4c 4d 4h 7c 7d 7h",
    "Ad Ah Ad Ah As As 9c 9d 9h 10c 10d 10h Qs",
    "Kd Kh Ks 8c 8d 8h 5c 5d 5h 6c 6d 6h 6s",
};
#define X3_MERGE_STOCK "Jd Qs Js 9s Jh 5s Ac Ks "
/* Later draws: T6 seat 2, T7 seat 0, T8 seat 1, T9 seat 2. */
#define X3_LATE_ADD "Qc 4s 8s 7s Qd Qh 5c 6c"
#define X3_LATE_OUT "5c 6c 4s 7s Qd Qh"

/* The same deal with a 3h dealt to seat 2 instead of its 6s, which comes
 * back as the replacement (C6). */
static const char *const X3_MERGE_RED[3] = {
    "Kc Kd Kh Kc Qc Qd Qh 4c 4d 4h 7c 7d 7h",
    "Ad Ah Ad Ah As As 9c 9d 9h 10c 10d 10h Qs",
    "Kd Kh Ks 8c 8d 8h 5c 5d 5h 6c 6d 6h 3h",
};

static canasta_game *x3_merge_game_with(const char *const hands[],
                                        const char *prefix, const char *late)
{
    char stock[160];
    snprintf(stock, sizeof stock, "%s%s%s", prefix, X3_MERGE_STOCK, late);
    return deal_preset(CANASTA_PRESET_THREE_PLAYERS, hands, "Jc", stock);
}

static canasta_game *x3_merge_game(const char *late)
{
    return x3_merge_game_with(X3_MERGE, "", late);
}

static void x3_t1(canasta_game *g, int meld)
{
    th_do_draw(g, 0);
    if (meld)
        th_do_meld(g, 0, "Kc Kd Kh Kc | Qc Qd Qh"); /* 40 + 30 = 70 */
    th_do_discard(g, 0, "Jd");
}

static void x3_t2(canasta_game *g)
{
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Js");
}

static void x3_t3(canasta_game *g, int meld)
{
    th_do_draw(g, 2);
    if (meld)
        th_do_meld(g, 2, "Kd Kh Ks | 8c 8d 8h"); /* 30 + 30 = 60 */
    th_do_discard(g, 2, "Jh");
}

static void x3_t4(canasta_game *g)
{
    th_do_draw(g, 0);
    th_do_discard(g, 0, "Ac");
}

static void x3_t5_take(canasta_game *g)
{
    ck_assert_int_eq(lone(g), -1);
    th_do_take(g, 1, "Ad Ah Ad Ah As As");
}

/* T1-T5 with the given melds, then seat 1 discards the Jc. */
static canasta_game *x3_merged(const char *late, int meld0, int meld2)
{
    canasta_game *g = x3_merge_game(late);
    x3_t1(g, meld0);
    x3_t2(g);
    x3_t3(g, meld2);
    x3_t4(g);
    x3_t5_take(g);
    return g;
}

START_TEST(test_X3_first_take_makes_lone_hand)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    ev_t e;
    char text[128];
    x3_t1(g, 1);
    ck_assert_int_eq(lone(g), -1);
    x3_t2(g);
    x3_t3(g, 1);
    ck_assert_int_eq(lone(g), -1);
    ck_assert_int_eq(seat_side(g, 2), 2);
    x3_t4(g);
    x3_t5_take(g);
    ck_assert_int_eq(lone(g), 1);
    /* Partners 0 and 2 play on the lower seat's side, 0. */
    ck_assert_int_eq(seat_side(g, 0), 0);
    ck_assert_int_eq(seat_side(g, 1), 1);
    ck_assert_int_eq(seat_side(g, 2), 0);
    int i = find_event(&e, g, CANASTA_EVENT_LONE_HAND, 0);
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(e.seat, 1);
    ck_assert_int_eq(e.side, 0);
    ck_assert_int_eq(canasta_game_event_to_string(text, sizeof text, g,
                         (size_t)i, CANASTA_VIEW_ALL), CANASTA_OK);
    ck_assert_str_eq(text, "1 alone partners-side 0");
    ck_assert_int_ge(find_event(&e, g, CANASTA_EVENT_PICK_UP, 0), 0);
    ck_assert_int_eq(e.seat, 1);
    /* Score columns stay per seat. */
    ck_assert_int_eq(minimum(g, 2), 50);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_merge_adds_melds_rank_by_rank)
{
    canasta_game *g = x3_merged(X3_LATE_ADD, 1, 1);
    /* Seat 0's K x4 + seat 2's K x3 = 7; Q x3 (seat 0 only) and 8 x3
     * (seat 2 only) move too. */
    th_expect_meld(g, 0, CANASTA_RANK_KING, 7, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_EIGHT, 3, 0, 0);
    /* The higher seat's side is left empty and unopened. */
    for (int r = 3; r <= 14; r++)
        th_expect_meld(g, 2, r, 0, 0, 0);
    ck_assert_int_eq(th_opened(g, 2), 0);
    ck_assert_int_eq(th_opened(g, 0), 1);
    canastas(g, 2, 0, 0);
    /* The lone hand's own side: seven aces. */
    th_expect_meld(g, 1, CANASTA_RANK_ACE, 7, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_KING, 0, 0, 0);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_merge_makes_canasta)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    ev_t e;
    x3_t1(g, 1);
    x3_t2(g);
    x3_t3(g, 1);
    x3_t4(g);
    canastas(g, 0, 0, 0);
    canastas(g, 2, 0, 0);
    x3_t5_take(g);
    canastas(g, 0, 1, 0);
    canastas(g, 1, 1, 0); /* the aces */
    /* Two CANASTA events: seat 1's aces (its own move) and the merged
     * kings, which no seat made (seat -1). */
    ck_assert_int_eq(count_events(g, CANASTA_EVENT_CANASTA), 2);
    int found = 0;
    for (int i = find_event(&e, g, CANASTA_EVENT_CANASTA, 0); i >= 0;
         i = find_event(&e, g, CANASTA_EVENT_CANASTA, (size_t)i + 1)) {
        if (e.value == CANASTA_RANK_KING) {
            found = 1;
            ck_assert_int_eq(e.seat, -1);
            ck_assert_int_eq(e.side, 0);
            ck_assert_int_eq(e.detail, CANASTA_MELD_NATURAL_CANASTA);
        } else {
            ck_assert_int_eq(e.value, CANASTA_RANK_ACE);
            ck_assert_int_eq(e.side, 1);
        }
    }
    ck_assert_int_eq(found, 1);
    canasta_game_free(g);
}
END_TEST

/* X3 + M1/M4: a merge keeps every card, even when the two melds together
 * hold more than three wild cards (5 5 2 2 2 and 5 5 Jk make four natural
 * fives and four wild cards, a mixed canasta of eight); nothing was laid
 * illegally, so nothing is taken back.  No further wild card may join it
 * (M4: only while a meld holds fewer than three), a natural may. */
START_TEST(test_X3_merge_keeps_more_than_three_wild_cards)
{
    static const char *const hands[] = {
        "5c 5d 2c 2d 2h 5c Qc",  /* seat 0: opens with 70, keeps a 5 */
        "5h 5s Jk 9c",           /* seat 1: opens with 60, throws the 9 */
        "9d 9h Kc Kd Kh Qd",     /* seat 2: takes the 9 with K K K (60) */
    };
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, hands,
                                  "4h", "7c 7d 8c 8d 2s 10c");
    canasta_move m;
    th_do_draw(g, 0);                      /* 7c 7d */
    th_do_meld(g, 0, "5c 5d 2c 2d 2h");    /* 5+5+20+20+20 = 70 >= 50 */
    th_do_discard(g, 0, "Qc");
    th_do_draw(g, 1);                      /* 8c 8d */
    th_do_meld(g, 1, "5h 5s Jk");          /* 5+5+50 = 60 >= 50 */
    th_do_discard(g, 1, "9c");
    th_do_take(g, 2, "9d 9h | Kc Kd Kh"); /* 9+9+9 + 30 = 57 >= 50 */
    ck_assert_int_eq(lone(g), 2);
    /* naturals 2 + 2, twos 3 + 0, jokers 0 + 1 */
    th_expect_meld(g, 0, CANASTA_RANK_FIVE, 4, 3, 1);
    th_expect_meld(g, 1, CANASTA_RANK_FIVE, 0, 0, 0);
    canastas(g, 0, 0, 1);
    th_do_discard(g, 2, "Qd");
    th_do_draw(g, 0);                      /* 2s 10c */
    th_meld(&m, 0, "5: 2s");
    th_reject_ids(g, &m, CANASTA_E_MELD, "M1 M4");
    th_do_meld(g, 0, "5c");
    th_expect_meld(g, 0, CANASTA_RANK_FIVE, 5, 3, 1);
    /* Positions keep such a meld; only the merged side may hold one. */
    char *text = NULL, *again = NULL, why[256];
    canasta_game *h = NULL;
    ck_assert_int_eq(canasta_game_position(&text, NULL, g), CANASTA_OK);
    ck_assert_ptr_nonnull(strstr(text, "\nlone 2 merged\n"));
    ck_assert_int_eq(canasta_game_from_position(&h, why, sizeof why, text,
                                                (size_t)-1), CANASTA_OK);
    ck_assert_int_eq(canasta_game_position(&again, NULL, h), CANASTA_OK);
    ck_assert_str_eq(text, again);
    canasta_free(again);
    canasta_game_free(h);
    /* "lone 2 merged" -> "lone -" (the rest of the line blanked) */
    char *lone_at = strstr(text, "\nlone 2 merged\n");
    memcpy(lone_at + 1, "lone -       ", 13);
    h = NULL;
    ck_assert_int_eq(canasta_game_from_position(&h, why, sizeof why, text,
                                                (size_t)-1),
                     CANASTA_E_INVALID);
    ck_assert_ptr_null(h);
    ck_assert_msg(strstr(why, "M1: a meld holds at most 3 wild") != NULL,
                  "%s", why);
    canasta_free(text);
    canasta_game_free(g);

    /* canasta_score_side takes such a meld under the X3 rules only:
     * 5 fives (25) + 3 twos (60) + a joker (50) = 135, nine cards with
     * wild cards: a mixed canasta (300). */
    static const int melds[] = { CANASTA_RANK_FIVE, 5, 3, 1 };
    int items[CANASTA_SCORE_ITEMS];
    canasta_rules *x3 = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    canasta_rules *classic = rules_of(CANASTA_PRESET_CLASSIC);
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, why,
                         sizeof why, x3, melds, 1, 0, NULL, 0,
                         CANASTA_OUT_NONE), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 135);
    ck_assert_int_eq(items[CANASTA_SCORE_MIXED_CANASTAS], 300);
    ck_assert_int_eq(items[CANASTA_SCORE_TOTAL], 435);
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, why,
                         sizeof why, classic, melds, 1, 0, NULL, 0,
                         CANASTA_OUT_NONE), CANASTA_E_SCORE_INPUT);
    canasta_rules_free(x3);
    canasta_rules_free(classic);
}
END_TEST

/* X3 + M3, M5 (docs/VARIANTS.md, "Choices made where RULES.md is
 * silent"): two canastas of one rank, one on each partner's table, merge
 * into one meld, which is one canasta.  Seats 1 and 2 each hold a mixed
 * canasta of kings (4 naturals, 3 wild cards); seat 0 takes the 9s with
 * its pair and plays alone; side 1 then holds 8 kings, 4 twos and 2
 * jokers, one mixed canasta (300 once), and side 2 nothing. */
static const char X3_TWO_CANASTAS[] =
    "canasta-position 1\n"
    "preset three-players\n"
    "option target 7500\n"
    "option ask-permission 1\n"
    "option one-card-rule 1\n"
    "option tie-rule 0\n"
    "option hand-size 13\n"
    "option canastas-to-go-out 1\n"
    "option draw-count 2\n"
    "sides 0 1 2\n"
    "seed 1\n"
    "hand-number 1\n"
    "dealer 2\n"
    "phase draw\n"
    "turn 0\n"
    "source none\n"
    "melds-this-turn 0\n"
    "take-extra 0\n"
    "permission none\n"
    "melded-before-turn 1\n"
    "new-melds\n"
    "seat-melded 1 1 1\n"
    "totals 0 0 0\n"
    "last-hand none -\n"
    "opened 1 1 1\n"
    "lone -\n"
    "hand 0 9c 9d 5c 6c\n"
    "hand 1 4c 4d 5d\n"
    "hand 2 6d 6h 7c\n"
    "red-threes 0\n"
    "red-threes 1\n"
    "red-threes 2\n"
    "meld 0 A: Ac Ac Ad\n"
    "meld 1 K: Kc Kc Kd Kd 2c 2d 2h\n"
    "meld 2 K: Kh Kh Ks Ks 2s Jk Jk\n"
    "stock Qc 3c 3s 2h 9c 7d 8c Qh 6d 3d 10c 5d Jk As 8h Ah Qd As 10d 5h 9h 4s 8d 3s 8s Qd 3h Jh 5s 10s 3c Ah Qh 9d 5c 7c Jc 8d 5s Qs 7s 7d 6s Jd 7h 10h 6s 4d 8s 6c Js 7s 8h 10h Qc 2d 5h 3d 8c 4h 10d 9h Jk Ad 2c 10s 10c 2s Jh 4c 6h 9s Jd Jc Js 4h 7h 3h Qs 4s\n"
    "pile 9s\n";

START_TEST(test_X3_merge_two_canastas_of_a_rank_make_one)
{
    canasta_game *g = NULL;
    char why[256];
    int items[CANASTA_SCORE_ITEMS];
    static const int kings[] = { CANASTA_RANK_KING, 8, 4, 2 };
    canasta_rules *x3 = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    ck_assert_msg(canasta_game_from_position(&g, why, sizeof why,
                      X3_TWO_CANASTAS, strlen(X3_TWO_CANASTAS))
                      == CANASTA_OK, "%s", why);
    canastas(g, 1, 0, 1);
    canastas(g, 2, 0, 1);
    th_do_take(g, 0, "9c 9d");
    ck_assert_int_eq(lone(g), 0);
    th_expect_meld(g, 1, CANASTA_RANK_KING, 8, 4, 2);
    th_expect_meld(g, 2, CANASTA_RANK_KING, 0, 0, 0);
    canastas(g, 1, 0, 1);
    canastas(g, 2, 0, 0);
    th_assert_cards_accounted(g);
    /* scored as one meld: 8 x 10 + 4 x 20 + 2 x 50 = 260, and one mixed
     * canasta bonus */
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, why,
                         sizeof why, x3, kings, 1, 0, NULL, 0,
                         CANASTA_OUT_NONE), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 260);
    ck_assert_int_eq(items[CANASTA_SCORE_MIXED_CANASTAS], 300);
    canasta_rules_free(x3);
    canasta_game_free(g);
}
END_TEST

/* X3 + O4: the partnership has opened when the lower seat had opened. */
START_TEST(test_X3_partnership_opened_by_lower_partner)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    canasta_move m;
    x3_t1(g, 1);
    x3_t2(g);
    /* Before the partnership, seat 2 is alone and unopened: 5 5 5 (15)
     * is short of its 50. */
    th_do_draw(g, 2);
    th_meld(&m, 2, "5c 5d 5h");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X3");
    th_do_discard(g, 2, "Jh");
    x3_t4(g);
    x3_t5_take(g);
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_do_discard(g, 1, "Jc");
    /* Now the same 15 goes down, on the partners' side 0. */
    th_do_draw(g, 2); /* Qc 4s */
    th_do_meld(g, 2, "5c 5d 5h");
    th_expect_meld(g, 0, CANASTA_RANK_FIVE, 3, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_FIVE, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* X3 + O4: ... and when only the higher seat had opened. */
START_TEST(test_X3_partnership_opened_by_higher_partner)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    canasta_move m;
    x3_t1(g, 0);
    x3_t2(g);
    x3_t3(g, 1);
    /* Seat 2's opening does not help seat 0 before the partnership. */
    th_do_draw(g, 0);
    th_meld(&m, 0, "4c 4d 4h");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X3");
    th_do_discard(g, 0, "Ac");
    x3_t5_take(g);
    ck_assert_int_eq(th_opened(g, 0), 1);
    ck_assert_int_eq(th_opened(g, 2), 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_EIGHT, 3, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_KING, 0, 0, 0);
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2); /* Qc 4s */
    th_do_discard(g, 2, "4s");
    th_do_draw(g, 0); /* 8s 7s */
    th_do_meld(g, 0, "4c 4d 4h");
    th_expect_meld(g, 0, CANASTA_RANK_FOUR, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* X3 + O1: neither partner had opened: each must meet their own minimum
 * (totals 0, 1600, 3200: seat 0 needs 50, seat 1 90, seat 2 120). */
START_TEST(test_X3_unopened_partnership_uses_melder_minimum)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    canasta_move m;
    set_totals3(g, 0, 1600, 3200);
    ck_assert_int_eq(minimum(g, 0), 50);
    ck_assert_int_eq(minimum(g, 1), 90);
    ck_assert_int_eq(minimum(g, 2), 120);
    x3_t1(g, 0);
    x3_t2(g);
    x3_t3(g, 0);
    x3_t4(g);
    x3_t5_take(g); /* 7 aces = 140 >= 90 */
    ck_assert_int_eq(th_opened(g, 0), 0);
    ck_assert_int_eq(th_opened(g, 1), 1);
    /* The minimums stay those of the players' own totals. */
    ck_assert_int_eq(minimum(g, 0), 50);
    ck_assert_int_eq(minimum(g, 2), 120);
    th_do_discard(g, 1, "Jc");
    /* Seat 2: K K K + 8 8 8 = 60 < 120. */
    th_do_draw(g, 2); /* Qc 4s */
    th_meld(&m, 2, "Kd Kh Ks | 8c 8d 8h");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X3");
    th_do_discard(g, 2, "4s");
    /* Seat 0: K K K + Q Q Q = 60 >= 50 opens the partnership. */
    th_do_draw(g, 0); /* 8s 7s */
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_do_discard(g, 0, "7s");
    th_do_draw(g, 1); /* Qd Qh */
    th_do_discard(g, 1, "Qd");
    /* Now seat 2's 60 goes down: the partnership has opened (O4); its
     * kings join seat 0's. */
    th_do_draw(g, 2); /* 5c 6c */
    th_do_meld(g, 2, "Kd Kh Ks | 8c 8d 8h");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 6, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_EIGHT, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* T5 discard, T6 seat 2 adds Qc to seat 0's queens, T7 seat 0 adds 8s to
 * seat 2's eights and Ks to the kings. */
static canasta_game *x3_after_adds(void)
{
    canasta_game *g = x3_merged(X3_LATE_ADD, 1, 1);
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2); /* Qc 4s */
    th_do_meld(g, 2, "Qc");
    th_do_discard(g, 2, "4s");
    th_do_draw(g, 0); /* 8s 7s */
    th_do_meld(g, 0, "8s | Ks");
    th_do_discard(g, 0, "7s");
    return g;
}

START_TEST(test_X3_either_partner_adds_to_merged_melds)
{
    canasta_game *g = x3_after_adds();
    /* Seat 2 added to a meld that seat 0 began, and seat 0 to one seat 2
     * began (and to the merged canasta). */
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 4, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_EIGHT, 4, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 8, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_QUEEN, 0, 0, 0);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_lone_hand_cannot_add_to_partners_melds)
{
    canasta_game *g = x3_after_adds();
    canasta_move m;
    th_do_draw(g, 1); /* Qd Qh */
    /* The partners have queens; for the lone hand one queen is a meld of
     * one card (M1, M3). */
    th_meld(&m, 1, "Qd");
    th_reject_ids(g, &m, CANASTA_E_MELD, "M1 M3 X3");
    /* Three queens are a new meld of the lone hand's own. */
    th_do_meld(g, 1, "Qs Qd Qh");
    th_expect_meld(g, 1, CANASTA_RANK_QUEEN, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 4, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* X3 + G4: a partner asks the other partner. */
START_TEST(test_X3_partner_may_ask_partner)
{
    canasta_game *g = x3_merged(X3_LATE_OUT, 1, 1);
    canasta_move m;
    int perm = -1;
    th_do_discard(g, 1, "Jc");
    /* Seat 2 draws 5c 6c: 5 x5 and 6 x5, and the partnership has the
     * merged king canasta: it could go out. */
    th_do_draw(g, 2);
    ck_assert_int_eq(legal_has(g, CANASTA_MOVE_ASK), 1);
    th_move(&m, CANASTA_MOVE_ASK, 2);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(canasta_game_permission(&perm, g), CANASTA_OK);
    ck_assert_int_eq(perm, CANASTA_PERMISSION_ASKED);
    /* The lone hand does not answer. */
    th_move(&m, CANASTA_MOVE_ANSWER_YES, 1);
    ck_assert_int_eq(canasta_validate(NULL, 0, g, &m), CANASTA_E_TURN);
    do_simple(g, CANASTA_MOVE_ANSWER_YES, 0);
    ck_assert_int_eq(th_seat(g), 2);
    th_do_meld(g, 2, "5c 5d 5h 5s 5c | 6c 6d 6h 6s 6c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 2);
    canasta_game_free(g);
}
END_TEST

/* X3 + E3: scores after a merged hand that a partner ended. */
START_TEST(test_X3_partnership_scores_after_merge)
{
    canasta_game *g = x3_merged(X3_LATE_OUT, 1, 1);
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "5c 5d 5h 5s 5c | 6c 6d 6h 6s 6c");
    th_expect_end(g, CANASTA_END_WENT_OUT, 2);
    /* Merged table: K x7 70 + Q x3 30 + 8 x3 30 + 5 x5 25 + 6 x5 25 =
     * 180; natural canasta 500; going out 100 (seat 2 had melded before:
     * not concealed); seat 0 still holds 4 4 4 7 7 7 (30) Qs Ks (20) =
     * -50: 730 for each partner.
     * Lone hand: A x7 140 + 500; it holds 9 x4 (40) 10 x3 (30) Qs (10)
     * Jd Js Jh (30) = -110: 530. */
    th_expect_items(g, 0, 180, 500, 0, 0, 100, -50, 730);
    th_expect_items(g, 2, 180, 500, 0, 0, 100, -50, 730);
    th_expect_items(g, 1, 140, 500, 0, 0, 0, -110, 530);
    ck_assert_int_eq(th_total(g, 0), 730);
    ck_assert_int_eq(th_total(g, 1), 530);
    ck_assert_int_eq(th_total(g, 2), 730);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X3_lone_hand_may_not_ask)
{
    canasta_game *g = x3_merged(X3_LATE_OUT, 1, 1);
    canasta_move m;
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2);           /* 5c 6c */
    th_do_discard(g, 2, "6c");
    th_do_draw(g, 0);           /* 4s 7s */
    th_do_discard(g, 0, "4s");
    th_do_draw(g, 1);           /* Qd Qh */
    /* Seat 1 holds 9 x4, 10 x3, J x3, Q x3 and has its ace canasta: it
     * could go out, but as the lone hand it has nobody to ask. */
    th_move(&m, CANASTA_MOVE_ASK, 1);
    th_reject_ids(g, &m, CANASTA_E_ASK, "X3 G4");
    ck_assert_int_eq(legal_has(g, CANASTA_MOVE_ASK), 0);
    th_do_meld(g, 1, "9c 9d 9h 9s | 10c 10d 10h | Jd Js Jh | Qs Qd Qh");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_WENT_OUT, 1);
    canasta_game_free(g);
}
END_TEST

/* X3: when seat 0 takes first, seats 1 and 2 merge onto side 1 (the
 * lower of the two), and their queens (4 + 3) become a canasta there. */
START_TEST(test_X3_lone_seat_0_partners_merge_on_side_1)
{
    /* The early deal, but seat 2 draws Js 6h and discards the 6h. */
    canasta_game *g = deal_preset(CANASTA_PRESET_THREE_PLAYERS, X3_EARLY,
                                  "10s", "5s 9c 4d 4h Js 6h");
    ev_t e;
    char text[128];
    th_do_draw(g, 0);
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);
    th_do_meld(g, 1, "Qc Qd Qh Qs | Jc Jd Jh");
    th_do_discard(g, 1, "4d");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Qc Qd Qh | 10c 10d 10h");
    th_do_discard(g, 2, "6h");
    /* Seat 0: 6 6 + the 6h (15) and K x7 (70) = 85 >= 50. */
    th_do_take(g, 0, "6c 6d | Kc Kd Kh Ks Kc Kd Kh");
    ck_assert_int_eq(lone(g), 0);
    ck_assert_int_eq(seat_side(g, 0), 0);
    ck_assert_int_eq(seat_side(g, 1), 1);
    ck_assert_int_eq(seat_side(g, 2), 1);
    int i = find_event(&e, g, CANASTA_EVENT_LONE_HAND, 0);
    ck_assert_int_ge(i, 0);
    ck_assert_int_eq(canasta_game_event_to_string(text, sizeof text, g,
                         (size_t)i, CANASTA_VIEW_ALL), CANASTA_OK);
    ck_assert_str_eq(text, "0 alone partners-side 1");
    th_expect_meld(g, 1, CANASTA_RANK_QUEEN, 7, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_JACK, 3, 0, 0);
    th_expect_meld(g, 1, CANASTA_RANK_TEN, 3, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_QUEEN, 0, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_TEN, 0, 0, 0);
    ck_assert_int_eq(th_opened(g, 1), 1);
    ck_assert_int_eq(th_opened(g, 2), 0);
    canastas(g, 1, 1, 0);
    canastas(g, 0, 1, 0); /* seat 0's own kings */
    int found = 0;
    for (i = find_event(&e, g, CANASTA_EVENT_CANASTA, 0); i >= 0;
         i = find_event(&e, g, CANASTA_EVENT_CANASTA, (size_t)i + 1))
        if (e.value == CANASTA_RANK_QUEEN) {
            found = 1;
            ck_assert_int_eq(e.seat, -1);
            ck_assert_int_eq(e.side, 1);
        }
    ck_assert_int_eq(found, 1);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* X3 + R3: after the merge a partner's red three still counts for its
 * owner's column only. */
START_TEST(test_X3_red_three_of_merged_partner_counts_for_owner_only)
{
    canasta_game *g = x3_merge_game_with(X3_MERGE_RED, "6s ", X3_LATE_OUT);
    ck_assert_int_eq(th_red_three_count(g, 2), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "6s"), 1);
    x3_t1(g, 1);
    x3_t2(g);
    x3_t3(g, 1);
    x3_t4(g);
    x3_t5_take(g);
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2); /* 5c 6c */
    th_do_meld(g, 2, "5c 5d 5h 5s 5c | 6c 6d 6h 6s 6c");
    th_expect_end(g, CANASTA_END_WENT_OUT, 2);
    /* As in test_X3_partnership_scores_after_merge (730 / 530 / 730),
     * plus seat 2's red three, +100 for column 2 only: 830. */
    th_expect_items(g, 0, 180, 500, 0, 0, 100, -50, 730);
    th_expect_items(g, 2, 180, 500, 0, 100, 100, -50, 830);
    th_expect_items(g, 1, 140, 500, 0, 0, 0, -110, 530);
    canasta_game_free(g);
}
END_TEST

/* X3 + A3: taking back the first take undoes the partnership and the
 * merge exactly. */
START_TEST(test_X3_undo_take_dissolves_partnership)
{
    canasta_game *g = x3_merge_game(X3_LATE_ADD);
    canasta_game *before = NULL;
    x3_t1(g, 1);
    x3_t2(g);
    x3_t3(g, 1);
    x3_t4(g);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    x3_t5_take(g);
    ck_assert_int_eq(lone(g), 1);
    ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
    ck_assert_int_eq(lone(g), -1);
    ck_assert_int_eq(seat_side(g, 2), 2);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 4, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 2, CANASTA_RANK_EIGHT, 3, 0, 0);
    ck_assert_int_eq(th_opened(g, 2), 1);
    canastas(g, 0, 0, 0);
    ck_assert_int_eq(th_games_equal(g, before), 1);
    canasta_game_free(before);
    canasta_game_free(g);
}
END_TEST

/* X3 + C3: the partnership lasts for one hand; the next deal starts with
 * everyone alone again, each with their own minimum. */
START_TEST(test_X3_next_hand_starts_without_partners)
{
    canasta_game *g = x3_merged(X3_LATE_OUT, 1, 1);
    int dealer = -1;
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2);
    th_do_meld(g, 2, "5c 5d 5h 5s 5c | 6c 6d 6h 6s 6c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(lone(g), 1); /* the lone hand of the hand just over */
    /* The deal passes left: dealer 2 -> 0, who deals the next hand. */
    ck_assert_int_eq(th_seat(g), 0);
    do_simple(g, CANASTA_MOVE_NEXT_HAND, 0);
    ck_assert_int_eq(canasta_game_dealer(&dealer, g), CANASTA_OK);
    ck_assert_int_eq(dealer, 0);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(lone(g), -1);
    for (int s = 0; s < 3; s++) {
        ck_assert_int_eq(seat_side(g, s), s);
        ck_assert_int_eq(th_hand_size(g, s), 13);
        ck_assert_int_eq(th_opened(g, s), 0);
        canastas(g, s, 0, 0);
        /* Totals 730, 530, 730: 50 each (O1). */
        ck_assert_int_eq(minimum(g, s), 50);
    }
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* X3 + S6: the two partners score the same; tied at the top at or above
 * 7500 they play on (default) or tie (option). */
START_TEST(test_X3_partners_tied_at_top_play_on_or_tie)
{
    for (int k = 0; k < 2; k++) {
        canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
        int w = -7;
        ck_assert_int_eq(rules_opt(r, CANASTA_OPT_TIE_RULE),
                         CANASTA_TIE_PLAY_ON);
        if (k == 1)
            ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_TIE_RULE,
                                 CANASTA_TIE_DECLARE), CANASTA_OK);
        canasta_game *g = deal_rules(r, X3_EARLY, "10s", X3_EARLY_STOCK);
        canasta_rules_free(r);
        set_totals3(g, 0, 7800, 7800);
        x3_early_round(g, 0, 0);
        x3_early_out(g);
        /* 815, 7800 - 250 = 7550, 7550. */
        ck_assert_int_eq(th_total(g, 0), 815);
        ck_assert_int_eq(th_total(g, 1), 7550);
        ck_assert_int_eq(th_total(g, 2), 7550);
        if (k == 0) {
            ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
            ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_E_PHASE);
        } else {
            ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
            ck_assert_int_eq(winner(g), -1);
        }
        canasta_game_free(g);
    }
}
END_TEST

/* ================================================================ */
/* X6: six players                                                    */
/* ================================================================ */

static void x6_check_defaults(int preset, int sides, int target)
{
    canasta_rules *r = rules_of(preset);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_PLAYERS), 6);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_SIDES), sides);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_PACKS), 3);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_JOKERS), 6);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DECK_SIZE), 162);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_HAND_SIZE), 13);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_DRAW_COUNT), 1);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_CANASTAS_TO_GO_OUT), 2);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_TARGET_SCORE), target);
    ck_assert_int_eq(rules_opt(r, CANASTA_OPT_LONE_HAND), 0);
    canasta_rules_free(r);

    canasta_game *g = deal_preset(preset, NULL, NULL, NULL);
    uint8_t deck[200];
    size_t n = 0;
    int count[CANASTA_CARD_LIMIT] = { 0 };
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, g),
                     CANASTA_OK);
    /* X6: three packs and six jokers: 3 x 52 + 6 = 162. */
    ck_assert_int_eq((int)n, 162);
    for (size_t i = 0; i < n; i++)
        count[deck[i]]++;
    ck_assert_int_eq(count[CANASTA_JOKER], 6);
    for (int c = 8; c < CANASTA_JOKER; c++)
        ck_assert_int_eq(count[c], 3);
    /* 13 each; stock 162 - 78 - 1 = 83. */
    for (int s = 0; s < 6; s++)
        ck_assert_int_eq(th_hand_size(g, s), 13);
    ck_assert_int_eq(th_stock_size(g), 83);
    ck_assert_int_eq(game_opt(g, CANASTA_OPT_TARGET_SCORE), target);
    th_assert_cards_accounted(g);
    /* X6: one card per draw. */
    th_do_draw(g, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 14);
    ck_assert_int_eq(th_stock_size(g), 82);
    canasta_game_free(g);
}

START_TEST(test_X6_defaults_three_sides)
{
    x6_check_defaults(CANASTA_PRESET_SIX_THREE_SIDES, 3, 7500);
}
END_TEST

START_TEST(test_X6_defaults_two_sides)
{
    x6_check_defaults(CANASTA_PRESET_SIX_TWO_SIDES, 2, 10000);
}
END_TEST

/* Seat 0: K K K + Q Q Q opens (60); seat 2: K K K + A A A (90); seat 3:
 * Kc Kd.  Each seat draws a four and discards it. */
static const char *const X6_SHARE[6] = {
    "Kc Kd Kh Qc Qd Qh", "", "Ks Ks Ks Ac Ad Ah", "Kc Kd", "", "",
};

START_TEST(test_X6_three_sides_partners_opposite)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_THREE_SIDES, X6_SHARE,
                                  NULL, "4c 4d 4h 4s");
    /* Side = seat mod 3: 0 1 2 0 1 2. */
    for (int s = 0; s < 6; s++)
        ck_assert_int_eq(seat_side(g, s), s % 3);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh");
    th_do_discard(g, 0, "4c");
    th_pass_turn(g, 1, "4d");
    /* Seat 2 is no partner of seat 0: its kings are a new meld of side 2. */
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Ks Ks Ks | Ac Ad Ah");
    th_expect_meld(g, 2, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    th_do_discard(g, 2, "4h");
    /* Seat 3, opposite seat 0, adds to side 0's kings without opening. */
    th_do_draw(g, 3);
    th_do_meld(g, 3, "Kc");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 4, 0, 0);
    ck_assert_int_eq(th_opened(g, 1), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X6_two_sides_alternate_seats)
{
    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_TWO_SIDES, X6_SHARE,
                                  NULL, "4c 4d 4h 4s");
    canasta_move m;
    /* Side = seat mod 2: 0 1 0 1 0 1. */
    for (int s = 0; s < 6; s++)
        ck_assert_int_eq(seat_side(g, s), s % 2);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh");
    th_do_discard(g, 0, "4c");
    th_pass_turn(g, 1, "4d");
    /* Seat 2 is seat 0's partner: its kings join side 0's. */
    th_do_draw(g, 2);
    th_do_meld(g, 2, "Ks Ks Ks | Ac Ad Ah");
    th_expect_meld(g, 0, CANASTA_RANK_KING, 6, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    th_do_discard(g, 2, "4h");
    /* Seat 3 is on side 1, which has not opened and has no kings: one
     * king is no meld for it (M1), whatever side 0 has. */
    th_do_draw(g, 3);
    th_meld(&m, 3, "Kc");
    ck_assert_int_ne(canasta_validate(NULL, 0, g, &m), CANASTA_OK);
    th_expect_meld(g, 1, CANASTA_RANK_KING, 0, 0, 0);
    canasta_game_free(g);
}
END_TEST

/* Seat 0: one canasta (K x7) and 5 x4, 9 9 (+ 9h drawn). */
static const char *const X6_ONE_CANASTA[6] = {
    "Kc Kd Kh Ks Kc Kd Kh 5c 5d 5h 5s 9c 9d", "", "", "", "", "",
};
/* Seat 0: K x7 and A x6 (+ Ah drawn): two canastas, 70 + 140 = 210. */
static const char *const X6_TWO_CANASTAS[6] = {
    "Kc Kd Kh Ks Kc Kd Kh Ac Ad Ah As Ac Ad", "", "", "", "", "",
};

START_TEST(test_X6_going_out_needs_two_canastas)
{
    static const int presets[2] = { CANASTA_PRESET_SIX_THREE_SIDES,
                                    CANASTA_PRESET_SIX_TWO_SIDES };
    for (int k = 0; k < 2; k++) {
        canasta_move m;
        canasta_game *g = deal_preset(presets[k], X6_ONE_CANASTA, NULL,
                                      "9h");
        th_do_draw(g, 0);
        th_meld(&m, 0, "Kc Kd Kh Ks Kc Kd Kh | 5c 5d 5h 5s | 9c 9d 9h");
        th_reject_ids(g, &m, CANASTA_E_GO_OUT, "G1 X6");
        canasta_game_free(g);

        g = deal_preset(presets[k], X6_TWO_CANASTAS, NULL, "Ah");
        th_do_draw(g, 0);
        th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | Ac Ad Ah As Ac Ad Ah");
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
        th_expect_end(g, CANASTA_END_CONCEALED, 0);
        canastas(g, 0, 2, 0);
        canasta_game_free(g);
    }
}
END_TEST

START_TEST(test_X6_red_three_table)
{
    static const int presets[2] = { CANASTA_PRESET_SIX_THREE_SIDES,
                                    CANASTA_PRESET_SIX_TWO_SIDES };
    canasta_rules *classic = rules_of(CANASTA_PRESET_CLASSIC);
    ck_assert_int_eq(red_bonus(classic, 4), 800);
    canasta_rules_free(classic);
    for (int k = 0; k < 2; k++) {
        canasta_rules *r = rules_of(presets[k]);
        int it[CANASTA_SCORE_ITEMS];
        const uint8_t none[1] = { 0 };
        const int kings[4] = { CANASTA_RANK_KING, 3, 0, 0 };
        /* 100 each up to four (4 = 400, not 800); five 1000; six 1200. */
        ck_assert_int_eq(red_bonus(r, 0), 0);
        ck_assert_int_eq(red_bonus(r, 1), 100);
        ck_assert_int_eq(red_bonus(r, 2), 200);
        ck_assert_int_eq(red_bonus(r, 3), 300);
        ck_assert_int_eq(red_bonus(r, 4), 400);
        ck_assert_int_eq(red_bonus(r, 5), 1000);
        ck_assert_int_eq(red_bonus(r, 6), 1200);
        /* A side with K K K (30) and four red threes: 30 + 400 = 430. */
        ck_assert_int_eq(canasta_score_side(it, CANASTA_SCORE_ITEMS, NULL, 0,
                             r, kings, 1, 4, none, 0, CANASTA_OUT_NONE),
                         CANASTA_OK);
        ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], 400);
        ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], 430);
        /* Five and no meld: -1000. */
        ck_assert_int_eq(canasta_score_side(it, CANASTA_SCORE_ITEMS, NULL, 0,
                             r, kings, 0, 5, none, 0, CANASTA_OUT_NONE),
                         CANASTA_OK);
        ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], -1000);
        ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], -1000);
        /* Six with a meld: 30 + 1200 = 1230. */
        ck_assert_int_eq(canasta_score_side(it, CANASTA_SCORE_ITEMS, NULL, 0,
                             r, kings, 1, 6, none, 0, CANASTA_OUT_NONE),
                         CANASTA_OK);
        ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], 1200);
        ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], 1230);
        canasta_rules_free(r);
    }
}
END_TEST

/* Three sides: seats 0 and 3 (side 0) are dealt five red threes between
 * them, seat 1 the sixth.  C6 replaces them in turn order: seat 0's three
 * by Qs Qc Qd, seat 1's by 10h, seat 3's two by 9c 9d.  Seat 0 then draws
 * Qh and melds K x7 + Q x7. */
START_TEST(test_X6_five_red_threes_in_a_real_hand)
{
    static const char *const hands[6] = {
        "3d 3d 3h Kc Kd Kh Ks Kc Kd Kh Qc Qd Qh",
        "3h 4h 5h 6h 7h 8h 9h Jh Qs Ks Ac As 4s",
        "",
        "3d 3h 4c 5c 6c 7c 8c 10c Jc 4d 5d 6d 7d",
        "", "",
    };
    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_THREE_SIDES, hands,
                                  NULL, "Qs Qc Qd 10h 9c 9d Qh");
    ck_assert_int_eq(th_red_three_count(g, 0), 3);
    ck_assert_int_eq(th_red_three_count(g, 1), 1);
    ck_assert_int_eq(th_red_three_count(g, 3), 2);
    ck_assert_int_eq(th_count_in_hand(g, 3, "9c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 1, "10h"), 1);
    /* 162 - 78 - 1 - 6 replacements = 77. */
    ck_assert_int_eq(th_stock_size(g), 77);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | Qc Qd Qh Qs Qc Qd Qh");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    /* Side 0: 70 + 70 = 140 melded, 2 x 500, five red threes 1000 (side
     * 0 melded), concealed 200; seat 3 holds 4c 5c 6c 7c 4d 5d 6d 7d (40)
     * + 8c 10c Jc 9c 9d (50) = 90: 2250. */
    th_expect_items(g, 0, 140, 1000, 0, 1000, 200, -90, 2250);
    /* Side 1: its one red three counts -100 (nothing melded); seat 1
     * holds 4h 5h 6h 7h 4s (25) + 8h 9h Jh 10h Qs Ks (60) + Ac As (40) =
     * 125, seat 4 whatever the filler gave it. */
    int h4 = th_held_value(g, 4);
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -125 - h4, -225 - h4);
    int h2 = th_held_value(g, 2), h5 = th_held_value(g, 5);
    th_expect_items(g, 2, 0, 0, 0, 0, 0, -h2 - h5, -h2 - h5);
    canasta_game_free(g);
}
END_TEST

/* Two sides: side 0 (seats 0, 2, 4) is dealt all six red threes and
 * melds nothing; seat 1 goes out concealed on its first turn. */
START_TEST(test_X6_six_red_threes_count_minus_1200)
{
    static const char *const hands[6] = {
        "3d 3d", "Kc Kd Kh Ks Kc Kd Kh Ac Ad Ah As Ac Ad", "3d 3h", "",
        "3h 3h", "",
    };
    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_TWO_SIDES, hands, NULL,
                                  "9c 9d 9h 9s 8c 8d 7c Ah");
    ck_assert_int_eq(th_red_three_count(g, 0) + th_red_three_count(g, 2) +
                     th_red_three_count(g, 4), 6);
    th_do_draw(g, 0); /* 7c */
    th_do_discard(g, 0, "7c");
    th_do_draw(g, 1); /* Ah */
    th_do_meld(g, 1, "Kc Kd Kh Ks Kc Kd Kh | Ac Ad Ah As Ac Ad Ah");
    th_expect_end(g, CANASTA_END_CONCEALED, 1);
    /* Side 1: 70 + 140 = 210, 1000, concealed 200, minus seats 3 and 5. */
    int h3 = th_held_value(g, 3), h5 = th_held_value(g, 5);
    th_expect_items(g, 1, 210, 1000, 0, 0, 200, -h3 - h5,
                    1410 - h3 - h5);
    /* Side 0: six red threes, nothing melded: -1200. */
    int h = th_held_value(g, 0) + th_held_value(g, 2) + th_held_value(g, 4);
    th_expect_items(g, 0, 0, 0, 0, -1200, 0, -h, -1200 - h);
    canasta_game_free(g);
}
END_TEST

/* Seat 0: A x4 + joker + 5 x4 (145 without the fourth 5, 150 with it).
 * Seat 1: A x4 + K x4 (110 with three kings, 120 with four). */
static const char *const X6_OPENING[6] = {
    "Ac Ad Ah As Jk 5c 5d 5h 5s 9c 10d Jh Qs",
    "Ac Ad Ah As Kc Kd Kh Ks 9d 10c Jd Qh 4c", "", "", "", "",
};

START_TEST(test_X6_two_sides_150_opening_at_7000)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_SIX_TWO_SIDES);
    ck_assert_int_eq(rules_min(r, -5), 15);
    ck_assert_int_eq(rules_min(r, 0), 50);
    ck_assert_int_eq(rules_min(r, 1500), 90);
    ck_assert_int_eq(rules_min(r, 3000), 120);
    ck_assert_int_eq(rules_min(r, 6995), 120);
    ck_assert_int_eq(rules_min(r, 6999), 120);
    ck_assert_int_eq(rules_min(r, 7000), 150);
    ck_assert_int_eq(rules_min(r, 9990), 150);
    canasta_rules_free(r);

    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_TWO_SIDES, X6_OPENING,
                                  NULL, "8c 8d");
    canasta_move m;
    set_totals2(g, 7000, 6999);
    ck_assert_int_eq(minimum(g, 0), 150);
    ck_assert_int_eq(minimum(g, 1), 120);
    th_do_draw(g, 0);
    /* 80 + 50 + 15 = 145 < 150. */
    th_meld(&m, 0, "Ac Ad Ah As Jk | 5c 5d 5h");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X6");
    /* 80 + 50 + 20 = 150. */
    th_do_meld(g, 0, "Ac Ad Ah As Jk | 5c 5d 5h 5s");
    ck_assert_int_eq(th_opened(g, 0), 1);
    th_do_discard(g, 0, "8c");
    /* Side 1 at 6999 needs 120: 80 + 30 = 110 is short, 80 + 40 is not. */
    th_do_draw(g, 1);
    th_meld(&m, 1, "Ac Ad Ah As | Kc Kd Kh");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X6");
    th_do_meld(g, 1, "Ac Ad Ah As | Kc Kd Kh Ks");
    ck_assert_int_eq(th_opened(g, 1), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X6_three_sides_7000_needs_only_120)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_SIX_THREE_SIDES);
    ck_assert_int_eq(rules_min(r, -5), 15);
    ck_assert_int_eq(rules_min(r, 0), 50);
    ck_assert_int_eq(rules_min(r, 1500), 90);
    ck_assert_int_eq(rules_min(r, 3000), 120);
    ck_assert_int_eq(rules_min(r, 7000), 120);
    ck_assert_int_eq(rules_min(r, 9990), 120);
    canasta_rules_free(r);

    /* Seat 0 gets seat 1's hand of the test above (A x4 + K x4). */
    static const char *const hands[6] = {
        "Ac Ad Ah As Kc Kd Kh Ks 9d 10c Jd Qh 4c", "", "", "", "", "",
    };
    canasta_game *g = deal_preset(CANASTA_PRESET_SIX_THREE_SIDES, hands,
                                  NULL, "8c");
    canasta_move m;
    set_totals3(g, 7000, 0, 0);
    ck_assert_int_eq(minimum(g, 0), 120);
    th_do_draw(g, 0);
    th_meld(&m, 0, "Ac Ad Ah As | Kc Kd Kh");
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2 X6");
    th_do_meld(g, 0, "Ac Ad Ah As | Kc Kd Kh Ks");
    ck_assert_int_eq(th_opened(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

/* Seat 0: K x7 + A x6, draws Ah; seat 4: Q x7 + J x6, draws Jh.  Both
 * could go out after drawing (two canastas each). */
static const char *const X6_ASK[6] = {
    "Kc Kd Kh Ks Kc Kd Kh Ac Ad Ah As Ac Ad", "", "", "",
    "Qc Qd Qh Qs Qc Qd Qh Jc Jd Jh Js Jc Jd", "",
};

static void x6_ask_round(int preset, int partner0, int partner4)
{
    canasta_game *g = deal_preset(preset, X6_ASK, NULL,
                                  "Ah 4c 4d 4h Jh");
    canasta_move m;
    th_do_draw(g, 0);
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert_int_eq(th_seat(g), partner0);
    /* Another partner of the side is not the one asked. */
    for (int s = 0; s < 6; s++) {
        if (s == partner0)
            continue;
        th_move(&m, CANASTA_MOVE_ANSWER_NO, s);
        ck_assert_int_eq(canasta_validate(NULL, 0, g, &m), CANASTA_E_TURN);
    }
    do_simple(g, CANASTA_MOVE_ANSWER_NO, partner0);
    ck_assert_int_eq(th_seat(g), 0);
    th_do_discard(g, 0, "Ah");
    th_pass_turn(g, 1, "4c");
    th_pass_turn(g, 2, "4d");
    th_pass_turn(g, 3, "4h");
    th_do_draw(g, 4);
    th_move(&m, CANASTA_MOVE_ASK, 4);
    th_ok(g, &m);
    ck_assert_int_eq(th_seat(g), partner4);
    do_simple(g, CANASTA_MOVE_ANSWER_YES, partner4);
    th_do_meld(g, 4, "Qc Qd Qh Qs Qc Qd Qh | Jc Jd Jh Js Jc Jd Jh");
    th_expect_end(g, CANASTA_END_CONCEALED, 4);
    canasta_game_free(g);
}

START_TEST(test_X6_three_sides_ask_goes_to_seat_plus_3)
{
    /* 0 + 3 = 3; 4 + 3 = 7 = seat 1. */
    x6_ask_round(CANASTA_PRESET_SIX_THREE_SIDES, 3, 1);
}
END_TEST

START_TEST(test_X6_two_sides_ask_goes_to_seat_plus_2)
{
    /* 0 + 2 = 2 (not seat 4); 4 + 2 = 6 = seat 0 (not seat 2). */
    x6_ask_round(CANASTA_PRESET_SIX_TWO_SIDES, 2, 0);
}
END_TEST

/* Seat 0 goes out at once with K x7 + A x7 (210 + 1000 + 200 = 1410,
 * minus its partners' hands). */
static canasta_game *x6_out_game(int preset)
{
    return deal_preset(preset, X6_TWO_CANASTAS, NULL, "Ah");
}

static void x6_go_out(canasta_game *g)
{
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd Kh | Ac Ad Ah As Ac Ad Ah");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
}

START_TEST(test_X6_three_sides_game_to_7500)
{
    canasta_game *g = x6_out_game(CANASTA_PRESET_SIX_THREE_SIDES);
    set_totals3(g, 6500, 0, 0);
    x6_go_out(g);
    /* 6500 + 1410 - seat 3's hand (13 filler cards, at most 130). */
    int h3 = th_held_value(g, 3);
    ck_assert_int_eq(th_total(g, 0), 6500 + 1410 - h3);
    ck_assert_int_ge(th_total(g, 0), 7500);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(winner(g), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_X6_two_sides_game_to_10000)
{
    int w = -7;
    canasta_game *g = x6_out_game(CANASTA_PRESET_SIX_TWO_SIDES);
    set_totals2(g, 8000, 0);
    x6_go_out(g);
    /* 8000 + 1410 - seats 2 and 4's hands: past 7500, short of 10000. */
    int h = th_held_value(g, 2) + th_held_value(g, 4);
    ck_assert_int_eq(th_total(g, 0), 8000 + 1410 - h);
    ck_assert_int_lt(th_total(g, 0), 10000);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    canasta_game_free(g);

    g = x6_out_game(CANASTA_PRESET_SIX_TWO_SIDES);
    set_totals2(g, 9000, 9500);
    x6_go_out(g);
    /* 9000 + 1410 - h >= 10000 (h <= 260); side 1 only loses. */
    ck_assert_int_ge(th_total(g, 0), 10000);
    ck_assert_int_lt(th_total(g, 1), 9500);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(winner(g), 0);
    canasta_game_free(g);
}
END_TEST

/* ================================================================ */

Suite *suite_variants(void)
{
    Suite *s = suite_create("variants");
    TCase *x2 = tcase_create("X2");
    TCase *x3 = tcase_create("X3");
    TCase *x6 = tcase_create("X6");

    tcase_add_test(x2, test_X2_defaults);
    tcase_add_test(x2, test_X2_draw_takes_two_cards);
    tcase_add_test(x2, test_X2_red_three_among_drawn_cards_replaced);
    tcase_add_test(x2, test_X2_last_stock_card_is_a_full_draw);
    tcase_add_test(x2, test_X2_red_three_as_last_stock_card_ends_hand);
    tcase_add_test(x2, test_X2_going_out_needs_two_canastas);
    tcase_add_test(x2, test_X2_individual_scores);
    tcase_add_test(x2, test_X2_no_partner_to_ask);

    tcase_add_test(x3, test_X3_defaults);
    tcase_add_test(x3, test_X3_eleven_card_option);
    tcase_add_test(x3, test_X3_draw_takes_two_cards);
    tcase_add_test(x3, test_X3_ask_refused_before_partnership);
    tcase_add_test(x3, test_X3_lone_hand_out_before_pile_taken_scores);
    tcase_add_test(x3, test_X3_red_threes_count_for_owner);
    tcase_add_test(x3, test_X3_red_three_minus_when_partnership_melded_nothing);
    tcase_add_test(x3, test_X3_game_to_7500_among_three_totals);
    tcase_add_test(x3, test_X3_target_is_7500_not_5000);
    tcase_add_test(x3, test_X3_two_canastas_option);
    tcase_add_test(x3, test_X3_pile_never_taken_everyone_scores_alone);
    tcase_add_test(x3, test_X3_first_take_makes_lone_hand);
    tcase_add_test(x3, test_X3_merge_adds_melds_rank_by_rank);
    tcase_add_test(x3, test_X3_merge_makes_canasta);
    tcase_add_test(x3, test_X3_merge_keeps_more_than_three_wild_cards);
    tcase_add_test(x3, test_X3_merge_two_canastas_of_a_rank_make_one);
    tcase_add_test(x3, test_X3_partnership_opened_by_lower_partner);
    tcase_add_test(x3, test_X3_partnership_opened_by_higher_partner);
    tcase_add_test(x3, test_X3_unopened_partnership_uses_melder_minimum);
    tcase_add_test(x3, test_X3_either_partner_adds_to_merged_melds);
    tcase_add_test(x3, test_X3_lone_hand_cannot_add_to_partners_melds);
    tcase_add_test(x3, test_X3_partner_may_ask_partner);
    tcase_add_test(x3, test_X3_partnership_scores_after_merge);
    tcase_add_test(x3, test_X3_lone_hand_may_not_ask);
    tcase_add_test(x3, test_X3_lone_seat_0_partners_merge_on_side_1);
    tcase_add_test(x3,
                   test_X3_red_three_of_merged_partner_counts_for_owner_only);
    tcase_add_test(x3, test_X3_undo_take_dissolves_partnership);
    tcase_add_test(x3, test_X3_next_hand_starts_without_partners);
    tcase_add_test(x3, test_X3_partners_tied_at_top_play_on_or_tie);

    tcase_add_test(x6, test_X6_defaults_three_sides);
    tcase_add_test(x6, test_X6_defaults_two_sides);
    tcase_add_test(x6, test_X6_three_sides_partners_opposite);
    tcase_add_test(x6, test_X6_two_sides_alternate_seats);
    tcase_add_test(x6, test_X6_going_out_needs_two_canastas);
    tcase_add_test(x6, test_X6_red_three_table);
    tcase_add_test(x6, test_X6_five_red_threes_in_a_real_hand);
    tcase_add_test(x6, test_X6_six_red_threes_count_minus_1200);
    tcase_add_test(x6, test_X6_two_sides_150_opening_at_7000);
    tcase_add_test(x6, test_X6_three_sides_7000_needs_only_120);
    tcase_add_test(x6, test_X6_three_sides_ask_goes_to_seat_plus_3);
    tcase_add_test(x6, test_X6_two_sides_ask_goes_to_seat_plus_2);
    tcase_add_test(x6, test_X6_three_sides_game_to_7500);
    tcase_add_test(x6, test_X6_two_sides_game_to_10000);

    suite_add_tcase(s, x2);
    suite_add_tcase(s, x3);
    suite_add_tcase(s, x6);
    return s;
}
