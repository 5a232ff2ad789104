/* Unit tests: incremental deadlock check, min-cut floorplan, split
 * synthesis invariants and its infeasibility messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/synth/swnet_int.h"
#include "../../src/synth/layout_int.h"
#include "../../src/synth/price_int.h"
#include "../../src/synth/search_int.h"
#include "nocsyn/app.h"
#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/synth.h"

/* Brute force: is b reachable from a in the adjacency matrix? */
static int reach(const unsigned char *adj, int n, int a, int b)
{
    unsigned char seen[64] = {0};
    int stack[64], sp = 0;
    stack[sp++] = a;
    seen[a] = 1;
    while (sp) {
        int u = stack[--sp];
        if (u == b)
            return 1;
        for (int v = 0; v < n; v++)
            if (adj[u * n + v] && !seen[v]) {
                seen[v] = 1;
                stack[sp++] = v;
            }
    }
    return 0;
}

/* Pearce-Kelly order against a brute-force cycle check on 3000 random edge
 * insertions over 40 nodes: the order must accept exactly the edges that do
 * not close a cycle, and stay a topological order throughout. */
static void cdg_matches_brute_force(void **state)
{
    (void)state;
    enum { N = 40 };
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct cdg g;
    noc_cdg_init(&g);
    for (int i = 0; i < N; i++) {
        int id = -1;
        assert_int_equal(noc_cdg_add_node(&g, &id, &ctx), NOC_OK);
        assert_int_equal(id, i);
    }
    unsigned char adj[N * N];
    memset(adj, 0, sizeof adj);
    struct noc_rng rng;
    noc_rng_seed(&rng, 42);
    int accepted = 0, refused = 0;
    for (int k = 0; k < 3000; k++) {
        int a = (int)noc_rng_below(&rng, N), b = (int)noc_rng_below(&rng, N);
        int cycle = a == b || reach(adj, N, b, a);
        assert_int_equal(noc_cdg_can_add(&g, a, b), !cycle);
        int r = -1;
        assert_int_equal(noc_cdg_add_edge(&g, a, b, &r, &ctx), NOC_OK);
        assert_int_equal(r, cycle ? 0 : 1);
        if (r == 1) {
            adj[a * N + b] = 1;
            accepted++;
        } else
            refused++;
        for (int u = 0; u < N; u++)
            for (int v = 0; v < N; v++)
                if (adj[u * N + v])
                    assert_true(g.ord[u] < g.ord[v]);
    }
    assert_true(accepted > 50 && refused > 50); /* both branches exercised */
    /* Removing an edge re-allows its reverse when no other path remains. */
    noc_cdg_free(&g);
    noc_cdg_init(&g);
    int id, added;
    for (int i = 0; i < 3; i++)
        assert_int_equal(noc_cdg_add_node(&g, &id, &ctx), NOC_OK);
    assert_int_equal(noc_cdg_add_edge(&g, 0, 1, &added, &ctx), NOC_OK);
    assert_int_equal(added, 1);
    assert_int_equal(noc_cdg_add_edge(&g, 1, 2, &added, &ctx), NOC_OK);
    assert_int_equal(added, 1);
    assert_int_equal(noc_cdg_add_edge(&g, 2, 0, &added, &ctx), NOC_OK);
    assert_int_equal(added, 0);
    noc_cdg_remove_edge(&g, 1, 2);
    assert_int_equal(noc_cdg_add_edge(&g, 2, 0, &added, &ctx), NOC_OK);
    assert_int_equal(added, 1);
    noc_cdg_free(&g);
}

/* noc_cdg_can_add (the two-sided query) against brute-force reachability
 * on every ordered pair, after every step of random graphs: 60 graphs of
 * 8 to 64 nodes, sparse to dense, edges added (duplicates allowed, a
 * refused one checked against the brute force too) and removed (the
 * order then no longer tight, as after a refused path's undo).  can_add
 * must be 1 exactly when b does not reach a and a != b, and change
 * nothing. */
static void cdg_queries_match_brute_force(void **state)
{
    (void)state;
    enum { NMAX = 64 };
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 7);
    static unsigned char adj[NMAX * NMAX], cnt[NMAX * NMAX];
    int yes = 0, no = 0;
    for (int gi = 0; gi < 60; gi++) {
        int n = 8 + (int)noc_rng_below(&rng, NMAX - 8 + 1), steps = 20 + (int)noc_rng_below(&rng, 4 * n);
        struct cdg g;
        noc_cdg_init(&g);
        for (int i = 0; i < n; i++) {
            int id;
            assert_int_equal(noc_cdg_add_node(&g, &id, &ctx), NOC_OK);
        }
        memset(adj, 0, sizeof adj);
        memset(cnt, 0, sizeof cnt);
        for (int k = 0; k < steps; k++) {
            int a = (int)noc_rng_below(&rng, n), b = (int)noc_rng_below(&rng, n);
            if (noc_rng_below(&rng, 5) == 0 && cnt[a * n + b]) {
                noc_cdg_remove_edge(&g, a, b);
                if (--cnt[a * n + b] == 0)
                    adj[a * n + b] = 0;
            } else {
                int r = -1, cycle = a == b || reach(adj, n, b, a);
                assert_int_equal(noc_cdg_add_edge(&g, a, b, &r, &ctx), NOC_OK);
                assert_int_equal(r, !cycle);
                if (r) {
                    adj[a * n + b] = 1;
                    cnt[a * n + b]++;
                }
            }
            /* The transitive closure by Warshall's algorithm on bit rows. */
            unsigned long long rows[NMAX];
            for (int u = 0; u < n; u++) {
                rows[u] = 1ULL << u;
                for (int v = 0; v < n; v++)
                    rows[u] |= (unsigned long long)adj[u * n + v] << v;
            }
            for (int m = 0; m < n; m++)
                for (int u = 0; u < n; u++)
                    if (rows[u] >> m & 1)
                        rows[u] |= rows[m];
            for (int u = 0; u < n; u++)
                for (int v = 0; v < n; v++) {
                    int want = !(rows[v] >> u & 1); /* v does not reach u (u == v: reaches) */
                    assert_int_equal(noc_cdg_can_add(&g, u, v), want);
                    if (u != v)
                        want ? yes++ : no++;
                }
        }
        noc_cdg_free(&g);
    }
    assert_true(yes > 1000 && no > 1000); /* both answers exercised */
}

/* A 6-core pipeline a->b->c->d->e->f with a back flow f->a. */
static void make_pipeline(struct noc_app *app, double bw)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_app_init(app);
    const char *names[] = {"a", "b", "c", "d", "e", "f"};
    for (int i = 0; i < 6; i++)
        assert_int_equal(noc_app_core(app, names[i], &ctx), i);
    for (int i = 0; i < 5; i++)
        assert_int_equal(noc_app_add_flow(app, i, i + 1, bw * (i + 1), -1, &ctx), 0);
    assert_int_equal(noc_app_add_flow(app, 5, 0, bw, 2, &ctx), 0);
    app->name = strdup("pipe");
}

static void floorplan_unit_cores_do_not_overlap(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_pipeline(&app, 100);
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    double dw = 0, dh = 0;
    for (int i = 0; i < 6; i++) {
        dw = fmax(dw, app.cores[i].x + app.cores[i].w);
        dh = fmax(dh, app.cores[i].y + app.cores[i].h);
    }
    /* Six unit cores: a compact slicing floorplan is 2 x 3 or 3 x 2. */
    assert_true(dw * dh <= 6 + 1e-9);
    for (int i = 0; i < 6; i++) {
        const struct noc_core *a = &app.cores[i];
        assert_true(a->has_pos && a->w == 1 && a->h == 1);
        assert_true(a->x >= -1e-9 && a->y >= -1e-9 && a->x + 1 <= dw + 1e-9 && a->y + 1 <= dh + 1e-9);
        for (int j = 0; j < i; j++) {
            const struct noc_core *b = &app.cores[j];
            int overlap = a->x < b->x + 1 - 1e-9 && b->x < a->x + 1 - 1e-9 && a->y < b->y + 1 - 1e-9 &&
                          b->y < a->y + 1 - 1e-9;
            assert_false(overlap);
        }
    }
    noc_app_free(&app);
}

/* Checks what every written design must satisfy (issue: split synthesis):
 * all flows routed, links within capacity, switches within the radix,
 * max_hops held, deadlock freedom verified independently by the routing
 * module from the topology's stored routes. */
static void check_design(const struct noc_app *app, const struct noc_design *d, const struct noc_synth_opts *o)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const struct noc_topo *t = &d->topo;
    assert_int_equal(t->nroutes, app->nflows);
    for (int r = 0; r < t->nrouters; r++)
        assert_true(noc_topo_radix(t, r) <= o->max_radix);
    double cap = noc_synth_capacity(o);
    assert_true(d->m.max_channel_load_mbps <= cap * (1 + 1e-9));
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *rt = &t->routes[i];
        int f = noc_app_find(app, t->nodes[rt->src].name), g = noc_app_find(app, t->nodes[rt->dst].name);
        int id = noc_u64map_get(&app->flow_ids, noc_pair_key(f, g));
        assert_true(id >= 0);
        if (app->flows[id].max_hops >= 0)
            assert_true(rt->len - 1 <= app->flows[id].max_hops);
    }
    struct noc_routing rt;
    int free_ = -1;
    assert_int_equal(noc_routing_init(&rt, t, NOC_RT_TABLE, 1, &ctx), NOC_OK);
    assert_int_equal(noc_routing_deadlock_free(&rt, &free_, &ctx), NOC_OK);
    assert_int_equal(free_, 1);
    noc_routing_free(&rt);
    assert_int_equal(d->m.deadlock_free, 1);
}

static void split_sweep_invariants_and_determinism(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_pipeline(&app, 100);
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 4;
    struct noc_synth_result r1, r2;
    noc_synth_result_init(&r1);
    noc_synth_result_init(&r2);
    assert_int_equal(noc_synth_split(&app, &o, &r1, &ctx), NOC_OK);
    o.threads = 1;
    assert_int_equal(noc_synth_split(&app, &o, &r2, &ctx), NOC_OK);
    /* One design per K (the first 6 entries), then extra-link variants. */
    assert_true(r1.n >= 6);
    assert_int_equal(r1.n, r2.n);
    for (int i = 6; i < r1.n; i++)
        assert_non_null(strstr(r1.d[i].name, "_x"));
    int feasible = 0;
    for (int i = 0; i < r1.n; i++) {
        assert_int_equal(r1.d[i].feasible, r2.d[i].feasible);
        if (!r1.d[i].feasible) {
            assert_true(strlen(r1.d[i].reason) > 0);
            continue;
        }
        feasible++;
        check_design(&app, &r1.d[i], &o);
        assert_true(r1.d[i].power_mw == r2.d[i].power_mw); /* same seed, same result */
        assert_true(r1.d[i].m.hops_avg == r2.d[i].m.hops_avg);
        assert_int_equal(r1.d[i].topo.nrouters, r1.d[i].switches);
    }
    /* K = 1 puts 6 cores on one switch: radix 6 > 4, infeasible. */
    assert_false(r1.d[0].feasible);
    assert_non_null(strstr(r1.d[0].reason, "--max-radix"));
    assert_true(feasible >= 3);
    assert_true(r1.chosen >= 0 && r1.d[r1.chosen].pareto);
    noc_synth_result_free(&r1);
    noc_synth_result_free(&r2);
    noc_app_free(&app);
}

static void split_infeasible_messages(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    make_pipeline(&app, 1000); /* e -> f carries 5000 MB/s */
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o); /* capacity 32 x 1000 / 8 = 4000 MB/s */
    o.max_util = 1;          /* all of it: e -> f (5000) is the only flow above */
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "flow e -> f"));
    noc_synth_result_free(&r);
    noc_ctx_clear(&ctx);
    o.max_util = 0.8;        /* the default: 3200 MB/s usable, d -> e (4000) fails first */
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "flow d -> e"));
    noc_synth_result_free(&r);
    noc_ctx_clear(&ctx);
    o.link_width = 64;
    o.max_radix = 1; /* every switch needs a port per core plus links */
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "no feasible design"));
    noc_synth_result_free(&r);
    noc_ctx_clear(&ctx);
    o.max_radix = 8;
    o.kmin = 1;
    o.kmax = 7;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_EINVAL);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* An app with an isolated core and two components still synthesizes. */
static void split_disconnected_app(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    int a = noc_app_core(&app, "a", &ctx), b = noc_app_core(&app, "b", &ctx);
    int c = noc_app_core(&app, "c", &ctx), d = noc_app_core(&app, "d", &ctx);
    noc_app_core(&app, "lonely", &ctx);
    noc_app_add_flow(&app, a, b, 10, -1, &ctx);
    noc_app_add_flow(&app, c, d, 20, -1, &ctx);
    assert_int_equal(noc_floorplan_mincut(&app, 3, &ctx), NOC_OK);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct noc_synth_result r;
    noc_synth_result_init(&r);
    assert_int_equal(noc_synth_split(&app, &o, &r, &ctx), NOC_OK);
    for (int i = 0; i < r.n; i++)
        if (r.d[i].feasible)
            check_design(&app, &r.d[i], &o);
    noc_synth_result_free(&r);
    noc_app_free(&app);
}

/* Hand-worked: switches a b c d (0..3) on a ring a-b-c-d-a, one core each,
 * --max-radix 3 (1 core + 2 ring links: no new link can open).  Flows
 * a->c, b->d, c->a routed clockwise add dependencies ab->bc, bc->cd,
 * cd->da.  For d->b the cheapest route is d->a->b (a is placed close), whose
 * dependency da->ab closes the cycle ab->bc->cd->da->ab; a direct link is
 * impossible (radix), so the turn-safe search must route d->c->b. */
static void split_router_avoids_a_cycle(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 3;
    o.hop_mw = 1;
    struct swnet net;
    assert_int_equal(noc_swnet_init(&net, 4, 4, &o, &ctx), NOC_OK);
    double x[4] = {0, 1, 10, 0.5}, y[4] = {0, 0, 0, 0.2};
    for (int s = 0; s < 4; s++) {
        net.ncores[s] = 1;
        net.sx[s] = x[s];
        net.sy[s] = y[s];
    }
    for (int s = 0; s < 4; s++)
        assert_int_equal(noc_swnet_open_link(&net, s, (s + 1) % 4, &ctx), 0);
    char why[256];
    int path0[] = {0, 1, 2}, path1[] = {1, 2, 3}, path2[] = {2, 3, 0};
    int ok = 0;
    assert_int_equal(noc_swnet_commit(&net, 0, path0, 3, 10, &ok, &ctx), NOC_OK);
    assert_int_equal(ok, 1);
    assert_int_equal(noc_swnet_commit(&net, 1, path1, 3, 10, &ok, &ctx), NOC_OK);
    assert_int_equal(ok, 1);
    assert_int_equal(noc_swnet_commit(&net, 2, path2, 3, 10, &ok, &ctx), NOC_OK);
    assert_int_equal(ok, 1);
    assert_int_equal(noc_swnet_route(&net, 3, 3, 1, 10, -1, &ok, why, sizeof why, &ctx), NOC_OK);
    assert_int_equal(ok, 1);
    assert_int_equal(net.paths[3].n, 3);
    assert_int_equal(net.paths[3].v[0], 3);
    assert_int_equal(net.paths[3].v[1], 2); /* around the other way */
    assert_int_equal(net.paths[3].v[2], 1);
    noc_swnet_free(&net);
}

/* Routing with the x index of the switches and Dijkstra's partial reset
 * (noc_swnet_index_x, the touched list) against routing without the index
 * and with every search starting from a full reset (the plain O(K) scan
 * of the new links out of the source): on 12 random switch graphs (30 to
 * 90 switches, positions on a coarse grid so that x ties, radix 5 to 8,
 * 300 flows of 1 to 3000 MB/s, some unroutable) the same outcome for
 * every flow, the same paths and the same reasons. */
static void split_router_index_invariant(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 3);
    int routed = 0, failed = 0;
    for (int g = 0; g < 12; g++) {
        struct noc_synth_opts o;
        noc_synth_opts_init(&o);
        o.max_radix = 5 + g % 4;
        int K = 30 + (int)noc_rng_below(&rng, 61), F = 300;
        struct swnet a, b;
        assert_int_equal(noc_swnet_init(&a, K, F, &o, &ctx), NOC_OK);
        assert_int_equal(noc_swnet_init(&b, K, F, &o, &ctx), NOC_OK);
        for (int s = 0; s < K; s++) {
            a.ncores[s] = b.ncores[s] = 1 + (int)noc_rng_below(&rng, 3);
            a.sx[s] = b.sx[s] = 0.5 * (double)noc_rng_below(&rng, 12);
            a.sy[s] = b.sy[s] = 0.5 * (double)noc_rng_below(&rng, 12);
        }
        assert_int_equal(noc_swnet_index_x(&b, &ctx), NOC_OK);
        for (int f = 0; f < F; f++) {
            int src = (int)noc_rng_below(&rng, (unsigned)K), dst = (int)noc_rng_below(&rng, (unsigned)K);
            double bw = 1 + (double)noc_rng_below(&rng, 3000);
            char wa[256] = "", wb[256] = "";
            int oka = -1, okb = -1;
            a.sclean = 0; /* every search from a full reset */
            assert_int_equal(noc_swnet_route(&a, f, src, dst, bw, -1, &oka, wa, sizeof wa, &ctx), NOC_OK);
            assert_int_equal(noc_swnet_route(&b, f, src, dst, bw, -1, &okb, wb, sizeof wb, &ctx), NOC_OK);
            assert_int_equal(oka, okb);
            assert_string_equal(wa, wb);
            assert_int_equal(a.paths[f].n, b.paths[f].n);
            for (int i = 0; i < a.paths[f].n; i++)
                assert_int_equal(a.paths[f].v[i], b.paths[f].v[i]);
            oka ? routed++ : failed++;
        }
        assert_int_equal(a.nch, b.nch);
        noc_swnet_free(&a);
        noc_swnet_free(&b);
    }
    assert_true(routed > 1000 && failed > 10);
}

/* The placement LP minimises sum w |x_s - x_core| + sum load |x_u - x_v|
 * per axis, an L1 problem whose optimum is a weighted median:
 * (a) one switch, cores at x = 0, 1, 10 (weight 1 each): the median, x = 1;
 * (b) sw0 with a core at 0 (weight 5), sw1 with a core at 10 (weight 1),
 *     a link loaded 100 both ways: the link pulls both switches together at
 *     x, costing 5x + (10 - x), least at x = 0.  All cores sit at y = 0. */
static void placement_lp_weighted_median(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    struct swnet net;
    assert_int_equal(noc_swnet_init(&net, 1, 0, &o, &ctx), NOC_OK);
    int one[3] = {0, 0, 0};
    double cx[3] = {0, 1, 10}, cy[3] = {0, 0, 0}, cw[3] = {1, 1, 1};
    assert_int_equal(noc_synth_place(&net, 3, one, cx, cy, cw, &ctx), NOC_OK);
    assert_true(fabs(net.sx[0] - 1) < 1e-6 && fabs(net.sy[0]) < 1e-9);
    noc_swnet_free(&net);
    assert_int_equal(noc_swnet_init(&net, 2, 0, &o, &ctx), NOC_OK);
    assert_int_equal(noc_swnet_open_link(&net, 0, 1, &ctx), 0);
    for (int c = 0; c < net.nch; c++)
        net.cload[c] = 100;
    int two[2] = {0, 1};
    double x2[2] = {0, 10}, y2[2] = {0, 0}, w2[2] = {5, 1};
    assert_int_equal(noc_synth_place(&net, 2, two, x2, y2, w2, &ctx), NOC_OK);
    assert_true(fabs(net.sx[0]) < 1e-6 && fabs(net.sx[1]) < 1e-6);
    noc_swnet_free(&net);
}

/* A 64-bit LCG (Knuth's MMIX constants), the high bits. */
static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

/* The placement objective of one axis: sum cw |x_sw(c) - cc| + sum over
 * links of (load both ways, floored) |x_u - x_v| + the centroid pull. */
static double place_cost(const struct swnet *n, int N, const int *sw, const double *cc, const double *cw,
                         const double *x)
{
    double total = 0, p = 0, cen[8] = {0}, ws[8] = {0};
    for (int c = 0; c < N; c++) {
        total += cw[c];
        cen[sw[c]] += cw[c] * cc[c];
        ws[sw[c]] += cw[c];
        p += cw[c] * fabs(x[sw[c]] - cc[c]);
    }
    for (int ch = 0; ch < n->nch; ch++) {
        int u = n->csrc[ch], v = n->cdst[ch];
        if (u < v)
            p += fmax(n->cload[ch] + n->cload[noc_swnet_chan(n, v, u)], 1e-3 * total / (N + 1)) * fabs(x[u] - x[v]);
    }
    for (int s = 0; s < n->K; s++)
        p += 1e-6 * (total + 1) * fabs(x[s] - cen[s] / ws[s]);
    return p;
}

/* noc_synth_place (threshold cuts) against the same objective solved as a
 * linear program by GLPK's simplex (an independent method), on 200 random
 * switch graphs of 2..8 switches, 2..14 cores and random loaded links:
 * the same optimal cost (to 1e-9 relative) and each switch inside the
 * cores' range. */
static void placement_cuts_match_the_lp(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.max_radix = 0;
    uint64_t r = 12345;
    for (int trial = 0; trial < 200; trial++) {
        int K = 2 + (int)(lcg(&r) % 7), N = K + (int)(lcg(&r) % 7), sw[14];
        double cx[14], cy[14], cw[14], lpx[8];
        struct swnet net;
        assert_int_equal(noc_swnet_init(&net, K, 0, &o, &ctx), NOC_OK);
        for (int c = 0; c < N; c++) {
            sw[c] = c < K ? c : (int)(lcg(&r) % (uint64_t)K);
            cx[c] = (double)(lcg(&r) % 1000) / 10;
            cy[c] = (double)(lcg(&r) % 7); /* many ties */
            cw[c] = 1 + (double)(lcg(&r) % 500);
        }
        for (int u = 0; u < K; u++)
            for (int v = u + 1; v < K; v++)
                if (lcg(&r) % 3 == 0) {
                    assert_int_equal(noc_swnet_open_link(&net, u, v, &ctx), 0);
                    double l = (double)(lcg(&r) % 4) * 100; /* 0: the floor */
                    net.cload[net.nch - 2] = l;
                    net.cload[net.nch - 1] = l / 2;
                }
        assert_int_equal(noc_synth_place(&net, N, sw, cx, cy, cw, &ctx), NOC_OK);
        for (int axis = 0; axis < 2; axis++) {
            const double *cc = axis ? cy : cx, *got = axis ? net.sy : net.sx;
            double lo = INFINITY, hi = -INFINITY, total = 0, cen[8] = {0}, ws[8] = {0};
            for (int c = 0; c < N; c++) {
                lo = fmin(lo, cc[c]);
                hi = fmax(hi, cc[c]);
                total += cw[c];
                cen[sw[c]] += cw[c] * cc[c];
                ws[sw[c]] += cw[c];
            }
            struct noc_lp *lp = NULL;
            assert_int_equal(noc_lp_create(&lp, NOC_LP_MIN, &ctx), NOC_OK);
            assert_true(noc_lp_add_cols(lp, K, lo, hi, 0, NOC_LP_CONT, &ctx) >= 0);
            for (int c = 0; c < N; c++)
                assert_int_equal(noc_synth_lp_abs(lp, sw[c], -1, cc[c], cw[c], &ctx), NOC_OK);
            for (int ch = 0; ch < net.nch; ch++) {
                int u = net.csrc[ch], v = net.cdst[ch];
                if (u < v)
                    assert_int_equal(noc_synth_lp_abs(lp, u, v, 0,
                                                      fmax(net.cload[ch] + net.cload[noc_swnet_chan(&net, v, u)],
                                                       1e-3 * total / (N + 1)),
                                                  &ctx),
                                     NOC_OK);
            }
            for (int s = 0; s < K; s++)
                assert_int_equal(noc_synth_lp_abs(lp, s, -1, cen[s] / ws[s], 1e-6 * (total + 1), &ctx), NOC_OK);
            assert_int_equal(noc_synth_lp_solve_first(lp, K, lpx, &ctx), NOC_OK);
            noc_lp_free(lp);
            double a = place_cost(&net, N, sw, cc, cw, got), b = place_cost(&net, N, sw, cc, cw, lpx);
            assert_true(fabs(a - b) <= 1e-9 * (b + 1));
            for (int s = 0; s < K; s++)
                assert_true(got[s] >= lo && got[s] <= hi);
        }
        noc_swnet_free(&net);
    }
}

/* Power of split's design for assignment sw (INFINITY when infeasible). */
static double built_power(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                          const double *cx, const double *cy, const double *cw, int K, const int *sw)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct swnet net;
    char why[512];
    double in[16], out[16];
    noc_app_core_bw(app, in, out);
    int feasible = -1;
    assert_int_equal(noc_synth_split_net(app, o, order, cx, cy, cw, K, sw, NULL, 0, &net, &feasible, why, sizeof why, &ctx),
                     NOC_OK);
    assert_true(feasible == 0 || feasible == 1);
    double p = !feasible ? INFINITY : noc_synth_net_power(o, &net, app->ncores, sw, cx, cy, in, out);
    noc_swnet_free(&net);
    return p;
}

/* The local searches' budget policy by its closed form e x 6000 x scale x
 * min(1, (24 / N)^2): 6000 at 24 cores, floor(6000 x 576 / 4096) = 843 at
 * 64, 6000 x 0.25 x 2 = 3000 at 48 cores and effort 2,
 * 0 at effort 0 and from 1900 cores (6000 x 576 / 1900^2 = 0.957); with
 * the cut's scale 32: floor(6000 x 32 x 576 / 40000) = 2764 at 200 cores.  Then
 * on random 16-core apps (30 flows, 10..400 MB/s) for K = 2..6: the
 * refined assignment never costs more than METIS's start, the power it
 * reports is that of split's own build of the assignment it returns (the
 * estimates only choose what to build), every switch keeps a core, and
 * effort 0 leaves the start untouched. */
static void refine_budget_and_contract(void **state)
{
    (void)state;
    assert_int_equal(noc_synth_search_budget(24, 1, 1), 6000);
    assert_int_equal(noc_synth_search_budget(10, 1, 1), 6000);
    assert_int_equal(noc_synth_search_budget(64, 1, 1), 843);
    assert_int_equal(noc_synth_search_budget(48, 2, 1), 3000);
    assert_int_equal(noc_synth_search_budget(12, 0, 1), 0);
    assert_int_equal(noc_synth_search_budget(1900, 1, 1), 0);
    assert_int_equal(noc_synth_search_budget(200, 1, 32), 2764);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    uint64_t r = 777;
    for (int trial = 0; trial < 3; trial++) {
        struct noc_app app;
        noc_app_init(&app);
        char nm[16];
        for (int c = 0; c < 16; c++) {
            snprintf(nm, sizeof nm, "c%d", c);
            assert_int_equal(noc_app_core(&app, nm, &ctx), c);
        }
        for (int f = 0; f < 30; f++) {
            int a = (int)(lcg(&r) % 16), b = (int)(lcg(&r) % 15);
            b += b >= a;
            assert_int_equal(noc_app_add_flow(&app, a, b, 10 + (double)(lcg(&r) % 391), -1, &ctx), 0);
        }
        app.name = strdup("rnd");
        assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
        double cx[16], cy[16], cw[16];
        int order[31], sw[16], start[16];
        assert_int_equal(noc_synth_flow_order(&app, order, &ctx), NOC_OK);
        assert_int_equal(noc_synth_core_geom(&app, cx, cy, cw, &ctx), NOC_OK);
        for (int K = 2; K <= 6; K++) {
            assert_int_equal(noc_synth_partition(&app, K, 1, start, &ctx), NOC_OK);
            memcpy(sw, start, sizeof sw);
            double p0 = built_power(&app, &o, order, cx, cy, cw, K, start), p1;
            assert_int_equal(noc_synth_refine(&app, &o, order, cx, cy, cw, K, sw, &p1, &ctx), NOC_OK);
            double p2 = built_power(&app, &o, order, cx, cy, cw, K, sw);
            assert_true(isinf(p0) || p1 <= p0 * (1 + 1e-12));
            assert_true((isinf(p1) && isinf(p2)) || fabs(p1 - p2) <= 1e-9 * p2);
            int seen[6] = {0};
            for (int c = 0; c < 16; c++)
                seen[sw[c]] = 1;
            for (int s = 0; s < K; s++)
                assert_true(seen[s]);
            struct noc_synth_opts z = o;
            z.effort = 0;
            memcpy(sw, start, sizeof sw);
            assert_int_equal(noc_synth_refine(&app, &z, order, cx, cy, cw, K, sw, &p1, &ctx), NOC_OK);
            assert_true(isnan(p1) && memcmp(sw, start, sizeof sw) == 0);
        }
        noc_app_free(&app);
    }
}

/* The geometric start of split's refinement (noc_synth_partition_geom), by
 * hand on a 3 x 2 grid: cores 0 1 2 at y = 0 and 3 4 5 at y = 1, x = 0,
 * 1, 2.  K = 3, first cut along x: sorted by x (then y) 0 3 1 4 2 5, the
 * first part takes round(6 x 1/3) = 2 cores {0, 3}; the other four (box
 * 1 x 1: not taller than wide, so x again) split 2 / 2: {1, 4}, {2, 5}.
 * First cut along y: sorted by y (then x) 0 1 2 3 4 5, part 0 = {0, 1};
 * {2, 3, 4, 5} spans x 0..2, wider than tall: by x 3 4 2 5, so {3, 4}
 * and {2, 5}.  K = 2 along x: {0, 3, 1} and {4, 2, 5}.  K = 1: all 0;
 * K = N: singletons.  Then a property over random points: every part of
 * 1..12 is non-empty and part sizes follow the proportional split (no
 * part above ceil(N / K) + 1). */
static void partition_geom_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const double x[6] = {0, 1, 2, 0, 1, 2}, y[6] = {0, 0, 0, 1, 1, 1};
    int p[12];
    static const int k3x[6] = {0, 1, 2, 0, 1, 2}, k3y[6] = {0, 0, 2, 1, 1, 2}, k2x[6] = {0, 0, 1, 0, 1, 1};
    assert_int_equal(noc_synth_partition_geom(x, y, 6, 3, 0, p, &ctx), NOC_OK);
    assert_memory_equal(p, k3x, sizeof k3x);
    assert_int_equal(noc_synth_partition_geom(x, y, 6, 3, 1, p, &ctx), NOC_OK);
    assert_memory_equal(p, k3y, sizeof k3y);
    assert_int_equal(noc_synth_partition_geom(x, y, 6, 2, 0, p, &ctx), NOC_OK);
    assert_memory_equal(p, k2x, sizeof k2x);
    assert_int_equal(noc_synth_partition_geom(x, y, 6, 1, 1, p, &ctx), NOC_OK);
    for (int c = 0; c < 6; c++)
        assert_int_equal(p[c], 0);
    assert_int_equal(noc_synth_partition_geom(x, y, 6, 6, 0, p, &ctx), NOC_OK);
    for (int c = 0, seen = 0; c < 6; c++) {
        assert_true(p[c] >= 0 && p[c] < 6 && !(seen >> p[c] & 1));
        seen |= 1 << p[c];
    }
    srand(7);
    double rx[12], ry[12];
    for (int trial = 0; trial < 50; trial++) {
        for (int c = 0; c < 12; c++) {
            rx[c] = rand() % 5;
            ry[c] = rand() % 4;
        }
        for (int K = 1; K <= 12; K++)
            for (int axis = 0; axis < 2; axis++) {
                int size[12] = {0};
                assert_int_equal(noc_synth_partition_geom(rx, ry, 12, K, axis, p, &ctx), NOC_OK);
                for (int c = 0; c < 12; c++) {
                    assert_true(p[c] >= 0 && p[c] < K);
                    size[p[c]]++;
                }
                for (int s = 0; s < K; s++)
                    assert_true(size[s] >= 1 && size[s] <= (12 + K - 1) / K + 1);
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cdg_matches_brute_force),
        cmocka_unit_test(cdg_queries_match_brute_force),
        cmocka_unit_test(floorplan_unit_cores_do_not_overlap),
        cmocka_unit_test(split_sweep_invariants_and_determinism),
        cmocka_unit_test(split_infeasible_messages),
        cmocka_unit_test(split_disconnected_app),
        cmocka_unit_test(split_router_avoids_a_cycle),
        cmocka_unit_test(split_router_index_invariant),
        cmocka_unit_test(placement_lp_weighted_median),
        cmocka_unit_test(placement_cuts_match_the_lp),
        cmocka_unit_test(refine_budget_and_contract),
        cmocka_unit_test(partition_geom_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
