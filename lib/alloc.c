/* alloc.c - the per-object allocator (defaults to malloc/free). */
#include <stdlib.h>
#include "internal.h"

void *cn_alloc(canasta_alloc_fn a, void *user, size_t n)
{
    return a ? a(user, n) : malloc(n);
}

void cn_release(canasta_release_fn r, void *user, void *p)
{
    if (!p)
        return;
    if (r)
        r(user, p);
    else
        free(p);
}
