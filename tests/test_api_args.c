/*
 * The public API's argument checking: NULL pointers, out-of-range seats,
 * sides and options, small buffers, malformed moves, error names, version.
 * A refused call must leave the game unchanged.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

#define DECK 108

static canasta_rules *R;
static canasta_game *G;

static void setup(void)
{
    R = NULL;
    G = NULL;
    ck_assert_int_eq(canasta_rules_create(&R, CANASTA_PRESET_CLASSIC), CANASTA_OK);
    ck_assert_int_eq(canasta_game_create(&G, R, 7), CANASTA_OK);
}

static void teardown(void)
{
    canasta_game_free(G);
    canasta_rules_free(R);
}

/* Dealer 3, so seat 0 is to move; seat 0 holds exactly these eleven
 * cards (three kings, three queens, no wild card) and draws the 8c. */
static canasta_game *crafted(void)
{
    const char *const hands[4] = { "Kc Kd Kh Qc Qd Qh 9c 9d 7c 7d 6h", "", "", "" };
    return th_game(NULL, 3, hands, "6d", "8c");
}

/* Validate and apply must both give err, and the game must not change. */
static void refused(canasta_game *g, const canasta_move *m, int err)
{
    canasta_game *before = NULL;
    char why[256];
    int eq = 0, rc;
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    why[0] = '\0';
    rc = canasta_validate(why, sizeof why, g, m);
    ck_assert_msg(rc == err, "validate: %s, want %s (%s)", canasta_error_name(rc),
                  canasta_error_name(err), why);
    rc = canasta_apply(why, sizeof why, g, m);
    ck_assert_msg(rc == err, "apply: %s, want %s (%s)", canasta_error_name(rc),
                  canasta_error_name(err), why);
    ck_assert_int_eq(canasta_game_equal(&eq, before, g), CANASTA_OK);
    ck_assert_msg(eq == 1, "a refused move changed the game");
    canasta_game_free(before);
}

static void fill_group(canasta_group *grp, int rank, const char *cards)
{
    grp->rank = (uint8_t)rank;
    grp->count = (uint8_t)th_cards(grp->cards, CANASTA_GROUP_MAX_CARDS, cards);
}

#define IS_NULL(call) \
    ck_assert_msg((call) == CANASTA_E_NULL, "%s did not give E_NULL", #call)

/* ------------------------------------------------------------ version */

START_TEST(test_api_version_matches_header)
{
    char want[32];
    ck_assert_uint_eq(canasta_version(), CANASTA_VERSION_NUMBER);
    sprintf(want, "%d.%d.%d", CANASTA_VERSION_MAJOR, CANASTA_VERSION_MINOR,
            CANASTA_VERSION_PATCH);
    ck_assert_ptr_nonnull(canasta_version_string());
    ck_assert_str_eq(canasta_version_string(), want);
}
END_TEST

START_TEST(test_api_move_size_matches_header)
{
    ck_assert_uint_eq(canasta_move_size(), sizeof(canasta_move));
}
END_TEST

/* ------------------------------------------------------------- errors */

struct err_row { int value; const char *name; const char *msg; };
#define ERR_ROW_(name, value, msg) { value, #name, msg },
static const struct err_row ERRS[] = { CANASTA_ERRNO_MAP(ERR_ROW_) };
#undef ERR_ROW_
#define N_ERRS (sizeof ERRS / sizeof ERRS[0])

START_TEST(test_api_error_names_and_messages)
{
    size_t i, j;
    for (i = 0; i < N_ERRS; i++) {
        ck_assert_str_eq(canasta_error_name(ERRS[i].value), ERRS[i].name);
        ck_assert_str_eq(canasta_strerror(ERRS[i].value), ERRS[i].msg);
        for (j = 0; j < i; j++)
            ck_assert_int_ne(ERRS[i].value, ERRS[j].value);
    }
    ck_assert_str_eq(canasta_error_name(CANASTA_E_PILE_FROZEN), "E_PILE_FROZEN");
    ck_assert_str_eq(canasta_error_name(CANASTA_OK), "OK");
}
END_TEST

START_TEST(test_api_unknown_error_code)
{
    static const int unknown[] = { 1, -17, -18, -19, -38, -999, INT_MIN, INT_MAX };
    size_t i, j;
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *name = canasta_error_name(unknown[i]);
        const char *msg = canasta_strerror(unknown[i]);
        ck_assert_ptr_nonnull(name);
        ck_assert_ptr_nonnull(msg);
        ck_assert_str_eq(msg, "unknown error");
        for (j = 0; j < N_ERRS; j++)
            ck_assert_str_ne(name, ERRS[j].name);
    }
}
END_TEST

/* -------------------------------------------------------------- NULLs */

START_TEST(test_api_null_cards_rules_scoring)
{
    canasta_rules *r2 = NULL;
    int v, lo, hi, items[CANASTA_SCORE_ITEMS];
    static const int melds[] = { 13, 3, 0, 0 };
    uint8_t hand[1] = { 16 };

    IS_NULL(canasta_card_from_string(NULL, "7h", 2));
    IS_NULL(canasta_card_from_string(&v, NULL, 2));
    IS_NULL(canasta_card_to_string(NULL, 8, 16));
    IS_NULL(canasta_rules_create(NULL, CANASTA_PRESET_CLASSIC));
    IS_NULL(canasta_rules_create_with_allocator(NULL, CANASTA_PRESET_CLASSIC,
                                                NULL, NULL, NULL));
    IS_NULL(canasta_rules_clone(NULL, R));
    IS_NULL(canasta_rules_clone(&r2, NULL));
    ck_assert_ptr_null(r2);
    IS_NULL(canasta_rules_set(NULL, CANASTA_OPT_TARGET_SCORE, 2500));
    IS_NULL(canasta_rules_get(NULL, R, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_rules_get(&v, NULL, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_rules_option_range(NULL, &hi, R, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_rules_option_range(&lo, NULL, R, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_rules_option_range(&lo, &hi, NULL, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_rules_opening_minimum(NULL, R, 0));
    IS_NULL(canasta_rules_opening_minimum(&v, NULL, 0));
    IS_NULL(canasta_rules_red_three_bonus(NULL, R, 1));
    IS_NULL(canasta_rules_red_three_bonus(&v, NULL, 1));
    IS_NULL(canasta_meld_class(NULL, R, 13, 3, 0, 0));
    IS_NULL(canasta_meld_class(&v, NULL, 13, 3, 0, 0));
    IS_NULL(canasta_score_side(NULL, CANASTA_SCORE_ITEMS, NULL, 0, R, melds, 1,
                               0, hand, 1, CANASTA_OUT_NONE));
    /* no items asked for: only the parts are checked (as the two
     * hand_score functions accept NULL items with n_items 0) */
    ck_assert_int_eq(canasta_score_side(NULL, 0, NULL, 0, R, melds, 1, 0,
                                        hand, 1, CANASTA_OUT_NONE), CANASTA_OK);
    IS_NULL(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, NULL, melds,
                               1, 0, hand, 1, CANASTA_OUT_NONE));
    IS_NULL(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R, NULL, 1,
                               0, hand, 1, CANASTA_OUT_NONE));
    IS_NULL(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R, melds, 1,
                               0, NULL, 1, CANASTA_OUT_NONE));
    /* the documented optional pointer: why may be NULL */
    ck_assert_int_eq(canasta_score_side(items, CANASTA_SCORE_ITEMS, NULL, 0, R,
                                        melds, 1, 0, hand, 1, CANASTA_OUT_NONE),
                     CANASTA_OK);
}
END_TEST

START_TEST(test_api_null_moves)
{
    canasta_move a, b;
    int gi, eq;
    canasta_move_init(&a, CANASTA_MOVE_DRAW, 0);
    canasta_move_init(&b, CANASTA_MOVE_DRAW, 0);
    IS_NULL(canasta_move_init(NULL, CANASTA_MOVE_DRAW, 0));
    IS_NULL(canasta_move_add_group(NULL, &a, 13));
    IS_NULL(canasta_move_add_group(&gi, NULL, 13));
    IS_NULL(canasta_move_add_card(NULL, 0, 52));
    IS_NULL(canasta_move_equal(NULL, &a, &b));
    IS_NULL(canasta_move_equal(&eq, NULL, &b));
    IS_NULL(canasta_move_equal(&eq, &a, NULL));
}
END_TEST

START_TEST(test_api_null_game_handles)
{
    canasta_game *g2 = NULL;
    uint8_t d[DECK];
    size_t n;
    int eq;
    IS_NULL(canasta_game_create(NULL, R, 1));
    IS_NULL(canasta_game_create(&g2, NULL, 1));
    ck_assert_ptr_null(g2);
    IS_NULL(canasta_game_clone(NULL, G));
    IS_NULL(canasta_game_clone(&g2, NULL));
    ck_assert_ptr_null(g2);
    IS_NULL(canasta_game_copy(NULL, G));
    IS_NULL(canasta_game_copy(G, NULL));
    IS_NULL(canasta_game_equal(NULL, G, G));
    IS_NULL(canasta_game_equal(&eq, NULL, G));
    IS_NULL(canasta_game_equal(&eq, G, NULL));
    ck_assert_int_eq(canasta_game_deck(d, DECK, &n, G), CANASTA_OK);
    IS_NULL(canasta_game_set_deck(NULL, d, DECK));
    IS_NULL(canasta_game_set_deck(G, NULL, DECK));
    IS_NULL(canasta_game_deck(NULL, DECK, &n, G));
    IS_NULL(canasta_game_deck(d, DECK, NULL, G));
    IS_NULL(canasta_game_deck(d, DECK, &n, NULL));
}
END_TEST

START_TEST(test_api_null_game_queries)
{
    uint8_t c[DECK];
    size_t n;
    int a, b, x, items[CANASTA_SCORE_ITEMS];
    IS_NULL(canasta_game_option(NULL, G, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_game_option(&a, NULL, CANASTA_OPT_TARGET_SCORE));
    IS_NULL(canasta_game_phase(NULL, G));
    IS_NULL(canasta_game_phase(&a, NULL));
    IS_NULL(canasta_game_current_seat(NULL, G));
    IS_NULL(canasta_game_current_seat(&a, NULL));
    IS_NULL(canasta_game_seat_side(NULL, G, 0));
    IS_NULL(canasta_game_seat_side(&a, NULL, 0));
    IS_NULL(canasta_game_dealer(NULL, G));
    IS_NULL(canasta_game_dealer(&a, NULL));
    IS_NULL(canasta_game_hand_number(NULL, G));
    IS_NULL(canasta_game_hand_number(&a, NULL));
    IS_NULL(canasta_game_hand(NULL, 32, &n, G, 0));
    IS_NULL(canasta_game_hand(c, 32, NULL, G, 0));
    IS_NULL(canasta_game_hand(c, 32, &n, NULL, 0));
    IS_NULL(canasta_game_hand_size(NULL, G, 0));
    IS_NULL(canasta_game_hand_size(&a, NULL, 0));
    IS_NULL(canasta_game_meld(NULL, &b, &x, G, 0, 13));
    IS_NULL(canasta_game_meld(&a, NULL, &x, G, 0, 13));
    IS_NULL(canasta_game_meld(&a, &b, NULL, G, 0, 13));
    IS_NULL(canasta_game_meld(&a, &b, &x, NULL, 0, 13));
    IS_NULL(canasta_game_meld_cards(NULL, 32, &n, G, 0, 13));
    IS_NULL(canasta_game_meld_cards(c, 32, NULL, G, 0, 13));
    IS_NULL(canasta_game_meld_cards(c, 32, &n, NULL, 0, 13));
    IS_NULL(canasta_game_canastas(NULL, &b, G, 0));
    IS_NULL(canasta_game_canastas(&a, NULL, G, 0));
    IS_NULL(canasta_game_canastas(&a, &b, NULL, 0));
    IS_NULL(canasta_game_red_threes(NULL, 4, &n, G, 0));
    IS_NULL(canasta_game_red_threes(c, 4, NULL, G, 0));
    IS_NULL(canasta_game_red_threes(c, 4, &n, NULL, 0));
    IS_NULL(canasta_game_pile_size(NULL, G));
    IS_NULL(canasta_game_pile_size(&a, NULL));
    IS_NULL(canasta_game_pile(NULL, DECK, &n, G));
    IS_NULL(canasta_game_pile(c, DECK, NULL, G));
    IS_NULL(canasta_game_pile(c, DECK, &n, NULL));
    IS_NULL(canasta_game_pile_top(NULL, G));
    IS_NULL(canasta_game_pile_top(&a, NULL));
    IS_NULL(canasta_game_pile_status(NULL, G, 0));
    IS_NULL(canasta_game_pile_status(&a, NULL, 0));
    IS_NULL(canasta_game_stock_size(NULL, G));
    IS_NULL(canasta_game_stock_size(&a, NULL));
    IS_NULL(canasta_game_opened(NULL, G, 0));
    IS_NULL(canasta_game_opened(&a, NULL, 0));
    IS_NULL(canasta_game_opening_minimum(NULL, G, 0));
    IS_NULL(canasta_game_opening_minimum(&a, NULL, 0));
    IS_NULL(canasta_game_permission(NULL, G));
    IS_NULL(canasta_game_permission(&a, NULL));
    IS_NULL(canasta_game_total(NULL, G, 0));
    IS_NULL(canasta_game_total(&a, NULL, 0));
    IS_NULL(canasta_game_hand_score(NULL, CANASTA_SCORE_ITEMS, G, 0));
    /* no items asked for: NULL is fine, as for canasta_record_hand_score
     * (G is before its first hand's end: E_PHASE, not E_NULL) */
    ck_assert_int_eq(canasta_game_hand_score(NULL, 0, G, 0), CANASTA_E_PHASE);
    IS_NULL(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, NULL, 0));
    IS_NULL(canasta_game_hand_end(NULL, &b, G));
    IS_NULL(canasta_game_hand_end(&a, NULL, G));
    IS_NULL(canasta_game_hand_end(&a, &b, NULL));
    IS_NULL(canasta_game_winner(NULL, G));
    IS_NULL(canasta_game_winner(&a, NULL));
}
END_TEST

START_TEST(test_api_null_play)
{
    canasta_move m, list[4];
    canasta_game *before = NULL;
    char why[64];
    size_t count;
    int eq = 0;
    canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
    ck_assert_int_eq(canasta_game_clone(&before, G), CANASTA_OK);
    IS_NULL(canasta_validate(why, sizeof why, NULL, &m));
    IS_NULL(canasta_validate(why, sizeof why, G, NULL));
    IS_NULL(canasta_apply(why, sizeof why, NULL, &m));
    IS_NULL(canasta_apply(why, sizeof why, G, NULL));
    IS_NULL(canasta_undo(NULL));
    IS_NULL(canasta_legal_moves(list, 4, NULL, G));
    IS_NULL(canasta_legal_moves(list, 4, &count, NULL));
    IS_NULL(canasta_legal_moves(NULL, 4, &count, G));
    ck_assert_int_eq(canasta_game_equal(&eq, before, G), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    canasta_game_free(before);
}
END_TEST

START_TEST(test_api_free_functions_accept_null)
{
    canasta_rules_free(NULL);
    canasta_game_free(NULL);
    /* still alive, and the real objects still work */
    ck_assert_int_eq(th_phase(G), CANASTA_PHASE_DRAW);
}
END_TEST

START_TEST(test_api_why_is_optional)
{
    canasta_move m;
    canasta_move_init(&m, CANASTA_MOVE_DISCARD, th_seat(G));
    m.card = 16;
    ck_assert_int_eq(canasta_validate(NULL, 0, G, &m), CANASTA_E_PHASE);
    ck_assert_int_eq(canasta_apply(NULL, 0, G, &m), CANASTA_E_PHASE);
    canasta_move_init(&m, CANASTA_MOVE_DRAW, th_seat(G));
    ck_assert_int_eq(canasta_validate(NULL, 0, G, &m), CANASTA_OK);
    ck_assert_int_eq(canasta_apply(NULL, 0, G, &m), CANASTA_OK);
    ck_assert_int_eq(th_phase(G), CANASTA_PHASE_PLAY);
}
END_TEST

/* -------------------------------------------------------- seats, sides */

START_TEST(test_api_seat_out_of_range)
{
    static const int bad[] = { 4, -1, 100, INT_MIN };
    uint8_t c[32];
    size_t n, i;
    int v;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int s = bad[i];
        ck_assert_int_eq(canasta_game_seat_side(&v, G, s), CANASTA_E_SEAT);
        ck_assert_int_eq(canasta_game_hand(c, 32, &n, G, s), CANASTA_E_SEAT);
        ck_assert_int_eq(canasta_game_hand_size(&v, G, s), CANASTA_E_SEAT);
        ck_assert_int_eq(canasta_game_red_threes(c, 32, &n, G, s), CANASTA_E_SEAT);
    }
    for (i = 0; i < 4; i++)
        ck_assert_int_eq(canasta_game_hand_size(&v, G, (int)i), CANASTA_OK);
}
END_TEST

START_TEST(test_api_side_out_of_range)
{
    static const int bad[] = { 2, -1, 4, INT_MAX };
    uint8_t c[32];
    size_t n, i;
    int a, b, x;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int s = bad[i];
        ck_assert_int_eq(canasta_game_meld(&a, &b, &x, G, s, 13), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_meld_cards(c, 32, &n, G, s, 13), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_canastas(&a, &b, G, s), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_pile_status(&a, G, s), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_opened(&a, G, s), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_opening_minimum(&a, G, s), CANASTA_E_SIDE);
        ck_assert_int_eq(canasta_game_total(&a, G, s), CANASTA_E_SIDE);
    }
    for (i = 0; i < 2; i++) {
        ck_assert_int_eq(canasta_game_opened(&a, G, (int)i), CANASTA_OK);
        ck_assert_int_eq(canasta_game_total(&a, G, (int)i), CANASTA_OK);
    }
}
END_TEST

/* ------------------------------------------------------------ options */

struct opt_row { int key; int def; int lo; int hi; };

/* Defaults from RULES.md; the ranges of the yes/no and tie keys follow
 * from their meaning, the others are asked from the library. */
static const struct opt_row SETTABLE[] = {
    { CANASTA_OPT_TARGET_SCORE, 5000, 0, 0 },
    { CANASTA_OPT_ASK_PERMISSION, 1, 0, 1 },
    { CANASTA_OPT_ONE_CARD_RULE, 1, 0, 1 },
    { CANASTA_OPT_TIE_RULE, CANASTA_TIE_PLAY_ON, CANASTA_TIE_PLAY_ON,
      CANASTA_TIE_DECLARE },
    { CANASTA_OPT_HAND_SIZE, 11, 0, 0 },
    { CANASTA_OPT_CANASTAS_TO_GO_OUT, 1, 0, 0 },
    { CANASTA_OPT_DRAW_COUNT, 1, 0, 0 },
    /* G3 as published by default; 1 allows additions (a yes/no key) */
    { CANASTA_OPT_CONCEALED_ADDITIONS, 0, 0, 1 },
};
#define N_SETTABLE (sizeof SETTABLE / sizeof SETTABLE[0])

static const struct opt_row FIXED[] = {
    { CANASTA_OPT_PLAYERS, 4, 4, 4 },
    { CANASTA_OPT_SIDES, 2, 2, 2 },
    { CANASTA_OPT_PACKS, 2, 2, 2 },
    { CANASTA_OPT_JOKERS, 4, 4, 4 },
    { CANASTA_OPT_DECK_SIZE, 108, 108, 108 },
    { CANASTA_OPT_LONE_HAND, 0, 0, 0 },
};
#define N_FIXED (sizeof FIXED / sizeof FIXED[0])

START_TEST(test_api_option_defaults_and_ranges)
{
    size_t i;
    for (i = 0; i < N_SETTABLE; i++) {
        int v = -77, lo = -77, hi = -77;
        ck_assert_int_eq(canasta_rules_get(&v, R, SETTABLE[i].key), CANASTA_OK);
        ck_assert_msg(v == SETTABLE[i].def, "key %d default %d", SETTABLE[i].key, v);
        ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, R, SETTABLE[i].key),
                         CANASTA_OK);
        ck_assert_int_le(lo, v);
        ck_assert_int_ge(hi, v);
        if (SETTABLE[i].lo != SETTABLE[i].hi) {
            ck_assert_int_eq(lo, SETTABLE[i].lo);
            ck_assert_int_eq(hi, SETTABLE[i].hi);
        }
        ck_assert_int_eq(canasta_game_option(&v, G, SETTABLE[i].key), CANASTA_OK);
        ck_assert_int_eq(v, SETTABLE[i].def);
    }
    for (i = 0; i < N_FIXED; i++) {
        int v = -77, lo = -77, hi = -77;
        ck_assert_int_eq(canasta_rules_get(&v, R, FIXED[i].key), CANASTA_OK);
        ck_assert_int_eq(v, FIXED[i].def);
        ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, R, FIXED[i].key),
                         CANASTA_OK);
        ck_assert_int_eq(lo, FIXED[i].lo);
        ck_assert_int_eq(hi, FIXED[i].hi);
        ck_assert_int_eq(canasta_game_option(&v, G, FIXED[i].key), CANASTA_OK);
        ck_assert_int_eq(v, FIXED[i].def);
    }
}
END_TEST

START_TEST(test_api_option_set_get_round_trip)
{
    size_t i;
    for (i = 0; i < N_SETTABLE; i++) {
        int key = SETTABLE[i].key, lo, hi, v;
        ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, R, key), CANASTA_OK);
        ck_assert_int_eq(canasta_rules_set(R, key, lo), CANASTA_OK);
        ck_assert_int_eq(canasta_rules_get(&v, R, key), CANASTA_OK);
        ck_assert_int_eq(v, lo);
        ck_assert_int_eq(canasta_rules_set(R, key, hi), CANASTA_OK);
        ck_assert_int_eq(canasta_rules_get(&v, R, key), CANASTA_OK);
        ck_assert_int_eq(v, hi);
        ck_assert_int_eq(canasta_rules_set(R, key, SETTABLE[i].def), CANASTA_OK);
        ck_assert_int_eq(canasta_rules_get(&v, R, key), CANASTA_OK);
        ck_assert_int_eq(v, SETTABLE[i].def);
    }
}
END_TEST

START_TEST(test_api_option_out_of_range_is_E_RANGE)
{
    size_t i;
    for (i = 0; i < N_SETTABLE; i++) {
        int key = SETTABLE[i].key, lo, hi, v;
        ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, R, key), CANASTA_OK);
        if (lo > INT_MIN)
            ck_assert_msg(canasta_rules_set(R, key, lo - 1) == CANASTA_E_RANGE,
                          "key %d value %d", key, lo - 1);
        if (hi < INT_MAX)
            ck_assert_msg(canasta_rules_set(R, key, hi + 1) == CANASTA_E_RANGE,
                          "key %d value %d", key, hi + 1);
        ck_assert_int_eq(canasta_rules_get(&v, R, key), CANASTA_OK);
        ck_assert_int_eq(v, SETTABLE[i].def);
    }
    /* a target of zero or less could never be reached first */
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_TARGET_SCORE, -5000),
                     CANASTA_E_RANGE);
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_HAND_SIZE, 0), CANASTA_E_RANGE);
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_HAND_SIZE, 60), CANASTA_E_RANGE);
}
END_TEST

START_TEST(test_api_option_read_only_is_E_READONLY)
{
    size_t i;
    for (i = 0; i < N_FIXED; i++) {
        int v;
        ck_assert_msg(canasta_rules_set(R, FIXED[i].key, FIXED[i].def + 2)
                      == CANASTA_E_READONLY, "key %d", FIXED[i].key);
        ck_assert_int_eq(canasta_rules_get(&v, R, FIXED[i].key), CANASTA_OK);
        ck_assert_int_eq(v, FIXED[i].def);
    }
}
END_TEST

START_TEST(test_api_option_unknown_key_is_E_OPTION)
{
    static const int bad[] = { 0, -1, 9, 50, 99, 106, 1000 };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int v, lo, hi;
        ck_assert_int_eq(canasta_rules_set(R, bad[i], 1), CANASTA_E_OPTION);
        ck_assert_int_eq(canasta_rules_get(&v, R, bad[i]), CANASTA_E_OPTION);
        ck_assert_int_eq(canasta_rules_option_range(&lo, &hi, R, bad[i]),
                         CANASTA_E_OPTION);
        ck_assert_int_eq(canasta_game_option(&v, G, bad[i]), CANASTA_E_OPTION);
    }
}
END_TEST

START_TEST(test_api_options_reach_the_game_and_clone)
{
    canasta_rules *c = NULL;
    canasta_game *g = NULL;
    int v;
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_TARGET_SCORE, 2500), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(R, CANASTA_OPT_TIE_RULE, CANASTA_TIE_DECLARE),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_clone(&c, R), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_get(&v, c, CANASTA_OPT_TARGET_SCORE), CANASTA_OK);
    ck_assert_int_eq(v, 2500);
    /* the clone is separate */
    ck_assert_int_eq(canasta_rules_set(c, CANASTA_OPT_TARGET_SCORE, 7500), CANASTA_OK);
    ck_assert_int_eq(canasta_rules_get(&v, R, CANASTA_OPT_TARGET_SCORE), CANASTA_OK);
    ck_assert_int_eq(v, 2500);
    ck_assert_int_eq(canasta_game_create(&g, R, 3), CANASTA_OK);
    ck_assert_int_eq(canasta_game_option(&v, g, CANASTA_OPT_TARGET_SCORE), CANASTA_OK);
    ck_assert_int_eq(v, 2500);
    ck_assert_int_eq(canasta_game_option(&v, g, CANASTA_OPT_TIE_RULE), CANASTA_OK);
    ck_assert_int_eq(v, CANASTA_TIE_DECLARE);
    canasta_game_free(g);
    canasta_rules_free(c);
}
END_TEST

START_TEST(test_api_unknown_preset_is_E_PRESET)
{
    static const int bad[] = { 0, -1, 6, 99 };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        canasta_rules *r = NULL;
        ck_assert_int_eq(canasta_rules_create(&r, bad[i]), CANASTA_E_PRESET);
        ck_assert_ptr_null(r);
        ck_assert_int_eq(canasta_rules_create_with_allocator(&r, bad[i], NULL,
                                                             NULL, NULL),
                         CANASTA_E_PRESET);
        ck_assert_ptr_null(r);
    }
}
END_TEST

/* ---------------------------------------------------------- allocator */

struct counter { long live; long calls; long fail_after; };

static void *count_alloc(void *user, size_t size)
{
    struct counter *c = user;
    void *p;
    if (c->fail_after >= 0 && c->calls >= c->fail_after)
        return NULL;
    p = malloc(size);
    if (p) {
        c->calls++;
        c->live++;
    }
    return p;
}

static void count_release(void *user, void *ptr)
{
    struct counter *c = user;
    if (ptr) {
        c->live--;
        free(ptr);
    }
}

START_TEST(test_api_allocator_sees_all_memory)
{
    struct counter cnt = { 0, 0, -1 };
    canasta_rules *r = NULL;
    canasta_game *g = NULL, *h = NULL;
    long after_rules;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                                                         count_alloc, count_release,
                                                         &cnt), CANASTA_OK);
    after_rules = cnt.calls;
    ck_assert_int_eq(canasta_game_create(&g, r, 11), CANASTA_OK);
    ck_assert_int_gt(cnt.calls, after_rules);
    ck_assert_int_eq(canasta_game_clone(&h, g), CANASTA_OK);
    canasta_game_free(h);
    canasta_game_free(g);
    canasta_rules_free(r);
    ck_assert_int_eq(cnt.live, 0);
}
END_TEST

START_TEST(test_api_failing_allocator_gives_E_NOMEM)
{
    struct counter cnt = { 0, 0, 0 };
    canasta_rules *r = NULL;
    canasta_game *g = NULL;
    long live;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                                                         count_alloc, count_release,
                                                         &cnt), CANASTA_E_NOMEM);
    ck_assert_ptr_null(r);
    /* let the rules through, then refuse the game's memory */
    cnt.fail_after = -1;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                                                         count_alloc, count_release,
                                                         &cnt), CANASTA_OK);
    live = cnt.live;
    cnt.fail_after = cnt.calls;
    ck_assert_int_eq(canasta_game_create(&g, r, 1), CANASTA_E_NOMEM);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(cnt.live, live);
    /* a refused clone leaves the original alone and leaks nothing */
    cnt.fail_after = -1;
    ck_assert_int_eq(canasta_game_create(&g, r, 1), CANASTA_OK);
    live = cnt.live;
    canasta_game *h = NULL;
    cnt.fail_after = cnt.calls;
    ck_assert_int_eq(canasta_game_clone(&h, g), CANASTA_E_NOMEM);
    ck_assert_ptr_null(h);
    ck_assert_int_eq(cnt.live, live);
    canasta_game_free(g);
    canasta_rules_free(r);
    ck_assert_int_eq(cnt.live, 0);
}
END_TEST

/* A game of a few moves and its three texts: save, position, record. */
static canasta_game *played_game(char **save, char **pos, char **rec)
{
    canasta_rules *r = NULL;
    canasta_game *g = NULL;
    canasta_player *p = NULL;
    canasta_record *record = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_game_create(&g, r, 5), CANASTA_OK);
    ck_assert_int_eq(canasta_player_create(&p), CANASTA_OK);
    ck_assert_int_eq(canasta_record_create(&record, g), CANASTA_OK);
    for (int i = 0; i < 30; i++)
        ck_assert_int_eq(canasta_player_play(NULL, p, g, (uint64_t)i),
                         CANASTA_OK);
    ck_assert_int_eq(canasta_record_update(record, g), CANASTA_OK);
    ck_assert_int_eq(canasta_game_save(save, NULL, g), CANASTA_OK);
    ck_assert_int_eq(canasta_game_position(pos, NULL, g), CANASTA_OK);
    ck_assert_int_eq(canasta_record_text(rec, NULL, record, CANASTA_VIEW_ALL),
                     CANASTA_OK);
    canasta_record_free(record);
    canasta_player_free(p);
    canasta_rules_free(r);
    return g;
}

/* The loaders' _with_allocator forms: every byte of the loaded object (and
 * of the game a record replays to) comes from the caller's allocator and
 * goes back to it, and the object is the one the plain loader makes. */
START_TEST(test_api_loaders_take_an_allocator)
{
    char *save = NULL, *pos = NULL, *rec = NULL;
    canasta_game *g = played_game(&save, &pos, &rec);
    struct counter cnt = { 0, 0, -1 };
    canasta_game *h = NULL, *replayed = NULL;
    canasta_record *record = NULL;
    int equal = 0;

    ck_assert_int_eq(canasta_game_load_with_allocator(&h, NULL, 0, save,
                     (size_t)-1, count_alloc, count_release, &cnt),
                     CANASTA_OK);
    ck_assert_int_gt(cnt.live, 0);
    ck_assert_int_eq(canasta_game_equal(&equal, h, g), CANASTA_OK);
    ck_assert_int_eq(equal, 1);
    canasta_game *k = NULL; /* a clone keeps the allocator */
    long before = cnt.live;
    ck_assert_int_eq(canasta_game_clone(&k, h), CANASTA_OK);
    ck_assert_int_gt(cnt.live, before);
    canasta_game_free(k);
    canasta_game_free(h);
    ck_assert_int_eq(cnt.live, 0);

    long calls = cnt.calls;
    ck_assert_int_eq(canasta_game_from_position_with_allocator(&h, NULL, 0,
                     pos, (size_t)-1, count_alloc, count_release, &cnt),
                     CANASTA_OK);
    ck_assert_int_gt(cnt.calls, calls);
    char *again = NULL;
    ck_assert_int_eq(canasta_game_position(&again, NULL, h), CANASTA_OK);
    ck_assert_str_eq(again, pos);
    canasta_free(again); /* text goes back to the game's allocator */
    canasta_game_free(h);
    ck_assert_int_eq(cnt.live, 0);

    calls = cnt.calls;
    ck_assert_int_eq(canasta_record_parse_with_allocator(&record, NULL, 0,
                     rec, (size_t)-1, count_alloc, count_release, &cnt),
                     CANASTA_OK);
    ck_assert_int_gt(cnt.calls, calls);
    before = cnt.live;
    ck_assert_int_eq(canasta_record_replay(&replayed, NULL, NULL, 0, record),
                     CANASTA_OK);
    ck_assert_int_gt(cnt.live, before); /* the game is the record's */
    ck_assert_int_eq(canasta_game_equal(&equal, replayed, g), CANASTA_OK);
    ck_assert_int_eq(equal, 1);
    canasta_game_free(replayed);
    canasta_record_free(record);
    ck_assert_int_eq(cnt.live, 0);

    /* The nearest misuse: one of the pair; no text; no out pointer. */
    ck_assert_int_eq(canasta_game_load_with_allocator(&h, NULL, 0, save,
                     (size_t)-1, count_alloc, NULL, &cnt), CANASTA_E_ARG);
    ck_assert_ptr_null(h);
    ck_assert_int_eq(canasta_game_from_position_with_allocator(&h, NULL, 0,
                     pos, (size_t)-1, NULL, count_release, &cnt),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_record_parse_with_allocator(&record, NULL, 0,
                     rec, (size_t)-1, count_alloc, NULL, &cnt),
                     CANASTA_E_ARG);
    ck_assert_ptr_null(record);
    IS_NULL(canasta_game_load_with_allocator(&h, NULL, 0, NULL, 0, NULL,
                                             NULL, NULL));
    IS_NULL(canasta_game_from_position_with_allocator(NULL, NULL, 0, pos, 3,
                                                      NULL, NULL, NULL));
    IS_NULL(canasta_game_from_position_with_allocator(&h, NULL, 0, NULL, 3,
                                                      NULL, NULL, NULL));
    IS_NULL(canasta_record_parse_with_allocator(&record, NULL, 0, NULL, 0,
                                                NULL, NULL, NULL));
    ck_assert_int_eq(cnt.live, 0);
    canasta_free(save);
    canasta_free(pos);
    canasta_free(rec);
    canasta_game_free(g);
}
END_TEST

/* An allocator that refuses its nth request: every loader then fails
 * with E_NOMEM, whichever of its requests n is (none is optional), leaks
 * nothing and leaves the out pointer NULL; with every request served it
 * succeeds. */
static int load_kind(int which, void **out, const char *save, const char *pos,
                     const char *rec, struct counter *cnt)
{
    return which == 0
        ? canasta_game_load_with_allocator((canasta_game **)out, NULL, 0,
              save, (size_t)-1, count_alloc, count_release, cnt)
        : which == 1
        ? canasta_game_from_position_with_allocator((canasta_game **)out,
              NULL, 0, pos, (size_t)-1, count_alloc, count_release, cnt)
        : canasta_record_parse_with_allocator((canasta_record **)out, NULL,
              0, rec, (size_t)-1, count_alloc, count_release, cnt);
}

static void free_kind(int which, void *obj)
{
    if (which < 2)
        canasta_game_free(obj);
    else
        canasta_record_free(obj);
}

START_TEST(test_api_loaders_out_of_memory_leak_nothing)
{
    char *save = NULL, *pos = NULL, *rec = NULL;
    canasta_game *g = played_game(&save, &pos, &rec);
    for (int which = 0; which < 3; which++) {
        struct counter full = { 0, 0, -1 };
        void *obj = NULL;
        ck_assert_int_eq(load_kind(which, &obj, save, pos, rec, &full),
                         CANASTA_OK);
        const long total = full.calls;
        free_kind(which, obj);
        ck_assert_int_eq(full.live, 0);
        ck_assert_int_ge(total, 1);
        for (long n = 0; n < total; n++) {
            struct counter cnt = { 0, 0, n };
            obj = NULL;
            int rc = load_kind(which, &obj, save, pos, rec, &cnt);
            ck_assert_msg(rc == CANASTA_E_NOMEM, "loader %d, request %ld of "
                          "%ld refused: %s", which, n, total,
                          canasta_error_name(rc));
            ck_assert_ptr_null(obj);
            ck_assert_msg(cnt.live == 0, "loader %d, request %ld: %ld blocks"
                          " left", which, n, cnt.live);
        }
    }
    canasta_free(save);
    canasta_free(pos);
    canasta_free(rec);
    canasta_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ buffers */

START_TEST(test_api_small_buffers_give_E_BUFFER_and_size)
{
    uint8_t c[DECK];
    size_t n = 0;
    char s[8];
    ck_assert_int_eq(canasta_game_hand(c, 5, &n, G, 0), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 11);
    n = 0;
    ck_assert_int_eq(canasta_game_hand(c, 11, &n, G, 0), CANASTA_OK);
    ck_assert_uint_eq(n, 11);
    n = 0;
    ck_assert_int_eq(canasta_game_deck(c, 107, &n, G), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, DECK);
    ck_assert_int_eq(canasta_card_to_string(s, 3, 16), CANASTA_E_BUFFER);
    ck_assert_int_eq(canasta_card_to_string(s, 0, 16), CANASTA_E_BUFFER);
}
END_TEST

START_TEST(test_api_small_buffers_pile_red_threes_melds)
{
    const char *const hands[4] = { "3h 3d Kc Kd Kh Qc Qd Qh", "", "", "" };
    canasta_game *g = th_game(NULL, 3, hands, "Jk 6d", "8c 8d 8h");
    uint8_t c[DECK];
    size_t n = 0;
    ck_assert_int_eq(canasta_game_pile(c, 1, &n, g), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 2);
    n = 0;
    ck_assert_int_eq(canasta_game_red_threes(c, 1, &n, g, 0), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 2);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh");
    n = 0;
    ck_assert_int_eq(canasta_game_meld_cards(c, 2, &n, g, 0, 13), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 3);
    n = 0;
    ck_assert_int_eq(canasta_game_meld_cards(c, 3, &n, g, 0, 13), CANASTA_OK);
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(c[0], CANASTA_CARD(13, CANASTA_CLUBS));
    ck_assert_int_eq(c[2], CANASTA_CARD(13, CANASTA_HEARTS));
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_legal_moves_counts_with_no_room)
{
    canasta_move list[256];
    size_t count = 0, all = 0;
    /* DRAW is always among the moves at the start of a hand */
    ck_assert_int_eq(canasta_legal_moves(NULL, 0, &count, G), CANASTA_E_BUFFER);
    ck_assert_uint_ge(count, 1);
    ck_assert_int_eq(canasta_legal_moves(list, 256, &all, G), CANASTA_OK);
    ck_assert_uint_eq(all, count);
}
END_TEST

/* Every card-list getter answers a count-only call (NULL cards, capacity
 * 0) as canasta_legal_moves does: the count, with E_BUFFER when there are
 * cards (OK when there are none); NULL cards with room is still E_NULL. */
START_TEST(test_api_card_lists_count_with_no_buffer)
{
    const char *const hands[4] = { "3h 3d Kc Kd Kh Qc Qd Qh", "", "", "" };
    canasta_game *g = th_game(NULL, 3, hands, "Jk 6d", "8c 8d 8h");
    size_t n = 0;
    ck_assert_int_eq(canasta_game_hand(NULL, 0, &n, g, 0), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 11);
    n = 0;
    ck_assert_int_eq(canasta_game_pile(NULL, 0, &n, g), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 2);
    n = 0;
    ck_assert_int_eq(canasta_game_red_threes(NULL, 0, &n, g, 0),
                     CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 2);
    n = 0;
    ck_assert_int_eq(canasta_game_deck(NULL, 0, &n, g), CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, DECK);
    n = 99;
    ck_assert_int_eq(canasta_game_meld_cards(NULL, 0, &n, g, 0, 13),
                     CANASTA_OK); /* no meld of kings yet */
    ck_assert_uint_eq(n, 0);
    n = 99;
    ck_assert_int_eq(canasta_game_red_threes(NULL, 0, &n, g, 1), CANASTA_OK);
    ck_assert_uint_eq(n, 0);
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Qc Qd Qh");
    n = 0;
    ck_assert_int_eq(canasta_game_meld_cards(NULL, 0, &n, g, 0, 13),
                     CANASTA_E_BUFFER);
    ck_assert_uint_eq(n, 3);
    /* The nearest misuse: room claimed for a NULL list. */
    IS_NULL(canasta_game_hand(NULL, 1, &n, g, 0));
    IS_NULL(canasta_game_pile(NULL, 1, &n, g));
    IS_NULL(canasta_game_meld_cards(NULL, 1, &n, g, 0, 13));
    IS_NULL(canasta_game_red_threes(NULL, 1, &n, g, 0));
    IS_NULL(canasta_game_deck(NULL, 1, &n, g));
    canasta_game_free(g);
}
END_TEST

/* -------------------------------------------------------------- moves */

START_TEST(test_api_move_kind_out_of_range_is_E_MOVE)
{
    canasta_game *g = crafted();
    canasta_move m;
    static const int kinds[] = { 0, 10, 200 };
    size_t i;
    for (i = 0; i < 3; i++) {
        canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
        m.kind = (uint8_t)kinds[i];
        refused(g, &m, CANASTA_E_MOVE);
    }
    th_do_draw(g, 0);
    for (i = 0; i < 3; i++) {
        canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
        m.kind = (uint8_t)kinds[i];
        refused(g, &m, CANASTA_E_MOVE);
    }
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_meld_group_counts_are_checked)
{
    canasta_game *g = crafted();
    canasta_move m;
    th_do_draw(g, 0);

    /* no group */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    refused(g, &m, CANASTA_E_MOVE);

    /* thirteen groups */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    fill_group(&m.groups[0], 13, "Kc Kd Kh");
    m.ngroups = 13;
    refused(g, &m, CANASTA_E_MOVE);

    /* an empty group */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    fill_group(&m.groups[0], 13, "Kc Kd Kh");
    m.groups[1].rank = 12;
    m.groups[1].count = 0;
    m.ngroups = 2;
    refused(g, &m, CANASTA_E_MOVE);

    /* seventeen cards in a group */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    fill_group(&m.groups[0], 13, "Kc Kd Kh");
    m.groups[0].count = 17;
    m.ngroups = 1;
    refused(g, &m, CANASTA_E_MOVE);

    /* the well-formed move is accepted */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    fill_group(&m.groups[0], 13, "Kc Kd Kh");
    fill_group(&m.groups[1], 12, "Qc Qd Qh");
    m.ngroups = 2;
    th_ok(g, &m);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_meld_group_rank_is_checked)
{
    canasta_game *g = crafted();
    canasta_move m;
    static const int ranks[] = { 0, 1, 2, 15, 255 };
    size_t i;
    th_do_draw(g, 0);
    for (i = 0; i < sizeof ranks / sizeof ranks[0]; i++) {
        canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
        fill_group(&m.groups[0], 12, "Qc Qd Qh");
        fill_group(&m.groups[1], 13, "Kc Kd Kh");
        m.groups[1].rank = (uint8_t)ranks[i];
        m.ngroups = 2;
        refused(g, &m, CANASTA_E_MOVE);
    }
    /* two groups of one rank */
    canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
    fill_group(&m.groups[0], 13, "Kc Kd");
    fill_group(&m.groups[1], 13, "Kh");
    m.ngroups = 2;
    refused(g, &m, CANASTA_E_MOVE);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_bad_card_code_in_move_is_E_CARD)
{
    canasta_game *g = crafted();
    canasta_move m;
    static const int codes[] = { 0, 7, 61, 63, 255 };
    size_t i;
    th_do_draw(g, 0);
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        canasta_move_init(&m, CANASTA_MOVE_MELD, 0);
        fill_group(&m.groups[0], 13, "Kc Kd Kh");
        m.groups[0].cards[1] = (uint8_t)codes[i];
        m.ngroups = 1;
        refused(g, &m, CANASTA_E_CARD);
        canasta_move_init(&m, CANASTA_MOVE_DISCARD, 0);
        m.card = (uint8_t)codes[i];
        refused(g, &m, CANASTA_E_CARD);
    }
    th_do_discard(g, 0, "9c");
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_card_not_held_is_E_NOT_IN_HAND)
{
    canasta_game *g = crafted();
    canasta_move m;
    th_do_draw(g, 0);
    /* seat 0 holds Kc Kd Kh but only one Kc */
    th_meld(&m, 0, "Kc Kc Kd");
    refused(g, &m, CANASTA_E_NOT_IN_HAND);
    th_discard(&m, 0, "Jk");
    refused(g, &m, CANASTA_E_NOT_IN_HAND);
    th_discard(&m, 0, "6h");
    th_ok(g, &m);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_wrong_seat_is_E_TURN)
{
    canasta_game *g = crafted();
    canasta_move m;
    int s;
    for (s = 1; s < 4; s++) {
        canasta_move_init(&m, CANASTA_MOVE_DRAW, s);
        refused(g, &m, CANASTA_E_TURN);
    }
    th_do_draw(g, 0);
    th_discard(&m, 2, "9c");
    refused(g, &m, CANASTA_E_TURN);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_seat_field_out_of_range_is_E_SEAT)
{
    canasta_game *g = crafted();
    canasta_move m;
    canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
    m.seat = 4;
    refused(g, &m, CANASTA_E_SEAT);
    m.seat = 255;
    refused(g, &m, CANASTA_E_SEAT);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_move_in_wrong_phase_is_E_PHASE)
{
    canasta_game *g = crafted();
    canasta_move m;
    static const int draw_phase_bad[] = { CANASTA_MOVE_MELD, CANASTA_MOVE_ASK,
        CANASTA_MOVE_ANSWER_YES, CANASTA_MOVE_ANSWER_NO, CANASTA_MOVE_DECLINE,
        CANASTA_MOVE_NEXT_HAND };
    size_t i;

    th_discard(&m, 0, "9c");
    refused(g, &m, CANASTA_E_PHASE);
    for (i = 0; i < sizeof draw_phase_bad / sizeof draw_phase_bad[0]; i++) {
        if (draw_phase_bad[i] == CANASTA_MOVE_MELD)
            th_meld(&m, 0, "Kc Kd Kh | Qc Qd Qh");
        else
            canasta_move_init(&m, draw_phase_bad[i], 0);
        refused(g, &m, CANASTA_E_PHASE);
    }
    th_do_draw(g, 0);
    canasta_move_init(&m, CANASTA_MOVE_DRAW, 0);
    refused(g, &m, CANASTA_E_PHASE);
    th_take(&m, g, 0, "");
    refused(g, &m, CANASTA_E_PHASE);
    canasta_move_init(&m, CANASTA_MOVE_NEXT_HAND, 0);
    refused(g, &m, CANASTA_E_PHASE);
    canasta_move_init(&m, CANASTA_MOVE_DECLINE, 0);
    refused(g, &m, CANASTA_E_PHASE);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_api_undo_at_hand_start_is_E_NO_UNDO)
{
    canasta_game *before = NULL;
    int eq = 0;
    canasta_move m;
    ck_assert_int_eq(canasta_game_clone(&before, G), CANASTA_OK);
    ck_assert_int_eq(canasta_undo(G), CANASTA_E_NO_UNDO);
    ck_assert_int_eq(canasta_game_equal(&eq, before, G), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    canasta_move_init(&m, CANASTA_MOVE_DRAW, th_seat(G));
    th_ok(G, &m);
    ck_assert_int_eq(canasta_game_equal(&eq, before, G), CANASTA_OK);
    ck_assert_int_eq(eq, 0);
    ck_assert_int_eq(canasta_undo(G), CANASTA_OK);
    ck_assert_int_eq(canasta_game_equal(&eq, before, G), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    canasta_game_free(before);
}
END_TEST

START_TEST(test_api_game_over_queries_before_end)
{
    int w = 5, how = -5, seat = -5;
    ck_assert_int_eq(canasta_game_winner(&w, G), CANASTA_E_PHASE);
    ck_assert_int_eq(canasta_game_hand_end(&how, &seat, G), CANASTA_OK);
    ck_assert_int_eq(how, CANASTA_END_NONE);
    ck_assert_int_eq(seat, -1);
}
END_TEST

/* -------------------------------------------------------- move helpers */

START_TEST(test_api_move_builders)
{
    static const int other_ranks[10] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 14 };
    canasta_move a, b;
    int g0 = -1, g1 = -1, eq = -1, i;
    ck_assert_int_eq(canasta_move_init(&a, CANASTA_MOVE_MELD, 2), CANASTA_OK);
    ck_assert_int_eq(a.kind, CANASTA_MOVE_MELD);
    ck_assert_int_eq(a.seat, 2);
    ck_assert_int_eq(a.ngroups, 0);
    ck_assert_int_eq(canasta_move_add_group(&g0, &a, 13), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_group(&g1, &a, 12), CANASTA_OK);
    ck_assert_int_eq(g0, 0);
    ck_assert_int_eq(g1, 1);
    ck_assert_int_eq(canasta_move_add_card(&a, g0, 52), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_card(&a, g0, 53), CANASTA_OK);
    ck_assert_int_eq(canasta_move_add_card(&a, g1, 48), CANASTA_OK);
    ck_assert_int_eq(a.ngroups, 2);
    ck_assert_int_eq(a.groups[0].rank, 13);
    ck_assert_int_eq(a.groups[0].count, 2);
    ck_assert_int_eq(a.groups[1].count, 1);
    /* the same groups with the cards in another order: equal */
    canasta_move_init(&b, CANASTA_MOVE_MELD, 2);
    canasta_move_add_group(&g0, &b, 13);
    canasta_move_add_group(&g1, &b, 12);
    canasta_move_add_card(&b, g0, 53);
    canasta_move_add_card(&b, g0, 52);
    canasta_move_add_card(&b, g1, 48);
    b.groups[5].count = 9;      /* unused fields do not matter */
    ck_assert_int_eq(canasta_move_equal(&eq, &a, &b), CANASTA_OK);
    ck_assert_int_eq(eq, 1);
    canasta_move_add_card(&b, g1, 49);
    ck_assert_int_eq(canasta_move_equal(&eq, &a, &b), CANASTA_OK);
    ck_assert_int_eq(eq, 0);
    /* bounds: no card into a group that does not exist; twelve groups
     * (one per meldable rank) and sixteen cards per group at most */
    ck_assert_int_ne(canasta_move_add_card(&a, 7, 52), CANASTA_OK);
    for (i = 0; i < 10; i++)
        ck_assert_int_eq(canasta_move_add_group(&g0, &a, other_ranks[i]), CANASTA_OK);
    ck_assert_int_ne(canasta_move_add_group(&g0, &a, 4), CANASTA_OK);
    ck_assert_int_eq(a.ngroups, CANASTA_MOVE_MAX_GROUPS);
    for (i = 1; i < CANASTA_GROUP_MAX_CARDS; i++)
        ck_assert_int_eq(canasta_move_add_card(&a, 1, 48), CANASTA_OK);
    ck_assert_int_eq(a.groups[1].count, CANASTA_GROUP_MAX_CARDS);
    ck_assert_int_ne(canasta_move_add_card(&a, 1, 48), CANASTA_OK);
    ck_assert_int_eq(a.groups[1].count, CANASTA_GROUP_MAX_CARDS);
}
END_TEST

Suite *suite_api_args(void)
{
    Suite *s = suite_create("api_args");
    TCase *c;

    c = tcase_create("basics");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_api_version_matches_header);
    tcase_add_test(c, test_api_move_size_matches_header);
    tcase_add_test(c, test_api_error_names_and_messages);
    tcase_add_test(c, test_api_unknown_error_code);
    tcase_add_test(c, test_api_move_builders);
    suite_add_tcase(s, c);

    c = tcase_create("null");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_api_null_cards_rules_scoring);
    tcase_add_test(c, test_api_null_moves);
    tcase_add_test(c, test_api_null_game_handles);
    tcase_add_test(c, test_api_null_game_queries);
    tcase_add_test(c, test_api_null_play);
    tcase_add_test(c, test_api_free_functions_accept_null);
    tcase_add_test(c, test_api_why_is_optional);
    suite_add_tcase(s, c);

    c = tcase_create("ranges");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_api_seat_out_of_range);
    tcase_add_test(c, test_api_side_out_of_range);
    tcase_add_test(c, test_api_option_defaults_and_ranges);
    tcase_add_test(c, test_api_option_set_get_round_trip);
    tcase_add_test(c, test_api_option_out_of_range_is_E_RANGE);
    tcase_add_test(c, test_api_option_read_only_is_E_READONLY);
    tcase_add_test(c, test_api_option_unknown_key_is_E_OPTION);
    tcase_add_test(c, test_api_options_reach_the_game_and_clone);
    tcase_add_test(c, test_api_unknown_preset_is_E_PRESET);
    tcase_add_test(c, test_api_allocator_sees_all_memory);
    tcase_add_test(c, test_api_failing_allocator_gives_E_NOMEM);
    tcase_add_test(c, test_api_loaders_take_an_allocator);
    tcase_add_test(c, test_api_loaders_out_of_memory_leak_nothing);
    suite_add_tcase(s, c);

    c = tcase_create("buffers");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_api_small_buffers_give_E_BUFFER_and_size);
    tcase_add_test(c, test_api_small_buffers_pile_red_threes_melds);
    tcase_add_test(c, test_api_legal_moves_counts_with_no_room);
    tcase_add_test(c, test_api_card_lists_count_with_no_buffer);
    suite_add_tcase(s, c);

    c = tcase_create("moves");
    tcase_add_checked_fixture(c, setup, teardown);
    tcase_add_test(c, test_api_move_kind_out_of_range_is_E_MOVE);
    tcase_add_test(c, test_api_meld_group_counts_are_checked);
    tcase_add_test(c, test_api_meld_group_rank_is_checked);
    tcase_add_test(c, test_api_bad_card_code_in_move_is_E_CARD);
    tcase_add_test(c, test_api_card_not_held_is_E_NOT_IN_HAND);
    tcase_add_test(c, test_api_wrong_seat_is_E_TURN);
    tcase_add_test(c, test_api_seat_field_out_of_range_is_E_SEAT);
    tcase_add_test(c, test_api_move_in_wrong_phase_is_E_PHASE);
    tcase_add_test(c, test_api_undo_at_hand_start_is_E_NO_UNDO);
    tcase_add_test(c, test_api_game_over_queries_before_end);
    suite_add_tcase(s, c);
    return s;
}
