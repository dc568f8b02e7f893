/* rules.c - the rules object: presets, options and the tables that make
 * the variants data rather than code (O1 opening table, R3 red threes). */
#include <limits.h>
#include <string.h>
#include "cn_assert.h"
#include "internal.h"

/* O1: below 0 -> 15; 0..1495 -> 50; 1500..2995 -> 90; 3000+ -> 120 */
static void classic_openings(cn_params *p)
{
    p->n_open = 4;
    p->open_from[0] = INT32_MIN; p->open_min[0] = 15;
    p->open_from[1] = 0;         p->open_min[1] = 50;
    p->open_from[2] = 1500;      p->open_min[2] = 90;
    p->open_from[3] = 3000;      p->open_min[3] = 120;
}

/* The classic 4-player partnership game (C1-C4, O1, R3, S6 defaults). */
static void preset_classic(cn_params *p)
{
    memset(p, 0, sizeof *p);
    p->preset = CANASTA_PRESET_CLASSIC;
    p->players = 4;
    p->sides = 2;
    p->packs = 2;
    p->jokers = 4;
    p->deck_size = 108;
    p->hand_size = 11;
    p->draw_count = 1;
    p->canastas_to_go_out = 1;
    p->target = 5000;
    p->ask_allowed = 1;
    p->one_card_rule = 1;
    p->tie_rule = CANASTA_TIE_PLAY_ON;
    /* G3 as published: a concealed exit adds nothing to the side's
     * earlier melds (RULES.md G3 and its sources). */
    p->concealed_adds = 0;
    for (int s = 0; s < 4; s++)
        p->seat_side[s] = s % 2; /* C1: partners sit opposite */
    classic_openings(p);
    /* R3: 100 each, all four 800 */
    p->red3_bonus[0] = 0;
    p->red3_bonus[1] = 100;
    p->red3_bonus[2] = 200;
    p->red3_bonus[3] = 300;
    p->red3_bonus[4] = 800;
}

/* Every player a side of their own (X2, and X3 at the start of a hand). */
static void each_alone(cn_params *p, int players)
{
    p->players = players;
    p->sides = players;
    for (int s = 0; s < CN_MAX_PLAYERS; s++)
        p->seat_side[s] = s < players ? s : 0;
}

/* X2: 15 cards, two cards per draw, two canastas to go out, each player
 * scores alone, game to 5000.  Nobody has a partner to ask (G4). */
static void preset_two(cn_params *p)
{
    preset_classic(p);
    p->preset = CANASTA_PRESET_TWO_PLAYERS;
    each_alone(p, 2);
    p->hand_size = 15;
    p->draw_count = 2;
    p->canastas_to_go_out = 2;
    p->ask_allowed = 0;
}

/* X3 (cutthroat): 13 cards, draw two, the first to take the pile plays
 * alone; individual totals, game to 7500, one canasta to go out. */
static void preset_three(cn_params *p)
{
    preset_classic(p);
    p->preset = CANASTA_PRESET_THREE_PLAYERS;
    each_alone(p, 3);
    p->hand_size = 13;
    p->draw_count = 2;
    p->target = 7500;
    p->lone_hand = 1;
}

/* X6: three packs and six jokers, 13 cards, two canastas to go out; red
 * threes 100 each up to four, five 1000, six 1200. */
static void preset_six(cn_params *p, int preset, int sides)
{
    preset_classic(p);
    p->preset = preset;
    p->players = 6;
    p->sides = sides;
    p->packs = 3;
    p->jokers = 6;
    p->deck_size = 162;
    p->hand_size = 13;
    p->canastas_to_go_out = 2;
    /* Three sides of two: partners opposite (s, s+3).  Two sides of
     * three: alternate seats. */
    for (int s = 0; s < 6; s++)
        p->seat_side[s] = s % sides;
    for (int n = 1; n <= 4; n++)
        p->red3_bonus[n] = 100 * n;
    p->red3_bonus[5] = 1000;
    p->red3_bonus[6] = 1200;
    if (sides == 3) {
        p->target = 7500;
    } else {
        /* Two sides play to 10000, and from 7000 the opening needs 150. */
        p->target = 10000;
        p->n_open = 5;
        p->open_from[4] = 7000;
        p->open_min[4] = 150;
    }
}

int cn_params_preset(cn_params *p, int preset)
{
    switch (preset) {
    case CANASTA_PRESET_CLASSIC:
        preset_classic(p);
        return CANASTA_OK;
    case CANASTA_PRESET_TWO_PLAYERS:
        preset_two(p);
        return CANASTA_OK;
    case CANASTA_PRESET_THREE_PLAYERS:
        preset_three(p);
        return CANASTA_OK;
    case CANASTA_PRESET_SIX_THREE_SIDES:
        preset_six(p, preset, 3);
        return CANASTA_OK;
    case CANASTA_PRESET_SIX_TWO_SIDES:
        preset_six(p, preset, 2);
        return CANASTA_OK;
    default:
        return CANASTA_E_PRESET;
    }
}

int cn_opening_min(const cn_params *p, int total)
{
    int m = p->open_min[0];
    for (int i = 1; i < p->n_open; i++)
        if (total >= p->open_from[i])
            m = p->open_min[i];
    return m;
}

int cn_red3_bonus(const cn_params *p, int count)
{
    /* Callers pass 0 to 2 x packs (at most 6) red threes. */
    if (NEVER(count < 0))
        return 0;
    if (NEVER(count >= CN_RED3_TABLE))
        count = CN_RED3_TABLE - 1;
    return p->red3_bonus[count];
}

/* How often each card code occurs in one full deck of these rules. */
void cn_deck_counts(const cn_params *p, uint8_t counts[CANASTA_CARD_LIMIT])
{
    memset(counts, 0, CANASTA_CARD_LIMIT);
    for (int c = 8; c < 60; c++)
        counts[c] = (uint8_t)p->packs;
    counts[CANASTA_JOKER] = (uint8_t)p->jokers;
}

int cn_deck_valid(const cn_params *p, const uint8_t *cards, size_t n)
{
    uint8_t want[CANASTA_CARD_LIMIT];
    if (n != (size_t)p->deck_size)
        return 0;
    cn_deck_counts(p, want);
    for (size_t i = 0; i < n; i++) {
        if (!cn_valid_card(cards[i]) || want[cards[i]] == 0)
            return 0;
        want[cards[i]]--;
    }
    return 1; /* n matches and no code was over-used, so all are used */
}

/* ---- options ---- */

typedef struct option_def {
    int key;
    int min, max;
    int writable;
    size_t offset;
} option_def;

#define P_OFF(field) offsetof(cn_params, field)
static const option_def options[] = {
    { CANASTA_OPT_TARGET_SCORE, 1, 1000000, 1, P_OFF(target) },
    { CANASTA_OPT_ASK_PERMISSION, 0, 1, 1, P_OFF(ask_allowed) },
    { CANASTA_OPT_ONE_CARD_RULE, 0, 1, 1, P_OFF(one_card_rule) },
    { CANASTA_OPT_TIE_RULE, 0, 1, 1, P_OFF(tie_rule) },
    { CANASTA_OPT_HAND_SIZE, 7, 15, 1, P_OFF(hand_size) },
    { CANASTA_OPT_CANASTAS_TO_GO_OUT, 1, 3, 1, P_OFF(canastas_to_go_out) },
    { CANASTA_OPT_DRAW_COUNT, 1, 2, 1, P_OFF(draw_count) },
    { CANASTA_OPT_CONCEALED_ADDITIONS, 0, 1, 1, P_OFF(concealed_adds) },
    { CANASTA_OPT_PLAYERS, 0, 0, 0, P_OFF(players) },
    { CANASTA_OPT_SIDES, 0, 0, 0, P_OFF(sides) },
    { CANASTA_OPT_PACKS, 0, 0, 0, P_OFF(packs) },
    { CANASTA_OPT_JOKERS, 0, 0, 0, P_OFF(jokers) },
    { CANASTA_OPT_DECK_SIZE, 0, 0, 0, P_OFF(deck_size) },
    { CANASTA_OPT_LONE_HAND, 0, 0, 0, P_OFF(lone_hand) },
};

static const option_def *find_option(int key)
{
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (options[i].key == key)
            return &options[i];
    return NULL;
}

/* The range of a settable option under these rules.  G4 needs a partner:
 * where every player always plays alone (X2), asking stays off. */
static void bounds(int *lo, int *hi, const cn_params *p, const option_def *d)
{
    *lo = d->min;
    *hi = d->max;
    if (d->key == CANASTA_OPT_ASK_PERMISSION && p->players == p->sides &&
        !p->lone_hand)
        *hi = 0;
}

static int32_t *field(cn_params *p, const option_def *d)
{
    return (int32_t *)(void *)((char *)p + d->offset);
}

static int get_field(const cn_params *p, const option_def *d)
{
    return *(const int32_t *)(const void *)((const char *)p + d->offset);
}

int cn_params_get(int *value, const cn_params *p, int key)
{
    const option_def *d = find_option(key);
    if (!d)
        return CANASTA_E_OPTION;
    *value = get_field(p, d);
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_create_with_allocator(canasta_rules **out,
    int preset, canasta_alloc_fn alloc, canasta_release_fn release,
    void *user)
{
    if (!out)
        return CANASTA_E_NULL;
    *out = NULL;
    if (!cn_alloc_pair_ok(alloc, release))
        return CANASTA_E_ARG;
    cn_params p;
    int rc = cn_params_preset(&p, preset);
    if (rc)
        return rc;
    canasta_rules *r = cn_alloc(alloc, user, sizeof *r);
    if (!r)
        return CANASTA_E_NOMEM;
    memset(r, 0, sizeof *r);
    r->alloc = alloc;
    r->release = release;
    r->user = user;
    r->p = p;
    *out = r;
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_create(canasta_rules **out, int preset)
{
    return canasta_rules_create_with_allocator(out, preset, NULL, NULL, NULL);
}

CANASTA_API void canasta_rules_free(canasta_rules *rules)
{
    if (rules)
        cn_release(rules->release, rules->user, rules);
}

CANASTA_API int canasta_rules_clone(canasta_rules **out,
                                    const canasta_rules *rules)
{
    if (!out || !rules)
        return CANASTA_E_NULL;
    canasta_rules *r = cn_alloc(rules->alloc, rules->user, sizeof *r);
    if (!r) {
        *out = NULL;
        return CANASTA_E_NOMEM;
    }
    *r = *rules;
    *out = r;
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_set(canasta_rules *rules, int key, int value)
{
    if (!rules)
        return CANASTA_E_NULL;
    const option_def *d = find_option(key);
    if (!d)
        return CANASTA_E_OPTION;
    if (!d->writable)
        return CANASTA_E_READONLY;
    int lo, hi;
    bounds(&lo, &hi, &rules->p, d);
    if (value < lo || value > hi)
        return CANASTA_E_RANGE;
    if (key == CANASTA_OPT_HAND_SIZE) {
        /* C4: the deal plus an upcard must leave a stock to draw from. */
        if (NEVER(rules->p.players * value + 10 > rules->p.deck_size))
            return CANASTA_E_RANGE;
    }
    *field(&rules->p, d) = value;
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_get(int *value, const canasta_rules *rules,
                                  int key)
{
    if (!value || !rules)
        return CANASTA_E_NULL;
    return cn_params_get(value, &rules->p, key);
}

CANASTA_API int canasta_rules_option_range(int *min, int *max,
                                           const canasta_rules *rules, int key)
{
    if (!min || !max || !rules)
        return CANASTA_E_NULL;
    const option_def *d = find_option(key);
    if (!d)
        return CANASTA_E_OPTION;
    if (d->writable) {
        bounds(min, max, &rules->p, d);
    } else {
        *min = *max = get_field(&rules->p, d);
    }
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_opening_minimum(int *minimum,
    const canasta_rules *rules, int total)
{
    if (!minimum || !rules)
        return CANASTA_E_NULL;
    *minimum = cn_opening_min(&rules->p, total);
    return CANASTA_OK;
}

CANASTA_API int canasta_rules_red_three_bonus(int *bonus,
    const canasta_rules *rules, int count)
{
    if (!bonus || !rules)
        return CANASTA_E_NULL;
    if (count < 0 || count > rules->p.packs * 2)
        return CANASTA_E_ARG;
    *bonus = cn_red3_bonus(&rules->p, count);
    return CANASTA_OK;
}

int cn_unopened_hand_max(const cn_params *p)
{
    int stock = p->deck_size - p->players * p->hand_size - 1;
    return p->hand_size + (p->draw_count - 1) * (stock / p->draw_count);
}
