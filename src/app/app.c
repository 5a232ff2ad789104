/* The application graph: cores, flows, components, bandwidth sums. */
#include "nocsyn/app.h"
#include "csv_rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void noc_app_init(struct noc_app *app)
{
    memset(app, 0, sizeof *app);
    noc_strmap_init(&app->core_ids);
    noc_u64map_init(&app->flow_ids);
}

void noc_app_free(struct noc_app *app)
{
    for (int i = 0; i < app->ncores; i++)
        free(app->cores[i].name);
    free(app->cores);
    free(app->flows);
    free(app->name);
    noc_strmap_free(&app->core_ids);
    noc_u64map_free(&app->flow_ids);
    memset(app, 0, sizeof *app);
}

int noc_app_find(const struct noc_app *app, const char *name)
{
    return noc_strmap_get(&app->core_ids, name);
}

int noc_app_core(struct noc_app *app, const char *name, struct noc_ctx *ctx)
{
    if (!name || !*name)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "empty core name");
    int id = noc_strmap_get(&app->core_ids, name);
    if (id >= 0)
        return id;
    if (app->ncores == 0x3fffffff)
        return -noc_error(ctx, NOC_ENOMEM, NULL, 0, "too many cores");
    if (noc_grow(ctx, (void **)&app->cores, &app->core_cap, (size_t)app->ncores + 1, sizeof *app->cores))
        return -NOC_ENOMEM;
    struct noc_core *c = &app->cores[app->ncores];
    memset(c, 0, sizeof *c);
    if (!(c->name = noc_strdup(ctx, name)))
        return -NOC_ENOMEM;
    if (noc_strmap_put(&app->core_ids, name, app->ncores, ctx)) {
        free(c->name);
        return -NOC_ENOMEM;
    }
    return app->ncores++;
}

int noc_app_scale_bw(struct noc_app *app, double factor, const char *label, struct noc_ctx *ctx)
{
    if (!isfinite(factor) || !(factor > 0))
        return noc_error(ctx, NOC_EINVAL, label, 0, "bandwidth scale must be finite and > 0");
    for (int i = 0; i < app->nflows; i++) { /* check all first: all or nothing */
        const struct noc_flow *f = &app->flows[i];
        char what[600], text[32];
        snprintf(what, sizeof what, "flow %.256s -> %.256s: bandwidth x --bw-scale", app->cores[f->src].name,
                 app->cores[f->dst].name);
        snprintf(text, sizeof text, "%g", f->bw * factor);
        if (noc_check_bw(f->bw * factor, what, text, label, 0, ctx) != NOC_OK) /* the reader's bounds */
            return NOC_EINVAL;
    }
    for (int i = 0; i < app->nflows; i++)
        app->flows[i].bw *= factor;
    return NOC_OK;
}

int noc_app_add_flow(struct noc_app *app, int src, int dst, double bw,
                     int max_hops, struct noc_ctx *ctx)
{
    if (src < 0 || src >= app->ncores || dst < 0 || dst >= app->ncores)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "flow endpoint is not a core");
    if (src == dst)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "self-flow %s -> %s", app->cores[src].name,
                         app->cores[dst].name);
    if (!isfinite(bw) || !(bw > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "flow %s -> %s: bandwidth must be finite and > 0",
                         app->cores[src].name, app->cores[dst].name);
    uint64_t key = noc_pair_key(src, dst);
    int id = noc_u64map_get(&app->flow_ids, key);
    if (id >= 0) {
        struct noc_flow *f = &app->flows[id];
        f->bw += bw;
        if (max_hops >= 0 && (f->max_hops < 0 || max_hops < f->max_hops))
            f->max_hops = max_hops;
        app->ndup++;
        return NOC_OK;
    }
    if (noc_grow(ctx, (void **)&app->flows, &app->flow_cap, (size_t)app->nflows + 1, sizeof *app->flows))
        return NOC_ENOMEM;
    if (noc_u64map_put(&app->flow_ids, key, app->nflows, ctx))
        return NOC_ENOMEM;
    struct noc_flow *f = &app->flows[app->nflows++];
    f->src = src;
    f->dst = dst;
    f->bw = bw;
    f->max_hops = max_hops;
    f->max_latency_ns = 0;
    return NOC_OK;
}

int noc_app_bound_latency(struct noc_app *app, int src, int dst, double max_latency_ns,
                          struct noc_ctx *ctx)
{
    int id = src < 0 || dst < 0 ? -1 : noc_u64map_get(&app->flow_ids, noc_pair_key(src, dst));
    if (id < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "latency bound on a flow that does not exist");
    if (!isfinite(max_latency_ns) || !(max_latency_ns > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "flow %s -> %s: max_latency_ns must be finite and > 0",
                         app->cores[src].name, app->cores[dst].name);
    struct noc_flow *f = &app->flows[id];
    if (f->max_latency_ns <= 0 || max_latency_ns < f->max_latency_ns)
        f->max_latency_ns = max_latency_ns;
    return NOC_OK;
}

int noc_app_components(const struct noc_app *app, int *comp)
{
    int n = app->ncores;
    /* Union-find in comp[] itself, then renumber by lowest core id. */
    noc_uf_init(comp, n);
    for (int f = 0; f < app->nflows; f++)
        noc_uf_union_min(comp, app->flows[f].src, app->flows[f].dst);
    /* Union by minimum keeps every root the smallest id of its set. */
    for (int i = 0; i < n; i++)
        comp[i] = noc_uf_find(comp, i);
    int count = 0;
    for (int i = 0; i < n; i++)
        comp[i] = comp[i] == i ? -(++count) : comp[comp[i]];
    for (int i = 0; i < n; i++)
        comp[i] = -comp[i] - 1;
    return count;
}

void noc_app_core_bw(const struct noc_app *app, double *in, double *out)
{
    for (int i = 0; i < app->ncores; i++)
        in[i] = out[i] = 0;
    for (int f = 0; f < app->nflows; f++) {
        out[app->flows[f].src] += app->flows[f].bw;
        in[app->flows[f].dst] += app->flows[f].bw;
    }
}

double noc_app_total_bw(const struct noc_app *app)
{
    double s = 0;
    for (int f = 0; f < app->nflows; f++)
        s += app->flows[f].bw;
    return s;
}
