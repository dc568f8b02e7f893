/*
 * cn_state_check (lib/state_check.c), which the position reader runs with
 * the line of each value and checked builds run after every change: the
 * states play reaches pass it whole; a state broken in one place fails
 * with the rule and the sentence the position reader gives for that
 * fault (without a line when no lines are given); the move check
 * (CN_CHECK_PLAY) leaves out the hand's start values, which the full
 * check holds to S5; and the checked library this suite links stops a
 * move that leaves a broken state, naming the fault.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "internal.h"
#include "state_check.h"

/* Plain comparisons in the loops, ck_abort only on a failure (a passing
 * ck_assert costs a system call). */
static void expect_ok(const cn_state *st, int what, const char *where)
{
    char why[512] = "";
    int rc = cn_state_check(st, what, NULL, why, sizeof why);
    if (rc != CANASTA_OK)
        ck_abort_msg("%s: cn_state_check refused a state play reached "
                     "(%s): %s", where, canasta_error_name(rc), why);
}

static void expect_fault(const cn_state *st, const cn_state_lines *lines,
                         int code, const char *sentence)
{
    char why[512] = "";
    ck_assert_int_eq(cn_state_check(st, CN_CHECK_ALL, lines, why, sizeof why),
                     code);
    ck_assert_str_eq(why, sentence);
}

/* Every state of random play, in every preset, to the end of a game:
 * deals, draws, melds, takes, questions, hand ends, next hands. */
START_TEST(test_play_reaches_only_states_that_pass)
{
    static const int presets[] = {
        CANASTA_PRESET_CLASSIC, CANASTA_PRESET_TWO_PLAYERS,
        CANASTA_PRESET_THREE_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
        CANASTA_PRESET_SIX_TWO_SIDES
    };
    th_movelist ml = { 0 };
    th_sm64 r = { 19 };
    long states = 0, hands_over = 0;
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++) {
        canasta_rules *rules = NULL;
        canasta_game *g = NULL;
        ck_assert_int_eq(canasta_rules_create(&rules, presets[p]), CANASTA_OK);
        ck_assert_int_eq(canasta_game_create(&g, rules, 1000 + p), CANASTA_OK);
        for (int i = 0; i < 2000 &&
                        th_phase(g) != CANASTA_PHASE_GAME_OVER; i++) {
            expect_ok(&g->st, CN_CHECK_ALL, "random play");
            states++;
            hands_over += th_phase(g) == CANASTA_PHASE_HAND_OVER;
            th_list_moves(&ml, g);
            ck_assert_uint_gt(ml.n, 0);
            th_ok(g, &ml.v[th_sm64_below(&r, ml.n)]);
        }
        expect_ok(&g->st, CN_CHECK_ALL, "the last state");
        canasta_game_free(g);
        canasta_rules_free(rules);
    }
    free(ml.v);
    /* Every game played to its end: several hands each, so the deals
     * after a finished hand were checked too. */
    ck_assert_int_gt(states, 2000);
    ck_assert_int_gt(hands_over, 10);
}
END_TEST

/* A classic deal, seed 5: the seat to move has drawn nothing yet. */
static canasta_game *fresh(void)
{
    canasta_game *g = th_new_game(5);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    return g;
}

/* C2: a card taken off the stock and put nowhere.  Classic holds two of
 * each card and four jokers. */
START_TEST(test_a_lost_card_is_C2)
{
    canasta_game *g = fresh();
    cn_state *st = &g->st;
    int top = st->stock[st->stock_n - 1];
    char name[8], want[160];
    canasta_card_to_string(name, sizeof name, top);
    int copies = top == CANASTA_JOKER ? 4 : 2;
    st->stock_n--;
    (void)snprintf(want, sizeof want, "C2: the deck holds %d %s but the "
                   "position places %d", copies, name, copies - 1);
    expect_fault(st, NULL, CANASTA_E_INVALID, want);
    /* With lines, the one given for what is missing is named. */
    cn_state_lines lines;
    memset(&lines, 0, sizeof lines);
    lines.end = 31;
    char with_line[200];
    (void)snprintf(with_line, sizeof with_line, "line 31: %s", want);
    expect_fault(st, &lines, CANASTA_E_INVALID, with_line);
    canasta_game_free(g);
}
END_TEST

/* T1: the phase says the player has drawn, the turn says it has not. */
START_TEST(test_play_phase_without_a_draw_is_T1)
{
    canasta_game *g = fresh();
    g->st.phase = CANASTA_PHASE_PLAY;
    cn_state_lines lines;
    memset(&lines, 0, sizeof lines);
    lines.key[CN_K_PHASE] = 4;
    expect_fault(&g->st, &lines, CANASTA_E_INVALID, "line 4: T1: in phase "
                 "play the player has drawn or taken the pile; source "
                 "cannot be none");
    canasta_game_free(g);
}
END_TEST

/* O1: a side marked opened without a meld. */
START_TEST(test_opened_without_melds_is_O1)
{
    canasta_game *g = fresh();
    g->st.opened[1] = 1;
    /* The kept facts follow the table (P2/P3 depend on opening), as a
     * reader makes them after its lines; else the facts check fires. */
    cn_facts_rebuild(&g->st);
    expect_fault(&g->st, NULL, CANASTA_E_INVALID,
                 "O1: opened says side 1 has opened, but it has no melds");
    canasta_game_free(g);
}
END_TEST

/* A last-score line a position needs but lacks is E_SYNTAX with lines; a
 * state without lines has its scores (a hand has ended) and passes. */
START_TEST(test_score_lines_only_with_lines)
{
    canasta_game *g = th_new_game(9);
    th_movelist ml = { 0 };
    th_sm64 r = { 4 };
    for (int i = 0; i < 5000 && th_in_play(g); i++) {
        th_list_moves(&ml, g);
        th_ok(g, &ml.v[th_sm64_below(&r, ml.n)]);
    }
    free(ml.v);
    ck_assert(!th_in_play(g));
    expect_ok(&g->st, CN_CHECK_ALL, "a finished hand");
    cn_state_lines lines;
    memset(&lines, 0, sizeof lines);
    lines.end = 40;
    expect_fault(&g->st, &lines, CANASTA_E_SYNTAX, "line 40: the position "
                 "has no \"last-score 0\" line (a hand has ended)");
    canasta_game_free(g);
}
END_TEST

/* S5: hand 1 from totals no first hand starts from.  The start is no
 * move's doing, so the move check leaves it out. */
START_TEST(test_start_values_only_in_the_full_check)
{
    static const int totals[2] = { 4300, 0 };
    canasta_game *g = fresh();
    th_set_totals(g, totals);
    expect_ok(&g->st, CN_CHECK_PLAY, "a crafted start");
    expect_fault(&g->st, NULL, CANASTA_E_INVALID,
                 "S5: the first hand starts from totals 0 (side 0: 4300)");
    canasta_game_free(g);
}
END_TEST

/* The checked library (this suite links it) stops at the first change
 * that leaves a broken state: a child process loses a stock card behind
 * the engine's back and draws; it must die of SIGABRT, saying why. */
START_TEST(test_checked_build_stops_a_broken_state)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        canasta_game *g = fresh();
        canasta_move m;
        close(fds[0]);
        dup2(fds[1], 2);
        /* The top card of the stock is lost; the draw takes the next. */
        g->st.stock_n--;
        canasta_move_init(&m, CANASTA_MOVE_DRAW, (uint8_t)th_seat(g));
        canasta_apply(NULL, 0, g, &m);
        _exit(0); /* not reached in a checked build */
    }
    close(fds[1]);
    char out[2048];
    size_t n = 0;
    ssize_t k;
    while (n + 1 < sizeof out &&
           (k = read(fds[0], out + n, sizeof out - 1 - n)) > 0)
        n += (size_t)k;
    out[n] = '\0';
    close(fds[0]);
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                  "the child was not stopped (status %d): %s", status, out);
    ck_assert_msg(strstr(out, "breaks cn_state_check: C2: the deck holds ") !=
                      NULL, "the abort does not say why: %s", out);
}
END_TEST

Suite *suite_state_check(void)
{
    Suite *s = suite_create("state_check");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_play_reaches_only_states_that_pass);
    tcase_add_test(tc, test_a_lost_card_is_C2);
    tcase_add_test(tc, test_play_phase_without_a_draw_is_T1);
    tcase_add_test(tc, test_opened_without_melds_is_O1);
    tcase_add_test(tc, test_score_lines_only_with_lines);
    tcase_add_test(tc, test_start_values_only_in_the_full_check);
    tcase_add_test(tc, test_checked_build_stops_a_broken_state);
    suite_add_tcase(s, tc);
    return s;
}
