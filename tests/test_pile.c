/*
 * Taking the discard pile: rules P1-P7 of RULES.md (DECISIONS.md 6, 7).
 *
 * Every game is dealt by th_game() with seat 3 as dealer, so seat 0
 * (side 0, partner seat 2) moves first, then 1, 2, 3 (C1, C3).  All four
 * hands are written out, the upcards are named and every card drawn is
 * listed at the stock top, so each position is known card by card.  Each
 * deal lists, in a comment, where the copies of the ranks that matter sit
 * (the deck has two of every natural card, C2).  No hand holds a red
 * three, so the stock starts at 108 - 44 - (number of upcards).
 */

#include "helpers.h"

static canasta_game *deal(const canasta_rules *rules,
                          const char *const hands[4], const char *upcards,
                          const char *stock)
{
    canasta_game *g = th_game(rules, 3, hands, upcards, stock);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    return g;
}

/* ---------------------------------------------------------------- */
/* P1                                                                 */
/* ---------------------------------------------------------------- */

/* A: Ad Ad As, Ah, Ac, Ac Ah.  K: Kd Kd, Kh, Ks, Kc.  7: 7h, 7s, 7c (up),
 * 7d (stock).  J: Jh, Js, Jc, Jd (stock).  Q: Qh, Qs, Qc, Qd (stock).
 * 6: 6d, 6h, 6s, 6c, 6c (stock). */
static const char *const P1_HANDS[4] = {
    "Ad Ad As Kd Kd 4d 5d 6d 8d 9d 10d",
    "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
    "4s 5s 6s 7s 8s 9s 10s Js Qs Ks Ac",
    "Kc 4c 5c 6c 8c 9c 10c Jc Qc Ac Ah",
};

START_TEST(test_P1_taking_moves_every_pile_card_into_the_hand)
{
    canasta_game *g = deal(NULL, P1_HANDS, "7c", "Jd Qd 6c 7d");
    int f;
    th_do_draw(g, 0);
    th_do_discard(g, 0, "4d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "4h");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "4s");
    th_do_draw(g, 3);
    th_do_discard(g, 3, "Kc");
    /* Pile 7c 4d 4h 4s Kc; stock 63 - 4 = 59. */
    ck_assert_int_eq(th_pile_size(g), 5);
    ck_assert_int_eq(th_pile_top(g), th_card("Kc"));
    ck_assert_int_eq(th_count_in_hand(g, 0, "4d"), 0);

    /* K K K (30) + A A A (60) = 90 >= 50: side 0 opens. */
    th_do_take(g, 0, "Kd Kd | Ad Ad As");
    /* The top card went to the K meld; the other four cards are held:
     * 11 - 5 melded + 4 = 10. */
    ck_assert_int_eq(th_hand_size(g, 0), 10);
    ck_assert_int_eq(th_count_in_hand(g, 0, "7c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "4d"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "4h"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "4s"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "Kc"), 0);
    th_expect_meld(g, 0, CANASTA_RANK_KING, 3, 0, 0);
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 3, 0, 0);
    /* Nothing is left: empty and unfrozen (P3). */
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_pile_top(g), CANASTA_CARD_NONE);
    f = th_pile_status(g, 0);
    ck_assert_int_eq(f & CANASTA_PILE_FROZEN_MASK, 0);
    ck_assert(f & CANASTA_PILE_EMPTY);
    ck_assert_int_eq(th_stock_size(g), 59);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_seat(g), 0);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

/* One 5 in seat 0's hand (5h), a 5 buried in the pile (5c, discarded by
 * seat 0) and a 5 on top (5d, discarded by seat 3).  Seat 0 also holds a
 * two.  A: Ad Ad As, Ah, As, Ac.  5: 5c 5h, 5d.  9: 9d, 9h, 9s.
 * 8: 8h, 8s, 8d, 8c (upcard).  6: 6h, 6s, 6c, 6d; the stock gives
 * 6c 6h 6s 6d again (second copies). */
static const char *const BURIED_HANDS[4] = {
    "Ad Ad As 5c 5h 2c Kd Qd Jd 10d 9d",
    "9h 4h 6h 7h 8h 10h Jh Qh Kh Ah 4c",
    "9s 4s 6s 7s 8s 10s Js Qs Ks As 6c",
    "5d 4d 6d 7d 8d 10c Jc Qc Kc Ac 7c",
};

static canasta_game *buried_five(int open_first)
{
    canasta_game *g = deal(NULL, BURIED_HANDS, "8c", "6c 6h 6s 6d");
    th_do_draw(g, 0);
    if (open_first)
        th_do_meld(g, 0, "Ad Ad As");                /* 60 >= 50 */
    th_do_discard(g, 0, "5c");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "9h");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "9s");
    th_do_draw(g, 3);
    th_do_discard(g, 3, "5d");
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_pile_top(g), th_card("5d"));
    ck_assert_int_eq(th_count_in_hand(g, 0, "5h"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 0, "5c"), 0);
    return g;
}

START_TEST(test_P1_buried_card_does_not_count_pile_not_frozen)
{
    /* Which code?  Side 0 has opened and the pile holds no wild card and
     * no red three, so it is not frozen (P3) and P5 applies: the top 5 and
     * the one 5 from the hand are two cards, no meld, and the buried 5c
     * may not be used (P1).  Nothing about freezing is wrong here, so the
     * refusal is "the top card must be melded": E_PILE_NO_MELD (DECISIONS
     * 6, not frozen: top + groups[0] must make a legal meld or join one).
     * The explanation may cite P1 (top card only) or P5 (what suffices). */
    canasta_game *g = buried_five(1);
    canasta_move m;
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK, 0);
    th_take(&m, g, 0, "5h");
    th_reject_ids(g, &m, CANASTA_E_PILE_NO_MELD, "P1 P5");
    /* The nearest legal take: with the two the top 5 makes 5 5 2 (P5). */
    th_do_take(g, 0, "5h 2c");
    th_expect_meld(g, 0, CANASTA_RANK_FIVE, 2, 1, 0);
    /* The buried 5c came into the hand with the rest of the pile. */
    ck_assert_int_eq(th_count_in_hand(g, 0, "5c"), 1);
    /* The pile is empty now: a count-only query with no buffer is OK and
     * says 0 (API.md; nothing is copied from or to NULL). */
    size_t n = 99;
    ck_assert_int_eq(canasta_game_pile(NULL, 0, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P1_buried_card_does_not_count_pile_frozen)
{
    /* The same cards, but side 0 has not opened, so the pile is frozen
     * for it (P3) and P4 asks for two natural 5s from the hand; one 5 plus
     * the buried one fails that test first: E_PILE_FROZEN citing P4. */
    canasta_game *g = buried_five(0);
    canasta_move m;
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK,
                     CANASTA_PILE_FROZEN_UNOPENED);
    th_take(&m, g, 0, "5h | Ad Ad As");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    /* Nor does the two help against a frozen pile (P4). */
    th_take(&m, g, 0, "5h 2c | Ad Ad As");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P2                                                                 */
/* ---------------------------------------------------------------- */

/* A: Ac Ad Ah, Ah, As, Ad.  K: Kc Kd Kh, Kh, Ks.  Q: Qh, Qc Qd, Qs.
 * 9: 9d, 9h, 9s, 9c.  10: 10h, 10s, 10c, 10d (stock).  J: Jh, Js, Jc,
 * Jd (stock). */
static const char *const P2_HANDS[4] = {
    "Ac Ad Ah Kc Kd Kh 9d 4d 5d 6d 8d",
    "Qh 4h 5h 6h 7h 8h 9h 10h Jh Kh Ah",
    "Qc Qd 4s 5s 6s 7s 8s 9s 10s Js As",
    "4c 5c 6c 7c 8c 9c 10c Jc Qs Ks Ad",
};

START_TEST(test_P2_black_three_upcard_blocks_until_covered)
{
    /* C5: a black three upcard is not covered, so it starts on top. */
    canasta_game *g = deal(NULL, P2_HANDS, "3c", "10d Jd");
    canasta_move m;
    int f = th_pile_status(g, 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_pile_top(g), th_card("3c"));
    ck_assert(f & CANASTA_PILE_BLOCKED_BLACK_THREE);
    ck_assert_int_eq(f & CANASTA_PILE_BLOCKED_WILD, 0);
    th_take(&m, g, 0, "");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");

    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah | Kc Kd Kh");         /* 60 + 30 = 90 */
    th_do_discard(g, 0, "9d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Qh");
    /* Pile 3c 9d Qh.  Covered, the black three has no effect: side 0
     * has opened and no card freezes or blocks the pile. */
    ck_assert_int_eq(th_pile_status(g, 0), 0);
    th_do_take(g, 2, "Qc Qd");
    /* 11 - 2 + 2 (3c, 9d) = 11; the black three is held now. */
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    ck_assert_int_eq(th_count_in_hand(g, 2, "3c"), 1);
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 3, 0, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P2_wild_card_on_top_blocks_both_sides)
{
    /* Seat 0 opens, then discards a joker on the Qs upcard; seat 1 may
     * not take the pile while the joker is on top (its queen would make
     * no difference). */
    canasta_game *g = deal(NULL, P2_HANDS, "Qs", "Jk Jd");
    canasta_move m;
    int side;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah | Kc Kd Kh");
    th_do_discard(g, 0, "Jk");
    for (side = 0; side < 2; side++) {
        int f = th_pile_status(g, side);
        ck_assert_msg(f & CANASTA_PILE_BLOCKED_WILD, "side %d: %d", side, f);
        ck_assert_msg(f & CANASTA_PILE_FROZEN_WILD, "side %d: %d", side, f);
    }
    th_take(&m, g, 1, "Qh");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Jd");
    /* Covered now: no longer blocked, but the joker still freezes it. */
    ck_assert_int_eq(th_pile_status(g, 0) & (CANASTA_PILE_BLOCKED_WILD |
                                             CANASTA_PILE_BLOCKED_BLACK_THREE),
                     0);
    ck_assert(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_WILD);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P2_black_three_covering_wild_upcard_blocks_and_freezes)
{
    /* C5: the 2c upcard is covered by the next card, a black three, which
     * stays on top (a black three is not covered): blocked (P2) and
     * frozen by the two under it (P3). */
    canasta_game *g = deal(NULL, P2_HANDS, "2c 3s", NULL);
    canasta_move m;
    int f = th_pile_status(g, 0);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_pile_top(g), th_card("3s"));
    ck_assert(f & CANASTA_PILE_BLOCKED_BLACK_THREE);
    ck_assert(f & CANASTA_PILE_FROZEN_WILD);
    ck_assert_int_eq(f & CANASTA_PILE_BLOCKED_WILD, 0);
    th_take(&m, g, 0, "");
    th_reject(g, &m, CANASTA_E_PILE_BLOCKED, "P2");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P3                                                                 */
/* ---------------------------------------------------------------- */

/* 9: 9d 9s, 9h, 9c (upcard).  A: Ad Ad As, Ah, Ac Ah, Ac.  K: Kd Kd, Kh,
 * Ks, Kc.  8: 8h, 8s, 8c 8d. */
static const char *const P3_HANDS[4] = {
    "9d 9s Ad Ad As Kd Kd 4d 5d 6d 7d",
    "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
    "4s 5s 6s 7s 8s 10s Js Qs Ks Ac Ah",
    "4c 5c 6c 7c 8c 10c Jc Qc Kc Ac 8d",
};

START_TEST(test_P3_covered_wild_upcard_freezes_until_taken)
{
    canasta_game *g = deal(NULL, P3_HANDS, "2c 9c", NULL);
    int side;
    /* C5: the two was covered by the 9c: pile 2, stock 108 - 44 - 2. */
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_stock_size(g), 62);
    ck_assert_int_eq(th_pile_top(g), th_card("9c"));
    /* Frozen by the wild card and (no side has opened) by P3's last
     * clause; not blocked, the top is a natural: 1 + 4 = 5. */
    for (side = 0; side < 2; side++)
        ck_assert_int_eq(th_pile_status(g, side), CANASTA_PILE_FROZEN_WILD |
                                                  CANASTA_PILE_FROZEN_UNOPENED);
    /* 9 9 9 (30) + A A A (60) = 90: a natural pair takes it (P4). */
    th_do_take(g, 0, "9d 9s | Ad Ad As");
    /* 11 - 5 + 1 (the 2c) = 7. */
    ck_assert_int_eq(th_hand_size(g, 0), 7);
    ck_assert_int_eq(th_count_in_hand(g, 0, "2c"), 1);
    /* Taking it unfreezes it: side 0 sees an empty, open pile; side 1 is
     * still "not opened". */
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_EMPTY);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_EMPTY |
                                           CANASTA_PILE_FROZEN_UNOPENED);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P3_covered_joker_upcard_freezes)
{
    canasta_game *g = deal(NULL, P3_HANDS, "Jk 9c", NULL);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK,
                     CANASTA_PILE_FROZEN_WILD | CANASTA_PILE_FROZEN_UNOPENED);
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_BLOCKED_WILD, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P3_covered_red_three_upcard_freezes)
{
    canasta_game *g = deal(NULL, P3_HANDS, "3h 9c", NULL);
    int side;
    for (side = 0; side < 2; side++)
        ck_assert_int_eq(th_pile_status(g, side),
                         CANASTA_PILE_FROZEN_RED_THREE |
                         CANASTA_PILE_FROZEN_UNOPENED);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P3_wild_and_red_three_upcards_both_freeze)
{
    /* 2c is covered by 3h (itself a card to cover), which the 9c covers:
     * all three reasons at once. */
    canasta_game *g = deal(NULL, P3_HANDS, "2c 3h 9c", NULL);
    ck_assert_int_eq(th_pile_size(g), 3);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_FROZEN_WILD |
                                           CANASTA_PILE_FROZEN_RED_THREE |
                                           CANASTA_PILE_FROZEN_UNOPENED);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P3_frozen_for_unopened_side_open_for_the_other)
{
    canasta_game *g = deal(NULL, P3_HANDS, "10d", "Jd");
    int opened = -1;
    /* A plain upcard: only "not opened" freezes it, for both sides. */
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_FROZEN_UNOPENED);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_FROZEN_UNOPENED);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ad Ad As");                    /* 60 >= 50 */
    ck_assert_int_eq(canasta_game_opened(&opened, g, 0), CANASTA_OK);
    ck_assert_int_eq(opened, 1);
    /* Same pile (10d): open for side 0, still frozen for side 1. */
    ck_assert_int_eq(th_pile_status(g, 0), 0);
    ck_assert_int_eq(th_pile_status(g, 1), CANASTA_PILE_FROZEN_UNOPENED);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P4                                                                 */
/* ---------------------------------------------------------------- */

/* Upcards 2c 9c freeze the pile for everyone.  Side 0 opens with 7 7 7
 * and A A A (15 + 60 = 75); seat 1 discards a 7; seat 2 holds 7d 7h 2d.
 * 7: 7c 7d 7h, 7s, 7d 7h.  A: Ac Ad Ah, As.  9: 9d, 9h, 9c (upcard).
 * 5: 5h, 5s, 5d, 5c (stock).  8: 8h, 8s, 8c 8d, 8d (stock).  4: 4h 4s,
 * 4c, 4d.  K: Kd, Kh, Ks, Kc. */
static const char *const P4_HANDS[4] = {
    "7c 7d 7h Ac Ad Ah Kd Qd Jd 10d 9d",
    "7s 4h 5h 6h 8h 9h 10h Jh Qh Kh 4s",
    "7d 7h 2d 4c 5s 6s 8s 10s Js Qs Ks",
    "4d 5d 6c 6d 8c 8d 10c Jc Qc Kc As",
};

static canasta_game *frozen_seven(void)
{
    canasta_game *g = deal(NULL, P4_HANDS, "2c 9c", "5c 8d");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "7c 7d 7h | Ac Ad Ah");
    th_do_discard(g, 0, "5c");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "7s");
    /* Pile 2c 9c 5c 7s.  Side 0 has opened: frozen by the two only. */
    ck_assert_int_eq(th_pile_size(g), 4);
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_FROZEN_WILD);
    ck_assert_int_eq(th_seat(g), 2);
    th_expect_meld(g, 0, CANASTA_RANK_SEVEN, 3, 0, 0);
    return g;
}

START_TEST(test_P4_frozen_pile_natural_pair_joins_existing_meld)
{
    canasta_game *g = frozen_seven();
    th_do_take(g, 2, "7d 7h");
    /* Top 7s + 7d 7h join the side's 7s: 3 + 3 = 6 naturals. */
    th_expect_meld(g, 0, CANASTA_RANK_SEVEN, 6, 0, 0);
    /* 11 - 2 + 3 (2c 9c 5c) = 12. */
    ck_assert_int_eq(th_hand_size(g, 2), 12);
    ck_assert_int_eq(th_count_in_hand(g, 2, "2c"), 1);
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_MASK, 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P4_frozen_pile_rejects_adding_top_card_to_meld)
{
    /* Side 0 has a 7 meld, but the frozen pile cannot be taken by adding
     * the 7s to it alone. */
    canasta_game *g = frozen_seven();
    canasta_move m;
    th_take(&m, g, 2, "");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    /* Nor with one natural 7 (which would also join the meld). */
    th_take(&m, g, 2, "7d");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P4_frozen_pile_rejects_natural_and_wild)
{
    canasta_game *g = frozen_seven();
    canasta_move m;
    th_take(&m, g, 2, "7d 2d");
    th_reject(g, &m, CANASTA_E_PILE_FROZEN, "P4");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P4_frozen_pile_pair_plus_wild_accepted)
{
    /* DECISIONS 6: the pair is what P4 asks for; a wild card added to
     * the same group on top of it is allowed. */
    canasta_game *g = frozen_seven();
    th_do_take(g, 2, "7d 7h 2d");
    th_expect_meld(g, 0, CANASTA_RANK_SEVEN, 6, 1, 0);
    /* 11 - 3 + 3 = 11. */
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P5                                                                 */
/* ---------------------------------------------------------------- */

/* Side 0 opens with A A A + K K K (90); seat 1 then discards x.  The pile
 * 9c 4c x holds no wild card and no red three, so for opened side 0 it is
 * not frozen.  Q: Qh, Qc Qd, Qs.  K: Kc Kd Kh, Ks, Ks.  7: 7h 7s, 7c.
 * A: Ac Ad Ah, As Ad.  9: 9h, 9s, 9d, 9c (upcard).  4: 4d, 4h, 4s, 4c,
 * 4c (stock).  J: Jh, Js, Jd, Jc (stock). */
static const char *const P5_HANDS[4] = {
    "Ac Ad Ah Kc Kd Kh 4d 5d 6d 8d 10d",
    "Qh Ks 7s 4h 5h 6h 7h 8h 9h 10h Jh",
    "Qc Qd 2d 7c 4s 5s 6s 8s 9s 10s Js",
    "4c 5c 6c 8c 9d 10c Jd Qs As Ks Ad",
};

static canasta_game *open_pile(const char *seat1_discard)
{
    canasta_game *g = deal(NULL, P5_HANDS, "9c", "4c Jc");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Ac Ad Ah | Kc Kd Kh");
    th_do_discard(g, 0, "4c");
    th_do_draw(g, 1);
    th_do_discard(g, 1, seat1_discard);
    ck_assert_int_eq(th_seat(g), 2);
    ck_assert_int_eq(th_pile_size(g), 3);
    ck_assert_int_eq(th_pile_status(g, 0), 0);
    return g;
}

START_TEST(test_P5_open_pile_natural_pair)
{
    canasta_game *g = open_pile("Qh");
    th_do_take(g, 2, "Qc Qd");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 3, 0, 0);
    /* 11 - 2 + 2 (9c 4c) = 11. */
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    ck_assert_int_eq(th_pile_size(g), 0);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P5_open_pile_natural_and_wild)
{
    canasta_game *g = open_pile("Qh");
    th_do_take(g, 2, "Qc 2d");
    th_expect_meld(g, 0, CANASTA_RANK_QUEEN, 2, 1, 0);
    ck_assert_int_eq(th_hand_size(g, 2), 11);
    ck_assert_int_eq(th_count_in_hand(g, 2, "Qd"), 1);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P5_open_pile_top_card_joins_existing_meld)
{
    canasta_game *g = open_pile("Ks");
    th_do_take(g, 2, "");
    /* K meld 3 -> 4 naturals; seat 2: 11 + 2 (9c 4c) = 13. */
    th_expect_meld(g, 0, CANASTA_RANK_KING, 4, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 2), 13);
    ck_assert_int_eq(th_pile_size(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P5_open_pile_lone_natural_without_meld_rejected)
{
    /* Top 7s, one 7 in hand, no 7 meld: two cards make no meld.  The
     * refusal is E_PILE_NO_MELD; P1 (the top card must be melded) and P5
     * (what suffices) both state it. */
    canasta_game *g = open_pile("7s");
    canasta_move m;
    th_take(&m, g, 2, "7c");
    th_reject_ids(g, &m, CANASTA_E_PILE_NO_MELD, "P5 P1");
    /* Add the two and it is a meld: 7 7 2. */
    th_take(&m, g, 2, "7c 2d");
    th_expect_valid(g, &m);
    th_ok(g, &m);
    th_expect_meld(g, 0, CANASTA_RANK_SEVEN, 2, 1, 0);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P6                                                                 */
/* ---------------------------------------------------------------- */

/* Seat 0 melds down to 2 cards and discards: one card (9c) left.  Seat 1
 * takes the pile (5 5 5 + A A A = 75), leaving only its discard Qc; seat 2
 * discards 5s; seat 3 adds it to side 1's fives and discards As: the pile
 * is that one card, which would join side 0's aces.
 * with_canasta: seat 0 holds seven kings (a canasta) instead of six. */
static canasta_game *one_and_one(const canasta_rules *rules,
                                 int with_canasta)
{
    /* A: seat 0 Ac Ad Ah (+Ah), seat 1 Ac Ad As, seat 3 As.  K: seat 0.
     * 5: 5d 5h (seat 1), 5s (seat 2), 5c (stock).  6: 6d 6h, 6s, 6c.
     * 7: 7d, 7h 7s, 7c (stock).  Q: Qc, Qd Qh, Qs.  J: Jc Jd Jh, Js. */
    static const char *const with[4] = {
        "Kc Kc Kd Kd Kh Kh Ks Ac Ad Ah 9c",
        "5d 5h Ac Ad As Qc 6d 6h 8d 9d 10d",
        "5s 6s 7d 8h 9h 10h Jc Jd Jh Qd Qh",
        "As 6c 7h 7s 8s 9s 10s Js Qs 4d 4h",
    };
    static const char *const without[4] = {
        "Kc Kc Kd Kd Kh Kh Ac Ad Ah Ah 9c",
        "5d 5h Ac Ad As Qc 6d 6h 8d 9d 10d",
        "5s 6s 7d 8h 9h 10h Jc Jd Jh Qd Qh",
        "As 6c 7h 7s 8s 9s 10s Js Qs 4d 4h",
    };
    canasta_game *g = deal(rules, with_canasta ? with : without, "4c",
                           "5c 7c");
    th_do_draw(g, 0);                                       /* 5c */
    if (with_canasta)
        th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks | Ac Ad Ah"); /* 130 */
    else
        th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh | Ac Ad Ah Ah"); /* 140 */
    th_do_discard(g, 0, "5c");
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    th_do_take(g, 1, "5d 5h | Ac Ad As");
    th_do_discard(g, 1, "Qc");
    th_do_draw(g, 2);                                       /* 7c */
    th_do_discard(g, 2, "5s");
    th_do_take(g, 3, "");                  /* P5: joins side 1's fives */
    th_do_discard(g, 3, "As");
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_pile_size(g), 1);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_pile_top(g), th_card("As"));
    ck_assert_int_eq(th_pile_status(g, 0), 0);
    return g;
}

START_TEST(test_P6_one_card_may_not_take_one_card_pile)
{
    canasta_game *g = one_and_one(NULL, 1);
    canasta_move m;
    th_take(&m, g, 0, "");
    th_reject(g, &m, CANASTA_E_ONE_CARD, "P6");
    /* Drawing is still open to the player. */
    th_move(&m, CANASTA_MOVE_DRAW, 0);
    th_expect_valid(g, &m);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P6_option_off_allows_the_take)
{
    canasta_rules *r = NULL;
    canasta_game *g;
    int how = -1, who = -9;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ONE_CARD_RULE, 0),
                     CANASTA_OK);
    g = one_and_one(r, 1);
    th_do_take(g, 0, "");
    /* The As joins the aces (3 -> 4); the hand keeps its one card, which
     * is allowed because side 0 has a canasta (G1, DECISIONS 7). */
    th_expect_meld(g, 0, CANASTA_RANK_ACE, 4, 0, 0);
    ck_assert_int_eq(th_hand_size(g, 0), 1);
    ck_assert_int_eq(th_pile_size(g), 0);
    th_do_discard(g, 0, "9c");
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &who, g), CANASTA_OK);
    ck_assert_int_eq(how, CANASTA_END_WENT_OUT);
    ck_assert_int_eq(who, 0);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

START_TEST(test_P6_option_off_still_subject_to_G1)
{
    /* Without a canasta, taking the one card would leave a hand of one
     * card that the next discard would empty: a dead end (G1). */
    canasta_rules *r = NULL;
    canasta_game *g;
    canasta_move m;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(r, CANASTA_OPT_ONE_CARD_RULE, 0),
                     CANASTA_OK);
    g = one_and_one(r, 0);
    th_take(&m, g, 0, "");
    th_reject(g, &m, CANASTA_E_GO_OUT, "G1");
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* ---------------------------------------------------------------- */
/* P7                                                                 */
/* ---------------------------------------------------------------- */

/* K: Ks, Kh, Kc Kd.  A: Ah, Ah, Ac Ad As, Ac (stock).  8: 8d, 8h, 8s,
 * 8c (upcard).  5: 5d, 5h, 5s, 5c 5c (stock). */
static const char *const P7_HANDS[4] = {
    "4d 5d 6d 7d 8d 9d 10d Jd Qd Ah Ks",
    "Kh 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah",
    "Kc Kd Ac Ad As 4s 5s 6s 7s 8s 9s",
    "4c 5c 6c 7c 9c 10c Jc Qc 10s Js Qs",
};

START_TEST(test_P7_red_three_in_taken_pile_laid_out)
{
    /* Upcard 3d covered by 8c; seats 0 and 1 discard 4d and Kh; seat 2
     * takes with K K and opens with A A A (30 + 60 = 90). */
    canasta_game *g = deal(NULL, P7_HANDS, "3d 8c", "Ac 5c");
    uint8_t r3[8];
    size_t n = 0;
    th_do_draw(g, 0);
    th_do_discard(g, 0, "4d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Kh");
    /* Pile 3d 8c 4d Kh; stock 108 - 44 - 2 - 2 = 60. */
    ck_assert_int_eq(th_pile_size(g), 4);
    ck_assert_int_eq(th_stock_size(g), 60);
    th_do_take(g, 2, "Kc Kd | Ac Ad As");
    /* Kh melded, 3d laid out (R2), 8c 4d held: 11 - 5 + 2 = 8. */
    ck_assert_int_eq(th_hand_size(g, 2), 8);
    ck_assert_int_eq(th_count_in_hand(g, 2, "8c"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "4d"), 1);
    ck_assert_int_eq(th_count_in_hand(g, 2, "3d"), 0);
    ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 2),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 1);
    ck_assert_int_eq(r3[0], th_card("3d"));
    ck_assert_int_eq(th_red_three_count(g, 0), 0);
    /* Not replaced: the stock is unchanged. */
    ck_assert_int_eq(th_stock_size(g), 60);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_P7_two_red_three_upcards_both_laid_out)
{
    /* C5: 3d is covered by 3h, which the 8c covers.  Both red threes go
     * to the taker (R2), neither is replaced. */
    canasta_game *g = deal(NULL, P7_HANDS, "3d 3h 8c", "Ac 5c");
    uint8_t r3[8];
    size_t n = 0;
    ck_assert_int_eq(th_pile_size(g), 3);
    ck_assert_int_eq(th_stock_size(g), 61);          /* 108 - 44 - 3 */
    th_do_draw(g, 0);
    th_do_discard(g, 0, "4d");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "Kh");
    th_do_take(g, 2, "Kc Kd | Ac Ad As");
    /* Pile 3d 3h 8c 4d Kh: 11 - 5 + 2 (8c 4d) = 8. */
    ck_assert_int_eq(th_hand_size(g, 2), 8);
    ck_assert_int_eq(canasta_game_red_threes(r3, sizeof r3, &n, g, 2),
                     CANASTA_OK);
    ck_assert_int_eq((int)n, 2);
    ck_assert_int_eq(r3[0], th_card("3d"));
    ck_assert_int_eq(r3[1], th_card("3h"));
    ck_assert_int_eq(th_stock_size(g), 59);          /* 61 - 2 draws */
    ck_assert_int_eq(th_pile_status(g, 0), CANASTA_PILE_EMPTY);
    canasta_game_free(g);
}
END_TEST

Suite *suite_pile(void)
{
    Suite *s = suite_create("pile");
    TCase *p1 = tcase_create("P1");
    TCase *p2 = tcase_create("P2");
    TCase *p3 = tcase_create("P3");
    TCase *p4 = tcase_create("P4");
    TCase *p5 = tcase_create("P5");
    TCase *p6 = tcase_create("P6");
    TCase *p7 = tcase_create("P7");
    tcase_add_test(p1, test_P1_taking_moves_every_pile_card_into_the_hand);
    tcase_add_test(p1, test_P1_buried_card_does_not_count_pile_not_frozen);
    tcase_add_test(p1, test_P1_buried_card_does_not_count_pile_frozen);
    tcase_add_test(p2, test_P2_black_three_upcard_blocks_until_covered);
    tcase_add_test(p2, test_P2_wild_card_on_top_blocks_both_sides);
    tcase_add_test(p2,
                   test_P2_black_three_covering_wild_upcard_blocks_and_freezes);
    tcase_add_test(p3, test_P3_covered_wild_upcard_freezes_until_taken);
    tcase_add_test(p3, test_P3_covered_joker_upcard_freezes);
    tcase_add_test(p3, test_P3_covered_red_three_upcard_freezes);
    tcase_add_test(p3, test_P3_wild_and_red_three_upcards_both_freeze);
    tcase_add_test(p3, test_P3_frozen_for_unopened_side_open_for_the_other);
    tcase_add_test(p4, test_P4_frozen_pile_natural_pair_joins_existing_meld);
    tcase_add_test(p4, test_P4_frozen_pile_rejects_adding_top_card_to_meld);
    tcase_add_test(p4, test_P4_frozen_pile_rejects_natural_and_wild);
    tcase_add_test(p4, test_P4_frozen_pile_pair_plus_wild_accepted);
    tcase_add_test(p5, test_P5_open_pile_natural_pair);
    tcase_add_test(p5, test_P5_open_pile_natural_and_wild);
    tcase_add_test(p5, test_P5_open_pile_top_card_joins_existing_meld);
    tcase_add_test(p5, test_P5_open_pile_lone_natural_without_meld_rejected);
    tcase_add_test(p6, test_P6_one_card_may_not_take_one_card_pile);
    tcase_add_test(p6, test_P6_option_off_allows_the_take);
    tcase_add_test(p6, test_P6_option_off_still_subject_to_G1);
    tcase_add_test(p7, test_P7_red_three_in_taken_pile_laid_out);
    tcase_add_test(p7, test_P7_two_red_three_upcards_both_laid_out);
    suite_add_tcase(s, p1);
    suite_add_tcase(s, p2);
    suite_add_tcase(s, p3);
    suite_add_tcase(s, p4);
    suite_add_tcase(s, p5);
    suite_add_tcase(s, p6);
    suite_add_tcase(s, p7);
    return s;
}
