/* player.c - the reference computer player (issue: computer players):
 * its knobs, and its decision.
 *
 * A decision is defined in three steps:
 *  1. the facts a decision needs are read once (struct cn_facts): the
 *     seat's hand by rank, the side's melds, the pile, whether going out
 *     is possible and wanted -- only what the seat may know (RULES.md A1);
 *  2. every legal move is scored (cn_score_cand, player_score.c);
 *  3. the best score wins; ties go to the move whose action, hashed with
 *     the decision's seed, is smallest (cn_player_tie).
 * The legal moves come from the enumerator (enumerate.h), which hands
 * each one over as a candidate, before its cards are picked; the choice
 * (cn_choice) scores it and keeps the best.  Because the tie-break is a
 * function of the move, not of its place in a list, the order of the
 * candidates does not matter, and the decision skips what cannot beat
 * the best found so far: a candidate before its costly legality check,
 * and whole branches whose most (cn_branch_bound) is below it; the
 * discards are scored all at once (cn_best_discards), and only the best
 * of them considered.  The tests compare the choice with scoring every
 * legal move at every decision of hundreds of games, with pruning off
 * (which offers the discards one by one), and with the candidates
 * offered in other orders.  Nothing is allocated and no move
 * list is stored.  docs/PLAYER.md explains the scores in words. */
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include "player.h"

/* ---- knobs ---- */

typedef struct knob_def {
    const char *name;
    int key;
    int min, max, def;
} knob_def;

static const knob_def knobs[CN_KNOBS] = {
    { "take-pile", CANASTA_KNOB_TAKE_PILE, 0, 2, CANASTA_TAKE_WORTHWHILE },
    { "pile-size", CANASTA_KNOB_PILE_SIZE, 1, 100, 3 },
    { "wild-cards", CANASTA_KNOB_WILD_CARDS, 0, 1, CANASTA_WILDS_FINISH },
    { "go-out", CANASTA_KNOB_GO_OUT, 0, 6, 0 },
    { "keep-pairs", CANASTA_KNOB_KEEP_PAIRS, 0, 1, 1 },
    { "discard", CANASTA_KNOB_DISCARD, 0, 2, CANASTA_DISCARD_SAFE },
    { "ask", CANASTA_KNOB_ASK, 0, 1, 1 },
};

static const knob_def *find_knob(int key)
{
    if (key < 1 || key > CN_KNOBS)
        return NULL;
    return &knobs[key - 1];
}

CANASTA_API int canasta_knob_range(int *min, int *max, int *default_value,
                                   int knob)
{
    if (!min || !max || !default_value)
        return CANASTA_E_NULL;
    const knob_def *d = find_knob(knob);
    if (!d)
        return CANASTA_E_KNOB;
    *min = d->min;
    *max = d->max;
    *default_value = d->def;
    return CANASTA_OK;
}

CANASTA_API const char *canasta_knob_name(int knob)
{
    const knob_def *d = find_knob(knob);
    return d ? d->name : NULL;
}

CANASTA_API int canasta_knob_from_name(int *knob, const char *name)
{
    if (!knob || !name)
        return CANASTA_E_NULL;
    for (int i = 0; i < CN_KNOBS; i++)
        if (strcmp(name, knobs[i].name) == 0) {
            *knob = knobs[i].key;
            return CANASTA_OK;
        }
    return CANASTA_E_KNOB;
}

CANASTA_API int canasta_player_create_with_allocator(canasta_player **out,
    canasta_alloc_fn alloc, canasta_release_fn release, void *user)
{
    if (!out)
        return CANASTA_E_NULL;
    *out = NULL;
    if (!cn_alloc_pair_ok(alloc, release))
        return CANASTA_E_ARG;
    canasta_player *p = cn_alloc(alloc, user, sizeof *p);
    if (!p)
        return CANASTA_E_NOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = alloc;
    p->release = release;
    p->user = user;
    for (int i = 0; i < CN_KNOBS; i++)
        p->knob[i] = knobs[i].def;
    *out = p;
    return CANASTA_OK;
}

CANASTA_API int canasta_player_create(canasta_player **out)
{
    return canasta_player_create_with_allocator(out, NULL, NULL, NULL);
}

CANASTA_API void canasta_player_free(canasta_player *player)
{
    if (player)
        cn_release(player->release, player->user, player);
}

CANASTA_API int canasta_player_clone(canasta_player **out,
                                     const canasta_player *player)
{
    if (!out || !player)
        return CANASTA_E_NULL;
    canasta_player *p = cn_alloc(player->alloc, player->user, sizeof *p);
    if (!p) {
        *out = NULL;
        return CANASTA_E_NOMEM;
    }
    *p = *player;
    *out = p;
    return CANASTA_OK;
}

CANASTA_API int canasta_player_set(canasta_player *player, int knob,
                                   int value)
{
    if (!player)
        return CANASTA_E_NULL;
    const knob_def *d = find_knob(knob);
    if (!d)
        return CANASTA_E_KNOB;
    if (value < d->min || value > d->max)
        return CANASTA_E_RANGE;
    player->knob[knob - 1] = value;
    return CANASTA_OK;
}

CANASTA_API int canasta_player_get(int *value, const canasta_player *player,
                                   int knob)
{
    if (!value || !player)
        return CANASTA_E_NULL;
    const knob_def *d = find_knob(knob);
    if (!d)
        return CANASTA_E_KNOB;
    *value = player->knob[knob - 1];
    return CANASTA_OK;
}

/* ---- choosing ---- */

void cn_choice_start(cn_choice *ch, cn_facts *f, uint64_t seed, int prune)
{
    const cn_state *st = f->st;
    ch->f = f;
    ch->seed = seed;
    ch->best = LONG_MIN; /* below every score: the first is kept */
    ch->key = 0;
    ch->found = ch->key_known = 0;
    ch->prune = prune;
    /* Every discard scores above CN_NEVER (cn_discard_score). */
    ch->never_loses = st->phase == CANASTA_PHASE_PLAY && f->hand_n >= 1 &&
                      cn_rule_discard(f->hand_n, st->permission,
                                      f->canastas, f->needed) == CN_ALLOWED;
    ch->bar = prune && ch->never_loses ? CN_NEVER + 1 : LONG_MIN;
    ch->pending = 0;
    ch->pending_out = 0;
}

/* The tie key of candidate c. */
static uint64_t tie_key(const cn_choice *ch, const cn_cand *c)
{
    return cn_player_tie(ch->seed,
                         cn_action_of_kinds(c->kind, c->discard, c->n, c->g));
}

int cn_cand_before(const cn_cand *a, const cn_cand *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind;
    if (a->discard != b->discard)
        return a->discard < b->discard;
    if (a->n != b->n)
        return a->n < b->n;
    return memcmp(a->g, b->g, (size_t)a->n * sizeof a->g[0]) < 0;
}

/* consider copies a candidate in 16-byte parts. */
typedef char cn_cand_in_16_byte_parts[sizeof(cn_cand) % 16 == 0 ? 1 : -1];

/* Legal candidate c, scoring s: kept if it is the best so far. */
CN_WALK void consider(cn_choice *ch, const cn_cand *c, long s)
{
    /* ch->best starts below every score (no test of ch->found: the
     * first candidate is kept as any better one is) */
    if (s < ch->best)
        return;
    if (s == ch->best) {
        if (!ch->key_known) {
            ch->key = tie_key(ch, &ch->move);
            ch->key_known = 1;
        }
        const uint64_t key = tie_key(ch, c);
        if (key > ch->key ||
            (key == ch->key && !cn_cand_before(c, &ch->move)))
            return;
        ch->key = key;
    } else {
        ch->key_known = 0;
    }
    ch->found = 1;
    ch->best = s;
    if (ch->prune)
        ch->bar = s; /* nothing scoring less can be the choice now */
    /* The whole candidate, a fixed size (copying only its c->n groups
     * was a call to memcpy of a variable size), in 16-byte parts: as one
     * struct copy gcc made it a `rep movs`, slow to start. */
    for (size_t i = 0; i < sizeof *c; i += 16)
        memcpy((unsigned char *)&ch->move + i, (const unsigned char *)c + i,
               16);
}

/* The visitor's want: c's score (or, for a meld while going out, what it
 * scores if the exit stays open), kept for take; 0 when it cannot be the
 * choice. */
CN_WALK int choice_want(void *ctx, const cn_cand *c)
{
    cn_choice *ch = ctx;
    const long s = cn_score_open(ch->f, c, &ch->pending_out);
    ch->pending = s;
    return s >= ch->bar;
}

/* The visitor's take: c is legal, and want scored it just now. */
CN_WALK void choice_take(void *ctx, const cn_cand *c)
{
    cn_choice *ch = ctx;
    long s = ch->pending;
    if (ch->pending_out && !cn_cand_out_after(ch->f, c))
        s = CN_NEVER;
    if (s < ch->bar)
        return;
    consider(ch, c, s);
}

/* The visitor's offer: c is legal as it stands. */
CN_WALK void choice_offer(void *ctx, const cn_cand *c)
{
    cn_choice *ch = ctx;
    int exit;
    long s = cn_score_open(ch->f, c, &exit);
    if (s < ch->bar)
        return; /* it cannot be the choice: the exit need not be asked */
    if (exit && !cn_cand_out_after(ch->f, c))
        s = CN_NEVER;
    if (s < ch->bar)
        return;
    consider(ch, c, s);
}

/* The visitor's discards: every discard of the kinds is legal; only the
 * best-scored ones can be the choice (a discard ties with no other kind
 * of move: every other scores CN_NEVER or above CN_DISCARD_MAX, or is
 * not legal in the play phase), so only they are considered, each with
 * its tie key as choice_offer would. */
CN_WALK void choice_discards(void *ctx, cn_cand *c, uint32_t kinds)
{
    cn_choice *ch = ctx;
    uint32_t top;
    const long s = cn_best_discards(&top, ch->f, kinds);
    if (s < ch->bar)
        return;
    for (; top; top &= top - 1) {
        const int kind = cn_lowest_bit(top);
        c->discard = (uint8_t)kind;
        c->wilds = cn_kind_is_wild(kind);
        consider(ch, c, s);
    }
}

void cn_choice_offer(cn_choice *ch, const cn_cand *c)
{
    choice_offer(ch, c);
}

/* The visitor's enter: skip a branch whose best is below the best. */
CN_WALK int choice_enter(void *ctx, int branch, int r, int k)
{
    cn_choice *ch = ctx;
    return !ch->prune || cn_branch_bound(ch->f, branch, r, k) >= ch->bar;
}

/* The visitor's can_out: the facts compute it once for the scores too. */
CN_WALK int choice_can_out(void *ctx)
{
    cn_choice *ch = ctx;
    cn_facts_wants_out(ch->f);
    return ch->f->can_go_out;
}

/* The decision's walk, inlined here with these functions (enumerate.h). */
static const cn_visitor choice_visitor = {
    choice_want, choice_take, choice_offer, choice_enter, choice_can_out,
    choice_discards, 1
};

/* The draw without listing the legal moves, when it is sure to be the
 * choice: the same move scoring every legal move would pick.  The draw
 * scores 1000, declining 900, and a take 2000 or more only when the pile
 * is worth taking (else below 1000); so with cards in the stock the draw
 * wins unless a worthwhile take may be legal: one that cn_rule_take_form
 * allows with the cards the hand holds, and never with a wild card or a
 * black three on top (cn_rule_pile).  Read from the state before the
 * facts are, since nearly every draw is decided here. */
static int draw_is_the_choice(const cn_state *st, const int32_t *knob)
{
    if (st->phase != CANASTA_PHASE_DRAW || st->stock_n == 0)
        return 0;
    const int seat = st->cur, side = st->side_of[seat];
    if (!cn_take_worth_at(st, knob, st->opened[side]))
        return 1;
    if (cn_pile_flags(st, side) & CN_PILE_NO_TAKE)
        return 1; /* no take is listed (cn_rule_pile); with cards in the
                   * stock the draw is the only legal move (also with no
                   * pile at all) */
    const int r = cn_rank(st->pile[st->pile_n - 1]);
    const uint8_t *held = st->k.held[seat];
    return cn_rule_take_form(cn_pile_frozen(st, side),
                             st->k.meld_size[side][r] > 0, held[r],
                             held[2] + held[15]) != CN_ALLOWED;
}

int cn_player_decide(canasta_move *move, cn_facts *f,
                     const canasta_player *player, const canasta_game *game,
                     uint64_t seed)
{
    if (game->st.phase == CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_GAME_OVER; /* *move not written */
    cn_move_clear(move); /* every byte defined, the groups not used too */
    return cn_player_decide_how(move, f, player, game, seed,
                                CN_DECIDE_DEFAULT);
}

/* The walk over the enumerator's candidates (the decision's bulk, kept
 * apart so that a draw decided at once never enters it). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int walk_decision(canasta_move *move, cn_facts *f,
                         const canasta_player *player, const cn_state *st,
                         uint64_t seed, int how)
{
    cn_facts_init(f, st, player->knob);
    cn_choice ch;
    cn_choice_start(&ch, f, seed, (how & CN_DECIDE_PRUNE) != 0);
    if (how == CN_DECIDE_DEFAULT) {
        cn_enumerate(st, &choice_visitor, &ch);
    } else {
        const cn_visitor v = { choice_want, choice_take, choice_offer,
                               choice_enter, choice_can_out, NULL,
                               (how & CN_DECIDE_ANY_ORDER) != 0 };
        cn_enumerate_with(st, &v, &ch);
    }
    if (NEVER(!ch.found))
        return CANASTA_E_PHASE; /* every decision has a legal move */
    cn_cand_move(move, st->hand[st->cur], &ch.move);
    return CANASTA_OK;
}

int cn_player_decide_how(canasta_move *move, cn_facts *f,
                         const canasta_player *player,
                         const canasta_game *game, uint64_t seed, int how)
{
    const cn_state *st = &game->st;
    /* Its callers refuse a finished game first. */
    if (NEVER(st->phase == CANASTA_PHASE_GAME_OVER))
        return CANASTA_E_GAME_OVER;
    if ((how & CN_DECIDE_SHORTCUTS) && draw_is_the_choice(st, player->knob)) {
        move->kind = CANASTA_MOVE_DRAW;
        move->seat = (uint8_t)st->cur;
        move->card = 0;
        move->ngroups = 0;
        return CANASTA_OK;
    }
    return walk_decision(move, f, player, st, seed, how);
}

CANASTA_API int canasta_player_choose(canasta_move *move,
    const canasta_player *player, const canasta_game *game, uint64_t seed)
{
    if (!move || !player || !game)
        return CANASTA_E_NULL;
    cn_facts f;
    return cn_player_decide(move, &f, player, game, seed);
}

CANASTA_API int canasta_player_play(canasta_move *move,
    const canasta_player *player, canasta_game *game, uint64_t seed)
{
    if (!player || !game)
        return CANASTA_E_NULL;
    if (game->st.phase == CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_GAME_OVER; /* *move not written */
    /* The move is decided where the caller wants it, or into one of our
     * own: only the bytes its kind uses are written (as
     * canasta_legal_moves writes its moves), which are all that
     * cn_game_play and canasta_move_equal read. */
    /* cppcheck-suppress uninitvar ; own is only written (the decision) */
    canasta_move own, *m = move ? move : &own;
    cn_facts f;
    int rc = cn_player_decide_how(m, &f, player, game, seed,
                                  CN_DECIDE_DEFAULT);
#ifdef CANASTA_CHECK_OWN_MOVES
    /* Test builds (mk/sanitize.mk): the player's move must pass the check
     * it skips, so that an enumerator's shortcut drifting from the rules
     * cannot play an illegal move unnoticed there (the game stays
     * unchanged). */
    if (rc == CANASTA_OK)
        rc = cn_check(&game->st, m, NULL, 0);
#endif
    if (rc == CANASTA_OK)
        rc = cn_game_play(game, m, NULL, 0);
    return rc;
}
