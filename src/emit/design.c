/* Writes synthesized designs (docs/INTERFACE.md section 3.3): DIR/D.dot, D.svg, D.json,
 * D.routes.csv, D.place.csv, D.anynet, and DIR/pareto.csv for a sweep. */
#include "nocsyn/emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/json.h"
#include "nocsyn/route.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"
#include "nocsyn/tech.h"
#include "nocsyn/units.h"

static int path_of(const char *dir, const char *name, const char *ext, char *out, size_t n,
                   struct noc_ctx *ctx)
{
    if ((size_t)snprintf(out, n, "%s/%s%s", dir, name, ext) >= n)
        return noc_error(ctx, NOC_EINVAL, dir, 0, "output path too long");
    return NOC_OK;
}

static int save_buf(struct noc_buf *b, const char *dir, const char *name, const char *ext,
                    struct noc_ctx *ctx)
{
    char p[4096];
    int rc = path_of(dir, name, ext, p, sizeof p, ctx);
    if (rc == NOC_OK && b->failed)
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing %s", p);
    if (rc == NOC_OK)
        rc = noc_write_file(p, b->data ? b->data : "", b->len, ctx);
    return rc;
}

int noc_design_routes_csv(const struct noc_topo *t, const struct noc_tech *tech, struct noc_buf *b)
{
    int timed = tech != NULL;
    if (timed && !(t->freq_mhz > 0))
        return NOC_EINVAL;
    noc_buf_printf(b, timed ? "src,dst,hops,latency_cycles,latency_ns\n" : "src,dst,path\n");
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        noc_csv_field(b, t->nodes[r->src].name);
        noc_buf_append(b, ",", 1);
        noc_csv_field(b, t->nodes[r->dst].name);
        noc_buf_append(b, ",", 1);
        if (timed) {
            int cyc = noc_tech_flow_cycles(tech, t, r->src, r->dst, r->path, r->len, 32);
            noc_buf_printf(b, "%d,%d,", r->len - 1, cyc);
            noc_buf_num(b, noc_cycles_ns(cyc, t->freq_mhz));
        } else {
            struct noc_buf p;
            noc_buf_init(&p);
            for (int j = 0; j < r->len; j++)
                noc_buf_printf(&p, "%s%s", j ? " " : "", t->nodes[r->path[j]].name);
            noc_csv_field(b, p.data ? p.data : "");
            noc_buf_free(&p);
        }
        noc_buf_append(b, "\n", 1);
    }
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

/* One row; die (may be NULL: no column) the last field. */
static void place_row(struct noc_buf *b, const char *name, const char *kind, double x, double y, double w,
                      double h, const char *const *die, const char *dv)
{
    noc_csv_field(b, name);
    noc_buf_printf(b, ",%s,", kind);
    double v[] = {x, y, w, h};
    for (int k = 0; k < 4; k++) {
        noc_buf_num(b, v[k]);
        if (k < 3)
            noc_buf_append(b, ",", 1);
    }
    if (die) {
        noc_buf_append(b, ",", 1);
        noc_csv_field(b, dv ? dv : "");
    }
    noc_buf_append(b, "\n", 1);
}

int noc_design_place_csv_die(const struct noc_topo *t, const struct noc_layout *L, const char *const *die,
                             struct noc_buf *b)
{
    noc_buf_printf(b, die ? "node,kind,x_mm,y_mm,w_mm,h_mm,die\n" : "node,kind,x_mm,y_mm,w_mm,h_mm\n");
    for (int v = 0; v < t->nnodes; v++)
        place_row(b, t->nodes[v].name, v < t->nrouters ? "router" : "core", L->placed[v] ? L->x[v] : 0,
                  L->placed[v] ? L->y[v] : 0, L->w[v], L->h[v], die, die ? die[v] : NULL);
    /* A pipeline register sits on its channel: the die of the channel's source. */
    for (int c = 0; c < t->nch; c++)
        for (int i = L->reg_first[c]; i < L->reg_first[c] + L->stages[c]; i++)
            place_row(b, L->reg_names[i], "pipe", L->rx[i], L->ry[i], L->reg_side, L->reg_side, die,
                      die ? die[t->ch[c].src] : NULL);
    return b->failed ? NOC_ENOMEM : NOC_OK;
}

int noc_design_place_csv(const struct noc_topo *t, const struct noc_layout *L, struct noc_buf *b)
{
    return noc_design_place_csv_die(t, L, NULL, b);
}

/* The metrics object with the design's name as "topology" and the design
 * keys appended. */
static int design_json(const struct noc_design *d, struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_json *j = noc_metrics_json_object(&d->m, ctx);
    struct noc_json_node *o = noc_json_root(j);
    if (!j)
        return NOC_ENOMEM;
    noc_json_add_str(j, o, "topology", d->name); /* replaces the metrics' name in place */
    noc_json_add_num(j, o, "power_mw", d->power_mw);
    noc_json_add_num(j, o, "area_mm2", d->area_mm2);
    noc_json_add_str(j, o, "method", d->method);
    noc_json_add_num(j, o, "switches", d->switches);
    noc_json_add_num(j, o, "vcs", d->vcs);
    noc_json_add_bool(j, o, "pareto", d->pareto);
    /* The die of the one layout (nocsyn/phys.h): the DEF's DIEAREA. */
    noc_json_add_num(j, o, "die_mm2", d->die_mm2);
    noc_json_add_num(j, o, "core_util", d->core_util);
    if (d->model_power_mw > 0) /* synthesized: the placement model's price */
        noc_json_add_num(j, o, "model_power_mw", d->model_power_mw);
    if (d->freq_mhz > 0) {
        /* Timing: the clock and width it was built at, the fmax of its
         * largest router, zero-load latency over the app's flows.  (An
         * add replaces a key the metrics already have.) */
        noc_json_add_num(j, o, "freq_mhz", d->freq_mhz);
        noc_json_add_num(j, o, "link_width", d->link_width);
        noc_json_add_num(j, o, "fmax_mhz", d->fmax_mhz);
        struct noc_json_node *lat = noc_json_add_object(j, o, "latency");
        noc_json_add_num(j, lat, "avg_cycles", d->lat_avg_cycles);
        noc_json_add_num(j, lat, "max_cycles", d->lat_max_cycles);
        noc_json_add_num(j, lat, "avg_ns", d->lat_avg_ns);
        noc_json_add_num(j, lat, "max_ns", d->lat_max_ns);
    }
    int rc = noc_json_print(j, out, ctx);
    noc_json_free(j);
    return rc;
}

/* The routing whose VC classes table.csv lists: dor's dateline classes on
 * tori and rings that need 2+ VCs; NULL (one class) otherwise. */
static int table_routing(const struct noc_design *d, struct noc_routing *rt, struct noc_ctx *ctx)
{
    int fam = d->topo.shape.family;
    if (d->vcs < 2 || (fam != NOC_FAM_TORUS && fam != NOC_FAM_RING))
        return 0;
    if (noc_routing_init(rt, &d->topo, NOC_RT_DOR, d->vcs, ctx) != NOC_OK) {
        noc_ctx_clear(ctx);
        return 0;
    }
    return 1;
}

int noc_design_write(const struct noc_design *d, const struct noc_app *app, const char *dir,
                     const struct noc_tech *tech, struct noc_ctx *ctx)
{
    /* anynet is written from the copy with the layout's link latencies. */
    static const char *const topo_formats[] = {"dot", "svg", "anynet"};
    struct noc_tech deftech;
    if (!tech) {
        noc_tech_defaults(&deftech);
        tech = &deftech;
    }
    struct noc_layout L;
    struct noc_topo ho; /* the design with the layout's link latencies */
    struct noc_routing rt;
    int have_rt = 0, have_ho = 0, have_anynet = 0;
    struct noc_buf b;
    noc_buf_init(&b);
    int rc = noc_layout_build(&L, &d->topo, tech, ctx);
    if (rc == NOC_OK && (rc = noc_topo_copy(&ho, &d->topo, ctx)) == NOC_OK) {
        have_ho = 1;
        for (int c = 0; c < ho.nch; c++)
            ho.ch[c].latency = L.len_mm[c] >= 0 ? 1 + L.stages[c] : 0;
    }
    for (size_t i = 0; i < sizeof topo_formats / sizeof topo_formats[0] && rc == NOC_OK; i++) {
        char ext[16];
        snprintf(ext, sizeof ext, ".%s", topo_formats[i]);
        b.len = 0;
        rc = noc_topo_writer_find(topo_formats[i])(i == 2 ? &ho : &d->topo, &b, ctx);
        if (rc == NOC_EUNSUP) { /* e.g. anynet cannot hold one-way channels */
            noc_note(ctx, "%s%s not written: %s", d->name, ext, ctx->msg);
            noc_ctx_clear(ctx);
            rc = NOC_OK;
            continue;
        }
        if (rc == NOC_OK)
            rc = save_buf(&b, dir, d->name, ext, ctx);
        have_anynet |= i == 2 && rc == NOC_OK;
    }
    if (rc == NOC_OK) {
        b.len = 0;
        if ((rc = design_json(d, &b, ctx)) == NOC_OK)
            rc = save_buf(&b, dir, d->name, ".json", ctx);
    }
    /* Hand-off: routes, placement, LEF/DEF, per-link pipelining, router
     * tables with VC classes, BookSim. */
    static const char *const exts[] = {".routes.csv", ".latency.csv", ".place.csv", ".lef", ".def",
                                       ".links.csv", ".table.csv", ".booksim.cfg"};
    for (size_t i = 0; i < sizeof exts / sizeof exts[0] && rc == NOC_OK; i++) {
        b.len = 0;
        switch (i) {
        case 0: rc = noc_design_routes_csv(&d->topo, NULL, &b); break;
        case 1:
            if (!(d->topo.freq_mhz > 0))
                continue; /* zero-load latencies need a clock */
            rc = noc_design_routes_csv(&d->topo, tech, &b);
            break;
        case 2: rc = noc_design_place_csv(&d->topo, &L, &b); break;
        case 3: rc = noc_design_lef(&d->topo, &L, d->name, &b); break;
        case 4: rc = noc_design_def(&d->topo, &L, d->name, &b); break;
        case 5: rc = noc_design_links_csv(&d->topo, &L, tech, &b); break;
        case 6:
            have_rt = table_routing(d, &rt, ctx);
            rc = noc_design_table_csv(&d->topo, have_rt ? &rt : NULL, &b, ctx);
            break;
        default: {
            char any[128];
            if (!have_anynet) { /* the configuration would name a missing file */
                noc_note(ctx, "%s.booksim.cfg not written: %s.anynet was not written", d->name, d->name);
                continue;
            }
            snprintf(any, sizeof any, "%s.anynet", d->name);
            rc = noc_design_booksim_cfg(&d->topo, app, any, &b);
        }
        }
        if (rc == NOC_ENOMEM && ctx->status == NOC_OK)
            rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing %s%s", d->name, exts[i]);
        if (rc == NOC_OK)
            rc = save_buf(&b, dir, d->name, exts[i], ctx);
    }
    if (have_rt)
        noc_routing_free(&rt);
    if (have_ho)
        noc_topo_free(&ho);
    noc_layout_free(&L);
    noc_buf_free(&b);
    return rc;
}

/* The D2D columns of a multi-die design (package.h): d2d_modules,
 * d2d_mbps, d2d_share (= d2d_mw / power_mw; empty when infeasible or
 * without power), each after a comma.  pareto.csv and summary.csv share
 * them. */
void noc_d2d_cells(const struct noc_design *d, int feasible, struct noc_buf *b)
{
    noc_buf_printf(b, ",%d,", d->d2d_modules);
    noc_buf_num(b, d->d2d_mbps);
    noc_buf_append(b, ",", 1);
    if (feasible && d->power_mw > 0)
        noc_buf_num(b, noc_round_digits(d->d2d_mw / d->power_mw, 9));
}

static int pareto_write(const struct noc_synth_result *res, int d2d, const char *dir, struct noc_ctx *ctx)
{
    struct noc_buf b;
    noc_buf_init(&b);
    noc_buf_printf(&b, "design,method,switches,feasible,pareto,chosen,power_mw,area_mm2,hops_avg,"
                       "hops_max,radix_max,links,max_load_mbps,max_util,wire_mm,reason,freq_mhz,"
                       "link_width,latency_avg_ns,latency_max_ns,latency_avg_cycles,fmax_mhz,die_mm2,core_util,same_as%s\n",
                   d2d ? ",d2d_modules,d2d_mbps,d2d_share" : "");
    for (int i = 0; i < res->n; i++) {
        const struct noc_design *d = &res->d[i];
        noc_buf_printf(&b, "%s,%s,%d,%d,%d,%d,", d->name, d->method, d->switches, d->feasible, d->pareto,
                       i == res->chosen);
        if (d->feasible) {
            double v[] = {d->power_mw, d->area_mm2, d->m.hops_avg};
            for (size_t k = 0; k < 3; k++) {
                noc_buf_num(&b, v[k]);
                noc_buf_append(&b, ",", 1);
            }
            noc_buf_printf(&b, "%d,%d,%d,", d->m.hops_max, d->m.radix_max, d->m.links);
            noc_buf_num(&b, d->m.max_channel_load_mbps);
            noc_buf_append(&b, ",", 1);
            noc_buf_num(&b, d->m.max_utilization);
            noc_buf_append(&b, ",", 1);
            noc_buf_num(&b, isnan(d->m.wire_length_mm) ? 0 : d->m.wire_length_mm);
            noc_buf_append(&b, ",", 1);
        } else {
            noc_buf_printf(&b, ",,,,,,,,,");
            noc_csv_field(&b, d->reason);
        }
        /* Timing columns: the grid point (known even when infeasible). */
        double tv[] = {d->freq_mhz, d->link_width};
        for (size_t k = 0; k < 2; k++) {
            noc_buf_append(&b, ",", 1);
            if (tv[k] > 0)
                noc_buf_num(&b, tv[k]);
        }
        if (d->feasible) {
            double lv[] = {d->lat_avg_ns, d->lat_max_ns, d->lat_avg_cycles, d->fmax_mhz, d->die_mm2, d->core_util};
            for (size_t k = 0; k < 6; k++) {
                noc_buf_append(&b, ",", 1);
                noc_buf_num(&b, lv[k]);
            }
        } else
            noc_buf_printf(&b, ",,,,,,");
        noc_buf_append(&b, ",", 1);
        noc_csv_field(&b, d->same_as);
        if (d2d)
            noc_d2d_cells(d, d->feasible, &b);
        noc_buf_append(&b, "\n", 1);
    }
    int rc = save_buf(&b, dir, "pareto", ".csv", ctx);
    noc_buf_free(&b);
    return rc;
}

int noc_pareto_write(const struct noc_synth_result *res, const char *dir, struct noc_ctx *ctx)
{
    return pareto_write(res, 0, dir, ctx);
}

int noc_pareto_write_d2d(const struct noc_synth_result *res, const char *dir, struct noc_ctx *ctx)
{
    return pareto_write(res, 1, dir, ctx);
}
