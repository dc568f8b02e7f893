/* Header test: canasta.h must compile on its own as strict C99
 * (-std=c99 -pedantic -Werror -Wall -Wextra), and twice (include guard). */
#include "canasta.h"
#include "canasta.h"

int header_c_test(void);

int header_c_test(void)
{
    canasta_move move;
    canasta_group group;
    (void)move;
    (void)group;
    return CANASTA_VERSION_NUMBER + CANASTA_E_MUST_TAKE + CANASTA_JOKER +
           (int)sizeof(canasta_move);
}
