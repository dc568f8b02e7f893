/* pile.c - the state of the discard pile as every side sees it: frozen
 * (P3) and blocked (P2), decided by cn_rule_pile (rulebook.h) and kept in
 * the state.  Taking it: take.c (P1, P6, O3; P4 and P5 are
 * cn_rule_take_form). */
#include "rulebook.h"

void cn_pile_changed(cn_state *st)
{
    const int cards = cn_rule_pile_cards(st);
    for (int side = 0; side < st->p.sides; side++)
        st->k.pile[side] = (uint8_t)cn_rule_pile_side(cards,
                                                      st->opened[side]);
}

int cn_pile_pickup_count(const cn_state *st)
{
    int n = 0;
    for (int i = 0; i + 1 < st->pile_n; i++)
        n += !cn_is_red3(st->pile[i]);
    return n;
}
