/* record_replay.c - a record replayed with the engine (record.h): every
 * move checked as canasta_apply checks it, every event line compared with
 * the events the move made, the scores of the hands kept; the text of a
 * record is written during such a replay (record_write.c). */
#include <string.h>
#include "cn_assert.h"
#include "record.h"

/* The replay stops at line: code, and why "line N: ..." (x->line is
 * the line for canasta_record_replay's caller). */
#define run_fail(x, code, line_, ...)                                       \
    ((x)->line = (line_),                                                   \
     cn_why_line((x)->why, (x)->ws, (code), (line_), __VA_ARGS__))

static int add_result(rec_run *x)
{
    int rc = cn_rec_reserve(x->alloc, x->release, x->user, (void **)&x->res,
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
    /* Both come from buffers of these sizes. */
    if (NEVER(el >= sizeof eb || wl >= sizeof wb))
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
                cn_rec_put_dealt(x->out, st, x->viewer);
        }
    }
    if (n == 0)
        return CANASTA_OK;
    size_t i;
    for (i = 0; i < st->ev_n && i < n; i++) {
        cn_event_format(buf, sizeof buf, st, &st->ev[i], CANASTA_VIEW_ALL);
        const char *w = cn_rec_text(r, first + i);
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
            cn_rec_text(r, first + i));
    return CANASTA_OK;
}

/* The game's hand number (unless hand_mid is NULL) and dealer are hand
 * h's: else E_MISMATCH, with what they follow from said after the value
 * expected (hand_mid, dealer_mid) or after the record's (hand_end). */
static int same_hand(rec_run *x, const rec_hand *h, const char *hand_mid,
                     const char *hand_end, const char *dealer_mid)
{
    const cn_state *st = &x->g->st;
    if (hand_mid && st->hand_no != h->s.hand_no)
        return run_fail(x, CANASTA_E_MISMATCH, h->s.at.hand,
            "expected 'hand %d'%s, the record says 'hand %d'%s",
            (int)st->hand_no, hand_mid, (int)h->s.hand_no, hand_end);
    if (st->dealer != h->s.dealer)
        return run_fail(x, CANASTA_E_MISMATCH, h->s.at.dealer,
            "expected 'dealer %d'%s, the record says 'dealer %d'",
            (int)st->dealer, dealer_mid, (int)h->s.dealer);
    return CANASTA_OK;
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
        return same_hand(x, h, " (the position's)", "",
                         " (the position's)");
    }
    if (h->s.hand_no == 1 && cn_start_fresh(&h->s)) {
        /* The game's first hand, dealt as canasta_game_create did. */
        int rc = same_hand(x, h, NULL, NULL,
                           " (C3: the seed chooses the first dealer)");
        if (rc)
            return rc;
        if (h->s.custom && canasta_game_set_deck(g, h->s.deck,
                                               (size_t)st->p.deck_size))
            return run_fail(x, CANASTA_E_INVALID, h->s.at.deck,
                "C2: the deck is not one complete deck for these rules");
        return CANASTA_OK;
    }
    /* A later hand of the game: its start values as written. */
    cn_start_to_state(st, &h->s);
    if (h->s.custom) {
        if (!cn_deck_valid(&st->p, h->s.deck, (size_t)st->p.deck_size))
            return run_fail(x, CANASTA_E_INVALID, h->s.at.deck,
                "C2: the deck is not one complete deck for these rules");
        memcpy(st->deck, h->s.deck, (size_t)st->p.deck_size);
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
    int rc = same_hand(x, h, "", " (a hand ends with the move 'S next')",
                       " (C3: the deal passes to the left)");
    if (rc)
        return rc;
    if (h->s.custom) {
        rc = canasta_game_set_deck(g, h->s.deck, (size_t)st->p.deck_size);
        if (rc == CANASTA_E_DECK)
            return run_fail(x, CANASTA_E_INVALID, h->s.at.deck,
                "C2: the deck is not one complete deck for these rules");
        /* A hand just dealt takes any complete deck. */
        if (NEVER(rc))
            return run_fail(x, rc, h->s.at.deck,
                            "the deck cannot be set: %s", canasta_strerror(rc));
    }
    return CANASTA_OK;
}

int cn_rec_run(rec_run *x)
{
    const canasta_record *r = x->rec;
    char why[512], buf[CANASTA_MOVE_TEXT_MAX];
    int rc;
    if (r->view >= 0)
        return run_fail(x, CANASTA_E_HIDDEN, r->view_line,
            "this is seat %d's view; hidden cards cannot be replayed",
            r->view);
    if (NEVER(r->n_hands == 0)) /* parse and create make a hand */
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
            cn_rec_put_hand(x, h, hi == 0);
        rc = run_events(x, h->ev_first, h->ev_n, 1);
        if (rc)
            return rc;
        if (!cn_in_play(x->g->st.phase) && (rc = add_result(x)) != 0)
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
                if (hi + 1 == r->n_hands && !cn_in_play(x->g->st.phase) &&
                    (rc = add_result(x)) != 0)
                    return rc;
                continue;
            }
            rc = run_events(x, mv->ev_first, mv->ev_n, 0);
            if (rc)
                return rc;
            if (cn_in_play(before) && !cn_in_play(x->g->st.phase) &&
                (rc = add_result(x)) != 0)
                return rc;
        }
    }
    return CANASTA_OK;
}

void cn_rec_run_init(rec_run *x, const canasta_record *r, char *why,
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

void cn_rec_run_done(rec_run *x)
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
    cn_rec_run_init(&x, record, why, why_size); /* the record's allocator */
    int rc = cn_rec_run(&x);
    /* Keep the hands finished (all of them on success). */
    record->n_res = 0;
    if (x.n_res) {
        int rc2 = REC_RESERVE(record, res, cap_res, x.n_res);
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
    cn_rec_run_done(&x);
    return rc;
}

