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

/* The shuffle's draws, cn_rng_below's, with the generator's kind chosen
 * once and its state in locals: a deal shuffles 108 cards a hand, and the
 * state written back after every draw was most of the loop. */
void cn_rng_shuffle(cn_rng *r, uint8_t *cards, int n)
{
    if (!r->xoshiro) {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)cn_rng_below(r, (uint32_t)(i + 1));
            uint8_t t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        return;
    }
    uint64_t s[4] = { r->s[0], r->s[1], r->s[2], r->s[3] };
    for (int i = n - 1; i > 0; i--) {
        const uint32_t bound = (uint32_t)(i + 1);
        uint32_t v, rem;
        do {
            v = (uint32_t)(xoshiro_next(s) >> 32);
            rem = v % bound;
        } while ((uint64_t)(v - rem) + bound > (1ULL << 32));
        uint8_t t = cards[i];
        cards[i] = cards[rem];
        cards[rem] = t;
    }
    for (int k = 0; k < 4; k++)
        r->s[k] = s[k];
}
