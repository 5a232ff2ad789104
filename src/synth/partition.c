/* Step 1 of split synthesis: METIS k-way partition of the cores. */
#include "layout_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/part.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/units.h"

/* Undirected core graph in METIS CSR form: the bandwidth of a->b and b->a
 * summed, scaled to integers, multiplied for a tight max_hops (a flow that
 * must stay on one switch, max_hops 0, weighs 100 times more; max_hops h,
 * 1 + 2/h times more). */
void noc_core_graph_free(struct core_graph *g)
{
    free(g->xadj);
    free(g->adjncy);
    free(g->adjwgt);
    memset(g, 0, sizeof *g);
}

/* The hops a flow's latency bound leaves at o's clock and width: cycles of
 * the bound, less those through one switch (router_stages, two core
 * channels, the packet's tail), over router_stages + 1 per extra hop (no
 * pipeline registers counted); -1 when unbounded. */
static int latency_hops(const struct noc_flow *fl, const struct noc_synth_opts *o)
{
    if (!o || !(fl->max_latency_ns > 0))
        return -1;
    double st = o->tech.router_stages, one = st + 2 + noc_tech_packet_flits(&o->tech, o->link_width) - 1;
    double h = floor((noc_ns_cycles(fl->max_latency_ns, o->freq_mhz) - one) / (st + 1) + 1e-9);
    return h < 0 ? 0 : h > 1e6 ? 1000000 : (int)h;
}

int noc_core_graph_build(const struct noc_app *app, struct core_graph *g, struct noc_ctx *ctx)
{
    return noc_core_graph_build_opts(app, NULL, g, ctx);
}

int noc_core_graph_build_opts(const struct noc_app *app, const struct noc_synth_opts *o, struct core_graph *g,
                              struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = app->ncores, m = app->nflows;
    struct noc_u64map pairs;
    noc_u64map_init(&pairs);
    double *w = noc_calloc(ctx, (size_t)m + 1, sizeof *w);
    int *pa = noc_malloc(ctx, (size_t)m + 1, sizeof *pa), *pb = noc_malloc(ctx, (size_t)m + 1, sizeof *pb);
    int *fill = noc_calloc(ctx, (size_t)n + 1, sizeof *fill);
    memset(g, 0, sizeof *g);
    g->n = n;
    g->xadj = noc_calloc(ctx, (size_t)n + 1, sizeof(int));
    if (!w || !pa || !pb || !fill || !g->xadj) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    int np = 0;
    double wmax = 0;
    for (int f = 0; f < m; f++) {
        const struct noc_flow *fl = &app->flows[f];
        int a = fl->src < fl->dst ? fl->src : fl->dst, b = fl->src ^ fl->dst ^ a;
        int h = fl->max_hops, hl = latency_hops(fl, o);
        if (hl >= 0 && (h < 0 || hl < h))
            h = hl;
        double boost = h < 0 ? 1 : h == 0 ? 100 : 1 + 2.0 / h;
        int id = noc_u64map_get(&pairs, noc_pair_key(a, b));
        if (id < 0) {
            id = np++;
            pa[id] = a;
            pb[id] = b;
            NOC_CHECK(noc_u64map_put(&pairs, noc_pair_key(a, b), id, ctx));
        }
        w[id] += fl->bw * boost;
        wmax = fmax(wmax, w[id]);
    }
    g->adjncy = noc_malloc(ctx, (size_t)2 * np + 1, sizeof(int));
    g->adjwgt = noc_malloc(ctx, (size_t)2 * np + 1, sizeof(int));
    if (!g->adjncy || !g->adjwgt) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < np; i++) {
        g->xadj[pa[i] + 1]++;
        g->xadj[pb[i] + 1]++;
    }
    for (int v = 0; v < n; v++)
        g->xadj[v + 1] += g->xadj[v];
    for (int i = 0; i < np; i++) {
        int iw = (int)fmax(1, lround(w[i] / wmax * 1e6));
        int ea = g->xadj[pa[i]] + fill[pa[i]]++, eb = g->xadj[pb[i]] + fill[pb[i]]++;
        g->adjncy[ea] = pb[i];
        g->adjwgt[ea] = iw;
        g->adjncy[eb] = pa[i];
        g->adjwgt[eb] = iw;
    }
cleanup:
    noc_u64map_free(&pairs);
    free(w);
    free(pa);
    free(pb);
    free(fill);
    if (rc != NOC_OK)
        noc_core_graph_free(g);
    return rc;
}

/* Connection of core v to the other members of its part. */
static long attach(const struct core_graph *g, const int *part, int v)
{
    long s = 0;
    for (int e = g->xadj[v]; e < g->xadj[v + 1]; e++)
        if (part[g->adjncy[e]] == part[v])
            s += g->adjwgt[e];
    return s;
}

int noc_synth_partition(const struct noc_app *app, int K, unsigned seed, int *core_sw,
                        struct noc_ctx *ctx)
{
    struct core_graph g;
    int rc = noc_core_graph_build(app, &g, ctx);
    int *size = NULL;
    if (rc != NOC_OK)
        return rc;
    NOC_CHECK(noc_part_kway(g.n, g.xadj, g.adjncy, NULL, g.adjwgt, K, seed, 50, core_sw, NULL, ctx));
    /* Every part must hold a core: refill empty parts from the largest part,
     * moving its least attached core (lowest id on ties). */
    size = noc_calloc(ctx, (size_t)K, sizeof *size);
    if (!size) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < g.n; v++)
        size[core_sw[v]]++;
    for (int p = 0; p < K; p++) {
        if (size[p])
            continue;
        int big = 0;
        for (int q = 1; q < K; q++)
            if (size[q] > size[big])
                big = q;
        int best = -1;
        long bestw = 0;
        for (int v = 0; v < g.n; v++)
            if (core_sw[v] == big) {
                long a = attach(&g, core_sw, v);
                if (best < 0 || a < bestw) {
                    best = v;
                    bestw = a;
                }
            }
        core_sw[best] = p;
        size[big]--;
        size[p]++;
    }
cleanup:
    free(size);
    noc_core_graph_free(&g);
    return rc;
}

void noc_synth_sort_ids(int *ids, int n, const double *v, const double *w)
{
    for (int i = 1; i < n; i++) {
        int x = ids[i], j = i;
        for (; j > 0; j--) {
            int y = ids[j - 1];
            double wy = w ? w[y] : 0, wx = w ? w[x] : 0;
            if (v[y] < v[x] || (v[y] == v[x] && (wy < wx || (wy == wx && y < x))))
                break;
            ids[j] = y;
        }
        ids[j] = x;
    }
}

/* Parts base..base+K-1 for the n cores ids[], first cut along axis (-1:
 * the bounding box's longer side). */
static void bisect(int *ids, int n, int K, int base, int axis, const double *cx, const double *cy, int *core_sw)
{
    if (K == 1) {
        for (int i = 0; i < n; i++)
            core_sw[ids[i]] = base;
        return;
    }
    if (axis < 0) {
        double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
        for (int i = 0; i < n; i++) {
            xlo = fmin(xlo, cx[ids[i]]), xhi = fmax(xhi, cx[ids[i]]);
            ylo = fmin(ylo, cy[ids[i]]), yhi = fmax(yhi, cy[ids[i]]);
        }
        axis = yhi - ylo > xhi - xlo;
    }
    if (axis)
        noc_synth_sort_ids(ids, n, cy, cx);
    else
        noc_synth_sort_ids(ids, n, cx, cy);
    int k1 = K / 2, n1 = (int)lround((double)n * k1 / K);
    if (n1 < k1) /* every part keeps a core */
        n1 = k1;
    if (n - n1 < K - k1)
        n1 = n - (K - k1);
    bisect(ids, n1, k1, base, -1, cx, cy, core_sw);
    bisect(ids + n1, n - n1, K - k1, base + k1, -1, cx, cy, core_sw);
}

int noc_synth_partition_geom(const double *cx, const double *cy, int N, int K, int axis, int *core_sw,
                             struct noc_ctx *ctx)
{
    int *ids = noc_malloc(ctx, (size_t)N + 1, sizeof *ids);
    if (!ids)
        return NOC_ENOMEM;
    for (int i = 0; i < N; i++)
        ids[i] = i;
    bisect(ids, N, K < N ? K : N, 0, axis, cx, cy, core_sw);
    free(ids);
    return NOC_OK;
}
