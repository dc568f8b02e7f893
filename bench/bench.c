/*
 * bench.c - timings of libcanasta's hot paths, on one thread (all but
 * ref_play_hands_per_s_all_threads, which uses every processor).
 *
 * stdout carries only lines of the form
 *     bench <name> <value> <unit>
 * (progress and problems go to stderr).  "bench --ref-play" prints only
 * the two one-thread reference-play figures, "bench --random-play" only
 * the classic random-play ones (bindings/js/bench/bench.mjs alternates
 * them with the JavaScript package's own).  Nothing is asserted: the figures
 * are printed, and the exit status is non-zero only on an engine error.
 *
 * Figures:
 *   clone_ns                    canasta_game_clone + canasta_game_free
 *   copy_ns                     canasta_game_copy into an existing handle
 *   validate_ns                 canasta_validate of a typical move (the
 *                               draw or a discard at mid-hand positions)
 *   apply_ns                    canasta_apply of the same moves (each on a
 *                               fresh copy; the copy's time is subtracted)
 *   validate_meld_ns            the same two for the melds and pile takes
 *   apply_meld_ns               listed at those positions
 *   legal_moves_ns              canasta_legal_moves at positions where the
 *                               player holds 11-15 cards
 *   random_play_decisions_per_s random legal play: enumerate, pick, apply
 *   random_play_hands_per_s     hands finished in the same run
 *   ref_play_decisions_per_s    full games between reference computer
 *   ref_play_hands_per_s        players (canasta_player_play, every knob
 *                               at its default), on one thread: decisions
 *                               and hands per second
 *   ref_play_choose_apply_hands_per_s  the same games played as an app
 *                               that shows each move would:
 *                               canasta_player_choose, then canasta_apply
 *                               (which checks the move again)
 *   ref_play_threads            the threads of the next figure: one per
 *                               processor online
 *   ref_play_hands_per_s_all_threads  the same games on all those threads
 *                               at once (each plays its own games)
 *   determinize_ns              canasta_game_determinize of the seat to
 *                               move, at the same positions, into an
 *                               existing handle
 *   ismcts_iterations_per_s     the searcher of examples/ismcts.c (compiled
 *                               in here) deciding at those positions with
 *                               its default settings: iterations (one
 *                               sampled world, one root action, the hand
 *                               played out) per second, one thread
 *
 * All of these are for the classic preset (4 players).  The games of 2, 3
 * and 6 players (docs/VARIANTS.md) get the figures of legal moves and
 * random play too, measured the same way on positions and games of their
 * own preset, named with the preset's text name as a prefix ("-" written
 * "_"):
 *   two_players_legal_moves_ns, two_players_random_play_decisions_per_s,
 *   two_players_random_play_hands_per_s, and the same for three_players,
 *   six_three_sides and six_two_sides.
 *
 * It calls only the API of 1.0 (and examples/ismcts.c, which does too),
 * so that tools/bench-vs.sh can build it against 1.0.0's library as well
 * and time both with the same code.
 *
 * The positions come from seeded random play, so every run measures the
 * same work.  Each figure runs for about 0.3-0.6 s, random play 1 s,
 * each reference-play figure 2 s.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "canasta.h"

/* The ISMCTS searcher of the example, without its match program. */
#define ISMCTS_NO_MAIN
#include "../examples/ismcts.c"

#define MOVE_BUFFER 4096
#define N_POSITIONS 64          /* of each kind: draw-phase, play-phase */
#define MIN_SECONDS 0.3
#define PLAY_SECONDS 1.0
#define MAX_DECISIONS_PER_HAND 100000L
#define HANDS_PER_GAME 20       /* a fresh game after this many hands */
#define REF_SECONDS 2.0
#define REF_MAX_DECISIONS 1000000L /* per game: more is an engine bug */
#define REF_MAX_THREADS 256
#define ISMCTS_SECONDS 2.0

/* ------------------------------------------------------------------ */
/* Utilities                                                            */
/* ------------------------------------------------------------------ */

static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "bench: engine error in %s: %s (%s)\n", what,
                canasta_error_name(rc), canasta_strerror(rc));
        exit(1);
    }
}

static double now_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        perror("bench: clock_gettime");
        exit(1);
    }
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static canasta_move *move_buf;
static size_t move_cap;

/* Legal moves into the shared buffer.  A buffer too small is grown once
 * here (callers outside timed loops) and reported. */
static size_t legal_moves_grow(const canasta_game *g)
{
    size_t count = 0;
    int rc = canasta_legal_moves(move_buf, move_cap, &count, g);
    if (rc == CANASTA_E_BUFFER) {
        canasta_move *bigger;
        size_t want = count * 2;
        fprintf(stderr, "bench: %lu legal moves do not fit the %lu-move "
                "buffer; growing it\n", (unsigned long)count,
                (unsigned long)move_cap);
        bigger = realloc(move_buf, want * sizeof *bigger);
        if (bigger == NULL) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        move_buf = bigger;
        move_cap = want;
        rc = canasta_legal_moves(move_buf, move_cap, &count, g);
    }
    must(rc, "canasta_legal_moves");
    if (count == 0) {
        fprintf(stderr, "bench: engine error: no legal move\n");
        exit(1);
    }
    return count;
}

static void print_figure(const char *name, double value, const char *unit)
{
    if (value >= 100.0)
        printf("bench %s %.0f %s\n", name, value, unit);
    else
        printf("bench %s %.1f %s\n", name, value, unit);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* Sample positions                                                     */
/* ------------------------------------------------------------------ */

typedef struct sample {
    canasta_game *game;
    canasta_move move; /* the typical move: the draw, or a discard */
} sample;

static sample draw_pos[N_POSITIONS], play_pos[N_POSITIONS];
static int n_draw, n_play;

/* All the typical moves (for validate/apply), flattened. */
typedef struct typical {
    const canasta_game *game;
    canasta_move move;
} typical;

static typical *typ;
static size_t n_typ;
static typical *meld_typ; /* melds and pile takes */
static size_t n_meld;

/* A move of kind from the current legal list, picked at random. */
static int pick_kind(canasta_move *out, size_t count, int kind,
                     uint64_t *rng)
{
    size_t i, n = 0, k;
    for (i = 0; i < count; i++)
        if (move_buf[i].kind == kind)
            n++;
    if (n == 0)
        return 0;
    k = (size_t)(splitmix64(rng) % n);
    for (i = 0; i < count; i++) {
        if (move_buf[i].kind != kind)
            continue;
        if (k-- == 0) {
            *out = move_buf[i];
            return 1;
        }
    }
    return 0;
}

/* Random play from fixed seeds; keep positions of mid-hand turns where
 * the player holds 11-15 cards and the stock still has cards. */
static void collect_positions(const canasta_rules *rules, const char *name)
{
    uint64_t rng = 12345;
    uint64_t seed = 1;
    canasta_game *g = NULL;
    long steps = 0;
    int hands_in_game = 0;

    while ((n_draw < N_POSITIONS || n_play < N_POSITIONS) &&
           steps < 5000000L) {
        int phase, seat, hsize, stock, decision_no;
        size_t count, pick;

        if (g == NULL) {
            must(canasta_game_create(&g, rules, seed++),
                 "canasta_game_create");
            hands_in_game = 0;
        }
        must(canasta_game_phase(&phase, g), "canasta_game_phase");
        if (phase == CANASTA_PHASE_GAME_OVER ||
            (phase == CANASTA_PHASE_HAND_OVER &&
             hands_in_game >= HANDS_PER_GAME)) {
            canasta_game_free(g);
            g = NULL;
            continue;
        }
        count = legal_moves_grow(g);
        must(canasta_game_current_seat(&seat, g),
             "canasta_game_current_seat");
        must(canasta_game_hand_size(&hsize, g, seat),
             "canasta_game_hand_size");
        must(canasta_game_stock_size(&stock, g), "canasta_game_stock_size");

        /* keep about one position in 16 so they spread over many hands */
        decision_no = (int)(splitmix64(&rng) % 16);
        if (decision_no == 0 && stock > 10 && hsize >= 11 && hsize <= 15) {
            sample *s = NULL;
            canasta_move mv;
            if (phase == CANASTA_PHASE_DRAW && n_draw < N_POSITIONS &&
                pick_kind(&mv, count, CANASTA_MOVE_DRAW, &rng))
                s = &draw_pos[n_draw++];
            else if (phase == CANASTA_PHASE_PLAY && n_play < N_POSITIONS &&
                     pick_kind(&mv, count, CANASTA_MOVE_DISCARD, &rng))
                s = &play_pos[n_play++];
            if (s != NULL) {
                must(canasta_game_clone(&s->game, g), "canasta_game_clone");
                s->move = mv;
            }
        }

        /* Play on, preferring draw + discard turns so hands stay
         * realistic in size (pure random play melds a lot). */
        {
            canasta_move mv;
            char why[256];
            int r = (int)(splitmix64(&rng) % 4);
            if (!(r != 0 && phase == CANASTA_PHASE_PLAY &&
                  pick_kind(&mv, count, CANASTA_MOVE_DISCARD, &rng))) {
                pick = (size_t)(splitmix64(&rng) % count);
                mv = move_buf[pick];
            }
            if (mv.kind == CANASTA_MOVE_NEXT_HAND)
                hands_in_game++;
            if (canasta_apply(why, sizeof why, g, &mv) != CANASTA_OK) {
                fprintf(stderr, "bench: engine error: a legal move was "
                        "refused: %s\n", why);
                exit(1);
            }
        }
        steps++;
    }
    if (g != NULL)
        canasta_game_free(g);
    if (n_draw == 0 || n_play == 0) {
        fprintf(stderr, "bench: could not collect positions (%d draw, %d "
                "play)\n", n_draw, n_play);
        exit(1);
    }
    fprintf(stderr, "bench: %s: %d draw-phase and %d play-phase positions "
            "(%ld random decisions)\n", name, n_draw, n_play, steps);
}

/* ------------------------------------------------------------------ */
/* Timed loops                                                          */
/* ------------------------------------------------------------------ */

/* Each body runs `iters` operations and returns the elapsed seconds;
 * time_per_op doubles iters until a run takes MIN_SECONDS. */
typedef double (*body_fn)(long iters);

static double time_per_op(body_fn body)
{
    long iters = 16;
    for (;;) {
        double el = body(iters);
        if (el >= MIN_SECONDS)
            return el / (double)iters;
        if (el < MIN_SECONDS / 20)
            iters *= 8;
        else
            iters *= 2;
    }
}

static int all_positions(const canasta_game **out)
{
    int i, n = 0;
    for (i = 0; i < n_draw; i++)
        out[n++] = draw_pos[i].game;
    for (i = 0; i < n_play; i++)
        out[n++] = play_pos[i].game;
    return n;
}

static const canasta_game *positions[2 * N_POSITIONS];
static int n_positions;
static canasta_game *scratch;
static long failures;
static long engine_errors; /* decisions without a legal move */

static double body_clone(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        canasta_game *c = NULL;
        if (canasta_game_clone(&c, positions[i % n_positions]) != CANASTA_OK)
            failures++;
        canasta_game_free(c);
    }
    return now_s() - t0;
}

static double body_copy(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++)
        if (canasta_game_copy(scratch, positions[i % n_positions]) !=
            CANASTA_OK)
            failures++;
    return now_s() - t0;
}

static double body_validate(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        const typical *t = &typ[(size_t)i % n_typ];
        if (canasta_validate(NULL, 0, t->game, &t->move) != CANASTA_OK)
            failures++;
    }
    return now_s() - t0;
}

/* copy + apply, and copy alone over the same sequence of positions */
static double body_copy_apply(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        const typical *t = &typ[(size_t)i % n_typ];
        if (canasta_game_copy(scratch, t->game) != CANASTA_OK ||
            canasta_apply(NULL, 0, scratch, &t->move) != CANASTA_OK)
            failures++;
    }
    return now_s() - t0;
}

static double body_copy_typical(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        const typical *t = &typ[(size_t)i % n_typ];
        if (canasta_game_copy(scratch, t->game) != CANASTA_OK)
            failures++;
    }
    return now_s() - t0;
}

static double body_legal(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        size_t count = 0;
        if (canasta_legal_moves(move_buf, move_cap, &count,
                                positions[i % n_positions]) != CANASTA_OK)
            failures++;
    }
    return now_s() - t0;
}

static int seat_of[2 * N_POSITIONS];

static double body_determinize(long iters)
{
    long i;
    double t0 = now_s();
    for (i = 0; i < iters; i++) {
        int k = (int)(i % n_positions);
        if (canasta_game_determinize(scratch, positions[k], seat_of[k],
                                     (uint64_t)i) != CANASTA_OK)
            failures++;
    }
    return now_s() - t0;
}

/* The example's searcher at every position in turn for ISMCTS_SECONDS. */
static double bench_ismcts(void)
{
    ismcts_config cfg;
    char err[200];
    searcher *s;
    double t0 = now_s(), rate;
    long decisions = 0;
    int k = 0;

    parse_config(&cfg, NULL, err, sizeof err);
    s = searcher_new(&cfg);
    if (!s) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    while (now_s() - t0 < ISMCTS_SECONDS) {
        canasta_move m;
        must(search_move(s, &m, positions[k], (uint64_t)decisions),
             "the ISMCTS example's search");
        k = (k + 1) % n_positions;
        decisions++;
    }
    fprintf(stderr, "bench: ISMCTS: %ld decisions, %ld searched, %ld "
            "iterations in %.2f s of search\n", decisions, s->searched,
            s->iterations, s->seconds);
    rate = s->seconds > 0 ? s->iterations / s->seconds : 0.0;
    searcher_free(s);
    return rate;
}

static void check_failures(const char *what)
{
    if (failures) {
        fprintf(stderr, "bench: engine error: %ld calls failed while "
                "timing %s\n", failures, what);
        exit(1);
    }
}

/* Random play for about PLAY_SECONDS: decisions and hands per second.
 * Time spent growing the move buffer is left out of the clock. */
static void random_play(const canasta_rules *rules, const char *name,
                        double *decisions_per_s, double *hands_per_s)
{
    uint64_t rng = 0xC0FFEEULL, seed = 1000;
    canasta_game *g = NULL;
    long decisions = 0, hands = 0, hand_decisions = 0, games = 0;
    int hands_in_game = 0;
    double t0, paused = 0.0, elapsed = 0.0;

    must(canasta_game_create(&g, rules, seed++), "canasta_game_create");
    t0 = now_s();
    for (;;) {
        size_t count = 0;
        int rc, phase;
        const canasta_move *mv;

        if ((decisions & 255) == 0) {
            elapsed = now_s() - t0 - paused;
            if (elapsed >= PLAY_SECONDS)
                break;
        }
        rc = canasta_legal_moves(move_buf, move_cap, &count, g);
        if (rc == CANASTA_E_BUFFER) {
            double p0 = now_s();
            legal_moves_grow(g);
            paused += now_s() - p0;
            continue;
        }
        if (rc == CANASTA_OK && count == 0) {
            /* A decision without a legal move is an engine error; it is
             * reported (and makes the exit status 1), and the figures are
             * still measured, on a fresh game. */
            fprintf(stderr, "bench: engine error: %s: no legal move in "
                    "random play (game seed %llu); abandoning that game\n",
                    name, (unsigned long long)(seed - 1));
            engine_errors++;
            canasta_game_free(g);
            g = NULL;
            must(canasta_game_create(&g, rules, seed++),
                 "canasta_game_create");
            games++;
            hands_in_game = 0;
            hand_decisions = 0;
            continue;
        }
        if (rc != CANASTA_OK) {
            fprintf(stderr, "bench: engine error in random play: %s\n",
                    canasta_error_name(rc));
            exit(1);
        }
        mv = &move_buf[splitmix64(&rng) % count];
        if (mv->kind == CANASTA_MOVE_NEXT_HAND &&
            hands_in_game >= HANDS_PER_GAME) {
            /* start a fresh game instead of playing on forever */
            canasta_game_free(g);
            g = NULL;
            must(canasta_game_create(&g, rules, seed++),
                 "canasta_game_create");
            games++;
            hands_in_game = 0;
            continue;
        }
        rc = canasta_apply(NULL, 0, g, mv);
        if (rc != CANASTA_OK) {
            fprintf(stderr, "bench: engine error: a legal move was refused "
                    "in random play: %s\n", canasta_error_name(rc));
            exit(1);
        }
        decisions++;
        hand_decisions++;
        if (mv->kind == CANASTA_MOVE_NEXT_HAND)
            hand_decisions = 0;
        must(canasta_game_phase(&phase, g), "canasta_game_phase");
        if (phase == CANASTA_PHASE_HAND_OVER ||
            phase == CANASTA_PHASE_GAME_OVER) {
            hands++;
            hands_in_game++;
            hand_decisions = 0;
            if (phase == CANASTA_PHASE_GAME_OVER) {
                canasta_game_free(g);
                g = NULL;
                must(canasta_game_create(&g, rules, seed++),
                     "canasta_game_create");
                games++;
                hands_in_game = 0;
            }
        }
        if (hand_decisions > MAX_DECISIONS_PER_HAND) {
            fprintf(stderr, "bench: a hand took more than %ld decisions; "
                    "the engine may loop (game seed %llu)\n",
                    MAX_DECISIONS_PER_HAND, (unsigned long long)(seed - 1));
            exit(1);
        }
    }
    canasta_game_free(g);
    fprintf(stderr, "bench: %s: random play: %ld decisions, %ld hands, %ld "
            "new games in %.2f s\n", name, decisions, hands, games, elapsed);
    *decisions_per_s = (double)decisions / elapsed;
    *hands_per_s = (double)hands / elapsed;
}

/* ------------------------------------------------------------------ */
/* Full games between reference players, on one thread and on all       */
/* ------------------------------------------------------------------ */

typedef struct ref_worker {
    const canasta_rules *rules;
    uint64_t seed, stride;      /* games seed, seed + stride, ... */
    double deadline;
    long decisions, hands, games;
    int two_calls;              /* choose + apply, not canasta_player_play */
    int error;                  /* 1 after an engine error (reported) */
    pthread_t tid;
} ref_worker;

static uint64_t mix64(uint64_t x)
{
    return splitmix64(&x);
}

/* Play whole games until the deadline (checked after every hand). */
static void *ref_worker_main(void *arg)
{
    ref_worker *w = arg;
    canasta_player *player = NULL;
    uint64_t seed = w->seed;

    if (canasta_player_create(&player) != CANASTA_OK) {
        fprintf(stderr, "bench: engine error: canasta_player_create\n");
        w->error = 1;
        return NULL;
    }
    while (!w->error && now_s() < w->deadline) {
        canasta_game *g = NULL;
        long move = 0;
        int rc = canasta_game_create(&g, w->rules, seed);
        while (rc == CANASTA_OK) {
            canasta_move mv;
            int phase = 0;
            uint64_t s = mix64(seed ^ mix64((uint64_t)move));
            if (w->two_calls) {
                rc = canasta_player_choose(&mv, player, g, s);
                if (rc == CANASTA_OK)
                    rc = canasta_apply(NULL, 0, g, &mv);
            } else {
                rc = canasta_player_play(&mv, player, g, s);
            }
            if (rc == CANASTA_E_GAME_OVER) {
                rc = CANASTA_OK;
                w->games++;
                break;
            }
            if (rc == CANASTA_OK)
                rc = canasta_game_phase(&phase, g);
            if (rc != CANASTA_OK)
                break;
            w->decisions++;
            if (++move > REF_MAX_DECISIONS) {
                fprintf(stderr, "bench: engine error: reference game seed "
                        "%llu did not end within %ld decisions\n",
                        (unsigned long long)seed, REF_MAX_DECISIONS);
                w->error = 1;
                break;
            }
            if (mv.kind != CANASTA_MOVE_NEXT_HAND &&
                (phase == CANASTA_PHASE_HAND_OVER ||
                 phase == CANASTA_PHASE_GAME_OVER)) {
                w->hands++;
                if (now_s() >= w->deadline)
                    break;
            }
        }
        if (rc != CANASTA_OK) {
            fprintf(stderr, "bench: engine error in reference play (game "
                    "seed %llu, decision %ld): %s\n", (unsigned long long)seed,
                    move, canasta_error_name(rc));
            w->error = 1;
        }
        canasta_game_free(g);
        seed += w->stride;
    }
    canasta_player_free(player);
    return NULL;
}

/* Reference play on nthreads threads for REF_SECONDS: decisions and
 * hands per second over all threads. */
static void ref_play(const canasta_rules *rules, int nthreads, int two_calls,
                     double *decisions_per_s, double *hands_per_s)
{
    ref_worker w[REF_MAX_THREADS];
    long decisions = 0, hands = 0, games = 0;
    double t0, elapsed;
    int i, started = 0;

    memset(w, 0, sizeof w);
    t0 = now_s();
    for (i = 0; i < nthreads; i++) {
        w[i].rules = rules;
        w[i].two_calls = two_calls;
        w[i].seed = 5000 + (uint64_t)i;
        w[i].stride = (uint64_t)nthreads;
        w[i].deadline = t0 + REF_SECONDS;
        if (pthread_create(&w[i].tid, NULL, ref_worker_main, &w[i]) != 0) {
            fprintf(stderr, "bench: cannot start thread %d\n", i);
            break;
        }
        started++;
    }
    for (i = 0; i < started; i++)
        pthread_join(w[i].tid, NULL);
    elapsed = now_s() - t0;
    for (i = 0; i < started; i++) {
        if (w[i].error)
            exit(1);
        decisions += w[i].decisions;
        hands += w[i].hands;
        games += w[i].games;
    }
    if (started < nthreads)
        exit(1);
    fprintf(stderr, "bench: reference play on %d thread%s: %ld decisions, "
            "%ld hands, %ld whole games in %.2f s\n", nthreads,
            nthreads == 1 ? "" : "s", decisions, hands, games, elapsed);
    *decisions_per_s = (double)decisions / elapsed;
    *hands_per_s = (double)hands / elapsed;
}

static void bench_reference_play(const canasta_rules *rules)
{
    double dps, hps;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nthreads = ncpu < 1 ? 1 : ncpu > REF_MAX_THREADS ? REF_MAX_THREADS
                                                          : (int)ncpu;

    fprintf(stderr, "bench: reference play, one thread\n");
    ref_play(rules, 1, 0, &dps, &hps);
    print_figure("ref_play_decisions_per_s", dps, "decisions/s");
    print_figure("ref_play_hands_per_s", hps, "hands/s");
    fprintf(stderr, "bench: reference play, one thread, choose + apply\n");
    ref_play(rules, 1, 1, &dps, &hps);
    print_figure("ref_play_choose_apply_hands_per_s", hps, "hands/s");
    fprintf(stderr, "bench: reference play, %d threads\n", nthreads);
    ref_play(rules, nthreads, 0, &dps, &hps);
    printf("bench ref_play_threads %d threads\n", nthreads);
    print_figure("ref_play_hands_per_s_all_threads", hps, "hands/s");
}

/* ------------------------------------------------------------------ */
/* The games of 2, 3 and 6 players                                      */
/* ------------------------------------------------------------------ */

static void free_positions(void)
{
    int i;
    for (i = 0; i < n_draw; i++)
        canasta_game_free(draw_pos[i].game);
    for (i = 0; i < n_play; i++)
        canasta_game_free(play_pos[i].game);
    n_draw = n_play = n_positions = 0;
}

/* Legal moves and random play under preset, as for the classic game;
 * prefix names the figures. */
static void bench_variant(int preset, const char *name, const char *prefix)
{
    canasta_rules *rules = NULL;
    char figure[96];
    double legal_s, dps, hps;
    int i;

    must(canasta_rules_create(&rules, preset), "canasta_rules_create");
    collect_positions(rules, name);
    n_positions = all_positions(positions);
    for (i = 0; i < n_positions; i++)
        (void)legal_moves_grow(positions[i]);

    fprintf(stderr, "bench: %s: timing legal moves\n", name);
    legal_s = time_per_op(body_legal);
    check_failures("legal moves");
    snprintf(figure, sizeof figure, "%s_legal_moves_ns", prefix);
    print_figure(figure, legal_s * 1e9, "ns");

    fprintf(stderr, "bench: %s: random play\n", name);
    random_play(rules, name, &dps, &hps);
    snprintf(figure, sizeof figure, "%s_random_play_decisions_per_s", prefix);
    print_figure(figure, dps, "decisions/s");
    snprintf(figure, sizeof figure, "%s_random_play_hands_per_s", prefix);
    print_figure(figure, hps, "hands/s");

    free_positions();
    canasta_rules_free(rules);
}

/* ------------------------------------------------------------------ */

/* The move buffer and the classic rules every figure of main needs. */
static int start_classic(canasta_rules **rules)
{
    move_cap = MOVE_BUFFER;
    move_buf = malloc(move_cap * sizeof *move_buf);
    if (move_buf == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        return 1;
    }
    must(canasta_rules_create(rules, CANASTA_PRESET_CLASSIC),
         "canasta_rules_create");
    return 0;
}

/* "bench --ref-play": only the one-thread reference-play figures, for a
 * caller that alternates them with its own (the JavaScript package's
 * bench, bindings/js/bench/bench.mjs, compares the two in one run). */
static int bench_ref_play_only(void)
{
    canasta_rules *rules = NULL;
    double dps, hps;

    must(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
         "canasta_rules_create");
    ref_play(rules, 1, 0, &dps, &hps);
    print_figure("ref_play_decisions_per_s", dps, "decisions/s");
    print_figure("ref_play_hands_per_s", hps, "hands/s");
    canasta_rules_free(rules);
    return 0;
}

/* "bench --random-play": only the classic random-play figures (for the
 * same comparison). */
static int bench_random_play_only(void)
{
    canasta_rules *rules = NULL;
    double dps, hps;

    if (start_classic(&rules) != 0)
        return 1;
    random_play(rules, "classic", &dps, &hps);
    print_figure("random_play_decisions_per_s", dps, "decisions/s");
    print_figure("random_play_hands_per_s", hps, "hands/s");
    canasta_rules_free(rules);
    free(move_buf);
    return engine_errors ? 1 : 0;
}

int main(int argc, char **argv)
{
    canasta_rules *rules = NULL;
    double clone_s, copy_s, validate_s, copy_apply_s, copy_typ_s, legal_s;
    double apply_ns, dps, hps;
    int i;

    if (argc == 2 && strcmp(argv[1], "--ref-play") == 0)
        return bench_ref_play_only();
    if (argc == 2 && strcmp(argv[1], "--random-play") == 0)
        return bench_random_play_only();
    if (argc > 1) {
        fprintf(stderr, "usage: bench [--ref-play | --random-play]\n");
        return 2;
    }

    if (start_classic(&rules) != 0)
        return 1;

    collect_positions(rules, "classic");
    n_positions = all_positions(positions);
    must(canasta_game_clone(&scratch, positions[0]), "canasta_game_clone");

    /* The typical moves: the draw at each draw-phase position and every
     * distinct discard at each play-phase position. */
    typ = malloc((size_t)(n_draw + n_play * 64) * sizeof *typ);
    if (typ == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        return 1;
    }
    for (i = 0; i < n_draw; i++) {
        typ[n_typ].game = draw_pos[i].game;
        typ[n_typ].move = draw_pos[i].move;
        n_typ++;
    }
    for (i = 0; i < n_play; i++) {
        size_t count = legal_moves_grow(play_pos[i].game), k;
        int added = 0;
        for (k = 0; k < count && added < 64; k++) {
            if (move_buf[k].kind != CANASTA_MOVE_DISCARD)
                continue;
            typ[n_typ].game = play_pos[i].game;
            typ[n_typ].move = move_buf[k];
            n_typ++;
            added++;
        }
    }
    /* The melding moves: every listed meld at the play-phase positions and
     * every listed take of the pile at the draw-phase positions. */
    meld_typ = malloc((size_t)(n_draw + n_play) * 64 * sizeof *meld_typ);
    if (meld_typ == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        return 1;
    }
    for (i = 0; i < n_positions; i++) {
        size_t count = legal_moves_grow(positions[i]), k;
        int added = 0;
        for (k = 0; k < count && added < 64; k++) {
            if (move_buf[k].kind != CANASTA_MOVE_MELD &&
                move_buf[k].kind != CANASTA_MOVE_TAKE_PILE)
                continue;
            meld_typ[n_meld].game = positions[i];
            meld_typ[n_meld].move = move_buf[k];
            n_meld++;
            added++;
        }
    }
    /* Make sure the buffer holds every position's list before timing. */
    for (i = 0; i < n_positions; i++)
        (void)legal_moves_grow(positions[i]);
    fprintf(stderr, "bench: %lu typical moves\n", (unsigned long)n_typ);

    fprintf(stderr, "bench: timing clone\n");
    clone_s = time_per_op(body_clone);
    check_failures("clone");
    print_figure("clone_ns", clone_s * 1e9, "ns");

    fprintf(stderr, "bench: timing copy\n");
    copy_s = time_per_op(body_copy);
    check_failures("copy");
    print_figure("copy_ns", copy_s * 1e9, "ns");

    fprintf(stderr, "bench: timing validate\n");
    validate_s = time_per_op(body_validate);
    check_failures("validate");
    print_figure("validate_ns", validate_s * 1e9, "ns");

    fprintf(stderr, "bench: timing apply\n");
    copy_apply_s = time_per_op(body_copy_apply);
    check_failures("apply");
    copy_typ_s = time_per_op(body_copy_typical);
    check_failures("copy");
    apply_ns = (copy_apply_s - copy_typ_s) * 1e9;
    if (apply_ns < 0.0)
        apply_ns = 0.0;
    print_figure("apply_ns", apply_ns, "ns");

    if (n_meld > 0) {
        typical *plain = typ;
        size_t n_plain = n_typ;
        fprintf(stderr, "bench: timing %lu melds and takes\n",
                (unsigned long)n_meld);
        typ = meld_typ;
        n_typ = n_meld;
        validate_s = time_per_op(body_validate);
        check_failures("validate (melds)");
        print_figure("validate_meld_ns", validate_s * 1e9, "ns");
        copy_apply_s = time_per_op(body_copy_apply);
        check_failures("apply (melds)");
        copy_typ_s = time_per_op(body_copy_typical);
        apply_ns = (copy_apply_s - copy_typ_s) * 1e9;
        print_figure("apply_meld_ns", apply_ns < 0.0 ? 0.0 : apply_ns, "ns");
        typ = plain;
        n_typ = n_plain;
    }

    fprintf(stderr, "bench: timing legal moves\n");
    legal_s = time_per_op(body_legal);
    check_failures("legal moves");
    print_figure("legal_moves_ns", legal_s * 1e9, "ns");

    fprintf(stderr, "bench: random play\n");
    random_play(rules, "classic", &dps, &hps);
    print_figure("random_play_decisions_per_s", dps, "decisions/s");
    print_figure("random_play_hands_per_s", hps, "hands/s");

    bench_reference_play(rules);

    fprintf(stderr, "bench: timing determinize\n");
    for (i = 0; i < n_positions; i++)
        must(canasta_game_current_seat(&seat_of[i], positions[i]),
             "canasta_game_current_seat");
    print_figure("determinize_ns", time_per_op(body_determinize) * 1e9, "ns");
    check_failures("determinize");

    fprintf(stderr, "bench: the ISMCTS example\n");
    print_figure("ismcts_iterations_per_s", bench_ismcts(), "iterations/s");

    free_positions();
    canasta_game_free(scratch);
    scratch = NULL;

    /* The other games: the same figures, each on its own positions. */
    bench_variant(CANASTA_PRESET_TWO_PLAYERS, "two-players", "two_players");
    bench_variant(CANASTA_PRESET_THREE_PLAYERS, "three-players",
                  "three_players");
    bench_variant(CANASTA_PRESET_SIX_THREE_SIDES, "six-three-sides",
                  "six_three_sides");
    bench_variant(CANASTA_PRESET_SIX_TWO_SIDES, "six-two-sides",
                  "six_two_sides");

    free(typ);
    free(meld_typ);
    free(move_buf);
    canasta_rules_free(rules);
    if (engine_errors) {
        fprintf(stderr, "bench: %ld engine error%s in random play (see "
                "above)\n", engine_errors, engine_errors == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
