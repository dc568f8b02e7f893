/*
 * sim_plugin.c - a canasta-sim plugin for tests/sim_test.sh: the
 * reference player with the knobs its arguments set ("discard=2,...": knob
 * names and numbers),
 * so that "--plugin sim_plugin.so --plugin-args K" must report exactly
 * what "--side0 K" reports.  SIM_PLUGIN_SKEW=N in the environment makes it
 * claim a library version N higher, to test the version check.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"

int canasta_sim_plugin_version(void)
{
    const char *skew = getenv("SIM_PLUGIN_SKEW");
    return CANASTA_VERSION_NUMBER + (skew ? atoi(skew) : 0);
}

void *canasta_sim_plugin_create(const char *args, char *err, size_t errsize)
{
    canasta_player *p = NULL;
    if (canasta_player_create(&p) != CANASTA_OK) {
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
            canasta_player_free(p);
            return NULL;
        }
        memcpy(item, args, len);
        item[len] = '\0';
        eq = strchr(item, '=');
        if (eq)
            *eq++ = '\0';
        if (!eq || canasta_knob_from_name(&knob, item) != CANASTA_OK ||
            (v = strtol(eq, &stop, 10), *eq == '\0' || *stop != '\0') ||
            v < INT_MIN || v > INT_MAX ||
            canasta_player_set(p, knob, (int)v) != CANASTA_OK) {
            snprintf(err, errsize, "not a knob setting: %s", item);
            canasta_player_free(p);
            return NULL;
        }
        args = end ? end + 1 : NULL;
    }
    return p;
}

int canasta_sim_plugin_choose(void *state, canasta_move *move,
                              const canasta_game *game, uint64_t seed)
{
    return canasta_player_choose(move, state, game, seed);
}

void canasta_sim_plugin_free(void *state)
{
    canasta_player_free(state);
}
