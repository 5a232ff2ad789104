/* The comparison's outputs (docs/INTERFACE.md section 3.4): DIR/summary.csv, report.md,
 * report.html (self-contained, SVG inline) and every design's files. */
#include "nocsyn/emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/explore.h"
#include "nocsyn/units.h"
#include "report_int.h"

/* The columns of summary.csv and of the report tables: docs/INTERFACE.md section 3.4's
 * required columns first, then extras.  `better` is -1 when smaller is
 * better, +1 when larger is, 0 for no "best" mark. */
enum col_type { C_STR, C_INT, C_NUM, C_BOOL };
struct col {
    const char *name;
    int type;
    int better;
    int hide;   /* 1: summary.csv only, not in the report tables */
};
static const struct col cols[] = {
    {"design", C_STR, 0, 0},       {"method", C_STR, 0, 0},       {"routers", C_INT, -1, 0},
    {"links", C_INT, -1, 0},       {"radix_max", C_INT, -1, 0},   {"hops_avg", C_NUM, -1, 0},
    {"hops_max", C_INT, -1, 0},    {"max_load_mbps", C_NUM, -1, 0}, {"max_util", C_NUM, -1, 0},
    {"path_div_avg", C_NUM, 1, 0}, {"wire_mm", C_NUM, -1, 0},     {"power_mw", C_NUM, -1, 0},
    {"area_mm2", C_NUM, -1, 0},    {"deadlock_free", C_BOOL, 0, 0}, {"routing", C_STR, 0, 0},
    {"vcs", C_INT, 0, 0},          {"ecmp_load_mbps", C_NUM, -1, 0}, {"ideal_load_mbps", C_NUM, -1, 0},
    {"sim_saturation", C_NUM, 1, 0}, {"sim_zero_load", C_NUM, -1, 0}, {"sim_headroom", C_NUM, 1, 0},
    {"spec", C_STR, 0, 1},      {"freq_mhz", C_NUM, 0, 0},     {"link_width", C_NUM, 0, 0},
    {"latency_avg_ns", C_NUM, -1, 0}, {"latency_max_ns", C_NUM, -1, 0}, {"latency_avg_cycles", C_NUM, -1, 0},
    {"fmax_mhz", C_NUM, 0, 0},     {"violations", C_STR, 0, 0},   {"pareto", C_BOOL, 0, 0},
    {"die_mm2", C_NUM, -1, 0},     {"core_util", C_NUM, 1, 0},    {"same_as", C_STR, 0, 0},
    {"chosen", C_BOOL, 0, 0},
};
#define NCOLS (sizeof cols / sizeof cols[0])

/* The report tables' column order: the key columns first (design, power,
 * latency in ns, area, die, violations), then the others in summary.csv's
 * order (summary.csv keeps its own). */
static const size_t key_cols[] = {0, 11, 24, 12, 30, 28};
#define NKEY (sizeof key_cols / sizeof key_cols[0])

static size_t report_col(size_t j)
{
    if (j < NKEY)
        return key_cols[j];
    for (size_t k = 0, seen = NKEY; k < NCOLS; k++) {
        int key = 0;
        for (size_t q = 0; q < NKEY; q++)
            key |= key_cols[q] == k;
        if (!key && seen++ == j)
            return k;
    }
    return 0;
}

/* Value of column k for entry e: numbers in *v (NAN = n/a), strings in *s. */
static void value(const struct noc_entry *e, size_t k, double *v, const char **s)
{
    const struct noc_metrics *m = &e->d.m;
    *s = NULL;
    *v = NAN;
    switch (k) {
    case 0: *s = e->d.name; break;
    case 1: *s = e->d.method; break;
    case 2: *v = m->routers; break;
    case 3: *v = m->links; break;
    case 4: *v = m->radix_max; break;
    case 5: *v = m->hops_avg; break;
    case 6: *v = m->hops_max; break;
    case 7: *v = m->max_channel_load_mbps; break;
    case 8: *v = m->max_utilization; break;
    case 9: *v = m->pd_avg; break;
    case 10: *v = m->wire_length_mm; break;
    case 11: *v = e->d.power_mw; break;
    case 12: *v = e->d.area_mm2; break;
    case 13: *v = m->deadlock_free; break;
    case 14: *s = e->routing; break;
    case 15: *v = e->d.vcs; break;
    case 16: *v = e->ecmp_load_mbps; break;
    case 17: *v = e->ideal_load_mbps; break;
    case 18: *v = e->simulated ? e->sim.saturation : NAN; break;
    case 19: *v = e->simulated ? e->sim.zero_load_latency : NAN; break;
    case 20: *v = e->simulated ? e->sim_headroom : NAN; break;
    case 21: *s = e->spec; break;
    case 22: *v = e->d.freq_mhz > 0 ? e->d.freq_mhz : NAN; break;
    case 23: *v = e->d.link_width > 0 ? e->d.link_width : NAN; break;
    case 24: *v = e->d.freq_mhz > 0 ? e->d.lat_avg_ns : NAN; break;
    case 25: *v = e->d.freq_mhz > 0 ? e->d.lat_max_ns : NAN; break;
    case 26: *v = e->d.freq_mhz > 0 ? e->d.lat_avg_cycles : NAN; break;
    case 27: *v = e->d.fmax_mhz > 0 ? e->d.fmax_mhz : NAN; break;
    case 28: *s = e->violations; break;
    case 29: *v = e->d.pareto; break;
    case 30: *v = e->d.die_mm2 > 0 ? e->d.die_mm2 : NAN; break;
    case 31: *v = e->d.die_mm2 > 0 ? e->d.core_util : NAN; break;
    case 32: *s = e->d.same_as; break;
    default: *v = e->chosen; break;
    }
}

static void cell(struct noc_buf *b, const struct noc_entry *e, size_t k, int csv)
{
    double v;
    const char *s;
    value(e, k, &v, &s);
    if (s)
        csv ? noc_csv_field(b, s) : noc_buf_xml(b, s);
    else if (cols[k].type == C_BOOL)
        noc_buf_printf(b, "%s", v > 0 ? "true" : v == 0 ? "false" : "");
    else if (isnan(v))
        noc_buf_printf(b, "%s", csv ? "" : "n/a");
    else if (cols[k].type == C_INT)
        noc_buf_printf(b, "%.0f", v);
    else
        csv ? noc_buf_num(b, v) : noc_buf_printf(b, "%.4g", v);
}

int noc_compare_summary_csv(const struct noc_compare *c, struct noc_buf *b)
{
    for (size_t k = 0; k < NCOLS; k++)
        noc_buf_printf(b, "%s%s", k ? "," : "", cols[k].name);
    noc_buf_printf(b, c->multi_die ? ",d2d_modules,d2d_mbps,d2d_share\n" : "\n");
    for (int i = 0; i < c->n; i++) {
        for (size_t k = 0; k < NCOLS; k++) {
            if (k)
                noc_buf_append(b, ",", 1);
            cell(b, &c->e[i], k, 1);
        }
        if (c->multi_die) /* a package compared: its D2D layer, 0 for one-die designs */
            noc_d2d_cells(&c->e[i].d, 1, b);
        noc_buf_printf(b, "\n");
    }
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

/* The best value of every ranked column (NAN when a column is not ranked
 * or has no value), computed once per table. */
static void best_values(const struct noc_compare *c, double best[NCOLS])
{
    for (size_t k = 0; k < NCOLS; k++) {
        best[k] = NAN;
        if (!cols[k].better)
            continue;
        for (int i = 0; i < c->n; i++) {
            double v;
            const char *s;
            if (c->e[i].violations[0])
                continue; /* a design that breaks a constraint is never best */
            value(&c->e[i], k, &v, &s);
            if (!isnan(v) && (isnan(best[k]) || (cols[k].better < 0 ? v < best[k] : v > best[k])))
                best[k] = v;
        }
    }
}

static int is_best(const struct noc_compare *c, const double best[NCOLS], size_t k, int i)
{
    double v;
    const char *s;
    if (c->e[i].violations[0])
        return 0;
    value(&c->e[i], k, &v, &s);
    return !isnan(best[k]) && !isnan(v) && v == best[k];
}

/* The constraint violations and the skipped methods and baselines, as a
 * Markdown list (html 0) or HTML. */
static void violations_and_skips(const struct noc_compare *c, struct noc_buf *b, int html)
{
    int nv = 0;
    for (int i = 0; i < c->n; i++)
        nv += c->e[i].violations[0] != '\0';
    noc_buf_printf(b, html ? "<h2>Constraints</h2>\n<p>" : "\n## Constraints\n\n");
    noc_buf_printf(b, "Every design is held to the same constraints: each flow's max_hops and max_latency_ns, "
                      "--max-radix, the clock its largest router closes at, --max-util of link capacity (core "
                      "links included) and deadlock freedom. A design that breaks one is listed here, has it in "
                      "its violations column, and is never marked best or Pareto. ");
    if (!nv)
        noc_buf_printf(b, "Every design meets every constraint.");
    noc_buf_printf(b, html ? "</p>\n" : "\n\n");
    if (nv)
        noc_buf_printf(b, html ? "<ul>\n" : "");
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        if (!e->violations[0])
            continue;
        noc_buf_printf(b, html ? "<li><b>" : "- **");
        html ? noc_buf_xml(b, e->d.name) : noc_buf_printf(b, "%s", e->d.name);
        noc_buf_printf(b, html ? "</b> (" : "** (");
        html ? noc_buf_xml(b, e->violations) : noc_buf_printf(b, "%s", e->violations);
        noc_buf_printf(b, "): ");
        html ? noc_buf_xml(b, e->violation_text) : noc_buf_printf(b, "%s", e->violation_text);
        noc_buf_printf(b, html ? "</li>\n" : "\n");
    }
    if (nv)
        noc_buf_printf(b, html ? "</ul>\n" : "\n");
    if (!c->nskip)
        return;
    noc_buf_printf(b, html ? "<h2>Skipped</h2>\n<ul>\n" : "## Skipped\n\n");
    for (int i = 0; i < c->nskip; i++) {
        const struct noc_skip *k = &c->skip[i];
        noc_buf_printf(b, html ? "<li>%s <b>" : "- %s **", !strcmp(k->kind, "synth") ? "method" : "baseline");
        html ? noc_buf_xml(b, k->name) : noc_buf_printf(b, "%s", k->name);
        noc_buf_printf(b, html ? "</b>: " : "**: ");
        html ? noc_buf_xml(b, k->reason) : noc_buf_printf(b, "%s", k->reason);
        noc_buf_printf(b, html ? "</li>\n" : "\n");
    }
    noc_buf_printf(b, html ? "</ul>\n" : "\n");
}

int noc_compare_report_md(const struct noc_compare *c, const struct noc_app *app, const char *cmdline,
                          double cap, struct noc_buf *b)
{
    double best[NCOLS];
    best_values(c, best);
    noc_buf_printf(b, "# nocsyn design-space exploration: %s\n\n", app->name ? app->name : "app");
    noc_buf_printf(b, "%d cores, %d flows, %.6g MB/s in total. Link capacity %.6g MB/s at the first clock and "
                      "width; each design's own in its freq_mhz and link_width columns.\n\n", app->ncores, app->nflows,
                   noc_app_total_bw(app), cap);
    noc_buf_printf(b, "Command: `%s`\n\n", cmdline ? cmdline : "");
    noc_buf_printf(b, "Every design is evaluated on the app's traffic under its own routing "
                      "(synthesized: their deadlock-free tables). Best value of each column in **bold**, among the designs that meet every constraint.\n\n");
    noc_buf_printf(b, "|");
    for (size_t j = 0, k; j < NCOLS; j++)
        if (!cols[k = report_col(j)].hide)
            noc_buf_printf(b, " %s |", cols[k].name);
    noc_buf_printf(b, "\n|");
    for (size_t j = 0, k; j < NCOLS; j++)
        if (!cols[k = report_col(j)].hide)
            noc_buf_printf(b, "%s|", cols[k].type == C_STR ? "---" : "---:");
    noc_buf_printf(b, "\n");
    for (int i = 0; i < c->n; i++) {
        noc_buf_printf(b, "|");
        for (size_t j = 0, k; j < NCOLS; j++) {
            if (cols[k = report_col(j)].hide)
                continue;
            int bold = is_best(c, best, k, i);
            noc_buf_printf(b, " %s", bold ? "**" : "");
            cell(b, &c->e[i], k, 0);
            noc_buf_printf(b, "%s |", bold ? "**" : "");
        }
        noc_buf_printf(b, "\n");
    }
    violations_and_skips(c, b, 0);
    noc_buf_printf(b, "\nDesigns: ");
    for (int i = 0; i < c->n; i++)
        noc_buf_printf(b, "%s[%s](%s.svg)", i ? ", " : "", c->e[i].d.name, c->e[i].d.name);
    noc_buf_printf(b, ". Baselines: cores placed by the auto mapping (greedy, pairwise swaps, annealing); "
                      "the generator spec is in summary.csv.\n");
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

/* Inlines an SVG document produced by libgvc (drops the XML prolog). */
static void inline_svg(struct noc_buf *b, const char *svg)
{
    const char *p = strstr(svg, "<svg");
    noc_buf_printf(b, "%s\n", p ? p : "");
}

int noc_compare_report_html(const struct noc_compare *c, const struct noc_app *app, const char *cmdline,
                            double cap, struct noc_buf *b, struct noc_ctx *ctx)
{
    double best[NCOLS];
    best_values(c, best);
    noc_buf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>nocsyn: ");
    noc_buf_xml(b, app->name ? app->name : "app");
    noc_buf_printf(b, "</title>\n<style>\n"
                      "body{font-family:sans-serif;margin:24px;color:#222;max-width:1400px}\n"
                      "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}\n"
                      "td:first-child,th{text-align:left}th{background:#eef}\n"
                      "td:first-child{position:sticky;left:0;background:#fff}\n"
                      "td.best{font-weight:bold;background:#dfd}\n"
                      "tr.viol td{color:#a00;background:#fee}\n"
                      ".grid{display:flex;flex-wrap:wrap;gap:18px}.card{border:1px solid #ddd;padding:8px;border-radius:4px}\n"
                      "code{background:#f4f4f4;padding:2px 4px}\n"
                      ".fit svg{max-width:100%%;height:auto}\n"
                      ".wide{overflow-x:auto}\n"
                      "</style></head><body>\n");
    noc_buf_printf(b, "<h1>Design-space exploration: ");
    noc_buf_xml(b, app->name ? app->name : "app");
    noc_buf_printf(b, "</h1>\n<p>%d cores, %d flows, %.6g MB/s in total; link capacity %.6g MB/s at the first "
                      "clock and width, each design's own in its freq_mhz and link_width columns.</p>\n", app->ncores,
                   app->nflows, noc_app_total_bw(app), cap);
    noc_buf_printf(b, "<p>Command: <code>");
    noc_buf_xml(b, cmdline ? cmdline : "");
    noc_buf_printf(b, "</code></p>\n<h2>Comparison</h2>\n<p>Every design on the app's traffic under its own routing "
                      "(synthesized designs: their deadlock-free route tables; baselines: cores placed by the auto "
                      "mapping). Best value of each column highlighted, among the designs that meet every constraint; rows in red break one.</p>\n<div class=\"wide\"><table><tr>");
    for (size_t j = 0, k; j < NCOLS; j++)
        if (!cols[k = report_col(j)].hide)
            noc_buf_printf(b, "<th>%s</th>", cols[k].name);
    noc_buf_printf(b, "</tr>\n");
    for (int i = 0; i < c->n; i++) {
        noc_buf_printf(b, c->e[i].violations[0] ? "<tr class=\"viol\">" : "<tr>");
        for (size_t j = 0, k; j < NCOLS; j++) {
            if (cols[k = report_col(j)].hide)
                continue;
            noc_buf_printf(b, "<td%s>", is_best(c, best, k, i) ? " class=\"best\"" : "");
            cell(b, &c->e[i], k, 0);
            noc_buf_printf(b, "</td>");
        }
        noc_buf_printf(b, "</tr>\n");
    }
    noc_buf_printf(b, "</table></div>\n");
    violations_and_skips(c, b, 1);
    noc_buf_printf(b, "<h2>Power against zero-load latency</h2>\n");
    noc_report_svg_pareto(b, c);
    int any_sim = 0;
    for (int i = 0; i < c->n; i++)
        any_sim |= c->e[i].simulated;
    if (any_sim) {
        noc_buf_printf(b, "<h2>Latency against offered load (cycle-level simulation)</h2>\n<p>Each design "
                          "under its own routing and the app's traffic pattern, scaled so that offered load 1 "
                          "is the busiest core injecting one flit per cycle; sim_headroom in the table is "
                          "how many times the app's real bandwidth the design sustains.</p>\n");
        noc_report_svg_latency(b, c);
    }
    noc_buf_printf(b, "<h2>Application graph</h2>\n");
    /* The app graph in Graphviz's own layout (the floorplan is drawn with
     * every design below): a shallow copy whose cores have no position. */
    struct noc_buf g;
    noc_buf_init(&g);
    struct noc_app flat = *app;
    struct noc_core *cores = noc_malloc(ctx, (size_t)app->ncores + 1, sizeof *cores);
    if (!cores)
        return NOC_ENOMEM;
    for (int i = 0; i < app->ncores; i++) {
        cores[i] = app->cores[i];
        cores[i].has_pos = 0;
    }
    flat.cores = cores;
    int rc = noc_app_write_svg(&flat, &g, ctx);
    free(cores);
    if (rc == NOC_OK) {
        noc_buf_printf(b, "<div class=\"fit\">\n");
        inline_svg(b, g.data ? g.data : "");
        noc_buf_printf(b, "</div>\n");
    }
    noc_buf_free(&g);
    if (rc != NOC_OK)
        return rc;
    noc_buf_printf(b, "<h2>Designs on the floorplan</h2>\n<div class=\"grid\">\n");
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        noc_buf_printf(b, "<div class=\"card\"><h3>");
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, "</h3><p>%d routers, radix &le; %d, %.3g mW, %.3g hops, routing %s (%d VC%s)",
                       e->d.m.routers, e->d.m.radix_max, e->d.power_mw, e->d.m.hops_avg, e->routing, e->d.vcs, e->d.vcs > 1 ? "s" : "");
        double ecap = e->d.freq_mhz > 0 && e->d.link_width > 0 ? noc_link_mbps(e->d.link_width, e->d.freq_mhz) : cap;
        if (e->d.freq_mhz > 0)
            noc_buf_printf(b, "; %g MHz (its largest router closes at %.0f MHz), %g-bit links (%.6g MB/s), "
                              "zero-load latency %.3g ns average, %.3g ns worst flow",
                           e->d.freq_mhz, e->d.fmax_mhz, e->d.link_width, ecap, e->d.lat_avg_ns, e->d.lat_max_ns);
        noc_buf_printf(b, "</p>\n");
        noc_report_svg_design(b, e, ecap);
        noc_buf_printf(b, "<p>Link utilisation:</p>\n");
        noc_report_svg_histogram(b, e, ecap);
        if (e->sim_svg) {
            noc_buf_printf(b, "<p>Simulated latency (saturation %.3g, zero-load %.3g cycles):</p>\n",
                           e->sim.saturation, e->sim.zero_load_latency);
            inline_svg(b, e->sim_svg);
        }
        noc_buf_printf(b, "</div>\n");
    }
    noc_buf_printf(b, "</div>\n<p>Files per design D: D.dot, D.svg, D.json, D.routes.csv, D.place.csv, D.anynet; "
                      "summary.csv and report.md beside this page. Generated by nocsyn %s.</p>\n</body></html>\n",
                   NOC_VERSION);
    return b->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}

int noc_compare_write(const struct noc_compare *c, const struct noc_app *app, const char *dir,
                      const char *cmdline, const struct noc_tech *tech, double cap, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    char path[4096];
    struct noc_buf b;
    noc_buf_init(&b);
    for (int i = 0; i < c->n && rc == NOC_OK; i++) {
        const struct noc_entry *e = &c->e[i];
        /* The entry's own design record (topo and metrics borrowed, read
         * only), with pareto as summary.csv's and the worst flow's cycles
         * from its ns, as compare's design files have always carried them. */
        struct noc_design d = e->d;
        d.lat_max_cycles = e->d.freq_mhz > 0 ? noc_ns_cycles(e->d.lat_max_ns, e->d.freq_mhz) : 0;
        rc = noc_design_write(&d, app, dir, tech, ctx);
    }
    static const struct {
        const char *file;
        int kind;
    } outs[] = {{"summary.csv", 0}, {"report.md", 1}, {"report.html", 2}};
    for (size_t k = 0; k < sizeof outs / sizeof outs[0] && rc == NOC_OK; k++) {
        b.len = 0;
        if (outs[k].kind == 0)
            rc = noc_compare_summary_csv(c, &b);
        else if (outs[k].kind == 1)
            rc = noc_compare_report_md(c, app, cmdline, cap, &b);
        else
            rc = noc_compare_report_html(c, app, cmdline, cap, &b, ctx);
        if (rc == NOC_ENOMEM && !ctx->status)
            rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        if (rc == NOC_OK) {
            snprintf(path, sizeof path, "%s/%s", dir, outs[k].file);
            rc = noc_write_file(path, b.data ? b.data : "", b.len, ctx);
        }
    }
    noc_buf_free(&b);
    return rc;
}
