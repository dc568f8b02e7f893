/* deal.c - the documented, platform-independent shuffle (C7) and the deal
 * of a hand (C3-C6).  The streams of C7 are rng.c's (cn_rng_stream): index
 * 0 of the seed chooses the first dealer, index N shuffles hand N's deck. */
#include <string.h>
#include "cn_assert.h"
#include "internal.h"
#include "rng.h"

int cn_first_dealer(const cn_params *p, uint64_t seed)
{
    cn_rng r;
    cn_rng_stream(&r, seed, 0);
    return (int)cn_rng_below(&r, (uint32_t)p->players);
}

/* The unshuffled order: pack by pack, clubs 2..A, diamonds, hearts,
 * spades, then that pack's jokers; then Fisher-Yates from the last card
 * down, swapping card i with card cn_rng_below(i + 1). */
void cn_shuffled_deck(uint8_t *deck, const cn_params *p, uint64_t seed,
                      int hand_no)
{
    int n = 0;
    int jokers_per_pack = p->jokers / p->packs;
    for (int pack = 0; pack < p->packs; pack++) {
        for (int suit = 0; suit < 4; suit++)
            for (int rank = 2; rank <= 14; rank++)
                deck[n++] = (uint8_t)CANASTA_CARD(rank, suit);
        for (int j = 0; j < jokers_per_pack; j++)
            deck[n++] = CANASTA_JOKER;
    }
    cn_shuffle_cards(deck, n, seed, (uint64_t)hand_no);
}

void cn_shuffle_cards(uint8_t *cards, int n, uint64_t seed, uint64_t k)
{
    cn_rng r;
    cn_rng_stream(&r, seed, k);
    cn_rng_shuffle(&r, cards, n);
}

/* Reset everything that belongs to one hand and deal st->deck:
 * one card at a time from the top, starting left of the dealer (C4); the
 * upcard, covered while it is wild or a red three (C5); then red threes
 * laid out and replaced, seat by seat from the dealer's left (C6). */
void cn_deal(cn_state *st)
{
    const cn_params *p = &st->p;
    int np = p->players;

    memcpy(st->totals, st->start_totals, sizeof st->totals);
    memcpy(st->last_items, st->start_last_items, sizeof st->last_items);
    st->end_how = st->start_end_how;
    st->end_seat = st->start_end_seat;
    st->scored = st->start_scored;
    st->winner_plus1 = 0;
    st->stock_n = st->pile_n = st->pile_wilds = st->pile_red3 = 0;
    st->turn_src = st->turn_melds = st->turn_take_extra = 0;
    st->permission = CANASTA_PERMISSION_NONE;
    st->melded_before_turn = 0;
    st->turn_new_melds = 0;
    st->turn_added_old = 0;
    st->lone_plus1 = 0;
    for (int s = 0; s < CN_MAX_PLAYERS; s++)
        st->side_of[s] = (uint8_t)(s < np ? p->seat_side[s] : 0);
    memset(st->opened, 0, sizeof st->opened);
    memset(st->seat_melded, 0, sizeof st->seat_melded);
    memset(st->hand_n, 0, sizeof st->hand_n);
    memset(st->red3, 0, sizeof st->red3);
    memset(st->hand, 0, sizeof st->hand);
    memset(st->melds, 0, sizeof st->melds);
    memset(st->stock, 0, sizeof st->stock);
    memset(st->pile, 0, sizeof st->pile);
    cn_facts_empty(st); /* of the empty table; the deal keeps them */
    cn_events_clear(st);
    cn_event_add(st, CANASTA_EVENT_DEAL, st->dealer, -1, st->hand_no, -1);

    int k = 0, n = st->deck_n;
    for (int i = 0, seat = st->dealer; i < np * p->hand_size && k < n; i++) {
        seat = seat + 1 < np ? seat + 1 : 0; /* from the dealer's left */
        cn_hand_add(st, seat, st->deck[k++]);
    }

    cn_event_add(st, CANASTA_EVENT_UPCARD, -1, -1, -1, -1);
    while (k < n) {
        int c = st->deck[k++];
        cn_event_card(st, c);
        st->pile[st->pile_n++] = (uint8_t)c;
        if (cn_is_wild(c))
            st->pile_wilds++;
        else if (cn_is_red3(c))
            st->pile_red3++;
        else
            break;
    }
    /* The rest is the stock, in reverse so that the deck's next card is
     * on top (the last slot); the count stored once, not at every card
     * (stock_n was 0). */
    const int rest = n - k;
    for (int i = 0; i < rest; i++)
        st->stock[i] = st->deck[n - 1 - i];
    st->stock_n = (uint8_t)rest;
    cn_pile_changed(st);

    st->phase = CANASTA_PHASE_DRAW;
    st->cur = st->turn_seat = (uint8_t)((st->dealer + 1) % np);
    for (int i = 0; i < np; i++) {
        int seat = (st->dealer + 1 + i) % np;
        for (int c = 13; c <= 14; c++) {
            while (st->hand[seat][c]) {
                cn_hand_remove(st, seat, c);
                cn_lay_red_three(st, seat, c);
                cn_event_add(st, CANASTA_EVENT_RED_THREE, seat,
                             st->side_of[seat], -1, -1);
                cn_event_card(st, c);
                /* At least 31 stock cards against at most six red threes
                 * (docs/TESTING.md, "Guards"); the draw stays out of NEVER,
                 * which coverage builds do not evaluate. */
                int empty = cn_draw_cards(st, seat, 1, CANASTA_EVENT_REPLACE);
                if (NEVER(empty)) {
                    cn_end_hand(st, CANASTA_END_RED_THREE, -1);
                    return;
                }
            }
        }
    }
    st->melded_before_turn = st->seat_melded[st->cur];
}
