/*
 * Positions of the three-player game (X3): the "lone" line that says who
 * plays alone and whether the partners' melds are merged, read and checked
 * against the rest of the position (docs/NOTATION.md, "Positions").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static canasta_rules *rules_of(int preset)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);
    return r;
}

/* A three-player game played with seeded random legal moves until
 * stop(g) holds (or the guard runs out, which fails the test). */
typedef int (*stop_fn)(const canasta_game *g);

static canasta_game *x3_game_until(stop_fn stop, uint64_t seed)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    th_movelist ml = { NULL, 0, 0 };
    for (uint64_t s = seed; s < seed + 200; s++) {
        canasta_game *g = NULL;
        th_sm64 rng = { s * 7919 };
        ck_assert_int_eq(canasta_game_create(&g, r, s), CANASTA_OK);
        for (int i = 0; i < 3000; i++) {
            if (stop(g)) {
                free(ml.v);
                canasta_rules_free(r);
                return g;
            }
            int ph = th_phase(g);
            if (ph == CANASTA_PHASE_GAME_OVER ||
                ph == CANASTA_PHASE_HAND_OVER)
                break;
            th_list_moves(&ml, g);
            ck_assert_uint_gt(ml.n, 0);
            th_ok(g, &ml.v[th_sm64_below(&rng, ml.n)]);
        }
        canasta_game_free(g);
    }
    ck_abort_msg("no seed gave the position wanted");
    return NULL;
}

static int lone_of(const canasta_game *g)
{
    int seat = -2;
    ck_assert_int_eq(canasta_game_lone_hand(&seat, g), CANASTA_OK);
    return seat;
}

/* In play, the lone hand decided, the partners' melds merged, and both
 * partners have melds on the table. */
static int merged_in_play(const canasta_game *g)
{
    int lone = lone_of(g);
    if (lone < 0 || !th_in_play(g))
        return 0;
    int side = -1, melds = 0;
    canasta_game_seat_side(&side, g, (lone + 1) % 3);
    for (int r = 4; r <= 14; r++)
        melds += th_meld_naturals(g, side, r) > 0;
    return melds >= 2;
}

/* The hand is over: someone went out before anyone took the pile. */
static int out_before_any_take(const canasta_game *g)
{
    int how = 0, seat = -1;
    if (th_phase(g) != CANASTA_PHASE_HAND_OVER &&
        th_phase(g) != CANASTA_PHASE_GAME_OVER)
        return 0;
    canasta_game_hand_end(&how, &seat, g);
    if (seat < 0)
        return 0;
    /* Went out with the partners' tables apart: no seat's table moved. */
    for (int s = 0; s < 3; s++) {
        int side = -1;
        canasta_game_seat_side(&side, g, s);
        if (side != s)
            return 0;
    }
    return 1;
}

/* In play, a seat has just taken the pile (source pile). */
static int just_took(const canasta_game *g)
{
    return th_phase(g) == CANASTA_PHASE_PLAY && lone_of(g) >= 0 &&
           th_pile_size(g) == 0;
}

static char *position_of(const canasta_game *g)
{
    char *t = NULL;
    ck_assert_int_eq(canasta_game_position(&t, NULL, g), CANASTA_OK);
    return t;
}

/* text with its line starting with key replaced by repl (NULL: removed),
 * or with repl appended when no line starts with key. */
static char *with_line(const char *text, const char *key, const char *repl)
{
    size_t n = strlen(text), kl = strlen(key);
    char *out = malloc(n + (repl ? strlen(repl) : 0) + 2);
    ck_assert_ptr_nonnull(out);
    size_t o = 0;
    int done = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (!done && strncmp(p, key, kl) == 0 && (p[kl] == ' ' || p[kl] == '\n')) {
            done = 1;
            if (repl) {
                memcpy(out + o, repl, strlen(repl));
                o += strlen(repl);
                out[o++] = '\n';
            }
        } else {
            memcpy(out + o, p, len);
            o += len;
        }
        p += len;
    }
    if (!done && repl) {
        memcpy(out + o, repl, strlen(repl));
        o += strlen(repl);
        out[o++] = '\n';
    }
    out[o] = '\0';
    return out;
}

static void refuse(const char *text, int code, const char *needle)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    ck_assert_msg(rc == code, "expected %s, got %s: %s",
                  canasta_error_name(code), canasta_error_name(rc), why);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(why, needle) != NULL, "\"%s\" not in: %s", needle,
                  why);
}

static canasta_game *accept(const char *text)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    ck_assert_msg(rc == CANASTA_OK, "%s", why);
    return g;
}

/* X3: a merged partnership is written "lone <seat> merged", read back to
 * the same table (both partners at the lower seat's side) and the same
 * text. */
START_TEST(test_X3_position_merged_partnership_round_trip)
{
    canasta_game *g = x3_game_until(merged_in_play, 11);
    int lone = lone_of(g);
    char *t = position_of(g), want[32];
    snprintf(want, sizeof want, "\nlone %d merged\n", lone);
    ck_assert_msg(strstr(t, want) != NULL, "%s", t);
    canasta_game *h = accept(t);
    ck_assert_int_eq(lone_of(h), lone);
    for (int s = 0; s < 3; s++) {
        int a = -1, b = -2;
        canasta_game_seat_side(&a, g, s);
        canasta_game_seat_side(&b, h, s);
        ck_assert_int_eq(a, b);
    }
    char *t2 = position_of(h);
    ck_assert_str_eq(t, t2);
    canasta_free(t2);
    canasta_game_free(h);

    /* The nearest wrong texts: the partners apart while the hand goes on,
     * nobody alone although the partners share melds. */
    char line[32];
    snprintf(line, sizeof line, "lone %d apart", lone);
    char *bad = with_line(t, "lone", line);
    refuse(bad, CANASTA_E_INVALID, "X3: partners stay apart only when");
    free(bad);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* X3: right after the first take the taker is alone; "lone -" then
 * contradicts "source pile". */
START_TEST(test_X3_position_taker_is_the_lone_hand)
{
    canasta_game *g = x3_game_until(just_took, 40);
    char *t = position_of(g);
    ck_assert_ptr_nonnull(strstr(t, "\nsource pile\n"));
    canasta_game *h = accept(t);
    canasta_game_free(h);
    char *bad = with_line(t, "lone", "lone -");
    refuse(bad, CANASTA_E_INVALID, "X3: seat");
    refuse(bad, CANASTA_E_INVALID, "took the pile, so it is the lone hand");
    free(bad);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* X3: a player who went out before anyone took the pile is the lone hand
 * with the partners apart ("lone <seat> apart"); "lone -" and "merged"
 * are refused there. */
START_TEST(test_X3_position_lone_hand_went_out_first)
{
    canasta_game *g = x3_game_until(out_before_any_take, 5);
    int how = 0, seat = -1;
    canasta_game_hand_end(&how, &seat, g);
    ck_assert_int_eq(lone_of(g), seat);
    char *t = position_of(g), want[32];
    snprintf(want, sizeof want, "\nlone %d apart\n", seat);
    ck_assert_msg(strstr(t, want) != NULL, "%s", t);
    canasta_game *h = accept(t);
    char *t2 = position_of(h);
    ck_assert_str_eq(t, t2);
    canasta_free(t2);
    canasta_game_free(h);

    char *bad = with_line(t, "lone", "lone -");
    refuse(bad, CANASTA_E_INVALID, "went out, so it is the lone hand");
    free(bad);
    /* Apart names the seat that went out, no other. */
    char line[32];
    snprintf(line, sizeof line, "lone %d apart", (seat + 1) % 3);
    bad = with_line(t, "lone", line);
    refuse(bad, CANASTA_E_INVALID, "X3: partners stay apart only when");
    free(bad);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* The form of the line: required in X3, once, "-" or a seat and
 * merged/apart; refused in every other game. */
START_TEST(test_X3_position_lone_line_form)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_THREE_PLAYERS);
    canasta_game *g = NULL;
    ck_assert_int_eq(canasta_game_create(&g, r, 3), CANASTA_OK);
    char *t = position_of(g);
    ck_assert_ptr_nonnull(strstr(t, "\nlone -\n"));
    canasta_game *h = accept(t);
    canasta_game_free(h);

    char *bad = with_line(t, "lone", NULL);
    refuse(bad, CANASTA_E_SYNTAX, "no \"lone\" line");
    free(bad);
    bad = with_line(t, "lone", "lone 1 sideways");
    refuse(bad, CANASTA_E_SYNTAX, "lone <seat> merged");
    free(bad);
    bad = with_line(t, "lone", "lone 1");
    refuse(bad, CANASTA_E_SYNTAX, "lone <seat> merged");
    free(bad);
    bad = with_line(t, "lone", "lone 3 merged");
    refuse(bad, CANASTA_E_INVALID, "3");
    free(bad);
    bad = with_line(t, "lone", "lone - extra");
    refuse(bad, CANASTA_E_SYNTAX, "lone");
    free(bad);
    {
        char *twice = malloc(strlen(t) + 16);
        ck_assert_ptr_nonnull(twice);
        strcpy(twice, t);
        strcat(twice, "lone -\n");
        refuse(twice, CANASTA_E_SYNTAX, "a second \"lone\" line");
        free(twice);
    }
    canasta_free(t);
    canasta_game_free(g);
    canasta_rules_free(r);

    /* Only X3 has a lone hand. */
    static const int others[] = { CANASTA_PRESET_CLASSIC,
        CANASTA_PRESET_TWO_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
        CANASTA_PRESET_SIX_TWO_SIDES };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        r = rules_of(others[i]);
        ck_assert_int_eq(canasta_game_create(&g, r, 3), CANASTA_OK);
        t = position_of(g);
        ck_assert_ptr_null(strstr(t, "\nlone "));
        bad = with_line(t, "lone", "lone -");
        refuse(bad, CANASTA_E_INVALID, "X3: only the three-player game");
        free(bad);
        canasta_free(t);
        canasta_game_free(g);
        canasta_rules_free(r);
    }
}
END_TEST

Suite *suite_variant_positions(void)
{
    Suite *s = suite_create("variant_positions");
    TCase *c = tcase_create("lone");
    tcase_set_timeout(c, 60);
    tcase_add_test(c, test_X3_position_merged_partnership_round_trip);
    tcase_add_test(c, test_X3_position_taker_is_the_lone_hand);
    tcase_add_test(c, test_X3_position_lone_hand_went_out_first);
    tcase_add_test(c, test_X3_position_lone_line_form);
    suite_add_tcase(s, c);
    return s;
}
