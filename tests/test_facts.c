/*
 * The facts kept in the game state (issue 19, item 3: lib/facts.c, the
 * cn_kept part of cn_state): every hand by kind and its value, every
 * side's meld sizes, wild cards, ranks and canastas, the pile's P2/P3 bits
 * for every side.  Moves keep them up to date card by card; the deal, a
 * position read, a view and determinization make them again from the
 * cards.  cn_facts_check recounts them from the cards.
 *
 *  - the check is not a formality: each kind of fact, made wrong by one,
 *    and a card moved without its fact, is caught;
 *  - a crafted deal and three moves give the facts worked out by hand
 *    from RULES.md (V1 values, P2, P3, M1);
 *  - whole games of every preset, by reference players and by random
 *    legal play, with undo, determinization, positions, saves, records
 *    and both kinds of seat view: the facts are right after every move.
 *
 * CANASTA_TEST_SCALE scales the number of games (th_scaled).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "internal.h" /* cn_state, cn_kept, cn_facts_check, the views */

static const int presets[] = {
    CANASTA_PRESET_CLASSIC, CANASTA_PRESET_TWO_PLAYERS,
    CANASTA_PRESET_THREE_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
    CANASTA_PRESET_SIX_TWO_SIDES
};
#define N_PRESETS (sizeof presets / sizeof presets[0])

/* The game's state, and the state a hand begun from a position restarts
 * from, keep the facts of their cards. */
static void facts_ok(const canasta_game *g, const char *where, long step)
{
    REQ_MSG(cn_facts_check(&g->st), "%s, move %ld: a kept fact differs "
            "from its recount", where, step);
    /* the going-out check from the kept facts (the masks made from the
     * kept counts) says what the
     * one from the cards says, for every seat */
    for (int s = 0; s < g->st.p.players; s++)
        REQ_MSG(cn_seat_out_kept(&g->st, s) == cn_seat_can_go_out(&g->st, s),
                "%s, move %ld: seat %d can go out by the kept facts %d, by "
                "the cards %d", where, step, s, cn_seat_out_kept(&g->st, s),
                cn_seat_can_go_out(&g->st, s));
    if (g->from_position)
        REQ_MSG(cn_facts_check(g->base), "%s, move %ld: the base state's "
                "kept facts differ from their recount", where, step);
}

/* Every seat's view (view.c): the full one, whose other hands are a fixed
 * arrangement of the unseen cards, and the blank one, whose other hands
 * hold nothing, keep the facts of the cards they hold; a seat's own hand
 * and the table keep the game's facts in both. */
static void views_ok(const canasta_game *g, const char *where, long step)
{
    cn_state v;
    const cn_state *st = &g->st;
    for (int seat = 0; seat < st->p.players; seat++) {
        cn_seat_view(&v, st, seat);
        REQ_MSG(cn_facts_check(&v), "%s, move %ld: seat %d's view keeps "
                "wrong facts", where, step, seat);
        cn_seat_view_blank(&v, st, seat);
        REQ_MSG(cn_facts_check(&v), "%s, move %ld: seat %d's blank view "
                "keeps wrong facts", where, step, seat);
        REQ(memcmp(v.k.held[seat], st->k.held[seat], CN_RANKS) == 0);
        REQ(v.k.hand_value[seat] == st->k.hand_value[seat]);
        REQ(memcmp(v.k.meld_size, st->k.meld_size, sizeof v.k.meld_size)
            == 0);
        REQ(memcmp(v.k.pile, st->k.pile, sizeof v.k.pile) == 0);
        for (int s = 0; s < st->p.players; s++)
            if (s != seat)
                REQ(v.k.hand_value[s] == 0);
    }
}

/* A game made from g's position holds the same cards, so the same facts;
 * a save loads back to an equal game (equal byte for byte, the facts
 * included). */
static void texts_ok(const canasta_game *g, const char *where, long step)
{
    char *text = NULL, why[256];
    size_t len = 0;
    canasta_game *p = NULL;
    QOK(canasta_game_position(&text, &len, g));
    REQ_MSG(canasta_game_from_position(&p, why, sizeof why, text, len) ==
            CANASTA_OK, "%s, move %ld: position refused: %s", where, step,
            why);
    canasta_free(text);
    facts_ok(p, where, step);
    REQ_MSG(memcmp(&p->st.k, &g->st.k, sizeof p->st.k) == 0, "%s, move "
            "%ld: the position's facts differ from the game's", where, step);
    canasta_game_free(p);
    QOK(canasta_game_save(&text, &len, g));
    REQ_MSG(canasta_game_load(&p, why, sizeof why, text, len) == CANASTA_OK,
            "%s, move %ld: save refused: %s", where, step, why);
    canasta_free(text);
    facts_ok(p, where, step);
    REQ_MSG(th_games_equal(p, g), "%s, move %ld: the loaded game differs",
            where, step);
    canasta_game_free(p);
}

/* A world determinized for the seat to move keeps the facts of the cards
 * it deals, and so does play from it (a few reference moves). */
static void world_ok(const canasta_game *g, const canasta_player *pl,
                     uint64_t seed, const char *where, long step)
{
    canasta_game *d = NULL;
    int seat = th_seat(g);
    QOK(canasta_game_clone(&d, g));
    int rc = canasta_game_determinize(d, g, seat, seed);
    /* E_ARG: no world found where an asker can go out (canasta.h); rare,
     * and nothing to check then. */
    REQ_MSG(rc == CANASTA_OK || rc == CANASTA_E_ARG, "%s, move %ld: "
            "determinize gave %s", where, step, canasta_error_name(rc));
    if (rc == CANASTA_OK) {
        facts_ok(d, where, step);
        for (int i = 0; i < 6; i++) {
            if (canasta_player_play(NULL, pl, d, seed + (uint64_t)i) !=
                CANASTA_OK)
                break;
            facts_ok(d, where, step);
        }
    }
    canasta_game_free(d);
}

static canasta_rules *preset_rules(int preset, int target)
{
    canasta_rules *r = NULL;
    QOK(canasta_rules_create(&r, preset));
    QOK(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, target));
    return r;
}

/* One game of preset from seed, played by reference players (random 0)
 * or by uniformly random legal moves (random 1, at most max_hands hands),
 * with the facts checked after every move, and now and then an undo, the
 * views, the texts and a determinized world.  The game's record, kept up
 * to date, replays to a game with true facts.  Returns its moves. */
static long play_checked(int preset, uint64_t seed, int random,
                         int max_hands, th_movelist *ml)
{
    char where[64], why[256];
    canasta_rules *rules = preset_rules(preset, random ? 1000000 : 2500);
    canasta_player *pl = NULL;
    canasta_game *g = NULL;
    canasta_record *rec = NULL;
    th_sm64 rng = { seed ^ UINT64_C(0xFAC75) };
    long step = 0;
    int hands = 0;
    snprintf(where, sizeof where, "preset %d seed %llu%s", preset,
             (unsigned long long)seed, random ? " (random)" : "");
    QOK(canasta_player_create(&pl));
    QOK(canasta_game_create(&g, rules, seed));
    QOK(canasta_record_create(&rec, g));
    facts_ok(g, where, 0);
    while (th_phase(g) != CANASTA_PHASE_GAME_OVER && hands < max_hands &&
           step < 20000) {
        int ph = th_phase(g);
        if (random) {
            th_list_moves(ml, g);
            REQ(ml->n > 0);
            QOK(canasta_apply(NULL, 0, g,
                              &ml->v[th_sm64_below(&rng, ml->n)]));
        } else {
            QOK(canasta_player_play(NULL, pl, g, th_sm64_next(&rng)));
        }
        step++;
        hands += ph == CANASTA_PHASE_HAND_OVER;
        facts_ok(g, where, step);
        /* A3: undo re-deals the hand (or restarts it from its position)
         * and replays every move but the last. */
        if (step % 11 == 0 && canasta_undo(g) == CANASTA_OK) {
            facts_ok(g, where, step);
            QOK(canasta_record_update(rec, g));
            continue;
        }
        QOK(canasta_record_update(rec, g));
        if (step % 7 == 0)
            views_ok(g, where, step);
        if (step % 23 == 0 && th_phase(g) != CANASTA_PHASE_GAME_OVER)
            world_ok(g, pl, th_sm64_next(&rng), where, step);
        if (step % 37 == 0)
            texts_ok(g, where, step);
    }
    REQ_MSG(step < 20000, "%s: the game did not end", where);
    /* The record replays to the game's state, facts and all. */
    char *text = NULL;
    size_t len = 0;
    canasta_record *back = NULL;
    canasta_game *end = NULL;
    QOK(canasta_record_text(&text, &len, rec, CANASTA_VIEW_ALL));
    REQ_MSG(canasta_record_parse(&back, why, sizeof why, text, len) ==
            CANASTA_OK, "%s: record refused: %s", where, why);
    REQ_MSG(canasta_record_replay(&end, NULL, why, sizeof why, back) ==
            CANASTA_OK, "%s: record replay: %s", where, why);
    facts_ok(end, where, step);
    REQ(memcmp(&end->st.k, &g->st.k, sizeof end->st.k) == 0);
    canasta_free(text);
    canasta_game_free(end);
    canasta_record_free(back);
    canasta_record_free(rec);
    canasta_game_free(g);
    canasta_player_free(pl);
    canasta_rules_free(rules);
    return step;
}

START_TEST(test_facts_after_every_move_of_reference_play)
{
    th_movelist ml = { NULL, 0, 0 };
    int games = th_scaled(10, 2);
    long moves = 0;
    for (size_t i = 0; i < N_PRESETS; i++)
        for (int gi = 0; gi < games; gi++)
            moves += play_checked(presets[i], 900 + (uint64_t)gi, 0, 1000,
                                  &ml);
    /* Whole games to 2,500 of five presets: hundreds of moves each. */
    ck_assert_int_ge(moves, 100L * games * (long)N_PRESETS);
    free(ml.v);
}
END_TEST

START_TEST(test_facts_after_every_move_of_random_play)
{
    th_movelist ml = { NULL, 0, 0 };
    int games = th_scaled(6, 1);
    long moves = 0;
    for (size_t i = 0; i < N_PRESETS; i++)
        for (int gi = 0; gi < games; gi++)
            moves += play_checked(presets[i], 4100 + (uint64_t)gi, 1, 4,
                                  &ml);
    ck_assert_int_ge(moves, 100L * games * (long)N_PRESETS);
    free(ml.v);
}
END_TEST

/* X3: the first take merges the partners' melds onto the lower seat's
 * side, whose facts are counted again (cn_facts_melds); an undo across
 * the merge goes back to facts of two tables. */
START_TEST(test_facts_across_the_three_player_merge)
{
    th_movelist ml = { NULL, 0, 0 };
    int merged = 0;
    for (uint64_t seed = 1; seed <= 40 && merged < 5; seed++) {
        canasta_rules *rules = preset_rules(CANASTA_PRESET_THREE_PLAYERS,
                                            1000000);
        canasta_game *g = NULL;
        th_sm64 rng = { seed };
        QOK(canasta_game_create(&g, rules, seed));
        for (int step = 0; step < 400 && th_in_play(g); step++) {
            th_list_moves(&ml, g);
            int took = 0;
            size_t pick = th_sm64_below(&rng, ml.n);
            for (size_t i = 0; i < ml.n; i++)
                if (ml.v[i].kind == CANASTA_MOVE_TAKE_PILE) {
                    pick = i; /* take whenever one can: merges early */
                    took = th_lone_hand(g) < 0;
                    break;
                }
            QOK(canasta_apply(NULL, 0, g, &ml.v[pick]));
            facts_ok(g, "X3 merge", step);
            if (took) {
                merged++;
                QOK(canasta_undo(g));
                facts_ok(g, "X3 merge undone", step);
                QOK(canasta_apply(NULL, 0, g, &ml.v[pick]));
                facts_ok(g, "X3 merge again", step);
            }
        }
        canasta_game_free(g);
        canasta_rules_free(rules);
    }
    ck_assert_int_ge(merged, 1);
    free(ml.v);
}
END_TEST

/* Seat 0's hand, by V1: three 7s 15, the 2c 20, the joker 50, two black
 * threes 10, two kings 20, the ace 20, the 4c 5: 140. */
static const char *const FACT_HANDS[4] = {
    "7h 7s 7d 2c Jk 3c 3s Kd Kh Ah 4c",
    "2h 5h 6h 8c 9h 10h Jh Qh 5s 6s 9s",
    "", ""
};

START_TEST(test_facts_of_a_crafted_deal_worked_out_by_hand)
{
    canasta_game *g = th_game(NULL, 3, FACT_HANDS, "9c", "8h 8s");
    const cn_kept *k = &g->st.k;
    int side;
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(cn_facts_check(&g->st), 1);
    ck_assert_int_eq(k->held[0][7], 3);
    ck_assert_int_eq(k->held[0][2], 1);  /* the 2c */
    ck_assert_int_eq(k->held[0][15], 1); /* the joker */
    ck_assert_int_eq(k->held[0][3], 2);  /* 3c 3s: black threes */
    ck_assert_int_eq(k->held[0][13], 2);
    ck_assert_int_eq(k->held[0][14], 1);
    ck_assert_int_eq(k->held[0][4], 1);
    ck_assert_int_eq(k->held[0][1], 0);  /* no red three stays in a hand */
    ck_assert_int_eq(k->hand_value[0], 140);
    /* The masks made from the counts: kinds held (a bit per kind), held
     * twice or more, held once. */
    ck_assert_uint_eq(cn_held_any(k, 0), 1u << 2 | 1u << 3 | 1u << 4 |
                                             1u << 7 | 1u << 13 | 1u << 14 |
                                             1u << 15);
    ck_assert_uint_eq(cn_held_more(k, 0), 1u << 3 | 1u << 7 | 1u << 13);
    ck_assert_uint_eq(cn_held_one(k, 0),
                      1u << 2 | 1u << 4 | 1u << 14 | 1u << 15);
    /* P3: nobody has opened; the 9c on top blocks nothing (P2). */
    for (side = 0; side < 2; side++) {
        ck_assert_int_eq(k->pile[side], CANASTA_PILE_FROZEN_UNOPENED);
        ck_assert_int_eq(k->canastas[side], 0);
        ck_assert_int_eq(k->melded[side], 0);
    }
    /* Seat 0 draws the 8h (10 more) and opens with 7 7 7 2c Jk: 15 + 20
     * + 50 = 85 of the 50 needed (O1); the meld holds five cards, two of
     * them wild (M1). */
    th_do_draw(g, 0);
    ck_assert_int_eq(k->held[0][8], 1);
    ck_assert_int_eq(k->hand_value[0], 150);
    th_do_meld(g, 0, "7h 7s 7d 2c Jk");
    ck_assert_int_eq(k->meld_size[0][7], 5);
    ck_assert_int_eq(k->meld_wild[0][7], 2);
    ck_assert_int_eq(k->melded[0], 1 << 7);
    ck_assert_int_eq(k->canastas[0], 0);
    ck_assert_int_eq(k->held[0][7], 0);
    ck_assert_int_eq(k->held[0][2] + k->held[0][15], 0);
    ck_assert_int_eq(k->hand_value[0], 150 - 85);
    /* the 8h held once; the 7s, the two and the joker gone */
    ck_assert_uint_eq(cn_held_any(k, 0),
                      1u << 3 | 1u << 4 | 1u << 8 | 1u << 13 | 1u << 14);
    ck_assert_uint_eq(cn_held_more(k, 0), 1u << 3 | 1u << 13);
    ck_assert_uint_eq(cn_held_one(k, 0), 1u << 4 | 1u << 8 | 1u << 14);
    /* Opened, side 0 sees the pile unfrozen (P3); side 1 does not. */
    ck_assert_int_eq(k->pile[0], 0);
    ck_assert_int_eq(k->pile[1], CANASTA_PILE_FROZEN_UNOPENED);
    th_do_discard(g, 0, "4c");
    ck_assert_int_eq(k->held[0][4], 0);
    ck_assert_int_eq(k->hand_value[0], 60);
    /* Seat 1 draws the 8s and throws the 2h: the pile is frozen for
     * everyone and, a wild card on top, blocked (P3, P2). */
    th_do_draw(g, 1);
    th_do_discard(g, 1, "2h");
    ck_assert_int_eq(k->held[1][2], 0);
    ck_assert_int_eq(k->pile[0], CANASTA_PILE_FROZEN_WILD |
                                 CANASTA_PILE_BLOCKED_WILD);
    ck_assert_int_eq(k->pile[1], CANASTA_PILE_FROZEN_WILD |
                                 CANASTA_PILE_FROZEN_UNOPENED |
                                 CANASTA_PILE_BLOCKED_WILD);
    /* The public query reads the same bits. */
    ck_assert_int_eq(th_pile_status(g, 1), k->pile[1]);
    ck_assert_int_eq(cn_facts_check(&g->st), 1);
    canasta_game_free(g);
}
END_TEST

/* Each kind of kept fact made wrong by one, or a card moved without its
 * facts, fails the check; put back, it passes again. */
START_TEST(test_facts_check_catches_every_kind_of_wrong_fact)
{
    canasta_game *g = th_game(NULL, 3, FACT_HANDS, "9c", "8h 8s");
    th_do_draw(g, 0);
    th_do_meld(g, 0, "7h 7s 7d 2c Jk");
    cn_state *st = &g->st;
    uint8_t *bytes[] = {
        &st->k.held[0][13], &st->k.held[2][4], &st->k.meld_size[0][7],
        &st->k.meld_wild[0][7], &st->k.canastas[1], &st->k.pile[1],
        (uint8_t *)&st->k.hand_value[0], (uint8_t *)&st->k.melded[0],
        &st->hand[0][CANASTA_CARD(13, 0)], &st->melds[0][7].naturals
    };
    ck_assert_int_eq(cn_facts_check(st), 1);
    for (size_t i = 0; i < sizeof bytes / sizeof bytes[0]; i++) {
        uint8_t was = *bytes[i];
        *bytes[i] = (uint8_t)(was + 1);
        ck_assert_msg(cn_facts_check(st) == 0, "fact %zu changed, and the "
                      "check still passes", i);
        *bytes[i] = was;
        ck_assert_int_eq(cn_facts_check(st), 1);
    }
    canasta_game_free(g);
}
END_TEST

Suite *suite_facts(void)
{
    Suite *s = suite_create("facts");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_facts_of_a_crafted_deal_worked_out_by_hand);
    tcase_add_test(tc, test_facts_check_catches_every_kind_of_wrong_fact);
    tcase_add_test(tc, test_facts_across_the_three_player_merge);
    tcase_add_test(tc, test_facts_after_every_move_of_reference_play);
    tcase_add_test(tc, test_facts_after_every_move_of_random_play);
    suite_add_tcase(s, tc);
    return s;
}
