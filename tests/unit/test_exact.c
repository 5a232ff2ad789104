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
#include "../../src/synth/price_int.h"

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
 *  = 11.87618 mW.
 * These are the bounds (the placement model: routers anywhere, on the
 * cores).  The design is priced on its legal layout (nocsyn/phys.h, a
 * fixed floorplan here): the program puts every router on A's centre
 * (0.5, 0.5), where the 2-port router block cannot go.  Its side: area
 * 0.34 (45/65)^2 x (0.5 x (2/5)(32/39) + 0.5 x ((2/5)(32/39))^2) =
 * 0.035519 mm2, side 0.188465 mm, rounded up to an even nm 0.188466 mm.
 * The legaliser takes the nearest free corner, ties by lower y then lower
 * x: the first router just below A (centre (0.5, -0.094233)), the second
 * just left of A (centre (-0.094233, 0.5)).
 *  K = 1: A -> r -> B is 0.594233 + 3.594233 = 4.188466 mm, 1.188466 mm
 *  more: + 8e8 x 1.188466 x 0.0488 pJ = 0.046398 mW: 6.05841 mW.
 *  K = 2: 0.594233 + 1.188466 (r0 -> r1) + 3.594233 = 5.376932 mm, 2.376932
 *  more: + 0.092795 mW: 11.96898 mW. */
static void exact_two_cores_hand_worked(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    two_cores(&app, &ctx);
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    const double want[3] = {0, 6.05841, 11.96898}, want_bound[3] = {0, 6.01201, 11.87618};
    for (int K = 1; K <= 2; K++) {
        struct noc_design d;
        double bound;
        assert_int_equal(noc_synth_exact(&app, &o, K, NULL, &d, &bound, &ctx), NOC_OK);
        assert_true(d.feasible);
        assert_int_equal(d.topo.nrouters, K);
        assert_true(fabs(d.power_mw - want[K]) < 1e-4);
        assert_true(fabs(bound - want_bound[K]) < 1e-4);
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
 * is no worse than split's design at the same K, its bound (the placement
 * model's optimum) is a lower bound of the power evaluated on the legal
 * layout, and the design keeps every guarantee (deadlock free, capacity,
 * radix). */
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
    assert_true(bound <= d.power_mw * (1 + 1e-9));
    noc_synth_result_free(&res);
    noc_topo_free(&d.topo);
    noc_metrics_free(&d.m);
    free(d.flow_cycles);
    noc_app_free(&app);
}

/* The K-median bound on core-link wire (noc_synth_kmedian_bound), hand-worked:
 * four unit-weight cores at x = 0, 1, 10, 11 (y = 0).  K = 1: any X in
 * [1, 10] costs 1 + 0 + 9 + 10 = 20; K = 2: {0, 1} and {10, 11} cost 1 + 1;
 * K = 3: one pair left, 1; K = 4: 0.  Weights 3, 1, 1, 1 at K = 1: the
 * weighted median is 0 (3 of 6), 0 + 1 + 10 + 11 = 22.  In 2-D, (0,0),
 * (0,4), (4,0) at K = 1: medians x = 0, y = 0, cost 4 + 4 = 8. */
static void kmedian_hand_worked(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double x[] = {0, 1, 10, 11}, y[] = {0, 0, 0, 0}, w1[] = {1, 1, 1, 1}, w3[] = {3, 1, 1, 1}, v;
    const double want[] = {0, 20, 2, 1, 0};
    for (int K = 1; K <= 4; K++) {
        assert_int_equal(noc_synth_kmedian_bound(x, y, w1, 4, K, &v, &ctx), NOC_OK);
        assert_true(fabs(v - want[K]) < 1e-12);
    }
    assert_int_equal(noc_synth_kmedian_bound(x, y, w3, 4, 1, &v, &ctx), NOC_OK);
    assert_true(fabs(v - 22) < 1e-12);
    double x2[] = {0, 0, 4}, y2[] = {0, 4, 0};
    assert_int_equal(noc_synth_kmedian_bound(x2, y2, w1, 3, 1, &v, &ctx), NOC_OK);
    assert_true(fabs(v - 8) < 1e-12);
    /* no bound outside 1..N or above 16 cores */
    assert_int_equal(noc_synth_kmedian_bound(x, y, w1, 4, 5, &v, &ctx), NOC_OK);
    assert_true(v == 0);
}

/* The random property tests' generator (a 32-bit LCG, glibc's constants):
 * advances *s and returns it. */
static unsigned lcg(unsigned *s)
{
    return *s = *s * 1103515245u + 12345u;
}

/* Property: the bound equals a brute force over every assignment of N
 * random cores to K labels (K^N of them, empty groups skipped), each
 * group's cost minimised over every candidate centre coordinate (an L1
 * optimum lies at some core's coordinate in each axis). */
static double brute_kmedian(const double *x, const double *y, const double *w, int N, int K)
{
    int lab[8];
    long total = 1;
    double best = INFINITY;
    for (int i = 0; i < N; i++)
        total *= K;
    for (long code = 0; code < total; code++) {
        long c = code;
        int used = 0;
        for (int i = 0; i < N; i++, c /= K) {
            lab[i] = (int)(c % K);
            used |= 1 << lab[i];
        }
        if (used != (1 << K) - 1)
            continue;
        double cost = 0;
        for (int g = 0; g < K; g++)
            for (int axis = 0; axis < 2; axis++) {
                const double *v = axis ? y : x;
                double gbest = INFINITY;
                for (int cand = 0; cand < N; cand++) {
                    double s = 0;
                    for (int i = 0; i < N; i++)
                        if (lab[i] == g)
                            s += w[i] * fabs(v[i] - v[cand]);
                    gbest = fmin(gbest, s);
                }
                cost += gbest;
            }
        best = fmin(best, cost);
    }
    return best;
}

static void kmedian_vs_brute_force(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    unsigned seed = 12345;
    for (int trial = 0; trial < 40; trial++) {
        double x[8], y[8], w[8], v;
        int N = 2 + trial % 6, K = 1 + trial % 4;
        if (K > N)
            K = N;
        for (int i = 0; i < N; i++) {
            lcg(&seed);
            x[i] = (seed >> 8) % 100 / 10.0;
            lcg(&seed);
            y[i] = (seed >> 8) % 100 / 10.0;
            lcg(&seed);
            w[i] = 1 + (seed >> 8) % 50;
        }
        assert_int_equal(noc_synth_kmedian_bound(x, y, w, N, K, &v, &ctx), NOC_OK);
        double b = brute_kmedian(x, y, w, N, K);
        if (fabs(v - b) > 1e-9 * (1 + b))
            fail_msg("trial %d (N %d, K %d): bound %g, brute force %g", trial, N, K, v, b);
    }
}

/* The crossing-bandwidth bound (noc_synth_crossing_bound), hand-worked: cores
 * a, b, c, d; flows a->b 10, c->d 10, a->c 1.  K = 2: {a,b} {c,d} cross 1;
 * K = 3: {a,b} {c} {d} cross a->c + c->d = 11 ({a} {b} {c,d}: 10 + 1 too);
 * K = 4: every flow, 21.  K = 2 with groups of at most 1 core has no
 * partition of 4 cores, so no bound (0). */
static void crossing_hand_worked(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    const char *names[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(noc_app_core(&app, names[i], &ctx), i);
    assert_int_equal(noc_app_add_flow(&app, 0, 1, 10, -1, &ctx), NOC_OK);
    assert_int_equal(noc_app_add_flow(&app, 2, 3, 10, -1, &ctx), NOC_OK);
    assert_int_equal(noc_app_add_flow(&app, 0, 2, 1, -1, &ctx), NOC_OK);
    const double want[] = {0, 0, 1, 11, 21};
    double v;
    for (int K = 2; K <= 4; K++) {
        assert_int_equal(noc_synth_crossing_bound(&app, K, 4, &v, &ctx), NOC_OK);
        assert_true(fabs(v - want[K]) < 1e-12);
    }
    /* groups of at most 2 at K = 2: still {a,b} {c,d}; at most 1: none */
    assert_int_equal(noc_synth_crossing_bound(&app, 2, 2, &v, &ctx), NOC_OK);
    assert_true(fabs(v - 1) < 1e-12);
    assert_int_equal(noc_synth_crossing_bound(&app, 2, 1, &v, &ctx), NOC_OK);
    assert_true(v == 0);
    /* groups of at most 3 at K = 2 must not merge everything: {a,b,c} {d}
     * crosses c->d = 10, worse than {a,b} {c,d}: still 1 */
    assert_int_equal(noc_synth_crossing_bound(&app, 2, 3, &v, &ctx), NOC_OK);
    assert_true(fabs(v - 1) < 1e-12);
    noc_app_free(&app);
}

/* Property: the crossing bound equals a brute force over every labelling
 * of N <= 7 cores with K labels (all used, groups within the size bound). */
static void crossing_vs_brute_force(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    unsigned seed = 777;
    for (int trial = 0; trial < 30; trial++) {
        int N = 3 + trial % 5, K = 2 + trial % 3, maxg = 1 + (trial * 7) % N;
        if (K > N)
            K = N;
        struct noc_app app;
        noc_app_init(&app);
        for (int i = 0; i < N; i++) {
            char nm[16];
            snprintf(nm, sizeof nm, "c%d", i);
            assert_int_equal(noc_app_core(&app, nm, &ctx), i);
        }
        for (int a = 0; a < N; a++)
            for (int b = 0; b < N; b++) {
                lcg(&seed);
                if (a != b && (seed >> 16) % 3 == 0)
                    assert_int_equal(noc_app_add_flow(&app, a, b, 1 + (seed >> 8) % 97, -1, &ctx), NOC_OK);
            }
        double best = INFINITY, v;
        long total = 1;
        for (int i = 0; i < N; i++)
            total *= K;
        for (long code = 0; code < total; code++) {
            int lab[8], size[4] = {0, 0, 0, 0}, ok = 1;
            long c = code;
            for (int i = 0; i < N; i++, c /= K)
                size[lab[i] = (int)(c % K)]++;
            for (int g = 0; g < K; g++)
                ok &= size[g] >= 1 && size[g] <= maxg;
            if (!ok)
                continue;
            double x = 0;
            for (int f = 0; f < app.nflows; f++)
                if (lab[app.flows[f].src] != lab[app.flows[f].dst])
                    x += app.flows[f].bw;
            best = fmin(best, x);
        }
        assert_int_equal(noc_synth_crossing_bound(&app, K, maxg, &v, &ctx), NOC_OK);
        if (fabs(v - (isfinite(best) ? best : 0)) > 1e-9)
            fail_msg("trial %d (N %d, K %d, groups <= %d): bound %g, brute force %g", trial, N, K, maxg, v, best);
        noc_app_free(&app);
    }
}

/* The detour bound on wire (noc_synth_detour_bound), hand-worked: a -> b from
 * (0,0) to (2,0) and c -> d from (0,2) to (2,2), 1 MB/s each (direct
 * wire 2 + 2 = 4).  K = 1: the switch is on at most one flow's segment;
 * at (0,0) a -> b runs 2 and c -> d runs 2 + 4 = 6, total 8, and no point
 * of the Hanan grid {0,2} x {0,2} (nor (1,1): 4 + 4) does better.  K = 2:
 * one switch on each segment, 4 (the direct wire).  K = 4 >= the 4 grid
 * points: 4. */
static void app_at(struct noc_app *app, int N, const int *fl, const double *bw, int F, struct noc_ctx *ctx)
{
    noc_app_init(app);
    for (int i = 0; i < N; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "c%d", i);
        assert_int_equal(noc_app_core(app, nm, ctx), i);
    }
    for (int f = 0; f < F; f++)
        assert_int_equal(noc_app_add_flow(app, fl[2 * f], fl[2 * f + 1], bw[f], -1, ctx), NOC_OK);
}

static void detour_hand_worked(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    const int fl[] = {0, 1, 2, 3};
    const double bw[] = {1, 1}, x[] = {0, 2, 0, 2}, y[] = {0, 0, 2, 2};
    const double want[] = {0, 8, 4, 4, 4};
    app_at(&app, 4, fl, bw, 2, &ctx);
    for (int K = 1; K <= 4; K++) {
        double v;
        assert_int_equal(noc_synth_detour_bound(&app, x, y, K, &v, &ctx), NOC_OK);
        if (fabs(v - want[K]) > 1e-12)
            fail_msg("K %d: %g, want %g", K, v, want[K]);
    }
    noc_app_free(&app);
}

/* Property, N <= 5 random cores on the integer grid 0..4 with random
 * flows, K = 1..3: (a) the bound equals the same least cost searched
 * over every K-subset of all 25 grid points (the Hanan-grid claim);
 * (b) it is at least the direct wire sum bw |c d|; (c) it is at most the
 * wire of the best design: every labelling of the cores with K switches
 * and every placement of the switches on the grid (an L1 multi-facility
 * optimum lies on the grid of the cores' coordinates), each flow running
 * |c X| + |X Y| + |Y d|. */
static double detour_grid(const struct noc_app *app, const double *x, const double *y, int K)
{
    int N = app->ncores, pick[3];
    double best = INFINITY;
    for (pick[0] = 0; pick[0] < 25; pick[0]++)
        for (pick[1] = K > 1 ? pick[0] + 1 : 0; pick[1] < (K > 1 ? 25 : 1); pick[1]++)
            for (pick[2] = K > 2 ? pick[1] + 1 : 0; pick[2] < (K > 2 ? 25 : 1); pick[2]++) {
                double tot = 0;
                for (int c = 0; c < N; c++) {
                    double cb = INFINITY;
                    for (int k = 0; k < K; k++) {
                        double gx = pick[k] / 5, gy = pick[k] % 5, v = 0;
                        for (int f = 0; f < app->nflows; f++) {
                            const struct noc_flow *fl = &app->flows[f];
                            if (fl->src == c || fl->dst == c)
                                v += fl->bw / 2 * (fabs(x[fl->src] - gx) + fabs(y[fl->src] - gy) + fabs(gx - x[fl->dst]) +
                                                   fabs(gy - y[fl->dst]));
                        }
                        cb = fmin(cb, v);
                    }
                    tot += cb;
                }
                best = fmin(best, tot);
            }
    return best;
}

static double design_wire(const struct noc_app *app, const double *x, const double *y, int K)
{
    int N = app->ncores, pos[3] = {0, 0, 0};
    long labs = 1, places = 1;
    double best = INFINITY;
    for (int i = 0; i < N; i++)
        labs *= K;
    for (int k = 0; k < K; k++)
        places *= 25;
    for (long pl = 0; pl < places; pl++) {
        long q = pl;
        for (int k = 0; k < K; k++, q /= 25)
            pos[k] = (int)(q % 25);
        for (long code = 0; code < labs; code++) {
            int lab[5];
            long c = code;
            for (int i = 0; i < N; i++, c /= K)
                lab[i] = (int)(c % K);
            double w = 0;
            for (int f = 0; f < app->nflows; f++) {
                const struct noc_flow *fl = &app->flows[f];
                double ax = pos[lab[fl->src]] / 5, ay = pos[lab[fl->src]] % 5;
                double bx = pos[lab[fl->dst]] / 5, by = pos[lab[fl->dst]] % 5;
                w += fl->bw * (fabs(x[fl->src] - ax) + fabs(y[fl->src] - ay) + fabs(ax - bx) + fabs(ay - by) +
                               fabs(bx - x[fl->dst]) + fabs(by - y[fl->dst]));
            }
            best = fmin(best, w);
        }
    }
    return best;
}

static void detour_vs_brute_force(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    unsigned seed = 4242;
    for (int trial = 0; trial < 24; trial++) {
        int N = 3 + trial % 3, K = 1 + trial % 3, fl[40], F = 0;
        double bw[20], x[5], y[5], v;
        for (int i = 0; i < N; i++) {
            lcg(&seed);
            x[i] = (seed >> 8) % 5;
            lcg(&seed);
            y[i] = (seed >> 8) % 5;
        }
        for (int a = 0; a < N; a++)
            for (int b = 0; b < N; b++) {
                lcg(&seed);
                if (a != b && (seed >> 16) % 3 == 0) {
                    fl[2 * F] = a;
                    fl[2 * F + 1] = b;
                    bw[F++] = 1 + (seed >> 8) % 9;
                }
            }
        struct noc_app app;
        app_at(&app, N, fl, bw, F, &ctx);
        assert_int_equal(noc_synth_detour_bound(&app, x, y, K, &v, &ctx), NOC_OK);
        double direct = 0;
        for (int f = 0; f < F; f++)
            direct += bw[f] * (fabs(x[fl[2 * f]] - x[fl[2 * f + 1]]) + fabs(y[fl[2 * f]] - y[fl[2 * f + 1]]));
        double g = detour_grid(&app, x, y, K), dw = design_wire(&app, x, y, K);
        if (fabs(v - g) > 1e-9 * (1 + g) || v < direct - 1e-9 || v > dw + 1e-9)
            fail_msg("trial %d (N %d, K %d): bound %g, grid %g, direct %g, best design wire %g", trial, N, K, v, g,
                     direct, dw);
        noc_app_free(&app);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_two_cores_hand_worked),
        cmocka_unit_test(exact_radix),
        cmocka_unit_test(exact_vs_split),
        cmocka_unit_test(kmedian_hand_worked),
        cmocka_unit_test(kmedian_vs_brute_force),
        cmocka_unit_test(crossing_hand_worked),
        cmocka_unit_test(crossing_vs_brute_force),
        cmocka_unit_test(detour_hand_worked),
        cmocka_unit_test(detour_vs_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
