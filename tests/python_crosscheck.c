/*
 * python_crosscheck.c - the C half of the Python binding's cross-check
 * (bindings/python/test_canasta.py, run by "make check-python").
 *
 * Usage: python_crosscheck SEED TARGET INDEXFILE
 *
 * Creates a classic game with the given seed and target score, then reads
 * INDEXFILE (one decimal number per line) and for each number plays that
 * entry of canasta_legal_moves().  Prints every move played and the final
 * state in the form the Python test writes from the binding:
 *
 *   move <canonical text>          one line per move
 *   hand-number N / phase N / dealer N / totals A B / winner W|none
 *   hand S <cards>                 one line per seat
 *   pile <cards> / stock N
 *   save-begin, the canasta_game_save text, save-end
 *                                  (when built with CROSSCHECK_HAVE_SAVE)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canasta.h"

static void must(int rc, const char *what)
{
    if (rc != CANASTA_OK) {
        fprintf(stderr, "python_crosscheck: %s: %s\n", what,
                canasta_error_name(rc));
        exit(1);
    }
}

static void print_cards(const char *label, const uint8_t *cards, size_t n)
{
    char name[8];
    printf("%s", label);
    for (size_t i = 0; i < n; i++) {
        must(canasta_card_to_string(name, sizeof name, cards[i]), "card");
        printf(" %s", name);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    canasta_rules *rules;
    canasta_game *game;
    canasta_move *moves = NULL;
    char text[CANASTA_MOVE_TEXT_MAX], why[512], label[32];
    uint8_t cards[256];
    size_t n, count, cap = 0;
    int v, players, sides;
    long index;
    FILE *f;

    if (argc != 4) {
        fprintf(stderr, "usage: python_crosscheck SEED TARGET INDEXFILE\n");
        return 2;
    }
    must(canasta_rules_create(&rules, CANASTA_PRESET_CLASSIC), "rules");
    must(canasta_rules_set(rules, CANASTA_OPT_TARGET_SCORE, atoi(argv[2])),
         "target");
    must(canasta_game_create(&game, rules, strtoull(argv[1], NULL, 10)),
         "game");
    canasta_rules_free(rules);
    f = fopen(argv[3], "r");
    if (!f) {
        perror(argv[3]);
        return 1;
    }
    while (fscanf(f, "%ld", &index) == 1) {
        int rc = canasta_legal_moves(moves, cap, &count, game);
        if (rc == CANASTA_E_BUFFER) {
            free(moves);
            cap = count;
            moves = malloc(cap * sizeof *moves);
            if (!moves)
                must(CANASTA_E_NOMEM, "legal moves");
            rc = canasta_legal_moves(moves, cap, &count, game);
        }
        must(rc, "legal moves");
        if (index < 0 || (size_t)index >= count) {
            fprintf(stderr, "python_crosscheck: index %ld, but %zu moves\n",
                    index, count);
            return 1;
        }
        must(canasta_move_to_string(text, sizeof text, &moves[index]),
             "move text");
        printf("move %s\n", text);
        if (canasta_apply(why, sizeof why, game, &moves[index]) !=
            CANASTA_OK) {
            fprintf(stderr, "python_crosscheck: %s refused: %s\n", text, why);
            return 1;
        }
    }
    fclose(f);
    free(moves);

    must(canasta_game_option(&players, game, CANASTA_OPT_PLAYERS), "players");
    must(canasta_game_option(&sides, game, CANASTA_OPT_SIDES), "sides");
    must(canasta_game_hand_number(&v, game), "hand number");
    printf("hand-number %d\n", v);
    must(canasta_game_phase(&v, game), "phase");
    printf("phase %d\n", v);
    must(canasta_game_dealer(&v, game), "dealer");
    printf("dealer %d\n", v);
    printf("totals");
    for (int s = 0; s < sides; s++) {
        must(canasta_game_total(&v, game, s), "total");
        printf(" %d", v);
    }
    printf("\n");
    if (canasta_game_winner(&v, game) == CANASTA_OK)
        printf("winner %d\n", v);
    else
        printf("winner none\n");
    for (int s = 0; s < players; s++) {
        must(canasta_game_hand(cards, sizeof cards, &n, game, s), "hand");
        snprintf(label, sizeof label, "hand %d", s);
        print_cards(label, cards, n);
    }
    must(canasta_game_pile(cards, sizeof cards, &n, game), "pile");
    print_cards("pile", cards, n);
    must(canasta_game_stock_size(&v, game), "stock");
    printf("stock %d\n", v);
#ifdef CROSSCHECK_HAVE_SAVE
    {
        char *save;
        size_t len;
        must(canasta_game_save(&save, &len, game), "save");
        printf("save-begin\n%s", save);
        if (len == 0 || save[len - 1] != '\n')
            printf("\n");
        printf("save-end\n");
        canasta_free(save);
    }
#endif
    canasta_game_free(game);
    return 0;
}
