/* Graph partitioning over METIS (the only file that includes <metis.h>).
 *
 * The caller's graph is validated and copied into METIS's idx_t arrays
 * (parallel edges merged, neighbour lists sorted) so that METIS never sees
 * input it would reject with a printed message. */
#include "nocsyn/part.h"

#include <limits.h>
#include <math.h>
#include <metis.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* METIS draws from GKlib's one process-wide random state (seeded from
 * METIS_OPTION_SEED at every call): concurrent calls would interleave
 * their draws, so the same seed could give different partitions under
 * threads.  Calls are serialised to keep results deterministic.  (Checked
 * for issue 27 on Debian's libmetis5 5.1.0.dfsg-7: GKlib's gk_randinit is
 * a jump to glibc's srand() and gk_randint64 calls rand() (objdump -d), the
 * C library's one shared state; only gk_jbufs and gk_cur_jbufs are
 * thread-local (readelf -sW), not the random state, so the lock stays.) */
static pthread_mutex_t metis_lock = PTHREAD_MUTEX_INITIALIZER;

/* A validated copy of the graph in METIS's types. */
struct mgraph {
    idx_t n;
    idx_t *xadj, *adjncy, *adjwgt, *vwgt; /* vwgt NULL = unit weights */
    long m; /* directed entries after merging */
};

static void mgraph_free(struct mgraph *g)
{
    free(g->xadj);
    free(g->adjncy);
    free(g->adjwgt);
    free(g->vwgt);
    memset(g, 0, sizeof *g);
}

struct nbr {
    int v, w;
};

static int cmp_nbr(const void *a, const void *b)
{
    const struct nbr *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/* Weight of the entry v -> u in the merged copy, or -1. */
static long find_w(const struct mgraph *g, idx_t v, idx_t u)
{
    idx_t lo = g->xadj[v], hi = g->xadj[v + 1];
    while (lo < hi) {
        idx_t mid = lo + (hi - lo) / 2;
        if (g->adjncy[mid] < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->xadj[v + 1] && g->adjncy[lo] == u ? (long)g->adjwgt[lo] : -1;
}

static int load_graph(struct mgraph *g, int n, const int *xadj, const int *adjncy,
                      const int *vwgt, const int *adjwgt, struct noc_ctx *ctx)
{
    memset(g, 0, sizeof *g);
    struct nbr *tmp = NULL;
    int rc = NOC_OK;
    if (n < 0 || !xadj || (n > 0 && xadj[0] != 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: malformed graph (xadj)");
    for (int v = 0; v < n; v++)
        if (xadj[v + 1] < xadj[v])
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: malformed graph (xadj)");
    int m = n > 0 ? xadj[n] : 0;
    if (m > 0 && !adjncy)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: malformed graph (adjncy)");
    g->n = n;
    g->xadj = noc_calloc(ctx, (size_t)n + 1, sizeof *g->xadj);
    g->adjncy = noc_malloc(ctx, (size_t)m + 1, sizeof *g->adjncy);
    g->adjwgt = noc_malloc(ctx, (size_t)m + 1, sizeof *g->adjwgt);
    tmp = noc_malloc(ctx, (size_t)m + 1, sizeof *tmp);
    if (!g->xadj || !g->adjncy || !g->adjwgt || !tmp) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    long total_vw = 0;
    if (vwgt) {
        for (int v = 0; v < n; v++) {
            if (vwgt[v] < 0) {
                rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: negative weight on vertex %d", v);
                goto cleanup;
            }
            total_vw += vwgt[v];
            if (total_vw > INT_MAX / 2) {
                rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: vertex weights too large");
                goto cleanup;
            }
        }
        if (total_vw > 0) {
            g->vwgt = noc_malloc(ctx, (size_t)n + 1, sizeof *g->vwgt);
            if (!g->vwgt) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            for (int v = 0; v < n; v++)
                g->vwgt[v] = vwgt[v];
        }
    }
    long k = 0;
    for (int v = 0; v < n; v++) {
        int len = 0;
        for (int e = xadj[v]; e < xadj[v + 1]; e++) {
            int u = adjncy[e], w = adjwgt ? adjwgt[e] : 1;
            if (u < 0 || u >= n || u == v || w <= 0) {
                rc = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "partition: bad edge %d -> %d (weight %d)", v, u, w);
                goto cleanup;
            }
            tmp[len].v = u;
            tmp[len].w = w;
            len++;
        }
        qsort(tmp, (size_t)len, sizeof *tmp, cmp_nbr);
        for (int i = 0; i < len; i++) {
            if (i > 0 && tmp[i].v == tmp[i - 1].v) {
                if (g->adjwgt[k - 1] > INT_MAX / 2 - tmp[i].w) {
                    rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: edge weights too large");
                    goto cleanup;
                }
                g->adjwgt[k - 1] += tmp[i].w;
                continue;
            }
            g->adjncy[k] = tmp[i].v;
            g->adjwgt[k] = tmp[i].w;
            k++;
        }
        g->xadj[v + 1] = (idx_t)k;
    }
    g->m = k;
    for (idx_t v = 0; v < g->n; v++)
        for (idx_t e = g->xadj[v]; e < g->xadj[v + 1]; e++)
            if (find_w(g, g->adjncy[e], v) != (long)g->adjwgt[e]) {
                rc = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "partition: graph not symmetric at edge %d -- %d", (int)v,
                               (int)g->adjncy[e]);
                goto cleanup;
            }
cleanup:
    free(tmp);
    if (rc != NOC_OK)
        mgraph_free(g);
    return rc;
}

long noc_part_cut(int n, const int *xadj, const int *adjncy, const int *adjwgt,
                  const int *part)
{
    long cut = 0;
    for (int v = 0; v < n; v++)
        for (int e = xadj[v]; e < xadj[v + 1]; e++)
            if (adjncy[e] > v && part[adjncy[e]] != part[v])
                cut += adjwgt ? adjwgt[e] : 1;
    return cut;
}

/* Without edges there is nothing to cut: fill the parts greedily, each
 * vertex to the part furthest below its target weight. */
static void greedy_fill(const struct mgraph *g, int k, const double *target, int *part)
{
    double load[2] = {0, 0};
    for (idx_t v = 0; v < g->n; v++) {
        double w = g->vwgt ? (double)g->vwgt[v] : 1.0;
        if (k == 2) {
            int p = (target[0] - load[0] >= target[1] - load[1]) ? 0 : 1;
            part[v] = p;
            load[p] += w;
        } else {
            part[v] = (int)(v % k);
        }
    }
}

static int metis_status(int ret, struct noc_ctx *ctx)
{
    if (ret == METIS_OK)
        return NOC_OK;
    if (ret == METIS_ERROR_MEMORY)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "partition: METIS ran out of memory");
    return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "partition: METIS failed (code %d)", ret);
}

/* Shared driver: k parts, target fractions tp (NULL = equal). */
static int partition(int n, const int *xadj, const int *adjncy, const int *vwgt,
                     const int *adjwgt, int k, const double *tp, unsigned seed, int ufactor,
                     int *part, long *edgecut, struct noc_ctx *ctx)
{
    struct mgraph g;
    idx_t *mpart = NULL;
    real_t *tpw = NULL;
    int rc;
    if (edgecut)
        *edgecut = 0;
    if (k < 1 || ufactor < 0 || (n > 0 && !part))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: bad parameters (k = %d)", k);
    rc = load_graph(&g, n, xadj, adjncy, vwgt, adjwgt, ctx);
    if (rc)
        return rc;
    if (k == 1 || n <= 1) {
        for (int v = 0; v < n; v++)
            part[v] = 0;
        goto cleanup;
    }
    if (n <= k && !tp) {
        for (int v = 0; v < n; v++)
            part[v] = v;
        goto cleanup;
    }
    double eq[2] = {0.5, 0.5};
    if (g.m == 0) {
        greedy_fill(&g, k, tp ? tp : eq, part);
        goto cleanup;
    }
    mpart = noc_malloc(ctx, (size_t)n, sizeof *mpart);
    if (!mpart) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (tp) {
        tpw = noc_malloc(ctx, (size_t)k, sizeof *tpw);
        if (!tpw) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int i = 0; i < k; i++)
            tpw[i] = (real_t)tp[i];
    }
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = (idx_t)(seed & 0x7fffffffu);
    options[METIS_OPTION_NUMBERING] = 0;
    if (ufactor > 0)
        options[METIS_OPTION_UFACTOR] = ufactor;
    idx_t nv = g.n, ncon = 1, np = k, obj = 0;
    int ret;
    pthread_mutex_lock(&metis_lock);
    if (k <= 8)
        ret = METIS_PartGraphRecursive(&nv, &ncon, g.xadj, g.adjncy, g.vwgt, NULL, g.adjwgt, &np,
                                       tpw, NULL, options, &obj, mpart);
    else
        ret = METIS_PartGraphKway(&nv, &ncon, g.xadj, g.adjncy, g.vwgt, NULL, g.adjwgt, &np, tpw,
                                  NULL, options, &obj, mpart);
    pthread_mutex_unlock(&metis_lock);
    rc = metis_status(ret, ctx);
    if (rc)
        goto cleanup;
    for (int v = 0; v < n; v++) {
        if (mpart[v] < 0 || mpart[v] >= k) {
            rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "partition: METIS returned part %d",
                           (int)mpart[v]);
            goto cleanup;
        }
        part[v] = (int)mpart[v];
    }
cleanup:
    if (rc == NOC_OK && edgecut)
        *edgecut = noc_part_cut(n, xadj, adjncy, adjwgt, part);
    free(mpart);
    free(tpw);
    mgraph_free(&g);
    return rc;
}

int noc_part_kway(int n, const int *xadj, const int *adjncy, const int *vwgt,
                  const int *adjwgt, int k, unsigned seed, int ufactor, int *part,
                  long *edgecut, struct noc_ctx *ctx)
{
    return partition(n, xadj, adjncy, vwgt, adjwgt, k, NULL, seed, ufactor, part, edgecut, ctx);
}

int noc_part_bisect(int n, const int *xadj, const int *adjncy, const int *vwgt,
                    const int *adjwgt, double tpw0, unsigned seed, int ufactor, int *part,
                    long *edgecut, struct noc_ctx *ctx)
{
    if (!(tpw0 > 0 && tpw0 < 1))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "partition: target fraction %g not in (0, 1)", tpw0);
    double tp[2] = {tpw0, 1 - tpw0};
    return partition(n, xadj, adjncy, vwgt, adjwgt, 2, tp, seed, ufactor, part, edgecut, ctx);
}
