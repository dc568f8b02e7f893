/*
 * score_pad.c - scoring a hand from its parts with canasta_score_side(),
 * as a score-pad app does for a game played with real cards: the user
 * enters each side's melds, red threes, who went out and the cards left in
 * hand, and the library adds it up (E3, S1-S4) or says why the input
 * cannot be right.
 *
 * Usage: score_pad      (no arguments but -h/--help and --version; exit 0
 *                        when every result is the expected one)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser the tools share (tools/cli.h) */

static const char *const item_label[CANASTA_SCORE_ITEMS] = {
    "melded cards", "natural canastas", "mixed canastas", "red threes",
    "going out", "cards left in hand", "hand total"
};

static const char *rank_name(int rank)
{
    static const char *const names[] = {
        "?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "10",
        "J", "Q", "K", "A", "Joker"
    };
    return (rank >= 0 && rank <= 15) ? names[rank] : "?";
}

/* Print what was entered: melds as rows {rank, naturals, twos, jokers}. */
static void print_input(const int *melds, size_t n_melds, int red_threes,
                        const uint8_t *hand, size_t n_hand, int went_out)
{
    size_t i;
    printf("  melds:");
    if (n_melds == 0)
        printf(" none");
    for (i = 0; i < n_melds; i++) {
        const int *row = melds + 4 * i;
        printf(" [%d x %s", row[1], rank_name(row[0]));
        if (row[2])
            printf(" + %d two%s", row[2], row[2] == 1 ? "" : "s");
        if (row[3])
            printf(" + %d joker%s", row[3], row[3] == 1 ? "" : "s");
        printf("]");
    }
    printf("\n  red threes: %d\n  left in hand:", red_threes);
    if (n_hand == 0)
        printf(" nothing");
    for (i = 0; i < n_hand; i++) {
        char card[8];
        int rc = canasta_card_to_string(card, sizeof card, hand[i]);
        if (rc != CANASTA_OK) {
            fprintf(stderr, "score_pad: engine error: %s\n",
                    canasta_error_name(rc));
            exit(1);
        }
        printf(" %s", card);
    }
    printf("\n  went out: %s\n",
           went_out == CANASTA_OUT_CONCEALED ? "yes, concealed"
           : went_out == CANASTA_OUT_NORMAL  ? "yes" : "no");
}

/* Score one side and print the breakdown or the rejection.  Returns the
 * status; *total receives the total when it is CANASTA_OK. */
static int score(const char *title, const canasta_rules *rules,
                 const int *melds, size_t n_melds, int red_threes,
                 const uint8_t *hand, size_t n_hand, int went_out,
                 int *total)
{
    int items[CANASTA_SCORE_ITEMS];
    char why[512];
    int rc, k;

    printf("%s\n", title);
    print_input(melds, n_melds, red_threes, hand, n_hand, went_out);
    why[0] = '\0';
    rc = canasta_score_side(items, CANASTA_SCORE_ITEMS, why, sizeof why,
                            rules, melds, n_melds, red_threes, hand, n_hand,
                            went_out);
    if (rc == CANASTA_OK) {
        for (k = 0; k < CANASTA_SCORE_ITEMS; k++) {
            if (k == CANASTA_SCORE_TOTAL)
                printf("  %-20s ------\n", "");
            printf("  %-20s %6d\n", item_label[k], items[k]);
        }
        *total = items[CANASTA_SCORE_TOTAL];
    } else {
        printf("  rejected: %s - %s\n", canasta_error_name(rc),
               canasta_strerror(rc));
        printf("  why:      %s\n", why[0] ? why : "(no explanation given)");
    }
    printf("\n");
    return rc;
}

/* No arguments but -h/--help and --version: -1 to go on, else the exit
 * status. */
static int arguments(int argc, char **argv)
{
    enum { OPT_HELP = 1, OPT_VERSION };
    static const cli_option options[] = {
        { "help", 'h', CLI_NO_VALUE, OPT_HELP },
        { "version", 0, CLI_NO_VALUE, OPT_VERSION },
    };
    cli c;
    int r;
    cli_init(&c, "score_pad", argc, argv, 1);
    while ((r = cli_next(&c, options, sizeof options / sizeof options[0]))
           != CLI_END) {
        if (r == CLI_ERROR)
            return cli_report(&c);
        if (r == CLI_OPERAND)
            return cli_usage_error("score_pad", "unexpected argument '%s'",
                                   c.value);
        if (r == OPT_VERSION)
            return cli_version("score_pad");
        printf("usage: score_pad\n"
               "Score hands from their parts as a score-pad app does, and "
               "check the results.\n"
               "  -h, --help   show this text\n"
               "  --version    show the library's version\n"
               "Exit status: 0 every result is the expected one; 1 one is "
               "not; 2 usage error.\n");
        return 0;
    }
    return -1;
}

int main(int argc, char **argv)
{
    canasta_rules *rules = NULL;
    int rc, total = 0, failures = 0;

    if ((rc = arguments(argc, argv)) >= 0)
        return rc;

    rc = canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC);
    if (rc != CANASTA_OK) {
        fprintf(stderr, "score_pad: canasta_rules_create: %s (%s)\n",
                canasta_error_name(rc), canasta_strerror(rc));
        return 1;
    }

    /* S4, the worked example: a natural canasta of 7 kings, 3 aces, two
     * red threes, going out, and the partner still holds a 7:
     * 70 + 500 + 60 + 200 + 100 - 5 = 925. */
    {
        static const int melds[] = {
            CANASTA_RANK_KING, 7, 0, 0,
            CANASTA_RANK_ACE,  3, 0, 0
        };
        static const uint8_t hand[] = { CANASTA_CARD(7, CANASTA_HEARTS) };
        rc = score("S4 worked example - the side that went out:", rules,
                   melds, 2, 2, hand, 1, CANASTA_OUT_NORMAL, &total);
        if (rc != CANASTA_OK || total != 925) {
            fprintf(stderr, "score_pad: expected 925 for the S4 example, "
                    "got %s %d\n", canasta_error_name(rc), total);
            failures++;
        } else {
            printf("  = 925, as RULES.md S4 says.\n\n");
        }
    }

    /* The other side of the same hand: nothing melded, one red three
     * (which then counts against it, R3) and cards caught in hand. */
    {
        static const uint8_t hand[] = {
            CANASTA_JOKER, CANASTA_CARD(14, CANASTA_CLUBS),
            CANASTA_CARD(10, CANASTA_SPADES), CANASTA_CARD(4, CANASTA_HEARTS)
        };
        rc = score("The other side - nothing melded, one red three:", rules,
                   NULL, 0, 1, hand, sizeof hand, CANASTA_OUT_NONE, &total);
        /* -100 (R3) - (50 + 20 + 10 + 5) = -185 */
        if (rc != CANASTA_OK || total != -185) {
            fprintf(stderr, "score_pad: expected -185 for the side that "
                    "melded nothing, got %s %d\n", canasta_error_name(rc),
                    total);
            failures++;
        }
    }

    /* Impossible input: a meld entered with four wild cards (M1 allows
     * at most three), which a score pad must refuse. */
    {
        static const int melds[] = {
            CANASTA_RANK_QUEEN, 4, 2, 2,
            CANASTA_RANK_FIVE,  3, 0, 0
        };
        rc = score("Impossible input - queens with four wild cards:", rules,
                   melds, 2, 0, NULL, 0, CANASTA_OUT_NONE, &total);
        if (rc != CANASTA_E_SCORE_INPUT) {
            fprintf(stderr, "score_pad: expected E_SCORE_INPUT for a meld "
                    "with four wild cards, got %s\n",
                    canasta_error_name(rc));
            failures++;
        }
    }

    canasta_rules_free(rules);
    if (failures) {
        fprintf(stderr, "score_pad: %d unexpected result%s\n", failures,
                failures == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
