/* record_write.c - the text of a record (docs/NOTATION.md, "Records"):
 * written while the record is replayed (record_replay.c calls the pieces
 * below), so that every line is the engine's; or, for a seat's view and
 * a record that does not replay, as it was read. */
#include <string.h>
#include "record.h"

/* The viewer's dealt cards (C4: one at a time from the top of the deck,
 * starting left of the dealer), sorted by code. */
void cn_rec_put_dealt(cn_text *t, const cn_state *st, int viewer)
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

void cn_rec_put_hand(rec_run *x, const rec_hand *h, int first)
{
    cn_text *t = x->out;
    const cn_state *st = &x->g->st;
    cn_text_putf(t, "\nhand %d\ndealer %d\n", (int)h->s.hand_no,
                 (int)h->s.dealer);
    if (h->from_position) {
        cn_text_puts(t, "begin position\n");
        cn_write_position(t, x->g->base, x->viewer);
        cn_text_puts(t, "end position\n");
        return;
    }
    if (first && (h->s.hand_no != 1 || !cn_start_fresh(&h->s)))
        cn_write_start(t, &st->p, &h->s);
    if (h->s.custom && x->viewer < 0)
        cn_write_deck(t, st->deck, st->p.deck_size);
}

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
        cn_text_putf(t, "\nhand %d\ndealer %d\n", (int)h->s.hand_no,
                     (int)h->s.dealer);
        if (h->has_start)
            cn_write_start(t, &r->p, &h->s);
        if (h->from_position) {
            cn_text_puts(t, "begin position\n");
            if (h->base)
                cn_write_position(t, h->base, CANASTA_VIEW_ALL);
            else
                for (size_t i = 0; i < h->raw_n; i++)
                    cn_text_putf(t, "%s\n", cn_rec_text(r, h->raw_first + i));
            cn_text_puts(t, "end position\n");
        } else if (h->s.custom) {
            cn_write_deck(t, h->s.deck, r->p.deck_size);
        }
        for (size_t i = 0; i < h->ev_n; i++)
            cn_text_putf(t, "= %s\n", cn_rec_text(r, h->ev_first + i));
        for (size_t j = 0; j < h->mv_n; j++) {
            const rec_move *mv = &r->mv[h->mv_first + j];
            canasta_move m;
            cn_move_decode(r->bytes + mv->off, &m);
            canasta_move_to_string(buf, sizeof buf, &m);
            cn_text_putf(t, "%s\n", buf);
            for (size_t i = 0; i < mv->ev_n; i++)
                cn_text_putf(t, "= %s\n", cn_rec_text(r, mv->ev_first + i));
        }
    }
}

CANASTA_API int canasta_record_text(char **text, size_t *length,
    const canasta_record *record, int viewer)
{
    int rc = cn_text_begin(text, length, record);
    if (rc)
        return rc;
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
    cn_rec_run_init(&x, record, NULL, 0);
    x.out = &t;
    x.viewer = viewer;
    rc = cn_rec_run(&x);
    cn_rec_run_done(&x);
    if (rc == CANASTA_OK)
        return cn_text_finish(text, length, &t);
    cn_text_discard(&t);
    if (rc == CANASTA_E_NOMEM || !record->parsed || viewer >= 0)
        return rc;
    t.failed = 0;
    put_written(record, &t);
    return cn_text_finish(text, length, &t);
}

