/* The evaluation engine: noc_eval fills struct noc_metrics from the
 * topology's structure, one minimal-path sweep (sweep.c), the routing
 * model's loads (ECMP from the sweep, deterministic models from routed.c,
 * ideal/optimal from the LP of lpload.c), the deadlock check and the
 * bisection.  Model and conventions: include/nocsyn/eval.h. */
#include "nocsyn/eval.h"

#include "eval_int.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void noc_eval_opts_init(struct noc_eval_opts *o)
{
    memset(o, 0, sizeof *o);
    o->routing = NOC_RT_ECMP;
    o->vcs = 1;
    o->threads = 0;
    o->bisection = 1;
    o->seed = 1;
    o->link_capacity_mbps = 0;
}

void noc_metrics_init(struct noc_metrics *m)
{
    memset(m, 0, sizeof *m);
    m->diameter = -1;
    m->hops_avg = m->hops_avg_excl_self = NAN;
    m->hops_max = -1;
    m->throughput = NAN;
    m->max_channel_load_mbps = NAN;
    m->max_utilization = NAN;
    m->pd_avg = m->pd_min = m->pd_max = NAN;
    m->pd_log10_max = NAN;
    m->bisection_links = -1;
    m->deadlock_free = -1;
    m->wire_length_mm = NAN;
    m->max_port_load = NAN;
    m->vcs = 1;
}

void noc_metrics_free(struct noc_metrics *m)
{
    free(m->load);
    free(m->capacity);
    noc_metrics_init(m);
}

/* Counts, degree and radix, wire length: the topology alone. */
static void structure(const struct noc_topo *t, struct noc_metrics *m)
{
    m->routers = t->nrouters;
    m->terminals = t->nterminals;
    m->links = noc_topo_links(t);
    m->channels = noc_topo_rr_channels(t);
    long dsum = 0, rsum = 0;
    for (int v = 0; v < t->nrouters; v++) {
        int d = noc_topo_degree(t, v), r = noc_topo_radix(t, v);
        if (v == 0 || d < m->degree_min)
            m->degree_min = d;
        if (v == 0 || d > m->degree_max)
            m->degree_max = d;
        if (v == 0 || r < m->radix_min)
            m->radix_min = r;
        if (v == 0 || r > m->radix_max)
            m->radix_max = r;
        dsum += d;
        rsum += r;
    }
    m->degree_avg = t->nrouters ? (double)dsum / t->nrouters : 0;
    m->radix_avg = t->nrouters ? (double)rsum / t->nrouters : 0;
    /* Wire length: every router-router link once (a bidirectional pair is
     * one link), unknown if any link's length is. */
    double wl = 0;
    for (int e = 0; e < t->nch && !isnan(wl); e++) {
        if (!noc_topo_is_rr(t, e))
            continue;
        int r = t->g.rev[e];
        if (r >= 0 && r < e)
            continue;
        double len = noc_topo_channel_length(t, e);
        wl = len < 0 ? NAN : wl + len;
    }
    m->wire_length_mm = wl;
}

/* hops and path diversity from the sweep statistics (eval_int.h). */
static void finish_stats(const struct noc_traffic *tr, int N, const struct ev_stats *st,
                         struct noc_metrics *m)
{
    double u = tr->uniform > 0 ? tr->uniform : 0;
    double spw = st->sp_w_self + st->sp_w_other;
    if (N > 0 && u > 0 && spw == 0) {
        /* Pure uniform: integer hop sums over N^2 and N(N-1) pairs. */
        m->hops_avg = (st->uni_h_self + st->uni_h_other) / ((double)N * N);
        m->hops_avg_excl_self = N > 1 ? st->uni_h_other / ((double)N * (N - 1)) : NAN;
    } else if (N > 0) {
        double uN = u / N;
        double wself = u, wother = u * (N - 1);
        double tot = wself + wother + spw;
        double hs = uN * (st->uni_h_self + st->uni_h_other) + st->sp_h_self + st->sp_h_other;
        m->hops_avg = tot > 0 ? hs / tot : NAN;
        double to = wother + st->sp_w_other;
        m->hops_avg_excl_self = to > 0 ? (uN * st->uni_h_other + st->sp_h_other) / to : NAN;
    }
    m->hops_max = st->hops_max;
    m->diameter = (st->disconnected || N == 0) ? -1 : st->diameter;
    if (st->pd_cnt > 0) {
        m->pd_avg = st->pd_sum / st->pd_cnt;
        m->pd_min = st->pd_min;
        m->pd_max = st->pd_max;
        m->pd_log10_max = isinf(st->pd_max) ? st->pd_log10_max : log10(st->pd_max);
    }
}

/* Capacities (MB/s) per channel: the option, else width x freq / 8 with the
 * channel's width or the topology default, or the channel's own capacity
 * when that is lower (a D2D module).  Leaves m->capacity
 * NULL when nothing is known. */
static int capacities(const struct noc_topo *t, const struct noc_eval_opts *o,
                      struct noc_metrics *m, struct noc_ctx *ctx)
{
    int known = o->link_capacity_mbps > 0;
    for (int e = 0; e < t->nch && !known; e++)
        known = (t->freq_mhz > 0 && (t->ch[e].width > 0 || t->link_width > 0)) || t->ch[e].capacity_mbps > 0;
    if (!known)
        return NOC_OK;
    m->capacity = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *m->capacity);
    if (!m->capacity)
        return NOC_ENOMEM;
    for (int e = 0; e < t->nch; e++) {
        double wdt = t->ch[e].width > 0 ? t->ch[e].width : t->link_width;
        if (o->link_capacity_mbps > 0)
            m->capacity[e] = o->link_capacity_mbps;
        else if (t->freq_mhz > 0 && wdt > 0)
            m->capacity[e] = noc_link_mbps(wdt, t->freq_mhz);
        /* A channel of its own capacity (a D2D module) is bounded by it too. */
        double own = t->ch[e].capacity_mbps;
        if (own > 0 && (m->capacity[e] <= 0 || own < m->capacity[e]))
            m->capacity[e] = own;
    }
    return NOC_OK;
}

/* The largest utilisation of a shared concentrator port: the sum of its
 * terminals' injection (or ejection) channel utilisations -- the port is as
 * wide as those channels. */
static double port_utilization(const struct noc_topo *t, const double *load, const double *cap,
                               double unit)
{
    const struct noc_graph *g = &t->g;
    double mx = 0;
    for (int u = 0; u < t->nrouters; u++) {
        double in = 0, out = 0;
        for (int i = g->in_off[u]; i < g->in_off[u + 1] && t->nodes[u].shared; i++)
            if (!noc_topo_is_router(t, g->src[g->in_edge[i]]))
                in += load[g->in_edge[i]] * unit / cap[g->in_edge[i]];
        for (int e = g->off[u]; e < g->off[u + 1] && t->nodes[u].shared; e++)
            if (!noc_topo_is_router(t, g->dst[e]))
                out += load[e] * unit / cap[e];
        mx = fmax(mx, fmax(in, out));
    }
    return mx;
}

/* max_channel_load (router-router channels), throughput, absolute loads,
 * max_utilization (every channel with a capacity, core links included). */
static void finish_loads(const struct noc_topo *t, const struct noc_traffic *tr,
                         struct noc_metrics *m, double lp_max)
{
    double mx = 0, umax = 0;
    int ucomplete = m->capacity != NULL;
    for (int e = 0; e < t->nch; e++) {
        /* max_channel_load: router-router channels (docs/INTERFACE.md section 2);
         * utilisation: every channel, core links included. */
        /* A channel of its own lower capacity (a D2D module) counts
         * against it: load / its share of the link (noc_topo_channel_rate). */
        if (noc_topo_is_rr(t, e) && m->load[e] / noc_topo_channel_rate(t, e) > mx)
            mx = m->load[e] / noc_topo_channel_rate(t, e);
        if (m->capacity) {
            if (m->capacity[e] > 0) {
                double u = m->load[e] * tr->unit_mbps / m->capacity[e];
                if (u > umax)
                    umax = u;
            } else {
                ucomplete = 0;
            }
        }
    }
    if (!isnan(lp_max))
        mx = lp_max;
    m->max_channel_load = mx;
    m->max_port_load = noc_topo_port_load(t, m->load);
    double bound = !isnan(m->max_port_load) && m->max_port_load > mx ? m->max_port_load : mx;
    m->throughput = bound > 0 ? 1 / bound : INFINITY;
    m->unit_mbps = tr->unit_mbps > 0 ? tr->unit_mbps : 0;
    /* Utilization of the loads' own flow (for ideal/optimal: the LP's
     * optimal flow, exact when capacities are uniform). */
    if (tr->unit_mbps > 0) {
        m->max_channel_load_mbps = mx * tr->unit_mbps;
        if (ucomplete && !isnan(m->max_port_load)) /* shared ports: as wide as their channels */
            umax = fmax(umax, port_utilization(t, m->load, m->capacity, tr->unit_mbps));
        if (ucomplete)
            m->max_utilization = umax;
    }
}

static void set_names(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                      struct noc_metrics *m)
{
    const char *rn = noc_routing_name(model);
    snprintf(m->topology, sizeof m->topology, "%s",
             t->name ? t->name : (t->shape.name[0] ? t->shape.name : ""));
    snprintf(m->traffic, sizeof m->traffic, "%s",
             tr->name ? tr->name : (tr->nent == 0 && tr->uniform > 0 ? "uniform" : "custom"));
    snprintf(m->routing, sizeof m->routing, "%s", rn ? rn : "?");
}

/* Deterministic routings: loads and hops from their paths, the deadlock
 * check with o->vcs virtual channels. */
static int eval_routed(const struct noc_topo *t, const struct noc_traffic *tr,
                       const struct noc_eval_opts *o, struct noc_metrics *m,
                       struct ev_stats *st, struct noc_ctx *ctx)
{
    struct noc_routing r;
    int rc = noc_routing_init(&r, t, o->routing, o->vcs, ctx);
    if (rc != NOC_OK)
        return rc;
    NOC_CHECK(noc_ev_sweep_minimal(t, tr, o->threads, NULL, st, ctx));
    NOC_CHECK(noc_ev_sweep_routed(t, tr, &r, o->threads, m->load, st, ctx));
    int df = 0;
    NOC_CHECK(noc_routing_deadlock_free(&r, &df, ctx));
    m->deadlock_free = df ? 1 : 0;
cleanup:
    noc_routing_free(&r);
    return rc;
}

int noc_eval(const struct noc_topo *t, const struct noc_traffic *tr,
             const struct noc_eval_opts *opts, struct noc_metrics *m, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    struct noc_eval_opts def;
    struct ev_stats st;
    double lp_max = NAN;
    if (!opts) {
        noc_eval_opts_init(&def);
        opts = &def;
    }
    noc_metrics_free(m);
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "evaluation needs a finalized topology");
    if (!tr || tr->n != t->nterminals || (!tr->off && tr->n > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "the traffic is for %d terminals, the topology has %d",
                         tr ? tr->n : 0, t->nterminals);
    if (opts->vcs < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "virtual channels must be >= 1 (got %d)",
                         opts->vcs);
    if (!noc_routing_name(opts->routing))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown routing model %d", opts->routing);
    set_names(t, tr, opts->routing, m);
    structure(t, m);
    m->vcs = opts->vcs;
    m->nch = t->nch;
    m->load = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *m->load);
    if (!m->load) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(capacities(t, opts, m, ctx));
    switch (opts->routing) {
    case NOC_RT_ECMP:
        rc = noc_ev_sweep_minimal(t, tr, opts->threads, m->load, &st, ctx);
        break;
    case NOC_RT_IDEAL:
    case NOC_RT_OPTIMAL:
        rc = noc_ev_sweep_minimal(t, tr, opts->threads, NULL, &st, ctx);
        if (rc == NOC_OK)
            rc = noc_eval_lp_load(t, tr, opts->routing, &lp_max, m->load, ctx);
        break;
    default:
        rc = eval_routed(t, tr, opts, m, &st, ctx);
        break;
    }
    if (rc != NOC_OK)
        goto cleanup;
    finish_stats(tr, t->nterminals, &st, m);
    finish_loads(t, tr, m, lp_max);
    if (opts->bisection && t->nterminals < 2) {
        m->bisection_links = 0; /* nothing to split */
        m->bisection_exact = 1;
    } else if (opts->bisection) {
        int links = -1, exact = 0;
        NOC_CHECK(noc_eval_bisection(t, opts->seed, &links, &exact, ctx));
        m->bisection_links = links;
        m->bisection_exact = exact;
    }
cleanup:
    if (rc != NOC_OK) {
        char topo[128];
        memcpy(topo, m->topology, sizeof topo);
        noc_metrics_free(m);
        memcpy(m->topology, topo, sizeof topo);
    }
    return rc;
}
