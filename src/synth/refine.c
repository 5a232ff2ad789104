/* Split's switch graph for a given core assignment (route, place, join
 * islands), the power of a routed switch graph, and the refinement pass
 * that moves cores between switches while the total power drops. */
#include "synth_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/units.h"

double synth_net_power(const struct noc_synth_opts *o, const struct swnet *n, int ncores, const int *core_sw,
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
                     const int *extra, int nextra, int backbone, struct swnet *net, char *why, size_t whylen,
                     struct noc_ctx *ctx)
{
    double *sw_w = noc_calloc(ctx, (size_t)K, sizeof *sw_w);
    if (!sw_w) {
        memset(net, 0, sizeof *net);
        return -1;
    }
    if (swnet_init(net, K, app->nflows, o, ctx) != NOC_OK) {
        free(sw_w);
        return -1;
    }
    int r = 0;
    for (int c = 0; c < app->ncores; c++) {
        int s = core_sw[c];
        net->ncores[s]++;
        net->sx[s] += cw[c] * cx[c];
        net->sy[s] += cw[c] * cy[c];
        sw_w[s] += cw[c];
    }
    for (int s = 0; s < K && r == 0; s++) {
        net->sx[s] /= sw_w[s];
        net->sy[s] /= sw_w[s];
        if (net->ncores[s] > net->max_radix) {
            snprintf(why, whylen, "switch sw%d needs %d ports for its cores alone, above %s %d", s,
                     net->ncores[s], SYNTH_RADIX_NAME(net->o), net->max_radix);
            r = 1;
        }
    }
    for (int i = 0; i < nextra && r == 0; i++) {
        int u = extra[2 * i], v = extra[2 * i + 1];
        if (swnet_ports(net, u) >= net->max_radix || swnet_ports(net, v) >= net->max_radix) {
            snprintf(why, whylen, "no free port for the extra link sw%d - sw%d", u, v);
            r = 1;
        } else if (swnet_open_link(net, u, v, ctx) < 0)
            r = -1;
    }
    if (r == 0 && backbone && synth_backbone(net, app, core_sw, ctx) != NOC_OK)
        r = -1;
    char fwhy[256];
    for (int i = 0; i < app->nflows && r == 0; i++) {
        int f = order[i];
        const struct noc_flow *fl = &app->flows[f];
        r = swnet_route(net, f, core_sw[fl->src], core_sw[fl->dst], fl->bw, fl->max_hops, fwhy, sizeof fwhy, ctx);
        if (r > 0)
            snprintf(why, whylen, "flow %s -> %s (%.6g MB/s): %s", app->cores[fl->src].name,
                     app->cores[fl->dst].name, fl->bw, fwhy);
    }
    if (r == 0 && synth_place(net, app->ncores, core_sw, cx, cy, cw, ctx) != NOC_OK)
        r = -1;
    /* Every core reachable: join switch islands unless asked not to. */
    if (r == 0 && !o->no_connect)
        r = swnet_connect(net, why, whylen, ctx);
    if (r < 0)
        swnet_free(net);
    free(sw_w);
    return r;
}

int synth_split_net(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                    const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                    const int *extra, int nextra, struct swnet *net, char *why, size_t whylen,
                    struct noc_ctx *ctx)
{
    return split_net(app, o, order, cx, cy, cw, K, core_sw, extra, nextra, 0, net, why, whylen, ctx);
}

int synth_split_net_backbone(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                             const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                             struct swnet *net, char *why, size_t whylen, struct noc_ctx *ctx)
{
    return split_net(app, o, order, cx, cy, cw, K, core_sw, NULL, 0, 1, net, why, whylen, ctx);
}

/* What every trial assignment of one refinement shares. */
struct refine_in {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;
    const double *cx, *cy, *cw, *in, *out;
    int K;
};

/* Power of the design split would build for assignment core_sw, INFINITY
 * when infeasible; NAN on error (ctx). */
static double assignment_power(const struct refine_in *r, const int *core_sw, struct noc_ctx *ctx)
{
    struct swnet net;
    char why[512];
    int rc = synth_split_net(r->app, r->o, r->order, r->cx, r->cy, r->cw, r->K, core_sw, NULL, 0, &net, why,
                             sizeof why, ctx);
    double p = rc < 0 ? NAN
               : rc > 0 ? INFINITY
                        : synth_net_power(r->o, &net, r->app->ncores, core_sw, r->cx, r->cy, r->in, r->out);
    if (rc >= 0)
        swnet_free(&net);
    return p;
}

/* 1 (and *best lowered) when core_sw's power is below *best by more than
 * rounding, 0 when not, a negative status on error. */
static int improves(const struct refine_in *r, const int *core_sw, double *best, struct noc_ctx *ctx)
{
    double p = assignment_power(r, core_sw, ctx);
    if (isnan(p))
        return -(ctx->status ? ctx->status : NOC_EINTERNAL);
    if (!(p < *best * (1 - 1e-9)))
        return 0;
    *best = p;
    return 1;
}

int synth_refine(const struct noc_app *app, const struct noc_synth_opts *o, const int *order, const double *cx,
                 const double *cy, const double *cw, int K, int *core_sw, double *power, struct noc_ctx *ctx)
{
    int N = app->ncores, rc = NOC_OK, better;
    double best = NAN, *in = NULL, *out = NULL;
    int *size = NULL;
    if (K < 2 || N > SYNTH_REFINE_MAX_CORES)
        goto cleanup;
    in = noc_malloc(ctx, (size_t)N, sizeof *in);
    out = noc_malloc(ctx, (size_t)N, sizeof *out);
    size = noc_calloc(ctx, (size_t)K, sizeof *size);
    if (!in || !out || !size) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    for (int c = 0; c < N; c++)
        size[core_sw[c]]++;
    struct refine_in r = {app, o, order, cx, cy, cw, in, out, K};
    best = assignment_power(&r, core_sw, ctx);
    if (isnan(best)) {
        rc = ctx->status ? ctx->status : NOC_EINTERNAL;
        goto cleanup;
    }
    /* First improvement over single moves, then pairwise swaps, until a
     * full pass improves nothing (or the pass budget is spent). */
    long tries = 0, budget = SYNTH_REFINE_TRIES;
    if (N > SYNTH_REFINE_FULL_CORES)
        budget = (long)(budget * ((double)SYNTH_REFINE_FULL_CORES * SYNTH_REFINE_FULL_CORES) / ((double)N * N));
    for (int pass = 0, improved = 1; improved && pass < SYNTH_REFINE_PASSES; pass++) {
        improved = 0;
        for (int c = 0; c < N; c++)
            for (int s = 0; s < K; s++) {
                int from = core_sw[c];
                if (s == from || size[from] < 2 || tries++ >= budget)
                    continue;
                core_sw[c] = s;
                if ((better = improves(&r, core_sw, &best, ctx)) < 0) {
                    rc = -better;
                    goto cleanup;
                }
                if (better) {
                    size[from]--;
                    size[s]++;
                    improved = 1;
                } else
                    core_sw[c] = from;
            }
        for (int c = 0; c < N; c++)
            for (int e = c + 1; e < N; e++) {
                int a = core_sw[c], b = core_sw[e];
                if (a == b || tries++ >= budget)
                    continue;
                core_sw[c] = b;
                core_sw[e] = a;
                if ((better = improves(&r, core_sw, &best, ctx)) < 0) {
                    rc = -better;
                    goto cleanup;
                }
                if (better) {
                    improved = 1;
                } else {
                    core_sw[c] = a;
                    core_sw[e] = b;
                }
            }
    }
cleanup:
    if (power)
        *power = best;
    free(in);
    free(out);
    free(size);
    return rc;
}
