/* Table routing: the routes stored with the topology (t->routes). */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

struct table {
    struct noc_u64map idx; /* (src, dst) terminal node ids -> route index */
};

void noc_rt_table_release(void *priv)
{
    struct table *p = priv;
    if (!p)
        return;
    noc_u64map_free(&p->idx);
    free(p);
}

int noc_rt_table_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    int rc = NOC_OK;
    if (t->nroutes == 0)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "table routing needs routes stored with the topology (%s has none)",
                         t->name ? t->name : "this topology");
    struct table *p = noc_calloc(ctx, 1, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    noc_u64map_init(&p->idx);
    /* The first route stored for a pair is the one used. */
    for (int i = 0; i < t->nroutes; i++) {
        uint64_t key = noc_pair_key(t->routes[i].src, t->routes[i].dst);
        if (noc_u64map_get(&p->idx, key) < 0 && (rc = noc_u64map_put(&p->idx, key, i, ctx)))
            goto cleanup;
    }
    r->priv = p;
    p = NULL;
cleanup:
    noc_rt_table_release(p);
    return rc;
}

int noc_rt_table_paths(const struct noc_routing *r, int s, int d, struct noc_pathset *ps,
                       struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    const struct table *p = r->priv;
    int *ch = NULL, rc = NOC_OK;
    if (noc_topo_is_router(t, s) || noc_topo_is_router(t, d))
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "table routing routes between terminals; '%s' is a router",
                         noc_rt_name(t, noc_topo_is_router(t, s) ? s : d));
    int i = noc_u64map_get(&p->idx, noc_pair_key(s, d));
    if (i < 0) {
        int a = noc_topo_inject_router(t, s), b = noc_topo_eject_router(t, d);
        if (s == d && a == b) {
            int triv[2] = {g->off[s], noc_graph_find(g, b, d)};
            return noc_pathset_add(ps, triv, 2, 1.0, ctx);
        }
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "table routing: no stored route from %s to %s",
                         noc_rt_name(t, s), noc_rt_name(t, d));
    }
    const struct noc_route *rt = &t->routes[i];
    ch = noc_malloc(ctx, (size_t)rt->len + 1, sizeof *ch);
    if (!ch)
        return NOC_ENOMEM;
    ch[0] = noc_graph_find(g, s, rt->path[0]);
    for (int j = 0; j + 1 < rt->len; j++)
        ch[j + 1] = noc_graph_find(g, rt->path[j], rt->path[j + 1]);
    ch[rt->len] = noc_graph_find(g, rt->path[rt->len - 1], d);
    for (int j = 0; j <= rt->len; j++)
        if (ch[j] < 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "table route %s -> %s uses a missing channel",
                           noc_rt_name(t, s), noc_rt_name(t, d));
            goto cleanup;
        }
    rc = noc_pathset_add(ps, ch, rt->len + 1, 1.0, ctx);
cleanup:
    free(ch);
    return rc;
}

int noc_rt_table_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    const struct table *p = r->priv;
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *rt = &t->routes[i];
        if (noc_u64map_get(&p->idx, noc_pair_key(rt->src, rt->dst)) != i)
            continue;
        for (int j = 0; j + 2 < rt->len; j++) {
            int c1 = noc_graph_find(g, rt->path[j], rt->path[j + 1]);
            int c2 = noc_graph_find(g, rt->path[j + 1], rt->path[j + 2]);
            if (c1 < 0 || c2 < 0)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "table route %s -> %s uses a missing channel",
                                 noc_rt_name(t, rt->src), noc_rt_name(t, rt->dst));
            int rc = noc_rt_cdg_add(cdg, c1, 0, c2, 0, ctx);
            if (rc != NOC_OK)
                return rc;
        }
    }
    return NOC_OK;
}
