/*
 * Search and learning support (canasta.h "Search and learning support",
 * docs/SEARCH.md): actions, the information-set hash, determinization.
 *
 *  - actions: the dense layout is written out below from SEARCH.md and
 *    compared with canasta_action_of_move for hand-built moves of every
 *    kind; in random positions of every preset every legal move has an
 *    action, the actions of one decision are distinct, action_to_move
 *    gives back the move, and other suits give the same action;
 *  - the information-set hash (A1): unchanged when only cards hidden from
 *    the seat change (games re-dealt as in test_views.c's leak test),
 *    changed by anything the seat knows (its hand, the pile, a meld, the
 *    cards another seat picked up), deterministic across calls, clones,
 *    copies, saves and loads;
 *  - determinization: everything the seat knows is kept (its hand, the
 *    table, sizes, turn, totals, the cards others picked up), the result
 *    is a consistent, playable game that cannot undo past its start, a
 *    pending question's asker can go out (G4), each unseen card can land
 *    in each other hand; and (A1) two games that differ only in cards
 *    hidden from the seat give the very same world for the same seed.
 *
 * The cards other seats are known to hold are worked out here
 * independently of the library, from the PICK_UP events and the moves.
 * Random play uses the splitmix64 generator of helpers.h, never rand().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "internal.h" /* cn_seat_can_go_out: the G4 checks of worlds */

#define MAX_SEATS 6
#define MAX_DECK 162 /* three packs and six jokers (X6) */

static const int all_presets[] = {
    CANASTA_PRESET_CLASSIC, CANASTA_PRESET_TWO_PLAYERS,
    CANASTA_PRESET_THREE_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
    CANASTA_PRESET_SIX_TWO_SIDES
};
#define N_PRESETS ((int)(sizeof all_presets / sizeof all_presets[0]))

/* ---------------------------------------------------------------- */
/* Small helpers (quiet on success: Check records every passing       */
/* ck_assert, which would dominate the many loops here)               */
/* ---------------------------------------------------------------- */

/* QEQ and QOK come from helpers.h. */

static canasta_rules *rules_of(int preset)
{
    canasta_rules *r = NULL;
    QOK(canasta_rules_create(&r, preset));
    return r;
}

static canasta_game *preset_game(int preset, uint64_t seed)
{
    canasta_rules *r = rules_of(preset);
    canasta_game *g = NULL;
    QOK(canasta_game_create(&g, r, seed));
    canasta_rules_free(r);
    return g;
}

static canasta_game *clone_of(const canasta_game *g)
{
    canasta_game *c = NULL;
    QOK(canasta_game_clone(&c, g));
    return c;
}


static uint64_t ihash(const canasta_game *g, int seat)
{
    uint64_t h = 0;
    QOK(canasta_game_infoset_hash(&h, g, seat));
    return h;
}

/* The seat's hand as counts by card code. */
static void hand_counts(int counts[CANASTA_CARD_LIMIT],
                        const canasta_game *g, int seat)
{
    uint8_t cards[MAX_DECK];
    size_t n = 0, i;
    QOK(canasta_game_hand(cards, sizeof cards, &n, g, seat));
    memset(counts, 0, CANASTA_CARD_LIMIT * sizeof counts[0]);
    for (i = 0; i < n; i++)
        counts[cards[i]]++;
}

/* canasta_game_position as text (release with canasta_free). */
static char *position_of(const canasta_game *g)
{
    char *text = NULL;
    QOK(canasta_game_position(&text, NULL, g));
    return text;
}

static int same_position(const canasta_game *a, const canasta_game *b)
{
    char *x = position_of(a), *y = position_of(b);
    int same = strcmp(x, y) == 0;
    canasta_free(x);
    canasta_free(y);
    return same;
}

static void apply_ok(canasta_game *g, const canasta_move *m)
{
    char why[256];
    int rc = canasta_apply(why, sizeof why, g, m);
    if (rc != CANASTA_OK) {
        char text[CANASTA_MOVE_TEXT_MAX] = "?";
        canasta_move_to_string(text, sizeof text, m);
        ck_abort_msg("move %s rejected: %s (%s)", text,
                     canasta_error_name(rc), why);
    }
}

static int is_red3(int c)
{
    return c == CANASTA_CARD(3, CANASTA_DIAMONDS) ||
           c == CANASTA_CARD(3, CANASTA_HEARTS);
}

static int is_wild(int c)
{
    return c == CANASTA_JOKER || (c >> 2) == CANASTA_RANK_TWO;
}

/* ---------------------------------------------------------------- */
/* Cards other seats are known to hold (A1: P1 pickups are public),   */
/* worked out from the events and the moves                           */
/* ---------------------------------------------------------------- */

/* n[s][c]: copies of card c that seat s picked up with the pile and has
 * not melded or discarded since (a lower bound: melding or discarding a
 * card of the same code might have used another copy, so the count
 * goes down all the same). */
typedef struct {
    int n[MAX_SEATS][CANASTA_CARD_LIMIT];
} known_t;

static void known_forget(known_t *k, int seat, int card)
{
    if (k->n[seat][card] > 0)
        k->n[seat][card]--;
}

/* m was just applied to g. */
static void known_update(known_t *k, const canasta_game *g,
                         const canasta_move *m)
{
    int s = m->seat, gi, i;
    if (m->kind == CANASTA_MOVE_NEXT_HAND) {
        memset(k, 0, sizeof *k);
        return;
    }
    if (m->kind == CANASTA_MOVE_DISCARD)
        known_forget(k, s, m->card);
    if (m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE)
        for (gi = 0; gi < m->ngroups; gi++)
            for (i = 0; i < m->groups[gi].count; i++)
                known_forget(k, s, m->groups[gi].cards[i]);
    if (m->kind == CANASTA_MOVE_TAKE_PILE) {
        size_t ne = 0, e;
        int found = 0;
        QOK(canasta_game_event_count(&ne, g));
        for (e = 0; e < ne; e++) {
            int kind = 0, seat = 0;
            uint8_t cards[MAX_DECK];
            size_t nc = 0, j;
            QOK(canasta_game_event(&kind, &seat, NULL, NULL, NULL, cards,
                                   sizeof cards, &nc, g, e));
            if (kind != CANASTA_EVENT_PICK_UP)
                continue;
            QEQ(seat, s);
            found = 1;
            /* The top card (listed last) went to the meld; red threes to
             * the table (R2). */
            for (j = 0; j + 1 < nc; j++)
                if (!is_red3(cards[j]))
                    k->n[s][cards[j]]++;
        }
        REQ_MSG(found, "a pile take without a PICK_UP event");
    }
}

static int known_total(const known_t *k, int seat)
{
    int c, t = 0;
    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        t += k->n[seat][c];
    return t;
}

/* ---------------------------------------------------------------- */
/* Random play                                                        */
/* ---------------------------------------------------------------- */

typedef struct {
    canasta_game *g;
    th_movelist ml;
    th_sm64 r;
    known_t known;
    int preset;
    uint64_t next_seed;
} walker;

static void walker_start(walker *w, int preset, uint64_t seed)
{
    memset(w, 0, sizeof *w);
    w->preset = preset;
    w->r.state = seed * 7919 + 13;
    w->next_seed = seed;
    w->g = preset_game(preset, w->next_seed++);
}

static void walker_free(walker *w)
{
    canasta_game_free(w->g);
    free(w->ml.v);
    w->g = NULL;
    w->ml.v = NULL;
}

/* One random legal move (a new game once the game is over). */
static void walker_step(walker *w)
{
    canasta_move m;
    if (th_phase(w->g) == CANASTA_PHASE_GAME_OVER) {
        canasta_game_free(w->g);
        w->g = preset_game(w->preset, w->next_seed++);
        memset(&w->known, 0, sizeof w->known);
        return;
    }
    th_list_moves(&w->ml, w->g);
    REQ(w->ml.n > 0);
    m = w->ml.v[th_sm64_below(&w->r, w->ml.n)];
    /* Questions (G4) are rare among the many melds: ask half the time
     * it is allowed, so that answers are reached often. */
    if (th_sm64_below(&w->r, 2) == 0) {
        size_t i;
        for (i = 0; i < w->ml.n; i++)
            if (w->ml.v[i].kind == CANASTA_MOVE_ASK)
                m = w->ml.v[i];
    }
    apply_ok(w->g, &m);
    known_update(&w->known, w->g, &m);
}

/* ---------------------------------------------------------------- */
/* Actions                                                            */
/* ---------------------------------------------------------------- */

/* SEARCH.md, written out: the wild-card combinations (twos, jokers) of a
 * group in their order. */
static const int combos[10][2] = {
    { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 0 },
    { 1, 1 }, { 1, 2 }, { 2, 0 }, { 2, 1 }, { 3, 0 }
};

static int combo_of(int twos, int jokers)
{
    int i;
    for (i = 0; i < 10; i++)
        if (combos[i][0] == twos && combos[i][1] == jokers)
            return i;
    return -1;
}

/* The dense action of a one-group meld (take = 0) or take (take = 1). */
static uint64_t expected_group_action(int take, int rank, int naturals,
                                      int twos, int jokers)
{
    int g = (rank - 3) * 130 + naturals * 10 + combo_of(twos, jokers);
    return (uint64_t)((take ? 1580 : 20) + g);
}

/* The dense action of a discard of card. */
static uint64_t expected_discard_action(int card)
{
    int rank = card >> 2;
    if (card == CANASTA_JOKER)
        return 19;
    if (rank == 2)
        return 6;
    if (rank == 3)
        return 7;
    return (uint64_t)(8 + (rank - 4)); /* 4 -> 8 ... ace -> 18 */
}

/* A natural of rank with the i-th suit (black threes: clubs, spades). */
static int natural_card(int rank, int i)
{
    if (rank == 3)
        return CANASTA_CARD(3, i % 2 ? CANASTA_SPADES : CANASTA_CLUBS);
    return CANASTA_CARD(rank, i % 4);
}

static void fill_group(canasta_group *g, int rank, int naturals, int twos,
                       int jokers, int suit_shift)
{
    int i;
    g->rank = (uint8_t)rank;
    g->count = 0;
    for (i = 0; i < naturals; i++)
        g->cards[g->count++] = (uint8_t)natural_card(rank, i + suit_shift);
    for (i = 0; i < twos; i++)
        g->cards[g->count++] = (uint8_t)CANASTA_CARD(2, (i + suit_shift) % 4);
    for (i = 0; i < jokers; i++)
        g->cards[g->count++] = CANASTA_JOKER;
}

static uint64_t action_of(const canasta_move *m)
{
    uint64_t a = 0;
    QOK(canasta_action_of_move(&a, m));
    return a;
}

START_TEST(test_action_layout_of_simple_moves)
{
    static const struct { int kind; uint64_t action; } fixed[] = {
        { CANASTA_MOVE_DRAW, 0 }, { CANASTA_MOVE_DECLINE, 1 },
        { CANASTA_MOVE_ASK, 2 }, { CANASTA_MOVE_ANSWER_YES, 3 },
        { CANASTA_MOVE_ANSWER_NO, 4 }, { CANASTA_MOVE_NEXT_HAND, 5 }
    };
    canasta_move m;
    size_t i;
    int card, seat, hit[20] = { 0 };
    for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        for (seat = 0; seat < MAX_SEATS; seat++) {
            QOK(canasta_move_init(&m, fixed[i].kind, seat));
            ck_assert_uint_eq(action_of(&m), fixed[i].action);
        }
    /* Discards: by kind, never by suit (red threes cannot be discarded,
     * T2, and are left out). */
    for (card = 8; card <= CANASTA_JOKER; card++) {
        if (is_red3(card))
            continue;
        QOK(canasta_move_init(&m, CANASTA_MOVE_DISCARD, 1));
        m.card = (uint8_t)card;
        ck_assert_uint_eq(action_of(&m), expected_discard_action(card));
        hit[action_of(&m)]++;
    }
    /* The fourteen discard kinds fill 6..19: twos (4 suits), black threes
     * (2), ranks 4 to ace (4 suits each), the joker. */
    for (i = 0; i < 6; i++)
        ck_assert_int_eq(hit[i], 0);
    ck_assert_int_eq(hit[6], 4);
    ck_assert_int_eq(hit[7], 2);
    for (i = 8; i <= 18; i++)
        ck_assert_int_eq(hit[i], 4);
    ck_assert_int_eq(hit[19], 1);
    QOK(canasta_move_init(&m, CANASTA_MOVE_DISCARD, 0));
    m.card = (uint8_t)th_card("2h");
    ck_assert_uint_eq(action_of(&m), 6);
    m.card = (uint8_t)th_card("3s");
    ck_assert_uint_eq(action_of(&m), 7);
    m.card = (uint8_t)th_card("3c");
    ck_assert_uint_eq(action_of(&m), 7);
    m.card = (uint8_t)th_card("4d");
    ck_assert_uint_eq(action_of(&m), 8);
    m.card = (uint8_t)th_card("10s");
    ck_assert_uint_eq(action_of(&m), 14);
    m.card = (uint8_t)th_card("Ac");
    ck_assert_uint_eq(action_of(&m), 18);
    m.card = CANASTA_JOKER;
    ck_assert_uint_eq(action_of(&m), 19);
}
END_TEST

/* Every one-group meld and take of every rank, natural count and wild
 * combination: 20 + g and 1580 + g, g = (rank-3)*130 + naturals*10 +
 * combo; the largest is 3139, just below CANASTA_ACTIONS_DENSE. */
START_TEST(test_action_layout_of_one_group_melds_and_takes)
{
    canasta_move m;
    int rank, nat, c, take, shift;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (take = 0; take <= 1; take++)
        for (rank = 3; rank <= 14; rank++)
            for (nat = 0; nat <= 12; nat++)
                for (c = 0; c < 10; c++)
                    for (shift = 0; shift < 2; shift++) {
                        uint64_t want = expected_group_action(
                            take, rank, nat, combos[c][0], combos[c][1]);
                        QOK(canasta_move_init(&m, take ?
                            CANASTA_MOVE_TAKE_PILE : CANASTA_MOVE_MELD, 2));
                        m.ngroups = 1;
                        fill_group(&m.groups[0], rank, nat, combos[c][0],
                                   combos[c][1], shift);
                        QEQ(action_of(&m), want);
                        if (want < lo)
                            lo = want;
                        if (want > hi)
                            hi = want;
                    }
    QEQ(lo, 20);
    QEQ(hi, CANASTA_ACTIONS_DENSE - 1);
    QEQ(CANASTA_ACTIONS_DENSE, 3140);
    /* A few by hand: "Kh Kd 2c" meld = 20 + 10*130 + 2*10 + 4 = 1344;
     * take with "Jk" on the top card's existing meld, rank 7 = 1580 +
     * 4*130 + 0 + 1 = 2101; black threes 3c 3s 3c = 20 + 30 = 50. */
    th_meld(&m, 0, "Kh Kd 2c");
    ck_assert_uint_eq(action_of(&m), 1344);
    th_move(&m, CANASTA_MOVE_TAKE_PILE, 0);
    m.ngroups = 1;
    m.groups[0].rank = 7;
    m.groups[0].count = 1;
    m.groups[0].cards[0] = CANASTA_JOKER;
    ck_assert_uint_eq(action_of(&m), 2101);
    th_meld(&m, 0, "3c 3s 3c");
    ck_assert_uint_eq(action_of(&m), 50);
    /* A take whose top card joins the side's meld with no hand card. */
    m.kind = CANASTA_MOVE_TAKE_PILE;
    m.groups[0].rank = 9;
    m.groups[0].count = 0;
    ck_assert_uint_eq(action_of(&m), 1580 + 6 * 130);
}
END_TEST

/* Several groups: a hash with the top bit, by kinds only (the same with
 * other suits), different for a meld and a take of the same groups, and
 * for different groups. */
START_TEST(test_action_of_multi_group_moves)
{
    canasta_move a, b;
    uint64_t x, y;
    th_meld(&a, 0, "Kh Kd Kc | 7h 7s 2d | Jk Ah Ad");
    th_meld(&b, 3, "Ks Kc Kd | 7c 7d 2s | Jk As Ac");
    x = action_of(&a);
    y = action_of(&b);
    ck_assert((x & CANASTA_ACTION_MULTI) != 0);
    ck_assert_uint_eq(x, y);
    a.kind = CANASTA_MOVE_TAKE_PILE;
    ck_assert((action_of(&a) & CANASTA_ACTION_MULTI) != 0);
    ck_assert_uint_ne(action_of(&a), x);
    th_meld(&b, 0, "Kh Kd Kc | 7h 7s 2d | Jk Ah Ad Ac");
    ck_assert_uint_ne(action_of(&b), x);
    th_meld(&b, 0, "Kh Kd Kc | 7h 7s Jk | Jk Ah Ad");
    ck_assert_uint_ne(action_of(&b), x);
    th_meld(&b, 0, "Kh Kd Kc | 7h 7s 2d");
    ck_assert((action_of(&b) & CANASTA_ACTION_MULTI) != 0);
    ck_assert_uint_ne(action_of(&b), x);
    /* Every multi-group action has the top bit; no dense one does. */
    th_meld(&b, 0, "Ah Ad Ac | Kh Kd 2c");
    ck_assert_uint_ge(action_of(&b), CANASTA_ACTION_MULTI);
}
END_TEST

START_TEST(test_action_of_move_errors)
{
    canasta_move m;
    uint64_t a = 77;
    int i;
    th_meld(&m, 0, "Kh Kd Kc");
    ck_assert_int_eq(canasta_action_of_move(NULL, &m), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_action_of_move(&a, NULL), CANASTA_E_NULL);
    /* Unknown kinds. */
    m.kind = 0;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    m.kind = 10;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    m.kind = 255;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    /* Cards that are no card. */
    QOK(canasta_move_init(&m, CANASTA_MOVE_DISCARD, 0));
    m.card = 0;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_CARD);
    m.card = 7;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_CARD);
    m.card = 61;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_CARD);
    th_meld(&m, 0, "Kh Kd Kc");
    m.groups[0].cards[1] = 3;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_CARD);
    m.groups[0].cards[1] = 200;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_CARD);
    /* A meld with no group. */
    QOK(canasta_move_init(&m, CANASTA_MOVE_MELD, 0));
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    /* Thirteen naturals; four wild cards of each mixture. */
    QOK(canasta_move_init(&m, CANASTA_MOVE_MELD, 0));
    m.ngroups = 1;
    fill_group(&m.groups[0], 9, 13, 0, 0, 0);
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    fill_group(&m.groups[0], 9, 12, 0, 0, 0);
    QOK(canasta_action_of_move(&a, &m));
    for (i = 0; i <= 4; i++) {
        fill_group(&m.groups[0], 9, 3, i, 4 - i, 0);
        ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    }
    m.kind = CANASTA_MOVE_TAKE_PILE;
    fill_group(&m.groups[0], 9, 2, 2, 2, 0);
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    /* Ranks outside 3..ace. */
    m.kind = CANASTA_MOVE_MELD;
    fill_group(&m.groups[0], 9, 3, 0, 0, 0);
    m.groups[0].rank = 2;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    m.groups[0].rank = 15;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    /* Too many groups; too many cards in a group. */
    fill_group(&m.groups[0], 9, 3, 0, 0, 0);
    m.ngroups = CANASTA_MOVE_MAX_GROUPS + 1;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    m.ngroups = 1;
    m.groups[0].count = CANASTA_GROUP_MAX_CARDS + 1;
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    /* A bad group after good ones. */
    th_meld(&m, 0, "Kh Kd Kc | 7h 7s 7d");
    fill_group(&m.groups[1], 7, 2, 3, 1, 0);
    ck_assert_int_eq(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
}
END_TEST

/* The same move with other suits: every natural and two gets a random
 * suit (black threes stay black). */
static void resuit(canasta_move *m, th_sm64 *r)
{
    int gi, i;
    if (m->kind == CANASTA_MOVE_DISCARD && m->card != CANASTA_JOKER) {
        int rank = m->card >> 2;
        int s = (int)th_sm64_below(r, rank == 3 ? 2 : 4);
        m->card = (uint8_t)CANASTA_CARD(rank, rank == 3 ? s * 3 : s);
    }
    for (gi = 0; gi < m->ngroups; gi++)
        for (i = 0; i < m->groups[gi].count; i++) {
            int c = m->groups[gi].cards[i], rank = c >> 2;
            int s = (int)th_sm64_below(r, rank == 3 ? 2 : 4);
            if (c != CANASTA_JOKER)
                m->groups[gi].cards[i] =
                    (uint8_t)CANASTA_CARD(rank, rank == 3 ? s * 3 : s);
        }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The action a legal move must have, from the layout (multi-group: just
 * the top bit). */
static void check_action_shape(const canasta_move *m, uint64_t a)
{
    switch (m->kind) {
    case CANASTA_MOVE_DRAW: QEQ(a, 0); return;
    case CANASTA_MOVE_DECLINE: QEQ(a, 1); return;
    case CANASTA_MOVE_ASK: QEQ(a, 2); return;
    case CANASTA_MOVE_ANSWER_YES: QEQ(a, 3); return;
    case CANASTA_MOVE_ANSWER_NO: QEQ(a, 4); return;
    case CANASTA_MOVE_NEXT_HAND: QEQ(a, 5); return;
    case CANASTA_MOVE_DISCARD:
        QEQ(a, expected_discard_action(m->card));
        return;
    default:
        break;
    }
    REQ(m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE);
    if (m->ngroups == 1) {
        const canasta_group *g = &m->groups[0];
        int nat = 0, twos = 0, jokers = 0, i;
        for (i = 0; i < g->count; i++) {
            if (g->cards[i] == CANASTA_JOKER)
                jokers++;
            else if ((g->cards[i] >> 2) == 2)
                twos++;
            else
                nat++;
        }
        QEQ(a, expected_group_action(m->kind == CANASTA_MOVE_TAKE_PILE,
                                     g->rank, nat, twos, jokers));
    } else {
        REQ(m->ngroups > 1);
        REQ((a & CANASTA_ACTION_MULTI) != 0);
    }
}

typedef struct {
    long decisions, moves, multi, round_trips;
    int kinds_seen[16];
} action_stats;

static void check_decision(action_stats *st, const canasta_game *g,
                           const th_movelist *ml, th_sm64 *r)
{
    uint64_t acts[4096];
    size_t i, n = ml->n;
    REQ(n > 0 && n <= sizeof acts / sizeof acts[0]);
    for (i = 0; i < n; i++) {
        canasta_move other = ml->v[i];
        acts[i] = action_of(&ml->v[i]);
        check_action_shape(&ml->v[i], acts[i]);
        resuit(&other, r);
        QEQ(action_of(&other), acts[i]);
        if (acts[i] & CANASTA_ACTION_MULTI)
            st->multi++;
        st->kinds_seen[ml->v[i].kind]++;
    }
    /* Round trips: all moves of small decisions, a sample of big ones
     * (each lookup lists the decision's moves again). */
    for (i = 0; i < n; i++) {
        size_t k = n <= 24 ? i : th_sm64_below(r, n);
        canasta_move back;
        int eq = 0;
        if (n > 24 && i >= 12)
            break;
        QOK(canasta_action_to_move(&back, g, acts[k]));
        QEQ(action_of(&back), acts[k]);
        /* The actions of the decision are distinct (checked below), so
         * the first legal move with the action is this one: for a dense
         * action, the same move up to suits, and the listed moves name
         * the lowest suits, so equal. */
        QOK(canasta_move_equal(&eq, &back, &ml->v[k]));
        REQ_MSG(eq, "action %llu gave another move",
                (unsigned long long)acts[k]);
        st->round_trips++;
    }
    qsort(acts, n, sizeof acts[0], cmp_u64);
    for (i = 1; i < n; i++)
        REQ_MSG(acts[i] != acts[i - 1],
                "two legal moves share the action %llu",
                (unsigned long long)acts[i]);
    st->decisions++;
    st->moves += (long)n;
}

START_TEST(test_actions_of_legal_moves_in_random_positions)
{
    int p, k;
    for (p = 0; p < N_PRESETS; p++) {
        action_stats st;
        walker w;
        th_sm64 r;
        memset(&st, 0, sizeof st);
        r.state = 99 + (uint64_t)p;
        walker_start(&w, all_presets[p], 4100 + (uint64_t)p * 31);
        for (k = 0; k < th_scaled(1500, 300); k++) {
            if (th_phase(w.g) != CANASTA_PHASE_GAME_OVER) {
                th_list_moves(&w.ml, w.g);
                check_decision(&st, w.g, &w.ml, &r);
            }
            walker_step(&w);
        }
        walker_free(&w);
        /* The positions covered every kind of move that random play
         * reaches, and multi-group moves. */
        REQ(st.kinds_seen[CANASTA_MOVE_DRAW] > 0);
        REQ(st.kinds_seen[CANASTA_MOVE_TAKE_PILE] > 0);
        REQ(st.kinds_seen[CANASTA_MOVE_MELD] > 0);
        REQ(st.kinds_seen[CANASTA_MOVE_DISCARD] > 0);
        REQ(st.multi > 0);
        REQ(st.round_trips > 1000);
    }
}
END_TEST

START_TEST(test_action_to_move_refuses_other_actions)
{
    canasta_rules *r = rules_of(CANASTA_PRESET_CLASSIC);
    canasta_game *g = NULL;
    canasta_move m, keep;
    uint64_t a;
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 rng;
    int steps, hand[CANASTA_CARD_LIMIT], kind, missing = -1;

    g = th_new_game(77);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(canasta_action_to_move(NULL, g, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_action_to_move(&m, NULL, 0), CANASTA_E_NULL);
    /* At the start of a turn: draw is legal; no answer, no discard. */
    QOK(canasta_action_to_move(&m, g, 0));
    ck_assert_int_eq(m.kind, CANASTA_MOVE_DRAW);
    ck_assert_int_eq(m.seat, th_seat(g));
    memset(&keep, 0xAB, sizeof keep);
    m = keep;
    ck_assert_int_eq(canasta_action_to_move(&m, g, 3), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, 5), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, 10), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, CANASTA_ACTIONS_DENSE),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, UINT64_MAX),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, CANASTA_ACTION_MULTI),
                     CANASTA_E_ARG);
    /* After drawing: a discard of a kind the player does not hold. */
    th_do_draw(g, th_seat(g));
    hand_counts(hand, g, th_seat(g));
    for (kind = 4; kind <= 14 && missing < 0; kind++)
        if (!hand[kind * 4] && !hand[kind * 4 + 1] && !hand[kind * 4 + 2] &&
            !hand[kind * 4 + 3])
            missing = kind;
    ck_assert_int_ge(missing, 4);
    ck_assert_int_eq(canasta_action_to_move(&m, g,
                         (uint64_t)(8 + missing - 4)), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_action_to_move(&m, g, 0), CANASTA_E_ARG);
    /* A meld of three of that rank is no legal move either. */
    QOK(canasta_move_init(&m, CANASTA_MOVE_MELD, th_seat(g)));
    m.ngroups = 1;
    fill_group(&m.groups[0], missing, 3, 0, 0, 0);
    a = action_of(&m);
    ck_assert_int_eq(canasta_action_to_move(&m, g, a), CANASTA_E_ARG);
    canasta_game_free(g);
    g = NULL;

    /* Once the game is over: E_GAME_OVER (a target of 1 ends it soon). */
    QOK(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 1));
    rng.state = 5;
    for (steps = 0; steps < 20000; steps++) {
        if (g == NULL || th_phase(g) == CANASTA_PHASE_GAME_OVER) {
            if (g != NULL)
                break;
            QOK(canasta_game_create(&g, r, 31));
        }
        th_list_moves(&ml, g);
        apply_ok(g, &ml.v[th_sm64_below(&rng, ml.n)]);
    }
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_GAME_OVER);
    ck_assert_int_eq(canasta_action_to_move(&m, g, 5), CANASTA_E_GAME_OVER);
    ck_assert_int_eq(canasta_action_to_move(&m, g, 0), CANASTA_E_GAME_OVER);
    free(ml.v);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Games that differ only in cards hidden from one seat               */
/* (the construction of test_views.c's "No leak (A1)" section)        */
/* ---------------------------------------------------------------- */

/*
 * The second game is the hand's start re-dealt with canasta_game_set_deck
 * from a deck whose positions the seat has not seen are permuted, then the
 * same moves.  Fixed positions: those dealt to or drawn by the seat, the
 * upcards and the deal's replacements (all consumed positions at the
 * start that are not dealt), every red three (laid out in public), and,
 * for every card another seat melds or discards, one position of that
 * card the other seat was dealt or drew.  A move that depends on another
 * seat's hidden cards (asking, G4) may become illegal: such a sample is
 * skipped and counted.  Only positions during play are compared.
 */
/* The tracker and the twin are th_hidden_* (tests/helpers.h). */

typedef struct {
    long compared, skipped, free_cards;
    long rich, full_differs, other_hash_differs; /* rich: >= 10 free */
} leak_stats;

enum { CHECK_HASH = 1, CHECK_DETERMINIZE = 2 };

/* One sample: g against its hidden twin, as seen by t->viewer. */
static void leak_sample(leak_stats *ls, int what, const canasta_game *g,
                        const canasta_game *start, const canasta_move *moves,
                        size_t n, const th_hidden *t, th_sm64 *r)
{
    size_t nf = 0;
    int seat = t->viewer, s, np = th_option(g, CANASTA_OPT_PLAYERS), other = 0;
    canasta_game *alt = th_hidden_twin(start, moves, n, t, r, &nf);
    if (alt == NULL) {
        ls->skipped++;
        return;
    }
    ls->free_cards += (long)nf;
    if (nf >= 10) {
        ls->rich++;
        if (!same_position(g, alt))
            ls->full_differs++;
    }
    if (what & CHECK_HASH) {
        REQ_MSG(ihash(g, seat) == ihash(alt, seat),
                "the information-set hash of seat %d depends on cards it "
                "cannot see", seat);
        for (s = 0; s < np; s++)
            if (s != seat && ihash(g, s) != ihash(alt, s))
                other = 1;
        if (nf >= 10)
            ls->other_hash_differs += other;
    }
    if (what & CHECK_DETERMINIZE) {
        canasta_game *d1 = clone_of(g), *d2 = clone_of(g);
        uint64_t seed = th_sm64_next(r);
        char *x, *y;
        QOK(canasta_game_determinize(d1, g, seat, seed));
        QOK(canasta_game_determinize(d2, alt, seat, seed));
        x = position_of(d1);
        y = position_of(d2);
        if (strcmp(x, y) != 0) {
            size_t at = 0, ls0 = 0;
            while (x[at] == y[at]) {
                if (x[at] == '\n')
                    ls0 = at + 1;
                at++;
            }
            ck_abort_msg("determinizing for seat %d depends on cards it "
                         "cannot see:\n%.*s\n--- versus ---\n%.*s", seat,
                         (int)strcspn(x + ls0, "\n"), x + ls0,
                         (int)strcspn(y + ls0, "\n"), y + ls0);
        }
        /* The worlds are equal as games too (state and history). */
        REQ(th_games_equal(d1, d2));
        canasta_free(x);
        canasta_free(y);
        canasta_game_free(d1);
        canasta_game_free(d2);
    }
    ls->compared++;
    canasta_game_free(alt);
}

/* One game: up to `steps` random moves, sampling every `every`-th
 * position during play for every seat. */
static void leak_game(leak_stats *ls, int what, int preset, uint64_t seed,
                      int steps, int every)
{
    canasta_game *g = preset_game(preset, seed);
    th_hand_log h;
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    int k, seat, np = th_option(g, CANASTA_OPT_PLAYERS);
    r.state = seed ^ 0x5EA7C4;
    th_hand_log_start(&h, g);
    for (k = 0; k < steps; k++) {
        canasta_move m;
        int ph = th_phase(g);
        if (ph == CANASTA_PHASE_GAME_OVER)
            break;
        if (th_phase_in_play(ph) && k % every == every - 1)
            for (seat = 0; seat < np; seat++)
                leak_sample(ls, what, g, h.start, h.moves, h.n, &h.seat[seat],
                            &r);
        th_list_moves(&ml, g);
        m = ml.v[th_sm64_below(&r, ml.n)];
        apply_ok(g, &m);
        th_hand_log_move(&h, g, &m);
    }
    free(ml.v);
    th_hand_log_free(&h);
    canasta_game_free(g);
}

static void leak_all_presets(int what)
{
    int p;
    for (p = 0; p < N_PRESETS; p++) {
        leak_stats ls;
        memset(&ls, 0, sizeof ls);
        leak_game(&ls, what, all_presets[p], 6000 + (uint64_t)p * 101,
                  th_scaled(900, 60), 4);
        /* The test has teeth: many comparisons with many free cards, in
         * which the full position changed (near the end of a hand few
         * cards are hidden, and a permutation may change nothing). */
        REQ_MSG(ls.compared >= 20, "preset %d: only %ld samples (%ld "
                "skipped)", all_presets[p], ls.compared, ls.skipped);
        REQ_MSG(ls.skipped * 10 <= ls.compared, "preset %d: %ld of %ld "
                "skipped", all_presets[p], ls.skipped,
                ls.skipped + ls.compared);
        REQ(ls.rich * 4 >= ls.compared * 3);
        REQ_MSG(ls.full_differs * 10 >= ls.rich * 9, "preset %d: the "
                "game changed in only %ld of %ld samples", all_presets[p],
                ls.full_differs, ls.rich);
        REQ(ls.free_cards / (ls.compared + ls.skipped) > 20);
        if (what & CHECK_HASH)
            REQ_MSG(ls.other_hash_differs * 10 >= ls.rich * 8,
                    "preset %d: other seats' hashes changed in only %ld of "
                    "%ld samples", all_presets[p], ls.other_hash_differs,
                    ls.rich);
    }
}

/* ---------------------------------------------------------------- */
/* Information-set hash                                               */
/* ---------------------------------------------------------------- */

START_TEST(test_A1_infoset_hash_ignores_hidden_cards)
{
    leak_all_presets(CHECK_HASH);
}
END_TEST

/* g2 = g re-dealt with deck positions i and j swapped. */
static canasta_game *swapped_deal(const canasta_game *g, size_t i, size_t j)
{
    uint8_t deck[MAX_DECK], c;
    size_t n = 0;
    canasta_game *g2 = clone_of(g);
    QOK(canasta_game_deck(deck, sizeof deck, &n, g));
    c = deck[i];
    deck[i] = deck[j];
    deck[j] = c;
    QOK(canasta_game_set_deck(g2, deck, n));
    return g2;
}

/* Deck position of the first card dealt to seat (dealer 3: seat 0 gets
 * positions 0, 4, 8, ...; seat s positions s, s+4, ...). */
static size_t dealt_pos(int seat, int k)
{
    return (size_t)(seat + 4 * k);
}

/* A1 the other way round: what the seat knows is in the hash. */
START_TEST(test_A1_infoset_hash_sees_what_the_seat_knows)
{
    const char *hands[4] = { "Ah Ad Ac Jk 9h 9d", "Kh Kd 8s", "Qh Qd",
                             "5h 5d" };
    canasta_game *g, *g2;
    canasta_move m;
    int s;
    /* Dealer 3; deck positions 0..43 are the hands (seat i + 4k), 44 the
     * upcard (the filler's plain card), 45.. the stock (4s 4h on top). */
    g = th_game(NULL, 3, hands, "6c", "4s 4h 10c 10d");
    ck_assert_int_eq(th_pile_top(g), th_card("6c"));

    /* Own hand: swap seat 0's 9h with the stock's 10c: seat 0 sees the
     * difference, the other seats do not (both cards hidden from them). */
    g2 = swapped_deal(g, dealt_pos(0, 4), 47);
    ck_assert_int_eq(th_count_in_hand(g2, 0, "10c"), 1);
    ck_assert_uint_ne(ihash(g, 0), ihash(g2, 0));
    for (s = 1; s < 4; s++)
        ck_assert_uint_eq(ihash(g, s), ihash(g2, s));
    canasta_game_free(g2);

    /* Two other hands swap a card: only their owners see it. */
    g2 = swapped_deal(g, dealt_pos(1, 0), dealt_pos(2, 0));
    ck_assert_uint_eq(ihash(g, 0), ihash(g2, 0));
    ck_assert_uint_ne(ihash(g, 1), ihash(g2, 1));
    ck_assert_uint_ne(ihash(g, 2), ihash(g2, 2));
    ck_assert_uint_eq(ihash(g, 3), ihash(g2, 3));
    canasta_game_free(g2);

    /* The pile: the upcard swapped with a stock card everyone sees. */
    g2 = swapped_deal(g, 44, 48);
    ck_assert_int_ne(th_pile_top(g2), th_card("6c"));
    for (s = 0; s < 4; s++)
        ck_assert_uint_ne(ihash(g, s), ihash(g2, s));
    canasta_game_free(g2);

    /* A meld: seat 0 opens with A A A or with A A Jk; the other seats
     * see only the meld (seat 0's hand has the same size either way). */
    th_do_draw(g, 0);
    g2 = clone_of(g);
    th_do_meld(g, 0, "Ah Ad Ac");
    th_do_meld(g2, 0, "Ah Ad Jk");
    for (s = 0; s < 4; s++)
        ck_assert_uint_ne(ihash(g, s), ihash(g2, s));
    canasta_game_free(g2);
    canasta_game_free(g);

    /* Something that changes nothing a seat sees: the order of the
     * stock (4h and 10c swapped)... */
    g = th_game(NULL, 3, hands, "6c", "4s 4h 10c 10d");
    g2 = swapped_deal(g, 46, 47);
    for (s = 0; s < 4; s++)
        ck_assert_uint_eq(ihash(g, s), ihash(g2, s));
    /* ... until a seat draws the card (seat 1: 4h or 10c): only that
     * seat's hash changes, before and after its discard. */
    th_do_draw(g, 0);
    th_do_discard(g, 0, "4s");
    th_do_draw(g2, 0);
    th_do_discard(g2, 0, "4s");
    th_do_draw(g, 1);
    th_do_draw(g2, 1);
    ck_assert_int_eq(th_count_in_hand(g2, 1, "10c"),
                     th_count_in_hand(g, 1, "10c") + 1);
    for (s = 0; s < 4; s++)
        if (s == 1)
            ck_assert_uint_ne(ihash(g, s), ihash(g2, s));
        else
            ck_assert_uint_eq(ihash(g, s), ihash(g2, s));
    th_discard(&m, 1, "8s");
    th_ok(g, &m);
    th_ok(g2, &m);
    for (s = 0; s < 4; s++)
        if (s == 1)
            ck_assert_uint_ne(ihash(g, s), ihash(g2, s));
        else
            ck_assert_uint_eq(ihash(g, s), ihash(g2, s));
    canasta_game_free(g);
    canasta_game_free(g2);
}
END_TEST

/* The pickup game (classic, dealer 3): seat 1 takes a pile holding Kc 9h
 * 8c 7d 6s with Ac Ad and the Ah on top (the red three upcard goes to the
 * table, R2); variant 1 has another card in place of the Kc. */
static canasta_game *pickup_game(int variant)
{
    const char *hands[4] = { "9h Ah", "8c Ac Ad Kh Kd", "7d", "6s" };
    canasta_game *g = th_game(NULL, 3, hands, "3h Kc", "4c 4d 4h 4s 5c 5d");
    if (variant) {
        /* The Kc upcard (deck position 45, after 44 dealt cards and the
         * 3h) changes places with a plain card deep in the stock, which
         * nobody sees before seat 1 picks it up. */
        uint8_t deck[MAX_DECK], c;
        size_t n = 0, i;
        QOK(canasta_game_deck(deck, sizeof deck, &n, g));
        ck_assert_int_eq(deck[44], th_card("3h"));
        ck_assert_int_eq(deck[45], th_card("Kc"));
        for (i = n - 1; i > 60; i--)
            if ((deck[i] >> 2) >= 4 && (deck[i] >> 2) <= 12)
                break;
        ck_assert_uint_gt(i, 60);
        c = deck[i];
        deck[i] = deck[45];
        deck[45] = c;
        QOK(canasta_game_set_deck(g, deck, n));
    }
    th_do_draw(g, 0);
    th_do_discard(g, 0, "9h");
    th_do_draw(g, 1);
    th_do_discard(g, 1, "8c");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "7d");
    th_do_draw(g, 3);
    th_do_discard(g, 3, "6s");
    th_do_draw(g, 0);
    th_do_discard(g, 0, "Ah");
    th_do_take(g, 1, "Ac Ad");
    return g;
}

/* A pickup is part of what every seat knows: two games alike in every
 * card a seat sees now (the pile is empty, the melds and sizes equal)
 * but in which seat 1 picked up a Kc or a Qc differ for every seat. */
START_TEST(test_P1_infoset_hash_sees_cards_picked_up)
{
    canasta_game *a = pickup_game(0), *b = pickup_game(1);
    uint8_t ca[MAX_DECK], cb[MAX_DECK];
    size_t na = 0, nb = 0;
    int s;
    /* Alike on the table. */
    ck_assert_int_eq(th_pile_size(a), 0);
    ck_assert_int_eq(th_pile_size(b), 0);
    ck_assert_int_eq(th_red_three_count(a, 1), 1);
    for (s = 0; s < 4; s++)
        ck_assert_int_eq(th_hand_size(a, s), th_hand_size(b, s));
    th_expect_meld(a, 1, 14, 3, 0, 0);
    th_expect_meld(b, 1, 14, 3, 0, 0);
    /* Seats 0, 2 and 3 hold the same cards in both games. */
    for (s = 0; s < 4; s += (s == 0 ? 2 : 1)) {
        QOK(canasta_game_hand(ca, sizeof ca, &na, a, s));
        QOK(canasta_game_hand(cb, sizeof cb, &nb, b, s));
        ck_assert_uint_eq(na, nb);
        ck_assert(memcmp(ca, cb, na) == 0);
    }
    ck_assert_int_eq(th_count_in_hand(a, 1, "Kc"),
                     th_count_in_hand(b, 1, "Kc") + 1);
    for (s = 0; s < 4; s++)
        ck_assert_uint_ne(ihash(a, s), ihash(b, s));
    canasta_game_free(a);
    canasta_game_free(b);
}
END_TEST

START_TEST(test_infoset_hash_differs_between_seats)
{
    int p, k, s, t;
    for (p = 0; p < N_PRESETS; p++) {
        walker w;
        walker_start(&w, all_presets[p], 8100 + (uint64_t)p);
        for (k = 0; k < 300; k++) {
            int np = th_option(w.g, CANASTA_OPT_PLAYERS);
            uint64_t h[MAX_SEATS];
            for (s = 0; s < np; s++) {
                h[s] = ihash(w.g, s);
                for (t = 0; t < s; t++)
                    REQ_MSG(h[s] != h[t], "seats %d and %d share a hash",
                            s, t);
            }
            walker_step(&w);
        }
        walker_free(&w);
    }
}
END_TEST

/* Deterministic: across calls, clones, copies, save and load, undo and
 * redo; and independent of the seed of later deals (hidden from all). */
START_TEST(test_infoset_hash_is_deterministic)
{
    int p, k, s;
    for (p = 0; p < N_PRESETS; p++) {
        walker w;
        canasta_rules *r = rules_of(all_presets[p]);
        canasta_game *copy = NULL;
        QOK(canasta_game_create(&copy, r, 1));
        walker_start(&w, all_presets[p], 8200 + (uint64_t)p);
        for (k = 0; k < 200; k++) {
            int np = th_option(w.g, CANASTA_OPT_PLAYERS);
            uint64_t h[MAX_SEATS];
            canasta_game *c = clone_of(w.g), *loaded = NULL;
            char *text = NULL;
            size_t len = 0;
            char why[256];
            QOK(canasta_game_copy(copy, w.g));
            QOK(canasta_game_save(&text, &len, w.g));
            QOK(canasta_game_load(&loaded, why, sizeof why, text, len));
            canasta_free(text);
            for (s = 0; s < np; s++) {
                h[s] = ihash(w.g, s);
                QEQ(ihash(w.g, s), h[s]);
                QEQ(ihash(c, s), h[s]);
                QEQ(ihash(copy, s), h[s]);
                QEQ(ihash(loaded, s), h[s]);
            }
            canasta_game_free(loaded);
            walker_step(&w);
            /* A move and its undo give the hash back. */
            if (k % 10 == 0 && canasta_undo(w.g) == CANASTA_OK) {
                for (s = 0; s < np; s++)
                    QEQ(ihash(w.g, s), ihash(c, s));
                canasta_game_free(w.g);
                w.g = c;
                c = NULL;
                walker_step(&w);
            }
            canasta_game_free(c);
        }
        walker_free(&w);
        canasta_game_free(copy);
        canasta_rules_free(r);
    }
}
END_TEST

/* The seed of the game fixes the later deals, which nobody may know:
 * games that differ only in it look the same to every seat. */
START_TEST(test_A1_infoset_hash_and_worlds_ignore_the_game_seed)
{
    int p, s, k;
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 rng;
    for (p = 0; p < N_PRESETS; p++) {
        canasta_rules *r = rules_of(all_presets[p]);
        canasta_game *a = NULL, *b = NULL;
        uint8_t deck[MAX_DECK];
        size_t n = 0;
        uint64_t seed;
        int da = -1, db = -2;
        QOK(canasta_game_create(&a, r, 11));
        QOK(canasta_game_dealer(&da, a));
        /* Another seed with the same first dealer, dealt the same deck. */
        for (seed = 12; da != db; seed++) {
            canasta_game_free(b);
            QOK(canasta_game_create(&b, r, seed));
            QOK(canasta_game_dealer(&db, b));
        }
        QOK(canasta_game_deck(deck, sizeof deck, &n, a));
        QOK(canasta_game_set_deck(b, deck, n));
        ck_assert(!th_games_equal(a, b));
        /* The same moves in both; the hashes and the worlds sampled for
         * a seat stay the same. */
        rng.state = 40 + (uint64_t)p;
        for (k = 0; k < 60; k++) {
            canasta_move m;
            if (!th_phase_in_play(th_phase(a)))
                break;
            for (s = 0; s < th_option(a, CANASTA_OPT_PLAYERS); s++) {
                ck_assert_uint_eq(ihash(a, s), ihash(b, s));
                if (k % 10 == 0) {
                    canasta_game *wa = clone_of(a), *wb = clone_of(a);
                    QOK(canasta_game_determinize(wa, a, s, 99));
                    QOK(canasta_game_determinize(wb, b, s, 99));
                    ck_assert(same_position(wa, wb));
                    canasta_game_free(wa);
                    canasta_game_free(wb);
                }
            }
            th_list_moves(&ml, a);
            m = ml.v[th_sm64_below(&rng, ml.n)];
            apply_ok(a, &m);
            apply_ok(b, &m);
        }
        ck_assert_int_ge(k, 30);
        canasta_game_free(a);
        canasta_game_free(b);
        canasta_rules_free(r);
    }
    free(ml.v);
}
END_TEST

START_TEST(test_infoset_hash_errors)
{
    canasta_game *g = preset_game(CANASTA_PRESET_THREE_PLAYERS, 3);
    uint64_t h = 5;
    ck_assert_int_eq(canasta_game_infoset_hash(NULL, g, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_infoset_hash(&h, NULL, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_infoset_hash(&h, g, -1), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_infoset_hash(&h, g, 3), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_infoset_hash(&h, g, 200), CANASTA_E_SEAT);
    QOK(canasta_game_infoset_hash(&h, g, 2));
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Determinization                                                    */
/* ---------------------------------------------------------------- */

/* Everything seat knows of src is the same in dst. */
static void check_kept(const canasta_game *src, const canasta_game *dst,
                       int seat, const known_t *known)
{
    int np = th_option(src, CANASTA_OPT_PLAYERS), ns = th_option(src, CANASTA_OPT_SIDES), s, side, rank, c;
    uint8_t a[MAX_DECK], b[MAX_DECK];
    size_t na, nb;
    int va, vb, wa, wb, xa, xb;
    int ha[CANASTA_CARD_LIMIT], hb[CANASTA_CARD_LIMIT];

    th_assert_cards_accounted(dst);
    QEQ(th_phase(dst), th_phase(src));
    QEQ(th_seat(dst), th_seat(src));
    QEQ(th_permission(dst), th_permission(src));
    QEQ(th_stock_size(dst), th_stock_size(src));
    QOK(canasta_game_dealer(&va, src));
    QOK(canasta_game_dealer(&vb, dst));
    QEQ(va, vb);
    QOK(canasta_game_hand_number(&va, src));
    QOK(canasta_game_hand_number(&vb, dst));
    QEQ(va, vb);
    QOK(canasta_game_lone_hand(&va, src));
    QOK(canasta_game_lone_hand(&vb, dst));
    QEQ(va, vb);
    QOK(canasta_game_pile(a, sizeof a, &na, src));
    QOK(canasta_game_pile(b, sizeof b, &nb, dst));
    REQ(na == nb && memcmp(a, b, na) == 0);
    for (s = 0; s < np; s++) {
        QEQ(th_hand_size(dst, s), th_hand_size(src, s));
        QOK(canasta_game_red_threes(a, sizeof a, &na, src, s));
        QOK(canasta_game_red_threes(b, sizeof b, &nb, dst, s));
        REQ(na == nb && memcmp(a, b, na) == 0);
        QOK(canasta_game_seat_side(&va, src, s));
        QOK(canasta_game_seat_side(&vb, dst, s));
        QEQ(va, vb);
        hand_counts(hb, dst, s);
        /* R1, R2: red threes are never held. */
        REQ(hb[13] == 0 && hb[14] == 0);
        if (s == seat) {
            hand_counts(ha, src, s);
            REQ_MSG(memcmp(ha, hb, sizeof ha) == 0,
                    "seat %d's own hand changed", seat);
        } else if (known) {
            for (c = 0; c < CANASTA_CARD_LIMIT; c++)
                REQ_MSG(hb[c] >= known->n[s][c], "seat %d is known to hold "
                        "%d of card %d, holds %d in the world of seat %d",
                        s, known->n[s][c], c, hb[c], seat);
        }
    }
    for (side = 0; side < ns; side++) {
        QOK(canasta_game_total(&va, src, side));
        QOK(canasta_game_total(&vb, dst, side));
        QEQ(va, vb);
        QOK(canasta_game_opened(&va, src, side));
        QOK(canasta_game_opened(&vb, dst, side));
        QEQ(va, vb);
        QOK(canasta_game_pile_status(&va, src, side));
        QOK(canasta_game_pile_status(&vb, dst, side));
        QEQ(va, vb);
        QOK(canasta_game_opening_minimum(&va, src, side));
        QOK(canasta_game_opening_minimum(&vb, dst, side));
        QEQ(va, vb);
        for (rank = 3; rank <= 14; rank++) {
            QOK(canasta_game_meld_cards(a, sizeof a, &na, src, side, rank));
            QOK(canasta_game_meld_cards(b, sizeof b, &nb, dst, side, rank));
            REQ(na == nb && memcmp(a, b, na) == 0);
            QOK(canasta_game_meld(&va, &wa, &xa, src, side, rank));
            QOK(canasta_game_meld(&vb, &wb, &xb, dst, side, rank));
            REQ(va == vb && wa == wb && xa == xb);
        }
    }
}

/* dst has no undo and no history; its position reads back, it saves and
 * loads as itself, and it has views and a record like any game. */
static void check_fresh_start(const canasta_game *dst)
{
    canasta_game *c = clone_of(dst), *loaded = NULL;
    char *text = position_of(dst), *again;
    char why[256] = "";
    int rc, seat = th_seat(dst);
    size_t len = 0;
    canasta_record *rec = NULL;
    uint8_t deck[MAX_DECK];
    QOK(canasta_game_deck(deck, sizeof deck, &len, dst));
    QEQ(len, 0);
    QEQ(canasta_undo(c), CANASTA_E_NO_UNDO);
    REQ(th_games_equal(c, dst));
    canasta_game_free(c);
    c = NULL;
    QOK(canasta_game_save(&again, &len, dst));
    rc = canasta_game_load(&c, why, sizeof why, again, len);
    REQ_MSG(rc == CANASTA_OK, "a determinized game's save does not load: "
            "%s (%s)", canasta_error_name(rc), why);
    REQ(th_games_equal(c, dst));
    canasta_free(again);
    QOK(canasta_game_json(&again, NULL, dst, seat));
    canasta_free(again);
    QOK(canasta_record_create(&rec, dst));
    QOK(canasta_record_text(&again, NULL, rec, CANASTA_VIEW_ALL));
    canasta_free(again);
    canasta_record_free(rec);
    rc = canasta_game_from_position(&loaded, why, sizeof why, text,
                                    (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "the position of a determinized game does "
            "not load: %s (%s)\n%s", canasta_error_name(rc), why, text);
    again = position_of(loaded);
    REQ(strcmp(text, again) == 0);
    canasta_free(again);
    canasta_free(text);
    canasta_game_free(loaded);
    canasta_game_free(c);
}

/* Play dst to the end of its hand with random legal moves, checking that
 * every listed move validates; then undo goes back to the start. */
static void play_out(const canasta_game *dst, th_movelist *ml, th_sm64 *r)
{
    canasta_game *g = clone_of(dst);
    int steps, ph;
    size_t i;
    for (steps = 0; steps < 2000; steps++) {
        ph = th_phase(g);
        if (!th_phase_in_play(ph))
            break;
        th_list_moves(ml, g);
        REQ_MSG(ml->n > 0, "no legal move in a determinized game");
        for (i = 0; i < ml->n; i++) {
            char why[256] = "";
            int rc = canasta_validate(why, sizeof why, g, &ml->v[i]);
            REQ_MSG(rc == CANASTA_OK, "a listed move is refused: %s (%s)",
                    canasta_error_name(rc), why);
        }
        apply_ok(g, &ml->v[th_sm64_below(r, ml->n)]);
    }
    REQ(!th_phase_in_play(th_phase(g)));
    th_assert_cards_accounted(g);
    /* Undo, back to the determinized start and no further. */
    while (canasta_undo(g) == CANASTA_OK)
        ;
    REQ(th_games_equal(g, dst));
    canasta_game_free(g);
}

typedef struct {
    long samples, differ_by_seed, hash_same, hash_differs, played, answers;
    long own_decisions;
} det_stats;

static void determinize_sample(det_stats *ds, walker *w, int seat,
                               th_sm64 *r, int play)
{
    canasta_game *src = w->g, *d = clone_of(src), *d2 = clone_of(src);
    canasta_game *inplace = clone_of(src);
    uint64_t seed = th_sm64_next(r);
    int s, others_known = 0;
    QOK(canasta_game_determinize(d, src, seat, seed));
    check_kept(src, d, seat, &w->known);
    /* The same seed: the same world; in place: the same world too. */
    QOK(canasta_game_determinize(d2, src, seat, seed));
    REQ(th_games_equal(d, d2));
    QOK(canasta_game_determinize(inplace, inplace, seat, seed));
    REQ(th_games_equal(d, inplace));
    /* Another seed: usually another world. */
    QOK(canasta_game_determinize(d2, src, seat, seed + 1));
    check_kept(src, d2, seat, &w->known);
    if (!same_position(d, d2))
        ds->differ_by_seed++;
    if (th_phase_in_play(th_phase(src)))
        check_fresh_start(d);
    /* The world's own hash for the seat: the same information, except
     * that the world's history starts here, so what others picked up is
     * no longer in it. */
    for (s = 0; s < th_option(src, CANASTA_OPT_PLAYERS); s++)
        if (s != seat && known_total(&w->known, s) > 0)
            others_known = 1;
    if (!others_known) {
        QEQ(ihash(d, seat), ihash(src, seat));
        ds->hash_same++;
    } else {
        REQ(ihash(d, seat) != ihash(src, seat));
        ds->hash_differs++;
    }
    /* The seat's own decision is the same in every world: the same
     * legal moves, so the same actions. */
    if (seat == th_seat(src) && th_phase_in_play(th_phase(src))) {
        th_movelist a = { NULL, 0, 0 }, b = { NULL, 0, 0 };
        size_t i;
        th_list_moves(&a, src);
        th_list_moves(&b, d);
        QEQ(a.n, b.n);
        for (i = 0; i < a.n; i++) {
            int eq = 0;
            QOK(canasta_move_equal(&eq, &a.v[i], &b.v[i]));
            REQ(eq);
        }
        free(a.v);
        free(b.v);
        ds->own_decisions++;
    }
    if (play) {
        play_out(d, &w->ml, r);
        ds->played++;
    }
    ds->samples++;
    ds->answers += th_phase(src) == CANASTA_PHASE_ANSWER;
    canasta_game_free(d);
    canasta_game_free(d2);
    canasta_game_free(inplace);
}

/* G4 after a "yes" is left to its own test (the asker must go out). */
static int yes_pending(const canasta_game *g)
{
    return th_phase(g) == CANASTA_PHASE_PLAY &&
           th_permission(g) == CANASTA_PERMISSION_YES;
}

START_TEST(test_determinize_keeps_what_the_seat_knows)
{
    int p, k, seat;
    long answers = 0;
    for (p = 0; p < N_PRESETS; p++) {
        det_stats ds;
        walker w;
        th_sm64 r;
        memset(&ds, 0, sizeof ds);
        r.state = 300 + (uint64_t)p;
        walker_start(&w, all_presets[p], 9100 + (uint64_t)p * 7);
        for (k = 0; k < th_scaled(2000, 400); k++) {
            int ph = th_phase(w.g);
            if ((k % 9 == 0 || ph == CANASTA_PHASE_ANSWER) &&
                ph != CANASTA_PHASE_GAME_OVER && !yes_pending(w.g))
                for (seat = 0; seat < th_option(w.g, CANASTA_OPT_PLAYERS); seat++)
                    determinize_sample(&ds, &w, seat, &r,
                                       th_phase_in_play(ph) &&
                                       k % 45 == 0);
            walker_step(&w);
        }
        walker_free(&w);
        REQ(ds.samples >= 50);
        REQ_MSG(ds.differ_by_seed * 10 >= ds.samples * 9,
                "other seeds gave other worlds in only %ld of %ld",
                ds.differ_by_seed, ds.samples);
        REQ(ds.hash_same > 0 && ds.hash_differs > 0);
        REQ(ds.played >= 2);
        REQ(ds.own_decisions >= 10);
        answers += ds.answers;
    }
    /* Questions waiting for an answer (G4) were among the positions. */
    ck_assert_int_ge(answers, 5);
}
END_TEST

START_TEST(test_A1_determinize_leaks_nothing)
{
    leak_all_presets(CHECK_DETERMINIZE);
}
END_TEST

/* P1: the cards seat 1 picked up stay in its hand in every world of the
 * other seats, until it melds or discards them. */
START_TEST(test_P1_determinize_keeps_known_pickup_cards)
{
    canasta_game *g = pickup_game(0), *d = clone_of(g);
    const char *known1[] = { "Kc", "9h", "8c", "7d", "6s" };
    const char *still[] = { "8c", "7d", "6s" };
    int seed, s, i, lacks_9h = 0, lacks_kc = 0;
    ck_assert_int_eq(th_red_three_count(g, 1), 1);
    for (seed = 0; seed < 200; seed++)
        for (s = 0; s < 4; s++) {
            if (s == 1)
                continue;
            QOK(canasta_game_determinize(d, g, s, (uint64_t)seed));
            check_kept(g, d, s, NULL);
            for (i = 0; i < 5; i++)
                REQ_MSG(th_count_in_hand(d, 1, known1[i]) >= 1,
                        "seat 1 lost the %s it picked up (world of seat %d,"
                        " seed %d)", known1[i], s, seed);
        }
    /* Seat 1 melds the kings (Kc among them) and throws the 9h. */
    th_do_meld(g, 1, "Kc Kh Kd");
    th_do_discard(g, 1, "9h");
    for (seed = 0; seed < 200; seed++)
        for (s = 0; s < 4; s++) {
            if (s == 1)
                continue;
            QOK(canasta_game_determinize(d, g, s, (uint64_t)seed));
            check_kept(g, d, s, NULL);
            for (i = 0; i < 3; i++)
                REQ_MSG(th_count_in_hand(d, 1, still[i]) >= 1,
                        "seat 1 lost the %s it picked up", still[i]);
            lacks_9h += th_count_in_hand(d, 1, "9h") == 0;
            lacks_kc += th_count_in_hand(d, 1, "Kc") == 0;
        }
    /* The melded and discarded ones are no longer tied to seat 1. */
    ck_assert_int_gt(lacks_9h, 0);
    ck_assert_int_gt(lacks_kc, 0);
    /* Seat 1's own worlds keep its whole hand anyway. */
    QOK(canasta_game_determinize(d, g, 1, 5));
    check_kept(g, d, 1, NULL);
    canasta_game_free(d);
    canasta_game_free(g);
}
END_TEST

START_TEST(test_determinize_errors)
{
    canasta_game *g = preset_game(CANASTA_PRESET_CLASSIC, 8);
    canasta_game *two = preset_game(CANASTA_PRESET_TWO_PLAYERS, 8);
    canasta_game *three = preset_game(CANASTA_PRESET_THREE_PLAYERS, 8);
    canasta_game *six3 = preset_game(CANASTA_PRESET_SIX_THREE_SIDES, 8);
    canasta_game *six2 = preset_game(CANASTA_PRESET_SIX_TWO_SIDES, 8);
    canasta_game *keep = clone_of(two);
    canasta_rules *r = rules_of(CANASTA_PRESET_CLASSIC);
    canasta_game *other_rules = NULL;

    ck_assert_int_eq(canasta_game_determinize(NULL, g, 0, 1),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_game_determinize(g, NULL, 0, 1),
                     CANASTA_E_NULL);
    /* Other player counts (and packs): E_ARG, dst unchanged. */
    ck_assert_int_eq(canasta_game_determinize(two, g, 0, 1), CANASTA_E_ARG);
    ck_assert(th_games_equal(two, keep));
    ck_assert_int_eq(canasta_game_determinize(g, two, 0, 1), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_game_determinize(three, g, 0, 1),
                     CANASTA_E_ARG);
    ck_assert_int_eq(canasta_game_determinize(six3, g, 0, 1), CANASTA_E_ARG);
    ck_assert_int_eq(canasta_game_determinize(g, six2, 0, 1), CANASTA_E_ARG);
    /* Bad seats: E_SEAT. */
    ck_assert_int_eq(canasta_game_determinize(g, g, -1, 1), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_determinize(g, g, 4, 1), CANASTA_E_SEAT);
    ck_assert_int_eq(canasta_game_determinize(keep, two, 2, 1),
                     CANASTA_E_SEAT);
    ck_assert(th_games_equal(two, keep));
    /* The same players and packs: fine (the six-player games with two or
     * three sides; a classic game with other options). */
    QOK(canasta_game_determinize(six2, six3, 4, 1));
    check_kept(six3, six2, 4, NULL);
    QOK(canasta_rules_set(r, CANASTA_OPT_TARGET_SCORE, 2500));
    QOK(canasta_game_create(&other_rules, r, 1));
    QOK(canasta_game_determinize(other_rules, g, 2, 1));
    check_kept(g, other_rules, 2, NULL);
    canasta_game_free(other_rules);
    canasta_rules_free(r);
    canasta_game_free(keep);
    canasta_game_free(g);
    canasta_game_free(two);
    canasta_game_free(three);
    canasta_game_free(six3);
    canasta_game_free(six2);
}
END_TEST

/* The ask game (classic, dealer 3): seat 0 opens with a natural canasta
 * of sevens and three aces, keeps Kh, and later draws Ah, so it can go
 * out (Ah on the aces, Kh discarded) and asks; seat 2 must answer. */
static canasta_game *ask_game(void)
{
    const char *hands[4] = { "7h 7d 7c 7s 7h 7d 7c Ah Ad Ac Kh", "", "",
                             "" };
    canasta_game *g = th_game(NULL, 3, hands, NULL, "Qs 4d 4h 4s Ah");
    canasta_move m;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "7h 7d 7c 7s 7h 7d 7c | Ah Ad Ac");
    th_do_discard(g, 0, "Qs");
    th_pass_turn(g, 1, "4d");
    th_pass_turn(g, 2, "4h");
    th_pass_turn(g, 3, "4s");
    th_do_draw(g, 0);
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert_int_eq(th_seat(g), 2);
    return g;
}

/* G4: while the question waits, in every world of the other seats the
 * asker could go out (the library refuses the question otherwise): after
 * a "yes" in the world, the asker has a legal move (it must go out). */
START_TEST(test_G4_determinize_while_a_question_waits)
{
    canasta_game *g = ask_game(), *d = clone_of(g);
    th_movelist ml = { NULL, 0, 0 };
    canasta_move yes;
    int seed, s, cannot = 0;
    th_move(&yes, CANASTA_MOVE_ANSWER_YES, 2);
    for (seed = 0; seed < 150; seed++)
        for (s = 1; s < 4; s++) {
            int hand[CANASTA_CARD_LIMIT], c, useful = 0;
            QOK(canasta_game_determinize(d, g, s, (uint64_t)seed));
            check_kept(g, d, s, NULL);
            check_fresh_start(d);
            /* The sampled two cards do not always allow it by chance:
             * count the worlds where seat 0's cards hold no ace, seven
             * or wild card at all. */
            hand_counts(hand, d, 0);
            for (c = 0; c < CANASTA_CARD_LIMIT; c++)
                if (hand[c] && (is_wild(c) || (c >> 2) == 14 ||
                                (c >> 2) == 7))
                    useful = 1;
            cannot += !useful;
            apply_ok(d, &yes);
            th_list_moves(&ml, d);
            REQ_MSG(ml.n > 0, "after yes the asker cannot go out (world of "
                    "seat %d, seed %d)", s, seed);
        }
    ck_assert_int_eq(cannot, 0);
    free(ml.v);
    canasta_game_free(d);
    canasta_game_free(g);
}
END_TEST

/* A question that only a concealed exit (G3) makes possible (X6, three
 * sides: two canastas to go out): seat 0 holds seven sevens and six
 * eights, draws an eight and asks its partner, seat 3.  Worlds in which
 * seat 0 can go out exist (the real one), but they are so few that the
 * rejection sampling of canasta_game_determinize does not meet one in its
 * 20000 tries: the library says so (CANASTA_E_ARG, as canasta.h
 * documents) and leaves dst unchanged, rather than hand out a world in
 * which the question could not have been asked.  The seat that asked
 * knows its own hand, so its own worlds are found at once. */
START_TEST(test_G4_determinize_while_a_concealed_exit_is_asked_about)
{
    const char *hands[6] = { "7h 7d 7c 7s 7h 7d 7c 8h 8d 8c 8s 8h 8d", "",
                             "", "", "", "" };
    canasta_rules *r = rules_of(CANASTA_PRESET_SIX_THREE_SIDES);
    canasta_game *g = th_game(r, 5, hands, NULL, "8c"), *d, *before;
    canasta_move m;
    int i, rc, eq = 0;
    static const int seats[2] = { 3, 1 };
    th_do_draw(g, 0);
    th_move(&m, CANASTA_MOVE_ASK, 0);
    th_ok(g, &m);
    ck_assert_int_eq(th_seat(g), 3);
    d = clone_of(g);
    before = clone_of(g);
    /* Random worlds almost never give the asker such a hand: the repair
     * (swapping unseen cards into the asker's hand) finds one. */
    for (i = 0; i < 2; i++) {
        rc = canasta_game_determinize(d, g, seats[i], 1);
        ck_assert_msg(rc == CANASTA_OK, "seat %d: %s", seats[i],
                      canasta_error_name(rc));
        check_kept(g, d, seats[i], NULL);
        ck_assert_msg(cn_seat_can_go_out(&d->st, 0),
                      "seat %d's world: the asker cannot go out", seats[i]);
        ck_assert_int_eq(canasta_game_equal(&eq, d, before), CANASTA_OK);
        ck_assert_int_eq(eq, 0);
    }
    /* The asker's own worlds: its hand is its own, so it can go out. */
    ck_assert_int_eq(canasta_game_determinize(d, g, 0, 1), CANASTA_OK);
    check_kept(g, d, 0, NULL);
    canasta_game_free(before);
    canasta_game_free(d);
    canasta_game_free(g);
    canasta_rules_free(r);
}
END_TEST

/* G4 in the classic game: seat 2 asks at its first turn holding twelve
 * cards whose only exit needs a canasta from the hand (a position from a
 * canasta-sim match, deal 171).  Few random worlds allow it (2000 tries
 * found none); every world the other seats get must, and keep what they
 * know. */
static const char pos_rare_exit[] =
    "canasta-position 1\n"
    "preset classic\n"
    "option target 5000\n"
    "option ask-permission 1\n"
    "option one-card-rule 1\n"
    "option tie-rule 0\n"
    "option hand-size 11\n"
    "option canastas-to-go-out 1\n"
    "option draw-count 1\n"
    "sides 0 1 0 1\n"
    "seed 171\n"
    "hand-number 1\n"
    "dealer 2\n"
    "phase answer\n"
    "turn 2\n"
    "source stock\n"
    "melds-this-turn 0\n"
    "take-extra 0\n"
    "permission asked\n"
    "melded-before-turn 0\n"
    "new-melds\n"
    "seat-melded 1 1 0 1\n"
    "totals 0 0\n"
    "last-hand none -\n"
    "opened 1 1\n"
    "hand 0 2d 2s 4c 4c 6h 7c 9d Ac\n"
    "hand 1 7h 7s 8d 9s Js Qd Qs Kh\n"
    "hand 2 2d 8d 8h 10s Kc Kc Kd Kh Ad Ah Ah Jk\n"
    "hand 3 2h 5d 8c 9d 10c Jh Kd\n"
    "red-threes 0\n"
    "red-threes 1\n"
    "red-threes 2\n"
    "red-threes 3 3h\n"
    "meld 0 8: 8h 8s Jk\n"
    "meld 1 6: 6d 6h 6s Jk\n"
    "meld 1 10: 10c 10d 10h\n"
    "stock 5c 10s 9c Qs 7c 10h 5s Jc Ac 3d As 6d 6c 3c Ks 3h 2s 5d 6c 10d Jc 4s Qh 4d 3c 9s Jd 7d 8s Qc 2c 8c 9h Jd Qc Jk Jh 5c 3d 4s 3s Qd 7s 7d Js 4h 2c 6s 9c 9h As 4d Ad 4h 7h Qh 2h 5s Ks\n"
    "pile 3s 5h 5h\n"
;

START_TEST(test_G4_determinize_repairs_a_rare_exit)
{
    char why[256];
    canasta_game *g = NULL, *d;
    int seat, seed, eq = 0;
    ck_assert_msg(canasta_game_from_position(&g, why, sizeof why,
                  pos_rare_exit, strlen(pos_rare_exit)) == CANASTA_OK,
                  "%s", why);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    ck_assert(cn_seat_can_go_out(&g->st, 2));
    d = clone_of(g);
    for (seat = 0; seat < 4; seat++) {
        if (seat == 2)
            continue;
        for (seed = 0; seed < 4; seed++) {
            QOK(canasta_game_determinize(d, g, seat, (uint64_t)seed));
            check_kept(g, d, seat, NULL);
            REQ_MSG(cn_seat_can_go_out(&d->st, 2), "seat %d, seed %d: the "
                    "asker cannot go out in the world", seat, seed);
            /* a world of its own, not the real deal */
            QOK(canasta_game_equal(&eq, d, g));
            QEQ(eq, 0);
        }
    }
    canasta_game_free(d);
    canasta_game_free(g);
}
END_TEST

/* G4 after the "yes": the asker must go out in this turn, so in every
 * world of the other seats it must be able to. */
START_TEST(test_G4_determinize_after_yes)
{
    canasta_game *g = ask_game(), *d = clone_of(g);
    th_movelist ml = { NULL, 0, 0 };
    canasta_move yes;
    int seed, s, stuck = 0, first_seed = -1, first_seat = -1;
    th_move(&yes, CANASTA_MOVE_ANSWER_YES, 2);
    th_ok(g, &yes);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_PLAY);
    ck_assert_int_eq(th_permission(g), CANASTA_PERMISSION_YES);
    for (seed = 0; seed < 100; seed++)
        for (s = 1; s < 4; s++) {
            QOK(canasta_game_determinize(d, g, s, (uint64_t)seed));
            check_kept(g, d, s, NULL);
            th_list_moves(&ml, d);
            if (ml.n == 0) {
                if (!stuck++) {
                    first_seed = seed;
                    first_seat = s;
                }
            }
        }
    ck_assert_msg(stuck == 0, "after a yes, the asker (seat 0) cannot go "
                  "out in %d of 300 worlds of the other seats (first: "
                  "seat %d, seed %d); the game is stuck there and its "
                  "position is refused (G4)", stuck, first_seat,
                  first_seed);
    free(ml.v);
    canasta_game_free(d);
    canasta_game_free(g);
}
END_TEST

/* The seed of later deals is hidden too and is resampled: after the
 * hand, the next deal of a world comes from the determinization seed
 * (the same seed, the same deal) and is not the real game's. */
START_TEST(test_determinize_resamples_later_deals)
{
    int p, found = 0;
    for (p = 0; p < N_PRESETS; p++) {
        walker w;
        int k;
        walker_start(&w, all_presets[p], 9700 + (uint64_t)p);
        for (k = 0; k < 5000; k++) {
            if (th_phase(w.g) == CANASTA_PHASE_HAND_OVER) {
                canasta_game *real = clone_of(w.g), *d1 = clone_of(w.g);
                canasta_game *d1b = clone_of(w.g), *d2 = clone_of(w.g);
                uint8_t a[MAX_DECK], b[MAX_DECK], c[MAX_DECK], e[MAX_DECK];
                size_t na, nb, nc, ne;
                canasta_move m;
                int seat = th_seat(w.g);
                QOK(canasta_game_determinize(d1, w.g, seat, 5));
                QOK(canasta_game_determinize(d1b, w.g, seat, 5));
                QOK(canasta_game_determinize(d2, w.g, seat, 6));
                th_move(&m, CANASTA_MOVE_NEXT_HAND, seat);
                apply_ok(real, &m);
                apply_ok(d1, &m);
                apply_ok(d1b, &m);
                apply_ok(d2, &m);
                QOK(canasta_game_deck(a, sizeof a, &na, real));
                QOK(canasta_game_deck(b, sizeof b, &nb, d1));
                QOK(canasta_game_deck(c, sizeof c, &nc, d1b));
                QOK(canasta_game_deck(e, sizeof e, &ne, d2));
                REQ(na == nb && nb == nc && nc == ne && na > 100);
                REQ(memcmp(b, c, nb) == 0);
                REQ(memcmp(a, b, na) != 0);
                REQ(memcmp(b, e, nb) != 0);
                REQ(th_games_equal(d1, d1b));
                th_assert_cards_accounted(d1);
                canasta_game_free(real);
                canasta_game_free(d1);
                canasta_game_free(d1b);
                canasta_game_free(d2);
                found++;
                break;
            }
            walker_step(&w);
        }
        walker_free(&w);
    }
    ck_assert_int_eq(found, N_PRESETS);
}
END_TEST

/* The cards seat cannot see, by code: the deck less its hand and all
 * that lies face up (melds, red threes, the pile); red threes dropped
 * (they stay in the stock), and the known cards of the others too. */
static void unseen_by(int unseen[CANASTA_CARD_LIMIT], const canasta_game *g,
                      int seat, const known_t *kn)
{
    uint8_t cards[MAX_DECK];
    size_t n = 0, i;
    int s, side, rank, c;
    memset(unseen, 0, CANASTA_CARD_LIMIT * sizeof unseen[0]);
    QOK(canasta_game_deck(cards, sizeof cards, &n, g));
    REQ(n > 0);
    for (i = 0; i < n; i++)
        unseen[cards[i]]++;
    QOK(canasta_game_hand(cards, sizeof cards, &n, g, seat));
    for (i = 0; i < n; i++)
        unseen[cards[i]]--;
    QOK(canasta_game_pile(cards, sizeof cards, &n, g));
    for (i = 0; i < n; i++)
        unseen[cards[i]]--;
    for (s = 0; s < th_option(g, CANASTA_OPT_PLAYERS); s++) {
        QOK(canasta_game_red_threes(cards, sizeof cards, &n, g, s));
        for (i = 0; i < n; i++)
            unseen[cards[i]]--;
        if (kn && s != seat)
            for (c = 0; c < CANASTA_CARD_LIMIT; c++)
                unseen[c] -= kn->n[s][c];
    }
    for (side = 0; side < th_option(g, CANASTA_OPT_SIDES); side++)
        for (rank = 3; rank <= 14; rank++) {
            QOK(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                        rank));
            for (i = 0; i < n; i++)
                unseen[cards[i]]--;
        }
    unseen[13] = unseen[14] = 0;
    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        REQ(unseen[c] >= 0);
}

/* E3: after a hand the cards left in the hands have been scored in
 * public, and the position keeps those scores; a world sampled then must
 * still agree with them (its position must read back).  Random hands of
 * every preset, every seat. */
START_TEST(test_E3_determinize_after_a_hand)
{
    int p, seat, hands = 0, refused = 0;
    char first[512] = "";
    for (p = 0; p < N_PRESETS; p++) {
        walker w;
        int k;
        walker_start(&w, all_presets[p], 9900 + (uint64_t)p);
        for (k = 0; k < 5000 && hands < 3 * (p + 1); k++) {
            if (th_phase(w.g) == CANASTA_PHASE_HAND_OVER) {
                canasta_game *d = clone_of(w.g);
                hands++;
                for (seat = 0; seat < th_option(w.g, CANASTA_OPT_PLAYERS); seat++) {
                    canasta_game *loaded = NULL;
                    char *text;
                    char why[256] = "";
                    QOK(canasta_game_determinize(d, w.g, seat, 1));
                    check_kept(w.g, d, seat, NULL);
                    text = position_of(d);
                    if (canasta_game_from_position(&loaded, why, sizeof why,
                                                   text, (size_t)-1) !=
                        CANASTA_OK && !refused++)
                        snprintf(first, sizeof first, "preset %d, seat %d:"
                                 " %s", all_presets[p], seat, why);
                    canasta_free(text);
                    canasta_game_free(loaded);
                }
                canasta_game_free(d);
            }
            walker_step(&w);
        }
        walker_free(&w);
    }
    ck_assert_int_ge(hands, 10);
    ck_assert_msg(refused == 0, "%d worlds sampled after a hand have a "
                  "position that does not read back (first: %s)", refused,
                  first);
}
END_TEST

/* Where unseen cards land: over 2000 worlds, each unseen card code not
 * tied to a holder lands in each other hand about as often as the hand's
 * free places make likely (loose bounds: within 30% where at least 150
 * are expected), and at least once wherever it can. */
static void frequencies(const canasta_game *g, int seat, const known_t *kn)
{
    enum { N = 2000 };
    canasta_game *d = clone_of(g);
    int np = th_option(g, CANASTA_OPT_PLAYERS), s, c, i;
    int unseen[CANASTA_CARD_LIMIT], hand[CANASTA_CARD_LIMIT];
    int free_places[MAX_SEATS], pool = 0;
    static long seen[MAX_SEATS][CANASTA_CARD_LIMIT];
    long checked = 0;
    unseen_by(unseen, g, seat, kn);
    for (c = 0; c < CANASTA_CARD_LIMIT; c++)
        pool += unseen[c];
    for (s = 0; s < np; s++)
        free_places[s] = th_hand_size(g, s) - (kn ? known_total(kn, s) : 0);
    memset(seen, 0, sizeof seen);
    for (i = 0; i < N; i++) {
        QOK(canasta_game_determinize(d, g, seat, (uint64_t)i * 1000003));
        for (s = 0; s < np; s++) {
            if (s == seat)
                continue;
            hand_counts(hand, d, s);
            for (c = 0; c < CANASTA_CARD_LIMIT; c++)
                seen[s][c] += hand[c] - (kn ? kn->n[s][c] : 0);
        }
    }
    for (s = 0; s < np; s++) {
        if (s == seat)
            continue;
        for (c = 0; c < CANASTA_CARD_LIMIT; c++) {
            double expect = (double)N * free_places[s] * unseen[c] / pool;
            if (unseen[c] == 0) {
                REQ_MSG(seen[s][c] == 0, "card %d (not unseen) reached "
                        "seat %d", c, s);
                continue;
            }
            REQ_MSG(seen[s][c] > 0, "card %d never reached seat %d", c, s);
            if (expect >= 150) {
                REQ_MSG(seen[s][c] > expect * 0.7 && seen[s][c] <
                        expect * 1.3, "card %d in seat %d's hand %ld times, "
                        "about %.0f expected", c, s, seen[s][c], expect);
                checked++;
            }
        }
    }
    REQ(checked > 20);
    canasta_game_free(d);
}

START_TEST(test_determinize_spreads_unseen_cards)
{
    canasta_game *g = preset_game(CANASTA_PRESET_CLASSIC, 4242);
    canasta_game *six = preset_game(CANASTA_PRESET_SIX_TWO_SIDES, 17);
    canasta_game *pk = pickup_game(0);
    known_t kn;
    frequencies(g, 0, NULL);
    frequencies(g, 2, NULL);
    frequencies(six, 5, NULL);
    /* Unequal hands (seat 1 took the pile) and known cards. */
    memset(&kn, 0, sizeof kn);
    kn.n[1][th_card("Kc")] = 1;
    kn.n[1][th_card("9h")] = 1;
    kn.n[1][th_card("8c")] = 1;
    kn.n[1][th_card("7d")] = 1;
    kn.n[1][th_card("6s")] = 1;
    ck_assert_int_eq(th_hand_size(pk, 1), 14);
    frequencies(pk, 3, &kn);
    canasta_game_free(g);
    canasta_game_free(six);
    canasta_game_free(pk);
}
END_TEST

/* ================================================================ */

Suite *suite_search(void)
{
    Suite *s = suite_create("search");
    TCase *act = tcase_create("actions");
    TCase *ih = tcase_create("infoset_hash");
    TCase *det = tcase_create("determinize");

    tcase_add_test(act, test_action_layout_of_simple_moves);
    tcase_add_test(act, test_action_layout_of_one_group_melds_and_takes);
    tcase_add_test(act, test_action_of_multi_group_moves);
    tcase_add_test(act, test_action_of_move_errors);
    tcase_add_test(act, test_actions_of_legal_moves_in_random_positions);
    tcase_add_test(act, test_action_to_move_refuses_other_actions);

    tcase_add_test(ih, test_A1_infoset_hash_ignores_hidden_cards);
    tcase_add_test(ih, test_A1_infoset_hash_sees_what_the_seat_knows);
    tcase_add_test(ih, test_P1_infoset_hash_sees_cards_picked_up);
    tcase_add_test(ih, test_infoset_hash_differs_between_seats);
    tcase_add_test(ih, test_infoset_hash_is_deterministic);
    tcase_add_test(ih, test_A1_infoset_hash_and_worlds_ignore_the_game_seed);
    tcase_add_test(ih, test_infoset_hash_errors);

    tcase_add_test(det, test_determinize_keeps_what_the_seat_knows);
    tcase_add_test(det, test_A1_determinize_leaks_nothing);
    tcase_add_test(det, test_P1_determinize_keeps_known_pickup_cards);
    tcase_add_test(det, test_determinize_errors);
    tcase_add_test(det, test_G4_determinize_while_a_question_waits);
    tcase_add_test(det, test_G4_determinize_after_yes);
    tcase_add_test(det, test_G4_determinize_while_a_concealed_exit_is_asked_about);
    tcase_add_test(det, test_G4_determinize_repairs_a_rare_exit);
    tcase_add_test(det, test_determinize_resamples_later_deals);
    tcase_add_test(det, test_E3_determinize_after_a_hand);
    tcase_add_test(det, test_determinize_spreads_unseen_cards);

    /* Generous: the coverage build (-O0, instrumented) and valgrind run
     * these several times slower than an optimised build. */
    tcase_set_timeout(act, 120);
    tcase_set_timeout(ih, 120);
    tcase_set_timeout(det, 120);
    suite_add_tcase(s, act);
    suite_add_tcase(s, ih);
    suite_add_tcase(s, det);
    return s;
}
