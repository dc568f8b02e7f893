/* position.h - the text of header tags, positions and the start of a
 * dealt hand, shared by saves, positions and records (docs/NOTATION.md).
 * Not installed. */
#ifndef CANASTA_POSITION_H
#define CANASTA_POSITION_H

#include "internal.h"
#include "text.h"

/* ---- rules_text.c: header tags common to records, saves and positions ----
 *
 *   preset classic
 *   option <name> <value>      (one line per settable option)
 *   sides <side of seat 0> ...
 *   seed <decimal uint64>      (only when write_seed)
 */
void cn_write_rules(cn_text *t, const cn_params *p, uint64_t seed,
                    int write_seed);
/* The header tags as read, applied together by cn_header_finish so that
 * their order does not matter. */
#define CN_HEADER_SIDES_MAX CN_MAX_PLAYERS
/* One slot per settable option key (1 .. the last; slot 0 unused).
 * names.c checks at compile time that its name table has as many. */
#define CN_HEADER_OPTIONS (CANASTA_OPT_CONCEALED_ADDITIONS + 1)
typedef struct cn_header {
    int preset, preset_line;               /* classic when no line */
    int32_t opt_value[CN_HEADER_OPTIONS];  /* by settable CANASTA_OPT_* key */
    int opt_line[CN_HEADER_OPTIONS];       /* 0: not given */
    int32_t sides[CN_HEADER_SIDES_MAX];
    int n_sides, sides_too_many, sides_line;
    uint64_t seed;
    int seed_line;                         /* 0: no seed line */
} cn_header;
void cn_header_init(cn_header *h);
/* A header tag line already split: key = first token, rest = the
 * remainder.  Returns 1 if consumed (kept in h), 0 if key is not a
 * header tag, or a negative error code with why ("line N: ...") for what
 * the line alone shows (its syntax, an unknown preset or option name, a
 * second seed line, two sides lines that differ). */
int cn_read_rules_tag(cn_header *h, const char *key, char *rest, int lineno,
                      char *why, size_t ws);
/* The rules the tags give: the preset, then every option given (checked
 * as canasta_rules_set checks it: E_INVALID naming its line), then the
 * sides line checked against the result (C1, E_INVALID). */
int cn_header_finish(const cn_header *h, cn_params *p, char *why, size_t ws);
/* The kind line ("<kind> 1"; anything else is E_VERSION) and the header
 * tags after it, up to the first other line, which is left unread (r is
 * wound back to it).  *p starts from the classic preset; the seed line is
 * required (E_SYNTAX). */
int cn_read_header(cn_lines *r, const char *kind, cn_params *p,
                   uint64_t *seed, char *why, size_t ws);

/* ---- load.c: the opening of the loaders ---- */
/* The opening of canasta_game_load, canasta_game_from_position and
 * canasta_record_parse (each _with_allocator): why emptied; E_NULL when
 * out or text is NULL, E_ARG when only one of alloc and release is given;
 * else CANASTA_OK.  The caller sets *out to NULL whenever out is given.
 * (Inline, so that the static analysers see that out is not NULL after
 * CANASTA_OK.) */
static inline int cn_load_begin(char *why, size_t why_size, const void *out,
                                const char *text, canasta_alloc_fn alloc,
                                canasta_release_fn release)
{
    if (why && why_size)
        why[0] = '\0';
    if (!out || !text)
        return CANASTA_E_NULL;
    if (!cn_alloc_pair_ok(alloc, release))
        return CANASTA_E_ARG;
    return CANASTA_OK;
}
/* What a save or position says after its header, read from r into g
 * (its rules and seed set, the rest of its state zero). */
typedef int (*cn_load_body)(canasta_game *g, cn_lines *r, char *why,
                            size_t why_size);
/* A whole save or position (kind "canasta-save", "canasta-position"):
 * the opening, the kind line and header tags, the game they describe
 * made with the allocator given, then body.  *out is the game, or NULL
 * on any error. */
int cn_load_game(canasta_game **out, const char *kind, cn_load_body body,
                 char *why, size_t why_size, const char *text, size_t length,
                 canasta_alloc_fn alloc, canasta_release_fn release,
                 void *user);

/* ---- position_write.c, position_read.c ---- */
/* Body lines of a position (no kind line, no header tags); viewer
 * CANASTA_VIEW_ALL or a seat (other hands and the stock as "??"). */
void cn_write_position(cn_text *t, const cn_state *st, int viewer);
/* Read body lines from r until a line equal to end_line (e.g. "end
 * position") or, when end_line is NULL, the end of the text.  st->p and
 * st->seed must be set by the caller; everything else is overwritten.
 * Fills and validates the whole state (cn_state_check, naming the
 * lines): E_SYNTAX / E_INVALID / E_HIDDEN with "line N: ..." messages. */
int cn_read_position(cn_state *st, cn_lines *r, const char *end_line,
                     char *why, size_t ws);
/* The state reading the position of src would give: no deck, no events,
 * and the start_* fields a position implies (see position_write.c). */
void cn_position_normalize(cn_state *dst, const cn_state *src);

/* CN_SCORE_LIMIT, CN_PLAY_LIMIT and CN_HAND_LIMIT: internal.h. */

/* A hand is being played (draw, play or answer), not over. */
static inline int cn_in_play(int phase)
{
    return phase == CANASTA_PHASE_DRAW || phase == CANASTA_PHASE_PLAY ||
           phase == CANASTA_PHASE_ANSWER;
}

/* ---- start.c: the start of a dealt hand (saves' start lines, a
 * record's first hand): the state's hand_no, dealer and start_* fields,
 * and the lines they were read from ---- */
/* The line each value was read from (0: the line was not given; its value
 * is the default a new game has). */
typedef struct cn_start_lines {
    int hand;                  /* "hand-number N" (save), "hand N" (record) */
    int dealer;
    int totals;                /* start-totals */
    int last_hand;             /* start-last-hand */
    int score[CN_MAX_SIDES];   /* start-last-score <side> */
    int deck;
    int end;                   /* the line blamed for a missing line */
} cn_start_lines;
typedef struct cn_start {
    int32_t hand_no, dealer;
    int32_t totals[CN_MAX_SIDES];
    int32_t items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    uint8_t how, seat, scored;  /* how the hand before ended (seat 0xFF: -) */
    uint8_t custom;             /* deck[] holds a deck line's cards */
    uint8_t deck[CN_MAX_DECK];
    cn_start_lines at;
} cn_start;
/* A new game's first hand: hand 1, totals 0, no hand before it. */
void cn_start_init(cn_start *s);
/* The start values of the hand st is in (not the deck or the lines). */
void cn_start_of_state(cn_start *s, const cn_state *st);
/* ... and back: st's hand_no, dealer and start_* fields. */
void cn_start_to_state(cn_state *st, const cn_start *s);
/* The same totals and hand before (hand number, dealer, deck and lines
 * aside). */
int cn_start_same(const cn_start *a, const cn_start *b);
/* As a new game's first hand begins (cn_start_init). */
int cn_start_fresh(const cn_start *s);
/* The formats' wordings of their errors (the tests pin both). */
enum { CN_START_SAVE, CN_START_RECORD };
/* One start line, split into key and rest, of a save ("hand-number",
 * "dealer", "start-*", "deck"; each number checked as it is read) or of
 * a record ("start-*", "deck"; a line's numbers read whole): 1 when it is
 * one (kept in s, its line in s->at), 0 when key is none of them, or a
 * negative error code with why "line N: ...".  The deck line of a save
 * is held to C2 here, a record's when it is replayed. */
int cn_read_start_line(cn_start *s, int format, const cn_params *p,
                       const cn_at *at, const char *key, char *rest);
/* A record's seat token: E_SYNTAX with form when tok is no number,
 * E_INVALID "<what> N does not exist in a P-player game (seats 0 to
 * P-1)" when it is no seat; else *v. */
int cn_start_seat(const cn_at *at, const cn_params *p, const char *tok,
                  const char *what, const char *form, long *v);
/* Check the start values of a dealt hand under p before it is dealt, in
 * this order: ranges (hand 1 .. CN_HAND_LIMIT; seats; totals and items
 * within +-CN_SCORE_LIMIT, S5); each side's items add up to its total
 * (S5); went-out/concealed name a seat and other endings "-" (G2, E1);
 * start-last-score lines given exactly when start-last-hand is not none
 * (S5; a missing one is E_SYNTAX); hand 1 starts from totals 0 and
 * follows no hand, a later hand follows a finished one (S5); the start
 * totals do not already end the game (S6).  CANASTA_OK, or E_INVALID /
 * E_SYNTAX with why "line N: <rule>: ...". */
int cn_check_start(const cn_params *p, const cn_start *s, char *why,
                   size_t ws);
/* "<prefix>last-hand <how> <seat or ->" and, after a hand that ended, a
 * "<prefix>last-score <side> <7 items>" line per side: a position's lines
 * (prefix "") and a start's ("start-"). */
void cn_write_last_hand(cn_text *t, const char *prefix, int how, int seat,
                        const int32_t items[][CANASTA_SCORE_ITEMS],
                        int sides);
/* The start-totals, start-last-hand and start-last-score lines of s. */
void cn_write_start(cn_text *t, const cn_params *p, const cn_start *s);
/* "deck <cards, top first>". */
void cn_write_deck(cn_text *t, const uint8_t *deck, int n);
/* The totals a hand is dealt or played from (S5): multiples of 5, within
 * CN_PLAY_LIMIT, and within reach of the hands before hand hand_no: the
 * hand before it scored last[side] in all (NULL when that hand is not
 * known: a hand-over position's), and each other hand at most
 * cn_hand_score_bound either way, so hand 2 starts from exactly hand 1's
 * score.  line: the line to name. */
int cn_check_play_totals(const cn_params *p, int32_t hand_no,
                         const int32_t *totals, const int32_t *last, int line,
                         char *why, size_t ws);

#endif
