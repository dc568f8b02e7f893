/* deal.c - the documented, platform-independent shuffle (C7) and the deal
 * of a hand (C3-C6).
 *
 * A stream for index k (k = 0 for the first dealer, k = hand number for a
 * hand) is xoshiro256** whose four state words are the first four outputs
 * of splitmix64 started at seed XOR (k * 0xD1B54A32D192ED03).  Only 64-bit
 * unsigned arithmetic is used, so every platform deals the same cards. */
#include <string.h>
#include "internal.h"

typedef struct cn_rng { uint64_t s[4]; } cn_rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro_next(cn_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static void rng_for(cn_rng *r, uint64_t seed, uint64_t k)
{
    uint64_t x = seed ^ (k * 0xD1B54A32D192ED03ULL);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

/* A uniform integer in [0, n), n >= 1: the top 32 bits of an output,
 * drawing again while they fall in the incomplete last block of n values
 * (v - v % n is where v's block starts; it is incomplete when fewer than
 * n values follow that start below 2^32).  One division per draw. */
static uint32_t bounded(cn_rng *r, uint32_t n)
{
    for (;;) {
        uint32_t v = (uint32_t)(xoshiro_next(r) >> 32);
        uint32_t rem = v % n;
        if ((uint64_t)(v - rem) + n <= (1ULL << 32))
            return rem;
    }
}

int cn_first_dealer(const cn_params *p, uint64_t seed)
{
    cn_rng r;
    rng_for(&r, seed, 0);
    return (int)bounded(&r, (uint32_t)p->players);
}

/* The unshuffled order: pack by pack, clubs 2..A, diamonds, hearts,
 * spades, then that pack's jokers; then Fisher-Yates from the last card
 * down, swapping card i with card bounded(i + 1). */
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
    cn_rng r;
    rng_for(&r, seed, (uint64_t)hand_no);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)bounded(&r, (uint32_t)(i + 1));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

void cn_shuffle_cards(uint8_t *cards, int n, uint64_t seed, uint64_t k)
{
    cn_rng r;
    rng_for(&r, seed, k);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)bounded(&r, (uint32_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
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
    for (int i = n - 1; i >= k; i--)
        st->stock[st->stock_n++] = st->deck[i];
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
                if (cn_draw_cards(st, seat, 1, CANASTA_EVENT_REPLACE)) {
                    cn_end_hand(st, CANASTA_END_RED_THREE, -1);
                    return;
                }
            }
        }
    }
    st->melded_before_turn = st->seat_melded[st->cur];
}
