/* position.c - the text of a position (docs/NOTATION.md, "Positions"):
 * the complete state of a game at one moment, with no history, and the
 * reader that rebuilds and checks it.
 *
 * Body lines, written in this order (readers take them in any order; each
 * line once, "last-score" once per side, "hand"/"red-threes" once per
 * seat, "meld" once per side and rank):
 *
 *   hand-number 3
 *   dealer 1
 *   phase draw|play|answer|hand-over|game-over
 *   turn 2
 *   source none|stock|pile
 *   melds-this-turn 0
 *   take-extra 0
 *   permission none|asked|yes|no
 *   melded-before-turn 0
 *   new-melds 7 K
 *   added-to-earlier-melds 1             (only when set: G3)
 *   seat-melded 0 1 0 0
 *   totals 1230 -45
 *   last-hand none|went-out|concealed|red-three|stock <seat>|-
 *   last-score <side> <7 items>          (when last-hand is not none)
 *   opened 0 1
 *   lone -|<seat> merged|<seat> apart    (X3 games only)
 *   hand <seat> <cards, sorted by code>
 *   red-threes <seat> <cards>
 *   meld <side> <rank>: <cards, sorted by code>
 *   stock <cards, top first>
 *   pile <cards, bottom first>
 *
 * Derived, never written: the freeze state of the pile, the current seat,
 * the side of each seat, the winner, the hand sizes, and the values the
 * hand started from (start_*): see cn_position_normalize. */
#include <stdio.h>
#include <string.h>
#include "position.h"

/* ---- writing ---- */

static void put_card(cn_text *t, int c)
{
    cn_text_puts(t, " ");
    cn_text_card(t, c);
}

static void put_hidden(cn_text *t, int n)
{
    for (int i = 0; i < n; i++)
        cn_text_puts(t, " ??");
}

/* X3: who plays alone, and whether the partners' melds are one. */
static void put_lone(cn_text *t, const cn_state *st)
{
    int lone = (int)st->lone_plus1 - 1;
    if (lone < 0)
        cn_text_puts(t, "lone -\n");
    else
        cn_text_putf(t, "lone %d %s\n", lone,
                     cn_partners_merged(st) ? "merged" : "apart");
}

void cn_write_position(cn_text *t, const cn_state *st, int viewer)
{
    const cn_params *p = &st->p;
    int np = p->players, ns = p->sides;
    cn_text_putf(t, "hand-number %d\n", (int)st->hand_no);
    cn_text_putf(t, "dealer %d\n", (int)st->dealer);
    cn_text_putf(t, "phase %s\n", cn_name(&cn_phase_names, st->phase,
                                          "?"));
    cn_text_putf(t, "turn %d\n", (int)st->turn_seat);
    cn_text_putf(t, "source %s\n", cn_name(&cn_source_names, st->turn_src,
                                           "?"));
    cn_text_putf(t, "melds-this-turn %d\n", (int)st->turn_melds);
    cn_text_putf(t, "take-extra %d\n", (int)st->turn_take_extra);
    cn_text_putf(t, "permission %s\n",
                 cn_name(&cn_permission_names, st->permission, "?"));
    cn_text_putf(t, "melded-before-turn %d\n", (int)st->melded_before_turn);
    cn_text_puts(t, "new-melds");
    for (int r = 3; r <= 14; r++)
        if (st->turn_new_melds >> r & 1)
            cn_text_putf(t, " %s", cn_rank_name(r));
    /* G3: written only when set, so that every position a 1.0 library
     * could write (it had no such line) is written the same way still. */
    if (st->turn_added_old)
        cn_text_puts(t, "\nadded-to-earlier-melds 1");
    cn_text_puts(t, "\nseat-melded");
    for (int s = 0; s < np; s++)
        cn_text_putf(t, " %d", (int)st->seat_melded[s]);
    cn_text_puts(t, "\ntotals");
    for (int s = 0; s < ns; s++)
        cn_text_putf(t, " %d", (int)st->totals[s]);
    cn_text_putf(t, "\nlast-hand %s",
                 cn_name(&cn_end_names, st->end_how, "?"));
    if (st->end_seat == 0xFF)
        cn_text_puts(t, " -\n");
    else
        cn_text_putf(t, " %d\n", (int)st->end_seat);
    if (st->end_how != CANASTA_END_NONE) {
        for (int s = 0; s < ns; s++) {
            cn_text_putf(t, "last-score %d", s);
            for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
                cn_text_putf(t, " %d", (int)st->last_items[s][i]);
            cn_text_puts(t, "\n");
        }
    }
    cn_text_puts(t, "opened");
    for (int s = 0; s < ns; s++)
        cn_text_putf(t, " %d", (int)st->opened[s]);
    cn_text_puts(t, "\n");
    if (p->lone_hand)
        put_lone(t, st);
    for (int s = 0; s < np; s++) {
        cn_text_putf(t, "hand %d", s);
        if (viewer >= 0 && viewer != s) {
            put_hidden(t, st->hand_n[s]);
        } else {
            for (int c = 8; c <= 60; c++)
                for (int k = 0; k < st->hand[s][c]; k++)
                    put_card(t, c);
        }
        cn_text_puts(t, "\n");
    }
    for (int s = 0; s < np; s++) {
        cn_text_putf(t, "red-threes %d", s);
        for (int k = 0; k < st->red3[s][0]; k++)
            put_card(t, CANASTA_CARD(3, CANASTA_DIAMONDS));
        for (int k = 0; k < st->red3[s][1]; k++)
            put_card(t, CANASTA_CARD(3, CANASTA_HEARTS));
        cn_text_puts(t, "\n");
    }
    for (int side = 0; side < ns; side++) {
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            if (cn_meld_size(m) == 0)
                continue;
            /* Sorted by code: twos (8..11), naturals, jokers (60). */
            cn_text_putf(t, "meld %d %s:", side, cn_rank_name(r));
            for (int suit = 0; suit < 4; suit++)
                for (int k = 0; k < m->two_suit[suit]; k++)
                    put_card(t, CANASTA_CARD(2, suit));
            for (int suit = 0; suit < 4; suit++)
                for (int k = 0; k < m->nat_suit[suit]; k++)
                    put_card(t, CANASTA_CARD(r, suit));
            for (int k = 0; k < m->jokers; k++)
                put_card(t, CANASTA_JOKER);
            cn_text_puts(t, "\n");
        }
    }
    cn_text_puts(t, "stock");
    if (viewer >= 0)
        put_hidden(t, st->stock_n);
    else
        for (int i = st->stock_n - 1; i >= 0; i--)
            put_card(t, st->stock[i]);
    cn_text_puts(t, "\npile");
    for (int i = 0; i < st->pile_n; i++)
        put_card(t, st->pile[i]);
    cn_text_puts(t, "\n");
}

/* ---- the values a position implies ---- */

void cn_position_normalize(cn_state *dst, const cn_state *src)
{
    const cn_params *p = &src->p;
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
    memset(dst->deck, 0, sizeof dst->deck);
    dst->deck_n = 0;
    memset(dst->ev, 0, sizeof dst->ev);
    memset(dst->ev_cards, 0, sizeof dst->ev_cards);
    dst->ev_n = 0;
    dst->ev_cards_n = 0;
    /* A hand being played started from the totals and last hand it still
     * shows.  A finished hand started from its totals less its score; what
     * the hand before it was is not part of a position. */
    if (dst->phase == CANASTA_PHASE_HAND_OVER ||
        dst->phase == CANASTA_PHASE_GAME_OVER) {
        for (int s = 0; s < CN_MAX_SIDES; s++) {
            dst->start_totals[s] = s < p->sides
                ? dst->totals[s] - dst->last_items[s][CANASTA_SCORE_TOTAL] : 0;
            for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
                dst->start_last_items[s][i] = 0;
        }
        dst->start_end_how = CANASTA_END_NONE;
        dst->start_end_seat = 0xFF;
        dst->start_scored = 0;
    } else {
        memcpy(dst->start_totals, dst->totals, sizeof dst->start_totals);
        memcpy(dst->start_last_items, dst->last_items,
               sizeof dst->start_last_items);
        dst->start_end_how = dst->end_how;
        dst->start_end_seat = dst->end_seat;
        dst->start_scored = dst->scored;
    }
}

/* ---- reading ---- */

enum {
    K_HAND_NUMBER, K_DEALER, K_PHASE, K_TURN, K_SOURCE, K_MELDS_THIS_TURN,
    K_TAKE_EXTRA, K_PERMISSION, K_MELDED_BEFORE, K_NEW_MELDS, K_SEAT_MELDED,
    K_TOTALS, K_LAST_HAND, K_OPENED, K_STOCK, K_PILE, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "hand-number", "dealer", "phase", "turn", "source", "melds-this-turn",
    "take-extra", "permission", "melded-before-turn", "new-melds",
    "seat-melded", "totals", "last-hand", "opened", "stock", "pile"
};

typedef struct reader {
    cn_state *st;
    char *why;
    size_t ws;
    int line;                         /* the line being read */
    int line_of[K_COUNT];             /* 0: not seen */
    int hand_line[CN_MAX_PLAYERS];
    int red_line[CN_MAX_PLAYERS];
    int score_line[CN_MAX_SIDES];
    int meld_line[CN_MAX_SIDES][CN_RANKS];
    int any_meld_line;
    int added_line;                   /* G3: added-to-earlier-melds */
    int lone_line, lone, lone_merged; /* X3: lone -1 for "lone -" */
    uint8_t want[CANASTA_CARD_LIMIT], placed[CANASTA_CARD_LIMIT];
    /* Partial positions: "+N" cards dealt to a hand or the stock, "rest"
     * for the stock (deal_unnamed). */
    int partial;                      /* some line leaves cards unnamed */
    int hand_extra[CN_MAX_PLAYERS];   /* "+N" of each hand line */
    int stock_extra, stock_rest;      /* "+N" or "rest" of the stock */
    int derived_scores;               /* last-score lines made, not read */
} reader;

#define SYNTAX(rd, ...) cn_why((rd)->why, (rd)->ws, CANASTA_E_SYNTAX, __VA_ARGS__)
#define INVALID(rd, ...) cn_why((rd)->why, (rd)->ws, CANASTA_E_INVALID, __VA_ARGS__)
/* The readers below set their outputs only when they return CANASTA_OK.
 * cn_why returns the code it is given, but in another file, so the
 * analyser cannot tell that an error return is never 0: the callers'
 * output variables start at 0 so that no path reads them uninitialised. */

/* A number token; E_SYNTAX when missing or not a number, E_INVALID when
 * out of [lo, hi]. */
static int num_tok(reader *rd, const char *tok, const char *what, long lo,
                   long hi, long *v)
{
    if (!tok)
        return SYNTAX(rd, "line %d: %s is missing", rd->line, what);
    if (!cn_parse_int(tok, -2147483647L - 1, 2147483647L, v))
        return SYNTAX(rd, "line %d: %s: \"%s\" is not a number", rd->line,
                      what, tok);
    if (*v < lo || *v > hi)
        return INVALID(rd, "line %d: %s must be %ld to %ld, not %ld",
                       rd->line, what, lo, hi, *v);
    return CANASTA_OK;
}

static int get_num(reader *rd, char **cur, const char *what, long lo,
                   long hi, long *v)
{
    return num_tok(rd, cn_token(cur), what, lo, hi, v);
}

static int seat_tok(reader *rd, const char *tok, long *v)
{
    long x;
    if (tok && cn_parse_int(tok, 0, 2147483647L, &x) &&
        x >= rd->st->p.players)
        return INVALID(rd, "line %d: seat %ld does not exist in a %d-player "
                       "game", rd->line, x, (int)rd->st->p.players);
    return num_tok(rd, tok, "the seat", 0, rd->st->p.players - 1, v);
}

static int get_seat(reader *rd, char **cur, long *v)
{
    return seat_tok(rd, cn_token(cur), v);
}

static int get_side(reader *rd, char **cur, long *v)
{
    char *tok = cn_token(cur);
    long x;
    if (tok && cn_parse_int(tok, 0, 2147483647L, &x) &&
        x >= rd->st->p.sides)
        return INVALID(rd, "line %d: side %ld does not exist in a game of "
                       "%d sides", rd->line, x, (int)rd->st->p.sides);
    return num_tok(rd, tok, "the side", 0, rd->st->p.sides - 1, v);
}

static int get_bool(reader *rd, char **cur, const char *what, uint8_t *out)
{
    char *tok = cn_token(cur);
    if (!tok || (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0))
        return SYNTAX(rd, "line %d: %s is 0 or 1%s%s%s", rd->line, what,
                      tok ? ", not \"" : "", tok ? tok : "", tok ? "\"" : "");
    *out = (uint8_t)(tok[0] - '0');
    return CANASTA_OK;
}

static int get_name(reader *rd, char **cur, const char *what,
                    const cn_names *names, int first, int *out)
{
    char *tok = cn_token(cur);
    int i = cn_name_index(names, first, tok);
    if (i >= 0) {
        *out = i;
        return CANASTA_OK;
    }
    char list[128];
    size_t k = 0;
    list[0] = '\0';
    for (i = first; i < names->n; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s",
                              i > first ? ", " : "", names->name[i]);
    if (!tok)
        return SYNTAX(rd, "line %d: %s is missing (%s)", rd->line, what,
                      list);
    return SYNTAX(rd, "line %d: %s: \"%s\" is not one of %s", rd->line, what,
                  tok, list);
}

static int end_of_line(reader *rd, char **cur, const char *key)
{
    char *tok = cn_token(cur);
    if (tok)
        return SYNTAX(rd, "line %d: unexpected \"%s\" at the end of the %s "
                      "line", rd->line, tok, key);
    return CANASTA_OK;
}

/* Parse one card token: E_HIDDEN for "??", E_SYNTAX if not a card,
 * E_INVALID when the deck holds no more of it. */
static int get_card(reader *rd, const char *tok, int *card)
{
    if (strcmp(tok, "??") == 0)
        return cn_why(rd->why, rd->ws, CANASTA_E_HIDDEN,
            "line %d: a hidden card (\"??\"); loading needs every card",
            rd->line);
    int c = cn_parse_card(tok);
    if (!c)
        return SYNTAX(rd, "line %d: \"%s\" is not a card", rd->line, tok);
    if (rd->placed[c] >= rd->want[c]) {
        char name[8];
        cn_card_name(name, c);
        return INVALID(rd, "line %d: C2: one %s too many: the deck holds %d",
                       rd->line, name, rd->want[c]);
    }
    rd->placed[c]++;
    *card = c;
    return CANASTA_OK;
}

/* "+N" (partial positions): N cards more, dealt from the unnamed ones.
 * 1 when tok is such a token (*n set, or an error in *rc), else 0. */
static int extra_tok(reader *rd, const char *tok, char **cur, int *n,
                     int *rc)
{
    long v = 0;
    if (tok[0] != '+')
        return 0;
    *rc = CANASTA_OK;
    if (!cn_parse_int(tok + 1, 0, 2147483647L, &v) || tok[1] == '+' ||
        tok[1] == '-')
        *rc = SYNTAX(rd, "line %d: \"%s\": write \"+N\" for N more cards "
                     "dealt from those the position does not name",
                     rd->line, tok);
    else if (v > rd->st->p.deck_size)
        *rc = INVALID(rd, "line %d: C2: \"%s\": the deck has %d cards",
                      rd->line, tok, (int)rd->st->p.deck_size);
    else if (cn_token(cur))
        *rc = SYNTAX(rd, "line %d: \"%s\" ends the line (the cards named "
                     "come first)", rd->line, tok);
    *n = (int)v;
    rd->partial = 1;
    return 1;
}

/* Per-seat or per-side repeated lines. */
static int once(reader *rd, int *slot, const char *what, long index)
{
    if (*slot)
        return SYNTAX(rd, "line %d: a second \"%s %ld\" line (the first is "
                      "line %d)", rd->line, what, index, *slot);
    *slot = rd->line;
    return CANASTA_OK;
}

static int read_hand(reader *rd, char *cur)
{
    cn_state *st = rd->st;
    long seat = 0;
    int rc = get_seat(rd, &cur, &seat);
    if (rc || (rc = once(rd, &rd->hand_line[seat], "hand", seat)))
        return rc;
    char *tok;
    while ((tok = cn_token(&cur)) != NULL) {
        int c = 0;
        if (extra_tok(rd, tok, &cur, &rd->hand_extra[seat], &rc))
            return rc;
        if ((rc = get_card(rd, tok, &c)))
            return rc;
        if (cn_is_red3(c))
            return INVALID(rd, "line %d: R1: a red three (%s) is never kept "
                           "in a hand; it is laid out (red-threes line)",
                           rd->line, tok);
        st->hand[seat][c]++;
        st->hand_n[seat]++;
    }
    return CANASTA_OK;
}

static int read_red_threes(reader *rd, char *cur)
{
    cn_state *st = rd->st;
    long seat = 0;
    int rc = get_seat(rd, &cur, &seat);
    if (rc || (rc = once(rd, &rd->red_line[seat], "red-threes", seat)))
        return rc;
    char *tok;
    while ((tok = cn_token(&cur)) != NULL) {
        int c = 0;
        if ((rc = get_card(rd, tok, &c)))
            return rc;
        if (!cn_is_red3(c))
            return INVALID(rd, "line %d: R1: only red threes (3d, 3h) are "
                           "laid out this way, not %s", rd->line, tok);
        st->red3[seat][c == CANASTA_CARD(3, CANASTA_HEARTS)]++;
    }
    return CANASTA_OK;
}

static int read_meld(reader *rd, char *cur)
{
    cn_state *st = rd->st;
    long side = 0;
    int rc = get_side(rd, &cur, &side);
    if (rc)
        return rc;
    char *tok = cn_token(&cur);
    size_t len = tok ? strlen(tok) : 0;
    int r = 0;
    if (len >= 2 && tok[len - 1] == ':') {
        tok[len - 1] = '\0';
        r = cn_parse_rank(tok);
    }
    if (!r)
        return SYNTAX(rd, "line %d: write a meld as \"meld <side> <rank>: "
                      "<cards>\", e.g. \"meld 0 K: Kc Kd Ks\"", rd->line);
    if (rd->meld_line[side][r])
        return SYNTAX(rd, "line %d: a second meld of %s for side %ld (the "
                      "first is line %d)", rd->line, cn_rank_plural(r), side,
                      rd->meld_line[side][r]);
    rd->meld_line[side][r] = rd->line;
    if (!rd->any_meld_line)
        rd->any_meld_line = rd->line;
    cn_meld *m = &st->melds[side][r];
    while ((tok = cn_token(&cur)) != NULL) {
        int c = 0;
        if ((rc = get_card(rd, tok, &c)))
            return rc;
        if (r == 3 && cn_is_wild(c))
            return INVALID(rd, "line %d: M6: wild cards never stand in for "
                           "threes (%s)", rd->line, tok);
        if (!cn_is_wild(c) &&
            (cn_rank(c) != r || (r == 3 && !cn_is_black3(c))))
            return INVALID(rd, "line %d: M1: the %s does not belong in a "
                           "meld of %s", rd->line, tok, cn_rank_plural(r));
        if (cn_meld_size(m) >= 255)
            return INVALID(rd, "line %d: the meld is too large", rd->line);
        cn_meld_add_card(m, c);
    }
    /* X3: a meld merged from the partners' two melds may hold up to six
     * wild cards (check_lone decides whether this side is such a one). */
    int cls;
    rc = cn_meld_class(&cls, &st->p, r, m->naturals, m->twos, m->jokers);
    if (rc == CANASTA_E_THREES)
        return INVALID(rd, "line %d: M6: black threes are melded only as 3 "
                       "or 4 together, with no wild card", rd->line);
    if (rc || cls == CANASTA_MELD_NONE)
        return INVALID(rd, "line %d: M1: %d natural %s with %d wild cards "
                       "is not a legal meld (at least 3 cards, 2 of them "
                       "natural, at most 3 wild)", rd->line, m->naturals,
                       cn_rank_plural(r), m->twos + m->jokers);
    return CANASTA_OK;
}

/* X3: "lone -", "lone <seat> merged" (the lone hand took the pile; the
 * partners' melds are one) or "lone <seat> apart" (the lone hand went
 * out before anyone took the pile). */
static int read_lone(reader *rd, char *cur)
{
    long v = 0;
    if (!rd->st->p.lone_hand)
        return INVALID(rd, "line %d: X3: only the three-player game has a "
                       "lone hand", rd->line);
    if (rd->lone_line)
        return SYNTAX(rd, "line %d: a second \"lone\" line (the first is "
                      "line %d)", rd->line, rd->lone_line);
    rd->lone_line = rd->line;
    char *tok = cn_token(&cur);
    if (tok && strcmp(tok, "-") == 0) {
        rd->lone = -1;
        return end_of_line(rd, &cur, "lone");
    }
    int rc = seat_tok(rd, tok, &v);
    if (rc)
        return rc;
    rd->lone = (int)v;
    tok = cn_token(&cur);
    if (!tok || (strcmp(tok, "merged") != 0 && strcmp(tok, "apart") != 0))
        return SYNTAX(rd, "line %d: write \"lone -\", \"lone <seat> "
                      "merged\" or \"lone <seat> apart\"", rd->line);
    rd->lone_merged = strcmp(tok, "merged") == 0;
    return end_of_line(rd, &cur, "lone");
}

/* G3: "added-to-earlier-melds 0|1", an optional line (absent: 0). */
static int read_added(reader *rd, char *cur)
{
    if (rd->added_line)
        return SYNTAX(rd, "line %d: a second \"added-to-earlier-melds\" "
                      "line (the first is line %d)", rd->line,
                      rd->added_line);
    rd->added_line = rd->line;
    int rc = get_bool(rd, &cur, "added-to-earlier-melds",
                      &rd->st->turn_added_old);
    return rc ? rc : end_of_line(rd, &cur, "added-to-earlier-melds");
}

static int read_last_score(reader *rd, char *cur)
{
    long side = 0, v = 0;
    int rc = get_side(rd, &cur, &side);
    if (rc || (rc = once(rd, &rd->score_line[side], "last-score", side)))
        return rc;
    long long sum = 0;
    for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
        if ((rc = get_num(rd, &cur, "a score item", -CN_SCORE_LIMIT,
                          CN_SCORE_LIMIT, &v)))
            return rc;
        rd->st->last_items[side][i] = (int32_t)v;
        if (i < CANASTA_SCORE_TOTAL)
            sum += v;
    }
    if ((rc = end_of_line(rd, &cur, "last-score")))
        return rc;
    if (sum != rd->st->last_items[side][CANASTA_SCORE_TOTAL])
        return INVALID(rd, "line %d: S5: the items of side %ld's score add "
                       "up to %lld, not %d", rd->line, side, sum,
                       (int)rd->st->last_items[side][CANASTA_SCORE_TOTAL]);
    return CANASTA_OK;
}

/* One line of a keyed kind (key_names). */
static int read_keyed(reader *rd, int k, char *cur)
{
    cn_state *st = rd->st;
    const cn_params *p = &st->p;
    long v = 0;
    int rc = CANASTA_OK, x = 0; /* 0 when get_name fails (rc says) */
    if (rd->line_of[k])
        return SYNTAX(rd, "line %d: a second \"%s\" line (the first is line "
                      "%d)", rd->line, key_names[k], rd->line_of[k]);
    rd->line_of[k] = rd->line;
    switch (k) {
    case K_HAND_NUMBER:
        rc = get_num(rd, &cur, "the hand number", 1, CN_HAND_LIMIT, &v);
        st->hand_no = (int32_t)v;
        break;
    case K_DEALER:
        rc = get_seat(rd, &cur, &v);
        st->dealer = (uint8_t)v;
        break;
    case K_PHASE:
        rc = get_name(rd, &cur, "the phase", &cn_phase_names, 1, &x);
        st->phase = (uint8_t)x;
        break;
    case K_TURN:
        rc = get_seat(rd, &cur, &v);
        st->turn_seat = (uint8_t)v;
        break;
    case K_SOURCE:
        rc = get_name(rd, &cur, "the source", &cn_source_names, 0, &x);
        st->turn_src = (uint8_t)x;
        break;
    case K_MELDS_THIS_TURN:
        rc = get_num(rd, &cur, "melds-this-turn", 0, 255, &v);
        st->turn_melds = (uint8_t)v;
        break;
    case K_TAKE_EXTRA:
        rc = get_bool(rd, &cur, "take-extra", &st->turn_take_extra);
        break;
    case K_PERMISSION:
        rc = get_name(rd, &cur, "the permission", &cn_permission_names,
                      0, &x);
        st->permission = (uint8_t)x;
        break;
    case K_MELDED_BEFORE:
        rc = get_bool(rd, &cur, "melded-before-turn",
                      &st->melded_before_turn);
        break;
    case K_NEW_MELDS: {
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            int r = cn_parse_rank(tok);
            if (!r)
                return SYNTAX(rd, "line %d: \"%s\" is not a rank (3 to 10, "
                              "J, Q, K, A)", rd->line, tok);
            if (st->turn_new_melds >> r & 1)
                return SYNTAX(rd, "line %d: rank %s is listed twice",
                              rd->line, cn_rank_name(r));
            st->turn_new_melds |= (uint16_t)(1u << r);
        }
        return CANASTA_OK;
    }
    case K_SEAT_MELDED:
        for (int s = 0; s < p->players && !rc; s++) {
            char what[32];
            /* At most 31 characters: it fits. */
            (void)snprintf(what, sizeof what, "seat-melded of seat %d", s);
            rc = get_bool(rd, &cur, what, &st->seat_melded[s]);
        }
        break;
    case K_TOTALS:
        for (int s = 0; s < p->sides && !rc; s++) {
            rc = get_num(rd, &cur, "a side's total", -CN_SCORE_LIMIT,
                         CN_SCORE_LIMIT, &v);
            st->totals[s] = (int32_t)v;
        }
        break;
    case K_LAST_HAND: {
        rc = get_name(rd, &cur, "how the last hand ended", &cn_end_names,
                      0, &x);
        if (rc)
            return rc;
        st->end_how = (uint8_t)x;
        st->scored = x != CANASTA_END_NONE;
        char *tok = cn_token(&cur);
        if (tok && strcmp(tok, "-") == 0) {
            st->end_seat = 0xFF;
        } else {
            rc = seat_tok(rd, tok, &v);
            st->end_seat = (uint8_t)v;
        }
        break;
    }
    case K_OPENED:
        for (int s = 0; s < p->sides && !rc; s++) {
            char what[32];
            /* At most 26 characters: it fits. */
            (void)snprintf(what, sizeof what, "opened of side %d", s);
            rc = get_bool(rd, &cur, what, &st->opened[s]);
        }
        break;
    case K_STOCK:
    case K_PILE: {
        uint8_t cards[CN_MAX_DECK];
        int n = 0;
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            int c = 0;
            if (k == K_STOCK && strcmp(tok, "rest") == 0) {
                rd->partial = rd->stock_rest = 1;
                if (cn_token(&cur))
                    return SYNTAX(rd, "line %d: \"rest\" ends the stock "
                                  "line", rd->line);
                break;
            }
            if (k == K_STOCK &&
                extra_tok(rd, tok, &cur, &rd->stock_extra, &rc)) {
                if (rc)
                    return rc;
                break;
            }
            if ((rc = get_card(rd, tok, &c)))
                return rc;
            cards[n++] = (uint8_t)c; /* get_card bounds n by the deck */
        }
        if (k == K_PILE) {
            memcpy(st->pile, cards, (size_t)n);
            st->pile_n = (uint8_t)n;
        } else {
            for (int i = 0; i < n; i++)
                st->stock[n - 1 - i] = cards[i];
            st->stock_n = (uint8_t)n;
        }
        return CANASTA_OK;
    }
    default:
        break;
    }
    if (rc)
        return rc;
    return end_of_line(rd, &cur, key_names[k]);
}

/* ---- the start of a dealt hand (saves and records) ---- */

int cn_check_play_totals(const cn_params *p, int32_t hand_no,
                         const int32_t *totals, const int32_t *last, int line,
                         char *why, size_t ws)
{
    long long bound = cn_hand_score_bound(p);
    for (int s = 0; s < p->sides; s++) {
        long long t = totals[s];
        if (t % 5)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: side "
                "%d's total is %lld; every score is a multiple of 5", line, s,
                t);
        if (t < -CN_PLAY_LIMIT || t > CN_PLAY_LIMIT)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: a hand "
                "is played only from totals within -%ld to %ld (the game "
                "ends before a total goes beyond), and side %d's is %lld",
                line, CN_PLAY_LIMIT, CN_PLAY_LIMIT, s, t);
        /* Before hand N, N - 1 hands have been scored, the last of them
         * as last says: the other N - 2 scored at most bound each. */
        long long before = hand_no - 1, lt = 0;
        if (last && hand_no >= 2) {
            lt = last[s];
            before = hand_no - 2;
        }
        long long d = t - lt;
        if (d < 0)
            d = -d;
        if (d > before * bound)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: side "
                "%d's total %lld cannot come from the hands before hand %d%s "
                "(one hand scores at most %lld either way)", line, s, t,
                (int)hand_no, last && hand_no == 2
                    ? ": after one hand the totals are its score" : "",
                bound);
    }
    return CANASTA_OK;
}

/* The rest of cn_check_start: the start totals as play can reach them
 * and the breakdown of the hand before, item by item. */
static int check_start_scores(const cn_state *st, const cn_start_lines *at,
                              int L_tot, char *why, size_t ws)
{
    const cn_params *p = &st->p;
    int how = st->start_end_how, es = st->start_end_seat;
    int32_t last[CN_MAX_SIDES];
    for (int s = 0; s < p->sides; s++)
        last[s] = st->start_last_items[s][CANASTA_SCORE_TOTAL];
    int rc = cn_check_play_totals(p, st->hand_no, st->start_totals,
                                  how != CANASTA_END_NONE ? last : NULL,
                                  L_tot, why, ws);
    if (rc || how == CANASTA_END_NONE)
        return rc;
    int lines[CN_MAX_SIDES];
    for (int s = 0; s < p->sides; s++)
        lines[s] = at->score[s] ? at->score[s] : at->end;
    return cn_check_breakdown(p, how, es == 0xFF ? -1 : es,
                              &st->start_last_items[0][0], lines, why, ws);
}

int cn_check_start(const cn_state *st, const cn_start_lines *at, char *why,
                   size_t ws)
{
    const cn_params *p = &st->p;
    int how = st->start_end_how, es = st->start_end_seat, w;
#define AT(x) ((x) ? (x) : at->end)
    int L_hand = AT(at->hand), L_tot = AT(at->totals);
    int L_last = AT(at->last_hand);
    if (st->hand_no < 1 || st->hand_no > CN_HAND_LIMIT)
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: the hand number "
            "must be 1 to %ld, not %ld", L_hand, CN_HAND_LIMIT,
            (long)st->hand_no);
    if (st->dealer >= p->players)
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: seat %d does "
            "not exist in a %d-player game", AT(at->dealer),
            (int)st->dealer, (int)p->players);
    for (int s = 0; s < p->sides; s++)
        if (st->start_totals[s] < -CN_SCORE_LIMIT ||
            st->start_totals[s] > CN_SCORE_LIMIT)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: side "
                "%d's total must be %ld to %ld, not %ld", L_tot, s,
                -CN_SCORE_LIMIT, CN_SCORE_LIMIT, (long)st->start_totals[s]);
    if (how >= cn_end_names.n || (es != 0xFF && es >= p->players))
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: seat %d does "
            "not exist in a %d-player game", L_last, es, (int)p->players);
    for (int s = 0; s < p->sides; s++) {
        const int32_t *it = st->start_last_items[s];
        long long sum = 0;
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
            if (it[i] < -CN_SCORE_LIMIT || it[i] > CN_SCORE_LIMIT)
                return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: side "
                    "%d's score items must be %ld to %ld, not %ld",
                    AT(at->score[s]), s, -CN_SCORE_LIMIT, CN_SCORE_LIMIT,
                    (long)it[i]);
            if (i < CANASTA_SCORE_TOTAL)
                sum += it[i];
        }
        if (sum != it[CANASTA_SCORE_TOTAL])
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: the items "
                "of side %d's score add up to %lld, not %ld",
                AT(at->score[s]), s, sum, (long)it[CANASTA_SCORE_TOTAL]);
    }
    int out_how = how == CANASTA_END_WENT_OUT || how == CANASTA_END_CONCEALED;
    if (out_how != (es != 0xFF))
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: %s", L_last,
            out_how ? "G2: a hand that ended by going out names the seat "
                      "that went out"
                    : "E1: a hand that did not end by going out names no "
                      "seat (\"-\")");
    for (int s = 0; s < p->sides; s++) {
        if (at->score[s] && how == CANASTA_END_NONE)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: a "
                "start-last-score line, but no hand has ended "
                "(start-last-hand none)", at->score[s]);
        if (!at->score[s] && how != CANASTA_END_NONE)
            return cn_why(why, ws, CANASTA_E_SYNTAX, "line %d: no "
                "\"start-last-score %d\" line, but the hand before ended "
                "(start-last-hand %s)", at->end, s, cn_end_names.name[how]);
    }
    if (st->hand_no == 1) {
        for (int s = 0; s < p->sides; s++)
            if (st->start_totals[s] != 0)
                return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: the "
                    "first hand starts from totals 0 (side %d: %ld)", L_tot,
                    s, (long)st->start_totals[s]);
        if (how != CANASTA_END_NONE)
            return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: before "
                "the first hand no hand has ended (start-last-hand none)",
                L_last);
    } else if (how == CANASTA_END_NONE) {
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S5: hand %ld "
            "follows a finished hand (start-last-hand cannot be none)",
            L_last, (long)st->hand_no);
    }
    if (cn_s6_over(p, st->start_totals, &w))
        return cn_why(why, ws, CANASTA_E_INVALID, "line %d: S6: with these "
            "totals the game is over; no hand is dealt", L_tot);
#undef AT
    return check_start_scores(st, at, L_tot, why, ws);
}

static int popcount16(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* Everything that no single line can check, in the order below; each
 * check_* returns CANASTA_OK or the error of the first thing wrong.  end:
 * the line number to blame for what is missing. */

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

/* C2: every card of the deck exactly once per copy. */
static int check_deck(reader *rd, int end)
{
    char name[8];
    for (int c = 8; c <= 60; c++)
        if (rd->placed[c] < rd->want[c]) {
            cn_card_name(name, c);
            return INVALID(rd, "line %d: C2: the deck holds %d %s but the "
                           "position places %d", end, rd->want[c], name,
                           rd->placed[c]);
        }
    return CANASTA_OK;
}

/* P3, C5: the pile's wild cards and red threes (counted in st).  A red
 * three can only be a covered upcard: below it only upcards (wild cards,
 * red threes), and a card that is neither above them all. */
static int check_pile(reader *rd)
{
    cn_state *st = rd->st;
    int L_pile = rd->line_of[K_PILE];
    char name[8];
    int k = 0;
    while (k < st->pile_n &&
           (cn_is_wild(st->pile[k]) || cn_is_red3(st->pile[k])))
        k++;
    for (int i = 0; i < st->pile_n; i++) {
        int c = st->pile[i];
        if (cn_is_wild(c))
            st->pile_wilds++;
        else if (cn_is_red3(c)) {
            st->pile_red3++;
            cn_card_name(name, c);
            if (i >= k)
                return INVALID(rd, "line %d: R1: a red three (%s) can be in "
                    "the pile only as an upcard at its bottom", L_pile, name);
            if (k == st->pile_n)
                return INVALID(rd, "line %d: C5: the red-three upcard (%s) "
                    "must be covered by the next card turned", L_pile, name);
        }
    }
    return CANASTA_OK;
}

/* O1, M1: a side has opened exactly when it has melds, and its melds were
 * laid by its seats. */
static int check_opened(reader *rd)
{
    const cn_state *st = rd->st;
    int np = st->p.players, ns = st->p.sides;
    for (int side = 0; side < ns; side++) {
        int has = 0, melder = 0;
        for (int r = 3; r <= 14; r++)
            has |= cn_meld_size(&st->melds[side][r]) > 0;
        for (int s = 0; s < np; s++)
            if (st->side_of[s] == side && st->seat_melded[s])
                melder = 1;
        if (has != st->opened[side])
            return INVALID(rd, "line %d: O1: opened says side %d has %s, but "
                "it %s melds", rd->line_of[K_OPENED], side,
                st->opened[side] ? "opened" : "not opened",
                has ? "has" : "has no");
        if (melder != has)
            return INVALID(rd, "line %d: M1: seat-melded says %s of side %d "
                "melded, but the side has %s melds",
                rd->line_of[K_SEAT_MELDED], melder ? "a seat" : "no seat",
                side, has ? "" : "no");
    }
    return CANASTA_OK;
}

/* The turn so far (T1, G4, P1): what the player to move has done. */
static int check_turn(reader *rd)
{
    const cn_state *st = rd->st;
    const cn_params *p = &st->p;
    int ts = st->turn_seat, tside = st->side_of[ts];
    int src = st->turn_src, tm = st->turn_melds, tx = st->turn_take_extra;
    int perm = st->permission, mbt = st->melded_before_turn;
    int smt = st->seat_melded[ts];
    unsigned newm = st->turn_new_melds;
    for (int r = 3; r <= 14; r++)
        if ((newm >> r & 1) && cn_meld_size(&st->melds[tside][r]) == 0)
            return INVALID(rd, "line %d: new-melds names %s, but side %d has "
                "no meld of %s", rd->line_of[K_NEW_MELDS], cn_rank_name(r),
                tside, cn_rank_plural(r));
    if ((newm || tm || src == CN_SRC_PILE || mbt) && !smt)
        return INVALID(rd, "line %d: T1: seat %d has melded (new-melds, "
            "melds-this-turn, a take or melded-before-turn say so) but "
            "seat-melded says not", rd->line_of[K_SEAT_MELDED], ts);
    if (tx && src != CN_SRC_PILE)
        return INVALID(rd, "line %d: take-extra 1 needs source pile",
                       rd->line_of[K_TAKE_EXTRA]);
    if (perm != CANASTA_PERMISSION_NONE) {
        if (!p->ask_allowed)
            return INVALID(rd, "line %d: G4: asking permission is switched "
                "off in this game", rd->line_of[K_PERMISSION]);
        if (cn_partner(st, ts) < 0)
            return INVALID(rd, "line %d: G4: seat %d has no partner to ask",
                           rd->line_of[K_PERMISSION], ts);
        if (src == CN_SRC_NONE)
            return INVALID(rd, "line %d: G4: permission is asked after "
                "drawing or taking the pile (source is none)",
                rd->line_of[K_PERMISSION]);
    }
    if (src == CN_SRC_NONE && (tm || tx || newm || mbt != smt))
        return INVALID(rd, "line %d: T1: seat %d has not drawn (source none), "
            "so it has made no meld this turn (melds-this-turn 0, take-extra "
            "0, new-melds empty, melded-before-turn = seat-melded)",
            rd->line_of[K_SOURCE], ts);
    if (src == CN_SRC_STOCK && tm == 0 && (newm || mbt != smt))
        return INVALID(rd, "line %d: T1: seat %d drew from the stock and has "
            "not melded this turn (melds-this-turn 0), so new-melds is empty "
            "and melded-before-turn = seat-melded",
            rd->line_of[K_MELDS_THIS_TURN], ts);
    if (src == CN_SRC_PILE && tm == 0 && !tx && popcount16(newm) > 1)
        return INVALID(rd, "line %d: P1: a take with no further melds begins "
            "at most one meld", rd->line_of[K_NEW_MELDS]);
    if (st->turn_added_old) {
        /* G3: cards laid this turn (a take, or a meld move) on a meld of
         * the side that new-melds does not name, by a player who had not
         * melded before (the engine notes it for no other). */
        int earlier = 0;
        for (int r = 3; r <= 14; r++)
            earlier |= !(newm >> r & 1) &&
                       cn_meld_size(&st->melds[tside][r]) > 0;
        if (mbt || (tm == 0 && src != CN_SRC_PILE) || !earlier)
            return INVALID(rd, "line %d: G3: added-to-earlier-melds 1 needs "
                "melded-before-turn 0, a take or a meld this turn, and a "
                "meld of side %d that new-melds does not name",
                rd->added_line, tside);
    }
    return CANASTA_OK;
}

/* The phase against the turn (T1, P1, G4). */
static int check_phase(reader *rd)
{
    const cn_state *st = rd->st;
    int ph = st->phase, ts = st->turn_seat;
    int src = st->turn_src, tm = st->turn_melds, tx = st->turn_take_extra;
    int perm = st->permission;
    int L_phase = rd->line_of[K_PHASE];
    switch (ph) {
    case CANASTA_PHASE_DRAW:
        if (src != CN_SRC_NONE || perm != CANASTA_PERMISSION_NONE)
            return INVALID(rd, "line %d: T1: in phase draw seat %d has not "
                "drawn yet: source none, permission none", L_phase, ts);
        break;
    case CANASTA_PHASE_PLAY:
    case CANASTA_PHASE_ANSWER:
        if (src == CN_SRC_NONE)
            return INVALID(rd, "line %d: T1: in phase %s the player has drawn "
                "or taken the pile; source cannot be none", L_phase,
                cn_phase_names.name[ph]);
        if (src == CN_SRC_PILE && st->pile_n)
            return INVALID(rd, "line %d: P1: seat %d took the pile this turn, "
                "so it is empty until the turn's discard",
                rd->line_of[K_PILE], ts);
        if (ph == CANASTA_PHASE_PLAY && perm == CANASTA_PERMISSION_NO &&
            st->hand_n[ts] < 2)
            return INVALID(rd, "line %d: G4: after a \"no\" seat %d keeps at "
                "least two cards", rd->hand_line[ts], ts);
        if (ph == CANASTA_PHASE_PLAY && perm == CANASTA_PERMISSION_ASKED)
            return INVALID(rd, "line %d: G4: a question asked is answered "
                "(phase answer) before play goes on", L_phase);
        if (ph == CANASTA_PHASE_ANSWER &&
            (perm != CANASTA_PERMISSION_ASKED || tm || tx ||
             st->hand_n[ts] < 2))
            return INVALID(rd, "line %d: G4: in phase answer seat %d has "
                "asked (permission asked) right after drawing (no meld this "
                "turn) holding at least 2 cards", L_phase, ts);
        break;
    default:
        if (perm == CANASTA_PERMISSION_ASKED)
            return INVALID(rd, "line %d: G4: a hand cannot end while a "
                "question waits for its answer", rd->line_of[K_PERMISSION]);
        break;
    }
    return CANASTA_OK;
}

/* How the last hand ended, its score lines, and G1: nobody is out while a
 * hand goes on. */
static int check_last_hand(reader *rd, int end)
{
    const cn_state *st = rd->st;
    int np = st->p.players, ns = st->p.sides;
    int in_play = phase_in_play(st->phase);
    int how = st->end_how, es = end_seat_of(st);
    int out_how = ended_by_going_out(how);
    if (out_how != (es >= 0))
        return INVALID(rd, "line %d: %s", rd->line_of[K_LAST_HAND], out_how
            ? "G2: a hand that ended by going out names the seat that went "
              "out"
            : "E1: a hand that did not end by going out names no seat "
              "(\"-\")");
    for (int side = 0; side < ns; side++)
        if (rd->score_line[side] && how == CANASTA_END_NONE)
            return INVALID(rd, "line %d: S5: a last-score line, but no hand "
                "has ended (last-hand none)", rd->score_line[side]);
        else if (!rd->score_line[side] && how != CANASTA_END_NONE)
            return SYNTAX(rd, "line %d: the position has no \"last-score %d\" "
                "line (a hand has ended)", end, side);
    for (int s = 0; s < np; s++) {
        int emptied = !in_play && out_how && s == es;
        if (emptied && st->hand_n[s])
            return INVALID(rd, "line %d: G2: seat %d went out, so its hand "
                "is empty", rd->hand_line[s], s);
        if (!emptied && st->hand_n[s] == 0)
            return INVALID(rd, "line %d: G2: seat %d has no cards, but %s",
                rd->hand_line[s], s, in_play
                    ? "a hand is being played (a player who empties the "
                      "hand ends it)"
                    : "the last hand did not end with this seat going out");
    }
    return CANASTA_OK;
}

/* M6: black threes are melded only by a player going out: in the move
 * that empties the hand, or leaves one card to discard. */
static int check_black_threes(reader *rd)
{
    const cn_state *st = rd->st;
    int ns = st->p.sides, ph = st->phase, ts = st->turn_seat;
    int tside = st->side_of[ts], in_play = phase_in_play(ph);
    int es = end_seat_of(st), out_how = ended_by_going_out(st->end_how);
    unsigned newm = st->turn_new_melds;
    for (int side = 0; side < ns; side++) {
        if (!cn_meld_size(&st->melds[side][3]))
            continue;
        if (in_play && (ph != CANASTA_PHASE_PLAY || side != tside ||
                        !(newm >> 3 & 1) || st->hand_n[ts] > 1))
            return INVALID(rd, "line %d: M6: black threes are melded only by "
                "a player going out; while a hand goes on, only the player "
                "to move may have just melded them (new-melds 3), keeping at "
                "most one card to discard", rd->meld_line[side][3]);
        if (!in_play && (!out_how || st->side_of[es] != side))
            return INVALID(rd, "line %d: M6: black threes are melded only by "
                "a player going out; no seat of side %d went out",
                rd->meld_line[side][3], side);
    }
    return CANASTA_OK;
}

/* The start of the hand (S5), after which st holds the start_* values
 * the position implies. */
static int check_hand_start(reader *rd)
{
    cn_state *st = rd->st;
    int ns = st->p.sides, in_play = phase_in_play(st->phase);
    int how = st->end_how, L_last = rd->line_of[K_LAST_HAND];
    if (!in_play)
        for (int side = 0; side < ns; side++) {
            long long start = (long long)st->totals[side] -
                              st->last_items[side][CANASTA_SCORE_TOTAL];
            if (start < -2147483647LL - 1 || start > 2147483647LL)
                return INVALID(rd, "line %d: the totals are out of range",
                               rd->line_of[K_TOTALS]);
        }
    cn_position_normalize(st, st);
    if (st->hand_no == 1) {
        for (int side = 0; side < ns; side++)
            if (st->start_totals[side] != 0)
                return INVALID(rd, "line %d: S5: the first hand starts from "
                    "totals 0 (side %d: %d)", rd->line_of[K_TOTALS], side,
                    (int)st->start_totals[side]);
        if (in_play && how != CANASTA_END_NONE)
            return INVALID(rd, "line %d: in the first hand no hand has ended "
                "yet (last-hand none)", L_last);
    } else if (in_play && how == CANASTA_END_NONE) {
        return INVALID(rd, "line %d: in hand %d the last hand has ended "
            "(last-hand cannot be none)", L_last, (int)st->hand_no);
    }
    /* The totals the hand was dealt from (S5), and, while it is played,
     * the breakdown of the hand before, item by item (a finished hand's
     * own breakdown is recomputed from the table: check_hand_over). */
    int32_t last[CN_MAX_SIDES];
    for (int side = 0; side < ns; side++)
        last[side] = st->last_items[side][CANASTA_SCORE_TOTAL];
    int rc = cn_check_play_totals(&st->p, st->hand_no, st->start_totals,
        in_play && how != CANASTA_END_NONE ? last : NULL,
        rd->line_of[K_TOTALS], rd->why, rd->ws);
    if (rc || !in_play || how == CANASTA_END_NONE)
        return rc;
    return cn_check_breakdown(&st->p, how, end_seat_of(st),
                              &st->last_items[0][0], rd->score_line, rd->why,
                              rd->ws);
}

/* A hand being played: S6, and what the player to move must be able to
 * do (G1, G4); sets the current seat. */
static int check_in_play(reader *rd)
{
    cn_state *st = rd->st;
    int ph = st->phase, ts = st->turn_seat, perm = st->permission;
    int w;
    if (cn_s6_over(&st->p, st->totals, &w))
        return INVALID(rd, "line %d: S6: with these totals the game is "
            "over; no hand is played", rd->line_of[K_TOTALS]);
    st->cur = (uint8_t)ts;
    if (ph == CANASTA_PHASE_ANSWER) {
        st->cur = (uint8_t)cn_partner(st, ts);
        if (!cn_seat_can_go_out(st, ts))
            return INVALID(rd, "line %d: G4: seat %d could not go out "
                "with the cards it holds, so it cannot have asked",
                rd->line_of[K_PERMISSION], ts);
    }
    /* G1, G4: after a "yes", or with one card left, the player to move
     * can go out (every move that would lose that is refused). */
    if (ph == CANASTA_PHASE_PLAY && !cn_seat_can_go_out(st, ts)) {
        if (perm == CANASTA_PERMISSION_YES)
            return INVALID(rd, "line %d: G4: after a \"yes\" seat %d "
                "must be able to go out, and with these cards it cannot",
                rd->line_of[K_PERMISSION], ts);
        if (st->hand_n[ts] == 1)
            return INVALID(rd, "line %d: G1: seat %d holds one card but "
                "could not go out by discarding it", rd->hand_line[ts],
                ts);
    }
    return CANASTA_OK;
}

/* How a finished hand ended (E1, E2, G1, G2, G3). */
static int check_ending(reader *rd)
{
    const cn_state *st = rd->st;
    const cn_params *p = &st->p;
    int ph = st->phase, ts = st->turn_seat;
    int how = st->end_how, es = end_seat_of(st);
    int L_last = rd->line_of[K_LAST_HAND];
    if (how == CANASTA_END_NONE)
        return INVALID(rd, "line %d: in phase %s a hand has ended "
            "(last-hand cannot be none)", L_last, cn_phase_names.name[ph]);
    if ((how == CANASTA_END_STOCK || how == CANASTA_END_RED_THREE) &&
        st->stock_n)
        return INVALID(rd, "line %d: %s", rd->line_of[K_STOCK],
            how == CANASTA_END_STOCK
                ? "E1: the hand ended with the stock empty"
                : "E2: the hand ended on the last card of the stock");
    if (!ended_by_going_out(how))
        return CANASTA_OK;
    int want_how = CANASTA_END_WENT_OUT;
    if (es != ts)
        return INVALID(rd, "line %d: G2: seat %d went out in its own "
            "turn, so turn is %d", rd->line_of[K_TURN], es, es);
    if (cn_side_canastas(st, st->side_of[es]) < p->canastas_to_go_out)
        return INVALID(rd, "line %d: G1: seat %d went out, but side "
            "%d has fewer than %d canasta%s", L_last, es,
            st->side_of[es], (int)p->canastas_to_go_out,
            p->canastas_to_go_out > 1 ? "s" : "");
    if (cn_exit_concealed(st, es))
        want_how = CANASTA_END_CONCEALED;
    if (how != want_how)
        return INVALID(rd, "line %d: G3: seat %d went out %s", L_last,
            es, want_how == CANASTA_END_CONCEALED
                ? "concealed: it had not melded before this turn and "
                  "began a canasta in it"
                : "in the ordinary way, not concealed (it had melded "
                  "before, began no canasta this turn, or added to its "
                  "side's earlier melds)");
    return CANASTA_OK;
}

/* A finished hand: its ending, its scores (E3) and S6; sets the winner
 * and the current seat. */
static int check_hand_over(reader *rd)
{
    cn_state *st = rd->st;
    int ns = st->p.sides, np = st->p.players, ph = st->phase;
    int rc = check_ending(rd);
    if (rc)
        return rc;
    int32_t items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    cn_hand_scores(st, st->end_how, end_seat_of(st), items);
    for (int side = 0; side < ns; side++) {
        const int32_t *it = items[side];
        if (memcmp(it, st->last_items[side], sizeof items[side]) != 0)
            return INVALID(rd, "line %d: E3: side %d's score of this hand "
                "is %d %d %d %d %d %d %d (melded, natural, mixed, red "
                "threes, going out, in hand, total)",
                rd->score_line[side], side, (int)it[0], (int)it[1],
                (int)it[2], (int)it[3], (int)it[4], (int)it[5], (int)it[6]);
    }
    int w, over = cn_game_over(&st->p, st->hand_no, st->totals, &w);
    if (over != (ph == CANASTA_PHASE_GAME_OVER)) {
        int w6;
        if (over && !cn_s6_over(&st->p, st->totals, &w6))
            return INVALID(rd, "line %d: S6: with these totals the game is "
                "over (phase game-over): after hand %ld, or with a total "
                "beyond -%ld to %ld, no hand can be dealt, so the game ends",
                rd->line_of[K_PHASE], CN_HAND_LIMIT, CN_PLAY_LIMIT,
                CN_PLAY_LIMIT);
        return INVALID(rd, "line %d: S6: with these totals the game is %s",
                       rd->line_of[K_PHASE], over ? "over (phase game-over)"
                                                  : "not over (phase "
                                                    "hand-over)");
    }
    st->winner_plus1 = (uint8_t)w;
    st->cur = (uint8_t)((st->dealer + 1) % np);
    return CANASTA_OK;
}

/* X3: who plays alone, and whether the partners' tables are one.  A
 * partnership that merged began at the first pile take; one that stayed
 * apart, when the lone hand went out before anyone took the pile. */
static int check_lone(reader *rd)
{
    cn_state *st = rd->st;
    int lone = rd->lone, L = rd->lone_line;
    for (int s = 0; s < st->p.players; s++)
        st->side_of[s] = (uint8_t)st->p.seat_side[s];
    if (!st->p.lone_hand)
        return CANASTA_OK;
    int in_play = phase_in_play(st->phase);
    int out_how = ended_by_going_out(st->end_how);
    if (lone < 0) {
        if (st->turn_src == CN_SRC_PILE)
            return INVALID(rd, "line %d: X3: seat %d took the pile, so it is "
                "the lone hand", L, (int)st->turn_seat);
        if (!in_play && out_how)
            return INVALID(rd, "line %d: X3: seat %d went out, so it is the "
                "lone hand if nobody else was", L, end_seat_of(st));
        return CANASTA_OK;
    }
    st->lone_plus1 = (uint8_t)(lone + 1);
    if (!rd->lone_merged) {
        if (in_play || !out_how || end_seat_of(st) != lone)
            return INVALID(rd, "line %d: X3: partners stay apart only when "
                "the lone hand went out before anyone took the pile, and "
                "seat %d did not end the hand that way", L, lone);
        return CANASTA_OK;
    }
    int a = -1;
    for (int s = 0; s < st->p.players; s++)
        if (s != lone) {
            if (a < 0)
                a = s;
            else
                st->side_of[s] = (uint8_t)a;
        }
    return CANASTA_OK;
}

/* M1, X3: more than three wild cards only in a meld the merge made: on
 * the merged partners' side (read_meld let such melds through). */
static int check_merged_wilds(reader *rd)
{
    const cn_state *st = rd->st;
    int lone = (int)st->lone_plus1 - 1;
    int merged = lone >= 0 && cn_partners_merged(st);
    int partners = merged ? st->side_of[(lone + 1) % 3] : -1;
    for (int side = 0; side < st->p.sides; side++)
        for (int r = 4; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            if (m->twos + m->jokers > 3 && side != partners)
                return INVALID(rd, "line %d: M1: a meld holds at most 3 wild "
                    "cards (X3: more only in a meld merged from two "
                    "partners' melds)", rd->meld_line[side][r]);
        }
    return CANASTA_OK;
}

/* What play bounds beyond the rules of a single line (T1, C4, O3): a
 * seat of a side that has not opened gets cards only by drawing (taking
 * the pile would open the side), one draw a turn and one discard, so it
 * holds at most its dealt hand plus draw-count - 1 for every draw it can
 * have made, plus the card of the draw just made; and every meld move of
 * this turn laid at least one card on the side's table. */
static int check_reach(reader *rd)
{
    const cn_state *st = rd->st;
    const cn_params *p = &st->p;
    int ts = st->turn_seat, tside = st->side_of[ts];
    int table = 0;
    for (int r = 3; r <= 14; r++)
        table += cn_meld_size(&st->melds[tside][r]);
    if (st->turn_melds > table)
        return INVALID(rd, "line %d: T1: every meld move lays at least one "
            "card, and side %d has %d card%s melded, so seat %d cannot have "
            "made %d meld moves this turn", rd->line_of[K_MELDS_THIS_TURN],
            tside, table, table == 1 ? "" : "s", ts, (int)st->turn_melds);
    int most = cn_unopened_hand_max(p);
    for (int s = 0; s < p->players; s++) {
        int drew = s == ts && st->phase != CANASTA_PHASE_DRAW;
        if (st->opened[st->side_of[s]] || st->hand_n[s] <= most + drew)
            continue;
        return INVALID(rd, "line %d: C4, O3: seat %d's side has not opened, "
            "so its hand grows only by drawing: at most %d cards%s, not %d",
            rd->hand_line[s], s, most + drew,
            drew ? " with this turn's draw" : "", (int)st->hand_n[s]);
    }
    return CANASTA_OK;
}

/* A partial position's unnamed cards (docs/NOTATION.md, "Partial
 * positions"): every card of the deck not named by a line, in card-code
 * order, shuffled as a deck is (cn_shuffle_cards: the position's seed,
 * stream 2^63 + hand-number); then each "hand S +N", seat by seat from 0,
 * takes the first N of them that are not red threes (R1: never in a
 * hand), and the stock ("+N" or "rest") takes the next ones in order,
 * below the cards it names.  Every card must end up placed (C2). */
static int deal_unnamed(reader *rd, int end)
{
    cn_state *st = rd->st;
    const cn_params *p = &st->p;
    uint8_t pool[CN_MAX_DECK];
    int n = 0;
    for (int c = 8; c <= 60; c++)
        for (int k = rd->placed[c]; k < rd->want[c]; k++)
            pool[n++] = (uint8_t)c;
    cn_shuffle_cards(pool, n, st->seed,
                     0x8000000000000000ULL + (uint64_t)st->hand_no);
    uint8_t used[CN_MAX_DECK];
    memset(used, 0, sizeof used);
    for (int s = 0; s < p->players; s++) {
        int need = rd->hand_extra[s];
        for (int i = 0; i < n && need > 0; i++) {
            if (used[i] || cn_is_red3(pool[i]))
                continue;
            used[i] = 1;
            st->hand[s][pool[i]]++;
            st->hand_n[s]++;
            rd->placed[pool[i]]++;
            need--;
        }
        if (need > 0)
            return INVALID(rd, "line %d: C2: the cards the position does "
                "not name are too few for \"+%d\" (red threes never go to "
                "a hand)", rd->hand_line[s], rd->hand_extra[s]);
    }
    /* The stock: the named cards on top (stock[stock_n - 1] is the top),
     * then the dealt ones in order below them. */
    int named = st->stock_n, extra = 0;
    uint8_t below[CN_MAX_DECK];
    for (int i = 0; i < n; i++) {
        if (used[i] || (!rd->stock_rest && extra >= rd->stock_extra))
            continue;
        used[i] = 1;
        below[extra++] = pool[i];
        rd->placed[pool[i]]++;
    }
    if (!rd->stock_rest && extra < rd->stock_extra)
        return INVALID(rd, "line %d: C2: the cards the position does not "
            "name are too few for \"+%d\"", rd->line_of[K_STOCK],
            rd->stock_extra);
    int left = 0;
    for (int i = 0; i < n; i++)
        left += !used[i];
    if (left)
        return INVALID(rd, "line %d: C2: %d card%s of the deck %s neither "
            "named nor dealt (\"stock rest\" puts every card not named "
            "into the stock)", end, left, left == 1 ? "" : "s",
            left == 1 ? "is" : "are");
    uint8_t top_first[CN_MAX_DECK];
    for (int i = 0; i < named; i++)
        top_first[i] = st->stock[named - 1 - i];
    memcpy(top_first + named, below, (size_t)extra);
    st->stock_n = (uint8_t)(named + extra);
    for (int i = 0; i < st->stock_n; i++)
        st->stock[st->stock_n - 1 - i] = top_first[i];
    return CANASTA_OK;
}

/* A partial position without "last-hand" (and so without "last-score")
 * while a hand is played: in hand 1 no hand has ended; in a later hand
 * the hand before ended with the stock (E1: no going out), and its
 * breakdown is the simplest one the rules allow that gives the totals
 * (hand 2, whose totals are hand 1's score: melded cards, natural
 * canastas for what is beyond the deck's card value, cards in hand for a
 * loss, red threes minus for a loss beyond the deck's value) or, from
 * hand 3 on, all zero (the earlier hands made the totals). */
static void derive_last_hand(reader *rd)
{
    cn_state *st = rd->st;
    const cn_params *p = &st->p;
    st->end_seat = 0xFF;
    if (st->hand_no == 1) {
        st->end_how = CANASTA_END_NONE;
        st->scored = 0;
        return;
    }
    st->end_how = CANASTA_END_STOCK;
    st->scored = 1;
    rd->derived_scores = 1;
    int value = cn_deck_value(p), red = cn_red3_bonus(p, 2 * p->packs);
    for (int s = 0; s < p->sides; s++) {
        int32_t *it = st->last_items[s];
        memset(it, 0, sizeof st->last_items[s]);
        rd->score_line[s] = rd->line_of[K_TOTALS];
        long t = st->hand_no == 2 ? st->totals[s] : 0;
        if (t > value) {
            long k = (t - value + 499) / 500;
            it[CANASTA_SCORE_NATURAL_CANASTAS] = (int32_t)(500 * k);
            it[CANASTA_SCORE_MELDED] = (int32_t)(t - 500 * k);
        } else if (t >= 15) {
            it[CANASTA_SCORE_MELDED] = (int32_t)t;
        } else if (t > 0) {
            it[CANASTA_SCORE_MELDED] = 15;
            it[CANASTA_SCORE_IN_HAND] = (int32_t)(t - 15);
        } else if (t >= -value) {
            it[CANASTA_SCORE_IN_HAND] = (int32_t)t;
        } else {
            it[CANASTA_SCORE_RED_THREES] = -red;
            it[CANASTA_SCORE_IN_HAND] = (int32_t)(t + red);
        }
        /* A total no single hand can score gives items the checks refuse
         * (cn_check_breakdown, cn_check_play_totals), with the rule. */
        it[CANASTA_SCORE_TOTAL] = (int32_t)t;
    }
}

static int validate(reader *rd, int end)
{
    int rc = check_lone(rd);
    /* A finished hand without last-score lines: its breakdown is the
     * table's (E3), as check_hand_over would recompute it. */
    if (!rc && rd->derived_scores && !phase_in_play(rd->st->phase))
        cn_hand_scores(rd->st, rd->st->end_how, end_seat_of(rd->st),
                       rd->st->last_items);
    if (!rc)
        rc = check_merged_wilds(rd);
    if (!rc)
        rc = check_deck(rd, end);
    if (!rc)
        rc = check_pile(rd);
    if (!rc)
        rc = check_opened(rd);
    if (!rc)
        rc = check_turn(rd);
    if (!rc)
        rc = check_phase(rd);
    if (!rc)
        rc = check_last_hand(rd, end);
    if (!rc)
        rc = check_black_threes(rd);
    if (!rc)
        rc = check_reach(rd);
    if (!rc)
        rc = check_hand_start(rd);
    if (!rc)
        rc = phase_in_play(rd->st->phase) ? check_in_play(rd)
                                      : check_hand_over(rd);
    return rc;
}

/* One line of a position (not a comment, not the end line), by its key. */
static int read_line(reader *rd, char *line, const char *end_line)
{
    char *cur = line, *key = cn_token(&cur);
    for (int k = 0; k < K_COUNT; k++)
        if (strcmp(key, key_names[k]) == 0)
            return read_keyed(rd, k, cur);
    if (strcmp(key, "hand") == 0)
        return read_hand(rd, cur);
    if (strcmp(key, "red-threes") == 0)
        return read_red_threes(rd, cur);
    if (strcmp(key, "meld") == 0)
        return read_meld(rd, cur);
    if (strcmp(key, "last-score") == 0)
        return read_last_score(rd, cur);
    if (strcmp(key, "lone") == 0)
        return read_lone(rd, cur);
    if (strcmp(key, "added-to-earlier-melds") == 0)
        return read_added(rd, cur);
    return SYNTAX(rd, "line %d: \"%s\" is not a line of a position%s",
                  rd->line, key, end_line ? " (or its end is missing)" : "");
}

int cn_read_position(cn_state *st, cn_lines *r, const char *end_line,
                     char *why, size_t ws)
{
    cn_params p = st->p;
    uint64_t seed = st->seed;
    memset(st, 0, sizeof *st);
    st->p = p;
    st->seed = seed;
    st->end_seat = 0xFF;

    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.st = st;
    rd.why = why;
    rd.ws = ws;
    rd.lone = -1;
    cn_deck_counts(&st->p, rd.want);

    int found_end = 0, rc;
    while ((rc = cn_lines_next(r, why, ws)) == 1) {
        char *line = r->line;
        rd.line = r->lineno;
        if (cn_line_ignored(line))
            continue;
        while (*line == ' ' || *line == '\t')
            line++;
        if (end_line && strcmp(line, end_line) == 0) {
            found_end = 1;
            break;
        }
        rc = read_line(&rd, line, end_line);
        if (rc)
            return rc;
    }
    if (rc < 0)
        return rc;
    int end = r->lineno;
    if (end_line && !found_end)
        return SYNTAX(&rd, "line %d: the text ends before \"%s\"", end,
                      end_line);
    for (int k = 0; k < K_COUNT; k++)
        if (!rd.line_of[k] && k != K_LAST_HAND)
            return SYNTAX(&rd, "line %d: the position has no \"%s\" line", end,
                          key_names[k]);
    if (!rd.line_of[K_LAST_HAND]) {
        /* Partial positions: totals without the hand before's
         * breakdown while a hand is played; a finished hand says how it
         * ended, and its breakdown may be left to the table. */
        for (int s = 0; s < st->p.sides; s++)
            if (rd.score_line[s])
                return SYNTAX(&rd, "line %d: the position has no "
                              "\"last-hand\" line, which its last-score "
                              "lines need", end);
        if (!phase_in_play(st->phase))
            return SYNTAX(&rd, "line %d: the position has no \"last-hand\" "
                          "line (a finished hand says how it ended)", end);
        derive_last_hand(&rd);
    } else if (!phase_in_play(st->phase) && st->end_how != CANASTA_END_NONE) {
        int given = 0;
        for (int s = 0; s < st->p.sides; s++)
            given += rd.score_line[s] != 0;
        if (given == 0) {
            /* Computed from the table once the lone hand is known. */
            rd.derived_scores = 1;
            for (int s = 0; s < st->p.sides; s++)
                rd.score_line[s] = rd.line_of[K_LAST_HAND];
        }
    }
    if (st->p.lone_hand && !rd.lone_line)
        return SYNTAX(&rd, "line %d: the position has no \"lone\" line (the "
                      "three-player game has one)", end);
    for (int s = 0; s < st->p.players; s++) {
        if (!rd.hand_line[s])
            return SYNTAX(&rd, "line %d: the position has no \"hand %d\" line",
                          end, s);
        if (!rd.red_line[s])
            return SYNTAX(&rd, "line %d: the position has no \"red-threes %d\" "
                          "line", end, s);
    }
    if (rd.partial && (rc = deal_unnamed(&rd, end)) != CANASTA_OK)
        return rc;
    return validate(&rd, end);
}

/* ---- the public functions ---- */

CANASTA_API int canasta_game_position(char **text, size_t *length,
                                      const canasta_game *game)
{
    if (text)
        *text = NULL;
    if (length)
        *length = 0;
    if (!text || !game)
        return CANASTA_E_NULL;
    cn_text t;
    cn_text_init(&t, game->alloc, game->release, game->user);
    cn_text_puts(&t, "canasta-position 1\n");
    cn_write_rules(&t, &game->st.p, game->st.seed, 1);
    cn_write_position(&t, &game->st, CANASTA_VIEW_ALL);
    return cn_text_finish(text, length, &t);
}

CANASTA_API int canasta_game_from_position(canasta_game **out, char *why,
    size_t why_size, const char *text, size_t length)
{
    return canasta_game_from_position_with_allocator(out, why, why_size, text,
                                                     length, NULL, NULL,
                                                     NULL);
}

CANASTA_API int canasta_game_from_position_with_allocator(
    canasta_game **out, char *why, size_t why_size, const char *text,
    size_t length, canasta_alloc_fn alloc, canasta_release_fn release,
    void *user)
{
    if (why && why_size)
        why[0] = '\0';
    if (out)
        *out = NULL;
    if (!out || !text)
        return CANASTA_E_NULL;
    if (!cn_alloc_pair_ok(alloc, release))
        return CANASTA_E_ARG;
    cn_lines r;
    cn_params p;
    uint64_t seed;
    cn_lines_init(&r, text, length);
    int rc = cn_read_header(&r, "canasta-position", &p, &seed, why,
                            why_size);
    if (rc)
        return rc;
    canasta_game *g = cn_game_alloc(alloc, release, user, &p);
    if (!g)
        return CANASTA_E_NOMEM;
    g->st.p = p;
    g->st.seed = seed;
    rc = cn_read_position(&g->st, &r, NULL, why, why_size);
    if (rc) {
        canasta_game_free(g);
        return rc;
    }
    g->from_position = 1;
    memcpy(g->base, &g->st, sizeof g->st);
    *out = g;
    return CANASTA_OK;
}
