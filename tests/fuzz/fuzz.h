/*
 * fuzz.h - what the fuzz harnesses (tests/fuzz/fuzz_NAME.c) share: an
 * input reader, the failure report, and fz_game, a game wrapped with the
 * checks every harness that ends up holding a game should run.
 *
 * Each harness defines LLVMFuzzerTestOneInput and nothing else that is
 * global; it is linked either with libFuzzer or with tests/fuzz/driver.c.
 * A harness reports a violated property with FZ_CHECK, which prints the
 * reason and calls abort(), so libFuzzer (or the driver) keeps the input.
 *
 * A harness for a new parser (records, saves, positions) that yields a
 * game should hand it to fz_game_adopt() and then run fz_game_check(),
 * fz_game_apply() and fz_game_finish_hand() on it like fuzz_play.c does.
 */
#ifndef CANASTA_FUZZ_H
#define CANASTA_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "canasta.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#if defined(__GNUC__)
#define FZ_NORETURN __attribute__((noreturn))
#define FZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FZ_NORETURN
#define FZ_PRINTF(f, a)
#endif

void fz_fail(const char *file, int line, const char *cond, const char *fmt,
             ...) FZ_NORETURN FZ_PRINTF(4, 5);

/* FZ_CHECK(condition, printf-format, ...): abort with a message unless
 * the condition holds. */
#define FZ_CHECK(cond, ...)                                                 \
    do {                                                                    \
        if (!(cond))                                                        \
            fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                \
    } while (0)

/* FZ_OK(call): abort unless the call returns CANASTA_OK. */
#define FZ_OK(call)                                                         \
    do {                                                                    \
        int fz_rc_ = (call);                                                \
        if (fz_rc_ != CANASTA_OK)                                           \
            fz_fail(__FILE__, __LINE__, #call, "returned %d (%s)", fz_rc_,  \
                    canasta_error_name(fz_rc_));                            \
    } while (0)

/* ---- reading the input ---- */
typedef struct fz_in {
    const uint8_t *p;
    size_t n, i;
} fz_in;

static inline void fz_in_init(fz_in *in, const uint8_t *p, size_t n)
{
    in->p = p;
    in->n = n;
    in->i = 0;
}
static inline int fz_more(const fz_in *in) { return in->i < in->n; }
/* Past the end every read gives zeros, so short inputs still mean
 * something. */
static inline unsigned fz_u8(fz_in *in)
{
    return in->i < in->n ? in->p[in->i++] : 0u;
}
static inline unsigned fz_u16(fz_in *in)
{
    unsigned lo = fz_u8(in);
    return lo | fz_u8(in) << 8;
}
static inline uint32_t fz_u32(fz_in *in)
{
    uint32_t lo = fz_u16(in);
    return lo | (uint32_t)fz_u16(in) << 16;
}
static inline uint64_t fz_u64(fz_in *in)
{
    uint64_t lo = fz_u32(in);
    return lo | (uint64_t)fz_u32(in) << 32;
}

/* ---- independent rule arithmetic (RULES.md V1, O1, R3, M1-M6) ---- */
/* These are written from RULES.md, not from lib/, so that the harnesses
 * compare the library against a second reading of the rules. */
int fz_card_value(int card);            /* V1; red threes 0; -1 not a card */
int fz_opening_minimum(int total);      /* O1 */
int fz_red_three_bonus(int count);      /* R3, classic: 100 each, 4 = 800 */
/* The same for any preset (CANASTA_PRESET_*): O1 with X6's 150 from 7000
 * for two sides; R3 with X6's table (100 each up to four, 1000 for five,
 * 1200 for six). */
int fz_opening_minimum_for(int preset, int total);
int fz_red_three_bonus_for(int preset, int count);
/* The preset of a game of that many players and sides (C1, X2, X3, X6):
 * every preset has its own pair. */
int fz_preset_of(int players, int sides);
/* M1, M5, M6: the CANASTA_MELD_* class of a meld of rank with naturals,
 * twos and jokers, or CANASTA_E_MELD / CANASTA_E_THREES. */
int fz_meld_class(int rank, int naturals, int twos, int jokers);
/* E3 with S1-S3: a side's hand score from its parts.  melds: rows
 * {rank, naturals, twos, jokers}; hand_value: V1 sum of the cards left in
 * its hands. */
void fz_score_side(int items[CANASTA_SCORE_ITEMS], const int *melds,
                   size_t n_melds, int red_threes, int hand_value,
                   int went_out);

/* ---- a game under watch ---- */
typedef struct fz_game fz_game;

/* A game of rules dealt from seed; NULL only when out of memory. */
fz_game *fz_game_new(const canasta_rules *rules, uint64_t seed);
/* Take over a game made elsewhere (e.g. by a parser); fz_game_free frees
 * it.  What happened earlier in its hand is unknown, so the checks that
 * need the hand's moves (G3 concealed) wait for the next hand. */
fz_game *fz_game_adopt(canasta_game *game);
void fz_game_free(fz_game *f);
const canasta_game *fz_game_get(const fz_game *f);
const canasta_rules *fz_game_rules(const fz_game *f);

/* Every invariant of a game state (see support.c): card accounting,
 * melds, pile flags, phase and seat, totals and scores, legal moves. */
void fz_game_check(fz_game *f);
/* The legal moves of the current decision (checked: each one validates).
 * The array stays valid until the next call on f. */
const canasta_move *fz_game_legal(fz_game *f, size_t *count);
/* Apply any move, legal or not, with every check around it: validate
 * and apply agree, a rejection changes nothing and is explained, an
 * accepted move obeys the rules it touches.  Returns apply's status. */
int fz_game_apply(fz_game *f, const canasta_move *move);
/* canasta_undo with its checks (the game returns to the state before the
 * last move). */
int fz_game_undo(fz_game *f);
/* canasta_game_set_deck with its checks (accepted exactly when cards is
 * a full deck and the hand is fresh; a rejection changes nothing). */
int fz_game_set_deck(fz_game *f, const uint8_t *cards, size_t n);
/* Play the first legal move until the hand is over; abort if it does not
 * end within max_moves moves. */
void fz_game_finish_hand(fz_game *f, size_t max_moves);
/* The number of moves applied in the current hand. */
size_t fz_game_moves_in_hand(const fz_game *f);

/* ---- text forms (docs/NOTATION.md) ---- */
/* The result of a reader (load, from_position, record_parse, ...): on
 * success a result; on failure none, a known error code and an
 * explanation that starts with "line N: ". */
void fz_check_reader(const char *what, int rc, const void *out,
                     const char *why, size_t why_size);
/* A caller's allocator for the harnesses: counts the requests made
 * (calls) and the blocks not yet given back (live), and refuses every
 * request from number fail_at on (0-based; fail_at < 0: never). */
typedef struct fz_counter {
    long live, calls, fail_at;
} fz_counter;
void *fz_count_alloc(void *user, size_t size);
void fz_count_release(void *user, void *p);

/* A reader's _with_allocator form on a text its plain form accepted:
 * load(out, text, size, alloc, release, user) must succeed through a
 * counting allocator, make an object that same(obj, ctx) accepts (same
 * may be NULL) and give back every block when free_obj(obj) frees it;
 * and it must give E_NOMEM, make nothing and leave no block when the
 * allocator refuses its requests from the first, one in the middle or
 * the last on. */
typedef int (*fz_loader)(void **out, const uint8_t *text, size_t size,
                         canasta_alloc_fn alloc, canasta_release_fn release,
                         void *user);
void fz_check_reader_allocator(const char *what, fz_loader load,
                               void (*free_obj)(void *obj),
                               void (*same)(void *obj, void *ctx), void *ctx,
                               const uint8_t *text, size_t size);
/* Every writer on g, read back: save/load (equal game, same bytes),
 * position/from_position (same text), JSON for every viewer, a record of
 * the current hand (text a fixed point of parse + text; replays to the
 * same position). */
void fz_check_texts(const canasta_game *g);

#endif
