/* state.c - small operations on the game state shared by the move code. */
#include "internal.h"

int cn_side_canastas(const cn_state *st, int side)
{
    int n = 0;
    for (int r = 3; r <= 14; r++)
        n += cn_meld_size(&st->melds[side][r]) >= 7;
    return n;
}

/* G4: the partner who answers "may I go out?": the next seat in turn
 * order on the same side; -1 when the player has no partner. */
int cn_partner(const cn_state *st, int seat)
{
    int np = st->p.players;
    for (int i = 1; i < np; i++) {
        int s = (seat + i) % np;
        if (st->side_of[s] == st->side_of[seat])
            return s;
    }
    return -1;
}

void cn_hand_add(cn_state *st, int seat, int card)
{
    st->hand[seat][card]++;
    st->hand_n[seat]++;
}

void cn_hand_remove(cn_state *st, int seat, int card)
{
    st->hand[seat][card]--;
    st->hand_n[seat]--;
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
