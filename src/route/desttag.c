/* Destination-tag routing on butterflies, Omega and multistage cube
 * networks, following the actual channels: at each switch the output whose
 * downstream subtree reaches the destination's ejection switch. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>


struct desttag {
    struct rt_dtab dt;
};

void noc_rt_desttag_release(void *priv)
{
    struct desttag *p = priv;
    if (!p)
        return;
    noc_rt_dtab_free(&p->dt);
    free(p);
}

/* 1 when the router-router channels form a DAG (Kahn's algorithm). */
static int is_dag(const struct noc_topo *t, int *ok, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    int R = t->nrouters, head = 0, tail = 0;
    int *indeg = noc_calloc(ctx, (size_t)R, sizeof *indeg);
    int *queue = noc_malloc(ctx, (size_t)R, sizeof *queue);
    if (!indeg || !queue) {
        free(indeg);
        free(queue);
        return NOC_ENOMEM;
    }
    for (int e = 0; e < g->m; e++)
        if (noc_topo_is_rr(t, e))
            indeg[g->dst[e]]++;
    for (int v = 0; v < R; v++)
        if (!indeg[v])
            queue[tail++] = v;
    while (head < tail) {
        int u = queue[head++];
        for (int e = g->off[u]; e < g->off[u + 1]; e++)
            if (g->dst[e] < R && --indeg[g->dst[e]] == 0)
                queue[tail++] = g->dst[e];
    }
    *ok = tail == R;
    free(indeg);
    free(queue);
    return NOC_OK;
}

/* tab[u]: the channel from u toward D, -1 when D is out of reach. */
static int fill(const struct noc_routing *r, int D, int *tab, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    int R = t->nrouters;
    int *reach = noc_malloc(ctx, (size_t)R, sizeof *reach); /* hops to D, -1: none */
    int *queue = noc_malloc(ctx, (size_t)R, sizeof *queue);
    if (!reach || !queue) {
        free(reach);
        free(queue);
        return NOC_ENOMEM;
    }
    noc_graph_bfs(g, R, &D, 1, NOC_BFS_IN, -1, reach, queue);
    for (int u = 0; u < R; u++) {
        tab[u] = -1;
        if (u == D || reach[u] < 0)
            continue;
        for (int e = g->off[u]; e < g->off[u + 1]; e++)
            if (g->dst[e] < R && reach[g->dst[e]] >= 0) {
                tab[u] = e;
                break;
            }
    }
    free(reach);
    free(queue);
    return NOC_OK;
}

int noc_rt_desttag_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    int fam = t->shape.family, ok = 0, rc;
    if (fam != NOC_FAM_BUTTERFLY && fam != NOC_FAM_OMEGA && fam != NOC_FAM_CUBE)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "desttag needs a butterfly, Omega or multistage cube network%s%s%s",
                         t->shape.name[0] ? " (this is a '" : "", t->shape.name,
                         t->shape.name[0] ? "')" : "");
    if ((rc = is_dag(t, &ok, ctx)) != NOC_OK)
        return rc;
    if (!ok)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "desttag: the router channels form a cycle; not a multistage network");
    struct desttag *p = noc_calloc(ctx, 1, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    r->priv = p;
    if ((rc = noc_rt_dtab_build(&p->dt, r, 1, fill, ctx)) != NOC_OK) {
        r->priv = NULL;
        noc_rt_desttag_release(p);
    }
    return rc;
}

int noc_rt_desttag_dest(const struct noc_routing *r, int D, struct rt_dest *dd, struct noc_ctx *ctx)
{
    const struct desttag *p = r->priv;
    return noc_rt_dtab_dest(&p->dt, r, D, dd, ctx);
}

int noc_rt_desttag_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                        struct rt_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    (void)cin;
    (void)cls;
    (void)ctx;
    return rt_table_hop(rt_dest_channel(dd, &r->t->g, u), hop, nhop);
}
