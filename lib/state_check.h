/* state_check.h - cn_state_check: a game state as a whole, held to what
 * play can reach (docs/NOTATION.md, "Positions", says which positions
 * play reaches).  The position reader runs it on every position it reads;
 * checked builds (-DCN_CHECKED=1) also run it after every move, undo and
 * deal.  Not installed. */
#ifndef CANASTA_STATE_CHECK_H
#define CANASTA_STATE_CHECK_H

#include "internal.h"

/* The keyed lines of a position, one each (position_read.c's names). */
enum {
    CN_K_HAND_NUMBER, CN_K_DEALER, CN_K_PHASE, CN_K_TURN, CN_K_SOURCE,
    CN_K_MELDS_THIS_TURN, CN_K_TAKE_EXTRA, CN_K_PERMISSION,
    CN_K_MELDED_BEFORE, CN_K_NEW_MELDS, CN_K_SEAT_MELDED, CN_K_TOTALS,
    CN_K_LAST_HAND, CN_K_OPENED, CN_K_STOCK, CN_K_PILE, CN_K_COUNT
};

/* For a state read from a position: the line that gave each value (so
 * that a sentence names it), and which last-score lines were given. */
typedef struct cn_state_lines {
    int key[CN_K_COUNT];
    int hand[CN_MAX_PLAYERS];
    int score[CN_MAX_SIDES];          /* 0: no last-score line for it */
    int meld[CN_MAX_SIDES][CN_RANKS];
    int added;                        /* added-to-earlier-melds */
    int lone;
    int end;                          /* blamed for a line not given */
} cn_state_lines;

/* What cn_state_check holds the state to. */
enum {
    /* Everything a move can change: the cards (C2), the pile (P3, C5,
     * R1), the table (O1, M1, M6, X3), the turn so far (T1, P1, G3, G4),
     * how the last hand ended (E1, E2, G1-G3, E3), the hand sizes play
     * bounds (C4, O3), S6 after a hand, and the derived values (the
     * current seat, the winner, the hand's start against its totals). */
    CN_CHECK_PLAY = 1,
    /* The values the hand began from (S5: hand number, start totals, the
     * hand before, item by item) and S6 before play.  No move changes
     * them; the texts that carry them check them. */
    CN_CHECK_START = 2,
    CN_CHECK_ALL = 3
};

/* CANASTA_OK, or the first thing wrong (E_INVALID, or E_SYNTAX for a
 * last-score line a position lacks) with its sentence in why.  With
 * lines, the sentence begins "line N: " and names the line of a position
 * (the messages of docs/NOTATION.md); without (NULL), it names no line
 * and the last-score lines count as given when a hand has ended. */
int cn_state_check(const cn_state *st, int what, const cn_state_lines *lines,
                   char *why, size_t ws);

/* Checked builds: cn_state_check(st, CN_CHECK_PLAY) after a change made
 * at file:line, aborting with the sentence when it fails.  The hand's
 * start values are left out because the tests set up hands no game can
 * reach (tests/helpers.c, th_set_totals: totals past the target). */
#if defined(CN_CHECKED) && CN_CHECKED
void cn_state_assert(const cn_state *st, const char *file, int line);
#define CN_STATE_CHECKED(st) cn_state_assert((st), __FILE__, __LINE__)
#else
#define CN_STATE_CHECKED(st) ((void)0)
#endif

#endif
