/* moves.c - checking and playing a move: whose turn it is, the phase of
 * the turn (T1), drawing (R1, E2), discarding (T2, G1), asking (G4), the
 * empty stock (E1) and the next hand.  Melds are in meld.c, the pile in
 * take.c. */
#include "rulebook.h"

static int check_turn(const cn_state *st, const canasta_move *m, char *why,
                      size_t ws)
{
    if (m->kind < CANASTA_MOVE_DRAW || m->kind > CANASTA_MOVE_NEXT_HAND)
        return cn_why(why, ws, CANASTA_E_MOVE, "unknown move kind %d",
                      m->kind);
    if (m->seat >= st->p.players)
        return cn_why(why, ws, CANASTA_E_SEAT,
            "seat %d does not exist in a %d-player game", m->seat,
            st->p.players);
    if (st->phase == CANASTA_PHASE_GAME_OVER)
        return cn_why(why, ws, CANASTA_E_GAME_OVER,
                      "S6: the game is over; no more moves");
    if (m->seat != st->cur) {
        if (st->phase == CANASTA_PHASE_ANSWER)
            return cn_why(why, ws, CANASTA_E_TURN,
                "G4: seat %d must first answer seat %d's question", st->cur,
                st->turn_seat);
        if (st->phase == CANASTA_PHASE_HAND_OVER)
            return cn_why(why, ws, CANASTA_E_TURN,
                "C3: the hand is over; seat %d deals the next one", st->cur);
        return cn_why(why, ws, CANASTA_E_TURN,
            "T1: it is seat %d's turn, not seat %d's", st->cur, m->seat);
    }
    return CANASTA_OK;
}

static int phase_error(const cn_state *st, const canasta_move *m, char *why,
                       size_t ws)
{
    switch (st->phase) {
    case CANASTA_PHASE_DRAW:
        return cn_why(why, ws, CANASTA_E_PHASE,
            "T1: start your turn by drawing from the stock or taking the "
            "pile");
    case CANASTA_PHASE_PLAY:
        if (m->kind == CANASTA_MOVE_DRAW)
            return cn_why(why, ws, CANASTA_E_PHASE,
                "T1: you have already drawn this turn; meld or discard");
        return cn_why(why, ws, CANASTA_E_PHASE,
            "T1: you have drawn; now meld, or discard to end your turn");
    case CANASTA_PHASE_ANSWER:
        return cn_why(why, ws, CANASTA_E_PHASE,
            "G4: answer yes or no to your partner's question first");
    default:
        return cn_why(why, ws, CANASTA_E_PHASE,
            "S5: the hand is over and scored; the only move now is to deal "
            "the next hand");
    }
}

static int check_draw(const cn_state *st, char *why, size_t ws)
{
    if (st->stock_n == 0)
        return cn_why(why, ws, CANASTA_E_STOCK_EMPTY,
            "E1: the stock is empty: take the pile if you can, or decline "
            "it, which ends the hand");
    return CANASTA_OK;
}

static int check_meld(const cn_state *st, const canasta_move *m, char *why,
                      size_t ws)
{
    int seat = m->seat, side = st->side_of[seat];
    cn_plan pl;
    int rc = cn_groups_parse(&pl, st, m, 0, why, ws);
    if (rc)
        return rc;
    rc = cn_groups_compose(&pl, st, m, 0, why, ws);
    if (rc)
        return rc;
    int after = st->hand_n[seat] - pl.n_use;
    uint8_t left[CANASTA_CARD_LIMIT];
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
        left[c] = (uint8_t)(st->hand[seat][c] - pl.use[c]);
    /* G3: a concealed exit after a stock draw needs no minimum. */
    if (!st->opened[side] && !cn_g3_waived(st, seat, after, pl.new_canasta) &&
        (rc = cn_opening_check(st, seat, pl.value, 0, why, ws)) != 0) {
        /* A short opening may break a rule of going out as well (black
         * threes kept with more cards, M6; one card or none left without
         * the canastas, G1, or after a "no", G4): named after O1. */
        (void)cn_after_meld_also(st, &pl, left, after, why, ws);
        return rc;
    }
    return cn_after_meld_check(st, &pl, left, after, why, ws);
}

static int check_discard(const cn_state *st, const canasta_move *m,
                         char *why, size_t ws)
{
    int seat = m->seat, c = m->card;
    char name[4];
    if (!cn_valid_card(c))
        return cn_why(why, ws, CANASTA_E_CARD, "%d is not a card code", c);
    cn_card_name(name, c);
    if (st->hand[seat][c] == 0)
        return cn_why(why, ws, CANASTA_E_NOT_IN_HAND,
            cn_is_red3(c) ? "T2: a red three is never in a hand, so the %s "
                            "cannot be discarded"
                          : "T1: the %s is not in your hand", name);
    const int v = cn_rule_discard(st->hand_n[seat], st->permission,
                                  st->k.canastas[st->side_of[seat]],
                                  st->p.canastas_to_go_out);
    /* After a no no meld leaves fewer than two cards (after_meld), and
     * cn_state_check refuses a read position that says otherwise. */
    if (NEVER(v == CN_REFUSED_G4_SAID_NO))
        return cn_why(why, ws, CANASTA_E_GO_OUT,
            "G4: your partner said no, so you may not go out this turn");
    switch (v) {
    case CN_REFUSED_G1_CANASTAS:
        return cn_why(why, ws, CANASTA_E_GO_OUT,
            "G1: discarding your last card would put you out, and your "
            "side has no canasta yet; keep at least one card");
    case CN_REFUSED_G4_MUST_GO_OUT:
        return cn_why(why, ws, CANASTA_E_MUST_GO_OUT,
            "G4: your partner said yes, so you must go out this turn; meld "
            "until one card is left, then discard it");
    default:
        return CANASTA_OK;
    }
}

static int check_ask(const cn_state *st, const canasta_move *m, char *why,
                     size_t ws)
{
    int v = cn_rule_ask(st, m->seat);
    if (v & CN_UNLESS_OUT)
        v = cn_unless_out(v, cn_seat_out_kept(st, m->seat));
    switch (v) {
    case CN_ALLOWED:
        return CANASTA_OK;
    case CN_REFUSED_G4_ASK_OFF:
        return cn_why(why, ws, CANASTA_E_ASK,
            "G4: asking permission to go out is switched off in this game");
    case CN_REFUSED_G4_NO_PARTNER:
        return st->p.lone_hand
            ? cn_why(why, ws, CANASTA_E_ASK,
                "X3: you have no partner to ask: partners exist only once "
                "someone has taken the pile, and never for the lone hand")
            : cn_why(why, ws, CANASTA_E_ASK,
                "G4: you have no partner to ask");
    case CN_REFUSED_G4_ASKED:
        return cn_why(why, ws, CANASTA_E_ASK,
                      "G4: you have already asked this turn");
    case CN_REFUSED_G4_ASK_LATE:
        return cn_why(why, ws, CANASTA_E_ASK,
            "G4: ask right after drawing or taking the pile, before any "
            "other meld");
    case CN_REFUSED_G4_ONE_CARD:
        return cn_why(why, ws, CANASTA_E_ASK,
            "G4: with one card left you can only go out by discarding it; "
            "a \"no\" would leave you no move, so there is nothing to ask");
    default: /* CN_REFUSED_G4_CANNOT_OUT */
        return cn_why(why, ws, CANASTA_E_ASK,
            "G4: you could not go out with the cards you hold, so you may "
            "not ask");
    }
}

static int check_decline(const cn_state *st, const canasta_move *m,
                         char *why, size_t ws)
{
    if (st->stock_n > 0)
        return cn_why(why, ws, CANASTA_E_PHASE,
            "E1: the pile may be declined only when the stock is empty; "
            "draw from the stock");
    if (cn_must_take(st, m->seat)) {
        int r = cn_rank(st->pile[st->pile_n - 1]);
        return cn_why(why, ws, CANASTA_E_MUST_TAKE,
            "E1: the stock is empty and the %s on top goes on your side's "
            "meld of %s, so you must take the pile", cn_rank_name(r),
            cn_rank_plural(r));
    }
    return CANASTA_OK;
}

int cn_check(const cn_state *st, const canasta_move *m, char *why,
             size_t ws)
{
    int rc = check_turn(st, m, why, ws);
    if (rc)
        return rc;
    int ph = st->phase;
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        return ph != CANASTA_PHASE_DRAW ? phase_error(st, m, why, ws)
                                        : check_draw(st, why, ws);
    case CANASTA_MOVE_TAKE_PILE:
        return ph == CANASTA_PHASE_DRAW || ph == CANASTA_PHASE_PLAY
                   ? cn_check_take(st, m, why, ws)
                   : phase_error(st, m, why, ws);
    case CANASTA_MOVE_MELD:
        return ph != CANASTA_PHASE_PLAY ? phase_error(st, m, why, ws)
                                        : check_meld(st, m, why, ws);
    case CANASTA_MOVE_DISCARD:
        return ph != CANASTA_PHASE_PLAY ? phase_error(st, m, why, ws)
                                        : check_discard(st, m, why, ws);
    case CANASTA_MOVE_ASK:
        return ph != CANASTA_PHASE_PLAY ? phase_error(st, m, why, ws)
                                        : check_ask(st, m, why, ws);
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO:
        if (ph != CANASTA_PHASE_ANSWER)
            return cn_why(why, ws, CANASTA_E_PHASE,
                          "G4: nobody has asked to go out");
        return CANASTA_OK;
    case CANASTA_MOVE_DECLINE:
        return ph != CANASTA_PHASE_DRAW ? phase_error(st, m, why, ws)
                                        : check_decline(st, m, why, ws);
    default: /* NEXT_HAND */
        if (ph != CANASTA_PHASE_HAND_OVER)
            return cn_why(why, ws, CANASTA_E_PHASE,
                "S6: a hand is always played to its end; the next hand "
                "starts when this one is over");
        return CANASTA_OK;
    }
}

/* ---- playing ---- */

static void start_turn(cn_state *st, int seat)
{
    st->cur = st->turn_seat = (uint8_t)seat;
    st->phase = CANASTA_PHASE_DRAW;
    st->turn_src = CN_SRC_NONE;
    st->turn_melds = 0;
    st->turn_take_extra = 0;
    st->permission = CANASTA_PERMISSION_NONE;
    st->turn_new_melds = 0;
    st->turn_added_old = 0;
    st->melded_before_turn = st->seat_melded[seat];
}

/* G2/G3: the hand is empty; cn_exit_concealed says how. */
static void went_out(cn_state *st, int seat)
{
    cn_end_hand(st, cn_exit_concealed(st, seat) ? CANASTA_END_CONCEALED
                                                : CANASTA_END_WENT_OUT,
                seat);
}

static void next_hand(cn_state *st)
{
    /* Readers cap hand numbers at CN_HAND_LIMIT (1e9) and games start at
     * 1, so reaching INT32_MAX takes over a billion hands; stop there
     * rather than overflow. */
    if (st->hand_no < INT32_MAX)
        st->hand_no++;
    st->dealer = (uint8_t)((st->dealer + 1) % st->p.players);
    for (int s = 0; s < CN_MAX_SIDES; s++) {
        st->start_totals[s] = st->totals[s];
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            st->start_last_items[s][i] = st->last_items[s][i];
    }
    st->start_end_how = st->end_how;
    st->start_end_seat = st->end_seat;
    st->start_scored = st->scored;
    /* A hand that began from a position had no deck (deck_n 0). */
    st->deck_n = (uint8_t)st->p.deck_size;
    cn_shuffled_deck(st->deck, &st->p, st->seed, st->hand_no);
    cn_deal(st);
}

/* The ranks whose melds the checked move m lays cards on, one bit per
 * rank: its groups' (a take's first group is the top card's, P1, even
 * when it holds no card from the hand). */
static unsigned laid_ranks(const canasta_move *m)
{
    unsigned ranks = 0;
    for (int g = 0; g < m->ngroups; g++)
        ranks |= 1u << m->groups[g].rank;
    return ranks;
}

/* The sizes of the seat's side's melds of those ranks (kept facts). */
static void meld_sizes(const cn_state *st, int seat, unsigned ranks,
                       uint8_t *size)
{
    const uint8_t *kept = st->k.meld_size[st->side_of[seat]];
    for (; ranks; ranks &= ranks - 1) {
        int r = cn_lowest_bit(ranks);
        size[r] = kept[r];
    }
}

/* M5: a CANASTA event, lowest rank first, for every meld of the side
 * that the move made reach seven cards (only melds of the ranks it laid
 * cards on can; was_size: their sizes before it). */
static void canasta_events(cn_state *st, int seat, unsigned ranks,
                           const uint8_t *was_size)
{
    int side = st->side_of[seat];
    for (; ranks; ranks &= ranks - 1) {
        int r = cn_lowest_bit(ranks);
        const cn_meld *md = &st->melds[side][r];
        const int kind = cn_rule_canasta_class(md->naturals,
                                               md->twos + md->jokers);
        if (kind != CANASTA_MELD_NONE && !cn_rule_canasta(was_size[r]))
            cn_event_add(st, CANASTA_EVENT_CANASTA, seat, side, r, kind);
    }
}

void cn_play(cn_state *st, const canasta_move *m)
{
    int seat = m->seat;
    cn_events_clear(st);
    /* The kinds by how often they are played (the discard, the draw, the
     * meld, the take), then the rare ones: tests in that order are better
     * predicted than one jump table (an indirect branch, mispredicted at
     * about every other move in reference play). */
    if (m->kind == CANASTA_MOVE_DISCARD) {
        cn_hand_remove(st, seat, m->card);
        st->pile[st->pile_n++] = m->card;
        if (cn_is_wild(m->card))
            st->pile_wilds++; /* T2: a wild discard freezes the pile */
        cn_pile_changed(st);
        if (st->hand_n[seat] == 0)
            went_out(st, seat);
        else
            start_turn(st, (seat + 1) % st->p.players);
        return;
    }
    if (m->kind == CANASTA_MOVE_DRAW) {
        st->turn_src = CN_SRC_STOCK;
        st->phase = CANASTA_PHASE_PLAY;
        if (cn_draw_cards(st, seat, st->p.draw_count, CANASTA_EVENT_DRAW))
            cn_end_hand(st, CANASTA_END_RED_THREE, -1); /* E2 */
        return;
    }
    if (m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE) {
        const unsigned ranks = laid_ranks(m);
        const int side = st->side_of[seat];
        const int had = st->k.canastas[side];
        uint8_t was[CN_RANKS];
        meld_sizes(st, seat, ranks, was);
        if (m->kind == CANASTA_MOVE_MELD) {
            cn_groups_lay(st, m, seat);
            st->turn_melds++;
        } else {
            cn_play_take(st, m);
        }
        /* a meld reached seven cards only if the side's count of them
         * (kept) grew */
        if (st->k.canastas[side] != had)
            canasta_events(st, seat, ranks, was);
        if (m->kind == CANASTA_MOVE_TAKE_PILE && st->p.lone_hand &&
            !st->lone_plus1)
            cn_form_partnership(st, seat); /* X3 */
        if (st->hand_n[seat] == 0)
            went_out(st, seat);
        return;
    }
    switch (m->kind) {
    case CANASTA_MOVE_ASK:
        st->permission = CANASTA_PERMISSION_ASKED;
        st->phase = CANASTA_PHASE_ANSWER;
        st->cur = (uint8_t)cn_partner(st, seat);
        break;
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO:
        st->permission = m->kind == CANASTA_MOVE_ANSWER_YES
                             ? CANASTA_PERMISSION_YES : CANASTA_PERMISSION_NO;
        st->phase = CANASTA_PHASE_PLAY;
        st->cur = st->turn_seat;
        break;
    case CANASTA_MOVE_DECLINE:
        cn_end_hand(st, CANASTA_END_STOCK, -1); /* E1 */
        break;
    case CANASTA_MOVE_NEXT_HAND:
        next_hand(st);
        break;
    default:
        break;
    }
}
