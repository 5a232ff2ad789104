/* Unit tests: the GLPK layer (include/nocsyn/lp.h).  Small problems whose
 * optima are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "nocsyn/lp.h"

/* max 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 6,  0 <= x <= 3,  y >= 0.
 * Vertices: (0,0)=0, (3,0)=9, (3,1)=11 (where x = 3 meets x + 3y = 6;
 * x + y = 4 passes through it too), (0,2)=4: optimum x = 3, y = 1,
 * objective 11. */
static struct noc_lp *classic_lp(struct noc_ctx *ctx)
{
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MAX, ctx), NOC_OK);
    assert_int_equal(noc_lp_add_cols(lp, 1, 0, 3, 3, NOC_LP_CONT, ctx), 0);
    assert_int_equal(noc_lp_add_cols(lp, 1, 0, INFINITY, 2, NOC_LP_CONT, ctx), 1);
    int c[] = {0, 1};
    double v1[] = {1, 1}, v2[] = {1, 3};
    assert_int_equal(noc_lp_add_row(lp, -INFINITY, 4, 2, c, v1, ctx), 0);
    assert_int_equal(noc_lp_add_row(lp, -INFINITY, 6, 2, c, v2, ctx), 1);
    return lp;
}

static void lp_simplex_and_interior_agree(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (int method = NOC_LP_AUTO; method <= NOC_LP_INTERIOR; method++) {
        struct noc_lp *lp = classic_lp(&ctx);
        struct noc_lp_params p;
        noc_lp_params_init(&p);
        p.method = method;
        assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_OK);
        assert_true(noc_lp_has_solution(lp));
        assert_true(fabs(noc_lp_obj(lp) - 11) < 1e-6);
        assert_true(fabs(noc_lp_value(lp, 0) - 3) < 1e-6);
        assert_true(fabs(noc_lp_value(lp, 1) - 1) < 1e-6);
        assert_int_equal(noc_lp_ncols(lp), 2);
        assert_int_equal(noc_lp_nrows(lp), 2);
        assert_int_equal(noc_lp_nnz(lp), 4);
        noc_lp_free(lp);
    }
}

/* Re-solving after changing the objective and a bound.  With objective
 * x + 3y the vertices (0,2) and (3,1) both give 6: the edge x + 3y = 6 is
 * optimal, objective 6.  With y <= 1 and objective x + 4y the vertices are
 * (0,0), (3,0), (3,1), (0,1): optimum (3,1) = 7. */
static void lp_modify_and_resolve(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp = classic_lp(&ctx);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_int_equal(noc_lp_set_obj(lp, 0, 1, &ctx), NOC_OK);
    assert_int_equal(noc_lp_set_obj(lp, 1, 3, &ctx), NOC_OK);
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.presolve = 0; /* warm start */
    assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 6) < 1e-9);
    assert_int_equal(noc_lp_set_col_bounds(lp, 1, 0, 1, &ctx), NOC_OK);
    assert_int_equal(noc_lp_set_obj(lp, 1, 4, &ctx), NOC_OK);
    assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 7) < 1e-9);
    /* Adding a row after solving rebuilds the problem: x <= 2 -> (2,1) = 6. */
    int c0 = 0;
    double one = 1;
    assert_int_equal(noc_lp_add_row(lp, -INFINITY, 2, 1, &c0, &one, &ctx), 2);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 6) < 1e-9);
    noc_lp_free(lp);
}

/* Repeated columns in a row are summed: x + x <= 4 with max x gives 2;
 * x - x cancels to an empty row. */
static void lp_row_duplicates_summed(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MAX, &ctx), NOC_OK);
    assert_int_equal(noc_lp_add_cols(lp, 1, 0, 10, 1, NOC_LP_CONT, &ctx), 0);
    int c[] = {0, 0};
    double v[] = {1, 1}, w[] = {1, -1};
    assert_int_equal(noc_lp_add_row(lp, -INFINITY, 4, 2, c, v, &ctx), 0);
    assert_int_equal(noc_lp_add_row(lp, -1, 1, 2, c, w, &ctx), 1);
    assert_int_equal(noc_lp_nnz(lp), 1);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_value(lp, 0) - 2) < 1e-9);
    noc_lp_free(lp);
}

/* x >= 2 and x <= 1 (as rows): infeasible.  max x with x >= 0 and no
 * upper limit: unbounded.  Both are NOC_EINFEASIBLE, with a message. */
static void lp_infeasible_and_unbounded(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (int presolve = 0; presolve <= 1; presolve++) {
        struct noc_lp *lp;
        assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
        noc_lp_add_cols(lp, 1, -INFINITY, INFINITY, 1, NOC_LP_CONT, &ctx);
        int c = 0;
        double one = 1;
        noc_lp_add_row(lp, 2, INFINITY, 1, &c, &one, &ctx);
        noc_lp_add_row(lp, -INFINITY, 1, 1, &c, &one, &ctx);
        struct noc_lp_params p;
        noc_lp_params_init(&p);
        p.presolve = presolve;
        assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_EINFEASIBLE);
        assert_false(noc_lp_has_solution(lp));
        assert_true(ctx.msg[0] != '\0');
        noc_ctx_clear(&ctx);
        noc_lp_free(lp);

        assert_int_equal(noc_lp_create(&lp, NOC_LP_MAX, &ctx), NOC_OK);
        noc_lp_add_cols(lp, 2, 0, INFINITY, 1, NOC_LP_CONT, &ctx);
        int cc[] = {0, 1};
        double vv[] = {1, -1};
        noc_lp_add_row(lp, -INFINITY, 1, 2, cc, vv, &ctx);
        assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_EINFEASIBLE);
        noc_ctx_clear(&ctx);
        noc_lp_free(lp);
    }
}

/* Bad input is refused before GLPK sees it (GLPK would abort). */
static void lp_validation(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, 7, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
    assert_int_equal(noc_lp_add_cols(lp, 1, 1, 0, 0, NOC_LP_CONT, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_cols(lp, 1, NAN, 1, 0, NOC_LP_CONT, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_cols(lp, 1, 0, 1, INFINITY, NOC_LP_CONT, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_cols(lp, 1, 0, 1, 0, 9, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_cols(lp, 2, 0, 1, 1, NOC_LP_CONT, &ctx), 0);
    int bad = 2, ok = 1;
    double one = 1, nan = NAN;
    assert_int_equal(noc_lp_add_row(lp, 0, 1, 1, &bad, &one, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_row(lp, 0, 1, 1, &ok, &nan, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_add_row(lp, 2, 1, 1, &ok, &one, &ctx), -NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_set_obj(lp, 5, 1, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lp_set_col_bounds(lp, 0, 3, 2, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.mip_gap = -1;
    assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    /* Nothing invalid got in: min x0 + x1 over [0,1]^2 = 0. */
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp)) < 1e-12);
    noc_lp_free(lp);
}

/* 0-1 knapsack: max 5a + 4b + 3c, 2a + 3b + c <= 5.  Feasible sets and
 * values: {a,b} 9 (weight 5), {a,c} 8, {b,c} 7, {a,b,c} weight 6 > 5: the
 * optimum is 9; the LP relaxation (a = 1, c = 1, b = 2/3: 10.67) is not
 * integral, so the MIP search really runs. */
static void mip_knapsack(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MAX, &ctx), NOC_OK);
    noc_lp_add_cols(lp, 1, 0, 1, 5, NOC_LP_BIN, &ctx);
    noc_lp_add_cols(lp, 1, 0, 1, 4, NOC_LP_BIN, &ctx);
    noc_lp_add_cols(lp, 1, 0, 1, 3, NOC_LP_BIN, &ctx);
    int c[] = {0, 1, 2};
    double w[] = {2, 3, 1};
    noc_lp_add_row(lp, -INFINITY, 5, 3, c, w, &ctx);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 9) < 1e-9);
    assert_true(fabs(noc_lp_value(lp, 0) - 1) < 1e-9);
    assert_true(fabs(noc_lp_value(lp, 1) - 1) < 1e-9);
    assert_true(fabs(noc_lp_value(lp, 2)) < 1e-9);
    assert_true(fabs(noc_lp_bound(lp) - 9) < 1e-9);
    /* With the cuts on, and starting from the incumbent {a,c} = 8. */
    double start[] = {1, 0, 1};
    assert_int_equal(noc_lp_set_start(lp, start, &ctx), NOC_OK);
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.cuts = 1;
    assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 9) < 1e-9);
    /* A start outside the bounds is refused. */
    double badstart[] = {2, 0, 0};
    assert_int_equal(noc_lp_set_start(lp, badstart, &ctx), NOC_OK);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_EINVAL);
    noc_lp_free(lp);
}

/* General integers: min x + y, 2x + 2y >= 3, x, y integer >= 0: the LP
 * optimum 1.5 rounds up to 2.  And an infeasible integer program:
 * 2x = 1 with x integer. */
static void mip_integer_rounding_and_infeasible(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
    noc_lp_add_cols(lp, 2, 0, INFINITY, 1, NOC_LP_INT, &ctx);
    int c[] = {0, 1};
    double v[] = {2, 2};
    noc_lp_add_row(lp, 3, INFINITY, 2, c, v, &ctx);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(fabs(noc_lp_obj(lp) - 2) < 1e-9);
    noc_lp_free(lp);

    assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
    noc_lp_add_cols(lp, 1, 0, 10, 1, NOC_LP_INT, &ctx);
    double two = 2;
    noc_lp_add_row(lp, 1, 1, 1, c, &two, &ctx);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_EINFEASIBLE);
    noc_lp_free(lp);
}

/* A node budget of one subproblem keeps the supplied incumbent: whether
 * GLPK finishes at the root (OK) or stops at the limit (ELIMIT), a
 * solution at least as good as the start (value 1) is available and the
 * bound lies above it (maximisation). */
static void mip_node_limit_keeps_incumbent(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    enum { n = 15 };
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MAX, &ctx), NOC_OK);
    noc_lp_add_cols(lp, n, 0, 1, 0, NOC_LP_BIN, &ctx);
    /* max sum (i+1) x_i, sum (i+2) x_i <= 40: a knapsack needing branching */
    int c[n];
    double w[n];
    for (int i = 0; i < n; i++) {
        noc_lp_set_obj(lp, i, i + 1 + (i % 3), &ctx);
        c[i] = i;
        w[i] = i + 2;
    }
    noc_lp_add_row(lp, -INFINITY, 40, n, c, w, &ctx);
    double start[n] = {0};
    start[0] = 1; /* weight 2, value 1 */
    assert_int_equal(noc_lp_set_start(lp, start, &ctx), NOC_OK);
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.node_limit = 1;
    int rc = noc_lp_solve(lp, &p, &ctx);
    assert_true(rc == NOC_OK || rc == NOC_ELIMIT);
    assert_true(noc_lp_has_solution(lp));
    assert_true(noc_lp_obj(lp) >= 1 - 1e-9);
    double bound = noc_lp_bound(lp);
    assert_true(bound >= noc_lp_obj(lp) - 1e-9); /* a max problem's bound is above */
    noc_lp_free(lp);
}

/* No columns: feasible iff every row admits 0. */
/* Row duals, by hand: min 3x + 2y  s.t.  x + y >= 4 (row 0),  x - y <= 1
 * (row 1),  x, y >= 0.  Optimum x = 0, y = 4, objective 8: raising row
 * 0's bound by 1 moves it to y = 5, objective 10, so its dual is 2; row 1
 * is slack (x - y = -4), dual 0.  Every method gives them; an empty
 * problem has none (0). */
static void lp_row_duals(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (int method = NOC_LP_AUTO; method <= NOC_LP_INTERIOR; method++) {
        struct noc_lp *lp;
        assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
        assert_int_equal(noc_lp_add_cols(lp, 1, 0, INFINITY, 3, NOC_LP_CONT, &ctx), 0);
        assert_int_equal(noc_lp_add_cols(lp, 1, 0, INFINITY, 2, NOC_LP_CONT, &ctx), 1);
        int c[] = {0, 1};
        double v1[] = {1, 1}, v2[] = {1, -1};
        assert_int_equal(noc_lp_add_row(lp, 4, INFINITY, 2, c, v1, &ctx), 0);
        assert_int_equal(noc_lp_add_row(lp, -INFINITY, 1, 2, c, v2, &ctx), 1);
        assert_true(noc_lp_dual(lp, 0) == 0); /* not solved yet */
        struct noc_lp_params p;
        noc_lp_params_init(&p);
        p.method = method;
        assert_int_equal(noc_lp_solve(lp, &p, &ctx), NOC_OK);
        assert_true(fabs(noc_lp_obj(lp) - 8) < 1e-6);
        assert_true(fabs(noc_lp_dual(lp, 0) - 2) < 1e-6);
        assert_true(fabs(noc_lp_dual(lp, 1)) < 1e-6);
        assert_true(noc_lp_dual(lp, 2) == 0 && noc_lp_dual(lp, -1) == 0); /* out of range */
        noc_lp_free(lp);
    }
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
    double none = 0;
    assert_int_equal(noc_lp_add_row(lp, -1, 1, 0, NULL, &none, &ctx), 0);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(noc_lp_dual(lp, 0) == 0);
    noc_lp_free(lp);
}

static void lp_empty_problem(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_lp *lp;
    assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_OK);
    assert_true(noc_lp_obj(lp) == 0);
    noc_lp_add_row(lp, 1, 2, 0, NULL, NULL, &ctx);
    assert_int_equal(noc_lp_solve(lp, NULL, &ctx), NOC_EINFEASIBLE);
    noc_lp_free(lp);
    noc_lp_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lp_simplex_and_interior_agree),
        cmocka_unit_test(lp_modify_and_resolve),
        cmocka_unit_test(lp_row_duplicates_summed),
        cmocka_unit_test(lp_infeasible_and_unbounded),
        cmocka_unit_test(lp_validation),
        cmocka_unit_test(mip_knapsack),
        cmocka_unit_test(mip_integer_rounding_and_infeasible),
        cmocka_unit_test(mip_node_limit_keeps_incumbent),
        cmocka_unit_test(lp_empty_problem),
        cmocka_unit_test(lp_row_duals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
