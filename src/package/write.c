/* The package's files (include/nocsyn/package.h, noc_package_write). */
#include "nocsyn/package.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"

static void num(struct noc_buf *b, double v)
{
    noc_buf_printf(b, ",");
    if (isfinite(v))
        noc_buf_num(b, noc_round_digits(v, 9));
}

int noc_package_summary_csv(const struct noc_package_result *res, struct noc_buf *b, struct noc_ctx *ctx)
{
    noc_buf_printf(b, "design,k,extra,feasible,switches,d2d_modules,d2d_mbps,power_mw,d2d_mw,d2d_share,area_mm2,"
                      "latency_avg_ns,latency_max_ns,vcs,deadlock_free,pareto,chosen,reason,freq_mhz,link_width\n");
    for (int i = 0; i < res->n; i++) {
        const struct noc_package_design *pd = &res->d[i];
        const struct noc_design *d = &pd->d;
        int ok = d->feasible, eval = d->topo.finalized;
        noc_buf_printf(b, "%s,%d,%d,%d,%d,%d", d->name, pd->k, pd->extra, ok, d->switches, pd->d.d2d_modules);
        num(b, eval ? pd->d.d2d_mbps : NAN);
        num(b, eval ? d->power_mw : NAN);
        num(b, eval ? pd->d.d2d_mw : NAN);
        num(b, eval && d->power_mw > 0 ? pd->d.d2d_mw / d->power_mw : NAN);
        num(b, eval ? d->area_mm2 : NAN);
        num(b, eval ? d->lat_avg_ns : NAN);
        num(b, eval ? d->lat_max_ns : NAN);
        noc_buf_printf(b, ",%d,%d,%d,%d,", ok ? d->vcs : 0, eval ? d->m.deadlock_free : -1, d->pareto,
                       i == res->chosen);
        noc_csv_field(b, d->reason);
        num(b, d->freq_mhz); /* the grid point (added last: the columns before keep their places) */
        num(b, d->link_width);
        noc_buf_printf(b, "\n");
    }
    return noc_buf_status(b, "package.csv", ctx);
}

/* A die-to-die channel: both ends adapters of different dies. */
static int is_d2d(const struct noc_topo *t, int c)
{
    const char *a = t->nodes[t->ch[c].src].name, *b = t->nodes[t->ch[c].dst].name;
    const char *da = strstr(a, ".d2d."), *db = strstr(b, ".d2d.");
    return noc_topo_is_rr(t, c) && da && db && (da - a != db - b || strncmp(a, b, (size_t)(da - a)));
}

int noc_package_svg(const struct noc_package *p, const struct noc_package_design *pd, const struct noc_synth_opts *o,
                struct noc_buf *b, struct noc_ctx *ctx)
{
    const struct noc_topo *t = &pd->d.topo;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, s = 40; /* px per mm */
    for (int d = 0; d < p->ndies; d++) {
        double dx, dy;
        noc_package_die_origin(p, d, &dx, &dy);
        x0 = fmin(x0, dx);
        y0 = fmin(y0, dy);
        x1 = fmax(x1, dx + p->dies[d].w);
        y1 = fmax(y1, dy + p->dies[d].h);
    }
    for (int v = 0; v < t->nnodes; v++)
        if (t->nodes[v].has_pos) {
            x0 = fmin(x0, t->nodes[v].x);
            y0 = fmin(y0, t->nodes[v].y);
            x1 = fmax(x1, t->nodes[v].x);
            y1 = fmax(y1, t->nodes[v].y);
        }
    x0 -= 1;
    y0 -= 1;
    x1 += 1;
    y1 += 2; /* room for the title */
#define X(v) (((v) - x0) * s)
#define Y(v) ((y1 - (v)) * s)
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                      "font-family=\"sans-serif\" font-size=\"12\">\n", (x1 - x0) * s, (y1 - y0) * s);
    noc_buf_printf(b, "<text x=\"8\" y=\"18\">");
    noc_buf_xml(b, pd->d.name);
    noc_buf_printf(b, ": %.4g mW (D2D %.4g mW, %.1f%%), %d D2D modules, latency %.4g ns avg</text>\n",
                   pd->d.power_mw, pd->d.d2d_mw, pd->d.power_mw > 0 ? 100 * pd->d.d2d_mw / pd->d.power_mw : 0,
                   pd->d.d2d_modules, pd->d.lat_avg_ns);
    for (int d = 0; d < p->ndies; d++) {
        double dx, dy;
        noc_package_die_origin(p, d, &dx, &dy);
        noc_buf_printf(b, "<rect class=\"die\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                          "fill=\"#eef\" stroke=\"#446\"/>\n<text x=\"%.2f\" y=\"%.2f\">",
                       X(dx), Y(dy + p->dies[d].h), p->dies[d].w * s, p->dies[d].h * s, X(dx) + 4,
                       Y(dy + p->dies[d].h) + 14);
        noc_buf_xml(b, p->dies[d].name);
        noc_buf_printf(b, p->dies[d].layer >= 0 ? " (layer %d)</text>\n" : "</text>\n", p->dies[d].layer);
    }
    double cap = noc_synth_capacity(o);
    for (int c = 0; c < t->nch; c++) {
        const struct noc_node *a = &t->nodes[t->ch[c].src], *z = &t->nodes[t->ch[c].dst];
        if (!a->has_pos || !z->has_pos || t->ch[c].src > t->ch[c].dst)
            continue; /* one line per link */
        if (!is_d2d(t, c)) {
            noc_buf_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#999\"/>\n", X(a->x),
                           Y(a->y), X(z->x), Y(z->y));
            continue;
        }
        /* The busier direction (the reverse channel, when there is one). */
        double load = pd->d.m.load ? pd->d.m.load[c] * pd->d.m.unit_mbps : 0;
        for (int r = 0; r < t->nch; r++)
            if (t->ch[r].src == t->ch[c].dst && t->ch[r].dst == t->ch[c].src && pd->d.m.load)
                load = fmax(load, pd->d.m.load[r] * pd->d.m.unit_mbps);
        /* the engine's capacity of the channel: min(module, the design's link) */
        double mcap = pd->d.m.capacity && pd->d.m.capacity[c] > 0 ? pd->d.m.capacity[c] : cap;
        double u = fmin(1, load / mcap);
        noc_buf_printf(b, "<line class=\"d2d\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                          "stroke=\"hsl(%.0f,80%%,45%%)\" stroke-width=\"6\"><title>",
                       X(a->x), Y(a->y), X(z->x), Y(z->y), 120 * (1 - u));
        noc_buf_xml(b, a->name);
        noc_buf_printf(b, " - ");
        noc_buf_xml(b, z->name);
        noc_buf_printf(b, ": %.6g MB/s, %.1f%%</title></line>\n<text x=\"%.2f\" y=\"%.2f\">%.1f%%</text>\n", load,
                       100 * u, (X(a->x) + X(z->x)) / 2, (Y(a->y) + Y(z->y)) / 2 - 6, 100 * u);
    }
    for (int v = 0; v < t->nnodes; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos)
            continue;
        if (v < t->nrouters)
            noc_buf_printf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"4\" fill=\"%s\"><title>", X(n->x), Y(n->y),
                           strstr(n->name, ".d2d.") ? "#c60" : "#333");
        else
            noc_buf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"6\" height=\"6\" fill=\"#69c\"><title>",
                           X(n->x) - 3, Y(n->y) - 3);
        noc_buf_xml(b, n->name);
        noc_buf_printf(b, v < t->nrouters ? "</title></circle>\n" : "</title></rect>\n");
    }
#undef X
#undef Y
    noc_buf_printf(b, "</svg>\n");
    return noc_buf_status(b, "package.svg", ctx);
}

/* DIR/NAME.place.csv again, with the die of every node (emit.h
 * noc_design_place_csv_die): one die for all (`one` >= 0, a die's own
 * design), else a router's die from its name "<DIE>.<router>" and a core's
 * from the assignment. */
static int place_with_die(const struct noc_package_result *res, const struct noc_package *p, const struct noc_app *app,
                          const struct noc_design *d, int one, const char *dir, const struct noc_tech *tech,
                          struct noc_ctx *ctx)
{
    const struct noc_topo *t = &d->topo;
    struct noc_layout L;
    struct noc_buf b;
    char path[4400];
    const char **die = noc_calloc(ctx, (size_t)t->nnodes + 1, sizeof *die);
    noc_buf_init(&b);
    if (!die)
        return NOC_ENOMEM;
    for (int v = 0; v < t->nnodes; v++) {
        const char *nm = t->nodes[v].name;
        int c = v >= t->nrouters ? noc_app_find(app, nm) : -1;
        if (one >= 0)
            die[v] = p->dies[one].name;
        else if (c >= 0)
            die[v] = p->dies[res->core_die[c]].name;
        else
            for (int k = 0; k < p->ndies && !die[v]; k++) {
                size_t l = strlen(p->dies[k].name);
                if (!strncmp(nm, p->dies[k].name, l) && nm[l] == '.')
                    die[v] = p->dies[k].name;
            }
    }
    int rc = noc_layout_build(&L, t, tech, ctx);
    if (rc == NOC_OK) {
        rc = noc_design_place_csv_die(t, &L, die, &b);
        if (rc == NOC_ENOMEM)
            rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing %s.place.csv", d->name);
        noc_layout_free(&L);
    }
    snprintf(path, sizeof path, "%s/%s.place.csv", dir, d->name);
    if (rc == NOC_OK)
        rc = noc_write_file(path, b.data, b.len, ctx);
    noc_buf_free(&b);
    free(die);
    return rc;
}

/* DIR/floorplan.csv: every core's die-local lower-left corner and size
 * (its die's own design, where its terminal sits at its centre) and its
 * die: the input of --floorplan that gives this assignment and layout
 * back.  Not written when a core has no placed terminal. */
static int floorplan_with_die(const struct noc_package_result *res, const struct noc_package *p,
                              const struct noc_app *app, const struct noc_package_design *pd, const char *dir,
                              struct noc_ctx *ctx)
{
    struct noc_buf b;
    char path[4400];
    int rc = NOC_OK;
    noc_buf_init(&b);
    noc_buf_printf(&b, "core,x_mm,y_mm,w_mm,h_mm,die\n");
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_topo *t = &pd->dies[res->core_die[c]].topo;
        int v = t->finalized ? noc_topo_find(t, app->cores[c].name) : -1;
        if (v < 0 || !t->nodes[v].has_pos)
            goto cleanup; /* nothing to hand back */
        const struct noc_node *n = &t->nodes[v];
        noc_csv_field(&b, app->cores[c].name);
        double val[4] = {n->x - n->w / 2, n->y - n->h / 2, n->w, n->h};
        for (int k = 0; k < 4; k++) {
            noc_buf_append(&b, ",", 1);
            noc_buf_num(&b, noc_round_digits(val[k], 9));
        }
        noc_buf_append(&b, ",", 1);
        noc_csv_field(&b, p->dies[res->core_die[c]].name);
        noc_buf_append(&b, "\n", 1);
    }
    NOC_CHECK(noc_buf_status(&b, "floorplan.csv", ctx));
    snprintf(path, sizeof path, "%s/floorplan.csv", dir);
    rc = noc_write_file(path, b.data, b.len, ctx);
cleanup:
    noc_buf_free(&b);
    return rc;
}

int noc_package_write(const struct noc_package_result *res, const struct noc_package *p, const struct noc_app *app,
                      const char *dir, const struct noc_synth_opts *o, struct noc_ctx *ctx)
{
    const struct noc_tech *tech = &o->tech;
    int rc = NOC_OK;
    struct noc_buf b;
    char path[4400];
    noc_buf_init(&b);
    NOC_CHECK(noc_package_summary_csv(res, &b, ctx));
    snprintf(path, sizeof path, "%s/package.csv", dir);
    NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
    /* pareto.csv as synth writes it, the D2D columns appended: a shallow
     * view of the composed designs (nothing owned). */
    {
        struct noc_synth_result view;
        noc_synth_result_init(&view);
        NOC_CHECK(noc_package_view(res, &view, ctx));
        rc = noc_pareto_write_d2d(&view, dir, ctx);
        free(view.d);
        if (rc != NOC_OK)
            goto cleanup;
    }
    if (res->chosen >= 0) {
        const struct noc_package_design *pd = &res->d[res->chosen];
        noc_buf_free(&b);
        noc_buf_init(&b);
        NOC_CHECK(noc_package_boundaries_csv(p, pd, &b, ctx));
        snprintf(path, sizeof path, "%s/boundaries.csv", dir);
        NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
        noc_buf_free(&b);
        noc_buf_init(&b);
        noc_buf_printf(&b, "die,layer,x_mm,y_mm,w_mm,h_mm,cores,switches\n");
        for (int d = 0; d < p->ndies; d++) {
            int n = 0;
            for (int c = 0; c < res->ncores; c++)
                n += res->core_die[c] == d;
            noc_csv_field(&b, p->dies[d].name);
            noc_buf_printf(&b, ",%d", p->dies[d].layer);
            num(&b, p->dies[d].x);
            num(&b, p->dies[d].y);
            num(&b, p->dies[d].w);
            num(&b, p->dies[d].h);
            noc_buf_printf(&b, ",%d,%d\n", n, pd->die_switches[d]);
        }
        noc_buf_printf(&b, "\ncore,die\n");
        for (int c = 0; c < res->ncores; c++) {
            noc_csv_field(&b, app->cores[c].name);
            noc_buf_printf(&b, ",");
            noc_csv_field(&b, p->dies[res->core_die[c]].name);
            noc_buf_printf(&b, "\n");
        }
        NOC_CHECK(noc_buf_status(&b, "dies.csv", ctx));
        snprintf(path, sizeof path, "%s/dies.csv", dir);
        NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
        NOC_CHECK(noc_design_write(&pd->d, app, dir, tech, ctx));
        NOC_CHECK(place_with_die(res, p, app, &pd->d, -1, dir, tech, ctx));
        NOC_CHECK(floorplan_with_die(res, p, app, pd, dir, ctx));
        noc_buf_free(&b);
        noc_buf_init(&b);
        NOC_CHECK(noc_package_svg(p, pd, o, &b, ctx));
        snprintf(path, sizeof path, "%s/package.svg", dir);
        NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
        /* Every die's own design, named D.DIE. */
        for (int d = 0; d < p->ndies; d++) {
            if (!pd->dies[d].topo.finalized)
                continue;
            struct noc_design one = pd->dies[d];
            snprintf(one.name, sizeof one.name, "%.30s.%.30s", pd->d.name, p->dies[d].name);
            NOC_CHECK(noc_design_write(&one, NULL, dir, tech, ctx));
            NOC_CHECK(place_with_die(res, p, app, &one, d, dir, tech, ctx));
        }
    }
cleanup:
    noc_buf_free(&b);
    return rc;
}
