/* json.c - canasta_game_json: the game as JSON for user interfaces, either
 * complete (viewer CANASTA_VIEW_ALL) or as one seat may know it (A1).
 *
 * The schema is described field by field in docs (views-json.md).  The
 * writer below is deliberately tiny: keys in a fixed order, integers,
 * booleans, null and ASCII strings (escaped anyway).  Layout: the
 * top-level object, the per-side and per-seat lists and the moves of the
 * history have one member per line (two spaces per level); everything
 * else is compact.
 *
 * A1: a seat's view is built only from public facts and the seat's own
 * cards.  The history is rebuilt by replaying the hand's moves on a copy
 * of the state taken at the hand's start, so every move's events can be
 * formatted with cn_event_format for the viewer (other seats' draws and
 * replacements become "??").  Never written in a seat's view: other
 * hands, the stock's cards, the deck, the seed. */
#include <string.h>
#include "cn_assert.h"
#include "position.h"
#include "rulebook.h"

/* ---- a minimal JSON writer on cn_text ---- */

#define JW_DEPTH 12

typedef struct jw {
    cn_text *t;
    int depth;
    int count[JW_DEPTH];  /* members written in each open container */
    int broken[JW_DEPTH]; /* 1: one member per line */
    int after_key;        /* a key was written; its value comes next */
} jw;

static void jw_indent(jw *w)
{
    cn_text_puts(w->t, "\n");
    for (int i = 0; i < w->depth; i++)
        cn_text_puts(w->t, "  ");
}

/* Before a member (or a key): the separator and, in a broken container,
 * the line break. */
static void jw_sep(jw *w)
{
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    if (w->depth == 0)
        return;
    if (w->count[w->depth - 1]++ > 0)
        cn_text_puts(w->t, ",");
    if (w->broken[w->depth - 1])
        jw_indent(w);
}

static void jw_open(jw *w, const char *bracket, int broken)
{
    jw_sep(w);
    cn_text_puts(w->t, bracket);
    /* The view nests five containers at most. */
    if (ALWAYS(w->depth < JW_DEPTH)) {
        w->count[w->depth] = 0;
        w->broken[w->depth] = broken;
    }
    w->depth++;
}

static void jw_close(jw *w, const char *bracket)
{
    w->depth--;
    if (ALWAYS(w->depth < JW_DEPTH) && w->broken[w->depth] &&
        w->count[w->depth])
        jw_indent(w);
    cn_text_puts(w->t, bracket);
}

static void jw_raw_string(jw *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    char esc[8];
    cn_text_puts(w->t, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            esc[0] = '\\';
            esc[1] = (char)*p;
            esc[2] = '\0';
        } else if (*p < 0x20 || *p >= 0x7F) {
            /* Our strings are ASCII; anything else is escaped, never
             * passed through raw. */
            memcpy(esc, "\\u00", 4);
            esc[4] = hex[*p >> 4];
            esc[5] = hex[*p & 15];
            esc[6] = '\0';
        } else {
            esc[0] = (char)*p;
            esc[1] = '\0';
        }
        cn_text_puts(w->t, esc);
    }
    cn_text_puts(w->t, "\"");
}

static void jw_key(jw *w, const char *k)
{
    jw_sep(w);
    jw_raw_string(w, k);
    cn_text_puts(w->t, ":");
    w->after_key = 1;
}

static void jw_str(jw *w, const char *s)
{
    jw_sep(w);
    jw_raw_string(w, s);
}

static void jw_int(jw *w, long v)
{
    jw_sep(w);
    cn_text_putf(w->t, "%ld", v);
}

static void jw_bool(jw *w, int v)
{
    jw_sep(w);
    cn_text_puts(w->t, v ? "true" : "false");
}

static void jw_null(jw *w)
{
    jw_sep(w);
    cn_text_puts(w->t, "null");
}

static void jw_card(jw *w, int card)
{
    char name[8];
    cn_card_name(name, card);
    jw_str(w, name);
}

/* Shorthands for "key":value members. */
static void kv_int(jw *w, const char *k, long v) { jw_key(w, k); jw_int(w, v); }
static void kv_str(jw *w, const char *k, const char *v) { jw_key(w, k); jw_str(w, v); }
static void kv_bool(jw *w, const char *k, int v) { jw_key(w, k); jw_bool(w, v); }
static void kv_seat(jw *w, const char *k, int seat)
{
    jw_key(w, k);
    if (seat < 0 || seat == 0xFF)
        jw_null(w);
    else
        jw_int(w, seat);
}

/* A list of cards given as counts by code (sorted by code). */
static void jw_card_counts(jw *w, const uint8_t counts[CANASTA_CARD_LIMIT])
{
    jw_open(w, "[", 0);
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        for (int i = 0; i < counts[c]; i++)
            jw_card(w, c);
    jw_close(w, "]");
}

static void jw_card_list(jw *w, const uint8_t *cards, size_t n)
{
    jw_open(w, "[", 0);
    for (size_t i = 0; i < n; i++)
        jw_card(w, cards[i]);
    jw_close(w, "]");
}

/* ---- names ---- */

static const char *const score_names[CANASTA_SCORE_ITEMS] = {
    "melded", "natural_canastas", "mixed_canastas", "red_threes",
    "going_out", "in_hand", "total"
};

#define NAME(table, v) cn_name(&(table), (v), "unknown")

/* ---- sections ---- */

static void put_rules(jw *w, const cn_state *st)
{
    const cn_params *p = &st->p;
    jw_key(w, "rules");
    jw_open(w, "{", 0);
    jw_key(w, "preset");
    if (ALWAYS(cn_preset_name(p->preset))) /* every preset has a name */
        jw_str(w, cn_preset_name(p->preset));
    else
        jw_int(w, p->preset);
    kv_int(w, "players", p->players);
    kv_int(w, "sides", p->sides);
    kv_int(w, "packs", p->packs);
    kv_int(w, "jokers", p->jokers);
    kv_int(w, "deck_size", p->deck_size);
    kv_bool(w, "lone_hand", p->lone_hand);
    jw_key(w, "options");
    jw_open(w, "{", 0);
    for (int k = CANASTA_OPT_TARGET_SCORE;
         k <= CANASTA_OPT_CONCEALED_ADDITIONS; k++) {
        int v = 0;
        cn_params_get(&v, p, k);
        kv_int(w, cn_option_names.name[k], v);
    }
    jw_close(w, "}");
    jw_key(w, "seat_sides");
    jw_open(w, "[", 0);
    for (int s = 0; s < p->players; s++)
        jw_int(w, p->seat_side[s]);
    jw_close(w, "]");
    jw_close(w, "}");
}

static void put_last_hand(jw *w, const cn_state *st)
{
    jw_key(w, "last_hand");
    if (!st->scored) {
        jw_null(w);
        return;
    }
    jw_open(w, "{", 0);
    kv_str(w, "how", NAME(cn_end_names, st->end_how));
    kv_seat(w, "seat", st->end_seat);
    jw_key(w, "scores");
    jw_open(w, "[", 0);
    for (int side = 0; side < st->p.sides; side++) {
        jw_open(w, "{", 0);
        kv_int(w, "side", side);
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            kv_int(w, score_names[i], st->last_items[side][i]);
        jw_close(w, "}");
    }
    jw_close(w, "]");
    jw_close(w, "}");
}

/* A table meld's class (a canasta's kind, cn_rule_canasta_class, or
 * CANASTA_MELD_NONE for an open meld) by name. */
static const char *meld_class_name(int kind)
{
    return kind == CANASTA_MELD_NATURAL_CANASTA ? "natural-canasta"
         : kind == CANASTA_MELD_MIXED_CANASTA ? "mixed-canasta" : "open";
}

static void put_table(jw *w, const cn_state *st)
{
    const cn_params *p = &st->p;
    jw_key(w, "table");
    jw_open(w, "{", 1);
    jw_key(w, "sides");
    jw_open(w, "[", 1);
    for (int side = 0; side < p->sides; side++) {
        int natural = 0, mixed = 0;
        jw_open(w, "{", 0);
        kv_int(w, "side", side);
        jw_key(w, "seats");
        jw_open(w, "[", 0);
        for (int s = 0; s < p->players; s++)
            if (st->side_of[s] == side)
                jw_int(w, s);
        jw_close(w, "]");
        kv_bool(w, "opened", st->opened[side]);
        kv_int(w, "opening_minimum", cn_opening_min(p, st->start_totals[side]));
        jw_key(w, "melds");
        jw_open(w, "[", 0);
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            if (cn_meld_size(m) == 0)
                continue;
            const int kind = cn_rule_canasta_class(m->naturals,
                                                   m->twos + m->jokers);
            natural += kind == CANASTA_MELD_NATURAL_CANASTA;
            mixed += kind == CANASTA_MELD_MIXED_CANASTA;
            uint8_t counts[CANASTA_CARD_LIMIT];
            cn_meld_counts(counts, m, r);
            jw_open(w, "{", 0);
            kv_int(w, "rank", r);
            kv_int(w, "naturals", m->naturals);
            kv_int(w, "twos", m->twos);
            kv_int(w, "jokers", m->jokers);
            jw_key(w, "cards");
            jw_card_counts(w, counts);
            kv_str(w, "class", meld_class_name(kind));
            jw_close(w, "}");
        }
        jw_close(w, "]");
        kv_int(w, "canastas", natural + mixed);
        kv_int(w, "natural_canastas", natural);
        kv_int(w, "mixed_canastas", mixed);
        jw_close(w, "}");
    }
    jw_close(w, "]");
    jw_key(w, "seats");
    jw_open(w, "[", 1);
    for (int s = 0; s < p->players; s++) {
        uint8_t counts[CANASTA_CARD_LIMIT];
        memset(counts, 0, sizeof counts);
        counts[13] = st->red3[s][0];
        counts[14] = st->red3[s][1];
        jw_open(w, "{", 0);
        kv_int(w, "seat", s);
        kv_int(w, "side", st->side_of[s]);
        /* O1, X3: partners keep their own minimums */
        kv_int(w, "opening_minimum", cn_seat_minimum(st, s));
        kv_int(w, "hand_size", st->hand_n[s]);
        jw_key(w, "red_threes");
        jw_card_counts(w, counts);
        jw_close(w, "}");
    }
    jw_close(w, "]");
    jw_close(w, "}");
}

static void put_pile(jw *w, const cn_state *st)
{
    jw_key(w, "pile");
    jw_open(w, "{", 0);
    kv_int(w, "size", st->pile_n);
    jw_key(w, "top");
    if (st->pile_n)
        jw_card(w, st->pile[st->pile_n - 1]);
    else
        jw_null(w);
    /* RULES A1 / canasta_game_pile: every card of the pile was seen face
     * up when it was discarded or turned, so the whole pile is public. */
    jw_key(w, "cards");
    jw_card_list(w, st->pile, st->pile_n);
    jw_key(w, "status");
    jw_open(w, "[", 0);
    for (int side = 0; side < st->p.sides; side++) {
        int f = cn_pile_flags(st, side);
        jw_open(w, "{", 0);
        kv_int(w, "side", side);
        kv_bool(w, "frozen", (f & CANASTA_PILE_FROZEN_MASK) != 0);
        kv_bool(w, "frozen_wild", (f & CANASTA_PILE_FROZEN_WILD) != 0);
        kv_bool(w, "frozen_red_three", (f & CANASTA_PILE_FROZEN_RED_THREE) != 0);
        kv_bool(w, "frozen_unopened", (f & CANASTA_PILE_FROZEN_UNOPENED) != 0);
        kv_bool(w, "blocked", (f & (CANASTA_PILE_BLOCKED_WILD |
                                    CANASTA_PILE_BLOCKED_BLACK_THREE)) != 0);
        kv_bool(w, "blocked_wild", (f & CANASTA_PILE_BLOCKED_WILD) != 0);
        kv_bool(w, "blocked_black_three",
                (f & CANASTA_PILE_BLOCKED_BLACK_THREE) != 0);
        kv_bool(w, "empty", (f & CANASTA_PILE_EMPTY) != 0);
        jw_close(w, "}");
    }
    jw_close(w, "]");
    jw_close(w, "}");
}

static void put_stock(jw *w, const cn_state *st, int viewer)
{
    jw_key(w, "stock");
    jw_open(w, "{", 0);
    kv_int(w, "size", st->stock_n);
    if (viewer == CANASTA_VIEW_ALL) {
        /* Full state only: the stock's cards, top first. */
        jw_key(w, "cards");
        jw_open(w, "[", 0);
        for (int i = st->stock_n - 1; i >= 0; i--)
            jw_card(w, st->stock[i]);
        jw_close(w, "]");
    }
    jw_close(w, "}");
}

static void put_hands(jw *w, const cn_state *st, int viewer)
{
    jw_key(w, "hands");
    jw_open(w, "[", 1);
    for (int s = 0; s < st->p.players; s++) {
        jw_open(w, "{", 0);
        kv_int(w, "seat", s);
        kv_int(w, "size", st->hand_n[s]);
        jw_key(w, "cards");
        if (viewer == CANASTA_VIEW_ALL || viewer == s)
            jw_card_counts(w, st->hand[s]);
        else
            jw_null(w);
        jw_close(w, "}");
    }
    jw_close(w, "]");
}

/* Longest event text: a PICK_UP of the whole pile ("S pickup" and up to
 * CN_EVENT_CARDS cards of at most 3 chars plus a space) or a SCORE line. */
#define EVENT_TEXT_MAX (CN_EVENT_CARDS * 4 + 256)

static int put_events(jw *w, const cn_state *st, int viewer)
{
    char text[EVENT_TEXT_MAX];
    jw_open(w, "[", 0);
    for (int i = 0; i < st->ev_n; i++) {
        int rc = cn_event_format(text, sizeof text, st, &st->ev[i], viewer);
        if (NEVER(rc)) /* the buffer holds the longest event */
            return rc;
        jw_str(w, text);
    }
    jw_close(w, "]");
    return CANASTA_OK;
}

/* The hand's public history, replayed on *tmp (a scratch state). */
static int put_history(jw *w, cn_state *tmp, const canasta_game *g,
                       int viewer)
{
    char mtext[CANASTA_MOVE_TEXT_MAX];
    int rc;
    /* Back to the state the hand began in, as cn_game_restart_hand does
     * for the game itself. */
    if (g->from_position) {
        memcpy(tmp, g->base, sizeof *tmp);
    } else {
        memcpy(tmp, &g->st, sizeof *tmp);
        cn_deal(tmp);
    }
    jw_key(w, "history");
    jw_open(w, "{", 1);
    kv_str(w, "start", g->from_position ? "position" : "deal");
    if (viewer == CANASTA_VIEW_ALL) {
        /* Full state only: the hand's deck, top first (empty for a hand
         * that began from a position). */
        jw_key(w, "deck");
        jw_card_list(w, g->st.deck, g->st.deck_n);
    }
    jw_key(w, "events");
    if ((rc = put_events(w, tmp, viewer)) != CANASTA_OK)
        return rc;
    jw_key(w, "moves");
    jw_open(w, "[", 1);
    size_t pos = 0;
    canasta_move m;
    while (cn_history_next(g, &pos, &m)) {
        rc = canasta_move_to_string(mtext, sizeof mtext, &m);
        if (NEVER(rc != CANASTA_OK)) /* a history holds legal moves */
            return rc;
        cn_play(tmp, &m);
        jw_open(w, "{", 0);
        kv_str(w, "move", mtext);
        jw_key(w, "events");
        if ((rc = put_events(w, tmp, viewer)) != CANASTA_OK)
            return rc;
        jw_close(w, "}");
    }
    jw_close(w, "]");
    jw_close(w, "}");
    return CANASTA_OK;
}

/* Legal moves of the current decision: for the full state always, for a
 * seat only when the decision is its own. */
static int put_legal(jw *w, const canasta_game *g, int viewer)
{
    const cn_state *st = &g->st;
    jw_key(w, "legal_moves");
    jw_open(w, "[", 0);
    if (viewer != CANASTA_VIEW_ALL && viewer != st->cur) {
        jw_close(w, "]");
        return CANASTA_OK;
    }
    size_t count = 0;
    int rc = canasta_legal_moves(NULL, 0, &count, g);
    if (NEVER(rc != CANASTA_OK && rc != CANASTA_E_BUFFER))
        return rc;
    if (count > 0) {
        if (NEVER(count > (size_t)-1 / sizeof(canasta_move)))
            return CANASTA_E_NOMEM;
        canasta_move *moves = cn_alloc(g->alloc, g->user,
                                       count * sizeof *moves);
        if (!moves)
            return CANASTA_E_NOMEM;
        size_t n = 0;
        rc = canasta_legal_moves(moves, count, &n, g);
        char mtext[CANASTA_MOVE_TEXT_MAX];
        for (size_t i = 0; rc == CANASTA_OK && i < n; i++) {
            rc = canasta_move_to_string(mtext, sizeof mtext, &moves[i]);
            if (rc == CANASTA_OK)
                jw_str(w, mtext);
        }
        cn_release(g->release, g->user, moves);
        if (NEVER(rc != CANASTA_OK)) /* legal moves have a text */
            return rc;
    }
    jw_close(w, "]");
    return CANASTA_OK;
}

CANASTA_API int canasta_game_json(char **text, size_t *length,
                                  const canasta_game *game, int viewer)
{
    int rc = cn_text_begin(text, length, game);
    if (rc)
        return rc;
    const cn_state *st = &game->st;
    if (viewer < CANASTA_VIEW_ALL || viewer >= st->p.players)
        return CANASTA_E_SEAT;

    cn_state *tmp = cn_alloc(game->alloc, game->user, sizeof *tmp);
    if (!tmp)
        return CANASTA_E_NOMEM;
    cn_text t;
    cn_text_init(&t, game->alloc, game->release, game->user);
    jw w;
    memset(&w, 0, sizeof w);
    w.t = &t;

    jw_open(&w, "{", 1);
    kv_str(&w, "format", "canasta-json");
    kv_int(&w, "version", 1);
    kv_seat(&w, "viewer", viewer);
    put_rules(&w, st);
    if (viewer == CANASTA_VIEW_ALL) {
        /* Full state only; a string, as a uint64 does not fit every JSON
         * reader's numbers. */
        char seed[24];
        size_t k = sizeof seed;
        uint64_t v = st->seed;
        seed[--k] = '\0';
        do {
            seed[--k] = (char)('0' + (int)(v % 10));
            v /= 10;
        } while (v);
        kv_str(&w, "seed", seed + k);
    }
    kv_int(&w, "hand_number", st->hand_no);
    kv_int(&w, "dealer", st->dealer);
    kv_str(&w, "phase", NAME(cn_phase_names, st->phase));
    kv_int(&w, "current_seat", st->cur);
    kv_int(&w, "turn_seat", st->turn_seat);
    kv_str(&w, "turn_source", NAME(cn_source_names, st->turn_src));
    kv_str(&w, "permission", NAME(cn_permission_names, st->permission));
    jw_key(&w, "totals");
    jw_open(&w, "[", 0);
    for (int side = 0; side < st->p.sides; side++)
        jw_int(&w, st->totals[side]);
    jw_close(&w, "]");
    put_last_hand(&w, st);
    jw_key(&w, "lone_hand"); /* X3 */
    if (st->lone_plus1)
        jw_int(&w, (int)st->lone_plus1 - 1);
    else
        jw_null(&w);
    jw_key(&w, "winner");
    if (st->phase == CANASTA_PHASE_GAME_OVER)
        jw_int(&w, (int)st->winner_plus1 - 1);
    else
        jw_null(&w);
    put_table(&w, st);
    put_pile(&w, st);
    put_stock(&w, st, viewer);
    put_hands(&w, st, viewer);
    rc = put_history(&w, tmp, game, viewer);
    cn_release(game->release, game->user, tmp);
    if (rc == CANASTA_OK)
        rc = put_legal(&w, game, viewer);
    if (rc != CANASTA_OK) {
        cn_text_discard(&t);
        return rc;
    }
    jw_close(&w, "}");
    cn_text_puts(&t, "\n");
    return cn_text_finish(text, length, &t);
}
