/*
 * canasta_game_turn_state (new in 1.1): the turn of the player to move as
 * a user interface shows it (T1 how it began, the melds made in it, G3
 * whether the player melded before, G4 the permission state), checked on
 * states reached by real play from crafted deals, and its arguments.
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

typedef struct turn {
    int seat, began, melds, new_melds, before, permission;
} turn;

static turn turn_of(const canasta_game *g)
{
    turn t;
    memset(&t, 0xA5, sizeof t);
    ck_assert_int_eq(canasta_game_turn_state(&t.seat, &t.began, &t.melds,
                                             &t.new_melds, &t.before,
                                             &t.permission, g),
                     CANASTA_OK);
    return t;
}

static void expect_turn(const canasta_game *g, int seat, int began,
                        int melds, int new_melds, int before, int permission)
{
    turn t = turn_of(g);
    ck_assert_int_eq(t.seat, seat);
    ck_assert_int_eq(t.began, began);
    ck_assert_int_eq(t.melds, melds);
    ck_assert_int_eq(t.new_melds, new_melds);
    ck_assert_int_eq(t.before, before);
    ck_assert_int_eq(t.permission, permission);
}

#define RANK_BIT(r) (1 << (r))

/* T1, G4, G3: a turn that draws, asks, is told yes and goes out
 * concealed.  Seat 0 holds seven kings and four 5s, draws a 5: it may
 * ask, and melds the kings (a natural canasta) and the five 5s. */
START_TEST(test_turn_state_draw_ask_and_concealed_exit)
{
    const char *hands[4] = { "Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s", NULL, NULL,
                             NULL };
    canasta_game *g = th_game(NULL, 3, hands, "Js", "5h 4h 6h 8h Ks");
    /* Before the draw: nothing has happened in the turn. */
    expect_turn(g, 0, CANASTA_TURN_NOT_STARTED, 0, 0, 0,
                CANASTA_PERMISSION_NONE);
    th_do_draw(g, 0);
    expect_turn(g, 0, CANASTA_TURN_DREW, 0, 0, 0, CANASTA_PERMISSION_NONE);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    /* Phase answer: the partner (seat 2) decides, the turn is seat 0's. */
    ck_assert_int_eq(th_seat(g), 2);
    expect_turn(g, 0, CANASTA_TURN_DREW, 0, 0, 0, CANASTA_PERMISSION_ASKED);
    th_move(&m, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &m);
    expect_turn(g, 0, CANASTA_TURN_DREW, 0, 0, 0, CANASTA_PERMISSION_YES);
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc");
    /* One meld move, a meld of kings begun, nothing melded before: going
     * out now would be concealed (G3). */
    expect_turn(g, 0, CANASTA_TURN_DREW, 1, RANK_BIT(13), 0,
                CANASTA_PERMISSION_YES);
    th_do_meld(g, 0, "5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    /* After the hand: the turn that ended it. */
    expect_turn(g, 0, CANASTA_TURN_DREW, 2, RANK_BIT(13) | RANK_BIT(5), 0,
                CANASTA_PERMISSION_YES);
    canasta_game_free(g);
}
END_TEST

/* G4: a "no" is the permission state of the rest of the turn. */
START_TEST(test_turn_state_permission_no)
{
    const char *hands[4] = { "Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s", NULL, NULL,
                             NULL };
    canasta_game *g = th_game(NULL, 3, hands, "Js", "5h 4h 6h 8h Ks");
    th_do_draw(g, 0);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    th_move(&m, CANASTA_MOVE_ANSWER_NO, 2);
    th_ok(g, &m);
    expect_turn(g, 0, CANASTA_TURN_DREW, 0, 0, 0, CANASTA_PERMISSION_NO);
    canasta_game_free(g);
}
END_TEST

/* T1, P1, O1, G3: a turn that melds an opening, the next players' turns,
 * and a later turn of the same player that takes the pile.  Seat 0 draws
 * 7c, opens with three aces and three kings (90), discards 4c; seats 1 to
 * 3 draw and discard (the last throws 7s); seat 0 takes the pile with
 * its two 7s, and melds its 6h with the 6c and 6d it picked up. */
START_TEST(test_turn_state_meld_then_take_in_a_later_turn)
{
    const char *hands[4] = { "Ac Ad Ah Kc Kd Ks 7d 8d 6h 4c 5c", NULL, NULL,
                             NULL };
    canasta_game *g = th_game(NULL, 3, hands, "Js", "7c 6c 6d 7s 9c");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah | Kc Kd Ks");
    expect_turn(g, 0, CANASTA_TURN_DREW, 1, RANK_BIT(14) | RANK_BIT(13), 0,
                CANASTA_PERMISSION_NONE);
    th_do_discard(g, 0, "4c");
    /* Seat 1's turn has not begun, and seat 1 has not melded. */
    expect_turn(g, 1, CANASTA_TURN_NOT_STARTED, 0, 0, 0,
                CANASTA_PERMISSION_NONE);
    th_pass_turn(g, 1, "6c");
    th_pass_turn(g, 2, "6d");
    th_pass_turn(g, 3, "7s");
    /* Seat 0 again: it melded in an earlier turn, so no concealed exit. */
    expect_turn(g, 0, CANASTA_TURN_NOT_STARTED, 0, 0, 1,
                CANASTA_PERMISSION_NONE);
    th_do_take(g, 0, "7c 7d");
    /* A take is no meld move, but it begins the meld of 7s. */
    expect_turn(g, 0, CANASTA_TURN_TOOK_PILE, 0, RANK_BIT(7), 1,
                CANASTA_PERMISSION_NONE);
    th_do_meld(g, 0, "6c 6d 6h");
    expect_turn(g, 0, CANASTA_TURN_TOOK_PILE, 1, RANK_BIT(7) | RANK_BIT(6), 1,
                CANASTA_PERMISSION_NONE);
    /* The same answers from the game read back from its position. */
    char *t = NULL;
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    canasta_game *p = NULL;
    ck_assert_int_eq(canasta_game_from_position(&p, NULL, 0, t, (size_t)-1),
                     CANASTA_OK);
    expect_turn(p, 0, CANASTA_TURN_TOOK_PILE, 1, RANK_BIT(7) | RANK_BIT(6), 1,
                CANASTA_PERMISSION_NONE);
    canasta_game_free(p);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* The arguments: the game is required (E_NULL); every output may be NULL,
 * alone or all together, and the others are still written. */
START_TEST(test_turn_state_arguments)
{
    int a = -7, b = -7, c = -7, d = -7, e = -7, f = -7;
    ck_assert_int_eq(canasta_game_turn_state(&a, &b, &c, &d, &e, &f, NULL),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_turn_state(NULL, NULL, NULL, NULL, NULL,
                                             NULL, NULL), CANASTA_E_NULL);
    /* Nothing written on the error. */
    ck_assert_int_eq(a, -7);
    ck_assert_int_eq(f, -7);
    canasta_game *g = th_new_game(5);
    ck_assert_int_eq(canasta_game_turn_state(NULL, NULL, NULL, NULL, NULL,
                                             NULL, g), CANASTA_OK);
    turn want = turn_of(g);
    for (int skip = 0; skip < 6; skip++) {
        int v[6] = { -7, -7, -7, -7, -7, -7 };
        int *p[6];
        for (int i = 0; i < 6; i++)
            p[i] = i == skip ? NULL : &v[i];
        ck_assert_int_eq(canasta_game_turn_state(p[0], p[1], p[2], p[3], p[4],
                                                 p[5], g), CANASTA_OK);
        const int w[6] = { want.seat, want.began, want.melds, want.new_melds,
                           want.before, want.permission };
        for (int i = 0; i < 6; i++)
            ck_assert_int_eq(v[i], i == skip ? -7 : w[i]);
    }
    /* A new game: the seat after the dealer is to move (C3). */
    int dealer = -1;
    ck_assert_int_eq(canasta_game_dealer(&dealer, g), CANASTA_OK);
    ck_assert_int_eq(want.seat, (dealer + 1) % 4);
    ck_assert_int_eq(want.began, CANASTA_TURN_NOT_STARTED);
    canasta_game_free(g);
}
END_TEST

Suite *suite_turn_state(void)
{
    Suite *s = suite_create("turn_state");
    TCase *tc = tcase_create("turn_state");
    tcase_add_test(tc, test_turn_state_draw_ask_and_concealed_exit);
    tcase_add_test(tc, test_turn_state_permission_no);
    tcase_add_test(tc, test_turn_state_meld_then_take_in_a_later_turn);
    tcase_add_test(tc, test_turn_state_arguments);
    suite_add_tcase(s, tc);
    return s;
}
