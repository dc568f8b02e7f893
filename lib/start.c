/* start.c - the start of a dealt hand in the texts (docs/NOTATION.md):
 * the lines that give it (a save's start lines, a record's first hand),
 * the checks of its values (S5, S6, C1-C3 as far as a start shows them),
 * and their writing, with a position's "last-hand" lines, which have the
 * same shape.
 *
 *   hand-number 4                    (saves; a record's "hand N")
 *   dealer 3                         (saves; a record's own dealer line)
 *   start-totals 1200 850
 *   start-last-hand went-out 2
 *   start-last-score 0 <7 items>     (per side, unless start-last-hand
 *   start-last-score 1 <7 items>      is none)
 *   deck <cards, top first>          (only when not the seed's shuffle) */
#include <stdio.h>
#include <string.h>
#include "cn_assert.h"
#include "position.h"

void cn_start_init(cn_start *s)
{
    memset(s, 0, sizeof *s);
    s->hand_no = 1;
    s->seat = 0xFF;
}

void cn_start_of_state(cn_start *s, const cn_state *st)
{
    s->hand_no = st->hand_no;
    s->dealer = st->dealer;
    memcpy(s->totals, st->start_totals, sizeof s->totals);
    memcpy(s->items, st->start_last_items, sizeof s->items);
    s->how = st->start_end_how;
    s->seat = st->start_end_seat;
    s->scored = st->start_scored;
}

void cn_start_to_state(cn_state *st, const cn_start *s)
{
    st->hand_no = s->hand_no;
    st->dealer = (uint8_t)s->dealer;
    memcpy(st->start_totals, s->totals, sizeof st->start_totals);
    memcpy(st->start_last_items, s->items, sizeof st->start_last_items);
    st->start_end_how = s->how;
    st->start_end_seat = s->seat;
    st->start_scored = s->scored;
}

int cn_start_same(const cn_start *a, const cn_start *b)
{
    return memcmp(a->totals, b->totals, sizeof a->totals) == 0 &&
           memcmp(a->items, b->items, sizeof a->items) == 0 &&
           a->how == b->how && a->seat == b->seat && a->scored == b->scored;
}

int cn_start_fresh(const cn_start *s)
{
    cn_start fresh;
    cn_start_init(&fresh);
    return cn_start_same(s, &fresh);
}

/* ---- reading ---- */

/* n numbers (any int32: cn_check_start checks their ranges) and nothing
 * after them. */
static int read_ints(char *rest, int32_t *v, int n)
{
    for (int i = 0; i < n; i++) {
        long x;
        if (!cn_parse_int32(cn_token(&rest), &x))
            return 0;
        v[i] = (int32_t)x;
    }
    return cn_token(&rest) == NULL;
}

#define SYNTAX(at, ...) \
    cn_why_line((at)->why, (at)->ws, CANASTA_E_SYNTAX, (at)->line, __VA_ARGS__)
#define INVALID(at, ...) \
    cn_why_line((at)->why, (at)->ws, CANASTA_E_INVALID, (at)->line, __VA_ARGS__)

/* A save's start lines: every number checked as it is read, a line given
 * twice refused before its values are read. */
static int read_save_line(cn_start *s, const cn_params *p, const cn_at *at,
                          const char *key, char *cur)
{
    long v = 0; /* set by cn_at_next_int whenever it returns CANASTA_OK */
    int rc = CANASTA_OK, *slot;
    if (strcmp(key, "start-last-score") == 0) {
        long side = 0;
        if ((rc = cn_at_next_int(at, &cur, "the side", 0, p->sides - 1,
                                 &side)))
            return rc;
        if (s->at.score[side])
            return SYNTAX(at, "a second \"start-last-score %ld\" line (the "
                          "first is line %d)", side, s->at.score[side]);
        s->at.score[side] = at->line;
        /* Ranges and sums: cn_check_start. */
        for (int i = 0; i < CANASTA_SCORE_ITEMS && !rc; i++) {
            rc = cn_at_next_int(at, &cur, "a score item", CN_INT32_LO,
                                CN_INT32_HI, &v);
            s->items[side][i] = (int32_t)v;
        }
        return rc ? rc : cn_at_end(at, &cur, NULL) ? CANASTA_E_SYNTAX : 1;
    }
    if (strcmp(key, "hand-number") == 0)
        slot = &s->at.hand;
    else if (strcmp(key, "dealer") == 0)
        slot = &s->at.dealer;
    else if (strcmp(key, "start-totals") == 0)
        slot = &s->at.totals;
    else if (strcmp(key, "start-last-hand") == 0)
        slot = &s->at.last_hand;
    else if (strcmp(key, "deck") == 0)
        slot = &s->at.deck;
    else
        return 0;
    if ((rc = cn_at_once(at, slot, key)))
        return rc;
    if (slot == &s->at.hand) {
        rc = cn_at_next_int(at, &cur, "the hand number", 1, CN_HAND_LIMIT,
                            &v);
        s->hand_no = (int32_t)v;
    } else if (slot == &s->at.dealer) {
        rc = cn_at_next_int(at, &cur, "the dealer", 0, p->players - 1, &v);
        s->dealer = (int32_t)v;
    } else if (slot == &s->at.totals) {
        for (int i = 0; i < p->sides && !rc; i++) {
            rc = cn_at_next_int(at, &cur, "a side's total", CN_INT32_LO,
                                CN_INT32_HI, &v);
            s->totals[i] = (int32_t)v;
        }
    } else if (slot == &s->at.last_hand) {
        char *tok = cn_token(&cur);
        int how = cn_name_index(&cn_end_names, 0, tok);
        if (how < 0)
            return SYNTAX(at, "how the hand before ended: none, went-out, "
                          "concealed, red-three or stock");
        s->how = (uint8_t)how;
        s->scored = how != CANASTA_END_NONE;
        tok = cn_token(&cur);
        if (tok && strcmp(tok, "-") == 0) {
            s->seat = 0xFF;
        } else {
            rc = cn_at_int(at, tok, "the seat that went out", 0,
                           p->players - 1, &v);
            s->seat = (uint8_t)v;
        }
    } else { /* the deck */
        int n = 0;
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            int c = 0;
            if ((rc = cn_at_card(at, tok, &c)))
                return rc;
            if (n >= p->deck_size)
                return INVALID(at, "C2: the deck has %d cards, not more",
                               (int)p->deck_size);
            s->deck[n++] = (uint8_t)c;
        }
        if (!cn_deck_valid(p, s->deck, (size_t)n))
            return INVALID(at, "C2: the deck line is not one complete deck "
                           "of %d cards for these rules", (int)p->deck_size);
        s->custom = 1;
        return 1;
    }
    if (rc)
        return rc;
    return cn_at_end(at, &cur, NULL) ? CANASTA_E_SYNTAX : 1;
}

int cn_start_seat(const cn_at *at, const cn_params *p, const char *tok,
                       const char *what, const char *form, long *v)
{
    if (!cn_parse_int32(tok, v))
        return SYNTAX(at, "%s", form);
    if (*v < 0 || *v >= p->players)
        return INVALID(at, "%s %ld does not exist in a %d-player game (seats "
                       "0 to %d)", what, *v, (int)p->players,
                       (int)p->players - 1);
    return CANASTA_OK;
}

/* A record's start lines (its first hand's): a line's values read whole,
 * each line's form named when they are not, a second line refused after
 * its values. */
static int read_record_line(cn_start *s, const cn_params *p, const cn_at *at,
                            const char *key, char *rest)
{
    long side = 0;
    int rc, *slot;
    if (strcmp(key, "start-totals") == 0) {
        slot = &s->at.totals;
        if (!*slot && !read_ints(rest, s->totals, p->sides))
            return SYNTAX(at, "write \"start-totals\" and the total of each "
                          "of the %d sides", (int)p->sides);
    } else if (strcmp(key, "start-last-hand") == 0) {
        slot = &s->at.last_hand;
        char *how = cn_token(&rest), *seat = cn_token(&rest);
        const char *form = "write \"start-last-hand <none|went-out|"
            "concealed|red-three|stock> <seat or ->\"";
        int k = cn_name_index(&cn_end_names, 0, how);
        long v = -1;
        if (k < 0 || !seat || cn_token(&rest))
            return SYNTAX(at, "%s", form);
        if (strcmp(seat, "-") != 0 &&
            (rc = cn_start_seat(at, p, seat, "seat", form, &v)) != 0)
            return rc;
        if (!*slot) {
            s->how = (uint8_t)k;
            s->seat = (uint8_t)(v < 0 ? 0xFF : v);
            s->scored = k != 0;
        }
    } else if (strcmp(key, "start-last-score") == 0) {
        char *tok = cn_token(&rest);
        char msg[160]; /* the text below fits */
        (void)snprintf(msg, sizeof msg, "write \"start-last-score <side> <%d "
                       "numbers>\" (melded, natural, mixed, red threes, "
                       "going out, in hand, total)", CANASTA_SCORE_ITEMS);
        if (!cn_parse_int32(tok, &side))
            return SYNTAX(at, "%s", msg);
        if (side < 0 || side >= p->sides)
            return INVALID(at, "side %ld does not exist in a game of %d "
                           "sides", side, (int)p->sides);
        slot = &s->at.score[side];
        int32_t items[CANASTA_SCORE_ITEMS];
        if (!read_ints(rest, items, CANASTA_SCORE_ITEMS))
            return SYNTAX(at, "%s", msg);
        if (!*slot)
            memcpy(s->items[side], items, sizeof items);
    } else if (strcmp(key, "deck") == 0) {
        int n = 0, size = p->deck_size;
        char *tok;
        while ((tok = cn_token(&rest)) != NULL) {
            if (strcmp(tok, "??") == 0)
                return cn_why_line(at->why, at->ws, CANASTA_E_HIDDEN,
                                   at->line, "\"??\" hides a card of the "
                                   "deck; a deck needs every card");
            int c = cn_parse_card(tok);
            if (!c)
                return SYNTAX(at, "\"%s\" is not a card", tok);
            if (n >= size)
                return SYNTAX(at, "the deck has more than %d cards", size);
            s->deck[n++] = (uint8_t)c;
        }
        if (n != size)
            return SYNTAX(at, "the deck has %d cards; these rules use %d", n,
                          size);
        /* Its cards are held to C2 when the record is replayed. */
        s->custom = 1;
        s->at.deck = at->line;
        return 1;
    } else {
        return 0;
    }
    if (*slot) {
        char name[48]; /* the longest key and a side fit */
        if (slot == &s->at.score[side])
            (void)snprintf(name, sizeof name, "%s %ld", key, side);
        else
            (void)snprintf(name, sizeof name, "%s", key);
        return cn_at_once(at, slot, name);
    }
    *slot = at->line;
    return 1;
}

int cn_read_start_line(cn_start *s, int format, const cn_params *p,
                       const cn_at *at, const char *key, char *rest)
{
    if (format == CN_START_SAVE)
        return read_save_line(s, p, at, key, rest);
    return read_record_line(s, p, at, key, rest);
}

/* ---- checking ---- */

int cn_check_play_totals(const cn_params *p, int32_t hand_no,
                         const int32_t *totals, const int32_t *last, int line,
                         char *why, size_t ws)
{
    long long bound = cn_hand_score_bound(p);
    for (int s = 0; s < p->sides; s++) {
        long long t = totals[s];
        if (t % 5)
            return cn_why_line(why, ws, CANASTA_E_INVALID, line, "S5: side "
                "%d's total is %lld; every score is a multiple of 5", s, t);
        if (t < -CN_PLAY_LIMIT || t > CN_PLAY_LIMIT)
            return cn_why_line(why, ws, CANASTA_E_INVALID, line, "S5: a hand "
                "is played only from totals within -%ld to %ld (the game "
                "ends before a total goes beyond), and side %d's is %lld",
                CN_PLAY_LIMIT, CN_PLAY_LIMIT, s, t);
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
            return cn_why_line(why, ws, CANASTA_E_INVALID, line, "S5: side "
                "%d's total %lld cannot come from the hands before hand %d%s "
                "(one hand scores at most %lld either way)", s, t,
                (int)hand_no, last && hand_no == 2
                    ? ": after one hand the totals are its score" : "",
                bound);
    }
    return CANASTA_OK;
}

/* The rest of cn_check_start: the start totals as play can reach them
 * and the breakdown of the hand before, item by item. */
static int check_start_scores(const cn_params *p, const cn_start *st,
                              int L_tot, char *why, size_t ws)
{
    const cn_start_lines *at = &st->at;
    int how = st->how, es = st->seat;
    int32_t last[CN_MAX_SIDES];
    for (int s = 0; s < p->sides; s++)
        last[s] = st->items[s][CANASTA_SCORE_TOTAL];
    int rc = cn_check_play_totals(p, st->hand_no, st->totals,
                                  how != CANASTA_END_NONE ? last : NULL,
                                  L_tot, why, ws);
    if (rc || how == CANASTA_END_NONE)
        return rc;
    int lines[CN_MAX_SIDES];
    for (int s = 0; s < p->sides; s++)
        lines[s] = at->score[s] ? at->score[s] : at->end;
    return cn_check_breakdown(p, how, es == 0xFF ? -1 : es, &st->items[0][0],
                              lines, why, ws);
}

int cn_check_start(const cn_params *p, const cn_start *st, char *why,
                   size_t ws)
{
    const cn_start_lines *at = &st->at;
    int how = st->how, es = st->seat, w;
#define AT(x) ((x) ? (x) : at->end)
    int L_hand = AT(at->hand), L_tot = AT(at->totals);
    int L_last = AT(at->last_hand);
    /* Each reader refuses these values first, with the same code. */
    if (NEVER(st->hand_no < 1 || st->hand_no > CN_HAND_LIMIT))
        return cn_why_line(why, ws, CANASTA_E_INVALID, L_hand, "the hand "
            "number must be 1 to %ld, not %ld", CN_HAND_LIMIT,
            (long)st->hand_no);
    if (NEVER(st->dealer < 0 || st->dealer >= p->players))
        return cn_why_line(why, ws, CANASTA_E_INVALID, AT(at->dealer), "seat "
            "%d does not exist in a %d-player game", (int)st->dealer,
            (int)p->players);
    for (int s = 0; s < p->sides; s++)
        if (st->totals[s] < -CN_SCORE_LIMIT || st->totals[s] > CN_SCORE_LIMIT)
            return cn_why_line(why, ws, CANASTA_E_INVALID, L_tot, "S5: side "
                "%d's total must be %ld to %ld, not %ld", s,
                -CN_SCORE_LIMIT, CN_SCORE_LIMIT, (long)st->totals[s]);
    if (NEVER(how >= cn_end_names.n || (es != 0xFF && es >= p->players)))
        return cn_why_line(why, ws, CANASTA_E_INVALID, L_last, "seat %d does "
            "not exist in a %d-player game", es, (int)p->players);
    for (int s = 0; s < p->sides; s++) {
        const int32_t *it = st->items[s];
        long long sum = 0;
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
            if (it[i] < -CN_SCORE_LIMIT || it[i] > CN_SCORE_LIMIT)
                return cn_why_line(why, ws, CANASTA_E_INVALID,
                    AT(at->score[s]), "S5: side %d's score items must be %ld "
                    "to %ld, not %ld", s, -CN_SCORE_LIMIT, CN_SCORE_LIMIT,
                    (long)it[i]);
            if (i < CANASTA_SCORE_TOTAL)
                sum += it[i];
        }
        if (sum != it[CANASTA_SCORE_TOTAL])
            return cn_why_line(why, ws, CANASTA_E_INVALID, AT(at->score[s]),
                "S5: the items of side %d's score add up to %lld, not %ld", s,
                sum, (long)it[CANASTA_SCORE_TOTAL]);
    }
    int out_how = how == CANASTA_END_WENT_OUT || how == CANASTA_END_CONCEALED;
    if (out_how != (es != 0xFF))
        return cn_why_line(why, ws, CANASTA_E_INVALID, L_last, "%s",
            out_how ? "G2: a hand that ended by going out names the seat "
                      "that went out"
                    : "E1: a hand that did not end by going out names no "
                      "seat (\"-\")");
    for (int s = 0; s < p->sides; s++) {
        if (at->score[s] && how == CANASTA_END_NONE)
            return cn_why_line(why, ws, CANASTA_E_INVALID, at->score[s], "S5: "
                "a start-last-score line, but no hand has ended "
                "(start-last-hand none)");
        if (!at->score[s] && how != CANASTA_END_NONE)
            return cn_why_line(why, ws, CANASTA_E_SYNTAX, at->end, "no "
                "\"start-last-score %d\" line, but the hand before ended "
                "(start-last-hand %s)", s, cn_end_names.name[how]);
    }
    if (st->hand_no == 1) {
        for (int s = 0; s < p->sides; s++)
            if (st->totals[s] != 0)
                return cn_why_line(why, ws, CANASTA_E_INVALID, L_tot, "S5: the "
                    "first hand starts from totals 0 (side %d: %ld)", s,
                    (long)st->totals[s]);
        if (how != CANASTA_END_NONE)
            return cn_why_line(why, ws, CANASTA_E_INVALID, L_last, "S5: "
                "before the first hand no hand has ended (start-last-hand "
                "none)");
    } else if (how == CANASTA_END_NONE) {
        return cn_why_line(why, ws, CANASTA_E_INVALID, L_last, "S5: hand %ld "
            "follows a finished hand (start-last-hand cannot be none)",
            (long)st->hand_no);
    }
    if (cn_s6_over(p, st->totals, &w))
        return cn_why_line(why, ws, CANASTA_E_INVALID, L_tot, "S6: with these "
            "totals the game is over; no hand is dealt");
#undef AT
    return check_start_scores(p, st, L_tot, why, ws);
}

/* ---- writing ---- */

void cn_write_last_hand(cn_text *t, const char *prefix, int how, int seat,
                        const int32_t items[][CANASTA_SCORE_ITEMS], int sides)
{
    cn_text_putf(t, "%slast-hand %s", prefix, cn_name(&cn_end_names, how, "?"));
    if (seat == 0xFF)
        cn_text_puts(t, " -\n");
    else
        cn_text_putf(t, " %d\n", seat);
    if (how == CANASTA_END_NONE)
        return;
    for (int s = 0; s < sides; s++) {
        cn_text_putf(t, "%slast-score %d", prefix, s);
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            cn_text_putf(t, " %d", (int)items[s][i]);
        cn_text_puts(t, "\n");
    }
}

void cn_write_start(cn_text *t, const cn_params *p, const cn_start *s)
{
    cn_text_puts(t, "start-totals");
    for (int i = 0; i < p->sides; i++)
        cn_text_putf(t, " %d", (int)s->totals[i]);
    cn_text_puts(t, "\n");
    cn_write_last_hand(t, "start-", s->how, s->seat, s->items, p->sides);
}

void cn_write_deck(cn_text *t, const uint8_t *deck, int n)
{
    cn_text_puts(t, "deck");
    for (int i = 0; i < n; i++) {
        cn_text_puts(t, " ");
        cn_text_card(t, deck[i]);
    }
    cn_text_puts(t, "\n");
}
