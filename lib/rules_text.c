/* rules_text.c - the header tags shared by records, saves and positions
 * (docs/NOTATION.md, "Header tags"):
 *
 *   preset classic
 *   option target 5000             one line per settable option, in the
 *   option ask-permission 1        order of their CANASTA_OPT_* keys
 *   ...
 *   sides 0 1 0 1                  side of each seat; checked, not set
 *   seed 12345                     decimal, 0 .. 2^64-1
 *
 * (the token and number parsers are lines.c's). */
#include <stdio.h>
#include <string.h>
#include "cn_assert.h"
#include "position.h"

/* ---- writing ---- */

void cn_write_rules(cn_text *t, const cn_params *p, uint64_t seed,
                    int write_seed)
{
    const char *name = cn_preset_name(p->preset);
    if (ALWAYS(name)) /* every preset has a name */
        cn_text_putf(t, "preset %s\n", name);
    else
        cn_text_putf(t, "preset %d\n", (int)p->preset);
    for (int key = 1; key < CN_HEADER_OPTIONS; key++) {
        int v = 0;
        cn_params_get(&v, p, key);
        cn_text_putf(t, "option %s %d\n", cn_option_names.name[key], v);
    }
    cn_text_puts(t, "sides");
    for (int s = 0; s < p->players; s++)
        cn_text_putf(t, " %d", (int)p->seat_side[s]);
    cn_text_puts(t, "\n");
    if (write_seed)
        cn_text_putf(t, "seed %llu\n", (unsigned long long)seed);
}

/* ---- reading ---- */

/* The tags are only collected while they are read, and applied together
 * once the header is complete (cn_header_finish): the preset first, then
 * the options in key order, then the sides line is checked against the
 * result.  So the header reads the same in any order of its lines (1.0
 * checked "sides" against whichever preset had been read before it, and
 * refused a preset line after an option line that had changed a value). */

void cn_header_init(cn_header *h)
{
    memset(h, 0, sizeof *h);
    h->preset = CANASTA_PRESET_CLASSIC;
}

static int read_preset(cn_header *h, char *rest, int lineno, char *why,
                       size_t ws)
{
    char *tok = cn_token(&rest);
    if (!tok || cn_token(&rest))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: write the preset as \"preset classic\"",
                      lineno);
    int preset = cn_preset_of_name(tok);
    long num;
    if (!preset && cn_parse_int(tok, 1, 1000, &num))
        preset = (int)num;
    cn_params np;
    if (!preset || cn_params_preset(&np, preset) != CANASTA_OK)
        return cn_why(why, ws, CANASTA_E_INVALID,
                      "line %d: unknown preset \"%s\" (known: classic, "
                      "two-players, three-players, six-three-sides, "
                      "six-two-sides)",
                      lineno, tok);
    /* Given twice, the later line wins, as for options. */
    h->preset = preset;
    h->preset_line = lineno;
    return 1;
}

static int read_option(cn_header *h, char *rest, int lineno, char *why,
                       size_t ws)
{
    char *name = cn_token(&rest), *val = cn_token(&rest);
    if (!name || !val || cn_token(&rest))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "line %d: write an option as \"option <name> <value>\"", lineno);
    int key = cn_name_index(&cn_option_names, 1, name);
    if (key < 1)
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "line %d: unknown option \"%s\" (target, ask-permission, "
            "one-card-rule, tie-rule, hand-size, canastas-to-go-out, "
            "draw-count, concealed-additions)", lineno, name);
    long v;
    if (!cn_parse_int(val, -2147483647L, 2147483647L, &v))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: option %s: \"%s\" is not a number", lineno,
                      name, val);
    /* The range depends on the preset: checked by cn_header_finish.  An
     * option given twice: the later line wins. */
    h->opt_value[key] = (int32_t)v;
    h->opt_line[key] = lineno;
    return 1;
}

static int read_sides(cn_header *h, char *rest, int lineno, char *why,
                      size_t ws)
{
    char *tok;
    int32_t v32[CN_HEADER_SIDES_MAX] = { 0 };
    int n = 0, too_many = 0;
    while ((tok = cn_token(&rest)) != NULL) {
        long v;
        if (!cn_parse_int(tok, 0, 1000, &v))
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "line %d: \"%s\" is not a side number", lineno, tok);
        if (n < CN_HEADER_SIDES_MAX)
            v32[n++] = (int32_t)v;
        else
            too_many = 1;
    }
    /* Two sides lines must agree with each other (and, at the end, with
     * the preset), whichever comes first. */
    if (h->sides_line &&
        (h->n_sides != n || h->sides_too_many != too_many ||
         memcmp(h->sides, v32, sizeof(int32_t) * (size_t)n) != 0))
        return cn_why(why, ws, CANASTA_E_INVALID,
            "line %d: C1: this sides line differs from the one on line %d",
            lineno, h->sides_line);
    memcpy(h->sides, v32, sizeof(int32_t) * (size_t)n);
    h->n_sides = n;
    h->sides_too_many = too_many;
    h->sides_line = lineno;
    return 1;
}

int cn_read_rules_tag(cn_header *h, const char *key, char *rest, int lineno,
                      char *why, size_t ws)
{
    if (NEVER(!key)) /* every caller has a line's first token */
        return 0;
    if (strcmp(key, "preset") == 0)
        return read_preset(h, rest, lineno, why, ws);
    if (strcmp(key, "option") == 0)
        return read_option(h, rest, lineno, why, ws);
    if (strcmp(key, "sides") == 0)
        return read_sides(h, rest, lineno, why, ws);
    if (strcmp(key, "seed") == 0) {
        char *tok = cn_token(&rest);
        uint64_t v;
        if (h->seed_line)
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "line %d: a second seed line", lineno);
        if (!tok || cn_token(&rest) || !cn_parse_u64(tok, &v))
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                "line %d: the seed is a decimal number from 0 to "
                "18446744073709551615", lineno);
        h->seed = v;
        h->seed_line = lineno;
        return 1;
    }
    return 0;
}

int cn_header_finish(const cn_header *h, cn_params *p, char *why, size_t ws)
{
    cn_params_preset(p, h->preset); /* read_preset checked it */
    for (int key = 1; key < CN_HEADER_OPTIONS; key++) {
        if (!h->opt_line[key])
            continue;
        canasta_rules tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.p = *p;
        long v = h->opt_value[key];
        if (canasta_rules_set(&tmp, key, (int)v) != CANASTA_OK) {
            int lo = 0, hi = 0;
            canasta_rules_option_range(&lo, &hi, &tmp, key);
            return cn_why(why, ws, CANASTA_E_INVALID,
                "line %d: option %s cannot be %ld (it takes %d to %d%s)",
                h->opt_line[key], cn_option_names.name[key], v, lo, hi,
                key == CANASTA_OPT_HAND_SIZE
                    ? ", leaving a stock to draw from" : "");
        }
        *p = tmp.p;
    }
    if (h->sides_line) {
        int same = !h->sides_too_many && h->n_sides == p->players;
        for (int s = 0; same && s < p->players; s++)
            same = h->sides[s] == p->seat_side[s];
        if (!same) {
            char want[64];
            size_t k = 0;
            for (int s = 0; s < p->players; s++)
                k += (size_t)snprintf(want + k, sizeof want - k, " %d",
                                      (int)p->seat_side[s]);
            return cn_why(why, ws, CANASTA_E_INVALID,
                "line %d: C1: the preset seats its %d players on sides%s",
                h->sides_line, (int)p->players, want);
        }
    }
    return CANASTA_OK;
}

int cn_read_header(cn_lines *r, const char *kind, cn_params *p,
                   uint64_t *seed, char *why, size_t ws)
{
    int rc;
    cn_header h;
    cn_header_init(&h);
    cn_params_preset(p, CANASTA_PRESET_CLASSIC);
    *seed = 0;
    /* The kind line. */
    rc = cn_lines_next_used(r, why, ws);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return cn_why(why, ws, CANASTA_E_VERSION,
                      "line %d: the text is empty; it begins with the line "
                      "\"%s 1\"", r->lineno, kind);
    {
        char *cur = r->line, *k = cn_token(&cur), *v = cn_token(&cur);
        if (!k || strcmp(k, kind) != 0 || !v || strcmp(v, "1") != 0 ||
            cn_token(&cur)) {
            static const char *const kinds[] = {
                "canasta-position", "canasta-save", "canasta-record"
            };
            int known = 0;
            for (int i = 0; i < 3; i++)
                known |= k && strcmp(k, kinds[i]) == 0;
            if (known && strcmp(k, kind) != 0)
                return cn_why(why, ws, CANASTA_E_VERSION,
                    "line %d: this text is a %s, not a %s", r->lineno, k,
                    kind);
            if (known)
                return cn_why(why, ws, CANASTA_E_VERSION,
                    "line %d: this library reads \"%s 1\", no other version",
                    r->lineno, kind);
            return cn_why(why, ws, CANASTA_E_VERSION,
                "line %d: the text does not begin with \"%s 1\"", r->lineno,
                kind);
        }
    }
    /* The header tags, up to the first other line. */
    for (;;) {
        size_t pos = r->pos;
        int lineno = r->lineno;
        rc = cn_lines_next(r, why, ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            break;
        if (cn_line_ignored(r->line))
            continue;
        char *cur = r->line, *key = cn_token(&cur);
        rc = cn_read_rules_tag(&h, key, cur, r->lineno, why, ws);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            r->pos = pos;
            r->lineno = lineno;
            break;
        }
    }
    if ((rc = cn_header_finish(&h, p, why, ws)) != CANASTA_OK)
        return rc;
    if (!h.seed_line)
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: the header has no seed line (e.g. \"seed "
                      "42\")", r->lineno + 1);
    *seed = h.seed;
    return CANASTA_OK;
}
