/* errors.c - names and messages of the error codes, generated from the one
 * list in canasta.h (CANASTA_ERRNO_MAP). */
#include "internal.h"

CANASTA_API const char *canasta_strerror(int err)
{
    switch (err) {
#define CN_MSG_(name, value, msg) case value: return msg;
    CANASTA_ERRNO_MAP(CN_MSG_)
#undef CN_MSG_
    default: return "unknown error";
    }
}

CANASTA_API const char *canasta_error_name(int err)
{
    switch (err) {
#define CN_NAME_(name, value, msg) case value: return #name;
    CANASTA_ERRNO_MAP(CN_NAME_)
#undef CN_NAME_
    default: return "UNKNOWN";
    }
}
