/* Min-cut splitting synthesis: the sweep over switch counts. */
#include "nocsyn/synth.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nocsyn/app.h"
#include "nocsyn/route.h"
#include "nocsyn/traffic.h"
#include "synth_int.h"

void noc_synth_opts_init(struct noc_synth_opts *o)
{
    memset(o, 0, sizeof *o);
    o->kmin = 1;
    o->kmax = 0; /* = number of cores */
    o->max_radix = 8;
    o->link_width = 32;
    o->freq_mhz = 1000;
    o->hop_mw = 0.05;
    o->max_util = 1;
    o->seed = 1;
    noc_tech_defaults(&o->tech);
}

double noc_synth_capacity(const struct noc_synth_opts *o)
{
    return o->link_width * o->freq_mhz / 8;
}

void noc_synth_result_init(struct noc_synth_result *r)
{
    memset(r, 0, sizeof *r);
    r->chosen = -1;
}

void noc_synth_result_free(struct noc_synth_result *r)
{
    for (int i = 0; i < r->n; i++) {
        noc_topo_free(&r->d[i].topo);
        noc_metrics_free(&r->d[i].m);
    }
    free(r->d);
    memset(r, 0, sizeof *r);
    r->chosen = -1;
}

static int flow_order(const struct noc_app *app, int *order)
{
    /* Decreasing bandwidth, ties by (src, dst): insertion into a sorted
     * index array via qsort on a key copy would need a global; a simple
     * merge sort keeps it reentrant. */
    int n = app->nflows;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int width = 1; width < n; width *= 2) {
        int *tmp = malloc((size_t)n * sizeof *tmp);
        if (!tmp)
            return -1;
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
    return 0;
}

/* Builds the design's topology from the routed switch graph. */
static int build_topo(const struct noc_app *app, const struct swnet *net, const int *core_sw,
                      const double *cx, const double *cy, const struct noc_synth_opts *o,
                      struct noc_design *d, struct noc_ctx *ctx)
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
    snprintf(t->shape.name, sizeof t->shape.name, "%s", d->method);
    t->shape.family = NOC_FAM_NONE;
    t->link_width = o->link_width;
    t->freq_mhz = o->freq_mhz;
    char nm[64];
    for (int s = 0; s < K; s++) {
        snprintf(nm, sizeof nm, "sw%d", s);
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
        if ((rc = noc_topo_add_link(t, id, rid[core_sw[c]], ctx)) != NOC_OK)
            goto cleanup;
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

/* App traffic over the design's terminals (terminal i = core i). */
static int app_traffic(const struct noc_app *app, struct noc_traffic *tr, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    noc_traffic_init(tr, app->ncores);
    double *in = noc_calloc(ctx, (size_t)app->ncores + 1, sizeof *in);
    double *out = noc_calloc(ctx, (size_t)app->ncores + 1, sizeof *out);
    if (!in || !out) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    double scale = 0;
    for (int c = 0; c < app->ncores; c++)
        scale = fmax(scale, out[c]);
    if (scale <= 0)
        scale = 1;
    tr->unit_mbps = scale;
    if (!(tr->name = noc_strdup(ctx, app->name ? app->name : "app"))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < app->nflows; f++)
        if ((rc = noc_traffic_add(tr, app->flows[f].src, app->flows[f].dst, app->flows[f].bw / scale, ctx)))
            goto cleanup;
    rc = noc_traffic_finalize(tr, ctx);
cleanup:
    free(in);
    free(out);
    return rc;
}

/* Shared inputs of one sweep. */
struct sweep {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const double *cx, *cy, *cw;
    const int *order;
    struct noc_synth_result *res;
    pthread_mutex_t lock;
    int next;
    int status;
    struct noc_ctx err;
};

static int design_one(struct sweep *sw, int idx, struct noc_ctx *ctx)
{
    const struct noc_app *app = sw->app;
    const struct noc_synth_opts *o = sw->o;
    struct noc_design *d = &sw->res->d[idx];
    int K = d->switches, rc = NOC_OK;
    struct swnet net;
    struct noc_traffic tr;
    int have_net = 0, have_tr = 0;
    int *core_sw = noc_malloc(ctx, (size_t)app->ncores, sizeof *core_sw);
    double *sw_w = noc_calloc(ctx, (size_t)K, sizeof *sw_w);
    if (!core_sw || !sw_w) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if ((rc = synth_partition(app, K, o->seed, core_sw, ctx)) != NOC_OK)
        goto cleanup;
    if ((rc = swnet_init(&net, K, app->nflows, o, ctx)) != NOC_OK)
        goto cleanup;
    have_net = 1;
    for (int c = 0; c < app->ncores; c++) {
        int s = core_sw[c];
        net.ncores[s]++;
        net.sx[s] += sw->cw[c] * sw->cx[c];
        net.sy[s] += sw->cw[c] * sw->cy[c];
        sw_w[s] += sw->cw[c];
    }
    for (int s = 0; s < K; s++) {
        net.sx[s] /= sw_w[s];
        net.sy[s] /= sw_w[s];
        if (net.ncores[s] > net.max_radix) {
            snprintf(d->reason, sizeof d->reason,
                     "switch sw%d needs %d ports for its cores alone, above --max-radix %d", s,
                     net.ncores[s], net.max_radix);
            goto cleanup;
        }
    }
    char why[256];
    for (int i = 0; i < app->nflows; i++) {
        int f = sw->order[i];
        const struct noc_flow *fl = &app->flows[f];
        int r = swnet_route(&net, f, core_sw[fl->src], core_sw[fl->dst], fl->bw, fl->max_hops, why,
                            sizeof why, ctx);
        if (r < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
        if (r > 0) {
            snprintf(d->reason, sizeof d->reason, "flow %s -> %s (%.6g MB/s): %s", app->cores[fl->src].name,
                     app->cores[fl->dst].name, fl->bw, why);
            goto cleanup;
        }
    }
    if ((rc = synth_place(&net, app->ncores, core_sw, sw->cx, sw->cy, sw->cw, ctx)) != NOC_OK)
        goto cleanup;
    if ((rc = build_topo(app, &net, core_sw, sw->cx, sw->cy, o, d, ctx)) != NOC_OK)
        goto cleanup;
    if ((rc = app_traffic(app, &tr, ctx)) != NOC_OK)
        goto cleanup;
    have_tr = 1;
    struct noc_eval_opts eo;
    noc_eval_opts_init(&eo);
    eo.routing = NOC_RT_TABLE;
    eo.vcs = 1;
    eo.threads = 1;
    eo.seed = o->seed;
    eo.link_capacity_mbps = noc_synth_capacity(o);
    eo.bisection = d->topo.nnodes <= 64;
    if ((rc = noc_eval(&d->topo, &tr, &eo, &d->m, ctx)) != NOC_OK)
        goto cleanup;
    double *mbps = noc_malloc(ctx, (size_t)d->topo.nch + 1, sizeof *mbps);
    if (!mbps) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < d->topo.nch; c++)
        mbps[c] = d->m.load[c] * tr.unit_mbps;
    noc_tech_topo(&o->tech, &d->topo, mbps, o->link_width, &d->power_mw, &d->area_mm2, NULL);
    free(mbps);
    d->vcs = 1;
    d->feasible = 1;
cleanup:
    if (have_net)
        swnet_free(&net);
    if (have_tr)
        noc_traffic_free(&tr);
    free(core_sw);
    free(sw_w);
    return rc;
}

static void *worker(void *arg)
{
    struct sweep *sw = arg;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (;;) {
        pthread_mutex_lock(&sw->lock);
        int idx = sw->status == NOC_OK && sw->next < sw->res->n ? sw->next++ : -1;
        pthread_mutex_unlock(&sw->lock);
        if (idx < 0)
            break;
        int rc = design_one(sw, idx, &ctx);
        if (rc != NOC_OK) {
            pthread_mutex_lock(&sw->lock);
            if (sw->status == NOC_OK) {
                sw->status = rc;
                sw->err = ctx;
            }
            pthread_mutex_unlock(&sw->lock);
            break;
        }
    }
    return NULL;
}

/* Checks that no single flow or core exceeds a link (clear message). */
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
        if (app->flows[f].bw > cap) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "flow %s -> %s needs %.6g MB/s, above the link capacity of %.6g MB/s "
                           "(--link-width x --freq / 8)",
                           app->cores[app->flows[f].src].name, app->cores[app->flows[f].dst].name,
                           app->flows[f].bw, cap);
            goto cleanup;
        }
    noc_app_core_bw(app, in, out);
    for (int c = 0; c < app->ncores; c++)
        if (in[c] > cap || out[c] > cap) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "core %s %s %.6g MB/s, above its link capacity of %.6g MB/s",
                           app->cores[c].name, out[c] > cap ? "injects" : "receives", fmax(in[c], out[c]), cap);
            goto cleanup;
        }
cleanup:
    free(in);
    free(out);
    return rc;
}

int noc_synth_split(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = app->ncores;
    int kmin = o->kmin, kmax = o->kmax > 0 ? o->kmax : n;
    double *cx = NULL, *cy = NULL, *cw = NULL, *in = NULL, *out = NULL;
    int *order = NULL;
    pthread_t *th = NULL;
    if (n < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no cores");
    if (kmin < 1 || kmin > kmax)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "switch range %d:%d is empty", kmin, kmax);
    if (kmax > n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%d switches for %d cores: K must not exceed the core count",
                         kmax, n);
    if (!(o->link_width > 0) || !(o->freq_mhz > 0) || !(o->max_util > 0) || o->max_radix < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "link width, frequency and utilisation must be > 0");
    for (int c = 0; c < n; c++)
        if (!app->cores[c].has_pos)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no position: floorplan the app first",
                             app->cores[c].name);
    if ((rc = check_capacity(app, o, ctx)) != NOC_OK)
        return rc;
    cx = noc_malloc(ctx, (size_t)n, sizeof *cx);
    cy = noc_malloc(ctx, (size_t)n, sizeof *cy);
    cw = noc_malloc(ctx, (size_t)n, sizeof *cw);
    in = noc_malloc(ctx, (size_t)n, sizeof *in);
    out = noc_malloc(ctx, (size_t)n, sizeof *out);
    order = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *order);
    int step = o->kstep > 0 ? o->kstep : n <= 128 ? 1 : (n + 127) / 128;
    res->n = (kmax - kmin) / step + 1 + ((kmax - kmin) % step != 0);
    res->d = noc_calloc(ctx, (size_t)res->n, sizeof *res->d);
    if (!cx || !cy || !cw || !in || !out || !order || !res->d || flow_order(app, order)) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    double total = noc_app_total_bw(app);
    for (int c = 0; c < n; c++) {
        const struct noc_core *co = &app->cores[c];
        cx[c] = co->x + (co->has_size ? co->w : 0) / 2;
        cy[c] = co->y + (co->has_size ? co->h : 0) / 2;
        cw[c] = in[c] + out[c] + 1e-3 * (total + 1) / n; /* isolated cores still count */
    }
    for (int i = 0; i < res->n; i++) {
        struct noc_design *d = &res->d[i];
        d->switches = kmin + i * step < kmax ? kmin + i * step : kmax;
        snprintf(d->method, sizeof d->method, "split");
        snprintf(d->name, sizeof d->name, "split_k%d", d->switches);
        noc_metrics_init(&d->m);
    }
    struct sweep sw = {.app = app, .o = o, .cx = cx, .cy = cy, .cw = cw, .order = order, .res = res};
    noc_ctx_init(&sw.err);
    pthread_mutex_init(&sw.lock, NULL);
    long nth = o->threads > 0 ? o->threads : sysconf(_SC_NPROCESSORS_ONLN);
    if (nth < 1)
        nth = 1;
    if (nth > res->n)
        nth = res->n;
    th = noc_calloc(ctx, (size_t)nth, sizeof *th);
    if (!th) {
        rc = NOC_ENOMEM;
        pthread_mutex_destroy(&sw.lock);
        goto cleanup;
    }
    long started = 0;
    for (; started < nth; started++)
        if (pthread_create(&th[started], NULL, worker, &sw) != 0)
            break;
    if (started == 0)
        worker(&sw);
    for (long i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&sw.lock);
    if (sw.status != NOC_OK) {
        rc = noc_error(ctx, sw.status, NULL, 0, "%s", sw.err.msg);
        goto cleanup;
    }
    noc_synth_pareto(res);
    if (res->chosen < 0) {
        const char *why = res->n ? res->d[res->n - 1].reason : "no switch count";
        rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no feasible design for %d..%d switches; %s", kmin, kmax, why);
    }
cleanup:
    free(cx);
    free(cy);
    free(cw);
    free(in);
    free(out);
    free(order);
    free(th);
    return rc;
}

void noc_synth_pareto(struct noc_synth_result *res)
{
    res->chosen = -1;
    for (int i = 0; i < res->n; i++) {
        struct noc_design *a = &res->d[i];
        a->pareto = 0;
        if (!a->feasible)
            continue;
        int dominated = 0;
        for (int j = 0; j < res->n && !dominated; j++) {
            const struct noc_design *b = &res->d[j];
            if (j == i || !b->feasible)
                continue;
            int le = b->power_mw <= a->power_mw && b->m.hops_avg <= a->m.hops_avg &&
                     b->m.radix_max <= a->m.radix_max;
            int lt = b->power_mw < a->power_mw || b->m.hops_avg < a->m.hops_avg ||
                     b->m.radix_max < a->m.radix_max;
            dominated = le && lt;
        }
        a->pareto = !dominated;
        if (res->chosen < 0)
            res->chosen = i;
        else {
            const struct noc_design *c = &res->d[res->chosen];
            if (a->power_mw < c->power_mw ||
                (a->power_mw == c->power_mw && a->m.hops_avg < c->m.hops_avg))
                res->chosen = i;
        }
    }
}
