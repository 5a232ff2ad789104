/* Unit test: the umbrella header.  include/nocsyn.h includes every public
 * header; a third party's program includes it alone, so every header must
 * compile together with every other (two modules defining one struct name
 * -- calc's and package's noc_pkg_design once did -- is caught here, in
 * make test, not only by tests/check/test_install.sh).  The version macro
 * and noc_version() agree. */
#include "nocsyn.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

static void test_version(void **state)
{
    (void)state;
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", NOC_VERSION_MAJOR, NOC_VERSION_MINOR, NOC_VERSION_PATCH);
    assert_string_equal(NOC_VERSION, want);
    assert_string_equal(noc_version(), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
