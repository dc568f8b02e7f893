/* player_score.c - the reference player's facts and scores: how much it
 * wants each legal move (docs/PLAYER.md, "Scoring every legal move"), and
 * the most a branch of the enumerator's candidates can score, by which
 * the decision (player.c) skips what cannot win. */
#include <string.h>
#include "player.h"

/* ---- the facts of one decision ---- */

/* Every field is written (no copy of a zero object first): the seat,
 * the facts the state keeps of the seat's hand and its side's melds, the
 * going-out facts still to be worked out, and what the phase's moves
 * need: the pile's top card for the draw, the next player for the
 * discards (0 in the other phases, which never read them). */
void cn_facts_init(cn_facts *f, const cn_state *v, const int32_t *knob)
{
    const cn_kept *k = &v->k;
    f->st = v;
    f->knob = knob;
    f->seat = v->cur;
    f->side = v->side_of[f->seat];
    f->opened = v->opened[f->side];
    f->nat = k->held[f->seat];
    f->twos = f->nat[2];
    f->jokers = f->nat[15];
    f->wilds = f->twos + f->jokers;
    f->hand_n = v->hand_n[f->seat];
    f->hand_value = k->hand_value[f->seat];
    f->meld_size = k->meld_size[f->side];
    f->meld_wild = k->meld_wild[f->side];
    f->canastas = k->canastas[f->side];
    f->needed = v->p.canastas_to_go_out;
    f->out_known = f->can_go_out = f->wants_out = 0;
    f->top = f->frozen = 0;
    f->next = f->next_side = f->next_is_opponent = f->next_frozen = 0;
    f->next_takes = 0;
    f->careful = 0;
    if (v->phase == CANASTA_PHASE_DRAW) {
        f->top = v->pile_n ? v->pile[v->pile_n - 1] : 0;
        f->frozen = cn_pile_frozen(v, f->side);
    } else if (v->phase == CANASTA_PHASE_PLAY) {
        /* The next player to move, and whether it plays for another
         * side. */
        const int after = f->seat + 1; /* 0 past the last seat: no test */
        f->next = after & -(int)(after < v->p.players);
        f->next_side = v->side_of[f->next];
        f->next_is_opponent = f->next_side != f->side;
        f->next_frozen = (cn_pile_flags(v, f->next_side) &
                          (CANASTA_PILE_FROZEN_MASK | CANASTA_PILE_EMPTY)) !=
                         0;
        /* the top card alone joins a meld of the next side's
         * (cn_rule_take_form with a meld; every meld holds naturals, M1) */
        f->next_takes = f->next_is_opponent &&
                                cn_rule_take_form(f->next_frozen, 1, 0, 0) ==
                                    CN_ALLOWED
                            ? k->melded[f->next_side] : 0;
        f->careful = f->next_is_opponent && v->pile_n >= 4 ? 20 : 0;
    }
}

/* can: whether the seat can go out, if already known (-1: not known). */
int cn_facts_out(cn_facts *f, int can)
{
    const cn_state *v = f->st;
    if (f->out_known || v->phase != CANASTA_PHASE_PLAY)
        return f->wants_out;
    f->out_known = 1;
    f->can_go_out = can >= 0 ? can : cn_facts_can_go_out(f);
    int want = f->knob[CANASTA_KNOB_GO_OUT - 1];
    /* Waiting for more canastas than the rules ask makes sense only while
     * the stock lasts. */
    int stock_low = v->stock_n <= 2 * v->p.players;
    f->wants_out = f->can_go_out &&
                   v->permission != CANASTA_PERMISSION_NO &&
                   (want == 0 || f->canastas >= want || stock_low);
    if (v->permission == CANASTA_PERMISSION_YES)
        f->wants_out = 1;
    return f->wants_out;
}

int cn_facts_can_go_out(const cn_facts *f)
{
    return cn_seat_out_kept(f->st, f->seat); /* the facts' own source */
}

int cn_facts_wants_out(cn_facts *f)
{
    return cn_facts_out(f, -1);
}

/* ---- scoring the moves ---- */

/* Whether the take-pile policy finds the pile worth taking now. */
int cn_take_worth(const cn_facts *f)
{
    return cn_take_worth_at(f->st, f->knob, f->opened);
}

long cn_take_score(const cn_facts *f, int used, int wilds)
{
    /* Fewer cards from the hand, and wild cards above all, kept. */
    long cost = 5L * used + 40L * wilds;
    if (!cn_take_worth(f))
        return 100 - cost; /* only when nothing else is legal (E1) */
    return 2000 + 10L * f->st->pile_n - cost;
}

long cn_meld_score(const cn_facts *f, const cn_meld_sum *s)
{
    int keep_pairs = f->knob[CANASTA_KNOB_KEEP_PAIRS - 1];
    int wild_policy = f->knob[CANASTA_KNOB_WILD_CARDS - 1];
    int after = f->hand_n - s->used;
    if (after < 2)
        return CN_NEVER; /* keep a card to hold after the discard
                          * (cn_rule_discard) */
    if (!f->opened) /* an opening: few wild cards, few cards */
        return 1500 - 40L * s->wilds - 3L * s->used;
    if (s->wilds > 0) {
        if (wild_policy == CANASTA_WILDS_SAVE)
            return CN_NEVER;
        if (s->completes)
            return 1600 - 10L * s->wilds;
        if (s->new_pair_wild && !keep_pairs)
            return 1200 - 40L * s->wilds;
        return CN_NEVER;
    }
    if (keep_pairs && s->pair_added && !s->completes)
        return CN_NEVER; /* the pair may take a frozen pile later
                          * (cn_rule_take_form) */
    return 1300 + 10L * s->used + 200L * s->completes;
}

long cn_out_meld_score(const cn_meld_sum *s, int still_out)
{
    /* Going out: meld as much as possible while the exit stays open. */
    if (!still_out)
        return CN_NEVER;
    return 3000 + 20L * s->used + 200L * s->completes;
}

int cn_cand_out_after(const cn_facts *f, const cn_cand *c)
{
    if (c->out_after)
        return 1;
    const cn_spec *g = &c->g[0];
    return c->n == 1 ? cn_out_after_group(f->st, f->seat, g->r, g->k, g->t,
                                          g->j)
                     : cn_out_after_groups(f->st, f->seat, c->n, c->g);
}

long cn_score_cand(cn_facts *f, const cn_cand *c)
{
    int exit;
    long s = cn_score_open(f, c, &exit);
    return exit && !cn_cand_out_after(f, c) ? CN_NEVER : s;
}

/* The candidate a legal move m is: its groups counted by kind. */
static void cand_of_move(cn_cand *c, const canasta_move *m)
{
    c->kind = m->kind;
    c->seat = m->seat;
    c->discard = m->kind == CANASTA_MOVE_DISCARD ? (uint8_t)cn_kind(m->card)
                                                 : 0;
    c->out_after = 0;
    c->used = c->wilds = 0;
    c->n = 0;
    if (m->kind != CANASTA_MOVE_MELD && m->kind != CANASTA_MOVE_TAKE_PILE)
        return;
    c->n = m->ngroups;
    for (int i = 0; i < m->ngroups; i++) {
        const canasta_group *grp = &m->groups[i];
        int twos = 0, jokers = 0;
        for (int j = 0; j < grp->count; j++) {
            twos += cn_kind(grp->cards[j]) == 2;
            jokers += grp->cards[j] == CANASTA_JOKER;
        }
        c->g[i].r = (int8_t)grp->rank;
        c->g[i].k = (int8_t)(grp->count - twos - jokers);
        c->g[i].t = (int8_t)twos;
        c->g[i].j = (int8_t)jokers;
        c->used += grp->count;
        c->wilds += twos + jokers;
    }
}

long cn_score_move(cn_facts *f, const canasta_move *m)
{
    cn_cand c;
    cand_of_move(&c, m);
    return cn_score_cand(f, &c);
}

/* The answer to the partner's question (G4). */
int cn_answer_yes(const cn_facts *f)
{
    int want = f->knob[CANASTA_KNOB_GO_OUT - 1];
    int yes = f->hand_value <= 100 &&
              (want == 0 || f->canastas >= want ||
               f->st->stock_n <= 2 * f->st->p.players);
    return yes || f->hand_value <= 30;
}
