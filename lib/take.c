/* take.c - taking the discard pile (P1-P7, O3) and the empty stock's
 * obligation to take it (E1). */
#include "cn_assert.h"
#include "rulebook.h"

static const char *frozen_reason(const cn_state *st, int side)
{
    if (st->pile_wilds)
        return "a wild card is in it";
    if (st->pile_red3)
        return "a red three was turned up under it";
    /* Called only for a pile frozen against side (cn_kept.pile, renewed
     * from these same three facts): the last reason is left. */
    if (NEVER(st->opened[side]))
        return "";
    return "your side has not opened";
}

static const char *count_word(int n)
{
    static const char *const w[] = { "none", "one", "two", "three", "four" };
    return n >= 0 && n <= 4 ? w[n] : "several";
}

/* P1: a natural of rank r under the top card, which a player may think
 * would help take the pile (it never does): its code, or 0. */
static int buried_of_rank(const cn_state *st, int r)
{
    for (int i = st->pile_n - 2; i >= 0; i--)
        if (!cn_is_wild(st->pile[i]) && cn_rank(st->pile[i]) == r)
            return st->pile[i];
    return 0;
}

/* P1, after cn_rule_take_form's refusal: name the buried card of the
 * top's rank the player may have counted on. */
static int note_buried(const cn_state *st, int r, int err, char *why,
                       size_t ws)
{
    int c = why && ws ? buried_of_rank(st, r) : 0; /* words only */
    if (c) {
        char name[4];
        cn_card_name(name, c);
        cn_why_also(why, ws, 0, "; P1: the %s further down the pile "
                    "cannot help", name);
    }
    return err;
}

/* The form of groups[0] (nat naturals of the top's rank r and wild wild
 * cards from the hand) against the pile as it lies for side, as
 * cn_rule_take_form decides it: the rule that refuses, with its sentence
 * (brief: a clause added after another rule's sentence), or CANASTA_OK. */
static int meld_of_top(const cn_state *st, int side, int r, int nat,
                       int wild, int held, int brief, char *why, size_t ws)
{
    int v = cn_rule_take_form(cn_pile_frozen(st, side),
                              st->k.meld_size[side][r] > 0, nat, wild);
    if (v == CN_ALLOWED)
        return CANASTA_OK;
    if (v == CN_REFUSED_P4_FROZEN) {
        if (brief)
            return cn_why_also(why, ws, CANASTA_E_PILE_FROZEN,
                "; also P4: the pile is frozen (%s), and taking it needs "
                "two natural %s from your hand", frozen_reason(st, side),
                cn_rank_plural(r));
        cn_why(why, ws, 0,
            "P4: the pile is frozen (%s), so taking the %s needs two "
            "natural %s from your hand (you %s %s)",
            frozen_reason(st, side), cn_rank_name(r), cn_rank_plural(r),
            nat == held ? "hold" : "offer",
            count_word(nat == held ? held : nat));
        return note_buried(st, r, CANASTA_E_PILE_FROZEN, why, ws);
    }
    /* CN_REFUSED_P5_NOT_MELDED */
    if (brief)
        return cn_why_also(why, ws, CANASTA_E_PILE_NO_MELD,
            "; also P5: the %s on top would not be melded", cn_rank_name(r));
    cn_why(why, ws, 0,
        "P5: to take the pile the %s on top must be melded: with two "
        "natural %s, or one and a wild card, from your hand, or on your "
        "side's meld of %s (you offer %s natural and %s wild)",
        cn_rank_name(r), cn_rank_plural(r), cn_rank_plural(r),
        count_word(nat), count_word(wild));
    return note_buried(st, r, CANASTA_E_PILE_NO_MELD, why, ws);
}

int cn_check_take(const cn_state *st, const canasta_move *m, char *why,
                  size_t ws)
{
    int seat = m->seat, side = st->side_of[seat];
    if (st->phase != CANASTA_PHASE_DRAW)
        return cn_why(why, ws, CANASTA_E_PHASE,
            "T1: the pile can be taken only at the start of your turn, "
            "instead of drawing");
    /* The form of the move first, then the pile (P1, P2). */
    cn_plan pl;
    int rc = cn_groups_parse(&pl, st, m, 1, why, ws);
    if (rc)
        return rc;
    const int flags = cn_pile_flags(st, side); /* cn_rule_pile */
    if (flags & CANASTA_PILE_EMPTY)
        return cn_why(why, ws, CANASTA_E_PILE_EMPTY,
                      "P1: the discard pile is empty");
    int top = st->pile[st->pile_n - 1], r = cn_rank(top);
    char tn[4];
    cn_card_name(tn, top);
    if (flags & CANASTA_PILE_BLOCKED_WILD)
        return cn_why(why, ws, CANASTA_E_PILE_BLOCKED,
            "P2: a wild card (%s) is on top of the pile, so nobody may take "
            "it now", tn);
    if (flags & CANASTA_PILE_BLOCKED_BLACK_THREE)
        return cn_why(why, ws, CANASTA_E_PILE_BLOCKED,
            "P2: a black three (%s) is on top of the pile, so the pile "
            "cannot be taken this turn", tn);
    if (m->groups[0].rank != r)
        return cn_why(why, ws, CANASTA_E_MOVE,
            "P1: the first group must be the meld of the top card (%s), "
            "rank %d, not %d", tn, r, m->groups[0].rank);
    /* Count what groups[0] brings from the hand. */
    int nat = 0, wild = 0;
    for (int i = 0; i < m->groups[0].count; i++) {
        int c = m->groups[0].cards[i];
        if (cn_is_wild(c))
            wild++;
        else if (cn_rank(c) == r)
            nat++;
    }
    int held = st->k.held[seat][r];
    if (cn_rule_one_card(st->p.one_card_rule, st->hand_n[seat], st->pile_n)) {
        cn_why(why, ws, 0,
            "P6: with one card in your hand you may not take a pile of one "
            "card");
        /* and the one card may not meld the top card either */
        if (why && ws)
            (void)meld_of_top(st, side, r, nat, wild, held, 1, why, ws);
        return CANASTA_E_ONE_CARD;
    }
    rc = meld_of_top(st, side, r, nat, wild, held, 0, why, ws);
    if (rc) {
        /* A frozen pile (cn_rule_take_form) against a side that has
         * not opened: the opening may fall short as well (O3), when the
         * groups are melds at all. */
        if (rc == CANASTA_E_PILE_FROZEN && why && ws && !st->opened[side] &&
            cn_groups_compose(&pl, st, m, top, NULL, 0) == CANASTA_OK &&
            pl.value < cn_seat_minimum(st, seat))
            cn_why_also(why, ws, 0, "; also O3: the opening would count %d "
                        "of the %d needed", pl.value,
                        cn_seat_minimum(st, seat));
        return rc;
    }
    rc = cn_groups_compose(&pl, st, m, top, why, ws);
    if (rc)
        return rc;
    /* The hand after the take: less the cards melded, plus the pile
     * under the top card (red threes in it are laid out, R2). */
    uint8_t left[CANASTA_CARD_LIMIT];
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        left[c] = (uint8_t)(st->hand[seat][c] - pl.use[c]);
    int after = st->hand_n[seat] - pl.n_use;
    for (int i = 0; i + 1 < st->pile_n; i++) {
        int c = st->pile[i];
        if (!cn_is_red3(c)) {
            left[c]++;
            after++;
        }
    }
    if (!st->opened[side] &&
        (rc = cn_opening_check(st, seat, pl.value, top, why, ws)) != 0) {
        /* and a rule of going out (M6, G1, G4) named after O3 */
        (void)cn_after_meld_also(st, &pl, left, after, why, ws);
        return rc;
    }
    return cn_after_meld_check(st, &pl, left, after, why, ws);
}

/* P1, P7, R2: meld the top card, then pick up the rest of the pile; red
 * threes in it are laid out without replacement.  Taking it unfreezes it. */
void cn_play_take(cn_state *st, const canasta_move *m)
{
    int seat = m->seat, side = st->side_of[seat];
    int top = st->pile[--st->pile_n];
    st->pile[st->pile_n] = 0;
    if (st->k.meld_size[side][cn_rank(top)] == 0)
        st->turn_new_melds |= (uint16_t)(1u << cn_rank(top));
    else
        cn_note_added_old(st); /* the side's meld, from before this turn */
    cn_meld_lay(st, side, cn_rank(top), top);
    cn_groups_lay(st, m, seat);
    /* P1: everyone saw these cards go in, so everyone knows who holds
     * them now (A1); the top card is listed last. */
    cn_event_add(st, CANASTA_EVENT_PICK_UP, seat, side, -1, -1);
    for (int i = 0; i < st->pile_n; i++)
        cn_event_card(st, st->pile[i]);
    cn_event_card(st, top);
    /* R2: a red three in the pile (the covered upcard) goes to the table. */
    if (st->pile_red3) {
        cn_event_add(st, CANASTA_EVENT_RED_THREE, seat, side, -1, -1);
        for (int i = 0; i < st->pile_n; i++)
            if (cn_is_red3(st->pile[i]))
                cn_event_card(st, st->pile[i]);
    }
    for (int i = 0; i < st->pile_n; i++) {
        int c = st->pile[i];
        if (cn_is_red3(c))
            cn_lay_red_three(st, seat, c);
        else
            cn_hand_add(st, seat, c);
        st->pile[i] = 0;
    }
    st->pile_n = 0;
    st->pile_wilds = 0;
    st->pile_red3 = 0;
    cn_pile_changed(st);
    st->turn_src = CN_SRC_PILE;
    st->turn_take_extra = m->ngroups > 1;
    st->phase = CANASTA_PHASE_PLAY;
}

/* E1: with the stock gone, a player whose side could put the (unfrozen)
 * top card on its meld of that rank must take the pile. */
int cn_must_take(const cn_state *st, int seat)
{
    int side = st->side_of[seat];
    if (cn_pile_flags(st, side) &
        (CN_PILE_NO_TAKE | CANASTA_PILE_FROZEN_MASK))
        return 0;
    int top = st->pile[st->pile_n - 1];
    if (st->k.meld_size[side][cn_rank(top)] == 0)
        return 0;
    canasta_move m;
    canasta_move_init(&m, CANASTA_MOVE_TAKE_PILE, seat);
    m.ngroups = 1;
    m.groups[0].rank = (uint8_t)cn_rank(top);
    return cn_check_take(st, &m, NULL, 0) == CANASTA_OK;
}
