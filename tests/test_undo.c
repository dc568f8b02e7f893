/*
 * A3: undo, clone, copy and equality; and the promise of canasta_apply that
 * a refused move leaves the game exactly as it was.
 *
 * Positions come from seeded random play (the splitmix64 generator of
 * helpers.h, never rand()) plus one hand-made going-out script.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define NSEATS 4

/* ---------------------------------------------------------------- */
/* Random moves and comparisons                                       */
/* ---------------------------------------------------------------- */

/* Picks a random legal move (it must exist). */
static canasta_move random_move(const canasta_game *g, th_movelist *ml,
                                th_sm64 *r)
{
    th_list_moves(ml, g);
    ck_assert_uint_gt(ml->n, 0);
    return ml->v[th_sm64_below(r, ml->n)];
}

static int equal(const canasta_game *a, const canasta_game *b)
{
    int eq = -1;
    ck_assert_int_eq(canasta_game_equal(&eq, a, b), CANASTA_OK);
    ck_assert(eq == 0 || eq == 1);
    return eq;
}

/* ---------------------------------------------------------------- */
/* Undo                                                               */
/* ---------------------------------------------------------------- */

#define WALK_MAX 120

/* A3: undo after several moves walks back through exactly the states seen
 * before each move, down to the hand's start; then E_NO_UNDO. */
START_TEST(test_A3_undo_walks_back_through_every_state)
{
    int k;
    th_movelist ml = { NULL, 0, 0 };
    for (k = 0; k < 12; k++) {
        canasta_game *g = th_new_game(UINT64_C(4242) + (uint64_t)k);
        canasta_game *before[WALK_MAX];
        canasta_move played[WALK_MAX];
        th_sm64 r;
        int n = 0, i;
        r.state = UINT64_C(99) + (uint64_t)k;
        /* Up to WALK_MAX moves, stopping at the end of the hand (the
         * move that ends it is included and undone too). */
        while (n < WALK_MAX && th_in_play(g)) {
            ck_assert_int_eq(canasta_game_clone(&before[n], g), CANASTA_OK);
            played[n] = random_move(g, &ml, &r);
            th_ok(g, &played[n]);
            /* every move changes the state */
            ck_assert_int_eq(equal(g, before[n]), 0);
            n++;
        }
        ck_assert_int_gt(n, 10);
        for (i = n - 1; i >= 0; i--) {
            ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
            ck_assert_msg(equal(g, before[i]) == 1,
                          "seed %d: undo %d does not restore the state", k,
                          n - i);
        }
        /* At the hand's start: nothing more to undo, nothing changes. */
        ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
        ck_assert_int_eq(equal(g, before[0]), 1);
        /* Redo the same moves: the same states again (undo did not leave
         * anything behind, e.g. a stale history entry). */
        for (i = 0; i < n; i++) {
            ck_assert_int_eq(equal(g, before[i]), 1);
            th_ok(g, &played[i]);
        }
        for (i = 0; i < n; i++)
            canasta_game_free(before[i]);
        canasta_game_free(g);
    }
    free(ml.v);
}
END_TEST

/* A3: a fresh game has nothing to undo. */
START_TEST(test_A3_undo_at_hand_start_refused)
{
    canasta_game *g = th_new_game(7);
    canasta_game *c = NULL;
    ck_assert_int_eq(canasta_game_clone(&c, g), CANASTA_OK);
    ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
    ck_assert_int_eq(equal(g, c), 1);
    ck_assert_int_eq(canasta_undo(NULL), CANASTA_E_NULL);
    canasta_game_free(c);
    canasta_game_free(g);
}
END_TEST

/* Seat 3 deals; seat 0 opens with K K K + Q Q Q, then completes the kings
 * and keeps 9c; the final discard of 9c (not played here) goes out. */
static canasta_game *about_to_go_out(void)
{
    const char *hands[NSEATS] = { "Kh Kd Kc Ks Kh Kd Kc Qh Qd Qc 9c", "", "",
                                  "" };
    canasta_game *g = th_game(NULL, 3, hands, "Js", "9d 4h 6h 8h Qs");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kh Kd Kc | Qh Qd Qc");
    th_do_discard(g, 0, "9d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "4h");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "6h");
    th_do_draw(g, 3);
    th_do_discard(g, 3, "8h");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ks Kh Kd Kc | Qs");
    return g;
}

/* A3: undoing the move that ended the hand brings play and the totals
 * back; after NEXT_HAND there is nothing to undo. */
START_TEST(test_A3_undo_after_hand_end_restores_play_and_totals)
{
    canasta_game *g = about_to_go_out();
    canasta_game *before = NULL, *after = NULL;
    canasta_move m;
    int t0, t1;
    ck_assert_int_eq(th_total(g, 0), 0);
    ck_assert_int_eq(th_total(g, 1), 0);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    t0 = th_total(g, 0);
    t1 = th_total(g, 1);
    /* 110 melded + 500 + 100 minus the partner's hand (11 cards, at most
     * 11 x 20 from the filler) is positive; side 1 only holds cards. */
    ck_assert_int_gt(t0, 0);
    ck_assert_int_lt(t1, 0);
    ck_assert_int_eq(canasta_game_clone(&after, g), CANASTA_OK);

    ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
    ck_assert_int_eq(equal(g, before), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_total(g, 0), 0);
    ck_assert_int_eq(th_total(g, 1), 0);

    /* Going out again gives the very same finished hand. */
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(equal(g, after), 1);
    ck_assert_int_eq(th_total(g, 0), t0);

    /* DECISIONS 14: the new hand starts a new undo history. */
    th_move(&m, CANASTA_MOVE_NEXT_HAND, th_seat(g));
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    canasta_game_free(after);
    ck_assert_int_eq(canasta_game_clone(&after, g), CANASTA_OK);
    ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
    ck_assert_int_eq(equal(g, after), 1);
    ck_assert_int_eq(th_total(g, 0), t0);
    ck_assert_int_eq(th_total(g, 1), t1);
    canasta_game_free(before);
    canasta_game_free(after);
    canasta_game_free(g);
}
END_TEST

/* A3: the move that ends the whole game (S6) can be taken back as well:
 * the game is in play again with the totals from before the hand. */
START_TEST(test_A3_undo_after_game_over)
{
    static const int totals[2] = { 4990, 0 };
    const char *hands[NSEATS] = { "Kh Kd Kc Ks Kh Kd Kc 5h 5d 5c 5s", "", "",
                                  "" };
    canasta_game *g = th_game(NULL, 3, hands, "Js", "5h");
    canasta_game *before = NULL, *after = NULL;
    canasta_move m;
    int w = -1;
    th_set_totals(g, totals);
    th_do_draw(g, 0);
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    /* concealed exit (G3: no minimum after a stock draw): 70 + 25 + 500 +
     * 200 minus at most 11 x 50 in the partner's hand: past 5000 */
    th_do_meld(g, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s 5h");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_OK);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(canasta_game_clone(&after, g), CANASTA_OK);
    ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
    ck_assert_int_eq(equal(g, before), 1);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_total(g, 0), 4990);
    ck_assert_int_eq(th_total(g, 1), 0);
    ck_assert_int_eq(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    th_meld(&m, 0, "Kh Kd Kc Ks Kh Kd Kc | 5h 5d 5c 5s 5h");
    th_ok(g, &m);
    ck_assert_int_eq(equal(g, after), 1);
    canasta_game_free(before);
    canasta_game_free(after);
    canasta_game_free(g);
}
END_TEST

/* A3 on random hands: play each hand to its end, undo the last move (play
 * is back, totals as before the hand), replay it, start the next hand:
 * E_NO_UNDO; moves of the new hand undo normally again. */
START_TEST(test_A3_undo_hand_end_in_random_games)
{
    th_movelist ml = { NULL, 0, 0 };
    int k;
    for (k = 0; k < 10; k++) {
        canasta_game *g = th_new_game(UINT64_C(31337) + (uint64_t)k);
        th_sm64 r;
        int hand;
        r.state = (uint64_t)k * 1000003u + 1u;
        for (hand = 0; hand < 2; hand++) {
            canasta_game *before = NULL, *after = NULL;
            canasta_move last;
            int t0 = th_total(g, 0), t1 = th_total(g, 1);
            for (;;) {
                canasta_move m = random_move(g, &ml, &r);
                canasta_game_free(before);
                ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
                th_ok(g, &m);
                last = m;
                if (!th_in_play(g))
                    break;
            }
            ck_assert_int_eq(canasta_game_clone(&after, g), CANASTA_OK);
            ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
            ck_assert_int_eq(equal(g, before), 1);
            ck_assert(th_in_play(g));
            ck_assert_int_eq(th_total(g, 0), t0);
            ck_assert_int_eq(th_total(g, 1), t1);
            th_ok(g, &last);
            ck_assert_int_eq(equal(g, after), 1);
            canasta_game_free(before);
            if (th_phase(g) == CANASTA_PHASE_GAME_OVER) {
                canasta_game_free(after);
                break;
            }
            /* DECISIONS 14: NEXT_HAND starts a new history. */
            {
                canasta_move nh;
                canasta_game *fresh = NULL;
                th_move(&nh, CANASTA_MOVE_NEXT_HAND, th_seat(g));
                th_ok(g, &nh);
                ck_assert_int_eq(canasta_game_clone(&fresh, g), CANASTA_OK);
                ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
                ck_assert_int_eq(equal(g, fresh), 1);
                ck_assert_int_eq(th_total(g, 0), th_total(after, 0));
                /* a move of the new hand undoes back to its start */
                nh = random_move(g, &ml, &r);
                th_ok(g, &nh);
                ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
                ck_assert_int_eq(equal(g, fresh), 1);
                ck_assert_int_eq(canasta_undo(g), CANASTA_E_NO_UNDO);
                canasta_game_free(fresh);
            }
            canasta_game_free(after);
        }
        canasta_game_free(g);
    }
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Clone, copy, equal                                                 */
/* ---------------------------------------------------------------- */

/* Plays n random moves (or fewer if the game ends). */
static void advance(canasta_game *g, th_movelist *ml, th_sm64 *r, int n)
{
    while (n-- > 0) {
        canasta_move m;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
            return;
        m = random_move(g, ml, r);
        th_ok(g, &m);
    }
}

/* A3: a clone equals its original, evolves identically under the same
 * moves (including undo), and is independent of it. */
START_TEST(test_A3_clone_equal_and_independent)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    canasta_game *g = th_new_game(2024), *c = NULL, *c2 = NULL;
    int step;
    r.state = 5;
    advance(g, &ml, &r, 23);
    ck_assert_int_eq(canasta_game_clone(&c, g), CANASTA_OK);
    ck_assert_int_eq(equal(g, c), 1);
    for (step = 0; step < 150; step++) {
        canasta_move m;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
            break;
        m = random_move(g, &ml, &r);
        th_ok(g, &m);
        th_ok(c, &m);
        ck_assert_int_eq(equal(g, c), 1);
        if (step % 17 == 16 && th_in_play(g)) {
            int u1 = canasta_undo(g), u2 = canasta_undo(c);
            ck_assert_int_eq(u1, u2);
            ck_assert_int_eq(equal(g, c), 1);
        }
    }
    /* Independence: a move on the clone only leaves the original alone. */
    ck_assert_int_eq(canasta_game_clone(&c2, g), CANASTA_OK);
    if (th_phase(c) != CANASTA_PHASE_GAME_OVER) {
        canasta_move m = random_move(c, &ml, &r);
        th_ok(c, &m);
        ck_assert_int_eq(equal(g, c), 0);
        ck_assert_int_eq(equal(g, c2), 1);
        /* and undo on the clone brings them together again */
        ck_assert_int_eq(canasta_undo(c), CANASTA_OK);
        ck_assert_int_eq(equal(g, c), 1);
    }
    canasta_game_free(c2);
    canasta_game_free(c);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* A3: copy into the handle of a different game (other seed, other
 * progress) makes them equal, with the same history. */
START_TEST(test_A3_copy_into_other_game)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    canasta_game *src = th_new_game(111), *dst = th_new_game(222);
    int step, undone = 0;
    r.state = 8;
    advance(src, &ml, &r, 41);
    advance(dst, &ml, &r, 3);
    ck_assert_int_eq(equal(src, dst), 0);
    ck_assert_int_eq(canasta_game_copy(dst, src), CANASTA_OK);
    ck_assert_int_eq(equal(src, dst), 1);
    /* The history came along: both undo the same number of moves. */
    while (canasta_undo(src) == CANASTA_OK) {
        ck_assert_int_eq(canasta_undo(dst), CANASTA_OK);
        ck_assert_int_eq(equal(src, dst), 1);
        undone++;
    }
    ck_assert_int_eq(canasta_undo(dst), CANASTA_E_NO_UNDO);
    ck_assert_int_gt(undone, 0);
    /* And they evolve identically. */
    for (step = 0; step < 200; step++) {
        canasta_move m;
        if (th_phase(src) == CANASTA_PHASE_GAME_OVER)
            break;
        m = random_move(src, &ml, &r);
        th_ok(src, &m);
        th_ok(dst, &m);
        ck_assert_int_eq(equal(src, dst), 1);
    }
    /* copy onto itself is harmless */
    ck_assert_int_eq(canasta_game_copy(dst, dst), CANASTA_OK);
    ck_assert_int_eq(equal(src, dst), 1);
    ck_assert_int_eq(canasta_game_copy(NULL, src), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_copy(dst, NULL), CANASTA_E_NULL);
    canasta_game_free(src);
    canasta_game_free(dst);
    free(ml.v);
}
END_TEST

/* A3: copy carries the rules options along: a game made with other
 * options (target 500, no asking) becomes an exact copy, options included,
 * and the copy plays by the source's options. */
START_TEST(test_A3_copy_across_options)
{
    canasta_rules *r = NULL;
    canasta_game *src = th_new_game(333), *dst = NULL;
    int v = -1;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 500),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ASK_PERMISSION, 0),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_game_create(&dst, r, 333), CANASTA_OK);
    canasta_rules_free(r);
    /* same seed, same deal, but different options: not equal */
    ck_assert_int_eq(equal(src, dst), 0);
    ck_assert_int_eq(canasta_game_copy(dst, src), CANASTA_OK);
    ck_assert_int_eq(equal(src, dst), 1);
    ck_assert_int_eq(canasta_game_option(&v, dst, CANASTA_OPT_TARGET_SCORE),
                     CANASTA_OK);
    ck_assert_int_eq(v, 5000);
    ck_assert_int_eq(canasta_game_option(&v, dst, CANASTA_OPT_ASK_PERMISSION),
                     CANASTA_OK);
    ck_assert_int_eq(v, 1);
    canasta_game_free(src);
    canasta_game_free(dst);
}
END_TEST

/* equal() really compares: same seed equal, other seed not; one move
 * apart not. */
START_TEST(test_A3_equal_tells_games_apart)
{
    canasta_game *a = th_new_game(5), *b = th_new_game(5), *c = th_new_game(6);
    canasta_move m;
    ck_assert_int_eq(equal(a, b), 1);
    ck_assert_int_eq(equal(a, c), 0);
    th_move(&m, CANASTA_MOVE_DRAW, th_seat(a));
    th_ok(a, &m);
    ck_assert_int_eq(equal(a, b), 0);
    ck_assert_int_eq(canasta_undo(a), CANASTA_OK);
    ck_assert_int_eq(equal(a, b), 1);
    canasta_game_free(a);
    canasta_game_free(b);
    canasta_game_free(c);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Refused moves change nothing                                       */
/* ---------------------------------------------------------------- */

static int hand_counts(uint8_t counts[CANASTA_CARD_LIMIT],
                       const canasta_game *g, int seat)
{
    uint8_t cards[128];
    size_t n = 0, i;
    memset(counts, 0, CANASTA_CARD_LIMIT);
    ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &n, g, seat),
                     CANASTA_OK);
    for (i = 0; i < n; i++)
        counts[cards[i]]++;
    return (int)n;
}

/* How often `card` appears in all groups of m. */
static int used_in_move(const canasta_move *m, int card)
{
    int gi, ci, k = 0;
    for (gi = 0; gi < m->ngroups; gi++)
        for (ci = 0; ci < m->groups[gi].count; ci++)
            if (m->groups[gi].cards[ci] == card)
                k++;
    return k;
}

typedef struct {
    long tried;
    long by_kind[8];
} reject_stats;

/* The move must be refused (with `expect` if non-zero), validate must say
 * the same, and the game must be exactly as before. */
static void must_refuse(canasta_game *g, canasta_game *snap,
                        const canasta_move *m, int expect, const char *what,
                        reject_stats *st, int which)
{
    char why[256];
    int v, a;
    ck_assert_int_eq(canasta_game_copy(snap, g), CANASTA_OK);
    why[0] = '\0';
    v = canasta_validate(why, sizeof why, g, m);
    a = canasta_apply(why, sizeof why, g, m);
    ck_assert_msg(a != CANASTA_OK, "%s: an illegal move was accepted", what);
    ck_assert_msg(a == v, "%s: validate said %s, apply said %s", what,
                  canasta_error_name(v), canasta_error_name(a));
    if (expect)
        ck_assert_msg(a == expect, "%s: expected %s, got %s (%s)", what,
                      canasta_error_name(expect), canasta_error_name(a), why);
    ck_assert_msg(equal(g, snap) == 1, "%s: refused move changed the game",
                  what);
    st->tried++;
    st->by_kind[which]++;
}

/* A natural card of `rank` of which the move would use more copies than
 * the hand holds after adding one more (0 if none). */
static int card_beyond_hand(const uint8_t counts[CANASTA_CARD_LIMIT],
                            const canasta_move *m, int rank)
{
    int suit;
    for (suit = 0; suit < 4; suit++) {
        int c = CANASTA_CARD(rank, suit);
        if (used_in_move(m, c) + 1 > counts[c])
            return c;
    }
    return 0;
}

/* Mutations of one legal move, each certainly illegal. */
static void mutate_and_refuse(canasta_game *g, canasta_game *snap,
                              const canasta_move *lm, reject_stats *st)
{
    uint8_t counts[CANASTA_CARD_LIMIT];
    canasta_move m;
    int seat = lm->seat, phase = th_phase(g), gi;
    hand_counts(counts, g, seat);

    /* 0. wrong seat: not this seat's decision (DECISIONS 16: E_TURN) */
    m = *lm;
    m.seat = (uint8_t)((seat + 1) % NSEATS);
    must_refuse(g, snap, &m, CANASTA_E_TURN, "wrong seat", st, 0);
    m.seat = NSEATS; /* out of range: E_SEAT */
    must_refuse(g, snap, &m, CANASTA_E_SEAT, "seat out of range", st, 0);

    /* 1. card not held (DISCARD) and invalid card codes */
    if (lm->kind == CANASTA_MOVE_DISCARD) {
        int c;
        for (c = CANASTA_CARD(4, 0); c <= CANASTA_CARD(14, 3); c++)
            if (counts[c] == 0)
                break;
        if (c <= CANASTA_CARD(14, 3)) {
            m = *lm;
            m.card = (uint8_t)c;
            must_refuse(g, snap, &m, 0, "discard of a card not held", st, 1);
        }
        m = *lm;
        m.card = 61;
        must_refuse(g, snap, &m, CANASTA_E_CARD, "discard of code 61", st, 1);
        m = *lm;
        m.card = 5; /* rank 1 does not exist */
        must_refuse(g, snap, &m, CANASTA_E_CARD, "discard of code 5", st, 1);
    }

    /* 2. extra card / 3. wrong rank, in every group of melds and takes */
    if (lm->kind == CANASTA_MOVE_MELD || lm->kind == CANASTA_MOVE_TAKE_PILE) {
        for (gi = 0; gi < lm->ngroups; gi++) {
            const canasta_group *gr = &lm->groups[gi];
            int ci, natural = 0, c;
            if (gr->count < CANASTA_GROUP_MAX_CARDS) {
                c = card_beyond_hand(counts, lm, gr->rank);
                if (c) {
                    m = *lm;
                    m.groups[gi].cards[m.groups[gi].count++] = (uint8_t)c;
                    must_refuse(g, snap, &m, 0, "extra card", st, 2);
                }
            }
            for (ci = 0; ci < gr->count; ci++)
                if (gr->cards[ci] != CANASTA_JOKER && gr->cards[ci] / 4 != 2)
                    natural = gr->cards[ci];
            if (natural) {
                /* a natural card in a group of another rank */
                m = *lm;
                m.groups[gi].rank = (uint8_t)(gr->rank == 14 ? 13
                                                             : gr->rank + 1);
                must_refuse(g, snap, &m, 0, "wrong rank", st, 3);
            }
        }
    }

    /* 4. a move kind that does not fit the phase (E_PHASE) */
    if (phase != CANASTA_PHASE_DRAW) {
        th_move(&m, CANASTA_MOVE_DRAW, seat);
        must_refuse(g, snap, &m, CANASTA_E_PHASE, "draw out of phase", st, 4);
    }
    if (phase != CANASTA_PHASE_HAND_OVER) {
        th_move(&m, CANASTA_MOVE_NEXT_HAND, seat);
        must_refuse(g, snap, &m, CANASTA_E_PHASE, "next hand during play", st,
                    4);
    }
    if (phase == CANASTA_PHASE_DRAW && lm->kind == CANASTA_MOVE_DRAW) {
        uint8_t cards[128];
        size_t n = 0;
        ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &n, g, seat),
                         CANASTA_OK);
        th_move(&m, CANASTA_MOVE_DISCARD, seat);
        m.card = cards[0];
        must_refuse(g, snap, &m, CANASTA_E_PHASE, "discard before drawing",
                    st, 4);
    }

    /* 5. malformed moves (E_MOVE) */
    th_move(&m, CANASTA_MOVE_DRAW, seat);
    m.kind = 42;
    must_refuse(g, snap, &m, CANASTA_E_MOVE, "unknown kind", st, 5);
    m.kind = 0;
    must_refuse(g, snap, &m, CANASTA_E_MOVE, "kind 0", st, 5);
    if (phase == CANASTA_PHASE_PLAY) {
        th_move(&m, CANASTA_MOVE_MELD, seat);
        must_refuse(g, snap, &m, CANASTA_E_MOVE, "meld without groups", st, 5);
        if (lm->kind == CANASTA_MOVE_MELD) {
            m = *lm;
            m.ngroups = CANASTA_MOVE_MAX_GROUPS + 1;
            must_refuse(g, snap, &m, CANASTA_E_MOVE, "13 groups", st, 5);
            m = *lm;
            m.groups[0].count = CANASTA_GROUP_MAX_CARDS + 1;
            must_refuse(g, snap, &m, CANASTA_E_MOVE, "17 cards", st, 5);
            m = *lm;
            m.groups[0].count = 0;
            must_refuse(g, snap, &m, CANASTA_E_MOVE, "empty group", st, 5);
        }
    }
}

/* A3 / header: "On any error the game is unchanged" - for many positions
 * of seeded random play, mutations of the legal moves are refused and
 * leave the game equal to a copy taken before. */
START_TEST(test_A3_refused_moves_leave_game_unchanged)
{
    th_movelist ml = { NULL, 0, 0 };
    reject_stats st;
    int k, kind;
    canasta_game *snap = th_new_game(1);
    memset(&st, 0, sizeof st);
    for (k = 0; k < 16; k++) {
        canasta_game *g = th_new_game(UINT64_C(777) + (uint64_t)k);
        th_sm64 r;
        int steps = 0;
        r.state = UINT64_C(1234567) * (uint64_t)(k + 1);
        while (steps < 400 && th_phase(g) != CANASTA_PHASE_GAME_OVER) {
            canasta_move pick;
            size_t i, tries;
            th_list_moves(&ml, g);
            ck_assert_uint_gt(ml.n, 0);
            /* mutate up to three of the listed moves */
            tries = ml.n < 3 ? ml.n : 3;
            for (i = 0; i < tries; i++) {
                canasta_move lm = ml.v[th_sm64_below(&r, ml.n)];
                mutate_and_refuse(g, snap, &lm, &st);
            }
            th_list_moves(&ml, g); /* the list must not have changed either */
            pick = ml.v[th_sm64_below(&r, ml.n)];
            th_ok(g, &pick);
            steps++;
        }
        canasta_game_free(g);
    }
    /* every kind of mutation was exercised */
    for (kind = 0; kind <= 5; kind++)
        ck_assert_msg(st.by_kind[kind] > 0, "mutation %d never tried", kind);
    canasta_game_free(snap);
    free(ml.v);
}
END_TEST

Suite *suite_undo(void)
{
    Suite *s = suite_create("undo");
    TCase *undo = tcase_create("A3_undo");
    TCase *copy = tcase_create("A3_clone_copy");
    TCase *rej = tcase_create("A3_refused_unchanged");
    tcase_set_timeout(undo, 60);
    tcase_set_timeout(copy, 60);
    tcase_set_timeout(rej, 120);
    tcase_add_test(undo, test_A3_undo_walks_back_through_every_state);
    tcase_add_test(undo, test_A3_undo_at_hand_start_refused);
    tcase_add_test(undo, test_A3_undo_after_hand_end_restores_play_and_totals);
    tcase_add_test(undo, test_A3_undo_after_game_over);
    tcase_add_test(undo, test_A3_undo_hand_end_in_random_games);
    tcase_add_test(copy, test_A3_clone_equal_and_independent);
    tcase_add_test(copy, test_A3_copy_into_other_game);
    tcase_add_test(copy, test_A3_copy_across_options);
    tcase_add_test(copy, test_A3_equal_tells_games_apart);
    tcase_add_test(rej, test_A3_refused_moves_leave_game_unchanged);
    suite_add_tcase(s, undo);
    suite_add_tcase(s, copy);
    suite_add_tcase(s, rej);
    return s;
}
