/* lines.c - reading the text formats: lines with their numbers, tokens,
 * numbers, cards and ranks, and the sentences a reader writes about them
 * ("line N: ...").  Every reader (positions, saves, records, header tags,
 * move texts) reads through these, so a token means the same everywhere
 * and its errors are worded once. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "text.h"

/* ---- lines ---- */

void cn_lines_init(cn_lines *r, const char *text, size_t len)
{
    r->text = text;
    r->len = cn_text_len(text, len);
    r->pos = 0;
    r->lineno = 0;
    r->line[0] = '\0';
}

int cn_lines_next(cn_lines *r, char *why, size_t why_size)
{
    if (r->pos >= r->len)
        return 0;
    size_t start = r->pos, end = start;
    while (end < r->len && r->text[end] != '\n') {
        if (r->text[end] == '\0') {
            r->lineno++;
            return cn_why(why, why_size, CANASTA_E_SYNTAX,
                          "line %d: the text contains a NUL byte", r->lineno);
        }
        end++;
    }
    r->pos = end < r->len ? end + 1 : end;
    r->lineno++;
    size_t n = end - start;
    /* A '\r' before the newline (or the end of the text) is ignored, so
     * it does not count toward the line's length either: a file edited on
     * Windows reads as the same file with '\n' alone, at every length. */
    if (n > 0 && r->text[end - 1] == '\r')
        n--;
    if (n > CN_LINE_MAX)
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
                      "line %d: longer than %d characters", r->lineno,
                      CN_LINE_MAX);
    memcpy(r->line, r->text + start, n);
    while (n > 0 && (r->line[n - 1] == '\r' || r->line[n - 1] == ' ' ||
                     r->line[n - 1] == '\t'))
        n--;
    r->line[n] = '\0';
    return 1;
}

int cn_lines_next_used(cn_lines *r, char *why, size_t why_size)
{
    int rc;
    while ((rc = cn_lines_next(r, why, why_size)) == 1 &&
           cn_line_ignored(r->line))
        ;
    return rc;
}

const char *cn_skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

int cn_line_ignored(const char *line)
{
    line = cn_skip_blanks(line);
    return *line == '\0' || *line == '#';
}

char *cn_token(char **cursor)
{
    char *s = *cursor;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0') {
        *cursor = s;
        return NULL;
    }
    char *tok = s;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    if (*s)
        *s++ = '\0';
    *cursor = s;
    return tok;
}

/* ---- numbers, cards and ranks ---- */

int cn_parse_u64(const char *tok, uint64_t *out)
{
    uint64_t v = 0;
    if (!tok || !*tok)
        return 0;
    for (const char *s = tok; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

int cn_parse_int(const char *tok, long lo, long hi, long *out)
{
    int neg = 0;
    uint64_t v;
    if (!tok)
        return 0;
    if (*tok == '-') {
        neg = 1;
        tok++;
    } else if (*tok == '+') {
        tok++;
    }
    if (!cn_parse_u64(tok, &v) || v > 2147483647ULL)
        return 0;
    long x = neg ? -(long)v : (long)v;
    if (x < lo || x > hi)
        return 0;
    *out = x;
    return 1;
}

int cn_parse_int32(const char *tok, long *out)
{
    return cn_parse_int(tok, CN_INT32_LO, CN_INT32_HI, out);
}

int cn_parse_card(const char *tok)
{
    int c = 0;
    return canasta_card_from_string(&c, tok, (size_t)-1) == CANASTA_OK ? c : 0;
}

int cn_parse_rank(const char *tok)
{
    static const char *const names[] = {
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
    };
    for (int i = 0; i < 12; i++) {
        const char *a = names[i], *b = tok;
        while (*a && (*a == *b || (*a >= 'A' && *a <= 'Z' && *a + 32 == *b)))
            a++, b++;
        if (*a == '\0' && *b == '\0')
            return 3 + i;
    }
    if ((tok[0] == 'T' || tok[0] == 't') && tok[1] == '\0')
        return 10;
    return 0;
}

/* ---- the sentences ---- */

int cn_why_line(char *why, size_t ws, int code, int line, const char *fmt,
                ...)
{
    if (why && ws) {
        int n = snprintf(why, ws, "line %d: ", line);
        if (n >= 0 && (size_t)n < ws) {
            va_list ap;
            va_start(ap, fmt);
            /* Truncated to why_size, as documented: the same text as
             * one snprintf of the whole sentence would give. */
            (void)vsnprintf(why + n, ws - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

int cn_at_int(const cn_at *at, const char *tok, const char *what, long lo,
              long hi, long *v)
{
    if (!tok)
        return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                           "%s is missing", what);
    if (!cn_parse_int32(tok, v))
        return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                           "%s: \"%s\" is not a number", what, tok);
    if (*v < lo || *v > hi)
        return cn_why_line(at->why, at->ws, CANASTA_E_INVALID, at->line,
                           "%s must be %ld to %ld, not %ld", what, lo, hi,
                           *v);
    return CANASTA_OK;
}

int cn_at_next_int(const cn_at *at, char **cur, const char *what, long lo,
                   long hi, long *v)
{
    return cn_at_int(at, cn_token(cur), what, lo, hi, v);
}

int cn_at_end(const cn_at *at, char **cur, const char *key)
{
    char *tok = cn_token(cur);
    if (!tok)
        return CANASTA_OK;
    if (key)
        return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                           "unexpected \"%s\" at the end of the %s line", tok,
                           key);
    return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                       "unexpected \"%s\" at the end of the line", tok);
}

int cn_at_card(const cn_at *at, const char *tok, int *card)
{
    if (strcmp(tok, "??") == 0)
        return cn_why_line(at->why, at->ws, CANASTA_E_HIDDEN, at->line,
                           "a hidden card (\"??\"); loading needs every card");
    int c = cn_parse_card(tok);
    if (!c)
        return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                           "\"%s\" is not a card", tok);
    *card = c;
    return CANASTA_OK;
}

int cn_at_once(const cn_at *at, int *slot, const char *what)
{
    if (*slot)
        return cn_why_line(at->why, at->ws, CANASTA_E_SYNTAX, at->line,
                           "a second \"%s\" line (the first is line %d)",
                           what, *slot);
    *slot = at->line;
    return CANASTA_OK;
}
