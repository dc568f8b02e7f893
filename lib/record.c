/* record.c - game records (docs/NOTATION.md, "Records"): every move of
 * one or more hands of a game, with the events the moves caused.
 *
 * A record keeps, for each hand, how it began (hand number, dealer, the
 * start totals, the deck and whether it was a custom one, or the whole
 * base state of a hand that began from a position) and its moves in the
 * compact encoding of history.c.  A record read from text also keeps the
 * line numbers and the event lines written after each move, so that a
 * replay can check them.  Text is always made by replaying the hands from
 * their starts with the engine; a record that cannot be replayed (a
 * seat's view, or one with an illegal move or a wrong event) is written
 * back as it was read. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "position.h"

/* Longest event text: a pick-up of the whole deck is about 4 characters a
 * card. */
#define REC_EVENT_TEXT (CN_MAX_DECK * 5 + 128)

/* A line of text kept from the input (an event, or a line of a position
 * in a seat's view): its characters in rec->chars and its line number. */
typedef struct rec_line {
    size_t off;
    int line;
} rec_line;

typedef struct rec_move {
    size_t off;          /* encoded move in rec->bytes */
    int line;            /* line number when read from text, else 0 */
    size_t ev_first;     /* event lines written after it: */
    size_t ev_n;         /*   rec->evs[ev_first .. ev_first + ev_n) */
} rec_move;

typedef struct rec_hand {
    int32_t hand_no, dealer;
    int line, dealer_line, start_line, deck_line, pos_line;
    int totals_line, last_line;         /* start lines read (0: none) */
    int score_line[CN_MAX_SIDES];
    int has_start;      /* start-* lines were read */
    int known_start;    /* start_* below are the hand's real start values */
    int custom;         /* the deck is not the seed's shuffle */
    int from_position;  /* the hand began from a position */
    int32_t start_totals[CN_MAX_SIDES];
    int32_t start_items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    uint8_t start_how, start_seat, start_scored;
    uint8_t deck[CN_MAX_DECK];
    cn_state *base;     /* from_position, unless the text hides cards */
    size_t raw_first, raw_n;  /* a view's position lines, as written */
    size_t mv_first, mv_n;    /* its moves (the last may be NEXT_HAND) */
    size_t ev_first, ev_n;    /* event lines written after the deal */
} rec_hand;

/* Scores of one finished hand. */
typedef struct rec_result {
    int32_t items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    int32_t total[CN_MAX_SIDES];
} rec_result;

struct canasta_record {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    cn_params p;
    uint64_t seed;
    int parsed;        /* read from text */
    int view;          /* a seat's view: that seat; else -1 */
    int view_line;
    rec_hand *hands;
    size_t n_hands, cap_hands;
    rec_move *mv;
    size_t n_mv, cap_mv;
    uint8_t *bytes;
    size_t n_bytes, cap_bytes;
    rec_line *evs;
    size_t n_evs, cap_evs;
    char *chars;
    size_t n_chars, cap_chars;
    rec_result *res;   /* hands finished by the last replay */
    size_t n_res, cap_res;
};

/* ------------------------------------------------------------------ */
/* Memory                                                               */
/* ------------------------------------------------------------------ */

/* Make room for `need` elements of `elem` bytes in *arr (cap *cap);
 * 0 on success, CANASTA_E_NOMEM otherwise (the array is unchanged). */
static int reserve(canasta_alloc_fn a, canasta_release_fn rl, void *user,
                   void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return CANASTA_OK;
    size_t nc = *cap ? *cap : 8;
    while (nc < need) {
        if (nc > ((size_t)-1 / 2) / elem)
            return CANASTA_E_NOMEM;
        nc *= 2;
    }
    void *nb = cn_alloc(a, user, nc * elem);
    if (!nb)
        return CANASTA_E_NOMEM;
    if (*arr) {
        memcpy(nb, *arr, *cap * elem);
        cn_release(rl, user, *arr);
    }
    *arr = nb;
    *cap = nc;
    return CANASTA_OK;
}

#define RESERVE(r, field, capf, need)                                       \
    reserve((r)->alloc, (r)->release, (r)->user, (void **)&(r)->field,      \
            &(r)->capf, (need), sizeof *(r)->field)

static canasta_record *rec_new(canasta_alloc_fn a, canasta_release_fn rl,
                               void *user)
{
    canasta_record *r = cn_alloc(a, user, sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    r->alloc = a;
    r->release = rl;
    r->user = user;
    r->view = -1;
    return r;
}

CANASTA_API void canasta_record_free(canasta_record *record)
{
    if (!record)
        return;
    canasta_release_fn rl = record->release;
    void *u = record->user;
    for (size_t i = 0; i < record->n_hands; i++)
        cn_release(rl, u, record->hands[i].base);
    cn_release(rl, u, record->hands);
    cn_release(rl, u, record->mv);
    cn_release(rl, u, record->bytes);
    cn_release(rl, u, record->evs);
    cn_release(rl, u, record->chars);
    cn_release(rl, u, record->res);
    cn_release(rl, u, record);
}

/* ------------------------------------------------------------------ */
/* Moves (the encoding of history.c)                                    */
/* ------------------------------------------------------------------ */

/* Append a move to the last hand (room must have been reserved). */
static void push_move(canasta_record *r, const canasta_move *m, int line)
{
    rec_move *mv = &r->mv[r->n_mv++];
    mv->off = r->n_bytes;
    mv->line = line;
    mv->ev_first = r->n_evs;
    mv->ev_n = 0;
    r->n_bytes += cn_move_encode(r->bytes + r->n_bytes, m);
    r->hands[r->n_hands - 1].mv_n++;
}

static int reserve_moves(canasta_record *r, size_t moves, size_t bytes)
{
    int rc = RESERVE(r, mv, cap_mv, r->n_mv + moves);
    if (!rc)
        rc = RESERVE(r, bytes, cap_bytes, r->n_bytes + bytes);
    return rc;
}

/* How many moves the encoded bytes hist[0..len) hold. */
static size_t count_moves(const uint8_t *hist, size_t len)
{
    size_t count = 0;
    canasta_move m;
    for (size_t pos = 0; pos < len; count++)
        pos += cn_move_decode(hist + pos, &m);
    return count;
}

/* Append the encoded moves hist[0..len) (history.c's format, which is
 * this file's) to the last hand. */
static int push_history(canasta_record *r, const uint8_t *hist, size_t len)
{
    int rc = reserve_moves(r, count_moves(hist, len), len);
    if (rc)
        return rc;
    for (size_t pos = 0; pos < len;) {
        canasta_move m;
        pos += cn_move_decode(hist + pos, &m);
        push_move(r, &m, 0);
    }
    return CANASTA_OK;
}

static rec_hand *push_hand(canasta_record *r)
{
    rec_hand *h = &r->hands[r->n_hands++];
    memset(h, 0, sizeof *h);
    h->mv_first = r->n_mv;
    h->ev_first = r->n_evs;
    h->raw_first = r->n_evs;
    h->start_seat = 0xFF;
    return h;
}

/* Bytes of the moves of hand h (the last hand's run to the end). */
static size_t hand_bytes(const canasta_record *r, const rec_hand *h,
                         size_t *off)
{
    if (h->mv_n == 0) {
        *off = r->n_bytes;
        return 0;
    }
    *off = r->mv[h->mv_first].off;
    size_t end = h->mv_first + h->mv_n < r->n_mv
                     ? r->mv[h->mv_first + h->mv_n].off : r->n_bytes;
    return end - *off;
}

/* ------------------------------------------------------------------ */
/* Hand starts                                                          */
/* ------------------------------------------------------------------ */

static int start_is_fresh(const rec_hand *h)
{
    for (int s = 0; s < CN_MAX_SIDES; s++) {
        if (h->start_totals[s])
            return 0;
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            if (h->start_items[s][i])
                return 0;
    }
    return h->start_how == 0 && h->start_seat == 0xFF && !h->start_scored;
}

/* Describe how the game's current hand began. */
static int capture_start(canasta_record *r, rec_hand *h,
                         const canasta_game *g)
{
    const cn_state *st = &g->st;
    h->hand_no = st->hand_no;
    h->dealer = st->dealer;
    h->known_start = 1;
    if (g->from_position) {
        if (!h->base) {
            h->base = cn_alloc(r->alloc, r->user, sizeof *h->base);
            if (!h->base)
                return CANASTA_E_NOMEM;
        }
        memcpy(h->base, g->base, sizeof *h->base);
        h->from_position = 1;
        h->custom = 0;
        return CANASTA_OK;
    }
    h->from_position = 0;
    memcpy(h->start_totals, st->start_totals, sizeof h->start_totals);
    memcpy(h->start_items, st->start_last_items, sizeof h->start_items);
    h->start_how = st->start_end_how;
    h->start_seat = st->start_end_seat;
    h->start_scored = st->start_scored;
    size_t n = (size_t)st->p.deck_size;
    uint8_t shuffled[CN_MAX_DECK];
    cn_shuffled_deck(shuffled, &st->p, st->seed, st->hand_no);
    memcpy(h->deck, st->deck, n);
    h->custom = memcmp(shuffled, st->deck, n) != 0;
    return CANASTA_OK;
}

/* Does the game's current hand begin as h says?  2: yes; 1: only its deck
 * differs; 0: no. */
static int same_start(const rec_hand *h, const canasta_game *g)
{
    const cn_state *st = &g->st;
    if (h->hand_no != st->hand_no || h->dealer != st->dealer ||
        h->from_position != g->from_position)
        return 0;
    if (h->from_position)
        return h->base && memcmp(h->base, g->base, sizeof *g->base) == 0 ? 2
                                                                          : 0;
    if (h->known_start &&
        (memcmp(h->start_totals, st->start_totals,
                sizeof h->start_totals) != 0 ||
         memcmp(h->start_items, st->start_last_items,
                sizeof h->start_items) != 0 ||
         h->start_how != st->start_end_how ||
         h->start_seat != st->start_end_seat ||
         h->start_scored != st->start_scored))
        return 0;
    return memcmp(h->deck, st->deck, (size_t)st->p.deck_size) == 0 ? 2 : 1;
}

/* ------------------------------------------------------------------ */
/* Create and update                                                    */
/* ------------------------------------------------------------------ */

CANASTA_API int canasta_record_create(canasta_record **out,
                                      const canasta_game *game)
{
    if (out)
        *out = NULL;
    if (!out || !game)
        return CANASTA_E_NULL;
    canasta_record *r = rec_new(game->alloc, game->release, game->user);
    if (!r)
        return CANASTA_E_NOMEM;
    r->p = game->st.p;
    r->seed = game->st.seed;
    int rc = RESERVE(r, hands, cap_hands, 1);
    if (!rc)
        rc = capture_start(r, push_hand(r), game);
    if (!rc)
        rc = push_history(r, game->hist, game->hist_len);
    if (rc) {
        canasta_record_free(r);
        return rc;
    }
    *out = r;
    return CANASTA_OK;
}

/* ------------------------------------------------------------------ */
/* Replaying                                                            */
/* ------------------------------------------------------------------ */

typedef struct rec_run {
    const canasta_record *rec;
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    canasta_game *g;     /* the game being replayed */
    cn_text *out;        /* text being written, or NULL */
    int viewer;
    rec_result *res;     /* hands finished */
    size_t n_res, cap_res;
    int line;            /* error: its line */
    char *why;
    size_t ws;
} rec_run;

static int run_fail(rec_run *x, int code, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int run_fail(rec_run *x, int code, int line, const char *fmt, ...)
{
    x->line = line;
    if (x->why && x->ws) {
        int n = snprintf(x->why, x->ws, "line %d: ", line);
        if (n >= 0 && (size_t)n < x->ws) {
            va_list ap;
            va_start(ap, fmt);
            /* Truncated to why_size, as documented. */
            (void)vsnprintf(x->why + n, x->ws - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

static int in_play(int phase)
{
    return phase == CANASTA_PHASE_DRAW || phase == CANASTA_PHASE_PLAY ||
           phase == CANASTA_PHASE_ANSWER;
}

static int add_result(rec_run *x)
{
    int rc = reserve(x->alloc, x->release, x->user, (void **)&x->res,
                     &x->cap_res, x->n_res + 1, sizeof *x->res);
    if (rc)
        return rc;
    rec_result *res = &x->res[x->n_res++];
    memset(res, 0, sizeof *res);
    const cn_state *st = &x->g->st;
    memcpy(res->items, st->last_items, sizeof res->items);
    memcpy(res->total, st->totals, sizeof res->total);
    return CANASTA_OK;
}

/* Do the written event text w and the engine's text e say the same?  A
 * written "??" stands for any card; cards may be written in any accepted
 * spelling. */
static int event_matches(const char *e, const char *w)
{
    char eb[REC_EVENT_TEXT], wb[CN_LINE_MAX + 1];
    size_t el = strlen(e), wl = strlen(w);
    if (el >= sizeof eb || wl >= sizeof wb)
        return 0;
    memcpy(eb, e, el + 1);
    memcpy(wb, w, wl + 1);
    char *ec = eb, *wc = wb;
    for (;;) {
        char *et = cn_token(&ec), *wt = cn_token(&wc);
        if (!et || !wt)
            return !et && !wt;
        if (strcmp(et, wt) == 0)
            continue;
        int ecard = cn_parse_card(et);
        if (!ecard)
            return 0;
        if (strcmp(wt, "??") == 0)
            continue;
        if (cn_parse_card(wt) != ecard)
            return 0;
    }
}

static const char *rec_text_at(const canasta_record *r, size_t i)
{
    return r->chars + r->evs[i].off;
}

/* The viewer's dealt cards (C4: one at a time from the top of the deck,
 * starting left of the dealer), sorted by code. */
static void put_dealt(cn_text *t, const cn_state *st, int viewer)
{
    uint8_t count[CANASTA_CARD_LIMIT];
    int np = st->p.players;
    memset(count, 0, sizeof count);
    for (int i = 0; i < np * st->p.hand_size && i < st->p.deck_size; i++)
        if ((st->dealer + 1 + i) % np == viewer)
            count[st->deck[i] & 63]++;
    cn_text_putf(t, "= %d dealt", viewer);
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        for (int k = 0; k < count[c]; k++) {
            cn_text_puts(t, " ");
            cn_text_card(t, c);
        }
    cn_text_puts(t, "\n");
}

/* The events of the last deal or move: written to the text, and compared
 * with the lines the record wrote (rec->evs[first .. first + n)). */
static int run_events(rec_run *x, size_t first, size_t n, int deal)
{
    const cn_state *st = &x->g->st;
    const canasta_record *r = x->rec;
    char buf[REC_EVENT_TEXT];
    if (x->out) {
        for (size_t i = 0; i < st->ev_n; i++) {
            cn_event_format(buf, sizeof buf, st, &st->ev[i], x->viewer);
            cn_text_putf(x->out, "= %s\n", buf);
            if (deal && x->viewer >= 0 &&
                st->ev[i].kind == CANASTA_EVENT_DEAL)
                put_dealt(x->out, st, x->viewer);
        }
    }
    if (n == 0)
        return CANASTA_OK;
    size_t i;
    for (i = 0; i < st->ev_n && i < n; i++) {
        cn_event_format(buf, sizeof buf, st, &st->ev[i], CANASTA_VIEW_ALL);
        const char *w = rec_text_at(r, first + i);
        if (!event_matches(buf, w))
            return run_fail(x, CANASTA_E_MISMATCH, r->evs[first + i].line,
                            "expected '= %s', the record says '= %s'", buf,
                            w);
    }
    if (i < st->ev_n) {
        cn_event_format(buf, sizeof buf, st, &st->ev[i], CANASTA_VIEW_ALL);
        return run_fail(x, CANASTA_E_MISMATCH, r->evs[first + n - 1].line,
            "expected '= %s' next, the record has no more events here", buf);
    }
    if (i < n)
        return run_fail(x, CANASTA_E_MISMATCH, r->evs[first + i].line,
            "expected no more events here, the record says '= %s'",
            rec_text_at(r, first + i));
    return CANASTA_OK;
}

static void put_start(cn_text *t, const cn_params *p, const rec_hand *h)
{
    cn_text_puts(t, "start-totals");
    for (int s = 0; s < p->sides; s++)
        cn_text_putf(t, " %d", (int)h->start_totals[s]);
    cn_text_putf(t, "\nstart-last-hand %s ",
                 cn_name(&cn_end_names, h->start_how, "none"));
    if (h->start_seat == 0xFF)
        cn_text_puts(t, "-\n");
    else
        cn_text_putf(t, "%d\n", (int)h->start_seat);
    int items = h->start_how != 0;
    for (int s = 0; s < p->sides; s++)
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            items |= h->start_items[s][i] != 0;
    if (items)
        for (int s = 0; s < p->sides; s++) {
            cn_text_putf(t, "start-last-score %d", s);
            for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
                cn_text_putf(t, " %d", (int)h->start_items[s][i]);
            cn_text_puts(t, "\n");
        }
}

static void put_deck(cn_text *t, const uint8_t *deck, int n)
{
    cn_text_puts(t, "deck");
    for (int i = 0; i < n; i++) {
        cn_text_puts(t, " ");
        cn_text_card(t, deck[i]);
    }
    cn_text_puts(t, "\n");
}

/* The header lines of hand h as the replay reached it. */
static void run_put_hand(rec_run *x, const rec_hand *h, int first)
{
    cn_text *t = x->out;
    const cn_state *st = &x->g->st;
    cn_text_putf(t, "\nhand %d\ndealer %d\n", (int)h->hand_no,
                 (int)h->dealer);
    if (h->from_position) {
        cn_text_puts(t, "begin position\n");
        cn_write_position(t, x->g->base, x->viewer);
        cn_text_puts(t, "end position\n");
        return;
    }
    if (first && (h->hand_no != 1 || !start_is_fresh(h)))
        put_start(t, &st->p, h);
    if (h->custom && x->viewer < 0)
        put_deck(t, st->deck, st->p.deck_size);
}

/* Begin the first hand of the record in x->g (made by
 * canasta_game_create from the header). */
static int run_first_hand(rec_run *x, const rec_hand *h)
{
    canasta_game *g = x->g;
    cn_state *st = &g->st;
    if (h->from_position) {
        memcpy(g->base, h->base, sizeof *g->base);
        memcpy(&g->st, h->base, sizeof g->st);
        g->from_position = 1;
        if (st->hand_no != h->hand_no)
            return run_fail(x, CANASTA_E_MISMATCH, h->line,
                "expected 'hand %d' (the position's), the record says "
                "'hand %d'", (int)st->hand_no, (int)h->hand_no);
        if (st->dealer != h->dealer)
            return run_fail(x, CANASTA_E_MISMATCH, h->dealer_line,
                "expected 'dealer %d' (the position's), the record says "
                "'dealer %d'", (int)st->dealer, (int)h->dealer);
        return CANASTA_OK;
    }
    if (h->hand_no == 1 && start_is_fresh(h)) {
        /* The game's first hand, dealt as canasta_game_create did. */
        if (st->dealer != h->dealer)
            return run_fail(x, CANASTA_E_MISMATCH, h->dealer_line,
                "expected 'dealer %d' (C3: the seed chooses the first "
                "dealer), the record says 'dealer %d'", (int)st->dealer,
                (int)h->dealer);
        if (h->custom && canasta_game_set_deck(g, h->deck,
                                               (size_t)st->p.deck_size))
            return run_fail(x, CANASTA_E_INVALID, h->deck_line,
                "C2: the deck is not one complete deck for these rules");
        return CANASTA_OK;
    }
    /* A later hand of the game: its start values as written. */
    st->hand_no = h->hand_no;
    st->dealer = (uint8_t)h->dealer;
    memcpy(st->start_totals, h->start_totals, sizeof st->start_totals);
    memcpy(st->start_last_items, h->start_items, sizeof h->start_items);
    st->start_end_how = h->start_how;
    st->start_end_seat = h->start_seat;
    st->start_scored = h->start_scored;
    if (h->custom) {
        if (!cn_deck_valid(&st->p, h->deck, (size_t)st->p.deck_size))
            return run_fail(x, CANASTA_E_INVALID, h->deck_line,
                "C2: the deck is not one complete deck for these rules");
        memcpy(st->deck, h->deck, (size_t)st->p.deck_size);
    } else {
        cn_shuffled_deck(st->deck, &st->p, st->seed, st->hand_no);
    }
    cn_deal(st);
    return CANASTA_OK;
}

/* Begin hand h (not the first): the NEXT_HAND move ending the previous
 * hand has dealt it already. */
static int run_next_hand(rec_run *x, const rec_hand *h)
{
    canasta_game *g = x->g;
    const cn_state *st = &g->st;
    if (h->from_position)
        return run_fail(x, CANASTA_E_INVALID, h->pos_line,
            "only the first hand of a record can begin from a position; "
            "later hands are dealt");
    if (st->hand_no != h->hand_no)
        return run_fail(x, CANASTA_E_MISMATCH, h->line,
            "expected 'hand %d', the record says 'hand %d' (a hand ends "
            "with the move 'S next')", (int)st->hand_no, (int)h->hand_no);
    if (st->dealer != h->dealer)
        return run_fail(x, CANASTA_E_MISMATCH, h->dealer_line,
            "expected 'dealer %d' (C3: the deal passes to the left), the "
            "record says 'dealer %d'", (int)st->dealer, (int)h->dealer);
    if (h->custom) {
        int rc = canasta_game_set_deck(g, h->deck, (size_t)st->p.deck_size);
        if (rc == CANASTA_E_DECK)
            return run_fail(x, CANASTA_E_INVALID, h->deck_line,
                "C2: the deck is not one complete deck for these rules");
        if (rc)
            return run_fail(x, rc, h->deck_line,
                            "the deck cannot be set: %s", canasta_strerror(rc));
    }
    return CANASTA_OK;
}

/* Replay the whole record in a new game x->g; writes the text when x->out
 * is set.  On failure x->g is the game as far as it got. */
static int run_record(rec_run *x)
{
    const canasta_record *r = x->rec;
    char why[512], buf[CANASTA_MOVE_TEXT_MAX];
    int rc;
    if (r->view >= 0)
        return run_fail(x, CANASTA_E_HIDDEN, r->view_line,
            "this is seat %d's view; hidden cards cannot be replayed",
            r->view);
    if (r->n_hands == 0)
        return run_fail(x, CANASTA_E_INVALID, 1, "the record has no hand");
    canasta_rules *rules = NULL;
    rc = canasta_rules_create_with_allocator(&rules, r->p.preset, x->alloc,
                                             x->release, x->user);
    if (rc)
        return rc;
    rules->p = r->p;
    rc = canasta_game_create(&x->g, rules, r->seed);
    canasta_rules_free(rules);
    if (rc)
        return rc;
    if (x->out) {
        cn_text_puts(x->out, "canasta-record 1\n");
        cn_write_rules(x->out, &r->p, r->seed, x->viewer < 0);
        if (x->viewer >= 0)
            cn_text_putf(x->out, "view %d\n", x->viewer);
    }
    for (size_t hi = 0; hi < r->n_hands; hi++) {
        const rec_hand *h = &r->hands[hi];
        rc = hi == 0 ? run_first_hand(x, h) : run_next_hand(x, h);
        if (rc)
            return rc;
        if (x->out)
            run_put_hand(x, h, hi == 0);
        rc = run_events(x, h->ev_first, h->ev_n, 1);
        if (rc)
            return rc;
        if (!in_play(x->g->st.phase) && (rc = add_result(x)) != 0)
            return rc;
        for (size_t j = 0; j < h->mv_n; j++) {
            const rec_move *mv = &r->mv[h->mv_first + j];
            canasta_move m;
            cn_move_decode(r->bytes + mv->off, &m);
            int before = x->g->st.phase;
            rc = canasta_apply(why, sizeof why, x->g, &m);
            if (rc)
                return run_fail(x, rc, mv->line, "%s", why);
            if (x->out) {
                canasta_move_to_string(buf, sizeof buf, &m);
                cn_text_putf(x->out, "%s\n", buf);
            }
            if (m.kind == CANASTA_MOVE_NEXT_HAND) {
                /* Its events, the next deal, follow the next hand's
                 * header lines. */
                if (hi + 1 == r->n_hands && !in_play(x->g->st.phase) &&
                    (rc = add_result(x)) != 0)
                    return rc;
                continue;
            }
            rc = run_events(x, mv->ev_first, mv->ev_n, 0);
            if (rc)
                return rc;
            if (in_play(before) && !in_play(x->g->st.phase) &&
                (rc = add_result(x)) != 0)
                return rc;
        }
    }
    return CANASTA_OK;
}

static void run_init(rec_run *x, const canasta_record *r, char *why,
                     size_t ws)
{
    memset(x, 0, sizeof *x);
    x->rec = r;
    x->alloc = r->alloc;
    x->release = r->release;
    x->user = r->user;
    x->viewer = CANASTA_VIEW_ALL;
    x->why = why;
    x->ws = ws;
    if (why && ws)
        why[0] = '\0';
}

static void run_done(rec_run *x)
{
    canasta_game_free(x->g);
    x->g = NULL;
    cn_release(x->release, x->user, x->res);
    x->res = NULL;
}

CANASTA_API int canasta_record_replay(canasta_game **out, int *line,
    char *why, size_t why_size, canasta_record *record)
{
    if (why && why_size)
        why[0] = '\0';
    if (out)
        *out = NULL;
    if (line)
        *line = 0;
    if (!record)
        return CANASTA_E_NULL;
    rec_run x;
    run_init(&x, record, why, why_size); /* the record's allocator */
    int rc = run_record(&x);
    /* Keep the hands finished (all of them on success). */
    record->n_res = 0;
    if (x.n_res) {
        int rc2 = RESERVE(record, res, cap_res, x.n_res);
        if (rc2 == CANASTA_OK) {
            memcpy(record->res, x.res, x.n_res * sizeof *x.res);
            record->n_res = x.n_res;
        } else if (rc == CANASTA_OK) {
            rc = rc2;
        }
    }
    if (rc && line)
        *line = x.line;
    if (!rc && out) {
        *out = x.g;
        x.g = NULL;
    }
    run_done(&x);
    return rc;
}

CANASTA_API int canasta_record_hand_count(size_t *count,
                                          const canasta_record *record)
{
    if (!count || !record)
        return CANASTA_E_NULL;
    *count = record->n_res;
    return CANASTA_OK;
}

CANASTA_API int canasta_record_hand_score(int *items, size_t n_items,
    int *total, const canasta_record *record, size_t hand, int side)
{
    if (!record || (n_items > 0 && !items))
        return CANASTA_E_NULL;
    if (side < 0 || side >= record->p.sides)
        return CANASTA_E_SIDE;
    if (hand >= record->n_res)
        return CANASTA_E_ARG;
    const rec_result *res = &record->res[hand];
    for (size_t i = 0; i < n_items && i < CANASTA_SCORE_ITEMS; i++)
        items[i] = res->items[side][i];
    if (total)
        *total = res->total[side];
    return CANASTA_OK;
}

/* ------------------------------------------------------------------ */
/* Update                                                               */
/* ------------------------------------------------------------------ */

/* Cut the last hand h to the moves in its first keep bytes (a move
 * boundary), with the event lines written after the moves cut. */
static void truncate_hand(canasta_record *r, rec_hand *h, size_t keep)
{
    size_t n = 0, off;
    hand_bytes(r, h, &off);
    while (n < h->mv_n && r->mv[h->mv_first + n].off < off + keep)
        n++;
    if (n == h->mv_n)
        return;
    const rec_move *cut = &r->mv[h->mv_first + n];
    /* The moves cut are the record's last ones, and the event lines
     * written after them its last lines. */
    if (cut->ev_first < r->n_evs) {
        r->n_chars = r->evs[cut->ev_first].off;
        r->n_evs = cut->ev_first;
    }
    r->n_bytes = cut->off;
    r->n_mv = h->mv_first + n;
    h->mv_n = n;
}

CANASTA_API int canasta_record_update(canasta_record *record,
                                      const canasta_game *game)
{
    if (!record || !game)
        return CANASTA_E_NULL;
    canasta_record *r = record;
    const cn_state *st = &game->st;
    if (r->view >= 0 || r->n_hands == 0 ||
        memcmp(&r->p, &st->p, sizeof r->p) != 0 || r->seed != st->seed)
        return CANASTA_E_ARG;
    rec_hand *h = &r->hands[r->n_hands - 1];
    size_t off, len = hand_bytes(r, h, &off);
    int rc;
    if (st->hand_no == h->hand_no) {
        int same = same_start(h, game);
        if (same == 0)
            return CANASTA_E_ARG;
        if (len > game->hist_len) {
            /* canasta_undo: the game's moves of the hand must be the first
             * of the recorded ones, which are then cut to them. */
            size_t keep = game->hist_len;
            if (memcmp(r->bytes + off, game->hist, keep) != 0 ||
                (same == 1 && keep > 0))
                return CANASTA_E_ARG;
            truncate_hand(r, h, keep);
            len = keep;
        } else if (len && memcmp(r->bytes + off, game->hist, len) != 0) {
            return CANASTA_E_ARG;
        }
        if (same == 1 && h->mv_n > 0)
            return CANASTA_E_ARG;
        rc = push_history(r, game->hist + len, game->hist_len - len);
        if (rc)
            return rc;
        if (same == 1) { /* set_deck before the hand's first move */
            capture_start(r, h, game);
            h->ev_n = 0; /* the deal events read were of the old deck */
        }
        return CANASTA_OK;
    }
    if (st->hand_no != h->hand_no + 1 || game->from_position)
        return CANASTA_E_ARG;
    /* The recorded hand must be over, and its NEXT_HAND must begin the
     * game's current hand (up to the deck, which set_deck may change).  A
     * record read from text may already end with that NEXT_HAND. */
    canasta_move next;
    int has_next = 0;
    if (h->mv_n > 0) {
        cn_move_decode(r->bytes + r->mv[h->mv_first + h->mv_n - 1].off, &next);
        has_next = next.kind == CANASTA_MOVE_NEXT_HAND;
    }
    rec_run x;
    run_init(&x, r, NULL, 0);
    rc = run_record(&x);
    if (rc == CANASTA_E_NOMEM) {
        run_done(&x);
        return rc;
    }
    if (rc || (!has_next && x.g->st.phase != CANASTA_PHASE_HAND_OVER)) {
        run_done(&x);
        return CANASTA_E_ARG;
    }
    canasta_move_init(&next, CANASTA_MOVE_NEXT_HAND, x.g->st.cur);
    if (!has_next && canasta_apply(NULL, 0, x.g, &next) != CANASTA_OK) {
        run_done(&x);
        return CANASTA_E_ARG;
    }
    cn_state *a = &x.g->st;
    memcpy(a->deck, st->deck, (size_t)st->p.deck_size);
    cn_deal(a);
    cn_state b;
    memcpy(&b, st, sizeof b);
    cn_deal(&b);
    int equal = memcmp(a, &b, sizeof b) == 0;
    run_done(&x);
    if (!equal)
        return CANASTA_E_ARG;
    /* Room first, so that nothing changes when memory runs out. */
    rc = RESERVE(r, hands, cap_hands, r->n_hands + 1);
    if (!rc)
        rc = reserve_moves(r, count_moves(game->hist, game->hist_len) + 1,
                           game->hist_len + CN_MOVE_BYTES);
    if (rc)
        return rc;
    if (!has_next)
        push_move(r, &next, 0);
    rec_hand *nh = push_hand(r);
    capture_start(r, nh, game);
    for (size_t pos = 0; pos < game->hist_len;) {
        canasta_move m;
        pos += cn_move_decode(game->hist + pos, &m);
        push_move(r, &m, 0);
    }
    return CANASTA_OK;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* A record as it was read (normalised): for a seat's view, and for a
 * record that does not replay. */
static void put_written(const canasta_record *r, cn_text *t)
{
    char buf[CANASTA_MOVE_TEXT_MAX];
    cn_text_puts(t, "canasta-record 1\n");
    cn_write_rules(t, &r->p, r->seed, r->view < 0);
    if (r->view >= 0)
        cn_text_putf(t, "view %d\n", r->view);
    for (size_t hi = 0; hi < r->n_hands; hi++) {
        const rec_hand *h = &r->hands[hi];
        cn_text_putf(t, "\nhand %d\ndealer %d\n", (int)h->hand_no,
                     (int)h->dealer);
        if (h->has_start)
            put_start(t, &r->p, h);
        if (h->from_position) {
            cn_text_puts(t, "begin position\n");
            if (h->base)
                cn_write_position(t, h->base, CANASTA_VIEW_ALL);
            else
                for (size_t i = 0; i < h->raw_n; i++)
                    cn_text_putf(t, "%s\n", rec_text_at(r, h->raw_first + i));
            cn_text_puts(t, "end position\n");
        } else if (h->custom) {
            put_deck(t, h->deck, r->p.deck_size);
        }
        for (size_t i = 0; i < h->ev_n; i++)
            cn_text_putf(t, "= %s\n", rec_text_at(r, h->ev_first + i));
        for (size_t j = 0; j < h->mv_n; j++) {
            const rec_move *mv = &r->mv[h->mv_first + j];
            canasta_move m;
            cn_move_decode(r->bytes + mv->off, &m);
            canasta_move_to_string(buf, sizeof buf, &m);
            cn_text_putf(t, "%s\n", buf);
            for (size_t i = 0; i < mv->ev_n; i++)
                cn_text_putf(t, "= %s\n", rec_text_at(r, mv->ev_first + i));
        }
    }
}

CANASTA_API int canasta_record_text(char **text, size_t *length,
    const canasta_record *record, int viewer)
{
    if (text)
        *text = NULL;
    if (length)
        *length = 0;
    if (!text || !record)
        return CANASTA_E_NULL;
    if (viewer < CANASTA_VIEW_ALL || viewer >= record->p.players)
        return CANASTA_E_SEAT;
    cn_text t;
    cn_text_init(&t, record->alloc, record->release, record->user);
    if (record->view >= 0) {
        if (viewer >= 0 && viewer != record->view)
            return CANASTA_E_HIDDEN;
        put_written(record, &t);
        return cn_text_finish(text, length, &t);
    }
    rec_run x;
    run_init(&x, record, NULL, 0);
    x.out = &t;
    x.viewer = viewer;
    int rc = run_record(&x);
    run_done(&x);
    if (rc == CANASTA_OK)
        return cn_text_finish(text, length, &t);
    cn_text_discard(&t);
    if (rc == CANASTA_E_NOMEM || !record->parsed || viewer >= 0)
        return rc;
    t.failed = 0;
    put_written(record, &t);
    return cn_text_finish(text, length, &t);
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

typedef struct rec_reader {
    canasta_record *r;
    cn_lines lines;
    char *why;
    size_t ws;
} rec_reader;

static int rd_fail(rec_reader *d, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int rd_fail(rec_reader *d, int code, const char *fmt, ...)
{
    if (d->why && d->ws) {
        int n = snprintf(d->why, d->ws, "line %d: ",
                         d->lines.lineno > 0 ? d->lines.lineno : 1);
        if (n >= 0 && (size_t)n < d->ws) {
            va_list ap;
            va_start(ap, fmt);
            /* Truncated to why_size, as documented. */
            (void)vsnprintf(d->why + n, d->ws - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

/* Keep a line of text (an event or a view's position line). */
static int keep_line(canasta_record *r, const char *text, int line)
{
    size_t n = strlen(text);
    int rc = RESERVE(r, evs, cap_evs, r->n_evs + 1);
    if (!rc)
        rc = RESERVE(r, chars, cap_chars, r->n_chars + n + 1);
    if (rc)
        return rc;
    memcpy(r->chars + r->n_chars, text, n + 1);
    r->evs[r->n_evs].off = r->n_chars;
    r->evs[r->n_evs].line = line;
    r->n_evs++;
    r->n_chars += n + 1;
    return CANASTA_OK;
}

/* The text of an event line after its "=": tokens joined by one space,
 * cards in their canonical spelling. */
static void normalize_event(char *dst, size_t size, char *src)
{
    size_t n = 0;
    char *tok, name[8];
    dst[0] = '\0';
    while ((tok = cn_token(&src)) != NULL) {
        int c = strcmp(tok, "??") ? cn_parse_card(tok) : 0;
        if (c) {
            cn_card_name(name, c);
            tok = name;
        }
        size_t k = strlen(tok);
        if (n + k + 2 > size)
            break;
        if (n)
            dst[n++] = ' ';
        memcpy(dst + n, tok, k + 1);
        n += k;
    }
}

static int has_hidden_token(const char *line)
{
    const char *s = line;
    while ((s = strstr(s, "??")) != NULL) {
        if ((s == line || s[-1] == ' ' || s[-1] == '\t' || s[-1] == ',') &&
            (s[2] == '\0' || s[2] == ' ' || s[2] == '\t' || s[2] == ','))
            return 1;
        s += 2;
    }
    return 0;
}

/* n numbers (any int32: cn_check_start checks their ranges) and nothing
 * after them. */
static int read_ints(char *rest, int32_t *v, int n)
{
    for (int i = 0; i < n; i++) {
        long x;
        char *tok = cn_token(&rest);
        if (!tok || !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &x))
            return 0;
        v[i] = (int32_t)x;
    }
    return cn_token(&rest) == NULL;
}

/* Is tok a number at all (E_SYNTAX if not)?  Then *v is it, and it must
 * be a seat of the game (E_INVALID if not). */
static int read_seat(rec_reader *d, const char *tok, const char *what,
                     const char *form, long *v)
{
    int players = d->r->p.players;
    if (!tok || !cn_parse_int(tok, -2147483647L - 1, 2147483647L, v))
        return rd_fail(d, CANASTA_E_SYNTAX, "%s", form);
    if (*v < 0 || *v >= players)
        return rd_fail(d, CANASTA_E_INVALID,
            "%s %ld does not exist in a %d-player game (seats 0 to %d)", what,
            *v, players, players - 1);
    return CANASTA_OK;
}

/* A start line: the values are checked by check_first_start (shared with
 * saves: cn_check_start) once the hand's start lines are all read. */
static int read_start_line(rec_reader *d, rec_hand *h, const char *key,
                           char *rest)
{
    const cn_params *p = &d->r->p;
    int line = d->lines.lineno, *slot;
    long side = 0;
    int rc;
    if (strcmp(key, "start-totals") == 0) {
        slot = &h->totals_line;
        if (!*slot && !read_ints(rest, h->start_totals, p->sides))
            return rd_fail(d, CANASTA_E_SYNTAX,
                "write \"start-totals\" and the total of each of the %d "
                "sides", (int)p->sides);
    } else if (strcmp(key, "start-last-hand") == 0) {
        slot = &h->last_line;
        char *how = cn_token(&rest), *seat = cn_token(&rest);
        const char *form = "write \"start-last-hand <none|went-out|"
            "concealed|red-three|stock> <seat or ->\"";
        int k = cn_name_index(&cn_end_names, 0, how);
        long s = -1;
        if (k < 0 || !seat || cn_token(&rest))
            return rd_fail(d, CANASTA_E_SYNTAX, "%s", form);
        if (strcmp(seat, "-") != 0 &&
            (rc = read_seat(d, seat, "seat", form, &s)) != 0)
            return rc;
        if (!*slot) {
            h->start_how = (uint8_t)k;
            h->start_seat = (uint8_t)(s < 0 ? 0xFF : s);
            h->start_scored = k != 0;
        }
    } else { /* start-last-score <side> <items> */
        char *tok = cn_token(&rest);
        char msg[160]; /* the text below fits */
        (void)snprintf(msg, sizeof msg, "write \"start-last-score <side> <%d "
                       "numbers>\" (melded, natural, mixed, red threes, "
                       "going out, in hand, total)", CANASTA_SCORE_ITEMS);
        if (!tok || !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &side))
            return rd_fail(d, CANASTA_E_SYNTAX, "%s", msg);
        if (side < 0 || side >= p->sides)
            return rd_fail(d, CANASTA_E_INVALID,
                "side %ld does not exist in a game of %d sides", side,
                (int)p->sides);
        slot = &h->score_line[side];
        int32_t items[CANASTA_SCORE_ITEMS];
        if (!read_ints(rest, items, CANASTA_SCORE_ITEMS))
            return rd_fail(d, CANASTA_E_SYNTAX, "%s", msg);
        if (!*slot)
            memcpy(h->start_items[side], items, sizeof items);
    }
    if (*slot) {
        char name[48]; /* the longest key and a side fit */
        if (slot == &h->score_line[side])
            (void)snprintf(name, sizeof name, "%s %ld", key, side);
        else
            (void)snprintf(name, sizeof name, "%s", key);
        return rd_fail(d, CANASTA_E_SYNTAX,
            "a second \"%s\" line (the first is line %d)", name, *slot);
    }
    *slot = line;
    return CANASTA_OK;
}

/* The start values of the record's first hand, once its start lines are
 * read: the checks a save's start lines get (cn_check_start). */
static int check_first_start(rec_reader *d, const rec_hand *h)
{
    if (h->from_position)
        return CANASTA_OK; /* the position's own checks */
    cn_state st;
    memset(&st, 0, sizeof st);
    st.p = d->r->p;
    st.hand_no = h->hand_no;
    st.dealer = (uint8_t)h->dealer;
    memcpy(st.start_totals, h->start_totals, sizeof st.start_totals);
    memcpy(st.start_last_items, h->start_items, sizeof st.start_last_items);
    st.start_end_how = h->start_how;
    st.start_end_seat = h->start_seat;
    st.start_scored = h->start_scored;
    cn_start_lines at;
    memset(&at, 0, sizeof at);
    at.hand = h->line;
    at.dealer = h->dealer_line;
    at.totals = h->totals_line;
    at.last_hand = h->last_line;
    memcpy(at.score, h->score_line, sizeof at.score);
    /* Without start lines the hand starts as a new game's first hand. */
    at.end = h->last_line ? h->last_line : h->line;
    return cn_check_start(&st, &at, d->why, d->ws);
}

static int read_deck(rec_reader *d, rec_hand *h, char *rest)
{
    int n = 0, size = d->r->p.deck_size;
    char *tok;
    while ((tok = cn_token(&rest)) != NULL) {
        if (strcmp(tok, "??") == 0)
            return rd_fail(d, CANASTA_E_HIDDEN,
                "\"??\" hides a card of the deck; a deck needs every card");
        int c = cn_parse_card(tok);
        if (!c)
            return rd_fail(d, CANASTA_E_SYNTAX, "\"%s\" is not a card", tok);
        if (n >= size)
            return rd_fail(d, CANASTA_E_SYNTAX,
                           "the deck has more than %d cards", size);
        h->deck[n++] = (uint8_t)c;
    }
    if (n != size)
        return rd_fail(d, CANASTA_E_SYNTAX,
                       "the deck has %d cards; these rules use %d", n, size);
    h->custom = 1;
    h->deck_line = d->lines.lineno;
    return CANASTA_OK;
}

/* "begin position" ... "end position" of hand h. */
static int read_position(rec_reader *d, rec_hand *h)
{
    canasta_record *r = d->r;
    h->from_position = 1;
    h->pos_line = d->lines.lineno;
    if (r->view < 0) {
        h->base = cn_alloc(r->alloc, r->user, sizeof *h->base);
        if (!h->base)
            return CANASTA_E_NOMEM;
        memset(h->base, 0, sizeof *h->base);
        h->base->p = r->p;
        h->base->seed = r->seed;
        return cn_read_position(h->base, &d->lines, "end position", d->why,
                                d->ws);
    }
    /* A seat's view hides cards: keep its lines as they were written. */
    h->raw_first = r->n_evs;
    for (;;) {
        int rc = cn_lines_next(&d->lines, d->why, d->ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "the text ends inside the position begun on line %d "
                "(no \"end position\")", h->pos_line);
        if (cn_line_ignored(d->lines.line))
            continue;
        if (strcmp(d->lines.line, "end position") == 0)
            return CANASTA_OK;
        rc = keep_line(r, d->lines.line, d->lines.lineno);
        if (rc)
            return rc;
        h->raw_n++;
    }
}

/* Where the reader is in the text. */
typedef struct rec_parse {
    int stage;      /* 0: kind line, 1: header, 2: body */
    cn_header hdr;  /* the header tags, applied at its end */
    int hstate;     /* in a hand: 0 dealer next, 1 before events and
                       moves, 2 events and moves */
    int after_next; /* the last line was "S next" */
} rec_parse;

/* The kind line: "canasta-record 1". */
static int read_kind(rec_reader *d, const char *key, char *cur)
{
    char *ver = cn_token(&cur);
    if (strcmp(key, "canasta-record") != 0)
        return rd_fail(d, CANASTA_E_VERSION,
            "not a game record (it begins with \"canasta-record 1\")");
    if (!ver || strcmp(ver, "1") != 0 || cn_token(&cur))
        return rd_fail(d, CANASTA_E_VERSION,
            "unknown record format \"%s\" (this library reads "
            "\"canasta-record 1\")", d->lines.line);
    return CANASTA_OK;
}

/* "view S" in the header. */
static int read_view(rec_reader *d, char *cur)
{
    canasta_record *r = d->r;
    char *tok = cn_token(&cur);
    long v;
    if (r->view >= 0)
        return rd_fail(d, CANASTA_E_SYNTAX, "a second view line");
    if (!tok || cn_token(&cur) ||
        !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &v))
        return rd_fail(d, CANASTA_E_SYNTAX, "write \"view S\" with a seat S");
    if (v < 0)
        return rd_fail(d, CANASTA_E_INVALID, "seat %ld does not exist", v);
    /* Checked against the players at the first hand. */
    r->view = (int)v;
    r->view_line = d->lines.lineno;
    return CANASTA_OK;
}

/* A header line before the first "hand N". */
static int read_header_line(rec_reader *d, rec_parse *ps, const char *key,
                            char *cur)
{
    if (strcmp(key, "view") == 0)
        return read_view(d, cur);
    int rc = cn_read_rules_tag(&ps->hdr, key, cur, d->lines.lineno, d->why,
                               d->ws);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "\"%s\" is not a header tag (preset, option, sides, seed, "
            "view); the moves follow a \"hand N\" line", key);
    return CANASTA_OK;
}

/* The header is complete (the first "hand N" line is next). */
static int end_header(rec_reader *d, const rec_parse *ps)
{
    canasta_record *r = d->r;
    int rc = cn_header_finish(&ps->hdr, &r->p, d->why, d->ws);
    if (rc)
        return rc;
    r->seed = ps->hdr.seed;
    int seen_seed = ps->hdr.seed_line != 0;
    if (r->view >= r->p.players) {
        d->lines.lineno = r->view_line;
        return rd_fail(d, CANASTA_E_INVALID,
            "seat %d does not exist in a %d-player game", r->view,
            (int)r->p.players);
    }
    if (r->view >= 0 && seen_seed)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "a seat's view (\"view %d\") has no seed line", r->view);
    if (r->view < 0 && !seen_seed)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the header has no \"seed\" (or \"view\") line");
    return CANASTA_OK;
}

/* "hand N": the hand before it is complete, and a new one begins. */
static int read_hand_line(rec_reader *d, rec_parse *ps, char *cur)
{
    canasta_record *r = d->r;
    char *tok = cn_token(&cur);
    long n;
    int rc;
    if (r->n_hands) {
        const rec_hand *prev = &r->hands[r->n_hands - 1];
        if (ps->hstate == 0)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "hand %d has no \"dealer D\" line", (int)prev->hand_no);
        if (ps->hstate == 1 && r->n_hands == 1 &&
            (rc = check_first_start(d, prev)) != 0)
            return rc;
    }
    if (!tok || cn_token(&cur) ||
        !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &n))
        return rd_fail(d, CANASTA_E_SYNTAX,
            "write \"hand N\" with the hand's number N (from 1)");
    if (n < 1 || n > CN_HAND_LIMIT)
        return rd_fail(d, CANASTA_E_INVALID,
            "the hand number must be 1 to %ld, not %ld", CN_HAND_LIMIT, n);
    if ((rc = RESERVE(r, hands, cap_hands, r->n_hands + 1)) != 0)
        return rc;
    rec_hand *h = push_hand(r);
    h->hand_no = (int32_t)n;
    h->line = d->lines.lineno;
    h->known_start = r->n_hands == 1;
    if (r->view < 0)
        cn_shuffled_deck(h->deck, &r->p, r->seed, h->hand_no);
    ps->hstate = 0;
    ps->after_next = 0;
    return CANASTA_OK;
}

/* "dealer D", the line after "hand N". */
static int read_dealer_line(rec_reader *d, rec_hand *h, const char *key,
                            char *cur)
{
    char *tok = cn_token(&cur);
    long v;
    int rc;
    if (strcmp(key, "dealer") != 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the \"hand %d\" line is followed by \"dealer D\"",
            (int)h->hand_no);
    if (!tok || cn_token(&cur))
        return rd_fail(d, CANASTA_E_SYNTAX,
            "write \"dealer D\": the dealer is a seat from 0 to %d",
            (int)d->r->p.players - 1);
    if ((rc = read_seat(d, tok, "the dealer: seat",
            "write \"dealer D\": the dealer is a seat", &v)) != 0)
        return rc;
    h->dealer = (int32_t)v;
    h->dealer_line = d->lines.lineno;
    return CANASTA_OK;
}

/* The lines that may follow the dealer, before the hand's events and
 * moves: start lines, a deck, a position.  1 if the line was one of
 * them, 0 if not, or an error. */
static int read_hand_start_line(rec_reader *d, rec_hand *h, const char *key,
                                char *cur)
{
    int rc;
    if (strcmp(key, "start-totals") == 0 ||
        strcmp(key, "start-last-hand") == 0 ||
        strcmp(key, "start-last-score") == 0) {
        if (d->r->n_hands != 1)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "only the first hand of a record gives its start values; "
                "later ones follow from the moves");
        if (h->custom || h->from_position)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "the start values come before the deck or position");
        rc = read_start_line(d, h, key, cur);
        if (rc)
            return rc;
        if (!h->has_start)
            h->start_line = d->lines.lineno;
        h->has_start = 1;
        return 1;
    }
    if (strcmp(key, "deck") == 0) {
        if (h->custom || h->from_position)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "a hand has one deck or one position");
        rc = read_deck(d, h, cur);
        return rc ? rc : 1;
    }
    if (strcmp(key, "begin") == 0) {
        char *what = cn_token(&cur);
        if (!what || strcmp(what, "position") != 0 || cn_token(&cur))
            return rd_fail(d, CANASTA_E_SYNTAX, "write \"begin position\"");
        if (h->custom || h->from_position || h->has_start)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "a hand that begins from a position has no deck or start "
                "lines");
        rc = read_position(d, h);
        return rc ? rc : 1;
    }
    return 0;
}

/* An event line, "= " and the event: kept for the replay to check. */
static int read_event_line(rec_reader *d, rec_hand *h)
{
    canasta_record *r = d->r;
    char text[CN_LINE_MAX + 1], ev[CN_LINE_MAX + 1];
    const char *s = d->lines.line;
    while (*s == ' ' || *s == '\t')
        s++;
    memcpy(text, s + 1, strlen(s + 1) + 1);
    normalize_event(ev, sizeof ev, text);
    if (ev[0] == '\0')
        return rd_fail(d, CANASTA_E_SYNTAX,
            "an event line is \"= \" and the event, e.g. \"= 0 drew 7h\"");
    if (h->mv_n == 0 && h->ev_n == 0)
        h->ev_first = r->n_evs;
    int rc = keep_line(r, ev, d->lines.lineno);
    if (rc)
        return rc;
    if (h->mv_n == 0)
        h->ev_n++;
    else
        r->mv[r->n_mv - 1].ev_n++;
    return CANASTA_OK;
}

/* A move line. */
static int read_move_line(rec_reader *d, rec_parse *ps)
{
    canasta_record *r = d->r;
    char mwhy[256];
    canasta_move m;
    if (has_hidden_token(d->lines.line))
        return rd_fail(d, CANASTA_E_HIDDEN,
            "\"??\" stands for a card the writer could not see; a move "
            "needs its real cards");
    int rc = canasta_move_from_string(&m, mwhy, sizeof mwhy, d->lines.line,
                                      (size_t)-1, -1);
    if (rc)
        return rd_fail(d, CANASTA_E_SYNTAX, "%s", mwhy);
    if ((rc = reserve_moves(r, 1, CN_MOVE_BYTES)) != 0)
        return rc;
    push_move(r, &m, d->lines.lineno);
    ps->after_next = m.kind == CANASTA_MOVE_NEXT_HAND;
    return CANASTA_OK;
}

/* A line of the body (from the first "hand N" on). */
static int read_body_line(rec_reader *d, rec_parse *ps, const char *key,
                          char *cur)
{
    canasta_record *r = d->r;
    int rc;
    if (strcmp(key, "hand") == 0)
        return read_hand_line(d, ps, cur);
    /* The body begins with a "hand N" line, so there is a hand. */
    rec_hand *h = &r->hands[r->n_hands - 1];
    if (ps->after_next)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "after the move \"next\" comes the next hand's \"hand %d\" line",
            (int)h->hand_no + 1);
    if (ps->hstate == 0) {
        rc = read_dealer_line(d, h, key, cur);
        if (!rc)
            ps->hstate = 1;
        return rc;
    }
    if (ps->hstate == 1) {
        rc = read_hand_start_line(d, h, key, cur);
        if (rc)
            return rc < 0 ? rc : CANASTA_OK;
        if (r->n_hands == 1 && (rc = check_first_start(d, h)) != 0)
            return rc;
    }
    ps->hstate = 2;
    if (key[0] == '=')
        return read_event_line(d, h);
    return read_move_line(d, ps);
}

static int read_record(rec_reader *d)
{
    canasta_record *r = d->r;
    cn_lines *L = &d->lines;
    rec_parse ps;
    char line[CN_LINE_MAX + 1];
    memset(&ps, 0, sizeof ps);
    cn_header_init(&ps.hdr);
    for (;;) {
        int rc = cn_lines_next(L, d->why, d->ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            break;
        if (cn_line_ignored(L->line))
            continue;
        memcpy(line, L->line, strlen(L->line) + 1);
        char *cur = line, *key = cn_token(&cur);
        if (ps.stage == 0) {
            rc = read_kind(d, key, cur);
            ps.stage = 1;
        } else if (ps.stage == 1 && strcmp(key, "hand") != 0) {
            rc = read_header_line(d, &ps, key, cur);
        } else {
            if (ps.stage == 1) {
                if ((rc = end_header(d, &ps)) != 0)
                    return rc;
                ps.stage = 2;
            }
            rc = read_body_line(d, &ps, key, cur);
        }
        if (rc)
            return rc;
    }
    if (ps.stage == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the text is empty; a record begins with \"canasta-record 1\"");
    if (r->n_hands == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
                       "the record ends before its first \"hand N\" line");
    if (ps.hstate == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
                       "the record ends before the dealer of hand %d",
                       (int)r->hands[r->n_hands - 1].hand_no);
    if (ps.hstate == 1 && r->n_hands == 1)
        return check_first_start(d, &r->hands[0]);
    return CANASTA_OK;
}

CANASTA_API int canasta_record_parse(canasta_record **out, char *why,
    size_t why_size, const char *text, size_t length)
{
    return canasta_record_parse_with_allocator(out, why, why_size, text,
                                               length, NULL, NULL, NULL);
}

CANASTA_API int canasta_record_parse_with_allocator(canasta_record **out,
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
    canasta_record *r = rec_new(alloc, release, user);
    if (!r)
        return CANASTA_E_NOMEM;
    r->parsed = 1;
    cn_params_preset(&r->p, CANASTA_PRESET_CLASSIC);
    rec_reader *d = cn_alloc(alloc, user, sizeof *d);
    if (!d) {
        canasta_record_free(r);
        return CANASTA_E_NOMEM;
    }
    d->r = r;
    d->why = why;
    d->ws = why_size;
    cn_lines_init(&d->lines, text, length);
    int rc = read_record(d);
    cn_release(release, user, d);
    if (rc) {
        canasta_record_free(r);
        return rc;
    }
    *out = r;
    return CANASTA_OK;
}
