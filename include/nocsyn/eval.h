/* nocsyn eval: the evaluation engine (docs/INTERFACE.md section 2 and 3.2).
 *
 * One sweep per source terminal (terminals sharing their only injection
 * router share one) over the CSR graph computes together hop counts,
 * minimal-path counts (doubles, rescaled by exact powers of two per BFS
 * level where they could overflow), ECMP channel loads (Brandes-style
 * reverse accumulation), diameter and path diversity; deterministic
 * routings (route.h) add their own loads and the deadlock check;
 * ideal/optimal loads come from GLPK linear programs; the bisection from a
 * GLPK integer program or a METIS bound.  Sources are processed in parallel
 * with results bit-identical to one thread.
 *
 * Conventions (docs/INTERFACE.md section 2; implementation notes in src/eval/sweep.c):
 *  - a path runs terminal -> router ... router -> terminal and never transits
 *    a terminal; hops = router-to-router channels;
 *  - hops_avg weighs every ordered pair by its traffic (uniform: all N^2
 *    pairs, self included); hops_avg_excl_self the pairs s != d; hops_max
 *    is over pairs with traffic; diameter over all terminal pairs (minimal
 *    hops, whatever the routing);
 *  - ecmp splits each pair's traffic equally over all its minimal
 *    channel-level paths (path-count weighted, not per next hop);
 *  - path diversity is the unweighted mean / min / max, over the pairs
 *    s != d with traffic, of the number of minimal ROUTER-level paths
 *    (ecmp, ideal, and optimal -- for optimal the minimal paths too), or of
 *    the paths the routing gives (dor, updown, desttag, table); hops for
 *    ideal and optimal are those of minimal paths as well;
 *  - max_channel_load is over router-to-router channels only; `load` holds
 *    every channel (injection and ejection included); a channel with its
 *    own capacity below its width's (noc_channel.capacity_mbps, a D2D
 *    module) counts as load / noc_topo_channel_rate (topo.h), and its
 *    capacity[] (max_utilization) is that own capacity; ideal and optimal
 *    (the LP) still take every channel at the link's capacity;
 *  - a router with a shared concentrator port (noc_node.shared) has ONE
 *    injection and ONE ejection port for all its terminals: max_port_load is
 *    the largest sum of its terminals' injection (or ejection) channel loads
 *    (self traffic included: it passes the port both ways), and throughput =
 *    1 / max(max_channel_load, max_port_load); without shared ports
 *    max_port_load is NAN and not reported;
 *  - parallelism: sources are cut into fixed chunks whose partial sums are
 *    added in chunk order, so results do not depend on opts.threads.
 */
#ifndef NOCSYN_EVAL_H
#define NOCSYN_EVAL_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_traffic;
struct noc_topo_params;

struct noc_eval_opts {
    int routing;        /* enum noc_routing_model (route.h); default ecmp */
    int vcs;            /* virtual channels for the deadlock check (>= 1) */
    int threads;        /* 0 = every core */
    int bisection;      /* compute the bisection (may be costly) */
    unsigned seed;      /* for METIS and anything randomised */
    double link_capacity_mbps; /* > 0: max_utilization is computed */
};

/* Sets defaults: ecmp, 1 VC, all cores, bisection on, seed 1, no capacity. */
void noc_eval_opts_init(struct noc_eval_opts *o);

struct noc_metrics {
    char topology[128], traffic[256], routing[32];
    int routers, terminals, links, channels;
    int degree_min, degree_max;
    double degree_avg;
    int radix_min, radix_max;
    double radix_avg;
    int diameter;            /* router hops, over terminal pairs; -1 if disconnected */
    double hops_avg, hops_avg_excl_self;
    int hops_max;            /* over pairs with traffic */
    double max_channel_load; /* relative to injection 1 per terminal */
    double throughput;       /* 1 / max(max_channel_load, max_port_load)
                              * (inf -> 0 load: reported as null) */
    double max_channel_load_mbps; /* app traffic only, else NAN */
    double max_utilization;  /* app traffic with a capacity, else NAN; over every
                              * channel, core links included */
    double pd_avg, pd_min, pd_max; /* path diversity over communicating pairs */
    int bisection_links;     /* -1 when not computed */
    int bisection_exact;
    int deadlock_free;       /* 1, 0, or -1 for null (ecmp/ideal/optimal) */
    double wire_length_mm;   /* NAN when positions are missing */
    int nch;
    double *load;            /* per channel id (all channels), owned */
    /* Extensions (after the docs/INTERFACE.md fields). */
    double pd_log10_max;     /* log10 of pd_max, valid even when pd_max
                              * overflows the double range (then inf) */
    double unit_mbps;        /* MB/s per unit of load (app traffic), else 0 */
    double *capacity;        /* per channel MB/s when known (else 0), owned;
                              * NULL when no capacity is known at all */
    int vcs;                 /* virtual channels of the deadlock check */
    double max_port_load;    /* shared concentrator ports, else NAN */
    const struct noc_topo_params *params; /* optional, not owned: when set,
                              * the writers add "parameters" (eval --params) */
};

/* Zeroes m (NAN / -1 where a field may be null).  Pair with
 * noc_metrics_free, which releases the arrays. */
void noc_metrics_init(struct noc_metrics *m);
void noc_metrics_free(struct noc_metrics *m);

/* Evaluates t (finalized) under traffic tr (finalized, tr->n == number of
 * terminals).  m must be initialised (a previous result is released); it is
 * filled and owns its arrays.  opts may be NULL (defaults).  Errors:
 * NOC_EINVAL (traffic size mismatch, vcs < 1), NOC_EUNSUP (routing does not
 * apply), NOC_ELIMIT (LP too large, path counts beyond range),
 * NOC_EINFEASIBLE (a pair with traffic has no path), NOC_ENOMEM.
 * Cost: ecmp O(G * (R + N + E)) for G source groups (terminals sharing one
 * injection router form one group), memory O(R + N + E) per thread;
 * deterministic routings add O(pairs * path length) plus the deadlock check;
 * ideal/optimal add the LP; the bisection its integer program. */
int noc_eval(const struct noc_topo *t, const struct noc_traffic *tr,
             const struct noc_eval_opts *o, struct noc_metrics *m, struct noc_ctx *ctx);

/* ---- LP-based loads (src/eval/lpload.c) and bisection (src/eval/bisection.c) */

/* Min-max channel load for routing NOC_RT_IDEAL (fractional over minimal
 * paths) or NOC_RT_OPTIMAL (over all paths), formulated per destination
 * (multi-commodity flow with one commodity per destination).  *max_load is
 * the optimum; `load` (nch entries, may be NULL) receives an optimal flow.
 * For NOC_RT_IDEAL with flows only (tr->uniform == 0, every terminal on one
 * router) and an LP of 20k nonzeros or more, at least 16 per flow, the path
 * LP is solved by column generation instead (src/eval/lpload_cg.c):
 * *max_load is then attained by the routing in `load` and within 1e-6
 * (relative) above the optimum, certified by the LP dual bound (else the
 * LP is solved).  NOC_ELIMIT with a clear message above the documented
 * size limit (200k nonzeros).  Cost: GLPK's; column generation O(C (R +
 * E)) per round for C destination routers plus its master LP. */
int noc_eval_lp_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     double *max_load, double *load, struct noc_ctx *ctx);

/* Fewest router-router links cut by a partition splitting the terminals
 * into floor(N/2) and ceil(N/2) (routers free to go either side).  Exact
 * (integer program) up to the documented size, *exact = 1; beyond, a METIS
 * upper bound, *exact = 0. */
int noc_eval_bisection(const struct noc_topo *t, unsigned seed, int *links, int *exact,
                       struct noc_ctx *ctx);

/* Fewest router-router links cut by a partition with at least `side`
 * terminals on each side (1 <= side <= N/2; terminals stay with their
 * routers as for the bisection).  side = floor(N/2) is the bisection
 * above; a smaller side admits unbalanced cuts: on a 3x3 mesh side 3 gives
 * the 3/6 cut of one column (3 links) that textbooks take for odd sizes,
 * against 4 links for the balanced 4/5 split.  Same method, limits and
 * exactness as noc_eval_bisection.  NOC_EINVAL for side out of range. */
int noc_eval_cut(const struct noc_topo *t, int side, unsigned seed, int *links, int *exact,
                 struct noc_ctx *ctx);

/* ---- topology parameters beside the metrics (src/eval/props.c) */

#define NOC_SYM_MAXR 128 /* symmetry searched up to this many routers */

/* Plain value, nothing to release. */
struct noc_topo_params {
    /* router-to-router channels entering / leaving each router (equal on
     * networks of bidirectional links; a unidirectional MIN differs) */
    int in_min, in_max, out_min, out_max;
    double in_avg, out_avg;
    /* Symmetry of the router graph (directed channels, routers coloured by
     * their terminal channels): 1 yes, 0 no, -1 unknown (more than
     * NOC_SYM_MAXR routers or the search budget ran out).  Exact: decided
     * by an automorphism search, not by the family name.
     * vertex_transitive: the network looks the same from every router
     * (Hwang's "symmetric" network); edge_transitive: every link (as an
     * unordered router pair) can be mapped onto every other. */
    int vertex_transitive, edge_transitive;
    /* Bandwidth of a link width w (bits) and clock f (MHz); NAN when w or f
     * is unknown.  channel = port = w f / 8 MB/s; aggregate = N x port
     * (every terminal injecting); channels = router-router channels x
     * channel; wire bisection B = b x w (b = bisection links, Hwang's
     * "wire bisection width", wires per direction); bisection bandwidth =
     * 2 b x channel (both directions of every cut link, Dally & Towles's
     * B_B). */
    double width, freq_mhz;
    int bisection_links;  /* b, -1 when not computed */
    double channel_mbps, port_mbps, aggregate_mbps, channels_mbps;
    double bisection_wires, bisection_mbps;
    /* Optional unbalanced cut (noc_eval_cut), cut_side 0 when not asked. */
    int cut_side, cut_links, cut_exact;
};

/* Fills p for t (finalized): degrees, symmetry and bandwidth for link width
 * `width` and clock `freq_mhz` (<= 0: the topology's link_width and
 * freq_mhz), with bisection_links b (-1 unknown).  NOC_EINVAL for an
 * unfinalized topology, NOC_ENOMEM.  O(C) for the degrees; the symmetry
 * search is O(R^2) per label and backtracks within a fixed step budget per
 * router or link pair (R <= NOC_SYM_MAXR), at most R + E searches. */
int noc_topo_params(const struct noc_topo *t, double width, double freq_mhz, int bisection_links,
                    struct noc_topo_params *p, struct noc_ctx *ctx);

/* Metrics as the JSON object of docs/INTERFACE.md section 3.2 (nocsyn/json.h, pretty-printed, one
 * trailing newline), or as an aligned text table for people.  Appended to
 * out.  Numbers are rounded to 12 significant digits (floating-point noise
 * below that is not reported); null where docs/INTERFACE.md allows (no traffic,
 * infinite throughput, ecmp/ideal/optimal deadlock_free, unknown wire
 * length) and "bisection": null when it was not computed.  Extra keys:
 * "path_diversity"."log10_max" when a count overflows the double range.
 * NOC_ENOMEM on failure. */
int noc_metrics_to_json(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx);
int noc_metrics_to_text(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx);

/* The same JSON as a document of the JSON writer (nocsyn/json.h) owned by
 * the caller (noc_json_free), for writers that add keys (synth designs).
 * NULL with NOC_ENOMEM in ctx on failure. */
struct noc_json;
struct noc_json *noc_metrics_json_object(const struct noc_metrics *m, struct noc_ctx *ctx);

/* Output formats and flags of noc_metrics_write. */
enum noc_metrics_format { NOC_METRICS_JSON = 0, NOC_METRICS_TEXT = 1 };
#define NOC_METRICS_LOADS 1  /* add the per-channel loads (needs t) */

/* noc_metrics_to_json / _to_text, plus with NOC_METRICS_LOADS the load of
 * every channel: JSON key "channel_loads", an array in channel-id order of
 * {"from": NAME, "to": NAME, "load": num} (+ "load_mbps" with app traffic,
 * + "utilization" when capacities are known); text: a table of the
 * router-to-router channels.  t must be the evaluated topology (may be NULL
 * without the flag).  NOC_EINVAL for a mismatched t, NOC_ENOMEM. */
int noc_metrics_write(const struct noc_metrics *m, const struct noc_topo *t, int format,
                      int flags, struct noc_buf *out, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
