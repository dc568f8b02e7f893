/* facts.c - the facts kept in the game state (cn_kept, internal.h): made
 * from the cards, and checked against them.
 *
 * Moves keep the facts up to date as they move cards (cn_hand_add and
 * cn_hand_remove, cn_meld_lay, cn_pile_changed); everything else that
 * builds a state (the deal, a position read, a view, a determinized
 * world) makes them again here, from the cards, with cn_facts_rebuild.
 * The two ways must agree: cn_facts_check compares them, and the tests
 * ask it after every move of many games (tests/test_facts.c). */
#include <stddef.h>
#include <string.h>
#include "rulebook.h"

/* cn_state has no implicit padding (canasta_game_equal compares states
 * with memcmp): the kept facts fill a whole number of 8-byte words, and
 * the state ends with the event cards. */
typedef char cn_kept_fills_words[sizeof(cn_kept) % 8 == 0 ? 1 : -1];
typedef char cn_state_unpadded[sizeof(cn_state) ==
                                       offsetof(cn_state, ev_cards) +
                                           CN_EVENT_CARDS
                                   ? 1
                                   : -1];

/* By rank, a rank's four suits at once (cn_sum4); the threes by colour.
 * The same as adding up cn_kind and cn_value card by card (codes 8..60;
 * no other code is ever held). */
void cn_hand_kinds(uint8_t kinds[CN_RANKS], int *value, const uint8_t *hand)
{
    int v = 0;
    kinds[0] = 0;
    kinds[1] = (uint8_t)(hand[13] + hand[14]);
    kinds[2] = (uint8_t)cn_sum4(hand + 8);
    kinds[3] = (uint8_t)(hand[12] + hand[15]);
    for (int r = 4; r <= 14; r++) {
        kinds[r] = (uint8_t)cn_sum4(hand + r * 4);
        v += kinds[r] * cn_value(r * 4);
    }
    kinds[15] = hand[CANASTA_JOKER];
    *value = v + kinds[2] * cn_value(8) + kinds[3] * cn_value(12) +
             kinds[15] * cn_value(CANASTA_JOKER);
}

/* The facts of side's melds, from the melds, into k. */
static void melds_of(cn_kept *k, const cn_state *st, int side)
{
    k->canastas[side] = 0;
    k->melded[side] = 0;
    memset(k->meld_size[side], 0, CN_RANKS);
    memset(k->meld_wild[side], 0, CN_RANKS);
    for (int r = 3; r <= 14; r++) {
        const cn_meld *m = &st->melds[side][r];
        int size = cn_meld_size(m);
        k->meld_size[side][r] = (uint8_t)size;
        k->meld_wild[side][r] = (uint8_t)(m->twos + m->jokers);
        k->canastas[side] = (uint8_t)(k->canastas[side] +
                                      cn_rule_canasta(size));
        k->melded[side] = (uint16_t)(k->melded[side] | (size > 0) << r);
    }
}

/* Every fact of st, from its cards, into k (which may be st->k).  Seats
 * and sides the game does not have keep facts of 0, as their empty hands
 * and tables have (cn_pile_changed renews only the game's sides). */
static void recount(cn_kept *k, const cn_state *st)
{
    memset(k, 0, sizeof *k);
    for (int s = 0; s < st->p.players; s++) {
        int v;
        cn_hand_kinds(k->held[s], &v, st->hand[s]);
        k->hand_value[s] = (uint16_t)v;
    }
    for (int side = 0; side < st->p.sides; side++) {
        melds_of(k, st, side);
        k->pile[side] = (uint8_t)cn_rule_pile(st, side);
    }
}

void cn_facts_rebuild(cn_state *st)
{
    recount(&st->k, st);
}

void cn_facts_empty(cn_state *st)
{
    /* cppcheck-suppress unassignedVariable ; zero: see cn_move_clear */
    static const cn_kept none;
    st->k = none; /* recount() of an empty table, but the pile's bits */
}

int cn_facts_check(const cn_state *st)
{
    cn_kept k;
    recount(&k, st);
    return memcmp(&k, &st->k, sizeof k) == 0;
}

void cn_facts_melds(cn_state *st, int side)
{
    melds_of(&st->k, st, side);
}
