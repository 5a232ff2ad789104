/* Combinatorial lower bounds for the exact program (price_int.h): the
 * least cost of a partition of the cores into K non-empty groups, by
 * dynamic programming over subsets, for two group costs (the weighted
 * Manhattan 1-median of the group and the bandwidth leaving it); and the
 * flows' least detour through K switch points, by enumeration. */
#include "layout_int.h"
#include "price_int.h"

#include <math.h>
#include <stdlib.h>

#include "nocsyn/app.h"

/* Up to this many cores (2^N doubles, K 3^N steps: 16 cores take ~0.2 s). */
#define BOUND_MAX_CORES 16

/* min over partitions of the N cores into K non-empty groups of the sum of
 * cost[group] (cost indexed by the group's bit set; INFINITY forbids a
 * group).  f_1 = cost; f_k(S) = min over T holding S's lowest core, T != S,
 * of cost(T) + f_(k-1)(S \ T).  f and g are scratch of 2^N.  Returns
 * INFINITY when no partition is allowed. */
static double partition_min(const double *cost, int N, int K, double *f, double *g)
{
    unsigned full = (1u << N) - 1;
    for (unsigned S = 0; S <= full; S++)
        f[S] = S ? cost[S] : INFINITY;
    for (int k = 2; k <= K; k++) {
        g[0] = INFINITY;
        for (unsigned S = 1; S <= full; S++) {
            unsigned low = S & (~S + 1u), rest = S ^ low;
            double v = INFINITY;
            for (unsigned sub = rest;; sub = (sub - 1) & rest) {
                unsigned T = low | sub;
                if (T != S && cost[T] + f[S ^ T] < v)
                    v = cost[T] + f[S ^ T];
                if (!sub)
                    break;
            }
            g[S] = v;
        }
        double *tmp = f;
        f = g;
        g = tmp;
    }
    return f[full];
}

/* The weighted L1 1-median cost of the cores in `set` along one axis:
 * min over X of sum w_c |v_c - X| (X at a weighted median).  `ord` lists
 * the cores by v.  O(N). */
static double median_cost(unsigned set, const int *ord, const double *v, const double *w, int N)
{
    double tot = 0, acc = 0, x = 0, cost = 0;
    for (int i = 0; i < N; i++)
        if (set >> ord[i] & 1u)
            tot += w[ord[i]];
    for (int i = 0; i < N; i++)
        if (set >> ord[i] & 1u) {
            acc += w[ord[i]];
            if (2 * acc >= tot) {
                x = v[ord[i]];
                break;
            }
        }
    for (int c = 0; c < N; c++)
        if (set >> c & 1u)
            cost += w[c] * fabs(v[c] - x);
    return cost;
}

/* ord = 0..N-1 sorted by v (ties by index). */
static void order_by(const double *v, int N, int *ord)
{
    for (int i = 0; i < N; i++)
        ord[i] = i;
    noc_synth_sort_ids(ord, N, v, NULL);
}

/* Fills cost[S] for every non-empty group S of the N cores. */
typedef void (*group_cost_fn)(double *cost, int N, const void *arg);

/* The least partition cost into K groups for the group cost `fill`
 * computes; *out = 0 when no partition is allowed.  NOC_ENOMEM. */
static int partition_bound(int N, int K, group_cost_fn fill, const void *arg, double *out,
                           struct noc_ctx *ctx)
{
    size_t n = (size_t)1 << N;
    int rc = NOC_OK;
    double *cost = noc_malloc(ctx, n, sizeof *cost), *f = noc_malloc(ctx, n, sizeof *f);
    double *g = noc_malloc(ctx, n, sizeof *g);
    if (!cost || !f || !g) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    fill(cost, N, arg);
    double v = partition_min(cost, N, K, f, g);
    *out = isfinite(v) ? v : 0;
cleanup:
    free(cost);
    free(f);
    free(g);
    return rc;
}

struct median_arg {
    const double *cx, *cy, *w;
};

static void median_fill(double *cost, int N, const void *arg)
{
    const struct median_arg *a = arg;
    int ox[BOUND_MAX_CORES], oy[BOUND_MAX_CORES];
    order_by(a->cx, N, ox);
    order_by(a->cy, N, oy);
    for (unsigned S = 1; S < 1u << N; S++)
        cost[S] = median_cost(S, ox, a->cx, a->w, N) + median_cost(S, oy, a->cy, a->w, N);
}

int noc_synth_kmedian_bound(const double *cx, const double *cy, const double *w, int N, int K,
                            double *out, struct noc_ctx *ctx)
{
    struct median_arg a = {cx, cy, w};
    *out = 0;
    if (N > BOUND_MAX_CORES || K < 1 || K > N)
        return NOC_OK;
    return partition_bound(N, K, median_fill, &a, out, ctx);
}

struct crossing_arg {
    const struct noc_app *app;
    int max_group;
};

static void crossing_fill(double *cost, int N, const void *arg)
{
    const struct crossing_arg *a = arg;
    for (unsigned S = 1; S < 1u << N; S++) {
        int size = 0;
        double c = 0;
        for (int i = 0; i < N; i++)
            size += (int)(S >> i & 1u);
        for (int i = 0; i < a->app->nflows; i++)
            if ((S >> a->app->flows[i].src & 1u) && !(S >> a->app->flows[i].dst & 1u))
                c += a->app->flows[i].bw;
        cost[S] = size <= a->max_group ? c : INFINITY;
    }
}

int noc_synth_crossing_bound(const struct noc_app *app, int K, int max_group, double *out,
                             struct noc_ctx *ctx)
{
    struct crossing_arg a = {app, max_group};
    int N = app->ncores;
    *out = 0;
    if (N > BOUND_MAX_CORES || K < 2 || K > N || max_group < 1)
        return NOC_OK;
    return partition_bound(N, K, crossing_fill, &a, out, ctx);
}

/* Above this many K-subsets of candidate points the detour bound is not
 * computed (each subset costs N steps). */
#define DETOUR_MAX_SUBSETS 4000000.0

/* Enumerates the K-subsets of the G candidate points from index `from`,
 * cur[c] being each core's least cost over the points chosen so far;
 * *best = least sum over the cores.  tab[c * G + g] is core c's cost at g;
 * scratch holds (K + 1) N doubles for the levels below. */
static void detour_search(const double *tab, int N, int G, int from, int left, const double *cur,
                          double *scratch, double *best)
{
    if (left == 0) {
        double s = 0;
        for (int c = 0; c < N; c++)
            s += cur[c];
        if (s < *best)
            *best = s;
        return;
    }
    double *next = scratch;
    for (int g = from; g <= G - left; g++) {
        for (int c = 0; c < N; c++)
            next[c] = fmin(cur[c], tab[c * G + g]);
        detour_search(tab, N, G, g + 1, left - 1, next, scratch + N, best);
    }
}

/* Appends v to vals[0..n) unless present; returns the new count. */
static int add_distinct(double *vals, int n, double v)
{
    for (int i = 0; i < n; i++)
        if (vals[i] == v)
            return n;
    vals[n] = v;
    return n + 1;
}

int noc_synth_detour_bound(const struct noc_app *app, const double *cx, const double *cy, int K, double *out,
                           struct noc_ctx *ctx)
{
    int N = app->ncores, rc = NOC_OK, nx = 0, ny = 0;
    double *xs = NULL, *ys = NULL, *tab = NULL, *scratch = NULL;
    *out = 0;
    if (K < 1 || N < 1)
        return NOC_OK;
    xs = noc_malloc(ctx, (size_t)N, sizeof *xs);
    ys = noc_malloc(ctx, (size_t)N, sizeof *ys);
    if (!xs || !ys) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* The distinct coordinates (the Hanan grid of the cores). */
    for (int c = 0; c < N; c++) {
        nx = add_distinct(xs, nx, cx[c]);
        ny = add_distinct(ys, ny, cy[c]);
    }
    int G = nx * ny, k = K < G ? K : G;
    double subsets = 1;
    for (int i = 0; i < k; i++)
        subsets = subsets * (G - i) / (i + 1);
    if (subsets > DETOUR_MAX_SUBSETS)
        goto cleanup;
    tab = noc_calloc(ctx, (size_t)N * G, sizeof *tab);
    scratch = noc_malloc(ctx, (size_t)(k + 2) * N, sizeof *scratch);
    if (!tab || !scratch) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Core c at a switch at g pays half of each of its flows' detour
     * through g (the flow's other half is paid at its other core). */
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        for (int g = 0; g < G; g++) {
            double x = xs[g / ny], y = ys[g % ny];
            double det = fl->bw * (fabs(cx[fl->src] - x) + fabs(cy[fl->src] - y) + fabs(x - cx[fl->dst]) +
                                   fabs(y - cy[fl->dst]));
            tab[fl->src * G + g] += det / 2;
            tab[fl->dst * G + g] += det / 2;
        }
    }
    double best = INFINITY;
    for (int c = 0; c < N; c++)
        scratch[c] = INFINITY;
    detour_search(tab, N, G, 0, k, scratch, scratch + N, &best);
    *out = isfinite(best) ? best : 0;
cleanup:
    free(xs);
    free(ys);
    free(tab);
    free(scratch);
    return rc;
}
