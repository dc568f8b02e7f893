/*
 * own_names.c - a program that defines functions and data with names the
 * library uses inside (cn_*, lib/internal.h), and plays a game through
 * the public API.  Linked with the installed libcanasta.a it must link
 * (the archive exports only the canasta_* names of lib/canasta.map) and
 * the library must never call these functions (tests/link_test.sh);
 * linked with the plain archive of the objects, it must not.
 *
 * The names are checked against the plain archive by the test, so a
 * renamed internal function shows up as a failure, not a test that
 * silently tests nothing.  Exit status 0: the game ended and none of these
 * was called by the library.
 */
#include <stddef.h>
#include <stdio.h>

#include "canasta.h"

static int calls;

/* Different types from the library's: the program's own business. */
int cn_check(void) { calls++; return 7; }
void *cn_alloc(size_t size) { (void)size; calls++; return NULL; }
int cn_deal(void) { calls++; return 0; }
int cn_game_play(void) { calls++; return 0; }
int cn_legal(void) { calls++; return 0; }
const int cn_values[3] = { 1, 2, 3 };

int main(void)
{
    canasta_rules *rules;
    canasta_game *game;
    canasta_player *player;
    int phase = 0, rc;
    long moves = 0;

    if (canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC) != CANASTA_OK ||
        canasta_game_create(&game, rules, 42u) != CANASTA_OK ||
        canasta_player_create(&player) != CANASTA_OK) {
        fprintf(stderr, "own_names: could not create a game\n");
        return 1;
    }
    /* A whole game: it deals, checks moves, scores, uses every part. */
    while (canasta_game_phase(&phase, game) == CANASTA_OK &&
           phase != CANASTA_PHASE_GAME_OVER && moves < 1000000) {
        rc = canasta_player_play(NULL, player, game, (uint64_t)moves++);
        if (rc != CANASTA_OK) {
            fprintf(stderr, "own_names: move %ld: %s\n", moves,
                    canasta_strerror(rc));
            return 1;
        }
    }
    canasta_player_free(player);
    canasta_game_free(game);
    canasta_rules_free(rules);
    if (phase != CANASTA_PHASE_GAME_OVER) {
        fprintf(stderr, "own_names: the game did not end\n");
        return 1;
    }
    if (calls != 0) {
        fprintf(stderr, "own_names: the library called the program's own "
                "cn_* functions %d times\n", calls);
        return 1;
    }
    /* The program's own names are its own. */
    if (cn_check() != 7 || cn_values[2] != 3) {
        fprintf(stderr, "own_names: cn_check or cn_values is not ours\n");
        return 1;
    }
    printf("own_names: a whole game of %ld moves; the library used none of "
           "the program's cn_* names\n", moves);
    return 0;
}
