/* The comparison behind `nocsyn compare` (see explore.h). */
#include "nocsyn/explore.h"
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
    o->sim.cycles = 10000;
    o->sim_from = 0.05;
    o->sim_to = 1.0;
    o->sim_step = 0.05;
}

void noc_compare_init(struct noc_compare *c) { memset(c, 0, sizeof *c); }

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
    memset(c, 0, sizeof *c);
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

/* A baseline's clock and width from the grid (explore.h): the highest
 * frequency its largest router meets at each width, then the width of least
 * power whose links (core links included) stay within max_util, else the
 * least loaded.  Loads in MB/s do not depend on the clock, so power and
 * utilisation are recomputed from e->load_mbps; m.max_utilization follows. */
static void baseline_clock(struct noc_entry *e, const struct noc_compare_opts *o, double budget_width)
{
    const struct noc_synth_opts *so = &o->synth;
    struct noc_topo *t = &e->d.topo;
    int nf = noc_synth_grid_nfreqs(so), nw = budget_width > 0 ? 1 : noc_synth_grid_nwidths(so);
    int rmax = 0;
    for (int r = 0; r < t->nrouters; r++)
        if (noc_topo_radix(t, r) > rmax)
            rmax = noc_topo_radix(t, r);
    double best_f = 0, best_w = 0, best_p = INFINITY, best_u = INFINITY;
    int best_ok = 0;
    for (int wi = 0; wi < nw; wi++) {
        double w = budget_width > 0 ? budget_width : noc_synth_grid_width(so, wi);
        double fm = noc_tech_router_fmax_mhz(&so->tech, rmax, w), f = 0, flo = INFINITY;
        for (int fi = 0; fi < nf; fi++) {
            double fv = noc_synth_grid_freq(so, fi);
            flo = fmin(flo, fv);
            if (fv <= fm * (1 + 1e-12) && fv > f)
                f = fv;
        }
        if (f == 0)
            f = flo; /* no grid clock closes timing: the slowest, flagged by fmax */
        double cap = noc_link_mbps(w, f), u = 0;
        for (int c = 0; c < t->nch; c++)
            u = fmax(u, e->load_mbps[c] / cap);
        double port = noc_topo_port_load(t, e->load_mbps); /* shared concentrator ports */
        if (!isnan(port))
            u = fmax(u, port / cap);
        t->link_width = w;
        t->freq_mhz = f;
        double p, a;
        noc_tech_topo(&so->tech, t, e->load_mbps, w, &p, &a, NULL);
        int ok = u <= so->max_util * (1 + 1e-9) && f <= fm * (1 + 1e-12);
        if ((ok && (!best_ok || p < best_p)) || (!ok && !best_ok && u < best_u)) {
            best_ok = ok;
            best_f = f;
            best_w = w;
            best_p = p;
            best_u = u;
        }
    }
    t->link_width = best_w;
    t->freq_mhz = best_f;
    noc_tech_topo(&so->tech, t, e->load_mbps, best_w, &e->d.power_mw, &e->d.area_mm2, NULL);
    e->d.m.max_utilization = best_u;
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
        baseline_clock(e, o, bw);
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
    char spec[120];
    const char *routing;
    int vcs, rc, model;
    struct noc_traffic tr;
    int have_tr = 0, *term_of = NULL;
    const char **names = NULL;
    rc = noc_baseline_spec(name, app->ncores, spec, sizeof spec, &routing, &vcs, ctx);
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
    snprintf(e->d.name, sizeof e->d.name, "%s", name);
    snprintf(e->d.method, sizeof e->d.method, "%s", name);
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
    char gspec[150];
    snprintf(gspec, sizeof gspec, "%s,pitch=%.6g", spec, pitch);
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
        char spec[160];
        const char *r;
        int v;
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
    if (rc == NOC_OK)
        rc = noc_explore_check(out, app, o, ctx);
    return rc;
}
