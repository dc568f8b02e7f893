// Header test: canasta.h must compile as C++11
// (-std=c++11 -pedantic -Werror -Wall -Wextra) and give C linkage.
#include "canasta.h"
#include "canasta.h"

int header_cxx_test();

int header_cxx_test()
{
    canasta_move move = canasta_move();
    unsigned (*version)(void) = &canasta_version;
    (void)version;
    // Every enum's name is a type in C++ too: none is hidden by a
    // function of the same name (the meld kinds once were).
    canasta_meld_kind meld = CANASTA_MELD_OPEN;
    canasta_suit suit = CANASTA_SPADES;
    canasta_preset preset = CANASTA_PRESET_CLASSIC;
    return static_cast<int>(CANASTA_VERSION_NUMBER) + move.kind + meld +
           suit + preset +
           static_cast<int>(CANASTA_E_MUST_TAKE) + CANASTA_JOKER;
}
