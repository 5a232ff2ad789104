/* The clock of synthesis: a finished design's timing (link latencies at its
 * clock, each flow's zero-load latency, the fmax of its largest router) and
 * its check against the latency bounds and the clock, and the (frequency, width) grid
 * that noc_synth_run explores around each method (synth.h). */
#include "price_int.h"
#include "search_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "nocsyn/units.h"

/* Route index of every flow of app in topology t (terminals named after
 * the cores), -1 when it has none. */
static int flow_routes(const struct noc_app *app, const struct noc_topo *t, int *route_of,
                       struct noc_ctx *ctx)
{
    struct noc_u64map m;
    noc_u64map_init(&m);
    int rc = NOC_OK;
    for (int i = 0; i < t->nroutes && rc == NOC_OK; i++)
        if (noc_u64map_put(&m, noc_pair_key(t->routes[i].src, t->routes[i].dst), i, ctx))
            rc = NOC_ENOMEM;
    for (int f = 0; f < app->nflows && rc == NOC_OK; f++) {
        int s = noc_topo_find(t, app->cores[app->flows[f].src].name);
        int d = noc_topo_find(t, app->cores[app->flows[f].dst].name);
        route_of[f] = s < 0 || d < 0 ? -1 : noc_u64map_get(&m, noc_pair_key(s, d));
    }
    noc_u64map_free(&m);
    return rc;
}

int noc_synth_latency(const struct noc_app *app, const struct noc_topo *t, const struct noc_tech *tech,
                      int *cycles, double *avg_cycles, double *max_cycles, struct noc_ctx *ctx)
{
    int *route_of = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *route_of);
    if (!route_of)
        return NOC_ENOMEM;
    int rc = flow_routes(app, t, route_of, ctx);
    double wsum = 0, csum = 0, cmax = 0;
    for (int f = 0; f < app->nflows && rc == NOC_OK; f++) {
        const struct noc_flow *fl = &app->flows[f];
        int ri = route_of[f];
        int cyc = ri < 0 ? -1
                         : noc_tech_flow_cycles(tech, t, t->routes[ri].src, t->routes[ri].dst,
                                                t->routes[ri].path, t->routes[ri].len, 32);
        if (cyc < 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "%s: flow %s -> %s has no route",
                           t->name ? t->name : "topology", app->cores[fl->src].name, app->cores[fl->dst].name);
            break;
        }
        if (cycles)
            cycles[f] = cyc;
        wsum += fl->bw;
        csum += fl->bw * cyc;
        cmax = fmax(cmax, cyc);
    }
    free(route_of);
    *avg_cycles = wsum > 0 ? csum / wsum : 0;
    *max_cycles = cmax;
    return rc;
}

int noc_synth_timing(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_design *d,
                     struct noc_ctx *ctx)
{
    struct noc_topo *t = &d->topo;
    const struct noc_tech *tech = &o->tech;
    int rc = NOC_OK;
    d->flow_cycles = noc_calloc(ctx, (size_t)app->nflows + 1, sizeof *d->flow_cycles);
    if (!d->flow_cycles)
        return NOC_ENOMEM;
    d->nflow_cycles = app->nflows;
    d->freq_mhz = o->freq_mhz;
    d->link_width = o->link_width;
    noc_tech_set_latencies(tech, t);
    int rmax = 0;
    for (int r = 0; r < t->nrouters; r++)
        if (noc_topo_radix(t, r) > rmax)
            rmax = noc_topo_radix(t, r);
    d->fmax_mhz = noc_tech_router_fmax_mhz(tech, rmax, o->link_width);
    if ((rc = noc_synth_latency(app, t, tech, d->flow_cycles, &d->lat_avg_cycles, &d->lat_max_cycles, ctx)) !=
        NOC_OK)
        return rc == NOC_EINVAL ? noc_error(ctx, NOC_EINTERNAL, NULL, 0, "design %s: %s", d->name, ctx->msg) : rc;
    d->lat_avg_ns = noc_cycles_ns(d->lat_avg_cycles, o->freq_mhz);
    d->lat_max_ns = noc_cycles_ns(d->lat_max_cycles, o->freq_mhz);
    if (!d->feasible)
        return NOC_OK;
    /* No non-finite metric may be chosen (the tech ranges keep them finite;
     * this is the last guard). */
    if (!isfinite(d->power_mw) || !isfinite(d->area_mm2) || !isfinite(d->lat_avg_ns) || !isfinite(d->lat_max_ns)) {
        d->feasible = 0;
        snprintf(d->reason, sizeof d->reason, "its power, area or latency is not a finite number (check the tech file)");
        return NOC_OK;
    }
    /* The constraints the methods do not see: latency bounds and the clock. */
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        double ns = noc_cycles_ns(d->flow_cycles[f], o->freq_mhz);
        if (fl->max_latency_ns > 0 && noc_exceeds(ns, fl->max_latency_ns)) {
            d->feasible = 0;
            snprintf(d->reason, sizeof d->reason,
                     "flow %s -> %s: zero-load latency %.6g ns (%d cycles at %g MHz) above its "
                     "max_latency_ns %g",
                     app->cores[fl->src].name, app->cores[fl->dst].name, ns, d->flow_cycles[f], o->freq_mhz,
                     fl->max_latency_ns);
            return NOC_OK;
        }
    }
    if (noc_exceeds(o->freq_mhz, d->fmax_mhz)) {
        d->feasible = 0;
        snprintf(d->reason, sizeof d->reason,
                 "its largest router (radix %d) runs at most %.0f MHz, below the %g MHz clock", rmax,
                 d->fmax_mhz, o->freq_mhz);
    }
    /* Radix, utilisation and max_hops are the methods' own guarantees,
     * re-checked (loudly) by noc_synth_verify in noc_synth_finish. */
    return NOC_OK;
}

/* ---- the (frequency, width) grid */

/* Moves the designs of src onto the end of dst (src left empty), renaming
 * them with the grid point when `tag` is set. */
static int move_designs(struct noc_synth_result *dst, size_t *cap, struct noc_synth_result *src,
                        const char *tag, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&dst->d, cap, (size_t)dst->n + (size_t)src->n + 1, sizeof *dst->d))
        return NOC_ENOMEM;
    for (int i = 0; i < src->n; i++) {
        struct noc_design *d = &dst->d[dst->n++];
        *d = src->d[i];
        if (tag) {
            char nm[sizeof d->name];
            if ((size_t)snprintf(nm, sizeof nm, "%s%s", d->name, tag) < sizeof nm) {
                memcpy(d->name, nm, sizeof nm);
                if (d->topo.name) {
                    char *tn = noc_strdup(ctx, nm);
                    if (!tn)
                        return NOC_ENOMEM;
                    free(d->topo.name);
                    d->topo.name = tn;
                }
            }
        }
    }
    free(src->d);
    noc_synth_result_init(src);
    return NOC_OK;
}

int noc_synth_run_grid(const char *method, synth_method_fn run, const struct noc_app *app,
               const struct noc_synth_opts *o, struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int nf = noc_synth_grid_nfreqs(o), nw = noc_synth_grid_nwidths(o);
    int multi = nf * nw > 1, rc = NOC_OK;
    size_t cap = 0;
    if (!multi) {
        /* One point: the method's own result and message, at the timing
         * radix bound. */
        struct noc_synth_opts *one = malloc(sizeof *one);
        if (!one)
            return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        *one = *o;
        one->freq_mhz = noc_synth_grid_freq(o, 0);
        one->link_width = noc_synth_grid_width(o, 0);
        one->nfreqs = one->nwidths = 0;
        int tr = noc_tech_max_radix(&o->tech, one->link_width, one->freq_mhz);
        if (one->max_radix <= 0 || tr < one->max_radix)
            one->max_radix = tr;
        rc = tr < 2 ? noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                                "no router meets a %g MHz clock at %g bits (see 'nocsyn tech')",
                                one->freq_mhz, one->link_width)
                    : run(app, one, res, ctx);
        free(one);
        return rc;
    }
    struct noc_synth_opts *po = malloc(sizeof *po);
    if (!po)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    char last_reason[512] = "";
    for (int fi = 0; fi < nf && rc == NOC_OK; fi++)
        for (int wi = 0; wi < nw && rc == NOC_OK; wi++) {
            *po = *o;
            po->freq_mhz = noc_synth_grid_freq(o, fi);
            po->link_width = noc_synth_grid_width(o, wi);
            po->nfreqs = po->nwidths = 0;
            int tr = noc_tech_max_radix(&o->tech, po->link_width, po->freq_mhz);
            if (po->max_radix <= 0 || tr < po->max_radix)
                po->max_radix = tr;
            char tag[64];
            snprintf(tag, sizeof tag, "_f%g_w%g", po->freq_mhz, po->link_width);
            struct noc_synth_result one;
            noc_synth_result_init(&one);
            int r = NOC_EINFEASIBLE;
            if (tr < 2)
                noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                          "no router meets a %g MHz clock at %g bits (see 'nocsyn tech')", po->freq_mhz,
                          po->link_width);
            else
                r = run(app, po, &one, ctx);
            if (r == NOC_EINFEASIBLE && one.n == 0) {
                /* The method built nothing at this point: one entry says why. */
                struct noc_design *d = noc_synth_add_design(&one, &(size_t){0}, method, method, 0, ctx);
                if (!d) {
                    rc = NOC_ENOMEM;
                    break;
                }
                d->freq_mhz = po->freq_mhz;
                d->link_width = po->link_width;
                snprintf(d->reason, sizeof d->reason, "%.500s", ctx->msg);
            }
            if (r == NOC_EINFEASIBLE) {
                snprintf(last_reason, sizeof last_reason, "%.500s", ctx->msg);
                noc_ctx_clear(ctx);
                r = NOC_OK;
            }
            for (int i = 0; i < one.n; i++) {
                one.d[i].freq_mhz = po->freq_mhz;
                one.d[i].link_width = po->link_width;
            }
            if (r == NOC_OK)
                r = move_designs(res, &cap, &one, multi ? tag : NULL, ctx);
            noc_synth_result_free(&one);
            rc = r;
        }
    free(po);
    if (rc != NOC_OK)
        return rc;
    if ((rc = noc_synth_pareto(res, &o->pick, ctx)) != NOC_OK)
        return rc;
    if (res->chosen >= 0)
        return NOC_OK;
    /* Nothing feasible.  A flow whose latency bound no design met, even
     * one infeasible for another reason, is named with the best latency
     * any design gave it. */
    for (int f = 0; f < app->nflows; f++) {
        double bound = app->flows[f].max_latency_ns, best = INFINITY;
        if (!(bound > 0))
            continue;
        for (int i = 0; i < res->n; i++)
            if (res->d[i].flow_cycles && res->d[i].freq_mhz > 0)
                best = fmin(best, noc_cycles_ns(res->d[i].flow_cycles[f], res->d[i].freq_mhz));
        if (isfinite(best) && noc_exceeds(best, bound))
            return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                             "flow %s -> %s: max_latency_ns %g cannot be met by any %s design; the "
                             "best reaches %.6g ns",
                             app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                             bound, method, best);
    }
    return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no feasible %s design; %s", method,
                     res->n ? res->d[res->n - 1].reason : last_reason);
}
