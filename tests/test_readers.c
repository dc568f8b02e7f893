/*
 * The readers of issue 16: saves, positions and records accept only what
 * a game can reach, and every text the library writes reads back.  Each
 * test here failed on 1.0.0 (the case it reproduces is named in its
 * comment) and passes since.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* ---------------------------------------------------------------- */
/* Helpers                                                            */
/* ---------------------------------------------------------------- */

enum { T_POSITION, T_SAVE, T_RECORD };

static char *game_text(const canasta_game *g, int kind)
{
    char *t = NULL;
    size_t n = 0;
    if (kind == T_POSITION) {
        QOK(canasta_game_position(&t, &n, g));
    } else if (kind == T_SAVE) {
        QOK(canasta_game_save(&t, &n, g));
    } else {
        canasta_record *r = NULL;
        QOK(canasta_record_create(&r, g));
        QOK(canasta_record_text(&t, &n, r, CANASTA_VIEW_ALL));
        canasta_record_free(r);
    }
    REQ(t != NULL && strlen(t) == n);
    return t;
}

/* Read text as kind: the status, with the message in why. */
static int read_text(canasta_game **out, char *why, size_t ws,
                     const char *text, size_t len, int kind)
{
    canasta_game *g = NULL;
    int rc;
    if (kind == T_POSITION) {
        rc = canasta_game_from_position(&g, why, ws, text, len);
    } else if (kind == T_SAVE) {
        rc = canasta_game_load(&g, why, ws, text, len);
    } else {
        canasta_record *r = NULL;
        rc = canasta_record_parse(&r, why, ws, text, len);
        if (rc == CANASTA_OK) {
            int line = 0;
            rc = canasta_record_replay(&g, &line, why, ws, r);
        }
        canasta_record_free(r);
    }
    if (out)
        *out = g;
    else
        canasta_game_free(g);
    return rc;
}

/* text with every "\n" written "\r\n" (malloc'd). */
static char *crlf(const char *text)
{
    size_t n = strlen(text), k = 0;
    char *out = malloc(2 * n + 1);
    REQ(out != NULL);
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n')
            out[k++] = '\r';
        out[k++] = text[i];
    }
    out[k] = '\0';
    return out;
}

/* text with `line` inserted after its first line (malloc'd). */
static char *insert_after_first(const char *text, const char *line)
{
    const char *nl = strchr(text, '\n');
    REQ(nl != NULL);
    size_t head = (size_t)(nl - text) + 1, n = strlen(text);
    size_t ln = strlen(line);
    char *out = malloc(n + ln + 2);
    REQ(out != NULL);
    memcpy(out, text, head);
    memcpy(out + head, line, ln);
    out[head + ln] = '\n';
    memcpy(out + head + ln + 1, nl + 1, n - head + 1);
    return out;
}

/* ---------------------------------------------------------------- */
/* Case 7: CR handling matches the docs at every length               */
/* ---------------------------------------------------------------- */

/* NOTATION.md: a line holds at most 4096 characters and a "\r" before the
 * newline is ignored.  1.0.0 counted the "\r": a 4096-character line read
 * with LF and was refused with CRLF.  Now both endings give the same
 * verdict at 4096 (read) and 4097 (refused, naming line 2) in every
 * reader, also on the last line of a text without a final newline. */
START_TEST(test_readers_crlf_at_the_line_limit)
{
    canasta_game *g = th_new_game(77);
    char longest[4098], over[4099];
    memset(longest, 'x', sizeof longest);
    longest[0] = '#';
    longest[4096] = '\0';
    memset(over, 'x', sizeof over);
    over[0] = '#';
    over[4097] = '\0';
    for (int kind = T_POSITION; kind <= T_RECORD; kind++) {
        char *t = game_text(g, kind);
        for (int pass = 0; pass < 2; pass++) {
            char *ok = insert_after_first(t, longest);
            char *bad = insert_after_first(t, over);
            char *a = pass ? crlf(ok) : ok, *b = pass ? crlf(bad) : bad;
            char why[512];
            int rc = read_text(NULL, why, sizeof why, a, strlen(a), kind);
            REQ_MSG(rc == CANASTA_OK, "kind %d, %s: %s", kind,
                    pass ? "CRLF" : "LF", why);
            rc = read_text(NULL, why, sizeof why, b, strlen(b), kind);
            QEQ(rc, CANASTA_E_SYNTAX);
            REQ_MSG(strstr(why, "line 2: longer than 4096") != NULL, "%s",
                    why);
            if (pass) {
                free(a);
                free(b);
            }
            free(ok);
            free(bad);
        }
        canasta_free(t);
    }
    /* The last line, with "\r" and no "\n": the same verdicts. */
    char *t = game_text(g, T_POSITION);
    size_t n = strlen(t);
    char *tail = malloc(n + sizeof over + 4);
    REQ(tail != NULL);
    memcpy(tail, t, n);
    memcpy(tail + n, longest, 4096);
    tail[n + 4096] = '\r';
    char why[512];
    QEQ(read_text(NULL, why, sizeof why, tail, n + 4097, T_POSITION),
        CANASTA_OK);
    memcpy(tail + n, over, 4097);
    tail[n + 4097] = '\r';
    QEQ(read_text(NULL, why, sizeof why, tail, n + 4098, T_POSITION),
        CANASTA_E_SYNTAX);
    REQ_MSG(strstr(why, "longer than 4096") != NULL, "%s", why);
    free(tail);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST


/* ---------------------------------------------------------------- */
/* Case 6: header lines read the same in any order                    */
/* ---------------------------------------------------------------- */

/* The header lines of text (those before the first body line: for a
 * position or save the line after "seed", for a record "hand 1") moved:
 * line `from` (1-based, counting from the kind line) goes right after
 * the kind line.  malloc'd. */
static char *move_line_up(const char *text, int from)
{
    size_t n = strlen(text);
    char *out = malloc(n + 1);
    REQ(out != NULL);
    const char *s = text, *moved = NULL;
    size_t moved_len = 0;
    for (int line = 1; *s; line++) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        if (line == from) {
            moved = s;
            moved_len = len;
        }
        s += len;
    }
    REQ(moved != NULL);
    const char *nl = strchr(text, '\n');
    size_t head = (size_t)(nl - text) + 1, k = 0;
    memcpy(out, text, head);
    k = head;
    memcpy(out + k, moved, moved_len);
    k += moved_len;
    s = text + head;
    for (int line = 2; *s; line++) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        if (line != from) {
            memcpy(out + k, s, len);
            k += len;
        }
        s += len;
    }
    out[k] = '\0';
    return out;
}

/* 1.0.0 checked "sides" against whichever preset had been read before it:
 * "sides 0 1" ahead of "preset two-players" was refused (E_INVALID "C1")
 * although the same lines in the writers' order read; and a preset line
 * after an option line that had changed a value was E_SYNTAX.  Now every
 * header line may come first in every preset and every reader, and the
 * game read is the same; a wrong sides line is refused in either
 * order. */
START_TEST(test_readers_header_any_order)
{
    for (int preset = 1; preset <= 5; preset++) {
        canasta_rules *rules = NULL;
        QOK(canasta_rules_create(&rules, preset));
        /* A changed option, so that the order of preset and option
         * matters if the reader applies lines as they come. */
        QOK(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 2500));
        canasta_game *g = NULL;
        QOK(canasta_game_create(&g, rules, 900 + (uint64_t)preset));
        for (int kind = T_POSITION; kind <= T_RECORD; kind++) {
            char *t = game_text(g, kind);
            /* The kind line, preset, 7 options, sides, seed: lines 2 to
             * 11 are the tags. */
            for (int from = 2; from <= 11; from++) {
                char *m = move_line_up(t, from);
                canasta_game *h = NULL;
                char why[512];
                int rc = read_text(&h, why, sizeof why, m, strlen(m), kind);
                REQ_MSG(rc == CANASTA_OK, "preset %d kind %d line %d "
                        "first: %s\n%s", preset, kind, from, why, m);
                char *a = game_text(g, T_POSITION);
                char *b = game_text(h, T_POSITION);
                QSTR(a, b);
                canasta_free(a);
                canasta_free(b);
                canasta_game_free(h);
                free(m);
            }
            /* A sides line of another preset: refused wherever it is. */
            char *wrong = NULL;
            {
                const char *at = strstr(t, "\nsides ");
                REQ(at != NULL);
                const char *end = strchr(at + 1, '\n');
                size_t n = strlen(t);
                wrong = malloc(n + 32);
                REQ(wrong != NULL);
                size_t head = (size_t)(at - t) + 1;
                memcpy(wrong, t, head);
                const char *bad = preset == 1 ? "sides 0 1" : "sides 0 1 0 1";
                strcpy(wrong + head, bad);
                strcat(wrong, end);
            }
            for (int from = 10; from >= 2; from -= 8) {
                char *m = from == 10 ? NULL : move_line_up(wrong, 10);
                const char *txt = m ? m : wrong;
                char why[512];
                QEQ(read_text(NULL, why, sizeof why, txt, strlen(txt), kind),
                    CANASTA_E_INVALID);
                REQ_MSG(strstr(why, "C1: the preset seats its") != NULL,
                        "%s", why);
                free(m);
            }
            free(wrong);
            canasta_free(t);
        }
        canasta_game_free(g);
        canasta_rules_free(rules);
    }
}
END_TEST


/* ---------------------------------------------------------------- */
/* Case 4: a determinized world of a finished hand reads back        */
/* ---------------------------------------------------------------- */

/* Random legal moves until the phase is not in play (or max moves). */
static void play_until_over(canasta_game *g, th_sm64 *r, th_movelist *ml)
{
    for (int i = 0; i < 5000 && th_in_play(g); i++) {
        th_list_moves(ml, g);
        QOK(canasta_apply(NULL, 0, g, &ml->v[th_sm64_below(r, ml->n)]));
    }
    REQ(!th_in_play(g));
}

/* Load text as kind and expect a game canasta_game_equal to g. */
static void reads_back_equal(const canasta_game *g, int kind)
{
    char *t = game_text(g, kind);
    canasta_game *h = NULL;
    char why[512];
    int rc = read_text(&h, why, sizeof why, t, strlen(t), kind);
    REQ_MSG(rc == CANASTA_OK, "kind %d: %s\n%s", kind, why, t);
    REQ_MSG(th_games_equal(g, h), "kind %d reads back to another game:\n%s",
            kind, t);
    canasta_game_free(h);
    canasta_free(t);
}

/* canasta_game_determinize makes a game that "begins here" like a game
 * from a position, but 1.0.0 kept the start fields of the dealt hand in
 * it: for a finished hand, saved and loaded, the world was not
 * canasta_game_equal to itself (a position's base implies start totals =
 * totals - the hand's score and no hand before it).  Now the world's
 * state and base are what its position implies, in every phase. */
START_TEST(test_readers_determinized_world_reads_back)
{
    th_movelist ml = { NULL, 0, 0 };
    for (int preset = 1; preset <= 5; preset++) {
        canasta_rules *rules = NULL;
        QOK(canasta_rules_create(&rules, preset));
        canasta_game *g = NULL;
        QOK(canasta_game_create(&g, rules, 4242 + (uint64_t)preset));
        th_sm64 r = { 99 + (uint64_t)preset };
        /* One world in play, then one of the finished hand (its hands
         * shown, E3), then one of the next hand after some moves, then
         * one of that hand finished (a hand after the first: its start
         * fields are another hand's). */
        for (int stage = 0; stage < 4; stage++) {
            if (stage == 3)
                play_until_over(g, &r, &ml);
            if (stage == 1)
                play_until_over(g, &r, &ml);
            if (stage == 2) {
                if (th_phase(g) == CANASTA_PHASE_GAME_OVER)
                    break;
                th_list_moves(&ml, g);
                QOK(canasta_apply(NULL, 0, g, &ml.v[0])); /* NEXT_HAND */
                for (int i = 0; i < 7 && th_in_play(g); i++) {
                    th_list_moves(&ml, g);
                    QOK(canasta_apply(NULL, 0, g,
                                      &ml.v[th_sm64_below(&r, ml.n)]));
                }
            }
            canasta_game *w = NULL;
            QOK(canasta_game_clone(&w, g));
            QOK(canasta_game_determinize(w, g, th_seat(g), 7));
            reads_back_equal(w, T_SAVE);
            /* Its position reads to a game whose position is the same. */
            char *a = game_text(w, T_POSITION);
            canasta_game *p = NULL;
            char why[512];
            QEQ(read_text(&p, why, sizeof why, a, strlen(a), T_POSITION),
                CANASTA_OK);
            REQ_MSG(th_games_equal(w, p), "position of the world:\n%s", a);
            canasta_game_free(p);
            canasta_free(a);
            canasta_game_free(w);
        }
        canasta_game_free(g);
        canasta_rules_free(rules);
    }
    free(ml.v);
}
END_TEST


/* ---------------------------------------------------------------- */
/* Line editing                                                       */
/* ---------------------------------------------------------------- */

/* text with every line that starts with prefix (a whole first token or
 * more) replaced by `with` (NULL: removed).  malloc'd; at least one line
 * must match. */
static char *with_lines(const char *text, const char *prefix,
                        const char *with)
{
    size_t n = strlen(text), np = strlen(prefix), k = 0, hits = 0;
    size_t nw = with ? strlen(with) : 0;
    char *out = malloc(2 * n + 64 * nw + 64);
    REQ(out != NULL);
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        if (strncmp(s, prefix, np) == 0 &&
            (s[np] == ' ' || s[np] == '\n' || s[np] == '\0' ||
             prefix[np - 1] == ' ')) {
            hits++;
            if (with) {
                memcpy(out + k, with, nw);
                k += nw;
                out[k++] = '\n';
            }
        } else {
            memcpy(out + k, s, len);
            k += len;
        }
        s += len;
    }
    out[k] = '\0';
    REQ_MSG(hits > 0, "no line \"%s\" in\n%s", prefix, text);
    return out;
}

/* with_lines, freeing text. */
static char *edit(char *text, const char *prefix, const char *with)
{
    char *out = with_lines(text, prefix, with);
    free(text);
    return out;
}

static char *dup_text(const char *t)
{
    char *d = malloc(strlen(t) + 1);
    REQ(d != NULL);
    strcpy(d, t);
    return d;
}

/* The line number of the first line starting with prefix. */
static int line_no(const char *text, const char *prefix)
{
    int line = 1;
    size_t np = strlen(prefix);
    for (const char *s = text; *s; line++) {
        if (strncmp(s, prefix, np) == 0)
            return line;
        const char *e = strchr(s, '\n');
        if (!e)
            break;
        s = e + 1;
    }
    ck_abort_msg("no line \"%s\"", prefix);
    return 0;
}

/* Expect kind's reader to refuse text with code, naming `line` (0: any)
 * and saying `part`. */
static void refused(const char *text, int kind, int code, int line,
                    const char *part)
{
    char why[512], prefix[32];
    int rc = read_text(NULL, why, sizeof why, text, strlen(text), kind);
    REQ_MSG(rc == code, "kind %d: expected %s, got %s (%s)\n%s", kind,
            canasta_error_name(code), canasta_error_name(rc), why, text);
    if (line) {
        snprintf(prefix, sizeof prefix, "line %d: ", line);
        REQ_MSG(strncmp(why, prefix, strlen(prefix)) == 0,
                "expected \"%s...\", got \"%s\"", prefix, why);
    }
    REQ_MSG(!part || strstr(why, part), "expected \"%s\" in \"%s\"", part,
            why);
}

static canasta_game *accepted(const char *text, int kind)
{
    canasta_game *g = NULL;
    char why[512];
    int rc = read_text(&g, why, sizeof why, text, strlen(text), kind);
    REQ_MSG(rc == CANASTA_OK, "kind %d: %s\n%s", kind, why, text);
    return g;
}

/* ---------------------------------------------------------------- */
/* Case 1: hand sizes only as large as play makes them                */
/* ---------------------------------------------------------------- */

/* The position of a new game of preset with `extra` cards moved from the
 * stock (never red threes) into seat's hand, optionally in phase play
 * (source stock) with seat to move; NULL when the stock has too few. */
static char *bigger_hand(int preset, uint64_t seed, int seat, int extra,
                         int play)
{
    canasta_rules *rules = NULL;
    QOK(canasta_rules_create(&rules, preset));
    canasta_game *g = NULL;
    QOK(canasta_game_create(&g, rules, seed));
    canasta_rules_free(rules);
    char *t = game_text(g, T_POSITION);
    canasta_game_free(g);
    char key[16];
    snprintf(key, sizeof key, "hand %d ", seat);
    const char *h = strstr(t, key), *st = strstr(t, "\nstock");
    REQ_MSG(h && st, "preset %d seat %d: no %s or stock in\n%s", preset, seat,
            key, t);
    char hand[4096], stock[2048];
    const char *he = strchr(h, '\n'), *se = strchr(st + 1, '\n');
    memcpy(hand, h, (size_t)(he - h));
    hand[he - h] = '\0';
    snprintf(stock, sizeof stock, "stock");
    /* The stock's cards in order; the first `extra` that are not red
     * threes join the hand. */
    char cards[2048];
    memcpy(cards, st + 7, (size_t)(se - st - 7));
    cards[se - st - 7] = '\0';
    int moved = 0;
    for (char *c = strtok(cards, " "); c; c = strtok(NULL, " ")) {
        if (moved < extra && strcmp(c, "3d") != 0 && strcmp(c, "3h") != 0) {
            strcat(hand, " ");
            strcat(hand, c);
            moved++;
        } else {
            strcat(stock, " ");
            strcat(stock, c);
        }
    }
    char *out = with_lines(t, key, hand);
    canasta_free(t);
    out = edit(out, "stock", stock);
    /* Then from the other hands, down to one card each. */
    for (int o = 0; o < 6 && moved < extra; o++) {
        char okey[16], oline[2048], mine[4096];
        snprintf(okey, sizeof okey, "hand %d ", o);
        const char *oh = strstr(out, okey);
        if (o == seat || !oh)
            continue;
        const char *oe = strchr(oh, '\n');
        memcpy(cards, oh + strlen(okey), (size_t)(oe - oh) - strlen(okey));
        cards[oe - oh - (long)strlen(okey)] = '\0';
        snprintf(oline, sizeof oline, "hand %d", o);
        int kept = 0;
        for (char *c = strtok(cards, " "); c; c = strtok(NULL, " ")) {
            if (kept && moved < extra) {
                strcat(hand, " ");
                strcat(hand, c);
                moved++;
            } else {
                strcat(oline, " ");
                strcat(oline, c);
                kept++;
            }
        }
        snprintf(mine, sizeof mine, "%s", hand);
        out = edit(out, okey, oline);
        out = edit(out, key, mine);
    }
    if (play) {
        char turn[16];
        snprintf(turn, sizeof turn, "turn %d", seat);
        out = edit(out, "phase", "phase play");
        out = edit(out, "turn", turn);
        out = edit(out, "source", "source stock");
    }
    if (moved < extra) {
        free(out);
        return NULL;
    }
    return out;
}

/* 1.0.0 read a six-player position in which a seat of a side that had not
 * opened held 150 of the 162 cards; it then listed 4.2 million legal
 * moves (its openings), with a JSON view of hundreds of megabytes.  Such
 * a seat gets cards only by drawing (taking the pile opens the side), so
 * it holds at most the dealt hand plus draw-count - 1 per draw the stock
 * allows, plus the draw of its turn: 11 (12 after drawing) in the classic
 * game, 13 (14) with six players, 15 + 77 / 2 = 53 (54) with two players
 * (draw 2, 77 cards in the stock after the deal).  Exactly the bound
 * reads, one card more is refused, naming the hand line. */
START_TEST(test_readers_unopened_hand_bound)
{
    static const struct {
        int preset, most;
    } cases[] = { { 1, 11 }, { 5, 13 }, { 4, 13 }, { 2, 53 }, { 3, 47 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int preset = cases[i].preset, most = cases[i].most;
        int dealt = preset == 1 ? 11 : preset == 2 ? 15 : 13;
        /* In phase draw a seat that is not to move; in phase play the
         * seat to move, after its draw. */
        canasta_rules *rules = NULL;
        QOK(canasta_rules_create(&rules, preset));
        canasta_game *g0 = NULL;
        QOK(canasta_game_create(&g0, rules, 31));
        int first = th_seat(g0), players = th_option(g0, CANASTA_OPT_PLAYERS);
        canasta_game_free(g0);
        canasta_rules_free(rules);
        for (int play = 0; play < 2; play++) {
            int seat = play ? first : (first + 1) % players;
            int bound = most + play;
            char *ok = bigger_hand(preset, 31, seat, bound - dealt, play);
            REQ(ok != NULL);
            canasta_game *g = accepted(ok, T_POSITION);
            QEQ(th_hand_size(g, seat), bound);
            canasta_game_free(g);
            char *bad = bigger_hand(preset, 31, seat, bound - dealt + 1,
                                    play);
            REQ(bad != NULL);
            char key[16];
            snprintf(key, sizeof key, "hand %d ", seat);
            refused(bad, T_POSITION, CANASTA_E_INVALID, line_no(bad, key),
                    "has not opened, so its hand grows only by drawing");
            free(bad);
            free(ok);
        }
    }
    /* The reproduction: 150 cards in seat 0's hand of a six-player game. */
    char *t = bigger_hand(5, 7, 0, 137, 1);
    REQ(t != NULL);
    refused(t, T_POSITION, CANASTA_E_INVALID, line_no(t, "hand 0 "),
            "at most 14 cards with this turn's draw, not 150");
    free(t);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Case 2: melds-this-turn only as many as the table's cards          */
/* ---------------------------------------------------------------- */

static int text_number(const char *text, const char *key)
{
    const char *at = strstr(text, key);
    REQ(at != NULL);
    return atoi(at + strlen(key));
}

/* 1.0.0 read "melds-this-turn 255"; the next meld wrapped the counter to
 * 0, and the game's own save and position were refused (the check that
 * a question comes before any meld reads the same counter).  Every meld
 * move lays at least one card on the side's table, so the count is at
 * most the side's melded cards: that many reads, one more is refused, and
 * from the largest a further meld leaves a game whose texts read back. */
START_TEST(test_readers_melds_this_turn_bound)
{
    th_movelist ml = { NULL, 0, 0 };
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        canasta_game *g = th_new_game(seed);
        th_sm64 r = { seed };
        for (int i = 0; i < 400 && th_in_play(g) && !found; i++) {
            th_list_moves(&ml, g);
            QOK(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r, ml.n)]));
            if (th_phase(g) != CANASTA_PHASE_PLAY)
                continue;
            char *t = game_text(g, T_POSITION);
            int tm = text_number(t, "\nmelds-this-turn ");
            /* A meld made, and another meld possible from here. */
            int side = th_seat_side(g, th_seat(g)), table = 0;
            for (int rk = 3; rk <= 14; rk++) {
                int n = 0, tw = 0, j = 0;
                QOK(canasta_game_meld(&n, &tw, &j, g, side, rk));
                table += n + tw + j;
            }
            th_list_moves(&ml, g);
            size_t mi = ml.n;
            for (size_t k = 0; k < ml.n; k++)
                if (ml.v[k].kind == CANASTA_MOVE_MELD &&
                    th_hand_size(g, th_seat(g)) > 2)
                    mi = k;
            if (tm < 1 || mi == ml.n) {
                canasta_free(t);
                continue;
            }
            found = 1;
            char line[64];
            snprintf(line, sizeof line, "melds-this-turn %d", table);
            char *most = with_lines(t, "melds-this-turn", line);
            snprintf(line, sizeof line, "melds-this-turn %d", table + 1);
            char *over = with_lines(t, "melds-this-turn", line);
            char *wrap = with_lines(t, "melds-this-turn",
                                    "melds-this-turn 255");
            refused(over, T_POSITION, CANASTA_E_INVALID,
                    line_no(over, "melds-this-turn"),
                    "every meld move lays at least one card");
            refused(wrap, T_POSITION, CANASTA_E_INVALID,
                    line_no(wrap, "melds-this-turn"), "T1: ");
            canasta_game *p = accepted(most, T_POSITION);
            QOK(canasta_apply(NULL, 0, p, &ml.v[mi]));
            reads_back_equal(p, T_SAVE);
            char *a = game_text(p, T_POSITION);
            canasta_game *q = accepted(a, T_POSITION);
            char *b = game_text(q, T_POSITION);
            QSTR(a, b);
            QEQ(text_number(a, "\nmelds-this-turn "), table + 1);
            canasta_free(b);
            canasta_game_free(q);
            canasta_free(a);
            canasta_game_free(p);
            free(most);
            free(over);
            free(wrap);
            canasta_free(t);
        }
        canasta_game_free(g);
    }
    REQ_MSG(found, "no state with a meld made and another possible");
    free(ml.v);
}
END_TEST


/* ---------------------------------------------------------------- */
/* Every text of a game reads back (cases 3 and 4, and the property)  */
/* ---------------------------------------------------------------- */

/* The save of g loads to a game equal to g; its position reads to a game
 * whose position is the same text; rec (recording g, brought up to date
 * here) replays to a game equal to g. */
static void texts_read_back(const canasta_game *g, canasta_record *rec)
{
    reads_back_equal(g, T_SAVE);
    /* A game read from a position has no history: its position reads to
     * an equal game, with the same text. */
    char *a = game_text(g, T_POSITION);
    canasta_game *p = accepted(a, T_POSITION);
    char *b = game_text(p, T_POSITION);
    QSTR(a, b);
    canasta_game *q = accepted(b, T_POSITION);
    REQ_MSG(th_games_equal(p, q), "the position reads to another game:\n%s",
            a);
    canasta_game_free(q);
    canasta_free(b);
    canasta_game_free(p);
    canasta_free(a);
    if (!rec)
        return;
    QOK(canasta_record_update(rec, g));
    char *t = NULL;
    QOK(canasta_record_text(&t, NULL, rec, CANASTA_VIEW_ALL));
    canasta_game *h = accepted(t, T_RECORD);
    REQ_MSG(th_games_equal(g, h), "the record replays to another game:\n%s",
            t);
    canasta_game_free(h);
    canasta_free(t);
}

/* ---------------------------------------------------------------- */
/* Case 3: play never passes the bounds the readers enforce           */
/* ---------------------------------------------------------------- */

/* 1.0.0 read a position at hand 1000000000, or with totals near
 * -1000000000, and legal play from it reached states (hand 1000000001, a
 * total below -1000000000) whose own save, position and record it
 * refused.  Now a hand is played only from totals within -999000000 ..
 * 999000000 (a total just beyond is refused, naming the totals line),
 * and a hand that ends at hand 1000000000 or past that bound ends the
 * game: random play from such positions keeps every text readable to
 * the end. */
START_TEST(test_readers_play_stays_within_the_bounds)
{
    th_movelist ml = { NULL, 0, 0 };
    int over_by_totals = 0, over_by_hand = 0, hand_over = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        canasta_game *g = th_new_game(seed);
        char *t = game_text(g, T_POSITION);
        canasta_game_free(g);
        const char *hand = seed % 2 ? "hand-number 1000000000"
                                    : "hand-number 500000000";
        const char *totals = "totals -999000000 -998999000";
        char *p = with_lines(t, "hand-number", hand);
        p = edit(p, "totals", totals);
        p = edit(p, "last-hand", "last-hand stock -\n"
                 "last-score 0 0 0 0 0 0 0 0\n"
                 "last-score 1 0 0 0 0 0 0 0");
        if (seed == 1) {
            char *beyond = with_lines(p, "totals",
                                      "totals -999000005 -998999000");
            refused(beyond, T_POSITION, CANASTA_E_INVALID,
                    line_no(beyond, "totals"), "S5: a hand is played only "
                    "from totals within -999000000 to 999000000");
            free(beyond);
        }
        g = accepted(p, T_POSITION);
        canasta_record *rec = NULL;
        QOK(canasta_record_create(&rec, g));
        th_sm64 r = { seed * 31 };
        texts_read_back(g, rec);
        for (int i = 0; i < 3000 && th_in_play(g); i++) {
            th_list_moves(&ml, g);
            QOK(canasta_apply(NULL, 0, g, &ml.v[th_sm64_below(&r, ml.n)]));
            texts_read_back(g, rec);
        }
        REQ(!th_in_play(g));
        int low = th_total(g, 0) < -999000000 || th_total(g, 1) < -999000000;
        if (seed % 2 || low) {
            QEQ(th_phase(g), CANASTA_PHASE_GAME_OVER);
            over_by_hand += seed % 2;
            over_by_totals += low;
        } else {
            QEQ(th_phase(g), CANASTA_PHASE_HAND_OVER);
            hand_over++;
            th_list_moves(&ml, g);
            QOK(canasta_apply(NULL, 0, g, &ml.v[0])); /* NEXT_HAND */
            texts_read_back(g, rec);
        }
        canasta_record_free(rec);
        canasta_game_free(g);
        free(p);
        canasta_free(t);
    }
    /* A hand that surely loses points: every side unopened, and the one
     * card left in the stock a red three, which ends the hand at once
     * (E2) with the red threes and the hands counted minus.  From totals
     * at -999000000 the game ends there, and the higher total wins. */
    for (uint64_t seed = 1; seed < 50 && !over_by_totals; seed++) {
        canasta_game *g = th_new_game(seed);
        char *t = game_text(g, T_POSITION);
        canasta_game_free(g);
        const char *st = strstr(t, "\nstock ") + 7;
        const char *se = strchr(st, '\n');
        char stock[1024], pile[2048], red[256], cards[1024];
        memcpy(cards, st, (size_t)(se - st));
        cards[se - st] = '\0';
        const char *pl = strstr(t, "\npile") + 1;
        snprintf(pile, sizeof pile, "%.*s", (int)strcspn(pl, "\n"), pl);
        const char *rl = strstr(t, "\nred-threes 0") + 1;
        snprintf(red, sizeof red, "%.*s", (int)strcspn(rl, "\n"), rl);
        stock[0] = '\0';
        for (char *c = strtok(cards, " "); c; c = strtok(NULL, " ")) {
            int r3 = strcmp(c, "3d") == 0 || strcmp(c, "3h") == 0;
            if (r3 && !stock[0]) {
                snprintf(stock, sizeof stock, "stock %s", c);
            } else {
                strcat(r3 ? red : pile, " ");
                strcat(r3 ? red : pile, c);
            }
        }
        if (!stock[0]) {
            canasta_free(t);
            continue;
        }
        char *p = with_lines(t, "hand-number", "hand-number 500000000");
        p = edit(p, "totals", "totals -999000000 -998999000");
        p = edit(p, "last-hand", "last-hand stock -\n"
                 "last-score 0 0 0 0 0 0 0 0\n"
                 "last-score 1 0 0 0 0 0 0 0");
        p = edit(p, "stock", stock);
        p = edit(p, "pile", pile);
        p = edit(p, "red-threes 0", red);
        g = accepted(p, T_POSITION);
        canasta_record *rec = NULL;
        QOK(canasta_record_create(&rec, g));
        canasta_move m;
        th_move(&m, CANASTA_MOVE_DRAW, th_seat(g));
        th_ok(g, &m);
        QEQ(th_phase(g), CANASTA_PHASE_GAME_OVER);
        REQ(th_total(g, 0) < -999000000 || th_total(g, 1) < -999000000);
        int w = -2;
        QOK(canasta_game_winner(&w, g));
        QEQ(w, th_total(g, 0) > th_total(g, 1) ? 0
             : th_total(g, 1) > th_total(g, 0) ? 1 : -1);
        texts_read_back(g, rec);
        over_by_totals++;
        canasta_record_free(rec);
        canasta_game_free(g);
        free(p);
        canasta_free(t);
    }
    /* The games above end each way at least once. */
    QGT(over_by_hand, 0);
    QGT(over_by_totals, 0);
    QGT(hand_over, 0);
    free(ml.v);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Case 5: a previous hand's breakdown, item by item                  */
/* ---------------------------------------------------------------- */

/* 1.0.0 checked only that a previous hand's items add up: hand 2 could
 * start from totals other than hand 1's score, and a breakdown with 400
 * for natural canastas or a going-out bonus of -100 was read.  Each item
 * now takes only the values the rules give it (S1 500 or 300 a canasta,
 * S2 100 or 200 for the side that went out, R3 a bonus of the table,
 * E3), in positions, saves and records alike. */
START_TEST(test_readers_breakdown_item_by_item)
{
    th_movelist ml = { NULL, 0, 0 };
    canasta_game *g = th_new_game(5);
    th_sm64 r = { 5 };
    play_until_over(g, &r, &ml);
    REQ(th_phase(g) == CANASTA_PHASE_HAND_OVER);
    th_list_moves(&ml, g);
    QOK(canasta_apply(NULL, 0, g, &ml.v[0])); /* hand 2, no move yet */
    /* Side 0: 200 melded, a natural canasta, one red three, 30 in hand;
     * side 1: nothing melded, one red three (minus), 85 in hand.  The
     * hand ended with the stock (no going out). */
    static const char *const good[] = {
        "totals 770 -185", "last-hand stock -",
        "last-score 0 200 500 0 100 0 -30 770",
        "last-score 1 0 0 0 -100 0 -85 -185" };
    static const struct {
        const char *totals, *last, *s0, *s1, *rule;
    } bad[] = {
        /* hand 2 starts from hand 1's score */
        { "totals 1270 -185", NULL, NULL, NULL, "S5: side 0's total 1270 "
          "cannot come from the hands before hand 2" },
        /* canastas are 500 or 300 each */
        { NULL, NULL, "last-score 0 300 400 0 100 0 -30 770", NULL, "S1: " },
        { NULL, NULL, "last-score 0 300 0 400 100 0 -30 770", NULL, "S1: " },
        /* a negative going-out bonus, or one after a hand nobody went
         * out of */
        { NULL, "last-hand went-out 0", "last-score 0 300 500 0 100 -100 "
          "-30 770", NULL, "S2: " },
        { NULL, NULL, "last-score 0 100 500 0 100 100 -30 770", NULL,
          "S2: " },
        /* red threes: a bonus of the table, minus without melds */
        { NULL, NULL, "last-score 0 250 500 0 50 0 -30 770", NULL, "R3: " },
        { NULL, NULL, NULL, "last-score 1 0 0 0 100 0 -285 -185", "R3: " },
        /* cards in hand count minus, in fives */
        { NULL, NULL, "last-score 0 140 500 0 100 0 30 770", NULL, "E3: " },
        { "totals 773 -185", NULL, "last-score 0 203 500 0 100 0 -30 773",
          NULL, "multiple of 5" },
    };
    for (int kind = T_POSITION; kind <= T_RECORD; kind++) {
        const char *pre = kind == T_POSITION ? "" : "start-";
        char *t = game_text(g, kind);
        char *ok = dup_text(t);
        for (int pass = 0; pass < (kind == T_SAVE ? 2 : 1); pass++) {
            /* In a save both the start lines and the position block. */
            const char *px = pass ? "" : pre;
            char k1[32], k2[32], k3[32], k4[32], v[4][64];
            snprintf(k1, sizeof k1, "%stotals", px);
            snprintf(k2, sizeof k2, "%slast-hand", px);
            snprintf(k3, sizeof k3, "%slast-score 0", px);
            snprintf(k4, sizeof k4, "%slast-score 1", px);
            for (int i = 0; i < 4; i++)
                snprintf(v[i], sizeof v[i], "%s%s", px, good[i]);
            ok = edit(ok, k1, v[0]);
            ok = edit(ok, k2, v[1]);
            ok = edit(ok, k3, v[2]);
            ok = edit(ok, k4, v[3]);
        }
        canasta_game *h = accepted(ok, kind);
        QEQ(th_total(h, 0), 770);
        canasta_game_free(h);
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            char *b = dup_text(ok);
            const char *vals[4] = { bad[i].totals, bad[i].last, bad[i].s0,
                                    bad[i].s1 };
            const char *keys[4] = { "totals", "last-hand", "last-score 0",
                                    "last-score 1" };
            for (int pass = 0; pass < (kind == T_SAVE ? 2 : 1); pass++) {
                const char *px = pass ? "" : pre;
                for (int j = 0; j < 4; j++) {
                    if (!vals[j])
                        continue;
                    char key[32], val[80];
                    snprintf(key, sizeof key, "%s%s", px, keys[j]);
                    snprintf(val, sizeof val, "%s%s", px, vals[j]);
                    b = edit(b, key, val);
                }
            }
            char why[512];
            int rc = read_text(NULL, why, sizeof why, b, strlen(b), kind);
            REQ_MSG(rc == CANASTA_E_INVALID && (!bad[i].rule ||
                    strstr(why, bad[i].rule)), "kind %d case %zu: %s (%s)",
                    kind, i, canasta_error_name(rc), why);
            free(b);
        }
        free(ok);
        canasta_free(t);
    }
    canasta_game_free(g);
    free(ml.v);
}
END_TEST


/* ---------------------------------------------------------------- */
/* The property: every text of every state reads back                 */
/* ---------------------------------------------------------------- */

/* Random play of every preset (low targets, so that games end and later
 * hands are dealt): after every move, the game's save loads to an equal
 * game, its position reads to a game with the same position, and the
 * record kept since the game began replays to an equal game.  Games per
 * preset (6, of up to 3 hands each) scale with CANASTA_TEST_SCALE
 * (th_scaled; at least 2): about 3 seconds at 100. */
START_TEST(test_readers_every_text_reads_back)
{
    th_movelist ml = { NULL, 0, 0 };
    int games = th_scaled(6, 2);
    long states = 0;
    for (int preset = 1; preset <= 5; preset++) {
        canasta_rules *rules = NULL;
        QOK(canasta_rules_create(&rules, preset));
        QOK(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 1200));
        for (int gi = 0; gi < games; gi++) {
            canasta_game *g = NULL;
            QOK(canasta_game_create(&g, rules, 7000 + 31 * (uint64_t)gi +
                                                   (uint64_t)preset));
            canasta_record *rec = NULL;
            QOK(canasta_record_create(&rec, g));
            th_sm64 r = { 11 + (uint64_t)gi * 7 + (uint64_t)preset };
            texts_read_back(g, rec);
            int hands = 1;
            for (int i = 0; i < 2000 && th_phase(g) !=
                 CANASTA_PHASE_GAME_OVER && hands <= 3; i++) {
                th_list_moves(&ml, g);
                canasta_move *m = &ml.v[th_sm64_below(&r, ml.n)];
                hands += m->kind == CANASTA_MOVE_NEXT_HAND;
                QOK(canasta_apply(NULL, 0, g, m));
                texts_read_back(g, rec);
                states++;
            }
            canasta_record_free(rec);
            canasta_game_free(g);
        }
        canasta_rules_free(rules);
    }
    QGT(states, 500);
    free(ml.v);
}
END_TEST

Suite *suite_readers(void)
{
    Suite *s = suite_create("readers");
    TCase *tc = tcase_create("readers");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_readers_crlf_at_the_line_limit);
    tcase_add_test(tc, test_readers_header_any_order);
    tcase_add_test(tc, test_readers_determinized_world_reads_back);
    tcase_add_test(tc, test_readers_unopened_hand_bound);
    tcase_add_test(tc, test_readers_melds_this_turn_bound);
    tcase_add_test(tc, test_readers_play_stays_within_the_bounds);
    tcase_add_test(tc, test_readers_breakdown_item_by_item);
    tcase_add_test(tc, test_readers_every_text_reads_back);
    suite_add_tcase(s, tc);
    return s;
}
