/* version.c - the version of the library that is actually loaded. */
#include "internal.h"

#define CN_STR_(x) #x
#define CN_STR(x) CN_STR_(x)

CANASTA_API unsigned canasta_version(void)
{
    return CANASTA_VERSION_NUMBER;
}

CANASTA_API const char *canasta_version_string(void)
{
    return CN_STR(CANASTA_VERSION_MAJOR) "." CN_STR(CANASTA_VERSION_MINOR)
        "." CN_STR(CANASTA_VERSION_PATCH);
}
