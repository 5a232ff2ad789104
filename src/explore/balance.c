/* Flow-balanced minimal routes for the indirect baselines (fat trees and
 * Clos networks; issue 29 item 3): their users spread the load over the
 * up paths (ECMP, or adaptive up-path selection), while d-mod-k (nca) lets
 * an app's flows collide.  Offline, per app flow: the least loaded of the
 * minimal paths, chosen hop by hop, heaviest flows first. */
#include "explore_int.h"

#include "nocsyn/app.h"
#include "nocsyn/graph.h"
#include "nocsyn/topo.h"

#include <math.h>
#include <stdlib.h>

struct bal_order {
    double bw;
    int f;
};

static int cmp_order(const void *a, const void *b)
{
    const struct bal_order *x = a, *y = b;
    if (x->bw != y->bw)
        return x->bw > y->bw ? -1 : 1;
    return (x->f > y->f) - (x->f < y->f);
}

int noc_explore_balanced_routes(struct noc_topo *t, const struct noc_app *app, const int *term_of,
                                struct noc_ctx *ctx)
{
    int R = t->nrouters, F = app->nflows, rc = NOC_OK;
    const struct noc_graph *g = &t->g;
    double *load = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *load);
    int *dist = noc_malloc(ctx, (size_t)R + 1, sizeof *dist), *queue = noc_malloc(ctx, (size_t)R + 1, sizeof *queue);
    int *path = noc_malloc(ctx, (size_t)F * (R + 1) + 1, sizeof *path), *len = noc_calloc(ctx, (size_t)F + 1, sizeof *len);
    struct bal_order *ord = noc_malloc(ctx, (size_t)F + 1, sizeof *ord);
    double *best = noc_malloc(ctx, (size_t)R + 1, sizeof *best);
    if (!load || !dist || !queue || !path || !len || !ord || !best) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int f = 0; f < F; f++) {
        ord[f].bw = app->flows[f].bw;
        ord[f].f = f;
    }
    qsort(ord, (size_t)F, sizeof *ord, cmp_order);
    for (int i = 0; i < F; i++) {
        int f = ord[i].f;
        double bw = app->flows[f].bw;
        int s = noc_topo_inject_router(t, R + term_of[app->flows[f].src]);
        int d = noc_topo_eject_router(t, R + term_of[app->flows[f].dst]);
        if (s < 0 || d < 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "flow %d has no router", f);
            goto cleanup;
        }
        int nq = noc_graph_bfs(g, R, &d, 1, NOC_BFS_IN, -1, dist, queue); /* hops to d */
        if (dist[s] < 0) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "no path from %s to %s", t->nodes[s].name,
                           t->nodes[d].name);
            goto cleanup;
        }
        /* best[v]: the least bottleneck (the most loaded channel with this
         * flow added) over v's minimal paths to d, routers in BFS order. */
        for (int k = 0; k < nq; k++) {
            int v = queue[k];
            best[v] = v == d ? 0 : HUGE_VAL;
            for (int e = g->off[v]; e < g->off[v + 1]; e++) {
                int w = g->dst[e];
                if (w < R && dist[w] == dist[v] - 1)
                    best[v] = fmin(best[v], fmax(load[e] + bw, best[w]));
            }
        }
        int *p = path + (size_t)f * (R + 1), u = s;
        p[len[f]++] = u;
        while (u != d) { /* a next hop that keeps the least bottleneck (lowest channel on ties) */
            int pick = -1;
            for (int e = g->off[u]; e < g->off[u + 1] && pick < 0; e++) {
                int w = g->dst[e];
                if (w < R && dist[w] == dist[u] - 1 && fmax(load[e] + bw, best[w]) <= best[u])
                    pick = e;
            }
            if (pick < 0) { /* cannot happen: best[u] is some next hop's value */
                rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "balanced routes: no next hop at %s", t->nodes[u].name);
                goto cleanup;
            }
            load[pick] += bw;
            u = g->dst[pick];
            p[len[f]++] = u;
        }
    }
    for (int f = 0; f < F && rc == NOC_OK; f++)
        rc = noc_topo_add_route(t, R + term_of[app->flows[f].src], R + term_of[app->flows[f].dst],
                                path + (size_t)f * (R + 1), len[f], ctx);
    if (rc == NOC_OK)
        rc = noc_topo_finalize(t, ctx);
cleanup:
    free(load);
    free(dist);
    free(queue);
    free(path);
    free(len);
    free(ord);
    free(best);
    return rc;
}
