/* position_write.c - the text of a position (docs/NOTATION.md,
 * "Positions"): the complete state of a game at one moment, with no
 * history; position_read.c reads it back, and state_check.c checks what
 * it reads.
 *
 * Body lines, written in this order (readers take them in any order; each
 * line once, "last-score" once per side, "hand"/"red-threes" once per
 * seat, "meld" once per side and rank):
 *
 *   hand-number 3
 *   dealer 1
 *   phase draw|play|answer|hand-over|game-over
 *   turn 2
 *   source none|stock|pile
 *   melds-this-turn 0
 *   take-extra 0
 *   permission none|asked|yes|no
 *   melded-before-turn 0
 *   new-melds 7 K
 *   added-to-earlier-melds 1             (only when set: G3)
 *   seat-melded 0 1 0 0
 *   totals 1230 -45
 *   last-hand none|went-out|concealed|red-three|stock <seat>|-
 *   last-score <side> <7 items>          (when last-hand is not none)
 *   opened 0 1
 *   lone -|<seat> merged|<seat> apart    (X3 games only)
 *   hand <seat> <cards, sorted by code>
 *   red-threes <seat> <cards>
 *   meld <side> <rank>: <cards, sorted by code>
 *   stock <cards, top first>
 *   pile <cards, bottom first>
 *
 * Derived, never written: the freeze state of the pile, the current seat,
 * the side of each seat, the winner, the hand sizes, and the values the
 * hand started from (start_*): see cn_position_normalize. */
#include <string.h>
#include "position.h"

/* ---- writing ---- */

static void put_card(cn_text *t, int c)
{
    cn_text_puts(t, " ");
    cn_text_card(t, c);
}

/* Cards given as counts by code, in code order. */
static void put_counts(cn_text *t, const uint8_t counts[CANASTA_CARD_LIMIT])
{
    for (int c = 8; c <= 60; c++)
        for (int k = 0; k < counts[c]; k++)
            put_card(t, c);
}

static void put_hidden(cn_text *t, int n)
{
    for (int i = 0; i < n; i++)
        cn_text_puts(t, " ??");
}

/* X3: who plays alone, and whether the partners' melds are one. */
static void put_lone(cn_text *t, const cn_state *st)
{
    int lone = (int)st->lone_plus1 - 1;
    if (lone < 0)
        cn_text_puts(t, "lone -\n");
    else
        cn_text_putf(t, "lone %d %s\n", lone,
                     cn_partners_merged(st) ? "merged" : "apart");
}

void cn_write_position(cn_text *t, const cn_state *st, int viewer)
{
    const cn_params *p = &st->p;
    int np = p->players, ns = p->sides;
    cn_text_putf(t, "hand-number %d\n", (int)st->hand_no);
    cn_text_putf(t, "dealer %d\n", (int)st->dealer);
    cn_text_putf(t, "phase %s\n", cn_name(&cn_phase_names, st->phase,
                                          "?"));
    cn_text_putf(t, "turn %d\n", (int)st->turn_seat);
    cn_text_putf(t, "source %s\n", cn_name(&cn_source_names, st->turn_src,
                                           "?"));
    cn_text_putf(t, "melds-this-turn %d\n", (int)st->turn_melds);
    cn_text_putf(t, "take-extra %d\n", (int)st->turn_take_extra);
    cn_text_putf(t, "permission %s\n",
                 cn_name(&cn_permission_names, st->permission, "?"));
    cn_text_putf(t, "melded-before-turn %d\n", (int)st->melded_before_turn);
    cn_text_puts(t, "new-melds");
    for (int r = 3; r <= 14; r++)
        if (st->turn_new_melds >> r & 1)
            cn_text_putf(t, " %s", cn_rank_name(r));
    /* G3: written only when set, so that every position a 1.0 library
     * could write (it had no such line) is written the same way still. */
    if (st->turn_added_old)
        cn_text_puts(t, "\nadded-to-earlier-melds 1");
    cn_text_puts(t, "\nseat-melded");
    for (int s = 0; s < np; s++)
        cn_text_putf(t, " %d", (int)st->seat_melded[s]);
    cn_text_puts(t, "\ntotals");
    for (int s = 0; s < ns; s++)
        cn_text_putf(t, " %d", (int)st->totals[s]);
    cn_text_puts(t, "\n");
    cn_write_last_hand(t, "", st->end_how, st->end_seat, st->last_items, ns);
    cn_text_puts(t, "opened");
    for (int s = 0; s < ns; s++)
        cn_text_putf(t, " %d", (int)st->opened[s]);
    cn_text_puts(t, "\n");
    if (p->lone_hand)
        put_lone(t, st);
    for (int s = 0; s < np; s++) {
        cn_text_putf(t, "hand %d", s);
        if (viewer >= 0 && viewer != s)
            put_hidden(t, st->hand_n[s]);
        else
            put_counts(t, st->hand[s]);
        cn_text_puts(t, "\n");
    }
    for (int s = 0; s < np; s++) {
        uint8_t red[CANASTA_CARD_LIMIT] = { 0 };
        red[CANASTA_CARD(3, CANASTA_DIAMONDS)] = st->red3[s][0];
        red[CANASTA_CARD(3, CANASTA_HEARTS)] = st->red3[s][1];
        cn_text_putf(t, "red-threes %d", s);
        put_counts(t, red);
        cn_text_puts(t, "\n");
    }
    for (int side = 0; side < ns; side++) {
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            if (cn_meld_size(m) == 0)
                continue;
            /* Sorted by code: twos (8..11), naturals, jokers (60). */
            uint8_t counts[CANASTA_CARD_LIMIT];
            cn_meld_counts(counts, m, r);
            cn_text_putf(t, "meld %d %s:", side, cn_rank_name(r));
            put_counts(t, counts);
            cn_text_puts(t, "\n");
        }
    }
    cn_text_puts(t, "stock");
    if (viewer >= 0)
        put_hidden(t, st->stock_n);
    else
        for (int i = st->stock_n - 1; i >= 0; i--)
            put_card(t, st->stock[i]);
    cn_text_puts(t, "\npile");
    for (int i = 0; i < st->pile_n; i++)
        put_card(t, st->pile[i]);
    cn_text_puts(t, "\n");
}

/* ---- the values a position implies ---- */

void cn_position_normalize(cn_state *dst, const cn_state *src)
{
    const cn_params *p = &src->p;
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
    memset(dst->deck, 0, sizeof dst->deck);
    dst->deck_n = 0;
    memset(dst->ev, 0, sizeof dst->ev);
    memset(dst->ev_cards, 0, sizeof dst->ev_cards);
    dst->ev_n = 0;
    dst->ev_cards_n = 0;
    /* A hand being played started from the totals and last hand it still
     * shows.  A finished hand started from its totals less its score; what
     * the hand before it was is not part of a position. */
    if (dst->phase == CANASTA_PHASE_HAND_OVER ||
        dst->phase == CANASTA_PHASE_GAME_OVER) {
        for (int s = 0; s < CN_MAX_SIDES; s++) {
            dst->start_totals[s] = s < p->sides
                ? dst->totals[s] - dst->last_items[s][CANASTA_SCORE_TOTAL] : 0;
            for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
                dst->start_last_items[s][i] = 0;
        }
        dst->start_end_how = CANASTA_END_NONE;
        dst->start_end_seat = 0xFF;
        dst->start_scored = 0;
    } else {
        memcpy(dst->start_totals, dst->totals, sizeof dst->start_totals);
        memcpy(dst->start_last_items, dst->last_items,
               sizeof dst->start_last_items);
        dst->start_end_how = dst->end_how;
        dst->start_end_seat = dst->end_seat;
        dst->start_scored = dst->scored;
    }
}

CANASTA_API int canasta_game_position(char **text, size_t *length,
                                      const canasta_game *game)
{
    int rc = cn_text_begin(text, length, game);
    if (rc)
        return rc;
    cn_text t;
    cn_text_init(&t, game->alloc, game->release, game->user);
    cn_text_puts(&t, "canasta-position 1\n");
    cn_write_rules(&t, &game->st.p, game->st.seed, 1);
    cn_write_position(&t, &game->st, CANASTA_VIEW_ALL);
    return cn_text_finish(text, length, &t);
}

