/*
 * canasta.h - the public interface of libcanasta, a Classic Canasta rules
 * engine.  This is the only header a program needs.
 *
 * Conventions (see docs/API.md for the long form):
 *  - Every function that can fail returns an int status: CANASTA_OK (0) or
 *    a negative CANASTA_E_* code.  Codes are never renumbered.
 *  - Output parameters come first, then the object, then the inputs.
 *  - Objects are opaque and come in create/free pairs; free(NULL) is a no-op.
 *  - Nothing here keeps global state: separate handles may be used from
 *    separate threads without locking.
 *  - Cards are small integers (see "Cards").  Seats count from 0 in turn
 *    order; sides count from 0.
 *  - Rule IDs such as P4 refer to docs/RULES.md.
 */
#ifndef CANASTA_H
#define CANASTA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Export control                                                       */
/* ------------------------------------------------------------------ */
#if defined(_WIN32) && defined(CANASTA_BUILDING_DLL)
#  define CANASTA_API __declspec(dllexport)
#elif defined(_WIN32) && defined(CANASTA_DLL)
#  define CANASTA_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define CANASTA_API __attribute__((visibility("default")))
#else
#  define CANASTA_API
#endif

/* ------------------------------------------------------------------ */
/* Version                                                              */
/* ------------------------------------------------------------------ */
/* The one place the version number lives; the Makefile reads it here. */
#define CANASTA_VERSION_MAJOR 1
#define CANASTA_VERSION_MINOR 1
#define CANASTA_VERSION_PATCH 0
#define CANASTA_VERSION_NUMBER \
    (CANASTA_VERSION_MAJOR * 10000 + CANASTA_VERSION_MINOR * 100 + \
     CANASTA_VERSION_PATCH)

/* The version of the library actually loaded, as MAJOR*10000+MINOR*100+PATCH
 * and as "MAJOR.MINOR.PATCH" (static text: never free it).  A program
 * built with this header runs with any library of the same MAJOR whose
 * version is at least CANASTA_VERSION_NUMBER. */
CANASTA_API unsigned canasta_version(void);
CANASTA_API const char *canasta_version_string(void);

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */
/* One list generates the enum, canasta_error_name() and canasta_strerror().
 * XX(name, value, message).  Values are fixed forever; new codes are only
 * ever appended with new values.  The gaps (-17 to -19, -38, -39) were
 * never used and stay unused: codes are grouped (arguments, moves, text),
 * and a new code takes the next value after -45.  A program must treat
 * any negative value as a failure, including codes newer than its
 * header. */
#define CANASTA_ERRNO_MAP(XX)                                                 \
    XX(OK,            0,  "success")                                          \
    XX(E_NULL,       -1,  "a required pointer argument is NULL")              \
    XX(E_NOMEM,      -2,  "out of memory")                                    \
    XX(E_ARG,        -3,  "an argument is out of range")                      \
    XX(E_CARD,       -4,  "unknown card code")                                \
    XX(E_SEAT,       -5,  "seat number out of range")                         \
    XX(E_SIDE,       -6,  "side number out of range")                         \
    XX(E_OPTION,     -7,  "unknown rules option")                             \
    XX(E_RANGE,      -8,  "rules option value out of range")                  \
    XX(E_READONLY,   -9,  "this rules option is fixed by the preset")         \
    XX(E_PRESET,     -10, "unknown rules preset")                             \
    XX(E_BUFFER,     -11, "output buffer too small")                          \
    XX(E_PARSE,      -12, "text is not a card")                               \
    XX(E_DECK,       -13, "card order is not a complete deck for these rules") \
    XX(E_NOT_FRESH,  -14, "the hand has already started")                     \
    XX(E_NO_UNDO,    -15, "there is no move to undo in this hand")            \
    XX(E_SCORE_INPUT,-16, "impossible input for scoring")                     \
    XX(E_MOVE,       -20, "malformed move")                                   \
    XX(E_TURN,       -21, "it is not this seat's decision")                   \
    XX(E_PHASE,      -22, "this move is not possible at this point")          \
    XX(E_GAME_OVER,  -23, "the game is over")                                 \
    XX(E_NOT_IN_HAND,-24, "a card of the move is not in the player's hand")   \
    XX(E_MELD,       -25, "the cards do not make a legal meld")               \
    XX(E_THREES,     -26, "threes cannot be melded that way")                 \
    XX(E_OPENING,    -27, "the side's first meld does not reach its minimum") \
    XX(E_STOCK_EMPTY,-28, "the stock is empty")                               \
    XX(E_PILE_EMPTY, -29, "the discard pile is empty")                        \
    XX(E_PILE_BLOCKED,-30,"the pile cannot be taken: a wild card or black three is on top") \
    XX(E_PILE_FROZEN,-31, "the pile is frozen: taking it needs a natural pair of the top card's rank") \
    XX(E_PILE_NO_MELD,-32,"the pile's top card must be melded to take the pile") \
    XX(E_ONE_CARD,   -33, "a player holding one card may not take a one-card pile") \
    XX(E_GO_OUT,     -34, "going out is not allowed now")                     \
    XX(E_MUST_GO_OUT,-35, "the partner answered yes, so the player must go out") \
    XX(E_ASK,        -36, "asking the partner is not allowed now")            \
    XX(E_MUST_TAKE,  -37, "the pile must be taken: its top card joins a meld of the side") \
    XX(E_SYNTAX,     -40, "the text does not follow the notation (docs/NOTATION.md)") \
    XX(E_VERSION,    -41, "the text is of an unknown kind or format version") \
    XX(E_INVALID,    -42, "the text describes an impossible game or position") \
    XX(E_MISMATCH,   -43, "a written event differs from what the rules make happen") \
    XX(E_HIDDEN,     -44, "the text hides cards that this operation needs") \
    XX(E_KNOB,       -45, "unknown computer-player knob")

typedef enum canasta_error {
#define CANASTA_ERR_ENUM_(name, value, msg) CANASTA_##name = (value),
    CANASTA_ERRNO_MAP(CANASTA_ERR_ENUM_)
#undef CANASTA_ERR_ENUM_
    CANASTA_ERROR_SENTINEL_ = -1000 /* not an error code */
} canasta_error;

/* A one-line description of an error code; never NULL ("unknown error").
 * Static text: never free it. */
CANASTA_API const char *canasta_strerror(int err);
/* The code's name without prefix, e.g. "E_PILE_FROZEN"; never NULL.
 * Static text: never free it. */
CANASTA_API const char *canasta_error_name(int err);

/* ------------------------------------------------------------------ */
/* Cards                                                                */
/* ------------------------------------------------------------------ */
/* A card code is rank * 4 + suit.  Ranks 2..14 (jack 11, queen 12, king 13,
 * ace 14); suits 0 clubs, 1 diamonds, 2 hearts, 3 spades; the joker is the
 * single code 60.  Valid codes are 8..60; 0 means "no card".  Copies of the
 * same card from different packs share a code. */
enum canasta_suit {
    CANASTA_CLUBS = 0, CANASTA_DIAMONDS = 1, CANASTA_HEARTS = 2,
    CANASTA_SPADES = 3
};
enum canasta_rank {
    CANASTA_RANK_TWO = 2, CANASTA_RANK_THREE = 3, CANASTA_RANK_FOUR = 4,
    CANASTA_RANK_FIVE = 5, CANASTA_RANK_SIX = 6, CANASTA_RANK_SEVEN = 7,
    CANASTA_RANK_EIGHT = 8, CANASTA_RANK_NINE = 9, CANASTA_RANK_TEN = 10,
    CANASTA_RANK_JACK = 11, CANASTA_RANK_QUEEN = 12, CANASTA_RANK_KING = 13,
    CANASTA_RANK_ACE = 14, CANASTA_RANK_JOKER = 15
};
#define CANASTA_CARD(rank, suit) ((rank) * 4 + (suit))
#define CANASTA_JOKER 60
#define CANASTA_CARD_NONE 0
/* Card codes fit below this bound (useful for arrays indexed by code). */
#define CANASTA_CARD_LIMIT 64

/* Parse "7h", "10s", "Ts", "Qd", "Jk" (joker); case-insensitive.  length
 * is the text's length, or (size_t)-1 for a NUL-terminated string. */
CANASTA_API int canasta_card_from_string(int *card, const char *text,
                                         size_t length);
/* Write the canonical text ("7h", "10s", "Jk") with a NUL; needs size >= 4. */
CANASTA_API int canasta_card_to_string(char *buf, size_t size, int card);
/* These return the answer (>= 0) or CANASTA_E_CARD for an invalid code. */
CANASTA_API int canasta_card_rank(int card);
CANASTA_API int canasta_card_suit(int card);   /* the joker has suit 0 */
CANASTA_API int canasta_card_value(int card);  /* V1; red threes 0 */
CANASTA_API int canasta_card_is_wild(int card); /* twos and jokers: 1 */

/* ------------------------------------------------------------------ */
/* Rules                                                                */
/* ------------------------------------------------------------------ */
typedef struct canasta_rules canasta_rules;

/* Presets: the games of RULES.md as data for the same engine
 * (docs/VARIANTS.md has the table of their differences). */
enum canasta_preset {
    CANASTA_PRESET_CLASSIC = 1,         /* C1: 4 players, partners opposite */
    CANASTA_PRESET_TWO_PLAYERS = 2,     /* X2: 15 cards, draw 2, 2 canastas */
    CANASTA_PRESET_THREE_PLAYERS = 3,   /* X3: cutthroat, 13 cards, draw 2 */
    CANASTA_PRESET_SIX_THREE_SIDES = 4, /* X6: 3 sides of 2, partners
                                           opposite (seats s and s+3) */
    CANASTA_PRESET_SIX_TWO_SIDES = 5    /* X6: 2 sides of 3, alternate seats */
};

/* Option keys.  Settable keys are range-checked (canasta_rules_option_range);
 * keys from 100 on are fixed by the preset and only readable. */
enum canasta_option {
    CANASTA_OPT_TARGET_SCORE = 1,       /* S6: 5000 by default */
    CANASTA_OPT_ASK_PERMISSION = 2,     /* G4: 1 allowed (default), 0 not */
    CANASTA_OPT_ONE_CARD_RULE = 3,      /* P6: 1 in force (default), 0 off */
    CANASTA_OPT_TIE_RULE = 4,           /* S6: CANASTA_TIE_* */
    CANASTA_OPT_HAND_SIZE = 5,          /* C4: cards dealt, 11 */
    CANASTA_OPT_CANASTAS_TO_GO_OUT = 6, /* G1: 1 */
    CANASTA_OPT_DRAW_COUNT = 7,         /* T1: cards per stock draw, 1 */
    CANASTA_OPT_CONCEALED_ADDITIONS = 8, /* G3: 0 (default) a concealed exit
                                           is made only of melds the player
                                           starts in that turn; 1 it may
                                           also add to melds the side made
                                           before (the 1.0 reading) */
    CANASTA_OPT_PLAYERS = 100,          /* C1 (read-only) */
    CANASTA_OPT_SIDES = 101,            /* C1 (read-only) */
    CANASTA_OPT_PACKS = 102,            /* C2 (read-only) */
    CANASTA_OPT_JOKERS = 103,           /* C2 (read-only) */
    CANASTA_OPT_DECK_SIZE = 104,        /* C2 (read-only): 108 */
    CANASTA_OPT_LONE_HAND = 105         /* X3 (read-only): 1 when the first
                                           player to take the pile plays
                                           alone against the other two */
};
enum canasta_tie_rule {
    CANASTA_TIE_PLAY_ON = 0, /* equal leaders at the target: another hand */
    CANASTA_TIE_DECLARE = 1  /* equal leaders at the target: a tie */
};

/* Optional allocator (per rules object, inherited by games made from it). */
typedef void *(*canasta_alloc_fn)(void *user, size_t size);
typedef void (*canasta_release_fn)(void *user, void *ptr);

CANASTA_API int canasta_rules_create(canasta_rules **out, int preset);
/* As canasta_rules_create, with all memory of this rules object and of the
 * games made from it obtained from alloc and returned to release. */
CANASTA_API int canasta_rules_create_with_allocator(canasta_rules **out,
    int preset, canasta_alloc_fn alloc, canasta_release_fn release,
    void *user);
CANASTA_API void canasta_rules_free(canasta_rules *rules);
CANASTA_API int canasta_rules_clone(canasta_rules **out,
                                    const canasta_rules *rules);
CANASTA_API int canasta_rules_set(canasta_rules *rules, int key, int value);
CANASTA_API int canasta_rules_get(int *value, const canasta_rules *rules,
                                  int key);
/* The inclusive range a settable key accepts (for read-only keys, the
 * single value of the preset). */
CANASTA_API int canasta_rules_option_range(int *min, int *max,
                                           const canasta_rules *rules, int key);
/* O1: the opening minimum for a side whose total before the hand is total. */
CANASTA_API int canasta_rules_opening_minimum(int *minimum,
    const canasta_rules *rules, int total);
/* R3: the unsigned bonus for count red threes held by one side. */
CANASTA_API int canasta_rules_red_three_bonus(int *bonus,
    const canasta_rules *rules, int count);

/* ------------------------------------------------------------------ */
/* Scoring without a game (E3, S1-S6)                                   */
/* ------------------------------------------------------------------ */
/* Indexes into a score breakdown array.  The total is the sum of the other
 * items; CANASTA_SCORE_IN_HAND and a red-three penalty are negative. */
enum canasta_score_item {
    CANASTA_SCORE_MELDED = 0,           /* card values of melded cards */
    CANASTA_SCORE_NATURAL_CANASTAS = 1, /* S1: 500 each */
    CANASTA_SCORE_MIXED_CANASTAS = 2,   /* S1: 300 each */
    CANASTA_SCORE_RED_THREES = 3,       /* R3: + or - */
    CANASTA_SCORE_GOING_OUT = 4,        /* S2: 100 or 200 */
    CANASTA_SCORE_IN_HAND = 5,          /* E3: minus cards left in hands */
    CANASTA_SCORE_TOTAL = 6,
    CANASTA_SCORE_ITEMS = 7             /* number of items */
};
enum canasta_went_out {
    CANASTA_OUT_NONE = 0, CANASTA_OUT_NORMAL = 1, CANASTA_OUT_CONCEALED = 2
};
enum canasta_meld_kind {
    CANASTA_MELD_NONE = 0,            /* no cards */
    CANASTA_MELD_OPEN = 1,            /* a legal meld, not yet a canasta */
    CANASTA_MELD_MIXED_CANASTA = 2,   /* M5: 7+ cards with a wild card */
    CANASTA_MELD_NATURAL_CANASTA = 3  /* M5: 7+ cards, no wild card */
};

/* Classify a meld given by composition under rules (M1, M2, M5, M6):
 * *meld_class receives a CANASTA_MELD_* value.  Black threes (rank 3) are
 * legal only as 3 or 4 naturals with no wild card.  Under the
 * three-player rules (X3) a meld merged from partners' melds may also
 * hold four to six wild cards with at least four naturals.
 * CANASTA_E_MELD or CANASTA_E_THREES if the composition is illegal;
 * CANASTA_E_ARG for a rank outside 3..14 or a count outside 0..255. */
CANASTA_API int canasta_meld_class(int *meld_class,
    const canasta_rules *rules, int rank, int naturals, int twos,
    int jokers);

/* Score one side's hand from its parts.
 *  items/n_items: receives min(n_items, CANASTA_SCORE_ITEMS) items.
 *  melds: n_melds rows of 4 ints {rank, naturals, twos, jokers}, one row per
 *         rank; a side that melded nothing passes n_melds == 0.
 *  red_threes: the side's red threes; hand/n_hand: the cards left in all
 *  its players' hands; went_out: CANASTA_OUT_*.
 *  why (may be NULL): on CANASTA_E_SCORE_INPUT, a readable reason.
 * Under the three-player rules (X3) a meld may hold four to six wild
 * cards with at least four naturals: partners' melds merged that way. */
CANASTA_API int canasta_score_side(int *items, size_t n_items,
    char *why, size_t why_size, const canasta_rules *rules,
    const int *melds, size_t n_melds, int red_threes,
    const uint8_t *hand, size_t n_hand, int went_out);

/* ------------------------------------------------------------------ */
/* Moves                                                                */
/* ------------------------------------------------------------------ */
enum canasta_move_kind {
    CANASTA_MOVE_DRAW = 1,       /* T1: draw from the stock */
    CANASTA_MOVE_TAKE_PILE = 2,  /* P: take the discard pile */
    CANASTA_MOVE_MELD = 3,       /* M: lay new melds / add to the side's */
    CANASTA_MOVE_DISCARD = 4,    /* T1/T2: discard card, ending the turn */
    CANASTA_MOVE_ASK = 5,        /* G4: "partner, may I go out?" */
    CANASTA_MOVE_ANSWER_YES = 6, /* G4: the partner's answer */
    CANASTA_MOVE_ANSWER_NO = 7,
    CANASTA_MOVE_DECLINE = 8,    /* E1: refuse the pile when the stock is empty */
    CANASTA_MOVE_NEXT_HAND = 9   /* deal the next hand after a hand ended */
};

/* Bounds that follow from the rules of Classic Canasta for any player
 * count: a group holds at most 12 naturals plus 3 wild cards; a move holds
 * at most one group per meldable rank (3, 4..ace). */
#define CANASTA_GROUP_MAX_CARDS 16
#define CANASTA_MOVE_MAX_GROUPS 12

/* One meld in a move: a new meld of rank, or cards added to the side's meld
 * of rank.  cards[0..count) are cards from the player's hand. */
typedef struct canasta_group {
    uint8_t rank;
    uint8_t count;
    uint8_t cards[CANASTA_GROUP_MAX_CARDS];
} canasta_group;

/* A move.  Only kind, seat, card, ngroups, groups[0..ngroups) and, in each
 * used group, cards[0..count) are meaningful; compare moves with
 * canasta_move_equal, not memcmp.
 *  DRAW, ASK, ANSWER_*, DECLINE, NEXT_HAND: no further fields.
 *  DISCARD: card.
 *  MELD: groups[0..ngroups), at most one group per rank.
 *  TAKE_PILE: groups[0] is the top card's meld: its rank is the top card's
 *    rank and its cards are the hand cards melded with the top card (none
 *    when the top card joins the side's existing meld).  Further groups are
 *    melds from the hand laid before the pile is picked up (O3). */
typedef struct canasta_move {
    uint8_t kind;    /* canasta_move_kind */
    uint8_t seat;    /* the seat making the decision */
    uint8_t card;    /* DISCARD only */
    uint8_t ngroups;
    canasta_group groups[CANASTA_MOVE_MAX_GROUPS];
} canasta_move;

/* sizeof(canasta_move) as this library was built; FFI callers check it. */
CANASTA_API size_t canasta_move_size(void);
/* Clear *move and set its kind and seat. */
CANASTA_API int canasta_move_init(canasta_move *move, int kind, int seat);
/* Append a group of rank (3..14, else CANASTA_E_ARG); its index is written
 * to *group.  CANASTA_E_BUFFER when the move already has
 * CANASTA_MOVE_MAX_GROUPS groups. */
CANASTA_API int canasta_move_add_group(int *group, canasta_move *move,
                                       int rank);
/* Append a card to group index group (CANASTA_E_CARD for an invalid code,
 * CANASTA_E_BUFFER when the group is full). */
CANASTA_API int canasta_move_add_card(canasta_move *move, int group, int card);
/* *equal = 1 when a and b denote the same move: same kind, seat, card and
 * groups in the same order, each group's cards equal as a multiset. */
CANASTA_API int canasta_move_equal(int *equal, const canasta_move *a,
                                   const canasta_move *b);

/* ------------------------------------------------------------------ */
/* Games                                                                */
/* ------------------------------------------------------------------ */
typedef struct canasta_game canasta_game;

enum canasta_phase {
    CANASTA_PHASE_DRAW = 1,      /* start of a turn: draw, take, decline */
    CANASTA_PHASE_PLAY = 2,      /* after drawing: meld, ask, discard */
    CANASTA_PHASE_ANSWER = 3,    /* the partner answers "may I go out?" */
    CANASTA_PHASE_HAND_OVER = 4, /* the hand is scored; NEXT_HAND follows */
    CANASTA_PHASE_GAME_OVER = 5
};
/* Bits of canasta_game_pile_status. */
enum canasta_pile_flag {
    CANASTA_PILE_FROZEN_WILD = 1,      /* P3: a wild card is in the pile */
    CANASTA_PILE_FROZEN_RED_THREE = 2, /* P3: a covered red-three upcard */
    CANASTA_PILE_FROZEN_UNOPENED = 4,  /* P3: this side has not opened */
    CANASTA_PILE_BLOCKED_WILD = 8,     /* P2: a wild card is on top */
    CANASTA_PILE_BLOCKED_BLACK_THREE = 16, /* P2: a black three is on top */
    CANASTA_PILE_EMPTY = 32
};
#define CANASTA_PILE_FROZEN_MASK 7
/* How the last hand ended (canasta_game_hand_end). */
enum canasta_hand_end {
    CANASTA_END_NONE = 0,          /* no hand has ended yet */
    CANASTA_END_WENT_OUT = 1,      /* G2 */
    CANASTA_END_CONCEALED = 2,     /* G3 */
    CANASTA_END_RED_THREE = 3,     /* E2: the last stock card was a red three */
    CANASTA_END_STOCK = 4          /* E1: stock empty, pile not taken */
};
/* The state of "may I go out?" in the current turn. */
enum canasta_permission {
    CANASTA_PERMISSION_NONE = 0, CANASTA_PERMISSION_ASKED = 1,
    CANASTA_PERMISSION_YES = 2, CANASTA_PERMISSION_NO = 3
};

/* Create a game and deal its first hand from seed (C3, C7).  The first
 * dealer and every hand's deal follow from the seed alone, by the shuffle
 * documented in docs/API.md. */
CANASTA_API int canasta_game_create(canasta_game **out,
    const canasta_rules *rules, uint64_t seed);
CANASTA_API void canasta_game_free(canasta_game *game);
CANASTA_API int canasta_game_clone(canasta_game **out,
                                   const canasta_game *game);
/* Make dst an exact copy of src (state and undo history) without
 * allocating.  Both games must have been made from rules with the same
 * players and packs; else CANASTA_E_ARG. */
CANASTA_API int canasta_game_copy(canasta_game *dst, const canasta_game *src);
/* *equal = 1 when a and b are in exactly the same state and history. */
CANASTA_API int canasta_game_equal(int *equal, const canasta_game *a,
                                   const canasta_game *b);
/* Re-deal the current hand from a caller's card order (cards[0] is the
 * top of the deck; n must be the deck size and the cards exactly one
 * deck).  Only before the hand's first move (CANASTA_E_NOT_FRESH). */
CANASTA_API int canasta_game_set_deck(canasta_game *game,
                                      const uint8_t *cards, size_t n);
/* The current hand's deck order as dealt (cards[0] on top). */
CANASTA_API int canasta_game_deck(uint8_t *cards, size_t capacity,
                                  size_t *n, const canasta_game *game);

/* Queries.  seat and side arguments are range-checked (0 .. players-1,
 * 0 .. sides-1; CANASTA_OPT_PLAYERS and CANASTA_OPT_SIDES).
 *
 * A side is one score column: totals, hand scores, opening minimums, the
 * winner and SCORE events are per side.  The table a side plays on (its
 * melds, opened state, canastas, pile status) is the side of the seat as
 * canasta_game_seat_side gives it.  The two are the same in every game but
 * the three-player one (X3), where side n is seat n's own score column and
 * stays so; when two players become partners during a hand, seat_side of
 * both names the lower of their seats, whose side then holds the merged
 * melds, while the other side's table is empty until the next deal. */
CANASTA_API int canasta_game_option(int *value, const canasta_game *game,
                                    int key);
CANASTA_API int canasta_game_phase(int *phase, const canasta_game *game);
/* Whose decision it is: the player to move, the partner who must answer,
 * or, once a hand is over, the next dealer (who plays NEXT_HAND). */
CANASTA_API int canasta_game_current_seat(int *seat,
                                          const canasta_game *game);
CANASTA_API int canasta_game_seat_side(int *side, const canasta_game *game,
                                       int seat);
CANASTA_API int canasta_game_dealer(int *seat, const canasta_game *game);
/* X3: the seat playing alone in this hand (or, after a hand, in that
 * hand): the first to take the pile, or the player who went out before
 * anyone took it; -1 before either and in the other games. */
CANASTA_API int canasta_game_lone_hand(int *seat, const canasta_game *game);
CANASTA_API int canasta_game_hand_number(int *number,
                                         const canasta_game *game);
/* The seat's hand, sorted by code.  *n receives the hand size even when
 * capacity is too small (then CANASTA_E_BUFFER). */
CANASTA_API int canasta_game_hand(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game, int seat);
CANASTA_API int canasta_game_hand_size(int *n, const canasta_game *game,
                                       int seat);
/* The side's meld of rank (all zero when it has none). */
CANASTA_API int canasta_game_meld(int *naturals, int *twos, int *jokers,
    const canasta_game *game, int side, int rank);
/* The cards of that meld, sorted by code. */
CANASTA_API int canasta_game_meld_cards(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game, int side, int rank);
/* Completed canastas of the side (natural and mixed). */
CANASTA_API int canasta_game_canastas(int *natural, int *mixed,
                                      const canasta_game *game, int side);
/* Red threes laid out by a seat in this hand, sorted by code. */
CANASTA_API int canasta_game_red_threes(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game, int seat);
CANASTA_API int canasta_game_pile_size(int *n, const canasta_game *game);
/* The whole discard pile, bottom card first (every card in it was seen
 * face up when it was discarded or turned). */
CANASTA_API int canasta_game_pile(uint8_t *cards, size_t capacity,
    size_t *n, const canasta_game *game);
/* CANASTA_CARD_NONE when the pile is empty. */
CANASTA_API int canasta_game_pile_top(int *card, const canasta_game *game);
/* CANASTA_PILE_* bits as seen by side; frozen when
 * (flags & CANASTA_PILE_FROZEN_MASK) != 0. */
CANASTA_API int canasta_game_pile_status(int *flags,
    const canasta_game *game, int side);
CANASTA_API int canasta_game_stock_size(int *n, const canasta_game *game);
CANASTA_API int canasta_game_opened(int *opened, const canasta_game *game,
                                    int side);
/* O1: the side's minimum for this hand (from its total before the hand).
 * A seat's own minimum is that of its score column: in X3 the seat's own
 * number, whatever table it plays at. */
CANASTA_API int canasta_game_opening_minimum(int *minimum,
    const canasta_game *game, int side);
CANASTA_API int canasta_game_permission(int *state,
                                        const canasta_game *game);
/* How the current turn began (canasta_game_turn_state).  New in 1.1. */
enum canasta_turn_start {
    CANASTA_TURN_NOT_STARTED = 0, /* phase draw: nothing drawn or taken */
    CANASTA_TURN_DREW = 1,        /* T1: drew from the stock */
    CANASTA_TURN_TOOK_PILE = 2    /* P1: took the discard pile */
};
/* The turn of the player to move, for user interfaces (what a position's
 * turn lines say, without parsing them).  New in 1.1.  Any output may be
 * NULL; game may not (CANASTA_E_NULL).
 *  *seat: whose turn it is (in phase answer the player who asked; once a
 *         hand is over, the player whose turn ended it);
 *  *began: CANASTA_TURN_*, how that turn began;
 *  *meld_moves: the MELD moves made in it so far (a take's melds are part
 *         of the take);
 *  *new_melds: the ranks of the melds the side began in it, bit r for
 *         rank r (3 black threes, 4..14), whether by a meld or a take;
 *  *melded_before: 1 when that player melded in an earlier turn of this
 *         hand, else 0 (G3: while 0, going out this turn is concealed if
 *         it completes a canasta begun in it);
 *  *permission: CANASTA_PERMISSION_*, the state of "may I go out?" (G4).
 */
CANASTA_API int canasta_game_turn_state(int *seat, int *began,
    int *meld_moves, int *new_melds, int *melded_before, int *permission,
    const canasta_game *game);
/* The side's cumulative total (S5), including the last finished hand. */
CANASTA_API int canasta_game_total(int *total, const canasta_game *game,
                                   int side);
/* The last finished hand's breakdown for side (CANASTA_SCORE_* items;
 * items may be NULL when n_items is 0); CANASTA_E_PHASE before any hand
 * has finished. */
CANASTA_API int canasta_game_hand_score(int *items, size_t n_items,
    const canasta_game *game, int side);
/* How the last finished hand ended and who went out (-1 if nobody). */
CANASTA_API int canasta_game_hand_end(int *how, int *seat,
                                      const canasta_game *game);
/* S6: the winning side, or -1 for a declared tie; CANASTA_E_PHASE while
 * the game goes on. */
CANASTA_API int canasta_game_winner(int *side, const canasta_game *game);

/* ------------------------------------------------------------------ */
/* Playing                                                              */
/* ------------------------------------------------------------------ */
/* Check a move without changing anything.  CANASTA_OK if legal; else an
 * error code, and why (if not NULL) receives a sentence for the player
 * (truncated to why_size).  When a rule forbids the move the sentence
 * starts with the rule ID, e.g. "P4: the pile is frozen, ..."; the
 * explanation of a malformed move (E_MOVE, E_CARD, E_SEAT) may have none.
 * The form of a move is checked before the rules. */
CANASTA_API int canasta_validate(char *why, size_t why_size,
    const canasta_game *game, const canasta_move *move);
/* Validate, then play the move.  On any error the game is unchanged. */
CANASTA_API int canasta_apply(char *why, size_t why_size,
    canasta_game *game, const canasta_move *move);
/* Take back the last move of the current hand (A3); repeatable back to
 * the hand's start.  CANASTA_E_NO_UNDO at the start of a hand. */
CANASTA_API int canasta_undo(canasta_game *game);
/* Every legal move at the current decision, in canonical form: copies of
 * the same card, and naturals of one rank in different suits, are listed
 * once (the lowest suits are named); with the side opened, melds are
 * listed one group per move; before it opens, the minimal openings and
 * the whole-hand exits (melds or pile takes) that only black threes or
 * the G3 waiver make possible (docs/API.md has the exact definition).
 * Writes min(capacity, count) moves, sets *count to the number of legal
 * moves and returns CANASTA_E_BUFFER if they did not all fit.  moves may
 * be NULL when capacity is 0. */
CANASTA_API int canasta_legal_moves(canasta_move *moves, size_t capacity,
    size_t *count, const canasta_game *game);

/* ------------------------------------------------------------------ */
/* Events (what the last move made happen)                              */
/* ------------------------------------------------------------------ */
/* After canasta_game_create, set_deck or a NEXT_HAND move the list holds
 * the deal; after any other applied move, what that move caused; after
 * canasta_undo, the events of the move that is now the last one.  Fields
 * of canasta_game_event that a kind does not use are -1 (cards: none). */
enum canasta_event_kind {
    CANASTA_EVENT_DEAL = 1,      /* seat: dealer; value: hand number */
    CANASTA_EVENT_UPCARD = 2,    /* C5: cards turned to start the pile, in
                                    order; all but the last are covered */
    CANASTA_EVENT_RED_THREE = 3, /* R1: seat laid out these red threes */
    CANASTA_EVENT_REPLACE = 4,   /* R1: seat drew these in place of them */
    CANASTA_EVENT_DRAW = 5,      /* T1: seat drew these from the stock */
    CANASTA_EVENT_PICK_UP = 6,   /* P1: seat took the pile: its cards,
                                    bottom first (public: all were seen) */
    CANASTA_EVENT_CANASTA = 7,   /* M5: side's meld of rank value became a
                                    canasta; detail: CANASTA_MELD_* class */
    CANASTA_EVENT_HAND_END = 8,  /* value: canasta_hand_end; seat: who went
                                    out (-1 if nobody) */
    CANASTA_EVENT_SCORE = 9,     /* side scored value in the hand; detail:
                                    its new total (breakdown:
                                    canasta_game_hand_score) */
    CANASTA_EVENT_GAME_OVER = 10, /* S6: side: the winner, -1 for a tie */
    CANASTA_EVENT_LONE_HAND = 11  /* X3: seat plays alone; side: the
                                     partners' merged table, or -1 when the
                                     lone hand went out before anyone took
                                     the pile (the partners score together
                                     but their melds stay apart) */
};
/* A viewer argument: a seat, or this for the complete information. */
#define CANASTA_VIEW_ALL (-1)

CANASTA_API int canasta_game_event_count(size_t *count,
                                         const canasta_game *game);
/* Event index (0-based).  cards may be NULL when capacity is 0; *n_cards
 * receives the number of cards even when they do not fit (then
 * CANASTA_E_BUFFER).  Any of the int pointers, and n_cards, may be NULL.
 * The cards are always the real ones: the cards of a DRAW or REPLACE event are
 * secret from every seat but event seat (A1), so a server sends other
 * players canasta_game_event_to_string with their seat as viewer instead. */
CANASTA_API int canasta_game_event(int *kind, int *seat, int *side,
    int *value, int *detail, uint8_t *cards, size_t capacity,
    size_t *n_cards, const canasta_game *game, size_t index);
/* The event as a record line without its "= " prefix (docs/NOTATION.md),
 * as viewer may see it: cards another seat drew become "??".  A buffer
 * of CANASTA_EVENT_TEXT_MAX bytes holds any event; a smaller one that is
 * too small gives CANASTA_E_BUFFER. */
#define CANASTA_EVENT_TEXT_MAX 1024
CANASTA_API int canasta_game_event_to_string(char *buf, size_t size,
    const canasta_game *game, size_t index, int viewer);

/* ------------------------------------------------------------------ */
/* Text: moves, saved games, positions, records, views                  */
/* ------------------------------------------------------------------ */
/* docs/NOTATION.md defines every text form.  Functions that return text of
 * unbounded length allocate it with the allocator of the game or record it
 * describes and hand it out NUL-terminated in *text, with its length in
 * *length (may be NULL).  Release it with canasta_free (the text remembers
 * its allocator, so the object may be freed first; the allocator's user
 * data must outlive it).  Functions that read text take its length (or
 * (size_t)-1 for a NUL-terminated string), and on failure write an
 * explanation that names the line, e.g. "line 7: P4: the pile is frozen". */

/* Longest text canasta_move_to_string can write, with the NUL. */
#define CANASTA_MOVE_TEXT_MAX 1024

/* Release text handed out by this library; NULL is ignored. */
CANASTA_API void canasta_free(void *text);

/* The canonical form of a move, e.g. "2 meld 7h 7d 7s, Kc Kd 2s". */
CANASTA_API int canasta_move_to_string(char *buf, size_t size,
                                       const canasta_move *move);
/* Parse one move of length bytes ((size_t)-1: NUL-terminated).  A text
 * without a leading seat number gets seat default_seat (-1: the seat is
 * required).  CANASTA_E_SYNTAX (with why) when the text is not a move;
 * rules are not checked here. */
CANASTA_API int canasta_move_from_string(canasta_move *move,
    char *why, size_t why_size, const char *text, size_t length,
    int default_seat);

/* Saved game: the rules, the seed, how the current hand began and every
 * move of it (so undo keeps working after a load), then the resulting
 * position for readers and as a check.  Loading replays it and refuses any
 * inconsistency; the loaded game is canasta_game_equal to the saved one. */
CANASTA_API int canasta_game_save(char **text, size_t *length,
                                  const canasta_game *game);
CANASTA_API int canasta_game_load(canasta_game **out, char *why,
    size_t why_size, const char *text, size_t length);
/* The loaders (canasta_game_load, canasta_game_from_position,
 * canasta_record_parse) take all their memory, and the object they make
 * all its memory, from the default allocator; their _with_allocator forms
 * use alloc and release as canasta_rules_create_with_allocator does (both
 * NULL: the default; one NULL: CANASTA_E_ARG). */
CANASTA_API int canasta_game_load_with_allocator(canasta_game **out,
    char *why, size_t why_size, const char *text, size_t length,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user);

/* Position: the complete current state (hands, stock, pile, melds, red
 * threes, totals, turn) with no history.  A game made from a position
 * cannot undo past it; later hands are dealt from its seed.  The reader
 * also takes a partial position (1.1: "hand S +N", "stock rest", totals
 * without the hand before's breakdown) and deals the cards it does not
 * name from its seed; canasta_game_position always writes the complete
 * form (docs/NOTATION.md, "Partial positions"). */
CANASTA_API int canasta_game_position(char **text, size_t *length,
                                      const canasta_game *game);
CANASTA_API int canasta_game_from_position(canasta_game **out, char *why,
    size_t why_size, const char *text, size_t length);
CANASTA_API int canasta_game_from_position_with_allocator(
    canasta_game **out, char *why, size_t why_size, const char *text,
    size_t length, canasta_alloc_fn alloc, canasta_release_fn release,
    void *user);

/* JSON for user interfaces.  viewer = CANASTA_VIEW_ALL: the full state;
 * a seat: A1, exactly what that player may know (its own hand, the table,
 * hand sizes, the pile with its freeze state for each side, and the public
 * history of the hand, with the cards each player picked up). */
CANASTA_API int canasta_game_json(char **text, size_t *length,
                                  const canasta_game *game, int viewer);

/* Game records: a header of tags and one move per line, with the events
 * the moves caused (docs/NOTATION.md). */
typedef struct canasta_record canasta_record;

/* Start recording game from the beginning of its current hand (the moves
 * already made in the hand are included). */
CANASTA_API int canasta_record_create(canasta_record **out,
                                      const canasta_game *game);
CANASTA_API void canasta_record_free(canasta_record *record);
/* Bring the record up to date with game: call it after every apply (at the
 * least after the last move of each hand, before its NEXT_HAND) and after
 * canasta_undo.  Moves the game made since are appended; after canasta_undo
 * (the game's moves of the hand are then the first of the recorded ones) the
 * recorded moves are cut back to the game's, so the record describes the
 * game as it is.  CANASTA_E_ARG if game is not the game recorded, its moves
 * of the hand differ from the recorded ones otherwise, or it missed the end
 * of a hand; CANASTA_E_NOMEM. */
CANASTA_API int canasta_record_update(canasta_record *record,
                                      const canasta_game *game);
/* The record as text, with the record's allocator; viewer as for
 * canasta_game_json: a seat's version has no seed or deck and shows unseen
 * cards as "??".  A seat's version of a parsed record is made by replaying
 * it, so a record that does not replay gives the replay's error there
 * (CANASTA_VIEW_ALL writes it back as read). */
CANASTA_API int canasta_record_text(char **text, size_t *length,
    const canasta_record *record, int viewer);
/* Read a record (E_SYNTAX, E_VERSION, E_INVALID, E_HIDDEN; why names the
 * line). */
CANASTA_API int canasta_record_parse(canasta_record **out, char *why,
    size_t why_size, const char *text, size_t length);
CANASTA_API int canasta_record_parse_with_allocator(canasta_record **out,
    char *why, size_t why_size, const char *text, size_t length,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user);
/* Replay a parsed record move by move, checking every move and every
 * written event.  On success *out (may be NULL) receives the game at the
 * record's end, made with the record's allocator (the one of the game it
 * was created from, or the one it was parsed with).  On the first illegal
 * move or wrong event: its error code, *line (may be NULL) its line
 * number, why the rule ID and explanation. */
CANASTA_API int canasta_record_replay(canasta_game **out, int *line,
    char *why, size_t why_size, canasta_record *record);
/* After a successful replay: the hands it finished, and for each of them
 * (0-based) a side's breakdown (CANASTA_SCORE_* items) and total after it. */
CANASTA_API int canasta_record_hand_count(size_t *count,
                                          const canasta_record *record);
CANASTA_API int canasta_record_hand_score(int *items, size_t n_items,
    int *total, const canasta_record *record, size_t hand, int side);

/* ------------------------------------------------------------------ */
/* Computer players and hints (RULES.md A1, A2)                         */
/* ------------------------------------------------------------------ */
/* The reference computer player: a style (a few named knobs) that
 * chooses the move for the seat whose decision it is, from what that seat
 * may know (A1: its own hand, the table, the public history).  It never
 * reads a hidden card: it decides on a copy of the game in which every
 * card the seat cannot see is replaced by a fixed arrangement.
 * docs/PLAYER.md describes how it plays and what each knob does. */
typedef struct canasta_player canasta_player;

enum canasta_knob {
    CANASTA_KNOB_TAKE_PILE = 1,  /* CANASTA_TAKE_*: when to take the pile
                                    when the rules do not force it */
    CANASTA_KNOB_PILE_SIZE = 2,  /* CANASTA_TAKE_WORTHWHILE takes a pile of
                                    at least this many cards (or one that
                                    opens the side); 1..100, default 3 */
    CANASTA_KNOB_WILD_CARDS = 3, /* CANASTA_WILDS_*: what wild cards are
                                    for */
    CANASTA_KNOB_GO_OUT = 4,     /* canastas the side wants before going
                                    out: 0 (default) at the first chance,
                                    1..6 waits for that many (more than the
                                    rules ask) while the stock lasts */
    CANASTA_KNOB_KEEP_PAIRS = 5, /* 1 (default): keep natural pairs in hand
                                    for taking a frozen pile; 0: meld a
                                    pair with a wild card */
    CANASTA_KNOB_DISCARD = 6,    /* CANASTA_DISCARD_*: which card to throw */
    CANASTA_KNOB_ASK = 7         /* 1 (default): ask the partner before
                                    going out when the rules allow it (G4);
                                    0: never ask */
};
enum canasta_take_policy {
    CANASTA_TAKE_WHEN_FORCED = 0, /* only when E1 forces it */
    CANASTA_TAKE_WORTHWHILE = 1,  /* default: a big enough pile, or one that
                                     opens the side */
    CANASTA_TAKE_ALWAYS = 2       /* whenever it may */
};
enum canasta_wild_policy {
    CANASTA_WILDS_SAVE = 0,   /* keep wild cards off natural melds: aim for
                                 natural canastas; use them to go out */
    CANASTA_WILDS_FINISH = 1  /* default: a wild card that completes a
                                 canasta is played at once */
};
enum canasta_discard_policy {
    CANASTA_DISCARD_SAFE = 0, /* default: what the next player is least
                                 likely to take the pile with */
    CANASTA_DISCARD_LOW = 1,  /* the lowest card first */
    CANASTA_DISCARD_HIGH = 2  /* the highest card first (fewer points
                                 left in hand) */
};

/* A player with every knob at its default. */
CANASTA_API int canasta_player_create(canasta_player **out);
CANASTA_API int canasta_player_create_with_allocator(canasta_player **out,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user);
CANASTA_API void canasta_player_free(canasta_player *player);
CANASTA_API int canasta_player_clone(canasta_player **out,
                                     const canasta_player *player);
/* CANASTA_E_KNOB for an unknown knob, CANASTA_E_RANGE for a value outside
 * canasta_knob_range. */
CANASTA_API int canasta_player_set(canasta_player *player, int knob,
                                   int value);
CANASTA_API int canasta_player_get(int *value, const canasta_player *player,
                                   int knob);
/* The values a knob takes and its default. */
CANASTA_API int canasta_knob_range(int *min, int *max, int *default_value,
                                   int knob);
/* The knob's name as the tools write it ("take-pile", "pile-size",
 * "wild-cards", "go-out", "keep-pairs", "discard", "ask"), static text;
 * NULL for an unknown knob. */
CANASTA_API const char *canasta_knob_name(int knob);
CANASTA_API int canasta_knob_from_name(int *knob, const char *name);

/* The move for the seat whose decision it is (canasta_game_current_seat):
 * always a legal one.  seed breaks ties between equally good moves, so a
 * seed gives the same move every time.  CANASTA_E_GAME_OVER once the game
 * is over.  Allocates nothing. */
CANASTA_API int canasta_player_choose(canasta_move *move,
    const canasta_player *player, const canasta_game *game, uint64_t seed);
/* Choose as canasta_player_choose and play the move on game: the same as
 * canasta_apply of that move, without checking it a second time (the
 * player's moves are legal by construction).  *move receives the move
 * played (move may be NULL): the bytes its kind uses, as
 * canasta_legal_moves writes its moves.
 * CANASTA_E_GAME_OVER once the game is over; CANASTA_E_NOMEM, with the
 * game unchanged, when the hand's undo history is full (as canasta_apply).
 * Allocates nothing. */
CANASTA_API int canasta_player_play(canasta_move *move,
    const canasta_player *player, canasta_game *game, uint64_t seed);
/* A2: the move canasta_player_choose makes with seed 0, and a sentence
 * for a person saying why ("Take the pile: your two 9s meld its top card
 * and it holds 14 cards."), cut to fit reason_size and always
 * terminated; CANASTA_HINT_TEXT_MAX bytes hold any reason whole.  reason
 * may be NULL (then reason_size is ignored). */
#define CANASTA_HINT_TEXT_MAX 1024
CANASTA_API int canasta_player_hint(canasta_move *move, char *reason,
    size_t reason_size, const canasta_player *player,
    const canasta_game *game);

/* ------------------------------------------------------------------ */
/* Search and learning support (docs/SEARCH.md)                         */
/* ------------------------------------------------------------------ */
/* Actions: a move of the player to move, named by card kinds only (ranks,
 * twos, jokers, black threes; never suits, never hidden cards), so that
 * an action means the same thing in every world a search samples.
 *  - Every move with at most one group has a fixed action below
 *    CANASTA_ACTIONS_DENSE (3140): 0 draw, 1 decline, 2 ask, 3 yes, 4 no,
 *    5 next hand, 6..19 discard by card kind, 20..1579 a meld of one
 *    group, 1580..3139 a pile take with one group (layout: SEARCH.md).
 *  - A move with several groups (the opening of a side that has not
 *    opened, a whole-hand exit, a take with more melds) has an action
 *    with CANASTA_ACTION_MULTI set: a 64-bit hash of its groups' kinds.
 * Two moves of one decision that differ in more than suits have different
 * actions (for multi-group moves, but for a hash collision).  Actions keep
 * their meaning in every release of one major version (stored policies
 * stay valid); a move kind added later would get only hashed actions, so
 * the dense range never changes. */
#define CANASTA_ACTIONS_DENSE 3140
#define CANASTA_ACTION_MULTI 0x8000000000000000ULL
CANASTA_API int canasta_action_of_move(uint64_t *action,
                                       const canasta_move *move);
/* The legal move of the current decision whose action it is (the first
 * in canasta_legal_moves order); CANASTA_E_ARG if none. */
CANASTA_API int canasta_action_to_move(canasta_move *move,
    const canasta_game *game, uint64_t action);
/* A 64-bit hash of what seat knows (A1): its hand, the table, the pile,
 * the sizes, the turn, the scores, and the cards other seats are known
 * to hold from pile pickups.  Equal for two games that differ only in
 * cards hidden from seat; the same on every platform. */
CANASTA_API int canasta_game_infoset_hash(uint64_t *hash,
    const canasta_game *game, int seat);
/* Determinization: make dst (a game of the same players and packs, e.g. a
 * clone; may be src itself) a copy of src in which every card seat cannot
 * see is dealt again at random from seed, consistently with everything
 * seat has seen: its own hand, the table, the pile, every hand's size,
 * the cards others are known to hold from pile pickups, and that a player
 * who asked "may I go out?" (or was told yes, or holds one card in the
 * play phase) can go out.  The stock and the seed of later deals are
 * resampled too; once a hand is over its hands were shown (E3) and are
 * kept.  dst cannot undo past this point, and is what its position text
 * reads to (as a game from a position: its save and position read back
 * to an equal game).
 * Allocates nothing.  Worlds where that player can go out are sampled
 * uniformly while random deals find them; when the exit is rare (2000
 * deals without one) the last deal is repaired by swapping unseen cards
 * into that player's hand, which gives a consistent world but not a
 * uniform one (docs/SEARCH.md).  CANASTA_E_ARG also if the repair fails
 * too (no case is known); dst is then unchanged. */
CANASTA_API int canasta_game_determinize(canasta_game *dst,
    const canasta_game *src, int seat, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif /* CANASTA_H */
