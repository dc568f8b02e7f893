/* position_read.c - reading a position's body lines (docs/NOTATION.md,
 * "Positions"; position_write.c writes them): each line checked by
 * itself, every card at most as often as the deck holds it (C2); the
 * cards a partial position leaves unnamed dealt; the values a position
 * implies derived; then the whole state held to what play reaches
 * (cn_state_check), with the line of each value to name.  Readers take
 * the lines in any order; each line once, "last-score" once per side,
 * "hand"/"red-threes" once per seat, "meld" once per side and rank. */
#include <stdio.h>
#include <string.h>
#include "cn_assert.h"
#include "position.h"
#include "state_check.h"

static const char *const key_names[CN_K_COUNT] = {
    "hand-number", "dealer", "phase", "turn", "source", "melds-this-turn",
    "take-extra", "permission", "melded-before-turn", "new-melds",
    "seat-melded", "totals", "last-hand", "opened", "stock", "pile"
};

typedef struct reader {
    cn_state *st;
    cn_at at;                         /* the line being read, and why */
    cn_state_lines lines;             /* the line of each value (0: none) */
    int red_line[CN_MAX_PLAYERS];
    int lone, lone_merged;            /* X3: lone -1 for "lone -" */
    uint8_t want[CANASTA_CARD_LIMIT], placed[CANASTA_CARD_LIMIT];
    /* Partial positions: "+N" cards dealt to a hand or the stock, "rest"
     * for the stock (deal_unnamed). */
    int partial;                      /* some line leaves cards unnamed */
    int hand_extra[CN_MAX_PLAYERS];   /* "+N" of each hand line */
    int stock_extra, stock_rest;      /* "+N" or "rest" of the stock */
    int derived_scores;               /* last-score lines made, not read */
} reader;

#define FAIL(rd, code, line, ...) \
    cn_why_line((rd)->at.why, (rd)->at.ws, (code), (line), __VA_ARGS__)
#define SYNTAX(rd, line, ...) FAIL(rd, CANASTA_E_SYNTAX, line, __VA_ARGS__)
#define INVALID(rd, line, ...) FAIL(rd, CANASTA_E_INVALID, line, __VA_ARGS__)
/* The readers below set their outputs only when they return CANASTA_OK.
 * cn_why returns the code it is given, but in another file, so the
 * analyser cannot tell that an error return is never 0: the callers'
 * output variables start at 0 so that no path reads them uninitialised. */

static int seat_tok(reader *rd, const char *tok, long *v)
{
    long x;
    if (tok && cn_parse_int(tok, 0, 2147483647L, &x) &&
        x >= rd->st->p.players)
        return INVALID(rd, rd->at.line, "seat %ld does not exist in a %d-player "
                       "game", x, (int)rd->st->p.players);
    return cn_at_int(&rd->at, tok, "the seat", 0, rd->st->p.players - 1, v);
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
        return INVALID(rd, rd->at.line, "side %ld does not exist in a game of "
                       "%d sides", x, (int)rd->st->p.sides);
    return cn_at_int(&rd->at, tok, "the side", 0, rd->st->p.sides - 1, v);
}

static int get_bool(reader *rd, char **cur, const char *what, uint8_t *out)
{
    char *tok = cn_token(cur);
    if (!tok || (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0))
        return SYNTAX(rd, rd->at.line, "%s is 0 or 1%s%s%s", what,
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
        return SYNTAX(rd, rd->at.line, "%s is missing (%s)", what,
                      list);
    return SYNTAX(rd, rd->at.line, "%s: \"%s\" is not one of %s", what,
                  tok, list);
}

/* Parse one card token: E_HIDDEN for "??", E_SYNTAX if not a card,
 * E_INVALID when the deck holds no more of it. */
static int get_card(reader *rd, const char *tok, int *card)
{
    int c = 0;
    int rc = cn_at_card(&rd->at, tok, &c);
    if (rc)
        return rc;
    if (rd->placed[c] >= rd->want[c]) {
        char name[8];
        cn_card_name(name, c);
        return INVALID(rd, rd->at.line, "C2: one %s too many: the deck holds %d", name, rd->want[c]);
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
        *rc = SYNTAX(rd, rd->at.line, "\"%s\": write \"+N\" for N more cards "
                     "dealt from those the position does not name", tok);
    else if (v > rd->st->p.deck_size)
        *rc = INVALID(rd, rd->at.line, "C2: \"%s\": the deck has %d cards", tok, (int)rd->st->p.deck_size);
    else if (cn_token(cur))
        *rc = SYNTAX(rd, rd->at.line, "\"%s\" ends the line (the cards named "
                     "come first)", tok);
    *n = (int)v;
    rd->partial = 1;
    return 1;
}

/* Per-seat or per-side repeated lines. */
static int once(reader *rd, int *slot, const char *what, long index)
{
    char name[32]; /* the longest key and a number fit */
    (void)snprintf(name, sizeof name, "%s %ld", what, index);
    return cn_at_once(&rd->at, slot, name);
}

static int read_hand(reader *rd, char *cur)
{
    cn_state *st = rd->st;
    long seat = 0;
    int rc = get_seat(rd, &cur, &seat);
    if (rc || (rc = once(rd, &rd->lines.hand[seat], "hand", seat)))
        return rc;
    char *tok;
    while ((tok = cn_token(&cur)) != NULL) {
        int c = 0;
        if (extra_tok(rd, tok, &cur, &rd->hand_extra[seat], &rc))
            return rc;
        if ((rc = get_card(rd, tok, &c)))
            return rc;
        if (cn_is_red3(c))
            return INVALID(rd, rd->at.line, "R1: a red three (%s) is never kept "
                           "in a hand; it is laid out (red-threes line)", tok);
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
            return INVALID(rd, rd->at.line, "R1: only red threes (3d, 3h) are "
                           "laid out this way, not %s", tok);
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
        return SYNTAX(rd, rd->at.line, "write a meld as \"meld <side> <rank>: "
                      "<cards>\", e.g. \"meld 0 K: Kc Kd Ks\"");
    if (rd->lines.meld[side][r])
        return SYNTAX(rd, rd->at.line, "a second meld of %s for side %ld (the "
                      "first is line %d)", cn_rank_plural(r), side,
                      rd->lines.meld[side][r]);
    rd->lines.meld[side][r] = rd->at.line;
    cn_meld *m = &st->melds[side][r];
    while ((tok = cn_token(&cur)) != NULL) {
        int c = 0;
        if ((rc = get_card(rd, tok, &c)))
            return rc;
        if (r == 3 && cn_is_wild(c))
            return INVALID(rd, rd->at.line, "M6: wild cards never stand in for "
                           "threes (%s)", tok);
        if (!cn_is_wild(c) &&
            (cn_rank(c) != r || (r == 3 && !cn_is_black3(c))))
            return INVALID(rd, rd->at.line, "M1: the %s does not belong in a "
                           "meld of %s", tok, cn_rank_plural(r));
        /* C2 (get_card) allows 20 cards of a rank with the wild cards. */
        if (NEVER(cn_meld_size(m) >= 255))
            return INVALID(rd, rd->at.line, "the meld is too large");
        cn_meld_add_card(m, c);
    }
    /* X3: a meld merged from the partners' two melds may hold up to six
     * wild cards (check_lone decides whether this side is such a one). */
    int cls;
    rc = cn_meld_class(&cls, &st->p, r, m->naturals, m->twos, m->jokers);
    if (rc == CANASTA_E_THREES)
        return INVALID(rd, rd->at.line, "M6: black threes are melded only as 3 "
                       "or 4 together, with no wild card");
    if (rc || cls == CANASTA_MELD_NONE)
        return INVALID(rd, rd->at.line, "M1: %d natural %s with %d wild cards "
                       "is not a legal meld (at least 3 cards, 2 of them "
                       "natural, at most 3 wild)", m->naturals,
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
        return INVALID(rd, rd->at.line, "X3: only the three-player game has a "
                       "lone hand");
    int rc = cn_at_once(&rd->at, &rd->lines.lone, "lone");
    if (rc)
        return rc;
    char *tok = cn_token(&cur);
    if (tok && strcmp(tok, "-") == 0) {
        rd->lone = -1;
        return cn_at_end(&rd->at, &cur, "lone");
    }
    if ((rc = seat_tok(rd, tok, &v)) != 0)
        return rc;
    rd->lone = (int)v;
    tok = cn_token(&cur);
    if (!tok || (strcmp(tok, "merged") != 0 && strcmp(tok, "apart") != 0))
        return SYNTAX(rd, rd->at.line, "write \"lone -\", \"lone <seat> "
                      "merged\" or \"lone <seat> apart\"");
    rd->lone_merged = strcmp(tok, "merged") == 0;
    return cn_at_end(&rd->at, &cur, "lone");
}

/* G3: "added-to-earlier-melds 0|1", an optional line (absent: 0). */
static int read_added(reader *rd, char *cur)
{
    int rc = cn_at_once(&rd->at, &rd->lines.added, "added-to-earlier-melds");
    if (rc)
        return rc;
    rc = get_bool(rd, &cur, "added-to-earlier-melds",
                      &rd->st->turn_added_old);
    return rc ? rc : cn_at_end(&rd->at, &cur, "added-to-earlier-melds");
}

static int read_last_score(reader *rd, char *cur)
{
    long side = 0, v = 0;
    int rc = get_side(rd, &cur, &side);
    if (rc || (rc = once(rd, &rd->lines.score[side], "last-score", side)))
        return rc;
    long long sum = 0;
    for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
        if ((rc = cn_at_next_int(&rd->at, &cur, "a score item", -CN_SCORE_LIMIT,
                          CN_SCORE_LIMIT, &v)))
            return rc;
        rd->st->last_items[side][i] = (int32_t)v;
        if (i < CANASTA_SCORE_TOTAL)
            sum += v;
    }
    if ((rc = cn_at_end(&rd->at, &cur, "last-score")))
        return rc;
    if (sum != rd->st->last_items[side][CANASTA_SCORE_TOTAL])
        return INVALID(rd, rd->at.line, "S5: the items of side %ld's score add "
                       "up to %lld, not %d", side, sum,
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
    if ((rc = cn_at_once(&rd->at, &rd->lines.key[k], key_names[k])) != 0)
        return rc;
    switch (k) {
    case CN_K_HAND_NUMBER:
        rc = cn_at_next_int(&rd->at, &cur, "the hand number", 1, CN_HAND_LIMIT, &v);
        st->hand_no = (int32_t)v;
        break;
    case CN_K_DEALER:
        rc = get_seat(rd, &cur, &v);
        st->dealer = (uint8_t)v;
        break;
    case CN_K_PHASE:
        rc = get_name(rd, &cur, "the phase", &cn_phase_names, 1, &x);
        st->phase = (uint8_t)x;
        break;
    case CN_K_TURN:
        rc = get_seat(rd, &cur, &v);
        st->turn_seat = (uint8_t)v;
        break;
    case CN_K_SOURCE:
        rc = get_name(rd, &cur, "the source", &cn_source_names, 0, &x);
        st->turn_src = (uint8_t)x;
        break;
    case CN_K_MELDS_THIS_TURN:
        rc = cn_at_next_int(&rd->at, &cur, "melds-this-turn", 0, 255, &v);
        st->turn_melds = (uint8_t)v;
        break;
    case CN_K_TAKE_EXTRA:
        rc = get_bool(rd, &cur, "take-extra", &st->turn_take_extra);
        break;
    case CN_K_PERMISSION:
        rc = get_name(rd, &cur, "the permission", &cn_permission_names,
                      0, &x);
        st->permission = (uint8_t)x;
        break;
    case CN_K_MELDED_BEFORE:
        rc = get_bool(rd, &cur, "melded-before-turn",
                      &st->melded_before_turn);
        break;
    case CN_K_NEW_MELDS: {
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            int r = cn_parse_rank(tok);
            if (!r)
                return SYNTAX(rd, rd->at.line, "\"%s\" is not a rank (3 to 10, "
                              "J, Q, K, A)", tok);
            if (st->turn_new_melds >> r & 1)
                return SYNTAX(rd, rd->at.line, "rank %s is listed twice", cn_rank_name(r));
            st->turn_new_melds |= (uint16_t)(1u << r);
        }
        return CANASTA_OK;
    }
    case CN_K_SEAT_MELDED:
        for (int s = 0; s < p->players && !rc; s++) {
            char what[32];
            /* At most 31 characters: it fits. */
            (void)snprintf(what, sizeof what, "seat-melded of seat %d", s);
            rc = get_bool(rd, &cur, what, &st->seat_melded[s]);
        }
        break;
    case CN_K_TOTALS:
        for (int s = 0; s < p->sides && !rc; s++) {
            rc = cn_at_next_int(&rd->at, &cur, "a side's total", -CN_SCORE_LIMIT,
                         CN_SCORE_LIMIT, &v);
            st->totals[s] = (int32_t)v;
        }
        break;
    case CN_K_LAST_HAND: {
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
    case CN_K_OPENED:
        for (int s = 0; s < p->sides && !rc; s++) {
            char what[32];
            /* At most 26 characters: it fits. */
            (void)snprintf(what, sizeof what, "opened of side %d", s);
            rc = get_bool(rd, &cur, what, &st->opened[s]);
        }
        break;
    case CN_K_STOCK:
    case CN_K_PILE: {
        uint8_t cards[CN_MAX_DECK];
        int n = 0;
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            int c = 0;
            if (k == CN_K_STOCK && strcmp(tok, "rest") == 0) {
                rd->partial = rd->stock_rest = 1;
                if (cn_token(&cur))
                    return SYNTAX(rd, rd->at.line, "\"rest\" ends the stock "
                                  "line");
                break;
            }
            if (k == CN_K_STOCK &&
                extra_tok(rd, tok, &cur, &rd->stock_extra, &rc)) {
                if (rc)
                    return rc;
                break;
            }
            if ((rc = get_card(rd, tok, &c)))
                return rc;
            cards[n++] = (uint8_t)c; /* get_card bounds n by the deck */
        }
        if (k == CN_K_PILE) {
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
    return cn_at_end(&rd->at, &cur, key_names[k]);
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
            return INVALID(rd, rd->lines.hand[s], "C2: the cards the position does "
                "not name are too few for \"+%d\" (red threes never go to "
                "a hand)", rd->hand_extra[s]);
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
        return INVALID(rd, rd->lines.key[CN_K_STOCK], "C2: the cards the position does not "
            "name are too few for \"+%d\"",
            rd->stock_extra);
    int left = 0;
    for (int i = 0; i < n; i++)
        left += !used[i];
    if (left)
        return INVALID(rd, end, "C2: %d card%s of the deck %s neither "
            "named nor dealt (\"stock rest\" puts every card not named "
            "into the stock)", left, left == 1 ? "" : "s",
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
        rd->lines.score[s] = rd->lines.key[CN_K_TOTALS];
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

/* The values a position implies, set before the checks, which hold the
 * state to them (cn_state_check): the seats' sides (X3: the partners of
 * a merge on the first one's side), a finished hand's breakdown when the
 * position leaves it to the table (E3), the pile's counts, the hand's
 * start values (cn_position_normalize), the seat to move and the
 * winner. */
static int derive(reader *rd)
{
    cn_state *st = rd->st;
    const cn_params *p = &st->p;
    int np = p->players, ts = st->turn_seat, in_play = cn_in_play(st->phase);
    for (int s = 0; s < np; s++)
        st->side_of[s] = (uint8_t)p->seat_side[s];
    if (rd->lone >= 0) {
        st->lone_plus1 = (uint8_t)(rd->lone + 1);
        int a = -1;
        for (int s = 0; s < np && rd->lone_merged; s++)
            if (s != rd->lone) {
                if (a < 0)
                    a = s;
                else
                    st->side_of[s] = st->side_of[a];
            }
    }
    if (rd->derived_scores && !in_play) {
        cn_facts_rebuild(st); /* the hand values cn_hand_scores reads */
        cn_hand_scores(st, st->end_how,
                       st->end_seat == 0xFF ? -1 : st->end_seat,
                       st->last_items);
    }
    for (int i = 0; i < st->pile_n; i++) {
        st->pile_wilds = (uint8_t)(st->pile_wilds + cn_is_wild(st->pile[i]));
        st->pile_red3 = (uint8_t)(st->pile_red3 + cn_is_red3(st->pile[i]));
    }
    /* Totals and items are read within +-CN_SCORE_LIMIT, so a finished
     * hand's start (its totals less its score) fits an int32. */
    for (int s = 0; s < p->sides && !in_play; s++) {
        long long start = (long long)st->totals[s] -
                          st->last_items[s][CANASTA_SCORE_TOTAL];
        if (NEVER(start < CN_INT32_LO || start > CN_INT32_HI))
            return INVALID(rd, rd->lines.key[CN_K_TOTALS],
                           "the totals are out of range");
    }
    cn_position_normalize(st, st);
    /* The partner answers a question (G4; the checks refuse a question
     * from a seat with none); a finished hand's next move is the left of
     * the dealer's. */
    int partner = cn_partner(st, ts);
    st->cur = (uint8_t)(!in_play ? (st->dealer + 1) % np
                        : st->phase == CANASTA_PHASE_ANSWER && partner >= 0
                            ? partner : ts);
    int w = 0;
    if (!in_play)
        cn_game_over(p, st->hand_no, st->totals, &w);
    st->winner_plus1 = (uint8_t)w;
    return CANASTA_OK;
}

/* One line of a position (not a comment, not the end line), by its key. */
static int read_line(reader *rd, char *line, const char *end_line)
{
    char *cur = line, *key = cn_token(&cur);
    for (int k = 0; k < CN_K_COUNT; k++)
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
    return SYNTAX(rd, rd->at.line, "\"%s\" is not a line of a position%s", key, end_line ? " (or its end is missing)" : "");
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
    rd.at.why = why;
    rd.at.ws = ws;
    rd.lone = -1;
    cn_deck_counts(&st->p, rd.want);

    int found_end = 0, rc;
    while ((rc = cn_lines_next_used(r, why, ws)) == 1) {
        char *line = r->line + strspn(r->line, " \t");
        rd.at.line = r->lineno;
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
    rd.lines.end = end;
    if (end_line && !found_end)
        return SYNTAX(&rd, end, "the text ends before \"%s\"", end_line);
    for (int k = 0; k < CN_K_COUNT; k++)
        if (!rd.lines.key[k] && k != CN_K_LAST_HAND)
            return SYNTAX(&rd, end, "the position has no \"%s\" line",
                          key_names[k]);
    if (!rd.lines.key[CN_K_LAST_HAND]) {
        /* Partial positions: totals without the hand before's
         * breakdown while a hand is played; a finished hand says how it
         * ended, and its breakdown may be left to the table. */
        for (int s = 0; s < st->p.sides; s++)
            if (rd.lines.score[s])
                return SYNTAX(&rd, end, "the position has no \"last-hand\" "
                              "line, which its last-score lines need");
        if (!cn_in_play(st->phase))
            return SYNTAX(&rd, end, "the position has no \"last-hand\" line "
                          "(a finished hand says how it ended)");
        derive_last_hand(&rd);
    } else if (!cn_in_play(st->phase) && st->end_how != CANASTA_END_NONE) {
        int given = 0;
        for (int s = 0; s < st->p.sides; s++)
            given += rd.lines.score[s] != 0;
        if (given == 0) {
            /* Computed from the table once the lone hand is known. */
            rd.derived_scores = 1;
            for (int s = 0; s < st->p.sides; s++)
                rd.lines.score[s] = rd.lines.key[CN_K_LAST_HAND];
        }
    }
    if (st->p.lone_hand && !rd.lines.lone)
        return SYNTAX(&rd, end, "the position has no \"lone\" line (the "
                      "three-player game has one)");
    for (int s = 0; s < st->p.players; s++) {
        if (!rd.lines.hand[s])
            return SYNTAX(&rd, end, "the position has no \"hand %d\" line",
                          s);
        if (!rd.red_line[s])
            return SYNTAX(&rd, end, "the position has no \"red-threes %d\" "
                          "line", s);
    }
    if (rd.partial && (rc = deal_unnamed(&rd, end)) != CANASTA_OK)
        return rc;
    rc = derive(&rd); /* outside NEVER: coverage builds do not evaluate it */
    if (NEVER(rc != CANASTA_OK)) /* its one failure is a NEVER */
        return rc;
    cn_facts_rebuild(st); /* the kept facts of the cards read (facts.c) */
    return cn_state_check(st, CN_CHECK_ALL, &rd.lines, why, ws);
}

/* A position's body makes a game that began there (undo stops at it). */
static int position_body(canasta_game *g, cn_lines *r, char *why,
                         size_t why_size)
{
    int rc = cn_read_position(&g->st, r, NULL, why, why_size);
    if (rc == CANASTA_OK) {
        g->from_position = 1;
        memcpy(g->base, &g->st, sizeof g->st);
    }
    return rc;
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
    return cn_load_game(out, "canasta-position", position_body, why,
                        why_size, text, length, alloc, release, user);
}
