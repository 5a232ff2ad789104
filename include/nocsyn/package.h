/* nocsyn package: multi-die synthesis (issue 31; docs/INTERFACE.md section
 * 1.7 for the package file, README "Multi-die synthesis: `package`").
 *
 * A package holds dies: chiplets side by side on a substrate or interposer
 * (2.5-D: a die has a size and a lower-left corner in the package, mm) or a
 * 3-D stack (a die has a size and a layer index; layer i sits on layer
 * i - 1).  Two 2.5-D dies are neighbours when their facing edges are at
 * most `max_gap` mm apart and overlap along the edge (the overlap is the
 * boundary's shoreline); two 3-D dies are neighbours when their layers are
 * consecutive.  Every boundary has a die-to-die (D2D) interface type: a
 * preset of the one registry below or the package's default, with any
 * figure overridden.  A D2D module carries lanes x gbps (one direction
 * each way, both directions alike) at pj_bit pJ/bit and adds latency_ns; a
 * 2.5-D boundary holds at most floor(shoreline x per_mm) modules, a 3-D
 * boundary at most `budget` (its TSV / bond budget expressed in modules).
 *
 * Synthesis (noc_package_synth), for every switch count K of the sweep
 * (each die gets min(K, its cores + its D2D modules) switches) and every
 * module setting (the least modules each boundary needs, and one more per
 * boundary while the budget allows):
 *  1. cores are on the dies the package file pins them to (`core` lines)
 *     or the floorplan's `die` column does (noc_core.die), else METIS
 *     k-way splits them over the dies (core area as the vertex weight,
 *     a core without a size 1 mm2; bandwidth both ways as the edge
 *     weight: the cut is the D2D bandwidth), repaired for dies of
 *     unequal size by least-cut single-core moves while a die holds more
 *     core area than it has; a die whose cores still exceed it is an error;
 *  2. a flow between dies takes the shortest die path (breadth-first over
 *     the boundaries, lowest die index first) and at each boundary one D2D
 *     module, first-fit decreasing by bandwidth onto the least loaded
 *     module in its direction; a module carries at most max_util x
 *     min(its bandwidth, the on-die link capacity);
 *  3. each die is synthesized alone by split (synth.h) on its own sub-app:
 *     its cores plus one pseudo-core per D2D module on its boundaries
 *     (named "d2d.<OTHER>.<J>", on the die edge facing OTHER, or at the
 *     die centre in 3-D), a flow's segments on that die as flows;
 *  4. the dies are composed into one topology: routers renamed
 *     "<DIE>.<router>", positions moved by the die's corner, each D2D
 *     module two adapter routers "<DIE>.d2d.<OTHER>.<J>" (2 ports, the tech
 *     model) joined by a D2D channel of ceil(latency_ns x freq / 1000)
 *     cycles (at least 1), no on-die wire and the module's own capacity
 *     (noc_channel.capacity_mbps: eval, sim and the latency model pace it,
 *     topo.h noc_topo_channel_rate); every flow's route is the
 *     concatenation of its segments' routes;
 *     the composed topology gets one legal layout (phys.h
 *     noc_phys_cosynth, the cores fixed: adapters and routers moved off
 *     the cores and each other; its die is d.die_mm2), so what is priced
 *     is what the DEF hands off;
 *  5. the composed network is evaluated by the engine (table routing, 1 VC):
 *     its channel dependency graph over all routes is checked for cycles --
 *     each die's routes alone are acyclic (split guarantees it), but their
 *     composition need not be; a cyclic composition is infeasible with the
 *     cycle named.  Power = the tech model of the composed network + per
 *     module leak_mw + D2D traffic x 8 x pj_bit / 1000 mW per MB/s; area =
 *     the tech model + area_mm2 per module; per-flow latency by the one
 *     latency model (tech.h), the D2D channels at their cycles.
 */
#ifndef NOCSYN_PACKAGE_H
#define NOCSYN_PACKAGE_H

#include "nocsyn/core.h"
#include "nocsyn/synth.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_app;

/* A D2D interface type.  Presets: noc_d2d_preset. */
struct noc_d2d_type {
    char name[32];
    int stacked;        /* 1: 3-D bonding (budget per boundary), 0: shoreline */
    double lanes;       /* data lanes per module, each direction */
    double gbps;        /* Gb/s per lane */
    double pj_bit;      /* energy per bit crossing */
    double latency_ns;  /* one crossing */
    double per_mm;      /* modules per mm of shoreline (2.5-D) */
    double budget;      /* modules per layer boundary (3-D) */
    double area_mm2;    /* per module, both sides together */
    double leak_mw;     /* per module, both sides together */
};

/* The preset named `name` (ucie-standard, ucie-advanced, bow, hybrid-bond)
 * copied into *t; -1 when unknown.  Preset i (0..) by index: its name, or
 * NULL past the end.  O(presets). */
int noc_d2d_preset(const char *name, struct noc_d2d_type *t);
const char *noc_d2d_preset_name(int i);
/* A module's bandwidth in MB/s each way: lanes x gbps x 1000 / 8.  O(1). */
double noc_d2d_mbps(const struct noc_d2d_type *t);

#define NOC_PKG_MAX_DIES 64

struct noc_die {
    char name[64];
    double w, h;        /* mm */
    double x, y;        /* lower-left corner (2.5-D) */
    int layer;          /* 3-D layer, -1 for 2.5-D */
};

/* A boundary between two neighbouring dies a < b. */
struct noc_boundary {
    int a, b;
    double shoreline_mm; /* 2.5-D: the facing edges' overlap; 3-D: 0 */
    int max_modules;     /* the shoreline's or the budget's bound */
    struct noc_d2d_type type;
    /* 2.5-D: the shared edge's midpoint (package mm), for the ports. */
    double mx, my;
};

struct noc_package {
    int ndies;
    struct noc_die dies[NOC_PKG_MAX_DIES];
    int nbound;
    struct noc_boundary *bound;     /* owned */
    struct noc_d2d_type def_type;   /* the package's default interface */
    double max_gap;                 /* mm, default 1 */
    int extra_max;                  /* the module settings noc_package_synth
                                     * sweeps: extra = 0..extra_max more
                                     * modules per used boundary (default 1;
                                     * the CLI's --extra-modules) */
    int npins;
    char **pin_core;                /* owned: core name pinned ... */
    int *pin_die;                   /* ... to this die */
};

/* Empties p (the default interface ucie-advanced, max_gap 1, extra_max 1).  Pair with
 * noc_package_free: whoever initialises p releases it.  O(1). */
void noc_package_init(struct noc_package *p);
void noc_package_free(struct noc_package *p);

/* Reads a package file (docs/INTERFACE.md section 1.4) into p (initialised;
 * previous content released).  Lines "key = value", '#' comments:
 *   d2d = PRESET [FIELD=V ...]        default interface of every boundary
 *   die = NAME W H X Y                a 2.5-D die (mm)
 *   layer = NAME W H INDEX            a 3-D die
 *   link = A B PRESET [FIELD=V ...]   the interface of boundary A-B
 *   core = CORE DIE                   pin a core to a die
 *   max_gap = MM
 * FIELD is one of lanes gbps pj_bit latency_ns per_mm budget area_mm2
 * leak_mw.  Errors (NOC_EINVAL at label:line): unknown key, preset or
 * field, a bad or out-of-range number (sizes > 0 and within NOC_DIE_MAX_MM,
 * lanes, gbps > 0), a duplicate die, dies of both kinds, overlapping dies,
 * a link between dies that are not neighbours, a NUL byte, no die.
 * noc_package_parse reads len bytes from memory.  O(size + dies^2). */
int noc_package_read(struct noc_package *p, const char *path, struct noc_ctx *ctx);
int noc_package_parse(struct noc_package *p, const char *data, size_t len, const char *label,
                      struct noc_ctx *ctx);

/* Where die d sits in the package drawing and the composed design's
 * coordinates: its lower-left corner (2.5-D), or, for a 3-D layer i, (i x
 * (widest die + 1 mm), 0): layers drawn side by side.  O(dies). */
void noc_package_die_origin(const struct noc_package *p, int d, double *x, double *y);

/* The boundary between dies a and b (either order), or -1.  O(boundaries). */
int noc_package_boundary(const struct noc_package *p, int a, int b);

/* Per-boundary figures of one composed design. */
struct noc_package_boundary_use {
    int modules;        /* D2D modules placed */
    double mbps_ab, mbps_ba; /* traffic each way, MB/s */
    double util;        /* busiest module's load / its capacity */
};

/* One multi-die design point: the composed design plus its package figures. */
struct noc_package_design {
    struct noc_design d;        /* composed: topo, metrics, power (D2D
                                 * included), area, latency */
    int k;                      /* switches per die asked (capped per die) */
    int extra;                  /* modules above the least, per boundary */
    /* its D2D figures: d.d2d_modules, d.d2d_mbps, d.d2d_mw, d.d2d_area_mm2 */
    struct noc_package_boundary_use *use; /* owned, one per boundary */
    int *die_switches;          /* owned, one per die */
    struct noc_design *dies;    /* owned, one per die: its own design (a die
                                 * without cores or ports: switches 0, no
                                 * topology); the die's cores and its ports
                                 * "d2d.<OTHER>.<J>" as terminals */
    int ndies;                  /* entries of dies[] and die_switches[]: the
                                 * package's dies, + 1 (the interposer, last)
                                 * for the interposer mesh */
    int interposer;             /* 1: the interposer-mesh baseline "ipmesh_mE":
                                 * use[] has one entry per die (its boundary
                                 * with the interposer) instead of one per
                                 * package boundary */
};

struct noc_package_result {
    int n;
    struct noc_package_design *d;   /* owned */
    int chosen;                 /* least power feasible, -1 none */
    int *core_die;              /* owned: the die of every core */
    int ncores;
    int ndies;                  /* the package's, for the per-die designs */
};
/* Empties r (init) / releases everything r owns and empties it (free): the
 * caller of init frees, also after an error.  O(1) / O(designs x dies). */
void noc_package_result_init(struct noc_package_result *r);
void noc_package_result_free(struct noc_package_result *r);
/* A synth result viewing the composed designs (synth's Pareto marking and
 * pareto.csv run on it): view (init'ed by the caller) gets n = res->n,
 * chosen = res->chosen and d, an owned array of shallow copies of every
 * composed design (their pointers still res's: free view->d with free(),
 * never noc_synth_result_free).  NOC_ENOMEM.  O(designs). */
int noc_package_view(const struct noc_package_result *res, struct noc_synth_result *view, struct noc_ctx *ctx);

/* Synthesizes app (cores with positions are taken as die-local, else each
 * die's cores get the min-cut floorplan) over package p by the steps above
 * for K = o->kmin..o->kmax (0 = 1 .. the largest die's cores) and the
 * module settings extra = 0 and 1 (the packed count, and one more module
 * per used boundary within its bound), then, per module setting, the
 * baseline "mesh_mE": every die a mesh of its cores and ports (cmesh with
 * one core per router, synth.h: a near-square mesh, XY routes) bridged by
 * the same D2D modules, composed and evaluated alike.  All of it at every
 * (clock, width) of o's grid (synth.h noc_synth_grid_*: the same core
 * assignment; each die's radix bound and link capacity those of the
 * point); with more than one point every design's name ends
 * "_f<MHZ>_w<BITS>".  For a 2.5-D package of two or more dies the
 * interposer-mesh baseline "ipmesh_mE" follows (interposer: 1): every die
 * a mesh of its cores and its ports joined only to the interposer (no die
 * to die boundary; modules of p->def_type, at most floor(die perimeter x
 * per_mm)), the interposer a mesh (cmesh) of one router per port, placed
 * under the dies' centres; composed and evaluated alike, never chosen.
 * Marks the Pareto front (power, latency, area,
 * radix) and the chosen design.  Errors: NOC_EINVAL (a pin naming an
 * unknown core or die, a core named "d2d.*" (the ports' names), a die
 * over its area, a flow between dies that no
 * boundary path joins), NOC_EINFEASIBLE when no point is feasible (the
 * last reason, e.g. a boundary over its module budget or a composed
 * dependency cycle), NOC_ENOMEM.  Deterministic for o->seed.
 * Cost: per point, one split run per die plus the engine on the composed
 * network. */
int noc_package_synth(const struct noc_app *app, const struct noc_package *p,
                      const struct noc_synth_opts *o, struct noc_package_result *res, struct noc_ctx *ctx);

/* The package summary of design i as CSV rows
 * "boundary,interface,modules,max_modules,mbps_ab,mbps_ba,util" appended
 * to b.  NOC_ENOMEM.  O(boundaries). */
int noc_package_boundaries_csv(const struct noc_package *p, const struct noc_package_design *d, struct noc_buf *b,
                           struct noc_ctx *ctx);

/* The designs of res as CSV, one row per design point, feasible or not:
 * design,k,extra,feasible,switches,d2d_modules,d2d_mbps,power_mw,d2d_mw,
 * d2d_share,area_mm2,latency_avg_ns,latency_max_ns,vcs,deadlock_free,
 * pareto,chosen,reason,freq_mhz,link_width (d2d_share = d2d_mw / power_mw;
 * the grid point last).  NOC_ENOMEM.
 * O(designs). */
int noc_package_summary_csv(const struct noc_package_result *res, struct noc_buf *b, struct noc_ctx *ctx);

/* The package drawing of design d as SVG: the dies (rectangles, named),
 * its routers and cores at their positions, on-die links in grey, every D2D
 * link a thick line between its adapters coloured by its busier
 * direction's utilisation (load / min(module, link capacity)): green 0 to
 * red 1 (hue 120 x (1 - u)), labelled with the percentage.  y grows
 * upwards as in the floorplan.  NOC_ENOMEM.  O(nodes + channels x
 * (channels + boundaries)): each D2D line looks up its reverse channel. */
int noc_package_svg(const struct noc_package *p, const struct noc_package_design *d, const struct noc_synth_opts *o,
                struct noc_buf *b, struct noc_ctx *ctx);

/* Writes DIR/package.csv (noc_package_summary_csv), DIR/pareto.csv (emit.h
 * noc_pareto_write_d2d over the composed designs), DIR/floorplan.csv
 * (core,x_mm,y_mm,w_mm,h_mm,die: each core's die-local box in its die's
 * design and its die; not written when a core has no placed terminal),
 * DIR/boundaries.csv (the
 * chosen design's noc_package_boundaries_csv), DIR/dies.csv (die,layer,x_mm,
 * y_mm,w_mm,h_mm,cores,switches of the chosen design; core,die rows follow
 * after a blank line: the assignment), DIR/package.svg (noc_package_svg of the
 * chosen design), the chosen design's files (noc_design_write, emit.h:
 * D.dot, D.json, D.place.csv, D.latency.csv, D.def, ...) and every die's own
 * design as D.DIE.* (the same set: its cores and D2D ports as terminals);
 * both place.csv rewritten with a last column `die` (emit.h
 * noc_design_place_csv_die).
 * Each file atomically; DIR must exist.  Errors: the writers'.
 * Cost: the writers', O(designs + dies x the design writer). */
int noc_package_write(const struct noc_package_result *res, const struct noc_package *p, const struct noc_app *app,
                      const char *dir, const struct noc_synth_opts *o, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
