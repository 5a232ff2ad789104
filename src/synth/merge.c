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
#include "synth_int.h"

/* Inputs shared by every step. */
struct mctx {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;              /* flows in decreasing bandwidth */
    const double *cx, *cy, *cw;    /* core centres and weights */
    const double *in, *out;        /* core bandwidths */
};

/* One state of the merge: the routed switch graph and the cores' routers. */
struct mstate {
    struct swnet net;
    int *core_sw;
    int live;                      /* net initialised */
};

static void mstate_free(struct mstate *s)
{
    if (s->live)
        swnet_free(&s->net);
    free(s->core_sw);
    memset(s, 0, sizeof *s);
}

static void paths_free(struct ivec *p, int n)
{
    if (p)
        for (int f = 0; f < n; f++)
            free(p[f].v);
    free(p);
}

/* Builds net with K routers from the cores' routers, positions and
 * proposed paths (paths[f].n == 0: none).  With `preopen` the links of
 * every proposed path and the `nextra` pairs extra[2i], extra[2i+1] are
 * opened first (and the radix checked); otherwise a path opens what it
 * needs as it commits.  Flows commit in decreasing bandwidth; refused ones
 * go to split's router afterwards.  Returns 0 built, 1 infeasible (why), -1
 * error.  net is initialised unless -1 is returned. */
static int build_net(const struct mctx *mc, int K, const int *core_sw, const double *sx,
                     const double *sy, const struct ivec *paths, int preopen, const int *extra,
                     int nextra, struct swnet *net, int *nredo, char *why, size_t wl,
                     struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int F = app->nflows, rc = 0, n = 0;
    int *redo = NULL;
    if (swnet_init(net, K, F, mc->o, ctx) != NOC_OK)
        return -1;
    if (!(redo = noc_malloc(ctx, (size_t)F + 1, sizeof *redo))) {
        swnet_free(net);
        return -1;
    }
    for (int c = 0; c < app->ncores; c++)
        net->ncores[core_sw[c]]++;
    memcpy(net->sx, sx, (size_t)K * sizeof *sx);
    memcpy(net->sy, sy, (size_t)K * sizeof *sy);
    if (preopen) {
        for (int f = 0; f < F; f++)
            for (int i = 0; i + 1 < paths[f].n; i++)
                if (swnet_open_link(net, paths[f].v[i], paths[f].v[i + 1], ctx)) {
                    rc = -1;
                    goto cleanup;
                }
        for (int i = 0; i < nextra; i++)
            if (swnet_open_link(net, extra[2 * i], extra[2 * i + 1], ctx)) {
                rc = -1;
                goto cleanup;
            }
        for (int s = 0; s < K; s++)
            if (swnet_ports(net, s) > net->max_radix) {
                snprintf(why, wl, "a router needs %d ports, above --max-radix %d", swnet_ports(net, s),
                         net->max_radix);
                rc = 1;
                goto cleanup;
            }
    }
    for (int i = 0; i < F; i++) {
        int f = mc->order[i];
        int mh = app->flows[f].max_hops, len = paths[f].n;
        int r = len && (mh < 0 || len - 1 <= mh) ? swnet_commit(net, f, paths[f].v, len, app->flows[f].bw, ctx)
                                                 : 1;
        if (r < 0) {
            rc = -1;
            goto cleanup;
        }
        if (r > 0)
            redo[n++] = f;
    }
    for (int i = 0; i < n; i++) {
        const struct noc_flow *fl = &app->flows[redo[i]];
        char w2[256];
        int r = swnet_route(net, redo[i], core_sw[fl->src], core_sw[fl->dst], fl->bw, fl->max_hops, w2,
                            sizeof w2, ctx);
        if (r < 0) {
            rc = -1;
            goto cleanup;
        }
        if (r > 0) {
            snprintf(why, wl, "flow %s -> %s (%.6g MB/s): %s", app->cores[fl->src].name,
                     app->cores[fl->dst].name, fl->bw, w2);
            rc = 1;
            goto cleanup;
        }
    }
    *nredo = n;
cleanup:
    free(redo);
    if (rc < 0)
        swnet_free(net);
    return rc;
}

/* Power estimate (mW) of a state, as noc_tech_topo would count it with the
 * current positions: routers, router-router channels, core links. */
static double net_power(const struct mctx *mc, const struct swnet *n, const int *core_sw)
{
    const struct noc_tech *t = &mc->o->tech;
    double w = mc->o->link_width, p = 0;
    double *flits = calloc((size_t)n->K + 1, sizeof *flits);
    if (!flits)
        return INFINITY;
    for (int c = 0; c < n->nch; c++) {
        int u = n->csrc[c], v = n->cdst[c];
        double len = fabs(n->sx[u] - n->sx[v]) + fabs(n->sy[u] - n->sy[v]);
        p += noc_tech_channel_mw(t, len, w, n->cload[c]);
        flits[v] += n->cload[c] * 8e6 / w;
    }
    for (int c = 0; c < mc->app->ncores; c++) {
        int s = core_sw[c];
        double len = fabs(mc->cx[c] - n->sx[s]) + fabs(mc->cy[c] - n->sy[s]);
        p += noc_tech_channel_mw(t, len, w, mc->out[c]) + noc_tech_channel_mw(t, len, w, mc->in[c]);
        flits[s] += mc->out[c] * 8e6 / w;
    }
    for (int s = 0; s < n->K; s++)
        p += noc_tech_router_mw(t, swnet_ports(n, s), w, flits[s]);
    free(flits);
    return p;
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
        else if (ivec_push(q, x, ctx))
            return -1;
    }
    return 0;
}

/* The state after merging routers u and v of st (u != v), in *out.
 * Returns 0 (out built), 1 infeasible, -1 error. */
static int try_merge(const struct mctx *mc, const struct mstate *st, int u, int v,
                     struct mstate *out, struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    const struct swnet *n = &st->net;
    int K = n->K, F = app->nflows, rc = -1, nredo = 0;
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
        if (contract(&n->paths[f], map, &paths[f], ctx))
            goto cleanup;
        for (int i = 0; paths[f].n > 1 && i < paths[f].n; i++)
            keep[paths[f].v[i]] = 1;
    }
    int K2 = 0;
    for (int x = 0; x < K; x++)
        keep[x] = keep[x] ? K2++ : -1; /* keep[] now renumbers */
    double mx, my;
    if (merged_pos(mc, st, u, v, &mx, &my, ctx) != NOC_OK)
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
    rc = build_net(mc, K2, out->core_sw, sx, sy, paths, 1, NULL, 0, &out->net, &nredo, why, sizeof why, ctx);
    if (rc != 0)
        goto cleanup;
    out->live = 1;
    if (nredo) {
        /* Rerouted flows may have left links unused: rebuild from the
         * final paths (an acyclic, feasible set: nothing is refused). */
        int unused = 0;
        for (int c = 0; c < out->net.nch && !unused; c++) {
            int back = swnet_chan(&out->net, out->net.cdst[c], out->net.csrc[c]);
            unused = out->net.cload[c] == 0 && out->net.cload[back] == 0;
        }
        if (unused) {
            for (int f = 0; f < F; f++) {
                paths[f].n = 0;
                for (int i = 0; i < out->net.paths[f].n; i++)
                    if (ivec_push(&paths[f], out->net.paths[f].v[i], ctx)) {
                        rc = -1;
                        goto cleanup;
                    }
            }
            swnet_free(&out->net);
            out->live = 0;
            rc = build_net(mc, K2, out->core_sw, sx, sy, paths, 1, NULL, 0, &out->net, &nredo, why,
                           sizeof why, ctx);
            if (rc != 0)
                goto cleanup;
            out->live = 1;
        }
    }
    rc = 0;
cleanup:
    if (rc != 0)
        mstate_free(out);
    free(map);
    free(keep);
    free(sx);
    free(sy);
    paths_free(paths, F);
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
 * router too).  cand holds 2 ints per pair; returns the count or -1. */
static int candidates(const struct swnet *n, int **cand, struct noc_ctx *ctx)
{
    int K = n->K, m = 0;
    int *c = noc_malloc(ctx, (size_t)n->nch + 2 * (size_t)K + 2, sizeof *c);
    int *comp = noc_malloc(ctx, (size_t)K + 1, sizeof *comp), *stack = noc_malloc(ctx, (size_t)K + 1, sizeof *stack);
    if (!c || !comp || !stack) {
        free(c), free(comp), free(stack);
        return -1;
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
    return m;
}

/* Records state st as design d: LP placement of a copy of the positions,
 * then the shared finish. */
static int record(const struct mctx *mc, struct mstate *st, const double *cx, const double *cy,
                  struct noc_design *d, struct noc_ctx *ctx)
{
    struct swnet *n = &st->net;
    int K = n->K, rc;
    double *sx = noc_malloc(ctx, (size_t)K, sizeof *sx), *sy = noc_malloc(ctx, (size_t)K, sizeof *sy);
    if (!sx || !sy) {
        free(sx);
        free(sy);
        return NOC_ENOMEM;
    }
    memcpy(sx, n->sx, (size_t)K * sizeof *sx);
    memcpy(sy, n->sy, (size_t)K * sizeof *sy);
    rc = synth_place(n, mc->app->ncores, st->core_sw, cx, cy, mc->cw, ctx);
    if (rc == NOC_OK)
        rc = synth_finish(mc->app, n, st->core_sw, cx, cy, mc->o, "sw", NULL, d, ctx);
    memcpy(n->sx, sx, (size_t)K * sizeof *sx);
    memcpy(n->sy, sy, (size_t)K * sizeof *sy);
    free(sx);
    free(sy);
    return rc;
}

static int uf_find(int *up, int x)
{
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

/* The floorplan start: a router per core at its centre (cores joined by a
 * max_hops 0 flow share one, at their weighted centre), direct links. */
static int start_floorplan(const struct mctx *mc, struct mstate *st, char *why, size_t wl,
                           struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int N = app->ncores, F = app->nflows, nredo, rc = -1, K = 0;
    struct ivec *paths = noc_calloc(ctx, (size_t)F + 1, sizeof *paths);
    int *up = noc_malloc(ctx, (size_t)N, sizeof *up), *id = noc_malloc(ctx, (size_t)N, sizeof *id);
    double *sx = noc_calloc(ctx, (size_t)N, sizeof *sx), *sy = noc_calloc(ctx, (size_t)N, sizeof *sy);
    double *sw = noc_calloc(ctx, (size_t)N, sizeof *sw);
    if (!(st->core_sw = noc_malloc(ctx, (size_t)N, sizeof *st->core_sw)) || !paths || !up || !id || !sx ||
        !sy || !sw)
        goto cleanup;
    for (int c = 0; c < N; c++)
        up[c] = c;
    for (int f = 0; f < F; f++)
        if (app->flows[f].max_hops == 0)
            up[uf_find(up, app->flows[f].src)] = uf_find(up, app->flows[f].dst);
    for (int c = 0; c < N; c++)
        id[c] = -1;
    for (int c = 0; c < N; c++) {
        int r = uf_find(up, c);
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
        if (ivec_push(&paths[f], a, ctx) || (a != b && ivec_push(&paths[f], b, ctx)))
            goto cleanup;
    }
    rc = build_net(mc, K, st->core_sw, sx, sy, paths, 0, NULL, 0, &st->net, &nredo, why, wl, ctx);
    st->live = rc >= 0;
cleanup:
    paths_free(paths, F);
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
static int start_mesh(const struct mctx *mc, struct mstate *st, double *tx, double *ty, char *why,
                      size_t wl, struct noc_ctx *ctx)
{
    const struct noc_app *app = mc->app;
    int N = app->ncores, F = app->nflows, cols, rows, nredo, rc = -1, have = 0;
    synth_grid(N, &cols, &rows);
    int R = cols * rows;
    struct noc_topo mesh;
    struct ivec *paths = noc_calloc(ctx, (size_t)F + 1, sizeof *paths);
    int *term = noc_malloc(ctx, (size_t)N, sizeof *term), *path = noc_malloc(ctx, (size_t)R + 1, sizeof *path);
    int *extra = noc_malloc(ctx, (size_t)4 * R, sizeof *extra);
    double *sx = noc_malloc(ctx, (size_t)R, sizeof *sx), *sy = noc_malloc(ctx, (size_t)R, sizeof *sy);
    if (!paths || !term || !path || !extra || !sx || !sy ||
        !(st->core_sw = noc_malloc(ctx, (size_t)N, sizeof *st->core_sw)))
        goto cleanup;
    if (synth_mesh_topo(cols, rows, &mesh, ctx) != NOC_OK)
        goto cleanup;
    have = 1;
    if (noc_map_cores(app, &mesh, NOC_MAP_AUTO, mc->o->seed, term, NULL, ctx) != NOC_OK)
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
        int len = synth_xy_path(cols, term[app->flows[f].src], term[app->flows[f].dst], path);
        for (int i = 0; i < len; i++)
            if (ivec_push(&paths[f], path[i], ctx))
                goto cleanup;
    }
    rc = build_net(mc, R, st->core_sw, sx, sy, paths, 1, extra, ne, &st->net, &nredo, why, wl, ctx);
    st->live = rc >= 0;
cleanup:
    if (have)
        noc_topo_free(&mesh);
    paths_free(paths, F);
    free(term);
    free(path);
    free(extra);
    free(sx);
    free(sy);
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
    if ((rc = synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    cx = noc_malloc(ctx, (size_t)N, sizeof *cx);
    cy = noc_malloc(ctx, (size_t)N, sizeof *cy);
    cw = noc_malloc(ctx, (size_t)N, sizeof *cw);
    in = noc_malloc(ctx, (size_t)N, sizeof *in);
    out = noc_malloc(ctx, (size_t)N, sizeof *out);
    tx = noc_malloc(ctx, (size_t)N, sizeof *tx);
    ty = noc_malloc(ctx, (size_t)N, sizeof *ty);
    order = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *order);
    if (!cx || !cy || !cw || !in || !out || !tx || !ty || !order || synth_flow_order(app, order) ||
        synth_core_geom(app, cx, cy, cw, ctx) != NOC_OK) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    noc_app_core_bw(app, in, out);
    struct mctx mc = {app, o, order, cx, cy, cw, in, out};
    int r = mesh ? start_mesh(&mc, &cur, tx, ty, why, sizeof why, ctx)
                 : start_floorplan(&mc, &cur, why, sizeof why, ctx);
    if (mesh) {
        memcpy(cx, tx, (size_t)N * sizeof *cx);
        memcpy(cy, ty, (size_t)N * sizeof *cy);
    }
    if (r < 0) {
        rc = ctx->status ? ctx->status : NOC_EINTERNAL;
        goto cleanup;
    }
    int K0 = cur.live ? cur.net.K : N;
    snprintf(name, sizeof name, "%s_k%d", mesh ? "merge_mesh" : "merge", K0);
    struct noc_design *d = synth_add_design(res, &cap, "merge", name, K0, ctx);
    if (!d) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (r > 0) {
        snprintf(d->reason, sizeof d->reason, "the %s start: %.400s", mesh ? "mesh" : "floorplan", why);
        rc = synth_none_feasible(res, "merge", ctx);
        goto cleanup;
    }
    if ((rc = record(&mc, &cur, cx, cy, d, ctx)) != NOC_OK)
        goto cleanup;
    double pcur = net_power(&mc, &cur.net, cur.core_sw);
    for (;;) {
        int np = candidates(&cur.net, &pairs, ctx);
        if (np < 0) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        double pbest = pcur * (1 - 1e-9) - 1e-12;
        for (int i = 0; i < np; i++) {
            int t = try_merge(&mc, &cur, pairs[2 * i], pairs[2 * i + 1], &cand, ctx);
            if (t < 0) {
                rc = ctx->status ? ctx->status : NOC_EINTERNAL;
                goto cleanup;
            }
            if (t > 0)
                continue;
            double p = net_power(&mc, &cand.net, cand.core_sw);
            if (p < pbest) {
                mstate_free(&best);
                best = cand;
                pbest = p;
            } else
                mstate_free(&cand);
            memset(&cand, 0, sizeof cand);
        }
        free(pairs);
        pairs = NULL;
        if (!best.live)
            break;
        mstate_free(&cur);
        cur = best;
        memset(&best, 0, sizeof best);
        pcur = pbest;
        snprintf(name, sizeof name, "%s_k%d", mesh ? "merge_mesh" : "merge", cur.net.K);
        if (!(d = synth_add_design(res, &cap, "merge", name, cur.net.K, ctx))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        if ((rc = record(&mc, &cur, cx, cy, d, ctx)) != NOC_OK)
            goto cleanup;
    }
    noc_synth_pareto(res);
    rc = synth_none_feasible(res, "merge", ctx);
cleanup:
    mstate_free(&cur);
    mstate_free(&best);
    mstate_free(&cand);
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
