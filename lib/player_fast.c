/* player_fast.c - the reference player's decisions without listing every
 * legal move (issue 5: speed).
 *
 * player.c defines a decision by scoring every legal move (legal.c) and
 * keeping the best; a tie goes to a seeded hash of the move's place in
 * that list.  The legal moves follow from the hand's counts, so this file
 * walks them in the list's order without building them, counts their
 * places, scores each from its counts with player.c's own score functions
 * (cn_meld_score, cn_out_meld_score, cn_take_score, cn_discard_score) and
 * builds only the winner.  Where legal.c asks the full check, the walk
 * asks the same question: from the counts and the rulebook's predicates
 * (rulebook.h) for a single-group meld (group_legal) and a pile take
 * (take_legal, with cn_check where P6 or the going-out rules may refuse
 * it), with cn_check for an opening that leaves one card or none.  The
 * counts are the facts the game state keeps (cn_kept).
 *
 * It gives up (returns 0, and player.c lists the moves) in the draw phase
 * of a side that has not opened (its takes are openings of several
 * groups), in the draw phase with the stock empty, and in the play phase
 * of a side that has not opened when the seat could go out (legal.c then
 * adds whole-hand exits).  Both ways choose the same move, and the walk
 * counts exactly the moves legal.c lists: the tests compare them at every
 * decision of hundreds of games.  This file follows legal.c's order and
 * bounds line by line, so a change to either must go into both.
 *
 * It reads the game itself, not a copy of the seat's view, and only what
 * the seat may see (A1): its own hand, the melds, the pile, the sizes of
 * hands and stock, the turn's state.  The hidden-card permutation tests of
 * the player hold it to that.
 *
 * Nothing here allocates. */
#include <string.h>
#include "player.h"
#include "rulebook.h"

/* The best move so far, as consider() in player.c keeps it. */
typedef struct pick {
    uint64_t seed;
    long score;
    uint64_t index;   /* its place in the legal list */
    uint64_t tie;     /* cn_player_tie of index, once needed */
    uint64_t n;       /* legal moves walked so far: the next one's place */
    int exhaustive;   /* walk every legal move, even when it cannot win */
    /* A move scoring CN_NEVER cannot be the choice: a discard, which
     * scores more, follows it in the list.  Such moves are counted, not
     * offered (never when exhaustive). */
    int never_loses;
    int found, tie_known;
    int kind, card, ngroups;
    cn_spec g[CANASTA_MOVE_MAX_GROUPS];
} pick;

/* The best move is the group (or a meld of groups) of kind `kind`. */
static void set_groups(pick *p, int kind, const cn_spec *g, int n)
{
    p->kind = kind;
    p->ngroups = n;
    memcpy(p->g, g, (size_t)n * sizeof *g);
}

static void set_group(pick *p, int kind, int r, int k, int t, int j)
{
    cn_spec g;
    g.r = (int8_t)r;
    g.k = (int8_t)k;
    g.t = (int8_t)t;
    g.j = (int8_t)j;
    set_groups(p, kind, &g, 1);
}

/* Offer the next legal move, with score s; 1 when it is the new best.
 * The tie hash is computed only between equal scores. */
static int offer(pick *p, long s)
{
    uint64_t index = p->n++;
    if (s == CN_NEVER && p->never_loses)
        return 0;
    if (p->found) {
        if (s < p->score)
            return 0;
        if (s == p->score) {
            if (!p->tie_known) {
                p->tie = cn_player_tie(p->seed, p->index);
                p->tie_known = 1;
            }
            uint64_t t = cn_player_tie(p->seed, index);
            if (t <= p->tie)
                return 0;
            p->tie = t;
        } else {
            p->tie_known = 0;
        }
    }
    p->found = 1;
    p->score = s;
    p->index = index;
    return 1;
}

/* The groups' cards from the hand, in order, as legal.c picks them (so
 * two groups never name the same card). */
static void fill_groups(canasta_move *m, const uint8_t *hand, const cn_spec *g,
                        int n)
{
    uint8_t avail[CANASTA_CARD_LIMIT];
    memcpy(avail, hand, sizeof avail);
    m->ngroups = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        m->groups[i].rank = (uint8_t)g[i].r;
        cn_fill_group(&m->groups[i], avail, g[i].r, g[i].k, g[i].t, g[i].j);
    }
}

/* Whether the move of kind MELD or TAKE_PILE with these groups is legal,
 * by the full check. */
static int groups_legal(const cn_facts *f, int kind, const cn_spec *g, int n)
{
    canasta_move m;
    m.kind = (uint8_t)kind;
    m.seat = (uint8_t)f->seat;
    m.card = 0;
    fill_groups(&m, f->st->hand[f->seat], g, n);
    return cn_check(f->st, &m, NULL, 0) == CANASTA_OK;
}

/* Whether an opened side's take of the pile with the hand cards of
 * group (r, k, t, j), a form the legal moves list (cn_take_form_listed),
 * is legal, as take_variants asks the full check.  The pile can be taken
 * (cn_rule_pile: the caller asked), the form meets P4 and P5 and makes a
 * legal meld with the top card (M1, M4: onto the side's meld it adds a
 * natural; a new meld is three cards, one wild at most), and an opened
 * side needs no opening: what is left is P6 and cn_rule_after_meld on
 * the hand it leaves (less the form, plus the cards under the top but
 * red threes, R2), which the full check decides when they may refuse. */
static int take_legal(const cn_facts *f, int r, int k, int t, int j)
{
    const cn_state *st = f->st;
    const int after = f->hand_n - (k + t + j) + cn_pile_pickup_count(st);
    if (cn_rule_one_card(st->p.one_card_rule, f->hand_n, st->pile_n) ==
            CN_ALLOWED &&
        cn_rule_after_meld(0, after, st->permission) == CN_ALLOWED)
        return 1;
    cn_spec g;
    g.r = (int8_t)r;
    g.k = (int8_t)k;
    g.t = (int8_t)t;
    g.j = (int8_t)j;
    return groups_legal(f, CANASTA_MOVE_TAKE_PILE, &g, 1);
}

/* cn_rule_ask, with the seat's going-out check left for last (it is the
 * costly part, and the melds' scores need it too, so the facts keep
 * it). */
static int ask_legal(cn_facts *f)
{
    if (cn_rule_ask(f->st, f->seat) != (CN_REFUSED_G4_CANNOT_OUT |
                                        CN_UNLESS_OUT))
        return 0;
    int can = cn_facts_can_go_out(f);
    cn_facts_out(f, can); /* known now for the melds too */
    return can;
}

/* player.c's still_out_after for the single group (r, k naturals, t
 * twos, j jokers), from the counts: could the seat still go out after
 * melding it?  (After a meld the side has opened: no minimum.) */
static int still_out(const cn_facts *f, int r, int k, int t, int j)
{
    if (f->hand_n == k + t + j)
        return 1; /* the meld took the last card: it went out */
    /* The going-out check's first refusal, from the kept masks: the meld
     * changes the strays only at its own rank (and the black threes). */
    if (cn_strays_kept(&f->st->k, f->seat, f->side, r, r == 3 ? k : 0) > 1)
        return 0;
    uint8_t held[CN_RANKS], size[CN_RANKS], mw[CN_RANKS];
    memcpy(held, f->nat, sizeof held);
    memcpy(size, f->meld_size, sizeof size);
    memcpy(mw, f->meld_wild, sizeof mw);
    held[r] = (uint8_t)(held[r] - k); /* r == 3: the black threes */
    held[2] = (uint8_t)(held[2] - t);
    held[15] = (uint8_t)(held[15] - j);
    size[r] = (uint8_t)(size[r] + k + t + j);
    mw[r] = (uint8_t)(mw[r] + t + j);
    return cn_opened_out_kinds(held, size, mw, f->st->p.canastas_to_go_out);
}

/* Whether the single-group meld (r, k, t, j) of an opened side is legal
 * where legal.c asks the full check: it leaves the hand one card or none,
 * or follows a yes.  The construction makes the group a legal meld (M1-M6
 * as far as the group goes), so what the full check adds is
 * cn_rule_after_meld (as meld.c's check asks it), here with the going-out
 * check from the counts. */
static int group_legal(const cn_facts *f, int r, int k, int t, int j)
{
    const cn_state *st = f->st;
    int used = k + t + j, left = f->hand_n - used;
    int v = cn_rule_after_meld(r == 3, left, st->permission);
    if (!(v & CN_UNLESS_OUT))
        return v == CN_ALLOWED;
    if (left == 0) { /* out already: with the canastas? */
        int size = f->meld_size[r];
        int completes = r != 3 && size < 7 && size + used >= 7;
        return f->canastas + completes >= st->p.canastas_to_go_out;
    }
    return still_out(f, r, k, t, j);
}

/* Offer the legal single-group meld (r, k, t, j) at the next place.
 * out_known: group_legal found it legal, which proves the seat can still
 * go out after it (every case it checks needs that). */
static void offer_group(pick *p, cn_facts *f, int r, int k, int t, int j,
                        int out_known)
{
    int size = f->meld_size[r], used = k + t + j;
    cn_meld_sum s;
    s.used = used;
    s.wilds = t + j;
    s.completes = size < 7 && size + used >= 7;
    s.new_pair_wild = size == 0 && k == 2 && t + j > 0;
    s.pair_added = size > 0 && k == 2 && f->nat[r] == 2;
    long score;
    if (f->out_known ? f->wants_out : cn_facts_wants_out(f)) {
        /* Going out: the score if the exit stays open is known without
         * the costly check; when even that is below the best so far, the
         * meld cannot win or tie, and only its place counts. */
        score = cn_out_meld_score(&s, 1);
        if (p->found && score < p->score) {
            p->n++;
            return;
        }
        if (!out_known && !still_out(f, r, k, t, j))
            score = cn_out_meld_score(&s, 0);
    } else {
        score = cn_meld_score(f, &s);
    }
    if (offer(p, score))
        set_group(p, CANASTA_MOVE_MELD, r, k, t, j);
}

/* The single-group melds of rank r (4..14) of an opened side, in
 * legal.c's order: k naturals, then t twos, then j jokers.  quiet: the
 * seat neither wants out nor was told yes, and CN_NEVER loses
 * (never_loses), so a group with wild cards below cn_meld_wild_floor that
 * leaves two cards or more is legal by construction and cannot be
 * chosen: a row of such groups is counted, not walked. */
static void offer_rank(pick *p, cn_facts *f, int r, int quiet)
{
    const int hn = f->hand_n, twos = f->twos, jokers = f->jokers;
    const int perm = f->st->permission;
    const int size = f->meld_size[r], nat = f->nat[r];
    const int room = cn_wild_room(f->meld_wild[r]);
    const int tmax = twos < room ? twos : room;
    /* The row of k naturals holds the wild groups (t, j) with t + j >= 1
     * (never fewer than three cards then, since k >= 2 for a new meld):
     * wild_groups of them, using up to k + most. */
    const int most = room < twos + jokers ? room : twos + jokers;
    int wild_groups = 0;
    for (int t = 0; t <= tmax; t++)
        wild_groups += 1 + (room - t < jokers ? room - t : jokers);
    wild_groups--; /* t = j = 0 */
    for (int k = size ? 0 : 2; k <= nat; k++) {
        const int floor = quiet ? cn_meld_wild_floor(f, size, k) : 0;
        if (k + most < floor && k + most <= hn - 2) {
            /* quiet, and the whole row's wild groups are below the floor
             * and leave two cards: only the natural group (which leaves
             * two cards too, so needs no check) can be chosen */
            if (k > 0 && (size > 0 || k >= 3))
                offer_group(p, f, r, k, 0, 0, 0);
            p->n += (uint64_t)wild_groups;
            continue;
        }
        for (int t = 0; t <= tmax; t++) {
            int jmax = room - t < jokers ? room - t : jokers;
            for (int j = 0; j <= jmax; j++) {
                int used = k + t + j;
                if (used == 0 || (size == 0 && used < 3))
                    continue;
                /* legal by construction unless cn_rule_after_meld may
                 * refuse it (group_legal then decides) */
                int checked = cn_rule_after_meld(0, hn - used, perm) !=
                              CN_ALLOWED;
                if (checked && !group_legal(f, r, k, t, j))
                    continue;
                offer_group(p, f, r, k, t, j, checked);
            }
        }
    }
}

/* The single-group melds of an opened side, in legal.c's order
 * (single_groups).  The construction makes them legal, except where
 * cn_rule_after_meld may refuse them (one card or none left, or after a
 * yes): group_legal decides those. */
static void offer_melds(pick *p, cn_facts *f)
{
    const int yes = f->st->permission == CANASTA_PERMISSION_YES;
    int quiet = -1; /* offer_rank's; asked at the first rank with groups */
    /* The ranks with groups: a meld to add to, or a natural pair. */
    const cn_kept *kp = &f->st->k;
    uint32_t ranks = (uint32_t)(kp->melded[f->side] | kp->held_more[f->seat]) &
                     CN_RANKS_4_TO_ACE;
    while (ranks) {
        const int r = cn_lowest_bit(ranks);
        ranks &= ranks - 1;
        if (quiet < 0)
            quiet = p->never_loses && !yes &&
                    !(f->out_known ? f->wants_out : cn_facts_wants_out(f));
        offer_rank(p, f, r, quiet);
    }
    /* Black threes: legal only in the move that goes out (group_legal). */
    for (int k = 3; k <= f->nat[3] && k <= 4; k++)
        if (group_legal(f, 3, k, 0, 0))
            offer_group(p, f, 3, k, 0, 0, 1);
}

/* Whether the play phase lists discards (cn_rule_discard). */
static int discards_legal(const cn_facts *f)
{
    const cn_state *st = f->st;
    return cn_rule_discard(f->hand_n, st->permission, f->canastas,
                           st->p.canastas_to_go_out) == CN_ALLOWED;
}

/* One discard per kind of card, lowest code first (legal.c's discards).
 * Only the kinds that score the most can win or tie, so only they are
 * offered, each at its place; the rest are counted. */
static void offer_discards(pick *p, const cn_facts *f)
{
    if (!discards_legal(f))
        return;
    /* The kinds held: 2 (twos), 3 (black threes), 4..14, 15 (jokers).
     * cn_discard_score reads only the kind, so a card of the kind (the
     * first suit, 12 for the black threes) stands for it. */
    const cn_kept *kp = &f->st->k;
    uint32_t kinds = (uint32_t)(kp->held_one[f->seat] |
                                kp->held_more[f->seat]) & 0xFFFCu;
    long score[CN_RANKS], top = 0;
    int held = 0;
    for (uint32_t k = kinds; k; k &= k - 1) {
        const int cls = cn_lowest_bit(k);
        const long s = cn_discard_score(f, cls == 15 ? CANASTA_JOKER
                                                     : cls * 4);
        score[cls] = s;
        top = s > top ? s : top;
        held++;
    }
    const uint64_t first = p->n;
    if (held && (!p->found || top >= p->score)) {
        int i = 0;
        for (uint32_t k = kinds; k; k &= k - 1, i++) {
            const int cls = cn_lowest_bit(k);
            if (score[cls] != top)
                continue;
            p->n = first + (uint64_t)i; /* its place */
            if (offer(p, top)) {
                p->kind = CANASTA_MOVE_DISCARD;
                p->card = cn_kind_card(f->st->hand[f->seat], cls);
            }
        }
    }
    p->n = first + (uint64_t)held;
}

/* ---- the first meld of a side (O1-O3) ---- */

/* legal.c's opening_dfs, walked without building the moves: the same
 * openings in the same order, each scored from its counts. */
typedef struct opening {
    pick *p;
    cn_facts *f;
    int minimum, twos, jokers; /* wild cards not in the opening yet */
    int reach[CN_RANKS];       /* cn_opening_reach (legal.c) */
    int gval[CANASTA_MOVE_MAX_GROUPS];
    cn_spec sp[CANASTA_MOVE_MAX_GROUPS];
} opening;

/* The most that ranks from..ace and the wild cards left could add
 * (legal.c's opening_reach). */
static int opening_reach(const opening *o, int from)
{
    return o->twos * 20 + o->jokers * 50 + o->reach[from];
}

static void opening_leaf(opening *o, int n, int value)
{
    const cn_facts *f = o->f;
    cn_meld_sum s;
    memset(&s, 0, sizeof s);
    for (int g = 0; g < n; g++) {
        if (value - o->gval[g] >= o->minimum)
            return; /* not minimal: group g could be laid later */
        int r = o->sp[g].r, nat = o->sp[g].k, wild = o->sp[g].t + o->sp[g].j;
        int size = f->meld_size[r];
        s.used += nat + wild;
        s.wilds += wild;
        s.completes += size < 7 && size + nat + wild >= 7;
        s.new_pair_wild += size == 0 && nat == 2 && wild > 0;
        s.pair_added += size > 0 && nat == 2 && f->nat[r] == 2;
    }
    /* The groups reach the minimum by construction; when
     * cn_rule_after_meld may refuse them, the full check decides (as in
     * legal.c). */
    if (cn_rule_after_meld(0, f->hand_n - s.used, f->st->permission) !=
            CN_ALLOWED &&
        !groups_legal(f, CANASTA_MOVE_MELD, o->sp, n))
        return;
    if (offer(o->p, cn_meld_score(f, &s)))
        set_groups(o->p, CANASTA_MOVE_MELD, o->sp, n);
}

/* One level per group: at most CANASTA_MOVE_MAX_GROUPS deep (legal.c). */
/* NOLINTNEXTLINE(misc-no-recursion): depth bounded as said above */
static void opening_dfs(opening *o, int n, int from, int value)
{
    if (value >= o->minimum) {
        opening_leaf(o, n, value);
        return;
    }
    if (n >= CANASTA_MOVE_MAX_GROUPS ||
        value + opening_reach(o, from) < o->minimum)
        return;
    for (int r = from; r <= 14; r++) {
        int nat = o->f->nat[r];
        if (nat < 2)
            continue;
        int v = cn_value(CANASTA_CARD(r, 0));
        for (int k = 2; k <= nat; k++)
            for (int t = 0; t <= o->twos && t <= 3; t++)
                for (int j = 0; j <= o->jokers && t + j <= 3; j++) {
                    if (k + t + j < 3)
                        continue; /* M1: three cards at least */
                    o->sp[n].r = (int8_t)r;
                    o->sp[n].k = (int8_t)k;
                    o->sp[n].t = (int8_t)t;
                    o->sp[n].j = (int8_t)j;
                    o->gval[n] = k * v + t * 20 + j * 50;
                    o->twos -= t;
                    o->jokers -= j;
                    opening_dfs(o, n + 1, r + 1, value + o->gval[n]);
                    o->twos += t;
                    o->jokers += j;
                }
    }
}

/* The play phase of a side that has not opened and a seat that cannot go
 * out (else 0: legal.c then adds whole-hand exits, and the scores need the
 * moves): no question is legal (cn_rule_ask), then the openings, then
 * discards. */
static int offer_openings(pick *p, cn_facts *f)
{
    opening o;
    o.minimum = cn_seat_minimum(f->st, f->seat);
    if (o.minimum <= 0 || cn_facts_can_go_out(f))
        return 0;
    o.p = p;
    o.f = f;
    o.twos = f->twos;
    o.jokers = f->jokers;
    cn_opening_reach(o.reach, f->nat, 0);
    opening_dfs(&o, 0, 4, 0);
    return 1;
}

/* The draw phase of an opened side with cards in the stock, when the
 * pile is worth taking (else player.c's draw_is_the_choice has decided):
 * the draw, then legal.c's take_variants in its order.  Every take then
 * scores above the draw, so the first legal one wins unless a later one
 * scores the same (a two or a joker with one natural). */
static int draw_phase(pick *p, cn_facts *f)
{
    const cn_state *st = f->st;
    if (!f->opened || st->stock_n == 0 || !cn_take_worth(f))
        return 0;
    offer(p, 1000); /* the draw (player.c's score) */
    p->kind = CANASTA_MOVE_DRAW;
    int top = f->top;
    if (cn_pile_flags(st, f->side) & CN_PILE_NO_TAKE)
        return 1; /* no take is listed (cn_rule_pile) */
    int r = cn_rank(top);
    for (int i = 0; i < 4; i++) {
        if (!cn_take_form_listed(i, f->frozen, f->meld_size[r] > 0))
            continue;
        int k = cn_take_forms[i][0], t = cn_take_forms[i][1],
            j = cn_take_forms[i][2];
        if (f->nat[r] < k || f->twos < t || f->jokers < j)
            continue;
        long s = cn_take_score(f, k + t + j, t + j);
        if (s < p->score && !p->exhaustive)
            continue; /* it cannot win, nor can the forms after it (they
                       * score no more), so its place does not matter */
        if (!take_legal(f, r, k, t, j))
            continue;
        if (offer(p, s))
            set_group(p, CANASTA_MOVE_TAKE_PILE, r, k, t, j);
    }
    return 1;
}

static int play_phase(pick *p, cn_facts *f)
{
    /* Every discard scores above CN_NEVER (cn_discard_score). */
    p->never_loses = !p->exhaustive && f->hand_n >= 1 && discards_legal(f);
    if (!f->opened) {
        if (!offer_openings(p, f))
            return 0;
    } else {
        if (ask_legal(f)) {
            /* A legal question proves the seat can go out; asking scores
             * 5000, above any meld or discard, if the seat wants out and
             * its knob lets it ask. */
            int ask = cn_facts_out(f, 1) && f->knob[CANASTA_KNOB_ASK - 1];
            if (offer(p, ask ? 5000 : CN_NEVER))
                p->kind = CANASTA_MOVE_ASK;
            if (ask && !p->exhaustive)
                return 1;
        }
        offer_melds(p, f);
    }
    /* The discards come last in the list, so skipping them moves no
     * other move's place. */
    if (p->exhaustive || !p->found || p->score <= CN_DISCARD_MAX)
        offer_discards(p, f);
    return p->found;
}

int cn_player_fast(canasta_move *move, cn_facts *f, uint64_t seed,
                   uint64_t *walked)
{
    const cn_state *st = f->st;
    /* cppcheck-suppress unassignedVariable ; zero: see cn_move_clear */
    static const pick zero_pick;
    pick p = zero_pick;
    p.seed = seed;
    p.exhaustive = walked != NULL;
    switch (st->phase) {
    case CANASTA_PHASE_DRAW:
        if (!draw_phase(&p, f))
            return 0;
        break;
    case CANASTA_PHASE_PLAY:
        if (!play_phase(&p, f))
            return 0;
        break;
    case CANASTA_PHASE_ANSWER:
        /* The legal moves are yes, then no; they never score alike. */
        p.kind = cn_answer_yes(f) ? CANASTA_MOVE_ANSWER_YES
                                  : CANASTA_MOVE_ANSWER_NO;
        p.n = 2;
        break;
    case CANASTA_PHASE_HAND_OVER:
        p.kind = CANASTA_MOVE_NEXT_HAND; /* the only legal move */
        p.n = 1;
        break;
    default:
        return 0;
    }
    if (walked)
        *walked = p.n;
    cn_move_clear(move);
    move->kind = (uint8_t)p.kind;
    move->seat = (uint8_t)f->seat;
    if (p.kind == CANASTA_MOVE_DISCARD) {
        move->card = (uint8_t)p.card;
    } else if (p.kind == CANASTA_MOVE_MELD ||
               p.kind == CANASTA_MOVE_TAKE_PILE) {
        fill_groups(move, st->hand[f->seat], p.g, p.ngroups);
    }
    return 1;
}
