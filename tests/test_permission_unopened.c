/*
 * G4 ("partner, may I go out?") asked by a player whose side has not
 * opened, who can go out only concealed (G3), and what the partner's yes
 * then allows: the listed moves (canasta_legal_moves) and the checks must
 * agree that every meld keeps going out possible.  Ends with the concealed
 * exit and its score (G3, S1, S2, E3).
 *
 * Dealer 3: seat 0 (side 0) moves first; its partner is seat 2 (C1).
 * Seat 0 holds six kings, three queens, a joker and the 4h, and draws the
 * fourth queen: going out is possible (K x6 + joker is a mixed canasta,
 * Q x4 a meld, the 4h the discard), and the side has not opened.
 */
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

static canasta_game *deal(void)
{
    /* Seat 2 keeps 4d 5d 6d 7d 4s 5s 6s (5 each) and 8d 9d 10d Jd (10
     * each): 75 points against side 0 at the end (E3). */
    canasta_game *g = th_deal("Kc Kd Kh Ks Kc Kd Qc Qd Qh Jk 4h", NULL,
                              "4d 5d 6d 7d 8d 9d 10d Jd 4s 5s 6s", NULL,
                              NULL, "Qs");
    ck_assert_int_eq(th_seat(g), 0);
    th_do_draw(g, 0);
    ck_assert_int_eq(th_opened(g, 0), 0);
    ck_assert_int_eq(th_hand_size(g, 0), 12);
    return g;
}

/* Is move m among the legal moves of g? */
static int listed(const canasta_game *g, const canasta_move *m)
{
    th_movelist ml = { NULL, 0, 0 };
    int found = 0;
    th_list_moves(&ml, g);
    for (size_t i = 0; i < ml.n && !found; i++)
        ck_assert_int_eq(canasta_move_equal(&found, &ml.v[i], m), CANASTA_OK);
    free(ml.v);
    return found;
}

static void ask_and_answer(canasta_game *g, int kind)
{
    canasta_move m;
    int state = -1;
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert_int_eq(th_seat(g), 2);
    th_move(&m, kind, 2);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(canasta_game_permission(&state, g), CANASTA_OK);
    ck_assert_int_eq(state, kind == CANASTA_MOVE_ANSWER_YES
                                ? CANASTA_PERMISSION_YES
                                : CANASTA_PERMISSION_NO);
}

/* G4: the player could go out with the cards held (G3 waives the opening
 * minimum for a concealed exit after a stock draw), so asking is allowed
 * and listed, even though the side has not opened. */
START_TEST(test_G4_unopened_player_who_could_go_out_concealed_may_ask)
{
    canasta_game *g = deal();
    canasta_move ask;
    th_move(&ask, CANASTA_MOVE_ASK, 0);
    ck_assert(listed(g, &ask));
    th_expect_valid(g, &ask);
    canasta_game_free(g);
}
END_TEST

/* While the partner answers, the pile cannot be taken (T1: only instead
 * of drawing; G4: the question is pending). */
START_TEST(test_G4_take_while_the_partner_answers_is_E_PHASE)
{
    canasta_game *g = deal();
    canasta_move m;
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    th_move(&m, CANASTA_MOVE_TAKE_PILE, 2);
    m.ngroups = 1;
    m.groups[0].rank = (uint8_t)(th_pile_top(g) >> 2);
    th_reject_ids(g, &m, CANASTA_E_PHASE, "G4 T1");
    canasta_game_free(g);
}
END_TEST

/* G4: after a yes the player must go out this turn.  Opening with the
 * four queens and the joker (90 >= 50, O1) would leave six kings with no
 * wild card to complete them, so no canasta could follow (G1): refused
 * after the yes, and not listed, though it is a legal opening without the
 * question.  Opening with the kings and the joker keeps the exit open. */
START_TEST(test_G4_after_yes_openings_that_block_going_out_are_refused)
{
    canasta_game *g = deal();
    canasta_move queens, kings;
    th_meld(&queens, 0, "Qc Qd Qh Qs Jk");
    th_meld(&kings, 0, "Kc Kc Kd Kd Kh Ks Jk");
    ck_assert(listed(g, &queens));
    th_expect_valid(g, &queens);

    ask_and_answer(g, CANASTA_MOVE_ANSWER_YES);
    th_reject(g, &queens, CANASTA_E_MUST_GO_OUT, "G4");
    ck_assert(!listed(g, &queens));
    ck_assert(listed(g, &kings));

    /* Every move listed after the yes is accepted, and none of them is a
     * discard: with 12 cards a discard cannot put the player out. */
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, g);
    ck_assert_uint_gt(ml.n, 0);
    for (size_t i = 0; i < ml.n; i++) {
        char why[256] = "";
        ck_assert_int_ne(ml.v[i].kind, CANASTA_MOVE_DISCARD);
        ck_assert_msg(canasta_validate(why, sizeof why, g, &ml.v[i]) == CANASTA_OK,
                      "listed move %zu refused: %s", i, why);
    }
    free(ml.v);
    canasta_game_free(g);
}
END_TEST

/* G3: the whole hand melded in one turn, with a canasta, by a player who
 * had not melded before: concealed, 200 instead of 100 (S2).  Side 0:
 * kings 60 + joker 50 + queens 40 = 150 melded, one mixed canasta 300
 * (S1), going out 200, seat 2's 75 left in hand (E3): 575.  After the
 * hand, the pile cannot be taken (E_PHASE): only NEXT_HAND is possible. */
START_TEST(test_G3_yes_then_concealed_exit_scores_200)
{
    canasta_game *g = deal();
    canasta_move m;
    ask_and_answer(g, CANASTA_MOVE_ANSWER_YES);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Ks Jk");
    th_do_meld(g, 0, "Qc Qd Qh Qs");
    th_do_discard(g, 0, "4h");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    th_expect_items(g, 0, 150, 0, 300, 0, 200, -75, 575);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    /* The next dealer, seat 0 (dealer 3 + 1), has the decision. */
    ck_assert_int_eq(th_seat(g), 0);
    th_move(&m, CANASTA_MOVE_TAKE_PILE, 0);
    m.ngroups = 1;
    m.groups[0].rank = 4;
    th_reject_ids(g, &m, CANASTA_E_PHASE, NULL);
    canasta_game_free(g);
}
END_TEST

Suite *suite_permission_unopened(void)
{
    Suite *s = suite_create("permission_unopened");
    TCase *c = tcase_create("G4_unopened");
    tcase_add_test(c, test_G4_unopened_player_who_could_go_out_concealed_may_ask);
    tcase_add_test(c, test_G4_take_while_the_partner_answers_is_E_PHASE);
    tcase_add_test(c, test_G4_after_yes_openings_that_block_going_out_are_refused);
    tcase_add_test(c, test_G3_yes_then_concealed_exit_scores_200);
    suite_add_tcase(s, c);
    return s;
}
