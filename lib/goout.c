/* goout.c - could this player go out now?  (G1, G3, G4, G5)  The G3
 * waiver it applies, and the rules that ask it (G4, G1), are decided in
 * rulebook.c and rulebook.h.
 *
 * The library answers this before letting a player ask "may I go out?"
 * (so a yes never traps anyone) and, after a yes, before each meld.  A
 * player can go out when the hand, less at most one discard, can be
 * melded completely: every rank's naturals into the side's meld of that
 * rank or a new meld of at least two, black threes as one meld of 3 or 4
 * (M6), every wild card into a meld with room for it (M1/M4), with at
 * least the needed canastas afterwards (G1) and, for a side that has not
 * opened, the opening minimum unless it is waived (G3). */
#include <string.h>
#include "internal.h"
#include "rulebook.h"

/* Completing the cheapest canastas first gives the most canastas: as
 * many as the wild cards (wild) pay for of those lacking one card, then
 * two, then three (deficits[d]: the melds lacking d cards, each with
 * room for d wild cards); whether that reaches the needed canastas. */
static int canastas_reached(int canastas, const int deficits[4], int wild,
                            int needed)
{
    int left = wild;
    for (int d = 1; d <= 3; d++) {
        const int can = left / d < deficits[d] ? left / d : deficits[d];
        left -= can * d;
        canastas += can;
    }
    return canastas >= needed;
}

#if CN_SSE2
/* melds_up (below) for the sixteen ranks at once, a byte each: the same
 * decisions, with no test per rank (whether a rank is melded, held once,
 * twice or more is unpredictable, and the loop's tests made most of the
 * check's cost).  Lanes outside present hold nothing. */
static int melds_up_lanes(const uint8_t nat[CN_RANKS], int wild,
                          const cn_goout_query *q, uint32_t present)
{
    const __m128i zero = _mm_setzero_si128();
    const __m128i n = _mm_loadu_si128((const __m128i *)(const void *)nat);
    const __m128i have =
        _mm_loadu_si128((const __m128i *)(const void *)q->size);
    const __m128i mw = _mm_loadu_si128((const __m128i *)(const void *)q->mw);
    /* the lanes of present: its two bytes spread over 8 lanes each, then
     * each lane's own bit */
    const __m128i bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1,
                                      2, 4, 8, 16, 32, 64, (char)128);
    __m128i in = _mm_cvtsi32_si128((int)(present & 0xFFFFu));
    in = _mm_unpacklo_epi8(in, in);
    in = _mm_unpacklo_epi16(in, in);
    in = _mm_shuffle_epi32(in, _MM_SHUFFLE(1, 1, 0, 0));
    in = _mm_cmpeq_epi8(_mm_and_si128(in, bit), bit);
    /* every count is far below 128: signed compares hold */
    const __m128i melded = _mm_cmpgt_epi8(have, zero);
    const __m128i set = _mm_andnot_si128(
        melded, _mm_cmpgt_epi8(n, _mm_set1_epi8(2))); /* a new meld */
    const __m128i pair = _mm_andnot_si128(
        melded, _mm_cmpeq_epi8(n, _mm_set1_epi8(2))); /* needs a wild card */
    const __m128i lone = _mm_andnot_si128(
        melded, _mm_cmpeq_epi8(n, _mm_set1_epi8(1)));
    if ((uint32_t)_mm_movemask_epi8(_mm_and_si128(lone, in)) != 0)
        return 0; /* a lone natural cannot be melded (M1) */
    const int pairs =
        cn_popcount((uint32_t)_mm_movemask_epi8(_mm_and_si128(pair, in)));
    if (pairs > wild)
        return 0; /* M1: each new pair needs a wild card */
    wild -= pairs;
    /* cards and room for wild cards (M4, cn_wild_room) of each meld:
     * onto the side's, its size and the room its wild cards leave; a new
     * set, its naturals and the whole room; a new pair with its wild card
     * (M1), three cards and the room less one */
    const __m128i most = _mm_set1_epi8(CN_MELD_WILDS_MAX);
    const __m128i size = _mm_and_si128(
        in, _mm_or_si128(_mm_and_si128(melded, _mm_add_epi8(have, n)),
                         _mm_or_si128(_mm_and_si128(set, n),
                                      _mm_and_si128(pair,
                                                    _mm_set1_epi8(3)))));
    const __m128i cap = _mm_and_si128(
        in, _mm_or_si128(_mm_and_si128(melded, _mm_subs_epu8(most, mw)),
                         _mm_or_si128(_mm_and_si128(set, most),
                                      _mm_and_si128(pair, _mm_set1_epi8(
                                          CN_MELD_WILDS_MAX - 1)))));
    const __m128i sums = _mm_sad_epu8(cap, zero);
    const int room = _mm_extract_epi16(sums, 0) + _mm_extract_epi16(sums, 4);
    if (wild > room)
        return 0;
    /* M5 (cn_rule_canasta): seven cards; the melds lacking d = 1..3
     * cards with room for d wild cards */
    int deficits[4] = { 0, 0, 0, 0 };
    const int canastas = cn_popcount((uint32_t)_mm_movemask_epi8(
        _mm_cmpgt_epi8(size, _mm_set1_epi8(CN_CANASTA_CARDS - 1))));
    for (int d = 1; d <= 3; d++)
        deficits[d] = cn_popcount((uint32_t)_mm_movemask_epi8(_mm_and_si128(
            _mm_cmpeq_epi8(size, _mm_set1_epi8((char)(CN_CANASTA_CARDS - d))),
            _mm_cmpgt_epi8(cap, _mm_set1_epi8((char)(d - 1))))));
    return canastas_reached(canastas, deficits, wild, q->needed);
}
#endif

/* present: the ranks 4..ace with a meld of the side or a natural held
 * (the others add nothing), visited lowest first. */
static int melds_up(const uint8_t nat[CN_RANKS], int b3, int wild,
                    const cn_goout_query *q, uint32_t present)
{
    if (b3 != 0 && b3 != 3 && b3 != 4)
        return 0;
#if CN_SSE2
    return melds_up_lanes(nat, wild, q, present);
#else
    /* by the cards a meld lacks for a canasta, 1..3 (no more: at most
     * its room for wild cards) */
    int deficits[4] = { 0, 0, 0, 0 };
    int room = 0, canastas = 0;
    for (; present; present &= present - 1) {
        const int r = cn_lowest_bit(present);
        int have = q->size[r];
        int size, cap;
        if (have) {
            size = have + nat[r];
            cap = cn_wild_room(q->mw[r]);
        } else if (nat[r] >= 3) {
            size = nat[r];
            cap = cn_wild_room(0);
        } else if (nat[r] == 2) {
            /* M1: a new pair needs a wild card to make three */
            if (wild == 0)
                return 0;
            wild--;
            size = 3;
            cap = cn_wild_room(1);
        } else if (nat[r] == 1) {
            return 0;
        } else {
            continue;
        }
        room += cap;
        if (cn_rule_canasta(size)) {
            canastas++;
        } else if (CN_CANASTA_CARDS - size <= cap) {
            deficits[CN_CANASTA_CARDS - size]++;
        }
    }
    if (wild > room)
        return 0;
    return canastas_reached(canastas, deficits, wild, q->needed);
#endif
}

int cn_can_go_out(const cn_goout_query *q)
{
    uint8_t kinds[CN_RANKS];
    int value;
    cn_hand_kinds(kinds, &value, q->hand);
    return cn_goout_kinds(q, kinds, value);
}

/* Eight bytes of a rank array (ranks 8h..8h+7), as one word. */
static uint64_t rank_bytes(const uint8_t a[CN_RANKS], int h)
{
    uint64_t x;
    memcpy(&x, a + 8 * h, sizeof x);
    return x;
}

#define BYTES_1 UINT64_C(0x0101010101010101) /* 1 in every byte */

/* How many ranks 4..ace could reach seven cards: the side's meld and the
 * naturals held, with the w wild cards held up to the meld's room (3
 * less its wild cards).  Eight ranks at a time, a byte each (every count
 * is below 60, so no byte carries into the next): size + min(w, room)
 * >= 7 (CN_CANASTA_CARDS, M5) is size >= 7, or size + w >= 7 and
 * size + 3 - wilds >= 7; a byte b is at least 7 when b + 128 - 7 sets its
 * top bit.  A rank neither melded nor held has size 0 and adds nothing,
 * so no mask of the ranks present is needed (the quick refusal of
 * goout_rest, which visited them). */
static int reachable_melds(const uint8_t size[CN_RANKS],
                           const uint8_t held[CN_RANKS],
                           const uint8_t mw[CN_RANKS], int w)
{
    /* ranks 4..14 of the bytes (built so, whatever the byte order) */
    static const uint8_t ranks[CN_RANKS] = { 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
                                             0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                             0xFF, 0xFF, 0xFF, 0 };
    /* b + BIAS sets a byte's top bit when b is a canasta's size; plus
     * the meld's room (M4: CN_MELD_WILDS_MAX wild cards less those it
     * holds) */
    enum { BIAS = 128 - CN_CANASTA_CARDS };
    uint64_t hits = 0;
    for (int h = 0; h < 2; h++) {
        const uint64_t m = rank_bytes(ranks, h);
        const uint64_t sz = (rank_bytes(size, h) + rank_bytes(held, h)) & m;
        const uint64_t wild = rank_bytes(mw, h) & m;
        const uint64_t alone = sz + BIAS * BYTES_1;
        const uint64_t with_w = sz + (uint64_t)(BIAS + w) * BYTES_1;
        const uint64_t in_room =
            sz + (uint64_t)(BIAS + CN_MELD_WILDS_MAX) * BYTES_1 - wild;
        hits += ((alone | (with_w & in_room)) & m) >> 7 & BYTES_1;
    }
    return (int)((hits * BYTES_1) >> 56); /* the sum of the bytes */
}

/* The going-out check once the first refusal (strays) has passed: the
 * hand's kinds and value, the ranks present (a meld or a natural held),
 * the strays (ranks held once with no meld; the black threes apart) and
 * the cards held. */
static int goout_rest(const cn_goout_query *q, const uint8_t kinds[CN_RANKS],
                      int hand_value, uint32_t present, uint32_t stray_ranks,
                      int strays, int total)
{
    const uint8_t *held = kinds; /* naturals by rank, 4..14 */
    const int b3 = kinds[3], twos = kinds[2], jokers = kinds[15];
    if (total == 0 || strays > 1)
        return 0;
    /* Quick refusal: not enough melds could reach seven cards (G1). */
    if (reachable_melds(q->size, held, q->mw, twos + jokers) < q->needed)
        return 0;

    /* hand_value is needed only by an opening (O1/O2). */

    /* The discards worth trying (suits never matter here).  A stray
     * cannot be melded, so with one it is the only discard.  Otherwise
     * none, then one wild card: keeping a natural or a black three never
     * stops the rest melding when throwing it would let it (a smaller
     * meld, a pair that needs a wild card, two black threes), nor does
     * throwing it help an opening's value; throwing a wild card can (more
     * wild cards than room), and a two leaves more value than a joker.
     * The exhaustive model of tests/test_going_out.c tries every card. */
    int tries[2], n_tries = 0;
    if (strays == 1)
        tries[n_tries++] = b3 == 1 || b3 == 5 ? 3 : cn_lowest_bit(stray_ranks);
    else {
        tries[n_tries++] = 0;
        if (twos || jokers)
            tries[n_tries++] = twos ? 2 : 15; /* 15: a joker */
    }
    for (int i = 0; i < n_tries; i++) {
        int d = tries[i], dv = 0;
        uint8_t nat[CN_RANKS]; /* held, less the discard */
        memcpy(nat, held, sizeof nat);
        int d3 = b3, dw = twos + jokers;
        uint32_t left = present;
        if (d >= 4 && d <= 14) {
            nat[d]--;
            dv = cn_value(CANASTA_CARD(d, 0));
            if (nat[d] == 0 && q->size[d] == 0)
                left &= ~(1u << d);
        } else if (d == 3) {
            d3--;
            dv = 5;
        } else if (d == 2) {
            dw--;
            dv = 20;
        } else if (d == 15) {
            dw--;
            dv = 50;
        }
        int ok = melds_up(nat, d3, dw, q, left);
        /* Opening (O1/O2): everything melded counts; G3 may waive it. */
        if (ok && !q->opened && !q->waiver && hand_value - dv < q->minimum)
            ok = 0;
        if (ok && !q->opened && total - (d != 0) == 0)
            ok = 0; /* an unopened side cannot go out by a discard alone */
        if (ok)
            return 1;
    }
    return 0;
}

int cn_goout_kinds(const cn_goout_query *q, const uint8_t kinds[CN_RANKS],
                   int hand_value)
{
    const uint8_t *held = kinds; /* naturals by rank, 4..14 */
    const int b3 = kinds[3], twos = kinds[2], jokers = kinds[15];
    /* Quick refusal (most calls end here): every rank held once with no
     * meld to join, and a wrong number of black threes, needs the single
     * discard. */
    int strays = b3 == 1 || b3 == 5;
    if (b3 == 2 || b3 > 5)
        return 0;
    int total = b3 + twos + jokers; /* cards held */
    uint32_t stray_ranks = 0, present = 0;
    for (int r = 4; r <= 14; r++) { /* no branch: the counts are random */
        uint32_t stray = (held[r] == 1) & (q->size[r] == 0);
        total += held[r];
        strays += (int)stray;
        stray_ranks |= stray << r;
        present |= (uint32_t)((held[r] | q->size[r]) != 0) << r;
    }
    return goout_rest(q, kinds, hand_value, present, stray_ranks, strays,
                      total);
}

void cn_seat_goout_query(cn_goout_query *q, const cn_state *st, int seat,
                         const uint8_t *size, const uint8_t *mw)
{
    q->hand = st->hand[seat];
    q->size = size;
    q->mw = mw;
    q->needed = st->p.canastas_to_go_out;
    q->opened = st->opened[st->side_of[seat]];
    q->minimum = q->opened ? 0 : cn_seat_minimum(st, seat);
    /* read only for a side that has not opened */
    q->waiver = q->opened ? 0 : cn_g3_waiver_turn(st, seat);
}

/* For the seat to move, from its cards and its side's melds. */
int cn_seat_can_go_out(const cn_state *st, int seat)
{
    int side = st->side_of[seat];
    uint8_t size[CN_RANKS], mw[CN_RANKS];
    for (int r = 0; r < CN_RANKS; r++) {
        const cn_meld *m = &st->melds[side][r];
        size[r] = (uint8_t)cn_meld_size(m);
        mw[r] = (uint8_t)(m->twos + m->jokers);
    }
    cn_goout_query q;
    cn_seat_goout_query(&q, st, seat, size, mw);
    return cn_can_go_out(&q);
}

/* The ranks 4..ace goout_rest visits for a hand against side's melds (a
 * meld, or a natural held), and the strays among them, from the hand's
 * masks (any: the kinds held; one: those held once, cn_held_one); as
 * after a meld of rank r (0: none), which the side then has. */
static uint32_t present_kept(const cn_kept *k, uint32_t any, int side, int r)
{
    return ((uint32_t)k->melded[side] | any | (1u << r)) & CN_RANKS_4_TO_ACE;
}

static uint32_t strays_kept(const cn_kept *k, uint32_t one, int side, int r)
{
    return one & ~(k->melded[side] | (1u << r)) & CN_RANKS_4_TO_ACE;
}

/* cn_seat_out_kept past its first refusal: lone is the mask of the
 * strays among ranks 4..ace (one at most), b3_stray 1 for one or five
 * black threes.  Apart, so that the refusal most calls end at sets up no
 * query (and saves no registers). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int seat_out_rest(const cn_state *st, int seat, int side,
                         uint32_t any, uint32_t lone, int b3_stray)
{
    const cn_kept *k = &st->k;
    cn_goout_query q;
    cn_seat_goout_query(&q, st, seat, k->meld_size[side], k->meld_wild[side]);
    return goout_rest(&q, k->held[seat], k->hand_value[seat],
                      present_kept(k, any, side, 0), lone,
                      (lone != 0) + b3_stray,
                      st->hand_n[seat] - k->held[seat][1]);
}

/* Most calls end at the first refusal (two strays: ranks held once with
 * no meld to join, or a wrong number of black threes), which the hand's
 * masks (made from the kept counts) decide at once without counting the
 * strays (two ranks, or one and the black threes); the rest of the check
 * visits only the ranks the masks say are present. */
int cn_seat_out_kept(const cn_state *st, int seat)
{
    const int side = st->side_of[seat];
    const cn_kept *k = &st->k;
    const uint32_t any = cn_held_any(k, seat);
    const uint32_t lone =
        strays_kept(k, any & ~cn_held_more(k, seat), side, 0);
    const int b3 = k->held[seat][3];
    const int b3_stray = (b3 == 1) | (b3 == 5);
    if ((lone & (lone - 1)) != 0 || (lone != 0 && b3_stray) || b3 == 2 ||
        b3 > 5)
        return 0;
    return seat_out_rest(st, seat, side, any, lone, b3_stray);
}

/* The query of a side that has opened (no minimum, no waiver), from its
 * melds' sizes and wild cards; the hand comes as kinds. */
static void opened_query(cn_goout_query *q, const uint8_t *size,
                         const uint8_t *mw, int needed)
{
    q->hand = NULL; /* not read from kinds */
    q->size = size;
    q->mw = mw;
    q->needed = needed;
    q->opened = 1;
    q->minimum = 0;
    q->waiver = 0;
}

int cn_opened_out_kinds(const uint8_t kinds[CN_RANKS], const uint8_t *size,
                        const uint8_t *mw, int needed)
{
    cn_goout_query q;
    opened_query(&q, size, mw, needed);
    return cn_goout_kinds(&q, kinds, 0); /* no opening: no value read */
}

int cn_opened_can_go_out(const int held[CN_RANKS], int b3, int twos,
                         int jokers, const uint8_t *size, const uint8_t *mw,
                         int needed)
{
    uint8_t kinds[CN_RANKS] = { 0 };
    for (int r = 4; r <= 14; r++)
        kinds[r] = (uint8_t)held[r];
    kinds[2] = (uint8_t)twos;
    kinds[3] = (uint8_t)b3;
    kinds[15] = (uint8_t)jokers;
    return cn_opened_out_kinds(kinds, size, mw, needed);
}

/* The hand's kinds and the side's melds as the meld of group (r, k, t, j)
 * leaves them (r 3: the black threes, kinds[3]). */
static void meld_kinds(uint8_t *held, uint8_t *size, uint8_t *mw, int r,
                       int k, int t, int j)
{
    held[r] = (uint8_t)(held[r] - k);
    held[2] = (uint8_t)(held[2] - t);
    held[15] = (uint8_t)(held[15] - j);
    size[r] = (uint8_t)(size[r] + k + t + j);
    mw[r] = (uint8_t)(mw[r] + t + j);
}

int cn_out_after_group(const cn_state *st, int seat, int r, int k, int t,
                       int j)
{
    const int side = st->side_of[seat];
    const cn_kept *kp = &st->k;
    if (st->hand_n[seat] == k + t + j)
        return 1; /* the meld took the last card: it went out */
    /* The first refusal of cn_goout_kinds, from the hand's masks: the
     * meld changes the strays only at its own rank (and the black
     * threes).  The ranks 4..ace held once with no meld of the rank,
     * and one more for one or five black threes. */
    const uint32_t any = cn_held_any(kp, seat);
    const uint32_t one = any & ~cn_held_more(kp, seat);
    const int b3 = kp->held[seat][3] - (r == 3 ? k : 0);
    const int strays = cn_popcount(strays_kept(kp, one, side, r)) +
                       (b3 == 1 || b3 == 5);
    if (strays > 1 || b3 == 2 || b3 > 5)
        return 0;
    uint8_t held[CN_RANKS], size[CN_RANKS], mw[CN_RANKS];
    memcpy(held, kp->held[seat], sizeof held);
    memcpy(size, kp->meld_size[side], sizeof size);
    memcpy(mw, kp->meld_wild[side], sizeof mw);
    meld_kinds(held, size, mw, r, k, t, j);
    cn_goout_query q; /* after a meld the side has opened */
    opened_query(&q, size, mw, st->p.canastas_to_go_out);
    const int melded = r >= 4 ? r : 0; /* the meld's rank, black threes
                                        * aside */
    return goout_rest(&q, held, 0, present_kept(kp, any, side, melded),
                      strays_kept(kp, one, side, melded), strays,
                      st->hand_n[seat] - (k + t + j) - held[1]);
}

int cn_out_after_groups(const cn_state *st, int seat, int n,
                        const cn_spec *g)
{
    const int side = st->side_of[seat];
    const cn_kept *kp = &st->k;
    uint8_t held[CN_RANKS], size[CN_RANKS], mw[CN_RANKS];
    int left = st->hand_n[seat];
    memcpy(held, kp->held[seat], sizeof held);
    memcpy(size, kp->meld_size[side], sizeof size);
    memcpy(mw, kp->meld_wild[side], sizeof mw);
    for (int i = 0; i < n; i++) {
        meld_kinds(held, size, mw, g[i].r, g[i].k, g[i].t, g[i].j);
        left -= g[i].k + g[i].t + g[i].j;
    }
    if (left == 0)
        return 1; /* the meld took the last card: it went out */
    /* after a meld the side has opened: no minimum, no waiver */
    return cn_opened_out_kinds(held, size, mw, st->p.canastas_to_go_out);
}
