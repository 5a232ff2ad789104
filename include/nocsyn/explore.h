/* nocsyn explore: the design-space exploration flow behind `nocsyn compare`
 * (docs/INTERFACE.md section 3.4).
 *
 * For an app: every requested synthesis method (its chosen design) and every
 * requested regular baseline sized to fit the app, with the app's cores
 * placed on the baseline's terminals by the "auto" mapping of map.h (the
 * baseline's terminals are then renamed after the cores they carry, so
 * every design file is self-describing).  Every design is evaluated on the
 * app's traffic under its own routing (table for synthesized designs,
 * dimension-order for meshes, tori, cmeshes and flattened butterflies,
 * destination-tag for butterflies, nca for Clos and fat trees, up*-down* for
 * hierarchical rings), with the ECMP
 * and ideal (LP) loads beside, and power and area from the tech model.
 *
 * Every baseline's tiles are square with the pitch of the largest core's
 * longer side (1 mm for cores without a size), so each core fits its tile.
 * Clos, fat tree and butterfly are folded: terminals on a near-square grid
 * of tiles in Morton order, every switch at the barycentre of its links'
 * other ends (the least sum of squared link lengths).
 *
 * Baseline sizing for C cores (registry in src/explore/baseline.c):
 *   mesh, torus   X x Y routers, X = ceil(sqrt C), Y = ceil(C / X), one core
 *                 per router; the torus is checked with 2 VCs (dateline);
 *   cmesh         c = 4: ceil(C/4) routers on a near-square mesh;
 *   hring         local rings of 4 cores, ceil(C/4) of them (>= 2);
 *   flatfly       2-D k-ary flattened butterfly, c = 2, k = ceil(sqrt(C/2));
 *   clos          Clos(m = n, n, r = n), n = ceil(sqrt C);
 *   fattree       2-ary n-tree, 2^n >= C;
 *   butterfly     2-ary n-fly, 2^n >= C.
 */
#ifndef NOCSYN_EXPLORE_H
#define NOCSYN_EXPLORE_H

#include "nocsyn/core.h"
#include "nocsyn/eval.h"
#include "nocsyn/sim.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_app;
struct noc_package;

/* One design of a comparison.  Owned by struct noc_compare. */
struct noc_entry {
    /* The design record (synth.h), the one synth, compare and the writers
     * share: d.name (e.g. "split_k4", "mesh"), d.method (the synthesis
     * method, or the baseline family), d.switches, d.vcs (the virtual
     * channels `routing` needs), d.topo (terminals named after the cores
     * they carry), d.m (the evaluation under `routing`, app traffic),
     * d.power_mw, d.area_mm2; timing (tech.h): d.freq_mhz and d.link_width,
     * the clock and width the design runs at (a synthesized design: the
     * ones it was built at; a baseline: the same search synthesized designs
     * get -- of the grid's (clock, width) points where its largest router
     * closes timing, its links stay within --max-util and every flow meets
     * its max_latency_ns, the one synth.pick chooses (least power by
     * default); without such a point, the one breaking the fewest of those
     * three, then least utilised, then of least power), d.fmax_mhz of its largest
     * router, d.lat_avg_cycles, d.lat_avg_ns, d.lat_max_ns: the zero-load
     * latency of the app's flows over its routes (bandwidth-weighted
     * average, maximum); d.pareto: see below.  d.feasible is 1; d.reason,
     * d.lat_max_cycles and d.flow_cycles are unused (0).  The entry owns
     * d.topo and d.m. */
    struct noc_design d;
    char kind[12];        /* "synth" or "baseline" */
    char spec[240];       /* generator spec of a baseline, "" otherwise */
    char routing[16];     /* routing the design is evaluated under */
    double ecmp_load_mbps;  /* NAN when not computed */
    double ideal_load_mbps; /* NAN when the LP is above its size limit */
    double map_cost;      /* sum bw x hops of the mapping (baselines) */
    double *load_mbps;    /* per channel, own routing; owned */
    /* With simulate: the latency-load sweep of the cycle-level simulator
     * under the design's own routing and the app's traffic (offered 1 =
     * the busiest core injecting one flit per cycle). */
    int simulated;
    struct noc_sim_result sim;
    double sim_headroom;  /* saturation x capacity / busiest core's MB/s:
                           * how many times the app's bandwidth it sustains */
    char *sim_svg;        /* the latency-load plot; owned */
    /* The constraints the design breaks (noc_compare_run checks every
     * entry alike): "" when none, else names joined by ';' in this order:
     * max_hops (a flow's route crosses more router-to-router links than
     * its max_hops), radix (a router above --max-radix), timing (its
     * largest router's fmax is below the clock it runs at), capacity (a
     * channel, core links included, above --max-util of capacity under the
     * design's own routing), latency (a flow's zero-load latency above its
     * max_latency_ns), deadlock (its routing is not deadlock free).
     * violation_text says by how much, for the report. */
    int chosen;           /* 1 for the comparison's chosen entry (noc_compare.chosen) */
    char violations[80];
    char violation_text[400];
    /* d.pareto = 1: no other design that breaks no constraint is at least
     * as good in power, average latency (ns, or hops without a clock), area
     * and largest radix and better in one, within the tolerances of
     * synth.pick (noc_pareto_front, core.h: 1% on power, latency and area,
     * 100% on radix by default); a violating design is never on it, nor is
     * a design identical to an earlier one (the same four figures): its
     * d.same_as names that one. */
};

/* A method or baseline compare could not build, and why. */
struct noc_skip {
    char name[32];
    char kind[12];  /* "synth" or "baseline" */
    char reason[1024];
};

struct noc_compare_opts {
    const char *methods;   /* comma list of synth methods (default split,merge,cmesh,hring) */
    const char *baselines; /* comma list (default all eight); an element
                            * "gen:FAMILY:P=V,P=V" is a user's baseline
                            * (noc_baseline_user), its commas kept */
    struct noc_synth_opts synth; /* constraints, tech, seed shared by all */
    int ideal;             /* compute the ideal LP load (default 1) */
    double wire_budget;    /* > 0: every baseline's link width is the one
                            * that puts this many wires across its bisection,
                            * floor(budget / (bisection links x 2 for a
                            * bidirectional link, 1 for a one-way one)), >= 1
                            * (the equal-wiring comparison); synthesized
                            * designs keep their widths.  0 = off (default) */
    /* Optional (NULL = none; not owned): a multi-die package (package.h).
     * compare then adds, after the methods and baselines, the chosen
     * design of noc_package_synth (kind "synth", method "package", named
     * as there; its sweep covers the whole (frequency, width) grid) and
     * its baselines at the chosen design's clock and width and the packed
     * module count: "mesh_bridged" (kind "baseline": each die a mesh, the
     * same D2D modules) and, 2.5-D, "mesh_interposer" (the interposer
     * mesh, package.h), each evaluated under its table routes like any
     * entry, its power and area with the D2D price added and its latency
     * the package model's (D2D channels at their cycles).  A package with
     * no feasible design is listed as skipped. */
    const struct noc_package *package;
    int simulate;          /* run the simulator on every design (default 0) */
    struct noc_sim_opts sim; /* its options (routing and VCs set per design) */
    double sim_from, sim_to, sim_step; /* offered loads swept (default
                           * 0.05:1:0.05; noc_sim_sweep refines saturation) */
    /* Optional progress sink, called after each design with the number
     * done, the total and the design's name (from the calling thread). */
    void (*progress)(void *ud, int done, int total, const char *design);
    void *progress_ud;
};

void noc_compare_opts_init(struct noc_compare_opts *o);

struct noc_compare {
    int n;
    size_t cap;
    struct noc_entry *e;
    int chosen;            /* the entry the choice rule (synth.pick of the
                            * options) takes among those that break no
                            * constraint; -1 when every one breaks one */
    int multi_die;         /* a package was compared (o->package):
                            * summary.csv ends with d2d_modules, d2d_mbps,
                            * d2d_share (emit.h noc_d2d_cells) */
    int nskip;             /* skipped methods and baselines, in run order */
    size_t skipcap;
    struct noc_skip *skip;
};

void noc_compare_init(struct noc_compare *c);
void noc_compare_free(struct noc_compare *c);

/* Runs the comparison for app (read from app_path, used for app traffic);
 * the app's cores must have positions (noc_floorplan_mincut).  A method or
 * baseline that cannot be built for this app (infeasible constraints, too
 * few cores for its smallest size) is skipped with a note and listed in
 * out->skip; unknown names in the lists are NOC_EINVAL.  Every entry's
 * violations and pareto flag are filled.  Deterministic for the seed. */
int noc_compare_run(struct noc_app *app, const char *app_path, const struct noc_compare_opts *o,
                    struct noc_compare *out, struct noc_ctx *ctx);

/* The baseline registry, for --help: name i, its sizing rule and routing;
 * returns -1 past the end. */
int noc_baseline_info(int i, const char **name, const char **rule, const char **routing);

/* The generator spec of baseline `name` sized for `cores` cores (e.g.
 * "mesh:dims=4x3"), its routing model name and VCs.  NOC_EINVAL for an
 * unknown name, NOC_EUNSUP when the app is too small for the family. */
int noc_baseline_spec(const char *name, int cores, char *spec, size_t len,
                      const char **routing, int *vcs, struct noc_ctx *ctx);

/* A user's baseline, gspec = "gen:FAMILY:PARAMS" (any generator spec of
 * gen.h): spec = the spec after "gen:", name = a file-safe design name made
 * from it ("gen:mesh:dims=8x4" -> "mesh_dims_8x4", at most nlen - 1
 * bytes), *routing and *vcs those of the registry's baseline of the same
 * family, else "updown" with 1 VC.  NOC_EINVAL when the spec does not
 * generate (the generator's message) or has fewer terminals than `cores`
 * (named); NOC_ENOMEM.  Generates the topology once: O(its size). */
int noc_baseline_user(const char *gspec, int cores, char *name, size_t nlen, char *spec, size_t len,
                      const char **routing, int *vcs, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
