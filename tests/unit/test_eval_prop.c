/* Evaluation engine: properties on random irregular graphs (fixed seeds),
 * a brute-force ECMP oracle, path-count range, determinism across thread
 * counts, LP bounds, deterministic routings, errors and output formats. */
#include "test_eval_fix.h"

#include <cjson/cJSON.h>

/* A random connected topology: a random spanning tree over R routers plus
 * `extra` random links (parallel links allowed when `parallel`), one
 * terminal per router, and two extra terminals that inject into two
 * routers each and eject elsewhere (as in butterflies; x0 at two routers). */
static void random_topo(struct noc_topo *t, int R, int extra, int parallel, uint64_t seed)
{
    struct noc_ctx ctx;
    struct noc_rng rng;
    char name[32];
    noc_ctx_init(&ctx);
    noc_rng_seed(&rng, seed);
    noc_topo_init(t);
    for (int i = 0; i < R; i++) {
        snprintf(name, sizeof name, "r%d", i);
        assert_int_equal(noc_topo_add_node(t, name, NOC_ROUTER, &ctx), i);
    }
    for (int i = 1; i < R; i++)
        assert_int_equal(noc_topo_add_link(t, i, (int)noc_rng_below(&rng, (uint64_t)i), &ctx), 0);
    for (int k = 0; k < extra; k++) {
        int a = (int)noc_rng_below(&rng, (uint64_t)R), b = (int)noc_rng_below(&rng, (uint64_t)R);
        if (a == b)
            continue;
        int dup = 0;
        for (int e = 0; e < t->nch && !parallel; e++)
            dup |= t->ch[e].src == a && t->ch[e].dst == b;
        if (!dup)
            assert_int_equal(noc_topo_add_link(t, a, b, &ctx), 0);
    }
    for (int i = 0; i < R; i++) {
        snprintf(name, sizeof name, "t%d", i);
        int v = noc_topo_add_node(t, name, NOC_TERMINAL, &ctx);
        assert_int_equal(noc_topo_add_link(t, v, i, &ctx), 0);
    }
    for (int j = 0; j < 2; j++) {
        snprintf(name, sizeof name, "x%d", j);
        int v = noc_topo_add_node(t, name, NOC_TERMINAL, &ctx);
        assert_int_equal(noc_topo_add_channel(t, v, j, &ctx), 0);
        assert_int_equal(noc_topo_add_channel(t, v, R / 2 + j, &ctx), 0);
        assert_int_equal(noc_topo_add_channel(t, R - 1 - j, v, &ctx), 0);
        if (j == 0) /* x0 also ejects at a second router */
            assert_int_equal(noc_topo_add_channel(t, R / 2 - 1, v, &ctx), 0);
    }
    int rc = noc_topo_finalize(t, &ctx);
    if (rc)
        print_error("%s\n", ctx.msg);
    assert_int_equal(rc, 0);
}

/* Uniform weight u plus `nsp` random sparse demands. */
static void random_traffic(struct noc_traffic *tr, int n, double u, int nsp, uint64_t seed)
{
    struct noc_ctx ctx;
    struct noc_rng rng;
    noc_ctx_init(&ctx);
    noc_rng_seed(&rng, seed);
    noc_traffic_init(tr, n);
    tr->uniform = u;
    for (int i = 0; i < nsp; i++)
        assert_int_equal(noc_traffic_add(tr, (int)noc_rng_below(&rng, (uint64_t)n),
                                         (int)noc_rng_below(&rng, (uint64_t)n),
                                         0.25 + noc_rng_uniform(&rng), &ctx),
                         0);
    assert_int_equal(noc_traffic_finalize(tr, &ctx), 0);
}

static double total_traffic(const struct noc_traffic *tr)
{
    double w = 0;
    for (int s = 0; s < tr->n; s++)
        w += noc_traffic_row_sum(tr, s);
    return w;
}

/* ---- brute force: every minimal channel-level path of one pair. */
struct brute {
    const struct noc_topo *t;
    int target, len;
    int *path;
    double npaths;
    double *use; /* per channel: paths through it */
};

static void brute_dfs(struct brute *b, int v, int depth)
{
    const struct noc_graph *g = &b->t->g;
    if (depth == b->len) {
        if (v == b->target) {
            b->npaths += 1;
            for (int i = 0; i < depth; i++)
                b->use[b->path[i]] += 1;
        }
        return;
    }
    if (depth > 0 && v >= b->t->nrouters)
        return; /* never transit a terminal */
    for (int e = g->off[v]; e < g->off[v + 1]; e++) {
        b->path[depth] = e;
        brute_dfs(b, g->dst[e], depth + 1);
    }
}

/* Adds w times pair (s, d)'s ECMP split to load[]; returns its hops. */
static int brute_pair(const struct noc_topo *t, int s, int d, double w, double *load)
{
    struct brute b = {t, d, 0, NULL, 0, NULL};
    b.path = calloc((size_t)t->nnodes + 2, sizeof *b.path);
    b.use = calloc((size_t)t->nch, sizeof *b.use);
    for (b.len = 1; b.len <= t->nnodes + 1 && b.npaths == 0; b.len++)
        brute_dfs(&b, s, 0);
    assert_true(b.npaths > 0);
    for (int e = 0; e < t->nch; e++)
        load[e] += w * b.use[e] / b.npaths;
    int hops = b.len - 1 - 2;
    free(b.path);
    free(b.use);
    return hops;
}

/* ECMP loads of a random graph with multi-injection terminals and parallel
 * links equal the brute-force split of every pair's traffic over all its
 * minimal channel-level paths; hops agree too. */
static void ecmp_matches_brute_force(void **state)
{
    (void)state;
    for (int parallel = 0; parallel <= 1; parallel++) {
        struct noc_topo t;
        struct noc_traffic tr;
        struct noc_metrics m;
        random_topo(&t, 9, 6, parallel, 11 + parallel);
        random_traffic(&tr, t.nterminals, 1, 12, 5);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        double *ref = calloc((size_t)t.nch, sizeof *ref);
        double hs = 0, w = 0;
        int N = t.nterminals;
        for (int s = 0; s < N; s++)
            for (int d = 0; d < N; d++) {
                double wt = tr.uniform / N;
                for (int j = tr.off[s]; j < tr.off[s + 1]; j++)
                    if (tr.ent[j].d == d)
                        wt += tr.ent[j].w;
                hs += wt * brute_pair(&t, t.nrouters + s, t.nrouters + d, wt, ref);
                w += wt;
            }
        for (int e = 0; e < t.nch; e++)
            assert_close(m.load[e], ref[e]);
        assert_close(m.hops_avg, hs / w);
        free(ref);
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* Path diversity counts router-level paths: a doubled link does not double
 * it, while ECMP splits over both channels. */
static void parallel_links_router_level(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx);
    int t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    noc_topo_add_link(&t, r0, r1, &ctx);
    noc_topo_add_link(&t, r0, r1, &ctx);
    noc_topo_add_link(&t, t0, r0, &ctx);
    noc_topo_add_link(&t, t1, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), 0);
    noc_traffic_init(&tr, 2);
    noc_traffic_add(&tr, 0, 1, 1.0, &ctx);
    noc_traffic_finalize(&tr, &ctx);
    fx_eval(&t, &tr, NOC_RT_ECMP, &m);
    assert_close(m.pd_max, 1);
    assert_close(m.max_channel_load, 0.5);
    assert_int_equal(m.links, 2);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Conservation: the router-router loads sum to sum over pairs of traffic x
 * hops, all channels to traffic x (hops + 2); ideal <= ecmp and
 * optimal <= ideal (the LP optimises over a superset each time). */
static void conservation_and_lp_bounds(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 3; seed++) {
        struct noc_topo t;
        struct noc_traffic tr;
        struct noc_metrics m;
        random_topo(&t, 10 + 3 * seed, 8, 0, (uint64_t)seed);
        random_traffic(&tr, t.nterminals, seed == 2 ? 0 : 1, 20, (uint64_t)seed + 100);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        double rr = 0, all = 0, W = total_traffic(&tr);
        for (int e = 0; e < t.nch; e++) {
            all += m.load[e];
            if (noc_topo_is_rr(&t, e))
                rr += m.load[e];
        }
        assert_close(rr, m.hops_avg * W);
        assert_close(all, (m.hops_avg + 2) * W);
        double ecmp = m.max_channel_load;
        noc_metrics_free(&m);
        fx_eval(&t, &tr, NOC_RT_IDEAL, &m);
        double ideal = m.max_channel_load;
        assert_true(ideal <= ecmp + 1e-9);
        assert_int_equal(m.deadlock_free, -1);
        noc_metrics_free(&m);
        fx_eval(&t, &tr, NOC_RT_OPTIMAL, &m);
        assert_true(m.max_channel_load <= ideal + 1e-9);
        noc_metrics_free(&m);
        /* Up-down routing on the same graph: conservation with its hops. */
        fx_eval(&t, &tr, NOC_RT_UPDOWN, &m);
        rr = 0;
        for (int e = 0; e < t.nch; e++)
            if (noc_topo_is_rr(&t, e))
                rr += m.load[e];
        assert_close(rr, m.hops_avg * W);
        assert_int_equal(m.deadlock_free, 1);
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* The ideal load of a k x k mesh is k/4 (D&T sec. 3.3.2, bisection bound
 * met by dor) and of a k-ary torus k/8 (even k). */
static void ideal_mesh_torus(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("mesh:k=4,n=2", NOC_RT_IDEAL, &m);
    assert_close(m.max_channel_load, 1.0);
    assert_close(m.hops_avg, 2 * 15.0 / 12); /* hops of minimal paths */
    noc_metrics_free(&m);
    fx_eval_spec("torus:k=4,n=2", NOC_RT_IDEAL, &m);
    assert_close(m.max_channel_load, 0.5);
    noc_metrics_free(&m);
}

static void same_metrics(const struct noc_metrics *a, const struct noc_metrics *b)
{
    assert_int_equal(a->nch, b->nch);
    assert_memory_equal(a->load, b->load, (size_t)a->nch * sizeof *a->load);
    assert_true(memcmp(&a->hops_avg, &b->hops_avg, sizeof a->hops_avg) == 0);
    assert_true(memcmp(&a->hops_avg_excl_self, &b->hops_avg_excl_self, sizeof(double)) == 0);
    assert_true(memcmp(&a->max_channel_load, &b->max_channel_load, sizeof(double)) == 0);
    assert_true(memcmp(&a->pd_avg, &b->pd_avg, sizeof(double)) == 0);
    assert_int_equal(a->diameter, b->diameter);
    assert_int_equal(a->hops_max, b->hops_max);
}

/* Bit-identical results for 1, 2 and 3 threads (ECMP and a deterministic
 * routing), on more than one chunk of sources. */
static void threads_bit_identical(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_ctx ctx;
    random_topo(&t, 70, 60, 0, 7);
    random_traffic(&tr, t.nterminals, 0.7, 200, 8);
    static const int routings[] = {NOC_RT_ECMP, NOC_RT_UPDOWN};
    for (int i = 0; i < 2; i++) {
        struct noc_metrics m1, m2, m3;
        assert_int_equal(fx_eval_rc(&t, &tr, routings[i], 1, &m1, &ctx), 0);
        assert_int_equal(fx_eval_rc(&t, &tr, routings[i], 2, &m2, &ctx), 0);
        assert_int_equal(fx_eval_rc(&t, &tr, routings[i], 3, &m3, &ctx), 0);
        same_metrics(&m1, &m2);
        same_metrics(&m1, &m3);
        noc_metrics_free(&m1);
        noc_metrics_free(&m2);
        noc_metrics_free(&m3);
    }
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Edge-symmetric networks carry equal ECMP loads on every channel. */
static void edge_symmetric_equal_loads(void **state)
{
    (void)state;
    static const char *specs[] = {"hypercube:n=5", "torus:k=6,n=2", "torus:k=3,n=3"};
    for (int i = 0; i < 3; i++) {
        struct noc_topo t;
        struct noc_traffic tr;
        struct noc_metrics m;
        fx_gen(&t, specs[i]);
        fx_uniform(&tr, t.nterminals);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        for (int e = 0; e < t.nch; e++)
            if (noc_topo_is_rr(&t, e))
                assert_close(m.load[e], m.max_channel_load);
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* The corner pair of a 64 x 64 mesh has C(126, 63) ~ 6.1e36 minimal paths
 * (docs/INTERFACE.md section 2); its first two channels carry half the traffic each. */
static void mesh64_corner_paths(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=64,n=2");
    noc_traffic_init(&tr, t.nterminals);
    noc_traffic_add(&tr, 0, 4095, 1.0, &ctx);
    noc_traffic_finalize(&tr, &ctx);
    fx_eval(&t, &tr, NOC_RT_ECMP, &m);
    assert_close(m.pd_max, fx_binom(126, 63));
    assert_true(m.pd_max > 6.0e36 && m.pd_max < 6.2e36);
    assert_close(m.pd_min, m.pd_max);
    assert_int_equal(m.hops_max, 126);
    assert_int_equal(m.diameter, 126);
    assert_close(fx_load(&t, &m, "r0", "r1"), 0.5);
    assert_close(fx_load(&t, &m, "r0", "r64"), 0.5);
    assert_close(m.max_channel_load, 0.5);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* A chain of D diamonds (a_i -> {b_i, c_i} -> a_(i+1)) has 2^D minimal
 * paths end to end: D = 600 exercises the per-level rescaling (2^600 ~
 * 4.1e180 still fits a double), D = 1100 exceeds the double range (pd is
 * reported as overflowed with log10 = 1100 log10 2).  Every diamond branch
 * carries a quarter: half the pair's 1/2 in each direction. */
static void diamond_chain_counts(void **state)
{
    (void)state;
    static const int Ds[] = {600, 1100};
    for (int i = 0; i < 2; i++) {
        int D = Ds[i];
        struct noc_ctx ctx;
        struct noc_topo t;
        struct noc_traffic tr;
        struct noc_metrics m;
        char name[32];
        noc_ctx_init(&ctx);
        noc_topo_init(&t);
        int prev = noc_topo_add_node(&t, "a0", NOC_ROUTER, &ctx);
        int first = prev;
        for (int j = 0; j < D; j++) {
            snprintf(name, sizeof name, "b%d", j);
            int b = noc_topo_add_node(&t, name, NOC_ROUTER, &ctx);
            snprintf(name, sizeof name, "c%d", j);
            int c = noc_topo_add_node(&t, name, NOC_ROUTER, &ctx);
            snprintf(name, sizeof name, "a%d", j + 1);
            int a = noc_topo_add_node(&t, name, NOC_ROUTER, &ctx);
            noc_topo_add_link(&t, prev, b, &ctx);
            noc_topo_add_link(&t, prev, c, &ctx);
            noc_topo_add_link(&t, b, a, &ctx);
            noc_topo_add_link(&t, c, a, &ctx);
            prev = a;
        }
        int s = noc_topo_add_node(&t, "s", NOC_TERMINAL, &ctx);
        int d = noc_topo_add_node(&t, "d", NOC_TERMINAL, &ctx);
        noc_topo_add_link(&t, s, first, &ctx);
        noc_topo_add_link(&t, d, prev, &ctx);
        assert_int_equal(noc_topo_finalize(&t, &ctx), 0);
        fx_uniform(&tr, 2);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        assert_int_equal(m.diameter, 2 * D);
        assert_close(m.max_channel_load, 0.25);
        assert_close(fx_load(&t, &m, "a0", "b0"), 0.25);
        assert_close(fx_load(&t, &m, "c7", "a8"), 0.25);
        assert_close(fx_load(&t, &m, "a8", "c7"), 0.25);
        assert_close(m.pd_log10_max, D * log10(2.0));
        if (D == 600) {
            assert_close(m.pd_max, ldexp(1.0, 600));
            assert_close(m.pd_avg, ldexp(1.0, 600));
        } else {
            assert_true(isinf(m.pd_max));
            struct noc_buf b;
            noc_buf_init(&b);
            assert_int_equal(noc_metrics_to_json(&m, &b, &ctx), 0);
            cJSON *o = cJSON_Parse(b.data);
            cJSON *pd = cJSON_GetObjectItem(o, "path_diversity");
            assert_true(cJSON_IsNull(cJSON_GetObjectItem(pd, "max")));
            assert_close(cJSON_GetObjectItem(pd, "log10_max")->valuedouble, 1100 * log10(2.0));
            cJSON_Delete(o);
            noc_buf_free(&b);
        }
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* Deadlock freedom (Dally & Seitz 1987): dor on a mesh is acyclic with one
 * VC; on a torus the rings close cycles unless the dateline classes of a
 * second VC break them. */
static void deadlock_checks(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    struct noc_ctx ctx;
    struct noc_eval_opts o;
    fx_gen(&t, "torus:k=4,n=2");
    fx_uniform(&tr, t.nterminals);
    noc_eval_opts_init(&o);
    o.routing = NOC_RT_DOR;
    o.bisection = 0;
    noc_ctx_init(&ctx);
    noc_metrics_init(&m);
    assert_int_equal(noc_eval(&t, &tr, &o, &m, &ctx), 0);
    assert_int_equal(m.deadlock_free, 0);
    o.vcs = 2;
    assert_int_equal(noc_eval(&t, &tr, &o, &m, &ctx), 0);
    assert_int_equal(m.deadlock_free, 1);
    assert_close(m.max_channel_load, 0.5);
    assert_close(m.pd_max, 4); /* offset (2,2): ties in both dimensions */
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Errors: traffic of the wrong size, a pair with traffic but no path, a
 * routing that does not apply.  A disconnected pair without traffic is
 * fine (diameter -1). */
static void errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int r2 = noc_topo_add_node(&t, "r2", NOC_ROUTER, &ctx);
    noc_topo_add_link(&t, r0, r1, &ctx);
    noc_topo_add_channel(&t, r1, r2, &ctx); /* r2 cannot reach back */
    noc_topo_add_channel(&t, r2, r1, &ctx);
    noc_topo_add_channel(&t, r0, r2, &ctx);
    int ta = noc_topo_add_node(&t, "ta", NOC_TERMINAL, &ctx);
    int tb = noc_topo_add_node(&t, "tb", NOC_TERMINAL, &ctx);
    noc_topo_add_link(&t, ta, r0, &ctx);
    noc_topo_add_channel(&t, tb, r2, &ctx);
    noc_topo_add_channel(&t, r0, tb, &ctx); /* tb ejects at r0 only */
    assert_int_equal(noc_topo_finalize(&t, &ctx), 0);
    fx_uniform(&tr, 3);
    assert_int_equal(fx_eval_rc(&t, &tr, NOC_RT_ECMP, 1, &m, &ctx), NOC_EINVAL);
    noc_traffic_free(&tr);
    fx_uniform(&tr, 2);
    assert_int_equal(fx_eval_rc(&t, &tr, NOC_RT_ECMP, 1, &m, &ctx), 0);
    assert_int_equal(m.diameter, 2); /* tb: r2 -> r1 -> r0 */
    noc_metrics_free(&m);
    assert_int_equal(fx_eval_rc(&t, &tr, NOC_RT_DOR, 1, &m, &ctx), NOC_EUNSUP);
    assert_true(strlen(ctx.msg) > 0);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
    /* Two components: traffic across them is infeasible. */
    noc_topo_init(&t);
    r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    ta = noc_topo_add_node(&t, "ta", NOC_TERMINAL, &ctx);
    tb = noc_topo_add_node(&t, "tb", NOC_TERMINAL, &ctx);
    noc_topo_add_link(&t, ta, r0, &ctx);
    noc_topo_add_link(&t, tb, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), 0);
    fx_uniform(&tr, 2);
    assert_int_equal(fx_eval_rc(&t, &tr, NOC_RT_ECMP, 2, &m, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "'ta'"));
    noc_traffic_free(&tr);
    noc_traffic_init(&tr, 2);
    noc_traffic_add(&tr, 0, 0, 1.0, &ctx);
    noc_traffic_finalize(&tr, &ctx);
    assert_int_equal(fx_eval_rc(&t, &tr, NOC_RT_ECMP, 2, &m, &ctx), 0);
    assert_int_equal(m.diameter, -1);
    assert_close(m.hops_avg, 0);
    assert_true(isnan(m.hops_avg_excl_self)); /* no pair s != d has traffic */
    assert_true(isnan(m.pd_avg));
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* JSON: exactly the docs/INTERFACE.md section 3.2 keys with their types; the bisection of
 * a 4 x 4 mesh is 4 links (D&T sec. 3.3.1: k links for even k), exact. */
static void json_keys_and_types(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    struct noc_ctx ctx;
    struct noc_eval_opts o;
    struct noc_buf b;
    fx_gen(&t, "mesh:k=4,n=2");
    fx_uniform(&tr, t.nterminals);
    noc_eval_opts_init(&o);
    noc_ctx_init(&ctx);
    noc_metrics_init(&m);
    assert_int_equal(noc_eval(&t, &tr, &o, &m, &ctx), 0);
    noc_buf_init(&b);
    assert_int_equal(noc_metrics_to_json(&m, &b, &ctx), 0);
    cJSON *j = cJSON_Parse(b.data);
    assert_non_null(j);
    static const char *strs[] = {"topology", "traffic", "routing"};
    for (int i = 0; i < 3; i++)
        assert_true(cJSON_IsString(cJSON_GetObjectItem(j, strs[i])));
    assert_string_equal(cJSON_GetObjectItem(j, "routing")->valuestring, "ecmp");
    assert_string_equal(cJSON_GetObjectItem(j, "traffic")->valuestring, "uniform");
    static const char *nums[] = {"routers", "terminals", "links", "channels", "diameter",
                                 "max_channel_load", "throughput"};
    for (int i = 0; i < 7; i++)
        assert_true(cJSON_IsNumber(cJSON_GetObjectItem(j, nums[i])));
    static const char *objs[] = {"degree", "radix", "hops", "path_diversity"};
    static const char *sub[4][3] = {{"min", "max", "avg"}, {"min", "max", "avg"},
                                    {"avg", "avg_excl_self", "max"}, {"avg", "min", "max"}};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            assert_true(cJSON_IsNumber(cJSON_GetObjectItem(cJSON_GetObjectItem(j, objs[i]), sub[i][k])));
    cJSON *bis = cJSON_GetObjectItem(j, "bisection");
    assert_int_equal(cJSON_GetObjectItem(bis, "links")->valueint, 4);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(bis, "exact")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "deadlock_free")));
    assert_close(cJSON_GetObjectItem(j, "wire_length_mm")->valuedouble, 24);
    assert_close(cJSON_GetObjectItem(j, "max_channel_load")->valuedouble, 1.21875);
    assert_null(cJSON_GetObjectItem(j, "max_channel_load_mbps"));
    assert_int_equal(cJSON_GetArraySize(j), 17);
    cJSON_Delete(j);
    /* With the loads: one entry per channel. */
    b.len = 0;
    assert_int_equal(noc_metrics_write(&m, &t, NOC_METRICS_JSON, NOC_METRICS_LOADS, &b, &ctx), 0);
    j = cJSON_Parse(b.data);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(j, "channel_loads")), t.nch);
    cJSON_Delete(j);
    /* Text: one labelled line per metric. */
    b.len = 0;
    assert_int_equal(noc_metrics_write(&m, &t, NOC_METRICS_TEXT, NOC_METRICS_LOADS, &b, &ctx), 0);
    assert_non_null(strstr(b.data, "diameter          6 hops"));
    assert_non_null(strstr(b.data, "bisection         4 links (exact)"));
    assert_non_null(strstr(b.data, "r5   -> r6"));
    noc_buf_free(&b);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* App traffic: absolute loads and utilization against a capacity. */
static void absolute_loads(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    struct noc_ctx ctx;
    struct noc_eval_opts o;
    noc_ctx_init(&ctx);
    fx_gen(&t, "linear:k=3");
    noc_traffic_init(&tr, 3);
    noc_traffic_add(&tr, 0, 2, 1.0, &ctx);   /* 0 -> 2 over both links */
    noc_traffic_add(&tr, 1, 2, 0.5, &ctx);
    noc_traffic_finalize(&tr, &ctx);
    tr.unit_mbps = 100;
    noc_eval_opts_init(&o);
    o.bisection = 0;
    o.link_capacity_mbps = 400;
    noc_metrics_init(&m);
    assert_int_equal(noc_eval(&t, &tr, &o, &m, &ctx), 0);
    assert_close(m.max_channel_load, 1.5);
    assert_close(m.max_channel_load_mbps, 150);
    assert_close(m.max_utilization, 150.0 / 400);
    assert_close(m.hops_avg, (2 * 1.0 + 1 * 0.5) / 1.5);
    assert_close(m.hops_avg_excl_self, m.hops_avg);
    assert_int_equal(m.hops_max, 2);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ecmp_matches_brute_force),
        cmocka_unit_test(parallel_links_router_level),
        cmocka_unit_test(conservation_and_lp_bounds),
        cmocka_unit_test(ideal_mesh_torus),
        cmocka_unit_test(threads_bit_identical),
        cmocka_unit_test(edge_symmetric_equal_loads),
        cmocka_unit_test(mesh64_corner_paths),
        cmocka_unit_test(diamond_chain_counts),
        cmocka_unit_test(deadlock_checks),
        cmocka_unit_test(errors),
        cmocka_unit_test(json_keys_and_types),
        cmocka_unit_test(absolute_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
