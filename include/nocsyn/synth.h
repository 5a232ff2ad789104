/* nocsyn synth: application-specific topology synthesis (INTERFACE 3.3) and
 * the min-cut floorplanner (INTERFACE 3.5).
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
 *  3. place the switches with a GLPK linear program minimising the
 *     bandwidth-weighted Manhattan length of core-switch and switch-switch
 *     links, given the core positions of the floorplan;
 *  4. evaluate with the evaluation engine (table routing = the routes), and
 *     power/area with the tech model (tech.h).
 * A K is infeasible (with the reason kept) when a group's cores alone exceed
 * the radix, or a flow cannot be routed under the constraints.
 */
#ifndef NOCSYN_SYNTH_H
#define NOCSYN_SYNTH_H

#include "nocsyn/core.h"
#include "nocsyn/eval.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

struct noc_app;

struct noc_synth_opts {
    int kmin, kmax;       /* switch counts to try (1..ncores by default) */
    int kstep;            /* K = kmin, kmin+kstep, ..., and kmax (0 = default:
                           * 1 up to 128 cores, else ceil(ncores / 128)) */
    int max_radix;        /* ports per switch, cores included (0 = no limit) */
    double link_width;    /* bits (default 32) */
    double freq_mhz;      /* MHz (default 1000) */
    double hop_mw;        /* routing cost of one extra hop, mW (default 0.05) */
    double max_util;      /* a link may be loaded to this fraction (default 1) */
    struct noc_tech tech; /* power/area model */
    unsigned seed;        /* METIS seed */
    int threads;          /* design points evaluated in parallel (0 = cores) */
};

/* Defaults above; tech = noc_tech_defaults(). */
void noc_synth_opts_init(struct noc_synth_opts *o);
/* Link capacity in MB/s: width x freq / 8. */
double noc_synth_capacity(const struct noc_synth_opts *o);

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
    int pareto;           /* on the (power, hops_avg, radix_max) front */
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

/* Marks res->d[i].pareto over feasible designs and sets res->chosen. */
void noc_synth_pareto(struct noc_synth_result *res);

/* Min-cut floorplan (INTERFACE 3.5): places the app's cores (sizes from
 * app->cores[i].w/h when has_size, else 1 x 1 mm) by recursive METIS
 * bisection (bandwidth weights) of the cores while slicing the die by area,
 * so that heavily communicating cores sit close.  Sets x, y (lower-left) and
 * w, h of every core.  Deterministic for a seed.  O(N log N) METIS calls. */
int noc_floorplan_mincut(struct noc_app *app, unsigned seed, struct noc_ctx *ctx);

#endif
