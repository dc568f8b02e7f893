/*
 * js_trace.c - the native half of the JavaScript package's cross-check
 * (bindings/js/test/trace.test.mjs, run by "make check-js"): the same games
 * are played here, through the C library, and through the WebAssembly
 * module from JavaScript, and the test compares the two traces exactly.
 *
 * Usage: js_trace PRESET SEED MODE TARGET MAXMOVES
 *
 *   PRESET    classic, two-players, three-players, six-three-sides or
 *             six-two-sides
 *   SEED      the game's seed, a decimal uint64 (0 .. 18446744073709551615)
 *   MODE      ref:    the reference computer player (default knobs) plays
 *                     every seat: canasta_player_play(&m, player, game, s)
 *             random: canasta_legal_moves, then entry (s % count) of them
 *                     is played with canasta_apply
 *             where s = js_trace_seed(SEED, i) for the i-th move of the
 *             game (0-based, counted over all hands):
 *                 js_trace_seed(seed, i) = splitmix64(seed ^ i)
 *             (splitmix64 below; the test computes it with BigInt).
 *   TARGET    the rules option target (S6), e.g. 1000, to keep games short
 *   MAXMOVES  stop after this many moves even if the game goes on
 *
 * Output, one item per line ("\n"), nothing else on stdout:
 *
 *   legal N              random mode only: the number of legal moves at
 *                        this decision (before its move line)
 *   move TEXT            each move played, canasta_move_to_string
 *   end over|cap         the game ended (S6) or MAXMOVES was reached
 *   phase P              canasta_game_phase (1..5)
 *   hand-number N
 *   totals T0 T1 ...     canasta_game_total of every side
 *   winner W|none        canasta_game_winner, or none while the game goes on
 *   save-begin
 *   ...                  the canasta_game_save text, exactly (it ends in
 *                        a newline)
 *   save-end
 *
 * Errors go to stderr with exit status 1 (2 for bad arguments).
 * Uses only the public header.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"

static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "js_trace: %s: %s (%s)\n", what,
                canasta_error_name(rc), canasta_strerror(rc));
        exit(1);
    }
}

static uint64_t splitmix64(uint64_t x)
{
    uint64_t z = x + UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t js_trace_seed(uint64_t seed, unsigned long index)
{
    return splitmix64(seed ^ (uint64_t)index);
}

static int preset_of(const char *name)
{
    static const struct {
        const char *name;
        int preset;
    } presets[] = {
        { "classic", CANASTA_PRESET_CLASSIC },
        { "two-players", CANASTA_PRESET_TWO_PLAYERS },
        { "three-players", CANASTA_PRESET_THREE_PLAYERS },
        { "six-three-sides", CANASTA_PRESET_SIX_THREE_SIDES },
        { "six-two-sides", CANASTA_PRESET_SIX_TWO_SIDES },
    };
    size_t i;
    for (i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(name, presets[i].name) == 0)
            return presets[i].preset;
    return 0;
}

static int read_u64(uint64_t *out, const char *text)
{
    char *end;
    unsigned long long v;
    if (text[0] < '0' || text[0] > '9')
        return 0;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0')
        return 0;
    *out = (uint64_t)v;
    return 1;
}

static void usage(void)
{
    fprintf(stderr, "usage: js_trace PRESET SEED ref|random TARGET "
                    "MAXMOVES\n");
    exit(2);
}

int main(int argc, char **argv)
{
    canasta_rules *rules = NULL;
    canasta_game *game = NULL;
    canasta_player *player = NULL;
    canasta_move *moves = NULL;
    canasta_move m;
    char text[CANASTA_MOVE_TEXT_MAX], why[1024];
    char *save = NULL;
    size_t count = 0, cap = 0, len = 0;
    uint64_t seed = 0, target = 0, max_moves = 0;
    unsigned long i;
    int preset, random_mode, phase = 0, v, sides, s;

    if (argc != 6)
        usage();
    preset = preset_of(argv[1]);
    if (preset == 0 || !read_u64(&seed, argv[2]) ||
        !read_u64(&target, argv[4]) || !read_u64(&max_moves, argv[5]) ||
        target > 1000000)
        usage();
    if (strcmp(argv[3], "ref") == 0)
        random_mode = 0;
    else if (strcmp(argv[3], "random") == 0)
        random_mode = 1;
    else
        usage();

    must(canasta_rules_create(&rules, preset), "rules");
    must(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, (int)target),
         "target");
    must(canasta_game_create(&game, rules, seed), "game");
    canasta_rules_free(rules);
    must(canasta_player_create(&player), "player");

    for (i = 0; i < max_moves; i++) {
        uint64_t s64 = js_trace_seed(seed, i);
        must(canasta_game_phase(&phase, game), "phase");
        if (phase == CANASTA_PHASE_GAME_OVER)
            break;
        if (random_mode) {
            int rc = canasta_legal_moves(moves, cap, &count, game);
            if (rc == CANASTA_E_BUFFER) {
                free(moves);
                cap = count;
                moves = malloc(cap * sizeof *moves);
                if (!moves)
                    must(CANASTA_E_NOMEM, "legal moves");
                rc = canasta_legal_moves(moves, cap, &count, game);
            }
            must(rc, "legal moves");
            if (count == 0) {
                fprintf(stderr, "js_trace: no legal move at move %lu\n", i);
                return 1;
            }
            printf("legal %lu\n", (unsigned long)count);
            m = moves[s64 % (uint64_t)count];
            must(canasta_move_to_string(text, sizeof text, &m), "move text");
            if (canasta_apply(why, sizeof why, game, &m) != CANASTA_OK) {
                fprintf(stderr, "js_trace: %s refused: %s\n", text, why);
                return 1;
            }
        } else {
            must(canasta_player_play(&m, player, game, s64), "player");
            must(canasta_move_to_string(text, sizeof text, &m), "move text");
        }
        printf("move %s\n", text);
    }
    must(canasta_game_phase(&phase, game), "phase");
    printf("end %s\n", phase == CANASTA_PHASE_GAME_OVER ? "over" : "cap");
    printf("phase %d\n", phase);
    must(canasta_game_hand_number(&v, game), "hand number");
    printf("hand-number %d\n", v);
    must(canasta_game_option(&sides, game, CANASTA_OPT_SIDES), "sides");
    printf("totals");
    for (s = 0; s < sides; s++) {
        must(canasta_game_total(&v, game, s), "total");
        printf(" %d", v);
    }
    printf("\n");
    if (canasta_game_winner(&v, game) == CANASTA_OK)
        printf("winner %d\n", v);
    else
        printf("winner none\n");
    must(canasta_game_save(&save, &len, game), "save");
    printf("save-begin\n");
    fwrite(save, 1, len, stdout);
    if (len == 0 || save[len - 1] != '\n')
        printf("\n");
    printf("save-end\n");
    canasta_free(save);
    free(moves);
    canasta_player_free(player);
    canasta_game_free(game);
    return fflush(stdout) == 0 ? 0 : 1;
}
