/* Min-cut floorplanning (docs/INTERFACE.md section 3.5): recursive METIS bisection of the
 * core graph gives a slicing tree (Breuer-style min-cut placement); the tree
 * is composed bottom-up, each cut side by side or stacked, whichever keeps
 * the bounding box smaller, so the floorplan is legal (no overlap) by
 * construction and the die is its bounding box. */
#include "nocsyn/phys.h"
#include "nocsyn/synth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/part.h"
#include "layout_int.h"


/* The slicing tree: leaves are cores; an internal node places its two
 * children side by side (horiz) or stacked. */
struct fpnode {
    int a, b;     /* children, -1 for a leaf */
    int core;     /* leaf: the core */
    int horiz;
    double w, h;  /* bounding box */
};

struct fp {
    const struct core_graph *g;
    struct noc_app *app;
    unsigned seed;
    int square;   /* choose the cut orientation by the longer side first */
    int *local;   /* global core -> local index in the current subproblem */
    int *xadj, *adjncy, *adjwgt, *vwgt, *part;
    struct fpnode *node;
    int nnode;
};

static double area(const struct noc_app *app, int c)
{
    return app->cores[c].w * app->cores[c].h;
}

/* METIS balances only approximately (part.h), and on graphs of several
 * components it can miss its tolerance by a whole core (E3S
 * auto-industry's 24 cores: a 60% full die).  While the two sides' areas
 * differ by more than the bisection's tolerance (FP_UFACTOR thousandths
 * of the total), the core of the heavier side whose move shrinks the
 * difference (its weight below it) and cuts least (the most weight to the
 * other side less the weight to its own; ties: lower index) moves.  The
 * difference shrinks each time, so it stops.  O(n x edges) per move. */
#define FP_UFACTOR 30
static void rebalance(struct fp *fp, int n)
{
    long tot = 0, side[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        side[fp->part[i]] += fp->vwgt[i];
        tot += fp->vwgt[i];
    }
    for (;;) {
        int h = side[1] > side[0];
        long d = side[h] - side[!h];
        if (d * 1000 <= (long)FP_UFACTOR * tot)
            return;
        int best = -1;
        long bg = 0;
        for (int i = 0; i < n; i++) {
            if (fp->part[i] != h || fp->vwgt[i] >= d)
                continue;
            long g = 0;
            for (int e = fp->xadj[i]; e < fp->xadj[i + 1]; e++)
                g += fp->part[fp->adjncy[e]] == h ? -fp->adjwgt[e] : fp->adjwgt[e];
            if (best < 0 || g > bg) {
                best = i;
                bg = g;
            }
        }
        if (best < 0)
            return;
        fp->part[best] = !h;
        side[h] -= fp->vwgt[best];
        side[!h] += fp->vwgt[best];
    }
}

/* Builds the subtree for cores[0..n-1] by METIS bisection into node
 * *node.  Each internal node takes the orientation that gives the smaller
 * bounding box (ties: the squarer one).  A status. */
static int build(struct fp *fp, int *cores, int n, unsigned depth, int *node, struct noc_ctx *ctx)
{
    struct noc_app *app = fp->app;
    if (n == 1) {
        int id = fp->nnode++;
        fp->node[id] = (struct fpnode){-1, -1, cores[0], 0, app->cores[cores[0]].w, app->cores[cores[0]].h};
        *node = id;
        return NOC_OK;
    }
    /* Induced subgraph in METIS form. */
    for (int i = 0; i < n; i++)
        fp->local[cores[i]] = i;
    int m = 0;
    fp->xadj[0] = 0;
    for (int i = 0; i < n; i++) {
        int v = cores[i];
        for (int e = fp->g->xadj[v]; e < fp->g->xadj[v + 1]; e++) {
            int u = fp->g->adjncy[e];
            if (fp->local[u] >= 0) {
                fp->adjncy[m] = fp->local[u];
                fp->adjwgt[m++] = fp->g->adjwgt[e];
            }
        }
        fp->xadj[i + 1] = m;
        fp->vwgt[i] = (int)fmax(1, lround(area(app, v) * 100));
    }
    int rc = noc_part_bisect(n, fp->xadj, fp->adjncy, fp->vwgt, fp->adjwgt, 0.5,
                             fp->seed + depth, FP_UFACTOR, fp->part, NULL, ctx);
    if (rc == NOC_OK)
        rebalance(fp, n);
    for (int i = 0; i < n; i++)
        fp->local[cores[i]] = -1;
    if (rc != NOC_OK)
        return rc;
    /* Stable split of the core list; both sides non-empty. */
    int *tmp = noc_malloc(ctx, (size_t)n, sizeof *tmp);
    if (!tmp)
        return NOC_ENOMEM;
    int n0 = 0;
    for (int i = 0; i < n; i++)
        if (fp->part[i] == 0)
            tmp[n0++] = cores[i];
    if (n0 == 0 || n0 == n) { /* METIS could not split: halve by order */
        n0 = n / 2;
        memcpy(tmp, cores, (size_t)n * sizeof *tmp);
    } else {
        int k = n0;
        for (int i = 0; i < n; i++)
            if (fp->part[i] != 0)
                tmp[k++] = cores[i];
    }
    memcpy(cores, tmp, (size_t)n * sizeof *tmp);
    free(tmp);
    int a, b;
    if ((rc = build(fp, cores, n0, depth + 1, &a, ctx)) != NOC_OK ||
        (rc = build(fp, cores + n0, n - n0, depth + 1, &b, ctx)) != NOC_OK)
        return rc;
    const struct fpnode *A = &fp->node[a], *B = &fp->node[b];
    double hw = A->w + B->w, hh = fmax(A->h, B->h); /* side by side */
    double vw = fmax(A->w, B->w), vh = A->h + B->h; /* stacked */
    double ha = hw * hh, va = vw * vh;
    double hr = fmax(hw, hh) / fmin(hw, hh), vr = fmax(vw, vh) / fmin(vw, vh);
    int horiz = ha < va - 1e-9 || (fabs(ha - va) <= 1e-9 && hr <= vr);
    if (fp->square) { /* the shorter longest side, then the smaller box */
        double hs = fmax(hw, hh), vs = fmax(vw, vh);
        if (fabs(hs - vs) > 1e-9)
            horiz = hs < vs;
    }
    int id = fp->nnode++;
    fp->node[id] = (struct fpnode){a, b, -1, horiz, horiz ? hw : vw, horiz ? hh : vh};
    *node = id;
    return NOC_OK;
}

/* Top-down: lower-left corners; each child centred in its slot. */
static void assign(struct fp *fp, int id, double x, double y)
{
    const struct fpnode *nd = &fp->node[id];
    if (nd->a < 0) {
        struct noc_core *c = &fp->app->cores[nd->core];
        c->x = x;
        c->y = y;
        c->has_pos = 1;
        return;
    }
    const struct fpnode *A = &fp->node[nd->a], *B = &fp->node[nd->b];
    if (nd->horiz) {
        assign(fp, nd->a, x, y + (nd->h - A->h) / 2);
        assign(fp, nd->b, x + A->w, y + (nd->h - B->h) / 2);
    } else {
        assign(fp, nd->a, x + (nd->w - A->w) / 2, y);
        assign(fp, nd->b, x + (nd->w - B->w) / 2, y + A->h);
    }
}

int noc_floorplan_mincut(struct noc_app *app, unsigned seed, struct noc_ctx *ctx)
{
    return noc_floorplan_mincut_square(app, seed, 0, ctx);
}

int noc_floorplan_mincut_square(struct noc_app *app, unsigned seed, int square, struct noc_ctx *ctx)
{
    int n = app->ncores, rc = NOC_OK;
    struct core_graph g;
    struct fp fp;
    int *cores = NULL;
    memset(&fp, 0, sizeof fp);
    if (n < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the app has no cores");
    if ((rc = noc_core_graph_build(app, &g, ctx)) != NOC_OK)
        return rc;
    fp.g = &g;
    fp.app = app;
    fp.seed = seed;
    fp.square = square;
    int m = g.xadj[n];
    fp.local = noc_malloc(ctx, (size_t)n, sizeof(int));
    fp.xadj = noc_malloc(ctx, (size_t)n + 1, sizeof(int));
    fp.adjncy = noc_malloc(ctx, (size_t)m + 1, sizeof(int));
    fp.adjwgt = noc_malloc(ctx, (size_t)m + 1, sizeof(int));
    fp.vwgt = noc_malloc(ctx, (size_t)n, sizeof(int));
    fp.part = noc_malloc(ctx, (size_t)n, sizeof(int));
    cores = noc_malloc(ctx, (size_t)n, sizeof(int));
    fp.node = noc_malloc(ctx, (size_t)2 * n, sizeof *fp.node);
    if (!fp.node || !fp.local || !fp.xadj || !fp.adjncy || !fp.adjwgt || !fp.vwgt || !fp.part || !cores) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < n; c++) {
        struct noc_core *co = &app->cores[c];
        if (!co->has_size || !(co->w > 0) || !(co->h > 0)) {
            co->w = co->h = 1;
            co->has_size = 1;
        }
        fp.local[c] = -1;
        cores[c] = c;
    }
    int root;
    if ((rc = build(&fp, cores, n, 0, &root, ctx)) == NOC_OK)
        assign(&fp, root, 0, 0);
cleanup:
    noc_core_graph_free(&g);
    free(fp.local);
    free(fp.xadj);
    free(fp.adjncy);
    free(fp.adjwgt);
    free(fp.vwgt);
    free(fp.part);
    free(cores);
    free(fp.node);
    return rc;
}

int noc_floorplan_place(struct noc_app *app, const char *floorplan, const char *app_path, unsigned seed,
                        struct noc_ctx *ctx)
{
    int placed = 0;
    for (int i = 0; i < app->ncores; i++)
        placed += app->cores[i].has_pos;
    if (!placed)
        return noc_floorplan_mincut(app, seed, ctx);
    for (int i = 0; i < app->ncores; i++)
        if (!app->cores[i].has_pos)
            return noc_error(ctx, NOC_EINVAL, floorplan ? floorplan : app_path, 0,
                             floorplan ? "the floorplan does not place core %s"
                                       : "core %s has no position (x, y) while other cores have one",
                             app->cores[i].name);
    return NOC_OK;
}
