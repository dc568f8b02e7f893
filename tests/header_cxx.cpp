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
    return static_cast<int>(CANASTA_VERSION_NUMBER) + move.kind +
           static_cast<int>(CANASTA_E_MUST_TAKE) + CANASTA_JOKER;
}
