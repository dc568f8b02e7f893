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
#include "canasta.h"

/* Parse a card list; returns the number of cards, aborts the test on a
 * parse error. */
size_t th_cards(uint8_t *out, size_t cap, const char *text);

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

/* Shorthands that build + th_ok. */
void th_do_draw(canasta_game *g, int seat);
void th_do_discard(canasta_game *g, int seat, const char *card);
void th_do_meld(canasta_game *g, int seat, const char *groups);
void th_do_take(canasta_game *g, int seat, const char *groups);

/* Query shorthands (fail the test on an error status). */
int th_phase(const canasta_game *g);
int th_seat(const canasta_game *g);
int th_hand_size(const canasta_game *g, int seat);
int th_count_in_hand(const canasta_game *g, int seat, const char *card);
int th_pile_size(const canasta_game *g);
int th_stock_size(const canasta_game *g);
int th_total(const canasta_game *g, int side);

/* Play the seat's turns "draw then discard the card drawn" round the table
 * until the stock holds `left` cards (red threes drawn are laid out by the
 * engine).  Requires every player to be able to do so. */
void th_drain_stock(canasta_game *g, int left);

/* Check that every card of the deck is somewhere (hands, melds, pile,
 * stock, red threes) exactly as often as the deck holds it. */
void th_assert_cards_accounted(const canasta_game *g);

#endif
