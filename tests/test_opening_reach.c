/*
 * The opening search's first question (issue 19, speed): can an opening
 * of this hand reach the minimum at all (O1, O2)?  The enumerator asks
 * lib/enumerate_openings.h's walk_opening_in_reach before searching the
 * openings of a side that has not opened, for a meld and for a pile take,
 * and skips the search when it says no.  A wrong "no" would drop legal
 * openings from the legal moves, so:
 *
 *  - the bound is held to a brute force of its own model (every set of
 *    ranks held twice or more that the wild cards can make melds of, a
 *    natural pair taking one wild card, every wild card the melds have
 *    room for), over random hands, minimums and a take's fixed group:
 *    the bound is that model's most, so it says yes exactly when some set
 *    of melds of the hand is worth the minimum, whatever the other rules
 *    then refuse;
 *  - both sides through canasta_legal_moves, at the edge: two natural
 *    pairs and one wild card (only one pair can be a meld: 40 under a
 *    minimum of 50) list no opening, one joker instead lists one; three
 *    kings and a two are exactly 50, and open; a take of the pile whose
 *    other pairs have no wild card lists no take, one two more lists it;
 *    a take at exactly the minimum (two kings and a two under a king on
 *    top) is listed, which a bound handed less than the take's whole
 *    first group would drop, and one at 45 is not.
 *
 * bits.h's cn_counts_at_least, which the enumerator's melds ask, is held
 * to a count by count loop here too, and so is the word by word way that
 * machines without SSE2 use, with its word loads against the byte by
 * byte build that machines of the other byte order use.
 */
#include <stdlib.h>
#include "helpers.h"
#include "enumerate.h" /* walk_opening_in_reach (not installed) */

/* ---------------------------------------------------------- the bound */

/* The model's most: every subset of the ranks 4..ace (but skip) held
 * twice or more, with as many of its pairs (held exactly twice) as there
 * are wild cards, each holding one; then the wild cards, jokers first, up
 * to three a meld; value and groups are the fixed group's. */
static int brute_most(const uint8_t nat[CN_RANKS], int twos, int jokers,
                      int skip, int value, int groups)
{
    static const int v[CN_RANKS] = { 0, 0, 20, 5, 5, 5, 5, 5,
                                     10, 10, 10, 10, 10, 10, 20, 50 };
    int best = -1;
    for (uint32_t set = 0; set < (1u << 11); set++) {
        int val = value, g = groups, pairs = 0, ok = 1;
        for (int r = 4; r <= 14 && ok; r++) {
            if (!(set >> (r - 4) & 1))
                continue;
            if (r == skip || nat[r] < 2) {
                ok = 0;
                break;
            }
            pairs += nat[r] == 2;
            val += nat[r] * v[r];
            g++;
        }
        if (!ok || pairs > twos + jokers)
            continue;
        const int room = 3 * g;
        const int j = jokers < room ? jokers : room;
        const int t = twos < room - j ? twos : room - j;
        val += 50 * j + 20 * t;
        if (val > best)
            best = val;
    }
    return best;
}

static uint64_t next_rand(uint64_t *s)
{
    *s += 0x9E3779B97F4A7C15ull;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

START_TEST(test_O1_opening_bound_is_the_most_any_melds_reach)
{
    static cn_state st; /* zero but the seat's kept counts */
    static const int minimums[] = { 15, 50, 90, 120, 160 };
    uint64_t rng = 19;
    int yes = 0, no = 0;
    for (int i = 0; i < 20000; i++) {
        uint8_t *nat = st.k.held[0];
        memset(nat, 0, CN_RANKS);
        for (int r = 4; r <= 14; r++) {
            /* mostly none, singles and pairs, as hands hold them */
            static const uint8_t pick[8] = { 0, 0, 0, 1, 1, 2, 2, 3 };
            nat[r] = pick[next_rand(&rng) % 8];
            if (next_rand(&rng) % 16 == 0)
                nat[r] = (uint8_t)(4 + next_rand(&rng) % 4);
        }
        nat[2] = (uint8_t)(next_rand(&rng) % 4);
        nat[15] = (uint8_t)(next_rand(&rng) % 3);
        /* black threes never open (M6): both must pass them over */
        nat[3] = (uint8_t)(next_rand(&rng) % 5);
        cn_walk w;
        memset(&w, 0, sizeof w);
        w.st = &st;
        w.seat = 0;
        w.nat = nat;
        w.twos = nat[2];
        w.jokers = nat[15];
        w.any = cn_held_any(&st.k, 0);
        w.more = cn_held_more(&st.k, 0);
        w.minimum = minimums[next_rand(&rng) % 5];
        /* half the time a take's first group: the top card's rank, its
         * naturals and the top card, fixed */
        int skip = 0, value = 0, groups = 0;
        if (next_rand(&rng) % 2) {
            skip = 4 + (int)(next_rand(&rng) % 11);
            value = (nat[skip] + 1) * (skip >= 8 ? (skip == 14 ? 20 : 10)
                                                 : 5);
            groups = 1;
        }
        const int most = brute_most(nat, w.twos, w.jokers, skip, value,
                                    groups);
        const int want = most >= w.minimum;
        REQ_MSG(walk_opening_in_reach(&w, skip, value, groups) == want,
                "hand %d: the bound says %d, the model's most is %d against "
                "%d", i, !want, most, w.minimum);
        yes += want;
        no += !want;
    }
    /* both answers were asked often */
    ck_assert_int_gt(yes, 2000);
    ck_assert_int_gt(no, 2000);
}
END_TEST

/* ------------------------------------------- both sides, legal moves */

/* How many moves of kind the legal list of g holds. */
static int listed(const canasta_game *g, int kind)
{
    th_movelist ml = { NULL, 0, 0 };
    th_list_moves(&ml, g);
    int n = 0;
    for (size_t i = 0; i < ml.n; i++)
        n += ml.v[i].kind == kind;
    free(ml.v);
    return n;
}

/* Seat 0 (minimum 50, total 0) after drawing the 8 of clubs, with hand. */
static canasta_game *drawn(const char *hand)
{
    canasta_game *g = th_deal(hand, "", "", "", NULL, "8c");
    th_do_draw(g, 0);
    return g;
}

/* Seat 0 facing a king on the pile (frozen for a side that has not
 * opened: P3), with hand. */
static canasta_game *king_on_top(const char *hand)
{
    return th_deal(hand, "", "", "", "Kh", "8c");
}

/* g lists moves of kind (a meld or a pile take), and seat 0 opens with
 * groups; g is freed. */
static void opens(canasta_game *g, int kind, const char *groups)
{
    ck_assert_int_gt(listed(g, kind), 0);
    if (kind == CANASTA_MOVE_MELD)
        th_do_meld(g, 0, groups);
    else
        th_do_take(g, 0, groups);
    ck_assert_int_eq(th_opened(g, 0), 1);
    canasta_game_free(g);
}

/* g lists no move of kind, and groups (NULL: none tried) is refused as
 * short of the minimum, citing one of ids; g is freed. */
static void short_of_minimum(canasta_game *g, int kind, const char *groups,
                             const char *ids)
{
    ck_assert_int_eq(listed(g, kind), 0);
    if (groups) {
        canasta_move m;
        if (kind == CANASTA_MOVE_MELD)
            th_meld(&m, 0, groups);
        else
            th_take(&m, g, 0, groups);
        th_reject_ids(g, &m, CANASTA_E_OPENING, ids);
    }
    canasta_game_free(g);
}

START_TEST(test_O1_two_pairs_and_one_wild_card_list_no_opening)
{
    /* K K 2 or Q Q 2: 40 at most, under 50 (the other pair would need a
     * wild card too); the search's own reach counted 60 */
    short_of_minimum(drawn("Kc Kd Qc Qd 2c 4c 5d 6h 7s 9c Jh"),
                     CANASTA_MOVE_MELD, "Kc Kd 2c", "O1 O2");
}
END_TEST

START_TEST(test_O1_a_joker_instead_lists_the_opening)
{
    /* K K joker: 70 */
    opens(drawn("Kc Kd Qc Qd Jk 4c 5d 6h 7s 9c Jh"), CANASTA_MOVE_MELD,
          "Kc Kd Jk");
}
END_TEST

START_TEST(test_O1_three_kings_and_a_two_are_exactly_fifty)
{
    opens(drawn("Kc Kd Kh 2c 4c 5d 6h 7s 9c Jh Qd"), CANASTA_MOVE_MELD,
          "Kc Kd Kh 2c");
    /* without the two: 30 */
    short_of_minimum(drawn("Kc Kd Kh Qc 4c 5d 6h 7s 9c Jh Qd"),
                     CANASTA_MOVE_MELD, NULL, NULL);
}
END_TEST

START_TEST(test_O3_a_take_whose_pairs_have_no_wild_card_is_not_listed)
{
    /* K K + the king on top: 30; Q Q and J J need a wild card each */
    short_of_minimum(king_on_top("Kc Kd Qc Qd Jc Jd 4c 5d 6h 7s 9c"),
                     CANASTA_MOVE_TAKE_PILE, "Kc Kd", "O1 O3");
    /* a two makes Q Q 2: 30 + 40 */
    opens(king_on_top("Kc Kd Qc Qd Jc Jd 4c 5d 6h 7s 2c"),
          CANASTA_MOVE_TAKE_PILE, "Kc Kd | Qc Qd 2c");
}
END_TEST

/* The enumerator hands the bound a take's first group whole: the top
 * card counted with the naturals held, and room for three wild cards in
 * that group.  At exactly the minimum a bound given less (the top card
 * left out: 40; the group's room left out: 30) would drop the take. */
START_TEST(test_O3_a_take_at_exactly_the_minimum_is_listed)
{
    /* K K + the king on top + a two: 30 + 20 = 50 */
    opens(king_on_top("Kc Kd 2c Qc Jd 4c 5d 6h 7s 9c Ah"),
          CANASTA_MOVE_TAKE_PILE, "Kc Kd 2c");
    /* K K + the king on top + 4 4 4: 45, short */
    short_of_minimum(king_on_top("Kc Kd 4c 4d 4h Qc Jd 5d 6h 7s 9c"),
                     CANASTA_MOVE_TAKE_PILE, "Kc Kd | 4c 4d 4h", "O1 O3");
}
END_TEST

/* ---------------------------------------------------------- bits.h */

START_TEST(test_bits_counts_at_least_by_word_and_by_byte)
{
    uint64_t rng = 7;
    uint8_t a[16];
    for (int i = 0; i < 5000; i++) {
        for (int k = 0; k < 16; k++)
            a[k] = (uint8_t)(next_rand(&rng) % (i % 2 ? 8 : 128));
        for (int h = 0; h < 2; h++)
            REQ(cn_bytes8(a + 8 * h) == cn_bytes8_by_byte(a + 8 * h));
        for (int n = 1; n <= 128; n += (n < 10 ? 1 : 13)) {
            uint32_t want = 0;
            for (int k = 0; k < 16; k++)
                want |= (uint32_t)(a[k] >= n) << k;
            REQ_MSG(cn_counts_at_least(a, n) == want,
                    "counts at least %d: %#x, not %#x", n,
                    cn_counts_at_least(a, n), want);
            REQ_MSG(cn_counts_at_least_words(a, n) == want,
                    "counts at least %d by words: %#x, not %#x", n,
                    cn_counts_at_least_words(a, n), want);
        }
    }
    /* each edge: n itself counts, n - 1 does not */
    memset(a, 0, sizeof a);
    a[4] = 3;
    a[15] = 2;
    ck_assert_uint_eq(cn_counts_at_least(a, 3), 1u << 4);
    ck_assert_uint_eq(cn_counts_at_least(a, 2), 1u << 4 | 1u << 15);
    ck_assert_uint_eq(cn_counts_at_least(a, 4), 0);
    ck_assert_uint_eq(cn_counts_at_least_words(a, 3), 1u << 4);
    ck_assert_uint_eq(cn_counts_at_least_words(a, 2), 1u << 4 | 1u << 15);
    ck_assert_uint_eq(cn_counts_at_least_words(a, 4), 0);
}
END_TEST

Suite *suite_opening_reach(void)
{
    Suite *s = suite_create("opening_reach");
    TCase *c = tcase_create("O1");
    tcase_set_timeout(c, 60);
    tcase_add_test(c, test_O1_opening_bound_is_the_most_any_melds_reach);
    tcase_add_test(c, test_O1_two_pairs_and_one_wild_card_list_no_opening);
    tcase_add_test(c, test_O1_a_joker_instead_lists_the_opening);
    tcase_add_test(c, test_O1_three_kings_and_a_two_are_exactly_fifty);
    tcase_add_test(c, test_O3_a_take_whose_pairs_have_no_wild_card_is_not_listed);
    tcase_add_test(c, test_O3_a_take_at_exactly_the_minimum_is_listed);
    tcase_add_test(c, test_bits_counts_at_least_by_word_and_by_byte);
    suite_add_tcase(s, c);
    return s;
}
