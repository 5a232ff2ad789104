/* CSR directed multigraph. */
#include "nocsyn/graph.h"

#include <stdlib.h>
#include <string.h>

void noc_graph_init(struct noc_graph *g) { memset(g, 0, sizeof *g); }

void noc_graph_free(struct noc_graph *g)
{
    free(g->off);
    free(g->src);
    free(g->dst);
    free(g->rev);
    free(g->perm);
    free(g->in_off);
    free(g->in_edge);
    memset(g, 0, sizeof *g);
}

int noc_graph_build(struct noc_graph *g, int n, int m, const int *src,
                    const int *dst, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    int *tmp = NULL, *pos = NULL;
    if (n < 0 || m < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "negative graph size");
    for (int i = 0; i < m; i++)
        if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "edge %d endpoint out of range", i);
    noc_graph_init(g);
    g->n = n;
    g->m = m;
    g->off = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    g->in_off = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    g->src = noc_malloc(ctx, (size_t)m, sizeof(int));
    g->dst = noc_malloc(ctx, (size_t)m, sizeof(int));
    g->rev = noc_malloc(ctx, (size_t)m, sizeof(int));
    g->perm = noc_malloc(ctx, (size_t)m, sizeof(int));
    g->in_edge = noc_malloc(ctx, (size_t)m, sizeof(int));
    tmp = noc_malloc(ctx, (size_t)m, sizeof(int));
    pos = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    if (!g->off || !g->in_off || !g->src || !g->dst || !g->rev || !g->perm ||
        !g->in_edge || !tmp || !pos) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Two-pass counting sort: first by dst (stable), then by src (stable),
     * giving (src, dst, input order). */
    for (int i = 0; i < m; i++)
        pos[dst[i] + 1]++;
    for (int v = 0; v < n; v++)
        pos[v + 1] += pos[v];
    for (int i = 0; i < m; i++)
        tmp[pos[dst[i]]++] = i;
    for (int i = 0; i < m; i++)
        g->off[src[i] + 1]++;
    for (int v = 0; v < n; v++)
        g->off[v + 1] += g->off[v];
    memcpy(pos, g->off, ((size_t)n + 1) * sizeof(int));
    for (int j = 0; j < m; j++) {
        int i = tmp[j];
        int e = pos[src[i]]++;
        g->perm[e] = i;
        g->src[e] = src[i];
        g->dst[e] = dst[i];
    }
    /* In-edges ordered by CSR id. */
    for (int e = 0; e < m; e++)
        g->in_off[g->dst[e] + 1]++;
    for (int v = 0; v < n; v++)
        g->in_off[v + 1] += g->in_off[v];
    memcpy(pos, g->in_off, ((size_t)n + 1) * sizeof(int));
    for (int e = 0; e < m; e++)
        g->in_edge[pos[g->dst[e]]++] = e;
    /* Reverse pairing: edges u->v and v->u are both contiguous runs (sorted
     * by dst within a source), so pair the i-th of one run with the i-th of
     * the other. */
    for (int e = 0; e < m; e++)
        g->rev[e] = -1;
    for (int u = 0; u < n; u++) {
        for (int e = g->off[u]; e < g->off[u + 1];) {
            int v = g->dst[e];
            int run = e;
            while (run < g->off[u + 1] && g->dst[run] == v)
                run++;
            if (v > u) {
                int r = noc_graph_find(g, v, u);
                for (int a = e; r >= 0 && a < run && r < g->off[v + 1] && g->dst[r] == u; a++, r++) {
                    g->rev[a] = r;
                    g->rev[r] = a;
                }
            }
            e = run;
        }
    }
cleanup:
    free(tmp);
    free(pos);
    if (rc != NOC_OK)
        noc_graph_free(g);
    return rc;
}

int noc_graph_find(const struct noc_graph *g, int u, int v)
{
    if (u < 0 || u >= g->n)
        return -1;
    /* Targets are sorted within a source: binary search the first match. */
    int lo = g->off[u], hi = g->off[u + 1];
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (g->dst[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < g->off[u + 1] && g->dst[lo] == v) ? lo : -1;
}
