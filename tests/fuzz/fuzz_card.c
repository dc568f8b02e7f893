/*
 * fuzz_card.c - the card text parser and formatter (C2: card codes).
 *
 * The input is card text: the whole input, and each piece of it between
 * NUL bytes, spaces or newlines, is given to canasta_card_from_string.
 * The verdict must match a table of every accepted spelling built here
 * from the header's description ("7h", "10s", "Ts", "Jk", any case); an
 * accepted text must format back to the canonical spelling, which parses
 * to the same code.  The same bytes given by their length (no NUL after
 * them) must get the same answer.  The first bytes are also read as a card code and a
 * buffer size for canasta_card_to_string and the per-card queries.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

static const char *const rank_text[15] = {
    "", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
};
static const char suit_text[] = "cdhs";

/* The canonical spelling of a valid code (C2 numbering: rank*4+suit). */
static void canonical(char out[4], int code)
{
    if (code == CANASTA_JOKER) {
        strcpy(out, "Jk");
        return;
    }
    strcpy(out, rank_text[code / 4]);
    size_t n = strlen(out);
    out[n] = suit_text[code % 4];
    out[n + 1] = '\0';
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static int same_ignoring_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower((unsigned char)*a) != lower((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* The code that text spells, or -1: every canonical spelling and "T" for
 * ten, in any case. */
static int expected_code(const char *text)
{
    for (int code = 8; code <= 60; code++) {
        char name[4];
        canonical(name, code);
        if (same_ignoring_case(text, name))
            return code;
        if (code / 4 == 10 && code != CANASTA_JOKER) {
            char alt[3] = { 'T', suit_text[code % 4], '\0' };
            if (same_ignoring_case(text, alt))
                return code;
        }
    }
    return -1;
}

static void check_text(const char *text)
{
    int code = -12345;
    int rc = canasta_card_from_string(&code, text, (size_t)-1);
    int want = expected_code(text);
    if (want < 0) {
        FZ_CHECK(rc == CANASTA_E_PARSE, "\"%s\" gave %s (code %d)", text,
                 canasta_error_name(rc), code);
        return;
    }
    FZ_CHECK(rc == CANASTA_OK && code == want, "\"%s\": %s, code %d, "
             "expected %d", text, canasta_error_name(rc), code, want);
    char buf[4], name[4];
    FZ_OK(canasta_card_to_string(buf, sizeof buf, code));
    canonical(name, code);
    FZ_CHECK(strcmp(buf, name) == 0, "code %d formats as \"%s\", not \"%s\"",
             code, buf, name);
    int again = -1;
    FZ_OK(canasta_card_from_string(&again, buf, (size_t)-1));
    FZ_CHECK(again == code, "\"%s\" parses to %d, not %d", buf, again, code);
}

/* The same text given by its length, from a copy with nothing after it
 * (ASan sees any read past the end): the same answer as the
 * NUL-terminated text, and a NUL inside the length is refused. */
static void check_length(const uint8_t *bytes, size_t n)
{
    char *exact = malloc(n ? n : 1), *term = malloc(n + 1);
    FZ_CHECK(exact && term, "out of memory");
    memcpy(exact, bytes, n);
    memcpy(term, bytes, n);
    term[n] = '\0';
    int a = -1, b = -1;
    int ra = canasta_card_from_string(&a, exact, n);
    if (memchr(exact, '\0', n)) {
        FZ_CHECK(ra == CANASTA_E_PARSE, "a NUL inside the length: %s",
                 canasta_error_name(ra));
    } else {
        int rb = canasta_card_from_string(&b, term, (size_t)-1);
        FZ_CHECK(ra == rb && (ra || a == b), "\"%s\" by length: %s %d, "
                 "NUL-terminated: %s %d", term, canasta_error_name(ra), a,
                 canasta_error_name(rb), b);
    }
    free(exact);
    free(term);
}

/* canasta_card_to_string and the per-card queries for any int. */
static void check_code(int code, size_t size)
{
    int valid = code >= 8 && code <= 60;
    /* exactly size bytes, so ASan sees a write past the end */
    char *buf = malloc(size ? size : 1);
    FZ_CHECK(buf != NULL, "out of memory");
    int rc = canasta_card_to_string(buf, size, code);
    if (!valid)
        FZ_CHECK(rc == CANASTA_E_CARD || (size < 4 && rc == CANASTA_E_BUFFER),
                 "code %d size %zu: %s", code, size, canasta_error_name(rc));
    else if (size < 4)
        FZ_CHECK(rc == CANASTA_E_BUFFER, "code %d size %zu: %s", code, size,
                 canasta_error_name(rc));
    else {
        char name[4];
        canonical(name, code);
        FZ_CHECK(rc == CANASTA_OK && strcmp(buf, name) == 0,
                 "code %d: %s \"%s\"", code, canasta_error_name(rc),
                 rc == CANASTA_OK ? buf : "");
    }
    free(buf);

    int rank = canasta_card_rank(code), suit = canasta_card_suit(code);
    int value = canasta_card_value(code), wild = canasta_card_is_wild(code);
    if (!valid) {
        FZ_CHECK(rank == CANASTA_E_CARD && suit == CANASTA_E_CARD &&
                 value == CANASTA_E_CARD && wild == CANASTA_E_CARD,
                 "code %d: %d %d %d %d", code, rank, suit, value, wild);
        return;
    }
    int want_rank = code == CANASTA_JOKER ? CANASTA_RANK_JOKER : code / 4;
    int want_suit = code == CANASTA_JOKER ? 0 : code % 4;
    FZ_CHECK(rank == want_rank && suit == want_suit, "code %d: rank %d "
             "suit %d", code, rank, suit);
    FZ_CHECK(value == fz_card_value(code), "V1: code %d value %d, "
             "expected %d", code, value, fz_card_value(code));
    FZ_CHECK(wild == (code == CANASTA_JOKER || code / 4 == 2),
             "code %d wild %d", code, wild);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the whole input as one string (up to its first NUL) */
    char *text = malloc(size + 1);
    FZ_CHECK(text != NULL, "out of memory");
    memcpy(text, data, size);
    text[size] = '\0';
    check_text(text);
    check_length(data, size < 5 ? size : 5);
    check_length(data, size);

    /* each piece between separators */
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i == size || text[i] == '\0' || text[i] == ' ' ||
            text[i] == '\n') {
            size_t len = i - start;
            char *piece = malloc(len + 1); /* exact, for ASan */
            FZ_CHECK(piece != NULL, "out of memory");
            memcpy(piece, text + start, len);
            piece[len] = '\0';
            check_text(piece);
            check_length((const uint8_t *)text + start, len);
            free(piece);
            start = i + 1;
        }
    }
    free(text);

    /* a code and a buffer size from the first bytes */
    fz_in in;
    fz_in_init(&in, data, size);
    unsigned b = fz_u8(&in);
    int code = b < 128 ? (int)(b % 72) - 4 : (int)fz_u32(&in);
    check_code(code, fz_u8(&in) % 12);
    return 0;
}
