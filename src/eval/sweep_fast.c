/* The router-level kernels of the minimal-path sweep (sweep.c) for the
 * common case: no parallel channels and every terminal ejecting from
 * exactly one router, so a terminal's distance and path count are its
 * ejection router's (+1 level) and the search runs over the routers only,
 * on compact per-router arrays (distance, path count, accumulation).
 *
 * The loops are those of the general search in sweep.c with less work per
 * edge: one comparison separates the channels to earlier levels from the
 * DAG channels, the DAG channels are listed in BFS order for the reverse
 * pass, and under uniform traffic a terminal's share (traffic / path
 * count) is computed where it is used.  The queue order, the order of the
 * additions into each sig[x] (predecessors in queue order), into each
 * c[u] (successors in CSR order, then the ejection channels) and into each
 * load are the general search's, so both give bit-identical results.
 *
 * Path counts are not rescaled here: when a level's counts could exceed
 * 2^512 (see sweep.c) ev_fast_forward reports it and the caller runs the
 * general search for that source group instead.
 */
#include "eval_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ev_fast_free(struct ev_fast_work *f)
{
    free(f->dist);
    free(f->sig);
    free(f->c);
    free(f->ct);
    free(f->queue);
    free(f->dag);
    free(f->dagx);
    free(f->dagoff);
    free(f->pmask);
    memset(f, 0, sizeof *f);
}

int ev_fast_alloc(struct ev_fast_work *f, int R, int N, int m, struct noc_ctx *ctx)
{
    size_t r = (size_t)R + 1;
    memset(f, 0, sizeof *f);
    f->dist = noc_malloc(ctx, r, sizeof *f->dist);
    f->sig = noc_calloc(ctx, r, sizeof *f->sig);
    f->c = noc_calloc(ctx, r, sizeof *f->c);
    f->ct = noc_calloc(ctx, (size_t)N + 1, sizeof *f->ct);
    f->queue = noc_malloc(ctx, r, sizeof *f->queue);
    f->dag = noc_malloc(ctx, (size_t)m + 1, sizeof *f->dag);
    f->dagx = noc_malloc(ctx, (size_t)m + 1, sizeof *f->dagx);
    f->dagoff = noc_malloc(ctx, r + 1, sizeof *f->dagoff);
    f->pmask = noc_malloc(ctx, r, sizeof *f->pmask);
    if (!f->dist || !f->sig || !f->c || !f->ct || !f->queue || !f->dag || !f->dagx || !f->dagoff || !f->pmask) {
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

/* Visits CSR edge e = u -> x of level nl - 1 (see ev_fast_forward). */
#define FAST_VISIT(e, with_mask)                                               \
    do {                                                                       \
        int x_ = dst[e], dx_ = dist[x_];                                       \
        if (dx_ < nl)                                                          \
            break; /* an earlier level or this one */                          \
        if (dx_ != nl) {                                                       \
            dist[x_] = nl;                                                     \
            sig[x_] = su;                                                      \
            if (with_mask)                                                     \
                pmask[x_] = rbit[e];                                           \
            queue[qt++] = x_;                                                  \
        } else {                                                               \
            sig[x_] += su;                                                     \
            if (with_mask)                                                     \
                pmask[x_] |= rbit[e];                                          \
        }                                                                      \
        dagx[ndag] = x_;                                                       \
        dag[ndag++] = (e);                                                     \
    } while (0)

/* The search; with_mask: skip the channels back to a router's
 * predecessors (pmask, see struct ev_fast_graph). */
static inline __attribute__((always_inline)) int forward(const struct ev_fast_graph *g,
                                                         struct ev_fast_work *f, int e0,
                                                         int e1, int with_mask)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    const uint32_t *restrict rbit = g->rbit, *restrict full = g->full;
    int *restrict dist = f->dist, *restrict queue = f->queue;
    int *restrict dag = f->dag, *restrict dagx = f->dagx, *restrict dagoff = f->dagoff;
    uint32_t *restrict pmask = f->pmask;
    double *restrict sig = f->sig;
    memset(dist, EV_UNSEEN_BYTE, (size_t)g->R * sizeof *dist);
    int qt = 0, ndag = 0;
    double bound = 0;
    for (int e = e0; e < e1; e++) {
        int r = dst[e];
        if (dist[r] == EV_UNSEEN) {
            dist[r] = 1;
            sig[r] = 0;
            if (with_mask)
                pmask[r] = 0;
            queue[qt++] = r;
        }
        sig[r] += 1;
        bound += 1;
    }
    int qh = 0, last = qt > 0 ? 1 : 0;
    long long hs = 0;
    for (int nl = 2; qh < qt; nl++) {
        int lend = qt;
        for (; qh < lend; qh++) {
            int u = queue[qh];
            double su = sig[u];
            dagoff[qh] = ndag;
            if (with_mask) {
                int b = off[u];
                for (uint32_t m = full[u] & ~pmask[u]; m; m &= m - 1) {
                    int e = b + low_bit(m);
                    FAST_VISIT(e, 1);
                }
            } else {
                for (int e = off[u], end = rr_end[u]; e < end; e++)
                    FAST_VISIT(e, 0);
            }
        }
        if (qt > lend) {
            last = nl;
            hs += (long long)(nl - 1) * (qt - lend);
            bound *= g->maxin;
            if (bound > EV_SCALE_BOUND) {
                double mx = 0;
                for (int i = lend; i < qt; i++)
                    if (sig[queue[i]] > mx)
                        mx = sig[queue[i]];
                if (mx > EV_SCALE_TRIGGER)
                    return -1;
                bound = mx;
            }
        }
    }
    dagoff[qt] = ndag;
    f->qt = qt;
    f->last = last;
    f->hsum = hs;
    return 0;
}

static int forward_mask(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    return forward(g, f, e0, e1, 1);
}

static int forward_plain(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    return forward(g, f, e0, e1, 0);
}

int ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    return g->rbit ? forward_mask(g, f, e0, e1) : forward_plain(g, f, e0, e1);
}

/* The reverse pass; uw > 0: every terminal's share is uw / sig (uniform
 * traffic), else terminal d's is ct[d]. */
static inline void reverse_pass(const struct ev_fast_graph *g, struct ev_fast_work *f,
                                double *restrict load, double uw, int uniform)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    const int *restrict queue = f->queue, *restrict dag = f->dag, *restrict dagoff = f->dagoff;
    const int *restrict dagx = f->dagx;
    const double *restrict sig = f->sig, *restrict ct = f->ct;
    double *restrict c = f->c;
    int R = g->R;
    for (int qi = f->qt - 1; qi >= 0; qi--) {
        int u = queue[qi], k1 = dagoff[qi + 1];
        double su = sig[u], acc = 0;
        for (int k = dagoff[qi]; k < k1; k++) {
            double cx = c[dagx[k]];
            load[dag[k]] += su * cx;
            acc += cx;
        }
        int e1 = off[u + 1];
        if (uniform && g->tc == 1) {
            double cx = uw / su;
            load[e1 - 1] += su * cx;
            acc += cx;
        } else if (uniform) {
            double cx = uw / su;
            for (int e = rr_end[u]; e < e1; e++) {
                load[e] += su * cx;
                acc += cx;
            }
        } else {
            for (int e = rr_end[u]; e < e1; e++) {
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
