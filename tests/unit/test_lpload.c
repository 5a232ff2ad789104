/* Unit tests: ideal and optimal min-max channel loads by LP
 * (noc_eval_lp_load, src/eval/lpload*.c), against closed forms.
 *
 * Conventions (docs/INTERFACE.md section 2): uniform traffic = every terminal sends 1/N to
 * every terminal, itself included; loads count router-router channels.
 *
 * Closed forms used below.
 *  - Bisection bound (Dally & Towles, Principles and Practices of
 *    Interconnection Networks, sec. 3.3.1): a cut with B channels in each
 *    direction between halves of N/2 terminals carries (N/2)(N/2)/N = N/4
 *    per direction under uniform traffic, so every routing has max load
 *    >= N / (4B).  The k x k mesh (k even) has B = k: load >= k/4; the
 *    k x k torus has B = 2k: load >= k/8 (the values gamma = k/4 and k/8 of
 *    D&T sec. 3.3.1 and ch. 5).  Minimal routing attains them, so ideal =
 *    optimal = k/4 (mesh), k/8 (torus).
 *  - Average bound: any routing puts total load >= sum over pairs of
 *    rate x distance = N * H (H = mean router distance from a terminal to
 *    all N terminals, self included) on the C channels, so max >= N H / C;
 *    on an edge-transitive network the average over its automorphisms of an
 *    optimal routing is optimal and loads every channel equally, so
 *    ideal = optimal = N H / C.  Torus k^n: C = 2nN, H = n * h(k) with h(k)
 *    the mean ring distance, h = k/4 (k even), (k^2-1)/(4k) (k odd:
 *    2 * (1 + ... + (k-1)/2) / k): load = h(k)/2, i.e. k/8 or
 *    (k^2-1)/(8k).  Hypercube n: H = n/2, C = nN: load 1/2.  Complete graph
 *    K_N: H = (N-1)/N, C = N(N-1): load 1/N.
 *  - Odd k x k mesh: the cut between columns i and i+1 separates (i+1)k and
 *    (k-i-1)k terminals, so (i+1)(k-i-1) units cross each way over k
 *    channels; the worst, i = (k-1)/2, gives (k^2-1)/(4k); dimension-order
 *    routing (minimal) loads the middle X channels exactly that much and no
 *    channel more, so ideal = optimal = (k^2-1)/(4k).
 *  - k-ary n-fly: N = k^n channels between consecutive stages, every packet
 *    crosses each of the n-1 inter-stage layers on its unique path, and a
 *    channel out of stage i is used by k^(i+1) sources for N / k^(i+1)
 *    destinations: load exactly 1 (D&T ch. 4, butterfly networks).
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

static void uniform(struct noc_traffic *tr, int n)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_traffic_init(tr, n);
    tr->uniform = 1;
    assert_int_equal(noc_traffic_finalize(tr, &ctx), NOC_OK);
}

/* Max load of `spec` under uniform traffic and `model`; checks the
 * per-channel loads against the maximum and flow conservation at every
 * router (what enters a router leaves it). */
static double load_of(const struct noc_topo *t, const struct noc_traffic *tr, int model)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double mx = -1, *load = calloc((size_t)t->nch + 1, sizeof *load);
    int rc = noc_eval_lp_load(t, tr, model, &mx, load, &ctx);
    if (rc != NOC_OK)
        fail_msg("lp load: %s", ctx.msg);
    double seen = 0;
    for (int e = 0; e < t->nch; e++) {
        assert_true(load[e] >= 0);
        if (noc_topo_is_rr(t, e) && load[e] > seen)
            seen = load[e];
    }
    assert_true(fabs(seen - mx) < 1e-9);
    for (int r = 0; r < t->nrouters; r++) {
        double in = 0, out = 0;
        for (int e = t->g.off[r]; e < t->g.off[r + 1]; e++)
            out += load[e];
        for (int i = t->g.in_off[r]; i < t->g.in_off[r + 1]; i++)
            in += load[t->g.in_edge[i]];
        assert_true(fabs(in - out) < 1e-6 * (1 + in));
    }
    free(load);
    return mx;
}

static void check_family(const char *spec, double ideal, double optimal)
{
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, spec);
    uniform(&tr, t.nterminals);
    double li = load_of(&t, &tr, NOC_RT_IDEAL), lo = load_of(&t, &tr, NOC_RT_OPTIMAL);
    if (fabs(li - ideal) > 1e-6 || fabs(lo - optimal) > 1e-6)
        fail_msg("%s: ideal %.9f (want %.9f), optimal %.9f (want %.9f)", spec, li, ideal, lo,
                 optimal);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

static void mesh_closed_forms(void **state)
{
    (void)state;
    check_family("mesh:k=4,n=2", 1.0, 1.0); /* k/4 */
    check_family("mesh:k=8,n=2", 2.0, 2.0); /* k/4, the 8x8 mesh of the brief */
    check_family("mesh:k=3,n=2", 8.0 / 12, 8.0 / 12);   /* (k^2-1)/(4k) */
    check_family("mesh:k=5,n=2", 24.0 / 20, 24.0 / 20); /* (k^2-1)/(4k) */
    check_family("linear:k=6", 1.5, 1.5);               /* k/4, n = 1 */
}

static void torus_ring_closed_forms(void **state)
{
    (void)state;
    check_family("torus:k=4,n=2", 0.5, 0.5);            /* k/8 */
    check_family("torus:k=8,n=2", 1.0, 1.0);            /* k/8, the 8x8 torus */
    check_family("torus:k=5,n=2", 24.0 / 40, 24.0 / 40); /* (k^2-1)/(8k) */
    check_family("torus:k=3,n=2", 8.0 / 24, 8.0 / 24);   /* (k^2-1)/(8k) */
    check_family("ring:k=8", 1.0, 1.0);                  /* k/8 */
    check_family("ring:k=5", 0.6, 0.6);                  /* (k^2-1)/(8k) */
    check_family("torus:k=3,n=3", 8.0 / 24, 8.0 / 24);   /* (k^2-1)/(8k) in 3-D too */
}

static void hypercube_complete_butterfly(void **state)
{
    (void)state;
    check_family("hypercube:n=4", 0.5, 0.5);
    check_family("hypercube:n=3", 0.5, 0.5);
    check_family("full:n=5", 0.2, 0.2);       /* 1/N */
    check_family("butterfly:k=2,n=3", 1, 1);  /* k-ary n-fly: 1 */
    check_family("butterfly:k=4,n=2", 1, 1);
}

/* Sum of the router-router loads under ideal routing = total rate x
 * distance: on the 4x4 mesh the mean 1-D distance (self included) is
 * (k^2-1)/(3k) = 15/12, so H = 2.5 and the total is N H = 40.  Injection
 * and ejection channels each carry 1. */
static void ideal_total_load_and_terminal_channels(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "mesh:k=4,n=2");
    uniform(&tr, t.nterminals);
    double mx, *load = calloc((size_t)t.nch, sizeof *load);
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_IDEAL, &mx, load, &ctx), NOC_OK);
    double sum = 0;
    for (int e = 0; e < t.nch; e++) {
        if (noc_topo_is_rr(&t, e))
            sum += load[e];
        else
            assert_true(fabs(load[e] - 1) < 1e-9);
    }
    assert_true(fabs(sum - 40) < 1e-6);
    /* max_load may be computed without the load array */
    double mx2;
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_IDEAL, &mx2, NULL, &ctx), NOC_OK);
    assert_true(fabs(mx2 - 1) < 1e-6);
    free(load);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Builds routers r0..r(n-1) with terminal ti on ri and the given links. */
static void build(struct noc_topo *t, int n, const int (*links)[2], int nlinks)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    char name[16];
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "r%d", i);
        assert_int_equal(noc_topo_add_node(t, name, NOC_ROUTER, &ctx), 2 * i);
        snprintf(name, sizeof name, "t%d", i);
        assert_int_equal(noc_topo_add_node(t, name, NOC_TERMINAL, &ctx), 2 * i + 1);
        assert_int_equal(noc_topo_add_link(t, 2 * i, 2 * i + 1, &ctx), NOC_OK);
    }
    for (int i = 0; i < nlinks; i++)
        assert_int_equal(noc_topo_add_link(t, 2 * links[i][0], 2 * links[i][1], &ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(t, &ctx), NOC_OK);
}

/* Triangle r0 r1 r2, one flow t0 -> t1 of rate 1: ideal routing must take
 * the direct channel (load 1); optimal routing splits it between r0->r1
 * and r0->r2->r1 (load 1/2). */
static void detour_beats_minimal(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const int links[][2] = {{0, 1}, {1, 2}, {0, 2}};
    struct noc_topo t;
    build(&t, 3, links, 3);
    struct noc_traffic tr;
    noc_traffic_init(&tr, 3);
    assert_int_equal(noc_traffic_add(&tr, 0, 1, 1.0, &ctx), NOC_OK);
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    assert_true(fabs(load_of(&t, &tr, NOC_RT_IDEAL) - 1) < 1e-9);
    assert_true(fabs(load_of(&t, &tr, NOC_RT_OPTIMAL) - 0.5) < 1e-9);
    double mx, load[32];
    assert_true(t.nch <= 32);
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_OPTIMAL, &mx, load, &ctx), NOC_OK);
    assert_true(fabs(load[noc_graph_find(&t.g, 0, 1)] - 0.5) < 1e-9);
    assert_true(fabs(load[noc_graph_find(&t.g, 0, 2)] - 0.5) < 1e-9);
    assert_true(fabs(load[noc_graph_find(&t.g, 2, 1)] - 0.5) < 1e-9);
    assert_true(load[noc_graph_find(&t.g, 1, 0)] < 1e-9); /* no useless cycle flow */
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Terminals attached to several routers.  Ring r0-r1-r2-r3-r0; t0 on r0;
 * t1 injects at r2 and ejects at r1 and r3; t2 injects at r1 and r3 and
 * ejects at r2.  Flow t0 -> t1 (1): both ejection routers are 1 hop from
 * r0, so ideal routing splits it, 1/2 on r0->r1 and r0->r3.  Flow t2 -> t0
 * (1): both injection routers are 1 hop from r0: 1/2 on r1->r0 and r3->r0.
 * Max load 1/2 (it would be 1 if only one router per terminal counted). */
static void multi_router_terminals(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r[4];
    char name[16];
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "r%d", i);
        r[i] = noc_topo_add_node(&t, name, NOC_ROUTER, &ctx);
    }
    for (int i = 0; i < 4; i++)
        assert_int_equal(noc_topo_add_link(&t, r[i], r[(i + 1) % 4], &ctx), NOC_OK);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx);
    int t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    int t2 = noc_topo_add_node(&t, "t2", NOC_TERMINAL, &ctx);
    noc_topo_add_link(&t, t0, r[0], &ctx);
    noc_topo_add_channel(&t, t1, r[2], &ctx);
    noc_topo_add_channel(&t, r[1], t1, &ctx);
    noc_topo_add_channel(&t, r[3], t1, &ctx);
    noc_topo_add_channel(&t, t2, r[1], &ctx);
    noc_topo_add_channel(&t, t2, r[3], &ctx);
    noc_topo_add_channel(&t, r[2], t2, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    struct noc_traffic tr;
    noc_traffic_init(&tr, 3);
    noc_traffic_add(&tr, 0, 1, 1.0, &ctx);
    noc_traffic_add(&tr, 2, 0, 1.0, &ctx);
    assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
    assert_true(fabs(load_of(&t, &tr, NOC_RT_IDEAL) - 0.5) < 1e-9);
    assert_true(fabs(load_of(&t, &tr, NOC_RT_OPTIMAL) - 0.5) < 1e-9);
    /* uniform traffic including these terminals' self traffic solves too,
     * and optimal <= ideal */
    noc_traffic_free(&tr);
    uniform(&tr, 3);
    double li = load_of(&t, &tr, NOC_RT_IDEAL), lo = load_of(&t, &tr, NOC_RT_OPTIMAL);
    assert_true(lo <= li + 1e-9 && lo > 0);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Property on random connected graphs with random traffic: optimal <=
 * ideal, and both respect the average bound (every path is at least as
 * long as a shortest one): max >= sum(rate x distance) / channels. */
static void random_graphs_optimal_below_ideal(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 12345);
    for (int iter = 0; iter < 12; iter++) {
        int n = 5 + (int)noc_rng_below(&rng, 8);
        int links[64][2], nl = 0;
        for (int i = 1; i < n; i++) { /* random spanning tree */
            links[nl][0] = (int)noc_rng_below(&rng, (uint64_t)i);
            links[nl++][1] = i;
        }
        for (int extra = (int)noc_rng_below(&rng, (uint64_t)n); extra > 0; extra--) {
            int a = (int)noc_rng_below(&rng, (uint64_t)n), b = (int)noc_rng_below(&rng, (uint64_t)n);
            int dup = a == b;
            for (int j = 0; j < nl && !dup; j++)
                dup = (links[j][0] == a && links[j][1] == b) || (links[j][0] == b && links[j][1] == a);
            if (!dup) {
                links[nl][0] = a;
                links[nl++][1] = b;
            }
        }
        struct noc_topo t;
        build(&t, n, (const int(*)[2])links, nl);
        struct noc_traffic tr;
        noc_traffic_init(&tr, n);
        tr.uniform = noc_rng_uniform(&rng);
        for (int j = 0; j < n; j++)
            noc_traffic_add(&tr, (int)noc_rng_below(&rng, (uint64_t)n),
                            (int)noc_rng_below(&rng, (uint64_t)n), noc_rng_uniform(&rng), &ctx);
        assert_int_equal(noc_traffic_finalize(&tr, &ctx), NOC_OK);
        double li = load_of(&t, &tr, NOC_RT_IDEAL), lo = load_of(&t, &tr, NOC_RT_OPTIMAL);
        assert_true(lo <= li + 1e-7);
        /* distances by Floyd-Warshall on the router graph */
        int d[16][16];
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                d[a][b] = a == b ? 0 : 1000;
        for (int j = 0; j < nl; j++)
            d[links[j][0]][links[j][1]] = d[links[j][1]][links[j][0]] = 1;
        for (int m = 0; m < n; m++)
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    if (d[a][m] + d[m][b] < d[a][b])
                        d[a][b] = d[a][m] + d[m][b];
        double total = 0;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                total += tr.uniform / n * d[a][b];
        for (int j = 0; j < tr.nent; j++)
            total += tr.ent[j].w * d[tr.ent[j].s][tr.ent[j].d];
        assert_true(lo >= total / (2.0 * nl) - 1e-7);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* r0 -> r1 only (one-way): t1 cannot reach t0.  The error names both. */
static void unreachable_pair(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx);
    int t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    noc_topo_add_link(&t, t0, r0, &ctx);
    noc_topo_add_link(&t, t1, r1, &ctx);
    noc_topo_add_channel(&t, r0, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    struct noc_traffic tr;
    uniform(&tr, 2);
    double mx;
    for (int model = NOC_RT_IDEAL; model <= NOC_RT_OPTIMAL; model++) {
        assert_int_equal(noc_eval_lp_load(&t, &tr, model, &mx, NULL, &ctx), NOC_EINFEASIBLE);
        assert_non_null(strstr(ctx.msg, "'t1'"));
        assert_non_null(strstr(ctx.msg, "'t0'"));
        noc_ctx_clear(&ctx);
    }
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Too large: a 20x20 mesh's ideal LP (400 commodities x ~760 channels)
 * is refused before anything is built, with the advice to use ecmp. */
static void size_limit_and_bad_arguments(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "mesh:k=20,n=2");
    uniform(&tr, t.nterminals);
    double mx;
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_IDEAL, &mx, NULL, &ctx), NOC_ELIMIT);
    assert_non_null(strstr(ctx.msg, "use --routing ecmp"));
    assert_int_equal(noc_exit_code(ctx.status), 1);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_DOR, &mx, NULL, &ctx), NOC_EUNSUP);
    noc_ctx_clear(&ctx);
    noc_traffic_free(&tr);
    uniform(&tr, 3); /* wrong terminal count */
    assert_int_equal(noc_eval_lp_load(&t, &tr, NOC_RT_IDEAL, &mx, NULL, &ctx), NOC_EINVAL);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mesh_closed_forms),
        cmocka_unit_test(torus_ring_closed_forms),
        cmocka_unit_test(hypercube_complete_butterfly),
        cmocka_unit_test(ideal_total_load_and_terminal_channels),
        cmocka_unit_test(detour_beats_minimal),
        cmocka_unit_test(multi_router_terminals),
        cmocka_unit_test(random_graphs_optimal_below_ideal),
        cmocka_unit_test(unreachable_pair),
        cmocka_unit_test(size_limit_and_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
