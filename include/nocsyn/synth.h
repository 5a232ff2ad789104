/* nocsyn synth: application-specific topology synthesis (docs/INTERFACE.md section 3.3) and
 * the min-cut floorplanner (docs/INTERFACE.md section 3.5).  Four methods share one
 * result type and the same guarantees (every flow routed within link
 * capacity, radix and max_hops; deadlock freedom of the stored routes,
 * re-checked by the evaluation engine): split (below), merge, cmesh and
 * hring (further down), reachable by name through noc_synth_run.
 *
 * Min-cut splitting (method "split"), after SunFloor (Murali et al., ICCAD
 * 2006), for each switch count K of the sweep:
 *  1. partition the cores into K balanced groups with METIS k-way (edge
 *     weights = bandwidth both ways, raised for flows with a tight max_hops);
 *     one switch per group;
 *  2. route the flows in decreasing bandwidth over the switch graph, opening
 *     links as needed; the cost of a path is its marginal power (opening a
 *     link: its leakage and the extra port's leakage at both switches;
 *     loading it: link and router dynamic power) plus a hop penalty; the
 *     constraints are link capacity (width x freq / 8 MB/s), the radix
 *     limit, each flow's max_hops, and deadlock freedom: the channel
 *     dependency graph is kept acyclic as paths are added (dynamic
 *     topological order, Pearce & Kelly 2006); a path that would close a
 *     cycle is rerouted (a direct link, or a search over channel states that
 *     only takes turns the dependency graph allows) or refused;
 *  3. place the switches at the least bandwidth-weighted Manhattan length
 *     of core-switch and switch-switch links, given the core positions of
 *     the floorplan (an L1 problem per axis, solved exactly by minimum
 *     cuts at the sorted core positions: the optimum of the linear
 *     program of that objective);
 *  4. evaluate with the evaluation engine (table routing = the routes), and
 *     power/area with the tech model (tech.h).
 * Up to 64 cores, between steps 1 and 2 the partition is refined for total
 * power (single core moves and pairwise swaps, each rebuilt through steps
 * 2-3 and kept when the power drops), and every feasible design of K >= 3
 * gets up to three non-tree variants "split_kK_xJ" (J extra links that save
 * the most bandwidth x hops without raising the radix; src/synth/
 * augment.c), appended after the K entries; then (alt.c) low-latency
 * alternatives "split_kK_l1" / "split_kK_l2" of each K >= 2: assignments
 * that cut less bandwidth between switches (flows with max_hops or
 * max_latency_ns weigh more; a descent from the design's own assignment;
 * greedy clusters of the heaviest flows' cores), offered when 0.5% faster
 * than split_kK or when split_kK is infeasible, with their extra-link variants
 * ("split_kK_lI_xJ"), and radix-growing link variants "split_kK_rJ" of
 * every design; these are kept only when no other design dominates them.
 * A K is infeasible (with the reason kept) when a group's cores alone exceed
 * the radix, or a flow cannot be routed under the constraints.  When the
 * routing of step 2 fails, two more fallbacks are tried before a flow is
 * refused (an escape path: one new link anywhere between the switches s
 * reaches and those that reach d over existing links, checked for
 * dependency cycles), and a K whose flows still cannot all be routed is
 * built once more in backbone mode: a spanning tree of the switches within
 * the radix is opened first (Kruskal, heaviest traffic first) and its turns
 * reserved in the dependency graph, so a flow refused elsewhere can take
 * its tree path when that has room.  The first reason is kept when both
 * fail.  These only change K that would otherwise be infeasible.
 * Radix lower bound: with an app graph in one piece, K switches of radix R
 * need K - 1 links, so K R >= N + 2 (K - 1), i.e. K >= ceil((N - 2) /
 * (R - 2)) (N <= R for K = 1); 683 for 4096 cores at radix 8.
 */
#ifndef NOCSYN_SYNTH_H
#define NOCSYN_SYNTH_H

#include "nocsyn/core.h"
#include "nocsyn/eval.h"
#include "nocsyn/phys.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_app;

#define NOC_SYNTH_MAX_GRID 64

struct noc_synth_opts {
    int kmin, kmax;       /* switch counts to try (1..ncores by default) */
    int kstep;            /* K = kmin, kmin+kstep, ..., and kmax (0 = default:
                           * 1 up to 128 cores, else ceil(ncores / 128)) */
    int max_radix;        /* ports per switch, cores included (0 = no limit) */
    double link_width;    /* bits (default 32): the point being built */
    double freq_mhz;      /* MHz (default 1000): the point being built */
    /* The (frequency, width) grid explored by noc_synth_run: every method
     * runs once per pair (freq_mhz, link_width set to it); nfreqs == 0 or
     * nwidths == 0 means the single value above. */
    double freqs[NOC_SYNTH_MAX_GRID];
    int nfreqs;
    double widths[NOC_SYNTH_MAX_GRID];
    int nwidths;
    double hop_mw;        /* routing cost of one extra hop, mW (default 0.05) */
    int no_connect;       /* split: leave switch islands unjoined (default 0:
                           * join them with the shortest links the radix
                           * allows, so every core is reachable) */
    double max_util;      /* every link, core links included, may be loaded to this
                           * fraction of its capacity (default 0.8: headroom for
                           * bursts; 1 runs links full) */
    struct noc_tech tech; /* power/area model */
    struct noc_pareto_opts pick; /* the front's tolerances and the choice
                           * rule of the chosen design (core.h; default:
                           * least power) */
    int free_floorplan;   /* 1: the cores' floorplan is nocsyn's own
                           * (noc_floorplan_mincut), so floorplan
                           * co-synthesis (nocsyn/phys.h) floorplans again
                           * with the routers as blocks; 0 (default): the
                           * user's fixed floorplan, routers legalised
                           * around the cores */
    double max_die_growth; /* % the legal layout's die may exceed the
                           * cores' floorplan (bounding box) by; a design
                           * above it is infeasible (0 = no bound) */
    unsigned seed;        /* METIS seed */
    int threads;          /* design points evaluated in parallel (0 = cores) */
    double effort;        /* split: budget factor of the local searches,
                           * refinement and the alternatives' cut descent
                           * (default 1; 0 = neither; see
                           * src/synth/search_int.h noc_synth_search_budget) */
    int slim;             /* split, 1: a design that can be neither on the
                           * front nor chosen (a finished feasible design
                           * dominates it within the Pareto tolerances and
                           * costs over 0.2% less in the --choose figure:
                           * power or latency; never under the weighted or
                           * knee rules, nor where the alternatives or the
                           * variants still read the designs) keeps only its
                           * figures: its topology, loads and flow cycles
                           * are released as the sweep runs, so the peak
                           * memory of a large sweep holds the front, not
                           * every switch count.  0 (default): every design
                           * kept whole (the caller writes them all) */
    /* Method-specific (0 = default). */
    int start;            /* merge: enum noc_merge_start */
    int conc;             /* cmesh: cores per router (0 = sweep 2..8) */
    int ring_size;        /* hring: cores per local ring (0 = sweep 2..8) */
    /* Optional progress sink for long sweeps: called after each design
     * point with the number done and the total, from a worker thread but
     * never from two at once. */
    void (*progress)(void *ud, int done, int total, const char *item);
    void *progress_ud;
};

enum noc_merge_start { NOC_START_FLOORPLAN = 0, NOC_START_MESH = 1 };

/* Defaults above; tech = noc_tech_defaults(). */
void noc_synth_opts_init(struct noc_synth_opts *o);
/* Link capacity in MB/s of the point being built: noc_link_mbps
 * (units.h) of o->link_width and o->freq_mhz. */
double noc_synth_capacity(const struct noc_synth_opts *o);
/* How every synthesized design is evaluated (synth's designs, a package's
 * composed network): eo initialised for topology t under its stored routes
 * (table routing), 1 VC, one thread, o's seed, the capacity of o's point
 * (noc_synth_capacity) and the exact bisection up to 64 nodes.  Never
 * fails.  O(1). */
struct noc_eval_opts;
void noc_synth_eval_opts(const struct noc_synth_opts *o, const struct noc_topo *t, struct noc_eval_opts *eo);
/* The pricing steps of every synthesized design (synth's designs, a
 * package's composed network): the app's traffic on finished topology t
 * (terminals named as the cores), evaluated by noc_synth_eval_opts' rule
 * into d->m, the channel loads in MB/s, and o's tech model's power and area
 * of t under them in d->power_mw and d->area_mm2.  *mbps (may be NULL)
 * receives the loads (t->nch entries, owned by the caller: free()).  d->m
 * is owned by d (noc_metrics_free) once noc_eval has filled it.
 * NOC_ENOMEM, noc_traffic_from_app's and noc_eval's errors.  O(eval). */
struct noc_app;
struct noc_design;
int noc_synth_price(const struct noc_app *app, const struct noc_synth_opts *o, const struct noc_topo *t,
                    struct noc_design *d, double **mbps, struct noc_ctx *ctx);
/* The (frequency, width) grid of o, the one reading of freqs[]/nfreqs and
 * widths[]/nwidths that synthesis and compare's baselines share: its
 * number of frequencies (nfreqs, or 1 when nfreqs == 0) and widths, and
 * frequency / width i (0 <= i < that count; freq_mhz / link_width when the
 * list is empty).  O(1), never fail. */
int noc_synth_grid_nfreqs(const struct noc_synth_opts *o);
int noc_synth_grid_nwidths(const struct noc_synth_opts *o);
double noc_synth_grid_freq(const struct noc_synth_opts *o, int i);
double noc_synth_grid_width(const struct noc_synth_opts *o, int i);

struct noc_design {
    char name[64];        /* e.g. "split_k4" */
    char method[16];      /* "split", ... */
    int switches;
    int feasible;
    char reason[512];     /* why infeasible */
    struct noc_topo topo; /* finalized when feasible: routers, cores as
                           * terminals (named as in the app), routes,
                           * positions and channel lengths */
    struct noc_metrics m; /* evaluation under table routing, app traffic */
    double power_mw, area_mm2;
    int vcs;              /* virtual channels deadlock freedom needs */
    int pareto;           /* on the (power, latency_avg_ns, area, radix_max)
                           * front, within the tolerances (noc_synth_pareto) */
    char same_as[64];     /* "" or the name of the earlier design with the
                           * same power, latency, area and radix (this one
                           * is then never on the front) */
    /* Timing (tech.h): the clock and link width the design was built at,
     * the fmax of its largest router, and the zero-load latency of its
     * flows (bandwidth-weighted average and maximum over the app's flows). */
    double freq_mhz, link_width, fmax_mhz;
    double lat_avg_cycles, lat_max_cycles, lat_avg_ns, lat_max_ns;
    /* The die of the co-synthesised layout (nocsyn/phys.h): the DEF's
     * DIEAREA in mm^2 and the fraction of it the cores fill. */
    double die_mm2, core_util;
    /* The same design priced with the routers and cores where the method
     * placed them before co-synthesis (the placement model that split's
     * search and noc_synth_exact minimise; 0 when not synthesized): the
     * figure a proven bound compares with.  Not a figure of the handed-off
     * design, which power_mw is. */
    double model_power_mw;
    /* A multi-die design's die-to-die layer (package.h; 0 on one die): D2D
     * modules, the traffic over them (MB/s, a flow counted at every
     * crossing), their energy and leakage (mW, within power_mw) and area
     * (mm^2, within area_mm2). */
    int d2d_modules;
    double d2d_mbps, d2d_mw, d2d_area_mm2;
    int *flow_cycles;     /* owned: per app flow, its latency in cycles */
    int nflow_cycles;
};

struct noc_synth_result {
    int n;
    struct noc_design *d; /* owned */
    int chosen;           /* index of the chosen design, -1 if none */
};

void noc_synth_result_init(struct noc_synth_result *r);
void noc_synth_result_free(struct noc_synth_result *r);

/* Runs the split method for K in [o->kmin, o->kmax] on app (whose cores must
 * have positions: see noc_floorplan_mincut).  Every K gets a design entry;
 * infeasible ones keep their reason.  Marks the Pareto set and chooses the
 * feasible design of least power (ties: fewer hops, then fewer switches).
 * Errors: NOC_EINVAL (bad options, K above the core count), NOC_EINFEASIBLE
 * when no K is feasible (the message gives the reason of the last K,
 * naming the flow or switch).  Deterministic for a given seed. */
int noc_synth_split(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx);

/* Merge synthesis (merge.c), after Pinto, Carloni and Sangiovanni-
 * Vincentelli ("Efficient synthesis of networks on chip", ICCD 2003):
 *  start NOC_START_FLOORPLAN: a router at each core, at the core's centre on
 *   the floorplan (app positions), every communicating pair joined by a
 *   direct link (a Manhattan wire on the floorplan), flows in decreasing
 *   bandwidth; a flow whose direct link would break the radix or capacity
 *   is routed over the links already there (split's router, step 2);
 *  start NOC_START_MESH: the cores mapped onto the near-square mesh (cols =
 *   ceil(sqrt N), rows = ceil(N / cols)) by noc_map_cores "auto", each core
 *   in its mesh tile (the floorplan is replaced by the tiling), XY routes;
 *  then, repeatedly, every pair of routers joined by a link (and each
 *  router with the nearest router of another connected component, so that
 *  isolated cores and separate subgraphs can share routers) is tried as a
 *  merge: paths are contracted (a loop through the merged router is cut
 *  out), links no path uses disappear, the merged router sits at the
 *  bandwidth-weighted median of the cores and routers it connects; the
 *  radix, link capacity, every flow's max_hops (paths only shorten) and
 *  deadlock freedom must hold (a flow whose contracted path would close a
 *  dependency cycle is rerouted by split's router, or the merge is
 *  refused).  The merge saving most power (tech model estimate) is made;
 *  stop when none saves power.  Every step is a design ("merge_kK", or
 *  "merge_mesh_kK" from a mesh), its switches placed as split's (step
 *  3), its switch islands joined as split's (unless no_connect) and
 *  evaluated by the engine.  Pareto set and choice as split.
 *  Errors: as split; NOC_EINFEASIBLE when the start cannot be routed.
 *  Cost: O(steps x links x flows x K) path work plus the LP per step. */
int noc_synth_merge(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx);

/* Concentrated mesh (cmesh.c), for c = o->conc (or each c in 2..8 up to the
 * core count): the cores in G = ceil(N / c) groups of at most c (METIS,
 * bandwidth weights, oversized groups repaired), the groups on the
 * smallest near-square mesh holding G routers (cols = ceil(sqrt G)),
 * assigned to routers by noc_map_cores "auto" on the group graph (sum of
 * bandwidth x mesh hops), every mesh link present, dimension-order (XY)
 * routes.  Routers are named r<x + cols*y> and the shape is a MESH of dims
 * {cols, rows} with conc c, so `--routing dor` gives the same routes as the
 * stored table.  1 VC.  A c whose routes exceed a link or whose routers
 * exceed the radix is infeasible with the reason.  Designs "cmesh_cC". */
int noc_synth_cmesh(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx);

/* Hierarchical ring (hring.c), for L = o->ring_size (or each L in 2..8
 * that leaves at least two rings): the cores in g = ceil(N / L) local rings
 * of at most L cores (METIS groups), each core on its own ring router,
 * each ring closed by an interface router; the interface routers on a
 * global ring.  Each local ring's order minimises bandwidth x ring distance
 * (external traffic counted to the interface), the global ring's order
 * minimises inter-ring bandwidth x global distance (exhaustive up to 7
 * cores or 8 rings, else greedy with pairwise swaps).  Routes: shortest
 * ring directions, a flow at a time in decreasing bandwidth, each the
 * shortest candidate (directions on the source ring, the global ring and
 * the destination ring) that keeps the dependency graph acyclic; if some
 * flow has none, every flow takes the turn-restricted routing (one break
 * router per ring that no route passes through -- a core router on local
 * rings -- which is acyclic with 1 VC).  The table routing thus needs 1 VC
 * (a dateline scheme on minimal routes would need 2, which table routes
 * cannot express).  Routers r0..r(N-1) are the core routers ring by ring,
 * r(N+j) the interface of ring j.  Designs "hring_lL". */
int noc_synth_hring(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx);

/* The method registry: runs method `name` ("split", "merge", "cmesh",
 * "hring") at every (frequency, width) of the grid in o (freqs x widths):
 * at each point the link capacity is width x freq / 8, the radix bound is
 * the largest radix whose router meets the clock (noc_tech_max_radix; and
 * o->max_radix when set), and long links are pipelined at that clock.  With
 * more than one grid point the designs are named "<name>_f<MHZ>_w<BITS>"; a
 * point where the method builds nothing (e.g. a core above the link
 * capacity) adds one infeasible entry "<method>_f<MHZ>_w<BITS>" with the
 * reason.  Every design meets each flow's max_latency_ns (else infeasible
 * with the flow named).  NOC_EINFEASIBLE when no point gives a feasible
 * design (a latency bound: the message names the flow and the best latency
 * any design reached); NOC_EINVAL naming the known methods otherwise. */
int noc_synth_run(const char *name, const struct noc_app *app, const struct noc_synth_opts *o,
                  struct noc_synth_result *res, struct noc_ctx *ctx);
/* Method i's name and one-line description (static strings); 0, or -1 past
 * the end. */
int noc_synth_method_info(int i, const char **name, const char **desc);

/* Re-checks a synthesized design t (finalized, with its stored routes:
 * e.g. a design's topo, or its D.dot read back) against the app and the
 * options it was made for, from the topology alone: every flow has a route
 * between the terminals named as its cores, over existing channels, within
 * its max_hops; the flows' bandwidth on every channel (injection and
 * ejection included) is at most capacity x max_util; every router's radix
 * is at most max_radix.  Synthesis calls it on every feasible design and
 * fails with NOC_EINTERNAL when it does not hold.  NOC_OK, or
 * NOC_EINFEASIBLE naming the flow, channel or router at fault; NOC_EINVAL
 * (t not finalized), NOC_ENOMEM.  O(routes + flows x path length + channels). */
int noc_synth_verify(const struct noc_topo *t, const struct noc_app *app, const struct noc_synth_opts *o,
                     struct noc_ctx *ctx);

/* Zero-load latency of every flow of app over the stored routes of t (whose
 * terminals are named after the cores they carry, as synthesized designs
 * and compare's mapped baselines are), at t's clock and width (tech.h, noc_tech_flow_cycles): cycles[f]
 * (caller's array of app->nflows, may be NULL), the bandwidth-weighted
 * average and the maximum in cycles.  NOC_EINVAL naming the flow when one
 * has no route; NOC_ENOMEM.  O(routes x path length). */
int noc_synth_latency(const struct noc_app *app, const struct noc_topo *t, const struct noc_tech *tech,
                      int *cycles, double *avg_cycles, double *max_cycles, struct noc_ctx *ctx);

/* Marks res->d[i].pareto over feasible designs (noc_pareto_front of
 * core.h over power, latency_avg_ns, area and radix_max, within p's
 * tolerances; of identical designs only the first, the others naming it in
 * same_as) and sets res->chosen by p's rule: least power (the default;
 * ties: lower latency, then fewer switches), least latency, weighted or
 * knee; an identical design's first copy stands for it.  NOC_ENOMEM.
 * O(n^2). */
int noc_synth_pareto(struct noc_synth_result *res, const struct noc_pareto_opts *p, struct noc_ctx *ctx);

/* The exact reference for split (exact.c; a benchmark, not a method of
 * the registry): the least-power design with exactly K switches under
 * split's cost model and constraints, as one mixed-integer program solved
 * by GLPK: core-to-switch assignment (every switch holds a core), switch
 * positions (continuous, within the cores' bounding box, Manhattan wires
 * linearised with big-M terms), open links, one path per flow (flow
 * conservation between the cores' switches), link capacity, radix (ports
 * counted one-hot so the router leakage and the crossbar's per-port
 * dynamic energy are exact), each flow's max_hops, an acyclic channel
 * dependency graph (a rank per channel that grows along every dependency a
 * flow creates) and, unless o->no_connect, every switch reachable.  Every
 * coefficient comes from the tech model's functions (noc_tech_router_mw,
 * noc_tech_channel_mw), so the program follows the model.  The solution is
 * rebuilt as design "exact_kK" (routers placed where the program put them)
 * and evaluated like split's designs (noc_synth_finish): its
 * model_power_mw is the program's objective (its power_mw, like every
 * design's, the co-synthesised legal layout's; compare split's
 * model_power_mw with the bound).  prm (NULL = defaults: prove optimality) bounds the
 * search; *bound_mw receives the best lower bound on the power (the optimum
 * when proven).  Returns NOC_OK (proven optimal within prm->mip_gap; d
 * filled, owned by the caller: noc_topo_free, noc_metrics_free and
 * free(d->flow_cycles)),
 * NOC_ELIMIT (a limit stopped the search: d holds the best design found
 * when d->feasible, else none), NOC_EINFEASIBLE (no design: d->reason),
 * NOC_EINVAL (K outside 1..ncores, bad input as split), NOC_ENOMEM.
 * Size: N K + F K (K - 1) binaries for N cores and F flows; meant for
 * small apps (12 cores, K <= 4 take seconds to minutes).  Implied rows
 * tighten the relaxation: core-link wire >= the cores' weighted Manhattan
 * K-median (up to 16 cores; O(K 3^N) to compute), total wire >= sum of
 * bandwidth x the flow's cores' Manhattan distance, flits into switches >=
 * (injected + the least K-way crossing bandwidth) x flits per MB. */
struct noc_lp_params;
int noc_synth_exact(const struct noc_app *app, const struct noc_synth_opts *o, int K,
                    const struct noc_lp_params *prm, struct noc_design *d, double *bound_mw,
                    struct noc_ctx *ctx);

/* The min-cut floorplanner and the floorplan rule (noc_floorplan_mincut,
 * noc_floorplan_place) are the phys module's: nocsyn/phys.h. */

#ifdef __cplusplus
}
#endif

#endif
