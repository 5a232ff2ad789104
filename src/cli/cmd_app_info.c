/* nocsyn app-info: a summary of an application graph for an SoC architect:
 * cores, flows, bandwidth (total and per core), connected components, the
 * flows with a hop bound; as an aligned text table or JSON, and optionally
 * the graph drawn as DOT / SVG.
 */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/json.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help_text[] =
    "usage: nocsyn app-info APP [--app-format csv|dot] [--floorplan FILE] [--bw-scale F]\n"
    "                           [--format text|json] [--svg FILE] [--dot FILE]\n"
    "\n"
    "Summarises an application communication graph: cores, flows, total\n"
    "bandwidth, per-core injected (out) and ejected (in) bandwidth, connected\n"
    "components, and the flows that carry a max_hops bound.\n"
    "\n"
    "APP is a CSV file (header src,dst,bandwidth_mbps[,max_hops]; '#' starts a\n"
    "comment line) or a DOT digraph (a -> b [bw=70, max_hops=3]; core\n"
    "attributes w, h, x, y in mm); '-' reads standard input.  Bandwidths are\n"
    "MB/s; a repeated src,dst pair is summed (with a note).\n"
    "\n"
    "options:\n"
    "  --app-format csv|dot  format of APP (default: by extension .csv, .dot, .gv)\n"
    "  --floorplan FILE      floorplan CSV core,x_mm,y_mm,w_mm,h_mm or core,w_mm,h_mm;\n"
    "                        adds sizes and positions to the per-core table\n"
    "  --format text|json    output on stdout (default text).  JSON keys: app,\n"
    "                        cores, flows, total_bandwidth_mbps, duplicates_summed,\n"
    "                        components, component_members, max_hops_flows,\n"
    "                        per_core [{name, in_mbps, out_mbps, w, h, x, y}]\n"
    "  --svg FILE            draw the app graph as SVG (pinned to the floorplan\n"
    "                        when every core has a position)\n"
    "  --dot FILE            write the app graph as DOT (readable as an app again)\n"
    "  --bw-scale F          multiply every flow's bandwidth by F to get MB/s, for\n"
    "                        apps in other units (default 1; e.g. --bw-scale 0.1)\n"
    "  -h, --help            this help\n"
    "\n"
    "Exit status: 0 success, 2 bad input or usage.\n";

struct app_info_opts {
    const char *app, *app_format, *floorplan, *format, *svg, *dot;
    double bw_scale;
};

static int parse_opts(int argc, char **argv, struct app_info_opts *o)
{
    static const struct option longopts[] = {
        {"app-format", required_argument, NULL, 'a'}, {"floorplan", required_argument, NULL, 'p'},
        {"format", required_argument, NULL, 'f'},     {"svg", required_argument, NULL, 's'},
        {"dot", required_argument, NULL, 'd'},        CLI_OPT_BW_SCALE('b'),
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->format = "text";
    o->bw_scale = 1;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': o->app_format = optarg; break;
        case 'p': o->floorplan = optarg; break;
        case 'f': o->format = optarg; break;
        case 's': o->svg = optarg; break;
        case 'd': o->dot = optarg; break;
        case 'b':
            if (cli_bw_scale("app-info", optarg, &o->bw_scale)) return 2;
            break;
        case ':': return cli_usage("app-info: option '%s' needs a value", argv[optind - 1]);
        default: return cli_usage("app-info: unknown option '%s' (see 'nocsyn app-info --help')",
                                  argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_usage("app-info: missing APP file (see 'nocsyn app-info --help')");
    if (optind + 1 < argc)
        return cli_usage("app-info: unexpected argument '%s'", argv[optind + 1]);
    o->app = argv[optind];
    if (strcmp(o->format, "text") && strcmp(o->format, "json"))
        return cli_usage("app-info: --format must be text or json, not '%s'", o->format);
    if (o->app_format && strcmp(o->app_format, "csv") && strcmp(o->app_format, "dot"))
        return cli_usage("app-info: --app-format must be csv or dot, not '%s'", o->app_format);
    return 0;
}

/* ---- text */

/* Display width of a UTF-8 string (code points). */
static size_t cols_of(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void put_cell(struct noc_buf *b, const char *s, size_t width, int right)
{
    size_t w = cols_of(s);
    if (right)
        for (; w < width; w++)
            noc_buf_append(b, " ", 1);
    noc_buf_append(b, s, strlen(s));
    if (!right)
        for (; w < width; w++)
            noc_buf_append(b, " ", 1);
}

static void fmt_num(char *dst, size_t n, double v)
{
    snprintf(dst, n, "%.10g", v == 0 ? 0 : v);
}

enum { C_NAME, C_IN, C_OUT, C_W, C_H, C_X, C_Y, NCOL };
static const char *const col_head[NCOL] = {"core", "in MB/s", "out MB/s",
                                           "w mm", "h mm", "x mm", "y mm"};

/* Cell text of core i (or of the totals row when i < 0). */
static void core_cells(const struct noc_app *app, const struct noc_app_summary *s, int i,
                       char cell[NCOL][48])
{
    for (int k = 0; k < NCOL; k++)
        strcpy(cell[k], "-");
    if (i < 0) {
        strcpy(cell[C_NAME], "total");
        fmt_num(cell[C_IN], 48, s->total);
        fmt_num(cell[C_OUT], 48, s->total);
        cell[C_W][0] = cell[C_H][0] = cell[C_X][0] = cell[C_Y][0] = '\0';
        return;
    }
    const struct noc_core *c = &app->cores[i];
    fmt_num(cell[C_IN], 48, s->in[i]);
    fmt_num(cell[C_OUT], 48, s->out[i]);
    if (c->has_size) {
        fmt_num(cell[C_W], 48, c->w);
        fmt_num(cell[C_H], 48, c->h);
    }
    if (c->has_pos) {
        fmt_num(cell[C_X], 48, c->x);
        fmt_num(cell[C_Y], 48, c->y);
    }
}

static void text_table(const struct noc_app *app, const struct noc_app_summary *s, struct noc_buf *b)
{
    int ncol = C_OUT + 1;
    for (int i = 0; i < app->ncores; i++)
        if (app->cores[i].has_size || app->cores[i].has_pos)
            ncol = NCOL;
    size_t width[NCOL];
    char cell[NCOL][48];
    for (int k = 0; k < ncol; k++)
        width[k] = cols_of(col_head[k]);
    for (int i = -1; i < app->ncores; i++) {
        core_cells(app, s, i, cell);
        size_t nw = cols_of(i < 0 ? cell[C_NAME] : app->cores[i].name);
        if (nw > width[C_NAME])
            width[C_NAME] = nw;
        for (int k = 1; k < ncol; k++)
            if (strlen(cell[k]) > width[k])
                width[k] = strlen(cell[k]);
    }
    for (int k = 0; k < ncol; k++) {
        noc_buf_append(b, "  ", k ? 2 : 0);
        put_cell(b, col_head[k], width[k], k > 0);
    }
    noc_buf_append(b, "\n", 1);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < ncol; k++) {
            noc_buf_append(b, "  ", k ? 2 : 0);
            for (size_t j = 0; j < width[k]; j++)
                noc_buf_append(b, "-", 1);
        }
        noc_buf_append(b, "\n", 1);
        for (int i = pass ? -1 : 0; i < (pass ? 0 : app->ncores); i++) {
            core_cells(app, s, i, cell);
            for (int k = 0; k < ncol; k++) {
                noc_buf_append(b, "  ", k ? 2 : 0);
                put_cell(b, k == C_NAME && i >= 0 ? app->cores[i].name : cell[k], width[k], k > 0);
            }
            while (b->len && b->data[b->len - 1] == ' ')
                b->data[--b->len] = '\0';
            noc_buf_append(b, "\n", 1);
        }
    }
}

/* The flows with a hop bound, one aligned line each. */
static void text_bounded(const struct noc_app *app, struct noc_buf *b)
{
    size_t ws = 0, wd = 0, wb = 0;
    char num[48];
    for (int pass = 0; pass < 2; pass++) {
        for (int f = 0; f < app->nflows; f++) {
            const struct noc_flow *fl = &app->flows[f];
            if (fl->max_hops < 0)
                continue;
            const char *src = app->cores[fl->src].name, *dst = app->cores[fl->dst].name;
            fmt_num(num, sizeof num, fl->bw);
            if (!pass) {
                ws = cols_of(src) > ws ? cols_of(src) : ws;
                wd = cols_of(dst) > wd ? cols_of(dst) : wd;
                wb = strlen(num) > wb ? strlen(num) : wb;
                continue;
            }
            noc_buf_append(b, "  ", 2);
            put_cell(b, src, ws, 0);
            noc_buf_append(b, " -> ", 4);
            put_cell(b, dst, wd, 0);
            noc_buf_append(b, "  ", 2);
            put_cell(b, num, wb, 1);
            noc_buf_printf(b, " MB/s  <= %d hop%s\n", fl->max_hops, fl->max_hops == 1 ? "" : "s");
        }
    }
}

static void text_report(const struct noc_app *app, const struct noc_app_summary *s, struct noc_buf *b)
{
    noc_buf_printf(b, "app          %s\n", app->name ? app->name : "-");
    noc_buf_printf(b, "cores        %d\n", app->ncores);
    noc_buf_printf(b, "flows        %d", app->nflows);
    if (app->ndup)
        noc_buf_printf(b, " (%d duplicate row%s summed)", app->ndup, app->ndup == 1 ? "" : "s");
    noc_buf_append(b, "\nbandwidth    ", 14);
    noc_buf_num(b, s->total);
    noc_buf_append(b, " MB/s total", 11);
    int heavy = -1;
    for (int f = 0; f < app->nflows; f++)
        if (heavy < 0 || app->flows[f].bw > app->flows[heavy].bw)
            heavy = f;
    if (heavy >= 0) {
        const struct noc_flow *h = &app->flows[heavy];
        noc_buf_printf(b, "; heaviest flow %s -> %s ", app->cores[h->src].name,
                       app->cores[h->dst].name);
        noc_buf_num(b, h->bw);
        noc_buf_append(b, " MB/s", 5);
    }
    noc_buf_printf(b, "\ncomponents   %d%s\n", s->ncomp,
                   s->ncomp == 1 ? " (every core is connected)" : "");
    for (int c = 0; s->ncomp > 1 && c < s->ncomp; c++) {
        int size = 0;
        for (int i = 0; i < app->ncores; i++)
            size += s->comp[i] == c;
        noc_buf_printf(b, "  %d: %d core%s:", c + 1, size, size == 1 ? "" : "s");
        const char *sep = " ";
        for (int i = 0; i < app->ncores; i++)
            if (s->comp[i] == c) {
                noc_buf_printf(b, "%s%s", sep, app->cores[i].name);
                sep = ", ";
            }
        noc_buf_append(b, "\n", 1);
    }
    noc_buf_printf(b, "max_hops     %d flow%s bounded\n", s->nbounded, s->nbounded == 1 ? "" : "s");
    text_bounded(app, b);
    if (s->nlat > 0) {
        const struct noc_flow *t = &app->flows[s->tightest];
        noc_buf_printf(b, "max_latency  %d flow%s bounded; tightest %g ns: %s -> %s\n", s->nlat,
                       s->nlat == 1 ? "" : "s", t->max_latency_ns, app->cores[t->src].name, app->cores[t->dst].name);
    }
    noc_buf_append(b, "\n", 1);
    text_table(app, s, b);
}

/* ---- JSON */

/* A number as in every output: 10 significant digits (fmt_num), no "-0". */
static void jnum(struct noc_json *j, struct noc_json_node *o, const char *key, double v)
{
    noc_json_add_round(j, o, key, v == 0 ? 0 : v, 10);
}

static void json_report(const struct noc_app *app, const struct noc_app_summary *s, struct noc_json *j)
{
    struct noc_json_node *root = noc_json_root(j);
    noc_json_add_str(j, root, "app", app->name ? app->name : "");
    noc_json_add_num(j, root, "cores", app->ncores);
    noc_json_add_num(j, root, "flows", app->nflows);
    jnum(j, root, "total_bandwidth_mbps", s->total);
    noc_json_add_num(j, root, "duplicates_summed", app->ndup);
    noc_json_add_num(j, root, "components", s->ncomp);
    struct noc_json_node *members = noc_json_add_array(j, root, "component_members");
    for (int c = 0; c < s->ncomp; c++) {
        struct noc_json_node *m = noc_json_add_array(j, members, NULL);
        for (int i = 0; i < app->ncores; i++)
            if (s->comp[i] == c)
                noc_json_add_str(j, m, NULL, app->cores[i].name);
    }
    struct noc_json_node *bounded = noc_json_add_array(j, root, "max_hops_flows");
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        if (fl->max_hops < 0)
            continue;
        struct noc_json_node *o = noc_json_add_object(j, bounded, NULL);
        noc_json_add_str(j, o, "src", app->cores[fl->src].name);
        noc_json_add_str(j, o, "dst", app->cores[fl->dst].name);
        jnum(j, o, "bandwidth_mbps", fl->bw);
        noc_json_add_num(j, o, "max_hops", fl->max_hops);
    }
    struct noc_json_node *lat = noc_json_add_array(j, root, "max_latency_flows");
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        if (!(fl->max_latency_ns > 0))
            continue;
        struct noc_json_node *o = noc_json_add_object(j, lat, NULL);
        noc_json_add_str(j, o, "src", app->cores[fl->src].name);
        noc_json_add_str(j, o, "dst", app->cores[fl->dst].name);
        jnum(j, o, "max_latency_ns", fl->max_latency_ns);
    }
    struct noc_json_node *per = noc_json_add_array(j, root, "per_core");
    for (int i = 0; i < app->ncores; i++) {
        const struct noc_core *c = &app->cores[i];
        struct noc_json_node *o = noc_json_add_object(j, per, NULL);
        noc_json_add_str(j, o, "name", c->name);
        jnum(j, o, "in_mbps", s->in[i]);
        jnum(j, o, "out_mbps", s->out[i]);
        if (c->has_size) {
            jnum(j, o, "w", c->w);
            jnum(j, o, "h", c->h);
        }
        if (c->has_pos) {
            jnum(j, o, "x", c->x);
            jnum(j, o, "y", c->y);
        }
    }
}

static int json_out(const struct noc_app *app, const struct noc_app_summary *s, struct noc_buf *b,
                    struct noc_ctx *ctx)
{
    struct noc_json *j = noc_json_new();
    json_report(app, s, j);
    int rc = noc_json_print(j, b, ctx);
    noc_json_free(j);
    return rc;
}

int cmd_app_info(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help_text);
    struct app_info_opts o;
    int rc = parse_opts(argc, argv, &o);
    if (rc)
        return rc;
    struct noc_ctx ctx;
    struct noc_app app;
    struct noc_app_summary s;
    struct noc_buf text, svg, dot;
    cli_ctx_init(&ctx);
    noc_app_init(&app);
    noc_app_summary_init(&s);
    noc_buf_init(&text);
    noc_buf_init(&svg);
    noc_buf_init(&dot);
    if ((rc = noc_app_read(&app, o.app, o.app_format, &ctx)) != NOC_OK ||
        (rc = noc_app_scale_bw(&app, o.bw_scale, o.app, &ctx)) != NOC_OK ||
        (o.floorplan && (rc = noc_floorplan_read(&app, o.floorplan, &ctx)) != NOC_OK) ||
        (rc = noc_app_summarize(&app, &s, &ctx)) != NOC_OK)
        goto cleanup;
    /* Everything is built before anything is written. */
    if ((o.svg && (rc = noc_app_write_svg(&app, &svg, &ctx)) != NOC_OK) ||
        (o.dot && (rc = noc_app_write_dot(&app, &dot, &ctx)) != NOC_OK))
        goto cleanup;
    if (!strcmp(o.format, "json"))
        rc = json_out(&app, &s, &text, &ctx);
    else
        text_report(&app, &s, &text);
    if (rc == NOC_OK && text.failed)
        rc = noc_error(&ctx, NOC_ENOMEM, NULL, 0, "out of memory formatting the report");
    if (rc == NOC_OK) {
        const struct cli_out outs[] = {{o.svg, svg.data, svg.len, "--svg"},
                                       {o.dot, dot.data, dot.len, "--dot"},
                                       {"-", text.data, text.len, "the report"}};
        rc = cli_write_all(outs, 3, &ctx);
    }
cleanup:
    noc_app_summary_free(&s);
    noc_buf_free(&text);
    noc_buf_free(&svg);
    noc_buf_free(&dot);
    noc_app_free(&app);
    return rc == NOC_OK ? 0 : cli_fail(&ctx);
}
