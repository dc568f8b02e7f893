/*
 * Partial positions (docs/NOTATION.md, "Partial positions", new in 1.1):
 * "hand S ... +N", "stock ... +N" and "stock ... rest" deal the cards a
 * position does not name from its seed; totals may come without the hand
 * before's breakdown.  The five examples of examples/positions read, play
 * as their comments say, and read to the same game as their expansion;
 * the dealing procedure is the documented one (reimplemented here from
 * the text of NOTATION.md and API.md, not taken from the library); old
 * complete texts read as before; malformed shorthands are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const char *source_dir(void)
{
    const char *env = getenv("CANASTA_SRCDIR");
    if (env != NULL && *env != '\0')
        return env;
#ifdef CANASTA_SRCDIR
    return CANASTA_SRCDIR;
#else
    return ".";
#endif
}

static char *read_example(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/examples/positions/%s", source_dir(),
             name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (CANASTA_SRCDIR names the "
                  "source directory)", path);
    char *text = malloc(1 << 16);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

static canasta_game *read_ok(const char *text)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "%s: %s\n%s", canasta_error_name(rc), why,
                  text);
    return g;
}

static void refused(const char *text, int code, const char *part)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    ck_assert_msg(rc == code, "expected %s, got %s (%s)\n%s",
                  canasta_error_name(code), canasta_error_name(rc), why,
                  text);
    ck_assert_msg(part == NULL || strstr(why, part) != NULL,
                  "expected \"%s\" in \"%s\"", part, why);
}

/* The partial text reads to the same game as the complete position the
 * library writes of it, and that one writes itself back unchanged. */
static canasta_game *same_as_expansion(const char *text)
{
    canasta_game *g = read_ok(text);
    char *full = NULL;
    ck_assert_int_eq(canasta_game_position(&full, NULL, g), CANASTA_OK);
    ck_assert_ptr_null(strstr(full, "+"));
    ck_assert_ptr_null(strstr(full, " rest"));
    canasta_game *h = read_ok(full);
    ck_assert_int_eq(th_games_equal(g, h), 1);
    char *again = NULL;
    ck_assert_int_eq(canasta_game_position(&again, NULL, h), CANASTA_OK);
    ck_assert_str_eq(full, again);
    canasta_free(again);
    canasta_free(full);
    canasta_game_free(h);
    return g;
}

static void apply_text(canasta_game *g, const char *text)
{
    canasta_move m;
    char why[256];
    ck_assert_int_eq(canasta_move_from_string(&m, why, sizeof why, text,
                                              (size_t)-1, -1), CANASTA_OK);
    int rc = canasta_apply(why, sizeof why, g, &m);
    ck_assert_msg(rc == CANASTA_OK, "%s: %s", text, why);
}

static int refuse_text(canasta_game *g, const char *text)
{
    canasta_move m;
    char why[256];
    ck_assert_int_eq(canasta_move_from_string(&m, why, sizeof why, text,
                                              (size_t)-1, -1), CANASTA_OK);
    return canasta_validate(why, sizeof why, g, &m);
}

/* The legal moves as text, joined by "|". */
static void legal_text(char *out, size_t size, const canasta_game *g)
{
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, g);
    out[0] = '\0';
    for (size_t i = 0; i < ml.n; i++) {
        char buf[CANASTA_MOVE_TEXT_MAX];
        ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &ml.v[i]),
                         CANASTA_OK);
        if (i)
            strncat(out, "|", size - strlen(out) - 1);
        strncat(out, buf, size - strlen(out) - 1);
    }
    free(ml.v);
}

/* ---------------------------------------------------------------- */
/* The examples                                                       */
/* ---------------------------------------------------------------- */

/* P3, P4: the pile holds a two, so it is frozen for everyone: seat 0
 * takes it only with its natural pair of 9s, not by adding the 9 to its
 * side's meld of 9s and not with one 9 and its two. */
START_TEST(test_P4_example_frozen_pile)
{
    char *t = read_example("frozen-pile.pos");
    canasta_game *g = same_as_expansion(t);
    ck_assert_int_ne(th_pile_status(g, 0) & CANASTA_PILE_FROZEN_WILD, 0);
    char legal[4096];
    legal_text(legal, sizeof legal, g);
    ck_assert_str_eq(legal, "0 draw|0 take 9c 9d");
    ck_assert_int_eq(refuse_text(g, "0 take 9:"), CANASTA_E_PILE_FROZEN);
    ck_assert_int_eq(refuse_text(g, "0 take 9c 2d"), CANASTA_E_PILE_FROZEN);
    /* The named hand is seat 0's; the others hold the sizes given. */
    ck_assert_int_eq(th_hand_size(g, 0), 9);
    ck_assert_int_eq(th_hand_size(g, 1), 11);
    ck_assert_int_eq(th_hand_size(g, 2), 9);
    ck_assert_int_eq(th_total(g, 0), 1250);
    apply_text(g, "0 take 9c 9d");
    th_expect_meld(g, 0, 9, 6, 0, 0);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* O1, O3: side 1 at 1600 needs 90.  The top king with two kings counts
 * 30, too little; with three aces from the hand (60) it opens. */
START_TEST(test_O3_example_opening_from_the_pile)
{
    char *t = read_example("opening-from-pile.pos");
    canasta_game *g = same_as_expansion(t);
    int minimum = 0;
    ck_assert_int_eq(canasta_game_opening_minimum(&minimum, g, 1),
                     CANASTA_OK);
    ck_assert_int_eq(minimum, 90);
    ck_assert_int_eq(refuse_text(g, "1 take Kc Kd"), CANASTA_E_OPENING);
    apply_text(g, "1 take Kc Kd, Ac Ad Ah");
    ck_assert_int_eq(th_opened(g, 1), 1);
    /* The pile's 7d and 4s joined the hand: 11 - 5 + 2. */
    ck_assert_int_eq(th_hand_size(g, 1), 8);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* G3: seat 2, which has not melded this hand, draws the 9c named on top
 * of the stock, lays seven kings (a natural canasta) and four 5s and
 * discards the 9c: out concealed, 200, without the opening minimum of
 * its side (1480: 50). */
START_TEST(test_G3_example_concealed_exit)
{
    char *t = read_example("concealed-exit.pos");
    canasta_game *g = same_as_expansion(t);
    apply_text(g, "2 draw");
    ck_assert_int_eq(th_count_in_hand(g, 2, "9c"), 1);
    apply_text(g, "2 meld Kc Kc Kd Kd Kh Ks Ks, 5c 5d 5h 5s");
    apply_text(g, "2 discard 9c");
    th_expect_end(g, CANASTA_END_CONCEALED, 2);
    int items[CANASTA_SCORE_ITEMS];
    ck_assert_int_eq(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g,
                                             0), CANASTA_OK);
    ck_assert_int_eq(items[CANASTA_SCORE_GOING_OUT], 200);
    ck_assert_int_eq(items[CANASTA_SCORE_NATURAL_CANASTAS], 500);
    /* 7 kings at 10 and four 5s at 5. */
    ck_assert_int_eq(items[CANASTA_SCORE_MELDED], 90);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* E1: no stock; the top 9s joins side 0's meld of 9s, so taking the pile
 * is the only move (declining is refused). */
START_TEST(test_E1_example_empty_stock)
{
    char *t = read_example("empty-stock.pos");
    canasta_game *g = same_as_expansion(t);
    ck_assert_int_eq(th_stock_size(g), 0);
    for (int s = 0; s < 4; s++)
        ck_assert_int_eq(th_hand_size(g, s), 22);
    char legal[4096];
    legal_text(legal, sizeof legal, g);
    ck_assert_str_eq(legal, "0 take 9:");
    ck_assert_int_eq(refuse_text(g, "0 decline"), CANASTA_E_MUST_TAKE);
    th_assert_cards_accounted(g);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* X6: six hands of 13 dealt from the seed, the upcard named, the rest
 * (162 - 78 - 1 = 83 cards) in the stock. */
START_TEST(test_X6_example_six_players)
{
    char *t = read_example("six-players.pos");
    canasta_game *g = same_as_expansion(t);
    ck_assert_int_eq(th_option(g, CANASTA_OPT_PLAYERS), 6);
    for (int s = 0; s < 6; s++)
        ck_assert_int_eq(th_hand_size(g, s), 13);
    ck_assert_int_eq(th_stock_size(g), 83);
    ck_assert_int_eq(th_pile_top(g), th_card("8h"));
    th_assert_cards_accounted(g);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* ---------------------------------------------------------------- */
/* The procedure, reimplemented from NOTATION.md and API.md           */
/* ---------------------------------------------------------------- */

static uint64_t sm64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro(uint64_t s[4])
{
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

/* API.md "The shuffle": bounded(n) from the top 32 bits, rejecting the
 * incomplete last block. */
static uint32_t bounded_n(uint64_t s[4], uint32_t n)
{
    for (;;) {
        uint32_t v = (uint32_t)(xoshiro(s) >> 32);
        uint32_t rem = v % n;
        if ((uint64_t)(v - rem) + n <= (1ULL << 32))
            return rem;
    }
}

/* A classic position naming nothing but the upcard: each hand "+11", the
 * stock "rest".  The reader must deal exactly what NOTATION.md's five
 * steps give: the 107 other cards in code order, shuffled with the
 * stream 2^63 + hand number of the seed, 11 non-red-threes to each seat
 * in turn, the rest to the stock in list order, top first. */
START_TEST(test_partial_deal_follows_the_documented_procedure)
{
    static const char *const body =
        "canasta-position 1\nseed 987654321\nhand-number 7\ndealer 2\n"
        "phase draw\nturn 3\nsource none\nmelds-this-turn 0\n"
        "take-extra 0\npermission none\nmelded-before-turn 0\nnew-melds\n"
        "seat-melded 0 0 0 0\ntotals 100 -20\nopened 0 0\n"
        "hand 0 +11\nhand 1 +11\nhand 2 +11\nhand 3 +11\n"
        "red-threes 0\nred-threes 1\nred-threes 2\nred-threes 3\n"
        "stock rest\npile 5c\n";
    canasta_game *g = same_as_expansion(body);
    /* Step 1: two packs of 2..A in four suits and 4 jokers, less the 5c. */
    uint8_t list[108];
    int n = 0;
    for (int c = 8; c <= 60; c++) {
        /* Codes 8..59 are rank * 4 + suit, two of each; 60 the joker. */
        int copies = c == 60 ? 4 : 2;
        if (c == th_card("5c"))
            copies--;
        for (int k = 0; k < copies; k++)
            list[n++] = (uint8_t)c;
    }
    ck_assert_int_eq(n, 107);
    /* Step 2: the stream 2^63 + 7 of seed 987654321. */
    uint64_t x = 987654321ULL ^ ((0x8000000000000000ULL + 7) *
                                 0xD1B54A32D192ED03ULL);
    uint64_t s[4];
    for (int i = 0; i < 4; i++)
        s[i] = sm64(&x);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)bounded_n(s, (uint32_t)(i + 1));
        uint8_t tmp = list[i];
        list[i] = list[j];
        list[j] = tmp;
    }
    /* Step 3: 11 each, seat by seat, skipping red threes. */
    uint8_t used[108] = { 0 };
    for (int seat = 0; seat < 4; seat++) {
        int want[64] = { 0 }, got = 0;
        for (int i = 0; i < n && got < 11; i++)
            if (!used[i] && list[i] != 13 && list[i] != 14) {
                used[i] = 1;
                want[list[i]]++;
                got++;
            }
        uint8_t cards[64];
        size_t hn = 0;
        ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &hn, g, seat),
                         CANASTA_OK);
        ck_assert_uint_eq(hn, 11);
        for (size_t i = 0; i < hn; i++)
            want[cards[i]]--;
        for (int c = 0; c < 64; c++)
            ck_assert_msg(want[c] == 0, "seat %d, card %d", seat, c);
    }
    /* Step 4: the stock, top first, is the rest in list order.  Read the
     * stock from the complete position's "stock" line. */
    char *full = NULL;
    ck_assert_int_eq(canasta_game_position(&full, NULL, g), CANASTA_OK);
    char *line = strstr(full, "\nstock ");
    ck_assert_ptr_nonnull(line);
    char *cur = line + 7;
    for (int i = 0; i < n; i++) {
        if (used[i])
            continue;
        char name[8];
        ck_assert_int_eq(canasta_card_to_string(name, sizeof name, list[i]),
                         CANASTA_OK);
        size_t len = strlen(name);
        ck_assert_msg(strncmp(cur, name, len) == 0 &&
                      (cur[len] == ' ' || cur[len] == '\n'),
                      "stock card %d: expected %s at \"%.12s\"", i, name,
                      cur);
        cur += len + 1;
    }
    ck_assert_int_eq(cur[-1], '\n');
    canasta_free(full);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* The forms, and what they refuse                                    */
/* ---------------------------------------------------------------- */

/* A complete position of a game, and the same with some lines replaced
 * (prefix -> line; "" removes the line).  malloc'd. */
static char *edited(const char *text, const char *const *pairs, size_t n)
{
    char *out = malloc(strlen(text) + 4096);
    ck_assert_ptr_nonnull(out);
    size_t k = 0;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        int hit = 0;
        for (size_t i = 0; i + 1 < n && !hit; i += 2) {
            size_t np = strlen(pairs[i]);
            if (strncmp(s, pairs[i], np) == 0 &&
                (s[np] == ' ' || s[np] == '\n')) {
                hit = 1;
                if (pairs[i + 1][0]) {
                    strcpy(out + k, pairs[i + 1]);
                    k += strlen(pairs[i + 1]);
                    out[k++] = '\n';
                }
            }
        }
        if (!hit) {
            memcpy(out + k, s, len);
            k += len;
        }
        s += len;
    }
    out[k] = '\0';
    return out;
}

#define EDIT(text, ...)                                                    \
    edited(text, (const char *const[]){ __VA_ARGS__ },                     \
           sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(char *))

/* Every form: named cards with "+N", "+0", "stock +N" with the hands
 * named, no last-hand line in hands 1, 2 and 3 (hand 2's breakdown gives
 * the totals; from hand 3 it is zero), no last-score lines for a
 * finished hand (the table's score); and the refusals. */
START_TEST(test_partial_forms_and_refusals)
{
    /* A complete classic position to start from (hand 1, phase draw). */
    canasta_game *g0 = th_new_game(2468);
    char *t = NULL;
    ck_assert_int_eq(canasta_game_position(&t, NULL, g0), CANASTA_OK);
    /* Every hand dealt, the stock the rest. */
    char *a = EDIT(t, "hand 0", "hand 0 +11", "hand 1", "hand 1 +11",
                   "hand 2", "hand 2 +11", "hand 3", "hand 3 +11",
                   "stock", "stock rest");
    canasta_game *g = same_as_expansion(a);
    canasta_game_free(g);
    /* Named cards and "+N" on one line: seat 0's first two cards and 9
     * dealt. */
    {
        uint8_t cards[64];
        size_t hn = 0;
        ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &hn, g0, 0),
                         CANASTA_OK);
        char n0[8], n1[8], l0[64];
        ck_assert_int_eq(canasta_card_to_string(n0, sizeof n0, cards[0]), 0);
        ck_assert_int_eq(canasta_card_to_string(n1, sizeof n1, cards[1]), 0);
        snprintf(l0, sizeof l0, "hand 0 %s %s +9", n0, n1);
        char *c = EDIT(a, "hand 0", l0);
        g = same_as_expansion(c);
        ck_assert_int_eq(th_hand_size(g, 0), 11);
        ck_assert_int_ge(th_count_in_hand(g, 0, n0), 1);
        ck_assert_int_ge(th_count_in_hand(g, 0, n1), 1);
        canasta_game_free(g);
        free(c);
    }
    /* "+0" and the stock given a size with every hand dealt. */
    char *b = EDIT(t, "hand 0", "hand 0 +11", "hand 1", "hand 1 +11",
                   "hand 2", "hand 2 +11", "hand 3", "hand 3 +11",
                   "red-threes 0", "red-threes 0 +0");
    refused(b, CANASTA_E_SYNTAX, "is not a card");
    free(b);
    int stock = th_stock_size(g0);
    char line[64];
    snprintf(line, sizeof line, "stock +%d", stock);
    b = EDIT(t, "hand 0", "hand 0 +11", "hand 1", "hand 1 +11",
             "hand 2", "hand 2 +11", "hand 3", "hand 3 +11", "stock", line);
    g = same_as_expansion(b);
    ck_assert_int_eq(th_stock_size(g), stock);
    canasta_game_free(g);
    free(b);
    /* Hands 2 and 3 without last-hand: hand 2's totals are hand 1's
     * score (the derived breakdown gives them); from hand 3 it is 0. */
    static const struct {
        const char *hand, *totals;
        int items0[CANASTA_SCORE_ITEMS];
    } derived[] = {
        /* 1230 is beyond the deck's 1180: one natural canasta (500) and
         * 730 melded. */
        { "hand-number 2", "totals 1230 -45",
          { 730, 500, 0, 0, 0, 0, 1230 } },
        { "hand-number 2", "totals 640 10", { 640, 0, 0, 0, 0, 0, 640 } },
        { "hand-number 2", "totals 5 -1300",
          { 15, 0, 0, 0, 0, -10, 5 } },
        { "hand-number 3", "totals 2500 -700", { 0, 0, 0, 0, 0, 0, 0 } },
    };
    for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++) {
        char *c = EDIT(a, "hand-number", derived[i].hand, "totals",
                       derived[i].totals, "last-hand", "");
        g = same_as_expansion(c);
        th_expect_end(g, CANASTA_END_STOCK, -1);
        const int *w = derived[i].items0;
        th_expect_items(g, 0, w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
        canasta_game_free(g);
        free(c);
    }
    /* Hand 2's side 1 at -1300: beyond the deck's 1180 the red threes
     * count minus (800 for four), the cards in hand the rest (-500). */
    {
        char *c = EDIT(a, "hand-number", "hand-number 2", "totals",
                       "totals 5 -1300", "last-hand", "");
        g = read_ok(c);
        th_expect_items(g, 1, 0, 0, 0, -800, 0, -500, -1300);
        canasta_game_free(g);
        free(c);
    }
    /* No single hand scores 20000: refused (S1, at most 11 canastas). */
    {
        char *c = EDIT(a, "hand-number", "hand-number 2", "totals",
                       "totals 20000 0", "last-hand", "");
        refused(c, CANASTA_E_INVALID, NULL);
        free(c);
    }
    /* A finished hand keeps its last-hand line; its last-score lines may
     * go (the table's score).  Play a hand to its end to get one. */
    {
        th_movelist ml = { NULL, 0, 0 };
        th_sm64 r = { 77 };
        canasta_game *h = th_new_game(77);
        while (th_in_play(h)) {
            th_list_moves(&ml, h);
            ck_assert_int_eq(canasta_apply(NULL, 0, h,
                                           &ml.v[th_sm64_below(&r, ml.n)]),
                             CANASTA_OK);
        }
        free(ml.v);
        char *full = NULL;
        ck_assert_int_eq(canasta_game_position(&full, NULL, h), CANASTA_OK);
        char *c = EDIT(full, "last-score 0", "", "last-score 1", "");
        canasta_game *p = read_ok(c);
        char *back = NULL;
        ck_assert_int_eq(canasta_game_position(&back, NULL, p), CANASTA_OK);
        ck_assert_str_eq(back, full);
        canasta_free(back);
        canasta_game_free(p);
        free(c);
        c = EDIT(full, "last-hand", "");
        refused(c, CANASTA_E_SYNTAX, "no \"last-hand\" line");
        free(c);
        canasta_free(full);
        canasta_game_free(h);
    }
    /* Refusals. */
    static const char *const bad_lines[][3] = {
        /* line, replacement, what the message says */
        { "hand 0", "hand 0 +", "write \"+N\"" },
        { "hand 0", "hand 0 +x", "write \"+N\"" },
        { "hand 0", "hand 0 +-3", "write \"+N\"" },
        { "hand 0", "hand 0 +11 4c", "ends the line" },
        { "hand 0", "hand 0 +200", "the deck has 108 cards" },
        { "stock", "stock rest 4c", "\"rest\" ends the stock line" },
        { "pile", "pile rest", "is not a card" },
        { "hand 0", "hand 0 rest", "is not a card" },
    };
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
        char *c = EDIT(a, bad_lines[i][0], bad_lines[i][1]);
        canasta_game *x = NULL;
        char why[512];
        int rc = canasta_game_from_position(&x, why, sizeof why, c,
                                            (size_t)-1);
        ck_assert_msg(rc == CANASTA_E_SYNTAX || rc == CANASTA_E_INVALID,
                      "%s: %s", bad_lines[i][1], canasta_error_name(rc));
        ck_assert_msg(strstr(why, bad_lines[i][2]) != NULL, "%s: %s",
                      bad_lines[i][1], why);
        free(c);
    }
    /* Cards neither named nor dealt (no "rest"), or too few for a "+N". */
    {
        char *c = EDIT(a, "stock", "stock +3");
        refused(c, CANASTA_E_INVALID, "neither named nor dealt");
        free(c);
        c = EDIT(a, "hand 3", "hand 3 +80", "stock", "stock");
        refused(c, CANASTA_E_INVALID, "too few");
        free(c);
    }
    free(a);
    canasta_free(t);
    canasta_game_free(g0);
}
END_TEST

/* Complete texts read exactly as before: a position written by the
 * library never uses the shorthands and reads back to an equal game
 * (the round trips of test_position.c and test_readers.c cover every
 * preset in random play). */
START_TEST(test_partial_complete_texts_unchanged)
{
    for (int preset = 1; preset <= 5; preset++) {
        canasta_rules *rules = NULL;
        ck_assert_int_eq(canasta_rules_create(&rules, preset), CANASTA_OK);
        canasta_game *g = NULL;
        ck_assert_int_eq(canasta_game_create(&g, rules, 11), CANASTA_OK);
        char *t = NULL;
        ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
        ck_assert_ptr_null(strstr(t, " +"));
        ck_assert_ptr_null(strstr(t, " rest"));
        canasta_game *h = read_ok(t);
        char *u = NULL;
        ck_assert_int_eq(canasta_game_position(&u, NULL, h), CANASTA_OK);
        ck_assert_str_eq(t, u);
        canasta_free(u);
        canasta_free(t);
        canasta_game_free(h);
        canasta_game_free(g);
        canasta_rules_free(rules);
    }
}
END_TEST

Suite *suite_partial_positions(void)
{
    Suite *s = suite_create("partial_positions");
    TCase *tc = tcase_create("partial_positions");
    tcase_add_test(tc, test_P4_example_frozen_pile);
    tcase_add_test(tc, test_O3_example_opening_from_the_pile);
    tcase_add_test(tc, test_G3_example_concealed_exit);
    tcase_add_test(tc, test_E1_example_empty_stock);
    tcase_add_test(tc, test_X6_example_six_players);
    tcase_add_test(tc, test_partial_deal_follows_the_documented_procedure);
    tcase_add_test(tc, test_partial_forms_and_refusals);
    tcase_add_test(tc, test_partial_complete_texts_unchanged);
    suite_add_tcase(s, tc);
    return s;
}
