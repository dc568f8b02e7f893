/* events.c - the events of the last move (what a UI animates): recorded
 * by the deal and the move code, read through the API. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "text.h"

/* The slots past ev_n and ev_cards_n are not read: clearing the events
 * is forgetting how many there are (no memset, whose cost in WebAssembly
 * is several times the native one, at every move).  So what a slot
 * holds past the last used is whatever an earlier move left there, and
 * states are copied and compared through cn_state_copy and
 * cn_state_equal, which skip those slots, never as whole structs. */
void cn_events_clear(cn_state *st)
{
    st->ev_n = 0;
    st->ev_cards_n = 0;
}

/* Copy and compare a state without its unused event slots, which are
 * most of its size. */
void cn_state_copy(cn_state *dst, const cn_state *src)
{
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
            cn_name(&cn_end_names, e->value, "?"));
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
