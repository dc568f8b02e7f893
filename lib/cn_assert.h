/* cn_assert.h - sqlite-style assertions for the paths that must not
 * happen (docs/TESTING.md, "Assertions").  Not installed.
 *
 *   if (NEVER(x)) return ...;     x is false in a correct library
 *   if (!ALWAYS(x)) return ...;   x is true in a correct library
 *
 * Release builds: the condition itself, so the defensive path stays (a
 * library bug, or memory a caller overwrote, is refused with an error
 * rather than followed).  Checked builds (-DCN_CHECKED=1: the unit tests,
 * the sanitizer and fuzzing builds): a condition that does not hold
 * aborts with its file and line.  Coverage builds (-DCN_COVERAGE=1):
 * constants, so the compiler drops the defensive branches and lines that
 * cannot run do not count against the coverage figure.  The condition is
 * therefore not evaluated at all in coverage builds: it must have no side
 * effect, and a value computed only for it is computed all the same (put
 * the work in the condition's loops, not in a function the condition
 * calls: gcc would count that function's lines as never run). */
#ifndef CANASTA_CN_ASSERT_H
#define CANASTA_CN_ASSERT_H

#if defined(CN_COVERAGE) && CN_COVERAGE
/* sizeof: x is compiled (its names count as used) but not evaluated. */
#define ALWAYS(x) ((void)sizeof(x), 1)
#define NEVER(x) ((void)sizeof(x), 0)
#elif defined(CN_CHECKED) && CN_CHECKED
/* Writes "file:line: libcanasta: what" to stderr and aborts
 * (state_check.c). */
void cn_assert_failed(const char *file, int line, const char *what)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;
#define ALWAYS(x) ((x) ? 1 : (cn_assert_failed(__FILE__, __LINE__, #x), 0))
#define NEVER(x) ((x) ? (cn_assert_failed(__FILE__, __LINE__, #x), 1) : 0)
#else
#define ALWAYS(x) (x)
#define NEVER(x) (x)
#endif

#endif
