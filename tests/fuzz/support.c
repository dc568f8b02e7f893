/*
 * support.c - the checks shared by the fuzz harnesses.
 *
 * Most checks read the game only through the public API and compare it
 * with rules written down again here from RULES.md (V1, O1, R3, M1-M6,
 * E3, S1-S6, and X2, X3, X6 for the games of 2, 3 and 6 players), so that
 * a harness catches the library disagreeing with the rules, not just with
 * itself.  Every preset is modelled: the game's preset follows from its
 * players and sides (CANASTA_OPT_PLAYERS, CANASTA_OPT_SIDES), a seat's
 * score column is seat mod sides (C1, X6; each seat alone in X2 and X3),
 * and in X3 the table each seat plays on and the lone hand are read from
 * the game and checked against what the moves made happen.
 *
 * lib/internal.h is used for two things the API cannot show: the raw
 * state, so that "a rejected move changes nothing" is checked byte for
 * byte independently of canasta_game_equal, and the stock array, to
 * confirm the public reading of the stock as the tail of
 * canasta_game_deck.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "internal.h"

#define BIG 256 /* more than any hand, pile or deck holds */
#define MAX_RECS 2048 /* the undo history holds fewer moves than this */
#define LIGHT_EVERY 8

void fz_fail(const char *file, int line, const char *cond, const char *fmt,
             ...)
{
    va_list ap;
    fprintf(stderr, "\nFUZZ CHECK FAILED at %s:%d: %s\n  ", file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

/* ---------------------------------------------------------------- */
/* Rules arithmetic, from RULES.md                                    */
/* ---------------------------------------------------------------- */

int fz_card_value(int c)
{
    if (c < 8 || c > 60)
        return -1;
    if (c == 60)
        return 50;             /* joker */
    int r = c / 4, s = c % 4;
    if (r == 2 || r == 14)
        return 20;             /* two, ace */
    if (r >= 8)
        return 10;             /* 8 .. king */
    if (r == 3)
        return (s == 1 || s == 2) ? 0 : 5; /* red three: bonus only */
    return 5;                  /* 4 .. 7 */
}

int fz_opening_minimum_for(int preset, int total)
{
    if (total < 0)
        return 15;
    if (total < 1500)
        return 50;
    if (total < 3000)
        return 90;
    /* X6: with two sides a side at 7000 or more needs 150 */
    if (preset == CANASTA_PRESET_SIX_TWO_SIDES && total >= 7000)
        return 150;
    return 120;
}

int fz_opening_minimum(int total)
{
    return fz_opening_minimum_for(CANASTA_PRESET_CLASSIC, total);
}

int fz_red_three_bonus_for(int preset, int count)
{
    if (preset == CANASTA_PRESET_SIX_THREE_SIDES ||
        preset == CANASTA_PRESET_SIX_TWO_SIDES) {
        /* X6: 100 each up to four, five score 1000, six 1200 */
        if (count == 5)
            return 1000;
        if (count == 6)
            return 1200;
        return count * 100;
    }
    return count == 4 ? 800 : count * 100; /* R3 */
}

int fz_red_three_bonus(int count)
{
    return fz_red_three_bonus_for(CANASTA_PRESET_CLASSIC, count);
}

int fz_preset_of(int players, int sides)
{
    switch (players) {
    case 2:
        return CANASTA_PRESET_TWO_PLAYERS;
    case 3:
        return CANASTA_PRESET_THREE_PLAYERS;
    case 6:
        return sides == 3 ? CANASTA_PRESET_SIX_THREE_SIDES
                          : CANASTA_PRESET_SIX_TWO_SIDES;
    default:
        return CANASTA_PRESET_CLASSIC;
    }
}

int fz_meld_class(int rank, int nat, int twos, int jokers)
{
    int wild = twos + jokers, size = nat + wild;
    if (size == 0)
        return CANASTA_MELD_NONE;
    if (rank == 3) {
        if (wild > 0 || nat < 3 || nat > 4)
            return CANASTA_E_THREES;
    } else if (nat < 2 || wild > 3 || size < 3) {
        return CANASTA_E_MELD;
    }
    if (size < 7)
        return CANASTA_MELD_OPEN;
    return wild ? CANASTA_MELD_MIXED_CANASTA : CANASTA_MELD_NATURAL_CANASTA;
}

/* E3 for one table: red_bonus is the unsigned R3 bonus. */
static void score_model(int items[CANASTA_SCORE_ITEMS], const int *melds,
                        size_t n_melds, int red_bonus, int hand_value,
                        int went_out)
{
    memset(items, 0, sizeof(int) * CANASTA_SCORE_ITEMS);
    int any = 0;
    for (size_t i = 0; i < n_melds; i++) {
        int r = melds[4 * i], n = melds[4 * i + 1];
        int t = melds[4 * i + 2], j = melds[4 * i + 3];
        if (n + t + j == 0)
            continue;
        any = 1;
        /* a natural of rank r is worth what its clubs card is worth;
         * black threes 5 (E3) */
        items[CANASTA_SCORE_MELDED] += n * fz_card_value(r * 4) + t * 20 +
                                       j * 50;
        if (n + t + j >= 7) {
            if (t + j)
                items[CANASTA_SCORE_MIXED_CANASTAS] += 300;
            else
                items[CANASTA_SCORE_NATURAL_CANASTAS] += 500;
        }
    }
    items[CANASTA_SCORE_RED_THREES] = any ? red_bonus : -red_bonus; /* R3 */
    items[CANASTA_SCORE_GOING_OUT] = went_out == CANASTA_OUT_CONCEALED ? 200
                                   : went_out == CANASTA_OUT_NORMAL ? 100 : 0;
    items[CANASTA_SCORE_IN_HAND] = -hand_value;
    int total = 0;
    for (int i = 0; i < CANASTA_SCORE_TOTAL; i++)
        total += items[i];
    items[CANASTA_SCORE_TOTAL] = total;
}

void fz_score_side(int items[CANASTA_SCORE_ITEMS], const int *melds,
                   size_t n_melds, int red_threes, int hand_value,
                   int went_out)
{
    score_model(items, melds, n_melds, fz_red_three_bonus(red_threes),
                hand_value, went_out);
}

/* ---------------------------------------------------------------- */
/* The public view of a game                                          */
/* ---------------------------------------------------------------- */

typedef struct view {
    int players, sides, packs, jokers, deck_size, hand_size, draw_count;
    int need, target, ask, one_card, tie;
    int concealed_adds; /* G3: CANASTA_OPT_CONCEALED_ADDITIONS */
    int side_of[CN_MAX_PLAYERS];
    int phase, cur, dealer, hand_no, permission;
    int hand_n[CN_MAX_PLAYERS];
    uint8_t hand[CN_MAX_PLAYERS][BIG];
    uint8_t hand_cnt[CN_MAX_PLAYERS][CANASTA_CARD_LIMIT];
    int red3[CN_MAX_PLAYERS];
    uint8_t red3_cards[CN_MAX_PLAYERS][8];
    int stock_n, pile_n, pile_top;
    uint8_t pile[BIG];
    uint8_t deck[BIG];
    int deck_n;
    int mn[CN_MAX_SIDES][CN_RANKS], mt[CN_MAX_SIDES][CN_RANKS];
    int mj[CN_MAX_SIDES][CN_RANKS];
    int opened[CN_MAX_SIDES], totals[CN_MAX_SIDES];
    /* The preset (fz_preset_of); X3: the lone-hand option, the lone hand
     * (-1: none) and, once the partners' melds merged, the table they
     * play on, the lower partner's (else -1) */
    int preset, lone_opt, lone, merged_table;
} view;

static int opt(const canasta_game *g, int key)
{
    int v = 0;
    FZ_OK(canasta_game_option(&v, g, key));
    return v;
}

static void view_read(view *v, const canasta_game *g)
{
    size_t n;
    memset(v, 0, sizeof *v);
    v->players = opt(g, CANASTA_OPT_PLAYERS);
    v->sides = opt(g, CANASTA_OPT_SIDES);
    v->packs = opt(g, CANASTA_OPT_PACKS);
    v->jokers = opt(g, CANASTA_OPT_JOKERS);
    v->deck_size = opt(g, CANASTA_OPT_DECK_SIZE);
    v->hand_size = opt(g, CANASTA_OPT_HAND_SIZE);
    v->draw_count = opt(g, CANASTA_OPT_DRAW_COUNT);
    v->need = opt(g, CANASTA_OPT_CANASTAS_TO_GO_OUT);
    v->target = opt(g, CANASTA_OPT_TARGET_SCORE);
    v->ask = opt(g, CANASTA_OPT_ASK_PERMISSION);
    v->one_card = opt(g, CANASTA_OPT_ONE_CARD_RULE);
    v->tie = opt(g, CANASTA_OPT_TIE_RULE);
    v->concealed_adds = opt(g, CANASTA_OPT_CONCEALED_ADDITIONS);
    v->lone_opt = opt(g, CANASTA_OPT_LONE_HAND);
    v->preset = fz_preset_of(v->players, v->sides);
    FZ_CHECK(v->players >= 2 && v->players <= CN_MAX_PLAYERS, "players %d",
             v->players);
    FZ_CHECK(v->sides >= 1 && v->sides <= CN_MAX_SIDES, "sides %d", v->sides);
    /* C2: packs of 52 plus the jokers */
    FZ_CHECK(v->deck_size == 52 * v->packs + v->jokers && v->deck_size < BIG,
             "deck %d, packs %d, jokers %d", v->deck_size, v->packs,
             v->jokers);

    FZ_OK(canasta_game_phase(&v->phase, g));
    FZ_OK(canasta_game_current_seat(&v->cur, g));
    FZ_OK(canasta_game_dealer(&v->dealer, g));
    FZ_OK(canasta_game_hand_number(&v->hand_no, g));
    FZ_OK(canasta_game_permission(&v->permission, g));
    FZ_CHECK(v->phase >= CANASTA_PHASE_DRAW &&
             v->phase <= CANASTA_PHASE_GAME_OVER, "phase %d", v->phase);
    FZ_CHECK(v->cur >= 0 && v->cur < v->players, "current seat %d", v->cur);
    FZ_CHECK(v->dealer >= 0 && v->dealer < v->players, "dealer %d",
             v->dealer);
    FZ_CHECK(v->hand_no >= 1, "hand number %d", v->hand_no);

    for (int s = 0; s < v->players; s++) {
        FZ_OK(canasta_game_seat_side(&v->side_of[s], g, s));
        FZ_CHECK(v->side_of[s] >= 0 && v->side_of[s] < v->sides,
                 "seat %d side %d", s, v->side_of[s]);
        FZ_OK(canasta_game_hand(v->hand[s], BIG, &n, g, s));
        v->hand_n[s] = (int)n;
        int hs = -1;
        FZ_OK(canasta_game_hand_size(&hs, g, s));
        FZ_CHECK(hs == (int)n, "seat %d: hand size %d, hand lists %zu", s,
                 hs, n);
        for (size_t i = 0; i < n; i++) {
            FZ_CHECK(i == 0 || v->hand[s][i - 1] <= v->hand[s][i],
                     "seat %d: hand not sorted", s);
            FZ_CHECK(fz_card_value(v->hand[s][i]) >= 0,
                     "seat %d holds code %d", s, v->hand[s][i]);
            v->hand_cnt[s][v->hand[s][i]]++;
        }
        uint8_t r3[BIG];
        FZ_OK(canasta_game_red_threes(r3, BIG, &n, g, s));
        FZ_CHECK(n <= 8, "seat %d has %zu red threes", s, n);
        v->red3[s] = (int)n;
        for (size_t i = 0; i < n; i++) {
            FZ_CHECK(r3[i] == 13 || r3[i] == 14,
                     "seat %d: red threes list code %d", s, r3[i]);
            v->red3_cards[s][i] = r3[i];
        }
    }
    FZ_OK(canasta_game_stock_size(&v->stock_n, g));
    FZ_OK(canasta_game_pile_size(&v->pile_n, g));
    FZ_OK(canasta_game_pile(v->pile, BIG, &n, g));
    FZ_CHECK((int)n == v->pile_n, "pile size %d, pile lists %zu", v->pile_n,
             n);
    FZ_OK(canasta_game_pile_top(&v->pile_top, g));
    FZ_CHECK(v->pile_top ==
                 (v->pile_n ? v->pile[v->pile_n - 1] : CANASTA_CARD_NONE),
             "pile top %d", v->pile_top);
    FZ_OK(canasta_game_deck(v->deck, BIG, &n, g));
    v->deck_n = (int)n;
    /* a game made from a position has no deck (docs/NOTATION.md) */
    FZ_CHECK(v->deck_n == v->deck_size || (v->deck_n == 0 &&
             g->from_position), "deck lists %d cards", v->deck_n);
    FZ_CHECK(v->stock_n >= 0 && v->stock_n <= v->deck_size, "stock %d",
             v->stock_n);
    for (int side = 0; side < v->sides; side++) {
        for (int r = 3; r <= 14; r++)
            FZ_OK(canasta_game_meld(&v->mn[side][r], &v->mt[side][r],
                                    &v->mj[side][r], g, side, r));
        FZ_OK(canasta_game_opened(&v->opened[side], g, side));
        FZ_OK(canasta_game_total(&v->totals[side], g, side));
    }
    FZ_OK(canasta_game_lone_hand(&v->lone, g));
    v->merged_table = -1;
    for (int s = 0; s < v->players; s++)
        if (v->side_of[s] != s % v->sides)
            v->merged_table = v->side_of[s];
}

/* C1, X2, X3, X6: a seat's score column (its side for O1, S5, S6, R3). */
static int column_of(const view *v, int seat)
{
    return seat % v->sides;
}

static int meld_size(const view *v, int side, int r)
{
    return v->mn[side][r] + v->mt[side][r] + v->mj[side][r];
}

static int side_canastas(const view *v, int side)
{
    int k = 0;
    for (int r = 3; r <= 14; r++)
        k += meld_size(v, side, r) >= 7;
    return k;
}

/* The seat that answers seat's question: the next seat in turn order on
 * the same side (the partner opposite in the 4-player game). */
static int partner_of(const view *v, int seat)
{
    for (int i = 1; i < v->players; i++) {
        int s = (seat + i) % v->players;
        if (v->side_of[s] == v->side_of[seat])
            return s;
    }
    return -1;
}

static int over(int phase)
{
    return phase == CANASTA_PHASE_HAND_OVER ||
           phase == CANASTA_PHASE_GAME_OVER;
}

/* The class of a side's meld of rank r: fz_meld_class, except for an X3
 * merged meld holding more wild cards than M1 allows (up to cap): a mixed
 * canasta (two legal melds of two naturals each and four or more wild
 * cards between them hold at least eight cards). */
static int table_meld_class(const view *v, const int cap[CN_RANKS],
                            int side, int r)
{
    int n = v->mn[side][r], w = v->mt[side][r] + v->mj[side][r];
    if (w <= 3 || side != v->merged_table || r == 3)
        return fz_meld_class(r, n, v->mt[side][r], v->mj[side][r]);
    if (w > cap[r] || n < 2 || n + w < 7)
        return CANASTA_E_MELD;
    return CANASTA_MELD_MIXED_CANASTA;
}

/* ---------------------------------------------------------------- */
/* The watched game                                                   */
/* ---------------------------------------------------------------- */

/* One move of the current hand, as much as the G3 check needs. */
typedef struct rec {
    uint8_t kind, seat;
    uint16_t ranks_before; /* the mover's side's melds before the move */
    uint16_t ranks_laid;   /* the ranks its groups lay cards on (a take's
                            * first group: the top card's) */
} rec;

struct fz_game {
    canasta_rules *rules;
    canasta_game *game;
    canasta_game *shadow;   /* canasta_game_copy target for equality */
    int start_totals[CN_MAX_SIDES];
    int recs_complete;      /* rec[] holds every move of this hand */
    size_t nrec;
    rec rec[MAX_RECS];
    canasta_move *legal;
    size_t legal_cap, nlegal;
    int legal_fresh;        /* legal[] lists the current decision */
    /* The state before the last accepted move, for the undo check. */
    int have_before;
    cn_state before;
    uint8_t *before_hist;
    size_t before_hist_len;
    cn_state now;           /* the state before the move being applied */
    uint8_t *now_hist;
    size_t now_hist_len;
    unsigned long counter;  /* varies the explanation buffer size */
    /* Two views, too big for a fuzzer's stack: the current state (valid
     * while view_fresh) and the one before the move being applied. */
    view views[2];
    int vcur, view_fresh;
    /* While finishing a hand: the full state checks every LIGHT_EVERY
     * moves and at the end only (the moves are listed ones, whose kind
     * the input steps check in full). */
    int light, light_skipped;
    /* X3: the most wild cards each meld of a partnership's merged table
     * may hold: those it had when the partners' melds merged (the merge
     * keeps every card), never fewer than M1's three; M4: no wild card
     * joins a meld that holds three or more. */
    int wild_cap[CN_MAX_SIDES][CN_RANKS];
};

/* Byte-for-byte snapshot through lib/internal.h: independent of
 * canasta_game_equal, which is itself under test. */
static void snap_take(cn_state *st, uint8_t *hist, size_t *hist_len,
                      const canasta_game *g)
{
    memcpy(st, &g->st, sizeof *st);
    memcpy(hist, g->hist, g->hist_len);
    *hist_len = g->hist_len;
}

static int snap_same(const cn_state *st, const uint8_t *hist,
                     size_t hist_len, const canasta_game *g)
{
    return hist_len == g->hist_len &&
           memcmp(st, &g->st, sizeof *st) == 0 &&
           memcmp(hist, g->hist, hist_len) == 0;
}

/* The same game, except for event slots past the used ones, which a
 * re-deal and replay (undo) need not reproduce. */
static int snap_equal(const cn_state *st, const uint8_t *hist,
                      size_t hist_len, const canasta_game *g)
{
    return hist_len == g->hist_len && cn_state_equal(st, &g->st) &&
           memcmp(hist, g->hist, hist_len) == 0;
}

static fz_game *wrap(canasta_game *g, canasta_rules *rules)
{
    fz_game *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->game = g;
    f->rules = rules;
    f->before_hist = malloc(g->hist_cap ? g->hist_cap : 1);
    f->now_hist = malloc(g->hist_cap ? g->hist_cap : 1);
    if (!f->before_hist || !f->now_hist ||
        canasta_game_clone(&f->shadow, g) != CANASTA_OK) {
        free(f->before_hist);
        free(f->now_hist);
        free(f);
        return NULL;
    }
    return f;
}

static view *fresh_view(fz_game *f);
static void caps_reset(fz_game *f, const view *v, int from_now);

fz_game *fz_game_new(const canasta_rules *rules, uint64_t seed)
{
    canasta_rules *r = NULL;
    canasta_game *g = NULL;
    if (canasta_rules_clone(&r, rules) != CANASTA_OK)
        return NULL;
    if (canasta_game_create(&g, r, seed) != CANASTA_OK) {
        canasta_rules_free(r);
        return NULL;
    }
    fz_game *f = wrap(g, r);
    if (!f) {
        canasta_game_free(g);
        canasta_rules_free(r);
        return NULL;
    }
    f->recs_complete = 1;
    caps_reset(f, NULL, 0);
    fz_game_check(f);
    return f;
}

fz_game *fz_game_adopt(canasta_game *g)
{
    static const int keys[] = {
        CANASTA_OPT_TARGET_SCORE, CANASTA_OPT_ASK_PERMISSION,
        CANASTA_OPT_ONE_CARD_RULE, CANASTA_OPT_TIE_RULE,
        CANASTA_OPT_HAND_SIZE, CANASTA_OPT_CANASTAS_TO_GO_OUT,
        CANASTA_OPT_DRAW_COUNT, CANASTA_OPT_CONCEALED_ADDITIONS
    };
    canasta_rules *r = NULL;
    int preset = fz_preset_of(opt(g, CANASTA_OPT_PLAYERS),
                              opt(g, CANASTA_OPT_SIDES));
    if (canasta_rules_create(&r, preset) != CANASTA_OK)
        return NULL;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        FZ_OK(canasta_rules_set(r, keys[i], opt(g, keys[i])));
    fz_game *f = wrap(g, r);
    if (!f) {
        canasta_rules_free(r);
        return NULL;
    }
    for (int s = 0; s < CN_MAX_SIDES; s++)
        f->start_totals[s] = g->st.start_totals[s];
    f->recs_complete = g->hist_len == 0 && !g->from_position;
    caps_reset(f, fresh_view(f), 1);
    fz_game_check(f);
    return f;
}

void fz_game_free(fz_game *f)
{
    if (!f)
        return;
    canasta_game_free(f->game);
    canasta_game_free(f->shadow);
    canasta_rules_free(f->rules);
    free(f->legal);
    free(f->before_hist);
    free(f->now_hist);
    free(f);
}

const canasta_game *fz_game_get(const fz_game *f) { return f->game; }
const canasta_rules *fz_game_rules(const fz_game *f) { return f->rules; }
size_t fz_game_moves_in_hand(const fz_game *f) { return f->nrec; }

/* The public view of the current state, read once per state. */
static view *fresh_view(fz_game *f)
{
    view *v = &f->views[f->vcur];
    if (!f->view_fresh) {
        view_read(v, f->game);
        f->view_fresh = 1;
    }
    return v;
}

/* Keep the current view as the "before" view; the game is about to
 * change. */
static view *keep_view(fz_game *f)
{
    view *v = fresh_view(f);
    f->vcur ^= 1;
    f->view_fresh = 0;
    f->legal_fresh = 0;
    return v;
}

/* X3: the caps of wild cards (see struct fz_game): three everywhere,
 * and on a merged table what its melds hold now (from_now: the moment of
 * the merge, or a game adopted with its partnership already formed). */
static void caps_reset(fz_game *f, const view *v, int from_now)
{
    for (int side = 0; side < CN_MAX_SIDES; side++)
        for (int r = 0; r < CN_RANKS; r++) {
            int w = 3;
            if (from_now && v && side == v->merged_table && r >= 3 &&
                r <= 14 && v->mt[side][r] + v->mj[side][r] > 3)
                w = v->mt[side][r] + v->mj[side][r];
            f->wild_cap[side][r] = w;
        }
}

static void recs_reset(fz_game *f)
{
    f->nrec = 0;
    f->recs_complete = 1;
    f->have_before = 0;
}

/* ---------------------------------------------------------------- */
/* Invariants                                                         */
/* ---------------------------------------------------------------- */

/* C2 and every move: each card of the deck is in exactly one place. */
static void check_cards(const view *v, const canasta_game *g)
{
    int count[CANASTA_CARD_LIMIT] = { 0 }, total = 0;
    for (int s = 0; s < v->players; s++) {
        for (int i = 0; i < v->hand_n[s]; i++)
            count[v->hand[s][i]]++;
        total += v->hand_n[s];
        FZ_CHECK(v->hand_cnt[s][13] == 0 && v->hand_cnt[s][14] == 0,
                 "R1: seat %d holds a red three", s);
        for (int i = 0; i < v->red3[s]; i++)
            count[v->red3_cards[s][i]]++;
        total += v->red3[s];
    }
    /* The API does not list the stock.  Publicly it is what is left of
     * the deck order below the cards dealt, turned and drawn: the deck's
     * last stock_n cards; the internal array must agree.  A game made
     * from a position has no deck: then only the internal array. */
    FZ_CHECK(g->st.stock_n == v->stock_n, "stock size");
    for (int i = 0; i < v->stock_n; i++) {
        int c = g->st.stock[v->stock_n - 1 - i];
        FZ_CHECK(c >= 8 && c <= 60, "stock card code %d", c);
        count[c]++;
        if (v->deck_n)
            FZ_CHECK(c == v->deck[v->deck_n - v->stock_n + i],
                     "the stock is not the tail of the deck at %d", i);
    }
    total += v->stock_n;
    for (int i = 0; i < v->pile_n; i++)
        count[v->pile[i]]++;
    total += v->pile_n;
    for (int side = 0; side < v->sides; side++) {
        for (int r = 3; r <= 14; r++) {
            uint8_t mc[BIG];
            size_t n;
            if (meld_size(v, side, r) == 0 && r != 3 + v->hand_no % 12)
                continue; /* an empty meld: one rank a hand is enough */
            FZ_OK(canasta_game_meld_cards(mc, BIG, &n, g, side, r));
            int nat = 0, twos = 0, jokers = 0;
            for (size_t i = 0; i < n; i++) {
                int c = mc[i];
                FZ_CHECK(i == 0 || mc[i - 1] <= c, "meld cards not sorted");
                if (c == CANASTA_JOKER)
                    jokers++;
                else if (c >= 8 && c <= 11)
                    twos++;
                else if (c / 4 == r && (r != 3 || c == 12 || c == 15))
                    nat++;
                else
                    FZ_CHECK(0, "side %d meld of rank %d holds code %d",
                             side, r, c);
                count[c]++;
            }
            total += (int)n;
            FZ_CHECK(nat == v->mn[side][r] && twos == v->mt[side][r] &&
                     jokers == v->mj[side][r],
                     "side %d rank %d: meld %d/%d/%d, cards %d/%d/%d", side,
                     r, v->mn[side][r], v->mt[side][r], v->mj[side][r], nat,
                     twos, jokers);
        }
    }
    FZ_CHECK(total == v->deck_size, "cards accounted %d, deck %d", total,
             v->deck_size);
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++) {
        int want = c == CANASTA_JOKER ? v->jokers
                 : (c >= 8 && c < 60) ? v->packs : 0;
        FZ_CHECK(count[c] == want, "card %d found %d times, deck has %d", c,
                 count[c], want);
    }
}

/* M1-M6 for every meld on the table (X3: a merged meld may keep more
 * wild cards, up to its cap); O4 (opened = has a meld); S1. */
static void check_melds(const fz_game *f, const view *v,
                        const canasta_game *g)
{
    for (int side = 0; side < v->sides; side++) {
        int any = 0, nat_c = 0, mixed_c = 0;
        for (int r = 3; r <= 14; r++) {
            int n = v->mn[side][r], t = v->mt[side][r], j = v->mj[side][r];
            int want = table_meld_class(v, f->wild_cap[side], side, r);
            int cls = -1;
            FZ_CHECK(want >= 0, "side %d: illegal meld of rank %d: %d "
                     "naturals, %d twos, %d jokers (at most %d wild)", side,
                     r, n, t, j, f->wild_cap[side][r]);
            FZ_OK(canasta_meld_class(&cls, f->rules, r, n, t, j));
            FZ_CHECK(cls == want, "meld class %d, expected %d", cls, want);
            if (n + t + j)
                any = 1;
            nat_c += want == CANASTA_MELD_NATURAL_CANASTA;
            mixed_c += want == CANASTA_MELD_MIXED_CANASTA;
            if (r == 3 && n) {
                /* M6: black threes are melded only in the turn that
                 * goes out: either the hand is over and this side went
                 * out, or the player still holds the one card to discard. */
                int how, seat;
                FZ_OK(canasta_game_hand_end(&how, &seat, g));
                int gone = over(v->phase) &&
                           (how == CANASTA_END_WENT_OUT ||
                            how == CANASTA_END_CONCEALED) &&
                           seat >= 0 && v->side_of[seat] == side;
                int going = v->phase == CANASTA_PHASE_PLAY &&
                            v->side_of[v->cur] == side &&
                            v->hand_n[v->cur] == 1;
                FZ_CHECK(gone || going, "M6: side %d melded black threes "
                         "(phase %d, end %d, seat %d)", side, v->phase, how,
                         seat);
            }
        }
        FZ_CHECK(v->opened[side] == any, "side %d opened %d, has melds %d",
                 side, v->opened[side], any);
        int nc, mc;
        FZ_OK(canasta_game_canastas(&nc, &mc, g, side));
        FZ_CHECK(nc == nat_c && mc == mixed_c,
                 "side %d canastas %d+%d, expected %d+%d", side, nc, mc,
                 nat_c, mixed_c);
    }
}

/* P2, P3, C5: the pile's flags as each side sees them. */
static void check_pile(const view *v, const canasta_game *g)
{
    int wild = 0, red3 = 0, upcards = 1;
    for (int i = 0; i < v->pile_n; i++) {
        int c = v->pile[i];
        int is_wild = c == CANASTA_JOKER || c / 4 == 2;
        int is_red3 = c == 13 || c == 14;
        wild |= is_wild;
        if (is_red3)
            FZ_CHECK(upcards, "a red three at pile position %d is not an "
                     "upcard", i);
        red3 |= is_red3;
        if (!is_wild && !is_red3)
            upcards = 0;
    }
    /* C5: a wild or red-three upcard is always covered */
    if (v->pile_n) {
        int top = v->pile_top;
        FZ_CHECK(top != 13 && top != 14, "a red three on top of the pile");
    }
    for (int side = 0; side < v->sides; side++) {
        int want = 0, flags = -1;
        if (wild)
            want |= CANASTA_PILE_FROZEN_WILD;
        if (red3)
            want |= CANASTA_PILE_FROZEN_RED_THREE;
        if (!v->opened[side])
            want |= CANASTA_PILE_FROZEN_UNOPENED;
        if (v->pile_n == 0)
            want |= CANASTA_PILE_EMPTY;
        else if (v->pile_top == CANASTA_JOKER || v->pile_top / 4 == 2)
            want |= CANASTA_PILE_BLOCKED_WILD;
        else if (v->pile_top == 12 || v->pile_top == 15)
            want |= CANASTA_PILE_BLOCKED_BLACK_THREE;
        FZ_OK(canasta_game_pile_status(&flags, g, side));
        FZ_CHECK(flags == want, "side %d pile flags %d, expected %d", side,
                 flags, want);
    }
}

/* The G3 model: did seat go out concealed, by the moves of this hand? */
static int expect_concealed(const fz_game *f, const view *v, int seat)
{
    size_t t = f->nrec;
    while (t > 0) {
        t--;
        if (f->rec[t].seat == seat &&
            (f->rec[t].kind == CANASTA_MOVE_DRAW ||
             f->rec[t].kind == CANASTA_MOVE_TAKE_PILE))
            break;
    }
    for (size_t i = 0; i < t; i++)
        if (f->rec[i].seat == seat &&
            (f->rec[i].kind == CANASTA_MOVE_MELD ||
             f->rec[i].kind == CANASTA_MOVE_TAKE_PILE))
            return 0; /* melded in an earlier turn */
    /* As published (option 0), every card of the turn goes into melds the
     * seat begins in it: none onto a meld the side had when the turn
     * began. */
    if (!v->concealed_adds)
        for (size_t i = t; i < f->nrec; i++)
            if (f->rec[i].seat == seat &&
                (f->rec[i].ranks_laid & f->rec[t].ranks_before))
                return 0;
    int side = v->side_of[seat];
    for (int r = 3; r <= 14; r++)
        if (!(f->rec[t].ranks_before >> r & 1) && meld_size(v, side, r) >= 7)
            return 1;
    return 0;
}

/* E1-E3, G1-G3, S1-S6 once the hand is over. */
static void check_scores(fz_game *f, const view *v)
{
    const canasta_game *g = f->game;
    int how, seat;
    FZ_OK(canasta_game_hand_end(&how, &seat, g));
    FZ_CHECK(how >= CANASTA_END_WENT_OUT && how <= CANASTA_END_STOCK,
             "hand over, end %d", how);
    if (how == CANASTA_END_WENT_OUT || how == CANASTA_END_CONCEALED) {
        FZ_CHECK(seat >= 0 && seat < v->players, "went out, seat %d", seat);
        FZ_CHECK(v->hand_n[seat] == 0, "seat %d went out holding %d", seat,
                 v->hand_n[seat]);
        FZ_CHECK(side_canastas(v, v->side_of[seat]) >= v->need,
                 "G1: seat %d went out with %d canastas", seat,
                 side_canastas(v, v->side_of[seat]));
        if (f->recs_complete && f->nrec > 0) {
            int want = expect_concealed(f, v, seat) ? CANASTA_END_CONCEALED
                                                    : CANASTA_END_WENT_OUT;
            FZ_CHECK(how == want, "G3: end %d, expected %d", how, want);
        }
    } else {
        FZ_CHECK(seat == -1, "end %d names seat %d", how, seat);
        FZ_CHECK(v->stock_n == 0, "E1/E2: hand ended, stock %d", v->stock_n);
        for (int s = 0; s < v->players; s++)
            FZ_CHECK(v->hand_n[s] > 0, "seat %d is out but end is %d", s,
                     how);
    }
    if (f->recs_complete && f->nrec > 0) {
        const rec *last = &f->rec[f->nrec - 1];
        if (last->kind == CANASTA_MOVE_DECLINE)
            FZ_CHECK(how == CANASTA_END_STOCK, "DECLINE ended with %d", how);
        else if (last->kind == CANASTA_MOVE_DRAW)
            FZ_CHECK(how == CANASTA_END_RED_THREE, "DRAW ended with %d", how);
        else
            FZ_CHECK(seat == last->seat, "the last mover %d, out %d",
                     last->seat, seat);
    }

    int best = 0, leaders = 0, leader = -1;
    for (int col = 0; col < v->sides; col++) {
        /* E3, R3, X3: the seats whose tables and hands make the column:
         * its own seats; in X3, once a player is alone, that player alone
         * and the other two together (their merged table, or their two
         * tables when the lone hand went out before anyone took the pile,
         * the two table scores added).  Red threes: the column's own
         * seats', plus when one of its tables melded. */
        unsigned seats = 0, tables = 0;
        int red = 0, any = 0, n_tables = 0;
        for (int s = 0; s < v->players; s++) {
            int in = v->lone < 0 ? column_of(v, s) == col
                   : col == v->lone ? s == v->lone : s != v->lone;
            if (in) {
                seats |= 1u << s;
                tables |= 1u << v->side_of[s];
            }
            if (column_of(v, s) == col)
                red += v->red3[s];
        }
        for (int t = 0; t < v->sides; t++)
            n_tables += (int)(tables >> t & 1);
        int want[CANASTA_SCORE_ITEMS], got[CANASTA_SCORE_ITEMS];
        int again[CANASTA_SCORE_ITEMS];
        memset(want, 0, sizeof want);
        memset(again, 0, sizeof again);
        for (int t = 0; t < v->sides; t++) {
            int melds[4 * 12], nm = 0, hv = 0, went = CANASTA_OUT_NONE;
            uint8_t hand[BIG];
            size_t nh = 0;
            if (!(tables >> t & 1))
                continue;
            for (int r = 3; r <= 14; r++) {
                if (meld_size(v, t, r) == 0)
                    continue;
                melds[4 * nm] = r;
                melds[4 * nm + 1] = v->mn[t][r];
                melds[4 * nm + 2] = v->mt[t][r];
                melds[4 * nm + 3] = v->mj[t][r];
                nm++;
            }
            for (int s = 0; s < v->players; s++) {
                if (!(seats >> s & 1) || v->side_of[s] != t)
                    continue;
                for (int i = 0; i < v->hand_n[s]; i++) {
                    hv += fz_card_value(v->hand[s][i]);
                    hand[nh++] = v->hand[s][i];
                }
            }
            if (seat >= 0 && (seats >> seat & 1) && v->side_of[seat] == t)
                went = how == CANASTA_END_CONCEALED ? CANASTA_OUT_CONCEALED
                                                    : CANASTA_OUT_NORMAL;
            any |= nm > 0;
            int part[CANASTA_SCORE_ITEMS], part2[CANASTA_SCORE_ITEMS];
            /* canasta_score_side scores one table: with the column's red
             * threes when the column has one table, else with none (the
             * red threes are added below) */
            int red_here = n_tables == 1 ? red : 0;
            score_model(part, melds, (size_t)nm,
                        fz_red_three_bonus_for(v->preset, red_here), hv,
                        went);
            char why[256];
            int rc = canasta_score_side(part2, CANASTA_SCORE_ITEMS, why,
                                        sizeof why, f->rules, melds,
                                        (size_t)nm, red_here, hand, nh,
                                        went);
            FZ_CHECK(rc == CANASTA_OK, "canasta_score_side refused a real "
                     "table (side %d): %s (%s)", t, canasta_error_name(rc),
                     why);
            for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
                want[i] += part[i];
                again[i] += part2[i];
            }
        }
        if (n_tables != 1) {
            int bonus = fz_red_three_bonus_for(v->preset, red);
            want[CANASTA_SCORE_RED_THREES] = any ? bonus : -bonus;
            again[CANASTA_SCORE_RED_THREES] = want[CANASTA_SCORE_RED_THREES];
            want[CANASTA_SCORE_TOTAL] = again[CANASTA_SCORE_TOTAL] = 0;
            for (int i = 0; i < CANASTA_SCORE_TOTAL; i++) {
                want[CANASTA_SCORE_TOTAL] += want[i];
                again[CANASTA_SCORE_TOTAL] += again[i];
            }
        }
        FZ_OK(canasta_game_hand_score(got, CANASTA_SCORE_ITEMS, g, col));
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
            FZ_CHECK(got[i] == want[i], "side %d score item %d: game %d, "
                     "expected %d (lone hand %d)", col, i, got[i], want[i],
                     v->lone);
            FZ_CHECK(again[i] == want[i], "side %d score item %d: "
                     "canasta_score_side %d, expected %d", col, i, again[i],
                     want[i]);
        }
        int total = f->start_totals[col] + want[CANASTA_SCORE_TOTAL];
        FZ_CHECK(v->totals[col] == total, "S5: side %d total %d, "
                 "expected %d", col, v->totals[col], total);
        if (col == 0 || total > best) {
            best = total;
            leaders = 1;
            leader = col;
        } else if (total == best) {
            leaders++;
        }
    }
    /* S6 */
    int want_phase = CANASTA_PHASE_HAND_OVER, want_winner = -2;
    if (best >= v->target) {
        if (leaders == 1) {
            want_phase = CANASTA_PHASE_GAME_OVER;
            want_winner = leader;
        } else if (v->tie == CANASTA_TIE_DECLARE) {
            want_phase = CANASTA_PHASE_GAME_OVER;
            want_winner = -1;
        }
    }
    FZ_CHECK(v->phase == want_phase, "S6: phase %d, expected %d (best %d, "
             "leaders %d, target %d)", v->phase, want_phase, best, leaders,
             v->target);
    int winner = -3;
    int rc = canasta_game_winner(&winner, g);
    if (want_phase == CANASTA_PHASE_GAME_OVER)
        FZ_CHECK(rc == CANASTA_OK && winner == want_winner,
                 "S6: winner %d (rc %d), expected %d", winner, rc,
                 want_winner);
    else
        FZ_CHECK(rc == CANASTA_E_PHASE, "winner while the game goes on");
    if (v->phase == CANASTA_PHASE_HAND_OVER)
        FZ_CHECK(v->cur == (v->dealer + 1) % v->players,
                 "hand over: seat %d decides, dealer %d", v->cur, v->dealer);
}

/* C1, X6: each seat plays on its column's table; X3: nobody is alone, or
 * the lone hand plays on its own table and, once it took the pile, the
 * other two on the lower one's table, the higher one's left empty and
 * unopened (with the hand over, a lone hand that went out first left
 * every table apart). */
static void check_tables(const view *v)
{
    FZ_CHECK(v->lone >= -1 && v->lone < v->players, "lone hand %d",
             v->lone);
    if (!v->lone_opt) {
        FZ_CHECK(v->lone == -1, "lone hand %d without the X3 option",
                 v->lone);
        FZ_CHECK(v->merged_table == -1, "a seat left its side's table");
        return;
    }
    if (v->lone < 0) {
        FZ_CHECK(v->merged_table == -1, "X3: partners without a lone hand");
        return;
    }
    FZ_CHECK(v->merged_table >= 0 || over(v->phase), "X3: lone hand %d "
             "while the hand goes on, but no partnership", v->lone);
    if (v->merged_table < 0)
        return;
    int a = -1, b = -1;
    for (int s = 0; s < v->players; s++)
        if (s != v->lone) {
            if (a < 0)
                a = s;
            else
                b = s;
        }
    FZ_CHECK(v->side_of[v->lone] == column_of(v, v->lone) &&
             v->side_of[a] == column_of(v, a) && v->side_of[b] == a,
             "X3: lone hand %d, tables %d %d %d", v->lone, v->side_of[0],
             v->side_of[1], v->side_of[2]);
    for (int r = 3; r <= 14; r++)
        FZ_CHECK(meld_size(v, b, r) == 0, "X3: side %d keeps a meld after "
                 "its player joined side %d", b, a);
    FZ_CHECK(!v->opened[b], "X3: the left table %d counts as opened", b);
}

/* The checks of fz_game_check on the view of the current state. */
static void check_state(fz_game *f)
{
    view *v = fresh_view(f);
    const canasta_game *g = f->game;
    if (f->light && !over(v->phase) && ++f->light_skipped < LIGHT_EVERY)
        return;
    f->light_skipped = 0;
    check_cards(v, g);
    check_melds(f, v, g);
    check_pile(v, g);
    check_tables(v);

    for (int side = 0; side < v->sides; side++) {
        int m = -1, rm = -1;
        FZ_OK(canasta_game_opening_minimum(&m, g, side));
        FZ_CHECK(m == fz_opening_minimum_for(v->preset,
                                             f->start_totals[side]),
                 "O1: side %d minimum %d with %d before the hand", side, m,
                 f->start_totals[side]);
        FZ_OK(canasta_rules_opening_minimum(&rm, f->rules,
                                            f->start_totals[side]));
        FZ_CHECK(rm == m, "O1: rules say %d, game %d", rm, m);
    }
    if (over(v->phase)) {
        check_scores(f, v);
    } else {
        for (int side = 0; side < v->sides; side++)
            FZ_CHECK(v->totals[side] == f->start_totals[side],
                     "S5: side %d total %d during a hand that began at %d",
                     side, v->totals[side], f->start_totals[side]);
        for (int s = 0; s < v->players; s++)
            FZ_CHECK(v->hand_n[s] > 0, "seat %d has no cards while the hand "
                     "goes on", s);
        if (v->phase == CANASTA_PHASE_DRAW)
            FZ_CHECK(v->permission == CANASTA_PERMISSION_NONE,
                     "permission %d before the draw", v->permission);
        else if (v->phase == CANASTA_PHASE_ANSWER)
            FZ_CHECK(v->permission == CANASTA_PERMISSION_ASKED,
                     "answer phase, permission %d", v->permission);
        else
            FZ_CHECK(v->permission != CANASTA_PERMISSION_ASKED,
                     "play phase, permission asked");
    }
    size_t n;
    fz_game_legal(f, &n);
}

void fz_game_check(fz_game *f)
{
    /* the caller may have changed the game behind our back */
    f->view_fresh = 0;
    f->legal_fresh = 0;
    check_state(f);
}

/* ---------------------------------------------------------------- */
/* Legal moves                                                        */
/* ---------------------------------------------------------------- */

/* A move in a form where equal moves are equal bytes: the fields that
 * matter for its kind, each group's cards sorted. */
#define KEY_SIZE (4 + CANASTA_MOVE_MAX_GROUPS * (2 + CANASTA_GROUP_MAX_CARDS))
typedef struct move_key { uint8_t b[KEY_SIZE]; } move_key;

static void move_key_of(move_key *k, const canasta_move *m)
{
    memset(k, 0, sizeof *k);
    k->b[0] = m->kind;
    k->b[1] = m->seat;
    k->b[2] = m->kind == CANASTA_MOVE_DISCARD ? m->card : 0;
    if (m->kind != CANASTA_MOVE_MELD && m->kind != CANASTA_MOVE_TAKE_PILE)
        return;
    k->b[3] = m->ngroups;
    uint8_t *p = k->b + 4;
    for (int g = 0; g < m->ngroups; g++) {
        const canasta_group *gr = &m->groups[g];
        *p++ = gr->rank;
        *p++ = gr->count;
        uint8_t c[CANASTA_GROUP_MAX_CARDS];
        memcpy(c, gr->cards, gr->count);
        for (int i = 1; i < gr->count; i++) /* insertion sort */
            for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
                uint8_t t = c[j];
                c[j] = c[j - 1];
                c[j - 1] = t;
            }
        memcpy(p, c, gr->count);
        p += CANASTA_GROUP_MAX_CARDS;
    }
}

static const move_key *sort_keys; /* qsort has no context argument */

static int cmp_key_index(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    return memcmp(sort_keys[i].b, sort_keys[j].b, KEY_SIZE);
}

/* Canonical form: no move is listed twice.  Sorted by key, equal moves
 * are neighbours; canasta_move_equal must agree with the keys there. */
static void check_distinct(fz_game *f, size_t n)
{
    if (n < 2)
        return;
    move_key *keys = malloc(n * sizeof *keys);
    size_t *idx = malloc(n * sizeof *idx);
    FZ_CHECK(keys && idx, "out of memory");
    for (size_t i = 0; i < n; i++) {
        move_key_of(&keys[i], &f->legal[i]);
        idx[i] = i;
    }
    sort_keys = keys;
    qsort(idx, n, sizeof *idx, cmp_key_index);
    for (size_t i = 0; i + 1 < n; i++) {
        size_t a = idx[i], b = idx[i + 1];
        int same = memcmp(keys[a].b, keys[b].b, KEY_SIZE) == 0, eq = -1;
        FZ_OK(canasta_move_equal(&eq, &f->legal[a], &f->legal[b]));
        FZ_CHECK(eq == same, "canasta_move_equal says %d for moves %zu and "
                 "%zu, expected %d", eq, a, b, same);
        FZ_CHECK(!same, "moves %zu and %zu are the same move", a, b);
    }
    free(keys);
    free(idx);
}

const canasta_move *fz_game_legal(fz_game *f, size_t *count)
{
    const canasta_game *g = f->game;
    size_t n = 0;
    if (f->legal_fresh) {
        *count = f->nlegal;
        return f->legal;
    }
    int rc = canasta_legal_moves(f->legal, f->legal_cap, &n, g);
    if (rc == CANASTA_E_BUFFER) {
        free(f->legal);
        f->legal_cap = n + 16;
        f->legal = malloc(f->legal_cap * sizeof *f->legal);
        FZ_CHECK(f->legal != NULL, "out of memory");
        rc = canasta_legal_moves(f->legal, f->legal_cap, &n, g);
    }
    FZ_CHECK(rc == CANASTA_OK, "canasta_legal_moves: %s",
             canasta_error_name(rc));
    f->nlegal = n;
    int phase, cur;
    FZ_OK(canasta_game_phase(&phase, g));
    FZ_OK(canasta_game_current_seat(&cur, g));
    FZ_CHECK((phase == CANASTA_PHASE_GAME_OVER) == (n == 0),
             "phase %d with %zu legal moves", phase, n);
    if (f->light && f->light_skipped != 0) {
        /* between full checks: the list only (see fz_game_finish_hand) */
        *count = n;
        f->legal_fresh = 1;
        return f->legal;
    }
    for (size_t i = 0; i < n; i++) {
        const canasta_move *m = &f->legal[i];
        char why[256];
        int vr = canasta_validate(why, sizeof why, g, m);
        FZ_CHECK(vr == CANASTA_OK, "listed move %zu (kind %d) is refused: "
                 "%s: %s", i, m->kind, canasta_error_name(vr), why);
        FZ_CHECK(m->seat == cur, "listed move for seat %d, seat %d decides",
                 m->seat, cur);
        int k = m->kind;
        switch (phase) {
        case CANASTA_PHASE_DRAW:
            FZ_CHECK(k == CANASTA_MOVE_DRAW || k == CANASTA_MOVE_TAKE_PILE ||
                     k == CANASTA_MOVE_DECLINE, "kind %d in draw phase", k);
            break;
        case CANASTA_PHASE_PLAY:
            FZ_CHECK(k == CANASTA_MOVE_MELD || k == CANASTA_MOVE_ASK ||
                     k == CANASTA_MOVE_DISCARD, "kind %d in play phase", k);
            break;
        case CANASTA_PHASE_ANSWER:
            FZ_CHECK(k == CANASTA_MOVE_ANSWER_YES ||
                     k == CANASTA_MOVE_ANSWER_NO, "kind %d answering", k);
            break;
        default:
            FZ_CHECK(k == CANASTA_MOVE_NEXT_HAND, "kind %d after the hand",
                     k);
        }
    }
    check_distinct(f, n);
    *count = n;
    f->legal_fresh = 1;
    return f->legal;
}

/* ---------------------------------------------------------------- */
/* Moves                                                              */
/* ---------------------------------------------------------------- */

static int has_rule_id(const char *s)
{
    /* "P4: ...": a capital letter, digits, a colon */
    if (!(s[0] >= 'A' && s[0] <= 'Z') || !(s[1] >= '0' && s[1] <= '9'))
        return 0;
    size_t i = 2;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    return s[i] == ':';
}

static int known_error(int rc)
{
    return rc < 0 && strcmp(canasta_error_name(rc), "UNKNOWN") != 0 &&
           strcmp(canasta_strerror(rc), "unknown error") != 0;
}

/* The groups' cards tallied: value laid, naturals of groups[0]'s rank. */
typedef struct tally {
    int value, cards, nat0, black3_group;
} tally;

static void tally_groups(tally *t, const canasta_move *m)
{
    memset(t, 0, sizeof *t);
    int ng = m->ngroups <= CANASTA_MOVE_MAX_GROUPS ? m->ngroups : 0;
    for (int gi = 0; gi < ng; gi++) {
        const canasta_group *gr = &m->groups[gi];
        int cnt = gr->count <= CANASTA_GROUP_MAX_CARDS ? gr->count : 0;
        if (gr->rank == 3)
            t->black3_group = 1;
        for (int i = 0; i < cnt; i++) {
            int c = gr->cards[i];
            t->value += fz_card_value(c) > 0 ? fz_card_value(c) : 0;
            t->cards++;
            if (gi == 0 && c / 4 == gr->rank && c != CANASTA_JOKER &&
                c / 4 != 2)
                t->nat0++;
        }
    }
}

static uint16_t side_ranks(const view *v, int side)
{
    uint16_t mask = 0;
    for (int r = 3; r <= 14; r++)
        if (meld_size(v, side, r))
            mask |= (uint16_t)(1u << r);
    return mask;
}

/* X3 across an accepted move: the first player to take the pile becomes
 * the lone hand and the other two partners, their melds added rank by
 * rank on the lower one's table (opened if either was); a player who goes
 * out before anyone took the pile becomes the lone hand, the tables left
 * apart; otherwise nothing changes within a hand.  Other presets: never
 * a lone hand. */
static void check_lone_hand(const view *pre, const view *v,
                            const canasta_move *m, int out)
{
    int seat = m->seat;
    if (m->kind == CANASTA_MOVE_NEXT_HAND)
        return; /* checked with the deal */
    if (!pre->lone_opt || pre->lone >= 0) {
        FZ_CHECK(v->lone == pre->lone && v->merged_table == pre->merged_table,
                 "X3: lone hand %d (table %d) became %d (table %d)",
                 pre->lone, pre->merged_table, v->lone, v->merged_table);
        return;
    }
    if (m->kind == CANASTA_MOVE_TAKE_PILE) {
        int a = -1, b = -1;
        for (int s = 0; s < v->players; s++)
            if (s != seat) {
                if (a < 0)
                    a = s;
                else
                    b = s;
            }
        FZ_CHECK(v->lone == seat && v->merged_table == a, "X3: seat %d "
                 "took the pile first: lone hand %d, partners' table %d",
                 seat, v->lone, v->merged_table);
        for (int r = 3; r <= 14; r++)
            FZ_CHECK(v->mn[a][r] == pre->mn[a][r] + pre->mn[b][r] &&
                     v->mt[a][r] == pre->mt[a][r] + pre->mt[b][r] &&
                     v->mj[a][r] == pre->mj[a][r] + pre->mj[b][r],
                     "X3: the merged meld of rank %d is %d/%d/%d", r,
                     v->mn[a][r], v->mt[a][r], v->mj[a][r]);
        FZ_CHECK(v->opened[a] == (pre->opened[a] || pre->opened[b]),
                 "X3: merged table opened %d", v->opened[a]);
        return;
    }
    if (out) {
        FZ_CHECK(v->lone == seat && v->merged_table == -1, "X3: seat %d went "
                 "out first: lone hand %d, table %d", seat, v->lone,
                 v->merged_table);
        return;
    }
    FZ_CHECK(v->lone == -1 && v->merged_table == -1, "X3: lone hand %d "
             "after a move of kind %d", v->lone, m->kind);
}

/* What an accepted move must have respected (T, P, O, G, E rules), with
 * pre the view before it and v the view after. */
static void check_accepted(fz_game *f, const view *pre, const view *v,
                           const canasta_move *m)
{
    int seat = m->seat, side = pre->side_of[seat];
    int ended = over(v->phase) && !over(pre->phase);
    int out = ended && v->hand_n[seat] == 0;
    /* O1, X3: the player's own column's minimum */
    int minimum = fz_opening_minimum_for(
        pre->preset, f->start_totals[column_of(pre, seat)]);
    tally t;
    FZ_CHECK(seat == pre->cur, "seat %d moved, seat %d decided", seat,
             pre->cur);
    check_lone_hand(pre, v, m, out);
    FZ_CHECK(pre->phase != CANASTA_PHASE_GAME_OVER, "a move after the game");
    if (out) {
        FZ_CHECK(side_canastas(v, side) >= v->need, "G1: out without the "
                 "canastas");
        FZ_CHECK(pre->permission != CANASTA_PERMISSION_NO,
                 "G4: out after a no");
    }
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        FZ_CHECK(pre->phase == CANASTA_PHASE_DRAW && pre->stock_n > 0,
                 "T1: draw in phase %d, stock %d", pre->phase, pre->stock_n);
        FZ_CHECK(v->stock_n < pre->stock_n, "T1: the stock did not shrink");
        {
            /* T1, X2: draw-count cards, each red three laid out and
             * replaced (R1); with fewer left the last card counts as the
             * full draw; E2: a red three drawn last ends the hand */
            int kept = v->hand_n[seat] - pre->hand_n[seat];
            int reds = v->red3[seat] - pre->red3[seat];
            FZ_CHECK(reds >= 0 && kept >= 0 && kept <= pre->draw_count &&
                     kept + reds == pre->stock_n - v->stock_n,
                     "R1: drew %d cards and %d red threes from %d to %d",
                     kept, reds, pre->stock_n, v->stock_n);
            if (!ended)
                FZ_CHECK(kept >= 1 && (kept == pre->draw_count ||
                                       v->stock_n == 0),
                         "T1: drew %d of %d with %d left", kept,
                         pre->draw_count, v->stock_n);
            else
                FZ_CHECK(kept < pre->draw_count, "E2: drew %d of %d",
                         kept, pre->draw_count);
        }
        if (!ended)
            FZ_CHECK(v->phase == CANASTA_PHASE_PLAY && v->cur == seat,
                     "after a draw: phase %d seat %d", v->phase, v->cur);
        else
            FZ_CHECK(v->stock_n == 0, "E2: a draw ended the hand with a "
                     "stock");
        break;
    case CANASTA_MOVE_TAKE_PILE: {
        int top = pre->pile_top, r = top / 4;
        FZ_CHECK(pre->phase == CANASTA_PHASE_DRAW, "P: take in phase %d",
                 pre->phase);
        FZ_CHECK(pre->pile_n > 0, "P1: took an empty pile");
        FZ_CHECK(top != CANASTA_JOKER && r != 2 && top != 12 && top != 15,
                 "P2: took a pile with %d on top", top);
        FZ_CHECK(m->ngroups >= 1 && m->groups[0].rank == r,
                 "P1: the first group is not the top card's meld");
        FZ_CHECK(!(pre->one_card && pre->hand_n[seat] == 1 &&
                   pre->pile_n == 1), "P6: one card took a one-card pile");
        int frozen = !pre->opened[side];
        for (int i = 0; i < pre->pile_n; i++) {
            int c = pre->pile[i];
            frozen |= c == CANASTA_JOKER || c / 4 == 2 || c == 13 || c == 14;
        }
        tally_groups(&t, m);
        if (frozen)
            FZ_CHECK(t.nat0 >= 2, "P4: frozen pile taken with %d naturals",
                     t.nat0);
        if (!pre->opened[side])
            FZ_CHECK(t.value + fz_card_value(top) >= minimum,
                     "O3: opened with %d", t.value + fz_card_value(top));
        FZ_CHECK(v->pile_n == 0, "P1: the pile was not all taken");
        FZ_CHECK(v->opened[side], "O4: a take did not open the side");
        if (!ended)
            FZ_CHECK(v->phase == CANASTA_PHASE_PLAY && v->cur == seat,
                     "after a take: phase %d seat %d", v->phase, v->cur);
        break;
    }
    case CANASTA_MOVE_MELD:
        FZ_CHECK(pre->phase == CANASTA_PHASE_PLAY, "M: meld in phase %d",
                 pre->phase);
        tally_groups(&t, m);
        FZ_CHECK(t.cards > 0 && v->hand_n[seat] == pre->hand_n[seat] -
                 t.cards, "a meld of %d cards left %d of %d", t.cards,
                 v->hand_n[seat], pre->hand_n[seat]);
        if (t.black3_group)
            FZ_CHECK(v->hand_n[seat] <= 1, "M6: black threes melded, %d "
                     "cards left", v->hand_n[seat]);
        if (!pre->opened[side] && t.value < minimum)
            FZ_CHECK(v->hand_n[seat] <= 1, "O2: opened with %d and kept %d "
                     "cards (no G3 waiver)", t.value, v->hand_n[seat]);
        if (pre->permission == CANASTA_PERMISSION_NO)
            FZ_CHECK(v->hand_n[seat] >= 2, "G4: after a no, %d cards left",
                     v->hand_n[seat]);
        if (!ended)
            FZ_CHECK(v->phase == CANASTA_PHASE_PLAY && v->cur == seat,
                     "after a meld: phase %d seat %d", v->phase, v->cur);
        break;
    case CANASTA_MOVE_DISCARD:
        FZ_CHECK(pre->phase == CANASTA_PHASE_PLAY, "T1: discard in phase %d",
                 pre->phase);
        FZ_CHECK(m->card >= 8 && m->card <= 60 && m->card != 13 &&
                 m->card != 14 && pre->hand_cnt[seat][m->card] > 0,
                 "T2: discarded %d", m->card);
        FZ_CHECK(v->pile_n == pre->pile_n + 1 && v->pile_top == m->card,
                 "T1: the discard is not on the pile");
        if (pre->permission == CANASTA_PERMISSION_YES)
            FZ_CHECK(out, "G4: after a yes the discard did not go out");
        if (!ended)
            FZ_CHECK(v->phase == CANASTA_PHASE_DRAW &&
                     v->cur == (seat + 1) % v->players,
                     "after a discard: phase %d seat %d", v->phase, v->cur);
        else
            FZ_CHECK(out, "a discard ended the hand without going out");
        break;
    case CANASTA_MOVE_ASK:
        FZ_CHECK(pre->phase == CANASTA_PHASE_PLAY && pre->ask &&
                 pre->permission == CANASTA_PERMISSION_NONE &&
                 pre->hand_n[seat] >= 2, "G4: asked (phase %d, option %d, "
                 "permission %d, %d cards)", pre->phase, pre->ask,
                 pre->permission, pre->hand_n[seat]);
        FZ_CHECK(partner_of(pre, seat) >= 0, "G4, X2, X3: seat %d asked "
                 "with nobody to ask", seat);
        FZ_CHECK(v->phase == CANASTA_PHASE_ANSWER &&
                 v->cur == partner_of(pre, seat),
                 "after asking: phase %d seat %d", v->phase, v->cur);
        break;
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO:
        FZ_CHECK(pre->phase == CANASTA_PHASE_ANSWER, "G4: answer in phase "
                 "%d", pre->phase);
        FZ_CHECK(v->phase == CANASTA_PHASE_PLAY &&
                 partner_of(v, v->cur) == seat &&
                 v->permission == (m->kind == CANASTA_MOVE_ANSWER_YES
                                       ? CANASTA_PERMISSION_YES
                                       : CANASTA_PERMISSION_NO),
                 "after answering: phase %d seat %d permission %d", v->phase,
                 v->cur, v->permission);
        break;
    case CANASTA_MOVE_DECLINE:
        FZ_CHECK(pre->phase == CANASTA_PHASE_DRAW && pre->stock_n == 0,
                 "E1: declined with stock %d", pre->stock_n);
        FZ_CHECK(ended, "E1: declining did not end the hand");
        break;
    case CANASTA_MOVE_NEXT_HAND:
        FZ_CHECK(pre->phase == CANASTA_PHASE_HAND_OVER, "C3: next hand in "
                 "phase %d", pre->phase);
        FZ_CHECK(v->hand_no == pre->hand_no + 1 &&
                 v->dealer == (pre->dealer + 1) % v->players,
                 "C3: hand %d dealer %d after hand %d dealer %d", v->hand_no,
                 v->dealer, pre->hand_no, pre->dealer);
        FZ_CHECK(v->phase == CANASTA_PHASE_DRAW &&
                 v->cur == (v->dealer + 1) % v->players,
                 "C3: phase %d seat %d after the deal", v->phase, v->cur);
        for (int s = 0; s < v->players; s++)
            FZ_CHECK(v->hand_n[s] == v->hand_size, "C4: seat %d dealt %d",
                     s, v->hand_n[s]);
        FZ_CHECK(v->lone == -1 && v->merged_table == -1, "X3: a new hand "
                 "starts with lone hand %d", v->lone);
        break;
    default:
        FZ_CHECK(0, "unknown kind %d was accepted", m->kind);
    }
}

/* The events of an accepted move (canasta.h, "Events"), against what the
 * views before and after it show. */
static void check_events(const fz_game *f, const canasta_game *g,
                         const view *pre, const view *v,
                         const canasta_move *m)
{
    size_t n = 0;
    int seat = m->seat;
    int ended = over(v->phase) && !over(pre->phase);
    int n_end = 0, n_over = 0, n_score[CN_MAX_SIDES] = { 0 }, n_pick = 0;
    int n_draw = 0, n_lone = 0, canasta_ev[CN_MAX_SIDES][CN_RANKS];
    /* X3: the move formed the partnership (the partners' melds merged
     * onto merged_table from the other partner's table) */
    int merged = pre->merged_table < 0 && v->merged_table >= 0;
    int from = -1;
    memset(canasta_ev, 0, sizeof canasta_ev);
    if (merged)
        for (int s = 0; s < v->players; s++)
            if (s != v->lone && s != v->merged_table)
                from = s;
    FZ_OK(canasta_game_event_count(&n, g));
    for (size_t i = 0; i < n; i++) {
        int kind, es, eside, value, detail;
        uint8_t cards[BIG];
        size_t nc = 0;
        FZ_OK(canasta_game_event(&kind, &es, &eside, &value, &detail, cards,
                                 BIG, &nc, g, i));
        FZ_CHECK(kind >= CANASTA_EVENT_DEAL &&
                 kind <= CANASTA_EVENT_LONE_HAND, "event %zu of kind %d", i,
                 kind);
        for (size_t k = 0; k < nc; k++)
            FZ_CHECK(cards[k] >= 8 && cards[k] <= 60, "event %zu card %d", i,
                     cards[k]);
        switch (kind) {
        case CANASTA_EVENT_HAND_END: {
            int how, hs;
            FZ_OK(canasta_game_hand_end(&how, &hs, g));
            FZ_CHECK(value == how && es == hs, "HAND_END %d seat %d, the game "
                     "says %d seat %d", value, es, how, hs);
            n_end++;
            break;
        }
        case CANASTA_EVENT_SCORE: {
            int items[CANASTA_SCORE_ITEMS];
            FZ_CHECK(eside >= 0 && eside < v->sides, "SCORE side %d", eside);
            FZ_OK(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g,
                                          eside));
            FZ_CHECK(value == items[CANASTA_SCORE_TOTAL] &&
                     detail == v->totals[eside], "SCORE side %d: %d / %d, "
                     "the game says %d / %d", eside, value, detail,
                     items[CANASTA_SCORE_TOTAL], v->totals[eside]);
            n_score[eside]++;
            break;
        }
        case CANASTA_EVENT_GAME_OVER: {
            int w = -2;
            FZ_OK(canasta_game_winner(&w, g));
            FZ_CHECK(eside == w, "GAME_OVER side %d, winner %d", eside, w);
            n_over++;
            break;
        }
        case CANASTA_EVENT_CANASTA:
            FZ_CHECK(eside >= 0 && eside < v->sides && value >= 3 &&
                     value <= 14 &&
                     detail == table_meld_class(v, f->wild_cap[eside], eside,
                                                value),
                     "CANASTA side %d rank %d class %d", eside, value,
                     detail);
            canasta_ev[eside][value]++;
            break;
        case CANASTA_EVENT_LONE_HAND:
            /* X3: the lone hand; side: the partners' merged table, or -1
             * when it went out before anyone took the pile */
            FZ_CHECK(pre->lone_opt && pre->lone < 0 && es == v->lone &&
                     es == seat && eside == v->merged_table,
                     "LONE_HAND seat %d side %d; lone hand %d, table %d",
                     es, eside, v->lone, v->merged_table);
            n_lone++;
            break;
        case CANASTA_EVENT_PICK_UP:
            FZ_CHECK(es == seat && (int)nc == pre->pile_n &&
                     memcmp(cards, pre->pile, nc) == 0,
                     "PICK_UP of %zu cards by seat %d", nc, es);
            n_pick++;
            break;
        case CANASTA_EVENT_DRAW:
            FZ_CHECK(es == seat, "DRAW by seat %d, seat %d moved", es, seat);
            for (size_t k = 0; k < nc; k++)
                FZ_CHECK(v->hand_cnt[seat][cards[k]] > 0, "DRAW of %d, not "
                         "in the hand", cards[k]);
            n_draw++;
            break;
        default:
            break;
        }
    }
    if (m->kind == CANASTA_MOVE_NEXT_HAND) {
        int kind, es, value;
        FZ_CHECK(n > 0, "NEXT_HAND without events");
        FZ_OK(canasta_game_event(&kind, &es, NULL, &value, NULL, NULL, 0,
                                 NULL, g, 0));
        FZ_CHECK(kind == CANASTA_EVENT_DEAL && es == v->dealer &&
                 value == v->hand_no, "the first event of a deal: kind %d "
                 "seat %d value %d", kind, es, value);
        return;
    }
    FZ_CHECK(n_end == ended && n_over == (ended && v->phase ==
             CANASTA_PHASE_GAME_OVER), "%d HAND_END and %d GAME_OVER events "
             "(hand ended %d)", n_end, n_over, ended);
    for (int sd = 0; sd < v->sides; sd++)
        FZ_CHECK(n_score[sd] == ended, "%d SCORE events for side %d",
                 n_score[sd], sd);
    /* M5: one CANASTA event for each meld that became a canasta; a merged
     * meld became one only if neither partner's meld was one before. */
    for (int sd = 0; sd < v->sides; sd++)
        for (int r = 3; r <= 14; r++) {
            int was = meld_size(pre, sd, r) >= 7;
            if (merged && sd == v->merged_table)
                was |= meld_size(pre, from, r) >= 7;
            FZ_CHECK(canasta_ev[sd][r] == (!was && meld_size(v, sd, r) >= 7),
                     "%d CANASTA events for side %d rank %d",
                     canasta_ev[sd][r], sd, r);
        }
    FZ_CHECK(n_lone == (v->lone >= 0 && pre->lone < 0), "%d LONE_HAND "
             "events (lone hand %d, was %d)", n_lone, v->lone, pre->lone);
    FZ_CHECK(n_pick == (m->kind == CANASTA_MOVE_TAKE_PILE), "%d PICK_UP "
             "events", n_pick);
    if (m->kind == CANASTA_MOVE_DRAW)
        FZ_CHECK(n_draw == 1, "%d DRAW events for a draw", n_draw);
}

static int discard_class(int card)
{
    return card == CANASTA_JOKER ? 15 : (card / 4) & 15;
}

/* An accepted move's kind must be on the legal list from before the move
 * (the list is canonical, so only kinds and discard classes can be
 * compared).  The one gap docs/API.md and the engine notes admit: an
 * unopened side taking the pile whose opening needs black threes and goes
 * out in the same move. */
static void check_listed(const view *pre, const view *v,
                         const canasta_move *m, unsigned kinds,
                         uint32_t discards)
{
    int k = m->kind;
    if (k == CANASTA_MOVE_TAKE_PILE && !(kinds >> k & 1)) {
        int black3 = 0;
        for (int g = 0; g < m->ngroups; g++)
            black3 |= m->groups[g].rank == 3;
        if (black3 && !pre->opened[pre->side_of[m->seat]] &&
            v->hand_n[m->seat] == 0 && over(v->phase))
            return; /* the admitted gap */
    }
    FZ_CHECK(kinds >> k & 1, "an accepted move of kind %d was not offered "
             "by canasta_legal_moves (kinds offered: %#x)", k, kinds);
    if (k == CANASTA_MOVE_DISCARD)
        FZ_CHECK(discards >> discard_class(m->card) & 1, "the discard of "
                 "%d was accepted but no discard of its rank was listed",
                 m->card);
}

int fz_game_apply(fz_game *f, const canasta_move *move)
{
    canasta_game *g = f->game;
    /* A private heap copy of exactly one move: ASan then reports any
     * read past its end (a group index or count trusted too far). */
    canasta_move *m = malloc(sizeof *m);
    FZ_CHECK(m != NULL, "out of memory");
    memcpy(m, move, sizeof *m);
    /* What the legal list offers before the move: kinds, and discards by
     * class (rank; the twos one class, the jokers another). */
    unsigned listed_kinds = 0;
    uint32_t listed_discards = 0;
    size_t nl;
    const canasta_move *lm = fz_game_legal(f, &nl);
    for (size_t i = 0; i < nl; i++) {
        listed_kinds |= 1u << (lm[i].kind & 31);
        if (lm[i].kind == CANASTA_MOVE_DISCARD)
            listed_discards |= 1u << discard_class(lm[i].card);
    }
    int legal_was = f->legal_fresh;
    view *pre = keep_view(f);
    cn_state *st0 = &f->now;
    uint8_t *hist0 = f->now_hist;
    size_t hist0_len;
    snap_take(st0, hist0, &hist0_len, g);
    FZ_OK(canasta_game_copy(f->shadow, g));

    /* validate with an explanation buffer of varying size, allocated to
     * the byte, then apply with a large one: same verdict, and the short
     * explanation is the long one cut to fit. */
    size_t ws = (size_t)(f->counter++ * 7919u % 97u);
    char *small = malloc(ws ? ws : 1);
    FZ_CHECK(small != NULL, "out of memory");
    if (!ws)
        small[0] = 'x';
    char big[512];
    int vr = canasta_validate(small, ws, g, m);
    FZ_CHECK(snap_same(st0, hist0, hist0_len, g), "canasta_validate "
             "changed the game");
    int rc = canasta_apply(big, sizeof big, g, m);
    FZ_CHECK(rc == vr, "validate said %s, apply %s (%s)",
             canasta_error_name(vr), canasta_error_name(rc), big);
    if (ws) {
        FZ_CHECK(memchr(small, '\0', ws) != NULL, "explanation not "
                 "terminated within %zu bytes", ws);
        size_t want = strlen(big) < ws - 1 ? strlen(big) : ws - 1;
        FZ_CHECK(strlen(small) == want && memcmp(small, big, want) == 0,
                 "explanation \"%s\" in %zu bytes, \"%s\" in %zu", small, ws,
                 big, sizeof big);
    } else {
        FZ_CHECK(small[0] == 'x', "wrote to a zero-size buffer");
    }
    free(small);

    if (rc != CANASTA_OK) {
        int eq = 0;
        FZ_CHECK(known_error(rc), "unknown status %d", rc);
        FZ_CHECK(rc != CANASTA_E_NOMEM, "E_NOMEM: %s", big);
        FZ_CHECK(snap_same(st0, hist0, hist0_len, g), "A3: rejected move "
                 "(%s) changed the game", canasta_error_name(rc));
        /* the same bytes: the view and the legal moves still hold */
        f->vcur ^= 1;
        f->view_fresh = 1;
        f->legal_fresh = legal_was;
        FZ_OK(canasta_game_equal(&eq, f->shadow, g));
        FZ_CHECK(eq, "A3: rejected move: canasta_game_equal says changed");
        FZ_CHECK(big[0] != '\0', "%s without an explanation",
                 canasta_error_name(rc));
        if (rc != CANASTA_E_MOVE && rc != CANASTA_E_CARD &&
            rc != CANASTA_E_SEAT)
            FZ_CHECK(has_rule_id(big), "%s explained without a rule ID: %s",
                     canasta_error_name(rc), big);
        free(m);
        return rc;
    }

    view *v = fresh_view(f);
    if (v->merged_table < 0)
        caps_reset(f, NULL, 0);
    else if (pre->merged_table < 0)
        caps_reset(f, v, 1); /* the partnership formed: the merge's caps */
    check_accepted(f, pre, v, m);
    check_listed(pre, v, m, listed_kinds, listed_discards);
    check_events(f, g, pre, v, m);
    if (m->kind == CANASTA_MOVE_NEXT_HAND) {
        for (int s = 0; s < pre->sides; s++)
            f->start_totals[s] = pre->totals[s];
        recs_reset(f);
    } else {
        FZ_CHECK(f->nrec < MAX_RECS, "more moves in one hand than the undo "
                 "history can hold");
        rec *r = &f->rec[f->nrec++];
        r->kind = m->kind;
        r->seat = m->seat;
        r->ranks_before = side_ranks(pre, pre->side_of[m->seat]);
        r->ranks_laid = 0;
        if (m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE)
            for (int gi = 0; gi < m->ngroups; gi++)
                r->ranks_laid |= (uint16_t)(1u << m->groups[gi].rank);
        memcpy(&f->before, st0, sizeof *st0);
        memcpy(f->before_hist, hist0, hist0_len);
        f->before_hist_len = hist0_len;
        f->have_before = 1;
        /* The move that ends a hand changes the most (scores, totals,
         * S6): always check that undo takes it back exactly. */
        if (over(v->phase)) {
            canasta_game *u = NULL;
            FZ_OK(canasta_game_clone(&u, g));
            FZ_OK(canasta_undo(u));
            FZ_CHECK(snap_equal(st0, hist0, hist0_len, u), "A3: undo of the "
                     "hand's last move does not restore the game");
            canasta_game_free(u);
        }
    }
    free(m);
    check_state(f);
    return rc;
}

int fz_game_undo(fz_game *f)
{
    canasta_game *g = f->game;
    keep_view(f);
    FZ_OK(canasta_game_copy(f->shadow, g));
    int rc = canasta_undo(g);
    if (f->recs_complete && f->nrec == 0)
        FZ_CHECK(rc == CANASTA_E_NO_UNDO, "undo at the start of a hand: %s",
                 canasta_error_name(rc));
    if (rc != CANASTA_OK) {
        int eq = 0;
        FZ_CHECK(rc == CANASTA_E_NO_UNDO, "undo: %s",
                 canasta_error_name(rc));
        FZ_OK(canasta_game_equal(&eq, f->shadow, g));
        FZ_CHECK(eq, "a refused undo changed the game");
    } else {
        FZ_CHECK(!(f->recs_complete && f->nrec == 0), "undid nothing");
        if (f->have_before)
            FZ_CHECK(snap_equal(&f->before, f->before_hist,
                                f->before_hist_len, g),
                     "A3: undo does not restore the state before the move");
        if (f->nrec > 0)
            f->nrec--;
        f->have_before = 0;
        if (fresh_view(f)->merged_table < 0)
            caps_reset(f, NULL, 0); /* back before the X3 partnership */
    }
    fz_game_check(f);
    return rc;
}

int fz_game_set_deck(fz_game *f, const uint8_t *cards, size_t n)
{
    canasta_game *g = f->game;
    view *v = keep_view(f);
    /* A full deck: n cards, each code as often as the packs hold it. */
    int full = n == (size_t)v->deck_size;
    int cnt[256] = { 0 };
    for (size_t i = 0; full && i < n; i++) {
        int c = cards[i];
        int want = c == CANASTA_JOKER ? v->jokers
                 : (c >= 8 && c < 60) ? v->packs : 0;
        if (++cnt[c] > want)
            full = 0;
    }
    int fresh = g->hist_len == 0 && !g->from_position &&
                v->phase != CANASTA_PHASE_GAME_OVER;
    if (f->recs_complete)
        FZ_CHECK(fresh == (f->nrec == 0 &&
                           v->phase != CANASTA_PHASE_GAME_OVER),
                 "fresh %d with %zu moves", fresh, f->nrec);
    /* a copy sized to the byte, so ASan sees reads past n */
    uint8_t *copy = malloc(n ? n : 1);
    FZ_CHECK(copy != NULL, "out of memory");
    if (n)
        memcpy(copy, cards, n);
    FZ_OK(canasta_game_copy(f->shadow, g));
    int rc = canasta_game_set_deck(g, copy, n);
    free(copy);
    int want = !fresh ? CANASTA_E_NOT_FRESH
             : !full ? CANASTA_E_DECK : CANASTA_OK;
    FZ_CHECK(rc == want, "set_deck: %s, expected %s (fresh %d, full %d)",
             canasta_error_name(rc), canasta_error_name(want), fresh, full);
    if (rc != CANASTA_OK) {
        int eq = 0;
        FZ_OK(canasta_game_equal(&eq, f->shadow, g));
        FZ_CHECK(eq, "a refused set_deck changed the game");
    } else {
        uint8_t back[BIG];
        size_t k;
        FZ_OK(canasta_game_deck(back, BIG, &k, g));
        FZ_CHECK(k == n && memcmp(back, cards, n) == 0,
                 "the deck read back differs from the one set");
        int dealer, hand_no;
        FZ_OK(canasta_game_dealer(&dealer, g));
        FZ_OK(canasta_game_hand_number(&hand_no, g));
        FZ_CHECK(dealer == v->dealer && hand_no == v->hand_no,
                 "set_deck changed the dealer or the hand number");
        recs_reset(f);
        caps_reset(f, NULL, 0);
    }
    fz_game_check(f);
    return rc;
}

void fz_game_finish_hand(fz_game *f, size_t max_moves)
{
    f->light = 1;
    f->light_skipped = 0;
    for (size_t i = 0; i < max_moves; i++) {
        int phase;
        FZ_OK(canasta_game_phase(&phase, f->game));
        if (over(phase))
            break;
        size_t n;
        const canasta_move *lm = fz_game_legal(f, &n);
        FZ_CHECK(n > 0, "no legal move in phase %d", phase);
        canasta_move m = lm[0];
        int rc = fz_game_apply(f, &m);
        FZ_CHECK(rc == CANASTA_OK, "the first legal move was refused: %s",
                 canasta_error_name(rc));
    }
    f->light = 0;
    f->legal_fresh = 0;
    check_state(f);
    int phase;
    FZ_OK(canasta_game_phase(&phase, f->game));
    FZ_CHECK(over(phase), "the hand did not end within %zu moves",
             max_moves);
}

/* ---------------------------------------------------------------- */
/* Text readers and writers (docs/NOTATION.md)                        */
/* ---------------------------------------------------------------- */

void fz_check_reader(const char *what, int rc, const void *out,
                     const char *why, size_t why_size)
{
    if (rc == CANASTA_OK) {
        FZ_CHECK(out != NULL, "%s: OK without a result", what);
        return;
    }
    FZ_CHECK(out == NULL, "%s: %s, but a result", what,
             canasta_error_name(rc));
    FZ_CHECK(known_error(rc) && rc != CANASTA_E_NULL &&
             rc != CANASTA_E_NOMEM && rc != CANASTA_E_BUFFER,
             "%s: status %d (%s)", what, rc, canasta_error_name(rc));
    if (why_size == 0)
        return;
    FZ_CHECK(memchr(why, '\0', why_size) != NULL, "%s: explanation not "
             "terminated", what);
    /* Every reader's message starts with "line N: " (NOTATION.md), when
     * the buffer holds that much. */
    size_t i = 0;
    const char *pre = "line ";
    for (; i < 5 && why[i]; i++)
        FZ_CHECK(why[i] == pre[i], "%s: %s: \"%s\" does not name a line",
                 what, canasta_error_name(rc), why);
    if (i < 5)
        return;
    /* "line 0" is what the save and position readers say for a text with
     * no line at all (tests/test_save.c pins it) */
    FZ_CHECK((why[i] >= '0' && why[i] <= '9') || why[i] == '\0',
             "%s: \"%s\" names no line number", what, why);
    while (why[i] >= '0' && why[i] <= '9')
        i++;
    FZ_CHECK(why[i] == '\0' || why[i] == ':', "%s: \"%s\"", what, why);
}

/* Text handed out by the library: NUL-terminated at *length. */
static void check_text_out(const char *what, const char *text, size_t n)
{
    FZ_CHECK(text != NULL && strlen(text) == n, "%s: length %zu, strlen %zu",
             what, n, text ? strlen(text) : 0);
}

/* The position text of g, to compare games by what a position shows. */
static char *position_of(const canasta_game *g, size_t *n)
{
    char *p = NULL;
    FZ_OK(canasta_game_position(&p, n, g));
    check_text_out("position", p, *n);
    return p;
}

void fz_check_texts(const canasta_game *g)
{
    char why[512];
    size_t n, n2;
    int eq = 0;

    /* Save: load gives an equal game, saving that gives the same bytes. */
    char *save = NULL, *save2 = NULL;
    FZ_OK(canasta_game_save(&save, &n, g));
    check_text_out("save", save, n);
    canasta_game *l = NULL;
    int rc = canasta_game_load(&l, why, sizeof why, save, n);
    FZ_CHECK(rc == CANASTA_OK, "loading a save: %s: %s\n%s",
             canasta_error_name(rc), why, save);
    FZ_OK(canasta_game_equal(&eq, g, l));
    FZ_CHECK(eq, "a loaded save differs from the saved game\n%s", save);
    FZ_OK(canasta_game_save(&save2, &n2, l));
    FZ_CHECK(n == n2 && memcmp(save, save2, n) == 0, "save(load(save)) "
             "differs\n%s\n----\n%s", save, save2);
    canasta_free(save2);
    canasta_game_free(l);
    canasta_free(save);

    /* Position: reading it gives a game that writes the same text. */
    size_t pn;
    char *pos = position_of(g, &pn);
    canasta_game *pg = NULL;
    rc = canasta_game_from_position(&pg, why, sizeof why, pos, pn);
    FZ_CHECK(rc == CANASTA_OK, "reading a position: %s: %s\n%s",
             canasta_error_name(rc), why, pos);
    char *pos2 = position_of(pg, &n2);
    FZ_CHECK(pn == n2 && memcmp(pos, pos2, pn) == 0, "position(from_"
             "position(position)) differs\n%s\n----\n%s", pos, pos2);
    canasta_free(pos2);
    canasta_game_free(pg);

    /* JSON for everyone and for each seat. */
    int players = 0;
    FZ_OK(canasta_game_option(&players, g, CANASTA_OPT_PLAYERS));
    for (int viewer = CANASTA_VIEW_ALL; viewer < players; viewer++) {
        char *js = NULL;
        FZ_OK(canasta_game_json(&js, &n, g, viewer));
        check_text_out("json", js, n);
        canasta_free(js);
    }

    /* Record of the current hand: replays to the same position, and its
     * text is a fixed point of parse + text. */
    canasta_record *rec = NULL, *back = NULL;
    char *rt = NULL, *rt2 = NULL;
    FZ_OK(canasta_record_create(&rec, g));
    FZ_OK(canasta_record_text(&rt, &n, rec, CANASTA_VIEW_ALL));
    check_text_out("record", rt, n);
    rc = canasta_record_parse(&back, why, sizeof why, rt, n);
    FZ_CHECK(rc == CANASTA_OK, "parsing a record: %s: %s\n%s",
             canasta_error_name(rc), why, rt);
    FZ_OK(canasta_record_text(&rt2, &n2, back, CANASTA_VIEW_ALL));
    FZ_CHECK(n == n2 && memcmp(rt, rt2, n) == 0, "text(parse(text)) "
             "differs\n%s\n----\n%s", rt, rt2);
    canasta_game *rg = NULL;
    int line = 0;
    rc = canasta_record_replay(&rg, &line, why, sizeof why, back);
    FZ_CHECK(rc == CANASTA_OK, "replaying a record: %s line %d: %s\n%s",
             canasta_error_name(rc), line, why, rt);
    char *pos3 = position_of(rg, &n2);
    FZ_CHECK(pn == n2 && memcmp(pos, pos3, pn) == 0, "a record replays to "
             "another position\n%s\n----\n%s", pos, pos3);
    canasta_free(pos3);
    canasta_game_free(rg);
    canasta_free(rt2);
    canasta_free(rt);
    canasta_record_free(back);
    canasta_record_free(rec);
    canasta_free(pos);
}

/* ---- readers with the caller's allocator ---- */

void *fz_count_alloc(void *user, size_t size)
{
    fz_counter *c = user;
    if (c->fail_at >= 0 && c->calls >= c->fail_at) {
        c->calls++;
        return NULL;
    }
    void *p = malloc(size);
    if (p) {
        c->calls++;
        c->live++;
    }
    return p;
}

void fz_count_release(void *user, void *p)
{
    fz_counter *c = user;
    if (p) {
        c->live--;
        free(p);
    }
}

void fz_check_reader_allocator(const char *what, fz_loader load,
                               void (*free_obj)(void *obj),
                               void (*same)(void *obj, void *ctx), void *ctx,
                               const uint8_t *text, size_t size)
{
    fz_counter c = { 0, 0, -1 };
    void *obj = NULL;
    int rc = load(&obj, text, size, fz_count_alloc, fz_count_release, &c);
    FZ_CHECK(rc == CANASTA_OK && obj != NULL, "%s with an allocator: %s",
             what, canasta_error_name(rc));
    FZ_CHECK(c.calls > 0, "%s took no memory from the allocator", what);
    const long total = c.calls; /* the reader's requests (same() may add) */
    if (same)
        same(obj, ctx);
    free_obj(obj);
    FZ_CHECK(c.live == 0, "%s: %ld blocks not given back", what, c.live);
    const long fail[3] = { 0, total / 2, total - 1 };
    for (int i = 0; i < 3; i++) {
        fz_counter f = { 0, 0, fail[i] };
        obj = NULL;
        rc = load(&obj, text, size, fz_count_alloc, fz_count_release, &f);
        FZ_CHECK(rc == CANASTA_E_NOMEM && obj == NULL, "%s with request %ld"
                 " of %ld refused: %s", what, fail[i], total,
                 canasta_error_name(rc));
        FZ_CHECK(f.live == 0, "%s with request %ld of %ld refused: %ld "
                 "blocks left", what, fail[i], total, f.live);
    }
}
