/* player.h - the reference computer player's internals, shared by
 * player.c (choosing) and hint.c (saying why).  Not installed. */
#ifndef CANASTA_PLAYER_H
#define CANASTA_PLAYER_H

#include <limits.h>
#include "internal.h"
#include "rulebook.h"
#include "rng.h"

#define CN_KNOBS 7 /* CANASTA_KNOB_TAKE_PILE .. CANASTA_KNOB_ASK */

struct canasta_player {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    int32_t knob[CN_KNOBS]; /* knob[k - 1] for CANASTA_KNOB_* k */
};

/* What one decision needs to know, read once: mostly the facts the state
 * keeps (cn_kept), pointed at rather than counted again.  st is the game
 * itself (player_fast.c, nearly every decision) or the seat's blank view
 * (the full list): either way only what the seat may see is read through it
 * (RULES.md A1): its own hand, the melds, the pile, the red threes, the
 * sizes of hands and stock, totals and turn state -- never another hand,
 * the stock's cards, the deck or the seed.  The hidden-card permutation
 * tests of tests/test_player.c hold every reader to that. */
typedef struct cn_facts {
    const cn_state *st;     /* the game or the seat's view: see above */
    const int32_t *knob;
    int seat, side, opened;
    /* The seat's hand by kind (cn_kept.held): nat[r] naturals of rank r,
     * nat[3] black threes, nat[2] twos, nat[15] jokers. */
    const uint8_t *nat;
    int twos, jokers, wilds, hand_n;
    int hand_value;         /* points held (V1) */
    const uint8_t *meld_size, *meld_wild; /* the side's, by rank (cn_kept) */
    int canastas, needed;
    int top, frozen;        /* the pile's top card (0: empty) */
    int next, next_side, next_is_opponent, next_frozen;
    /* The play phase's going-out facts: costly, and needed only to score
     * a meld or the question, so computed on first use
     * (cn_facts_wants_out). */
    int out_known, can_go_out, wants_out;
} cn_facts;

void cn_facts_init(cn_facts *f, const cn_state *view, const int32_t *knob);
/* Whether the seat can go out now (cn_seat_can_go_out from the facts). */
int cn_facts_can_go_out(const cn_facts *f);
/* Whether the seat wants to go out now (and can_go_out), computed once. */
int cn_facts_wants_out(cn_facts *f);
/* The same when whether the seat can go out is known already (can: 1 or
 * 0; -1 when not known). */
int cn_facts_out(cn_facts *f, int can);
/* How much the player wants legal move m (higher: more). */
long cn_score_move(cn_facts *f, const canasta_move *m);

/* The score of a legal move the player does not want: below every
 * discard, so that it is chosen only when nothing else is legal. */
#define CN_NEVER (-1000000L)

/* A meld move summed over its groups, as cn_meld_score weighs it. */
typedef struct cn_meld_sum {
    int used, wilds;    /* cards from the hand; wild cards among them */
    int completes;      /* groups that make their meld a canasta */
    int new_pair_wild;  /* new melds of a natural pair and wild cards */
    int pair_added;     /* the last natural pair of a rank onto its meld */
} cn_meld_sum;

/* The score of a meld with sum s, unless the seat wants to go out (see
 * cn_out_meld_score). */
long cn_meld_score(const cn_facts *f, const cn_meld_sum *s);
/* For a seat of an opened side that does not want to go out: the fewest
 * cards from the hand (used) a single group of k naturals and at least one
 * wild card, laid on the side's meld of that rank of `size` cards (0: a
 * new meld), must hold before cn_meld_score can score it above CN_NEVER
 * (INT_MAX: never), when it leaves two cards or more.  The walk counts the
 * groups below it without scoring them. */
static inline int cn_meld_wild_floor(const cn_facts *f, int size, int k)
{
    /* Read with cn_meld_score (player.c): a group with wild cards scores
     * only when it completes a canasta or, with pairs not kept, lays a new
     * natural pair with them.  Inline: the walk asks it for every row. */
    if (f->knob[CANASTA_KNOB_WILD_CARDS - 1] == CANASTA_WILDS_SAVE)
        return INT_MAX;
    if (size == 0 && k == 2 && !f->knob[CANASTA_KNOB_KEEP_PAIRS - 1])
        return 0;
    return size < 7 ? 7 - size : INT_MAX;
}
/* Whether the take-pile knobs find the pile worth taking now. */
int cn_take_worth(const cn_facts *f);
/* The score of taking the pile with `used` cards from the hand, `wilds`
 * of them wild. */
long cn_take_score(const cn_facts *f, int used, int wilds);
/* The answer to the partner's "may I go out?" (G4): 1 for yes. */
int cn_answer_yes(const cn_facts *f);
/* The score of a meld with sum s for a seat that wants to go out:
 * still_out says whether it could still go out after the meld. */
long cn_out_meld_score(const cn_meld_sum *s, int still_out);
/* The most a discard can score (cn_discard_score: a lone black three
 * under SAFE, 400 + 30).  Every wanted meld scores more, so once one is
 * found the discards, listed last, cannot win. */
#define CN_DISCARD_MAX 430L

/* How much the seat would rather throw card c (higher: sooner).  Here,
 * inline, because the fast path asks it for every kind of card held;
 * written with selects rather than tests, since the hand's counts are
 * unpredictable. */
static inline long cn_discard_score(const cn_facts *f, int c)
{
    const cn_state *v = f->st;
    if (cn_is_wild(c))
        return 1; /* a wild card is worth more in hand than anything */
    const int r = cn_rank(c), b3 = cn_is_black3(c);
    const int held = f->nat[r]; /* nat[3]: the black threes */
    const long value = cn_value(c);
    long s;
    switch (f->knob[CANASTA_KNOB_DISCARD - 1]) {
    case CANASTA_DISCARD_LOW:
        s = 200 - 4 * value;
        break;
    case CANASTA_DISCARD_HIGH:
        s = 100 + 4 * value;
        break;
    default: { /* SAFE */
        /* the top card alone would take the pile for the next side (its
         * meld: cn_rule_take_form); else, a pile worth having: be
         * careful */
        const int joins =
            f->next_is_opponent &
            (cn_rule_take_form(f->next_frozen,
                               v->melds[f->next_side][r].naturals > 0, 0,
                               0) == CN_ALLOWED);
        const long careful = (f->next_is_opponent & (v->pile_n >= 4)) ? 20
                                                                       : 0;
        /* a black three on top stops the next player taking the pile
         * (cn_rule_pile) */
        s = b3 ? 400 : 200 - 2 * value - (joins ? 150 : careful);
        break;
    }
    }
    /* Keep pairs and sets together: a single card goes first. */
    s += held == 1 ? 30 : held == 2 ? -10 : 0;
    /* A card of a rank the side has melded can join the meld later. */
    s -= ((b3 == 0) & (f->meld_size[r] > 0)) ? 40 : 0;
    return s > 2 ? s : 2; /* still above any wild card */
}


/* Ties between equal scores: a seeded hash of the move's place in the
 * list of legal moves (legal.c's order). */
static inline uint64_t cn_player_tie(uint64_t seed, uint64_t index)
{
    /* Two splitmix64 steps, the seed mixed in between. */
    return cn_mix64((cn_mix64(index + CN_GOLDEN_GAMMA) ^ seed) +
                    CN_GOLDEN_GAMMA);
}

/* The decision from the hand's counts, without listing the legal moves
 * (player_fast.c): 1 with *move set, or 0 when this decision needs the
 * full list (see player_fast.c for which).  The caller fills f first with
 * cn_facts_init on the game.  With walked, every legal move is walked
 * (none skipped because it cannot win) and *walked is their number, for
 * the tests to compare with the legal moves. */
int cn_player_fast(canasta_move *move, cn_facts *f, uint64_t seed,
                   uint64_t *walked);
/* Choose for the seat to move: view and f are filled in (the caller's
 * storage, so that hint.c can explain the choice from the same facts). */
int cn_player_decide(canasta_move *move, cn_facts *f, cn_state *view,
                     const canasta_player *player, const canasta_game *game,
                     uint64_t seed);
/* The same with shortcuts 0: every legal move listed and scored, never a
 * shortcut (the tests compare the two). */
int cn_player_decide_how(canasta_move *move, cn_facts *f, cn_state *view,
                         const canasta_player *player,
                         const canasta_game *game, uint64_t seed,
                         int shortcuts);

#endif
