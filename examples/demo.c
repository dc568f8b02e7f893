/*
 * demo.c - a complete, seeded game of Canasta between built-in computer
 * players, printed hand by hand.
 *
 * Usage: demo [SEED] [--players 2|3|4|6] [--sides 2|3]
 *             [--opponent greedy|random] [-v]
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
 *   --opponent  the player type of every side but side 0: "greedy"
 *               (default) or "random" (a uniformly random legal move each
 *               decision)
 *   -v          also print every move
 *
 * The totals are printed per side, or per player where everyone keeps a
 * score of their own (X2, X3); in the three-player game each hand also
 * says who played alone.
 *
 * Side 0 (seat 0 and its partners) always plays the greedy strategy:
 *   - take the discard pile whenever that is legal;
 *   - meld as much as possible, the largest meld move first (a meld that
 *     empties the hand, i.e. goes out, is the largest of all);
 *   - discard the lowest-valued card that is not part of a pair, never a
 *     wild card unless nothing else is left.
 *
 * Every decision is taken from canasta_legal_moves() and played with
 * canasta_apply(); every status is checked.  Exit status: 0 for a finished
 * game, 1 on an engine error, 2 on bad arguments, 3 when the decision cap
 * was hit (a guard against a game that never ends).
 */
#include <errno.h>
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

enum player_type { PLAYER_GREEDY = 0, PLAYER_RANDOM = 1 };
static const char *const player_type_name[] = { "greedy", "random" };

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
/* A small PRNG for the random player (splitmix64)                      */
/* ------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
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
/* Legal moves into a growable buffer                                   */
/* ------------------------------------------------------------------ */

typedef struct move_buffer {
    canasta_move *moves;
    size_t capacity;
    size_t count;
} move_buffer;

static void legal_moves(move_buffer *mb, const canasta_game *g)
{
    int rc = canasta_legal_moves(mb->moves, mb->capacity, &mb->count, g);
    if (rc == CANASTA_E_BUFFER) {
        canasta_move *bigger;
        size_t want = mb->count + 64;
        bigger = realloc(mb->moves, want * sizeof *bigger);
        if (bigger == NULL) {
            fprintf(stderr, "demo: out of memory for %lu moves\n",
                    (unsigned long)want);
            exit(1);
        }
        mb->moves = bigger;
        mb->capacity = want;
        rc = canasta_legal_moves(mb->moves, mb->capacity, &mb->count, g);
    }
    must(rc, "canasta_legal_moves");
}

/* ------------------------------------------------------------------ */
/* Players                                                              */
/* ------------------------------------------------------------------ */

static int move_cards(const canasta_move *m)
{
    int i, n = 0;
    for (i = 0; i < m->ngroups; i++)
        n += m->groups[i].count;
    return n;
}

static int move_wilds(const canasta_move *m)
{
    int i, j, n = 0;
    for (i = 0; i < m->ngroups; i++)
        for (j = 0; j < m->groups[i].count; j++)
            if (canasta_card_is_wild(m->groups[i].cards[j]) == 1)
                n++;
    return n;
}

/* The greedy strategy (see the top of the file). */
static size_t choose_greedy(const canasta_game *g, const move_buffer *mb,
                            int seat)
{
    uint8_t hand[HAND_CAP];
    int rank_count[16];
    size_t n_hand = 0, i, best = (size_t)-1;
    int best_score = 0;

    /* 1. Compulsory or one-way decisions. */
    for (i = 0; i < mb->count; i++) {
        int k = mb->moves[i].kind;
        if (k == CANASTA_MOVE_NEXT_HAND || k == CANASTA_MOVE_ANSWER_YES)
            return i;
    }

    /* 2. Take the pile whenever that is legal: the way using the fewest
     *    wild cards, then the fewest hand cards. */
    for (i = 0; i < mb->count; i++) {
        const canasta_move *m = &mb->moves[i];
        int score;
        if (m->kind != CANASTA_MOVE_TAKE_PILE)
            continue;
        score = -(move_wilds(m) * 100 + move_cards(m));
        if (best == (size_t)-1 || score > best_score) {
            best = i;
            best_score = score;
        }
    }
    if (best != (size_t)-1)
        return best;

    /* 3. Draw, or decline the pile when the stock is empty. */
    for (i = 0; i < mb->count; i++)
        if (mb->moves[i].kind == CANASTA_MOVE_DRAW)
            return i;
    for (i = 0; i < mb->count; i++)
        if (mb->moves[i].kind == CANASTA_MOVE_DECLINE)
            return i;

    /* 4. Meld as much as possible: the meld move with the most cards
     *    (going out by melding the whole hand is the largest), naturals
     *    before wild cards on equal size. */
    for (i = 0; i < mb->count; i++) {
        const canasta_move *m = &mb->moves[i];
        int score;
        if (m->kind != CANASTA_MOVE_MELD)
            continue;
        score = move_cards(m) * 100 - move_wilds(m);
        if (best == (size_t)-1 || score > best_score) {
            best = i;
            best_score = score;
        }
    }
    if (best != (size_t)-1)
        return best;

    /* 5. Discard: the lowest-valued card not part of a pair; a wild card
     *    only when nothing else is left.  With one card left, a legal
     *    discard of it is going out. */
    must(canasta_game_hand(hand, sizeof hand, &n_hand, g, seat),
         "canasta_game_hand");
    memset(rank_count, 0, sizeof rank_count);
    for (i = 0; i < n_hand; i++) {
        int r = canasta_card_rank(hand[i]);
        if (r >= 0 && r < 16)
            rank_count[r]++;
    }
    for (i = 0; i < mb->count; i++) {
        const canasta_move *m = &mb->moves[i];
        int value, rank, score;
        if (m->kind != CANASTA_MOVE_DISCARD)
            continue;
        value = canasta_card_value(m->card);
        rank = canasta_card_rank(m->card);
        if (value < 0 || rank < 0)
            must(value < 0 ? value : rank, "card query");
        /* lower score is better */
        score = value;
        if (canasta_card_is_wild(m->card) == 1)
            score += 100000;
        else if (rank_count[rank] >= 2)
            score += 1000;
        if (best == (size_t)-1 || score < best_score) {
            best = i;
            best_score = score;
        }
    }
    if (best != (size_t)-1)
        return best;

    /* 6. Anything else (e.g. only ASK/ANSWER_NO left): the first move. */
    return 0;
}

static size_t choose_random(const move_buffer *mb, uint64_t *rng)
{
    return (size_t)(splitmix64(rng) % (uint64_t)mb->count);
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
    int seat_type[MAX_SEATS];
    int side_type[MAX_SIDES];
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
            "[--opponent greedy|random] [-v]\n"
            "  SEED         the game number (default 1)\n"
            "  --players 4  the classic partnership game (default)\n"
            "  --players 2  two players, each alone (X2)\n"
            "  --players 3  three players; the first to take the pile "
            "plays alone (X3)\n"
            "  --players 6  six players (X6): --sides 3 (default), three "
            "sides of two,\n"
            "               or --sides 2, two sides of three\n"
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
    int opponent = PLAYER_GREEDY;
    table t;
    canasta_rules *rules = NULL;
    canasta_game *game = NULL;
    move_buffer mb;
    uint64_t rng;
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
            if (strcmp(v, "greedy") == 0)
                opponent = PLAYER_GREEDY;
            else if (strcmp(v, "random") == 0)
                opponent = PLAYER_RANDOM;
            else
                return cli_usage_error("demo", "unknown opponent '%s' "
                                       "(greedy or random)", v);
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
        t.side_type[side] = side == 0 ? PLAYER_GREEDY : opponent;
    /* A player's type follows the side of the deal (X3 partners keep
     * their own). */
    for (i = 0; i < t.players; i++) {
        int sd;
        must(canasta_game_seat_side(&sd, game, i), "canasta_game_seat_side");
        t.seat_type[i] = t.side_type[sd];
    }

    mb.capacity = 4096;
    mb.count = 0;
    mb.moves = malloc(mb.capacity * sizeof *mb.moves);
    if (mb.moves == NULL) {
        fprintf(stderr, "demo: out of memory\n");
        return 1;
    }
    rng = seed ^ 0x5DEECE66DULL;

    printf("libcanasta %s demo - game %llu, %d players (%s, %s), "
           "target %d\n", canasta_version_string(),
           (unsigned long long)seed, t.players, t.name, t.rule, target);
    for (side = 0; side < t.sides; side++) {
        char name[64];
        column_name(name, sizeof name, game, &t, side, 1);
        printf("  %s: %s player\n", name, player_type_name[t.side_type[side]]);
    }
    if (t.lone_hand)
        printf("  (each hand, the first player to take the pile plays "
               "alone against the other two)\n");
    printf("\n");

    hand_no = 1;
    must(canasta_game_dealer(&dealer, game), "canasta_game_dealer");

    for (;;) {
        int seat, before_phase, after_phase, lone_before = -1;
        size_t pick;
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
        legal_moves(&mb, game);
        if (mb.count == 0) {
            fprintf(stderr, "demo: engine error: no legal move for seat %d "
                    "in phase %d (hand %d, decision %ld, seed %llu)\n", seat,
                    phase, hand_no, decisions, (unsigned long long)seed);
            return 1;
        }
        if (t.seat_type[seat] == PLAYER_RANDOM)
            pick = choose_random(&mb, &rng);
        else
            pick = choose_greedy(game, &mb, seat);
        move = mb.moves[pick];

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
                    "canasta_legal_moves was refused: %s (%s): %s\n"
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
        char name[64];
        must(canasta_game_total(&total, game, side), "canasta_game_total");
        column_name(name, sizeof name, game, &t, side, 1);
        if (t.individual) {
            printf("  %s (%s): %d\n", name,
                   player_type_name[t.side_type[side]], total);
        } else {
            name[strlen(name) - 1] = '\0'; /* "side 0 (seats 0+2, greedy)" */
            printf("  %s, %s): %d\n", name,
                   player_type_name[t.side_type[side]], total);
        }
    }
    if (winner >= 0)
        printf("Winner: %s %d.\n", t.individual ? "seat" : "side", winner);
    else
        printf("The game is a tie.\n");

    free(mb.moves);
    canasta_game_free(game);
    canasta_rules_free(rules);
    return 0;
}
