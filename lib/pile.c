/* pile.c - the state of the discard pile: frozen (P3) and blocked (P2).
 * The checks on taking it (P1, P4-P6) are in take.c. */
#include "internal.h"

/* P3: frozen for everyone while it holds a wild card or the covered
 * red-three upcard; frozen against a side that has not opened.
 * P2: nobody may take it while a wild card or a black three is on top. */
int cn_pile_flags(const cn_state *st, int side)
{
    int f = 0;
    if (st->pile_wilds)
        f |= CANASTA_PILE_FROZEN_WILD;
    if (st->pile_red3)
        f |= CANASTA_PILE_FROZEN_RED_THREE;
    if (!st->opened[side])
        f |= CANASTA_PILE_FROZEN_UNOPENED;
    if (st->pile_n == 0) {
        f |= CANASTA_PILE_EMPTY;
    } else {
        int top = st->pile[st->pile_n - 1];
        if (cn_is_wild(top))
            f |= CANASTA_PILE_BLOCKED_WILD;
        else if (cn_is_black3(top))
            f |= CANASTA_PILE_BLOCKED_BLACK_THREE;
    }
    return f;
}

int cn_pile_frozen(const cn_state *st, int side)
{
    return st->pile_wilds || st->pile_red3 || !st->opened[side];
}

int cn_pile_pickup_count(const cn_state *st)
{
    int n = 0;
    for (int i = 0; i + 1 < st->pile_n; i++)
        n += !cn_is_red3(st->pile[i]);
    return n;
}
