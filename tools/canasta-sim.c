/*
 * canasta-sim - play many complete games between computer players and
 * report who wins, how long the games last and how the hands end.
 *
 * Usage: canasta-sim [OPTIONS]
 *        canasta-sim merge [--csv | --json | --text] FILE...   (or --merge)
 *
 * Every side of the table is played by the reference computer player
 * (canasta_player_*) with its own knob settings (--side0, --side1,
 * --side2).  Game i of a run is dealt from seed S+i (--seed-from S,
 * --games N), and every move a player chooses is tie-broken by a seed
 * derived from the game's seed and the move's number, so a run is
 * reproducible: the same options give the same output whatever the
 * number of threads.  Everything the report shows is computed from
 * integer counts that are simply added up, so the seeds [S, S+N) can be
 * split into shards (on several machines, or by a batch scheduler), each
 * shard run with --json, and "canasta-sim merge" adds the shards' counts
 * and prints exactly the report of a single run over all the seeds.
 *
 * With --mirror every deal is played once per rotation of the players
 * around the sides (twice with two sides, three times with three): the
 * same cards go to each player in turn, which takes much of the luck of
 * the deal out of a comparison.  The report is per player (A is the
 * --side0 player, B the --side1 player, C the --side2 player), not per
 * side.
 *
 * Exit status: 0 success; 1 a game went wrong (an engine error, or a game
 * that did not end within the move guard: the seed is reported); 2 usage
 * error (one line on stderr and a hint to --help), a plugin that cannot
 * be used, an unreadable file or shards that cannot be merged.
 *
 * Standard output carries only the report, which depends on nothing but
 * the options (and, for merge, the shards); the progress line (only when
 * standard error is a terminal) and the closing timing line go to
 * standard error, and --quiet silences both.
 *
 * --plugin FILE makes player A a program of your own instead of the
 * reference player: a shared object that exports the four functions of
 * the plugin interface below (examples/ismcts.c is one, built as
 * examples/ismcts.so).  canasta-sim calls create once to check the
 * settings and then once per worker thread (with the text of
 * --plugin-args, "" when there is none; never NULL), choose for every
 * decision of a seat that player A plays (with the same seed a reference
 * player would get), and free at the end of each:
 *     int   canasta_sim_plugin_version(void);  -- CANASTA_VERSION_NUMBER
 *     void *canasta_sim_plugin_create(const char *args, char *err,
 *                                     size_t err_size);  -- NULL: failed
 *     int   canasta_sim_plugin_choose(void *state, canasta_move *move,
 *               const canasta_game *game, uint64_t seed);  -- CANASTA_OK
 *     void  canasta_sim_plugin_free(void *state);
 * The plugin must be built against the same libcanasta version (the
 * game handle crosses over), and for the report to be reproducible its
 * choice must depend only on the game and the seed.
 *
 * This program uses only the public header, like the examples, and the
 * option parser the tools share (tools/cli.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "canasta.h"
#include "cli.h"

#define FORMAT_NAME "canasta-sim"
#define FORMAT_VERSION 1
#define MAX_SIDES 3          /* the most sides of any preset */
#define MAX_SEATS 8
#define MAX_KNOBS 32
#define MAX_THREADS 1024
/* A game that needs more decisions than this (--max-moves) is reported as
 * a bug: games of the reference player take a few hundred to a few
 * thousand. */
#define MOVE_GUARD 1000000L
#define Z95 1.959963984540054 /* the 97.5% point of the normal law */

static const char *prog = "canasta-sim";

/* ------------------------------------------------------------------ */
/* Presets and knobs                                                    */
/* ------------------------------------------------------------------ */

static const struct {
    int preset;
    const char *name;
} presets[] = {
    { CANASTA_PRESET_CLASSIC, "classic" },
    { CANASTA_PRESET_TWO_PLAYERS, "two-players" },
    { CANASTA_PRESET_THREE_PLAYERS, "three-players" },
    { CANASTA_PRESET_SIX_THREE_SIDES, "six-three-sides" },
    { CANASTA_PRESET_SIX_TWO_SIDES, "six-two-sides" },
};
#define N_PRESETS (sizeof presets / sizeof presets[0])

static const char *preset_name(int preset)
{
    size_t i;
    for (i = 0; i < N_PRESETS; i++)
        if (presets[i].preset == preset)
            return presets[i].name;
    return NULL;
}

static int preset_from_name(const char *name)
{
    size_t i;
    for (i = 0; i < N_PRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return presets[i].preset;
    return 0;
}

/* Names for knob values, besides the numbers. */
static const struct {
    int knob, value;
    const char *name;
} value_names[] = {
    { CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WHEN_FORCED, "when-forced" },
    { CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WORTHWHILE, "worthwhile" },
    { CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS, "always" },
    { CANASTA_KNOB_WILD_CARDS, CANASTA_WILDS_SAVE, "save" },
    { CANASTA_KNOB_WILD_CARDS, CANASTA_WILDS_FINISH, "finish" },
    { CANASTA_KNOB_KEEP_PAIRS, 0, "no" },
    { CANASTA_KNOB_KEEP_PAIRS, 1, "yes" },
    { CANASTA_KNOB_DISCARD, CANASTA_DISCARD_SAFE, "safe" },
    { CANASTA_KNOB_DISCARD, CANASTA_DISCARD_LOW, "low" },
    { CANASTA_KNOB_DISCARD, CANASTA_DISCARD_HIGH, "high" },
    { CANASTA_KNOB_ASK, 0, "no" },
    { CANASTA_KNOB_ASK, 1, "yes" },
};
#define N_VALUE_NAMES (sizeof value_names / sizeof value_names[0])

static const char *value_name(int knob, int value)
{
    size_t i;
    for (i = 0; i < N_VALUE_NAMES; i++)
        if (value_names[i].knob == knob && value_names[i].value == value)
            return value_names[i].name;
    return NULL;
}

/* The knobs the library knows: keys 1..n_knobs, each with a name. */
static int n_knobs;
static int knob_min[MAX_KNOBS + 1], knob_max[MAX_KNOBS + 1],
    knob_def[MAX_KNOBS + 1];

static void init_knobs(void)
{
    int k;
    for (k = 1; k <= MAX_KNOBS && canasta_knob_name(k) != NULL; k++) {
        if (canasta_knob_range(&knob_min[k], &knob_max[k], &knob_def[k], k)
            != CANASTA_OK)
            break;
        n_knobs = k;
    }
}

/* One player configuration: the value of every knob. */
typedef struct config {
    int value[MAX_KNOBS + 1];
} config;

static void config_default(config *c)
{
    int k;
    memset(c, 0, sizeof *c);
    for (k = 1; k <= n_knobs; k++)
        c->value[k] = knob_def[k];
}

/* "take-pile=always,discard=low": the knobs away from their default, or
 * "default". */
static void config_text(char *buf, size_t size, const config *c)
{
    size_t used = 0;
    int k;
    buf[0] = '\0';
    for (k = 1; k <= n_knobs; k++) {
        const char *vn;
        int w;
        if (c->value[k] == knob_def[k])
            continue;
        vn = value_name(k, c->value[k]);
        if (vn)
            w = snprintf(buf + used, size - used, "%s%s=%s",
                         used ? "," : "", canasta_knob_name(k), vn);
        else
            w = snprintf(buf + used, size - used, "%s%s=%d",
                         used ? "," : "", canasta_knob_name(k),
                         c->value[k]);
        if (w < 0 || (size_t)w >= size - used)
            break;
        used += (size_t)w;
    }
    if (used == 0)
        snprintf(buf, size, "default");
}

/* Parse KNOBS ("take-pile=2,discard=low"; "" or "default": all default)
 * into *c.  On error writes a message to err and returns 0. */
static int parse_knobs(config *c, const char *text, char *err, size_t esize)
{
    int given[MAX_KNOBS + 1];
    const char *p = text;
    config_default(c);
    memset(given, 0, sizeof given);
    while (*p == ' ')
        p++;
    if (*p == '\0' || strcmp(p, "default") == 0)
        return 1;
    for (;;) {
        char item[128], *eq, *name, *val, *end;
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        int knob = 0, value = 0;
        long lv;
        size_t i;

        if (len >= sizeof item) {
            snprintf(err, esize, "\"%.40s...\" is too long", p);
            return 0;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        name = item;
        while (*name == ' ')
            name++;
        for (end = name + strlen(name); end > name && end[-1] == ' '; end--)
            end[-1] = '\0';
        if (*name == '\0') {
            snprintf(err, esize, "an empty knob setting in \"%s\"", text);
            return 0;
        }
        eq = strchr(name, '=');
        if (eq == NULL) {
            snprintf(err, esize, "\"%s\" needs a value (NAME=VALUE)", name);
            return 0;
        }
        *eq = '\0';
        val = eq + 1;
        for (end = eq; end > name && end[-1] == ' '; end--)
            end[-1] = '\0';
        while (*val == ' ')
            val++;
        if (canasta_knob_from_name(&knob, name) != CANASTA_OK ||
            knob < 1 || knob > n_knobs) {
            size_t used;
            int k;
            snprintf(err, esize, "unknown knob \"%s\" (knobs:", name);
            for (k = 1; k <= n_knobs; k++) {
                used = strlen(err);
                snprintf(err + used, esize - used, "%s %s", k > 1 ? "," : "",
                         canasta_knob_name(k));
            }
            used = strlen(err);
            snprintf(err + used, esize - used, ")");
            return 0;
        }
        if (given[knob]) {
            snprintf(err, esize, "knob %s is given twice", name);
            return 0;
        }
        given[knob] = 1;
        if (strcmp(val, "default") == 0) {
            value = knob_def[knob];
        } else {
            int found = 0;
            for (i = 0; i < N_VALUE_NAMES; i++)
                if (value_names[i].knob == knob &&
                    strcmp(value_names[i].name, val) == 0) {
                    value = value_names[i].value;
                    found = 1;
                }
            if (!found) {
                errno = 0;
                lv = strtol(val, &end, 10);
                if (*val == '\0' || *end != '\0' || errno != 0) {
                    size_t used;
                    snprintf(err, esize, "%s=%s: the value is not a number",
                             name, val);
                    for (i = 0; i < N_VALUE_NAMES; i++) {
                        if (value_names[i].knob != knob)
                            continue;
                        used = strlen(err);
                        snprintf(err + used, esize - used, "%s%s",
                                 found++ ? ", " : " nor a name (",
                                 value_names[i].name);
                    }
                    if (found) {
                        used = strlen(err);
                        snprintf(err + used, esize - used, ")");
                    }
                    return 0;
                }
                if (lv < knob_min[knob] || lv > knob_max[knob]) {
                    snprintf(err, esize, "%s=%s is out of range (%d to %d)",
                             name, val, knob_min[knob], knob_max[knob]);
                    return 0;
                }
                value = (int)lv;
            }
        }
        c->value[knob] = value;
        if (comma == NULL)
            break;
        p = comma + 1;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Counts                                                               */
/* ------------------------------------------------------------------ */

/* What a player configuration did, summed over the games. */
typedef struct pcount {
    int64_t wins, ties;   /* games won; games it tied for the lead */
    int64_t hand_score;   /* sum of its side's hand scores */
    int64_t final_score;  /* sum of its side's final totals */
    int64_t went_out;     /* hands it ended by going out (G2) */
    int64_t concealed;    /* ... by going out concealed (G3) */
    int64_t pile_takes;   /* TAKE_PILE moves of its seats */
} pcount;

#define N_ENDS 5 /* canasta_hand_end values 0..4 */

/* Everything a report is made of.  Only sums (and a min and a max), so
 * adding the counts of shards or threads in any order gives the same. */
typedef struct counts {
    int64_t games, hands, moves, pile_takes;
    int64_t hands_min, hands_max; /* per game; 0 while games == 0 */
    int64_t end[N_ENDS];          /* hands by canasta_hand_end */
    pcount p[MAX_SIDES];
} counts;

static void counts_add(counts *a, const counts *b)
{
    int i;
    if (b->games == 0)
        return;
    if (a->games == 0 || b->hands_min < a->hands_min)
        a->hands_min = b->hands_min;
    if (a->games == 0 || b->hands_max > a->hands_max)
        a->hands_max = b->hands_max;
    a->games += b->games;
    a->hands += b->hands;
    a->moves += b->moves;
    a->pile_takes += b->pile_takes;
    for (i = 0; i < N_ENDS; i++)
        a->end[i] += b->end[i];
    for (i = 0; i < MAX_SIDES; i++) {
        a->p[i].wins += b->p[i].wins;
        a->p[i].ties += b->p[i].ties;
        a->p[i].hand_score += b->p[i].hand_score;
        a->p[i].final_score += b->p[i].final_score;
        a->p[i].went_out += b->p[i].went_out;
        a->p[i].concealed += b->p[i].concealed;
        a->p[i].pile_takes += b->p[i].pile_takes;
    }
}

typedef struct seed_range {
    uint64_t from, count;
} seed_range;

/* A run (or a merge of shards): what was played, and the counts. */
/* Player A as a plugin (--plugin); text is "NAME ARGS" for the report. */
typedef struct plugin {
    void *dl;
    int (*version)(void);
    void *(*create)(const char *args, char *err, size_t err_size);
    int (*choose)(void *state, canasta_move *move, const canasta_game *game,
                  uint64_t seed);
    void (*destroy)(void *state);
    const char *args;
} plugin;

/* The plugin's description goes into CSV and JSON without quoting or
 * escaping: keep it to printable ASCII without commas, quotes or
 * backslashes. */
static void plain_text(char *text)
{
    size_t i;
    for (i = 0; text[i]; i++)
        if (text[i] == ',')
            text[i] = ';';
        else if (text[i] == '"' || text[i] == '\\' ||
                 (unsigned char)text[i] < 32 || (unsigned char)text[i] > 126)
            text[i] = '_';
}

typedef struct run {
    char plugin[1024];         /* player A's plugin, "" for none */
    int preset;
    int target;
    int mirror;
    int sides;                 /* = number of player configurations */
    config player[MAX_SIDES];
    seed_range *seeds;
    size_t n_seeds;
    counts c;
} run;

static uint64_t run_deals(const run *r)
{
    uint64_t n = 0;
    size_t i;
    for (i = 0; i < r->n_seeds; i++)
        n += r->seeds[i].count;
    return n;
}

/* ------------------------------------------------------------------ */
/* Playing                                                              */
/* ------------------------------------------------------------------ */

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* The seed canasta_player_choose gets for decision number move of the
 * game dealt from seed. */
static uint64_t choice_seed(uint64_t seed, long move)
{
    return mix64(mix64(seed) ^ (uint64_t)move);
}

typedef struct shared {
    const canasta_rules *rules;
    const plugin *plug;        /* plays A, or NULL */
    const run *r;
    uint64_t seed_from;
    int rotations;             /* 1, or the number of sides with --mirror */
    long max_moves;            /* the move guard of one game */
    uint64_t units;            /* deals * rotations */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t next_unit;        /* the next game to hand out */
    uint64_t done_units;
    int running;               /* worker threads not yet finished */
    int failed;
    uint64_t fail_unit;        /* the lowest failed game */
    char fail_msg[512];
} shared;

typedef struct worker {
    shared *sh;
    counts c;
    pthread_t tid;
} worker;

static void worker_fail(shared *sh, uint64_t unit, const char *msg)
{
    pthread_mutex_lock(&sh->lock);
    if (!sh->failed || unit < sh->fail_unit) {
        sh->failed = 1;
        sh->fail_unit = unit;
        snprintf(sh->fail_msg, sizeof sh->fail_msg, "%s", msg);
    }
    pthread_mutex_unlock(&sh->lock);
}

/* What chooses the moves of one player configuration: a reference
 * player, or for player A with --plugin the plugin; both behind the
 * plugin's signature. */
typedef struct chooser {
    int (*choose)(void *state, canasta_move *move, const canasta_game *game,
                  uint64_t seed);
    void *state;
    const char *name;          /* for error messages */
} chooser;

static int reference_choose(void *state, canasta_move *move,
                            const canasta_game *game, uint64_t seed)
{
    return canasta_player_choose(move, state, game, seed);
}

/* Play game unit (deal unit / rotations, rotation unit % rotations) to
 * the end, adding what happened to *c.  0 on success; else msg. */
static int play_game(counts *c, const chooser *players, const shared *sh,
                     uint64_t unit, char *msg, size_t msize)
{
    const run *r = sh->r;
    uint64_t seed = sh->seed_from + unit / (uint64_t)sh->rotations;
    int rot = (int)(unit % (uint64_t)sh->rotations);
    canasta_game *g = NULL;
    int seats = 0, lone = 0, side_player[MAX_SIDES], seat_player[MAX_SEATS];
    int s, rc, phase = 0, winner = -2;
    long move = 0;
    int64_t hands = 0;
    counts local;
    char why[512];

    memset(&local, 0, sizeof local);
    rc = canasta_game_create(&g, sh->rules, seed);
    if (rc != CANASTA_OK) {
        snprintf(msg, msize, "seed %llu: canasta_game_create: %s",
                 (unsigned long long)seed, canasta_strerror(rc));
        return -1;
    }
    canasta_game_option(&seats, g, CANASTA_OPT_PLAYERS);
    canasta_game_option(&lone, g, CANASTA_OPT_LONE_HAND);
    if (seats < 1 || seats > MAX_SEATS) {
        snprintf(msg, msize, "seed %llu: %d players", (unsigned long long)seed,
                 seats);
        canasta_game_free(g);
        return -1;
    }
    /* Side s is played by configuration (s + rot) % sides; a seat plays
     * for its score column: its side, or in the three-player game (where
     * partnerships change from hand to hand) its own column. */
    for (s = 0; s < r->sides; s++)
        side_player[s] = (s + rot) % r->sides;
    for (s = 0; s < seats; s++) {
        int side = s;
        if (!lone)
            canasta_game_seat_side(&side, g, s);
        if (side < 0 || side >= r->sides) {
            snprintf(msg, msize, "seed %llu: seat %d plays for side %d",
                     (unsigned long long)seed, s, side);
            canasta_game_free(g);
            return -1;
        }
        seat_player[s] = side_player[side];
    }

    for (;;) {
        canasta_move mv;
        int seat = -1, p;
        if ((rc = canasta_game_phase(&phase, g)) != CANASTA_OK)
            break;
        if (phase == CANASTA_PHASE_GAME_OVER)
            break;
        if (move >= sh->max_moves) {
            snprintf(msg, msize, "seed %llu: the game did not end within "
                     "%ld moves (hand %lld); a player or the engine may loop",
                     (unsigned long long)seed, sh->max_moves,
                     (long long)hands + 1);
            canasta_game_free(g);
            return -1;
        }
        if ((rc = canasta_game_current_seat(&seat, g)) != CANASTA_OK)
            break;
        if (seat < 0 || seat >= seats) {
            rc = CANASTA_E_SEAT;
            break;
        }
        p = seat_player[seat];
        rc = players[p].choose(players[p].state, &mv, g,
                               choice_seed(seed, move));
        if (rc != CANASTA_OK) {
            snprintf(msg, msize, "seed %llu, move %ld: "
                     "%s: %s (%s)", (unsigned long long)seed, move,
                     players[p].name, canasta_error_name(rc),
                     canasta_strerror(rc));
            canasta_game_free(g);
            return -1;
        }
        rc = canasta_apply(why, sizeof why, g, &mv);
        if (rc != CANASTA_OK) {
            char text[CANASTA_MOVE_TEXT_MAX];
            if (canasta_move_to_string(text, sizeof text, &mv) != CANASTA_OK)
                snprintf(text, sizeof text, "(unprintable move)");
            snprintf(msg, msize, "seed %llu, move %ld: the player's move "
                     "\"%.200s\" was refused: %.200s", (unsigned long long)seed, move,
                     text, why[0] ? why : canasta_strerror(rc));
            canasta_game_free(g);
            return -1;
        }
        move++;
        if (mv.kind == CANASTA_MOVE_TAKE_PILE) {
            local.pile_takes++;
            local.p[p].pile_takes++;
        }
        if (mv.kind == CANASTA_MOVE_NEXT_HAND)
            continue;
        if ((rc = canasta_game_phase(&phase, g)) != CANASTA_OK)
            break;
        if (phase == CANASTA_PHASE_HAND_OVER ||
            phase == CANASTA_PHASE_GAME_OVER) {
            int how = 0, out = -1, items[CANASTA_SCORE_ITEMS];
            hands++;
            if ((rc = canasta_game_hand_end(&how, &out, g)) != CANASTA_OK)
                break;
            if (how >= 0 && how < N_ENDS)
                local.end[how]++;
            if (out >= 0 && out < seats) {
                if (how == CANASTA_END_WENT_OUT)
                    local.p[seat_player[out]].went_out++;
                else if (how == CANASTA_END_CONCEALED)
                    local.p[seat_player[out]].concealed++;
            }
            for (s = 0; s < r->sides; s++) {
                rc = canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, s);
                if (rc != CANASTA_OK)
                    break;
                local.p[side_player[s]].hand_score +=
                    items[CANASTA_SCORE_TOTAL];
            }
            if (rc != CANASTA_OK)
                break;
        }
    }
    if (rc == CANASTA_OK)
        rc = canasta_game_winner(&winner, g);
    if (rc == CANASTA_OK) {
        int best = INT_MIN, total[MAX_SIDES];
        for (s = 0; s < r->sides && rc == CANASTA_OK; s++) {
            rc = canasta_game_total(&total[s], g, s);
            if (rc == CANASTA_OK && total[s] > best)
                best = total[s];
        }
        for (s = 0; s < r->sides && rc == CANASTA_OK; s++) {
            local.p[side_player[s]].final_score += total[s];
            if (winner < 0 && total[s] == best)
                local.p[side_player[s]].ties++;
        }
        if (winner >= 0 && winner < r->sides)
            local.p[side_player[winner]].wins++;
    }
    canasta_game_free(g);
    if (rc != CANASTA_OK) {
        snprintf(msg, msize, "seed %llu, move %ld: engine error: %s (%s)",
                 (unsigned long long)seed, move, canasta_error_name(rc),
                 canasta_strerror(rc));
        return -1;
    }
    local.games = 1;
    local.hands = hands;
    local.moves = move;
    local.hands_min = local.hands_max = hands;
    counts_add(c, &local);
    return 0;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    canasta_player *players[MAX_SIDES];
    chooser choosers[MAX_SIDES];
    void *plug_state = NULL;
    char msg[512];
    int i, k;

    memset(players, 0, sizeof players);
    if (sh->plug) {
        char err[256] = "";
        plug_state = sh->plug->create(sh->plug->args, err, sizeof err);
        if (!plug_state) {
            snprintf(msg, sizeof msg, "the plugin refused to start: %s",
                     err[0] ? err : "(no reason given)");
            worker_fail(sh, 0, msg);
            goto done;
        }
    }
    for (i = 0; i < sh->r->sides; i++) {
        if (canasta_player_create(&players[i]) != CANASTA_OK) {
            worker_fail(sh, 0, "out of memory");
            goto done;
        }
        for (k = 1; k <= n_knobs; k++)
            if (canasta_player_set(players[i], k,
                                   sh->r->player[i].value[k]) != CANASTA_OK) {
                worker_fail(sh, 0, "canasta_player_set refused a knob");
                goto done;
            }
        choosers[i].choose = reference_choose;
        choosers[i].state = players[i];
        choosers[i].name = "canasta_player_choose";
    }
    if (plug_state) {
        choosers[0].choose = sh->plug->choose;
        choosers[0].state = plug_state;
        choosers[0].name = "the plugin's choose";
    }
    for (;;) {
        uint64_t unit;
        pthread_mutex_lock(&sh->lock);
        if (sh->failed || sh->next_unit >= sh->units) {
            pthread_mutex_unlock(&sh->lock);
            break;
        }
        unit = sh->next_unit++;
        pthread_mutex_unlock(&sh->lock);
        if (play_game(&w->c, choosers, sh, unit, msg, sizeof msg) != 0) {
            worker_fail(sh, unit, msg);
            break;
        }
        pthread_mutex_lock(&sh->lock);
        sh->done_units++;
        pthread_mutex_unlock(&sh->lock);
    }
done:
    for (i = 0; i < MAX_SIDES; i++)
        canasta_player_free(players[i]);
    if (plug_state)
        sh->plug->destroy(plug_state);
    pthread_mutex_lock(&sh->lock);
    sh->running--;
    pthread_cond_broadcast(&sh->changed);
    pthread_mutex_unlock(&sh->lock);
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void print_progress(uint64_t done, uint64_t total, double elapsed)
{
    char left[32] = "";
    double rate = elapsed > 0 ? (double)done / elapsed : 0.0;
    if (rate > 0 && done > 0) {
        long secs = (long)((double)(total - done) / rate + 0.5);
        snprintf(left, sizeof left, ", %ld:%02ld left", secs / 60, secs % 60);
    }
    fprintf(stderr, "\r%s: %llu/%llu games (%.0f%%), %.0f games/s%s   ",
            prog, (unsigned long long)done, (unsigned long long)total,
            total ? 100.0 * (double)done / (double)total : 100.0, rate, left);
    fflush(stderr);
}

/* Play every game of r (whose seeds are one range) on threads; r->c gets
 * the counts.  0, or 1 after reporting a failed game. */
static int simulate(run *r, const plugin *plug, int threads, long max_moves,
                    int progress, int quiet)
{
    canasta_rules *rules = NULL;
    shared sh;
    worker *w;
    int i, rc, started = 0;
    double t0 = now_s(), elapsed;

    rc = canasta_rules_create(&rules, r->preset);
    if (rc == CANASTA_OK && r->target > 0)
        rc = canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, r->target);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "%s: cannot make the rules: %s\n", prog,
                canasta_strerror(rc));
        canasta_rules_free(rules);
        return 1;
    }
    memset(&sh, 0, sizeof sh);
    sh.rules = rules;
    sh.plug = plug;
    sh.r = r;
    sh.seed_from = r->seeds[0].from;
    sh.rotations = r->mirror ? r->sides : 1;
    sh.max_moves = max_moves;
    sh.units = r->seeds[0].count * (uint64_t)sh.rotations;
    pthread_mutex_init(&sh.lock, NULL);
    pthread_cond_init(&sh.changed, NULL);
    if ((uint64_t)threads > sh.units)
        threads = (int)sh.units;
    w = calloc((size_t)threads, sizeof *w);
    if (w == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        canasta_rules_free(rules);
        return 1;
    }
    sh.running = threads;
    for (i = 0; i < threads; i++) {
        w[i].sh = &sh;
        if (pthread_create(&w[i].tid, NULL, worker_main, &w[i]) != 0)
            break;
        started++;
    }
    if (started < threads) {
        pthread_mutex_lock(&sh.lock);
        sh.running -= threads - started;
        if (started == 0 && !sh.failed) {
            sh.failed = 1;
            snprintf(sh.fail_msg, sizeof sh.fail_msg,
                     "cannot start a thread");
        }
        pthread_mutex_unlock(&sh.lock);
    }
    if (progress) {
        double last = 0;
        pthread_mutex_lock(&sh.lock);
        while (sh.running > 0) {
            struct timespec until;
            uint64_t done;
            double t;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 250000000L;
            if (until.tv_nsec >= 1000000000L) {
                until.tv_sec++;
                until.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&sh.changed, &sh.lock, &until);
            done = sh.done_units;
            t = now_s();
            if (sh.running > 0 && t - last >= 0.25) {
                last = t;
                pthread_mutex_unlock(&sh.lock);
                print_progress(done, sh.units, t - t0);
                pthread_mutex_lock(&sh.lock);
            }
        }
        pthread_mutex_unlock(&sh.lock);
        if (last > 0) {
            fprintf(stderr, "\r%*s\r", 72, "");
            fflush(stderr);
        }
    }
    for (i = 0; i < started; i++)
        pthread_join(w[i].tid, NULL);
    elapsed = now_s() - t0;
    memset(&r->c, 0, sizeof r->c);
    for (i = 0; i < started; i++)
        counts_add(&r->c, &w[i].c);
    free(w);
    pthread_cond_destroy(&sh.changed);
    pthread_mutex_destroy(&sh.lock);
    canasta_rules_free(rules);
    if (sh.failed) {
        fprintf(stderr, "%s: %s\n", prog, sh.fail_msg);
        return 1;
    }
    if (!quiet)
        fprintf(stderr, "%s: %lld games, %lld hands in %.2f s on %d "
                "thread%s: %.0f games/s, %.0f hands/s\n", prog,
                (long long)r->c.games, (long long)r->c.hands, elapsed, started,
                started == 1 ? "" : "s",
                elapsed > 0 ? (double)r->c.games / elapsed : 0.0,
                elapsed > 0 ? (double)r->c.hands / elapsed : 0.0);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Reports                                                              */
/* ------------------------------------------------------------------ */

static double ratio(int64_t a, int64_t b)
{
    return b > 0 ? (double)a / (double)b : 0.0;
}

/* The player's score (a win 1, a tie 1/2) and its 95% Wilson interval. */
static void win_rate(double *rate, double *lo, double *hi, const pcount *p,
                     int64_t games)
{
    double n = (double)games, z2 = Z95 * Z95, ph, centre, half;
    if (games <= 0) {
        *rate = *lo = *hi = 0.0;
        return;
    }
    ph = ((double)p->wins + 0.5 * (double)p->ties) / n;
    centre = (ph + z2 / (2 * n)) / (1 + z2 / n);
    half = Z95 * sqrt(ph * (1 - ph) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *rate = ph;
    *lo = centre - half;
    *hi = centre + half;
    if (*lo < 0)
        *lo = 0;
    if (*hi > 1)
        *hi = 1;
}

static void seeds_text(char *buf, size_t size, const run *r)
{
    size_t used = 0, i;
    buf[0] = '\0';
    for (i = 0; i < r->n_seeds; i++) {
        int w;
        uint64_t last = r->seeds[i].from + r->seeds[i].count - 1;
        if (r->seeds[i].count == 1)
            w = snprintf(buf + used, size - used, "%s%llu", i ? " " : "",
                         (unsigned long long)r->seeds[i].from);
        else
            w = snprintf(buf + used, size - used, "%s%llu..%llu",
                         i ? " " : "", (unsigned long long)r->seeds[i].from,
                         (unsigned long long)last);
        if (w < 0 || (size_t)w >= size - used) {
            snprintf(buf + (used > size - 5 ? size - 5 : used), 5, " ...");
            return;
        }
        used += (size_t)w;
    }
}

static const char player_label[MAX_SIDES] = { 'A', 'B', 'C' };

static void print_text(const run *r)
{
    const counts *c = &r->c;
    char seeds[256], knobs[512];
    int i;
    int64_t out_hands;

    seeds_text(seeds, sizeof seeds, r);
    printf("%s %s: %s, target %d, seeds %s (%llu deal%s)%s: %lld games\n",
           prog, canasta_version_string(), preset_name(r->preset), r->target,
           seeds, (unsigned long long)run_deals(r),
           run_deals(r) == 1 ? "" : "s",
           r->mirror ? ", mirrored" : "", (long long)c->games);
    for (i = 0; i < r->sides; i++) {
        config_text(knobs, sizeof knobs, &r->player[i]);
        if (i == 0 && r->plugin[0])
            printf("player A (--plugin%s): %s\n",
                   r->mirror ? ", every side in turn" : "", r->plugin);
        else
            printf("player %c (--side%d%s): %s\n", player_label[i], i,
                   r->mirror ? ", every side in turn" : "", knobs);
    }
    printf("\n%-28s", "");
    for (i = 0; i < r->sides; i++)
        printf("%16c", player_label[i]);
    printf("\n%-28s", "wins");
    for (i = 0; i < r->sides; i++)
        printf("%16lld", (long long)c->p[i].wins);
    printf("\n%-28s", "ties");
    for (i = 0; i < r->sides; i++)
        printf("%16lld", (long long)c->p[i].ties);
    printf("\n%-28s", "win rate (a tie counts 1/2)");
    for (i = 0; i < r->sides; i++) {
        double rate, lo, hi;
        win_rate(&rate, &lo, &hi, &c->p[i], c->games);
        printf("%15.2f%%", 100 * rate);
    }
    printf("\n%-28s", "  95% interval (Wilson)");
    for (i = 0; i < r->sides; i++) {
        double rate, lo, hi;
        char iv[40];
        win_rate(&rate, &lo, &hi, &c->p[i], c->games);
        snprintf(iv, sizeof iv, "%.2f-%.2f%%", 100 * lo, 100 * hi);
        printf("%16s", iv);
    }
    printf("\n%-28s", "average hand score");
    for (i = 0; i < r->sides; i++)
        printf("%16.1f", ratio(c->p[i].hand_score, c->hands));
    printf("\n%-28s", "average final score");
    for (i = 0; i < r->sides; i++)
        printf("%16.1f", ratio(c->p[i].final_score, c->games));
    printf("\n%-28s", "went out (share of hands)");
    for (i = 0; i < r->sides; i++)
        printf("%15.2f%%", 100 * ratio(c->p[i].went_out + c->p[i].concealed,
                                       c->hands));
    printf("\n%-28s", "  of which concealed");
    for (i = 0; i < r->sides; i++)
        printf("%15.2f%%", 100 * ratio(c->p[i].concealed, c->hands));
    printf("\n%-28s", "pile takes per hand");
    for (i = 0; i < r->sides; i++)
        printf("%16.3f", ratio(c->p[i].pile_takes, c->hands));
    printf("\n\n");

    out_hands = c->end[CANASTA_END_WENT_OUT] + c->end[CANASTA_END_CONCEALED];
    printf("games %lld, hands %lld: %.3f hands per game (fewest %lld, most "
           "%lld), %.1f moves per game\n", (long long)c->games,
           (long long)c->hands, ratio(c->hands, c->games),
           (long long)c->hands_min, (long long)c->hands_max,
           ratio(c->moves, c->games));
    printf("hands ended: gone out %.2f%% (concealed %.2f%%), stock "
           "exhausted %.2f%% (pile not taken %.2f%%, red three drawn last "
           "%.2f%%)\n",
           100 * ratio(out_hands, c->hands),
           100 * ratio(c->end[CANASTA_END_CONCEALED], c->hands),
           100 * ratio(c->end[CANASTA_END_STOCK] +
                       c->end[CANASTA_END_RED_THREE], c->hands),
           100 * ratio(c->end[CANASTA_END_STOCK], c->hands),
           100 * ratio(c->end[CANASTA_END_RED_THREE], c->hands));
    printf("pile takes per hand: %.3f\n", ratio(c->pile_takes, c->hands));
}

static void print_csv(const run *r)
{
    const counts *c = &r->c;
    char seeds[256];
    int i, k;

    seeds_text(seeds, sizeof seeds, r);
    printf("preset,target,seeds,deals,mirror,games,hands,hands_per_game,"
           "hands_min,hands_max,moves_per_game,ended_went_out,"
           "ended_concealed,ended_stock,ended_red_three,pile_takes_per_hand,"
           "player");
    for (k = 1; k <= n_knobs; k++)
        printf(",%s", canasta_knob_name(k));
    printf(",wins,ties,losses,win_rate,ci95_low,ci95_high,avg_hand_score,"
           "avg_final_score,went_out,concealed,pile_takes,"
           "player_pile_takes_per_hand,plugin\n");
    for (i = 0; i < r->sides; i++) {
        double rate, lo, hi;
        const pcount *p = &c->p[i];
        win_rate(&rate, &lo, &hi, p, c->games);
        printf("%s,%d,%s,%llu,%d,%lld,%lld,%.6f,%lld,%lld,%.3f,%lld,%lld,"
               "%lld,%lld,%.6f,%c", preset_name(r->preset), r->target, seeds,
               (unsigned long long)run_deals(r), r->mirror,
               (long long)c->games, (long long)c->hands,
               ratio(c->hands, c->games), (long long)c->hands_min,
               (long long)c->hands_max, ratio(c->moves, c->games),
               (long long)c->end[CANASTA_END_WENT_OUT],
               (long long)c->end[CANASTA_END_CONCEALED],
               (long long)c->end[CANASTA_END_STOCK],
               (long long)c->end[CANASTA_END_RED_THREE],
               ratio(c->pile_takes, c->hands), player_label[i]);
        for (k = 1; k <= n_knobs; k++)
            if (i == 0 && r->plugin[0])
                printf(",-"); /* a plugin has no knobs */
            else
                printf(",%d", r->player[i].value[k]);
        printf(",%lld,%lld,%lld,%.6f,%.6f,%.6f,%.3f,%.3f,%lld,%lld,%lld,"
               "%.6f", (long long)p->wins, (long long)p->ties,
               (long long)(c->games - p->wins - p->ties), rate, lo, hi,
               ratio(p->hand_score, c->hands), ratio(p->final_score, c->games),
               (long long)p->went_out, (long long)p->concealed,
               (long long)p->pile_takes, ratio(p->pile_takes, c->hands));
        /* the plugin text has no comma or quote (plain_text) */
        printf(",%s\n", i == 0 && r->plugin[0] ? r->plugin : "-");
    }
}

/* JSON: the raw counts (what merge reads) and, for convenience, the
 * figures computed from them (which merge ignores). */
static void print_json(const run *r)
{
    const counts *c = &r->c;
    size_t i;
    int k, s;

    printf("{\"format\":\"%s\",\"format_version\":%d,\"library\":\"%s\",",
           FORMAT_NAME, FORMAT_VERSION, canasta_version_string());
    printf("\"preset\":\"%s\",\"target\":%d,\"mirror\":%s,\"seeds\":[",
           preset_name(r->preset), r->target, r->mirror ? "true" : "false");
    for (i = 0; i < r->n_seeds; i++)
        printf("%s{\"from\":%llu,\"count\":%llu}", i ? "," : "",
               (unsigned long long)r->seeds[i].from,
               (unsigned long long)r->seeds[i].count);
    printf("],\"deals\":%llu,\n", (unsigned long long)run_deals(r));
    printf("\"games\":%lld,\"hands\":%lld,\"hands_min\":%lld,"
           "\"hands_max\":%lld,\"moves\":%lld,\"pile_takes\":%lld,\n",
           (long long)c->games, (long long)c->hands, (long long)c->hands_min,
           (long long)c->hands_max, (long long)c->moves,
           (long long)c->pile_takes);
    printf("\"endings\":{\"went_out\":%lld,\"concealed\":%lld,\"stock\":%lld,"
           "\"red_three\":%lld},\n",
           (long long)c->end[CANASTA_END_WENT_OUT],
           (long long)c->end[CANASTA_END_CONCEALED],
           (long long)c->end[CANASTA_END_STOCK],
           (long long)c->end[CANASTA_END_RED_THREE]);
    printf("\"hands_per_game\":%.6f,\"moves_per_game\":%.3f,"
           "\"pile_takes_per_hand\":%.6f,\"ties_count\":\"half\",\n",
           ratio(c->hands, c->games), ratio(c->moves, c->games),
           ratio(c->pile_takes, c->hands));
    printf("\"players\":[");
    for (s = 0; s < r->sides; s++) {
        const pcount *p = &c->p[s];
        double rate, lo, hi;
        char knobs[512];
        win_rate(&rate, &lo, &hi, p, c->games);
        config_text(knobs, sizeof knobs, &r->player[s]);
        if (s == 0 && r->plugin[0])
            printf("\n {\"player\":\"A\",\"option\":\"--plugin\","
                   "\"plugin\":\"%s\",\"settings\":\"plugin\","
                   "\"knobs\":{", r->plugin);
        else
            printf("%s\n {\"player\":\"%c\",\"option\":\"--side%d\","
                   "\"settings\":\"%s\",\"knobs\":{", s ? "," : "",
                   player_label[s], s, knobs);
        for (k = 1; k <= n_knobs; k++)
            printf("%s\"%s\":%d", k > 1 ? "," : "", canasta_knob_name(k),
                   r->player[s].value[k]);
        printf("},\n  \"wins\":%lld,\"ties\":%lld,\"losses\":%lld,"
               "\"hand_score\":%lld,\"final_score\":%lld,\"went_out\":%lld,"
               "\"concealed\":%lld,\"pile_takes\":%lld,\n",
               (long long)p->wins, (long long)p->ties,
               (long long)(c->games - p->wins - p->ties),
               (long long)p->hand_score, (long long)p->final_score,
               (long long)p->went_out, (long long)p->concealed,
               (long long)p->pile_takes);
        printf("  \"win_rate\":%.6f,\"ci95\":[%.6f,%.6f],"
               "\"avg_hand_score\":%.3f,\"avg_final_score\":%.3f,"
               "\"pile_takes_per_hand\":%.6f}", rate, lo, hi,
               ratio(p->hand_score, c->hands), ratio(p->final_score, c->games),
               ratio(p->pile_takes, c->hands));
    }
    printf("]}\n");
}

enum { OUT_TEXT, OUT_CSV, OUT_JSON };

static void print_report(const run *r, int format)
{
    if (format == OUT_CSV)
        print_csv(r);
    else if (format == OUT_JSON)
        print_json(r);
    else
        print_text(r);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* A small JSON reader (for merge)                                      */
/* ------------------------------------------------------------------ */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jnode {
    int type;
    int boolean;
    char *text;              /* J_STR: the string; J_NUM: the number */
    size_t n;                /* J_ARR, J_OBJ: items */
    struct jnode *items;
    char **keys;             /* J_OBJ */
} jnode;

typedef struct jparser {
    const char *p, *end;
    int depth;
    const char *err;
} jparser;

static void jfree(jnode *j)
{
    size_t i;
    if (j == NULL)
        return;
    for (i = 0; i < j->n; i++) {
        jfree(&j->items[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->text);
    memset(j, 0, sizeof *j);
}

static void jspace(jparser *jp)
{
    while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\n' ||
                               *jp->p == '\r' || *jp->p == '\t'))
        jp->p++;
}

static char *jstring(jparser *jp)
{
    const char *s;
    char *out, *o;
    if (jp->p >= jp->end || *jp->p != '"') {
        jp->err = "a string was expected";
        return NULL;
    }
    s = ++jp->p;
    while (jp->p < jp->end && *jp->p != '"') {
        if (*jp->p == '\\')
            jp->p++;
        jp->p++;
    }
    if (jp->p >= jp->end) {
        jp->err = "unterminated string";
        return NULL;
    }
    out = malloc((size_t)(jp->p - s) + 1);
    if (out == NULL) {
        jp->err = "out of memory";
        return NULL;
    }
    for (o = out; s < jp->p; s++) {
        if (*s == '\\') {
            s++;
            switch (*s) {
            case 'n': *o++ = '\n'; break;
            case 't': *o++ = '\t'; break;
            case 'r': *o++ = '\r'; break;
            case 'b': *o++ = '\b'; break;
            case 'f': *o++ = '\f'; break;
            case 'u': /* not needed here */
                *o++ = '?';
                if (jp->p - s > 4)
                    s += 4;
                break;
            default: *o++ = *s; break;
            }
        } else {
            *o++ = *s;
        }
    }
    *o = '\0';
    jp->p++;
    return out;
}

static int jvalue(jparser *jp, jnode *out);

static int jappend(jparser *jp, jnode *j, char *key)
{
    jnode *items = realloc(j->items, (j->n + 1) * sizeof *items);
    if (items == NULL) {
        jp->err = "out of memory";
        free(key);
        return 0;
    }
    j->items = items;
    memset(&j->items[j->n], 0, sizeof j->items[j->n]);
    if (j->type == J_OBJ) {
        char **keys = realloc(j->keys, (j->n + 1) * sizeof *keys);
        if (keys == NULL) {
            jp->err = "out of memory";
            free(key);
            return 0;
        }
        j->keys = keys;
        j->keys[j->n] = key;
    }
    j->n++;
    return 1;
}

static int jvalue(jparser *jp, jnode *out)
{
    memset(out, 0, sizeof *out);
    jspace(jp);
    if (jp->p >= jp->end) {
        jp->err = "unexpected end of the text";
        return 0;
    }
    if (++jp->depth > 32) {
        jp->err = "nested too deeply";
        return 0;
    }
    if (*jp->p == '{' || *jp->p == '[') {
        char close = *jp->p == '{' ? '}' : ']';
        out->type = close == '}' ? J_OBJ : J_ARR;
        jp->p++;
        jspace(jp);
        if (jp->p < jp->end && *jp->p == close) {
            jp->p++;
            jp->depth--;
            return 1;
        }
        for (;;) {
            char *key = NULL;
            jspace(jp);
            if (out->type == J_OBJ) {
                key = jstring(jp);
                if (key == NULL)
                    return 0;
                jspace(jp);
                if (jp->p >= jp->end || *jp->p != ':') {
                    free(key);
                    jp->err = "':' was expected";
                    return 0;
                }
                jp->p++;
            }
            if (!jappend(jp, out, key))
                return 0;
            if (!jvalue(jp, &out->items[out->n - 1]))
                return 0;
            jspace(jp);
            if (jp->p < jp->end && *jp->p == ',') {
                jp->p++;
                continue;
            }
            if (jp->p < jp->end && *jp->p == close) {
                jp->p++;
                break;
            }
            jp->err = "',' or a closing bracket was expected";
            return 0;
        }
    } else if (*jp->p == '"') {
        out->type = J_STR;
        out->text = jstring(jp);
        if (out->text == NULL)
            return 0;
    } else if ((size_t)(jp->end - jp->p) >= 4 &&
               memcmp(jp->p, "true", 4) == 0) {
        out->type = J_BOOL;
        out->boolean = 1;
        jp->p += 4;
    } else if ((size_t)(jp->end - jp->p) >= 5 &&
               memcmp(jp->p, "false", 5) == 0) {
        out->type = J_BOOL;
        jp->p += 5;
    } else if ((size_t)(jp->end - jp->p) >= 4 &&
               memcmp(jp->p, "null", 4) == 0) {
        out->type = J_NULL;
        jp->p += 4;
    } else if (*jp->p == '-' || (*jp->p >= '0' && *jp->p <= '9')) {
        const char *s = jp->p;
        while (jp->p < jp->end &&
               strchr("0123456789+-.eE", *jp->p) != NULL)
            jp->p++;
        out->type = J_NUM;
        out->text = malloc((size_t)(jp->p - s) + 1);
        if (out->text == NULL) {
            jp->err = "out of memory";
            return 0;
        }
        memcpy(out->text, s, (size_t)(jp->p - s));
        out->text[jp->p - s] = '\0';
    } else {
        jp->err = "not JSON";
        return 0;
    }
    jp->depth--;
    return 1;
}

static const jnode *jget(const jnode *obj, const char *key)
{
    size_t i;
    if (obj == NULL || obj->type != J_OBJ)
        return NULL;
    for (i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

/* An integer member of either sign (scores). */
static int jint64(const jnode *obj, const char *key, int64_t *out)
{
    const jnode *j = jget(obj, key);
    char *end;
    long long v;
    if (j == NULL || j->type != J_NUM)
        return 0;
    errno = 0;
    v = strtoll(j->text, &end, 10);
    if (*end != '\0' || errno != 0)
        return 0;
    *out = v;
    return 1;
}

/* A non-negative integer member (counts). */
static int jcount(const jnode *obj, const char *key, int64_t *out)
{
    int64_t v;
    if (!jint64(obj, key, &v) || v < 0)
        return 0;
    *out = v;
    return 1;
}

static int ju64(const jnode *obj, const char *key, uint64_t *out)
{
    const jnode *j = jget(obj, key);
    char *end;
    unsigned long long v;
    if (j == NULL || j->type != J_NUM || j->text[0] == '-')
        return 0;
    errno = 0;
    v = strtoull(j->text, &end, 10);
    if (*end != '\0' || errno != 0)
        return 0;
    *out = v;
    return 1;
}

/* Read a shard's JSON into *r.  0 with err on anything missing. */
static int run_from_json(run *r, const jnode *root, char *err, size_t esize)
{
    const jnode *j, *seeds, *players, *ends;
    int64_t v;
    size_t i;
    int k;

    memset(r, 0, sizeof *r);
    j = jget(root, "format");
    if (j == NULL || j->type != J_STR || strcmp(j->text, FORMAT_NAME) != 0) {
        snprintf(err, esize, "not the JSON output of %s --json", prog);
        return 0;
    }
    if (!jcount(root, "format_version", &v) || v != FORMAT_VERSION) {
        snprintf(err, esize, "an unknown format_version (this program "
                 "reads %d)", FORMAT_VERSION);
        return 0;
    }
    j = jget(root, "library");
    if (j == NULL || j->type != J_STR ||
        strcmp(j->text, canasta_version_string()) != 0) {
        snprintf(err, esize, "made with libcanasta %s, not %s: the players "
                 "may differ", j && j->type == J_STR ? j->text : "?",
                 canasta_version_string());
        return 0;
    }
    j = jget(root, "preset");
    if (j == NULL || j->type != J_STR ||
        (r->preset = preset_from_name(j->text)) == 0) {
        snprintf(err, esize, "no known \"preset\"");
        return 0;
    }
    if (!jcount(root, "target", &v) || v < 1 || v > INT_MAX) {
        snprintf(err, esize, "no \"target\"");
        return 0;
    }
    r->target = (int)v;
    j = jget(root, "mirror");
    if (j == NULL || j->type != J_BOOL) {
        snprintf(err, esize, "no \"mirror\"");
        return 0;
    }
    r->mirror = j->boolean;
    seeds = jget(root, "seeds");
    if (seeds == NULL || seeds->type != J_ARR || seeds->n == 0) {
        snprintf(err, esize, "no \"seeds\"");
        return 0;
    }
    r->seeds = calloc(seeds->n, sizeof *r->seeds);
    if (r->seeds == NULL) {
        snprintf(err, esize, "out of memory");
        return 0;
    }
    r->n_seeds = seeds->n;
    for (i = 0; i < seeds->n; i++) {
        seed_range *s = &r->seeds[i];
        if (!ju64(&seeds->items[i], "from", &s->from) ||
            !ju64(&seeds->items[i], "count", &s->count) || s->count == 0 ||
            s->from > UINT64_MAX - (s->count - 1)) {
            snprintf(err, esize, "a bad seed range");
            return 0;
        }
    }
    players = jget(root, "players");
    if (players == NULL || players->type != J_ARR || players->n < 2 ||
        players->n > MAX_SIDES) {
        snprintf(err, esize, "no \"players\"");
        return 0;
    }
    r->sides = (int)players->n;
    if (!jcount(root, "games", &r->c.games) ||
        !jcount(root, "hands", &r->c.hands) ||
        !jcount(root, "hands_min", &r->c.hands_min) ||
        !jcount(root, "hands_max", &r->c.hands_max) ||
        !jcount(root, "moves", &r->c.moves) ||
        !jcount(root, "pile_takes", &r->c.pile_takes)) {
        snprintf(err, esize, "a count is missing");
        return 0;
    }
    ends = jget(root, "endings");
    if (!jcount(ends, "went_out", &r->c.end[CANASTA_END_WENT_OUT]) ||
        !jcount(ends, "concealed", &r->c.end[CANASTA_END_CONCEALED]) ||
        !jcount(ends, "stock", &r->c.end[CANASTA_END_STOCK]) ||
        !jcount(ends, "red_three", &r->c.end[CANASTA_END_RED_THREE])) {
        snprintf(err, esize, "an \"endings\" count is missing");
        return 0;
    }
    for (i = 0; i < players->n; i++) {
        const jnode *pl = &players->items[i], *kn = jget(pl, "knobs");
        const jnode *pg = jget(pl, "plugin");
        pcount *p = &r->c.p[i];
        if (pg != NULL) {
            if (i != 0 || pg->type != J_STR ||
                strlen(pg->text) >= sizeof r->plugin) {
                snprintf(err, esize, "player %c: a bad \"plugin\"",
                         player_label[i]);
                return 0;
            }
            snprintf(r->plugin, sizeof r->plugin, "%s", pg->text);
            plain_text(r->plugin);
        }
        if (!jcount(pl, "wins", &p->wins) || !jcount(pl, "ties", &p->ties) ||
            !jint64(pl, "hand_score", &p->hand_score) ||
            !jint64(pl, "final_score", &p->final_score) ||
            !jcount(pl, "went_out", &p->went_out) ||
            !jcount(pl, "concealed", &p->concealed) ||
            !jcount(pl, "pile_takes", &p->pile_takes) || kn == NULL ||
            kn->type != J_OBJ) {
            snprintf(err, esize, "player %c: a count is missing",
                     player_label[i]);
            return 0;
        }
        if (kn->n != (size_t)n_knobs) {
            snprintf(err, esize, "player %c: other knobs than this "
                     "library's", player_label[i]);
            return 0;
        }
        for (k = 1; k <= n_knobs; k++) {
            if (!jint64(kn, canasta_knob_name(k), &v) || v < knob_min[k] ||
                v > knob_max[k]) {
                snprintf(err, esize, "player %c: no valid knob %s",
                         player_label[i], canasta_knob_name(k));
                return 0;
            }
            r->player[i].value[k] = (int)v;
        }
    }
    return 1;
}

static int compare_ranges(const void *a, const void *b)
{
    const seed_range *x = a, *y = b;
    return x->from < y->from ? -1 : x->from > y->from;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    size_t cap = 1 << 14, n = 0;
    char *buf;
    if (f == NULL)
        return NULL;
    buf = malloc(cap);
    while (buf != NULL) {
        size_t got;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}

/* The options of "canasta-sim merge". */
enum { MOPT_CSV = 1, MOPT_JSON, MOPT_TEXT, MOPT_HELP, MOPT_VERSION };
static const cli_option merge_options[] = {
    { "csv", 0, CLI_NO_VALUE, MOPT_CSV },
    { "json", 0, CLI_NO_VALUE, MOPT_JSON },
    { "text", 0, CLI_NO_VALUE, MOPT_TEXT },
    { "help", 'h', CLI_NO_VALUE, MOPT_HELP },
    { "version", 0, CLI_NO_VALUE, MOPT_VERSION },
};

static void usage(FILE *f);

/* argv[0..argc-1]: the arguments after "merge". */
static int do_merge(int argc, char **argv)
{
    run total, shard;
    const char *first = NULL;
    int format = OUT_TEXT, i, nfiles = 0, status = 0, r;
    size_t k;
    cli c;

    memset(&total, 0, sizeof total);
    /* The options, wherever they are; the FILE operands are moved to the
     * front of argv, in their order, and counted in argc. */
    cli_init(&c, "canasta-sim merge", argc, argv, 0);
    i = 0;
    while ((r = cli_next(&c, merge_options,
                         sizeof merge_options / sizeof merge_options[0]))
           != CLI_END) {
        if (r == CLI_ERROR)
            return cli_report(&c);
        if (r == MOPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (r == MOPT_VERSION)
            return cli_version(prog);
        if (r == CLI_OPERAND)
            argv[i++] = (char *)c.value;
        else
            format = r == MOPT_CSV ? OUT_CSV : r == MOPT_JSON ? OUT_JSON
                                                               : OUT_TEXT;
    }
    argc = i;
    for (i = 0; i < argc; i++) {
        char *text, err[256];
        size_t len;
        jparser jp;
        jnode root;
        int ok;
        text = read_file(argv[i], &len);
        if (text == NULL) {
            fprintf(stderr, "%s merge: %s: %s\n", prog, argv[i],
                    strerror(errno));
            status = 2;
            break;
        }
        memset(&jp, 0, sizeof jp);
        jp.p = text;
        jp.end = text + len;
        ok = jvalue(&jp, &root);
        if (ok) {
            jspace(&jp);
            ok = jp.p == jp.end;
        }
        if (!ok) {
            fprintf(stderr, "%s merge: %s: not valid JSON (%s at byte %ld)\n",
                    prog, argv[i], jp.err ? jp.err : "text after the value",
                    (long)(jp.p - text));
            jfree(&root);
            free(text);
            status = 2;
            break;
        }
        free(text);
        if (!run_from_json(&shard, &root, err, sizeof err)) {
            fprintf(stderr, "%s merge: %s: %s\n", prog, argv[i], err);
            jfree(&root);
            free(shard.seeds);
            status = 2;
            break;
        }
        jfree(&root);
        if (nfiles == 0) {
            first = argv[i];
            total = shard;
            total.seeds = NULL;
            total.n_seeds = 0;
            memset(&total.c, 0, sizeof total.c);
        } else if (shard.preset != total.preset ||
                   shard.target != total.target ||
                   shard.mirror != total.mirror ||
                   shard.sides != total.sides ||
                   strcmp(shard.plugin, total.plugin) != 0 ||
                   memcmp(shard.player, total.player,
                          sizeof total.player) != 0) {
            fprintf(stderr, "%s merge: %s: not the same study as %s (the "
                    "preset, target, --mirror, the plugin and every "
                    "player's knobs must be equal)\n", prog, argv[i], first);
            free(shard.seeds);
            status = 2;
            break;
        }
        {
            seed_range *more = realloc(total.seeds, (total.n_seeds +
                                       shard.n_seeds) * sizeof *more);
            if (more == NULL) {
                fprintf(stderr, "%s merge: out of memory\n", prog);
                free(shard.seeds);
                status = 2;
                break;
            }
            total.seeds = more;
            memcpy(total.seeds + total.n_seeds, shard.seeds,
                   shard.n_seeds * sizeof *more);
            total.n_seeds += shard.n_seeds;
        }
        free(shard.seeds);
        counts_add(&total.c, &shard.c);
        nfiles++;
    }
    if (status == 0 && nfiles == 0)
        return cli_usage_error("canasta-sim merge", "no FILE given");
    if (status == 0) {
        /* Sort the seed ranges, refuse overlaps (games counted twice),
         * join neighbours. */
        size_t out = 0;
        qsort(total.seeds, total.n_seeds, sizeof *total.seeds,
              compare_ranges);
        for (k = 0; k < total.n_seeds; k++) {
            seed_range *last = out ? &total.seeds[out - 1] : NULL;
            seed_range cur = total.seeds[k];
            if (last && cur.from - last->from < last->count) {
                fprintf(stderr, "%s merge: the shards overlap: seed %llu "
                        "is in two of them\n", prog,
                        (unsigned long long)cur.from);
                status = 2;
                break;
            }
            if (last && cur.from - last->from == last->count)
                last->count += cur.count;
            else
                total.seeds[out++] = cur;
        }
        total.n_seeds = out;
    }
    if (status == 0)
        print_report(&total, format);
    free(total.seeds);
    return status;
}

/* ------------------------------------------------------------------ */
/* Command line                                                         */
/* ------------------------------------------------------------------ */

/* Open the plugin at path and describe it in text ("NAME ARGS"): 0, or
 * the exit status after a message. */
static int load_plugin(plugin *pl, const char *path, char *text,
                       size_t tsize)
{
    const char *base = strrchr(path, '/');
    const char *args = pl->args;
    char local[4096];
    /* A bare name would make dlopen search the library path: the user
     * means the file here. */
    if (!base && strlen(path) < sizeof local - 2) {
        snprintf(local, sizeof local, "./%s", path);
        pl->dl = dlopen(local, RTLD_NOW | RTLD_LOCAL);
    } else {
        pl->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (!pl->dl) {
        fprintf(stderr, "%s: --plugin: cannot load %s: %s\n", prog, path,
                dlerror());
        return 2;
    }
    /* dlsym gives a void *; POSIX guarantees it converts to a function
     * pointer, which ISO C leaves open, hence the copy. */
#define PLUGIN_SYMBOL(field, name)                                       \
    do {                                                                 \
        void *sym = dlsym(pl->dl, name);                                 \
        if (!sym) {                                                      \
            fprintf(stderr, "%s: --plugin: %s has no %s\n", prog, path, \
                    name);                                               \
            dlclose(pl->dl);                                             \
            pl->dl = NULL;                                               \
            return 2;                                                    \
        }                                                                \
        memcpy(&pl->field, &sym, sizeof pl->field);                      \
    } while (0)
    PLUGIN_SYMBOL(version, "canasta_sim_plugin_version");
    PLUGIN_SYMBOL(create, "canasta_sim_plugin_create");
    PLUGIN_SYMBOL(choose, "canasta_sim_plugin_choose");
    PLUGIN_SYMBOL(destroy, "canasta_sim_plugin_free");
#undef PLUGIN_SYMBOL
    if (pl->version() != CANASTA_VERSION_NUMBER) {
        fprintf(stderr, "%s: --plugin: %s was built for libcanasta version "
                "number %d, this program is %d\n", prog, path, pl->version(),
                CANASTA_VERSION_NUMBER);
        dlclose(pl->dl);
        pl->dl = NULL;
        return 2;
    }
    /* Refuse bad settings now, as a usage error, rather than in a thread. */
    {
        char err[256] = "";
        void *st = pl->create(args, err, sizeof err);
        if (!st) {
            fprintf(stderr, "%s: --plugin-args: %s refused \"%s\": %s\n",
                    prog, path, args, err[0] ? err : "(no reason given)");
            dlclose(pl->dl);
            pl->dl = NULL;
            return 2;
        }
        pl->destroy(st);
    }
    snprintf(text, tsize, "%s%s%s", base ? base + 1 : path, *args ? " " : "",
             args);
    plain_text(text);
    return 0;
}

static void usage(FILE *f)
{
    int k;
    fprintf(f,
        "usage: %s [OPTIONS]\n"
        "       %s merge [--csv | --json | --text] FILE...\n"
        "Play complete games of Canasta between reference computer players\n"
        "and report win rates, game lengths and how the hands ended.\n"
        "\n"
        "  --preset NAME     classic (default), two-players, three-players,\n"
        "                    six-three-sides or six-two-sides\n"
        "  --games N         deals to play (default 1000); deal i uses seed S+i\n"
        "  --seed-from S     the first seed (default 1)\n"
        "  --threads T       worker threads (default: the processors online);\n"
        "                    the results do not depend on it\n"
        "  --target X        the score that ends a game (default: the preset's)\n"
        "  --side0 KNOBS     the player of side 0 (A), e.g. take-pile=always,go-out=2\n"
        "  --side1 KNOBS     the player of side 1 (B)\n"
        "  --side2 KNOBS     the player of side 2 (C; games of three sides)\n"
        "  --plugin FILE     player A is the shared object FILE (a plugin, e.g.\n"
        "                    examples/ismcts.so) instead of a reference player\n"
        "  --plugin-args TEXT  the plugin's settings (e.g. iterations=400)\n"
        "  --mirror          play every deal once per rotation of the players\n"
        "                    around the sides (2 or 3 games per deal)\n"
        "  --csv, --json     machine-readable report (one row per player / one\n"
        "                    object with every count, which merge adds up)\n"
        "  --quiet           no progress line and no timing on stderr\n"
        "  --max-moves M     the move guard: a game still going after M moves\n"
        "                    is reported as a bug (default 1000000)\n"
        "  -h, --help        show this text\n"
        "  --version         show the program's and the library's version\n"
        "  --                end of the options\n"
        "\n"
        "KNOBS is NAME=VALUE,... (or \"default\"); VALUE is a number, a value\n"
        "name or \"default\".  Knobs, their values and defaults:\n", prog, prog);
    for (k = 1; k <= n_knobs; k++) {
        size_t i;
        int named = 0;
        fprintf(f, "  %-11s %d..%d", canasta_knob_name(k), knob_min[k],
                knob_max[k]);
        for (i = 0; i < N_VALUE_NAMES; i++)
            if (value_names[i].knob == k)
                fprintf(f, "%s%s=%d", named++ ? ", " : " (",
                        value_names[i].name, value_names[i].value);
        fprintf(f, "%s, default %d\n", named ? ")" : "", knob_def[k]);
    }
    fprintf(f,
        "\n"
        "merge adds up the --json outputs of runs of the same study on\n"
        "different seeds (shards) and prints the report of all of them\n"
        "(FILE \"-\": standard input; --text, the default, is the text\n"
        "report).\n"
        "The win rate counts a tie as half a win; the 95%% interval is\n"
        "Wilson's.\n"
        "\n"
        "Exit status: 0 success; 1 a game went wrong (engine error or move\n"
        "guard; the seed is named); 2 usage error, a plugin that cannot be\n"
        "used, an unreadable file or shards that cannot be merged.\n");
}

/* An unsigned decimal number within [lo, hi]. */
static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '\0')
        return 0;
    for (; *s; s++) {
        unsigned d;
        if (*s < '0' || *s > '9')
            return 0;
        d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    if (v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

enum {
    OPT_HELP = 1, OPT_VERSION, OPT_PRESET, OPT_GAMES, OPT_SEED_FROM,
    OPT_THREADS, OPT_TARGET, OPT_SIDE0, OPT_SIDE1, OPT_SIDE2, OPT_PLUGIN,
    OPT_PLUGIN_ARGS, OPT_MIRROR, OPT_CSV, OPT_JSON, OPT_QUIET, OPT_MAX_MOVES
};

static const cli_option options[] = {
    { "help", 'h', CLI_NO_VALUE, OPT_HELP },
    { "version", 0, CLI_NO_VALUE, OPT_VERSION },
    { "preset", 0, CLI_VALUE, OPT_PRESET },
    { "games", 0, CLI_VALUE, OPT_GAMES },
    { "seed-from", 0, CLI_VALUE, OPT_SEED_FROM },
    { "threads", 0, CLI_VALUE, OPT_THREADS },
    { "target", 0, CLI_VALUE, OPT_TARGET },
    { "side0", 0, CLI_VALUE, OPT_SIDE0 },
    { "side1", 0, CLI_VALUE, OPT_SIDE1 },
    { "side2", 0, CLI_VALUE, OPT_SIDE2 },
    { "plugin", 0, CLI_VALUE, OPT_PLUGIN },
    { "plugin-args", 0, CLI_VALUE, OPT_PLUGIN_ARGS },
    { "mirror", 0, CLI_NO_VALUE, OPT_MIRROR },
    { "csv", 0, CLI_NO_VALUE, OPT_CSV },
    { "json", 0, CLI_NO_VALUE, OPT_JSON },
    { "quiet", 0, CLI_NO_VALUE, OPT_QUIET },
    { "max-moves", 0, CLI_VALUE, OPT_MAX_MOVES },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

int main(int argc, char **argv)
{
    cli c;
    int got;
    run r;
    plugin plug;
    const char *plugin_path = NULL;
    const char *side_text[MAX_SIDES] = { NULL, NULL, NULL };
    uint64_t games = 1000, seed_from = 1, v;
    long ncpu, max_moves = MOVE_GUARD;
    int threads = 0, target = 0, format = OUT_TEXT, quiet = 0, s, rc;
    int preset = CANASTA_PRESET_CLASSIC, sides = 0;
    canasta_rules *rules = NULL;
    seed_range range;

    init_knobs();
    if (argc > 1 && (strcmp(argv[1], "merge") == 0 ||
                     strcmp(argv[1], "--merge") == 0))
        return do_merge(argc - 2, argv + 2);

    memset(&r, 0, sizeof r);
    memset(&plug, 0, sizeof plug);
    plug.args = ""; /* create never gets NULL */
    cli_init(&c, prog, argc, argv, 1);
    while ((got = cli_next(&c, options, N_OPTIONS)) != CLI_END) {
        const char *val = c.value;
        switch (got) {
        case CLI_ERROR:
            return cli_report(&c);
        case CLI_OPERAND:
            return cli_usage_error(prog, "unexpected argument \"%s\"", val);
        case OPT_HELP:
            usage(stdout);
            return 0;
        case OPT_VERSION:
            return cli_version(prog);
        case OPT_PRESET:
            preset = preset_from_name(val);
            if (preset == 0)
                return cli_usage_error(prog, "unknown preset \"%s\" "
                    "(classic, two-players, three-players, six-three-sides, "
                    "six-two-sides)", val);
            break;
        case OPT_GAMES:
            if (!parse_u64(val, 1, (uint64_t)1 << 40, &games))
                return cli_usage_error(prog, "--games: \"%s\" is not a "
                                       "number of games (1 or more)", val);
            break;
        case OPT_SEED_FROM:
            if (!parse_u64(val, 0, UINT64_MAX, &seed_from))
                return cli_usage_error(prog, "--seed-from: \"%s\" is not a "
                                       "seed (0 to 2^64-1)", val);
            break;
        case OPT_THREADS:
            if (!parse_u64(val, 1, MAX_THREADS, &v))
                return cli_usage_error(prog, "--threads: \"%s\" is not 1 to "
                                       "%d", val, MAX_THREADS);
            threads = (int)v;
            break;
        case OPT_MAX_MOVES:
            if (!parse_u64(val, 1, LONG_MAX, &v))
                return cli_usage_error(prog, "--max-moves: \"%s\" is not a "
                                       "number of moves", val);
            max_moves = (long)v;
            break;
        case OPT_TARGET:
            if (!parse_u64(val, 1, INT_MAX, &v))
                return cli_usage_error(prog, "--target: \"%s\" is not a "
                                       "score", val);
            target = (int)v;
            break;
        case OPT_SIDE0:
        case OPT_SIDE1:
        case OPT_SIDE2:
            side_text[got - OPT_SIDE0] = val;
            break;
        case OPT_PLUGIN:
            plugin_path = val;
            break;
        case OPT_PLUGIN_ARGS:
            plug.args = val;
            break;
        case OPT_MIRROR:
            r.mirror = 1;
            break;
        case OPT_CSV:
        case OPT_JSON: {
            int f = got == OPT_CSV ? OUT_CSV : OUT_JSON;
            if (format != OUT_TEXT && format != f)
                return cli_usage_error(prog, "--csv and --json exclude each "
                                       "other");
            format = f;
            break;
        }
        case OPT_QUIET:
            quiet = 1;
            break;
        default:
            return cli_usage_error(prog, "%s: not handled", c.option);
        }
    }
    if (seed_from > UINT64_MAX - (games - 1))
        return cli_usage_error(prog, "--seed-from + --games goes past the "
                               "last seed (2^64-1)");

    /* The rules: the preset's sides, and the target (checked). */
    rc = canasta_rules_create(&rules, preset);
    if (rc == CANASTA_OK)
        rc = canasta_rules_get(&sides, rules, CANASTA_OPT_SIDES);
    if (rc == CANASTA_OK && target > 0) {
        int lo = 0, hi = 0;
        canasta_rules_option_range(&lo, &hi, rules, CANASTA_OPT_TARGET_SCORE);
        rc = canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, target);
        if (rc == CANASTA_E_RANGE) {
            canasta_rules_free(rules);
            return cli_usage_error(prog, "--target: out of range (%d to %d)",
                                   lo, hi);
        }
    }
    if (rc == CANASTA_OK)
        rc = canasta_rules_get(&target, rules, CANASTA_OPT_TARGET_SCORE);
    canasta_rules_free(rules);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "%s: cannot make the rules: %s\n", prog,
                canasta_strerror(rc));
        return 1;
    }
    if (sides < 2 || sides > MAX_SIDES) {
        fprintf(stderr, "%s: the %s game has %d sides; this program plays "
                "2 or 3\n", prog, preset_name(preset), sides);
        return 1;
    }
    r.preset = preset;
    r.target = target;
    r.sides = sides;
    for (s = 0; s < MAX_SIDES; s++) {
        char err[512], opt[16];
        snprintf(opt, sizeof opt, "--side%d", s);
        if (side_text[s] != NULL && s >= sides)
            return cli_usage_error(prog, "%s: the game has only %d sides",
                                   opt, sides);
        if (!parse_knobs(&r.player[s], side_text[s] ? side_text[s] : "",
                         err, sizeof err))
            return cli_usage_error(prog, "%s: %s", opt, err);
    }
    if (plug.args[0] && !plugin_path)
        return cli_usage_error(prog, "--plugin-args needs --plugin");
    if (strlen(plug.args) > 400)
        return cli_usage_error(prog, "--plugin-args: longer than 400 "
                               "characters");
    if (plugin_path) {
        if (side_text[0])
            return cli_usage_error(prog, "--side0 and --plugin exclude each "
                                   "other (the plugin is player A)");
        rc = load_plugin(&plug, plugin_path, r.plugin, sizeof r.plugin);
        if (rc != 0)
            return rc;
    }
    range.from = seed_from;
    range.count = games;
    r.seeds = &range;
    r.n_seeds = 1;

    if (threads == 0) {
        ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        threads = ncpu < 1 ? 1 : ncpu > MAX_THREADS ? MAX_THREADS : (int)ncpu;
    }
    rc = simulate(&r, plugin_path ? &plug : NULL, threads, max_moves,
                  !quiet && cli_stderr_is_terminal(), quiet);
    if (plug.dl)
        dlclose(plug.dl);
    if (rc != 0)
        return rc;
    print_report(&r, format);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the report\n", prog);
        return 2;
    }
    return 0;
}
