/* Capacity-bounded core groups (cmesh routers, hring local rings), ring
 * orders (hring), and the near-square grid shared by the cmesh and
 * merge-from-mesh methods. */
#include "layout_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/topo.h"

/* Bandwidth weight between core v and the members of group g. */
static long attach(const struct core_graph *cg, const int *group, int v, int g)
{
    long s = 0;
    for (int e = cg->xadj[v]; e < cg->xadj[v + 1]; e++)
        if (group[cg->adjncy[e]] == g)
            s += cg->adjwgt[e];
    return s;
}

int noc_synth_groups(const struct noc_app *app, int cap, unsigned seed, int *group, int *ngroups,
                     struct noc_ctx *ctx)
{
    int n = app->ncores, G = (n + cap - 1) / cap, rc;
    struct core_graph cg;
    int *size = NULL;
    if (cap < 1 || n < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "groups of %d cores for %d cores", cap, n);
    if ((rc = noc_synth_partition(app, G, seed, group, ctx)) != NOC_OK)
        return rc;
    if ((rc = noc_core_graph_build(app, &cg, ctx)) != NOC_OK)
        return rc;
    if (!(size = noc_calloc(ctx, (size_t)G, sizeof *size))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < n; v++)
        size[group[v]]++;
    /* G * cap >= n, so while a group is over its cap another has room:
     * every move lowers the total excess by one. */
    for (int p = 0; p < G; p++)
        while (size[p] > cap) {
            int best = -1;
            long bw = 0;
            for (int v = 0; v < n; v++)
                if (group[v] == p) {
                    long a = attach(&cg, group, v, p);
                    if (best < 0 || a < bw) {
                        best = v;
                        bw = a;
                    }
                }
            int to = -1;
            long tw = 0;
            for (int q = 0; q < G; q++) {
                if (q == p || size[q] >= cap)
                    continue;
                long a = attach(&cg, group, best, q);
                if (to < 0 || a > tw || (a == tw && size[q] < size[to])) {
                    to = q;
                    tw = a;
                }
            }
            group[best] = to;
            size[p]--;
            size[to]++;
        }
    *ngroups = G;
cleanup:
    free(size);
    noc_core_graph_free(&cg);
    return rc;
}

void noc_synth_grid(int n, int *cols, int *rows)
{
    int c = (int)ceil(sqrt((double)n));
    while (c > 1 && (c - 1) * (c - 1) >= n) /* guard against rounding */
        c--;
    while (c * c < n)
        c++;
    *cols = c < 1 ? 1 : c;
    *rows = (n + *cols - 1) / *cols;
    if (*rows < 1)
        *rows = 1;
}

int noc_synth_xy_path(int cols, int a, int b, int *path)
{
    int x = a % cols, y = a / cols, xd = b % cols, yd = b / cols, len = 0;
    path[len++] = a;
    while (x != xd) {
        x += xd > x ? 1 : -1;
        path[len++] = x + cols * y;
    }
    while (y != yd) {
        y += yd > y ? 1 : -1;
        path[len++] = x + cols * y;
    }
    return len;
}

int noc_synth_mesh_topo(int cols, int rows, struct noc_topo *t, struct noc_ctx *ctx)
{
    int R = cols * rows, rc = NOC_OK;
    char nm[32];
    noc_topo_init(t);
    for (int i = 0; i < R && rc == NOC_OK; i++) {
        snprintf(nm, sizeof nm, "r%d", i);
        int id = noc_topo_add_node(t, nm, NOC_ROUTER, ctx);
        if (id < 0)
            rc = -id;
    }
    for (int i = 0; i < R && rc == NOC_OK; i++) {
        snprintf(nm, sizeof nm, "t%d", i);
        int id = noc_topo_add_node(t, nm, NOC_TERMINAL, ctx);
        rc = id < 0 ? -id : noc_topo_add_link(t, id, i, ctx);
    }
    for (int i = 0; i < R && rc == NOC_OK; i++) {
        int x = i % cols, y = i / cols;
        if (x + 1 < cols)
            rc = noc_topo_add_link(t, i, i + 1, ctx);
        if (rc == NOC_OK && y + 1 < rows)
            rc = noc_topo_add_link(t, i, i + cols, ctx);
    }
    if (rc == NOC_OK)
        rc = noc_topo_finalize(t, ctx);
    if (rc != NOC_OK)
        noc_topo_free(t);
    return rc;
}

#define RING_EXHAUSTIVE 7 /* free items up to which ring orders are enumerated */

/* Hops between positions p and q on a bidirectional ring of m. */
static int rdist(int p, int q, int m)
{
    int d = p > q ? p - q : q - p;
    return d < m - d ? d : m - d;
}

static double ring_cost(int m, const double *W, const int *pos)
{
    double c = 0;
    for (int i = 0; i < m; i++)
        for (int k = i + 1; k < m; k++)
            if (W[i * m + k] > 0)
                c += W[i * m + k] * rdist(pos[i], pos[k], m);
    return c;
}

/* Orders m items on a ring (pos[i] = position of item i, item 0 fixed at
 * position 0) minimising sum W[i][k] x ring distance, W symmetric m x m.
 * Exhaustive (Heap's algorithm over items 1..m-1) up to RING_EXHAUSTIVE free
 * items, else pairwise-swap descent from the identity.  Deterministic:
 * the first best order found is kept. */
int noc_synth_ring_order(int m, const double *W, int *pos, struct noc_ctx *ctx)
{
    int *cur = noc_malloc(ctx, (size_t)m + 1, sizeof *cur), *c = noc_calloc(ctx, (size_t)m + 1, sizeof *c);
    if (!cur || !c) {
        free(cur);
        free(c);
        return NOC_ENOMEM;
    }
    for (int i = 0; i < m; i++)
        pos[i] = cur[i] = i;
    double best = ring_cost(m, W, pos);
    int n = m - 1; /* items 1..m-1 move */
    if (n <= RING_EXHAUSTIVE) {
        int *a = cur + 1;
        for (int i = 0; i < n;) {
            if (c[i] < i) {
                int j = i % 2 == 0 ? 0 : c[i], t = a[j];
                a[j] = a[i];
                a[i] = t;
                double v = ring_cost(m, W, cur);
                if (v < best - 1e-12) {
                    best = v;
                    memcpy(pos, cur, (size_t)m * sizeof *pos);
                }
                c[i]++;
                i = 0;
            } else
                c[i++] = 0;
        }
    } else {
        for (int improved = 1; improved;) {
            improved = 0;
            for (int i = 1; i < m; i++)
                for (int k = i + 1; k < m; k++) {
                    int t = pos[i];
                    pos[i] = pos[k];
                    pos[k] = t;
                    double v = ring_cost(m, W, pos);
                    if (v < best - 1e-12) {
                        best = v;
                        improved = 1;
                    } else {
                        pos[k] = pos[i];
                        pos[i] = t;
                    }
                }
        }
    }
    free(cur);
    free(c);
    return NOC_OK;
}
