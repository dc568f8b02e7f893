/* history.c - the moves of the current hand, kept so that undo (A3) can
 * re-deal the hand and replay all but the last move, and the compact
 * encoding of a move that the history and records (record.c) share:
 * kind, seat, card, ngroups, then rank, count and cards of each group,
 * followed by one byte holding the move's own length so the last one can
 * be dropped. */
#include <string.h>
#include "internal.h"

/* A hand has at most one stock draw per stock card and one pile take per
 * card melded, so at most deck_size * 2 turns; each turn is at most a
 * draw or take, an ask, an answer and a discard (5 bytes each with the
 * length byte), and all the meld moves of a hand together lay at most the
 * deck (each meld move costs at most 5 + 2 * groups + cards bytes).  The
 * capacity below is comfortably above that bound. */
size_t cn_history_capacity(const cn_params *p)
{
    size_t deck = (size_t)p->deck_size;
    return deck * 2 * 4 * 5 + deck * (5 + 2 + 1) + 64;
}

size_t cn_move_encoded_size(const canasta_move *m)
{
    size_t n = 4;
    if (m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE)
        for (int g = 0; g < m->ngroups; g++)
            n += 2 + m->groups[g].count;
    return n + 1;
}

size_t cn_move_encode(uint8_t *p, const canasta_move *m)
{
    size_t n = 0;
    int groups = (m->kind == CANASTA_MOVE_MELD ||
                  m->kind == CANASTA_MOVE_TAKE_PILE) ? m->ngroups : 0;
    p[n++] = m->kind;
    p[n++] = m->seat;
    p[n++] = m->kind == CANASTA_MOVE_DISCARD ? m->card : 0;
    p[n++] = (uint8_t)groups;
    for (int i = 0; i < groups; i++) {
        const canasta_group *gr = &m->groups[i];
        p[n++] = gr->rank;
        p[n++] = gr->count;
        memcpy(p + n, gr->cards, gr->count);
        n += gr->count;
    }
    p[n] = (uint8_t)n;
    return n + 1;
}

size_t cn_move_decode(const uint8_t *p, canasta_move *m)
{
    size_t n = 4;
    canasta_move_init(m, p[0], p[1]);
    m->card = p[2];
    m->ngroups = p[3];
    for (int i = 0; i < m->ngroups; i++) {
        canasta_group *gr = &m->groups[i];
        gr->rank = p[n++];
        gr->count = p[n++];
        memcpy(gr->cards, p + n, gr->count);
        n += gr->count;
    }
    return n + 1;
}

void cn_history_push(canasta_game *g, const canasta_move *m)
{
    g->hist_len += cn_move_encode(g->hist + g->hist_len, m);
}

int cn_history_next(const canasta_game *g, size_t *pos, canasta_move *m)
{
    if (*pos >= g->hist_len)
        return 0;
    *pos += cn_move_decode(g->hist + *pos, m);
    return 1;
}
