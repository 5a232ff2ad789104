/* Unit tests: the JSON writer (nocsyn/json.h), the one cJSON adapter.
 * Expected texts are written by hand from cJSON's formatted layout (tab
 * per depth, "key":<TAB>value, ",\n" between members, arrays of scalars
 * inline as "[a, b]", numbers as "%1.15g" or "%1.17g" when 15 digits do
 * not read back) and from the contract in json.h; none is copied from
 * the program's output. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "nocsyn/json.h"

/* Prints j into a fresh buffer and compares it with want. */
static void assert_prints(struct noc_json *j, const char *want)
{
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    noc_buf_init(&b);
    assert_int_equal(noc_json_print(j, &b, &ctx), NOC_OK);
    assert_int_equal(ctx.status, NOC_OK);
    assert_non_null(b.data);
    assert_int_equal(b.len, strlen(want));
    assert_string_equal(b.data, want);
    noc_buf_free(&b);
}

/* Every value kind, nested two levels, arrays of scalars and of objects. */
static void test_nested(void **state)
{
    (void)state;
    struct noc_json *j = noc_json_new();
    assert_non_null(j);
    struct noc_json_node *o = noc_json_root(j);
    noc_json_add_str(j, o, "name", "mesh \"4\"");
    noc_json_add_num(j, o, "routers", 16);
    struct noc_json_node *dims = noc_json_add_array(j, o, "dims");
    noc_json_add_num(j, dims, NULL, 4);
    noc_json_add_num(j, dims, NULL, 4);
    struct noc_json_node *s = noc_json_add_object(j, o, "sub");
    noc_json_add_bool(j, s, "ok", 7);
    noc_json_add_bool(j, s, "bad", 0);
    noc_json_add_null(j, s, "none");
    noc_json_add_str(j, s, "unset", NULL);
    struct noc_json_node *pts = noc_json_add_array(j, o, "points");
    struct noc_json_node *p = noc_json_add_object(j, pts, NULL);
    noc_json_add_num(j, p, "x", 0.5);
    noc_json_add_object(j, o, "empty");
    noc_json_add_array(j, o, "none");
    /* Quotes escaped; inner objects one tab deeper per level; an object
     * inside an array starts on the "[" line; empty object "{\n<tabs>}",
     * empty array "[]". */
    assert_prints(j, "{\n"
                     "\t\"name\":\t\"mesh \\\"4\\\"\",\n"
                     "\t\"routers\":\t16,\n"
                     "\t\"dims\":\t[4, 4],\n"
                     "\t\"sub\":\t{\n"
                     "\t\t\"ok\":\ttrue,\n"
                     "\t\t\"bad\":\tfalse,\n"
                     "\t\t\"none\":\tnull,\n"
                     "\t\t\"unset\":\tnull\n"
                     "\t},\n"
                     "\t\"points\":\t[{\n"
                     "\t\t\t\"x\":\t0.5\n"
                     "\t\t}],\n"
                     "\t\"empty\":\t{\n"
                     "\t},\n"
                     "\t\"none\":\t[]\n"
                     "}\n");
    noc_json_free(j);
}

/* Rounding.  1/3 = 0.33333333333333331483 (binary); "%1.15g" gives
 * 0.333333333333333, 3.1e-16 away, more than cJSON's read-back tolerance
 * (|a - b| <= max(|a|,|b|) * DBL_EPSILON = 7.4e-17), so unrounded it
 * prints with 17 digits; 12 digits give 0.333333333333.  0.1 + 0.2 =
 * 0.30000000000000004441 is 5.6e-17 from 0.3, inside the tolerance, so it
 * prints 0.3 even unrounded.  2/3 to 6 digits is 0.666667; 123456789 to 6
 * digits is 123457000 (%1.15g shows it without exponent); -1.23456789e-7
 * to 3 digits is -1.23e-07; NaN and infinities print null either way; -0
 * stays -0 (json.h). */
static void test_numbers(void **state)
{
    (void)state;
    struct noc_json *j = noc_json_new();
    struct noc_json_node *a = noc_json_add_array(j, noc_json_root(j), "v");
    noc_json_add_num(j, a, NULL, 1.0 / 3.0);
    noc_json_add_round(j, a, NULL, 1.0 / 3.0, 12);
    noc_json_add_num(j, a, NULL, 0.1 + 0.2);
    noc_json_add_round(j, a, NULL, 2.0 / 3.0, 6);
    noc_json_add_round(j, a, NULL, 123456789, 6);
    noc_json_add_round(j, a, NULL, -1.23456789e-7, 3);
    noc_json_add_round(j, a, NULL, NAN, 6);
    noc_json_add_num(j, a, NULL, INFINITY);
    noc_json_add_num(j, a, NULL, -0.0);
    noc_json_add_num(j, a, NULL, 1e300);
    assert_prints(j, "{\n\t\"v\":\t[0.33333333333333331, 0.333333333333, 0.3, 0.666667, 123457000, -1.23e-07, null, "
                     "null, -0, 1e+300]\n}\n");
    noc_json_free(j);
}

/* An existing key is replaced in place: order a, b, c kept, value and type
 * of b changed, no duplicate key. */
static void test_replace(void **state)
{
    (void)state;
    struct noc_json *j = noc_json_new();
    struct noc_json_node *o = noc_json_root(j);
    noc_json_add_num(j, o, "a", 1);
    noc_json_add_num(j, o, "b", 2);
    noc_json_add_num(j, o, "c", 3);
    noc_json_add_str(j, o, "b", "two");
    noc_json_add_num(j, o, "B", 4); /* keys are case-sensitive: a new one */
    assert_prints(j, "{\n\t\"a\":\t1,\n\t\"b\":\t\"two\",\n\t\"c\":\t3,\n\t\"B\":\t4\n}\n");
    noc_json_free(j);
}

/* Failures: a NULL document (what noc_json_new returns out of memory)
 * takes every call and reports NOC_ENOMEM with nothing appended; a failed
 * add (here a member without a key) is sticky: later adds succeed, but
 * status and print report it. */
static void test_errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    noc_buf_init(&b);
    noc_buf_append(&b, "x", 1);

    struct noc_json *nj = NULL;
    assert_null(noc_json_root(nj));
    struct noc_json_node *n = noc_json_add_object(nj, noc_json_root(nj), "o");
    assert_null(n);
    noc_json_add_num(nj, n, "k", 1);
    noc_json_add_str(nj, NULL, "s", "v");
    assert_int_equal(noc_json_print(nj, &b, &ctx), NOC_ENOMEM);
    assert_int_equal(ctx.status, NOC_ENOMEM);
    assert_non_null(strstr(ctx.msg, "out of memory"));
    assert_int_equal(b.len, 1);
    noc_json_free(nj);

    noc_ctx_init(&ctx);
    struct noc_json *j = noc_json_new();
    struct noc_json_node *o = noc_json_root(j);
    assert_int_equal(noc_json_status(j, &ctx), NOC_OK);
    assert_null(noc_json_add_array(j, o, NULL)); /* no key in an object */
    noc_json_add_num(j, o, "later", 1);
    assert_int_equal(noc_json_status(j, &ctx), NOC_ENOMEM);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_json_print(j, &b, &ctx), NOC_ENOMEM);
    assert_int_equal(ctx.status, NOC_ENOMEM);
    assert_int_equal(b.len, 1);
    noc_json_free(j);
    noc_buf_free(&b);
}

/* The one-line layout (json.h: noc_json_print_line), worked by hand from
 * its contract: ", " and ": " separators, {} and [] when empty, numbers as
 * %.10g without -0, add_int exact, NaN as null, '"' and '\\' escaped with a
 * backslash, a newline as \u000a. */
static void test_line(void **state)
{
    (void)state;
    struct noc_json *j = noc_json_new();
    struct noc_json_node *o = noc_json_root(j), *a, *in;
    noc_json_add_str(j, o, "name", "a\"b\\c\nd");
    noc_json_add_int(j, o, "big", 12345678901LL);   /* 11 digits: %.10g would give 1.23456789e+10 */
    noc_json_add_num(j, o, "third", 1.0 / 3.0);      /* 10 significant digits */
    noc_json_add_num(j, o, "sum", 0.1 + 0.2);        /* 0.3 at 10 digits */
    noc_json_add_num(j, o, "negzero", -0.0);
    noc_json_add_num(j, o, "nan", NAN);
    noc_json_add_bool(j, o, "yes", 1);
    noc_json_add_bool(j, o, "no", 0);
    noc_json_add_null(j, o, "none");
    a = noc_json_add_array(j, o, "list");
    noc_json_add_int(j, a, NULL, -7);
    in = noc_json_add_array(j, a, NULL);
    noc_json_add_str(j, in, NULL, "x");
    noc_json_add_object(j, a, NULL);
    noc_json_add_array(j, o, "empty");
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    noc_buf_init(&b);
    assert_int_equal(noc_json_print_line(j, &b, &ctx), NOC_OK);
    noc_buf_append(&b, "", 0);
    assert_string_equal(b.data, "{\"name\": \"a\\\"b\\\\c\\u000ad\", \"big\": 12345678901, "
                                "\"third\": 0.3333333333, \"sum\": 0.3, \"negzero\": 0, \"nan\": null, "
                                "\"yes\": true, \"no\": false, \"none\": null, "
                                "\"list\": [-7, [\"x\"], {}], \"empty\": []}\n");
    noc_buf_free(&b);
    /* the formatted layout prints the exact integer too */
    noc_buf_init(&b);
    struct noc_json *k = noc_json_new();
    noc_json_add_int(k, noc_json_root(k), "n", 12345678901LL);
    assert_int_equal(noc_json_print(k, &b, &ctx), NOC_OK);
    noc_buf_append(&b, "", 0);
    assert_string_equal(b.data, "{\n\t\"n\":\t12345678901\n}\n");
    noc_buf_free(&b);
    noc_json_free(k);
    noc_json_free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_replace),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
