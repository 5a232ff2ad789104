/* Internal to src/synth/: the dependency-graph order and the switch-graph
 * routing state shared by the synthesis files. */
#ifndef NOCSYN_SYNTH_INT_H
#define NOCSYN_SYNTH_INT_H

#include "nocsyn/core.h"

/* A growable int list. */
struct ivec {
    int *v;
    int n;
    size_t cap;
};

/* Incremental cycle detection on a directed graph (the channel dependency
 * graph) with a dynamic topological order (Pearce & Kelly, "A dynamic
 * topological sort algorithm for directed acyclic graphs", JEA 11, 2006).
 * Init/free pair. */
struct cdg {
    int n;
    size_t cap;
    int *ord;          /* node -> position */
    int *at;           /* position -> node */
    struct ivec *out, *in;
    /* scratch */
    int *mark;
    int stamp;
    struct ivec stack, fwd, bwd, pos;
};
void noc_cdg_init(struct cdg *g);
void noc_cdg_free(struct cdg *g);
/* Adds a node; returns its id or -1 (ENOMEM in ctx). */
int noc_cdg_add_node(struct cdg *g, struct noc_ctx *ctx);
/* Adds edge a -> b unless it would close a cycle: returns 1 added, 0 refused
 * (cycle), -1 on ENOMEM.  Duplicate edges are allowed (counted). */
int noc_cdg_add_edge(struct cdg *g, int a, int b, struct noc_ctx *ctx);
/* Removes one a -> b edge (must exist). */
void noc_cdg_remove_edge(struct cdg *g, int a, int b);
/* 1 when adding a -> b would keep the graph acyclic (no change made). */
int noc_cdg_can_add(struct cdg *g, int a, int b);

int noc_ivec_push(struct ivec *v, int x, struct noc_ctx *ctx);
/* Reverses v in place. */
void noc_ivec_reverse(struct ivec *v);

struct noc_lp;
/* Adds w |x_u - x_v| (v >= 0) or w |x_u - c| (v < 0) to an LP's objective,
 * as x_u - x_v - c = p - n with p, n >= 0 costing w each: one equality row
 * per term keeps the basis small (place.c; cmesh's grid placement LP). */
int noc_synth_lp_abs(struct noc_lp *lp, int u, int v, double c, double w, struct noc_ctx *ctx);
/* Solves a placement LP (dual simplex) and reads its first n columns (the
 * positions) into out.  A status; out untouched on failure. */
int noc_synth_lp_solve_first(struct noc_lp *lp, int n, double *out, struct noc_ctx *ctx);


struct noc_synth_opts;

/* The switch graph being built for one K: switches, opened channels (always
 * in both directions, so a link is a port at each end), their loads, the
 * dependency graph of the routes, and each flow's switch path.
 * Init/free pair: noc_swnet_init / noc_swnet_free. */
struct swnet {
    int K;
    int max_radix;          /* INT_MAX when unlimited */
    double cap;             /* usable MB/s per channel */
    double width;
    const struct noc_synth_opts *o;
    int *ncores, *nlinks;   /* per switch */
    double *sx, *sy;        /* switch position estimates (mm) */
    int nch;
    size_t chcap;
    int *csrc, *cdst, *cnode;
    double *cload;
    struct noc_u64map chmap; /* (u,v) -> channel */
    struct ivec *out;        /* per switch: out channels */
    struct cdg cdg;
    int nflows;
    struct ivec *paths;      /* per flow: switches in order */
    /* search scratch */
    double *dist;
    int *pred, *predch;
    struct noc_heap heap; /* Dijkstra: ids = switches, ties by id */
    /* Backbone mode (noc_synth_backbone): each switch's parent on the spanning
     * tree opened first (-1 at a root) and its depth; NULL otherwise. */
    int *tpar, *tdepth;
    /* Router prices by port count p < nrp (flows.c; the tech model's own
     * differences, tabulated): rstep[p] = idle power at p + 1 ports less at
     * p; rflow[p] = power carrying rbw MB/s at p ports less idle, for the
     * flow being routed (rbw NAN: not filled). */
    int nrp;
    double *rstep, *rflow, rbw;
};

int noc_swnet_init(struct swnet *n, int K, int nflows, const struct noc_synth_opts *o,
                   struct noc_ctx *ctx);
void noc_swnet_free(struct swnet *n);
static inline int swnet_ports(const struct swnet *n, int s) { return n->ncores[s] + n->nlinks[s]; }
/* Routes flow f (core switches s, d; bw MB/s; max_hops or -1).  Returns 0
 * routed, 1 unroutable (reason in `why`), -1 on error (ctx). */
/* Joins the connected components of the switch graph with the shortest
 * (estimated) links whose ends have a free port, until one component is
 * left or no such link exists.  The links carry no flow, so they add no
 * dependency.  Returns 0 (one component), 1 when islands are left that no
 * link can join within the radix (the design is infeasible: every core
 * must be reachable unless o->no_connect; reason in `why`), -1 on error. */
int noc_swnet_connect(struct swnet *n, char *why, size_t whylen, struct noc_ctx *ctx);
/* The nearest switch pair u < v (estimated Manhattan length; ties: lowest
 * u, then lowest v) whose ends both pass end_ok and that passes pair_ok:
 * 1 with *bu, *bv set, else 0 (*bu = *bv = -1).  The join search of
 * noc_swnet_connect and noc_synth_backbone.  O(K^2) predicate calls. */
struct swnet_join_pred {
    int (*end_ok)(void *ud, const struct swnet *n, int s);
    int (*pair_ok)(void *ud, const struct swnet *n, int u, int v);
    void *ud;
};
int noc_swnet_nearest_pair(const struct swnet *n, const struct swnet_join_pred *p, int *bu, int *bv);
int noc_swnet_route(struct swnet *n, int f, int s, int d, double bw, int max_hops,
                    char *why, size_t whylen, struct noc_ctx *ctx);

/* Places the K switches of net (synth.h step 3) at the least weighted
 * Manhattan wire length, exactly (threshold minimum cuts, place.c): core c of
 * centre (cx[c], cy[c]) sits on switch core_sw[c] with weight cw[c]; links
 * are weighted by their load both ways.  Writes net->sx, net->sy.  The die
 * is the bounding box of the cores.  Every coordinate is one of the
 * cores' (or a switch's core centroid, the tiny pull that makes the optimum
 * unique).  NOC_OK or NOC_ENOMEM.  O(log(N + K)) max-flow problems on
 * disjoint parts of the switch graph per level (Dinic). */
int noc_synth_place(struct swnet *net, int ncores, const int *core_sw, const double *cx,
                    const double *cy, const double *cw, struct noc_ctx *ctx);

struct noc_app;
/* The undirected core graph in METIS CSR form (partition.c): bandwidth both
 * ways summed, scaled to integers, raised for tight max_hops. */
struct core_graph {
    int n;
    int *xadj, *adjncy, *adjwgt;
};
int noc_core_graph_build(const struct noc_app *app, struct core_graph *g, struct noc_ctx *ctx);
/* As noc_core_graph_build, with o (may be NULL: the same) also raising flows
 * with a max_latency_ns: the bound counts as the max_hops it leaves at o's
 * clock and width (the extra hops of router_stages + 1 cycles each after
 * the one-switch latency; no pipeline registers), the tighter of the two
 * bounds taken.  For split's low-latency alternatives (alt.c). */
int noc_core_graph_build_opts(const struct noc_app *app, const struct noc_synth_opts *o, struct core_graph *g,
                              struct noc_ctx *ctx);
void noc_core_graph_free(struct core_graph *g);

/* K-way partition of the app's cores (METIS, bandwidth weights raised for
 * tight max_hops), every part non-empty.  core_sw has ncores entries. */
int noc_synth_partition(const struct noc_app *app, int K, unsigned seed, int *core_sw,
                        struct noc_ctx *ctx);
/* Sorts ids[0..n) by (v, w, id) ascending, w may be NULL (then (v, id));
 * insertion sort, for the small sets of the synthesis bounds and starts.
 * O(n^2). */
void noc_synth_sort_ids(int *ids, int n, const double *v, const double *w);
/* A geometric K-way partition of N cores at (cx, cy) (partition.c):
 * recursive bisection, each cut across the longer side of its cores'
 * bounding box (the first cut along x when axis = 0, y when 1), by
 * position (ties: the other coordinate, then the core id), the cores
 * shared in proportion to the parts' switch counts (floor(K/2) and the
 * rest).  Every part gets at least one core when K <= N.  A start for
 * split's refinement that follows the floorplan, where METIS follows the
 * bandwidth.  NOC_ENOMEM.  O(N^2 log K) (insertion sorts). */
int noc_synth_partition_geom(const double *cx, const double *cy, int N, int K, int axis, int *core_sw,
                             struct noc_ctx *ctx);

/* Split's switch graph for a given assignment (refine.c): switch position
 * estimates at the cores' weighted centroids, the cores' ports checked
 * against the radix, the nextra links extra[2i] - extra[2i+1] opened
 * (a port each end; 1 when none is free), every flow routed in `order`
 * (noc_swnet_route: an open link costs no opening power, so flows take the
 * extra links where they save power or hops), the
 * switches placed (noc_synth_place) and, unless o->no_connect, islands joined
 * (noc_swnet_connect).  Returns 0 (net built), 1 infeasible (reason in why), -1
 * on error (ctx); net is released on -1, else owned by the caller
 * (noc_swnet_free).  O(F K log K) routing plus the placement (noc_synth_place). */
int noc_synth_split_net(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                        const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                        const int *extra, int nextra, struct swnet *net, char *why, size_t whylen,
                        struct noc_ctx *ctx);
/* As noc_synth_split_net without extra links, in backbone mode: before any
 * flow is routed, noc_synth_backbone opens a spanning tree of the switches, and
 * a flow whose cheapest path is refused takes its tree path when it has
 * room.  split's fallback for a switch count the plain routing cannot
 * route (split.c).  Same returns. */
int noc_synth_split_net_backbone(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                                 const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                                 struct swnet *net, char *why, size_t whylen, struct noc_ctx *ctx);
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
 * design of res (K >= 3, at most SYNTH_REFINE_MAX_CORES cores), up to
 * SYNTH_VARIANT_LINKS designs "split_kK_xJ" with J = 1, 2, ... links added
 * to its switch graph, each the unlinked switch pair (both ends below the
 * design's largest radix, so the radix does not grow) that the most
 * bandwidth x intermediate hops of the previous design's paths would skip;
 * the flows keep their paths except those the link shortens, which take it
 * when noc_swnet_commit accepts (capacity, deadlock freedom; paths only get
 * shorter, so max_hops holds), and the switches are placed again.  A variant whose link no flow takes, or that
 * is infeasible, ends that design's series.  Appends to res (reallocating
 * res->d).  Only the designs res->d[from..to-1] are bases.  Named after
 * their base ("split_kK_xJ", or "split_kK_lI_xJ" for an alternative).
 * With grow, a link's ends need only be below the radix bound (the radix
 * may grow, so a link that cuts latency where the largest switch is full
 * is tried too): "split_kK_rJ"; split keeps those only where no other
 * design dominates them (noc_synth_prune).
 * Errors: NOC_ENOMEM and the failures of noc_synth_finish. */
/* A copy of src (links, each flow's path and load, dependency graph,
 * positions, radix bound) in dst, owned by the caller (noc_swnet_free) on
 * NOC_OK.  NOC_ENOMEM, NOC_EINTERNAL.  O(F K + C). */
int noc_synth_net_clone(const struct noc_app *app, const struct noc_synth_opts *o, const struct swnet *src,
                        struct swnet *dst, struct noc_ctx *ctx);
#define SYNTH_VARIANT_LINKS 3
struct noc_synth_result;
struct noc_design;
int noc_synth_split_variants(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                             const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                             int from, int to, int grow, struct noc_ctx *ctx);
/* Low-latency alternatives of split's designs (alt.c): for each design
 * split_kK of res (K >= 2, at most SYNTH_REFINE_MAX_CORES cores; feasible
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
 * their extra-link variants are built).  Appends to res.  Errors: NOC_ENOMEM and noc_synth_finish's. */
#define SYNTH_ALTS 2
#define SYNTH_ALT_GAIN 0.005 /* an alternative's latency at least 0.5% below its base's */
int noc_synth_split_alts(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                         const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                         struct noc_ctx *ctx);
/* The core-to-switch assignment of split design d (routers sw0..swK-1,
 * terminals the cores in order) into core_sw.  NOC_OK, NOC_EINTERNAL. */
int noc_synth_design_assignment(const struct noc_app *app, const struct noc_design *d, int *core_sw,
                                struct noc_ctx *ctx);
/* Removes (frees) the designs res->d[lo..hi-1] that are infeasible, or
 * dominated by a feasible design of res (no worse in power, latency, area
 * and radix and better in one; or equal in all four to an earlier design);
 * the others keep their order.  O((hi - lo) n). */
void noc_synth_prune(struct noc_synth_result *res, int lo, int hi);
/* A design's objectives on the Pareto front, all minimised (synth.h):
 * power, average latency in ns, area (each rounded to 1e-9), largest
 * radix. */
void noc_synth_objectives(const struct noc_design *d, double v[4]);
/* Power (mW) of a routed, placed switch graph as noc_tech_topo counts it:
 * routers, router-router channels, and each core's two channels to its
 * switch (in/out: the cores' bandwidths).  INFINITY when out of memory. */
double noc_synth_net_power(const struct noc_synth_opts *o, const struct swnet *n, int ncores, const int *core_sw,
                           const double *cx, const double *cy, const double *in, const double *out);
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
 * noc_synth_refine_budget estimates is spent (from an infeasible design each
 * try is a build and costs max(1, effort) of it).  Only for K >= 2 and a
 * budget of at least one try per core (N <= 151 at effort 1).  Updates core_sw in place; *power (may be NULL) is the
 * final assignment's power (its full build), INFINITY when infeasible (NAN
 * when not refined). */
#define SYNTH_REFINE_MAX_CORES 64 /* alternatives and variants (alt.c, augment.c) */
#define SYNTH_REFINE_FULL_CORES 24
#define SYNTH_REFINE_PASSES 8
#define SYNTH_REFINE_TRIES 6000
#define SYNTH_REFINE_SCREEN 0.004
#define SYNTH_REFINE_BUILDS 2
/* The refinement's budget of estimated tries for N cores at effort e
 * (opts->effort, default 1): the one policy, smooth in N,
 * e x SYNTH_REFINE_TRIES x min(1, (SYNTH_REFINE_FULL_CORES / N)^2)
 * (6000 up to 24 cores, 843 at 64, 153 at 150; refinement runs while that
 * is at least one try per core: up to 151 cores at effort 1, 240 at
 * effort 4).  0 = no refinement (e <= 0). */
long noc_synth_refine_budget(int N, double effort);
int noc_synth_refine(const struct noc_app *app, const struct noc_synth_opts *o, const int *order, const double *cx,
                     const double *cy, const double *cw, int K, int *core_sw, double *power, struct noc_ctx *ctx);

/* ---- shared by the synthesis methods (design.c, group.c, flows.c) */
struct noc_design;
struct noc_shape;
struct noc_synth_result;

/* Extra switch-graph operations (flows.c) for methods that choose their
 * own paths.  noc_swnet_chan: the channel u -> v or -1.  noc_swnet_open_link opens
 * u <-> v unless it is open (no radix check: callers check ports). */
int noc_swnet_chan(const struct swnet *n, int u, int v);
int noc_swnet_open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx);
/* Commits sw[0..len-1] as flow f's path: capacity, radix (a link it must
 * open: only the first or the last hop may be new) and deadlock freedom
 * (the dependency graph stays acyclic) are checked.  Returns 0 committed, 1
 * refused (nothing changed, the flow has no path), -1 on error (ctx). */
int noc_swnet_commit(struct swnet *n, int f, const int *sw, int len, double bw, struct noc_ctx *ctx);

/* The app's flows in decreasing bandwidth, ties by flow index.  0 or -1
 * (out of memory). */
int noc_synth_flow_order(const struct noc_app *app, int *order);
/* Input checks every method shares: cores, flows, positive width / frequency /
 * utilisation, every core placed, no flow or core above a link's capacity
 * (NOC_EINVAL / NOC_EINFEASIBLE naming the core or flow). */
int noc_synth_check_input(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_ctx *ctx);
/* Core centres (mm) and placement weights (in + out bandwidth, plus a tiny
 * share so isolated cores count); arrays of ncores.  NOC_OK or NOC_ENOMEM. */
int noc_synth_core_geom(const struct noc_app *app, double *cx, double *cy, double *cw, struct noc_ctx *ctx);
/* Finishes design d from the routed switch graph: builds d->topo (routers
 * named PREFIX<i>, with '_' appended while a core has that name; cores as
 * terminals at cx, cy; routes = the flows' switch paths; shape = *shape, or
 * an irregular shape named after the method when NULL), evaluates it with
 * the evaluation engine (table routing, app traffic, 1 VC) and the tech
 * model.  Sets feasible and vcs = 1 unless the engine finds a dependency
 * cycle (then infeasible with the reason).  Errors only for failures
 * (memory, engine). */
int noc_synth_finish(const struct noc_app *app, const struct swnet *net, const int *core_sw,
                     const double *cx, const double *cy, const struct noc_synth_opts *o,
                     const char *prefix, const struct noc_shape *shape, struct noc_design *d,
                     struct noc_ctx *ctx);
/* Appends a fresh design entry (metrics initialised) to res; returns it or
 * NULL (ENOMEM in ctx).  *cap tracks res->d's capacity. */
struct noc_design *noc_synth_add_design(struct noc_synth_result *res, size_t *cap, const char *method,
                                        const char *name, int switches, struct noc_ctx *ctx);
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

/* Groups of at most `cap` cores (group.c): G = ceil(ncores / cap) METIS
 * parts (bandwidth weights), then cores of an oversized part move, least
 * attached first, to the part with room they talk to most.  group has
 * ncores entries in 0..G-1, every group non-empty.  Deterministic. */
int noc_synth_groups(const struct noc_app *app, int cap, unsigned seed, int *group, int *ngroups,
                     struct noc_ctx *ctx);
/* Near-square grid for n items: cols = ceil(sqrt n), rows = ceil(n / cols). */
void noc_synth_grid(int n, int *cols, int *rows);
/* Dimension-order (X then Y) path between routers a and b of a cols-wide
 * grid (router index x + cols * y): writes the routers in order into path
 * (room for cols + rows) and returns its length. */
int noc_synth_xy_path(int cols, int a, int b, int *path);
/* The cols x rows mesh with one terminal per router (routers r<i>,
 * terminals t<i> on router i), finalized; t uninitialised, owned by the
 * caller on success (released on failure).  For noc_map_cores. */
struct noc_topo;
int noc_synth_mesh_topo(int cols, int rows, struct noc_topo *t, struct noc_ctx *ctx);
/* Orders m items on a bidirectional ring (pos[i] = position of item i,
 * item 0 fixed at position 0) minimising sum W[i][k] x ring distance (W
 * symmetric m x m, row-major): exhaustive (Heap's algorithm) up to 7 free
 * items, else pairwise-swap descent from the identity.  Deterministic.
 * NOC_OK or NOC_ENOMEM.  O((m-1)! m^2) resp. O(passes m^4). */
int noc_synth_ring_order(int m, const double *W, int *pos, struct noc_ctx *ctx);

/* ---- timing (timing.c) */
/* How messages name the radix bound of a point's options o: the clock's
 * bound when o->max_radix is the largest radix that meets o's clock and
 * width (noc_synth_run lowers the user's --max-radix to it), else
 * "--max-radix".  Derived, not stored: the options stay input only. */
#define SYNTH_RADIX_NAME(o)                                                                \
    (noc_tech_max_radix(&(o)->tech, (o)->link_width, (o)->freq_mhz) == (o)->max_radix       \
         ? "the radix that meets the clock,"                                                 \
         : "--max-radix")
struct noc_app;
struct noc_design;
struct noc_synth_opts;
struct noc_synth_result;
/* Fills d's timing from its finished topology at o's clock and width: channel
 * latencies, fmax of the largest router, each flow's zero-load latency
 * (d->flow_cycles, owned by d), averages; then re-checks a feasible design
 * against the clock, --max-radix, --max-util (every channel), max_hops and
 * max_latency_ns, clearing d->feasible with the reason when one fails.
 * Errors: NOC_ENOMEM, NOC_EINTERNAL (a flow without a route). */
int noc_synth_timing(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_design *d,
                     struct noc_ctx *ctx);
struct noc_synth_result;
typedef int (*synth_method_fn)(const struct noc_app *, const struct noc_synth_opts *,
                               struct noc_synth_result *, struct noc_ctx *);
/* Runs `run` at every (frequency, width) of o's grid (synth.h,
 * noc_synth_run), collects the designs in res, marks the Pareto set and the
 * choice.  NOC_EINFEASIBLE when nothing is feasible. */
int noc_synth_run_grid(const char *method, synth_method_fn run, const struct noc_app *app,
               const struct noc_synth_opts *o, struct noc_synth_result *res, struct noc_ctx *ctx);

/* A lower bound on the core links' bandwidth x length (MB/s mm) of any
 * design with K switches (bounds.c): every core reaches a switch and the K
 * switches serve K non-empty groups, so the sum is at least the optimal
 * weighted Manhattan K-median of the cores (x, y, weight w) with free
 * centres, each group's centre at its weighted medians.  Exact, by dynamic
 * programming over subsets; *out = 0 (no bound) above 16 cores or for K
 * outside 1..N.  NOC_ENOMEM.  O(2^N N + K 3^N) time, O(2^N) memory. */
int noc_synth_kmedian_bound(const double *cx, const double *cy, const double *w, int N, int K,
                            double *out, struct noc_ctx *ctx);

/* A lower bound on the bandwidth (MB/s) of the flows whose cores sit on
 * different switches, in any design with K >= 2 switches of at most
 * max_group cores each (bounds.c): the least over partitions of the cores
 * into K non-empty groups of at most max_group of the bandwidth leaving
 * the groups.  Each such flow enters a second switch, so the flits into
 * switches are at least (injected + this) x flits per MB.  *out = 0 (no
 * bound) above 16 cores or K outside 2..N.  NOC_ENOMEM.  O(2^N F + K 3^N). */
int noc_synth_crossing_bound(const struct noc_app *app, int K, int max_group, double *out,
                             struct noc_ctx *ctx);

/* A lower bound on the wire (MB/s mm: core links and switch links) of any
 * design with K switches (bounds.c).  A flow c -> d whose cores sit on
 * switches at X and Y runs at least |c X| + |X d| and |c Y| + |Y d|
 * (triangle inequality), so at least half of each; charging each half to
 * the core at that end, the wire is at least the least over K switch
 * points of the sum over cores of their cost at their cheapest point.  For
 * a fixed choice each point's cost is a weighted L1 distance sum, least
 * at core coordinates, so the points range over the cores' Hanan grid (G
 * points) and every K-subset is tried.  Never below sum bw |c d|.  *out =
 * 0 (no bound) when C(G, K) > 4e6.  NOC_ENOMEM.  O(N^2 + F G + C(G, K) N K)
 * time, O(N G) memory. */
int noc_synth_detour_bound(const struct noc_app *app, const double *cx, const double *cy, int K, double *out,
                           struct noc_ctx *ctx);

#endif
