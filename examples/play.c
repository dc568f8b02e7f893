/*
 * play.c - Canasta at the terminal: you play seat 0, with seat 2 as your
 * partner, against three reference players.  The main loop of every app
 * on the library: show what the person may see, read a command, let the
 * library check and play the move, let the computer seats move, until the
 * game is over.  Exit status: 0, or 1 on an engine error, 2 on bad usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser of the tools and examples */

#define ME 0 /* the seat of the person at the terminal */

#define COMMANDS                                                          \
    "commands:\n"                                                         \
    "  moves      your legal moves, numbered;  N  play move number N\n"   \
    "  MOVE       a move written out: draw, take 9c 9s, meld 7h 7d 7s,\n" \
    "             discard 4c, ask, yes, no, decline (docs/NOTATION.md)\n" \
    "  hint       the reference player's move, and why\n"                 \
    "  undo       back to your last move (and the others' moves since)\n" \
    "  save FILE  load FILE  show (the table again)  help  quit\n"

/* An error other than a refused move is a bug here (or no memory): stop,
 * naming the call that failed. */
#define MUST(call) must((call), #call)
static void must(int rc, const char *call)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "play: %s: %s\n", call, canasta_strerror(rc));
        exit(1);
    }
}

static void print_cards(const char *label, const uint8_t *cards, size_t n)
{
    char text[8];
    printf("%s", label);
    for (size_t i = 0; i < n; i++) {
        MUST(canasta_card_to_string(text, sizeof text, cards[i]));
        printf(" %s", text);
    }
}

static const char *move_text(char *text, const canasta_move *move)
{
    MUST(canasta_move_to_string(text, CANASTA_MOVE_TEXT_MAX, move));
    return text;
}

/* What seat 0 may see (A1): the pile's size, top card and freeze; each
 * side's total, its seats' hand sizes and red threes, its melds; your
 * hand. */
static void show(const canasta_game *g)
{
    uint8_t cards[128];
    size_t n;
    int value;
    MUST(canasta_game_hand_number(&value, g));
    MUST(canasta_game_pile(cards, sizeof cards, &n, g));
    printf("\nhand %d, pile of %zu:", value, n);
    if (n > 0) /* bottom card first: the top card is the last */
        print_cards("", cards + n - 1, 1);
    MUST(canasta_game_pile_status(&value, g, ME));
    printf("%s", value & CANASTA_PILE_FROZEN_MASK ? " (frozen for you)" : "");
    for (int side = 0; side < 2; side++) {
        MUST(canasta_game_total(&value, g, side));
        printf("\nside %d (seats %d and %d), %d points", side, side,
               side + 2, value); /* partners sit opposite */
        for (int seat = side; seat < 4; seat += 2) {
            MUST(canasta_game_hand_size(&value, g, seat));
            MUST(canasta_game_red_threes(cards, sizeof cards, &n, g, seat));
            printf(" | seat %d: %d cards", seat, value);
            print_cards(n > 0 ? ", red threes" : "", cards, n);
        }
        for (int rank = 3; rank <= 14; rank++) { /* 3: black threes (M6) */
            MUST(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                         rank));
            if (n > 0) /* seven cards or more make a canasta (M5) */
                print_cards(n >= 7 ? "\n  canasta:" : "\n  meld:", cards, n);
        }
    }
    MUST(canasta_game_hand(cards, sizeof cards, &n, g, ME));
    print_cards("\nyour hand:", cards, n);
    printf("\n");
}

static void save(const canasta_game *g, const char *file)
{
    char *text;
    FILE *f = fopen(file, "w");
    MUST(canasta_game_save(&text, NULL, g));
    int ok = f != NULL && fputs(text, f) != EOF;
    ok = f != NULL && fclose(f) == 0 && ok; /* a full disk shows at fclose */
    printf(ok ? "saved to %s\n" : "could not write %s\n", file);
    canasta_free(text);
}

/* 1 if the game saved in file now replaces g; else 0, and why. */
static int load(canasta_game *g, const char *file)
{
    static char text[1 << 20]; /* a saved game is a few kilobytes */
    char why[256];
    canasta_game *saved = NULL;
    FILE *f = fopen(file, "r");
    size_t length = f != NULL ? fread(text, 1, sizeof text, f) : 0;
    if (f == NULL || fclose(f) != 0) {
        printf("could not read %s\n", file);
        return 0;
    }
    int rc = canasta_game_load(&saved, why, sizeof why, text, length);
    if (rc != CANASTA_OK)
        printf("%s is not a saved game: %s\n", file, why);
    else if ((rc = canasta_game_copy(g, saved)) != CANASTA_OK) /* E_ARG */
        printf("%s is not a game of four players\n", file);
    canasta_game_free(saved);
    return rc == CANASTA_OK;
}

/* Back over the computer seats' moves to your last one, which is taken
 * back too; 1 if g changed.  The undoing is done on a copy, kept only if
 * it reaches a move of yours: undo stops at the start of the hand (A3),
 * and the others would then move again, perhaps otherwise. */
static int undo(canasta_game *g)
{
    canasta_game *back;
    int rc = CANASTA_OK, seat = -1;
    MUST(canasta_game_clone(&back, g));
    while (seat != ME && (rc = canasta_undo(back)) == CANASTA_OK)
        MUST(canasta_game_current_seat(&seat, back));
    printf("%s\n", rc == CANASTA_OK ? "undone" : canasta_strerror(rc));
    if (rc == CANASTA_OK)
        MUST(canasta_game_copy(g, back));
    canasta_game_free(back);
    return rc == CANASTA_OK;
}

/* Seat 0's commands, from showing the table to the first that changes the
 * game or asks for the table (1), or to quit or the end of the input (0). */
static int person(canasta_game *g, const canasta_player *bot)
{
    canasta_move move, *legal;
    size_t n, i, pick;
    char line[1100], why[CANASTA_HINT_TEXT_MAX], text[CANASTA_MOVE_TEXT_MAX];
    char *end;
    int number, outcome = -1; /* -1: read on; 1: show the table; 0: quit */
    show(g);
    canasta_legal_moves(NULL, 0, &n, g); /* the count, to make room */
    if ((legal = malloc((n + 1) * sizeof *legal)) == NULL)
        MUST(CANASTA_E_NOMEM);
    MUST(canasta_legal_moves(legal, n, &n, g));
    while (outcome < 0) {
        printf("play> ");
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL)
            break; /* the end of the input, as quit */
        line[strcspn(line, "\r\n")] = '\0';
        pick = strtoul(line, &end, 10);
        number = end != line && *end == '\0'; /* a listed move's number */
        if (strcmp(line, "quit") == 0) {
            outcome = 0;
        } else if (strcmp(line, "show") == 0) {
            outcome = 1;
        } else if (strcmp(line, "moves") == 0) {
            for (i = 0; i < n; i++)
                printf("%4zu  %s\n", i + 1, move_text(text, &legal[i]));
        } else if (strcmp(line, "hint") == 0) {
            MUST(canasta_player_hint(&move, why, sizeof why, bot, g));
            printf("hint: %s\n      %s\n", move_text(text, &move), why);
        } else if (strcmp(line, "undo") == 0) {
            outcome = undo(g) ? 1 : -1;
        } else if (strncmp(line, "save ", 5) == 0) {
            save(g, line + 5);
        } else if (strncmp(line, "load ", 5) == 0) {
            outcome = load(g, line + 5) ? 1 : -1;
        } else if (line[0] == '\0' || strcmp(line, "help") == 0) {
            printf(COMMANDS);
        } else if (number && (pick < 1 || pick > n)) {
            printf("no move %s: type moves for the list\n", line);
        } else if (number) { /* listed, so legal: a refusal is a bug */
            MUST(canasta_apply(NULL, 0, g, &legal[pick - 1]));
            outcome = 1;
        } else if (canasta_move_from_string(&move, why, sizeof why, line,
                                            (size_t)-1, ME) != CANASTA_OK) {
            printf("%s (type help for the commands)\n", why);
        } else if (canasta_apply(why, sizeof why, g, &move) != CANASTA_OK) {
            printf("refused: %s\n", why); /* why names the rule, e.g. T1 */
        } else {
            outcome = 1;
        }
    }
    free(legal);
    return outcome == 1;
}

int main(int argc, char **argv)
{
    enum { OPT_HELP = 1, OPT_VERSION = 2, OPT_SEED = 3 };
    static const cli_option options[] = {
        { "help", 'h', CLI_NO_VALUE, OPT_HELP },
        { "version", 0, CLI_NO_VALUE, OPT_VERSION },
        { "seed", 0, CLI_VALUE, OPT_SEED } };
    canasta_rules *rules;
    canasta_game *game;
    canasta_player *bot;
    canasta_move move;
    unsigned long long seed = 1, turn = 0;
    char text[CANASTA_MOVE_TEXT_MAX], *end;
    int phase, seat, rc;
    cli c;

    cli_init(&c, "play", argc, argv, 1);
    while ((rc = cli_next(&c, options, 3)) != CLI_END) {
        if (rc == CLI_ERROR)
            return cli_report(&c);
        if (rc == CLI_OPERAND)
            return cli_usage_error("play", "unexpected '%s'", c.value);
        if (rc == OPT_HELP) {
            printf("usage: play [--seed N]   (N: the game, default 1)\n"
                   "       play -h, --help | --version\n" COMMANDS);
            return 0;
        }
        if (rc == OPT_VERSION)
            return cli_version("play");
        errno = 0; /* --seed N: digits only, and below 2^64 */
        seed = strtoull(c.value, &end, 10);
        if (c.value[0] < '0' || c.value[0] > '9' || *end != '\0' || errno)
            return cli_usage_error("play", "--seed takes a number, not '%s'",
                                   c.value);
    }
    MUST(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC));
    MUST(canasta_game_create(&game, rules, seed));
    canasta_rules_free(rules); /* the game keeps a copy of its rules */
    MUST(canasta_player_create(&bot));
    printf("Canasta (libcanasta %s), game %llu: you are seat 0, your partner "
           "seat 2.\nType help for the commands.\n", canasta_version_string(),
           seed);
    for (;;) { /* one decision a pass: the phase and the seat say whose */
        MUST(canasta_game_phase(&phase, game));
        MUST(canasta_game_current_seat(&seat, game));
        if (phase >= CANASTA_PHASE_HAND_OVER) {
            printf("\nthe hand is over; the new totals:");
            show(game);
        }
        if (phase == CANASTA_PHASE_GAME_OVER) {
            MUST(canasta_game_winner(&seat, game));
            if (seat < 0) /* only when the rules declare ties (S6) */
                printf("game over: a tie\n");
            else
                printf("game over: side %d wins\n", seat);
            break;
        }
        if (seat == ME && phase < CANASTA_PHASE_HAND_OVER) {
            if (!person(game, bot))
                break;
            continue;
        }
        /* A computer seat's decision, or the next deal: the player plays */
        MUST(canasta_player_play(&move, bot, game, seed * 1000003u + turn++));
        printf("seat %d: %s\n", seat, move_text(text, &move));
    }
    canasta_player_free(bot);
    canasta_game_free(game);
    return 0;
}
