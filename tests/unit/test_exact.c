/* Unit tests: the exact reference program (noc_synth_exact) against
 * hand-worked optima, its constraints, and against split on a benchmark
 * app. */
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
#include "nocsyn/lp.h"
#include "nocsyn/synth.h"

/* Cores A at (0,0) and B at (3,0), 1 x 1 mm (centres 3 mm apart), one flow
 * A -> B of 100 MB/s. */
static void two_cores(struct noc_app *app, struct noc_ctx *ctx)
{
    noc_app_init(app);
    assert_int_equal(noc_app_core(app, "A", ctx), 0);
    assert_int_equal(noc_app_core(app, "B", ctx), 1);
    assert_int_equal(noc_app_add_flow(app, 0, 1, 100, -1, ctx), NOC_OK);
    for (int c = 0; c < 2; c++) {
        app->cores[c].has_pos = app->cores[c].has_size = 1;
        app->cores[c].w = app->cores[c].h = 1;
        app->cores[c].x = 3.0 * c;
        app->cores[c].y = 0;
    }
}

/* Hand-worked with the default model (tech.h), 32-bit links:
 *  channel leakage 32 x 0.48 uW = 0.01536 mW; wire energy 0.0488 pJ/bit/mm,
 *  100 MB/s over any monotone route of the 3 mm: 8e8 bit/s x 3 x 0.0488 pJ
 *  = 0.11712 mW;
 *  a 2-port router: leakage 2 x 2.27 + 0.749 x 0.4^2 + 0.24 = 4.89984 mW,
 *  25e6 flit/s through it (100 MB/s / 4 B): 25e6 x (1.296 + 0.221 x 0.4 +
 *  0.12) pJ = 0.03761 mW; clock at 1000 MHz: 2 ports x 32 bits x (4 buffer
 *  flits + 3 stages) = 448 flip-flops x 2 fJ x 1e9 = 0.896 mW; the links
 *  (at most 3 mm, 300 ps < 1 ns) need no pipeline register.
 *  K = 1: one router (2 ports), 4 core channels: 4.93745 + 0.896 + 0.06144
 *  + 0.11712 = 6.01201 mW.
 *  K = 2: two such routers, 6 channels: 9.8749 + 1.792 + 0.09216 + 0.11712
 *  = 11.87618 mW. */
static void exact_two_cores_hand_worked(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    two_cores(&app, &ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    const double want[3] = {0, 6.01201, 11.87618};
    for (int K = 1; K <= 2; K++) {
        struct noc_design d;
        double bound;
        assert_int_equal(noc_synth_exact(&app, &o, K, NULL, &d, &bound, &ctx), NOC_OK);
        assert_true(d.feasible);
        assert_int_equal(d.topo.nrouters, K);
        assert_true(fabs(d.power_mw - want[K]) < 1e-4);
        assert_true(fabs(bound - want[K]) < 1e-4);
        noc_topo_free(&d.topo);
        noc_metrics_free(&d.m);
        free(d.flow_cycles);
    }
    noc_app_free(&app);
}

/* Three cores, radix 2: two switches must hold the cores, the fuller one
 * has 2 cores + 1 link = 3 ports > 2, so K = 2 is infeasible; K = 3 (one
 * core and at most one link per switch) cannot connect three switches in a
 * path (the middle one needs 3 ports) either.  With radix 3 both work. */
static void exact_radix(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    two_cores(&app, &ctx);
    assert_int_equal(noc_app_core(&app, "C", &ctx), 2);
    assert_int_equal(noc_app_add_flow(&app, 1, 2, 50, -1, &ctx), NOC_OK);
    app.cores[2].has_pos = app.cores[2].has_size = 1;
    app.cores[2].w = app.cores[2].h = 1;
    app.cores[2].x = 6;
    app.cores[2].y = 0;
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 2;
    for (int K = 2; K <= 3; K++) {
        struct noc_design d;
        double bound;
        noc_ctx_init(&ctx);
        assert_int_equal(noc_synth_exact(&app, &o, K, NULL, &d, &bound, &ctx), NOC_EINFEASIBLE);
        assert_false(d.feasible);
        noc_metrics_free(&d.m);
        free(d.flow_cycles);
    }
    o.max_radix = 3;
    for (int K = 2; K <= 3; K++) {
        struct noc_design d;
        double bound;
        assert_int_equal(noc_synth_exact(&app, &o, K, NULL, &d, &bound, &ctx), NOC_OK);
        assert_true(d.feasible);
        assert_true(d.m.radix_max <= 3);
        noc_topo_free(&d.topo);
        noc_metrics_free(&d.m);
        free(d.flow_cycles);
    }
    noc_app_free(&app);
}

/* MPEG-4 (benchmarks/apps) at K = 2, min-cut floorplan: the proven optimum
 * is no worse than split's design at the same K, its bound equals the
 * evaluated power, and the design keeps every guarantee (deadlock free,
 * capacity, radix). */
static void exact_vs_split(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, "benchmarks/apps/mpeg4.csv", NULL, &ctx), NOC_OK);
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.kmin = o.kmax = 2;
    o.threads = 1;
    struct noc_synth_result res;
    noc_synth_result_init(&res);
    assert_int_equal(noc_synth_split(&app, &o, &res, &ctx), NOC_OK);
    struct noc_design d;
    double bound;
    assert_int_equal(noc_synth_exact(&app, &o, 2, NULL, &d, &bound, &ctx), NOC_OK);
    assert_true(d.feasible);
    assert_int_equal(d.m.deadlock_free, 1);
    assert_true(d.m.radix_max <= o.max_radix);
    assert_true(d.m.max_channel_load_mbps <= noc_synth_capacity(&o) + 1e-9);
    assert_true(d.power_mw <= res.d[0].power_mw + 1e-9);
    assert_true(fabs(d.power_mw - bound) < 1e-6 * d.power_mw);
    noc_synth_result_free(&res);
    noc_topo_free(&d.topo);
    noc_metrics_free(&d.m);
    free(d.flow_cycles);
    noc_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_two_cores_hand_worked),
        cmocka_unit_test(exact_radix),
        cmocka_unit_test(exact_vs_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
