/*
 * internal.h - types shared by the library's source files.  Not installed.
 *
 * The whole state of a game is one plain struct (cn_state) with no
 * pointers, so clone and copy are a memcpy and "unchanged byte for byte"
 * is a memcmp.  The undo history lives beside it in a byte buffer sized
 * once at creation (see history.c).
 */
#ifndef CANASTA_INTERNAL_H
#define CANASTA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "canasta.h"
#include "cn_assert.h"
#include "bits.h"

#define CN_MAX_PLAYERS 6
#define CN_MAX_SIDES 3
#define CN_MAX_PACKS 3
#define CN_MAX_DECK (CN_MAX_PACKS * 54)
#define CN_RANKS 16 /* arrays indexed by rank 0..15 */
#define CN_OPEN_STEPS 5
#define CN_RED3_TABLE 8

/* Everything the rules object decides, as plain data (issue: variants are
 * data, not code). */
typedef struct cn_params {
    int32_t preset;
    int32_t players, sides, packs, jokers, deck_size;
    int32_t hand_size, draw_count, canastas_to_go_out;
    int32_t target, ask_allowed, one_card_rule, tie_rule;
    /* X3: the first to take the pile plays alone, the others merge. */
    int32_t lone_hand;
    /* A seat's score column (its side in the O1/S5/S6 sense), and the
     * table side it starts each hand on (state side_of). */
    int32_t seat_side[CN_MAX_PLAYERS];
    /* O1: a side whose total is >= open_from[i] (and below open_from[i+1])
     * needs open_min[i]; open_from[0] is INT32_MIN. */
    int32_t n_open;
    int32_t open_from[CN_OPEN_STEPS];
    int32_t open_min[CN_OPEN_STEPS];
    /* R3: bonus for n red threes of one side is red3_bonus[n]. */
    int32_t red3_bonus[CN_RED3_TABLE];
    /* G3: 1 when a concealed exit may add cards to melds the side made
     * before the turn (CANASTA_OPT_CONCEALED_ADDITIONS).  Last, in the
     * place of the explicit padding it replaced: cn_params stays 40
     * int32s, so the 64-bit field after it in cn_state needs no implicit
     * padding (see pad3 there), and a 0 here hashes as that padding did
     * (canasta_game_infoset_hash reads the params word by word). */
    int32_t concealed_adds;
} cn_params;

struct canasta_rules {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    cn_params p;
};

/* A side's meld of one rank: counts, with suits kept so every physical
 * card can be accounted for and shown. */
typedef struct cn_meld {
    uint8_t naturals, twos, jokers, pad;
    uint8_t nat_suit[4];
    uint8_t two_suit[4];
} cn_meld;

enum { CN_SRC_NONE = 0, CN_SRC_STOCK = 1, CN_SRC_PILE = 2 };

/* Events of the last move (events.c).  Bounds: a deal makes 1 DEAL, 1
 * UPCARD and at most a RED_THREE and a REPLACE per seat; a move makes at
 * most a DRAW, a RED_THREE, a PICK_UP, one CANASTA per rank, a HAND_END, a
 * SCORE per side and a GAME_OVER.  Cards: the pile (at most the deck),
 * the upcards, red threes and replacements of a deal, two drawn cards. */
#define CN_MAX_EVENTS 40
#define CN_EVENT_CARDS (CN_MAX_DECK + 98) /* 260: ends cn_state unpadded */
typedef struct cn_event {
    uint8_t kind, seat, side, pad; /* 0xFF: none */
    int32_t value, detail;
    uint16_t off, n;               /* cards: ev_cards[off .. off+n) */
} cn_event;

/* Facts kept, not recounted (issue 19): the counts the rules and the
 * player decide from, kept up to date by the functions that move cards
 * (cn_hand_add, cn_hand_remove, cn_meld_lay, cn_pile_changed) and made
 * again from the cards by cn_facts_rebuild (facts.c) wherever a state is
 * built otherwise: the deal, a position read, a view, a determinized
 * world.  They are a function of the cards, so equal states still compare
 * equal byte for byte; the information-set hash (search.c) names the
 * fields it reads and leaves these out.  cn_facts_check compares them
 * with a recount. */
typedef struct cn_kept {
    /* A seat's hand by kind: [2] twos, [3] black threes, [4..14] the
     * naturals of that rank, [15] jokers (cn_kind); [0] is always 0, and
     * [1] counts red threes, which a hand holds only while the deal lays
     * them out (C6). */
    uint8_t held[CN_MAX_PLAYERS][CN_RANKS];
    uint16_t hand_value[CN_MAX_PLAYERS];          /* V1 points held */
    uint16_t melded[CN_MAX_SIDES];  /* bit r: the side has a meld of rank r */
    /* A side's meld of each rank (3..14): its cards, and how many of them
     * are wild. */
    uint8_t meld_size[CN_MAX_SIDES][CN_RANKS];
    uint8_t meld_wild[CN_MAX_SIDES][CN_RANKS];
    uint8_t canastas[CN_MAX_SIDES];   /* melds of seven cards or more */
    uint8_t pile[CN_MAX_SIDES];       /* cn_rule_pile: P2, P3 bits */
    /* 216 bytes, a multiple of 8: cn_state stays without implicit
     * padding (facts.c checks it at compile time). */
} cn_kept;

typedef struct cn_state {
    cn_params p;
    uint64_t seed;
    int32_t totals[CN_MAX_SIDES];
    int32_t last_items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    /* What the hand started from, so undo can re-deal and replay. */
    int32_t start_totals[CN_MAX_SIDES];
    int32_t start_last_items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    int32_t hand_no;
    uint8_t start_end_how, start_end_seat, start_scored, pad0;

    uint8_t dealer, cur, phase, winner_plus1; /* winner_plus1 0 = tie */
    uint8_t end_how, end_seat, scored, deck_n;
    uint8_t stock_n, pile_n, pile_wilds, pile_red3;

    /* Turn state of the player to move. */
    uint8_t turn_src, turn_melds, turn_take_extra, permission;
    uint8_t melded_before_turn, turn_seat; /* turn_seat: whose turn it is */
    uint16_t turn_new_melds; /* ranks of melds this player began this turn */

    uint8_t side_of[CN_MAX_PLAYERS];
    uint8_t opened[CN_MAX_SIDES];
    uint8_t seat_melded[CN_MAX_PLAYERS];
    uint8_t hand_n[CN_MAX_PLAYERS];
    uint8_t red3[CN_MAX_PLAYERS][2]; /* diamonds, hearts */
    uint8_t lone_plus1; /* X3: the lone seat + 1; 0 while none */
    /* G3: the player to move, who had melded nothing before this turn,
     * has laid cards this turn on a meld its side made before the turn,
     * so under the published reading the exit is not concealed (see
     * cn_exit_concealed).  Kept 0 for a player who had melded before:
     * for that one nothing depends on it. */
    uint8_t turn_added_old;
    uint8_t pad2;

    uint8_t hand[CN_MAX_PLAYERS][CANASTA_CARD_LIMIT];
    cn_meld melds[CN_MAX_SIDES][CN_RANKS];
    uint8_t deck[CN_MAX_DECK];  /* this hand's order, deck[0] on top */
    uint8_t stock[CN_MAX_DECK]; /* stock[stock_n-1] is the top */
    uint8_t pile[CN_MAX_DECK];  /* pile[pile_n-1] is the top */
    cn_kept k;                  /* derived from the fields above */

    /* What the last move made happen (part of the state so that clone,
     * copy and equal need no special case; undo recomputes it). */
    uint16_t ev_n, ev_cards_n;
    /* Explicit, like pad0 and pad2: canasta_game_equal compares states
     * with memcmp, and implicit padding bytes may hold anything.  make
     * lint (bugprone-suspicious-memory-comparison) fails when a change
     * to this struct brings implicit padding back. */
    uint8_t pad3[2];
    cn_event ev[CN_MAX_EVENTS];
    uint8_t ev_cards[CN_EVENT_CARDS];
} cn_state;

struct canasta_game {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    uint8_t *hist;     /* encoded moves of the current hand */
    size_t hist_len, hist_cap;
    /* A hand that began from a position (canasta_game_from_position) has
     * no deal to redo: undo restarts from *base, the state it began in.
     * base points into the same block; from_position says it is used. */
    cn_state *base;
    int from_position;
    cn_state st;
};

/* Clear *m.  The player clears a move (and its facts) every decision.  A
 * memset of this size, or a copy of an object written "= { 0 }", which
 * gcc turns into one, becomes `rep stos`, whose start-up alone costs more
 * than the copy of a static object left without an initializer (zero all
 * the same, C99 6.7.8p10), which compiles to a few vector stores. */
static inline void cn_move_clear(canasta_move *m)
{
    /* cppcheck-suppress unassignedVariable ; zero: see above */
    static const canasta_move zero;
    *m = zero;
}

/* ---- cards.c ---- */
static inline int cn_rank(int c) { return c >> 2; }
static inline int cn_suit(int c) { return c & 3; }
static inline int cn_valid_card(int c) { return c >= 8 && c <= 60; }
static inline int cn_is_wild(int c) { return c == CANASTA_JOKER || (c >> 2) == 2; }
static inline int cn_is_red3(int c) { return c == 13 || c == 14; }
static inline int cn_is_black3(int c) { return c == 12 || c == 15; }
/* V1 by card code (cards.c); 0 for codes that are not cards. */
extern const uint8_t cn_values[CANASTA_CARD_LIMIT];
static inline int cn_value(int c) { return cn_values[c & 63]; }
/* A card's kind, the index of cn_kept.held (cards.c): 2 a two, 3 a black
 * three, 4..14 a natural of that rank, 15 the joker, 1 a red three; 0
 * for codes that are not cards. */
extern const uint8_t cn_kinds[CANASTA_CARD_LIMIT];
static inline int cn_kind(int c) { return cn_kinds[c & 63]; }
/* Whether kind k (cn_kind) is a wild card's: 2 (the twos) or 15 (the
 * joker); a mask, not a test. */
static inline int cn_kind_is_wild(int k) { return (int)(0x8004u >> k & 1); }
/* Writes "7h" etc. into buf (size >= 4). */
void cn_card_name(char *buf, int c);
const char *cn_rank_name(int rank);   /* "7", "K", "black 3" */
const char *cn_rank_plural(int rank); /* "7s", "kings" */

/* ---- rules.c ---- */
int cn_params_preset(cn_params *p, int preset);
int cn_opening_min(const cn_params *p, int total);
int cn_red3_bonus(const cn_params *p, int count);
int cn_params_get(int *value, const cn_params *p, int key);
int cn_deck_valid(const cn_params *p, const uint8_t *cards, size_t n);
void cn_deck_counts(const cn_params *p, uint8_t counts[CANASTA_CARD_LIMIT]);

/* ---- deal.c ---- */
void cn_shuffled_deck(uint8_t *deck, const cn_params *p, uint64_t seed,
                      int hand_no);
int cn_first_dealer(const cn_params *p, uint64_t seed);
/* The shuffle of cn_shuffled_deck on any n cards: Fisher-Yates from the
 * last card down with the stream for index k of seed (partial positions
 * use k = 2^63 + hand number, which no deal uses). */
void cn_shuffle_cards(uint8_t *cards, int n, uint64_t seed, uint64_t k);
/* Start the hand described by st->deck, st->dealer, st->start_*. */
void cn_deal(cn_state *st);

/* M4: a meld holds three wild cards at most. */
#define CN_MELD_WILDS_MAX 3
/* M4: wild cards that may still join a meld holding `wilds` (none once it
 * holds three; an X3 merge can leave a meld with more). */
static inline int cn_wild_room(int wilds)
{
    return wilds >= CN_MELD_WILDS_MAX ? 0 : CN_MELD_WILDS_MAX - wilds;
}
/* X3: a meld merged from the partners' two melds keeps every card: a
 * meld of rank r with more than three wild cards is legal in a lone-hand
 * game when it could come from two legal melds (at most six wild cards,
 * at least four naturals; never threes). */
static inline int cn_merged_meld_ok(int lone_hand, int r, int naturals,
                                    int wilds)
{
    return lone_hand && r != 3 && wilds > 3 && wilds <= 6 && naturals >= 4;
}
/* canasta_meld_class under the rules p (score.c): M1, M2, M5, M6, and
 * X3's merged melds when p has a lone hand. */
int cn_meld_class(int *meld_class, const cn_params *p, int rank,
                  int naturals, int twos, int jokers);

/* ---- state helpers (state.c) ---- */
static inline int cn_meld_size(const cn_meld *m)
{ return m->naturals + m->twos + m->jokers; }
/* The cards of m, a meld of rank r, as counts by card code. */
static inline void cn_meld_counts(uint8_t counts[CANASTA_CARD_LIMIT],
                                  const cn_meld *m, int r)
{
    memset(counts, 0, CANASTA_CARD_LIMIT);
    for (int s = 0; s < 4; s++) {
        counts[CANASTA_CARD(r, s)] = m->nat_suit[s];
        counts[CANASTA_CARD(2, s)] = m->two_suit[s];
    }
    counts[CANASTA_JOKER] = m->jokers;
}
/* The first of four card counts in a row (a rank's suits) that is not 0:
 * 0..3, or 4 when all are. */
static inline int cn_first_held4(const uint8_t *c)
{
    return cn_lowest_bit((uint32_t)(c[0] != 0) | (uint32_t)(c[1] != 0) << 1 |
                         (uint32_t)(c[2] != 0) << 2 |
                         (uint32_t)(c[3] != 0) << 3 | 16u);
}
/* The lowest card code of kind (cn_kind: 2..15) that hand (by code)
 * holds, which must hold one: the card the legal moves name for a
 * discard of that kind. */
static inline int cn_kind_card(const uint8_t *hand, int kind)
{
    if (kind == 15)
        return CANASTA_JOKER;
    if (kind == 3)
        return hand[12] ? 12 : 15;
    return kind * 4 + cn_first_held4(hand + kind * 4);
}
int cn_side_canastas(const cn_state *st, int side);
/* G4: the partner who answers "may I go out?": the next seat in turn
 * order on the same side; -1 when the player has no partner.  Inline:
 * the legal moves ask it at every play decision (cn_rule_ask). */
static inline int cn_partner(const cn_state *st, int seat)
{
    const int np = st->p.players;
    for (int i = 1; i < np; i++) {
        const int s = seat + i < np ? seat + i : seat + i - np;
        if (st->side_of[s] == st->side_of[seat])
            return s;
    }
    return -1;
}
/* O1 for this seat: by its own score column's total before the hand (in
 * X3 partners keep their own minimums). */
int cn_seat_minimum(const cn_state *st, int seat);
/* X3: seat becomes the lone hand; the other two merge their tables. */
void cn_form_partnership(cn_state *st, int lone);
/* X3: the partners play on one merged table (the lone hand took the pile)
 * rather than apart (it went out first, or nobody is alone yet). */
int cn_partners_merged(const cn_state *st);
/* Seat's hand as bit masks, bit k for kind k (cn_kind): the kinds held
 * at all, and those held twice or more.  Made from cn_kept.held when
 * asked, eight counts at a time (bits.h), rather than kept: a decision
 * asks for them a few times, and keeping them cost more at every card
 * that entered or left a hand. */
static inline uint32_t cn_held_any(const cn_kept *k, int seat)
{
    return cn_counts_at_least(k->held[seat], 1);
}
static inline uint32_t cn_held_more(const cn_kept *k, int seat)
{
    return cn_counts_at_least(k->held[seat], 2);
}
/* The kinds held exactly once. */
static inline uint32_t cn_held_one(const cn_kept *k, int seat)
{
    return cn_held_any(k, seat) & ~cn_held_more(k, seat);
}
/* Every card that enters or leaves a hand goes through these two, which
 * keep the hand's facts (cn_kept.held, hand_value), but a laid group's,
 * whose facts cn_groups_lay (meld.c) keeps once for the group. */
static inline void cn_hand_add(cn_state *st, int seat, int card)
{
    const int kind = cn_kind(card);
    st->hand[seat][card]++;
    st->hand_n[seat]++;
    st->k.held[seat][kind]++;
    st->k.hand_value[seat] = (uint16_t)(st->k.hand_value[seat] +
                                        cn_value(card));
}
static inline void cn_hand_remove(cn_state *st, int seat, int card)
{
    const int kind = cn_kind(card);
    st->hand[seat][card]--;
    st->hand_n[seat]--;
    st->k.held[seat][kind]--;
    st->k.hand_value[seat] = (uint16_t)(st->k.hand_value[seat] -
                                        cn_value(card));
}
void cn_lay_red_three(cn_state *st, int seat, int card);
/* E2 helper: draw cards for seat, replacing red threes; returns 1 when
 * the stock ran out on a red three (the hand must end). */
int cn_draw_cards(cn_state *st, int seat, int count, int event_kind);

/* ---- facts.c: the facts kept in the state (cn_kept) ---- */
/* Make every kept fact again from the cards: the one way a state built
 * other than by playing moves gets its facts (the deal, a position read,
 * a view, a determinized world). */
void cn_facts_rebuild(cn_state *st);
/* The facts of a table with no card in any hand or meld: all zero, but
 * for the pile's bits, which are left 0 for the caller to renew
 * (cn_pile_changed) once the pile is laid.  The deal starts from it and
 * keeps the facts as it deals. */
void cn_facts_empty(cn_state *st);
/* 1 when every kept fact equals its recount from the cards, else 0 (the
 * state check and the tests ask it after every move). */
int cn_facts_check(const cn_state *st);
/* The facts of the side's melds again (after an X3 merge). */
void cn_facts_melds(cn_state *st, int side);
/* A hand by card code as kinds (cn_kept.held's layout) and its V1
 * value. */
void cn_hand_kinds(uint8_t kinds[CN_RANKS], int *value, const uint8_t *hand);

/* ---- pile.c ---- */
/* cn_rule_pile (rulebook.h) for side, as the state keeps it. */
static inline int cn_pile_flags(const cn_state *st, int side)
{
    return st->k.pile[side];
}
/* P3 (cn_rule_pile): the pile is frozen for side. */
static inline int cn_pile_frozen(const cn_state *st, int side)
{
    return (st->k.pile[side] & CANASTA_PILE_FROZEN_MASK) != 0;
}
/* The pile, or whether a side has opened, changed: renew every side's
 * cn_kept.pile. */
void cn_pile_changed(cn_state *st);
/* P7, R2: how many cards taking the pile adds to the hand: those under
 * the top card, red threes aside (they are laid out). */
int cn_pile_pickup_count(const cn_state *st);

/* ---- goout.c ---- */
/* Could a player holding hand[] go out this turn, given the side's melds
 * (cards size[], of which wild mw[], by rank)?  See goout.c. */
typedef struct cn_goout_query {
    const uint8_t *hand;         /* counts by card code (cn_can_go_out
                                  * only; cn_goout_kinds is given the
                                  * hand's kinds and value instead) */
    const uint8_t *size, *mw;    /* side meld sizes / wilds by rank */
    int needed;                  /* canastas needed */
    int opened;                  /* side has opened */
    int minimum;                 /* opening minimum if not opened */
    int waiver;                  /* G3: minimum waived for a concealed exit */
} cn_goout_query;
int cn_can_go_out(const cn_goout_query *q);
/* The same from the hand's kinds (cn_kept.held's layout: kinds[2] twos,
 * [3] black threes, [4..14] naturals, [15] jokers) and its V1 value (read
 * only for an opening: !opened && !waiver); q->hand is not read. */
int cn_goout_kinds(const cn_goout_query *q, const uint8_t kinds[CN_RANKS],
                   int hand_value);
/* For seat, from its cards and its side's melds (not the kept facts: the
 * position reader and determinization ask it of states whose facts are
 * made afterwards). */
int cn_seat_can_go_out(const cn_state *st, int seat);
/* The same from the kept facts (the validator, the legal moves, the
 * player). */
int cn_seat_out_kept(const cn_state *st, int seat);
/* Could seat, whose side has opened, still go out after melding the
 * single group (r, k naturals, t twos, j jokers; r 3: black threes) from
 * its hand (1 when the group is the whole hand)?  From the kept facts:
 * the player's going-out score and the enumerator's G1/G4 checks. */
int cn_out_after_group(const cn_state *st, int seat, int r, int k, int t,
                       int j);
/* The same after a meld of n groups (g: cn_spec, legal.c), which opens
 * the side if it has not opened. */
struct cn_spec;
int cn_out_after_groups(const cn_state *st, int seat, int n,
                        const struct cn_spec *g);
/* ---- rulebook.c: G3 (and S6 below); rulebook.h has the rest ---- */
/* G3: the turn's part of the waiver of the opening minimum: seat drew
 * from the stock, has laid no meld in this turn nor in an earlier one.
 * The go-out query (cn_seat_goout_query) waives the minimum on it. */
int cn_g3_waiver_turn(const cn_state *st, int seat);
/* G3: whether a MELD move by seat, leaving hand_after cards and beginning
 * a canasta (new_canasta), is the concealed exit that needs no opening
 * minimum (check_meld, moves.c). */
int cn_g3_waived(const cn_state *st, int seat, int hand_after,
                 int new_canasta);
/* G3: whether seat, whose hand has just been emptied in its turn, went
 * out concealed (moves.c scores it; position.c checks a written ending
 * with it). */
int cn_exit_concealed(const cn_state *st, int seat);
/* For a side that has opened (no minimum, no waiver), from the counts
 * alone: the player's "still out after this meld" (player.c and
 * lib/enumerate.h: cn_opened_out_kinds, from the hand's kinds). */
int cn_opened_can_go_out(const int held[CN_RANKS], int b3, int twos,
                         int jokers, const uint8_t *size, const uint8_t *mw,
                         int needed);
int cn_opened_out_kinds(const uint8_t kinds[CN_RANKS], const uint8_t *size,
                        const uint8_t *mw, int needed);
/* The query of cn_seat_can_go_out with the side's melds given (size[],
 * mw[] by rank, as the caller already holds them). */
void cn_seat_goout_query(cn_goout_query *q, const cn_state *st, int seat,
                         const uint8_t *size, const uint8_t *mw);

/* ---- the bounds of play and of the texts ----
 * Totals and score items in positions, saves and records stay within
 * CN_SCORE_LIMIT, so the engine's sums cannot overflow.  A hand is dealt
 * and played only while every total is within CN_PLAY_LIMIT, which is
 * less than CN_SCORE_LIMIT by far more than one hand can score
 * (cn_hand_score_bound: 9,180 at most, in the three-player game), so a
 * hand that ends leaves totals the texts can hold.  Hand numbers are 1 ..
 * CN_HAND_LIMIT.  When a hand ends at hand CN_HAND_LIMIT, or with a total
 * beyond CN_PLAY_LIMIT, no next hand can be dealt within these bounds,
 * and the game ends there (cn_game_over): play never reaches a state its
 * own texts cannot hold. */
#define CN_SCORE_LIMIT 1000000000L
#define CN_PLAY_LIMIT 999000000L
#define CN_HAND_LIMIT 1000000000L

/* The most cards a seat of a side that has not opened holds at the start
 * of its turn (C4, T1, O3): such a seat gains cards only by drawing,
 * since taking the pile opens its side; each turn it draws draw_count
 * cards and discards one, and it cannot draw more than the stock held
 * after the deal (deck - players * hand_size - 1 for the upcard), so the
 * dealt hand_size plus (draw_count - 1) for each of the at most
 * stock / draw_count draws.  After its draw in its turn, one more.
 * Classic (draw 1): 11; two players (15 cards, draw 2): 53; three
 * players: 47.  (rules.c) */
int cn_unopened_hand_max(const cn_params *p);

/* ---- score.c ---- */
/* The most one score column can gain or lose in one hand under p: every
 * card value of the deck, 500 for every canasta a column can hold (one
 * per rank 4..ace on each of its tables, and no more than its cards make
 * up), every red three's bonus and 200 for going out concealed. */
int cn_hand_score_bound(const cn_params *p);
/* The card values of the whole deck (V1; red threes count 0). */
int cn_deck_value(const cn_params *p);
/* The canastas one score column can hold: 11 per table it scores (ranks
 * 4..ace; black threes are never a canasta), two tables for a partner
 * column of the three-player game (X3), and no more than the deck's
 * cards other than red threes make up, seven each. */
int cn_column_canastas_max(const cn_params *p);
/* rulebook.c: S6 on the totals alone: 1 when the game is over;
 * *winner_plus1 the winning side + 1, or 0 (a tie, or not over). */
int cn_s6_over(const cn_params *p, const int32_t *totals, int *winner_plus1);
/* rulebook.c: whether the game is over after hand hand_no ended with
 * these totals: S6, or the bounds above (then the unique highest total
 * wins, else a tie is declared: no further hand can be played). */
int cn_game_over(const cn_params *p, int32_t hand_no, const int32_t *totals,
                 int *winner_plus1);
/* A previous hand's breakdown checked item by item under p (E3, S1, S2,
 * R3, G1): each item takes only the values the rules give it (melded
 * cards a multiple of 5 from 15 to the deck's value, or 0; canastas 500
 * or 300 each, at most cn_column_canastas_max; red threes 0 or a bonus of
 * the R3 table, plus only with melds and minus only without, no more red
 * threes over all columns than the deck holds; going out 100 or 200 as
 * how says, on the column of the seat that went out (and in X3 its
 * partner's), with the canastas G1 asks; cards in hand 0 or less, a
 * multiple of 5, at most the deck's value), and the total their sum.
 * items: CANASTA_SCORE_ITEMS per side, side after side; lines[side]: the
 * line to name.  CANASTA_OK or E_INVALID with why. */
int cn_check_breakdown(const cn_params *p, int how, int seat,
                       const int32_t *items, const int *lines, char *why,
                       size_t ws);

typedef struct cn_side_parts {
    uint8_t naturals[CN_RANKS], twos[CN_RANKS], jokers[CN_RANKS];
    int n_melds;
    int red_threes;
    int hand_value;
    int went_out;
} cn_side_parts;
void cn_score_parts(int items[CANASTA_SCORE_ITEMS], const cn_params *p,
                    const cn_side_parts *x);
/* The hand's score of every side (score column) as it stands. */
void cn_hand_scores(const cn_state *st, int how, int seat,
                    int32_t out[CN_MAX_SIDES][CANASTA_SCORE_ITEMS]);
/* End the hand: score every side, update totals, ask cn_game_over. */
void cn_end_hand(cn_state *st, int how, int seat);

/* ---- meld.c: the groups of a MELD or TAKE_PILE move ---- */
typedef struct cn_plan {
    uint8_t use[CANASTA_CARD_LIMIT]; /* hand cards the groups use */
    int n_use;
    int value;           /* O2: card values laid (with the top card) */
    int canastas_after;  /* the side's canastas after the move */
    int new_canasta;     /* a meld begun in this move is a canasta */
    int black_threes;    /* the move melds black threes (M6) */
    int top_naturals;    /* groups[0]: naturals of its rank from hand */
    int top_wilds;       /* groups[0]: wild cards from hand */
    uint8_t mn[CN_RANKS], mw[CN_RANKS]; /* side melds after the move */
} cn_plan;
/* Structure, card codes and possession (E_MOVE, E_CARD, E_NOT_IN_HAND). */
int cn_groups_parse(cn_plan *pl, const cn_state *st, const canasta_move *m,
                    int take, char *why, size_t ws);
/* M1-M6 for every group, with the pile's top card added to groups[0]
 * when top != 0; fills value, canastas_after, mn/mw. */
int cn_groups_compose(cn_plan *pl, const cn_state *st, const canasta_move *m,
                      int top, char *why, size_t ws);
/* One card onto a meld's counts (the meld alone: the position reader's,
 * whose facts are made afterwards). */
void cn_meld_add_card(cn_meld *md, int card);
/* One card onto side's meld of rank, keeping its facts (cn_kept): every
 * card a move lays goes through here. */
void cn_meld_lay(cn_state *st, int side, int rank, int card);
/* G3: cards of the player to move went onto a meld its side had before
 * the turn (sets turn_added_old when it matters). */
void cn_note_added_old(cn_state *st);
/* Lay the groups on the table for the seat's side. */
void cn_groups_lay(cn_state *st, const canasta_move *m, int seat);
/* Going-out conditions after a MELD or TAKE_PILE leaving hand_after cards
 * (G1, G4, M6). */
int cn_after_meld_check(const cn_state *st, const cn_plan *pl,
                        const uint8_t *after, int hand_after, char *why,
                        size_t ws);
/* The same checks for a move another check refused already: the rules
 * they find broken are named after the sentence in why (its code is
 * returned; why is left as it is when none is). */
int cn_after_meld_also(const cn_state *st, const cn_plan *pl,
                       const uint8_t *after, int hand_after, char *why,
                       size_t ws);
/* O1-O3: E_OPENING, with the sentence, when value (O2: the card values
 * the move lays; top: a take, whose top card counts, O3) is short of
 * the seat's minimum. */
int cn_opening_check(const cn_state *st, int seat, int value, int top,
                     char *why, size_t ws);

/* ---- take.c ---- */
int cn_check_take(const cn_state *st, const canasta_move *m, char *why,
                  size_t ws);
void cn_play_take(cn_state *st, const canasta_move *m);
/* E1: must the seat take the pile rather than decline it? */
int cn_must_take(const cn_state *st, int seat);

/* ---- moves.c ---- */
/* Validate without a message when why == NULL. */
int cn_check(const cn_state *st, const canasta_move *m, char *why,
             size_t ws);
/* Play a move that cn_check accepted. */
void cn_play(cn_state *st, const canasta_move *m);

/* ---- legal.c ---- */
/* canasta_legal_moves on a state: writes min(capacity, n) moves and
 * returns n, the number of legal moves. */
size_t cn_legal(canasta_move *moves, size_t capacity, const cn_state *st);
/* A group before its cards are picked: rank, naturals, twos, jokers (the
 * enumerator's candidates, enumerate.h, are made of these). */
typedef struct cn_spec {
    int8_t r, k, t, j;
} cn_spec;
/* search.c: the action (canasta_action_of_move, docs/SEARCH.md) of the
 * legal move of this kind with these groups (MELD, TAKE_PILE) or of this
 * discarded kind (DISCARD: cn_kind of the card). */
uint64_t cn_action_of_kinds(int kind, int discard, int n, const cn_spec *g);
/* Move k naturals of rank r (lowest suits first; r == 3: black threes),
 * t twos and j jokers from avail (what is left of the hand) into g: the
 * canonical cards of a group, as the legal moves name them. */
void cn_fill_group(canasta_group *g, uint8_t *avail, int r, int k, int t,
                   int j);
/* The opening search's bound (enumerate.h): reach[r], for r
 * from 4 to 15, is the value of the naturals of ranks r..ace held two or
 * more at a time, rank skip left out (0: none). */
void cn_opening_reach(int reach[CN_RANKS], const uint8_t nat[CN_RANKS],
                      int skip);
/* The same moves, each handed to visit (in the same order) instead of
 * being stored: nothing is copied or kept. */
typedef void (*cn_move_visitor)(void *ctx, const canasta_move *m);
size_t cn_legal_visit(const cn_state *st, cn_move_visitor visit, void *ctx);

/* ---- view.c ---- */
/* dst = what seat may know of src (A1): every card the seat cannot see
 * (other hands, the stock, the deck order) replaced by a fixed
 * arrangement of the unseen cards, the seed and the events cleared.  Two
 * games that differ only in cards hidden from seat give equal views. */
void cn_seat_view(cn_state *dst, const cn_state *src, int seat);
/* A cheaper view for deciding the seat's own move: the hidden cards are
 * simply removed (other hands hold no cards but keep their sizes, the
 * stock and the deck are blank), so it is not a consistent state; only
 * the seat's own moves may be checked and played on it. */
void cn_seat_view_blank(cn_state *dst, const cn_state *src, int seat);

/* ---- events.c ---- */
void cn_events_clear(cn_state *st);
/* memcpy / memcmp of whole states, skipping unused event slots (which
 * hold what earlier moves left there: cn_events_clear only forgets). */
void cn_state_copy(cn_state *dst, const cn_state *src);
int cn_state_equal(const cn_state *a, const cn_state *b);
/* Append an event (seat/side -1 for none); returns it, or NULL if full
 * (which the bounds above rule out).  Inline, as the next one: every move
 * makes events. */
static inline cn_event *cn_event_add(cn_state *st, int kind, int seat,
                                     int side, int value, int detail)
{
    if (NEVER(st->ev_n >= CN_MAX_EVENTS))
        return NULL;
    cn_event *e = &st->ev[st->ev_n++];
    e->kind = (uint8_t)kind;
    e->seat = (uint8_t)(seat < 0 ? 0xFF : seat);
    e->side = (uint8_t)(side < 0 ? 0xFF : side);
    e->pad = 0;
    e->value = value;
    e->detail = detail;
    e->off = st->ev_cards_n;
    e->n = 0;
    return e;
}
/* Append a card to the last event (its cards must be the last added). */
static inline void cn_event_card(cn_state *st, int card)
{
    if (NEVER(st->ev_n == 0 || st->ev_cards_n >= CN_EVENT_CARDS))
        return;
    st->ev_cards[st->ev_cards_n++] = (uint8_t)card;
    st->ev[st->ev_n - 1].n++;
}
/* The event's text without the "= " prefix; viewer >= 0 hides the cards
 * other seats drew (CANASTA_E_BUFFER if truncated). */
int cn_event_format(char *buf, size_t size, const cn_state *st,
                    const cn_event *e, int viewer);

/* ---- explain.c ---- */
int cn_why(char *why, size_t size, int err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* A move that breaks two rules: append the second one's words to the
 * sentence cn_why wrote for the first (cut to size as cn_why cuts), and
 * pass err through. */
int cn_why_also(char *why, size_t size, int err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* A number as a person reads it in a sentence: "1,650", "-45". */
#define CN_NUMBER_TEXT 24
const char *cn_thousands(char buf[CN_NUMBER_TEXT], long v);

/* ---- history.c ---- */
size_t cn_history_capacity(const cn_params *p);
size_t cn_move_encoded_size(const canasta_move *m);
/* The compact encoding of m at p (cn_move_encoded_size bytes, at most
 * CN_MOVE_BYTES); returns its size. */
size_t cn_move_encode(uint8_t *p, const canasta_move *m);
/* The move encoded at p; returns its size. */
size_t cn_move_decode(const uint8_t *p, canasta_move *m);
/* The longest encoding: kind, seat, card, ngroups, then rank, count and
 * cards of each group, and the length byte. */
#define CN_MOVE_BYTES (5 + CANASTA_MOVE_MAX_GROUPS * (2 + CANASTA_GROUP_MAX_CARDS))
void cn_history_push(canasta_game *g, const canasta_move *m);
/* Decode the move at *pos and advance; returns 0 at the end. */
int cn_history_next(const canasta_game *g, size_t *pos, canasta_move *m);

/* ---- game.c ---- */
/* A zeroed handle with its history buffer (state not set). */
canasta_game *cn_game_alloc(canasta_alloc_fn a, canasta_release_fn rl,
                            void *user, const cn_params *p);
/* Play a move cn_check accepted, and keep it in the undo history:
 * CANASTA_E_NOMEM (game unchanged) when the history is full. */
int cn_game_play(canasta_game *game, const canasta_move *move, char *why,
                 size_t why_size);
/* Back to the state the current hand began in (deal or position). */
void cn_game_restart_hand(canasta_game *g);

/* ---- alloc ---- */
void *cn_alloc(canasta_alloc_fn a, void *user, size_t n);
void cn_release(canasta_release_fn r, void *user, void *p);
/* Every _with_allocator function takes both functions or neither (both
 * NULL: malloc and free). */
static inline int cn_alloc_pair_ok(canasta_alloc_fn a, canasta_release_fn r)
{
    return (a == NULL) == (r == NULL);
}

/* ---- handing out and reading in ---- */
/* A list of count cards into the caller's cards[capacity]: *n gets the
 * count whether or not it fits; cards may be NULL when capacity is 0. */
static inline int cn_copy_cards(uint8_t *cards, size_t capacity, size_t *n,
                                const uint8_t *src, size_t count)
{
    *n = count;
    if (capacity < count)
        return CANASTA_E_BUFFER;
    if (count) /* cards may be NULL when there are none */
        memcpy(cards, src, count);
    return CANASTA_OK;
}
/* The length of a text given to a reader: length, or strlen for
 * (size_t)-1 (a NUL-terminated string). */
static inline size_t cn_text_len(const char *text, size_t length)
{
    return length == (size_t)-1 ? strlen(text) : length;
}
/* Whether the n bytes at s hold a NUL (a text given by its length never
 * may). */
static inline int cn_has_nul(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\0')
            return 1;
    return 0;
}

#endif
