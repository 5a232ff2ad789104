/* Switch placement: the least bandwidth-weighted Manhattan wire length of
 * core-switch and switch-switch links, solved exactly per axis by a
 * sequence of minimum cuts (the linear program it replaces is the same
 * problem: noc_synth_lp_abs below still serves cmesh's grid LP). */
#include "swnet_int.h"
#include "layout_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/lp.h"

/* Adds w |x_u - x_v| (v >= 0) or w |x_u - c| (v < 0) to the objective. */
int noc_synth_lp_abs(struct noc_lp *lp, int u, int v, double c, double w, struct noc_ctx *ctx)
{
    int p = noc_lp_add_cols(lp, 2, 0, INFINITY, w, NOC_LP_CONT, ctx);
    if (p < 0)
        return -p;
    int cols[4] = {u, p, p + 1, v};
    double vals[4] = {1, -1, 1, -1};
    if (noc_lp_add_row(lp, c, c, v >= 0 ? 4 : 3, cols, vals, ctx) < 0)
        return ctx->status;
    return NOC_OK;
}

int noc_synth_lp_solve_first(struct noc_lp *lp, int n, double *out, struct noc_ctx *ctx)
{
    struct noc_lp_params prm;
    noc_lp_params_init(&prm);
    prm.method = NOC_LP_DUAL;
    int rc = noc_lp_solve(lp, &prm, ctx);
    for (int i = 0; rc == NOC_OK && i < n; i++)
        out[i] = noc_lp_value(lp, i);
    return rc;
}

/* ---- 1-D L1 placement by threshold cuts.
 *
 * minimise  sum_i sum_(p, a) at i  a |x_i - p|  +  sum_(u, v) w |x_u - x_v|
 *
 * |x - p| is the integral over t of [x > t] != [p > t], so the objective is
 * the integral over t of a cut function of the sets {i : x_i > t}: for each
 * t the set of an optimum is a minimum s-t cut of the graph with an arc
 * s -> i of the weight of i's anchors above t, i -> sink of those at or
 * below t, and both arcs u <-> v of weight w; the smallest minimum cuts are
 * nested in t, so an optimum takes anchor values only, found by bisection
 * over the sorted distinct anchor values, each step one cut on the nodes
 * whose range is still open (Hochbaum, "An efficient algorithm for image
 * segmentation, Markov random fields and related problems", JACM 48(4),
 * 2001).  Nodes outside the current set are already known to lie below or
 * above its range, so their links become anchor weight of the set.  The
 * smallest minimum cut (the source side reachable in the residual graph)
 * puts ties at the lower value. */

struct l1 {
    int n, m;                /* nodes, distinct anchor values */
    const double *val;       /* sorted distinct values */
    const int *axadj, *avi;  /* per node: anchors (value index) */
    const double *aw;        /* anchor weights */
    const int *exadj, *eadj; /* per node: neighbours */
    const double *ew;        /* weight of each neighbour entry */
    int *lo, *hi;            /* each node's open range of value indices */
    int *loc;                /* node -> local id in the current cut, -1 */
    double tol;
    /* flow network of one cut: local ids 0..k-1, source k, sink k + 1 */
    int *head, *nxt, *to, *level, *it, *queue;
    double *cap;
    int narc;
};

static void arc_pair(struct l1 *g, int u, int v, double cu, double cv)
{
    int a = g->narc++, b = g->narc++;
    g->to[a] = v;
    g->cap[a] = cu;
    g->nxt[a] = g->head[u];
    g->head[u] = a;
    g->to[b] = u;
    g->cap[b] = cv;
    g->nxt[b] = g->head[v];
    g->head[v] = b;
}

static int bfs_levels(struct l1 *g, int nn, int s, int t)
{
    for (int i = 0; i < nn; i++)
        g->level[i] = -1;
    int qh = 0, qt = 0;
    g->level[s] = 0;
    g->queue[qt++] = s;
    while (qh < qt) {
        int u = g->queue[qh++];
        for (int a = g->head[u]; a >= 0; a = g->nxt[a])
            if (g->cap[a] > g->tol && g->level[g->to[a]] < 0) {
                g->level[g->to[a]] = g->level[u] + 1;
                g->queue[qt++] = g->to[a];
            }
    }
    return g->level[t] >= 0;
}

/* Blocking-flow push along level-increasing arcs (Dinic). */
static double push(struct l1 *g, int u, int t, double f)
{
    if (u == t)
        return f;
    for (; g->it[u] >= 0; g->it[u] = g->nxt[g->it[u]]) {
        int a = g->it[u], v = g->to[a];
        if (g->cap[a] <= g->tol || g->level[v] != g->level[u] + 1)
            continue;
        double d = push(g, v, t, f < g->cap[a] ? f : g->cap[a]);
        if (d > 0) {
            g->cap[a] -= d;
            g->cap[a ^ 1] += d;
            return d;
        }
    }
    return 0;
}

/* Splits set[0..k) by the cut at the threshold between values mid and
 * mid + 1: on return set[0..*k0) lie at or below it, the rest above. */
static void l1_cut(struct l1 *g, int *set, int k, int mid, int *k0)
{
    int s = k, t = k + 1, nn = k + 2;
    for (int i = 0; i < k; i++)
        g->loc[set[i]] = i;
    for (int i = 0; i < nn; i++)
        g->head[i] = -1;
    g->narc = 0;
    for (int i = 0; i < k; i++) {
        int u = set[i];
        double net = 0; /* > 0: prefers above the threshold */
        for (int e = g->axadj[u]; e < g->axadj[u + 1]; e++)
            net += g->avi[e] > mid ? g->aw[e] : -g->aw[e];
        for (int e = g->exadj[u]; e < g->exadj[u + 1]; e++) {
            int v = g->eadj[e];
            if (g->loc[v] >= 0) {
                if (v > u)
                    arc_pair(g, i, g->loc[v], g->ew[e], g->ew[e]);
            } else
                net += g->lo[v] > mid ? g->ew[e] : -g->ew[e];
        }
        if (net > 0)
            arc_pair(g, s, i, net, 0);
        else if (net < 0)
            arc_pair(g, i, t, -net, 0);
    }
    while (bfs_levels(g, nn, s, t)) {
        for (int i = 0; i < nn; i++)
            g->it[i] = g->head[i];
        while (push(g, s, t, INFINITY) > 0)
            ;
    }
    /* level >= 0 after the last search: reachable from the source. */
    int a = 0, b = k - 1;
    for (int i = 0; i < k; i++)
        g->loc[set[i]] = g->level[i] >= 0; /* 1: above */
    while (a <= b) {
        if (!g->loc[set[a]])
            a++;
        else {
            int x = set[a];
            set[a] = set[b];
            set[b--] = x;
        }
    }
    for (int i = 0; i < k; i++)
        g->loc[set[i]] = -1;
    *k0 = a;
}

static void l1_solve(struct l1 *g, int *set, int k, int lo, int hi, double *x)
{
    if (k == 0)
        return;
    if (lo == hi) {
        for (int i = 0; i < k; i++)
            x[set[i]] = g->val[lo];
        return;
    }
    int mid = lo + (hi - lo) / 2, k0;
    l1_cut(g, set, k, mid, &k0);
    for (int i = 0; i < k; i++) {
        g->lo[set[i]] = i < k0 ? lo : mid + 1;
        g->hi[set[i]] = i < k0 ? mid : hi;
    }
    l1_solve(g, set, k0, lo, mid, x);
    l1_solve(g, set + k0, k - k0, mid + 1, hi, x);
}

static int dbl_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One axis at a time: the Manhattan objective separates into x and y.
 * The anchors of switch s: its cores (weight cw, at cc), and a tiny pull
 * towards its cores' weighted centroid that makes the optimum unique where
 * the weighted median is an interval; links weigh their load both ways (at
 * least a small floor). */
static int place_axis(struct swnet *net, int ncores, const int *core_sw, const double *cc,
                      const double *cw, double *out, struct noc_ctx *ctx)
{
    int K = net->K, rc = NOC_OK, na = ncores + K;
    double lo = INFINITY, hi = -INFINITY, total = 0;
    struct l1 g;
    memset(&g, 0, sizeof g);
    double *cen = noc_calloc(ctx, (size_t)K, sizeof *cen), *wsum = noc_calloc(ctx, (size_t)K, sizeof *wsum);
    double *aval = noc_malloc(ctx, (size_t)na, sizeof *aval), *vals = noc_malloc(ctx, (size_t)na, sizeof *vals);
    double *aw = noc_malloc(ctx, (size_t)na, sizeof *aw), *ew = noc_malloc(ctx, (size_t)net->nch + 1, sizeof *ew);
    int *axadj = noc_calloc(ctx, (size_t)K + 1, sizeof *axadj), *avi = noc_malloc(ctx, (size_t)na, sizeof *avi);
    int *exadj = noc_calloc(ctx, (size_t)K + 1, sizeof *exadj), *eadj = noc_malloc(ctx, (size_t)net->nch + 1, sizeof *eadj);
    int *set = noc_malloc(ctx, (size_t)K, sizeof *set), *rng = noc_malloc(ctx, 3 * (size_t)K, sizeof *rng);
    int narcs = 2 * K + 2 * net->nch + 2, nn = K + 2;
    int *fint = noc_malloc(ctx, 3 * (size_t)narcs + 4 * (size_t)nn, sizeof *fint);
    double *fcap = noc_malloc(ctx, (size_t)narcs, sizeof *fcap);
    if (!cen || !wsum || !aval || !vals || !aw || !ew || !axadj || !avi || !exadj || !eadj || !set || !rng || !fint ||
        !fcap) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < ncores; c++) {
        lo = fmin(lo, cc[c]);
        hi = fmax(hi, cc[c]);
        cen[core_sw[c]] += cw[c] * cc[c];
        wsum[core_sw[c]] += cw[c];
        total += cw[c];
        axadj[core_sw[c] + 1]++;
    }
    for (int s = 0; s < K; s++) {
        cen[s] = wsum[s] > 0 ? cen[s] / wsum[s] : (lo + hi) / 2;
        axadj[s + 1]++;
    }
    for (int s = 0; s < K; s++)
        axadj[s + 1] += axadj[s];
    /* anchors by node: cores in order, then the centroid pull */
    for (int c = 0; c < ncores; c++) {
        int e = axadj[core_sw[c]]++;
        aval[e] = cc[c];
        aw[e] = cw[c];
    }
    for (int s = 0; s < K; s++) {
        int e = axadj[s]++;
        aval[e] = cen[s];
        aw[e] = 1e-6 * (total + 1);
    }
    for (int s = K; s > 0; s--)
        axadj[s] = axadj[s - 1];
    axadj[0] = 0;
    memcpy(vals, aval, (size_t)na * sizeof *vals);
    qsort(vals, (size_t)na, sizeof *vals, dbl_cmp);
    int m = 0;
    for (int i = 0; i < na; i++)
        if (m == 0 || vals[i] != vals[m - 1])
            vals[m++] = vals[i];
    for (int e = 0; e < na; e++) {
        int a = 0, b = m - 1; /* aval[e] is one of vals */
        while (a < b) {
            int h = a + (b - a) / 2;
            if (vals[h] < aval[e])
                a = h + 1;
            else
                b = h;
        }
        avi[e] = a;
    }
    /* links: each unordered pair once per end, weight = load both ways */
    for (int pass = 0; pass < 2; pass++) {
        for (int ch = 0; ch < net->nch; ch++) {
            int u = net->csrc[ch], v = net->cdst[ch];
            if (u > v)
                continue;
            if (pass == 0) {
                exadj[u + 1]++;
                exadj[v + 1]++;
                continue;
            }
            int back = noc_u64map_get(&net->chmap, noc_pair_key(v, u));
            double w = fmax(net->cload[ch] + (back >= 0 ? net->cload[back] : 0), 1e-3 * total / (ncores + 1));
            eadj[exadj[u]] = v;
            ew[exadj[u]++] = w;
            eadj[exadj[v]] = u;
            ew[exadj[v]++] = w;
        }
        if (pass == 0)
            for (int s = 0; s < K; s++)
                exadj[s + 1] += exadj[s];
        else {
            for (int s = K; s > 0; s--)
                exadj[s] = exadj[s - 1];
            exadj[0] = 0;
        }
    }
    g.n = K;
    g.m = m;
    g.val = vals;
    g.axadj = axadj;
    g.avi = avi;
    g.aw = aw;
    g.exadj = exadj;
    g.eadj = eadj;
    g.ew = ew;
    g.lo = rng;
    g.hi = rng + K;
    g.loc = rng + 2 * K;
    g.tol = 1e-13 * (total + 1);
    g.head = fint;
    g.nxt = fint + nn;
    g.to = fint + nn + narcs;
    g.level = fint + nn + 2 * narcs;
    g.it = fint + 2 * nn + 2 * narcs;
    g.queue = fint + 3 * nn + 2 * narcs;
    g.cap = fcap;
    for (int s = 0; s < K; s++) {
        set[s] = s;
        g.lo[s] = 0;
        g.hi[s] = m - 1;
        g.loc[s] = -1;
    }
    l1_solve(&g, set, K, 0, m - 1, out);
cleanup:
    free(cen);
    free(wsum);
    free(aval);
    free(vals);
    free(aw);
    free(ew);
    free(axadj);
    free(avi);
    free(exadj);
    free(eadj);
    free(set);
    free(rng);
    free(fint);
    free(fcap);
    return rc;
}

int noc_synth_place(struct swnet *net, int ncores, const int *core_sw, const double *cx,
                    const double *cy, const double *cw, struct noc_ctx *ctx)
{
    int rc = place_axis(net, ncores, core_sw, cx, cw, net->sx, ctx);
    return rc ? rc : place_axis(net, ncores, core_sw, cy, cw, net->sy, ctx);
}
