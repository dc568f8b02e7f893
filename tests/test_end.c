/*
 * The end of the stock, of the hand and of the game: rules E1-E3, S5, S6
 * of RULES.md, and the hand/game flow of DECISIONS.md 10-13 (phase
 * HAND_OVER, move NEXT_HAND, phase GAME_OVER).
 *
 * Games are dealt by th_game() with every hand written out and the cards
 * drawn listed at the stock top.  Where the stock must run out, the test
 * lays out the whole stock itself (whole_stock below) and places every
 * wild card and black three in a hand, so that the stock holds only
 * natural cards (and the red threes the test wants, where it wants them):
 * the turns that drain it are then one card each, nothing they discard
 * freezes or blocks the pile, and the seat to move afterwards follows by
 * counting.  Expected scores are worked out from V1, R3, S1, S2 and E3 in
 * the comments, never taken from the engine.
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* ---------------------------------------------------------------- */
/* Local helpers                                                      */
/* ---------------------------------------------------------------- */

static void do_simple(canasta_game *g, int kind, int seat)
{
    canasta_move m;
    th_move(&m, kind, seat);
    th_ok(g, &m);
}

static void remove_cards(int left[CANASTA_CARD_LIMIT], const char *text)
{
    uint8_t cards[128];
    size_t n = th_cards(cards, sizeof cards, text), i;
    for (i = 0; i < n; i++) {
        ck_assert_msg(left[cards[i]] > 0, "card %d named too often in '%s'",
                      cards[i], text);
        left[cards[i]]--;
    }
}

/* The whole stock, top first: head, then every card of the deck that the
 * hands, upcards, head and tail do not name, then tail.  Those middle
 * cards must all be naturals 4..A (the test puts every wild card, black
 * three and red three somewhere on purpose). */
static void whole_stock(char *buf, size_t cap, const char *const hands[4],
                        const char *upcards, const char *head,
                        const char *tail)
{
    int left[CANASTA_CARD_LIMIT] = { 0 };
    int r, s, copy, c;
    size_t len;
    for (r = 2; r <= 14; r++)
        for (s = 0; s < 4; s++)
            left[CANASTA_CARD(r, s)] = 2;
    left[CANASTA_JOKER] = 4;
    for (s = 0; s < 4; s++)
        remove_cards(left, hands[s]);
    remove_cards(left, upcards);
    remove_cards(left, head);
    remove_cards(left, tail);
    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        if (c / 4 < 4 || c == CANASTA_JOKER)
            ck_assert_msg(left[c] == 0, "card %d would be in the stock", c);
    snprintf(buf, cap, "%s", head);
    for (copy = 0; copy < 2; copy++)
        for (r = 4; r <= 14; r++)
            for (s = 0; s < 4; s++) {
                char name[8];
                c = CANASTA_CARD(r, s);
                if (left[c] == 0)
                    continue;
                left[c]--;
                ck_assert_int_eq(canasta_card_to_string(name, sizeof name, c),
                                 CANASTA_OK);
                len = strlen(buf);
                ck_assert(len + strlen(name) + 2 < cap);
                snprintf(buf + len, cap - len, " %s", name);
            }
    len = strlen(buf);
    ck_assert(len + strlen(tail) + 2 < cap);
    snprintf(buf + len, cap - len, " %s", tail);
}

/* Re-deal g's current hand (before its first move) as th_game would deal
 * a fresh game with this dealer and these cards. */
static void redeal(canasta_game *g, int dealer, const char *const hands[4],
                   const char *upcards, const char *stock)
{
    canasta_game *model = th_game(NULL, dealer, hands, upcards, stock);
    uint8_t deck[CANASTA_CARD_LIMIT * 2];
    size_t n = 0;
    int d = -1;
    ck_assert_int_eq(canasta_game_dealer(&d, g), CANASTA_OK);
    ck_assert_int_eq(d, dealer);
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, model),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 108);
    ck_assert_int_eq(canasta_game_set_deck(g, deck, n), CANASTA_OK);
    canasta_game_free(model);
}

/* ---------------------------------------------------------------- */
/* E1                                                                 */
/* ---------------------------------------------------------------- */

/* Dealer 3.  Side 1 (seat 1) opens with K K K + A A A (30 + 60 = 90).
 * Seat 0 draws all four red threes, then the 4s.  Every two (8) and
 * joker (2 + 2) and black three (3c 3c, 3s 3s) is in a hand.
 * K: Kc Kd Kh, Ks.  Q: Qc, Qh Qs.  6: 6c.  J: Jc, Jd (stock).
 * 4: 4c, 4d, 4h (upcard), 4s (stock).  5: 5c, 5d, 5s (last stock card). */
static const char *const E1_HANDS[4] = {
    "2c 2c 2d 2d 2h 2h 2s 2s Jk Jk 4c",
    "Kc Kd Kh Ac Ad Ah Jk Jk 3c 3c 5c",
    "3s 3s Ks Qc 6c 5d 4d 7h 8h 9h 10h",
    "Qh Qs 7c 7d 8c 8d 9c 9d 10c 10d Jc",
};

/* Play until the stock is empty and seat 3 must decide on a pile topped
 * by seat 2's discard; seat 0's first discard is seat0_discard (the 4s it
 * drew, or a card from its hand). */
static canasta_game *e1_position_ex(const char *seat0_discard,
                                    const char *seat2_discard)
{
    char stock[600];
    canasta_game *g;
    whole_stock(stock, sizeof stock, E1_HANDS, "4h", "3d 3d 3h 3h 4s Jd",
                "5s");
    g = th_game(NULL, 3, E1_HANDS, "4h", stock);
    /* 108 - 44 - 1 = 63. */
    ck_assert_int_eq(th_stock_size(g), 63);
    th_do_draw(g, 0);                    /* 3d 3d 3h 3h, then the 4s */
    ck_assert_int_eq(th_red_three_count(g, 0), 4);
    th_do_discard(g, 0, seat0_discard);
    th_do_draw(g, 1);                    /* Jd */
    th_do_meld(g, 1, "Kc Kd Kh | Ac Ad Ah");
    th_do_discard(g, 1, "Jd");
    /* 63 - 5 - 1 = 57 left; 56 one-card turns from seat 2 leave 1, and
     * the next seat is (2 + 56) mod 4 = 2. */
    ck_assert_int_eq(th_stock_size(g), 57);
    th_drain_stock(g, 1);
    ck_assert_int_eq(th_stock_size(g), 1);
    ck_assert_int_eq(th_seat(g), 2);
    th_do_draw(g, 2);                    /* the last card: 5s */
    ck_assert_int_eq(th_count_in_hand(g, 2, "5s"), 1);
    th_do_discard(g, 2, seat2_discard);
    ck_assert_int_eq(th_stock_size(g), 0);
    /* One discard per stock card drawn (59 turns) on the upcard. */
    ck_assert_int_eq(th_pile_size(g), 60);
    ck_assert_int_eq(th_seat(g), 3);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_hand_size(g, 3), 11);
    return g;
}

static canasta_game *e1_position(const char *seat2_discard)
{
    canasta_game *g = e1_position_ex("4s", seat2_discard);
    /* Only naturals were discarded and side 1 has opened. */
    ck_assert_int_eq(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_MASK, 0);
    return g;
}

START_TEST(test_E1_decline_while_stock_left_rejected)
{
    canasta_game *g = th_game(NULL, 3, E1_HANDS, "4h", NULL);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_DECLINE, 0);
    /* Declining exists only once the stock is empty (E1); the turn must
     * start with a draw or a take (T1). */
    th_reject_ids(g, &m, CANASTA_E_PHASE, "E1 T1");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E1_must_take_when_top_card_joins_a_meld)
{
    canasta_game *g = e1_position("Ks");
    canasta_move m;
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject(g, &m, CANASTA_E_STOCK_EMPTY, "E1");
    /* The Ks joins side 1's kings and the pile is not frozen for side 1:
     * the take is compulsory. */
    th_move(&m, CANASTA_MOVE_DECLINE, 3);
    th_reject(g, &m, CANASTA_E_MUST_TAKE, "E1");
    th_do_take(g, 3, "");
    th_expect_meld(g, 1, CANASTA_RANK_KING, 4, 0, 0);
    /* 11 + 60 - 1 (the top card melded) = 70. */
    ck_assert_int_eq(th_hand_size(g, 3), 70);
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 3);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E1_optional_take_declined_ends_hand)
{
    canasta_game *g = e1_position("Qc");
    canasta_move m;
    /* Q Q Q would be a new meld: seat 3 may take... */
    th_take(&m, g, 3, "Qh Qs");
    th_expect_valid(g, &m);
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject(g, &m, CANASTA_E_STOCK_EMPTY, "E1");
    /* ...and may decline, which ends the hand. */
    do_simple(g, CANASTA_MOVE_DECLINE, 3);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_STOCK, -1);
    /* DECISIONS 12: the next dealer (3 + 1 mod 4 = 0) has the move. */
    ck_assert_int_eq(th_seat(g), 0);

    /* Nobody went out, so no going-out bonus (E1).
     * Side 0 melded nothing: four red threes count -800 (R3).  Seat 0
     * holds eight twos (160), two jokers (100) and the 4c (5) = 265; seat
     * 2 holds 3s 3s 6c 5d 4d 7h 5s (7 x 5 = 35) and Ks 8h 9h 10h (40) =
     * 75.  Total -800 - 340 = -1140. */
    th_expect_items(g, 0, 0, 0, 0, -800, 0, -340, -1140);
    /* Side 1: K K K + A A A melded = 90; seat 1 holds Jk Jk 3c 3c 5c =
     * 115, seat 3 holds 7c 7d (10) + Qh Qs 8c 8d 9c 9d 10c 10d Jc (90) =
     * 100.  Total 90 - 215 = -125. */
    th_expect_items(g, 1, 90, 0, 0, 0, 0, -215, -125);
    ck_assert_int_eq(th_total(g, 0), -1140);
    ck_assert_int_eq(th_total(g, 1), -125);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E1_cannot_take_decline_ends_hand)
{
    canasta_game *g = e1_position("6c");
    canasta_move m;
    char why[256];
    int it[CANASTA_SCORE_ITEMS];
    /* Seat 3 holds no 6 and no wild card; side 1 has no 6 meld. */
    th_take(&m, g, 3, "");
    ck_assert_int_ne(canasta_validate(why, sizeof why, g, &m), CANASTA_OK);
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject(g, &m, CANASTA_E_STOCK_EMPTY, "E1");
    do_simple(g, CANASTA_MOVE_DECLINE, 3);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_STOCK, -1);
    ck_assert_int_eq(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 0);
    /* Seat 2 kept the Qc this time instead of the 6c: 75 - 5 + 10 = 80,
     * so side 0: -800 - (265 + 80) = -1145. */
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], -1145);
    ck_assert_int_eq(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g, 1),
                     CANASTA_OK);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], 0);
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], -125);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E1_frozen_pile_top_joining_meld_is_not_forced)
{
    /* Seat 0 threw a two at its first turn, so the pile is frozen for
     * everyone (P3).  The Ks on top matches side 1's kings, but a frozen
     * pile cannot be taken by adding to a meld (P4), and seat 3 holds no
     * king: it cannot take, so it may decline (E1 forces only an
     * unfrozen pile). */
    canasta_game *g = e1_position_ex("2c", "Ks");
    canasta_move m;
    ck_assert(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_WILD);
    th_take(&m, g, 3, "");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    do_simple(g, CANASTA_MOVE_DECLINE, 3);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_STOCK, -1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E1_black_three_on_top_of_empty_stock_declined)
{
    /* Seat 2's last discard is a black three: nobody may take the pile
     * (P2), so seat 3 cannot take it and its decline ends the hand. */
    canasta_game *g = e1_position("3s");
    canasta_move m;
    ck_assert(th_pile_status(g, 1) & CANASTA_PILE_BLOCKED_BLACK_THREE);
    th_take(&m, g, 3, "");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject(g, &m, CANASTA_E_STOCK_EMPTY, "E1");
    do_simple(g, CANASTA_MOVE_DECLINE, 3);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_STOCK, -1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* E2                                                                 */
/* ---------------------------------------------------------------- */

/* Dealer 3.  Every wild card and black three is in a hand, so the stock
 * holds naturals and the red threes each test places. */
static const char *const E2_HANDS[4] = {
    "2c 2c 2d 2d 2h 2h 2s 2s Jk Jk 4c",
    "Jk Jk 3c 3c 3s 3s 4d 5d 6d 7d 8d",
    "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
    "4s 5s 6s 7s 8s 9s 10s Js Qs Ks As",
};

START_TEST(test_E2_red_three_as_last_stock_card_ends_hand)
{
    /* Dealer 3.  All twos, jokers and black threes are in hands; three
     * red threes are at the stock top (seat 0 draws them), the fourth is
     * the last stock card. */
    const char *const *hands = E2_HANDS;
    char stock[600];
    canasta_game *g;
    canasta_move m;
    whole_stock(stock, sizeof stock, hands, "9c", "3d 3d 3h 5c", "3h");
    g = th_game(NULL, 3, hands, "9c", stock);
    th_do_draw(g, 0);
    ck_assert_int_eq(th_red_three_count(g, 0), 3);
    th_do_discard(g, 0, "5c");
    /* 63 - 4 = 59; 58 one-card turns from seat 1 leave one card, and the
     * next seat is (1 + 58) mod 4 = 3. */
    ck_assert_int_eq(th_stock_size(g), 59);
    th_drain_stock(g, 1);
    ck_assert_int_eq(th_stock_size(g), 1);
    ck_assert_int_eq(th_seat(g), 3);
    ck_assert_int_eq(th_pile_size(g), 60);

    th_do_draw(g, 3);
    /* Laid out, not replaced (nothing is left), and the hand is over at
     * once: no meld, no discard. */
    ck_assert_int_eq(th_red_three_count(g, 3), 1);
    ck_assert_int_eq(th_hand_size(g, 3), 11);
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(th_pile_size(g), 60);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_RED_THREE, -1);
    /* Seat 3 may not discard now: the move is the next dealer's. */
    th_discard(&m, 3, "4s");
    th_reject_ids(g, &m, CANASTA_E_TURN, NULL);

    /* Counted: side 1 melded nothing, so its red three is -100.  Seat 1
     * holds Jk Jk (100) 3c 3c 3s 3s (20) 4d 5d 6d 7d (20) 8d (10) = 150,
     * seat 3 holds 4s-7s (20) 8s 9s 10s Js Qs Ks (60) As (20) = 100.
     * Total -100 - 250 = -350. */
    th_expect_items(g, 1, 0, 0, 0, -100, 0, -250, -350);
    /* Side 0: three red threes, nothing melded: -300; seat 0 holds 265
     * (as in E1), seat 2 holds 4h..Ah = 100.  Total -300 - 365 = -665. */
    th_expect_items(g, 0, 0, 0, 0, -300, 0, -365, -665);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E2_red_three_replacement_as_last_card_ends_hand)
{
    /* The last two stock cards are 3d then 3h: the 3d is laid out and
     * replaced by the 3h, the last card, which ends the hand (DECISIONS
     * 11: also as a replacement). */
    char stock[600];
    canasta_game *g;
    whole_stock(stock, sizeof stock, E2_HANDS, "9c", "3d 3h 5c", "3d 3h");
    g = th_game(NULL, 3, E2_HANDS, "9c", stock);
    th_do_draw(g, 0);                        /* 3d 3h out, then the 5c */
    ck_assert_int_eq(th_red_three_count(g, 0), 2);
    th_do_discard(g, 0, "5c");
    /* 63 - 3 = 60; 58 turns from seat 1 leave two cards for seat
     * (1 + 58) mod 4 = 3. */
    th_drain_stock(g, 2);
    ck_assert_int_eq(th_stock_size(g), 2);
    ck_assert_int_eq(th_seat(g), 3);
    th_do_draw(g, 3);
    ck_assert_int_eq(th_red_three_count(g, 3), 2);
    ck_assert_int_eq(th_hand_size(g, 3), 11);
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_RED_THREE, -1);
    /* Side 1 melded nothing: two red threes -200, hands -250 (as in the
     * test above). */
    th_expect_items(g, 1, 0, 0, 0, -200, 0, -250, -450);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E2_red_three_before_last_card_is_replaced_play_goes_on)
{
    /* The last two stock cards are 3h then 9s: the red three is not the
     * last card, so it is replaced by the 9s (R1) and the hand goes on
     * with the pile only (E1). */
    char stock[600];
    canasta_game *g;
    canasta_move m;
    whole_stock(stock, sizeof stock, E2_HANDS, "9c", "3d 3d 3h 5c",
                "3h 9s");
    g = th_game(NULL, 3, E2_HANDS, "9c", stock);
    th_do_draw(g, 0);
    th_do_discard(g, 0, "5c");
    /* 63 - 4 = 59; 57 turns from seat 1 leave two cards for seat
     * (1 + 57) mod 4 = 2. */
    th_drain_stock(g, 2);
    ck_assert_int_eq(th_stock_size(g), 2);
    ck_assert_int_eq(th_seat(g), 2);
    th_do_draw(g, 2);
    ck_assert_int_eq(th_red_three_count(g, 2), 1);
    ck_assert_int_eq(th_hand_size(g, 2), 12);
    ck_assert_int_eq(th_count_in_hand(g, 2, "9s"), 1);
    ck_assert_int_eq(th_stock_size(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    th_do_discard(g, 2, "9s");
    ck_assert_int_eq(th_seat(g), 3);
    th_move(&m, CANASTA_MOVE_DRAW, 3);
    th_reject(g, &m, CANASTA_E_STOCK_EMPTY, "E1");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* E3                                                                 */
/* ---------------------------------------------------------------- */

/* Dealer 3.  Seat 0 opens with K K K K K 2 + A A A (70 + 60 = 130), seat
 * 1 with Q Q Q Jk (30 + 50 = 80), seat 2 adds the 7th king (a mixed
 * canasta), seat 3 passes, seat 0 melds its last three cards (5 5 5) and
 * is out.  K: Kc Kc Kd Kd Kh, Ks.  A: Ac Ad Ah, As, Ah.  Q: Qc Qd Qh, Qs,
 * Qs.  5: 5c 5d, 5h (stock).  9: 9h, 9s, 9c (stock), 9d (upcard).
 * 4: 4h, 4s 4c, 4d (stock).  6: 6h, 6s, 6c, 6d (stock).  8: 8h, 8s,
 * 8c 8d, 8s (stock). */
static const char *const E3_HANDS[4] = {
    "Kc Kc Kd Kd Kh 2c Ac Ad Ah 5c 5d",
    "Qc Qd Qh Jk 4h 6h 7h 8h 9h 10h Jh",
    "Ks 4s 6s 7s 8s 9s 10s Js Qs As 4c",
    "6c 7c 8c 10c Jc Qs Ah 7d 8d 10d Jd",
};
#define E3_UP "9d"
#define E3_STOCK "9c 4d 6d 8s 5h"

static void play_e3_hand(canasta_game *g)
{
    int natural = -1, mixed = -1;
    th_do_draw(g, 0);                                    /* 9c */
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh 2c | Ac Ad Ah");
    th_do_discard(g, 0, "9c");
    th_do_draw(g, 1);                                    /* 4d */
    th_do_meld(g, 1, "Qc Qd Qh Jk");
    th_do_discard(g, 1, "4d");
    th_do_draw(g, 2);                                    /* 6d */
    th_do_meld(g, 2, "Ks");
    ck_assert_int_eq(canasta_game_canastas(&natural, &mixed, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq(natural, 0);
    ck_assert_int_eq(mixed, 1);
    th_do_discard(g, 2, "6d");
    th_do_draw(g, 3);                                    /* 8s */
    th_do_discard(g, 3, "8s");
    th_do_draw(g, 0);                                    /* 5h */
    th_do_meld(g, 0, "5c 5d 5h");
    ck_assert_int_eq(th_hand_size(g, 0), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
}

START_TEST(test_E3_hand_score_items)
{
    canasta_game *g = th_game(NULL, 3, E3_HANDS, E3_UP, E3_STOCK);
    play_e3_hand(g);
    /* Seat 0 had melded in an earlier turn: a plain going out (G2). */
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    /* Side 0: melded K x 6 (60) + 2c (20) + A A A (60) + 5 5 5 (15) = 155;
     * one mixed canasta 300; going out 100; seat 0 holds nothing, seat 2
     * holds 4s 6s 7s 4c (20) 8s 9s 10s Js Qs (50) As (20) = 90.
     * Total 155 + 300 + 100 - 90 = 465. */
    th_expect_items(g, 0, 155, 0, 300, 0, 100, -90, 465);
    /* Side 1: Q Q Q Jk = 30 + 50 = 80 melded; seat 1 holds 4h 6h 7h (15)
     * 8h 9h 10h Jh (40) = 55; seat 3 holds 6c 7c 7d (15) 8c 10c Jc Qs 8d
     * 10d Jd (70) Ah (20) = 105.  80 - 160 = -80: a negative hand. */
    th_expect_items(g, 1, 80, 0, 0, 0, 0, -160, -80);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_E3_items_follow_from_final_position)
{
    /* Recompute every item of both sides from what the queries show at
     * the end of the hand, with our own V1/S1/S2/R3 arithmetic. */
    canasta_game *g = th_game(NULL, 3, E3_HANDS, E3_UP, E3_STOCK);
    int side, how = -1, who = -9;
    play_e3_hand(g);
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    for (side = 0; side < 2; side++) {
        int want[CANASTA_SCORE_ITEMS] = { 0 }, got[CANASTA_SCORE_ITEMS];
        int rank, seat, red = 0, any_meld = 0, i;
        for (rank = 3; rank <= 14; rank++) {
            int n = 0, t = 0, j = 0, per;
            ck_assert_int_eq(canasta_game_meld(&n, &t, &j, g, side, rank),
                             CANASTA_OK);
            per = rank == 14 ? 20 : rank >= 8 ? 10 : 5;
            want[CANASTA_SCORE_MELDED] += n * per + 20 * t + 50 * j;
            if (n + t + j > 0)
                any_meld = 1;
            if (n + t + j >= 7) {
                if (t + j == 0)
                    want[CANASTA_SCORE_NATURAL_CANASTAS] += 500;
                else
                    want[CANASTA_SCORE_MIXED_CANASTAS] += 300;
            }
        }
        for (seat = 0; seat < 4; seat++) {
            int sd = -1;
            ck_assert_int_eq(canasta_game_seat_side(&sd, g, seat),
                             CANASTA_OK);
            ck_assert_int_eq(sd, seat % 2);                  /* C1 */
            if (sd != side)
                continue;
            red += th_red_three_count(g, seat);
            want[CANASTA_SCORE_IN_HAND] -= th_held_value(g, seat);
        }
        want[CANASTA_SCORE_RED_THREES] =
            (red == 4 ? 800 : 100 * red) * (any_meld ? 1 : -1);
        if (who >= 0 && who % 2 == side)
            want[CANASTA_SCORE_GOING_OUT] =
                how == CANASTA_END_CONCEALED ? 200 : 100;
        for (i = 0; i < CANASTA_SCORE_TOTAL; i++)
            want[CANASTA_SCORE_TOTAL] += want[i];
        ck_assert_int_eq(canasta_game_hand_score(got, CANASTA_SCORE_ITEMS, g,
                                                 side), CANASTA_OK);
        for (i = 0; i < CANASTA_SCORE_ITEMS; i++)
            ck_assert_msg(got[i] == want[i], "side %d item %d: %d, want %d",
                          side, i, got[i], want[i]);
        ck_assert_int_eq(th_total(g, side), want[CANASTA_SCORE_TOTAL]);
    }
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Hand flow: HAND_OVER and NEXT_HAND                                 */
/* ---------------------------------------------------------------- */

/* Dealer 3: seat 0 goes out concealed in its first turn with seven aces
 * (140) and four fives (20): 160, enough even at 120 (O1, 3000+).
 * Side 0: 160 + 500 (natural canasta) + 200 (concealed) - 80 (seat 2:
 * 4c 4d 6c 6d 7c 7d = 30, 8c 8d 9d 10c 10d = 50) = 780.
 * Side 1: seat 1 4h 6h 7h (15) + 8h 9h 10h Jh Qh Kh Kc Kd (80) = 95,
 * seat 3 4s 6s 7s (15) + 8s 9s 10s Js Qs Ks Qc Jc (80) = 95: -190.
 * 5: 5c 5d 5h, 5s (stock).  9: 9c, 9h, 9d, 9s.  8h: seat 1 and upcard. */
static const char *const S6_HANDS[4] = {
    "Ac Ac Ad Ad Ah Ah As 5c 5d 5h 9c",
    "4h 6h 7h 8h 9h 10h Jh Qh Kh Kc Kd",
    "4c 4d 6c 6d 7c 7d 8c 8d 9d 10c 10d",
    "4s 6s 7s 8s 9s 10s Js Qs Ks Qc Jc",
};
#define S6_WIN 780
#define S6_LOSE (-190)

static canasta_game *s6_game(const canasta_rules *rules)
{
    canasta_game *g = th_game(rules, 3, S6_HANDS, "8h", "5s");
    ck_assert_int_eq(th_seat(g), 0);
    return g;
}

static void play_s6_hand(canasta_game *g)
{
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ac Ad Ad Ah Ah As | 5c 5d 5h 5s");
    th_do_discard(g, 0, "9c");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
}

START_TEST(test_HAND_OVER_phase_and_next_dealer)
{
    canasta_game *g = s6_game(NULL);
    canasta_move m;
    int it[CANASTA_SCORE_ITEMS], winner = -9;
    /* No hand has finished yet: no breakdown. */
    ck_assert_int_eq(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g, 0),
                     CANASTA_E_PHASE);
    play_s6_hand(g);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    /* The next dealer, 3 + 1 mod 4 = 0, deals the next hand. */
    ck_assert_int_eq(th_seat(g), 0);
    th_expect_items(g, 0, 160, 500, 0, 0, 200, -80, S6_WIN);
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -190, S6_LOSE);
    ck_assert_int_eq(th_total(g, 0), S6_WIN);
    ck_assert_int_eq(th_total(g, 1), S6_LOSE);
    /* 780 < 5000 (S6 default target): the game goes on. */
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_E_PHASE);
    /* Only seat 0 may deal. */
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 1);
    th_reject_ids(g, &m, CANASTA_E_TURN, NULL);
    th_move(&m, CANASTA_MOVE_DRAW, 2);
    th_reject_ids(g, &m, CANASTA_E_TURN, NULL);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_HAND_OVER_only_next_hand_is_playable)
{
    canasta_game *g = s6_game(NULL);
    canasta_move m;
    play_s6_hand(g);
    /* Seat 0 has the move, but a hand that is over has no turn (T1). */
    th_move(&m, CANASTA_MOVE_DRAW, 0);
    th_reject_ids(g, &m, CANASTA_E_PHASE, NULL);
    th_move(&m, CANASTA_MOVE_DECLINE, 0);
    th_reject_ids(g, &m, CANASTA_E_PHASE, NULL);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_NEXT_HAND_rejected_during_a_hand)
{
    canasta_game *g = s6_game(NULL);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_NEXT_HAND, 0);
    th_reject_ids(g, &m, CANASTA_E_PHASE, NULL);
    th_do_draw(g, 0);
    th_reject_ids(g, &m, CANASTA_E_PHASE, NULL);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_NEXT_HAND_deals_the_next_hand)
{
    canasta_game *g = s6_game(NULL);
    int h1 = -1, h2 = -1, d = -1, s, opened = -1, natural = -1, mixed = -1;
    int pile, stock, reds = 0, cards = 0;
    play_s6_hand(g);
    ck_assert_int_eq(canasta_game_hand_number(&h1, g), CANASTA_OK);
    do_simple(g, CANASTA_MOVE_NEXT_HAND, 0);

    ck_assert_int_eq(canasta_game_hand_number(&h2, g), CANASTA_OK);
    ck_assert_int_eq(h2, h1 + 1);
    /* C3: the deal passes left (3 -> 0); the player left of it starts. */
    ck_assert_int_eq(canasta_game_dealer(&d, g), CANASTA_OK);
    ck_assert_int_eq(d, 0);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    /* A fresh table: 11 cards each (C4, red threes replaced), no melds. */
    for (s = 0; s < 4; s++) {
        ck_assert_int_eq(th_hand_size(g, s), 11);
        reds += th_red_three_count(g, s);
    }
    for (s = 0; s < 2; s++) {
        ck_assert_int_eq(canasta_game_opened(&opened, g, s), CANASTA_OK);
        ck_assert_int_eq(opened, 0);
        ck_assert_int_eq(canasta_game_canastas(&natural, &mixed, g, s),
                         CANASTA_OK);
        ck_assert_int_eq(natural + mixed, 0);
    }
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 0, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_FIVE, 0, 0, 0);
    /* Every card is back: 44 in hands + pile + stock + red threes = 108. */
    pile = th_pile_size(g);
    stock = th_stock_size(g);
    cards = 44 + pile + stock + reds;
    ck_assert_int_eq(cards, 108);
    ck_assert_int_ge(pile, 1);
    th_assert_cards_accounted(g);
    /* S5: the totals carry over untouched; the last hand's breakdown is
     * still the one reported. */
    ck_assert_int_eq(th_total(g, 0), S6_WIN);
    ck_assert_int_eq(th_total(g, 1), S6_LOSE);
    th_expect_items(g, 0, 160, 500, 0, 0, 200, -80, S6_WIN);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* S5                                                                 */
/* ---------------------------------------------------------------- */

/* Hand 2 (dealer 0, seat 1 first).  Seat 1 opens with 4 4 4 (15, enough
 * at a negative total); seat 2 fails with K K K (30 < 50), then goes out
 * concealed: seven kings (70) + 9 9 9 9 (40) = 110.
 * 4: 4c 4d 4h, 4s (upcard).  9: 9c 9d 9h, 9s (stock).  Q: Qs, Qc Qd Qh.
 * J: Jc (stock), Jd, Jh Js.  10: 10c 10d, 10h 10s. */
static const char *const HAND2[4] = {
    "Ac Ad Ah As Qc Qd Qh Jh Js 10h 10s",
    "4c 4d 4h 6c 6d 7c 7d 8c 8d 10c 10d",
    "Kc Kc Kd Kd Kh Kh Ks 9c 9d 9h Qs",
    "5c 5d 5h 5s 6h 6s 7h 7s 8h 8s Jd",
};

START_TEST(test_S5_totals_accumulate_and_set_next_minimum)
{
    canasta_game *g = th_game(NULL, 3, E3_HANDS, E3_UP, E3_STOCK);
    canasta_move m;
    int min = -1;
    ck_assert_int_eq(canasta_game_opening_minimum(&min, g, 1), CANASTA_OK);
    ck_assert_int_eq(min, 50);                     /* O1: total 0 */
    play_e3_hand(g);
    /* Hand 1: +465 and -80 (see test_E3_hand_score_items). */
    ck_assert_int_eq(th_total(g, 0), 465);
    ck_assert_int_eq(th_total(g, 1), -80);

    do_simple(g, CANASTA_MOVE_NEXT_HAND, 0);
    redeal(g, 0, HAND2, "4s", "Jc 9s");
    ck_assert_int_eq(th_seat(g), 1);
    /* O1 from the totals: 465 -> 50; -80 (below zero) -> 15. */
    ck_assert_int_eq(canasta_game_opening_minimum(&min, g, 0), CANASTA_OK);
    ck_assert_int_eq(min, 50);
    ck_assert_int_eq(canasta_game_opening_minimum(&min, g, 1), CANASTA_OK);
    ck_assert_int_eq(min, 15);

    th_do_draw(g, 1);                                    /* Jc */
    th_do_meld(g, 1, "4c 4d 4h");                        /* 15 >= 15 */
    th_do_discard(g, 1, "Jc");
    th_do_draw(g, 2);                                    /* 9s */
    th_meld(&m, 2, "Kc Kd Kh");                          /* 30 < 50 */
    th_reject_ids(g, &m, CANASTA_E_OPENING, "O1 O2");
    th_do_meld(g, 2, "Kc Kc Kd Kd Kh Kh Ks | 9c 9d 9h 9s");
    th_do_discard(g, 2, "Qs");
    th_expect_end(g, CANASTA_END_CONCEALED, 2);

    /* Hand 2, side 0: 110 + 500 + 200 - seat 0's A A A A (80) Q Q Q (30)
     * J J 10 10 (40) = 660.  Side 1: 15 - seat 1's 6c 6d 7c 7d (20)
     * 8c 8d 10c 10d (40) - seat 3's 5 5 5 5 6 6 7 7 (40) 8 8 J (30) =
     * 15 - 130 = -115. */
    th_expect_items(g, 0, 110, 500, 0, 0, 200, -150, 660);
    th_expect_items(g, 1, 15, 0, 0, 0, 0, -130, -115);
    /* S5: 465 + 660 = 1125; -80 - 115 = -195. */
    ck_assert_int_eq(th_total(g, 0), 1125);
    ck_assert_int_eq(th_total(g, 1), -195);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* S6                                                                 */
/* ---------------------------------------------------------------- */

static canasta_rules *rules_with(int key, int value)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, key, value), CANASTA_OK);
    return r;
}

START_TEST(test_S6_target_option_reached_exactly_ends_game)
{
    /* "Reached" means at or above: 780 >= 780. */
    canasta_rules *r = rules_with(CANASTA_OPT_TARGET_SCORE, S6_WIN);
    canasta_game *g = s6_game(r);
    int winner = -9;
    play_s6_hand(g);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_OK);
    ck_assert_int_eq(winner, 0);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_S6_target_option_not_reached_game_goes_on)
{
    canasta_rules *r = rules_with(CANASTA_OPT_TARGET_SCORE, S6_WIN + 10);
    canasta_game *g = s6_game(r);
    int winner = -9;
    play_s6_hand(g);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_E_PHASE);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_S6_default_target_reached_from_earlier_totals)
{
    /* 4300 + 780 = 5080 >= 5000; side 1: 0 - 190. */
    static const int totals[2] = { 4300, 0 };
    canasta_game *g = s6_game(NULL);
    int winner = -9;
    th_set_totals(g, totals);
    play_s6_hand(g);
    ck_assert_int_eq(th_total(g, 0), 5080);
    ck_assert_int_eq(th_total(g, 1), -190);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_OK);
    ck_assert_int_eq(winner, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_S6_higher_total_wins_when_both_reach_target)
{
    /* Side 0 goes out, but: 4300 + 780 = 5080 < 5300 - 190 = 5110. */
    static const int totals[2] = { 4300, 5300 };
    canasta_game *g = s6_game(NULL);
    int winner = -9;
    th_set_totals(g, totals);
    play_s6_hand(g);
    ck_assert_int_eq(th_total(g, 0), 5080);
    ck_assert_int_eq(th_total(g, 1), 5110);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_OK);
    ck_assert_int_eq(winner, 1);
    canasta_game_free(g);
}
END_TEST

/* 4300 + 780 = 5080 = 5270 - 190: equal leaders above the target. */
static const int TIE_TOTALS[2] = { 4300, 5270 };

START_TEST(test_S6_tie_play_on_deals_another_hand)
{
    canasta_game *g = s6_game(NULL);           /* TIE_PLAY_ON by default */
    int winner = -9, rule = -1;
    ck_assert_int_eq(canasta_game_option(&rule, g, CANASTA_OPT_TIE_RULE),
                     CANASTA_OK);
    ck_assert_int_eq(rule, CANASTA_TIE_PLAY_ON);
    th_set_totals(g, TIE_TOTALS);
    play_s6_hand(g);
    ck_assert_int_eq(th_total(g, 0), 5080);
    ck_assert_int_eq(th_total(g, 1), 5080);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_E_PHASE);
    do_simple(g, CANASTA_MOVE_NEXT_HAND, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_S6_tie_declare_has_no_winner)
{
    canasta_rules *r = rules_with(CANASTA_OPT_TIE_RULE, CANASTA_TIE_DECLARE);
    canasta_game *g = s6_game(r);
    int winner = -9;
    th_set_totals(g, TIE_TOTALS);
    play_s6_hand(g);
    ck_assert_int_eq(th_total(g, 0), 5080);
    ck_assert_int_eq(th_total(g, 1), 5080);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_game_winner(&winner, g), CANASTA_OK);
    ck_assert_int_eq(winner, -1);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_S6_game_over_rejects_every_move)
{
    static const int totals[2] = { 4300, 0 };
    canasta_game *g = s6_game(NULL);
    canasta_move m;
    int s;
    th_set_totals(g, totals);
    play_s6_hand(g);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    for (s = 0; s < 4; s++) {
        th_move(&m, CANASTA_MOVE_NEXT_HAND, s);
        th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
        th_move(&m, CANASTA_MOVE_DRAW, s);
        th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
        th_move(&m, CANASTA_MOVE_DECLINE, s);
        th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
        th_move(&m, CANASTA_MOVE_ASK, s);
        th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
    }
    th_discard(&m, 2, "4c");
    th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
    th_take(&m, g, 1, "");
    th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
    th_meld(&m, 1, "Kh Kc Kd");
    th_reject_ids(g, &m, CANASTA_E_GAME_OVER, "S6");
    canasta_game_free(g);
}
END_TEST

Suite *suite_end(void)
{
    Suite *s = suite_create("end");
    TCase *e1 = tcase_create("E1");
    TCase *e2 = tcase_create("E2");
    TCase *e3 = tcase_create("E3");
    TCase *flow = tcase_create("hand_flow");
    TCase *s5 = tcase_create("S5");
    TCase *s6 = tcase_create("S6");
    tcase_add_test(e1, test_E1_decline_while_stock_left_rejected);
    tcase_add_test(e1, test_E1_must_take_when_top_card_joins_a_meld);
    tcase_add_test(e1, test_E1_optional_take_declined_ends_hand);
    tcase_add_test(e1, test_E1_cannot_take_decline_ends_hand);
    tcase_add_test(e1, test_E1_frozen_pile_top_joining_meld_is_not_forced);
    tcase_add_test(e1, test_E1_black_three_on_top_of_empty_stock_declined);
    tcase_add_test(e2, test_E2_red_three_as_last_stock_card_ends_hand);
    tcase_add_test(e2, test_E2_red_three_replacement_as_last_card_ends_hand);
    tcase_add_test(e2,
                   test_E2_red_three_before_last_card_is_replaced_play_goes_on);
    tcase_add_test(e3, test_E3_hand_score_items);
    tcase_add_test(e3, test_E3_items_follow_from_final_position);
    tcase_add_test(flow, test_HAND_OVER_phase_and_next_dealer);
    tcase_add_test(flow, test_HAND_OVER_only_next_hand_is_playable);
    tcase_add_test(flow, test_NEXT_HAND_rejected_during_a_hand);
    tcase_add_test(flow, test_NEXT_HAND_deals_the_next_hand);
    tcase_add_test(s5, test_S5_totals_accumulate_and_set_next_minimum);
    tcase_add_test(s6, test_S6_target_option_reached_exactly_ends_game);
    tcase_add_test(s6, test_S6_target_option_not_reached_game_goes_on);
    tcase_add_test(s6, test_S6_default_target_reached_from_earlier_totals);
    tcase_add_test(s6, test_S6_higher_total_wins_when_both_reach_target);
    tcase_add_test(s6, test_S6_tie_play_on_deals_another_hand);
    tcase_add_test(s6, test_S6_tie_declare_has_no_winner);
    tcase_add_test(s6, test_S6_game_over_rejects_every_move);
    suite_add_tcase(s, e1);
    suite_add_tcase(s, e2);
    suite_add_tcase(s, e3);
    suite_add_tcase(s, flow);
    suite_add_tcase(s, s5);
    suite_add_tcase(s, s6);
    return s;
}
