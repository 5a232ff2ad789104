/* One simulation run: the state of a load point, the cycle loop (credits,
 * flit arrivals, sources, routers), measurement with batch convergence and
 * draining, deadlock detection and the point's results. */
#include "sim_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void noc_sim_point_init(struct noc_sim_point *p)
{
    memset(p, 0, sizeof *p);
    p->latency_avg = p->latency_p99 = NAN;
    p->drop_rate = NAN;
    p->hops_avg = NAN;
    p->nonminimal = -1;
}

void noc_sim_point_free(struct noc_sim_point *p)
{
    free(p->util);
    free(p->flows);
    noc_sim_point_init(p);
}

static void state_free(struct sim_state *st)
{
    for (int i = 0; st->fw && i < st->W; i++)
        free(st->fw[i].data);
    for (int i = 0; st->cw && i < st->W; i++)
        free(st->cw[i].data);
    free(st->fw);
    free(st->cw);
    noc_heap_free(&st->retry);
    free(st->rpool);
    free(st->rfree);
    free(st->buf);
    free(st->ivc);
    free(st->credits);
    free(st->owner);
    free(st->rr_va_in);
    free(st->rr_va_out);
    free(st->rr_sa_in);
    free(st->rr_sa_io);
    free(st->rr_sa_out);
    free(st->rr_conc);
    free(st->ch_free);
    free(st->buffered);
    free(st->nva);
    free(st->vamask);
    free(st->actmask);
    free(st->rva);
    free(st->ract);
    free(st->pk);
    free(st->own_ch);
    free(st->own_cls);
    noc_pathset_free(&st->ps);
    free(st->term);
    free(st->req_ivc);
    free(st->req_ovc);
    free(st->req_loc);
    free(st->req_w);
    free(st->sa_in_vc);
    free(st->sa_in_out);
    free(st->sa_best);
    free(st->hist);
    free(st->ch_flits);
    free(st->flow_lat);
    free(st->flow_n);
    free(st->flow_ej);
    noc_sim_deflect_free(st);
}

static int state_alloc(struct sim_state *st, const struct sim_net *n, const struct noc_sim_opts *o,
                       struct noc_ctx *ctx)
{
    size_t nv = (size_t)n->nch * (size_t)n->V;
    int W = 4;
    memset(st, 0, sizeof *st);
    st->n = n;
    st->o = o;
    st->ctx = ctx;
    st->freelist = -1;
    noc_pathset_init(&st->ps);
    while (W < n->maxlat + n->cd + 4 || (n->deflect && W <= n->D))
        W *= 2;
    st->W = W;
    st->fw = noc_calloc(ctx, (size_t)W, sizeof *st->fw);
    st->cw = noc_calloc(ctx, (size_t)W, sizeof *st->cw);
    st->buf = noc_malloc(ctx, nv * (size_t)n->B, sizeof *st->buf);
    st->ivc = noc_calloc(ctx, nv, sizeof *st->ivc);
    st->credits = noc_malloc(ctx, nv, sizeof *st->credits);
    st->owner = noc_malloc(ctx, nv, sizeof *st->owner);
    st->rr_va_in = noc_calloc(ctx, nv, sizeof *st->rr_va_in);
    st->rr_va_out = noc_calloc(ctx, nv, sizeof *st->rr_va_out);
    st->rr_sa_in = noc_calloc(ctx, (size_t)n->nch, sizeof *st->rr_sa_in);
    st->rr_sa_io = noc_calloc(ctx, (size_t)n->nch, sizeof *st->rr_sa_io);
    st->rr_sa_out = noc_calloc(ctx, (size_t)n->nch, sizeof *st->rr_sa_out);
    st->rr_conc = noc_calloc(ctx, (size_t)n->R, sizeof *st->rr_conc);
    st->buffered = noc_calloc(ctx, (size_t)n->R, sizeof *st->buffered);
    st->nva = noc_calloc(ctx, (size_t)n->R, sizeof *st->nva);
    st->vamask = noc_calloc(ctx, (size_t)n->nch, sizeof *st->vamask);
    st->actmask = noc_calloc(ctx, (size_t)n->nch, sizeof *st->actmask);
    st->rva = noc_calloc(ctx, (size_t)n->R, sizeof *st->rva);
    st->ract = noc_calloc(ctx, (size_t)n->R, sizeof *st->ract);
    st->req_ivc = noc_malloc(ctx, (size_t)n->max_in * n->V + 1, sizeof *st->req_ivc);
    st->req_ovc = noc_malloc(ctx, (size_t)n->max_in * n->V + 1, sizeof *st->req_ovc);
    st->req_loc = noc_malloc(ctx, (size_t)n->max_in * n->V + 1, sizeof *st->req_loc);
    st->req_w = noc_malloc(ctx, (size_t)n->max_in * n->V + 1, sizeof *st->req_w);
    st->sa_in_vc = noc_malloc(ctx, (size_t)n->max_in + 1, sizeof *st->sa_in_vc);
    st->sa_in_out = noc_malloc(ctx, (size_t)n->max_in + 1, sizeof *st->sa_in_out);
    st->sa_best = noc_malloc(ctx, (size_t)n->max_out + 1, sizeof *st->sa_best);
    if (!st->fw || !st->cw || !st->buf || !st->ivc || !st->credits || !st->owner || !st->rr_va_in ||
        !st->rr_va_out || !st->rr_sa_in || !st->rr_sa_io || !st->rr_sa_out || !st->rr_conc || !st->buffered || !st->req_ivc ||
        !st->req_ovc || !st->req_loc || !st->req_w || !st->sa_in_vc || !st->sa_in_out || !st->sa_best || !st->nva ||
        !st->vamask || !st->actmask || !st->rva || !st->ract)
        return NOC_ENOMEM;
    for (int k = 0; k < n->max_out + 1; k++)
        st->sa_best[k] = -1;
    for (size_t i = 0; i < nv; i++) {
        st->credits[i] = n->B;
        st->owner[i] = -1;
        st->ivc[i].out = -1;
    }
    if (n->gap && !(st->ch_free = noc_calloc(ctx, (size_t)n->nch, sizeof *st->ch_free)))
        return NOC_ENOMEM;
    if (o->channels && !(st->ch_flits = noc_calloc(ctx, (size_t)n->nch, sizeof *st->ch_flits)))
        return NOC_ENOMEM;
    int ne = n->tr->nent;
    if (n->deflect && noc_sim_deflect_alloc(st) != NOC_OK)
        return NOC_ENOMEM;
    if (ne > 0 && (!(st->flow_lat = noc_calloc(ctx, (size_t)ne, sizeof *st->flow_lat)) ||
                   !(st->flow_n = noc_calloc(ctx, (size_t)ne, sizeof *st->flow_n)) ||
                   !(st->flow_ej = noc_calloc(ctx, (size_t)ne, sizeof *st->flow_ej))))
        return NOC_ENOMEM;
    return NOC_OK;
}

/* The generator seed of a load point: (seed, rate) mixed (splitmix64). */
static uint64_t point_seed(uint64_t seed, double rate)
{
    uint64_t z = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)llround(rate * 1e9);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int step(struct sim_state *st)
{
    struct sim_vec *cv = &st->cw[st->now & (st->W - 1)];
    const int *cr = cv->data;
    for (size_t i = 0; i < cv->n; i++)
        st->credits[cr[i]]++;
    cv->n = 0;
    struct sim_vec *fv = &st->fw[st->now & (st->W - 1)];
    const struct sim_fev *ev = fv->data;
    for (size_t i = 0; i < fv->n; i++)
        noc_sim_flit_arrive(st, &ev[i]);
    fv->n = 0;
    if (st->n->deflect && st->ctx->status != NOC_OK)
        return st->ctx->status;
    int rc = noc_sim_sources_step(st);
    if (rc == NOC_OK)
        rc = noc_sim_routers_step(st);
    if (rc == NOC_OK && st->n->recover > 0)
        rc = noc_sim_recover_step(st);
    return rc;
}

/* Growth of the backlog over the window: flits created in the window minus
 * flits delivered (and, dropping without resend, dropped for good) in it. */
static double backlog(const struct sim_state *st)
{
    double b = (double)st->win_gen - (double)st->win_ej;
    if (st->n->drop && !st->o->resend)
        b -= (double)st->win_drop;
    return b;
}

/* Flits created and not yet delivered (nor dropped for good): in source
 * queues, waiting to be resent, in buffers or on links. */
static double outstanding(const struct sim_state *st)
{
    double q = (double)st->gen - (double)st->ej;
    if (st->n->drop && !st->o->resend)
        q -= (double)st->dropped;
    return q;
}

/* Adds this cycle's outstanding flits to the window's least-squares fit. */
static void fit_add(struct sim_state *st)
{
    double t = (double)(st->now - st->mstart), q = outstanding(st);
    st->fit[0] += 1;
    st->fit[1] += t;
    st->fit[2] += t * t;
    st->fit[3] += q;
    st->fit[4] += t * q;
}

/* The backlog's growth over the window from the least-squares slope of the
 * outstanding flits (cycle by cycle) times the window's length. */
static double backlog_trend(const struct sim_state *st)
{
    const double *f = st->fit;
    double den = f[0] * f[2] - f[1] * f[1];
    if (!(f[0] >= 2 && den > 0))
        return 0;
    return (f[0] * f[4] - f[1] * f[3]) / den * f[0];
}

/* The stability verdict: every measured packet drained, and the backlog
 * (flits created and not yet delivered, source queues included) grew over
 * the window, by its least-squares trend, by at most 0.5% of the flits
 * created in the window plus one packet per terminal.  A load above the
 * saturation throughput by a fraction e of itself grows the backlog by e of
 * the created flits, so it is called unstable once e exceeds about 0.5%;
 * the fit over every cycle of the window, not the end points, keeps a
 * stable network's backlog fluctuations from deciding it. */
static int is_stable(const struct sim_state *st, int drained)
{
    const struct sim_net *n = st->n;
    return drained && backlog_trend(st) <= 0.005 * (double)st->win_gen + n->N * n->mean_len;
}

static long long inflight(const struct sim_state *st)
{
    long long f = 0;
    for (int u = 0; u < st->n->R; u++)
        f += st->buffered[u];
    for (int i = 0; i < st->W; i++)
        f += (long long)st->fw[i].n;
    return f;
}

static double p99(const struct sim_state *st)
{
    if (st->lat_n == 0)
        return NAN;
    long long rank = (long long)ceil(0.99 * (double)st->lat_n), acc = 0;
    for (size_t l = 0; l < st->histcap; l++) {
        acc += st->hist[l];
        if (acc >= rank)
            return (double)l;
    }
    return NAN;
}

static int results(struct sim_state *st, double rate, int converged, int drained,
                   struct noc_sim_point *pt, struct noc_ctx *ctx)
{
    const struct sim_net *n = st->n;
    const struct noc_traffic *tr = n->tr;
    double M = (double)(st->mend - st->mstart);
    pt->offered = rate;
    pt->accepted = (double)st->win_ej / (M * n->wtot);
    pt->latency_avg = st->lat_n ? st->lat_sum / (double)st->lat_n : NAN;
    pt->latency_p99 = p99(st);
    pt->converged = converged;
    pt->drained = drained;
    /* above eval's channel-load bound no load is sustainable, whatever
     * the backlog's trend over a finite window says */
    pt->stable = is_stable(st, drained) && rate <= n->rate_bound * (1 + 1e-9);
    pt->packets = (long)st->lat_n;
    pt->measured_cycles = (long)M;
    pt->cycles_run = st->now;
    pt->drop_rate = n->drop ? (st->heads ? (double)st->heads_dropped / (double)st->heads : 0) : NAN;
    pt->flits_injected = st->inj;
    pt->flits_ejected = st->ej;
    pt->flits_dropped = st->dropped;
    pt->flits_inflight = inflight(st);
    pt->hops_avg = st->hop_n ? (double)st->hop_sum / (double)st->hop_n : NAN;
    pt->nonminimal = n->dist ? st->nonmin : -1;
    pt->aborted = st->aborted;
    pt->deflections = st->deflections;
    pt->flits_created = st->gen;
    pt->flits_queued = 0;
    for (int s = 0; s < n->N; s++)
        pt->flits_queued += st->term[s].qflits;
    for (size_t h = 0; h < st->retry.n; h++)
        pt->flits_queued += st->rpool[st->retry.a[h].id].len;
    pt->nch = n->nch;
    if (st->ch_flits) {
        if (!(pt->util = noc_malloc(ctx, (size_t)n->nch, sizeof *pt->util)))
            return NOC_ENOMEM;
        for (int c = 0; c < n->nch; c++)
            pt->util[c] = (double)st->ch_flits[c] / M;
    }
    if (tr->nent > 0) {
        if (!(pt->flows = noc_calloc(ctx, (size_t)tr->nent, sizeof *pt->flows)))
            return NOC_ENOMEM;
        pt->nflows = tr->nent;
        for (int e = 0; e < tr->nent; e++) {
            struct noc_sim_flowstat *f = &pt->flows[e];
            f->src = tr->ent[e].s;
            f->dst = tr->ent[e].d;
            f->offered = rate * tr->ent[e].w;
            f->accepted = (double)st->flow_ej[e] / M;
            f->packets = (long)st->flow_n[e];
            f->latency_avg = f->packets ? st->flow_lat[e] / (double)f->packets : NAN;
        }
    }
    return NOC_OK;
}

int noc_sim_run(const struct noc_sim *s, double rate, struct noc_sim_point *pt, struct noc_ctx *ctx)
{
    const struct sim_net *n = s->priv;
    const struct noc_sim_opts *o = &s->o;
    struct sim_state st;
    int rc, converged = 0, drained = 0, b = 0;
    double pa = 0, pl = 0;
    noc_sim_point_free(pt);
    if (!(rate > 0 && rate <= 1))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: the offered rate must be in (0, 1], not %g", rate);
    if ((rc = state_alloc(&st, n, o, ctx)) != NOC_OK)
        goto cleanup;
    noc_rng_seed(&st.rng, point_seed(o->seed, rate));
    st.mstart = (int)o->warmup;
    st.mend = INT_MAX;
    if ((rc = noc_sim_sources_init(&st, rate, ctx)) != NOC_OK)
        goto cleanup;
    long batch = o->batch < o->cycles ? o->batch : o->cycles;
    /* no move for this long while flits wait: deadlock (a flit on the
     * longest link, or waiting for the slowest narrow channel, is not stuck) */
    long quiet = o->deadlock_cycles + n->maxlat + n->cd + n->D + (n->gap ? n->maxgap : 0);
    long drain = 0;
    for (st.now = 0;; st.now++) {
        if ((rc = step(&st)) != NOC_OK)
            goto cleanup;
        if (st.now >= st.mstart && st.now < st.mend)
            fit_add(&st);
        long el = (long)st.now + 1 - st.mstart;
        if (st.mend == INT_MAX && el > 0 && (el % batch == 0 || el >= o->cycles)) {
            double A = (double)st.win_ej / ((double)el * n->wtot);
            double L = st.lat_n ? st.lat_sum / (double)st.lat_n : 0;
            b++;
            converged = b >= 3 && A > 0 && L > 0 && fabs(A - pa) <= o->tolerance * A &&
                        fabs(L - pl) <= o->tolerance * L;
            int hopeless = b >= 3 && backlog(&st) > 0.1 * (double)st.win_gen + 4.0 * n->N * n->mean_len;
            pa = A;
            pl = L;
            if (converged || hopeless || el >= o->cycles) {
                st.mend = st.now + 1;
                drain = el > 2000 ? el : 2000;
                if (hopeless) {
                    converged = 0;
                    break;
                }
            }
        }
        if (st.mend != INT_MAX) {
            if (st.measured_open == 0) {
                drained = 1;
                break;
            }
            if ((long)st.now + 1 - st.mend >= drain)
                break;
        }
        if (st.now - st.last_move >= quiet && st.inj - st.ej - st.dropped > 0) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "sim: deadlock at cycle %d (offered %g): no flit moved for %ld cycles "
                           "while %lld flits wait in the network (routing %s, %d VC%s, %d class%s)",
                           st.now, rate, o->deadlock_cycles, st.inj - st.ej - st.dropped,
                           noc_routing_name(s->routing), n->V, n->V == 1 ? "" : "s", n->ncls,
                           n->ncls == 1 ? "" : "es");
            goto cleanup;
        }
    }
    st.now++;
    rc = results(&st, rate, converged, drained, pt, ctx);
cleanup:
    if (rc != NOC_OK)
        noc_sim_point_free(pt);
    state_free(&st);
    return rc;
}
