/* hint.c - RULES.md A2: the reference player's move for the seat to move,
 * and one sentence saying why, written from the same facts the choice
 * was made from (so the reason can only name what the seat may know). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "player.h"
#include "rulebook.h"

typedef struct out {
    char *buf;
    size_t size, pos;
} out;

static void say(out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(out *o, const char *fmt, ...)
{
    if (!o->buf || o->size == 0)
        return;
    if (o->pos >= o->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->pos, o->size - o->pos, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->pos += (size_t)n;
}

static const char *number_word(int n)
{
    static const char *const words[] = {
        "no", "one", "two", "three", "four", "five", "six", "seven",
        "eight", "nine", "ten", "eleven", "twelve"
    };
    return n >= 0 && n <= 12 ? words[n] : "many";
}

/* "ace", "king", "7", "black 3": one card of a rank, in words. */
static const char *rank_word(int r)
{
    static const char *const faces[] = { "jack", "queen", "king", "ace" };
    return r >= 11 && r <= 14 ? faces[r - 11] : cn_rank_name(r);
}

static const char *card_word(int c)
{
    if (cn_is_black3(c))
        return "black 3";
    if (c == CANASTA_JOKER)
        return "joker";
    if (cn_rank(c) == 2)
        return "2";
    return rank_word(cn_rank(c));
}

/* "your two 9s", "your 9 and a wild card", "two wild cards". */
static void group_words(out *o, const canasta_group *g)
{
    int nat = 0, wild = 0;
    for (int i = 0; i < g->count; i++)
        nat += !cn_is_wild(g->cards[i]), wild += cn_is_wild(g->cards[i]);
    if (nat == 1)
        say(o, "your %s", rank_word(g->rank));
    else if (nat > 1)
        say(o, "your %s %s", number_word(nat), cn_rank_plural(g->rank));
    if (wild)
        say(o, "%s%s wild card%s", nat ? " and " : "",
            wild == 1 ? "a" : number_word(wild), wild == 1 ? "" : "s");
}

static void explain_take(out *o, const cn_facts *f, const canasta_move *m)
{
    const cn_state *v = f->st;
    int r = cn_rank(f->top);
    say(o, "Take the pile: ");
    if (m->groups[0].count == 0)
        say(o, "its top %s joins your side's meld of %s", rank_word(r),
            cn_rank_plural(r));
    else {
        group_words(o, &m->groups[0]);
        say(o, " meld its top card");
    }
    if (!f->opened)
        say(o, ", which opens your side (it needs %d)",
            cn_seat_minimum(v, f->seat));
    /* A take that leaves one card or none goes out (G1): the cards under
     * the top join the hand, red threes aside. */
    int after = v->hand_n[f->seat] + cn_pile_pickup_count(v);
    for (int g = 0; g < m->ngroups; g++)
        after -= m->groups[g].count;
    if (after <= 1) {
        say(o, ", and with %s you go out.",
            m->ngroups > 1 ? "your other melds" : "it");
        return;
    }
    say(o, "%s and it holds %d card%s.", f->opened ? "" : ",", v->pile_n,
        v->pile_n == 1 ? "" : "s");
}

static void count_takes(void *ctx, const canasta_move *m)
{
    *(int *)ctx += m->kind == CANASTA_MOVE_TAKE_PILE;
}

static void explain_draw(out *o, const cn_facts *f)
{
    const cn_state *v = f->st;
    int flags = cn_pile_flags(v, f->side), takes = 0;
    cn_legal_visit(v, count_takes, &takes);
    say(o, "Draw from the stock: ");
    if (v->pile_n == 0)
        say(o, "the discard pile is empty.");
    else if (flags & CANASTA_PILE_BLOCKED_WILD)
        say(o, "a wild card on top blocks the pile.");
    else if (flags & CANASTA_PILE_BLOCKED_BLACK_THREE)
        say(o, "a black 3 on top blocks the pile.");
    else if (cn_rule_take_form(f->frozen, f->meld_size[cn_rank(f->top)] > 0,
                               f->nat[cn_rank(f->top)], f->wilds) ==
             CN_REFUSED_P4_FROZEN)
        say(o, "the pile is frozen and you hold no natural pair of %s.",
            cn_rank_plural(cn_rank(f->top)));
    else if (!takes && f->meld_size[cn_rank(f->top)] == 0)
        say(o, "you would need two %s, or one and a wild card, to meld its "
            "top card.", cn_rank_plural(cn_rank(f->top)));
    else if (!takes)
        say(o, "you cannot take it now (the opening minimum, or the cards "
            "you would have left, do not allow it).");
    else
        say(o, "the pile (%d card%s) is not worth breaking up your hand "
            "for.", v->pile_n, v->pile_n == 1 ? "" : "s");
}

static void explain_meld(out *o, const cn_facts *f, const canasta_move *m)
{
    int completes = 0, ranks = 0;
    for (int g = 0; g < m->ngroups; g++) {
        int r = m->groups[g].rank;
        int size = f->meld_size[r];
        if (cn_rule_completes(size, m->groups[g].count))
            completes = r;
        ranks++;
    }
    if (!f->opened) {
        say(o, "Open with ");
        for (int g = 0; g < m->ngroups; g++)
            say(o, "%s%s", g ? (g + 1 == m->ngroups ? " and " : ", ") : "",
                cn_rank_plural(m->groups[g].rank));
        say(o, ": they reach your side's minimum of %d.",
            cn_seat_minimum(f->st, f->seat));
        return;
    }
    int r = m->groups[0].rank;
    int adds = f->meld_size[r] > 0;
    say(o, "%s ", adds ? "Add" : "Meld");
    group_words(o, &m->groups[0]);
    if (adds)
        say(o, " to your side's %s", cn_rank_plural(r));
    if (f->wants_out)
        say(o, ": you can go out this turn.");
    else if (completes)
        say(o, ": it completes a canasta of %s.", cn_rank_plural(completes));
    else
        say(o, ": cards on the table count for your side, cards in hand "
            "against it.");
    (void)ranks;
}

static void explain_discard(out *o, const cn_facts *f, const canasta_move *m)
{
    say(o, "Discard the %s", card_word(m->card));
    if (f->hand_n == 1) {
        say(o, " to go out.");
        return;
    }
    if (cn_is_black3(m->card)) {
        say(o, ": it stops the next player from taking the pile.");
        return;
    }
    if (cn_is_wild(m->card)) {
        say(o, ": it freezes the pile, and every other card you hold is "
            "worth keeping.");
        return;
    }
    int r = cn_rank(m->card);
    switch (f->knob[CANASTA_KNOB_DISCARD - 1]) {
    case CANASTA_DISCARD_LOW:
        say(o, ": it is your lowest card you do not need.");
        break;
    case CANASTA_DISCARD_HIGH:
        say(o, ": it is worth %d points against you if you keep it.",
            cn_value(m->card));
        break;
    default:
        if (f->next_is_opponent && !f->next_frozen &&
            f->st->melds[f->next_side][r].naturals > 0)
            say(o, ": every other card helps you more, though the next "
                "side has melded %s.", cn_rank_plural(r));
        else if (f->next_is_opponent)
            say(o, ": the next player's side has no meld of %s to put it "
                "on.", cn_rank_plural(r));
        else
            say(o, ": it is the card you need least.");
        break;
    }
}

static void explain(out *o, const cn_facts *f, const canasta_move *m)
{
    switch (m->kind) {
    case CANASTA_MOVE_DRAW:
        explain_draw(o, f);
        break;
    case CANASTA_MOVE_TAKE_PILE:
        explain_take(o, f, m);
        break;
    case CANASTA_MOVE_DECLINE: {
        int takes = 0;
        cn_legal_visit(f->st, count_takes, &takes);
        say(o, "Decline the pile: the stock is empty and %s; this ends the "
            "hand.", takes ? "taking it would not help"
                           : "you cannot take the pile");
        break;
    }
    case CANASTA_MOVE_MELD:
        explain_meld(o, f, m);
        break;
    case CANASTA_MOVE_DISCARD:
        explain_discard(o, f, m);
        break;
    case CANASTA_MOVE_ASK:
        say(o, "Ask your partner whether you may go out: you can go out "
            "now, and your side has %d canasta%s.", f->canastas,
            f->canastas == 1 ? "" : "s");
        break;
    case CANASTA_MOVE_ANSWER_YES:
        say(o, "Say yes: your hand holds only %d points.", f->hand_value);
        break;
    case CANASTA_MOVE_ANSWER_NO:
        say(o, "Say no: your hand still holds %d points that would count "
            "against your side.", f->hand_value);
        break;
    case CANASTA_MOVE_NEXT_HAND:
        say(o, "Deal the next hand.");
        break;
    default:
        break;
    }
}

CANASTA_API int canasta_player_hint(canasta_move *move, char *reason,
    size_t reason_size, const canasta_player *player,
    const canasta_game *game)
{
    if (!move || !player || !game)
        return CANASTA_E_NULL;
    if (!reason)
        reason_size = 0; /* as every why buffer of the library */
    if (reason_size)
        reason[0] = '\0';
    cn_facts f;
    int rc = cn_player_decide(move, &f, player, game, 0);
    if (rc)
        return rc;
    out o = { reason, reason_size, 0 };
    /* The facts afresh, on the state the decision read (the going-out
     * facts as the reason asks them, not as the decision left them). */
    cn_facts_init(&f, &game->st, player->knob);
    cn_facts_wants_out(&f); /* the reason may name it */
    explain(&o, &f, move);
    return CANASTA_OK;
}
