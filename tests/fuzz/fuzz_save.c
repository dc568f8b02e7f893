/*
 * fuzz_save.c - canasta_game_load with arbitrary text ("canasta-save 1",
 * docs/NOTATION.md).
 *
 * The input is the text, passed with its length and no NUL, so a read
 * past the end is an ASan report.  A refusal: no game, a known error
 * code, an explanation naming the line.  A loaded game: every writer on
 * it reads back (fz_check_texts), all the game invariants hold
 * (fz_game_adopt runs fz_game_check), and its hand is played to the end
 * with every check after every move.  The same text loads into the same
 * game through a caller's allocator, and an allocator that refuses a
 * request gives E_NOMEM and no leak (fz_check_reader_allocator).
 */
#include "fuzz.h"

static int load_with(void **out, const uint8_t *text, size_t size,
                     canasta_alloc_fn alloc, canasta_release_fn release,
                     void *user)
{
    return canasta_game_load_with_allocator((canasta_game **)out, NULL, 0,
                                            (const char *)text, size, alloc,
                                            release, user);
}

static void free_game(void *g) { canasta_game_free(g); }

/* The game loaded through the allocator is the one loaded without. */
static void same_game(void *obj, void *ctx)
{
    int eq = 0;
    FZ_OK(canasta_game_equal(&eq, obj, ctx));
    FZ_CHECK(eq, "a save loads into another game with an allocator");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    canasta_game *g = NULL;
    int rc = canasta_game_load(&g, why, sizeof why, (const char *)data,
                               size);
    fz_check_reader("canasta_game_load", rc, g, why, sizeof why);
    if (rc != CANASTA_OK)
        return 0;
    fz_check_reader_allocator("canasta_game_load", load_with, free_game,
                              same_game, g, data, size);
    fz_check_texts(g);
    fz_game *f = fz_game_adopt(g);
    FZ_CHECK(f != NULL, "out of memory");
    fz_game_finish_hand(f, 5000);
    fz_game_free(f);
    return 0;
}
