/* Unit tests: the Pareto front with tolerances, identical rows and the
 * choice rule (noc_pareto_*, core.h; issue 29 item 5).  Every expected
 * value is worked by hand from the definitions in core.h; the arithmetic is
 * in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "nocsyn/core.h"

/* The mesh and torus: the torus is 0.0045 ns faster at +81 mW.
 * mesh (1000, 12.0045, 1.0, 5), torus (1081, 12.0, 1.4, 5).  Exact: each is
 * better in one figure, so both are on the front.  Default tolerances
 * (1%): mesh's latency is within 12.0 + 0.12 of the torus', its power
 * 1000 < 1081 - 10.81 is better beyond 1%, its area 1.0 <= 1.4: the mesh
 * beats the torus, which leaves the front. */
static void test_pareto_latency_tolerance(void **state)
{
    (void)state;
    const double obj[] = {1000, 12.0045, 1.0, 5, 1081, 12.0, 1.4, 5};
    struct noc_pareto_opts p;
    int front[2], same[2];
    noc_pareto_opts_init(&p);
    assert_int_equal(noc_pareto_front(obj, 2, NULL, &p, front, same), 0);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 0);
    assert_int_equal(same[0], -1);
    assert_int_equal(same[1], -1);
    assert_int_equal(noc_pareto_dominates_tol(obj, obj + 4, 4, p.tol), 1);
    assert_int_equal(noc_pareto_dominates_tol(obj + 4, obj, 4, p.tol), 0);
    /* Tolerances 0: the exact front, both on it, as noc_pareto_dominates. */
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_pareto_opts_parse(&p, "0,0,0,0", NULL, &ctx), NOC_OK);
    noc_pareto_front(obj, 2, NULL, &p, front, same);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 1);
    assert_int_equal(noc_pareto_dominates_tol(obj, obj + 4, 4, NULL), noc_pareto_dominates(obj, obj + 4, 4, 0));
    /* Two designs within 1% of each other in every figure, (100, 10, 1, 4)
     * and (100.5, 10.05, 1, 4): neither is better beyond the tolerance, so
     * both stay on the front. */
    const double near[] = {100, 10, 1, 4, 100.5, 10.05, 1, 4};
    noc_pareto_opts_init(&p);
    noc_pareto_front(near, 2, NULL, &p, front, same);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 1);
}

/* The fat trees: A (840 mW, 10 ns, 2 mm^2, radix 8) and B (2070,
 * 10, 2, radix 4).  Exact: B's smaller radix keeps it on the front.  With
 * the default radix tolerance 1 (100%): 8 <= 4 + 4, so A beats B (power
 * better beyond 1%).  With R = 0.5: 8 > 4 + 2, both on the front again;
 * with R = inf the radix never counts (A beats B). */
static void test_pareto_radix_tolerance(void **state)
{
    (void)state;
    const double obj[] = {840, 10, 2, 8, 2070, 10, 2, 4};
    struct noc_pareto_opts p;
    struct noc_ctx ctx;
    int front[2];
    noc_ctx_init(&ctx);
    noc_pareto_opts_init(&p);
    assert_true(p.tol[3] == 1.0);
    noc_pareto_front(obj, 2, NULL, &p, front, NULL);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 0);
    assert_int_equal(noc_pareto_opts_parse(&p, "0.01,0.01,0.01,0.5", NULL, &ctx), NOC_OK);
    noc_pareto_front(obj, 2, NULL, &p, front, NULL);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 1);
    assert_int_equal(noc_pareto_opts_parse(&p, "0,0,0,inf", NULL, &ctx), NOC_OK);
    noc_pareto_front(obj, 2, NULL, &p, front, NULL);
    assert_int_equal(front[0], 1);
    assert_int_equal(front[1], 0);
}

/* Identical rows (cmesh_c6/c7/c8): rows 0, 2 and 3 carry the same figures
 * (row 3 differs by 1e-12 relative, within 1e-9); row 1 is another design.
 * Only row 0 stays on the front, rows 2 and 3 name it; a row that is not ok
 * (row 4, identical too) names nothing and is never on the front. */
static void test_pareto_same(void **state)
{
    (void)state;
    const double obj[] = {50, 8, 0.4, 7, 40, 9, 0.5, 6, 50, 8, 0.4, 7, 50 * (1 + 1e-12), 8, 0.4, 7, 50, 8, 0.4, 7};
    const int ok[] = {1, 1, 1, 1, 0};
    struct noc_pareto_opts p;
    int front[5], same[5];
    noc_pareto_opts_init(&p);
    noc_pareto_front(obj, 5, ok, &p, front, same);
    const int wf[] = {1, 1, 0, 0, 0}, ws[] = {-1, -1, 0, 0, -1};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(front[i], wf[i]);
        assert_int_equal(same[i], ws[i]);
    }
    assert_int_equal(noc_pareto_same(obj, obj + 4, 4), 0);
    assert_int_equal(noc_pareto_same(obj, obj + 12, 4), 1);
    /* NOC_PARETO_SAME_REL = 1e-3: 0.09% more power is the same design
     * (split_k2 49.113 mW and merge_k2 49.126 mW on VOPD, one topology),
     * 0.11% is not; radix 7 against 8 never is */
    const double a[] = {50, 8, 0.4, 7}, b[] = {50.045, 8, 0.4, 7}, c[] = {50.055, 8, 0.4, 7}, d[] = {50, 8, 0.4, 8};
    assert_int_equal(noc_pareto_same(a, b, 4), 1);
    assert_int_equal(noc_pareto_same(a, c, 4), 0);
    assert_int_equal(noc_pareto_same(a, d, 4), 0);
}

/* The choice rules on (power, latency) rows, area and radix equal:
 *   X (100, 13.0), Y (100.18, 12.0) (+0.18% power, 7.7% less latency),
 *   Z (150, 11.9), W (300, 11.8).
 * power: X.  latency: W.
 * weighted 1,1 (minima 100 and 11.8): X 1 + 13/11.8 = 2.1017,
 *   Y 1.0018 + 12/11.8 = 2.0187, Z 1.5 + 11.9/11.8 = 2.5085, W 3 + 1 = 4: Y.
 * weighted 0,1: least latency, W.
 * knee: ends X and W; x = (p - 100) / 200, y = (l - 11.8) / 1.2;
 *   1 - x - y: X 0, Y 1 - 0.0009 - 0.1667 = 0.8324, Z 1 - 0.25 - 0.0833 =
 *   0.6667, W 0: Y.  With only X and W (2 front rows): least power, X.
 * A row not ok (V, (1, 1)) never counts. */
static void test_pareto_choose_rules(void **state)
{
    (void)state;
    const double obj[] = {100, 13.0, 1, 4, 100.18, 12.0, 1, 4, 150, 11.9, 1, 4, 300, 11.8, 1, 4, 1, 1, 1, 4};
    const int ok[] = {1, 1, 1, 1, 0};
    struct noc_pareto_opts p;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_pareto_opts_init(&p);
    assert_int_equal(p.pick, NOC_PICK_POWER);
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ok, &p), 0);
    assert_int_equal(noc_pareto_opts_parse(&p, NULL, "latency", &ctx), NOC_OK);
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ok, &p), 3);
    assert_int_equal(noc_pareto_opts_parse(&p, NULL, "weighted", &ctx), NOC_OK);
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ok, &p), 1);
    assert_int_equal(noc_pareto_opts_parse(&p, NULL, "weighted:0,1", &ctx), NOC_OK);
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ok, &p), 3);
    assert_int_equal(noc_pareto_opts_parse(&p, NULL, "knee", &ctx), NOC_OK);
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ok, &p), 1);
    const int ends[] = {1, 0, 0, 1, 0};
    assert_int_equal(noc_pareto_choose(obj, 4, 5, ends, &p), 0);
    const int none[] = {0, 0, 0, 0, 0};
    assert_int_equal(noc_pareto_choose(obj, 4, 5, none, &p), -1);
    /* The front's return value is the same choice. */
    int front[5];
    assert_int_equal(noc_pareto_front(obj, 5, ok, &p, front, NULL), 1);
}

static void test_pareto_parse_errors(void **state)
{
    (void)state;
    struct noc_pareto_opts p;
    struct noc_ctx ctx;
    noc_pareto_opts_init(&p);
    const char *badtol[] = {"0.1,0.1", "-1,0,0,0", "0,0,0,0,0", "a,b,c,d", "0,0,0,nan", ""};
    for (size_t i = 0; i < sizeof badtol / sizeof *badtol; i++) {
        noc_ctx_init(&ctx);
        assert_int_equal(noc_pareto_opts_parse(&p, badtol[i], NULL, &ctx), NOC_EINVAL);
        assert_non_null(strstr(ctx.msg, "--pareto-tol"));
    }
    const char *badpick[] = {"fastest", "weighted:0,0", "weighted:1", "weighted:-1,2", "knee:1"};
    for (size_t i = 0; i < sizeof badpick / sizeof *badpick; i++) {
        noc_ctx_init(&ctx);
        assert_int_equal(noc_pareto_opts_parse(&p, NULL, badpick[i], &ctx), NOC_EINVAL);
        assert_non_null(strstr(ctx.msg, "--choose"));
    }
    noc_ctx_init(&ctx);
    assert_int_equal(noc_pareto_opts_parse(&p, "0.05,0,0.1,inf", "weighted:2,1", &ctx), NOC_OK);
    assert_true(p.tol[0] == 0.05 && p.tol[1] == 0 && p.tol[2] == 0.1 && p.tol[3] > 1e308);
    assert_int_equal(p.pick, NOC_PICK_WEIGHTED);
    assert_true(p.weight[0] == 2 && p.weight[1] == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pareto_latency_tolerance),
        cmocka_unit_test(test_pareto_radix_tolerance),
        cmocka_unit_test(test_pareto_same),
        cmocka_unit_test(test_pareto_choose_rules),
        cmocka_unit_test(test_pareto_parse_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
