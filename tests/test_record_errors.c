/*
 * Game records (docs/NOTATION.md, "Records") that break the grammar or do
 * not replay, written line by line in this file so that every line number
 * is known:
 *
 *  - parse errors of the hand header: deck lines, start lines after a
 *    deck, "begin" lines, a hand without its dealer, a second view line, a
 *    view with a seed;
 *  - the first hand's start values, checked also when the next "hand" line
 *    follows them directly (S5);
 *  - replay errors of hand starts: a position that is not the hand the
 *    record names, a later hand that begins from a position, decks that
 *    are no deck (C2) in a first hand that is a later hand of the game and
 *    in a second hand;
 *  - a record that does not replay is written back as read, normalised,
 *    and a seat's view keeps its position lines as written;
 *  - update refuses a game whose hand began otherwise than the recorded
 *    one, or whose next hand follows another ending of the recorded hand,
 *    and drops the event lines of the moves undo takes back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define DECK 108

/* The header a writer emits for the classic preset (NOTATION.md: preset,
 * the eight options in key order, sides, then seed or view). */
#define CLASSIC_TAGS                                                        \
    "preset classic", "option target 5000", "option ask-permission 1",      \
    "option one-card-rule 1", "option tie-rule 0", "option hand-size 11",   \
    "option canastas-to-go-out 1", "option draw-count 1",                   \
    "option concealed-additions 0", "sides 0 1 0 1"

/* Lines joined with "\n" (and one at the end): line i of the array is
 * line i + 1 of the text. */
static char *join_lines(const char *const *lines, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(lines[i]) + 1;
    char *out = malloc(len), *o = out;
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(lines[i]);
        memcpy(o, lines[i], k);
        o[k] = '\n';
        o += k + 1;
    }
    *o = '\0';
    return out;
}
#define JOIN(lines) join_lines(lines, sizeof lines / sizeof lines[0])

/* canasta_record_parse refuses text with code; why starts "line N: " and
 * contains needle. */
static void parse_refused(const char *text, int code, int line,
                          const char *needle)
{
    canasta_record *rec = (canasta_record *)1;
    char why[8192], prefix[32];
    int rc = canasta_record_parse(&rec, why, sizeof why, text, (size_t)-1);
    ck_assert_msg(rc == code, "expected %s, got %s (%s)\n%s",
                  canasta_error_name(code), canasta_error_name(rc),
                  rc ? why : "", text);
    ck_assert_ptr_null(rec);
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0,
                  "expected \"%s...\", got \"%s\"", prefix, why);
    ck_assert_msg(strstr(why, needle) != NULL, "expected \"%s\" in \"%s\"",
                  needle, why);
}

static canasta_record *parsed(const char *text)
{
    canasta_record *rec = NULL;
    char why[512];
    int rc = canasta_record_parse(&rec, why, sizeof why, text, (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "parse: %s (%s)\n%s",
                  canasta_error_name(rc), why, text);
    return rec;
}

/* The record parses, and its replay stops with code at line, why
 * "line N: " and needle. */
static void replay_refused(const char *text, int code, int line,
                           const char *needle)
{
    canasta_record *rec = parsed(text);
    canasta_game *g = (canasta_game *)1;
    char why[8192], prefix[32];
    int at = -1;
    int rc = canasta_record_replay(&g, &at, why, sizeof why, rec);
    ck_assert_msg(rc == code, "expected %s, got %s (%s)\n%s",
                  canasta_error_name(code), canasta_error_name(rc),
                  rc ? why : "", text);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(at, line);
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0,
                  "expected \"%s...\", got \"%s\"", prefix, why);
    ck_assert_msg(strstr(why, needle) != NULL, "expected \"%s\" in \"%s\"",
                  needle, why);
    canasta_record_free(rec);
}

static canasta_game *replayed(const char *text)
{
    canasta_record *rec = parsed(text);
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_record_replay(&g, NULL, why, sizeof why, rec);
    ck_assert_msg(rc == CANASTA_OK, "replay: %s (%s)\n%s",
                  canasta_error_name(rc), why, text);
    canasta_record_free(rec);
    return g;
}

static char *record_text(const canasta_record *rec, int viewer)
{
    char *t = NULL;
    size_t n = 0;
    ck_assert_int_eq(canasta_record_text(&t, &n, rec, viewer), CANASTA_OK);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(strlen(t), n);
    return t;
}

/* The seed's first dealer (C3), as canasta_game_create chooses it. */
static int first_dealer(uint64_t seed)
{
    canasta_game *g = th_new_game(seed);
    int d = -1;
    ck_assert_int_eq(canasta_game_dealer(&d, g), CANASTA_OK);
    canasta_game_free(g);
    return d;
}

/* "dealer N" in buf. */
static const char *dealer_line(char *buf, size_t size, int seat)
{
    snprintf(buf, size, "dealer %d", seat);
    return buf;
}

/* A deck line: every card of the deck in code order (C2: each of 2c..As
 * twice and four jokers), written with the given spelling of ten ("10" or
 * "T"). */
static char *deck_line(const char *ten)
{
    char *out = malloc(8 + DECK * 5), *o = out;
    ck_assert_ptr_nonnull(out);
    o += sprintf(o, "deck");
    for (int c = 8; c <= CANASTA_JOKER; c++) {
        char name[8];
        if (canasta_card_to_string(name, sizeof name, c) != CANASTA_OK)
            continue;
        int copies = c == CANASTA_JOKER ? 4 : 2;
        for (int k = 0; k < copies; k++)
            o += strncmp(name, "10", 2) == 0
                     ? sprintf(o, " %s%s", ten, name + 2)
                     : sprintf(o, " %s", name);
    }
    return out;
}

/* The body of a position (its lines from "hand-number" on) of a new game
 * of seed. */
static char *position_body(uint64_t seed)
{
    canasta_game *g = th_new_game(seed);
    char *t = NULL;
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    const char *b = strstr(t, "\nhand-number ");
    ck_assert_ptr_nonnull(b);
    size_t n = strlen(b + 1);
    char *out = malloc(n + 1);
    memcpy(out, b + 1, n + 1);
    if (n && out[n - 1] == '\n')
        out[n - 1] = '\0';
    canasta_free(t);
    canasta_game_free(g);
    return out;
}

/* ---------------------------------------------------------------- */
/* Parse errors                                                       */
/* ---------------------------------------------------------------- */

/* The hand header: deck lines (parsed strictly: cards, exactly 108 of
 * them), one deck or position per hand, start values before them, "begin
 * position" and nothing else. */
START_TEST(test_record_hand_header_lines)
{
    char dl[32];
    const char *d = dealer_line(dl, sizeof dl, first_dealer(5));
    char *deck = deck_line("10");
    char *more = malloc(strlen(deck) + 8);
    sprintf(more, "%s 7h", deck);
    char *t;

    /* The whole deck parses, and replays as a re-deal of hand 1. */
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d, deck };
        t = JOIN(l);
        canasta_game *g = replayed(t);
        uint8_t cards[DECK];
        size_t n = 0;
        ck_assert_int_eq(canasta_game_deck(cards, sizeof cards, &n, g), 0);
        ck_assert_uint_eq(n, DECK);
        ck_assert_int_eq(cards[0], CANASTA_CARD(2, CANASTA_CLUBS));
        ck_assert_int_eq(cards[DECK - 1], CANASTA_JOKER);
        canasta_game_free(g);
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d,
                            "deck 4c Xq 4d" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 5, "\"Xq\" is not a card");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d, more };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 5, "more than 108 cards");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d, deck,
                            "# the same deck again", deck };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 7, "one deck or one position");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d, deck,
                            "start-totals 0 0" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 6, "the start values come before "
                      "the deck");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d,
                            "begin deck" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 5, "write \"begin position\"");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d,
                            "start-totals 0 0", "begin position" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 6, "no deck or start lines");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 5", "hand 1", d, deck,
                            "begin position" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 6, "no deck or start lines");
        free(t);
    }
    free(more);
    free(deck);
}
END_TEST

/* A "hand" line ends the hand before it: that hand needs its dealer, and
 * the first hand's start lines get their checks there (S5). */
START_TEST(test_S5_record_hand_line_ends_the_hand)
{
    char dl[32];
    const char *d = dealer_line(dl, sizeof dl, first_dealer(6));
    char *t;
    {
        const char *l[] = { "canasta-record 1", "seed 6", "", "hand 1",
                            "hand 2", d };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 5, "hand 1 has no \"dealer D\" "
                      "line");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 6", "", "hand 1", d,
                            "start-totals 100 0", "", "hand 2", "dealer 0" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_INVALID, 6, "S5: the first hand starts "
                      "from totals 0 (side 0: 100)");
        free(t);
    }
    /* Correct start values (a new game's) pass there. */
    {
        const char *l[] = { "canasta-record 1", "seed 6", "", "hand 1", d,
                            "start-totals 0 0", "start-last-hand none -",
                            "hand 2", "dealer 0" };
        t = JOIN(l);
        canasta_record *rec = parsed(t);
        canasta_record_free(rec);
        free(t);
    }
}
END_TEST

/* The header: one view line, and a view has no seed. */
START_TEST(test_record_view_header)
{
    char *t;
    {
        const char *l[] = { "canasta-record 1", "view 0", "view 1", "",
                            "hand 1", "dealer 0" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 3, "a second view line");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "view 0", "seed 3", "",
                            "hand 1", "dealer 0" };
        t = JOIN(l);
        parse_refused(t, CANASTA_E_SYNTAX, 5, "a seat's view (\"view 0\") "
                      "has no seed line");
        free(t);
    }
}
END_TEST

/* Event lines may be indented, as any line (blanks before a token are
 * ignored); "??" is a hidden card only as a whole token. */
START_TEST(test_record_lexical_details)
{
    canasta_game *g = th_new_game(8);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = record_text(rec, CANASTA_VIEW_ALL);
    size_t n = strlen(t);
    char *ind = malloc(3 * n + 1), *o = ind;
    int events = 0;
    for (const char *s = t; *s; s++) {
        if (*s == '=' && (s == t || s[-1] == '\n')) {
            *o++ = ' ';
            *o++ = '\t';
            events++;
        }
        *o++ = *s;
    }
    *o = '\0';
    ck_assert_int_ge(events, 2); /* the deal and the upcard */
    canasta_record *back = parsed(ind);
    char *t2 = record_text(back, CANASTA_VIEW_ALL);
    ck_assert_str_eq(t2, t);
    canasta_free(t2);
    canasta_record_free(back);

    /* A move with "??" glued to a card: not a card, so not a move. */
    int seat = th_seat(g);
    char bad[64];
    snprintf(bad, sizeof bad, "%d discard 7h??", seat);
    size_t k = strlen(t) + strlen(bad) + 2;
    char *mv = malloc(k);
    snprintf(mv, k, "%s%s\n", t, bad);
    int lines = 0;
    for (const char *s = mv; *s; s++)
        lines += *s == '\n';
    parse_refused(mv, CANASTA_E_SYNTAX, lines, "7h??");
    free(mv);
    free(ind);
    canasta_free(t);
    canasta_record_free(rec);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Replay errors of hand starts                                       */
/* ---------------------------------------------------------------- */

/* A first hand that begins from a position: the hand and dealer lines
 * must be the position's; later hands never begin from a position. */
START_TEST(test_record_position_starts)
{
    const uint64_t seed = 9;
    int d0 = first_dealer(seed);
    char dl[32], dl2[32], dlx[32];
    const char *d = dealer_line(dl, sizeof dl, d0);
    char *body = position_body(seed);
    char *t;
    {
        const char *l[] = { "canasta-record 1", "seed 9", "hand 1", d,
                            "begin position", body, "end position" };
        t = JOIN(l);
        canasta_game *g = replayed(t);
        canasta_game *fresh = th_new_game(seed);
        canasta_game *pos = NULL;
        char *pt = NULL;
        ck_assert_int_eq(canasta_game_position(&pt, NULL, fresh), 0);
        ck_assert_int_eq(canasta_game_from_position(&pos, NULL, 0, pt,
                                                    (size_t)-1), 0);
        int eq = 0;
        ck_assert_int_eq(canasta_game_equal(&eq, g, pos), 0);
        ck_assert(eq);
        canasta_free(pt);
        canasta_game_free(pos);
        canasta_game_free(fresh);
        canasta_game_free(g);
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 9", "hand 2", d,
                            "begin position", body, "end position" };
        t = JOIN(l);
        replay_refused(t, CANASTA_E_MISMATCH, 3, "expected 'hand 1' (the "
                       "position's), the record says 'hand 2'");
        free(t);
    }
    {
        const char *l[] = { "canasta-record 1", "seed 9", "hand 1",
                            dealer_line(dlx, sizeof dlx, (d0 + 1) % 4),
                            "begin position", body, "end position" };
        t = JOIN(l);
        char want[96];
        snprintf(want, sizeof want, "expected 'dealer %d' (the position's), "
                 "the record says 'dealer %d'", d0, (d0 + 1) % 4);
        replay_refused(t, CANASTA_E_MISMATCH, 4, want);
        free(t);
    }
    {
        /* Hand 1 has no move, so the replay reaches hand 2 at once. */
        const char *l[] = { "canasta-record 1", "seed 9", "hand 1", d,
                            "hand 2",
                            dealer_line(dl2, sizeof dl2, (d0 + 1) % 4),
                            "begin position", body, "end position" };
        t = JOIN(l);
        replay_refused(t, CANASTA_E_INVALID, 7, "only the first hand of a "
                       "record can begin from a position");
        free(t);
    }
    free(body);
}
END_TEST

/* A record whose first hand is a later hand of the game: its start values
 * and its own deck are used as written; the deck must be one deck (C2). */
START_TEST(test_C2_record_later_first_hand_with_deck)
{
    char *deck = deck_line("T");
    char *t;
    {
        const char *l[] = { "canasta-record 1", "seed 11", "hand 2",
            "dealer 1", "start-totals 100 -50", "start-last-hand stock -",
            "start-last-score 0 100 0 0 0 0 0 100",
            "start-last-score 1 0 0 0 0 0 -50 -50", deck };
        t = JOIN(l);
        canasta_game *g = replayed(t);
        int v = 0;
        ck_assert_int_eq(canasta_game_hand_number(&v, g), 0);
        ck_assert_int_eq(v, 2);
        ck_assert_int_eq(canasta_game_dealer(&v, g), 0);
        ck_assert_int_eq(v, 1);
        ck_assert_int_eq(th_total(g, 0), 100);
        ck_assert_int_eq(th_total(g, 1), -50);
        uint8_t cards[DECK];
        size_t n = 0;
        ck_assert_int_eq(canasta_game_deck(cards, sizeof cards, &n, g), 0);
        ck_assert_uint_eq(n, DECK);
        /* Code order: 2c 2c 2d 2d ... As As Jk Jk Jk Jk. */
        ck_assert_int_eq(cards[0], CANASTA_CARD(2, CANASTA_CLUBS));
        ck_assert_int_eq(cards[1], CANASTA_CARD(2, CANASTA_CLUBS));
        ck_assert_int_eq(cards[2], CANASTA_CARD(2, CANASTA_DIAMONDS));
        ck_assert_int_eq(cards[DECK - 5],
                         CANASTA_CARD(14, CANASTA_SPADES));
        ck_assert_int_eq(cards[DECK - 1], CANASTA_JOKER);
        canasta_game_free(g);
        free(t);
    }
    /* 108 sevens of hearts: 108 cards, but not one deck. */
    {
        char sevens[8 + DECK * 3], *o = sevens;
        o += sprintf(o, "deck");
        for (int i = 0; i < DECK; i++)
            o += sprintf(o, " 7h");
        const char *l[] = { "canasta-record 1", "seed 11", "hand 2",
            "dealer 1", "start-totals 100 -50", "start-last-hand stock -",
            "start-last-score 0 100 0 0 0 0 0 100",
            "start-last-score 1 0 0 0 0 0 -50 -50", sevens };
        t = JOIN(l);
        replay_refused(t, CANASTA_E_INVALID, 9, "C2: the deck is not one "
                       "complete deck");
        free(t);
    }
    free(deck);
}
END_TEST

/* The second hand's deck line is checked when the hand is reached (C2). */
START_TEST(test_C2_record_second_hand_deck)
{
    canasta_game *g = th_new_game(2024);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 9 };
    while (th_phase(g) != CANASTA_PHASE_HAND_OVER) {
        ck_assert_int_ne(th_phase(g), CANASTA_PHASE_GAME_OVER);
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    canasta_move m;
    canasta_move_init(&m, CANASTA_MOVE_NEXT_HAND, th_seat(g));
    ck_assert_int_eq(canasta_apply(NULL, 0, g, &m), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    char *t = record_text(rec, CANASTA_VIEW_ALL);
    /* After "hand 2" and its dealer line, a deck of 108 sevens. */
    const char *h2 = strstr(t, "\nhand 2\n");
    ck_assert_ptr_nonnull(h2);
    const char *after = strchr(h2 + 8, '\n') + 1; /* past "dealer D" */
    int line = 1;
    for (const char *s = t; s < after; s++)
        line += *s == '\n';
    char *bad = malloc(strlen(t) + DECK * 3 + 16), *o = bad;
    memcpy(o, t, (size_t)(after - t));
    o += after - t;
    o += sprintf(o, "deck");
    for (int i = 0; i < DECK; i++)
        o += sprintf(o, " 7h");
    o += sprintf(o, "\n%s", after);
    replay_refused(bad, CANASTA_E_INVALID, line, "C2: the deck is not one "
                   "complete deck");
    free(bad);
    canasta_free(t);
    free(ml.v);
    canasta_record_free(rec);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Written back as read                                               */
/* ---------------------------------------------------------------- */

/* A record that does not replay is written back as read, normalised
 * (NOTATION.md, "Canonical text"): tags in the writers' order, start
 * lines side by side, canonical card spellings, single spaces, no
 * comments; text(parse(text)) == text.  A seat's version of it is the
 * replay's error. */
START_TEST(test_record_written_back_as_read)
{
    char *deck_t = deck_line("T"), *deck_10 = deck_line("10");
    /* An event with 80 cards (a line far longer than the writer's 256
     * character first try). */
    char ev_in[16 + 80 * 4], ev_out[16 + 80 * 4]; /* "=   0  drew" + 80 x "  th" + NUL */
    char *a = ev_in + sprintf(ev_in, "=   0  drew");
    char *b = ev_out + sprintf(ev_out, "= 0 drew");
    for (int i = 0; i < 80; i++) {
        a += sprintf(a, "  th");
        b += sprintf(b, " 10h");
    }
    const char *in[] = {
        "# does not replay: the deal's first event is not a draw",
        "canasta-record 1", "seed 99", "preset classic", "", "hand 2",
        "dealer 1", "start-totals   100   -50", "start-last-hand stock -",
        "start-last-score 1 0 0 0 0 0 -50 -50",
        "start-last-score 0 100 0 0 0 0 0 100", deck_t, ev_in, "0 draw"
    };
    const char *out[] = {
        "canasta-record 1", CLASSIC_TAGS, "seed 99", "", "hand 2",
        "dealer 1", "start-totals 100 -50", "start-last-hand stock -",
        "start-last-score 0 100 0 0 0 0 0 100",
        "start-last-score 1 0 0 0 0 0 -50 -50", deck_10, ev_out, "0 draw"
    };
    char *text = JOIN(in), *want = JOIN(out);
    replay_refused(text, CANASTA_E_MISMATCH, 13, "expected '= deal hand 2 "
                   "dealer 1', the record says '= 0 drew 10h 10h");
    canasta_record *rec = parsed(text);
    char *got = record_text(rec, CANASTA_VIEW_ALL);
    ck_assert_str_eq(got, want);
    canasta_record *again = parsed(got);
    char *got2 = record_text(again, CANASTA_VIEW_ALL);
    ck_assert_str_eq(got2, got);
    char *seat = (char *)1;
    ck_assert_int_eq(canasta_record_text(&seat, NULL, rec, 0),
                     CANASTA_E_MISMATCH);
    ck_assert_ptr_null(seat);
    canasta_free(got2);
    canasta_record_free(again);
    canasta_free(got);
    canasta_record_free(rec);
    free(want);
    free(text);

    /* A hand that begins from a position, with an illegal first move:
     * the position is written back in its canonical form. */
    const uint64_t seed = 12;
    int d0 = first_dealer(seed);
    char dl[32], mv[32];
    char *body = position_body(seed);
    canasta_game *g = th_new_game(seed);
    int other = (th_seat(g) + 1) % 4;
    canasta_game_free(g);
    snprintf(mv, sizeof mv, "%d draw", other);
    const char *pin[] = { "canasta-record 1", "seed 12", "hand 1",
                          dealer_line(dl, sizeof dl, d0), "begin position",
                          "# the same position", body, "end position", mv };
    text = JOIN(pin);
    int last = 0; /* the move: the last line */
    for (const char *s = text; *s; s++)
        last += *s == '\n';
    replay_refused(text, CANASTA_E_TURN, last, "T1");
    rec = parsed(text);
    got = record_text(rec, CANASTA_VIEW_ALL);
    const char *pout[] = { "canasta-record 1", CLASSIC_TAGS, "seed 12", "",
                           "hand 1", dl, "begin position", body,
                           "end position", mv };
    want = JOIN(pout);
    ck_assert_str_eq(got, want);
    canasta_free(got);
    canasta_record_free(rec);
    free(want);
    free(text);
    free(body);
    free(deck_t);
    free(deck_10);
}
END_TEST

/* A seat's view keeps its position lines as written (they hide cards and
 * are never read), without comments; a view that ends inside the block is
 * refused. */
START_TEST(test_record_view_position_lines)
{
    char hidden[8 + 70 * 3], *o = hidden;
    o += sprintf(o, "stock");
    for (int i = 0; i < 70; i++)
        o += sprintf(o, " ??");
    const char *in[] = { "canasta-record 1", "view 0", "hand 1", "dealer 3",
                         "begin position", "hand-number 1", "# a comment",
                         "hand 1 ?? ?? ??", "", hidden, "end position" };
    const char *out[] = { "canasta-record 1", CLASSIC_TAGS, "view 0", "",
                          "hand 1", "dealer 3", "begin position",
                          "hand-number 1", "hand 1 ?? ?? ??", hidden,
                          "end position" };
    char *text = JOIN(in), *want = JOIN(out);
    canasta_record *rec = parsed(text);
    char *got = record_text(rec, 0);
    ck_assert_str_eq(got, want);
    canasta_free(got);
    /* Hidden cards cannot be replayed (the view line is blamed). */
    canasta_game *g = (canasta_game *)1;
    int at = 0;
    ck_assert_int_eq(canasta_record_replay(&g, &at, NULL, 0, rec),
                     CANASTA_E_HIDDEN);
    ck_assert_int_eq(at, 2);
    canasta_record_free(rec);
    /* A line over 4096 characters inside the block. */
    {
        char *longl = malloc(5001);
        memset(longl, '?', 5000);
        longl[5000] = '\0';
        const char *lng[] = { "canasta-record 1", "view 0", "hand 1",
                              "dealer 3", "begin position", longl,
                              "end position" };
        char *lt = JOIN(lng);
        parse_refused(lt, CANASTA_E_SYNTAX, 6, "longer than 4096");
        free(lt);
        free(longl);
    }
    /* The same text cut before "end position". */
    text[strlen(text) - strlen("end position\n")] = '\0';
    parse_refused(text, CANASTA_E_SYNTAX, 10, "the text ends inside the "
                  "position begun on line 5");
    free(want);
    free(text);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Update                                                             */
/* ---------------------------------------------------------------- */

/* text with every `from` replaced by `to` (at least one). */
static char *replaced(const char *text, const char *from, const char *to)
{
    size_t nf = strlen(from), nt = strlen(to), count = 0;
    for (const char *s = strstr(text, from); s; s = strstr(s + nf, from))
        count++;
    ck_assert_uint_gt(count, 0);
    char *out = malloc(strlen(text) + count * (nt + 1) + 1), *o = out;
    for (const char *s = text;;) {
        const char *hit = strstr(s, from);
        if (!hit) {
            strcpy(o, s);
            break;
        }
        memcpy(o, s, (size_t)(hit - s));
        o += hit - s;
        memcpy(o, to, nt);
        o += nt;
        s = hit + nf;
    }
    return out;
}

/* update compares the game's hand with the record's last hand: the same
 * hand number and dealer are not enough when the hand began otherwise (a
 * position instead of a deal, other start values). */
START_TEST(test_record_update_needs_the_same_hand_start)
{
    const char *l[] = { "canasta-record 1", "seed 11", "hand 2", "dealer 1",
        "start-totals 100 -50", "start-last-hand stock -",
        "start-last-score 0 100 0 0 0 0 0 100",
        "start-last-score 1 0 0 0 0 0 -50 -50" };
    char *t = JOIN(l);
    canasta_record *rec = parsed(t);
    canasta_game *g = replayed(t);
    char *save = NULL, *pos = NULL;
    ck_assert_int_eq(canasta_game_save(&save, NULL, g), CANASTA_OK);
    ck_assert_int_eq(canasta_game_position(&pos, NULL, g), CANASTA_OK);
    /* The same hand from the position: it did not begin with a deal. */
    canasta_game *from_pos = NULL;
    ck_assert_int_eq(canasta_game_from_position(&from_pos, NULL, 0, pos,
                                                (size_t)-1), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, from_pos), CANASTA_E_ARG);
    /* The same hand dealt from other start totals (and so, in hand 2,
     * another score of hand 1: S5, hand 2 starts from hand 1's score). */
    char *s0 = replaced(save, "start-totals 100 -50\n",
                        "start-totals 200 -150\n");
    char *s1a = replaced(s0, "last-score 0 100 0 0 0 0 0 100\n",
                         "last-score 0 200 0 0 0 0 0 200\n");
    char *s1 = replaced(s1a, "last-score 1 0 0 0 0 0 -50 -50\n",
                        "last-score 1 0 0 0 0 0 -150 -150\n");
    free(s0);
    free(s1a);
    char *s2 = replaced(s1, "\ntotals 100 -50\n", "\ntotals 200 -150\n");
    canasta_game *other = NULL;
    char why[256];
    ck_assert_msg(canasta_game_load(&other, why, sizeof why, s2, (size_t)-1)
                  == CANASTA_OK, "%s", why);
    ck_assert_int_eq(th_total(other, 0), 200);
    ck_assert_int_eq(canasta_record_update(rec, other), CANASTA_E_ARG);
    /* The saved game itself is the recorded hand: its moves are added. */
    canasta_game *same = NULL;
    ck_assert_int_eq(canasta_game_load(&same, NULL, 0, save, (size_t)-1),
                     CANASTA_OK);
    th_do_draw(same, th_seat(same));
    ck_assert_int_eq(canasta_record_update(rec, same), CANASTA_OK);
    canasta_game *back = NULL;
    ck_assert_int_eq(canasta_record_replay(&back, NULL, NULL, 0, rec),
                     CANASTA_OK);
    int eq = 0;
    ck_assert_int_eq(canasta_game_equal(&eq, back, same), CANASTA_OK);
    ck_assert(eq);
    canasta_game_free(back);
    canasta_game_free(same);
    canasta_game_free(other);
    canasta_game_free(from_pos);
    free(s2);
    free(s1);
    canasta_free(pos);
    canasta_free(save);
    canasta_game_free(g);
    canasta_record_free(rec);
    free(t);
}
END_TEST

/* A3: when undo takes back moves of a record read from text, the event
 * lines written after those moves go with them, so the record again
 * replays: the text of a record begun at the game as it now is. */
START_TEST(test_A3_parsed_record_undo_drops_event_lines)
{
    canasta_game *g = th_new_game(31);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r = { 77 };
    for (int i = 0; i < 12; i++) {
        th_list_moves(&ml, g);
        ck_assert_int_eq(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r,
                                                   ml.n)]), 0);
    }
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    char *t = record_text(rec, CANASTA_VIEW_ALL);
    ck_assert_ptr_nonnull(strstr(t, " drew ")); /* a draw's event line */
    canasta_record *back = parsed(t);
    canasta_game *g2 = replayed(t);
    /* Every move of the hand taken back, the first draw included. */
    while (canasta_undo(g2) == CANASTA_OK)
        ;
    ck_assert_int_eq(canasta_record_update(back, g2), CANASTA_OK);
    canasta_record *fresh = NULL;
    ck_assert_int_eq(canasta_record_create(&fresh, g2), CANASTA_OK);
    char *want = record_text(fresh, CANASTA_VIEW_ALL);
    char *got = record_text(back, CANASTA_VIEW_ALL);
    ck_assert_str_eq(got, want);
    ck_assert_ptr_null(strstr(got, " drew "));
    canasta_game *again = NULL;
    ck_assert_int_eq(canasta_record_replay(&again, NULL, NULL, 0, back),
                     CANASTA_OK);
    canasta_game_free(again);
    canasta_free(got);
    canasta_free(want);
    canasta_record_free(fresh);
    canasta_game_free(g2);
    canasta_record_free(back);
    canasta_free(t);
    canasta_record_free(rec);
    free(ml.v);
    canasta_game_free(g);
}
END_TEST

/* The next hand must follow the recorded hand's own ending: a game of
 * the same seed whose first hand went otherwise is another game. */
START_TEST(test_record_update_next_hand_of_another_ending)
{
    canasta_game *g = th_new_game(2024), *c = NULL;
    ck_assert_int_eq(canasta_game_clone(&c, g), CANASTA_OK);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r1 = { 9 }, r2 = { 10 };
    canasta_game *games[2] = { g, c };
    th_sm64 *rs[2] = { &r1, &r2 };
    for (int k = 0; k < 2; k++)
        while (th_phase(games[k]) != CANASTA_PHASE_HAND_OVER) {
            ck_assert_int_ne(th_phase(games[k]), CANASTA_PHASE_GAME_OVER);
            th_list_moves(&ml, games[k]);
            ck_assert_int_eq(canasta_apply(NULL, 0, games[k],
                             &ml.v[th_sm64_below(rs[k], ml.n)]), 0);
        }
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    /* The two first hands scored differently. */
    ck_assert(th_total(g, 0) != th_total(c, 0) ||
              th_total(g, 1) != th_total(c, 1));
    canasta_move m;
    canasta_move_init(&m, CANASTA_MOVE_NEXT_HAND, th_seat(c));
    ck_assert_int_eq(canasta_apply(NULL, 0, c, &m), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, c), CANASTA_E_ARG);
    canasta_move_init(&m, CANASTA_MOVE_NEXT_HAND, th_seat(g));
    ck_assert_int_eq(canasta_apply(NULL, 0, g, &m), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    free(ml.v);
    canasta_record_free(rec);
    canasta_game_free(c);
    canasta_game_free(g);
}
END_TEST

/* The same moves from another deck (canasta_game_set_deck before the
 * first move) make another game: update refuses it. */
START_TEST(test_record_update_same_moves_other_deck)
{
    canasta_game *g = th_new_game(77), *other = th_new_game(77);
    canasta_record *rec = NULL;
    ck_assert_int_eq(canasta_record_create(&rec, g), CANASTA_OK);
    uint8_t deck[DECK], rev[DECK];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_deck(deck, sizeof deck, &n, other), 0);
    ck_assert_uint_eq(n, DECK);
    for (size_t i = 0; i < n; i++)
        rev[i] = deck[n - 1 - i];
    ck_assert_int_eq(canasta_game_set_deck(other, rev, n), CANASTA_OK);
    /* A draw is written the same whatever card it brings. */
    th_do_draw(g, th_seat(g));
    th_do_draw(other, th_seat(other));
    ck_assert_int_eq(canasta_record_update(rec, g), CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(rec, other), CANASTA_E_ARG);
    /* The record is unchanged: it still replays to g. */
    canasta_game *back = NULL;
    ck_assert_int_eq(canasta_record_replay(&back, NULL, NULL, 0, rec),
                     CANASTA_OK);
    int eq = 0;
    ck_assert_int_eq(canasta_game_equal(&eq, back, g), CANASTA_OK);
    ck_assert(eq);
    canasta_game_free(back);
    canasta_record_free(rec);
    canasta_game_free(other);
    canasta_game_free(g);
}
END_TEST

Suite *suite_record_errors(void)
{
    Suite *s = suite_create("record_errors");
    TCase *parse = tcase_create("parse");
    TCase *replay = tcase_create("replay");
    TCase *written = tcase_create("written_back");
    TCase *update = tcase_create("update");
    tcase_add_test(parse, test_record_hand_header_lines);
    tcase_add_test(parse, test_S5_record_hand_line_ends_the_hand);
    tcase_add_test(parse, test_record_view_header);
    tcase_add_test(parse, test_record_lexical_details);
    tcase_add_test(replay, test_record_position_starts);
    tcase_add_test(replay, test_C2_record_later_first_hand_with_deck);
    tcase_add_test(replay, test_C2_record_second_hand_deck);
    tcase_add_test(written, test_record_written_back_as_read);
    tcase_add_test(written, test_record_view_position_lines);
    tcase_add_test(update, test_record_update_needs_the_same_hand_start);
    tcase_add_test(update, test_A3_parsed_record_undo_drops_event_lines);
    tcase_add_test(update, test_record_update_next_hand_of_another_ending);
    tcase_add_test(update, test_record_update_same_moves_other_deck);
    suite_add_tcase(s, parse);
    suite_add_tcase(s, replay);
    suite_add_tcase(s, written);
    suite_add_tcase(s, update);
    return s;
}
