/* record.h - game records (docs/NOTATION.md, "Records"): every move of
 * one or more hands of a game, with the events the moves caused.  Not
 * installed.
 *
 * A record keeps, for each hand, how it began (hand number, dealer, the
 * start totals, the deck and whether it was a custom one, or the whole
 * base state of a hand that began from a position) and its moves in the
 * compact encoding of history.c.  A record read from text also keeps the
 * line numbers and the event lines written after each move, so that a
 * replay can check them.  Text is always made by replaying the hands from
 * their starts with the engine; a record that cannot be replayed (a
 * seat's view, or one with an illegal move or a wrong event) is written
 * back as it was read.
 *
 * The files, one job each: record.c (the model: memory, create, update,
 * the hands' scores), record_replay.c (replaying with the engine, which
 * checks the moves and events), record_write.c (the text) and
 * record_read.c (the reader). */
#ifndef CANASTA_RECORD_H
#define CANASTA_RECORD_H

#include "position.h"

/* Longest event text: a pick-up of the whole deck is about 4 characters a
 * card. */
#define REC_EVENT_TEXT (CN_MAX_DECK * 5 + 128)

/* A line of text kept from the input (an event, or a line of a position
 * in a seat's view): its characters in rec->chars and its line number. */
typedef struct rec_line {
    size_t off;
    int line;
} rec_line;

typedef struct rec_move {
    size_t off;          /* encoded move in rec->bytes */
    int line;            /* line number when read from text, else 0 */
    size_t ev_first;     /* event lines written after it: */
    size_t ev_n;         /*   rec->evs[ev_first .. ev_first + ev_n) */
} rec_move;

typedef struct rec_hand {
    /* How the hand began when it was dealt: its number, dealer, start
     * values and deck (s.custom: not the seed's shuffle), and the lines
     * they were read from (0: none). */
    cn_start s;
    int pos_line;       /* "begin position" */
    int has_start;      /* start-* lines were read */
    int known_start;    /* s holds the hand's real start values */
    int from_position;  /* the hand began from a position */
    cn_state *base;     /* from_position, unless the text hides cards */
    size_t raw_first, raw_n;  /* a view's position lines, as written */
    size_t mv_first, mv_n;    /* its moves (the last may be NEXT_HAND) */
    size_t ev_first, ev_n;    /* event lines written after the deal */
} rec_hand;

/* Scores of one finished hand. */
typedef struct rec_result {
    int32_t items[CN_MAX_SIDES][CANASTA_SCORE_ITEMS];
    int32_t total[CN_MAX_SIDES];
} rec_result;

struct canasta_record {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    cn_params p;
    uint64_t seed;
    int parsed;        /* read from text */
    int view;          /* a seat's view: that seat; else -1 */
    int view_line;
    rec_hand *hands;
    size_t n_hands, cap_hands;
    rec_move *mv;
    size_t n_mv, cap_mv;
    uint8_t *bytes;
    size_t n_bytes, cap_bytes;
    rec_line *evs;
    size_t n_evs, cap_evs;
    char *chars;
    size_t n_chars, cap_chars;
    rec_result *res;   /* hands finished by the last replay */
    size_t n_res, cap_res;
};

/* ---- record.c: the model ---- */
/* Make room for `need` elements of `elem` bytes in *arr (cap *cap);
 * 0 on success, CANASTA_E_NOMEM otherwise (the array is unchanged). */
int cn_rec_reserve(canasta_alloc_fn a, canasta_release_fn rl, void *user,
                   void **arr, size_t *cap, size_t need, size_t elem);
#define REC_RESERVE(r, field, capf, need)                                   \
    cn_rec_reserve((r)->alloc, (r)->release, (r)->user,                     \
                   (void **)&(r)->field, &(r)->capf, (need),                \
                   sizeof *(r)->field)
/* An empty record (view -1) using the allocator given, or NULL. */
canasta_record *cn_rec_new(canasta_alloc_fn a, canasta_release_fn rl,
                           void *user);
/* Room for moves more moves of bytes bytes in all. */
int cn_rec_reserve_moves(canasta_record *r, size_t moves, size_t bytes);
/* Append a move to the last hand (room must have been reserved). */
void cn_rec_push_move(canasta_record *r, const canasta_move *m, int line);
/* Begin a hand (room must have been reserved): its moves and events
 * start at the record's end. */
rec_hand *cn_rec_push_hand(canasta_record *r);
/* The text of kept line i. */
static inline const char *cn_rec_text(const canasta_record *r, size_t i)
{
    return r->chars + r->evs[i].off;
}

/* ---- record_replay.c ---- */
typedef struct rec_run {
    const canasta_record *rec;
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    canasta_game *g;     /* the game being replayed */
    cn_text *out;        /* text being written, or NULL */
    int viewer;
    rec_result *res;     /* hands finished */
    size_t n_res, cap_res;
    int line;            /* error: its line */
    char *why;
    size_t ws;
} rec_run;
/* A replay of r, with the record's allocator, writing nothing, for every
 * seat; why cleared. */
void cn_rec_run_init(rec_run *x, const canasta_record *r, char *why,
                     size_t ws);
/* Replay the whole record in a new game x->g; writes the text when x->out
 * is set.  On failure x->g is the game as far as it got. */
int cn_rec_run(rec_run *x);
/* Free what the replay made (x->g unless taken). */
void cn_rec_run_done(rec_run *x);

/* ---- record_write.c ---- */
/* The header lines of hand h (its first: first) as the replay reached it. */
void cn_rec_put_hand(rec_run *x, const rec_hand *h, int first);
/* The viewer's dealt cards: "= S dealt <cards>". */
void cn_rec_put_dealt(cn_text *t, const cn_state *st, int viewer);

#endif
