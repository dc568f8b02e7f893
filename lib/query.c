/* query.c - read-only questions about a game, for any seat or side. */
#include <string.h>
#include "internal.h"
#include "rulebook.h"

#define NEED(p) do { if (!(p)) return CANASTA_E_NULL; } while (0)

static int bad_seat(const canasta_game *g, int seat)
{
    return seat < 0 || seat >= g->st.p.players;
}

static int bad_side(const canasta_game *g, int side)
{
    return side < 0 || side >= g->st.p.sides;
}

/* Expand counts by card code into a sorted list. */
static int list_cards(uint8_t *cards, size_t cap, size_t *n,
                      const uint8_t counts[CANASTA_CARD_LIMIT])
{
    size_t k = 0;
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        k += counts[c];
    *n = k;
    if (cap < k)
        return CANASTA_E_BUFFER;
    k = 0;
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        for (int i = 0; i < counts[c]; i++)
            cards[k++] = (uint8_t)c;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_option(int *value, const canasta_game *game,
                                    int key)
{
    NEED(value && game);
    return cn_params_get(value, &game->st.p, key);
}

CANASTA_API int canasta_game_phase(int *phase, const canasta_game *game)
{
    NEED(phase && game);
    *phase = game->st.phase;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_current_seat(int *seat, const canasta_game *game)
{
    NEED(seat && game);
    *seat = game->st.cur;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_seat_side(int *side, const canasta_game *game,
                                       int seat)
{
    NEED(side && game);
    if (bad_seat(game, seat))
        return CANASTA_E_SEAT;
    *side = game->st.side_of[seat];
    return CANASTA_OK;
}

CANASTA_API int canasta_game_lone_hand(int *seat, const canasta_game *game)
{
    NEED(seat && game);
    *seat = (int)game->st.lone_plus1 - 1;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_dealer(int *seat, const canasta_game *game)
{
    NEED(seat && game);
    *seat = game->st.dealer;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_hand_number(int *number, const canasta_game *game)
{
    NEED(number && game);
    *number = game->st.hand_no;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_hand(uint8_t *cards, size_t capacity, size_t *n,
                                  const canasta_game *game, int seat)
{
    NEED((cards || capacity == 0) && n && game);
    if (bad_seat(game, seat))
        return CANASTA_E_SEAT;
    return list_cards(cards, capacity, n, game->st.hand[seat]);
}

CANASTA_API int canasta_game_hand_size(int *n, const canasta_game *game,
                                       int seat)
{
    NEED(n && game);
    if (bad_seat(game, seat))
        return CANASTA_E_SEAT;
    *n = game->st.hand_n[seat];
    return CANASTA_OK;
}

static int meld_of(const cn_meld **m, const canasta_game *game, int side,
                   int rank)
{
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    if (rank < 3 || rank > 14)
        return CANASTA_E_ARG;
    *m = &game->st.melds[side][rank];
    return CANASTA_OK;
}

CANASTA_API int canasta_game_meld(int *naturals, int *twos, int *jokers,
    const canasta_game *game, int side, int rank)
{
    NEED(naturals && twos && jokers && game);
    const cn_meld *m;
    int rc = meld_of(&m, game, side, rank);
    if (rc)
        return rc;
    *naturals = m->naturals;
    *twos = m->twos;
    *jokers = m->jokers;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_meld_cards(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game, int side, int rank)
{
    NEED((cards || capacity == 0) && n && game);
    const cn_meld *m;
    int rc = meld_of(&m, game, side, rank);
    if (rc)
        return rc;
    uint8_t counts[CANASTA_CARD_LIMIT];
    cn_meld_counts(counts, m, rank);
    return list_cards(cards, capacity, n, counts);
}

CANASTA_API int canasta_game_canastas(int *natural, int *mixed,
                                      const canasta_game *game, int side)
{
    NEED(natural && mixed && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    *natural = *mixed = 0;
    for (int r = 3; r <= 14; r++) {
        const cn_meld *m = &game->st.melds[side][r];
        const int kind = cn_rule_canasta_class(m->naturals,
                                               m->twos + m->jokers);
        *natural += kind == CANASTA_MELD_NATURAL_CANASTA;
        *mixed += kind == CANASTA_MELD_MIXED_CANASTA;
    }
    return CANASTA_OK;
}

CANASTA_API int canasta_game_red_threes(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game, int seat)
{
    NEED((cards || capacity == 0) && n && game);
    if (bad_seat(game, seat))
        return CANASTA_E_SEAT;
    uint8_t counts[CANASTA_CARD_LIMIT];
    memset(counts, 0, sizeof counts);
    counts[13] = game->st.red3[seat][0];
    counts[14] = game->st.red3[seat][1];
    return list_cards(cards, capacity, n, counts);
}

CANASTA_API int canasta_game_pile_size(int *n, const canasta_game *game)
{
    NEED(n && game);
    *n = game->st.pile_n;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_pile(uint8_t *cards, size_t capacity, size_t *n,
                                  const canasta_game *game)
{
    NEED((cards || capacity == 0) && n && game);
    return cn_copy_cards(cards, capacity, n, game->st.pile, game->st.pile_n);
}

CANASTA_API int canasta_game_pile_top(int *card, const canasta_game *game)
{
    NEED(card && game);
    const cn_state *st = &game->st;
    *card = st->pile_n ? st->pile[st->pile_n - 1] : CANASTA_CARD_NONE;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_pile_status(int *flags, const canasta_game *game,
                                         int side)
{
    NEED(flags && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    *flags = cn_pile_flags(&game->st, side);
    return CANASTA_OK;
}

CANASTA_API int canasta_game_stock_size(int *n, const canasta_game *game)
{
    NEED(n && game);
    *n = game->st.stock_n;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_opened(int *opened, const canasta_game *game,
                                    int side)
{
    NEED(opened && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    *opened = game->st.opened[side];
    return CANASTA_OK;
}

CANASTA_API int canasta_game_opening_minimum(int *minimum,
    const canasta_game *game, int side)
{
    NEED(minimum && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    *minimum = cn_opening_min(&game->st.p, game->st.start_totals[side]);
    return CANASTA_OK;
}

CANASTA_API int canasta_game_permission(int *state, const canasta_game *game)
{
    NEED(state && game);
    *state = game->st.permission;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_turn_state(int *seat, int *began,
    int *meld_moves, int *new_melds, int *melded_before, int *permission,
    const canasta_game *game)
{
    if (!game)
        return CANASTA_E_NULL;
    const cn_state *st = &game->st;
    if (seat)
        *seat = st->turn_seat;
    if (began)
        *began = st->turn_src == CN_SRC_STOCK ? CANASTA_TURN_DREW
               : st->turn_src == CN_SRC_PILE ? CANASTA_TURN_TOOK_PILE
               : CANASTA_TURN_NOT_STARTED;
    if (meld_moves)
        *meld_moves = st->turn_melds;
    if (new_melds)
        *new_melds = st->turn_new_melds;
    if (melded_before)
        *melded_before = st->melded_before_turn;
    if (permission)
        *permission = st->permission;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_total(int *total, const canasta_game *game,
                                   int side)
{
    NEED(total && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    *total = game->st.totals[side];
    return CANASTA_OK;
}

CANASTA_API int canasta_game_hand_score(int *items, size_t n_items,
    const canasta_game *game, int side)
{
    NEED((items || n_items == 0) && game);
    if (bad_side(game, side))
        return CANASTA_E_SIDE;
    if (!game->st.scored)
        return CANASTA_E_PHASE;
    for (size_t i = 0; i < n_items && i < CANASTA_SCORE_ITEMS; i++)
        items[i] = game->st.last_items[side][i];
    return CANASTA_OK;
}

CANASTA_API int canasta_game_hand_end(int *how, int *seat,
                                      const canasta_game *game)
{
    NEED(how && seat && game);
    *how = game->st.end_how;
    *seat = game->st.end_seat == 0xFF ? -1 : game->st.end_seat;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_winner(int *side, const canasta_game *game)
{
    NEED(side && game);
    if (game->st.phase != CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_PHASE;
    *side = (int)game->st.winner_plus1 - 1;
    return CANASTA_OK;
}
