/* state.c - small operations on the game state shared by the move code. */
#include <string.h>
#include "internal.h"
#include "rulebook.h"

/* From the melds themselves (the position reader asks it before the
 * facts are made; play reads cn_kept.canastas). */
int cn_side_canastas(const cn_state *st, int side)
{
    int n = 0;
    for (int r = 3; r <= 14; r++)
        n += cn_rule_canasta(cn_meld_size(&st->melds[side][r]));
    return n;
}

void cn_lay_red_three(cn_state *st, int seat, int card)
{
    st->red3[seat][card == 14]++;
}

/* R1/E2/X2: draw `count` cards for seat (fewer when the stock has fewer:
 * the last card counts as a full draw).  A red three is laid out and
 * replaced.  Returns 1 when a red three came off an emptied stock, which
 * ends the hand at once (E2). */
int cn_draw_cards(cn_state *st, int seat, int count, int event_kind)
{
    /* The usual draw, one card that is not a red three: the same as the
     * loop below makes of it, without collecting the cards first. */
    if (count == 1 && st->stock_n > 0 &&
        !cn_is_red3(st->stock[st->stock_n - 1])) {
        const int c = st->stock[--st->stock_n];
        st->stock[st->stock_n] = 0;
        cn_hand_add(st, seat, c);
        cn_event_add(st, event_kind, seat, st->side_of[seat], -1, -1);
        cn_event_card(st, c);
        return 0;
    }
    /* The drawn cards and the red threes among them become two events;
     * the cards are collected first because the event pool is a stack. */
    uint8_t kept[CN_MAX_DECK], threes[CN_MAX_DECK];
    int nk = 0, nt = 0, ended = 0;
    if (count > st->stock_n)
        count = st->stock_n;
    while (count > 0) {
        if (st->stock_n == 0)
            break; /* red threes used up the stock; the last was not one */
        int c = st->stock[--st->stock_n];
        st->stock[st->stock_n] = 0;
        if (cn_is_red3(c)) {
            cn_lay_red_three(st, seat, c);
            threes[nt++] = (uint8_t)c;
            if (st->stock_n == 0) {
                ended = 1;
                break;
            }
            continue;
        }
        cn_hand_add(st, seat, c);
        kept[nk++] = (uint8_t)c;
        count--;
    }
    /* Red threes first: each was laid out before the card replacing it
     * was drawn. */
    if (nt) {
        cn_event_add(st, CANASTA_EVENT_RED_THREE, seat, st->side_of[seat],
                     -1, -1);
        for (int i = 0; i < nt; i++)
            cn_event_card(st, threes[i]);
    }
    if (nk || event_kind == CANASTA_EVENT_DRAW) {
        cn_event_add(st, event_kind, seat, st->side_of[seat], -1, -1);
        for (int i = 0; i < nk; i++)
            cn_event_card(st, kept[i]);
    }
    return ended;
}

int cn_seat_minimum(const cn_state *st, int seat)
{
    return cn_opening_min(&st->p, st->start_totals[st->p.seat_side[seat]]);
}

/* X3: the first player to take the pile plays alone; the other two become
 * partners for the rest of the hand.  Their melds merge rank by rank onto
 * the lower seat's side (a merged meld keeps every card, even past three
 * wild cards: nothing was laid illegally, so nothing is taken back), and
 * the partnership has opened if either of them had. */
void cn_form_partnership(cn_state *st, int lone)
{
    /* X3 has three seats: the partners are the two after the lone hand,
     * a the lower seat and b the higher. */
    int x = (lone + 1) % 3, y = (lone + 2) % 3;
    int a = x < y ? x : y, b = x < y ? y : x;
    st->lone_plus1 = (uint8_t)(lone + 1);
    int to = st->side_of[a], from = st->side_of[b];
    cn_event_add(st, CANASTA_EVENT_LONE_HAND, lone, to, -1, -1);
    for (int r = 3; r <= 14; r++) {
        cn_meld *d = &st->melds[to][r], *f = &st->melds[from][r];
        int before = cn_rule_canasta(cn_meld_size(d)) ||
                     cn_rule_canasta(cn_meld_size(f));
        d->naturals = (uint8_t)(d->naturals + f->naturals);
        d->twos = (uint8_t)(d->twos + f->twos);
        d->jokers = (uint8_t)(d->jokers + f->jokers);
        for (int k = 0; k < 4; k++) {
            d->nat_suit[k] = (uint8_t)(d->nat_suit[k] + f->nat_suit[k]);
            d->two_suit[k] = (uint8_t)(d->two_suit[k] + f->two_suit[k]);
        }
        memset(f, 0, sizeof *f);
        const int kind = cn_rule_canasta_class(d->naturals,
                                               d->twos + d->jokers);
        if (!before && kind != CANASTA_MELD_NONE)
            cn_event_add(st, CANASTA_EVENT_CANASTA, -1, to, r, kind);
    }
    st->opened[to] = (uint8_t)(st->opened[to] | st->opened[from]);
    st->opened[from] = 0;
    st->side_of[b] = (uint8_t)to;
    cn_facts_melds(st, to);
    cn_facts_melds(st, from);
    cn_pile_changed(st);
}

int cn_partners_merged(const cn_state *st)
{
    for (int s = 0; s < st->p.players; s++)
        if (st->side_of[s] != st->p.seat_side[s])
            return 1;
    return 0;
}
