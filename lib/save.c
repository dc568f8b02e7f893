/* save.c - saved games (docs/NOTATION.md, "Saved games"):
 *
 *   canasta-save 1
 *   <header tags: preset, options, sides, seed>
 *   hand-number 4                     how the current hand began: dealt
 *   dealer 3                          from these values ...
 *   start-totals 1200 850
 *   start-last-hand went-out 2
 *   start-last-score 0 <7 items>      (per side, unless start-last-hand
 *   start-last-score 1 <7 items>       is none)
 *   deck <108 cards, top first>       (only when not the seed's shuffle)
 *   -- or --
 *   begin base                        ... or from a position
 *   <position body>
 *   end base
 *   0 draw                            every move of the hand so far
 *   0 discard 7h
 *   begin position                    the state they lead to (a check)
 *   <position body>
 *   end position
 *
 * Loading deals (or restores) the start, replays every move with the
 * engine's checks, and compares the result with the position block. */
#include <stdio.h>
#include <string.h>
#include "cn_assert.h"
#include "position.h"

/* ---- saving ---- */

CANASTA_API int canasta_game_save(char **text, size_t *length,
                                  const canasta_game *game)
{
    int rc = cn_text_begin(text, length, game);
    if (rc)
        return rc;
    const cn_state *st = &game->st;
    const cn_params *p = &st->p;
    cn_text t;
    cn_text_init(&t, game->alloc, game->release, game->user);
    cn_text_puts(&t, "canasta-save 1\n");
    cn_write_rules(&t, p, st->seed, 1);
    if (game->from_position) {
        cn_text_puts(&t, "begin base\n");
        cn_write_position(&t, game->base, CANASTA_VIEW_ALL);
        cn_text_puts(&t, "end base\n");
    } else {
        cn_start start;
        cn_start_of_state(&start, st);
        cn_text_putf(&t, "hand-number %d\n", (int)st->hand_no);
        cn_text_putf(&t, "dealer %d\n", (int)st->dealer);
        cn_write_start(&t, p, &start);
        uint8_t deck[CN_MAX_DECK];
        cn_shuffled_deck(deck, p, st->seed, st->hand_no);
        if (st->deck_n != p->deck_size ||
            memcmp(deck, st->deck, (size_t)p->deck_size) != 0)
            cn_write_deck(&t, st->deck, st->deck_n);
    }
    size_t pos = 0;
    canasta_move m;
    char line[CANASTA_MOVE_TEXT_MAX];
    while (cn_history_next(game, &pos, &m)) {
        rc = canasta_move_to_string(line, sizeof line, &m);
        if (NEVER(rc != CANASTA_OK)) { /* a history holds legal moves */
            cn_text_discard(&t);
            return CANASTA_E_ARG;
        }
        cn_text_puts(&t, line);
        cn_text_puts(&t, "\n");
    }
    cn_text_puts(&t, "begin position\n");
    cn_write_position(&t, st, CANASTA_VIEW_ALL);
    cn_text_puts(&t, "end position\n");
    return cn_text_finish(text, length, &t);
}

/* ---- loading ---- */

typedef struct loader {
    canasta_game *g;
    cn_lines *r;
    cn_at at;        /* the line being read, and the caller's why */
    cn_start start;  /* the start lines of a dealt hand */
} loader;

#define L_FAIL(ld, code, line, ...) \
    cn_why_line((ld)->at.why, (ld)->at.ws, (code), (line), __VA_ARGS__)
#define L_SYNTAX(ld, line, ...) L_FAIL(ld, CANASTA_E_SYNTAX, line, __VA_ARGS__)
#define L_INVALID(ld, line, ...) L_FAIL(ld, CANASTA_E_INVALID, line, __VA_ARGS__)

/* Check the start lines of a dealt hand and deal it. */
static int deal_start(loader *ld)
{
    cn_state *st = &ld->g->st;
    const cn_params *p = &st->p;
    cn_start *s = &ld->start;
    static const char *const keys[] = {
        "hand-number", "dealer", "start-totals", "start-last-hand"
    };
    const int lines[] = { s->at.hand, s->at.dealer, s->at.totals,
                          s->at.last_hand };
    for (int k = 0; k < 4; k++)
        if (!lines[k])
            return L_SYNTAX(ld, ld->r->lineno, "the save has no \"%s\" line "
                            "before the moves (or a \"begin base\" block)",
                            keys[k]);
    s->at.end = ld->r->lineno;
    int rc = cn_check_start(p, s, ld->at.why, ld->at.ws);
    if (rc)
        return rc;
    /* C3: only canasta_game_create deals a hand 1 (a game from a position
     * has a base block instead), always by the seed's first dealer.
     * Another dealer would make a game that no record can replay. */
    int first = cn_first_dealer(p, st->seed);
    if (s->hand_no == 1 && s->dealer != first)
        return cn_why_line(ld->at.why, ld->at.ws, CANASTA_E_INVALID,
            s->at.dealer, "C3: hand 1 of seed %llu is dealt by seat %d, not "
            "seat %d", (unsigned long long)st->seed, first, (int)s->dealer);
    cn_start_to_state(st, s);
    st->deck_n = (uint8_t)p->deck_size;
    if (s->custom)
        memcpy(st->deck, s->deck, (size_t)p->deck_size);
    else
        cn_shuffled_deck(st->deck, p, st->seed, st->hand_no);
    cn_deal(st);
    return CANASTA_OK;
}

/* Which part of a state differs from another (for the mismatch message). */
static const char *first_difference(const cn_state *a, const cn_state *b,
                                    char *buf, size_t size)
{
#define DIFF(field, text) \
    if (memcmp(&a->field, &b->field, sizeof a->field) != 0) return text
    for (int s = 0; s < a->p.players; s++) {
        /* The caller's buffer holds these short names whole. */
        if (memcmp(a->hand[s], b->hand[s], sizeof a->hand[s]) != 0) {
            (void)snprintf(buf, size, "hand %d", s);
            return buf;
        }
        if (memcmp(a->red3[s], b->red3[s], sizeof a->red3[s]) != 0) {
            (void)snprintf(buf, size, "red-threes %d", s);
            return buf;
        }
    }
    DIFF(melds, "the melds");
    DIFF(stock, "the stock");
    DIFF(stock_n, "the stock");
    DIFF(pile, "the pile");
    DIFF(pile_n, "the pile");
    DIFF(phase, "phase");
    DIFF(turn_seat, "turn");
    DIFF(turn_src, "source");
    DIFF(turn_melds, "melds-this-turn");
    DIFF(turn_take_extra, "take-extra");
    DIFF(permission, "permission");
    DIFF(melded_before_turn, "melded-before-turn");
    DIFF(turn_new_melds, "new-melds");
    DIFF(turn_added_old, "added-to-earlier-melds");
    DIFF(seat_melded, "seat-melded");
    DIFF(opened, "opened");
    DIFF(totals, "totals");
    DIFF(end_how, "last-hand");
    DIFF(end_seat, "last-hand");
    DIFF(last_items, "last-score");
    DIFF(hand_no, "hand-number");
    DIFF(dealer, "dealer");
#undef DIFF
    return "the state";
}

/* Replay one move line of the hand. */
static int replay(loader *ld, const char *text)
{
    canasta_game *g = ld->g;
    int line = ld->r->lineno;
    char mwhy[256];
    canasta_move m;
    int rc = canasta_move_from_string(&m, mwhy, sizeof mwhy, text,
                                      (size_t)-1, -1);
    if (rc)
        return L_FAIL(ld, rc, line, "%s", mwhy);
    if (m.kind == CANASTA_MOVE_NEXT_HAND)
        return L_INVALID(ld, line, "a save holds the moves of one hand; "
            "\"next\" ends it, and the save then starts at the new hand");
    rc = cn_check(&g->st, &m, mwhy, sizeof mwhy);
    if (rc)
        return L_FAIL(ld, rc, line, "%s", mwhy);
    /* The history holds the longest hand (history.c). */
    if (NEVER(g->hist_len + cn_move_encoded_size(&m) > g->hist_cap))
        return L_INVALID(ld, line, "more moves than one hand can hold");
    /* It fits: cn_game_play cannot fail. */
    return cn_game_play(g, &m, NULL, 0);
}

static int load(loader *ld)
{
    canasta_game *g = ld->g;
    cn_lines *r = ld->r;
    int stage = 0; /* 0 start lines, 1 moves, 2 after the position */
    int any_start = 0, rc;
    while ((rc = cn_lines_next_used(r, ld->at.why, ld->at.ws)) == 1) {
        const char *line = cn_skip_blanks(r->line);
        ld->at.line = r->lineno;
        if (stage == 2)
            return L_SYNTAX(ld, r->lineno, "unexpected text after \"end "
                            "position\"");
        if (stage == 0) {
            if (strcmp(line, "begin base") == 0) {
                if (any_start)
                    return L_SYNTAX(ld, r->lineno, "a hand begins either dealt "
                        "(hand-number, dealer, ...) or from a position "
                        "(begin base), not both");
                g->base->p = g->st.p;
                g->base->seed = g->st.seed;
                rc = cn_read_position(g->base, r, "end base", ld->at.why,
                                      ld->at.ws);
                if (rc)
                    return rc;
                g->from_position = 1;
                memcpy(&g->st, g->base, sizeof g->st);
                stage = 1;
                continue;
            }
            char copy[CN_LINE_MAX + 1];
            memcpy(copy, line, strlen(line) + 1); /* a line of r: it fits */
            char *cur = copy, *key = cn_token(&cur);
            rc = cn_read_start_line(&ld->start, CN_START_SAVE, &g->st.p,
                                    &ld->at, key, cur);
            if (rc < 0)
                return rc;
            if (rc == 1) {
                any_start = 1;
                continue;
            }
            if ((rc = deal_start(ld)))
                return rc;
            stage = 1;
        }
        if (strcmp(line, "begin position") == 0) {
            int at = r->lineno;
            cn_state pos, want;
            memset(&pos, 0, sizeof pos); /* cn_read_position reads p, seed */
            pos.p = g->st.p;
            pos.seed = g->st.seed;
            rc = cn_read_position(&pos, r, "end position", ld->at.why,
                                  ld->at.ws);
            if (rc)
                return rc;
            cn_position_normalize(&want, &g->st);
            /* G3: a save written by 1.0 has no added-to-earlier-melds
             * line, which 1.1 writes when the moves set the flag; the
             * moves decide it (the loaded game is the replayed one), so
             * a block that does not state it is not refused for it. */
            if (!pos.turn_added_old)
                pos.turn_added_old = want.turn_added_old;
            if (memcmp(&pos, &want, sizeof pos) != 0) {
                char buf[32];
                return L_INVALID(ld, at, "the position does not match "
                    "the moves (%s differs)",
                    first_difference(&pos, &want, buf, sizeof buf));
            }
            stage = 2;
            continue;
        }
        if (strcmp(line, "begin base") == 0)
            return L_SYNTAX(ld, r->lineno, "\"begin base\" comes before the "
                            "moves");
        if ((rc = replay(ld, line)))
            return rc;
    }
    if (rc < 0)
        return rc;
    if (stage < 2)
        return L_SYNTAX(ld, r->lineno, "the save ends before its \"begin "
                        "position\" ... \"end position\" block");
    return CANASTA_OK;
}

static int save_body(canasta_game *g, cn_lines *r, char *why,
                     size_t why_size)
{
    loader ld;
    memset(&ld, 0, sizeof ld);
    ld.g = g;
    ld.r = r;
    ld.at.why = why;
    ld.at.ws = why_size;
    cn_start_init(&ld.start);
    return load(&ld);
}

CANASTA_API int canasta_game_load(canasta_game **out, char *why,
    size_t why_size, const char *text, size_t length)
{
    return canasta_game_load_with_allocator(out, why, why_size, text, length,
                                            NULL, NULL, NULL);
}

CANASTA_API int canasta_game_load_with_allocator(canasta_game **out,
    char *why, size_t why_size, const char *text, size_t length,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user)
{
    return cn_load_game(out, "canasta-save", save_body, why, why_size, text,
                        length, alloc, release, user);
}
