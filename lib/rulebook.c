/* rulebook.c - the predicates of rulebook.h that are not inline: who
 * must be able to go out (G1, G4), the two G3 decisions
 * (the waiver of the opening minimum, and whether an exit is concealed)
 * and the end of the game (S6).  No words: the callers say them. */
#include "rulebook.h"

int cn_rule_must_go_out(const cn_state *st)
{
    int ts = st->turn_seat;
    if (st->phase == CANASTA_PHASE_ANSWER)
        return ts;
    if (st->phase == CANASTA_PHASE_PLAY &&
        (st->permission == CANASTA_PERMISSION_YES || st->hand_n[ts] == 1))
        return ts;
    return -1;
}

/* G3, the opening minimum: "if the side has not opened and the player
 * drew from the stock, the opening minimum does not apply; after taking
 * the pile it does".  The waiver is for a concealed exit, and it can only
 * ever let a concealed one through, under either reading of G3 (option
 * CANASTA_OPT_CONCEALED_ADDITIONS): a side that has not opened has no
 * meld on the table, so every card of an exit its first meld makes goes
 * into a meld the player starts in this turn, in the one MELD move that
 * leaves at most one card (cn_g3_waived); that last card is discarded,
 * or joins one of those melds.  Nothing in the new reading (no addition
 * to the partner's melds) can fail there, so the waiver is the same under
 * both readings.  The going-out query (cn_seat_goout_query) waives the
 * minimum on this part. */
int cn_g3_waiver_turn(const cn_state *st, int seat)
{
    return st->turn_src == CN_SRC_STOCK && st->turn_melds == 0 &&
           !st->seat_melded[seat];
}

int cn_g3_waived(const cn_state *st, int seat, int hand_after,
                 int new_canasta)
{
    return cn_g3_waiver_turn(st, seat) && hand_after <= 1 && new_canasta;
}

/* G3, the bonus: the whole hand melded in one turn, with a canasta among
 * the melds the player began in it, having melded nothing in an earlier
 * turn (melded_before_turn).  By default (the published reading: Pagat,
 * Britannica) every card of that turn goes into melds the player starts
 * in it, so a card laid on a meld the side had before the turn
 * (turn_added_old) makes it an ordinary exit; option
 * CANASTA_OPT_CONCEALED_ADDITIONS 1 (the 1.0 reading) allows that.  It
 * reads the melds themselves, not the kept facts: the position reader
 * asks it of a state whose facts are made afterwards. */
int cn_exit_concealed(const cn_state *st, int seat)
{
    if (st->melded_before_turn)
        return 0;
    if (st->turn_added_old && !st->p.concealed_adds)
        return 0;
    int side = st->side_of[seat];
    for (int r = 3; r <= 14; r++)
        if ((st->turn_new_melds >> r & 1) &&
            cn_rule_canasta(cn_meld_size(&st->melds[side][r])))
            return 1;
    return 0;
}

/* ---- S6: the end of the game ---- */

/* The highest total: *leaders sides share it; the winner (side + 1) when
 * one side alone has it, else 0.  Returns the total. */
static int32_t leading_total(const cn_params *p, const int32_t *totals,
                             int *leaders, int *winner_plus1)
{
    int32_t best = 0;
    int n = 0, w = 0;
    for (int side = 0; side < p->sides; side++) {
        if (side == 0 || totals[side] > best) {
            best = totals[side];
            n = 1;
            w = side + 1;
        } else if (totals[side] == best) {
            n++;
        }
    }
    *leaders = n;
    *winner_plus1 = n > 1 ? 0 : w;
    return best;
}

/* S6: once a side reaches the target the higher total wins; equal
 * leaders play on, or tie by the option (CANASTA_TIE_DECLARE). */
int cn_s6_over(const cn_params *p, const int32_t *totals, int *winner_plus1)
{
    int leaders, w;
    int32_t best = leading_total(p, totals, &leaders, &w);
    *winner_plus1 = 0;
    if (best < p->target)
        return 0;
    if (leaders > 1)
        return p->tie_rule == CANASTA_TIE_DECLARE;
    *winner_plus1 = w;
    return 1;
}

/* S6, or the bounds of play (internal.h): with no next hand to deal, the
 * highest total wins and equal leaders tie, whatever the tie rule. */
int cn_game_over(const cn_params *p, int32_t hand_no, const int32_t *totals,
                 int *winner_plus1)
{
    if (cn_s6_over(p, totals, winner_plus1))
        return 1;
    int at_limit = hand_no >= CN_HAND_LIMIT;
    for (int side = 0; side < p->sides; side++)
        if (totals[side] < -CN_PLAY_LIMIT || totals[side] > CN_PLAY_LIMIT)
            at_limit = 1;
    if (!at_limit)
        return 0;
    int leaders;
    (void)leading_total(p, totals, &leaders, winner_plus1);
    return 1;
}
