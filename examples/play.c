/*
 * play.c - Canasta at the terminal: you play seat 0 (your partner is seat
 * 2) against three reference players.  The main loop of every app on the
 * library: show what the person may see, read a command, let the library
 * check and play the move, let the computer seats move, until the game is
 * over.  Usage: play [--seed N] (play --help lists the commands).  Exit
 * status: 0, or 1 on an engine error, 2 on bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser of the tools and examples */

#define ME 0 /* the seat of the person at the terminal */

static const char commands[] =
    "commands:\n"
    "  moves      your legal moves, numbered;  N  play move number N\n"
    "  MOVE       a move written out: draw, take 9c 9s, meld 7h 7d 7s,\n"
    "             discard 4c, ask, yes, no, decline (docs/NOTATION.md)\n"
    "  hint       the reference player's move, and why\n"
    "  undo       back to your last move (and the others' moves since)\n"
    "  save FILE  load FILE  show (the table again)  help  quit\n";

/* An error other than a refused move is a bug here (or no memory): stop. */
static void must(int rc, const char *what)
{
    if (rc == CANASTA_OK)
        return;
    fprintf(stderr, "play: %s: %s\n", what, canasta_strerror(rc));
    exit(1);
}

static void print_cards(const char *label, const uint8_t *cards, size_t n)
{
    char text[8];
    printf("%s", label);
    for (size_t i = 0; i < n; i++) {
        must(canasta_card_to_string(text, sizeof text, cards[i]), "card");
        printf(" %s", text);
    }
}

static const char *move_text(char *text, const canasta_move *move)
{
    must(canasta_move_to_string(text, CANASTA_MOVE_TEXT_MAX, move), "move");
    return text;
}

/* What seat 0 may see (A1): a line for the pile and the others' hand sizes,
 * one per side (total, red threes, melds), one for your hand. */
static void show(const canasta_game *g)
{
    uint8_t cards[128];
    size_t n;
    int value;
    must(canasta_game_hand_number(&value, g), "hand number");
    must(canasta_game_pile(cards, sizeof cards, &n, g), "pile");
    printf("\nhand %d, pile of %zu:", value, n);
    if (n > 0) /* bottom card first: the top card is the last */
        print_cards("", cards + n - 1, 1);
    must(canasta_game_pile_status(&value, g, ME), "pile");
    printf("%s | cards in hand:", value & CANASTA_PILE_FROZEN_MASK ?
           " (frozen for you)" : "");
    for (int seat = 1; seat < 4; seat++) {
        must(canasta_game_hand_size(&value, g, seat), "hand size");
        printf(" seat %d %d", seat, value);
    }
    for (int side = 0; side < 2; side++) {
        must(canasta_game_total(&value, g, side), "total");
        printf("\nside %d (%s), %d points | red threes:", side,
               side == 0 ? "you and seat 2" : "seats 1 and 3", value);
        for (int seat = side; seat < 4; seat += 2) { /* partners: opposite */
            must(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
                 "red threes");
            print_cards("", cards, n);
        }
        printf(" | melds:");
        for (int rank = 3; rank <= 14; rank++) {
            must(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                         rank), "meld");
            if (n > 0) { /* seven cards or more make a canasta (M5) */
                printf(" [%c:", "??23456789TJQKA"[rank]);
                print_cards("", cards, n);
                printf("%s]", n >= 7 ? " canasta" : "");
            }
        }
    }
    must(canasta_game_hand(cards, sizeof cards, &n, g, ME), "hand");
    print_cards("\nyour hand:", cards, n);
    printf("\n");
}

static void save(const canasta_game *g, const char *file)
{
    char *text;
    size_t length;
    FILE *f = fopen(file, "w");
    must(canasta_game_save(&text, &length, g), "save");
    int ok = f != NULL && fwrite(text, 1, length, f) == length;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    printf(ok ? "saved to %s\n" : "could not write %s\n", file);
    canasta_free(text);
}

/* 1 if the game saved in file now replaces *g; else 0, and why. */
static int load(canasta_game **g, const char *file)
{
    static char text[1 << 20]; /* a saved game is a few kilobytes */
    char why[256];
    canasta_game *loaded;
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        printf("could not read %s\n", file);
        return 0;
    }
    size_t length = fread(text, 1, sizeof text, f);
    fclose(f);
    if (canasta_game_load(&loaded, why, sizeof why, text, length) !=
        CANASTA_OK) {
        printf("%s is not a saved game: %s\n", file, why);
        return 0;
    }
    canasta_game_free(*g);
    *g = loaded;
    return 1;
}

/* Back over the computer seats' moves to your last one, which is taken
 * back too; 1 if *g changed.  The undoing is done on a copy, kept only if
 * it reaches a move of yours: undo stops at the start of the hand (A3),
 * and the others would then move again, perhaps otherwise. */
static int undo(canasta_game **g)
{
    canasta_game *back;
    int rc, seat;
    must(canasta_game_clone(&back, *g), "undo");
    while ((rc = canasta_undo(back)) == CANASTA_OK) {
        must(canasta_game_current_seat(&seat, back), "seat");
        if (seat == ME)
            break;
    }
    printf("%s\n", rc == CANASTA_OK ? "undone" : canasta_strerror(rc));
    if (rc != CANASTA_OK) {
        canasta_game_free(back);
        return 0;
    }
    canasta_game_free(*g);
    *g = back;
    return 1;
}

enum { OPT_HELP = 1, OPT_VERSION = 2, OPT_SEED = 3 };

int main(int argc, char **argv)
{
    static const cli_option options[] = {
        { "help", 'h', CLI_NO_VALUE, OPT_HELP },
        { "version", 0, CLI_NO_VALUE, OPT_VERSION },
        { "seed", 0, CLI_VALUE, OPT_SEED } };
    canasta_rules *rules;
    canasta_game *game;
    canasta_player *bot;
    canasta_move move, *legal = NULL;
    size_t n_legal = 0, i;
    unsigned long long seed = 1, turn = 0;
    char line[1100], why[CANASTA_HINT_TEXT_MAX], text[CANASTA_MOVE_TEXT_MAX];
    char extra;
    int phase, seat, rc, changed = 1; /* changed: show the table again */
    cli c;

    cli_init(&c, "play", argc, argv, 1);
    while ((rc = cli_next(&c, options, 3)) != CLI_END) {
        if (rc == CLI_ERROR)
            return cli_report(&c);
        if (rc == CLI_OPERAND)
            return cli_usage_error("play", "unexpected argument '%s'",
                                   c.value);
        if (rc == OPT_HELP) {
            printf("usage: play [--seed N]   (N: the game, default 1)\n"
                   "       play -h, --help | --version\n%s", commands);
            return 0;
        }
        if (rc == OPT_VERSION)
            return cli_version("play");
        /* What is left is --seed N: N all digits (sscanf alone takes
         * "-1" and " 5"). */
        if (c.value[0] < '0' || c.value[0] > '9' ||
            sscanf(c.value, "%llu%c", &seed, &extra) != 1)
            return cli_usage_error("play", "--seed takes a number, not '%s'",
                                   c.value);
    }
    must(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), "rules");
    must(canasta_game_create(&game, rules, seed), "new game");
    canasta_rules_free(rules); /* the game keeps a copy of its rules */
    must(canasta_player_create(&bot), "player");
    printf("Canasta (libcanasta %s), game %llu: you are seat 0, your partner "
           "seat 2.\nType help for the commands.\n", canasta_version_string(),
           seed);
    for (;;) { /* one decision a pass: the phase and the seat say whose */
        must(canasta_game_phase(&phase, game), "phase");
        must(canasta_game_current_seat(&seat, game), "seat");
        if (phase >= CANASTA_PHASE_HAND_OVER) {
            printf("\nthe hand is over; the new totals:");
            show(game);
            if (phase == CANASTA_PHASE_GAME_OVER)
                break;
            /* The next hand is dealt at once: there is nothing to decide. */
            must(canasta_move_init(&move, CANASTA_MOVE_NEXT_HAND, seat),
                 "move");
            must(canasta_apply(NULL, 0, game, &move), "next hand");
            continue;
        }
        if (seat != ME) { /* a computer seat decides and plays */
            must(canasta_player_play(&move, bot, game,
                                     seed * 1000003u + turn++), "player");
            printf("seat %d: %s\n", seat, move_text(text, &move));
            changed = 1;
            continue;
        }
        if (changed) { /* count the legal moves, make room, list them */
            canasta_legal_moves(NULL, 0, &n_legal, game);
            if ((legal = realloc(legal, n_legal * sizeof *legal)) == NULL)
                must(CANASTA_E_NOMEM, "legal moves");
            must(canasta_legal_moves(legal, n_legal, &n_legal, game),
                 "legal moves");
            show(game);
            changed = 0;
        }
        printf("play> ");
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL)
            break; /* the end of the input, as quit */
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "quit") == 0) {
            break;
        } else if (strcmp(line, "show") == 0) {
            changed = 1;
        } else if (strcmp(line, "moves") == 0) {
            for (i = 0; i < n_legal; i++)
                printf("%4zu  %s\n", i + 1, move_text(text, &legal[i]));
        } else if (strcmp(line, "hint") == 0) {
            must(canasta_player_hint(&move, why, sizeof why, bot, game),
                 "hint");
            printf("hint: %s\n      %s\n", move_text(text, &move), why);
        } else if (strcmp(line, "undo") == 0) {
            changed = undo(&game);
        } else if (strncmp(line, "save ", 5) == 0) {
            save(game, line + 5);
        } else if (strncmp(line, "load ", 5) == 0) {
            changed = load(&game, line + 5);
        } else if (line[0] == '\0' || strcmp(line, "help") == 0) {
            printf("%s", commands);
        } else if (line[strspn(line, "0123456789")] == '\0') { /* a number */
            i = (size_t)strtoul(line, NULL, 10);
            if (i < 1 || i > n_legal) {
                printf("no move %s: type moves for the list\n", line);
            } else { /* a listed move: the library refusing it is a bug */
                must(canasta_apply(NULL, 0, game, &legal[i - 1]), "apply");
                changed = 1;
            }
        } else if (canasta_move_from_string(&move, why, sizeof why, line,
                                            (size_t)-1, ME) != CANASTA_OK) {
            printf("%s (type help for the commands)\n", why);
        } else if (canasta_apply(why, sizeof why, game, &move) != CANASTA_OK) {
            printf("refused: %s\n", why); /* why names the rule, e.g. T1 */
        } else {
            changed = 1;
        }
    }
    if (phase == CANASTA_PHASE_GAME_OVER) {
        must(canasta_game_winner(&seat, game), "winner");
        if (seat < 0)
            printf("game over: a tie\n");
        else
            printf("game over: side %d wins\n", seat);
    }
    free(legal);
    canasta_player_free(bot);
    canasta_game_free(game);
    return 0;
}
