/* enumerate.h - the legal-move enumerator (issue 19): every legal move of
 * the decision, in canonical form, handed one by one to a visitor as a
 * candidate (cn_cand: its kind and its groups as counts, before any card
 * is picked).  Not installed.
 *
 * Canonical means: naturals of one rank are interchangeable, so are the
 * twos and the black threes, and the lowest suits are named.  Once the
 * side has opened, a meld move holds one group (several groups are the
 * same as several moves).  Before it has opened, the enumerator lists the
 * minimal openings (no group could be left out and still reach the
 * minimum; more can be laid by later moves) and the whole-hand exits
 * that no minimal opening leads to (see walk_exits), for a meld and for a
 * pile take alike.
 *
 * Every caller goes through here: the legal-move list and its visitor
 * (legal.c: canasta_legal_moves, cn_legal, cn_legal_visit), the reference
 * player (player.c, which scores the candidates and prunes what cannot
 * beat its best) and through them the hint and the search API.  The
 * visitor (cn_visitor) may
 *  - skip a candidate before its costly legality check (want),
 *  - skip a whole branch (enter: a rank's groups, a row of wild groups,
 *    the takes, the openings or those holding the groups chosen so far,
 *    the discards),
 *  - take a candidate legal as it stands in one question (offer),
 *  - take the discards of every kind held in one call (discards), to
 *    score them together,
 *  - only count (take alone),
 *  - let the enumerator walk in another order than the list's (any_order:
 *    each rank's groups largest first, the openings from the ace down).
 * In the list's order (any_order 0, no skipping) the candidates are
 * canasta_legal_moves' list, move for move.
 *
 * The functions are static inline so that each caller's visitor, a
 * static const object, is inlined into its own copy of the walk: the
 * player's decision would otherwise pay an indirect call per candidate,
 * which measured as a tenth of its cost.  The two recursive searches
 * (openings, exits) stay out of line and take the visitor as an
 * argument.  Nothing here allocates, and nothing reads a card the seat
 * to move cannot see (RULES.md A1): its own hand, the melds, the pile,
 * the sizes of hands and stock, the turn's state. */
#ifndef CANASTA_ENUMERATE_H
#define CANASTA_ENUMERATE_H

#include "cn_assert.h" /* NEVER: the checked builds' cross-checks */
#include "rulebook.h"

#if defined(__GNUC__) || defined(__clang__)
#define CN_WALK static inline __attribute__((always_inline))
#define CN_NOINLINE __attribute__((noinline))
#else
#define CN_WALK static inline
#define CN_NOINLINE
#endif

/* A legal move (or one whose legality is still to be checked, for want)
 * before its cards are picked. */
typedef struct cn_cand {
    uint8_t kind;     /* CANASTA_MOVE_* */
    uint8_t seat;
    /* DISCARD: the kind thrown (cn_kind: 2 a two, 3 a black three, 4..14,
     * 15 the joker); the list names the lowest card code of that kind in
     * the hand (cn_kind_card) */
    uint8_t discard;
    uint8_t n;        /* MELD, TAKE_PILE: groups */
    /* 1 when the legality check proved that the seat can still go out
     * after the move (G1/G4 refusals lifted by the going-out check): what
     * the player's going-out score needs, known for free */
    uint8_t out_after;
    uint8_t pad[3];
    int used, wilds;  /* cards from the hand, and wild cards among them */
    cn_spec g[CANASTA_MOVE_MAX_GROUPS]; /* a take's g[0] is the top card's
                                         * rank, with hand cards only */
} cn_cand;

/* The branches a visitor may skip (enter's branch; r and k as said). */
enum cn_branch {
    CN_BRANCH_TAKES = 1,    /* the pile takes (r: the top card's rank) */
    CN_BRANCH_RANK = 2,     /* an opened side's single groups of rank r */
    CN_BRANCH_WILDS = 3,    /* those of rank r with k naturals and wild
                             * cards (the natural group k stays) */
    CN_BRANCH_OPENINGS = 4, /* an unopened side's openings and exits */
    CN_BRANCH_DISCARDS = 5, /* the discards */
    /* the openings (melds, or takes: the candidate's kind) that hold the
     * groups chosen so far, which hold r cards of the hand, k of them
     * wild: every one holds more (or as many).  The visitor's answer must
     * not turn from 0 to 1 as r and k grow together (the search then
     * tries no more wild cards in that group). */
    CN_BRANCH_DEEPER = 6
};

typedef struct cn_visitor {
    /* c may be legal: 0 skips it (then its legality is never checked).
     * NULL: every candidate is wanted. */
    int (*want)(void *ctx, const cn_cand *c);
    /* c is legal (and was wanted). */
    void (*take)(void *ctx, const cn_cand *c);
    /* c is legal as it stands, no check asked: want and take in one
     * question.  NULL: want, then take. */
    void (*offer)(void *ctx, const cn_cand *c);
    /* before a branch: 0 skips it.  NULL: every branch is walked. */
    int (*enter)(void *ctx, int branch, int r, int k);
    /* whether the seat to move could go out now (cn_seat_out_kept),
     * asked at most twice: a visitor that needs it too computes it once.
     * NULL: the enumerator asks the going-out check itself. */
    int (*can_out)(void *ctx);
    /* every discard of the kinds (cn_kind) in the mask kinds, each legal
     * as it stands, offered in one call: c is the discard candidate, its
     * discard and wilds still to be set kind by kind.  NULL: each is
     * offered (offer, or want and take) on its own, lowest kind first. */
    void (*discards)(void *ctx, cn_cand *c, uint32_t kinds);
    /* 1: each rank's groups largest first (naturals, then twos, then
     * jokers, each from the most down) and the openings' groups from the
     * ace down (handed over in ascending order all the same); 0: the
     * list's order. */
    int any_order;
} cn_visitor;

/* cn_enumerate (below) for a visitor not known where it is called: one
 * copy of the walk, out of line (legal.c; the tests' other orders). */
void cn_enumerate_with(const cn_state *st, const cn_visitor *v, void *ctx);
/* Pick the cards of the candidate's groups from hand (in order, so two
 * groups never name the same card) into *m, with its kind, seat and
 * card: the move the list names (legal.c). */
void cn_cand_move(canasta_move *m, const uint8_t *hand, const cn_cand *c);
/* The full check (cn_check) of candidate c on st: 1 when legal. */
int cn_cand_check(const cn_state *st, const cn_cand *c);

/* The walk's own state. */
typedef struct cn_walk {
    const cn_state *st;
    void *vctx;          /* the visitor's context */
    int seat, side, hand_n, perm;
    const uint8_t *nat;  /* the hand by kind (cn_kept.held) */
    /* its masks, made once a walk: the kinds held (cn_held_any), and
     * those held twice or more (cn_held_more) */
    uint32_t any, more;
    int twos, jokers;    /* wild cards not in the opening being built */
    int minimum;
    uint8_t fixed;       /* opening groups that may not be dropped (a
                          * take's first: 1) */
    /* The opening search's ranks: a natural pair at least, the rank it
     * leaves out (a take's top card's) aside. */
    uint32_t pairs;
    int pickup;          /* cards a take adds from under the top card */
    int gval[CANASTA_MOVE_MAX_GROUPS];
    int reach[CN_RANKS]; /* cn_opening_reach of the search under way */
    int reach_down[CN_RANKS]; /* the same for ranks 4..r (any_order) */
    cn_cand c;           /* the candidate being built */
} cn_walk;

/* The visitor's questions, NULL meaning yes. */
CN_WALK int walk_enter(const cn_walk *w, const cn_visitor *v, int branch,
                       int r, int k)
{
    return !v->enter || v->enter(w->vctx, branch, r, k);
}

/* kind: the candidate's, set again here, where the visitor's inlined
 * code can see it (its score then needs no switch on the kind). */
CN_WALK int walk_want(cn_walk *w, const cn_visitor *v, int kind)
{
    w->c.kind = (uint8_t)kind;
    return !v->want || v->want(w->vctx, &w->c);
}

CN_WALK int walk_can_out(const cn_walk *w, const cn_visitor *v)
{
    return v->can_out ? v->can_out(w->vctx)
                         : cn_seat_out_kept(w->st, w->seat);
}

/* The candidate, legal as it stands, of this kind. */
CN_WALK void walk_offer(cn_walk *w, const cn_visitor *v, int kind)
{
    w->c.kind = (uint8_t)kind;
    if (v->offer)
        v->offer(w->vctx, &w->c);
    else if (!v->want || v->want(w->vctx, &w->c))
        v->take(w->vctx, &w->c);
}

/* A move without groups. */
CN_WALK void walk_simple(cn_walk *w, const cn_visitor *v, int kind)
{
    w->c.kind = (uint8_t)kind;
    w->c.n = 0;
    w->c.used = w->c.wilds = 0;
    w->c.out_after = 0;
    walk_offer(w, v, kind);
}

/* Set group i of the candidate. */
CN_WALK void walk_group(cn_walk *w, int i, int r, int k, int t, int j)
{
    cn_spec g; /* built apart: one store of the four counts */
    g.r = (int8_t)r;
    g.k = (int8_t)k;
    g.t = (int8_t)t;
    g.j = (int8_t)j;
    w->c.g[i] = g;
}

/* The candidate, built, is legal only if the full check says so. */
CN_WALK void walk_checked(cn_walk *w, const cn_visitor *v)
{
    if (walk_want(w, v, w->c.kind) && cn_cand_check(w->st, &w->c))
        v->take(w->vctx, &w->c);
}

/* Whether a take of the pile whose groups are legal by construction is
 * legal: its first group is a form cn_rule_take_form allows that makes a
 * legal meld with the top card (P4, P5, M1, M4: onto the side's meld it
 * adds naturals; a new meld is three cards, one wild at most, or, before
 * the side has opened, a natural pair and more), every other group a
 * legal meld of another rank (M1-M4), and before the side has opened they
 * reach the minimum with the top card (O3).  The pile can be taken
 * (cn_rule_pile: the caller asked).  What is left is P6 and
 * cn_rule_after_meld on the hand it leaves (less the groups, plus the
 * cards under the top but red threes, R2: w->pickup), which the full
 * check decides when they may refuse. */
CN_WALK int walk_take_legal(const cn_walk *w)
{
    const cn_state *st = w->st;
    const int after = w->hand_n - w->c.used + w->pickup;
    const int fast =
        cn_rule_one_card(st->p.one_card_rule, w->hand_n, st->pile_n) ==
            CN_ALLOWED &&
        cn_rule_after_meld(0, after, w->perm) == CN_ALLOWED;
#if defined(CN_CHECKED) && CN_CHECKED
    /* Checked builds (the unit tests, sanitizers, fuzzing): what the
     * construction proves, the full check must find too. */
    (void)NEVER(fast && !cn_cand_check(st, &w->c));
#endif
    return fast || cn_cand_check(st, &w->c);
}

#include "enumerate_openings.h" /* the openings and the exits */

/* ---- the draw phase ---- */

/* The openings by a pile take of a side that has not opened, top card of
 * rank r (value tv; its rank's naturals nv each): the top card's group
 * as cn_rule_take_form allows it, then the search for the rest. */
CN_WALK void walk_opening_takes(cn_walk *w, const cn_visitor *v, int r,
                                int tv, int nv, int frozen, int has_meld)
{
    const int twos = w->twos, jokers = w->jokers;
    const int first = walk_reach_tables(w, v, r);
    for (int k = 0; k <= w->nat[r]; k++)
        for (int t = 0; t <= twos && t <= 3; t++)
            for (int j = 0; j <= jokers && t + j <= 3; j++) {
                if (cn_rule_take_form(frozen, has_meld, k, t + j) !=
                    CN_ALLOWED)
                    continue;
                if (!walk_enter(w, v, CN_BRANCH_DEEPER, k + t + j, t + j))
                    continue;
                walk_group(w, 0, r, k, t, j);
                w->gval[0] = tv + k * nv + t * 20 + j * 50;
                w->twos = twos - t;
                w->jokers = jokers - j;
                walk_opening_dfs(w, v, 1, first, w->gval[0], k + t + j,
                                 t + j);
            }
    w->twos = twos;
    w->jokers = jokers;
}

CN_WALK void walk_takes(cn_walk *w, const cn_visitor *v)
{
    const cn_state *st = w->st;
    if (cn_pile_flags(st, w->side) & CN_PILE_NO_TAKE)
        return; /* cn_rule_pile */
    const int top = st->pile[st->pile_n - 1], r = cn_rank(top);
    if (!walk_enter(w, v, CN_BRANCH_TAKES, r, 0))
        return;
    w->c.kind = CANASTA_MOVE_TAKE_PILE;
    w->c.out_after = 0;
    w->pickup = cn_pile_pickup_count(st);
    const int frozen = cn_pile_frozen(st, w->side);
    const int has_meld = st->k.meld_size[w->side][r] > 0;
    if (!st->opened[w->side]) {
        /* Frozen against the side (cn_rule_pile): the top card's group
         * as cn_rule_take_form allows it (a natural pair at least), then
         * as much as the opening needs (O3).  The top card is not in the
         * hand, so g[0] names only the hand cards. */
        const int tv = cn_value(top), nv = cn_value(CANASTA_CARD(r, 0));
        w->minimum = cn_seat_minimum(st, w->seat);
        w->fixed = 1;
        /* the top card's group, whole, and the rest (the exits below
         * count the black threes too) */
        if (walk_opening_in_reach(w, r, tv + w->nat[r] * nv, 1))
            walk_opening_takes(w, v, r, tv, nv, frozen, has_meld);
        /* The takes that go out and count only with black threes. */
        if (w->nat[3] >= 3 && w->pickup <= 1)
            walk_exits(w, v, r, tv, w->pickup);
        return;
    }
    w->c.n = 1;
    for (int i = 0; i < 4; i++) {
        if (!cn_take_form_listed(i, frozen, has_meld))
            continue;
        const int8_t *form = cn_take_forms[i];
        if (w->nat[r] < form[0] || w->twos < form[1] || w->jokers < form[2])
            continue;
        walk_group(w, 0, r, form[0], form[1], form[2]);
        w->c.used = form[0] + form[1] + form[2];
        w->c.wilds = form[1] + form[2];
        if (walk_want(w, v, CANASTA_MOVE_TAKE_PILE) && walk_take_legal(w))
            v->take(w->vctx, &w->c);
    }
}

CN_WALK void walk_draw_phase(cn_walk *w, const cn_visitor *v)
{
    const cn_state *st = w->st;
    if (st->stock_n > 0)
        walk_simple(w, v, CANASTA_MOVE_DRAW);
    walk_takes(w, v);
    /* E1: declining is legal with the stock empty unless the pile must be
     * taken (the rest of cn_check holds for the seat to move). */
    if (st->stock_n == 0) {
        w->c.kind = CANASTA_MOVE_DECLINE;
        w->c.n = 0;
        w->c.used = w->c.wilds = 0;
        if (walk_want(w, v, CANASTA_MOVE_DECLINE) &&
            !cn_must_take(st, w->seat))
            v->take(w->vctx, &w->c);
    }
}

/* ---- the play phase ---- */

/* Whether the single-group meld (r, k, t, j) of an opened side, legal as
 * a meld by construction, is legal where cn_rule_after_meld may refuse it
 * (one card or none left, or after a yes: the refusals lifted only by
 * going out, so a legal one proves the seat can still go out after it).
 * Black threes (r 3) are legal only that way (M6).  Asked as meld.c's
 * check asks it, with the going-out check from the counts. */
CN_WALK int walk_group_legal_counts(const cn_walk *w, int r, int k, int t,
                                    int j)
{
    const int used = k + t + j, left = w->hand_n - used;
    const int verdict = cn_rule_after_meld(r == 3, left, w->perm);
    if (!(verdict & CN_UNLESS_OUT))
        return verdict == CN_ALLOWED;
    if (left == 0) { /* out already: with the canastas? */
        const int size = w->st->k.meld_size[w->side][r];
        const int completes = r != 3 && cn_rule_completes(size, used);
        return w->st->k.canastas[w->side] + completes >=
               w->st->p.canastas_to_go_out;
    }
    return cn_out_after_group(w->st, w->seat, r, k, t, j);
}

CN_WALK int walk_group_legal(const cn_walk *w, int r, int k, int t, int j)
{
    const int legal = walk_group_legal_counts(w, r, k, t, j);
#if defined(CN_CHECKED) && CN_CHECKED
    /* Checked builds: the counts decide as the full check of the meld
     * (w->c) does. */
    (void)NEVER(legal != cn_cand_check(w->st, &w->c));
#endif
    return legal;
}

/* The single-group melds of rank r (4..14) of an opened side: k
 * naturals, then t twos, then j jokers, each counting up in the list's
 * order and down with any_order.  legal by construction unless
 * cn_rule_after_meld may refuse (walk_group_legal then decides). */
CN_WALK void walk_rank(cn_walk *w, const cn_visitor *v, int r)
{
    const cn_state *st = w->st;
    const int size = st->k.meld_size[w->side][r], nat = w->nat[r];
    const int room = cn_wild_room(st->k.meld_wild[w->side][r]);
    const int twos = w->twos, jokers = w->jokers, hn = w->hand_n;
    const int tmax = twos < room ? twos : room;
    const int down = v->any_order;
    const int k0 = size ? 0 : 2;
    w->c.kind = CANASTA_MOVE_MELD;
    w->c.n = 1;
    for (int ki = 0; ki <= nat - k0; ki++) {
        const int k = down ? nat - ki : k0 + ki;
        const int wild_row = tmax + jokers > 0 && room > 0 &&
                             walk_enter(w, v, CN_BRANCH_WILDS, r, k);
        const int tn = wild_row ? tmax : 0;
        for (int ti = 0; ti <= tn; ti++) {
            const int t = down ? tn - ti : ti;
            const int jroom = room - t < jokers ? room - t : jokers;
            const int jn = wild_row ? jroom : 0;
            for (int ji = 0; ji <= jn; ji++) {
                const int j = down ? jn - ji : ji;
                const int used = k + t + j;
                if ((used == 0) | ((size == 0) & (used < 3)))
                    continue; /* M1: a new meld has three cards */
                walk_group(w, 0, r, k, t, j);
                w->c.used = used;
                w->c.wilds = t + j;
                const int checked =
                    cn_rule_after_meld(0, hn - used, w->perm) != CN_ALLOWED;
                w->c.out_after = (uint8_t)checked;
                if (!checked)
                    walk_offer(w, v, CANASTA_MOVE_MELD);
                else if (walk_want(w, v, CANASTA_MOVE_MELD) &&
                         walk_group_legal(w, r, k, t, j))
                    v->take(w->vctx, &w->c);
            }
        }
    }
}

/* The single-group melds of an opened side, rank by rank (the ranks with
 * a meld to add to, or a natural pair), then the black threes. */
CN_WALK void walk_melds(cn_walk *w, const cn_visitor *v)
{
    const cn_kept *kp = &w->st->k;
    const uint32_t melded = kp->melded[w->side];
    const uint32_t held = w->any, more = w->more;
    /* The ranks where a group can be made: a meld of the side with a
     * natural held, or with room for a wild card held (M4: fewer than
     * three); a natural pair with a wild card held, or three naturals
     * (M1).  From masks, with no test per rank: the counts are
     * unpredictable. */
    const uint32_t any = 0u - (uint32_t)(w->twos + w->jokers > 0); /* all */
    const uint32_t wild_full = cn_counts_at_least(kp->meld_wild[w->side], 3);
    const uint32_t threes = cn_counts_at_least(w->nat, 3);
    uint32_t ranks = ((melded & (held | (any & ~wild_full))) |
                      (~melded & ((more & any) | threes))) &
                     CN_RANKS_4_TO_ACE;
    for (; ranks; ranks &= ranks - 1) {
        const int r = cn_lowest_bit(ranks);
        if (walk_enter(w, v, CN_BRANCH_RANK, r, 0))
            walk_rank(w, v, r);
    }
    /* Black threes: only in the move that goes out (cn_rule_after_meld). */
    w->c.kind = CANASTA_MOVE_MELD;
    w->c.n = 1;
    for (int k = 3; k <= w->nat[3] && k <= 4; k++) {
        if (cn_rule_after_meld(1, w->hand_n - k, w->perm) ==
            CN_REFUSED_M6_NOT_OUT)
            continue;
        walk_group(w, 0, 3, k, 0, 0);
        w->c.used = k;
        w->c.wilds = 0;
        w->c.out_after = 1;
        if (walk_want(w, v, CANASTA_MOVE_MELD) &&
            walk_group_legal(w, 3, k, 0, 0))
            v->take(w->vctx, &w->c);
    }
}

/* One discard per interchangeable kind, lowest code first: the kinds
 * (cn_kind) held, in the order of their codes. */
CN_WALK void walk_discards(cn_walk *w, const cn_visitor *v)
{
    const cn_state *st = w->st;
    if (cn_rule_discard(w->hand_n, w->perm, st->k.canastas[w->side],
                        st->p.canastas_to_go_out) != CN_ALLOWED ||
        !walk_enter(w, v, CN_BRANCH_DISCARDS, 0, 0))
        return;
    uint32_t kinds = w->any & 0xFFFCu;
    w->c.kind = CANASTA_MOVE_DISCARD;
    w->c.n = 0;
    w->c.used = 1;
    w->c.out_after = 0;
    if (v->discards) {
        v->discards(w->vctx, &w->c, kinds);
    } else {
        for (; kinds; kinds &= kinds - 1) {
            const int kind = cn_lowest_bit(kinds);
            w->c.discard = (uint8_t)kind;
            w->c.wilds = cn_kind_is_wild(kind);
            walk_offer(w, v, CANASTA_MOVE_DISCARD);
        }
    }
    w->c.discard = 0;
}

CN_WALK void walk_play_phase(cn_walk *w, const cn_visitor *v)
{
    const cn_state *st = w->st;
    int ask = cn_rule_ask(st, w->seat);
    if (ask & CN_UNLESS_OUT)
        ask = cn_unless_out(ask, walk_can_out(w, v));
    if (ask == CN_ALLOWED)
        walk_simple(w, v, CANASTA_MOVE_ASK);
    if (st->opened[w->side]) {
        walk_melds(w, v);
    } else if (walk_enter(w, v, CN_BRANCH_OPENINGS, 0, 0)) {
        w->c.kind = CANASTA_MOVE_MELD;
        w->minimum = cn_seat_minimum(st, w->seat);
        w->fixed = 0;
        if (walk_opening_in_reach(w, 0, 0, 0))
            walk_opening_dfs(w, v, 0, walk_reach_tables(w, v, 0), 0, 0, 0);
        if (walk_can_out(w, v))
            walk_exits(w, v, 0, 0, 0);
    }
    walk_discards(w, v);
}

/* Every legal move of the decision at st, handed to v (with ctx). */
CN_WALK void cn_enumerate(const cn_state *st, const cn_visitor *v, void *ctx)
{
    cn_walk w;
    w.st = st;

    w.vctx = ctx;
    w.seat = st->cur;
    w.c.seat = (uint8_t)st->cur;
    w.c.discard = 0;
    w.c.n = 0;
    switch (st->phase) {
    case CANASTA_PHASE_DRAW:
    case CANASTA_PHASE_PLAY:
        w.side = st->side_of[w.seat];
        w.hand_n = st->hand_n[w.seat];
        w.perm = st->permission;
        w.nat = st->k.held[w.seat];
        w.twos = w.nat[2];
        w.jokers = w.nat[15];
        w.any = cn_held_any(&st->k, w.seat);
        w.more = cn_held_more(&st->k, w.seat);
        if (st->phase == CANASTA_PHASE_DRAW)
            walk_draw_phase(&w, v);
        else
            walk_play_phase(&w, v);
        break;
    case CANASTA_PHASE_ANSWER:
        walk_simple(&w, v, CANASTA_MOVE_ANSWER_YES);
        walk_simple(&w, v, CANASTA_MOVE_ANSWER_NO);
        break;
    case CANASTA_PHASE_HAND_OVER:
        walk_simple(&w, v, CANASTA_MOVE_NEXT_HAND);
        break;
    default:
        break;
    }
}

#endif
