/* view.c - what one seat may know of a game (RULES.md A1), as a state the
 * engine can run on: whatever the other hands and the stock hold, the copy
 * is the same.  Determinization (search.c) starts from it.  The computer
 * player reads the game directly instead, only what the seat may see
 * (player.c and the enumerator, lib/enumerate.h); the blank view is kept
 * for the tests, which check that the facts of a state with unknown
 * cards taken out stay true (tests/test_facts.c). */
#include <stddef.h>
#include <string.h>
#include "internal.h"

/* The cards the seat cannot see: the deck less its own hand and every
 * card face up (melds, red threes, the pile). */
static void unseen_cards(uint8_t unseen[CANASTA_CARD_LIMIT],
                         const cn_state *st, int seat)
{
    cn_deck_counts(&st->p, unseen);
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        unseen[c] = (uint8_t)(unseen[c] - st->hand[seat][c]);
    for (int s = 0; s < st->p.players; s++) {
        unseen[13] = (uint8_t)(unseen[13] - st->red3[s][0]);
        unseen[14] = (uint8_t)(unseen[14] - st->red3[s][1]);
    }
    for (int side = 0; side < st->p.sides; side++)
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            for (int k = 0; k < 4; k++) {
                unseen[r * 4 + k] = (uint8_t)(unseen[r * 4 + k] -
                                              m->nat_suit[k]);
                unseen[8 + k] = (uint8_t)(unseen[8 + k] - m->two_suit[k]);
            }
            unseen[CANASTA_JOKER] = (uint8_t)(unseen[CANASTA_JOKER] -
                                              m->jokers);
        }
    for (int i = 0; i < st->pile_n; i++)
        unseen[st->pile[i]]--;
}

/* The next unseen card in code order (red threes excluded), or 0. */
static int take_next(uint8_t unseen[CANASTA_CARD_LIMIT], int *cursor)
{
    while (*cursor <= CANASTA_JOKER) {
        int c = *cursor;
        if (unseen[c] && c != 13 && c != 14) {
            unseen[c]--;
            return c;
        }
        (*cursor)++;
    }
    return 0;
}

void cn_seat_view(cn_state *dst, const cn_state *src, int seat)
{
    uint8_t unseen[CANASTA_CARD_LIMIT];
    unseen_cards(unseen, src, seat);
    /* Everything but the events (dst may be uninitialised storage; the
     * event slots stay unused). */
    memcpy(dst, src, offsetof(cn_state, ev));
    dst->ev_n = 0;
    dst->ev_cards_n = 0;
    dst->seed = 0; /* it fixes the deals to come */
    memset(dst->deck, 0, sizeof dst->deck);
    memset(dst->stock, 0, sizeof dst->stock);
    /* Other hands: the same sizes, filled in code order from the seat's
     * left; red threes are never held, so the unseen ones go to the
     * bottom of the stock, the rest of the stock after them. */
    int cursor = 8;
    for (int i = 1; i < src->p.players; i++) {
        int s = (seat + i) % src->p.players;
        memset(dst->hand[s], 0, sizeof dst->hand[s]);
        for (int k = 0; k < src->hand_n[s]; k++) {
            int c = take_next(unseen, &cursor);
            if (ALWAYS(c)) /* the unseen cards: the other hands, the stock */
                dst->hand[s][c]++;
        }
    }
    int n = 0;
    for (int c = 13; c <= 14; c++)
        for (; unseen[c] && n < src->stock_n; unseen[c]--)
            dst->stock[n++] = (uint8_t)c;
    while (n < src->stock_n) {
        int c = take_next(unseen, &cursor);
        if (NEVER(!c))
            break;
        dst->stock[n++] = (uint8_t)c;
    }
    cn_facts_rebuild(dst); /* the other hands' facts are the new cards' */
}

void cn_seat_view_blank(cn_state *dst, const cn_state *src, int seat)
{
    memcpy(dst, src, offsetof(cn_state, ev));
    dst->ev_n = 0;
    dst->ev_cards_n = 0;
    dst->seed = 0;
    memset(dst->deck, 0, sizeof dst->deck);
    memset(dst->stock, 0, src->stock_n);
    /* The other hands hold no cards, so their kept facts are none either
     * (as cn_facts_rebuild would make them); the melds and the pile, and
     * their facts, are as they are. */
    for (int s = 0; s < src->p.players; s++)
        if (s != seat) {
            memset(dst->hand[s], 0, sizeof dst->hand[s]);
            memset(dst->k.held[s], 0, sizeof dst->k.held[s]);
            dst->k.hand_value[s] = 0;
        }
}
