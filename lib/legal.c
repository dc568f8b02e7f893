/* legal.c - every legal move at the current decision, in canonical form.
 *
 * Canonical means: naturals of one rank are interchangeable, so are the
 * twos and the black threes, and the lowest suits are named.  Once the
 * side has opened, a meld move holds one group (several groups are the
 * same as several moves).  Before it has opened, the enumerator lists the
 * minimal openings (no group could be left out and still reach the
 * minimum; more can be laid by later moves) and the whole-hand exits
 * that no minimal opening leads to (see whole_hand_exits), for a meld
 * and for a pile take alike.
 * Nothing here allocates. */
#include <string.h>
#include "rulebook.h"

const int8_t cn_take_forms[4][3] = {
    { 0, 0, 0 }, { 2, 0, 0 }, { 1, 1, 0 }, { 1, 0, 1 }
};

typedef struct emitter {
    canasta_move *out;
    size_t cap, n;
    cn_move_visitor visit; /* instead of out, when set */
    void *vctx;
} emitter;

static size_t legal_into(emitter *e, const cn_state *st);

static void emit(emitter *e, const canasta_move *m)
{
    if (e->visit) {
        e->visit(e->vctx, m);
    } else if (e->n < e->cap) {
        canasta_move *d = &e->out[e->n];
        d->kind = m->kind;
        d->seat = m->seat;
        d->card = m->card;
        d->ngroups = m->ngroups;
        for (int g = 0; g < m->ngroups; g++) {
            d->groups[g].rank = m->groups[g].rank;
            d->groups[g].count = m->groups[g].count;
            memcpy(d->groups[g].cards, m->groups[g].cards,
                   m->groups[g].count);
        }
    }
    e->n++;
}

static void simple(emitter *e, int kind, int seat, int card)
{
    canasta_move m;
    m.kind = (uint8_t)kind;
    m.seat = (uint8_t)seat;
    m.card = (uint8_t)card;
    m.ngroups = 0;
    emit(e, &m);
}

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

/* Give a group's cards back to avail. */
static void unfill_group(canasta_group *g, uint8_t *avail)
{
    for (int i = 0; i < g->count; i++)
        avail[g->cards[i]]++;
    g->count = 0;
}

typedef struct ctx {
    const cn_state *st;
    emitter *e;
    int seat, side;
    uint8_t avail[CANASTA_CARD_LIMIT]; /* hand cards not in the move yet */
    const uint8_t *nat;     /* the hand by kind (cn_kept.held) */
    int twos, jokers, b3;
    int minimum;
    canasta_move m;         /* the move being built */
    int gval[CANASTA_MOVE_MAX_GROUPS];
    uint8_t fixed_groups;   /* groups that may not be dropped (take: 1);
                             * unsigned, or gcc -O3 fears a negative index */
    int reach[CN_RANKS];    /* cn_opening_reach of the search under way */
} ctx;

static void ctx_init(ctx *c, const cn_state *st, emitter *e)
{
    memset(c, 0, sizeof *c);
    c->st = st;
    c->e = e;
    c->seat = st->cur;
    c->side = st->side_of[c->seat];
    memcpy(c->avail, st->hand[c->seat], sizeof c->avail);
    c->nat = st->k.held[c->seat];
    c->twos = c->nat[2];
    c->jokers = c->nat[15];
    c->b3 = c->nat[3];
    c->minimum = cn_seat_minimum(st, c->seat);
}

static void emit_if_legal(ctx *c)
{
    if (cn_check(c->st, &c->m, NULL, 0) == CANASTA_OK)
        emit(c->e, &c->m);
}

/* ---- openings (O1-O3) ---- */


/* Pick the cards of every group (in order, so two groups never name the
 * same two), check what the construction does not guarantee, emit. */
static void opening_leaf(ctx *c, const cn_spec *sp, int n, int value)
{
    for (int g = c->fixed_groups; g < n; g++)
        if (value - c->gval[g] >= c->minimum)
            return; /* not minimal: group g could be laid later */
    uint8_t avail[CANASTA_CARD_LIMIT];
    memcpy(avail, c->avail, sizeof avail);
    int used = 0;
    for (int g = 0; g < n; g++) {
        canasta_group *gr = &c->m.groups[g];
        gr->rank = (uint8_t)sp[g].r;
        cn_fill_group(gr, avail, sp[g].r, sp[g].k, sp[g].t, sp[g].j);
        used += gr->count;
    }
    c->m.ngroups = (uint8_t)n;
    if (c->m.kind == CANASTA_MOVE_TAKE_PILE) {
        emit_if_legal(c);
        return;
    }
    /* The groups are legal melds of cards in the hand reaching the
     * minimum by construction; what is left is cn_rule_after_meld, which
     * the full check decides when it may refuse. */
    if (cn_rule_after_meld(0, c->st->hand_n[c->seat] - used,
                           c->st->permission) == CN_ALLOWED)
        emit(c->e, &c->m);
    else
        emit_if_legal(c);
}

void cn_opening_reach(int reach[CN_RANKS], const uint8_t nat[CN_RANKS],
                      int skip)
{
    reach[15] = 0;
    for (int r = 14; r >= 4; r--)
        reach[r] = reach[r + 1] +
            (r != skip && nat[r] >= 2 ? nat[r] * cn_value(CANASTA_CARD(r, 0))
                                      : 0);
}

/* The most that ranks from..ace and the wild cards left could add (the
 * search never changes nat[], so its part is c->reach). */
static int opening_reach(const ctx *c, int from)
{
    return c->twos * 20 + c->jokers * 50 + c->reach[from];
}

/* Add groups of ranks from..ace until the minimum is reached.  Each level
 * adds a group of a higher rank, so the recursion is at most
 * CANASTA_MOVE_MAX_GROUPS deep. */
/* NOLINTNEXTLINE(misc-no-recursion): depth bounded as said above */
static void opening_dfs(ctx *c, cn_spec *sp, int n, int from, int value,
                        int skip)
{
    if (value >= c->minimum) {
        opening_leaf(c, sp, n, value);
        return;
    }
    if (n >= CANASTA_MOVE_MAX_GROUPS ||
        value + opening_reach(c, from) < c->minimum)
        return;
    for (int r = from; r <= 14; r++) {
        if (r == skip || c->nat[r] < 2)
            continue;
        int v = cn_value(CANASTA_CARD(r, 0));
        for (int k = 2; k <= c->nat[r]; k++)
            for (int t = 0; t <= c->twos && t <= 3; t++)
                for (int j = 0; j <= c->jokers && t + j <= 3; j++) {
                    if (k + t + j < 3)
                        continue; /* M1: three cards at least */
                    sp[n].r = (int8_t)r;
                    sp[n].k = (int8_t)k;
                    sp[n].t = (int8_t)t;
                    sp[n].j = (int8_t)j;
                    c->gval[n] = k * v + t * 20 + j * 50;
                    c->twos -= t;
                    c->jokers -= j;
                    opening_dfs(c, sp, n + 1, r + 1, value + c->gval[n],
                                skip);
                    c->twos += t;
                    c->jokers += j;
                }
    }
}

/* ---- exits: the whole rest of the hand in one move ---- */

/* An unopened side sometimes can go out only by melding its whole hand
 * in one move: when the opening reaches the minimum only with the black
 * threes (M6 allows them only in the move that goes out), or only through
 * the G3 waiver.  Every other exit can be played one group at a time after
 * a minimal opening, so only these are listed, each with every spread of
 * the wild cards over the melds.  The hand holds little value then (under
 * the minimum without its black threes), so the list stays short.  A pile
 * take can be such an exit too (O3 counts its groups; no waiver there):
 * its first meld is the top card's, and the cards it picks up from under
 * the top stay in the hand (red threes are laid out: R2), so it can only
 * leave one card or none when at most one other card lies under the top. */
typedef struct exit_target {
    int8_t rank, room;
} exit_target;

typedef struct exit_ctx {
    ctx *c;
    exit_target tg[CN_RANKS];
    int ntg;
    int8_t t[CN_RANKS], j[CN_RANKS];
    int nat[CN_RANKS], b3;
} exit_ctx;

static void exit_emit(exit_ctx *x)
{
    ctx *c = x->c;
    canasta_move *m = &c->m;
    uint8_t avail[CANASTA_CARD_LIMIT];
    memcpy(avail, c->avail, sizeof avail);
    m->ngroups = 0;
    for (int i = 0; i < x->ntg; i++) {
        int r = x->tg[i].rank, k = x->nat[r];
        if (k + x->t[i] + x->j[i] == 0)
            continue;
        if (m->ngroups >= CANASTA_MOVE_MAX_GROUPS)
            return;
        canasta_group *g = &m->groups[m->ngroups];
        g->rank = (uint8_t)r;
        cn_fill_group(g, avail, r, k, x->t[i], x->j[i]);
        m->ngroups++;
    }
    if (x->b3) {
        if (m->ngroups >= CANASTA_MOVE_MAX_GROUPS)
            return;
        canasta_group *g = &m->groups[m->ngroups];
        g->rank = 3;
        cn_fill_group(g, avail, 3, x->b3, 0, 0);
        m->ngroups++;
    }
    emit_if_legal(c);
}

/* One level per meld of the exit: at most one per rank 4..ace. */
/* NOLINTNEXTLINE(misc-no-recursion): depth bounded by the number of ranks */
static void exit_wilds(exit_ctx *x, int i, int twos, int jokers)
{
    if (i == x->ntg) {
        if (twos == 0 && jokers == 0)
            exit_emit(x);
        return;
    }
    int room = x->tg[i].room;
    for (int t = 0; t <= twos && t <= room; t++)
        for (int j = 0; j <= jokers && t + j <= room; j++) {
            x->t[i] = (int8_t)t;
            x->j[i] = (int8_t)j;
            exit_wilds(x, i + 1, twos - t, jokers - j);
        }
}

/* c->m.kind says which: a MELD, or a TAKE_PILE of a top card of rank
 * top_rank (its value top_value) over `under` cards that would join the
 * hand.  A take's first group is the top card's rank, as
 * cn_rule_take_form allows it on a pile frozen for the side (an unopened
 * side's always is: cn_rule_pile). */
static void whole_hand_exits(ctx *c, int top_rank, int top_value, int under)
{
    const int take = c->m.kind == CANASTA_MOVE_TAKE_PILE;
    exit_ctx x;
    memset(&x, 0, sizeof x);
    x.c = c;
    /* keep back nothing, or one card of a class: 2 twos, 3 black threes,
     * 4..14 naturals, 15 the joker; the hand is left with that card and
     * those picked up, one at most (G1) */
    for (int d = 0; d <= 15 && under + (d != 0) <= 1; d++) {
        int twos = c->twos, jokers = c->jokers;
        for (int r = 0; r < CN_RANKS; r++)
            x.nat[r] = c->nat[r];
        x.b3 = c->b3;
        if (d == 2) { if (!twos) continue; twos--; }
        else if (d == 3) { if (!x.b3) continue; x.b3--; }
        else if (d >= 4 && d <= 14) { if (!x.nat[d]) continue; x.nat[d]--; }
        else if (d == 15) { if (!jokers) continue; jokers--; }
        else if (d != 0) continue;
        if (x.b3 != 0 && x.b3 != 3 && x.b3 != 4)
            continue;
        /* A take counts only with the black threes (no waiver), and its
         * first meld holds every natural of the top card's rank. */
        if (take && (x.b3 == 0 ||
                     cn_rule_take_form(cn_pile_frozen(c->st, c->side), 0,
                                       x.nat[top_rank], 0) != CN_ALLOWED))
            continue;
        /* The side has no melds yet: every rank held becomes a new meld,
         * so a lone natural makes the exit impossible. */
        int ok = 1, value = top_value + twos * 20 + jokers * 50;
        x.ntg = 0;
        if (take) {
            x.tg[0].rank = (int8_t)top_rank;
            x.tg[0].room = 3;
            x.ntg = 1;
            value += x.nat[top_rank] * top_value;
        }
        for (int r = 4; r <= 14; r++) {
            if (take && r == top_rank)
                continue;
            if (x.nat[r] == 1)
                ok = 0;
            if (x.nat[r] >= 2) {
                x.tg[x.ntg].rank = (int8_t)r;
                x.tg[x.ntg].room = 3;
                x.ntg++;
                value += x.nat[r] * cn_value(CANASTA_CARD(r, 0));
            }
        }
        /* At or above the minimum without the black threes, the exit can
         * be played group by group after a minimal opening. */
        if (!ok || x.ntg + (x.b3 > 0) == 0 || value >= c->minimum)
            continue;
        exit_wilds(&x, 0, twos, jokers);
    }
}

/* ---- the draw phase ---- */

static void take_variants(ctx *c)
{
    const cn_state *st = c->st;
    if (cn_pile_flags(st, c->side) & CN_PILE_NO_TAKE)
        return; /* cn_rule_pile */
    int top = st->pile[st->pile_n - 1];
    int r = cn_rank(top);
    canasta_move *m = &c->m;
    m->kind = CANASTA_MOVE_TAKE_PILE;
    m->seat = (uint8_t)c->seat;
    m->card = 0;
    m->ngroups = 1;
    canasta_group *g = &m->groups[0];
    g->rank = (uint8_t)r;

    const int frozen = cn_pile_frozen(st, c->side);
    const int has_meld = st->k.meld_size[c->side][r] > 0;
    if (!st->opened[c->side]) {
        /* Frozen against the side (cn_rule_pile): the top card's group
         * as cn_rule_take_form allows it (a natural pair at least), then
         * as much as the opening needs (O3).  The top card is not in the
         * hand, so groups[0] names only the hand cards. */
        cn_spec sp[CANASTA_MOVE_MAX_GROUPS];
        int v = cn_value(top), nv = cn_value(CANASTA_CARD(r, 0));
        c->fixed_groups = 1;
        cn_opening_reach(c->reach, c->nat, r);
        for (int k = 0; k <= c->nat[r]; k++)
            for (int t = 0; t <= c->twos && t <= 3; t++)
                for (int j = 0; j <= c->jokers && t + j <= 3; j++) {
                    if (cn_rule_take_form(frozen, has_meld, k, t + j) !=
                        CN_ALLOWED)
                        continue;
                    sp[0].r = (int8_t)r;
                    sp[0].k = (int8_t)k;
                    sp[0].t = (int8_t)t;
                    sp[0].j = (int8_t)j;
                    c->gval[0] = v + k * nv + t * 20 + j * 50;
                    c->twos -= t;
                    c->jokers -= j;
                    opening_dfs(c, sp, 1, 4, c->gval[0], r);
                    c->twos += t;
                    c->jokers += j;
                }
        /* The takes that go out and count only with black threes. */
        int under = cn_pile_pickup_count(st);
        if (c->b3 >= 3 && under <= 1)
            whole_hand_exits(c, r, v, under);
        return;
    }
    for (int i = 0; i < 4; i++) {
        if (!cn_take_form_listed(i, frozen, has_meld))
            continue;
        const int8_t *form = cn_take_forms[i];
        if (c->nat[r] < form[0] || c->twos < form[1] || c->jokers < form[2])
            continue;
        cn_fill_group(g, c->avail, r, form[0], form[1], form[2]);
        emit_if_legal(c);
        unfill_group(g, c->avail);
    }
}

static void draw_phase(ctx *c)
{
    const cn_state *st = c->st;
    if (st->stock_n > 0)
        simple(c->e, CANASTA_MOVE_DRAW, c->seat, 0);
    take_variants(c);
    if (st->stock_n == 0) {
        canasta_move m;
        m.kind = CANASTA_MOVE_DECLINE;
        m.seat = (uint8_t)c->seat;
        m.card = 0;
        m.ngroups = 0;
        if (cn_check(st, &m, NULL, 0) == CANASTA_OK)
            emit(c->e, &m);
    }
}

/* ---- the play phase ---- */

static void single_groups(ctx *c)
{
    const cn_state *st = c->st;
    int hn = st->hand_n[c->seat], perm = st->permission;
    canasta_move *m = &c->m;
    m->kind = CANASTA_MOVE_MELD;
    m->seat = (uint8_t)c->seat;
    m->card = 0;
    m->ngroups = 1;
    canasta_group *g = &m->groups[0];
    const uint8_t *size = st->k.meld_size[c->side];
    const uint8_t *wild = st->k.meld_wild[c->side];
    for (int r = 4; r <= 14; r++) {
        int exists = size[r] > 0;
        if (!exists && c->nat[r] < 2)
            continue;
        int room = cn_wild_room(wild[r]);
        g->rank = (uint8_t)r;
        for (int k = exists ? 0 : 2; k <= c->nat[r]; k++)
            for (int t = 0; t <= c->twos && t <= room; t++)
                for (int j = 0; j <= c->jokers && t + j <= room; j++) {
                    int used = k + t + j;
                    if (used == 0 || (!exists && used < 3))
                        continue;
                    cn_fill_group(g, c->avail, r, k, t, j);
                    /* The group is a legal meld by construction; when
                     * cn_rule_after_meld may refuse it (one card or none
                     * left, or after a yes) the full check decides. */
                    if (cn_rule_after_meld(0, hn - used, perm) ==
                            CN_ALLOWED ||
                        cn_check(st, m, NULL, 0) == CANASTA_OK)
                        emit(c->e, m);
                    unfill_group(g, c->avail);
                }
    }
    /* Black threes: only in the move that goes out (cn_rule_after_meld). */
    for (int k = 3; k <= c->b3 && k <= 4; k++) {
        if (cn_rule_after_meld(1, hn - k, perm) == CN_REFUSED_M6_NOT_OUT)
            continue;
        g->rank = 3;
        cn_fill_group(g, c->avail, 3, k, 0, 0);
        emit_if_legal(c);
        unfill_group(g, c->avail);
    }
}

static void discards(ctx *c)
{
    const cn_state *st = c->st;
    if (cn_rule_discard(st->hand_n[c->seat], st->permission,
                        st->k.canastas[c->side],
                        st->p.canastas_to_go_out) != CN_ALLOWED)
        return;
    /* One card per interchangeable kind, lowest code first: the kinds
     * (cn_kind) held, in the order of their codes. */
    const cn_kept *k = &st->k;
    uint32_t kinds = (uint32_t)(k->held_one[c->seat] |
                                k->held_more[c->seat]) & 0xFFFCu;
    for (; kinds; kinds &= kinds - 1)
        simple(c->e, CANASTA_MOVE_DISCARD, c->seat,
               cn_kind_card(c->avail, cn_lowest_bit(kinds)));
}

static void play_phase(ctx *c)
{
    const cn_state *st = c->st;
    int ask = cn_rule_ask(st, c->seat);
    if (ask & CN_UNLESS_OUT)
        ask = cn_unless_out(ask, cn_seat_out_kept(st, c->seat));
    if (ask == CN_ALLOWED)
        simple(c->e, CANASTA_MOVE_ASK, c->seat, 0);
    if (st->opened[c->side]) {
        single_groups(c);
    } else {
        c->m.kind = CANASTA_MOVE_MELD;
        c->m.seat = (uint8_t)c->seat;
        c->m.card = 0;
        c->m.ngroups = 0;
        c->fixed_groups = 0;
        cn_spec sp[CANASTA_MOVE_MAX_GROUPS];
        cn_opening_reach(c->reach, c->nat, 0);
        opening_dfs(c, sp, 0, 4, 0, 0);
        if (cn_seat_out_kept(st, c->seat))
            whole_hand_exits(c, 0, 0, 0);
    }
    discards(c);
}

CANASTA_API int canasta_legal_moves(canasta_move *moves, size_t capacity,
                                    size_t *count, const canasta_game *game)
{
    if (!count || !game || (!moves && capacity))
        return CANASTA_E_NULL;
    *count = cn_legal(moves, capacity, &game->st);
    return *count > capacity ? CANASTA_E_BUFFER : CANASTA_OK;
}

size_t cn_legal(canasta_move *moves, size_t capacity, const cn_state *st)
{
    emitter e = { moves, capacity, 0, NULL, NULL };
    return legal_into(&e, st);
}

size_t cn_legal_visit(const cn_state *st, cn_move_visitor visit, void *ctx)
{
    emitter e = { NULL, 0, 0, visit, ctx };
    return legal_into(&e, st);
}

static size_t legal_into(emitter *e, const cn_state *st)
{
    ctx c;
    switch (st->phase) {
    case CANASTA_PHASE_DRAW:
        ctx_init(&c, st, e);
        draw_phase(&c);
        break;
    case CANASTA_PHASE_PLAY:
        ctx_init(&c, st, e);
        play_phase(&c);
        break;
    case CANASTA_PHASE_ANSWER:
        simple(e, CANASTA_MOVE_ANSWER_YES, st->cur, 0);
        simple(e, CANASTA_MOVE_ANSWER_NO, st->cur, 0);
        break;
    case CANASTA_PHASE_HAND_OVER:
        simple(e, CANASTA_MOVE_NEXT_HAND, st->cur, 0);
        break;
    default:
        break;
    }
    return e->n;
}
