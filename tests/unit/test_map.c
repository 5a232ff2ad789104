/* Unit tests: core-to-terminal mapping (map.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/gen.h"
#include "nocsyn/map.h"
#include "nocsyn/topo.h"

static void gen(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen_spec(t, spec, &ctx), NOC_OK);
}

/* A chain of n cores c0 -> c1 -> ... with bandwidth 100 each. */
static void chain(struct noc_app *app, int n)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_app_init(app);
    char nm[16];
    for (int i = 0; i < n; i++) {
        snprintf(nm, sizeof nm, "c%d", i);
        noc_app_core(app, nm, &ctx);
    }
    for (int i = 0; i + 1 < n; i++)
        assert_int_equal(noc_app_add_flow(app, i, i + 1, 100, -1, &ctx), 0);
}

/* Mesh distances are Manhattan: on a 3 x 3 mesh t0 -> t8 is 4 hops, t4 -> t5
 * is 1, and a terminal is 0 from itself. */
static void distances_on_mesh(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "mesh:k=3,n=2");
    int *d = NULL;
    assert_int_equal(noc_map_distances(&t, &d, &ctx), NOC_OK);
    assert_int_equal(d[0 * 9 + 8], 4);
    assert_int_equal(d[4 * 9 + 5], 1);
    assert_int_equal(d[7 * 9 + 7], 0);
    assert_int_equal(d[2 * 9 + 6], 4);
    free(d);
    noc_topo_free(&t);
}

/* A 9-core chain on a 3 x 3 mesh has a Hamiltonian path, so the optimum of
 * sum bw x hops is 8 flows x 100 x 1 hop = 800; auto must find it. */
static void auto_finds_the_chain_optimum(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "mesh:k=3,n=2");
    struct noc_app app;
    chain(&app, 9);
    int term[9];
    double cost;
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_AUTO, 1, term, &cost, &ctx), NOC_OK);
    assert_true(fabs(cost - 800) < 1e-9);
    int seen[9] = {0};
    for (int c = 0; c < 9; c++) {
        assert_true(term[c] >= 0 && term[c] < 9);
        assert_int_equal(seen[term[c]]++, 0);
    }
    noc_app_free(&app);
    noc_topo_free(&t);
}

/* On VOPD and a 4 x 3 mesh: auto <= greedy, auto <= identity, auto <=
 * random, the same seed gives the same mapping, and cost matches
 * noc_map_cost. */
static void vopd_quality_ordering(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, "benchmarks/apps/vopd.csv", NULL, &ctx), NOC_OK);
    struct noc_topo t;
    gen(&t, "mesh:dims=4x3");
    int a[12], b[12];
    double ca, cg, ci, cr, ca2;
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_AUTO, 7, a, &ca, &ctx), 0);
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_AUTO, 7, b, &ca2, &ctx), 0);
    assert_memory_equal(a, b, sizeof a);
    assert_true(ca == ca2);
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_GREEDY, 7, b, &cg, &ctx), 0);
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_IDENTITY, 7, b, &ci, &ctx), 0);
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_RANDOM, 7, b, &cr, &ctx), 0);
    assert_true(ca <= cg + 1e-9 && ca <= ci + 1e-9 && ca <= cr + 1e-9);
    /* The pipeline's 15 flows total 3494 MB/s: no mapping beats one hop per
     * flow for the flows between distinct terminals, so cost >= 3494. */
    assert_true(ca >= 3494 - 1e-9);
    int *d = NULL;
    assert_int_equal(noc_map_distances(&t, &d, &ctx), 0);
    assert_true(fabs(noc_map_cost(&app, d, 12, a) - ca) < 1e-9);
    free(d);
    noc_topo_free(&t);
    noc_app_free(&app);
}

static void errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    gen(&t, "mesh:k=2,n=2");
    struct noc_app app;
    chain(&app, 5);
    int term[5], m;
    assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_AUTO, 1, term, NULL, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "5 cores do not fit on 4 terminals"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_map_parse("auto", &m, &ctx), 0);
    assert_int_equal(m, NOC_MAP_AUTO);
    assert_int_equal(noc_map_parse("best", &m, &ctx), NOC_EINVAL);
    noc_app_free(&app);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distances_on_mesh),
        cmocka_unit_test(auto_finds_the_chain_optimum),
        cmocka_unit_test(vopd_quality_ordering),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
