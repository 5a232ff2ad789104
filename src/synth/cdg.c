/* Dynamic topological order for incremental deadlock checking. */
#include "synth_int.h"

#include <stdlib.h>
#include <string.h>

int noc_ivec_push(struct ivec *v, int x, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&v->v, &v->cap, (size_t)v->n + 1, sizeof *v->v))
        return -1;
    v->v[v->n++] = x;
    return 0;
}

void noc_ivec_reverse(struct ivec *v)
{
    for (int i = 0, j = v->n - 1; i < j; i++, j--) {
        int t = v->v[i];
        v->v[i] = v->v[j];
        v->v[j] = t;
    }
}

void noc_cdg_init(struct cdg *g) { memset(g, 0, sizeof *g); }

void noc_cdg_free(struct cdg *g)
{
    for (int i = 0; i < g->n; i++) {
        free(g->out[i].v);
        free(g->in[i].v);
    }
    free(g->out);
    free(g->in);
    free(g->ord);
    free(g->at);
    free(g->mark);
    free(g->stack.v);
    free(g->fwd.v);
    free(g->bwd.v);
    free(g->pos.v);
    memset(g, 0, sizeof *g);
}

int noc_cdg_add_node(struct cdg *g, struct noc_ctx *ctx)
{
    size_t need = (size_t)g->n + 1;
    if (need > g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 64;
        int *ord = realloc(g->ord, nc * sizeof *ord);
        if (ord)
            g->ord = ord;
        int *at = realloc(g->at, nc * sizeof *at);
        if (at)
            g->at = at;
        int *mark = realloc(g->mark, nc * sizeof *mark);
        if (mark)
            g->mark = mark;
        struct ivec *out = realloc(g->out, nc * sizeof *out);
        if (out)
            g->out = out;
        struct ivec *in = realloc(g->in, nc * sizeof *in);
        if (in)
            g->in = in;
        if (!ord || !at || !mark || !out || !in) {
            noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory in the dependency graph");
            return -1;
        }
        g->cap = nc;
    }
    int id = g->n++;
    g->ord[id] = id;
    g->at[id] = id;
    g->mark[id] = 0;
    memset(&g->out[id], 0, sizeof g->out[id]);
    memset(&g->in[id], 0, sizeof g->in[id]);
    return id;
}

/* Forward DFS from b over nodes with ord <= ub; returns 1 if `target` is
 * reached.  Visited nodes go to g->fwd. */
static int dfs_fwd(struct cdg *g, int b, int ub, int target, struct noc_ctx *ctx)
{
    g->stack.n = 0;
    g->fwd.n = 0;
    if (noc_ivec_push(&g->stack, b, ctx))
        return -1;
    g->mark[b] = g->stamp;
    while (g->stack.n) {
        int u = g->stack.v[--g->stack.n];
        if (noc_ivec_push(&g->fwd, u, ctx))
            return -1;
        for (int i = 0; i < g->out[u].n; i++) {
            int w = g->out[u].v[i];
            if (w == target)
                return 1;
            if (g->mark[w] != g->stamp && g->ord[w] < ub) {
                g->mark[w] = g->stamp;
                if (noc_ivec_push(&g->stack, w, ctx))
                    return -1;
            }
        }
    }
    return 0;
}

static int dfs_bwd(struct cdg *g, int a, int lb, struct noc_ctx *ctx)
{
    g->stack.n = 0;
    g->bwd.n = 0;
    if (noc_ivec_push(&g->stack, a, ctx))
        return -1;
    g->mark[a] = g->stamp;
    while (g->stack.n) {
        int u = g->stack.v[--g->stack.n];
        if (noc_ivec_push(&g->bwd, u, ctx))
            return -1;
        for (int i = 0; i < g->in[u].n; i++) {
            int w = g->in[u].v[i];
            if (g->mark[w] != g->stamp && g->ord[w] > lb) {
                g->mark[w] = g->stamp;
                if (noc_ivec_push(&g->stack, w, ctx))
                    return -1;
            }
        }
    }
    return 0;
}

struct kv {
    int key, val;
};
static int by_key(const void *x, const void *y)
{
    int a = ((const struct kv *)x)->key, b = ((const struct kv *)y)->key;
    return (a > b) - (a < b);
}
static int by_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Sorts the nodes of v by their current order (v reused as scratch). */
static int sort_by_ord(struct cdg *g, struct ivec *v, struct noc_ctx *ctx)
{
    struct kv *tmp = noc_malloc(ctx, (size_t)v->n, sizeof *tmp);
    if (!tmp)
        return -1;
    for (int i = 0; i < v->n; i++) {
        tmp[i].key = g->ord[v->v[i]];
        tmp[i].val = v->v[i];
    }
    qsort(tmp, (size_t)v->n, sizeof *tmp, by_key);
    for (int i = 0; i < v->n; i++)
        v->v[i] = tmp[i].val;
    free(tmp);
    return 0;
}

int noc_cdg_can_add(struct cdg *g, int a, int b)
{
    if (a == b)
        return 0;
    if (g->ord[a] < g->ord[b])
        return 1;
    g->stamp++;
    int r = dfs_fwd(g, b, g->ord[a], a, NULL);
    return r == 0;
}

int noc_cdg_add_edge(struct cdg *g, int a, int b, struct noc_ctx *ctx)
{
    if (a == b)
        return 0;
    if (g->ord[a] > g->ord[b]) {
        int lb = g->ord[b], ub = g->ord[a];
        g->stamp++;
        int r = dfs_fwd(g, b, ub, a, ctx);
        if (r < 0)
            return -1;
        if (r == 1)
            return 0;
        if (dfs_bwd(g, a, lb, ctx) < 0)
            return -1;
        /* Reorder: the backward set keeps its relative order and goes first,
         * then the forward set, into the union of their old positions. */
        g->pos.n = 0;
        for (int i = 0; i < g->bwd.n; i++)
            if (noc_ivec_push(&g->pos, g->ord[g->bwd.v[i]], ctx))
                return -1;
        for (int i = 0; i < g->fwd.n; i++)
            if (noc_ivec_push(&g->pos, g->ord[g->fwd.v[i]], ctx))
                return -1;
        if (sort_by_ord(g, &g->bwd, ctx) || sort_by_ord(g, &g->fwd, ctx))
            return -1;
        qsort(g->pos.v, (size_t)g->pos.n, sizeof(int), by_int);
        int k = 0;
        for (int i = 0; i < g->bwd.n; i++, k++) {
            g->ord[g->bwd.v[i]] = g->pos.v[k];
            g->at[g->pos.v[k]] = g->bwd.v[i];
        }
        for (int i = 0; i < g->fwd.n; i++, k++) {
            g->ord[g->fwd.v[i]] = g->pos.v[k];
            g->at[g->pos.v[k]] = g->fwd.v[i];
        }
    }
    if (noc_ivec_push(&g->out[a], b, ctx) || noc_ivec_push(&g->in[b], a, ctx))
        return -1;
    return 1;
}

static void ivec_remove_one(struct ivec *v, int x)
{
    for (int i = 0; i < v->n; i++)
        if (v->v[i] == x) {
            v->v[i] = v->v[--v->n];
            return;
        }
}

void noc_cdg_remove_edge(struct cdg *g, int a, int b)
{
    ivec_remove_one(&g->out[a], b);
    ivec_remove_one(&g->in[b], a);
}
