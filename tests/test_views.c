/*
 * Player views and JSON (A1; issue 3 item 4): canasta_game_json.
 *
 *  - structure: every view of many random positions is well-formed JSON
 *    (checked by the small strict reader below, which also refuses
 *    fractions, duplicate keys and anything after the value) and says
 *    what the query API says: hands (own only), sizes, melds, red threes,
 *    pile and its freeze state per side, totals, the last hand, the
 *    history with its events exactly as canasta_game_event_to_string
 *    gave them after each move, and the legal moves;
 *  - no leak (A1): a seat's view does not change, byte for byte, when the
 *    cards that seat cannot see are dealt differently (see the comment
 *    before track_* below for how such a deal is built), while the full
 *    view does change;
 *  - a hand that began from a position; bad arguments; failing
 *    allocations.
 *
 * Random play uses the splitmix64 generator of helpers.h, never rand().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "internal.h"

/* The classic game's table, for the tests that use only it; the checks
 * of a view read the table from the game, so they serve every preset
 * (X2, X3, X6). */
#define NSEATS 4
#define MAX_SEATS 6

/* The quiet assertions (REQ, QEQ, QOK, ...) of helpers.h: Check records
 * every passing ck_assert, which would dominate the many comparisons made
 * here. */

static void q_ok(canasta_game *g, const canasta_move *m)
{
    char why[256];
    int rc = canasta_apply(why, sizeof why, g, m);
    REQ_MSG(rc == CANASTA_OK, "move rejected: %s (%s)", canasta_error_name(rc),
           why);
}

/* ---------------------------------------------------------------- */
/* A tiny strict JSON reader (RFC 8259 minus fractions and exponents:  */
/* the views promise integers only; strings must be ASCII)             */
/* ---------------------------------------------------------------- */

typedef struct jnode {
    char type;         /* 'o' object, 'a' array, 's' string, 'n' integer,
                          'b' boolean, 'z' null */
    long long num;     /* 'n'; 'b': 0 or 1 */
    char *str;         /* 's' */
    size_t n;          /* members of 'o' / 'a' */
    char **keys;       /* 'o' */
    struct jnode **kids;
} jnode;

typedef struct {
    const char *s;
    size_t pos;
    int depth;
} jparser;

static void jfree(jnode *v)
{
    size_t i;
    if (!v)
        return;
    for (i = 0; i < v->n; i++) {
        if (v->keys)
            free(v->keys[i]);
        jfree(v->kids[i]);
    }
    free(v->keys);
    free(v->kids);
    free(v->str);
    free(v);
}

static void jws(jparser *p)
{
    while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
           p->s[p->pos] == '\n' || p->s[p->pos] == '\r')
        p->pos++;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A string at p->pos (which must be '"'); NULL on any error. */
static char *jstring(jparser *p)
{
    size_t cap = 16, n = 0;
    char *out;
    if (p->s[p->pos] != '"')
        return NULL;
    p->pos++;
    out = malloc(cap);
    if (!out)
        return NULL;
    for (;;) {
        unsigned char c = (unsigned char)p->s[p->pos];
        int ch;
        if (c == '\0' || c < 0x20 || c >= 0x7F) {
            free(out);
            return NULL;
        }
        p->pos++;
        if (c == '"')
            break;
        ch = c;
        if (c == '\\') {
            int e = p->s[p->pos++];
            switch (e) {
            case '"': ch = '"'; break;
            case '\\': ch = '\\'; break;
            case '/': ch = '/'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'n': ch = '\n'; break;
            case 'r': ch = '\r'; break;
            case 't': ch = '\t'; break;
            case 'u': {
                int k, v = 0;
                for (k = 0; k < 4; k++) {
                    int h = hexval(p->s[p->pos]);
                    if (h < 0) {
                        free(out);
                        return NULL;
                    }
                    p->pos++;
                    v = v * 16 + h;
                }
                if (v == 0 || v >= 0x80) {
                    free(out);
                    return NULL;
                }
                ch = v;
                break;
            }
            default:
                free(out);
                return NULL;
            }
        }
        if (n + 2 > cap) {
            char *nb = realloc(out, cap *= 2);
            if (!nb) {
                free(out);
                return NULL;
            }
            out = nb;
        }
        out[n++] = (char)ch;
    }
    out[n] = '\0';
    return out;
}

static jnode *jvalue(jparser *p);

static int jappend(jnode *v, char *key, jnode *kid)
{
    char **nk = NULL;
    jnode **nc = realloc(v->kids, (v->n + 1) * sizeof *nc);
    if (!nc)
        return 0;
    v->kids = nc;
    if (v->type == 'o') {
        nk = realloc(v->keys, (v->n + 1) * sizeof *nk);
        if (!nk)
            return 0;
        v->keys = nk;
        v->keys[v->n] = key;
    }
    v->kids[v->n++] = kid;
    return 1;
}

static jnode *jcontainer(jparser *p, char type)
{
    char close = type == 'o' ? '}' : ']';
    jnode *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->type = type;
    p->pos++; /* the opening bracket */
    jws(p);
    if (p->s[p->pos] == close) {
        p->pos++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        jnode *kid;
        jws(p);
        if (type == 'o') {
            size_t i;
            key = jstring(p);
            if (!key)
                goto fail;
            for (i = 0; i < v->n; i++)
                if (strcmp(v->keys[i], key) == 0) { /* duplicate key */
                    free(key);
                    goto fail;
                }
            jws(p);
            if (p->s[p->pos] != ':') {
                free(key);
                goto fail;
            }
            p->pos++;
        }
        kid = jvalue(p);
        if (!kid || !jappend(v, key, kid)) {
            free(key);
            jfree(kid);
            goto fail;
        }
        jws(p);
        if (p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->s[p->pos] == close) {
            p->pos++;
            return v;
        }
        goto fail;
    }
fail:
    jfree(v);
    return NULL;
}

static jnode *jvalue(jparser *p)
{
    jnode *v;
    const char *s;
    jws(p);
    s = p->s + p->pos;
    if (*s == '{' || *s == '[') {
        if (++p->depth > 64)
            return NULL;
        v = jcontainer(p, *s == '{' ? 'o' : 'a');
        p->depth--;
        return v;
    }
    v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (*s == '"') {
        v->type = 's';
        v->str = jstring(p);
        if (!v->str) {
            free(v);
            return NULL;
        }
    } else if (strncmp(s, "true", 4) == 0) {
        v->type = 'b';
        v->num = 1;
        p->pos += 4;
    } else if (strncmp(s, "false", 5) == 0) {
        v->type = 'b';
        p->pos += 5;
    } else if (strncmp(s, "null", 4) == 0) {
        v->type = 'z';
        p->pos += 4;
    } else if (*s == '-' || (*s >= '0' && *s <= '9')) {
        size_t k = 0;
        v->type = 'n';
        if (s[k] == '-')
            k++;
        if (s[k] == '0')
            k++;
        else if (s[k] >= '1' && s[k] <= '9')
            while (s[k] >= '0' && s[k] <= '9')
                k++;
        else {
            free(v);
            return NULL;
        }
        if (s[k] == '.' || s[k] == 'e' || s[k] == 'E' || k > 18) {
            free(v);
            return NULL;
        }
        v->num = strtoll(s, NULL, 10);
        p->pos += k;
    } else {
        free(v);
        return NULL;
    }
    return v;
}

/* The whole text must be one value (and white space). */
static jnode *jparse(const char *text)
{
    jparser p = { text, 0, 0 };
    jnode *v = jvalue(&p);
    if (!v)
        return NULL;
    jws(&p);
    if (p.s[p.pos] != '\0') {
        jfree(v);
        return NULL;
    }
    return v;
}

static const jnode *jget(const jnode *o, const char *key)
{
    size_t i;
    REQ(o != NULL && o->type == 'o');
    for (i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return o->kids[i];
    return NULL;
}

static const jnode *jreq(const jnode *o, const char *key)
{
    const jnode *v = jget(o, key);
    REQ_MSG(v != NULL, "JSON member \"%s\" missing", key);
    return v;
}

static const jnode *jat(const jnode *a, size_t i)
{
    REQ(a != NULL && a->type == 'a');
    QLT(i, a->n);
    return a->kids[i];
}

static long long jint(const jnode *v)
{
    REQ(v != NULL);
    REQ_MSG(v->type == 'n', "expected an integer, got type %c",
                  v->type);
    return v->num;
}

static const char *jstr(const jnode *v)
{
    REQ(v != NULL);
    REQ_MSG(v->type == 's', "expected a string, got type %c", v->type);
    return v->str;
}

static int jbool(const jnode *v)
{
    REQ(v != NULL && v->type == 'b');
    return (int)v->num;
}

static int jnull(const jnode *v)
{
    REQ(v != NULL);
    return v->type == 'z';
}

/* Does a key of this name occur anywhere below v? */
static int jhas_key(const jnode *v, const char *key)
{
    size_t i;
    for (i = 0; i < v->n; i++) {
        if (v->type == 'o' && strcmp(v->keys[i], key) == 0)
            return 1;
        if (jhas_key(v->kids[i], key))
            return 1;
    }
    return 0;
}

/* Does any string value below v contain needle? */
static int jhas_text(const jnode *v, const char *needle)
{
    size_t i;
    if (v->type == 's')
        return strstr(v->str, needle) != NULL;
    for (i = 0; i < v->n; i++)
        if (jhas_text(v->kids[i], needle))
            return 1;
    return 0;
}

/* The reader itself: accepts what it must, refuses what it must. */
START_TEST(test_json_reader_self_check)
{
    static const char *const good[] = {
        "{}", "[]", " {\"a\":[1,-2,0],\"b\":{\"c\":null},\"d\":true} \n",
        "\"x\\\"\\\\\\/\\n\\u0041\"", "[false,\"\"]"
    };
    static const char *const bad[] = {
        "", "{", "{\"a\":1,}", "[1,]", "{\"a\":1,\"a\":2}", "[1.5]",
        "[1e3]", "[01]", "{a:1}", "[\"\x01\"]", "[] []", "[tru]",
        "[\"\\u0000\"]", "[\"\\x\"]", "{\"a\" 1}", "[-]"
    };
    size_t i;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        jnode *v = jparse(good[i]);
        REQ_MSG(v != NULL, "refused: %s", good[i]);
        jfree(v);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jnode *v = jparse(bad[i]);
        REQ_MSG(v == NULL, "accepted: %s", bad[i]);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* Views and the log of a hand                                        */
/* ---------------------------------------------------------------- */

/* canasta_game_json, which must succeed; free with canasta_free. */
static char *view(const canasta_game *g, int viewer)
{
    char *text = NULL;
    size_t len = 0;
    int rc = canasta_game_json(&text, &len, g, viewer);
    REQ_MSG(rc == CANASTA_OK, "canasta_game_json(viewer %d): %s",
                  viewer, canasta_error_name(rc));
    QNONNULL(text);
    QEQ(strlen(text), len);
    return text;
}

static void card_text(char *buf, int card)
{
    QEQ(canasta_card_to_string(buf, 8, card), CANASTA_OK);
}

static void expect_cards(const jnode *arr, const uint8_t *cards, size_t n,
                         const char *what)
{
    size_t i;
    char name[8];
    REQ_MSG(arr != NULL && arr->type == 'a', "%s: not an array", what);
    REQ_MSG(arr->n == n, "%s: %zu cards in JSON, %zu in the game",
                  what, arr->n, n);
    for (i = 0; i < n; i++) {
        card_text(name, cards[i]);
        REQ_MSG(strcmp(jstr(arr->kids[i]), name) == 0,
                      "%s: card %zu is %s, expected %s", what, i,
                      arr->kids[i]->str, name);
    }
}

/* The events of the game's last move as viewer sees them, one per line
 * (malloc'd). */
static char *events_text(const canasta_game *g, int viewer)
{
    size_t count = 0, i, len = 0;
    char *out = malloc(1);
    QNONNULL(out);
    out[0] = '\0';
    QEQ(canasta_game_event_count(&count, g), CANASTA_OK);
    for (i = 0; i < count; i++) {
        char line[2048];
        QEQ(canasta_game_event_to_string(line, sizeof line, g, i,
                                                      viewer), CANASTA_OK);
        out = realloc(out, len + strlen(line) + 2);
        QNONNULL(out);
        memcpy(out + len, line, strlen(line));
        len += strlen(line);
        out[len++] = '\n';
        out[len] = '\0';
    }
    return out;
}

/* The JSON array of event strings as the same one-per-line text. */
static char *json_events_text(const jnode *arr)
{
    size_t i, len = 0;
    char *out = malloc(1);
    QNONNULL(out);
    out[0] = '\0';
    REQ(arr != NULL && arr->type == 'a');
    for (i = 0; i < arr->n; i++) {
        const char *s = jstr(arr->kids[i]);
        out = realloc(out, len + strlen(s) + 2);
        QNONNULL(out);
        memcpy(out + len, s, strlen(s));
        len += strlen(s);
        out[len++] = '\n';
        out[len] = '\0';
    }
    return out;
}

/* The moves of the current hand and, for every viewer (index viewer + 1),
 * the events the game reported at the hand's start (step 0) and after
 * each move (step k + 1). */
#define NVIEWS (MAX_SEATS + 1)
typedef struct {
    canasta_move *moves;
    size_t n, cap;
    int views; /* players + 1 */
    char **ev[NVIEWS];
} hand_log;

static void log_free(hand_log *lg)
{
    size_t k;
    int v;
    for (v = 0; v < NVIEWS; v++) {
        if (lg->ev[v])
            for (k = 0; k <= lg->n; k++)
                free(lg->ev[v][k]);
        free(lg->ev[v]);
        lg->ev[v] = NULL;
    }
    free(lg->moves);
    lg->moves = NULL;
    lg->n = lg->cap = 0;
}

static void log_record_events(hand_log *lg, const canasta_game *g)
{
    int v;
    for (v = 0; v < lg->views; v++)
        lg->ev[v][lg->n] = events_text(g, v - 1);
}

/* Start the log of the hand g is at the start of. */
static void log_start(hand_log *lg, const canasta_game *g)
{
    int v;
    log_free(lg);
    lg->views = th_option(g, CANASTA_OPT_PLAYERS) + 1;
    lg->cap = 64;
    lg->moves = malloc(lg->cap * sizeof *lg->moves);
    QNONNULL(lg->moves);
    for (v = 0; v < lg->views; v++) {
        lg->ev[v] = calloc(lg->cap + 1, sizeof *lg->ev[v]);
        QNONNULL(lg->ev[v]);
    }
    log_record_events(lg, g);
}

/* After m was applied to g (not NEXT_HAND). */
static void log_push(hand_log *lg, const canasta_game *g,
                     const canasta_move *m)
{
    int v;
    if (lg->n == lg->cap) {
        lg->cap *= 2;
        lg->moves = realloc(lg->moves, lg->cap * sizeof *lg->moves);
        QNONNULL(lg->moves);
        for (v = 0; v < lg->views; v++) {
            lg->ev[v] = realloc(lg->ev[v], (lg->cap + 1) * sizeof *lg->ev[v]);
            QNONNULL(lg->ev[v]);
        }
    }
    lg->moves[lg->n++] = *m;
    log_record_events(lg, g);
}

/* Apply m to g and keep the log (a NEXT_HAND starts a new one). */
static void play(canasta_game *g, hand_log *lg, const canasta_move *m)
{
    q_ok(g, m);
    if (m->kind == CANASTA_MOVE_NEXT_HAND)
        log_start(lg, g);
    else
        log_push(lg, g, m);
}

/* ---------------------------------------------------------------- */
/* Structural checks of one view                                      */
/* ---------------------------------------------------------------- */

static const char *const seat_view_keys[] = {
    "format", "version", "viewer", "rules", "hand_number", "dealer", "phase",
    "current_seat", "turn_seat", "turn_source", "permission", "totals",
    "last_hand", "lone_hand", "winner", "table", "pile", "stock", "hands", "history",
    "legal_moves"
};
#define N_TOP_KEYS (sizeof seat_view_keys / sizeof seat_view_keys[0])

static const char *const phase_names[] = {
    "?", "draw", "play", "answer", "hand-over", "game-over"
};
static const char *const permission_names[] = { "none", "asked", "yes", "no" };
static const char *const end_names[] = {
    "none", "went-out", "concealed", "red-three", "stock"
};
static const char *const preset_names[] = {
    "?", "classic", "two-players", "three-players", "six-three-sides",
    "six-two-sides"
};
static const char *const option_names[] = {
    "?", "target", "ask-permission", "one-card-rule", "tie-rule",
    "hand-size", "canastas-to-go-out", "draw-count", "concealed-additions"
};
static const char *const score_names[CANASTA_SCORE_ITEMS] = {
    "melded", "natural_canastas", "mixed_canastas", "red_threes",
    "going_out", "in_hand", "total"
};

/* A1 on one event text: another seat's drawn or replacement cards are
 * all "??", the viewer's own are not; nothing else is ever hidden; the
 * full view hides nothing. */
static void check_event_text(const char *ev, int viewer)
{
    int seat = -1, n = 0;
    char verb[16] = "";
    const char *rest;
    if (sscanf(ev, "%d %15s%n", &seat, verb, &n) == 2 &&
        (strcmp(verb, "drew") == 0 || strcmp(verb, "replace") == 0)) {
        int hidden = viewer >= 0 && viewer != seat;
        char tok[16];
        int k = 0;
        rest = ev + n;
        while (sscanf(rest, "%15s%n", tok, &k) == 1) {
            if (hidden)
                REQ_MSG(strcmp(tok, "??") == 0,
                              "viewer %d sees a card in \"%s\"", viewer, ev);
            else
                REQ_MSG(strcmp(tok, "??") != 0,
                              "viewer %d misses a card in \"%s\"", viewer, ev);
            rest += k;
        }
    } else {
        REQ_MSG(strstr(ev, "??") == NULL, "hidden card in \"%s\"", ev);
    }
}

/* Every check of one view against the query API and the log. */
static void check_view(const canasta_game *g, int viewer, const hand_log *lg)
{
    char *text = view(g, viewer);
    jnode *root = jparse(text);
    const jnode *v, *rules, *opts, *table, *pile, *stock, *hands, *hist,
        *moves, *legal;
    int full = viewer == CANASTA_VIEW_ALL;
    const int NSEAT_G = th_option(g, CANASTA_OPT_PLAYERS), NSIDE_G = th_option(g, CANASTA_OPT_SIDES);
    int phase, cur, side, seat, rank, x, how, wseat, items[CANASTA_SCORE_ITEMS];
    size_t i, n, k = 0;
    uint8_t cards[256];
    char name[8];

    REQ_MSG(root != NULL, "not well-formed JSON:\n%s", text);
    QEQ(root->type, 'o');
    QEQ(text[strlen(text) - 1], '\n');

    /* stable key order; "seed" only in the full view */
    QEQ(root->n, N_TOP_KEYS + (full ? 1 : 0));
    for (i = 0; i < root->n; i++) {
        const char *want;
        if (full && i == 4)
            want = "seed";
        else
            want = seat_view_keys[full && i > 4 ? i - 1 : i];
        REQ_MSG(strcmp(root->keys[i], want) == 0,
                      "key %zu is \"%s\", expected \"%s\"", i, root->keys[i],
                      want);
    }
    QSTR(jstr(jreq(root, "format")), "canasta-json");
    QEQ(jint(jreq(root, "version")), 1);
    v = jreq(root, "viewer");
    if (full)
        REQ(jnull(v));
    else
        QEQ(jint(v), viewer);

    /* rules */
    rules = jreq(root, "rules");
    QSTR(jstr(jreq(rules, "preset")), preset_names[g->st.p.preset]);
    QEQ(jint(jreq(rules, "players")), NSEAT_G);
    QEQ(jint(jreq(rules, "sides")), NSIDE_G);
    QOK(canasta_game_option(&x, g, CANASTA_OPT_DECK_SIZE));
    QEQ(jint(jreq(rules, "deck_size")), x);
    QOK(canasta_game_option(&x, g, CANASTA_OPT_LONE_HAND));
    QEQ(jbool(jreq(rules, "lone_hand")), x);
    opts = jreq(rules, "options");
    QEQ(opts->n, 8);
    for (i = 1; i <= 8; i++) {
        QEQ(canasta_game_option(&x, g, (int)i), CANASTA_OK);
        QSTR(opts->keys[i - 1], option_names[i]);
        QEQ(jint(opts->kids[i - 1]), x);
    }
    /* seat_sides: each seat's score column, fixed by the rules (X3: the
     * seat itself, while the table it plays at may change) */
    v = jreq(rules, "seat_sides");
    QEQ(v->n, NSEAT_G);
    for (seat = 0; seat < NSEAT_G; seat++)
        QEQ(jint(jat(v, (size_t)seat)), g->st.p.seat_side[seat]);

    /* turn and totals */
    QEQ(canasta_game_hand_number(&x, g), CANASTA_OK);
    QEQ(jint(jreq(root, "hand_number")), x);
    QEQ(canasta_game_dealer(&x, g), CANASTA_OK);
    QEQ(jint(jreq(root, "dealer")), x);
    phase = th_phase(g);
    cur = th_seat(g);
    QSTR(jstr(jreq(root, "phase")), phase_names[phase]);
    QEQ(jint(jreq(root, "current_seat")), cur);
    QEQ(jint(jreq(root, "turn_seat")), g->st.turn_seat);
    QEQ(canasta_game_permission(&x, g), CANASTA_OK);
    QSTR(jstr(jreq(root, "permission")), permission_names[x]);
    v = jreq(root, "totals");
    QEQ(v->n, NSIDE_G);
    for (side = 0; side < NSIDE_G; side++)
        QEQ(jint(jat(v, (size_t)side)), th_total(g, side));

    v = jreq(root, "last_hand");
    if (canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 0) ==
        CANASTA_E_PHASE) {
        REQ(jnull(v));
    } else {
        QEQ(canasta_game_hand_end(&how, &wseat, g), CANASTA_OK);
        QSTR(jstr(jreq(v, "how")), end_names[how]);
        if (wseat < 0)
            REQ(jnull(jreq(v, "seat")));
        else
            QEQ(jint(jreq(v, "seat")), wseat);
        for (side = 0; side < NSIDE_G; side++) {
            const jnode *sc = jat(jreq(v, "scores"), (size_t)side);
            QEQ(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS,
                                                     g, side), CANASTA_OK);
            QEQ(jint(jreq(sc, "side")), side);
            for (i = 0; i < CANASTA_SCORE_ITEMS; i++)
                QEQ(jint(jreq(sc, score_names[i])), items[i]);
        }
    }
    v = jreq(root, "lone_hand"); /* X3 only */
    QEQ(canasta_game_lone_hand(&x, g), CANASTA_OK);
    if (x < 0)
        REQ(jnull(v));
    else
        QEQ(jint(v), x);
    v = jreq(root, "winner");
    if (canasta_game_winner(&x, g) == CANASTA_E_PHASE)
        REQ(jnull(v));
    else
        QEQ(jint(v), x);

    /* table */
    table = jreq(root, "table");
    v = jreq(table, "sides");
    QEQ(v->n, NSIDE_G);
    for (side = 0; side < NSIDE_G; side++) {
        const jnode *sd = jat(v, (size_t)side), *melds;
        int nat, mixed, opened, minimum;
        QEQ(jint(jreq(sd, "side")), side);
        QEQ(canasta_game_opened(&opened, g, side), CANASTA_OK);
        QEQ(jbool(jreq(sd, "opened")), opened);
        QEQ(canasta_game_opening_minimum(&minimum, g, side),
                         CANASTA_OK);
        QEQ(jint(jreq(sd, "opening_minimum")), minimum);
        QEQ(canasta_game_canastas(&nat, &mixed, g, side),
                         CANASTA_OK);
        QEQ(jint(jreq(sd, "canastas")), nat + mixed);
        QEQ(jint(jreq(sd, "natural_canastas")), nat);
        QEQ(jint(jreq(sd, "mixed_canastas")), mixed);
        for (x = 0, seat = 0; seat < NSEAT_G; seat++) {
            int ss = -1;
            QOK(canasta_game_seat_side(&ss, g, seat));
            x += ss == side;
        }
        QEQ(jreq(sd, "seats")->n, x);
        melds = jreq(sd, "melds");
        k = 0;
        for (rank = 3; rank <= 14; rank++) {
            int na, tw, jk;
            const jnode *md;
            const char *cls;
            QEQ(canasta_game_meld(&na, &tw, &jk, g, side, rank),
                             CANASTA_OK);
            if (na + tw + jk == 0)
                continue;
            md = jat(melds, k++);
            QEQ(jint(jreq(md, "rank")), rank);
            QEQ(jint(jreq(md, "naturals")), na);
            QEQ(jint(jreq(md, "twos")), tw);
            QEQ(jint(jreq(md, "jokers")), jk);
            QEQ(canasta_game_meld_cards(cards, sizeof cards, &n,
                                                     g, side, rank),
                             CANASTA_OK);
            expect_cards(jreq(md, "cards"), cards, n, "meld");
            cls = na + tw + jk < 7 ? "open"
                  : tw + jk ? "mixed-canasta" : "natural-canasta";
            QSTR(jstr(jreq(md, "class")), cls);
        }
        QEQ(melds->n, k);
    }
    v = jreq(table, "seats");
    QEQ(v->n, NSEAT_G);
    for (seat = 0; seat < NSEAT_G; seat++) {
        const jnode *st = jat(v, (size_t)seat);
        QEQ(jint(jreq(st, "seat")), seat);
        QEQ(canasta_game_seat_side(&side, g, seat), CANASTA_OK);
        QEQ(jint(jreq(st, "side")), side);
        /* the seat's own minimum: its score column's (O1, X3) */
        QEQ(canasta_game_opening_minimum(&x, g, g->st.p.seat_side[seat]),
            CANASTA_OK);
        QEQ(jint(jreq(st, "opening_minimum")), x);
        QEQ(jint(jreq(st, "hand_size")), th_hand_size(g, seat));
        QEQ(canasta_game_red_threes(cards, sizeof cards, &n, g,
                                                 seat), CANASTA_OK);
        expect_cards(jreq(st, "red_threes"), cards, n, "red threes");
    }

    /* pile */
    pile = jreq(root, "pile");
    QEQ(jint(jreq(pile, "size")), th_pile_size(g));
    v = jreq(pile, "top");
    if (th_pile_top(g) == CANASTA_CARD_NONE) {
        REQ(jnull(v));
    } else {
        card_text(name, th_pile_top(g));
        QSTR(jstr(v), name);
    }
    QEQ(canasta_game_pile(cards, sizeof cards, &n, g),
                     CANASTA_OK);
    expect_cards(jreq(pile, "cards"), cards, n, "pile");
    v = jreq(pile, "status");
    QEQ(v->n, NSIDE_G);
    for (side = 0; side < NSIDE_G; side++) {
        const jnode *ps = jat(v, (size_t)side);
        int f = th_pile_status(g, side);
        QEQ(jint(jreq(ps, "side")), side);
        QEQ(jbool(jreq(ps, "frozen")),
                         (f & CANASTA_PILE_FROZEN_MASK) != 0);
        QEQ(jbool(jreq(ps, "frozen_wild")),
                         (f & CANASTA_PILE_FROZEN_WILD) != 0);
        QEQ(jbool(jreq(ps, "frozen_red_three")),
                         (f & CANASTA_PILE_FROZEN_RED_THREE) != 0);
        QEQ(jbool(jreq(ps, "frozen_unopened")),
                         (f & CANASTA_PILE_FROZEN_UNOPENED) != 0);
        QEQ(jbool(jreq(ps, "blocked")),
                         (f & (CANASTA_PILE_BLOCKED_WILD |
                               CANASTA_PILE_BLOCKED_BLACK_THREE)) != 0);
        QEQ(jbool(jreq(ps, "blocked_wild")),
                         (f & CANASTA_PILE_BLOCKED_WILD) != 0);
        QEQ(jbool(jreq(ps, "blocked_black_three")),
                         (f & CANASTA_PILE_BLOCKED_BLACK_THREE) != 0);
        QEQ(jbool(jreq(ps, "empty")),
                         (f & CANASTA_PILE_EMPTY) != 0);
    }

    /* stock: its cards only in the full view, top first */
    stock = jreq(root, "stock");
    QEQ(jint(jreq(stock, "size")), th_stock_size(g));
    if (full) {
        for (i = 0; i < g->st.stock_n; i++)
            cards[i] = g->st.stock[g->st.stock_n - 1 - i];
        expect_cards(jreq(stock, "cards"), cards, g->st.stock_n, "stock");
    } else {
        QEQ(stock->n, 1);
    }

    /* hands: the viewer's (all in the full view), others' sizes only */
    hands = jreq(root, "hands");
    QEQ(hands->n, NSEAT_G);
    for (seat = 0; seat < NSEAT_G; seat++) {
        const jnode *h = jat(hands, (size_t)seat);
        QEQ(jint(jreq(h, "seat")), seat);
        QEQ(jint(jreq(h, "size")), th_hand_size(g, seat));
        if (full || seat == viewer) {
            QEQ(canasta_game_hand(cards, sizeof cards, &n, g,
                                               seat), CANASTA_OK);
            expect_cards(jreq(h, "cards"), cards, n, "hand");
        } else {
            REQ_MSG(jnull(jreq(h, "cards")),
                          "viewer %d sees the hand of seat %d", viewer, seat);
        }
    }
    if (!full) {
        REQ(!jhas_key(root, "seed"));
        REQ(!jhas_key(root, "deck"));
    }

    /* history: the events exactly as the game reported them */
    hist = jreq(root, "history");
    QSTR(jstr(jreq(hist, "start")),
                     g->from_position ? "position" : "deal");
    if (full)
        QEQ(jreq(hist, "deck")->n, g->st.deck_n);
    if (lg) {
        char *got = json_events_text(jreq(hist, "events"));
        QSTR(got, lg->ev[viewer + 1][0]);
        free(got);
    }
    moves = jreq(hist, "moves");
    if (lg)
        QEQ(moves->n, lg->n);
    for (i = 0; i < moves->n; i++) {
        const jnode *mv = jat(moves, i), *evs = jreq(mv, "events");
        size_t e;
        if (lg) {
            char mtext[CANASTA_MOVE_TEXT_MAX], *got;
            QEQ(canasta_move_to_string(mtext, sizeof mtext,
                                                    &lg->moves[i]), CANASTA_OK);
            QSTR(jstr(jreq(mv, "move")), mtext);
            got = json_events_text(evs);
            QSTR(got, lg->ev[viewer + 1][i + 1]);
            free(got);
        }
        for (e = 0; e < evs->n; e++)
            check_event_text(jstr(jat(evs, e)), viewer);
    }
    v = jreq(hist, "events");
    for (i = 0; i < v->n; i++)
        check_event_text(jstr(jat(v, i)), viewer);
    if (full)
        REQ(!jhas_text(root, "??"));

    /* legal moves: the viewer's own decision only */
    legal = jreq(root, "legal_moves");
    if (full || viewer == cur) {
        th_movelist ml = { NULL, 0, 0 };
        th_list_moves(&ml, g);
        QEQ(legal->n, ml.n);
        for (i = 0; i < ml.n; i++) {
            char mtext[CANASTA_MOVE_TEXT_MAX];
            QEQ(canasta_move_to_string(mtext, sizeof mtext,
                                                    &ml.v[i]), CANASTA_OK);
            QSTR(jstr(jat(legal, i)), mtext);
        }
        free(ml.v);
    } else {
        QEQ(legal->n, 0);
    }

    jfree(root);
    canasta_free(text);
}

static void check_all_views(const canasta_game *g, const hand_log *lg)
{
    int viewer;
    for (viewer = CANASTA_VIEW_ALL; viewer < th_option(g, CANASTA_OPT_PLAYERS); viewer++)
        check_view(g, viewer, lg);
}

static canasta_move random_move(const canasta_game *g, th_movelist *ml,
                                th_sm64 *r)
{
    th_list_moves(ml, g);
    QGT(ml->n, 0);
    return ml->v[th_sm64_below(r, ml->n)];
}

/* ---------------------------------------------------------------- */
/* Structure                                                          */
/* ---------------------------------------------------------------- */

/* The views of the fresh deal, explicitly. */
START_TEST(test_A1_view_of_the_deal)
{
    canasta_game *g = th_new_game(UINT64_C(2024));
    hand_log lg;
    char *text;
    jnode *root;
    int seat;
    memset(&lg, 0, sizeof lg);
    log_start(&lg, g);
    check_all_views(g, &lg);
    for (seat = 0; seat < NSEATS; seat++) {
        const jnode *hist, *evs;
        size_t i;
        text = view(g, seat);
        root = jparse(text);
        QNONNULL(root);
        hist = jreq(root, "history");
        QEQ(jreq(hist, "moves")->n, 0);
        evs = jreq(hist, "events");
        QGE(evs->n, 2);
        REQ(strncmp(jstr(jat(evs, 0)), "deal hand 1 dealer ", 19) == 0);
        REQ(strncmp(jstr(jat(evs, 1)), "upcard ", 7) == 0);
        for (i = 2; i < evs->n; i++)
            REQ(strstr(jstr(jat(evs, i)), "redthree") ||
                      strstr(jstr(jat(evs, i)), "replace"));
        jfree(root);
        canasta_free(text);
    }
    log_free(&lg);
    canasta_game_free(g);
}
END_TEST

/* Seat 0 draws: its own view names the card, the others' show "??";
 * everyone sees the discard. */
START_TEST(test_A1_drawn_cards_hidden_from_others)
{
    canasta_game *g = th_deal("4c 4d 5c 5d 6c 6d 8c 8d 9c 9d Tc",
                              NULL, NULL, NULL, "Kc", "Qh Qs");
    int seat;
    th_do_draw(g, 0);
    th_do_discard(g, 0, "Tc");
    for (seat = 0; seat < NSEATS; seat++) {
        char *text = view(g, seat);
        jnode *root = jparse(text);
        const jnode *moves;
        QNONNULL(root);
        moves = jreq(jreq(root, "history"), "moves");
        QEQ(moves->n, 2);
        QSTR(jstr(jreq(jat(moves, 0), "move")), "0 draw");
        QSTR(jstr(jat(jreq(jat(moves, 0), "events"), 0)),
                         seat == 0 ? "0 drew Qh" : "0 drew ??");
        QSTR(jstr(jreq(jat(moves, 1), "move")), "0 discard 10c");
        QSTR(jstr(jreq(jreq(root, "pile"), "top")), "10c");
        QEQ(jreq(jreq(root, "pile"), "cards")->n, 2);
        jfree(root);
        canasta_free(text);
    }
    canasta_game_free(g);
}
END_TEST

/* Random games: every view of every position is checked (first hands),
 * then sparser checks through later hands to the end of a short game
 * (target 1), so that last_hand and winner are covered. */
START_TEST(test_A1_views_of_random_games)
{
    int k;
    th_movelist ml = { NULL, 0, 0 };
    for (k = 0; k < 4; k++) {
        canasta_game *g = th_new_game(UINT64_C(777) + (uint64_t)k);
        hand_log lg;
        th_sm64 r;
        int steps = 0;
        memset(&lg, 0, sizeof lg);
        r.state = UINT64_C(31) * (uint64_t)(k + 1);
        log_start(&lg, g);
        check_all_views(g, &lg);
        while (steps < 160 && th_phase(g) != CANASTA_PHASE_GAME_OVER) {
            canasta_move m = random_move(g, &ml, &r);
            play(g, &lg, &m);
            steps++;
            check_all_views(g, &lg);
        }
        log_free(&lg);
        canasta_game_free(g);
    }
    for (k = 0; k < 3; k++) {
        canasta_rules *rules = NULL;
        canasta_game *g = NULL;
        hand_log lg;
        th_sm64 r;
        int steps = 0, hands_over = 0;
        memset(&lg, 0, sizeof lg);
        r.state = UINT64_C(5150) + (uint64_t)k;
        QEQ(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC),
                         CANASTA_OK);
        QEQ(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 1),
                         CANASTA_OK);
        QEQ(canasta_game_create(&g, rules, UINT64_C(90) + (uint64_t)k),
                         CANASTA_OK);
        canasta_rules_free(rules);
        log_start(&lg, g);
        while (steps < 3000 && th_phase(g) != CANASTA_PHASE_GAME_OVER) {
            canasta_move m = random_move(g, &ml, &r);
            int ph;
            play(g, &lg, &m);
            steps++;
            ph = th_phase(g);
            if (ph == CANASTA_PHASE_HAND_OVER || ph == CANASTA_PHASE_GAME_OVER)
                hands_over++;
            if (steps % 23 == 0 || !th_phase_in_play(ph) || lg.n < 2)
                check_all_views(g, &lg);
        }
        QGT(hands_over, 0);
        log_free(&lg);
        canasta_game_free(g);
    }
    free(ml.v);
}
END_TEST

/* A hand that began from a position (as canasta_game_from_position makes
 * it: from_position set, base = the state, no history, no deck, no
 * events).  Made here through the internal state, so this test does not
 * depend on the position reader. */
START_TEST(test_A1_view_of_a_hand_from_a_position)
{
    canasta_game *g = th_new_game(UINT64_C(4711));
    th_movelist ml = { NULL, 0, 0 };
    hand_log lg;
    th_sm64 r;
    int i;
    char *text;
    jnode *root;
    r.state = 12;
    memset(&lg, 0, sizeof lg);
    for (i = 0; i < 9; i++) {
        canasta_move m = random_move(g, &ml, &r);
        q_ok(g, &m);
    }
    REQ(th_in_play(g));
    g->st.deck_n = 0;
    memset(g->st.deck, 0, sizeof g->st.deck);
    cn_events_clear(&g->st);
    memcpy(g->base, &g->st, sizeof g->st);
    g->from_position = 1;
    g->hist_len = 0;
    log_start(&lg, g);
    check_all_views(g, &lg);
    for (i = 0; i < 25 && th_in_play(g); i++) {
        canasta_move m = random_move(g, &ml, &r);
        play(g, &lg, &m);
        check_all_views(g, &lg);
    }
    text = view(g, 1);
    root = jparse(text);
    QNONNULL(root);
    QSTR(jstr(jreq(jreq(root, "history"), "start")), "position");
    QEQ(jreq(jreq(root, "history"), "events")->n, 0);
    QEQ(jreq(jreq(root, "history"), "moves")->n, lg.n);
    jfree(root);
    canasta_free(text);
    text = view(g, CANASTA_VIEW_ALL);
    root = jparse(text);
    QNONNULL(root);
    QEQ(jreq(jreq(root, "history"), "deck")->n, 0);
    jfree(root);
    canasta_free(text);
    log_free(&lg);
    free(ml.v);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* No leak (A1)                                                       */
/* ---------------------------------------------------------------- */

/*
 * Design.  A seat's view is a function of the game; it must depend only
 * on what the seat may know.  So: build a second game that differs from
 * the first exactly in cards the seat has never seen, and that went
 * through the same public moves; the seat's view must be the same byte
 * for byte.
 *
 * The history in a view is replayed from the hand's deck, so the second
 * game must be a real game: it is the hand's start re-dealt with
 * canasta_game_set_deck from a permuted deck, followed by the same moves.
 * Which deck positions may be permuted is tracked along the hand (one
 * tracker per seat):
 *  - fixed: positions dealt to the seat or drawn by it; the upcards and
 *    the deal's replacement cards (simply all fixed: fewer permuted cards
 *    never makes the test unsound); every red three (they are laid out
 *    face up when dealt or drawn, so moving one into a hand would change
 *    public events); and, for every card another seat melds or discards
 *    (public), one position of that card that this seat dealt or drew
 *    and that is not yet fixed (if it came from a picked-up pile there is
 *    none, and the pile is public anyway);
 *  - free: all the others: other seats' dealt or drawn cards still unseen,
 *    and the undrawn stock.
 * The cards on the free positions are shuffled among them.  Every draw
 * still takes the same number of positions (red threes stay in place),
 * every card another seat melds or discards is still in its hand (its
 * position is fixed), and the seat's own cards are unchanged.  A move
 * whose legality depends on another seat's hidden cards (asking to go
 * out, G4) can become illegal: such a sample is skipped and counted.
 * Only positions during play are compared: at a hand's end the hands are
 * scored in public (E3), which legitimately depends on the hidden cards.
 * The full view (viewer = all) must differ for some samples, which shows
 * that the permutation changes the game and that the comparison can fail.
 */
/* The tracker and the twin are th_hidden_* (tests/helpers.h). */

typedef struct {
    long compared, skipped, full_differs, free_cards;
} leak_stats;

/* One sample: the game g (at hand start `start`, then moves[0..n)) seen
 * by t->viewer against a game dealt with the free positions permuted. */
static void leak_sample(leak_stats *ls, const canasta_game *g,
                        const canasta_game *start, const canasta_move *moves,
                        size_t n, const th_hidden *t, th_sm64 *r)
{
    size_t nf = 0;
    canasta_game *alt = th_hidden_twin(start, moves, n, t, r, &nf);
    char *a, *b;
    ls->free_cards += (long)nf;
    if (!alt) {
        ls->skipped++;
        return;
    }
    a = view(g, t->viewer);
    b = view(alt, t->viewer);
    if (strcmp(a, b) != 0) {
        /* Report the first line that differs (whole views are too long
         * for a Check message). */
        size_t at = 0, line_start = 0, ea, eb;
        while (a[at] == b[at]) {
            if (a[at] == '\n')
                line_start = at + 1;
            at++;
        }
        ea = strcspn(a + line_start, "\n");
        eb = strcspn(b + line_start, "\n");
        ck_abort_msg("the view of seat %d depends on cards it cannot see:\n"
                     "%.*s\n--- versus ---\n%.*s", t->viewer,
                     (int)(ea < 300 ? ea : 300), a + line_start,
                     (int)(eb < 300 ? eb : 300), b + line_start);
    }
    canasta_free(a);
    canasta_free(b);
    ls->compared++;
    a = view(g, CANASTA_VIEW_ALL);
    b = view(alt, CANASTA_VIEW_ALL);
    if (strcmp(a, b) != 0)
        ls->full_differs++;
    canasta_free(a);
    canasta_free(b);
    canasta_game_free(alt);
}

static canasta_game *preset_game(int preset, uint64_t seed)
{
    canasta_rules *rules = NULL;
    canasta_game *g = NULL;
    QOK(canasta_rules_create(&rules, preset));
    QOK(canasta_game_create(&g, rules, seed));
    canasta_rules_free(rules);
    return g;
}

/* One game of the leak test: samples every third move of up to
 * max_moves moves, for every seat. */
static void leak_game(leak_stats *ls, th_movelist *ml, int preset,
                      uint64_t seed, uint64_t rseed, int max_moves)
{
    canasta_game *g = preset_game(preset, seed);
    th_hand_log h;
    th_sm64 r;
    int steps, seat, np = th_option(g, CANASTA_OPT_PLAYERS);
    r.state = rseed;
    th_hand_log_start(&h, g);
    for (steps = 0; steps < max_moves; steps++) {
        canasta_move m;
        if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
            break;
        if (th_in_play(g) && steps % 3 == 0)
            for (seat = 0; seat < np; seat++)
                leak_sample(ls, g, h.start, h.moves, h.n, &h.seat[seat], &r);
        m = random_move(g, ml, &r);
        q_ok(g, &m);
        th_hand_log_move(&h, g, &m);
    }
    th_hand_log_free(&h);
    canasta_game_free(g);
}

/* The test has teeth: many comparisons, with many free cards, that
 * changed the full state. */
static void leak_verdict(const leak_stats *ls, long least)
{
    REQ_MSG(ls->compared >= least, "only %ld samples compared (%ld skipped)",
           ls->compared, ls->skipped);
    REQ_MSG(ls->skipped * 10 <= ls->compared, "%ld of %ld samples skipped",
           ls->skipped, ls->compared + ls->skipped);
    REQ_MSG(ls->full_differs * 10 >= ls->compared * 9,
           "the full view changed in only %ld of %ld samples",
           ls->full_differs, ls->compared);
    QGT(ls->free_cards / (ls->compared + ls->skipped), 20);
}

START_TEST(test_A1_views_do_not_leak_hidden_cards)
{
    leak_stats ls = { 0, 0, 0, 0 };
    th_movelist ml = { NULL, 0, 0 };
    int k;
    for (k = 0; k < 5; k++)
        leak_game(&ls, &ml, CANASTA_PRESET_CLASSIC,
                  UINT64_C(1000) + (uint64_t)k * 17,
                  UINT64_C(0xC0FFEE) + (uint64_t)k, 330);
    free(ml.v);
    leak_verdict(&ls, 600);
}
END_TEST

/* A1 in the games for two, three and six players: the same leak test,
 * two games of each (X3: the lone hand and the merged partnership are
 * public; X6: 162 cards, six viewers).  CANASTA_TEST_SCALE shortens the
 * games (valgrind), and the samples required shrink with them. */
static void leak_preset(int preset, long least)
{
    leak_stats ls = { 0, 0, 0, 0 };
    th_movelist ml = { NULL, 0, 0 };
    int k, max_moves = th_scaled(330, 90);
    for (k = 0; k < 2; k++)
        leak_game(&ls, &ml, preset, UINT64_C(2000) + (uint64_t)k * 29,
                  UINT64_C(0xBEEF) + (uint64_t)k, max_moves);
    free(ml.v);
    leak_verdict(&ls, max_moves >= 330 ? least : least * max_moves / 330);
}

START_TEST(test_X2_A1_views_do_not_leak_hidden_cards)
{
    leak_preset(CANASTA_PRESET_TWO_PLAYERS, 100);
}
END_TEST

START_TEST(test_X3_A1_views_do_not_leak_hidden_cards)
{
    leak_preset(CANASTA_PRESET_THREE_PLAYERS, 150);
}
END_TEST

START_TEST(test_X6_A1_views_do_not_leak_hidden_cards)
{
    leak_preset(CANASTA_PRESET_SIX_THREE_SIDES, 300);
    leak_preset(CANASTA_PRESET_SIX_TWO_SIDES, 300);
}
END_TEST

/* X2 X3 X6: every view of random games of each preset agrees with the
 * query API, as test_A1_views_of_random_games checks for the classic
 * game. */
START_TEST(test_X2_X3_X6_views_of_random_games)
{
    th_movelist ml = { NULL, 0, 0 };
    int preset, lone_seen = 0;
    for (preset = CANASTA_PRESET_TWO_PLAYERS;
         preset <= CANASTA_PRESET_SIX_TWO_SIDES; preset++) {
        canasta_game *g = preset_game(preset, UINT64_C(4242) + (uint64_t)preset);
        hand_log lg;
        th_sm64 r;
        int steps = 0, x = -1;
        memset(&lg, 0, sizeof lg);
        r.state = UINT64_C(99) * (uint64_t)preset;
        log_start(&lg, g);
        check_all_views(g, &lg);
        while (steps < th_scaled(400, 80) &&
               th_phase(g) != CANASTA_PHASE_GAME_OVER) {
            canasta_move m = random_move(g, &ml, &r);
            play(g, &lg, &m);
            steps++;
            if (steps % 5 == 0 || !th_in_play(g))
                check_all_views(g, &lg);
            QOK(canasta_game_lone_hand(&x, g));
            lone_seen |= x >= 0;
        }
        log_free(&lg);
        canasta_game_free(g);
    }
    REQ_MSG(lone_seen, "no X3 hand had a lone hand; the check is idle");
    free(ml.v);
}
END_TEST

/* The comparison above would notice a leak: a "view" that added one
 * hidden fact (the top stock card) differs between the two games. */
START_TEST(test_A1_leak_check_catches_a_leak)
{
    canasta_game *g = th_new_game(UINT64_C(31337));
    th_hidden t;
    leak_stats ls = { 0, 0, 0, 0 };
    th_sm64 r;
    int differs = 0, i;
    r.state = 5;
    th_hidden_start(&t, g, 0);
    for (i = 0; i < 20; i++) {
        size_t nf = 0;
        canasta_game *alt = th_hidden_twin(g, NULL, 0, &t, &r, &nf);
        QNONNULL(alt);
        if (alt->st.stock[alt->st.stock_n - 1] !=
            g->st.stock[g->st.stock_n - 1])
            differs++;
        canasta_game_free(alt);
    }
    QGT(differs, 10);
    /* and the real views agree */
    leak_sample(&ls, g, g, NULL, 0, &t, &r);
    QEQ(ls.compared, 1);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Arguments and memory                                               */
/* ---------------------------------------------------------------- */

START_TEST(test_json_bad_arguments)
{
    canasta_game *g = th_new_game(UINT64_C(3));
    char *text = (char *)1;
    size_t len = 99;
    QEQ(canasta_game_json(NULL, &len, g, 0), CANASTA_E_NULL);
    QEQ(canasta_game_json(&text, &len, NULL, 0), CANASTA_E_NULL);
    QNULL(text);
    text = (char *)1;
    QEQ(canasta_game_json(&text, &len, g, NSEATS),
                     CANASTA_E_SEAT);
    QNULL(text);
    QEQ(len, 0);
    QEQ(canasta_game_json(&text, &len, g, -2), CANASTA_E_SEAT);
    QEQ(canasta_game_json(&text, &len, g, 1000), CANASTA_E_SEAT);
    QEQ(canasta_game_json(&text, &len, g, -1000),
                     CANASTA_E_SEAT);
    QNULL(text);
    /* length may be NULL */
    QEQ(canasta_game_json(&text, NULL, g, CANASTA_VIEW_ALL),
                     CANASTA_OK);
    QNONNULL(text);
    canasta_free(text);
    canasta_game_free(g);
}
END_TEST

struct counter { long live, calls, fail_after; };

static void *count_alloc(void *user, size_t size)
{
    struct counter *c = user;
    void *p;
    if (c->fail_after >= 0 && c->calls >= c->fail_after)
        return NULL;
    p = malloc(size);
    if (p) {
        c->calls++;
        c->live++;
    }
    return p;
}

static void count_release(void *user, void *ptr)
{
    struct counter *c = user;
    if (ptr) {
        c->live--;
        free(ptr);
    }
}

/* Every allocation of canasta_game_json may fail: E_NOMEM, *text NULL,
 * nothing leaked; with enough memory, the same text as with malloc. */
START_TEST(test_json_failing_allocator)
{
    struct counter cnt = { 0, 0, -1 };
    canasta_rules *rules = NULL;
    canasta_game *g = NULL, *plain = th_new_game(UINT64_C(8));
    th_movelist ml = { NULL, 0, 0 };
    th_sm64 r;
    int i, viewer;
    QEQ(canasta_rules_create_with_allocator(&rules,
                         CANASTA_PRESET_CLASSIC, count_alloc, count_release,
                         &cnt), CANASTA_OK);
    QEQ(canasta_game_create(&g, rules, UINT64_C(8)), CANASTA_OK);
    r.state = 77;
    /* a position with some history, where seat cur has legal moves */
    for (i = 0; i < 40 && th_in_play(g); i++) {
        canasta_move m = random_move(g, &ml, &r);
        q_ok(g, &m);
        q_ok(plain, &m);
    }
    for (viewer = CANASTA_VIEW_ALL; viewer < NSEATS; viewer++) {
        char *want = view(plain, viewer);
        long f, failures = 0;
        for (f = 0;; f++) {
            long live = cnt.live;
            char *text = (char *)1;
            size_t len = 7;
            int rc;
            cnt.calls = 0;
            cnt.fail_after = f;
            rc = canasta_game_json(&text, &len, g, viewer);
            cnt.fail_after = -1;
            if (rc == CANASTA_OK) {
                QSTR(text, want);
                QEQ(len, strlen(want));
                QEQ(cnt.live, live + 1);
                canasta_free(text);
                QEQ(cnt.live, live);
                break;
            }
            failures++;
            QEQ(rc, CANASTA_E_NOMEM);
            QNULL(text);
            QEQ(cnt.live, live);
            QLT(f, 100);
        }
        /* the scratch state, the growing text (and the legal moves) */
        QGE(failures, 3);
        canasta_free(want);
    }
    free(ml.v);
    canasta_game_free(plain);
    canasta_game_free(g);
    canasta_rules_free(rules);
    QEQ(cnt.live, 0);
}
END_TEST

Suite *suite_views(void)
{
    Suite *s = suite_create("views");
    TCase *structure = tcase_create("A1_json_structure");
    TCase *leak = tcase_create("A1_no_leak");
    TCase *args = tcase_create("json_arguments");
    tcase_set_timeout(structure, 120);
    tcase_set_timeout(leak, 180);
    tcase_add_test(structure, test_json_reader_self_check);
    tcase_add_test(structure, test_A1_view_of_the_deal);
    tcase_add_test(structure, test_A1_drawn_cards_hidden_from_others);
    tcase_add_test(structure, test_A1_views_of_random_games);
    tcase_add_test(structure, test_A1_view_of_a_hand_from_a_position);
    tcase_add_test(leak, test_A1_views_do_not_leak_hidden_cards);
    tcase_add_test(leak, test_X2_A1_views_do_not_leak_hidden_cards);
    tcase_add_test(leak, test_X3_A1_views_do_not_leak_hidden_cards);
    tcase_add_test(leak, test_X6_A1_views_do_not_leak_hidden_cards);
    tcase_add_test(structure, test_X2_X3_X6_views_of_random_games);
    tcase_add_test(leak, test_A1_leak_check_catches_a_leak);
    tcase_add_test(args, test_json_bad_arguments);
    tcase_add_test(args, test_json_failing_allocator);
    suite_add_tcase(s, structure);
    suite_add_tcase(s, leak);
    suite_add_tcase(s, args);
    return s;
}
