/* The routing model registry and the routing state lifecycle. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

static const struct rt_model models[] = {
    {"ecmp", NOC_RT_ECMP, 0, NULL, NULL, NULL, NULL, NULL, NULL},
    {"ideal", NOC_RT_IDEAL, 0, NULL, NULL, NULL, NULL, NULL, NULL},
    {"optimal", NOC_RT_OPTIMAL, 0, NULL, NULL, NULL, NULL, NULL, NULL},
    {"dor", NOC_RT_DOR, 1, noc_rt_dor_init, noc_rt_dor_release, NULL, noc_rt_dor_next, NULL, noc_rt_dor_deps},
    {"updown", NOC_RT_UPDOWN, 1, noc_rt_updown_init, noc_rt_updown_release, noc_rt_updown_dest,
     noc_rt_updown_next, NULL, NULL},
    {"desttag", NOC_RT_DESTTAG, 1, noc_rt_desttag_init, noc_rt_desttag_release, noc_rt_desttag_dest,
     noc_rt_desttag_next, NULL, NULL},
    {"table", NOC_RT_TABLE, 1, noc_rt_table_init, noc_rt_table_release, NULL, NULL, noc_rt_table_paths,
     noc_rt_table_deps},
    {"westfirst", NOC_RT_WESTFIRST, 1, noc_rt_turn_init, noc_rt_turn_release, NULL, noc_rt_turn_next, NULL, NULL},
    {"oddeven", NOC_RT_ODDEVEN, 1, noc_rt_turn_init, noc_rt_turn_release, NULL, noc_rt_turn_next, NULL, NULL},
    {"nca", NOC_RT_NCA, 1, noc_rt_nca_init, noc_rt_updown_release, noc_rt_updown_dest, noc_rt_updown_next, NULL, NULL},
    {"duato", NOC_RT_DUATO, 1, noc_rt_turn_init, noc_rt_turn_release, NULL, noc_rt_duato_next, NULL, noc_rt_duato_deps},
};
#define NMODELS ((int)(sizeof models / sizeof models[0]))

const struct rt_model *noc_rt_model_get(int model)
{
    for (int i = 0; i < NMODELS; i++)
        if (models[i].model == model)
            return &models[i];
    return NULL;
}

int noc_routing_parse(const char *name, int *model, struct noc_ctx *ctx)
{
    for (int i = 0; i < NMODELS; i++)
        if (name && !strcmp(name, models[i].name)) {
            *model = models[i].model;
            return NOC_OK;
        }
    return noc_error(ctx, NOC_EINVAL, NULL, 0,
                     "unknown routing '%s' (ecmp, ideal, optimal, dor, updown, desttag, table, "
                     "westfirst, oddeven, nca, duato)",
                     name ? name : "");
}

const char *noc_routing_name(int model)
{
    const struct rt_model *m = noc_rt_model_get(model);
    return m ? m->name : NULL;
}

int noc_routing_is_deterministic(int model)
{
    const struct rt_model *m = noc_rt_model_get(model);
    return m ? m->deterministic : 0;
}

const char *noc_rt_name(const struct noc_topo *t, int v)
{
    return (v >= 0 && v < t->nnodes && t->nodes[v].name) ? t->nodes[v].name : "?";
}

int noc_rt_reach(const struct noc_topo *t, int root, int other, int flags, int s, int d, int *dist, int *order,
                 int *nv, struct noc_ctx *ctx)
{
    int n = noc_graph_bfs(&t->g, t->nrouters, &root, 1, flags, -1, dist, order);
    if (nv)
        *nv = n;
    if (dist[other] < 0)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no path from %s to %s", noc_rt_name(t, s),
                         noc_rt_name(t, d));
    return NOC_OK;
}

int noc_routing_init(struct noc_routing *r, const struct noc_topo *t, int model, int vcs,
                     struct noc_ctx *ctx)
{
    memset(r, 0, sizeof *r);
    const struct rt_model *m = noc_rt_model_get(model);
    if (!m)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown routing model %d", model);
    if (vcs < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "virtual channels must be >= 1 (got %d)", vcs);
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing needs a finalized topology");
    r->model = model;
    r->t = t;
    r->vcs = vcs;
    int rc = m->init ? m->init(r, ctx) : NOC_OK;
    if (rc != NOC_OK)
        memset(r, 0, sizeof *r);
    return rc;
}

void noc_routing_free(struct noc_routing *r)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    if (r->priv && m && m->release)
        m->release(r->priv);
    memset(r, 0, sizeof *r);
}

int noc_routing_paths(const struct noc_routing *r, int s, int d, struct noc_pathset *ps,
                      struct noc_ctx *ctx)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    noc_pathset_clear(ps);
    if (!m || !r->t)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing not initialised");
    if (s < 0 || s >= r->t->nnodes || d < 0 || d >= r->t->nnodes)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "path endpoint out of range");
    if (m->paths)
        return m->paths(r, s, d, ps, ctx);
    if (!m->next)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "routing '%s' splits traffic over many paths and gives no path list",
                         m->name);
    return noc_rt_walk_paths(r, m, s, d, ps, ctx);
}

int noc_routing_next(const struct noc_routing *r, int D, int u, int cin, int cls,
                     struct noc_route_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    struct rt_dest dd;
    struct rt_hop h[RT_MAXHOP];
    int rc = NOC_OK, n = 0;
    *nhop = 0;
    if (!m || !r->t)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing not initialised");
    if (!m->next)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0, "routing '%s' has no step function", m->name);
    if (u == D)
        return NOC_OK;
    memset(&dd, 0, sizeof dd);
    dd.d = D;
    if (m->dest && (rc = m->dest(r, D, &dd, ctx)) != NOC_OK)
        return rc;
    if (cin >= 0 && !noc_topo_is_rr(r->t, cin))
        cin = -1;
    rc = m->next(r, &dd, u, cin, cls, h, &n, ctx);
    for (int i = 0; rc == NOC_OK && i < n && i < NOC_ROUTE_MAXHOP; i++) {
        hop[i].ch = h[i].ch;
        hop[i].cls = h[i].cls;
        hop[i].w = h[i].w;
        *nhop = i + 1;
    }
    noc_rt_dest_release(&dd);
    return rc;
}

void noc_rt_dest_release(struct rt_dest *dd)
{
    free(dd->own);
    memset(dd, 0, sizeof *dd);
}
