/* Up*-down* routing (Schroeder et al., "Autonet", 1991) on any topology:
 * one shortest legal path per pair, lowest next router on ties. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>


struct updown {
    int *level;  /* BFS level of each router in its component's tree */
    int spread;  /* nca: spread over the k tied next channels (see fill) */
    int shift;   /* nca: 1 when leaves turn by input port (the digits start one level up) */
    int *rank;   /* nca: rank of each ejecting router among them, by id */
    int *height; /* nca: router hops from the nearest router with terminals */
    int *srank;  /* nca: rank of each router among those of its height, by id */
    int *port;   /* nca: per terminal-to-router channel, the terminal's index at its router */
    int *nup;    /* nca: up channels of each router when every one of them is tied
                  * toward every destination off it (fat-tree leaves, Clos inputs), else 0 */
    int *ntied;  /* nca init only: tied next channels of (router, up phase) for one D */
    struct rt_dtab dt;
};

void noc_rt_updown_release(void *priv)
{
    struct updown *p = priv;
    if (!p)
        return;
    free(p->level);
    free(p->rank);
    free(p->height);
    free(p->srank);
    free(p->port);
    free(p->nup);
    free(p->ntied);
    noc_rt_dtab_free(&p->dt);
    free(p);
}

static int is_up(const struct updown *p, const struct noc_topo *t, int c)
{
    int u = t->ch[c].src, v = t->ch[c].dst;
    return p->level[v] < p->level[u] || (p->level[v] == p->level[u] && v < u);
}

/* Root order: largest degree first, lowest id on ties. */
struct rootkey {
    int deg, id;
};

static int cmp_root(const void *a, const void *b)
{
    const struct rootkey *x = a, *y = b;
    if (x->deg != y->deg)
        return x->deg > y->deg ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* BFS levels over the undirected view of the router-router channels: one
 * tree per component, rooted at its first router in root order. */
static int levels(struct updown *p, const struct noc_topo *t, struct noc_ctx *ctx)
{
    int R = t->nrouters, rc = NOC_OK;
    struct rootkey *order = noc_malloc(ctx, (size_t)R, sizeof *order);
    int *queue = noc_malloc(ctx, (size_t)R, sizeof *queue);
    if (!order || !queue) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < R; v++) {
        order[v].deg = noc_topo_degree(t, v);
        order[v].id = v;
        p->level[v] = -1;
    }
    qsort(order, (size_t)R, sizeof *order, cmp_root);
    for (int i = 0; i < R; i++) {
        int root = order[i].id;
        if (p->level[root] >= 0)
            continue;
        noc_graph_bfs(&t->g, R, &root, 1, NOC_BFS_BOTH | NOC_BFS_KEEP, -1, p->level, queue);
    }
cleanup:
    free(order);
    free(queue);
    return rc;
}

/* tab[2u + phase]: the channel to take from router u in that phase toward
 * D, or -1.  Backward BFS over (router, phase) states from D, then the
 * lowest-id next router on a shortest legal path. */
static int fill(const struct noc_routing *r, int D, int *tab, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    const struct updown *p = r->priv;
    int R = t->nrouters, head = 0, tail = 0;
    int *dist = noc_malloc(ctx, (size_t)R * 2, sizeof *dist);
    int *queue = noc_malloc(ctx, (size_t)R * 2, sizeof *queue);
    if (!dist || !queue) {
        free(dist);
        free(queue);
        return NOC_ENOMEM;
    }
    for (int s = 0; s < 2 * R; s++) {
        dist[s] = -1;
        tab[s] = -1;
    }
    dist[2 * D] = dist[2 * D + 1] = 0;
    queue[tail++] = 2 * D;
    queue[tail++] = 2 * D + 1;
    while (head < tail) {
        int st = queue[head++], v = st / 2, ph = st % 2;
        for (int j = g->in_off[v]; j < g->in_off[v + 1]; j++) {
            int e = g->in_edge[j], w = g->src[e];
            if (w >= R)
                continue;
            int up = is_up(p, t, e);
            /* up: (w,0) -> (v,0); down: (w,0) and (w,1) -> (v,1). */
            if (up != (ph == 0))
                continue;
            for (int wp = 0; wp <= (up ? 0 : 1); wp++)
                if (dist[2 * w + wp] < 0) {
                    dist[2 * w + wp] = dist[st] + 1;
                    queue[tail++] = 2 * w + wp;
                }
        }
    }
    for (int u = 0; u < R; u++)
        for (int ph = 0; ph < 2; ph++) {
            int du = dist[2 * u + ph], nt = 0;
            if (u == D || du <= 0)
                continue;
            for (int e = g->off[u]; e < g->off[u + 1]; e++) {
                int v = g->dst[e];
                if (v >= R)
                    continue;
                int up = is_up(p, t, e);
                if (up && ph == 1)
                    continue;
                if (dist[2 * v + (up ? 0 : 1)] == du - 1) {
                    if (!p->spread) {
                        tab[2 * u + ph] = e;
                        break;
                    }
                    nt++;
                }
            }
            /* Destination-mod-k by level: at height h the digit
             * floor(rank(D) / k^h), shifted by the router's own id so that
             * routers of one stage send one destination different ways. */
            long digit = p->spread ? p->rank[D] : 0;
            for (int h = p->shift; nt > 1 && h < p->height[u] && digit > 0; h++)
                digit /= nt;
            int pick = nt > 0 ? (int)((digit + p->srank[u]) % nt) : 0;
            if (p->ntied && ph == 0)
                p->ntied[u] = nt;
            for (int e = g->off[u], k = 0; nt > 0 && e < g->off[u + 1]; e++) {
                int v = g->dst[e], up = v < R ? is_up(p, t, e) : 0;
                if (v >= R || (up && ph == 1) || dist[2 * v + (up ? 0 : 1)] != du - 1)
                    continue;
                if (k++ == pick) {
                    tab[2 * u + ph] = e;
                    break;
                }
            }
        }
    free(dist);
    free(queue);
    return NOC_OK;
}

int noc_rt_updown_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    int rc;
    struct updown *p = noc_calloc(ctx, 1, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    p->level = noc_malloc(ctx, (size_t)t->nrouters, sizeof *p->level);
    if (!p->level) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(levels(p, t, ctx));
    r->priv = p;
    if ((rc = noc_rt_dtab_build(&p->dt, r, 2, fill, ctx)) != NOC_OK)
        r->priv = NULL;
    else
        p = NULL;
cleanup:
    noc_rt_updown_release(p);
    return rc;
}

/* nca levels: the distance from the routers farthest from the routers
 * that carry terminals (term[] != 0), all roots at level 0.  dist, queue: R. */
static void nca_levels(struct updown *p, const struct noc_topo *t, const char *term, int *dist, int *queue)
{
    int R = t->nrouters, tail = 0, far = 0;
    for (int v = 0; v < R; v++)
        if (term[v])
            queue[tail++] = v;
    noc_graph_bfs(&t->g, R, queue, tail, NOC_BFS_BOTH, -1, dist, queue);
    for (int v = 0; v < R; v++)
        far = dist[v] > far ? dist[v] : far;
    tail = 0;
    for (int v = 0; v < R; v++)
        if (dist[v] == far)
            queue[tail++] = v;
    noc_graph_bfs(&t->g, R, queue, tail, NOC_BFS_BOTH, -1, p->level, queue);
}

/* nca: each terminal's index among those injecting at its router (port[]
 * of its channel), and nup[] = the up channels of every router that has
 * terminals (cleared later where they do not all tie). */
static void inject_ports(struct updown *p, const struct noc_topo *t, const char *term)
{
    const struct noc_graph *g = &t->g;
    int R = t->nrouters;
    for (int c = 0; c < t->nch; c++)
        p->port[c] = -1;
    for (int u = 0; u < R; u++) {
        int k = 0;
        for (int j = g->in_off[u]; j < g->in_off[u + 1]; j++)
            if (g->src[g->in_edge[j]] >= R)
                p->port[g->in_edge[j]] = k++;
        if (!(term[u] & 1))
            continue;
        for (int e = g->off[u]; e < g->off[u + 1]; e++)
            p->nup[u] += g->dst[e] < R && is_up(p, t, e);
    }
}

/* nca at a router whose up channels all tie: the table's up channel c for
 * this destination, turned by the injecting terminal's port, so the k
 * terminals of a leaf leave by k different up channels toward one
 * destination router (d-mod-k over terminals, Zahavi 2012, with the
 * destination's terminal digit taken from the source side; the leaf's
 * table is indexed by input port and destination, as a switch's can be). */
static int turn_by_port(const struct updown *p, const struct noc_topo *t, int u, int c, int port)
{
    const struct noc_graph *g = &t->g;
    int n = p->nup[u], at = -1, k = 0;
    for (int e = g->off[u]; e < g->off[u + 1]; e++)
        if (g->dst[e] < t->nrouters && is_up(p, t, e)) {
            if (e == c)
                at = k;
            k++;
        }
    if (at < 0 || n < 2)
        return c;
    int want = (at + port) % n;
    for (int e = g->off[u], j = 0; e < g->off[u + 1]; e++)
        if (g->dst[e] < t->nrouters && is_up(p, t, e) && j++ == want)
            return e;
    return c;
}

int noc_rt_nca_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    int R = t->nrouters, rc = NOC_OK;
    struct updown *p = noc_calloc(ctx, 1, sizeof *p);
    int *dist = noc_malloc(ctx, (size_t)R * 2 + 1, sizeof *dist), *queue = noc_malloc(ctx, (size_t)R + 1, sizeof *queue);
    int *tab = noc_malloc(ctx, (size_t)R * 2 + 1, sizeof *tab);
    char *term = noc_calloc(ctx, (size_t)R + 1, 1);
    if (!p || !dist || !queue || !tab || !term || !(p->level = noc_malloc(ctx, (size_t)R + 1, sizeof *p->level)) ||
        !(p->rank = noc_calloc(ctx, (size_t)R + 1, sizeof *p->rank)) ||
        !(p->height = noc_malloc(ctx, (size_t)R + 1, sizeof *p->height)) ||
        !(p->srank = noc_calloc(ctx, (size_t)R + 1, sizeof *p->srank)) ||
        !(p->port = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *p->port)) ||
        !(p->nup = noc_calloc(ctx, (size_t)R + 1, sizeof *p->nup)) ||
        !(p->ntied = noc_malloc(ctx, (size_t)R + 1, sizeof *p->ntied))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    p->spread = 1;
    for (int c = 0; c < t->nch; c++) { /* 1: a terminal injects here, 2: one ejects here */
        int a = t->ch[c].src, b = t->ch[c].dst;
        if (a >= R && b < R)
            term[b] |= 1;
        if (b >= R && a < R)
            term[a] |= 2;
    }
    nca_levels(p, t, term, dist, queue);
    for (int v = 0, k = 0; v < R; v++) {
        p->height[v] = dist[v];
        if (term[v] & 2)
            p->rank[v] = k++;
        for (int w = 0; w < v; w++) /* O(R^2), R = routers */
            p->srank[v] += dist[w] == dist[v];
    }
    inject_ports(p, t, term);
    r->priv = p;
    /* Every router that injects must reach every router that ejects; a
     * router keeps nup[] only when all its up channels tie toward every
     * destination off it. */
    for (int D = 0; D < R && rc == NOC_OK; D++) {
        if (!(term[D] & 2))
            continue;
        for (int u = 0; u < R; u++)
            p->ntied[u] = 0;
        if ((rc = fill(r, D, tab, ctx)) != NOC_OK)
            break;
        for (int u = 0; u < R; u++)
            if (u != D && p->nup[u] && p->ntied[u] != p->nup[u])
                p->nup[u] = 0;
        for (int u = 0; u < R; u++)
            if (u != D && (term[u] & 1) && tab[2 * u] < 0) {
                rc = noc_error(ctx, NOC_EUNSUP, NULL, 0,
                               "nca routing: no up*-down* path from %s to %s (nca is for fat trees and Clos)",
                               noc_rt_name(t, u), noc_rt_name(t, D));
                break;
            }
    }
    for (int u = 0; u < R; u++)
        p->shift |= p->nup[u] >= 2;
    free(p->ntied); /* fill runs later from noc_rt_dtab_dest, maybe in threads */
    p->ntied = NULL;
    if (rc == NOC_OK && (rc = noc_rt_dtab_build(&p->dt, r, 2, fill, ctx)) == NOC_OK)
        p = NULL;
    else
        r->priv = NULL;
cleanup:
    noc_rt_updown_release(p);
    free(dist);
    free(queue);
    free(tab);
    free(term);
    return rc;
}

int noc_rt_updown_dest(const struct noc_routing *r, int D, struct rt_dest *dd, struct noc_ctx *ctx)
{
    const struct updown *p = r->priv;
    return noc_rt_dtab_dest(&p->dt, r, D, dd, ctx);
}

int noc_rt_updown_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                       struct rt_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    const struct updown *p = r->priv;
    const struct noc_topo *t = r->t;
    (void)cls;
    (void)ctx;
    int ph = (cin >= 0 && noc_topo_is_rr(t, cin) && !is_up(p, t, cin)) ? 1 : 0;
    int c = rt_dest_channel(dd, &t->g, 2 * u + ph);
    if (p->nup && p->nup[u] && c >= 0 && cin >= 0 && p->port[cin] >= 0)
        c = turn_by_port(p, t, u, c, p->port[cin]);
    return rt_table_hop(c, hop, nhop);
}
