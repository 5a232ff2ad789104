/* nocsyn emit (layer 4, docs/layout.md): the topology and design writers
 * (JSON, SVG, reports, the physical hand-off, and noc_topo_save's table of
 * topology formats); the campaign's files are written by the campaign
 * module (campaign.h).  Each model owns its text formats, reader and writer
 * together: topology DOT and anynet in topo.h, the app's DOT and the
 * floorplan CSV in app.h.
 * Writers build text in
 * a struct noc_buf; noc_topo_save() picks the format from the extension and
 * writes atomically (temporary file + rename), so a failed call leaves no
 * half-written file.
 */
#ifndef NOCSYN_EMIT_H
#define NOCSYN_EMIT_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_app;
struct noc_layout;

/* Topology as JSON (nocsyn/json.h): nodes, channels, shape, routes. */
int noc_topo_write_json(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* Renders DOT text to SVG in-process with libgvc: neato with pinned
 * positions (-n) when `pinned`, dot otherwise. */
int noc_svg_render(const char *dot, int pinned, struct noc_buf *out, struct noc_ctx *ctx);
/* The topology drawn as SVG: positions pinned when every node has one (else
 * laid out by dot); nodes sharing a point (a folded switch stack) are drawn
 * 0.4 mm apart to the right of it, the topology itself unchanged.
 * NOC_ENOMEM, NOC_EINTERNAL (Graphviz failed).  O(n log n) plus the layout. */
int noc_topo_write_svg(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* The one table of topology writers: the writer for a format name, "dot",
 * "anynet", "json" or "svg" (exact, lower case), or NULL when there is
 * none.  O(formats). */
typedef int (*noc_topo_writer)(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
noc_topo_writer noc_topo_writer_find(const char *format);
/* Writes t to path, format by extension: .dot/.gv, .anynet, .json, .svg;
 * "-" writes DOT to stdout.  NOC_EINVAL for an unknown extension. */
int noc_topo_save(const struct noc_topo *t, const char *path, struct noc_ctx *ctx);

/* The app graph rendered to SVG (its DOT, noc_app_write_dot in app.h,
 * laid out by libgvc; pinned when noc_app_placed). */
int noc_app_write_svg(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx);


/* ---- synthesized designs (src/emit/design.c), docs/INTERFACE.md section 3.3 */
struct noc_design;
struct noc_synth_result;
struct noc_tech;
/* Writes DIR/D.dot, D.svg, D.json (metrics of 3.2 plus power_mw, area_mm2,
 * method, switches, vcs, pareto, and with a clock freq_mhz, link_width,
 * fmax_mhz, latency {avg_cycles, max_cycles, avg_ns, max_ns}), D.routes.csv,
 * D.latency.csv (with a clock), and the hand-off files of its layout
 * (noc_layout_build: routers moved off the cores; D.def lists each move in
 * a comment, no note, as a sweep writes hundreds of designs):
 * D.place.csv, D.lef, D.def, D.links.csv, D.table.csv (VC classes: dor's
 * dateline classes for tori and rings with d->vcs >= 2), D.anynet (link
 * latencies 1 + pipeline registers) and D.booksim.cfg with app's traffic
 * (app may be NULL) for design d (feasible).  tech NULL: the defaults.
 * Each file is written atomically. */
int noc_design_write(const struct noc_design *d, const struct noc_app *app, const char *dir,
                     const struct noc_tech *tech, struct noc_ctx *ctx);
/* DIR/pareto.csv: one row per design point, feasible or not (with reason),
 * the Pareto flag and the chosen design; then the timing columns freq_mhz,
 * link_width, latency_avg_ns, latency_max_ns, latency_avg_cycles, fmax_mhz. */
int noc_pareto_write(const struct noc_synth_result *res, const char *dir, struct noc_ctx *ctx);
/* The same with the multi-die columns appended (package.h; `nocsyn package
 * -o`): d2d_modules, d2d_mbps (traffic over the D2D modules, a flow at
 * every crossing) and d2d_share (d2d_mw / power_mw, empty when
 * infeasible), written by noc_d2d_cells (also summary.csv's with a
 * package, noc_compare.multi_die).  O(designs). */
int noc_pareto_write_d2d(const struct noc_synth_result *res, const char *dir, struct noc_ctx *ctx);
void noc_d2d_cells(const struct noc_design *d, int feasible, struct noc_buf *b);
/* The routes as CSV (tech NULL: src,dst,path, docs/INTERFACE.md section 3.3; with a tech,
 * the latency file D.latency.csv: src,dst,hops,latency_cycles,latency_ns,
 * each route's zero-load latency at t->freq_mhz (tech.h), NOC_EINVAL when t
 * has no clock) and the placement CSV of layout L (node,kind,x_mm,y_mm,
 * w_mm,h_mm: lower-left corners of the legalised blocks, routers sized from
 * the tech model's area; then one row of kind "pipe" per link pipeline
 * register; unplaced nodes at 0,0). */
int noc_design_routes_csv(const struct noc_topo *t, const struct noc_tech *tech, struct noc_buf *b);
int noc_design_place_csv(const struct noc_topo *t, const struct noc_layout *L, struct noc_buf *b);
/* The same with a last column `die`: die[v] the die of node v (NULL or ""
 * none), a pipeline register that of its channel's source (a multi-die
 * design, package.h).  die NULL: noc_design_place_csv.  NOC_ENOMEM. */
int noc_design_place_csv_die(const struct noc_topo *t, const struct noc_layout *L, const char *const *die,
                             struct noc_buf *b);

/* The floorplan as SVG text (src/emit/floorplan_svg.c): cores as named
 * rectangles (40 px per mm, y up), flows as lines between core centres
 * (width by bandwidth), the die outline.  NOC_EINVAL when a core has no
 * position or size.  O(cores + flows). */
int noc_floorplan_svg(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx);

/* ---- design-space exploration (src/emit/report.c), docs/INTERFACE.md section 3.4 */
struct noc_compare;
/* summary.csv: docs/INTERFACE.md section 3.4's columns, then routing, vcs, ecmp_load_mbps,
 * ideal_load_mbps and spec. */
int noc_compare_summary_csv(const struct noc_compare *c, struct noc_buf *b);
/* report.md: the comparison table, best value of each column in bold. */
int noc_compare_report_md(const struct noc_compare *c, const struct noc_app *app, const char *cmdline,
                          double cap, struct noc_buf *b);
/* report.html, self-contained: table with the best values marked, a power
 * against hops plot with the Pareto front, the app graph, every design on
 * its floorplan (routers sized by radix, links coloured by utilisation, a
 * legend), a utilisation histogram per design, and the command line. */
int noc_compare_report_html(const struct noc_compare *c, const struct noc_app *app, const char *cmdline,
                            double cap, struct noc_buf *b, struct noc_ctx *ctx);
/* Writes every design's files (as noc_design_write), summary.csv,
 * report.md and report.html into dir. */
int noc_compare_write(const struct noc_compare *c, const struct noc_app *app, const char *dir,
                      const char *cmdline, const struct noc_tech *tech, double cap, struct noc_ctx *ctx);

/* ---- physical hand-off model (src/emit/layout.c): the one placement the
 * LEF, DEF, place.csv, links.csv and anynet latencies are written from.
 * Coordinates are snapped to whole nanometres (the DEF database unit).
 *  - cores (terminals with a position) are fixed blocks of their floorplan
 *    size (10 um square when the size is unknown), centred on their position;
 *  - routers are squares of the tech model's area (side rounded up to an
 *    even number of nm),
 *    centred on their synthesized position, then, in router order, moved to
 *    the nearest spot (Manhattan distance of the lower-left corner) that
 *    overlaps no core and no router placed before (abutting is allowed):
 *    the optimum lies where each coordinate is either the wanted one or
 *    touches an obstacle edge, so those candidates are tried in order of
 *    distance (ties: lower y, then lower x);
 *  - channel c gets stages[c] = noc_tech_link_stages pipeline registers
 *    (length from the legalised centres), register banks of width x
 *    tech->reg_um2_bit um^2 (square), spread evenly along the channel's
 *    L-shaped route (x first), each legalised like a router;
 *  - names: every node, register and macro name keeps [A-Za-z0-9_] and maps
 *    any other character to '_'; a name already taken gets _2, _3, ...;
 *  - ports: at each node, every out channel is a port (channel order), an
 *    in channel shares the port of its reverse channel, else is a port of
 *    its own (so a router has noc_topo_radix ports).
 * Nodes without a position are left unplaced (placed[v] = 0). */
struct noc_layout {
    int nnodes, nch, nregs;
    char **names;      /* per node: unique legal name (owned) */
    int *placed;       /* per node */
    double *x, *y;     /* per node: lower-left corner, mm */
    double *w, *h;     /* per node: size, mm */
    double *moved_mm;  /* per node: |dx| + |dy| a router moved to clear cores */
    int *nports;       /* per node */
    int *src_port;     /* per channel: its port at the source node */
    int *dst_port;     /* per channel: its port at the destination node */
    double *len_mm;    /* per channel: length after legalisation (-1 unknown) */
    int *stages;       /* per channel: pipeline registers */
    int *reg_first;    /* per channel: index of its first register */
    char **reg_names;  /* per register (owned) */
    double *rx, *ry;   /* per register: lower-left corner, mm */
    double reg_side;   /* register bank side, mm */
    double die[4];     /* x0, y0, x1, y1 (mm): covers every placed block */
    double width;      /* link width in bits (t->link_width, else 32) */
};
/* Builds the layout of t (finalized) with tech at t->freq_mhz.  L must be
 * uninitialised; on success the caller releases it with noc_layout_free
 * (also safe after a failure).  NOC_ENOMEM.  O(R x (C + R)^2 log(C + R))
 * for R routers/registers and C cores (candidate spots per block). */
int noc_layout_build(struct noc_layout *L, const struct noc_topo *t, const struct noc_tech *tech,
                     struct noc_ctx *ctx);
void noc_layout_free(struct noc_layout *L);
/* A lower bound on noc_layout_build's die without laying anything out:
 * die[4] = the box its die starts from (the origin) and the placed cores'
 * blocks, computed as the layout computes them, so every coordinate of the
 * layout's die is at least as far out and the area is at least
 * (die[2] - die[0]) * (die[3] - die[1]), to the bit.  O(C). */
void noc_layout_die_bound(const struct noc_topo *t, double die[4]);
/* The side (nm, even, >= 2) of the square router block of `ports` ports
 * and `width`-bit links: the tech model's router area
 * (noc_tech_router_mm2), rounded up to whole nm.  O(1). */
long long noc_layout_router_side_nm(const struct noc_tech *tech, int ports, double width);
/* Legal DEF/LEF identifier for s ([A-Za-z0-9_], others to '_'). */
void noc_def_name(struct noc_buf *b, const char *s);

/* LEF 5.8 for the layout: units, two routing layers and a site (enough for
 * KLayout and OpenROAD to read it alone), one BLOCK macro per router size
 * (noc_router_<P>p_<W>b: P ports, W-bit links; pins p<k>_in[b] and
 * p<k>_out[b] spread around the edges), one per core size and port count
 * (noc_core_...: pins ni<k>_in/ni<k>_out) and the pipeline register bank
 * noc_pipe_reg_<W>b (d[b], q[b]).  Unless tag is NULL or empty, every
 * macro name ends in "__" + tag made legal (noc_def_name): pass the
 * design's file name, so that LEFs of several designs in one directory
 * (which KLayout's LEF/DEF reader loads together by default) never define
 * a macro twice.  The caller owns b.  O(pins). */
int noc_design_lef(const struct noc_topo *t, const struct noc_layout *L, const char *tag, struct noc_buf *b);
/* DEF 5.8 for the layout: DIEAREA, routers PLACED and cores FIXED at their
 * lower-left corners (orientation N), pipeline registers PLACED, and one net
 * per link bit (<src>__<dst>_s<k>[b] for segment k of a pipelined link),
 * from port pins to port pins. Displaced routers are listed in comments.
 * Macro names carry the same tag as noc_design_lef's.  The caller owns b. */
int noc_design_def(const struct noc_topo *t, const struct noc_layout *L, const char *tag, struct noc_buf *b);

/* ---- hand-off files (src/emit/handoff.c), written with every design */
/* src,dst,kind,length_mm,delay_ps,pipeline_stages per channel of the
 * layout L of t: length after legalisation, delay = length x
 * tech->wire_ps_mm and the layout's stages (noc_tech_link_stages at
 * t->freq_mhz). */
int noc_design_links_csv(const struct noc_topo *t, const struct noc_layout *L, const struct noc_tech *tech,
                         struct noc_buf *b);
/* router,src,dst,next,vc_class: the routing table of every router, from
 * the stored routes; vc_class is the virtual-channel class of the hop to
 * `next` under routing rt (noc_routing_path_classes: dateline classes for
 * dor on tori/rings with 2+ VCs), all 0 when rt is NULL.  Errors from the
 * class computation (a stored route the routing would not take). */
struct noc_routing;
int noc_design_table_csv(const struct noc_topo *t, const struct noc_routing *rt, struct noc_buf *b,
                         struct noc_ctx *ctx);
/* A BookSim2 configuration that reads anynet_file (whose per-link
 * latencies come from the layout), with the warning that BookSim's anynet
 * routing does not use the design's tables, and app's traffic as far as
 * BookSim can express it: every node injects at the app's mean rate
 * (injection_rate, one-flit packets per node per cycle at the design's
 * width and clock) with destinations drawn by the app's per-destination
 * shares (traffic = hotspot({{nodes},{weights}}), weights scaled to at most
 * 1000).  Per-source rates and source-destination pairs cannot be
 * expressed (stated in the file).  app NULL: uniform traffic at 0.1. */
int noc_design_booksim_cfg(const struct noc_topo *t, const struct noc_app *app, const char *anynet_file,
                           struct noc_buf *b);

#ifdef __cplusplus
}
#endif

#endif
