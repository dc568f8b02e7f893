/* notation.c - the text form of a single move (docs/NOTATION.md):
 *
 *   [seat] verb [groups]        e.g.  "2 meld 7h 7d 7s, Kc Kd 2s"
 *
 * verbs: draw, take, meld, discard, ask, yes, no, decline, next.  A group
 * is "[rank:] card card ..."; its rank is written only when the cards do
 * not give it (a group of wild cards added to a meld, or an empty first
 * group of a take whose top card joins the side's meld: "take 9:"). */
#include <stdio.h>
#include <string.h>
#include "text.h"


/* The rank a reader infers from a group's cards: that of its first
 * natural card; 0 when it holds only wild cards. */
static int inferred_rank(const canasta_group *g)
{
    for (int i = 0; i < g->count; i++)
        if (!cn_is_wild(g->cards[i]))
            return cn_rank(g->cards[i]);
    return 0;
}

CANASTA_API int canasta_move_to_string(char *buf, size_t size,
                                       const canasta_move *move)
{
    if (!buf || !move)
        return CANASTA_E_NULL;
    if (size)
        buf[0] = '\0';
    if (move->kind < 1 || move->kind >= cn_verb_names.n)
        return CANASTA_E_MOVE;
    if (move->seat >= CN_MAX_PLAYERS)
        return CANASTA_E_SEAT;
    char out[CANASTA_MOVE_TEXT_MAX];
    char card[8];
    size_t n = 0;
    /* Bounded by construction: 12 groups of 16 cards of at most 4 bytes
     * each, plus separators, fit well inside CANASTA_MOVE_TEXT_MAX. */
    n += (size_t)sprintf(out, "%d %s", move->seat, cn_verb_names.name[move->kind]);
    if (move->kind == CANASTA_MOVE_DISCARD) {
        if (!cn_valid_card(move->card))
            return CANASTA_E_CARD;
        cn_card_name(card, move->card);
        n += (size_t)sprintf(out + n, " %s", card);
    } else if (move->kind == CANASTA_MOVE_MELD ||
               move->kind == CANASTA_MOVE_TAKE_PILE) {
        /* The notation has no text for a meld or take without groups. */
        if (move->ngroups < 1 || move->ngroups > CANASTA_MOVE_MAX_GROUPS)
            return CANASTA_E_MOVE;
        for (int g = 0; g < move->ngroups; g++) {
            const canasta_group *gr = &move->groups[g];
            if (gr->count > CANASTA_GROUP_MAX_CARDS || gr->rank < 3 ||
                gr->rank > 14)
                return CANASTA_E_MOVE;
            n += (size_t)sprintf(out + n, "%s", g ? "," : "");
            if (inferred_rank(gr) != gr->rank)
                n += (size_t)sprintf(out + n, " %s:", cn_rank_name(gr->rank));
            for (int i = 0; i < gr->count; i++) {
                if (!cn_valid_card(gr->cards[i]))
                    return CANASTA_E_CARD;
                cn_card_name(card, gr->cards[i]);
                n += (size_t)sprintf(out + n, " %s", card);
            }
        }
    }
    if (n + 1 > size)
        return CANASTA_E_BUFFER;
    memcpy(buf, out, n + 1);
    return CANASTA_OK;
}

static int lower_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (*a >= 'A' && *a <= 'Z') ? *a + 32 : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

/* One group "[rank:] card ..." from the text s (NUL-terminated). */
static int parse_group(canasta_group *g, char *s, char *why, size_t ws,
                       int index)
{
    char *tok;
    int rank = 0;
    memset(g, 0, sizeof *g);
    while ((tok = cn_token(&s)) != NULL) {
        size_t len = strlen(tok);
        if (len > 1 && tok[len - 1] == ':' && g->count == 0 && rank == 0) {
            tok[len - 1] = '\0';
            rank = cn_parse_rank(tok);
            if (!rank)
                return cn_why(why, ws, CANASTA_E_SYNTAX,
                    "group %d: \"%s\" is not a rank (3 to 10, J, Q, K, A)",
                    index + 1, tok);
            continue;
        }
        int c = cn_parse_card(tok);
        if (!c)
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "group %d: \"%s\" is not a card", index + 1, tok);
        if (g->count >= CANASTA_GROUP_MAX_CARDS)
            return cn_why(why, ws, CANASTA_E_SYNTAX,
                          "group %d has more than %d cards", index + 1,
                          CANASTA_GROUP_MAX_CARDS);
        g->cards[g->count++] = (uint8_t)c;
    }
    if (!rank)
        rank = inferred_rank(g);
    if (!rank)
        return cn_why(why, ws, CANASTA_E_SYNTAX,
            "group %d: write the rank of a group without natural cards, "
            "e.g. \"7: 2c\"", index + 1);
    g->rank = (uint8_t)rank;
    return CANASTA_OK;
}

CANASTA_API int canasta_move_from_string(canasta_move *move,
    char *why, size_t why_size, const char *text, size_t length,
    int default_seat)
{
    if (why && why_size)
        why[0] = '\0';
    if (!move || !text)
        return CANASTA_E_NULL;
    memset(move, 0, sizeof *move);
    if (default_seat < -1 || default_seat >= CN_MAX_PLAYERS)
        return CANASTA_E_SEAT;
    char line[CANASTA_MOVE_TEXT_MAX];
    size_t len = cn_text_len(text, length);
    if (len >= sizeof line)
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
                      "a move is at most %d characters",
                      CANASTA_MOVE_TEXT_MAX - 1);
    if (cn_has_nul(text, len))
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
                      "the move contains a NUL byte");
    memcpy(line, text, len);
    line[len] = '\0';
    for (size_t i = 0; i < len; i++)
        if (line[i] == '\n' || line[i] == '\r')
            line[i] = ' ';
    char *cur = line, *tok = cn_token(&cur);
    int seat = default_seat;
    if (tok && tok[0] >= '0' && tok[0] <= '9') {
        if (tok[1] != '\0' || tok[0] - '0' >= CN_MAX_PLAYERS)
            return cn_why(why, why_size, CANASTA_E_SYNTAX,
                          "\"%s\" is not a seat (0 to %d)", tok,
                          CN_MAX_PLAYERS - 1);
        seat = tok[0] - '0';
        tok = cn_token(&cur);
    }
    if (!tok)
        return cn_why(why, why_size, CANASTA_E_SYNTAX, "the move is empty");
    int kind = 0;
    for (int k = 1; k < cn_verb_names.n; k++)
        if (lower_eq(tok, cn_verb_names.name[k]))
            kind = k;
    if (!kind)
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
            "\"%s\" is not a move (draw, take, meld, discard, ask, yes, "
            "no, decline, next)", tok);
    if (seat < 0)
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
                      "the move does not name its seat (e.g. \"2 %s\")",
                      cn_verb_names.name[kind]);
    move->kind = (uint8_t)kind;
    move->seat = (uint8_t)seat;
    if (kind == CANASTA_MOVE_DISCARD) {
        tok = cn_token(&cur);
        if (!tok)
            return cn_why(why, why_size, CANASTA_E_SYNTAX,
                          "discard which card?");
        int c = cn_parse_card(tok);
        if (!c)
            return cn_why(why, why_size, CANASTA_E_SYNTAX,
                          "\"%s\" is not a card", tok);
        move->card = (uint8_t)c;
    } else if (kind == CANASTA_MOVE_MELD || kind == CANASTA_MOVE_TAKE_PILE) {
        while (*cur == ' ' || *cur == '\t')
            cur++;
        if (*cur == '\0') {
            if (kind == CANASTA_MOVE_MELD)
                return cn_why(why, why_size, CANASTA_E_SYNTAX,
                              "meld which cards?");
            return cn_why(why, why_size, CANASTA_E_SYNTAX,
                "take needs the cards melded with the top card, or its "
                "rank when it joins a meld (e.g. \"take 9:\")");
        }
        int g = 0;
        for (;;) {
            char *comma = strchr(cur, ',');
            if (comma)
                *comma = '\0';
            if (g >= CANASTA_MOVE_MAX_GROUPS)
                return cn_why(why, why_size, CANASTA_E_SYNTAX,
                              "a move has at most %d groups",
                              CANASTA_MOVE_MAX_GROUPS);
            int rc = parse_group(&move->groups[g], cur, why, why_size, g);
            if (rc)
                return rc;
            g++;
            if (!comma)
                break;
            cur = comma + 1;
        }
        move->ngroups = (uint8_t)g;
        return CANASTA_OK;
    }
    if ((tok = cn_token(&cur)) != NULL)
        return cn_why(why, why_size, CANASTA_E_SYNTAX,
                      "unexpected \"%s\" after the move", tok);
    return CANASTA_OK;
}
