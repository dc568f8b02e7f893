/* player.h - the reference computer player's internals, shared by
 * player.c (choosing) and hint.c (saying why).  Not installed. */
#ifndef CANASTA_PLAYER_H
#define CANASTA_PLAYER_H

#include "internal.h"

#define CN_KNOBS 7 /* CANASTA_KNOB_TAKE_PILE .. CANASTA_KNOB_ASK */

struct canasta_player {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    int32_t knob[CN_KNOBS]; /* knob[k - 1] for CANASTA_KNOB_* k */
};

/* What one decision needs to know, read once from the seat's view. */
typedef struct cn_facts {
    const cn_state *st;     /* the seat's view (view.c), never the game */
    const int32_t *knob;
    int seat, side, opened;
    int nat[CN_RANKS];      /* naturals held by rank; nat[3]: black 3s */
    int wilds, hand_n;
    int hand_value;         /* points held; set in the answer phase only */
    uint8_t meld_size[CN_RANKS], meld_wild[CN_RANKS]; /* the side's */
    int canastas, needed;
    int top, frozen;        /* the pile's top card (0: empty) */
    int next, next_side, next_is_opponent, next_frozen;
    /* The play phase's going-out facts: costly, and needed only to score
     * a meld or the question, so computed on first use
     * (cn_facts_wants_out). */
    int out_known, can_go_out, wants_out;
} cn_facts;

void cn_facts_init(cn_facts *f, const cn_state *view, const int32_t *knob);
/* Whether the seat wants to go out now (and can_go_out), computed once. */
int cn_facts_wants_out(cn_facts *f);
/* How much the player wants legal move m (higher: more). */
long cn_score_move(cn_facts *f, const canasta_move *m);
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
