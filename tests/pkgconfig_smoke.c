/*
 * Smoke test for an installed libcanasta, compiled with the flags from
 * "pkg-config --cflags --libs canasta" (see .ci/run).
 */
#include <stdio.h>
#include <canasta.h>

int main(void)
{
    canasta_rules *rules = NULL;
    canasta_game *game = NULL;
    int rc;

    printf("libcanasta %s\n", canasta_version_string());
    if (canasta_version() != CANASTA_VERSION_NUMBER) {
        fprintf(stderr, "version mismatch: library %u, header %u\n",
                canasta_version(), (unsigned)CANASTA_VERSION_NUMBER);
        return 1;
    }
    rc = canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "canasta_rules_create: %s\n", canasta_strerror(rc));
        return 1;
    }
    rc = canasta_game_create(&game, rules, 20240101u);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "canasta_game_create: %s\n", canasta_strerror(rc));
        canasta_rules_free(rules);
        return 1;
    }
    canasta_game_free(game);
    canasta_rules_free(rules);
    puts("pkg-config smoke test: ok");
    return 0;
}
