/* Internal to src/synth/: where switches go and which cores share one --
 * the placement LPs and the exact Manhattan placement (place.c, cmesh.c),
 * the core graph and its K-way partitions (partition.c), the groups of
 * cmesh and hring (group.c) and the grid and ring helpers.  Every fallible
 * function returns a status (core.h).  docs/layout.md describes the
 * module. */
#ifndef NOCSYN_SYNTH_LAYOUT_INT_H
#define NOCSYN_SYNTH_LAYOUT_INT_H

#include "swnet_int.h"

struct noc_app;
struct noc_synth_opts;
struct noc_topo;

struct noc_lp;
/* Adds w |x_u - x_v| (v >= 0) or w |x_u - c| (v < 0) to an LP's objective,
 * as x_u - x_v - c = p - n with p, n >= 0 costing w each: one equality row
 * per term keeps the basis small (place.c; cmesh's grid placement LP). */
int noc_synth_lp_abs(struct noc_lp *lp, int u, int v, double c, double w, struct noc_ctx *ctx);
/* Solves a placement LP (dual simplex) and reads its first n columns (the
 * positions) into out.  A status; out untouched on failure. */
int noc_synth_lp_solve_first(struct noc_lp *lp, int n, double *out, struct noc_ctx *ctx);

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

/* The grouping of noc_phys_channels (cosynth.c): R routers in LP order
 * with sides osd[i] and coordinates uo[i] (nm) go in consecutive groups
 * to increasing cuts cut[0..M-1] (nm; gap[j] the free band above cut j),
 * a group's sides summing to at most `extent`: the least total growth
 * (each group max(0, its largest side - gap)), then the least sum of
 * |uo - cut|; ties as the row-by-row dynamic program that offers each
 * state its candidates in increasing first router and keeps strict
 * improvements (the lowest first router of a group, the lowest cut before
 * it, the lowest last cut).  grp[i] = router i's cut and *found = 1,
 * or *found = 0 (grp untouched) when no grouping fits.  NOC_OK or
 * NOC_ENOMEM.  O(M (R log R + R D)) for D distinct sides. */
int noc_phys_chan_groups(int R, int M, const long long *osd, const long long *uo, const long long *cut,
                         const long long *gap, long long extent, int *grp, int *found, struct noc_ctx *ctx);

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
int noc_synth_mesh_topo(int cols, int rows, struct noc_topo *t, struct noc_ctx *ctx);
/* Orders m items on a bidirectional ring (pos[i] = position of item i,
 * item 0 fixed at position 0) minimising sum W[i][k] x ring distance (W
 * symmetric m x m, row-major): exhaustive (Heap's algorithm) up to 7 free
 * items, else pairwise-swap descent from the identity.  Deterministic.
 * NOC_OK or NOC_ENOMEM.  O((m-1)! m^2) resp. O(passes m^4). */
int noc_synth_ring_order(int m, const double *W, int *pos, struct noc_ctx *ctx);

#endif
