/* Floorplan co-synthesis (issue 26): one physical layout per design, the
 * one that is priced and the one that is handed off.
 *
 * After a synthesis method (or a baseline generator) has chosen its router
 * positions, noc_phys_cosynth inserts the routers into the floorplan as
 * blocks of their real area (the tech model's router area, a square of
 * noc_layout_router_side_nm) and legalises:
 *  - a free floorplan (nocsyn's own: min-cut, with or without --areas
 *    sizes) is laid out four ways and the smallest die is kept (a tie
 *    keeps the earlier): (a) the cores where they are and the routers
 *    legalised as for a fixed floorplan; (b, c) channels inserted between
 *    rows (b) or columns (c) of cores, the cores shifted along one axis to
 *    make room (noc_phys_channels below); (d) floorplanned again with a
 *    router slot per tile, SunFloor's method (Murali et al., "Designing
 *    application-specific networks on chips with floorplan information",
 *    ICCAD 2006): each router joins the core it exchanges most bandwidth
 *    with (route weights), in a column to that core's right, and
 *    noc_floorplan_mincut_square places those blocks (a router with no
 *    core as a block of its own), each channel a flow of the bandwidth
 *    routed over it, so the cores move to make room (legal by
 *    construction);
 *  - a fixed floorplan (the user's positions) keeps every core where it is
 *    and puts each router in the nearest free spot (whitespace or channels
 *    between cores, else outside them: the die grows, and the growth is
 *    the die_mm2 metric; synth --max-die-growth refuses a design whose
 *    growth is above a bound, with the die in the reason).
 * Then noc_layout_build places the link pipeline registers, and the
 * routers' legal centres are written back into the topology: every later
 * figure (wire length, link delay, pipeline registers, latency, power,
 * area, the RTL's STAGES, the DEF, place.csv, links.csv, the drawings, the
 * simulator's link latencies) derives from those positions, and
 * noc_layout_build on the result reproduces the same layout exactly. */
#ifndef NOCSYN_PHYS_H
#define NOCSYN_PHYS_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_tech;

/* The die of a layout and how well the cores fill it. */
struct noc_phys_stats {
    double die[4];   /* x0, y0, x1, y1 (mm): the DEF's DIEAREA */
    double die_mm2;  /* (x1 - x0)(y1 - y0) */
    double core_mm2; /* sum of the cores' (terminals') areas */
    double util;     /* core_mm2 / die_mm2 (0 when the die is empty) */
    double aspect;   /* longer die side / shorter (>= 1; 0 when empty) */
};

/* Co-synthesises t's floorplan with its routers as above (free_fp: 1 for
 * a free floorplan, 0 for a fixed one) and writes every node's legal
 * centre into t (t->nodes[v].x, y; channel lengths follow from them).  t
 * must be finalized with positions on every node; route_w[i] weighs stored
 * route i (its bandwidth; NULL: 1 each).  seed seeds the floorplanner.
 * st (may be NULL) receives the die.  With free_fp a terminal without a
 * size gets the floorplanner's 1 x 1 mm (t->nodes[v].w, h).  NOC_ENOMEM,
 * or the floorplanner's errors.  O(noc_layout_build), five times with
 * free_fp (four alternatives and the winner again), plus
 * noc_phys_channels twice and a min-cut floorplan of the cores. */
int noc_phys_cosynth(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, int free_fp,
                     unsigned seed, struct noc_phys_stats *st, struct noc_ctx *ctx);

/* Channel insertion, one of the free-floorplan alternatives above: cuts
 * are the coordinates along u (y with vertical == 0, x with 1) that no
 * core straddles; the cores' floorplan is opened at chosen cuts by
 * channels running across the whole floorplan, each as high as its
 * tallest router less the free band the cut already has (the distance to
 * the nearest core beyond it), every core at or beyond a cut moving by
 * what the channels at or below its lower edge add (cores move along one
 * axis only and keep their order).  The routers, sorted by their current
 * (placement-LP) u, go in consecutive groups to increasing cuts, a group's
 * sides summing to at most the cores' extent along the channel; the
 * grouping adds the least height (die growth), then moves the routers
 * least (sum of |u - cut|).  In its channel each router keeps its order
 * and is as near its current coordinate as the others allow, centred
 * across.  Writes every node's centre into t; *fit = 0 (t untouched) when
 * a core has no position or size or the routers do not fit any grouping.
 * The routers are not legalised against the pipeline registers:
 * noc_layout_build does that.  NOC_ENOMEM.  O(M (R log R + R D) + R^2 +
 * C^2) for R routers, M cuts, C cores and D distinct router sides. */
int noc_phys_channels(struct noc_topo *t, const struct noc_tech *tech, int vertical, int *fit,
                      struct noc_ctx *ctx);

/* The die statistics of t as it stands (its layout by noc_layout_build).
 * NOC_ENOMEM.  O(noc_layout_build). */
int noc_phys_stats(const struct noc_topo *t, const struct noc_tech *tech, struct noc_phys_stats *st,
                   struct noc_ctx *ctx);

struct noc_app;
/* The die of the app's floorplan as it stands: the bounding box of its
 * cores (every core needs a position and a size), their area, the
 * utilisation and the aspect ratio.  NOC_EINVAL naming a core without a
 * position or size.  O(cores). */
int noc_floorplan_stats(const struct noc_app *app, struct noc_phys_stats *st, struct noc_ctx *ctx);

/* Min-cut floorplan (docs/INTERFACE.md section 3.5): places the app's cores (sizes from
 * app->cores[i].w/h when has_size, else 1 x 1 mm) by recursive METIS
 * bisection (bandwidth weights) of the cores while slicing the die by area,
 * so that heavily communicating cores sit close.  Sets x, y (lower-left) and
 * w, h of every core.  Deterministic for a seed.  O(N log N) METIS calls. */
int noc_floorplan_mincut(struct noc_app *app, unsigned seed, struct noc_ctx *ctx);
/* As noc_floorplan_mincut; with square != 0 each cut takes the orientation
 * of the shorter longest side (then the smaller box), which keeps blocks of
 * unequal sizes from lining up into a strip (floorplan co-synthesis uses
 * it).  square == 0 is noc_floorplan_mincut. */
int noc_floorplan_mincut_square(struct noc_app *app, unsigned seed, int square, struct noc_ctx *ctx);

/* The floorplan rule of synth, compare and campaign jobs: when no core has
 * a position, the min-cut floorplan above (seed); when every core has one,
 * they are kept; when only some have one, NOC_EINVAL naming the first core
 * without: "the floorplan does not place core C" against the file
 * `floorplan` when one was read, else "core C has no position (x, y) while
 * other cores have one" against `app_path`.  Other errors: the min-cut's.
 * O(N) plus the min-cut. */
int noc_floorplan_place(struct noc_app *app, const char *floorplan, const char *app_path, unsigned seed,
                        struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
