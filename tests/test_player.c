/*
 * The reference computer player and hints (RULES.md A1, A2):
 * canasta_player_* and canasta_knob_* of canasta.h, docs/PLAYER.md.
 *
 *  - A1: the player never reads a card its seat cannot see.  For the seat
 *    to move, a second game is built that differs only in cards that seat
 *    has never seen and that went through the same public moves (the
 *    design of tests/test_views.c, "No leak (A1)", copied below); the
 *    choice (several styles, several seeds) and the hint must be the
 *    same.  A deliberately leaking chooser is caught by the same check.
 *  - legality and completeness: whole games of every preset played by
 *    reference players of every style finish, every chosen move is legal
 *    and a seed always gives the same move;
 *  - the knob API (ranges, names, errors, allocators);
 *  - what each knob changes, on crafted deals, both ways;
 *  - A2: the hint's sentence.
 *
 * Random play uses the splitmix64 generator of helpers.h, never rand().
 * The public API is used, except for the cross-check of the player's
 * choice against scoring every legal move, and of its walk over the
 * enumerator's candidates in other orders (player.h, enumerate.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "player.h" /* the choice against every legal move scored */

#define PL_MAX_SEATS 6
#define PL_MAX_DECK 162 /* three packs and six jokers (X6) */
#define PL_KNOBS 7      /* CANASTA_KNOB_TAKE_PILE .. CANASTA_KNOB_ASK */

static const int all_presets[] = {
    CANASTA_PRESET_CLASSIC, CANASTA_PRESET_TWO_PLAYERS,
    CANASTA_PRESET_THREE_PLAYERS, CANASTA_PRESET_SIX_THREE_SIDES,
    CANASTA_PRESET_SIX_TWO_SIDES
};
#define N_PRESETS ((int)(sizeof all_presets / sizeof all_presets[0]))

/* ---------------------------------------------------------------- */
/* Helpers                                                            */
/* ---------------------------------------------------------------- */

static canasta_player *new_player(void)
{
    canasta_player *p = NULL;
    REQ(canasta_player_create(&p) == CANASTA_OK);
    REQ(p != NULL);
    return p;
}

static void knob(canasta_player *p, int k, int value)
{
    int rc = canasta_player_set(p, k, value);
    REQ_MSG(rc == CANASTA_OK, "set knob %d to %d: %s", k, value,
            canasta_error_name(rc));
}

/* A player with one knob changed from its default. */
static canasta_player *player_with(int k, int value)
{
    canasta_player *p = new_player();
    knob(p, k, value);
    return p;
}

/* Every knob of p at a random value of its range. */
static void random_style(canasta_player *p, th_sm64 *r)
{
    int k;
    for (k = 1; k <= PL_KNOBS; k++) {
        int lo, hi, def;
        REQ(canasta_knob_range(&lo, &hi, &def, k) == CANASTA_OK);
        knob(p, k, lo + (int)th_sm64_below(r, (size_t)(hi - lo + 1)));
    }
}

static canasta_game *preset_game(int preset, uint64_t seed, int target)
{
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    REQ(canasta_rules_create(&rules, preset) == CANASTA_OK);
    if (target > 0)
        REQ(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, target) ==
            CANASTA_OK);
    REQ(canasta_game_create(&g, rules, seed) == CANASTA_OK);
    canasta_rules_free(rules);
    return g;
}

static int in_play(const canasta_game *g)
{
    return th_phase_in_play(th_phase(g));
}

static const char *mtext(char *buf, size_t size, const canasta_move *m)
{
    if (canasta_move_to_string(buf, size, m) != CANASTA_OK)
        snprintf(buf, size, "(kind %d seat %d)", m->kind, m->seat);
    return buf;
}

static int same_move(const canasta_move *a, const canasta_move *b)
{
    int eq = -1;
    REQ(canasta_move_equal(&eq, a, b) == CANASTA_OK);
    return eq;
}

static canasta_move choose(const canasta_player *p, const canasta_game *g,
                           uint64_t seed)
{
    canasta_move m;
    int rc = canasta_player_choose(&m, p, g, seed);
    REQ_MSG(rc == CANASTA_OK, "canasta_player_choose: %s",
            canasta_error_name(rc));
    return m;
}

/* Apply, failing with the move and the engine's reason. */
static void apply_ok(canasta_game *g, const canasta_move *m)
{
    char why[256] = "", text[CANASTA_MOVE_TEXT_MAX];
    int rc = canasta_apply(why, sizeof why, g, m);
    REQ_MSG(rc == CANASTA_OK, "move %s refused: %s (%s)",
            mtext(text, sizeof text, m), canasta_error_name(rc), why);
}

/* Let the player choose and play it; returns the move. */
static canasta_move play_choice(canasta_game *g, const canasta_player *p,
                                uint64_t seed)
{
    canasta_move m = choose(p, g, seed);
    apply_ok(g, &m);
    return m;
}

/* The hint's move and reason. */
static canasta_move hint(char *reason, size_t size, const canasta_player *p,
                         const canasta_game *g)
{
    canasta_move m;
    int rc = canasta_player_hint(&m, reason, size, p, g);
    REQ_MSG(rc == CANASTA_OK, "canasta_player_hint: %s",
            canasta_error_name(rc));
    return m;
}

static int card_of(const char *text)
{
    return th_card(text);
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* ---------------------------------------------------------------- */
/* A1: the player never reads hidden cards                            */
/* ---------------------------------------------------------------- */

/*
 * Design (tests/test_views.c, "No leak (A1)").  The seat to move must
 * choose the same in two games that differ exactly in cards it has never
 * seen and that went through the same public moves.  The second game is
 * the hand's start re-dealt with canasta_game_set_deck from a deck whose
 * "free" positions are shuffled among themselves, followed by the same
 * moves.  Per seat, along the hand:
 *  - fixed: positions dealt to or drawn by the seat; the upcards and the
 *    deal's replacement cards; every red three (laid out face up); and
 *    for each card another seat melds or discards, one position of that
 *    card which that seat was dealt or drew;
 *  - free: every other position (other seats' unseen cards, the stock).
 * A replayed move whose legality depends on another seat's hidden cards
 * (asking to go out, G4) can become illegal: that sample is skipped and
 * counted.  Only decisions during play are compared (at a hand's end the
 * hands are counted in public, E3).
 */
/* The tracker and the twin are th_hidden_* (tests/helpers.h). */

/* A chooser: canasta_player_choose or a deliberately leaking one. */
typedef int (*chooser_fn)(canasta_move *m, const canasta_player *p,
                          const canasta_game *g, uint64_t seed);

typedef struct {
    long compared, skipped, state_differs, choice_differs, free_cards;
    long kinds[CANASTA_MOVE_NEXT_HAND + 1]; /* the first style's choices */
} a1_stats;

/* What one sample compares. */
typedef struct {
    chooser_fn choose;
    canasta_player *const *players;
    int n_players;
    int hint;        /* also compare canasta_player_hint */
    int must_agree;  /* fail at once on a difference (else count it) */
} a1_check;

static const uint64_t a1_seeds[] = {
    0, 1, UINT64_C(0x9E3779B97F4A7C15), UINT64_C(12345)
};

static char *position_text(const canasta_game *g)
{
    char *text = NULL;
    REQ(canasta_game_position(&text, NULL, g) == CANASTA_OK);
    return text;
}

/* One sample: the seat to move in g (at hand start `start`, then
 * moves[0..n)) must decide the same in a game dealt with the free
 * positions of its tracker permuted.  Returns 1 when the choices
 * differed (only when !must_agree). */
static int a1_sample(a1_stats *st, const a1_check *ck, const canasta_game *g,
                     const canasta_game *start, const canasta_move *moves,
                     size_t n, const th_hidden *t, th_sm64 *r)
{
    size_t nf = 0;
    canasta_game *alt = NULL;
    char *a, *b;
    int p, s, differs = 0;
    REQ(th_seat(g) == t->viewer);
    alt = th_hidden_twin(start, moves, n, t, r, &nf);
    st->free_cards += (long)nf;
    if (!alt) {
        st->skipped++;
        return 0;
    }
    REQ(th_seat(alt) == t->viewer && th_phase(alt) == th_phase(g));
    for (p = 0; p < ck->n_players && !differs; p++) {
        for (s = 0; s < (int)(sizeof a1_seeds / sizeof a1_seeds[0]); s++) {
            canasta_move ma, mb;
            char ta[CANASTA_MOVE_TEXT_MAX], tb[CANASTA_MOVE_TEXT_MAX];
            REQ(ck->choose(&ma, ck->players[p], g, a1_seeds[s]) ==
                CANASTA_OK);
            REQ(ck->choose(&mb, ck->players[p], alt, a1_seeds[s]) ==
                CANASTA_OK);
            if (p == 0 && s == 0 && ma.kind <= CANASTA_MOVE_NEXT_HAND)
                st->kinds[ma.kind]++;
            if (same_move(&ma, &mb))
                continue;
            REQ_MSG(!ck->must_agree,
                    "seat %d's choice depends on cards it cannot see "
                    "(style %d, seed %d): %s versus %s", t->viewer, p, s,
                    mtext(ta, sizeof ta, &ma), mtext(tb, sizeof tb, &mb));
            differs = 1;
            break;
        }
        if (ck->hint && !differs) {
            char ra[512], rb[512];
            canasta_move ha = hint(ra, sizeof ra, ck->players[p], g);
            canasta_move hb = hint(rb, sizeof rb, ck->players[p], alt);
            REQ_MSG(same_move(&ha, &hb) && strcmp(ra, rb) == 0,
                    "seat %d's hint depends on cards it cannot see:\n%s\n"
                    "--- versus ---\n%s", t->viewer, ra, rb);
        }
    }
    st->compared++;
    st->choice_differs += differs;
    a = position_text(g);
    b = position_text(alt);
    if (strcmp(a, b) != 0)
        st->state_differs++;
    canasta_free(a);
    canasta_free(b);
    canasta_game_free(alt);
    return differs;
}

/* A few styles far apart, so that many kinds of decision are compared. */
static int make_styles(canasta_player **pl)
{
    pl[0] = new_player();
    pl[1] = new_player();
    knob(pl[1], CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS);
    knob(pl[1], CANASTA_KNOB_DISCARD, CANASTA_DISCARD_HIGH);
    knob(pl[1], CANASTA_KNOB_KEEP_PAIRS, 0);
    pl[2] = new_player();
    knob(pl[2], CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WHEN_FORCED);
    knob(pl[2], CANASTA_KNOB_WILD_CARDS, CANASTA_WILDS_SAVE);
    knob(pl[2], CANASTA_KNOB_GO_OUT, 2);
    knob(pl[2], CANASTA_KNOB_DISCARD, CANASTA_DISCARD_LOW);
    pl[3] = new_player();
    knob(pl[3], CANASTA_KNOB_PILE_SIZE, 1);
    knob(pl[3], CANASTA_KNOB_ASK, 0);
    knob(pl[3], CANASTA_KNOB_GO_OUT, 6);
    return 4;
}

static void free_styles(canasta_player **pl, int n)
{
    int i;
    for (i = 0; i < n; i++)
        canasta_player_free(pl[i]);
}

/* One game: up to max_steps moves, by reference players (the style of a
 * seat changes with the hand) and, one move in three, a random legal
 * move; every `every`-th decision during play is sampled for the seat to
 * move. */
static void a1_game(a1_stats *st, const a1_check *ck, th_movelist *ml,
                    int preset, uint64_t seed, uint64_t rseed, int max_steps,
                    int every)
{
    canasta_game *g = preset_game(preset, seed, 0);
    th_hand_log h;
    th_sm64 r;
    int steps, seat, hand = 0;
    canasta_player *styles[4];
    int ns = make_styles(styles);
    r.state = rseed;
    th_hand_log_start(&h, g);
    for (steps = 0; steps < max_steps; steps++) {
        canasta_move m;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
            break;
        if (in_play(g) && steps % every == 0)
            a1_sample(st, ck, g, h.start, h.moves, h.n, &h.seat[th_seat(g)],
                      &r);
        if (th_sm64_below(&r, 3) == 0) {
            th_list_moves(ml, g);
            REQ(ml->n > 0);
            m = ml->v[th_sm64_below(&r, ml->n)];
        } else {
            seat = th_seat(g);
            m = choose(styles[(seat + hand) % ns], g, th_sm64_next(&r));
        }
        apply_ok(g, &m);
        th_hand_log_move(&h, g, &m);
        if (m.kind == CANASTA_MOVE_NEXT_HAND)
            hand++;
    }
    th_hand_log_free(&h);
    free_styles(styles, ns);
    canasta_game_free(g);
}

static const char *preset_name(int preset)
{
    switch (preset) {
    case CANASTA_PRESET_CLASSIC: return "classic";
    case CANASTA_PRESET_TWO_PLAYERS: return "two-players";
    case CANASTA_PRESET_THREE_PLAYERS: return "three-players";
    case CANASTA_PRESET_SIX_THREE_SIDES: return "six-three-sides";
    case CANASTA_PRESET_SIX_TWO_SIDES: return "six-two-sides";
    default: return "?";
    }
}

/* The reference player, every style, several seeds, and its hint: the
 * same in both games, for over 1300 decisions of each preset; the check
 * has teeth: few skips, many free cards, the full state differed in most
 * samples, and the decisions compared include draws, pile takes, melds
 * and discards in every preset (and questions and answers, G4). */
START_TEST(test_A1_player_never_reads_hidden_cards)
{
    th_movelist ml = { NULL, 0, 0 };
    canasta_player *styles[4];
    int ns = make_styles(styles), i, k;
    long asks = 0, answers = 0;
    a1_check ck;
    ck.choose = canasta_player_choose;
    ck.players = styles;
    ck.n_players = ns;
    ck.hint = 1;
    ck.must_agree = 1;
    for (i = 0; i < N_PRESETS; i++) {
        int preset = all_presets[i], games = th_scaled(8, 1);
        /* 1300 over the 8 games of the full run; a scaled run plays
         * fewer games (CANASTA_TEST_SCALE) and needs 130 a game, which
         * the shortest games (two players: about 170) still make. */
        long least = games >= 8 ? 1300L * games / 8 : 130L * games;
        a1_stats st;
        memset(&st, 0, sizeof st);
        for (k = 0; k < games; k++)
            a1_game(&st, &ck, &ml, preset,
                    UINT64_C(7100) + (uint64_t)(i * 31 + k),
                    UINT64_C(0xA1A1) + (uint64_t)(i * 7 + k), 450, 2);
        REQ_MSG(st.compared >= least, "%s: only %ld decisions compared "
                "(%ld skipped)", preset_name(preset), st.compared,
                st.skipped);
        REQ_MSG(st.skipped * 10 < st.compared + st.skipped,
                "%s: %ld of %ld samples skipped", preset_name(preset),
                st.skipped, st.compared + st.skipped);
        REQ_MSG(st.state_differs * 10 >= st.compared * 9,
                "%s: the full state differed in only %ld of %ld samples",
                preset_name(preset), st.state_differs, st.compared);
        REQ_MSG(st.free_cards / (st.compared + st.skipped) >= 10,
                "%s: only %ld free cards per sample", preset_name(preset),
                st.free_cards / (st.compared + st.skipped));
        for (k = CANASTA_MOVE_DRAW; k <= CANASTA_MOVE_DISCARD; k++)
            REQ_MSG(st.kinds[k] * 50 >= least, "%s: only %ld choices of "
                    "kind %d compared", preset_name(preset), st.kinds[k], k);
        asks += st.kinds[CANASTA_MOVE_ASK];
        answers += st.kinds[CANASTA_MOVE_ANSWER_YES] +
                   st.kinds[CANASTA_MOVE_ANSWER_NO];
    }
    REQ_MSG(asks > 0 && answers > 0, "no question (%ld) or answer (%ld) "
            "compared", asks, answers);
    free_styles(styles, ns);
    free(ml.v);
}
END_TEST

/* Leaking choosers.  The first plays the reference move, but picks its
 * discard by the top card of the stock (the deck as dealt, less what was
 * drawn: deck[deck_n - stock_n]). */
static int leak_stock_top(canasta_move *m, const canasta_player *p,
                          const canasta_game *g, uint64_t seed)
{
    uint8_t deck[PL_MAX_DECK];
    size_t n = 0, count = 0, i, nd = 0;
    canasta_move legal[512];
    int rc = canasta_player_choose(m, p, g, seed), stock = th_stock_size(g);
    if (rc != CANASTA_OK || m->kind != CANASTA_MOVE_DISCARD || stock == 0)
        return rc;
    REQ(canasta_game_deck(deck, sizeof deck, &n, g) == CANASTA_OK);
    if (canasta_legal_moves(legal, 512, &count, g) != CANASTA_OK)
        return rc;
    for (i = 0; i < count; i++)
        if (legal[i].kind == CANASTA_MOVE_DISCARD)
            legal[nd++] = legal[i];
    if (nd > 0)
        *m = legal[deck[n - (size_t)stock] % nd];
    return rc;
}

/* The second draws or takes the pile by a peek at the next seat's hand:
 * it takes whenever it may and the sum of the next hand's card codes is
 * odd, and draws otherwise. */
static int leak_next_hand(canasta_move *m, const canasta_player *p,
                          const canasta_game *g, uint64_t seed)
{
    uint8_t cards[128];
    size_t n = 0, count = 0, i;
    canasta_move legal[512];
    int rc = canasta_player_choose(m, p, g, seed), wild = 0;
    if (rc != CANASTA_OK || th_phase(g) != CANASTA_PHASE_DRAW)
        return rc;
    REQ(canasta_game_hand(cards, sizeof cards, &n, g,
                          (m->seat + 1) % th_option(g, CANASTA_OPT_PLAYERS)) == CANASTA_OK);
    for (i = 0; i < n; i++)
        wild += cards[i];
    wild &= 1; /* the parity of the next hand's card codes */
    if (canasta_legal_moves(legal, 512, &count, g) != CANASTA_OK)
        return rc;
    for (i = 0; i < count; i++)
        if (legal[i].kind == CANASTA_MOVE_TAKE_PILE && wild) {
            *m = legal[i];
            break;
        } else if (legal[i].kind == CANASTA_MOVE_DRAW && !wild) {
            *m = legal[i];
            break;
        }
    return rc;
}

/* The comparison above catches a chooser that reads hidden cards: each
 * leaking chooser differs between the two games in a good share of the
 * samples (and is reported as soon as it does when must_agree is set),
 * while the reference chooser never does in the same samples. */
START_TEST(test_A1_hidden_card_check_catches_a_leak)
{
    static const chooser_fn choosers[3] = {
        leak_stock_top, leak_next_hand, canasta_player_choose
    };
    th_movelist ml = { NULL, 0, 0 };
    canasta_player *p = new_player();
    int l;
    knob(p, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS);
    for (l = 0; l < 3; l++) {
        a1_stats st;
        a1_check ck;
        memset(&st, 0, sizeof st);
        ck.choose = choosers[l];
        ck.players = &p;
        ck.n_players = 1;
        ck.hint = 0;
        ck.must_agree = 0;
        a1_game(&st, &ck, &ml, CANASTA_PRESET_CLASSIC, UINT64_C(424242),
                UINT64_C(77), 300, 1);
        REQ_MSG(st.compared >= 200, "only %ld samples", st.compared);
        if (l < 2)
            REQ_MSG(st.choice_differs >= 10 &&
                    st.choice_differs * 20 >= st.compared,
                    "leaking chooser %d was caught in only %ld of %ld "
                    "samples", l, st.choice_differs, st.compared);
        else
            REQ_MSG(st.choice_differs == 0, "the reference chooser differed "
                    "in %ld of %ld samples", st.choice_differs, st.compared);
    }
    canasta_player_free(p);
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Legality, completeness, determinism                                */
/* ---------------------------------------------------------------- */

/* The enumerator's candidates of a decision, in the list's order. */
typedef struct {
    cn_cand v[4096];
    size_t n;
} cand_list;

static void collect_take(void *ctx, const cn_cand *c)
{
    cand_list *l = ctx;
    REQ(l->n < sizeof l->v / sizeof l->v[0]);
    l->v[l->n++] = *c;
}

/* The choice when the candidates are offered in the order of idx. */
static cn_cand choice_in_order(cn_facts *f, const cand_list *cl,
                               const size_t *idx, uint64_t seed)
{
    cn_choice ch;
    size_t i;
    cn_choice_start(&ch, f, seed, 1);
    for (i = 0; i < cl->n; i++)
        cn_choice_offer(&ch, &cl->v[idx[i]]);
    REQ(ch.found);
    return ch.move;
}

/* The most of the branch candidate c belongs to, where the decision's
 * walk asks the bound of one (cn_branch_bound): each is checked to be at
 * least c's score. */
static void bound_check(cn_facts *f, const cn_cand *c, long sc,
                        const char *where)
{
    long b = 0x7FFFFFFFL;
    if (c->kind == CANASTA_MOVE_TAKE_PILE)
        b = cn_branch_bound(f, CN_BRANCH_TAKES, c->g[0].r, 0);
    else if (c->kind == CANASTA_MOVE_DISCARD)
        b = cn_branch_bound(f, CN_BRANCH_DISCARDS, 0, 0);
    else if (c->kind == CANASTA_MOVE_MELD && !f->opened)
        b = cn_branch_bound(f, CN_BRANCH_OPENINGS, 0, 0);
    if ((c->kind == CANASTA_MOVE_MELD || c->kind == CANASTA_MOVE_TAKE_PILE) &&
        !f->opened) {
        /* the opening search's bound for every part of the groups */
        int i, used = 0, wilds = 0;
        for (i = 0; i < c->n; i++) {
            long d;
            used += c->g[i].k + c->g[i].t + c->g[i].j;
            wilds += c->g[i].t + c->g[i].j;
            d = cn_branch_bound(f, CN_BRANCH_DEEPER, used, wilds);
            REQ_MSG(sc <= d, "%s: an opening scores %ld above the bound %ld "
                    "of its first %d groups", where, sc, d, i + 1);
        }
    }
    else if (c->kind == CANASTA_MOVE_MELD && c->g[0].r >= 4) {
        b = cn_branch_bound(f, CN_BRANCH_RANK, c->g[0].r, 0);
        if (c->wilds) {
            long w = cn_branch_bound(f, CN_BRANCH_WILDS, c->g[0].r,
                                     c->g[0].k);
            REQ_MSG(sc <= w, "%s: a meld of rank %d (%d naturals, %d wild) "
                    "scores %ld above its row's bound %ld", where,
                    c->g[0].r, c->g[0].k, c->wilds, sc, w);
        }
    }
    REQ_MSG(sc <= b, "%s: a move of kind %d scores %ld above its branch's "
            "bound %ld", where, c->kind, sc, b);
}

/* The player's choice (chosen, what canasta_player_choose gave for p and
 * seed at g's decision) against scoring every legal move:
 *  - brute force: of canasta_legal_moves, the moves of the top score
 *    (cn_score_move), and of those the one whose action
 *    (canasta_action_of_move), hashed with the seed (cn_player_tie), is
 *    smallest: chosen must be that move;
 *  - the same move with pruning off, in the list's order and largest
 *    first, and with pruning on in the list's order (every legal move
 *    handed over when nothing is skipped: as many as the list holds);
 *  - the same move when the candidates are offered in reverse and in a
 *    shuffled order (the tie-break is a function of the move);
 *  - no candidate scores above the bound of a branch it belongs to (what
 *    pruning relies on);
 *  - in the play phase no discard scores above CN_DISCARD_MAX, and every
 *    other move the player wants (a meld, the question) scores above it.
 * where names the game in messages.  1 when the decision had ties at the
 * top score. */
static int cross_check(const canasta_player *p, const canasta_game *g,
                       uint64_t seed, const canasta_move *chosen,
                       th_movelist *ml, const char *where)
{
    static cand_list cl;
    static size_t idx[4096];
    cn_facts f;
    canasta_move m;
    size_t i, best = 0, tops = 0;
    long top = 0;
    uint64_t key = 0;
    int how;
    th_sm64 r;
    char text[CANASTA_MOVE_TEXT_MAX];
    th_list_moves(ml, g);
    REQ(ml->n > 0);
    cn_facts_init(&f, &g->st, p->knob);
    for (i = 0; i < ml->n; i++) {
        long sc = cn_score_move(&f, &ml->v[i]);
        uint64_t a, k;
        REQ(canasta_action_of_move(&a, &ml->v[i]) == CANASTA_OK);
        k = cn_player_tie(seed, a);
        if (i == 0 || sc > top) {
            top = sc;
            key = k;
            best = i;
            tops = 1;
        } else if (sc == top) {
            tops++;
            REQ_MSG(k != key, "%s: two legal moves share an action", where);
            if (k < key) {
                key = k;
                best = i;
            }
        }
        if (th_phase(g) == CANASTA_PHASE_PLAY) {
            if (ml->v[i].kind == CANASTA_MOVE_DISCARD)
                REQ_MSG(sc <= CN_DISCARD_MAX, "%s: %s scores %ld as a "
                        "discard", where, mtext(text, sizeof text,
                                                &ml->v[i]), sc);
            else
                REQ_MSG(sc == CN_NEVER || sc > CN_DISCARD_MAX, "%s: %s "
                        "scores %ld", where,
                        mtext(text, sizeof text, &ml->v[i]), sc);
        }
    }
    REQ_MSG(same_move(chosen, &ml->v[best]), "%s, seed %llu: the player "
            "chose %s, scoring every legal move gives %s", where,
            (unsigned long long)seed, mtext(text, sizeof text, chosen),
            mtext(text + CANASTA_MOVE_TEXT_MAX / 2,
                  CANASTA_MOVE_TEXT_MAX / 2, &ml->v[best]));
    /* Every way of walking, pruning on or off. */
    for (how = 0; how < CN_DECIDE_DEFAULT; how++) {
        cn_move_clear(&m);
        REQ(cn_player_decide_how(&m, &f, p, g, seed, how) == CANASTA_OK);
        REQ_MSG(same_move(chosen, &m), "%s, seed %llu: decided with how "
                "%d, the player chose %s", where, (unsigned long long)seed,
                how, mtext(text, sizeof text, &m));
    }
    /* The candidates in other orders, and the branches' bounds. */
    {
        const cn_visitor collect = { NULL, collect_take, NULL, NULL, NULL,
                                     NULL, 0 };
        cn_cand c;
        cl.n = 0;
        cn_enumerate_with(&g->st, &collect, &cl);
        REQ_MSG(cl.n == ml->n, "%s: %zu candidates, %zu legal moves", where,
                cl.n, ml->n);
        cn_facts_init(&f, &g->st, p->knob);
        for (i = 0; i < cl.n; i++) {
            cn_cand_move(&m, g->st.hand[g->st.cur], &cl.v[i]);
            REQ(same_move(&m, &ml->v[i]));
            bound_check(&f, &cl.v[i], cn_score_cand(&f, &cl.v[i]), where);
            if (cl.v[i].kind == CANASTA_MOVE_MELD && cl.v[i].n == 1 &&
                f.opened) {
                /* the going-out check after one group, from the masks,
                 * against the check after any groups */
                const cn_spec *gs = &cl.v[i].g[0];
                REQ_MSG(cn_out_after_group(&g->st, f.seat, gs->r, gs->k,
                                           gs->t, gs->j) ==
                        cn_out_after_groups(&g->st, f.seat, 1, gs),
                        "%s: the going-out checks after a meld of rank %d "
                        "disagree", where, gs->r);
            }
            idx[i] = cl.n - 1 - i;
        }
        c = choice_in_order(&f, &cl, idx, seed);
        cn_cand_move(&m, g->st.hand[g->st.cur], &c);
        REQ_MSG(same_move(chosen, &m), "%s: offered in reverse, the choice "
                "is %s", where, mtext(text, sizeof text, &m));
        r.state = seed ^ UINT64_C(0x0DDE);
        for (i = cl.n; i > 1; i--) {
            size_t j = th_sm64_below(&r, i), t = idx[i - 1];
            idx[i - 1] = idx[j];
            idx[j] = t;
        }
        cn_facts_init(&f, &g->st, p->knob);
        c = choice_in_order(&f, &cl, idx, seed);
        cn_cand_move(&m, g->st.hand[g->st.cur], &c);
        REQ_MSG(same_move(chosen, &m), "%s: offered shuffled, the choice "
                "is %s", where, mtext(text, sizeof text, &m));
    }
    return tops > 1;
}

typedef struct {
    long moves, hands, games;
    long ties; /* decisions with several moves of the top score */
} play_stats;

/* Play a whole game with players[seat] at each seat.  Every decision:
 * the chosen move is one of canasta_legal_moves, canasta_apply accepts
 * it, the same seed gives the same move again (also on a copy of the
 * game and with a copy of the player), and it is the move scoring every
 * legal move chooses, however the candidates are walked (cross_check). */
static void full_game(play_stats *ps, th_movelist *ml, int preset,
                      int target, canasta_player *const *players,
                      uint64_t seed, const char *label)
{
    canasta_game *g = preset_game(preset, seed, target);
    canasta_game *copy = NULL;
    th_sm64 r;
    long steps = 0;
    const long guard = 40000;
    r.state = seed ^ UINT64_C(0x5EED);
    REQ(canasta_game_clone(&copy, g) == CANASTA_OK);
    while (th_phase(g) != CANASTA_PHASE_GAME_OVER) {
        int seat = th_seat(g);
        uint64_t s = th_sm64_next(&r);
        canasta_move m = choose(players[seat], g, s);
        canasta_move again = choose(players[seat], g, s);
        char text[CANASTA_MOVE_TEXT_MAX], where[96];
        size_t i;
        int listed = 0;
        REQ_MSG(steps < guard, "%s, %s: no end after %ld moves (%ld hands)",
                preset_name(preset), label, steps, ps->hands);
        REQ_MSG(same_move(&m, &again), "%s, %s: seed %llu gave %s, then "
                "another move", preset_name(preset), label,
                (unsigned long long)s, mtext(text, sizeof text, &m));
        REQ(m.seat == seat);
        snprintf(where, sizeof where, "%s, %s", preset_name(preset), label);
        ps->ties += cross_check(players[seat], g, s, &m, ml, where);
        if (steps % 7 == 0) {
            canasta_player *twin = NULL;
            REQ(canasta_game_copy(copy, g) == CANASTA_OK);
            REQ(canasta_player_clone(&twin, players[seat]) == CANASTA_OK);
            again = choose(twin, copy, s);
            REQ_MSG(same_move(&m, &again), "%s, %s: a copy chose otherwise",
                    preset_name(preset), label);
            canasta_player_free(twin);
        }
        th_list_moves(ml, g);
        for (i = 0; i < ml->n && !listed; i++)
            listed = same_move(&m, &ml->v[i]);
        REQ_MSG(listed, "%s, %s: %s is not among the %zu legal moves",
                preset_name(preset), label, mtext(text, sizeof text, &m),
                ml->n);
        apply_ok(g, &m);
        if (m.kind == CANASTA_MOVE_NEXT_HAND)
            ps->hands++;
        steps++;
    }
    ps->hands++; /* the last hand */
    ps->games++;
    ps->moves += steps;
    /* Game over: no more choices. */
    {
        canasta_move m;
        char reason[64] = "x";
        REQ(canasta_player_choose(&m, players[0], g, 0) ==
            CANASTA_E_GAME_OVER);
        REQ(canasta_player_hint(&m, reason, sizeof reason, players[0], g) ==
            CANASTA_E_GAME_OVER);
        REQ(reason[0] == '\0');
    }
    canasta_game_free(copy);
    canasta_game_free(g);
}

/* Every preset: a game to 5000 with default players, then two games (to
 * 1500) for each knob at each end of its range, every seat playing that
 * style; and one game (to 2500) in which every seat plays a different
 * random style. */
START_TEST(test_player_games_finish_with_legal_moves)
{
    th_movelist ml = { NULL, 0, 0 };
    play_stats ps = { 0, 0, 0, 0 };
    int i;
    for (i = 0; i < N_PRESETS; i++) {
        int preset = all_presets[i], k, end, s;
        canasta_player *pl[PL_MAX_SEATS];
        char label[64];
        uint64_t seed = UINT64_C(900) + (uint64_t)i * 101;
        th_sm64 r;
        for (s = 0; s < PL_MAX_SEATS; s++)
            pl[s] = new_player();
        full_game(&ps, &ml, preset, 5000, pl, seed, "default knobs");
        for (k = 1; k <= PL_KNOBS; k++) {
            int lo, hi, def;
            REQ(canasta_knob_range(&lo, &hi, &def, k) == CANASTA_OK);
            for (end = 0; end < 4; end++) {
                int value = end % 2 ? hi : lo;
                for (s = 0; s < PL_MAX_SEATS; s++)
                    knob(pl[s], k, value);
                snprintf(label, sizeof label, "%s=%d", canasta_knob_name(k),
                         value);
                full_game(&ps, &ml, preset, 1500, pl,
                          seed + (uint64_t)(k * 4 + end), label);
            }
            for (s = 0; s < PL_MAX_SEATS; s++)
                knob(pl[s], k, def);
        }
        r.state = seed;
        for (s = 0; s < PL_MAX_SEATS; s++)
            random_style(pl[s], &r);
        full_game(&ps, &ml, preset, 2500, pl, seed + 77, "mixed styles");
        for (s = 0; s < PL_MAX_SEATS; s++)
            canasta_player_free(pl[s]);
    }
    free(ml.v);
    /* 5 presets x (1 + 2 x 7 x 2 + 1) games */
    REQ_MSG(ps.games == 5 * 30 && ps.hands >= ps.games &&
            ps.moves >= 100 * ps.games, "%ld games, %ld hands, %ld moves",
            ps.games, ps.hands, ps.moves);
    /* The tie-break was tried: many decisions had several moves of the
     * top score. */
    REQ_MSG(ps.ties * 20 > ps.moves, "%ld of %ld decisions had ties",
            ps.ties, ps.moves);
}
END_TEST

/* The choice against the full list over many more games than above
 * (CANASTA_TEST_SCALE scales them): every seat a random style, every
 * decision cross-checked (cross_check) as in full_game. */
START_TEST(test_player_choice_is_the_best_scored_move)
{
    th_movelist ml = { NULL, 0, 0 };
    long decisions = 0, ties = 0;
    int i, n = th_scaled(100, 4);
    for (i = 0; i < N_PRESETS; i++) {
        int game;
        for (game = 0; game < n; game++) {
            uint64_t gseed = UINT64_C(77000) + (uint64_t)(i * 1000 + game);
            canasta_game *g = preset_game(all_presets[i], gseed, 2500);
            canasta_player *pl[PL_MAX_SEATS];
            char where[64];
            th_sm64 r;
            int s;
            r.state = gseed;
            for (s = 0; s < PL_MAX_SEATS; s++) {
                pl[s] = new_player();
                random_style(pl[s], &r);
            }
            snprintf(where, sizeof where, "%s game %d",
                     preset_name(all_presets[i]), game);
            while (th_phase(g) != CANASTA_PHASE_GAME_OVER) {
                const canasta_player *p = pl[th_seat(g)];
                uint64_t seed = th_sm64_next(&r);
                canasta_move m = choose(p, g, seed);
                REQ(decisions++ < 10000000L);
                ties += cross_check(p, g, seed, &m, &ml, where);
                apply_ok(g, &m);
            }
            for (s = 0; s < PL_MAX_SEATS; s++)
                canasta_player_free(pl[s]);
            canasta_game_free(g);
        }
    }
    free(ml.v);
    REQ_MSG(ties * 20 > decisions, "%ld of %ld decisions had ties", ties,
            decisions);
}
END_TEST

/* canasta_player_play is canasta_player_choose followed by
 * canasta_apply: on twin games of every preset, with a different style at
 * each seat, the same moves and, after every one, equal games (the same
 * state, undo history included: canasta_game_equal).  The move may be
 * NULL; a finished game is refused and left as it is; NULL handles are
 * E_NULL. */
START_TEST(test_player_play_is_choose_then_apply)
{
    int i;
    for (i = 0; i < N_PRESETS; i++) {
        canasta_game *a = preset_game(all_presets[i], 40 + (uint64_t)i, 1500);
        canasta_game *b = preset_game(all_presets[i], 40 + (uint64_t)i, 1500);
        canasta_player *pl[PL_MAX_SEATS];
        th_sm64 r;
        long steps = 0;
        int s, eq = 0;
        r.state = 4242 + (uint64_t)i;
        for (s = 0; s < PL_MAX_SEATS; s++) {
            pl[s] = new_player();
            random_style(pl[s], &r);
        }
        while (th_phase(a) != CANASTA_PHASE_GAME_OVER) {
            canasta_player *p = pl[th_seat(a)];
            uint64_t seed = th_sm64_next(&r);
            canasta_move chosen = choose(p, a, seed), played;
            REQ(steps++ < 40000);
            apply_ok(a, &chosen);
            if (steps % 5 == 0) {
                REQ(canasta_player_play(NULL, p, b, seed) == CANASTA_OK);
            } else {
                REQ(canasta_player_play(&played, p, b, seed) == CANASTA_OK);
                REQ(same_move(&chosen, &played));
            }
            REQ(canasta_game_equal(&eq, a, b) == CANASTA_OK);
            REQ_MSG(eq == 1, "%s: the games differ after move %ld",
                    preset_name(all_presets[i]), steps);
        }
        {
            canasta_move m;
            m.kind = 0xEE;
            ck_assert_int_eq(canasta_player_play(&m, pl[0], b, 1),
                             CANASTA_E_GAME_OVER);
            ck_assert_int_eq(m.kind, 0xEE); /* not written */
            REQ(canasta_game_equal(&eq, a, b) == CANASTA_OK && eq == 1);
            ck_assert_int_eq(canasta_player_play(&m, NULL, b, 1),
                             CANASTA_E_NULL);
            ck_assert_int_eq(canasta_player_play(&m, pl[0], NULL, 1),
                             CANASTA_E_NULL);
        }
        for (s = 0; s < PL_MAX_SEATS; s++)
            canasta_player_free(pl[s]);
        canasta_game_free(a);
        canasta_game_free(b);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* The knob API                                                       */
/* ---------------------------------------------------------------- */

static const struct {
    int knob;
    const char *name;
    int min, max, def;
} knob_table[PL_KNOBS] = {
    /* canasta.h, "Computer players and hints" */
    { CANASTA_KNOB_TAKE_PILE, "take-pile", CANASTA_TAKE_WHEN_FORCED,
      CANASTA_TAKE_ALWAYS, CANASTA_TAKE_WORTHWHILE },
    { CANASTA_KNOB_PILE_SIZE, "pile-size", 1, 100, 3 },
    { CANASTA_KNOB_WILD_CARDS, "wild-cards", CANASTA_WILDS_SAVE,
      CANASTA_WILDS_FINISH, CANASTA_WILDS_FINISH },
    { CANASTA_KNOB_GO_OUT, "go-out", 0, 6, 0 },
    { CANASTA_KNOB_KEEP_PAIRS, "keep-pairs", 0, 1, 1 },
    { CANASTA_KNOB_DISCARD, "discard", CANASTA_DISCARD_SAFE,
      CANASTA_DISCARD_HIGH, CANASTA_DISCARD_SAFE },
    { CANASTA_KNOB_ASK, "ask", 0, 1, 1 },
};

/* Ranges, defaults and names as documented; set/get over the whole
 * range; names round trip. */
START_TEST(test_knob_ranges_defaults_and_names)
{
    canasta_player *p = new_player();
    int i;
    for (i = 0; i < PL_KNOBS; i++) {
        int k = knob_table[i].knob, lo = -99, hi = -99, def = -99, v = -99;
        int back = -1, value;
        ck_assert_int_eq(canasta_knob_range(&lo, &hi, &def, k), CANASTA_OK);
        ck_assert_int_eq(lo, knob_table[i].min);
        ck_assert_int_eq(hi, knob_table[i].max);
        ck_assert_int_eq(def, knob_table[i].def);
        ck_assert_int_eq(canasta_player_get(&v, p, k), CANASTA_OK);
        ck_assert_int_eq(v, def);
        ck_assert_ptr_nonnull(canasta_knob_name(k));
        ck_assert_str_eq(canasta_knob_name(k), knob_table[i].name);
        ck_assert_int_eq(canasta_knob_from_name(&back, knob_table[i].name),
                         CANASTA_OK);
        ck_assert_int_eq(back, k);
        for (value = lo; value <= hi; value++) {
            ck_assert_int_eq(canasta_player_set(p, k, value), CANASTA_OK);
            ck_assert_int_eq(canasta_player_get(&v, p, k), CANASTA_OK);
            ck_assert_int_eq(v, value);
        }
        /* out of range: refused, the value unchanged */
        ck_assert_int_eq(canasta_player_set(p, k, lo + 1 > hi ? lo : lo + 1),
                         CANASTA_OK);
        ck_assert_int_eq(canasta_player_set(p, k, lo - 1), CANASTA_E_RANGE);
        ck_assert_int_eq(canasta_player_set(p, k, hi + 1), CANASTA_E_RANGE);
        ck_assert_int_eq(canasta_player_set(p, k, -1000000), CANASTA_E_RANGE);
        ck_assert_int_eq(canasta_player_get(&v, p, k), CANASTA_OK);
        ck_assert_int_eq(v, lo + 1 > hi ? lo : lo + 1);
        /* setting one knob leaves the others alone */
        {
            int j;
            for (j = 0; j < PL_KNOBS; j++) {
                if (j == i)
                    continue;
                ck_assert_int_eq(canasta_player_get(&v, p,
                                 knob_table[j].knob), CANASTA_OK);
                ck_assert_int_eq(v, knob_table[j].def);
            }
        }
        ck_assert_int_eq(canasta_player_set(p, k, def), CANASTA_OK);
    }
    canasta_player_free(p);
}
END_TEST

/* Unknown knobs and names, NULL arguments. */
START_TEST(test_knob_errors)
{
    static const int bad_knobs[] = { 0, -1, PL_KNOBS + 1, 100, 1000000 };
    static const char *const bad_names[] = {
        "", "take", "take-pile ", " take-pile", "take_pile", "pile-sizes",
        "unknown"
    };
    canasta_player *p = new_player(), *q = (canasta_player *)&p;
    canasta_game *g = th_new_game(UINT64_C(5));
    canasta_move m;
    char reason[64];
    int lo = 7, hi = 7, def = 7, v = 7, k = 7;
    size_t i;
    for (i = 0; i < sizeof bad_knobs / sizeof bad_knobs[0]; i++) {
        int b = bad_knobs[i];
        ck_assert_int_eq(canasta_knob_range(&lo, &hi, &def, b),
                         CANASTA_E_KNOB);
        ck_assert_int_eq(canasta_player_set(p, b, 0), CANASTA_E_KNOB);
        ck_assert_int_eq(canasta_player_get(&v, p, b), CANASTA_E_KNOB);
        ck_assert_ptr_null(canasta_knob_name(b));
    }
    ck_assert_int_eq(lo, 7);
    ck_assert_int_eq(v, 7);
    for (i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        ck_assert_int_eq(canasta_knob_from_name(&k, bad_names[i]),
                         CANASTA_E_KNOB);
        ck_assert_int_eq(k, 7);
    }
    ck_assert_str_eq(canasta_strerror(CANASTA_E_KNOB),
                     "unknown computer-player knob");
    ck_assert_str_eq(canasta_error_name(CANASTA_E_KNOB), "E_KNOB");

    /* NULL arguments */
    ck_assert_int_eq(canasta_player_create(NULL), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_create_with_allocator(NULL, NULL, NULL,
                     NULL), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_clone(NULL, p), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_clone(&q, NULL), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_set(NULL, CANASTA_KNOB_ASK, 0),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_get(NULL, p, CANASTA_KNOB_ASK),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_get(&v, NULL, CANASTA_KNOB_ASK),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_knob_range(NULL, &hi, &def, 1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_knob_range(&lo, NULL, &def, 1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_knob_range(&lo, &hi, NULL, 1), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_knob_from_name(NULL, "ask"), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_knob_from_name(&k, NULL), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_choose(NULL, p, g, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_choose(&m, NULL, g, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_choose(&m, p, NULL, 0), CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_hint(NULL, reason, sizeof reason, p, g),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_hint(&m, reason, sizeof reason, NULL, g),
                     CANASTA_E_NULL);
    ck_assert_int_eq(canasta_player_hint(&m, reason, sizeof reason, p, NULL),
                     CANASTA_E_NULL);
    /* reason is optional, whatever size comes with it (as every why) */
    ck_assert_int_eq(canasta_player_hint(&m, NULL, 8, p, g), CANASTA_OK);
    /* the unknown knob wins over the value, and nothing changed */
    ck_assert_int_eq(canasta_player_set(p, 0, 1000), CANASTA_E_KNOB);
    for (i = 0; i < PL_KNOBS; i++) {
        ck_assert_int_eq(canasta_player_get(&v, p, knob_table[i].knob),
                         CANASTA_OK);
        ck_assert_int_eq(v, knob_table[i].def);
    }
    canasta_player_free(NULL); /* a no-op */
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

typedef struct {
    long allocs, releases, live;
    int fail; /* refuse every allocation */
} counter;

static void *count_alloc(void *user, size_t size)
{
    counter *c = user;
    void *p;
    if (c->fail)
        return NULL;
    p = malloc(size);
    if (p) {
        c->allocs++;
        c->live++;
    }
    return p;
}

static void count_release(void *user, void *ptr)
{
    counter *c = user;
    if (ptr) {
        c->releases++;
        c->live--;
    }
    free(ptr);
}

/* clone copies every knob and the allocator; create_with_allocator uses
 * the allocator; a lone alloc or release is refused; a failing allocator
 * gives CANASTA_E_NOMEM. */
START_TEST(test_player_clone_and_allocator)
{
    counter c = { 0, 0, 0, 0 };
    canasta_player *p = (canasta_player *)&c, *q = NULL, *r = NULL;
    int i, v;
    ck_assert_int_eq(canasta_player_create_with_allocator(&p, count_alloc,
                     NULL, &c), CANASTA_E_ARG);
    ck_assert_ptr_null(p);
    p = (canasta_player *)&c;
    ck_assert_int_eq(canasta_player_create_with_allocator(&p, NULL,
                     count_release, &c), CANASTA_E_ARG);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(c.allocs, 0);

    ck_assert_int_eq(canasta_player_create_with_allocator(&p, count_alloc,
                     count_release, &c), CANASTA_OK);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(c.allocs, 1);
    for (i = 0; i < PL_KNOBS; i++) {
        ck_assert_int_eq(canasta_player_get(&v, p, knob_table[i].knob),
                         CANASTA_OK);
        ck_assert_int_eq(v, knob_table[i].def);
        ck_assert_int_eq(canasta_player_set(p, knob_table[i].knob,
                         knob_table[i].def == knob_table[i].max
                             ? knob_table[i].min : knob_table[i].max),
                         CANASTA_OK);
    }
    ck_assert_int_eq(canasta_player_clone(&q, p), CANASTA_OK);
    ck_assert_int_eq(c.allocs, 2); /* the clone uses the same allocator */
    for (i = 0; i < PL_KNOBS; i++) {
        int w;
        ck_assert_int_eq(canasta_player_get(&v, p, knob_table[i].knob),
                         CANASTA_OK);
        ck_assert_int_eq(canasta_player_get(&w, q, knob_table[i].knob),
                         CANASTA_OK);
        ck_assert_int_eq(v, w);
        ck_assert_int_ne(w, knob_table[i].def);
    }
    /* the clone is independent */
    ck_assert_int_eq(canasta_player_set(q, CANASTA_KNOB_PILE_SIZE, 42),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_player_get(&v, p, CANASTA_KNOB_PILE_SIZE),
                     CANASTA_OK);
    ck_assert_int_ne(v, 42);
    c.fail = 1;
    r = (canasta_player *)&c;
    ck_assert_int_eq(canasta_player_clone(&r, p), CANASTA_E_NOMEM);
    ck_assert_ptr_null(r);
    r = (canasta_player *)&c;
    ck_assert_int_eq(canasta_player_create_with_allocator(&r, count_alloc,
                     count_release, &c), CANASTA_E_NOMEM);
    ck_assert_ptr_null(r);
    c.fail = 0;
    canasta_player_free(q);
    canasta_player_free(p);
    ck_assert_int_eq(c.releases, 2);
    ck_assert_int_eq(c.live, 0);

    /* without an allocator: malloc; a clone of it works too */
    ck_assert_int_eq(canasta_player_create(&p), CANASTA_OK);
    ck_assert_int_eq(canasta_player_clone(&q, p), CANASTA_OK);
    canasta_player_free(p);
    canasta_player_free(q);
    ck_assert_int_eq(c.allocs, 2);
}
END_TEST

/* choose, hint and play allocate nothing (neither through the game's
 * allocator nor the player's), and refuse a finished game. */
START_TEST(test_player_choose_allocates_nothing)
{
    counter gc = { 0, 0, 0, 0 }, pc = { 0, 0, 0, 0 };
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    canasta_player *p = NULL;
    th_sm64 r;
    long ga, pa;
    int steps;
    r.state = 17;
    ck_assert_int_eq(canasta_rules_create_with_allocator(&rules,
                     CANASTA_PRESET_CLASSIC, count_alloc, count_release, &gc),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 1000),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_game_create(&g, rules, UINT64_C(99)),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_player_create_with_allocator(&p, count_alloc,
                     count_release, &pc), CANASTA_OK);
    ga = gc.allocs;
    pa = pc.allocs;
    for (steps = 0; th_phase(g) != CANASTA_PHASE_GAME_OVER; steps++) {
        canasta_move m, h;
        char reason[256];
        REQ(steps < 20000);
        uint64_t seed = th_sm64_next(&r);
        gc.fail = pc.fail = 1; /* any allocation would now fail */
        REQ(canasta_player_choose(&m, p, g, seed) == CANASTA_OK);
        REQ(canasta_player_hint(&h, reason, sizeof reason, p, g) ==
            CANASTA_OK);
        REQ(canasta_player_play(&h, p, g, seed) == CANASTA_OK);
        gc.fail = pc.fail = 0;
        REQ(gc.allocs == ga && pc.allocs == pa);
        REQ(same_move(&m, &h));
    }
    {
        canasta_move m;
        ck_assert_int_eq(canasta_player_choose(&m, p, g, 0),
                         CANASTA_E_GAME_OVER);
        ck_assert_int_eq(canasta_player_hint(&m, NULL, 0, p, g),
                         CANASTA_E_GAME_OVER);
        ck_assert_int_eq(canasta_player_play(&m, p, g, 0),
                         CANASTA_E_GAME_OVER);
    }
    canasta_player_free(p);
    canasta_game_free(g);
    canasta_rules_free(rules);
    ck_assert_int_eq(pc.live, 0);
    ck_assert_int_eq(gc.live, 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* What each knob changes (crafted deals; the dealer is seat 3, so     */
/* seat 0 moves first; seats 0 and 2 are side 0)                      */
/* ---------------------------------------------------------------- */

static void expect_kind(const canasta_move *m, int kind, const char *what)
{
    char t[CANASTA_MOVE_TEXT_MAX];
    ck_assert_msg(m->kind == kind, "%s: expected a move of kind %d, got %s",
                  what, kind, mtext(t, sizeof t, m));
}

/* The number of wild cards in a move's groups. */
static int move_wilds(const canasta_move *m)
{
    int g, i, n = 0;
    for (g = 0; g < m->ngroups; g++)
        for (i = 0; i < m->groups[g].count; i++)
            n += canasta_card_is_wild(m->groups[g].cards[i]) == 1;
    return n;
}

/* The legal moves of g that score the most for p (cn_score_move), into
 * top (which it empties first); returns their number. */
static size_t top_scored(th_movelist *top, const canasta_player *p,
                         const canasta_game *g)
{
    th_movelist ml = { NULL, 0, 0 };
    cn_facts f;
    long best = 0;
    size_t i;
    th_list_moves(&ml, g);
    REQ(ml.n > 0);
    cn_facts_init(&f, &g->st, p->knob);
    top->n = 0;
    for (i = 0; i < ml.n; i++) {
        long sc = cn_score_move(&f, &ml.v[i]);
        if (i > 0 && sc < best)
            continue;
        if (i == 0 || sc > best) {
            best = sc;
            top->n = 0;
        }
        if (top->n == top->cap) {
            top->cap = top->cap ? 2 * top->cap : 16;
            top->v = realloc(top->v, top->cap * sizeof top->v[0]);
            REQ(top->v != NULL);
        }
        top->v[top->n++] = ml.v[i];
    }
    free(ml.v);
    return top->n;
}

/* Whether m is one of the moves of l. */
static int move_in(const canasta_move *m, const th_movelist *l)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        if (same_move(m, &l->v[i]))
            return 1;
    return 0;
}

/* What a player would do here, with one knob set (the others default). */
static canasta_move choice_with(const canasta_game *g, int k, int value)
{
    canasta_player *p = player_with(k, value);
    canasta_move m = choose(p, g, 0);
    canasta_move again = choose(p, g, UINT64_C(0xFFFF));
    char a[CANASTA_MOVE_TEXT_MAX], b[CANASTA_MOVE_TEXT_MAX];
    th_movelist top = { NULL, 0, 0 };
    /* these positions have one best move, so no seed can matter (checked:
     * two seeds agreeing could be a tie broken alike by chance) */
    ck_assert_msg(top_scored(&top, p, g) == 1, "%s=%d: %zu moves score the "
                  "most", canasta_knob_name(k), value, top.n);
    ck_assert_msg(same_move(&m, &top.v[0]) && same_move(&again, &top.v[0]),
                  "%s=%d: the choices %s, %s are not the best move",
                  canasta_knob_name(k), value, mtext(a, sizeof a, &m),
                  mtext(b, sizeof b, &again));
    free(top.v);
    canasta_player_free(p);
    return m;
}

/* Take-pile deal: seat 0 discards a 9 onto the 6c upcard; seat 1 (side
 * 1, not opened) holds two 9s and three aces: the 2-card pile opens its
 * side.  Then seat 1 takes, discards Qs, seat 2 discards Jh, and seat 3
 * (side 1, now opened) holds two jacks against a 2-card pile. */
static canasta_game *take_pile_deal(void)
{
    canasta_game *g = th_deal("9h", "9c 9d Ac Ad As Qs", "Jh", "Jc Jd",
                              "6c", "5h 7s");
    th_do_draw(g, 0);
    th_do_discard(g, 0, "9h");
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_opened(g, 1), 0);
    return g;
}

static void take_pile_to_seat3(canasta_game *g)
{
    th_do_take(g, 1, "9c 9d | Ac Ad As");
    th_do_discard(g, 1, "Qs");
    th_do_draw(g, 2);
    th_do_discard(g, 2, "Jh");
    ck_assert_int_eq(th_seat(g), 3);
    ck_assert_int_eq(th_pile_size(g), 2);
    ck_assert_int_eq(th_opened(g, 1), 1);
    ck_assert_int_eq(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_MASK, 0);
}

START_TEST(test_O3_P5_knob_take_pile)
{
    canasta_game *g = take_pile_deal();
    canasta_move m;
    /* The pile opens the side: WORTHWHILE takes it although it holds
     * fewer cards than pile-size; ALWAYS too; WHEN_FORCED draws. */
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WORTHWHILE);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "worthwhile, opening");
    ck_assert_int_eq(m.groups[0].rank, 9);
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "always, opening");
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WHEN_FORCED);
    expect_kind(&m, CANASTA_MOVE_DRAW, "when forced, opening");
    /* The side has opened and the pile holds 2 cards. */
    take_pile_to_seat3(g);
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WORTHWHILE);
    expect_kind(&m, CANASTA_MOVE_DRAW, "worthwhile, pile-size 3, 2 cards");
    m = choice_with(g, CANASTA_KNOB_PILE_SIZE, 2);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "worthwhile, pile-size 2");
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "always, 2 cards");
    ck_assert_int_eq(m.groups[0].rank, 11);
    ck_assert_int_eq(m.groups[0].count, 2);
    th_expect_valid(g, &m);
    m = choice_with(g, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_WHEN_FORCED);
    expect_kind(&m, CANASTA_MOVE_DRAW, "when forced, 2 cards");
    canasta_game_free(g);
}
END_TEST

/* Seat 0 opens with six kings and holds a two: FINISH adds it (a mixed
 * canasta), SAVE keeps it and discards a natural.  After the draw (the
 * 4h) and the meld the hand is 2c 4h 5h 6d 8s 9c: no natural meld, and
 * under SAVE no meld with the two either (PLAYER.md).  The discards
 * score by the default SAFE rule: the pile is the upcard alone and seat 1
 * has no meld, so nothing is "careful"; a single card gets 30, a wild
 * card 1.  So 4h, 5h and 6d (5 points: 200 - 2 * 5 + 30 = 220) tie at
 * the top, above 8s and 9c (10 points: 210): SAVE's choice is one of the
 * three, which of them the seed decides, and every one keeps the two.
 * Under FINISH the two completing the kings (1600 - 10) is the one best
 * move, above any discard (430 at most). */
START_TEST(test_M5_knob_wild_cards)
{
    static const char *const fives[3] = { "4h", "5h", "6d" };
    canasta_game *g = th_deal("Kc Kd Kh Ks Kc Kd 2c 5h 6d 8s 9c", NULL, NULL,
                              NULL, "6c", "4h");
    canasta_player *save = player_with(CANASTA_KNOB_WILD_CARDS,
                                       CANASTA_WILDS_SAVE);
    th_movelist top = { NULL, 0, 0 };
    canasta_move m;
    char text[CANASTA_MOVE_TEXT_MAX];
    int nat = -1, mixed = -1, picked[3] = { 0, 0, 0 }, i;
    uint64_t seed;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd");
    ck_assert_int_eq(th_hand_size(g, 0), 6);
    ck_assert_int_eq(th_count_in_hand(g, 0, "2c"), 1);
    /* SAVE: the best-scored moves are the three discards reasoned above */
    ck_assert_int_eq(top_scored(&top, save, g), 3);
    for (i = 0; i < 3; i++) {
        canasta_move d;
        th_discard(&d, 0, fives[i]);
        ck_assert_msg(move_in(&d, &top), "SAVE: %s is not a best move",
                      fives[i]);
    }
    /* whatever the seed, the choice is one of them: a natural card
     * discarded, the two kept; over 64 seeds each of the three is
     * chosen (a tie broken by the seed, not by the list's order) */
    for (seed = 0; seed < 64; seed++) {
        m = choose(save, g, seed * UINT64_C(0x9E3779B97F4A7C15));
        expect_kind(&m, CANASTA_MOVE_DISCARD, "save");
        ck_assert_int_eq(canasta_card_is_wild(m.card), 0);
        ck_assert_msg(move_in(&m, &top), "SAVE, seed %llu: %s is not a best "
                      "move", (unsigned long long)seed,
                      mtext(text, sizeof text, &m));
        for (i = 0; i < 3; i++)
            picked[i] += m.card == card_of(fives[i]);
    }
    for (i = 0; i < 3; i++)
        ck_assert_msg(picked[i] > 0, "SAVE: %s never chosen", fives[i]);
    canasta_player_free(save);
    /* FINISH: one best move, whatever the seed (choice_with) */
    m = choice_with(g, CANASTA_KNOB_WILD_CARDS, CANASTA_WILDS_FINISH);
    expect_kind(&m, CANASTA_MOVE_MELD, "finish");
    ck_assert_int_eq(m.ngroups, 1);
    ck_assert_int_eq(m.groups[0].rank, 13);
    ck_assert_int_eq(m.groups[0].count, 1);
    ck_assert_int_eq(m.groups[0].cards[0], card_of("2c"));
    th_ok(g, &m);
    ck_assert_int_eq(canasta_game_canastas(&nat, &mixed, g, 0), CANASTA_OK);
    ck_assert_int_eq(nat, 0);
    ck_assert_int_eq(mixed, 1);
    free(top.v);
    canasta_game_free(g);
}
END_TEST

/* Seat 0 can go out on its first turn (seven 8s, three 9s and a two;
 * whatever it draws is the discard). */
#define OUT_HAND "8c 8d 8h 8s 8c 8d 8h 9c 9d 9h 2d"

/* Let p play seat's decisions until the decision is another seat's;
 * returns the number of moves. */
static int play_turn(canasta_game *g, const canasta_player *p, int seat)
{
    int n = 0;
    while (in_play(g) && th_seat(g) == seat) {
        ck_assert_int_lt(n, 20);
        play_choice(g, p, 0);
        n++;
    }
    return n;
}

START_TEST(test_G1_G3_knob_go_out)
{
    canasta_player *p = player_with(CANASTA_KNOB_ASK, 0);
    canasta_game *g = th_deal(OUT_HAND, NULL, NULL, NULL, "6c", "Kc");
    int nat = -1, mixed = -1, how = -1, seat = -1;
    /* go-out 0: out at the first chance (G3: concealed) */
    th_do_draw(g, 0);
    play_turn(g, p, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &seat, g), CANASTA_OK);
    ck_assert_int_eq(seat, 0);
    ck_assert_int_eq(how, CANASTA_END_CONCEALED);
    canasta_game_free(g);

    /* go-out 2: with one canasta and a long stock it keeps playing */
    knob(p, CANASTA_KNOB_GO_OUT, 2);
    g = th_deal(OUT_HAND, NULL, NULL, NULL, "6c", "Kc");
    th_do_draw(g, 0);
    play_turn(g, p, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_ge(th_hand_size(g, 0), 1);
    ck_assert_int_eq(canasta_game_canastas(&nat, &mixed, g, 0), CANASTA_OK);
    ck_assert_int_eq(nat + mixed, 1);
    canasta_game_free(g);

    /* go-out 2, but the stock is nearly gone: it goes out.  (Every seat
     * draws and discards the card it drew until 7 cards are left, so
     * seat 0's hand is unchanged; seat 1 was dealt all four red threes,
     * so none is drawn, and after 52 turns it is seat 0's turn again.) */
    g = th_deal(OUT_HAND, "3d 3d 3h 3h", NULL, NULL, "6c", "Kc");
    th_drain_stock(g, 7);
    ck_assert_int_eq(th_seat(g), 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    th_do_draw(g, 0);
    play_turn(g, p, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &seat, g), CANASTA_OK);
    ck_assert_int_eq(seat, 0);
    canasta_game_free(g);
    canasta_player_free(p);
}
END_TEST

/* Seat 0 has opened (kings, aces) and holds two queens and a joker:
 * keep-pairs 0 melds them, keep-pairs 1 keeps them (and discards). */
START_TEST(test_M1_knob_keep_pairs)
{
    canasta_game *g = th_deal("Kc Kd Kh Ac Ad As Qc Qd Jk 9h 5s", NULL, NULL,
                              NULL, "6c", "Js");
    canasta_move m;
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh | Ac Ad As");
    m = choice_with(g, CANASTA_KNOB_KEEP_PAIRS, 0);
    expect_kind(&m, CANASTA_MOVE_MELD, "keep-pairs 0");
    ck_assert_int_eq(m.ngroups, 1);
    ck_assert_int_eq(m.groups[0].rank, 12);
    ck_assert_int_eq(m.groups[0].count, 3);
    ck_assert_int_eq(move_wilds(&m), 1);
    m = choice_with(g, CANASTA_KNOB_KEEP_PAIRS, 1);
    expect_kind(&m, CANASTA_MOVE_DISCARD, "keep-pairs 1");
    ck_assert_int_eq(m.card, card_of("5s")); /* the lowest single */
    canasta_game_free(g);
}
END_TEST

/* Seat 0 holds two black threes, a single 4, a single ace, pairs and
 * single court cards, and can meld nothing. */
START_TEST(test_P2_knob_discard)
{
    canasta_game *g = th_deal("3c 3s 4h 8s 8h 9c 9d Jh Qs Kc Ah", NULL, NULL,
                              NULL, "6c", "10d");
    canasta_move m;
    th_do_draw(g, 0);
    m = choice_with(g, CANASTA_KNOB_DISCARD, CANASTA_DISCARD_SAFE);
    expect_kind(&m, CANASTA_MOVE_DISCARD, "safe");
    ck_assert_int_eq(canasta_card_rank(m.card), 3); /* a black three */
    m = choice_with(g, CANASTA_KNOB_DISCARD, CANASTA_DISCARD_LOW);
    expect_kind(&m, CANASTA_MOVE_DISCARD, "low");
    ck_assert_int_eq(m.card, card_of("4h"));
    m = choice_with(g, CANASTA_KNOB_DISCARD, CANASTA_DISCARD_HIGH);
    expect_kind(&m, CANASTA_MOVE_DISCARD, "high");
    ck_assert_int_eq(m.card, card_of("Ah"));
    canasta_game_free(g);
}
END_TEST

/* P5 and SAFE: seat 1 (the next player, an opponent) has melded kings
 * and the pile is not frozen against it; seat 0 holds a single king and
 * a single queen (equal in value) and pairs or sets of the rest.  SAFE
 * always keeps the king; LOW and HIGH see the two as equal, and some
 * seed has them throw the king. */
START_TEST(test_P5_knob_discard_safe_keeps_the_next_sides_rank)
{
    canasta_game *g = th_deal("Kd Qd 5c 5d 6c 6d 7c 7d 9c 9d 9h",
                              "Kc Kh Ks Ac Ad As", NULL, NULL, "4c",
                              "Jd 8h 8s 8d 5h");
    canasta_player *p = new_player();
    int policy, kings;
    uint64_t seed;
    th_pass_turn(g, 0, "Jd");
    th_do_draw(g, 1);
    th_do_meld(g, 1, "Kc Kh Ks | Ac Ad As");
    th_do_discard(g, 1, "8h");
    th_pass_turn(g, 2, "8s");
    th_pass_turn(g, 3, "8d");
    th_do_draw(g, 0);
    ck_assert_int_eq(th_pile_size(g), 5);
    ck_assert_int_eq(th_pile_status(g, 1) & CANASTA_PILE_FROZEN_MASK, 0);
    for (policy = CANASTA_DISCARD_SAFE; policy <= CANASTA_DISCARD_HIGH;
         policy++) {
        knob(p, CANASTA_KNOB_DISCARD, policy);
        kings = 0;
        for (seed = 0; seed < 32; seed++) {
            canasta_move m = choose(p, g, seed);
            expect_kind(&m, CANASTA_MOVE_DISCARD, "discard");
            ck_assert_msg(m.card == card_of("Kd") || m.card == card_of("Qd"),
                          "policy %d threw card %d", policy, m.card);
            kings += m.card == card_of("Kd");
        }
        if (policy == CANASTA_DISCARD_SAFE)
            ck_assert_int_eq(kings, 0);
        else
            ck_assert_int_gt(kings, 0);
    }
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

/* Partners' hands for the answer: 55 points, and 230 points. */
#define LOW_HAND "4c 4d 5c 5d 6c 6d 7c 7d 4h 5h 6h"
#define HIGH_HAND "Jk Jk Ac Ad Ah As Kd Kh Qc Qd Qh"

/* G4: ask=1 asks before going out when the rules allow it; ask=0, or
 * asking switched off, or a player that does not want out yet, does
 * not ask. */
START_TEST(test_G4_knob_ask)
{
    canasta_game *g = th_deal(OUT_HAND, NULL, LOW_HAND, NULL, "6c", "Kc");
    canasta_rules *rules = NULL;
    const char *hands[4] = { OUT_HAND, NULL, LOW_HAND, NULL };
    canasta_move m;
    th_do_draw(g, 0);
    m = choice_with(g, CANASTA_KNOB_ASK, 1);
    expect_kind(&m, CANASTA_MOVE_ASK, "ask 1");
    m = choice_with(g, CANASTA_KNOB_ASK, 0);
    expect_kind(&m, CANASTA_MOVE_MELD, "ask 0");
    m = choice_with(g, CANASTA_KNOB_GO_OUT, 2);
    ck_assert_int_ne(m.kind, CANASTA_MOVE_ASK);
    canasta_game_free(g);

    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_rules_set(rules, CANASTA_OPT_ASK_PERMISSION, 0),
                     CANASTA_OK);
    g = th_game(rules, 3, hands, "6c", "Kc");
    th_do_draw(g, 0);
    m = choice_with(g, CANASTA_KNOB_ASK, 1);
    expect_kind(&m, CANASTA_MOVE_MELD, "ask 1, asking switched off");
    canasta_game_free(g);
    canasta_rules_free(rules);
}
END_TEST

/* G4: the partner holding few points says yes (and the asker then goes
 * out); holding many, no (and the asker plays on). */
START_TEST(test_G4_partner_answers_by_points)
{
    canasta_player *p = new_player();
    canasta_game *g = th_deal(OUT_HAND, NULL, LOW_HAND, NULL, "6c", "Kc");
    canasta_move m;
    char reason[256];
    int how = -1, seat = -1;
    ck_assert_int_eq(th_held_value(g, 2), 55);
    th_do_draw(g, 0);
    m = play_choice(g, p, 0);
    expect_kind(&m, CANASTA_MOVE_ASK, "asker");
    ck_assert_int_eq(th_seat(g), 2);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_ANSWER);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_ANSWER_YES, "partner with 55 points");
    ck_assert_msg(starts_with(reason, "Say yes"), "reason: %s", reason);
    ck_assert_msg(strstr(reason, "55") != NULL, "reason: %s", reason);
    th_ok(g, &m);
    play_turn(g, p, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    ck_assert_int_eq(canasta_game_hand_end(&how, &seat, g), CANASTA_OK);
    ck_assert_int_eq(seat, 0);
    canasta_game_free(g);

    g = th_deal(OUT_HAND, NULL, HIGH_HAND, NULL, "6c", "Kc");
    ck_assert_int_eq(th_held_value(g, 2), 230);
    th_do_draw(g, 0);
    m = play_choice(g, p, 0);
    expect_kind(&m, CANASTA_MOVE_ASK, "asker");
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_ANSWER_NO, "partner with 230 points");
    ck_assert_msg(starts_with(reason, "Say no"), "reason: %s", reason);
    ck_assert_msg(strstr(reason, "230") != NULL, "reason: %s", reason);
    th_ok(g, &m);
    play_turn(g, p, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_seat(g), 1);
    ck_assert_int_ge(th_hand_size(g, 0), 1);
    canasta_game_free(g);
    canasta_player_free(p);
}
END_TEST

/* ---------------------------------------------------------------- */
/* A2: hints                                                          */
/* ---------------------------------------------------------------- */

/* The reason's opening words for the move m in game g (before m). */
static int reason_fits(const char *reason, const canasta_game *g,
                       const canasta_move *m)
{
    size_t n = strlen(reason);
    if (n < 2 || reason[n - 1] != '.' || strchr(reason, '\n') ||
        strchr(reason, '?'))
        return 0;
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        return starts_with(reason, "Draw");
    case CANASTA_MOVE_TAKE_PILE: {
        /* A take that leaves one card or none in the hand goes out (G1),
         * and the reason says so instead of the pile's size: played on a
         * copy, the taker's hand tells which. */
        char holds[64];
        int pile = th_pile_size(g), after;
        canasta_game *copy = NULL;
        REQ(canasta_game_clone(&copy, g) == CANASTA_OK);
        apply_ok(copy, m);
        after = th_hand_size(copy, m->seat);
        canasta_game_free(copy);
        if (after <= 1)
            return starts_with(reason, "Take the pile") &&
                   ends_with(reason, " you go out.") &&
                   strstr(reason, "it holds") == NULL;
        snprintf(holds, sizeof holds, "it holds %d card%s.", pile,
                 pile == 1 ? "" : "s");
        return starts_with(reason, "Take the pile") &&
               strstr(reason, holds) != NULL;
    }
    case CANASTA_MOVE_MELD: {
        int side = th_seat_side(g, m->seat), opened = -1, nat = 0, tw = 0, jk = 0;
        REQ(canasta_game_opened(&opened, g, side) == CANASTA_OK);
        if (!opened)
            return starts_with(reason, "Open");
        REQ(canasta_game_meld(&nat, &tw, &jk, g, side, m->groups[0].rank) ==
            CANASTA_OK);
        return starts_with(reason, nat + tw + jk ? "Add" : "Meld");
    }
    case CANASTA_MOVE_DISCARD:
        return starts_with(reason, "Discard");
    case CANASTA_MOVE_ASK:
        return starts_with(reason, "Ask");
    case CANASTA_MOVE_ANSWER_YES:
        return starts_with(reason, "Say yes");
    case CANASTA_MOVE_ANSWER_NO:
        return starts_with(reason, "Say no");
    case CANASTA_MOVE_DECLINE:
        return starts_with(reason, "Decline");
    case CANASTA_MOVE_NEXT_HAND:
        return starts_with(reason, "Deal");
    default:
        return 0;
    }
}

/* Games of every preset played by several styles: at every decision the
 * hint's move is the choice with seed 0 and its reason is one sentence
 * that starts with the move's verb; every kind of move is hinted at
 * some point (but DECLINE: these players rarely let the stock run out;
 * test_A2_hint_verbs has one). */
START_TEST(test_A2_hint_matches_choice_and_move)
{
    canasta_player *styles[4];
    int ns = make_styles(styles), i, seen[CANASTA_MOVE_NEXT_HAND + 1];
    long hints = 0;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < N_PRESETS; i++) {
        int k;
        for (k = 0; k < 2; k++) {
            canasta_game *g = preset_game(all_presets[i],
                                          UINT64_C(31) + (uint64_t)(i * 5 + k),
                                          2000);
            int steps, hand = 0;
            for (steps = 0; th_phase(g) != CANASTA_PHASE_GAME_OVER; steps++) {
                const canasta_player *p =
                    styles[(th_seat(g) + hand + k) % ns];
                char reason[CANASTA_HINT_TEXT_MAX + 64];
                char text[CANASTA_MOVE_TEXT_MAX];
                canasta_move m = hint(reason, sizeof reason, p, g);
                canasta_move c = choose(p, g, 0);
                REQ(steps < 40000);
                REQ(strlen(reason) < CANASTA_HINT_TEXT_MAX); /* the header */
                REQ_MSG(same_move(&m, &c), "hint %s is not the choice %s",
                        mtext(text, sizeof text, &m), reason);
                REQ_MSG(reason_fits(reason, g, &m), "move %s, reason \"%s\"",
                        mtext(text, sizeof text, &m), reason);
                REQ(m.kind <= CANASTA_MOVE_NEXT_HAND);
                seen[m.kind]++;
                hints++;
                apply_ok(g, &m);
                hand += m.kind == CANASTA_MOVE_NEXT_HAND;
            }
            canasta_game_free(g);
        }
    }
    for (i = CANASTA_MOVE_DRAW; i <= CANASTA_MOVE_NEXT_HAND; i++)
        ck_assert_msg(seen[i] > 0 || i == CANASTA_MOVE_DECLINE, "no hint for a move of kind %d in %ld",
                      i, hints);
    free_styles(styles, ns);
}
END_TEST

/* A pile take names the pile's size (and the cards used). */
START_TEST(test_A2_hint_take_names_pile_size)
{
    canasta_game *g = take_pile_deal();
    canasta_player *p = new_player();
    canasta_move m;
    char reason[256];
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "opening take");
    ck_assert_msg(starts_with(reason, "Take the pile: "), "%s", reason);
    ck_assert_msg(strstr(reason, "holds 2 cards.") != NULL, "%s", reason);
    ck_assert_msg(strstr(reason, "two 9s") != NULL, "%s", reason);
    ck_assert_msg(strstr(reason, "opens your side") != NULL, "%s", reason);
    take_pile_to_seat3(g);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_DRAW, "draw");
    ck_assert_msg(starts_with(reason, "Draw from the stock"), "%s", reason);
    ck_assert_msg(strstr(reason, "2 cards") != NULL, "%s", reason);
    knob(p, CANASTA_KNOB_TAKE_PILE, CANASTA_TAKE_ALWAYS);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "take");
    ck_assert_msg(starts_with(reason, "Take the pile: your two jacks"),
                  "%s", reason);
    ck_assert_msg(strstr(reason, "holds 2 cards.") != NULL, "%s", reason);
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

/* A2, G1: a pile take that goes out says so, not the pile's size, and
 * reason_fits judges it by playing it.  Seat 0 (not opened) holds six
 * 5s, the four black threes and a 9 over the 5h alone: the take melding
 * the 5s and the threes reaches the minimum (55) and leaves the 9 to
 * discard (test_legal_moves.c's position), and an unopened side's take
 * scores above the draw (PLAYER.md). */
START_TEST(test_A2_hint_take_going_out)
{
    canasta_game *g = th_deal("5c 5d 5h 5s 5c 5d 3s 3c 3s 3c 9h", NULL,
                              NULL, NULL, "5h", "Kd");
    canasta_player *p = new_player();
    canasta_move m;
    char reason[256], wrong[300];
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "going-out take");
    ck_assert_msg(strstr(reason, "you go out.") != NULL, "%s", reason);
    ck_assert_msg(reason_fits(reason, g, &m), "%s", reason);
    /* the nearest wrong reason, the size of a pile it does not keep */
    ck_assert(strlen(reason) > 1);
    snprintf(wrong, sizeof wrong, "%.*s, and it holds 1 card.",
             (int)(strlen(reason) - 1), reason);
    ck_assert_msg(!reason_fits(wrong, g, &m), "%s", wrong);
    canasta_player_free(p);
    canasta_game_free(g);
    /* and a take that does not go out is judged by the pile's size */
    g = take_pile_deal();
    p = new_player();
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_TAKE_PILE, "opening take");
    ck_assert_msg(reason_fits(reason, g, &m), "%s", reason);
    snprintf(wrong, sizeof wrong, "Take the pile: and with it you go out.");
    ck_assert_msg(!reason_fits(wrong, g, &m), "%s", wrong);
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

/* Discard, open, decline and deal: the verbs on crafted positions. */
START_TEST(test_A2_hint_verbs)
{
    canasta_player *p = new_player();
    canasta_game *g = th_deal("3c 3s 4h 8s 8h 9c 9d Jh Qs Kc Ah", NULL, NULL,
                              NULL, "6c", "10d");
    canasta_move m;
    char reason[256];
    th_do_draw(g, 0);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_DISCARD, "discard");
    ck_assert_msg(starts_with(reason, "Discard the black 3"), "%s", reason);
    canasta_game_free(g);

    g = th_deal("Kc Kd Kh Ac Ad As Qc Qd Jk 5h 7s", NULL, NULL, NULL, "6c",
                "4d");
    th_do_draw(g, 0);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_MELD, "opening");
    ck_assert_msg(starts_with(reason, "Open with "), "%s", reason);
    ck_assert_msg(strstr(reason, "50") != NULL, "%s", reason);
    canasta_game_free(g);

    /* The stock runs out (no red three in it: seat 1 was dealt all
     * four); the last discard is a wild card, so the pile is blocked. */
    g = th_deal(NULL, "3d 3d 3h 3h", NULL, NULL, "6c", NULL);
    th_drain_stock(g, 0);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
    ck_assert_int_eq(th_stock_size(g), 0);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_DECLINE, "decline");
    ck_assert_msg(starts_with(reason, "Decline"), "%s", reason);
    th_ok(g, &m);
    ck_assert_int_eq(th_phase(g), CANASTA_PHASE_HAND_OVER);
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_NEXT_HAND, "next hand");
    ck_assert_str_eq(reason, "Deal the next hand.");
    canasta_game_free(g);
    canasta_player_free(p);
}
END_TEST

/* The reason is truncated to its buffer and always NUL-terminated;
 * reason NULL with size 0 gives the same move. */
START_TEST(test_A2_hint_truncation)
{
    canasta_player *p = new_player();
    canasta_game *g = take_pile_deal();
    canasta_move full_m, m;
    char full[512], small[16];
    size_t size;
    full_m = hint(full, sizeof full, p, g);
    ck_assert_uint_gt(strlen(full), sizeof small);
    for (size = 1; size <= sizeof small; size++) {
        memset(small, 'x', sizeof small);
        m = hint(small, size, p, g);
        ck_assert(same_move(&m, &full_m));
        ck_assert_uint_eq(strlen(small), size - 1);
        ck_assert(strncmp(small, full, size - 1) == 0);
        if (size < sizeof small)
            ck_assert_int_eq(small[size], 'x'); /* nothing written past */
    }
    ck_assert_int_eq(canasta_player_hint(&m, NULL, 0, p, g), CANASTA_OK);
    ck_assert(same_move(&m, &full_m));
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(canasta_player_hint(&m, small, 0, p, g), CANASTA_OK);
    ck_assert_int_eq(small[0], 'x'); /* size 0: not touched */
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

/* A2: a hint to add only a wild card to a meld (test_M5_knob_wild_cards's
 * position) reads as a sentence: it names the wild card, not "your no
 * kings". */
START_TEST(test_A2_hint_adding_a_wild_card_reads_well)
{
    canasta_game *g = th_deal("Kc Kd Kh Ks Kc Kd 2c 5h 6d 8s 9c", NULL, NULL,
                              NULL, "6c", "4h");
    canasta_player *p = new_player();
    canasta_move m;
    char reason[256];
    th_do_draw(g, 0);
    th_do_meld(g, 0, "Kc Kd Kh Ks Kc Kd");
    m = hint(reason, sizeof reason, p, g);
    expect_kind(&m, CANASTA_MOVE_MELD, "finish");
    ck_assert_msg(starts_with(reason, "Add "), "%s", reason);
    ck_assert_msg(strstr(reason, "canasta of kings") != NULL, "%s", reason);
    ck_assert_msg(strstr(reason, "wild card") != NULL, "%s", reason);
    ck_assert_msg(strstr(reason, " no ") == NULL,
                  "the reason says \"no\" for zero natural cards: %s", reason);
    canasta_player_free(p);
    canasta_game_free(g);
}
END_TEST

/* A2: when the hint throws a wild card (the safest discard when every
 * natural card would let the next side take the pile), the reason does
 * not speak of a meld of twos or jokers, which no side can have (M1).
 * The position is found by playing default players from fixed seeds. */
START_TEST(test_A2_hint_for_a_wild_discard_reads_well)
{
    canasta_player *p = new_player();
    int found = 0, k;
    for (k = 0; k < 200 && !found; k++) {
        canasta_game *g = preset_game(CANASTA_PRESET_CLASSIC,
                                      UINT64_C(500) + (uint64_t)k, 0);
        int steps;
        for (steps = 0; steps < 3000 && !found &&
             th_phase(g) != CANASTA_PHASE_GAME_OVER; steps++) {
            char reason[512];
            canasta_move m = hint(reason, sizeof reason, p, g);
            int seat = th_seat(g), next_side, hn = 0;
            if (m.kind == CANASTA_MOVE_DISCARD &&
                canasta_card_is_wild(m.card) == 1) {
                REQ(canasta_game_hand_size(&hn, g, seat) == CANASTA_OK);
                next_side = th_seat_side(g, (seat + 1) % th_option(g, CANASTA_OPT_PLAYERS));
                if (hn > 1 && next_side != th_seat_side(g, seat)) {
                    found = 1;
                    ck_assert_msg(strstr(reason, "of twos") == NULL &&
                                  strstr(reason, "of jokers") == NULL,
                                  "game %d, move %d: %s", k, steps, reason);
                }
            }
            apply_ok(g, &m);
        }
        canasta_game_free(g);
    }
    ck_assert_msg(found, "no wild discard hinted in 200 games");
    canasta_player_free(p);
}
END_TEST

/* P2: the decision scores every discard of a hand at once
 * (cn_best_discards; with SSE2 in 16-bit lanes, cn_discard_lanes).  Each
 * kind's score must be cn_discard_score's, under every discard knob, with
 * every count a hand and a side's melds can hold, and the best and the
 * kinds tied at it must be those a kind-by-kind pass finds. */
START_TEST(test_P2_discard_scores_of_all_kinds_at_once)
{
    th_sm64 r;
    r.state = 19;
    for (int round = 0; round < 20000; round++) {
        uint8_t nat[16], size[16];
        int32_t knobs[CN_KNOBS] = { 0 };
        cn_facts f;
        memset(&f, 0, sizeof f);
        for (int d = 0; d < 16; d++) {
            nat[d] = (uint8_t)th_sm64_below(&r, round % 3 ? 5 : 13);
            size[d] = (uint8_t)(th_sm64_below(&r, 3) ? 0
                                : th_sm64_below(&r, 20));
        }
        knobs[CANASTA_KNOB_DISCARD - 1] = (int)th_sm64_below(&r, 3);
        f.knob = knobs;
        f.nat = nat;
        f.meld_size = size;
        f.next_takes = (uint32_t)th_sm64_next(&r) & 0x7FF0u;
        f.careful = th_sm64_below(&r, 2) ? 20 : 0;
        int16_t all[16];
        cn_discard_scores16(all, &f);
        for (int d = 2; d < 16; d++)
            REQ_MSG(all[d] == cn_discard_score(&f, d), "kind %d under "
                    "discard knob %d: %d at once, %ld alone", d,
                    knobs[CANASTA_KNOB_DISCARD - 1], all[d],
                    cn_discard_score(&f, d));
        uint32_t kinds = (uint32_t)th_sm64_next(&r) & 0xFFFCu, top = 0;
        if (round % 5 == 0) /* a few kinds: more ties */
            kinds &= (uint32_t)th_sm64_next(&r);
        long want = 0;
        uint32_t want_top = 0;
        for (int d = 2; d < 16; d++) {
            if (!(kinds >> d & 1))
                continue;
            const long s = cn_discard_score(&f, d);
            if (s > want) {
                want = s;
                want_top = 0;
            }
            if (s == want)
                want_top |= 1u << d;
        }
        const long best = cn_best_discards(&top, &f, kinds);
        REQ_MSG(best == want && top == want_top, "kinds %#x: best %ld at "
                "%#x, not %ld at %#x", kinds, best, top, want, want_top);
    }
    /* One hand by hand: SAFE, nothing melded, no pile worth having.  A
     * lone 4 is 200 - 10 + 30 = 220, a pair of kings' card 200 - 20 - 10
     * = 170, a lone black three 400 + 30 = 430 (the most any discard
     * scores), a two 1. */
    {
        uint8_t nat[16] = { 0 }, size[16] = { 0 };
        int32_t knobs[CN_KNOBS] = { 0 };
        cn_facts f;
        uint32_t top;
        memset(&f, 0, sizeof f);
        knobs[CANASTA_KNOB_DISCARD - 1] = CANASTA_DISCARD_SAFE;
        f.knob = knobs;
        f.nat = nat;
        f.meld_size = size;
        nat[4] = 1;
        nat[13] = 2;
        nat[2] = 1;
        ck_assert_int_eq(cn_best_discards(&top, &f, 1u << 4 | 1u << 13 |
                                                     1u << 2), 220);
        ck_assert_uint_eq(top, 1u << 4);
        nat[3] = 1;
        ck_assert_int_eq(cn_best_discards(&top, &f, 1u << 3 | 1u << 4),
                         CN_DISCARD_MAX);
        ck_assert_uint_eq(top, 1u << 3);
        ck_assert_int_eq(cn_best_discards(&top, &f, 1u << 13 | 1u << 2),
                         170);
        ck_assert_uint_eq(top, 1u << 13);
        nat[5] = 1; /* a lone 5 ties with the lone 4 */
        ck_assert_int_eq(cn_best_discards(&top, &f, 1u << 4 | 1u << 5), 220);
        ck_assert_uint_eq(top, 1u << 4 | 1u << 5);
        ck_assert_int_eq(cn_best_discards(&top, &f, 1u << 2), 1);
        ck_assert_uint_eq(top, 1u << 2);
    }
}
END_TEST

Suite *suite_player(void)
{
    Suite *s = suite_create("player");
    TCase *a1 = tcase_create("A1_hidden_cards");
    TCase *games = tcase_create("games");
    TCase *api = tcase_create("knob_api");
    TCase *knobs = tcase_create("knobs");
    TCase *a2 = tcase_create("A2_hints");
    tcase_set_timeout(a1, 120);
    tcase_set_timeout(games, 120);
    tcase_set_timeout(a2, 60);
    tcase_set_timeout(api, 60);
    tcase_set_timeout(knobs, 60);
    tcase_add_test(a1, test_A1_player_never_reads_hidden_cards);
    tcase_add_test(a1, test_A1_hidden_card_check_catches_a_leak);
    tcase_add_test(games, test_player_games_finish_with_legal_moves);
    tcase_add_test(games, test_player_play_is_choose_then_apply);
    tcase_add_test(games, test_player_choice_is_the_best_scored_move);
    tcase_add_test(api, test_knob_ranges_defaults_and_names);
    tcase_add_test(api, test_knob_errors);
    tcase_add_test(api, test_player_clone_and_allocator);
    tcase_add_test(api, test_player_choose_allocates_nothing);
    tcase_add_test(knobs, test_O3_P5_knob_take_pile);
    tcase_add_test(knobs, test_M5_knob_wild_cards);
    tcase_add_test(knobs, test_G1_G3_knob_go_out);
    tcase_add_test(knobs, test_M1_knob_keep_pairs);
    tcase_add_test(knobs, test_P2_knob_discard);
    tcase_add_test(knobs, test_P2_discard_scores_of_all_kinds_at_once);
    tcase_add_test(knobs, test_P5_knob_discard_safe_keeps_the_next_sides_rank);
    tcase_add_test(knobs, test_G4_knob_ask);
    tcase_add_test(knobs, test_G4_partner_answers_by_points);
    tcase_add_test(a2, test_A2_hint_matches_choice_and_move);
    tcase_add_test(a2, test_A2_hint_take_names_pile_size);
    tcase_add_test(a2, test_A2_hint_take_going_out);
    tcase_add_test(a2, test_A2_hint_verbs);
    tcase_add_test(a2, test_A2_hint_truncation);
    tcase_add_test(a2, test_A2_hint_adding_a_wild_card_reads_well);
    tcase_add_test(a2, test_A2_hint_for_a_wild_discard_reads_well);
    suite_add_tcase(s, a1);
    suite_add_tcase(s, games);
    suite_add_tcase(s, api);
    suite_add_tcase(s, knobs);
    suite_add_tcase(s, a2);
    return s;
}
