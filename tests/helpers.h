/*
 * Test helpers: build games with a chosen deal, and moves from short text.
 * Card lists are written as in canasta_card_from_string, separated by
 * spaces: "7h 7s 2c Jk".  Groups of a move are separated by '|'; a group
 * may start with "R:" to name its rank explicitly (needed for a group of
 * wild cards only): "K: 2c | 7h 7s 7d".
 */
#ifndef CANASTA_TEST_HELPERS_H
#define CANASTA_TEST_HELPERS_H

#include <check.h>

/* Check's passing assertions each send their file and line to the runner
 * (_mark_point: one write system call apiece), so that a test that
 * crashes can be named with its last passing place.  The suite passes
 * about five million assertions, and those calls were nine tenths of its
 * run time, ten times more under valgrind and TSan.  Here a passing
 * assertion costs nothing; a failing one reports as before, and a crash
 * is still named by its test.  Build with -DTH_MARK_POINTS for Check's
 * last-place reports when hunting a crash. */
#ifndef TH_MARK_POINTS
#define _mark_point(file, line) ((void)0)
#endif
#include <string.h>
#include "canasta.h"

/* Parse a card list; returns the number of cards, aborts the test on a
 * parse error. */
size_t th_cards(uint8_t *out, size_t cap, const char *text);

/* canasta_meld_class under the rules of a preset (made and freed here). */
int th_meld_class(int *meld_class, int preset, int rank, int naturals,
                  int twos, int jokers);

/* A game of the given rules (NULL: the classic preset) whose first dealer
 * is `dealer` and whose first hand is dealt so that:
 *  - seat s holds hands[s] (a card list; missing cards are filled from
 *    the rest of the deck in a fixed order that avoids red threes, wild
 *    cards and black threes unless nothing else is left),
 *  - the upcard sequence is `upcards` (the first card is turned first; a
 *    wild/red-three upcard must be followed by the card that covers it;
 *    NULL or "" gives a plain 4c... filler card),
 *  - the stock, from the top, begins with `stock_top` (may be NULL).
 * Red threes placed in hands are laid out and replaced from the stock
 * top, as the engine does (C6).  Aborts the test on impossible specs. */
canasta_game *th_game(const canasta_rules *rules, int dealer,
                      const char *const hands[], const char *upcards,
                      const char *stock_top);

/* The side totals are set to totals[0..sides) as if earlier hands had
 * been played (for O1/S5/S6 tests); the current hand is re-dealt with the
 * same deck so the opening minimums follow. */
void th_set_totals(canasta_game *g, const int *totals);

/* Move builders: fill *m.  They do not validate. */
void th_move(canasta_move *m, int kind, int seat);
void th_discard(canasta_move *m, int seat, const char *card);
void th_meld(canasta_move *m, int seat, const char *groups);
/* groups: first group is the top card's meld (its rank is taken from the
 * pile top when the group has no "R:" prefix and no natural); may be "". */
void th_take(canasta_move *m, const canasta_game *g, int seat,
             const char *groups);

/* Apply and expect success / expect a given error.  On mismatch the test
 * fails and prints the engine's explanation. */
void th_ok(canasta_game *g, const canasta_move *m);
void th_err(canasta_game *g, const canasta_move *m, int expected_error);
/* As th_err, and also: the game is unchanged (compared with a clone taken
 * before) and the explanation starts with rule_id (e.g. "P4"). */
void th_reject(canasta_game *g, const canasta_move *m, int expected_error,
               const char *rule_id);
/* As th_reject, but the explanation may start with any of the
 * space-separated rule IDs in ids ("M1 M2"); ids NULL: with any rule ID (a
 * capital letter, digits, ':'), for refusals no single rule owns. */
void th_reject_ids(canasta_game *g, const canasta_move *m, int expected_error,
                   const char *ids);
/* As th_reject_ids, and the explanation is copied to why[0..cap). */
void th_reject_ids_why(char *why, size_t cap, canasta_game *g,
                       const canasta_move *m, int expected_error,
                       const char *ids);
/* Expect canasta_validate to accept m (the game is not changed). */
void th_expect_valid(const canasta_game *g, const canasta_move *m);

/* A classic game with dealer 3 (seat 0 moves first) dealt with th_game:
 * hands h0..h3, upcards `up`, stock top `stock`. */
canasta_game *th_deal(const char *h0, const char *h1, const char *h2,
                      const char *h3, const char *up, const char *stock);
/* A classic game dealt from seed (canasta_game_create, no crafting). */
canasta_game *th_new_game(uint64_t seed);

/* Shorthands that build + th_ok. */
void th_do_draw(canasta_game *g, int seat);
void th_do_discard(canasta_game *g, int seat, const char *card);
void th_do_meld(canasta_game *g, int seat, const char *groups);
void th_do_take(canasta_game *g, int seat, const char *groups);

/* Query shorthands: fail the test on an error status, quietly (QOK: no
 * Check call while they succeed, so that loops over many positions stay
 * cheap). */
int th_phase(const canasta_game *g);
int th_seat(const canasta_game *g);
int th_hand_size(const canasta_game *g, int seat);
int th_count_in_hand(const canasta_game *g, int seat, const char *card);
int th_pile_size(const canasta_game *g);
int th_stock_size(const canasta_game *g);
int th_total(const canasta_game *g, int side);
/* The code of one card written as in th_cards ("7h"). */
int th_card(const char *text);
/* The top card of the discard pile (CANASTA_CARD_NONE when empty). */
int th_pile_top(const canasta_game *g);
/* canasta_game_pile_status for side: CANASTA_PILE_* bits. */
int th_pile_status(const canasta_game *g, int side);
/* How many red threes the seat has laid out. */
int th_red_three_count(const canasta_game *g, int seat);
/* The number of naturals in the side's meld of rank. */
int th_meld_naturals(const canasta_game *g, int side, int rank);
/* 1 when the side has made its opening meld, else 0. */
int th_opened(const canasta_game *g, int side);
/* Phase DRAW, PLAY or ANSWER: a hand is being played (no Check calls). */
int th_phase_in_play(int phase);
/* th_phase_in_play of the game's phase. */
int th_in_play(const canasta_game *g);
/* canasta_game_seat_side, canasta_game_option, canasta_game_permission
 * and canasta_game_lone_hand as plain values. */
int th_seat_side(const canasta_game *g, int seat);
int th_option(const canasta_game *g, int option);
int th_permission(const canasta_game *g);
int th_lone_hand(const canasta_game *g);

/* Expectations (fail the test on a mismatch). */
/* The side's meld of rank holds n naturals, t twos and j jokers. */
void th_expect_meld(const canasta_game *g, int side, int rank, int n, int t,
                    int j);
/* canasta_game_hand_score of side, item by item (CANASTA_SCORE_*). */
void th_expect_items(const canasta_game *g, int side, int melded,
                     int natural, int mixed, int red, int out, int in_hand,
                     int total);
/* canasta_game_hand_end gives how and seat. */
void th_expect_end(const canasta_game *g, int how, int seat);

/* V1: a card's points, written out from RULES.md (never the engine's
 * table); aborts the test on a code that is no card.  No Check calls
 * otherwise (used after every move of random play). */
int th_card_value(int card);
/* Sum of th_card_value over the cards the seat holds. */
int th_held_value(const canasta_game *g, int seat);

/* It is seat's turn; it draws the next stock card (known to be `card`)
 * and discards it again, so its hand is unchanged. */
void th_pass_turn(canasta_game *g, int seat, const char *card);

/* Play the seat's turns "draw then discard the card drawn" round the table
 * until the stock holds `left` cards (red threes drawn are laid out by the
 * engine).  Requires every player to be able to do so. */
void th_drain_stock(canasta_game *g, int left);

/* Check that every card of the deck is somewhere (hands, melds, pile,
 * stock, red threes) exactly as often as the deck holds it. */
void th_assert_cards_accounted(const canasta_game *g);

/* n scaled by the environment variable CANASTA_TEST_SCALE, a whole
 * percentage from 1 to 10000 (100 when unset or empty): n * scale / 100,
 * but at least `least` (the fewest runs the test's own checks need, such
 * as "some hand went out"; 1 or more).  The long random-play tests size
 * their loops with it so that slow runs (valgrind, sanitizers) can play
 * fewer games; see mk/sanitize.mk.  Any other value stops the run with a
 * message, since a typo must not silently change what runs.  No Check
 * calls. */
int th_scaled(int n, int least);

/* splitmix64: a seeded generator (never rand()), so that random play is
 * the same on every run.  Seed by setting .state. */
typedef struct {
    uint64_t state;
} th_sm64;
uint64_t th_sm64_next(th_sm64 *r);
/* A number in [0, n), n > 0. */
size_t th_sm64_below(th_sm64 *r, size_t n);

/* A growing buffer of legal moves; start from { NULL, 0, 0 }, free(v). */
typedef struct {
    canasta_move *v;
    size_t cap;
    size_t n;
} th_movelist;
/* Fill ml with canasta_legal_moves of g, growing it as needed (Check is
 * called only on a failure: random play lists after every move). */
void th_list_moves(th_movelist *ml, const canasta_game *g);

/* Quiet assertions for loops: a passing ck_assert is recorded by Check
 * (slow in long loops); these only act on failure. */
#define REQ(c)                                                             \
    do {                                                                   \
        if (!(c))                                                          \
            ck_abort_msg("%s:%d: failed: %s", __FILE__, __LINE__, #c);     \
    } while (0)
#define REQ_MSG(c, ...)                                                    \
    do {                                                                   \
        if (!(c))                                                          \
            ck_abort_msg(__VA_ARGS__);                                     \
    } while (0)
/* Quiet comparisons in the same spirit, printing both values. */
#define QCMP(a, op, b)                                                     \
    do {                                                                   \
        long long qa_ = (long long)(a), qb_ = (long long)(b);              \
        if (!(qa_ op qb_))                                                 \
            ck_abort_msg("%s:%d: %s %s %s (%lld, %lld)", __FILE__,         \
                         __LINE__, #a, #op, #b, qa_, qb_);                 \
    } while (0)
#define QEQ(a, b) QCMP(a, ==, b)
#define QGT(a, b) QCMP(a, >, b)
#define QGE(a, b) QCMP(a, >=, b)
#define QLT(a, b) QCMP(a, <, b)
#define QLE(a, b) QCMP(a, <=, b)
#define QNE(a, b) QCMP(a, !=, b)
#define QNULL(p) REQ((p) == NULL)
#define QNONNULL(p) REQ((p) != NULL)
#define QSTR(a, b)                                                         \
    do {                                                                   \
        const char *qa_ = (a), *qb_ = (b);                                 \
        if (strcmp(qa_, qb_) != 0)                                         \
            ck_abort_msg("%s:%d: %s == %s (\"%s\", \"%s\")", __FILE__,    \
                         __LINE__, #a, #b, qa_, qb_);                      \
    } while (0)
/* A library call that must return `want`; names both otherwise. */
#define REQ_RC(call, want)                                                 \
    do {                                                                   \
        int rc_ = (call);                                                  \
        if (rc_ != (want))                                                 \
            ck_abort_msg("%s:%d: %s gave %s, expected %s", __FILE__,       \
                         __LINE__, #call, canasta_error_name(rc_),         \
                         canasta_error_name(want));                        \
    } while (0)
/* A library call that must succeed; names the error otherwise. */
#define QOK(call)                                                          \
    do {                                                                   \
        int qrc_ = (call);                                                 \
        if (qrc_ != CANASTA_OK)                                            \
            ck_abort_msg("%s:%d: %s: %s", __FILE__, __LINE__, #call,       \
                         canasta_error_name(qrc_));                        \
    } while (0)

/* A classic game from a position written line by line:
 * "canasta-position 1", "seed 7", header (header tags such as option
 * lines, each ending in "\n"; may be NULL), then lines[0..n).  The cards
 * of the deck no line places are appended to the "stock" line, below the
 * cards it names, so each card is placed as often as the deck holds it.
 * th_position_text returns the text (free it); th_position_game loads it
 * (the test fails if it is refused). */
char *th_position_text(const char *header, const char *const *lines,
                       size_t n);
canasta_game *th_position_game(const char *header, const char *const *lines,
                               size_t n);

/* canasta_game_equal of a and b (1 or 0); fails the test on an error. */
int th_games_equal(const canasta_game *a, const canasta_game *b);

/* Games that differ only in cards hidden from one seat (RULES.md A1).
 * Follow a hand from its start for a viewer; th_hidden_twin then builds
 * the hand's start re-dealt (canasta_game_set_deck) from a deck whose
 * positions the viewer has not seen are permuted, followed by the same
 * moves.  Fixed positions: those dealt to or drawn by the viewer, the
 * upcards and the deal's replacements, every red three (laid out in
 * public) and, for every card another seat melds or discards, one
 * position of that card the other seat was dealt or drew.  A move that
 * depends on another seat's hidden cards (asking, G4) may become illegal
 * in the twin: th_hidden_twin then returns NULL.  No Check calls unless
 * something fails. */
#define TH_MAX_DECK 162
typedef struct th_hidden {
    int viewer;
    size_t deck_n, consumed;
    uint8_t deck[TH_MAX_DECK];
    int owner[TH_MAX_DECK];   /* seat dealt or drawn; -1 stock; -2 other */
    uint8_t fixed[TH_MAX_DECK];
} th_hidden;
/* g is at the start of a dealt hand. */
void th_hidden_start(th_hidden *t, const canasta_game *g, int viewer);
/* m was just applied to g. */
void th_hidden_move(th_hidden *t, const canasta_game *g,
                    const canasta_move *m);
/* The twin of the game of hand start `start` plus moves[0..n), with the
 * free positions of t permuted by r; NULL when a move became illegal.
 * *n_free: how many positions were free. */
canasta_game *th_hidden_twin(const canasta_game *start,
                             const canasta_move *moves, size_t n,
                             const th_hidden *t, th_sm64 *r, size_t *n_free);

/* What th_hidden_twin needs for every seat, kept up to date move by move
 * through a game: the current hand's start, its moves so far, and each
 * seat's th_hidden. */
#define TH_MAX_SEATS 6
typedef struct th_hand_log {
    canasta_game *start;
    canasta_move *moves;
    size_t n, cap;
    int players;
    th_hidden seat[TH_MAX_SEATS];
} th_hand_log;
/* g is at the start of a dealt hand (a new game). */
void th_hand_log_start(th_hand_log *h, const canasta_game *g);
/* m was just applied to g; a NEXT_HAND starts the log again. */
void th_hand_log_move(th_hand_log *h, const canasta_game *g,
                      const canasta_move *m);
void th_hand_log_free(th_hand_log *h);

#endif
