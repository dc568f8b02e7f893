/* state_check.c - cn_state_check (state_check.h): everything that no
 * single line of a position can check, on the whole state, in the order
 * below; each check_* returns CANASTA_OK or the error of the first thing
 * wrong.  A position with two faults is refused for the one found first,
 * so the order is part of what the readers say.  The messages are those
 * of the position reader (docs/NOTATION.md), which runs these checks; a
 * state of a game that breaks one is a library bug, which checked builds
 * stop at (CN_STATE_CHECKED). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cn_assert.h"
#include "position.h"
#include "state_check.h"

typedef struct ck {
    const cn_state *st;
    const cn_state_lines *at; /* never NULL: no_lines when none given */
    int lines;                /* the state came with lines */
    int what;                 /* CN_CHECK_* */
    char *why;
    size_t ws;
} ck;

/* A state without lines names line 0 nowhere: fail() leaves "line N: "
 * out for it. */
static const cn_state_lines no_lines;

static int fail(const ck *c, int code, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int fail(const ck *c, int code, int line, const char *fmt, ...)
{
    if (c->why && c->ws) {
        int n = c->lines ? snprintf(c->why, c->ws, "line %d: ", line) : 0;
        if (n >= 0 && (size_t)n < c->ws) {
            va_list ap;
            va_start(ap, fmt);
            /* Cut to why_size, as cn_why_line cuts. */
            (void)vsnprintf(c->why + n, c->ws - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

#define BAD(c, line, ...) fail((c), CANASTA_E_INVALID, (line), __VA_ARGS__)
#define MISSING(c, line, ...) fail((c), CANASTA_E_SYNTAX, (line), __VA_ARGS__)
#define AT(field) (c->at->field)

static int popcount16(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static int phase_in_play(int ph)
{
    return ph == CANASTA_PHASE_DRAW || ph == CANASTA_PHASE_PLAY ||
           ph == CANASTA_PHASE_ANSWER;
}

/* The seat that went out in the last hand, or -1. */
static int end_seat_of(const cn_state *st)
{
    return st->end_seat == 0xFF ? -1 : st->end_seat;
}

static int ended_by_going_out(int how)
{
    return how == CANASTA_END_WENT_OUT || how == CANASTA_END_CONCEALED;
}

/* Every field within its range, and the counts that mirror others equal
 * to them, so that the checks after this one may index by any field.  A
 * position never fails here (its lines take only these values, and the
 * reader derives the mirrors), so only a library bug does: NEVER. */
/* A macro, not a function: coverage builds drop every call (NEVER). */
#define FIELDS_WRONG(c)                                                     \
    BAD((c), AT(end), "the state holds a value out of its range, or "       \
        "counts that do not add up")

static int check_fields(const ck *c)
{
    const cn_state *st = c->st;
    const cn_params *p = &st->p;
    int np = p->players;
    if (NEVER(st->phase < CANASTA_PHASE_DRAW ||
              st->phase > CANASTA_PHASE_GAME_OVER || st->dealer >= np ||
              st->turn_seat >= np || st->cur >= np ||
              st->turn_src > CN_SRC_PILE ||
              st->permission > CANASTA_PERMISSION_NO ||
              st->end_how > CANASTA_END_STOCK ||
              (st->end_seat != 0xFF && st->end_seat >= np) ||
              st->scored != (st->end_how != CANASTA_END_NONE) ||
              st->lone_plus1 > (p->lone_hand ? np : 0) ||
              st->turn_take_extra > 1 || st->melded_before_turn > 1 ||
              st->turn_added_old > 1 ||
              (st->turn_new_melds & ~0x7FF8u) != 0 || /* ranks 3 .. ace */
              st->stock_n + st->pile_n > p->deck_size))
        return FIELDS_WRONG(c);
    for (int s = 0; s < np; s++) {
        int n = 0, other = 0;
        for (int k = 0; k < CANASTA_CARD_LIMIT; k++) {
            n += st->hand[s][k];
            other += cn_valid_card(k) ? 0 : st->hand[s][k];
        }
        /* No card code outside 8..60 and no red three (R1) in a hand. */
        if (NEVER(n != st->hand_n[s] || other || st->hand[s][13] ||
                  st->hand[s][14] || st->side_of[s] >= p->sides ||
                  st->seat_melded[s] > 1))
            return FIELDS_WRONG(c);
    }
    for (int side = 0; side < CN_MAX_SIDES; side++)
        for (int r = 0; r < CN_RANKS; r++) {
            const cn_meld *m = &st->melds[side][r];
            int used = side < p->sides && r >= 3 && r <= 14;
            if (NEVER(m->naturals != cn_sum4(m->nat_suit) ||
                      m->twos != cn_sum4(m->two_suit) ||
                      (!used && cn_meld_size(m)) || st->opened[side] > 1))
                return FIELDS_WRONG(c);
        }
    int bad = 0, wilds = 0, red3 = 0;
    for (int i = 0; i < st->stock_n; i++)
        bad |= !cn_valid_card(st->stock[i]);
    for (int i = 0; i < st->pile_n; i++) {
        bad |= !cn_valid_card(st->pile[i]);
        wilds += cn_is_wild(st->pile[i]);
        red3 += cn_is_red3(st->pile[i]);
    }
    if (NEVER(bad || wilds != st->pile_wilds || red3 != st->pile_red3))
        return FIELDS_WRONG(c);
    /* The facts kept for the decisions (facts.c) equal a recount. */
    if (NEVER(!cn_facts_check(st)))
        return FIELDS_WRONG(c);
    return CANASTA_OK;
}

/* C2: every card of the deck exactly once per copy. */
static int check_deck(const ck *c)
{
    const cn_state *st = c->st;
    uint8_t want[CANASTA_CARD_LIMIT];
    int placed[CANASTA_CARD_LIMIT] = { 0 };
    cn_deck_counts(&st->p, want);
    for (int s = 0; s < st->p.players; s++) {
        for (int k = 8; k <= 60; k++)
            placed[k] += st->hand[s][k];
        placed[CANASTA_CARD(3, CANASTA_DIAMONDS)] += st->red3[s][0];
        placed[CANASTA_CARD(3, CANASTA_HEARTS)] += st->red3[s][1];
    }
    for (int side = 0; side < st->p.sides; side++)
        for (int r = 3; r <= 14; r++) {
            uint8_t meld[CANASTA_CARD_LIMIT];
            cn_meld_counts(meld, &st->melds[side][r], r);
            for (int k = 8; k <= 60; k++)
                placed[k] += meld[k];
        }
    for (int i = 0; i < st->stock_n; i++)
        placed[st->stock[i]]++;
    for (int i = 0; i < st->pile_n; i++)
        placed[st->pile[i]]++;
    char name[8];
    for (int k = 8; k <= 60; k++)
        if (placed[k] != want[k]) {
            cn_card_name(name, k);
            return BAD(c, AT(end), "C2: the deck holds %d %s but the "
                       "position places %d", want[k], name, placed[k]);
        }
    return CANASTA_OK;
}

/* P3, C5: the pile's red threes.  A red three can only be a covered
 * upcard: below it only upcards (wild cards, red threes), and a card that
 * is neither above them all. */
static int check_pile(const ck *c)
{
    const cn_state *st = c->st;
    int L_pile = AT(key[CN_K_PILE]);
    char name[8];
    int k = 0;
    while (k < st->pile_n &&
           (cn_is_wild(st->pile[k]) || cn_is_red3(st->pile[k])))
        k++;
    for (int i = 0; i < st->pile_n; i++) {
        int card = st->pile[i];
        if (!cn_is_red3(card))
            continue;
        cn_card_name(name, card);
        if (i >= k)
            return BAD(c, L_pile, "R1: a red three (%s) can be in the pile "
                       "only as an upcard at its bottom", name);
        if (k == st->pile_n)
            return BAD(c, L_pile, "C5: the red-three upcard (%s) must be "
                       "covered by the next card turned", name);
    }
    return CANASTA_OK;
}

/* O1, M1: a side has opened exactly when it has melds, and its melds were
 * laid by its seats. */
static int check_opened(const ck *c)
{
    const cn_state *st = c->st;
    int np = st->p.players, ns = st->p.sides;
    for (int side = 0; side < ns; side++) {
        int has = 0, melder = 0;
        for (int r = 3; r <= 14; r++)
            has |= cn_meld_size(&st->melds[side][r]) > 0;
        for (int s = 0; s < np; s++)
            if (st->side_of[s] == side && st->seat_melded[s])
                melder = 1;
        if (has != st->opened[side])
            return BAD(c, AT(key[CN_K_OPENED]), "O1: opened says side %d "
                       "has %s, but it %s melds", side,
                       st->opened[side] ? "opened" : "not opened",
                       has ? "has" : "has no");
        if (melder != has)
            return BAD(c, AT(key[CN_K_SEAT_MELDED]), "M1: seat-melded says "
                       "%s of side %d melded, but the side has %s melds",
                       melder ? "a seat" : "no seat", side, has ? "" : "no");
    }
    return CANASTA_OK;
}

/* The turn so far (T1, G4, P1): what the player to move has done. */
static int check_turn(const ck *c)
{
    const cn_state *st = c->st;
    const cn_params *p = &st->p;
    int ts = st->turn_seat, tside = st->side_of[ts];
    int src = st->turn_src, tm = st->turn_melds, tx = st->turn_take_extra;
    int perm = st->permission, mbt = st->melded_before_turn;
    int smt = st->seat_melded[ts];
    unsigned newm = st->turn_new_melds;
    for (int r = 3; r <= 14; r++)
        if ((newm >> r & 1) && cn_meld_size(&st->melds[tside][r]) == 0)
            return BAD(c, AT(key[CN_K_NEW_MELDS]), "new-melds names %s, but "
                       "side %d has no meld of %s", cn_rank_name(r), tside,
                       cn_rank_plural(r));
    if ((newm || tm || src == CN_SRC_PILE || mbt) && !smt)
        return BAD(c, AT(key[CN_K_SEAT_MELDED]), "T1: seat %d has melded "
                   "(new-melds, melds-this-turn, a take or "
                   "melded-before-turn say so) but seat-melded says not",
                   ts);
    if (tx && src != CN_SRC_PILE)
        return BAD(c, AT(key[CN_K_TAKE_EXTRA]), "take-extra 1 needs source "
                   "pile");
    if (perm != CANASTA_PERMISSION_NONE) {
        if (!p->ask_allowed)
            return BAD(c, AT(key[CN_K_PERMISSION]), "G4: asking permission "
                       "is switched off in this game");
        if (cn_partner(st, ts) < 0)
            return BAD(c, AT(key[CN_K_PERMISSION]), "G4: seat %d has no "
                       "partner to ask", ts);
        if (src == CN_SRC_NONE)
            return BAD(c, AT(key[CN_K_PERMISSION]), "G4: permission is "
                       "asked after drawing or taking the pile (source is "
                       "none)");
    }
    if (src == CN_SRC_NONE && (tm || tx || newm || mbt != smt))
        return BAD(c, AT(key[CN_K_SOURCE]), "T1: seat %d has not drawn "
                   "(source none), so it has made no meld this turn "
                   "(melds-this-turn 0, take-extra 0, new-melds empty, "
                   "melded-before-turn = seat-melded)", ts);
    if (src == CN_SRC_STOCK && tm == 0 && (newm || mbt != smt))
        return BAD(c, AT(key[CN_K_MELDS_THIS_TURN]), "T1: seat %d drew from "
                   "the stock and has not melded this turn (melds-this-turn "
                   "0), so new-melds is empty and melded-before-turn = "
                   "seat-melded", ts);
    if (src == CN_SRC_PILE && tm == 0 && !tx && popcount16(newm) > 1)
        return BAD(c, AT(key[CN_K_NEW_MELDS]), "P1: a take with no further "
                   "melds begins at most one meld");
    if (st->turn_added_old) {
        /* G3: cards laid this turn (a take, or a meld move) on a meld of
         * the side that new-melds does not name, by a player who had not
         * melded before (the engine notes it for no other). */
        int earlier = 0;
        for (int r = 3; r <= 14; r++)
            earlier |= !(newm >> r & 1) &&
                       cn_meld_size(&st->melds[tside][r]) > 0;
        if (mbt || (tm == 0 && src != CN_SRC_PILE) || !earlier)
            return BAD(c, AT(added), "G3: added-to-earlier-melds 1 needs "
                       "melded-before-turn 0, a take or a meld this turn, "
                       "and a meld of side %d that new-melds does not name",
                       tside);
    }
    return CANASTA_OK;
}

/* The phase against the turn (T1, P1, G4). */
static int check_phase(const ck *c)
{
    const cn_state *st = c->st;
    int ph = st->phase, ts = st->turn_seat;
    int src = st->turn_src, tm = st->turn_melds, tx = st->turn_take_extra;
    int perm = st->permission;
    int L_phase = AT(key[CN_K_PHASE]);
    switch (ph) {
    case CANASTA_PHASE_DRAW:
        if (src != CN_SRC_NONE || perm != CANASTA_PERMISSION_NONE)
            return BAD(c, L_phase, "T1: in phase draw seat %d has not drawn "
                       "yet: source none, permission none", ts);
        break;
    case CANASTA_PHASE_PLAY:
    case CANASTA_PHASE_ANSWER:
        if (src == CN_SRC_NONE)
            return BAD(c, L_phase, "T1: in phase %s the player has drawn or "
                       "taken the pile; source cannot be none",
                       cn_phase_names.name[ph]);
        if (src == CN_SRC_PILE && st->pile_n)
            return BAD(c, AT(key[CN_K_PILE]), "P1: seat %d took the pile "
                       "this turn, so it is empty until the turn's discard",
                       ts);
        if (ph == CANASTA_PHASE_PLAY && perm == CANASTA_PERMISSION_NO &&
            st->hand_n[ts] < 2)
            return BAD(c, AT(hand[ts]), "G4: after a \"no\" seat %d keeps at "
                       "least two cards", ts);
        if (ph == CANASTA_PHASE_PLAY && perm == CANASTA_PERMISSION_ASKED)
            return BAD(c, L_phase, "G4: a question asked is answered (phase "
                       "answer) before play goes on");
        if (ph == CANASTA_PHASE_ANSWER &&
            (perm != CANASTA_PERMISSION_ASKED || tm || tx ||
             st->hand_n[ts] < 2))
            return BAD(c, L_phase, "G4: in phase answer seat %d has asked "
                       "(permission asked) right after drawing (no meld this "
                       "turn) holding at least 2 cards", ts);
        break;
    default:
        if (perm == CANASTA_PERMISSION_ASKED)
            return BAD(c, AT(key[CN_K_PERMISSION]), "G4: a hand cannot end "
                       "while a question waits for its answer");
        break;
    }
    return CANASTA_OK;
}

/* The last-score line of side: given (a position), or, for a state
 * without lines, there to write (a hand has ended, or its items are not
 * all 0, which no text could carry without one). */
static int has_score(const ck *c, int side)
{
    if (c->lines)
        return AT(score[side]) != 0;
    static const int32_t zero[CANASTA_SCORE_ITEMS];
    return c->st->end_how != CANASTA_END_NONE ||
           memcmp(c->st->last_items[side], zero, sizeof zero) != 0;
}

/* How the last hand ended, its score lines, and G1: nobody is out while a
 * hand goes on. */
static int check_last_hand(const ck *c)
{
    const cn_state *st = c->st;
    int np = st->p.players, ns = st->p.sides;
    int in_play = phase_in_play(st->phase);
    int how = st->end_how, es = end_seat_of(st);
    int out_how = ended_by_going_out(how);
    if (out_how != (es >= 0))
        return BAD(c, AT(key[CN_K_LAST_HAND]), "%s", out_how
            ? "G2: a hand that ended by going out names the seat that went "
              "out"
            : "E1: a hand that did not end by going out names no seat "
              "(\"-\")");
    for (int side = 0; side < ns; side++)
        if (has_score(c, side) && how == CANASTA_END_NONE)
            return BAD(c, AT(score[side]), "S5: a last-score line, but no "
                       "hand has ended (last-hand none)");
        else if (!has_score(c, side) && how != CANASTA_END_NONE)
            return MISSING(c, AT(end), "the position has no \"last-score "
                           "%d\" line (a hand has ended)", side);
    for (int s = 0; s < np; s++) {
        int emptied = !in_play && out_how && s == es;
        if (emptied && st->hand_n[s])
            return BAD(c, AT(hand[s]), "G2: seat %d went out, so its hand "
                       "is empty", s);
        if (!emptied && st->hand_n[s] == 0)
            return BAD(c, AT(hand[s]), "G2: seat %d has no cards, but %s", s,
                       in_play ? "a hand is being played (a player who "
                                 "empties the hand ends it)"
                               : "the last hand did not end with this seat "
                                 "going out");
    }
    return CANASTA_OK;
}

/* M6: black threes are melded only by a player going out: in the move
 * that empties the hand, or leaves one card to discard. */
static int check_black_threes(const ck *c)
{
    const cn_state *st = c->st;
    int ns = st->p.sides, ph = st->phase, ts = st->turn_seat;
    int tside = st->side_of[ts], in_play = phase_in_play(ph);
    int es = end_seat_of(st), out_how = ended_by_going_out(st->end_how);
    unsigned newm = st->turn_new_melds;
    for (int side = 0; side < ns; side++) {
        if (!cn_meld_size(&st->melds[side][3]))
            continue;
        if (in_play && (ph != CANASTA_PHASE_PLAY || side != tside ||
                        !(newm >> 3 & 1) || st->hand_n[ts] > 1))
            return BAD(c, AT(meld[side][3]), "M6: black threes are melded "
                       "only by a player going out; while a hand goes on, "
                       "only the player to move may have just melded them "
                       "(new-melds 3), keeping at most one card to discard");
        if (!in_play && (!out_how || st->side_of[es] != side))
            return BAD(c, AT(meld[side][3]), "M6: black threes are melded "
                       "only by a player going out; no seat of side %d went "
                       "out", side);
    }
    return CANASTA_OK;
}

/* X3: who plays alone, and whether the partners' tables are one (their
 * second seat then counts on the first one's side: cn_form_partnership).
 * A partnership that merged began at the first pile take; one that
 * stayed apart, when the lone hand went out before anyone took the
 * pile. */
static int check_lone(const ck *c)
{
    const cn_state *st = c->st;
    int lone = (int)st->lone_plus1 - 1, L = AT(lone);
    int merged = cn_partners_merged(st);
    if (merged) {
        /* The one form a merge leaves: the partners, the two seats
         * after the lone hand, on the lower one's side. */
        int a = lone < 0 ? 0 : (lone + 1) % 3, b = (lone + 2) % 3;
        if (a > b) {
            int t = a;
            a = b;
            b = t;
        }
        for (int s = 0; s < st->p.players; s++)
            if (NEVER(lone < 0 || st->p.players != 3 ||
                      st->side_of[s] != st->p.seat_side[s == b ? a : s]))
                return BAD(c, L, "X3: the seats' sides are no partnership's");
    }
    if (!st->p.lone_hand)
        return CANASTA_OK;
    int in_play = phase_in_play(st->phase);
    int out_how = ended_by_going_out(st->end_how);
    if (lone < 0) {
        if (st->turn_src == CN_SRC_PILE)
            return BAD(c, L, "X3: seat %d took the pile, so it is the lone "
                       "hand", (int)st->turn_seat);
        if (!in_play && out_how)
            return BAD(c, L, "X3: seat %d went out, so it is the lone hand if "
                       "nobody else was", end_seat_of(st));
        return CANASTA_OK;
    }
    if (!merged && (in_play || !out_how || end_seat_of(st) != lone))
        return BAD(c, L, "X3: partners stay apart only when the lone hand "
                   "went out before anyone took the pile, and seat %d did not "
                   "end the hand that way", lone);
    return CANASTA_OK;
}

/* M1, X3: more than three wild cards only in a meld the merge made: on
 * the merged partners' side (the position reader lets such melds
 * through). */
static int check_merged_wilds(const ck *c)
{
    const cn_state *st = c->st;
    int lone = (int)st->lone_plus1 - 1;
    int merged = lone >= 0 && cn_partners_merged(st);
    int partners = merged ? st->side_of[(lone + 1) % 3] : -1;
    for (int side = 0; side < st->p.sides; side++)
        for (int r = 4; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            if (m->twos + m->jokers > 3 && side != partners)
                return BAD(c, AT(meld[side][r]), "M1: a meld holds at most 3 "
                           "wild cards (X3: more only in a meld merged from "
                           "two partners' melds)");
        }
    return CANASTA_OK;
}

/* What play bounds beyond the rules of a single line (T1, C4, O3): a
 * seat of a side that has not opened gets cards only by drawing (taking
 * the pile would open the side), one draw a turn and one discard, so it
 * holds at most its dealt hand plus draw-count - 1 for every draw it can
 * have made, plus the card of the draw just made; and every meld move of
 * this turn laid at least one card on the side's table. */
static int check_reach(const ck *c)
{
    const cn_state *st = c->st;
    const cn_params *p = &st->p;
    int ts = st->turn_seat, tside = st->side_of[ts];
    int table = 0;
    for (int r = 3; r <= 14; r++)
        table += cn_meld_size(&st->melds[tside][r]);
    if (st->turn_melds > table)
        return BAD(c, AT(key[CN_K_MELDS_THIS_TURN]), "T1: every meld move "
                   "lays at least one card, and side %d has %d card%s "
                   "melded, so seat %d cannot have made %d meld moves this "
                   "turn", tside, table, table == 1 ? "" : "s", ts,
                   (int)st->turn_melds);
    int most = cn_unopened_hand_max(p);
    for (int s = 0; s < p->players; s++) {
        int drew = s == ts && st->phase != CANASTA_PHASE_DRAW;
        if (st->opened[st->side_of[s]] || st->hand_n[s] <= most + drew)
            continue;
        return BAD(c, AT(hand[s]), "C4, O3: seat %d's side has not opened, "
                   "so its hand grows only by drawing: at most %d cards%s, "
                   "not %d", s, most + drew,
                   drew ? " with this turn's draw" : "", (int)st->hand_n[s]);
    }
    return CANASTA_OK;
}

/* The hand's start values against what it shows (cn_position_normalize
 * gives a position's): a hand being played still shows the totals and
 * the last hand it began from; a finished one began from its totals less
 * its score. */
static int check_start_shown(const ck *c)
{
    const cn_state *st = c->st;
    int L = AT(key[CN_K_TOTALS]);
    for (int s = 0; s < st->p.sides; s++) {
        long long want = st->totals[s];
        if (!phase_in_play(st->phase))
            want -= st->last_items[s][CANASTA_SCORE_TOTAL];
        if (NEVER(st->start_totals[s] != want))
            return BAD(c, L, "S5: side %d's hand began from a total of %d, "
                       "which its total %d does not follow from", s,
                       (int)st->start_totals[s], (int)st->totals[s]);
    }
    if (NEVER(phase_in_play(st->phase) &&
              (memcmp(st->start_last_items, st->last_items,
                      sizeof st->last_items) != 0 ||
               st->start_end_how != st->end_how ||
               st->start_end_seat != st->end_seat ||
               st->start_scored != st->scored)))
        return BAD(c, AT(key[CN_K_LAST_HAND]), "S5: the hand being played "
                   "shows another hand before it than the one it began "
                   "after");
    return CANASTA_OK;
}

/* The start of the hand (S5): its number and the totals and hand it
 * began from (the start_* values, which check_start_shown held to the
 * hand's totals). */
static int check_hand_start(const ck *c)
{
    const cn_state *st = c->st;
    int ns = st->p.sides, in_play = phase_in_play(st->phase);
    int how = st->end_how, L_last = AT(key[CN_K_LAST_HAND]);
    if (st->hand_no == 1) {
        for (int side = 0; side < ns; side++)
            if (st->start_totals[side] != 0)
                return BAD(c, AT(key[CN_K_TOTALS]), "S5: the first hand "
                           "starts from totals 0 (side %d: %d)", side,
                           (int)st->start_totals[side]);
        if (in_play && how != CANASTA_END_NONE)
            return BAD(c, L_last, "in the first hand no hand has ended yet "
                       "(last-hand none)");
    } else if (in_play && how == CANASTA_END_NONE) {
        return BAD(c, L_last, "in hand %d the last hand has ended (last-hand "
                   "cannot be none)", (int)st->hand_no);
    }
    /* The totals the hand was dealt from (S5), and, while it is played,
     * the breakdown of the hand before, item by item (a finished hand's
     * own breakdown is recomputed from the table: check_hand_over). */
    int32_t last[CN_MAX_SIDES];
    for (int side = 0; side < ns; side++)
        last[side] = st->last_items[side][CANASTA_SCORE_TOTAL];
    int rc = cn_check_play_totals(&st->p, st->hand_no, st->start_totals,
        in_play && how != CANASTA_END_NONE ? last : NULL,
        AT(key[CN_K_TOTALS]), c->why, c->ws);
    if (rc || !in_play || how == CANASTA_END_NONE)
        return rc;
    return cn_check_breakdown(&st->p, how, end_seat_of(st),
                              &st->last_items[0][0], c->at->score, c->why,
                              c->ws);
}

/* A hand being played: S6, and what the player to move must be able to
 * do (G1, G4); the seat to move and no winner yet. */
static int check_in_play(const ck *c)
{
    const cn_state *st = c->st;
    int ph = st->phase, ts = st->turn_seat, perm = st->permission;
    int w;
    if ((c->what & CN_CHECK_START) && cn_s6_over(&st->p, st->totals, &w))
        return BAD(c, AT(key[CN_K_TOTALS]), "S6: with these totals the game "
                   "is over; no hand is played");
    if (ph == CANASTA_PHASE_ANSWER && !cn_seat_can_go_out(st, ts))
        return BAD(c, AT(key[CN_K_PERMISSION]), "G4: seat %d could not go "
                   "out with the cards it holds, so it cannot have asked",
                   ts);
    /* G1, G4: after a "yes", or with one card left, the player to move
     * can go out (every move that would lose that is refused). */
    if (ph == CANASTA_PHASE_PLAY &&
        (perm == CANASTA_PERMISSION_YES || st->hand_n[ts] == 1) &&
        !cn_seat_can_go_out(st, ts)) {
        if (perm == CANASTA_PERMISSION_YES)
            return BAD(c, AT(key[CN_K_PERMISSION]), "G4: after a \"yes\" "
                       "seat %d must be able to go out, and with these cards "
                       "it cannot", ts);
        return BAD(c, AT(hand[ts]), "G1: seat %d holds one card but could not "
                   "go out by discarding it", ts);
    }
    /* The partner answers a question (G4); else the seat whose turn it
     * is moves. */
    int cur = ph == CANASTA_PHASE_ANSWER ? cn_partner(st, ts) : ts;
    if (NEVER(st->cur != cur || st->winner_plus1 != 0))
        return BAD(c, AT(key[CN_K_TURN]), "seat %d is to move, not seat %d, "
                   "and nobody has won", cur, st->cur);
    return CANASTA_OK;
}

/* How a finished hand ended (E1, E2, G1, G2, G3). */
static int check_ending(const ck *c)
{
    const cn_state *st = c->st;
    const cn_params *p = &st->p;
    int ph = st->phase, ts = st->turn_seat;
    int how = st->end_how, es = end_seat_of(st);
    int L_last = AT(key[CN_K_LAST_HAND]);
    if (how == CANASTA_END_NONE)
        return BAD(c, L_last, "in phase %s a hand has ended (last-hand "
                   "cannot be none)", cn_phase_names.name[ph]);
    if ((how == CANASTA_END_STOCK || how == CANASTA_END_RED_THREE) &&
        st->stock_n)
        return BAD(c, AT(key[CN_K_STOCK]), "%s",
                   how == CANASTA_END_STOCK
                       ? "E1: the hand ended with the stock empty"
                       : "E2: the hand ended on the last card of the stock");
    if (!ended_by_going_out(how))
        return CANASTA_OK;
    int want_how = CANASTA_END_WENT_OUT;
    if (es != ts)
        return BAD(c, AT(key[CN_K_TURN]), "G2: seat %d went out in its own "
                   "turn, so turn is %d", es, es);
    if (cn_side_canastas(st, st->side_of[es]) < p->canastas_to_go_out)
        return BAD(c, L_last, "G1: seat %d went out, but side %d has fewer "
                   "than %d canasta%s", es, st->side_of[es],
                   (int)p->canastas_to_go_out,
                   p->canastas_to_go_out > 1 ? "s" : "");
    if (cn_exit_concealed(st, es))
        want_how = CANASTA_END_CONCEALED;
    if (how != want_how)
        return BAD(c, L_last, "G3: seat %d went out %s", es,
                   want_how == CANASTA_END_CONCEALED
                       ? "concealed: it had not melded before this turn and "
                         "began a canasta in it"
                       : "in the ordinary way, not concealed (it had melded "
                         "before, began no canasta this turn, or added to "
                         "its side's earlier melds)");
    return CANASTA_OK;
}

/* A finished hand: its ending, its scores (E3) and S6; the winner, and
 * the seat that deals the next hand's first move (left of the dealer). */
static int check_hand_over(const ck *c)
{
    const cn_state *st = c->st;
    int ns = st->p.sides, np = st->p.players, ph = st->phase;
    int rc = check_ending(c);
    if (rc)
        return rc;
    int32_t items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    cn_hand_scores(st, st->end_how, end_seat_of(st), items);
    for (int side = 0; side < ns; side++) {
        const int32_t *it = items[side];
        if (memcmp(it, st->last_items[side], sizeof items[side]) != 0)
            return BAD(c, AT(score[side]), "E3: side %d's score of this hand "
                       "is %d %d %d %d %d %d %d (melded, natural, mixed, red "
                       "threes, going out, in hand, total)", side,
                       (int)it[0], (int)it[1], (int)it[2], (int)it[3],
                       (int)it[4], (int)it[5], (int)it[6]);
    }
    int w, over = cn_game_over(&st->p, st->hand_no, st->totals, &w);
    if (over != (ph == CANASTA_PHASE_GAME_OVER)) {
        int w6;
        if (over && !cn_s6_over(&st->p, st->totals, &w6))
            return BAD(c, AT(key[CN_K_PHASE]), "S6: with these totals the "
                       "game is over (phase game-over): after hand %ld, or "
                       "with a total beyond -%ld to %ld, no hand can be "
                       "dealt, so the game ends", CN_HAND_LIMIT,
                       CN_PLAY_LIMIT, CN_PLAY_LIMIT);
        return BAD(c, AT(key[CN_K_PHASE]), "S6: with these totals the game "
                   "is %s", over ? "over (phase game-over)"
                                 : "not over (phase hand-over)");
    }
    int cur = (st->dealer + 1) % np;
    if (NEVER(st->winner_plus1 != w || st->cur != cur))
        return BAD(c, AT(key[CN_K_PHASE]), "the winner is side %d + 1 and "
                   "seat %d moves next, not %d and %d", w - 1, cur,
                   st->winner_plus1, st->cur);
    return CANASTA_OK;
}

int cn_state_check(const cn_state *st, int what, const cn_state_lines *lines,
                   char *why, size_t ws)
{
    ck c;
    c.st = st;
    c.at = lines ? lines : &no_lines;
    c.lines = lines != NULL;
    c.what = what;
    c.why = why;
    c.ws = ws;
    /* The order of the position reader since 1.0: the first fault found
     * is the one a position is refused for. */
    static int (*const checks[])(const ck *) = {
        check_fields, check_lone, check_merged_wilds, check_deck,
        check_pile, check_opened, check_turn, check_phase, check_last_hand,
        check_black_threes, check_reach, check_start_shown
    };
    int rc = CANASTA_OK;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0] && !rc; i++)
        rc = checks[i](&c);
    if (!rc && (what & CN_CHECK_START))
        rc = check_hand_start(&c);
    if (!rc)
        rc = phase_in_play(st->phase) ? check_in_play(&c)
                                      : check_hand_over(&c);
    return rc;
}

#if defined(CN_CHECKED) && CN_CHECKED
#if !(defined(CN_COVERAGE) && CN_COVERAGE) /* ALWAYS/NEVER are constants */
void cn_assert_failed(const char *file, int line, const char *what)
{
    (void)fprintf(stderr, "%s:%d: libcanasta: assertion failed: %s\n", file,
                  line, what);
    abort();
}
#endif

void cn_state_assert(const cn_state *st, const char *file, int line)
{
    char why[512];
    if (cn_state_check(st, CN_CHECK_PLAY, NULL, why, sizeof why) != CANASTA_OK) {
        (void)fprintf(stderr, "%s:%d: libcanasta: the state after this "
                      "change breaks cn_state_check: %s\n", file, line, why);
        abort();
    }
}
#endif
