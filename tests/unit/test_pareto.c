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

/* noc_pareto_mark over a list of records (the objective vector inside a
 * larger struct, as compare's entries hold their designs). */
struct rec {
    double v[4];
    int ok, switches;
    int pareto;
    const struct rec *same;
};
static void rec_obj(const void *x, double *v) { memcpy(v, ((const struct rec *)x)->v, 4 * sizeof *v); }
static int rec_ok(const void *x) { return ((const struct rec *)x)->ok; }
static void rec_mark(void *x, int pareto, const void *same)
{
    struct rec *r = x;
    r->pareto = pareto;
    r->same = same;
}
/* least power, then fewer switches (synth's rule has latency between) */
static int rec_before(const void *x, const void *y)
{
    const struct rec *a = x, *b = y;
    return a->v[0] < b->v[0] || (a->v[0] == b->v[0] && a->switches < b->switches);
}

/* noc_pareto_mark's choice (marks applied), or -2 when it fails. */
static int mark_choice(const struct noc_pareto_list *l, const struct noc_pareto_opts *p)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int chosen = -3;
    return noc_pareto_mark(l, p, &chosen, &ctx) == NOC_OK ? chosen : -2;
}

/* Worked by hand, tolerances 0 (exact dominance):
 * r0 (10, 5, 1, 4): on the front (nothing is <= in all and < in one);
 * r1 (12, 4, 1, 4): on the front (least latency);
 * r2 (12, 6, 1, 4): dominated by r0 (10 < 12, 5 < 6);
 * r3 = r0's figures: identical to r0 (same = r0), off the front;
 * r4 (1, 1, 1, 1): better in everything but not ok: never on the front,
 *   never chosen, dominates nobody.
 * Least power (noc_pareto_choose): r0, power 10.  Then the rounding: r5
 * (10 - 4e-10, 7, 1, 4) rounds to 10 at scale 1e9 and ties r0's power;
 * the tie goes to the lower latency, r0, where unrounded r5 (less power)
 * is chosen.  Then a tie rule: r6 (10, 9, 1, 4, 2 switches) ties r0
 * (3 switches) in power and wins on switches under rec_before, but is
 * identical to nothing (latency 9 vs 5), so it is chosen itself. */
static void test_pareto_mark(void **state)
{
    (void)state;
    struct rec r[7] = {
        {{10, 5, 1, 4}, 1, 3, -1, NULL},  {{12, 4, 1, 4}, 1, 3, -1, NULL},
        {{12, 6, 1, 4}, 1, 3, -1, NULL},  {{10, 5, 1, 4}, 1, 3, -1, NULL},
        {{1, 1, 1, 1}, 0, 1, -1, NULL},   {{10 - 4e-10, 7, 1, 4}, 1, 3, -1, NULL},
        {{10, 9, 1, 4}, 1, 2, -1, NULL},
    };
    struct noc_pareto_opts p;
    noc_pareto_opts_init(&p);
    for (int k = 0; k < 4; k++)
        p.tol[k] = 0;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_pareto_list l = {r, sizeof *r, 5, rec_obj, 0, rec_ok, NULL, rec_mark};
    int chosen = -2;
    assert_int_equal(noc_pareto_mark(&l, &p, &chosen, &ctx), NOC_OK);
    int want_front[5] = {1, 1, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        assert_int_equal(r[i].pareto, want_front[i]);
    assert_ptr_equal(r[3].same, &r[0]);
    assert_null(r[0].same);
    assert_null(r[4].same);
    assert_int_equal(chosen, 0);
    /* r5: unrounded it has the least power; rounded, r0 wins the tie on latency */
    l.n = 6;
    assert_int_equal(mark_choice(&l, &p), 5);
    l.round_scale = 1e9;
    assert_int_equal(mark_choice(&l, &p), 0);
    /* the list's tie rule (raw figures): r5's power is the least */
    l.before = rec_before;
    assert_int_equal(mark_choice(&l, &p), 5);
    r[5].v[0] = 10; /* now r0, r5, r6 tie in power: fewest switches, r6 */
    l.n = 7;
    assert_int_equal(mark_choice(&l, &p), 6);
    /* the tie rule is the least-power rule's only: least latency picks r1 */
    p.pick = NOC_PICK_LATENCY;
    assert_int_equal(mark_choice(&l, &p), 1);
    /* a chosen copy gives way to the first of its identical rows */
    p.pick = NOC_PICK_POWER;
    l.before = NULL;
    r[0].ok = 0; /* r3 (r0's figures) is now the least-power row, r0 not ok */
    assert_int_equal(mark_choice(&l, &p), 3);
    r[0].ok = 1;
    /* r3 at latency 4.999 is the least-power row by its lower latency, and
     * identical to r0 within 0.1% (0.001 <= 0.005): r0 stands for it */
    r[3].v[1] = 4.999;
    assert_int_equal(noc_pareto_mark(&l, &p, &chosen, &ctx), NOC_OK);
    assert_ptr_equal(r[3].same, &r[0]);
    assert_int_equal(chosen, 0);
    /* no ok item: -1 */
    for (int i = 0; i < 7; i++)
        r[i].ok = 0;
    assert_int_equal(mark_choice(&l, &p), -1);
}

/* noc_pareto_round: three objectives to 1 / scale, the radix untouched. */
static void test_pareto_round(void **state)
{
    (void)state;
    double v[4] = {1.0000000004, 2.0000000006, 3.4999999996, 7.2500000004};
    noc_pareto_round(v, 1e9);
    assert_true(v[0] == 1 && v[1] == 2.000000001 && v[2] == 3.5 && v[3] == 7.2500000004);
    double w[4] = {1.0000000004, 2, 3, 4.4};
    noc_pareto_round(w, 0);
    assert_true(w[0] == 1.0000000004 && w[3] == 4.4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pareto_latency_tolerance),
        cmocka_unit_test(test_pareto_radix_tolerance),
        cmocka_unit_test(test_pareto_same),
        cmocka_unit_test(test_pareto_choose_rules),
        cmocka_unit_test(test_pareto_parse_errors),
        cmocka_unit_test(test_pareto_mark),
        cmocka_unit_test(test_pareto_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
