/*
 * C7: the documented shuffle (docs/API.md, "Shuffle details") includes a
 * rejection step: a bounded draw below n takes the top 32 bits v of an
 * output and draws again while v >= 2^32 - (2^32 mod n), so that every
 * result is equally likely.  Ordinary seeds never meet that case (it
 * happens about once in 1.5 million shuffles), so the golden deals of
 * test_cards.c do not show whether it is implemented as written.
 *
 * Seed 1698867 is one where it happens: the draw for position 69 (n = 70)
 * of hand 1's shuffle is rejected once (found by a search with the
 * generator below).  The library's deck for that hand must be the
 * documented one, which differs from what a shuffle without the step
 * would give.
 *
 * The golden deals are of two packs; the six-player games deal three
 * (bounds up to 162), which must be the documented shuffle too.
 */
#include <string.h>
#include "helpers.h"

#define DECK 108
#define DECK_MAX 162 /* three packs */
#define REJECTING_SEED 1698867u

/* The generators as docs/API.md writes them. */
typedef struct { uint64_t s[4]; } gen;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t next(gen *g)
{
    uint64_t *s = g->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Hand `hand`'s deck of `packs` packs for seed; with reject = 0 the
 * rejection step is left out.  *rejected counts the draws thrown away. */
static void shuffle_packs(uint8_t *deck, int packs, uint64_t seed,
                          uint64_t hand, int reject, int *rejected)
{
    gen g;
    uint64_t x = seed ^ (hand * 0xD1B54A32D192ED03ULL);
    int k = 0;
    for (int i = 0; i < 4; i++)
        g.s[i] = splitmix64(&x);
    for (int pack = 0; pack < packs; pack++) {
        for (int suit = 0; suit < 4; suit++)
            for (int rank = 2; rank <= 14; rank++)
                deck[k++] = (uint8_t)CANASTA_CARD(rank, suit);
        deck[k++] = CANASTA_JOKER;
        deck[k++] = CANASTA_JOKER;
    }
    *rejected = 0;
    for (int i = k - 1; i > 0; i--) {
        uint64_t n = (uint64_t)i + 1;
        uint64_t limit = (1ULL << 32) - (1ULL << 32) % n;
        uint64_t v = next(&g) >> 32;
        while (reject && v >= limit) {
            ++*rejected;
            v = next(&g) >> 32;
        }
        int j = (int)(v % n);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

static void shuffle(uint8_t deck[DECK], uint64_t seed, uint64_t hand,
                    int reject, int *rejected)
{
    shuffle_packs(deck, 2, seed, hand, reject, rejected);
}

START_TEST(test_C7_shuffle_redraws_values_in_the_incomplete_last_block)
{
    uint8_t want[DECK], naive[DECK], got[DECK];
    int rejected = 0, none = -1;
    size_t n = 0;
    shuffle(want, REJECTING_SEED, 1, 1, &rejected);
    shuffle(naive, REJECTING_SEED, 1, 0, &none);
    /* The seed does meet the rejection step, and it changes the deck. */
    ck_assert_int_eq(rejected, 1);
    ck_assert_int_ne(memcmp(want, naive, DECK), 0);

    canasta_game *g = th_new_game(REJECTING_SEED);
    ck_assert_int_eq(canasta_game_deck(got, DECK, &n, g), CANASTA_OK);
    ck_assert_uint_eq(n, DECK);
    ck_assert_msg(memcmp(got, want, DECK) == 0,
                  "hand 1 of seed %u is not dealt by the documented shuffle",
                  REJECTING_SEED);
    canasta_game_free(g);
}
END_TEST

/* The six-player games deal three packs: every bound up to 162. */
START_TEST(test_C7_three_pack_deck_is_the_documented_shuffle)
{
    canasta_rules *rules;
    ck_assert_int_eq(canasta_rules_create(&rules,
                                          CANASTA_PRESET_SIX_TWO_SIDES),
                     CANASTA_OK);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint8_t want[DECK_MAX], got[DECK_MAX];
        size_t n = 0;
        int rejected = 0;
        canasta_game *g;
        ck_assert_int_eq(canasta_game_create(&g, rules, seed), CANASTA_OK);
        ck_assert_int_eq(canasta_game_deck(got, DECK_MAX, &n, g), CANASTA_OK);
        ck_assert_uint_eq(n, DECK_MAX);
        shuffle_packs(want, 3, seed, 1, 1, &rejected);
        ck_assert_msg(memcmp(got, want, DECK_MAX) == 0,
                      "hand 1 of seed %u (three packs) is not the documented "
                      "shuffle", (unsigned)seed);
        canasta_game_free(g);
    }
    canasta_rules_free(rules);
}
END_TEST

Suite *suite_shuffle_rejection(void)
{
    Suite *s = suite_create("shuffle_rejection");
    TCase *c = tcase_create("C7");
    tcase_add_test(c, test_C7_shuffle_redraws_values_in_the_incomplete_last_block);
    tcase_add_test(c, test_C7_three_pack_deck_is_the_documented_shuffle);
    suite_add_tcase(s, c);
    return s;
}
