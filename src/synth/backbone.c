/* Split's backbone mode: a spanning tree of the switches opened before the
 * flows are routed, its turns reserved in the dependency graph (see
 * search_int.h, noc_synth_backbone). */
#include "swnet_int.h"
#include "search_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"

struct bb_edge {
    double w, len;
    int u, v;
};

/* Heaviest first, then shortest, then by switch ids. */
static int edge_cmp(const void *x, const void *y)
{
    const struct bb_edge *a = x, *b = y;
    if (a->w != b->w)
        return a->w > b->w ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

struct bb {
    struct bb_edge *e;
    int ne;
    size_t cap;
    struct noc_u64map idx; /* (u, v), u < v -> edge */
};

static int add_pair(struct bb *b, const struct swnet *n, int u, int v, double w, struct noc_ctx *ctx)
{
    if (u == v)
        return NOC_OK;
    if (u > v) {
        int t = u;
        u = v;
        v = t;
    }
    int i = noc_u64map_get(&b->idx, noc_pair_key(u, v));
    if (i >= 0) {
        b->e[i].w += w;
        return NOC_OK;
    }
    if (noc_grow(ctx, (void **)&b->e, &b->cap, (size_t)b->ne + 1, sizeof *b->e))
        return NOC_ENOMEM;
    double len = fabs(n->sx[u] - n->sx[v]) + fabs(n->sy[u] - n->sy[v]);
    b->e[b->ne] = (struct bb_edge){w, len, u, v};
    if (noc_u64map_put(&b->idx, noc_pair_key(u, v), b->ne, ctx) != NOC_OK)
        return NOC_ENOMEM;
    b->ne++;
    return NOC_OK;
}

/* Geometric neighbours: the switches of the 3 x 3 grid cells around each
 * switch (about two switches per cell), as zero-weight candidates. */
static int add_neighbours(struct bb *b, const struct swnet *n, struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int s = 0; s < K; s++) {
        x0 = fmin(x0, n->sx[s]);
        x1 = fmax(x1, n->sx[s]);
        y0 = fmin(y0, n->sy[s]);
        y1 = fmax(y1, n->sy[s]);
    }
    int G = (int)ceil(sqrt(K / 2.0));
    if (G < 1)
        G = 1;
    double cwx = (x1 - x0) / G + 1e-9, cwy = (y1 - y0) / G + 1e-9;
    int *cell = noc_malloc(ctx, (size_t)K, sizeof *cell), *start = noc_calloc(ctx, (size_t)G * G + 1, sizeof *start);
    int *item = noc_malloc(ctx, (size_t)K, sizeof *item), *pos = NULL;
    if (!cell || !start || !item) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int s = 0; s < K; s++) {
        int cx = (int)((n->sx[s] - x0) / cwx), cy = (int)((n->sy[s] - y0) / cwy);
        cx = cx < 0 ? 0 : cx >= G ? G - 1 : cx;
        cy = cy < 0 ? 0 : cy >= G ? G - 1 : cy;
        cell[s] = cx + G * cy;
        start[cell[s] + 1]++;
    }
    for (int c = 0; c < G * G; c++)
        start[c + 1] += start[c];
    /* Counting sort (switches in id order within a cell). */
    if (!(pos = noc_malloc(ctx, (size_t)G * G + 1, sizeof *pos))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    memcpy(pos, start, ((size_t)G * G + 1) * sizeof *pos);
    for (int s = 0; s < K; s++)
        item[pos[cell[s]]++] = s;
    for (int s = 0; s < K && rc == NOC_OK; s++) {
        int cx = cell[s] % G, cy = cell[s] / G;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = cx + dx, y = cy + dy;
                if (x < 0 || y < 0 || x >= G || y >= G)
                    continue;
                for (int i = start[x + G * y]; i < start[x + G * y + 1] && rc == NOC_OK; i++)
                    if (item[i] > s)
                        rc = add_pair(b, n, s, item[i], 0, ctx);
            }
    }
cleanup:
    free(cell);
    free(start);
    free(item);
    free(pos);
    return rc;
}

/* Joins the components of u and v with a link when both have a free port
 * and the joined component keeps one (unless it is the last join); *comps
 * counts the joins down.  A status. */
static int try_join(struct swnet *n, int *uf, int *fc, int *free_, int *comps, int u, int v, struct noc_ctx *ctx)
{
    int ru = noc_uf_find(uf, u), rv = noc_uf_find(uf, v), rc;
    if (ru == rv || free_[u] <= 0 || free_[v] <= 0)
        return NOC_OK;
    if (fc[ru] + fc[rv] - 2 < 1 && *comps > 2)
        return NOC_OK;
    if ((rc = noc_swnet_open_link(n, u, v, ctx)) != NOC_OK)
        return rc;
    free_[u]--;
    free_[v]--;
    int r = ru < rv ? ru : rv, o = ru ^ rv ^ r;
    uf[o] = r;
    fc[r] = fc[ru] + fc[rv] - 2;
    (*comps)--;
    return NOC_OK;
}

/* The backbone's join predicates (noc_swnet_nearest_pair): a free port; two
 * components whose join keeps a free port (unless it is the last join). */
struct join_state {
    int *uf;
    const int *fc, *free_;
    int comps;
};

static int join_end_ok(void *ud, const struct swnet *n, int s)
{
    (void)n;
    return ((struct join_state *)ud)->free_[s] > 0;
}

static int join_pair_ok(void *ud, const struct swnet *n, int u, int v)
{
    struct join_state *js = ud;
    int ru = noc_uf_find(js->uf, u), rv = noc_uf_find(js->uf, v);
    (void)n;
    return ru != rv && !(js->fc[ru] + js->fc[rv] - 2 < 1 && js->comps > 2);
}

/* Parents and depths by breadth first over the opened links from the
 * lowest switch of each tree; then the turns between tree channels. */
static int tree_turns(struct swnet *n, struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK, head = 0, tail = 0;
    int *queue = noc_malloc(ctx, (size_t)K, sizeof *queue);
    n->tpar = noc_malloc(ctx, (size_t)K, sizeof *n->tpar);
    n->tdepth = noc_malloc(ctx, (size_t)K, sizeof *n->tdepth);
    if (!queue || !n->tpar || !n->tdepth) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int s = 0; s < K; s++)
        n->tdepth[s] = -1;
    for (int r = 0; r < K; r++) {
        if (n->tdepth[r] >= 0)
            continue;
        n->tpar[r] = -1;
        n->tdepth[r] = 0;
        queue[tail++] = r;
        while (head < tail) {
            int u = queue[head++];
            for (int k = 0; k < n->out[u].n; k++) {
                int v = n->cdst[n->out[u].v[k]];
                if (n->tdepth[v] >= 0)
                    continue;
                n->tpar[v] = u;
                n->tdepth[v] = n->tdepth[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    for (int v = 0; v < K; v++)
        for (int i = 0; i < n->out[v].n; i++) {
            int a = n->cdst[n->out[v].v[i]], cin = noc_swnet_chan(n, a, v);
            for (int j = 0; j < n->out[v].n; j++) {
                int cout = n->out[v].v[j];
                if (j == i)
                    continue;
                int added;
                NOC_CHECK(noc_cdg_add_edge(&n->cdg, n->cnode[cin], n->cnode[cout], &added, ctx));
                if (!added) {
                    rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "backbone tree turns closed a dependency cycle");
                    goto cleanup;
                }
            }
        }
cleanup:
    free(queue);
    return rc;
}

int noc_synth_backbone(struct swnet *n, const struct noc_app *app, const int *core_sw, struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK, comps = K;
    struct bb b = {NULL, 0, 0, {0}};
    noc_u64map_init(&b.idx);
    int *uf = noc_malloc(ctx, (size_t)K, sizeof *uf), *fc = noc_malloc(ctx, (size_t)K, sizeof *fc);
    int *free_ = noc_malloc(ctx, (size_t)K, sizeof *free_);
    if (!uf || !fc || !free_) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (n->nch) {
        rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "backbone on a switch graph with links");
        goto cleanup;
    }
    for (int s = 0; s < K; s++) {
        uf[s] = s;
        long f = n->max_radix == INT_MAX ? K : (long)n->max_radix - swnet_ports(n, s);
        free_[s] = f > K ? K : (int)f;
        fc[s] = free_[s];
    }
    for (int f = 0; f < app->nflows && rc == NOC_OK; f++)
        rc = add_pair(&b, n, core_sw[app->flows[f].src], core_sw[app->flows[f].dst], app->flows[f].bw, ctx);
    if (rc != NOC_OK || (rc = add_neighbours(&b, n, ctx)) != NOC_OK)
        goto cleanup;
    qsort(b.e, (size_t)b.ne, sizeof *b.e, edge_cmp);
    for (int i = 0; i < b.ne && comps > 1; i++)
        NOC_CHECK(try_join(n, uf, fc, free_, &comps, b.e[i].u, b.e[i].v, ctx));
    /* Components left: the shortest joins, O(K^2) each. */
    struct join_state js = {uf, fc, free_, comps};
    const struct swnet_join_pred pred = {join_end_ok, join_pair_ok, &js};
    int bu, bv;
    while (comps > 1 && noc_swnet_nearest_pair(n, &pred, &bu, &bv)) {
        NOC_CHECK(try_join(n, uf, fc, free_, &comps, bu, bv, ctx));
        js.comps = comps;
    }
    rc = tree_turns(n, ctx);
cleanup:
    free(b.e);
    noc_u64map_free(&b.idx);
    free(uf);
    free(fc);
    free(free_);
    return rc;
}
