/* The guarantees of a synthesized design re-checked from its topology and
 * stored routes alone (noc_synth_verify in synth.h): every flow has a route
 * from its core to its core over existing channels, within its max_hops;
 * the flows' bandwidth fits every channel; every router within the radix. */
#include <math.h>
#include <stdlib.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/units.h"

/* Adds bw to channel u -> v; NOC_EINFEASIBLE when there is none. */
static int load(const struct noc_topo *t, int u, int v, const struct noc_flow *fl,
                const struct noc_app *app, double *mbps, struct noc_ctx *ctx)
{
    int c = noc_graph_find(&t->g, u, v);
    if (c < 0)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "the route of flow %s -> %s uses '%s' -> '%s', which is no channel",
                         app->cores[fl->src].name, app->cores[fl->dst].name, t->nodes[u].name,
                         t->nodes[v].name);
    mbps[c] += fl->bw;
    return NOC_OK;
}

/* Checks one flow's route and adds its bandwidth to mbps. */
static int check_flow(const struct noc_topo *t, const struct noc_app *app, const struct noc_u64map *rmap,
                      int f, double *mbps, struct noc_ctx *ctx)
{
    const struct noc_flow *fl = &app->flows[f];
    const char *a = app->cores[fl->src].name, *b = app->cores[fl->dst].name;
    int ts = noc_topo_find(t, a), td = noc_topo_find(t, b);
    if (ts < t->nrouters || td < t->nrouters)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "core '%s' is no terminal of the design",
                         ts < t->nrouters ? a : b);
    int ri = noc_u64map_get(rmap, noc_pair_key(ts, td));
    if (ri < 0)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "flow %s -> %s has no route", a, b);
    const struct noc_route *r = &t->routes[ri];
    if (fl->max_hops >= 0 && r->len - 1 > fl->max_hops)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "flow %s -> %s takes %d hops, above its max_hops %d",
                         a, b, r->len - 1, fl->max_hops);
    int rc = load(t, ts, r->path[0], fl, app, mbps, ctx);
    for (int i = 0; i + 1 < r->len && rc == NOC_OK; i++)
        rc = load(t, r->path[i], r->path[i + 1], fl, app, mbps, ctx);
    if (rc == NOC_OK)
        rc = load(t, r->path[r->len - 1], td, fl, app, mbps, ctx);
    return rc;
}

int noc_synth_verify(const struct noc_topo *t, const struct noc_app *app, const struct noc_synth_opts *o,
                     struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    double cap = noc_synth_capacity(o) * o->max_util;
    double *mbps = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *mbps);
    struct noc_u64map rmap;
    noc_u64map_init(&rmap);
    if (!mbps) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (!t->finalized) {
        rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "topology not finalized");
        goto cleanup;
    }
    for (int r = 0; r < t->nrouters; r++)
        if (o->max_radix > 0 && noc_topo_radix(t, r) > o->max_radix) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "router '%s' has %d ports, above the radix limit %d",
                           t->nodes[r].name, noc_topo_radix(t, r), o->max_radix);
            goto cleanup;
        }
    for (int i = 0; i < t->nroutes; i++)
        NOC_CHECK(noc_u64map_put(&rmap, noc_pair_key(t->routes[i].src, t->routes[i].dst), i, ctx));
    for (int f = 0; f < app->nflows; f++)
        NOC_CHECK(check_flow(t, app, &rmap, f, mbps, ctx));
    for (int c = 0; c < t->nch; c++)
        if (noc_exceeds(mbps[c], cap)) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                           "channel '%s' -> '%s' carries %.6g MB/s, above its capacity %.6g MB/s",
                           t->nodes[t->ch[c].src].name, t->nodes[t->ch[c].dst].name, mbps[c], cap);
            goto cleanup;
        }
cleanup:
    noc_u64map_free(&rmap);
    free(mbps);
    return rc;
}
