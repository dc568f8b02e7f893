/*
 * test_notation.c - the text form of one move (docs/NOTATION.md):
 * canasta_move_to_string and canasta_move_from_string, both directions,
 * and the round trips over every legal move of random games.
 */
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

static canasta_move parse_ok(const char *text, int default_seat)
{
    canasta_move m;
    char why[200];
    int rc = canasta_move_from_string(&m, why, sizeof why, text,
                                      (size_t)-1, default_seat);
    ck_assert_msg(rc == CANASTA_OK, "\"%s\": %s (%s)", text,
                  canasta_error_name(rc), why);
    return m;
}

static void parse_err(const char *text, int default_seat, int code,
                      const char *why_part)
{
    canasta_move m;
    char why[200];
    int rc = canasta_move_from_string(&m, why, sizeof why, text,
                                      (size_t)-1, default_seat);
    ck_assert_msg(rc == code, "\"%s\": got %s, expected %s", text,
                  canasta_error_name(rc), canasta_error_name(code));
    if (why_part)
        ck_assert_msg(strstr(why, why_part) != NULL,
                      "\"%s\": explanation \"%s\" lacks \"%s\"", text, why,
                      why_part);
}

static void format_is(const canasta_move *m, const char *expected)
{
    char buf[CANASTA_MOVE_TEXT_MAX];
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, m), CANASTA_OK);
    ck_assert_str_eq(buf, expected);
}

START_TEST(test_notation_simple_verbs)
{
    static const struct { int kind; const char *text; } verbs[] = {
        { CANASTA_MOVE_DRAW, "1 draw" },
        { CANASTA_MOVE_ASK, "1 ask" },
        { CANASTA_MOVE_ANSWER_YES, "1 yes" },
        { CANASTA_MOVE_ANSWER_NO, "1 no" },
        { CANASTA_MOVE_DECLINE, "1 decline" },
        { CANASTA_MOVE_NEXT_HAND, "1 next" },
    };
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
        canasta_move m, p;
        canasta_move_init(&m, verbs[i].kind, 1);
        format_is(&m, verbs[i].text);
        p = parse_ok(verbs[i].text, -1);
        ck_assert_int_eq(p.kind, verbs[i].kind);
        ck_assert_int_eq(p.seat, 1);
    }
}
END_TEST

START_TEST(test_notation_discard_and_card_aliases)
{
    canasta_move m;
    th_discard(&m, 2, "10s");
    format_is(&m, "2 discard 10s");
    /* "Ts", upper case and extra spaces are read; the canonical form is
     * written back. */
    canasta_move p = parse_ok("  2   DISCARD   TS ", -1);
    int eq = 0;
    canasta_move_equal(&eq, &m, &p);
    ck_assert_int_eq(eq, 1);
    format_is(&p, "2 discard 10s");
    p = parse_ok("discard Jk", 3);
    ck_assert_int_eq(p.seat, 3);
    ck_assert_int_eq(p.card, CANASTA_JOKER);
}
END_TEST

START_TEST(test_notation_meld_groups_and_explicit_ranks)
{
    canasta_move m;
    th_meld(&m, 0, "7h 7d 7s | Kc Kd 2s");
    format_is(&m, "0 meld 7h 7d 7s, Kc Kd 2s");
    /* M4: wild cards added to an existing meld carry the meld's rank. */
    th_meld(&m, 0, "7: 2c Jk");
    format_is(&m, "0 meld 7: 2c Jk");
    canasta_move p = parse_ok("0 meld 7: 2c Jk", -1);
    ck_assert_int_eq(p.ngroups, 1);
    ck_assert_int_eq(p.groups[0].rank, 7);
    ck_assert_int_eq(p.groups[0].count, 2);
    /* A wild card first does not hide the rank of the naturals after it. */
    p = parse_ok("0 meld 2c Kh Kd", -1);
    ck_assert_int_eq(p.groups[0].rank, 13);
    format_is(&p, "0 meld 2c Kh Kd");
    /* Commas without spaces are fine. */
    p = parse_ok("0 meld 7h 7d 7s,Kc Kd 2s", -1);
    ck_assert_int_eq(p.ngroups, 2);
    ck_assert_int_eq(p.groups[1].rank, 13);
}
END_TEST

START_TEST(test_notation_take_forms)
{
    /* P5: the top card joins the side's meld: the first group is empty and
     * names its rank. */
    canasta_move p = parse_ok("3 take 9:", -1);
    ck_assert_int_eq(p.kind, CANASTA_MOVE_TAKE_PILE);
    ck_assert_int_eq(p.ngroups, 1);
    ck_assert_int_eq(p.groups[0].rank, 9);
    ck_assert_int_eq(p.groups[0].count, 0);
    format_is(&p, "3 take 9:");
    /* P4/O3: a pair from hand, then a further meld laid with the take. */
    p = parse_ok("3 take 9h 9s, 5c 5d 5h", -1);
    ck_assert_int_eq(p.ngroups, 2);
    ck_assert_int_eq(p.groups[0].rank, 9);
    ck_assert_int_eq(p.groups[1].rank, 5);
    format_is(&p, "3 take 9h 9s, 5c 5d 5h");
    p = parse_ok("3 take 9:, 5c 5d 5h", -1);
    ck_assert_int_eq(p.groups[0].count, 0);
    format_is(&p, "3 take 9:, 5c 5d 5h");
}
END_TEST

START_TEST(test_notation_rejects_malformed_text)
{
    parse_err("", 0, CANASTA_E_SYNTAX, "empty");
    parse_err("draw", -1, CANASTA_E_SYNTAX, "seat");
    parse_err("7 draw", -1, CANASTA_E_SYNTAX, "seat");
    parse_err("12 draw", -1, CANASTA_E_SYNTAX, "seat");
    parse_err("0 jump", -1, CANASTA_E_SYNTAX, "jump");
    parse_err("0 draw now", -1, CANASTA_E_SYNTAX, "now");
    parse_err("0 discard", -1, CANASTA_E_SYNTAX, "which card");
    parse_err("0 discard 1x", -1, CANASTA_E_SYNTAX, "1x");
    parse_err("0 discard 3h 4h", -1, CANASTA_E_SYNTAX, "4h");
    parse_err("0 meld", -1, CANASTA_E_SYNTAX, "which cards");
    parse_err("0 meld 7h 7d Zz", -1, CANASTA_E_SYNTAX, "Zz");
    parse_err("0 meld 2c Jk", -1, CANASTA_E_SYNTAX, "rank");
    parse_err("0 meld 1: 2c", -1, CANASTA_E_SYNTAX, "not a rank");
    parse_err("0 take", -1, CANASTA_E_SYNTAX, "take 9:");
    /* 13 groups: one more than any move can hold. */
    parse_err("0 meld 4h 4h 4h, 5h 5h 5h, 6h 6h 6h, 7h 7h 7h, 8h 8h 8h, "
              "9h 9h 9h, 10h 10h 10h, Jh Jh Jh, Qh Qh Qh, Kh Kh Kh, "
              "Ah Ah Ah, 3c 3c 3c, 4d 4d 4d", -1, CANASTA_E_SYNTAX,
              "at most 12");
    /* 17 cards in one group. */
    parse_err("0 meld 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h 4h",
              -1, CANASTA_E_SYNTAX, "more than 16");
    char longtext[CANASTA_MOVE_TEXT_MAX + 10];
    memset(longtext, ' ', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    memcpy(longtext, "0 draw", 6);
    parse_err(longtext, -1, CANASTA_E_SYNTAX, "at most");
    canasta_move m;
    ck_assert_int_eq(canasta_move_from_string(NULL, NULL, 0, "0 draw", 6, -1),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_move_from_string(&m, NULL, 0, NULL, 0, -1),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_move_from_string(&m, NULL, 0, "draw", 4, 6),
                     CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_move_from_string(&m, NULL, 0, "draw", 4, -2),
                     CANASTA_E_SEAT);
}
END_TEST

/* move_from_string on a heap copy of exactly n bytes (no NUL after them),
 * so that check-asan sees any read past the length. */
static int move_of(canasta_move *m, char *why, size_t why_size,
                   const char *text, size_t n, int seat)
{
    char *exact = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(exact);
    memcpy(exact, text, n);
    int rc = canasta_move_from_string(m, why, why_size, exact, n, seat);
    free(exact);
    return rc;
}

/* A move's text given by its length: the bytes after it are not read as
 * part of it, a NUL inside it is refused, and so is a length at or above
 * CANASTA_MOVE_TEXT_MAX. */
START_TEST(test_notation_text_by_length)
{
    canasta_move m;
    char why[200];
    ck_assert_int_eq(move_of(&m, why, sizeof why, "2 draw and more", 6, -1),
                     CANASTA_OK);
    ck_assert_int_eq(m.kind, CANASTA_MOVE_DRAW);
    ck_assert_int_eq(m.seat, 2);
    ck_assert_int_eq(move_of(&m, why, sizeof why, "discard 7hh", 10, 1),
                     CANASTA_OK);
    ck_assert_int_eq(m.kind, CANASTA_MOVE_DISCARD);
    ck_assert_int_eq(m.card, CANASTA_CARD(7, CANASTA_HEARTS));
    ck_assert_int_eq(m.seat, 1);
    /* The nearest refusals. */
    ck_assert_int_eq(move_of(&m, why, sizeof why, "discard 7h", 9, 1),
                     CANASTA_E_SYNTAX);
    ck_assert_int_eq(move_of(&m, why, sizeof why, "0 draw\0x", 8, -1),
                     CANASTA_E_SYNTAX);
    ck_assert_ptr_nonnull(strstr(why, "NUL"));
    static char big[CANASTA_MOVE_TEXT_MAX];
    memset(big, ' ', sizeof big);
    memcpy(big, "0 draw", 6);
    ck_assert_int_eq(move_of(&m, why, sizeof why, big,
                             CANASTA_MOVE_TEXT_MAX - 1, -1), CANASTA_OK);
    ck_assert_int_eq(move_of(&m, why, sizeof why, big, CANASTA_MOVE_TEXT_MAX,
                             -1), CANASTA_E_SYNTAX);
    ck_assert_ptr_nonnull(strstr(why, "at most"));
}
END_TEST

START_TEST(test_notation_format_rejects_bad_moves)
{
    canasta_move m;
    char buf[CANASTA_MOVE_TEXT_MAX];
    canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
    m.kind = 0;
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_MOVE);
    m.kind = 10;
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_MOVE);
    canasta_move_init(&m, CANASTA_MOVE_DRAW, 6);
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_SEAT);
    canasta_move_init(&m, CANASTA_MOVE_DISCARD, 0);
    m.card = 61;
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_CARD);
    th_meld(&m, 0, "7h 7d 7s");
    m.groups[0].cards[1] = 3; /* not a card */
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_CARD);
    th_meld(&m, 0, "7h 7d 7s");
    m.groups[0].rank = 2;
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_MOVE);
    /* A meld or take with no group has no text that reads back as it
     * (found by fuzz_move_text). */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_MOVE);
    canasta_move_init(&m, CANASTA_MOVE_TAKE_PILE, 0);
    ck_assert_int_eq(canasta_move_to_string(buf, sizeof buf, &m), CANASTA_E_MOVE);
    th_meld(&m, 0, "7h 7d 7s");
    /* "0 meld 7h 7d 7s" is 15 characters: 16 bytes with the NUL. */
    ck_assert_int_eq(canasta_move_to_string(buf, 15, &m), CANASTA_E_BUFFER);
    ck_assert_int_eq(canasta_move_to_string(buf, 16, &m), CANASTA_OK);
    ck_assert_int_eq(canasta_move_to_string(NULL, 16, &m), CANASTA_E_NULL);
}
END_TEST

/* parse(format(m)) == m for every listed move, and format(parse(text)) ==
 * text for the canonical text, over random games. */
START_TEST(test_notation_round_trip_over_legal_moves)
{
    static canasta_move moves[4096];
    th_sm64 rng = { 99 };
    long checked = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        canasta_game *g = th_new_game(seed);
        for (int step = 0; step < 600 && th_phase(g) != CANASTA_PHASE_GAME_OVER;
             step++) {
            size_t n = 0;
            ck_assert_int_eq(canasta_legal_moves(moves, 4096, &n, g), CANASTA_OK);
            ck_assert_uint_gt(n, 0);
            for (size_t i = 0; i < n; i++) {
                char text[CANASTA_MOVE_TEXT_MAX], again[CANASTA_MOVE_TEXT_MAX];
                canasta_move back;
                int eq = 0;
                ck_assert_int_eq(canasta_move_to_string(text, sizeof text,
                                                        &moves[i]), CANASTA_OK);
                ck_assert_int_eq(canasta_move_from_string(&back, NULL, 0, text,
                                                 (size_t)-1, -1), CANASTA_OK);
                canasta_move_equal(&eq, &moves[i], &back);
                ck_assert_msg(eq, "\"%s\" reads back as a different move", text);
                ck_assert_int_eq(canasta_move_to_string(again, sizeof again,
                                                        &back), CANASTA_OK);
                ck_assert_str_eq(again, text);
                checked++;
            }
            ck_assert_int_eq(canasta_apply(NULL, 0, g,
                                           &moves[th_sm64_next(&rng) % n]),
                             CANASTA_OK);
        }
        canasta_game_free(g);
    }
    ck_assert_int_gt(checked, 1000);
}
END_TEST

Suite *suite_notation(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("moves");
    tcase_add_test(tc, test_notation_simple_verbs);
    tcase_add_test(tc, test_notation_discard_and_card_aliases);
    tcase_add_test(tc, test_notation_meld_groups_and_explicit_ranks);
    tcase_add_test(tc, test_notation_take_forms);
    tcase_add_test(tc, test_notation_rejects_malformed_text);
    tcase_add_test(tc, test_notation_format_rejects_bad_moves);
    tcase_add_test(tc, test_notation_text_by_length);
    suite_add_tcase(s, tc);
    TCase *rt = tcase_create("round_trip");
    tcase_set_timeout(rt, 60);
    tcase_add_test(rt, test_notation_round_trip_over_legal_moves);
    suite_add_tcase(s, rt);
    return s;
}
