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
 * and the small number parsers the text readers share. */
#include <stdio.h>
#include <string.h>
#include "position.h"

/* Indexed by CANASTA_OPT_* key (1..8); written in this order. */
static const char *const option_names[] = {
    NULL, "target", "ask-permission", "one-card-rule", "tie-rule",
    "hand-size", "canastas-to-go-out", "draw-count", "concealed-additions"
};
#define N_OPTION_NAMES 9

static const struct {
    int preset;
    const char *name;
} preset_names[] = {
    { CANASTA_PRESET_CLASSIC, "classic" },
    { CANASTA_PRESET_TWO_PLAYERS, "two-players" },
    { CANASTA_PRESET_THREE_PLAYERS, "three-players" },
    { CANASTA_PRESET_SIX_THREE_SIDES, "six-three-sides" },
    { CANASTA_PRESET_SIX_TWO_SIDES, "six-two-sides" },
};
#define N_PRESETS (sizeof preset_names / sizeof preset_names[0])

/* ---- numbers ---- */

int cn_line_ignored(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return *line == '\0' || *line == '#';
}

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

/* ---- writing ---- */

const char *cn_preset_name(int preset)
{
    for (size_t i = 0; i < N_PRESETS; i++)
        if (preset_names[i].preset == preset)
            return preset_names[i].name;
    return NULL;
}

void cn_write_rules(cn_text *t, const cn_params *p, uint64_t seed,
                    int write_seed)
{
    const char *name = cn_preset_name(p->preset);
    if (name)
        cn_text_putf(t, "preset %s\n", name);
    else
        cn_text_putf(t, "preset %d\n", (int)p->preset);
    for (int key = 1; key < N_OPTION_NAMES; key++) {
        int v = 0;
        cn_params_get(&v, p, key);
        cn_text_putf(t, "option %s %d\n", option_names[key], v);
    }
    cn_text_puts(t, "sides");
    for (int s = 0; s < p->players; s++)
        cn_text_putf(t, " %d", (int)p->seat_side[s]);
    cn_text_puts(t, "\n");
    if (write_seed)
        cn_text_putf(t, "seed %llu\n", (unsigned long long)seed);
}

/* ---- reading ---- */

/* 1 when every settable option of p still has its preset's value. */
static int options_untouched(const cn_params *p)
{
    cn_params d;
    if (cn_params_preset(&d, p->preset) != CANASTA_OK)
        return 1;
    for (int key = 1; key < N_OPTION_NAMES; key++) {
        int a = 0, b = 0;
        cn_params_get(&a, p, key);
        cn_params_get(&b, &d, key);
        if (a != b)
            return 0;
    }
    return 1;
}

static int read_preset(cn_params *p, char *rest, int lineno, char *why,
                       size_t ws)
{
    char *tok = cn_token(&rest);
    if (!tok || cn_token(&rest))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: write the preset as \"preset classic\"",
                      lineno);
    int preset = 0;
    for (size_t i = 0; i < N_PRESETS; i++)
        if (strcmp(tok, preset_names[i].name) == 0)
            preset = preset_names[i].preset;
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
    if (np.preset == p->preset)
        return 1;
    if (!options_untouched(p))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "line %d: the preset line must come before the option lines",
            lineno);
    *p = np;
    return 1;
}

static int read_option(cn_params *p, char *rest, int lineno, char *why,
                       size_t ws)
{
    char *name = cn_token(&rest), *val = cn_token(&rest);
    if (!name || !val || cn_token(&rest))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "line %d: write an option as \"option <name> <value>\"", lineno);
    int key = 0;
    for (int k = 1; k < N_OPTION_NAMES; k++)
        if (strcmp(name, option_names[k]) == 0)
            key = k;
    if (!key)
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "line %d: unknown option \"%s\" (target, ask-permission, "
            "one-card-rule, tie-rule, hand-size, canastas-to-go-out, "
            "draw-count, concealed-additions)", lineno, name);
    long v;
    if (!cn_parse_int(val, -2147483647L, 2147483647L, &v))
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: option %s: \"%s\" is not a number", lineno,
                      name, val);
    canasta_rules tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.p = *p;
    int rc = canasta_rules_set(&tmp, key, (int)v);
    if (rc != CANASTA_OK) {
        int lo = 0, hi = 0;
        canasta_rules_option_range(&lo, &hi, &tmp, key);
        return cn_why(why, ws, CANASTA_E_INVALID,
            "line %d: option %s cannot be %ld (it takes %d to %d%s)",
            lineno, name, v, lo, hi,
            key == CANASTA_OPT_HAND_SIZE ? ", leaving a stock to draw from"
                                         : "");
    }
    *p = tmp.p;
    return 1;
}

static int read_sides(const cn_params *p, char *rest, int lineno, char *why,
                      size_t ws)
{
    char *tok;
    int n = 0;
    while ((tok = cn_token(&rest)) != NULL) {
        long v;
        if (!cn_parse_int(tok, 0, 1000, &v))
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "line %d: \"%s\" is not a side number", lineno, tok);
        if (n >= p->players || v != p->seat_side[n])
            break;
        n++;
    }
    if (tok || n != p->players) {
        char want[64];
        size_t k = 0;
        for (int s = 0; s < p->players; s++)
            k += (size_t)snprintf(want + k, sizeof want - k, " %d",
                                  (int)p->seat_side[s]);
        return cn_why(why, ws, CANASTA_E_INVALID,
            "line %d: C1: the preset seats its %d players on sides%s",
            lineno, (int)p->players, want);
    }
    return 1;
}

int cn_read_rules_tag(cn_params *p, uint64_t *seed, int *seen_seed,
                      const char *key, char *rest, int lineno, char *why,
                      size_t ws)
{
    if (!key)
        return 0;
    if (strcmp(key, "preset") == 0)
        return read_preset(p, rest, lineno, why, ws);
    if (strcmp(key, "option") == 0)
        return read_option(p, rest, lineno, why, ws);
    if (strcmp(key, "sides") == 0)
        return read_sides(p, rest, lineno, why, ws);
    if (strcmp(key, "seed") == 0) {
        char *tok = cn_token(&rest);
        uint64_t v;
        if (*seen_seed)
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "line %d: a second seed line", lineno);
        if (!tok || cn_token(&rest) || !cn_parse_u64(tok, &v))
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                "line %d: the seed is a decimal number from 0 to "
                "18446744073709551615", lineno);
        *seed = v;
        *seen_seed = 1;
        return 1;
    }
    return 0;
}

int cn_read_header(cn_lines *r, const char *kind, cn_params *p,
                   uint64_t *seed, char *why, size_t ws)
{
    int rc, seen_seed = 0;
    cn_params_preset(p, CANASTA_PRESET_CLASSIC);
    *seed = 0;
    /* The kind line. */
    for (;;) {
        rc = cn_lines_next(r, why, ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return cn_why(why, ws, CANASTA_E_VERSION,
                          "line %d: the text is empty; it begins with the "
                          "line \"%s 1\"", r->lineno, kind);
        if (!cn_line_ignored(r->line))
            break;
    }
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
        rc = cn_read_rules_tag(p, seed, &seen_seed, key, cur, r->lineno, why,
                               ws);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            r->pos = pos;
            r->lineno = lineno;
            break;
        }
    }
    if (!seen_seed)
        return cn_why(why, ws, CANASTA_E_SYNTAX,
                      "line %d: the header has no seed line (e.g. \"seed "
                      "42\")", r->lineno + 1);
    return CANASTA_OK;
}
