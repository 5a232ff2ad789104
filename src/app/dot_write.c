/* The app graph as DOT (for people, read back as an app by src/app/dot.c;
 * emit's noc_app_write_svg renders it).
 *
 *   digraph "vopd" {
 *     graph [label=<vopd: 12 cores, 15 flows, 3494 MB/s>, labelloc=t,
 *            fontname="Helvetica", rankdir=LR];
 *     node [shape=box, style="rounded,filled", fillcolor="#eaf0fb", ...];
 *     edge [fontname="Helvetica", fontsize=9, color="#2c3e50"];
 *     "VLD" [label=<VLD>];
 *     "VLD" -> "RunLeDec" [bw=70, label="70 MB/s", penwidth=1.54, weight=2];
 *   }
 *
 * - Cores in id order, boxes labelled with their name (an HTML-like label,
 *   so any character draws as itself) and, when known, their size; `w`, `h`,
 *   `x`, `y` (mm) are written as node attributes.
 * - Flows in id order with `bw` (MB/s) and, when set, `max_hops`, so the
 *   file reads back as the same app (noc_app_parse_dot).  The label gives
 *   the bandwidth; the pen width grows with log(bandwidth) from 1 (lightest
 *   flow) to 5 (heaviest).
 * - When every core has a position the drawing is pinned to the floorplan:
 *   `pos` is the core's centre in points (NOC_DOT_PT_PER_MM per mm, as in
 *   topology drawings), the box has the core's size, and flows are drawn
 *   over the cores (outputorder=nodesfirst) since placed cores often abut.
 * Output depends only on the app: no clock, no addresses.
 */
#include "nocsyn/app.h"
#include "../topo/topo_dot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Core size assumed for drawing a placed core with no size (mm), the
 * floorplanner's default (docs/INTERFACE.md section 3.5). */
#define APP_DRAW_DEFAULT_MM 1.0

/* Appends s as a DOT quoted string.  cgraph's lexer keeps a backslash as is
 * unless a quote follows it, so only quotes are escaped; names never end in
 * a backslash (the readers refuse them). */
static void put_id(struct noc_buf *b, const char *s)
{
    noc_buf_append(b, "\"", 1);
    const char *run = s;
    for (const char *p = s; *p; p++) {
        if (*p == '"') {
            noc_buf_append(b, run, (size_t)(p - run));
            noc_buf_append(b, "\\", 1);
            run = p;
        }
    }
    noc_buf_append(b, run, strlen(run));
    noc_buf_append(b, "\"", 1);
}

/* A number as "%.10g", quoted when it is not a plain DOT numeral. */
static void put_num(struct noc_buf *b, double v)
{
    char s[40];
    snprintf(s, sizeof s, "%.10g", v == 0 ? 0 : v);
    if (strspn(s, "-0123456789.") == strlen(s))
        noc_buf_append(b, s, strlen(s));
    else
        noc_buf_printf(b, "\"%s\"", s);
}

/* Two numeric attributes ", k1=v1, k2=v2". */
static void put_pair(struct noc_buf *b, const char *k1, double v1, const char *k2, double v2)
{
    noc_buf_printf(b, ", %s=", k1);
    put_num(b, v1);
    noc_buf_printf(b, ", %s=", k2);
    put_num(b, v2);
}

int noc_app_placed(const struct noc_app *app)
{
    int placed = app->ncores > 0;
    for (int i = 0; i < app->ncores; i++)
        placed &= app->cores[i].has_pos;
    return placed;
}

static void write_core(const struct noc_app *app, int i, int pinned, struct noc_buf *b)
{
    const struct noc_core *c = &app->cores[i];
    noc_buf_append(b, "  ", 2);
    put_id(b, c->name);
    noc_buf_append(b, " [label=<", 9);
    noc_buf_xml(b, c->name);
    if (c->has_size) {
        noc_buf_append(b, "<BR/><FONT POINT-SIZE=\"8\">", 26);
        noc_buf_num(b, c->w);
        noc_buf_append(b, " x ", 3);
        noc_buf_num(b, c->h);
        noc_buf_append(b, " mm</FONT>", 10);
    }
    noc_buf_append(b, ">", 1);
    if (c->has_size)
        put_pair(b, "w", c->w, "h", c->h);
    if (c->has_pos)
        put_pair(b, "x", c->x, "y", c->y);
    if (pinned) {
        double w = c->has_size ? c->w : APP_DRAW_DEFAULT_MM;
        double h = c->has_size ? c->h : APP_DRAW_DEFAULT_MM;
        double s = NOC_DOT_PT_PER_MM;
        noc_buf_printf(b, ", pos=\"%.10g,%.10g!\", width=%.6g, height=%.6g, fixedsize=true",
                       (c->x + w / 2) * s, (c->y + h / 2) * s, w * s / 72, h * s / 72);
    }
    noc_buf_append(b, "];\n", 3);
}

static void write_flow(const struct noc_app *app, int f, double lo, double hi, struct noc_buf *b)
{
    const struct noc_flow *fl = &app->flows[f];
    /* t in [0, 1]: the flow's place between the lightest and heaviest
     * flows on a log scale. */
    double t = hi > lo ? log(fl->bw / lo) / log(hi / lo) : 0.5;
    noc_buf_append(b, "  ", 2);
    put_id(b, app->cores[fl->src].name);
    noc_buf_append(b, " -> ", 4);
    put_id(b, app->cores[fl->dst].name);
    noc_buf_append(b, " [bw=", 5);
    put_num(b, fl->bw);
    if (fl->max_hops >= 0)
        noc_buf_printf(b, ", max_hops=%d", fl->max_hops);
    noc_buf_append(b, ", label=\"", 9);
    noc_buf_num(b, fl->bw);
    noc_buf_append(b, " MB/s", 5);
    if (fl->max_hops >= 0)
        noc_buf_printf(b, "\\n<= %d hop%s", fl->max_hops, fl->max_hops == 1 ? "" : "s");
    noc_buf_printf(b, "\", penwidth=%.2f, weight=%d];\n", 1 + 4 * t, 1 + (int)lround(4 * t));
}

int noc_app_write_dot(const struct noc_app *app, struct noc_buf *out, struct noc_ctx *ctx)
{
    double lo = 0, hi = 0, total = noc_app_total_bw(app);
    for (int f = 0; f < app->nflows; f++) {
        double bw = app->flows[f].bw;
        if (f == 0 || bw < lo)
            lo = bw;
        if (f == 0 || bw > hi)
            hi = bw;
    }
    int pinned = noc_app_placed(app);
    const char *name = app->name && *app->name ? app->name : "app";
    noc_buf_append(out, "digraph ", 8);
    put_id(out, name);
    noc_buf_append(out, " {\n  graph [label=<", 19);
    noc_buf_xml(out, name);
    noc_buf_printf(out, ": %d core%s, %d flow%s, ", app->ncores, app->ncores == 1 ? "" : "s",
                   app->nflows, app->nflows == 1 ? "" : "s");
    noc_buf_num(out, total);
    noc_buf_printf(out, " MB/s>, labelloc=t, fontname=\"Helvetica\"%s];\n",
                   pinned ? ", inputscale=72, outputorder=nodesfirst"
                          : ", rankdir=LR, nodesep=0.3, ranksep=0.6");
    noc_buf_printf(out, "  node [shape=box, style=\"%s\", fillcolor=\"#eaf0fb\", "
                        "color=\"#34495e\", fontname=\"Helvetica\", fontsize=11];\n"
                        "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#2c3e50\", "
                        "arrowsize=0.7];\n",
                   pinned ? "filled" : "rounded,filled");
    for (int i = 0; i < app->ncores; i++)
        write_core(app, i, pinned, out);
    for (int f = 0; f < app->nflows; f++)
        write_flow(app, f, lo, hi, out);
    noc_buf_append(out, "}\n", 2);
    return noc_buf_status(out, "the app DOT", ctx);
}
