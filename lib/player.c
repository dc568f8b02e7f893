/* player.c - the reference computer player (issue: computer players) and
 * its knobs.
 *
 * A decision is defined in three steps:
 *  1. the facts a decision needs are read once (struct cn_facts): the
 *     seat's hand by rank, the side's melds, the pile, whether going out
 *     is possible and wanted -- only what the seat may know (RULES.md A1);
 *  2. every legal move is scored (cn_score_move);
 *  3. the best score wins; a seeded hash of the move's place in the list
 *     of legal moves breaks ties.
 * Two ways compute that same choice.  player_fast.c walks the legal moves
 * from the hand's counts without building them, reading the game itself;
 * it covers nearly every decision.  The rest (the draw phase of a side
 * that has not opened when it holds a natural pair of the top card's
 * rank, the draw phase with the stock empty, a turn of a side that has
 * not opened when the seat could go out) go through the full list here:
 * the seat's blank view (view.c), the legal-move enumerator (legal.c) and
 * consider().  The tests compare the two at every
 * decision of hundreds of games.  Nothing is allocated and no move list
 * is stored.  docs/PLAYER.md explains the scores in words. */
#include <stddef.h>
#include <string.h>
#include "player.h"
#include "rulebook.h"

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

/* ---- the facts of one decision ---- */

/* Every field is written (no copy of a zero object first): the seat,
 * the pile, the facts the state keeps of the seat's hand and its side's
 * melds, the next player, and the going-out facts still to be worked
 * out. */
void cn_facts_init(cn_facts *f, const cn_state *v, const int32_t *knob)
{
    const cn_kept *k = &v->k;
    f->st = v;
    f->knob = knob;
    f->seat = v->cur;
    f->side = v->side_of[f->seat];
    f->opened = v->opened[f->side];
    f->nat = k->held[f->seat];
    f->twos = f->nat[2];
    f->jokers = f->nat[15];
    f->wilds = f->twos + f->jokers;
    f->hand_n = v->hand_n[f->seat];
    f->hand_value = k->hand_value[f->seat];
    f->meld_size = k->meld_size[f->side];
    f->meld_wild = k->meld_wild[f->side];
    f->canastas = k->canastas[f->side];
    f->needed = v->p.canastas_to_go_out;
    f->top = v->pile_n ? v->pile[v->pile_n - 1] : 0;
    f->frozen = cn_pile_frozen(v, f->side);
    /* The next player to move, and whether it plays for another side. */
    f->next = (f->seat + 1) % v->p.players;
    f->next_side = v->side_of[f->next];
    f->next_is_opponent = f->next_side != f->side;
    f->next_frozen = (cn_pile_flags(v, f->next_side) &
                      (CANASTA_PILE_FROZEN_MASK | CANASTA_PILE_EMPTY)) != 0;
    f->out_known = f->can_go_out = f->wants_out = 0;
}

/* can: whether the seat can go out, if already known (-1: not known). */
int cn_facts_out(cn_facts *f, int can)
{
    const cn_state *v = f->st;
    if (f->out_known || v->phase != CANASTA_PHASE_PLAY)
        return f->wants_out;
    f->out_known = 1;
    f->can_go_out = can >= 0 ? can : cn_facts_can_go_out(f);
    int want = f->knob[CANASTA_KNOB_GO_OUT - 1];
    /* Waiting for more canastas than the rules ask makes sense only while
     * the stock lasts. */
    int stock_low = v->stock_n <= 2 * v->p.players;
    f->wants_out = f->can_go_out &&
                   v->permission != CANASTA_PERMISSION_NO &&
                   (want == 0 || f->canastas >= want || stock_low);
    if (v->permission == CANASTA_PERMISSION_YES)
        f->wants_out = 1;
    return f->wants_out;
}

int cn_facts_can_go_out(const cn_facts *f)
{
    return cn_seat_out_kept(f->st, f->seat); /* the facts' own source */
}

int cn_facts_wants_out(cn_facts *f)
{
    return cn_facts_out(f, -1);
}

/* ---- scoring the moves ---- */

/* The cards of a group by kind. */
typedef struct group_parts {
    int rank, naturals, wilds, used;
} group_parts;

static void parts_of(group_parts *g, const canasta_group *grp)
{
    g->rank = grp->rank;
    g->naturals = g->wilds = 0;
    for (int i = 0; i < grp->count; i++) {
        if (cn_is_wild(grp->cards[i]))
            g->wilds++;
        else
            g->naturals++;
    }
    g->used = grp->count;
}

/* Would the seat still be able to go out after the legal meld m?  (Only
 * asked while going out.)  The hand's counts and the side's melds as m
 * leaves them: after a meld the side has opened, so no minimum or waiver
 * comes into it. */
static int still_out_after(const cn_facts *f, const canasta_move *m)
{
    uint8_t held[CN_RANKS], size[CN_RANKS], mw[CN_RANKS];
    int left = f->hand_n;
    memcpy(held, f->nat, sizeof held);
    memcpy(size, f->meld_size, sizeof size);
    memcpy(mw, f->meld_wild, sizeof mw);
    for (int g = 0; g < m->ngroups; g++) {
        const canasta_group *grp = &m->groups[g];
        for (int i = 0; i < grp->count; i++) {
            int c = grp->cards[i];
            left--;
            size[grp->rank]++;
            held[cn_kind(c)]--;
            if (cn_is_wild(c))
                mw[grp->rank]++;
        }
    }
    if (left == 0)
        return 1; /* the meld took the last card: it went out */
    return cn_opened_out_kinds(held, size, mw, f->st->p.canastas_to_go_out);
}

/* Whether the take-pile policy finds the pile worth taking now. */
int cn_take_worth(const cn_facts *f)
{
    const cn_state *v = f->st;
    int policy = f->knob[CANASTA_KNOB_TAKE_PILE - 1];
    return policy == CANASTA_TAKE_ALWAYS ||
           (policy == CANASTA_TAKE_WORTHWHILE &&
            (v->pile_n >= f->knob[CANASTA_KNOB_PILE_SIZE - 1] ||
             !f->opened || v->stock_n == 0));
}

long cn_take_score(const cn_facts *f, int used, int wilds)
{
    /* Fewer cards from the hand, and wild cards above all, kept. */
    long cost = 5L * used + 40L * wilds;
    if (!cn_take_worth(f))
        return 100 - cost; /* only when nothing else is legal (E1) */
    return 2000 + 10L * f->st->pile_n - cost;
}

/* DRAW phase: draw, take the pile, or decline it (E1). */
static long score_draw_phase(const cn_facts *f, const canasta_move *m)
{
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        return 1000;
    case CANASTA_MOVE_DECLINE:
        return 900;
    case CANASTA_MOVE_TAKE_PILE: {
        int used = 0, wilds = 0;
        for (int g = 0; g < m->ngroups; g++) {
            group_parts gp;
            parts_of(&gp, &m->groups[g]);
            used += gp.used;
            wilds += gp.wilds;
        }
        return cn_take_score(f, used, wilds);
    }
    default:
        return 0;
    }
}


/* A change here must keep cn_meld_wild_floor (player.h) true. */
long cn_meld_score(const cn_facts *f, const cn_meld_sum *s)
{
    int keep_pairs = f->knob[CANASTA_KNOB_KEEP_PAIRS - 1];
    int wild_policy = f->knob[CANASTA_KNOB_WILD_CARDS - 1];
    int after = f->hand_n - s->used;
    if (after < 2)
        return CN_NEVER; /* keep a card to hold after the discard
                          * (cn_rule_discard) */
    if (!f->opened) /* an opening: few wild cards, few cards */
        return 1500 - 40L * s->wilds - 3L * s->used;
    if (s->wilds > 0) {
        if (wild_policy == CANASTA_WILDS_SAVE)
            return CN_NEVER;
        if (s->completes)
            return 1600 - 10L * s->wilds;
        if (s->new_pair_wild && !keep_pairs)
            return 1200 - 40L * s->wilds;
        return CN_NEVER;
    }
    if (keep_pairs && s->pair_added && !s->completes)
        return CN_NEVER; /* the pair may take a frozen pile later
                          * (cn_rule_take_form) */
    return 1300 + 10L * s->used + 200L * s->completes;
}

long cn_out_meld_score(const cn_meld_sum *s, int still_out)
{
    /* Going out: meld as much as possible while the exit stays open. */
    if (!still_out)
        return CN_NEVER;
    return 3000 + 20L * s->used + 200L * s->completes;
}

static long score_meld(cn_facts *f, const canasta_move *m)
{
    cn_meld_sum s;
    memset(&s, 0, sizeof s);
    for (int g = 0; g < m->ngroups; g++) {
        group_parts gp;
        parts_of(&gp, &m->groups[g]);
        s.used += gp.used;
        s.wilds += gp.wilds;
        int size = f->meld_size[gp.rank];
        if (size < 7 && size + gp.used >= 7)
            s.completes++;
        if (size == 0 && gp.naturals == 2 && gp.wilds > 0)
            s.new_pair_wild++;
        if (size > 0 && gp.naturals == 2 && f->nat[gp.rank] == 2)
            s.pair_added++;
    }
    if (cn_facts_wants_out(f))
        return cn_out_meld_score(&s, still_out_after(f, m));
    return cn_meld_score(f, &s);
}

/* PLAY phase. */
static long score_play_phase(cn_facts *f, const canasta_move *m)
{
    switch (m->kind) {
    case CANASTA_MOVE_ASK:
        /* The question is legal only for a seat that can go out
         * (cn_rule_ask; and the legal moves list it before any meld). */
        return cn_facts_out(f, 1) && f->knob[CANASTA_KNOB_ASK - 1]
            ? 5000 : CN_NEVER;
    case CANASTA_MOVE_MELD:
        return score_meld(f, m);
    case CANASTA_MOVE_DISCARD:
        /* Always below every wanted meld: discarding ends the turn. */
        return cn_discard_score(f, m->card);
    default:
        return CN_NEVER;
    }
}

/* ANSWER phase: the partner's side goes out if this seat says yes, and
 * this seat's cards count against the side. */
int cn_answer_yes(const cn_facts *f)
{
    int want = f->knob[CANASTA_KNOB_GO_OUT - 1];
    int yes = f->hand_value <= 100 &&
              (want == 0 || f->canastas >= want ||
               f->st->stock_n <= 2 * f->st->p.players);
    return yes || f->hand_value <= 30;
}

static long score_answer(const cn_facts *f, const canasta_move *m)
{
    return (m->kind == CANASTA_MOVE_ANSWER_YES) == cn_answer_yes(f) ? 10 : 5;
}

long cn_score_move(cn_facts *f, const canasta_move *m)
{
    switch (f->st->phase) {
    case CANASTA_PHASE_DRAW:
        return score_draw_phase(f, m);
    case CANASTA_PHASE_PLAY:
        return score_play_phase(f, m);
    case CANASTA_PHASE_ANSWER:
        return score_answer(f, m);
    default:
        return 0;
    }
}

/* ---- choosing ---- */

typedef struct best_move {
    cn_facts *f;
    uint64_t seed;
    size_t index;
    long score;
    uint64_t tie;
    int found;
    canasta_move move;
} best_move;

static void consider(void *ctx, const canasta_move *m)
{
    best_move *b = ctx;
    long s = cn_score_move(b->f, m);
    uint64_t tie = cn_player_tie(b->seed, b->index++);
    if (!b->found || s > b->score || (s == b->score && tie > b->tie)) {
        b->found = 1;
        b->score = s;
        b->tie = tie;
        b->move = *m;
    }
}

/* The draw without listing the legal moves, when it is sure to be the
 * choice: the same move scoring every legal move would pick.  The draw
 * scores 1000, declining 900, and a take 2000 or more only when the pile
 * is worth taking (else below 1000); so with cards in the stock the draw
 * wins unless a worthwhile take may be legal: one that cn_rule_take_form
 * allows with the cards the hand holds, and never with a wild card or a
 * black three on top (cn_rule_pile). */
static int draw_is_the_choice(const cn_facts *f)
{
    const cn_state *v = f->st;
    if (v->phase != CANASTA_PHASE_DRAW || v->stock_n == 0)
        return 0;
    if (!cn_take_worth(f) || f->top == 0)
        return 1;
    if (cn_pile_flags(v, f->side) & CN_PILE_NO_TAKE)
        return 1; /* no take is listed (cn_rule_pile); with cards in the
                   * stock the draw is the only legal move */
    int r = cn_rank(f->top);
    return cn_rule_take_form(f->frozen, f->meld_size[r] > 0, f->nat[r],
                             f->wilds) != CN_ALLOWED;
}

int cn_player_decide(canasta_move *move, cn_facts *f, cn_state *view,
                     const canasta_player *player, const canasta_game *game,
                     uint64_t seed)
{
    return cn_player_decide_how(move, f, view, player, game, seed, 1);
}

int cn_player_decide_how(canasta_move *move, cn_facts *f, cn_state *view,
                         const canasta_player *player,
                         const canasta_game *game, uint64_t seed,
                         int shortcuts)
{
    const cn_state *st = &game->st;
    if (st->phase == CANASTA_PHASE_GAME_OVER)
        return CANASTA_E_GAME_OVER;
    if (shortcuts) {
        /* The facts straight from the game (they read only what the seat
         * may see; see player_fast.c), and most decisions from them. */
        cn_facts_init(f, st, player->knob);
        if (draw_is_the_choice(f)) {
            cn_move_clear(move);
            move->kind = CANASTA_MOVE_DRAW;
            move->seat = (uint8_t)st->cur;
            return CANASTA_OK;
        }
        if (cn_player_fast(move, f, seed, NULL))
            return CANASTA_OK;
    }
    cn_seat_view_blank(view, st, st->cur);
    cn_facts_init(f, view, player->knob);
    best_move b;
    memset(&b, 0, sizeof b);
    b.f = f;
    b.seed = seed;
    cn_legal_visit(view, consider, &b);
    if (!b.found)
        return CANASTA_E_PHASE; /* every decision has a legal move */
    *move = b.move;
    return CANASTA_OK;
}

CANASTA_API int canasta_player_choose(canasta_move *move,
    const canasta_player *player, const canasta_game *game, uint64_t seed)
{
    if (!move || !player || !game)
        return CANASTA_E_NULL;
    cn_state view;
    cn_facts f;
    return cn_player_decide(move, &f, &view, player, game, seed);
}

CANASTA_API int canasta_player_play(canasta_move *move,
    const canasta_player *player, canasta_game *game, uint64_t seed)
{
    if (!player || !game)
        return CANASTA_E_NULL;
    canasta_move m;
    cn_state view;
    cn_facts f;
    int rc = cn_player_decide(&m, &f, &view, player, game, seed);
#ifdef CANASTA_CHECK_OWN_MOVES
    /* Test builds (mk/sanitize.mk): the player's move must pass the check
     * it skips, so that a walk drifting from legal.c cannot play an
     * illegal move unnoticed there (the game stays unchanged). */
    if (rc == CANASTA_OK)
        rc = cn_check(&game->st, &m, NULL, 0);
#endif
    if (rc == CANASTA_OK)
        rc = cn_game_play(game, &m, NULL, 0);
    if (rc == CANASTA_OK && move)
        *move = m;
    return rc;
}
