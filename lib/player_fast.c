/* player_fast.c - the reference player's everyday decisions without
 * listing every legal move (issue 5: speed).
 *
 * player.c decides by scoring every legal move (legal.c) and keeping the
 * best; a tie goes to a seeded hash of the move's place in that list.
 * Most decisions of a game are play-phase turns of a seat whose hand
 * cannot go out: a meld for a side that has opened, or a discard.  Their
 * legal moves follow from the hand's counts, so this file walks them in
 * the list's order without building them, counts their places, scores
 * each from its counts with player.c's own rules (cn_meld_score,
 * cn_discard_score) and builds only the winner.  It gives up (returns 0)
 * whenever a decision needs more than counts: a seat that wants to go
 * out, a first meld that could reach the minimum, a partner's yes, the
 * answer to a question.  player.c then lists the moves as before.  Both
 * ways choose the same move; the tests compare them at every decision of
 * whole games.
 *
 * It reads the game itself, not a copy of the seat's view, and only what
 * the seat may see (A1): its own hand, its side's melds, the pile's size
 * and top, the stock's size, the turn's state.  The hidden-card
 * permutation tests of the player hold it to that.
 *
 * Nothing here allocates. */
#include <string.h>
#include "internal.h"
#include "player.h"

/* The best move so far, as consider() in player.c keeps it. */
typedef struct pick {
    uint64_t seed;
    long score;
    uint64_t index;   /* its place in the legal list */
    uint64_t tie;     /* cn_player_tie of index, once needed */
    int found, tie_known;
    int kind, rank, k, t, j, card;
} pick;

/* Offer the move at place index with score s; 1 when it is the new best.
 * The tie hash is computed only between equal scores. */
static int offer(pick *p, long s, uint64_t index)
{
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

/* Whether the single group (r, k naturals, t twos, j jokers) is legal
 * where legal.c asks the full check: it leaves the hand one card or
 * none, so going out (G1, M6) decides. */
static int group_legal(const cn_facts *f, int r, int k, int t, int j)
{
    uint8_t avail[CANASTA_CARD_LIMIT];
    canasta_move m;
    memcpy(avail, f->st->hand[f->seat], sizeof avail);
    m.kind = CANASTA_MOVE_MELD;
    m.seat = (uint8_t)f->seat;
    m.card = 0;
    m.ngroups = 1;
    m.groups[0].rank = (uint8_t)r;
    cn_fill_group(&m.groups[0], avail, r, k, t, j);
    return cn_check(f->st, &m, NULL, 0) == CANASTA_OK;
}

/* G4 as check_ask (moves.c) decides it, with the seat's going-out check
 * left for last (it is the costly part, and the melds' scores need it
 * too, so the facts keep it). */
static int ask_legal(cn_facts *f)
{
    const cn_state *st = f->st;
    if (!st->p.ask_allowed || st->permission != CANASTA_PERMISSION_NONE ||
        st->turn_melds || st->turn_take_extra || f->hand_n < 2 ||
        cn_partner(st, f->seat) < 0)
        return 0;
    int can = cn_facts_can_go_out(f);
    cn_facts_out(f, can); /* known now for the melds too */
    return can;
}

/* The single-group melds of an opened side, in legal.c's order
 * (single_groups): returns 0 if the seat turns out to want to go out. */
static int offer_melds(pick *p, cn_facts *f, uint64_t *index)
{
    const int hn = f->hand_n, twos = f->twos, jokers = f->jokers;
    for (int r = 4; r <= 14; r++) {
        const int size = f->meld_size[r], nat = f->nat[r];
        if (size == 0 && nat < 2)
            continue;
        const int room = cn_wild_room(f->meld_wild[r]);
        const int tmax = twos < room ? twos : room;
        for (int k = size ? 0 : 2; k <= nat; k++)
            for (int t = 0; t <= tmax; t++) {
                int jmax = room - t < jokers ? room - t : jokers;
                for (int j = 0; j <= jmax; j++) {
                    int used = k + t + j;
                    if (used == 0 || (size == 0 && used < 3))
                        continue;
                    if (hn - used <= 1 && !group_legal(f, r, k, t, j))
                        continue;
                    if (cn_facts_wants_out(f))
                        return 0; /* the going-out score needs the move */
                    cn_meld_sum s;
                    s.used = used;
                    s.wilds = t + j;
                    s.completes = size < 7 && size + used >= 7;
                    s.new_pair_wild = size == 0 && k == 2 && t + j > 0;
                    s.pair_added = size > 0 && k == 2 && nat == 2;
                    if (offer(p, cn_meld_score(f, &s), (*index)++)) {
                        p->kind = CANASTA_MOVE_MELD;
                        p->rank = r;
                        p->k = k;
                        p->t = t;
                        p->j = j;
                    }
                }
            }
    }
    /* M6: black threes only in the move that goes out. */
    for (int k = 3; k <= f->nat[3] && k <= 4; k++) {
        if (hn - k > 1 || !group_legal(f, 3, k, 0, 0))
            continue;
        if (cn_facts_wants_out(f))
            return 0;
        /* It leaves at most one card: never wanted (cn_meld_score). */
        if (offer(p, CN_NEVER, (*index)++)) {
            p->kind = CANASTA_MOVE_MELD;
            p->rank = 3;
            p->k = k;
            p->t = p->j = 0;
        }
    }
    return 1;
}

/* One discard per kind of card, lowest code first (legal.c's discards). */
static void offer_discards(pick *p, const cn_facts *f, uint64_t index)
{
    const cn_state *st = f->st;
    const uint8_t *h = st->hand[f->seat];
    if (f->hand_n == 1 && (st->permission == CANASTA_PERMISSION_NO ||
                           f->canastas < st->p.canastas_to_go_out))
        return; /* G1, G4: the last card goes only when going out */
    for (int cls = 2; cls <= 15; cls++) {
        int card = 0;
        if (cls == 15) {
            card = f->jokers ? CANASTA_JOKER : 0;
        } else if (cls == 3) {
            card = h[12] ? 12 : h[15] ? 15 : 0;
        } else if (cls == 2 ? f->twos : f->nat[cls]) {
            card = cls * 4;
            while (!h[card])
                card++;
        }
        if (!card)
            continue;
        if (offer(p, cn_discard_score(f, card), index++)) {
            p->kind = CANASTA_MOVE_DISCARD;
            p->card = card;
        }
    }
}

/* A side that has not opened, when no opening can reach the minimum and
 * the seat cannot go out: its only legal moves are discards. */
static int unopened_discards_only(cn_facts *f)
{
    const cn_state *st = f->st;
    int minimum = cn_seat_minimum(st, f->seat);
    if (minimum <= 0)
        return 0;
    /* legal.c's opening_reach from the first rank */
    int reach = f->twos * 20 + f->jokers * 50;
    for (int r = 4; r <= 14; r++)
        if (f->nat[r] >= 2)
            reach += f->nat[r] * cn_value(CANASTA_CARD(r, 0));
    if (reach >= minimum)
        return 0;
    return !cn_facts_can_go_out(f);
}

static int play_phase(pick *p, cn_facts *f)
{
    const cn_state *st = f->st;
    uint64_t index = 0;
    if (st->permission == CANASTA_PERMISSION_YES)
        return 0; /* every move must lead out: the full check decides */
    if (!f->opened) {
        if (!unopened_discards_only(f))
            return 0;
    } else {
        if (ask_legal(f)) {
            /* A legal question proves the seat can go out. */
            if (cn_facts_out(f, 1)) {
                if (!f->knob[CANASTA_KNOB_ASK - 1])
                    return 0; /* going out without asking: the full list */
                /* Asking scores 5000, above any meld or discard. */
                p->kind = CANASTA_MOVE_ASK;
                p->found = 1;
                return 1;
            }
            offer(p, CN_NEVER, index++); /* asking is not wanted */
            p->kind = CANASTA_MOVE_ASK;
        }
        if (!offer_melds(p, f, &index))
            return 0;
    }
    offer_discards(p, f, index);
    return p->found;
}

int cn_player_fast(canasta_move *move, cn_facts *f, uint64_t seed)
{
    const cn_state *st = f->st;
    pick p;
    memset(&p, 0, sizeof p);
    p.seed = seed;
    switch (st->phase) {
    case CANASTA_PHASE_PLAY:
        if (!play_phase(&p, f))
            return 0;
        break;
    case CANASTA_PHASE_ANSWER:
        /* The legal moves are yes, then no; they never score alike. */
        p.kind = cn_answer_yes(f) ? CANASTA_MOVE_ANSWER_YES
                                  : CANASTA_MOVE_ANSWER_NO;
        break;
    case CANASTA_PHASE_HAND_OVER:
        p.kind = CANASTA_MOVE_NEXT_HAND; /* the only legal move */
        break;
    default:
        return 0;
    }
    memset(move, 0, sizeof *move);
    move->kind = (uint8_t)p.kind;
    move->seat = (uint8_t)f->seat;
    if (p.kind == CANASTA_MOVE_DISCARD) {
        move->card = (uint8_t)p.card;
    } else if (p.kind == CANASTA_MOVE_MELD) {
        uint8_t avail[CANASTA_CARD_LIMIT];
        memcpy(avail, st->hand[f->seat], sizeof avail);
        move->ngroups = 1;
        move->groups[0].rank = (uint8_t)p.rank;
        cn_fill_group(&move->groups[0], avail, p.rank, p.k, p.t, p.j);
    }
    return 1;
}
