/* Private to src/eval/: the parallel chunk runner, the per-sweep statistics
 * and the two sweeps (minimal paths / ECMP, and deterministic routings).
 *
 * Determinism (binding for every sweep): the sources are cut into chunks of
 * a fixed size that depends only on the topology (never on the thread
 * count).  A chunk is summed from zero, in source order, into a private
 * partial (loads and statistics); partials are added to the totals strictly
 * in chunk order (a thread that finishes chunk i waits until chunk i - 1 has
 * been added).  Floating-point results are therefore bit-identical for any
 * number of threads, and each thread holds one partial: O(routers +
 * channels) memory per thread.
 */
#ifndef NOCSYN_EVAL_INT_H
#define NOCSYN_EVAL_INT_H

#include "nocsyn/core.h"

#include <stdint.h>

struct noc_topo;
struct noc_traffic;
struct noc_routing;

/* Sources (or source groups) per chunk. */
#define EV_CHUNK 32

/* Statistics gathered over terminal pairs.  Hop sums are split into the
 * uniform component (unweighted sums over pairs; the caller multiplies by
 * uniform / N) and the sparse demands (weighted), each split into self pairs
 * (s == d) and the others.  Integer-valued sums stay exact in doubles up to
 * 2^53, far beyond N^2 * diameter for any size the engine can run. */
struct ev_stats {
    double uni_h_self, uni_h_other;   /* sum of hops over uniform pairs */
    double sp_h_self, sp_w_self;      /* sparse: sum w * hops, sum w */
    double sp_h_other, sp_w_other;
    int hops_max;                     /* over pairs with traffic; -1 none */
    int diameter;                     /* over all terminal pairs */
    int disconnected;                 /* some terminal pair has no path */
    double pd_cnt, pd_sum;            /* path diversity over pairs s != d */
    double pd_min, pd_max;            /* +inf / 0 when no pair */
    double pd_log10_max;              /* log10 of the largest count */
    int pd_overflow;                  /* a count exceeded the double range */
};

void ev_stats_init(struct ev_stats *s);
/* into += from (sums added, extrema combined). */
void ev_stats_merge(struct ev_stats *into, const struct ev_stats *from);

/* Computes chunk `chunk` into the worker's private partial (which it must
 * reset first).  Returns a status (message in ctx). */
typedef int (*ev_chunk_fn)(void *shared, void *worker, int chunk, struct noc_ctx *ctx);
/* Adds the worker's partial into the totals held by `shared`. */
typedef void (*ev_reduce_fn)(void *shared, void *worker);

/* The number of threads to use: `requested` (0 = online processors),
 * at most `nchunks`, at least 1. */
int ev_threads(int requested, int nchunks);

/* Runs chunks 0..nchunks-1 on `nthreads` threads (workers[i] belongs to
 * thread i), reducing in chunk order (see above).  On failure the error of
 * the lowest failing chunk is copied to ctx (deterministic) and no further
 * chunk is started. */
int ev_par_run(int nthreads, int nchunks, void *shared, void *const *workers,
               ev_chunk_fn chunk, ev_reduce_fn reduce, struct noc_ctx *ctx);

/* Minimal-path sweep (sweep.c): one BFS per source group computes hops,
 * minimal path counts, diameter and path diversity into *st; when `load` is
 * not NULL also the ECMP channel loads (nch entries, all channels, zeroed by
 * the callee).  NOC_EINFEASIBLE when a pair with traffic has no path,
 * NOC_ELIMIT when path counts exceed the floating-point range. */
int ev_sweep_minimal(const struct noc_topo *t, const struct noc_traffic *tr, int threads,
                     double *load, struct ev_stats *st, struct noc_ctx *ctx);

/* Deterministic-routing sweep (routed.c): the paths of every pair with
 * traffic give loads (nch entries, zeroed by the callee), hops and path
 * diversity (the number of paths).  Diameter is not touched (topological,
 * from the minimal sweep). */
int ev_sweep_routed(const struct noc_topo *t, const struct noc_traffic *tr,
                    const struct noc_routing *r, int threads, double *load,
                    struct ev_stats *st, struct noc_ctx *ctx);

/* Path-count rescaling thresholds of the minimal sweep (sweep.c). */
#define EV_SCALE_BOUND 0x1p900
#define EV_SCALE_TRIGGER 0x1p512
#define EV_SCALE_EXP 512

/* Router-level kernels of the minimal sweep (sweep_fast.c), for topologies
 * without parallel channels whose terminals each eject from exactly one
 * router; bit-identical to the general search of sweep.c. */
#define EV_UNSEEN_BYTE 0x7f /* memset byte of EV_UNSEEN */
#define EV_UNSEEN 0x7f7f7f7f

struct noc_graph;

struct ev_fast_router {
    int beg, rr_end, end; /* CSR out-edges: router-router [beg, rr_end), then
                           * ejection [rr_end, end) */
    uint32_t full;        /* a bit per router-router slot (the first 32) */
};

struct ev_fast_edge {
    int x;                /* head (router) */
    uint32_t rbit;        /* bit of the reverse edge x -> u in x's slots, or 0 */
};

struct ev_fast_dag {
    int e, x;             /* DAG channel and its head */
};

/* The topology as the kernels see it; ev_fast_graph_init fills it (R = 0
 * and no arrays when the kernels do not apply), ev_fast_graph_free
 * releases it. */
struct ev_fast_graph {
    int R, N;
    int masked;                 /* every router has <= 32 router-router
                                 * out-edges: predecessor masks apply */
    int tc;                     /* terminals ejecting at every router, or -1 */
    double maxin;               /* largest router in-degree from routers */
    const int *dst;             /* the CSR's targets */
    struct ev_fast_router *rt;  /* R */
    struct ev_fast_edge *adj;   /* m, by CSR id (router-router edges only) */
    int *ej;                    /* N: the ejection router of each terminal */
};

/* Sets up g for CSR graph cg with routers 0..R-1 (terminals after them),
 * rr_end[u] the end of router u's router-router out-edges, maxin the
 * largest router in-degree from routers.  g->R == 0 afterwards when the
 * kernels do not apply.  NOC_ENOMEM.  O(nodes + edges). */
int ev_fast_graph_init(struct ev_fast_graph *g, const struct noc_graph *cg, int R,
                       const int *rr_end, double maxin, struct noc_ctx *ctx);
void ev_fast_graph_free(struct ev_fast_graph *g);

/* One thread's search state, O(R + N + E); released by ev_fast_free. */
struct ev_fast_work {
    int *dist;       /* R: BFS level (start routers 1), EV_UNSEEN unreached */
    double *sig;     /* R: minimal path counts from the source */
    uint32_t *pmask; /* R: slots of the channels back to BFS predecessors */
    double *c;       /* R: reverse accumulation (traffic / path count) */
    double *ct;      /* N: share of terminal d (traffic / path count) */
    int *queue;      /* R: routers in BFS order */
    struct ev_fast_dag *dag; /* DAG channels grouped by tail in queue order */
    int *dagoff;     /* R + 1: queue position i's channels start at dagoff[i] */
    int qt;          /* routers reached */
    int last;        /* deepest level reached (0: none) */
    long long hsum;  /* sum over reached routers of (level - 1) */
};

int ev_fast_alloc(struct ev_fast_work *f, const struct ev_fast_graph *g, struct noc_ctx *ctx);
void ev_fast_free(struct ev_fast_work *f);

/* BFS from the routers at the heads of CSR edges [e0, e1) (a source
 * terminal's injection channels; parallel ones count once each): fills
 * the search state.  Returns 0, or -1 when some level's path counts exceed
 * EV_SCALE_TRIGGER (the caller must then use the rescaling search).
 * O(R + router-router edges). */
int ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1);

/* Reverse accumulation after ev_fast_forward: adds the ECMP load of every
 * DAG channel (router-router and ejection) to `load` and sets c.  Terminal
 * d's share is uw / (its path count) when uw > 0 (uniform traffic, uw the
 * group's traffic to every terminal), else ct[d]. */
void ev_fast_reverse(const struct ev_fast_graph *g, struct ev_fast_work *f, double *load,
                     double uw);

/* Records one communicating pair's path count (pd statistics). */
static inline void ev_stats_pd(struct ev_stats *s, double count, double mult)
{
    s->pd_cnt += mult;
    s->pd_sum += mult * count;
    if (count < s->pd_min)
        s->pd_min = count;
    if (count > s->pd_max)
        s->pd_max = count;
}

#endif
