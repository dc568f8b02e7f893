/*
 * fuzz_rules.c - rules options with arbitrary keys and values.
 *
 * The input is a list of operations, an opcode byte and its operands:
 *   0  canasta_rules_set(key, value): accepted exactly when the key is
 *      settable and the value lies in canasta_rules_option_range; a
 *      refusal leaves every option (and the object, byte for byte) as it
 *      was; an acceptance changes that one option only
 *   1  canasta_rules_get / canasta_rules_option_range for any key
 *   2  the O1 and R3 tables for any total and count
 *   3  make a game from the rules so far: its options must be the
 *      rules'; the first time in an input, also play its first hand
 *   4  create rules and games with an allocator that fails at the k-th
 *      request: every call either succeeds or fails with E_NOMEM and an
 *      output of NULL; LeakSanitizer sees anything not given back
 * Keys come from the known list, from the settable keys' numbers and
 * four past them (-3..12) or the read-only block's and five past it
 * (95..109), so that a key added to the library but not to this list is
 * found at once, or are any 32-bit value; values are at,
 * inside or just outside the key's range, or any 32-bit value.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "internal.h"

static const int keys[] = {
    CANASTA_OPT_TARGET_SCORE, CANASTA_OPT_ASK_PERMISSION,
    CANASTA_OPT_ONE_CARD_RULE, CANASTA_OPT_TIE_RULE, CANASTA_OPT_HAND_SIZE,
    CANASTA_OPT_CANASTAS_TO_GO_OUT, CANASTA_OPT_DRAW_COUNT,
    CANASTA_OPT_CONCEALED_ADDITIONS,
    CANASTA_OPT_PLAYERS, CANASTA_OPT_SIDES, CANASTA_OPT_PACKS,
    CANASTA_OPT_JOKERS, CANASTA_OPT_DECK_SIZE, CANASTA_OPT_LONE_HAND
};
#define N_KEYS (sizeof keys / sizeof keys[0])
#define N_SETTABLE 8
/* Places in keys[] (and in the model) the checks below read. */
enum { I_PLAYERS = N_SETTABLE, I_PACKS = N_SETTABLE + 2,
       I_DECK_SIZE = N_SETTABLE + 4 };

/* The classic preset's values (canasta.h, RULES.md C1, C2, C4, G1, G3,
 * G4, P6, S6, T1; no lone hand, X3). */
static const int defaults[N_KEYS] = {
    5000, 1, 1, CANASTA_TIE_PLAY_ON, 11, 1, 1, 0, 4, 2, 2, 4, 108, 0
};

static int key_index(int key)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (keys[i] == key)
            return (int)i;
    return -1;
}

static int read_key(fz_in *in)
{
    unsigned b = fz_u8(in);
    if (b < 200)
        return keys[b % N_KEYS];
    if (b < 216)
        return (int)(b - 203); /* the settable keys and past them: -3..12 */
    if (b < 231)
        return (int)(b - 121); /* the read-only block and past it: 95..109 */
    return (int)fz_u32(in);
}

static int read_value(fz_in *in, int lo, int hi)
{
    unsigned b = fz_u8(in);
    if (b < 128) {
        long span = (long)hi - lo + 1;
        return (int)(lo + (long)(fz_u16(in) % (unsigned long)span));
    }
    switch (b % 6) {
    case 0: return lo == INT32_MIN ? lo : lo - 1;
    case 1: return lo;
    case 2: return hi;
    case 3: return hi == INT32_MAX ? hi : hi + 1;
    case 4: return (int)(int8_t)fz_u8(in);
    default: return (int)fz_u32(in);
    }
}

static void check_all(const canasta_rules *r, const int *model)
{
    for (size_t i = 0; i < N_KEYS; i++) {
        int v = -77777;
        FZ_OK(canasta_rules_get(&v, r, keys[i]));
        FZ_CHECK(v == model[i], "option %d is %d, expected %d", keys[i], v,
                 model[i]);
    }
}

static void check_alloc_failures(unsigned k, uint64_t seed)
{
    /* refuses its k-th request and every one after (fuzz.h) */
    fz_counter b = { 0, 0, (long)k };
    canasta_rules *r = (canasta_rules *)&b; /* must be reset to NULL */
    int rc = canasta_rules_create_with_allocator(&r, CANASTA_PRESET_CLASSIC,
                                                 fz_count_alloc,
                                                 fz_count_release, &b);
    FZ_CHECK((rc == CANASTA_OK) == (r != NULL) &&
             (rc == CANASTA_OK || rc == CANASTA_E_NOMEM),
             "rules create: %s", canasta_error_name(rc));
    if (rc == CANASTA_OK) {
        canasta_rules *r2 = (canasta_rules *)&b;
        rc = canasta_rules_clone(&r2, r);
        FZ_CHECK((rc == CANASTA_OK) == (r2 != NULL) &&
                 (rc == CANASTA_OK || rc == CANASTA_E_NOMEM),
                 "rules clone: %s", canasta_error_name(rc));
        canasta_game *g = (canasta_game *)&b;
        rc = canasta_game_create(&g, r2 ? r2 : r, seed);
        FZ_CHECK((rc == CANASTA_OK) == (g != NULL) &&
                 (rc == CANASTA_OK || rc == CANASTA_E_NOMEM),
                 "game create: %s", canasta_error_name(rc));
        if (g) {
            canasta_game *g2 = (canasta_game *)&b;
            rc = canasta_game_clone(&g2, g);
            FZ_CHECK((rc == CANASTA_OK) == (g2 != NULL) &&
                     (rc == CANASTA_OK || rc == CANASTA_E_NOMEM),
                     "game clone: %s", canasta_error_name(rc));
            canasta_game_free(g2);
        }
        canasta_game_free(g);
        canasta_rules_free(r2);
    }
    canasta_rules_free(r);
    FZ_CHECK(b.live == 0, "%ld allocations not given back", b.live);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in;
    fz_in_init(&in, data, size);
    canasta_rules *r = NULL;
    FZ_OK(canasta_rules_create(&r, CANASTA_PRESET_CLASSIC));
    int model[N_KEYS];
    memcpy(model, defaults, sizeof model);
    check_all(r, model);
    canasta_rules before;
    int played = 0;

    for (int step = 0; step < 512 && fz_more(&in); step++) {
        unsigned op = fz_u8(&in) % 5;
        int key = read_key(&in), ki = key_index(key);
        int lo = 0, hi = 0;
        int rrc = canasta_rules_option_range(&lo, &hi, r, key);
        FZ_CHECK(rrc == (ki >= 0 ? CANASTA_OK : CANASTA_E_OPTION),
                 "range of key %d: %s", key, canasta_error_name(rrc));
        if (ki >= (int)N_SETTABLE)
            FZ_CHECK(lo == model[ki] && hi == model[ki], "read-only key %d "
                     "range %d..%d, value %d", key, lo, hi, model[ki]);
        else if (ki >= 0)
            FZ_CHECK(lo <= defaults[ki] && defaults[ki] <= hi,
                     "key %d range %d..%d misses the default", key, lo, hi);
        if (rrc != CANASTA_OK) {
            lo = -3;
            hi = 3;
        }
        switch (op) {
        case 0: {
            int value = read_value(&in, lo, hi);
            memcpy(&before, r, sizeof before);
            int rc = canasta_rules_set(r, key, value);
            int want = ki < 0 ? CANASTA_E_OPTION
                     : ki >= (int)N_SETTABLE ? CANASTA_E_READONLY
                     : (value < lo || value > hi) ? CANASTA_E_RANGE
                     : CANASTA_OK;
            /* C4: the deal must leave a stock; the only refusal allowed
             * inside the range */
            if (want == CANASTA_OK && key == CANASTA_OPT_HAND_SIZE &&
                model[I_PLAYERS] * value + 10 > model[I_DECK_SIZE])
                want = CANASTA_E_RANGE;
            FZ_CHECK(rc == want, "set %d = %d: %s, expected %s", key, value,
                     canasta_error_name(rc), canasta_error_name(want));
            if (rc == CANASTA_OK)
                model[ki] = value;
            else
                FZ_CHECK(memcmp(&before, r, sizeof before) == 0,
                         "a refused set changed the rules object");
            check_all(r, model);
            break;
        }
        case 1: {
            int v = -99999;
            int rc = canasta_rules_get(&v, r, key);
            FZ_CHECK(rc == (ki >= 0 ? CANASTA_OK : CANASTA_E_OPTION),
                     "get %d: %s", key, canasta_error_name(rc));
            if (ki >= 0)
                FZ_CHECK(v == model[ki], "get %d: %d", key, v);
            break;
        }
        case 2: {
            int total = (int)fz_u32(&in), m = -1;
            if (total & 1)
                total = (int)(int16_t)total * 3; /* near the O1 steps */
            FZ_OK(canasta_rules_opening_minimum(&m, r, total));
            FZ_CHECK(m == fz_opening_minimum(total), "O1: total %d gives "
                     "%d", total, m);
            int count = (int)(int8_t)fz_u8(&in), bonus = -1;
            int rc = canasta_rules_red_three_bonus(&bonus, r, count);
            if (count >= 0 && count <= 2 * model[I_PACKS])
                FZ_CHECK(rc == CANASTA_OK &&
                         bonus == fz_red_three_bonus(count),
                         "R3: %d red threes give %d (%s)", count, bonus,
                         canasta_error_name(rc));
            else
                FZ_CHECK(rc == CANASTA_E_ARG, "R3: %d red threes: %s", count,
                         canasta_error_name(rc));
            break;
        }
        case 3: {
            fz_game *f = fz_game_new(r, fz_u64(&in));
            FZ_CHECK(f != NULL, "out of memory");
            for (size_t i = 0; i < N_KEYS; i++) {
                int v = -1;
                FZ_OK(canasta_game_option(&v, fz_game_get(f), keys[i]));
                FZ_CHECK(v == model[i], "the game's option %d is %d, the "
                         "rules' %d", keys[i], v, model[i]);
            }
            /* one hand per input: playing is fuzz_play's job, and a hand
             * costs as much as thousands of sets */
            if (!played)
                fz_game_finish_hand(f, 5000);
            played = 1;
            fz_game_free(f);
            break;
        }
        default:
            check_alloc_failures(fz_u8(&in) % 8, fz_u64(&in));
            break;
        }
    }
    canasta_rules *c = NULL;
    FZ_OK(canasta_rules_clone(&c, r));
    FZ_CHECK(memcmp(c, r, sizeof *c) == 0, "a clone differs");
    check_all(c, model);
    canasta_rules_free(c);
    canasta_rules_free(r);
    return 0;
}
