/* Core-to-terminal mapping: greedy construction, pairwise swaps, annealing. */
#include "nocsyn/map.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/topo.h"
#include "map_int.h"

static const struct {
    const char *name;
    int method;
} map_methods[] = {
    {"identity", NOC_MAP_IDENTITY},
    {"random", NOC_MAP_RANDOM},
    {"greedy", NOC_MAP_GREEDY},
    {"auto", NOC_MAP_AUTO},
};

int noc_map_parse(const char *name, int *method, struct noc_ctx *ctx)
{
    for (size_t i = 0; i < sizeof map_methods / sizeof map_methods[0]; i++)
        if (!strcmp(name, map_methods[i].name)) {
            *method = map_methods[i].method;
            return NOC_OK;
        }
    return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown mapping '%s' (identity, random, greedy, auto)", name);
}

int noc_map_distances(const struct noc_topo *t, int **out, struct noc_ctx *ctx)
{
    int N = t->nterminals, R = t->nrouters, rc = NOC_OK;
    const struct noc_graph *g = &t->g;
    int *dist = noc_malloc(ctx, (size_t)N * (size_t)N, sizeof *dist);
    int *rd = noc_malloc(ctx, (size_t)R + 1, sizeof *rd);
    int *queue = noc_malloc(ctx, (size_t)R + 1, sizeof *queue);
    *out = NULL;
    if (!dist || !rd || !queue) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < N; i++) {
        int tn = R + i;
        for (int r = 0; r < R; r++)
            rd[r] = -1;
        int nsrc = 0;
        /* Every injection router of terminal i starts at distance 0. */
        for (int e = g->off[tn]; e < g->off[tn + 1]; e++)
            if (g->dst[e] < R && rd[g->dst[e]] < 0) {
                rd[g->dst[e]] = 0;
                queue[nsrc++] = g->dst[e];
            }
        noc_graph_bfs(g, R, queue, nsrc, NOC_BFS_OUT, -1, rd, queue);
        for (int j = 0; j < N; j++) {
            int tj = R + j, best = -1;
            for (int k = g->in_off[tj]; k < g->in_off[tj + 1]; k++) {
                int r = g->src[g->in_edge[k]];
                if (r < R && rd[r] >= 0 && (best < 0 || rd[r] < best))
                    best = rd[r];
            }
            dist[(size_t)i * N + j] = i == j ? 0 : best;
        }
    }
    *out = dist;
    dist = NULL;
cleanup:
    free(dist);
    free(rd);
    free(queue);
    return rc;
}

/* Adjacency of the app as an undirected weighted list (both directions'
 * bandwidth summed per pair). */
struct adj {
    int *off, *nbr;
    double *w;
};

static void adj_free(struct adj *a)
{
    free(a->off);
    free(a->nbr);
    free(a->w);
}

static int adj_build(const struct noc_app *app, struct adj *a, struct noc_ctx *ctx)
{
    int n = app->ncores, m = app->nflows;
    a->off = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    a->nbr = noc_malloc(ctx, (size_t)2 * m + 1, sizeof(int));
    a->w = noc_malloc(ctx, (size_t)2 * m + 1, sizeof(double));
    int *fill = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    if (!a->off || !a->nbr || !a->w || !fill) {
        free(fill);
        adj_free(a);
        return NOC_ENOMEM;
    }
    for (int f = 0; f < m; f++) {
        a->off[app->flows[f].src + 1]++;
        a->off[app->flows[f].dst + 1]++;
    }
    for (int v = 0; v < n; v++)
        a->off[v + 1] += a->off[v];
    for (int f = 0; f < m; f++) {
        int s = app->flows[f].src, d = app->flows[f].dst;
        int es = a->off[s] + fill[s]++, ed = a->off[d] + fill[d]++;
        a->nbr[es] = d;
        a->w[es] = app->flows[f].bw;
        a->nbr[ed] = s;
        a->w[ed] = app->flows[f].bw;
    }
    free(fill);
    return NOC_OK;
}

/* Undirected cost of the flows between core c (at terminal tc) and its
 * neighbours; flows are directed, but a symmetric distance is assumed for
 * the delta, then the exact cost is recomputed at the end.  Distances of a
 * directed network are taken as d(i,j) + d(j,i) halves. */
static double dsym(const int *dist, int N, int i, int j)
{
    int a = dist[(size_t)i * N + j], b = dist[(size_t)j * N + i];
    if (a < 0 || b < 0)
        return 1e9;
    return 0.5 * (a + b);
}

static double core_cost(const struct adj *a, const int *dist, int N, const int *term_of, int c, int tc,
                        int skip)
{
    double s = 0;
    for (int e = a->off[c]; e < a->off[c + 1]; e++) {
        int u = a->nbr[e];
        if (u == skip)
            continue;
        s += a->w[e] * dsym(dist, N, tc, term_of[u]);
    }
    return s;
}

double noc_map_cost(const struct noc_app *app, const int *dist, int N, const int *term_of)
{
    double s = 0;
    for (int f = 0; f < app->nflows; f++) {
        int d = dist[(size_t)term_of[app->flows[f].src] * N + term_of[app->flows[f].dst]];
        s += d < 0 ? INFINITY : app->flows[f].bw * d;
    }
    return s;
}

static void greedy(const struct noc_app *app, const struct adj *a, const int *dist, int N, int *term_of,
                   int *core_at, double *score)
{
    int n = app->ncores;
    double *bw = score; /* reuse: total bandwidth, then attraction */
    for (int c = 0; c < n; c++) {
        bw[c] = 0;
        for (int e = a->off[c]; e < a->off[c + 1]; e++)
            bw[c] += a->w[e];
    }
    int first = 0;
    for (int c = 1; c < n; c++)
        if (bw[c] > bw[first])
            first = c;
    int centre = 0;
    double best = INFINITY;
    for (int t = 0; t < N; t++) {
        double s = 0;
        for (int u = 0; u < N; u++)
            s += dsym(dist, N, t, u);
        if (s < best) {
            best = s;
            centre = t;
        }
    }
    for (int c = 0; c < n; c++)
        term_of[c] = -1;
    for (int t = 0; t < N; t++)
        core_at[t] = -1;
    term_of[first] = centre;
    core_at[centre] = first;
    for (int placed = 1; placed < n; placed++) {
        /* The unplaced core most attached to placed ones (then by total bw). */
        int pick = -1;
        double pa = -1, pb = -1;
        for (int c = 0; c < n; c++) {
            if (term_of[c] >= 0)
                continue;
            double at = 0;
            for (int e = a->off[c]; e < a->off[c + 1]; e++)
                if (term_of[a->nbr[e]] >= 0)
                    at += a->w[e];
            if (at > pa || (at == pa && bw[c] > pb)) {
                pick = c;
                pa = at;
                pb = bw[c];
            }
        }
        int where = -1;
        double wc = INFINITY;
        for (int t = 0; t < N; t++) {
            if (core_at[t] >= 0)
                continue;
            double s = 0;
            for (int e = a->off[pick]; e < a->off[pick + 1]; e++)
                if (term_of[a->nbr[e]] >= 0)
                    s += a->w[e] * dsym(dist, N, t, term_of[a->nbr[e]]);
            if (s < wc) {
                wc = s;
                where = t;
            }
        }
        term_of[pick] = where;
        core_at[where] = pick;
    }
}

/* Cost change of moving core c to terminal t, swapping with its occupant. */
static double swap_delta(const struct adj *a, const int *dist, int N, const int *term_of, const int *core_at,
                         int c, int t)
{
    int tc = term_of[c], o = core_at[t];
    double d = core_cost(a, dist, N, term_of, c, t, o) - core_cost(a, dist, N, term_of, c, tc, o);
    if (o >= 0)
        d += core_cost(a, dist, N, term_of, o, tc, c) - core_cost(a, dist, N, term_of, o, t, c);
    return d;
}

static void do_swap(int *term_of, int *core_at, int c, int t)
{
    int tc = term_of[c], o = core_at[t];
    term_of[c] = t;
    core_at[t] = c;
    core_at[tc] = o;
    if (o >= 0)
        term_of[o] = tc;
}

static void improve(const struct noc_app *app, const struct adj *a, const int *dist, int N, int *term_of,
                    int *core_at, unsigned seed)
{
    int n = app->ncores;
    /* Pairwise swaps to a local optimum (bounded passes). */
    for (int pass = 0; pass < 100; pass++) {
        int moved = 0;
        for (int c = 0; c < n; c++)
            for (int t = 0; t < N; t++)
                if (t != term_of[c] && swap_delta(a, dist, N, term_of, core_at, c, t) < -1e-9) {
                    do_swap(term_of, core_at, c, t);
                    moved = 1;
                }
        if (!moved)
            break;
    }
    /* Annealing polish from the local optimum; keep the best seen. */
    int *best = malloc((size_t)n * sizeof *best);
    int *bcore = malloc((size_t)N * sizeof *bcore);
    if (!best || !bcore) {
        free(best);
        free(bcore);
        return;
    }
    double cur = 0;
    for (int c = 0; c < n; c++)
        cur += core_cost(a, dist, N, term_of, c, term_of[c], -1);
    cur /= 2;
    double bestc = cur;
    memcpy(best, term_of, (size_t)n * sizeof *best);
    memcpy(bcore, core_at, (size_t)N * sizeof *bcore);
    struct noc_rng rng;
    noc_rng_seed(&rng, seed);
    double avgw = 0;
    for (int e = 0; e < a->off[n]; e++)
        avgw += a->w[e];
    avgw = a->off[n] ? avgw / a->off[n] : 1;
    long iters = 2000L * n;
    double T0 = avgw, T = T0;
    for (long it = 0; it < iters && n > 1; it++) {
        int c = (int)noc_rng_below(&rng, (uint64_t)n), t = (int)noc_rng_below(&rng, (uint64_t)N);
        if (t == term_of[c])
            continue;
        double dlt = swap_delta(a, dist, N, term_of, core_at, c, t);
        if (dlt < 0 || noc_rng_uniform(&rng) < exp(-dlt / T)) {
            do_swap(term_of, core_at, c, t);
            cur += dlt;
            if (cur < bestc - 1e-9) {
                bestc = cur;
                memcpy(best, term_of, (size_t)n * sizeof *best);
                memcpy(bcore, core_at, (size_t)N * sizeof *bcore);
            }
        }
        T = T0 * (1.0 - (double)it / iters) + 1e-9;
    }
    memcpy(term_of, best, (size_t)n * sizeof *best);
    memcpy(core_at, bcore, (size_t)N * sizeof *bcore);
    free(best);
    free(bcore);
}

int noc_map_cores(const struct noc_app *app, const struct noc_topo *t, int method, unsigned seed,
                  int *term_of, double *cost, struct noc_ctx *ctx)
{
    int n = app->ncores, N = t->nterminals, rc = NOC_OK;
    int *dist = NULL, *core_at = NULL;
    double *score = NULL;
    struct adj a = {0};
    if (n > N)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%d cores do not fit on %d terminals", n, N);
    if ((rc = noc_map_distances(t, &dist, ctx)) != NOC_OK)
        return rc;
    core_at = noc_malloc(ctx, (size_t)N, sizeof *core_at);
    score = noc_malloc(ctx, (size_t)n + 1, sizeof *score);
    if (!core_at || !score || adj_build(app, &a, ctx)) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (method == NOC_MAP_IDENTITY) {
        for (int c = 0; c < n; c++)
            term_of[c] = c;
    } else if (method == NOC_MAP_RANDOM) {
        struct noc_rng rng;
        noc_rng_seed(&rng, seed);
        for (int i = 0; i < N; i++)
            core_at[i] = i;
        for (int i = N - 1; i > 0; i--) { /* Fisher-Yates */
            int j = (int)noc_rng_below(&rng, (uint64_t)i + 1), x = core_at[i];
            core_at[i] = core_at[j];
            core_at[j] = x;
        }
        for (int c = 0; c < n; c++)
            term_of[c] = core_at[c];
    } else {
        greedy(app, &a, dist, N, term_of, core_at, score);
        if (method == NOC_MAP_AUTO)
            improve(app, &a, dist, N, term_of, core_at, seed);
        int connected = 1;
        for (size_t i = 0; i < (size_t)N * N && connected; i++)
            connected = dist[i] >= 0;
        double bbcost;
        if (method == NOC_MAP_AUTO && n <= MAP_AUTO_BB_MAX_CORES && connected) {
            rc = noc_map_bb(app, dist, N, MAP_AUTO_BB_NODES, term_of, &bbcost, NULL, ctx);
            if (rc == NOC_ELIMIT)
                rc = NOC_OK;
            if (rc != NOC_OK)
                goto cleanup;
        }
    }
    if (cost)
        *cost = noc_map_cost(app, dist, N, term_of);
cleanup:
    adj_free(&a);
    free(dist);
    free(core_at);
    free(score);
    return rc;
}
