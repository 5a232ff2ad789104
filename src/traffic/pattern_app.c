/* app:FILE: the flows of an application graph (docs/INTERFACE.md section 1.1) as traffic.
 *
 * Mapping (`map`): NULL or "name" puts core X on the terminal named X (every
 * core must find a terminal of its name); "index" puts core i (in order of
 * first appearance in the file) on terminal i; "identity", "random",
 * "greedy" and "auto" are the mappings of map.h (auto: greedy placement,
 * pairwise swaps and annealing minimising bandwidth x hops, seeded by
 * ctx->seed for "app:FILE", by the caller's seed for noc_traffic_from_app).  Rates are scaled so that the busiest
 * terminal injects 1: unit_mbps = the largest per-terminal injected
 * bandwidth (MB/s), and a flow of B MB/s becomes B / unit_mbps.
 * core_of[terminal] = the core mapped there or -1. */
#include "pattern_int.h"
#include "nocsyn/app.h"
#include "nocsyn/map.h"

#include <stdlib.h>
#include <string.h>

/* Fills term_of[core] by the chosen mapping. */
static int map_cores(const struct noc_app *app, const struct noc_topo *t, const char *map,
                     const char *file, unsigned seed, int *term_of, struct noc_ctx *ctx)
{
    if (!map || !strcmp(map, "name")) {
        for (int c = 0; c < app->ncores; c++) {
            int v = noc_topo_find(t, app->cores[c].name);
            if (v < 0 || noc_topo_is_router(t, v))
                return noc_error(ctx, NOC_EINVAL, NULL, 0,
                                 "traffic 'app:%s': core '%s' has no terminal of that name in the "
                                 "topology (map by index with --map index)",
                                 file, app->cores[c].name);
            term_of[c] = v - t->nrouters;
        }
        return NOC_OK;
    }
    if (!strcmp(map, "index")) {
        if (app->ncores > t->nterminals)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "traffic 'app:%s': %d cores do not fit on %d terminals", file,
                             app->ncores, t->nterminals);
        for (int c = 0; c < app->ncores; c++)
            term_of[c] = c;
        return NOC_OK;
    }
    /* Optimising mappings (map.h): greedy, auto (greedy + swaps +
     * annealing), random, identity, with the caller's seed. */
    int method;
    if (noc_map_parse(map, &method, ctx) != NOC_OK) {
        noc_ctx_clear(ctx);
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "traffic 'app:%s': unknown mapping '%s' (name, index, identity, random, greedy, auto)",
                         file, map);
    }
    return noc_map_cores(app, t, method, seed, term_of, NULL, ctx);
}

/* Maps app's cores onto t's terminals and adds its flows to tr (already
 * initialised for t's terminals); `label` names the app in messages. */
static int app_fill(struct noc_traffic *tr, const struct noc_topo *t, const struct noc_app *app,
                    const char *label, const char *map, unsigned seed, struct noc_ctx *ctx)
{
    int st = NOC_OK, *term_of = NULL;
    double *out = NULL;
    term_of = noc_malloc(ctx, (size_t)app->ncores + 1, sizeof *term_of);
    out = noc_calloc(ctx, (size_t)tr->n, sizeof *out);
    tr->core_of = noc_malloc(ctx, (size_t)tr->n, sizeof *tr->core_of);
    if (!term_of || !out || !tr->core_of) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    if ((st = map_cores(app, t, map, label, seed, term_of, ctx)))
        goto cleanup;
    for (int i = 0; i < tr->n; i++)
        tr->core_of[i] = -1;
    for (int c = 0; c < app->ncores; c++)
        tr->core_of[term_of[c]] = c;
    double busiest = 0;
    for (int f = 0; f < app->nflows; f++) {
        int s = term_of[app->flows[f].src];
        out[s] += app->flows[f].bw;
        if (out[s] > busiest)
            busiest = out[s];
    }
    if (busiest <= 0) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'app:%s': the app has no flows", label);
        goto cleanup;
    }
    tr->unit_mbps = busiest;
    for (int f = 0; f < app->nflows; f++)
        if ((st = noc_traffic_add(tr, term_of[app->flows[f].src], term_of[app->flows[f].dst],
                                  app->flows[f].bw / busiest, ctx)))
            goto cleanup;
cleanup:
    free(term_of);
    free(out);
    return st;
}

int noc_pat_app(struct noc_traffic *tr, const struct noc_topo *t, const char *arg, const char *map,
                struct noc_ctx *ctx)
{
    struct noc_app app;
    noc_app_init(&app);
    int st = noc_app_read(&app, arg, NULL, ctx);
    if (st == NOC_OK)
        st = app_fill(tr, t, &app, arg, map, ctx->seed, ctx);
    noc_app_free(&app);
    return st;
}

int noc_traffic_from_app(struct noc_traffic *tr, const struct noc_topo *t, const struct noc_app *app,
                         const char *name, const char *map, unsigned seed, struct noc_ctx *ctx)
{
    noc_traffic_init(tr, t->nterminals);
    int st = NOC_OK;
    if (!(tr->name = noc_strdup(ctx, name)))
        st = NOC_ENOMEM;
    if (st == NOC_OK)
        st = app_fill(tr, t, app, app->name ? app->name : name, map, seed, ctx);
    if (st == NOC_OK)
        st = noc_traffic_finalize(tr, ctx);
    if (st != NOC_OK)
        noc_traffic_free(tr);
    return st;
}
