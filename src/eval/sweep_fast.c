/* The router-level kernels of the minimal-path sweep (sweep.c) for the
 * common case: no parallel channels and every terminal ejecting from
 * exactly one router, so a terminal's distance and path count are its
 * ejection router's (+1 level) and the search runs over the routers only.
 *
 * Both passes are branch-free in their inner loops (the unpredictable
 * "seen before?" test of a breadth-first search costs more than the work
 * it guards):
 *  - forward, level-synchronous over the router CSR: every edge u -> x of
 *    level L stores min(dist[x], L + 1), adds sig[u] to sig[x] masked by
 *    "x is on level L + 1 or new", and appends x to the queue, advancing
 *    the tail only when x is new;
 *  - reverse, over every router-router edge of u: c[x] masked by "x is on
 *    the next level" (exact zeroes elsewhere).
 * Adding an exact +0.0 leaves a non-negative double unchanged, and the
 * queue order, the order of the additions into each sig[x] (predecessors
 * in queue order), into each c[u] (successors in CSR order, then the
 * ejection channels) and into each load are those of the general search
 * in sweep.c, so both give bit-identical results.
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
    free(f->cr);
    free(f->ct);
    free(f->queue);
    memset(f, 0, sizeof *f);
}

int ev_fast_alloc(struct ev_fast_work *f, int R, int N, struct noc_ctx *ctx)
{
    size_t r = (size_t)R + 1, n = (size_t)N + 1;
    memset(f, 0, sizeof *f);
    f->dist = noc_malloc(ctx, r, sizeof *f->dist);
    f->sig = noc_calloc(ctx, r, sizeof *f->sig);
    f->c = noc_calloc(ctx, r, sizeof *f->c);
    f->cr = noc_calloc(ctx, r, sizeof *f->cr);
    f->ct = noc_calloc(ctx, n, sizeof *f->ct);
    f->queue = noc_malloc(ctx, r, sizeof *f->queue);
    if (!f->dist || !f->sig || !f->c || !f->cr || !f->ct || !f->queue) {
        ev_fast_free(f);
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

/* v when cond holds, else +0.0 (a bit mask: no branch, no arithmetic on v). */
static inline double keep_if(double v, int cond)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    b &= (uint64_t)0 - (uint64_t)(cond != 0);
    memcpy(&v, &b, sizeof v);
    return v;
}

int ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    const int *off = g->off, *dst = g->dst, *rr_end = g->rr_end;
    int *dist = f->dist, *queue = f->queue;
    double *sig = f->sig;
    for (int v = 0; v < g->R; v++) {
        dist[v] = EV_UNSEEN;
        sig[v] = 0;
    }
    int qt = 0;
    double bound = 0;
    for (int e = e0; e < e1; e++) {
        int r = dst[e];
        if (dist[r] == EV_UNSEEN) {
            dist[r] = 1;
            queue[qt++] = r;
        }
        sig[r] += 1;
        bound += 1;
    }
    int qh = 0;
    for (int nl = 2; qh < qt; nl++) {
        int lend = qt;
        for (; qh < lend; qh++) {
            int u = queue[qh];
            double su = sig[u];
            for (int e = off[u]; e < rr_end[u]; e++) {
                int x = dst[e], dx = dist[x];
                dist[x] = dx > nl ? nl : dx;
                sig[x] += keep_if(su, dx >= nl);
                queue[qt] = x; /* queue has R + 1 slots */
                qt += dx > nl;
            }
        }
        if (qt > lend) {
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
    f->qt = qt;
    return 0;
}

/* The reverse pass; per_router: every terminal of router u has the share
 * cr[u], else terminal d has ct[d]. */
static inline void reverse_pass(const struct ev_fast_graph *g, struct ev_fast_work *f,
                                double *load, int per_router)
{
    const int *off = g->off, *dst = g->dst, *rr_end = g->rr_end;
    const int *dist = f->dist, *queue = f->queue;
    const double *sig = f->sig, *cr = f->cr, *ct = f->ct;
    double *c = f->c;
    int R = g->R;
    for (int qi = f->qt - 1; qi >= 0; qi--) {
        int u = queue[qi], next = dist[u] + 1;
        double su = sig[u], acc = 0;
        for (int e = off[u]; e < rr_end[u]; e++) {
            int x = dst[e];
            double cx = keep_if(c[x], dist[x] == next);
            load[e] += su * cx;
            acc += cx;
        }
        for (int e = rr_end[u]; e < off[u + 1]; e++) {
            double cx = per_router ? cr[u] : ct[dst[e] - R];
            load[e] += su * cx;
            acc += cx;
        }
        c[u] = acc;
    }
}

void ev_fast_reverse(const struct ev_fast_graph *g, struct ev_fast_work *f, double *load,
                     int per_router)
{
    if (per_router)
        reverse_pass(g, f, load, 1);
    else
        reverse_pass(g, f, load, 0);
}
