/* explain.c - writing the sentence that tells a player why a move failed. */
#include <stdarg.h>
#include <stdio.h>
#include "internal.h"

/* Formats the explanation (when the caller wants one) and passes the error
 * code through, so checks can say `return cn_why(...)`. */
int cn_why(char *why, size_t size, int err, const char *fmt, ...)
{
    if (why && size > 0) {
        va_list ap;
        va_start(ap, fmt);
        /* Truncation is the documented behaviour (why_size), so the
         * length it would have had is of no use. */
        (void)vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return err;
}
