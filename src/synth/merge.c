/* Merge synthesis (synth.h): from a router per core (or a mapped mesh),
 * merge linked routers while it saves power and every constraint holds. */
#include "nocsyn/synth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/map.h"
#include "nocsyn/topo.h"
#include "merge_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

/* Power estimate (mW) of a state, as noc_tech_topo would count it with the
 * current positions (noc_synth_net_power). */
static double net_power(const struct mctx *mc, const struct swnet *n, const int *core_sw)
{
    return noc_synth_net_power(mc->o, n, mc->app->ncores, core_sw, mc->cx, mc->cy, mc->in, mc->out);
}

/* Weighted median of v[0..n-1] (weights w > 0 in total): the smallest
 * value at which the cumulative weight reaches half.  Sorts in place. */
static double wmedian(double *v, double *w, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: n is a router's degree */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double a = v[j], b = w[j];
            v[j] = v[j - 1];
            w[j] = w[j - 1];
            v[j - 1] = a;
            w[j - 1] = b;
        }
    double tot = 0, acc = 0;
    for (int i = 0; i < n; i++)
        tot += w[i];
    for (int i = 0; i < n; i++) {
        acc += w[i];
        if (acc >= tot / 2 * (1 - 1e-12))
            return v[i];
    }
    return n ? v[n - 1] : 0;
}

/* Position of the router merging u and v: the bandwidth-weighted median of
 * their cores and of the routers they link to. */
static int merged_pos(const struct mctx *mc, const struct mstate *st, int u, int v, double *x,
                      double *y, struct noc_ctx *ctx)
{
    const struct swnet *n = &st->net;
    int cap = mc->app->ncores + 2 * n->nch + 2, m = 0;
    double *vx = noc_malloc(ctx, (size_t)cap, sizeof *vx), *vy = noc_malloc(ctx, (size_t)cap, sizeof *vy);
    double *wx = noc_malloc(ctx, (size_t)cap, sizeof *wx), *wy = noc_malloc(ctx, (size_t)cap, sizeof *wy);
    if (!vx || !vy || !wx || !wy) {
        free(vx), free(vy), free(wx), free(wy);
        return NOC_ENOMEM;
    }
    for (int c = 0; c < mc->app->ncores; c++)
        if (st->core_sw[c] == u || st->core_sw[c] == v) {
            vx[m] = mc->cx[c], vy[m] = mc->cy[c], wx[m] = wy[m] = mc->cw[c];
            m++;
        }
    for (int c = 0; c < n->nch; c++) {
        int a = n->csrc[c], b = n->cdst[c];
        int mine = a == u || a == v, other = b == u || b == v;
        if (mine == other)
            continue; /* not touching, or the u-v link itself */
        int x0 = mine ? b : a;
        vx[m] = n->sx[x0], vy[m] = n->sy[x0], wx[m] = wy[m] = n->cload[c] + 1e-9;
        m++;
    }
    if (m == 0) {
        *x = (n->sx[u] + n->sx[v]) / 2;
        *y = (n->sy[u] + n->sy[v]) / 2;
    } else {
        *x = wmedian(vx, wx, m);
        *y = wmedian(vy, wy, m);
    }
    free(vx), free(vy), free(wx), free(wy);
    return NOC_OK;
}

/* Maps p through map (router ids) into q, dropping repeats and cutting out
 * the loop when a router comes back. */
static int contract(const struct ivec *p, const int *map, struct ivec *q, struct noc_ctx *ctx)
{
    q->n = 0;
    for (int i = 0; i < p->n; i++) {
        int x = map[p->v[i]], seen = -1;
        for (int j = 0; j < q->n; j++)
            if (q->v[j] == x)
                seen = j;
        if (seen >= 0)
            q->n = seen + 1;
        else {
            int rc = noc_ivec_push(q, x, ctx);
            if (rc != NOC_OK)
                return rc;
        }
    }
    return NOC_OK;
}

/* The state after merging routers u and v of st (u != v), in *out:
 * *merged = 1 (out built, owned by the caller), or 0 when infeasible (out
 * released).  A status (out released on error). */
static int try_merge(const struct mctx *mc, const struct mstate *st, int u, int v,
                     struct mstate *out, int *merged, struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    const struct swnet *n = &st->net;
    int K = n->K, F = app->nflows, rc = NOC_ENOMEM, nredo = 0;
    *merged = 0;
    int a = u < v ? u : v, b = u ^ v ^ a;
    int *map = noc_malloc(ctx, (size_t)K, sizeof *map), *keep = noc_calloc(ctx, (size_t)K, sizeof *keep);
    double *sx = noc_malloc(ctx, (size_t)K, sizeof *sx), *sy = noc_malloc(ctx, (size_t)K, sizeof *sy);
    struct ivec *paths = noc_calloc(ctx, (size_t)F + 1, sizeof *paths);
    char why[512];
    memset(out, 0, sizeof *out);
    out->core_sw = noc_malloc(ctx, (size_t)app->ncores, sizeof *out->core_sw);
    if (!map || !keep || !sx || !sy || !paths || !out->core_sw)
        goto cleanup;
    for (int x = 0; x < K; x++)
        map[x] = x == b ? a : x;
    /* Routers kept: those with cores or on a path of two or more routers. */
    for (int c = 0; c < app->ncores; c++)
        keep[map[st->core_sw[c]]] = 1;
    for (int f = 0; f < F; f++) {
        if ((rc = contract(&n->paths[f], map, &paths[f], ctx)) != NOC_OK)
            goto cleanup;
        for (int i = 0; paths[f].n > 1 && i < paths[f].n; i++)
            keep[paths[f].v[i]] = 1;
    }
    int K2 = 0;
    for (int x = 0; x < K; x++)
        keep[x] = keep[x] ? K2++ : -1; /* keep[] now renumbers */
    double mx, my;
    if ((rc = merged_pos(mc, st, u, v, &mx, &my, ctx)) != NOC_OK)
        goto cleanup;
    for (int x = 0; x < K; x++)
        if (keep[x] >= 0) {
            sx[keep[x]] = x == a ? mx : n->sx[x];
            sy[keep[x]] = x == a ? my : n->sy[x];
        }
    for (int c = 0; c < app->ncores; c++)
        out->core_sw[c] = keep[map[st->core_sw[c]]];
    for (int f = 0; f < F; f++)
        for (int i = 0; i < paths[f].n; i++)
            paths[f].v[i] = keep[paths[f].v[i]];
    rc = noc_merge_build_net(mc, K2, out->core_sw, sx, sy, paths, 0, NULL, 0, &out->net, &nredo, merged, why,
                             sizeof why, ctx);
    out->live = rc == NOC_OK;
    if (rc != NOC_OK || !*merged)
        goto cleanup;
    if (noc_merge_has_unused(&out->net)) {
        /* Refused or rerouted flows left links unused: rebuild from the
         * final paths (an acyclic, feasible set: nothing is refused). */
        for (int f = 0; f < F; f++) {
            paths[f].n = 0;
            for (int i = 0; i < out->net.paths[f].n; i++)
                if ((rc = noc_ivec_push(&paths[f], out->net.paths[f].v[i], ctx)) != NOC_OK) {
                    *merged = 0;
                    goto cleanup;
                }
        }
        noc_swnet_free(&out->net);
        out->live = 0;
        rc = noc_merge_build_net(mc, K2, out->core_sw, sx, sy, paths, 1, NULL, 0, &out->net, &nredo, merged, why,
                                 sizeof why, ctx);
        out->live = rc == NOC_OK;
    }
cleanup:
    if (rc != NOC_OK || !*merged)
        noc_merge_state_free(out);
    free(map);
    free(keep);
    free(sx);
    free(sy);
    noc_merge_paths_free(paths, F);
    return rc;
}

/* The connected component of every router in the router graph. */
static void components(const struct swnet *n, int *comp, int *stack)
{
    for (int s = 0; s < n->K; s++)
        comp[s] = -1;
    for (int s = 0; s < n->K; s++) {
        if (comp[s] >= 0)
            continue;
        int sp = 0;
        stack[sp++] = s;
        comp[s] = s;
        while (sp) {
            int x = stack[--sp];
            for (int i = 0; i < n->out[x].n; i++) {
                int y = n->cdst[n->out[x].v[i]];
                if (comp[y] < 0) {
                    comp[y] = s;
                    stack[sp++] = y;
                }
            }
        }
    }
}

/* Candidate pairs: every link, and each router with the nearest router of
 * another component (so isolated cores and separate subgraphs can share a
 * router too).  *cand holds 2 ints per pair (owned by the caller), *count
 * the pairs.  NOC_OK or NOC_ENOMEM. */
static int candidates(const struct swnet *n, int **cand, int *count, struct noc_ctx *ctx)
{
    int K = n->K, m = 0;
    int *c = noc_malloc(ctx, (size_t)n->nch + 2 * (size_t)K + 2, sizeof *c);
    int *comp = noc_malloc(ctx, (size_t)K + 1, sizeof *comp), *stack = noc_malloc(ctx, (size_t)K + 1, sizeof *stack);
    if (!c || !comp || !stack) {
        free(c), free(comp), free(stack);
        return NOC_ENOMEM;
    }
    for (int ch = 0; ch < n->nch; ch++)
        if (n->csrc[ch] < n->cdst[ch]) {
            c[2 * m] = n->csrc[ch];
            c[2 * m + 1] = n->cdst[ch];
            m++;
        }
    components(n, comp, stack);
    for (int s = 0; s < K; s++) {
        int best = -1;
        double bd = 0;
        for (int t = 0; t < K; t++) {
            if (comp[t] == comp[s])
                continue;
            double d = fabs(n->sx[s] - n->sx[t]) + fabs(n->sy[s] - n->sy[t]);
            if (best < 0 || d < bd) {
                best = t;
                bd = d;
            }
        }
        if (best < 0)
            continue;
        int a = s < best ? s : best, b = s ^ best ^ a, dup = 0;
        for (int i = 0; i < m && !dup; i++) /* found from both ends */
            dup = c[2 * i] == a && c[2 * i + 1] == b;
        if (!dup) {
            c[2 * m] = a;
            c[2 * m + 1] = b;
            m++;
        }
    }
    free(comp);
    free(stack);
    *cand = c;
    *count = m;
    return NOC_OK;
}

/* Records state st as design d from a copy of its switch graph: LP
 * placement, then, as split does, switch islands joined by the shortest
 * links the radix allows (unless no_connect), then the shared finish. */
static int record(const struct mctx *mc, struct mstate *st, const double *cx, const double *cy,
                  struct noc_design *d, struct noc_ctx *ctx)
{
    struct swnet n;
    int rc = noc_synth_net_clone(mc->app, mc->o, &st->net, &n, ctx);
    if (rc != NOC_OK)
        return rc;
    rc = noc_synth_place(&n, mc->app->ncores, st->core_sw, cx, cy, mc->cw, ctx);
    int joined = 1;
    if (rc == NOC_OK && !mc->o->no_connect)
        rc = noc_swnet_connect(&n, &joined, d->reason, sizeof d->reason, ctx);
    if (rc == NOC_OK && joined)
        rc = noc_synth_finish(mc->app, &n, st->core_sw, cx, cy, mc->o, "sw", NULL, d, ctx);
    noc_swnet_free(&n);
    return rc;
}

int noc_synth_merge(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int rc, N = app->ncores, mesh = o->start == NOC_START_MESH;
    size_t cap = 0;
    struct mstate cur = {0}, best = {0}, cand = {0};
    int *order = NULL, *pairs = NULL;
    double *cx = NULL, *cy = NULL, *cw = NULL, *in = NULL, *out = NULL, *tx = NULL, *ty = NULL;
    char why[512] = "", name[64];
    if (o->start != NOC_START_FLOORPLAN && o->start != NOC_START_MESH)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "unknown merge start %d", o->start);
    if ((rc = noc_synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    cx = noc_malloc(ctx, (size_t)N, sizeof *cx);
    cy = noc_malloc(ctx, (size_t)N, sizeof *cy);
    cw = noc_malloc(ctx, (size_t)N, sizeof *cw);
    in = noc_malloc(ctx, (size_t)N, sizeof *in);
    out = noc_malloc(ctx, (size_t)N, sizeof *out);
    tx = noc_malloc(ctx, (size_t)N, sizeof *tx);
    ty = noc_malloc(ctx, (size_t)N, sizeof *ty);
    order = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *order);
    if (!cx || !cy || !cw || !in || !out || !tx || !ty || !order || noc_synth_flow_order(app, order, ctx) ||
        noc_synth_core_geom(app, cx, cy, cw, ctx) != NOC_OK) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    struct mctx mc = {app, o, order, cx, cy, cw, in, out};
    int built;
    rc = mesh ? noc_merge_start_mesh(&mc, &cur, tx, ty, &built, why, sizeof why, ctx)
              : noc_merge_start_floorplan(&mc, &cur, &built, why, sizeof why, ctx);
    if (mesh) {
        memcpy(cx, tx, (size_t)N * sizeof *cx);
        memcpy(cy, ty, (size_t)N * sizeof *cy);
    }
    if (rc != NOC_OK)
        goto cleanup;
    int K0 = cur.live ? cur.net.K : N;
    snprintf(name, sizeof name, "%s_k%d", mesh ? "merge_mesh" : "merge", K0);
    struct noc_design *d = noc_synth_add_design(res, &cap, "merge", name, K0, ctx);
    if (!d) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (!built) {
        snprintf(d->reason, sizeof d->reason, "the %s start: %.400s", mesh ? "mesh" : "floorplan", why);
        rc = noc_synth_none_feasible(res, "merge", ctx);
        goto cleanup;
    }
    NOC_CHECK(record(&mc, &cur, cx, cy, d, ctx));
    double pcur = net_power(&mc, &cur.net, cur.core_sw);
    for (;;) {
        int np;
        NOC_CHECK(candidates(&cur.net, &pairs, &np, ctx));
        double pbest = pcur * (1 - 1e-9) - 1e-12;
        for (int i = 0; i < np; i++) {
            int merged;
            NOC_CHECK(try_merge(&mc, &cur, pairs[2 * i], pairs[2 * i + 1], &cand, &merged, ctx));
            if (!merged)
                continue;
            double p = net_power(&mc, &cand.net, cand.core_sw);
            if (p < pbest) {
                noc_merge_state_free(&best);
                best = cand;
                pbest = p;
            } else
                noc_merge_state_free(&cand);
            memset(&cand, 0, sizeof cand);
        }
        free(pairs);
        pairs = NULL;
        if (!best.live)
            break;
        noc_merge_state_free(&cur);
        cur = best;
        memset(&best, 0, sizeof best);
        pcur = pbest;
        snprintf(name, sizeof name, "%s_k%d", mesh ? "merge_mesh" : "merge", cur.net.K);
        if (!(d = noc_synth_add_design(res, &cap, "merge", name, cur.net.K, ctx))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        NOC_CHECK(record(&mc, &cur, cx, cy, d, ctx));
    }
    NOC_CHECK(noc_synth_pareto(res, &o->pick, ctx));
    rc = noc_synth_none_feasible(res, "merge", ctx);
cleanup:
    noc_merge_state_free(&cur);
    noc_merge_state_free(&best);
    noc_merge_state_free(&cand);
    free(pairs);
    free(order);
    free(cx);
    free(cy);
    free(cw);
    free(in);
    free(out);
    free(tx);
    free(ty);
    return rc;
}
