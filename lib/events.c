/* events.c - the events of the last move (what a UI animates): recorded
 * by the deal and the move code, read through the API. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"

/* Unused slots are kept zero, so that equal states compare equal byte for
 * byte whatever moves led to them.  A move makes a few events with a few
 * cards, so the first slots are cleared at a fixed size (a few stores;
 * those past the last used are zero already) and only a longer list
 * costs a memset of its length. */
#define CN_EVENTS_FEW 4
#define CN_EVENT_CARDS_FEW 16
void cn_events_clear(cn_state *st)
{
    /* cppcheck-suppress unassignedVariable ; zero: see cn_move_clear */
    static const cn_event none[CN_EVENTS_FEW];
    memcpy(st->ev, none, sizeof none);
    memset(st->ev_cards, 0, CN_EVENT_CARDS_FEW);
    if (st->ev_n > CN_EVENTS_FEW)
        memset(st->ev + CN_EVENTS_FEW, 0,
               (size_t)(st->ev_n - CN_EVENTS_FEW) * sizeof st->ev[0]);
    if (st->ev_cards_n > CN_EVENT_CARDS_FEW)
        memset(st->ev_cards + CN_EVENT_CARDS_FEW, 0,
               (size_t)(st->ev_cards_n - CN_EVENT_CARDS_FEW));
    st->ev_n = 0;
    st->ev_cards_n = 0;
}

/* Copy and compare a state without its unused event slots, which are
 * most of its size.  Unused slots stay zero (see cn_events_clear), so a
 * whole-struct memcmp elsewhere still agrees. */
void cn_state_copy(cn_state *dst, const cn_state *src)
{
    if (dst->ev_n > src->ev_n)
        memset(dst->ev + src->ev_n, 0,
               (size_t)(dst->ev_n - src->ev_n) * sizeof dst->ev[0]);
    if (dst->ev_cards_n > src->ev_cards_n)
        memset(dst->ev_cards + src->ev_cards_n, 0,
               (size_t)(dst->ev_cards_n - src->ev_cards_n));
    memcpy(dst, src, offsetof(cn_state, ev));
    memcpy(dst->ev, src->ev, (size_t)src->ev_n * sizeof src->ev[0]);
    memcpy(dst->ev_cards, src->ev_cards, src->ev_cards_n);
}

int cn_state_equal(const cn_state *a, const cn_state *b)
{
    /* ev_n and ev_cards_n lie before ev, so the first memcmp has checked
     * that both use the same number of slots. */
    return memcmp(a, b, offsetof(cn_state, ev)) == 0 &&
           memcmp(a->ev, b->ev, (size_t)a->ev_n * sizeof a->ev[0]) == 0 &&
           memcmp(a->ev_cards, b->ev_cards, a->ev_cards_n) == 0;
}

CANASTA_API int canasta_game_event_count(size_t *count,
                                         const canasta_game *game)
{
    if (!count || !game)
        return CANASTA_E_NULL;
    *count = game->st.ev_n;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_event(int *kind, int *seat, int *side,
    int *value, int *detail, uint8_t *cards, size_t capacity,
    size_t *n_cards, const canasta_game *game, size_t index)
{
    if (!game || (capacity > 0 && !cards))
        return CANASTA_E_NULL;
    if (index >= game->st.ev_n)
        return CANASTA_E_ARG;
    const cn_event *e = &game->st.ev[index];
    if (kind)
        *kind = e->kind;
    if (seat)
        *seat = e->seat == 0xFF ? -1 : e->seat;
    if (side)
        *side = e->side == 0xFF ? -1 : e->side;
    if (value)
        *value = e->value;
    if (detail)
        *detail = e->detail;
    size_t count;
    int rc = cn_copy_cards(cards, capacity, &count, game->st.ev_cards + e->off,
                           e->n);
    if (n_cards)
        *n_cards = count;
    return rc;
}

/* Appends printf output at *pos within buf[0..size), never overflowing;
 * *pos keeps counting past the end so the caller can detect truncation. */
static void put(char *buf, size_t size, size_t *pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void put(char *buf, size_t size, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = *pos < size ? size - *pos : 0;
    int n = vsnprintf(room ? buf + *pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        *pos += (size_t)n;
}

static const char *const end_names[] = {
    "none", "went-out", "concealed", "red-three", "stock"
};

int cn_event_format(char *buf, size_t size, const cn_state *st,
                    const cn_event *e, int viewer)
{
    size_t pos = 0;
    char card[8];
    int hidden = (e->kind == CANASTA_EVENT_DRAW ||
                  e->kind == CANASTA_EVENT_REPLACE) &&
                 viewer >= 0 && viewer != e->seat;
    if (size)
        buf[0] = '\0';
    switch (e->kind) {
    case CANASTA_EVENT_DEAL:
        put(buf, size, &pos, "deal hand %d dealer %d", (int)e->value,
            (int)e->seat);
        break;
    case CANASTA_EVENT_UPCARD:
        put(buf, size, &pos, "upcard");
        break;
    case CANASTA_EVENT_RED_THREE:
        put(buf, size, &pos, "%d redthree", (int)e->seat);
        break;
    case CANASTA_EVENT_REPLACE:
        put(buf, size, &pos, "%d replace", (int)e->seat);
        break;
    case CANASTA_EVENT_DRAW:
        put(buf, size, &pos, "%d drew", (int)e->seat);
        break;
    case CANASTA_EVENT_PICK_UP:
        put(buf, size, &pos, "%d pickup", (int)e->seat);
        break;
    case CANASTA_EVENT_CANASTA:
        put(buf, size, &pos, "side %d canasta %s %s", (int)e->side,
            cn_rank_name((int)e->value),
            e->detail == CANASTA_MELD_NATURAL_CANASTA ? "natural" : "mixed");
        break;
    case CANASTA_EVENT_HAND_END:
        put(buf, size, &pos, "end %s",
            e->value >= 0 && e->value <= 4 ? end_names[e->value] : "?");
        if (e->seat != 0xFF)
            put(buf, size, &pos, " %d", (int)e->seat);
        break;
    case CANASTA_EVENT_SCORE: {
        const int32_t *it = st->last_items[e->side < CN_MAX_SIDES ? e->side : 0];
        put(buf, size, &pos,
            "score side %d melded %d natural %d mixed %d redthrees %d "
            "out %d inhand %d hand %d total %d",
            (int)e->side, (int)it[CANASTA_SCORE_MELDED],
            (int)it[CANASTA_SCORE_NATURAL_CANASTAS],
            (int)it[CANASTA_SCORE_MIXED_CANASTAS],
            (int)it[CANASTA_SCORE_RED_THREES],
            (int)it[CANASTA_SCORE_GOING_OUT], (int)it[CANASTA_SCORE_IN_HAND],
            (int)e->value, (int)e->detail);
        break;
    }
    case CANASTA_EVENT_GAME_OVER:
        if (e->side == 0xFF)
            put(buf, size, &pos, "gameover tie");
        else
            put(buf, size, &pos, "gameover winner %d", (int)e->side);
        break;
    case CANASTA_EVENT_LONE_HAND:
        put(buf, size, &pos, "%d alone", (int)e->seat);
        if (e->side != 0xFF)
            put(buf, size, &pos, " partners-side %d", (int)e->side);
        break;
    default:
        put(buf, size, &pos, "?");
        break;
    }
    for (int i = 0; i < e->n; i++) {
        if (hidden)
            strcpy(card, "??");
        else
            cn_card_name(card, st->ev_cards[e->off + i]);
        put(buf, size, &pos, " %s", card);
    }
    if (pos >= size)
        return CANASTA_E_BUFFER;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_event_to_string(char *buf, size_t size,
    const canasta_game *game, size_t index, int viewer)
{
    if (!buf || !game)
        return CANASTA_E_NULL;
    if (size)
        buf[0] = '\0';
    if (index >= game->st.ev_n)
        return CANASTA_E_ARG;
    if (viewer < CANASTA_VIEW_ALL || viewer >= game->st.p.players)
        return CANASTA_E_SEAT;
    return cn_event_format(buf, size, &game->st, &game->st.ev[index], viewer);
}
