/*
 * check_canasta: the unit-test runner.  Every tests/test_NAME.c defines
 * Suite *suite_NAME(void); the Makefile lists those names in the generated
 * tests/suites.gen.h as SUITE(NAME) lines.  All suites run in one SRunner.
 */
#include <check.h>
#include <stdlib.h>

#define SUITE(name) Suite *suite_##name(void);
#include "tests/suites.gen.h"
#undef SUITE

int main(void)
{
    SRunner *runner = NULL;
    int failed;

#define SUITE(name)                                      \
    if (runner == NULL)                                  \
        runner = srunner_create(suite_##name());         \
    else                                                 \
        srunner_add_suite(runner, suite_##name());
#include "tests/suites.gen.h"
#undef SUITE

    if (runner == NULL) /* no tests/test_*.c yet */
        runner = srunner_create(suite_create("none"));
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
