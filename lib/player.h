/* player.h - the reference computer player's internals, shared by
 * player.c (choosing) and hint.c (saying why).  Not installed. */
#ifndef CANASTA_PLAYER_H
#define CANASTA_PLAYER_H

#include "internal.h"
#include "enumerate.h"
#include "rng.h"

#define CN_KNOBS 7 /* CANASTA_KNOB_TAKE_PILE .. CANASTA_KNOB_ASK */

struct canasta_player {
    canasta_alloc_fn alloc;
    canasta_release_fn release;
    void *user;
    int32_t knob[CN_KNOBS]; /* knob[k - 1] for CANASTA_KNOB_* k */
};

/* What one decision needs to know, read once: mostly the facts the state
 * keeps (cn_kept), pointed at rather than counted again.  st is the game
 * itself, and only what the seat may see is read through it (RULES.md
 * A1): its own hand, the melds, the pile, the red threes, the sizes of
 * hands and stock, totals and turn state -- never another hand, the
 * stock's cards, the deck or the seed.  The hidden-card permutation tests
 * of tests/test_player.c hold every reader to that. */
typedef struct cn_facts {
    const cn_state *st;     /* the game: see above */
    const int32_t *knob;
    int seat, side, opened;
    /* The seat's hand by kind (cn_kept.held): nat[r] naturals of rank r,
     * nat[3] black threes, nat[2] twos, nat[15] jokers. */
    const uint8_t *nat;
    int twos, jokers, wilds, hand_n;
    int hand_value;         /* points held (V1) */
    const uint8_t *meld_size, *meld_wild; /* the side's, by rank (cn_kept) */
    int canastas, needed;
    /* The draw phase's: the pile's top card (0: empty), frozen for the
     * side.  The play phase's: the next player, its side, whether that
     * is another side, and the pile frozen (or empty) for it. */
    int top, frozen;
    int next, next_side, next_is_opponent, next_frozen;
    /* For the discards (cn_discard_score): the ranks of which the top
     * card alone would let the next player, an opponent, take the pile
     * (its side's melds, when cn_rule_take_form lets the top card join
     * one), and what a pile worth having costs a card otherwise. */
    uint32_t next_takes;
    int careful;
    /* The play phase's going-out facts: costly, and needed only to score
     * a meld or the question, so computed on first use
     * (cn_facts_wants_out). */
    int out_known, can_go_out, wants_out;
} cn_facts;

void cn_facts_init(cn_facts *f, const cn_state *view, const int32_t *knob);
/* Whether the seat can go out now (cn_seat_out_kept). */
int cn_facts_can_go_out(const cn_facts *f);
/* Whether the seat wants to go out now (and can_go_out), computed once. */
int cn_facts_wants_out(cn_facts *f);
/* The same when whether the seat can go out is known already (can: 1 or
 * 0; -1 when not known). */
int cn_facts_out(cn_facts *f, int can);
/* How much the player wants legal move m (higher: more). */
long cn_score_move(cn_facts *f, const canasta_move *m);

/* The score of a legal move the player does not want: below every
 * discard, so that it is chosen only when nothing else is legal. */
#define CN_NEVER (-1000000L)

/* A meld move summed over its groups, as cn_meld_score weighs it. */
typedef struct cn_meld_sum {
    int used, wilds;    /* cards from the hand; wild cards among them */
    int completes;      /* groups that make their meld a canasta */
    int new_pair_wild;  /* new melds of a natural pair and wild cards */
    int pair_added;     /* the last natural pair of a rank onto its meld */
} cn_meld_sum;

/* The score of a meld with sum s, unless the seat wants to go out (see
 * cn_out_meld_score). */
long cn_meld_score(const cn_facts *f, const cn_meld_sum *s);
/* Whether the take-pile knobs find the pile worth taking now. */
int cn_take_worth(const cn_facts *f);
/* The same for the seat to move of st, whose side has opened or not. */
static inline int cn_take_worth_at(const cn_state *st, const int32_t *knob,
                                   int opened)
{
    const int policy = knob[CANASTA_KNOB_TAKE_PILE - 1];
    /* or'ed, not tested in turn: the facts vary from draw to draw */
    return (policy == CANASTA_TAKE_ALWAYS) |
           ((policy == CANASTA_TAKE_WORTHWHILE) &
            ((st->pile_n >= knob[CANASTA_KNOB_PILE_SIZE - 1]) |
             (opened == 0) | (st->stock_n == 0)));
}
/* The score of taking the pile with `used` cards from the hand, `wilds`
 * of them wild. */
long cn_take_score(const cn_facts *f, int used, int wilds);
/* The answer to the partner's "may I go out?" (G4): 1 for yes. */
int cn_answer_yes(const cn_facts *f);
/* The score of a meld with sum s for a seat that wants to go out:
 * still_out says whether it could still go out after the meld. */
long cn_out_meld_score(const cn_meld_sum *s, int still_out);
/* The most a discard can score (cn_discard_score: a lone black three
 * under SAFE, 400 + 30).  Every wanted meld scores more, so once one is
 * found the discards, listed last, cannot win. */
#define CN_DISCARD_MAX 430L

/* How much the seat would rather throw a card of kind d (cn_kind: 2 a
 * two, 3 a black three, 4..14 a natural, 15 the joker; higher: sooner).
 * Here, inline, because the decision asks it for every kind of card
 * held; by kind, not by card code, since that is what the walk holds,
 * and written with selects rather than tests, since the hand's counts
 * are unpredictable. */
/* V1 by kind, as the discards weigh it: a black three 5, 4..7 5, 8..K
 * 10, an ace 20 (the wild kinds score apart); 16-bit, so that the
 * discards' lanes (cn_discard_lanes) load it as it is. */
static const int16_t cn_discard_value[16] = { 0, 0, 20, 5, 5, 5, 5, 5,
                                              10, 10, 10, 10, 10, 10, 20,
                                              50 };

static inline long cn_discard_score(const cn_facts *f, int d)
{
    if (cn_kind_is_wild(d))
        return 1; /* a wild card is worth more in hand than anything */
    const int b3 = d == 3;
    const int held = f->nat[d]; /* nat[3]: the black threes */
    const long value = cn_discard_value[d];
    long s;
    switch (f->knob[CANASTA_KNOB_DISCARD - 1]) {
    case CANASTA_DISCARD_LOW:
        s = 200 - 4 * value;
        break;
    case CANASTA_DISCARD_HIGH:
        s = 100 + 4 * value;
        break;
    default: /* SAFE */
        /* the top card alone would take the pile for the next side
         * (next_takes); else, a pile worth having: be careful.  A black
         * three on top stops the next player taking the pile
         * (cn_rule_pile). */
        {
            /* 150 where the top card would join, else careful: a select
             * in arithmetic (the ranks' bits are unpredictable) */
            const long joins = -(long)(f->next_takes >> d & 1);
            s = b3 ? 400
                   : 200 - 2 * value -
                         (f->careful + ((150 - f->careful) & joins));
        }
        break;
    }
    /* Keep pairs and sets together: a single card goes first (+30), a
     * pair's card later (-10); a table, not a test, as the counts are
     * unpredictable. */
    static const int8_t by_held[4] = { 0, 30, -10, 0 };
    s += by_held[held < 3 ? held : 3];
    /* A card of a rank the side has melded can join the meld later. */
    s -= 40L * ((b3 == 0) & (f->meld_size[d] > 0));
    return s > 2 ? s : 2; /* still above any wild card */
}

/* cn_discard_score of the sixteen kinds at once: where SSE2 is there
 * (every x86-64), in two registers of eight 16-bit lanes, lane i of
 * lanes[h] for kind 8h + i (kinds 0 and 1, never held, get a score that
 * means nothing).  The same arithmetic as cn_discard_score, lane by
 * lane; a discard decision scores four or five kinds, which one by one
 * cost more than all sixteen at once.  The tests hold every lane to
 * cn_discard_score (cn_discard_scores16). */
#if CN_SSE2
#define CN_DISCARD_LANES 1
/* Lane i of the result all ones where bit i of the byte b is set. */
static inline __m128i cn_lanes_of_byte(unsigned b)
{
    const __m128i bit = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16((short)b), bit),
                           bit);
}

static inline void cn_discard_lanes(__m128i lanes[2], const cn_facts *f)
{
    const __m128i zero = _mm_setzero_si128();
    const __m128i held8 =
        _mm_loadu_si128((const __m128i *)(const void *)f->nat);
    const __m128i melded8 = _mm_cmpgt_epi8(
        _mm_loadu_si128((const __m128i *)(const void *)f->meld_size), zero);
    const int policy = f->knob[CANASTA_KNOB_DISCARD - 1];
    for (int h = 0; h < 2; h++) {
        const __m128i value = _mm_loadu_si128(
            (const __m128i *)(const void *)(cn_discard_value + 8 * h));
        const __m128i held = h ? _mm_unpackhi_epi8(held8, zero)
                               : _mm_unpacklo_epi8(held8, zero);
        __m128i melded = h ? _mm_unpackhi_epi8(melded8, melded8)
                           : _mm_unpacklo_epi8(melded8, melded8);
        __m128i s;
        if (policy == CANASTA_DISCARD_LOW) {
            s = _mm_sub_epi16(_mm_set1_epi16(200), _mm_slli_epi16(value, 2));
        } else if (policy == CANASTA_DISCARD_HIGH) {
            s = _mm_add_epi16(_mm_set1_epi16(100), _mm_slli_epi16(value, 2));
        } else {
            const __m128i joins =
                cn_lanes_of_byte(f->next_takes >> (8 * h) & 0xFFu);
            const __m128i careful = _mm_add_epi16(
                _mm_set1_epi16((short)f->careful),
                _mm_and_si128(_mm_set1_epi16((short)(150 - f->careful)),
                              joins));
            s = _mm_sub_epi16(_mm_sub_epi16(_mm_set1_epi16(200),
                                            _mm_slli_epi16(value, 1)),
                              careful);
            if (h == 0)
                s = _mm_insert_epi16(s, 400, 3); /* a black three */
        }
        /* a single card +30, a pair's card -10 */
        s = _mm_add_epi16(s, _mm_and_si128(
                                 _mm_cmpeq_epi16(held, _mm_set1_epi16(1)),
                                 _mm_set1_epi16(30)));
        s = _mm_sub_epi16(s, _mm_and_si128(
                                 _mm_cmpeq_epi16(held, _mm_set1_epi16(2)),
                                 _mm_set1_epi16(10)));
        /* -40 where the side has melded the kind, black threes aside */
        if (h == 0)
            melded = _mm_insert_epi16(melded, 0, 3);
        s = _mm_sub_epi16(s, _mm_and_si128(melded, _mm_set1_epi16(40)));
        s = _mm_max_epi16(s, _mm_set1_epi16(2));
        /* the wild cards: 1 */
        lanes[h] = h ? _mm_insert_epi16(s, 1, 7) : _mm_insert_epi16(s, 1, 2);
    }
}
#else
#define CN_DISCARD_LANES 0
#endif

/* cn_discard_score of each kind d of 2..15 into out[d] (out[0], out[1]:
 * 0), the way the decision computes them here (the tests' view). */
static inline void cn_discard_scores16(int16_t out[16], const cn_facts *f)
{
#if CN_DISCARD_LANES
    __m128i lanes[2];
    cn_discard_lanes(lanes, f);
    _mm_storeu_si128((__m128i *)(void *)out, lanes[0]);
    _mm_storeu_si128((__m128i *)(void *)(out + 8), lanes[1]);
#else
    for (int d = 2; d < 16; d++)
        out[d] = (int16_t)cn_discard_score(f, d);
#endif
    out[0] = out[1] = 0;
}

/* The best cn_discard_score among the kinds of the mask kinds (2..15),
 * and in *top the kinds that score it (0 and none when kinds is 0). */
static inline long cn_best_discards(uint32_t *top, const cn_facts *f,
                                    uint32_t kinds)
{
#if CN_DISCARD_LANES
    __m128i lanes[2];
    cn_discard_lanes(lanes, f);
    /* the kinds not in the mask 0, below every score */
    const __m128i a = _mm_and_si128(lanes[0], cn_lanes_of_byte(kinds & 0xFFu));
    const __m128i b = _mm_and_si128(lanes[1],
                                    cn_lanes_of_byte(kinds >> 8 & 0xFFu));
    /* the greatest lane, by halves, quarters and eighths */
    __m128i m = _mm_max_epi16(a, b);
    m = _mm_max_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_max_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm_max_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
    const int best = _mm_extract_epi16(m, 0); /* scores are positive */
    const __m128i at = _mm_set1_epi16((short)best);
    const __m128i eq = _mm_packs_epi16(_mm_cmpeq_epi16(a, at),
                                       _mm_cmpeq_epi16(b, at));
    *top = (uint32_t)_mm_movemask_epi8(eq) & kinds;
    return best;
#else
    long best = 0;
    uint32_t at = 0;
    for (; kinds; kinds &= kinds - 1) {
        const int d = cn_lowest_bit(kinds);
        const long s = cn_discard_score(f, d);
        if (s > best) {
            best = s;
            at = 0;
        }
        at |= (uint32_t)(s == best) << d;
    }
    *top = at;
    return best;
#endif
}


/* The meld's groups summed as cn_meld_score weighs them. */
static inline void cn_meld_sum_of(cn_meld_sum *s, const cn_facts *f,
                                  const cn_cand *c)
{
    s->used = c->used;
    s->wilds = c->wilds;
    s->completes = s->new_pair_wild = s->pair_added = 0;
    for (int i = 0; i < c->n; i++) {
        const cn_spec *g = &c->g[i];
        const int size = f->meld_size[g->r], used = g->k + g->t + g->j;
        s->completes += cn_rule_completes(size, used);
        s->new_pair_wild += size == 0 && g->k == 2 && g->t + g->j > 0;
        s->pair_added += size > 0 && g->k == 2 && f->nat[g->r] == 2;
    }
}

/* The meld's score; while going out, as if the exit stayed open (*exit
 * 1 then). */
static inline long cn_cand_meld_score(cn_facts *f, const cn_cand *c,
                                      int *exit)
{
    cn_meld_sum s;
    cn_meld_sum_of(&s, f, c);
    if (f->out_known ? f->wants_out : cn_facts_wants_out(f)) {
        *exit = 1;
        return cn_out_meld_score(&s, 1);
    }
    return cn_meld_score(f, &s);
}

/* The score of candidate c (cn_score_cand), but for a meld while going
 * out, whose score depends on whether the seat can still go out after
 * it: *exit is 1 then, and the score the one it gets if so
 * (cn_cand_out_after settles it; else it is CN_NEVER).  Inline, so that
 * the decision's walk scores each kind of candidate with that kind's
 * code alone. */
CN_WALK long cn_score_open(cn_facts *f, const cn_cand *c, int *exit)
{
    *exit = 0;
    switch (c->kind) {
    case CANASTA_MOVE_DRAW:
        return 1000;
    case CANASTA_MOVE_DECLINE:
        return 900;
    case CANASTA_MOVE_TAKE_PILE:
        return cn_take_score(f, c->used, c->wilds);
    case CANASTA_MOVE_ASK:
        /* The question is legal only for a seat that can go out
         * (cn_rule_ask). */
        return cn_facts_out(f, 1) && f->knob[CANASTA_KNOB_ASK - 1]
            ? 5000 : CN_NEVER;
    case CANASTA_MOVE_MELD:
        return cn_cand_meld_score(f, c, exit);
    case CANASTA_MOVE_DISCARD:
        /* Always below every wanted meld: discarding ends the turn. */
        return cn_discard_score(f, c->discard);
    case CANASTA_MOVE_ANSWER_YES:
    case CANASTA_MOVE_ANSWER_NO:
        /* The partner's side goes out if this seat says yes, and this
         * seat's cards count against the side. */
        return (c->kind == CANASTA_MOVE_ANSWER_YES) == cn_answer_yes(f) ? 10
                                                                       : 5;
    default:
        return 0; /* the next hand: the only move */
    }
}

/* Read with the scores above: a single group of an opened side's rank r
 * (meld of size cards, room for more wild cards), of k naturals (or any
 * number up to the nat held, k < 0) and, with wild 1, at least one wild
 * card. */
CN_WALK long cn_group_bound(cn_facts *f, int r, int k, int wild)
{
    const int size = f->meld_size[r], hn = f->hand_n;
    const int room = cn_wild_room(f->meld_wild[r]);
    const int wild_in = room < f->wilds ? room : f->wilds;
    const int kmax = k < 0 ? f->nat[r] : k;
    int most = kmax + wild_in; /* the most cards a group of the branch holds */
    most = most < hn ? most : hn;
    if (f->out_known ? f->wants_out : cn_facts_wants_out(f))
        return 3000 + 20L * most + 200L * cn_rule_completes(size, most);
    /* A group must leave two cards to score (cn_meld_score). */
    const int keep = hn - 2;
    /* Naturals alone: one at least onto a meld, three for a new one
     * (M1).  A mask, not a test: the counts are unpredictable, and a
     * compiler turns a plain select of this back into a branch. */
    const int nat_most = kmax < keep ? kmax : keep;
    const long nat_ok = -(long)((wild == 0) & (nat_most >= 3 - 2 * (size > 0)));
    long b = CN_NEVER + ((1300 + 10L * nat_most - CN_NEVER +
                          200L * cn_rule_completes(size, nat_most)) &
                         nat_ok);
    if (wild_in > 0 &&
        f->knob[CANASTA_KNOB_WILD_CARDS - 1] == CANASTA_WILDS_FINISH) {
        const int fit = most < keep ? most : keep; /* with wild cards */
        if (cn_rule_completes(size, fit) & (fit > (k < 0 ? 0 : k)))
            b = b > 1590 ? b : 1590; /* completes: 1600 - 10 per wild */
        if ((size == 0) & (kmax >= 2) & ((k < 0) | (k == 2)) & (3 <= keep) &
            (f->knob[CANASTA_KNOB_KEEP_PAIRS - 1] == 0))
            b = b > 1160 ? b : 1160; /* a pair and wild: 1200 - 40 each */
    }
    return b;
}

/* The most any candidate of a branch the enumerator asks about (enter:
 * CN_BRANCH_*, with its r and k) can score: the decision skips the
 * branch when that is below its best so far (CN_NEVER: nothing in it
 * scores more).  Inline: it is asked for every rank and row of groups. */
static inline long cn_branch_bound(cn_facts *f, int branch, int r, int k)
{
    switch (branch) {
    case CN_BRANCH_TAKES:
        /* cn_take_score with nothing from the hand */
        return cn_take_worth(f) ? 2000 + 10L * f->st->pile_n : 100;
    case CN_BRANCH_RANK:
        return cn_group_bound(f, r, -1, 0);
    case CN_BRANCH_WILDS:
        return cn_group_bound(f, r, k, 1);
    case CN_BRANCH_OPENINGS:
        /* 1500 less 3 a card, three at least; going out, 3000, 20 a card
         * and 200 a canasta, with the whole hand at most */
        if (f->out_known ? f->wants_out : cn_facts_wants_out(f))
            return 3000 + 220L * f->hand_n;
        return 1491;
    case CN_BRANCH_DISCARDS:
        return CN_DISCARD_MAX;
    case CN_BRANCH_DEEPER:
        /* an opening's score only falls with more cards and wild cards,
         * but for one that goes out */
        if (f->st->phase == CANASTA_PHASE_DRAW)
            return cn_take_score(f, r, k);
        if (f->out_known ? f->wants_out : cn_facts_wants_out(f))
            return 3000 + 220L * f->hand_n;
        return f->hand_n - r < 2 ? CN_NEVER : 1500 - 40L * k - 3L * r;
    default:
        return 0x7FFFFFFFL;
    }
}

/* Ties between equal scores are broken by the move itself: a seeded hash
 * of its action (cn_action_of_kinds, canasta_action_of_move's numbering),
 * the smallest first.  For a fixed seed the hash is a bijection of the
 * action, so two moves tie on it only if their actions are equal (two
 * hashed multi-group actions colliding), and then their groups decide
 * (cn_cand_before).  The mix is lib/rng.h's. */
static inline uint64_t cn_player_tie(uint64_t seed, uint64_t action)
{
    /* Two rounds of the mix, the seed mixed in between. */
    return cn_mix64((cn_mix64(action + CN_GOLDEN_GAMMA) ^ seed) +
                    CN_GOLDEN_GAMMA);
}

/* The score of candidate c (a legal move of the decision f is about). */
long cn_score_cand(cn_facts *f, const cn_cand *c);
/* Whether the seat can still go out after meld c (c->out_after: the
 * enumerator proved it already). */
int cn_cand_out_after(const cn_facts *f, const cn_cand *c);

/* The player's choice among candidates, as the enumerator hands them
 * over (or as a test offers them, in any order): the best score, ties to
 * the smallest cn_player_tie of the action. */
typedef struct cn_choice {
    cn_facts *f;
    uint64_t seed;
    long best;          /* the best candidate's score */
    uint64_t key;       /* its tie key, once needed (key_known) */
    int found, key_known;
    /* Skip what cannot beat the best (0: the tests' exhaustive walk). */
    int prune;
    /* A move scoring CN_NEVER cannot be the choice: a discard, which
     * scores more, is legal. */
    int never_loses;
    /* With prune: the least score that can still be the choice (the
     * best's, or above CN_NEVER when never_loses); what scores less, or
     * a branch whose most is less, is skipped.  LONG_MIN without. */
    long bar;
    long pending;       /* want's score of the candidate it was asked */
    int pending_out;    /* 1: pending assumes the exit stays open */
    cn_cand move;       /* the best candidate */
} cn_choice;

void cn_choice_start(cn_choice *ch, cn_facts *f, uint64_t seed, int prune);
/* Offer legal candidate c (scored, then kept if it is the best so far). */
void cn_choice_offer(cn_choice *ch, const cn_cand *c);
/* Whether candidate a goes before b when score and tie key are equal
 * (their actions are equal: only hashed actions can be). */
int cn_cand_before(const cn_cand *a, const cn_cand *b);

/* How cn_player_decide_how decides (the tests compare them): */
enum {
    CN_DECIDE_SHORTCUTS = 1, /* the draw decided at once when it must win */
    CN_DECIDE_PRUNE = 2,     /* skip candidates and branches that lose */
    CN_DECIDE_ANY_ORDER = 4, /* each rank's groups largest first */
    CN_DECIDE_DEFAULT = 7
};

/* Choose for the seat to move, with f the caller's storage for the
 * facts (filled in unless the draw was decided at once).  *move is
 * cleared first, then set (not written at all once the game is over). */
int cn_player_decide(canasta_move *move, cn_facts *f,
                     const canasta_player *player, const canasta_game *game,
                     uint64_t seed);
/* The same, as how says (CN_DECIDE_*): the same move, whatever how.
 * The game is not over; only the bytes of *move its kind uses are
 * written. */
int cn_player_decide_how(canasta_move *move, cn_facts *f,
                         const canasta_player *player,
                         const canasta_game *game, uint64_t seed, int how);

#endif
