/* record_read.c - reading a record's text (docs/NOTATION.md, "Records")
 * into the model of record.h: the header, then hand by hand its header
 * lines (start.c reads the start values), the events and the moves.  The
 * moves and events are checked when the record is replayed
 * (record_replay.c); what is checked here is the text's form, the
 * header, the first hand's start values and positions. */
#include <stdio.h>
#include <string.h>
#include "record.h"

typedef struct rec_reader {
    canasta_record *r;
    cn_lines lines;
    char *why;
    size_t ws;
} rec_reader;

/* The reader's place: the line read last (line 1 before any). */
static cn_at rd_at(const rec_reader *d)
{
    cn_at at;
    at.why = d->why;
    at.ws = d->ws;
    at.line = d->lines.lineno > 0 ? d->lines.lineno : 1;
    return at;
}

/* code, with why "line N: ..." naming the line read last. */
#define rd_fail(d, code, ...)                                               \
    cn_why_line((d)->why, (d)->ws, (code),                                  \
                (d)->lines.lineno > 0 ? (d)->lines.lineno : 1, __VA_ARGS__)

/* Keep a line of text (an event or a view's position line). */
static int keep_line(canasta_record *r, const char *text, int line)
{
    size_t n = strlen(text);
    int rc = REC_RESERVE(r, evs, cap_evs, r->n_evs + 1);
    if (!rc)
        rc = REC_RESERVE(r, chars, cap_chars, r->n_chars + n + 1);
    if (rc)
        return rc;
    memcpy(r->chars + r->n_chars, text, n + 1);
    r->evs[r->n_evs].off = r->n_chars;
    r->evs[r->n_evs].line = line;
    r->n_evs++;
    r->n_chars += n + 1;
    return CANASTA_OK;
}

/* The text of an event line after its "=": tokens joined by one space,
 * cards in their canonical spelling. */
static void normalize_event(char *dst, size_t size, char *src)
{
    size_t n = 0;
    char *tok, name[8];
    dst[0] = '\0';
    while ((tok = cn_token(&src)) != NULL) {
        int c = strcmp(tok, "??") ? cn_parse_card(tok) : 0;
        if (c) {
            cn_card_name(name, c);
            tok = name;
        }
        size_t k = strlen(tok);
        if (n + k + 2 > size)
            break;
        if (n)
            dst[n++] = ' ';
        memcpy(dst + n, tok, k + 1);
        n += k;
    }
}

static int has_hidden_token(const char *line)
{
    const char *s = line;
    while ((s = strstr(s, "??")) != NULL) {
        if ((s == line || s[-1] == ' ' || s[-1] == '\t' || s[-1] == ',') &&
            (s[2] == '\0' || s[2] == ' ' || s[2] == '\t' || s[2] == ','))
            return 1;
        s += 2;
    }
    return 0;
}

/* The start values of the record's first hand, once its start lines are
 * read: the checks a save's start lines get (cn_check_start). */
static int check_first_start(rec_reader *d, const rec_hand *h)
{
    if (h->from_position)
        return CANASTA_OK; /* the position's own checks */
    cn_start s = h->s;
    /* Without start lines the hand starts as a new game's first hand. */
    s.at.end = s.at.last_hand ? s.at.last_hand : s.at.hand;
    return cn_check_start(&d->r->p, &s, d->why, d->ws);
}

/* "begin position" ... "end position" of hand h. */
static int read_position(rec_reader *d, rec_hand *h)
{
    canasta_record *r = d->r;
    h->from_position = 1;
    h->pos_line = d->lines.lineno;
    if (r->view < 0) {
        h->base = cn_alloc(r->alloc, r->user, sizeof *h->base);
        if (!h->base)
            return CANASTA_E_NOMEM;
        memset(h->base, 0, sizeof *h->base);
        h->base->p = r->p;
        h->base->seed = r->seed;
        return cn_read_position(h->base, &d->lines, "end position", d->why,
                                d->ws);
    }
    /* A seat's view hides cards: keep its lines as they were written. */
    h->raw_first = r->n_evs;
    for (;;) {
        int rc = cn_lines_next_used(&d->lines, d->why, d->ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "the text ends inside the position begun on line %d "
                "(no \"end position\")", h->pos_line);
        if (strcmp(d->lines.line, "end position") == 0)
            return CANASTA_OK;
        rc = keep_line(r, d->lines.line, d->lines.lineno);
        if (rc)
            return rc;
        h->raw_n++;
    }
}

/* Where the reader is in the text. */
typedef struct rec_parse {
    int stage;      /* 0: kind line, 1: header, 2: body */
    cn_header hdr;  /* the header tags, applied at its end */
    int hstate;     /* in a hand: 0 dealer next, 1 before events and
                       moves, 2 events and moves */
    int after_next; /* the last line was "S next" */
} rec_parse;

/* The kind line: "canasta-record 1". */
static int read_kind(rec_reader *d, const char *key, char *cur)
{
    char *ver = cn_token(&cur);
    if (strcmp(key, "canasta-record") != 0)
        return rd_fail(d, CANASTA_E_VERSION,
            "not a game record (it begins with \"canasta-record 1\")");
    if (!ver || strcmp(ver, "1") != 0 || cn_token(&cur))
        return rd_fail(d, CANASTA_E_VERSION,
            "unknown record format \"%s\" (this library reads "
            "\"canasta-record 1\")", d->lines.line);
    return CANASTA_OK;
}

/* "view S" in the header. */
static int read_view(rec_reader *d, char *cur)
{
    canasta_record *r = d->r;
    char *tok = cn_token(&cur);
    long v;
    if (r->view >= 0)
        return rd_fail(d, CANASTA_E_SYNTAX, "a second view line");
    if (!tok || cn_token(&cur) ||
        !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &v))
        return rd_fail(d, CANASTA_E_SYNTAX, "write \"view S\" with a seat S");
    if (v < 0)
        return rd_fail(d, CANASTA_E_INVALID, "seat %ld does not exist", v);
    /* Checked against the players at the first hand. */
    r->view = (int)v;
    r->view_line = d->lines.lineno;
    return CANASTA_OK;
}

/* A header line before the first "hand N". */
static int read_header_line(rec_reader *d, rec_parse *ps, const char *key,
                            char *cur)
{
    if (strcmp(key, "view") == 0)
        return read_view(d, cur);
    int rc = cn_read_rules_tag(&ps->hdr, key, cur, d->lines.lineno, d->why,
                               d->ws);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "\"%s\" is not a header tag (preset, option, sides, seed, "
            "view); the moves follow a \"hand N\" line", key);
    return CANASTA_OK;
}

/* The header is complete (the first "hand N" line is next). */
static int end_header(rec_reader *d, const rec_parse *ps)
{
    canasta_record *r = d->r;
    int rc = cn_header_finish(&ps->hdr, &r->p, d->why, d->ws);
    if (rc)
        return rc;
    r->seed = ps->hdr.seed;
    int seen_seed = ps->hdr.seed_line != 0;
    if (r->view >= r->p.players) {
        d->lines.lineno = r->view_line;
        return rd_fail(d, CANASTA_E_INVALID,
            "seat %d does not exist in a %d-player game", r->view,
            (int)r->p.players);
    }
    if (r->view >= 0 && seen_seed)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "a seat's view (\"view %d\") has no seed line", r->view);
    if (r->view < 0 && !seen_seed)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the header has no \"seed\" (or \"view\") line");
    return CANASTA_OK;
}

/* "hand N": the hand before it is complete, and a new one begins. */
static int read_hand_line(rec_reader *d, rec_parse *ps, char *cur)
{
    canasta_record *r = d->r;
    char *tok = cn_token(&cur);
    long n;
    int rc;
    if (r->n_hands) {
        const rec_hand *prev = &r->hands[r->n_hands - 1];
        if (ps->hstate == 0)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "hand %d has no \"dealer D\" line", (int)prev->s.hand_no);
        if (ps->hstate == 1 && r->n_hands == 1 &&
            (rc = check_first_start(d, prev)) != 0)
            return rc;
    }
    if (!tok || cn_token(&cur) ||
        !cn_parse_int(tok, -2147483647L - 1, 2147483647L, &n))
        return rd_fail(d, CANASTA_E_SYNTAX,
            "write \"hand N\" with the hand's number N (from 1)");
    if (n < 1 || n > CN_HAND_LIMIT)
        return rd_fail(d, CANASTA_E_INVALID,
            "the hand number must be 1 to %ld, not %ld", CN_HAND_LIMIT, n);
    if ((rc = REC_RESERVE(r, hands, cap_hands, r->n_hands + 1)) != 0)
        return rc;
    rec_hand *h = cn_rec_push_hand(r);
    h->s.hand_no = (int32_t)n;
    h->s.at.hand = d->lines.lineno;
    h->known_start = r->n_hands == 1;
    if (r->view < 0)
        cn_shuffled_deck(h->s.deck, &r->p, r->seed, h->s.hand_no);
    ps->hstate = 0;
    ps->after_next = 0;
    return CANASTA_OK;
}

/* "dealer D", the line after "hand N". */
static int read_dealer_line(rec_reader *d, rec_hand *h, const char *key,
                            char *cur)
{
    char *tok = cn_token(&cur);
    long v;
    int rc;
    if (strcmp(key, "dealer") != 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the \"hand %d\" line is followed by \"dealer D\"",
            (int)h->s.hand_no);
    if (!tok || cn_token(&cur))
        return rd_fail(d, CANASTA_E_SYNTAX,
            "write \"dealer D\": the dealer is a seat from 0 to %d",
            (int)d->r->p.players - 1);
    cn_at at = rd_at(d);
    if ((rc = cn_start_seat(&at, &d->r->p, tok, "the dealer: seat",
            "write \"dealer D\": the dealer is a seat", &v)) != 0)
        return rc;
    h->s.dealer = (int32_t)v;
    h->s.at.dealer = d->lines.lineno;
    return CANASTA_OK;
}

/* The lines that may follow the dealer, before the hand's events and
 * moves: start lines, a deck, a position.  1 if the line was one of
 * them, 0 if not, or an error. */
static int read_hand_start_line(rec_reader *d, rec_hand *h, const char *key,
                                char *cur)
{
    int rc;
    if (strcmp(key, "start-totals") == 0 ||
        strcmp(key, "start-last-hand") == 0 ||
        strcmp(key, "start-last-score") == 0) {
        if (d->r->n_hands != 1)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "only the first hand of a record gives its start values; "
                "later ones follow from the moves");
        if (h->s.custom || h->from_position)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "the start values come before the deck or position");
        cn_at at = rd_at(d);
        rc = cn_read_start_line(&h->s, CN_START_RECORD, &d->r->p, &at, key,
                                cur);
        if (rc < 0)
            return rc;
        h->has_start = 1;
        return 1;
    }
    if (strcmp(key, "deck") == 0) {
        if (h->s.custom || h->from_position)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "a hand has one deck or one position");
        cn_at at = rd_at(d);
        return cn_read_start_line(&h->s, CN_START_RECORD, &d->r->p, &at, key,
                                  cur);
    }
    if (strcmp(key, "begin") == 0) {
        char *what = cn_token(&cur);
        if (!what || strcmp(what, "position") != 0 || cn_token(&cur))
            return rd_fail(d, CANASTA_E_SYNTAX, "write \"begin position\"");
        if (h->s.custom || h->from_position || h->has_start)
            return rd_fail(d, CANASTA_E_SYNTAX,
                "a hand that begins from a position has no deck or start "
                "lines");
        rc = read_position(d, h);
        return rc ? rc : 1;
    }
    return 0;
}

/* An event line, "= " and the event: kept for the replay to check. */
static int read_event_line(rec_reader *d, rec_hand *h)
{
    canasta_record *r = d->r;
    char text[CN_LINE_MAX + 1], ev[CN_LINE_MAX + 1];
    const char *s = d->lines.line;
    while (*s == ' ' || *s == '\t')
        s++;
    memcpy(text, s + 1, strlen(s + 1) + 1);
    normalize_event(ev, sizeof ev, text);
    if (ev[0] == '\0')
        return rd_fail(d, CANASTA_E_SYNTAX,
            "an event line is \"= \" and the event, e.g. \"= 0 drew 7h\"");
    if (h->mv_n == 0 && h->ev_n == 0)
        h->ev_first = r->n_evs;
    int rc = keep_line(r, ev, d->lines.lineno);
    if (rc)
        return rc;
    if (h->mv_n == 0)
        h->ev_n++;
    else
        r->mv[r->n_mv - 1].ev_n++;
    return CANASTA_OK;
}

/* A move line. */
static int read_move_line(rec_reader *d, rec_parse *ps)
{
    canasta_record *r = d->r;
    char mwhy[256];
    canasta_move m;
    if (has_hidden_token(d->lines.line))
        return rd_fail(d, CANASTA_E_HIDDEN,
            "\"??\" stands for a card the writer could not see; a move "
            "needs its real cards");
    int rc = canasta_move_from_string(&m, mwhy, sizeof mwhy, d->lines.line,
                                      (size_t)-1, -1);
    if (rc)
        return rd_fail(d, CANASTA_E_SYNTAX, "%s", mwhy);
    if ((rc = cn_rec_reserve_moves(r, 1, CN_MOVE_BYTES)) != 0)
        return rc;
    cn_rec_push_move(r, &m, d->lines.lineno);
    ps->after_next = m.kind == CANASTA_MOVE_NEXT_HAND;
    return CANASTA_OK;
}

/* A line of the body (from the first "hand N" on). */
static int read_body_line(rec_reader *d, rec_parse *ps, const char *key,
                          char *cur)
{
    canasta_record *r = d->r;
    int rc;
    if (strcmp(key, "hand") == 0)
        return read_hand_line(d, ps, cur);
    /* The body begins with a "hand N" line, so there is a hand. */
    rec_hand *h = &r->hands[r->n_hands - 1];
    if (ps->after_next)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "after the move \"next\" comes the next hand's \"hand %d\" line",
            (int)h->s.hand_no + 1);
    if (ps->hstate == 0) {
        rc = read_dealer_line(d, h, key, cur);
        if (!rc)
            ps->hstate = 1;
        return rc;
    }
    if (ps->hstate == 1) {
        rc = read_hand_start_line(d, h, key, cur);
        if (rc)
            return rc < 0 ? rc : CANASTA_OK;
        if (r->n_hands == 1 && (rc = check_first_start(d, h)) != 0)
            return rc;
    }
    ps->hstate = 2;
    if (key[0] == '=')
        return read_event_line(d, h);
    return read_move_line(d, ps);
}

static int read_record(rec_reader *d)
{
    canasta_record *r = d->r;
    cn_lines *L = &d->lines;
    rec_parse ps;
    char line[CN_LINE_MAX + 1];
    memset(&ps, 0, sizeof ps);
    cn_header_init(&ps.hdr);
    for (;;) {
        int rc = cn_lines_next_used(L, d->why, d->ws);
        if (rc < 0)
            return rc;
        if (rc == 0)
            break;
        memcpy(line, L->line, strlen(L->line) + 1);
        char *cur = line, *key = cn_token(&cur);
        if (ps.stage == 0) {
            rc = read_kind(d, key, cur);
            ps.stage = 1;
        } else if (ps.stage == 1 && strcmp(key, "hand") != 0) {
            rc = read_header_line(d, &ps, key, cur);
        } else {
            if (ps.stage == 1) {
                if ((rc = end_header(d, &ps)) != 0)
                    return rc;
                ps.stage = 2;
            }
            rc = read_body_line(d, &ps, key, cur);
        }
        if (rc)
            return rc;
    }
    if (ps.stage == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
            "the text is empty; a record begins with \"canasta-record 1\"");
    if (r->n_hands == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
                       "the record ends before its first \"hand N\" line");
    if (ps.hstate == 0)
        return rd_fail(d, CANASTA_E_SYNTAX,
                       "the record ends before the dealer of hand %d",
                       (int)r->hands[r->n_hands - 1].s.hand_no);
    if (ps.hstate == 1 && r->n_hands == 1)
        return check_first_start(d, &r->hands[0]);
    return CANASTA_OK;
}

CANASTA_API int canasta_record_parse(canasta_record **out, char *why,
    size_t why_size, const char *text, size_t length)
{
    return canasta_record_parse_with_allocator(out, why, why_size, text,
                                               length, NULL, NULL, NULL);
}

CANASTA_API int canasta_record_parse_with_allocator(canasta_record **out,
    char *why, size_t why_size, const char *text, size_t length,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user)
{
    int rc = cn_load_begin(why, why_size, out, text, alloc, release);
    if (out)
        *out = NULL;
    if (rc)
        return rc;
    canasta_record *r = cn_rec_new(alloc, release, user);
    if (!r)
        return CANASTA_E_NOMEM;
    r->parsed = 1;
    cn_params_preset(&r->p, CANASTA_PRESET_CLASSIC);
    rec_reader *d = cn_alloc(alloc, user, sizeof *d);
    if (!d) {
        canasta_record_free(r);
        return CANASTA_E_NOMEM;
    }
    d->r = r;
    d->why = why;
    d->ws = why_size;
    cn_lines_init(&d->lines, text, length);
    rc = read_record(d);
    cn_release(release, user, d);
    if (rc) {
        canasta_record_free(r);
        return rc;
    }
    *out = r;
    return CANASTA_OK;
}
