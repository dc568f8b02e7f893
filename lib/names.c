/* names.c - the words of the text formats (docs/NOTATION.md), one table
 * for each kind of value, so that every reader and writer (positions,
 * saves, records, the JSON view, move texts, header tags) spells a value
 * the same way. */
#include <string.h>
#include "text.h"

#define CN_NAMES(table) { (table), (int)(sizeof(table) / sizeof((table)[0])) }

/* By CANASTA_PHASE_*: 0 is no phase a game is in. */
static const char *const phases[] = {
    "none", "draw", "play", "answer", "hand-over", "game-over"
};
const cn_names cn_phase_names = CN_NAMES(phases);

/* By CN_SRC_*: where the player to move took its cards from. */
static const char *const sources[] = { "none", "stock", "pile" };
const cn_names cn_source_names = CN_NAMES(sources);

/* By CANASTA_PERMISSION_* (G4). */
static const char *const permissions[] = { "none", "asked", "yes", "no" };
const cn_names cn_permission_names = CN_NAMES(permissions);

/* By CANASTA_END_*: how a hand ended. */
static const char *const ends[] = {
    "none", "went-out", "concealed", "red-three", "stock"
};
const cn_names cn_end_names = CN_NAMES(ends);

/* By settable CANASTA_OPT_* key (1 .. CANASTA_OPT_CONCEALED_ADDITIONS),
 * in the order the "option" lines are written. */
static const char *const options[] = {
    NULL, "target", "ask-permission", "one-card-rule", "tie-rule",
    "hand-size", "canastas-to-go-out", "draw-count", "concealed-additions"
};
const cn_names cn_option_names = CN_NAMES(options);
/* One name per settable key, as the header's option slots (position.h,
 * CN_HEADER_OPTIONS) and the JSON view's options expect: a key added to
 * canasta.h and not here would be read past the table's end. */
typedef char cn_option_names_match[
    sizeof options / sizeof options[0] == CANASTA_OPT_CONCEALED_ADDITIONS + 1
        ? 1 : -1];

/* By CANASTA_MOVE_*: the verbs of a move's text. */
static const char *const verbs[] = {
    NULL, "draw", "take", "meld", "discard", "ask", "yes", "no", "decline",
    "next"
};
const cn_names cn_verb_names = CN_NAMES(verbs);

static const struct {
    int preset;
    const char *name;
} presets[] = {
    { CANASTA_PRESET_CLASSIC, "classic" },
    { CANASTA_PRESET_TWO_PLAYERS, "two-players" },
    { CANASTA_PRESET_THREE_PLAYERS, "three-players" },
    { CANASTA_PRESET_SIX_THREE_SIDES, "six-three-sides" },
    { CANASTA_PRESET_SIX_TWO_SIDES, "six-two-sides" },
};

const char *cn_name(const cn_names *names, int i, const char *fallback)
{
    return i >= 0 && i < names->n && names->name[i] ? names->name[i]
                                                    : fallback;
}

int cn_name_index(const cn_names *names, int first, const char *tok)
{
    for (int i = first; tok && i < names->n; i++)
        if (names->name[i] && strcmp(tok, names->name[i]) == 0)
            return i;
    return -1;
}

const char *cn_preset_name(int preset)
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (presets[i].preset == preset)
            return presets[i].name;
    return NULL;
}

int cn_preset_of_name(const char *tok)
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(tok, presets[i].name) == 0)
            return presets[i].preset;
    return 0;
}
