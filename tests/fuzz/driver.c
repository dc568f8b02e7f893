/*
 * driver.c - runs a fuzz harness without libFuzzer, so that gcc (or any
 * C99 compiler, ideally with -fsanitize=address,undefined) can replay a
 * corpus and try random inputs.  Linked with one tests/fuzz/fuzz_NAME.c.
 *
 *   fuzz_NAME [-n COUNT] [-t SECONDS] [-s SEED] [-m MAXLEN] [-o DIR]
 *             [-r INDEX] [FILE|DIR]...
 *
 * Every FILE, and every regular file in each DIR (sorted by name, not
 * recursive), is run once.  Then COUNT random inputs (default 0) are run,
 * stopping early after SECONDS (default: no limit).  Input i depends only
 * on SEED and i: half are random bytes, half are a corpus file with a few
 * random edits, so "-s SEED -r i" replays input i alone.  When a harness
 * aborts or a sanitizer reports, the input is written to
 * DIR/crash-<seed>-<i> (DIR defaults to ".") and its name is printed.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "fuzz.h"

typedef struct blob {
    uint8_t *p;
    size_t n;
    char *name;
} blob;

static blob *corpus;
static size_t n_corpus, cap_corpus;

/* What is running now, for the crash handlers (which may only call
 * async-signal-safe functions, hence the prepared strings). */
static const uint8_t *cur_data;
static size_t cur_size;
static char cur_label[512];
static char crash_path[512];
static int have_crash_path;

static void write_str(const char *s)
{
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

static void save_crash(void)
{
    static volatile sig_atomic_t done;
    if (done)
        return;
    done = 1;
    write_str("\ndriver: failure while running ");
    write_str(cur_label);
    write_str("\n");
    if (!have_crash_path)
        return;
    int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return;
    size_t off = 0;
    while (off < cur_size) {
        ssize_t w = write(fd, cur_data + off, cur_size - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    close(fd);
    write_str("driver: input written to ");
    write_str(crash_path);
    write_str("\n");
}

static void on_signal(int sig)
{
    save_crash();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The sanitizers call this before they exit; declared weak so that the
 * driver also links without them. */
#if defined(__GNUC__)
void __sanitizer_set_death_callback(void (*callback)(void))
    __attribute__((weak));
#endif

static void install_handlers(void)
{
    static const int sigs[] = { SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], on_signal);
#if defined(__GNUC__)
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(save_crash);
#endif
}

static void run_one(const uint8_t *data, size_t size, const char *label,
                    const char *crash_name)
{
    cur_data = data;
    cur_size = size;
    snprintf(cur_label, sizeof cur_label, "%s", label);
    have_crash_path = crash_name != NULL;
    if (crash_name)
        snprintf(crash_path, sizeof crash_path, "%s", crash_name);
    /* libFuzzer passes a buffer of exactly size bytes; so do we, so ASan
     * sees a harness reading past the end. */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) {
        fprintf(stderr, "driver: out of memory\n");
        exit(2);
    }
    if (size)
        memcpy(copy, data, size);
    cur_data = copy;
    LLVMFuzzerTestOneInput(copy, size);
    free(copy);
}

static int read_file(blob *b, const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return -1;
    size_t cap = 4096, n = 0;
    uint8_t *p = malloc(cap);
    for (;;) {
        if (!p) {
            fclose(fp);
            return -1;
        }
        n += fread(p + n, 1, cap - n, fp);
        if (n < cap)
            break;
        cap *= 2;
        uint8_t *q = realloc(p, cap);
        if (!q)
            free(p);
        p = q;
    }
    int err = ferror(fp);
    fclose(fp);
    if (err) {
        free(p);
        return -1;
    }
    b->p = p;
    b->n = n;
    b->name = malloc(strlen(path) + 1);
    if (b->name)
        strcpy(b->name, path);
    return b->name ? 0 : -1;
}

static void add_file(const char *path)
{
    if (n_corpus == cap_corpus) {
        cap_corpus = cap_corpus ? cap_corpus * 2 : 64;
        corpus = realloc(corpus, cap_corpus * sizeof *corpus);
        if (!corpus) {
            fprintf(stderr, "driver: out of memory\n");
            exit(2);
        }
    }
    if (read_file(&corpus[n_corpus], path) != 0) {
        fprintf(stderr, "driver: cannot read %s: %s\n", path,
                strerror(errno));
        exit(2);
    }
    n_corpus++;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_path(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "driver: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    if (!S_ISDIR(sb.st_mode)) {
        add_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "driver: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *full = malloc(len);
        if (!full)
            exit(2);
        snprintf(full, len, "%s/%s", path, e->d_name);
        if (stat(full, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(full);
            continue;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                exit(2);
        }
        names[n++] = full;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        add_file(names[i]);
        free(names[i]);
    }
    free(names);
}

/* splitmix64: a fixed generator, so that a seed means the same inputs on
 * every platform. */
static uint64_t next_rand(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Input number index of the random phase, into buf (capacity maxlen). */
static size_t make_input(uint8_t *buf, size_t maxlen, uint64_t seed,
                         uint64_t index)
{
    uint64_t x = seed ^ (index * 0xD1B54A32D192ED03ULL);
    size_t n;
    if (n_corpus == 0 || next_rand(&x) % 2 == 0) {
        /* random bytes; mostly short, sometimes up to maxlen */
        uint64_t r = next_rand(&x);
        n = (size_t)(r % 4 == 0 ? next_rand(&x) % (maxlen + 1)
                                : next_rand(&x) % (maxlen / 8 + 1));
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)next_rand(&x);
        return n;
    }
    const blob *b = &corpus[next_rand(&x) % n_corpus];
    n = b->n < maxlen ? b->n : maxlen;
    memcpy(buf, b->p, n);
    unsigned edits = 1 + (unsigned)(next_rand(&x) % 8);
    for (unsigned e = 0; e < edits; e++) {
        uint64_t r = next_rand(&x);
        size_t pos = n ? (size_t)(next_rand(&x) % n) : 0;
        switch (r % 6) {
        case 0: /* flip a bit */
            if (n)
                buf[pos] ^= (uint8_t)(1u << (r >> 8) % 8);
            break;
        case 1: /* a random byte */
            if (n)
                buf[pos] = (uint8_t)(r >> 8);
            break;
        case 2: /* insert a byte */
            if (n < maxlen) {
                memmove(buf + pos + 1, buf + pos, n - pos);
                buf[pos] = (uint8_t)(r >> 8);
                n++;
            }
            break;
        case 3: /* delete a byte */
            if (n) {
                memmove(buf + pos, buf + pos + 1, n - pos - 1);
                n--;
            }
            break;
        case 4: { /* splice in a piece of another corpus file */
            const blob *o = &corpus[next_rand(&x) % n_corpus];
            if (o->n == 0)
                break;
            size_t from = (size_t)(next_rand(&x) % o->n);
            size_t len = (size_t)(next_rand(&x) % (o->n - from) + 1);
            if (pos + len > maxlen)
                len = maxlen - pos;
            memcpy(buf + pos, o->p + from, len);
            if (pos + len > n)
                n = pos + len;
            break;
        }
        default: /* truncate */
            n = pos;
            break;
        }
    }
    return n;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void usage(void)
{
    fprintf(stderr, "usage: fuzz_NAME [-n COUNT] [-t SECONDS] [-s SEED] "
                    "[-m MAXLEN] [-o DIR] [-r INDEX] [FILE|DIR]...\n");
    exit(2);
}

static unsigned long long number(const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || end == s)
        usage();
    return v;
}

int main(int argc, char **argv)
{
    unsigned long long count = 0, seed = 1, maxlen = 4096, replay = 0;
    double seconds = 0;
    int have_replay = 0;
    const char *outdir = ".";
    int opt;
    while ((opt = getopt(argc, argv, "n:t:s:m:o:r:")) != -1) {
        switch (opt) {
        case 'n': count = number(optarg); break;
        case 't': seconds = (double)number(optarg); break;
        case 's': seed = number(optarg); break;
        case 'm': maxlen = number(optarg); break;
        case 'o': outdir = optarg; break;
        case 'r': replay = number(optarg); have_replay = 1; break;
        default: usage();
        }
    }
    if (maxlen == 0 || maxlen > (1u << 24))
        usage();
    install_handlers();
    for (int i = optind; i < argc; i++)
        add_path(argv[i]);

    double start = now();
    char name[512];
    if (!have_replay) {
        for (size_t i = 0; i < n_corpus; i++)
            run_one(corpus[i].p, corpus[i].n, corpus[i].name, NULL);
        printf("driver: %zu corpus files passed\n", n_corpus);
    }
    uint8_t *buf = malloc((size_t)maxlen);
    if (!buf)
        return 2;
    unsigned long long first = have_replay ? replay : 0;
    unsigned long long last = have_replay ? replay + 1 : count, done = 0;
    for (unsigned long long i = first; i < last; i++) {
        if (seconds > 0 && now() - start >= seconds)
            break;
        size_t n = make_input(buf, (size_t)maxlen, seed, i);
        char label[128];
        snprintf(label, sizeof label, "random input -s %llu -r %llu", seed,
                 i);
        snprintf(name, sizeof name, "%s/crash-%llu-%llu", outdir, seed, i);
        run_one(buf, n, label, name);
        done++;
    }
    free(buf);
    printf("driver: %llu random inputs passed (seed %llu) in %.1f s\n",
           done, seed, now() - start);
    for (size_t i = 0; i < n_corpus; i++) {
        free(corpus[i].p);
        free(corpus[i].name);
    }
    free(corpus);
    return 0;
}
