/*
 * fuzz_play.c - sequences of moves, legal or not, applied to seeded games.
 *
 * Input: 8 bytes of seed (its top bit also sets the concealed-additions
 * option, G3); a byte whose bits 0-6 say which rules options
 * follow (one byte each: target, ask, one-card rule, tie rule, hand size,
 * canastas to go out, draw count) and whose bit 7 says that a preset byte
 * comes first (preset = byte % 5 + 1: classic, two players X2, three
 * players X3, six players in three sides or in two sides X6; without it
 * the classic game); then steps, each an opcode byte and its operands:
 *   0-111    a legal move: the next byte (two when more than 255 are
 *            listed) picks it from canasta_legal_moves
 *   112-127  1-64 turns of drawing and discarding (the first listed move
 *            to draw, the last listed, a discard, to play): empties the
 *            stock, where E1, E2 and the empty-stock refusals live
 *   128-159  a move built from bytes: any kind, seat, card, groups and
 *            cards, including codes that are not cards and counts past
 *            the arrays
 *   160-175  a meld or pile take composed from the seat's hand: per
 *            group a rank (mostly one the seat holds) and how many
 *            naturals, twos and jokers of it, so that near-legal melds
 *            (a wild card too many, black threes, a short opening) are
 *            common
 *   176-207  a legal move with 1-3 mutations (seat, kind, a card, a
 *            group's rank or count, groups added, dropped or repeated)
 *   208-219  undo
 *   220-235  play the first legal moves to the end of the hand, then
 *            deal the next one (reaches later hands and game ends)
 *   236-247  canasta_game_set_deck with the current deck shuffled by the
 *            next bytes, sometimes with one card replaced
 *   248-255  every text writer on the game, read back (fz_check_texts:
 *            save, position, JSON, record of the hand); twice per input
 *            at most, as it costs as much as a hundred moves
 * fz_game_apply and friends (support.c) check every step.  When the input
 * is used up, the first legal move is played until the hand is over,
 * which must happen.
 */
#include <string.h>
#include "fuzz.h"

#define MAX_STEPS 3000
#define FINISH_MOVES 5000

static const int option_keys[7] = {
    CANASTA_OPT_TARGET_SCORE, CANASTA_OPT_ASK_PERMISSION,
    CANASTA_OPT_ONE_CARD_RULE, CANASTA_OPT_TIE_RULE, CANASTA_OPT_HAND_SIZE,
    CANASTA_OPT_CANASTAS_TO_GO_OUT, CANASTA_OPT_DRAW_COUNT
};
/* The eighth settable option, G3's CANASTA_OPT_CONCEALED_ADDITIONS, has
 * no bit of the mask byte left: the seed's top bit sets it (the deal
 * still uses the whole seed), so the inputs keep their layout. */

/* An option value from one byte: low targets end games in a hand or two. */
static int option_value(int i, unsigned b)
{
    switch (i) {
    case 0: return (int)(b + 1) * 25;
    case 4: return 7 + (int)(b % 9);
    case 5: return 1 + (int)(b % 3);
    case 6: return 1 + (int)(b % 2);
    default: return (int)(b & 1);
    }
}

/* A card for a move: mostly one the seat holds, sometimes any byte. */
static uint8_t pick_card(fz_in *in, const canasta_game *g, int seat)
{
    unsigned b = fz_u8(in);
    uint8_t hand[256];
    size_t n = 0;
    if (b >= 200)
        return (uint8_t)fz_u8(in);
    if (canasta_game_hand(hand, sizeof hand, &n, g, seat) != CANASTA_OK ||
        n == 0)
        return (uint8_t)b;
    return hand[b % n];
}

static int players_of(const canasta_game *g)
{
    int players = 0;
    FZ_OK(canasta_game_option(&players, g, CANASTA_OPT_PLAYERS));
    return players;
}

static int hand_seat(const canasta_game *g, const canasta_move *m)
{
    int cur = 0;
    FZ_OK(canasta_game_current_seat(&cur, g));
    return m->seat < players_of(g) ? m->seat : cur;
}

static void build_move(canasta_move *m, fz_in *in, const canasta_game *g)
{
    int cur = 0;
    FZ_OK(canasta_game_current_seat(&cur, g));
    memset(m, 0, sizeof *m);
    unsigned b = fz_u8(in);
    m->kind = (uint8_t)(b < 200 ? b % 10 : b);
    b = fz_u8(in);
    m->seat = (uint8_t)(b < 192 ? (unsigned)cur
                        : b < 240 ? b % (unsigned)players_of(g) : b);
    int seat = hand_seat(g, m);
    m->card = pick_card(in, g, seat);
    b = fz_u8(in);
    m->ngroups = (uint8_t)(b < 240 ? b % 4 : b);
    for (int gi = 0; gi < m->ngroups && gi < CANASTA_MOVE_MAX_GROUPS; gi++) {
        canasta_group *gr = &m->groups[gi];
        b = fz_u8(in);
        gr->rank = (uint8_t)(b < 224 ? 3 + b % 12 : b);
        b = fz_u8(in);
        gr->count = (uint8_t)(b < 240 ? b % 8 : b);
        for (int i = 0; i < gr->count && i < CANASTA_GROUP_MAX_CARDS; i++)
            gr->cards[i] = pick_card(in, g, seat);
    }
}

/* A group of rank with up to k naturals, t twos and j jokers taken from
 * the counts left in hand (avail). */
static void compose_group(canasta_group *gr, uint8_t *avail, int rank,
                          int k, int t, int j)
{
    memset(gr, 0, sizeof *gr);
    gr->rank = (uint8_t)rank;
    for (int c = rank * 4; c < rank * 4 + 4 && c < 64; c++)
        for (; avail[c] && k > 0 && gr->count < CANASTA_GROUP_MAX_CARDS;
             k--, avail[c]--)
            gr->cards[gr->count++] = (uint8_t)c;
    for (int c = 8; c < 12; c++)
        for (; avail[c] && t > 0 && gr->count < CANASTA_GROUP_MAX_CARDS;
             t--, avail[c]--)
            gr->cards[gr->count++] = (uint8_t)c;
    for (; avail[CANASTA_JOKER] && j > 0 &&
           gr->count < CANASTA_GROUP_MAX_CARDS; j--, avail[CANASTA_JOKER]--)
        gr->cards[gr->count++] = CANASTA_JOKER;
}

static void compose_move(canasta_move *m, fz_in *in, const canasta_game *g)
{
    int cur = 0, top = 0;
    uint8_t hand[256], avail[64];
    size_t n = 0;
    FZ_OK(canasta_game_current_seat(&cur, g));
    FZ_OK(canasta_game_pile_top(&top, g));
    FZ_OK(canasta_game_hand(hand, sizeof hand, &n, g, cur));
    memset(avail, 0, sizeof avail);
    for (size_t i = 0; i < n; i++)
        avail[hand[i] & 63]++;
    unsigned b = fz_u8(in);
    canasta_move_init(m, b & 1 ? CANASTA_MOVE_TAKE_PILE : CANASTA_MOVE_MELD,
                      cur);
    int groups = 1 + (int)(b >> 1) % 3;
    for (int gi = 0; gi < groups; gi++) {
        int rank;
        b = fz_u8(in);
        if (gi == 0 && m->kind == CANASTA_MOVE_TAKE_PILE && top)
            rank = top / 4;
        else if (b < 192 && n > 0)
            rank = hand[b % n] / 4; /* a rank the seat holds */
        else
            rank = 3 + (int)(b % 12);
        if (rank < 3 || rank > 14)
            rank = 3 + (int)(b % 12); /* a wild card: any rank */
        unsigned c = fz_u8(in);
        compose_group(&m->groups[m->ngroups], avail, rank, (int)(c % 5),
                      (int)(c / 5 % 4), (int)(c / 20 % 4));
        m->ngroups++;
    }
}

/* Turns of drawing and discarding, for the end of the stock. */
static void draw_discard(fz_game *f, unsigned turns)
{
    for (unsigned t = 0; t < 3 * turns; t++) {
        int phase;
        FZ_OK(canasta_game_phase(&phase, fz_game_get(f)));
        if (phase == CANASTA_PHASE_HAND_OVER ||
            phase == CANASTA_PHASE_GAME_OVER)
            return;
        size_t n;
        const canasta_move *lm = fz_game_legal(f, &n);
        canasta_move m = lm[phase == CANASTA_PHASE_PLAY ? n - 1 : 0];
        FZ_OK(fz_game_apply(f, &m));
    }
}

static void mutate(canasta_move *m, fz_in *in, const canasta_game *g)
{
    int seat = hand_seat(g, m);
    int gi = m->ngroups ? (int)(fz_u8(in) % m->ngroups) : 0;
    if (gi >= CANASTA_MOVE_MAX_GROUPS)
        gi = 0;
    canasta_group *gr = &m->groups[gi];
    unsigned b;
    switch (fz_u8(in) % 12) {
    case 0:
        b = fz_u8(in);
        if (b < 128) {
            unsigned np = (unsigned)players_of(g);
            m->seat = (uint8_t)((m->seat + 1 + b % (np - 1)) % np);
        } else {
            m->seat = (uint8_t)b;
        }
        break;
    case 1:
        m->kind = (uint8_t)(fz_u8(in) % 10);
        break;
    case 2:
        m->card = pick_card(in, g, seat);
        break;
    case 3:
        if (m->ngroups == 0)
            m->ngroups = 1;
        if (gr->count < CANASTA_GROUP_MAX_CARDS)
            gr->cards[gr->count++] = pick_card(in, g, seat);
        else
            gr->count = (uint8_t)fz_u8(in);
        break;
    case 4:
        if (gr->count)
            gr->count--;
        break;
    case 5:
        if (gr->count && gr->count <= CANASTA_GROUP_MAX_CARDS)
            gr->cards[fz_u8(in) % gr->count] = pick_card(in, g, seat);
        break;
    case 6:
        b = fz_u8(in);
        gr->rank = (uint8_t)(b < 240 ? 3 + b % 12 : b);
        break;
    case 7:
        if (m->ngroups < CANASTA_MOVE_MAX_GROUPS) {
            canasta_group *ng = &m->groups[m->ngroups++];
            memset(ng, 0, sizeof *ng);
            ng->rank = (uint8_t)(3 + fz_u8(in) % 12);
            ng->count = (uint8_t)(1 + fz_u8(in) % 3);
            for (int i = 0; i < ng->count; i++)
                ng->cards[i] = pick_card(in, g, seat);
        }
        break;
    case 8:
        if (m->ngroups && m->ngroups <= CANASTA_MOVE_MAX_GROUPS) {
            memmove(&m->groups[gi], &m->groups[gi + 1],
                    (size_t)(m->ngroups - gi - 1) * sizeof *gr);
            m->ngroups--;
        }
        break;
    case 9:
        m->ngroups = (uint8_t)fz_u8(in);
        break;
    case 10:
        gr->count = (uint8_t)fz_u8(in);
        break;
    default:
        if (m->ngroups >= 1 && m->ngroups < CANASTA_MOVE_MAX_GROUPS)
            m->groups[m->ngroups++] = m->groups[0];
        break;
    }
}

/* Fisher-Yates driven by input bytes, sometimes one card replaced: most
 * of these decks are valid, the rest differ in one place. */
static void try_deck(fz_game *f, fz_in *in)
{
    uint8_t deck[256];
    size_t n = 0;
    FZ_OK(canasta_game_deck(deck, sizeof deck, &n, fz_game_get(f)));
    unsigned swaps = fz_u8(in) % 64;
    for (unsigned k = 0; k < swaps && n > 1; k++) {
        size_t i = fz_u8(in) % n, j = fz_u8(in) % n;
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    unsigned b = fz_u8(in);
    if (b < 24 && n > 0)
        deck[fz_u8(in) % n] = (uint8_t)fz_u8(in);
    else if (b < 32 && n > 0)
        n -= 1 + b % 2;
    fz_game_set_deck(f, deck, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in;
    fz_in_init(&in, data, size);
    uint64_t seed = fz_u64(&in);
    unsigned mask = fz_u8(&in);
    int preset = mask & 0x80 ? (int)(fz_u8(&in) % 5) + 1
                             : CANASTA_PRESET_CLASSIC;
    canasta_rules *rules = NULL;
    FZ_OK(canasta_rules_create(&rules, preset));
    for (int i = 0; i < 7; i++)
        if (mask >> i & 1) {
            /* inside the preset's range (X2: nobody to ask, G4) */
            int v = option_value(i, fz_u8(&in)), lo = 0, hi = 0;
            FZ_OK(canasta_rules_option_range(&lo, &hi, rules,
                                             option_keys[i]));
            FZ_OK(canasta_rules_set(rules, option_keys[i],
                                    v < lo ? lo : v > hi ? hi : v));
        }
    FZ_OK(canasta_rules_set(rules, CANASTA_OPT_CONCEALED_ADDITIONS,
                            (int)(seed >> 63)));
    fz_game *f = fz_game_new(rules, seed);
    canasta_rules_free(rules);
    FZ_CHECK(f != NULL, "out of memory");

    int texts_left = 2;
    for (int step = 0; step < MAX_STEPS && fz_more(&in); step++) {
        const canasta_game *g = fz_game_get(f);
        unsigned op = fz_u8(&in);
        canasta_move m;
        size_t n = 0;
        if (op < 112 || (op >= 176 && op < 208)) {
            const canasta_move *lm = fz_game_legal(f, &n);
            if (n == 0)
                continue; /* game over: nothing to pick */
            size_t k = n > 255 ? fz_u16(&in) : fz_u8(&in);
            m = lm[k % n];
            if (op >= 176) {
                unsigned times = 1 + fz_u8(&in) % 3;
                for (unsigned t = 0; t < times; t++)
                    mutate(&m, &in, g);
            }
            int rc = fz_game_apply(f, &m);
            if (op < 112)
                FZ_CHECK(rc == CANASTA_OK, "a listed move was refused: %s",
                         canasta_error_name(rc));
        } else if (op < 128) {
            draw_discard(f, 1 + fz_u8(&in) % 64);
        } else if (op < 160) {
            build_move(&m, &in, g);
            fz_game_apply(f, &m);
        } else if (op < 176) {
            compose_move(&m, &in, g);
            fz_game_apply(f, &m);
        } else if (op < 220) {
            fz_game_undo(f);
        } else if (op < 236) {
            int phase;
            fz_game_finish_hand(f, FINISH_MOVES);
            FZ_OK(canasta_game_phase(&phase, g));
            if (phase == CANASTA_PHASE_HAND_OVER) {
                fz_game_legal(f, &n);
                FZ_CHECK(n == 1, "%zu moves after the hand", n);
                FZ_OK(fz_game_apply(f, fz_game_legal(f, &n)));
            }
        } else if (op < 248) {
            try_deck(f, &in);
        } else if (texts_left > 0) {
            texts_left--;
            fz_check_texts(g);
        }
    }
    fz_game_finish_hand(f, FINISH_MOVES);
    fz_game_free(f);
    return 0;
}
