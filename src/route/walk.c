/* Paths of the destination-based models, generated from their step
 * function; endpoint resolution shared by the path producers. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

#define RT_MAXPATHS 16384 /* adaptive turn models enumerate many */

int noc_rt_src_router(const struct noc_topo *t, int s)
{
    return noc_topo_is_router(t, s) ? s : noc_topo_inject_router(t, s);
}

int noc_rt_dst_router(const struct noc_topo *t, int d)
{
    return noc_topo_is_router(t, d) ? d : noc_topo_eject_router(t, d);
}

/* A path under construction. */
struct part {
    int *ch;
    size_t cap;
    int n;
    int u, cin, cls;
    double w;
};

static int part_push(struct part *p, int c, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&p->ch, &p->cap, (size_t)p->n + 1, sizeof *p->ch))
        return NOC_ENOMEM;
    p->ch[p->n++] = c;
    return NOC_OK;
}

static int part_clone(struct part *dst, const struct part *src, struct noc_ctx *ctx)
{
    *dst = *src;
    dst->cap = (size_t)src->n + 8;
    dst->ch = noc_malloc(ctx, dst->cap, sizeof *dst->ch);
    if (!dst->ch)
        return NOC_ENOMEM;
    if (src->n)
        memcpy(dst->ch, src->ch, (size_t)src->n * sizeof *src->ch);
    return NOC_OK;
}

/* Applies hop h to p: channel appended, state advanced. */
static int part_step(struct part *p, const struct noc_topo *t, const struct rt_hop *h,
                     struct noc_ctx *ctx)
{
    int rc = part_push(p, h->ch, ctx);
    p->u = t->ch[h->ch].dst;
    p->cin = h->ch;
    p->cls = h->cls;
    p->w *= h->w;
    return rc;
}

int noc_rt_walk_paths(const struct noc_routing *r, const struct rt_model *m, int s, int d,
                      struct noc_pathset *ps, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    struct part *parts = NULL;
    size_t pcap = 0;
    int np = 0, rc = NOC_OK;
    struct rt_dest dd;
    memset(&dd, 0, sizeof dd);
    int a = noc_rt_src_router(t, s), D = noc_rt_dst_router(t, d);
    if (a < 0 || D < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "'%s' or '%s' is not attached to a router",
                         noc_rt_name(t, s), noc_rt_name(t, d));
    int inj = noc_topo_is_router(t, s) ? -1 : g->off[s];
    int ej = noc_topo_is_router(t, d) ? -1 : noc_graph_find(g, D, d);
    long maxlen = (long)t->nch * r->vcs + 2;
    NOC_CHECK(noc_grow(ctx, (void **)&parts, &pcap, 1, sizeof *parts));
    memset(&parts[0], 0, sizeof parts[0]);
    parts[0].u = a;
    parts[0].cin = inj; /* the injection channel (models that turn by input port), or -1 */
    parts[0].w = 1.0;
    np = 1;
    if (inj >= 0 && (rc = part_push(&parts[0], inj, ctx)) != NOC_OK)
        goto cleanup;
    if (m->dest) {
        NOC_CHECK(m->dest(r, D, &dd, ctx));
    } else {
        dd.d = D;
    }
    for (int i = 0; i < np; i++) {
        struct rt_hop hop[RT_MAXHOP];
        int nhop;
        while (parts[i].u != D) {
            if (parts[i].n > maxlen) {
                rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "%s routing loops between %s and %s",
                               m->name, noc_rt_name(t, s), noc_rt_name(t, d));
                goto cleanup;
            }
            NOC_CHECK(m->next(r, &dd, parts[i].u, parts[i].cin, parts[i].cls, hop, &nhop, ctx));
            if (nhop == 0) {
                rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "%s routing has no path from %s to %s",
                               m->name, noc_rt_name(t, s), noc_rt_name(t, d));
                goto cleanup;
            }
            /* Alternatives go right after path i, so the listing is in the
             * lexicographic order of the choices (first hop option first). */
            for (int k = nhop - 1; k >= 1; k--) {
                if (np >= RT_MAXPATHS) {
                    rc = noc_error(ctx, NOC_ELIMIT, NULL, 0, "more than %d paths", RT_MAXPATHS);
                    goto cleanup;
                }
                NOC_CHECK(noc_grow(ctx, (void **)&parts, &pcap, (size_t)np + 1, sizeof *parts));
                memmove(&parts[i + 2], &parts[i + 1], (size_t)(np - i - 1) * sizeof *parts);
                if ((rc = part_clone(&parts[i + 1], &parts[i], ctx)) != NOC_OK) {
                    memmove(&parts[i + 1], &parts[i + 2], (size_t)(np - i - 1) * sizeof *parts);
                    goto cleanup;
                }
                np++;
                NOC_CHECK(part_step(&parts[i + 1], t, &hop[k], ctx));
            }
            NOC_CHECK(part_step(&parts[i], t, &hop[0], ctx));
        }
        if (ej >= 0 && (rc = part_push(&parts[i], ej, ctx)) != NOC_OK)
            goto cleanup;
    }
    for (int i = 0; i < np; i++)
        NOC_CHECK(noc_pathset_add(ps, parts[i].ch, parts[i].n, parts[i].w, ctx));
cleanup:
    if (rc != NOC_OK)
        noc_pathset_clear(ps);
    for (int i = 0; i < np; i++)
        free(parts[i].ch);
    free(parts);
    noc_rt_dest_release(&dd);
    return rc;
}

int noc_routing_path_classes(const struct noc_routing *r, const int *ch, int n, int *cls, struct noc_ctx *ctx)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    const struct noc_topo *t = r->t;
    for (int i = 0; i < n; i++)
        cls[i] = 0;
    if (!m || !t)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing not initialised");
    if (!m->next || n < 1)
        return NOC_OK; /* one class: table, ecmp, ideal, optimal */
    int last = n - 1;
    while (last >= 0 && !noc_topo_is_rr(t, ch[last]))
        last--;
    if (last < 0)
        return NOC_OK;
    int D = t->ch[ch[last]].dst, rc = NOC_OK, cin = -1, c = 0;
    struct rt_dest dd;
    memset(&dd, 0, sizeof dd);
    if (m->dest) {
        NOC_CHECK(m->dest(r, D, &dd, ctx));
    } else {
        dd.d = D;
    }
    for (int i = 0; i <= last; i++) {
        if (!noc_topo_is_rr(t, ch[i]))
            continue;
        struct rt_hop hop[RT_MAXHOP];
        int nhop = 0, u = t->ch[ch[i]].src, v = t->ch[ch[i]].dst, k;
        NOC_CHECK(m->next(r, &dd, u, cin, c, hop, &nhop, ctx));
        for (k = 0; k < nhop && t->ch[hop[k].ch].dst != v; k++)
            ;
        if (k == nhop) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "%s routing does not take %s -> %s toward %s", m->name,
                           noc_rt_name(t, u), noc_rt_name(t, v), noc_rt_name(t, D));
            goto cleanup;
        }
        cls[i] = c = hop[k].cls;
        cin = hop[k].ch;
    }
cleanup:
    noc_rt_dest_release(&dd);
    return rc;
}
