/* explain.c - writing the sentence that tells a player why a move failed. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
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

int cn_why_also(char *why, size_t size, int err, const char *fmt, ...)
{
    if (why && size > 0) {
        /* why holds a sentence cn_why wrote, always terminated within
         * size; what does not fit is cut as there. */
        size_t len = strlen(why);
        if (len + 1 < size) {
            va_list ap;
            va_start(ap, fmt);
            (void)vsnprintf(why + len, size - len, fmt, ap);
            va_end(ap);
        }
    }
    return err;
}

const char *cn_thousands(char buf[CN_NUMBER_TEXT], long v)
{
    /* Digits from the right, a comma after every third: "1,650",
     * "-2,995", "10,000".  Totals are bounded far below 2^31, so the
     * magnitude always fits. */
    char tmp[CN_NUMBER_TEXT];
    size_t k = sizeof tmp;
    unsigned long m = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    int digits = 0;
    tmp[--k] = '\0';
    do {
        if (digits && digits % 3 == 0)
            tmp[--k] = ',';
        tmp[--k] = (char)('0' + (int)(m % 10));
        m /= 10;
        digits++;
    } while (m && k > 1);
    if (v < 0)
        tmp[--k] = '-';
    memcpy(buf, tmp + k, sizeof tmp - k);
    return buf;
}
