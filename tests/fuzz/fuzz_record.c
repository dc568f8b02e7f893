/*
 * fuzz_record.c - canasta_record_parse and canasta_record_replay with
 * arbitrary text ("canasta-record 1", docs/NOTATION.md).
 *
 * The input is the text, passed with its length and no NUL.  Parse: a
 * refusal has no record, a known error code and an explanation naming
 * the line; a parsed record's text is a fixed point (text(parse(text(r)))
 * == text(r), byte for byte, as NOTATION.md promises).  Replay: a refusal
 * has no game and names a line; the hands it reports finished have
 * breakdowns that add up; the game at the end passes every invariant,
 * every writer on it reads back, and its hand is played to the end.
 * The same text parses into the same record through a caller's
 * allocator, and an allocator that refuses a request gives E_NOMEM and no
 * leak (fz_check_reader_allocator).
 */
#include <string.h>
#include "fuzz.h"

static int parse_with(void **out, const uint8_t *text, size_t size,
                      canasta_alloc_fn alloc, canasta_release_fn release,
                      void *user)
{
    return canasta_record_parse_with_allocator((canasta_record **)out, NULL,
        0, (const char *)text, size, alloc, release, user);
}

static void free_record(void *r) { canasta_record_free(r); }

/* The record parsed through the allocator writes the same text. */
static void same_record(void *obj, void *ctx)
{
    char *a = NULL, *b = NULL;
    size_t na, nb;
    FZ_OK(canasta_record_text(&a, &na, obj, CANASTA_VIEW_ALL));
    FZ_OK(canasta_record_text(&b, &nb, ctx, CANASTA_VIEW_ALL));
    FZ_CHECK(na == nb && memcmp(a, b, na) == 0, "a record parses into "
             "another with an allocator");
    canasta_free(a);
    canasta_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    canasta_record *r = NULL;
    int rc = canasta_record_parse(&r, why, sizeof why, (const char *)data,
                                  size);
    fz_check_reader("canasta_record_parse", rc, r, why, sizeof why);
    if (rc != CANASTA_OK)
        return 0;
    fz_check_reader_allocator("canasta_record_parse", parse_with,
                              free_record, same_record, r, data, size);

    char *t1 = NULL, *t2 = NULL;
    size_t n1, n2;
    canasta_record *r2 = NULL;
    FZ_OK(canasta_record_text(&t1, &n1, r, CANASTA_VIEW_ALL));
    rc = canasta_record_parse(&r2, why, sizeof why, t1, n1);
    FZ_CHECK(rc == CANASTA_OK, "rereading a written record: %s: %s\n%s",
             canasta_error_name(rc), why, t1);
    FZ_OK(canasta_record_text(&t2, &n2, r2, CANASTA_VIEW_ALL));
    FZ_CHECK(n1 == n2 && memcmp(t1, t2, n1) == 0, "text(parse(text)) "
             "differs\n%s\n----\n%s", t1, t2);
    canasta_free(t2);
    canasta_record_free(r2);
    canasta_free(t1);

    canasta_game *g = NULL;
    int line = -1;
    rc = canasta_record_replay(&g, &line, why, sizeof why, r);
    if (rc != CANASTA_OK) {
        FZ_CHECK(g == NULL, "a failed replay gave a game");
        FZ_CHECK(line >= 1, "a failed replay names line %d", line);
        fz_check_reader("canasta_record_replay", rc, g, why, sizeof why);
    }
    size_t hands = 0;
    FZ_OK(canasta_record_hand_count(&hands, r));
    for (size_t h = 0; h < hands; h++)
        for (int side = 0; side < 3; side++) {
            /* two sides, or three (X3, X6 in three sides of two) */
            int items[CANASTA_SCORE_ITEMS], total = 0, sum = 0;
            int hrc = canasta_record_hand_score(items, CANASTA_SCORE_ITEMS,
                                                &total, r, h, side);
            if (side == 2 && hrc == CANASTA_E_SIDE)
                break;
            FZ_CHECK(hrc == CANASTA_OK, "hand %zu side %d: %s", h, side,
                     canasta_error_name(hrc));
            for (int i = 0; i < CANASTA_SCORE_TOTAL; i++)
                sum += items[i];
            FZ_CHECK(sum == items[CANASTA_SCORE_TOTAL], "hand %zu side %d: "
                     "items add up to %d, total item %d", h, side, sum,
                     items[CANASTA_SCORE_TOTAL]);
        }
    canasta_record_free(r);
    if (rc != CANASTA_OK)
        return 0;
    fz_check_texts(g);
    fz_game *f = fz_game_adopt(g);
    FZ_CHECK(f != NULL, "out of memory");
    fz_game_finish_hand(f, 5000);
    fz_game_free(f);
    return 0;
}
