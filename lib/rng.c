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

/* The remainders of the draws without a division, which costs several
 * multiplications (natively and in WebAssembly): for every 32-bit v and
 * bound d, v % d is the high 64 bits of (M * v mod 2^64) * d, where M is
 * 2^64 / d rounded up (Lemire, Kaser and Kurz, "Faster remainder by direct
 * computation", 2019).  The table holds M for every bound of a deck of up
 * to CN_RECIP_BOUNDS cards, computed by the compiler. */
#define CN_RECIP(d) (UINT64_MAX / (d) + 1)
#define CN_RECIP8(b) CN_RECIP((b) + 1), CN_RECIP((b) + 2), CN_RECIP((b) + 3), \
    CN_RECIP((b) + 4), CN_RECIP((b) + 5), CN_RECIP((b) + 6),               \
    CN_RECIP((b) + 7), CN_RECIP((b) + 8)
#define CN_RECIP64(b) CN_RECIP8(b), CN_RECIP8((b) + 8), CN_RECIP8((b) + 16), \
    CN_RECIP8((b) + 24), CN_RECIP8((b) + 32), CN_RECIP8((b) + 40),          \
    CN_RECIP8((b) + 48), CN_RECIP8((b) + 56)
#define CN_RECIP_BOUNDS 192
static const uint64_t recip[CN_RECIP_BOUNDS + 1] = {
    0, CN_RECIP64(0), CN_RECIP64(64), CN_RECIP64(128)
};

/* v % d for every d >= 1: (M * v mod 2^64) * d >> 64 from the table, the
 * 128-bit product taken in two 64-bit halves (each fits: d < 2^32). */
uint32_t cn_rng_rem(uint32_t v, uint32_t d)
{
    if (d > CN_RECIP_BOUNDS)
        return v % d;
    const uint64_t low = recip[d] * v;
    return (uint32_t)(((low >> 32) * d + ((low & 0xFFFFFFFFu) * d >> 32)) >>
                      32);
}

/* v - v % n is where v's block of n values starts; the block is
 * incomplete when fewer than n values follow that start below 2^32. */
uint32_t cn_rng_below(cn_rng *r, uint32_t n)
{
    for (;;) {
        uint32_t v = (uint32_t)(cn_rng_next(r) >> 32);
        uint32_t rem = cn_rng_rem(v, n);
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
            rem = cn_rng_rem(v, bound);
        } while ((uint64_t)(v - rem) + bound > (1ULL << 32));
        uint8_t t = cards[i];
        cards[i] = cards[rem];
        cards[rem] = t;
    }
    for (int k = 0; k < 4; k++)
        r->s[k] = s[k];
}
