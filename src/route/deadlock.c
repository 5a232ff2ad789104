/* Deadlock analysis: the channel dependency graph (Dally & Seitz 1987) over
 * (router-router channel, VC class) nodes, tested for cycles. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

#define CDG_BITMAP_LIMIT ((uint64_t)1 << 28) /* bits: 32 MB */

struct cdg_edge {
    int from, to; /* state = channel * V + class */
};

struct rt_cdg {
    const struct noc_topo *t;
    int V, slots;       /* slots: successor states per state (max out-degree x V) */
    uint64_t *bits;     /* dedupe bitmap, or NULL when `map` is used */
    struct noc_u64map map;
    struct cdg_edge *e;
    size_t ne, cap;
};

int noc_rt_cdg_add(struct rt_cdg *cdg, int c1, int v1, int c2, int v2, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &cdg->t->g;
    int V = cdg->V;
    if (g->dst[c1] != g->src[c2] || v1 < 0 || v1 >= V || v2 < 0 || v2 >= V)
        return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "bad channel dependency %d -> %d", c1, c2);
    int s1 = c1 * V + v1, s2 = c2 * V + v2;
    if (cdg->bits) {
        uint64_t bit = (uint64_t)s1 * (uint64_t)cdg->slots + (uint64_t)((c2 - g->off[g->src[c2]]) * V + v2);
        if (cdg->bits[bit >> 6] & ((uint64_t)1 << (bit & 63)))
            return NOC_OK;
        cdg->bits[bit >> 6] |= (uint64_t)1 << (bit & 63);
    } else {
        uint64_t key = (uint64_t)s1 * ((uint64_t)cdg->t->nch * (uint64_t)V) + (uint64_t)s2;
        if (noc_u64map_get(&cdg->map, key) >= 0)
            return NOC_OK;
        if (noc_u64map_put(&cdg->map, key, 1, ctx))
            return NOC_ENOMEM;
    }
    if (noc_grow(ctx, (void **)&cdg->e, &cdg->cap, cdg->ne + 1, sizeof *cdg->e))
        return NOC_ENOMEM;
    cdg->e[cdg->ne].from = s1;
    cdg->e[cdg->ne].to = s2;
    cdg->ne++;
    return NOC_OK;
}

static int cdg_init(struct rt_cdg *cdg, const struct noc_topo *t, int V, struct noc_ctx *ctx)
{
    memset(cdg, 0, sizeof *cdg);
    noc_u64map_init(&cdg->map);
    cdg->t = t;
    cdg->V = V;
    int maxout = 1;
    for (int v = 0; v < t->nrouters; v++)
        if (noc_graph_outdeg(&t->g, v) > maxout)
            maxout = noc_graph_outdeg(&t->g, v);
    cdg->slots = maxout * V;
    uint64_t nbits = (uint64_t)t->nch * (uint64_t)V * (uint64_t)cdg->slots;
    if (nbits <= CDG_BITMAP_LIMIT) {
        cdg->bits = noc_calloc(ctx, (size_t)(nbits / 64 + 1), sizeof *cdg->bits);
        if (!cdg->bits)
            return NOC_ENOMEM;
    }
    return NOC_OK;
}

static void cdg_free(struct rt_cdg *cdg)
{
    free(cdg->bits);
    free(cdg->e);
    noc_u64map_free(&cdg->map);
    memset(cdg, 0, sizeof *cdg);
}

/* A state of the per-destination exploration. */
struct xstate {
    int u, cin, cls;
};

/* Dependencies of a destination-based model: for every destination router,
 * the states reachable from every source, each expanded once. */
int noc_rt_explore_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    const struct noc_topo *t = r->t;
    int R = t->nrouters, V = r->vcs, rc = NOC_OK;
    size_t nst = (size_t)t->nch * (size_t)V;
    int *vis = noc_calloc(ctx, nst, sizeof *vis);
    char *isdest = noc_calloc(ctx, (size_t)R, 1);
    struct xstate *stack = noc_malloc(ctx, nst + (size_t)R, sizeof *stack);
    struct rt_dest dd;
    memset(&dd, 0, sizeof dd);
    if (!vis || !isdest || !stack) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < t->nterminals; i++) {
        int b = noc_topo_eject_router(t, noc_topo_term_node(t, i));
        if (b >= 0)
            isdest[b] = 1;
    }
    for (int D = 0; D < R; D++) {
        if (!isdest[D])
            continue;
        int stamp = D + 1, sp = 0;
        if (m->dest) {
            NOC_CHECK(m->dest(r, D, &dd, ctx));
        } else {
            dd.d = D;
        }
        /* From every terminal's injection channel: a model may turn by
         * input port (nca); the injection channel itself is no CDG node. */
        for (int i = 0; i < t->nterminals; i++) {
            int v = noc_topo_term_node(t, i), a = noc_topo_inject_router(t, v);
            int inj = a < 0 ? -1 : noc_graph_find(&t->g, v, a);
            if (a < 0 || inj < 0 || vis[(size_t)inj * (size_t)V] == stamp)
                continue;
            vis[(size_t)inj * (size_t)V] = stamp;
            stack[sp].u = a;
            stack[sp].cin = inj;
            stack[sp++].cls = 0;
        }
        while (sp > 0) {
            struct xstate x = stack[--sp];
            struct rt_hop hop[RT_MAXHOP];
            int nhop;
            if (x.u == D)
                continue;
            NOC_CHECK(m->next(r, &dd, x.u, x.cin, x.cls, hop, &nhop, ctx));
            for (int h = 0; h < nhop; h++) {
                if (x.cin >= 0 && noc_topo_is_rr(t, x.cin) &&
                    (rc = noc_rt_cdg_add(cdg, x.cin, x.cls, hop[h].ch, hop[h].cls, ctx)))
                    goto cleanup;
                size_t st = (size_t)hop[h].ch * (size_t)V + (size_t)hop[h].cls;
                if (vis[st] != stamp) {
                    vis[st] = stamp;
                    stack[sp].u = t->ch[hop[h].ch].dst;
                    stack[sp].cin = hop[h].ch;
                    stack[sp++].cls = hop[h].cls;
                }
            }
        }
        noc_rt_dest_release(&dd);
    }
cleanup:
    noc_rt_dest_release(&dd);
    free(vis);
    free(isdest);
    free(stack);
    return rc;
}

/* Kahn's algorithm; on a cycle, walks residual in-edges back to one. */
static int acyclic(const struct rt_cdg *cdg, struct noc_deadlock *dl, struct noc_ctx *ctx)
{
    size_t n = (size_t)cdg->t->nch * (size_t)cdg->V;
    int rc = NOC_OK;
    int *indeg = noc_calloc(ctx, n, sizeof *indeg);
    int *ioff = noc_calloc(ctx, n + 1, sizeof *ioff);
    int *ooff = noc_calloc(ctx, n + 1, sizeof *ooff);
    int *iadj = noc_malloc(ctx, cdg->ne, sizeof *iadj);
    int *oadj = noc_malloc(ctx, cdg->ne, sizeof *oadj);
    int *queue = noc_malloc(ctx, n, sizeof *queue);
    if (!indeg || !ioff || !ooff || !iadj || !oadj || !queue) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (size_t i = 0; i < cdg->ne; i++) {
        ooff[cdg->e[i].from + 1]++;
        ioff[cdg->e[i].to + 1]++;
    }
    for (size_t v = 0; v < n; v++) {
        indeg[v] = ioff[v + 1];
        if (ioff[v + 1] || ooff[v + 1])
            dl->cdg_nodes++;
        ooff[v + 1] += ooff[v];
        ioff[v + 1] += ioff[v];
    }
    dl->cdg_edges = (long)cdg->ne;
    /* Fill adjacency with queue as a cursor array. */
    for (size_t v = 0; v < n; v++)
        queue[v] = ooff[v];
    for (size_t i = 0; i < cdg->ne; i++)
        oadj[queue[cdg->e[i].from]++] = cdg->e[i].to;
    for (size_t v = 0; v < n; v++)
        queue[v] = ioff[v];
    for (size_t i = 0; i < cdg->ne; i++)
        iadj[queue[cdg->e[i].to]++] = cdg->e[i].from;
    size_t head = 0, tail = 0;
    for (size_t v = 0; v < n; v++)
        if (!indeg[v])
            queue[tail++] = (int)v;
    while (head < tail) {
        int u = queue[head++];
        for (int j = ooff[u]; j < ooff[u + 1]; j++)
            if (--indeg[oadj[j]] == 0)
                queue[tail++] = oadj[j];
    }
    dl->acyclic = tail == n;
    if (dl->acyclic)
        goto cleanup;
    /* Every node left has a left-over predecessor: walk back until a node
     * repeats.  queue[] now records the step at which a node was seen. */
    int x = -1;
    for (size_t v = 0; v < n && x < 0; v++)
        if (indeg[v] > 0)
            x = (int)v;
    for (size_t v = 0; v < n; v++)
        queue[v] = -1;
    int step = 0;
    int *seq = noc_malloc(ctx, n, sizeof *seq);
    if (!seq) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    while (queue[x] < 0) {
        queue[x] = step;
        seq[step++] = x;
        int p = -1;
        for (int j = ioff[x]; j < ioff[x + 1] && p < 0; j++)
            if (indeg[iadj[j]] > 0)
                p = iadj[j];
        x = p;
    }
    /* seq[queue[x] .. step-1] walked backwards: reverse it for the forward
     * order of the dependencies. */
    int len = step - queue[x];
    dl->cycle_ch = noc_malloc(ctx, (size_t)len, sizeof *dl->cycle_ch);
    dl->cycle_vc = noc_malloc(ctx, (size_t)len, sizeof *dl->cycle_vc);
    if (!dl->cycle_ch || !dl->cycle_vc) {
        free(seq);
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < len; i++) {
        int s = seq[step - 1 - i];
        dl->cycle_ch[i] = s / cdg->V;
        dl->cycle_vc[i] = s % cdg->V;
    }
    dl->ncycle = len;
    free(seq);
cleanup:
    free(indeg);
    free(ioff);
    free(ooff);
    free(iadj);
    free(oadj);
    free(queue);
    return rc;
}

void noc_deadlock_init(struct noc_deadlock *dl)
{
    memset(dl, 0, sizeof *dl);
}

void noc_deadlock_free(struct noc_deadlock *dl)
{
    free(dl->cycle_ch);
    free(dl->cycle_vc);
    memset(dl, 0, sizeof *dl);
}

int noc_rt_deadlock_run(const struct noc_routing *r, int generic, struct noc_deadlock *dl,
                        struct noc_ctx *ctx)
{
    const struct rt_model *m = noc_rt_model_get(r->model);
    struct rt_cdg cdg;
    int rc;
    noc_deadlock_free(dl);
    if (!m || !r->t)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "routing not initialised");
    if (!m->deterministic)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "deadlock analysis needs a deterministic routing (dor, updown, desttag, "
                         "table), not '%s'", m->name);
    NOC_CHECK(cdg_init(&cdg, r->t, r->vcs, ctx));
    if (m->deps && !(generic && m->next))
        rc = m->deps(r, &cdg, ctx);
    else
        rc = noc_rt_explore_deps(r, &cdg, ctx);
    if (rc == NOC_OK)
        rc = acyclic(&cdg, dl, ctx);
cleanup:
    cdg_free(&cdg);
    return rc;
}

int noc_routing_deadlock(const struct noc_routing *r, struct noc_deadlock *dl, struct noc_ctx *ctx)
{
    return noc_rt_deadlock_run(r, 0, dl, ctx);
}

int noc_routing_deadlock_free(const struct noc_routing *r, int *result, struct noc_ctx *ctx)
{
    struct noc_deadlock dl;
    noc_deadlock_init(&dl);
    int rc = noc_routing_deadlock(r, &dl, ctx);
    if (rc == NOC_OK)
        *result = dl.acyclic;
    noc_deadlock_free(&dl);
    return rc;
}
