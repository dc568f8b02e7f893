/*
 * fuzz_save.c - canasta_game_load with arbitrary text ("canasta-save 1",
 * docs/NOTATION.md).
 *
 * The input is the text, passed with its length and no NUL, so a read
 * past the end is an ASan report.  A refusal: no game, a known error
 * code, an explanation naming the line.  A loaded game: every writer on
 * it reads back (fz_check_texts), all the game invariants hold
 * (fz_game_adopt runs fz_game_check), and its hand is played to the end
 * with every check after every move.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    canasta_game *g = NULL;
    int rc = canasta_game_load(&g, why, sizeof why, (const char *)data,
                               size);
    fz_check_reader("canasta_game_load", rc, g, why, sizeof why);
    if (rc != CANASTA_OK)
        return 0;
    fz_check_texts(g);
    fz_game *f = fz_game_adopt(g);
    FZ_CHECK(f != NULL, "out of memory");
    fz_game_finish_hand(f, 5000);
    fz_game_free(f);
    return 0;
}
