/*
 * G3, going out concealed, both ways: as published (the default) and with
 * CANASTA_OPT_CONCEALED_ADDITIONS = 1 (the 1.0 reading), and the G3
 * waiver of the opening minimum.
 *
 * Every game here comes from a position written out below
 * (canasta_game_from_position), so the table is known card by card.  In
 * all of them the dealer is seat 3 and seat 0 (side 0, partner seat 2)
 * is to move; the expected scores are worked out from the rules in the
 * comments (V1, S1, S2, R3, E3), not read from the engine.
 *
 * The published reading (Pagat, Britannica: the whole hand goes into the
 * player's own melds): a concealed exit melds the whole hand in one turn
 * in melds the player starts in that turn, one of them a canasta, having
 * melded nothing before.  A card laid on a meld the side already had
 * (the partner's) makes it an ordinary exit: 100, not 200.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* ---------------------------------------------------------------- */
/* Positions                                                          */
/* ---------------------------------------------------------------- */

/* The position of lines with the option line for additions 0 or 1 (-1:
 * no line, the preset's default). */
static canasta_game *load(const char *const *lines, size_t n, int additions)
{
    static const char *const option[] = {
        "option concealed-additions 0\n", "option concealed-additions 1\n"
    };
    canasta_game *g = th_position_game(additions >= 0 ? option[additions]
                                                      : NULL, lines, n);
    ck_assert_int_eq(th_seat(g), 0);
    return g;
}
#define LOAD(lines, additions) \
    load((lines), sizeof(lines) / sizeof((lines)[0]), (additions))

/* Side 0 opened by the partner (seat 2: a meld of three 7s, and 6s for
 * the pile take); seat 0 has drawn from the stock this turn, melded
 * nothing yet and never before in the hand.  Seat 0 holds seven kings
 * (a natural canasta), three queens, a 7 for the partner's meld and a 5
 * to discard.  Seat 2 holds 9c 9d (20), seat 1 4c 4d 5d 6d (20), seat 3
 * 8c 8d (20). */
static const char *const PARTNER_MELDED[] = {
    "hand-number 1", "dealer 3", "phase play", "turn 0", "source stock",
    "melds-this-turn 0", "take-extra 0", "permission none",
    "melded-before-turn 0", "new-melds", "seat-melded 0 0 1 0",
    "totals 0 0", "last-hand none -", "opened 1 0",
    "hand 0 Kc Kc Kd Kd Kh Kh Ks Qc Qd Qh 7s 5c",
    "hand 1 4c 4d 5d 6d", "hand 2 9c 9d", "hand 3 8c 8d",
    "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
    "meld 0 7: 7c 7d 7h", "meld 0 6: 6c 6h 6s",
    "stock", "pile 10c",
};

/* The same table at the start of seat 0's turn (phase draw), with a 6 on
 * top of the pile for the take (the pile is not frozen: side 0 has
 * opened and it holds no wild card), and no 7 in seat 0's hand. */
static const char *const TAKE_TO_PARTNER[] = {
    "hand-number 1", "dealer 3", "phase draw", "turn 0", "source none",
    "melds-this-turn 0", "take-extra 0", "permission none",
    "melded-before-turn 0", "new-melds", "seat-melded 0 0 1 0",
    "totals 0 0", "last-hand none -", "opened 1 0",
    "hand 0 Kc Kc Kd Kd Kh Kh Ks Qc Qd Qh",
    "hand 1 4c 4d 5d 6d", "hand 2 9c 9d", "hand 3 8c 8d",
    "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
    "meld 0 7: 7c 7d 7h", "meld 0 6: 6c 6h 6d",
    "stock", "pile 6s",
};

/* Every listed move is accepted by canasta_validate, the hint's move is
 * legal and listed (A2), and `m` is (or is not) among the listed moves. */
static void listed_agrees(const canasta_game *g, const canasta_move *m,
                          int expect_listed)
{
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, g);
    int found = 0;
    for (size_t i = 0; i < ml.n; i++) {
        int eq = 0;
        char why[256] = "";
        int rc = canasta_validate(why, sizeof why, g, &ml.v[i]);
        ck_assert_msg(rc == CANASTA_OK, "listed move %zu refused: %s (%s)",
                      i, canasta_error_name(rc), why);
        if (m) {
            ck_assert_int_eq(canasta_move_equal(&eq, &ml.v[i], m),
                             CANASTA_OK);
            found |= eq;
        }
    }
    if (m)
        ck_assert_msg(found == expect_listed, "the move is %slisted",
                      found ? "" : "not ");
    canasta_player *p = NULL;
    canasta_move hint;
    char reason[CANASTA_HINT_TEXT_MAX];
    ck_assert_int_eq(canasta_player_create(&p), CANASTA_OK);
    ck_assert_int_eq(canasta_player_hint(&hint, reason, sizeof reason, p, g),
                     CANASTA_OK);
    th_expect_valid(g, &hint);
    int in_list = 0;
    for (size_t i = 0; i < ml.n; i++) {
        int eq = 0;
        canasta_move_equal(&eq, &ml.v[i], &hint);
        in_list |= eq;
    }
    ck_assert_msg(in_list, "the hint's move is not listed (%s)", reason);
    canasta_player_free(p);
    free(ml.v);
}

/* ---------------------------------------------------------------- */
/* The exit: own melds only, or also the partner's                    */
/* ---------------------------------------------------------------- */

/* The table of PARTNER_MELDED, but seat 0 holds no 7: its whole hand
 * goes into melds of its own (kings, queens) and the discard. */
static const char *const OWN_ONLY[] = {
    "hand-number 1", "dealer 3", "phase play", "turn 0", "source stock",
    "melds-this-turn 0", "take-extra 0", "permission none",
    "melded-before-turn 0", "new-melds", "seat-melded 0 0 1 0",
    "totals 0 0", "last-hand none -", "opened 1 0",
    "hand 0 Kc Kc Kd Kd Kh Kh Ks Qc Qd Qh 5c",
    "hand 1 4c 4d 5d 6d", "hand 2 9c 9d", "hand 3 8c 8d",
    "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
    "meld 0 7: 7c 7d 7h", "meld 0 6: 6c 6h 6s",
    "stock", "pile 10c",
};

static void exit_own_melds(int additions)
{
    canasta_game *g = LOAD(OWN_ONLY, additions);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    th_do_meld(g, 0, "Qc Qd Qh");
    th_do_discard(g, 0, "5c");
    /* Both melds begun in this turn, a canasta among them, nothing
     * melded before: concealed under either reading (S2: 200).  Side 0:
     * melded K x7 (70) + Q x3 (30) + the partner's 7 7 7 (15) and
     * 6 6 6 (15) = 130; natural canasta 500; no red three; 200; seat 2
     * holds 9c 9d (-20): 810.  Side 1: nothing melded, seats 1 and 3
     * hold 20 each: -40. */
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    th_expect_items(g, 0, 130, 500, 0, 0, 200, -20, 810);
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -40, -40);
    canasta_game_free(g);
}

START_TEST(test_G3_own_new_melds_only_scores_200)
{
    exit_own_melds(-1); /* the default, written without an option line */
    exit_own_melds(0);
    exit_own_melds(1);
}
END_TEST

/* Seat 0 melds the kings and the queens and adds its 7 to the partner's
 * meld of 7s, then discards the 5: the whole hand in one turn with a
 * canasta of its own, but one card went onto a meld the side had before
 * the turn.  additions 0: an ordinary exit (G2, 100); 1: concealed. */
static void exit_with_partner_meld(int additions, int add_first)
{
    canasta_game *g = LOAD(PARTNER_MELDED, additions);
    if (add_first)
        th_do_meld(g, 0, "7s");
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    th_do_meld(g, 0, "Qc Qd Qh");
    if (!add_first)
        th_do_meld(g, 0, "7s");
    th_do_discard(g, 0, "5c");
    /* Side 0: K x7 (70) + Q x3 (30) + 7 x4 (20) + 6 x3 (15) = 135; 500;
     * seat 2's 9c 9d: -20.  Going out: 100 when the addition counts
     * against concealment (the default), 200 with the option. */
    int concealed = additions == 1;
    int out = concealed ? 200 : 100;
    th_expect_end(g, concealed ? CANASTA_END_CONCEALED : CANASTA_END_WENT_OUT,
                  0);
    th_expect_items(g, 0, 135, 500, 0, 0, out, -20, 135 + 500 + out - 20);
    th_expect_items(g, 1, 0, 0, 0, 0, 0, -40, -40);
    canasta_game_free(g);
}

START_TEST(test_G3_adding_to_partner_meld_scores_100_by_default)
{
    exit_with_partner_meld(-1, 0);
    exit_with_partner_meld(0, 0);
    exit_with_partner_meld(-1, 1); /* the addition first: the same */
    exit_with_partner_meld(0, 1);
}
END_TEST

START_TEST(test_G3_option_concealed_additions_scores_200)
{
    exit_with_partner_meld(1, 0);
    exit_with_partner_meld(1, 1);
}
END_TEST

/* G3, P5: the pile's top 6 joins the partner's meld of 6s (groups[0]
 * empty), then seat 0 melds the kings and the queens and has no card
 * left.  The top card went onto an earlier meld of the side: not
 * concealed by default; concealed with the option.  Side 0: 70 + 30 +
 * 7 7 7 (15) + 6 x4 (20) = 135, 500, seat 2 -20. */
static void take_onto_partner_meld(int additions)
{
    canasta_game *g = LOAD(TAKE_TO_PARTNER, additions);
    canasta_move m;
    th_take(&m, g, 0, "");
    listed_agrees(g, &m, 1);
    th_ok(g, &m);
    th_expect_meld(g, 0, CANASTA_RANK_SIX, 4, 0, 0);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    th_do_meld(g, 0, "Qc Qd Qh");
    int concealed = additions == 1;
    int out = concealed ? 200 : 100;
    th_expect_end(g, concealed ? CANASTA_END_CONCEALED : CANASTA_END_WENT_OUT,
                  0);
    th_expect_items(g, 0, 135, 500, 0, 0, out, -20, 135 + 500 + out - 20);
    canasta_game_free(g);
}

START_TEST(test_G3_take_onto_partner_meld_is_not_concealed)
{
    take_onto_partner_meld(-1);
    take_onto_partner_meld(1);
}
END_TEST

/* The state carries the addition: written into the position mid-turn
 * (added-to-earlier-melds 1), read back, saved and loaded, undone. */
START_TEST(test_G3_addition_survives_position_save_and_undo)
{
    canasta_game *g = LOAD(PARTNER_MELDED, -1);
    char *t = NULL;
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    ck_assert_ptr_null(strstr(t, "added-to-earlier-melds"));
    ck_assert_ptr_nonnull(strstr(t, "\noption concealed-additions 0\n"));
    canasta_free(t);
    th_do_meld(g, 0, "7s");
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    ck_assert_ptr_nonnull(strstr(t, "\nadded-to-earlier-melds 1\n"));
    /* From the position: the exit that follows is still ordinary. */
    canasta_game *p = NULL;
    char why[256] = "";
    ck_assert_msg(canasta_game_from_position(&p, why, sizeof why, t,
                                             (size_t)-1) == CANASTA_OK,
                  "%s", why);
    canasta_free(t);
    /* A save of the game mid-turn loads back equal. */
    char *s = NULL;
    ck_assert_int_eq(canasta_game_save(&s, NULL, g), CANASTA_OK);
    canasta_game *l = NULL;
    ck_assert_msg(canasta_game_load(&l, why, sizeof why, s, (size_t)-1) ==
                  CANASTA_OK, "%s", why);
    ck_assert(th_games_equal(l, g));
    canasta_free(s);
    canasta_game *games[3] = { g, p, l };
    for (int i = 0; i < 3; i++) {
        th_do_meld(games[i], 0, "Kc Kc Kd Kd Kh Kh Ks");
        th_do_meld(games[i], 0, "Qc Qd Qh");
        th_do_discard(games[i], 0, "5c");
        th_expect_end(games[i], CANASTA_END_WENT_OUT, 0);
    }
    /* Undo back before the addition: the turn is clean again, and an
     * exit of seat 0's own melds would now be concealed. */
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(canasta_undo(g), CANASTA_OK);
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    ck_assert_ptr_null(strstr(t, "added-to-earlier-melds"));
    canasta_free(t);
    canasta_game_free(l);
    canasta_game_free(p);
    canasta_game_free(g);
}
END_TEST

/* text without every line that starts with `start` (a line of its own). */
static char *without_lines(const char *text, const char *start)
{
    size_t n = strlen(text), k = 0, len = strlen(start);
    char *out = malloc(n + 1);
    ck_assert_ptr_nonnull(out);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t line = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (strncmp(p, start, len) != 0) {
            memcpy(out + k, p, line);
            k += line;
        }
        p += line;
    }
    out[k] = '\0';
    return out;
}

/* Texts as 1.0 wrote them, without the option line (and without the
 * added-to-earlier-melds line): a record whose exit was concealed under
 * 1.0's reading no longer matches its events (E_MISMATCH) and replays
 * again with "option concealed-additions 1"; a save taken in the middle
 * of the turn loads as before. */
START_TEST(test_G3_texts_without_the_option_line)
{
    canasta_game *g = LOAD(PARTNER_MELDED, 1);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    th_do_meld(g, 0, "Kc Kc Kd Kd Kh Kh Ks");
    th_do_meld(g, 0, "Qc Qd Qh");
    th_do_meld(g, 0, "7s");
    th_do_discard(g, 0, "5c");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    char *t = NULL;
    ck_assert_int_eq(canasta_record_text(&t, NULL, rec, CANASTA_VIEW_ALL),
                     CANASTA_OK);
    ck_assert_ptr_nonnull(strstr(t, "\noption concealed-additions 1\n"));
    char *old = without_lines(t, "option concealed-additions");
    canasta_record *r2 = NULL;
    char why[512] = "";
    int line = 0;
    ck_assert_int_eq(canasta_record_parse(&r2, why, sizeof why, old,
                                          (size_t)-1), CANASTA_OK);
    int rc = canasta_record_replay(NULL, &line, why, sizeof why, r2);
    ck_assert_msg(rc == CANASTA_E_MISMATCH, "%s: %s", canasta_error_name(rc),
                  why);
    canasta_record_free(r2);
    ck_assert_int_eq(canasta_record_parse(&r2, why, sizeof why, t,
                                          (size_t)-1), CANASTA_OK);
    ck_assert_msg(canasta_record_replay(NULL, &line, why, sizeof why, r2) ==
                  CANASTA_OK, "%s", why);
    canasta_record_free(r2);
    free(old);
    canasta_free(t);
    canasta_record_free(rec);
    canasta_game_free(g);

    /* Mid-turn, after the addition (default rules, as a 1.0 text reads). */
    g = LOAD(PARTNER_MELDED, -1);
    th_do_meld(g, 0, "7s");
    char *s = NULL;
    ck_assert_int_eq(canasta_game_save(&s, NULL, g), CANASTA_OK);
    ck_assert_ptr_nonnull(strstr(s, "\nadded-to-earlier-melds 1\n"));
    char *s1 = without_lines(s, "option concealed-additions");
    char *s2 = without_lines(s1, "added-to-earlier-melds");
    canasta_game *l = NULL;
    ck_assert_msg(canasta_game_load(&l, why, sizeof why, s2, (size_t)-1) ==
                  CANASTA_OK, "%s", why);
    ck_assert(th_games_equal(l, g));
    canasta_game_free(l);
    free(s1);
    free(s2);
    canasta_free(s);
    canasta_game_free(g);
}
END_TEST

/* A position that claims an addition it cannot have had is refused: the
 * player had melded before this turn (the engine notes it for nobody
 * else), or nothing was laid this turn. */
START_TEST(test_G3_position_addition_line_checked)
{
    const size_t n = sizeof PARTNER_MELDED / sizeof PARTNER_MELDED[0];
    const char *lines[sizeof PARTNER_MELDED / sizeof PARTNER_MELDED[0] + 1];
    memcpy(lines, PARTNER_MELDED, sizeof PARTNER_MELDED);
    lines[n] = "added-to-earlier-melds 1";
    char *t = th_position_text(NULL, lines, n + 1);
    canasta_game *g = NULL;
    char why[512] = "";
    /* melds-this-turn 0 after a stock draw: nothing was laid yet */
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t,
                                                (size_t)-1),
                     CANASTA_E_INVALID);
    ck_assert_msg(strstr(why, "G3: added-to-earlier-melds 1") != NULL, "%s",
                  why);
    ck_assert_ptr_null(g);
    free(t);
    lines[n] = "added-to-earlier-melds 2";
    t = th_position_text(NULL, lines, n + 1);
    ck_assert_int_eq(canasta_game_from_position(&g, why, sizeof why, t,
                                                (size_t)-1),
                     CANASTA_E_SYNTAX);
    free(t);
}
END_TEST

/* ---------------------------------------------------------------- */
/* The waiver of the opening minimum                                  */
/* ---------------------------------------------------------------- */

/* Side 0 has not opened and has a total of 1650 before this hand (O1:
 * minimum 90; hand 3, after a hand 2 that scored nothing: S5); seat 0 has
 * drawn from the stock.  Its hand: seven kings
 * (70), three 5s (15), a 4 to discard: 85 melded in all, short of 90. */
static const char *const UNOPENED[] = {
    "hand-number 3", "dealer 3", "phase play", "turn 0", "source stock",
    "melds-this-turn 0", "take-extra 0", "permission none",
    "melded-before-turn 0", "new-melds", "seat-melded 0 0 0 0",
    "totals 1650 0", "last-hand stock -",
    "last-score 0 0 0 0 0 0 0 0", "last-score 1 0 0 0 0 0 0 0",
    "opened 0 0",
    "hand 0 Kc Kc Kd Kd Kh Kh Ks 5c 5d 5h 4c",
    "hand 1 4d 4h 5s 6d", "hand 2 9c 9d", "hand 3 8c 8d",
    "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
    "stock", "pile 10c",
};

static void waived_exit(int additions)
{
    canasta_game *g = LOAD(UNOPENED, additions);
    int minimum = 0;
    ck_assert_int_eq(canasta_game_opening_minimum(&minimum, g, 0),
                     CANASTA_OK);
    ck_assert_int_eq(minimum, 90);
    canasta_move m;
    th_meld(&m, 0, "5c 5d 5h | Kc Kc Kd Kd Kh Kh Ks");
    /* 85 < 90, but the move begins a canasta, leaves one card and
     * follows a stock draw: G3 waives the minimum.  The enumerator lists
     * it (a whole-hand exit the waiver makes possible; canonical form:
     * groups by rank, lowest suits named). */
    listed_agrees(g, &m, 1);
    th_ok(g, &m);
    th_do_discard(g, 0, "4c");
    /* Side 0: 70 + 15 = 85, 500, 200, seat 2 -20: 765 (both readings:
     * an unopened side has no meld to add to). */
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    th_expect_items(g, 0, 85, 500, 0, 0, 200, -20, 765);
    canasta_game_free(g);
}

START_TEST(test_G3_waiver_accepts_concealed_exit_below_minimum)
{
    waived_exit(-1);
    waived_exit(1);
}
END_TEST

/* The waiver is for the concealed exit only (one move that leaves at
 * most one card and begins a canasta): laying the kings alone (70 of 90,
 * four cards kept) is an opening that falls short, refused by O1 with
 * the game unchanged; the enumerator does not list it. */
START_TEST(test_G3_waiver_refuses_short_opening_that_is_no_exit)
{
    canasta_game *g = LOAD(UNOPENED, -1);
    canasta_move m;
    th_meld(&m, 0, "Kc Kc Kd Kd Kh Kh Ks");
    listed_agrees(g, &m, 0);
    char why[512];
    th_reject_ids_why(why, sizeof why, g, &m, CANASTA_E_OPENING, "O1");
    /* The sentence gives the count, the minimum and the total it comes
     * from (O1: 1,650 needs 90). */
    ck_assert_msg(strstr(why, "70") && strstr(why, "90") &&
                  strstr(why, "1,650"), "%s", why);
    canasta_game_free(g);
}
END_TEST

/* After taking the pile the minimum applies (G3, O3): seat 0 of the same
 * side takes the pile (top Kc, frozen for the unopened side: its natural
 * pair meets P4) with six kings, melding the 5s too: 10 + 60 + 15 = 85 of
 * 90, which would leave one card (the 4c).  Refused: E_OPENING citing
 * O3, and the waiver never enters into it. */
static const char *const UNOPENED_TAKE[] = {
    "hand-number 3", "dealer 3", "phase draw", "turn 0", "source none",
    "melds-this-turn 0", "take-extra 0", "permission none",
    "melded-before-turn 0", "new-melds", "seat-melded 0 0 0 0",
    "totals 1650 0", "last-hand stock -",
    "last-score 0 0 0 0 0 0 0 0", "last-score 1 0 0 0 0 0 0 0",
    "opened 0 0",
    "hand 0 Kc Kd Kd Kh Kh Ks 5c 5d 5h 4c",
    "hand 1 4d 4h 5s 6d", "hand 2 9c 9d", "hand 3 8c 8d",
    "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
    "stock", "pile Kc",
};

START_TEST(test_G3_no_waiver_after_taking_the_pile)
{
    canasta_game *g = LOAD(UNOPENED_TAKE, -1);
    canasta_move m;
    th_take(&m, g, 0, "Kc Kd Kd Kh Kh Ks | 5c 5d 5h");
    listed_agrees(g, &m, 0);
    char why[512];
    th_reject_ids_why(why, sizeof why, g, &m, CANASTA_E_OPENING, "O3");
    ck_assert_msg(strstr(why, "85") && strstr(why, "90") &&
                  strstr(why, "1,650"), "%s", why);
    canasta_game_free(g);
}
END_TEST

Suite *suite_concealed(void)
{
    Suite *s = suite_create("concealed");
    TCase *c = tcase_create("G3_exit");
    tcase_add_test(c, test_G3_own_new_melds_only_scores_200);
    tcase_add_test(c, test_G3_adding_to_partner_meld_scores_100_by_default);
    tcase_add_test(c, test_G3_option_concealed_additions_scores_200);
    tcase_add_test(c, test_G3_take_onto_partner_meld_is_not_concealed);
    tcase_add_test(c, test_G3_addition_survives_position_save_and_undo);
    tcase_add_test(c, test_G3_position_addition_line_checked);
    tcase_add_test(c, test_G3_texts_without_the_option_line);
    suite_add_tcase(s, c);
    c = tcase_create("G3_waiver");
    tcase_add_test(c, test_G3_waiver_accepts_concealed_exit_below_minimum);
    tcase_add_test(c, test_G3_waiver_refuses_short_opening_that_is_no_exit);
    tcase_add_test(c, test_G3_no_waiver_after_taking_the_pile);
    suite_add_tcase(s, c);
    return s;
}
