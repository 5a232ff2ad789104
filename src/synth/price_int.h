/* Internal to src/synth/: pricing a routed switch graph as a design --
 * the shared finish (topology, evaluation, tech model: design.c), the
 * timing re-check (timing.c), the power estimate the searches compare
 * (refine.c), the Pareto objectives and pruning of split's designs
 * (alt.c) and the lower bounds behind the exact method (bounds.c).
 * Every fallible function returns a status (core.h).  docs/layout.md
 * describes the module. */
#ifndef NOCSYN_SYNTH_PRICE_INT_H
#define NOCSYN_SYNTH_PRICE_INT_H

#include "swnet_int.h"

struct noc_app;
struct noc_design;
struct noc_shape;
struct noc_synth_opts;
struct noc_synth_result;

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
/* Fills d's timing from its finished topology at o's clock and width: channel
 * latencies, fmax of the largest router, each flow's zero-load latency
 * (d->flow_cycles, owned by d), averages; then re-checks a feasible design
 * against the clock, --max-radix, --max-util (every channel), max_hops and
 * max_latency_ns, clearing d->feasible with the reason when one fails.
 * Errors: NOC_ENOMEM, NOC_EINTERNAL (a flow without a route). */
int noc_synth_timing(const struct noc_app *app, const struct noc_synth_opts *o, struct noc_design *d,
                     struct noc_ctx *ctx);
/* Removes (frees) the designs res->d[lo..hi-1] that are infeasible, or
 * dominated by a feasible design of res (no worse in power, latency, area
 * and radix and better in one; or equal in all four to an earlier design);
 * the others keep their order.  O((hi - lo) n). */
void noc_synth_prune(struct noc_synth_result *res, int lo, int hi);
/* A design's objectives on the Pareto front, all minimised (synth.h):
 * power, average latency in ns, area, largest radix; noc_synth_objectives
 * rounds the first three to 1 / SYNTH_OBJ_ROUND (1e-9 mW, ns, mm2:
 * noc_pareto_round), so that two designs whose figures differ only by the
 * order of a floating-point sum (MWD's merge_k6 and split_k6_x1: areas one
 * ulp apart) compare as equal; _raw leaves them as they are. */
#define SYNTH_OBJ_ROUND 1e9
void noc_synth_objectives(const struct noc_design *d, double v[4]);
void noc_synth_objectives_raw(const struct noc_design *d, double v[4]);
/* Power (mW) of a routed, placed switch graph as noc_tech_topo counts it:
 * routers, router-router channels, and each core's two channels to its
 * switch (in/out: the cores' bandwidths).  INFINITY when out of memory. */
double noc_synth_net_power(const struct noc_synth_opts *o, const struct swnet *n, int ncores, const int *core_sw,
                           const double *cx, const double *cy, const double *in, const double *out);

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
