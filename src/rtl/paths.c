/* Routing of the RTL: the model the simulator would use, one path per
 * terminal pair, dateline VC classes per hop, the per-router tables and
 * each flow's zero-load latency; link cycles from the tech model. */
#include "rtl_int.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

#include <stdlib.h>
#include <string.h>

/* The default rule's test for the RTL: every flow has a path (ud: the
 * struct noc_rtl). */
static int every_flow(void *ud, const struct noc_routing *rt)
{
    const struct noc_rtl *r = ud;
    struct noc_pathset ps;
    struct noc_ctx tmp;
    noc_pathset_init(&ps);
    noc_ctx_init(&tmp);
    int ok = 1;
    for (int f = 0; f < r->nflows && ok; f++)
        ok = noc_routing_paths(rt, noc_topo_term_node(rt->t, r->flow[f].src),
                               noc_topo_term_node(rt->t, r->flow[f].dst), &ps, &tmp) == NOC_OK;
    noc_pathset_free(&ps);
    return ok;
}

/* The first of table, dor, desttag, updown that gives every flow a path
 * (the simulator's default rule: noc_routing_default, route.h). */
static int choose(const struct noc_topo *t, const struct noc_rtl *r, int vcs, struct noc_routing *rt,
                  struct noc_ctx *ctx)
{
    struct noc_ctx tmp;
    noc_ctx_init(&tmp);
    if (noc_routing_default(t, NULL, 0, vcs, every_flow, (void *)r, rt, &tmp) == NOC_OK)
        return NOC_OK;
    return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                     "rtl: no routing model (table, dor, desttag, updown) gives every flow a path");
}

/* Router coordinates for dateline classes (dor on tori and rings): index
 * by name r<i> when every router has one, else the node id (route.h). */
static int coords(const struct noc_topo *t, int *ndim, int *dims, int **coord, struct noc_ctx *ctx)
{
    const struct noc_shape *sh = &t->shape;
    int R = t->nrouters, byname = 1;
    *ndim = sh->family == NOC_FAM_RING ? 1 : sh->ndims;
    for (int j = 0; j < *ndim; j++)
        dims[j] = sh->family == NOC_FAM_RING && !(sh->ndims >= 1 && sh->dims[0] > 0) ? R : sh->dims[j];
    *coord = noc_malloc(ctx, (size_t)R * (size_t)*ndim + 1, sizeof **coord);
    char *seen = noc_calloc(ctx, (size_t)R + 1, 1);
    if (!*coord || !seen) {
        free(seen);
        return NOC_ENOMEM;
    }
    for (int v = 0; v < R && byname; v++) {
        long i = noc_topo_router_index(t->nodes[v].name);
        byname = i >= 0 && i < R && !seen[i];
        if (byname)
            seen[i] = 1;
    }
    for (int v = 0; v < R; v++) {
        long x = byname ? noc_topo_router_index(t->nodes[v].name) : v;
        for (int j = 0; j < *ndim; j++) {
            (*coord)[(size_t)v * *ndim + j] = (int)(x % dims[j]);
            x /= dims[j];
        }
    }
    free(seen);
    return NOC_OK;
}

static int link_cycles(const struct noc_topo *t, const struct noc_tech *tech, int c)
{
    if (t->ch[c].latency > 0)
        return t->ch[c].latency;
    return noc_tech_link_cycles(tech, noc_topo_channel_length(t, c), t->freq_mhz);
}

/* Enters path ch[0..len) of pair (s, d) into the tables. */
static int enter(struct rtl_design *d, int s, int dd, const int *ch, const unsigned char *cls, int len,
                 struct noc_ctx *ctx)
{
    const struct noc_topo *t = d->t;
    size_t key = (size_t)s * d->N + dd;
    for (int i = 0; i + 1 < len; i++) {
        int u = t->g.dst[ch[i]];
        size_t at = (size_t)u * d->N * d->N + key;
        if (d->port[at])
            return noc_error(ctx, NOC_EUNSUP, NULL, 0, "rtl: the path from '%s' to '%s' visits router '%s' twice",
                             t->nodes[noc_topo_term_node(t, s)].name, t->nodes[noc_topo_term_node(t, dd)].name,
                             t->nodes[u].name);
        d->port[at] = (unsigned char)(ch[i + 1] - t->g.off[u] + 1);
        d->cls[at] = cls[i + 1];
    }
    return NOC_OK;
}

int noc_rtl_route(struct rtl_design *d, struct noc_rtl *r, const struct noc_tech *tech, struct noc_ctx *ctx)
{
    const struct noc_topo *t = d->t;
    const int N = d->N, R = d->R;
    struct noc_routing rt;
    struct noc_pathset ps;
    int *coord = NULL, ndim = 0, dims[NOC_MAXDIM], rc, have_rt = 0;
    unsigned char *cl = NULL;
    noc_pathset_init(&ps);
    d->lat = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *d->lat);
    d->inj = noc_malloc(ctx, (size_t)N + 1, sizeof *d->inj);
    d->ej = noc_malloc(ctx, (size_t)N + 1, sizeof *d->ej);
    d->port = noc_calloc(ctx, (size_t)R * N * N + 1, 1);
    d->cls = noc_calloc(ctx, (size_t)R * N * N + 1, 1);
    d->srckey = noc_calloc(ctx, (size_t)R + 1, sizeof *d->srckey);
    cl = noc_malloc(ctx, (size_t)t->nch + 1, 1);
    if (!d->lat || !d->inj || !d->ej || !d->port || !d->cls || !d->srckey || !cl) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < t->nch; c++)
        d->lat[c] = link_cycles(t, tech, c);
    for (int i = 0; i < N; i++) {
        int v = noc_topo_term_node(t, i);
        if (t->g.off[v + 1] - t->g.off[v] != 1 || t->g.in_off[v + 1] - t->g.in_off[v] != 1) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0,
                           "rtl: terminal '%s' needs exactly one injection and one ejection channel",
                           t->nodes[v].name);
            goto cleanup;
        }
        d->inj[i] = t->g.off[v];
        d->ej[i] = t->g.in_edge[t->g.in_off[v]];
    }
    NOC_CHECK(choose(t, r, d->V, &rt, ctx));
    have_rt = 1;
    r->routing = rt.model;
    d->ncls = 1;
    if (rt.model == NOC_RT_DOR && d->V >= 2 &&
        (t->shape.family == NOC_FAM_TORUS || t->shape.family == NOC_FAM_RING)) {
        if (d->V % 2) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "rtl: dateline VC classes need an even --vcs");
            goto cleanup;
        }
        d->ncls = 2;
        NOC_CHECK(coords(t, &ndim, dims, &coord, ctx));
    }
    r->classes = d->ncls;
    /* every pair with a path; the flows must have one */
    for (int s = 0; s < N; s++)
        for (int dd = 0; dd < N; dd++) {
            struct noc_ctx tmp;
            noc_ctx_init(&tmp);
            if (noc_routing_paths(&rt, noc_topo_term_node(t, s), noc_topo_term_node(t, dd), &ps, &tmp) != NOC_OK)
                continue;
            int len = ps.start[1] - ps.start[0];
            const int *ch = ps.ch + ps.start[0];
            noc_dateline_path_classes(t, coord, dims, ndim, ch, len, cl);
            NOC_CHECK(enter(d, s, dd, ch, cl, len, ctx));
            for (int f = 0; f < r->nflows; f++)
                if (r->flow[f].src == s && r->flow[f].dst == dd) {
                    int lat = (len - 1) * d->o->router_delay + d->o->pkt_len - 1;
                    for (int i = 0; i < len; i++)
                        lat += d->lat[ch[i]];
                    r->flow[f].hops = len - 1;
                    r->flow[f].latency = lat;
                }
        }
    for (int f = 0; f < r->nflows; f++)
        if (r->flow[f].hops == 0) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "rtl: no path from '%s' to '%s'",
                           t->nodes[noc_topo_term_node(t, r->flow[f].src)].name,
                           t->nodes[noc_topo_term_node(t, r->flow[f].dst)].name);
            goto cleanup;
        }
    /* a router's table is keyed by destination unless two sources disagree */
    for (int u = 0; u < R; u++)
        for (int dd = 0; dd < N && !d->srckey[u]; dd++) {
            int first = -1;
            for (int s = 0; s < N; s++) {
                size_t at = (size_t)u * N * N + (size_t)s * N + dd;
                int e = d->port[at] ? d->port[at] | d->cls[at] << 7 : -1;
                if (e < 0)
                    continue;
                if (first >= 0 && e != first)
                    d->srckey[u] = 1;
                first = e;
            }
        }
cleanup:
    if (have_rt)
        noc_routing_free(&rt);
    noc_pathset_free(&ps);
    free(coord);
    free(cl);
    return rc;
}

void noc_rtl_design_free(struct rtl_design *d)
{
    free(d->lat);
    free(d->inj);
    free(d->ej);
    free(d->port);
    free(d->cls);
    free(d->srckey);
}
