/*
 * fuzz_score.c - scoring from parts: canasta_meld_class and
 * canasta_score_side with arbitrary numbers.
 *
 * canasta_meld_class must agree with M1, M5 and M6 as fz_meld_class
 * writes them (and, under the three-player rules, with X3's merged
 * melds), and say E_ARG outside its documented domain.
 * canasta_score_side must accept exactly the inputs that docs/API.md
 * calls possible (the list is written out again below), score them as
 * fz_score_side does (E3, S1-S3), fill only the first n_items items and
 * keep its explanation inside why_size.
 *
 * Input: options byte (canastas to go out), meld_class probes, then the
 * score_side call: counts and values, mostly small, sometimes any int.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

#define PACKS 2
#define JOKERS 4

static int small_int(fz_in *in)
{
    unsigned b = fz_u8(in);
    if (b < 240)
        return (int)(b % 12) - 1; /* -1 .. 10 */
    if (b < 250)
        return (int)(b - 240) + 250; /* around 255 */
    return (int)fz_u32(in);
}

/* three: the three-player rules, where a meld merged from the partners'
 * melds (X3) may hold four to six wild cards with four naturals or more. */
static void probe_meld_class(fz_in *in, const canasta_rules *classic,
                             const canasta_rules *three)
{
    unsigned b = fz_u8(in);
    int rank = b < 240 ? (int)(b % 16) : (int)fz_u32(in);
    int n = small_int(in), t = small_int(in), j = small_int(in);
    int x3 = fz_u8(in) & 1;
    int cls = -1;
    int rc = canasta_meld_class(&cls, x3 ? three : classic, rank, n, t, j);
    if (rank < 3 || rank > 14 || n < 0 || t < 0 || j < 0 || n > 255 ||
        t > 255 || j > 255) {
        FZ_CHECK(rc == CANASTA_E_ARG, "meld_class(%d, %d, %d, %d): %s", rank,
                 n, t, j, canasta_error_name(rc));
        return;
    }
    int want = fz_meld_class(rank, n, t, j);
    if (x3 && rank != 3 && t + j >= 4 && t + j <= 6 && n >= 4)
        want = CANASTA_MELD_MIXED_CANASTA; /* at least eight cards */
    if (want < 0)
        FZ_CHECK(rc == want, "meld_class(%d, %d, %d, %d): %s, expected %s",
                 rank, n, t, j, canasta_error_name(rc),
                 canasta_error_name(want));
    else
        FZ_CHECK(rc == CANASTA_OK && cls == want, "meld_class(%d, %d, %d, "
                 "%d): %s class %d, expected %d", rank, n, t, j,
                 canasta_error_name(rc), cls, want);
}

/* docs/API.md, canasta_score_side: when the parts can come from a real
 * hand under the classic preset. */
static int possible(const int *melds, size_t n_melds, int red,
                    const uint8_t *hand, size_t n_hand, int went_out,
                    int need)
{
    if (went_out < CANASTA_OUT_NONE || went_out > CANASTA_OUT_CONCEALED)
        return 0;
    if (red < 0 || red > 2 * PACKS)
        return 0;
    if (n_melds > 12)
        return 0;
    int seen[16] = { 0 }, nat[16] = { 0 }, twos = 0, jokers = 0;
    int canastas = 0;
    for (size_t i = 0; i < n_melds; i++) {
        int r = melds[4 * i], n = melds[4 * i + 1];
        int t = melds[4 * i + 2], j = melds[4 * i + 3];
        if (r < 3 || r > 14 || seen[r])
            return 0;
        seen[r] = 1;
        if (n < 0 || t < 0 || j < 0 || n > 255 || t > 255 || j > 255)
            return 0;
        /* a row must be a legal meld; an empty row is no meld at all */
        if (fz_meld_class(r, n, t, j) <= CANASTA_MELD_NONE)
            return 0;
        if (r == 3 && went_out == CANASTA_OUT_NONE)
            return 0; /* M6 */
        nat[r] += n;
        twos += t;
        jokers += j;
        canastas += n + t + j >= 7;
    }
    int code[64] = { 0 };
    for (size_t i = 0; i < n_hand; i++) {
        int c = hand[i];
        if (c < 8 || c > 60 || c == 13 || c == 14)
            return 0;
        code[c]++;
        if (c == 60)
            jokers++;
        else if (c / 4 == 2)
            twos++;
        else
            nat[c / 4]++;
    }
    for (int c = 8; c < 60; c++)
        if (code[c] > PACKS)
            return 0;
    for (int r = 4; r <= 14; r++)
        if (nat[r] > 4 * PACKS)
            return 0;
    if (nat[3] > 2 * PACKS || twos > 4 * PACKS || jokers > JOKERS)
        return 0;
    if (went_out != CANASTA_OUT_NONE && canastas < need)
        return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in;
    fz_in_init(&in, data, size);
    canasta_rules *rules = NULL;
    FZ_OK(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC));
    int need = 1 + (int)(fz_u8(&in) % 3);
    FZ_OK(canasta_rules_set(rules, CANASTA_OPT_CANASTAS_TO_GO_OUT, need));

    canasta_rules *three = NULL;
    FZ_OK(canasta_rules_create(&three, CANASTA_PRESET_THREE_PLAYERS));
    unsigned probes = fz_u8(&in) % 8;
    for (unsigned i = 0; i < probes; i++)
        probe_meld_class(&in, rules, three);
    canasta_rules_free(three);

    /* score_side */
    size_t n_items = fz_u8(&in) % 9;
    size_t n_melds = fz_u8(&in) % 14;
    int *melds = malloc(4 * n_melds * sizeof *melds + 1);
    FZ_CHECK(melds != NULL, "out of memory");
    for (size_t i = 0; i < n_melds; i++) {
        unsigned b = fz_u8(&in);
        melds[4 * i] = b < 240 ? 3 + (int)(b % 12) : (int)fz_u32(&in);
        for (int k = 1; k < 4; k++)
            melds[4 * i + k] = k == 1 ? small_int(&in)
                                      : small_int(&in) % 5;
    }
    int red = small_int(&in) % 6;
    int went_out = small_int(&in) % 4;
    size_t n_hand = fz_u8(&in) % 40;
    uint8_t *hand = malloc(n_hand + 1);
    FZ_CHECK(hand != NULL, "out of memory");
    for (size_t i = 0; i < n_hand; i++) {
        unsigned b = fz_u8(&in);
        hand[i] = (uint8_t)(b < 224 ? 8 + b % 53 : b);
    }
    size_t why_size = fz_u8(&in) % 80;

    /* buffers sized to the byte, so ASan sees writes past them */
    int *items = malloc(n_items * sizeof *items + 1);
    char *why = malloc(why_size + 1);
    FZ_CHECK(items && why, "out of memory");
    memset(items, 0x5a, n_items * sizeof *items);
    if (!why_size)
        why[0] = 'x';
    int rc = canasta_score_side(items, n_items, why, why_size, rules,
                                n_melds ? melds : NULL, n_melds, red,
                                n_hand ? hand : NULL, n_hand, went_out);
    int ok = possible(melds, n_melds, red, hand, n_hand, went_out, need);
    FZ_CHECK(rc == (ok ? CANASTA_OK : CANASTA_E_SCORE_INPUT),
             "score_side: %s, the input is %spossible (%s)",
             canasta_error_name(rc), ok ? "" : "im",
             rc && why_size ? why : "");
    /* why is written only for a refusal (API.md: cut to fit, always
     * terminated) */
    if (rc != CANASTA_OK && why_size)
        FZ_CHECK(memchr(why, '\0', why_size) != NULL,
                 "why not terminated within %zu bytes", why_size);
    if (!why_size)
        FZ_CHECK(why[0] == 'x', "wrote to a zero-size why");
    if (rc == CANASTA_OK) {
        int hv = 0, want[CANASTA_SCORE_ITEMS];
        for (size_t i = 0; i < n_hand; i++)
            hv += fz_card_value(hand[i]);
        fz_score_side(want, melds, n_melds, red, hv, went_out);
        for (size_t i = 0; i < n_items && i < CANASTA_SCORE_ITEMS; i++)
            FZ_CHECK(items[i] == want[i], "item %zu: %d, expected %d", i,
                     items[i], want[i]);
    }
    free(items);
    free(why);
    free(hand);
    free(melds);
    canasta_rules_free(rules);
    return 0;
}
