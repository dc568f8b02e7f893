/*
 * test_threads.c - separate handles in separate threads (the library keeps
 * no global mutable state): games played at the same time in two threads
 * end exactly as the same games played one after the other.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "helpers.h"

#define GAMES_PER_THREAD 60
#define MOVE_CAP 4096

typedef struct job {
    uint64_t first_seed;
    int totals[GAMES_PER_THREAD][2];
    int hands[GAMES_PER_THREAD];
    long decisions;
    int error; /* first non-OK status, 0 if none */
} job;

/* Plays whole games with random legal moves, using only its own rules,
 * games and buffers.  No Check calls here: Check is not thread-safe. */
static void *play_games(void *arg)
{
    job *j = arg;
    canasta_rules *r = NULL;
    canasta_move *moves = malloc(MOVE_CAP * sizeof *moves);
    th_sm64 rng = { j->first_seed * 31u + 7u };
    int rc = moves ? canasta_rules_create(&r, CANASTA_PRESET_CLASSIC)
                   : CANASTA_E_NOMEM;
    if (rc == CANASTA_OK)
        rc = canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 5000);
    for (int i = 0; i < GAMES_PER_THREAD && rc == CANASTA_OK; i++) {
        canasta_game *g = NULL;
        int phase = 0;
        rc = canasta_game_create(&g, r, j->first_seed + (uint64_t)i);
        while (rc == CANASTA_OK &&
               (rc = canasta_game_phase(&phase, g)) == CANASTA_OK &&
               phase != CANASTA_PHASE_GAME_OVER) {
            size_t n = 0;
            if (phase == CANASTA_PHASE_HAND_OVER)
                j->hands[i]++;
            rc = canasta_legal_moves(moves, MOVE_CAP, &n, g);
            if (rc == CANASTA_OK && n == 0)
                rc = CANASTA_E_PHASE;
            if (rc == CANASTA_OK)
                rc = canasta_apply(NULL, 0, g,
                                   &moves[th_sm64_next(&rng) % n]);
            j->decisions++;
        }
        if (rc == CANASTA_OK)
            rc = canasta_game_total(&j->totals[i][0], g, 0);
        if (rc == CANASTA_OK)
            rc = canasta_game_total(&j->totals[i][1], g, 1);
        canasta_game_free(g);
    }
    j->error = rc;
    canasta_rules_free(r);
    free(moves);
    return NULL;
}

START_TEST(test_threads_separate_games_match_sequential_play)
{
    job alone[2] = { { .first_seed = 1000 }, { .first_seed = 2000 } };
    job together[2] = { { .first_seed = 1000 }, { .first_seed = 2000 } };
    pthread_t t[2];

    play_games(&alone[0]);
    play_games(&alone[1]);
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, play_games,
                                        &together[i]), 0);
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_join(t[i], NULL), 0);

    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(alone[i].error, CANASTA_OK);
        ck_assert_int_eq(together[i].error, CANASTA_OK);
        ck_assert_int_eq(together[i].decisions, alone[i].decisions);
        for (int k = 0; k < GAMES_PER_THREAD; k++) {
            ck_assert_int_eq(together[i].hands[k], alone[i].hands[k]);
            ck_assert_int_eq(together[i].totals[k][0], alone[i].totals[k][0]);
            ck_assert_int_eq(together[i].totals[k][1], alone[i].totals[k][1]);
            /* S6: a finished game has a side at the target */
            ck_assert(alone[i].totals[k][0] >= 5000 ||
                      alone[i].totals[k][1] >= 5000);
        }
    }
    /* the two threads played different games */
    ck_assert(alone[0].decisions != alone[1].decisions ||
              alone[0].totals[0][0] != alone[1].totals[0][0]);
}
END_TEST

Suite *suite_threads(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_threads_separate_games_match_sequential_play);
    suite_add_tcase(s, tc);
    return s;
}
