/* The comparison behind `nocsyn compare` (see explore.h). */
#include "nocsyn/explore.h"
#include "nocsyn/package.h"
#include "explore_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/gen.h"
#include "nocsyn/phys.h"
#include "nocsyn/route.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

void noc_compare_opts_init(struct noc_compare_opts *o)
{
    memset(o, 0, sizeof *o);
    noc_synth_opts_init(&o->synth);
    o->ideal = 1;
    noc_sim_opts_init(&o->sim);
    o->sim.warmup = 1000;
    o->sim.cycles = NOC_SIM_SWEEP_CYCLES;
    o->sim_from = NOC_SIM_SWEEP_FROM;
    o->sim_to = NOC_SIM_SWEEP_TO;
    o->sim_step = NOC_SIM_SWEEP_STEP;
}

void noc_compare_init(struct noc_compare *c)
{
    memset(c, 0, sizeof *c);
    c->chosen = -1;
}

void noc_compare_free(struct noc_compare *c)
{
    for (int i = 0; i < c->n; i++) {
        noc_topo_free(&c->e[i].d.topo);
        noc_metrics_free(&c->e[i].d.m);
        free(c->e[i].load_mbps);
        if (c->e[i].simulated)
            noc_sim_result_free(&c->e[i].sim);
        free(c->e[i].sim_svg);
    }
    free(c->e);
    free(c->skip);
    noc_compare_init(c);
}

static struct noc_entry *new_entry(struct noc_compare *c, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&c->e, &c->cap, (size_t)c->n + 1, sizeof *c->e))
        return NULL;
    struct noc_entry *e = &c->e[c->n++];
    memset(e, 0, sizeof *e);
    noc_topo_init(&e->d.topo);
    noc_metrics_init(&e->d.m);
    e->d.feasible = 1;
    e->ecmp_load_mbps = e->ideal_load_mbps = e->map_cost = NAN;
    return e;
}

/* Evaluates e->d.topo under e->routing (and ECMP, ideal beside), fills
 * power and area.  tr is the app traffic over e->d.topo's terminals. */
static int evaluate(struct noc_entry *e, const struct noc_traffic *tr, const struct noc_compare_opts *o,
                    struct noc_ctx *ctx)
{
    struct noc_eval_opts eo;
    noc_eval_opts_init(&eo);
    int rc = noc_routing_parse(e->routing, &eo.routing, ctx);
    if (rc != NOC_OK)
        return rc;
    eo.vcs = e->d.vcs;
    eo.seed = o->synth.seed;
    eo.link_capacity_mbps = noc_link_mbps(e->d.topo.link_width, e->d.topo.freq_mhz);
    eo.bisection = e->d.topo.nnodes <= 64;
    noc_metrics_free(&e->d.m);
    noc_metrics_init(&e->d.m);
    if ((rc = noc_eval(&e->d.topo, tr, &eo, &e->d.m, ctx)) != NOC_OK)
        return rc;
    free(e->load_mbps);
    if (!(e->load_mbps = noc_malloc(ctx, (size_t)e->d.topo.nch + 1, sizeof(double))))
        return NOC_ENOMEM;
    for (int ch = 0; ch < e->d.topo.nch; ch++)
        e->load_mbps[ch] = e->d.m.load[ch] * tr->unit_mbps;
    noc_tech_topo(&o->synth.tech, &e->d.topo, e->load_mbps, e->d.topo.link_width, &e->d.power_mw, &e->d.area_mm2,
                  NULL);
    struct noc_metrics em;
    noc_metrics_init(&em);
    eo.routing = NOC_RT_ECMP;
    eo.bisection = 0;
    if ((rc = noc_eval(&e->d.topo, tr, &eo, &em, ctx)) == NOC_OK)
        e->ecmp_load_mbps = em.max_channel_load_mbps;
    noc_metrics_free(&em);
    if (rc != NOC_OK)
        return rc;
    if (o->ideal) {
        double ml;
        rc = noc_eval_lp_load(&e->d.topo, tr, NOC_RT_IDEAL, &ml, NULL, ctx);
        if (rc == NOC_OK)
            e->ideal_load_mbps = ml * tr->unit_mbps;
        else if (rc == NOC_ELIMIT) { /* above the LP size limit: n/a */
            noc_ctx_clear(ctx);
            rc = NOC_OK;
        }
    }
    return rc;
}

/* e's clock-dependent figures at its topology's clock and width: channel
 * latencies, fmax of the largest router, the app's flow latencies. */
static int entry_timing(struct noc_entry *e, const struct noc_app *app, const struct noc_tech *tech,
                        struct noc_ctx *ctx)
{
    struct noc_topo *t = &e->d.topo;
    int rmax = 0;
    for (int r = 0; r < t->nrouters; r++)
        if (noc_topo_radix(t, r) > rmax)
            rmax = noc_topo_radix(t, r);
    e->d.freq_mhz = t->freq_mhz;
    e->d.link_width = t->link_width;
    e->d.fmax_mhz = noc_tech_router_fmax_mhz(tech, rmax, t->link_width);
    noc_tech_set_latencies(tech, t);
    double mx;
    int rc = noc_synth_latency(app, t, tech, NULL, &e->d.lat_avg_cycles, &mx, ctx);
    if (rc != NOC_OK)
        return rc;
    e->d.lat_avg_ns = noc_cycles_ns(e->d.lat_avg_cycles, t->freq_mhz);
    e->d.lat_max_ns = noc_cycles_ns(mx, t->freq_mhz);
    return NOC_OK;
}

/* A baseline's clock and width: the same search synthesized designs get
 * (explore.h).  Every (clock, width) point of the grid (one width with a
 * wire budget) is tried; a point is feasible when the largest router closes
 * timing at the clock, every channel (core links and shared concentrator
 * ports included) stays within --max-util and every flow meets its
 * max_latency_ns; of the feasible points the choice rule of o->synth.pick
 * takes one (default: least power, ties lower latency).  With no feasible
 * point, the one breaking the fewest of those three constraints, then of
 * least utilisation, then of least power, so compare reports it violating.
 * Loads in MB/s do not depend on the clock, so power and utilisation are
 * recomputed from e->load_mbps; m.max_utilization follows.  O(grid x
 * (channels + flows x path length)). */
static int baseline_clock(struct noc_entry *e, const struct noc_app *app, const struct noc_compare_opts *o,
                          double budget_width, struct noc_ctx *ctx)
{
    const struct noc_synth_opts *so = &o->synth;
    struct noc_topo *t = &e->d.topo;
    int nf = noc_synth_grid_nfreqs(so), nw = budget_width > 0 ? 1 : noc_synth_grid_nwidths(so);
    int np = nf * nw, rc = NOC_OK, rmax = 0;
    for (int r = 0; r < t->nrouters; r++)
        if (noc_topo_radix(t, r) > rmax)
            rmax = noc_topo_radix(t, r);
    double *obj = noc_malloc(ctx, (size_t)np * 4 + 1, sizeof *obj);
    double *pf = noc_malloc(ctx, (size_t)np * 3 + 1, sizeof *pf); /* freq, width, util */
    int *ok = noc_malloc(ctx, (size_t)np + 1, sizeof *ok);
    int *cyc = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *cyc);
    if (!obj || !pf || !ok || !cyc) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    int best = -1, bestv = 4;
    for (int wi = 0; wi < nw; wi++)
        for (int fi = 0; fi < nf; fi++) {
            int p = wi * nf + fi;
            double w = budget_width > 0 ? budget_width : noc_synth_grid_width(so, wi);
            double f = noc_synth_grid_freq(so, fi), fm = noc_tech_router_fmax_mhz(&so->tech, rmax, w);
            double cap = noc_link_mbps(w, f), u = 0, avg, mx;
            for (int c = 0; c < t->nch; c++)
                u = fmax(u, e->load_mbps[c] / cap);
            double port = noc_topo_port_load(t, e->load_mbps); /* shared concentrator ports */
            if (!isnan(port))
                u = fmax(u, port / cap);
            t->link_width = w;
            t->freq_mhz = f;
            noc_tech_set_latencies(&so->tech, t);
            NOC_CHECK(noc_synth_latency(app, t, &so->tech, cyc, &avg, &mx, ctx));
            int late = 0;
            for (int fl = 0; fl < app->nflows; fl++)
                late |= app->flows[fl].max_latency_ns > 0 &&
                        noc_exceeds(noc_cycles_ns(cyc[fl], f), app->flows[fl].max_latency_ns);
            noc_tech_topo(&so->tech, t, e->load_mbps, w, &obj[4 * p], &obj[4 * p + 2], NULL);
            obj[4 * p + 1] = noc_cycles_ns(avg, f);
            obj[4 * p + 3] = rmax;
            pf[3 * p] = f;
            pf[3 * p + 1] = w;
            pf[3 * p + 2] = u;
            int v = noc_exceeds(f, fm) + noc_exceeds(u, so->max_util) + late;
            ok[p] = v == 0;
            if (v < bestv || (v == bestv && v > 0 &&
                              (u < pf[3 * best + 2] || (u == pf[3 * best + 2] && obj[4 * p] < obj[4 * best])))) {
                best = p;
                bestv = v;
            }
        }
    if (bestv == 0)
        best = noc_pareto_choose(obj, 4, np, ok, &so->pick);
    t->link_width = pf[3 * best + 1];
    t->freq_mhz = pf[3 * best];
    noc_tech_topo(&so->tech, t, e->load_mbps, t->link_width, &e->d.power_mw, &e->d.area_mm2, NULL);
    e->d.m.max_utilization = pf[3 * best + 2];
cleanup:
    free(obj);
    free(pf);
    free(ok);
    free(cyc);
    return rc;
}

/* The link width that spends o->wire_budget wires on the bisection of t
 * (explore.h): floor(budget / (bisection links x wires per link and bit)),
 * a bidirectional link counting twice; at least 1.  *wires = the bisection's
 * links x that factor. */
static int budget_width(const struct noc_topo *t, const struct noc_compare_opts *o, double *w,
                        struct noc_ctx *ctx)
{
    int links, exact, ch = 0, pairs = 0;
    int rc = noc_eval_bisection(t, o->synth.seed, &links, &exact, ctx);
    if (rc != NOC_OK)
        return rc;
    for (int c = 0; c < t->nch; c++)
        if (noc_topo_is_rr(t, c)) {
            ch++;
            pairs += t->g.rev[c] >= 0;
        }
    /* Channels per link: 2 when every link is a bidirectional pair, 1 when
     * every one is one-way. */
    double per = ch ? (double)ch / (ch - pairs / 2) : 1;
    double tracks = links * per;
    *w = tracks > 0 ? fmax(1, floor(o->wire_budget / tracks + 1e-9)) : 1;
    return NOC_OK;
}

/* Latency-load sweep of e under its own routing (see explore.h). */
static int simulate(struct noc_entry *e, const struct noc_traffic *tr, const struct noc_compare_opts *o,
                    struct noc_ctx *ctx)
{
    struct noc_sim_opts so = o->sim;
    struct noc_sim sim;
    struct noc_buf svg;
    int rc = noc_routing_parse(e->routing, &so.routing, ctx);
    if (rc != NOC_OK)
        return rc;
    /* The priced router (issue 29 item 4): the tech model's VCs, buffer
     * depth per VC and pipeline depth, and packets of ceil(packet_bits /
     * width) flits, as the latency model and the RTL (2 VCs x 4 flits,
     * 3 stages, 128-bit packets by default); at least one VC per class of
     * the design's routing (dateline classes). */
    const struct noc_tech *tech = &o->synth.tech;
    so.vcs = (int)tech->vcs > e->d.vcs ? (int)tech->vcs : e->d.vcs;
    so.buf = (int)tech->buf_flits;
    so.router_delay = (int)tech->router_stages;
    so.pkt_short = so.pkt_long = (int)ceil(tech->packet_bits / e->d.topo.link_width - 1e-9);
    so.pkt_pshort = 1;
    so.mm_per_cycle = o->sim.mm_per_cycle;
    if ((rc = noc_sim_init(&sim, &e->d.topo, tr, &so, ctx)) != NOC_OK)
        return rc;
    noc_sim_result_init(&e->sim);
    e->simulated = 1;
    noc_buf_init(&svg);
    if ((rc = noc_sim_sweep(&sim, o->sim_from, o->sim_to, o->sim_step, &e->sim, ctx)) == NOC_OK) {
        double cap = noc_link_mbps(e->d.topo.link_width, e->d.topo.freq_mhz);
        e->sim_headroom = tr->unit_mbps > 0 ? e->sim.saturation * cap / tr->unit_mbps : NAN;
        char title[160];
        snprintf(title, sizeof title, "%s (%s)", e->d.name, e->routing);
        if ((rc = noc_sim_plot_svg(&sim, &e->sim, title, &svg, ctx)) == NOC_OK) {
            e->sim_svg = svg.data;
            svg.data = NULL;
        }
    }
    noc_buf_free(&svg);
    noc_sim_free(&sim);
    return rc;
}

/* Entry e on its traffic tr: the evaluation, then (a baseline: its mapping
 * cost and clock first) the timing and, with o->simulate, the simulation. */
static int assess(struct noc_entry *e, const struct noc_traffic *tr, const struct noc_app *app,
                  const struct noc_compare_opts *o, int baseline, struct noc_ctx *ctx)
{
    int rc = evaluate(e, tr, o, ctx);
    if (rc != NOC_OK)
        return rc;
    if (baseline) {
        e->map_cost = e->d.m.hops_avg * noc_app_total_bw(app);
        double bw = 0;
        if (o->wire_budget > 0 && (rc = budget_width(&e->d.topo, o, &bw, ctx)) != NOC_OK)
            return rc;
        if ((rc = baseline_clock(e, app, o, bw, ctx)) != NOC_OK)
            return rc;
    }
    if ((rc = entry_timing(e, app, &o->synth.tech, ctx)) == NOC_OK && o->simulate)
        rc = simulate(e, tr, o, ctx);
    return rc;
}

/* ---- synthesized designs */

static int add_synth(struct noc_compare *c, const struct noc_app *app, const char *app_path, const char *method,
                     const struct noc_compare_opts *o, struct noc_ctx *ctx)
{
    struct noc_synth_result res;
    struct noc_traffic tr;
    int have_tr = 0;
    noc_synth_result_init(&res);
    int rc = NOC_OK;
    rc = noc_synth_run(method, app, &o->synth, &res, ctx);
    if (rc == NOC_EINFEASIBLE) { /* a method that cannot meet the constraints is skipped */
        noc_note(ctx, "method %s skipped: %s", method, ctx->msg);
        char why[sizeof ctx->msg];
        snprintf(why, sizeof why, "%s", ctx->msg);
        noc_ctx_clear(ctx);
        rc = noc_explore_skip(c, method, "synth", why, ctx);
        goto cleanup;
    }
    if (rc != NOC_OK)
        goto cleanup;
    struct noc_design *d = &res.d[res.chosen];
    struct noc_entry *e = new_entry(c, ctx);
    if (!e) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    snprintf(e->d.name, sizeof e->d.name, "%s", d->name);
    snprintf(e->d.method, sizeof e->d.method, "%s", d->method);
    snprintf(e->kind, sizeof e->kind, "synth");
    snprintf(e->routing, sizeof e->routing, "table");
    e->d.vcs = d->vcs;
    e->d.switches = d->switches;
    noc_topo_free(&e->d.topo);
    e->d.topo = d->topo; /* take it over */
    e->d.die_mm2 = d->die_mm2;
    e->d.core_util = d->core_util;
    noc_topo_init(&d->topo);
    char spec[4200];
    snprintf(spec, sizeof spec, "app:%s", app_path);
    NOC_CHECK(noc_traffic_from_app(&tr, &e->d.topo, app, spec, "name", 0, ctx));
    have_tr = 1;
    rc = assess(e, &tr, app, o, 0, ctx);
cleanup:
    if (have_tr)
        noc_traffic_free(&tr);
    noc_synth_result_free(&res);
    return rc;
}

/* ---- a multi-die package (explore.h, o->package) */

/* Entry e takes over package design pd (its topology), evaluated as any
 * entry, then priced (D2D modules included) and timed by the package model
 * (entry_timing would re-derive the D2D channels' latency from their
 * length). */
static int add_package_entry(struct noc_compare *c, const struct noc_app *app, const char *app_path,
                             struct noc_package_design *pd, const char *name, const char *kind,
                             const struct noc_compare_opts *o, struct noc_ctx *ctx)
{
    struct noc_traffic tr;
    int rc = NOC_OK, have_tr = 0;
    struct noc_entry *e = new_entry(c, ctx);
    if (!e)
        return NOC_ENOMEM;
    snprintf(e->d.name, sizeof e->d.name, "%s", name);
    snprintf(e->d.method, sizeof e->d.method, "%s", pd->d.method);
    snprintf(e->kind, sizeof e->kind, "%s", kind);
    snprintf(e->routing, sizeof e->routing, "table");
    e->d.vcs = pd->d.vcs;
    e->d.switches = pd->d.switches;
    noc_topo_free(&e->d.topo);
    e->d.topo = pd->d.topo; /* take it over */
    noc_topo_init(&pd->d.topo);
    char spec[4200];
    snprintf(spec, sizeof spec, "app:%s", app_path);
    NOC_CHECK(noc_traffic_from_app(&tr, &e->d.topo, app, spec, "name", 0, ctx));
    have_tr = 1;
    NOC_CHECK(evaluate(e, &tr, o, ctx));
    /* the price is the package's own (its dies' wire and D2D modules,
     * package.h), not a second pricing of the composed topology */
    e->d.power_mw = pd->d.power_mw;
    e->d.area_mm2 = pd->d.area_mm2;
    e->d.freq_mhz = pd->d.freq_mhz;
    e->d.link_width = pd->d.link_width;
    e->d.fmax_mhz = pd->d.fmax_mhz;
    e->d.lat_avg_cycles = pd->d.lat_avg_cycles;
    e->d.lat_avg_ns = pd->d.lat_avg_ns;
    e->d.lat_max_ns = pd->d.lat_max_ns;
    e->d.die_mm2 = pd->d.die_mm2; /* the composed design's one layout */
    e->d.core_util = pd->d.core_util;
    e->d.d2d_modules = pd->d.d2d_modules;
    e->d.d2d_mbps = pd->d.d2d_mbps;
    e->d.d2d_mw = pd->d.d2d_mw;
    e->d.d2d_area_mm2 = pd->d.d2d_area_mm2;
    if (o->simulate)
        rc = simulate(e, &tr, o, ctx);
cleanup:
    if (have_tr)
        noc_traffic_free(&tr);
    return rc;
}

static int add_package(struct noc_compare *c, const struct noc_app *app, const char *app_path,
                       const struct noc_compare_opts *o, struct noc_ctx *ctx)
{
    struct noc_package_result res;
    struct noc_synth_opts so = o->synth;
    struct noc_app local; /* the app with nocsyn's own floorplan dropped */
    noc_package_result_init(&res);
    noc_app_init(&local);
    so.progress = NULL; /* the whole (clock, width) grid: package.h */
    int rc = NOC_OK;
    /* The whole app's min-cut floorplan means nothing on a die: each die
     * floorplans its own cores (package.h) unless the user placed them. */
    if (!(local.name = noc_strdup(ctx, app->name ? app->name : "app"))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < app->ncores; i++) {
        int id = noc_app_core(&local, app->cores[i].name, ctx);
        if (id < 0) {
            rc = -id;
            goto cleanup;
        }
        char *own = local.cores[id].name; /* the local app's copy of the name */
        local.cores[id] = app->cores[i];
        local.cores[id].name = own;
        local.cores[id].has_pos = o->synth.free_floorplan ? 0 : app->cores[i].has_pos;
    }
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        NOC_CHECK(noc_app_add_flow(&local, fl->src, fl->dst, fl->bw, fl->max_hops, ctx));
        if (fl->max_latency_ns > 0)
            NOC_CHECK(noc_app_bound_latency(&local, fl->src, fl->dst, fl->max_latency_ns, ctx));
    }
    rc = noc_package_synth(&local, o->package, &so, &res, ctx);
    if (rc == NOC_EINFEASIBLE) {
        char why[sizeof ctx->msg];
        snprintf(why, sizeof why, "%s", ctx->msg);
        noc_ctx_clear(ctx);
        rc = noc_explore_skip(c, "package", "synth", why, ctx);
        goto cleanup;
    }
    if (rc != NOC_OK)
        goto cleanup;
    NOC_CHECK(add_package_entry(c, app, app_path, &res.d[res.chosen], res.d[res.chosen].d.name, "synth", o, ctx));
    /* The baselines at the packed module count and the chosen design's
     * clock and width: the bridged mesh and the interposer mesh (2.5-D
     * packages only). */
    static const char *const base[] = {"mesh_bridged", "mesh_interposer"};
    const struct noc_design *cd = &res.d[res.chosen].d;
    for (int b = 0; b < 2 && rc == NOC_OK; b++)
        for (int i = 0; i < res.n; i++) {
            const struct noc_package_design *pd = &res.d[i];
            if (strcmp(pd->d.method, "mesh") || pd->extra != 0 || pd->interposer != b ||
                pd->d.freq_mhz != cd->freq_mhz || pd->d.link_width != cd->link_width)
                continue;
            if (pd->d.feasible)
                rc = add_package_entry(c, app, app_path, &res.d[i], base[b], "baseline", o, ctx);
            else
                rc = noc_explore_skip(c, base[b], "baseline", pd->d.reason, ctx);
            break;
        }
cleanup:
    noc_package_result_free(&res);
    noc_app_free(&local);
    return rc;
}

/* ---- baselines */

/* Stores, for every app flow, the highest-weight path of the baseline's
 * own routing as a table route (for D.routes.csv and simulators). */
static int store_routes(struct noc_topo *t, const struct noc_app *app, const int *term_of, int model, int vcs,
                        struct noc_ctx *ctx)
{
    struct noc_routing rt;
    struct noc_pathset ps;
    int rc = noc_routing_init(&rt, t, model, vcs, ctx);
    int *buf = NULL, *off = NULL;
    noc_pathset_init(&ps);
    if (rc != NOC_OK)
        return rc;
    size_t cap = 0, len = 0;
    off = noc_calloc(ctx, (size_t)app->nflows + 1, sizeof *off);
    if (!off) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++) {
        int s = t->nrouters + term_of[app->flows[f].src], d = t->nrouters + term_of[app->flows[f].dst];
        NOC_CHECK(noc_routing_paths(&rt, s, d, &ps, ctx));
        int best = 0;
        for (int p = 1; p < ps.npaths; p++)
            if (ps.weight[p] > ps.weight[best])
                best = p;
        for (int k = ps.start[best]; k < ps.start[best + 1]; k++) {
            int v = t->ch[ps.ch[k]].dst;
            if (v >= t->nrouters)
                continue;
            if (noc_grow(ctx, (void **)&buf, &cap, len + 1, sizeof *buf)) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            buf[len++] = v;
        }
        off[f + 1] = (int)len;
    }
    noc_routing_free(&rt);
    noc_pathset_free(&ps);
    for (int f = 0; f < app->nflows; f++)
        if ((rc = noc_topo_add_route(t, t->nrouters + term_of[app->flows[f].src],
                                     t->nrouters + term_of[app->flows[f].dst], buf + off[f], off[f + 1] - off[f],
                                     ctx)) != NOC_OK)
            break;
    if (rc == NOC_OK)
        rc = noc_topo_finalize(t, ctx);
    free(buf);
    free(off);
    return rc;
cleanup:
    noc_routing_free(&rt);
    noc_pathset_free(&ps);
    free(buf);
    free(off);
    return rc;
}

/* The baseline's one layout (nocsyn/phys.h): its generated tiles are a
 * fixed floorplan, so the routers are legalised around the cores (stored
 * route i carries flow i) before anything is measured. */
static int baseline_layout(struct noc_entry *e, const struct noc_app *app, const struct noc_compare_opts *o,
                           struct noc_ctx *ctx)
{
    struct noc_topo *t = &e->d.topo;
    double *w = noc_malloc(ctx, (size_t)t->nroutes + 1, sizeof *w);
    if (!w)
        return NOC_ENOMEM;
    for (int i = 0; i < t->nroutes; i++)
        w[i] = t->nroutes == app->nflows ? app->flows[i].bw : 1;
    for (int v = t->nrouters; v < t->nnodes; v++) { /* the cores' real sizes in their tiles */
        int k = noc_app_find(app, t->nodes[v].name);
        if (k >= 0 && app->cores[k].has_size) {
            t->nodes[v].w = app->cores[k].w;
            t->nodes[v].h = app->cores[k].h;
        }
    }
    struct noc_phys_stats ps;
    memset(&ps, 0, sizeof ps);
    int rc = noc_phys_cosynth(t, &o->synth.tech, w, 0, o->synth.seed, &ps, ctx);
    e->d.die_mm2 = ps.die_mm2;
    e->d.core_util = ps.util;
    free(w);
    return rc;
}

static int add_baseline(struct noc_compare *c, const struct noc_app *app, const char *app_path, const char *name,
                        const struct noc_compare_opts *o, struct noc_ctx *ctx)
{
    char spec[160], dname[64];
    const char *routing;
    int vcs, rc, model;
    struct noc_traffic tr;
    int have_tr = 0, *term_of = NULL, user = !strncmp(name, "gen:", 4);
    const char **names = NULL;
    snprintf(dname, sizeof dname, "%s", name);
    rc = user ? noc_baseline_user(name, app->ncores, dname, sizeof dname, spec, sizeof spec, &routing, &vcs, ctx)
              : noc_baseline_spec(name, app->ncores, spec, sizeof spec, &routing, &vcs, ctx);
    if (rc == NOC_EUNSUP) {
        noc_note(ctx, "baseline %s skipped: %s", name, ctx->msg);
        char why[sizeof ctx->msg];
        snprintf(why, sizeof why, "%s", ctx->msg);
        noc_ctx_clear(ctx);
        return noc_explore_skip(c, name, "baseline", why, ctx);
    }
    if (rc != NOC_OK)
        return rc;
    struct noc_entry *e = new_entry(c, ctx);
    if (!e)
        return NOC_ENOMEM;
    snprintf(e->d.name, sizeof e->d.name, "%s", dname);
    snprintf(e->d.method, sizeof e->d.method, "%.*s", user ? (int)strcspn(spec, ":") : 63, user ? spec : name);
    snprintf(e->kind, sizeof e->kind, "baseline");
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    snprintf(e->routing, sizeof e->routing, "%s", routing);
    e->d.vcs = vcs;
    /* The tile pitch fits the largest core of the user's floorplan (its
     * longer side; 1 mm cores without a size), so every core fits its tile
     * and wire lengths and power are those of a layout that could exist. */
    double pitch = 0;
    for (int i = 0; i < app->ncores; i++)
        pitch = fmax(pitch, app->cores[i].has_size ? fmax(app->cores[i].w, app->cores[i].h) : 1);
    char gspec[200];
    if (user && strstr(spec, "pitch="))
        snprintf(gspec, sizeof gspec, "%s", spec); /* the user's own pitch */
    else
        snprintf(gspec, sizeof gspec, "%s%spitch=%.6g", spec, strchr(spec, ':') ? "," : ":", pitch);
    snprintf(e->spec, sizeof e->spec, "%s", gspec);
    noc_topo_free(&e->d.topo);
    NOC_CHECK(noc_gen_spec(&e->d.topo, gspec, ctx));
    struct noc_topo *t = &e->d.topo;
    t->link_width = o->synth.link_width;
    t->freq_mhz = o->synth.freq_mhz;
    e->d.switches = t->nrouters;
    /* The auto mapping, through the traffic module. */
    char tspec[4200];
    snprintf(tspec, sizeof tspec, "app:%s", app_path);
    NOC_CHECK(noc_traffic_from_app(&tr, t, app, tspec, "auto", o->synth.seed, ctx));
    have_tr = 1;
    term_of = noc_malloc(ctx, (size_t)app->ncores, sizeof *term_of);
    names = noc_calloc(ctx, (size_t)t->nnodes, sizeof *names);
    if (!term_of || !names) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < t->nterminals; i++)
        if (tr.core_of[i] >= 0) {
            term_of[tr.core_of[i]] = i;
            names[t->nrouters + i] = app->cores[tr.core_of[i]].name;
        }
    /* A spare terminal whose generated name is also a core's keeps a
     * distinct name. */
    char (*spare)[32] = noc_calloc(ctx, (size_t)t->nterminals + 1, sizeof *spare);
    if (!spare) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < t->nterminals; i++)
        if (!names[t->nrouters + i] && noc_app_find(app, t->nodes[t->nrouters + i].name) >= 0) {
            snprintf(spare[i], sizeof spare[i], "%s_spare", t->nodes[t->nrouters + i].name);
            names[t->nrouters + i] = spare[i];
        }
    rc = noc_topo_rename_nodes(t, names, ctx);
    free(spare);
    if (rc != NOC_OK)
        goto cleanup;
    NOC_CHECK(noc_routing_parse(routing, &model, ctx));
    if (model == NOC_RT_TABLE) /* fat tree, Clos: flow-balanced minimal routes */
        NOC_CHECK(noc_explore_balanced_routes(t, app, term_of, ctx));
    else
        NOC_CHECK(store_routes(t, app, term_of, model, vcs, ctx));
    NOC_CHECK(baseline_layout(e, app, o, ctx));
    rc = assess(e, &tr, app, o, 1, ctx);
cleanup:
    if (have_tr)
        noc_traffic_free(&tr);
    free(term_of);
    free(names);
    return rc;
}

/* Splits the comma list `list` of option `opt` into `items` (pointers into
 * buf, bsz bytes): "" is no item; an empty element ("a,,b", "a,"), a list
 * too long for buf or of more than max items is NOC_EINVAL.  *n = the
 * count. */
static int split_list(const char *opt, const char *list, char *buf, size_t bsz, char **items, int max, int *n,
                      struct noc_ctx *ctx)
{
    *n = 0;
    if ((size_t)snprintf(buf, bsz, "%s", list) >= bsz)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s: the list is longer than %zu bytes", opt, bsz - 1);
    if (!*buf)
        return NOC_OK;
    for (char *tok = buf, *comma;; tok = comma + 1) {
        if ((comma = strchr(tok, ',')) != NULL)
            *comma = '\0';
        if (!*tok)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s '%.60s' has an empty element", opt, list);
        if (*n >= max)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s: more than %d elements", opt, max);
        items[(*n)++] = tok;
        if (!comma)
            return NOC_OK;
    }
}

int noc_compare_run(struct noc_app *app, const char *app_path, const struct noc_compare_opts *o,
                    struct noc_compare *out, struct noc_ctx *ctx)
{
    char mbuf[256], bbuf[256];
    char *methods[16], *bases[16];
    int nm = 0, nb = 0;
    int rc = split_list("--methods", o->methods ? o->methods : "split,merge,cmesh,hring", mbuf, sizeof mbuf, methods,
                        16, &nm, ctx);
    if (rc == NOC_OK)
        rc = split_list("--baselines",
                        o->baselines ? o->baselines : "mesh,torus,cmesh,hring,flatfly,clos,fattree,butterfly", bbuf,
                        sizeof bbuf, bases, 16, &nb, ctx);
    if (rc != NOC_OK)
        return rc;
    /* A user's baseline "gen:FAMILY:P=V,P=V" keeps its commas: an element
     * after one that holds '=' continues its parameters (no registry name
     * holds '='). */
    for (int i = 1; i < nb; i++)
        if (!strncmp(bases[i - 1], "gen:", 4) && strchr(bases[i], '=') && strncmp(bases[i], "gen:", 4)) {
            bases[i][-1] = ',';
            memmove(bases + i, bases + i + 1, (size_t)(nb - i - 1) * sizeof *bases);
            nb--;
            i--;
        }
    /* Validate every name before any work. */
    for (int i = 0; i < nm; i++) {
        const char *name, *desc;
        int known = 0;
        for (int k = 0; noc_synth_method_info(k, &name, &desc) == 0; k++)
            known |= !strcmp(name, methods[i]);
        if (!known)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "unknown method '%s' in --methods (split, merge, cmesh, hring)", methods[i]);
    }
    for (int i = 0; i < nb; i++) {
        char spec[160], unm[64];
        const char *r;
        int v;
        if (!strncmp(bases[i], "gen:", 4)) {
            if ((rc = noc_baseline_user(bases[i], app->ncores, unm, sizeof unm, spec, sizeof spec, &r, &v, ctx)) != NOC_OK)
                return rc;
            continue;
        }
        rc = noc_baseline_spec(bases[i], app->ncores, spec, sizeof spec, &r, &v, ctx);
        if (rc == NOC_EINVAL)
            return rc;
        noc_ctx_clear(ctx);
        rc = NOC_OK;
    }
    for (int i = 0; i < nm + nb && rc == NOC_OK; i++) {
        const char *what = i < nm ? methods[i] : bases[i - nm];
        rc = i < nm ? add_synth(out, app, app_path, what, o, ctx) : add_baseline(out, app, app_path, what, o, ctx);
        if (o->progress)
            o->progress(o->progress_ud, i + 1, nm + nb, what);
    }
    if (rc == NOC_OK && o->package) {
        out->multi_die = 1;
        rc = add_package(out, app, app_path, o, ctx);
    }
    if (rc == NOC_OK)
        rc = noc_explore_check(out, app, o, ctx);
    return rc;
}
