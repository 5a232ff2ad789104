/* Dimension-order routing: k-ary n-cubes (mesh, torus, ring, cmesh),
 * flattened butterflies and hypercubes (e-cube). */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

enum { DOR_CUBE, DOR_FLAT };

#define DOR_MAXDIM 31 /* hypercubes may exceed NOC_MAXDIM */

struct dor {
    int kind;               /* DOR_CUBE: +-1 steps; DOR_FLAT: straight jumps */
    int n;                  /* dimensions */
    int k[DOR_MAXDIM];      /* radix per dimension */
    int wrap[DOR_MAXDIM];   /* torus / ring dimension */
    long stride[DOR_MAXDIM];
    int *coord;             /* R * n, by router node id */
    int *node;              /* router index -> node id */
    int *idx;               /* router node id -> index */
    int *nb;                /* DOR_CUBE: channels + and - per (router, dim) */
    signed char *cdim;      /* per channel: the dimension it moves in, or -1 */
};

void noc_rt_dor_release(void *priv)
{
    struct dor *p = priv;
    if (!p)
        return;
    free(p->coord);
    free(p->node);
    free(p->idx);
    free(p->nb);
    free(p->cdim);
    free(p);
}

void noc_rt_map_indices(const struct noc_topo *t, int *node, int *idx)
{
    int R = t->nrouters, byname = 1;
    for (int i = 0; i < R; i++)
        node[i] = -1;
    for (int v = 0; v < R && byname; v++) {
        long i = noc_topo_router_index(t->nodes[v].name);
        if (i < 0 || i >= R || node[i] >= 0)
            byname = 0;
        else
            node[i] = v;
    }
    for (int i = 0; i < R; i++)
        if (!byname)
            node[i] = i;
    for (int i = 0; i < R; i++)
        idx[node[i]] = i;
}

/* The `which`-th (0 or 1) channel u -> v, or -1. */
static int channel(const struct noc_graph *g, int u, int v, int which)
{
    int e = noc_graph_find(g, u, v);
    if (e < 0 || which == 0)
        return e;
    return (e + 1 < g->off[u + 1] && g->dst[e + 1] == v) ? e + 1 : -1;
}

/* Router node reached from u by setting coordinate i to c. */
static int neighbour(const struct dor *p, int u, int i, int c)
{
    long idx = p->idx[u] + (long)(c - p->coord[(size_t)u * p->n + i]) * p->stride[i];
    return p->node[idx];
}

static int shape_dims(struct dor *p, const struct noc_topo *t, struct noc_ctx *ctx)
{
    const struct noc_shape *sh = &t->shape;
    int R = t->nrouters;
    p->n = sh->ndims;
    p->kind = DOR_CUBE;
    switch (sh->family) {
    case NOC_FAM_MESH:
    case NOC_FAM_TORUS:
        for (int i = 0; i < p->n && i < NOC_MAXDIM; i++) {
            p->k[i] = sh->dims[i];
            p->wrap[i] = sh->family == NOC_FAM_TORUS;
        }
        break;
    case NOC_FAM_RING:
        p->n = 1;
        p->k[0] = sh->ndims >= 1 && sh->dims[0] > 0 ? sh->dims[0] : R;
        p->wrap[0] = 1;
        break;
    case NOC_FAM_FLATFLY:
        p->kind = DOR_FLAT;
        for (int i = 0; i < p->n && i < NOC_MAXDIM; i++)
            p->k[i] = sh->dims[i];
        break;
    case NOC_FAM_HYPERCUBE: /* n from R: the shape caps ndims at NOC_MAXDIM */
        p->kind = DOR_FLAT;
        for (p->n = 0; p->n < DOR_MAXDIM - 1 && (1L << p->n) < R; p->n++)
            p->k[p->n] = 2;
        break;
    default:
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "dor needs a mesh, torus, cmesh, flattened butterfly or hypercube%s%s%s",
                         sh->name[0] ? " (this is a '" : "", sh->name, sh->name[0] ? "')" : "");
    }
    long prod = 1;
    if (p->n < 1 || p->n > (sh->family == NOC_FAM_HYPERCUBE ? DOR_MAXDIM : NOC_MAXDIM))
        return noc_error(ctx, NOC_EUNSUP, NULL, 0, "dor: %d dimensions in the topology's shape",
                         p->n);
    for (int i = 0; i < p->n; i++) {
        if (p->k[i] < 1 || prod > 0x7fffffffL / p->k[i])
            return noc_error(ctx, NOC_EUNSUP, NULL, 0, "dor: bad radix %d in dimension %d", p->k[i], i);
        p->stride[i] = prod;
        prod *= p->k[i];
    }
    if (prod != R)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "dor: the shape (%ld routers) does not match the topology (%d routers)", prod, R);
    return NOC_OK;
}

/* Every channel dor may take must exist. */
static int check_wiring(const struct dor *p, const struct noc_topo *t, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    for (int u = 0; u < t->nrouters; u++)
        for (int i = 0; i < p->n; i++) {
            int x = p->coord[(size_t)u * p->n + i], k = p->k[i];
            for (int c = 0; c < k; c++) {
                int need;
                if (p->kind == DOR_FLAT)
                    need = c != x;
                else
                    need = (c == x + 1 || c == x - 1 ||
                            (p->wrap[i] && k > 2 && (c == (x + 1) % k || c == (x + k - 1) % k)));
                if (need && channel(g, u, neighbour(p, u, i, c), 0) < 0)
                    return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                                     "dor: the topology does not match its shape: no channel %s -> %s",
                                     noc_rt_name(t, u), noc_rt_name(t, neighbour(p, u, i, c)));
            }
        }
    return NOC_OK;
}

/* The dimension a router-router channel moves in (-1 if none). */
static int channel_dim(const struct dor *p, const struct noc_topo *t, int c)
{
    if (c < 0 || !noc_topo_is_rr(t, c))
        return -1;
    const int *a = p->coord + (size_t)t->ch[c].src * p->n, *b = p->coord + (size_t)t->ch[c].dst * p->n;
    for (int i = 0; i < p->n; i++)
        if (a[i] != b[i])
            return i;
    return -1;
}

/* Lookup tables for the step function: channel dimensions, and for k-ary
 * n-cubes the + and - channel of every router in every dimension (-1 at a
 * mesh edge; on a k = 2 ring the second parallel channel, if any, is -). */
static int tables(struct dor *p, const struct noc_topo *t, struct noc_ctx *ctx)
{
    int R = t->nrouters;
    p->cdim = noc_malloc(ctx, (size_t)t->nch, sizeof *p->cdim);
    if (!p->cdim)
        return NOC_ENOMEM;
    for (int c = 0; c < t->nch; c++)
        p->cdim[c] = (signed char)channel_dim(p, t, c);
    if (p->kind != DOR_CUBE)
        return NOC_OK;
    p->nb = noc_malloc(ctx, (size_t)R * (size_t)p->n * 2, sizeof *p->nb);
    if (!p->nb)
        return NOC_ENOMEM;
    for (int u = 0; u < R; u++)
        for (int i = 0; i < p->n; i++) {
            int x = p->coord[(size_t)u * p->n + i], k = p->k[i];
            int *nb = p->nb + ((size_t)u * p->n + i) * 2;
            nb[0] = nb[1] = -1;
            if (x + 1 < k || (p->wrap[i] && k > 1))
                nb[0] = channel(&t->g, u, neighbour(p, u, i, (x + 1) % k), 0);
            if (x > 0 || (p->wrap[i] && k > 1))
                nb[1] = channel(&t->g, u, neighbour(p, u, i, (x + k - 1) % k), p->wrap[i] && k == 2);
        }
    return NOC_OK;
}

int noc_rt_dor_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    int R = t->nrouters, rc;
    struct dor *p = noc_calloc(ctx, 1, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    NOC_CHECK(shape_dims(p, t, ctx));
    p->coord = noc_malloc(ctx, (size_t)R * (size_t)p->n, sizeof *p->coord);
    p->node = noc_malloc(ctx, (size_t)R, sizeof *p->node);
    p->idx = noc_malloc(ctx, (size_t)R, sizeof *p->idx);
    if (!p->coord || !p->node || !p->idx) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_rt_map_indices(t, p->node, p->idx);
    for (int u = 0; u < R; u++) {
        long x = p->idx[u];
        for (int i = 0; i < p->n; i++) {
            p->coord[(size_t)u * p->n + i] = (int)(x % p->k[i]);
            x /= p->k[i];
        }
    }
    NOC_CHECK(check_wiring(p, t, ctx));
    NOC_CHECK(tables(p, t, ctx));
    r->priv = p;
    p = NULL;
cleanup:
    noc_rt_dor_release(p);
    return rc;
}

int noc_rt_dor_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                    struct rt_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    const struct dor *p = r->priv;
    const struct noc_topo *t = r->t;
    const int *cu = p->coord + (size_t)u * p->n, *cd = p->coord + (size_t)dd->d * p->n;
    int i = 0;
    while (i < p->n && cu[i] == cd[i])
        i++;
    *nhop = 0;
    if (i == p->n)
        return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "dor: asked to route %s to itself", noc_rt_name(t, u));
    int x = cu[i], y = cd[i], k = p->k[i];
    if (p->kind == DOR_FLAT) {
        rt_hop_set(&hop[0], channel(&t->g, u, neighbour(p, u, i, y), 0), 0, 1.0);
    } else if (!p->wrap[i]) {
        rt_hop_set(&hop[0], p->nb[((size_t)u * p->n + i) * 2 + (y > x ? 0 : 1)], 0, 1.0);
    } else {
        int delta = y - x < 0 ? y - x + k : y - x;
        const int *nb = p->nb + ((size_t)u * p->n + i) * 2;
        /* Dateline classes (route.h): chosen on entering the dimension,
         * kept to its end. */
        int dl = r->vcs >= 2, cont = dl && cin >= 0 && p->cdim[cin] == i;
        int wp = cont ? cls : dl && noc_dateline_class(x, y, 0);
        int wm = cont ? cls : dl && noc_dateline_class(x, y, 1);
        if (2 * delta < k || (2 * delta == k && (nb[1] < 0 || nb[1] == nb[0]))) {
            rt_hop_set(&hop[0], nb[0], wp, 1.0);
        } else if (2 * delta > k) {
            rt_hop_set(&hop[0], nb[1], wm, 1.0);
        } else {
            rt_hop_set(&hop[0], nb[0], wp, 0.5);
            rt_hop_set(&hop[1], nb[1], wm, 0.5);
            *nhop = 2;
        }
    }
    if (!*nhop)
        *nhop = 1;
    for (int h = 0; h < *nhop; h++)
        if (hop[h].ch < 0)
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "dor: missing channel at %s", noc_rt_name(t, u));
    return NOC_OK;
}

int noc_dateline_class(int x, int y, int dir)
{
    return dir == 0 ? y < x : y > x;
}

/* 1 when every router is the injection router and the ejection router of
 * some terminal: then every state the generic exploration could reach is
 * reached, and the structural enumeration below gives the same CDG. */
static int all_routers_attached(const struct noc_topo *t, struct noc_ctx *ctx, int *ok)
{
    char *mark = noc_calloc(ctx, (size_t)t->nrouters, 1);
    if (!mark)
        return NOC_ENOMEM;
    for (int i = 0; i < t->nterminals; i++) {
        int v = noc_topo_term_node(t, i), a = noc_topo_inject_router(t, v), b = noc_topo_eject_router(t, v);
        if (a >= 0)
            mark[a] |= 1;
        if (b >= 0)
            mark[b] |= 2;
    }
    *ok = 1;
    for (int u = 0; u < t->nrouters; u++)
        if (mark[u] != 3)
            *ok = 0;
    free(mark);
    return NOC_OK;
}

/* Longest run of hops dor takes in one dimension of radix k going + (dir
 * 0) or - (dir 1) on a torus: ties (2d = k) go both ways when the - channel
 * is distinct, which the callers check through the channel's existence. */
static int run_max(int k, int dir)
{
    if (dir == 0 || k % 2 == 0)
        return k / 2;
    return (k - 1) / 2;
}

static int flat_deps(const struct dor *p, const struct noc_topo *t, struct rt_cdg *cdg,
                     struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    for (int u = 0; u < t->nrouters; u++)
        for (int j = g->in_off[u]; j < g->in_off[u + 1]; j++) {
            int c1 = g->in_edge[j];
            if (p->cdim[c1] < 0 || c1 != noc_graph_find(g, g->src[c1], u))
                continue;
            for (int c2 = g->off[u]; c2 < g->off[u + 1]; c2++) {
                if (p->cdim[c2] <= p->cdim[c1] || c2 != noc_graph_find(g, u, g->dst[c2]))
                    continue;
                int rc = noc_rt_cdg_add(cdg, c1, 0, c2, 0, ctx);
                if (rc != NOC_OK)
                    return rc;
            }
        }
    return NOC_OK;
}

/* The dateline classes (bit 0: class 0, bit 1: class 1) a packet can take
 * on its first hop in dimension i from router u going + (di 0) or - (1):
 * its run there has 1 .. run_max hops. */
static int first_classes(const struct dor *p, int u, int i, int di, int dl)
{
    int x = p->coord[(size_t)u * p->n + i], k = p->k[i], rm = run_max(k, di), mask = 0;
    if (!dl || !p->wrap[i])
        return 1;
    for (int len = 1; len <= rm; len++)
        mask |= 1 << noc_dateline_class(x, ((di == 0 ? x + len : x - len) % k + k) % k, di);
    return mask;
}

int noc_rt_dor_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx)
{
    const struct dor *p = r->priv;
    const struct noc_topo *t = r->t;
    int ok = 0, rc, dl = r->vcs >= 2, n = p->n;
    if ((rc = all_routers_attached(t, ctx, &ok)) != NOC_OK)
        return rc;
    if (!ok)
        return noc_rt_explore_deps(r, cdg, ctx);
    if (p->kind == DOR_FLAT)
        return flat_deps(p, t, cdg, ctx);
    for (int u = 0; u < t->nrouters; u++)
        for (int j = 0; j < n; j++)
            for (int dj = 0; dj < 2; dj++) {
                /* Packets that arrive at u moving in dimension j, direction
                 * dj, after m hops in that dimension, with rem hops left in
                 * it (on a torus the run's class depends on both). */
                int x = p->coord[(size_t)u * n + j], k = p->k[j], wj = p->wrap[j];
                int back = dj == 0 ? x - 1 : x + 1;
                if (!wj && (back < 0 || back >= k))
                    continue;
                int w = neighbour(p, u, j, (back + k) % k);
                int c1 = p->nb[((size_t)w * n + j) * 2 + dj];
                if (c1 < 0 || t->ch[c1].dst != u)
                    continue;
                int mmax = wj ? run_max(k, dj) : (dj == 0 ? x : k - 1 - x);
                for (int m = 1; m <= mmax; m++)
                    for (int rem = 0; rem <= (wj ? mmax - m : 1); rem++) {
                        int start = dj == 0 ? x - m : x + m, end = dj == 0 ? x + rem : x - rem;
                        int v1 = dl && wj && noc_dateline_class((start % k + k) % k, (end % k + k) % k, dj);
                        int c2 = p->nb[((size_t)u * n + j) * 2 + dj];
                        if (rem > 0) {
                            if (c2 >= 0 && (rc = noc_rt_cdg_add(cdg, c1, v1, c2, v1, ctx)) != NOC_OK)
                                return rc;
                            continue;
                        }
                        for (int i = j + 1; i < n; i++)
                            for (int di = 0; di < 2; di++) {
                                c2 = p->nb[((size_t)u * n + i) * 2 + di];
                                if (c2 < 0 || (p->wrap[i] && run_max(p->k[i], di) < 1))
                                    continue;
                                int mask = first_classes(p, u, i, di, dl);
                                for (int v2 = 0; v2 < 2; v2++)
                                    if ((mask >> v2 & 1) && (rc = noc_rt_cdg_add(cdg, c1, v1, c2, v2, ctx)) != NOC_OK)
                                        return rc;
                            }
                    }
            }
    return NOC_OK;
}

void noc_dateline_path_classes(const struct noc_topo *t, const int *coord, const int *dims, int ndim,
                               const int *ch, int len, unsigned char *cls)
{
    const struct noc_graph *g = &t->g;
    int pdim = -1, first = 0, x0 = 0, dir = 0;
    for (int i = 0; i < len; i++) {
        int c = ch[i], u = g->src[c], v = g->dst[c], j = 0;
        cls[i] = 0;
        if (!coord || !noc_topo_is_rr(t, c))
            continue;
        const int *cu = coord + (size_t)u * ndim, *cv = coord + (size_t)v * ndim;
        while (j < ndim && cu[j] == cv[j])
            j++;
        if (j == ndim)
            continue;
        int k = dims[j], x = cu[j], y = cv[j];
        if (j != pdim) {
            first = i;
            x0 = x;
            dir = !(k == 2 ? !(c > g->off[u] && g->dst[c - 1] == v) : y == (x + 1) % k);
            pdim = j;
        }
        unsigned char run = (unsigned char)noc_dateline_class(x0, y, dir);
        for (int h = first; h <= i; h++)
            if (noc_topo_is_rr(t, ch[h]))
                cls[h] = run;
    }
}
