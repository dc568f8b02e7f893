/* bits.h - bit and byte arithmetic on the small count arrays and masks
 * of the state (ranks, kinds, suits).  Not installed.
 *
 * The hand's counts are unpredictable from one decision to the next, so
 * the hot paths ask questions of many ranks at once with these, rather
 * than test one rank at a time (a mispredicted test costs more than a
 * pass over the ranks without branches). */
#ifndef CANASTA_BITS_H
#define CANASTA_BITS_H

#include <stdint.h>
#include <string.h>
/* CN_SSE2: 1 where the compiler has SSE2 (every x86-64), whose 16-byte
 * compares some hot paths use; their portable ways stay for the other
 * machines.  -DCN_NO_SIMD builds the portable ways everywhere (make
 * check-valgrind does, so that they are tested on x86-64 too). */
#if defined(__SSE2__) && !defined(CN_NO_SIMD)
#define CN_SSE2 1
#include <emmintrin.h>
#else
#define CN_SSE2 0
#endif

/* The sum of four card counts in a row (a rank's four suits): one load
 * and one multiply, the counts being far below 64. */
static inline int cn_sum4(const uint8_t *counts)
{
    uint32_t x;
    memcpy(&x, counts, sizeof x);
    return (int)((x * 0x01010101u) >> 24);
}
/* The index of the lowest set bit of x, which is not 0.  Loops over a
 * mask of the ranks or suits present, built without branches, mispredict
 * less than a test per rank on the hand's unpredictable counts. */
static inline int cn_lowest_bit(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}
/* The index of the highest set bit of x, which is not 0. */
static inline int cn_highest_bit(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31 - __builtin_clz(x);
#else
    int i = 31;
    while (!(x >> i & 1u))
        i--;
    return i;
#endif
}
/* The number of bits set in x, which holds 16 bits at most (the masks of
 * ranks and kinds).  Bit arithmetic rather than __builtin_popcount, which
 * without -mpopcnt is a call into libgcc. */
static inline int cn_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}
/* The ranks 4..ace as a mask of bits. */
#define CN_RANKS_4_TO_ACE 0x7FF0u
/* Eight counts a[0..7] as one word, a[i] in its byte i (bits 8i to
 * 8i + 7), built byte by byte: the same on any machine. */
static inline uint64_t cn_bytes8_by_byte(const uint8_t *a)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | a[i];
    return x;
}
/* The same word, in one load where the byte order is known to be
 * little-endian (x86, ARM as usually run, WebAssembly); the tests hold
 * the two to each other. */
static inline uint64_t cn_bytes8(const uint8_t *a)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, a, sizeof x);
    return x;
#else
    return cn_bytes8_by_byte(a);
#endif
}

/* The indices i (bit i) of the sixteen counts a[0..15] that are at
 * least n (1 <= n <= 128; every count here -- cards of a kind in a
 * hand, wild cards in a meld -- is far below 128), eight at a time, on
 * any machine: a byte b below 128 is at least n when b + 128 - n sets
 * its top bit; the product gathers the eight top bits of a word into its
 * top byte, bit i from byte i. */
static inline uint32_t cn_counts_at_least_words(const uint8_t a[16], int n)
{
    const uint64_t bias = (uint64_t)(128 - n) * UINT64_C(0x0101010101010101);
    uint32_t mask = 0;
    for (int h = 0; h < 2; h++) {
        const uint64_t x = cn_bytes8(a + 8 * h);
        const uint64_t top = ((x + bias) >> 7) & UINT64_C(0x0101010101010101);
        mask |= (uint32_t)((top * UINT64_C(0x0102040810204080)) >> 56)
                << (8 * h);
    }
    return mask;
}

/* The same mask.  Where SSE2 is there (every x86-64), the sixteen
 * counts are compared at once, as signed bytes (all of them below 128),
 * and the compare's sixteen top bits taken: three instructions where the
 * words take about twenty, in masks the decisions make several times
 * each.  The tests hold the two ways to each other. */
static inline uint32_t cn_counts_at_least(const uint8_t a[16], int n)
{
#if CN_SSE2
    const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)a);
    const __m128i below = _mm_set1_epi8((char)(n - 1));
    return (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(x, below));
#else
    return cn_counts_at_least_words(a, n);
#endif
}

#endif
