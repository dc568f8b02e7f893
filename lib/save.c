/* save.c - saved games (docs/NOTATION.md, "Saved games"):
 *
 *   canasta-save 1
 *   <header tags: preset, options, sides, seed>
 *   hand-number 4                     how the current hand began: dealt
 *   dealer 3                          from these values ...
 *   start-totals 1200 850
 *   start-last-hand went-out 2
 *   start-last-score 0 <7 items>      (per side, unless start-last-hand
 *   start-last-score 1 <7 items>       is none)
 *   deck <108 cards, top first>       (only when not the seed's shuffle)
 *   -- or --
 *   begin base                        ... or from a position
 *   <position body>
 *   end base
 *   0 draw                            every move of the hand so far
 *   0 discard 7h
 *   begin position                    the state they lead to (a check)
 *   <position body>
 *   end position
 *
 * Loading deals (or restores) the start, replays every move with the
 * engine's checks, and compares the result with the position block. */
#include <stdio.h>
#include <string.h>
#include "position.h"

/* ---- saving ---- */

static void put_last(cn_text *t, const char *prefix, int how, int seat,
                     const int32_t items[][CANASTA_SCORE_ITEMS], int sides)
{
    cn_text_putf(t, "%s-last-hand %s", prefix,
                 cn_name(&cn_end_names, how, "?"));
    if (seat == 0xFF)
        cn_text_puts(t, " -\n");
    else
        cn_text_putf(t, " %d\n", seat);
    if (how == CANASTA_END_NONE)
        return;
    for (int s = 0; s < sides; s++) {
        cn_text_putf(t, "%s-last-score %d", prefix, s);
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            cn_text_putf(t, " %d", (int)items[s][i]);
        cn_text_puts(t, "\n");
    }
}

CANASTA_API int canasta_game_save(char **text, size_t *length,
                                  const canasta_game *game)
{
    if (text)
        *text = NULL;
    if (length)
        *length = 0;
    if (!text || !game)
        return CANASTA_E_NULL;
    const cn_state *st = &game->st;
    const cn_params *p = &st->p;
    cn_text t;
    cn_text_init(&t, game->alloc, game->release, game->user);
    cn_text_puts(&t, "canasta-save 1\n");
    cn_write_rules(&t, p, st->seed, 1);
    if (game->from_position) {
        cn_text_puts(&t, "begin base\n");
        cn_write_position(&t, game->base, CANASTA_VIEW_ALL);
        cn_text_puts(&t, "end base\n");
    } else {
        cn_text_putf(&t, "hand-number %d\n", (int)st->hand_no);
        cn_text_putf(&t, "dealer %d\n", (int)st->dealer);
        cn_text_puts(&t, "start-totals");
        for (int s = 0; s < p->sides; s++)
            cn_text_putf(&t, " %d", (int)st->start_totals[s]);
        cn_text_puts(&t, "\n");
        put_last(&t, "start", st->start_end_how, st->start_end_seat,
                 st->start_last_items, p->sides);
        uint8_t deck[CN_MAX_DECK];
        cn_shuffled_deck(deck, p, st->seed, st->hand_no);
        if (st->deck_n != p->deck_size ||
            memcmp(deck, st->deck, (size_t)p->deck_size) != 0) {
            cn_text_puts(&t, "deck");
            for (int i = 0; i < st->deck_n; i++) {
                cn_text_puts(&t, " ");
                cn_text_card(&t, st->deck[i]);
            }
            cn_text_puts(&t, "\n");
        }
    }
    size_t pos = 0;
    canasta_move m;
    char line[CANASTA_MOVE_TEXT_MAX];
    while (cn_history_next(game, &pos, &m)) {
        if (canasta_move_to_string(line, sizeof line, &m) != CANASTA_OK) {
            cn_text_discard(&t);
            return CANASTA_E_ARG; /* a history holds only legal moves */
        }
        cn_text_puts(&t, line);
        cn_text_puts(&t, "\n");
    }
    cn_text_puts(&t, "begin position\n");
    cn_write_position(&t, st, CANASTA_VIEW_ALL);
    cn_text_puts(&t, "end position\n");
    return cn_text_finish(text, length, &t);
}

/* ---- loading ---- */

enum {
    S_HAND_NUMBER, S_DEALER, S_TOTALS, S_LAST_HAND, S_DECK, S_COUNT
};
static const char *const start_keys[S_COUNT] = {
    "hand-number", "dealer", "start-totals", "start-last-hand", "deck"
};

typedef struct loader {
    canasta_game *g;
    cn_lines r;
    char *why;
    size_t ws;
    int line_of[S_COUNT];
    int score_line[CN_MAX_SIDES];
    uint8_t deck[CN_MAX_DECK];
    int deck_n;
} loader;

/* Any int32; the start values' ranges are checked by cn_check_start. */
#define INT32_LO (-2147483647L - 1)
#define INT32_HI 2147483647L

#define L_SYNTAX(ld, ...) cn_why((ld)->why, (ld)->ws, CANASTA_E_SYNTAX, __VA_ARGS__)
#define L_INVALID(ld, ...) cn_why((ld)->why, (ld)->ws, CANASTA_E_INVALID, __VA_ARGS__)

static int num_tok(loader *ld, const char *tok, const char *what, long lo,
                   long hi, long *v)
{
    int line = ld->r.lineno;
    if (!tok)
        return L_SYNTAX(ld, "line %d: %s is missing", line, what);
    if (!cn_parse_int(tok, -2147483647L - 1, 2147483647L, v))
        return L_SYNTAX(ld, "line %d: %s: \"%s\" is not a number", line, what,
                        tok);
    if (*v < lo || *v > hi)
        return L_INVALID(ld, "line %d: %s must be %ld to %ld, not %ld", line,
                         what, lo, hi, *v);
    return CANASTA_OK;
}

static int num(loader *ld, char **cur, const char *what, long lo, long hi,
               long *v)
{
    return num_tok(ld, cn_token(cur), what, lo, hi, v);
}

static int line_end(loader *ld, char **cur)
{
    char *tok = cn_token(cur);
    if (tok)
        return L_SYNTAX(ld, "line %d: unexpected \"%s\" at the end of the "
                        "line", ld->r.lineno, tok);
    return CANASTA_OK;
}

/* One line of the hand's start (dealt hands); 0 if key is none of them. */
static int start_line(loader *ld, const char *key, char *cur)
{
    cn_state *st = &ld->g->st;
    const cn_params *p = &st->p;
    int line = ld->r.lineno, k, rc = CANASTA_OK;
    long v = 0; /* set by num() whenever it returns CANASTA_OK */
    if (strcmp(key, "start-last-score") == 0) {
        long side = 0;
        if ((rc = num(ld, &cur, "the side", 0, p->sides - 1, &side)))
            return rc;
        if (ld->score_line[side])
            return L_SYNTAX(ld, "line %d: a second \"start-last-score %ld\" "
                            "line (the first is line %d)", line, side,
                            ld->score_line[side]);
        ld->score_line[side] = line;
        /* Ranges and sums: cn_check_start. */
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++) {
            if ((rc = num(ld, &cur, "a score item", INT32_LO, INT32_HI, &v)))
                return rc;
            st->start_last_items[side][i] = (int32_t)v;
        }
        return line_end(ld, &cur) ? CANASTA_E_SYNTAX : 1;
    }
    for (k = 0; k < S_COUNT; k++)
        if (strcmp(key, start_keys[k]) == 0)
            break;
    if (k == S_COUNT)
        return 0;
    if (ld->line_of[k])
        return L_SYNTAX(ld, "line %d: a second \"%s\" line (the first is line "
                        "%d)", line, key, ld->line_of[k]);
    ld->line_of[k] = line;
    switch (k) {
    case S_HAND_NUMBER:
        rc = num(ld, &cur, "the hand number", 1, CN_HAND_LIMIT, &v);
        st->hand_no = (int32_t)v;
        break;
    case S_DEALER:
        rc = num(ld, &cur, "the dealer", 0, p->players - 1, &v);
        st->dealer = (uint8_t)v;
        break;
    case S_TOTALS:
        for (int s = 0; s < p->sides && !rc; s++) {
            rc = num(ld, &cur, "a side's total", INT32_LO, INT32_HI, &v);
            st->start_totals[s] = (int32_t)v;
        }
        break;
    case S_LAST_HAND: {
        char *tok = cn_token(&cur);
        int how = cn_name_index(&cn_end_names, 0, tok);
        if (how < 0)
            return L_SYNTAX(ld, "line %d: how the hand before ended: none, "
                            "went-out, concealed, red-three or stock", line);
        st->start_end_how = (uint8_t)how;
        st->start_scored = how != CANASTA_END_NONE;
        tok = cn_token(&cur);
        if (tok && strcmp(tok, "-") == 0) {
            st->start_end_seat = 0xFF;
        } else {
            rc = num_tok(ld, tok, "the seat that went out", 0,
                         p->players - 1, &v);
            st->start_end_seat = (uint8_t)v;
        }
        break;
    }
    default: { /* S_DECK */
        char *tok;
        while ((tok = cn_token(&cur)) != NULL) {
            if (strcmp(tok, "??") == 0)
                return cn_why(ld->why, ld->ws, CANASTA_E_HIDDEN,
                    "line %d: a hidden card (\"??\"); loading needs every "
                    "card", line);
            int c = cn_parse_card(tok);
            if (!c)
                return L_SYNTAX(ld, "line %d: \"%s\" is not a card", line,
                                tok);
            if (ld->deck_n >= p->deck_size)
                return L_INVALID(ld, "line %d: C2: the deck has %d cards, "
                    "not more", line, (int)p->deck_size);
            ld->deck[ld->deck_n++] = (uint8_t)c;
        }
        if (!cn_deck_valid(p, ld->deck, (size_t)ld->deck_n))
            return L_INVALID(ld, "line %d: C2: the deck line is not one "
                "complete deck of %d cards for these rules", line,
                (int)p->deck_size);
        return 1;
    }
    }
    if (rc)
        return rc;
    return line_end(ld, &cur) ? CANASTA_E_SYNTAX : 1;
}

/* Check the start lines of a dealt hand and deal it. */
static int deal_start(loader *ld)
{
    cn_state *st = &ld->g->st;
    const cn_params *p = &st->p;
    int line = ld->r.lineno;
    for (int k = 0; k < S_COUNT; k++)
        if (k != S_DECK && !ld->line_of[k])
            return L_SYNTAX(ld, "line %d: the save has no \"%s\" line before "
                "the moves (or a \"begin base\" block)", line, start_keys[k]);
    cn_start_lines at;
    memset(&at, 0, sizeof at);
    at.hand = ld->line_of[S_HAND_NUMBER];
    at.dealer = ld->line_of[S_DEALER];
    at.totals = ld->line_of[S_TOTALS];
    at.last_hand = ld->line_of[S_LAST_HAND];
    memcpy(at.score, ld->score_line, sizeof at.score);
    at.end = line;
    int rc = cn_check_start(st, &at, ld->why, ld->ws);
    if (rc)
        return rc;
    /* C3: only canasta_game_create deals a hand 1 (a game from a position
     * has a base block instead), always by the seed's first dealer.
     * Another dealer would make a game that no record can replay. */
    int first = cn_first_dealer(p, st->seed);
    if (st->hand_no == 1 && st->dealer != first)
        return cn_why(ld->why, ld->ws, CANASTA_E_INVALID, "line %d: C3: "
            "hand 1 of seed %llu is dealt by seat %d, not seat %d",
            ld->line_of[S_DEALER], (unsigned long long)st->seed, first,
            (int)st->dealer);
    st->deck_n = (uint8_t)p->deck_size;
    if (ld->line_of[S_DECK])
        memcpy(st->deck, ld->deck, (size_t)p->deck_size);
    else
        cn_shuffled_deck(st->deck, p, st->seed, st->hand_no);
    cn_deal(st);
    return CANASTA_OK;
}

/* Which part of a state differs from another (for the mismatch message). */
static const char *first_difference(const cn_state *a, const cn_state *b,
                                    char *buf, size_t size)
{
#define DIFF(field, text) \
    if (memcmp(&a->field, &b->field, sizeof a->field) != 0) return text
    for (int s = 0; s < a->p.players; s++) {
        /* The caller's buffer holds these short names whole. */
        if (memcmp(a->hand[s], b->hand[s], sizeof a->hand[s]) != 0) {
            (void)snprintf(buf, size, "hand %d", s);
            return buf;
        }
        if (memcmp(a->red3[s], b->red3[s], sizeof a->red3[s]) != 0) {
            (void)snprintf(buf, size, "red-threes %d", s);
            return buf;
        }
    }
    DIFF(melds, "the melds");
    DIFF(stock, "the stock");
    DIFF(stock_n, "the stock");
    DIFF(pile, "the pile");
    DIFF(pile_n, "the pile");
    DIFF(phase, "phase");
    DIFF(turn_seat, "turn");
    DIFF(turn_src, "source");
    DIFF(turn_melds, "melds-this-turn");
    DIFF(turn_take_extra, "take-extra");
    DIFF(permission, "permission");
    DIFF(melded_before_turn, "melded-before-turn");
    DIFF(turn_new_melds, "new-melds");
    DIFF(turn_added_old, "added-to-earlier-melds");
    DIFF(seat_melded, "seat-melded");
    DIFF(opened, "opened");
    DIFF(totals, "totals");
    DIFF(end_how, "last-hand");
    DIFF(end_seat, "last-hand");
    DIFF(last_items, "last-score");
    DIFF(hand_no, "hand-number");
    DIFF(dealer, "dealer");
#undef DIFF
    return "the state";
}

/* Replay one move line of the hand. */
static int replay(loader *ld, const char *text)
{
    canasta_game *g = ld->g;
    int line = ld->r.lineno;
    char mwhy[256];
    canasta_move m;
    int rc = canasta_move_from_string(&m, mwhy, sizeof mwhy, text,
                                      (size_t)-1, -1);
    if (rc)
        return cn_why(ld->why, ld->ws, rc, "line %d: %s", line, mwhy);
    if (m.kind == CANASTA_MOVE_NEXT_HAND)
        return L_INVALID(ld, "line %d: a save holds the moves of one hand; "
            "\"next\" ends it, and the save then starts at the new hand",
            line);
    rc = cn_check(&g->st, &m, mwhy, sizeof mwhy);
    if (rc)
        return cn_why(ld->why, ld->ws, rc, "line %d: %s", line, mwhy);
    if (g->hist_len + cn_move_encoded_size(&m) > g->hist_cap)
        return L_INVALID(ld, "line %d: more moves than one hand can hold",
                         line);
    cn_play(&g->st, &m);
    cn_history_push(g, &m);
    return CANASTA_OK;
}

static int load(loader *ld)
{
    canasta_game *g = ld->g;
    cn_lines *r = &ld->r;
    int stage = 0; /* 0 start lines, 1 moves, 2 after the position */
    int any_start = 0, rc;
    while ((rc = cn_lines_next(r, ld->why, ld->ws)) == 1) {
        if (cn_line_ignored(r->line))
            continue;
        char *line = r->line;
        while (*line == ' ' || *line == '\t')
            line++;
        if (stage == 2)
            return L_SYNTAX(ld, "line %d: unexpected text after \"end "
                            "position\"", r->lineno);
        if (stage == 0) {
            if (strcmp(line, "begin base") == 0) {
                if (any_start)
                    return L_SYNTAX(ld, "line %d: a hand begins either dealt "
                        "(hand-number, dealer, ...) or from a position "
                        "(begin base), not both", r->lineno);
                g->base->p = g->st.p;
                g->base->seed = g->st.seed;
                rc = cn_read_position(g->base, r, "end base", ld->why, ld->ws);
                if (rc)
                    return rc;
                g->from_position = 1;
                memcpy(&g->st, g->base, sizeof g->st);
                stage = 1;
                continue;
            }
            char copy[CN_LINE_MAX + 1];
            memcpy(copy, line, strlen(line) + 1); /* a line of r: it fits */
            char *cur = copy, *key = cn_token(&cur);
            rc = start_line(ld, key, cur);
            if (rc < 0)
                return rc;
            if (rc == 1) {
                any_start = 1;
                continue;
            }
            if ((rc = deal_start(ld)))
                return rc;
            stage = 1;
        }
        if (strcmp(line, "begin position") == 0) {
            int at = r->lineno;
            cn_state pos, want;
            memset(&pos, 0, sizeof pos); /* cn_read_position reads p, seed */
            pos.p = g->st.p;
            pos.seed = g->st.seed;
            rc = cn_read_position(&pos, r, "end position", ld->why, ld->ws);
            if (rc)
                return rc;
            cn_position_normalize(&want, &g->st);
            /* G3: a save written by 1.0 has no added-to-earlier-melds
             * line, which 1.1 writes when the moves set the flag; the
             * moves decide it (the loaded game is the replayed one), so
             * a block that does not state it is not refused for it. */
            if (!pos.turn_added_old)
                pos.turn_added_old = want.turn_added_old;
            if (memcmp(&pos, &want, sizeof pos) != 0) {
                char buf[32];
                return L_INVALID(ld, "line %d: the position does not match "
                    "the moves (%s differs)", at,
                    first_difference(&pos, &want, buf, sizeof buf));
            }
            stage = 2;
            continue;
        }
        if (strcmp(line, "begin base") == 0)
            return L_SYNTAX(ld, "line %d: \"begin base\" comes before the "
                            "moves", r->lineno);
        if ((rc = replay(ld, line)))
            return rc;
    }
    if (rc < 0)
        return rc;
    if (stage < 2)
        return L_SYNTAX(ld, "line %d: the save ends before its \"begin "
                        "position\" ... \"end position\" block", r->lineno);
    return CANASTA_OK;
}

CANASTA_API int canasta_game_load(canasta_game **out, char *why,
    size_t why_size, const char *text, size_t length)
{
    return canasta_game_load_with_allocator(out, why, why_size, text, length,
                                            NULL, NULL, NULL);
}

CANASTA_API int canasta_game_load_with_allocator(canasta_game **out,
    char *why, size_t why_size, const char *text, size_t length,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user)
{
    if (why && why_size)
        why[0] = '\0';
    if (out)
        *out = NULL;
    if (!out || !text)
        return CANASTA_E_NULL;
    if (!cn_alloc_pair_ok(alloc, release))
        return CANASTA_E_ARG;
    loader *ld = cn_alloc(alloc, user, sizeof *ld);
    if (!ld)
        return CANASTA_E_NOMEM;
    memset(ld, 0, sizeof *ld);
    ld->why = why;
    ld->ws = why_size;
    cn_lines_init(&ld->r, text, length);
    cn_params p;
    uint64_t seed;
    int rc = cn_read_header(&ld->r, "canasta-save", &p, &seed, why,
                            why_size);
    if (rc == CANASTA_OK) {
        ld->g = cn_game_alloc(alloc, release, user, &p);
        if (!ld->g) {
            rc = CANASTA_E_NOMEM;
        } else {
            ld->g->st.p = p;
            ld->g->st.seed = seed;
            ld->g->st.start_end_seat = 0xFF;
            rc = load(ld);
        }
    }
    if (rc == CANASTA_OK)
        *out = ld->g;
    else
        canasta_game_free(ld->g);
    cn_release(release, user, ld);
    return rc;
}
