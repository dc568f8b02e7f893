/* helpers.c - building crafted games and moves for the tests (helpers.h). */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "internal.h"

size_t th_cards(uint8_t *out, size_t cap, const char *text)
{
    size_t n = 0;
    char tok[16];
    const char *p = text ? text : "";
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t k = 0;
        while (p[k] && p[k] != ' ' && k < sizeof tok - 1) {
            tok[k] = p[k];
            k++;
        }
        tok[k] = '\0';
        p += k;
        int c;
        ck_assert_msg(canasta_card_from_string(&c, tok, (size_t)-1) == CANASTA_OK,
                      "test helper: '%s' is not a card", tok);
        ck_assert_msg(n < cap, "test helper: too many cards in '%s'", text);
        out[n++] = (uint8_t)c;
    }
    return n;
}

/* Filler order: plain naturals 4..K first (no aces so crafted melds stay
 * predictable), then aces, then black threes, twos, jokers, red threes. */
static int filler_class(int c)
{
    int r = c >> 2;
    if (r >= 4 && r <= 13) return 0;
    if (r == 14) return 1;
    if (c == 12 || c == 15) return 2;
    if (r == 2) return 3;
    if (c == CANASTA_JOKER) return 4;
    return 5; /* red threes */
}

static int take_filler(uint8_t left[CANASTA_CARD_LIMIT], int *cursor)
{
    for (int cls = 0; cls <= 5; cls++) {
        for (int i = 0; i < CANASTA_CARD_LIMIT; i++) {
            /* spread filler over ranks: start from a moving cursor */
            int c = (i + *cursor) % CANASTA_CARD_LIMIT;
            if (left[c] && filler_class(c) == cls) {
                left[c]--;
                *cursor = c + 4;
                return c;
            }
        }
    }
    ck_abort_msg("test helper: deck exhausted");
    return 0;
}

static void take_card(uint8_t left[CANASTA_CARD_LIMIT], int c)
{
    char name[8];
    canasta_card_to_string(name, sizeof name, c);
    ck_assert_msg(left[c] > 0, "test helper: no copy of %s left", name);
    left[c]--;
}

canasta_game *th_game(const canasta_rules *rules, int dealer,
                      const char *const hands[], const char *upcards,
                      const char *stock_top)
{
    canasta_rules *own = NULL;
    if (!rules) {
        ck_assert_int_eq(canasta_rules_create(&own, CANASTA_PRESET_CLASSIC),
                         CANASTA_OK);
        rules = own;
    }
    canasta_game *g = NULL;
    /* Find a seed whose first dealer is the one wanted. */
    for (uint64_t seed = 1;; seed++) {
        ck_assert_int_eq(canasta_game_create(&g, rules, seed), CANASTA_OK);
        int d;
        canasta_game_dealer(&d, g);
        if (d == dealer)
            break;
        canasta_game_free(g);
        ck_assert_msg(seed < 1000, "test helper: no seed with that dealer");
    }
    const cn_params *p = &g->st.p;
    int np = p->players, hs = p->hand_size, n = p->deck_size;
    uint8_t left[CANASTA_CARD_LIMIT];
    cn_deck_counts(p, left);

    uint8_t want[CN_MAX_PLAYERS][32];
    size_t nwant[CN_MAX_PLAYERS] = { 0 };
    for (int s = 0; s < np; s++) {
        nwant[s] = th_cards(want[s], 32, hands ? hands[s] : NULL);
        ck_assert_msg(nwant[s] <= (size_t)hs, "test helper: hand too big");
        for (size_t i = 0; i < nwant[s]; i++)
            take_card(left, want[s][i]);
    }
    uint8_t up[16], top[CN_MAX_DECK];
    size_t nup = th_cards(up, 16, upcards);
    size_t ntop = th_cards(top, CN_MAX_DECK, stock_top);
    for (size_t i = 0; i < nup; i++)
        take_card(left, up[i]);
    for (size_t i = 0; i < ntop; i++)
        take_card(left, top[i]);

    uint8_t deck[CN_MAX_DECK];
    int k = 0, cursor = 16;
    for (int s = 0; s < np; s++) {
        /* fill the rest of each hand */
        while (nwant[s] < (size_t)hs)
            want[s][nwant[s]++] = (uint8_t)take_filler(left, &cursor);
    }
    size_t idx[CN_MAX_PLAYERS] = { 0 };
    for (int i = 0; i < np * hs; i++) {
        int seat = (dealer + 1 + i) % np;
        deck[k++] = want[seat][idx[seat]++];
    }
    if (nup == 0)
        deck[k++] = (uint8_t)take_filler(left, &cursor);
    for (size_t i = 0; i < nup; i++)
        deck[k++] = up[i];
    for (size_t i = 0; i < ntop; i++)
        deck[k++] = top[i];
    while (k < n)
        deck[k++] = (uint8_t)take_filler(left, &cursor);
    ck_assert_int_eq(canasta_game_set_deck(g, deck, (size_t)n), CANASTA_OK);
    canasta_rules_free(own);
    return g;
}

void th_set_totals(canasta_game *g, const int *totals)
{
    ck_assert_msg(g->hist_len == 0, "th_set_totals: only at a hand's start");
    for (int s = 0; s < g->st.p.sides; s++)
        g->st.start_totals[s] = totals[s];
    cn_deal(&g->st);
}

void th_move(canasta_move *m, int kind, int seat)
{
    ck_assert_int_eq(canasta_move_init(m, kind, seat), CANASTA_OK);
}

void th_discard(canasta_move *m, int seat, const char *card)
{
    int c;
    th_move(m, CANASTA_MOVE_DISCARD, seat);
    ck_assert_msg(canasta_card_from_string(&c, card, (size_t)-1) == CANASTA_OK,
                  "test helper: '%s' is not a card", card);
    m->card = (uint8_t)c;
}

/* Parse "R: cards | cards | ..." into groups; default_rank is used for the
 * first group when it names no rank and holds no natural. */
static void parse_groups(canasta_move *m, const char *groups, int default_rank)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", groups ? groups : "");
    char *save = NULL;
    int first = 1;
    for (char *part = strtok_r(buf, "|", &save); part || first;
         part = strtok_r(NULL, "|", &save)) {
        char *text = part ? part : (char *)"";
        int rank = 0;
        char *colon = strchr(text, ':');
        if (colon) {
            *colon = '\0';
            char rk[8];
            size_t k = 0;
            for (char *q = text; *q && k < 6; q++)
                if (*q != ' ')
                    rk[k++] = *q;
            rk[k] = '\0';
            if (strcmp(rk, "3") == 0) {
                rank = 3;
            } else {
                char card[16];
                int c;
                snprintf(card, sizeof card, "%sc", rk);
                ck_assert_msg(canasta_card_from_string(&c, card, (size_t)-1) == 0,
                              "test helper: bad rank '%s'", rk);
                rank = c >> 2;
            }
            text = colon + 1;
        }
        uint8_t cards[CANASTA_GROUP_MAX_CARDS * 2];
        size_t n = th_cards(cards, sizeof cards, text);
        if (!rank)
            for (size_t i = 0; i < n && !rank; i++)
                if (!cn_is_wild(cards[i]))
                    rank = cards[i] >> 2;
        if (!rank && first)
            rank = default_rank;
        ck_assert_msg(rank, "test helper: group '%s' needs a rank", text);
        ck_assert_msg(m->ngroups < CANASTA_MOVE_MAX_GROUPS, "too many groups");
        canasta_group *g = &m->groups[m->ngroups++];
        g->rank = (uint8_t)rank;
        g->count = (uint8_t)n;
        memcpy(g->cards, cards, n);
        first = 0;
        if (!part)
            break;
    }
}

void th_meld(canasta_move *m, int seat, const char *groups)
{
    th_move(m, CANASTA_MOVE_MELD, seat);
    parse_groups(m, groups, 0);
}

void th_take(canasta_move *m, const canasta_game *g, int seat,
             const char *groups)
{
    int top;
    th_move(m, CANASTA_MOVE_TAKE_PILE, seat);
    canasta_game_pile_top(&top, g);
    parse_groups(m, groups, top ? top >> 2 : 4);
}

void th_ok(canasta_game *g, const canasta_move *m)
{
    char why[256];
    int rc = canasta_apply(why, sizeof why, g, m);
    ck_assert_msg(rc == CANASTA_OK, "move rejected: %s (%s)",
                  canasta_error_name(rc), why);
}

void th_err(canasta_game *g, const canasta_move *m, int expected_error)
{
    char why[256];
    int rc = canasta_apply(why, sizeof why, g, m);
    ck_assert_msg(rc == expected_error, "expected %s, got %s (%s)",
                  canasta_error_name(expected_error), canasta_error_name(rc),
                  why);
}

/* Clone g, then expect canasta_validate and canasta_apply to refuse m
 * with expected_error; returns the clone (the caller frees it). */
static canasta_game *refuse_both(canasta_game *g, const canasta_move *m,
                                 int expected_error, char *why, size_t cap)
{
    canasta_game *before = NULL;
    ck_assert_int_eq(canasta_game_clone(&before, g), CANASTA_OK);
    int rc = canasta_validate(why, cap, g, m);
    ck_assert_msg(rc == expected_error, "validate: expected %s, got %s (%s)",
                  canasta_error_name(expected_error), canasta_error_name(rc),
                  why);
    rc = canasta_apply(why, cap, g, m);
    ck_assert_msg(rc == expected_error, "apply: expected %s, got %s (%s)",
                  canasta_error_name(expected_error), canasta_error_name(rc),
                  why);
    return before;
}

void th_reject(canasta_game *g, const canasta_move *m, int expected_error,
               const char *rule_id)
{
    char why[256];
    canasta_game *before = refuse_both(g, m, expected_error, why, sizeof why);
    if (rule_id) {
        size_t n = strlen(rule_id);
        ck_assert_msg(strncmp(why, rule_id, n) == 0 && why[n] == ':',
                      "explanation should start with '%s:': %s", rule_id,
                      why);
    }
    int eq = 0;
    canasta_game_equal(&eq, g, before);
    ck_assert_msg(eq, "a rejected move changed the game");
    canasta_game_free(before);
}

/* Does why start with "ID:" for one of the space-separated ids (NULL: for
 * any rule ID, a capital letter and digits)? */
static int starts_with_one_of(const char *why, const char *ids)
{
    if (!ids) {
        size_t k = 1;
        if (!isupper((unsigned char)why[0]))
            return 0;
        while (isdigit((unsigned char)why[k]))
            k++;
        return k > 1 && why[k] == ':';
    }
    for (const char *p = ids; *p;) {
        size_t n = strcspn(p, " ");
        if (n > 0 && strncmp(why, p, n) == 0 && why[n] == ':')
            return 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    return 0;
}

void th_reject_ids_why(char *why_out, size_t cap, canasta_game *g,
                       const canasta_move *m, int expected_error,
                       const char *ids)
{
    char why[512] = "";
    int eq = 0;
    canasta_game *before = refuse_both(g, m, expected_error, why, sizeof why);
    ck_assert_msg(starts_with_one_of(why, ids),
                  "explanation should start with a rule ID%s%s: %s",
                  ids ? " among " : "", ids ? ids : "", why);
    ck_assert_int_eq(canasta_game_equal(&eq, g, before), CANASTA_OK);
    ck_assert_msg(eq, "a rejected move changed the game");
    canasta_game_free(before);
    if (why_out)
        snprintf(why_out, cap, "%s", why);
}

void th_reject_ids(canasta_game *g, const canasta_move *m, int expected_error,
                   const char *ids)
{
    th_reject_ids_why(NULL, 0, g, m, expected_error, ids);
}

void th_expect_valid(const canasta_game *g, const canasta_move *m)
{
    char why[256] = "";
    int rc = canasta_validate(why, sizeof why, g, m);
    ck_assert_msg(rc == CANASTA_OK, "expected a legal move, got %s (%s)",
                  canasta_error_name(rc), why);
}

canasta_game *th_deal(const char *h0, const char *h1, const char *h2,
                      const char *h3, const char *up, const char *stock)
{
    const char *const hands[4] = { h0, h1, h2, h3 };
    return th_game(NULL, 3, hands, up, stock);
}

canasta_game *th_new_game(uint64_t seed)
{
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    ck_assert_int_eq(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                     CANASTA_OK);
    ck_assert_int_eq(canasta_game_create(&g, rules, seed), CANASTA_OK);
    canasta_rules_free(rules); /* the game keeps its own copy */
    return g;
}

void th_do_draw(canasta_game *g, int seat)
{
    canasta_move m;
    th_move(&m, CANASTA_MOVE_DRAW, seat);
    th_ok(g, &m);
}

void th_do_discard(canasta_game *g, int seat, const char *card)
{
    canasta_move m;
    th_discard(&m, seat, card);
    th_ok(g, &m);
}

void th_do_meld(canasta_game *g, int seat, const char *groups)
{
    canasta_move m;
    th_meld(&m, seat, groups);
    th_ok(g, &m);
}

void th_do_take(canasta_game *g, int seat, const char *groups)
{
    canasta_move m;
    th_take(&m, g, seat, groups);
    th_ok(g, &m);
}

int th_phase(const canasta_game *g)
{
    int v;
    QOK(canasta_game_phase(&v, g));
    return v;
}

int th_seat(const canasta_game *g)
{
    int v;
    QOK(canasta_game_current_seat(&v, g));
    return v;
}

int th_hand_size(const canasta_game *g, int seat)
{
    int v;
    QOK(canasta_game_hand_size(&v, g, seat));
    return v;
}

int th_count_in_hand(const canasta_game *g, int seat, const char *card)
{
    uint8_t cards[256];
    size_t n;
    int c;
    QOK(canasta_card_from_string(&c, card, (size_t)-1));
    QOK(canasta_game_hand(cards, sizeof cards, &n, g, seat));
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += cards[i] == c;
    return k;
}

int th_pile_size(const canasta_game *g)
{
    int v;
    QOK(canasta_game_pile_size(&v, g));
    return v;
}

int th_stock_size(const canasta_game *g)
{
    int v;
    QOK(canasta_game_stock_size(&v, g));
    return v;
}

int th_total(const canasta_game *g, int side)
{
    int v;
    QOK(canasta_game_total(&v, g, side));
    return v;
}

int th_card(const char *text)
{
    int c = -1;
    QOK(canasta_card_from_string(&c, text, (size_t)-1));
    return c;
}

int th_pile_top(const canasta_game *g)
{
    int c = -1;
    QOK(canasta_game_pile_top(&c, g));
    return c;
}

int th_pile_status(const canasta_game *g, int side)
{
    int f = -1;
    QOK(canasta_game_pile_status(&f, g, side));
    return f;
}

int th_red_three_count(const canasta_game *g, int seat)
{
    uint8_t cards[16];
    size_t n = 99;
    QOK(canasta_game_red_threes(cards, sizeof cards, &n, g,
                                             seat));
    return (int)n;
}

int th_meld_naturals(const canasta_game *g, int side, int rank)
{
    int nat = -1, twos = -1, jokers = -1;
    QOK(canasta_game_meld(&nat, &twos, &jokers, g, side, rank));
    return nat;
}

int th_opened(const canasta_game *g, int side)
{
    int o = -1;
    QOK(canasta_game_opened(&o, g, side));
    return o;
}

int th_seat_side(const canasta_game *g, int seat)
{
    int v = -1;
    QOK(canasta_game_seat_side(&v, g, seat));
    return v;
}

int th_option(const canasta_game *g, int option)
{
    int v = -1;
    QOK(canasta_game_option(&v, g, option));
    return v;
}

int th_permission(const canasta_game *g)
{
    int v = -1;
    QOK(canasta_game_permission(&v, g));
    return v;
}

int th_lone_hand(const canasta_game *g)
{
    int v = -7;
    QOK(canasta_game_lone_hand(&v, g));
    return v;
}

int th_phase_in_play(int phase)
{
    return phase == CANASTA_PHASE_DRAW || phase == CANASTA_PHASE_PLAY ||
           phase == CANASTA_PHASE_ANSWER;
}

int th_in_play(const canasta_game *g)
{
    return th_phase_in_play(th_phase(g));
}

void th_expect_meld(const canasta_game *g, int side, int rank, int n, int t,
                    int j)
{
    int gn = -1, gt = -1, gj = -1;
    ck_assert_int_eq(canasta_game_meld(&gn, &gt, &gj, g, side, rank),
                     CANASTA_OK);
    ck_assert_msg(gn == n && gt == t && gj == j,
                  "side %d rank %d: %d naturals %d twos %d jokers, "
                  "want %d %d %d", side, rank, gn, gt, gj, n, t, j);
}

void th_expect_items(const canasta_game *g, int side, int melded,
                     int natural, int mixed, int red, int out, int in_hand,
                     int total)
{
    int it[CANASTA_SCORE_ITEMS];
    for (int i = 0; i < CANASTA_SCORE_ITEMS; i++)
        it[i] = -12345;
    ck_assert_int_eq(canasta_game_hand_score(it, CANASTA_SCORE_ITEMS, g,
                                             side), CANASTA_OK);
    ck_assert_int_eq(it[CANASTA_SCORE_MELDED], melded);
    ck_assert_int_eq(it[CANASTA_SCORE_NATURAL_CANASTAS], natural);
    ck_assert_int_eq(it[CANASTA_SCORE_MIXED_CANASTAS], mixed);
    ck_assert_int_eq(it[CANASTA_SCORE_RED_THREES], red);
    ck_assert_int_eq(it[CANASTA_SCORE_GOING_OUT], out);
    ck_assert_int_eq(it[CANASTA_SCORE_IN_HAND], in_hand);
    ck_assert_int_eq(it[CANASTA_SCORE_TOTAL], total);
}

void th_expect_end(const canasta_game *g, int how, int seat)
{
    int h = -7, s = -7;
    ck_assert_int_eq(canasta_game_hand_end(&h, &s, g), CANASTA_OK);
    ck_assert_int_eq(h, how);
    ck_assert_int_eq(s, seat);
}

int th_card_value(int card)
{
    int rank = card / 4, suit = card % 4;
    if (card == CANASTA_JOKER)
        return 50;
    if (rank == 2 || rank == 14)
        return 20;
    if (rank >= 8 && rank <= 13)
        return 10;
    if (rank >= 4 && rank <= 7)
        return 5;
    if (rank == 3)
        return (suit == CANASTA_CLUBS || suit == CANASTA_SPADES) ? 5 : 0;
    ck_abort_msg("no value for card code %d", card);
    return 0;
}

int th_held_value(const canasta_game *g, int seat)
{
    uint8_t cards[128];
    size_t n = 0;
    int sum = 0;
    ck_assert_int_eq(canasta_game_hand(cards, sizeof cards, &n, g, seat),
                     CANASTA_OK);
    for (size_t i = 0; i < n; i++)
        sum += th_card_value(cards[i]);
    return sum;
}

void th_pass_turn(canasta_game *g, int seat, const char *card)
{
    ck_assert_int_eq(th_seat(g), seat);
    th_do_draw(g, seat);
    ck_assert_int_ge(th_count_in_hand(g, seat, card), 1);
    th_do_discard(g, seat, card);
}

void th_drain_stock(canasta_game *g, int left)
{
    for (int guard = 0; th_stock_size(g) > left; guard++) {
        ck_assert_msg(guard < 400, "th_drain_stock: no progress");
        ck_assert_int_eq(th_phase(g), CANASTA_PHASE_DRAW);
        int seat = th_seat(g);
        uint8_t before[CANASTA_CARD_LIMIT];
        memcpy(before, g->st.hand[seat], sizeof before);
        th_do_draw(g, seat);
        if (th_phase(g) != CANASTA_PHASE_PLAY)
            return; /* E2 ended the hand */
        int drawn = -1;
        for (int c = 0; c < CANASTA_CARD_LIMIT; c++)
            if (g->st.hand[seat][c] > before[c])
                drawn = c;
        ck_assert_msg(drawn >= 0, "th_drain_stock: nothing drawn");
        canasta_move m;
        th_move(&m, CANASTA_MOVE_DISCARD, seat);
        m.card = (uint8_t)drawn;
        th_ok(g, &m);
    }
}

/* Plain comparisons, and Check only on a failure: this runs after every
 * move of the random-play tests, and each passing ck_assert costs a
 * system call. */
void th_assert_cards_accounted(const canasta_game *g)
{
    const cn_state *st = &g->st;
    uint8_t want[CANASTA_CARD_LIMIT];
    int have[CANASTA_CARD_LIMIT] = { 0 };
    cn_deck_counts(&st->p, want);
    for (int s = 0; s < st->p.players; s++) {
        int n = 0;
        for (int c = 0; c < CANASTA_CARD_LIMIT; c++) {
            have[c] += st->hand[s][c];
            n += st->hand[s][c];
        }
        if (n != st->hand_n[s])
            ck_abort_msg("seat %d holds %d cards but its size says %d", s, n,
                         st->hand_n[s]);
        have[13] += st->red3[s][0];
        have[14] += st->red3[s][1];
    }
    for (int i = 0; i < st->stock_n; i++)
        have[st->stock[i]]++;
    for (int i = 0; i < st->pile_n; i++)
        have[st->pile[i]]++;
    for (int side = 0; side < st->p.sides; side++) {
        for (int r = 3; r <= 14; r++) {
            const cn_meld *m = &st->melds[side][r];
            int nat = 0, two = 0;
            for (int s = 0; s < 4; s++) {
                have[r * 4 + s] += m->nat_suit[s];
                have[8 + s] += m->two_suit[s];
                nat += m->nat_suit[s];
                two += m->two_suit[s];
            }
            have[CANASTA_JOKER] += m->jokers;
            if (nat != m->naturals || two != m->twos)
                ck_abort_msg("side %d's meld of rank %d: suits do not add up",
                             side, r);
        }
    }
    for (int c = 0; c < CANASTA_CARD_LIMIT; c++) {
        if (have[c] != want[c]) {
            char name[8] = "?";
            canasta_card_to_string(name, sizeof name, c);
            ck_abort_msg("card %s (%d): found %d, deck has %d", name, c,
                         have[c], want[c]);
        }
    }
}

uint64_t th_sm64_next(th_sm64 *r)
{
    uint64_t z;
    r->state += UINT64_C(0x9E3779B97F4A7C15);
    z = r->state;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

size_t th_sm64_below(th_sm64 *r, size_t n)
{
    return (size_t)(th_sm64_next(r) % (uint64_t)n);
}

/* Plain comparisons, as in th_assert_cards_accounted. */
void th_list_moves(th_movelist *ml, const canasta_game *g)
{
    size_t count = 0;
    int rc = canasta_legal_moves(ml->v, ml->cap, &count, g);
    if (rc == CANASTA_E_BUFFER) {
        size_t want = count + 16;
        canasta_move *nv = realloc(ml->v, want * sizeof *nv);
        if (nv == NULL)
            ck_abort_msg("th_list_moves: out of memory");
        ml->v = nv;
        ml->cap = want;
        rc = canasta_legal_moves(ml->v, ml->cap, &count, g);
    }
    if (rc != CANASTA_OK)
        ck_abort_msg("canasta_legal_moves: %s", canasta_error_name(rc));
    ml->n = count;
}

int th_scaled(int n, int least)
{
    const char *text = getenv("CANASTA_TEST_SCALE");
    long scale = 100;
    if (text && *text) {
        char *end = NULL;
        scale = strtol(text, &end, 10);
        /* strtol alone would skip leading blanks and take a sign */
        if (!isdigit((unsigned char)text[0]) || *end != '\0' || scale < 1 ||
            scale > 10000) {
            fprintf(stderr, "CANASTA_TEST_SCALE='%s': expected a whole "
                    "percentage from 1 to 10000 (100 is the full size)\n",
                    text);
            exit(EXIT_FAILURE);
        }
    }
    long long v = (long long)n * scale / 100;
    if (least < 1)
        least = 1;
    if (v < least)
        return least;
    return v > INT_MAX ? INT_MAX : (int)v;
}

int th_games_equal(const canasta_game *a, const canasta_game *b)
{
    int eq = -1;
    REQ(canasta_game_equal(&eq, a, b) == CANASTA_OK);
    return eq;
}

/* ---- games that differ only in hidden cards ---- */

static int hidden_is_red3(int c)
{
    return c == CANASTA_CARD(3, CANASTA_DIAMONDS) ||
           c == CANASTA_CARD(3, CANASTA_HEARTS);
}

static int hidden_stock(const canasta_game *g)
{
    int n = -1;
    if (canasta_game_stock_size(&n, g) != CANASTA_OK)
        ck_abort_msg("th_hidden: no stock size");
    return n;
}

void th_hidden_start(th_hidden *t, const canasta_game *g, int viewer)
{
    int hs = 0, dealer = 0, np = 0;
    if (canasta_game_deck(t->deck, sizeof t->deck, &t->deck_n, g) ||
        canasta_game_option(&hs, g, CANASTA_OPT_HAND_SIZE) ||
        canasta_game_option(&np, g, CANASTA_OPT_PLAYERS) ||
        canasta_game_dealer(&dealer, g))
        ck_abort_msg("th_hidden_start: not at a dealt hand's start");
    t->viewer = viewer;
    size_t hs_all = (size_t)hs * (size_t)np;
    t->consumed = t->deck_n - (size_t)hidden_stock(g);
    for (size_t i = 0; i < t->deck_n; i++) {
        if (i < hs_all) {
            t->owner[i] = (dealer + 1 + (int)i) % np;
            t->fixed[i] = (uint8_t)(t->owner[i] == viewer ||
                                    hidden_is_red3(t->deck[i]));
        } else if (i < t->consumed) {
            t->owner[i] = -2;
            t->fixed[i] = 1;
        } else {
            t->owner[i] = -1;
            t->fixed[i] = (uint8_t)hidden_is_red3(t->deck[i]);
        }
    }
}

static void hidden_reveal(th_hidden *t, int seat, int card)
{
    for (size_t i = 0; i < t->deck_n; i++)
        if (t->owner[i] == seat && !t->fixed[i] && t->deck[i] == card) {
            t->fixed[i] = 1;
            return;
        }
}

void th_hidden_move(th_hidden *t, const canasta_game *g,
                    const canasta_move *m)
{
    size_t now = t->deck_n - (size_t)hidden_stock(g);
    for (size_t i = t->consumed; i < now; i++) {
        t->owner[i] = m->seat;
        t->fixed[i] = (uint8_t)(m->seat == t->viewer ||
                                hidden_is_red3(t->deck[i]));
    }
    t->consumed = now;
    if (m->seat == t->viewer)
        return;
    if (m->kind == CANASTA_MOVE_DISCARD)
        hidden_reveal(t, m->seat, m->card);
    if (m->kind == CANASTA_MOVE_MELD || m->kind == CANASTA_MOVE_TAKE_PILE)
        for (int k = 0; k < m->ngroups; k++)
            for (int c = 0; c < m->groups[k].count; c++)
                hidden_reveal(t, m->seat, m->groups[k].cards[c]);
}

canasta_game *th_hidden_twin(const canasta_game *start,
                             const canasta_move *moves, size_t n,
                             const th_hidden *t, th_sm64 *r, size_t *n_free)
{
    uint8_t deck[TH_MAX_DECK];
    size_t freep[TH_MAX_DECK], nf = 0;
    canasta_game *alt = NULL;
    memcpy(deck, t->deck, t->deck_n);
    for (size_t i = 0; i < t->deck_n; i++)
        if (!t->fixed[i])
            freep[nf++] = i;
    for (size_t i = nf; i > 1; i--) {
        size_t j = th_sm64_below(r, i);
        uint8_t c = deck[freep[i - 1]];
        deck[freep[i - 1]] = deck[freep[j]];
        deck[freep[j]] = c;
    }
    *n_free = nf;
    if (canasta_game_clone(&alt, start) != CANASTA_OK ||
        canasta_game_set_deck(alt, deck, t->deck_n) != CANASTA_OK)
        ck_abort_msg("th_hidden_twin: cannot re-deal the hand");
    for (size_t i = 0; i < n; i++)
        if (canasta_apply(NULL, 0, alt, &moves[i]) != CANASTA_OK) {
            canasta_game_free(alt);
            return NULL;
        }
    return alt;
}

void th_hand_log_start(th_hand_log *h, const canasta_game *g)
{
    h->start = NULL;
    h->moves = NULL;
    h->n = h->cap = 0;
    h->players = th_option(g, CANASTA_OPT_PLAYERS);
    REQ(h->players >= 1 && h->players <= TH_MAX_SEATS);
    QOK(canasta_game_clone(&h->start, g));
    for (int s = 0; s < h->players; s++)
        th_hidden_start(&h->seat[s], g, s);
}

void th_hand_log_move(th_hand_log *h, const canasta_game *g,
                      const canasta_move *m)
{
    if (m->kind == CANASTA_MOVE_NEXT_HAND) {
        canasta_game_free(h->start);
        h->start = NULL;
        QOK(canasta_game_clone(&h->start, g));
        h->n = 0;
        for (int s = 0; s < h->players; s++)
            th_hidden_start(&h->seat[s], g, s);
        return;
    }
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->moves = realloc(h->moves, h->cap * sizeof *h->moves);
        REQ(h->moves != NULL);
    }
    h->moves[h->n++] = *m;
    for (int s = 0; s < h->players; s++)
        th_hidden_move(&h->seat[s], g, m);
}

void th_hand_log_free(th_hand_log *h)
{
    free(h->moves);
    canasta_game_free(h->start);
    h->moves = NULL;
    h->start = NULL;
}

int th_meld_class(int *meld_class, int preset, int rank, int naturals,
                  int twos, int jokers)
{
    canasta_rules *r = NULL;
    ck_assert_int_eq(canasta_rules_create(&r, preset), CANASTA_OK);
    int rc = canasta_meld_class(meld_class, r, rank, naturals, twos, jokers);
    canasta_rules_free(r);
    return rc;
}

/* The lines that place cards in a position (the others do not). */
static int position_card_line(const char *line)
{
    static const char *const keys[] = { "hand ", "red-threes ", "meld ",
                                        "stock", "pile" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strncmp(line, keys[i], strlen(keys[i])) == 0)
            return 1;
    return 0;
}

char *th_position_text(const char *header, const char *const *lines,
                       size_t n)
{
    int count[CANASTA_CARD_LIMIT] = { 0 };
    size_t cap = 8192, len = 0;
    char *out = malloc(cap);
    REQ(out != NULL);
    len += (size_t)snprintf(out, cap, "canasta-position 1\nseed 7\n%s",
                            header ? header : "");
    for (size_t i = 0; i < n; i++) {
        if (!position_card_line(lines[i]))
            continue;
        for (const char *p = lines[i]; *p;) {
            size_t k = strcspn(p, " ");
            int c;
            if (k > 0 && canasta_card_from_string(&c, p, k) == CANASTA_OK)
                count[c]++;
            p += k;
            p += strspn(p, " ");
        }
    }
    for (size_t i = 0; i < n; i++) {
        len += (size_t)snprintf(out + len, cap - len, "%s", lines[i]);
        if (strncmp(lines[i], "stock", 5) == 0)
            for (int c = 8; c <= 60; c++) {
                char name[8];
                int want = c == CANASTA_JOKER ? 4 : 2; /* C2 */
                if (canasta_card_to_string(name, sizeof name, c) != 0)
                    continue;
                for (int k = count[c]; k < want; k++)
                    len += (size_t)snprintf(out + len, cap - len, " %s",
                                            name);
            }
        len += (size_t)snprintf(out + len, cap - len, "\n");
    }
    REQ(len < cap);
    return out;
}

canasta_game *th_position_game(const char *header, const char *const *lines,
                               size_t n)
{
    char *t = th_position_text(header, lines, n);
    canasta_game *g = NULL;
    char why[512] = "";
    int rc = canasta_game_from_position(&g, why, sizeof why, t, (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "from_position: %s (%s)\n%s",
            canasta_error_name(rc), why, t);
    free(t);
    return g;
}
