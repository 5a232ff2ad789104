/* Per-hop adaptive routing in the simulator (sim --adaptive; --routing
 * duato): instead of a path fixed at the source, a head flit's output is
 * chosen at VC allocation in every router among the next hops the routing's
 * step function allows (noc_routing_next), by congestion: the output channel
 * with the most credits (free downstream buffer slots, summed over the VCs
 * the packet may use) that has a free VC, and on it the free VC with the
 * most credits; ties to the earlier hop in the model's order (x before y),
 * then to the VC met first from the input VC's round-robin pointer.  The decision is taken
 * again each cycle until a VC is granted.
 *
 *  westfirst, oddeven: every allowed hop on any VC (deadlock free with one
 *  VC by the turn model: Glass & Ni 1992; Chiu 2000).
 *  duato: the productive hops on the adaptive VCs 1..V-1; when none of them
 *  is free, the escape VC 0 of the dor hop (x before y); a packet that took
 *  an escape VC requests only the dor hop's VC 0 from then on (Duato 1993;
 *  Dally & Towles 2004, sec. 14.3: the escape sub-network is dor, acyclic
 *  on a mesh, and always offered).
 *
 * Ejection: at its destination router a head requests its terminal's
 * ejection channel on any VC.  Statistics: router-to-router hops of each
 * delivered packet against the shortest path (BFS distances). */
#include "sim_int.h"

#include <math.h>
#include <stdlib.h>

#define SIM_DIST_MAX_R 1024

static int distances(struct sim_net *n, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &n->t->g;
    int R = n->R;
    if (R > SIM_DIST_MAX_R)
        return NOC_OK;
    int *q = noc_malloc(ctx, (size_t)R, sizeof *q);
    n->dist = noc_malloc(ctx, (size_t)R * (size_t)R, sizeof *n->dist);
    if (!q || !n->dist) {
        free(q);
        return NOC_ENOMEM;
    }
    for (int s = 0; s < R; s++)
        noc_graph_bfs(g, R, &s, 1, NOC_BFS_OUT, -1, n->dist + (size_t)s * R, q);
    free(q);
    return NOC_OK;
}

int noc_sim_adaptive_init(struct sim_net *n, const struct noc_sim_opts *o, struct noc_ctx *ctx)
{
    const struct noc_topo *t = n->t;
    int model = n->rt.model;
    if (n->deflect) {
        n->adaptive = SIM_AD_DEFLECT;
    } else if (model == NOC_RT_DUATO) {
        n->adaptive = SIM_AD_DUATO;
    } else if (o->adaptive) {
        if (model != NOC_RT_WESTFIRST && model != NOC_RT_ODDEVEN)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "sim: adaptive routing applies to westfirst, oddeven and duato, not %s",
                             noc_routing_name(model));
        n->adaptive = SIM_AD_TURN;
    } else {
        return NOC_OK;
    }
    if (n->drop)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: adaptive routing needs virtual channels and credits, not --flow drop");
    if (n->deflect && n->R > SIM_DIST_MAX_R)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: deflection routing needs router distances: at most %d routers, not %d",
                         SIM_DIST_MAX_R, n->R);
    for (int u = 0; n->deflect && u < n->R; u++) {
        const struct noc_graph *g = &t->g;
        int nin = 0, nout = 0;
        for (int j = g->in_off[u]; j < g->in_off[u + 1]; j++)
            nin += noc_topo_is_router(t, g->src[g->in_edge[j]]);
        for (int e = g->off[u]; e < g->off[u + 1]; e++)
            nout += noc_topo_is_router(t, g->dst[e]);
        if (nin > nout)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "sim: deflection routing needs as many router outputs as inputs at every "
                             "router (%s has %d inputs, %d outputs)",
                             t->nodes[u].name, nin, nout);
    }
    if (n->adaptive == SIM_AD_DUATO && n->V < 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: duato needs >= 2 VCs (VC 0 is the escape channel), not %d", n->V);
    n->term_rin = noc_malloc(ctx, (size_t)n->N, sizeof *n->term_rin);
    n->term_rout = noc_malloc(ctx, (size_t)n->N, sizeof *n->term_rout);
    n->term_ej = noc_malloc(ctx, (size_t)n->N, sizeof *n->term_ej);
    if (!n->term_rin || !n->term_rout || !n->term_ej)
        return NOC_ENOMEM;
    for (int i = 0; i < n->N; i++) {
        int v = noc_topo_term_node(t, i);
        n->term_rin[i] = noc_topo_inject_router(t, v);
        n->term_rout[i] = noc_topo_eject_router(t, v);
        n->term_ej[i] = noc_graph_find(&t->g, n->term_rout[i], v);
        if (n->term_ej[i] < 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: terminal %s has no ejection channel",
                             t->nodes[v].name);
    }
    return distances(n, ctx);
}

/* Considers VCs [lo, hi) of channel o: the free VC with the most credits,
 * scored by the channel's credits over [lo, hi) first (port congestion),
 * then the VC's own; kept when strictly better than *best. */
static void consider(const struct sim_state *st, int o, int lo, int hi, int start, int len,
                     int *best, long *bestc)
{
    const struct sim_net *n = st->n;
    int V = n->V, span = hi - lo, ej = n->kind[o] == CH_EJ;
    long port = 0;
    for (int w = lo; w < hi; w++)
        port += ej ? n->B : st->credits[o * V + w];
    if (start < lo || start >= hi)
        start = lo;
    for (int k = 0, w = start; k < span; k++, w = w + 1 == hi ? lo : w + 1) {
        int ovc = o * V + w, c = ej ? n->B : st->credits[ovc];
        if (st->owner[ovc] >= 0)
            continue;
        if (n->flow == NOC_SIM_VCT && !ej && c < len)
            continue;
        long score = port * 65537L + c;
        if (score > *bestc) {
            *best = ovc;
            *bestc = score;
        }
    }
}

int noc_sim_adaptive_request(struct sim_state *st, int u, int ic, int i)
{
    const struct sim_net *n = st->n;
    const struct sim_ivc *q = &st->ivc[i];
    const struct sim_pkt *k = &st->pk[q->fr.pkt];
    int V = n->V, D = n->term_rout[k->dst], best = -1, start = st->rr_va_in[i];
    long bestc = -1;
    if (u == D) {
        consider(st, n->term_ej[k->dst], 0, V, start, k->len, &best, &bestc);
        return best;
    }
    struct noc_route_hop hop[NOC_ROUTE_MAXHOP];
    int nh = 0;
    if (noc_routing_next(&n->rt, D, u, n->kind[ic] == CH_RR ? ic : -1, 0, hop, &nh, st->ctx) != NOC_OK)
        return -1;
    if (n->adaptive == SIM_AD_TURN) {
        for (int h = 0; h < nh; h++)
            consider(st, hop[h].ch, 0, V, start, k->len, &best, &bestc);
        return best;
    }
    if (!k->esc)
        for (int h = 0; h < nh; h++)
            consider(st, hop[h].ch, 1, V, start, k->len, &best, &bestc);
    if (best < 0 && nh > 0)
        consider(st, hop[0].ch, 0, 1, 0, k->len, &best, &bestc);
    return best;
}

double noc_sim_adaptive_pair_latency(const struct sim_net *n, int s, int d)
{
    const struct noc_graph *g = &n->t->g;
    struct noc_ctx ctx;
    struct noc_route_hop hop[NOC_ROUTE_MAXHOP];
    int u = n->term_rin[s], D = n->term_rout[d], cin = -1, len = 2, nh;
    double l = n->lat[n->term_inj[s]] + n->lat[n->term_ej[d]];
    noc_ctx_init(&ctx);
    for (int steps = 0; u != D && steps <= n->R; steps++) {
        int o = -1;
        if (n->adaptive == SIM_AD_DEFLECT) {
            for (int e = g->off[u]; e < g->off[u + 1] && o < 0; e++) {
                int dv = n->dist[(size_t)n->ch_dst[e] * n->R + D];
                if (n->kind[e] == CH_RR && dv >= 0 && dv < n->dist[(size_t)u * n->R + D])
                    o = e;
            }
        } else if (noc_routing_next(&n->rt, D, u, cin, 0, hop, &nh, &ctx) == NOC_OK && nh > 0) {
            o = hop[0].ch;
        }
        if (o < 0)
            return NAN;
        l += n->lat[o];
        len++;
        cin = o;
        u = n->ch_dst[o];
    }
    return l + (double)(len - 1) * n->D + (n->mean_len - 1);
}

void noc_sim_adaptive_hops(struct sim_state *st, int p)
{
    const struct sim_net *n = st->n;
    const struct sim_pkt *k = &st->pk[p];
    int hops = k->hop - 1; /* channels after the injection one, minus the ejection */
    st->hop_n++;
    st->hop_sum += hops;
    if (n->dist && hops > n->dist[(size_t)n->term_rin[k->src] * n->R + n->term_rout[k->dst]])
        st->nonmin++;
}
