/*
 * test_threads.c - many games played at the same time in NTHREADS threads
 * end exactly as the same games played one after the other.
 *
 * The library keeps no global mutable state, and canasta_game_create only
 * reads its rules object and canasta_game_clone only reads the game it
 * copies (lib/game.c).  So, as a program that searches in worker threads
 * would, all threads share one rules object and one start position, both
 * const and never locked; everything a thread writes is its own.  "make
 * check-tsan" (mk/sanitize.mk) runs this under ThreadSanitizer, which
 * reports any unsynchronised write the library might make to a shared
 * object or to hidden static state.
 *
 * CANASTA_TEST_SCALE (a percentage, default 100; see th_scaled) scales
 * GAMES_PER_THREAD, never below LEAST_GAMES_PER_THREAD; the number of
 * threads stays NTHREADS.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "helpers.h"

#define NTHREADS 8
#define GAMES_PER_THREAD 100
/* Scaled-down runs (check-tsan, check-valgrind) still give the threads
 * this many games each, the test's whole point under ThreadSanitizer. */
#define LEAST_GAMES_PER_THREAD 40
#define TARGET 3000
#define START_MOVES 12
#define MOVE_CAP 4096

typedef struct game_result {
    int totals[2];
    int hands;
    long decisions;
    uint64_t digest; /* of every move played, in order */
} game_result;

typedef struct job {
    const canasta_rules *rules; /* shared by every thread */
    const canasta_game *start;  /* shared by every thread */
    uint64_t first_seed;
    int games;
    game_result *results; /* [games], written by this job only */
    int error;            /* first status that was not CANASTA_OK */
} job;

/* FNV-1a over the meaningful fields only (canasta.h: never memcmp moves). */
static uint64_t digest_byte(uint64_t h, unsigned b)
{
    return (h ^ (b & 0xFFu)) * UINT64_C(0x100000001B3);
}

static uint64_t digest_move(uint64_t h, const canasta_move *m)
{
    h = digest_byte(h, m->kind);
    h = digest_byte(h, m->seat);
    h = digest_byte(h, m->card);
    h = digest_byte(h, m->ngroups);
    for (int i = 0; i < m->ngroups; i++) {
        const canasta_group *gr = &m->groups[i];
        h = digest_byte(h, gr->rank);
        h = digest_byte(h, gr->count);
        for (int k = 0; k < gr->count; k++)
            h = digest_byte(h, gr->cards[k]);
    }
    return h;
}

/* Plays random legal moves until game over; returns a status. */
static int play_to_game_over(canasta_game *g, canasta_move *moves,
                             th_sm64 *rng, game_result *res)
{
    int rc, phase = 0;
    res->digest = UINT64_C(0xCBF29CE484222325);
    while ((rc = canasta_game_phase(&phase, g)) == CANASTA_OK &&
           phase != CANASTA_PHASE_GAME_OVER) {
        size_t n = 0;
        if (phase == CANASTA_PHASE_HAND_OVER)
            res->hands++;
        rc = canasta_legal_moves(moves, MOVE_CAP, &n, g);
        if (rc == CANASTA_OK && n == 0)
            rc = CANASTA_E_PHASE;
        if (rc != CANASTA_OK)
            return rc;
        const canasta_move *m = &moves[th_sm64_next(rng) % n];
        rc = canasta_apply(NULL, 0, g, m);
        if (rc != CANASTA_OK)
            return rc;
        res->digest = digest_move(res->digest, m);
        res->decisions++;
    }
    res->hands++; /* the hand that ended the game */
    if (rc == CANASTA_OK)
        rc = canasta_game_total(&res->totals[0], g, 0);
    if (rc == CANASTA_OK)
        rc = canasta_game_total(&res->totals[1], g, 1);
    return rc;
}

/* Even games are new deals from the shared rules, odd games go on from a
 * clone of the shared start position.  No Check calls here: Check is not
 * thread-safe. */
static void *play_games(void *arg)
{
    job *j = arg;
    canasta_move *moves = malloc(MOVE_CAP * sizeof *moves);
    th_sm64 rng = { j->first_seed * 31u + 7u };
    int rc = moves ? CANASTA_OK : CANASTA_E_NOMEM;
    for (int i = 0; i < j->games && rc == CANASTA_OK; i++) {
        canasta_game *g = NULL;
        if (i % 2 == 0)
            rc = canasta_game_create(&g, j->rules,
                                     j->first_seed + (uint64_t)i);
        else
            rc = canasta_game_clone(&g, j->start);
        if (rc == CANASTA_OK)
            rc = play_to_game_over(g, moves, &rng, &j->results[i]);
        canasta_game_free(g);
    }
    j->error = rc;
    free(moves);
    return NULL;
}

/* A position a few random moves into a hand, so that clones of it start
 * with a non-empty history and melds on the table. */
static canasta_game *start_position(const canasta_rules *rules)
{
    canasta_game *g = NULL;
    canasta_move *moves = malloc(MOVE_CAP * sizeof *moves);
    th_sm64 rng = { 4242u };
    ck_assert_ptr_nonnull(moves);
    ck_assert_int_eq(canasta_game_create(&g, rules, 99), CANASTA_OK);
    for (int k = 0; k < START_MOVES && th_in_play(g); k++) {
        size_t n = 0;
        ck_assert_int_eq(canasta_legal_moves(moves, MOVE_CAP, &n, g),
                         CANASTA_OK);
        ck_assert_uint_gt(n, 0);
        th_ok(g, &moves[th_sm64_next(&rng) % n]);
    }
    free(moves);
    return g;
}

static void job_init(job *j, const canasta_rules *rules,
                     const canasta_game *start, int t, int games)
{
    j->rules = rules;
    j->start = start;
    j->first_seed = 1000u * (uint64_t)(t + 1);
    j->games = games;
    j->results = calloc((size_t)games, sizeof *j->results);
    j->error = CANASTA_OK;
    ck_assert_ptr_nonnull(j->results);
}

START_TEST(test_threads_shared_rules_match_sequential_play)
{
    int games = th_scaled(GAMES_PER_THREAD, LEAST_GAMES_PER_THREAD);
    canasta_rules *rules = NULL;
    job alone[NTHREADS], together[NTHREADS];
    pthread_t tid[NTHREADS];
    int started = 0, create_rc = 0;

    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE,
                                       TARGET), CANASTA_OK);
    canasta_game *start = start_position(rules);
    for (int t = 0; t < NTHREADS; t++) {
        job_init(&alone[t], rules, start, t, games);
        job_init(&together[t], rules, start, t, games);
    }

    for (int t = 0; t < NTHREADS; t++)
        play_games(&alone[t]);
    /* Join whatever was started before asserting anything. */
    while (started < NTHREADS && create_rc == 0) {
        create_rc = pthread_create(&tid[started], NULL, play_games,
                                   &together[started]);
        if (create_rc == 0)
            started++;
    }
    for (int t = 0; t < started; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    ck_assert_int_eq(create_rc, 0);

    for (int t = 0; t < NTHREADS; t++) {
        ck_assert_int_eq(alone[t].error, CANASTA_OK);
        ck_assert_int_eq(together[t].error, CANASTA_OK);
        for (int i = 0; i < games; i++) {
            const game_result *a = &alone[t].results[i];
            const game_result *b = &together[t].results[i];
            if (a->digest != b->digest || a->decisions != b->decisions ||
                a->hands != b->hands || a->totals[0] != b->totals[0] ||
                a->totals[1] != b->totals[1])
                ck_abort_msg("thread %d game %d: %ld moves, %d hands, "
                             "%d/%d in a thread, but %ld moves, %d hands, "
                             "%d/%d alone", t, i, b->decisions, b->hands,
                             b->totals[0], b->totals[1], a->decisions,
                             a->hands, a->totals[0], a->totals[1]);
            /* S6: a finished game has a side at the target */
            if (a->totals[0] < TARGET && a->totals[1] < TARGET)
                ck_abort_msg("thread %d game %d: over at %d/%d", t, i,
                             a->totals[0], a->totals[1]);
        }
    }
    /* The threads played different games: each its own first deal. */
    for (int t = 1; t < NTHREADS; t++)
        ck_assert(alone[t].results[0].digest != alone[0].results[0].digest);

    for (int t = 0; t < NTHREADS; t++) {
        free(alone[t].results);
        free(together[t].results);
    }
    canasta_game_free(start);
    canasta_rules_free(rules);
}
END_TEST

Suite *suite_threads(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_threads_shared_rules_match_sequential_play);
    suite_add_tcase(s, tc);
    return s;
}
