/* meld.c - melds and canastas (M1-M6): the checks on the groups of a MELD
 * or TAKE_PILE move, and laying them on the table. */
#include <string.h>
#include "rulebook.h"

static int group_rank_ok(int r) { return r >= 3 && r <= 14; }

/* P1: a take names card c, of which the hand holds too few, and c lies
 * in the pile: on top (the take melds it itself) or under it (only the
 * top card may be used; the rest joins the hand afterwards).  Returns 1
 * then, with the sentence (it starts with "P1:"); 0 otherwise, writing
 * nothing.  The code stays E_NOT_IN_HAND: the card is not in the hand. */
static int pile_card_named(const cn_state *st, int seat, int c, char *why,
                           size_t ws)
{
    int where = 0; /* 1: on top, 2: under it */
    if (st->pile_n == 0)
        return 0;
    if (st->pile[st->pile_n - 1] == c)
        where = 1;
    for (int i = 0; !where && i + 1 < st->pile_n; i++)
        if (st->pile[i] == c)
            where = 2;
    if (!where)
        return 0;
    char name[4];
    cn_card_name(name, c);
    int held = st->hand[seat][c];
    if (where == 1)
        cn_why(why, ws, 0, "P1: the %s on top of the pile is melded by the "
               "take itself; name only the cards from your hand that meld "
               "with it%s", name, held ? " (you hold fewer of it)" : "");
    else
        cn_why(why, ws, 0, "P1: the %s is in the pile under the top card, "
               "not in your hand%s; only the top card may be used to take "
               "the pile, and the cards under it join your hand after",
               name, held ? " (not as often as the move names it)" : "");
    return 1;
}

int cn_groups_parse(cn_plan *pl, const cn_state *st, const canasta_move *m,
                    int take, char *why, size_t ws)
{
    const int bad = CANASTA_E_MOVE;
    int seat = m->seat;
    unsigned seen = 0;
    memset(pl, 0, sizeof *pl);
    if (m->ngroups < 1 || m->ngroups > CANASTA_MOVE_MAX_GROUPS)
        return cn_why(why, ws, bad, "%s needs 1 to %d groups, not %d",
                      take ? "taking the pile" : "a meld move",
                      CANASTA_MOVE_MAX_GROUPS, m->ngroups);
    for (int g = 0; g < m->ngroups; g++) {
        const canasta_group *gr = &m->groups[g];
        if (!group_rank_ok(gr->rank))
            return cn_why(why, ws, bad,
                "M1: melds are of ranks 4 to ace, or black threes (3); "
                "group %d has rank %d", g + 1, gr->rank);
        if (gr->count > CANASTA_GROUP_MAX_CARDS)
            return cn_why(why, ws, bad, "group %d has %d cards (at most %d)",
                          g + 1, gr->count, CANASTA_GROUP_MAX_CARDS);
        if (gr->count == 0 && !(take && g == 0))
            return cn_why(why, ws, bad, "group %d has no cards", g + 1);
        if (seen & (1u << gr->rank))
            return cn_why(why, ws, bad,
                "M3: two groups of %s in one move; a side has one meld of "
                "each rank", cn_rank_plural(gr->rank));
        seen |= 1u << gr->rank;
        for (int i = 0; i < gr->count; i++) {
            int c = gr->cards[i];
            if (!cn_valid_card(c))
                return cn_why(why, ws, CANASTA_E_CARD,
                              "%d is not a card code", c);
            pl->use[c]++;
            pl->n_use++;
        }
    }
    for (int c = 8; c <= 60; c++) {
        if (pl->use[c] > st->hand[seat][c]) {
            char name[4];
            cn_card_name(name, c);
            if (cn_is_red3(c))
                return cn_why(why, ws, CANASTA_E_NOT_IN_HAND,
                    "R1: red threes never stay in a hand, so the %s cannot "
                    "be melded", name);
            if (take && pile_card_named(st, seat, c, why, ws))
                return CANASTA_E_NOT_IN_HAND;
            if (st->hand[seat][c] == 0)
                return cn_why(why, ws, CANASTA_E_NOT_IN_HAND,
                              "T1: the %s is not in your hand", name);
            return cn_why(why, ws, CANASTA_E_NOT_IN_HAND,
                "T1: you hold %d %s but the move uses %d", st->hand[seat][c],
                name, pl->use[c]);
        }
    }
    return CANASTA_OK;
}

int cn_groups_compose(cn_plan *pl, const cn_state *st, const canasta_move *m,
                      int top, char *why, size_t ws)
{
    int side = st->side_of[m->seat];
    for (int r = 0; r < CN_RANKS; r++) {
        const cn_meld *md = &st->melds[side][r];
        pl->mn[r] = md->naturals;
        pl->mw[r] = (uint8_t)(md->twos + md->jokers);
    }
    pl->value = 0;
    pl->new_canasta = 0;
    pl->black_threes = 0;
    for (int g = 0; g < m->ngroups; g++) {
        const canasta_group *gr = &m->groups[g];
        int r = gr->rank, nat = 0, wild = 0;
        int existing = pl->mn[r] + pl->mw[r] > 0;
        if (g == 0 && top) {
            nat = 1;
            pl->value += cn_value(top);
        }
        for (int i = 0; i < gr->count; i++) {
            int c = gr->cards[i];
            char name[4];
            if (cn_is_wild(c)) {
                if (r == 3)
                    return cn_why(why, ws, CANASTA_E_THREES,
                        "M6: wild cards never stand in for threes");
                wild++;
            } else if (cn_rank(c) == r && (r != 3 || cn_is_black3(c))) {
                nat++;
            } else {
                cn_card_name(name, c);
                return cn_why(why, ws, CANASTA_E_MELD,
                    "M1: the %s does not belong in a meld of %s", name,
                    cn_rank_plural(r));
            }
            pl->value += cn_value(c);
        }
        if (g == 0) {
            pl->top_naturals = nat - (top ? 1 : 0);
            pl->top_wilds = wild;
        }
        if (r == 3) {
            /* M6: only a whole new meld of 3 or 4 black threes. */
            if (nat < 3 || nat > 4)
                return cn_why(why, ws, CANASTA_E_THREES,
                    "M6: black threes are melded only as 3 or 4 together, "
                    "not %d", nat);
            pl->black_threes = 1;
        }
        int n = pl->mn[r] + nat, w = pl->mw[r] + wild;
        if (existing) {
            /* M4: wild cards only while the meld holds fewer than three;
             * naturals always (an X3 merge may have left it with more) */
            if (wild > 0 && w > CN_MELD_WILDS_MAX)
                return cn_why(why, ws, CANASTA_E_MELD,
                    "M4: the meld of %s would hold %d wild cards; a meld "
                    "holds at most 3", cn_rank_plural(r), w);
        } else {
            if (n < 2)
                return cn_why(why, ws, CANASTA_E_MELD,
                    "M1: a meld needs at least two natural cards; this meld "
                    "of %s has %d", cn_rank_plural(r), n);
            if (w > CN_MELD_WILDS_MAX)
                return cn_why(why, ws, CANASTA_E_MELD,
                    "M1: a meld holds at most 3 wild cards; this meld of %s "
                    "has %d", cn_rank_plural(r), w);
            if (n + w < 3)
                return cn_why(why, ws, CANASTA_E_MELD,
                    "M1: a meld needs at least 3 cards; this meld of %s has "
                    "%d", cn_rank_plural(r), n + w);
            if (cn_rule_canasta(n + w))
                pl->new_canasta = 1;
        }
        pl->mn[r] = (uint8_t)n;
        pl->mw[r] = (uint8_t)w;
    }
    pl->canastas_after = 0;
    for (int r = 3; r <= 14; r++)
        pl->canastas_after += cn_rule_canasta(pl->mn[r] + pl->mw[r]);
    return CANASTA_OK;
}

/* Could the player go out from `hand` with the side's melds after the
 * move (mn, mw)?  An empty hand is out already: it needs the canastas. */
static int can_finish(const cn_state *st, const uint8_t *hand, int n,
                      const cn_plan *pl)
{
    if (n == 0)
        return pl->canastas_after >= st->p.canastas_to_go_out;
    uint8_t size[CN_RANKS];
    for (int r = 0; r < CN_RANKS; r++)
        size[r] = (uint8_t)(pl->mn[r] + pl->mw[r]);
    cn_goout_query q;
    q.hand = hand;
    q.size = size;
    q.mw = pl->mw;
    q.needed = st->p.canastas_to_go_out;
    q.opened = 1; /* a move with groups opens the side */
    q.minimum = 0;
    q.waiver = 0;
    return cn_can_go_out(&q);
}

/* The going-out rules after a MELD or TAKE_PILE leaving hand_after
 * cards (after: the hand by code), as cn_rule_after_meld decides them
 * (M6, G4, G1, G4), with the sentence of the rule that refuses.
 *
 * brief 0 (cn_after_meld_check): the first rule broken gets the
 * sentence, and a second one broken by the same move is named after it
 * (G4 after a "no" with G1).  brief 1
 * (cn_after_meld_also): another check's sentence is already in why; the
 * rules broken here are named after it. */
static int after_meld(const cn_state *st, const cn_plan *pl,
                      const uint8_t *after, int hand_after, int brief,
                      char *why, size_t ws)
{
    int needed = st->p.canastas_to_go_out;
    const char *s = needed > 1 ? "s" : "";
    /* Without a sentence to write, only the first rule's code matters:
     * the validator runs that way in the enumerator's and the player's
     * loops, which need no second look. */
    int words = why && ws;
    if (brief && !words)
        return CANASTA_OK;
    int v = cn_rule_after_meld(pl->black_threes, hand_after,
                               st->permission);
    if (v & CN_UNLESS_OUT)
        v = cn_unless_out(v, can_finish(st, after, hand_after, pl));
    switch (v) {
    case CN_ALLOWED:
        return CANASTA_OK;
    case CN_REFUSED_M6_NOT_OUT:
        if (brief)
            cn_why_also(why, ws, 0, "; also M6: black threes are melded "
                        "only by a player going out");
        else
            cn_why(why, ws, 0, "M6: black threes may be melded only when "
                   "going out; after this move you would still hold %d "
                   "cards", hand_after);
        return CANASTA_E_THREES;
    case CN_REFUSED_G4_SAID_NO:
        if (brief)
            cn_why_also(why, ws, 0, "; also G4: your partner said no "
                        "to going out this turn");
        else
            cn_why(why, ws, 0, "G4: your partner said no, so you may "
                   "not go out this turn; keep at least two cards "
                   "after melding");
        /* and G1 as well, when the move could not go out anyway */
        if (words && !can_finish(st, after, hand_after, pl))
            cn_why_also(why, ws, 0, "; also G1: going out needs %d "
                        "canasta%s on your side", needed, s);
        return CANASTA_E_GO_OUT;
    case CN_REFUSED_G1_CANASTAS:
        if (brief)
            cn_why_also(why, ws, 0, "; also G1: it would leave you %s, "
                        "and going out needs %d canasta%s on your side",
                        hand_after ? "one card" : "no cards", needed, s);
        else
            cn_why(why, ws, 0, "G1: your side needs %d canasta%s "
                   "before you can go out; this move would leave you %s",
                   needed, s,
                   hand_after ? "one card, and playing it would empty "
                                "your hand" : "no cards");
        return CANASTA_E_GO_OUT;
    default: /* CN_REFUSED_G4_MUST_GO_OUT */
        if (brief)
            cn_why_also(why, ws, 0, "; also G4: after your partner's yes "
                        "you must go out, and after this meld you could not");
        else
            cn_why(why, ws, 0, "G4: your partner said yes, so you must go "
                   "out this turn, and after this meld you could not");
        return CANASTA_E_MUST_GO_OUT;
    }
}

int cn_after_meld_check(const cn_state *st, const cn_plan *pl,
                        const uint8_t *after, int hand_after, char *why,
                        size_t ws)
{
    return after_meld(st, pl, after, hand_after, 0, why, ws);
}

int cn_after_meld_also(const cn_state *st, const cn_plan *pl,
                       const uint8_t *after, int hand_after, char *why,
                       size_t ws)
{
    return after_meld(st, pl, after, hand_after, 1, why, ws);
}

/* O1, O2, O3: the first meld of a side that has not opened must count
 * the seat's minimum, which its score column's total before the hand
 * sets (X3: the player's own).  The sentence gives the count, the
 * minimum and the total it comes from.  top: a take (O3: the top card
 * counts with the hand cards; the cards under it never do).  The G3
 * waiver is the caller's (check_meld). */
int cn_opening_check(const cn_state *st, int seat, int value, int top,
                     char *why, size_t ws)
{
    int need = cn_seat_minimum(st, seat);
    if (value >= need)
        return CANASTA_OK;
    char total[CN_NUMBER_TEXT];
    cn_thousands(total, st->start_totals[st->p.seat_side[seat]]);
    const char *whose = st->p.lone_hand ? "your" : "your side's";
    if (top)
        return cn_why(why, ws, CANASTA_E_OPENING,
            "O3: the top card with the cards you meld counts %d (cards "
            "under the top never count); O1: %s total of %s needs at "
            "least %d", value, whose, total, need);
    return cn_why(why, ws, CANASTA_E_OPENING,
        "O1: %s total of %s needs a first meld of at least %d; these "
        "cards count %d", whose, total, need, value);
}

static void add_card(cn_meld *md, int c)
{
    if (c == CANASTA_JOKER)
        md->jokers++;
    else if (cn_rank(c) == 2) {
        md->twos++;
        md->two_suit[cn_suit(c)]++;
    } else {
        md->naturals++;
        md->nat_suit[cn_suit(c)]++;
    }
}

void cn_groups_lay(cn_state *st, const canasta_move *m, int seat)
{
    int side = st->side_of[seat];
    for (int g = 0; g < m->ngroups; g++) {
        const canasta_group *gr = &m->groups[g];
        if (st->k.meld_size[side][gr->rank] == 0)
            st->turn_new_melds |= (uint16_t)(1u << gr->rank);
        else if (!(st->turn_new_melds >> gr->rank & 1))
            cn_note_added_old(st);
        /* cn_hand_remove and cn_meld_lay card by card, but the facts
         * of the meld once for the group. */
        cn_meld *md = &st->melds[side][gr->rank];
        cn_kept *k = &st->k;
        uint8_t *held = k->held[seat];
        int wild = 0, value = 0;
        for (int i = 0; i < gr->count; i++) {
            const int c = gr->cards[i];
            st->hand[seat][c]--;
            held[cn_kind(c)]--;
            value += cn_value(c);
            add_card(md, c);
            wild += cn_is_wild(c);
        }
        st->hand_n[seat] = (uint8_t)(st->hand_n[seat] - gr->count);
        k->hand_value[seat] = (uint16_t)(k->hand_value[seat] - value);
        const int was = k->meld_size[side][gr->rank];
        const int now = was + gr->count;
        k->meld_size[side][gr->rank] = (uint8_t)now;
        k->meld_wild[side][gr->rank] =
            (uint8_t)(k->meld_wild[side][gr->rank] + wild);
        k->canastas[side] = (uint8_t)(k->canastas[side] +
                                      cn_rule_completes(was, gr->count));
        k->melded[side] = (uint16_t)(k->melded[side] | 1u << gr->rank);
    }
    if (!st->opened[side]) {
        st->opened[side] = 1;
        cn_pile_changed(st); /* P3: no longer frozen for being unopened */
    }
    st->seat_melded[seat] = 1;
}

void cn_meld_add_card(cn_meld *md, int c) { add_card(md, c); }

void cn_meld_lay(cn_state *st, int side, int rank, int card)
{
    cn_kept *k = &st->k;
    add_card(&st->melds[side][rank], card);
    int size = ++k->meld_size[side][rank];
    k->meld_wild[side][rank] = (uint8_t)(k->meld_wild[side][rank] +
                                         cn_is_wild(card));
    k->canastas[side] = (uint8_t)(k->canastas[side] +
                                  cn_rule_completes(size - 1, 1));
    k->melded[side] = (uint16_t)(k->melded[side] | 1u << rank);
}

/* G3: the player to move laid cards on a meld its side had before this
 * turn (the top card of a take, or a group).  Noted only for a player
 * who had not melded before the turn: for any other the exit is not
 * concealed anyway. */
void cn_note_added_old(cn_state *st)
{
    if (!st->melded_before_turn)
        st->turn_added_old = 1;
}
