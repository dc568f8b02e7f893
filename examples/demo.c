/*
 * demo.c - a complete, seeded game of Canasta between built-in computer
 * players, printed hand by hand.
 *
 * Usage: demo [SEED] [--players 2|3|4|6] [--sides 2|3]
 *             [--opponent STYLE] [-v]
 *
 *   SEED        game number (default 1); the same number always plays the
 *               same game (C7, A4)
 *   --players N the game (docs/VARIANTS.md): 4 (default) the classic
 *               partnership game; 2 (X2) two players, each alone; 3 (X3)
 *               three players, the first to take the pile plays alone
 *               against the other two; 6 (X6) six players
 *   --sides S   with 6 players: 3 sides of two, partners opposite
 *               (default), or 2 sides of three at alternate seats.  The
 *               other games have one seating only (4 players: 2 sides;
 *               2 and 3 players: each player a score column of their own)
 *   --opponent  the style of the reference player on every side but
 *               side 0: "default" (every knob at its default), "greedy"
 *               (take-pile=2,discard=1: takes the pile whenever it may and
 *               throws the lowest card), or knob settings such as
 *               "go-out=2,wild-cards=0" (knob names as canasta_knob_name
 *               gives them, values as docs/PLAYER.md lists them)
 *   -v          also print every move
 *
 * The totals are printed per side, or per player where everyone keeps a
 * score of their own (X2, X3); in the three-player game each hand also
 * says who played alone.
 *
 * Every seat is played by the library's reference player
 * (canasta_player_play): side 0 with every knob at its default, the other
 * sides in the --opponent style.  Each decision's tie-breaking seed
 * follows from the game's seed and the decision's number, so a SEED
 * always plays the same game.  Every status is checked.  Exit status: 0
 * for a finished game, 1 on an engine error, 2 on bad arguments, 3 when
 * the decision cap was hit (a guard against a game that never ends).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser the tools share (tools/cli.h) */

/* Guards against a game that never ends. */
#define MAX_DECISIONS_PER_HAND 20000L
#define MAX_DECISIONS_PER_GAME 500000L
#define MAX_HANDS 500

#define MAX_SEATS 8
#define MAX_SIDES 4
#define HAND_CAP 128 /* more than a hand can ever hold */

/* The greedy style of --opponent. */
#define GREEDY_STYLE "take-pile=2,discard=1"

static int verbose;

/* ------------------------------------------------------------------ */
/* Error handling                                                       */
/* ------------------------------------------------------------------ */

/* Stop the program on any engine error: print what failed and exit 1. */
static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "demo: engine error in %s: %s (%s)\n", what,
                canasta_error_name(rc), canasta_strerror(rc));
        exit(1);
    }
}

/* ------------------------------------------------------------------ */
/* Text helpers                                                         */
/* ------------------------------------------------------------------ */

static void card_text(char *buf, size_t size, int card)
{
    must(canasta_card_to_string(buf, size, card), "canasta_card_to_string");
}

static const char *rank_text(int rank)
{
    static const char *const names[] = {
        "?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "10",
        "J", "Q", "K", "A", "Joker"
    };
    if (rank < 0 || rank > 15)
        return "?";
    return names[rank];
}

/* Append formatted text to buf (bounded; silently truncates). */
static void append(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);
    if (used + 1 >= size)
        return;
    strncat(buf, text, size - used - 1);
}

static void append_group(char *buf, size_t size, const canasta_group *grp)
{
    char card[8];
    int i;
    append(buf, size, "[");
    append(buf, size, rank_text(grp->rank));
    append(buf, size, ":");
    for (i = 0; i < grp->count; i++) {
        card_text(card, sizeof card, grp->cards[i]);
        append(buf, size, " ");
        append(buf, size, card);
    }
    append(buf, size, "]");
}

static void describe_move(char *buf, size_t size, const canasta_move *m,
                          int pile_top)
{
    char card[8];
    int i;
    buf[0] = '\0';
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        append(buf, size, "draws from the stock");
        break;
    case CANASTA_MOVE_TAKE_PILE:
        card_text(card, sizeof card, pile_top);
        append(buf, size, "takes the pile, melding the top card ");
        append(buf, size, card);
        if (m->ngroups > 0 && m->groups[0].count > 0) {
            append(buf, size, " with ");
            append_group(buf, size, &m->groups[0]);
        } else {
            append(buf, size, " onto the side's meld");
        }
        for (i = 1; i < m->ngroups; i++) {
            append(buf, size, i == 1 ? ", also melding " : " ");
            append_group(buf, size, &m->groups[i]);
        }
        break;
    case CANASTA_MOVE_MELD:
        append(buf, size, "melds");
        for (i = 0; i < m->ngroups; i++) {
            append(buf, size, " ");
            append_group(buf, size, &m->groups[i]);
        }
        break;
    case CANASTA_MOVE_DISCARD:
        card_text(card, sizeof card, m->card);
        append(buf, size, "discards ");
        append(buf, size, card);
        break;
    case CANASTA_MOVE_ASK:
        append(buf, size, "asks the partner: may I go out?");
        break;
    case CANASTA_MOVE_ANSWER_YES:
        append(buf, size, "answers yes");
        break;
    case CANASTA_MOVE_ANSWER_NO:
        append(buf, size, "answers no");
        break;
    case CANASTA_MOVE_DECLINE:
        append(buf, size, "declines the pile (the stock is empty)");
        break;
    case CANASTA_MOVE_NEXT_HAND:
        append(buf, size, "deals the next hand");
        break;
    default:
        append(buf, size, "makes an unknown move");
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Players: the library's reference player, one style per side          */
/* ------------------------------------------------------------------ */

/* Set the knobs of style ("default", "greedy" or "KNOB=VALUE,...") on p.
 * 0 on success; -1 after a message naming the bad part. */
static int set_style(canasta_player *p, const char *style)
{
    char buf[256], *item;
    if (strcmp(style, "default") == 0)
        return 0;
    if (strcmp(style, "greedy") == 0)
        style = GREEDY_STYLE;
    if (strlen(style) >= sizeof buf) {
        cli_usage_error("demo", "--opponent: the style is too long");
        return -1;
    }
    strcpy(buf, style);
    for (item = strtok(buf, ","); item != NULL; item = strtok(NULL, ",")) {
        char *eq = strchr(item, '='), *end;
        int knob, min, max, def, rc;
        long value;
        if (eq == NULL) {
            cli_usage_error("demo", "--opponent: '%s' is not KNOB=VALUE "
                            "(or default, greedy)", item);
            return -1;
        }
        *eq = '\0';
        if (canasta_knob_from_name(&knob, item) != CANASTA_OK) {
            char names[256] = "";
            for (knob = 1; canasta_knob_name(knob) != NULL; knob++) {
                strncat(names, " ", sizeof names - strlen(names) - 1);
                strncat(names, canasta_knob_name(knob),
                        sizeof names - strlen(names) - 1);
            }
            cli_usage_error("demo", "--opponent: unknown knob '%s' "
                            "(knobs:%s)", item, names);
            return -1;
        }
        /* The library checks the range; a text that is no number, or
         * none an int holds, is out of it too. */
        value = strtol(eq + 1, &end, 10);
        rc = end == eq + 1 || *end != '\0' || value < INT_MIN ||
                     value > INT_MAX
                 ? CANASTA_E_RANGE
                 : canasta_player_set(p, knob, (int)value);
        if (rc == CANASTA_E_RANGE) {
            must(canasta_knob_range(&min, &max, &def, knob),
                 "canasta_knob_range");
            cli_usage_error("demo", "--opponent: %s takes a number from "
                            "%d to %d (docs/PLAYER.md), not '%s'", item, min,
                            max, eq + 1);
            return -1;
        }
        must(rc, "canasta_player_set");
    }
    return 0;
}

/* The knobs of p away from their defaults, e.g. "take-pile=2,discard=1",
 * or "default knobs". */
static void style_text(char *buf, size_t size, const canasta_player *p)
{
    char item[64];
    int knob, value, min, max, def;
    buf[0] = '\0';
    for (knob = 1; canasta_knob_name(knob) != NULL; knob++) {
        must(canasta_player_get(&value, p, knob), "canasta_player_get");
        must(canasta_knob_range(&min, &max, &def, knob), "canasta_knob_range");
        if (value == def)
            continue;
        snprintf(item, sizeof item, "%s%s=%d", buf[0] ? "," : "",
                 canasta_knob_name(knob), value);
        append(buf, size, item);
    }
    if (buf[0] == '\0')
        append(buf, size, "default knobs");
}

/* ------------------------------------------------------------------ */
/* Verbose: what a draw brought in                                      */
/* ------------------------------------------------------------------ */

static void seat_cards(int counts[CANASTA_CARD_LIMIT], const canasta_game *g,
                       int seat, int with_red_threes)
{
    uint8_t cards[HAND_CAP];
    size_t n = 0, i;
    memset(counts, 0, CANASTA_CARD_LIMIT * sizeof counts[0]);
    must(canasta_game_hand(cards, sizeof cards, &n, g, seat),
         "canasta_game_hand");
    for (i = 0; i < n; i++)
        counts[cards[i]]++;
    if (with_red_threes) {
        must(canasta_game_red_threes(cards, sizeof cards, &n, g, seat),
             "canasta_game_red_threes");
        for (i = 0; i < n; i++)
            counts[cards[i]]++;
    }
}

static void print_gain(const int before[CANASTA_CARD_LIMIT],
                       const int after[CANASTA_CARD_LIMIT])
{
    int c, k;
    char card[8];
    for (c = 0; c < CANASTA_CARD_LIMIT; c++) {
        for (k = before[c]; k < after[c]; k++) {
            card_text(card, sizeof card, c);
            printf(" %s", card);
            if (c == CANASTA_CARD(3, CANASTA_DIAMONDS) ||
                c == CANASTA_CARD(3, CANASTA_HEARTS))
                printf("(laid out)");
        }
    }
}

/* ------------------------------------------------------------------ */
/* The table: which game, and how its score columns are named           */
/* ------------------------------------------------------------------ */

typedef struct table {
    int preset;         /* CANASTA_PRESET_* */
    const char *name;   /* the preset's text name (docs/NOTATION.md) */
    const char *rule;   /* its rule ID in RULES.md */
    int players, sides;
    int individual;     /* every player is a score column (X2, X3) */
    int lone_hand;      /* X3: the first to take the pile plays alone */
    const canasta_player *seat_player[MAX_SEATS];
    const canasta_player *side_player[MAX_SIDES];
} table;

/* The seats of side (the seating of the deal), e.g. "0+2". */
static void side_seats(char *buf, size_t size, const canasta_game *g,
                       int side, int players)
{
    int s, first = 1;
    char num[16];
    buf[0] = '\0';
    for (s = 0; s < players; s++) {
        int sd;
        must(canasta_game_seat_side(&sd, g, s), "canasta_game_seat_side");
        if (sd != side)
            continue;
        snprintf(num, sizeof num, "%s%d", first ? "" : "+", s);
        append(buf, size, num);
        first = 0;
    }
}

/* The name of a score column: "side 1 (1+3)", or with long_form "side 1
 * (seats 1+3)", where sides are partnerships; "seat 1" where every player
 * keeps a score of their own (X2, X3: column n is seat n's, even while
 * X3 partners share a table). */
static void column_name(char *buf, size_t size, const canasta_game *g,
                        const table *t, int side, int long_form)
{
    char seats[32];
    if (t->individual) {
        snprintf(buf, size, "seat %d", side);
        return;
    }
    side_seats(seats, sizeof seats, g, side, t->players);
    snprintf(buf, size, "side %d (%s%s)", side, long_form ? "seats " : "",
             seats);
}

/* ------------------------------------------------------------------ */
/* The hand report                                                      */
/* ------------------------------------------------------------------ */

/* X3: who played alone in the hand just scored, and how the other two
 * scored.  *lone receives the lone seat, or -1. */
static void print_lone_hand(const canasta_game *g, const table *t, int *lone)
{
    int a = -1, b = -1, s, side_a, side_b;
    must(canasta_game_lone_hand(lone, g), "canasta_game_lone_hand");
    if (*lone < 0) {
        printf("  nobody took the pile or went out: each player scored "
               "alone (X3)\n");
        return;
    }
    for (s = 0; s < t->players; s++) {
        if (s == *lone)
            continue;
        if (a < 0)
            a = s;
        else
            b = s;
    }
    must(canasta_game_seat_side(&side_a, g, a), "canasta_game_seat_side");
    must(canasta_game_seat_side(&side_b, g, b), "canasta_game_seat_side");
    if (side_a == side_b)
        printf("  lone hand: seat %d, the first to take the pile; seats "
               "%d+%d played as partners on one table (X3)\n", *lone, a, b);
    else
        printf("  lone hand: seat %d, who went out before anyone took the "
               "pile; seats %d+%d scored together, their melds apart (X3)\n",
               *lone, a, b);
}

static void print_hand_report(const canasta_game *g, const table *t,
                              int hand_no, int dealer, long decisions)
{
    static const char *const item_label[CANASTA_SCORE_ITEMS] = {
        "melded cards", "natural canastas", "mixed canastas", "red threes",
        "going out", "cards left in hand", "hand total"
    };
    int items[MAX_SIDES][CANASTA_SCORE_ITEMS];
    int totals[MAX_SIDES];
    int how, who, side, k, who_side = -1, lone = -1;
    int width = t->lone_hand ? 18 : 16;
    char who_text[64];

    must(canasta_game_hand_end(&how, &who, g), "canasta_game_hand_end");
    for (side = 0; side < t->sides; side++) {
        must(canasta_game_hand_score(items[side], CANASTA_SCORE_ITEMS, g,
                                     side), "canasta_game_hand_score");
        must(canasta_game_total(&totals[side], g, side),
             "canasta_game_total");
    }
    who_text[0] = '\0';
    if (who >= 0) {
        must(canasta_game_seat_side(&who_side, g, who),
             "canasta_game_seat_side");
        if (t->individual)
            snprintf(who_text, sizeof who_text, "seat %d", who);
        else
            snprintf(who_text, sizeof who_text, "seat %d (side %d)", who,
                     who_side);
    }

    printf("Hand %d - dealer: seat %d - %ld decisions - ", hand_no, dealer,
           decisions);
    switch (how) {
    case CANASTA_END_WENT_OUT:
        printf("%s went out\n", who_text);
        break;
    case CANASTA_END_CONCEALED:
        printf("%s went out concealed\n", who_text);
        break;
    case CANASTA_END_RED_THREE:
        printf("the last stock card was a red three (E2); nobody went "
               "out\n");
        break;
    case CANASTA_END_STOCK:
        printf("the stock ran out and the pile was not taken (E1); "
               "nobody went out\n");
        break;
    default:
        printf("ended in an unknown way (%d)\n", how);
        break;
    }
    if (t->lone_hand)
        print_lone_hand(g, t, &lone);

    printf("  %-20s", "");
    for (side = 0; side < t->sides; side++) {
        char head[64];
        column_name(head, sizeof head, g, t, side, 0);
        if (t->lone_hand && lone >= 0)
            append(head, sizeof head, side == lone ? " (alone)"
                                                   : " (partner)");
        printf("%*s", width, head);
    }
    printf("\n");
    for (k = 0; k < CANASTA_SCORE_ITEMS; k++) {
        printf("  %-20s", item_label[k]);
        for (side = 0; side < t->sides; side++)
            printf("%*d", width, items[side][k]);
        printf("\n");
    }
    printf("  %-20s", "running total");
    for (side = 0; side < t->sides; side++)
        printf("%*d", width, totals[side]);
    printf("\n\n");
}

/* ------------------------------------------------------------------ */
/* Main                                                                 */
/* ------------------------------------------------------------------ */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: demo [SEED] [--players 2|3|4|6] [--sides 2|3] "
            "[--opponent STYLE] [-v]\n"
            "  SEED         the game number (default 1)\n"
            "  --players 4  the classic partnership game (default)\n"
            "  --players 2  two players, each alone (X2)\n"
            "  --players 3  three players; the first to take the pile "
            "plays alone (X3)\n"
            "  --players 6  six players (X6): --sides 3 (default), three "
            "sides of two,\n"
            "               or --sides 2, two sides of three\n"
            "  --opponent   the reference player's style on the other sides:"
            "\n               default, greedy, or KNOB=VALUE,... "
            "(docs/PLAYER.md)\n"
            "  -v, --verbose  also print every move\n"
            "  -h, --help     show this text\n"
            "  --version      show the library's version\n");
}

/* A number argument of an option; -1 (after a message) if it is none. */
static int number_arg(const char *option, const char *text)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || end == text || v < 0 || v > 1000) {
        cli_usage_error("demo", "%s needs a number, not '%s'", option, text);
        return -1;
    }
    return (int)v;
}

/* The preset for players and sides (sides 0: not given); 0 after a
 * message when there is no such game. */
static int choose_preset(int players, int sides)
{
    switch (players) {
    case 4:
        if (sides == 0 || sides == 2)
            return CANASTA_PRESET_CLASSIC;
        cli_usage_error("demo", "the 4-player game has 2 sides (partners "
                "opposite), not %d; --sides 2 or 3 chooses the seating of "
                "the 6-player game", sides);
        return 0;
    case 2:
    case 3:
        if (sides == 0 || sides == players)
            return players == 2 ? CANASTA_PRESET_TWO_PLAYERS
                                : CANASTA_PRESET_THREE_PLAYERS;
        cli_usage_error("demo", "in the %d-player game every player keeps "
                "a score of their own (%d columns), so --sides %d does not "
                "apply; --sides chooses the seating of the 6-player game",
                players, players, sides);
        return 0;
    case 6:
        if (sides == 0 || sides == 3)
            return CANASTA_PRESET_SIX_THREE_SIDES;
        if (sides == 2)
            return CANASTA_PRESET_SIX_TWO_SIDES;
        cli_usage_error("demo", "6 players play as 3 sides of two (--sides "
                "3) or 2 sides of three (--sides 2), not %d sides", sides);
        return 0;
    default:
        cli_usage_error("demo", "there is no %d-player game; --players takes "
                "2, 3, 4 or 6", players);
        return 0;
    }
}

static void describe_preset(table *t)
{
    switch (t->preset) {
    case CANASTA_PRESET_TWO_PLAYERS:
        t->name = "two-players";
        t->rule = "X2";
        break;
    case CANASTA_PRESET_THREE_PLAYERS:
        t->name = "three-players";
        t->rule = "X3";
        break;
    case CANASTA_PRESET_SIX_THREE_SIDES:
        t->name = "six-three-sides";
        t->rule = "X6";
        break;
    case CANASTA_PRESET_SIX_TWO_SIDES:
        t->name = "six-two-sides";
        t->rule = "X6";
        break;
    default:
        t->name = "classic";
        t->rule = "C1";
        break;
    }
}

enum { OPT_HELP = 1, OPT_VERSION, OPT_VERBOSE, OPT_PLAYERS, OPT_SIDES,
       OPT_OPPONENT };
static const cli_option options[] = {
    { "help", 'h', CLI_NO_VALUE, OPT_HELP },
    { "version", 0, CLI_NO_VALUE, OPT_VERSION },
    { "verbose", 'v', CLI_NO_VALUE, OPT_VERBOSE },
    { "players", 0, CLI_VALUE, OPT_PLAYERS },
    { "sides", 0, CLI_VALUE, OPT_SIDES },
    { "opponent", 0, CLI_VALUE, OPT_OPPONENT },
};
#define N_OPTIONS (sizeof options / sizeof options[0])

int main(int argc, char **argv)
{
    cli c;
    int opt, seed_given = 0;
    uint64_t seed = 1;
    int players_wanted = 4, sides_wanted = 0;
    const char *opponent = "default";
    canasta_player *home = NULL, *away = NULL;
    table t;
    canasta_rules *rules = NULL;
    canasta_game *game = NULL;
    int target, lone_option, side, winner, phase, dealer, hand_no;
    long decisions = 0, hand_decisions = 0;
    int i;

    cli_init(&c, "demo", argc, argv, 1);
    while ((opt = cli_next(&c, options, N_OPTIONS)) != CLI_END) {
        const char *v = c.value;
        char *end;
        if (opt == CLI_ERROR)
            return cli_report(&c);
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == OPT_VERSION)
            return cli_version("demo");
        if (opt == OPT_VERBOSE) {
            verbose = 1;
        } else if (opt == OPT_PLAYERS) {
            if ((players_wanted = number_arg(c.option, v)) < 0)
                return 2;
        } else if (opt == OPT_SIDES) {
            if ((sides_wanted = number_arg(c.option, v)) < 0)
                return 2;
            if (sides_wanted == 0)
                return cli_usage_error("demo", "--sides takes 2 or 3");
        } else if (opt == OPT_OPPONENT) {
            opponent = v; /* checked by set_style below */
        } else if (seed_given++) {
            return cli_usage_error("demo", "one SEED only, not '%s'", v);
        } else {
            errno = 0;
            seed = (uint64_t)strtoull(v, &end, 10);
            if (*end != '\0' || *v < '0' || *v > '9' || errno)
                return cli_usage_error("demo", "the seed must be a number "
                                       "from 0 to 2^64-1, not '%s'", v);
        }
    }

    memset(&t, 0, sizeof t);
    t.preset = choose_preset(players_wanted, sides_wanted);
    if (t.preset == 0)
        return 2;
    describe_preset(&t);
    must(canasta_player_create(&home), "canasta_player_create");
    must(canasta_player_create(&away), "canasta_player_create");
    if (set_style(away, opponent) != 0) {
        canasta_player_free(home);
        canasta_player_free(away);
        return 2;
    }

    must(canasta_rules_create(&rules, t.preset), "canasta_rules_create");
    must(canasta_game_create(&game, rules, seed), "canasta_game_create");
    must(canasta_game_option(&t.players, game, CANASTA_OPT_PLAYERS),
         "canasta_game_option(PLAYERS)");
    must(canasta_game_option(&t.sides, game, CANASTA_OPT_SIDES),
         "canasta_game_option(SIDES)");
    must(canasta_game_option(&target, game, CANASTA_OPT_TARGET_SCORE),
         "canasta_game_option(TARGET_SCORE)");
    must(canasta_game_option(&lone_option, game, CANASTA_OPT_LONE_HAND),
         "canasta_game_option(LONE_HAND)");
    if (t.players < 1 || t.players > MAX_SEATS || t.sides < 1 ||
        t.sides > MAX_SIDES || t.players != players_wanted) {
        fprintf(stderr, "demo: unexpected table: %d players, %d sides\n",
                t.players, t.sides);
        return 1;
    }
    t.individual = t.players == t.sides;
    t.lone_hand = lone_option != 0;
    for (side = 0; side < t.sides; side++)
        t.side_player[side] = side == 0 ? home : away;
    /* A player's style follows the side of the deal (X3 partners keep
     * their own). */
    for (i = 0; i < t.players; i++) {
        int sd;
        must(canasta_game_seat_side(&sd, game, i), "canasta_game_seat_side");
        t.seat_player[i] = t.side_player[sd];
    }

    printf("libcanasta %s demo - game %llu, %d players (%s, %s), "
           "target %d\n", canasta_version_string(),
           (unsigned long long)seed, t.players, t.name, t.rule, target);
    for (side = 0; side < t.sides; side++) {
        char name[64], style[256];
        column_name(name, sizeof name, game, &t, side, 1);
        style_text(style, sizeof style, t.side_player[side]);
        printf("  %s: reference player, %s\n", name, style);
    }
    if (t.lone_hand)
        printf("  (each hand, the first player to take the pile plays "
               "alone against the other two)\n");
    printf("\n");

    hand_no = 1;
    must(canasta_game_dealer(&dealer, game), "canasta_game_dealer");

    for (;;) {
        int seat, before_phase, after_phase, lone_before = -1;
        canasta_move move;
        char why[512];
        int rc, pile_top = CANASTA_CARD_NONE;
        int before[CANASTA_CARD_LIMIT], after[CANASTA_CARD_LIMIT];

        must(canasta_game_phase(&phase, game), "canasta_game_phase");
        if (phase == CANASTA_PHASE_GAME_OVER)
            break;
        if (decisions >= MAX_DECISIONS_PER_GAME ||
            hand_decisions >= MAX_DECISIONS_PER_HAND) {
            fprintf(stderr,
                    "demo: gave up after %ld decisions (%ld in hand %d): "
                    "the game does not seem to end (seed %llu)\n",
                    decisions, hand_decisions, hand_no,
                    (unsigned long long)seed);
            return 3;
        }
        if (hand_no > MAX_HANDS) {
            fprintf(stderr, "demo: gave up after %d hands without a winner "
                    "(seed %llu)\n", MAX_HANDS, (unsigned long long)seed);
            return 3;
        }

        must(canasta_game_current_seat(&seat, game),
             "canasta_game_current_seat");
        /* The seed breaks the player's ties: one per decision, from the
         * game's seed, so the same SEED plays the same game. */
        rc = canasta_player_choose(&move, t.seat_player[seat], game,
                                   seed * 1000003u + (uint64_t)decisions);
        if (rc != CANASTA_OK) {
            fprintf(stderr, "demo: engine error: the reference player "
                    "found no move for seat %d: %s (hand %d, decision %ld, "
                    "seed %llu)\n", seat, canasta_strerror(rc), hand_no,
                    decisions, (unsigned long long)seed);
            return 1;
        }

        if (verbose) {
            must(canasta_game_pile_top(&pile_top, game),
                 "canasta_game_pile_top");
            seat_cards(before, game, seat, 1);
        }

        if (t.lone_hand)
            must(canasta_game_lone_hand(&lone_before, game),
                 "canasta_game_lone_hand");
        before_phase = phase;
        rc = canasta_apply(why, sizeof why, game, &move);
        if (rc != CANASTA_OK) {
            fprintf(stderr, "demo: engine error: a move from "
                    "the reference player was refused: %s (%s): %s\n"
                    "  seat %d, phase %d, hand %d, decision %ld, seed %llu\n",
                    canasta_error_name(rc), canasta_strerror(rc), why, seat,
                    phase, hand_no, decisions, (unsigned long long)seed);
            return 1;
        }
        decisions++;
        hand_decisions++;

        if (verbose && move.kind != CANASTA_MOVE_NEXT_HAND) {
            char text[1024];
            describe_move(text, sizeof text, &move, pile_top);
            printf("    seat %d %s", seat, text);
            if (move.kind == CANASTA_MOVE_DRAW) {
                seat_cards(after, game, seat, 1);
                printf(":");
                print_gain(before, after);
            }
            printf("\n");
            if (t.lone_hand && move.kind == CANASTA_MOVE_TAKE_PILE) {
                int lone;
                must(canasta_game_lone_hand(&lone, game),
                     "canasta_game_lone_hand");
                if (lone == seat && lone_before < 0)
                    printf("    seat %d is the first to take the pile and "
                           "plays alone from now on (X3)\n", seat);
            }
        }

        must(canasta_game_phase(&after_phase, game), "canasta_game_phase");
        if (before_phase != CANASTA_PHASE_HAND_OVER &&
            (after_phase == CANASTA_PHASE_HAND_OVER ||
             after_phase == CANASTA_PHASE_GAME_OVER)) {
            print_hand_report(game, &t, hand_no, dealer, hand_decisions);
        }
        if (move.kind == CANASTA_MOVE_NEXT_HAND) {
            hand_no++;
            hand_decisions = 0;
            must(canasta_game_dealer(&dealer, game), "canasta_game_dealer");
        }
    }

    must(canasta_game_winner(&winner, game), "canasta_game_winner");
    printf("Game over after %d hand%s and %ld decisions.\n", hand_no,
           hand_no == 1 ? "" : "s", decisions);
    for (side = 0; side < t.sides; side++) {
        int total;
        char name[64], style[256];
        must(canasta_game_total(&total, game, side), "canasta_game_total");
        column_name(name, sizeof name, game, &t, side, 1);
        style_text(style, sizeof style, t.side_player[side]);
        printf("  %s: %d (reference player, %s)\n", name, total, style);
    }
    if (winner >= 0)
        printf("Winner: %s %d.\n", t.individual ? "seat" : "side", winner);
    else
        printf("The game is a tie.\n");

    canasta_player_free(home);
    canasta_player_free(away);
    canasta_game_free(game);
    canasta_rules_free(rules);
    return 0;
}
