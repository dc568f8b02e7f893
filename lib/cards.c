/* cards.c - card codes, their text form and their values (V1). */
#include <string.h>
#include "internal.h"

static const char *const rank_text[CN_RANKS] = {
    "?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    "A", "Jk"
};
static const char *const rank_plural[CN_RANKS] = {
    "?", "?", "twos", "black threes", "4s", "5s", "6s", "7s", "8s", "9s",
    "10s", "jacks", "queens", "kings", "aces", "jokers"
};
static const char suit_text[4] = { 'c', 'd', 'h', 's' };

/* V1: joker 50; ace and two 20; K..8 10; 7..4 and black three 5; red
 * three 0 (it only ever scores as a bonus, R3). */
#define V4(v) v, v, v, v
const uint8_t cn_values[CANASTA_CARD_LIMIT] = {
    V4(0), V4(0),            /* 0..7: not cards */
    V4(20),                  /* twos */
    5, 0, 0, 5,              /* threes: black 5, red 0 */
    V4(5), V4(5), V4(5), V4(5),       /* 4..7 */
    V4(10), V4(10), V4(10), V4(10), V4(10), V4(10), /* 8..K */
    V4(20),                  /* aces */
    50, 0, 0, 0              /* joker (60); 61..63 are not cards */
};

/* The kinds of cn_kind (internal.h): the rank, except black threes 3 and
 * red threes 1, and the joker 15. */
#define K4(k) k, k, k, k
const uint8_t cn_kinds[CANASTA_CARD_LIMIT] = {
    K4(0), K4(0),            /* 0..7: not cards */
    K4(2),                   /* twos */
    3, 1, 1, 3,              /* threes: black 3, red 1 */
    K4(4), K4(5), K4(6), K4(7), K4(8), K4(9), K4(10), K4(11), K4(12),
    K4(13), K4(14),
    15, 0, 0, 0              /* joker (60); 61..63 are not cards */
};

/* Copies with explicit lengths: every text is at most 2 characters plus
 * a suit letter, which is what the 4-byte minimum of buf is for. */
void cn_card_name(char *buf, int c)
{
    if (!cn_valid_card(c)) {
        memcpy(buf, "??", 3);
        return;
    }
    if (c == CANASTA_JOKER) {
        memcpy(buf, "Jk", 3);
        return;
    }
    const char *rank = rank_text[cn_rank(c)];
    size_t n = strlen(rank);
    memcpy(buf, rank, n);
    buf[n] = suit_text[cn_suit(c)];
    buf[n + 1] = '\0';
}

const char *cn_rank_name(int rank)
{
    return (rank >= 0 && rank < CN_RANKS) ? rank_text[rank] : "?";
}

const char *cn_rank_plural(int rank)
{
    return (rank >= 0 && rank < CN_RANKS) ? rank_plural[rank] : "?";
}

static int lower(int ch)
{
    return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch;
}

CANASTA_API int canasta_card_from_string(int *card, const char *text,
                                         size_t length)
{
    if (!card || !text)
        return CANASTA_E_NULL;
    size_t n = cn_text_len(text, length);
    if (n > 3 || cn_has_nul(text, n))
        return CANASTA_E_PARSE; /* no card's name is longer or holds a NUL */
    if (n == 2 && lower(text[0]) == 'j' && lower(text[1]) == 'k') {
        *card = CANASTA_JOKER;
        return CANASTA_OK;
    }
    int rank = 0;
    const char *s = text;
    if (n == 3 && s[0] == '1' && s[1] == '0') {
        rank = 10;
        s += 2;
    } else if (n == 2) {
        int ch = lower(s[0]);
        if (ch >= '2' && ch <= '9')
            rank = ch - '0';
        else if (ch == 't')
            rank = 10;
        else if (ch == 'j')
            rank = 11;
        else if (ch == 'q')
            rank = 12;
        else if (ch == 'k')
            rank = 13;
        else if (ch == 'a')
            rank = 14;
        s += 1;
    }
    if (rank == 0)
        return CANASTA_E_PARSE;
    const char *p = strchr("cdhs", lower(s[0]));
    if (!p || s[0] == '\0')
        return CANASTA_E_PARSE;
    *card = CANASTA_CARD(rank, (int)(p - "cdhs"));
    return CANASTA_OK;
}

CANASTA_API int canasta_card_to_string(char *buf, size_t size, int card)
{
    if (!buf)
        return CANASTA_E_NULL;
    if (!cn_valid_card(card))
        return CANASTA_E_CARD;
    if (size < 4)
        return CANASTA_E_BUFFER;
    cn_card_name(buf, card);
    return CANASTA_OK;
}

CANASTA_API int canasta_card_rank(int card)
{
    return cn_valid_card(card) ? cn_rank(card) : CANASTA_E_CARD;
}

CANASTA_API int canasta_card_suit(int card)
{
    return cn_valid_card(card) ? cn_suit(card) : CANASTA_E_CARD;
}

CANASTA_API int canasta_card_value(int card)
{
    return cn_valid_card(card) ? cn_value(card) : CANASTA_E_CARD;
}

CANASTA_API int canasta_card_is_wild(int card)
{
    return cn_valid_card(card) ? cn_is_wild(card) : CANASTA_E_CARD;
}
