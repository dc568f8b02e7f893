/*
 * play.c - Canasta at the terminal: you play seat 0 and three reference
 * computer players (canasta_player_*) the other seats; seat 2 is your
 * partner.  This is the main loop of every app on the library: show what
 * the player may see, read a command, let the library check and play the
 * move, let the computer seats move, until the game is over.
 *
 * Usage: play [--seed N]     (play --help lists the commands)
 * Exit status: 0 when the game is over or you quit, 1 on an engine error,
 * 2 on bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser of the tools and examples */

#define ME 0 /* the seat of the person at the terminal */

static const char commands[] =
    "commands:\n"
    "  moves        list your legal moves, numbered\n"
    "  N            play legal move number N\n"
    "  MOVE         play a move written out: draw, take 9c 9s,\n"
    "               meld 7h 7d 7s, discard 4c, ask, yes, no, decline\n"
    "               (docs/NOTATION.md)\n"
    "  hint         the move the reference player would make, and why\n"
    "  undo         take back your last move (and the others' moves since)\n"
    "  save FILE    save the game;  load FILE  go on with a saved game\n"
    "  show         the table again;  quit  stop playing\n";

/* An engine error other than a refused move ends the program. */
static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "play: %s: %s\n", what, canasta_strerror(rc));
        exit(1);
    }
}

static void print_cards(const uint8_t *cards, size_t n)
{
    char text[8];
    size_t i;
    for (i = 0; i < n; i++) {
        must(canasta_card_to_string(text, sizeof text, cards[i]), "card");
        printf(" %s", text);
    }
}

/* What seat 0 may see (A1): its hand, the table, the others' hand sizes. */
static void show(const canasta_game *g)
{
    uint8_t cards[128];
    size_t n;
    int side, rank, seat, value, pile;
    must(canasta_game_hand_number(&value, g), "hand number");
    must(canasta_game_pile_size(&pile, g), "pile");
    printf("\nhand %d, pile of %d:", value, pile);
    must(canasta_game_pile_top(&value, g), "pile");
    cards[0] = (uint8_t)value;
    print_cards(cards, value != CANASTA_CARD_NONE);
    must(canasta_game_pile_status(&value, g, 0), "pile");
    printf("%s, cards in hand:", value & CANASTA_PILE_FROZEN_MASK ?
           " (frozen for you)" : "");
    for (seat = 1; seat < 4; seat++) {
        must(canasta_game_hand_size(&value, g, seat), "hand size");
        printf(" seat %d %d", seat, value);
    }
    for (side = 0; side < 2; side++) {
        must(canasta_game_total(&value, g, side), "total");
        printf("\nside %d (%s), %d points, red threes:", side,
               side == 0 ? "you and seat 2" : "seats 1 and 3", value);
        for (seat = side; seat < 4; seat += 2) { /* partners sit opposite */
            must(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
                 "red threes");
            print_cards(cards, n);
        }
        printf("\n  melds:");
        for (rank = 3; rank <= 14; rank++) {
            must(canasta_game_meld_cards(cards, sizeof cards, &n, g, side,
                                         rank), "meld");
            if (n > 0) {
                printf(" [%c:", "??23456789TJQKA"[rank]);
                print_cards(cards, n);
                printf("%s]", n >= 7 ? " canasta" : ""); /* M5 */
            }
        }
    }
    must(canasta_game_hand(cards, sizeof cards, &n, g, ME), "hand");
    printf("\nyour hand:");
    print_cards(cards, n);
    printf("\n");
}

static void save(const canasta_game *g, const char *file)
{
    char *text;
    size_t length;
    FILE *f = fopen(file, "w");
    must(canasta_game_save(&text, &length, g), "save");
    if (f == NULL || fwrite(text, 1, length, f) != length || fclose(f) != 0)
        printf("could not write %s\n", file);
    else
        printf("saved to %s\n", file);
    canasta_free(text);
}

/* On success the loaded game replaces *g; 1 if it did. */
static int load(canasta_game **g, const char *file)
{
    static char text[1 << 20]; /* a saved game is a few kilobytes */
    char why[256];
    canasta_game *loaded;
    size_t length;
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        printf("could not read %s\n", file);
        return 0;
    }
    length = fread(text, 1, sizeof text, f);
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

int main(int argc, char **argv)
{
    canasta_rules *rules;
    canasta_game *game;
    canasta_player *bot;
    canasta_move move, *legal = NULL;
    size_t n_legal = 0, capacity = 0, i;
    unsigned long long seed = 1, turn = 0;
    char line[1100], text[CANASTA_MOVE_TEXT_MAX], why[CANASTA_HINT_TEXT_MAX];
    char extra;
    int phase, seat, value, rc, changed = 1;

    static const cli_option options[] = {
        { "help", 'h', CLI_NO_VALUE, 1 }, { "version", 0, CLI_NO_VALUE, 2 },
        { "seed", 0, CLI_VALUE, 3 } };
    cli c;
    cli_init(&c, "play", argc, argv, 1);
    while ((rc = cli_next(&c, options, 3)) != CLI_END) {
        if (rc == CLI_ERROR)
            return cli_report(&c);
        if (rc == 1) {
            printf("usage: play [--seed N]\n  --seed N       the game number (default 1)\n"
                   "  -h, --help     this text\n  --version      the library's version\n%s",
                   commands);
            return 0;
        }
        if (rc == 2)
            return cli_version("play");
        if (rc == CLI_OPERAND)
            return cli_usage_error("play", "unexpected argument '%s'",
                                   c.value);
        if (sscanf(c.value, "%llu%c", &seed, &extra) != 1 ||
            c.value[0] < '0' || c.value[0] > '9')
            return cli_usage_error("play", "--seed takes a number, not '%s'",
                                   c.value);
    }
    must(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), "rules");
    must(canasta_game_create(&game, rules, seed), "new game");
    must(canasta_player_create(&bot), "player");
    printf("Canasta (libcanasta %s), game %llu: you are seat 0, your "
           "partner seat 2.\nType help for the commands.\n",
           canasta_version_string(), seed);
    for (;;) {
        must(canasta_game_phase(&phase, game), "phase");
        if (phase >= CANASTA_PHASE_HAND_OVER) { /* the table, scored */
            printf("\nthe hand is over; the new totals:");
            show(game);
            if (phase == CANASTA_PHASE_GAME_OVER)
                break;
            /* The next hand is dealt at once: there is nothing to decide. */
            must(canasta_game_current_seat(&seat, game), "seat");
            must(canasta_move_init(&move, CANASTA_MOVE_NEXT_HAND, seat),
                 "move");
            must(canasta_apply(NULL, 0, game, &move), "next hand");
            continue;
        }
        must(canasta_game_current_seat(&seat, game), "seat");
        if (seat != ME) { /* a computer seat decides and plays */
            must(canasta_player_play(&move, bot, game,
                                     seed * 1000003u + turn++), "player");
            must(canasta_move_to_string(text, sizeof text, &move), "move");
            printf("seat %d: %s\n", seat, text);
            changed = 1;
            continue;
        }
        /* The person's decision: the legal moves, then a command. */
        if (canasta_legal_moves(legal, capacity, &n_legal, game) ==
            CANASTA_E_BUFFER) {
            free(legal);
            capacity = n_legal;
            if ((legal = malloc(capacity * sizeof *legal)) == NULL)
                must(CANASTA_E_NOMEM, "legal moves");
            must(canasta_legal_moves(legal, capacity, &n_legal, game),
                 "legal moves");
        }
        if (changed)
            show(game);
        changed = 0;
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
            for (i = 0; i < n_legal; i++) {
                must(canasta_move_to_string(text, sizeof text, &legal[i]),
                     "move");
                printf("%4lu  %s\n", (unsigned long)i + 1, text);
            }
        } else if (strcmp(line, "hint") == 0) {
            must(canasta_player_hint(&move, why, sizeof why, bot, game),
                 "hint");
            must(canasta_move_to_string(text, sizeof text, &move), "move");
            printf("hint: %s\n      %s\n", text, why);
        } else if (strcmp(line, "undo") == 0) {
            /* Back over the computer seats' moves to your last one; never
             * past the start of the hand (A3). */
            while ((rc = canasta_undo(game)) == CANASTA_OK) {
                must(canasta_game_current_seat(&seat, game), "seat");
                if (seat == ME)
                    break;
            }
            printf("%s\n", rc == CANASTA_OK ? "undone"
                                           : canasta_strerror(rc));
            changed = rc == CANASTA_OK;
        } else if (strncmp(line, "save ", 5) == 0) {
            save(game, line + 5);
        } else if (strncmp(line, "load ", 5) == 0) {
            changed = load(&game, line + 5);
        } else if (line[0] == '\0' || strcmp(line, "help") == 0) {
            printf("%s", commands);
        } else {
            /* A number picks from the list; anything else is a move. */
            if (line[strspn(line, "0123456789")] == '\0') {
                i = (size_t)strtoul(line, NULL, 10);
                if (i < 1 || i > n_legal) {
                    printf("no move %s: type moves for the list\n", line);
                    continue;
                }
                move = legal[i - 1];
            } else if (canasta_move_from_string(&move, why, sizeof why, line,
                           (size_t)-1, ME) != CANASTA_OK) {
                printf("%s (type help for the commands)\n", why);
                continue;
            }
            rc = canasta_apply(why, sizeof why, game, &move);
            if (rc != CANASTA_OK)
                printf("refused: %s\n", why);
            changed = rc == CANASTA_OK;
        }
    }
    if (phase == CANASTA_PHASE_GAME_OVER) {
        must(canasta_game_winner(&value, game), "winner");
        if (value < 0)
            printf("game over: a tie\n");
        else
            printf("game over: side %d wins\n", value);
    }
    free(legal);
    canasta_player_free(bot);
    canasta_game_free(game);
    canasta_rules_free(rules);
    return 0;
}
