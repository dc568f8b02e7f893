/*
 * ui_verdicts.c - what a user interface does with libcanasta: it builds
 * the move the user asked for, asks the engine for a verdict with
 * canasta_validate(), shows the explanation when the move is illegal and
 * plays it with canasta_apply() when it is legal.
 *
 * Usage: ui_verdicts [SEED]     (default seed 2, whose deal shows every
 *                               kind of verdict below)
 *
 * The moves tried are chosen from the cards actually dealt for the seed,
 * so every attempt makes sense for the hand shown.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"
#include "cli.h" /* the option parser the tools share (tools/cli.h) */

#define HAND_CAP 128

static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "ui_verdicts: engine error in %s: %s (%s)\n", what,
                canasta_error_name(rc), canasta_strerror(rc));
        exit(1);
    }
}

static const char *card_name(int card)
{
    /* a few rotating buffers so several names fit in one printf */
    static char bufs[8][8];
    static int next;
    char *b = bufs[next++ & 7];
    must(canasta_card_to_string(b, 8, card), "canasta_card_to_string");
    return b;
}

static const char *rank_name(int rank)
{
    static const char *const names[] = {
        "?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "10",
        "J", "Q", "K", "A", "Joker"
    };
    return (rank >= 0 && rank <= 15) ? names[rank] : "?";
}

/* ------------------------------------------------------------------ */
/* Game state helpers                                                   */
/* ------------------------------------------------------------------ */

typedef struct hand_view {
    uint8_t cards[HAND_CAP];
    size_t n;
    int count[CANASTA_CARD_LIMIT]; /* copies held, by card code */
} hand_view;

static void read_hand(hand_view *h, const canasta_game *g, int seat)
{
    size_t i;
    must(canasta_game_hand(h->cards, sizeof h->cards, &h->n, g, seat),
         "canasta_game_hand");
    memset(h->count, 0, sizeof h->count);
    for (i = 0; i < h->n; i++)
        h->count[h->cards[i]]++;
}

static int rank_of(int card)
{
    int r = canasta_card_rank(card);
    if (r < 0)
        must(r, "canasta_card_rank");
    return r;
}

static int is_wild(int card)
{
    int w = canasta_card_is_wild(card);
    if (w < 0)
        must(w, "canasta_card_is_wild");
    return w;
}

static int is_black_three(int card)
{
    return card == CANASTA_CARD(3, CANASTA_CLUBS) ||
           card == CANASTA_CARD(3, CANASTA_SPADES);
}

/* Natural cards of rank held (by code, in suit order), up to max. */
static int naturals_of_rank(uint8_t *out, int max, const hand_view *h,
                            int rank)
{
    size_t i;
    int n = 0;
    for (i = 0; i < h->n && n < max; i++)
        if (!is_wild(h->cards[i]) && rank_of(h->cards[i]) == rank)
            out[n++] = h->cards[i];
    return n;
}

static int wild_cards(uint8_t *out, int max, const hand_view *h)
{
    size_t i;
    int n = 0;
    for (i = 0; i < h->n && n < max; i++)
        if (is_wild(h->cards[i]))
            out[n++] = h->cards[i];
    return n;
}

static void print_hand(const char *label, const hand_view *h)
{
    size_t i;
    printf("%s (%lu cards):", label, (unsigned long)h->n);
    for (i = 0; i < h->n; i++)
        printf(" %s", card_name(h->cards[i]));
    printf("\n");
}

static void print_table(const canasta_game *g, int side)
{
    int top, size, flags, stock, minimum;
    must(canasta_game_pile_top(&top, g), "canasta_game_pile_top");
    must(canasta_game_pile_size(&size, g), "canasta_game_pile_size");
    must(canasta_game_pile_status(&flags, g, side),
         "canasta_game_pile_status");
    must(canasta_game_stock_size(&stock, g), "canasta_game_stock_size");
    must(canasta_game_opening_minimum(&minimum, g, side),
         "canasta_game_opening_minimum");
    printf("Pile top: %s (%d card%s in the pile), stock: %d cards\n",
           top == CANASTA_CARD_NONE ? "none" : card_name(top), size,
           size == 1 ? "" : "s", stock);
    printf("Pile as side %d sees it:", side);
    if (flags & CANASTA_PILE_FROZEN_WILD)
        printf(" frozen (a wild card is in it)");
    if (flags & CANASTA_PILE_FROZEN_RED_THREE)
        printf(" frozen (covered red three)");
    if (flags & CANASTA_PILE_FROZEN_UNOPENED)
        printf(" frozen (the side has not opened)");
    if (flags & CANASTA_PILE_BLOCKED_WILD)
        printf(" blocked (a wild card on top)");
    if (flags & CANASTA_PILE_BLOCKED_BLACK_THREE)
        printf(" blocked (a black three on top)");
    if (flags & CANASTA_PILE_EMPTY)
        printf(" empty");
    if (flags == 0)
        printf(" open");
    printf("\n");
    printf("Side %d needs %d points for its first meld (O1).\n", side,
           minimum);
}

/* ------------------------------------------------------------------ */
/* Verdicts                                                             */
/* ------------------------------------------------------------------ */

static int n_accepted, n_rejected;

/* Show the engine's verdict on move; play it when it is legal.
 * Returns the status. */
static int attempt(canasta_game *g, const char *description,
                   const canasta_move *move)
{
    char why[512];
    int rc;

    why[0] = '\0';
    printf("\n> seat %d tries to %s\n", move->seat, description);
    rc = canasta_validate(why, sizeof why, g, move);
    if (rc == CANASTA_OK) {
        char why2[512];
        int rc2 = canasta_apply(why2, sizeof why2, g, move);
        if (rc2 != CANASTA_OK) {
            fprintf(stderr, "ui_verdicts: engine error: validate accepted "
                    "a move that apply refused: %s (%s): %s\n",
                    canasta_error_name(rc2), canasta_strerror(rc2), why2);
            exit(1);
        }
        printf("  verdict: OK - legal, played\n");
        n_accepted++;
    } else if (rc == CANASTA_E_NULL || rc == CANASTA_E_NOMEM) {
        must(rc, "canasta_validate");
    } else {
        printf("  verdict: %s - %s\n", canasta_error_name(rc),
               canasta_strerror(rc));
        printf("  why:     %s\n", why[0] ? why : "(no explanation given)");
        n_rejected++;
    }
    return rc;
}

static void new_move(canasta_move *m, int kind, int seat)
{
    must(canasta_move_init(m, kind, seat), "canasta_move_init");
}

static int add_group(canasta_move *m, int rank, const uint8_t *cards,
                     int n)
{
    int grp, i;
    must(canasta_move_add_group(&grp, m, rank), "canasta_move_add_group");
    for (i = 0; i < n; i++)
        must(canasta_move_add_card(m, grp, cards[i]),
             "canasta_move_add_card");
    return grp;
}

static void describe_cards(char *buf, size_t size, const uint8_t *cards,
                           int n)
{
    int i;
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        size_t used = strlen(buf);
        if (used + 8 >= size)
            break;
        snprintf(buf + used, size - used, "%s%s", i ? " " : "", card_name(cards[i]));
    }
}

/* The discard a cautious player makes: a black three if held (it stops
 * the next player), else the lowest-valued card that is not part of a
 * pair, else the lowest natural; a wild card only when nothing else. */
static int choose_discard(const hand_view *h)
{
    int best = CANASTA_CARD_NONE, best_score = 0;
    size_t i;
    int rank_count[16];
    memset(rank_count, 0, sizeof rank_count);
    for (i = 0; i < h->n; i++)
        rank_count[rank_of(h->cards[i])]++;
    for (i = 0; i < h->n; i++) {
        int c = h->cards[i];
        int score = canasta_card_value(c);
        if (is_black_three(c))
            score = -1;
        else if (is_wild(c))
            score += 100000;
        else if (rank_count[rank_of(c)] >= 2)
            score += 1000;
        if (best == CANASTA_CARD_NONE || score < best_score) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* Let the seats before seat 0 play a quiet turn each (draw, discard). */
static void play_until_seat(canasta_game *g, int target_seat)
{
    for (;;) {
        int seat, phase;
        canasta_move m;
        hand_view h;
        char why[512];
        int discard;

        must(canasta_game_current_seat(&seat, g),
             "canasta_game_current_seat");
        must(canasta_game_phase(&phase, g), "canasta_game_phase");
        if (seat == target_seat && phase == CANASTA_PHASE_DRAW)
            return;
        if (phase != CANASTA_PHASE_DRAW) {
            fprintf(stderr, "ui_verdicts: unexpected phase %d\n", phase);
            exit(1);
        }
        new_move(&m, CANASTA_MOVE_DRAW, seat);
        if (canasta_apply(why, sizeof why, g, &m) != CANASTA_OK) {
            fprintf(stderr, "ui_verdicts: seat %d could not draw: %s\n",
                    seat, why);
            exit(1);
        }
        read_hand(&h, g, seat);
        discard = choose_discard(&h);
        new_move(&m, CANASTA_MOVE_DISCARD, seat);
        m.card = (uint8_t)discard;
        if (canasta_apply(why, sizeof why, g, &m) != CANASTA_OK) {
            fprintf(stderr, "ui_verdicts: seat %d could not discard %s: "
                    "%s\n", seat, card_name(discard), why);
            exit(1);
        }
        printf("  (seat %d draws and discards %s)\n", seat,
               card_name(discard));
    }
}

/* Try to take the pile in the way the hand suggests, which the frozen or
 * blocked pile refuses (or, rarely, accepts). */
static void try_take_pile(canasta_game *g, int seat, const hand_view *h)
{
    canasta_move m;
    int top, top_rank, side, flags, nat_n, wild_n;
    uint8_t nat[4] = {0}, wild[4] = {0};
    char desc[256], cards[64];

    must(canasta_game_pile_top(&top, g), "canasta_game_pile_top");
    if (top == CANASTA_CARD_NONE)
        return;
    must(canasta_game_seat_side(&side, g, seat), "canasta_game_seat_side");
    must(canasta_game_pile_status(&flags, g, side),
         "canasta_game_pile_status");
    top_rank = rank_of(top);
    new_move(&m, CANASTA_MOVE_TAKE_PILE, seat);

    if (flags & (CANASTA_PILE_BLOCKED_WILD | CANASTA_PILE_BLOCKED_BLACK_THREE)) {
        /* P2: nothing can take a pile with a wild card or black three on
         * top; offer whatever of that rank is in hand. */
        if (is_wild(top)) {
            nat_n = 0; /* a wild card has no rank to meld: no group */
        } else {
            nat_n = naturals_of_rank(nat, 2, h, top_rank);
            add_group(&m, top_rank, nat, nat_n);
        }
        describe_cards(cards, sizeof cards, nat, nat_n);
        snprintf(desc, sizeof desc, "take the pile (blocked: %s on top)%s%s",
                card_name(top), nat_n ? " with " : "", cards);
        attempt(g, desc, &m);
        return;
    }

    nat_n = naturals_of_rank(nat, 2, h, top_rank);
    wild_n = wild_cards(wild, 1, h);
    if ((flags & CANASTA_PILE_FROZEN_MASK) && nat_n == 1 && wild_n == 1) {
        /* P4: frozen, a natural and a wild card are not enough */
        uint8_t grp[2];
        grp[0] = nat[0];
        grp[1] = wild[0];
        add_group(&m, top_rank, grp, 2);
        snprintf(desc, sizeof desc, "take the frozen pile (top %s) with %s and the wild "
                "card %s", card_name(top), card_name(nat[0]),
                card_name(wild[0]));
    } else if (nat_n >= 1) {
        add_group(&m, top_rank, nat, nat_n);
        describe_cards(cards, sizeof cards, nat, nat_n);
        snprintf(desc, sizeof desc, "take the pile (top %s) with %s", card_name(top),
                cards);
    } else {
        add_group(&m, top_rank, NULL, 0);
        snprintf(desc, sizeof desc, "take the pile (top %s) holding no %s at all",
                card_name(top), rank_name(top_rank));
    }
    attempt(g, desc, &m);
}

/* A meld of wild cards only (M1): from the wild cards held, else (with
 * fewer than two) a pair of naturals that is too short. */
static void try_bad_meld(canasta_game *g, int seat, const hand_view *h)
{
    canasta_move m;
    uint8_t cards[4];
    char desc[256], text[64];
    int n = wild_cards(cards, 3, h);
    int rank;

    new_move(&m, CANASTA_MOVE_MELD, seat);
    if (n >= 2) {
        /* name the rank of a natural held, as a UI would when the user
         * drops wild cards on an empty meld slot */
        rank = CANASTA_RANK_KING;
        add_group(&m, rank, cards, n);
        describe_cards(text, sizeof text, cards, n);
        snprintf(desc, sizeof desc, "meld only wild cards as kings: %s", text);
        attempt(g, desc, &m);
        return;
    }
    if (n == 1) {
        /* one natural and one wild card: too few naturals and cards */
        size_t i;
        for (i = 0; i < h->n; i++) {
            int c = h->cards[i];
            if (!is_wild(c) && rank_of(c) >= 4) {
                uint8_t grp[2];
                grp[0] = (uint8_t)c;
                grp[1] = cards[0];
                add_group(&m, rank_of(c), grp, 2);
                snprintf(desc, sizeof desc, "meld %s with the wild card %s", card_name(c),
                        card_name(cards[0]));
                attempt(g, desc, &m);
                return;
            }
        }
    }
    /* no wild card held: claim three jokers the hand does not hold */
    cards[0] = cards[1] = cards[2] = CANASTA_JOKER;
    add_group(&m, CANASTA_RANK_ACE, cards, 3);
    attempt(g, "meld three jokers as aces (no joker held)", &m);
}

/* An opening meld that falls short of the minimum (O1/O2), if the hand
 * has one: a natural triple, or a natural pair plus a wild card. */
static void try_short_opening(canasta_game *g, int seat, const hand_view *h)
{
    int rank, side, minimum, opened;
    must(canasta_game_seat_side(&side, g, seat), "canasta_game_seat_side");
    must(canasta_game_opened(&opened, g, side), "canasta_game_opened");
    must(canasta_game_opening_minimum(&minimum, g, side),
         "canasta_game_opening_minimum");
    if (opened)
        return;
    for (rank = CANASTA_RANK_FOUR; rank <= CANASTA_RANK_ACE; rank++) {
        uint8_t grp[4];
        int n = naturals_of_rank(grp, 3, h, rank), count, i;
        canasta_move m;
        char desc[256], text[64];
        if (n < 2)
            continue;
        if (n == 2 && wild_cards(grp + 2, 1, h) == 1)
            n = 3;
        if (n < 3)
            continue;
        count = 0;
        for (i = 0; i < n; i++)
            count += canasta_card_value(grp[i]);
        if (count >= minimum)
            continue;
        new_move(&m, CANASTA_MOVE_MELD, seat);
        add_group(&m, rank, grp, n);
        describe_cards(text, sizeof text, grp, n);
        snprintf(desc, sizeof desc, "open with %s (%d points, %d needed)", text, count,
                minimum);
        attempt(g, desc, &m);
        return;
    }
}

/* The command line: [SEED], -h/--help, --version.  -1 to go on with
 * *seed set, else the exit status. */
static int seed_argument(uint64_t *seed, int argc, char **argv)
{
    enum { OPT_HELP = 1, OPT_VERSION };
    static const cli_option options[] = {
        { "help", 'h', CLI_NO_VALUE, OPT_HELP },
        { "version", 0, CLI_NO_VALUE, OPT_VERSION },
    };
    cli c;
    int r, given = 0;
    cli_init(&c, "ui_verdicts", argc, argv, 1);
    while ((r = cli_next(&c, options, sizeof options / sizeof options[0]))
           != CLI_END) {
        char *end;
        if (r == CLI_ERROR)
            return cli_report(&c);
        if (r == OPT_HELP) {
            printf("usage: ui_verdicts [SEED]\n"
                   "Try moves in a seeded deal and show the engine's "
                   "verdicts.\n"
                   "  SEED         the game number (default 2)\n"
                   "  -h, --help   show this text\n"
                   "  --version    show the library's version\n");
            return 0;
        }
        if (r == OPT_VERSION)
            return cli_version("ui_verdicts");
        errno = 0;
        *seed = (uint64_t)strtoull(c.value, &end, 10);
        if (given++)
            return cli_usage_error("ui_verdicts", "one SEED only, not '%s'",
                                   c.value);
        if (*end != '\0' || *c.value < '0' || *c.value > '9' || errno)
            return cli_usage_error("ui_verdicts", "the seed must be a "
                                   "number from 0 to 2^64-1, not '%s'",
                                   c.value);
    }
    return -1;
}

int main(int argc, char **argv)
{
    uint64_t seed = 2;
    canasta_rules *rules = NULL;
    canasta_game *game = NULL;
    hand_view h;
    canasta_move m;
    int dealer, seat, phase, missing, discard, next_seat, i;
    size_t nlegal = 0;
    char desc[256];

    if ((i = seed_argument(&seed, argc, argv)) >= 0)
        return i;

    must(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
         "canasta_rules_create");
    must(canasta_game_create(&game, rules, seed), "canasta_game_create");
    must(canasta_game_dealer(&dealer, game), "canasta_game_dealer");
    must(canasta_game_current_seat(&seat, game),
         "canasta_game_current_seat");
    printf("Game %llu: seat %d deals, seat %d plays first.\n",
           (unsigned long long)seed, dealer, seat);

    /* Out of turn: the UI of seat 0 before its turn comes. */
    if (seat != 0) {
        new_move(&m, CANASTA_MOVE_DRAW, 0);
        attempt(game, "draw before its turn", &m);
        printf("\nThe seats before seat 0 play:\n");
        play_until_seat(game, 0);
    }

    printf("\n");
    read_hand(&h, game, 0);
    print_hand("Seat 0's hand", &h);
    print_table(game, 0);

    /* 1. Discard before drawing (T1). */
    new_move(&m, CANASTA_MOVE_DISCARD, 0);
    m.card = (uint8_t)choose_discard(&h);
    snprintf(desc, sizeof desc, "discard %s before drawing", card_name(m.card));
    attempt(game, desc, &m);

    /* 2. Take the pile as the hand suggests (frozen or blocked: P2-P5). */
    try_take_pile(game, 0, &h);

    /* 3. The legal move: draw from the stock. */
    {
        int rc = canasta_legal_moves(NULL, 0, &nlegal, game);
        if (rc != CANASTA_E_BUFFER)
            must(rc, "canasta_legal_moves");
    }
    printf("\n(the engine lists %lu legal move%s for seat 0 now)\n",
           (unsigned long)nlegal, nlegal == 1 ? "" : "s");
    new_move(&m, CANASTA_MOVE_DRAW, 0);
    if (attempt(game, "draw from the stock", &m) == CANASTA_OK) {
        hand_view after;
        size_t k;
        read_hand(&after, game, 0);
        printf("  seat 0 drew:");
        for (k = 0; k < CANASTA_CARD_LIMIT; k++)
            for (i = h.count[k]; i < after.count[k]; i++)
                printf(" %s", card_name((int)k));
        printf("\n");
        h = after;
        print_hand("Seat 0's hand", &h);
    }

    /* 4. Discard a card not held. */
    missing = CANASTA_CARD_NONE;
    for (i = CANASTA_CARD(CANASTA_RANK_ACE, CANASTA_SPADES);
         i >= CANASTA_CARD(CANASTA_RANK_FOUR, CANASTA_CLUBS); i--) {
        if (h.count[i] == 0) {
            missing = i;
            break;
        }
    }
    new_move(&m, CANASTA_MOVE_DISCARD, 0);
    m.card = (uint8_t)missing;
    snprintf(desc, sizeof desc, "discard %s, a card it does not hold", card_name(missing));
    attempt(game, desc, &m);

    /* 5. A meld of only wild cards (M1). */
    try_bad_meld(game, 0, &h);

    /* 6. An opening meld below the minimum (O1), when the hand has one. */
    try_short_opening(game, 0, &h);

    /* 7. Another seat acts during seat 0's turn. */
    new_move(&m, CANASTA_MOVE_DRAW, 1);
    attempt(game, "draw while seat 0 is still playing", &m);

    /* 8. The legal discard ends the turn. */
    discard = choose_discard(&h);
    new_move(&m, CANASTA_MOVE_DISCARD, 0);
    m.card = (uint8_t)discard;
    snprintf(desc, sizeof desc, "discard %s%s", card_name(discard),
            is_black_three(discard) ? " (a black three: it blocks the pile)"
                                    : "");
    attempt(game, desc, &m);

    /* 9. The next player and the pile. */
    must(canasta_game_current_seat(&next_seat, game),
         "canasta_game_current_seat");
    must(canasta_game_phase(&phase, game), "canasta_game_phase");
    if (phase == CANASTA_PHASE_DRAW) {
        int side;
        hand_view nh;
        must(canasta_game_seat_side(&side, game, next_seat),
             "canasta_game_seat_side");
        printf("\nSeat %d is next.\n", next_seat);
        print_table(game, side);
        read_hand(&nh, game, next_seat);
        try_take_pile(game, next_seat, &nh);
    }

    printf("\n%d move%s accepted, %d rejected.\n", n_accepted,
           n_accepted == 1 ? "" : "s", n_rejected);
    canasta_game_free(game);
    canasta_rules_free(rules);
    return (n_accepted >= 1 && n_rejected >= 3) ? 0 : 1;
}
