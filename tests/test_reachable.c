/*
 * Paths of lib/ that a caller can reach but that no other test reached
 * (docs/TESTING.md, "Reachable, not tested"), each driven through the
 * public API with its expected code and words worked out from
 * docs/RULES.md, docs/NOTATION.md, docs/SEARCH.md and the specification,
 * and each refused input next to its nearest accepted twin.
 *
 * Positions are written here line by line; the cards no line names go to
 * the bottom of the pile (pos_text) or to the stock (th_position_text),
 * so that every card of the deck is placed once per copy (C2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- */
/* Helpers                                                            */
/* ---------------------------------------------------------------- */

static int card_line(const char *line)
{
    static const char *const keys[] = { "hand ", "red-threes ", "meld ",
                                        "stock", "pile" };
    for (size_t i = 0; i < N_OF(keys); i++)
        if (strncmp(line, keys[i], strlen(keys[i])) == 0)
            return 1;
    return 0;
}

/* A classic position (seed 7, header lines before the body): lines in
 * order; the cards of the two packs that no line names are put at the
 * bottom of the pile, in card-code order, under the cards the "pile"
 * line names (which stay on top).  Free the text. */
static char *pos_text(const char *header, const char *const *lines,
                      size_t n)
{
    int count[CANASTA_CARD_LIMIT] = { 0 };
    size_t cap = 16384, len = 0;
    char *out = malloc(cap);
    REQ(out != NULL);
    len += (size_t)snprintf(out, cap, "canasta-position 1\nseed 7\n%s",
                            header ? header : "");
    for (size_t i = 0; i < n; i++) {
        if (!card_line(lines[i]))
            continue;
        for (const char *p = lines[i]; *p;) {
            size_t k = strcspn(p, " ");
            int c;
            if (k > 0 && canasta_card_from_string(&c, p, k) == CANASTA_OK)
                count[c]++;
            p += k;
            p += strspn(p, " ");
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (strncmp(lines[i], "pile", 4) != 0) {
            len += (size_t)snprintf(out + len, cap - len, "%s\n", lines[i]);
            continue;
        }
        len += (size_t)snprintf(out + len, cap - len, "pile");
        for (int c = 8; c <= CANASTA_JOKER; c++) {
            char name[8];
            int want = c == CANASTA_JOKER ? 4 : 2; /* C2: two packs */
            if (canasta_card_to_string(name, sizeof name, c) != CANASTA_OK)
                continue;
            for (int k = count[c]; k < want; k++)
                len += (size_t)snprintf(out + len, cap - len, " %s", name);
        }
        len += (size_t)snprintf(out + len, cap - len, "%s\n", lines[i] + 4);
    }
    REQ(len < cap);
    return out;
}

/* A game read from a position text that must be accepted. */
static canasta_game *read_position(const char *text)
{
    canasta_game *g = NULL;
    char why[512] = "";
    int rc = canasta_game_from_position(&g, why, sizeof why, text,
                                        (size_t)-1);
    REQ_MSG(rc == CANASTA_OK, "from_position: %s (%s)\n%s",
            canasta_error_name(rc), why, text);
    return g;
}

/* A position text that must be refused with code, the message holding
 * every piece of parts ('|'-separated, NULL: none). */
static void position_refused(const char *text, size_t len, int code,
                             const char *parts)
{
    canasta_game *g = NULL;
    char why[512] = "";
    int rc = canasta_game_from_position(&g, why, sizeof why, text, len);
    REQ_MSG(rc == code, "from_position: %s, expected %s (%s)\n%s",
            canasta_error_name(rc), canasta_error_name(code), why, text);
    QNULL(g);
    for (const char *p = parts; p && *p;) {
        size_t k = strcspn(p, "|");
        char want[256];
        snprintf(want, sizeof want, "%.*s", (int)k, p);
        REQ_MSG(strstr(why, want) != NULL, "\"%s\" not in \"%s\"", want,
                why);
        p += k;
        p += *p == '|';
    }
}

/* The line number (1-based) of the first line of text that is `key` or
 * starts with `key` and a space; 0 if none. */
static int line_of(const char *text, const char *key)
{
    size_t k = strlen(key);
    int no = 1;
    for (const char *p = text; *p; no++) {
        if (strncmp(p, key, k) == 0 && (p[k] == ' ' || p[k] == '\n' ||
                                        p[k] == '\0'))
            return no;
        const char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}

/* text with its line number `at` replaced by repl (NULL: removed; repl
 * may hold several lines).  Free the result. */
static char *with_line(const char *text, int at, const char *repl)
{
    size_t cap = strlen(text) + (repl ? strlen(repl) : 0) + 2;
    char *out = malloc(cap), *o = out;
    REQ(out != NULL && at > 0);
    int no = 1;
    for (const char *p = text; *p; no++) {
        const char *nl = strchr(p, '\n');
        size_t k = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (no != at) {
            memcpy(o, p, k);
            o += k;
        } else if (repl) {
            o += sprintf(o, "%s\n", repl);
        }
        p += k;
    }
    *o = '\0';
    return out;
}

/* text with the first line keyed `key` (line_of) replaced by repl (NULL:
 * removed); the line must exist. */
static char *edit(const char *text, const char *key, const char *repl)
{
    int at = line_of(text, key);
    REQ_MSG(at > 0, "no line \"%s\" in\n%s", key, text);
    return with_line(text, at, repl);
}

static char *position_of(const canasta_game *g)
{
    char *t = NULL;
    QOK(canasta_game_position(&t, NULL, g));
    return t;
}

static void why_has(const char *why, const char *part)
{
    REQ_MSG(strstr(why, part) != NULL, "\"%s\" not in \"%s\"", part, why);
}

static void why_lacks(const char *why, const char *part)
{
    REQ_MSG(strstr(why, part) == NULL, "\"%s\" should not be in \"%s\"",
            part, why);
}


/* Apply a move that must be accepted, by kind (no cards). */
static void play_kind(canasta_game *g, int kind, int seat)
{
    canasta_move m;
    th_move(&m, kind, seat);
    th_ok(g, &m);
}

/* The text of event i as seat `viewer` sees it. */
static void event_text(char *buf, size_t size, const canasta_game *g,
                       size_t i, int viewer)
{
    QOK(canasta_game_event_to_string(buf, size, g, i, viewer));
}

static size_t event_count(const canasta_game *g)
{
    size_t n = 0;
    QOK(canasta_game_event_count(&n, g));
    return n;
}

/* ---------------------------------------------------------------- */
/* game.c: canasta_game_copy                                          */
/* ---------------------------------------------------------------- */

static canasta_game *preset_game(int preset, uint64_t seed)
{
    canasta_rules *r = NULL;
    canasta_game *g = NULL;
    QOK(canasta_rules_create(&r, preset));
    QOK(canasta_game_create(&g, r, seed));
    canasta_rules_free(r);
    return g;
}

/* canasta.h: "Both games must have been made from rules with the same
 * players and packs; else CANASTA_E_ARG."  Four players and two are
 * refused both ways, with both games unchanged; the two six-player
 * presets (six players, three packs, other sides) are copied, and the
 * copy is the source game, sides included. */
START_TEST(test_copy_refused_between_player_counts)
{
    canasta_game *four = preset_game(CANASTA_PRESET_CLASSIC, 5);
    canasta_game *two = preset_game(CANASTA_PRESET_TWO_PLAYERS, 5);
    canasta_game *four0 = NULL, *two0 = NULL;
    QOK(canasta_game_clone(&four0, four));
    QOK(canasta_game_clone(&two0, two));
    REQ_RC(canasta_game_copy(two, four), CANASTA_E_ARG);
    REQ_RC(canasta_game_copy(four, two), CANASTA_E_ARG);
    QEQ(th_games_equal(four, four0), 1);
    QEQ(th_games_equal(two, two0), 1);
    /* The twin: same players and packs. */
    canasta_game *other = th_new_game(6);
    QEQ(th_games_equal(other, four), 0);
    QOK(canasta_game_copy(other, four));
    QEQ(th_games_equal(other, four), 1);
    canasta_game *three_sides = preset_game(CANASTA_PRESET_SIX_THREE_SIDES, 8);
    canasta_game *two_sides = preset_game(CANASTA_PRESET_SIX_TWO_SIDES, 9);
    QEQ(th_option(two_sides, CANASTA_OPT_SIDES), 2);
    QOK(canasta_game_copy(two_sides, three_sides));
    QEQ(th_games_equal(two_sides, three_sides), 1);
    QEQ(th_option(two_sides, CANASTA_OPT_SIDES), 3);
    QEQ(th_seat_side(two_sides, 3), 0); /* X6: partners s and s + 3 */
    canasta_game_free(two_sides);
    canasta_game_free(three_sides);
    canasta_game_free(other);
    canasta_game_free(two0);
    canasta_game_free(four0);
    canasta_game_free(two);
    canasta_game_free(four);
}
END_TEST

/* A game begun from a position cannot undo past it (canasta.h); its copy
 * is the same game, so the copy's undo stops at the position too, where
 * a game made by create would re-deal its hand, and set_deck is refused
 * (E_NOT_FRESH) as for any game from a position. */
START_TEST(test_copy_of_a_game_from_a_position_keeps_its_base)
{
    canasta_game *dealt = th_new_game(31);
    th_do_draw(dealt, th_seat(dealt));
    char *t = position_of(dealt);
    canasta_game *src = read_position(t);
    canasta_game *base = read_position(t);
    int seat = th_seat(src);
    uint8_t hand[32];
    size_t n = 0;
    QOK(canasta_game_hand(hand, sizeof hand, &n, src, seat));
    canasta_move m;
    th_move(&m, CANASTA_MOVE_DISCARD, seat);
    m.card = hand[0];
    th_ok(src, &m);
    canasta_game *dst = th_new_game(32);
    QOK(canasta_game_copy(dst, src));
    QEQ(th_games_equal(dst, src), 1);
    QOK(canasta_undo(dst));
    QEQ(th_games_equal(dst, base), 1);
    REQ_RC(canasta_undo(dst), CANASTA_E_NO_UNDO);
    uint8_t deck[108];
    QOK(canasta_game_deck(deck, sizeof deck, &n, dealt));
    QEQ(n, 108);
    REQ_RC(canasta_game_set_deck(dst, deck, n), CANASTA_E_NOT_FRESH);
    /* The twin: the dealt game itself undoes to its deal. */
    canasta_game *copy = th_new_game(33);
    QOK(canasta_game_copy(copy, dealt));
    QOK(canasta_undo(copy));
    REQ_RC(canasta_undo(copy), CANASTA_E_NO_UNDO);
    QEQ(th_phase(copy), CANASTA_PHASE_DRAW);
    QEQ(th_games_equal(copy, base), 0);
    canasta_game_free(copy);
    canasta_game_free(dst);
    canasta_game_free(base);
    canasta_game_free(src);
    canasta_free(t);
    canasta_game_free(dealt);
}
END_TEST

/* ---------------------------------------------------------------- */
/* events.c: "gameover tie"; position_read.c: a finished hand's lines  */
/* ---------------------------------------------------------------- */

/* Hand 3, totals 4800 each, the stock empty; seat 0 holds the 4c and
 * cannot take the pile (frozen by its wild cards, P3, and seat 0 has no
 * pair of 9s, P4), so it declines and the hand ends (E1).  The tables
 * are alike: side 0 three kings (30), side 1 three queens (30), each two
 * red threes (200, R3: plus, both sides melded), each 10 points in hand
 * (4c + 5c, 4d + 5d; E3): both score 220, both reach 5020 (S6). */
static char *tie_text(const char *header, const char *totals)
{
    const char *const lines[] = {
        "hand-number 3", "dealer 3", "phase draw", "turn 0", "source none",
        "melds-this-turn 0", "take-extra 0", "permission none",
        "melded-before-turn 1", "new-melds", "seat-melded 1 1 0 0", totals,
        "opened 1 1", "hand 0 4c", "hand 1 4d", "hand 2 5c", "hand 3 5d",
        "red-threes 0 3d", "red-threes 1 3h", "red-threes 2 3d",
        "red-threes 3 3h", "meld 0 K: Kc Kd Ks", "meld 1 Q: Qc Qd Qs",
        "stock", "pile 9h",
    };
    return pos_text(header, lines, N_OF(lines));
}

static const char *const TIE_SCORES[2] = {
    "score side 0 melded 30 natural 0 mixed 0 redthrees 200 out 0 "
    "inhand -10 hand 220 total 5020",
    "score side 1 melded 30 natural 0 mixed 0 redthrees 200 out 0 "
    "inhand -10 hand 220 total 5020",
};

START_TEST(test_S6_declared_tie_writes_gameover_tie)
{
    char *t = tie_text("option tie-rule 1\n", "totals 4800 4800");
    canasta_game *g = read_position(t);
    play_kind(g, CANASTA_MOVE_DECLINE, 0);
    QEQ(th_phase(g), CANASTA_PHASE_GAME_OVER);
    int w = 7;
    QOK(canasta_game_winner(&w, g));
    QEQ(w, -1);
    th_expect_end(g, CANASTA_END_STOCK, -1);
    char buf[CANASTA_EVENT_TEXT_MAX];
    size_t n = event_count(g);
    QEQ(n, 4); /* HAND_END, SCORE, SCORE, GAME_OVER */
    event_text(buf, sizeof buf, g, 0, CANASTA_VIEW_ALL);
    QSTR(buf, "end stock");
    event_text(buf, sizeof buf, g, 1, CANASTA_VIEW_ALL);
    QSTR(buf, TIE_SCORES[0]);
    event_text(buf, sizeof buf, g, 2, CANASTA_VIEW_ALL);
    QSTR(buf, TIE_SCORES[1]);
    for (int viewer = CANASTA_VIEW_ALL; viewer < 4; viewer++) {
        event_text(buf, sizeof buf, g, 3, viewer);
        QSTR(buf, "gameover tie");
    }
    int kind = 0, side = 0;
    QOK(canasta_game_event(&kind, NULL, &side, NULL, NULL, NULL, 0, NULL, g,
                           3));
    QEQ(kind, CANASTA_EVENT_GAME_OVER);
    QEQ(side, -1);
    canasta_game_free(g);
    free(t);

    /* The twins: play on (the default tie rule) deals another hand; a
     * leader by 5 wins. */
    t = tie_text(NULL, "totals 4800 4800");
    g = read_position(t);
    play_kind(g, CANASTA_MOVE_DECLINE, 0);
    QEQ(th_phase(g), CANASTA_PHASE_HAND_OVER);
    REQ_RC(canasta_game_winner(&w, g), CANASTA_E_PHASE);
    QEQ(event_count(g), 3);
    event_text(buf, sizeof buf, g, 2, CANASTA_VIEW_ALL);
    QSTR(buf, TIE_SCORES[1]);
    canasta_game_free(g);
    free(t);
    t = tie_text("option tie-rule 1\n", "totals 4800 4805");
    g = read_position(t);
    play_kind(g, CANASTA_MOVE_DECLINE, 0);
    QEQ(th_phase(g), CANASTA_PHASE_GAME_OVER);
    QOK(canasta_game_winner(&w, g));
    QEQ(w, 1);
    event_text(buf, sizeof buf, g, 3, CANASTA_VIEW_ALL);
    QSTR(buf, "gameover winner 1");
    canasta_game_free(g);
    free(t);
}
END_TEST

/* NOTATION.md, "Partial positions": a finished hand keeps its last-hand
 * line, but may leave out its last-score lines, which are then the score
 * of the table as it lies (E3): here a hand ended by the stock (E1, no
 * seat went out), 220 for each side as worked out above.  Without the
 * last-hand line as well the text is refused: a finished hand says how
 * it ended (E_SYNTAX, naming the last line read). */
START_TEST(test_E1_finished_hand_breakdown_left_to_the_reader)
{
    char *t = tie_text(NULL, "totals 4800 4800");
    canasta_game *g = read_position(t);
    play_kind(g, CANASTA_MOVE_DECLINE, 0);
    char *full = position_of(g);
    REQ(strstr(full, "\nlast-hand stock -\n") != NULL);
    char *a = edit(full, "last-score 0", NULL);
    char *b = edit(a, "last-score 1", NULL);
    canasta_game *h = read_position(b);
    QEQ(th_phase(h), CANASTA_PHASE_HAND_OVER);
    th_expect_end(h, CANASTA_END_STOCK, -1);
    for (int side = 0; side < 2; side++) {
        th_expect_items(h, side, 30, 0, 0, 200, 0, -10, 220);
        QEQ(th_total(h, side), 5020);
    }
    char *back = position_of(h);
    QSTR(back, full);
    /* The refused twin: no last-hand line either. */
    char *c = edit(b, "last-hand", NULL);
    int last = 0;
    for (const char *p = c; *p; p++)
        last += *p == '\n';
    char want[96];
    snprintf(want, sizeof want, "line %d: the position has no "
             "\"last-hand\" line (a finished hand says how it ended)", last);
    position_refused(c, (size_t)-1, CANASTA_E_SYNTAX, want);
    free(c);
    canasta_free(back);
    canasta_game_free(h);
    free(b);
    free(a);
    canasta_free(full);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* ---------------------------------------------------------------- */
/* meld.c after_meld: O1 first, G4 named after it                     */
/* ---------------------------------------------------------------- */

/* Seat 0 (side 0, not opened) drew from the stock and holds `hand`; the
 * other hands hold no 4 or 5.  totals NULL: hand 1, totals 0 (O1: 50);
 * else hand 3 with that totals line (and no last-hand line: the hand
 * before is left to the reader, NOTATION.md "Partial positions"). */
static canasta_game *unopened(const char *hand, const char *totals)
{
    char h0[96];
    snprintf(h0, sizeof h0, "hand 0 %s", hand);
    const char *const first[] = {
        "hand-number 1", "dealer 3", "phase play", "turn 0", "source stock",
        "melds-this-turn 0", "take-extra 0", "permission none",
        "melded-before-turn 0", "new-melds", "seat-melded 0 0 0 0",
        "totals 0 0", "last-hand none -", "opened 0 0", h0,
        "hand 1 6d 6h 7c 8d", "hand 2 9h 8h", "hand 3 8c 9d",
        "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
        "stock", "pile 10c",
    };
    const char *const later[] = {
        "hand-number 3", "dealer 3", "phase play", "turn 0", "source stock",
        "melds-this-turn 0", "take-extra 0", "permission none",
        "melded-before-turn 0", "new-melds", "seat-melded 0 0 0 0",
        totals, "opened 0 0", h0,
        "hand 1 6d 6h 7c 8d", "hand 2 9h 8h", "hand 3 8c 9d",
        "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
        "stock", "pile 10c",
    };
    if (!totals)
        return th_position_game(NULL, first, N_OF(first));
    return th_position_game(NULL, later, N_OF(later));
}

/* The refusal's code and sentence (canasta_validate), the game
 * unchanged (th_reject_ids_why). */
static void refused_why(char *why, size_t cap, canasta_game *g,
                        const char *groups, int code, const char *id)
{
    canasta_move m;
    th_meld(&m, 0, groups);
    th_reject_ids_why(why, cap, g, &m, code, id);
}

/* RULES.md, "When one move breaks two rules": O1 with G4, "an unopened
 * side's meld that falls short and would leave one card or none ...
 * after the partner's no".  Seat 0 holds seven 4s and three 5s: it may
 * ask (G4: melding all ten goes out, a natural canasta of 4s and 50
 * points), and its partner says no.  Six 4s and the three 5s count 45,
 * short of 50 (O1), and leave one card, which a no forbids (G4): the
 * code is O1's, the sentence names G4 after it.  The twins: a short meld
 * that keeps four cards names O1 alone; with side 0 below 0 (O1: 15) the
 * 45 points are enough and G4 alone refuses the meld, while the 30
 * points of 4 4 4 + 5 5 5, keeping four cards, are accepted. */
START_TEST(test_O1_G4_short_opening_after_no)
{
    const char *hand = "4c 4c 4d 4d 4h 4h 4s 5c 5d 5h";
    canasta_game *g = unopened(hand, NULL);
    char why[512];
    play_kind(g, CANASTA_MOVE_ASK, 0);
    play_kind(g, CANASTA_MOVE_ANSWER_NO, 2);
    QEQ(th_permission(g), CANASTA_PERMISSION_NO);
    refused_why(why, sizeof why, g, "4c 4c 4d 4d 4h 4h | 5c 5d 5h",
                CANASTA_E_OPENING, "O1");
    why_has(why, "total of 0 needs a first meld of at least 50; these "
                 "cards count 45");
    why_has(why, "; also G4: your partner said no to going out this turn");
    why_lacks(why, "G1:");
    REQ(strlen(why) < 256); /* RULES.md: every such sentence */
    refused_why(why, sizeof why, g, "4c 4c 4d | 5c 5d 5h",
                CANASTA_E_OPENING, "O1");
    why_has(why, "these cards count 30");
    why_lacks(why, "G4");
    canasta_game_free(g);

    g = unopened(hand, "totals -100 0");
    int min = 0;
    QOK(canasta_game_opening_minimum(&min, g, 0));
    QEQ(min, 15);
    play_kind(g, CANASTA_MOVE_ASK, 0);
    play_kind(g, CANASTA_MOVE_ANSWER_NO, 2);
    refused_why(why, sizeof why, g, "4c 4c 4d 4d 4h 4h | 5c 5d 5h",
                CANASTA_E_GO_OUT, "G4");
    why_lacks(why, "O1");
    th_do_meld(g, 0, "4c 4c 4d | 5c 5d 5h");
    QEQ(th_opened(g, 0), 1);
    canasta_game_free(g);
}
END_TEST

/* O1 with G4 after a yes: seat 0 holds six 4s, the 2c, three 5s and the
 * 9s, and may ask (six 4s and the 2c are a mixed canasta, 50 points,
 * with the 5s 65; the 9s discarded).  After the yes it must go out this
 * turn (G4).  5 5 2 counts 30, short of 50 (O1), and leaves six 4s, the
 * 5h and the 9s: no canasta can be made of those, so it could no longer
 * go out (G4), named after O1.  The twins: 4 4 4 + 5 5 5 is as short but
 * keeps the exit (the other three 4s and the 2c make the canasta): O1
 * alone; the whole exit is accepted and, begun and finished this turn
 * with a canasta, is concealed (G3: 200). */
START_TEST(test_O1_G4_short_opening_after_yes)
{
    canasta_game *g = unopened("4c 4c 4d 4d 4h 4h 2c 5c 5d 5h 9s", NULL);
    char why[512];
    play_kind(g, CANASTA_MOVE_ASK, 0);
    play_kind(g, CANASTA_MOVE_ANSWER_YES, 2);
    QEQ(th_permission(g), CANASTA_PERMISSION_YES);
    refused_why(why, sizeof why, g, "5c 5d 2c", CANASTA_E_OPENING, "O1");
    why_has(why, "total of 0 needs a first meld of at least 50; these "
                 "cards count 30");
    why_has(why, "; also G4: after your partner's yes you must go out, "
                 "and after this meld you could not");
    REQ(strlen(why) < 256);
    refused_why(why, sizeof why, g, "4c 4c 4d | 5c 5d 5h",
                CANASTA_E_OPENING, "O1");
    why_has(why, "these cards count 30");
    why_lacks(why, "G4");
    th_do_meld(g, 0, "4c 4c 4d 4d 4h 4h 2c | 5c 5d 5h");
    th_do_discard(g, 0, "9s");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    int items[CANASTA_SCORE_ITEMS];
    QOK(canasta_game_hand_score(items, CANASTA_SCORE_ITEMS, g, 0));
    QEQ(items[CANASTA_SCORE_GOING_OUT], 200);
    QEQ(items[CANASTA_SCORE_MIXED_CANASTAS], 300);
    canasta_game_free(g);
}
END_TEST

/* O1's sentence gives the side's total (cn_thousands), but never a
 * negative one: below 0 the minimum is 15 (O1), and the least a first
 * meld can count is 15 (three 4s or three black threes; O2: every card
 * counts at least 5), so a side below 0 never falls short.  The nearest
 * inputs: three 4s open such a side; at 0 (O1: 50) they are refused
 * with the total written "0". */
START_TEST(test_O1_below_zero_never_short)
{
    canasta_game *g = unopened("4c 4d 4h 6c 7d 8h 9c 10d Jh Qc Kd", "totals "
                               "-2995 0");
    int min = 0;
    QOK(canasta_game_opening_minimum(&min, g, 0));
    QEQ(min, 15);
    th_do_meld(g, 0, "4c 4d 4h");
    QEQ(th_opened(g, 0), 1);
    canasta_game_free(g);
    g = unopened("4c 4d 4h 6c 7d 8h 9c 10d Jh Qc Kd", NULL);
    char why[512];
    refused_why(why, sizeof why, g, "4c 4d 4h", CANASTA_E_OPENING, "O1");
    why_has(why, "O1: your side's total of 0 needs a first meld of at "
                 "least 50; these cards count 15");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* rulebook.c cn_exit_concealed: new melds only, none a canasta       */
/* ---------------------------------------------------------------- */

/* Side 0 has opened with seat 2's natural canasta of kings; seat 0 has
 * not melded this hand and drew from the stock.  Going out with two new
 * melds of its own (5s, 9s) and a discard is allowed (G1: the partner's
 * canasta) but not concealed, since none of seat 0's melds is a
 * canasta (G3): 100 (S2).  Score (E3, S1): 70 + 15 + 30 melded, 500 for
 * the kings, 100, minus seat 2's Qc Qd (20): 695.  The twin: seven 5s
 * make a canasta of seat 0's own, and the same exit is concealed: 200;
 * 70 + 35 + 30, 1000 for two natural canastas, 200, -20: 1315. */
static canasta_game *partner_opened(const char *hand)
{
    char h0[96];
    snprintf(h0, sizeof h0, "hand 0 %s", hand);
    const char *const lines[] = {
        "hand-number 1", "dealer 3", "phase play", "turn 0", "source stock",
        "melds-this-turn 0", "take-extra 0", "permission none",
        "melded-before-turn 0", "new-melds", "seat-melded 0 0 1 0",
        "totals 0 0", "last-hand none -", "opened 1 0", h0,
        "hand 1 6d 7c 8d", "hand 2 Qc Qd", "hand 3 8c 9s",
        "red-threes 0", "red-threes 1", "red-threes 2", "red-threes 3",
        "meld 0 K: Kc Kc Kd Kd Kh Kh Ks", "stock", "pile 10c",
    };
    return th_position_game(NULL, lines, N_OF(lines));
}

START_TEST(test_G3_exit_in_new_melds_without_a_canasta_is_not_concealed)
{
    canasta_game *g = partner_opened("5c 5d 5h 9c 9d 9h 6s");
    th_do_meld(g, 0, "5c 5d 5h | 9c 9d 9h");
    th_do_discard(g, 0, "6s");
    th_expect_end(g, CANASTA_END_WENT_OUT, 0);
    th_expect_items(g, 0, 115, 500, 0, 0, 100, -20, 695);
    canasta_game_free(g);
    g = partner_opened("5c 5c 5d 5d 5h 5h 5s 9c 9d 9h 6s");
    th_do_meld(g, 0, "5c 5c 5d 5d 5h 5h 5s | 9c 9d 9h");
    th_do_discard(g, 0, "6s");
    th_expect_end(g, CANASTA_END_CONCEALED, 0);
    th_expect_items(g, 0, 135, 1000, 0, 0, 200, -20, 1315);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* position_read.c: added-to-earlier-melds twice, "stock +N"          */
/* ---------------------------------------------------------------- */

/* Seat 0 had not melded before this turn; it drew and laid the Kh on
 * its partner's kings (one meld move, no new meld): the optional line
 * added-to-earlier-melds 1 says so (G3).  Each line of a position
 * appears once (NOTATION.md): a second such line is E_SYNTAX naming the
 * first. */
START_TEST(test_G3_added_to_earlier_melds_given_twice)
{
    const char *const lines[] = {
        "hand-number 1", "dealer 3", "phase play", "turn 0", "source stock",
        "melds-this-turn 1", "take-extra 0", "permission none",
        "melded-before-turn 0", "new-melds", "added-to-earlier-melds 1",
        "seat-melded 1 0 1 0", "totals 0 0", "last-hand none -",
        "opened 1 0", "hand 0 5c 6d 7h 8s", "hand 1 6c 7c 8d",
        "hand 2 Qc Qd", "hand 3 8c 9s", "red-threes 0", "red-threes 1",
        "red-threes 2", "red-threes 3", "meld 0 K: Kc Kd Ks Kh", "stock",
        "pile 10c",
    };
    char *t = th_position_text(NULL, lines, N_OF(lines));
    canasta_game *g = read_position(t);
    int seat, began, moves, newm, before, perm;
    QOK(canasta_game_turn_state(&seat, &began, &moves, &newm, &before,
                                &perm, g));
    QEQ(seat, 0);
    QEQ(moves, 1);
    QEQ(newm, 0);
    QEQ(before, 0);
    canasta_game_free(g);
    int at = line_of(t, "added-to-earlier-melds");
    QGT(at, 0);
    char *twice = with_line(t, at, "added-to-earlier-melds 1\n"
                                   "added-to-earlier-melds 1");
    char want[128];
    snprintf(want, sizeof want, "line %d: a second "
             "\"added-to-earlier-melds\" line (the first is line %d)",
             at + 1, at);
    position_refused(twice, (size_t)-1, CANASTA_E_SYNTAX, want);
    free(twice);
    free(t);
}
END_TEST

/* A partial position's "stock +N" takes N of the cards no line names
 * (NOTATION.md): with every other line complete, exactly the stock's
 * cards are left, so "+S" reads and "+S+1" is refused, C2 on the stock
 * line ("too few for ..."). */
START_TEST(test_C2_stock_plus_more_than_the_unnamed_cards)
{
    canasta_game *g = th_new_game(2468);
    int s = th_stock_size(g);
    char *t = position_of(g);
    int at = line_of(t, "stock");
    char line[32];
    snprintf(line, sizeof line, "stock +%d", s);
    char *ok = with_line(t, at, line);
    canasta_game *h = read_position(ok);
    QEQ(th_stock_size(h), s);
    QEQ(th_pile_top(h), th_pile_top(g));
    snprintf(line, sizeof line, "stock +%d", s + 1);
    char *bad = with_line(t, at, line);
    char want[128];
    snprintf(want, sizeof want, "line %d: C2: the cards the position does "
             "not name are too few for \"+%d\"", at, s + 1);
    position_refused(bad, (size_t)-1, CANASTA_E_INVALID, want);
    free(bad);
    canasta_game_free(h);
    free(ok);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* rules_text.c: the sides line; the header's first line               */
/* ---------------------------------------------------------------- */

/* NOTATION.md, header tags: "sides" must equal the preset's seating
 * (count and values), and two sides lines must be equal.  Six-two-sides
 * seats its six players 0 1 0 1 0 1: a seventh number is refused, though
 * the first six agree (C1); a second line equal to the first is taken,
 * one with the seventh number is refused, naming both lines. */
START_TEST(test_C1_sides_line_too_long_or_given_twice)
{
    canasta_game *g = preset_game(CANASTA_PRESET_SIX_TWO_SIDES, 12);
    char *t = position_of(g);
    int at = line_of(t, "sides");
    QGT(at, 0);
    REQ(strstr(t, "\nsides 0 1 0 1 0 1\n") != NULL);
    char want[128];
    char *seven = with_line(t, at, "sides 0 1 0 1 0 1 0");
    snprintf(want, sizeof want, "line %d: C1: the preset seats its 6 "
             "players on sides 0 1 0 1 0 1", at);
    position_refused(seven, (size_t)-1, CANASTA_E_INVALID, want);
    char *same = with_line(t, at, "sides 0 1 0 1 0 1\nsides 0 1 0 1 0 1");
    canasta_game *h = read_position(same);
    char *back = position_of(h);
    QSTR(back, t);
    char *differ = with_line(t, at, "sides 0 1 0 1 0 1\n"
                                    "sides 0 1 0 1 0 1 0");
    snprintf(want, sizeof want, "line %d: C1: this sides line differs from "
             "the one on line %d", at + 1, at);
    position_refused(differ, (size_t)-1, CANASTA_E_INVALID, want);
    char *differ2 = with_line(t, at, "sides 0 1 0 1 0 1 0\n"
                                     "sides 0 1 0 1 0 1");
    position_refused(differ2, (size_t)-1, CANASTA_E_INVALID, want);
    free(differ2);
    free(differ);
    canasta_free(back);
    canasta_game_free(h);
    free(same);
    free(seven);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* NOTATION.md: "A line holds at most 4096 characters, not counting that
 * \r ...; a longer line, or a NUL byte anywhere, is an error" (E_SYNTAX),
 * the first line included, which the header reader reads.  Trailing
 * blanks are no part of a token, so the kind line padded with blanks to
 * 4096 characters reads as the same position; at 4097 it is refused.  A
 * NUL byte in the kind line of a text given by length is refused; the
 * same text with a blank there reads. */
START_TEST(test_header_first_line_too_long_or_with_a_nul)
{
    canasta_game *g = th_new_game(21);
    char *t = position_of(g);
    const char *rest = strchr(t, '\n');
    size_t rn = strlen(rest);
    char *buf = malloc(4100 + rn + 1);
    REQ(buf != NULL);
    for (int len = 4096; len <= 4097; len++) {
        for (int cr = 0; cr < 2; cr++) {
            memset(buf, ' ', (size_t)len);
            memcpy(buf, "canasta-position 1", 18);
            size_t k = (size_t)len;
            if (cr)
                buf[k++] = '\r';
            memcpy(buf + k, rest, rn + 1);
            if (len == 4096) {
                canasta_game *h = read_position(buf);
                char *back = position_of(h);
                QSTR(back, t);
                canasta_free(back);
                canasta_game_free(h);
            } else {
                position_refused(buf, (size_t)-1, CANASTA_E_SYNTAX,
                                 "line 1: longer than 4096 characters");
            }
        }
    }
    /* "canasta-position 1" then a NUL, given by length. */
    memcpy(buf, "canasta-position 1", 18);
    buf[18] = '\0';
    memcpy(buf + 19, rest, rn + 1);
    position_refused(buf, 19 + rn, CANASTA_E_SYNTAX,
                     "line 1: the text contains a NUL byte");
    buf[18] = ' ';
    canasta_game *h = NULL;
    char why[256] = "";
    REQ_RC(canasta_game_from_position(&h, why, sizeof why, buf, 19 + rn),
           CANASTA_OK);
    char *back = position_of(h);
    QSTR(back, t);
    canasta_free(back);
    canasta_game_free(h);
    free(buf);
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* record_read.c: an event line whose canonical spelling grows        */
/* ---------------------------------------------------------------- */

static char *record_text(canasta_record *r)
{
    char *t = NULL;
    QOK(canasta_record_text(&t, NULL, r, CANASTA_VIEW_ALL));
    return t;
}

/* The last line of text (without its newline), copied to out. */
static void last_line(char *out, size_t cap, const char *text)
{
    size_t n = strlen(text);
    REQ(n > 0 && text[n - 1] == '\n');
    const char *e = text + n - 1, *b = e;
    while (b > text && b[-1] != '\n')
        b--;
    REQ((size_t)(e - b) < cap);
    memcpy(out, b, (size_t)(e - b));
    out[e - b] = '\0';
}

/* Tokens of an event line after its "=" that are all "10h"; -1 when one
 * is not. */
static int tens_of_hearts(const char *line)
{
    REQ(line[0] == '=');
    int n = 0;
    for (const char *p = line + 1; *p;) {
        p += strspn(p, " ");
        size_t k = strcspn(p, " ");
        if (k == 0)
            break;
        if (k != 3 || strncmp(p, "10h", 3) != 0)
            return -1;
        n++;
        p += k;
    }
    return n;
}

/* An event line of a record is kept as written but normalised: single
 * spaces, canonical cards ("th" is written "10h"; NOTATION.md, "Canonical
 * text").  1365 "th" tokens make a line of 4096 characters, within the
 * limit; spelled "10h" they would need 5461.  The record parses; its
 * text stays within the line limit and reads back to the same bytes
 * (text(parse(text(r))) == text(r)); the replay stops at the line, an
 * event the deal did not make (E_MISMATCH).  The twin: 1000 "th" fit
 * when spelled "10h" (4001 characters) and are written back whole. */
START_TEST(test_record_event_line_outgrowing_the_line_limit)
{
    canasta_game *g = th_new_game(3);
    canasta_record *rec = NULL;
    QOK(canasta_record_create(&rec, g));
    char *base = record_text(rec);
    canasta_record_free(rec);
    int lines = 0;
    for (const char *p = base; *p; p++)
        lines += *p == '\n';
    size_t bn = strlen(base);
    char *t = malloc(bn + 3 * 1365 + 4);
    char *line = malloc(8192);
    REQ(t != NULL && line != NULL);
    const int counts[2] = { 1000, 1365 };
    for (int i = 0; i < 2; i++) {
        memcpy(t, base, bn);
        char *o = t + bn;
        *o++ = '=';
        for (int k = 0; k < counts[i]; k++)
            o += sprintf(o, " th");
        *o++ = '\n';
        *o = '\0';
        if (counts[i] == 1365)
            QEQ(o - (t + bn), 4097); /* 4096 characters and the newline */
        char why[512] = "";
        canasta_record *r = NULL;
        REQ_RC(canasta_record_parse(&r, why, sizeof why, t, (size_t)-1),
               CANASTA_OK);
        char *out = record_text(r);
        last_line(line, 8192, out);
        QLE(strlen(line), 4096);
        int n = tens_of_hearts(line);
        if (counts[i] == 1000)
            QEQ(n, 1000);
        else
            REQ(n > 1000 && n < 1365);
        canasta_record *again = NULL;
        REQ_RC(canasta_record_parse(&again, why, sizeof why, out,
                                    (size_t)-1), CANASTA_OK);
        char *out2 = record_text(again);
        QSTR(out2, out);
        int at = 0;
        REQ_RC(canasta_record_replay(NULL, &at, why, sizeof why, r),
               CANASTA_E_MISMATCH);
        QEQ(at, lines + 1);
        char want[64];
        snprintf(want, sizeof want, "line %d: expected no more events here",
                 lines + 1);
        why_has(why, want);
        canasta_free(out2);
        canasta_record_free(again);
        canasta_free(out);
        canasta_record_free(r);
    }
    free(line);
    free(t);
    canasta_free(base);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* score.c cn_check_breakdown: start-last-score lines                  */
/* ---------------------------------------------------------------- */

/* A record whose first hand is hand 2 of its game, after a hand that
 * seat 0 went out of (side 0): the start lines (NOTATION.md, "Records";
 * checked as a save's start lines are, item by item under "What play can
 * reach").  In hand 2 the totals are hand 1's score. */
static char *start_record(const char *totals, const char *s0,
                          const char *s1)
{
    char *t = malloc(512);
    REQ(t != NULL);
    snprintf(t, 512, "canasta-record 1\nseed 11\nhand 2\ndealer 1\n"
             "start-totals %s\nstart-last-hand went-out 0\n"
             "start-last-score 0 %s\nstart-last-score 1 %s\n", totals, s0,
             s1);
    return t;
}

static const struct {
    const char *totals, *s0, *s1; /* refused */
    int line;                     /* the start-last-score line blamed */
    const char *part;
    const char *ok_totals, *ok0, *ok1; /* the accepted twin */
} BREAKDOWNS[] = {
    /* E3: melded cards count a multiple of 5 (V1: every card value is) */
    { "800 -50", "203 500 0 0 100 -3 800", "50 0 0 0 0 -100 -50", 7,
      "line 7: E3: side 0's melded cards count 203",
      "800 -50", "200 500 0 0 100 0 800", "50 0 0 0 0 -100 -50" },
    /* S1: a canasta is made of melded cards */
    { "800 -50", "200 500 0 0 100 0 800", "0 0 300 0 0 -350 -50", 8,
      "line 8: S1: side 1 has canastas but no melded cards",
      "800 -50", "200 500 0 0 100 0 800", "50 0 300 0 0 -400 -50" },
    /* R3: all four red threes (800) on side 0 and one (minus, side 1
     * melded nothing) on side 1 are five: the deck holds four */
    { "1600 -100", "200 500 0 800 100 0 1600", "0 0 0 -100 0 0 -100", 8,
      "line 8: R3: the red threes scored add up to more than the 4 of the "
      "deck",
      "1100 -100", "200 500 0 300 100 0 1100", "0 0 0 -100 0 0 -100" },
    /* G1: going out needs a canasta */
    { "300 -50", "200 0 0 0 100 0 300", "50 0 0 0 0 -100 -50", 7,
      "line 7: G1: side 0 went out with fewer than 1 canasta",
      "600 -50", "200 0 300 0 100 0 600", "50 0 0 0 0 -100 -50" },
};

/* The record's twin replays to hand 2 with those totals; its save holds
 * the same start lines; the refused lines, put in the record or in the
 * save, are refused with the rule's sentence naming the line. */
START_TEST(test_S5_start_last_score_checked_item_by_item)
{
    for (size_t i = 0; i < N_OF(BREAKDOWNS); i++) {
        char why[512] = "";
        canasta_record *r = NULL;
        char *ok = start_record(BREAKDOWNS[i].ok_totals, BREAKDOWNS[i].ok0,
                                BREAKDOWNS[i].ok1);
        REQ_RC(canasta_record_parse(&r, why, sizeof why, ok, (size_t)-1),
               CANASTA_OK);
        canasta_game *g = NULL;
        REQ_RC(canasta_record_replay(&g, NULL, why, sizeof why, r),
               CANASTA_OK);
        int t0 = 0, t1 = 0, hand = 0;
        REQ(sscanf(BREAKDOWNS[i].ok_totals, "%d %d", &t0, &t1) == 2);
        QEQ(th_total(g, 0), t0);
        QEQ(th_total(g, 1), t1);
        QOK(canasta_game_hand_number(&hand, g));
        QEQ(hand, 2);
        char *bad = start_record(BREAKDOWNS[i].totals, BREAKDOWNS[i].s0,
                                 BREAKDOWNS[i].s1);
        canasta_record *x = NULL;
        REQ_RC(canasta_record_parse(&x, why, sizeof why, bad, (size_t)-1),
               CANASTA_E_INVALID);
        QNULL(x);
        why_has(why, BREAKDOWNS[i].part);

        /* The save: the twin's start lines, then the refused ones. */
        char *save = NULL;
        QOK(canasta_game_save(&save, NULL, g));
        char line[128];
        snprintf(line, sizeof line, "start-last-score 0 %s",
                 BREAKDOWNS[i].ok0);
        QEQ(line_of(save, line) > 0, 1);
        canasta_game *loaded = NULL;
        REQ_RC(canasta_game_load(&loaded, why, sizeof why, save, (size_t)-1),
               CANASTA_OK);
        QEQ(th_games_equal(loaded, g), 1);
        canasta_game_free(loaded);
        int L0 = line_of(save, "start-last-score 0");
        int L1 = line_of(save, "start-last-score 1");
        QEQ(L1, L0 + 1);
        char *e1 = NULL, *e2 = NULL, *e3 = NULL;
        snprintf(line, sizeof line, "start-totals %s", BREAKDOWNS[i].totals);
        e1 = edit(save, "start-totals", line);
        snprintf(line, sizeof line, "start-last-score 0 %s",
                 BREAKDOWNS[i].s0);
        e2 = edit(e1, "start-last-score 0", line);
        snprintf(line, sizeof line, "start-last-score 1 %s",
                 BREAKDOWNS[i].s1);
        e3 = edit(e2, "start-last-score 1", line);
        REQ_RC(canasta_game_load(&loaded, why, sizeof why, e3, (size_t)-1),
               CANASTA_E_INVALID);
        QNULL(loaded);
        char want[160];
        snprintf(want, sizeof want, "line %d: %s",
                 BREAKDOWNS[i].line == 7 ? L0 : L1,
                 strchr(BREAKDOWNS[i].part, ':') + 2);
        why_has(why, want);
        free(e3);
        free(e2);
        free(e1);
        canasta_free(save);
        free(bad);
        canasta_game_free(g);
        canasta_record_free(r);
        free(ok);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* state_check.c check_turn: a question with nobody to ask (X3)        */
/* ---------------------------------------------------------------- */

/* The three-player game (X3): nobody has a partner until someone takes
 * the pile ("lone -"), so no permission state but "none" can be (G4).
 * The position after the first draw reads; with "permission no" it is
 * refused on that line. */
START_TEST(test_X3_G4_permission_without_a_partner)
{
    canasta_game *g = preset_game(CANASTA_PRESET_THREE_PLAYERS, 4);
    int seat = th_seat(g);
    th_do_draw(g, seat);
    QEQ(th_lone_hand(g), -1);
    char *t = position_of(g);
    REQ(strstr(t, "\nlone -\n") != NULL);
    canasta_game *h = read_position(t);
    char *back = position_of(h);
    QSTR(back, t);
    canasta_free(back);
    canasta_game_free(h);
    int at = line_of(t, "permission");
    QGT(at, 0);
    const char *const states[] = { "permission no", "permission yes" };
    for (size_t i = 0; i < N_OF(states); i++) {
        char *bad = with_line(t, at, states[i]);
        char want[96];
        snprintf(want, sizeof want, "line %d: G4: seat %d has no partner to "
                 "ask", at, seat);
        position_refused(bad, (size_t)-1, CANASTA_E_INVALID, want);
        free(bad);
    }
    canasta_free(t);
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* search.c: actions                                                  */
/* ---------------------------------------------------------------- */

/* SEARCH.md: a red three "discard" has no action (E_MOVE; T2: a red
 * three is never in a hand, and canasta_validate refuses it citing T2);
 * a black three is discard kind 1 (action 7), a 4 kind 2 (action 8). */
START_TEST(test_T2_red_three_discard_has_no_action)
{
    canasta_move m;
    uint64_t a = 99;
    const char *const red[] = { "3d", "3h" };
    for (size_t i = 0; i < N_OF(red); i++) {
        th_discard(&m, 0, red[i]);
        REQ_RC(canasta_action_of_move(&a, &m), CANASTA_E_MOVE);
    }
    th_discard(&m, 0, "3c");
    QOK(canasta_action_of_move(&a, &m));
    QEQ(a, 7);
    th_discard(&m, 0, "3s");
    QOK(canasta_action_of_move(&a, &m));
    QEQ(a, 7);
    th_discard(&m, 0, "4h");
    QOK(canasta_action_of_move(&a, &m));
    QEQ(a, 8);
    /* The rules say why. */
    canasta_game *g = th_new_game(9);
    int seat = th_seat(g);
    th_do_draw(g, seat);
    th_discard(&m, seat, "3h");
    th_reject(g, &m, CANASTA_E_NOT_IN_HAND, "T2");
    canasta_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- */
/* search.c: determinize, the repair for an unopened asker            */
/* ---------------------------------------------------------------- */

/* Seat 0 (side 0, which has not opened) drew from the stock and asked
 * "may I go out?" (G4); its partner, seat 2, is to answer.  Seat 0 can
 * go out concealed: seven 5s (a natural canasta) and four 4s, the 6c
 * discarded, 55 points; no minimum applies (G3: the side has not opened
 * and the player drew from the stock).  The cards seat 2 cannot see
 * (hands 0, 1, 3 and the stock, 44 cards) hold no wild card and no ace,
 * seven 5s (the eighth is in the pile) and at most five of every other
 * rank.  So in a world seat 0 can go out only holding the seven 5s, and
 * random worlds (SEARCH.md: 2000 of them) hardly ever deal those: the
 * repair runs, for an asker whose side has not opened. */
static char *rare_exit_text(const char *totals)
{
    const char *const lines[] = {
        "hand-number 3", "dealer 3", "phase answer", "turn 0",
        "source stock", "melds-this-turn 0", "take-extra 0",
        "permission asked", "melded-before-turn 0", "new-melds",
        "seat-melded 0 0 0 0", totals, "opened 0 0",
        "hand 0 5c 5c 5d 5d 5h 5h 5s 4c 4d 4h 4s 6c",
        "hand 1 6d 6h 7c 7d 8c 8d 9c 9d 10c 10d Jc",
        "hand 2 Ac Ac Ad Ad Ah Ah As As Kc Kd Qc",
        "hand 3 6s 7h 7s 8h 8s 9h 9s 10h 10s Jd Jh",
        "red-threes 0", "red-threes 1 3d 3d", "red-threes 2",
        "red-threes 3 3h 3h",
        "stock 3c 3s Js Qd Qh Qs Kh Ks 4c 6c",
        "pile 5s",
    };
    return pos_text(NULL, lines, N_OF(lines));
}

/* Seat 2's worlds of g (seeds 1..3) into d: each keeps seat 2's own
 * hand, gives the asker (seat 0) the seven 5s in a hand of 12, and is
 * consistent (its position reads back: the reader checks that the asker
 * could go out, G4). */
static void check_asker_worlds(canasta_game *d, const canasta_game *g)
{
    uint8_t mine[16], theirs[16];
    size_t n = 0, m = 0;
    QOK(canasta_game_hand(mine, sizeof mine, &n, g, 2));
    for (uint64_t seed = 1; seed <= 3; seed++) {
        QOK(canasta_game_determinize(d, g, 2, seed));
        QOK(canasta_game_hand(theirs, sizeof theirs, &m, d, 2));
        REQ(m == n && memcmp(mine, theirs, n) == 0);
        QEQ(th_count_in_hand(d, 0, "5c") + th_count_in_hand(d, 0, "5d") +
                th_count_in_hand(d, 0, "5h") + th_count_in_hand(d, 0, "5s"),
            7);
        QEQ(th_hand_size(d, 0), 12);
        char *dt = position_of(d);
        canasta_game *back = read_position(dt);
        canasta_game_free(back);
        canasta_free(dt);
    }
}

/* Side 0 at 0 (O1: 50): seven 5s and any five cards count 50 at least,
 * so the repair finds a world, and it is consistent: its position reads
 * back (the reader checks that the asker could go out, G4), seat 2's
 * hand is its own, seat 0 holds the seven 5s. */
START_TEST(test_G4_determinize_repairs_for_an_unopened_asker)
{
    char *t = rare_exit_text("totals 0 0");
    canasta_game *g = read_position(t);
    canasta_game *d = NULL;
    QOK(canasta_game_clone(&d, g));
    check_asker_worlds(d, g);
    canasta_game_free(d);
    canasta_game_free(g);
    free(t);
}
END_TEST

/* Side 0 at 3000 (O1: 120).  The asker drew from the stock and has not
 * melded, so an exit now is concealed and G3 waives the 120: a hand of
 * seven 5s and five cards of at most 10 points (the real one among them)
 * is a world.  The repair's distance takes the waiver (lib/search.c
 * repair_for_exit); before, it counted the 120, never reached 0 and
 * determinize refused with CANASTA_E_ARG although the real world exists.
 * Each world is consistent: its position reads back (the reader checks
 * that the asker could go out, G4), seat 2's hand is its own, seat 0
 * holds the seven 5s; in place (src is dst) too. */
START_TEST(test_G4_determinize_waiver_for_an_unopened_asker)
{
    char *t = rare_exit_text("totals 3000 0");
    canasta_game *g = read_position(t);
    int min = 0;
    QOK(canasta_game_opening_minimum(&min, g, 0));
    QEQ(min, 120);
    canasta_game *d = th_new_game(44);
    check_asker_worlds(d, g);
    /* In place: src is dst. */
    QOK(canasta_game_determinize(g, g, 2, 2));
    char *gt = position_of(g);
    canasta_game *back = read_position(gt);
    canasta_game_free(back);
    canasta_free(gt);
    /* Seat 1 cannot see seat 2's aces either: a world is found for it
     * too, and it is consistent (its position reads back). */
    QOK(canasta_game_determinize(d, g, 1, 3));
    char *dt = position_of(d);
    back = read_position(dt);
    canasta_game_free(back);
    canasta_free(dt);
    /* The asker itself knows its hand: nothing to repair. */
    QOK(canasta_game_determinize(d, g, 0, 4));
    canasta_game_free(d);
    canasta_game_free(g);
    free(t);
}
END_TEST

Suite *suite_reachable(void)
{
    Suite *s = suite_create("reachable");
    TCase *c = tcase_create("games");
    tcase_add_test(c, test_copy_refused_between_player_counts);
    tcase_add_test(c, test_copy_of_a_game_from_a_position_keeps_its_base);
    tcase_add_test(c, test_S6_declared_tie_writes_gameover_tie);
    suite_add_tcase(s, c);
    c = tcase_create("rules");
    tcase_add_test(c, test_O1_G4_short_opening_after_no);
    tcase_add_test(c, test_O1_G4_short_opening_after_yes);
    tcase_add_test(c, test_O1_below_zero_never_short);
    tcase_add_test(c, test_G3_exit_in_new_melds_without_a_canasta_is_not_concealed);
    tcase_add_test(c, test_T2_red_three_discard_has_no_action);
    suite_add_tcase(s, c);
    c = tcase_create("texts");
    tcase_add_test(c, test_E1_finished_hand_breakdown_left_to_the_reader);
    tcase_add_test(c, test_G3_added_to_earlier_melds_given_twice);
    tcase_add_test(c, test_C2_stock_plus_more_than_the_unnamed_cards);
    tcase_add_test(c, test_C1_sides_line_too_long_or_given_twice);
    tcase_add_test(c, test_header_first_line_too_long_or_with_a_nul);
    tcase_add_test(c, test_record_event_line_outgrowing_the_line_limit);
    tcase_add_test(c, test_S5_start_last_score_checked_item_by_item);
    tcase_add_test(c, test_X3_G4_permission_without_a_partner);
    suite_add_tcase(s, c);
    c = tcase_create("search");
    tcase_add_test(c, test_G4_determinize_repairs_for_an_unopened_asker);
    tcase_add_test(c, test_G4_determinize_waiver_for_an_unopened_asker);
    suite_add_tcase(s, c);
    return s;
}
