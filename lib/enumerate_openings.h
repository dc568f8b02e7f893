/* enumerate_openings.h - the enumerator's two searches (issue 19): the
 * openings of a side that has not opened (O1-O3), for a meld and for a
 * pile take, and the exits that meld the whole rest of the hand in one
 * move.  Not installed; included by enumerate.h alone, after the walk's
 * types and its questions to the visitor, which both searches use. */
#ifndef CANASTA_ENUMERATE_OPENINGS_H
#define CANASTA_ENUMERATE_OPENINGS_H

/* ---- openings (O1-O3) ---- */

/* A search that reached the minimum with groups 0..n-1: minimal, and
 * then legal as the construction and the check say. */
static inline void walk_opening_leaf(cn_walk *w, const cn_visitor *v, int n,
                                     int value)
{
    for (int g = w->fixed; g < n; g++)
        if (value - w->gval[g] >= w->minimum)
            return; /* not minimal: group g could be laid later */
    int used = 0, wilds = 0;
    for (int g = 0; g < n; g++) {
        used += w->c.g[g].k + w->c.g[g].t + w->c.g[g].j;
        wilds += w->c.g[g].t + w->c.g[g].j;
    }
    w->c.n = (uint8_t)n;
    w->c.used = used;
    w->c.wilds = wilds;
    w->c.out_after = 0;
    if (w->c.kind == CANASTA_MOVE_TAKE_PILE) {
        if (walk_want(w, v, CANASTA_MOVE_TAKE_PILE) && walk_take_legal(w))
            v->take(w->vctx, &w->c);
        return;
    }
    /* The groups are legal melds of cards in the hand reaching the
     * minimum by construction; what is left is cn_rule_after_meld, which
     * the full check decides when it may refuse. */
    if (cn_rule_after_meld(0, w->hand_n - used, w->perm) == CN_ALLOWED) {
        walk_offer(w, v, CANASTA_MOVE_MELD);
    } else {
        walk_checked(w, v);
    }
}

/* The most that the ranks still open to the search (from..ace, or with
 * any_order 4..from) and the wild cards left could add (the search never
 * changes nat[], so the ranks' part is a table). */
static inline int walk_reach(const cn_walk *w, int down, int from)
{
    return w->twos * 20 + w->jokers * 50 +
           (down ? w->reach_down[from] : w->reach[from]);
}

/* An opening found with the search's groups fixed..n-1 in descending
 * rank order (any_order): handed over in the list's order, ascending,
 * then put back. */
static inline void walk_flip(cn_walk *w, int n)
{
    for (int a = w->fixed, b = n - 1; a < b; a++, b--) {
        const cn_spec g = w->c.g[a];
        const int val = w->gval[a];
        w->c.g[a] = w->c.g[b];
        w->c.g[b] = g;
        w->gval[a] = w->gval[b];
        w->gval[b] = val;
    }
}

/* Add groups of the ranks still open until the minimum is reached: in
 * the list's order from..ace, each level a higher rank; with any_order
 * from the ace down to from, each level a lower rank (the openings of
 * the highest cards, which need the fewest, come first, so that the
 * player's bound on more cards and wild cards prunes the rest early).
 * The recursion is at most CANASTA_MOVE_MAX_GROUPS deep; the visitor is
 * the same at every level (so a compiler may specialise the function for
 * it). */
/* NOLINTNEXTLINE(misc-no-recursion): depth bounded as said above */
CN_NOINLINE static void walk_opening_dfs(cn_walk *w, const cn_visitor *v,
                                         int n, int from, int value,
                                         int used, int wilds)
{
    const int down = v->any_order;
    if (value >= w->minimum) {
        if (down)
            walk_flip(w, n);
        walk_opening_leaf(w, v, n, value);
        if (down)
            walk_flip(w, n);
        return;
    }
    if (n >= CANASTA_MOVE_MAX_GROUPS ||
        value + walk_reach(w, down, from) < w->minimum)
        return;
    /* The visitor's bound falls with more cards and wild cards
     * (CN_BRANCH_DEEPER): refused for the smallest group (three
     * naturals), it refuses every group here. */
    if (v->enter && !v->enter(w->vctx, CN_BRANCH_DEEPER, used + 3, wilds))
        return;
    const int twos = w->twos, jokers = w->jokers; /* as the level found */
    const int tmax = twos < 3 ? twos : 3;
    /* The ranks still open with a natural pair at least, from the kept
     * mask: from..ace, or 4..from down. */
    uint32_t ranks =
        w->pairs & (down ? (2u << from) - 1 : ~((1u << from) - 1));
    while (ranks) {
        const int r = down ? cn_highest_bit(ranks) : cn_lowest_bit(ranks);
        ranks &= ~(1u << r);
        const int nat = w->nat[r];
        const int cv = cn_value(CANASTA_CARD(r, 0));
        for (int k = 2; k <= nat; k++) {
            int k_open = 0; /* some group of k naturals was not refused */
            for (int t = 0; t <= tmax; t++) {
                const int jmax = jokers < 3 - t ? jokers : 3 - t;
                const int j0 = k + t < 3 ? 3 - k - t : 0; /* M1: three */
                int j = j0;
                for (; j <= jmax; j++) {
                    /* refused: so are more jokers, and (from the first
                     * jokers tried) more twos, which add as many cards
                     * and wild cards at least */
                    if (v->enter &&
                        !v->enter(w->vctx, CN_BRANCH_DEEPER,
                                  used + k + t + j, wilds + t + j))
                        break;
                    k_open = 1;
                    walk_group(w, n, r, k, t, j);
                    w->gval[n] = k * cv + t * 20 + j * 50;
                    w->twos = twos - t;
                    w->jokers = jokers - j;
                    walk_opening_dfs(w, v, n + 1, down ? r - 1 : r + 1,
                                     value + w->gval[n], used + k + t + j,
                                     wilds + t + j);
                }
                if (j == j0 && j <= jmax)
                    break;
            }
            /* k naturals and no wild card refused: more naturals too */
            if (!k_open && k >= 3)
                break;
        }
    }
    w->twos = twos;
    w->jokers = jokers;
}

/* The search's tables of reach (cn_opening_reach), rank skip left out,
 * and its first rank. */
CN_WALK int walk_reach_tables(cn_walk *w, const cn_visitor *v, int skip)
{
    w->pairs = w->more & CN_RANKS_4_TO_ACE & ~(1u << skip);
    cn_opening_reach(w->reach, w->nat, skip);
    if (!v->any_order)
        return 4;
    /* ranks 4..r: the whole sum less ranks r+1..ace */
    for (int r = 3; r <= 14; r++)
        w->reach_down[r] = w->reach[4] - w->reach[r + 1];
    return 14;
}

/* Whether an opening can reach the minimum (O1, O2), from an upper bound
 * on its value: the groups already fixed (value, groups: a take's top
 * card and its rank's naturals), then every other rank (but skip) of
 * three naturals or more in full, the best natural pairs that the wild
 * cards can make into melds (one wild card each: M1), and every wild
 * card the melds have room for (three each), the jokers first.  The
 * search's own reach counts every pair and every wild card, so a hand of
 * pairs and few wild cards passed it and was searched in vain. */
CN_WALK int walk_opening_in_reach(const cn_walk *w, int skip, int value,
                                  int groups)
{
    const uint8_t *nat = w->nat;
    uint32_t ranks = w->more & CN_RANKS_4_TO_ACE & ~(1u << skip);
    int pair_wilds = w->twos + w->jokers;
    while (ranks) {
        const int r = cn_highest_bit(ranks); /* the best pairs first */
        ranks &= ~(1u << r);
        if (nat[r] < 3) {
            if (pair_wilds == 0)
                continue;
            pair_wilds--;
        }
        value += nat[r] * cn_value(CANASTA_CARD(r, 0));
        groups++;
    }
    const int room = 3 * groups;
    const int jokers = w->jokers < room ? w->jokers : room;
    const int twos = w->twos < room - jokers ? w->twos : room - jokers;
    return value + 50 * jokers + 20 * twos >= w->minimum;
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
typedef struct cn_exit {
    cn_walk *w;
    int8_t rank[CN_RANKS], room[CN_RANKS]; /* the melds of the exit */
    int ntg;
    int8_t t[CN_RANKS], j[CN_RANKS];       /* their wild cards */
    int nat[CN_RANKS], b3;
} cn_exit;

static inline void walk_exit_leaf(cn_exit *x, const cn_visitor *v)
{
    cn_walk *w = x->w;
    int n = 0, used = 0, wilds = 0;
    for (int i = 0; i < x->ntg; i++) {
        int r = x->rank[i], k = x->nat[r];
        if (k + x->t[i] + x->j[i] == 0)
            continue;
        if (n >= CANASTA_MOVE_MAX_GROUPS)
            return;
        walk_group(w, n++, r, k, x->t[i], x->j[i]);
        used += k + x->t[i] + x->j[i];
        wilds += x->t[i] + x->j[i];
    }
    if (x->b3) {
        if (n >= CANASTA_MOVE_MAX_GROUPS)
            return;
        walk_group(w, n++, 3, x->b3, 0, 0);
        used += x->b3;
    }
    w->c.n = (uint8_t)n;
    w->c.used = used;
    w->c.wilds = wilds;
    w->c.out_after = 0;
    walk_checked(w, v);
}

/* One level per meld of the exit: at most one per rank 4..ace. */
/* NOLINTNEXTLINE(misc-no-recursion): depth bounded by the number of ranks */
static void walk_exit_wilds(cn_exit *x, const cn_visitor *v, int i,
                            int twos, int jokers)
{
    if (i == x->ntg) {
        if (twos == 0 && jokers == 0)
            walk_exit_leaf(x, v);
        return;
    }
    int room = x->room[i];
    for (int t = 0; t <= twos && t <= room; t++)
        for (int j = 0; j <= jokers && t + j <= room; j++) {
            x->t[i] = (int8_t)t;
            x->j[i] = (int8_t)j;
            walk_exit_wilds(x, v, i + 1, twos - t, jokers - j);
        }
}

/* w->c.kind says which: a MELD, or a TAKE_PILE of a top card of rank
 * top_rank (its value top_value) over `under` cards that would join the
 * hand.  A take's first group is the top card's rank, as
 * cn_rule_take_form allows it on a pile frozen for the side (an unopened
 * side's always is: cn_rule_pile). */
static void walk_exits(cn_walk *w, const cn_visitor *v, int top_rank,
                       int top_value, int under)
{
    const int take = w->c.kind == CANASTA_MOVE_TAKE_PILE;
    const int hand_twos = w->nat[2], hand_jokers = w->nat[15];
    cn_exit x;
    x.w = w;
    /* keep back nothing, or one card of a class: 2 twos, 3 black threes,
     * 4..14 naturals, 15 the joker; the hand is left with that card and
     * those picked up, one at most (G1) */
    for (int d = 0; d <= 15 && under + (d != 0) <= 1; d++) {
        int twos = hand_twos, jokers = hand_jokers;
        for (int r = 0; r < CN_RANKS; r++)
            x.nat[r] = w->nat[r];
        x.b3 = w->nat[3];
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
                     cn_rule_take_form(cn_pile_frozen(w->st, w->side), 0,
                                       x.nat[top_rank], 0) != CN_ALLOWED))
            continue;
        /* The side has no melds yet: every rank held becomes a new meld,
         * so a lone natural makes the exit impossible. */
        int ok = 1, value = top_value + twos * 20 + jokers * 50;
        x.ntg = 0;
        if (take) {
            x.rank[0] = (int8_t)top_rank;
            x.room[0] = 3;
            x.ntg = 1;
            value += x.nat[top_rank] * top_value;
        }
        for (int r = 4; r <= 14; r++) {
            if (take && r == top_rank)
                continue;
            if (x.nat[r] == 1)
                ok = 0;
            if (x.nat[r] >= 2) {
                x.rank[x.ntg] = (int8_t)r;
                x.room[x.ntg] = 3;
                x.ntg++;
                value += x.nat[r] * cn_value(CANASTA_CARD(r, 0));
            }
        }
        /* At or above the minimum without the black threes, the exit can
         * be played group by group after a minimal opening. */
        if (!ok || x.ntg + (x.b3 > 0) == 0 || value >= w->minimum)
            continue;
        walk_exit_wilds(&x, v, 0, twos, jokers);
    }
}

#endif
