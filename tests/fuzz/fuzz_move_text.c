/*
 * fuzz_move_text.c - the move notation: canasta_move_from_string and
 * canasta_move_to_string (docs/NOTATION.md, "Moves").
 *
 * Input: a byte choosing default_seat (-2..6), a byte choosing the size
 * of the explanation buffer, then the text (up to its first NUL).  An
 * accepted text must format to canonical text that parses to an equal
 * move and formats to itself; a refused one gives E_SYNTAX (or E_ARG /
 * E_SEAT for a default seat that is no seat) with a terminated
 * explanation.  The
 * same bytes are also read as a raw canasta_move (any field values):
 * when canasta_move_to_string accepts it, parsing its text must give an
 * equal move (parse(format(m)) == m); the buffer is cut to every size
 * from 0 up, allocated to the byte.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

static void check_round_trip(const canasta_move *m, const char *origin);

static void round_trip(const canasta_move *move, const char *origin)
{
    /* an exactly-sized copy: ASan reports a read past ngroups' groups */
    canasta_move *m = malloc(sizeof *m);
    FZ_CHECK(m != NULL, "out of memory");
    memcpy(m, move, sizeof *m);
    check_round_trip(m, origin);
    free(m);
}

static void check_round_trip(const canasta_move *m, const char *origin)
{
    char text[CANASTA_MOVE_TEXT_MAX], text2[CANASTA_MOVE_TEXT_MAX];
    char why[256];
    int rc = canasta_move_to_string(text, sizeof text, m);
    if (rc != CANASTA_OK) {
        FZ_CHECK(rc == CANASTA_E_MOVE || rc == CANASTA_E_CARD ||
                 rc == CANASTA_E_SEAT || rc == CANASTA_E_ARG,
                 "%s: to_string: %s", origin, canasta_error_name(rc));
        return;
    }
    size_t len = strlen(text);
    FZ_CHECK(len < CANASTA_MOVE_TEXT_MAX, "move text of %zu characters",
             len);
    canasta_move back;
    rc = canasta_move_from_string(&back, why, sizeof why, text, (size_t)-1,
                                  -1);
    FZ_CHECK(rc == CANASTA_OK, "%s: \"%s\" does not parse: %s: %s", origin,
             text, canasta_error_name(rc), why);
    int eq = 0;
    FZ_OK(canasta_move_equal(&eq, m, &back));
    FZ_CHECK(eq, "%s: \"%s\" parses to another move", origin, text);
    FZ_OK(canasta_move_to_string(text2, sizeof text2, &back));
    FZ_CHECK(strcmp(text, text2) == 0, "%s: \"%s\" formats back as \"%s\"",
             origin, text, text2);
    /* every shorter buffer: E_BUFFER (or the text cut and terminated) */
    for (size_t size = 0; size <= len; size++) {
        char *buf = malloc(size ? size : 1);
        FZ_CHECK(buf != NULL, "out of memory");
        if (!size)
            buf[0] = 'x';
        rc = canasta_move_to_string(buf, size, m);
        FZ_CHECK(rc == CANASTA_E_BUFFER, "%zu bytes for \"%s\": %s", size,
                 text, canasta_error_name(rc));
        if (size)
            FZ_CHECK(memchr(buf, '\0', size) != NULL, "not terminated in "
                     "%zu bytes", size);
        else
            FZ_CHECK(buf[0] == 'x', "wrote to a zero-size buffer");
        free(buf);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in;
    fz_in_init(&in, data, size);
    int seat = (int)(fz_u8(&in) % 9) - 2;
    size_t ws = fz_u8(&in) % 80;
    size_t rest = size - in.i;
    char *text = malloc(rest + 1);
    char *why = malloc(ws ? ws : 1);
    FZ_CHECK(text && why, "out of memory");
    memcpy(text, data + in.i, rest);
    text[rest] = '\0';
    if (!ws)
        why[0] = 'x';

    canasta_move m;
    int rc = canasta_move_from_string(&m, why, ws, text, (size_t)-1, seat);
    /* The same bytes given by their length, from a copy with nothing
     * after them (ASan sees any read past the end): the same answer, but
     * a NUL inside them is refused rather than ending the text. */
    char *exact = malloc(rest ? rest : 1);
    FZ_CHECK(exact != NULL, "out of memory");
    memcpy(exact, data + in.i, rest);
    canasta_move m2;
    int rc2 = canasta_move_from_string(&m2, NULL, 0, exact, rest, seat);
    if (memchr(exact, '\0', rest))
        FZ_CHECK(rc2 != CANASTA_OK, "a move with a NUL byte was read");
    else
        FZ_CHECK(rc2 == rc && (rc || memcmp(&m, &m2, sizeof m) == 0),
                 "by length: %s, NUL-terminated: %s",
                 canasta_error_name(rc2), canasta_error_name(rc));
    free(exact);
    if (rc == CANASTA_OK) {
        round_trip(&m, "parsed text");
    } else {
        FZ_CHECK(rc == CANASTA_E_SYNTAX || rc == CANASTA_E_ARG ||
                 rc == CANASTA_E_SEAT, "from_string: %s",
                 canasta_error_name(rc));
        if (ws)
            FZ_CHECK(memchr(why, '\0', ws) != NULL, "explanation not "
                     "terminated in %zu bytes", ws);
        else
            FZ_CHECK(why[0] == 'x', "wrote to a zero-size why");
    }
    free(why);
    free(text);

    /* the bytes as a raw move */
    canasta_move raw;
    memset(&raw, 0, sizeof raw);
    memcpy(&raw, data, size < sizeof raw ? size : sizeof raw);
    round_trip(&raw, "raw move");
    return 0;
}
