/*
 * fuzz_position.c - canasta_game_from_position with arbitrary text
 * ("canasta-position 1", docs/NOTATION.md).
 *
 * The input is the text, passed with its length and no NUL.  A refusal:
 * no game, a known error code, an explanation naming the line.  An
 * accepted position: writing it and reading that back gives an equal game
 * (a read position is already normalised), every writer reads back
 * (fz_check_texts), all the game invariants hold — the reader must refuse
 * what no game can reach, so a position that passes it but breaks an
 * invariant (card counts, melds, scores, S6, pile flags) is a reader bug
 * — and the hand is played to its end with every check.  The same text
 * reads into the same game through a caller's allocator, and an
 * allocator that refuses a request gives E_NOMEM and no leak.
 */
#include "fuzz.h"

static int load_with(void **out, const uint8_t *text, size_t size,
                     canasta_alloc_fn alloc, canasta_release_fn release,
                     void *user)
{
    return canasta_game_from_position_with_allocator((canasta_game **)out,
        NULL, 0, (const char *)text, size, alloc, release, user);
}

static void free_game(void *g) { canasta_game_free(g); }

static void same_game(void *obj, void *ctx)
{
    int eq = 0;
    FZ_OK(canasta_game_equal(&eq, obj, ctx));
    FZ_CHECK(eq, "a position reads into another game with an allocator");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    canasta_game *g = NULL;
    int rc = canasta_game_from_position(&g, why, sizeof why,
                                        (const char *)data, size);
    fz_check_reader("canasta_game_from_position", rc, g, why, sizeof why);
    if (rc != CANASTA_OK)
        return 0;
    fz_check_reader_allocator("canasta_game_from_position", load_with,
                              free_game, same_game, g, data, size);
    char *text = NULL;
    size_t n;
    FZ_OK(canasta_game_position(&text, &n, g));
    canasta_game *again = NULL;
    rc = canasta_game_from_position(&again, why, sizeof why, text, n);
    FZ_CHECK(rc == CANASTA_OK, "rereading a written position: %s: %s\n%s",
             canasta_error_name(rc), why, text);
    int eq = 0;
    FZ_OK(canasta_game_equal(&eq, g, again));
    FZ_CHECK(eq, "a position read back differs from the game\n%s", text);
    canasta_game_free(again);
    canasta_free(text);
    fz_check_texts(g);
    fz_game *f = fz_game_adopt(g);
    FZ_CHECK(f != NULL, "out of memory");
    fz_game_finish_hand(f, 5000);
    fz_game_free(f);
    return 0;
}
