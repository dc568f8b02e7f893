/* record.c - the record model (record.h): its memory, a record made from
 * a game (canasta_record_create) and kept up with it
 * (canasta_record_update), and the scores of the hands its last replay
 * finished. */
#include <string.h>
#include "cn_assert.h"
#include "record.h"

int cn_rec_reserve(canasta_alloc_fn a, canasta_release_fn rl, void *user,
                   void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return CANASTA_OK;
    size_t nc = *cap ? *cap : 8;
    while (nc < need) {
        /* No record grows this long: the allocation fails first. */
        if (NEVER(nc > ((size_t)-1 / 2) / elem))
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

canasta_record *cn_rec_new(canasta_alloc_fn a, canasta_release_fn rl,
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

void cn_rec_push_move(canasta_record *r, const canasta_move *m, int line)
{
    rec_move *mv = &r->mv[r->n_mv++];
    mv->off = r->n_bytes;
    mv->line = line;
    mv->ev_first = r->n_evs;
    mv->ev_n = 0;
    r->n_bytes += cn_move_encode(r->bytes + r->n_bytes, m);
    r->hands[r->n_hands - 1].mv_n++;
}

int cn_rec_reserve_moves(canasta_record *r, size_t moves, size_t bytes)
{
    int rc = REC_RESERVE(r, mv, cap_mv, r->n_mv + moves);
    if (!rc)
        rc = REC_RESERVE(r, bytes, cap_bytes, r->n_bytes + bytes);
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
 * this file's) to the last hand, room reserved. */
static void push_encoded(canasta_record *r, const uint8_t *hist, size_t len)
{
    for (size_t pos = 0; pos < len;) {
        canasta_move m;
        pos += cn_move_decode(hist + pos, &m);
        cn_rec_push_move(r, &m, 0);
    }
}

/* The same, reserving the room. */
static int push_history(canasta_record *r, const uint8_t *hist, size_t len)
{
    int rc = cn_rec_reserve_moves(r, count_moves(hist, len), len);
    if (!rc)
        push_encoded(r, hist, len);
    return rc;
}

rec_hand *cn_rec_push_hand(canasta_record *r)
{
    rec_hand *h = &r->hands[r->n_hands++];
    memset(h, 0, sizeof *h);
    cn_start_init(&h->s);
    h->mv_first = r->n_mv;
    h->ev_first = r->n_evs;
    h->raw_first = r->n_evs;
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

/* Describe how the game's current hand began. */
static int capture_start(canasta_record *r, rec_hand *h,
                         const canasta_game *g)
{
    const cn_state *st = &g->st;
    cn_start_of_state(&h->s, st);
    h->known_start = 1;
    if (g->from_position) {
        if (!h->base) {
            h->base = cn_alloc(r->alloc, r->user, sizeof *h->base);
            if (!h->base)
                return CANASTA_E_NOMEM;
        }
        memcpy(h->base, g->base, sizeof *h->base);
        h->from_position = 1;
        h->s.custom = 0;
        return CANASTA_OK;
    }
    h->from_position = 0;
    size_t n = (size_t)st->p.deck_size;
    uint8_t shuffled[CN_MAX_DECK];
    cn_shuffled_deck(shuffled, &st->p, st->seed, st->hand_no);
    memcpy(h->s.deck, st->deck, n);
    h->s.custom = memcmp(shuffled, st->deck, n) != 0;
    return CANASTA_OK;
}

/* Does the game's current hand begin as h says?  2: yes; 1: only its deck
 * differs; 0: no. */
static int same_start(const rec_hand *h, const canasta_game *g)
{
    const cn_state *st = &g->st;
    if (h->s.hand_no != st->hand_no || h->s.dealer != st->dealer ||
        h->from_position != g->from_position)
        return 0;
    if (h->from_position)
        return h->base && cn_state_equal(h->base, g->base) ? 2 : 0;
    cn_start now;
    cn_start_of_state(&now, st);
    if (h->known_start && !cn_start_same(&h->s, &now))
        return 0;
    return memcmp(h->s.deck, st->deck, (size_t)st->p.deck_size) == 0 ? 2 : 1;
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
    canasta_record *r = cn_rec_new(game->alloc, game->release, game->user);
    if (!r)
        return CANASTA_E_NOMEM;
    r->p = game->st.p;
    r->seed = game->st.seed;
    int rc = REC_RESERVE(r, hands, cap_hands, 1);
    if (!rc)
        rc = capture_start(r, cn_rec_push_hand(r), game);
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
    if (NEVER(n == h->mv_n)) /* called when the record holds more moves */
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
    if (st->hand_no == h->s.hand_no) {
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
    if (st->hand_no != h->s.hand_no + 1 || game->from_position)
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
    cn_rec_run_init(&x, r, NULL, 0);
    rc = cn_rec_run(&x);
    if (rc == CANASTA_E_NOMEM) {
        cn_rec_run_done(&x);
        return rc;
    }
    if (rc || (!has_next && x.g->st.phase != CANASTA_PHASE_HAND_OVER)) {
        cn_rec_run_done(&x);
        return CANASTA_E_ARG;
    }
    canasta_move_init(&next, CANASTA_MOVE_NEXT_HAND, x.g->st.cur);
    /* The hand is over (above): the next hand can always be dealt. */
    rc = has_next ? CANASTA_OK : canasta_apply(NULL, 0, x.g, &next);
    if (NEVER(rc != CANASTA_OK)) {
        cn_rec_run_done(&x);
        return CANASTA_E_ARG;
    }
    cn_state *a = &x.g->st;
    memcpy(a->deck, st->deck, (size_t)st->p.deck_size);
    cn_deal(a);
    cn_state b;
    memcpy(&b, st, sizeof b);
    cn_deal(&b);
    int equal = cn_state_equal(a, &b); /* the events past the last used
                                        * are not part of a state */
    cn_rec_run_done(&x);
    if (!equal)
        return CANASTA_E_ARG;
    /* Room first, so that nothing changes when memory runs out. */
    rc = REC_RESERVE(r, hands, cap_hands, r->n_hands + 1);
    if (!rc)
        rc = cn_rec_reserve_moves(r, count_moves(game->hist, game->hist_len) + 1,
                           game->hist_len + CN_MOVE_BYTES);
    if (rc)
        return rc;
    if (!has_next)
        cn_rec_push_move(r, &next, 0);
    rec_hand *nh = cn_rec_push_hand(r);
    capture_start(r, nh, game);
    push_encoded(r, game->hist, game->hist_len);
    return CANASTA_OK;
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

