/* rulebook.h - each rule decided once (issue 19).  Not installed.
 *
 * One predicate per decision of the rules, with its rule ID beside it and
 * no words: it says whether the rules allow something and, when they do
 * not, which rule refuses (a cn_verdict).  Every consumer asks the same
 * predicate: the validator (moves.c, take.c, meld.c), which then only
 * adds the sentence for the verdict; the legal-move enumerator (legal.c);
 * the player (player.c, lib/enumerate.h); the hint (hint.c); the position
 * checker.  The small, hot predicates are here, inline; the rest are in
 * rulebook.c.  Whether a hand can be melded out at all (G1, G5) is the
 * going-out check of goout.c, which these predicates take as an input
 * where a rule depends on it (CN_UNLESS_OUT).
 *
 * A newcomer following a rule ID from RULES.md: M5 cn_rule_canasta,
 * cn_rule_completes (CN_CANASTA_CARDS) and cn_rule_canasta_class; P2
 * and P3 cn_rule_pile; P4 and P5 cn_rule_take_form; P6 cn_rule_one_card;
 * G1 and G4 for a discard cn_rule_discard, after a meld
 * cn_rule_after_meld; the G4 question cn_rule_ask; who must be able to
 * go out cn_rule_must_go_out;
 * G3 cn_g3_waiver_turn, cn_g3_waived and cn_exit_concealed; S6
 * cn_s6_over and cn_game_over. */
#ifndef CANASTA_RULEBOOK_H
#define CANASTA_RULEBOOK_H

#include "cn_assert.h"
#include "internal.h"

/* What a predicate decides: allowed, or the rule that refuses. */
typedef enum cn_verdict {
    CN_ALLOWED = 0,
    CN_REFUSED_P4_FROZEN = 1,      /* a frozen pile needs a natural pair */
    CN_REFUSED_P5_NOT_MELDED = 2,  /* the top card would not be melded */
    CN_REFUSED_G1_CANASTAS = 3,    /* going out without the canastas */
    CN_REFUSED_G4_SAID_NO = 4,     /* going out after the partner's no */
    CN_REFUSED_G4_MUST_GO_OUT = 5, /* not going out after a yes */
    CN_REFUSED_M6_NOT_OUT = 6,     /* black threes melded, not going out */
    CN_REFUSED_G4_ASK_OFF = 7,     /* the question is switched off */
    CN_REFUSED_G4_NO_PARTNER = 8,  /* nobody to ask (X3: not yet) */
    CN_REFUSED_G4_ASKED = 9,       /* asked already this turn */
    CN_REFUSED_G4_ASK_LATE = 10,   /* asked after a meld */
    CN_REFUSED_G4_ONE_CARD = 11,   /* one card left: nothing to ask */
    CN_REFUSED_G4_CANNOT_OUT = 12, /* asked by a seat that cannot go out */
    CN_REFUSED_P6_ONE_CARD = 13    /* one card in hand, one in the pile */
} cn_verdict;

/* Or'ed into a refusal: it holds only when the seat could not (still) go
 * out; the caller asks the going-out check (goout.c) and, when the seat
 * could, the verdict is CN_ALLOWED (cn_unless_out). */
#define CN_UNLESS_OUT 0x100

/* A verdict with CN_UNLESS_OUT settled by can_out (1: the seat could go
 * out). */
static inline int cn_unless_out(int verdict, int can_out)
{
    if (NEVER(!(verdict & CN_UNLESS_OUT))) /* every caller tests the bit */
        return verdict;
    return can_out ? CN_ALLOWED : verdict & ~CN_UNLESS_OUT;
}

/* ---- canastas (M5) ---- */

/* M5: a meld of this many cards or more is a canasta. */
#define CN_CANASTA_CARDS 7 /* M5 */

/* M5: is a meld of cards cards a canasta? */
static inline int cn_rule_canasta(int cards)
{
    return cards >= CN_CANASTA_CARDS;
}

/* M5: does adding added cards to a meld of before cards make it a
 * canasta (it was none, and is one after)?  The kept canasta counts, the
 * CANASTA events and the scores of melds that complete one all ask it. */
static inline int cn_rule_completes(int before, int added)
{
    return !cn_rule_canasta(before) && cn_rule_canasta(before + added);
}

/* M5: the kind of canasta a meld of naturals natural cards and wilds
 * wild cards is: CANASTA_MELD_NATURAL_CANASTA with no wild card,
 * CANASTA_MELD_MIXED_CANASTA with any (an X3 merged meld may hold more
 * than 3), or CANASTA_MELD_NONE when it is no canasta.  The meld class,
 * the scores (S1), the CANASTA events, the X3 merge, the JSON view and
 * canasta_game_canastas all ask it. */
static inline int cn_rule_canasta_class(int naturals, int wilds)
{
    if (!cn_rule_canasta(naturals + wilds))
        return CANASTA_MELD_NONE;
    return wilds ? CANASTA_MELD_MIXED_CANASTA : CANASTA_MELD_NATURAL_CANASTA;
}

/* ---- the pile (P2, P3) ---- */

/* P3: frozen for everyone while it holds a wild card or the covered
 * red-three upcard, and frozen against a side that has not opened.  P2:
 * nobody may take it while a wild card or a black three is on top.  The
 * CANASTA_PILE_* bits of the pile as side sees it; it is frozen for the
 * side when (bits & CANASTA_PILE_FROZEN_MASK) != 0.  The state keeps the
 * answer for every side (cn_kept.pile, renewed by cn_pile_changed), which
 * cn_pile_flags and cn_pile_frozen read. */
static inline int cn_rule_pile_cards(const cn_state *st)
{
    int f = (st->pile_wilds ? CANASTA_PILE_FROZEN_WILD : 0) |
            (st->pile_red3 ? CANASTA_PILE_FROZEN_RED_THREE : 0);
    if (st->pile_n == 0)
        return f | CANASTA_PILE_EMPTY;
    int top = st->pile[st->pile_n - 1];
    return f | (cn_is_wild(top) ? CANASTA_PILE_BLOCKED_WILD
                : cn_is_black3(top) ? CANASTA_PILE_BLOCKED_BLACK_THREE : 0);
}
/* cn_rule_pile_cards: the bits the cards decide, the same for every
 * side; the side's own: whether it has opened. */
static inline int cn_rule_pile_side(int cards, int opened)
{
    return cards | (opened ? 0 : CANASTA_PILE_FROZEN_UNOPENED);
}
static inline int cn_rule_pile(const cn_state *st, int side)
{
    return cn_rule_pile_side(cn_rule_pile_cards(st), st->opened[side]);
}

/* The bits of cn_rule_pile that let nobody take the pile now: it is
 * empty (P1), or a wild card or a black three is on top (P2). */
#define CN_PILE_NO_TAKE                                                     \
    (CANASTA_PILE_EMPTY | CANASTA_PILE_BLOCKED_WILD |                       \
     CANASTA_PILE_BLOCKED_BLACK_THREE)

/* ---- taking it (P4, P5) ---- */

/* P4, P5: may the top card's group, holding nat naturals of the top
 * card's rank and wild wild cards from the hand, take the pile, when the
 * pile is frozen for the side or not (P3, cn_rule_pile) and the side has
 * a meld of the top card's rank or not?  P4: a frozen pile only with a
 * natural pair from the hand.  P5: otherwise the top card must be melded:
 * with two naturals, or one and a wild card, from the hand, or on the
 * side's meld of its rank.  More cards allow no less, so asked with all
 * the hand holds it says whether any take can meet P4 and P5. */
static inline int cn_rule_take_form(int frozen, int has_meld, int nat,
                                    int wild)
{
    if (frozen)
        return nat >= 2 ? CN_ALLOWED : CN_REFUSED_P4_FROZEN;
    return has_meld || (nat >= 1 && nat + wild >= 2)
               ? CN_ALLOWED : CN_REFUSED_P5_NOT_MELDED;
}

/* P6 (CANASTA_OPT_ONE_CARD_RULE): may a seat holding hand_n cards take a
 * pile of pile_n cards?  Not with one card in hand and one in the pile,
 * when the option is on. */
static inline int cn_rule_one_card(int one_card_rule, int hand_n, int pile_n)
{
    return one_card_rule && hand_n == 1 && pile_n == 1
               ? CN_REFUSED_P6_ONE_CARD : CN_ALLOWED;
}

/* The smallest top-card groups (hand cards that meld the top card, as
 * {naturals, twos, jokers}), in the order the legal moves list them:
 * the top card alone onto the side's meld, a natural pair, a natural and
 * a two, a natural and a joker.  An opened side's take needs nothing
 * more in its first group (more can be melded by later moves), so the
 * legal moves name only these (the enumerator, lib/enumerate.h, for
 * the legal list and the player alike). */
extern const int8_t cn_take_forms[4][3];

/* Whether the legal moves list form i of cn_take_forms for an opened
 * side: cn_rule_take_form allows it and, the moves naming only what a
 * take needs, the top card alone (form 0) does not do already. */
static inline int cn_take_form_listed(int i, int frozen, int has_meld)
{
    const int8_t *f = cn_take_forms[i];
    if (cn_rule_take_form(frozen, has_meld, f[0], f[1] + f[2]) != CN_ALLOWED)
        return 0;
    return i == 0 ||
           cn_rule_take_form(frozen, has_meld, 0, 0) != CN_ALLOWED;
}

/* ---- going out (G1, G4, M6) ---- */

/* G1, G4: may a seat holding hand_n cards discard one now?  The last card
 * goes only by going out: never after the partner's no (G4), and only
 * with the side's canastas (G1, canastas of needed); after a yes only the
 * last card goes (G4: the seat must go out this turn). */
static inline int cn_rule_discard(int hand_n, int permission, int canastas,
                                  int needed)
{
    if (hand_n == 1) {
        if (permission == CANASTA_PERMISSION_NO)
            return CN_REFUSED_G4_SAID_NO;
        return canastas < needed ? CN_REFUSED_G1_CANASTAS : CN_ALLOWED;
    }
    return permission == CANASTA_PERMISSION_YES ? CN_REFUSED_G4_MUST_GO_OUT
                                                : CN_ALLOWED;
}

/* M6, G1, G4: may a MELD or TAKE_PILE whose groups are legal melds
 * (black_threes: it melds black threes) leave the hand hand_after cards?
 * M6: black threes only in the move that goes out (one card or none
 * left).  G4: never out after a no.  G1: one card or none left only by a
 * seat that can go out from there (the canastas, and the last card
 * discarded or melded).  G4: after a yes the seat must still be able to
 * go out.  The last two are refusals | CN_UNLESS_OUT: the caller asks
 * whether the seat could still go out after the move. */
static inline int cn_rule_after_meld(int black_threes, int hand_after,
                                     int permission)
{
    if (black_threes && hand_after > 1)
        return CN_REFUSED_M6_NOT_OUT;
    if (hand_after <= 1)
        return permission == CANASTA_PERMISSION_NO
                   ? CN_REFUSED_G4_SAID_NO
                   : CN_REFUSED_G1_CANASTAS | CN_UNLESS_OUT;
    return permission == CANASTA_PERMISSION_YES
               ? CN_REFUSED_G4_MUST_GO_OUT | CN_UNLESS_OUT
               : CN_ALLOWED;
}

/* G4 (X3): may seat, in the play phase, ask "may I go out?" now?  The
 * question must be allowed by the rules, the seat must have a partner, it
 * asks once a turn, right after drawing or taking the pile and before any
 * other meld, and with two cards at least (with one, a "no" would leave
 * it no move).  When all of that holds the answer is
 * CN_REFUSED_G4_CANNOT_OUT | CN_UNLESS_OUT: it may ask if it could go out
 * (the going-out check is left to the caller, being the costly part).
 * Inline: the legal moves ask it at every play decision. */
static inline int cn_rule_ask(const cn_state *st, int seat)
{
    if (!st->p.ask_allowed)
        return CN_REFUSED_G4_ASK_OFF;
    if (cn_partner(st, seat) < 0)
        return CN_REFUSED_G4_NO_PARTNER; /* X3: none before the pile */
    if (st->permission != CANASTA_PERMISSION_NONE)
        return CN_REFUSED_G4_ASKED;
    if (st->turn_melds || st->turn_take_extra)
        return CN_REFUSED_G4_ASK_LATE;
    if (st->hand_n[seat] < 2)
        return CN_REFUSED_G4_ONE_CARD;
    return CN_REFUSED_G4_CANNOT_OUT | CN_UNLESS_OUT;
}

/* ---- rulebook.c ---- */

/* G1, G4: the seat that must be able to go out now, or -1: the asker
 * while its question waits for the answer, and in the play phase the
 * player to move after a yes, or holding one card (every move that would
 * lose that is refused).  Public, so every determinized world keeps it. */
int cn_rule_must_go_out(const cn_state *st);
/* G3, the waiver and the concealed exit: see rulebook.c.  S6:
 * cn_s6_over, cn_game_over (declared in internal.h, which position.c
 * reads). */

#endif
