/* Unit tests: merge, cmesh and hring synthesis (hand-worked small cases and
 * the invariants every design must keep), capacity-bounded groups, the
 * floorplan SVG and the method registry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/synth/layout_int.h"
#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/route.h"
#include "nocsyn/synth.h"

/* An app from "src dst bw" triples over cores named in `names`, placed by
 * the min-cut floorplan (seed 1). */
static void make_app(struct noc_app *app, const char *const *names, int n, const int *flows, const double *bw,
                     int nflows)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_app_init(app);
    for (int i = 0; i < n; i++)
        assert_int_equal(noc_app_core(app, names[i], &ctx), i);
    for (int f = 0; f < nflows; f++)
        assert_int_equal(noc_app_add_flow(app, flows[2 * f], flows[2 * f + 1], bw[f], -1, &ctx), NOC_OK);
    app->name = strdup("t");
    assert_int_equal(noc_floorplan_mincut(app, 1, &ctx), NOC_OK);
}

/* The chain a -> b -> c -> d with a light middle flow. */
static void make_chain(struct noc_app *app)
{
    static const char *const names[] = {"a", "b", "c", "d"};
    static const int flows[] = {0, 1, 1, 2, 2, 3};
    static const double bw[] = {300, 100, 300};
    make_app(app, names, 4, flows, bw, 3);
}

/* What every design must satisfy (issue: merge/cmesh/hring): every flow
 * routed, links within capacity, routers within the radix, max_hops held,
 * deadlock freedom checked independently by the routing module from the
 * stored routes with the design's own VC count. */
static void check_design(const struct noc_app *app, const struct noc_design *d, const struct noc_synth_opts *o)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const struct noc_topo *t = &d->topo;
    assert_true(d->feasible);
    assert_int_equal(t->nroutes, app->nflows);
    assert_int_equal(t->nrouters, d->switches);
    for (int r = 0; r < t->nrouters; r++)
        assert_true(o->max_radix == 0 || noc_topo_radix(t, r) <= o->max_radix);
    assert_true(d->m.max_channel_load_mbps <= noc_synth_capacity(o) * (1 + 1e-9));
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *rt = &t->routes[i];
        int s = noc_app_find(app, t->nodes[rt->src].name), e = noc_app_find(app, t->nodes[rt->dst].name);
        int id = noc_u64map_get(&app->flow_ids, noc_pair_key(s, e));
        assert_true(id >= 0);
        if (app->flows[id].max_hops >= 0)
            assert_true(rt->len - 1 <= app->flows[id].max_hops);
    }
    struct noc_routing rt;
    int ok = -1;
    assert_true(d->vcs >= 1);
    assert_int_equal(noc_routing_init(&rt, t, NOC_RT_TABLE, d->vcs, &ctx), NOC_OK);
    assert_int_equal(noc_routing_deadlock_free(&rt, &ok, &ctx), NOC_OK);
    assert_int_equal(ok, 1);
    noc_routing_free(&rt);
    assert_int_equal(d->m.deadlock_free, 1);
}

/* Load (MB/s) on the channel between two routers named u -> v. */
static double chan_mbps(const struct noc_design *d, const char *u, const char *v)
{
    const struct noc_topo *t = &d->topo;
    int a = noc_topo_find(t, u), b = noc_topo_find(t, v);
    int c = noc_graph_find(&t->g, a, b);
    assert_true(c >= 0);
    return d->m.load[c] * d->m.unit_mbps;
}

/* Hand-worked cmesh: the chain with c = 2.  METIS must cut the light
 * b -> c flow, so the groups are {a, b} and {c, d}: G = 2 routers on the
 * smallest near-square mesh, cols = ceil(sqrt 2) = 2, rows = 1 (2 x 1).
 * Hops: a->b 0, b->c 1, c->d 0; traffic-weighted average (docs/INTERFACE.md section 2)
 * = (300*0 + 100*1 + 300*0) / 700 = 1/7.  The only loaded router-router
 * channel carries b -> c: 100 MB/s, its reverse 0.  Radix = 2 cores + 1
 * mesh port = 3; one link. */
static void cmesh_chain_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_chain(&app);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.conc = 2;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_cmesh(&app, &o, &r, &ctx), NOC_OK);
    assert_int_equal(r.n, 1);
    const struct noc_design *d = &r.d[0];
    check_design(&app, d, &o);
    assert_string_equal(d->name, "cmesh_c2");
    assert_int_equal(d->switches, 2);
    assert_int_equal(d->topo.shape.family, NOC_FAM_MESH);
    assert_int_equal(d->topo.shape.dims[0], 2);
    assert_int_equal(d->topo.shape.dims[1], 1);
    assert_int_equal(d->m.links, 1);
    assert_int_equal(d->m.radix_max, 3);
    assert_true(fabs(d->m.hops_avg - 1.0 / 7) < 1e-12);
    assert_int_equal(d->m.hops_max, 1);
    assert_true(fabs(d->m.max_channel_load_mbps - 100) < 1e-9);
    /* b and c sit on different routers; a with b, c with d. */
    const struct noc_topo *t = &d->topo;
    int rb = noc_topo_inject_router(t, noc_topo_find(t, "b")), rc = noc_topo_inject_router(t, noc_topo_find(t, "c"));
    assert_int_equal(noc_topo_inject_router(t, noc_topo_find(t, "a")), rb);
    assert_int_equal(noc_topo_inject_router(t, noc_topo_find(t, "d")), rc);
    assert_true(rb != rc);
    assert_true(fabs(chan_mbps(d, t->nodes[rb].name, t->nodes[rc].name) - 100) < 1e-9);
    assert_true(fabs(chan_mbps(d, t->nodes[rc].name, t->nodes[rb].name)) < 1e-12);
    /* Dimension-order routing applies to the design and gives the stored
     * route for b -> c. */
    struct noc_routing dor;
    struct noc_pathset ps;
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_init(&dor, t, NOC_RT_DOR, 1, &ctx), NOC_OK);
    assert_int_equal(noc_routing_paths(&dor, noc_topo_find(t, "b"), noc_topo_find(t, "c"), &ps, &ctx), NOC_OK);
    assert_int_equal(ps.npaths, 1);
    assert_int_equal(ps.nch, 3); /* injection, r-r, ejection */
    assert_int_equal(t->ch[ps.ch[1]].src, rb);
    assert_int_equal(t->ch[ps.ch[1]].dst, rc);
    noc_routing_free(&dor);
    noc_pathset_free(&ps);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* cmesh sweep: c = 2..4 on 4 cores (c <= cores); c = 4 is one router with
 * the four cores (radix 4, no link, 0 hops); --max-radix 3 makes it
 * infeasible, naming the radix. */
static void cmesh_sweep_and_radix(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_chain(&app);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_cmesh(&app, &o, &r, &ctx), NOC_OK);
    assert_int_equal(r.n, 3);
    for (int i = 0; i < r.n; i++)
        check_design(&app, &r.d[i], &o);
    const struct noc_design *d4 = &r.d[2];
    assert_string_equal(d4->name, "cmesh_c4");
    assert_int_equal(d4->switches, 1);
    assert_int_equal(d4->m.radix_max, 4);
    assert_true(d4->m.hops_avg == 0);
    noc_synth_result_free(&r);
    o.max_radix = 3;
    o.conc = 4;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_cmesh(&app, &o, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "--max-radix 3"));
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* Hand-worked hring: the chain with L = 2 gives two local rings {a, b} and
 * {c, d}, each of three routers (two ring stops and the interface, so every
 * two of them are one hop apart), and a global ring of two interfaces (one
 * link).  Hops: a->b 1, c->d 1, b->c = b -> I0 -> I1 -> c = 3; average
 * (300 + 3*100 + 300) / 700 = 9/7.  Routers 4 + 2 = 6; links 3 + 3 + 1 = 7;
 * radix 3 everywhere (a stop: core + 2 ring ports; an interface: 2 ring
 * ports + 1 global). */
static void hring_chain_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_chain(&app);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.ring_size = 2;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_hring(&app, &o, &r, &ctx), NOC_OK);
    assert_int_equal(r.n, 1);
    const struct noc_design *d = &r.d[0];
    check_design(&app, d, &o);
    assert_string_equal(d->name, "hring_l2");
    assert_int_equal(d->switches, 6);
    assert_int_equal(d->m.links, 7);
    assert_int_equal(d->m.radix_max, 3);
    assert_int_equal(d->m.radix_min, 3);
    assert_true(fabs(d->m.hops_avg - 9.0 / 7) < 1e-12);
    assert_int_equal(d->m.hops_max, 3);
    assert_int_equal(d->vcs, 1);
    /* Interface routers are r4 and r5 (after the four ring stops). */
    const struct noc_topo *t = &d->topo;
    assert_int_equal(noc_topo_degree(t, noc_topo_find(t, "r4")), 3);
    assert_int_equal(noc_topo_radix(t, noc_topo_find(t, "r4")) - noc_topo_degree(t, noc_topo_find(t, "r4")), 0);
    noc_synth_result_free(&r);
    /* One ring for all cores is refused. */
    o.ring_size = 4;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_hring(&app, &o, &r, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "leaves one ring"));
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* All-to-all traffic among 12 cores on two rings of 6 (7 routers each with
 * the interface): minimal ring routes alone would close dependency cycles;
 * the design must still be deadlock free with the 1 VC it reports, every
 * flow routed. */
static void hring_all_to_all_deadlock_free(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11"};
    int flows[2 * 132];
    double bw[132];
    int nf = 0;
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++)
            if (i != j) {
                flows[2 * nf] = i;
                flows[2 * nf + 1] = j;
                bw[nf++] = 10 + (i * 7 + j * 3) % 11;
            }
    struct noc_app app;
    make_app(&app, names, 12, flows, bw, nf);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_hring(&app, &o, &r, &ctx), NOC_OK);
    assert_true(r.n >= 5); /* L = 2..8 below 12: every L leaves >= 2 rings */
    for (int i = 0; i < r.n; i++)
        check_design(&app, &r.d[i], &o);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* Hand-worked merge: two cores, one flow.  The start has a router per core
 * and the direct link (1 hop); merging the two routers removes a router,
 * the link and two ports, so it saves power: the final design has one
 * router, no link and 0 hops, and it is the chosen one. */
static void merge_two_cores_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"x", "y"};
    static const int flows[] = {0, 1};
    static const double bw[] = {100};
    struct noc_app app;
    make_app(&app, names, 2, flows, bw, 1);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_merge(&app, &o, &r, &ctx), NOC_OK);
    assert_int_equal(r.n, 2);
    assert_string_equal(r.d[0].name, "merge_k2");
    assert_string_equal(r.d[1].name, "merge_k1");
    for (int i = 0; i < 2; i++)
        check_design(&app, &r.d[i], &o);
    assert_int_equal(r.d[0].m.links, 1);
    assert_true(r.d[0].m.hops_avg == 1);
    assert_int_equal(r.d[1].m.links, 0);
    assert_true(r.d[1].m.hops_avg == 0);
    assert_true(r.d[1].power_mw < r.d[0].power_mw);
    assert_int_equal(r.chosen, 1);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* 1 when the design's routers form one connected network. */
static int routers_connected(const struct noc_topo *t)
{
    int n = t->nrouters, comp[16], left = n;
    assert_true(n <= 16);
    for (int r = 0; r < n; r++)
        comp[r] = r;
    for (int c = 0; c < t->nch; c++)
        if (noc_topo_is_rr(t, c)) {
            int a = comp[t->ch[c].src], b = comp[t->ch[c].dst];
            if (a == b)
                continue;
            for (int r = 0; r < n; r++)
                if (comp[r] == b)
                    comp[r] = a;
            left--;
        }
    return left == 1;
}

/* Two separate pairs a -> b and c -> d.  Under --max-radix 2 no connected
 * design exists (by hand: a switch holding two cores has no port left for
 * a link; with one core each, a chain's middle switch needs 1 core + 2
 * links = 3 ports, and 2 switches of 2 cores each are full), so split and
 * merge report no feasible design and say why; before, both returned the
 * two islands unjoined as a "feasible" design (merge_k2, no link).  With
 * radix 3 every design they return is connected; --no-connect keeps the
 * islands (split_k2: 2 switches, 0 links). */
static void islands_refused(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    static const char *const names[] = {"a", "b", "c", "d"};
    static const int flows[] = {0, 1, 2, 3};
    static const double bw[] = {100, 100};
    struct noc_app app;
    make_app(&app, names, 4, flows, bw, 2);
    int (*const run[])(const struct noc_app *, const struct noc_synth_opts *, struct noc_synth_result *,
                       struct noc_ctx *) = {noc_synth_split, noc_synth_merge};
    for (int m = 0; m < 2; m++) {
        struct noc_synth_opts o;
        noc_synth_opts_init(&o);
        o.max_radix = 2;
        struct noc_synth_result r;
        noc_synth_result_init(&r);
        noc_ctx_init(&ctx);
        assert_int_equal(run[m](&app, &o, &r, &ctx), NOC_EINFEASIBLE);
        assert_non_null(strstr(ctx.msg, "2 switch islands are left that no link can join within --max-radix 2"));
        noc_synth_result_free(&r);
        o.max_radix = 3;
        noc_synth_result_init(&r);
        noc_ctx_init(&ctx);
        assert_int_equal(run[m](&app, &o, &r, &ctx), NOC_OK);
        int feasible = 0;
        for (int i = 0; i < r.n; i++)
            if (r.d[i].feasible) {
                feasible++;
                check_design(&app, &r.d[i], &o);
                assert_true(routers_connected(&r.d[i].topo));
            }
        assert_true(feasible > 0);
        noc_synth_result_free(&r);
    }
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 2;
    o.no_connect = 1;
    o.kmin = o.kmax = 2;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_OK);
    assert_true(r.d[0].feasible);
    assert_int_equal(r.d[0].m.links, 0);
    assert_false(routers_connected(&r.d[0].topo));
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* A hub talking to 9 leaves under --max-radix 5: the start cannot give the
 * hub nine direct links (a router per core: 1 core port + at most 4
 * links), so some flows go through other routers; merging stops at the
 * radix.  Every step keeps every invariant, and two runs agree.  Radix 4
 * leaves no mesh start (an inner mesh router has 4 links + 1 core). */
static void merge_star_radix_and_determinism(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"hub", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9"};
    int flows[18];
    double bw[9];
    for (int i = 0; i < 9; i++) {
        flows[2 * i] = 0;
        flows[2 * i + 1] = i + 1;
        bw[i] = 50 + 10 * i;
    }
    struct noc_app app;
    make_app(&app, names, 10, flows, bw, 9);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 5;
    for (int start = 0; start < 2; start++) {
        o.start = start;
        struct noc_synth_result r1, r2;
        noc_synth_result_init(&r1);
        noc_synth_result_init(&r2);
        assert_int_equal(noc_synth_merge(&app, &o, &r1, &ctx), NOC_OK);
        assert_int_equal(noc_synth_merge(&app, &o, &r2, &ctx), NOC_OK);
        assert_int_equal(r1.n, r2.n);
        assert_true(r1.n >= 2);
        for (int i = 0; i < r1.n; i++) {
            check_design(&app, &r1.d[i], &o);
            assert_string_equal(r1.d[i].name, r2.d[i].name);
            assert_true(r1.d[i].power_mw == r2.d[i].power_mw);
            assert_true(r1.d[i].m.hops_avg == r2.d[i].m.hops_avg);
            if (i > 0)
                assert_true(r1.d[i].switches < r1.d[i - 1].switches);
        }
        assert_non_null(strstr(r1.d[0].name, start ? "merge_mesh_k" : "merge_k"));
        /* The mesh start is the 4 x 3 mesh of 10 cores (12 routers, 17 links). */
        if (start) {
            assert_int_equal(r1.d[0].switches, 12);
            assert_int_equal(r1.d[0].m.links, 17);
        }
        noc_synth_result_free(&r1);
        noc_synth_result_free(&r2);
    }
    o.max_radix = 4;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_merge(&app, &o, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "the mesh start"));
    assert_non_null(strstr(ctx.msg, "--max-radix 4"));
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* A ring of 8 cores under --max-radix 3: merging must stop while every
 * router keeps at most 3 ports, so at least 3 routers remain (8 core ports
 * alone need ceil(8/3)); the radix is checked on every step. */
static void merge_stops_at_radix(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    int flows[16];
    double bw[8];
    for (int i = 0; i < 8; i++) {
        flows[2 * i] = i;
        flows[2 * i + 1] = (i + 1) % 8;
        bw[i] = 100 + i;
    }
    struct noc_app app;
    make_app(&app, names, 8, flows, bw, 8);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 3;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_merge(&app, &o, &r, &ctx), NOC_OK);
    assert_true(r.n >= 2);
    for (int i = 0; i < r.n; i++)
        check_design(&app, &r.d[i], &o);
    assert_true(r.d[r.n - 1].switches >= 3);
    assert_true(r.d[r.n - 1].switches < 8);
    noc_synth_result_free(&r);
    noc_app_free(&app);
    /* The chain's 4 cores would fit one router of radix 4, not 3: the last
     * merge (two routers of 2 cores and the link between them) is refused. */
    make_chain(&app);
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_merge(&app, &o, &r, &ctx), NOC_OK);
    for (int i = 0; i < r.n; i++)
        check_design(&app, &r.d[i], &o);
    assert_int_equal(r.d[r.n - 1].switches, 2);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* The mesh start of the chain: 4 cores on a 2 x 2 mesh; the "auto"
 * mapping puts the chain along the mesh's cycle, so every flow is 1 hop
 * under XY (hops_avg 1, 4 links). */
static void merge_mesh_start_chain(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_chain(&app);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.start = NOC_START_MESH;
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_merge(&app, &o, &r, &ctx), NOC_OK);
    assert_string_equal(r.d[0].name, "merge_mesh_k4");
    assert_int_equal(r.d[0].m.links, 4);
    assert_true(r.d[0].m.hops_avg == 1);
    for (int i = 0; i < r.n; i++)
        check_design(&app, &r.d[i], &o);
    /* Merging never raises power above the start's estimate order: the
     * chosen design uses fewer routers than the start. */
    assert_true(r.d[r.chosen].switches < 4);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* Capacity-bounded groups: sizes <= cap, every group used, ceil(N/cap). */
static void groups_respect_cap(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"};
    /* A star (METIS would like the hub with many leaves) plus a chain. */
    static const int flows[] = {0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 7, 8, 8, 9, 9, 10};
    static const double bw[] = {90, 80, 70, 60, 50, 40, 30, 20, 10};
    struct noc_app app;
    make_app(&app, names, 11, flows, bw, 9);
    for (int cap = 1; cap <= 11; cap++) {
        int group[11], G = 0, size[11] = {0};
        assert_int_equal(noc_synth_groups(&app, cap, 1, group, &G, &ctx), NOC_OK);
        assert_int_equal(G, (11 + cap - 1) / cap);
        for (int v = 0; v < 11; v++) {
            assert_true(group[v] >= 0 && group[v] < G);
            size[group[v]]++;
        }
        for (int g = 0; g < G; g++)
            assert_true(size[g] >= 1 && size[g] <= cap);
    }
    noc_app_free(&app);
}

/* Ring orders.  Hand case: 4 items whose heavy pairs form the cycle
 * 0-2-1-3-0 (weight 10 each) plus light 0-1 and 2-3 (weight 1): on a ring
 * of 4 the heavy cycle can be laid out with every heavy pair adjacent
 * (cost 4*10*1 + the light pairs at distance 2: 2*1*2 = 44), which the
 * identity order (heavy 0-2 and 1-3 at distance 2: cost 10*2*2 + 10*2 +
 * 1*1 + 1*1 = 62) does not.  Beyond 7 free items the swap descent must
 * return a permutation no worse than the identity. */
static int rd(int p, int q, int m)
{
    int d = abs(p - q);
    return d < m - d ? d : m - d;
}

static void ring_order_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double W[16] = {0};
    int heavy[][2] = {{0, 2}, {2, 1}, {1, 3}, {3, 0}};
    for (int i = 0; i < 4; i++)
        W[heavy[i][0] * 4 + heavy[i][1]] = W[heavy[i][1] * 4 + heavy[i][0]] = 10;
    W[0 * 4 + 1] = W[1 * 4 + 0] = W[2 * 4 + 3] = W[3 * 4 + 2] = 1;
    int pos[4];
    assert_int_equal(noc_synth_ring_order(4, W, pos, &ctx), NOC_OK);
    assert_int_equal(pos[0], 0);
    double cost = 0;
    for (int i = 0; i < 4; i++)
        for (int k = i + 1; k < 4; k++)
            cost += W[i * 4 + k] * rd(pos[i], pos[k], 4);
    assert_true(cost == 44);
    for (int i = 0; i < 4; i++)
        assert_int_equal(rd(pos[heavy[i][0]], pos[heavy[i][1]], 4), 1);
    /* 11 items (10 free): a heavy cycle in scrambled order. */
    enum { M = 11 };
    double W2[M * M] = {0};
    int cyc[M] = {0, 5, 3, 8, 1, 10, 2, 7, 4, 9, 6};
    for (int i = 0; i < M; i++) {
        int a = cyc[i], b = cyc[(i + 1) % M];
        W2[a * M + b] = W2[b * M + a] = 10;
    }
    int pos2[M], seen[M] = {0};
    assert_int_equal(noc_synth_ring_order(M, W2, pos2, &ctx), NOC_OK);
    double c2 = 0, c0 = 0;
    for (int i = 0; i < M; i++) {
        assert_true(pos2[i] >= 0 && pos2[i] < M && !seen[pos2[i]]);
        seen[pos2[i]] = 1;
        for (int k = i + 1; k < M; k++) {
            c2 += W2[i * M + k] * rd(pos2[i], pos2[k], M);
            c0 += W2[i * M + k] * rd(i, k, M);
        }
    }
    assert_int_equal(pos2[0], 0);
    assert_true(c2 <= c0);
    assert_true(c2 >= 10 * M); /* at best every heavy pair adjacent */
}

/* XY paths and the near-square grid. */
static void grid_and_xy(void **state)
{
    (void)state;
    int c, r;
    int want[][3] = {{1, 1, 1}, {2, 2, 1}, {3, 2, 2}, {4, 2, 2}, {5, 3, 2}, {9, 3, 3}, {10, 4, 3}, {17, 5, 4}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        noc_synth_grid(want[i][0], &c, &r);
        assert_int_equal(c, want[i][1]);
        assert_int_equal(r, want[i][2]);
    }
    int p[16];
    /* 4 x 3 grid: router 1 = (1,0) to router 10 = (2,2): X first then Y. */
    int len = noc_synth_xy_path(4, 1, 10, p);
    int exp[] = {1, 2, 6, 10};
    assert_int_equal(len, 4);
    assert_memory_equal(p, exp, sizeof exp);
    assert_int_equal(noc_synth_xy_path(4, 5, 5, p), 1);
}

static void floorplan_svg_names_escaped(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const names[] = {"a<b", "c&d", "e"};
    static const int flows[] = {0, 1, 1, 2};
    static const double bw[] = {10, 20};
    struct noc_app app;
    make_app(&app, names, 3, flows, bw, 2);
    struct noc_buf b;
    noc_buf_init(&b);
    assert_int_equal(noc_floorplan_svg(&app, &b, &ctx), NOC_OK);
    assert_non_null(strstr(b.data, "<svg"));
    assert_non_null(strstr(b.data, ">a&lt;b</text>"));
    assert_non_null(strstr(b.data, ">c&amp;d</text>"));
    int rects = 0, lines = 0;
    for (const char *p = b.data; (p = strstr(p, "<rect")); p++)
        rects++;
    for (const char *p = b.data; (p = strstr(p, "<line")); p++)
        lines++;
    assert_int_equal(rects, 3 + 1); /* the cores and the die */
    assert_int_equal(lines, 2);
    noc_buf_free(&b);
    app.cores[1].has_pos = 0;
    noc_buf_init(&b);
    assert_int_equal(noc_floorplan_svg(&app, &b, &ctx), NOC_EINVAL);
    noc_buf_free(&b);
    noc_app_free(&app);
}

static void registry(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const char *name, *desc;
    const char *want[] = {"split", "merge", "cmesh", "hring"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(noc_synth_method_info(i, &name, &desc), 0);
        assert_string_equal(name, want[i]);
    }
    assert_int_equal(noc_synth_method_info(4, &name, &desc), -1);
    struct noc_app app;
    make_chain(&app);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_run("magic", &app, &o, &r, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_synth_run("hring", &app, &o, &r, &ctx), NOC_OK);
    assert_string_equal(r.d[0].method, "hring");
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cmesh_chain_by_hand),
        cmocka_unit_test(cmesh_sweep_and_radix),
        cmocka_unit_test(hring_chain_by_hand),
        cmocka_unit_test(hring_all_to_all_deadlock_free),
        cmocka_unit_test(merge_two_cores_by_hand),
        cmocka_unit_test(merge_star_radix_and_determinism),
        cmocka_unit_test(merge_stops_at_radix),
        cmocka_unit_test(islands_refused),
        cmocka_unit_test(merge_mesh_start_chain),
        cmocka_unit_test(groups_respect_cap),
        cmocka_unit_test(ring_order_by_hand),
        cmocka_unit_test(grid_and_xy),
        cmocka_unit_test(floorplan_svg_names_escaped),
        cmocka_unit_test(registry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
