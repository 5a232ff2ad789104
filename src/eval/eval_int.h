/* Private to src/eval/: the per-sweep statistics and the two sweeps (minimal paths / ECMP, and deterministic routings).
 *
 * Determinism (binding for every sweep): the sources are cut into chunks of
 * a fixed size that depends only on the topology (never on the thread
 * count).  A chunk is summed from zero, in source order, into a private
 * partial (loads and statistics); partials are added to the totals strictly
 * in chunk order (a thread that finishes chunk i waits until chunk i - 1 has
 * been added: noc_pool_run's ordered done()).  Floating-point results are therefore bit-identical for any
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
struct noc_graph;

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

/* A worker's partial for a new chunk: st reset, load (nch entries; may be
 * NULL) zeroed. */
void noc_ev_partial_reset(struct ev_stats *st, double *load, int nch);
/* The totals (st, load) += a worker's partial (from, from_load); the loads
 * only when load is not NULL.  O(nch). */
void noc_ev_partial_add(struct ev_stats *st, double *load, const struct ev_stats *from,
                        const double *from_load, int nch);
/* Items [*i0, *i1) of chunk `chunk` out of n. */
void noc_ev_chunk_range(int chunk, int n, int *i0, int *i1);

/* Minimal-path sweep (sweep.c): one BFS per source group computes hops,
 * minimal path counts, diameter and path diversity into *st; when `load` is
 * not NULL also the ECMP channel loads (nch entries, all channels, zeroed by
 * the callee).  NOC_EINFEASIBLE when a pair with traffic has no path,
 * NOC_ELIMIT when path counts exceed the floating-point range. */
int noc_ev_sweep_minimal(const struct noc_topo *t, const struct noc_traffic *tr, int threads,
                         double *load, struct ev_stats *st, struct noc_ctx *ctx);

/* Deterministic-routing sweep (routed.c): the paths of every pair with
 * traffic give loads (nch entries, zeroed by the callee), hops and path
 * diversity (the number of paths).  Diameter is not touched (topological,
 * from the minimal sweep). */
int noc_ev_sweep_routed(const struct noc_topo *t, const struct noc_traffic *tr,
                        const struct noc_routing *r, int threads, double *load,
                        struct ev_stats *st, struct noc_ctx *ctx);

/* ---- Inside the minimal sweep (sweep.c: groups, chunks, dispatch;
 * sweep_general.c: the search over every node with rescaled path counts;
 * sweep_fast.c: the same search over routers only, when it applies;
 * sweep_kernel.c: its two inner loops). */

/* Path-count rescaling of the general search (sweep.c's file comment). */
#define EV_SCALE_BOUND 0x1p900
#define EV_SCALE_TRIGGER 0x1p512
#define EV_SCALE_EXP 512

/* The router-level kernels (sweep_kernel.c) apply to topologies without
 * parallel channels whose terminals each eject from exactly one router
 * (and whose channels all run between a terminal and a router or between
 * routers); their results are bit-identical to the general search's. */
#define EV_UNSEEN_BYTE 0x7f /* memset byte giving EV_UNSEEN */
#define EV_UNSEEN 0x7f7f7f7f

/* Two forward loops with identical results: BRANCHY tests each channel
 * with branches (fastest when the outcomes follow the network's geometry,
 * as in meshes and tori), FLAT collects each level's DAG channels and then
 * settles their heads without data-dependent branches (fastest on
 * expander-like networks, where the branches are unpredictable). */
enum { EV_KERNEL_BRANCHY = 0, EV_KERNEL_FLAT = 1 };

/* The topology as the kernels see it: set up by noc_ev_fast_graph_init
 * (R == 0 when the kernels do not apply), released by noc_ev_fast_graph_free. */
struct ev_fast_graph {
    int R, N;           /* routers 0..R-1; terminal d is node R + d */
    int kernel;         /* EV_KERNEL_*, BRANCHY unless noc_ev_fast_choose says */
    int tc;             /* terminals ejecting at every router, or -1 */
    double maxin;       /* largest router in-degree from routers (>= 1) */
    const int *off;     /* the topology's CSR (struct noc_graph) */
    const int *dst;
    const int *rr_end;  /* R: end of router u's router-router out-edges
                         * (its ejection channels follow, up to off[u + 1]) */
    int *ej;            /* N, owned: the ejection router of each terminal */
};

/* Sets up g for CSR graph cg (routers 0..R-1, then terminals), rr_end as
 * in struct ev_fast_graph (kept, not copied) and maxin.  g->R == 0
 * afterwards when the kernels do not apply.  NOC_ENOMEM.  O(nodes +
 * channels). */
int noc_ev_fast_graph_init(struct ev_fast_graph *g, const struct noc_graph *cg, int R,
                           const int *rr_end, double maxin, struct noc_ctx *ctx);
void noc_ev_fast_graph_free(struct ev_fast_graph *g);

/* One thread's search state, O(R + N + channels); noc_ev_fast_alloc sets it
 * up for g, noc_ev_fast_free releases it. */
struct ev_fast_work {
    int *dist;       /* R: BFS level (start routers 1), EV_UNSEEN unreached */
    double *sig;     /* R: minimal path counts from the source */
    double *c;       /* R: reverse accumulation (traffic / path count) */
    double *ct;      /* N: terminal d's share (traffic / path count) */
    int *queue;      /* R + 1: routers in BFS order */
    int *dag;        /* DAG channels grouped by tail in queue order, */
    int *dagx;       /* their heads */
    double *dags;    /* and their tails' path counts (FLAT only) */
    int *dagoff;     /* R + 1: queue position i's channels start at dagoff[i] */
    int qt;          /* routers reached */
    int last;        /* deepest level reached (0: none) */
    long long hsum;  /* sum over the reached routers of (level - 1) */
};

int noc_ev_fast_alloc(struct ev_fast_work *f, const struct ev_fast_graph *g, struct noc_ctx *ctx);
void noc_ev_fast_free(struct ev_fast_work *f);

/* BFS from the routers at the heads of CSR edges [e0, e1) (a source
 * terminal's injection channels; parallel ones count once each) with
 * g->kernel: fills the search state.  Returns 0, or -1 when some level's
 * path counts exceed EV_SCALE_TRIGGER (the caller then runs the general,
 * rescaling search instead).  O(R + router-router channels). */
int noc_ev_fast_forward(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0, int e1);
/* The same with a given kernel (EV_KERNEL_*). */
int noc_ev_fast_forward_with(const struct ev_fast_graph *g, struct ev_fast_work *f, int e0,
                             int e1, int kernel);

/* Path-count statistics over terminals 0..N-1 but `skip` (uniform pairs
 * from a group of one terminal): sum (added in terminal order), min, max,
 * carried on from the values given. */
struct ev_pd_sum {
    int skip;
    double sum, min, max;
};

/* Reverse accumulation after noc_ev_fast_forward: adds the ECMP load of every
 * DAG channel (router-router and ejection) to `load` and sets c.  Terminal
 * d's share is uw / (its path count) when uw > 0 (uniform traffic, uw the
 * group's traffic to every terminal), else ct[d].  With uw > 0, pd (may be
 * NULL) is also brought up to date, in the same pass.  O(R + N + DAG
 * channels). */
void noc_ev_fast_reverse(const struct ev_fast_graph *g, struct ev_fast_work *f, double *load,
                         double uw, struct ev_pd_sum *pd);

/* Sets g->kernel to the faster kernel on this machine, timing both on
 * the searches from starts [e0[i], e1[i]) (i < n) with f as scratch; keeps
 * BRANCHY when they are close or the timer fails.  Only the speed depends
 * on the choice, never a result. */
void noc_ev_fast_choose(struct ev_fast_graph *g, struct ev_fast_work *f, const int *e0,
                        const int *e1, int n);

/* The state of one minimal sweep, shared by its threads (read-only while
 * they run, apart from the totals, which noc_pool_run's ordered done() guards). */
struct ev_sw {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    int R, N, nnodes, nch;
    int multi;         /* parallel channels exist: keep router-level counts */
    double maxin;      /* largest router in-degree from routers (>= 1) */
    int *rr_end;       /* R: end of router u's router-router out-edges (the
                        * ejection channels follow: CSR sorts by target) */
    int ngroups;
    int *gstart;       /* ngroups + 1 offsets into gmem */
    int *gmem;         /* terminal indices, grouped, ascending in a group */
    double *load;      /* totals (NULL: no loads) */
    struct ev_stats st;
    int uniform_only;  /* the traffic has no sparse demands */
    struct ev_fast_graph fg; /* fg.R > 0: the router-level search applies */
    struct ev_sw_worker *ws; /* one per pool worker */
};

/* Per node of the general search: minimal channel-level path count
 * (scaled) and BFS distance from the virtual source (-1 unseen), side by
 * side so that the search touches one cache line per node. */
struct ev_sw_node {
    double sig;
    int dist;
    int pad_;
};

/* One thread's state. */
struct ev_sw_worker {
    struct ev_sw_node *nd; /* nnodes */
    double *sigr;  /* nnodes: router-level counts, only when multi */
    double *c;     /* nnodes: reverse accumulation */
    int *queue;    /* R */
    int *dagoff;   /* R + 1 */
    int *dag;      /* nch: DAG channels grouped by tail in BFS order */
    int *lexp;     /* R + 3: binary exponent of each BFS level */
    double *wd;    /* N: the group's traffic to each terminal */
    int *mark;     /* N: group id + 1 of the terminals of the current group */
    double *load;  /* nch partial, or NULL */
    int scaled;    /* the current search rescaled some level */
    struct ev_stats st;
    struct ev_fast_work fw; /* the router-level search (when it applies) */
};

/* Source group gi's searches, statistics (into w->st) and loads (into
 * w->load when not NULL): the general search (sweep_general.c) and the
 * router-level one (sweep_fast.c, which falls back to the general one for
 * a search that needs rescaling).  NOC_EINFEASIBLE, NOC_ELIMIT. */
int noc_ev_sw_group_general(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                            struct noc_ctx *ctx);
int noc_ev_sw_group_fast(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                         struct noc_ctx *ctx);

/* Helpers of both (sweep.c): the error for a pair with traffic and no
 * path; the loads of group gi's injection channels (a one-channel
 * terminal's carries its row sum, a multi-channel terminal's channel to
 * router r carries c[r], c the routers' reverse accumulation). */
int noc_ev_sw_no_path(const struct ev_sw *sh, int s, int d, struct noc_ctx *ctx);
/* Group gi's reach over all terminals into w->st: `unreach` the first
 * terminal it does not reach (-1: none; the topology is then disconnected,
 * an error under uniform traffic), hmax its largest hop count (diameter). */
int noc_ev_sw_reach(const struct ev_sw *sh, struct ev_sw_worker *w, int gi, int unreach, int hmax,
                    struct noc_ctx *ctx);
/* The uniform pairs of group gi (gs members) into w->st: hsum the hops from
 * one member to every terminal, self the sum of the members' hops to
 * themselves, hmax the largest. */
void noc_ev_sw_uniform(struct ev_sw_worker *w, int gs, double hsum, double self, int hmax);
void noc_ev_sw_inject_loads(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                            const double *c);

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

/* Records a sparse demand of weight w over h hops (a weighted mean for
 * several paths) from a terminal to itself (self) or to another. */
static inline void ev_stats_sparse(struct ev_stats *s, int self, double w, double h)
{
    if (self) {
        s->sp_h_self += w * h;
        s->sp_w_self += w;
    } else {
        s->sp_h_other += w * h;
        s->sp_w_other += w;
    }
}

/* A minimal sweep's demand of weight wt from terminal s to terminal d, h
 * hops apart: the group's traffic to d, the largest hops and the sums. */
static inline void ev_sw_demand(struct ev_sw_worker *w, int s, int d, double wt, int h)
{
    w->wd[d] += wt;
    if (h > w->st.hops_max)
        w->st.hops_max = h;
    ev_stats_sparse(&w->st, d == s, wt, h);
}

#endif
