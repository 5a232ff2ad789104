/* The physical hand-off model (include/nocsyn/emit.h, struct noc_layout):
 * block sizes, router legalisation around the cores, port numbering,
 * pipeline registers on long links and unique legal names.  Everything is
 * computed in whole nanometres (long long) so that the DEF, the LEF and
 * place.csv agree to the database unit. */
#include "nocsyn/emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "nocsyn/units.h"
#include "legal_int.h"

#define NM_PER_MM 1000000.0
#define CORE_DEFAULT_NM 10000 /* 10 um: a core without a floorplan size */

static long long nm(double mm) { return llround(mm * NM_PER_MM); }
static double mm(long long v) { return (double)v / NM_PER_MM; }

void noc_def_name(struct noc_buf *b, const char *s)
{
    for (; *s; s++) {
        char ch = *s;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
        noc_buf_append(b, ok ? s : "_", 1);
    }
}

/* The legal form of s, made unique against `used` with _2, _3, ... */
static char *unique_name(struct noc_strmap *used, const char *s, struct noc_ctx *ctx)
{
    struct noc_buf b;
    noc_buf_init(&b);
    noc_def_name(&b, s);
    size_t base = b.len;
    char *out = NULL;
    for (int k = 2; !b.failed; k++) {
        noc_buf_append(&b, "", 1); /* NUL-terminate */
        if (noc_strmap_get(used, b.data) < 0)
            break;
        b.len = base;
        noc_buf_printf(&b, "_%d", k);
    }
    if (!b.failed && noc_strmap_put(used, b.data, 1, ctx) == NOC_OK)
        out = noc_strdup(ctx, b.data);
    else if (b.failed)
        noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory naming '%s'", s);
    noc_buf_free(&b);
    return out;
}

void noc_layout_free(struct noc_layout *L)
{
    for (int v = 0; L->names && v < L->nnodes; v++)
        free(L->names[v]);
    for (int i = 0; L->reg_names && i < L->nregs; i++)
        free(L->reg_names[i]);
    free(L->names);
    free(L->reg_names);
    free(L->placed);
    free(L->x);
    free(L->y);
    free(L->w);
    free(L->h);
    free(L->moved_mm);
    free(L->nports);
    free(L->src_port);
    free(L->dst_port);
    free(L->len_mm);
    free(L->stages);
    free(L->reg_first);
    free(L->rx);
    free(L->ry);
    memset(L, 0, sizeof *L);
}

static void number_ports(struct noc_layout *L, const struct noc_topo *t)
{
    const struct noc_graph *g = &t->g;
    for (int v = 0; v < t->nnodes; v++) {
        int p = 0;
        for (int e = g->off[v]; e < g->off[v + 1]; e++)
            L->src_port[e] = p++;
        for (int i = g->in_off[v]; i < g->in_off[v + 1]; i++) {
            int e = g->in_edge[i];
            L->dst_port[e] = g->rev[e] >= 0 ? L->src_port[g->rev[e]] : p++;
        }
        L->nports[v] = p;
    }
}

long long noc_layout_router_side_nm(const struct noc_tech *tech, int ports, double width)
{
    long long s = (long long)ceil(sqrt(noc_tech_router_mm2(tech, ports, width)) * NM_PER_MM - 1e-6);
    s += s & 1; /* even, so the centre is a whole nm */
    return s < 2 ? 2 : s;
}

/* A placed core's block (nm) and its width and height. */
static struct legal_rect core_block(const struct noc_node *n, long long *w, long long *h)
{
    *w = n->w > 0 ? nm(n->w) : CORE_DEFAULT_NM;
    *h = n->h > 0 ? nm(n->h) : CORE_DEFAULT_NM;
    long long cx = nm(n->x), cy = nm(n->y);
    return (struct legal_rect){cx - *w / 2, cy - *h / 2, cx - *w / 2 + *w, cy - *h / 2 + *h};
}

void noc_layout_die_bound(const struct noc_topo *t, double die[4])
{
    die[0] = die[1] = die[2] = die[3] = 0;
    for (int v = t->nrouters; v < t->nnodes; v++) {
        if (!t->nodes[v].has_pos)
            continue;
        long long w, h;
        struct legal_rect r = core_block(&t->nodes[v], &w, &h);
        double x = mm(r.x0), y = mm(r.y0); /* as place_nodes and die_area */
        die[0] = fmin(die[0], x);
        die[1] = fmin(die[1], y);
        die[2] = fmax(die[2], x + mm(w));
        die[3] = fmax(die[3], y + mm(h));
    }
}

/* Blocks: cores fixed, routers legalised in id order. */
static int place_nodes(struct noc_layout *L, const struct noc_topo *t, const struct noc_tech *tech,
                       struct legal_set *o, long long *ctr_x, long long *ctr_y, struct noc_ctx *ctx)
{
    for (int v = t->nrouters; v < t->nnodes; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!(L->placed[v] = n->has_pos))
            continue;
        long long w, h;
        struct legal_rect r = core_block(n, &w, &h);
        ctr_x[v] = nm(n->x);
        ctr_y[v] = nm(n->y);
        L->x[v] = mm(r.x0);
        L->y[v] = mm(r.y0);
        L->w[v] = mm(w);
        L->h[v] = mm(h);
        if (noc_legal_add(o, r, ctx) != NOC_OK)
            return NOC_ENOMEM;
    }
    for (int v = 0; v < t->nrouters; v++) {
        const struct noc_node *n = &t->nodes[v];
        long long s = noc_layout_router_side_nm(tech, noc_topo_radix(t, v), L->width);
        L->w[v] = L->h[v] = mm(s);
        if (!(L->placed[v] = n->has_pos))
            continue;
        long long x0 = nm(n->x) - s / 2, y0 = nm(n->y) - s / 2, x = x0, y = y0;
        if (noc_legal_place(o, s, &x, &y, ctx) != NOC_OK)
            return NOC_ENOMEM;
        L->x[v] = mm(x);
        L->y[v] = mm(y);
        L->moved_mm[v] = mm(llabs(x - x0) + llabs(y - y0));
        ctr_x[v] = x + s / 2;
        ctr_y[v] = y + s / 2;
    }
    return NOC_OK;
}

/* Pipeline registers along channel c's L-shaped route (x first), evenly. */
static int place_regs(struct noc_layout *L, const struct noc_topo *t, const long long *cx, const long long *cy,
                      struct legal_set *o, struct noc_strmap *used, struct noc_ctx *ctx)
{
    long long s = nm(L->reg_side);
    for (int c = 0; c < t->nch; c++) {
        int a = t->ch[c].src, b = t->ch[c].dst, n = L->stages[c];
        long long dx = cx[b] - cx[a], dy = cy[b] - cy[a], tot = llabs(dx) + llabs(dy);
        for (int k = 1; k <= n; k++) {
            int i = L->reg_first[c] + k - 1;
            long long along = tot * k / (n + 1), px = cx[a], py = cy[a];
            if (along <= llabs(dx))
                px += dx < 0 ? -along : along;
            else {
                px = cx[b];
                py += dy < 0 ? -(along - llabs(dx)) : along - llabs(dx);
            }
            long long x = px - s / 2, y = py - s / 2;
            if (noc_legal_place(o, s, &x, &y, ctx) != NOC_OK)
                return NOC_ENOMEM;
            L->rx[i] = mm(x);
            L->ry[i] = mm(y);
            char nm_[160];
            snprintf(nm_, sizeof nm_, "%.60s__%.60s_reg%d", t->nodes[a].name, t->nodes[b].name, k);
            if (!(L->reg_names[i] = unique_name(used, nm_, ctx)))
                return NOC_ENOMEM;
        }
    }
    return NOC_OK;
}

static void die_area(struct noc_layout *L)
{
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (int v = 0; v < L->nnodes; v++)
        if (L->placed[v]) {
            x0 = fmin(x0, L->x[v]);
            y0 = fmin(y0, L->y[v]);
            x1 = fmax(x1, L->x[v] + L->w[v]);
            y1 = fmax(y1, L->y[v] + L->h[v]);
        }
    for (int i = 0; i < L->nregs; i++) {
        x0 = fmin(x0, L->rx[i]);
        y0 = fmin(y0, L->ry[i]);
        x1 = fmax(x1, L->rx[i] + L->reg_side);
        y1 = fmax(y1, L->ry[i] + L->reg_side);
    }
    L->die[0] = x0;
    L->die[1] = y0;
    L->die[2] = x1;
    L->die[3] = y1;
}

int noc_layout_build(struct noc_layout *L, const struct noc_topo *t, const struct noc_tech *tech,
                     struct noc_ctx *ctx)
{
    memset(L, 0, sizeof *L);
    int rc = NOC_ENOMEM, V = t->nnodes, E = t->nch;
    struct legal_set o;
    noc_legal_init(&o);
    struct noc_strmap used;
    noc_strmap_init(&used);
    long long *cx = noc_calloc(ctx, (size_t)V + 1, sizeof *cx), *cy = noc_calloc(ctx, (size_t)V + 1, sizeof *cy);
    L->nnodes = V;
    L->nch = E;
    L->width = t->link_width > 0 ? t->link_width : NOC_DEFAULT_LINK_WIDTH;
    L->names = noc_calloc(ctx, (size_t)V + 1, sizeof *L->names);
    L->placed = noc_calloc(ctx, (size_t)V + 1, sizeof *L->placed);
    L->nports = noc_calloc(ctx, (size_t)V + 1, sizeof *L->nports);
    double **dv[] = {&L->x, &L->y, &L->w, &L->h, &L->moved_mm};
    for (size_t i = 0; i < sizeof dv / sizeof dv[0]; i++)
        *dv[i] = noc_calloc(ctx, (size_t)V + 1, sizeof(double));
    L->src_port = noc_calloc(ctx, (size_t)E + 1, sizeof *L->src_port);
    L->dst_port = noc_calloc(ctx, (size_t)E + 1, sizeof *L->dst_port);
    L->stages = noc_calloc(ctx, (size_t)E + 1, sizeof *L->stages);
    L->reg_first = noc_calloc(ctx, (size_t)E + 1, sizeof *L->reg_first);
    L->len_mm = noc_calloc(ctx, (size_t)E + 1, sizeof *L->len_mm);
    if (!cx || !cy || !L->names || !L->placed || !L->nports || !L->x || !L->y || !L->w || !L->h ||
        !L->moved_mm || !L->src_port || !L->dst_port || !L->stages || !L->reg_first || !L->len_mm)
        goto cleanup;
    for (int v = 0; v < V; v++)
        if (!(L->names[v] = unique_name(&used, t->nodes[v].name, ctx)))
            goto cleanup;
    number_ports(L, t);
    if (place_nodes(L, t, tech, &o, cx, cy, ctx) != NOC_OK)
        goto cleanup;
    for (int c = 0; c < E; c++) {
        int a = t->ch[c].src, b = t->ch[c].dst;
        L->len_mm[c] = t->ch[c].length >= 0 ? t->ch[c].length
                       : L->placed[a] && L->placed[b] ? mm(llabs(cx[a] - cx[b]) + llabs(cy[a] - cy[b]))
                                                      : -1;
        L->stages[c] = L->placed[a] && L->placed[b] ? noc_tech_link_stages(tech, L->len_mm[c], t->freq_mhz) : 0;
        if (L->stages[c] > NOC_TECH_MAX_LINK_STAGES) {
            rc = noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                      "channel '%.60s' -> '%.60s' (%g mm) needs %d pipeline registers at %g MHz, more than %d: "
                      "shorten it or lower the clock",
                      t->nodes[a].name, t->nodes[b].name, L->len_mm[c], L->stages[c], t->freq_mhz,
                      NOC_TECH_MAX_LINK_STAGES);
            goto cleanup;
        }
        L->reg_first[c] = L->nregs;
        L->nregs += L->stages[c];
    }
    L->reg_side = mm((long long)ceil(sqrt(L->width * tech->reg_um2_bit) * 1000 - 1e-6));
    if (L->reg_side <= 0)
        L->reg_side = mm(1);
    L->reg_names = noc_calloc(ctx, (size_t)L->nregs + 1, sizeof *L->reg_names);
    L->rx = noc_calloc(ctx, (size_t)L->nregs + 1, sizeof *L->rx);
    L->ry = noc_calloc(ctx, (size_t)L->nregs + 1, sizeof *L->ry);
    if (!L->reg_names || !L->rx || !L->ry || place_regs(L, t, cx, cy, &o, &used, ctx) != NOC_OK)
        goto cleanup;
    die_area(L);
    rc = NOC_OK;
cleanup:
    free(cx);
    free(cy);
    noc_legal_free(&o);
    noc_strmap_free(&used);
    return rc;
}
