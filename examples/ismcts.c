/*
 * ismcts.c - an Information-Set Monte Carlo Tree Search player built on
 * libcanasta's search support, and a match that measures it against the
 * library's reference player.
 *
 * Usage: ismcts [--games N] [--seed-from S] [--iterations K]
 *               [--threads T] [--target X] [--quiet]
 *
 * The match plays N seeds twice (mirrored: once with the searcher on
 * side 0, once on side 1, every other seat played by the reference
 * player), so that the deals' luck cancels out, and prints the
 * searcher's win rate with a 95% confidence interval (Wilson), as
 * canasta-sim does.
 *
 * The searcher (single-observer ISMCTS, "SO-ISMCTS" in the literature):
 * for each decision it runs K iterations; each iteration
 *   1. samples a world consistent with what the seat knows
 *      (canasta_game_determinize: every card it cannot see dealt again),
 *   2. walks down a tree of the seat's own decisions, keyed by action
 *      (canasta_action_of_move: the same action means the same move in
 *      every sampled world), choosing by UCB1 among the actions legal in
 *      this world (counting each child's availability), while every other
 *      seat plays as the reference player,
 *   3. adds one new node, plays the hand out with reference players, and
 *   4. backs up the hand's score difference for the seat's side.
 * It plays the most visited action.  The searcher never looks at a card
 * its seat cannot see: every world comes from determinize.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canasta.h"

#define MAX_LEGAL 4096
#define UCB_C 0.7
/* Progressive bias towards the reference player's choice: a search that
 * has seen little plays what the reference player would. */
#define PRIOR 1.0
#define REWARD_SCALE 1500.0

typedef struct node {
    uint64_t action;
    int child, sibling;      /* first child, next sibling (-1: none) */
    double reward;           /* sum of rewards in [0, 1] */
    unsigned visits, avail;  /* visits, and times it was legal */
} node;

typedef struct searcher {
    node *nodes;
    int n_nodes, cap;
    canasta_game *world;     /* scratch: one sampled world */
    canasta_player *model;   /* how every other seat (and rollouts) play */
    canasta_move *legal;
    long iterations;         /* done, over all decisions */
    double seconds;
} searcher;

static void die(const char *what, int rc)
{
    fprintf(stderr, "ismcts: %s: %s\n", what, canasta_strerror(rc));
    exit(2);
}

static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK)
        die(what, rc);
}

static int new_node(searcher *s, uint64_t action)
{
    if (s->n_nodes == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->nodes = realloc(s->nodes, (size_t)s->cap * sizeof *s->nodes);
        if (!s->nodes) {
            fprintf(stderr, "ismcts: out of memory\n");
            exit(2);
        }
    }
    node *n = &s->nodes[s->n_nodes];
    n->action = action;
    n->child = n->sibling = -1;
    n->reward = 0;
    n->visits = n->avail = 0;
    return s->n_nodes++;
}

static int find_child(const searcher *s, int parent, uint64_t action)
{
    for (int c = s->nodes[parent].child; c >= 0; c = s->nodes[c].sibling)
        if (s->nodes[c].action == action)
            return c;
    return -1;
}

static int phase_of(const canasta_game *g)
{
    int ph = 0;
    must(canasta_game_phase(&ph, g), "phase");
    return ph;
}

static int in_hand(int ph)
{
    return ph == CANASTA_PHASE_DRAW || ph == CANASTA_PHASE_PLAY ||
           ph == CANASTA_PHASE_ANSWER;
}

/* The reward of a finished hand for seat's score column: the difference
 * between its hand score and the best other column's, squashed into
 * [0, 1]. */
static double reward_of(const canasta_game *g, int column, int columns)
{
    int items[CANASTA_SCORE_ITEMS], mine = 0, best = -1000000;
    for (int c = 0; c < columns; c++) {
        must(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, c),
             "hand score");
        int v = items[CANASTA_SCORE_TOTAL];
        if (c == column)
            mine = v;
        else if (v > best)
            best = v;
    }
    double d = (mine - best) / REWARD_SCALE;
    return 0.5 + 0.5 * tanh(d);
}

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Play the reference player's move in g. */
static void model_move(searcher *s, canasta_game *g, uint64_t seed)
{
    canasta_move m;
    must(canasta_player_choose(&m, s->model, g, seed), "model choose");
    must(canasta_apply(NULL, 0, g, &m), "model apply");
}

/* One iteration from the root decision of game for seat. */
static void iterate(searcher *s, const canasta_game *game, int seat,
                    int column, int columns, uint64_t seed)
{
    canasta_game *w = s->world;
    must(canasta_game_determinize(w, game, seat, seed), "determinize");
    int path[512], depth = 0, cur = 0, expanded = 0;
    path[depth++] = 0;
    uint64_t step = seed;
    for (;;) {
        int ph = phase_of(w), who = -1;
        if (!in_hand(ph))
            break;
        must(canasta_game_current_seat(&who, w), "seat");
        step = mix(step);
        if (who != seat || expanded) {
            model_move(s, w, step);
            continue;
        }
        /* The seat's own decision: UCB over the actions legal here. */
        size_t n = 0;
        int rc = canasta_legal_moves(s->legal, MAX_LEGAL, &n, w);
        if (rc != CANASTA_OK && rc != CANASTA_E_BUFFER)
            die("legal moves", rc);
        if (n > MAX_LEGAL)
            n = MAX_LEGAL;
        int best = -1, untried = -1, prior_untried = -1;
        double best_ucb = -1;
        unsigned n_untried = 0;
        canasta_move pm;
        uint64_t prior = UINT64_MAX;
        must(canasta_player_choose(&pm, s->model, w, step), "prior");
        must(canasta_action_of_move(&prior, &pm), "action");
        for (size_t i = 0; i < n; i++) {
            uint64_t a;
            must(canasta_action_of_move(&a, &s->legal[i]), "action");
            int c = find_child(s, cur, a);
            if (c < 0) {
                /* the reference player's move is tried first, then a
                 * reservoir choice of the others */
                if (a == prior)
                    prior_untried = (int)i;
                n_untried++;
                if (mix(step + i) % n_untried == 0)
                    untried = (int)i;
                continue;
            }
            node *ch = &s->nodes[c];
            ch->avail++;
            double ucb = ch->reward / ch->visits +
                         UCB_C * sqrt(log((double)ch->avail) / ch->visits) +
                         (a == prior ? PRIOR / (ch->visits + 1) : 0.0);
            if (ucb > best_ucb) {
                best_ucb = ucb;
                best = c;
            }
        }
        const canasta_move *m;
        if (prior_untried >= 0)
            untried = prior_untried;
        if (untried >= 0) {
            uint64_t a;
            must(canasta_action_of_move(&a, &s->legal[untried]), "action");
            int c = new_node(s, a);
            node *parent = &s->nodes[cur];
            s->nodes[c].sibling = parent->child;
            parent->child = c;
            s->nodes[c].avail = 1;
            cur = c;
            expanded = 1;
            m = &s->legal[untried];
        } else {
            cur = best;
            canasta_move tmp;
            must(canasta_action_to_move(&tmp, w, s->nodes[cur].action),
                 "action to move");
            s->legal[0] = tmp;
            m = &s->legal[0];
        }
        if (depth < (int)(sizeof path / sizeof path[0]))
            path[depth++] = cur;
        must(canasta_apply(NULL, 0, w, m), "apply");
    }
    double r = reward_of(w, column, columns);
    for (int i = 0; i < depth; i++) {
        s->nodes[path[i]].visits++;
        s->nodes[path[i]].reward += r;
    }
}

/* The searcher's move for the seat to move in game. */
static void search_move(searcher *s, canasta_move *out,
                        const canasta_game *game, int iterations,
                        uint64_t seed)
{
    size_t n = 0;
    int rc = canasta_legal_moves(s->legal, MAX_LEGAL, &n, game);
    if (rc != CANASTA_OK && rc != CANASTA_E_BUFFER)
        die("legal moves", rc);
    int ph = phase_of(game);
    if (n == 1 || !in_hand(ph)) {
        *out = s->legal[0];
        return;
    }
    int seat = -1, columns = 0, column = 0, lone = -1;
    must(canasta_game_current_seat(&seat, game), "seat");
    must(canasta_game_option(&columns, game, CANASTA_OPT_SIDES), "sides");
    must(canasta_game_option(&lone, game, CANASTA_OPT_LONE_HAND), "lone");
    column = seat;
    if (!lone)
        must(canasta_game_seat_side(&column, game, seat), "side");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    s->n_nodes = 0;
    new_node(s, 0);
    for (int i = 0; i < iterations; i++)
        iterate(s, game, seat, column, columns, mix(seed + (uint64_t)i));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s->seconds += (double)(t1.tv_sec - t0.tv_sec) +
                  (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    s->iterations += iterations;
    int best = -1;
    for (int c = s->nodes[0].child; c >= 0; c = s->nodes[c].sibling)
        if (best < 0 || s->nodes[c].visits > s->nodes[best].visits)
            best = c;
    must(canasta_action_to_move(out, game, s->nodes[best].action),
         "chosen action");
}

/* ---- the match ---- */

typedef struct match {
    int games, iterations, target, threads, quiet;
    uint64_t seed_from;
    canasta_rules *rules;
    pthread_mutex_t lock;
    int next;                 /* next game index to play */
    long wins, losses, ties, hands, done;
    long iterations_done;
    double search_seconds;
} match;

/* Play game index i: seed seed_from + i / 2, the searcher on side i % 2. */
static int play_game(match *mt, searcher *s, int i)
{
    uint64_t seed = mt->seed_from + (uint64_t)(i / 2);
    int search_side = i % 2, hands = 0;
    canasta_game *g = NULL;
    must(canasta_game_create(&g, mt->rules, seed), "create");
    if (!s->world)
        must(canasta_game_clone(&s->world, g), "clone");
    uint64_t step = mix(seed * 2 + (uint64_t)search_side);
    for (long guard = 0;; guard++) {
        int ph = phase_of(g), who = -1, side = -1;
        if (ph == CANASTA_PHASE_GAME_OVER)
            break;
        if (guard > 200000)
            die("a game did not end", CANASTA_E_PHASE);
        if (ph == CANASTA_PHASE_HAND_OVER)
            hands++;
        must(canasta_game_current_seat(&who, g), "seat");
        must(canasta_game_seat_side(&side, g, who), "side");
        step = mix(step);
        canasta_move m;
        if (side == search_side && in_hand(ph))
            search_move(s, &m, g, mt->iterations, step);
        else
            must(canasta_player_choose(&m, s->model, g, step), "choose");
        must(canasta_apply(NULL, 0, g, &m), "apply");
    }
    int winner = -2;
    must(canasta_game_winner(&winner, g), "winner");
    canasta_game_free(g);
    pthread_mutex_lock(&mt->lock);
    mt->hands += hands + 1;
    if (winner == search_side)
        mt->wins++;
    else if (winner < 0)
        mt->ties++;
    else
        mt->losses++;
    mt->done++;
    pthread_mutex_unlock(&mt->lock);
    return 0;
}

static void *worker(void *arg)
{
    match *mt = arg;
    searcher s;
    memset(&s, 0, sizeof s);
    must(canasta_player_create(&s.model), "player");
    s.legal = malloc(MAX_LEGAL * sizeof *s.legal);
    if (!s.legal)
        die("memory", CANASTA_E_NOMEM);
    for (;;) {
        pthread_mutex_lock(&mt->lock);
        int i = mt->next < 2 * mt->games ? mt->next++ : -1;
        pthread_mutex_unlock(&mt->lock);
        if (i < 0)
            break;
        play_game(mt, &s, i);
        if (!mt->quiet) {
            pthread_mutex_lock(&mt->lock);
            fprintf(stderr, "\rismcts: %ld/%d games", mt->done,
                    2 * mt->games);
            pthread_mutex_unlock(&mt->lock);
        }
    }
    pthread_mutex_lock(&mt->lock);
    mt->iterations_done += s.iterations;
    mt->search_seconds += s.seconds;
    pthread_mutex_unlock(&mt->lock);
    canasta_game_free(s.world);
    canasta_player_free(s.model);
    free(s.legal);
    free(s.nodes);
    return NULL;
}

static long arg_long(const char *opt, const char *v, long lo, long hi)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (*v == '\0' || *end != '\0' || x < lo || x > hi) {
        fprintf(stderr, "ismcts: %s takes a number from %ld to %ld, not "
                "'%s'\n", opt, lo, hi, v);
        exit(2);
    }
    return x;
}

int main(int argc, char **argv)
{
    match mt;
    memset(&mt, 0, sizeof mt);
    mt.games = 100;
    mt.iterations = 100;
    mt.threads = 2;
    mt.target = 5000;
    mt.seed_from = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--quiet") == 0) {
            mt.quiet = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "usage: ismcts [--games N] [--seed-from S] "
                    "[--iterations K] [--threads T] [--target X] "
                    "[--quiet]\n");
            return 2;
        }
        if (strcmp(a, "--games") == 0)
            mt.games = (int)arg_long(a, v, 1, 1000000);
        else if (strcmp(a, "--seed-from") == 0)
            mt.seed_from = (uint64_t)arg_long(a, v, 0, 2147483647L);
        else if (strcmp(a, "--iterations") == 0)
            mt.iterations = (int)arg_long(a, v, 1, 1000000);
        else if (strcmp(a, "--threads") == 0)
            mt.threads = (int)arg_long(a, v, 1, 256);
        else if (strcmp(a, "--target") == 0)
            mt.target = (int)arg_long(a, v, 1, 1000000);
        else {
            fprintf(stderr, "ismcts: unknown option %s\n", a);
            return 2;
        }
        i++;
    }
    must(canasta_rules_create(&mt.rules, CANASTA_PRESET_CLASSIC), "rules");
    must(canasta_rules_set(mt.rules, CANASTA_OPT_TARGET_SCORE, mt.target),
         "target");
    pthread_mutex_init(&mt.lock, NULL);
    pthread_t th[256];
    for (int t = 0; t < mt.threads; t++)
        if (pthread_create(&th[t], NULL, worker, &mt) != 0) {
            fprintf(stderr, "ismcts: cannot start a thread\n");
            return 2;
        }
    for (int t = 0; t < mt.threads; t++)
        pthread_join(th[t], NULL);
    if (!mt.quiet)
        fprintf(stderr, "\n");
    /* Wilson score interval for the win rate, ties counted as half. */
    double n = (double)(mt.wins + mt.losses + mt.ties);
    double p = (mt.wins + 0.5 * mt.ties) / n, z = 1.96;
    double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) /
                  (1 + z * z / n);
    printf("ismcts: %d seeds from %llu, mirrored: %ld games, target %d, "
           "%d iterations per decision\n", mt.games,
           (unsigned long long)mt.seed_from, mt.wins + mt.losses + mt.ties,
           mt.target, mt.iterations);
    printf("searcher won %ld, lost %ld, tied %ld: win rate %.1f%% "
           "(95%% CI %.1f%% to %.1f%%)\n", mt.wins, mt.losses, mt.ties,
           100 * p, 100 * (centre - half), 100 * (centre + half));
    printf("hands per game %.2f; search %.0f iterations/s per thread\n",
           mt.hands / n, mt.search_seconds > 0
               ? mt.iterations_done / mt.search_seconds : 0.0);
    pthread_mutex_destroy(&mt.lock);
    canasta_rules_free(mt.rules);
    return 0;
}
