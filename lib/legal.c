/* legal.c - every legal move at the current decision, as a list
 * (canasta_legal_moves, cn_legal) or handed one by one to a function
 * (cn_legal_visit): the enumerator's candidates (enumerate.h), walked in
 * the list's order, with their cards picked.  Also the enumerator's out
 * of line helpers: picking a candidate's cards and its full check.
 * Nothing here allocates. */
#include <string.h>
#include "enumerate.h"

const int8_t cn_take_forms[4][3] = {
    { 0, 0, 0 }, { 2, 0, 0 }, { 1, 1, 0 }, { 1, 0, 1 }
};

void cn_fill_group(canasta_group *g, uint8_t *avail, int r, int k, int t,
                   int j)
{
    int n = 0;
    static const uint8_t black3[2] = { 12, 15 };
    if (r == 3) {
        for (int i = 0; i < 2; i++)
            for (; avail[black3[i]] && k > 0; k--, avail[black3[i]]--)
                g->cards[n++] = black3[i];
    } else {
        for (int s = 0; s < 4; s++)
            for (int c = r * 4 + s; avail[c] && k > 0; k--, avail[c]--)
                g->cards[n++] = (uint8_t)c;
    }
    for (int s = 0; s < 4; s++)
        for (int c = 8 + s; avail[c] && t > 0; t--, avail[c]--)
            g->cards[n++] = (uint8_t)c;
    for (; j > 0 && avail[CANASTA_JOKER]; j--, avail[CANASTA_JOKER]--)
        g->cards[n++] = CANASTA_JOKER;
    g->count = (uint8_t)n;
}

void cn_opening_reach(int reach[CN_RANKS], const uint8_t nat[CN_RANKS],
                      int skip)
{
    reach[15] = 0;
    for (int r = 14; r >= 4; r--) /* a select in arithmetic, as the counts
                                   * are unpredictable */
        reach[r] = reach[r + 1] +
                   (nat[r] * cn_value(CANASTA_CARD(r, 0)) &
                    -(int)((r != skip) & (nat[r] >= 2)));
}

/* n cards of the codes from, from + 1, ... (at most four) that hand
 * holds, lowest code first, into cards (with room for three more): the
 * count put.  A code is held at most three times (three packs), and no
 * group takes more than three wild cards, so each code's share is three
 * stores and a select, not a loop on unpredictable counts. */
static int take_codes(uint8_t *cards, const uint8_t *hand, int from,
                      int ncodes, int n)
{
    int put = 0;
    for (int i = 0; i < ncodes; i++) {
        const int held = hand[from + i], want = n - put;
        cards[put] = cards[put + 1] = cards[put + 2] = (uint8_t)(from + i);
        put += held < want ? held : want;
    }
    return put;
}

/* cn_fill_group of a single group from the whole hand, which it leaves
 * as it is. */
static void fill_one(canasta_group *g, const uint8_t *hand, int r, int k,
                     int t, int j)
{
    uint8_t cards[CANASTA_GROUP_MAX_CARDS + 3] = { 0 };
    int n;
    if (r == 3) { /* the black threes: clubs (12), then spades (15) */
        n = take_codes(cards, hand, 12, 1, k);
        n += take_codes(cards + n, hand, 15, 1, k - n);
    } else {
        n = take_codes(cards, hand, r * 4, 4, k);
    }
    /* Most groups hold no wild card: one test each, rather than the
     * twos' four codes and the joker's picked for nothing. */
    if (t)
        n += take_codes(cards + n, hand, 8, 4, t);
    if (j)
        n += take_codes(cards + n, hand, CANASTA_JOKER, 1, j);
    memcpy(g->cards, cards, sizeof g->cards); /* the bytes past n: 0s */
    g->count = (uint8_t)n;
}

/* Only the fields a move of its kind uses are written: the list's moves
 * and the player's are filled the same way (canasta_game_equal compares
 * the undo history, which encodes what a move uses). */
void cn_cand_move(canasta_move *m, const uint8_t *hand, const cn_cand *c)
{
    m->kind = c->kind;
    m->seat = c->seat;
    m->card = c->kind == CANASTA_MOVE_DISCARD
                  ? (uint8_t)cn_kind_card(hand, c->discard) : 0;
    m->ngroups = c->n;
    if (c->n == 0)
        return;
    if (c->n == 1) { /* one group: its cards straight from the hand */
        const cn_spec *g = &c->g[0];
        m->groups[0].rank = (uint8_t)g->r;
        fill_one(&m->groups[0], hand, g->r, g->k, g->t, g->j);
        return;
    }
    uint8_t avail[CANASTA_CARD_LIMIT];
    memcpy(avail, hand, sizeof avail);
    for (int i = 0; i < c->n; i++) {
        const cn_spec *g = &c->g[i];
        m->groups[i].rank = (uint8_t)g->r;
        cn_fill_group(&m->groups[i], avail, g->r, g->k, g->t, g->j);
    }
}

int cn_cand_check(const cn_state *st, const cn_cand *c)
{
    canasta_move m;
    cn_cand_move(&m, st->hand[c->seat], c);
    return cn_check(st, &m, NULL, 0) == CANASTA_OK;
}

/* ---- the list, and the moves handed to a function ---- */

typedef struct lister {
    const cn_state *st;
    canasta_move *out;
    size_t cap, n;
    cn_move_visitor visit; /* instead of out, when set */
    void *vctx;
} lister;

static void list_take(void *ctx, const cn_cand *c)
{
    lister *l = ctx;
    if (l->visit) {
        canasta_move m;
        cn_move_clear(&m); /* the function may copy the whole move */
        cn_cand_move(&m, l->st->hand[c->seat], c);
        l->visit(l->vctx, &m);
    } else if (l->n < l->cap) {
        cn_cand_move(&l->out[l->n], l->st->hand[c->seat], c);
    }
    l->n++;
}

/* The list's order, nothing skipped. */
static const cn_visitor list_visitor = { NULL, list_take, NULL, NULL, NULL,
                                          NULL, 0 };

size_t cn_legal(canasta_move *moves, size_t capacity, const cn_state *st)
{
    lister l = { st, moves, capacity, 0, NULL, NULL };
    cn_enumerate(st, &list_visitor, &l);
    return l.n;
}

size_t cn_legal_visit(const cn_state *st, cn_move_visitor visit, void *ctx)
{
    lister l = { st, NULL, 0, 0, visit, ctx };
    cn_enumerate(st, &list_visitor, &l);
    return l.n;
}

void cn_enumerate_with(const cn_state *st, const cn_visitor *v, void *ctx)
{
    cn_enumerate(st, v, ctx);
}

CANASTA_API int canasta_legal_moves(canasta_move *moves, size_t capacity,
                                    size_t *count, const canasta_game *game)
{
    if (!count || !game || (!moves && capacity))
        return CANASTA_E_NULL;
    *count = cn_legal(moves, capacity, &game->st);
    return *count > capacity ? CANASTA_E_BUFFER : CANASTA_OK;
}
