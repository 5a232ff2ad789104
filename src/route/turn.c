/* Minimal adaptive routing by turn models on 2-D meshes (k x k or
 * dims=AxB, any concentration): every productive direction the model
 * allows is a next hop, and the traffic is split equally among them.
 *
 *  west-first (Glass & Ni, "The turn model for adaptive routing", ISCA
 *  1992): the turns into the west (N->W, S->W) are forbidden, so a packet
 *  with its destination to the west goes west first (deterministically);
 *  otherwise it may take any productive direction among E, N, S.
 *
 *  odd-even (Chiu, "The odd-even turn model for adaptive routing", IEEE
 *  TPDS 11(7), 2000): no E->N or E->S turn in an even column, no N->W or
 *  S->W turn in an odd column.  The next hops are those of Chiu's ROUTE
 *  function: with the destination e0 = dx columns east and e1 = dy rows
 *  north of the current router (column c0, destination column d0):
 *    e0 = 0: the vertical direction;
 *    e0 > 0: e1 = 0: E; else N/S when c0 is odd or the packet is still in
 *            its source column, and E when d0 is odd or e0 != 1;
 *    e0 < 0: W, and N/S (e1 != 0) when c0 is even.
 *  "Still in its source column" is decided from the arriving channel: an
 *  east-bound packet in an even column that arrived vertically (or was
 *  just injected) can only have been there since injection, because
 *  entering an even column from the west and turning N/S there is the
 *  forbidden E->N/E->S turn.
 *
 * East is +x (router index + 1), north +y (index + k); router (x, y) of the
 * generator is r(x + k y).  Both models are deadlock free with one VC (the
 * channel dependency graph is acyclic; the deadlock check verifies it from
 * the step function).  `eval` loads them as the equal split over the
 * allowed next hops; `sim` picks one allowed path per packet with those
 * weights, or with --adaptive chooses among the allowed next hops at every
 * router by free credits (src/sim/adaptive.c).  duato.c shares this state. */
#include "route_int.h"

#include <stdlib.h>

struct turn {
    int kx, ky;
    int *node, *idx;
};

void noc_rt_turn_release(void *priv)
{
    struct turn *p = priv;
    if (!p)
        return;
    free(p->node);
    free(p->idx);
    free(p);
}

int noc_rt_turn_init(struct noc_routing *r, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_shape *sh = &t->shape;
    const char *name = noc_routing_name(r->model);
    if (sh->family != NOC_FAM_MESH || sh->ndims != 2 || sh->dims[0] * sh->dims[1] != t->nrouters)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "routing %s applies to 2-D meshes (gen mesh n=2, cmesh), not this "
                         "topology",
                         name);
    struct turn *p = noc_calloc(ctx, 1, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    p->kx = sh->dims[0];
    p->ky = sh->dims[1];
    p->node = noc_malloc(ctx, (size_t)t->nrouters, sizeof *p->node);
    p->idx = noc_malloc(ctx, (size_t)t->nrouters, sizeof *p->idx);
    if (!p->node || !p->idx) {
        noc_rt_turn_release(p);
        return NOC_ENOMEM;
    }
    noc_rt_map_indices(t, p->node, p->idx);
    r->priv = p;
    return NOC_OK;
}

enum { DIR_E, DIR_W, DIR_N, DIR_S };

/* Adds the channel from u in direction dir (1/weight split later). */
static void add(const struct noc_routing *r, const struct turn *p, int u, int dir, struct rt_hop *hop,
                int *nhop, int cls)
{
    static const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
    int i = p->idx[u], x = i % p->kx + dx[dir], y = i / p->kx + dy[dir];
    if (x < 0 || x >= p->kx || y < 0 || y >= p->ky)
        return;
    int e = noc_graph_find(&r->t->g, u, p->node[x + p->kx * y]);
    if (e < 0 || *nhop >= RT_MAXHOP)
        return;
    hop[*nhop].ch = e;
    hop[*nhop].cls = cls;
    (*nhop)++;
}

void noc_rt_turn_coords(const struct noc_routing *r, int u, int *xy)
{
    const struct turn *p = r->priv;
    xy[0] = p->idx[u] % p->kx;
    xy[1] = p->idx[u] / p->kx;
}

int noc_rt_turn_channel(const struct noc_routing *r, int u, int dir)
{
    const struct turn *p = r->priv;
    struct rt_hop h;
    int n = 0;
    add(r, p, u, dir, &h, &n, 0);
    return n ? h.ch : -1;
}

int noc_rt_turn_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                     struct rt_hop *hop, int *nhop, struct noc_ctx *ctx)
{
    (void)ctx;
    const struct turn *p = r->priv;
    int iu = p->idx[u], id = p->idx[dd->d];
    int c0 = iu % p->kx, c1 = iu / p->kx, d0 = id % p->kx, d1 = id / p->kx;
    int e0 = d0 - c0, e1 = d1 - c1, vert = e1 > 0 ? DIR_N : DIR_S;
    *nhop = 0;
    if (e0 == 0 && e1 == 0)
        return NOC_OK;
    if (e0 == 0) {
        add(r, p, u, vert, hop, nhop, cls);
    } else if (r->model == NOC_RT_WESTFIRST) {
        if (e0 < 0) {
            add(r, p, u, DIR_W, hop, nhop, cls);
        } else {
            add(r, p, u, DIR_E, hop, nhop, cls);
            if (e1 != 0)
                add(r, p, u, vert, hop, nhop, cls);
        }
    } else if (e0 > 0) {
        if (e1 == 0) {
            add(r, p, u, DIR_E, hop, nhop, cls);
        } else {
            /* still in the source column: injected here or arrived vertically */
            int arrived_vertically = cin >= 0 && noc_topo_is_rr(r->t, cin) &&
                                     p->idx[r->t->ch[cin].src] % p->kx == c0;
            if (c0 % 2 == 1 || cin < 0 || !noc_topo_is_rr(r->t, cin) || arrived_vertically)
                add(r, p, u, vert, hop, nhop, cls);
            if (d0 % 2 == 1 || e0 != 1)
                add(r, p, u, DIR_E, hop, nhop, cls);
        }
    } else {
        add(r, p, u, DIR_W, hop, nhop, cls);
        if (e1 != 0 && c0 % 2 == 0)
            add(r, p, u, vert, hop, nhop, cls);
    }
    for (int i = 0; i < *nhop; i++)
        hop[i].w = 1.0 / *nhop;
    return NOC_OK;
}
