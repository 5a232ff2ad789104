/* Dynamic topological order for incremental deadlock checking. */
#include "swnet_int.h"

#include <stdlib.h>
#include <string.h>

int noc_ivec_push(struct ivec *v, int x, struct noc_ctx *ctx)
{
    int rc = noc_grow(ctx, (void **)&v->v, &v->cap, (size_t)v->n + 1, sizeof *v->v);
    if (rc != NOC_OK)
        return rc;
    v->v[v->n++] = x;
    return NOC_OK;
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
    free(g->markb);
    free(g->stack.v);
    free(g->fwd.v);
    free(g->bwd.v);
    free(g->pos.v);
    memset(g, 0, sizeof *g);
}

int noc_cdg_add_node(struct cdg *g, int *id, struct noc_ctx *ctx)
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
        int *markb = realloc(g->markb, nc * sizeof *markb);
        if (markb)
            g->markb = markb;
        struct ivec *out = realloc(g->out, nc * sizeof *out);
        if (out)
            g->out = out;
        struct ivec *in = realloc(g->in, nc * sizeof *in);
        if (in)
            g->in = in;
        if (!ord || !at || !mark || !markb || !out || !in) {
            return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory in the dependency graph");
        }
        g->cap = nc;
    }
    int v = g->n++;
    g->ord[v] = v;
    g->at[v] = v;
    g->mark[v] = 0;
    g->markb[v] = 0;
    memset(&g->out[v], 0, sizeof g->out[v]);
    memset(&g->in[v], 0, sizeof g->in[v]);
    *id = v;
    return NOC_OK;
}

/* Forward DFS from b over nodes with ord < ub; *hit = 1 if `target` is
 * reached, else 0.  Visited nodes go to g->fwd.  A status. */
static int dfs_fwd(struct cdg *g, int b, int ub, int target, int *hit, struct noc_ctx *ctx)
{
    int rc;
    *hit = 0;
    g->stack.n = 0;
    g->fwd.n = 0;
    if ((rc = noc_ivec_push(&g->stack, b, ctx)) != NOC_OK)
        return rc;
    g->mark[b] = g->stamp;
    while (g->stack.n) {
        int u = g->stack.v[--g->stack.n];
        if ((rc = noc_ivec_push(&g->fwd, u, ctx)) != NOC_OK)
            return rc;
        for (int i = 0; i < g->out[u].n; i++) {
            int w = g->out[u].v[i];
            if (w == target) {
                *hit = 1;
                return NOC_OK;
            }
            if (g->mark[w] != g->stamp && g->ord[w] < ub) {
                g->mark[w] = g->stamp;
                if ((rc = noc_ivec_push(&g->stack, w, ctx)) != NOC_OK)
                    return rc;
            }
        }
    }
    return NOC_OK;
}

static int dfs_bwd(struct cdg *g, int a, int lb, struct noc_ctx *ctx)
{
    int rc;
    g->stack.n = 0;
    g->bwd.n = 0;
    if ((rc = noc_ivec_push(&g->stack, a, ctx)) != NOC_OK)
        return rc;
    g->mark[a] = g->stamp;
    while (g->stack.n) {
        int u = g->stack.v[--g->stack.n];
        if ((rc = noc_ivec_push(&g->bwd, u, ctx)) != NOC_OK)
            return rc;
        for (int i = 0; i < g->in[u].n; i++) {
            int w = g->in[u].v[i];
            if (g->mark[w] != g->stamp && g->ord[w] > lb) {
                g->mark[w] = g->stamp;
                if ((rc = noc_ivec_push(&g->stack, w, ctx)) != NOC_OK)
                    return rc;
            }
        }
    }
    return NOC_OK;
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
        return NOC_ENOMEM;
    for (int i = 0; i < v->n; i++) {
        tmp[i].key = g->ord[v->v[i]];
        tmp[i].val = v->v[i];
    }
    qsort(tmp, (size_t)v->n, sizeof *tmp, by_key);
    for (int i = 0; i < v->n; i++)
        v->v[i] = tmp[i].val;
    free(tmp);
    return NOC_OK;
}

/* A pure query: is there a path b -> ... -> a?  Every node of such a
 * path lies in the order between b and a, so the search runs from both
 * ends at once within it, one node a side in turn: forward from b over
 * nodes before a (mark), backward from a over nodes after b (markb).  A
 * side that meets a node the other side reached closes the path; a side
 * that runs out has seen everything b reaches (or that reaches a) in the
 * window without meeting the other end: no path.  O(min(F, B)) node
 * expansions for forward and backward sets F, B when there is no path,
 * where one forward search took O(F). */
int noc_cdg_can_add(struct cdg *g, int a, int b)
{
    if (a == b)
        return 0;
    if (g->ord[a] < g->ord[b])
        return 1;
    int st = ++g->stamp, lb = g->ord[b], ub = g->ord[a];
    g->stack.n = 0;
    g->bwd.n = 0;
    if (noc_ivec_push(&g->stack, b, NULL) != NOC_OK || noc_ivec_push(&g->bwd, a, NULL) != NOC_OK)
        return 0;
    g->mark[b] = st;
    g->markb[a] = st;
    while (g->stack.n && g->bwd.n) {
        int u = g->stack.v[--g->stack.n];
        for (int i = 0; i < g->out[u].n; i++) {
            int w = g->out[u].v[i];
            if (g->markb[w] == st)
                return 0;
            if (g->mark[w] != st && g->ord[w] < ub) {
                g->mark[w] = st;
                if (noc_ivec_push(&g->stack, w, NULL) != NOC_OK)
                    return 0;
            }
        }
        u = g->bwd.v[--g->bwd.n];
        for (int i = 0; i < g->in[u].n; i++) {
            int w = g->in[u].v[i];
            if (g->mark[w] == st)
                return 0;
            if (g->markb[w] != st && g->ord[w] > lb) {
                g->markb[w] = st;
                if (noc_ivec_push(&g->bwd, w, NULL) != NOC_OK)
                    return 0;
            }
        }
    }
    return 1;
}

int noc_cdg_add_edge(struct cdg *g, int a, int b, int *added, struct noc_ctx *ctx)
{
    int rc;
    *added = 0;
    if (a == b)
        return NOC_OK;
    if (g->ord[a] > g->ord[b]) {
        int lb = g->ord[b], ub = g->ord[a], hit;
        g->stamp++;
        if ((rc = dfs_fwd(g, b, ub, a, &hit, ctx)) != NOC_OK)
            return rc;
        if (hit)
            return NOC_OK;
        if ((rc = dfs_bwd(g, a, lb, ctx)) != NOC_OK)
            return rc;
        /* Reorder: the backward set keeps its relative order and goes first,
         * then the forward set, into the union of their old positions. */
        g->pos.n = 0;
        for (int i = 0; i < g->bwd.n; i++)
            if ((rc = noc_ivec_push(&g->pos, g->ord[g->bwd.v[i]], ctx)) != NOC_OK)
                return rc;
        for (int i = 0; i < g->fwd.n; i++)
            if ((rc = noc_ivec_push(&g->pos, g->ord[g->fwd.v[i]], ctx)) != NOC_OK)
                return rc;
        if ((rc = sort_by_ord(g, &g->bwd, ctx)) != NOC_OK || (rc = sort_by_ord(g, &g->fwd, ctx)) != NOC_OK)
            return rc;
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
    if ((rc = noc_ivec_push(&g->out[a], b, ctx)) != NOC_OK || (rc = noc_ivec_push(&g->in[b], a, ctx)) != NOC_OK)
        return rc;
    *added = 1;
    return NOC_OK;
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
