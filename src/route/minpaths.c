/* Minimal router-level paths (ecmp's candidates): exact counts and the
 * lexicographic listing. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

static int endpoints(const struct noc_topo *t, int s, int d, int *a, int *b, struct noc_ctx *ctx)
{
    if (s < 0 || s >= t->nnodes || d < 0 || d >= t->nnodes)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "path endpoint out of range");
    *a = noc_rt_src_router(t, s);
    *b = noc_rt_dst_router(t, d);
    if (*a < 0 || *b < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "'%s' is not attached to a router",
                         noc_rt_name(t, *a < 0 ? s : d));
    return NOC_OK;
}

int noc_minpaths_count(const struct noc_topo *t, int s, int d, struct noc_bignum *count,
                       int *hops, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    int a, b, rc, R = t->nrouters;
    struct noc_bignum *cnt = NULL;
    if ((rc = endpoints(t, s, d, &a, &b, ctx)) != NOC_OK)
        return rc;
    int *dist = noc_malloc(ctx, (size_t)R, sizeof *dist);
    int *order = noc_malloc(ctx, (size_t)R, sizeof *order);
    cnt = noc_calloc(ctx, (size_t)R, sizeof *cnt);
    if (!dist || !order || !cnt) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    int nv;
    NOC_CHECK(noc_rt_reach(t, a, b, NOC_BFS_OUT, s, d, dist, order, &nv, ctx));
    NOC_CHECK(noc_bignum_set_u64(&cnt[a], 1, ctx));
    for (int i = 0; i < nv && dist[order[i]] < dist[b]; i++) {
        int u = order[i];
        for (int e = g->off[u]; e < g->off[u + 1]; e++) {
            int w = g->dst[e];
            if (w >= R || dist[w] != dist[u] + 1 || (e > g->off[u] && g->dst[e - 1] == w))
                continue;
            NOC_CHECK(noc_bignum_add(&cnt[w], &cnt[u], ctx));
        }
    }
    NOC_CHECK(noc_bignum_set_u64(count, 0, ctx));
    NOC_CHECK(noc_bignum_add(count, &cnt[b], ctx));
    if (hops)
        *hops = dist[b];
cleanup:
    if (cnt)
        for (int v = 0; v < R; v++)
            noc_bignum_free(&cnt[v]);
    free(cnt);
    free(dist);
    free(order);
    return rc;
}

int noc_minpaths_list(const struct noc_topo *t, int s, int d, long limit,
                      int (*fn)(void *ud, const int *routers, int len), void *ud,
                      struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    int a, b, rc, R = t->nrouters;
    int *path = NULL, *cur = NULL;
    if ((rc = endpoints(t, s, d, &a, &b, ctx)) != NOC_OK)
        return rc;
    int *db = noc_malloc(ctx, (size_t)R, sizeof *db);
    int *order = noc_malloc(ctx, (size_t)R, sizeof *order);
    if (!db || !order) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_rt_reach(t, b, a, NOC_BFS_IN, s, d, db, order, NULL, ctx));
    int L = db[a];
    path = noc_malloc(ctx, (size_t)L + 1, sizeof *path);
    cur = noc_malloc(ctx, (size_t)L + 1, sizeof *cur);
    if (!path || !cur) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    long emitted = 0;
    int k = 0;
    path[0] = a;
    cur[0] = g->off[a];
    while (k >= 0) {
        if (k == L) {
            if (++emitted > limit) {
                rc = noc_error(ctx, NOC_ELIMIT, NULL, 0,
                               "more than %ld minimal paths from %s to %s", limit, noc_rt_name(t, s),
                               noc_rt_name(t, d));
                goto cleanup;
            }
            if ((rc = fn(ud, path, L + 1)) != 0)
                goto cleanup;
            k--;
            continue;
        }
        int u = path[k], next = -1;
        while (cur[k] < g->off[u + 1] && next < 0) {
            int e = cur[k]++, w = g->dst[e];
            if (w < R && db[w] == db[u] - 1 && !(e > g->off[u] && g->dst[e - 1] == w))
                next = w;
        }
        if (next < 0) {
            k--;
            continue;
        }
        path[++k] = next;
        cur[k] = g->off[next];
    }
cleanup:
    free(db);
    free(order);
    free(path);
    free(cur);
    return rc;
}
