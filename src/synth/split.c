/* Min-cut splitting synthesis: the sweep over switch counts. */
#include "nocsyn/synth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

void noc_synth_opts_init(struct noc_synth_opts *o)
{
    memset(o, 0, sizeof *o);
    o->kmin = 1;
    o->kmax = 0; /* = number of cores */
    o->max_radix = NOC_DEFAULT_MAX_RADIX;
    o->link_width = NOC_DEFAULT_LINK_WIDTH;
    o->freq_mhz = NOC_DEFAULT_FREQ_MHZ;
    o->hop_mw = 0.05;
    o->max_util = NOC_DEFAULT_MAX_UTIL;
    o->seed = 1;
    o->effort = 1;
    noc_tech_defaults(&o->tech);
    noc_pareto_opts_init(&o->pick);
}

void noc_synth_eval_opts(const struct noc_synth_opts *o, const struct noc_topo *t, struct noc_eval_opts *eo)
{
    noc_eval_opts_init(eo);
    eo->routing = NOC_RT_TABLE;
    eo->vcs = 1;
    eo->threads = 1;
    eo->seed = o->seed;
    eo->link_capacity_mbps = noc_synth_capacity(o);
    eo->bisection = t->nnodes <= 64;
}

double noc_synth_capacity(const struct noc_synth_opts *o)
{
    return noc_link_mbps(o->link_width, o->freq_mhz);
}

int noc_synth_grid_nfreqs(const struct noc_synth_opts *o) { return o->nfreqs > 0 ? o->nfreqs : 1; }

int noc_synth_grid_nwidths(const struct noc_synth_opts *o) { return o->nwidths > 0 ? o->nwidths : 1; }

double noc_synth_grid_freq(const struct noc_synth_opts *o, int i)
{
    return o->nfreqs > 0 ? o->freqs[i] : o->freq_mhz;
}

double noc_synth_grid_width(const struct noc_synth_opts *o, int i)
{
    return o->nwidths > 0 ? o->widths[i] : o->link_width;
}

void noc_synth_result_init(struct noc_synth_result *r)
{
    memset(r, 0, sizeof *r);
    r->chosen = -1;
}

/* Releases what design d owns (topology, loads, capacities, flow cycles);
 * its figures stay: the sweep's slim designs keep them for the table and
 * pareto.csv. */
static void design_release(struct noc_design *d)
{
    noc_topo_free(&d->topo);
    noc_topo_init(&d->topo);
    free(d->m.load);
    free(d->m.capacity);
    d->m.load = d->m.capacity = NULL;
    free(d->flow_cycles);
    d->flow_cycles = NULL;
    d->nflow_cycles = 0;
}

void noc_synth_result_free(struct noc_synth_result *r)
{
    for (int i = 0; i < r->n; i++)
        design_release(&r->d[i]);
    free(r->d);
    memset(r, 0, sizeof *r);
    r->chosen = -1;
}

/* Shared inputs of one sweep. */
struct sweep {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const double *cx, *cy, *cw;
    const int *order;
    struct noc_synth_result *res;
    int done; /* designs finished (the progress count) */
    int slim; /* release what can never be written (noc_synth_opts.slim) */
    int *fin; /* the finished designs, in finishing order (done of them) */
    int lpt;  /* items in decreasing K (sweep_design) */
};

/* 1 when every switch's cores fit within the radix. */
static int fits_radix(const struct noc_app *app, const struct noc_synth_opts *o, int K, const int *core_sw)
{
    if (o->max_radix <= 0)
        return 1;
    int *cnt = calloc((size_t)K, sizeof *cnt), ok = cnt != NULL;
    for (int c = 0; ok && c < app->ncores; c++)
        ok = ++cnt[core_sw[c]] <= o->max_radix;
    free(cnt);
    return ok;
}

/* The design a pool item builds: with more than one worker the items go
 * costliest first (longest processing time first), estimated by the
 * switch count (routing, placement and layout grow with it), so no
 * worker is left alone with the largest K at the end; the designs stay
 * in K order, and so does the output. */
static int sweep_design(const struct sweep *sw, int item)
{
    return sw->lpt ? sw->res->n - 1 - item : item;
}

static int design_one(void *arg, int item, int worker, struct noc_ctx *ctx)
{
    struct sweep *sw = arg;
    int idx = sweep_design(sw, item);
    const struct noc_app *app = sw->app;
    const struct noc_synth_opts *o = sw->o;
    struct noc_design *d = &sw->res->d[idx];
    int K = d->switches, rc = NOC_OK;
    struct swnet net;
    int N = app->ncores;
    double best = NAN, p;
    int *core_sw = noc_malloc(ctx, (size_t)N, sizeof *core_sw);
    int *alt = noc_malloc(ctx, (size_t)N, sizeof *alt), *seen = noc_malloc(ctx, 3 * (size_t)N, sizeof *seen);
    if (!core_sw || !alt || !seen) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_synth_partition(app, K, o->seed, core_sw, ctx));
    memcpy(seen, core_sw, (size_t)N * sizeof *seen);
    NOC_CHECK(noc_synth_refine(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, core_sw, &best, ctx));
    /* Where refinement runs, it runs again from the two geometric starts
     * (first cut along x, along y), each new start once; the lowest power
     * wins, METIS's on ties. */
    for (int axis = 0; axis < 2 && !isnan(best); axis++) {
        int *st = seen + (size_t)(axis + 1) * N, dup = 0;
        NOC_CHECK(noc_synth_partition_geom(sw->cx, sw->cy, N, K, axis, st, ctx));
        for (int i = 0; i <= axis && !dup; i++)
            dup = !memcmp(st, seen + (size_t)i * N, (size_t)N * sizeof *st);
        if (dup)
            continue;
        memcpy(alt, st, (size_t)N * sizeof *alt);
        NOC_CHECK(noc_synth_refine(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, alt, &p, ctx));
        if (p < best * (1 - 1e-9)) {
            best = p;
            memcpy(core_sw, alt, (size_t)N * sizeof *core_sw);
        }
    }
    int feasible;
    NOC_CHECK(noc_synth_split_net(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, core_sw, NULL, 0, &net, &feasible,
                                  d->reason, sizeof d->reason, ctx));
    if (!feasible && fits_radix(app, o, K, core_sw)) {
        /* A flow found no path: again with a backbone tree first (the first
         * reason is kept when that fails too). */
        char why[sizeof d->reason];
        noc_swnet_free(&net); /* the first try's network (kept for the caller when infeasible) */
        NOC_CHECK(noc_synth_split_net_backbone(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, core_sw, &net, &feasible,
                                               why, sizeof why, ctx));
    }
    /* Still no route where no refinement ran (so the geometric starts were
     * not tried): each of them (first cut along x, along y) that differs
     * from the partition and fits the radix is routed the same way; the
     * first that routes is kept, else the first reason. */
    for (int axis = 0; !feasible && isnan(best) && axis < 2; axis++) {
        int *st = seen + (size_t)(axis + 1) * N, dup = 0, gok;
        if ((rc = noc_synth_partition_geom(sw->cx, sw->cy, N, K, axis, st, ctx)) != NOC_OK) {
            noc_swnet_free(&net);
            goto cleanup;
        }
        for (int i = 0; i <= axis && !dup; i++)
            dup = !memcmp(st, seen + (size_t)i * N, (size_t)N * sizeof *st);
        if (dup || !fits_radix(app, o, K, st))
            continue;
        char why[sizeof d->reason];
        struct swnet gnet;
        rc = noc_synth_split_net(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, st, NULL, 0, &gnet, &gok, why,
                                 sizeof why, ctx);
        if (rc == NOC_OK && !gok) {
            noc_swnet_free(&gnet);
            rc = noc_synth_split_net_backbone(app, o, sw->order, sw->cx, sw->cy, sw->cw, K, st, &gnet, &gok, why,
                                              sizeof why, ctx);
        }
        if (rc != NOC_OK) { /* gnet released by the callee */
            noc_swnet_free(&net);
            goto cleanup;
        }
        if (gok) {
            noc_swnet_free(&net);
            net = gnet;
            memcpy(core_sw, st, (size_t)N * sizeof *core_sw);
            feasible = 1;
        } else
            noc_swnet_free(&gnet);
    }
    if (feasible)
        rc = noc_synth_finish(app, &net, core_sw, sw->cx, sw->cy, o, "sw", NULL, d, ctx);
    noc_swnet_free(&net);
cleanup:
    free(core_sw);
    free(alt);
    free(seen);
    return rc;
}

/* 1 when feasible design e rules out feasible design d for good: e
 * dominates d within the front's tolerances (so d is off the front
 * whatever else the sweep finds) and costs over twice
 * NOC_PARETO_SAME_REL less in the figure the choice takes (power or
 * latency), so every design the rule could choose costs less than d by
 * more than the identity tolerance: d is neither chosen nor the identical
 * copy a choice falls back to. */
static int rules_out(const struct noc_design *e, const struct noc_design *d, const struct noc_pareto_opts *p)
{
    double ve[4], vd[4];
    noc_synth_objectives(e, ve);
    noc_synth_objectives(d, vd);
    int k = p->pick == NOC_PICK_LATENCY;
    return noc_pareto_dominates_tol(ve, vd, 4, p->tol) && ve[k] < vd[k] * (1 - 2 * NOC_PARETO_SAME_REL);
}

/* One call at a time as designs finish (the pool's done()): the progress,
 * and with sw->slim the designs the new one rules out (or that rule it
 * out) released.  Whatever the finishing order, a design is released only
 * when it can never be written, so the output does not depend on it. */
static void design_done(void *arg, int item, int worker, int status)
{
    struct sweep *sw = arg;
    int idx = sweep_design(sw, item);
    struct noc_design *d = sw->res->d;
    sw->fin[sw->done++] = idx;
    if (sw->o->progress)
        sw->o->progress(sw->o->progress_ud, sw->done, sw->res->n, d[idx].name);
    if (!sw->slim || status != NOC_OK || !d[idx].feasible)
        return;
    for (int i = 0; i < sw->done - 1; i++) {
        int j = sw->fin[i];
        if (!d[j].feasible)
            continue;
        if (rules_out(&d[idx], &d[j], &sw->o->pick))
            design_release(&d[j]);
        else if (rules_out(&d[j], &d[idx], &sw->o->pick)) {
            design_release(&d[idx]);
            break;
        }
    }
}

/* Each worker thread's GLPK environment goes with the thread. */
void noc_synth_pool_leave(void *arg, int worker)
{
    noc_lp_thread_done();
}

int noc_synth_split(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = app->ncores;
    int kmin = o->kmin, kmax = o->kmax > 0 ? o->kmax : n;
    double *cx = NULL, *cy = NULL, *cw = NULL;
    int *order = NULL, *fin = NULL;
    if (n < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no cores");
    if (kmin < 1 || kmin > kmax)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "switch range %d:%d is empty", kmin, kmax);
    if (kmax > n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%d switches for %d cores: K must not exceed the core count",
                         kmax, n);
    if ((rc = noc_synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    cx = noc_malloc(ctx, (size_t)n, sizeof *cx);
    cy = noc_malloc(ctx, (size_t)n, sizeof *cy);
    cw = noc_malloc(ctx, (size_t)n, sizeof *cw);
    order = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *order);
    int step = o->kstep > 0 ? o->kstep : n <= 128 ? 1 : (n + 127) / 128;
    res->n = (kmax - kmin) / step + 1 + ((kmax - kmin) % step != 0);
    res->d = noc_calloc(ctx, (size_t)res->n, sizeof *res->d);
    if (!cx || !cy || !cw || !order || !res->d || noc_synth_flow_order(app, order, ctx) ||
        noc_synth_core_geom(app, cx, cy, cw, ctx) != NOC_OK) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    for (int i = 0; i < res->n; i++) {
        struct noc_design *d = &res->d[i];
        d->switches = kmin + i * step < kmax ? kmin + i * step : kmax;
        snprintf(d->method, sizeof d->method, "split");
        snprintf(d->name, sizeof d->name, "split_k%d", d->switches);
        noc_metrics_init(&d->m);
    }
    /* Designs are released as the sweep runs only where nothing after it
     * reads them: the alternatives and variants start from every design. */
    int slim = o->slim && (o->pick.pick == NOC_PICK_POWER || o->pick.pick == NOC_PICK_LATENCY) &&
               noc_synth_search_budget(n, o->effort, SYNTH_SEARCH_CUT_SCALE) < n &&
               noc_synth_variant_links(n, o->effort) == 0;
    if (!(fin = noc_malloc(ctx, (size_t)res->n, sizeof *fin))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    struct sweep sw = {.app = app, .o = o, .cx = cx, .cy = cy, .cw = cw, .order = order, .res = res,
                       .slim = slim, .fin = fin, .lpt = noc_pool_threads(o->threads, res->n) > 1};
    struct noc_pool_job job = {.nitems = res->n, .nthreads = o->threads, .arg = &sw, .run = design_one,
                               .done = design_done, .leave = noc_synth_pool_leave};
    NOC_CHECK(noc_pool_run(&job, ctx));
    /* The low-latency alternatives and their variants are kept only
     * where no other design dominates them. */
    int nplain = res->n, nalt, nvar;
    NOC_CHECK(noc_synth_split_alts(app, o, order, cx, cy, cw, res, ctx));
    nalt = res->n;
    NOC_CHECK(noc_synth_split_variants(app, o, order, cx, cy, cw, res, nalt, nplain, &nvar, ctx));
    noc_synth_prune(res, nvar, res->n);
    noc_synth_prune(res, nplain, nalt);
    NOC_CHECK(noc_synth_pareto(res, &o->pick, ctx));
    if (res->chosen < 0) {
        const char *why = res->n ? res->d[res->n - 1].reason : "no switch count";
        rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no feasible design for %d..%d switches; %s", kmin, kmax, why);
    }
cleanup:
    free(cx);
    free(cy);
    free(cw);
    free(order);
    free(fin);
    return rc;
}

/* synth's list for noc_pareto_mark: its designs' objectives (rounded by
 * the list), feasibility, least-power tie rule and marks. */
static void design_objectives(const void *d, double *v) { noc_synth_objectives_raw(d, v); }

static int design_feasible(const void *d) { return ((const struct noc_design *)d)->feasible; }

/* Least power, then lower latency, then fewer switches (unrounded). */
static int design_before(const void *x, const void *y)
{
    const struct noc_design *a = x, *c = y;
    return a->power_mw < c->power_mw ||
           (a->power_mw == c->power_mw &&
            (a->lat_avg_ns < c->lat_avg_ns || (a->lat_avg_ns == c->lat_avg_ns && a->switches < c->switches)));
}

static void design_mark(void *x, int pareto, const void *same)
{
    struct noc_design *d = x;
    d->pareto = pareto;
    d->same_as[0] = '\0';
    if (same)
        snprintf(d->same_as, sizeof d->same_as, "%s", ((const struct noc_design *)same)->name);
}

int noc_synth_pareto(struct noc_synth_result *res, const struct noc_pareto_opts *p, struct noc_ctx *ctx)
{
    const struct noc_pareto_list l = {res->d,          sizeof *res->d, res->n,        design_objectives,
                                      SYNTH_OBJ_ROUND, design_feasible, design_before, design_mark};
    res->chosen = -1;
    return noc_pareto_mark(&l, p, &res->chosen, ctx);
}
