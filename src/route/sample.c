/* One random path per call: by weight for the deterministic models,
 * uniformly over all minimal router-level paths for ecmp. */
#include "route_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The e-th..: picks one of the n parallel channels u -> w uniformly. */
static int pick_parallel(const struct noc_graph *g, int e, struct noc_rng *rng)
{
    int n = 1;
    int u = g->src[e], w = g->dst[e];
    while (e + n < g->off[u + 1] && g->dst[e + n] == w)
        n++;
    return n > 1 ? e + (int)noc_rng_below(rng, (uint64_t)n) : e;
}

static int ecmp_sample(const struct noc_topo *t, int s, int d, struct noc_rng *rng,
                       struct noc_pathset *ps, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    int R = t->nrouters, rc = NOC_OK, n = 0;
    int a = noc_rt_src_router(t, s), b = noc_rt_dst_router(t, d);
    if (a < 0 || b < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "'%s' or '%s' is not attached to a router",
                         noc_rt_name(t, s), noc_rt_name(t, d));
    int *db = noc_malloc(ctx, (size_t)R, sizeof *db);
    int *order = noc_malloc(ctx, (size_t)R, sizeof *order);
    double *cnt = noc_calloc(ctx, (size_t)R, sizeof *cnt);
    int *ch = noc_malloc(ctx, (size_t)R + 2, sizeof *ch);
    if (!db || !order || !cnt || !ch) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    int tail;
    NOC_CHECK(noc_rt_reach(t, b, a, NOC_BFS_IN, s, d, db, order, &tail, ctx));
    /* Paths from each router to b, in BFS order from b (double precision). */
    cnt[b] = 1;
    for (int i = 1; i < tail && db[order[i]] <= db[a]; i++) {
        int u = order[i];
        for (int e = g->off[u]; e < g->off[u + 1]; e++) {
            int w = g->dst[e];
            if (w < R && db[w] == db[u] - 1 && !(e > g->off[u] && g->dst[e - 1] == w))
                cnt[u] += cnt[w];
        }
    }
    if (!noc_topo_is_router(t, s))
        ch[n++] = g->off[s];
    for (int u = a; u != b;) {
        double x = noc_rng_uniform(rng) * cnt[u];
        int pick = -1, ncand = 0;
        for (int e = g->off[u]; e < g->off[u + 1]; e++) {
            int w = g->dst[e];
            if (w >= R || db[w] != db[u] - 1 || (e > g->off[u] && g->dst[e - 1] == w))
                continue;
            ncand++;
            if (pick < 0 && (x < cnt[w] || !isfinite(cnt[u])))
                pick = e;
            x -= cnt[w];
        }
        if (!isfinite(cnt[u])) { /* beyond double range: uniform per hop */
            int j = (int)noc_rng_below(rng, (uint64_t)ncand);
            for (int e = g->off[u]; e < g->off[u + 1]; e++) {
                int w = g->dst[e];
                if (w < R && db[w] == db[u] - 1 && !(e > g->off[u] && g->dst[e - 1] == w) && j-- == 0)
                    pick = e;
            }
        }
        if (pick < 0) /* rounding at the top end: the last candidate */
            for (int e = g->off[u]; e < g->off[u + 1]; e++)
                if (g->dst[e] < R && db[g->dst[e]] == db[u] - 1)
                    pick = e;
        pick = pick_parallel(g, pick, rng);
        ch[n++] = pick;
        u = g->dst[pick];
    }
    if (!noc_topo_is_router(t, d))
        ch[n++] = noc_graph_find(g, b, d);
    rc = noc_pathset_add(ps, ch, n, 1.0, ctx);
cleanup:
    free(db);
    free(order);
    free(cnt);
    free(ch);
    return rc;
}

int noc_routing_sample(const struct noc_routing *r, int s, int d, struct noc_rng *rng,
                       struct noc_pathset *ps, struct noc_ctx *ctx)
{
    struct noc_pathset all;
    int rc;
    noc_pathset_clear(ps);
    if (!r->t)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing not initialised");
    if (s < 0 || s >= r->t->nnodes || d < 0 || d >= r->t->nnodes)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "path endpoint out of range");
    if (r->model == NOC_RT_ECMP)
        return ecmp_sample(r->t, s, d, rng, ps, ctx);
    if (!noc_routing_is_deterministic(r->model))
        return noc_error(ctx, NOC_EUNSUP, NULL, 0, "routing '%s' gives no single path",
                         noc_routing_name(r->model) ? noc_routing_name(r->model) : "?");
    noc_pathset_init(&all);
    NOC_CHECK(noc_routing_paths(r, s, d, &all, ctx));
    int k = 0;
    if (all.npaths > 1) {
        double x = noc_rng_uniform(rng);
        for (k = 0; k < all.npaths - 1 && x >= all.weight[k]; k++)
            x -= all.weight[k];
    }
    rc = noc_pathset_add(ps, all.ch + all.start[k], all.start[k + 1] - all.start[k], 1.0, ctx);
cleanup:
    noc_pathset_free(&all);
    return rc;
}
