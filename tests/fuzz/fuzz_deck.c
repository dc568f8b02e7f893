/*
 * fuzz_deck.c - canasta_game_set_deck with arbitrary card orders.
 *
 * Input: 8 bytes of seed, an options byte (bit 2: a preset byte follows,
 * preset = byte % 5 + 1, so the 162-card six-player deck (X6) and the
 * games for two and three (X2, X3) are dealt too, else the classic game;
 * bit 0: hand size from the next byte, bit 1: draw count 2), a mode byte,
 * then the deck material:
 *   mode % 4 == 0  the rest of the input is the deck, as it is
 *   mode % 4 == 1  the seeded deck with swaps (byte pairs): always valid
 *   mode % 4 == 2  as 1, then one position set to the next byte
 *   mode % 4 == 3  as 1, then cut or lengthened by the next byte
 * The deck must be accepted exactly when it is a permutation of the full
 * deck, and a refusal must leave the game as it was (fz_game_set_deck
 * checks both).  An accepted deck is then played: the first legal moves
 * to the end of the hand, with every invariant after every move, so odd
 * deals (wild cards and red threes turned up in a row, red threes in
 * every hand) are exercised too.  Finally a second set_deck after a move
 * must be refused with E_NOT_FRESH.
 */
#include <string.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in;
    fz_in_init(&in, data, size);
    uint64_t seed = fz_u64(&in);
    unsigned opts = fz_u8(&in);
    int preset = opts & 4 ? (int)(fz_u8(&in) % 5) + 1
                          : CANASTA_PRESET_CLASSIC;
    canasta_rules *rules = NULL;
    FZ_OK(canasta_rules_create(&rules, preset));
    if (opts & 1)
        FZ_OK(canasta_rules_set(rules, CANASTA_OPT_HAND_SIZE,
                                7 + (int)(fz_u8(&in) % 9)));
    if (opts & 2)
        FZ_OK(canasta_rules_set(rules, CANASTA_OPT_DRAW_COUNT, 2));
    fz_game *f = fz_game_new(rules, seed);
    canasta_rules_free(rules);
    FZ_CHECK(f != NULL, "out of memory");

    uint8_t deck[512];
    size_t n = 0;
    unsigned mode = fz_u8(&in) % 4;
    if (mode == 0) {
        n = size - in.i < sizeof deck ? size - in.i : sizeof deck;
        memcpy(deck, data + in.i, n);
        in.i += n;
    } else {
        FZ_OK(canasta_game_deck(deck, sizeof deck, &n, fz_game_get(f)));
        while (fz_more(&in) && in.n - in.i >= 2 && n > 1) {
            size_t i = fz_u8(&in) % n, j = fz_u8(&in) % n;
            uint8_t t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
            if (mode >= 2 && in.n - in.i == 2)
                break; /* the last two bytes say how to spoil it */
        }
        if (mode == 2 && n > 0) {
            size_t at = fz_u8(&in) % n;
            deck[at] = (uint8_t)fz_u8(&in);
        } else if (mode == 3) {
            unsigned b = fz_u8(&in);
            size_t want = b < 128 ? n - 1 - b % 8 : n + 1 + b % 8;
            for (size_t k = n; k < want; k++)
                deck[k] = (uint8_t)(8 + (fz_u8(&in) + k) % 53);
            n = want;
        }
    }
    if (fz_game_set_deck(f, deck, n) == CANASTA_OK) {
        size_t count;
        const canasta_move *lm = fz_game_legal(f, &count);
        int phase;
        FZ_OK(canasta_game_phase(&phase, fz_game_get(f)));
        if (count > 0 && phase == CANASTA_PHASE_DRAW) {
            canasta_move first = lm[0];
            FZ_OK(fz_game_apply(f, &first));
            fz_game_set_deck(f, deck, n); /* must say E_NOT_FRESH */
        }
        fz_game_finish_hand(f, 5000);
    }
    fz_game_free(f);
    return 0;
}
