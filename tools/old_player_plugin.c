/*
 * old_player_plugin.c - a canasta-sim plugin whose player is the
 * reference player of an earlier libcanasta release (1.0.0 by default:
 * tools/old-player-match.sh builds it), to measure the current player
 * against it in a mirrored match (issue 19: the new player must not be
 * weaker).
 *
 * The plugin holds two libraries, both linked in with their names hidden:
 * the current one, of the canasta-sim it is loaded by, which writes the
 * position of the game it is given (canasta_game_position: the internal
 * layout of a game differs between releases, so the old code never reads
 * the game itself); and the old release, with every name it defines
 * renamed old_* (objcopy --redefine-syms), which reads that position and
 * chooses with its own reference player (old_canasta_player_choose).  The
 * move comes back in the public canasta_move layout, which 1.x keeps
 * (docs/ABI.md), and canasta-sim checks it with canasta_apply as it
 * checks every plugin's move.
 *
 * A position keeps everything the reference player reads (RULES.md A1:
 * the seat's hand, the table, the pile, the turn, the totals), so the old
 * player decides as it would in a game of its own.  The lines the old
 * reader does not know are left out: the header's "option
 * concealed-additions" (1.1; it changes how a concealed exit scores, not
 * what is legal) and "added-to-earlier-melds" (the same rule's turn
 * state).  Once a hand is over the one move, dealing the next, is made
 * here: the old reader would check how the hand ended by its own G3.
 *
 * Arguments (--plugin-args): knob settings as tests/sim_plugin.c takes
 * them ("discard=2,ask=0"), for the old player; none: its defaults.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"

/* The old release's functions used here, by their renamed names (the
 * 1.0 prototypes, which 1.x keeps: docs/ABI.md). */
typedef struct canasta_game old_game;
typedef struct canasta_player old_player;
int old_canasta_game_from_position(old_game **out, char *why,
                                   size_t why_size, const char *text,
                                   size_t length);
void old_canasta_game_free(old_game *game);
int old_canasta_player_create(old_player **out);
void old_canasta_player_free(old_player *player);
int old_canasta_player_set(old_player *player, int knob, int value);
int old_canasta_player_choose(canasta_move *move, const old_player *player,
                              const old_game *game, uint64_t seed);

int canasta_sim_plugin_version(void)
{
    return CANASTA_VERSION_NUMBER; /* the canasta-sim's: see above */
}

void *canasta_sim_plugin_create(const char *args, char *err, size_t errsize)
{
    old_player *p = NULL;
    if (old_canasta_player_create(&p) != CANASTA_OK) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    while (args && *args) {
        char item[64], *eq, *stop;
        const char *end = strchr(args, ',');
        size_t len = end ? (size_t)(end - args) : strlen(args);
        int knob = 0;
        long v;
        if (len >= sizeof item) {
            snprintf(err, errsize, "a setting longer than %d characters",
                     (int)sizeof item - 1);
            old_canasta_player_free(p);
            return NULL;
        }
        memcpy(item, args, len);
        item[len] = '\0';
        eq = strchr(item, '=');
        if (eq)
            *eq++ = '\0';
        /* knob names and numbers are the same in every 1.x release */
        if (!eq || canasta_knob_from_name(&knob, item) != CANASTA_OK ||
            (v = strtol(eq, &stop, 10), *eq == '\0' || *stop != '\0') ||
            v < INT_MIN || v > INT_MAX ||
            old_canasta_player_set(p, knob, (int)v) != CANASTA_OK) {
            snprintf(err, errsize, "not a knob setting: %s", item);
            old_canasta_player_free(p);
            return NULL;
        }
        args = end ? end + 1 : NULL;
    }
    return p;
}

/* Drop from text (length *n) every line starting with prefix. */
static void drop_lines(char *text, size_t *n, const char *prefix)
{
    const size_t plen = strlen(prefix);
    size_t r = 0, w = 0;
    while (r < *n) {
        const char *nl = memchr(text + r, '\n', *n - r);
        size_t len = nl ? (size_t)(nl - (text + r)) + 1 : *n - r;
        if (!(len >= plen && memcmp(text + r, prefix, plen) == 0)) {
            memmove(text + w, text + r, len);
            w += len;
        }
        r += len;
    }
    *n = w;
}

int canasta_sim_plugin_choose(void *state, canasta_move *move,
                              const canasta_game *game, uint64_t seed)
{
    char *text = NULL, why[256];
    size_t n = 0;
    old_game *old = NULL;
    int phase = 0, seat = 0;
    int rc = canasta_game_phase(&phase, game);
    if (rc == CANASTA_OK && phase == CANASTA_PHASE_HAND_OVER) {
        /* The only move, which every player makes: the old reader would
         * check the written ending by its own G3, which 1.1 changed. */
        rc = canasta_game_current_seat(&seat, game);
        if (rc == CANASTA_OK)
            rc = canasta_move_init(move, CANASTA_MOVE_NEXT_HAND, seat);
        return rc;
    }
    if (rc == CANASTA_OK)
        rc = canasta_game_position(&text, &n, game);
    if (rc != CANASTA_OK)
        return rc;
    drop_lines(text, &n, "option concealed-additions ");
    drop_lines(text, &n, "added-to-earlier-melds ");
    rc = old_canasta_game_from_position(&old, why, sizeof why, text, n);
    canasta_free(text);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "old_player_plugin: the old release refused the "
                "position: %s\n", why);
        return rc;
    }
    rc = old_canasta_player_choose(move, state, old, seed);
    old_canasta_game_free(old);
    return rc;
}

void canasta_sim_plugin_free(void *state)
{
    old_canasta_player_free(state);
}
