/* Evaluation engine: the router-level search (src/eval/sweep_fast.c,
 * sweep_kernel.c) against the general search (sweep_general.c).  Both must
 * give bit-identical metrics and loads, so the oracle here is the general
 * search itself: a topology and its twin with two extra, isolated routers
 * joined by two parallel links (which sends the twin down the general
 * search without changing any path between terminals) must evaluate to
 * exactly the same doubles.  The two forward kernels (BRANCHY, FLAT) must
 * give identical searches, and the kernels must decline the topologies
 * they do not model. */
#include "test_eval_fix.h"

#include "nocsyn/graph.h"

#include "../src/eval/eval_int.h"

/* A random topology the router-level search applies to: a random spanning
 * tree of links over R routers plus `extra` random links and `oneway`
 * random one-way channels (no parallel channels), terminals per router by
 * `tmode` (0: one each, 1: 0, 1 or 2 by router index, 2: two each), and
 * with tmode 1 one more terminal injecting at two routers and ejecting at
 * a third.  With `twin`, two more routers joined by two parallel links. */
static void fast_topo(struct noc_topo *t, int R, int extra, int oneway, int tmode, int twin,
                      uint64_t seed)
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
    for (int k = 0; k < extra + oneway; k++) {
        int a = (int)noc_rng_below(&rng, (uint64_t)R), b = (int)noc_rng_below(&rng, (uint64_t)R);
        int dup = a == b;
        for (int e = 0; e < t->nch && !dup; e++)
            dup = (t->ch[e].src == a && t->ch[e].dst == b) ||
                  (t->ch[e].src == b && t->ch[e].dst == a);
        if (dup)
            continue;
        if (k < extra)
            assert_int_equal(noc_topo_add_link(t, a, b, &ctx), 0);
        else
            assert_int_equal(noc_topo_add_channel(t, a, b, &ctx), 0);
    }
    int nt = 0;
    for (int i = 0; i < R; i++) {
        int c = tmode == 0 ? 1 : tmode == 2 ? 2 : i % 3;
        for (int j = 0; j < c; j++) {
            snprintf(name, sizeof name, "t%d", nt++);
            int v = noc_topo_add_node(t, name, NOC_TERMINAL, &ctx);
            assert_int_equal(noc_topo_add_link(t, v, i, &ctx), 0);
        }
    }
    if (tmode == 1) {
        int v = noc_topo_add_node(t, "x", NOC_TERMINAL, &ctx);
        assert_int_equal(noc_topo_add_channel(t, v, 0, &ctx), 0);
        assert_int_equal(noc_topo_add_channel(t, v, R / 2, &ctx), 0);
        assert_int_equal(noc_topo_add_channel(t, R - 1, v, &ctx), 0);
    }
    if (twin) {
        int a = noc_topo_add_node(t, "twin_a", NOC_ROUTER, &ctx);
        int b = noc_topo_add_node(t, "twin_b", NOC_ROUTER, &ctx);
        assert_int_equal(noc_topo_add_link(t, a, b, &ctx), 0);
        assert_int_equal(noc_topo_add_link(t, a, b, &ctx), 0);
    }
    int rc = noc_topo_finalize(t, &ctx);
    if (rc)
        print_error("%s\n", ctx.msg);
    assert_int_equal(rc, 0);
}

/* Uniform weight u plus `nsp` random sparse demands. */
static void fast_traffic(struct noc_traffic *tr, int n, double u, int nsp, uint64_t seed)
{
    struct noc_ctx ctx;
    struct noc_rng rng;
    noc_ctx_init(&ctx);
    noc_rng_seed(&rng, seed);
    noc_traffic_init(tr, n);
    tr->uniform = u;
    for (int k = 0; k < nsp; k++) {
        int s = (int)noc_rng_below(&rng, (uint64_t)n), d = (int)noc_rng_below(&rng, (uint64_t)n);
        assert_int_equal(noc_traffic_add(tr, s, d, 0.25 + noc_rng_uniform(&rng), &ctx), 0);
    }
    assert_int_equal(noc_traffic_finalize(tr, &ctx), 0);
}

/* Doubles equal bit for bit (NaN equal to NaN). */
#define assert_same(a, b)                                                                         \
    do {                                                                                          \
        double a_ = (a), b_ = (b);                                                                \
        if (memcmp(&a_, &b_, sizeof a_) != 0) {                                                   \
            print_error("%s = %a differs from %s = %a\n", #a, a_, #b, b_);                        \
            fail();                                                                               \
        }                                                                                         \
    } while (0)

/* The router-level graph of t (rr_end as sweep.c computes it). */
static int *rr_end_of(const struct noc_topo *t)
{
    const struct noc_graph *g = &t->g;
    int *rr = malloc(((size_t)t->nrouters + 1) * sizeof *rr);
    assert_non_null(rr);
    for (int u = 0; u < t->nrouters; u++) {
        int e = g->off[u + 1];
        while (e > g->off[u] && g->dst[e - 1] >= t->nrouters)
            e--;
        rr[u] = e;
    }
    return rr;
}

/* Whether the router-level search applies to t. */
static int applies(const struct noc_topo *t)
{
    struct noc_ctx ctx;
    struct ev_fast_graph g;
    noc_ctx_init(&ctx);
    int *rr = rr_end_of(t);
    assert_int_equal(noc_ev_fast_graph_init(&g, &t->g, t->nrouters, rr, 1, &ctx), 0);
    int r = g.R > 0;
    noc_ev_fast_graph_free(&g);
    free(rr);
    return r;
}

/* Evaluates t and its twin tw under tr and checks every metric and every
 * channel's load for bit equality (or the same error). */
static void same_as_twin(const struct noc_topo *t, const struct noc_topo *tw,
                         const struct noc_traffic *tr, int threads)
{
    struct noc_metrics a, b;
    struct noc_ctx ca, cb;
    int ra = fx_eval_rc(t, tr, NOC_RT_ECMP, threads, &a, &ca);
    int rb = fx_eval_rc(tw, tr, NOC_RT_ECMP, threads, &b, &cb);
    assert_true(applies(t));
    assert_false(applies(tw));
    assert_int_equal(ra, rb);
    if (ra != NOC_OK) {
        assert_string_equal(ca.msg, cb.msg);
        return;
    }
    assert_int_equal(a.diameter, b.diameter);
    assert_int_equal(a.hops_max, b.hops_max);
    assert_same(a.hops_avg, b.hops_avg);
    assert_same(a.hops_avg_excl_self, b.hops_avg_excl_self);
    assert_same(a.max_channel_load, b.max_channel_load);
    assert_same(a.pd_avg, b.pd_avg);
    assert_same(a.pd_min, b.pd_min);
    assert_same(a.pd_max, b.pd_max);
    for (int e = 0; e < t->nch; e++) {
        const char *s = t->nodes[t->ch[e].src].name, *d = t->nodes[t->ch[e].dst].name;
        int f = noc_graph_find(&tw->g, noc_topo_find(tw, s), noc_topo_find(tw, d));
        assert_true(f >= 0);
        assert_same(a.load[e], b.load[f]);
    }
    noc_metrics_free(&a);
    noc_metrics_free(&b);
}

/* Random topologies of every terminal mode under uniform, mixed and
 * sparse traffic, on 1 and 3 threads. */
static void fast_matches_general(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 12; seed++) {
        int R = 6 + seed * 3, tmode = seed % 3;
        struct noc_topo t, tw;
        fast_topo(&t, R, R / 2, seed % 4 == 0 ? R / 4 : 0, tmode, 0, (uint64_t)seed);
        fast_topo(&tw, R, R / 2, seed % 4 == 0 ? R / 4 : 0, tmode, 1, (uint64_t)seed);
        assert_int_equal(t.nterminals, tw.nterminals);
        static const double us[] = {1, 0.5, 0};
        for (int k = 0; k < 3; k++) {
            struct noc_traffic tr;
            fast_traffic(&tr, t.nterminals, us[k], k == 0 ? 0 : 2 * R, (uint64_t)(100 + seed));
            same_as_twin(&t, &tw, &tr, (seed + k) % 2 ? 1 : 3);
            noc_traffic_free(&tr);
        }
        noc_topo_free(&t);
        noc_topo_free(&tw);
    }
}

/* A chain of D diamonds with terminals along it (see test_eval_prop.c's
 * diamond_chain_counts).  D = 560: the searches from the ends need
 * path-count rescaling (2^560 paths) and fall back to the general search,
 * those from the middle do not, all in one chunk.  D = 1100: every search
 * needs it (2^1100 overflows a double: without the fall-back the loads
 * would come out inf or NaN). */
static void diamond_topo(struct noc_topo *t, int D, int twin)
{
    struct noc_ctx ctx;
    char name[32];
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    int prev = noc_topo_add_node(t, "a0", NOC_ROUTER, &ctx), a0 = prev, mid = -1;
    for (int j = 0; j < D; j++) {
        snprintf(name, sizeof name, "b%d", j);
        int b = noc_topo_add_node(t, name, NOC_ROUTER, &ctx);
        snprintf(name, sizeof name, "c%d", j);
        int c = noc_topo_add_node(t, name, NOC_ROUTER, &ctx);
        snprintf(name, sizeof name, "a%d", j + 1);
        int a = noc_topo_add_node(t, name, NOC_ROUTER, &ctx);
        noc_topo_add_link(t, prev, b, &ctx);
        noc_topo_add_link(t, prev, c, &ctx);
        noc_topo_add_link(t, b, a, &ctx);
        noc_topo_add_link(t, c, a, &ctx);
        prev = a;
        if (j == D / 2)
            mid = a;
    }
    const int at[] = {a0, mid, prev, mid + 3};
    for (int k = 0; k < 4; k++) {
        snprintf(name, sizeof name, "t%d", k);
        int v = noc_topo_add_node(t, name, NOC_TERMINAL, &ctx);
        noc_topo_add_link(t, v, at[k], &ctx);
    }
    if (twin) {
        int a = noc_topo_add_node(t, "twin_a", NOC_ROUTER, &ctx);
        int b = noc_topo_add_node(t, "twin_b", NOC_ROUTER, &ctx);
        noc_topo_add_link(t, a, b, &ctx);
        noc_topo_add_link(t, a, b, &ctx);
    }
    assert_int_equal(noc_topo_finalize(t, &ctx), 0);
}

static void rescaling_falls_back(void **state)
{
    (void)state;
    static const int Ds[] = {560, 1100};
    for (int i = 0; i < 2; i++) {
        struct noc_topo t, tw;
        struct noc_traffic tr;
        struct noc_metrics m;
        diamond_topo(&t, Ds[i], 0);
        diamond_topo(&tw, Ds[i], 1);
        fx_uniform(&tr, 4);
        same_as_twin(&t, &tw, &tr, 2);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        assert_close(m.pd_log10_max, Ds[i] * log10(2.0)); /* end to end: 2^D paths */
        assert_true(isfinite(m.max_channel_load));
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
        noc_topo_free(&tw);
    }
}

/* Both forward kernels from every source of t: the same search, array by
 * array, and the same reverse pass. */
static void kernels_agree_on(const struct noc_topo *t)
{
    struct noc_ctx ctx;
    struct ev_fast_graph g;
    struct ev_fast_work f[2];
    noc_ctx_init(&ctx);
    int *rr = rr_end_of(t), R = t->nrouters;
    assert_int_equal(noc_ev_fast_graph_init(&g, &t->g, R, rr, 4, &ctx), 0);
    assert_int_equal(g.R, R);
    size_t m = (size_t)t->nch;
    double *load[2] = {calloc(m + 1, sizeof(double)), calloc(m + 1, sizeof(double))};
    for (int k = 0; k < 2; k++)
        assert_int_equal(noc_ev_fast_alloc(&f[k], &g, &ctx), 0);
    for (int s = 0; s < t->nterminals; s++) {
        int v = R + s;
        for (int k = 0; k < 2; k++) {
            assert_int_equal(
                noc_ev_fast_forward_with(&g, &f[k], t->g.off[v], t->g.off[v + 1], k), 0);
            noc_ev_fast_reverse(&g, &f[k], load[k], 1.0 / t->nterminals, NULL);
        }
        assert_int_equal(f[0].qt, f[1].qt);
        assert_int_equal(f[0].last, f[1].last);
        assert_true(f[0].hsum == f[1].hsum);
        assert_memory_equal(f[0].queue, f[1].queue, (size_t)f[0].qt * sizeof(int));
        assert_memory_equal(f[0].dagoff, f[1].dagoff, ((size_t)f[0].qt + 1) * sizeof(int));
        int nd = f[0].dagoff[f[0].qt];
        assert_memory_equal(f[0].dag, f[1].dag, (size_t)nd * sizeof(int));
        assert_memory_equal(f[0].dagx, f[1].dagx, (size_t)nd * sizeof(int));
        for (int i = 0; i < f[0].qt; i++) {
            int u = f[0].queue[i];
            assert_int_equal(f[0].dist[u], f[1].dist[u]);
            assert_same(f[0].sig[u], f[1].sig[u]);
            assert_same(f[0].c[u], f[1].c[u]);
        }
        for (int u = 0; u < R; u++)
            assert_true((f[0].dist[u] == EV_UNSEEN) == (f[1].dist[u] == EV_UNSEEN));
    }
    assert_memory_equal(load[0], load[1], m * sizeof(double));
    for (int k = 0; k < 2; k++) {
        noc_ev_fast_free(&f[k]);
        free(load[k]);
    }
    noc_ev_fast_graph_free(&g);
    free(rr);
}

static void kernels_identical(void **state)
{
    (void)state;
    static const char *specs[] = {"torus:k=6,n=2", "mesh:dims=7x5", "hypercube:n=5",
                                  "cmesh:k=4,n=2,c=4", "butterfly:k=2,n=4", "fattree:k=2,n=3",
                                  "shuffle-exchange:n=5", "ccc:k=3"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        struct noc_topo t;
        fx_gen(&t, specs[i]);
        kernels_agree_on(&t);
        noc_topo_free(&t);
    }
    for (int seed = 1; seed <= 6; seed++) {
        struct noc_topo t;
        fast_topo(&t, 10 + 5 * seed, 10 + 5 * seed, seed, seed % 3, 0, (uint64_t)(40 + seed));
        kernels_agree_on(&t);
        noc_topo_free(&t);
    }
}

/* Where the kernels apply, and the terminals per router they see. */
static void eligibility(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int applies, tc;
    } cases[] = {
        {"mesh:k=4,n=2", 1, 1},       /* one terminal per router */
        {"cmesh:k=2,n=2,c=4", 1, 4},  /* four */
        {"butterfly:k=2,n=3", 1, -1}, /* terminals at the end stages only */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct noc_topo t;
        struct noc_ctx ctx;
        struct ev_fast_graph g;
        noc_ctx_init(&ctx);
        fx_gen(&t, cases[i].spec);
        int *rr = rr_end_of(&t);
        assert_int_equal(noc_ev_fast_graph_init(&g, &t.g, t.nrouters, rr, 1, &ctx), 0);
        assert_int_equal(g.R > 0, cases[i].applies);
        assert_int_equal(g.tc, cases[i].tc);
        noc_ev_fast_graph_free(&g);
        free(rr);
        noc_topo_free(&t);
    }
    /* Declined: parallel links (the twin); a terminal ejecting at two
     * routers. */
    for (int k = 0; k < 2; k++) {
        struct noc_topo t;
        struct noc_ctx ctx;
        struct ev_fast_graph g;
        noc_ctx_init(&ctx);
        if (k == 0) {
            fast_topo(&t, 8, 4, 0, 0, 1, 7);
        } else {
            noc_topo_init(&t);
            int a = noc_topo_add_node(&t, "a", NOC_ROUTER, &ctx);
            int b = noc_topo_add_node(&t, "b", NOC_ROUTER, &ctx);
            int x = noc_topo_add_node(&t, "x", NOC_TERMINAL, &ctx);
            noc_topo_add_link(&t, a, b, &ctx);
            noc_topo_add_channel(&t, x, a, &ctx);
            noc_topo_add_channel(&t, a, x, &ctx);
            noc_topo_add_channel(&t, b, x, &ctx);
            assert_int_equal(noc_topo_finalize(&t, &ctx), 0);
        }
        int *rr = rr_end_of(&t);
        assert_int_equal(noc_ev_fast_graph_init(&g, &t.g, t.nrouters, rr, 1, &ctx), 0);
        assert_int_equal(g.R, 0);
        noc_ev_fast_graph_free(&g);
        free(rr);
        noc_topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_matches_general),
        cmocka_unit_test(rescaling_falls_back),
        cmocka_unit_test(kernels_identical),
        cmocka_unit_test(eligibility),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
