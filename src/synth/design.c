/* Shared by every synthesis method: flow order, input checks, core
 * geometry, and finishing a design from a routed switch graph (topology,
 * evaluation under table routing, power and area). */
#include "swnet_int.h"
#include "price_int.h"
#include "search_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/phys.h"
#include "nocsyn/route.h"
#include "nocsyn/synth.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

int noc_synth_flow_order(const struct noc_app *app, int *order, struct noc_ctx *ctx)
{
    /* Decreasing bandwidth, ties by flow index: a bottom-up merge sort
     * keeps it stable and reentrant (qsort would need a global). */
    int n = app->nflows;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int width = 1; width < n; width *= 2) {
        int *tmp = noc_malloc(ctx, (size_t)n, sizeof *tmp);
        if (!tmp)
            return NOC_ENOMEM;
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int a = lo, b = mid, k = lo;
            while (a < mid || b < hi) {
                int take_a;
                if (a >= mid)
                    take_a = 0;
                else if (b >= hi)
                    take_a = 1;
                else {
                    const struct noc_flow *x = &app->flows[order[a]], *y = &app->flows[order[b]];
                    take_a = x->bw > y->bw || (x->bw == y->bw && order[a] < order[b]);
                }
                tmp[k++] = take_a ? order[a++] : order[b++];
            }
        }
        memcpy(order, tmp, (size_t)n * sizeof *tmp);
        free(tmp);
    }
    return NOC_OK;
}

/* No single flow or core may exceed a link (clear message). */
static int check_capacity(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_ctx *ctx)
{
    double cap = noc_synth_capacity(o) * o->max_util;
    int rc = NOC_OK;
    double *in = noc_calloc(ctx, (size_t)app->ncores + 1, sizeof *in);
    double *out = noc_calloc(ctx, (size_t)app->ncores + 1, sizeof *out);
    if (!in || !out) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++)
        if (noc_exceeds(app->flows[f].bw, cap)) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "flow %s -> %s needs %.6g MB/s, above the link capacity of %.6g MB/s "
                           "(--max-util %g x --link-width x --freq / 8)",
                           app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                           app->flows[f].bw, cap, o->max_util);
            goto cleanup;
        }
    noc_app_core_bw(app, in, out);
    for (int c = 0; c < app->ncores; c++)
        if (noc_exceeds(in[c], cap) || noc_exceeds(out[c], cap)) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "core %s %s %.6g MB/s, above its link capacity of %.6g MB/s "
                           "(--max-util %g x --link-width x --freq / 8)",
                           app->cores[c].name, noc_exceeds(out[c], cap) ? "injects" : "receives", fmax(in[c], out[c]), cap,
                           o->max_util);
            goto cleanup;
        }
cleanup:
    free(in);
    free(out);
    return rc;
}

int noc_synth_check_input(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_ctx *ctx)
{
    if (app->ncores < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no cores");
    if (app->nflows < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no flows: nothing to connect");
    if (!(o->link_width > 0) || !(o->freq_mhz > 0) || !(o->max_util > 0) || o->max_radix < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "link width, frequency and utilisation must be > 0");
    for (int c = 0; c < app->ncores; c++)
        if (!app->cores[c].has_pos)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no position: floorplan the app first",
                             app->cores[c].name);
    return check_capacity(app, o, ctx);
}

int noc_synth_core_geom(const struct noc_app *app, double *cx, double *cy, double *cw, struct noc_ctx *ctx)
{
    int n = app->ncores;
    double *in = noc_malloc(ctx, (size_t)n + 1, sizeof *in), *out = noc_malloc(ctx, (size_t)n + 1, sizeof *out);
    if (!in || !out) {
        free(in);
        free(out);
        return NOC_ENOMEM;
    }
    noc_app_core_bw(app, in, out);
    double total = noc_app_total_bw(app);
    for (int c = 0; c < n; c++) {
        const struct noc_core *co = &app->cores[c];
        cx[c] = co->x + (co->has_size ? co->w : 0) / 2;
        cy[c] = co->y + (co->has_size ? co->h : 0) / 2;
        cw[c] = in[c] + out[c] + 1e-3 * (total + 1) / n; /* isolated cores still count */
    }
    free(in);
    free(out);
    return NOC_OK;
}

/* Builds the design's topology from the routed switch graph. */
static int build_topo(const struct noc_app *app, const struct swnet *net, const int *core_sw,
                      const double *cx, const double *cy, const struct noc_synth_opts *o,
                      const char *prefix, const struct noc_shape *shape, struct noc_design *d,
                      struct noc_ctx *ctx)
{
    struct noc_topo *t = &d->topo;
    int rc = NOC_OK, K = net->K;
    int *rid = noc_malloc(ctx, (size_t)K, sizeof *rid);
    int *path = noc_malloc(ctx, (size_t)K + 1, sizeof *path);
    if (!rid || !path) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_topo_init(t);
    if (!(t->name = noc_strdup(ctx, d->name))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (shape)
        t->shape = *shape;
    else {
        snprintf(t->shape.name, sizeof t->shape.name, "%s", d->method);
        t->shape.family = NOC_FAM_NONE;
    }
    t->link_width = o->link_width;
    t->freq_mhz = o->freq_mhz;
    char nm[64];
    for (int s = 0; s < K; s++) {
        snprintf(nm, sizeof nm, "%s%d", prefix, s);
        while (noc_app_find(app, nm) >= 0 && strlen(nm) + 2 < sizeof nm)
            strcat(nm, "_"); /* a core already has this name */
        if ((rid[s] = noc_topo_add_node(t, nm, NOC_ROUTER, ctx)) < 0) {
            rc = -rid[s];
            goto cleanup;
        }
        noc_topo_set_pos(t, rid[s], net->sx[s], net->sy[s]);
    }
    int tbase = t->nnodes;
    for (int c = 0; c < app->ncores; c++) {
        int id = noc_topo_add_node(t, app->cores[c].name, NOC_TERMINAL, ctx);
        if (id < 0) {
            rc = -id;
            goto cleanup;
        }
        noc_topo_set_pos(t, id, cx[c], cy[c]);
        t->nodes[id].w = app->cores[c].w;
        t->nodes[id].h = app->cores[c].h;
        NOC_CHECK(noc_topo_add_link(t, id, rid[core_sw[c]], ctx));
    }
    for (int ch = 0; ch < net->nch; ch++)
        if (net->csrc[ch] < net->cdst[ch] &&
            (rc = noc_topo_add_link(t, rid[net->csrc[ch]], rid[net->cdst[ch]], ctx)) != NOC_OK)
            goto cleanup;
    for (int f = 0; f < app->nflows; f++) {
        const struct ivec *p = &net->paths[f];
        for (int i = 0; i < p->n; i++)
            path[i] = rid[p->v[i]];
        if ((rc = noc_topo_add_route(t, tbase + app->flows[f].src, tbase + app->flows[f].dst, path,
                                     p->n, ctx)) != NOC_OK)
            goto cleanup;
    }
    rc = noc_topo_finalize(t, ctx);
cleanup:
    free(rid);
    free(path);
    return rc;
}

int noc_synth_price(const struct noc_app *app, const struct noc_synth_opts *o, const struct noc_topo *t,
                    struct noc_design *d, double **mbps_out, struct noc_ctx *ctx)
{
    struct noc_traffic tr;
    int have_tr = 0, rc;
    double *mbps = NULL;
    NOC_CHECK(noc_traffic_from_app(&tr, t, app, app->name ? app->name : "app", "name", 0, ctx));
    have_tr = 1;
    struct noc_eval_opts eo;
    noc_synth_eval_opts(o, t, &eo);
    NOC_CHECK(noc_eval(t, &tr, &eo, &d->m, ctx));
    if (!(mbps = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *mbps))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < t->nch; c++)
        mbps[c] = d->m.load[c] * tr.unit_mbps;
    noc_tech_topo(&o->tech, t, mbps, o->link_width, &d->power_mw, &d->area_mm2, NULL);
    if (mbps_out) {
        *mbps_out = mbps;
        mbps = NULL;
    }
cleanup:
    if (have_tr)
        noc_traffic_free(&tr);
    free(mbps);
    return rc;
}

int noc_synth_finish(const struct noc_app *app, const struct swnet *net, const int *core_sw,
                     const double *cx, const double *cy, const struct noc_synth_opts *o,
                     const char *prefix, const struct noc_shape *shape, struct noc_design *d,
                     struct noc_ctx *ctx)
{
    int rc;
    double *mbps = NULL, *model = NULL;
    NOC_CHECK(build_topo(app, net, core_sw, cx, cy, o, prefix, shape, d, ctx));
    /* The placement model's positions (routers where the method put them,
     * cores on the floorplan), kept only to price model_power_mw. */
    if (!(model = noc_malloc(ctx, (size_t)2 * d->topo.nnodes + 1, sizeof *model))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < d->topo.nnodes; v++) {
        model[2 * v] = d->topo.nodes[v].x;
        model[2 * v + 1] = d->topo.nodes[v].y;
    }
    /* One layout: the routers inserted into the floorplan and legalised
     * before anything is measured (route i carries flow i). */
    if (!(mbps = noc_malloc(ctx, (size_t)d->topo.nroutes + 1, sizeof *mbps))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < d->topo.nroutes; i++)
        mbps[i] = d->topo.nroutes == app->nflows ? app->flows[i].bw : 1;
    struct noc_phys_stats ps;
    NOC_CHECK(noc_phys_cosynth(&d->topo, &o->tech, mbps, o->free_floorplan, o->seed, &ps, ctx));
    d->die_mm2 = ps.die_mm2;
    d->core_util = ps.util;
    free(mbps);
    mbps = NULL;
    if (o->max_die_growth > 0) { /* the routers must fit the room allowed */
        struct noc_phys_stats fs;
        NOC_CHECK(noc_floorplan_stats(app, &fs, ctx));
        if (noc_exceeds(ps.die_mm2, fs.die_mm2 * (1 + o->max_die_growth / 100))) {
            snprintf(d->reason, sizeof d->reason,
                     "its routers do not fit the floorplan: the legal layout's die is %.6g mm2, %.3g%% above "
                     "the cores' %.6g mm2 (--max-die-growth %g)",
                     ps.die_mm2, 100 * (ps.die_mm2 / fs.die_mm2 - 1), fs.die_mm2, o->max_die_growth);
            goto cleanup;
        }
    }
    /* The design's terminals carry the core names. */
    NOC_CHECK(noc_synth_price(app, o, &d->topo, d, &mbps, ctx));
    /* The same design priced on the placement model (the positions before
     * co-synthesis): the cost the methods and the exact program minimise,
     * so a proven bound compares with it; the design's figures are the
     * legal layout's above. */
    for (int v = 0; v < d->topo.nnodes; v++) {
        double x = d->topo.nodes[v].x, y = d->topo.nodes[v].y;
        d->topo.nodes[v].x = model[2 * v];
        d->topo.nodes[v].y = model[2 * v + 1];
        model[2 * v] = x;
        model[2 * v + 1] = y;
    }
    double model_area;
    noc_tech_topo(&o->tech, &d->topo, mbps, o->link_width, &d->model_power_mw, &model_area, NULL);
    for (int v = 0; v < d->topo.nnodes; v++) {
        d->topo.nodes[v].x = model[2 * v];
        d->topo.nodes[v].y = model[2 * v + 1];
    }
    d->vcs = 1;
    if (d->m.deadlock_free != 1) {
        snprintf(d->reason, sizeof d->reason,
                 "the evaluation engine found a channel dependency cycle in the routes");
        goto cleanup;
    }
    /* The method's guarantees, re-checked independently of its bookkeeping. */
    if ((rc = noc_synth_verify(&d->topo, app, o, ctx)) != NOC_OK) {
        char why[sizeof ctx->msg];
        snprintf(why, sizeof why, "%s", ctx->msg);
        noc_ctx_clear(ctx);
        rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "synth %s (a bug): design %s breaks its constraints: %s",
                       d->method, d->name, why);
        goto cleanup;
    }
    d->feasible = 1;
    rc = noc_synth_timing(app, o, d, ctx);
cleanup:
    free(mbps);
    free(model);
    return rc;
}

struct noc_design *noc_synth_add_design(struct noc_synth_result *res, size_t *cap, const char *method,
                                        const char *name, int switches, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&res->d, cap, (size_t)res->n + 1, sizeof *res->d))
        return NULL;
    struct noc_design *d = &res->d[res->n++];
    memset(d, 0, sizeof *d);
    snprintf(d->method, sizeof d->method, "%s", method);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->switches = switches;
    noc_metrics_init(&d->m);
    return d;
}

int noc_synth_result_append(struct noc_synth_result *res, struct noc_synth_result *slots, int n,
                            struct noc_ctx *ctx)
{
    size_t add = 0;
    for (int i = 0; i < n; i++)
        add += (size_t)slots[i].n;
    if (add == 0)
        return NOC_OK;
    struct noc_design *nd = realloc(res->d, ((size_t)res->n + add) * sizeof *nd);
    if (!nd)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    res->d = nd;
    for (int i = 0; i < n; i++) {
        if (slots[i].n > 0)
            memcpy(res->d + res->n, slots[i].d, (size_t)slots[i].n * sizeof *nd);
        res->n += slots[i].n;
        free(slots[i].d);
        noc_synth_result_init(&slots[i]);
    }
    return NOC_OK;
}

int noc_synth_none_feasible(const struct noc_synth_result *res, const char *what, struct noc_ctx *ctx)
{
    if (res->chosen >= 0)
        return NOC_OK;
    const char *why = res->n ? res->d[res->n - 1].reason : "nothing to try";
    return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no feasible %s design; %s", what, why);
}

/* The method registry (synth.h). */
static const struct {
    const char *name;
    int (*run)(const struct noc_app *, const struct noc_synth_opts *, struct noc_synth_result *,
               struct noc_ctx *);
    const char *desc;
} methods[] = {
    {"split", noc_synth_split, "min-cut splitting: METIS groups per switch count, routed links"},
    {"merge", noc_synth_merge, "merging: a router per core (or a mapped mesh), merge while power drops"},
    {"cmesh", noc_synth_cmesh, "concentrated mesh: groups of c cores on a near-square mesh, XY routes"},
    {"hring", noc_synth_hring, "hierarchical ring: local rings of L cores joined by a global ring"},
};

/* "all": every method into res, one Pareto front and one chosen design
 * over all of them; a method that builds nothing adds one infeasible entry
 * named after it with its reason. */
static int run_all(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_synth_result *res,
                   struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    char first[sizeof ctx->msg] = "";
    for (size_t i = 0; i < sizeof methods / sizeof methods[0] && rc == NOC_OK; i++) {
        struct noc_synth_result one;
        noc_synth_result_init(&one);
        rc = noc_synth_run_grid(methods[i].name, methods[i].run, app, o, &one, ctx);
        if (rc == NOC_EINFEASIBLE) {
            if (!first[0])
                snprintf(first, sizeof first, "%s", ctx->msg);
            noc_synth_result_free(&one);
            size_t cap = (size_t)res->n;
            struct noc_design *d = noc_synth_add_design(res, &cap, methods[i].name, methods[i].name, 0, ctx);
            if (!d) {
                rc = NOC_ENOMEM;
                break;
            }
            snprintf(d->reason, sizeof d->reason, "%.*s", (int)sizeof d->reason - 1, ctx->msg);
            noc_ctx_clear(ctx);
            rc = NOC_OK;
            continue;
        }
        if (rc == NOC_OK) /* move the designs over */
            rc = noc_synth_result_append(res, &one, 1, ctx);
        noc_synth_result_free(&one);
    }
    if (rc != NOC_OK)
        return rc;
    if ((rc = noc_synth_pareto(res, &o->pick, ctx)) != NOC_OK)
        return rc;
    if (res->chosen < 0)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no method gives a feasible design; %s",
                         first[0] ? first : "nothing to try");
    return NOC_OK;
}

int noc_synth_run(const char *name, const struct noc_app *app, const struct noc_synth_opts *o,
                  struct noc_synth_result *res, struct noc_ctx *ctx)
{
    if (name && strcmp(name, "all") == 0)
        return run_all(app, o, res, ctx);
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (name && strcmp(name, methods[i].name) == 0)
            return noc_synth_run_grid(methods[i].name, methods[i].run, app, o, res, ctx);
    return noc_error(ctx, NOC_EINVAL, NULL, 0,
                     "unknown synthesis method '%s' (split, merge, cmesh, hring, all)", name ? name : "");
}

int noc_synth_method_info(int i, const char **name, const char **desc)
{
    if (i < 0 || (size_t)i >= sizeof methods / sizeof methods[0])
        return -1;
    *name = methods[i].name;
    *desc = methods[i].desc;
    return 0;
}

int noc_synth_sweep_param(const struct noc_app *app, const struct noc_synth_opts *o, const char *method,
                          const char *tag, int lo, int hi, synth_param_fn fn, struct noc_synth_result *res,
                          struct noc_ctx *ctx)
{
    int N = app->ncores, rc = NOC_OK;
    size_t cap = 0;
    double *cx = noc_malloc(ctx, (size_t)N, sizeof *cx);
    double *cy = noc_malloc(ctx, (size_t)N, sizeof *cy);
    double *cw = noc_malloc(ctx, (size_t)N, sizeof *cw);
    int *order = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *order);
    if (!cx || !cy || !cw || !order || noc_synth_flow_order(app, order, ctx) ||
        noc_synth_core_geom(app, cx, cy, cw, ctx) != NOC_OK) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    for (int p = lo; p <= hi; p++) {
        char name[64];
        snprintf(name, sizeof name, "%s_%s%d", method, tag, p);
        struct noc_design *d = noc_synth_add_design(res, &cap, method, name, 0, ctx);
        if (!d) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        NOC_CHECK(fn(app, o, order, cx, cy, cw, p, d, ctx));
    }
    NOC_CHECK(noc_synth_pareto(res, &o->pick, ctx));
    rc = noc_synth_none_feasible(res, method, ctx);
cleanup:
    free(cx);
    free(cy);
    free(cw);
    free(order);
    return rc;
}
