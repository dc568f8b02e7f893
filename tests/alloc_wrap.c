/*
 * alloc_wrap.c - "all memory from the caller's allocator" (docs/API.md,
 * Allocator), checked from outside the library: make check-alloc.
 *
 * Linked with -Wl,--wrap=malloc -Wl,--wrap=free against the static
 * library, so every call the library makes to malloc or free goes through
 * __wrap_malloc / __wrap_free here and is counted (libc's own internal
 * allocations are not wrapped, nor needed).  The caller's allocator below
 * calls __real_malloc / __real_free directly, so it is not counted.
 *
 * A whole session under a caller's allocator -- rules, game, player,
 * record, a complete game played and recorded, every text written and
 * read back with the _with_allocator loaders, a replay, clones, hints,
 * legal moves, determinization -- must make no call to malloc or free,
 * and must give back every block it took.  The same session with the
 * default allocator must call malloc, which shows the wrapping works (a
 * zero above would otherwise prove nothing).
 *
 * Standalone (no Check), so that nothing but the library runs between
 * the counts.  Exit status 0 on success, 1 on a failed check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "canasta.h"

void *__real_malloc(size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void __wrap_free(void *p);

static long lib_mallocs, lib_frees; /* the library's own calls */

void *__wrap_malloc(size_t size)
{
    lib_mallocs++;
    return __real_malloc(size);
}

void __wrap_free(void *p)
{
    if (p)
        lib_frees++;
    __real_free(p);
}

typedef struct counter {
    long live, calls;
} counter;

static void *mine_alloc(void *user, size_t size)
{
    counter *c = user;
    void *p = __real_malloc(size);
    if (p) {
        c->calls++;
        c->live++;
    }
    return p;
}

static void mine_release(void *user, void *p)
{
    counter *c = user;
    if (p) {
        c->live--;
        __real_free(p);
    }
}

static int failures;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "alloc_wrap: %s:%d: %s\n", __FILE__, __LINE__, \
                    #cond);                                                \
            failures++;                                                    \
        }                                                                  \
    } while (0)
#define OK(call) CHECK((call) == CANASTA_OK)

/* One session; with (alloc, release, user) all NULL the default
 * allocator serves it. */
static void session(canasta_alloc_fn a, canasta_release_fn r, void *user)
{
    canasta_rules *rules = NULL, *rules2 = NULL;
    canasta_game *g = NULL, *loaded = NULL, *placed = NULL, *replayed = NULL;
    canasta_game *copy = NULL, *world = NULL;
    canasta_player *p = NULL, *p2 = NULL;
    canasta_record *rec = NULL, *parsed = NULL;
    char *save = NULL, *pos = NULL, *json = NULL, *text = NULL, *seat = NULL;
    size_t save_n = 0, pos_n = 0, text_n = 0;
    static canasta_move moves[4096];
    size_t n_moves = 0;
    char reason[CANASTA_HINT_TEXT_MAX];
    canasta_move m;

    OK(canasta_rules_create_with_allocator(&rules, CANASTA_PRESET_CLASSIC, a,
                                           r, user));
    OK(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, 1500));
    OK(canasta_rules_clone(&rules2, rules));
    OK(canasta_game_create(&g, rules2, 77));
    OK(canasta_player_create_with_allocator(&p, a, r, user));
    OK(canasta_player_clone(&p2, p));
    OK(canasta_record_create(&rec, g));
    OK(canasta_game_clone(&copy, g));
    OK(canasta_game_clone(&world, g));
    for (long step = 0; step < 20000; step++) {
        int phase = 0;
        OK(canasta_game_phase(&phase, g));
        if (phase == CANASTA_PHASE_GAME_OVER)
            break;
        if (step % 50 == 0) {
            OK(canasta_player_hint(&m, reason, sizeof reason, p2, g));
            OK(canasta_legal_moves(moves, 4096, &n_moves, g));
            OK(canasta_game_copy(copy, g));
            int cur = 0;
            OK(canasta_game_current_seat(&cur, g));
            OK(canasta_game_determinize(world, g, cur, (uint64_t)step));
        }
        OK(canasta_player_play(&m, p, g, (uint64_t)step));
        OK(canasta_record_update(rec, g));
        if (step == 30) { /* texts mid-hand too */
            OK(canasta_game_save(&save, &save_n, g));
            OK(canasta_game_load_with_allocator(&loaded, NULL, 0, save,
                                                save_n, a, r, user));
            canasta_free(save);
            save = NULL;
            canasta_game_free(loaded);
            loaded = NULL;
        }
    }
    OK(canasta_game_save(&save, &save_n, g));
    OK(canasta_game_position(&pos, &pos_n, g));
    OK(canasta_game_json(&json, NULL, g, 0));
    OK(canasta_record_text(&text, &text_n, rec, CANASTA_VIEW_ALL));
    OK(canasta_game_load_with_allocator(&loaded, NULL, 0, save, save_n, a, r,
                                        user));
    OK(canasta_game_from_position_with_allocator(&placed, NULL, 0, pos, pos_n,
                                                 a, r, user));
    OK(canasta_record_parse_with_allocator(&parsed, NULL, 0, text, text_n, a,
                                           r, user));
    OK(canasta_record_replay(&replayed, NULL, NULL, 0, parsed));
    OK(canasta_record_text(&seat, NULL, parsed, 1));
    int equal = 0;
    OK(canasta_game_equal(&equal, loaded, g));
    CHECK(equal == 1);

    canasta_free(save);
    canasta_free(pos);
    canasta_free(json);
    canasta_free(text);
    canasta_free(seat);
    canasta_game_free(replayed);
    canasta_record_free(parsed);
    canasta_game_free(placed);
    canasta_game_free(loaded);
    canasta_record_free(rec);
    canasta_player_free(p2);
    canasta_player_free(p);
    canasta_game_free(world);
    canasta_game_free(copy);
    canasta_game_free(g);
    canasta_rules_free(rules2);
    canasta_rules_free(rules);
}

int main(void)
{
    counter mine = { 0, 0 };
    session(mine_alloc, mine_release, &mine);
    long with_mine = lib_mallocs, freed_mine = lib_frees;
    CHECK(with_mine == 0);
    CHECK(freed_mine == 0);
    CHECK(mine.calls > 0);
    CHECK(mine.live == 0);

    session(NULL, NULL, NULL);
    long with_default = lib_mallocs - with_mine;
    CHECK(with_default > 0); /* the wrapping sees the library's calls */
    CHECK(lib_mallocs == lib_frees);

    printf("alloc_wrap: with the caller's allocator %ld blocks from it and "
           "%ld malloc calls; with the default one %ld malloc calls, all "
           "freed\n", mine.calls, with_mine, with_default);
    if (failures)
        fprintf(stderr, "alloc_wrap: %d check%s failed\n", failures,
                failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
