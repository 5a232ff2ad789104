/* Unit tests: synthesis constraints on hand-worked cases whose answer is
 * away from the origin (placement LP, link capacity in the router),
 * noc_synth_verify on each kind of violation, and every design of every
 * method re-checked from its written files (capacity, radix, max_hops). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/synth/swnet_int.h"
#include "../../src/synth/layout_int.h"
#include "../../src/synth/search_int.h"
#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/eval.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

/* Placement, hand-worked per axis (the LP is L1, so each switch sits at a
 * weighted median of what pulls on it).
 * (a) Cores outweigh the link:
 *   sw0: cores at (2,7) w1, (5,4) w3, (9,1) w1;  sw1: a core at (20,6) w3;
 *   the link sw0-sw1 loaded 1 MB/s each way (weight 2).
 *   sw1.x: 3|x-20| + 2|x-sw0.x|: the core outweighs the link, x = 20.
 *   sw0.x: 1@2, 3@5, 1@9, 2@20 (total 7): cumulative 1, 4 > 3.5, so x = 5.
 *   sw1.y: 3|y-6| + 2|y-sw0.y|: y = 6.
 *   sw0.y: 1@1, 3@4, 2@6, 1@7: cumulative 1, 4 > 3.5, so y = 4.
 *   Optimum (5,4) and (20,6), unique (strict medians).
 * (b) The link outweighs the cores: sw0: cores at (2,7) w1, (5,1) w1; sw1:
 *   cores at (14,4) w2, (20,10) w1; the link loaded 1.5 each way (weight
 *   3).  Moving a switch towards the other saves 3 per mm on the link and
 *   costs at most 2 (sw0's cores) or 3 (sw1's, ties broken by the tiny
 *   centroid pull), so both sit at one point s, the weighted median of all
 *   four cores: x: 1@2, 1@5, 2@14, 1@20 (total 5): cumulative 1, 2, 4 > 2.5,
 *   x = 14; y: 1@1, 2@4, 1@7, 1@10: cumulative 1, 3 > 2.5, y = 4. */
static void place2(double load, const double *cx, const double *cy, const double *cw, const int *sw,
                   double *sx, double *sy)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct swnet net;
    assert_int_equal(noc_swnet_init(&net, 2, 0, &o, &ctx), NOC_OK);
    assert_int_equal(noc_swnet_open_link(&net, 0, 1, &ctx), 0);
    for (int c = 0; c < net.nch; c++)
        net.cload[c] = load;
    assert_int_equal(noc_synth_place(&net, 4, sw, cx, cy, cw, &ctx), NOC_OK);
    for (int s = 0; s < 2; s++) {
        sx[s] = net.sx[s];
        sy[s] = net.sy[s];
    }
    noc_swnet_free(&net);
}

static void placement_optimum_away_from_origin(void **state)
{
    (void)state;
    double sx[2], sy[2];
    int swa[4] = {0, 0, 0, 1};
    double xa[4] = {2, 5, 9, 20}, ya[4] = {7, 4, 1, 6}, wa[4] = {1, 3, 1, 3};
    place2(1, xa, ya, wa, swa, sx, sy);
    assert_true(fabs(sx[0] - 5) < 1e-6 && fabs(sy[0] - 4) < 1e-6);
    assert_true(fabs(sx[1] - 20) < 1e-6 && fabs(sy[1] - 6) < 1e-6);
    int swb[4] = {0, 0, 1, 1};
    double xb[4] = {2, 5, 14, 20}, yb[4] = {7, 1, 4, 10}, wb[4] = {1, 1, 2, 1};
    place2(1.5, xb, yb, wb, swb, sx, sy);
    for (int s = 0; s < 2; s++)
        assert_true(fabs(sx[s] - 14) < 1e-6 && fabs(sy[s] - 4) < 1e-6);
}

/* Capacity 32 bit x 25 MHz / 8 = 100 MB/s.  Three switches in a row (x = 0,
 * 1, 2).  Flow 0 (60 MB/s) from sw0 to sw1 opens sw0 -> sw1 (load 60).
 * Flow 1 (60 MB/s) from sw0 to sw1 cannot share it (60 + 60 > 100): it must
 * go round, sw0 -> sw2 -> sw1, leaving sw0 -> sw1 at 60.  Flow 2 (50 MB/s)
 * sw0 -> sw1: both sw0 -> sw1 (60) and sw2 -> sw1 (60) are too full, and
 * sw0 has no other way, so it is refused. */
static void router_counts_the_new_flow_against_capacity(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.link_width = 32;
    o.freq_mhz = 25;
    assert_true(fabs(noc_synth_capacity(&o) - 100) < 1e-12);
    struct swnet net;
    assert_int_equal(noc_swnet_init(&net, 3, 3, &o, &ctx), NOC_OK);
    for (int s = 0; s < 3; s++) {
        net.ncores[s] = 1;
        net.sx[s] = s;
    }
    char why[256];
    int routed = -1;
    assert_int_equal(noc_swnet_route(&net, 0, 0, 1, 60, -1, &routed, why, sizeof why, &ctx), NOC_OK);
    assert_int_equal(routed, 1);
    assert_int_equal(net.paths[0].n, 2);
    assert_int_equal(noc_swnet_route(&net, 1, 0, 1, 60, -1, &routed, why, sizeof why, &ctx), NOC_OK);
    assert_int_equal(routed, 1);
    assert_int_equal(net.paths[1].n, 3);
    assert_int_equal(net.paths[1].v[1], 2);
    for (int c = 0; c < net.nch; c++)
        assert_true(net.cload[c] <= 100);
    int c01 = noc_swnet_chan(&net, 0, 1);
    assert_true(c01 >= 0 && fabs(net.cload[c01] - 60) < 1e-9);
    assert_int_equal(noc_swnet_route(&net, 2, 0, 1, 50, -1, &routed, why, sizeof why, &ctx), NOC_OK);
    assert_int_equal(routed, 0);
    assert_int_equal(net.paths[2].n, 0);
    assert_non_null(strstr(why, "capacity"));
    noc_swnet_free(&net);
}

/* Four switches in a line sw0 - sw1 - sw2 - sw3 (links open), --max-radix
 * 3 with two cores on sw0 and sw3 (no new link can open there).  A flow
 * sw0 -> sw3 needs 3 hops: refused under max_hops 2 (every fallback
 * included), routed 0 1 2 3 under max_hops 3. */
static void router_keeps_max_hops(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 3;
    for (int mh = 2; mh <= 3; mh++) {
        struct swnet net;
        assert_int_equal(noc_swnet_init(&net, 4, 1, &o, &ctx), NOC_OK);
        for (int s = 0; s < 4; s++) {
            net.ncores[s] = s == 0 || s == 3 ? 2 : 1;
            net.sx[s] = s;
        }
        for (int s = 0; s < 3; s++)
            assert_int_equal(noc_swnet_open_link(&net, s, s + 1, &ctx), 0);
        char why[256] = "";
        int r = -1;
        assert_int_equal(noc_swnet_route(&net, 0, 0, 3, 10, mh, &r, why, sizeof why, &ctx), NOC_OK);
        if (mh == 2) {
            assert_int_equal(r, 0);
        } else {
            assert_int_equal(r, 1);
            assert_int_equal(net.paths[0].n, 4);
            for (int i = 0; i < 4; i++)
                assert_int_equal(net.paths[0].v[i], i);
        }
        noc_swnet_free(&net);
    }
}

/* cmesh with one core per router: four cores on a 2 x 2 mesh, a flow
 * between every pair.  Some pair sits diagonally (2 XY hops) whatever the
 * mapping, so with max_hops 1 on every flow cmesh_c1 is infeasible, naming
 * max_hops; with max_hops 2 it is feasible. */
static void cmesh_keeps_max_hops(void **state)
{
    (void)state;
    for (int mh = 1; mh <= 2; mh++) {
        struct noc_ctx ctx;
        noc_ctx_init(&ctx);
        struct noc_app app;
        noc_app_init(&app);
        static const char *const nm[] = {"a", "b", "c", "d"};
        for (int i = 0; i < 4; i++)
            assert_int_equal(noc_app_core(&app, nm[i], &ctx), i);
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                if (i != j)
                    assert_int_equal(noc_app_add_flow(&app, i, j, 10, mh, &ctx), NOC_OK);
        assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
        struct noc_synth_opts o;
        noc_synth_opts_init(&o);
        o.conc = 1;
        struct noc_synth_result res;
        noc_synth_result_init(&res);
        int rc = noc_synth_cmesh(&app, &o, &res, &ctx);
        assert_int_equal(res.n, 1);
        if (mh == 1) {
            assert_int_equal(rc, NOC_EINFEASIBLE);
            assert_false(res.d[0].feasible);
            assert_non_null(strstr(res.d[0].reason, "max_hops 1"));
        } else {
            assert_int_equal(rc, NOC_OK);
            assert_true(res.d[0].feasible);
            assert_int_equal(res.d[0].m.hops_max, 2);
        }
        noc_synth_result_free(&res);
        noc_app_free(&app);
    }
}

/* --max-util scales the capacity of the input check: 32 bit x 25 MHz / 8 =
 * 100 MB/s, at max_util 0.5 a 60 MB/s flow exceeds the 50 MB/s allowed. */
static void max_util_scales_the_capacity(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    int a = noc_app_core(&app, "a", &ctx), b = noc_app_core(&app, "b", &ctx);
    assert_int_equal(noc_app_add_flow(&app, a, b, 60, -1, &ctx), NOC_OK);
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.link_width = 32;
    o.freq_mhz = 25;
    o.max_util = 0.5;
    struct noc_synth_result res;
    noc_synth_result_init(&res);
    assert_int_equal(noc_synth_split(&app, &o, &res, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "needs 60 MB/s, above the link capacity of 50 MB/s"));
    noc_synth_result_free(&res);
    noc_app_free(&app);
}

/* Pareto front over (power, latency_avg_ns, area, radix_max), hand-worked:
 *   A (10, 2, 1, 4), B (12, 1, 1, 4), C (12, 2, 1, 4), D (9, 3, 1, 5),
 *   F (12, 2, 0.5, 4), E infeasible (1, 1, 0.1, 1).  C is dominated by A
 *   (less power, the rest equal); A, B, D, F are each best in one
 *   criterion; E does not count.  Chosen: the least power, D. */
static void pareto_front_hand_worked(void **state)
{
    (void)state;
    static const double pw[] = {10, 12, 12, 9, 12, 1}, lat[] = {2, 1, 2, 3, 2, 1};
    static const double area[] = {1, 1, 1, 1, 0.5, 0.1};
    static const int rx[] = {4, 4, 4, 5, 4, 1}, front[] = {1, 1, 0, 1, 1, 0};
    struct noc_design d[6];
    memset(d, 0, sizeof d);
    for (int i = 0; i < 6; i++) {
        d[i].feasible = i < 5;
        d[i].power_mw = pw[i];
        d[i].lat_avg_ns = lat[i];
        d[i].area_mm2 = area[i];
        d[i].m.radix_max = rx[i];
    }
    struct noc_synth_result res = {6, d, -1};
    struct noc_pareto_opts po;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_pareto_opts_init(&po);
    assert_int_equal(noc_synth_pareto(&res, &po, &ctx), NOC_OK);
    for (int i = 0; i < 6; i++)
        assert_int_equal(d[i].pareto, front[i]);
    assert_int_equal(res.chosen, 3);
}

/* A two-router design: a on r0, b on r1, link r0 - r1, route a -> b via
 * r0 r1 (1 hop).  Capacity 100 MB/s, radix of each router 2. */
static void two_router_design(struct noc_topo *t, int with_route)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    int r0 = noc_topo_add_node(t, "r0", NOC_ROUTER, &ctx), r1 = noc_topo_add_node(t, "r1", NOC_ROUTER, &ctx);
    int a = noc_topo_add_node(t, "a", NOC_TERMINAL, &ctx), b = noc_topo_add_node(t, "b", NOC_TERMINAL, &ctx);
    assert_int_equal(noc_topo_add_link(t, a, r0, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, b, r1, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, r0, r1, &ctx), NOC_OK);
    int path[2] = {r0, r1};
    if (with_route)
        assert_int_equal(noc_topo_add_route(t, a, b, path, 2, &ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(t, &ctx), NOC_OK);
}

static int verify_case(double bw, int max_hops, int max_radix, int with_route, const char *want)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    two_router_design(&t, with_route);
    struct noc_app app;
    noc_app_init(&app);
    int a = noc_app_core(&app, "a", &ctx), b = noc_app_core(&app, "b", &ctx);
    assert_int_equal(noc_app_add_flow(&app, a, b, bw, max_hops, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.link_width = 32;
    o.freq_mhz = 25;
    o.max_util = 1;
    o.max_radix = max_radix;
    int rc = noc_synth_verify(&t, &app, &o, &ctx);
    if (want) {
        assert_int_equal(rc, NOC_EINFEASIBLE);
        if (!strstr(ctx.msg, want))
            fail_msg("'%s' lacks '%s'", ctx.msg, want);
    }
    noc_app_free(&app);
    noc_topo_free(&t);
    return rc;
}

static void verify_finds_each_violation(void **state)
{
    (void)state;
    assert_int_equal(verify_case(100, 1, 2, 1, NULL), NOC_OK);  /* exactly at every bound */
    verify_case(100.001, 1, 2, 1, "carries 100.001 MB/s, above its capacity 100");
    verify_case(50, 0, 2, 1, "takes 1 hops, above its max_hops 0");
    verify_case(50, -1, 1, 1, "has 2 ports, above the radix limit 1");
    verify_case(50, -1, 0, 0, "a -> b has no route");
}

/* Every feasible design of every method on the VOPD and MPEG-4 apps, with a
 * capacity and radix that bind (vopd: VopRec receives 800 MB/s of 840; mpeg4: UpSamp 1580 of 1800) and
 * max_hops 3 on every flow of 300 MB/s or more, written with
 * noc_design_write and read back from D.dot, satisfies the constraints. */
static void written_designs_keep_their_constraints(void **state)
{
    (void)state;
    static const char *const apps[] = {"benchmarks/apps/vopd.csv", "benchmarks/apps/mpeg4.csv"};
    static const char *const methods[] = {"split", "merge", "cmesh", "hring"};
    char dir[] = "/tmp/nocsyn-test-verify-XXXXXX";
    assert_non_null(mkdtemp(dir));
    int checked = 0;
    for (size_t ai = 0; ai < 2; ai++) {
        struct noc_ctx ctx;
        noc_ctx_init(&ctx);
        struct noc_app app;
        noc_app_init(&app);
        assert_int_equal(noc_app_read(&app, apps[ai], NULL, &ctx), NOC_OK);
        for (int f = 0; f < app.nflows; f++)
            app.flows[f].max_hops = app.flows[f].bw >= 300 ? 3 : -1;
        assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
        struct noc_synth_opts o;
        noc_synth_opts_init(&o);
        o.link_width = 32;
        o.freq_mhz = ai == 0 ? 210 : 450; /* 840 and 1800 MB/s */
        o.max_radix = 5;
        o.max_util = 1;
        o.threads = 1;
        for (size_t mi = 0; mi < 4; mi++) {
            struct noc_synth_result res;
            noc_synth_result_init(&res);
            int rc = noc_synth_run(methods[mi], &app, &o, &res, &ctx);
            if (rc != NOC_OK && rc != NOC_EINFEASIBLE)
                fail_msg("%s %s: %s", apps[ai], methods[mi], ctx.msg);
            noc_ctx_clear(&ctx);
            for (int i = 0; i < res.n; i++) {
                if (!res.d[i].feasible)
                    continue;
                assert_int_equal(noc_design_write(&res.d[i], &app, dir, &o.tech, &ctx), NOC_OK);
                char path[512];
                snprintf(path, sizeof path, "%s/%s.dot", dir, res.d[i].name);
                struct noc_topo t;
                assert_int_equal(noc_topo_load(&t, path, NULL, &ctx), NOC_OK);
                if (noc_synth_verify(&t, &app, &o, &ctx) != NOC_OK)
                    fail_msg("%s: %s", path, ctx.msg);
                noc_topo_free(&t);
                checked++;
            }
            noc_synth_result_free(&res);
        }
        noc_app_free(&app);
    }
    print_message("%d designs re-checked from their files\n", checked);
    assert_true(checked >= 40);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* noc_synth_price on a hand-built design: cores a, b on routers r0, r1 (a
 * 2 mm link), flows a -> b 100 MB/s and b -> a 40 MB/s, routes r0 r1 and
 * r1 r0.  The busiest terminal injects 100 MB/s, so the loads in MB/s are
 * the flows themselves: a -> r0 and r0 -> r1 and r1 -> b carry 100, b ->
 * r1, r1 -> r0, r0 -> a carry 40.  The power and area are the tech model's
 * of those loads (noc_tech_topo); the loads handed back are the caller's. */
/* An app of two cores a, b and a flow a -> b of bw MB/s. */
static void two_cores(struct noc_app *app, double bw, struct noc_ctx *ctx)
{
    noc_app_init(app);
    assert_int_equal(noc_app_core(app, "a", ctx), 0);
    assert_int_equal(noc_app_core(app, "b", ctx), 1);
    assert_int_equal(noc_app_add_flow(app, 0, 1, bw, -1, ctx), NOC_OK);
}

static void price_hand_built(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_app app;
    two_cores(&app, 100, &ctx);
    assert_int_equal(noc_app_add_flow(&app, 1, 0, 40, -1, &ctx), NOC_OK);
    struct noc_topo t;
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx), r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int ta = noc_topo_add_node(&t, "a", NOC_TERMINAL, &ctx), tb = noc_topo_add_node(&t, "b", NOC_TERMINAL, &ctx);
    assert_int_equal(noc_topo_add_link(&t, ta, r0, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(&t, tb, r1, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(&t, r0, r1, &ctx), NOC_OK);
    noc_topo_set_pos(&t, r0, 0, 0);
    noc_topo_set_pos(&t, r1, 2, 0);
    noc_topo_set_pos(&t, ta, 0, 0);
    noc_topo_set_pos(&t, tb, 2, 0);
    int ab[2] = {r0, r1}, ba[2] = {r1, r0};
    assert_int_equal(noc_topo_add_route(&t, ta, tb, ab, 2, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_route(&t, tb, ta, ba, 2, &ctx), NOC_OK);
    t.link_width = o.link_width;
    t.freq_mhz = o.freq_mhz;
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    struct noc_design d;
    memset(&d, 0, sizeof d);
    double *mbps = NULL;
    assert_int_equal(noc_synth_price(&app, &o, &t, &d, &mbps, &ctx), NOC_OK);
    assert_non_null(mbps);
    int na = noc_topo_find(&t, "a"), nb = noc_topo_find(&t, "b"), n0 = noc_topo_find(&t, "r0"),
        n1 = noc_topo_find(&t, "r1");
    double want[6][3] = {{na, n0, 100}, {n0, n1, 100}, {n1, nb, 100}, {nb, n1, 40}, {n1, n0, 40}, {n0, na, 40}};
    assert_int_equal(t.nch, 6);
    for (int k = 0; k < 6; k++) {
        int found = 0;
        for (int c = 0; c < t.nch; c++)
            if (t.ch[c].src == (int)want[k][0] && t.ch[c].dst == (int)want[k][1]) {
                assert_true(fabs(mbps[c] - want[k][2]) < 1e-9);
                found = 1;
            }
        assert_true(found);
    }
    double pw, ar;
    noc_tech_topo(&o.tech, &t, mbps, o.link_width, &pw, &ar, NULL);
    assert_true(pw > 0 && ar > 0 && d.power_mw == pw && d.area_mm2 == ar);
    assert_true(d.m.deadlock_free == 1);
    free(mbps);
    noc_metrics_free(&d.m);
    /* without the loads handed back */
    memset(&d, 0, sizeof d);
    assert_int_equal(noc_synth_price(&app, &o, &t, &d, NULL, &ctx), NOC_OK);
    assert_true(d.power_mw == pw && d.area_mm2 == ar);
    noc_metrics_free(&d.m);
    noc_topo_free(&t);
    noc_app_free(&app);
}

/* The input check's capacity is the router's: the one limit tolerance
 * (units.h, 1e-12).  Default point: 32 bits x 1000 MHz / 8 = 4000 MB/s,
 * x 0.8 = 3200 MB/s usable.  A flow of 3200 (1 + 5e-13) is within it (a
 * rounding error's size above), 3200 (1 + 2e-12) is not (NOC_EINFEASIBLE
 * naming the flow). */
static void input_check_keeps_the_one_tolerance(void **state)
{
    (void)state;
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    for (int k = 0; k < 2; k++) {
        struct noc_ctx ctx;
        noc_ctx_init(&ctx);
        struct noc_app app;
        double bw = 3200 * (1 + (k ? 2e-12 : 5e-13));
        assert_true(bw > 3200);
        two_cores(&app, bw, &ctx);
        for (int c = 0; c < 2; c++) {
            app.cores[c].has_size = app.cores[c].has_pos = 1;
            app.cores[c].w = app.cores[c].h = 1;
            app.cores[c].x = 2 * c;
            app.cores[c].y = 0;
        }
        int rc = noc_synth_check_input(&app, &o, &ctx);
        if (k == 0)
            assert_int_equal(rc, NOC_OK);
        else {
            assert_int_equal(rc, NOC_EINFEASIBLE);
            assert_non_null(strstr(ctx.msg, "flow a -> b"));
        }
        noc_app_free(&app);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(placement_optimum_away_from_origin),
        cmocka_unit_test(router_counts_the_new_flow_against_capacity),
        cmocka_unit_test(router_keeps_max_hops),
        cmocka_unit_test(cmesh_keeps_max_hops),
        cmocka_unit_test(max_util_scales_the_capacity),
        cmocka_unit_test(pareto_front_hand_worked),
        cmocka_unit_test(verify_finds_each_violation),
        cmocka_unit_test(written_designs_keep_their_constraints),
        cmocka_unit_test(price_hand_built),
        cmocka_unit_test(input_check_keeps_the_one_tolerance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
