/* The general search of the minimal sweep (see sweep.c's file comment
 * for the model): one BFS over every node from a source group's virtual
 * source, terminals settled from their ejection routers, path counts
 * rescaled per level where they could overflow, then the statistics and
 * the ECMP loads by reverse accumulation.  Any topology: terminals that
 * inject or eject at several routers, parallel channels (router-level
 * path counts kept apart), unidirectional channels. */
#include "eval_int.h"

#include "nocsyn/graph.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <math.h>
#include <stdlib.h>

/* Forward pass: BFS from the virtual source of group `gi`.  Returns the
 * number of routers reached (queue length); sets *scaled when some level
 * was rescaled. */
static int forward(const struct ev_sw *sh, struct ev_sw_worker *w, int gi, int *scaled)
{
    const struct noc_graph *g = &sh->t->g;
    const int *off = g->off, *dst = g->dst, *rr_end = sh->rr_end;
    int R = sh->R, multi = sh->multi;
    int *queue = w->queue, *dag = w->dag, *dagoff = w->dagoff;
    struct ev_sw_node *nd = w->nd;
    double *sigr = w->sigr;
    for (int v = 0; v < R; v++)
        nd[v].dist = -1;
    int rep = R + sh->gmem[sh->gstart[gi]];
    int qt = 0, ndag = 0;
    double bound = 0;
    for (int e = off[rep]; e < off[rep + 1]; e++) {
        int r = dst[e];
        if (nd[r].dist < 0) {
            nd[r].dist = 1;
            nd[r].sig = 0;
            if (multi)
                sigr[r] = 0;
            queue[qt++] = r;
        }
        nd[r].sig += 1;
        if (multi && (e == off[rep] || dst[e - 1] != r))
            sigr[r] += 1;
        bound += 1;
    }
    w->lexp[1] = 0;
    *scaled = 0;
    int qh = 0, L = 1;
    while (qh < qt) {
        int lend = qt, nl = L + 1;
        /* Two copies of the level loop on purpose: without parallel
         * channels (the usual case) the hot inner loop carries no
         * router-level count and no test for it. */
        if (!multi) {
            for (; qh < lend; qh++) {
                int u = queue[qh];
                double su = nd[u].sig;
                dagoff[qh] = ndag;
                for (int e = off[u]; e < rr_end[u]; e++) {
                    int x = dst[e], dx = nd[x].dist;
                    if (dx < 0) {
                        nd[x].dist = nl;
                        nd[x].sig = su;
                        queue[qt++] = x;
                        dag[ndag++] = e;
                    } else if (dx == nl) {
                        nd[x].sig += su;
                        dag[ndag++] = e;
                    }
                }
            }
        } else {
            for (; qh < lend; qh++) {
                int u = queue[qh];
                double su = nd[u].sig, sr = sigr[u];
                dagoff[qh] = ndag;
                for (int e = off[u]; e < rr_end[u]; e++) {
                    int x = dst[e], dx = nd[x].dist;
                    if (dx < 0) {
                        nd[x].dist = nl;
                        nd[x].sig = su;
                        sigr[x] = sr;
                        queue[qt++] = x;
                        dag[ndag++] = e;
                    } else if (dx == nl) {
                        nd[x].sig += su;
                        if (e == off[u] || dst[e - 1] != x)
                            sigr[x] += sr;
                        dag[ndag++] = e;
                    }
                }
            }
        }
        /* Level nl is [lend, qt) (terminals reached at nl + 1 keep the
         * exponent of level nl, their predecessors'). */
        w->lexp[nl] = w->lexp[L];
        if (qt > lend) {
            bound *= sh->maxin;
            if (bound > EV_SCALE_BOUND) {
                double mx = 0;
                for (int i = lend; i < qt; i++)
                    if (nd[queue[i]].sig > mx)
                        mx = nd[queue[i]].sig;
                if (mx > EV_SCALE_TRIGGER) {
                    for (int i = lend; i < qt; i++) {
                        nd[queue[i]].sig = ldexp(nd[queue[i]].sig, -EV_SCALE_EXP);
                        if (multi)
                            sigr[queue[i]] = ldexp(sigr[queue[i]], -EV_SCALE_EXP);
                    }
                    w->lexp[nl] += EV_SCALE_EXP;
                    mx = ldexp(mx, -EV_SCALE_EXP);
                    *scaled = 1;
                }
                bound = mx;
            }
        }
        L = nl;
    }
    dagoff[qt] = ndag;
    return qt;
}

/* Reverse pass: loads of the DAG channels (see the file comment); a
 * router's ejection channels are on the DAG when they settle their
 * terminal. */
static void reverse(const struct ev_sw *sh, struct ev_sw_worker *w, int qt, int scaled)
{
    const int *dst = sh->t->g.dst, *off = sh->t->g.off, *rr_end = sh->rr_end;
    const int *dag = w->dag, *dagoff = w->dagoff, *queue = w->queue;
    const struct ev_sw_node *nd = w->nd;
    double *c = w->c, *load = w->load;
    for (int qi = qt - 1; qi >= 0; qi--) {
        int u = queue[qi], L = nd[u].dist;
        /* Router successors' c are in the units of level L + 1: convert by
         * 2^(E_L - E_{L+1}) (exactly 1 unless a level was rescaled).
         * Terminal successors are in the units of level L already. */
        double f = scaled ? ldexp(1.0, w->lexp[L] - w->lexp[L + 1]) : 1.0;
        double su = nd[u].sig, acc = 0;
        for (int k = dagoff[qi]; k < dagoff[qi + 1]; k++) {
            int e = dag[k];
            double cx = c[dst[e]] * f;
            load[e] += su * cx;
            acc += cx;
        }
        for (int e = rr_end[u]; e < off[u + 1]; e++) {
            int x = dst[e];
            if (nd[x].dist == L + 1) {
                double cx = c[x];
                load[e] += su * cx;
                acc += cx;
            }
        }
        c[u] = acc;
    }
}

/* Settles terminal node v after the router search: its distance is one
 * more than its nearest ejection router's, its path counts the sum over
 * those routers (router-level: parallel ejection channels once). */
static inline void settle_terminal(const struct ev_sw *sh, struct ev_sw_worker *w, int v)
{
    const struct noc_graph *g = &sh->t->g;
    struct ev_sw_node *nd = w->nd;
    int i0 = g->in_off[v], i1 = g->in_off[v + 1];
    if (i1 - i0 == 1) {
        int r = g->src[g->in_edge[i0]];
        nd[v].dist = nd[r].dist < 0 ? -1 : nd[r].dist + 1;
        nd[v].sig = nd[r].sig;
        if (sh->multi)
            w->sigr[v] = w->sigr[r];
        return;
    }
    int best = -1, prev = -1;
    double s = 0, sr = 0;
    for (int i = i0; i < i1; i++) {
        int r = g->src[g->in_edge[i]], dr = nd[r].dist;
        if (dr < 0 || (best >= 0 && dr > best))
            continue;
        if (best < 0 || dr < best) {
            best = dr;
            s = sr = 0;
            prev = -1;
        }
        s += nd[r].sig;
        if (sh->multi && r != prev)
            sr += w->sigr[r];
        prev = r;
    }
    nd[v].dist = best < 0 ? -1 : best + 1;
    nd[v].sig = s;
    if (sh->multi)
        w->sigr[v] = sr;
}

/* The router-level path count to terminal node v (true value, may be inf;
 * a scaled count also updates the log10 maximum, which the caller otherwise
 * derives from pd_max). */
static double path_count_scaled(const struct ev_sw *sh, struct ev_sw_worker *w, int v)
{
    double s = sh->multi ? w->sigr[v] : w->nd[v].sig;
    int ex = w->lexp[w->nd[v].dist - 1];
    if (ex == 0)
        return s;
    double lg = log10(s) + ex * log10(2.0);
    if (lg > w->st.pd_log10_max)
        w->st.pd_log10_max = lg;
    return ldexp(s, ex);
}

static inline double path_count(const struct ev_sw *sh, struct ev_sw_worker *w, int v)
{
    if (!w->scaled)
        return sh->multi ? w->sigr[v] : w->nd[v].sig;
    return path_count_scaled(sh, w, v);
}

/* Statistics of group gi from its search; fills w->wd with the group's
 * traffic to every terminal. */
static int group_stats(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                       struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = sh->tr;
    int R = sh->R, N = sh->N;
    const int *mem = sh->gmem + sh->gstart[gi];
    int gs = sh->gstart[gi + 1] - sh->gstart[gi];
    struct ev_stats *st = &w->st;
    double uni = tr->uniform;
    for (int k = 0; k < gs; k++)
        w->mark[mem[k]] = gi + 1;
    /* All terminal pairs: diameter and connectivity; the uniform part. */
    double hsum = 0, uw = uni > 0 ? gs * (uni / N) : 0;
    int hmax = -1, unreach = -1;
    for (int d = 0; d < N; d++) {
        int v = R + d;
        settle_terminal(sh, w, v);
        w->wd[d] = uw;
        if (w->nd[v].dist < 0) {
            if (unreach < 0)
                unreach = d;
            continue;
        }
        int h = w->nd[v].dist - 2;
        if (h > hmax)
            hmax = h;
        hsum += h;
        if (uni > 0) {
            int mult = gs - (w->mark[d] == gi + 1);
            if (mult > 0)
                ev_stats_pd(st, path_count(sh, w, v), mult);
        }
    }
    int rc = noc_ev_sw_reach(sh, w, gi, unreach, hmax, ctx);
    if (rc != NOC_OK)
        return rc;
    if (uni > 0) {
        double self = 0;
        for (int k = 0; k < gs; k++)
            self += w->nd[R + mem[k]].dist - 2;
        noc_ev_sw_uniform(w, gs, hsum, self, hmax);
    }
    /* Sparse demands of the members. */
    for (int k = 0; k < gs; k++) {
        int s = mem[k];
        for (int j = tr->off[s]; j < tr->off[s + 1]; j++) {
            int d = tr->ent[j].d;
            if (w->nd[R + d].dist < 0)
                return noc_ev_sw_no_path(sh, s, d, ctx);
            ev_sw_demand(w, s, d, tr->ent[j].w, w->nd[R + d].dist - 2);
            if (d != s && uni <= 0)
                ev_stats_pd(st, path_count(sh, w, R + d), 1);
        }
    }
    if (isinf(st->pd_max))
        st->pd_overflow = 1;
    return NOC_OK;
}

int noc_ev_sw_group_general(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                            struct noc_ctx *ctx)
{
    int R = sh->R, N = sh->N, scaled;
    int qt = forward(sh, w, gi, &scaled);
    w->scaled = scaled;
    int rc = group_stats(sh, w, gi, ctx);
    if (rc != NOC_OK || !w->load)
        return rc;
    double tot = 0;
    if (!scaled) {
        /* Reached terminals have sig >= 1; unreached ones carry no traffic
         * and are never read by the reverse pass. */
        for (int d = 0; d < N; d++) {
            double wt = w->wd[d];
            w->c[R + d] = wt / w->nd[R + d].sig;
            tot += wt;
        }
    } else {
        for (int d = 0; d < N; d++) {
            int v = R + d;
            double wt = w->wd[d];
            if (wt > 0 && !(w->nd[v].sig > 0))
                return noc_error(ctx, NOC_ELIMIT, NULL, 0,
                                 "minimal path counts span more than the floating-point range");
            w->c[v] = wt > 0 ? wt / w->nd[v].sig : 0;
            tot += wt;
        }
    }
    if (tot <= 0)
        return NOC_OK;
    reverse(sh, w, qt, scaled);
    noc_ev_sw_inject_loads(sh, w, gi, w->c);
    return NOC_OK;
}
