/* text.h - growable text for the functions that hand out strings
 * (text.c), the line reader and token helpers of the ones that parse them
 * (lines.c) and the names both use (names.c).  Not installed. */
#ifndef CANASTA_TEXT_H
#define CANASTA_TEXT_H

#include "internal.h"

typedef struct cn_text {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    char *buf;   /* chars start after a header that canasta_free reads */
    size_t len, cap;
    int failed;  /* an allocation failed; finish reports E_NOMEM */
} cn_text;

/* The opening of every function that hands out a text: *text NULL and
 * *length 0 (each when given) whatever follows, E_NULL when text or the
 * source is NULL. */
int cn_text_begin(char **text, size_t *length, const void *source);
void cn_text_init(cn_text *t, canasta_alloc_fn alloc,
                  canasta_release_fn release, void *user);
void cn_text_puts(cn_text *t, const char *s);
void cn_text_putf(cn_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hand the text out (*out, *length) or report E_NOMEM; t is then empty. */
int cn_text_finish(char **out, size_t *length, cn_text *t);
void cn_text_discard(cn_text *t);

/* Card list helpers shared by the text formats. */
void cn_text_card(cn_text *t, int card);

/* ---- lines.c: reading ---- */
/* Lines of an input text.  Lines longer than CN_LINE_MAX are an error. */
#define CN_LINE_MAX 4096
typedef struct cn_lines {
    const char *text;
    size_t len, pos;
    int lineno;
    char line[CN_LINE_MAX + 1];
} cn_lines;
void cn_lines_init(cn_lines *r, const char *text, size_t len);
/* Next line (without newline, trailing space and a trailing '\r');
 * 1 = got one, 0 = end, CANASTA_E_SYNTAX = too long (why filled) or a NUL
 * byte inside the text. */
int cn_lines_next(cn_lines *r, char *why, size_t why_size);
/* The same, passing over blank and comment lines (cn_line_ignored). */
int cn_lines_next_used(cn_lines *r, char *why, size_t why_size);
/* A line that is blank or a "#" comment (leading blanks allowed). */
int cn_line_ignored(const char *line);
/* s without its leading blanks. */
const char *cn_skip_blanks(const char *s);

/* Tokens of a line: splits at spaces; returns the next token or NULL. */
char *cn_token(char **cursor);

/* Strict decimal integers: 1 on success, 0 if tok is not one (tok may be
 * NULL) or out of [lo, hi]. */
int cn_parse_int(const char *tok, long lo, long hi, long *out);
/* Any int32 (the range a text's numbers are read in before their checks
 * narrow it). */
#define CN_INT32_LO (-2147483647L - 1)
#define CN_INT32_HI 2147483647L
int cn_parse_int32(const char *tok, long *out);
int cn_parse_u64(const char *tok, uint64_t *out);
/* Parse a card ("7h", "Jk"); returns the code, or 0 if it is not one. */
int cn_parse_card(const char *tok);
/* Parse a rank name ("7", "10", "T", "J", "Q", "K", "A", "3");
 * returns 3..14 or 0. */
int cn_parse_rank(const char *tok);

/* "line N: " and the sentence into why (cut to ws as cn_why cuts);
 * returns code. */
int cn_why_line(char *why, size_t ws, int code, int line, const char *fmt,
                ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Where a reader is: the line it reads, and the caller's why buffer. */
typedef struct cn_at {
    char *why;
    size_t ws;
    int line;
} cn_at;
/* A number token: E_SYNTAX when missing ("<what> is missing") or not a
 * number, E_INVALID when out of [lo, hi]; *v is set when it is a number. */
int cn_at_int(const cn_at *at, const char *tok, const char *what, long lo,
              long hi, long *v);
/* The same for the next token of *cur. */
int cn_at_next_int(const cn_at *at, char **cur, const char *what, long lo,
                   long hi, long *v);
/* Nothing more on the line (E_SYNTAX naming the word that is, and the
 * line's key when key is not NULL). */
int cn_at_end(const cn_at *at, char **cur, const char *key);
/* A card token of a text that must name every card: E_HIDDEN for "??",
 * E_SYNTAX when it is no card. */
int cn_at_card(const cn_at *at, const char *tok, int *card);
/* A line that may be given once: *slot holds the line that gave it (0:
 * none yet); E_SYNTAX naming both for a second one ("what": its key). */
int cn_at_once(const cn_at *at, int *slot, const char *what);

/* ---- names.c: the words of the text formats, one table each ---- */
typedef struct cn_names {
    const char *const *name;
    int n;
} cn_names;
extern const cn_names cn_phase_names;      /* by CANASTA_PHASE_* */
extern const cn_names cn_source_names;     /* by CN_SRC_* */
extern const cn_names cn_permission_names; /* by CANASTA_PERMISSION_* */
extern const cn_names cn_end_names;        /* by CANASTA_END_* */
extern const cn_names cn_option_names;     /* by settable CANASTA_OPT_* */
extern const cn_names cn_verb_names;       /* by CANASTA_MOVE_* */
/* The name of value i, or fallback when the table has none for it. */
const char *cn_name(const cn_names *names, int i, const char *fallback);
/* The value named tok (compared from index first on), or -1; tok may be
 * NULL. */
int cn_name_index(const cn_names *names, int first, const char *tok);
/* The text name of a preset ("classic", "two-players", ...), or NULL. */
const char *cn_preset_name(int preset);
/* The preset a name gives, or 0. */
int cn_preset_of_name(const char *tok);

#endif
