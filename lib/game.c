/* game.c - the game handle: create, free, clone, copy, custom deals,
 * validate/apply/undo. */
#include <stddef.h>
#include <string.h>
#include "internal.h"
#include "state_check.h"

/* One block holds the handle and its history buffer, so clone costs one
 * allocation.  The history bytes past hist_len are never read. */
static canasta_game *alloc_block(canasta_alloc_fn a, canasta_release_fn rl,
                                 void *user, const cn_params *p,
                                 int zero_state)
{
    size_t cap = cn_history_capacity(p);
    /* The block is the handle, the base state of a position (see
     * internal.h; aligned because the handle itself holds a cn_state)
     * and the history bytes. */
    canasta_game *g = cn_alloc(a, user, sizeof *g + sizeof(cn_state) + cap);
    if (!g)
        return NULL;
    /* A clone copies the whole state over it, so zeroing it is wasted. */
    memset(g, 0, zero_state ? sizeof *g : offsetof(canasta_game, st));
    g->alloc = a;
    g->release = rl;
    g->user = user;
    g->hist_cap = cap;
    g->base = (cn_state *)(g + 1);
    g->hist = (uint8_t *)(g->base + 1);
    return g;
}

canasta_game *cn_game_alloc(canasta_alloc_fn a, canasta_release_fn rl,
                            void *user, const cn_params *p)
{
    return alloc_block(a, rl, user, p, 1);
}
#define game_alloc cn_game_alloc

/* Start the current hand again: re-deal it, or go back to the position
 * it began from. */
void cn_game_restart_hand(canasta_game *g)
{
    if (g->from_position)
        memcpy(&g->st, g->base, sizeof g->st);
    else
        cn_deal(&g->st);
}

CANASTA_API int canasta_game_create(canasta_game **out,
    const canasta_rules *rules, uint64_t seed)
{
    if (!out || !rules)
        return CANASTA_E_NULL;
    *out = NULL;
    canasta_game *g = game_alloc(rules->alloc, rules->release, rules->user,
                                 &rules->p);
    if (!g)
        return CANASTA_E_NOMEM;
    cn_state *st = &g->st;
    st->p = rules->p;
    st->seed = seed;
    st->hand_no = 1;
    st->dealer = (uint8_t)cn_first_dealer(&st->p, seed);
    st->start_end_seat = 0xFF;
    st->deck_n = (uint8_t)st->p.deck_size;
    cn_shuffled_deck(st->deck, &st->p, seed, st->hand_no);
    cn_deal(st);
    CN_STATE_CHECKED(st);
    *out = g;
    return CANASTA_OK;
}

CANASTA_API void canasta_game_free(canasta_game *game)
{
    if (!game)
        return;
    cn_release(game->release, game->user, game);
}

/* What a clone or copy takes besides the state: the position the game
 * began from (if any) and the undo history.  dst's blocks are large
 * enough (the caller made or checked them). */
static void copy_past(canasta_game *dst, const canasta_game *src)
{
    dst->from_position = src->from_position;
    if (src->from_position)
        memcpy(dst->base, src->base, sizeof *dst->base);
    memcpy(dst->hist, src->hist, src->hist_len);
    dst->hist_len = src->hist_len;
}

CANASTA_API int canasta_game_clone(canasta_game **out,
                                   const canasta_game *game)
{
    if (!out || !game)
        return CANASTA_E_NULL;
    *out = NULL;
    canasta_game *g = alloc_block(game->alloc, game->release, game->user,
                                  &game->st.p, 0);
    if (!g)
        return CANASTA_E_NOMEM;
    memcpy(&g->st, &game->st, sizeof g->st);
    copy_past(g, game);
    *out = g;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_copy(canasta_game *dst, const canasta_game *src)
{
    if (!dst || !src)
        return CANASTA_E_NULL;
    if (dst == src)
        return CANASTA_OK;
    if (dst->hist_cap < src->hist_len ||
        dst->st.p.players != src->st.p.players ||
        dst->st.p.packs != src->st.p.packs)
        return CANASTA_E_ARG;
    cn_state_copy(&dst->st, &src->st);
    copy_past(dst, src);
    return CANASTA_OK;
}

CANASTA_API int canasta_game_equal(int *equal, const canasta_game *a,
                                   const canasta_game *b)
{
    if (!equal || !a || !b)
        return CANASTA_E_NULL;
    *equal = a->hist_len == b->hist_len &&
             a->from_position == b->from_position &&
             (!a->from_position ||
              cn_state_equal(a->base, b->base)) &&
             cn_state_equal(&a->st, &b->st) &&
             memcmp(a->hist, b->hist, a->hist_len) == 0;
    return CANASTA_OK;
}

CANASTA_API int canasta_game_set_deck(canasta_game *game,
                                      const uint8_t *cards, size_t n)
{
    if (!game || !cards)
        return CANASTA_E_NULL;
    /* A hand that began from a position was never dealt. */
    if (game->hist_len > 0 || game->from_position ||
        game->st.phase == CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_NOT_FRESH;
    if (!cn_deck_valid(&game->st.p, cards, n))
        return CANASTA_E_DECK;
    memcpy(game->st.deck, cards, n);
    cn_deal(&game->st);
    CN_STATE_CHECKED(&game->st);
    return CANASTA_OK;
}

CANASTA_API int canasta_game_deck(uint8_t *cards, size_t capacity,
                                  size_t *n, const canasta_game *game)
{
    if ((!cards && capacity) || !n || !game)
        return CANASTA_E_NULL;
    return cn_copy_cards(cards, capacity, n, game->st.deck, game->st.deck_n);
}

/* ---- playing ---- */

CANASTA_API int canasta_validate(char *why, size_t why_size,
    const canasta_game *game, const canasta_move *move)
{
    if (why && why_size)
        why[0] = '\0';
    if (!game || !move)
        return CANASTA_E_NULL;
    return cn_check(&game->st, move, why, why_size);
}

CANASTA_API int canasta_apply(char *why, size_t why_size,
    canasta_game *game, const canasta_move *move)
{
    if (why && why_size)
        why[0] = '\0';
    if (!game || !move)
        return CANASTA_E_NULL;
    int rc = cn_check(&game->st, move, why, why_size);
    if (rc)
        return rc;
    return cn_game_play(game, move, why, why_size);
}

int cn_game_play(canasta_game *game, const canasta_move *move, char *why,
                 size_t why_size)
{
    if (move->kind == CANASTA_MOVE_NEXT_HAND) {
        cn_play(&game->st, move);
        game->hist_len = 0;
        game->from_position = 0;
        CN_STATE_CHECKED(&game->st);
        return CANASTA_OK;
    }
    /* The exact size only near the end of the buffer, which a hand never
     * reaches (cn_history_capacity), from a deal or from a position. */
    if (NEVER(game->hist_len + CN_MOVE_BYTES > game->hist_cap &&
              game->hist_len + cn_move_encoded_size(move) > game->hist_cap))
        return cn_why(why, why_size, CANASTA_E_NOMEM,
                      "the undo history of this hand is full");
    cn_play(&game->st, move);
    cn_history_push(game, move);
    CN_STATE_CHECKED(&game->st);
    return CANASTA_OK;
}

/* A3: re-deal the hand and replay every move but the last. */
CANASTA_API int canasta_undo(canasta_game *game)
{
    if (!game)
        return CANASTA_E_NULL;
    if (game->hist_len == 0)
        return CANASTA_E_NO_UNDO;
    size_t last = game->hist_len - 1;
    size_t drop = (size_t)game->hist[last] + 1;
    game->hist_len -= drop;
    cn_game_restart_hand(game);
    size_t pos = 0;
    canasta_move m;
    while (cn_history_next(game, &pos, &m))
        cn_play(&game->st, &m);
    CN_STATE_CHECKED(&game->st);
    return CANASTA_OK;
}
