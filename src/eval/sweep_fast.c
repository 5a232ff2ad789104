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
    free(f->dags);
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
    f->dags = noc_malloc(ctx, (size_t)m + 1, sizeof *f->dags);
    if (!f->dist || !f->sig || !f->c || !f->ct || !f->queue || !f->dag || !f->dagx || !f->dagoff || !f->dags) {
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
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    int *restrict dist = f->dist, *restrict queue = f->queue;
    int *restrict dag = f->dag, *restrict dagx = f->dagx, *restrict dagoff = f->dagoff;
    double *restrict sig = f->sig, *restrict dags = f->dags;
    memset(dist, EV_UNSEEN_BYTE, (size_t)g->R * sizeof *dist);
    int qt = 0, ndag = 0;
    double bound = 0;
    for (int e = e0; e < e1; e++) {
        int r = dst[e];
        if (dist[r] == EV_UNSEEN) {
            dist[r] = 1;
            sig[r] = 0;
            queue[qt++] = r;
        }
        sig[r] += 1;
        bound += 1;
    }
    int qh = 0, last = qt > 0 ? 1 : 0;
    long long hs = 0;
    for (int nl = 2; qh < qt; nl++) {
        int lend = qt, n = ndag;
        /* The level's DAG channels: those to routers not yet seen. */
        for (; qh < lend; qh++) {
            int u = queue[qh], end = rr_end[u];
            double su = sig[u];
            dagoff[qh] = n;
            for (int e = off[u]; e < end; e++) {
                int x = dst[e];
                dagx[n] = x;
                dag[n] = e;
                dags[n] = su;
                n += dist[x] == EV_UNSEEN;
            }
        }
        /* Their heads in order: the first reaching a router queues it. */
        for (int i = ndag; i < n; i++) {
            int x = dagx[i], isnew = dist[x] == EV_UNSEEN;
            dist[x] = nl;
            queue[qt] = x;
            qt += isnew;
            sig[x] = keep_if(sig[x], !isnew) + dags[i];
        }
        ndag = n;
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

/* The reverse pass; uw > 0: every terminal's share is uw / sig (uniform
 * traffic), else terminal d's is ct[d]. */
static inline void reverse_pass(const struct ev_fast_graph *g, struct ev_fast_work *f,
                                double *restrict load, double uw, int uniform)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    const int *restrict queue = f->queue, *restrict dist = f->dist;
    const double *restrict sig = f->sig, *restrict ct = f->ct;
    double *restrict c = f->c;
    int R = g->R;
    for (int qi = f->qt - 1; qi >= 0; qi--) {
        int u = queue[qi], next = dist[u] + 1;
        double su = sig[u], acc = 0;
        for (int e = off[u], end = rr_end[u]; e < end; e++) {
            int x = dst[e];
            double cx = keep_if(c[x], dist[x] == next);
            load[e] += su * cx;
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
