/*
 * main.c - the program tests/link_test.sh builds against an installed
 * libcanasta in each way the README gives (pkg-config with an rpath,
 * static linking, CMake's find_package): it checks that the header and
 * the library it runs with agree, and lets the reference player make a
 * move.
 */
#include <stdio.h>

#include <canasta.h>

int main(void)
{
    canasta_rules *rules;
    canasta_game *game;
    canasta_player *player;
    canasta_move move;
    char text[CANASTA_MOVE_TEXT_MAX];

    if (canasta_version() != CANASTA_VERSION_NUMBER) {
        fprintf(stderr, "version mismatch: library %u, header %u\n",
                canasta_version(), (unsigned)CANASTA_VERSION_NUMBER);
        return 1;
    }
    if (canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC) != CANASTA_OK ||
        canasta_game_create(&game, rules, 1u) != CANASTA_OK ||
        canasta_player_create(&player) != CANASTA_OK ||
        canasta_player_play(&move, player, game, 1u) != CANASTA_OK ||
        canasta_move_to_string(text, sizeof text, &move) != CANASTA_OK) {
        fprintf(stderr, "could not play a move\n");
        return 1;
    }
    printf("libcanasta %s: %s\n", canasta_version_string(), text);
    canasta_player_free(player);
    canasta_game_free(game);
    canasta_rules_free(rules);
    return 0;
}
