/*
 * ismcts.c - an Information-Set Monte Carlo Tree Search player built on
 * libcanasta's search support, a match that measures it against the
 * library's reference player, and the same player as a canasta-sim
 * plugin.
 *
 * Usage: ismcts [--games N] [--seed-from S] [--iterations K]
 *               [--margin Z] [--threads T] [--target X] [--quiet]
 *
 * The match plays N seeds twice (mirrored: once with the searcher on
 * side 0, once on side 1, every other seat played by the reference
 * player), so that the deals' luck cancels out, and prints the
 * searcher's win rate with a 95% confidence interval (Wilson).
 *
 * Built as a shared object (make examples/ismcts.so) the same code is a
 * canasta-sim player plugin, the way the measured match is run:
 *     canasta-sim --plugin examples/ismcts.so \
 *                 --plugin-args iterations=400 --mirror --games 100
 *
 * The searcher, for each decision of its seat that has more than one
 * legal move, runs single-observer ISMCTS (Cowling, Powley and
 * Whitehouse, 2012): one tree over the seat's own decisions, keyed by
 * action (canasta_action_of_move: the same action means the same move in
 * every sampled world); each iteration
 *   1. samples a world consistent with what the seat knows
 *      (canasta_game_determinize: every card it cannot see dealt again),
 *   2. walks down the tree, choosing among the children whose actions
 *      are legal in this world by UCB1 (counting each child's
 *      availability), while every other seat plays as the reference
 *      player,
 *   3. adds one node, plays the hand out with reference players, and
 *   4. backs up the hand's score difference for the seat's side.
 * Three choices make it stronger than the reference player with a few
 * hundred iterations, where plain ISMCTS is not (docs/SEARCH.md):
 *   - common random numbers at the root: every sampled world is used
 *     once for each root action (the same world, the same seeds for the
 *     reference players), so the difference between two actions is
 *     measured on the same cards, not drowned by the luck of the deal;
 *   - below the root, progressive widening: a node tries the reference
 *     player's move first and grows another child only as its visits
 *     grow, so a small budget is not spent on poor moves deeper down;
 *   - the decision departs from the reference player's move only when
 *     another action did better on the same worlds by more than Z
 *     standard errors of the paired difference (--margin, default 2),
 *     measured on at least MIN_PAIRED worlds.
 * When a decision has more than MAX_ROOT legal moves (many ways to meld)
 * the root holds the reference move, every discard and the draw-phase
 * moves.  When determinize finds no world (a partner asked "may I go
 * out?" with a hand that few deals allow: it samples by rejection), the
 * decision is left to the reference player.  The searcher never looks at
 * a card its seat cannot see: every world comes from determinize.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canasta.h"

#define MAX_LEGAL 4096
#define MAX_ROOT 24            /* actions searched at the root */
#define MAX_WORLDS 4096
#define MIN_WORLDS 2
/* Fewer paired worlds than this never justify leaving the reference move:
 * the standard error of a handful of differences is itself unreliable. */
#define MIN_PAIRED 8
#define MAX_DEPTH 512
#define UCB_C 0.7
#define REWARD_SCALE 1500.0    /* points: the tree's rewards are squashed */

typedef struct node {
    uint64_t action;
    int child, sibling;        /* first child, next sibling (-1: none) */
    double reward;             /* sum of rewards in [0, 1] */
    unsigned visits, avail;    /* visits, and times it was legal */
    unsigned children;
} node;

typedef struct ismcts_config {
    int iterations;            /* per decision, shared among the root
                                  actions: at least MIN_WORLDS worlds and
                                  at most MAX_WORLDS each */
    double margin;             /* standard errors needed to leave the
                                  reference move */
} ismcts_config;

typedef struct searcher {
    ismcts_config cfg;
    node *nodes;
    int n_nodes, cap;
    canasta_game *base;        /* the sampled world of an iteration */
    canasta_game *world;       /* scratch: base after a root action */
    canasta_player *model;     /* how every other seat (and rollouts) play */
    canasta_move *legal;
    canasta_move root[MAX_ROOT];
    int root_node[MAX_ROOT];
    double *score;             /* [root action][world]: raw differences */
    unsigned char *seen;       /* [root action][world]: the world allowed it */
    long iterations;           /* done, over all decisions */
    long searched, departed;   /* decisions searched, and not the model's */
    long fallbacks;            /* decisions left to the model: no world */
    double seconds;
    int error;                 /* the last library error (0: none) */
} searcher;

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static int new_node(searcher *s, uint64_t action)
{
    if (s->n_nodes == s->cap) {
        int cap = s->cap ? s->cap * 2 : 4096;
        node *n = realloc(s->nodes, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        s->nodes = n;
        s->cap = cap;
    }
    node *n = &s->nodes[s->n_nodes];
    memset(n, 0, sizeof *n);
    n->action = action;
    n->child = n->sibling = -1;
    return s->n_nodes++;
}

static int add_child(searcher *s, int parent, uint64_t action)
{
    int c = new_node(s, action);
    if (c < 0)
        return -1;
    s->nodes[c].sibling = s->nodes[parent].child;
    s->nodes[parent].child = c;
    s->nodes[parent].children++;
    return c;
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
    canasta_game_phase(&ph, g);
    return ph;
}

static int in_hand(int ph)
{
    return ph == CANASTA_PHASE_DRAW || ph == CANASTA_PHASE_PLAY ||
           ph == CANASTA_PHASE_ANSWER;
}

/* The hand's result for a score column: its hand score less the best
 * other column's (points). */
static int margin_of(const canasta_game *g, int column, int columns)
{
    int items[CANASTA_SCORE_ITEMS], mine = 0, best = -1000000;
    for (int c = 0; c < columns; c++) {
        if (canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, c) !=
            CANASTA_OK)
            return 0;
        int v = items[CANASTA_SCORE_TOTAL];
        if (c == column)
            mine = v;
        else if (v > best)
            best = v;
    }
    return mine - best;
}

/* A reference move played in g, or the library's error.  The library's
 * own moves need no second check: canasta_player_play. */
static int model_move(searcher *s, canasta_game *g, uint64_t seed)
{
    return canasta_player_play(NULL, s->model, g, seed);
}

/* Progressive widening: the children a node of n visits may have. */
static unsigned widening(unsigned visits)
{
    return 1 + (unsigned)sqrt(visits / 4.0);
}

/* The seat's own decision inside the tree at node cur of world w: picks
 * the child to follow (creating it if needed) and the move; returns the
 * child, -1 on an error.  *expanded is set when a node was added. */
static int tree_step(searcher *s, canasta_game *w, int cur, uint64_t step,
                     canasta_move *out, int *expanded)
{
    size_t n = 0;
    int rc = canasta_legal_moves(s->legal, MAX_LEGAL, &n, w);
    if (rc != CANASTA_OK && rc != CANASTA_E_BUFFER)
        return s->error = rc, -1;
    if (n > MAX_LEGAL)
        n = MAX_LEGAL;
    canasta_move pm;
    uint64_t prior = 0;
    if ((rc = canasta_player_choose(&pm, s->model, w, step)) != CANASTA_OK ||
        (rc = canasta_action_of_move(&prior, &pm)) != CANASTA_OK)
        return s->error = rc, -1;
    node *parent = &s->nodes[cur];
    int prior_child = find_child(s, cur, prior);
    if (prior_child < 0 && parent->children < widening(parent->visits)) {
        int c = add_child(s, cur, prior);
        if (c < 0)
            return s->error = CANASTA_E_NOMEM, -1;
        s->nodes[c].avail = 1;
        *out = pm;
        *expanded = 1;
        return c;
    }
    /* UCB1 among the children legal here; an untried legal action is
     * added while the widening allows it. */
    int best = -1, untried = -1;
    unsigned n_untried = 0;
    double best_ucb = -1;
    for (size_t i = 0; i < n; i++) {
        uint64_t a;
        if ((rc = canasta_action_of_move(&a, &s->legal[i])) != CANASTA_OK)
            return s->error = rc, -1;
        int c = find_child(s, cur, a);
        if (c < 0) {
            if (mix(step + i) % ++n_untried == 0)
                untried = (int)i;
            continue;
        }
        node *ch = &s->nodes[c];
        ch->avail++;
        double ucb = ch->visits
            ? ch->reward / ch->visits +
              UCB_C * sqrt(log((double)ch->avail) / ch->visits)
            : 2.0;
        if (ucb > best_ucb) {
            best_ucb = ucb;
            best = c;
        }
    }
    if (untried >= 0 &&
        (best < 0 || s->nodes[cur].children < widening(s->nodes[cur].visits))) {
        uint64_t a;
        canasta_action_of_move(&a, &s->legal[untried]);
        int c = add_child(s, cur, a);
        if (c < 0)
            return s->error = CANASTA_E_NOMEM, -1;
        s->nodes[c].avail = 1;
        *out = s->legal[untried];
        *expanded = 1;
        return c;
    }
    if (best < 0) { /* nothing legal here has a node (so no availability
                       to count): follow the model */
        *out = pm;
        *expanded = 1;
        return cur;
    }
    if ((rc = canasta_action_to_move(out, w, s->nodes[best].action)) !=
        CANASTA_OK)
        return s->error = rc, -1;
    return best;
}

/* One iteration: root action r in the sampled world s->base; returns the
 * hand's raw score margin for the seat's column, and backs up the squashed
 * reward along the path.  *ok is cleared when r is not legal there. */
static double iterate(searcher *s, int r, int seat, int column, int columns,
                      uint64_t seed, int *ok)
{
    canasta_game *w = s->world;
    *ok = 0;
    if ((s->error = canasta_game_copy(w, s->base)) != CANASTA_OK)
        return 0;
    if (canasta_apply(NULL, 0, w, &s->root[r]) != CANASTA_OK)
        return 0; /* not legal in this world (cannot happen: A1) */
    int path[MAX_DEPTH], depth = 0, cur = s->root_node[r], expanded = 0;
    path[depth++] = 0;
    path[depth++] = cur;
    uint64_t step = seed;
    for (long guard = 0; in_hand(phase_of(w)); guard++) {
        int who = -1;
        canasta_game_current_seat(&who, w);
        step = mix(step);
        if (who != seat || expanded || guard > 100000) {
            if ((s->error = model_move(s, w, step)) != CANASTA_OK)
                return 0;
            continue;
        }
        canasta_move m;
        int next = tree_step(s, w, cur, step, &m, &expanded);
        if (next < 0)
            return 0;
        if (next != cur && depth < MAX_DEPTH)
            path[depth++] = next;
        cur = next;
        if ((s->error = canasta_apply(NULL, 0, w, &m)) != CANASTA_OK)
            return 0;
    }
    int d = margin_of(w, column, columns);
    double reward = 0.5 + 0.5 * tanh(d / REWARD_SCALE);
    for (int i = 0; i < depth; i++) {
        s->nodes[path[i]].visits++;
        s->nodes[path[i]].reward += reward;
    }
    s->iterations++;
    *ok = 1;
    return d;
}

/* The root's actions: every legal move, or when there are too many the
 * reference move, the discards and the draw-phase moves. */
static int root_actions(searcher *s, size_t n, const canasta_move *ref)
{
    int k = 0;
    s->root[k++] = *ref;
    for (size_t i = 0; i < n && k < MAX_ROOT; i++) {
        const canasta_move *m = &s->legal[i];
        int same = 0;
        canasta_move_equal(&same, m, ref);
        if (same)
            continue;
        if (n > MAX_ROOT && m->kind == CANASTA_MOVE_MELD)
            continue;
        s->root[k++] = *m;
    }
    return k;
}

/* The scratch games must have game's players and packs (determinize and
 * copy need that): made on first use and again when the game changes. */
static int fit_scratch(searcher *s, const canasta_game *game)
{
    static const int shape[] = { CANASTA_OPT_PLAYERS, CANASTA_OPT_PACKS,
                                 CANASTA_OPT_JOKERS };
    int rc;
    for (size_t i = 0; s->base && s->world && i < 3; i++) {
        int a = 0, b = 0;
        canasta_game_option(&a, game, shape[i]);
        canasta_game_option(&b, s->base, shape[i]);
        if (a != b) {
            canasta_game_free(s->base);
            canasta_game_free(s->world);
            s->base = s->world = NULL;
        }
    }
    if (!s->base && (rc = canasta_game_clone(&s->base, game)) != CANASTA_OK)
        return rc;
    if (!s->world && (rc = canasta_game_clone(&s->world, game)) != CANASTA_OK)
        return rc;
    return CANASTA_OK;
}

static int search_move(searcher *s, canasta_move *out,
                       const canasta_game *game, uint64_t seed)
{
    size_t n = 0;
    int rc = canasta_legal_moves(s->legal, MAX_LEGAL, &n, game);
    if (rc != CANASTA_OK && rc != CANASTA_E_BUFFER)
        return rc;
    if (n > MAX_LEGAL)
        n = MAX_LEGAL;
    canasta_move ref;
    if ((rc = canasta_player_choose(&ref, s->model, game, seed)) !=
        CANASTA_OK)
        return rc;
    *out = ref;
    if (n <= 1 || !in_hand(phase_of(game)))
        return CANASTA_OK;
    int seat = -1, columns = 0, column = 0, lone = 0;
    canasta_game_current_seat(&seat, game);
    canasta_game_option(&columns, game, CANASTA_OPT_SIDES);
    canasta_game_option(&lone, game, CANASTA_OPT_LONE_HAND);
    column = seat;
    if (!lone)
        canasta_game_seat_side(&column, game, seat);
    if ((rc = fit_scratch(s, game)) != CANASTA_OK)
        return rc;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int k = root_actions(s, n, &ref);
    int worlds = s->cfg.iterations / k;
    if (worlds < MIN_WORLDS)
        worlds = MIN_WORLDS;
    if (worlds > MAX_WORLDS)
        worlds = MAX_WORLDS;
    s->n_nodes = 0;
    new_node(s, 0);
    for (int r = 0; r < k; r++) {
        uint64_t a = 0;
        canasta_action_of_move(&a, &s->root[r]);
        if ((s->root_node[r] = add_child(s, 0, a)) < 0)
            return CANASTA_E_NOMEM;
    }
    s->error = 0;
    for (int w = 0; w < worlds; w++) {
        uint64_t ws = mix(seed ^ mix((uint64_t)w + 1));
        rc = canasta_game_determinize(s->base, game, seat, ws);
        if (rc == CANASTA_E_ARG && w < 2) {
            /* No world found in which a player who asked "may I go out?"
             * can do so (determinize samples by rejection; SEARCH.md):
             * play the reference move. */
            s->fallbacks++;
            return CANASTA_OK;
        }
        if (rc == CANASTA_E_ARG) {
            worlds = w; /* what was sampled so far */
            break;
        }
        if (rc != CANASTA_OK)
            return rc;
        for (int r = 0; r < k; r++) {
            int ok;
            /* the same seeds for every root action: common random numbers */
            s->score[r * MAX_WORLDS + w] =
                iterate(s, r, seat, column, columns, ws, &ok);
            if (s->error)
                return s->error;
            s->seen[r * MAX_WORLDS + w] = (unsigned char)ok;
        }
    }
    /* The best root action by its paired difference with the reference
     * move (root[0]) on the same worlds, taken only when significant. */
    int best = 0;
    double best_mean = 0;
    for (int r = 1; r < k; r++) {
        double sum = 0, sq = 0;
        int m = 0;
        for (int w = 0; w < worlds; w++) {
            if (!s->seen[r * MAX_WORLDS + w] || !s->seen[w])
                continue;
            double d = s->score[r * MAX_WORLDS + w] - s->score[w];
            sum += d;
            sq += d * d;
            m++;
        }
        if (m < MIN_PAIRED)
            continue;
        double mean = sum / m, var = (sq - sum * mean) / (m - 1);
        double se = sqrt(var > 0 ? var / m : 0);
        if (mean > s->cfg.margin * se && mean > best_mean) {
            best = r;
            best_mean = mean;
        }
    }
    *out = s->root[best];
    s->searched++;
    s->departed += best != 0;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s->seconds += (double)(t1.tv_sec - t0.tv_sec) +
                  (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return CANASTA_OK;
}

static void searcher_free(searcher *s)
{
    if (!s)
        return;
    canasta_game_free(s->base);
    canasta_game_free(s->world);
    canasta_player_free(s->model);
    free(s->legal);
    free(s->nodes);
    free(s->score);
    free(s->seen);
    free(s);
}

static searcher *searcher_new(const ismcts_config *cfg)
{
    searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *cfg;
    s->legal = malloc(MAX_LEGAL * sizeof *s->legal);
    s->score = malloc((size_t)MAX_ROOT * MAX_WORLDS * sizeof *s->score);
    s->seen = malloc((size_t)MAX_ROOT * MAX_WORLDS);
    if (!s->legal || !s->score || !s->seen ||
        canasta_player_create(&s->model) != CANASTA_OK) {
        searcher_free(s);
        return NULL;
    }
    return s;
}

/* "iterations=400,margin=2": the settings; 0 or an explanation in err. */
static int parse_config(ismcts_config *cfg, const char *args, char *err,
                        size_t errsize)
{
    cfg->iterations = 400;
    cfg->margin = 2.0;
    while (args && *args) {
        const char *end = strchr(args, ',');
        size_t len = end ? (size_t)(end - args) : strlen(args);
        char item[64], *eq, *stop;
        if (len >= sizeof item) {
            snprintf(err, errsize, "setting too long");
            return -1;
        }
        memcpy(item, args, len);
        item[len] = '\0';
        eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errsize, "\"%s\" is not NAME=VALUE", item);
            return -1;
        }
        *eq++ = '\0';
        double v = strtod(eq, &stop);
        if (*eq == '\0' || *stop != '\0') {
            snprintf(err, errsize, "\"%s\" is not a number", eq);
            return -1;
        }
        if (strcmp(item, "iterations") == 0 && v >= 1 && v <= 1000000)
            cfg->iterations = (int)v;
        else if (strcmp(item, "margin") == 0 && v >= 0 && v <= 100)
            cfg->margin = v;
        else {
            snprintf(err, errsize, "unknown setting or value out of range: "
                     "%s=%s (settings: iterations=1..1000000, "
                     "margin=0..100)", item, eq);
            return -1;
        }
        args = end ? end + 1 : NULL;
    }
    return 0;
}

/* ---- the canasta-sim plugin interface (docs/SEARCH.md) ---- */

int canasta_sim_plugin_version(void)
{
    return CANASTA_VERSION_NUMBER;
}

void *canasta_sim_plugin_create(const char *args, char *err, size_t errsize)
{
    ismcts_config cfg;
    if (parse_config(&cfg, args, err, errsize) != 0)
        return NULL;
    searcher *s = searcher_new(&cfg);
    if (!s)
        snprintf(err, errsize, "out of memory");
    return s;
}

int canasta_sim_plugin_choose(void *state, canasta_move *move,
                              const canasta_game *game, uint64_t seed)
{
    if (!state || !move || !game)
        return CANASTA_E_NULL;
    return search_move(state, move, game, seed);
}

void canasta_sim_plugin_free(void *state)
{
    searcher_free(state);
}

#ifndef ISMCTS_NO_MAIN
/* ---- the match ---- */
#include <pthread.h>

#include "cli.h" /* the option parser the tools share (tools/cli.h) */

typedef struct match {
    int games, target, threads, progress; /* progress: on a terminal */
    ismcts_config cfg;
    uint64_t seed_from;
    canasta_rules *rules;
    pthread_mutex_t lock;
    int next;                 /* next game index to play */
    long wins, losses, ties, hands, done;
    long iterations_done, searched, departed, fallbacks;
    double search_seconds;
} match;

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

/* Play game index i: seed seed_from + i / 2, the searcher on side i % 2. */
static void play_game(match *mt, searcher *s, int i)
{
    uint64_t seed = mt->seed_from + (uint64_t)(i / 2);
    int search_side = i % 2, hands = 0;
    canasta_game *g = NULL;
    must(canasta_game_create(&g, mt->rules, seed), "create");
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
        if (side == search_side)
            must(search_move(s, &m, g, step), "search");
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
}

static void *worker(void *arg)
{
    match *mt = arg;
    searcher *s = searcher_new(&mt->cfg);
    if (!s)
        die("searcher", CANASTA_E_NOMEM);
    for (;;) {
        pthread_mutex_lock(&mt->lock);
        int i = mt->next < 2 * mt->games ? mt->next++ : -1;
        pthread_mutex_unlock(&mt->lock);
        if (i < 0)
            break;
        play_game(mt, s, i);
        if (mt->progress) {
            pthread_mutex_lock(&mt->lock);
            fprintf(stderr, "\rismcts: %ld/%d games", mt->done,
                    2 * mt->games);
            pthread_mutex_unlock(&mt->lock);
        }
    }
    pthread_mutex_lock(&mt->lock);
    mt->iterations_done += s->iterations;
    mt->search_seconds += s->seconds;
    mt->searched += s->searched;
    mt->departed += s->departed;
    mt->fallbacks += s->fallbacks;
    pthread_mutex_unlock(&mt->lock);
    searcher_free(s);
    return NULL;
}

static double arg_num(const char *opt, const char *v, double lo, double hi)
{
    char *end;
    double x = strtod(v, &end);
    if (*v == '\0' || *end != '\0' || x < lo || x > hi) {
        exit(cli_usage_error("ismcts", "%s takes a number from %g to %g, "
                             "not '%s'", opt, lo, hi, v));
    }
    return x;
}

static void usage(void)
{
    ismcts_config d; /* the defaults */
    char err[200];
    parse_config(&d, NULL, err, sizeof err);
    printf("usage: ismcts [--games N] [--seed-from S] [--iterations K]\n"
           "              [--margin Z] [--threads T] [--target X] [--quiet]\n"
           "Play a mirrored match of the ISMCTS searcher against the\n"
           "reference player and print its win rate.\n"
           "  --games N       seeds to play, each twice (default 100)\n"
           "  --seed-from S   the first seed (default 1)\n"
           "  --iterations K  iterations per decision (default %d)\n"
           "  --margin Z      standard errors needed to depart from the\n"
           "                  reference move (default %g)\n"
           "  --threads T     worker threads (default 2)\n"
           "  --target X      the score that ends a game (default 5000)\n"
           "  --quiet         no progress line (there is one only when\n"
           "                  stderr is a terminal)\n"
           "  -h, --help      show this text\n"
           "  --version       show the library's version\n",
           d.iterations, d.margin);
}

enum { OPT_HELP = 1, OPT_VERSION, OPT_QUIET, OPT_GAMES, OPT_SEED_FROM,
       OPT_ITERATIONS, OPT_MARGIN, OPT_THREADS, OPT_TARGET };
static const cli_option options[] = {
    { "help", 'h', CLI_NO_VALUE, OPT_HELP },
    { "version", 0, CLI_NO_VALUE, OPT_VERSION },
    { "quiet", 0, CLI_NO_VALUE, OPT_QUIET },
    { "games", 0, CLI_VALUE, OPT_GAMES },
    { "seed-from", 0, CLI_VALUE, OPT_SEED_FROM },
    { "iterations", 0, CLI_VALUE, OPT_ITERATIONS },
    { "margin", 0, CLI_VALUE, OPT_MARGIN },
    { "threads", 0, CLI_VALUE, OPT_THREADS },
    { "target", 0, CLI_VALUE, OPT_TARGET },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

int main(int argc, char **argv)
{
    match mt;
    char err[200];
    memset(&mt, 0, sizeof mt);
    parse_config(&mt.cfg, NULL, err, sizeof err);
    mt.games = 100;
    mt.threads = 2;
    mt.target = 5000;
    mt.seed_from = 1;
    int quiet = 0, opt;
    cli c;
    cli_init(&c, "ismcts", argc, argv, 1);
    while ((opt = cli_next(&c, options, N_OPTIONS)) != CLI_END) {
        const char *v = c.value;
        switch (opt) {
        case CLI_ERROR:
            return cli_report(&c);
        case CLI_OPERAND:
            return cli_usage_error("ismcts", "unexpected argument '%s'", v);
        case OPT_HELP:
            usage();
            return 0;
        case OPT_VERSION:
            return cli_version("ismcts");
        case OPT_QUIET:
            quiet = 1;
            break;
        case OPT_GAMES:
            mt.games = (int)arg_num(c.option, v, 1, 1000000);
            break;
        case OPT_SEED_FROM:
            mt.seed_from = (uint64_t)arg_num(c.option, v, 0, 2147483647.0);
            break;
        case OPT_ITERATIONS:
            mt.cfg.iterations = (int)arg_num(c.option, v, 1, 1000000);
            break;
        case OPT_MARGIN:
            mt.cfg.margin = arg_num(c.option, v, 0, 100);
            break;
        case OPT_THREADS:
            mt.threads = (int)arg_num(c.option, v, 1, 256);
            break;
        default: /* OPT_TARGET */
            mt.target = (int)arg_num(c.option, v, 1, 1000000);
            break;
        }
    }
    mt.progress = !quiet && cli_stderr_is_terminal();
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
    if (mt.progress)
        fprintf(stderr, "\n");
    /* Wilson score interval for the win rate, ties counted as half. */
    double n = (double)(mt.wins + mt.losses + mt.ties);
    double p = (mt.wins + 0.5 * mt.ties) / n, z = 1.96;
    double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) /
                  (1 + z * z / n);
    printf("ismcts: %d seeds from %llu, mirrored: %ld games, target %d, "
           "%d iterations per decision, margin %.2f\n", mt.games,
           (unsigned long long)mt.seed_from, mt.wins + mt.losses + mt.ties,
           mt.target, mt.cfg.iterations, mt.cfg.margin);
    printf("searcher won %ld, lost %ld, tied %ld: win rate %.1f%% "
           "(95%% CI %.1f%% to %.1f%%)\n", mt.wins, mt.losses, mt.ties,
           100 * p, 100 * (centre - half), 100 * (centre + half));
    printf("hands per game %.2f; decisions searched %ld, %.1f%% not the "
           "reference move, %ld left to it (no world sampled); %.0f "
           "iterations/s per thread\n", mt.hands / n, mt.searched,
           mt.searched ? 100.0 * mt.departed / mt.searched : 0, mt.fallbacks,
           mt.search_seconds > 0 ? mt.iterations_done / mt.search_seconds
                                 : 0.0);
    pthread_mutex_destroy(&mt.lock);
    canasta_rules_free(mt.rules);
    return 0;
}
#endif /* ISMCTS_NO_MAIN */
