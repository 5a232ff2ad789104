/* The deterministic-routing sweep: every pair with traffic is routed by
 * noc_routing_paths (dor, updown, desttag, table); its weighted paths give
 * the channel loads, the hops (the weight-averaged router hops of its paths;
 * hops.max is the longest path with weight) and the path diversity (the
 * number of paths the routing permits: 1, or 2^ties for torus dor).
 * Chunks are EV_CHUNK source terminals (see eval_int.h for determinism).
 * noc_routing_paths is documented thread safe on one routing state. */
#include "eval_int.h"

#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <stdlib.h>
#include <string.h>

struct rt_shared {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    const struct noc_routing *r;
    int N, nch;
    double *load;
    struct ev_stats st;
    struct rt_worker *ws; /* one per pool worker */
};

struct rt_worker {
    struct noc_pathset ps;
    double *wsp;    /* N: sparse traffic of the current source */
    double *load;   /* nch partial */
    struct ev_stats st;
};

/* Routes s -> d carrying uniform weight `wu` (0 or uniform / N) plus sparse
 * weight `wsp`. */
static int route_pair(const struct rt_shared *sh, struct rt_worker *w, int s, int d, double wu,
                      double wsp, struct noc_ctx *ctx)
{
    const struct noc_topo *t = sh->t;
    int rc = noc_routing_paths(sh->r, t->nrouters + s, t->nrouters + d, &w->ps, ctx);
    if (rc != NOC_OK)
        return rc;
    const struct noc_pathset *ps = &w->ps;
    if (ps->npaths < 1)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no route from '%s' to '%s'",
                         t->nodes[t->nrouters + s].name, t->nodes[t->nrouters + d].name);
    double wt = wu + wsp, hbar = 0;
    int hmax = 0;
    for (int i = 0; i < ps->npaths; i++) {
        double pw = ps->weight[i];
        int h = 0;
        for (int k = ps->start[i]; k < ps->start[i + 1]; k++) {
            int c = ps->ch[k];
            h += noc_topo_is_rr(t, c);
            w->load[c] += wt * pw;
        }
        hbar += pw * h;
        if (pw > 0 && h > hmax)
            hmax = h;
    }
    struct ev_stats *st = &w->st;
    if (hmax > st->hops_max)
        st->hops_max = hmax;
    if (wu > 0) {
        if (s == d)
            st->uni_h_self += hbar;
        else
            st->uni_h_other += hbar;
    }
    if (wsp > 0)
        ev_stats_sparse(st, s == d, wsp, hbar);
    if (s != d)
        ev_stats_pd(st, ps->npaths, 1);
    return NOC_OK;
}

static int rt_chunk(void *arg, int chunk, int worker, struct noc_ctx *ctx)
{
    const struct rt_shared *sh = arg;
    struct rt_worker *w = &sh->ws[worker];
    const struct noc_traffic *tr = sh->tr;
    int s0, s1;
    noc_ev_partial_reset(&w->st, w->load, sh->nch);
    noc_ev_chunk_range(chunk, sh->N, &s0, &s1);
    double wu = tr->uniform > 0 ? tr->uniform / sh->N : 0;
    for (int s = s0; s < s1; s++) {
        int rc = NOC_OK;
        if (wu > 0) {
            for (int j = tr->off[s]; j < tr->off[s + 1]; j++)
                w->wsp[tr->ent[j].d] = tr->ent[j].w;
            for (int d = 0; d < sh->N && rc == NOC_OK; d++)
                rc = route_pair(sh, w, s, d, wu, w->wsp[d], ctx);
            for (int j = tr->off[s]; j < tr->off[s + 1]; j++)
                w->wsp[tr->ent[j].d] = 0;
        } else {
            for (int j = tr->off[s]; j < tr->off[s + 1] && rc == NOC_OK; j++)
                rc = route_pair(sh, w, s, tr->ent[j].d, 0, tr->ent[j].w, ctx);
        }
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}

static void rt_reduce(void *arg, int chunk, int worker, int status)
{
    struct rt_shared *sh = arg;
    const struct rt_worker *w = &sh->ws[worker];
    if (status == NOC_OK)
        noc_ev_partial_add(&sh->st, sh->load, &w->st, w->load, sh->nch);
}

int noc_ev_sweep_routed(const struct noc_topo *t, const struct noc_traffic *tr,
                        const struct noc_routing *r, int threads, double *load,
                        struct ev_stats *st, struct noc_ctx *ctx)
{
    int rc = NOC_OK, nthreads = 0;
    struct rt_shared sh;
    struct rt_worker *ws = NULL;
    memset(&sh, 0, sizeof sh);
    sh.t = t;
    sh.tr = tr;
    sh.r = r;
    sh.N = t->nterminals;
    sh.nch = t->nch;
    sh.load = load;
    noc_ev_partial_reset(&sh.st, load, t->nch);
    int nchunks = (sh.N + EV_CHUNK - 1) / EV_CHUNK;
    int want = noc_pool_threads(threads, nchunks);
    if (!(ws = sh.ws = noc_calloc(ctx, (size_t)want, sizeof *ws))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (; nthreads < want; nthreads++) {
        struct rt_worker *w = &ws[nthreads];
        noc_pathset_init(&w->ps);
        w->wsp = noc_calloc(ctx, (size_t)sh.N + 1, sizeof *w->wsp);
        w->load = noc_malloc(ctx, (size_t)sh.nch + 1, sizeof *w->load);
        if (!w->wsp || !w->load) {
            nthreads++;
            rc = NOC_ENOMEM;
            goto cleanup;
        }
    }
    struct noc_pool_job job = {.nitems = nchunks, .nthreads = nthreads, .ordered = 1, .arg = &sh,
                               .run = rt_chunk, .done = rt_reduce};
    rc = noc_pool_run(&job, ctx);
    /* Only the routed quantities: diameter and connectivity stay with the
     * minimal sweep. */
    int diameter = st->diameter, disconnected = st->disconnected;
    *st = sh.st;
    st->diameter = diameter;
    st->disconnected = disconnected;
    st->pd_overflow = 0;
cleanup:
    for (int i = 0; i < nthreads; i++) {
        noc_pathset_free(&ws[i].ps);
        free(ws[i].wsp);
        free(ws[i].load);
    }
    free(ws);
    return rc;
}
