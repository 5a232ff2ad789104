/* The router-level kernels of the minimal-path sweep (sweep.c) for the
 * common case: no parallel channels and every terminal ejecting from
 * exactly one router, so a terminal's distance and path count are its
 * ejection router's (+1 level) and the search runs over the routers only,
 * on compact per-router arrays.
 *
 * The loops are those of the general search in sweep.c with less work:
 *  - a router skips the channels back to its BFS predecessors without
 *    looking at them: when DAG channel u -> x is found, the slot of the
 *    reverse channel x -> u is set in x's predecessor mask (when every
 *    router has at most 32 router-router channels), so in bipartite
 *    networks (meshes, even tori, hypercubes) every channel a router
 *    looks at leads one level further and the test is predictable;
 *  - one comparison separates channels to earlier levels from DAG
 *    channels, and the DAG channels (with their heads) are listed in BFS
 *    order for the reverse pass;
 *  - under uniform traffic a terminal's share (traffic / path count) is
 *    computed where it is used, and with c terminals at every router the
 *    hop sums come per level.
 * The queue order, the order of the additions into each sig[x]
 * (predecessors in queue order), into each c[u] (successors in CSR order,
 * then the ejection channels) and into each load are the general search's,
 * so both give bit-identical results.
 *
 * Path counts are not rescaled here: when a level's counts could exceed
 * 2^512 (see sweep.c) ev_fast_forward reports it and the caller runs the
 * general search for that source group instead.
 */
#include "eval_int.h"

#include "nocsyn/graph.h"

#include <stdlib.h>
#include <string.h>

void ev_fast_graph_free(struct ev_fast_graph *g)
{
    free(g->rt);
    free(g->adj);
    free(g->ej);
    memset(g, 0, sizeof *g);
}

int ev_fast_graph_init(struct ev_fast_graph *g, const struct noc_graph *cg, int R,
                       const int *rr_end, double maxin, struct noc_ctx *ctx)
{
    int N = cg->n - R;
    memset(g, 0, sizeof *g);
    for (int e = 1; e < cg->m; e++)
        if (cg->src[e] == cg->src[e - 1] && cg->dst[e] == cg->dst[e - 1])
            return NOC_OK; /* parallel channels */
    for (int v = R; v < cg->n; v++) {
        int i = cg->in_off[v];
        if (cg->in_off[v + 1] - i != 1 || cg->src[cg->in_edge[i]] >= R)
            return NOC_OK;
        for (int e = cg->off[v]; e < cg->off[v + 1]; e++)
            if (cg->dst[e] >= R)
                return NOC_OK;
    }
    g->rt = noc_malloc(ctx, (size_t)R + 1, sizeof *g->rt);
    g->adj = noc_calloc(ctx, (size_t)cg->m + 1, sizeof *g->adj);
    g->ej = noc_malloc(ctx, (size_t)N + 1, sizeof *g->ej);
    if (!g->rt || !g->adj || !g->ej) {
        ev_fast_graph_free(g);
        return NOC_ENOMEM;
    }
    g->R = R;
    g->N = N;
    g->dst = cg->dst;
    g->maxin = maxin;
    g->masked = 1;
    g->tc = R > 0 ? cg->off[1] - rr_end[0] : -1;
    for (int u = 0; u < R; u++) {
        int deg = rr_end[u] - cg->off[u];
        g->rt[u].beg = cg->off[u];
        g->rt[u].rr_end = rr_end[u];
        g->rt[u].end = cg->off[u + 1];
        g->rt[u].full = deg >= 32 ? 0xffffffffu : (1u << deg) - 1;
        if (deg > 32)
            g->masked = 0;
        if (cg->off[u + 1] - rr_end[u] != g->tc)
            g->tc = -1;
        for (int e = cg->off[u]; e < rr_end[u]; e++) {
            int x = cg->dst[e], r = cg->rev[e];
            g->adj[e].x = x;
            if (r >= cg->off[x] && r < cg->off[x] + 32 && r < rr_end[x])
                g->adj[e].rbit = 1u << (r - cg->off[x]);
        }
    }
    for (int d = 0; d < N; d++)
        g->ej[d] = cg->src[cg->in_edge[cg->in_off[R + d]]];
    return NOC_OK;
}

void ev_fast_free(struct ev_fast_work *f)
{
    free(f->dist);
    free(f->sig);
    free(f->pmask);
    free(f->c);
    free(f->ct);
    free(f->queue);
    free(f->dag);
    free(f->dagoff);
    memset(f, 0, sizeof *f);
}

int ev_fast_alloc(struct ev_fast_work *f, const struct ev_fast_graph *g, struct noc_ctx *ctx)
{
    size_t r = (size_t)g->R + 1;
    memset(f, 0, sizeof *f);
    f->dist = noc_malloc(ctx, r, sizeof *f->dist);
    f->sig = noc_calloc(ctx, r, sizeof *f->sig);
    f->pmask = noc_calloc(ctx, r, sizeof *f->pmask);
    f->c = noc_calloc(ctx, r, sizeof *f->c);
    f->ct = noc_calloc(ctx, (size_t)g->N + 1, sizeof *f->ct);
    f->queue = noc_malloc(ctx, r, sizeof *f->queue);
    f->dag = noc_malloc(ctx, (size_t)(g->R > 0 ? g->rt[g->R - 1].end : 0) + 1, sizeof *f->dag);
    f->dagoff = noc_malloc(ctx, r + 1, sizeof *f->dagoff);
    if (!f->dist || !f->sig || !f->pmask || !f->c || !f->ct || !f->queue || !f->dag ||
        !f->dagoff) {
        ev_fast_free(f);
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

/* Index of the lowest set bit of m != 0. */
static inline int low_bit(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(m);
#else
    int i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        i++;
    }
    return i;
#endif
}

/* Visits router-router channel e (u -> x, u on level nl - 1) in
 * forward_masked and forward_plain. */
#define FAST_VISIT(e)                                                          \
    do {                                                                       \
        int x_ = adj[e].x, dx_ = dist[x_];                                     \
        if (dx_ < nl)                                                          \
            break; /* an earlier level or this one */                          \
        if (dx_ != nl) {                                                       \
            dist[x_] = nl;                                                     \
            sig[x_] = su;                                                      \
            pmask[x_] = adj[e].rbit;                                           \
            queue[qt++] = x_;                                                  \
        } else {                                                               \
            sig[x_] += su;                                                     \
            pmask[x_] |= adj[e].rbit;                                          \
        }                                                                      \
        dag[ndag].e = (e);                                                     \
        dag[ndag++].x = x_;                                                    \
    } while (0)

/* The levels after the first (ev_fast_forward); returns -1 when a level's
 * path counts need rescaling. */
#define FAST_LEVELS(SCAN)                                                      \
    int qh = 0, last = qt > 0 ? 1 : 0;                                         \
    long long hs = 0;                                                          \
    for (int nl = 2; qh < qt; nl++) {                                          \
        int lend = qt;                                                         \
        for (; qh < lend; qh++) {                                              \
            int u = queue[qh];                                                 \
            double su = sig[u];                                                \
            dagoff[qh] = ndag;                                                 \
            SCAN                                                               \
        }                                                                      \
        if (qt > lend) {                                                       \
            last = nl;                                                         \
            hs += (long long)(nl - 1) * (qt - lend);                           \
            bound *= g->maxin;                                                 \
            if (bound > EV_SCALE_BOUND) {                                      \
                double mx = 0;                                                 \
                for (int i = lend; i < qt; i++)                                \
                    if (sig[queue[i]] > mx)                                    \
                        mx = sig[queue[i]];                                    \
                if (mx > EV_SCALE_TRIGGER)                                     \
                    return -1;                                                 \
                bound = mx;                                                    \
            }                                                                  \
        }                                                                      \
    }                                                                          \
    dagoff[qt] = ndag;                                                         \
    f->qt = qt;                                                                \
    f->last = last;                                                            \
    f->hsum = hs;                                                              \
    return 0;

/* The first level: the routers at the heads of CSR edges [e0, e1). */
#define FAST_START                                                             \
    const struct ev_fast_router *restrict rt = g->rt;                          \
    const struct ev_fast_edge *restrict adj = g->adj;                          \
    int *restrict dist = f->dist, *restrict queue = f->queue;                  \
    int *restrict dagoff = f->dagoff;                                          \
    struct ev_fast_dag *restrict dag = f->dag;                                 \
    uint32_t *restrict pmask = f->pmask;                                       \
    double *restrict sig = f->sig;                                             \
    memset(dist, EV_UNSEEN_BYTE, (size_t)g->R * sizeof *dist);                 \
    int qt = 0, ndag = 0;                                                      \
    double bound = 0;                                                          \
    for (int e = e0; e < e1; e++) {                                            \
        int r = g->dst[e];                                                     \
        if (dist[r] == EV_UNSEEN) {                                            \
            dist[r] = 1;                                                       \
            sig[r] = 0;                                                        \
            pmask[r] = 0;                                                      \
            queue[qt++] = r;                                                   \
        }                                                                      \
        sig[r] += 1;                                                           \
        bound += 1;                                                            \
    }

static int forward_masked(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0,
                          int e1)
{
    FAST_START
    FAST_LEVELS(
        int b = rt[u].beg;
        for (uint32_t m = rt[u].full & ~pmask[u]; m; m &= m - 1) {
            int e = b + low_bit(m);
            FAST_VISIT(e);
        })
}

static int forward_plain(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0,
                         int e1)
{
    FAST_START
    FAST_LEVELS(
        for (int e = rt[u].beg, end = rt[u].rr_end; e < end; e++)
            FAST_VISIT(e);)
}

int ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    return g->masked ? forward_masked(g, f, e0, e1) : forward_plain(g, f, e0, e1);
}

/* The reverse pass; uniform: every terminal's share is uw / sig, else
 * terminal d's is ct[d]. */
static inline void reverse_pass(const struct ev_fast_graph *g, struct ev_fast_work *f,
                                double *restrict load, double uw, int uniform)
{
    const struct ev_fast_router *restrict rt = g->rt;
    const int *restrict dst = g->dst, *restrict queue = f->queue;
    const int *restrict dagoff = f->dagoff;
    const struct ev_fast_dag *restrict dag = f->dag;
    const double *restrict sig = f->sig, *restrict ct = f->ct;
    double *restrict c = f->c;
    int R = g->R, one = g->tc == 1;
    for (int qi = f->qt - 1, k1 = dagoff[f->qt]; qi >= 0; qi--) {
        int u = queue[qi], k0 = dagoff[qi];
        double su = sig[u], acc = 0;
        for (int k = k0; k < k1; k++) {
            double cx = c[dag[k].x];
            load[dag[k].e] += su * cx;
            acc += cx;
        }
        k1 = k0;
        if (uniform && one) {
            double cx = uw / su;
            load[rt[u].rr_end] += su * cx;
            acc += cx;
        } else if (uniform) {
            double cx = uw / su;
            for (int e = rt[u].rr_end, e1 = rt[u].end; e < e1; e++) {
                load[e] += su * cx;
                acc += cx;
            }
        } else {
            for (int e = rt[u].rr_end, e1 = rt[u].end; e < e1; e++) {
                double cx = ct[dst[e] - R];
                load[e] += su * cx;
                acc += cx;
            }
        }
        c[u] = acc;
    }
}

void ev_fast_reverse(const struct ev_fast_graph *g, struct ev_fast_work *f, double *load,
                     double uw)
{
    if (uw > 0)
        reverse_pass(g, f, load, uw, 1);
    else
        reverse_pass(g, f, load, 0, 0);
}
