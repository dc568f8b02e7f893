/*
 * Random play: thousands of hands of uniformly random legal moves, with the
 * rules checked after every single move, for every preset: the classic
 * four-player game (C1) and the games for two (X2), three (X3, cutthroat)
 * and six players (X6, three sides of two and two sides of three).
 *
 * The random numbers come from the splitmix64 generator of helpers.h
 * (th_sm64, never rand()), so every run plays exactly the same games.
 *
 * One set of checks serves every preset: the loops are parameterised by a
 * row of the table `variants` below, which writes down from RULES.md what
 * each game is (players, sides, packs, jokers, cards dealt, cards per
 * draw, canastas to go out, target, the red-three table, the opening
 * table).  Each test first compares that row with the preset's options
 * (canasta_rules_get) and then only uses the row.
 *
 * Sizes at CANASTA_TEST_SCALE 100 (measured on a 2-core machine: the whole
 * suite about 8 s of test time, 13 s with Check's forks on a busy
 * machine; the classic tests 3.5 s of it, each variant 1-1.7 s):
 *  - classic: RANDOM_HAND_CHUNKS x HANDS_PER_CHUNK = 8000 complete hands
 *    over many game seeds (a new game every HANDS_PER_GAME hands or at
 *    game over); every variant: VARIANT_HAND_CHUNKS x
 *    VARIANT_HANDS_PER_CHUNK = 2000 complete hands the same way;
 *  - LOW_TARGET_GAMES = 50 complete games per preset with
 *    CANASTA_OPT_TARGET_SCORE set low, each played to PHASE_GAME_OVER: 25
 *    with LOW_TARGET (500) and 25 with LOWISH_TARGET (2500, S6's example
 *    of another target);
 *  - th_assert_cards_accounted (every card of the deck in exactly one
 *    place, suits included) and all the other checks run after every move
 *    of every hand; every listed move is validated after every move of
 *    every full_validate_every-th hand (the column of that name in the
 *    table: 1, every hand, for every preset at present; a whole list is
 *    many validations, the other hands validate the move played).  In the
 *    same hands every move is preceded by refused moves (another seat's,
 *    one of the wrong phase and, in the play phase, a discard of a card
 *    not held) that must leave the game canasta_game_equal to a copy
 *    taken before (A3: canasta_apply changes nothing on an error).
 *  - The moves are uniformly random among the listed ones, except in
 *    every second X3 hand (NO_TAKE_EVERY), where nobody takes the pile
 *    while anything else is legal, so that players go out before anyone
 *    took it often enough.
 *
 * CANASTA_TEST_SCALE (a percentage, default 100; see th_scaled) scales
 * the hands per chunk and LOW_TARGET_GAMES: "make check-valgrind" plays a
 * tenth of these hands, since valgrind runs them some 40 times slower.
 * The chunks, seeds and checks stay the same, so a scaled run plays the
 * first hands of each chunk and the first games of each target (never
 * fewer than the LEAST_ counts below).
 *
 * Where a check of the classic test assumed four players it is written
 * from the rules for any preset:
 *  - the turn passes to seat + 1 mod players (C1); the partner who
 *    answers "may I go out?" is the next seat in turn order on the same
 *    table (G4; opposite in C1, seat + 3 with three sides of two); in X2,
 *    and in X3 before anyone took the pile and for the lone hand, nobody
 *    has a partner, so no ASK may be offered;
 *  - a draw takes draw-count cards, red threes laid out and replaced
 *    (R1); with fewer left the last card counts as the full draw (X2);
 *  - a seat's score column is seat mod sides (C1, X6: partners opposite
 *    in three sides of two, alternate seats in two sides of three; X2 and
 *    X3: each seat its own); going out needs the preset's canastas (G1);
 *  - E3/R3/X3 scoring: each column scores the tables of its players: the
 *    melds, canastas and going out of those tables, minus the cards in
 *    its players' hands, plus the red threes of the column's own seats
 *    (plus when one of those tables melded, minus otherwise) from the
 *    preset's table (R3: 100 each, 800 for four; X6: 100 each up to four,
 *    1000 for five, 1200 for six).  In X3 the lone hand scores its own
 *    table; each partner scores the partnership: the merged table, or,
 *    when the lone hand went out before anyone took the pile, the sum of
 *    the two partners' separate tables, plus each partner's own red
 *    threes; when nobody took the pile and nobody went out, everyone
 *    scores alone;
 *  - X3: canasta_game_lone_hand is -1 until the first TAKE_PILE of a hand
 *    and then the taker; the other two then share the lower seat's table,
 *    whose melds are the two tables' melds added rank by rank, opened if
 *    either was, while the higher seat's table is empty and unopened; a
 *    player who goes out before any take becomes the lone hand with every
 *    table left apart.  A merged meld keeps all its cards, so it may hold
 *    more than three wild cards; then no wild card may join it, while a
 *    natural card always may (M4: checked for the player to move after
 *    every move, with canasta_validate of each natural of that rank held).
 *    Over each chunk some hand must form a partnership and some hand must
 *    end with a lone hand that went out before anyone took the pile;
 *  - S6 with any number of sides: the game is over when a side has
 *    reached the target and leads alone; X6 two sides: 150 to open from
 *    7000 (O1).
 *  - The move bound below, from the deck, the players and the hand size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define MAX_SEATS 6
#define MAX_SIDES 3
#define MAX_RANKS 15 /* arrays indexed by rank 0..14 */
#define BUF 256 /* more cards than any hand, meld, pile or deck holds */

/* Check records the place of every passing ck_assert with a write()
 * system call; over hundreds of thousands of moves that alone would take
 * minutes.  So this file uses the quiet REQ and QEQ/QLT/... of helpers.h,
 * which call into Check only when they fail. */

#define RANDOM_HAND_CHUNKS 8
#define HANDS_PER_CHUNK 1000
#define VARIANT_HAND_CHUNKS 4
#define VARIANT_HANDS_PER_CHUNK 500
#define HANDS_PER_GAME 5
/* X3: in every NO_TAKE_EVERY-th hand nobody takes the pile unless it is
 * the only legal move, and players meld whenever they can (15 times in
 * 16), so that hands where a player goes out before anyone took the pile
 * (a lone hand without a partnership) are common enough to be checked:
 * uniform random play gives about one in 1500 hands, this about one in
 * 30.  The other hands are uniformly random, as in every other preset. */
#define NO_TAKE_EVERY 2
#define LOW_TARGET 500
#define LOWISH_TARGET 2500
#define LOW_TARGET_GAMES 50
/* The fewest hands per chunk and games per target a scaled run plays:
 * enough for some hand to go out and, with LOWISH_TARGET, for some game to
 * need several hands (both asserted), and in X3 for a partnership and a
 * lone hand going out first (asserted per chunk).  Measured: 10 hands and
 * 2 games suffice for the classic seeds; the X3 chunks have 1 to 4 hands
 * with a lone hand going out before any take in their first 100 (about
 * one hand in 30, so 150 hands miss it with odds below 1%); the margin
 * covers engine changes that alter the random games. */
#define LEAST_HANDS_PER_CHUNK 50
#define LEAST_X3_HANDS_PER_CHUNK 150
#define LEAST_LOW_TARGET_GAMES 5
/* Not a rule: a guard so that a broken engine cannot loop forever.  A
 * game to 500 needs a side to gain 500; random play gets there in a few
 * hands (measured: see the report). */
#define LOW_TARGET_HAND_GUARD 400

/* ---------------------------------------------------------------- */
/* The presets, written out from RULES.md                             */
/* ---------------------------------------------------------------- */

typedef struct variant {
    int preset;
    const char *rule; /* the rule that defines the game, for messages */
    /* C1-C4, G1, S6, X2, X3, X6 */
    int players, sides, packs, jokers, deck, hand, draw, need, target;
    int lone; /* X3: the first to take the pile plays alone */
    /* R3 (X6): the bonus for 0..6 red threes of one score column */
    int red3[7];
    /* O1 (X6, two sides): from this total the opening needs 150; 0: no
     * such step */
    int open150_from;
    /* Sizes of the runs (see the comment at the top) */
    int chunks, hands_per_chunk, least_hands, full_validate_every;
    uint64_t seed_offset; /* 0 for classic: the same games as ever */
} variant;

enum { V_CLASSIC, V_TWO, V_THREE, V_SIX_THREE, V_SIX_TWO, N_VARIANTS };

static const variant variants[N_VARIANTS] = {
    { CANASTA_PRESET_CLASSIC, "C1", 4, 2, 2, 4, 108, 11, 1, 1, 5000, 0,
      { 0, 100, 200, 300, 800, 0, 0 }, 0,
      RANDOM_HAND_CHUNKS, HANDS_PER_CHUNK, LEAST_HANDS_PER_CHUNK, 1, 0 },
    { CANASTA_PRESET_TWO_PLAYERS, "X2", 2, 2, 2, 4, 108, 15, 2, 2, 5000, 0,
      { 0, 100, 200, 300, 800, 0, 0 }, 0,
      VARIANT_HAND_CHUNKS, VARIANT_HANDS_PER_CHUNK, LEAST_HANDS_PER_CHUNK, 1,
      UINT64_C(10000000) },
    { CANASTA_PRESET_THREE_PLAYERS, "X3", 3, 3, 2, 4, 108, 13, 2, 1, 7500, 1,
      { 0, 100, 200, 300, 800, 0, 0 }, 0,
      VARIANT_HAND_CHUNKS, VARIANT_HANDS_PER_CHUNK, LEAST_X3_HANDS_PER_CHUNK,
      1, UINT64_C(20000000) },
    { CANASTA_PRESET_SIX_THREE_SIDES, "X6", 6, 3, 3, 6, 162, 13, 1, 2, 7500,
      0, { 0, 100, 200, 300, 400, 1000, 1200 }, 0,
      VARIANT_HAND_CHUNKS, VARIANT_HANDS_PER_CHUNK, LEAST_HANDS_PER_CHUNK, 1,
      UINT64_C(30000000) },
    { CANASTA_PRESET_SIX_TWO_SIDES, "X6", 6, 2, 3, 6, 162, 13, 1, 2, 10000,
      0, { 0, 100, 200, 300, 400, 1000, 1200 }, 7000,
      VARIANT_HAND_CHUNKS, VARIANT_HANDS_PER_CHUNK, LEAST_HANDS_PER_CHUNK, 1,
      UINT64_C(40000000) },
};

/* C1, X2, X3, X6: a seat's score column.  Partners opposite in the
 * classic game (0+2, 1+3) and with three sides of two (s, s+3); alternate
 * seats with two sides of three; each seat alone in X2 and X3. */
static int column_of(const variant *v, int seat)
{
    return seat % v->sides;
}

/* O1, with the X6 two-sides step. */
static int o1_minimum(const variant *v, int total)
{
    if (total < 0)
        return 15;
    if (total < 1500)
        return 50;
    if (total < 3000)
        return 90;
    if (v->open150_from && total >= v->open150_from)
        return 150;
    return 120;
}

/*
 * The bound on the number of moves in one hand, derived from the rules.
 *
 *  - C2/C4/C5: D cards (108; 162 in X6), P players with H cards each dealt,
 *    at least one upcard, so the stock holds S0 <= D - P*H - 1 cards when
 *    the first turn starts (63 in the classic game; red-three
 *    replacements at the deal only make it smaller).  We use the real S0
 *    of each hand.
 *  - T1: each turn starts with exactly one DRAW, TAKE_PILE or DECLINE.
 *    A DRAW takes at least one card from the stock, which never grows:
 *    at most S0 DRAW moves.  DECLINE ends the hand (E1): at most one.
 *  - P1: a TAKE_PILE melds the top card for good (melded cards never go
 *    back), and a MELD move melds at least one card from the hand (an
 *    empty MELD is malformed).  Red threes are never melded (M6), so at
 *    most M = D - 2 * packs cards are ever melded: TAKE + MELD <= M
 *    (104 in the classic game).
 *  - G4: at most one ASK and one answer per turn; T1: at most one DISCARD
 *    per turn.
 *  So with D draws, T takes and M meld moves:
 *    moves <= (D + T + 1) turn starts + 2 (D + T) ask/answer
 *             + (D + T) discards + M
 *          = 4 (D + T) + M + 1  (the DECLINE turn has nothing else)
 *          <= 4 S0 + 4 T + (M - T) + 1 <= 4 S0 + 3 M + M + 1
 *  (<= 669 for the classic game, 4 * 110 + 4 * 156 + 1 = 1065 for X6).
 */
static int hand_move_bound(const variant *v, int s0)
{
    int meldable = v->deck - 2 * v->packs;
    return 4 * s0 + 3 * meldable + meldable + 1;
}

/* ---------------------------------------------------------------- */
/* Rules written out on our side                                      */
/* ---------------------------------------------------------------- */

/* V1 is th_card_value (helpers.c). */

static int is_wild(int card)
{
    return card == CANASTA_JOKER || card / 4 == 2;
}

static int is_black_three(int card)
{
    return card == CANASTA_CARD(3, CANASTA_CLUBS) ||
           card == CANASTA_CARD(3, CANASTA_SPADES);
}

static int is_red_three(int card)
{
    return card == CANASTA_CARD(3, CANASTA_DIAMONDS) ||
           card == CANASTA_CARD(3, CANASTA_HEARTS);
}

/* The preset's options are the ones written down in its row. */
static void check_preset_options(const variant *v)
{
    static const int keys[] = {
        CANASTA_OPT_PLAYERS, CANASTA_OPT_SIDES, CANASTA_OPT_PACKS,
        CANASTA_OPT_JOKERS, CANASTA_OPT_DECK_SIZE, CANASTA_OPT_HAND_SIZE,
        CANASTA_OPT_DRAW_COUNT, CANASTA_OPT_CANASTAS_TO_GO_OUT,
        CANASTA_OPT_TARGET_SCORE, CANASTA_OPT_LONE_HAND,
        CANASTA_OPT_CONCEALED_ADDITIONS
    };
    const int want[] = {
        v->players, v->sides, v->packs, v->jokers, v->deck, v->hand,
        v->draw, v->need, v->target, v->lone,
        0 /* G3 as published, in every preset */
    };
    static const int totals[] = {
        -5, 0, 1495, 1500, 2995, 3000, 6995, 7000, 12000
    };
    canasta_rules *r = NULL;
    size_t i;
    int n;
    QEQ(canasta_rules_create(&r, v->preset), CANASTA_OK);
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        int got = -1;
        QEQ(canasta_rules_get(&got, r, keys[i]), CANASTA_OK);
        REQ_MSG(got == want[i], "%s (preset %d): option %d is %d, the rules "
                "say %d", v->rule, v->preset, keys[i], got, want[i]);
    }
    QEQ(v->deck, 52 * v->packs + v->jokers); /* C2, X6 */
    QLE(v->players, MAX_SEATS);
    QLE(v->sides, MAX_SIDES);
    for (n = 0; n <= 2 * v->packs; n++) {
        int b = -1;
        QEQ(canasta_rules_red_three_bonus(&b, r, n), CANASTA_OK);
        REQ_MSG(b == v->red3[n], "%s: %d red threes score %d, the rules "
                "say %d", v->rule, n, b, v->red3[n]);
    }
    for (i = 0; i < sizeof totals / sizeof totals[0]; i++) {
        int m = -1;
        QEQ(canasta_rules_opening_minimum(&m, r, totals[i]), CANASTA_OK);
        REQ_MSG(m == o1_minimum(v, totals[i]), "%s: minimum %d at %d, the "
                "rules say %d", v->rule, m, totals[i],
                o1_minimum(v, totals[i]));
    }
    canasta_rules_free(r);
}

/* ---------------------------------------------------------------- */
/* Playing                                                            */
/* ---------------------------------------------------------------- */

typedef struct {
    const variant *v;
    th_sm64 rng;
    th_sm64 rng_bad;  /* for the refused moves: rng picks as it always did */
    th_movelist ml;
    int validate_all; /* validate every listed move, try refused moves */
    int no_take;      /* X3: TAKE_PILE only when nothing else is legal */
    canasta_game *scratch; /* copy taken before the refused moves */
    /* optional record of the moves played */
    canasta_move *log;
    size_t log_n, log_cap;
    int record;
    long moves_played;
    long listed_validated;
    long refused;
    /* The current hand */
    int ask_seat;     /* G4: who asked, while an answer is due */
    int merged;       /* X3: the partners share a table */
    int wild_cap[MAX_SIDES][MAX_RANKS]; /* M4: most wild cards per meld */
    /* Over the run */
    long partnerships;   /* X3: hands in which the pile was taken */
    long lone_out_first; /* X3: went out before anyone took the pile */
    long naturals_joined; /* X3: M4 checks on merged melds */
} player;

/* One table side's melds, for the X3 merge check. */
typedef struct {
    int n[MAX_SIDES][MAX_RANKS], t[MAX_SIDES][MAX_RANKS];
    int j[MAX_SIDES][MAX_RANKS], opened[MAX_SIDES];
} tables_snap;

static void player_init(player *p, const variant *v, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->v = v;
    p->rng.state = seed;
    p->rng_bad.state = seed ^ UINT64_C(0x5A5A5A5A5A5A5A5A);
}

static void player_done(player *p)
{
    free(p->ml.v);
    free(p->log);
    canasta_game_free(p->scratch);
    p->ml.v = NULL;
    p->log = NULL;
    p->scratch = NULL;
}

static void record_move(player *p, const canasta_move *m)
{
    if (!p->record)
        return;
    if (p->log_n == p->log_cap) {
        size_t cap = p->log_cap ? 2 * p->log_cap : 1024;
        canasta_move *nl = realloc(p->log, cap * sizeof *nl);
        REQ(nl != NULL);
        p->log = nl;
        p->log_cap = cap;
    }
    p->log[p->log_n++] = *m;
}

/* ---------------------------------------------------------------- */
/* Checks after every move                                            */
/* ---------------------------------------------------------------- */

typedef struct {
    int melded_value;   /* V1 over all melded cards */
    int natural;        /* natural canastas */
    int mixed;          /* mixed canastas */
    int any;            /* the side has melded something */
    int black_threes;   /* a meld of black threes exists */
} side_view;

/* M1-M6: every meld on the table is a legal meld; the cards listed for it
 * agree with its counts; the canastas agree with canasta_game_canastas;
 * O4: a side counts as opened exactly when it has a meld.  X3: a merged
 * meld may hold more wild cards than M1 allows (as many as at the merge;
 * M4: no more may join). */
static void check_melds(const canasta_game *g, const player *p, int side,
                        side_view *sv)
{
    int rank, nat, mix, opened = -1;
    memset(sv, 0, sizeof *sv);
    for (rank = 3; rank <= 14; rank++) {
        int n = -1, t = -1, j = -1, cls = -1, cn = 0, ct = 0, cj = 0;
        uint8_t cards[BUF];
        size_t k = 0, i;
        QEQ(canasta_game_meld(&n, &t, &j, g, side, rank), CANASTA_OK);
        QEQ(canasta_game_meld_cards(cards, sizeof cards, &k, g, side,
                                       rank), CANASTA_OK);
        QEQ(k, (size_t)(n + t + j));
        for (i = 0; i < k; i++) {
            if (cards[i] == CANASTA_JOKER)
                cj++;
            else if (cards[i] / 4 == 2)
                ct++;
            else {
                QEQ(cards[i] / 4, rank);
                REQ(!is_red_three(cards[i]));
                cn++;
            }
            sv->melded_value += th_card_value(cards[i]);
        }
        QEQ(cn, n);
        QEQ(ct, t);
        QEQ(cj, j);
        if (k == 0)
            continue;
        sv->any = 1;
        /* M1: at least two naturals, at most three wild cards (X3: at
         * most the merged meld's). */
        QGE(n, 2);
        REQ_MSG(t + j <= p->wild_cap[side][rank],
                "%s: side %d's meld of rank %d holds %d wild cards (at most "
                "%d)", p->v->rule, side, rank, t + j,
                p->wild_cap[side][rank]);
        if (t + j <= 3) {
            REQ_MSG(th_meld_class(&cls, CANASTA_PRESET_CLASSIC, rank, n, t, j) == CANASTA_OK,
                    "illegal meld on the table: side %d rank %d %d+%d+%d",
                    side, rank, n, t, j);
            QNE(cls, CANASTA_MELD_NONE);
        } else {
            cls = n + t + j >= 7 ? CANASTA_MELD_MIXED_CANASTA
                                 : CANASTA_MELD_OPEN;
        }
        if (cls == CANASTA_MELD_NATURAL_CANASTA) {
            REQ(n >= 7 && t + j == 0);
            sv->natural++;
        } else if (cls == CANASTA_MELD_MIXED_CANASTA) {
            REQ(n + t + j >= 7 && t + j > 0);
            sv->mixed++;
        } else {
            QLT(n + t + j, 7);
        }
        if (rank == 3)
            sv->black_threes = 1;
    }
    QEQ(canasta_game_canastas(&nat, &mix, g, side), CANASTA_OK);
    QEQ(nat, sv->natural);
    QEQ(mix, sv->mixed);
    QEQ(canasta_game_opened(&opened, g, side), CANASTA_OK);
    QEQ(opened, sv->any);
}

/* P2/P3: the pile flags follow from the pile's cards and the side. */
static void check_pile_flags(const canasta_game *g, const variant *v)
{
    uint8_t pile[BUF];
    size_t n = 0, i;
    int side, wild_in = 0, red3_in = 0, top;
    QEQ(canasta_game_pile(pile, sizeof pile, &n, g), CANASTA_OK);
    for (i = 0; i < n; i++) {
        if (is_wild(pile[i]))
            wild_in = 1;
        if (is_red_three(pile[i]))
            red3_in = 1;
    }
    top = n ? pile[n - 1] : CANASTA_CARD_NONE;
    {
        int t = -1;
        QEQ(canasta_game_pile_top(&t, g), CANASTA_OK);
        QEQ(t, top);
    }
    /* A red three on top would have been covered (C5) or never discarded
     * (T2). */
    if (n)
        REQ(!is_red_three(top));
    for (side = 0; side < v->sides; side++) {
        int flags = 0, opened = th_opened(g, side);
        QEQ(canasta_game_pile_status(&flags, g, side), CANASTA_OK);
        QEQ(!!(flags & CANASTA_PILE_EMPTY), n == 0);
        if (n == 0)
            continue;
        QEQ(!!(flags & CANASTA_PILE_FROZEN_WILD), wild_in);
        QEQ(!!(flags & CANASTA_PILE_FROZEN_RED_THREE), red3_in);
        QEQ(!!(flags & CANASTA_PILE_FROZEN_UNOPENED), !opened);
        QEQ(!!(flags & CANASTA_PILE_BLOCKED_WILD), is_wild(top));
        QEQ(!!(flags & CANASTA_PILE_BLOCKED_BLACK_THREE),
               is_black_three(top));
    }
}

static int hand_value(const canasta_game *g, int seat)
{
    uint8_t cards[BUF];
    size_t n = 0, i;
    int sum = 0;
    QEQ(canasta_game_hand(cards, sizeof cards, &n, g, seat), CANASTA_OK);
    for (i = 0; i < n; i++) {
        REQ(!is_red_three(cards[i])); /* R1/R2/C6: never held */
        sum += th_card_value(cards[i]);
    }
    return sum;
}

static int red_three_count(const canasta_game *g, int seat)
{
    uint8_t cards[16];
    size_t n = 0, i;
    QEQ(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
           CANASTA_OK);
    for (i = 0; i < n; i++)
        REQ(is_red_three(cards[i]));
    return (int)n;
}

/* C2 (X6) through the public API: every card we can see (hands, red
 * threes, melds, pile) is a real card, no code appears more often than
 * the deck holds it (packs copies of each card, the preset's jokers), and
 * with the stock they make up the deck.  (The stock's cards are hidden;
 * th_assert_cards_accounted looks inside, see below.) */
static void check_cards_public(const canasta_game *g, const variant *v)
{
    int have[CANASTA_CARD_LIMIT];
    uint8_t cards[BUF];
    size_t n, i;
    int seat, side, rank, c, seen = 0;
    memset(have, 0, sizeof have);
    for (seat = 0; seat < v->players; seat++) {
        n = 0;
        QEQ(canasta_game_hand(cards, sizeof cards, &n, g, seat),
               CANASTA_OK);
        for (i = 0; i < n; i++)
            have[cards[i]]++;
        seen += (int)n;
        n = 0;
        QEQ(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
               CANASTA_OK);
        for (i = 0; i < n; i++)
            have[cards[i]]++;
        seen += (int)n;
    }
    for (side = 0; side < v->sides; side++)
        for (rank = 3; rank <= 14; rank++) {
            n = 0;
            QEQ(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                           rank), CANASTA_OK);
            for (i = 0; i < n; i++)
                have[cards[i]]++;
            seen += (int)n;
        }
    n = 0;
    QEQ(canasta_game_pile(cards, sizeof cards, &n, g), CANASTA_OK);
    for (i = 0; i < n; i++)
        have[cards[i]]++;
    seen += (int)n;
    for (c = 0; c < CANASTA_CARD_LIMIT; c++) {
        int deck = 0;
        if (c == CANASTA_JOKER)
            deck = v->jokers;
        else if (c >= CANASTA_CARD(2, 0) && c <= CANASTA_CARD(14, 3))
            deck = v->packs;
        REQ_MSG(have[c] <= deck, "card code %d seen %d times", c, have[c]);
    }
    QEQ(seen + th_stock_size(g), v->deck);
}

/* The lowest seat other than the lone hand (X3: the partners' table). */
static int partners_table(const variant *v, int lone)
{
    int s;
    for (s = 0; s < v->players; s++)
        if (s != lone)
            return s;
    return -1;
}

/* C1/X3: the table each seat plays on; the lone hand (-1: none). */
static void check_tables(const canasta_game *g, const player *p)
{
    const variant *v = p->v;
    int lone = th_lone_hand(g), s;
    if (!v->lone)
        QEQ(lone, -1);
    else
        REQ(lone >= -1 && lone < v->players);
    if (p->merged)
        QGE(lone, 0);
    for (s = 0; s < v->players; s++) {
        int want = column_of(v, s);
        if (p->merged && s != lone)
            want = partners_table(v, lone);
        REQ_MSG(th_seat_side(g, s) == want, "%s: seat %d plays on side %d, "
                "expected %d (lone hand %d)", v->rule, s,
                th_seat_side(g, s), want, lone);
    }
}

/* G4: the partner who answers: the next seat in turn order on the same
 * table, or -1. */
static int partner_of(const canasta_game *g, const variant *v, int seat)
{
    int i, side = th_seat_side(g, seat);
    for (i = 1; i < v->players; i++) {
        int s = (seat + i) % v->players;
        if (th_seat_side(g, s) == side)
            return s;
    }
    return -1;
}

/* M4 on an X3 partnership's merged meld that holds more than three wild
 * cards: "extra natural cards are always allowed", so a natural of its
 * rank from the player's hand must never be refused as an illegal meld
 * (E_MELD); other refusals (G1, G4) may apply. */
static void check_naturals_join(const canasta_game *g, player *p)
{
    uint8_t cards[BUF];
    size_t n = 0, i;
    int seat, side, r;
    if (!p->merged || th_phase(g) != CANASTA_PHASE_PLAY)
        return;
    seat = th_seat(g);
    side = th_seat_side(g, seat);
    for (r = 4; r <= 14; r++) {
        if (p->wild_cap[side][r] <= 3)
            continue;
        if (n == 0)
            QEQ(canasta_game_hand(cards, sizeof cards, &n, g, seat),
                   CANASTA_OK);
        for (i = 0; i < n; i++)
            if (cards[i] / 4 == r) {
                canasta_move m;
                char why[256];
                int rc, gi = -1;
                QEQ(canasta_move_init(&m, CANASTA_MOVE_MELD, seat),
                       CANASTA_OK);
                QEQ(canasta_move_add_group(&gi, &m, r), CANASTA_OK);
                QEQ(canasta_move_add_card(&m, gi, cards[i]), CANASTA_OK);
                why[0] = '\0';
                rc = canasta_validate(why, sizeof why, g, &m);
                REQ_MSG(rc != CANASTA_E_MELD, "X3/M4: seat %d may not add a "
                        "natural (code %d) to its partnership's merged meld "
                        "of rank %d: %s (%s)", seat, cards[i], r,
                        canasta_error_name(rc), why);
                p->naturals_joined++;
                break;
            }
    }
}

/* After every move. */
static void check_position(const canasta_game *g, const player *p,
                           side_view sv[MAX_SIDES])
{
    const variant *v = p->v;
    int phase = th_phase(g), side, seat;
    th_assert_cards_accounted(g);
    check_cards_public(g, v);
    check_tables(g, p);
    for (side = 0; side < v->sides; side++)
        check_melds(g, p, side, &sv[side]);
    seat = th_seat(g);
    REQ(seat >= 0 && seat < v->players);
    if (th_phase_in_play(phase)) {
        int s;
        for (s = 0; s < v->players; s++)
            QGE(th_hand_size(g, s), 1); /* else someone is out */
        /* M6 / DECISIONS 8: black threes are melded only by a move that
         * leaves at most one card while going out is allowed; so while
         * play goes on, such a meld means the player who laid it is still
         * on turn, in the play phase, holding one card to discard. */
        for (s = 0; s < v->sides; s++)
            if (sv[s].black_threes) {
                QEQ(phase, CANASTA_PHASE_PLAY);
                QEQ(th_seat_side(g, seat), s);
                QEQ(th_hand_size(g, seat), 1);
            }
        check_pile_flags(g, v);
    } else {
        REQ(phase == CANASTA_PHASE_HAND_OVER ||
            phase == CANASTA_PHASE_GAME_OVER);
    }
}

/* C3-C6 before the first move of a hand: the player left of the dealer
 * starts; every seat holds the cards dealt (red threes laid out and
 * replaced, C6); the pile is the upcards, all but the top one wild cards
 * or red threes (C5); the stock is the rest; nobody plays alone yet; the
 * opening minimums follow from the totals (O1). */
static void check_deal(const canasta_game *g, player *p)
{
    const variant *v = p->v;
    uint8_t pile[BUF];
    size_t n = 0, i;
    int s, reds = 0, dealer = -1;
    QEQ(canasta_game_dealer(&dealer, g), CANASTA_OK);
    QEQ(th_phase(g), CANASTA_PHASE_DRAW);
    QEQ(th_seat(g), (dealer + 1) % v->players);
    for (s = 0; s < v->players; s++) {
        QEQ(th_hand_size(g, s), v->hand);
        reds += red_three_count(g, s);
    }
    QEQ(canasta_game_pile(pile, sizeof pile, &n, g), CANASTA_OK);
    QGE(n, 1);
    for (i = 0; i + 1 < n; i++)
        REQ(is_wild(pile[i]) || is_red_three(pile[i]));
    REQ(!is_wild(pile[n - 1]) && !is_red_three(pile[n - 1]));
    QEQ(th_stock_size(g), v->deck - v->players * v->hand - (int)n - reds);
    QEQ(th_lone_hand(g), -1);
    for (s = 0; s < v->sides; s++) {
        int min = -1;
        QEQ(canasta_game_opening_minimum(&min, g, s), CANASTA_OK);
        QEQ(min, o1_minimum(v, th_total(g, s)));
    }
    p->merged = 0;
    p->ask_seat = -1;
    for (s = 0; s < MAX_SIDES; s++) {
        int r;
        for (r = 0; r < MAX_RANKS; r++)
            p->wild_cap[s][r] = 3;
    }
}

static void snap_tables(tables_snap *ts, const canasta_game *g,
                        const variant *v)
{
    int side, r;
    for (side = 0; side < v->sides; side++) {
        for (r = 3; r <= 14; r++)
            QEQ(canasta_game_meld(&ts->n[side][r], &ts->t[side][r],
                                     &ts->j[side][r], g, side, r),
                   CANASTA_OK);
        ts->opened[side] = th_opened(g, side);
    }
}

/* X3 after move m (lone: the lone hand before it): the lone hand and the
 * partnership (see the comment at the top).  Other presets: nobody plays
 * alone, ever. */
static void check_lone_hand(const canasta_game *g, player *p,
                            const canasta_move *m, int lone_before,
                            const tables_snap *ts)
{
    const variant *v = p->v;
    int lone = th_lone_hand(g), how = 0, who = -7;
    if (!v->lone) {
        QEQ(lone, -1);
        return;
    }
    if (lone_before >= 0) {
        /* for the rest of the hand */
        QEQ(lone, lone_before);
        return;
    }
    if (m->kind == CANASTA_MOVE_TAKE_PILE) {
        int a = partners_table(v, m->seat), b, r;
        REQ(ts != NULL);
        REQ_MSG(lone == m->seat, "X3: seat %d took the pile first, the lone "
                "hand is %d", m->seat, lone);
        for (b = a + 1; b == m->seat; b++)
            ;
        QLT(b, v->players);
        QEQ(th_seat_side(g, m->seat), m->seat);
        QEQ(th_seat_side(g, a), a);
        QEQ(th_seat_side(g, b), a);
        /* the partners' melds, rank by rank, on the lower seat's table;
         * the higher seat's table is left empty */
        for (r = 3; r <= 14; r++) {
            int n = -1, t = -1, j = -1;
            QEQ(canasta_game_meld(&n, &t, &j, g, a, r), CANASTA_OK);
            QEQ(n, ts->n[a][r] + ts->n[b][r]);
            QEQ(t, ts->t[a][r] + ts->t[b][r]);
            QEQ(j, ts->j[a][r] + ts->j[b][r]);
            if (t + j > 3)
                p->wild_cap[a][r] = t + j;
            QEQ(canasta_game_meld(&n, &t, &j, g, b, r), CANASTA_OK);
            QEQ(n + t + j, 0);
        }
        QEQ(th_opened(g, a), ts->opened[a] || ts->opened[b]);
        QEQ(th_opened(g, b), 0);
        p->merged = 1;
        p->partnerships++;
        return;
    }
    QEQ(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    if (!th_phase_in_play(th_phase(g)) &&
        (how == CANASTA_END_WENT_OUT || how == CANASTA_END_CONCEALED)) {
        /* went out before anyone took the pile: the lone hand, with every
         * table left apart */
        REQ_MSG(lone == m->seat, "X3: seat %d went out before any take, "
                "the lone hand is %d", m->seat, lone);
        p->lone_out_first++;
        return;
    }
    QEQ(lone, -1);
}

/* The seats whose tables and hands make score column col (see the
 * comment at the top). */
static unsigned column_seats(const variant *v, int col, int lone)
{
    unsigned mask = 0;
    int s;
    for (s = 0; s < v->players; s++) {
        int in = lone < 0 ? column_of(v, s) == col
               : col == lone ? s == lone : s != lone;
        if (in)
            mask |= 1u << s;
    }
    return mask;
}

/* The hand just ended with move `last` made by seat `mover`. */
static void check_hand_end(const canasta_game *g, const player *p,
                           const canasta_move *last,
                           const int totals_before[MAX_SIDES],
                           const side_view sv[MAX_SIDES])
{
    const variant *v = p->v;
    int how = -1, who = -7, side, col, target = 0, t[MAX_SIDES];
    int phase = th_phase(g);
    int mover = last->seat, mover_table = th_seat_side(g, mover);
    int lone = th_lone_hand(g), best = 0, leaders = 0, leader = -1;
    QEQ(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    switch (how) {
    case CANASTA_END_WENT_OUT:
    case CANASTA_END_CONCEALED:
        QEQ(who, mover);
        QEQ(th_hand_size(g, mover), 0);
        /* G1 (X2, X6: two): the side has the canastas. */
        QGE(sv[mover_table].natural + sv[mover_table].mixed, v->need);
        REQ(last->kind == CANASTA_MOVE_MELD ||
            last->kind == CANASTA_MOVE_DISCARD ||
            last->kind == CANASTA_MOVE_TAKE_PILE);
        break;
    case CANASTA_END_STOCK:
        /* E1 */
        QEQ(who, -1);
        QEQ(last->kind, CANASTA_MOVE_DECLINE);
        QEQ(th_stock_size(g), 0);
        break;
    case CANASTA_END_RED_THREE:
        /* E2 */
        QEQ(who, -1);
        QEQ(last->kind, CANASTA_MOVE_DRAW);
        QEQ(th_stock_size(g), 0);
        break;
    default:
        ck_abort_msg("hand over but hand_end says %d", how);
    }
    /* M6: a black-three meld only on the side that went out. */
    for (side = 0; side < v->sides; side++)
        if (sv[side].black_threes)
            REQ((how == CANASTA_END_WENT_OUT ||
                 how == CANASTA_END_CONCEALED) && mover_table == side);

    /* E3, S1, S2, R3, X3, X6: every item recomputed from the table. */
    for (col = 0; col < v->sides; col++) {
        int it[CANASTA_SCORE_ITEMS], i, s, sum = 0, reds = 0, red_bonus;
        int melded = 0, nat = 0, mix = 0, any = 0, in_hand = 0, going = 0;
        unsigned seats = column_seats(v, col, lone), tables = 0;
        QEQ(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g, col),
               CANASTA_OK);
        for (s = 0; s < v->players; s++) {
            if (column_of(v, s) == col)
                reds += red_three_count(g, s);
            if (seats >> s & 1) {
                tables |= 1u << th_seat_side(g, s);
                in_hand += hand_value(g, s);
            }
        }
        for (side = 0; side < v->sides; side++)
            if (tables >> side & 1) {
                melded += sv[side].melded_value;
                nat += sv[side].natural;
                mix += sv[side].mixed;
                any |= sv[side].any;
            }
        QLE(reds, 2 * v->packs);
        red_bonus = v->red3[reds];
        if (!any)
            red_bonus = -red_bonus;
        if (seats >> mover & 1) {
            if (how == CANASTA_END_WENT_OUT)
                going = 100;
            if (how == CANASTA_END_CONCEALED)
                going = 200;
        }
        QEQ(it[CANASTA_SCORE_MELDED], melded);
        QEQ(it[CANASTA_SCORE_NATURAL_CANASTAS], 500 * nat);
        QEQ(it[CANASTA_SCORE_MIXED_CANASTAS], 300 * mix);
        REQ_MSG(it[CANASTA_SCORE_RED_THREES] == red_bonus,
                "%s: column %d's red threes score %d, expected %d (%d red "
                "threes, melded %d)", v->rule, col,
                it[CANASTA_SCORE_RED_THREES], red_bonus, reds, any);
        QEQ(it[CANASTA_SCORE_GOING_OUT], going);
        QEQ(it[CANASTA_SCORE_IN_HAND], -in_hand);
        for (i = 0; i < CANASTA_SCORE_TOTAL; i++)
            sum += it[i];
        QEQ(it[CANASTA_SCORE_TOTAL], sum);
        /* S5 */
        t[col] = th_total(g, col);
        QEQ(t[col], totals_before[col] + sum);
        if (col == 0 || t[col] > best) {
            best = t[col];
            leaders = 1;
            leader = col;
        } else if (t[col] == best) {
            leaders++;
        }
    }
    /* S6 with the default tie rule (play on). */
    QEQ(canasta_game_option(&target, g, CANASTA_OPT_TARGET_SCORE),
           CANASTA_OK);
    if (phase == CANASTA_PHASE_GAME_OVER) {
        int w = -7;
        QEQ(canasta_game_winner(&w, g), CANASTA_OK);
        QEQ(w, leader);
        QGE(t[w], target);
        QEQ(leaders, 1);
    } else {
        int w;
        QEQ(phase, CANASTA_PHASE_HAND_OVER);
        REQ(!(best >= target && leaders == 1));
        QEQ(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    }
}

static void validate_listed(const canasta_game *g, player *p)
{
    size_t i;
    int seat = th_seat(g);
    for (i = 0; i < p->ml.n; i++) {
        char why[256];
        int rc;
        why[0] = '\0';
        rc = canasta_validate(why, sizeof why, g, &p->ml.v[i]);
        REQ_MSG(rc == CANASTA_OK,
                "listed move %u (kind %d) does not validate: %s (%s)",
                (unsigned)i, p->ml.v[i].kind, canasta_error_name(rc), why);
        QEQ(p->ml.v[i].seat, seat);
        /* G4: nobody to ask in X2, nor in X3 before a take or for the
         * lone hand. */
        if (p->ml.v[i].kind == CANASTA_MOVE_ASK)
            QGE(partner_of(g, p->v, seat), 0);
    }
    p->listed_validated += (long)p->ml.n;
}

/* A refused move leaves the game exactly as it was (A3; canasta_apply:
 * "on any error the game is unchanged"). */
static void expect_refused(canasta_game *g, player *p, const canasta_move *m,
                           int want)
{
    char why[256];
    int rc;
    why[0] = '\0';
    rc = canasta_apply(why, sizeof why, g, m);
    REQ_MSG(rc == want, "%s: move of kind %d by seat %d: %s, expected %s "
            "(%s)", p->v->rule, m->kind, m->seat, canasta_error_name(rc),
            canasta_error_name(want), why);
    REQ_MSG(th_games_equal(p->scratch, g) == 1, "%s: the refused move of "
            "kind %d changed the game", p->v->rule, m->kind);
    p->refused++;
}

/* Before `pick` is played: another seat's move (T1: E_TURN), a move of
 * the wrong phase (T1: E_PHASE) and in the play phase a discard of a
 * card the player does not hold (T1: E_NOT_IN_HAND). */
static void try_refused_moves(canasta_game *g, player *p,
                              const canasta_move *pick)
{
    const variant *v = p->v;
    canasta_move m;
    int phase = th_phase(g);
    if (!p->scratch)
        QEQ(canasta_game_clone(&p->scratch, g), CANASTA_OK);
    else
        QEQ(canasta_game_copy(p->scratch, g), CANASTA_OK);
    m = *pick;
    m.seat = (uint8_t)((pick->seat + 1 +
                        (int)th_sm64_below(&p->rng_bad,
                                           (size_t)(v->players - 1))) %
                       v->players);
    expect_refused(g, p, &m, CANASTA_E_TURN);
    QEQ(canasta_move_init(&m, phase == CANASTA_PHASE_DRAW
                                     ? CANASTA_MOVE_DISCARD
                                     : CANASTA_MOVE_DRAW, pick->seat),
           CANASTA_OK);
    m.card = CANASTA_CARD(5, CANASTA_CLUBS);
    expect_refused(g, p, &m, CANASTA_E_PHASE);
    if (phase == CANASTA_PHASE_PLAY) {
        uint8_t cards[BUF];
        size_t n = 0, i;
        int held[CANASTA_CARD_LIMIT], c, start;
        memset(held, 0, sizeof held);
        QEQ(canasta_game_hand(cards, sizeof cards, &n, g, pick->seat),
               CANASTA_OK);
        for (i = 0; i < n; i++)
            held[cards[i]] = 1;
        start = 16 + (int)th_sm64_below(&p->rng_bad, 44);
        for (c = start; c < start + 44; c++) {
            /* 4c .. As: no wild card, no three */
            int card = 16 + (c - 16) % 44;
            if (!held[card]) {
                QEQ(canasta_move_init(&m, CANASTA_MOVE_DISCARD,
                                         pick->seat), CANASTA_OK);
                m.card = (uint8_t)card;
                expect_refused(g, p, &m, CANASTA_E_NOT_IN_HAND);
                break;
            }
        }
    }
}

/* What we note before a move, to check its effect afterwards. */
typedef struct {
    int phase, seat, side, hand, pile, top, stock, reds, opened, minimum;
    int pile_reds; /* red threes in the pile below the top card */
} before_move;

static void note_before(before_move *b, const canasta_game *g,
                        const variant *v)
{
    uint8_t pile[BUF], r3[16];
    size_t n = 0, i;
    b->phase = th_phase(g);
    b->seat = th_seat(g);
    b->side = th_seat_side(g, b->seat);
    b->hand = th_hand_size(g, b->seat);
    b->stock = th_stock_size(g);
    QEQ(canasta_game_pile(pile, sizeof pile, &n, g), CANASTA_OK);
    b->pile = (int)n;
    b->top = n ? pile[n - 1] : 0;
    b->pile_reds = 0;
    for (i = 0; i + 1 < n; i++)
        if (is_red_three(pile[i]))
            b->pile_reds++;
    n = 0;
    QEQ(canasta_game_red_threes(r3, sizeof r3, &n, g, b->seat),
           CANASTA_OK);
    b->reds = (int)n;
    b->opened = th_opened(g, b->side);
    /* O1, X3: the player's own column's minimum */
    QEQ(canasta_game_opening_minimum(&b->minimum, g,
                                        column_of(v, b->seat)), CANASTA_OK);
}

static int move_cards(const canasta_move *m, int *value)
{
    int gi, ci, k = 0;
    *value = 0;
    for (gi = 0; gi < m->ngroups; gi++)
        for (ci = 0; ci < m->groups[gi].count; ci++) {
            *value += th_card_value(m->groups[gi].cards[ci]);
            k++;
        }
    return k;
}

/* T1, C1, G4, P1/P7/R1/R2, O1-O3, X2: the effect of one move.  turn_src
 * is the kind of move (DRAW or TAKE_PILE) that began the current turn. */
static void check_transition(const canasta_game *g, player *p,
                             const before_move *b, const canasta_move *m,
                             int turn_src)
{
    const variant *v = p->v;
    int phase = th_phase(g), seat = th_seat(g), live = th_phase_in_play(phase);
    int hand = th_hand_size(g, b->seat), pile, reds, value, cards, opened;
    uint8_t r3[16];
    size_t n = 0;
    QEQ(canasta_game_pile_size(&pile, g), CANASTA_OK);
    QEQ(canasta_game_red_threes(r3, sizeof r3, &n, g, b->seat),
           CANASTA_OK);
    reds = (int)n;
    /* The mover's table: in X3 the taker of the pile keeps its own. */
    opened = th_opened(g, th_seat_side(g, b->seat));
    cards = move_cards(m, &value);
    switch (m->kind) {
    case CANASTA_MOVE_DRAW: {
        /* T1, X2, X3: draw_count cards; R1: every red three drawn is laid
         * out and replaced, so the stock shrinks by one more per red
         * three; X2: with fewer cards left the last one counts as the
         * full draw; E2: a red three drawn last ends the hand at once. */
        int kept = hand - b->hand, drew_reds = reds - b->reds;
        int stock = th_stock_size(g);
        QEQ(b->phase, CANASTA_PHASE_DRAW);
        QGE(drew_reds, 0);
        QEQ(kept + drew_reds, b->stock - stock);
        QLE(kept, v->draw);
        if (live) {
            QEQ(phase, CANASTA_PHASE_PLAY);
            QEQ(seat, b->seat);
            QGE(kept, 1);
            if (kept < v->draw)
                QEQ(stock, 0);
        } else {
            QEQ(stock, 0);
            QLT(kept, v->draw);
        }
        break;
    }
    case CANASTA_MOVE_TAKE_PILE:
        QEQ(b->phase, CANASTA_PHASE_DRAW);
        /* P1, P7, R2: the whole pile; the top card is melded, red threes
         * from the pile are laid out without replacement. */
        QEQ(pile, 0);
        QEQ(reds, b->reds + b->pile_reds);
        QEQ(hand, b->hand - cards + (b->pile - 1) - b->pile_reds);
        QEQ(m->groups[0].rank, b->top / 4);
        QEQ(opened, 1);
        /* O1-O3: opening by the pile counts the top card and the melds of
         * this move; the G3 waiver never applies to a take. */
        if (!b->opened)
            QGE(value + th_card_value(b->top), b->minimum);
        if (live) {
            QEQ(phase, CANASTA_PHASE_PLAY);
            QEQ(seat, b->seat);
        }
        break;
    case CANASTA_MOVE_MELD:
        QEQ(b->phase, CANASTA_PHASE_PLAY);
        QEQ(hand, b->hand - cards);
        QEQ(pile, b->pile);
        QEQ(opened, 1);
        if (!b->opened) {
            /* O1/O2, or the G3 waiver: stock draw, hand left with at most
             * one card, going out with the canastas G1 asks for. */
            int nat = 0, mix = 0;
            QEQ(canasta_game_canastas(&nat, &mix, g,
                                         th_seat_side(g, b->seat)),
                   CANASTA_OK);
            if (!(turn_src == CANASTA_MOVE_DRAW && hand <= 1 &&
                  nat + mix >= v->need))
                QGE(value, b->minimum);
        }
        if (live) {
            QEQ(phase, CANASTA_PHASE_PLAY);
            QEQ(seat, b->seat);
        }
        break;
    case CANASTA_MOVE_DISCARD:
        QEQ(b->phase, CANASTA_PHASE_PLAY);
        QEQ(hand, b->hand - 1);
        QEQ(pile, b->pile + 1);
        {
            int top = 0;
            QEQ(canasta_game_pile_top(&top, g), CANASTA_OK);
            QEQ(top, m->card);
        }
        REQ(!is_red_three(m->card)); /* T2 */
        if (live) {
            /* T1, C1: the turn passes to the left */
            QEQ(phase, CANASTA_PHASE_DRAW);
            QEQ(seat, (b->seat + 1) % v->players);
        } else {
            QEQ(hand, 0);
        }
        break;
    case CANASTA_MOVE_ASK: {
        /* G4: the partner decides (opposite in C1) */
        int partner = partner_of(g, v, b->seat);
        QEQ(b->phase, CANASTA_PHASE_PLAY);
        QEQ(phase, CANASTA_PHASE_ANSWER);
        REQ_MSG(partner >= 0, "%s: seat %d asked with no partner", v->rule,
                b->seat);
        QEQ(seat, partner);
        p->ask_seat = b->seat;
        break;
    }
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO: {
        int perm = -1;
        QEQ(b->phase, CANASTA_PHASE_ANSWER);
        QEQ(phase, CANASTA_PHASE_PLAY);
        QGE(p->ask_seat, 0);
        QEQ(b->seat, partner_of(g, v, p->ask_seat));
        QEQ(seat, p->ask_seat);
        QEQ(canasta_game_permission(&perm, g), CANASTA_OK);
        QEQ(perm, m->kind == CANASTA_MOVE_ANSWER_YES
                         ? CANASTA_PERMISSION_YES : CANASTA_PERMISSION_NO);
        p->ask_seat = -1;
        break;
    }
    case CANASTA_MOVE_DECLINE:
        /* E1: only with the stock empty, and it ends the hand */
        QEQ(b->stock, 0);
        REQ(!live);
        break;
    default:
        ck_abort_msg("unexpected move kind %d during play", m->kind);
    }
}

/* A uniformly random listed move.  With no_take: never a TAKE_PILE when
 * anything else is listed, and a MELD (when one is listed) 15 times in
 * 16, so that players build canastas from the stock alone. */
static size_t pick_index(player *p)
{
    size_t i, others = 0, melds = 0, k;
    if (p->no_take) {
        for (i = 0; i < p->ml.n; i++) {
            others += p->ml.v[i].kind != CANASTA_MOVE_TAKE_PILE;
            melds += p->ml.v[i].kind == CANASTA_MOVE_MELD;
        }
        if (melds > 0 && th_sm64_below(&p->rng, 16) != 0) {
            k = th_sm64_below(&p->rng, melds);
            for (i = 0; i < p->ml.n; i++)
                if (p->ml.v[i].kind == CANASTA_MOVE_MELD && k-- == 0)
                    return i;
        }
        if (others > 0 && others < p->ml.n) {
            k = th_sm64_below(&p->rng, others);
            for (i = 0; i < p->ml.n; i++)
                if (p->ml.v[i].kind != CANASTA_MOVE_TAKE_PILE && k-- == 0)
                    return i;
        }
    }
    return th_sm64_below(&p->rng, p->ml.n);
}

/* Play the current hand to its end; returns the number of moves. */
static int play_hand(canasta_game *g, player *p)
{
    const variant *v = p->v;
    int totals[MAX_SIDES], s0, bound, moves = 0, side, phase, turn_src = 0;
    side_view sv[MAX_SIDES];
    for (side = 0; side < v->sides; side++)
        totals[side] = th_total(g, side);
    check_deal(g, p);
    s0 = th_stock_size(g);
    QLE(s0, v->deck - v->players * v->hand - 1);
    bound = hand_move_bound(v, s0);
    check_position(g, p, sv);
    for (;;) {
        canasta_move pick;
        char why[256];
        int rc, stock_before, lone_before;
        before_move bm;
        tables_snap ts;
        const tables_snap *snapped = NULL;
        phase = th_phase(g);
        if (!th_phase_in_play(phase))
            break;
        th_list_moves(&p->ml, g);
        REQ_MSG(p->ml.n > 0, "no legal move in phase %d", phase);
        if (p->validate_all)
            validate_listed(g, p);
        pick = p->ml.v[pick_index(p)];
        QEQ(pick.seat, th_seat(g));
        if (p->validate_all)
            try_refused_moves(g, p, &pick);
        stock_before = th_stock_size(g);
        note_before(&bm, g, v);
        lone_before = th_lone_hand(g);
        if (v->lone && lone_before < 0 &&
            pick.kind == CANASTA_MOVE_TAKE_PILE) {
            snap_tables(&ts, g, v);
            snapped = &ts;
        }
        if (pick.kind == CANASTA_MOVE_DRAW ||
            pick.kind == CANASTA_MOVE_TAKE_PILE)
            turn_src = pick.kind;
        why[0] = '\0';
        rc = canasta_apply(why, sizeof why, g, &pick);
        REQ_MSG(rc == CANASTA_OK, "listed move (kind %d) refused: %s (%s)",
                pick.kind, canasta_error_name(rc), why);
        record_move(p, &pick);
        p->moves_played++;
        moves++;
        REQ_MSG(moves <= bound, "hand longer than %d moves", bound);
        /* The stock never grows; a DRAW takes at least one card. */
        if (pick.kind == CANASTA_MOVE_DRAW)
            QLT(th_stock_size(g), stock_before);
        else
            QEQ(th_stock_size(g), stock_before);
        check_lone_hand(g, p, &pick, lone_before, snapped);
        check_position(g, p, sv);
        check_naturals_join(g, p);
        check_transition(g, p, &bm, &pick, turn_src);
        if (!th_phase_in_play(th_phase(g)))
            check_hand_end(g, p, &pick, totals, sv);
    }
    return moves;
}

/* In HAND_OVER: the only decision is NEXT_HAND by the next dealer. */
static void next_hand(canasta_game *g, player *p)
{
    const variant *v = p->v;
    int dealer = -1, dealer2 = -1, hand = -1, hand2 = -1, side, s;
    int t[MAX_SIDES];
    canasta_move m;
    QEQ(canasta_game_dealer(&dealer, g), CANASTA_OK);
    QEQ(canasta_game_hand_number(&hand, g), CANASTA_OK);
    QEQ(th_seat(g), (dealer + 1) % v->players);
    th_list_moves(&p->ml, g);
    QEQ(p->ml.n, 1);
    QEQ(p->ml.v[0].kind, CANASTA_MOVE_NEXT_HAND);
    QEQ(p->ml.v[0].seat, (dealer + 1) % v->players);
    for (side = 0; side < v->sides; side++)
        t[side] = th_total(g, side);
    m = p->ml.v[0];
    th_ok(g, &m);
    record_move(p, &m);
    p->moves_played++;
    QEQ(canasta_game_dealer(&dealer2, g), CANASTA_OK);
    QEQ(canasta_game_hand_number(&hand2, g), CANASTA_OK);
    /* C3: the deal passes to the left; the player left of the dealer
     * starts. */
    QEQ(dealer2, (dealer + 1) % v->players);
    QEQ(hand2, hand + 1);
    QEQ(th_phase(g), CANASTA_PHASE_DRAW);
    QEQ(th_seat(g), (dealer2 + 1) % v->players);
    /* X3: a new hand starts with everyone alone again. */
    QEQ(th_lone_hand(g), -1);
    for (s = 0; s < v->players; s++)
        QEQ(th_seat_side(g, s), column_of(v, s));
    for (side = 0; side < v->sides; side++) {
        int min = -1;
        QEQ(th_total(g, side), t[side]);
        QEQ(canasta_game_opening_minimum(&min, g, side), CANASTA_OK);
        QEQ(min, o1_minimum(v, t[side])); /* O1, S5 */
    }
}

static void check_game_over(canasta_game *g, player *p)
{
    canasta_move m;
    char why[128];
    int seat = th_seat(g);
    th_list_moves(&p->ml, g);
    QEQ(p->ml.n, 0);
    th_move(&m, CANASTA_MOVE_NEXT_HAND, seat);
    QEQ(canasta_apply(why, sizeof why, g, &m), CANASTA_E_GAME_OVER);
    th_move(&m, CANASTA_MOVE_DRAW, seat);
    QEQ(canasta_validate(why, sizeof why, g, &m), CANASTA_E_GAME_OVER);
}

static canasta_game *new_game(const canasta_rules *rules, uint64_t seed)
{
    canasta_game *g = NULL;
    QEQ(canasta_game_create(&g, rules, seed), CANASTA_OK);
    return g;
}

static canasta_rules *rules_of(const variant *v)
{
    canasta_rules *r = NULL;
    check_preset_options(v);
    QEQ(canasta_rules_create(&r, v->preset), CANASTA_OK);
    return r;
}

/* ---------------------------------------------------------------- */
/* The runs, for any preset                                           */
/* ---------------------------------------------------------------- */

/* Chunk `chunk` of the preset's random hands.  Checked after every move:
 * cards accounted for (C2), melds legal (M1-M6), canastas and opened flags
 * (M5, O4), pile flags (P2, P3), hand sizes, tables and the lone hand
 * (X3); at every hand's end: how it ended (G1, G2, E1, E2), every score
 * item (E3, S1-S3, R3, X3, X6), the totals (S5) and the game-over
 * decision (S6); at every deal: dealer rotation and first player (C3),
 * cards dealt (C4-C6) and opening minimums (O1). */
static void run_hands(const variant *v, int chunk)
{
    canasta_rules *rules = rules_of(v);
    player p;
    int played = 0, in_game = 0, game_no = 0;
    canasta_game *g = NULL;
    long ends[5] = { 0, 0, 0, 0, 0 };
    int hands_wanted = th_scaled(v->hands_per_chunk, v->least_hands);
    player_init(&p, v, UINT64_C(0xC0FFEE) + (uint64_t)chunk * 7919u +
                           v->seed_offset);
    while (played < hands_wanted) {
        int how = 0, who = 0;
        if (!g) {
            uint64_t seed = v->seed_offset + (uint64_t)chunk * 100000u +
                            (uint64_t)game_no++;
            g = new_game(rules, seed);
            in_game = 0;
        }
        p.validate_all = (played % v->full_validate_every) == 0;
        p.no_take = v->lone && played % NO_TAKE_EVERY == NO_TAKE_EVERY - 1;
        play_hand(g, &p);
        played++;
        in_game++;
        QEQ(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
        REQ(how >= 1 && how <= 4);
        ends[how]++;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER) {
            check_game_over(g, &p);
            canasta_game_free(g);
            g = NULL;
        } else if (in_game == HANDS_PER_GAME) {
            canasta_game_free(g);
            g = NULL;
        } else {
            next_hand(g, &p);
        }
    }
    if (g)
        canasta_game_free(g);
    if (getenv("CANASTA_TEST_STATS"))
        fprintf(stderr, "%s preset %d chunk %d: %d hands, %ld moves, %ld "
                "listed moves validated, %ld refused; ends: out %ld "
                "concealed %ld red3 %ld stock %ld; X3 partnerships %ld, "
                "lone out first %ld, naturals for merged melds %ld\n",
                v->rule, v->preset, chunk, played,
                p.moves_played, p.listed_validated, p.refused,
                ends[CANASTA_END_WENT_OUT], ends[CANASTA_END_CONCEALED],
                ends[CANASTA_END_RED_THREE], ends[CANASTA_END_STOCK],
                p.partnerships, p.lone_out_first, p.naturals_joined);
    /* Random play must at least sometimes go out, else the checks of G
     * rules above never ran. */
    QGT(ends[CANASTA_END_WENT_OUT] + ends[CANASTA_END_CONCEALED], 0);
    if (v->lone) {
        /* X3: both ways of making a lone hand were seen. */
        REQ_MSG(p.partnerships > 0, "X3: no hand of chunk %d formed a "
                "partnership", chunk);
        REQ_MSG(p.lone_out_first > 0, "X3: in no hand of chunk %d did a "
                "player go out before anyone took the pile", chunk);
    }
    player_done(&p);
    canasta_rules_free(rules);
}

/* S6/A5: games with a low target are played to PHASE_GAME_OVER.  Loop 0
 * uses LOW_TARGET (random play scores several hundred a hand, so these end
 * after one hand or two), loop 1 LOWISH_TARGET (a few hands per game, so
 * totals carry over and the O1 minimum rises past 1500 on the way). */
static void run_low_target(const variant *v, int loop)
{
    canasta_rules *rules = rules_of(v);
    player p;
    int game, multi = 0;
    int per_loop = th_scaled(LOW_TARGET_GAMES / 2, LEAST_LOW_TARGET_GAMES);
    int want = loop == 0 ? LOW_TARGET : LOWISH_TARGET;
    QEQ(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, want),
           CANASTA_OK);
    player_init(&p, v, UINT64_C(0x5EED5EED) + (uint64_t)loop +
                           v->seed_offset);
    for (game = 0; game < per_loop; game++) {
        uint64_t seed = UINT64_C(900000) + (uint64_t)loop * 1000u +
                        (uint64_t)game + v->seed_offset;
        canasta_game *g = new_game(rules, seed);
        int hands = 0, target = 0, col;
        QEQ(canasta_game_option(&target, g, CANASTA_OPT_TARGET_SCORE),
               CANASTA_OK);
        QEQ(target, want);
        for (;;) {
            p.validate_all = (hands % v->full_validate_every) == 0;
            play_hand(g, &p);
            hands++;
            if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
                break;
            REQ_MSG(hands < LOW_TARGET_HAND_GUARD,
                    "game %llu not over after %d hands",
                    (unsigned long long)seed, hands);
            next_hand(g, &p);
        }
        check_game_over(g, &p);
        if (hands > 1)
            multi++;
        if (getenv("CANASTA_TEST_STATS")) {
            fprintf(stderr, "%s preset %d target %d game %llu: %d hands, "
                    "totals", v->rule, v->preset, want,
                    (unsigned long long)seed, hands);
            for (col = 0; col < v->sides; col++)
                fprintf(stderr, " %d", th_total(g, col));
            fputc('\n', stderr);
        }
        canasta_game_free(g);
    }
    /* With the higher target some games must have needed several hands
     * (else the carry-over between hands was never exercised here). */
    if (loop == 1)
        QGT(multi, 0);
    player_done(&p);
    canasta_rules_free(rules);
}

/* Plays a whole game (up to max_hands hands) with the moves recorded. */
static canasta_game *recorded_game(const variant *v,
                                   const canasta_rules *rules, uint64_t seed,
                                   uint64_t rng_seed, int max_hands,
                                   player *p)
{
    canasta_game *g = new_game(rules, seed);
    int hands = 0;
    player_init(p, v, rng_seed);
    p->record = 1;
    for (;;) {
        play_hand(g, p);
        hands++;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER || hands == max_hands)
            break;
        next_hand(g, p);
    }
    return g;
}

/* C7/A4: the same game seed and the same choices replay the same game:
 * same list of moves at every step (so the same deals), same end state. */
static void run_replay(const variant *v, int games)
{
    canasta_rules *rules = rules_of(v);
    int k;
    for (k = 0; k < games; k++) {
        player a, b;
        size_t i;
        int eq = -1;
        uint64_t seed = UINT64_C(0xABCDEF0123) + (uint64_t)k * 31u +
                        v->seed_offset;
        canasta_game *ga = recorded_game(v, rules, seed, 77u + (uint64_t)k,
                                         3, &a);
        canasta_game *gb = recorded_game(v, rules, seed, 77u + (uint64_t)k,
                                         3, &b);
        QGT(a.log_n, 0);
        QEQ(a.log_n, b.log_n);
        for (i = 0; i < a.log_n; i++) {
            int same = 0;
            QEQ(canasta_move_equal(&same, &a.log[i], &b.log[i]),
                   CANASTA_OK);
            REQ_MSG(same == 1, "replay differs at move %u", (unsigned)i);
        }
        if (getenv("CANASTA_TEST_STATS"))
            fprintf(stderr, "%s preset %d replay %d: %u moves\n", v->rule,
                    v->preset, k, (unsigned)a.log_n);
        QEQ(canasta_game_equal(&eq, ga, gb), CANASTA_OK);
        QEQ(eq, 1);
        /* A different game seed gives a different game: the final states
         * differ (it would take a freak coincidence to match). */
        {
            player c;
            canasta_game *gc = recorded_game(v, rules, seed + 1u,
                                             77u + (uint64_t)k, 3, &c);
            QEQ(canasta_game_equal(&eq, ga, gc), CANASTA_OK);
            QEQ(eq, 0);
            canasta_game_free(gc);
            player_done(&c);
        }
        /* Replaying the recorded moves on a fresh game of the same seed
         * gives the same game again (every recorded move is accepted). */
        {
            canasta_game *gr = new_game(rules, seed);
            for (i = 0; i < a.log_n; i++)
                th_ok(gr, &a.log[i]);
            QEQ(canasta_game_equal(&eq, ga, gr), CANASTA_OK);
            QEQ(eq, 1);
            canasta_game_free(gr);
        }
        canasta_game_free(ga);
        canasta_game_free(gb);
        player_done(&a);
        player_done(&b);
    }
    canasta_rules_free(rules);
}

/* ---------------------------------------------------------------- */
/* Tests                                                              */
/* ---------------------------------------------------------------- */

/* C1-C7, M, O, P, T, R, G, E, S: 8000 classic hands in
 * RANDOM_HAND_CHUNKS loop iterations (see run_hands). */
START_TEST(test_random_hands_rules_hold)
{
    run_hands(&variants[V_CLASSIC], _i);
}
END_TEST

/* X2: 2000 hands of the two-player game, every rule checked as above. */
START_TEST(test_X2_random_play_hands)
{
    run_hands(&variants[V_TWO], _i);
}
END_TEST

/* X3: 2000 hands of cutthroat, with the lone hand and the partnership. */
START_TEST(test_X3_random_play_hands)
{
    run_hands(&variants[V_THREE], _i);
}
END_TEST

/* X6: 2000 hands of the six-player game in three sides of two. */
START_TEST(test_X6_random_play_hands_three_sides)
{
    run_hands(&variants[V_SIX_THREE], _i);
}
END_TEST

/* X6: 2000 hands of the six-player game in two sides of three. */
START_TEST(test_X6_random_play_hands_two_sides)
{
    run_hands(&variants[V_SIX_TWO], _i);
}
END_TEST

/* S6/A5: the classic game to a low target (see run_low_target). */
START_TEST(test_random_games_low_target_reach_game_over)
{
    run_low_target(&variants[V_CLASSIC], _i);
}
END_TEST

/* X2, S6/A5: two-player games to 500 and 2500. */
START_TEST(test_X2_random_games_low_target)
{
    run_low_target(&variants[V_TWO], _i);
}
END_TEST

/* X3, S6/A5: three-player games to 500 and 2500 (three columns). */
START_TEST(test_X3_random_games_low_target)
{
    run_low_target(&variants[V_THREE], _i);
}
END_TEST

/* X6, S6/A5: six players in three sides, to 500 and 2500. */
START_TEST(test_X6_random_games_low_target_three_sides)
{
    run_low_target(&variants[V_SIX_THREE], _i);
}
END_TEST

/* X6, S6/A5: six players in two sides, to 500 and 2500. */
START_TEST(test_X6_random_games_low_target_two_sides)
{
    run_low_target(&variants[V_SIX_TWO], _i);
}
END_TEST

/* C7/A4 for the classic game. */
START_TEST(test_random_replay_same_seed_same_game)
{
    run_replay(&variants[V_CLASSIC], 6);
}
END_TEST

/* C7/A4 for every other preset (X2, X3, X6): loop i is variants[i]. */
START_TEST(test_X2_X3_X6_random_replay_same_seed_same_game)
{
    run_replay(&variants[_i], 2);
}
END_TEST

Suite *suite_random_play(void)
{
    Suite *s = suite_create("random_play");
    TCase *hands = tcase_create("hands");
    TCase *games = tcase_create("games");
    TCase *replay = tcase_create("replay");

    tcase_set_timeout(hands, 120);
    tcase_set_timeout(games, 120);
    tcase_set_timeout(replay, 60);
    tcase_add_loop_test(hands, test_random_hands_rules_hold, 0,
                        variants[V_CLASSIC].chunks);
    tcase_add_loop_test(hands, test_X2_random_play_hands, 0,
                        variants[V_TWO].chunks);
    tcase_add_loop_test(hands, test_X3_random_play_hands, 0,
                        variants[V_THREE].chunks);
    tcase_add_loop_test(hands, test_X6_random_play_hands_three_sides, 0,
                        variants[V_SIX_THREE].chunks);
    tcase_add_loop_test(hands, test_X6_random_play_hands_two_sides, 0,
                        variants[V_SIX_TWO].chunks);
    tcase_add_loop_test(games, test_random_games_low_target_reach_game_over,
                        0, 2);
    tcase_add_loop_test(games, test_X2_random_games_low_target, 0, 2);
    tcase_add_loop_test(games, test_X3_random_games_low_target, 0, 2);
    tcase_add_loop_test(games, test_X6_random_games_low_target_three_sides,
                        0, 2);
    tcase_add_loop_test(games, test_X6_random_games_low_target_two_sides,
                        0, 2);
    tcase_add_test(replay, test_random_replay_same_seed_same_game);
    tcase_add_loop_test(replay,
                        test_X2_X3_X6_random_replay_same_seed_same_game,
                        V_TWO, N_VARIANTS);
    suite_add_tcase(s, hands);
    suite_add_tcase(s, games);
    suite_add_tcase(s, replay);
    return s;
}
