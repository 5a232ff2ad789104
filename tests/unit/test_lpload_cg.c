/* Unit tests: the `ideal` routing LP by column generation (src/eval/lpload_cg.c)
 * against closed forms and against the exact per-destination LP.
 *
 * Oracles, none taken from nocsyn's output:
 *  - uniform traffic written as explicit flows (every terminal sends 1/N to
 *    every terminal, so the LP sees app traffic and column generation
 *    applies): the closed forms of test_lpload.c (Dally & Towles sec. 3.3.1,
 *    bisection and average bounds): k x k mesh k/4 (k even), (k^2-1)/(4k)
 *    (k odd); k x k torus k/8, (k^2-1)/(8k); hypercube 1/2;
 *  - a hand-worked 2x2 mesh with two opposite flows (below);
 *  - minimal routing carries a flow of rate w over exactly dist hops, so the
 *    router-router loads sum to sum(w x dist) with dist from Floyd-Warshall
 *    computed here;
 *  - the exact LP (NOC_LPL_EXACT, a different formulation solved by GLPK)
 *    on random graphs and regular networks with random flows: column
 *    generation's value must lie within its stated gap NOC_LPL_CG_GAP above
 *    it, and its dual bound at or below it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/eval/lpload_int.h"
#include "nocsyn/eval.h"
#include "nocsyn/gen.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

static void gen(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_gen_spec(t, spec, &ctx) != NOC_OK)
        fail_msg("gen %s: %s", spec, ctx.msg);
}

/* Router-hop distances between all routers (Floyd-Warshall), R x R. */
static int *router_dist(const struct noc_topo *t)
{
    int R = t->nrouters;
    int *d = malloc((size_t)R * (size_t)R * sizeof *d);
    assert_non_null(d);
    for (int a = 0; a < R; a++)
        for (int b = 0; b < R; b++)
            d[a * R + b] = a == b ? 0 : 1 << 20;
    for (int e = 0; e < t->nch; e++)
        if (noc_topo_is_rr(t, e))
            d[t->g.src[e] * R + t->g.dst[e]] = 1;
    for (int m = 0; m < R; m++)
        for (int a = 0; a < R; a++)
            for (int b = 0; b < R; b++)
                if (d[a * R + m] + d[m * R + b] < d[a * R + b])
                    d[a * R + b] = d[a * R + m] + d[m * R + b];
    return d;
}

/* The (single) router of terminal i. */
static int router_of(const struct noc_topo *t, int i)
{
    int v = noc_topo_term_node(t, i);
    return t->g.dst[t->g.off[v]];
}

/* Column generation on (t, tr): checks the loads it returns (maximum =
 * value, router-router total = sum of rate x distance) and returns the
 * value; *lb its dual bound. */
static double cg_load(const struct noc_topo *t, const struct noc_traffic *tr, double *lb)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double mx = -1, *load = calloc((size_t)t->nch + 1, sizeof *load);
    assert_non_null(load);
    int rc = noc_lpl_solve(t, tr, NOC_RT_IDEAL, 0, NOC_LPL_CG, &mx, lb, NULL, load, &ctx);
    if (rc != NOC_OK)
        fail_msg("column generation: %s", ctx.msg);
    int *d = router_dist(t);
    double seen = 0, total = 0, want = 0;
    for (int e = 0; e < t->nch; e++)
        if (noc_topo_is_rr(t, e)) {
            seen = load[e] > seen ? load[e] : seen;
            total += load[e];
        }
    for (int j = 0; j < tr->nent; j++)
        want += tr->ent[j].w * d[router_of(t, tr->ent[j].s) * t->nrouters + router_of(t, tr->ent[j].d)];
    assert_true(fabs(seen - mx) <= 1e-9 * (mx > 1 ? mx : 1));
    if (fabs(total - want) > 1e-7 * (want > 1 ? want : 1))
        fail_msg("router-router loads sum to %.9f, minimal routing gives %.9f", total, want);
    assert_true(*lb <= mx * (1 + 1e-8)); /* up to GLPK's rounding of the duals */
    free(d);
    free(load);
    return mx;
}

static double exact_load(const struct noc_topo *t, const struct noc_traffic *tr)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double mx = -1;
    int rc = noc_lpl_solve(t, tr, NOC_RT_IDEAL, 0, NOC_LPL_EXACT, &mx, NULL, NULL, NULL, &ctx);
    if (rc != NOC_OK)
        fail_msg("exact LP: %s", ctx.msg);
    return mx;
}

/* Uniform traffic as N^2 explicit flows of 1/N. */
static void uniform_flows(struct noc_traffic *tr, int n)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_traffic_init(tr, n);
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++)
            assert_int_equal(noc_traffic_add(tr, s, d, 1.0 / n, &ctx), NOC_OK);
    assert_int_equal(noc_traffic_finalize(tr, &ctx), NOC_OK);
}

static void check_uniform(const char *spec, double want)
{
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, spec);
    uniform_flows(&tr, t.nterminals);
    double lb, v = cg_load(&t, &tr, &lb);
    if (fabs(v - want) > 1e-6 * want || lb < want * (1 - NOC_LPL_CG_GAP) - 1e-12)
        fail_msg("%s: column generation %.9f (bound %.9f), closed form %.9f", spec, v, lb, want);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

static void uniform_closed_forms(void **state)
{
    (void)state;
    check_uniform("mesh:k=4,n=2", 1.0);          /* k/4 */
    check_uniform("mesh:k=6,n=2", 1.5);          /* k/4 */
    check_uniform("mesh:k=5,n=2", 24.0 / 20);    /* (k^2-1)/(4k) */
    check_uniform("torus:k=4,n=2", 0.5);         /* k/8 */
    check_uniform("torus:k=5,n=2", 24.0 / 40);   /* (k^2-1)/(8k) */
    check_uniform("hypercube:n=4", 0.5);         /* 1/2 */
}

/* 2x2 mesh (routers r0 r1 on the bottom row, r2 r3 above), flows t0 -> t3
 * and t3 -> t0 of rate 1.  Each has two minimal paths (r0 r1 r3, r0 r2 r3;
 * r3 r1 r0, r3 r2 r0) and the four paths use eight distinct channels, so
 * the best split is 1/2 per path: max load 1/2, where one path per flow
 * gives 1. */
static void two_opposite_flows(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "mesh:k=2,n=2");
    struct noc_traffic tr;
    noc_traffic_init(&tr, 4);
    assert_int_equal(noc_traffic_add(&tr, 0, 3, 1.0, &ctx), NOC_OK);
    assert_int_equal(noc_traffic_add(&tr, 3, 0, 1.0, &ctx), NOC_OK);
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    double lb, v = cg_load(&t, &tr, &lb);
    assert_true(fabs(v - 0.5) < 1e-12);
    assert_true(fabs(lb - 0.5) < 1e-9);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Random flows on t: column generation within its gap of the exact LP. */
static void against_exact(const struct noc_topo *t, struct noc_rng *rng, int nflows)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int n = t->nterminals;
    struct noc_traffic tr;
    noc_traffic_init(&tr, n);
    for (int j = 0; j < nflows; j++)
        noc_traffic_add(&tr, (int)noc_rng_below(rng, (uint64_t)n), (int)noc_rng_below(rng, (uint64_t)n),
                        10 + 390 * noc_rng_uniform(rng), &ctx);
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    double lb, v = cg_load(t, &tr, &lb), x = exact_load(t, &tr);
    if (!(v >= x * (1 - 1e-9) && v <= x * (1 + NOC_LPL_CG_GAP) && lb <= x * (1 + 1e-8)))
        fail_msg("column generation %.9f (bound %.9f) against the exact LP %.9f", v, lb, x);
    noc_traffic_free(&tr);
}

/* Random connected router graphs (a random spanning tree plus chords), one
 * terminal per router, and regular networks with several terminals per
 * router. */
static void random_cases_against_exact(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 2027);
    for (int iter = 0; iter < 30; iter++) {
        int n = 5 + (int)noc_rng_below(&rng, 20);
        struct noc_topo t;
        noc_topo_init(&t);
        char name[16];
        for (int i = 0; i < n; i++) {
            snprintf(name, sizeof name, "r%d", i);
            assert_int_equal(noc_topo_add_node(&t, name, NOC_ROUTER, &ctx), i);
        }
        for (int i = 0; i < n; i++) {
            snprintf(name, sizeof name, "t%d", i);
            int v = noc_topo_add_node(&t, name, NOC_TERMINAL, &ctx);
            assert_int_equal(noc_topo_add_link(&t, v, i, &ctx), NOC_OK);
        }
        for (int i = 1; i < n; i++)
            assert_int_equal(noc_topo_add_link(&t, (int)noc_rng_below(&rng, (uint64_t)i), i, &ctx), NOC_OK);
        for (int extra = (int)noc_rng_below(&rng, (uint64_t)n); extra > 0; extra--) {
            int a = (int)noc_rng_below(&rng, (uint64_t)n), b = (int)noc_rng_below(&rng, (uint64_t)n);
            if (a != b && noc_graph_find(&t.g, a, b) < 0 && noc_graph_find(&t.g, b, a) < 0)
                noc_topo_add_link(&t, a, b, &ctx);
        }
        noc_ctx_clear(&ctx);
        assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
        against_exact(&t, &rng, 2 * n);
        noc_topo_free(&t);
    }
    static const char *const specs[] = {"mesh:k=5,n=2", "torus:k=4,n=2", "fattree:k=2,n=4",
                                        "fattree:k=4,n=2", "flatfly:k=4,n=2,c=2", "cmesh:k=3,n=2,c=4"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        struct noc_topo t;
        gen(&t, specs[i]);
        for (int rep = 0; rep < 3; rep++)
            against_exact(&t, &rng, 3 * t.nterminals);
        noc_topo_free(&t);
    }
}

/* Column generation applies to ideal routing of app traffic only: uniform
 * traffic and optimal routing are refused when it is forced, and the
 * automatic choice still solves them exactly. */
static void eligibility(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "mesh:k=3,n=2");
    struct noc_traffic tr;
    noc_traffic_init(&tr, t.nterminals);
    tr.uniform = 1;
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    double mx, lb;
    int used = -1;
    assert_int_equal(noc_lpl_solve(&t, &tr, NOC_RT_IDEAL, 0, NOC_LPL_CG, &mx, &lb, &used, NULL, &ctx), NOC_EUNSUP);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_lpl_solve(&t, &tr, NOC_RT_IDEAL, 0, NOC_LPL_AUTO, &mx, &lb, &used, NULL, &ctx), NOC_OK);
    assert_true(fabs(mx - 8.0 / 12) < 1e-9); /* (k^2-1)/(4k), k = 3 */
    assert_int_equal(used, NOC_LPL_EXACT);
    assert_true(lb == mx);
    noc_traffic_free(&tr);
    uniform_flows(&tr, t.nterminals);
    assert_int_equal(noc_lpl_solve(&t, &tr, NOC_RT_OPTIMAL, 0, NOC_LPL_CG, &mx, &lb, &used, NULL, &ctx), NOC_EUNSUP);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* The automatic choice on an LP past LPLOAD_SIMPLEX_NNZ nonzeros with few
 * flows: the 2-ary 7-tree (N = 128 terminals, two per leaf switch) under
 * the bit-complement permutation (terminal i sends 1 to N-1-i, across the
 * root).  Closed form: a subtree of 2^(l+1) terminals under level l sends
 * 2^(l+1) units out over its 2^(l+1) up channels (and receives as much
 * over as many down channels), so no routing does better than 1, and
 * splitting every flow equally over its up-paths reaches every top switch
 * equally and loads every channel exactly 1 (the fat tree's full
 * bisection, D&T sec. 9.2): ideal = 1.  Column generation must be the
 * method chosen (its bound is a dual bound, not the exact optimum), and
 * noc_eval_lp_load must give the same. */
static void automatic_choice_large(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "fattree:k=2,n=7");
    int n = t.nterminals;
    assert_int_equal(n, 128);
    struct noc_traffic tr;
    noc_traffic_init(&tr, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(noc_traffic_add(&tr, i, n - 1 - i, 1.0, &ctx), NOC_OK);
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    double mx = -1, lb = -1, viaeval = -1;
    int used = -1;
    assert_int_equal(noc_lpl_solve(&t, &tr, NOC_RT_IDEAL, 0, NOC_LPL_AUTO, &mx, &lb, &used, NULL, &ctx), NOC_OK);
    assert_true(fabs(mx - 1) < 1e-9);
    assert_int_equal(used, NOC_LPL_CG);
    assert_true(lb <= mx * (1 + 1e-8) && lb >= mx * (1 - NOC_LPL_CG_GAP));
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_IDEAL, &viaeval, NULL, &ctx), NOC_OK);
    assert_true(viaeval == mx);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uniform_closed_forms),
        cmocka_unit_test(two_opposite_flows),
        cmocka_unit_test(random_cases_against_exact),
        cmocka_unit_test(eligibility),
        cmocka_unit_test(automatic_choice_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
