/* Exact core-to-terminal mapping by branch and bound (map.h,
 * noc_map_exact). */
#include "nocsyn/map.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/topo.h"
#include "map_int.h"

/* Search state.  lin[u * N + t]: cost of the flows between core u placed
 * at terminal t and the cores placed so far. */
struct bb {
    int n, N;
    const int *dist;
    double *B;        /* n x n directed bandwidth */
    int *order;       /* placement order of the cores */
    double *uu;       /* uu[k]: lower bound of the flows among order[k..] */
    double *lin;
    int *term_of, *used, *best;
    double best_cost;
    long nodes, limit;
    int stopped;
    int **cand;       /* per depth: candidate terminals */
    double **key;
};

static double pair_cost(const struct bb *s, int u, int tu, int p, int tp)
{
    int N = s->N;
    return s->B[u * s->n + p] * s->dist[tu * N + tp] + s->B[p * s->n + u] * s->dist[tp * N + tu];
}

/* Adds (sign 1) or removes (-1) core p at terminal tp from lin. */
static void lin_update(struct bb *s, int k, int p, int tp, double sign)
{
    for (int j = k + 1; j < s->n; j++) {
        int u = s->order[j];
        if (s->B[u * s->n + p] == 0 && s->B[p * s->n + u] == 0)
            continue;
        for (int t = 0; t < s->N; t++)
            s->lin[u * s->N + t] += sign * pair_cost(s, u, t, p, tp);
    }
}

/* Lower bound on the cost of completing depth k (cores order[k..]). */
static double bound_rest(const struct bb *s, int k)
{
    double b = s->uu[k];
    for (int j = k; j < s->n; j++) {
        int u = s->order[j];
        double m = INFINITY;
        for (int t = 0; t < s->N; t++)
            if (!s->used[t] && s->lin[u * s->N + t] < m)
                m = s->lin[u * s->N + t];
        b += m;
    }
    return b;
}

static void search(struct bb *s, int k, double cost)
{
    if (s->stopped)
        return;
    if (k == s->n) {
        if (cost < s->best_cost) {
            s->best_cost = cost;
            memcpy(s->best, s->term_of, (size_t)s->n * sizeof *s->best);
        }
        return;
    }
    if (s->limit > 0 && s->nodes >= s->limit) {
        s->stopped = 1;
        return;
    }
    s->nodes++;
    int c = s->order[k], nc = 0;
    int *cand = s->cand[k];
    double *key = s->key[k];
    for (int t = 0; t < s->N; t++)
        if (!s->used[t]) {
            /* Insertion by key: N is small. */
            double v = s->lin[c * s->N + t];
            int i = nc++;
            while (i > 0 && key[i - 1] > v) {
                key[i] = key[i - 1];
                cand[i] = cand[i - 1];
                i--;
            }
            key[i] = v;
            cand[i] = t;
        }
    for (int i = 0; i < nc; i++) {
        int t = cand[i];
        double nc_cost = cost + key[i];
        if (nc_cost >= s->best_cost * (1 - 1e-12))
            break; /* keys ascend: no later terminal does better */
        s->used[t] = 1;
        s->term_of[c] = t;
        lin_update(s, k, c, t, 1);
        double lb = nc_cost + bound_rest(s, k + 1);
        if (lb < s->best_cost * (1 - 1e-12))
            search(s, k + 1, nc_cost);
        lin_update(s, k, c, t, -1);
        s->used[t] = 0;
        if (s->stopped)
            return;
    }
}

/* Placement order: most bandwidth first, then repeatedly the core with
 * most bandwidth to the cores already ordered (ties: total, lower id). */
static void make_order(struct bb *s)
{
    int n = s->n;
    double *tot = calloc((size_t)n, sizeof *tot), *att = calloc((size_t)n, sizeof *att);
    char *done = calloc((size_t)n, 1);
    if (!tot || !att || !done) { /* fall back to the identity order */
        for (int i = 0; i < n; i++)
            s->order[i] = i;
        free(tot), free(att), free(done);
        return;
    }
    for (int u = 0; u < n; u++)
        for (int v = 0; v < n; v++)
            tot[u] += s->B[u * n + v] + s->B[v * n + u];
    for (int k = 0; k < n; k++) {
        int b = -1;
        for (int u = 0; u < n; u++)
            if (!done[u] && (b < 0 || att[u] > att[b] || (att[u] == att[b] && tot[u] > tot[b])))
                b = u;
        s->order[k] = b;
        done[b] = 1;
        for (int u = 0; u < n; u++)
            att[u] += s->B[u * n + b] + s->B[b * n + u];
    }
    free(tot), free(att), free(done);
}

int noc_map_bb(const struct noc_app *app, const int *dist, int N, long node_limit, int *term_of, double *cost,
               double *bound, struct noc_ctx *ctx)
{
    int n = app->ncores, rc = NOC_OK;
    struct bb s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.N = N;
    s.dist = dist;
    s.limit = node_limit;
    s.B = noc_calloc(ctx, (size_t)n * n + 1, sizeof *s.B);
    s.order = noc_malloc(ctx, (size_t)n + 1, sizeof *s.order);
    s.uu = noc_calloc(ctx, (size_t)n + 1, sizeof *s.uu);
    s.lin = noc_calloc(ctx, (size_t)n * N + 1, sizeof *s.lin);
    s.term_of = noc_malloc(ctx, (size_t)n + 1, sizeof *s.term_of);
    s.best = noc_malloc(ctx, (size_t)n + 1, sizeof *s.best);
    s.used = noc_calloc(ctx, (size_t)N + 1, sizeof *s.used);
    s.cand = noc_calloc(ctx, (size_t)n + 1, sizeof *s.cand);
    s.key = noc_calloc(ctx, (size_t)n + 1, sizeof *s.key);
    if (!s.B || !s.order || !s.uu || !s.lin || !s.term_of || !s.best || !s.used || !s.cand || !s.key) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int k = 0; k < n; k++)
        if (!(s.cand[k] = noc_malloc(ctx, (size_t)N, sizeof **s.cand)) ||
            !(s.key[k] = noc_malloc(ctx, (size_t)N, sizeof **s.key))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
    for (int f = 0; f < app->nflows; f++)
        s.B[app->flows[f].src * n + app->flows[f].dst] += app->flows[f].bw;
    make_order(&s);
    /* Flows among the cores still to place cost at least the least
     * distance between two distinct terminals. */
    int dmin = INT32_MAX;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (i != j && dist[i * N + j] < dmin)
                dmin = dist[i * N + j];
    if (N < 2)
        dmin = 0;
    for (int k = n - 1; k >= 0; k--) {
        int u = s.order[k];
        s.uu[k] = s.uu[k + 1];
        for (int j = k + 1; j < n; j++)
            s.uu[k] += (s.B[u * n + s.order[j]] + s.B[s.order[j] * n + u]) * dmin;
    }
    memcpy(s.best, term_of, (size_t)n * sizeof *s.best);
    s.best_cost = noc_map_cost(app, dist, N, term_of) * (1 + 1e-12);
    double root = bound_rest(&s, 0);
    search(&s, 0, 0);
    memcpy(term_of, s.best, (size_t)n * sizeof *term_of);
    *cost = noc_map_cost(app, dist, N, term_of);
    if (bound)
        *bound = s.stopped ? fmin(root, *cost) : *cost;
    rc = s.stopped ? NOC_ELIMIT : NOC_OK;
cleanup:
    for (int k = 0; s.cand && k < n; k++)
        free(s.cand[k]);
    for (int k = 0; s.key && k < n; k++)
        free(s.key[k]);
    free(s.cand);
    free(s.key);
    free(s.B);
    free(s.order);
    free(s.uu);
    free(s.lin);
    free(s.term_of);
    free(s.best);
    free(s.used);
    return rc;
}

int noc_map_exact(const struct noc_app *app, const struct noc_topo *t, long node_limit, int *term_of,
                  double *cost, double *bound, struct noc_ctx *ctx)
{
    int n = app->ncores, N = t->nterminals, rc;
    int *dist = NULL;
    if (n > N)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%d cores do not fit on %d terminals", n, N);
    if (n > NOC_MAP_EXACT_MAX)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "exact mapping: %d cores, at most %d", n, NOC_MAP_EXACT_MAX);
    if ((rc = noc_map_distances(t, &dist, ctx)) != NOC_OK)
        return rc;
    for (int i = 0; i < N * N; i++)
        if (dist[i] < 0) {
            free(dist);
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "exact mapping: the topology's terminals are not all connected");
        }
    /* Incumbent: the auto heuristic. */
    double c0;
    if ((rc = noc_map_cores(app, t, NOC_MAP_AUTO, 1, term_of, &c0, ctx)) == NOC_OK)
        rc = noc_map_bb(app, dist, N, node_limit, term_of, cost, bound, ctx);
    free(dist);
    return rc;
}
