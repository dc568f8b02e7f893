/* position.h - the text of header tags and positions, shared by saves,
 * positions and records (docs/NOTATION.md).  Not installed. */
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
/* A header tag line already split: key = first token, rest = the
 * remainder.  Returns 1 if consumed (p/seed updated; *seen_seed set when
 * it was "seed"), 0 if key is not a header tag, or a negative error code
 * with why ("line N: ...").  Read-only options (sides) are checked
 * against the preset.  The caller initialises *p to a preset (classic)
 * and *seen_seed to 0 before the first tag. */
int cn_read_rules_tag(cn_params *p, uint64_t *seed, int *seen_seed,
                      const char *key, char *rest, int lineno, char *why,
                      size_t ws);
/* The kind line ("<kind> 1"; anything else is E_VERSION) and the header
 * tags after it, up to the first other line, which is left unread (r is
 * wound back to it).  *p starts from the classic preset; the seed line is
 * required (E_SYNTAX). */
int cn_read_header(cn_lines *r, const char *kind, cn_params *p,
                   uint64_t *seed, char *why, size_t ws);

/* ---- position.c ---- */
/* Body lines of a position (no kind line, no header tags); viewer
 * CANASTA_VIEW_ALL or a seat (other hands and the stock as "??"). */
void cn_write_position(cn_text *t, const cn_state *st, int viewer);
/* Read body lines from r until a line equal to end_line (e.g. "end
 * position") or, when end_line is NULL, the end of the text.  st->p and
 * st->seed must be set by the caller; everything else is overwritten.
 * Fills and validates the whole state: E_SYNTAX / E_INVALID / E_HIDDEN
 * with "line N: ..." messages. */
int cn_read_position(cn_state *st, cn_lines *r, const char *end_line,
                     char *why, size_t ws);
/* The state reading the position of src would give: no deck, no events,
 * and the start_* fields a position implies (see position.c). */
void cn_position_normalize(cn_state *dst, const cn_state *src);

/* Totals and score items in positions and saves stay within this bound
 * (far above any real game), so the engine's sums cannot overflow. */
#define CN_SCORE_LIMIT 1000000000L

/* ---- small text helpers shared by position.c, save.c (and records) ---- */
/* A line that is blank or a "#" comment (leading blanks allowed). */
int cn_line_ignored(const char *line);
/* Strict decimal integers: 1 on success, 0 if tok is not one or out of
 * [lo, hi]. */
int cn_parse_int(const char *tok, long lo, long hi, long *out);
int cn_parse_u64(const char *tok, uint64_t *out);

#endif
