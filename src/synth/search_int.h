/* Internal to src/synth/: the design search of the methods -- the input
 * checks, flow order and core geometry every method starts from
 * (design.c), split's switch graph for an assignment and its backbone
 * fallback (refine.c, backbone.c), the power refinement (refine.c), the
 * extra-link variants (augment.c) and low-latency alternatives (alt.c),
 * the design list (design.c) and the sweeps over a parameter or the
 * clock x width grid (design.c, timing.c).  Every fallible function
 * returns a status (core.h); "infeasible" is an out-parameter or a
 * design's feasible field, never a return value.  docs/layout.md
 * describes the module. */
#ifndef NOCSYN_SYNTH_SEARCH_INT_H
#define NOCSYN_SYNTH_SEARCH_INT_H

#include "swnet_int.h"

struct noc_app;
struct noc_design;
struct noc_synth_opts;
struct noc_synth_result;

/* The app's flows in decreasing bandwidth, ties by flow index.  NOC_OK or
 * NOC_ENOMEM. */
int noc_synth_flow_order(const struct noc_app *app, int *order, struct noc_ctx *ctx);
/* Input checks every method shares: cores, flows, positive width / frequency /
 * utilisation, every core placed, no flow or core above a link's capacity
 * (NOC_EINVAL / NOC_EINFEASIBLE naming the core or flow). */
int noc_synth_check_input(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_ctx *ctx);
/* Core centres (mm) and placement weights (in + out bandwidth, plus a tiny
 * share so isolated cores count); arrays of ncores.  NOC_OK or NOC_ENOMEM. */
int noc_synth_core_geom(const struct noc_app *app, double *cx, double *cy, double *cw, struct noc_ctx *ctx);
/* Split's switch graph for a given assignment (refine.c): switch position
 * estimates at the cores' weighted centroids, the cores' ports checked
 * against the radix, the nextra links extra[2i] - extra[2i+1] opened
 * (a port each end; 1 when none is free), every flow routed in `order`
 * (noc_swnet_route: an open link costs no opening power, so flows take the
 * extra links where they save power or hops), the
 * switches placed (noc_synth_place) and, unless o->no_connect, islands joined
 * (noc_swnet_connect).  *feasible = 1 when built, 0 when infeasible
 * (reason in why).  A status; net is released on an error, else owned by
 * the caller, feasible or not (noc_swnet_free).  O(F K log K) routing plus
 * the placement (noc_synth_place). */
int noc_synth_split_net(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                        const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                        const int *extra, int nextra, struct swnet *net, int *feasible, char *why, size_t whylen,
                        struct noc_ctx *ctx);
/* As noc_synth_split_net without extra links, in backbone mode: before any
 * flow is routed, noc_synth_backbone opens a spanning tree of the switches, and
 * a flow whose cheapest path is refused takes its tree path when it has
 * room.  split's fallback for a switch count the plain routing cannot
 * route (split.c).  Same status, *feasible and ownership. */
int noc_synth_split_net_backbone(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                                 const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                                 struct swnet *net, int *feasible, char *why, size_t whylen, struct noc_ctx *ctx);
/* The backbone (backbone.c) of a switch graph with no links yet: a spanning
 * tree (forest when the ports do not allow one) within the radix, Kruskal
 * over the switch pairs that exchange traffic (heaviest first) and then
 * geometric neighbours (shortest first), never closing a component whose
 * ports are all used while others remain; n->tpar and n->tdepth set (roots:
 * the lowest switch of each tree), and every turn between tree channels
 * except U-turns entered into the dependency graph -- acyclic, as tree
 * paths never go down and then up, so every tree path stays deadlock free
 * whatever else is routed.  NOC_OK, NOC_ENOMEM, NOC_EINTERNAL. */
int noc_synth_backbone(struct swnet *n, const struct noc_app *app, const int *core_sw, struct noc_ctx *ctx);
/* Extra-link variants of split's designs (augment.c): for each feasible
 * design of res (K >= 3), up to noc_synth_variant_links(N, effort)
 * designs "split_kK_xJ" with J = 1, 2, ... links added
 * to its switch graph, each the unlinked switch pair (both ends below the
 * design's largest radix, so the radix does not grow) that the most
 * bandwidth x intermediate hops of the previous design's paths would skip;
 * the flows keep their paths except those the link shortens, which take it
 * when noc_swnet_commit accepts (capacity, deadlock freedom; paths only get
 * shorter, so max_hops holds), and the switches are placed again.  A variant whose link no flow takes, or that
 * is infeasible, ends that design's series.  Appends to res (reallocating
 * res->d).  Named after
 * their base ("split_kK_xJ", or "split_kK_lI_xJ" for an alternative).
 * Then a second series of every base with growth: a link's ends need only
 * be below the radix bound (the radix may grow, so a link that cuts latency
 * where the largest switch is full is tried too): "split_kK_rJ"; split
 * keeps those only where no other design dominates them (noc_synth_prune).
 * The bases are res->d[0..nbase-1]; their series run on the thread pool
 * (o->threads), each into its own list, appended in the order of the
 * serial loop (every base's "x" series in base order, then every base's
 * "r" series), so res does not depend on the thread count.  *nx = the
 * index of the first design after the "x" series of bases 0..nplain-1
 * (nplain <= nbase; res->n when nothing follows them).
 * Errors: NOC_ENOMEM and the failures of noc_synth_finish (the lowest
 * failing item's). */
#define SYNTH_VARIANT_LINKS 3
/* The variants' budget under the one budget policy: a series adds at most
 * min(SYNTH_VARIANT_LINKS, noc_synth_search_budget(N, effort, 1) / N)
 * links (each a full build, as a refinement try that is built): 3 up to
 * 104 cores at effort 1, 2 up to 120, 1 up to 151 (refinement's own
 * limit), none above or at effort 0; effort 4: 3 up to 166 cores, none
 * above 240.  O(1). */
int noc_synth_variant_links(int N, double effort);
int noc_synth_split_variants(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                             const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                             int nbase, int nplain, int *nx, struct noc_ctx *ctx);
/* The thread pool's leave() of synthesis's jobs: releases the worker's
 * GLPK environment (noc_lp_thread_done). */
void noc_synth_pool_leave(void *arg, int worker);
/* Low-latency alternatives of split's designs (alt.c): for each design
 * split_kK of res (K >= 2, while noc_synth_search_budget(N, effort,
 * SYNTH_SEARCH_CUT_SCALE) allows a try per core: 480 cores at effort 1; feasible
 * or not), up to SYNTH_ALTS designs of the same switch count whose
 * assignments cut less of the core graph (the bandwidth of flows between
 * switches, raised for tight max_hops and max_latency_ns:
 * noc_core_graph_build_opts): a first-improvement descent on that cut (core
 * moves, then swaps; at most radix - 1 cores a switch) from the design's
 * own assignment ("split_kK_l1", when split_kK was built), and one from
 * greedy clusters
 * ("split_kK_l2": the heaviest core pairs joined first within that size,
 * then the heaviest cluster pairs until K are left); the second is skipped
 * when it ends at the first's assignment.  Each new assignment with a smaller cut is built
 * as split builds it (noc_synth_split_net, noc_synth_finish) and kept when it is
 * feasible and its average latency is SYNTH_ALT_GAIN below the base's (any
 * latency when the base is infeasible)
 * (split then drops those another design dominates: noc_synth_prune, after
 * their extra-link variants are built).  Appends to res: the bases'
 * searches run on the thread pool (o->threads), each into its own list,
 * appended in base order, so res does not depend on the thread count.
 * Errors: NOC_ENOMEM and noc_synth_finish's (the lowest failing base's). */
#define SYNTH_ALTS 2
#define SYNTH_ALT_GAIN 0.005 /* an alternative's latency at least 0.5% below its base's */
int noc_synth_split_alts(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                         const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                         struct noc_ctx *ctx);
/* The core-to-switch assignment of split design d (routers sw0..swK-1,
 * terminals the cores in order) into core_sw.  NOC_OK, NOC_EINTERNAL. */
int noc_synth_design_assignment(const struct noc_app *app, const struct noc_design *d, int *core_sw,
                                struct noc_ctx *ctx);
/* Refinement of split's partition for total power (refine.c), a local
 * search over single core moves between switches (no switch left empty)
 * and pairwise swaps.  Each try is first estimated incrementally from the
 * current design (the flows of the moved cores rerouted on what the others
 * leave, the two switches re-placed at their weighted medians, only the
 * touched channels, cores and routers counted again: O(degree) instead of
 * a rebuild); per core, the tries whose estimate is within
 * SYNTH_REFINE_SCREEN of the current power are built in order of their
 * estimate, at most SYNTH_REFINE_BUILDS of them, as split builds a design
 * (noc_synth_split_net, power by noc_synth_net_power: every flow routed, the
 * switches placed), and the first that costs less is kept (it becomes the
 * current design the estimates start from).  Passes (moves, then swaps)
 * until one improves nothing, SYNTH_REFINE_PASSES passes, or the budget of
 * noc_synth_search_budget(N, effort, 1) estimates is spent (from an
 * infeasible design each try is a build and costs max(1, effort) of it):
 * the local search of noc_search_run in its estimated mode.  Only for K >= 2
 * and a budget of at least one try per core (N <= 151 at effort 1).  Updates core_sw in place; *power (may be NULL) is the
 * final assignment's power (its full build), INFINITY when infeasible (NAN
 * when not refined). */
#define SYNTH_REFINE_PASSES 8
#define SYNTH_REFINE_SCREEN 0.004
#define SYNTH_REFINE_BUILDS 2
int noc_synth_refine(const struct noc_app *app, const struct noc_synth_opts *o, const int *order, const double *cx,
                     const double *cy, const double *cw, int K, int *core_sw, double *power, struct noc_ctx *ctx);

/* ---- The one local search over core-to-switch assignments (lsearch.c),
 * serving refine's power refinement and the alternatives' cut descent
 * (alt.c), and its one budget policy. */

/* The budget policy, for every local search of synthesis: for N cores at
 * effort e (opts->effort, default 1; --effort) and an objective whose tries
 * cost `scale` times less than refine's estimate (refine 1, the cut
 * SYNTH_SEARCH_CUT_SCALE),
 *     e x SYNTH_SEARCH_TRIES x scale x min(1, (SYNTH_SEARCH_FULL_CORES / N)^2)
 * tries per search, smooth in N (refine: 6000 up to 24 cores, 843 at 64,
 * 153 at 150).  A search runs only when that is at least one try per core
 * (refine: up to 151 cores at effort 1, 240 at effort 4; the cut descent of
 * the alternatives: up to 480 cores at effort 1, 761 at effort 4).  0 when e <= 0 (no
 * search).  O(1). */
#define SYNTH_SEARCH_TRIES 6000
#define SYNTH_SEARCH_FULL_CORES 24
#define SYNTH_SEARCH_CUT_SCALE 32
long noc_synth_search_budget(int N, double effort, double scale);

/* One search.  The caller fills it; nothing is owned. */
struct noc_search {
    int N, K;      /* cores, switches */
    int cap;       /* most cores on one switch (INT_MAX: no limit) */
    int passes;    /* at most this many passes (moves, then swaps) */
    long budget;   /* tries (noc_synth_search_budget) */
    /* exact = 1: estimate() is the objective itself; every try that lowers
     * it is kept at once (first improvement).  exact = 0: per core, the
     * tries estimated within `screen` (relative) of the current value, or
     * that cannot be estimated, are committed in order of their estimate
     * (ties: the lower target), at most `builds` of them when ready(), all
     * otherwise, until commit() keeps one. */
    int exact;
    double screen;
    int builds;
    void *u;       /* the objective's state, passed to the callbacks */
    /* The objective after moving core c to switch t (swap = 0) or
     * swapping the switches of cores c and t (swap = 1): part is the
     * candidate (the move applied), cur the current assignment, val its
     * objective.  May change part's entries c and t temporarily.  NAN:
     * cannot tell (estimated mode only). */
    double (*estimate)(void *u, const int *cur, int *part, int c, int t, int swap, double val);
    /* exact = 0: builds candidate part; *kept = 1 when it is kept (*val
     * lowered to its objective; it becomes the current assignment), 0 when
     * not.  A status. */
    int (*commit)(void *u, const int *part, double *val, int *kept);
    /* Optional (NULL: 1 and always ready): the budget one try costs now,
     * and whether estimates are available (exact = 0). */
    long (*try_cost)(void *u);
    int (*ready)(void *u);
};

/* Runs the search from assignment part (every switch holding 1..cap
 * cores), updating part and *val (its objective) in place: passes of
 * single-core moves (never emptying a switch, never past cap) then
 * pairwise swaps, cores in order, targets in order, until a pass keeps
 * nothing, `passes` passes, or `budget` tries.  NOC_OK, NOC_ENOMEM, or a
 * commit's status.  O(passes (N K + N^2) try) at most, and `budget` tries.
 * Deterministic. */
int noc_search_run(const struct noc_search *s, int *part, double *val, struct noc_ctx *ctx);

/* Appends a fresh design entry (metrics initialised) to res; returns it or
 * NULL (ENOMEM in ctx).  *cap tracks res->d's capacity. */
struct noc_design *noc_synth_add_design(struct noc_synth_result *res, size_t *cap, const char *method,
                                        const char *name, int switches, struct noc_ctx *ctx);
/* Moves the designs of slots[0..n-1] to the end of res, slot by slot in
 * order (the merge of work done per item on the thread pool, so res does
 * not depend on the thread count), leaving every slot empty (still to be
 * released by its initialiser).  NOC_OK or NOC_ENOMEM (res and the slots
 * then unchanged).  O(designs moved). */
int noc_synth_result_append(struct noc_synth_result *res, struct noc_synth_result *slots, int n,
                            struct noc_ctx *ctx);
/* Sets the NOC_EINFEASIBLE error "no feasible METHOD design; REASON" (the
 * reason of the last infeasible entry) when res has no chosen design. */
int noc_synth_none_feasible(const struct noc_synth_result *res, const char *what, struct noc_ctx *ctx);

/* One design for parameter value p (cmesh: cores per router; hring: ring
 * size), given the flow order and core geometry. */
typedef int (*synth_param_fn)(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                              const double *cx, const double *cy, const double *cw, int p,
                              struct noc_design *d, struct noc_ctx *ctx);
/* The sweep shared by the parameterised methods: computes the flow order
 * and core geometry once, adds design "<method>_<tag><p>" for p = lo..hi
 * through fn, marks the Pareto set, and fails (naming method) when none is
 * feasible. */
int noc_synth_sweep_param(const struct noc_app *app, const struct noc_synth_opts *o, const char *method,
                          const char *tag, int lo, int hi, synth_param_fn fn, struct noc_synth_result *res,
                          struct noc_ctx *ctx);
typedef int (*synth_method_fn)(const struct noc_app *, const struct noc_synth_opts *,
                               struct noc_synth_result *, struct noc_ctx *);
/* Runs `run` at every (frequency, width) of o's grid (synth.h,
 * noc_synth_run), collects the designs in res, marks the Pareto set and the
 * choice.  NOC_EINFEASIBLE when nothing is feasible. */
int noc_synth_run_grid(const char *method, synth_method_fn run, const struct noc_app *app,
               const struct noc_synth_opts *o, struct noc_synth_result *res, struct noc_ctx *ctx);

#endif
