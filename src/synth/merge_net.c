/* The merge synthesis' switch-graph builders: a state from proposed paths
 * (noc_merge_build_net) and the two starts (see merge_int.h, synth.h). */
#include "merge_int.h"
#include "layout_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/map.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"

void noc_merge_state_free(struct mstate *s)
{
    if (s->live)
        noc_swnet_free(&s->net);
    free(s->core_sw);
    memset(s, 0, sizeof *s);
}

void noc_merge_paths_free(struct ivec *p, int n)
{
    if (p)
        for (int f = 0; f < n; f++)
            free(p[f].v);
    free(p);
}

/* Opens the links path p (simple, len routers) lacks when every router on
 * it keeps within the radix: *fits = 1 (opened, or nothing to open), or 0
 * when the radix forbids (nothing opened).  A status. */
static int open_path(struct swnet *net, const int *p, int len, int *fits, struct noc_ctx *ctx)
{
    int rc;
    *fits = 0;
    for (int i = 0; i < len; i++) {
        int extra = (i > 0 && noc_swnet_chan(net, p[i - 1], p[i]) < 0) + (i + 1 < len && noc_swnet_chan(net, p[i], p[i + 1]) < 0);
        if (extra && swnet_ports(net, p[i]) + extra > net->max_radix)
            return NOC_OK;
    }
    for (int i = 0; i + 1 < len; i++)
        if ((rc = noc_swnet_open_link(net, p[i], p[i + 1], ctx)) != NOC_OK)
            return rc;
    *fits = 1;
    return NOC_OK;
}

/* 1 when some link carries nothing either way. */
int noc_merge_has_unused(const struct swnet *n)
{
    for (int c = 0; c < n->nch; c++)
        if (n->cload[c] == 0 && n->cload[noc_swnet_chan(n, n->cdst[c], n->csrc[c])] == 0)
            return 1;
    return 0;
}

/* Builds net with K routers from the cores' routers, positions and
 * proposed paths (paths[f].n == 0: none).  With `preopen` the links of
 * every proposed path and the `nextra` pairs extra[2i], extra[2i+1] are
 * opened first (and the radix checked); otherwise each path opens the
 * links it lacks as it commits, when the radix allows.  Flows commit in
 * decreasing bandwidth; a refused one (radix, capacity, a dependency
 * cycle, its max_hops) goes to split's router afterwards.  *built = 1
 * when built, 0 when infeasible (why).  A status; net is initialised
 * unless an error is returned. */
int noc_merge_build_net(const struct mctx *mc, int K, const int *core_sw, const double *sx,
                     const double *sy, const struct ivec *paths, int preopen, const int *extra,
                     int nextra, struct swnet *net, int *nredo, int *built, char *why, size_t wl,
                     struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int F = app->nflows, rc = NOC_OK, n = 0;
    int *redo = NULL;
    *built = 0;
    if ((rc = noc_swnet_init(net, K, F, mc->o, ctx)) != NOC_OK)
        return rc;
    if (!(redo = noc_malloc(ctx, (size_t)F + 1, sizeof *redo))) {
        noc_swnet_free(net);
        return NOC_ENOMEM;
    }
    for (int c = 0; c < app->ncores; c++)
        net->ncores[core_sw[c]]++;
    memcpy(net->sx, sx, (size_t)K * sizeof *sx);
    memcpy(net->sy, sy, (size_t)K * sizeof *sy);
    for (int s = 0; s < K; s++)
        if (net->ncores[s] > net->max_radix) {
            snprintf(why, wl, "a router needs %d ports for its cores alone, above %s %d",
                     net->ncores[s], SYNTH_RADIX_NAME(net->o), net->max_radix);
            goto cleanup;
        }
    if (preopen) {
        for (int f = 0; f < F; f++)
            for (int i = 0; i + 1 < paths[f].n; i++)
                NOC_CHECK(noc_swnet_open_link(net, paths[f].v[i], paths[f].v[i + 1], ctx));
        for (int i = 0; i < nextra; i++)
            NOC_CHECK(noc_swnet_open_link(net, extra[2 * i], extra[2 * i + 1], ctx));
        for (int s = 0; s < K; s++)
            if (swnet_ports(net, s) > net->max_radix) {
                snprintf(why, wl, "a router needs %d ports, above %s %d", swnet_ports(net, s),
                         SYNTH_RADIX_NAME(net->o), net->max_radix);
                goto cleanup;
            }
    }
    for (int i = 0; i < F; i++) {
        int f = mc->order[i];
        int mh = app->flows[f].max_hops, len = paths[f].n;
        int ok = len && (mh < 0 || len - 1 <= mh);
        if (ok && !preopen)
            NOC_CHECK(open_path(net, paths[f].v, len, &ok, ctx));
        if (ok)
            NOC_CHECK(noc_swnet_commit(net, f, paths[f].v, len, app->flows[f].bw, &ok, ctx));
        if (!ok)
            redo[n++] = f;
    }
    for (int i = 0; i < n; i++) {
        const struct noc_flow *fl = &app->flows[redo[i]];
        char w2[256];
        int routed;
        NOC_CHECK(noc_swnet_route(net, redo[i], core_sw[fl->src], core_sw[fl->dst], fl->bw, fl->max_hops, &routed,
                                  w2, sizeof w2, ctx));
        if (!routed) {
            snprintf(why, wl, "flow %s -> %s (%.6g MB/s): %s", app->cores[fl->src].name,
                     app->cores[fl->dst].name, fl->bw, w2);
            goto cleanup;
        }
    }
    for (int s = 0; s < K; s++) /* every link was opened under the radix */
        if (swnet_ports(net, s) > net->max_radix) {
            rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "merge: router %d above the radix", s);
            goto cleanup;
        }
    *nredo = n;
    *built = 1;
cleanup:
    free(redo);
    if (rc != NOC_OK)
        noc_swnet_free(net);
    return rc;
}

/* The floorplan start: a router per core at its centre (cores joined by a
 * max_hops 0 flow share one, at their weighted centre), direct links. */
int noc_merge_start_floorplan(const struct mctx *mc, struct mstate *st, int *built, char *why, size_t wl,
                           struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int N = app->ncores, F = app->nflows, nredo, rc = NOC_ENOMEM, K = 0;
    *built = 0;
    struct ivec *paths = noc_calloc(ctx, (size_t)F + 1, sizeof *paths);
    int *up = noc_malloc(ctx, (size_t)N, sizeof *up), *id = noc_malloc(ctx, (size_t)N, sizeof *id);
    double *sx = noc_calloc(ctx, (size_t)N, sizeof *sx), *sy = noc_calloc(ctx, (size_t)N, sizeof *sy);
    double *sw = noc_calloc(ctx, (size_t)N, sizeof *sw);
    if (!(st->core_sw = noc_malloc(ctx, (size_t)N, sizeof *st->core_sw)) || !paths || !up || !id || !sx ||
        !sy || !sw)
        goto cleanup;
    noc_uf_init(up, N);
    for (int f = 0; f < F; f++)
        if (app->flows[f].max_hops == 0)
            up[noc_uf_find(up, app->flows[f].src)] = noc_uf_find(up, app->flows[f].dst);
    for (int c = 0; c < N; c++)
        id[c] = -1;
    for (int c = 0; c < N; c++) {
        int r = noc_uf_find(up, c);
        if (id[r] < 0)
            id[r] = K++;
        int s = st->core_sw[c] = id[r];
        sx[s] += mc->cw[c] * mc->cx[c];
        sy[s] += mc->cw[c] * mc->cy[c];
        sw[s] += mc->cw[c];
    }
    for (int s = 0; s < K; s++) {
        sx[s] /= sw[s];
        sy[s] /= sw[s];
    }
    for (int f = 0; f < F; f++) {
        int a = st->core_sw[app->flows[f].src], b = st->core_sw[app->flows[f].dst];
        if ((rc = noc_ivec_push(&paths[f], a, ctx)) != NOC_OK ||
            (a != b && (rc = noc_ivec_push(&paths[f], b, ctx)) != NOC_OK))
            goto cleanup;
    }
    rc = noc_merge_build_net(mc, K, st->core_sw, sx, sy, paths, 0, NULL, 0, &st->net, &nredo, built, why, wl, ctx);
    st->live = rc == NOC_OK;
cleanup:
    noc_merge_paths_free(paths, F);
    free(up);
    free(id);
    free(sx);
    free(sy);
    free(sw);
    return rc;
}

/* The mesh start: cores mapped by "auto" onto the near-square mesh, each
 * in its tile (tx, ty receive the core centres), every mesh link, XY
 * routes. */
int noc_merge_start_mesh(const struct mctx *mc, struct mstate *st, double *tx, double *ty, int *built, char *why,
                      size_t wl, struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int N = app->ncores, F = app->nflows, cols, rows, nredo, rc = NOC_ENOMEM, have = 0;
    *built = 0;
    noc_synth_grid(N, &cols, &rows);
    int R = cols * rows;
    struct noc_topo mesh;
    struct ivec *paths = noc_calloc(ctx, (size_t)F + 1, sizeof *paths);
    int *term = noc_malloc(ctx, (size_t)N, sizeof *term), *path = noc_malloc(ctx, (size_t)R + 1, sizeof *path);
    int *extra = noc_malloc(ctx, (size_t)4 * R, sizeof *extra);
    double *sx = noc_malloc(ctx, (size_t)R, sizeof *sx), *sy = noc_malloc(ctx, (size_t)R, sizeof *sy);
    if (!paths || !term || !path || !extra || !sx || !sy ||
        !(st->core_sw = noc_malloc(ctx, (size_t)N, sizeof *st->core_sw)))
        goto cleanup;
    if ((rc = noc_synth_mesh_topo(cols, rows, &mesh, ctx)) != NOC_OK)
        goto cleanup;
    have = 1;
    if ((rc = noc_map_cores(app, &mesh, NOC_MAP_AUTO, mc->o->seed, term, NULL, ctx)) != NOC_OK)
        goto cleanup;
    double pitch = 0;
    for (int c = 0; c < N; c++)
        pitch = fmax(pitch, fmax(app->cores[c].has_size ? app->cores[c].w : 1, app->cores[c].has_size ? app->cores[c].h : 1));
    int ne = 0;
    for (int r = 0; r < R; r++) {
        int x = r % cols, y = r / cols;
        sx[r] = (x + 0.5) * pitch;
        sy[r] = (y + 0.5) * pitch;
        if (x + 1 < cols)
            extra[2 * ne] = r, extra[2 * ne + 1] = r + 1, ne++;
        if (y + 1 < rows)
            extra[2 * ne] = r, extra[2 * ne + 1] = r + cols, ne++;
    }
    for (int c = 0; c < N; c++) {
        st->core_sw[c] = term[c]; /* terminal i sits on router i */
        tx[c] = sx[term[c]];
        ty[c] = sy[term[c]];
    }
    for (int f = 0; f < F; f++) {
        int len = noc_synth_xy_path(cols, term[app->flows[f].src], term[app->flows[f].dst], path);
        for (int i = 0; i < len; i++)
            if ((rc = noc_ivec_push(&paths[f], path[i], ctx)) != NOC_OK)
                goto cleanup;
    }
    rc = noc_merge_build_net(mc, R, st->core_sw, sx, sy, paths, 1, extra, ne, &st->net, &nredo, built, why, wl,
                             ctx);
    st->live = rc == NOC_OK;
cleanup:
    if (have)
        noc_topo_free(&mesh);
    noc_merge_paths_free(paths, F);
    free(term);
    free(path);
    free(extra);
    free(sx);
    free(sy);
    return rc;
}

