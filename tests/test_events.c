/*
 * test_events.c - the events a move makes happen (issue: event log), read
 * through canasta_game_event / canasta_game_event_to_string: the deal (C5
 * upcard, C6/R1 red threes), draws (T1, R1), pile pickups (P1), canastas
 * (M5), the end of a hand (G2, E3, S1-S5) and of the game (S6), and undo.
 */
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

static const char *const PLAIN[4] = {
    "Ad Ad As Kd Kd Ks 4d 5d 6d 7d 8d",
    "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
    "4s 5s 6s 7s 8s 9s 10s Js Qs Ks Ac",
    "4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ah",
};

static size_t count(const canasta_game *g)
{
    size_t n = 0;
    ck_assert_int_eq(canasta_game_event_count(&n, g), CANASTA_OK);
    return n;
}

static void text_is(const canasta_game *g, size_t i, int viewer,
                    const char *expected)
{
    char buf[512];
    ck_assert_int_eq(canasta_game_event_to_string(buf, sizeof buf, g, i, viewer),
                     CANASTA_OK);
    ck_assert_str_eq(buf, expected);
}

static int meld_size(const canasta_game *g, int side, int rank)
{
    int nat = 0, tw = 0, jk = 0;
    ck_assert_int_eq(canasta_game_meld(&nat, &tw, &jk, g, side, rank),
                     CANASTA_OK);
    return nat + tw + jk;
}

START_TEST(test_C5_C6_deal_events_upcard_and_red_threes)
{
    /* Seat 1 is dealt the 3h (C6: laid out, replaced by the stock's top
     * card 9d); the upcard 2c is wild, so 10d is turned on top (C5). */
    const char *const hands[4] = {
        PLAIN[0], "3h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", PLAIN[2], PLAIN[3]
    };
    canasta_game *g = th_game(NULL, 3, hands, "2c 10d", "9d");
    int kind, seat, side, value, detail;
    uint8_t cards[8];
    size_t n = 0;
    ck_assert_int_eq(count(g), 4);
    ck_assert_int_eq(canasta_game_event(&kind, &seat, &side, &value, &detail,
                                        cards, sizeof cards, &n, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq(kind, CANASTA_EVENT_DEAL);
    ck_assert_int_eq(seat, 3);  /* the dealer */
    ck_assert_int_eq(value, 1); /* hand 1 */
    ck_assert_int_eq((int)n, 0);
    text_is(g, 0, CANASTA_VIEW_ALL, "deal hand 1 dealer 3");
    text_is(g, 1, CANASTA_VIEW_ALL, "upcard 2c 10d");
    ck_assert_int_eq(th_pile_top(g), th_card("10d"));
    text_is(g, 2, CANASTA_VIEW_ALL, "1 redthree 3h");
    text_is(g, 3, CANASTA_VIEW_ALL, "1 replace 9d");
    /* Only seat 1 saw its replacement card. */
    text_is(g, 3, 1, "1 replace 9d");
    text_is(g, 3, 0, "1 replace ??");
    text_is(g, 2, 0, "1 redthree 3h");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_T1_R1_draw_events_hide_the_card_from_others)
{
    canasta_game *g = th_game(NULL, 3, PLAIN, "10d", "3h 9d");
    th_do_draw(g, 0);
    /* R1: the 3h came off the stock and was laid out; 9d replaced it. */
    ck_assert_int_eq(count(g), 2);
    text_is(g, 0, 2, "0 redthree 3h"); /* laid out before 9d was drawn */
    text_is(g, 1, CANASTA_VIEW_ALL, "0 drew 9d");
    text_is(g, 1, 0, "0 drew 9d");
    text_is(g, 1, 2, "0 drew ??");
    int kind, seat, side;
    uint8_t cards[4];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_event(&kind, &seat, &side, NULL, NULL,
                                        cards, sizeof cards, &n, g, 1),
                     CANASTA_OK);
    ck_assert_int_eq(kind, CANASTA_EVENT_DRAW);
    ck_assert_int_eq(seat, 0);
    ck_assert_int_eq(side, 0);
    ck_assert_int_eq((int)n, 1);
    ck_assert_int_eq(cards[0], th_card("9d"));
    /* A discard makes nothing happen beyond itself. */
    th_do_discard(g, 0, "9d");
    ck_assert_int_eq(count(g), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P1_pickup_event_lists_the_whole_pile_top_last)
{
    /* The pile is 4c (upcard), then seat 0's 4d, seat 1's 4h, seat 2's Ac
     * and seat 3's Ah.  Seat 0 holds Ad Ad As: it melds the Ah with them
     * (O1: 4 aces = 80 >= 50) and picks up everything under it. */
    canasta_game *g = th_game(NULL, 3, PLAIN, "4c", "9c 9d 9h 9s");
    th_do_draw(g, 0);
    th_do_discard(g, 0, "4d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "4h");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "Ac");
    th_do_draw(g, 3);
    th_do_discard(g, 3, "Ah");
    th_do_take(g, 0, "Ad Ad As");
    ck_assert_int_eq(count(g), 1);
    text_is(g, 0, CANASTA_VIEW_ALL, "0 pickup 4c 4d 4h Ac Ah");
    /* A1: everyone saw these cards, so every viewer gets them. */
    text_is(g, 0, 1, "0 pickup 4c 4d 4h Ac Ah");
    ck_assert_int_eq(th_count_in_hand(g, 0, "Ac"), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_R2_red_three_picked_up_with_the_pile_goes_to_the_table)
{
    /* C5: the upcard 3d is covered by Kc; the pile is frozen (P3), so seat
     * 0 takes it with its natural pair Kd Kd (P4) and opens with aces
     * (O1: 30 + 60 = 90 >= 50).  The 3d is laid out, not held (R2). */
    canasta_game *g = th_game(NULL, 3, PLAIN, "3d Kc", NULL);
    th_do_take(g, 0, "Kd Kd | Ad Ad As");
    ck_assert_int_eq(count(g), 2);
    text_is(g, 0, 1, "0 pickup 3d Kc");
    text_is(g, 1, 1, "0 redthree 3d");
    ck_assert_int_eq(th_red_three_count(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

/* Seats 2 and 3 of the M5 deals: no king, no ace of diamonds. */
#define M5_SEAT2 "4s 5s 6s 7s 8s 9s 10s Js Qs 7c 8c"
#define M5_SEAT3 "4c 5c 6c 8d 9d 10c Jd Qd Qc 10d Jc"

START_TEST(test_M5_top_card_alone_makes_a_canasta_event)
{
    /* Seat 0 opens with six kings (60 >= 50, O1); seat 1 throws a king
     * on the unfrozen pile; seat 2, seat 0's partner, takes it with no
     * card from the hand (P5): the top card alone makes the canasta. */
    const char *const hands[4] = {
        "Kc Kd Kh Ks Kc Kd Ad Ad As 5d 6d",
        "Kh 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah", M5_SEAT2, M5_SEAT3
    };
    canasta_game *g = th_game(NULL, 3, hands, "9c", "4d 7d");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd");
    ck_assert_int_eq(count(g), 0); /* six cards: no canasta yet */
    th_do_discard(g, 0, "5d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Kh");
    th_do_take(g, 2, "");
    ck_assert_int_eq(meld_size(g, 0, CANASTA_RANK_KING), 7);
    ck_assert_int_eq(count(g), 2);
    text_is(g, 0, CANASTA_VIEW_ALL, "2 pickup 9c 5d Kh");
    text_is(g, 1, CANASTA_VIEW_ALL, "side 0 canasta K natural"); /* M5 */
    canasta_game_free(g);
}
END_TEST

START_TEST(test_M5_canasta_event_from_a_later_group)
{
    /* Seat 0 opens with aces and seven kings in one move: the second
     * group is the canasta, and has its event. */
    const char *const hands[4] = {
        "Ad Ad As Kc Kd Kh Ks Kc Kd Kh 5d",
        "4h 5h 6h 7h 8h 9h 10h Jh Qh Ah 4h", M5_SEAT2, M5_SEAT3
    };
    canasta_game *g = th_game(NULL, 3, hands, "9c", "4d 7d");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ad Ad As | Kc Kd Kh Ks Kc Kd Kh");
    ck_assert_int_eq(count(g), 1);
    text_is(g, 0, CANASTA_VIEW_ALL, "side 0 canasta K natural"); /* M5 */
    canasta_game_free(g);
}
END_TEST

/* Events and game state agree over random play: every DRAW's cards are
 * in the drawer's hand afterwards, every PICK_UP's last card is the old
 * top, each SCORE equals canasta_game_hand_score's total, a HAND_END
 * agrees with canasta_game_hand_end, and undo restores the events of the
 * move before. */
START_TEST(test_events_agree_with_the_state_in_random_play)
{
    static canasta_move moves[4096];
    th_sm64 rng = { 7 };
    int seen[16] = { 0 };
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 1500),
                     CANASTA_OK);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        canasta_game *g = NULL;
        ck_assert_int_eq(canasta_game_create(&g, r, seed), CANASTA_OK);
        while (th_phase(g) != CANASTA_PHASE_GAME_OVER) {
            size_t n = 0;
            int old_top = th_pile_top(g);
            ck_assert_int_eq(canasta_legal_moves(moves, 4096, &n, g), CANASTA_OK);
            const canasta_move *m = &moves[th_sm64_next(&rng) % n];
            canasta_game *before = NULL;
            int mside = th_seat_side(g, m->seat), was[15] = { 0 };
            int made = 0, announced = 0; /* canastas made, CANASTA events */
            for (int rank = 3; rank <= 14; rank++)
                was[rank] = meld_size(g, mside, rank);
            ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
            ck_assert_int_eq(canasta_apply(NULL, 0, g, m), CANASTA_OK);
            if (m->kind == CANASTA_MOVE_MELD ||
                m->kind == CANASTA_MOVE_TAKE_PILE)
                for (int rank = 3; rank <= 14; rank++)
                    made += was[rank] < 7 && meld_size(g, mside, rank) >= 7;
            for (size_t i = 0; i < count(g); i++) {
                int kind, seat, side, value, detail;
                uint8_t cards[200];
                size_t nc = 0;
                char text[512];
                ck_assert_int_eq(canasta_game_event(&kind, &seat, &side, &value,
                                 &detail, cards, sizeof cards, &nc, g, i),
                                 CANASTA_OK);
                ck_assert_int_eq(canasta_game_event_to_string(text, sizeof text,
                                 g, i, CANASTA_VIEW_ALL), CANASTA_OK);
                ck_assert(kind >= 1 && kind <= 10);
                seen[kind]++;
                if (kind == CANASTA_EVENT_DRAW) {
                    ck_assert_int_eq(seat, m->seat);
                    ck_assert_int_le((int)nc, 1); /* T1: one card */
                    for (size_t c = 0; c < nc; c++) {
                        char name[8];
                        ck_assert_int_eq(canasta_card_to_string(name,
                                         sizeof name, cards[c]), CANASTA_OK);
                        ck_assert_int_ge(th_count_in_hand(g, seat, name), 1);
                    }
                }
                if (kind == CANASTA_EVENT_PICK_UP) {
                    ck_assert_int_eq(seat, m->seat);
                    ck_assert_int_ge((int)nc, 1);
                    ck_assert_int_eq(cards[nc - 1], old_top);
                    ck_assert_int_eq(th_pile_size(g), 0);
                }
                if (kind == CANASTA_EVENT_SCORE) {
                    int items[CANASTA_SCORE_ITEMS];
                    ck_assert_int_eq(canasta_game_hand_score(items,
                                     CANASTA_SCORE_ITEMS, g, side), CANASTA_OK);
                    ck_assert_int_eq(value, items[CANASTA_SCORE_TOTAL]);
                    ck_assert_int_eq(detail, th_total(g, side));
                }
                if (kind == CANASTA_EVENT_HAND_END) {
                    int how = 0, who = 0;
                    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g),
                                     CANASTA_OK);
                    ck_assert_int_eq(value, how);
                    ck_assert_int_eq(seat, who);
                }
                if (kind == CANASTA_EVENT_CANASTA) {
                    int nat = 0, tw = 0, jk = 0;
                    announced++;
                    ck_assert_int_eq(canasta_game_meld(&nat, &tw, &jk, g, side,
                                                       value), CANASTA_OK);
                    ck_assert_int_ge(nat + tw + jk, 7);
                    ck_assert_int_eq(detail, tw + jk ? CANASTA_MELD_MIXED_CANASTA
                                              : CANASTA_MELD_NATURAL_CANASTA);
                }
                if (kind == CANASTA_EVENT_GAME_OVER) {
                    int w = -2;
                    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_OK);
                    ck_assert_int_eq(side, w);
                }
            }
            /* M5: every meld the move made a canasta has its event (a
             * take's top card alone can make one).  Only the mover's
             * side is counted: right for this classic game, but an X3
             * merge would add canasta events for the other sides. */
            ck_assert_int_eq(announced, made);
            /* A3: undo gives back the state before, events included. */
            if (m->kind != CANASTA_MOVE_NEXT_HAND && th_sm64_next(&rng) % 8 == 0) {
                int eq = 0;
                ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
                ck_assert_int_eq(canasta_game_equal(&eq, g, before), CANASTA_OK);
                ck_assert_int_eq(eq, 1);
                ck_assert_int_eq(canasta_apply(NULL, 0, g, m), CANASTA_OK);
            }
            canasta_game_free(before);
        }
        canasta_game_free(g);
    }
    canasta_rules_free(r);
    /* The games went through every kind of event. */
    for (int k = 1; k <= 10; k++)
        ck_assert_msg(seen[k] > 0, "no event of kind %d was seen", k);
}
END_TEST

/* CANASTA_EVENT_TEXT_MAX holds every event, as every seat sees it, and a
 * buffer one byte short of an event's text gets E_BUFFER.  The longest
 * event is a pile pickup: under 170 cards of at most "10s" each, so well
 * inside 1024; random play (which lets piles grow large) in every preset
 * checks the bound and the exact buffer contract. */
START_TEST(test_events_fit_CANASTA_EVENT_TEXT_MAX)
{
    static const int presets[] = {
        CANASTA_PRESET_CLASSIC, CANASTA_PRESET_TWO_PLAYERS,
        CANASTA_PRESET_THREE_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
        CANASTA_PRESET_SIX_TWO_SIDES
    };
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 rng = { 11 };
    size_t longest = 0;
    for (size_t pi = 0; pi < sizeof presets / sizeof presets[0]; pi++) {
        canasta_rules *r = NULL;
        canasta_game *g = NULL;
        int players = 0;
        ck_assert_int_eq(canasta_rules_create(&r, presets[pi]), CANASTA_OK);
        ck_assert_int_eq(canasta_game_create(&g, r, 40 + pi), CANASTA_OK);
        ck_assert_int_eq(canasta_game_option(&players, g, CANASTA_OPT_PLAYERS),
                         CANASTA_OK);
        for (int step = 0; step < 3000 &&
                           th_phase(g) != CANASTA_PHASE_GAME_OVER; step++) {
            th_list_moves(&ml, g);
            REQ(ml.n > 0);
            QEQ(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&rng, ml.n)]),
                CANASTA_OK);
            for (size_t i = 0; i < count(g); i++)
                for (int viewer = CANASTA_VIEW_ALL; viewer < players;
                     viewer++) {
                    char text[CANASTA_EVENT_TEXT_MAX], cut[CANASTA_EVENT_TEXT_MAX];
                    QEQ(canasta_game_event_to_string(text, sizeof text, g, i,
                                                     viewer), CANASTA_OK);
                    size_t len = strlen(text);
                    REQ(len > 0 && len < CANASTA_EVENT_TEXT_MAX);
                    longest = len > longest ? len : longest;
                    QEQ(canasta_game_event_to_string(cut, len, g, i, viewer),
                        CANASTA_E_BUFFER);
                    QEQ(canasta_game_event_to_string(cut, len + 1, g, i,
                                                     viewer), CANASTA_OK);
                    REQ(strcmp(cut, text) == 0);
                }
        }
        canasta_game_free(g);
        canasta_rules_free(r);
    }
    free(ml.v);
    /* random play did make long events (big pile pickups) */
    ck_assert_uint_gt(longest, 100);
}
END_TEST

START_TEST(test_events_bad_arguments)
{
    canasta_game *g = th_game(NULL, 3, PLAIN, "10d", NULL);
    size_t n = 0;
    char buf[64];
    uint8_t one[1];
    ck_assert_int_eq(canasta_game_event_count(NULL, g), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_event_count(&n, NULL), CANASTA_E_NULL);
    ck_assert_int_eq(count(g), 2); /* deal, upcard */
    ck_assert_int_eq(canasta_game_event(NULL, NULL, NULL, NULL, NULL, NULL, 0,
                                        NULL, g, 2), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_game_event(NULL, NULL, NULL, NULL, NULL, NULL, 1,
                                        NULL, g, 1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_event(NULL, NULL, NULL, NULL, NULL, one, 0,
                                        &n, g, 1), CANASTA_E_BUFFER);
    ck_assert_int_eq((int)n, 1);
    ck_assert_int_eq(canasta_game_event_to_string(buf, sizeof buf, g, 0, 4),
                     CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_event_to_string(buf, sizeof buf, g, 0, -2),
                     CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_event_to_string(buf, sizeof buf, g, 9, 0),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_game_event_to_string(buf, 5, g, 0, 0),
                     CANASTA_E_BUFFER);
    ck_assert_int_eq(canasta_game_event_to_string(NULL, 5, g, 0, 0),
                     CANASTA_E_NULL);
    canasta_game_free(g);
}
END_TEST

Suite *suite_events(void)
{
    Suite *s = suite_create("events");
    TCase *tc = tcase_create("events");
    tcase_add_test(tc, test_C5_C6_deal_events_upcard_and_red_threes);
    tcase_add_test(tc, test_T1_R1_draw_events_hide_the_card_from_others);
    tcase_add_test(tc, test_P1_pickup_event_lists_the_whole_pile_top_last);
    tcase_add_test(tc, test_R2_red_three_picked_up_with_the_pile_goes_to_the_table);
    tcase_add_test(tc, test_M5_top_card_alone_makes_a_canasta_event);
    tcase_add_test(tc, test_M5_canasta_event_from_a_later_group);
    tcase_add_test(tc, test_events_bad_arguments);
    suite_add_tcase(s, tc);
    TCase *rp = tcase_create("random_play");
    tcase_set_timeout(rp, 120);
    tcase_add_test(rp, test_events_agree_with_the_state_in_random_play);
    tcase_add_test(rp, test_events_fit_CANASTA_EVENT_TEXT_MAX);
    suite_add_tcase(s, rp);
    return s;
}
