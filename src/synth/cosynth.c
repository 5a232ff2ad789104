/* Floorplan co-synthesis (include/nocsyn/phys.h): routers inserted into
 * the floorplan as blocks of their real area, one legal layout written
 * back into the topology. */
#include "nocsyn/phys.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

static void stats_of(const struct noc_topo *t, const struct noc_layout *L, struct noc_phys_stats *st)
{
    memset(st, 0, sizeof *st);
    memcpy(st->die, L->die, sizeof st->die);
    double w = L->die[2] - L->die[0], h = L->die[3] - L->die[1];
    st->die_mm2 = w * h;
    for (int v = t->nrouters; v < t->nnodes; v++)
        if (L->placed[v])
            st->core_mm2 += L->w[v] * L->h[v];
    st->util = st->die_mm2 > 0 ? st->core_mm2 / st->die_mm2 : 0;
    st->aspect = w > 0 && h > 0 ? fmax(w, h) / fmin(w, h) : 0;
}

/* The route weights summed over each route's channels (injection, router
 * hops, ejection). */
static void channel_weights(const struct noc_topo *t, const double *route_w, double *cw)
{
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        double w = route_w ? route_w[i] : 1;
        int prev = r->src;
        for (int j = 0; j <= r->len; j++) {
            int next = j < r->len ? r->path[j] : r->dst;
            int c = noc_graph_find(&t->g, prev, next);
            if (c >= 0)
                cw[c] += w;
            prev = next;
        }
    }
}

/* SunFloor's step with a router slot per tile: each router joins the
 * core it exchanges most bandwidth with (its anchor), in a column to that
 * core's right (the core's block grows by the widest such router and to
 * the column's height); a router without a core stays a block of its own.
 * The min-cut floorplanner then places the blocks again, each channel a
 * flow of the bandwidth routed over it between the blocks of its ends (an
 * unused channel a small share, so it still pulls its ends together).
 * Sets every node's centre. */
static int refloorplan(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, unsigned seed,
                       struct noc_ctx *ctx)
{
    struct noc_app app;
    noc_app_init(&app);
    int rc = NOC_OK, V = t->nnodes, R = t->nrouters;
    double width = t->link_width > 0 ? t->link_width : 32, total = 0;
    double *cw = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *cw);
    double *side = noc_calloc(ctx, (size_t)V + 1, sizeof *side), *best = noc_calloc(ctx, (size_t)V + 1, sizeof *best);
    double *colw = noc_calloc(ctx, (size_t)V + 1, sizeof *colw), *colh = noc_calloc(ctx, (size_t)V + 1, sizeof *colh);
    int *anchor = noc_malloc(ctx, (size_t)V + 1, sizeof *anchor), *blk = noc_malloc(ctx, (size_t)V + 1, sizeof *blk);
    if (!cw || !side || !best || !colw || !colh || !anchor || !blk) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    channel_weights(t, route_w, cw);
    for (int c = 0; c < t->nch; c++)
        total += cw[c];
    for (int v = 0; v < V; v++) {
        anchor[v] = -1;
        struct noc_node *n = &t->nodes[v];
        if (v < R)
            side[v] = noc_layout_router_side_nm(tech, noc_topo_radix(t, v), width) / 1e6;
        else if (!(n->w > 0) || !(n->h > 0))
            n->w = n->h = 1; /* the floorplanner's size for a core without one */
    }
    /* Anchors: the core of the heaviest core channel (ties: lower id). */
    for (int c = 0; c < t->nch; c++) {
        int a = t->ch[c].src, b = t->ch[c].dst, r = a < R ? a : b, k = a < R ? b : a;
        if ((a < R) == (b < R))
            continue;
        double w = cw[c] + cw[t->g.rev[c] >= 0 ? t->g.rev[c] : c];
        if (anchor[r] < 0 || w > best[r] || (w == best[r] && k < anchor[r])) {
            anchor[r] = k;
            best[r] = w;
        }
    }
    for (int r = 0; r < R; r++)
        if (anchor[r] >= 0) {
            colw[anchor[r]] = fmax(colw[anchor[r]], side[r]);
            colh[anchor[r]] += side[r];
        }
    /* Blocks: every core (with its column), every router without a core. */
    for (int v = 0; v < V; v++) {
        blk[v] = -1;
        if (v < R && anchor[v] >= 0)
            continue;
        int id = noc_app_core(&app, t->nodes[v].name, ctx);
        if (id < 0) {
            rc = -id;
            goto cleanup;
        }
        blk[v] = id;
        struct noc_core *co = &app.cores[id];
        co->w = v < R ? side[v] : t->nodes[v].w + colw[v];
        co->h = v < R ? side[v] : fmax(t->nodes[v].h, colh[v]);
        co->has_size = 1;
    }
    for (int r = 0; r < R; r++)
        if (anchor[r] >= 0)
            blk[r] = blk[anchor[r]];
    for (int c = 0; c < t->nch; c++) {
        int a = blk[t->ch[c].src], b = blk[t->ch[c].dst];
        if (a != b)
            NOC_CHECK(noc_app_add_flow(&app, a, b, cw[c] + 1e-3 * (total + 1) / (t->nch + 1), -1, ctx));
    }
    NOC_CHECK(noc_floorplan_mincut_square(&app, seed, 1, ctx));
    /* Each core at the left of its block, centred in height; its routers
     * stacked in the column to its right, from the bottom, in id order. */
    for (int v = R; v < V; v++) {
        const struct noc_core *co = &app.cores[blk[v]];
        const struct noc_node *n = &t->nodes[v];
        noc_topo_set_pos(t, v, co->x + n->w / 2, co->y + co->h / 2);
        colh[v] = co->y + (co->h - fmax(n->h, colh[v])) / 2; /* the column's next free y */
    }
    for (int r = 0; r < R; r++) {
        const struct noc_core *co = &app.cores[blk[r]];
        if (anchor[r] < 0) {
            noc_topo_set_pos(t, r, co->x + side[r] / 2, co->y + side[r] / 2);
            continue;
        }
        int k = anchor[r];
        noc_topo_set_pos(t, r, co->x + t->nodes[k].w + colw[k] / 2, colh[k] + side[r] / 2);
        colh[k] += side[r];
    }
cleanup:
    free(cw);
    free(side);
    free(best);
    free(colw);
    free(colh);
    free(anchor);
    free(blk);
    noc_app_free(&app);
    return rc;
}

/* The layout of t as it stands; the routers' legal centres become the
 * design's positions. */
static int layout_into(struct noc_topo *t, const struct noc_tech *tech, struct noc_phys_stats *st,
                       struct noc_ctx *ctx)
{
    struct noc_layout L;
    int rc = noc_layout_build(&L, t, tech, ctx);
    if (rc != NOC_OK) {
        if (!ctx->status)
            rc = noc_error(ctx, rc, NULL, 0, "out of memory laying out %s", t->name ? t->name : "the design");
        goto cleanup;
    }
    for (int v = 0; v < t->nrouters; v++)
        if (L.placed[v])
            noc_topo_set_pos(t, v, L.x[v] + L.w[v] / 2, L.y[v] + L.h[v] / 2);
    stats_of(t, &L, st);
cleanup:
    noc_layout_free(&L);
    return rc;
}

/* Saves (dir 0) or restores (dir 1) every node's position and size. */
static void keep(struct noc_topo *t, double *s, int dir)
{
    for (int v = 0; v < t->nnodes; v++) {
        struct noc_node *n = &t->nodes[v];
        double *p[] = {&n->x, &n->y, &n->w, &n->h};
        for (int k = 0; k < 4; k++) {
            if (dir)
                *p[k] = s[4 * v + k];
            else
                s[4 * v + k] = *p[k];
        }
    }
}

int noc_phys_cosynth(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, int free_fp,
                     unsigned seed, struct noc_phys_stats *st, struct noc_ctx *ctx)
{
    struct noc_phys_stats a, b;
    double *saved = NULL;
    int rc = NOC_OK;
    if (!free_fp) {
        NOC_CHECK(layout_into(t, tech, &a, ctx));
    } else {
        /* Free: the cores kept (routers in the whitespace or around them)
         * or floorplanned again with router slots, whichever die is
         * smaller (a tie keeps the cores where they are). */
        if (!(saved = noc_malloc(ctx, (size_t)4 * t->nnodes + 1, sizeof *saved))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        keep(t, saved, 0);
        NOC_CHECK(layout_into(t, tech, &a, ctx));
        keep(t, saved, 1);
        NOC_CHECK(refloorplan(t, tech, route_w, seed, ctx));
        NOC_CHECK(layout_into(t, tech, &b, ctx));
        if (b.die_mm2 < a.die_mm2 * (1 - 1e-9))
            a = b;
        else {
            keep(t, saved, 1);
            NOC_CHECK(layout_into(t, tech, &a, ctx));
        }
    }
    if (st)
        *st = a;
cleanup:
    free(saved);
    return rc;
}

int noc_phys_stats(const struct noc_topo *t, const struct noc_tech *tech, struct noc_phys_stats *st,
                   struct noc_ctx *ctx)
{
    struct noc_layout L;
    int rc = noc_layout_build(&L, t, tech, ctx);
    if (rc == NOC_OK)
        stats_of(t, &L, st);
    else if (!ctx->status)
        rc = noc_error(ctx, rc, NULL, 0, "out of memory laying out %s", t->name ? t->name : "the design");
    noc_layout_free(&L);
    return rc;
}

int noc_floorplan_stats(const struct noc_app *app, struct noc_phys_stats *st, struct noc_ctx *ctx)
{
    memset(st, 0, sizeof *st);
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_core *co = &app->cores[c];
        if (!co->has_pos || !co->has_size)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no %s", co->name,
                             co->has_pos ? "size" : "position");
        double b[4] = {co->x, co->y, co->x + co->w, co->y + co->h};
        for (int k = 0; k < 4; k++)
            st->die[k] = c == 0 ? b[k] : k < 2 ? fmin(st->die[k], b[k]) : fmax(st->die[k], b[k]);
        st->core_mm2 += co->w * co->h;
    }
    double w = st->die[2] - st->die[0], h = st->die[3] - st->die[1];
    st->die_mm2 = w * h;
    st->util = st->die_mm2 > 0 ? st->core_mm2 / st->die_mm2 : 0;
    st->aspect = w > 0 && h > 0 ? fmax(w, h) / fmin(w, h) : 0;
    return NOC_OK;
}
