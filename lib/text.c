/* text.c - text handed out to callers (released with canasta_free); the
 * parsers' line reader is lines.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cn_assert.h"
#include "text.h"

/* Every block handed out starts with this header, so canasta_free can
 * return it to the allocator it came from without being told which. */
typedef union cn_text_header {
    struct {
        canasta_release_fn release;
        void *user;
    } h;
    /* Never read: they only make the union, and so the chars after it,
     * aligned for any type. */
    /* cppcheck-suppress unusedStructMember */
    long double align_ld;
    /* cppcheck-suppress unusedStructMember */
    void *align_p;
} cn_text_header;

int cn_text_begin(char **text, size_t *length, const void *source)
{
    if (text)
        *text = NULL;
    if (length)
        *length = 0;
    return !text || !source ? CANASTA_E_NULL : CANASTA_OK;
}

void cn_text_init(cn_text *t, canasta_alloc_fn alloc,
                  canasta_release_fn release, void *user)
{
    memset(t, 0, sizeof *t);
    t->alloc = alloc;
    t->release = release;
    t->user = user;
}

static int grow(cn_text *t, size_t need)
{
    if (t->failed)
        return 0;
    if (t->len + need + 1 <= t->cap)
        return 1;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + need + 1) {
        /* No text grows this long: the allocation fails first. */
        if (NEVER(cap > ((size_t)-1 - sizeof(cn_text_header)) / 2)) {
            t->failed = 1;
            return 0;
        }
        cap *= 2;
    }
    cn_text_header *blk = cn_alloc(t->alloc, t->user, sizeof *blk + cap);
    if (!blk) {
        t->failed = 1;
        return 0;
    }
    blk->h.release = t->release;
    blk->h.user = t->user;
    char *nb = (char *)(blk + 1);
    if (t->buf) {
        memcpy(nb, t->buf, t->len);
        cn_release(t->release, t->user, (cn_text_header *)t->buf - 1);
    }
    t->buf = nb;
    t->cap = cap;
    return 1;
}

void cn_text_puts(cn_text *t, const char *s)
{
    size_t n = strlen(s);
    if (!grow(t, n))
        return;
    memcpy(t->buf + t->len, s, n + 1);
    t->len += n;
}

void cn_text_putf(cn_text *t, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (NEVER(n < 0)) { /* the library's formats have no bad conversion */
        t->failed = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        cn_text_puts(t, small);
        return;
    }
    if (!grow(t, (size_t)n))
        return;
    va_start(ap, fmt);
    /* The length is known (n, from the first pass) and the room is there. */
    (void)vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

void cn_text_card(cn_text *t, int card)
{
    char name[8];
    cn_card_name(name, card);
    cn_text_puts(t, name);
}

int cn_text_finish(char **out, size_t *length, cn_text *t)
{
    if (!t->failed && !t->buf)
        grow(t, 0);
    /* With no buffer, grow(t, 0) either made one or set failed. */
    if (t->failed || NEVER(!t->buf)) {
        cn_text_discard(t);
        return CANASTA_E_NOMEM;
    }
    t->buf[t->len] = '\0';
    *out = t->buf;
    if (length)
        *length = t->len;
    t->buf = NULL;
    t->len = t->cap = 0;
    return CANASTA_OK;
}

void cn_text_discard(cn_text *t)
{
    if (t->buf)
        cn_release(t->release, t->user, (cn_text_header *)t->buf - 1);
    t->buf = NULL;
    t->len = t->cap = 0;
}

CANASTA_API void canasta_free(void *text)
{
    if (!text)
        return;
    cn_text_header *blk = (cn_text_header *)text - 1;
    cn_release(blk->h.release, blk->h.user, blk);
}
