/* nocsyn emit: every writer (DOT, anynet, JSON, SVG).  Writers build text in
 * a struct noc_buf; noc_topo_save() picks the format from the extension and
 * writes atomically (temporary file + rename), so a failed call leaves no
 * half-written file.
 */
#ifndef NOCSYN_EMIT_H
#define NOCSYN_EMIT_H

#include "nocsyn/core.h"

struct noc_topo;
struct noc_app;

/* Topology DOT (INTERFACE 1.3): kind, x, y (mm), width, shape attributes and
 * stored routes; read back exactly by noc_topo_parse_dot.  O(V + E).
 * Channels a -> b and b -> a with equal attributes become one edge with
 * dir=both.  Table routes are a `route` attribute on each source terminal:
 * route="t3: r0 r1 r2; t5: r0 r4" (destination, ':', the routers of the
 * path in order; records separated by ';'; ' ', ':', ';', '\' inside a
 * name escaped with '\').  Full format: src/emit/dot.c. */
int noc_topo_write_dot(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* BookSim2 anynet: routers renumbered 0..R-1, terminals 0..N-1 in node
 * order, single spaces, no latency tokens.  NOC_EUNSUP when a terminal
 * attaches to two different routers, a router channel has no reverse
 * (anynet links are bidirectional) or channels are parallel. */
int noc_topo_write_anynet(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* Topology as JSON (cJSON): nodes, channels, shape, routes. */
int noc_topo_write_json(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* Renders DOT text to SVG in-process with libgvc: neato with pinned
 * positions (-n) when `pinned`, dot otherwise. */
int noc_svg_render(const char *dot, int pinned, struct noc_buf *out, struct noc_ctx *ctx);
/* The topology drawn as SVG (positions pinned when every node has one). */
int noc_topo_write_svg(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* Writes t to path, format by extension: .dot/.gv, .anynet, .json, .svg;
 * "-" writes DOT to stdout.  NOC_EINVAL for an unknown extension. */
int noc_topo_save(const struct noc_topo *t, const char *path, struct noc_ctx *ctx);

/* The app graph as DOT (cores as boxes, flows labelled and weighted by
 * bandwidth), and rendered to SVG. */
int noc_app_write_dot(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx);
int noc_app_write_svg(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx);


/* ---- synthesized designs (src/emit/design.c), INTERFACE 3.3 */
struct noc_design;
struct noc_synth_result;
struct noc_tech;
/* Writes DIR/D.dot, D.svg, D.json (metrics of 3.2 plus power_mw, area_mm2,
 * method, switches, vcs, pareto, and with a clock freq_mhz, link_width,
 * fmax_mhz, latency {avg_cycles, max_cycles, avg_ns, max_ns}), D.routes.csv,
 * D.latency.csv (with a clock), D.place.csv and D.anynet
 * for design d (feasible).  Each file is written atomically. */
int noc_design_write(const struct noc_design *d, const char *dir, const struct noc_tech *tech,
                     struct noc_ctx *ctx);
/* DIR/pareto.csv: one row per design point, feasible or not (with reason),
 * the Pareto flag and the chosen design; then the timing columns freq_mhz,
 * link_width, latency_avg_ns, latency_max_ns, latency_avg_cycles, fmax_mhz. */
int noc_pareto_write(const struct noc_synth_result *res, const char *dir, struct noc_ctx *ctx);
/* The routes as CSV (tech NULL: src,dst,path, INTERFACE 3.3; with a tech,
 * the latency file D.latency.csv: src,dst,hops,latency_cycles,latency_ns,
 * each route's zero-load latency at t->freq_mhz (tech.h), NOC_EINVAL when t
 * has no clock) and the placement CSV
 * (node,kind,x_mm,y_mm,w_mm,h_mm: lower-left corners; routers sized from
 * the tech model's area when tech is given). */
int noc_design_routes_csv(const struct noc_topo *t, const struct noc_tech *tech, struct noc_buf *b);
int noc_design_place_csv(const struct noc_topo *t, const struct noc_tech *tech, struct noc_buf *b);

/* The app's floorplan as CSV (INTERFACE 1.2, core,x_mm,y_mm,w_mm,h_mm;
 * lower-left corners).  NOC_EINVAL when a core has no position. */
int noc_floorplan_csv(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx);
/* The floorplan as SVG text (src/emit/floorplan_svg.c): cores as named
 * rectangles (40 px per mm, y up), flows as lines between core centres
 * (width by bandwidth), the die outline.  NOC_EINVAL when a core has no
 * position or size.  O(cores + flows). */
int noc_floorplan_svg(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx);

/* ---- design-space exploration (src/emit/report.c), INTERFACE 3.4 */
struct noc_compare;
/* summary.csv: INTERFACE 3.4's columns, then routing, vcs, ecmp_load_mbps,
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

/* ---- hand-off files (src/emit/handoff.c), written with every design */
/* DEF 5.8 fragment: routers as COMPONENTS PLACED (1 um = 1000 units),
 * every channel as a net. */
int noc_design_def(const struct noc_topo *t, struct noc_buf *b);
/* src,dst,kind,length_mm,delay_ps,pipeline_stages per channel, with
 * delay = length x tech->wire_ps_mm and stages = ceil(delay / period) - 1
 * (>= 0) at freq_mhz. */
int noc_design_links_csv(const struct noc_topo *t, const struct noc_tech *tech, double freq_mhz,
                         struct noc_buf *b);
/* router,src,dst,next: the routing table of every router, from the routes. */
int noc_design_table_csv(const struct noc_topo *t, struct noc_buf *b);
/* A BookSim2 configuration that reads anynet_file, with the warning that
 * BookSim's anynet routing does not use the design's tables. */
int noc_design_booksim_cfg(const char *anynet_file, struct noc_buf *b);

#endif
