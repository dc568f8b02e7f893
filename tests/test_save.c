/*
 * Saved games (docs/NOTATION.md, "Saved games"): canasta_game_save and
 * canasta_game_load.
 *
 *  - seeded random play (splitmix64 of helpers.h), saved at random points
 *    and always at hand-over and game-over, after canasta_game_set_deck
 *    and in hands that began from a position: the loaded game is
 *    canasta_game_equal to the saved one, saves to the same bytes, plays
 *    on identically and undoes (A3) identically;
 *  - the start lines, the deck line and the base block are written when
 *    they should be;
 *  - illegal moves are refused with the engine's code and rule message
 *    and the line number; every other inconsistency with E_SYNTAX,
 *    E_INVALID or E_VERSION; truncation and random damage never crash the
 *    loader and never load an inconsistent game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"


static char *save_text(const canasta_game *g)
{
    char *t = NULL;
    size_t n = 0;
    int rc = canasta_game_save(&t, &n, g);
    REQ_MSG(rc == CANASTA_OK, "canasta_game_save: %d", rc);
    REQ(t != NULL && strlen(t) == n);
    return t;
}

static canasta_game *load_ok(const char *text)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_load(&g, why, sizeof why, text, strlen(text));
    REQ_MSG(rc == CANASTA_OK, "load: %s (%s)\n%s", canasta_error_name(rc),
            why, text);
    REQ(g != NULL);
    return g;
}

/* Expect text to be refused with code and a message that starts
 * "line N: " and contains needle (may be NULL). */
static void refuse(const char *text, int code, int line, const char *needle)
{
    canasta_game *g = (canasta_game *)1;
    char why[512], prefix[32];
    int rc = canasta_game_load(&g, why, sizeof why, text, (size_t)-1);
    ck_assert_msg(rc == code, "expected %s, got %s (%s)",
                  canasta_error_name(code), canasta_error_name(rc),
                  rc ? why : "");
    ck_assert_ptr_null(g);
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0,
                  "expected \"%s...\", got \"%s\"", prefix, why);
    if (needle)
        ck_assert_msg(strstr(why, needle) != NULL,
                      "expected \"%s\" in \"%s\"", needle, why);
}

/* The text's lines (a copy, cut at the newlines). */
typedef struct {
    char *buf;
    char **line;
    size_t n;
} lines_t;

static lines_t split(const char *text)
{
    lines_t l;
    size_t len = strlen(text);
    l.buf = malloc(len + 1);
    memcpy(l.buf, text, len + 1);
    l.line = malloc(sizeof *l.line * (len + 1));
    l.n = 0;
    for (char *s = l.buf; *s;) {
        char *nl = strchr(s, '\n');
        l.line[l.n++] = s;
        if (!nl)
            break;
        *nl = '\0';
        s = nl + 1;
    }
    return l;
}

/* The 1-based number of the first line equal to / starting with s. */
static int find_line(const lines_t *l, const char *s, int prefix)
{
    for (size_t i = 0; i < l->n; i++)
        if (prefix ? strncmp(l->line[i], s, strlen(s)) == 0
                   : strcmp(l->line[i], s) == 0)
            return (int)i + 1;
    return 0;
}

/* Join the lines, with line `at` (1-based) replaced by `with` (NULL:
 * dropped) and `insert` (if not NULL) put before line `ins_at`. */
static char *join(const lines_t *l, int at, const char *with, int ins_at,
                  const char *insert)
{
    size_t cap = 64 + (insert ? strlen(insert) : 0) +
                 (with ? strlen(with) : 0);
    for (size_t i = 0; i < l->n; i++)
        cap += strlen(l->line[i]) + 1;
    char *out = malloc(cap), *o = out;
    for (size_t i = 0; i < l->n; i++) {
        if ((int)i + 1 == ins_at && insert)
            o += sprintf(o, "%s\n", insert);
        if ((int)i + 1 == at) {
            if (with)
                o += sprintf(o, "%s\n", with);
            continue;
        }
        o += sprintf(o, "%s\n", l->line[i]);
    }
    *o = '\0';
    return out;
}

static void free_lines(lines_t *l)
{
    free(l->buf);
    free(l->line);
}

/* Plays random legal moves on g: n of them, or fewer at game over. */
static void play_random(canasta_game *g, th_sm64 *r, th_movelist *ml, int n)
{
    for (int i = 0; i < n; i++) {
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
            return;
        th_list_moves(ml, g);
        REQ(canasta_apply(NULL, 0, g, &ml->v[th_sm64_below(r, ml->n)]) == 0);
    }
}

/* ---------------------------------------------------------------- */
/* Round trips                                                        */
/* ---------------------------------------------------------------- */

/* l was loaded from the save of g: both play the same random moves and
 * stay equal; undo (A3) takes both back the same way, to the hand's
 * start. */
static void continue_alike(const canasta_game *g, canasta_game *l,
                           th_sm64 *r, th_movelist *ml)
{
    canasta_game *c = NULL;
    REQ(canasta_game_clone(&c, g) == CANASTA_OK);
    int steps = 1 + (int)th_sm64_below(r, 4);
    for (int i = 0; i < steps && th_phase(c) != CANASTA_PHASE_GAME_OVER;
         i++) {
        th_list_moves(ml, c);
        canasta_move m = ml->v[th_sm64_below(r, ml->n)];
        REQ(canasta_apply(NULL, 0, c, &m) == CANASTA_OK);
        REQ(canasta_apply(NULL, 0, l, &m) == CANASTA_OK);
        REQ(th_games_equal(c, l));
    }
    int a, b;
    do {
        a = canasta_undo(c);
        b = canasta_undo(l);
        REQ(a == b);
        REQ(th_games_equal(c, l));
    } while (a == CANASTA_OK);
    REQ(a == CANASTA_E_NO_UNDO);
    canasta_game_free(c);
}

/* A random permutation of the current deck (for set_deck). */
static void shuffled_deck(uint8_t *deck, size_t *n, const canasta_game *g,
                          th_sm64 *r)
{
    REQ(canasta_game_deck(deck, 256, n, g) == CANASTA_OK);
    REQ(*n == 108);
    for (size_t i = *n - 1; i > 0; i--) {
        size_t j = th_sm64_below(r, i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

typedef struct {
    long saves, custom_decks, from_positions, hand_overs, game_overs;
} round_stats;

static void check_save(const canasta_game *g, th_sm64 *r, th_movelist *ml,
                       int custom_deck, int from_position, round_stats *rs)
{
    char *t = save_text(g);
    /* C7: a deck line exactly when the hand's deck is not the seed's; a
     * base block exactly when the hand began from a position. */
    REQ_MSG((strstr(t, "\ndeck ") != NULL) == custom_deck, "%s", t);
    REQ_MSG((strstr(t, "\nbegin base\n") != NULL) == from_position, "%s", t);
    canasta_game *l = load_ok(t);
    REQ_MSG(th_games_equal(g, l), "loaded game differs:\n%s", t);
    char *t2 = save_text(l);
    REQ_MSG(strcmp(t, t2) == 0, "saved again differs:\n%s\n---\n%s", t, t2);
    continue_alike(g, l, r, ml);
    canasta_free(t);
    canasta_free(t2);
    canasta_game_free(l);
    rs->saves++;
    rs->custom_decks += custom_deck;
    rs->from_positions += from_position;
    rs->hand_overs += th_phase(g) == CANASTA_PHASE_HAND_OVER;
    rs->game_overs += th_phase(g) == CANASTA_PHASE_GAME_OVER;
}

static void round_trip_games(canasta_rules *rules, uint64_t seed0, int games,
                             round_stats *rs)
{
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { seed0 * 31 + 1 };
    for (int gi = 0; gi < games; gi++) {
        canasta_game *g = NULL;
        REQ(canasta_game_create(&g, rules, seed0 + (uint64_t)gi) == 0);
        int custom = 0, from_pos = 0, hands = 0;
        for (;;) {
            int ph = th_phase(g);
            /* At a hand's start: sometimes a caller's deck (C7). */
            if (ph == CANASTA_PHASE_DRAW && !from_pos && !custom &&
                th_sm64_below(&r, 4) == 0) {
                uint8_t deck[256];
                size_t n;
                shuffled_deck(deck, &n, g, &r);
                int rc = canasta_game_set_deck(g, deck, n);
                if (rc == CANASTA_OK)
                    custom = 1;
                else
                    REQ(rc == CANASTA_E_NOT_FRESH);
            }
            if (ph >= CANASTA_PHASE_HAND_OVER || th_sm64_below(&r, 5) == 0)
                check_save(g, &r, &ml, custom, from_pos, rs);
            if (ph == CANASTA_PHASE_GAME_OVER || hands >= 6)
                break;
            /* Sometimes go on from the position instead (A3: its hand
             * then begins from that position). */
            if (ph != CANASTA_PHASE_HAND_OVER && th_sm64_below(&r, 150) == 0) {
                char *pt = NULL;
                canasta_game *p = NULL;
                char why[256];
                REQ(canasta_game_position(&pt, NULL, g) == 0);
                REQ(canasta_game_from_position(&p, why, sizeof why, pt,
                                               (size_t)-1) == 0);
                canasta_free(pt);
                canasta_game_free(g);
                g = p;
                from_pos = 1;
                custom = 0;
                check_save(g, &r, &ml, custom, from_pos, rs);
            }
            th_list_moves(&ml, g);
            canasta_move m = ml.v[th_sm64_below(&r, ml.n)];
            REQ(canasta_apply(NULL, 0, g, &m) == CANASTA_OK);
            if (m.kind == CANASTA_MOVE_NEXT_HAND) {
                custom = 0;
                from_pos = 0;
                hands++;
            }
        }
        canasta_game_free(g);
    }
    free(ml.v);
}

START_TEST(test_save_round_trip_random_play)
{
    canasta_rules *rules = NULL;
    round_stats rs = { 0, 0, 0, 0, 0 };
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), 0);
    /* S6: a low target so that games end. */
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 2500),
                     0);
    round_trip_games(rules, 7000, 24, &rs);
    canasta_rules_free(rules);
    ck_assert_int_gt(rs.saves, 1000);
    ck_assert_int_gt(rs.custom_decks, 20);
    ck_assert_int_gt(rs.from_positions, 5);
    ck_assert_int_gt(rs.hand_overs, 10);
    ck_assert_int_gt(rs.game_overs, 5);
}
END_TEST

/* Options other than the defaults (T1 draw-count, G1, G4, P6, S6, G3). */
START_TEST(test_save_round_trip_options)
{
    canasta_rules *rules = NULL;
    round_stats rs = { 0, 0, 0, 0, 0 };
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_DRAW_COUNT, 2), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_CANASTAS_TO_GO_OUT,
                                       2), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_ONE_CARD_RULE, 0),
                     0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_ASK_PERMISSION, 0),
                     0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TIE_RULE,
                                       CANASTA_TIE_DECLARE), 0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 2000),
                     0);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_CONCEALED_ADDITIONS,
                                       1), 0);
    round_trip_games(rules, 8100, 10, &rs);
    canasta_rules_free(rules);
    ck_assert_int_gt(rs.saves, 300);
}
END_TEST

/* The start lines of a new game, and of a later hand. */
START_TEST(test_save_start_lines)
{
    canasta_game *g = th_new_game(42);
    int dealer = -1;
    ck_assert_int_eq(canasta_game_dealer(&dealer, g), 0);
    char *t = save_text(g);
    lines_t l = split(t);
    char want[64];
    ck_assert_str_eq(l.line[0], "canasta-save 1");
    ck_assert_str_eq(l.line[1], "preset classic");
    ck_assert_str_eq(l.line[2], "option target 5000");
    ck_assert_str_eq(l.line[9], "option concealed-additions 0");
    ck_assert_str_eq(l.line[10], "sides 0 1 0 1");
    ck_assert_str_eq(l.line[11], "seed 42");
    ck_assert_str_eq(l.line[12], "hand-number 1");
    snprintf(want, sizeof want, "dealer %d", dealer);
    ck_assert_str_eq(l.line[13], want);
    ck_assert_str_eq(l.line[14], "start-totals 0 0");
    ck_assert_str_eq(l.line[15], "start-last-hand none -");
    ck_assert_str_eq(l.line[16], "begin position");
    ck_assert_str_eq(l.line[l.n - 1], "end position");
    free_lines(&l);
    canasta_free(t);

    /* Moves follow the start lines, one per line, as
     * canasta_move_to_string writes them. */
    int seat = th_seat(g);
    th_do_draw(g, seat);
    t = save_text(g);
    l = split(t);
    snprintf(want, sizeof want, "%d draw", seat);
    ck_assert_str_eq(l.line[16], want);
    ck_assert_str_eq(l.line[17], "begin position");
    free_lines(&l);
    canasta_free(t);

    /* After a hand: its result becomes the next hand's start. */
    th_sm64 r = { 5 };
    th_movelist ml = { NULL, 0, 0 };
    while (th_phase(g) != CANASTA_PHASE_HAND_OVER)
        play_random(g, &r, &ml, 1);
    int how, out, items[2][CANASTA_SCORE_ITEMS];
    canasta_game_hand_end(&how, &out, g);
    for (int s = 0; s < 2; s++)
        canasta_game_hand_score(items[s], CANASTA_SCORE_ITEMS, g, s);
    canasta_move m;
    th_move(&m, CANASTA_MOVE_NEXT_HAND, th_seat(g));
    th_ok(g, &m);
    t = save_text(g);
    l = split(t);
    ck_assert_str_eq(l.line[12], "hand-number 2");
    snprintf(want, sizeof want, "dealer %d", (dealer + 1) % 4);
    ck_assert_str_eq(l.line[13], want);
    snprintf(want, sizeof want, "start-totals %d %d", th_total(g, 0),
             th_total(g, 1));
    ck_assert_str_eq(l.line[14], want);
    ck_assert(strncmp(l.line[15], "start-last-hand ", 16) == 0);
    for (int s = 0; s < 2; s++) {
        char row[160];
        int k = snprintf(row, sizeof row, "start-last-score %d", s);
        for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
            k += snprintf(row + k, sizeof row - (size_t)k, " %d", items[s][i]);
        ck_assert_str_eq(l.line[16 + s], row);
    }
    canasta_game *back = load_ok(t);
    ck_assert(th_games_equal(back, g));
    canasta_game_free(back);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
    free(ml.v);
}
END_TEST

/* A hand that began from a position (written by hand: the same crafted
 * position as in test_position.c, with a frozen pile, P3) saves its base;
 * after loading, undo goes back to the base and no further (A3). */
START_TEST(test_A3_save_from_position_undo)
{
    static const char pos[] =
        "canasta-position 1\nseed 7\n"
        "hand-number 2\ndealer 0\nphase draw\nturn 1\nsource none\n"
        "melds-this-turn 0\ntake-extra 0\npermission none\n"
        "melded-before-turn 0\nnew-melds\nseat-melded 1 0 0 0\n"
        "totals 1600 -200\nlast-hand stock -\n"
        "last-score 0 1000 500 0 100 0 0 1600\n"
        "last-score 1 0 0 0 -100 0 -100 -200\nopened 1 0\n"
        "hand 0 Kh 6c 6d 7c 7d 9c 10c Jc Qc Ac\n"
        "hand 1 8c 8d 4d 5h 6h 7h 9d 10d Jd Qd Jk\n"
        "hand 2 4h 4s 5s 6s 7s 9s 10s Js Qs As Jk\n"
        "hand 3 4h 5h 6h 7h 9h 10h Jh Qh Ah 2d Ad\n"
        "red-threes 0 3d\nred-threes 1\nred-threes 2\nred-threes 3 3h\n"
        "meld 0 K: Kc Kd Ks\n"
        /* the rest of the deck, 5c 5d on top */
        "stock 5c 5d 2c 2d 2h 2h 2s 2s 3c 3c 3d 3h 3s 3s 4c 4d 4s 5c 5d 5s "
        "6c 6d 6s 7c 7d 7s 8h 8h 8s 9c 9s 10c 10h 10s Jc Jh Js Qc Qh Qs "
        "Kh Ks Kc Kd Ac As Ad Ah Jk Jk 8c 8d 9d 10d Jd Qd\n"
        "pile 4c 9h 2c 8s\n";
    canasta_game *g = NULL;
    char why[256];
    int rc = canasta_game_from_position(&g, why, sizeof why, pos, (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "%s", why);
    canasta_game *base = NULL;
    ck_assert_int_eq(canasta_game_clone(&base, g), 0);
    /* P4: seat 1 takes the frozen pile with its natural pair of 8s; the
     * 2c comes into its hand (P1); it discards the 4c. */
    th_do_take(g, 1, "8c 8d");
    th_do_discard(g, 1, "4c");
    char *t = save_text(g);
    lines_t l = split(t);
    int b = find_line(&l, "begin base", 0);
    ck_assert_int_gt(b, 0);
    ck_assert_int_eq(find_line(&l, "hand-number", 1), b + 1);
    ck_assert_int_eq(find_line(&l, "1 take 8c 8d", 0),
                     find_line(&l, "end base", 0) + 1);
    ck_assert_int_eq(find_line(&l, "1 discard 4c", 0),
                     find_line(&l, "end base", 0) + 2);
    canasta_game *h = load_ok(t);
    ck_assert(th_games_equal(g, h));
    ck_assert_int_eq(th_seat(h), 2);
    ck_assert_int_eq(th_hand_size(h, 1), 11 - 2 + 3 - 1);
    ck_assert_int_eq(th_pile_top(h), th_card("4c"));
    ck_assert_int_eq(canasta_undo(h), CANASTA_OK);
    ck_assert_int_eq(canasta_undo(h), CANASTA_OK);
    ck_assert(th_games_equal(h, base));
    ck_assert_int_eq(canasta_undo(h), CANASTA_E_NO_UNDO);

    /* The base block is checked like any position. */
    int hl = find_line(&l, "hand 0 ", 1);
    char *bad = join(&l, hl, "hand 0 Kh 6c 6d 7c 7d 9c 10c Jc Qc Ac 3h", 0,
                     NULL);
    refuse(bad, CANASTA_E_INVALID, hl, "R1");
    free(bad);
    /* A hand starts dealt or from a base, not both. */
    bad = join(&l, 0, NULL, b, "hand-number 2");
    refuse(bad, CANASTA_E_SYNTAX, b + 1, "begin base");
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(h);
    canasta_game_free(base);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Refusals                                                           */
/* ---------------------------------------------------------------- */

/* A game some moves into its first hand, and its save split in lines. */
static canasta_game *mid_game(uint64_t seed, int moves)
{
    canasta_game *g = th_new_game(seed);
    th_sm64 r = { seed + 1 };
    th_movelist ml = { NULL, 0, 0 };
    play_random(g, &r, &ml, moves);
    free(ml.v);
    return g;
}

/* An illegal move: the engine's code, the line and its rule message. */
START_TEST(test_T1_save_illegal_moves)
{
    canasta_game *g = th_new_game(11);
    int s = th_seat(g);
    char *t = save_text(g);
    lines_t l = split(t);
    int at = find_line(&l, "begin position", 0);
    char mv[64];

    /* T1: out of turn. */
    snprintf(mv, sizeof mv, "%d draw", (s + 1) % 4);
    char *bad = join(&l, 0, NULL, at, mv);
    refuse(bad, CANASTA_E_TURN, at, "T1");
    free(bad);
    /* T1: discarding before drawing. */
    uint8_t hand[32];
    size_t n;
    ck_assert_int_eq(canasta_game_hand(hand, sizeof hand, &n, g, s), 0);
    char card[8];
    canasta_card_to_string(card, sizeof card, hand[0]);
    snprintf(mv, sizeof mv, "%d discard %s", s, card);
    bad = join(&l, 0, NULL, at, mv);
    refuse(bad, CANASTA_E_PHASE, at, "T1");
    free(bad);
    /* E1: decline with a stock. */
    snprintf(mv, sizeof mv, "%d decline", s);
    bad = join(&l, 0, NULL, at, mv);
    refuse(bad, CANASTA_E_PHASE, at, "E1");
    free(bad);
    /* A move that is no move. */
    bad = join(&l, 0, NULL, at, "0 dance");
    refuse(bad, CANASTA_E_SYNTAX, at, "dance");
    free(bad);
    bad = join(&l, 0, NULL, at, "draw");
    refuse(bad, CANASTA_E_SYNTAX, at, "seat");
    free(bad);
    /* S5: "next" never appears in a save (it ends the hand). */
    snprintf(mv, sizeof mv, "%d next", s);
    bad = join(&l, 0, NULL, at, mv);
    refuse(bad, CANASTA_E_INVALID, at, "next");
    free(bad);
    free_lines(&l);
    canasta_free(t);

    /* T1: a card the player does not hold, later in the hand. */
    th_do_draw(g, s);
    t = save_text(g);
    l = split(t);
    at = find_line(&l, "begin position", 0);
    int held[CANASTA_CARD_LIMIT] = { 0 };
    ck_assert_int_eq(canasta_game_hand(hand, sizeof hand, &n, g, s), 0);
    for (size_t i = 0; i < n; i++)
        held[hand[i]]++;
    int c = 16; /* 4c and up: find one not held */
    while (held[c])
        c++;
    canasta_card_to_string(card, sizeof card, c);
    snprintf(mv, sizeof mv, "%d discard %s", s, card);
    bad = join(&l, 0, NULL, at, mv);
    refuse(bad, CANASTA_E_NOT_IN_HAND, at, "T1");
    free(bad);
    /* The move line itself is changed: its own line is named. */
    snprintf(mv, sizeof mv, "%d draw", s);
    int ml = find_line(&l, mv, 0);
    ck_assert_int_gt(ml, 0);
    snprintf(mv, sizeof mv, "%d draw", (s + 2) % 4);
    bad = join(&l, ml, mv, 0, NULL);
    refuse(bad, CANASTA_E_TURN, ml, "T1");
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* The position block must be what the moves give. */
START_TEST(test_save_position_must_match)
{
    canasta_game *g = mid_game(12, 30);
    char *t = save_text(g);
    lines_t l = split(t);
    int at = find_line(&l, "begin position", 0);
    int sl = find_line(&l, "stock ", 1);
    ck_assert_int_gt(sl, at);
    /* Two stock cards of different codes exchanged: still a valid
     * position, but not the one the moves lead to. */
    char *line = malloc(strlen(l.line[sl - 1]) + 1);
    strcpy(line, l.line[sl - 1]);
    char *a = strchr(line, ' ') + 1, *b = strchr(a, ' ') + 1;
    char *e = strchr(b, ' ');
    size_t la = (size_t)(b - 1 - a), lb = e ? (size_t)(e - b) : strlen(b);
    char first[8], second[8];
    memcpy(first, a, la);
    first[la] = '\0';
    memcpy(second, b, lb);
    second[lb] = '\0';
    if (strcmp(first, second) != 0) {
        char swapped[4096];
        snprintf(swapped, sizeof swapped, "stock %s %s%s", second, first,
                 e ? e : "");
        char *bad = join(&l, sl, swapped, 0, NULL);
        refuse(bad, CANASTA_E_INVALID, at, "does not match");
        free(bad);
    }
    free(line);
    /* A different whose-turn: caught by the position's own checks or the
     * comparison; either way E_INVALID. */
    int tl = find_line(&l, "totals ", 1);
    char *bad = join(&l, tl, "totals 5 0", 0, NULL);
    canasta_game *h = (canasta_game *)1;
    char why[256];
    ck_assert_int_eq(canasta_game_load(&h, why, sizeof why, bad, (size_t)-1),
                     CANASTA_E_INVALID);
    ck_assert_ptr_null(h);
    free(bad);
    /* No position block, or text after it. */
    bad = join(&l, 0, NULL, 0, NULL);
    size_t n = strlen(bad);
    char *cut = strstr(bad, "begin position\n");
    *cut = '\0';
    refuse(bad, CANASTA_E_SYNTAX, at - 1, "begin position");
    free(bad);
    bad = malloc(n + 32);
    sprintf(bad, "%s0 draw\n", t);
    refuse(bad, CANASTA_E_SYNTAX, (int)l.n + 1, "end position");
    sprintf(bad, "%s\n# a comment\n\n", t);
    h = load_ok(bad);
    ck_assert(th_games_equal(g, h));
    canasta_game_free(h);
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* The start lines: required, consistent (S5, S6), a valid deck (C2). */
START_TEST(test_S5_save_start_checks)
{
    canasta_game *g = th_new_game(13);
    char *t = save_text(g);
    lines_t l = split(t);
    int hn = find_line(&l, "hand-number", 1);
    int dl = find_line(&l, "dealer", 1);
    int st = find_line(&l, "start-totals", 1);
    int lh = find_line(&l, "start-last-hand", 1);
    int bp = find_line(&l, "begin position", 0);
    char *bad;

    /* Each start line is required. */
    int req[] = { hn, dl, st, lh };
    static const char *const names[] = { "hand-number", "dealer",
                                         "start-totals", "start-last-hand" };
    for (int i = 0; i < 4; i++) {
        bad = join(&l, req[i], NULL, 0, NULL);
        refuse(bad, CANASTA_E_SYNTAX, bp - 1, names[i]);
        free(bad);
    }
    /* A line twice. */
    bad = join(&l, 0, NULL, dl, l.line[dl - 1]);
    refuse(bad, CANASTA_E_SYNTAX, dl + 1, "second");
    free(bad);
    /* The first hand follows no hand and starts from totals 0. */
    bad = join(&l, lh, "start-last-hand stock -", bp,
               "start-last-score 0 0 0 0 0 0 0 0\n"
               "start-last-score 1 0 0 0 0 0 0 0");
    refuse(bad, CANASTA_E_INVALID, lh, NULL);
    free(bad);
    bad = join(&l, st, "start-totals 100 0", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, st, "S5");
    free(bad);
    /* A later hand follows a finished one, whose score adds up (S5). */
    bad = join(&l, hn, "hand-number 3", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, lh, NULL);
    free(bad);
    bad = join(&l, lh, "start-last-hand went-out 1", bp,
               "start-last-score 0 100 0 0 0 100 -10 190\n"
               "start-last-score 1 0 0 0 0 0 -50 -40");
    refuse(bad, CANASTA_E_INVALID, bp + 1, "S5");
    free(bad);
    /* G2: a hand that ended by going out names who went out. */
    bad = join(&l, lh, "start-last-hand went-out -", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, lh, "G2");
    free(bad);
    /* S6: totals that already end the game. */
    {
        char *two = join(&l, hn, "hand-number 4", 0, NULL);
        lines_t l2 = split(two);
        char *b2 = join(&l2, st, "start-totals 5200 300", bp,
                        "start-last-score 0 100 0 0 0 100 -10 190\n"
                        "start-last-score 1 0 0 0 0 0 -50 -50");
        lines_t l3 = split(b2);
        char *b3 = join(&l3, lh, "start-last-hand went-out 1", 0, NULL);
        refuse(b3, CANASTA_E_INVALID, st, "S6");
        free(b3);
        free_lines(&l3);
        free(b2);
        free_lines(&l2);
        free(two);
    }
    /* Seats and numbers. */
    bad = join(&l, dl, "dealer 4", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, dl, NULL);
    free(bad);
    bad = join(&l, hn, "hand-number one", 0, NULL);
    refuse(bad, CANASTA_E_SYNTAX, hn, NULL);
    free(bad);
    /* Hand numbers up to 1000000000, so NEXT_HAND's + 1 cannot overflow. */
    bad = join(&l, hn, "hand-number 2147483647", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, hn, "1 to 1000000000, not 2147483647");
    free(bad);
    bad = join(&l, hn, "hand-number 1000000001", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, hn, "not 1000000001");
    free(bad);
    bad = join(&l, hn, "hand-number 2147483648", 0, NULL);
    refuse(bad, CANASTA_E_SYNTAX, hn, "not a number");
    free(bad);
    /* Totals and score items within +-1000000000 (S5), so no sum of the
     * engine can overflow; beyond int32 they are not numbers. */
    bad = join(&l, st, "start-totals 0 -2147483500", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, st,
           "S5: side 1's total must be -1000000000 to 1000000000");
    free(bad);
    bad = join(&l, st, "start-totals 1000000001 0", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, st, "S5: side 0's total");
    free(bad);
    bad = join(&l, st, "start-totals 0 2147483648", 0, NULL);
    refuse(bad, CANASTA_E_SYNTAX, st, "not a number");
    free(bad);
    bad = join(&l, lh, "start-last-hand went-out 1", bp,
               "start-last-score 0 1000000001 0 0 0 0 -1 1000000000\n"
               "start-last-score 1 0 0 0 0 0 -50 -50");
    refuse(bad, CANASTA_E_INVALID, bp, "S5: side 0's score items must be");
    free(bad);
    /* A save's start lines get the checks a record's first hand gets
     * (cn_check_start): the same rule and message for the same fault. */
    bad = join(&l, lh, "start-last-hand stock 2", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, lh, "E1: ");
    free(bad);
    bad = join(&l, lh, "start-last-hand went-out 1", 0, NULL);
    refuse(bad, CANASTA_E_SYNTAX, bp, "no \"start-last-score 0\" line");
    free(bad);
    bad = join(&l, 0, NULL, bp, "start-last-score 1 0 0 0 0 0 0 0");
    refuse(bad, CANASTA_E_INVALID, bp,
           "S5: a start-last-score line, but no hand has ended");
    free(bad);
    bad = join(&l, lh, "start-last-hand went-out 4", 0, NULL);
    refuse(bad, CANASTA_E_INVALID, lh, NULL);
    free(bad);
    /* C2: a deck line must be one whole deck. */
    uint8_t deck[256];
    size_t n;
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, g), 0);
    char line[1024];
    int k = snprintf(line, sizeof line, "deck");
    size_t dup = 0;
    while (deck[dup] == deck[dup + 1])
        dup++;
    for (size_t i = 0; i < n; i++) {
        char c[8];
        canasta_card_to_string(c, sizeof c, i == dup ? deck[dup + 1]
                                                     : deck[i]);
        k += snprintf(line + k, sizeof line - (size_t)k, " %s", c);
    }
    bad = join(&l, 0, NULL, bp, line);
    refuse(bad, CANASTA_E_INVALID, bp, "C2");
    free(bad);
    /* The same deck as the seed's is accepted (and not written back). */
    k = snprintf(line, sizeof line, "deck");
    for (size_t i = 0; i < n; i++) {
        char c[8];
        canasta_card_to_string(c, sizeof c, deck[i]);
        k += snprintf(line + k, sizeof line - (size_t)k, " %s", c);
    }
    bad = join(&l, 0, NULL, bp, line);
    canasta_game *h = load_ok(bad);
    ck_assert(th_games_equal(g, h));
    canasta_game_free(h);
    free(bad);
    /* E_HIDDEN: a deck with hidden cards. */
    bad = join(&l, 0, NULL, bp, "deck ?? ??");
    refuse(bad, CANASTA_E_HIDDEN, bp, NULL);
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* A position block that is possible by itself but not the one the moves
 * lead to: the message names the first line that differs. */
START_TEST(test_save_position_mismatch_names_the_line)
{
    /* The dealer of the position block (the start lines say who dealt). */
    canasta_game *g = mid_game(12, 30);
    char *t = save_text(g);
    lines_t l = split(t);
    int bp = find_line(&l, "begin position", 0);
    int pd = 0;
    for (size_t i = (size_t)bp; i < l.n && !pd; i++)
        if (strncmp(l.line[i], "dealer ", 7) == 0)
            pd = (int)i + 1;
    ck_assert_int_gt(pd, bp);
    int d = l.line[pd - 1][7] - '0';
    char repl[32];
    snprintf(repl, sizeof repl, "dealer %d", (d + 1) % 4);
    char *bad = join(&l, pd, repl, 0, NULL);
    refuse(bad, CANASTA_E_INVALID, bp, "the position does not match the "
           "moves (dealer differs)");
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);

    /* A red three laid out by the partner instead (R1: still a possible
     * position). */
    uint64_t seed = 0;
    int seat = -1;
    for (uint64_t s = 1; s < 200 && seat < 0; s++) {
        canasta_game *h = th_new_game(s);
        for (int k = 0; k < 4 && seat < 0; k++) {
            uint8_t c[8];
            size_t n = 0;
            REQ(canasta_game_red_threes(c, sizeof c, &n, h, k) == 0);
            if (n == 1) {
                seed = s;
                seat = k;
            }
        }
        canasta_game_free(h);
    }
    ck_assert_int_ge(seat, 0);
    g = th_new_game(seed);
    t = save_text(g);
    l = split(t);
    bp = find_line(&l, "begin position", 0);
    char key[32], mine[32], partner[64];
    snprintf(key, sizeof key, "red-threes %d ", seat);
    int rl = find_line(&l, key, 1);
    ck_assert_int_gt(rl, 0);
    snprintf(key, sizeof key, "red-threes %d", (seat + 2) % 4);
    int pl = find_line(&l, key, 1);
    ck_assert_int_gt(pl, 0);
    const char *card = strrchr(l.line[rl - 1], ' ') + 1;
    snprintf(mine, sizeof mine, "red-threes %d", seat);
    snprintf(partner, sizeof partner, "%s %s", l.line[pl - 1], card);
    char *one = join(&l, rl, mine, 0, NULL);
    lines_t l2 = split(one);
    bad = join(&l2, pl, partner, 0, NULL);
    snprintf(key, sizeof key, "(red-threes %d differs)",
             seat < (seat + 2) % 4 ? seat : (seat + 2) % 4);
    refuse(bad, CANASTA_E_INVALID, bp, key);
    free(bad);
    free_lines(&l2);
    free(one);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* Start lines that do not follow the grammar, and a base block after the
 * moves (NOTATION.md, "Saved games"). */
START_TEST(test_save_start_line_grammar)
{
    canasta_game *g = th_new_game(13);
    int s = th_seat(g);
    char *t = save_text(g);
    lines_t l = split(t);
    int dl = find_line(&l, "dealer", 1);
    int lh = find_line(&l, "start-last-hand", 1);
    int bp = find_line(&l, "begin position", 0);
    char *bad;

    /* A word too many. */
    char extra[64];
    snprintf(extra, sizeof extra, "%s 0", l.line[dl - 1]);
    bad = join(&l, dl, extra, 0, NULL);
    refuse(bad, CANASTA_E_SYNTAX, dl, "unexpected \"0\"");
    free(bad);
    /* start-last-score: a side of the game (0 or 1), once per side, seven
     * numbers. */
    bad = join(&l, lh, "start-last-hand stock -", bp,
               "start-last-score 2 0 0 0 0 0 0 0");
    refuse(bad, CANASTA_E_INVALID, bp, "the side must be 0 to 1, not 2");
    free(bad);
    bad = join(&l, lh, "start-last-hand stock -", bp,
               "start-last-score 0 0 0 0 0 0 0 0\n"
               "start-last-score 0 0 0 0 0 0 0 0");
    refuse(bad, CANASTA_E_SYNTAX, bp + 1, "a second \"start-last-score 0\" "
           "line (the first is line");
    free(bad);
    bad = join(&l, lh, "start-last-hand stock -", bp,
               "start-last-score 0 0 0 zero 0 0 0 0");
    refuse(bad, CANASTA_E_SYNTAX, bp, "\"zero\" is not a number");
    free(bad);
    bad = join(&l, lh, "start-last-hand stock -", bp,
               "start-last-score 0 0 0 0 0 0 0 0 0");
    refuse(bad, CANASTA_E_SYNTAX, bp, "unexpected \"0\"");
    free(bad);
    /* The deck line: cards, at most the deck's 108. */
    bad = join(&l, 0, NULL, bp, "deck 4c Xq");
    refuse(bad, CANASTA_E_SYNTAX, bp, "\"Xq\" is not a card");
    free(bad);
    {
        char deck[8 + 109 * 3], *o = deck;
        o += sprintf(o, "deck");
        for (int i = 0; i < 109; i++)
            o += sprintf(o, " 7h");
        bad = join(&l, 0, NULL, bp, deck);
        refuse(bad, CANASTA_E_INVALID, bp, "C2: the deck has 108 cards, not "
               "more");
        free(bad);
    }
    /* "begin base" replaces the start lines; after a move it is too
     * late. */
    char mv[32];
    snprintf(mv, sizeof mv, "%d draw\nbegin base", s);
    bad = join(&l, 0, NULL, bp, mv);
    refuse(bad, CANASTA_E_SYNTAX, bp + 1, "\"begin base\" comes before the "
           "moves");
    free(bad);
    free_lines(&l);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* Kind and version (E_VERSION), header tags, arguments. */
START_TEST(test_save_header_and_arguments)
{
    canasta_game *g = mid_game(14, 10);
    char *t = save_text(g);
    size_t n = strlen(t);
    char *bad = malloc(n + 64);
    canasta_game *h = (canasta_game *)1;
    char why[128];

    sprintf(bad, "canasta-save 2%s", strchr(t, '\n'));
    refuse(bad, CANASTA_E_VERSION, 1, NULL);
    sprintf(bad, "canasta-position 1%s", strchr(t, '\n'));
    refuse(bad, CANASTA_E_VERSION, 1, NULL);
    refuse("", CANASTA_E_VERSION, 0, NULL);
    /* No seed. */
    strcpy(bad, t);
    char *seed = strstr(bad, "\nseed ");
    seed[1] = '#';
    ck_assert_int_eq(canasta_game_load(&h, why, sizeof why, bad, (size_t)-1),
                     CANASTA_E_SYNTAX);
    ck_assert_ptr_nonnull(strstr(why, "seed"));
    /* Another seed deals another hand: the moves no longer fit (or the
     * position differs). */
    strcpy(bad, t);
    seed = strstr(bad, "\nseed ") + 6;
    *seed = *seed == '9' ? '1' : (char)(*seed + 1);
    ck_assert_int_ne(canasta_game_load(&h, why, sizeof why, bad, (size_t)-1),
                     CANASTA_OK);
    ck_assert_ptr_null(h);
    /* NULL arguments; why may be NULL; the length is respected. */
    ck_assert_int_eq(canasta_game_load(NULL, why, sizeof why, t, n),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_load(&h, why, sizeof why, NULL, 0),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_save(NULL, NULL, g), CANASTA_E_NULL);
    char *out = (char *)1;
    ck_assert_int_eq(canasta_game_save(&out, NULL, NULL), CANASTA_E_NULL);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(canasta_game_load(&h, NULL, 0, t, n - 5),
                     CANASTA_E_SYNTAX);
    ck_assert_int_eq(canasta_game_load(&h, NULL, 0, t, n), CANASTA_OK);
    ck_assert(th_games_equal(g, h));
    canasta_game_free(h);
    free(bad);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* Cut at every byte: refused (the position block and its end line are
 * required), except the cut that drops only the final newline. */
START_TEST(test_save_truncated_everywhere)
{
    canasta_game *g = mid_game(15, 25);
    char *t = save_text(g);
    size_t n = strlen(t);
    for (size_t cut = 0; cut < n - 1; cut++) {
        canasta_game *h = (canasta_game *)1;
        char why[256];
        int rc = canasta_game_load(&h, why, sizeof why, t, cut);
        REQ_MSG(rc != CANASTA_OK, "cut at %zu of %zu loaded", cut, n);
        REQ(h == NULL);
        REQ_MSG(strncmp(why, "line ", 5) == 0, "%s", why);
    }
    canasta_game *h = NULL;
    ck_assert_int_eq(canasta_game_load(&h, NULL, 0, t, n - 1), CANASTA_OK);
    ck_assert(th_games_equal(g, h));
    canasta_game_free(h);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* Random damage: changed bytes, and moves exchanged.  Never a crash; what
 * loads is consistent (saved again, it loads to the same game, and it has
 * a legal move unless it is over). */
static void check_damaged(const char *buf, size_t n, long *loaded)
{
    canasta_game *h = NULL;
    char why[256];
    int rc = canasta_game_load(&h, why, sizeof why, buf, n);
    if (rc != CANASTA_OK) {
        REQ(h == NULL);
        REQ_MSG(strncmp(why, "line ", 5) == 0, "%s", why);
        return;
    }
    (*loaded)++;
    char *t2 = save_text(h);
    canasta_game *h2 = load_ok(t2);
    REQ(th_games_equal(h, h2));
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, h);
    REQ(ml.n > 0 || th_phase(h) == CANASTA_PHASE_GAME_OVER);
    free(ml.v);
    canasta_free(t2);
    canasta_game_free(h);
    canasta_game_free(h2);
}

START_TEST(test_save_random_damage)
{
    th_sm64 r = { 0xBEEF };
    static const char alphabet[] = "0123456789 \n-?#:abcdehsjkqtJKQAT\r";
    long loaded = 0, rounds = 0;
    for (int gi = 0; gi < 3; gi++) {
        canasta_game *g = mid_game(16 + (uint64_t)gi, 20 + 20 * gi);
        char *t = save_text(g);
        size_t n = strlen(t);
        char *buf = malloc(n + 1);
        for (int i = 0; i < 1500; i++, rounds++) {
            memcpy(buf, t, n + 1);
            int flips = 1 + (int)th_sm64_below(&r, 3);
            for (int f = 0; f < flips; f++) {
                size_t at = th_sm64_below(&r, n);
                buf[at] = th_sm64_below(&r, 2)
                    ? alphabet[th_sm64_below(&r, sizeof alphabet - 1)]
                    : (char)th_sm64_below(&r, 256);
            }
            check_damaged(buf, n, &loaded);
        }
        /* Two move lines exchanged. */
        lines_t l = split(t);
        int first = find_line(&l, "start-last-hand", 1) + 1;
        int last = find_line(&l, "begin position", 0) - 1;
        for (int i = 0; i < 200 && last > first; i++, rounds++) {
            int a = first + (int)th_sm64_below(&r, (size_t)(last - first + 1));
            int b = first + (int)th_sm64_below(&r, (size_t)(last - first + 1));
            char *la = l.line[a - 1], *lb = l.line[b - 1];
            l.line[a - 1] = lb;
            l.line[b - 1] = la;
            char *sw = join(&l, 0, NULL, 0, NULL);
            check_damaged(sw, strlen(sw), &loaded);
            free(sw);
            l.line[a - 1] = la;
            l.line[b - 1] = lb;
        }
        free_lines(&l);
        free(buf);
        canasta_free(t);
        canasta_game_free(g);
    }
    ck_assert_int_gt(rounds, 4000);
    ck_assert_int_gt(loaded, 0); /* some damage is harmless (a comment) */
}
END_TEST

/* C3: hand 1 of a game is dealt by the seed's first dealer, so a save
 * whose hand 1 names another dealer describes no game (found by
 * fuzz_save; seed tests/fuzz/corpus/save/dealer-not-seed). */
START_TEST(test_C3_save_hand_one_dealer_follows_the_seed)
{
    canasta_game *g = th_new_game(5);
    int dealer = -1;
    char *text = save_text(g), line[32];
    ck_assert_int_eq(canasta_game_dealer(&dealer, g), CANASTA_OK);
    lines_t l = split(text);
    snprintf(line, sizeof line, "dealer %d", dealer);
    int at = find_line(&l, line, 0);
    ck_assert_int_gt(at, 0);
    snprintf(line, sizeof line, "dealer %d", (dealer + 1) % 4);
    char *bad = join(&l, at, line, 0, NULL);
    refuse(bad, CANASTA_E_INVALID, at, "C3");
    /* The unchanged text loads. */
    canasta_game *back = load_ok(text);
    canasta_game_free(back);
    free(bad);
    free_lines(&l);
    canasta_free(text);
    canasta_game_free(g);
}
END_TEST

Suite *suite_save(void)
{
    Suite *s = suite_create("save");
    TCase *rt = tcase_create("round_trip");
    TCase *fmt = tcase_create("format");
    TCase *bad = tcase_create("malformed");
    tcase_set_timeout(rt, 240);
    tcase_set_timeout(bad, 120);
    tcase_add_test(rt, test_save_round_trip_random_play);
    tcase_add_test(rt, test_save_round_trip_options);
    tcase_add_test(fmt, test_save_start_lines);
    tcase_add_test(fmt, test_A3_save_from_position_undo);
    tcase_add_test(bad, test_T1_save_illegal_moves);
    tcase_add_test(bad, test_save_position_must_match);
    tcase_add_test(bad, test_S5_save_start_checks);
    tcase_add_test(bad, test_save_start_line_grammar);
    tcase_add_test(bad, test_save_position_mismatch_names_the_line);
    tcase_add_test(bad, test_save_header_and_arguments);
    tcase_add_test(bad, test_C3_save_hand_one_dealer_follows_the_seed);
    tcase_add_test(bad, test_save_truncated_everywhere);
    tcase_add_test(bad, test_save_random_damage);
    suite_add_tcase(s, rt);
    suite_add_tcase(s, fmt);
    suite_add_tcase(s, bad);
    return s;
}
