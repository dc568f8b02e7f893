/* load.c - a save or a position read into a new game
 * (canasta_game_load, canasta_game_from_position, with and without
 * _with_allocator; save.c and position_read.c read what follows the
 * header).  The opening is the one all three text loaders share
 * (cn_load_begin, position.h: the same arguments refused with the same
 * codes, why emptied first), and the allocator given (both functions or
 * neither) serves every block the loader makes, the game it hands out
 * included. */
#include "position.h"

/* The kind line and header tags (cn_read_header), and the game they
 * describe: allocated with the allocator given, its rules and seed set,
 * the rest of its state zero. */
static int load_header(canasta_game **g, cn_lines *r, const char *kind,
                       canasta_alloc_fn alloc, canasta_release_fn release,
                       void *user, char *why, size_t why_size)
{
    cn_params p;
    uint64_t seed;
    int rc = cn_read_header(r, kind, &p, &seed, why, why_size);
    if (rc)
        return rc;
    *g = cn_game_alloc(alloc, release, user, &p);
    if (!*g)
        return CANASTA_E_NOMEM;
    (*g)->st.p = p;
    (*g)->st.seed = seed;
    return CANASTA_OK;
}

int cn_load_game(canasta_game **out, const char *kind, cn_load_body body,
                 char *why, size_t why_size, const char *text, size_t length,
                 canasta_alloc_fn alloc, canasta_release_fn release,
                 void *user)
{
    int rc = cn_load_begin(why, why_size, out, text, alloc, release);
    if (out)
        *out = NULL;
    if (rc)
        return rc;
    /* The line buffer (4 KiB) from the allocator, not the stack. */
    cn_lines *r = cn_alloc(alloc, user, sizeof *r);
    if (!r)
        return CANASTA_E_NOMEM;
    canasta_game *g = NULL;
    cn_lines_init(r, text, length);
    rc = load_header(&g, r, kind, alloc, release, user, why, why_size);
    if (rc == CANASTA_OK)
        rc = body(g, r, why, why_size);
    cn_release(release, user, r);
    if (rc == CANASTA_OK)
        *out = g;
    else
        canasta_game_free(g);
    return rc;
}
