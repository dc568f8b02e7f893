/* move.c - building and comparing canasta_move values. */
#include <string.h>
#include "internal.h"

CANASTA_API size_t canasta_move_size(void)
{
    return sizeof(canasta_move);
}

CANASTA_API int canasta_move_init(canasta_move *move, int kind, int seat)
{
    if (!move)
        return CANASTA_E_NULL;
    memset(move, 0, sizeof *move);
    if (kind < 0 || kind > 255 || seat < 0 || seat > 255)
        return CANASTA_E_ARG;
    move->kind = (uint8_t)kind;
    move->seat = (uint8_t)seat;
    return CANASTA_OK;
}

CANASTA_API int canasta_move_add_group(int *group, canasta_move *move,
                                       int rank)
{
    if (!group || !move)
        return CANASTA_E_NULL;
    if (rank < 3 || rank > 14)
        return CANASTA_E_ARG;
    if (move->ngroups >= CANASTA_MOVE_MAX_GROUPS)
        return CANASTA_E_BUFFER;
    canasta_group *g = &move->groups[move->ngroups];
    memset(g, 0, sizeof *g);
    g->rank = (uint8_t)rank;
    *group = move->ngroups++;
    return CANASTA_OK;
}

CANASTA_API int canasta_move_add_card(canasta_move *move, int group, int card)
{
    if (!move)
        return CANASTA_E_NULL;
    if (group < 0 || group >= move->ngroups ||
        group >= CANASTA_MOVE_MAX_GROUPS)
        return CANASTA_E_ARG;
    if (!cn_valid_card(card))
        return CANASTA_E_CARD;
    canasta_group *g = &move->groups[group];
    if (g->count >= CANASTA_GROUP_MAX_CARDS)
        return CANASTA_E_BUFFER;
    g->cards[g->count++] = (uint8_t)card;
    return CANASTA_OK;
}

static int uses_groups(int kind)
{
    return kind == CANASTA_MOVE_MELD || kind == CANASTA_MOVE_TAKE_PILE;
}

CANASTA_API int canasta_move_equal(int *equal, const canasta_move *a,
                                   const canasta_move *b)
{
    if (!equal || !a || !b)
        return CANASTA_E_NULL;
    *equal = 0;
    if (a->kind != b->kind || a->seat != b->seat)
        return CANASTA_OK;
    if (a->kind == CANASTA_MOVE_DISCARD && a->card != b->card)
        return CANASTA_OK;
    if (uses_groups(a->kind)) {
        if (a->ngroups != b->ngroups || a->ngroups > CANASTA_MOVE_MAX_GROUPS)
            return CANASTA_OK;
        for (int g = 0; g < a->ngroups; g++) {
            const canasta_group *x = &a->groups[g], *y = &b->groups[g];
            int cnt[256] = { 0 };
            if (x->rank != y->rank || x->count != y->count ||
                x->count > CANASTA_GROUP_MAX_CARDS)
                return CANASTA_OK;
            for (int i = 0; i < x->count; i++) {
                cnt[x->cards[i]]++;
                cnt[y->cards[i]]--;
            }
            for (int i = 0; i < 256; i++)
                if (cnt[i])
                    return CANASTA_OK;
        }
    }
    *equal = 1;
    return CANASTA_OK;
}
