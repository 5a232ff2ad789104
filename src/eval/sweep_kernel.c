/* The router-level kernels of the minimal sweep (see eval_int.h): when no
 * channels are parallel and every terminal ejects from exactly one router,
 * a terminal's distance and path count are its ejection router's (one
 * level further), so the search runs over compact per-router arrays and
 * never visits a terminal.
 *
 * The loops do the general search's arithmetic (sweep_general.c) in the
 * same order: the queue order, the additions into each sig[x]
 * (predecessors in queue order), into each c[u] (DAG successors in CSR
 * order, then the ejection channels) and into each load are the same, so
 * the results are bit-identical.  What they leave out is work: one
 * comparison separates the channels to earlier levels from the DAG
 * channels; the DAG channels are listed in BFS order (with their heads)
 * for the reverse pass; under uniform traffic a terminal's share is
 * computed where it is used.
 *
 * Two forward loops (BRANCHY, FLAT; eval_int.h) trade instructions for
 * branch mispredictions.  Which is faster depends on the network's
 * structure in ways no cheap test predicts well (measured per search: a
 * 64x64 torus runs BRANCHY about 1.3x faster, a random 4-regular graph,
 * a shuffle-exchange or a cube-connected-cycles network FLAT 2-3x), so
 * noc_ev_fast_choose times both on a few searches.
 *
 * Path counts are not rescaled here: when a level's counts could exceed
 * 2^512 the forward pass says so and the caller runs the general search.
 */
#include "eval_int.h"

#include "nocsyn/graph.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The hot loops start on a cache line, so that their speed depends less
 * on where the linker happens to place this file (shifting the code by a
 * few dozen bytes moved the 64x64 torus by up to 15%). */
#if defined(__GNUC__) || defined(__clang__)
#define HOT __attribute__((aligned(64)))
#else
#define HOT
#endif

void noc_ev_fast_graph_free(struct ev_fast_graph *g)
{
    free(g->ej);
    memset(g, 0, sizeof *g);
}

int noc_ev_fast_graph_init(struct ev_fast_graph *g, const struct noc_graph *cg, int R,
                           const int *rr_end, double maxin, struct noc_ctx *ctx)
{
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
    if (R == 0)
        return NOC_OK;
    int N = cg->n - R;
    g->ej = noc_malloc(ctx, (size_t)N + 1, sizeof *g->ej);
    if (!g->ej)
        return NOC_ENOMEM;
    for (int d = 0; d < N; d++)
        g->ej[d] = cg->src[cg->in_edge[cg->in_off[R + d]]];
    g->R = R;
    g->N = N;
    g->kernel = EV_KERNEL_BRANCHY;
    g->maxin = maxin;
    g->off = cg->off;
    g->dst = cg->dst;
    g->rr_end = rr_end;
    g->tc = cg->off[1] - rr_end[0];
    for (int u = 1; u < R; u++)
        if (cg->off[u + 1] - rr_end[u] != g->tc)
            g->tc = -1;
    return NOC_OK;
}

void noc_ev_fast_free(struct ev_fast_work *f)
{
    free(f->dist);
    free(f->sig);
    free(f->c);
    free(f->ct);
    free(f->queue);
    free(f->dag);
    free(f->dagx);
    free(f->dags);
    free(f->dagoff);
    memset(f, 0, sizeof *f);
}

int noc_ev_fast_alloc(struct ev_fast_work *f, const struct ev_fast_graph *g, struct noc_ctx *ctx)
{
    size_t r = (size_t)g->R + 1, m = (size_t)g->off[g->R] + 1;
    memset(f, 0, sizeof *f);
    f->dist = noc_malloc(ctx, r, sizeof *f->dist);
    f->sig = noc_calloc(ctx, r, sizeof *f->sig);
    f->c = noc_calloc(ctx, r, sizeof *f->c);
    f->ct = noc_calloc(ctx, (size_t)g->N + 1, sizeof *f->ct);
    f->queue = noc_malloc(ctx, r, sizeof *f->queue);
    f->dag = noc_malloc(ctx, m, sizeof *f->dag);
    f->dagx = noc_malloc(ctx, m, sizeof *f->dagx);
    f->dags = noc_malloc(ctx, m, sizeof *f->dags);
    f->dagoff = noc_malloc(ctx, r + 1, sizeof *f->dagoff);
    if (!f->dist || !f->sig || !f->c || !f->ct || !f->queue || !f->dag || !f->dagx ||
        !f->dags || !f->dagoff) {
        noc_ev_fast_free(f);
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

/* v when cond holds, else +0.0 (a bit mask: no branch, no arithmetic on v,
 * so a stale v of any value gives +0.0). */
static inline double keep_if(double v, int cond)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    b &= (uint64_t)0 - (uint64_t)(cond != 0);
    memcpy(&v, &b, sizeof v);
    return v;
}

/* The first level: the routers at the heads of CSR edges [e0, e1), each
 * counting one path per channel.  Returns the queue length. */
static int start_level(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1,
                       double *bound)
{
    int *dist = f->dist, qt = 0;
    memset(dist, EV_UNSEEN_BYTE, (size_t)g->R * sizeof *dist);
    *bound = 0;
    for (int e = e0; e < e1; e++) {
        int r = g->dst[e];
        if (dist[r] == EV_UNSEEN) {
            dist[r] = 1;
            f->sig[r] = 0;
            f->queue[qt++] = r;
        }
        f->sig[r] += 1;
        *bound += 1;
    }
    return qt;
}

/* After level nl ([lend, qt) in the queue) is complete: the per-level hop
 * sums, and whether its path counts need rescaling (-1; see sweep.c's
 * EV_SCALE_* bound, kept in *bound exactly as the general search does). */
static inline int end_level(const struct ev_fast_graph *g, struct ev_fast_work *f, int nl,
                            int lend, int qt, double *bound, int *last, long long *hs)
{
    if (qt == lend)
        return 0;
    *last = nl;
    *hs += (long long)(nl - 1) * (qt - lend);
    *bound *= g->maxin;
    if (*bound > EV_SCALE_BOUND) {
        double mx = 0;
        for (int i = lend; i < qt; i++)
            if (f->sig[f->queue[i]] > mx)
                mx = f->sig[f->queue[i]];
        if (mx > EV_SCALE_TRIGGER)
            return -1;
        *bound = mx;
    }
    return 0;
}

/* Closes a search: the DAG's end offset, routers reached, deepest level
 * and the hop sum. */
static inline void end_search(struct ev_fast_work *f, int qt, int ndag, int last, long long hs)
{
    f->dagoff[qt] = ndag;
    f->qt = qt;
    f->last = last;
    f->hsum = hs;
}

static HOT int forward_branchy(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0,
                           int e1)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    int *restrict dist = f->dist, *restrict queue = f->queue;
    int *restrict dag = f->dag, *restrict dagx = f->dagx, *restrict dagoff = f->dagoff;
    double *restrict sig = f->sig;
    double bound;
    int qt = start_level(g, f, e0, e1, &bound), qh = 0, ndag = 0, last = qt > 0;
    long long hs = 0;
    for (int nl = 2; qh < qt; nl++) {
        int lend = qt;
        for (; qh < lend; qh++) {
            int u = queue[qh], end = rr_end[u];
            double su = sig[u];
            dagoff[qh] = ndag;
            for (int e = off[u]; e < end; e++) {
                int x = dst[e], dx = dist[x];
                if (dx < nl)
                    continue; /* an earlier level or this one */
                if (dx != nl) {
                    dist[x] = nl;
                    sig[x] = su;
                    queue[qt++] = x;
                } else {
                    sig[x] += su;
                }
                dagx[ndag] = x;
                dag[ndag++] = e;
            }
        }
        if (end_level(g, f, nl, lend, qt, &bound, &last, &hs) < 0)
            return -1;
    }
    end_search(f, qt, ndag, last, hs);
    return 0;
}

static HOT int forward_flat(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    int *restrict dist = f->dist, *restrict queue = f->queue;
    int *restrict dag = f->dag, *restrict dagx = f->dagx, *restrict dagoff = f->dagoff;
    double *restrict sig = f->sig, *restrict dags = f->dags;
    double bound;
    int qt = start_level(g, f, e0, e1, &bound), qh = 0, ndag = 0, last = qt > 0;
    long long hs = 0;
    for (int nl = 2; qh < qt; nl++) {
        int lend = qt, n = ndag;
        /* The level's DAG channels: those to routers not seen before it
         * (the slot after the last one is written over; dag has room). */
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
        /* Their heads in the same order: the first channel reaching a
         * router queues it (queue has R + 1 slots) and starts its count
         * from +0.0, the others add to it. */
        for (int i = ndag; i < n; i++) {
            int x = dagx[i], isnew = dist[x] == EV_UNSEEN;
            dist[x] = nl;
            queue[qt] = x;
            qt += isnew;
            sig[x] = keep_if(sig[x], !isnew) + dags[i];
        }
        ndag = n;
        if (end_level(g, f, nl, lend, qt, &bound, &last, &hs) < 0)
            return -1;
    }
    end_search(f, qt, ndag, last, hs);
    return 0;
}

int noc_ev_fast_forward_with(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0,
                             int e1, int kernel)
{
    return kernel == EV_KERNEL_FLAT ? forward_flat(g, f, e0, e1)
                                    : forward_branchy(g, f, e0, e1);
}

int noc_ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1)
{
    return noc_ev_fast_forward_with(g, f, e0, e1, g->kernel);
}

/* The reverse pass; uniform: every terminal's share is uw / sig, else
 * terminal d's is ct[d].  With pd (uniform, one terminal per router), the
 * path-count sums of pd_range (sweep_fast.c) over terminals in ascending
 * order ride along, one terminal per router, so that their chain of
 * dependent additions overlaps the pass's own work. */
static inline void reverse_pass(const struct ev_fast_graph *g, struct ev_fast_work *f,
                                double *restrict load, double uw, int uniform,
                                struct ev_pd_sum *pd)
{
    const int *restrict off = g->off, *restrict dst = g->dst, *restrict rr_end = g->rr_end;
    const int *restrict queue = f->queue, *restrict dag = f->dag, *restrict dagoff = f->dagoff;
    const int *restrict dagx = f->dagx, *restrict ej = g->ej;
    const double *restrict sig = f->sig, *restrict ct = f->ct;
    double *restrict c = f->c;
    int R = g->R, one = g->tc == 1, d = 0, skip = pd ? pd->skip : -1, nd = pd ? g->N : 0;
    double sum = pd ? pd->sum : 0, mn = pd ? pd->min : 0, mx = pd ? pd->max : 0;
    for (int qi = f->qt - 1; qi >= 0; qi--) {
        int u = queue[qi], k1 = dagoff[qi + 1];
        double su = sig[u], acc = 0;
        for (int k = dagoff[qi]; k < k1; k++) {
            double cx = c[dagx[k]];
            load[dag[k]] += su * cx;
            acc += cx;
        }
        int e1 = off[u + 1];
        if (uniform && one) {
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
        if (d < nd) {
            if (d != skip) {
                double pc = sig[ej[d]];
                sum += pc;
                mn = mn < pc ? mn : pc;
                mx = mx > pc ? mx : pc;
            }
            d++;
        }
    }
    for (; d < nd; d++) {
        if (d != skip) {
            double pc = sig[ej[d]];
            sum += pc;
            mn = mn < pc ? mn : pc;
            mx = mx > pc ? mx : pc;
        }
    }
    if (pd) {
        pd->sum = sum;
        pd->min = mn;
        pd->max = mx;
    }
}

HOT void noc_ev_fast_reverse(const struct ev_fast_graph *g, struct ev_fast_work *f, double *load,
                             double uw, struct ev_pd_sum *pd)
{
    if (uw > 0 && pd)
        reverse_pass(g, f, load, uw, 1, pd);
    else if (uw > 0)
        reverse_pass(g, f, load, uw, 1, NULL);
    else
        reverse_pass(g, f, load, 0, 0, NULL);
}

/* The calling thread's CPU time (unlike wall time, it leaves out the time
 * other processes run). */
static int now(struct timespec *ts)
{
    return clock_gettime(CLOCK_THREAD_CPUTIME_ID, ts) == 0;
}

static double seconds(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + 1e-9 * (double)(b->tv_nsec - a->tv_nsec);
}

void noc_ev_fast_choose(struct ev_fast_graph *g, struct ev_fast_work *f, const int *e0,
                        const int *e1, int n)
{
    /* Each search once with each kernel (a repeated search would train the
     * branch predictor on it and flatter BRANCHY), which one first
     * alternating. */
    double sum[2] = {0, 0};
    g->kernel = EV_KERNEL_BRANCHY;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < 2; j++) {
            int k = (i + j) % 2;
            struct timespec t0, t1;
            if (!now(&t0) || noc_ev_fast_forward_with(g, f, e0[i], e1[i], k) != 0 || !now(&t1))
                return;
            sum[k] += seconds(&t0, &t1);
        }
    }
    if (sum[EV_KERNEL_FLAT] < 0.9 * sum[EV_KERNEL_BRANCHY])
        g->kernel = EV_KERNEL_FLAT;
}
