/* Split's switch graph for a given core assignment (route, place, join
 * islands), the power of a routed switch graph, and the refinement pass
 * that moves cores between switches while the total power drops. */
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/units.h"

double noc_synth_net_power(const struct noc_synth_opts *o, const struct swnet *n, int ncores, const int *core_sw,
                           const double *cx, const double *cy, const double *in, const double *out)
{
    const struct noc_tech *t = &o->tech;
    double w = o->link_width, f = o->freq_mhz, p = 0;
    double *flits = calloc((size_t)n->K + 1, sizeof *flits);
    if (!flits)
        return INFINITY;
    for (int c = 0; c < n->nch; c++) {
        int u = n->csrc[c], v = n->cdst[c];
        double len = fabs(n->sx[u] - n->sx[v]) + fabs(n->sy[u] - n->sy[v]);
        p += noc_tech_channel_mw(t, len, w, n->cload[c], f);
        flits[v] += noc_flits_per_s(n->cload[c], w);
    }
    for (int c = 0; c < ncores; c++) {
        int s = core_sw[c];
        double len = fabs(cx[c] - n->sx[s]) + fabs(cy[c] - n->sy[s]);
        p += noc_tech_channel_mw(t, len, w, out[c], f) + noc_tech_channel_mw(t, len, w, in[c], f);
        flits[s] += noc_flits_per_s(out[c], w);
    }
    for (int s = 0; s < n->K; s++)
        p += noc_tech_router_mw(t, swnet_ports(n, s), w, flits[s], f);
    free(flits);
    return p;
}

static int split_net(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                     const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                     const int *extra, int nextra, int backbone, struct swnet *net, int *feasible, char *why,
                     size_t whylen, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    *feasible = 0;
    double *sw_w = noc_calloc(ctx, (size_t)K, sizeof *sw_w);
    if (!sw_w) {
        memset(net, 0, sizeof *net);
        return NOC_ENOMEM;
    }
    if ((rc = noc_swnet_init(net, K, app->nflows, o, ctx)) != NOC_OK) {
        free(sw_w);
        return rc;
    }
    int ok = 1;
    for (int c = 0; c < app->ncores; c++) {
        int s = core_sw[c];
        net->ncores[s]++;
        net->sx[s] += cw[c] * cx[c];
        net->sy[s] += cw[c] * cy[c];
        sw_w[s] += cw[c];
    }
    for (int s = 0; s < K && ok; s++) {
        net->sx[s] /= sw_w[s];
        net->sy[s] /= sw_w[s];
        if (net->ncores[s] > net->max_radix) {
            snprintf(why, whylen, "switch sw%d needs %d ports for its cores alone, above %s %d", s,
                     net->ncores[s], SYNTH_RADIX_NAME(net->o), net->max_radix);
            ok = 0;
        }
    }
    for (int i = 0; i < nextra && ok && rc == NOC_OK; i++) {
        int u = extra[2 * i], v = extra[2 * i + 1];
        if (swnet_ports(net, u) >= net->max_radix || swnet_ports(net, v) >= net->max_radix) {
            snprintf(why, whylen, "no free port for the extra link sw%d - sw%d", u, v);
            ok = 0;
        } else
            rc = noc_swnet_open_link(net, u, v, ctx);
    }
    if (rc == NOC_OK && ok && backbone)
        rc = noc_synth_backbone(net, app, core_sw, ctx);
    char fwhy[256];
    if (rc == NOC_OK && ok)
        rc = noc_swnet_index_x(net, ctx); /* the positions stay until noc_synth_place */
    for (int i = 0; i < app->nflows && ok && rc == NOC_OK; i++) {
        int f = order[i];
        const struct noc_flow *fl = &app->flows[f];
        rc = noc_swnet_route(net, f, core_sw[fl->src], core_sw[fl->dst], fl->bw, fl->max_hops, &ok, fwhy,
                             sizeof fwhy, ctx);
        if (rc == NOC_OK && !ok)
            snprintf(why, whylen, "flow %s -> %s (%.6g MB/s): %s", app->cores[fl->src].name,
                     app->cores[fl->dst].name, fl->bw, fwhy);
    }
    noc_swnet_drop_x(net);
    if (rc == NOC_OK && ok)
        rc = noc_synth_place(net, app->ncores, core_sw, cx, cy, cw, ctx);
    /* Every core reachable: join switch islands unless asked not to. */
    if (rc == NOC_OK && ok && !o->no_connect)
        rc = noc_swnet_connect(net, &ok, why, whylen, ctx);
    if (rc != NOC_OK)
        noc_swnet_free(net);
    *feasible = rc == NOC_OK && ok;
    free(sw_w);
    return rc;
}

int noc_synth_split_net(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                        const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                        const int *extra, int nextra, struct swnet *net, int *feasible, char *why, size_t whylen,
                        struct noc_ctx *ctx)
{
    return split_net(app, o, order, cx, cy, cw, K, core_sw, extra, nextra, 0, net, feasible, why, whylen, ctx);
}

int noc_synth_split_net_backbone(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                                 const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                                 struct swnet *net, int *feasible, char *why, size_t whylen, struct noc_ctx *ctx)
{
    return split_net(app, o, order, cx, cy, cw, K, core_sw, NULL, 0, 1, net, feasible, why, whylen, ctx);
}

/* What every trial assignment of one refinement shares. */
struct refine_in {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;
    const double *cx, *cy, *cw, *in, *out;
    int K;
    const int *fadj, *flist; /* per core: the flows that touch it (CSR) */
    const int *rank;         /* flow -> its position in order */
};

/* Split's design for assignment core_sw in *net (kept on NOC_OK with *p its
 * power; *p = INFINITY and no net when infeasible); a status. */
static int assignment_net(const struct refine_in *r, const int *core_sw, struct swnet *net, double *p,
                          struct noc_ctx *ctx)
{
    char why[512];
    int feasible;
    int rc = noc_synth_split_net(r->app, r->o, r->order, r->cx, r->cy, r->cw, r->K, core_sw, NULL, 0, net,
                                 &feasible, why, sizeof why, ctx);
    if (rc != NOC_OK)
        return rc;
    if (!feasible) {
        noc_swnet_free(net);
        *p = INFINITY;
        return NOC_OK;
    }
    *p = noc_synth_net_power(r->o, net, r->app->ncores, core_sw, r->cx, r->cy, r->in, r->out);
    if (isinf(*p)) {
        noc_swnet_free(net);
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    }
    return NOC_OK;
}

/* ---- The incremental estimate of a move's power (the screen of the
 * local search): from the current design (routes, loads, placement), the
 * flows that touch a moved core leave their paths (a link they alone
 * loaded closes), are routed again in split's order on what is left
 * (cheapest marginal power over the open channels with room, or a new
 * link between their end switches: the router's costs, without its
 * deadlock and hop bookkeeping), the switches whose cores changed move to
 * the weighted median of what they connect (the exact placement of one
 * switch with the others fixed), and the power is counted as
 * noc_synth_net_power counts it.  O(C + N + K^2 per rerouted flow). */
struct est {
    struct swnet cur; /* the current design (when feasible) */
    int have;
    size_t cap;       /* channel capacity of the per-channel arrays */
    /* per channel: load (base = the current design's), alive, reverse,
     * power; dirty stamp */
    double *load, *base, *pch;
    int *alive, *rev, *chst;
    /* per switch: position, ports (and the current design's), flits and
     * router power of the current design, flit change, dirty stamp */
    double *sx, *sy, *bflits, *prt, *dfl;
    int *ports, *bports, *swst;
    /* per core: link power of the current design, dirty stamp; the cores
     * of each switch in the current design (CSR) */
    double *pco;
    int *cost, *sadj, *slist;
    double ptot;      /* the current design's power, summed as here */
    int stamp;
    int *dch, *dsw;   /* dirty channels and switches of one estimate */
    int ndch, ndsw;
    /* search and sort scratch */
    double *dist, *mv, *mw;
    int *pred, *predch, *done, *fl, *fmark, *fr;
    /* tech tables: router dynamic mW per flit/s and static step by ports,
     * channel dynamic mW per MB/s and mm */
    double *rdyn, *rstep, chk;
    int np;
    /* new links of one estimate: ends and loads both ways */
    int nex, *exu, *exv;
    double *exl;
};

static double est_len(const struct est *e, int u, int v)
{
    return fabs(e->sx[u] - e->sx[v]) + fabs(e->sy[u] - e->sy[v]);
}

static void est_free(struct est *e)
{
    if (e->have)
        noc_swnet_free(&e->cur);
    void *p[] = {e->load, e->base, e->pch, e->alive, e->rev, e->chst, e->sx, e->sy, e->bflits, e->prt, e->dfl,
                 e->ports, e->bports, e->swst, e->pco, e->cost, e->sadj, e->slist, e->dch, e->dsw, e->dist,
                 e->mv, e->mw, e->pred, e->predch, e->done, e->fl, e->fmark, e->fr, e->exu, e->exv, e->exl, e->rdyn, e->rstep};
    for (size_t i = 0; i < sizeof p / sizeof *p; i++)
        free(p[i]);
    memset(e, 0, sizeof *e);
}

static int est_tables(struct est *e, const struct refine_in *r, struct noc_ctx *ctx);

static int est_init(struct est *e, const struct refine_in *r, struct noc_ctx *ctx)
{
    size_t K = (size_t)r->K, N = (size_t)r->app->ncores, F = (size_t)r->app->nflows + 1;
    memset(e, 0, sizeof *e);
    e->sx = noc_malloc(ctx, K, sizeof *e->sx);
    e->sy = noc_malloc(ctx, K, sizeof *e->sy);
    e->bflits = noc_malloc(ctx, K, sizeof *e->bflits);
    e->prt = noc_malloc(ctx, K, sizeof *e->prt);
    e->dfl = noc_calloc(ctx, K, sizeof *e->dfl);
    e->ports = noc_malloc(ctx, K, sizeof *e->ports);
    e->bports = noc_malloc(ctx, K, sizeof *e->bports);
    e->swst = noc_calloc(ctx, K, sizeof *e->swst);
    e->dsw = noc_malloc(ctx, K, sizeof *e->dsw);
    e->pco = noc_malloc(ctx, N, sizeof *e->pco);
    e->cost = noc_calloc(ctx, N, sizeof *e->cost);
    e->sadj = noc_malloc(ctx, K + 1, sizeof *e->sadj);
    e->slist = noc_malloc(ctx, N, sizeof *e->slist);
    e->dist = noc_malloc(ctx, K, sizeof *e->dist);
    e->pred = noc_malloc(ctx, K, sizeof *e->pred);
    e->predch = noc_malloc(ctx, K, sizeof *e->predch);
    e->done = noc_calloc(ctx, K, sizeof *e->done);
    e->fr = noc_malloc(ctx, K, sizeof *e->fr);
    e->fl = noc_malloc(ctx, F, sizeof *e->fl);
    e->fmark = noc_calloc(ctx, F, sizeof *e->fmark);
    e->exu = noc_malloc(ctx, F, sizeof *e->exu);
    e->exv = noc_malloc(ctx, F, sizeof *e->exv);
    e->exl = noc_malloc(ctx, 2 * F, sizeof *e->exl);
    e->mv = noc_malloc(ctx, N + K + 2 * F, sizeof *e->mv);
    e->mw = noc_malloc(ctx, N + K + 2 * F, sizeof *e->mw);
    if (!e->sx || !e->sy || !e->bflits || !e->prt || !e->dfl || !e->ports || !e->bports || !e->swst || !e->dsw ||
        !e->pco || !e->cost || !e->sadj || !e->slist || !e->dist || !e->pred || !e->predch || !e->done ||
        !e->fl || !e->fmark || !e->fr || !e->exu || !e->exv || !e->exl || !e->mv || !e->mw)
        return NOC_ENOMEM;
    for (size_t s = 0; s < K; s++) {
        e->dist[s] = INFINITY;
        e->pred[s] = -1;
    }
    return est_tables(e, r, ctx);
}

static double core_mw(const struct refine_in *r, int c, double sx, double sy)
{
    const struct noc_tech *t = &r->o->tech;
    double w = r->o->link_width, f = r->o->freq_mhz, len = fabs(r->cx[c] - sx) + fabs(r->cy[c] - sy);
    return noc_tech_channel_mw(t, len, w, r->out[c], f) + noc_tech_channel_mw(t, len, w, r->in[c], f);
}

/* Makes net (a feasible design of assignment core_sw) the current one: e
 * owns it; its per-item powers are cached. */
static int est_set(struct est *e, const struct refine_in *r, const int *core_sw, struct swnet *net,
                   struct noc_ctx *ctx)
{
    if (e->have)
        noc_swnet_free(&e->cur);
    e->cur = *net;
    e->have = 1;
    memset(net, 0, sizeof *net);
    const struct swnet *n = &e->cur;
    const struct noc_tech *t = &r->o->tech;
    int K = r->K, N = r->app->ncores;
    double w = r->o->link_width, f = r->o->freq_mhz;
    size_t need = (size_t)n->nch + 1;
    if (need > e->cap) {
        void *p[] = {e->load, e->base, e->pch, e->alive, e->rev, e->chst, e->dch};
        for (size_t i = 0; i < sizeof p / sizeof *p; i++)
            free(p[i]);
        e->load = noc_malloc(ctx, need, sizeof *e->load);
        e->base = noc_malloc(ctx, need, sizeof *e->base);
        e->pch = noc_malloc(ctx, need, sizeof *e->pch);
        e->alive = noc_malloc(ctx, need, sizeof *e->alive);
        e->rev = noc_malloc(ctx, need, sizeof *e->rev);
        e->chst = noc_calloc(ctx, need, sizeof *e->chst);
        e->dch = noc_malloc(ctx, need, sizeof *e->dch);
        e->cap = need;
        if (!e->load || !e->base || !e->pch || !e->alive || !e->rev || !e->chst || !e->dch) {
            e->cap = 0;
            e->have = 0;
            noc_swnet_free(&e->cur);
            return NOC_ENOMEM;
        }
    }
    /* stamps restart: every item clean */
    e->stamp = 0;
    memset(e->chst, 0, need * sizeof *e->chst);
    memset(e->swst, 0, (size_t)K * sizeof *e->swst);
    memset(e->cost, 0, (size_t)N * sizeof *e->cost);
    e->ptot = 0;
    for (int s = 0; s < K; s++) {
        e->sx[s] = n->sx[s];
        e->sy[s] = n->sy[s];
        e->ports[s] = e->bports[s] = swnet_ports(n, s);
        e->bflits[s] = 0;
        e->dfl[s] = 0;
    }
    for (int c = 0; c < n->nch; c++) {
        int u = n->csrc[c], v = n->cdst[c];
        e->load[c] = e->base[c] = n->cload[c];
        e->alive[c] = 1;
        e->rev[c] = noc_swnet_chan(n, v, u);
        e->pch[c] = noc_tech_channel_mw(t, est_len(e, u, v), w, n->cload[c], f);
        e->bflits[v] += n->cload[c] * 8e6 / w;
        e->ptot += e->pch[c];
    }
    for (int s = 0; s <= K; s++)
        e->sadj[s] = 0;
    for (int c = 0; c < N; c++) {
        int s = core_sw[c];
        e->pco[c] = core_mw(r, c, n->sx[s], n->sy[s]);
        e->bflits[s] += r->out[c] * 8e6 / w;
        e->ptot += e->pco[c];
        e->sadj[s + 1]++;
    }
    for (int s = 0; s < K; s++) {
        e->prt[s] = noc_tech_router_mw(t, e->ports[s], w, e->bflits[s], f);
        e->ptot += e->prt[s];
        e->sadj[s + 1] += e->sadj[s];
    }
    for (int c = 0; c < N; c++)
        e->slist[e->sadj[core_sw[c]]++] = c;
    for (int s = K; s > 0; s--)
        e->sadj[s] = e->sadj[s - 1];
    e->sadj[0] = 0;
    return NOC_OK;
}

/* The tech model's marginal terms, tabulated once per refinement for the
 * estimate's searches (the dynamic terms are linear in the load). */
static double est_rdyn(const struct refine_in *r, const struct est *e, int p)
{
    const struct noc_tech *t = &r->o->tech;
    double w = r->o->link_width, f = r->o->freq_mhz;
    if (p >= 0 && p < e->np)
        return e->rdyn[p];
    return (noc_tech_router_mw(t, p, w, 1e9, f) - noc_tech_router_mw(t, p, w, 0, f)) / 1e9;
}

static double est_rstep(const struct refine_in *r, const struct est *e, int p)
{
    const struct noc_tech *t = &r->o->tech;
    double w = r->o->link_width, f = r->o->freq_mhz;
    if (p >= 0 && p < e->np)
        return e->rstep[p];
    return noc_tech_router_mw(t, p + 1, w, 0, f) - noc_tech_router_mw(t, p, w, 0, f);
}

static int est_tables(struct est *e, const struct refine_in *r, struct noc_ctx *ctx)
{
    const struct noc_tech *t = &r->o->tech;
    double w = r->o->link_width, f = r->o->freq_mhz;
    long np = r->o->max_radix > 0 ? r->o->max_radix + 2 : (long)r->K + r->app->ncores + 2;
    e->rdyn = noc_malloc(ctx, (size_t)np, sizeof *e->rdyn);
    e->rstep = noc_malloc(ctx, (size_t)np, sizeof *e->rstep);
    if (!e->rdyn || !e->rstep)
        return NOC_ENOMEM;
    e->np = 0;
    for (int p = 0; p < np; p++) {
        e->rdyn[p] = est_rdyn(r, e, p);
        e->rstep[p] = est_rstep(r, e, p);
    }
    e->np = (int)np;
    e->chk = (noc_tech_channel_mw(t, 1, w, 1000, f) - noc_tech_channel_mw(t, 1, w, 0, f)) / 1000;
    return NOC_OK;
}

/* Marginal power of bw more on u -> v, opening it when `open` (the
 * router's edge cost, from the tables). */
static double est_edge(const struct refine_in *r, const struct est *e, int u, int v, double bw, int open)
{
    double len = est_len(e, u, v), w = r->o->link_width;
    double c = e->chk * bw * len;
    int pv = e->ports[v] + (open ? 1 : 0);
    c += est_rdyn(r, e, pv) * (bw * 8e6 / w);
    if (open) {
        c += est_rstep(r, e, e->ports[u]) + est_rstep(r, e, e->ports[v]);
        c += 2 * noc_tech_channel_mw(&r->o->tech, len, w, 0, r->o->freq_mhz);
    }
    return c + r->o->hop_mw;
}

static void mark_ch(struct est *e, int c)
{
    if (e->chst[c] != e->stamp) {
        e->chst[c] = e->stamp;
        e->dch[e->ndch++] = c;
    }
}

static void mark_sw(struct est *e, int s)
{
    if (e->swst[s] != e->stamp) {
        e->swst[s] = e->stamp;
        e->dsw[e->ndsw++] = s;
    }
}

/* The estimate's relaxation of switch v from u at distance nd over channel
 * ch (>= 0 an open channel, -1 the new link s - d, -2 - k the k-th end of
 * an estimate's new link); *nt counts the switches reached. */
static void est_relax(struct est *e, int u, int v, double nd, int ch, int *nt)
{
    if (nd < e->dist[v]) {
        if (e->dist[v] == INFINITY)
            e->fr[(*nt)++] = v;
        e->dist[v] = nd;
        e->pred[v] = u;
        e->predch[v] = ch;
    }
}

/* Adds bw along the cheapest path s -> d of the estimate (Dijkstra over the
 * open channels with room, the new links of this estimate, and a new link
 * s - d when both ends have a free port): 1 when routed, 0 when there is
 * no path within the flow's max_hops (nothing added).  Never fails. */
static int est_route(const struct refine_in *r, struct est *e, int s, int d, double bw, int max_hops)
{
    const struct swnet *n = &e->cur;
    int nt = 0; /* switches reached: e->fr[0..nt) (dist, pred, done reset after) */
    e->dist[s] = 0;
    e->fr[nt++] = s;
    for (;;) {
        int u = -1;
        for (int i = 0; i < nt; i++) {
            int v = e->fr[i];
            if (!e->done[v] && (u < 0 || e->dist[v] < e->dist[u] || (e->dist[v] == e->dist[u] && v < u)))
                u = v;
        }
        if (u < 0 || u == d)
            break;
        e->done[u] = 1;
        for (int k = 0; k < n->out[u].n; k++) {
            int c = n->out[u].v[k], v = n->cdst[c];
            if (!e->alive[c] || e->done[v] || noc_exceeds(e->load[c] + bw, n->cap))
                continue;
            est_relax(e, u, v, e->dist[u] + est_edge(r, e, u, v, bw, 0), c, &nt);
        }
        for (int x = 0; x < e->nex; x++) {
            int a = e->exu[x], b = e->exv[x];
            if (a != u && b != u)
                continue;
            int v = a == u ? b : a, dir = a == u ? 0 : 1;
            if (e->done[v] || noc_exceeds(e->exl[2 * x + dir] + bw, n->cap))
                continue;
            est_relax(e, u, v, e->dist[u] + est_edge(r, e, u, v, bw, 0), -2 - (2 * x + dir), &nt);
        }
        if (u == s && noc_swnet_chan(n, s, d) < 0 && e->ports[s] < n->max_radix && e->ports[d] < n->max_radix) {
            int dup = 0;
            for (int x = 0; x < e->nex && !dup; x++)
                dup = (e->exu[x] == s && e->exv[x] == d) || (e->exu[x] == d && e->exv[x] == s);
            if (!dup)
                est_relax(e, s, d, est_edge(r, e, s, d, bw, 1), -1, &nt);
        }
    }
    int hops = 0, ok = e->pred[d] >= 0;
    for (int v = d; ok && v != s; v = e->pred[v])
        hops++;
    ok = ok && !(max_hops >= 0 && hops > max_hops);
    for (int v = d; ok && v != s; v = e->pred[v]) {
        int c = e->predch[v];
        if (c >= 0) {
            e->load[c] += bw;
            mark_ch(e, c);
        } else if (c == -1) {
            e->exu[e->nex] = s;
            e->exv[e->nex] = d;
            e->exl[2 * e->nex] = bw;
            e->exl[2 * e->nex + 1] = 0;
            e->nex++;
            e->ports[s]++;
            e->ports[d]++;
            mark_sw(e, s);
            mark_sw(e, d);
        } else
            e->exl[-2 - c] += bw;
    }
    for (int i = 0; i < nt; i++) {
        e->dist[e->fr[i]] = INFINITY;
        e->pred[e->fr[i]] = -1;
        e->done[e->fr[i]] = 0;
    }
    return ok;
}

/* Weighted median of (mv, mw)[0..n): the least value where the weight at
 * or below it reaches half the total. */
static double wmedian(double *v, double *w, int n)
{
    double tot = 0, acc = 0;
    for (int i = 1; i < n; i++) /* insertion sort by value: n is small */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
            t = w[j];
            w[j] = w[j - 1];
            w[j - 1] = t;
        }
    for (int i = 0; i < n; i++)
        tot += w[i];
    for (int i = 0; i < n; i++)
        if ((acc += w[i]) >= tot / 2)
            return v[i];
    return n ? v[n - 1] : 0;
}

/* Moves switch s to the weighted median of its cores and linked switches,
 * per axis (the placement's weights). */
static void est_place(const struct refine_in *r, struct est *e, const int *core_sw, int s)
{
    const struct swnet *n = &e->cur;
    int N = r->app->ncores;
    double total = 0;
    for (int c = 0; c < N; c++)
        total += r->cw[c];
    for (int axis = 0; axis < 2; axis++) {
        const double *cc = axis ? r->cy : r->cx, *sp = axis ? e->sy : e->sx;
        int m = 0;
        for (int c = 0; c < N; c++)
            if (core_sw[c] == s) {
                e->mv[m] = cc[c];
                e->mw[m++] = r->cw[c];
            }
        if (m == 0)
            continue;
        for (int k = 0; k < n->out[s].n; k++) {
            int c = n->out[s].v[k], v = n->cdst[c];
            if (!e->alive[c])
                continue;
            e->mv[m] = sp[v];
            e->mw[m++] = fmax(e->load[c] + e->load[e->rev[c]], 1e-3 * total / (N + 1));
        }
        for (int x = 0; x < e->nex; x++)
            if (e->exu[x] == s || e->exv[x] == s) {
                e->mv[m] = sp[e->exu[x] == s ? e->exv[x] : e->exu[x]];
                e->mw[m++] = fmax(e->exl[2 * x] + e->exl[2 * x + 1], 1e-3 * total / (N + 1));
            }
        double x = wmedian(e->mv, e->mw, m);
        if (axis)
            e->sy[s] = x;
        else
            e->sx[s] = x;
    }
}

/* The current design again in the scratch state after an estimate. */
static void est_restore(struct est *e, const int *moved_sw, int nms)
{
    for (int i = 0; i < e->ndch; i++) {
        int c = e->dch[i];
        e->load[c] = e->base[c];
        e->alive[c] = 1;
    }
    for (int i = 0; i < e->ndsw; i++) {
        int s = e->dsw[i];
        e->ports[s] = e->bports[s];
        e->dfl[s] = 0;
    }
    for (int i = 0; i < nms; i++) {
        e->sx[moved_sw[i]] = e->cur.sx[moved_sw[i]];
        e->sy[moved_sw[i]] = e->cur.sy[moved_sw[i]];
    }
    e->nex = 0;
}

/* The estimated power of assignment core_sw, which differs from the
 * current design's (e->cur, assignment cur_sw) in the cores moved[0..nm)
 * (at most 2).  NAN when the estimate cannot tell (no current design, a
 * flow with no path).  Only what the move touches is counted again: the
 * channels whose load or ends changed, the cores of the switches that
 * moved, the routers whose ports or flits changed. */
static double est_power(const struct refine_in *r, struct est *e, const int *cur_sw, const int *core_sw,
                        const int *moved, int nm)
{
    if (!e->have)
        return NAN;
    const struct swnet *n = &e->cur;
    const struct noc_app *app = r->app;
    const struct noc_tech *t = &r->o->tech;
    int nf = 0, msw[4], nms = 0;
    double w = r->o->link_width, f = r->o->freq_mhz, p = e->ptot, q = NAN;
    if (++e->stamp == INT_MAX) { /* stamps wrap: clear them */
        memset(e->chst, 0, (size_t)n->nch * sizeof *e->chst);
        memset(e->swst, 0, (size_t)r->K * sizeof *e->swst);
        memset(e->cost, 0, (size_t)app->ncores * sizeof *e->cost);
        e->stamp = 1;
    }
    e->ndch = e->ndsw = 0;
    e->nex = 0;
    /* the moved cores change ports and injection; their flows leave */
    for (int i = 0; i < nm; i++) {
        int c = moved[i], a = cur_sw[c], b = core_sw[c];
        for (int k = 0; k < 2; k++) {
            int x = k ? b : a, dup = 0;
            for (int j = 0; j < nms && !dup; j++)
                dup = msw[j] == x;
            if (!dup)
                msw[nms++] = x;
            mark_sw(e, x);
        }
        e->ports[a]--;
        e->ports[b]++;
        e->dfl[a] -= r->out[c] * 8e6 / w;
        e->dfl[b] += r->out[c] * 8e6 / w;
        for (int k = r->fadj[c]; k < r->fadj[c + 1]; k++) {
            int fi = r->flist[k];
            if (e->fmark[fi])
                continue;
            e->fmark[fi] = 1;
            e->fl[nf++] = fi;
            const struct ivec *pa = &n->paths[fi];
            for (int h = 0; h + 1 < pa->n; h++) {
                int ch = noc_swnet_chan(n, pa->v[h], pa->v[h + 1]);
                e->load[ch] -= app->flows[fi].bw;
                mark_ch(e, ch);
            }
        }
    }
    for (int i = 0; i < nf; i++)
        e->fmark[e->fl[i]] = 0;
    /* a link loaded only by them closes */
    double eps = 1e-9 * n->cap;
    for (int i = 0, nd = e->ndch; i < nd; i++) {
        int c = e->dch[i], b = e->rev[c], u = n->csrc[c], v = n->cdst[c];
        if (e->alive[c] && e->base[c] + e->base[b] > 0 && e->load[c] <= eps && e->load[b] <= eps) {
            e->alive[c] = e->alive[b] = 0;
            mark_ch(e, b);
            e->ports[u]--;
            e->ports[v]--;
            mark_sw(e, u);
            mark_sw(e, v);
        }
    }
    /* routed again in split's order (insertion sort by rank: few flows) */
    for (int i = 1; i < nf; i++)
        for (int j = i; j > 0 && r->rank[e->fl[j]] < r->rank[e->fl[j - 1]]; j--) {
            int x = e->fl[j];
            e->fl[j] = e->fl[j - 1];
            e->fl[j - 1] = x;
        }
    for (int i = 0; i < nf; i++) {
        const struct noc_flow *fl = &app->flows[e->fl[i]];
        int s = core_sw[fl->src], d = core_sw[fl->dst];
        if (s != d && !est_route(r, e, s, d, fl->bw, fl->max_hops))
            goto done;
    }
    /* the switches whose cores changed move to their local optimum; their
     * channels and cores count again */
    for (int i = 0; i < nms; i++) {
        int s = msw[i];
        est_place(r, e, core_sw, s);
        for (int k = 0; k < n->out[s].n; k++) {
            int c = n->out[s].v[k];
            mark_ch(e, c);
            mark_ch(e, e->rev[c]);
        }
    }
    for (int i = 0; i < e->ndch; i++) {
        int c = e->dch[i], u = n->csrc[c], v = n->cdst[c];
        double l = e->alive[c] ? e->load[c] : 0;
        if (e->alive[c])
            p += noc_tech_channel_mw(t, est_len(e, u, v), w, l, f);
        p -= e->pch[c];
        if (l != e->base[c]) {
            e->dfl[v] += (l - e->base[c]) * 8e6 / w;
            mark_sw(e, v);
        }
    }
    for (int x = 0; x < e->nex; x++)
        for (int dir = 0; dir < 2; dir++) {
            int u = dir ? e->exv[x] : e->exu[x], v = dir ? e->exu[x] : e->exv[x];
            p += noc_tech_channel_mw(t, est_len(e, u, v), w, e->exl[2 * x + dir], f);
            e->dfl[v] += e->exl[2 * x + dir] * 8e6 / w;
            mark_sw(e, v);
        }
    /* cores: those of the moved switches (in the current design) and the
     * moved ones */
    for (int i = 0; i < nms; i++)
        for (int k = e->sadj[msw[i]]; k < e->sadj[msw[i] + 1]; k++) {
            int c = e->slist[k], s = core_sw[c];
            if (e->cost[c] == e->stamp)
                continue;
            e->cost[c] = e->stamp;
            p += core_mw(r, c, e->sx[s], e->sy[s]) - e->pco[c];
        }
    for (int i = 0; i < nm; i++) {
        int c = moved[i], s = core_sw[c];
        if (e->cost[c] == e->stamp)
            continue;
        e->cost[c] = e->stamp;
        p += core_mw(r, c, e->sx[s], e->sy[s]) - e->pco[c];
    }
    for (int i = 0; i < e->ndsw; i++) {
        int s = e->dsw[i];
        p += noc_tech_router_mw(t, e->ports[s], w, e->bflits[s] + e->dfl[s], f) - e->prt[s];
    }
    q = p;
done:
    est_restore(e, msw, nms);
    return q;
}

/* Builds split's design for core_sw: *better = 1 when its power is below
 * *best by more than rounding (then it is the current design, *best
 * lowered), else 0.  A status. */
static int try_build(const struct refine_in *r, struct est *e, const int *core_sw, double *best, int *better,
                     struct noc_ctx *ctx)
{
    struct swnet net;
    double p;
    *better = 0;
    int rc = assignment_net(r, core_sw, &net, &p, ctx);
    if (rc != NOC_OK)
        return rc;
    if (!(p < *best * (1 - 1e-9))) {
        if (isfinite(p))
            noc_swnet_free(&net);
        return NOC_OK;
    }
    *best = p;
    if ((rc = est_set(e, r, core_sw, &net, ctx)) != NOC_OK)
        return rc;
    *better = 1;
    return NOC_OK;
}

/* The engine's view of refine (search.h): the estimate, the build, the
 * cost of a try. */
struct refine_obj {
    const struct refine_in *r;
    struct est *e;
    double effort;
    struct noc_ctx *ctx;
};

static double refine_estimate(void *u, const int *cur, int *part, int c, int t, int swap, double val)
{
    (void)val;
    struct refine_obj *x = u;
    int mv[2] = {c, t};
    return est_power(x->r, x->e, cur, part, mv, swap ? 2 : 1);
}

static int refine_commit(void *u, const int *part, double *val, int *kept)
{
    struct refine_obj *x = u;
    return try_build(x->r, x->e, part, val, kept, x->ctx);
}

/* With no design to estimate from, each try is a build: it costs the
 * effort, so those stay at the effort-1 budget. */
static long refine_try_cost(void *u)
{
    const struct refine_obj *x = u;
    return x->e->have || x->effort <= 1 ? 1 : (long)ceil(x->effort);
}

static int refine_ready(void *u)
{
    return ((const struct refine_obj *)u)->e->have;
}

int noc_synth_refine(const struct noc_app *app, const struct noc_synth_opts *o, const int *order, const double *cx,
                     const double *cy, const double *cw, int K, int *core_sw, double *power, struct noc_ctx *ctx)
{
    int N = app->ncores, F = app->nflows, rc = NOC_OK;
    double best = NAN, *in = NULL, *out = NULL;
    int *fadj = NULL, *flist = NULL, *rank = NULL;
    struct est e;
    memset(&e, 0, sizeof e);
    double effort = o->effort;
    long budget = noc_synth_search_budget(N, effort, 1);
    if (K < 2 || budget < N) /* not even one try per core */
        goto cleanup;
    in = noc_malloc(ctx, (size_t)N, sizeof *in);
    out = noc_malloc(ctx, (size_t)N, sizeof *out);
    fadj = noc_calloc(ctx, (size_t)N + 1, sizeof *fadj);
    flist = noc_malloc(ctx, 2 * (size_t)F + 1, sizeof *flist);
    rank = noc_malloc(ctx, (size_t)F + 1, sizeof *rank);
    if (!in || !out || !fadj || !flist || !rank) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    for (int i = 0; i < F; i++) {
        rank[order[i]] = i;
        fadj[app->flows[i].src + 1]++;
        fadj[app->flows[i].dst + 1]++;
    }
    for (int c = 0; c < N; c++)
        fadj[c + 1] += fadj[c];
    for (int i = 0; i < F; i++) {
        flist[fadj[app->flows[i].src]++] = i;
        flist[fadj[app->flows[i].dst]++] = i;
    }
    for (int c = N; c > 0; c--)
        fadj[c] = fadj[c - 1];
    fadj[0] = 0;
    struct refine_in r = {app, o, order, cx, cy, cw, in, out, K, fadj, flist, rank};
    NOC_CHECK(est_init(&e, &r, ctx));
    {
        struct swnet net;
        NOC_CHECK(assignment_net(&r, core_sw, &net, &best, ctx));
        if (isfinite(best))
            NOC_CHECK(est_set(&e, &r, core_sw, &net, ctx));
    }
    /* Per core: every move of it (then every swap with a later core)
     * estimated, the most promising few built in order of their estimate,
     * the first that lowers the power kept; passes until one improves
     * nothing (or the budget of estimates is spent). */
    struct refine_obj x = {&r, &e, effort, ctx};
    struct noc_search s = {N, K, INT_MAX, SYNTH_REFINE_PASSES, budget, 0, SYNTH_REFINE_SCREEN,
                           SYNTH_REFINE_BUILDS, &x, refine_estimate, refine_commit, refine_try_cost, refine_ready};
    NOC_CHECK(noc_search_run(&s, core_sw, &best, ctx));
cleanup:
    if (power)
        *power = best;
    est_free(&e);
    free(in);
    free(out);
    free(fadj);
    free(flist);
    free(rank);
    return rc;
}
