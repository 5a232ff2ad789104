/* Concentrated-mesh synthesis (synth.h): groups of at most c cores on a
 * near-square mesh, dimension-order routes. */
#include "nocsyn/synth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/lp.h"
#include "nocsyn/map.h"
#include "nocsyn/topo.h"
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

/* The router of every group: noc_map_cores "auto" of the group graph
 * (inter-group bandwidth summed) onto the cols x rows mesh. */
static int place_groups(const struct noc_app *app, const int *group, int G, int cols, int rows,
                        unsigned seed, int *router, struct noc_ctx *ctx)
{
    struct noc_app ga;
    struct noc_topo mesh;
    int rc = NOC_OK, have = 0;
    char nm[32];
    noc_app_init(&ga);
    for (int g = 0; g < G && rc == NOC_OK; g++) {
        snprintf(nm, sizeof nm, "g%d", g);
        int id = noc_app_core(&ga, nm, ctx);
        if (id < 0)
            rc = -id;
    }
    for (int f = 0; f < app->nflows && rc == NOC_OK; f++) {
        int a = group[app->flows[f].src], b = group[app->flows[f].dst];
        if (a != b)
            rc = noc_app_add_flow(&ga, a, b, app->flows[f].bw, -1, ctx);
    }
    if (rc == NOC_OK && (rc = noc_synth_mesh_topo(cols, rows, &mesh, ctx)) == NOC_OK)
        have = 1;
    if (rc == NOC_OK)
        rc = noc_map_cores(&ga, &mesh, NOC_MAP_AUTO, seed, router, NULL, ctx);
    if (have)
        noc_topo_free(&mesh);
    noc_app_free(&ga);
    return rc;
}

/* Grid placement, one axis (a GLPK LP, like split's step 3 but keeping the
 * mesh a grid): one coordinate per mesh column (axis 0) or row (axis 1),
 * consecutive lines at least `pitch` apart, minimising the bandwidth-
 * weighted length of the core links and of the mesh links along the axis;
 * a tiny pull towards each line's cores makes the optimum unique. */
static int grid_axis(const struct swnet *net, int cols, int rows, int axis, int ncores,
                     const int *core_sw, const double *cc, const double *cw, double pitch, double *out,
                     struct noc_ctx *ctx)
{
    int n = axis ? rows : cols, rc = NOC_OK;
    struct noc_lp *lp = NULL;
    double *obj = noc_calloc(ctx, (size_t)n, sizeof *obj), *cen = noc_calloc(ctx, (size_t)n, sizeof *cen);
    double *wsum = noc_calloc(ctx, (size_t)n, sizeof *wsum), total = 0;
    if (!obj || !cen || !wsum) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < ncores; c++) {
        int line = axis ? core_sw[c] / cols : core_sw[c] % cols;
        cen[line] += cw[c] * cc[c];
        wsum[line] += cw[c];
        total += cw[c];
    }
    for (int ch = 0; ch < net->nch; ch++) {
        int u = net->csrc[ch], v = net->cdst[ch];
        int lu = axis ? u / cols : u % cols, lv = axis ? v / cols : v % cols;
        if (lv != lu + 1)
            continue; /* each link once, from the lower line */
        double w = net->cload[ch] + net->cload[noc_swnet_chan(net, v, u)] + 1e-3 * total / (ncores + 1);
        obj[lv] += w;
        obj[lu] -= w;
    }
    NOC_CHECK(noc_lp_create(&lp, NOC_LP_MIN, ctx));
    for (int i = 0; i < n; i++)
        if (noc_lp_add_cols(lp, 1, -INFINITY, INFINITY, obj[i], NOC_LP_CONT, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
    for (int i = 0; i + 1 < n; i++) {
        int cl[2] = {i + 1, i};
        double vals[2] = {1, -1};
        if (noc_lp_add_row(lp, pitch, INFINITY, 2, cl, vals, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
    }
    for (int c = 0; c < ncores; c++)
        NOC_CHECK(noc_synth_lp_abs(lp, axis ? core_sw[c] / cols : core_sw[c] % cols, -1, cc[c], cw[c], ctx));
    for (int i = 0; i < n; i++)
        if (wsum[i] > 0 && (rc = noc_synth_lp_abs(lp, i, -1, cen[i] / wsum[i], 1e-6 * (total + 1), ctx)) != NOC_OK)
            goto cleanup;
    rc = noc_synth_lp_solve_first(lp, n, out, ctx);
cleanup:
    noc_lp_free(lp);
    free(obj);
    free(cen);
    free(wsum);
    return rc;
}

/* Places the mesh routers on a grid (grid_axis for X and Y); the pitch is
 * the smallest core side. */
static int place_grid(struct swnet *net, int cols, int rows, const struct noc_app *app, const int *core_sw,
                      const double *cx, const double *cy, const double *cw, struct noc_ctx *ctx)
{
    double pitch = INFINITY;
    for (int c = 0; c < app->ncores; c++)
        pitch = fmin(pitch, app->cores[c].has_size ? fmin(app->cores[c].w, app->cores[c].h) : 1);
    if (!(pitch > 0) || !isfinite(pitch))
        pitch = 1;
    double *gx = noc_malloc(ctx, (size_t)cols, sizeof *gx), *gy = noc_malloc(ctx, (size_t)rows, sizeof *gy);
    int rc = gx && gy ? NOC_OK : NOC_ENOMEM;
    if (rc == NOC_OK)
        rc = grid_axis(net, cols, rows, 0, app->ncores, core_sw, cx, cw, pitch, gx, ctx);
    if (rc == NOC_OK)
        rc = grid_axis(net, cols, rows, 1, app->ncores, core_sw, cy, cw, pitch, gy, ctx);
    for (int r = 0; rc == NOC_OK && r < net->K; r++) {
        net->sx[r] = gx[r % cols];
        net->sy[r] = gy[r / cols];
    }
    free(gx);
    free(gy);
    return rc;
}

/* One design for concentration c. */
static int design_c(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                    const double *cx, const double *cy, const double *cw, int c, struct noc_design *d,
                    struct noc_ctx *ctx)
{
    int N = app->ncores, G, cols, rows, rc = NOC_OK, have_net = 0;
    struct swnet net;
    int *group = noc_malloc(ctx, (size_t)N, sizeof *group), *core_sw = noc_malloc(ctx, (size_t)N, sizeof *core_sw);
    int *router = noc_malloc(ctx, (size_t)N, sizeof *router), *path = NULL;
    if (!group || !core_sw || !router) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_synth_groups(app, c, o->seed, group, &G, ctx));
    noc_synth_grid(G, &cols, &rows);
    int R = cols * rows;
    d->switches = R;
    NOC_CHECK(place_groups(app, group, G, cols, rows, o->seed, router, ctx));
    if (!(path = noc_malloc(ctx, (size_t)cols + rows + 1, sizeof *path))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_swnet_init(&net, R, app->nflows, o, ctx));
    have_net = 1;
    for (int i = 0; i < N; i++)
        net.ncores[core_sw[i] = router[group[i]]]++;
    for (int r = 0; r < R; r++) {
        int x = r % cols, y = r / cols;
        if (x + 1 < cols)
            NOC_CHECK(noc_swnet_open_link(&net, r, r + 1, ctx));
        if (y + 1 < rows)
            NOC_CHECK(noc_swnet_open_link(&net, r, r + cols, ctx));
    }
    for (int r = 0; r < R; r++)
        if (swnet_ports(&net, r) > net.max_radix) {
            snprintf(d->reason, sizeof d->reason,
                     "router r%d holds %d cores and %d mesh links: %d ports, above %s %d", r,
                     net.ncores[r], net.nlinks[r], swnet_ports(&net, r), SYNTH_RADIX_NAME(o), net.max_radix);
            goto cleanup;
        }
    for (int i = 0; i < app->nflows; i++) {
        int f = order[i];
        const struct noc_flow *fl = &app->flows[f];
        int len = noc_synth_xy_path(cols, core_sw[fl->src], core_sw[fl->dst], path);
        if (fl->max_hops >= 0 && len - 1 > fl->max_hops) {
            snprintf(d->reason, sizeof d->reason, "flow %s -> %s takes %d hops under XY, above its max_hops %d",
                     app->cores[fl->src].name, app->cores[fl->dst].name, len - 1, fl->max_hops);
            goto cleanup;
        }
        int committed;
        NOC_CHECK(noc_swnet_commit(&net, f, path, len, fl->bw, &committed, ctx));
        if (!committed) {
            snprintf(d->reason, sizeof d->reason,
                     "flow %s -> %s (%.6g MB/s): its XY route exceeds the link capacity of %.6g MB/s",
                     app->cores[fl->src].name, app->cores[fl->dst].name, fl->bw, net.cap);
            goto cleanup;
        }
    }
    NOC_CHECK(place_grid(&net, cols, rows, app, core_sw, cx, cy, cw, ctx));
    struct noc_shape sh;
    memset(&sh, 0, sizeof sh);
    sh.family = NOC_FAM_MESH;
    snprintf(sh.name, sizeof sh.name, "cmesh");
    sh.ndims = 2;
    sh.dims[0] = cols;
    sh.dims[1] = rows;
    sh.k = cols > rows ? cols : rows;
    sh.conc = c;
    snprintf(sh.params, sizeof sh.params, "dims=%dx%d,c=%d", cols, rows, c);
    rc = noc_synth_finish(app, &net, core_sw, cx, cy, o, "r", &sh, d, ctx);
cleanup:
    if (have_net)
        noc_swnet_free(&net);
    free(group);
    free(core_sw);
    free(router);
    free(path);
    return rc;
}

int noc_synth_cmesh(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int N = app->ncores, rc;
    if (o->conc < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "cmesh concentration %d must be >= 1", o->conc);
    if ((rc = noc_synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    int lo = 2, hi = N < 8 ? N : 8;
    if (o->conc > 0)
        lo = hi = o->conc;
    else if (hi < lo)
        lo = hi = N;
    return noc_synth_sweep_param(app, o, "cmesh", "c", lo, hi, design_c, res, ctx);
}
