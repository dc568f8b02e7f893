/* search.c - support for search and learning (issue: computer players,
 * item 4): actions that name moves by card kind, a hash of a seat's
 * information set, and determinization (every card a seat cannot see
 * dealt again at random, consistently with what it has seen).
 * docs/SEARCH.md documents the encodings. */
#include <stddef.h>
#include <string.h>
#include "position.h" /* cn_position_normalize */
#include "rulebook.h"
#include "rng.h"
#include "state_check.h"

/* ---- actions ---- */

/* The dense index of a card kind among discards: twos, black threes,
 * ranks 4 to ace, jokers. */
static int discard_kind(int card)
{
    if (card == CANASTA_JOKER)
        return 13;
    int r = cn_rank(card);
    return r == 2 ? 0 : r == 3 ? 1 : r - 2;
}

/* The ten ways a group can hold at most three wild cards (twos t,
 * jokers j, t + j <= 3), in a fixed order; -1 for more. */
static int wild_combo(int t, int j)
{
    static const int8_t idx[4][4] = {
        { 0, 1, 2, 3 }, { 4, 5, 6, -1 }, { 7, 8, -1, -1 }, { 9, -1, -1, -1 }
    };
    if (t < 0 || j < 0 || t > 3 || j > 3)
        return -1;
    return idx[t][j];
}

typedef struct group_kinds {
    int rank, naturals, twos, jokers;
} group_kinds;

static int group_kinds_of(group_kinds *k, const canasta_group *g)
{
    k->rank = g->rank;
    k->naturals = k->twos = k->jokers = 0;
    for (int i = 0; i < g->count; i++) {
        int c = g->cards[i];
        if (!cn_valid_card(c))
            return CANASTA_E_CARD;
        if (c == CANASTA_JOKER)
            k->jokers++;
        else if (cn_rank(c) == 2)
            k->twos++;
        else if (cn_rank(c) == g->rank && !cn_is_red3(c))
            k->naturals++;
        else
            return CANASTA_E_MOVE; /* not a card of this group's rank */
    }
    return CANASTA_OK;
}

/* One group's dense index: (rank - 3) * 130 + naturals * 10 + combo. */
static int group_index(const group_kinds *k)
{
    int combo = wild_combo(k->twos, k->jokers);
    if (k->rank < 3 || k->rank > 14 || k->naturals > 12 || combo < 0)
        return -1;
    return (k->rank - 3) * 130 + k->naturals * 10 + combo;
}

/* A group's dense index from its counts (valid ones: group_index). */
static uint64_t spec_index(const cn_spec *g)
{
    const int index = (g->r - 3) * 130 + g->k * 10 + wild_combo(g->t, g->j);
    return (uint64_t)index;
}

uint64_t cn_action_of_kinds(int kind, int discard, int n, const cn_spec *g)
{
    switch (kind) {
    case CANASTA_MOVE_DRAW: return 0;
    case CANASTA_MOVE_DECLINE: return 1;
    case CANASTA_MOVE_ASK: return 2;
    case CANASTA_MOVE_ANSWER_YES: return 3;
    case CANASTA_MOVE_ANSWER_NO: return 4;
    case CANASTA_MOVE_NEXT_HAND: return 5;
    case CANASTA_MOVE_DISCARD:
        return 6 + (uint64_t)(discard - 2); /* discard_kind's order */
    default:
        break;
    }
    uint64_t base = kind == CANASTA_MOVE_MELD ? 20 : 1580;
    if (n == 1)
        return base + spec_index(&g[0]);
    /* Several groups: a hash of the kind and of
     * each group's kinds, in order, with the top bit set. */
    uint64_t h = cn_mix64(0x43414E41ULL ^ (uint64_t)kind);
    h = cn_mix64(h ^ (uint64_t)n);
    for (int i = 0; i < n; i++)
        h = cn_mix64(h + CN_GOLDEN_GAMMA + spec_index(&g[i]));
    return h | CANASTA_ACTION_MULTI;
}

CANASTA_API int canasta_action_of_move(uint64_t *action,
                                       const canasta_move *move)
{
    /* cppcheck-suppress unassignedVariable ; no group read below 1 */
    static const cn_spec no_group[1];
    if (!action || !move)
        return CANASTA_E_NULL;
    switch (move->kind) {
    case CANASTA_MOVE_DRAW:
    case CANASTA_MOVE_DECLINE:
    case CANASTA_MOVE_ASK:
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO:
    case CANASTA_MOVE_NEXT_HAND:
        *action = cn_action_of_kinds(move->kind, 0, 0, no_group);
        return CANASTA_OK;
    case CANASTA_MOVE_DISCARD:
        if (!cn_valid_card(move->card))
            return CANASTA_E_CARD;
        if (cn_is_red3(move->card))
            return CANASTA_E_MOVE; /* T2: never discarded */
        *action = 6 + (uint64_t)discard_kind(move->card);
        return CANASTA_OK;
    case CANASTA_MOVE_MELD:
    case CANASTA_MOVE_TAKE_PILE:
        break;
    default:
        return CANASTA_E_MOVE;
    }
    /* A meld has a group; a take always has groups[0], the top card's. */
    if (move->ngroups > CANASTA_MOVE_MAX_GROUPS || move->ngroups == 0)
        return CANASTA_E_MOVE;
    cn_spec sp[CANASTA_MOVE_MAX_GROUPS];
    for (int g = 0; g < move->ngroups; g++) {
        group_kinds k;
        if (move->groups[g].count > CANASTA_GROUP_MAX_CARDS)
            return CANASTA_E_MOVE;
        int rc = group_kinds_of(&k, &move->groups[g]);
        if (rc)
            return rc;
        if (group_index(&k) < 0)
            return CANASTA_E_MOVE;
        sp[g].r = (int8_t)k.rank;
        sp[g].k = (int8_t)k.naturals;
        sp[g].t = (int8_t)k.twos;
        sp[g].j = (int8_t)k.jokers;
    }
    *action = cn_action_of_kinds(move->kind, 0, move->ngroups, sp);
    return CANASTA_OK;
}

typedef struct find_ctx {
    uint64_t action;
    int found;
    canasta_move *out;
} find_ctx;

static void find_visit(void *p, const canasta_move *m)
{
    find_ctx *f = p;
    uint64_t a;
    if (f->found || canasta_action_of_move(&a, m) != CANASTA_OK ||
        a != f->action)
        return;
    *f->out = *m;
    f->found = 1;
}

CANASTA_API int canasta_action_to_move(canasta_move *move,
    const canasta_game *game, uint64_t action)
{
    if (!move || !game)
        return CANASTA_E_NULL;
    if (game->st.phase == CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_GAME_OVER;
    find_ctx f = { action, 0, move };
    cn_legal_visit(&game->st, find_visit, &f);
    return f.found ? CANASTA_OK : CANASTA_E_ARG;
}

/* ---- what a seat knows of other hands ---- */

/* known[s][c]: copies of card c that seat s is known to hold, because it
 * picked them up with the pile (P1: public) and has not melded or
 * discarded them since.  Worked out by replaying the current hand. */
typedef struct known_cards {
    uint8_t n[CN_MAX_PLAYERS][CANASTA_CARD_LIMIT];
} known_cards;

static void forget(known_cards *k, int seat, int card)
{
    if (k->n[seat][card])
        k->n[seat][card]--;
}

static void known_of(known_cards *k, const canasta_game *g)
{
    memset(k, 0, sizeof *k);
    cn_state t;
    memcpy(&t, g->from_position ? g->base : &g->st, offsetof(cn_state, ev));
    t.ev_n = 0;
    t.ev_cards_n = 0;
    if (!g->from_position) {
        /* The hand's start: dealt again from its deck. */
        cn_deal(&t);
    }
    size_t pos = 0;
    canasta_move m;
    while (cn_history_next(g, &pos, &m)) {
        int s = m.seat;
        if (m.kind == CANASTA_MOVE_TAKE_PILE) {
            for (int gi = 0; gi < m.ngroups; gi++)
                for (int i = 0; i < m.groups[gi].count; i++)
                    forget(k, s, m.groups[gi].cards[i]);
            for (int i = 0; i + 1 < t.pile_n; i++)
                if (!cn_is_red3(t.pile[i]))
                    k->n[s][t.pile[i]]++;
        } else if (m.kind == CANASTA_MOVE_MELD) {
            for (int gi = 0; gi < m.ngroups; gi++)
                for (int i = 0; i < m.groups[gi].count; i++)
                    forget(k, s, m.groups[gi].cards[i]);
        } else if (m.kind == CANASTA_MOVE_DISCARD) {
            forget(k, s, m.card);
        }
        cn_play(&t, &m);
    }
}

/* ---- the information-set hash ---- */

typedef struct hasher {
    uint64_t h;
} hasher;

static void put(hasher *x, uint64_t v)
{
    x->h = cn_mix64(x->h ^ (v + CN_GOLDEN_GAMMA));
}

static void put_bytes(hasher *x, const uint8_t *b, size_t n)
{
    uint64_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc = acc << 8 | b[i];
        if (i % 8 == 7) {
            put(x, acc);
            acc = 0;
        }
    }
    put(x, acc ^ (uint64_t)n << 56);
}

CANASTA_API int canasta_game_infoset_hash(uint64_t *hash,
    const canasta_game *game, int seat)
{
    if (!hash || !game)
        return CANASTA_E_NULL;
    const cn_state *st = &game->st;
    if (seat < 0 || seat >= st->p.players)
        return CANASTA_E_SEAT;
    known_cards k;
    known_of(&k, game);
    hasher x = { 0x49534554ULL }; /* "ISET" */
    const cn_params *p = &st->p;
    const int32_t *pw = &p->preset;
    for (size_t i = 0; i < sizeof *p / sizeof(int32_t); i++)
        put(&x, (uint32_t)pw[i]);
    put(&x, (uint64_t)seat);
    put(&x, (uint32_t)st->hand_no);
    uint8_t small[] = {
        st->dealer, st->cur, st->phase, st->winner_plus1, st->end_how,
        st->end_seat, st->scored, st->stock_n, st->pile_n, st->turn_src,
        st->turn_melds, st->turn_take_extra, st->permission,
        st->melded_before_turn, st->turn_seat, st->lone_plus1,
        (uint8_t)(st->turn_new_melds & 0xFF),
        (uint8_t)(st->turn_new_melds >> 8),
        st->turn_added_old /* G3: public, and it decides the bonus */
    };
    put_bytes(&x, small, sizeof small);
    for (int s = 0; s < CN_MAX_SIDES; s++) {
        put(&x, (uint32_t)st->totals[s]);
        put(&x, (uint32_t)st->start_totals[s]);
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            put(&x, (uint32_t)st->last_items[s][i]);
    }
    put_bytes(&x, st->side_of, sizeof st->side_of);
    put_bytes(&x, st->opened, sizeof st->opened);
    put_bytes(&x, st->seat_melded, sizeof st->seat_melded);
    put_bytes(&x, st->hand_n, sizeof st->hand_n);
    put_bytes(&x, &st->red3[0][0], sizeof st->red3);
    put_bytes(&x, st->hand[seat], CANASTA_CARD_LIMIT);
    /* E3: the hands of a finished hand were shown for the count. */
    if (st->phase == CANASTA_PHASE_HAND_OVER ||
        st->phase == CANASTA_PHASE_GAME_OVER)
        for (int s = 0; s < p->players; s++)
            put_bytes(&x, st->hand[s], CANASTA_CARD_LIMIT);
    for (int side = 0; side < CN_MAX_SIDES; side++)
        for (int r = 0; r < CN_RANKS; r++) {
            const cn_meld *m = &st->melds[side][r];
            uint8_t b[11] = { m->naturals, m->twos, m->jokers,
                m->nat_suit[0], m->nat_suit[1], m->nat_suit[2],
                m->nat_suit[3], m->two_suit[0], m->two_suit[1],
                m->two_suit[2], m->two_suit[3] };
            put_bytes(&x, b, sizeof b);
        }
    put_bytes(&x, st->pile, st->pile_n);
    for (int s = 0; s < p->players; s++)
        if (s != seat)
            put_bytes(&x, k.n[s], CANASTA_CARD_LIMIT);
    *hash = x.h;
    return CANASTA_OK;
}

/* ---- determinization ---- */

/* Random worlds tried for a seat that must be able to go out, then the
 * swaps the repair below may make. */
#define DETERMINIZE_TRIES 2000
#define REPAIR_SWAPS 200000

/* G4, G1: another seat that must be able to go out (cn_rule_must_go_out:
 * public, so every world must respect it), or -1. */
static int must_be_able_to_go_out(const cn_state *st, int seat)
{
    int ts = cn_rule_must_go_out(st);
    return ts == seat ? -1 : ts;
}

/* Deal the pool (shuffled) to the other seats' unknown cards and the
 * stock, known cards to their holders, red threes into the stock. */
static void deal_unseen(cn_state *v, const cn_state *st, int seat,
                        uint8_t held[][CANASTA_CARD_LIMIT], uint8_t *pool,
                        int np, const uint8_t *threes, int nt, cn_rng *r,
                        int shown)
{
    cn_rng_shuffle(r, pool, np);
    for (int i = 1; i < st->p.players && !shown; i++) {
        int s = (seat + i) % st->p.players;
        int need = st->hand_n[s];
        memcpy(v->hand[s], held[s], CANASTA_CARD_LIMIT);
        for (int c = 8; c <= CANASTA_JOKER; c++)
            need -= held[s][c];
        while (need-- > 0 && np > 0)
            v->hand[s][pool[--np]]++;
    }
    int n = 0;
    for (int i = 0; i < nt; i++)
        v->stock[n++] = threes[i];
    while (np > 0 && n < st->stock_n)
        v->stock[n++] = pool[--np];
    cn_rng_shuffle(r, v->stock, n);
}

/* How far a hand is from going out (0: maybe out; cn_can_go_out decides):
 * the naturals that fit nowhere beyond the one discard, the pairs that
 * lack a wild card, wild cards without room, the cards missing from the
 * cheapest canastas still needed, and the opening points missing.  Only a
 * guide for the repair; it need not be exact. */
static int exit_distance(const uint8_t *h, const cn_state *v, int side,
                         int minimum)
{
    int wild = h[8] + h[9] + h[10] + h[11] + h[CANASTA_JOKER];
    int b3 = h[12] + h[15];
    int strays = b3 == 0 || b3 == 3 || b3 == 4 ? 0 : b3 > 4 ? b3 - 4 : b3;
    int pairs = 0, room = 0, canastas = 0, value = 0;
    int deficit[CN_RANKS], nd = 0;
    for (int r = 4; r <= 14; r++) {
        const cn_meld *m = &v->melds[side][r];
        int nat = h[r * 4] + h[r * 4 + 1] + h[r * 4 + 2] + h[r * 4 + 3];
        int have = cn_meld_size(m), size = have + nat;
        if (!have && nat == 1)
            strays++;
        if (!have && nat == 2)
            pairs++;
        if (!have && nat < 2)
            continue;
        room += cn_wild_room(m->twos + m->jokers);
        if (cn_rule_canasta(size))
            canastas++;
        else
            deficit[nd++] = CN_CANASTA_CARDS - size;
    }
    for (int c = 8; c <= CANASTA_JOKER; c++)
        value += h[c] * cn_value(c);
    int d = (strays > 1 ? strays - 1 : 0) + (pairs > wild ? pairs - wild : 0) +
            (wild > room ? wild - room : 0);
    for (int i = 1; i < nd; i++) /* insertion sort: cheapest first */
        for (int j = i; j > 0 && deficit[j - 1] > deficit[j]; j--) {
            int t = deficit[j];
            deficit[j] = deficit[j - 1];
            deficit[j - 1] = t;
        }
    int spare = wild > pairs ? wild - pairs : 0;
    for (int i = 0; canastas < v->p.canastas_to_go_out; i++, canastas++) {
        int need = i < nd ? deficit[i] : CN_CANASTA_CARDS;
        int use = spare < need ? spare : need;
        spare -= use;
        d += need - use;
    }
    if (!v->opened[side] && value < minimum)
        d += (minimum - value + 49) / 50;
    return d;
}

/* Repair a world in which seat `who` cannot go out although it must: swap
 * its unknown cards with unknown cards of the other hands and the stock,
 * keeping every swap that does not move the hand away from an exit
 * (exit_distance), until cn_seat_can_go_out holds.  Card counts, hand
 * sizes and the cards known to be held never change, so the world stays
 * consistent with what `seat` has seen.  0 when repaired. */
static int repair_for_exit(cn_state *v, int seat, int who,
                           uint8_t held[][CANASTA_CARD_LIMIT], cn_rng *r)
{
    /* Every unknown card outside who's hand: (where, card); where is a
     * seat, or players + i for stock index i. */
    uint8_t where[CN_MAX_DECK], card[CN_MAX_DECK], mine[CN_MAX_DECK];
    int n = 0, nm = 0, players = v->p.players, side = v->side_of[who];
    for (int s = 0; s < players; s++) {
        if (s == seat)
            continue;
        for (int c = 8; c <= CANASTA_JOKER; c++)
            for (int k = v->hand[s][c] - held[s][c]; k > 0; k--) {
                if (s == who) {
                    mine[nm++] = (uint8_t)c;
                } else {
                    where[n] = (uint8_t)s;
                    card[n++] = (uint8_t)c;
                }
            }
    }
    for (int i = 0; i < v->stock_n; i++)
        if (!cn_is_red3(v->stock[i])) {
            where[n] = (uint8_t)(players + i);
            card[n++] = v->stock[i];
        }
    if (nm == 0 || n == 0)
        return -1;
    /* G3: in a turn that began with a stock draw and no meld yet, an exit
     * of an unopened side is concealed and needs no opening minimum, so
     * the distance must not count one (or a world that exists, such as
     * the real one, would never be reached). */
    int minimum = cn_g3_waiver_turn(v, who) ? 0 : cn_seat_minimum(v, who);
    int dist = exit_distance(v->hand[who], v, side, minimum);
    for (long t = 0; t < REPAIR_SWAPS; t++) {
        if (dist == 0 && cn_seat_can_go_out(v, who))
            return 0;
        int i = (int)cn_rng_below(r, (uint32_t)nm);
        int j = (int)cn_rng_below(r, (uint32_t)n);
        int a = mine[i], b = card[j];
        if (a == b)
            continue;
        uint8_t *h = v->hand[who];
        h[a]--;
        h[b]++;
        int nd = exit_distance(h, v, side, minimum);
        /* Sideways moves too, so that the search crosses plateaus; an
         * occasional step back gets it out of a dead end. */
        if (nd > dist && cn_rng_below(r, 64) != 0) {
            h[b]--;
            h[a]++;
            continue;
        }
        dist = nd;
        mine[i] = (uint8_t)b;
        card[j] = (uint8_t)a;
        if (where[j] < players) {
            v->hand[where[j]][b]--;
            v->hand[where[j]][a]++;
        } else {
            v->stock[where[j] - players] = (uint8_t)a;
        }
    }
    return dist == 0 && cn_seat_can_go_out(v, who) ? 0 : -1;
}

CANASTA_API int canasta_game_determinize(canasta_game *dst,
    const canasta_game *src, int seat, uint64_t seed)
{
    if (!dst || !src)
        return CANASTA_E_NULL;
    const cn_state *st = &src->st;
    if (seat < 0 || seat >= st->p.players)
        return CANASTA_E_SEAT;
    if (dst != src && (dst->st.p.players != st->p.players ||
                       dst->st.p.packs != st->p.packs))
        return CANASTA_E_ARG;
    known_cards k;
    known_of(&k, src);
    /* The unseen cards: the seat's view has them, in a fixed order, in
     * the other hands and the stock. */
    cn_state v;
    cn_seat_view(&v, st, seat);
    uint8_t pool[CN_MAX_DECK], threes[CN_MAX_DECK];
    int np = 0, nt = 0;
    /* E3: once a hand is over its hands were shown for the count, so
     * only the stock (and the seed) is still hidden. */
    int shown = st->phase == CANASTA_PHASE_HAND_OVER ||
                st->phase == CANASTA_PHASE_GAME_OVER;
    if (shown)
        for (int s = 0; s < st->p.players; s++)
            memcpy(v.hand[s], st->hand[s], CANASTA_CARD_LIMIT);
    for (int i = 1; i < st->p.players && !shown; i++) {
        int s = (seat + i) % st->p.players;
        for (int c = 8; c <= CANASTA_JOKER; c++)
            for (int n = v.hand[s][c]; n > 0; n--)
                pool[np++] = (uint8_t)c;
    }
    /* The stock: the view's holds the unseen cards left after the view's
     * own (fixed) other hands; when those hands were shown the real stock
     * is what is left unseen, so take its cards (not their order). */
    const uint8_t *stock = shown ? st->stock : v.stock;
    for (int i = 0; i < st->stock_n; i++) {
        if (cn_is_red3(stock[i]))
            threes[nt++] = stock[i];
        else
            pool[np++] = stock[i];
    }
    /* Known cards leave the pool for their holders (only as many as the
     * pool has: the count is exact when the history is). */
    uint8_t held[CN_MAX_PLAYERS][CANASTA_CARD_LIMIT];
    memset(held, 0, sizeof held);
    for (int s = 0; s < st->p.players && !shown; s++) {
        if (s == seat)
            continue;
        for (int c = 8; c <= CANASTA_JOKER; c++)
            for (int n = k.n[s][c]; n > 0; n--)
                for (int i = 0; i < np; i++)
                    if (pool[i] == c) {
                        pool[i] = pool[--np];
                        held[s][c]++;
                        break;
                    }
    }
    cn_rng r;
    cn_rng_splitmix(&r, seed ^ 0x44455445524D4EULL);
    /* G4: while a question waits for this seat's answer, the asker could
     * go out (the library refuses the question otherwise): only worlds
     * where it can are consistent with what the seat saw.  Rejection
     * sampling first (uniform among those worlds); when the exit is too
     * rare for that, a repair of the last world tried. */
    int asker = must_be_able_to_go_out(st, seat);
    uint8_t pool0[CN_MAX_DECK];
    int np0 = np;
    memcpy(pool0, pool, (size_t)np);
    for (int attempt = 0;; attempt++) {
        np = np0;
        memcpy(pool, pool0, (size_t)np);
        deal_unseen(&v, st, seat, held, pool, np, threes, nt, &r, shown);
        if (asker < 0 || cn_seat_can_go_out(&v, asker))
            break;
        if (attempt == DETERMINIZE_TRIES) {
            if (repair_for_exit(&v, seat, asker, held, &r) == 0)
                break;
            return CANASTA_E_ARG; /* see canasta.h */
        }
    }
    /* Later deals come from a seed the seat cannot know either. */
    v.seed = cn_rng_next(&r);
    v.deck_n = 0;
    memcpy(&dst->st, &v, offsetof(cn_state, ev));
    memset(dst->st.ev, 0, sizeof dst->st.ev);
    memset(dst->st.ev_cards, 0, sizeof dst->st.ev_cards);
    dst->st.ev_n = 0;
    dst->st.ev_cards_n = 0;
    /* A game that begins here: undo stops at this state, which is what
     * its position implies (a finished hand began from its totals less
     * its score, after no hand the text knows of), so that its save and
     * position read back to an equal game. */
    cn_position_normalize(&dst->st, &dst->st);
    cn_facts_rebuild(&dst->st); /* the hands dealt here */
    memcpy(dst->base, &dst->st, sizeof *dst->base);
    dst->from_position = 1;
    dst->hist_len = 0;
    CN_STATE_CHECKED(&dst->st);
    return CANASTA_OK;
}
