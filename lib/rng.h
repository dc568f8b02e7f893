/* rng.h - the library's one source of pseudo-random numbers: splitmix64
 * (Steele, Lea and Flood, 2014), the xoshiro256** streams of the deal
 * (C7), unbiased draws below n and the Fisher-Yates shuffle.  The deal,
 * partial positions, determinization and the reference player's tie
 * break all draw from here, so that each stream is written once.  Only
 * 64-bit unsigned arithmetic is used: every platform gets the same
 * numbers.  Not installed. */
#ifndef CANASTA_RNG_H
#define CANASTA_RNG_H

#include <stdint.h>

/* splitmix64's increment: 2^64 divided by the golden ratio, odd. */
#define CN_GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL

/* splitmix64's output function: a bijective mix of the 64 bits of z
 * (also the hash step of search.c). */
static inline uint64_t cn_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One step of splitmix64: advance *x by the gamma, mix the result. */
static inline uint64_t cn_splitmix64(uint64_t *x)
{
    return cn_mix64(*x += CN_GOLDEN_GAMMA);
}

/* A generator of either kind.  The deal's kind (cn_rng_stream) is the
 * documented C7 stream; determinization uses plain splitmix64
 * (cn_rng_splitmix), whose state is s[0]. */
typedef struct cn_rng {
    uint64_t s[4];
    int xoshiro; /* 1: xoshiro256** (s[0..3]); 0: splitmix64 (s[0]) */
} cn_rng;

/* C7: the stream for index k of seed (k = 0 for the first dealer, k =
 * the hand number for a hand's deck, 2^63 + the hand number for the
 * unnamed cards of a partial position): xoshiro256** whose four state
 * words are the first four outputs of splitmix64 started at seed XOR
 * (k * 0xD1B54A32D192ED03). */
void cn_rng_stream(cn_rng *r, uint64_t seed, uint64_t k);
/* splitmix64 started at seed. */
void cn_rng_splitmix(cn_rng *r, uint64_t seed);
uint64_t cn_rng_next(cn_rng *r);
/* A uniform integer in [0, n), 1 <= n <= 2^32 - 1: the top 32 bits of
 * an output, drawn again while they fall in the incomplete last block of
 * n values below 2^32.  One division per draw. */
uint32_t cn_rng_below(cn_rng *r, uint32_t n);
/* Fisher-Yates from the last of the n cards down: card i swaps with
 * card cn_rng_below(r, i + 1). */
void cn_rng_shuffle(cn_rng *r, uint8_t *cards, int n);

#endif
