/* Unit tests: the error context (core.h) reused across calls.  Expected
 * values follow from the contracts: within one call the first error wins;
 * noc_ctx_clear empties status and message and keeps the note sink and the
 * seed; noc_ctx_take copies the message out (truncated to the buffer,
 * noc_strerror when the message is empty, "" without an error), returns the
 * status and clears, so a context reused after an error reports the new
 * call's own message.  The library calls are two bad generator requests and
 * a bad app file, whose messages name their own cause. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "nocsyn/app.h"
#include "nocsyn/core.h"
#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

static void test_first_error_wins_until_cleared(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_error(&ctx, NOC_EINVAL, "a.csv", 3, "first"), NOC_EINVAL);
    /* a second error in the same call keeps the first (innermost) message */
    assert_int_equal(noc_error(&ctx, NOC_EIO, NULL, 0, "second"), NOC_EIO);
    assert_int_equal(ctx.status, NOC_EINVAL);
    assert_string_equal(ctx.msg, "a.csv:3: first");
    ctx.seed = 7;
    noc_ctx_clear(&ctx);
    assert_int_equal(ctx.status, NOC_OK);
    assert_string_equal(ctx.msg, "");
    assert_int_equal(ctx.seed, 7);
    assert_int_equal(noc_error(&ctx, NOC_EIO, NULL, 0, "third"), NOC_EIO);
    assert_int_equal(ctx.status, NOC_EIO);
    assert_string_equal(ctx.msg, "third");
}

static void test_take(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    char buf[64];
    noc_ctx_init(&ctx);
    /* no error: status 0, empty text */
    strcpy(buf, "junk");
    assert_int_equal(noc_ctx_take(&ctx, buf, sizeof buf), NOC_OK);
    assert_string_equal(buf, "");
    /* an error: its status and text, then the context is clear */
    noc_error(&ctx, NOC_EINFEASIBLE, "f", 0, "no way");
    assert_int_equal(noc_ctx_take(&ctx, buf, sizeof buf), NOC_EINFEASIBLE);
    assert_string_equal(buf, "f: no way");
    assert_int_equal(ctx.status, NOC_OK);
    assert_string_equal(ctx.msg, "");
    /* a status without a message: the status's text */
    ctx.status = NOC_ENOMEM;
    assert_int_equal(noc_ctx_take(&ctx, buf, sizeof buf), NOC_ENOMEM);
    assert_string_equal(buf, "out of memory");
    /* truncated to the buffer; len 0 writes nothing */
    noc_error(&ctx, NOC_EINVAL, NULL, 0, "abcdefghij");
    char small[5] = "wxyz";
    assert_int_equal(noc_ctx_take(&ctx, small, 0), NOC_EINVAL);
    assert_string_equal(small, "wxyz");
    noc_error(&ctx, NOC_EINVAL, NULL, 0, "abcdefghij");
    assert_int_equal(noc_ctx_take(&ctx, small, sizeof small), NOC_EINVAL);
    assert_string_equal(small, "abcd");
}

/* The reported defect: one context, two failing library calls.  Each
 * call's message names its own cause (k=0, then k=1: gen.h's "k must be an
 * integer >= 2"), and an app file's missing header after that. */
static void test_reuse_reports_new_error(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    char buf[1024];
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int rc = noc_gen_spec(&t, "mesh:k=0,n=2", &ctx);
    noc_topo_free(&t);
    assert_int_equal(rc, NOC_EINVAL);
    assert_int_equal(noc_ctx_take(&ctx, buf, sizeof buf), NOC_EINVAL);
    assert_non_null(strstr(buf, "'0'"));

    noc_topo_init(&t);
    rc = noc_gen_spec(&t, "mesh:k=1,n=2", &ctx);
    noc_topo_free(&t);
    assert_int_equal(rc, NOC_EINVAL);
    assert_int_equal(noc_ctx_take(&ctx, buf, sizeof buf), NOC_EINVAL);
    assert_non_null(strstr(buf, "'1'"));
    assert_null(strstr(buf, "'0'"));

    /* cleared by hand this time */
    noc_error(&ctx, NOC_EINVAL, NULL, 0, "stale");
    noc_ctx_clear(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    const char bad[] = "bogus\n";
    rc = noc_app_parse_csv(&app, bad, sizeof bad - 1, "x.csv", &ctx);
    noc_app_free(&app);
    assert_int_equal(rc, NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "x.csv:1: missing header"));
    assert_null(strstr(ctx.msg, "stale"));

    /* a good call after a take leaves the context clear */
    noc_ctx_take(&ctx, buf, sizeof buf);
    noc_topo_init(&t);
    assert_int_equal(noc_gen_spec(&t, "mesh:k=2,n=2", &ctx), NOC_OK);
    noc_topo_free(&t);
    assert_int_equal(ctx.status, NOC_OK);
    assert_string_equal(ctx.msg, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_error_wins_until_cleared),
        cmocka_unit_test(test_take),
        cmocka_unit_test(test_reuse_reports_new_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
