/*
 * Random play: thousands of hands of uniformly random legal moves, with the
 * rules checked after every single move.
 *
 * The random numbers come from the splitmix64 generator of helpers.h
 * (th_sm64, never rand()), so every run plays exactly the same games.
 *
 * Sizes (the whole suite takes about 20-26 s on a 2-core machine):
 *  - RANDOM_HAND_CHUNKS x HANDS_PER_CHUNK = 8000 complete hands over many
 *    game seeds (a new game every HANDS_PER_GAME hands or at game over);
 *  - LOW_TARGET_GAMES = 50 complete games with CANASTA_OPT_TARGET_SCORE
 *    set low, each played to PHASE_GAME_OVER: 25 with LOW_TARGET (500)
 *    and 25 with LOWISH_TARGET (2500, S6's example of another target);
 *  - th_assert_cards_accounted (every card of the deck in exactly one
 *    place, suits included) and all the other checks run after every move
 *    of every hand; every listed move is validated after every move of
 *    every FULL_VALIDATE_EVERY-th hand (a whole list is many validations;
 *    the other hands validate the move played).
 *
 * CANASTA_TEST_SCALE (a percentage, default 100; see th_scaled) scales
 * HANDS_PER_CHUNK and LOW_TARGET_GAMES: "make check-valgrind" plays a
 * tenth of these hands, since valgrind runs them some 40 times slower.
 * The chunks, seeds and checks stay the same, so a scaled run plays the
 * first hands of each chunk and the first games of each target (never
 * fewer than the LEAST_ counts below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define NSEATS 4
#define NSIDES 2

/* Check records the place of every passing ck_assert with a write()
 * system call; over hundreds of thousands of moves that alone would take
 * minutes.  These checks call into Check only when they fail. */
#define REQ_CMP(a, op, b)                                                  \
    do {                                                                   \
        long long a_ = (long long)(a), b_ = (long long)(b);                \
        if (!(a_ op b_))                                                   \
            ck_abort_msg("%s:%d: failed: %s %s %s (%lld vs %lld)",         \
                         __FILE__, __LINE__, #a, #op, #b, a_, b_);         \
    } while (0)
#define REQ_EQ(a, b) REQ_CMP(a, ==, b)
#define REQ_NE(a, b) REQ_CMP(a, !=, b)
#define REQ_LT(a, b) REQ_CMP(a, <, b)
#define REQ_LE(a, b) REQ_CMP(a, <=, b)
#define REQ_GT(a, b) REQ_CMP(a, >, b)
#define REQ_GE(a, b) REQ_CMP(a, >=, b)

#define RANDOM_HAND_CHUNKS 8
#define HANDS_PER_CHUNK 1000
#define HANDS_PER_GAME 5
#define FULL_VALIDATE_EVERY 1
#define LOW_TARGET 500
#define LOWISH_TARGET 2500
#define LOW_TARGET_GAMES 50
/* The fewest hands per chunk and games per target a scaled run plays:
 * enough for some hand to go out and, with LOWISH_TARGET, for some game to
 * need several hands (both asserted).  Measured: 10 hands and 2 games
 * suffice with these seeds; the margin covers engine changes that alter
 * the random games. */
#define LEAST_HANDS_PER_CHUNK 50
#define LEAST_LOW_TARGET_GAMES 5
/* Not a rule: a guard so that a broken engine cannot loop forever.  A
 * game to 500 needs a side to gain 500; random play gets there in a few
 * hands (measured: see the report). */
#define LOW_TARGET_HAND_GUARD 400

/*
 * The bound on the number of moves in one hand, derived from the rules.
 *
 *  - C2/C4/C5: 108 cards, 44 dealt, at least one upcard, so the stock holds
 *    S0 <= 63 cards when the first turn starts (red-three replacements at
 *    the deal only make it smaller).  We use the real S0 of each hand.
 *  - T1: each turn starts with exactly one DRAW, TAKE_PILE or DECLINE.
 *    A DRAW takes at least one card from the stock, which never grows:
 *    at most S0 DRAW moves.  DECLINE ends the hand (E1): at most one.
 *  - P1: a TAKE_PILE melds the top card for good (melded cards never go
 *    back), and a MELD move melds at least one card from the hand (an
 *    empty MELD is malformed).  Red threes are never melded (M6), so at
 *    most 108 - 4 = 104 cards are ever melded: TAKE + MELD <= 104.
 *  - G4: at most one ASK and one answer per turn; T1: at most one DISCARD
 *    per turn.
 *  So with D draws, T takes and M meld moves:
 *    moves <= (D + T + 1) turn starts + 2 (D + T) ask/answer
 *             + (D + T) discards + M
 *          = 4 (D + T) + M + 1  (the DECLINE turn has nothing else)
 *          <= 4 S0 + 4 T + (104 - T) + 1 <= 4 S0 + 3 * 104 + 105
 *          =  4 S0 + 417   (<= 669 for S0 = 63).
 */
#define MELDABLE_CARDS 104
#define HAND_MOVE_BOUND(s0) (4 * (s0) + 3 * MELDABLE_CARDS + MELDABLE_CARDS + 1)


/* Queries that fail the test on an error status (cheap versions of the
 * th_* shorthands, see REQ above). */
static int q_phase(const canasta_game *g)
{
    int v = -1;
    REQ_EQ(canasta_game_phase(&v, g), CANASTA_OK);
    return v;
}

static int q_seat(const canasta_game *g)
{
    int v = -1;
    REQ_EQ(canasta_game_current_seat(&v, g), CANASTA_OK);
    return v;
}

static int q_hand_size(const canasta_game *g, int seat)
{
    int v = -1;
    REQ_EQ(canasta_game_hand_size(&v, g, seat), CANASTA_OK);
    return v;
}

static int q_stock(const canasta_game *g)
{
    int v = -1;
    REQ_EQ(canasta_game_stock_size(&v, g), CANASTA_OK);
    return v;
}

static int q_total(const canasta_game *g, int side)
{
    int v = 0;
    REQ_EQ(canasta_game_total(&v, g, side), CANASTA_OK);
    return v;
}

/* ---------------------------------------------------------------- */
/* Rules written out on our side                                      */
/* ---------------------------------------------------------------- */

/* V1 is th_card_value (helpers.c). */

/* O1 */
static int o1_minimum(int total)
{
    if (total < 0)
        return 15;
    if (total < 1500)
        return 50;
    if (total < 3000)
        return 90;
    return 120;
}

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
 * O4: a side counts as opened exactly when it has a meld. */
static void check_melds(const canasta_game *g, int side, side_view *sv)
{
    int rank, nat, mix, opened = -1;
    memset(sv, 0, sizeof *sv);
    for (rank = 3; rank <= 14; rank++) {
        int n = -1, t = -1, j = -1, cls = -1, cn = 0, ct = 0, cj = 0;
        uint8_t cards[64];
        size_t k = 0, i;
        REQ_EQ(canasta_game_meld(&n, &t, &j, g, side, rank),
                         CANASTA_OK);
        REQ_EQ(canasta_game_meld_cards(cards, sizeof cards, &k, g,
                                                 side, rank), CANASTA_OK);
        REQ_EQ(k, (size_t)(n + t + j));
        for (i = 0; i < k; i++) {
            if (cards[i] == CANASTA_JOKER)
                cj++;
            else if (cards[i] / 4 == 2)
                ct++;
            else {
                REQ_EQ(cards[i] / 4, rank);
                REQ(!is_red_three(cards[i]));
                cn++;
            }
            sv->melded_value += th_card_value(cards[i]);
        }
        REQ_EQ(cn, n);
        REQ_EQ(ct, t);
        REQ_EQ(cj, j);
        if (k == 0)
            continue;
        sv->any = 1;
        REQ_MSG(canasta_meld_class(&cls, rank, n, t, j) == CANASTA_OK,
                      "illegal meld on the table: side %d rank %d %d+%d+%d",
                      side, rank, n, t, j);
        REQ_NE(cls, CANASTA_MELD_NONE);
        /* M1: at least two naturals, at most three wild cards. */
        REQ_GE(n, 2);
        REQ_LE(t + j, 3);
        if (cls == CANASTA_MELD_NATURAL_CANASTA) {
            REQ(n >= 7 && t + j == 0);
            sv->natural++;
        } else if (cls == CANASTA_MELD_MIXED_CANASTA) {
            REQ(n + t + j >= 7 && t + j > 0);
            sv->mixed++;
        } else {
            REQ_LT(n + t + j, 7);
        }
        if (rank == 3)
            sv->black_threes = 1;
    }
    REQ_EQ(canasta_game_canastas(&nat, &mix, g, side), CANASTA_OK);
    REQ_EQ(nat, sv->natural);
    REQ_EQ(mix, sv->mixed);
    REQ_EQ(canasta_game_opened(&opened, g, side), CANASTA_OK);
    REQ_EQ(opened, sv->any);
}

/* P2/P3: the pile flags follow from the pile's cards and the side. */
static void check_pile_flags(const canasta_game *g)
{
    uint8_t pile[128];
    size_t n = 0, i;
    int side, wild_in = 0, red3_in = 0, top;
    REQ_EQ(canasta_game_pile(pile, sizeof pile, &n, g), CANASTA_OK);
    for (i = 0; i < n; i++) {
        if (is_wild(pile[i]))
            wild_in = 1;
        if (is_red_three(pile[i]))
            red3_in = 1;
    }
    top = n ? pile[n - 1] : CANASTA_CARD_NONE;
    {
        int t = -1;
        REQ_EQ(canasta_game_pile_top(&t, g), CANASTA_OK);
        REQ_EQ(t, top);
    }
    /* A red three on top would have been covered (C5) or never discarded
     * (T2). */
    if (n)
        REQ(!is_red_three(top));
    for (side = 0; side < NSIDES; side++) {
        int flags = 0, opened = 0;
        REQ_EQ(canasta_game_pile_status(&flags, g, side),
                         CANASTA_OK);
        REQ_EQ(canasta_game_opened(&opened, g, side), CANASTA_OK);
        REQ_EQ(!!(flags & CANASTA_PILE_EMPTY), n == 0);
        if (n == 0)
            continue;
        REQ_EQ(!!(flags & CANASTA_PILE_FROZEN_WILD), wild_in);
        REQ_EQ(!!(flags & CANASTA_PILE_FROZEN_RED_THREE), red3_in);
        REQ_EQ(!!(flags & CANASTA_PILE_FROZEN_UNOPENED), !opened);
        REQ_EQ(!!(flags & CANASTA_PILE_BLOCKED_WILD), is_wild(top));
        REQ_EQ(!!(flags & CANASTA_PILE_BLOCKED_BLACK_THREE),
                         is_black_three(top));
    }
}

static int hand_value(const canasta_game *g, int seat)
{
    uint8_t cards[128];
    size_t n = 0, i;
    int sum = 0;
    REQ_EQ(canasta_game_hand(cards, sizeof cards, &n, g, seat),
                     CANASTA_OK);
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
    REQ_EQ(canasta_game_red_threes(cards, sizeof cards, &n, g,
                                             seat), CANASTA_OK);
    for (i = 0; i < n; i++)
        REQ(is_red_three(cards[i]));
    return (int)n;
}

/* C2 through the public API: every card we can see (hands, red threes,
 * melds, pile) is a real card, no code appears more often than the deck
 * holds it, and with the stock they make up the 108 cards.  (The stock's
 * cards are hidden; th_assert_cards_accounted looks inside, see below.) */
static void check_cards_public(const canasta_game *g)
{
    int have[CANASTA_CARD_LIMIT];
    uint8_t cards[128];
    size_t n, i;
    int seat, side, rank, c, seen = 0;
    memset(have, 0, sizeof have);
    for (seat = 0; seat < NSEATS; seat++) {
        n = 0;
        REQ_EQ(canasta_game_hand(cards, sizeof cards, &n, g, seat), CANASTA_OK);
        for (i = 0; i < n; i++)
            have[cards[i]]++;
        seen += (int)n;
        n = 0;
        REQ_EQ(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
               CANASTA_OK);
        for (i = 0; i < n; i++)
            have[cards[i]]++;
        seen += (int)n;
    }
    for (side = 0; side < NSIDES; side++)
        for (rank = 3; rank <= 14; rank++) {
            n = 0;
            REQ_EQ(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                           rank), CANASTA_OK);
            for (i = 0; i < n; i++)
                have[cards[i]]++;
            seen += (int)n;
        }
    n = 0;
    REQ_EQ(canasta_game_pile(cards, sizeof cards, &n, g), CANASTA_OK);
    for (i = 0; i < n; i++)
        have[cards[i]]++;
    seen += (int)n;
    for (c = 0; c < CANASTA_CARD_LIMIT; c++) {
        int deck = 0;
        if (c == CANASTA_JOKER)
            deck = 4;
        else if (c >= CANASTA_CARD(2, 0) && c <= CANASTA_CARD(14, 3))
            deck = 2;
        REQ_MSG(have[c] <= deck, "card code %d seen %d times", c, have[c]);
    }
    REQ_EQ(seen + q_stock(g), 108);
}

/* After every move. */
static void check_position(const canasta_game *g, side_view sv[NSIDES],
                           int with_helper)
{
    int phase = q_phase(g), side, seat;
    (void)with_helper;
    th_assert_cards_accounted(g);
    check_cards_public(g);
    for (side = 0; side < NSIDES; side++)
        check_melds(g, side, &sv[side]);
    seat = q_seat(g);
    REQ(seat >= 0 && seat < NSEATS);
    if (th_phase_in_play(phase)) {
        int s;
        for (s = 0; s < NSEATS; s++)
            REQ_GE(q_hand_size(g, s), 1); /* else someone is out */
        /* M6 / DECISIONS 8: black threes are melded only by a move that
         * leaves at most one card while going out is allowed; so while
         * play goes on, such a meld means the player who laid it is still
         * on turn, in the play phase, holding one card to discard. */
        for (s = 0; s < NSIDES; s++)
            if (sv[s].black_threes) {
                REQ_EQ(phase, CANASTA_PHASE_PLAY);
                REQ_EQ(seat % 2, s);
                REQ_EQ(q_hand_size(g, seat), 1);
            }
        check_pile_flags(g);
    } else {
        REQ(phase == CANASTA_PHASE_HAND_OVER ||
                  phase == CANASTA_PHASE_GAME_OVER);
    }
}

/* The hand just ended with move `last` made by seat `mover`. */
static void check_hand_end(const canasta_game *g, const canasta_move *last,
                           const int totals_before[NSIDES],
                           const side_view sv[NSIDES])
{
    int how = -1, who = -7, side, target = 0, t[NSIDES];
    int phase = q_phase(g);
    int mover = last->seat;
    REQ_EQ(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    switch (how) {
    case CANASTA_END_WENT_OUT:
    case CANASTA_END_CONCEALED:
        REQ_EQ(who, mover);
        REQ_EQ(q_hand_size(g, mover), 0);
        /* G1: the side has a canasta. */
        REQ_GE(sv[mover % 2].natural + sv[mover % 2].mixed, 1);
        REQ(last->kind == CANASTA_MOVE_MELD ||
                  last->kind == CANASTA_MOVE_DISCARD ||
                  last->kind == CANASTA_MOVE_TAKE_PILE);
        break;
    case CANASTA_END_STOCK:
        /* E1 */
        REQ_EQ(who, -1);
        REQ_EQ(last->kind, CANASTA_MOVE_DECLINE);
        REQ_EQ(q_stock(g), 0);
        break;
    case CANASTA_END_RED_THREE:
        /* E2 */
        REQ_EQ(who, -1);
        REQ_EQ(last->kind, CANASTA_MOVE_DRAW);
        REQ_EQ(q_stock(g), 0);
        break;
    default:
        ck_abort_msg("hand over but hand_end says %d", how);
    }
    /* M6: a black-three meld only on the side that went out. */
    for (side = 0; side < NSIDES; side++)
        if (sv[side].black_threes)
            REQ((how == CANASTA_END_WENT_OUT ||
                       how == CANASTA_END_CONCEALED) && mover % 2 == side);

    /* E3, S1, S2, R3: every item recomputed from the table. */
    for (side = 0; side < NSIDES; side++) {
        int it[CANASTA_SCORE_ITEMS], i, sum = 0, reds, red_bonus, going;
        REQ_EQ(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g,
                                                 side), CANASTA_OK);
        reds = red_three_count(g, side) + red_three_count(g, side + 2);
        red_bonus = reds == 4 ? 800 : 100 * reds;
        if (!sv[side].any)
            red_bonus = -red_bonus;
        going = 0;
        if (how == CANASTA_END_WENT_OUT && mover % 2 == side)
            going = 100;
        if (how == CANASTA_END_CONCEALED && mover % 2 == side)
            going = 200;
        REQ_EQ(it[CANASTA_SCORE_MELDED], sv[side].melded_value);
        REQ_EQ(it[CANASTA_SCORE_NATURAL_CANASTAS],
                         500 * sv[side].natural);
        REQ_EQ(it[CANASTA_SCORE_MIXED_CANASTAS],
                         300 * sv[side].mixed);
        REQ_EQ(it[CANASTA_SCORE_RED_THREES], red_bonus);
        REQ_EQ(it[CANASTA_SCORE_GOING_OUT], going);
        REQ_EQ(it[CANASTA_SCORE_IN_HAND],
                         -(hand_value(g, side) + hand_value(g, side + 2)));
        for (i = 0; i < CANASTA_SCORE_TOTAL; i++)
            sum += it[i];
        REQ_EQ(it[CANASTA_SCORE_TOTAL], sum);
        /* S5 */
        t[side] = q_total(g, side);
        REQ_EQ(t[side], totals_before[side] + sum);
    }
    /* S6 with the default tie rule (play on). */
    REQ_EQ(canasta_game_option(&target, g, CANASTA_OPT_TARGET_SCORE),
                     CANASTA_OK);
    if (phase == CANASTA_PHASE_GAME_OVER) {
        int w = -7;
        REQ_EQ(canasta_game_winner(&w, g), CANASTA_OK);
        REQ(w == 0 || w == 1);
        REQ_GE(t[w], target);
        REQ_GT(t[w], t[1 - w]);
    } else {
        int w;
        REQ_EQ(phase, CANASTA_PHASE_HAND_OVER);
        REQ(!((t[0] >= target || t[1] >= target) && t[0] != t[1]));
        REQ_EQ(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    }
}

/* ---------------------------------------------------------------- */
/* Playing                                                            */
/* ---------------------------------------------------------------- */

typedef struct {
    th_sm64 rng;
    th_movelist ml;
    int validate_all; /* also th_assert_cards_accounted after each move */
    /* optional record of the moves played */
    canasta_move *log;
    size_t log_n, log_cap;
    int record;
    long moves_played;
    long listed_validated;
} player;

static void player_init(player *p, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->rng.state = seed;
}

static void player_done(player *p)
{
    free(p->ml.v);
    free(p->log);
    p->ml.v = NULL;
    p->log = NULL;
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

static void validate_listed(const canasta_game *g, player *p)
{
    size_t i;
    int seat = q_seat(g);
    for (i = 0; i < p->ml.n; i++) {
        char why[256];
        int rc;
        why[0] = '\0';
        rc = canasta_validate(why, sizeof why, g, &p->ml.v[i]);
        REQ_MSG(rc == CANASTA_OK,
                      "listed move %u (kind %d) does not validate: %s (%s)",
                      (unsigned)i, p->ml.v[i].kind, canasta_error_name(rc),
                      why);
        REQ_EQ(p->ml.v[i].seat, seat);
    }
    p->listed_validated += (long)p->ml.n;
}

/* What we note before a move, to check its effect afterwards. */
typedef struct {
    int phase, seat, side, hand, pile, top, stock, reds, opened, minimum;
    int pile_reds; /* red threes in the pile below the top card */
} before_move;

static void note_before(before_move *b, const canasta_game *g)
{
    uint8_t pile[128], r3[16];
    size_t n = 0, i;
    b->phase = q_phase(g);
    b->seat = q_seat(g);
    b->side = b->seat % 2;
    b->hand = q_hand_size(g, b->seat);
    b->stock = q_stock(g);
    REQ_EQ(canasta_game_pile(pile, sizeof pile, &n, g), CANASTA_OK);
    b->pile = (int)n;
    b->top = n ? pile[n - 1] : 0;
    b->pile_reds = 0;
    for (i = 0; i + 1 < n; i++)
        if (is_red_three(pile[i]))
            b->pile_reds++;
    n = 0;
    REQ_EQ(canasta_game_red_threes(r3, sizeof r3, &n, g, b->seat), CANASTA_OK);
    b->reds = (int)n;
    REQ_EQ(canasta_game_opened(&b->opened, g, b->side), CANASTA_OK);
    REQ_EQ(canasta_game_opening_minimum(&b->minimum, g, b->side), CANASTA_OK);
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

/* T1, C1, G4, P1/P7/R1/R2, O1-O3: the effect of one move.  turn_src is
 * the kind of move (DRAW or TAKE_PILE) that began the current turn. */
static void check_transition(const canasta_game *g, const before_move *b,
                             const canasta_move *m, int turn_src)
{
    int phase = q_phase(g), seat = q_seat(g), live = th_phase_in_play(phase);
    int hand = q_hand_size(g, b->seat), pile, reds, value, cards, opened;
    uint8_t r3[16];
    size_t n = 0;
    REQ_EQ(canasta_game_pile_size(&pile, g), CANASTA_OK);
    REQ_EQ(canasta_game_red_threes(r3, sizeof r3, &n, g, b->seat),
           CANASTA_OK);
    reds = (int)n;
    REQ_EQ(canasta_game_opened(&opened, g, b->side), CANASTA_OK);
    cards = move_cards(m, &value);
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        REQ_EQ(b->phase, CANASTA_PHASE_DRAW);
        /* R1: every red three drawn is laid out and replaced, so the hand
         * grows by exactly one card and the stock shrinks by one more per
         * red three; E2: a red three drawn last ends the hand at once. */
        if (live) {
            REQ_EQ(phase, CANASTA_PHASE_PLAY);
            REQ_EQ(seat, b->seat);
            REQ_EQ(hand, b->hand + 1);
            REQ_EQ(q_stock(g), b->stock - 1 - (reds - b->reds));
        } else {
            REQ_EQ(hand, b->hand + (b->stock - (reds - b->reds)));
        }
        break;
    case CANASTA_MOVE_TAKE_PILE:
        REQ_EQ(b->phase, CANASTA_PHASE_DRAW);
        /* P1, P7, R2: the whole pile; the top card is melded, red threes
         * from the pile are laid out without replacement. */
        REQ_EQ(pile, 0);
        REQ_EQ(reds, b->reds + b->pile_reds);
        REQ_EQ(hand, b->hand - cards + (b->pile - 1) - b->pile_reds);
        REQ_EQ(m->groups[0].rank, b->top / 4);
        REQ_EQ(opened, 1);
        /* O1-O3: opening by the pile counts the top card and the melds of
         * this move; the G3 waiver never applies to a take. */
        if (!b->opened)
            REQ_GE(value + th_card_value(b->top), b->minimum);
        if (live) {
            REQ_EQ(phase, CANASTA_PHASE_PLAY);
            REQ_EQ(seat, b->seat);
        }
        break;
    case CANASTA_MOVE_MELD:
        REQ_EQ(b->phase, CANASTA_PHASE_PLAY);
        REQ_EQ(hand, b->hand - cards);
        REQ_EQ(pile, b->pile);
        REQ_EQ(opened, 1);
        if (!b->opened) {
            /* O1/O2, or the G3 waiver: stock draw, hand left with at most
             * one card, with a canasta. */
            int nat = 0, mix = 0;
            REQ_EQ(canasta_game_canastas(&nat, &mix, g, b->side), CANASTA_OK);
            if (!(turn_src == CANASTA_MOVE_DRAW && hand <= 1 && nat + mix > 0))
                REQ_GE(value, b->minimum);
        }
        if (live) {
            REQ_EQ(phase, CANASTA_PHASE_PLAY);
            REQ_EQ(seat, b->seat);
        }
        break;
    case CANASTA_MOVE_DISCARD:
        REQ_EQ(b->phase, CANASTA_PHASE_PLAY);
        REQ_EQ(hand, b->hand - 1);
        REQ_EQ(pile, b->pile + 1);
        {
            int top = 0;
            REQ_EQ(canasta_game_pile_top(&top, g), CANASTA_OK);
            REQ_EQ(top, m->card);
        }
        REQ(!is_red_three(m->card)); /* T2 */
        if (live) {
            /* T1, C1: the turn passes to the left */
            REQ_EQ(phase, CANASTA_PHASE_DRAW);
            REQ_EQ(seat, (b->seat + 1) % NSEATS);
        } else {
            REQ_EQ(hand, 0);
        }
        break;
    case CANASTA_MOVE_ASK:
        /* G4: the partner (opposite, C1) decides */
        REQ_EQ(b->phase, CANASTA_PHASE_PLAY);
        REQ_EQ(phase, CANASTA_PHASE_ANSWER);
        REQ_EQ(seat, (b->seat + 2) % NSEATS);
        break;
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO: {
        int perm = -1;
        REQ_EQ(b->phase, CANASTA_PHASE_ANSWER);
        REQ_EQ(phase, CANASTA_PHASE_PLAY);
        REQ_EQ(seat, (b->seat + 2) % NSEATS);
        REQ_EQ(canasta_game_permission(&perm, g), CANASTA_OK);
        REQ_EQ(perm, m->kind == CANASTA_MOVE_ANSWER_YES
                         ? CANASTA_PERMISSION_YES : CANASTA_PERMISSION_NO);
        break;
    }
    case CANASTA_MOVE_DECLINE:
        /* E1: only with the stock empty, and it ends the hand */
        REQ_EQ(b->stock, 0);
        REQ(!live);
        break;
    default:
        ck_abort_msg("unexpected move kind %d during play", m->kind);
    }
}

/* Play the current hand to its end; returns the number of moves. */
static int play_hand(canasta_game *g, player *p)
{
    int totals[NSIDES], s0, bound, moves = 0, side, phase, turn_src = 0;
    side_view sv[NSIDES];
    REQ_EQ(q_phase(g), CANASTA_PHASE_DRAW);
    for (side = 0; side < NSIDES; side++)
        totals[side] = q_total(g, side);
    s0 = q_stock(g);
    REQ_LE(s0, 63);
    bound = HAND_MOVE_BOUND(s0);
    check_position(g, sv, p->validate_all);
    for (;;) {
        canasta_move pick;
        char why[256];
        int rc, stock_before;
        before_move bm;
        phase = q_phase(g);
        if (!th_phase_in_play(phase))
            break;
        th_list_moves(&p->ml, g);
        REQ_MSG(p->ml.n > 0, "no legal move in phase %d", phase);
        if (p->validate_all)
            validate_listed(g, p);
        pick = p->ml.v[th_sm64_below(&p->rng, p->ml.n)];
        REQ_EQ(pick.seat, q_seat(g));
        stock_before = q_stock(g);
        note_before(&bm, g);
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
            REQ_LT(q_stock(g), stock_before);
        else
            REQ_EQ(q_stock(g), stock_before);
        check_position(g, sv, p->validate_all);
        check_transition(g, &bm, &pick, turn_src);
        if (!th_phase_in_play(q_phase(g)))
            check_hand_end(g, &pick, totals, sv);
    }
    return moves;
}

/* In HAND_OVER: the only decision is NEXT_HAND by the next dealer. */
static void next_hand(canasta_game *g, player *p)
{
    int dealer = -1, dealer2 = -1, hand = -1, hand2 = -1, side, t[NSIDES];
    canasta_move m;
    REQ_EQ(canasta_game_dealer(&dealer, g), CANASTA_OK);
    REQ_EQ(canasta_game_hand_number(&hand, g), CANASTA_OK);
    REQ_EQ(q_seat(g), (dealer + 1) % NSEATS);
    th_list_moves(&p->ml, g);
    REQ_EQ(p->ml.n, 1);
    REQ_EQ(p->ml.v[0].kind, CANASTA_MOVE_NEXT_HAND);
    REQ_EQ(p->ml.v[0].seat, (dealer + 1) % NSEATS);
    for (side = 0; side < NSIDES; side++)
        t[side] = q_total(g, side);
    m = p->ml.v[0];
    th_ok(g, &m);
    record_move(p, &m);
    p->moves_played++;
    REQ_EQ(canasta_game_dealer(&dealer2, g), CANASTA_OK);
    REQ_EQ(canasta_game_hand_number(&hand2, g), CANASTA_OK);
    /* C3: the deal passes to the left; the player left of the dealer
     * starts. */
    REQ_EQ(dealer2, (dealer + 1) % NSEATS);
    REQ_EQ(hand2, hand + 1);
    REQ_EQ(q_phase(g), CANASTA_PHASE_DRAW);
    REQ_EQ(q_seat(g), (dealer2 + 1) % NSEATS);
    for (side = 0; side < NSIDES; side++) {
        int min = -1;
        REQ_EQ(q_total(g, side), t[side]);
        REQ_EQ(canasta_game_opening_minimum(&min, g, side),
                         CANASTA_OK);
        REQ_EQ(min, o1_minimum(t[side])); /* O1, S5 */
    }
}

static void check_game_over(canasta_game *g, player *p)
{
    canasta_move m;
    char why[128];
    int seat = q_seat(g);
    th_list_moves(&p->ml, g);
    REQ_EQ(p->ml.n, 0);
    th_move(&m, CANASTA_MOVE_NEXT_HAND, seat);
    REQ_EQ(canasta_apply(why, sizeof why, g, &m),
                     CANASTA_E_GAME_OVER);
    th_move(&m, CANASTA_MOVE_DRAW, seat);
    REQ_EQ(canasta_validate(why, sizeof why, g, &m),
                     CANASTA_E_GAME_OVER);
}

static canasta_game *new_game(const canasta_rules *rules, uint64_t seed)
{
    canasta_game *g = NULL;
    REQ_EQ(canasta_game_create(&g, rules, seed), CANASTA_OK);
    return g;
}

static canasta_rules *classic(void)
{
    canasta_rules *r = NULL;
    REQ_EQ(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    return r;
}

/* ---------------------------------------------------------------- */
/* Tests                                                              */
/* ---------------------------------------------------------------- */

/* 8000 hands in RANDOM_HAND_CHUNKS loop iterations.  Checked after every
 * move: cards accounted for (C2), melds legal (M1-M6), canastas and
 * opened flags (M5, O4), pile flags (P2, P3), hand sizes; at every hand's
 * end: how it ended (G1, G2, E1, E2), every score item (E3, S1-S3, R3), the
 * totals (S5) and the game-over decision (S6); at every NEXT_HAND: dealer
 * rotation and first player (C3) and opening minimums (O1). */
START_TEST(test_random_hands_rules_hold)
{
    canasta_rules *rules = classic();
    player p;
    int played = 0, in_game = 0, game_no = 0;
    canasta_game *g = NULL;
    long ends[5] = { 0, 0, 0, 0, 0 };
    int hands_wanted = th_scaled(HANDS_PER_CHUNK, LEAST_HANDS_PER_CHUNK);
    player_init(&p, UINT64_C(0xC0FFEE) + (uint64_t)_i * 7919u);
    while (played < hands_wanted) {
        int how = 0, who = 0;
        if (!g) {
            uint64_t seed = (uint64_t)_i * 100000u + (uint64_t)game_no++;
            g = new_game(rules, seed);
            in_game = 0;
        }
        p.validate_all = (played % FULL_VALIDATE_EVERY) == 0;
        play_hand(g, &p);
        played++;
        in_game++;
        REQ_EQ(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
        REQ(how >= 1 && how <= 4);
        ends[how]++;
        if (q_phase(g) == CANASTA_PHASE_GAME_OVER) {
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
        fprintf(stderr, "chunk %d: %d hands, %ld moves, %ld listed moves "
                "validated; ends: out %ld concealed %ld red3 %ld stock %ld\n",
                _i, played, p.moves_played, p.listed_validated,
                ends[CANASTA_END_WENT_OUT], ends[CANASTA_END_CONCEALED],
                ends[CANASTA_END_RED_THREE], ends[CANASTA_END_STOCK]);
    /* Random play must at least sometimes go out, else the checks of G
     * rules above never ran. */
    REQ_GT(ends[CANASTA_END_WENT_OUT] + ends[CANASTA_END_CONCEALED],
                     0);
    player_done(&p);
    canasta_rules_free(rules);
}
END_TEST

/* S6/A5: games with a low target are played to PHASE_GAME_OVER.  Loop 0
 * uses LOW_TARGET (random play scores several hundred a hand, so these end
 * after one hand), loop 1 LOWISH_TARGET (a few hands per game, so totals
 * carry over and the O1 minimum rises past 1500 on the way). */
START_TEST(test_random_games_low_target_reach_game_over)
{
    canasta_rules *rules = classic();
    player p;
    int game, multi = 0;
    int per_loop = th_scaled(LOW_TARGET_GAMES / 2, LEAST_LOW_TARGET_GAMES);
    int want = _i == 0 ? LOW_TARGET : LOWISH_TARGET;
    REQ_EQ(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, want),
           CANASTA_OK);
    player_init(&p, UINT64_C(0x5EED5EED) + (uint64_t)_i);
    for (game = 0; game < per_loop; game++) {
        uint64_t seed = UINT64_C(900000) + (uint64_t)_i * 1000u +
                        (uint64_t)game;
        canasta_game *g = new_game(rules, seed);
        int hands = 0, target = 0;
        REQ_EQ(canasta_game_option(&target, g, CANASTA_OPT_TARGET_SCORE),
               CANASTA_OK);
        REQ_EQ(target, want);
        for (;;) {
            p.validate_all = (hands % FULL_VALIDATE_EVERY) == 0;
            play_hand(g, &p);
            hands++;
            if (q_phase(g) == CANASTA_PHASE_GAME_OVER)
                break;
            REQ_MSG(hands < LOW_TARGET_HAND_GUARD,
                    "game %llu not over after %d hands",
                    (unsigned long long)seed, hands);
            next_hand(g, &p);
        }
        check_game_over(g, &p);
        if (hands > 1)
            multi++;
        if (getenv("CANASTA_TEST_STATS"))
            fprintf(stderr, "target %d game %llu: %d hands, totals %d/%d\n",
                    want, (unsigned long long)seed, hands, q_total(g, 0),
                    q_total(g, 1));
        canasta_game_free(g);
    }
    /* With the higher target some games must have needed several hands
     * (else the carry-over between hands was never exercised here). */
    if (_i == 1)
        REQ_GT(multi, 0);
    player_done(&p);
    canasta_rules_free(rules);
}
END_TEST

/* Plays a whole game (up to max_hands hands) with the moves recorded. */
static canasta_game *recorded_game(const canasta_rules *rules, uint64_t seed,
                                   uint64_t rng_seed, int max_hands,
                                   player *p)
{
    canasta_game *g = new_game(rules, seed);
    int hands = 0;
    player_init(p, rng_seed);
    p->record = 1;
    for (;;) {
        play_hand(g, p);
        hands++;
        if (q_phase(g) == CANASTA_PHASE_GAME_OVER || hands == max_hands)
            break;
        next_hand(g, p);
    }
    return g;
}

/* C7/A4: the same game seed and the same choices replay the same game:
 * same list of moves at every step (so the same deals), same end state. */
START_TEST(test_random_replay_same_seed_same_game)
{
    canasta_rules *rules = classic();
    int k;
    for (k = 0; k < 6; k++) {
        player a, b;
        size_t i;
        int eq = -1;
        uint64_t seed = UINT64_C(0xABCDEF0123) + (uint64_t)k * 31u;
        canasta_game *ga = recorded_game(rules, seed, 77u + (uint64_t)k, 3, &a);
        canasta_game *gb = recorded_game(rules, seed, 77u + (uint64_t)k, 3, &b);
        REQ_GT(a.log_n, 0);
        REQ_EQ(a.log_n, b.log_n);
        for (i = 0; i < a.log_n; i++) {
            int same = 0;
            REQ_EQ(canasta_move_equal(&same, &a.log[i], &b.log[i]),
                             CANASTA_OK);
            REQ_MSG(same == 1, "replay differs at move %u", (unsigned)i);
        }
        if (getenv("CANASTA_TEST_STATS"))
            fprintf(stderr, "replay %d: %u moves\n", k, (unsigned)a.log_n);
        REQ_EQ(canasta_game_equal(&eq, ga, gb), CANASTA_OK);
        REQ_EQ(eq, 1);
        /* A different game seed gives a different game: the final states
         * differ (it would take a freak coincidence to match). */
        {
            player c;
            canasta_game *gc = recorded_game(rules, seed + 1u,
                                             77u + (uint64_t)k, 3, &c);
            REQ_EQ(canasta_game_equal(&eq, ga, gc), CANASTA_OK);
            REQ_EQ(eq, 0);
            canasta_game_free(gc);
            player_done(&c);
        }
        /* Replaying the recorded moves on a fresh game of the same seed
         * gives the same game again (every recorded move is accepted). */
        {
            canasta_game *gr = new_game(rules, seed);
            for (i = 0; i < a.log_n; i++)
                th_ok(gr, &a.log[i]);
            REQ_EQ(canasta_game_equal(&eq, ga, gr), CANASTA_OK);
            REQ_EQ(eq, 1);
            canasta_game_free(gr);
        }
        canasta_game_free(ga);
        canasta_game_free(gb);
        player_done(&a);
        player_done(&b);
    }
    canasta_rules_free(rules);
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
                        RANDOM_HAND_CHUNKS);
    tcase_add_loop_test(games, test_random_games_low_target_reach_game_over,
                        0, 2);
    tcase_add_test(replay, test_random_replay_same_seed_same_game);
    suite_add_tcase(s, hands);
    suite_add_tcase(s, games);
    suite_add_tcase(s, replay);
    return s;
}
