/* score.c - the one place where hands are scored (E3, R3, S1-S5), used by
 * the engine at the end of every hand and by canasta_score_side. */
#include <string.h>
#include "internal.h"
#include "rulebook.h"

/* R3: count red threes score their bonus, plus when their side melded
 * anything in the hand and minus when it did not.  Asked for a side's
 * parts (cn_score_parts) and for every score column of a hand
 * (cn_hand_scores, where X3's red threes go by their owner and the melds
 * by the column's tables); cn_check_breakdown holds a given item to it. */
static int red3_score(const cn_params *p, int count, int melded)
{
    const int bonus = cn_red3_bonus(p, count);
    return melded ? bonus : -bonus;
}

/* E3: melded card values + canasta bonuses (S1) + red threes (R3, minus
 * when the side melded nothing) + going out (S2) - cards left in hand. */
void cn_score_parts(int items[CANASTA_SCORE_ITEMS], const cn_params *p,
                    const cn_side_parts *x)
{
    memset(items, 0, sizeof(int) * CANASTA_SCORE_ITEMS);
    /* Every rank is summed, the empty ones adding 0, and the bonuses
     * counted by selects: which ranks were melded is unpredictable, and
     * a test per rank mispredicted about every other time. */
    int melded = 0, natural = 0, mixed = 0;
    for (int r = 3; r <= 14; r++) {
        const int n = x->naturals[r], w = x->twos[r] + x->jokers[r];
        const int natural_value = r == 3 ? 5 : cn_value(CANASTA_CARD(r, 0));
        melded += n * natural_value + x->twos[r] * 20 + x->jokers[r] * 50;
        const int kind = cn_rule_canasta_class(n, w); /* S1 */
        natural += 500 * (kind == CANASTA_MELD_NATURAL_CANASTA);
        mixed += 300 * (kind == CANASTA_MELD_MIXED_CANASTA);
    }
    items[CANASTA_SCORE_MELDED] = melded;
    items[CANASTA_SCORE_NATURAL_CANASTAS] = natural;
    items[CANASTA_SCORE_MIXED_CANASTAS] = mixed;
    items[CANASTA_SCORE_RED_THREES] =
        red3_score(p, x->red_threes, x->n_melds > 0);
    if (x->went_out == CANASTA_OUT_NORMAL)
        items[CANASTA_SCORE_GOING_OUT] = 100;
    else if (x->went_out == CANASTA_OUT_CONCEALED)
        items[CANASTA_SCORE_GOING_OUT] = 200;
    items[CANASTA_SCORE_IN_HAND] = -x->hand_value;
    int t = 0;
    for (int i = 0; i < CANASTA_SCORE_TOTAL; i++)
        t += items[i];
    items[CANASTA_SCORE_TOTAL] = t;
}

/* The seats whose table scores go into score column acct: the side's
 * players; in X3 the lone hand alone, and both partners for either
 * partner (whether their melds merged or, when the lone hand went out
 * before anyone took the pile, stayed apart). */
static unsigned scoring_seats(const cn_state *st, int acct)
{
    unsigned m = 0;
    int lone = (int)st->lone_plus1 - 1;
    for (int s = 0; s < st->p.players; s++) {
        int in = lone < 0 ? st->p.seat_side[s] == acct
               : acct == lone ? s == lone : s != lone;
        if (in)
            m |= 1u << s;
    }
    return m;
}

/* E3 for every score column of a hand ended by how (seat: who went out,
 * or -1): melds, canastas and going out of the column's tables, minus the
 * cards in their hands, and the column's own red threes (R3; in X3 each
 * player's own, plus when the player's partnership melded). */
void cn_hand_scores(const cn_state *st, int how, int seat,
                    int32_t out[CN_MAX_SIDES][CANASTA_SCORE_ITEMS])
{
    const cn_params *p = &st->p;
    int table[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    int melded[CN_MAX_SIDES];
    for (int t = 0; t < p->sides; t++) {
        cn_side_parts x;
        memset(&x, 0, sizeof x);
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[t][r];
            x.naturals[r] = m->naturals;
            x.twos[r] = m->twos;
            x.jokers[r] = m->jokers;
            x.n_melds += cn_meld_size(m) > 0;
        }
        /* the cards held, from the facts the state keeps of each hand
         * (cn_kept.hand_value: V1, kept as cards move) */
        for (int s = 0; s < p->players; s++)
            if (st->side_of[s] == t)
                x.hand_value += st->k.hand_value[s];
        if (seat >= 0 && st->side_of[seat] == t)
            x.went_out = how == CANASTA_END_CONCEALED ? CANASTA_OUT_CONCEALED
                       : how == CANASTA_END_WENT_OUT ? CANASTA_OUT_NORMAL
                       : CANASTA_OUT_NONE;
        cn_score_parts(table[t], p, &x); /* red threes 0: added below */
        melded[t] = x.n_melds > 0;
    }
    for (int acct = 0; acct < p->sides; acct++) {
        int32_t *items = out[acct];
        unsigned seats = scoring_seats(st, acct), tables = 0;
        int red = 0, any_meld = 0;
        for (int s = 0; s < p->players; s++) {
            if (seats >> s & 1)
                tables |= 1u << st->side_of[s];
            if (p->seat_side[s] == acct)
                red += st->red3[s][0] + st->red3[s][1];
        }
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            items[i] = 0;
        for (int t = 0; t < p->sides; t++) {
            if (!(tables >> t & 1))
                continue;
            for (int i = 0; i < CANASTA_SCORE_TOTAL; i++)
                items[i] += table[t][i];
            any_meld |= melded[t];
        }
        items[CANASTA_SCORE_RED_THREES] = red3_score(p, red, any_meld);
        int32_t total = 0;
        for (int i = 0; i < CANASTA_SCORE_TOTAL; i++)
            total += items[i];
        items[CANASTA_SCORE_TOTAL] = total;
    }
}

/* Score every side, add to the totals and ask whether the game is over
 * (cn_game_over, rulebook.c). */
void cn_end_hand(cn_state *st, int how, int seat)
{
    const cn_params *p = &st->p;
    /* X3: a player who goes out before anyone took the pile is the lone
     * hand; the other two score together without merging their melds. */
    if (p->lone_hand && !st->lone_plus1 && seat >= 0) {
        st->lone_plus1 = (uint8_t)(seat + 1);
        cn_event_add(st, CANASTA_EVENT_LONE_HAND, seat, -1, -1, -1);
    }
    cn_hand_scores(st, how, seat, st->last_items);
    for (int acct = 0; acct < p->sides; acct++)
        st->totals[acct] += st->last_items[acct][CANASTA_SCORE_TOTAL];
    cn_event_add(st, CANASTA_EVENT_HAND_END, seat, -1, how, -1);
    for (int side = 0; side < p->sides; side++)
        cn_event_add(st, CANASTA_EVENT_SCORE, -1, side,
                     st->last_items[side][CANASTA_SCORE_TOTAL],
                     st->totals[side]);
    st->end_how = (uint8_t)how;
    st->end_seat = (uint8_t)(seat < 0 ? 0xFF : seat);
    st->scored = 1;
    st->phase = CANASTA_PHASE_HAND_OVER;
    st->cur = (uint8_t)((st->dealer + 1) % p->players);
    int w = 0;
    int over = cn_game_over(p, st->hand_no, st->totals, &w);
    st->winner_plus1 = (uint8_t)w;
    if (!over)
        return;
    st->phase = CANASTA_PHASE_GAME_OVER;
    cn_event_add(st, CANASTA_EVENT_GAME_OVER, -1, (int)st->winner_plus1 - 1,
                 -1, -1);
}

/* ---- the bounds of a hand's score (the end of the game, S6, is
 * decided in rulebook.c) ---- */

int cn_deck_value(const cn_params *p)
{
    uint8_t counts[CANASTA_CARD_LIMIT];
    int v = 0;
    cn_deck_counts(p, counts);
    for (int c = 8; c <= 60; c++)
        v += counts[c] * cn_value(c);
    return v;
}

int cn_column_canastas_max(const cn_params *p)
{
    int by_ranks = 11 * (p->lone_hand ? 2 : 1);
    int by_cards = (p->deck_size - 2 * p->packs) / CN_CANASTA_CARDS;
    return by_ranks < by_cards ? by_ranks : by_cards;
}

int cn_hand_score_bound(const cn_params *p)
{
    return cn_deck_value(p) + 500 * cn_column_canastas_max(p) +
           cn_red3_bonus(p, 2 * p->packs) + 200;
}

/* The number of red threes whose R3 bonus is b (1 .. 2 * packs), or 0. */
static int red3_count_of(const cn_params *p, int b)
{
    for (int k = 1; k <= 2 * p->packs; k++)
        if (cn_red3_bonus(p, k) == b)
            return k;
    return 0;
}

int cn_check_breakdown(const cn_params *p, int how, int seat,
                       const int32_t *items, const int *lines, char *why,
                       size_t ws)
{
    const int bad = CANASTA_E_INVALID;
    int value = cn_deck_value(p), cmax = cn_column_canastas_max(p);
    int out = how == CANASTA_END_WENT_OUT ? 100
            : how == CANASTA_END_CONCEALED ? 200 : 0;
    int reds = 0;
    for (int side = 0; side < p->sides; side++) {
        const int32_t *it = items + side * CANASTA_SCORE_ITEMS;
        int L = lines[side];
        long m = it[CANASTA_SCORE_MELDED];
        long nat = it[CANASTA_SCORE_NATURAL_CANASTAS];
        long mix = it[CANASTA_SCORE_MIXED_CANASTAS];
        long red = it[CANASTA_SCORE_RED_THREES];
        long o = it[CANASTA_SCORE_GOING_OUT], h = it[CANASTA_SCORE_IN_HAND];
        if (m % 5 || (m != 0 && (m < 15 || m > value)))
            return cn_why(why, ws, bad, "line %d: E3: side %d's melded cards "
                "count %ld; melded cards count a multiple of 5 from 15 (a "
                "meld of three 4s) to %d (the whole deck), or 0", L, side, m,
                value);
        if (nat < 0 || nat % 500 || mix < 0 || mix % 300 ||
            nat / 500 + mix / 300 > cmax)
            return cn_why(why, ws, bad, "line %d: S1: side %d's canastas "
                "score %ld and %ld; a natural canasta scores 500 and a mixed "
                "one 300, at most %d canastas in all", L, side, nat, mix,
                cmax);
        if ((nat || mix) && m == 0)
            return cn_why(why, ws, bad, "line %d: S1: side %d has canastas "
                "but no melded cards", L, side);
        int k = red ? red3_count_of(p, (int)(red < 0 ? -red : red)) : 0;
        if (red && (!k || red != red3_score(p, k, m > 0)))
            return cn_why(why, ws, bad, "line %d: R3: side %d's red threes "
                "score %ld; they score the R3 bonus of 1 to %d red threes, "
                "plus when the side melded and minus when it did not", L,
                side, red, 2 * p->packs);
        reds += k;
        if (reds > 2 * p->packs)
            return cn_why(why, ws, bad, "line %d: R3: the red threes scored "
                "add up to more than the %d of the deck", L, 2 * p->packs);
        int own = seat >= 0 && p->seat_side[seat] == side;
        int may = out && (own || p->lone_hand);
        if ((o != 0 && (!may || o != out)) || (own && o != out))
            return cn_why(why, ws, bad, "line %d: S2: side %d's going-out "
                "bonus is %ld; it is %d for the side of the seat that went "
                "out%s, 0 otherwise", L, side, o, out ? out : 100,
                out == 200 ? " concealed" : "");
        if (o && nat / 500 + mix / 300 < p->canastas_to_go_out)
            return cn_why(why, ws, bad, "line %d: G1: side %d went out with "
                "fewer than %d canasta%s", L, side,
                (int)p->canastas_to_go_out,
                p->canastas_to_go_out > 1 ? "s" : "");
        if (h > 0 || h % 5 || h < -value)
            return cn_why(why, ws, bad, "line %d: E3: side %d's cards left "
                "in hand count %ld; they count minus a multiple of 5, at most "
                "%d (the whole deck), or 0", L, side, h, value);
    }
    return CANASTA_OK;
}

/* ---- public scoring from parts ---- */

int cn_meld_class(int *meld_class, const cn_params *p, int rank,
                  int naturals, int twos, int jokers)
{
    /* No deck holds more than 255 of anything; the bound keeps the sums
     * below from overflowing. */
    if (rank < 3 || rank > 14 || naturals < 0 || twos < 0 || jokers < 0 ||
        naturals > 255 || twos > 255 || jokers > 255)
        return CANASTA_E_ARG;
    int w = twos + jokers, n = naturals + w;
    if (n == 0) {
        *meld_class = CANASTA_MELD_NONE;
        return CANASTA_OK;
    }
    if (rank == 3) { /* M6: black threes only, 3 or 4, no wild card */
        if (w > 0 || naturals < 3 || naturals > 4)
            return CANASTA_E_THREES;
    } else if ((naturals < 2 || w > 3) && /* M1 */
               !cn_merged_meld_ok(p->lone_hand, rank, naturals, w)) {
        /* X3: partners' melds merged by a lone hand's take keep every
         * card, up to six wild cards with at least four naturals. */
        return CANASTA_E_MELD;
    }
    if (n < 3)
        return CANASTA_E_MELD;
    const int kind = cn_rule_canasta_class(naturals, w);
    *meld_class = kind != CANASTA_MELD_NONE ? kind : CANASTA_MELD_OPEN;
    return CANASTA_OK;
}

CANASTA_API int canasta_meld_class(int *meld_class,
    const canasta_rules *rules, int rank, int naturals, int twos,
    int jokers)
{
    if (!meld_class || !rules)
        return CANASTA_E_NULL;
    return cn_meld_class(meld_class, &rules->p, rank, naturals, twos,
                         jokers);
}

CANASTA_API int canasta_score_side(int *items, size_t n_items,
    char *why, size_t why_size, const canasta_rules *rules,
    const int *melds, size_t n_melds, int red_threes,
    const uint8_t *hand, size_t n_hand, int went_out)
{
    if ((n_items && !items) || !rules || (n_melds && !melds) ||
        (n_hand && !hand))
        return CANASTA_E_NULL;
    const cn_params *p = &rules->p;
    const int bad = CANASTA_E_SCORE_INPUT;
    cn_side_parts x;
    memset(&x, 0, sizeof x);
    int used[CN_RANKS] = { 0 }, twos = 0, jokers = 0, canastas = 0;

    if (went_out < CANASTA_OUT_NONE || went_out > CANASTA_OUT_CONCEALED)
        return cn_why(why, why_size, bad, "S2: unknown going-out kind %d",
                      went_out);
    if (red_threes < 0 || red_threes > p->packs * 2)
        return cn_why(why, why_size, bad,
            "R3: a side can hold 0 to %d red threes, not %d",
            p->packs * 2, red_threes);
    if (n_melds > 12)
        return cn_why(why, why_size, bad, "M3: at most one meld per rank");
    for (size_t i = 0; i < n_melds; i++) {
        int r = melds[4 * i], n = melds[4 * i + 1];
        int t = melds[4 * i + 2], j = melds[4 * i + 3], cls;
        if (r < 3 || r > 14)
            return cn_why(why, why_size, bad,
                "M1: melds are of ranks 4 to ace (or black threes), not %d", r);
        if (used[r])
            return cn_why(why, why_size, bad,
                "M3: a side has only one meld of %s", cn_rank_plural(r));
        used[r] = 1;
        if (n < 0 || t < 0 || j < 0)
            return cn_why(why, why_size, bad, "meld counts cannot be negative");
        if (n > p->packs * 4 || t > p->packs * 4 || j > p->jokers)
            return cn_why(why, why_size, bad,
                "C2: %d packs hold at most %d %s, %d twos and %d jokers",
                p->packs, r == 3 ? p->packs * 2 : p->packs * 4,
                cn_rank_plural(r), p->packs * 4, p->jokers);
        if (n + t + j == 0)
            return cn_why(why, why_size, bad,
                "M1: the row for %s holds no cards; leave it out",
                cn_rank_plural(r));
        int rc = cn_meld_class(&cls, p, r, n, t, j);
        if (rc == CANASTA_E_THREES)
            return cn_why(why, why_size, bad,
                "M6: black threes meld only as 3 or 4 natural cards");
        if (rc)
            return cn_why(why, why_size, bad,
                "M1: %d natural %s with %d wild cards is not a legal meld",
                n, cn_rank_plural(r), t + j);
        if (r == 3 && went_out == CANASTA_OUT_NONE)
            return cn_why(why, why_size, bad,
                "M6: black threes are melded only by a player going out");
        x.naturals[r] = (uint8_t)n;
        x.twos[r] = (uint8_t)t;
        x.jokers[r] = (uint8_t)j;
        twos += t;
        jokers += j;
        canastas += cn_rule_canasta(n + t + j);
        x.n_melds++;
    }
    int in_hand[CANASTA_CARD_LIMIT] = { 0 };
    for (size_t i = 0; i < n_hand; i++) {
        int c = hand[i];
        if (!cn_valid_card(c))
            return cn_why(why, why_size, bad, "unknown card code %d", c);
        if (cn_is_red3(c))
            return cn_why(why, why_size, bad,
                "R1: a red three is never kept in a hand");
        in_hand[c]++;
        x.hand_value += cn_value(c);
    }
    /* More copies than the packs hold cannot have been dealt. */
    for (int r = 4; r <= 14; r++) {
        int held = in_hand[r * 4] + in_hand[r * 4 + 1] + in_hand[r * 4 + 2] +
                   in_hand[r * 4 + 3];
        if (x.naturals[r] + held > p->packs * 4)
            return cn_why(why, why_size, bad,
                "C2: %d packs hold only %d %s", p->packs, p->packs * 4,
                cn_rank_plural(r));
    }
    if (x.naturals[3] + in_hand[12] + in_hand[15] > p->packs * 2)
        return cn_why(why, why_size, bad, "C2: too many black threes");
    for (int c = 8; c < 60; c++)
        if (in_hand[c] > p->packs)
            return cn_why(why, why_size, bad, "C2: too many copies of one card");
    if (twos + in_hand[8] + in_hand[9] + in_hand[10] + in_hand[11] >
        p->packs * 4)
        return cn_why(why, why_size, bad, "C2: too many twos");
    if (jokers + in_hand[CANASTA_JOKER] > p->jokers)
        return cn_why(why, why_size, bad, "C2: the deck has only %d jokers",
                      p->jokers);
    if (went_out != CANASTA_OUT_NONE && canastas < p->canastas_to_go_out)
        return cn_why(why, why_size, bad,
            "G1: a side needs %d canasta%s to go out", p->canastas_to_go_out,
            p->canastas_to_go_out > 1 ? "s" : "");
    x.red_threes = red_threes;
    x.went_out = went_out;

    int all[CANASTA_SCORE_ITEMS];
    cn_score_parts(all, p, &x);
    for (size_t i = 0; i < n_items && i < CANASTA_SCORE_ITEMS; i++)
        items[i] = all[i];
    return CANASTA_OK;
}
