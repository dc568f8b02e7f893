/* rng.c - the generators of rng.h. */
#include "rng.h"

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro_next(uint64_t *s)
{
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

void cn_rng_stream(cn_rng *r, uint64_t seed, uint64_t k)
{
    uint64_t x = seed ^ (k * 0xD1B54A32D192ED03ULL);
    for (int i = 0; i < 4; i++)
        r->s[i] = cn_splitmix64(&x);
    r->xoshiro = 1;
}

void cn_rng_splitmix(cn_rng *r, uint64_t seed)
{
    r->s[0] = seed;
    r->s[1] = r->s[2] = r->s[3] = 0;
    r->xoshiro = 0;
}

uint64_t cn_rng_next(cn_rng *r)
{
    return r->xoshiro ? xoshiro_next(r->s) : cn_splitmix64(&r->s[0]);
}

/* v - v % n is where v's block of n values starts; the block is
 * incomplete when fewer than n values follow that start below 2^32. */
uint32_t cn_rng_below(cn_rng *r, uint32_t n)
{
    for (;;) {
        uint32_t v = (uint32_t)(cn_rng_next(r) >> 32);
        uint32_t rem = v % n;
        if ((uint64_t)(v - rem) + n <= (1ULL << 32))
            return rem;
    }
}

void cn_rng_shuffle(cn_rng *r, uint8_t *cards, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)cn_rng_below(r, (uint32_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}
