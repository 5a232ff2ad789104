/* Routing the app's flows over the switch graph under capacity, radix,
 * max_hops and deadlock-freedom constraints (see synth.h, step 2). */
#include "synth_int.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/synth.h"
#include "nocsyn/units.h"

int noc_swnet_init(struct swnet *n, int K, int nflows, const struct noc_synth_opts *o,
                   struct noc_ctx *ctx)
{
    memset(n, 0, sizeof *n);
    n->K = K;
    n->o = o;
    n->max_radix = o->max_radix > 0 ? o->max_radix : INT_MAX;
    n->cap = noc_synth_capacity(o) * o->max_util;
    n->width = o->link_width;
    n->nflows = nflows;
    noc_u64map_init(&n->chmap);
    noc_cdg_init(&n->cdg);
    n->ncores = noc_calloc(ctx, (size_t)K, sizeof(int));
    n->nlinks = noc_calloc(ctx, (size_t)K, sizeof(int));
    n->sx = noc_calloc(ctx, (size_t)K, sizeof(double));
    n->sy = noc_calloc(ctx, (size_t)K, sizeof(double));
    n->out = noc_calloc(ctx, (size_t)K, sizeof(struct ivec));
    n->paths = noc_calloc(ctx, (size_t)(nflows ? nflows : 1), sizeof(struct ivec));
    n->dist = noc_malloc(ctx, (size_t)K * 2 + 2, sizeof(double));
    n->pred = noc_malloc(ctx, (size_t)K * 2 + 2, sizeof(int));
    n->predch = noc_malloc(ctx, (size_t)K * 2 + 2, sizeof(int));
    /* Port counts up to the radix bound and one more (a link opened), at
     * most 64 tabulated; beyond, edge_cost asks the tech model. */
    n->nrp = (n->max_radix < 63 ? n->max_radix : 63) + 2;
    n->rstep = noc_malloc(ctx, (size_t)n->nrp, sizeof(double));
    n->rflow = noc_malloc(ctx, (size_t)n->nrp, sizeof(double));
    n->rbw = NAN;
    if (!n->ncores || !n->nlinks || !n->sx || !n->sy || !n->out || !n->paths || !n->dist ||
        !n->pred || !n->predch || !n->rstep || !n->rflow || noc_heap_init(&n->heap, K * 2 + 2, 1, ctx)) {
        noc_swnet_free(n);
        return NOC_ENOMEM;
    }
    for (int p = 0; p < n->nrp; p++)
        n->rstep[p] = noc_tech_router_mw(&o->tech, p + 1, n->width, 0, o->freq_mhz) -
                      noc_tech_router_mw(&o->tech, p, n->width, 0, o->freq_mhz);
    return NOC_OK;
}

/* Fills n->rflow for bw (once per bandwidth in a row). */
static void router_prices(struct swnet *n, double bw)
{
    if (n->rbw == bw)
        return;
    const struct noc_tech *t = &n->o->tech;
    double w = n->width, f = n->o->freq_mhz, flits = noc_flits_per_s(bw, w);
    for (int p = 0; p < n->nrp; p++)
        n->rflow[p] = noc_tech_router_mw(t, p, w, flits, f) - noc_tech_router_mw(t, p, w, 0, f);
    n->rbw = bw;
}

void noc_swnet_free(struct swnet *n)
{
    if (n->out)
        for (int s = 0; s < n->K; s++)
            free(n->out[s].v);
    if (n->paths)
        for (int f = 0; f < n->nflows; f++)
            free(n->paths[f].v);
    free(n->out);
    free(n->paths);
    free(n->rstep);
    free(n->rflow);
    free(n->ncores);
    free(n->nlinks);
    free(n->sx);
    free(n->sy);
    free(n->csrc);
    free(n->cdst);
    free(n->cnode);
    free(n->cload);
    free(n->dist);
    free(n->pred);
    free(n->predch);
    noc_heap_free(&n->heap);
    free(n->tpar);
    free(n->tdepth);
    noc_u64map_free(&n->chmap);
    noc_cdg_free(&n->cdg);
    memset(n, 0, sizeof *n);
}

static int chan(const struct swnet *n, int u, int v)
{
    return noc_u64map_get(&n->chmap, noc_pair_key(u, v));
}

static int add_channel(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    size_t need = (size_t)n->nch + 1, cap = n->chcap;
    if (noc_grow(ctx, (void **)&n->csrc, &cap, need, sizeof(int)))
        return -1;
    cap = n->chcap;
    if (noc_grow(ctx, (void **)&n->cdst, &cap, need, sizeof(int)))
        return -1;
    cap = n->chcap;
    if (noc_grow(ctx, (void **)&n->cnode, &cap, need, sizeof(int)))
        return -1;
    cap = n->chcap;
    if (noc_grow(ctx, (void **)&n->cload, &cap, need, sizeof(double)))
        return -1;
    n->chcap = cap;
    int c = n->nch;
    n->csrc[c] = u;
    n->cdst[c] = v;
    n->cload[c] = 0;
    n->cnode[c] = noc_cdg_add_node(&n->cdg, ctx);
    if (n->cnode[c] < 0 || noc_u64map_put(&n->chmap, noc_pair_key(u, v), c, ctx) ||
        noc_ivec_push(&n->out[u], c, ctx))
        return -1;
    n->nch++;
    return c;
}

/* Opens the link u <-> v (both channels).  0 ok, -1 error. */
static int open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    if (add_channel(n, u, v, ctx) < 0 || add_channel(n, v, u, ctx) < 0)
        return -1;
    n->nlinks[u]++;
    n->nlinks[v]++;
    return 0;
}

static double len_est(const struct swnet *n, int u, int v)
{
    return fabs(n->sx[u] - n->sx[v]) + fabs(n->sy[u] - n->sy[v]);
}

/* Marginal cost (mW) of carrying bw over u -> v, opening it when `open`. */
static double edge_cost(const struct swnet *n, int u, int v, double bw, int open)
{
    const struct noc_tech *t = &n->o->tech;
    double w = n->width, f = n->o->freq_mhz, ch[2];
    noc_tech_channel_mw_pair(t, len_est(n, u, v), w, bw, f, ch);
    double c = ch[0] - ch[1];
    int pv = swnet_ports(n, v) + (open ? 1 : 0);
    if (pv < n->nrp && n->rbw == bw)
        c += n->rflow[pv];
    else {
        double flits = noc_flits_per_s(bw, w);
        c += noc_tech_router_mw(t, pv, w, flits, f) - noc_tech_router_mw(t, pv, w, 0, f);
    }
    if (open) {
        for (int k = 0; k < 2; k++) {
            int x = k ? v : u, p = swnet_ports(n, x);
            c += p < n->nrp ? n->rstep[p]
                            : noc_tech_router_mw(t, p + 1, w, 0, f) - noc_tech_router_mw(t, p, w, 0, f);
        }
        c += 2 * ch[1];
    }
    return c + n->o->hop_mw;
}

static int can_open(const struct swnet *n, int u, int v)
{
    return u != v && chan(n, u, v) < 0 && swnet_ports(n, u) < n->max_radix &&
           swnet_ports(n, v) < n->max_radix;
}

static int has_room(const struct swnet *n, int c, double bw)
{
    return n->cload[c] + bw <= n->cap * (1 + 1e-12);
}

/* Relaxation callback over the candidate edges out of u for flow (s, d):
 * existing channels with room, new links from s to anyone, new links from
 * anyone into d.  Calls relax(v, ch or -1, cost). */
#define FOR_EDGES(n, u, s, d, bw, BODY)                                           \
    do {                                                                          \
        for (int ei_ = 0; ei_ < (n)->out[u].n; ei_++) {                           \
            int c_ = (n)->out[u].v[ei_];                                          \
            if (!has_room(n, c_, bw))                                             \
                continue;                                                         \
            int v_ = (n)->cdst[c_];                                               \
            double w_ = edge_cost(n, u, v_, bw, 0);                               \
            BODY                                                                  \
        }                                                                         \
        if ((u) == (s)) {                                                         \
            for (int v_ = 0; v_ < (n)->K; v_++) {                                 \
                if (!can_open(n, u, v_))                                          \
                    continue;                                                     \
                int c_ = -1;                                                      \
                double w_ = edge_cost(n, u, v_, bw, 1);                           \
                BODY                                                              \
            }                                                                     \
        } else if (can_open(n, u, d)) {                                           \
            int v_ = (d), c_ = -1;                                                \
            double w_ = edge_cost(n, u, v_, bw, 1);                               \
            BODY                                                                  \
        }                                                                         \
    } while (0)

/* A lower bound on edge_cost(n, s, v, bw, 1) over every v: no length
 * (the channel terms only grow with it), v's ports at their least (the
 * router terms only grow with the ports, every tech coefficient being
 * >= 0), less a margin for rounding. */
static double open_lb(const struct swnet *n, int s, double bw)
{
    const struct noc_tech *t = &n->o->tech;
    double w = n->width, f = n->o->freq_mhz, flits = noc_flits_per_s(bw, w);
    int ps = swnet_ports(n, s);
    double c = noc_tech_router_mw(t, 1, w, flits, f) - noc_tech_router_mw(t, 1, w, 0, f);
    c += noc_tech_router_mw(t, ps + 1, w, 0, f) - noc_tech_router_mw(t, ps, w, 0, f);
    c += noc_tech_router_mw(t, 1, w, 0, f) - noc_tech_router_mw(t, 0, w, 0, f);
    c += 2 * noc_tech_channel_mw(t, 0, w, 0, f) + n->o->hop_mw;
    return c - 1e-9 * fabs(c) - 1e-12;
}

/* Heap order is (distance, switch): n->heap breaks ties by id. */
static void relax(struct swnet *n, int u, int v, double nd, int tie)
{
    if (n->heap.pos[v] == -2 || !(nd < n->dist[v] || (tie && nd == n->dist[v])))
        return;
    n->dist[v] = nd;
    n->pred[v] = u;
    noc_heap_update(&n->heap, v, nd);
}

/* Cheapest path s -> d with no hop bound (Dijkstra).  Fills path (switches,
 * reversed order is fixed up) and returns 0, or 1 when unreachable.
 * The new links out of s (one per switch) are relaxed only once the
 * cheapest open state costs at least open_lb, so a flow that reaches d
 * over existing channels first never looks at them: O(explored) instead
 * of O(K log K).  The result is the same as relaxing them when s is
 * settled: they are then relaxed before any state they could improve is
 * settled, heap order is (distance, switch), and on equal distances the
 * link from s keeps the switch, as the first relaxation did. */
static int dijkstra(struct swnet *n, int s, int d, double bw, struct ivec *path, struct noc_ctx *ctx)
{
    int K = n->K, pending = 0;
    double lb = 0;
    for (int v = 0; v < K; v++) {
        n->dist[v] = DBL_MAX;
        n->pred[v] = -1;
    }
    noc_heap_clear(&n->heap);
    n->dist[s] = 0;
    noc_heap_update(&n->heap, s, 0);
    while (n->heap.n || pending) {
        if (pending && (n->heap.n == 0 || n->heap.a[0].key >= lb)) {
            pending = 0;
            for (int v = 0; v < K; v++)
                if (can_open(n, s, v))
                    relax(n, s, v, n->dist[s] + edge_cost(n, s, v, bw, 1), 1);
            continue;
        }
        int u = noc_heap_pop(&n->heap).id; /* settled: pos -2 */
        if (u == d)
            break;
        if (u == s) {
            for (int k = 0; k < n->out[u].n; k++) {
                int c = n->out[u].v[k];
                if (has_room(n, c, bw))
                    relax(n, u, n->cdst[c], n->dist[u] + edge_cost(n, u, n->cdst[c], bw, 0), 0);
            }
            pending = 1;
            lb = n->dist[s] + open_lb(n, s, bw);
            continue;
        }
        FOR_EDGES(n, u, s, d, bw, {
            (void)c_;
            relax(n, u, v_, n->dist[u] + w_, 0);
        });
    }
    if (n->dist[d] == DBL_MAX)
        return 1;
    path->n = 0;
    for (int v = d; v >= 0; v = n->pred[v])
        if (noc_ivec_push(path, v, ctx))
            return -1;
    noc_ivec_reverse(path);
    return 0;
}

/* Cheapest path with at most H hops: Bellman-Ford by layers, O(H (E + K)). */
static int bounded(struct swnet *n, int s, int d, double bw, int H, struct ivec *path,
                   struct noc_ctx *ctx)
{
    int K = n->K, rc = 1;
    double *dist = noc_malloc(ctx, (size_t)(H + 1) * (size_t)K, sizeof *dist);
    int *pred = noc_malloc(ctx, (size_t)(H + 1) * (size_t)K, sizeof *pred);
    if (!dist || !pred) {
        rc = -1;
        goto cleanup;
    }
    for (int i = 0; i < (H + 1) * K; i++) {
        dist[i] = DBL_MAX;
        pred[i] = -1;
    }
    dist[s] = 0;
    for (int h = 0; h < H; h++) {
        for (int u = 0; u < K; u++) {
            double du = dist[h * K + u];
            if (du == DBL_MAX || u == d)
                continue;
            FOR_EDGES(n, u, s, d, bw, {
                (void)c_;
                if (v_ == s)
                    continue;
                double nd = du + w_;
                if (nd < dist[(h + 1) * K + v_]) {
                    dist[(h + 1) * K + v_] = nd;
                    pred[(h + 1) * K + v_] = u;
                }
            });
        }
    }
    int best = -1;
    for (int h = 1; h <= H; h++)
        if (dist[h * K + d] < DBL_MAX && (best < 0 || dist[h * K + d] < dist[best * K + d]))
            best = h;
    if (best < 0)
        goto cleanup;
    path->n = 0;
    for (int h = best, v = d; h >= 0 && v >= 0; v = pred[h * K + v], h--)
        if (noc_ivec_push(path, v, ctx)) {
            rc = -1;
            goto cleanup;
        }
    noc_ivec_reverse(path);
    rc = 0;
cleanup:
    free(dist);
    free(pred);
    return rc;
}

/* Checks the ports the path would open, opens its new links, adds its
 * dependencies (refusing cycles) and loads.  Returns 0 committed, 1 refused
 * (nothing changed), -1 error. */
static int commit_at(struct swnet *n, const struct ivec *p, double bw, int *bad, struct noc_ctx *ctx)
{
    int hops = p->n - 1;
    /* Ports: count new links per switch (a switch may get two). */
    for (int i = 0; i < hops; i++) {
        int u = p->v[i], v = p->v[i + 1];
        if (u == v)
            return 1;
        int c = chan(n, u, v);
        if (c >= 0 && !has_room(n, c, bw))
            return 1;
    }
    for (int i = 0; i <= hops; i++) {
        int x = p->v[i], extra = 0;
        if (i > 0 && chan(n, p->v[i - 1], x) < 0)
            extra++;
        if (i < hops && chan(n, x, p->v[i + 1]) < 0)
            extra++;
        if (extra && swnet_ports(n, x) + extra > n->max_radix)
            return 1;
    }
    /* Dependencies between consecutive channels.  New links are only ever
     * the first or the last channel of a path (see FOR_EDGES), so a new
     * channel is a source or a sink of the dependency graph and cannot close
     * a cycle: check the dependencies between existing channels first, then
     * open the new links and add the rest. */
    for (int i = 0; i + 1 < hops; i++) {
        int c1 = chan(n, p->v[i], p->v[i + 1]), c2 = chan(n, p->v[i + 1], p->v[i + 2]);
        if (c1 < 0 || c2 < 0)
            continue;
        int r = noc_cdg_add_edge(&n->cdg, n->cnode[c1], n->cnode[c2], ctx);
        if (r < 0)
            return -1;
        if (r == 0) { /* refused: take back the ones this path added */
            if (bad)
                *bad = i;
            for (int j = 0; j < i; j++) {
                int a1 = chan(n, p->v[j], p->v[j + 1]), a2 = chan(n, p->v[j + 1], p->v[j + 2]);
                if (a1 >= 0 && a2 >= 0)
                    noc_cdg_remove_edge(&n->cdg, n->cnode[a1], n->cnode[a2]);
            }
            return 2;
        }
    }
    /* A new link inside the path (the escape's, below) gets the
     * dependencies c1 -> new -> c2, which close a cycle exactly when c2
     * reaches c1. */
    int newi[4], nnew = 0;
    for (int i = 0; i < hops; i++)
        if (chan(n, p->v[i], p->v[i + 1]) < 0) {
            int c1 = i > 0 ? chan(n, p->v[i - 1], p->v[i]) : -1;
            int c2 = i + 1 < hops ? chan(n, p->v[i + 1], p->v[i + 2]) : -1;
            if (nnew == 4 || (c1 >= 0 && c2 >= 0 && !noc_cdg_can_add(&n->cdg, n->cnode[c1], n->cnode[c2]))) {
                for (int j = 0; j + 1 < hops; j++) {
                    int a1 = chan(n, p->v[j], p->v[j + 1]), a2 = chan(n, p->v[j + 1], p->v[j + 2]);
                    if (a1 >= 0 && a2 >= 0)
                        noc_cdg_remove_edge(&n->cdg, n->cnode[a1], n->cnode[a2]);
                }
                return 2;
            }
            newi[nnew++] = i;
        }
    for (int k = 0; k < nnew; k++)
        if (open_link(n, p->v[newi[k]], p->v[newi[k] + 1], ctx))
            return -1;
    for (int i = 0; i + 1 < hops; i++) {
        int touches = 0;
        for (int k = 0; k < nnew; k++)
            touches |= newi[k] == i || newi[k] == i + 1;
        if (!touches)
            continue;
        int c1 = chan(n, p->v[i], p->v[i + 1]), c2 = chan(n, p->v[i + 1], p->v[i + 2]);
        if (noc_cdg_add_edge(&n->cdg, n->cnode[c1], n->cnode[c2], ctx) != 1)
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "dependency on a new link closed a cycle"), -1;
    }
    for (int i = 0; i < hops; i++)
        n->cload[chan(n, p->v[i], p->v[i + 1])] += bw;
    return 0;
}

static int commit(struct swnet *n, const struct ivec *p, double bw, struct noc_ctx *ctx)
{
    return commit_at(n, p, bw, NULL, ctx);
}

/* A cheapest path that only takes turns the dependency graph allows: a
 * search over channel states (the channel a flow arrived by), where from
 * channel a at switch u the flow may continue on an existing channel b only
 * when the dependency a -> b keeps the graph acyclic (noc_cdg_can_add).  New
 * links are allowed, as in FOR_EDGES, only from s and into d, where they
 * cannot be on a cycle.  States: 0..nch-1 = arrived by existing channel c;
 * nch + v = arrived at v by a new link from s; nch + K = at s (start);
 * nch + K + 1 = at d by a new link (goal).  Returns 0 with the path, 1 when
 * none exists, -1 on error.  O((C + K) log (C + K) + C deg) per call. */
/* noc_cdg_can_add for channels a -> b, remembered in memo (key (a, b): 0 or 1)
 * while the dependency graph keeps its edges (noc_swnet_route's attempts: a
 * refused commit takes back what it added).  -1 on ENOMEM. */
static int can_turn(struct swnet *n, struct noc_u64map *memo, int a, int b, struct noc_ctx *ctx)
{
    int r = noc_u64map_get(memo, noc_pair_key(a, b));
    if (r >= 0)
        return r;
    r = noc_cdg_can_add(&n->cdg, n->cnode[a], n->cnode[b]);
    return noc_u64map_put(memo, noc_pair_key(a, b), r, ctx) == NOC_OK ? r : -1;
}

static int turnsafe(struct swnet *n, int s, int d, double bw, const struct ivec *forbid, struct noc_u64map *memo,
                    struct ivec *path, struct noc_ctx *ctx)
{
    int K = n->K, C = n->nch, S = C + K + 2, start = C + K, goal = C + K + 1, rc = 1;
    double *dist = noc_malloc(ctx, (size_t)S, sizeof *dist);
    int *pred = noc_malloc(ctx, (size_t)S, sizeof *pred), *at = noc_malloc(ctx, (size_t)S, sizeof *at);
    struct noc_heap hp = {0}; /* states, ties by id */
    if (!dist || !pred || !at || noc_heap_init(&hp, S, 1, ctx)) {
        rc = -1;
        goto cleanup;
    }
    for (int i = 0; i < S; i++) {
        dist[i] = DBL_MAX;
        pred[i] = -1;
    }
    for (int c = 0; c < C; c++)
        at[c] = n->cdst[c];
    for (int v = 0; v < K; v++)
        at[C + v] = v;
    at[start] = s;
    at[goal] = d;
#define RELAX(st, nd, from)                                                                        \
    do {                                                                                           \
        if (hp.pos[st] != -2 && (nd) < dist[st]) {                                                 \
            dist[st] = (nd);                                                                       \
            pred[st] = (from);                                                                     \
            noc_heap_update(&hp, (st), dist[st]);                                                  \
        }                                                                                          \
    } while (0)
    dist[start] = 0;
    noc_heap_update(&hp, start, 0);
    while (hp.n) {
        int st = noc_heap_pop(&hp).id;
        int u = at[st];
        if (st == goal || (u == d && st != start)) {
            /* Rebuild the switch sequence from the states. */
            path->n = 0;
            for (int x = st; x >= 0; x = pred[x])
                if (noc_ivec_push(path, at[x], ctx)) {
                    rc = -1;
                    goto cleanup;
                }
            noc_ivec_reverse(path);
            rc = 0;
            goto cleanup;
        }
        /* Existing channels out of u. */
        for (int k = 0; k < n->out[u].n; k++) {
            int b = n->out[u].v[k], v = n->cdst[b];
            if (v == s || !has_room(n, b, bw))
                continue;
            int ok = st < C ? can_turn(n, memo, st, b, ctx) : 1;
            if (ok < 0) {
                rc = -1;
                goto cleanup;
            }
            if (!ok)
                continue;
            int banned = 0;
            for (int f = 0; st < C && f + 1 < forbid->n && !banned; f += 2)
                banned = forbid->v[f] == st && forbid->v[f + 1] == b;
            if (banned)
                continue;
            RELAX(b, dist[st] + edge_cost(n, u, v, bw, 0), st);
        }
        /* New links: from s to anyone, from anyone into d. */
        if (st == start) {
            for (int v = 0; v < K; v++)
                if (can_open(n, s, v))
                    RELAX(C + v, dist[st] + edge_cost(n, s, v, bw, 1), st);
        } else if (can_open(n, u, d) && (st < C || swnet_ports(n, u) + 2 <= n->max_radix)) {
            /* Arrived by a new link from s, u needs a port for each. */
            RELAX(goal, dist[st] + edge_cost(n, u, d, bw, 1), st);
        }
    }
#undef RELAX
cleanup:
    free(dist);
    free(pred);
    free(at);
    noc_heap_free(&hp);
    return rc;
}

/* The escape (noc_swnet_route's last fallback): paths with exactly one new
 * link a -> b anywhere, joining a switch a reached from s and a switch b
 * that reaches d over existing channels with room, each within ESC_HOPS
 * hops (breadth first, every switch once).  The ESC_TOP cheapest a and b
 * with a free port are paired, the pairs tried in increasing cost until
 * one commits (commit_at checks the dependencies around the new link). */
#define ESC_HOPS 64
#define ESC_TOP 32

struct reach {
    int sw, up;  /* switch; index of the entry it was reached from (-1: root) */
    int ch;      /* the channel between it and that entry (-1: root) */
    double cost; /* cost of the existing channels between it and the root */
};

/* Breadth first from root over existing channels with room: forward (out
 * of each switch) or backward (into it), not entering `avoid`, taking only
 * turns the dependency graph allows (one at a time, as turnsafe). */
static int esc_bfs(struct swnet *n, int root, int back, int avoid, double bw, int *mark, int stamp,
                   struct reach **out, int *nout, struct noc_ctx *ctx)
{
    size_t cap = 0;
    int cnt = 0, head = 0;
    struct reach *r = NULL;
    if (noc_grow(ctx, (void **)&r, &cap, 1, sizeof *r))
        return -1;
    r[cnt++] = (struct reach){root, -1, -1, 0};
    mark[root] = stamp;
    for (int level = 0, end = cnt; level < ESC_HOPS && head < cnt; level++, end = cnt)
        for (; head < end; head++) {
            int u = r[head].sw;
            for (int k = 0; k < n->out[u].n; k++) {
                int v = n->cdst[n->out[u].v[k]], c = back ? chan(n, v, u) : n->out[u].v[k];
                int cu = r[head].ch;
                if (v == avoid || mark[v] == stamp || !has_room(n, c, bw))
                    continue;
                if (cu >= 0 && !(back ? noc_cdg_can_add(&n->cdg, n->cnode[c], n->cnode[cu])
                                      : noc_cdg_can_add(&n->cdg, n->cnode[cu], n->cnode[c])))
                    continue;
                if (noc_grow(ctx, (void **)&r, &cap, (size_t)cnt + 1, sizeof *r)) {
                    free(r);
                    return -1;
                }
                mark[v] = stamp;
                double w = back ? edge_cost(n, v, u, bw, 0) : edge_cost(n, u, v, bw, 0);
                r[cnt++] = (struct reach){v, head, c, r[head].cost + w};
            }
        }
    *out = r;
    *nout = cnt;
    return 0;
}

/* The ESC_TOP cheapest entries whose switch has a free port (ties: reach
 * order) into top; returns how many. */
static int esc_top(const struct swnet *n, const struct reach *r, int cnt, int *top)
{
    int m = 0;
    for (int i = 0; i < cnt; i++) {
        if (swnet_ports(n, r[i].sw) >= n->max_radix)
            continue;
        int j = m < ESC_TOP ? m++ : ESC_TOP;
        if (j == ESC_TOP && r[i].cost >= r[top[ESC_TOP - 1]].cost)
            continue;
        if (j == ESC_TOP)
            j = ESC_TOP - 1;
        for (; j > 0 && r[top[j - 1]].cost > r[i].cost; j--)
            top[j] = top[j - 1];
        top[j] = i;
    }
    return m;
}

struct esc_pair {
    double cost;
    int a, b; /* indices into the forward and backward reach lists */
};

static int esc_pair_cmp(const void *x, const void *y)
{
    const struct esc_pair *p = x, *q = y;
    if (p->cost != q->cost)
        return p->cost < q->cost ? -1 : 1;
    return p->a != q->a ? (p->a > q->a) - (p->a < q->a) : (p->b > q->b) - (p->b < q->b);
}

/* Returns 0 committed (path filled), 1 none, -1 error. */
static int escape(struct swnet *n, int s, int d, double bw, int max_hops, struct ivec *path, struct noc_ctx *ctx)
{
    int K = n->K, rc = 1, nf = 0, nb = 0, ta[ESC_TOP], tb[ESC_TOP];
    struct reach *fw = NULL, *bk = NULL;
    struct esc_pair *pairs = NULL;
    int *mark = noc_calloc(ctx, (size_t)K, sizeof *mark);
    if (!mark || esc_bfs(n, s, 0, d, bw, mark, 1, &fw, &nf, ctx) || esc_bfs(n, d, 1, s, bw, mark, 2, &bk, &nb, ctx)) {
        rc = -1;
        goto cleanup;
    }
    int ma = esc_top(n, fw, nf, ta), mb = esc_top(n, bk, nb, tb), np = 0;
    if (!(pairs = noc_malloc(ctx, (size_t)(ma * mb) + 1, sizeof *pairs))) {
        rc = -1;
        goto cleanup;
    }
    for (int i = 0; i < ma; i++)
        for (int j = 0; j < mb; j++) {
            int a = fw[ta[i]].sw, b = bk[tb[j]].sw;
            if (!can_open(n, a, b))
                continue;
            pairs[np++] = (struct esc_pair){fw[ta[i]].cost + edge_cost(n, a, b, bw, 1) + bk[tb[j]].cost, ta[i], tb[j]};
        }
    qsort(pairs, (size_t)np, sizeof *pairs, esc_pair_cmp);
    for (int k = 0; k < np && rc == 1; k++) {
        /* s .. a (reversed up-chain), then b .. d; no switch twice. */
        path->n = 0;
        for (int i = pairs[k].a; i >= 0; i = fw[i].up)
            if (noc_ivec_push(path, fw[i].sw, ctx)) {
                rc = -1;
                goto cleanup;
            }
        noc_ivec_reverse(path);
        int dup = 0;
        for (int i = pairs[k].b; i >= 0 && !dup; i = bk[i].up) {
            for (int q = 0; q < path->n && !dup; q++)
                dup = path->v[q] == bk[i].sw;
            if (noc_ivec_push(path, bk[i].sw, ctx)) {
                rc = -1;
                goto cleanup;
            }
        }
        if (dup || (max_hops >= 0 && path->n - 1 > max_hops))
            continue;
        int r = commit_at(n, path, bw, NULL, ctx);
        if (r < 0)
            rc = -1;
        else if (r == 0)
            rc = 0;
    }
cleanup:
    if (rc != 0)
        path->n = 0;
    free(mark);
    free(fw);
    free(bk);
    free(pairs);
    return rc;
}

/* The path between s and d on the backbone tree: 0, 1 when they are on
 * different trees, -1 on error. */
static int tree_path(const struct swnet *n, int s, int d, struct ivec *path, struct noc_ctx *ctx)
{
    struct ivec tail = {0};
    int a = s, b = d, rc = 0;
    path->n = 0;
    while (a != b && rc == 0) {
        if (n->tdepth[a] >= n->tdepth[b]) {
            if (n->tpar[a] < 0 || noc_ivec_push(path, a, ctx))
                rc = n->tpar[a] < 0 ? 1 : -1;
            a = n->tpar[a];
        } else {
            if (noc_ivec_push(&tail, b, ctx))
                rc = -1;
            b = n->tpar[b];
        }
    }
    if (rc == 0 && noc_ivec_push(path, a, ctx))
        rc = -1;
    for (int i = tail.n - 1; rc == 0 && i >= 0; i--)
        if (noc_ivec_push(path, tail.v[i], ctx))
            rc = -1;
    free(tail.v);
    if (rc != 0)
        path->n = 0;
    return rc;
}

/* The fewest switch-to-switch hops from s to d for a flow of bw MB/s when
 * only some constraints hold (the diagnosis of an unroutable flow): an
 * existing channel is usable when use_cap is off or it has room for bw, a
 * new link when use_radix is off or both ends have a free port (one link at
 * a time).  Deadlock freedom is ignored.  -1 when d is unreachable.  Uses
 * the search scratch (pred as the queue, dist as hop counts).  O(K^2). */
static int probe_hops(struct swnet *n, int s, int d, double bw, int use_cap, int use_radix)
{
    for (int v = 0; v < n->K; v++)
        n->dist[v] = -1;
    int head = 0, tail = 0;
    n->dist[s] = 0;
    n->pred[tail++] = s;
    while (head < tail) {
        int u = n->pred[head++];
        if (u == d)
            return (int)n->dist[u];
        for (int v = 0; v < n->K; v++) {
            if (v == u || n->dist[v] >= 0)
                continue;
            int c = chan(n, u, v);
            int ok = c >= 0 ? !use_cap || has_room(n, c, bw)
                            : !use_radix || (swnet_ports(n, u) < n->max_radix && swnet_ports(n, v) < n->max_radix);
            if (ok) {
                n->dist[v] = n->dist[u] + 1;
                n->pred[tail++] = v;
            }
        }
    }
    return -1;
}

/* Why flow s -> d has no path: the constraint that binds, found by
 * relaxing capacity and radix one at a time (probe_hops; max_hops stays). */
static void why_unroutable(struct swnet *n, int s, int d, double bw, int max_hops, char *why, size_t whylen)
{
#define HOPS_OK(h) ((h) >= 0 && (max_hops < 0 || (h) <= max_hops))
    int both = probe_hops(n, s, d, bw, 1, 1), cap_only = probe_hops(n, s, d, bw, 1, 0),
        radix_only = probe_hops(n, s, d, bw, 0, 1);
    int radix = n->max_radix == INT_MAX ? 0 : n->max_radix;
    const char *rname = SYNTH_RADIX_NAME(n->o), *hops = max_hops >= 0 ? " and max_hops" : "";
    if (HOPS_OK(both))
        snprintf(why, whylen,
                 "deadlock freedom binds: paths within capacity %.6g MB/s, radix %d%s exist, but each closes a "
                 "cycle of channel dependencies",
                 n->cap, radix, hops);
    else if (HOPS_OK(cap_only) && !HOPS_OK(radix_only))
        snprintf(why, whylen,
                 "the radix binds (%s %d): no free port is left for a path, while one within capacity %.6g MB/s%s "
                 "exists",
                 rname, radix, n->cap, hops);
    else if (HOPS_OK(radix_only) && !HOPS_OK(cap_only))
        snprintf(why, whylen, "capacity %.6g MB/s binds: every path within radix %d%s has a full channel", n->cap,
                 radix, hops);
    else if (HOPS_OK(cap_only))
        snprintf(why, whylen,
                 "capacity %.6g MB/s and the radix (%s %d) bind together: a path exists within either alone%s, "
                 "none within both",
                 n->cap, rname, radix, hops);
    else
        snprintf(why, whylen, "capacity %.6g MB/s and the radix (%s %d) each bind: no path within either alone%s",
                 n->cap, rname, radix, hops);
#undef HOPS_OK
}

int noc_swnet_route(struct swnet *n, int f, int s, int d, double bw, int max_hops,
                    char *why, size_t whylen, struct noc_ctx *ctx)
{
    struct ivec *p = &n->paths[f];
    p->n = 0;
    if (s == d)
        return noc_ivec_push(p, s, ctx) ? -1 : 0;
    if (max_hops == 0) {
        snprintf(why, whylen, "max_hops 0 needs both cores on one switch");
        return 1;
    }
    router_prices(n, bw);
    int r = max_hops > 0 && max_hops < n->K ? bounded(n, s, d, bw, max_hops, p, ctx)
                                            : dijkstra(n, s, d, bw, p, ctx);
    if (r < 0)
        return -1;
    if (r == 0) {
        r = commit(n, p, bw, ctx);
        if (r <= 0)
            return r;
    }
    /* Backbone mode: the tree path, deadlock free by construction. */
    if (n->tpar && tree_path(n, s, d, p, ctx) == 0 && (max_hops < 0 || p->n - 1 <= max_hops)) {
        r = commit(n, p, bw, ctx);
        if (r <= 0)
            return r;
    }
    /* Fallback 1: a direct link (one hop: no dependency at all). */
    p->n = 0;
    if (noc_ivec_push(p, s, ctx) || noc_ivec_push(p, d, ctx))
        return -1;
    int c = chan(n, s, d);
    if (c >= 0 || can_open(n, s, d)) {
        r = commit(n, p, bw, ctx);
        if (r <= 0)
            return r;
    }
    /* Fallback 2: the cheapest path whose every turn keeps the dependency
     * graph acyclic (within max_hops).  Turns are checked one at a time, so
     * a path can still close a cycle as a whole: then the turn that failed
     * is forbidden and the search runs again (at most 32 times). */
    struct ivec forbid = {0};
    struct noc_u64map memo;
    noc_u64map_init(&memo);
    for (int attempt = 0; attempt < 32; attempt++) {
        r = turnsafe(n, s, d, bw, &forbid, &memo, p, ctx);
        if (r != 0 || (max_hops >= 0 && p->n - 1 > max_hops))
            break;
        int bad = -1;
        r = commit_at(n, p, bw, &bad, ctx);
        if (r <= 0) {
            free(forbid.v);
            noc_u64map_free(&memo);
            return r;
        }
        if (r != 2 || bad < 0)
            break;
        if (noc_ivec_push(&forbid, chan(n, p->v[bad], p->v[bad + 1]), ctx) ||
            noc_ivec_push(&forbid, chan(n, p->v[bad + 1], p->v[bad + 2]), ctx)) {
            free(forbid.v);
            noc_u64map_free(&memo);
            return -1;
        }
    }
    free(forbid.v);
    noc_u64map_free(&memo);
    if (r < 0)
        return -1;
    /* Fallback 3: one new link anywhere between the two neighbourhoods. */
    if ((r = escape(n, s, d, bw, max_hops, p, ctx)) <= 0)
        return r;
    p->n = 0;
    why_unroutable(n, s, d, bw, max_hops, why, whylen);
    return 1;
}

int noc_swnet_chan(const struct swnet *n, int u, int v) { return chan(n, u, v); }

int noc_swnet_open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    if (u == v || chan(n, u, v) >= 0)
        return 0;
    return open_link(n, u, v, ctx);
}

int noc_swnet_commit(struct swnet *n, int f, const int *sw, int len, double bw, struct noc_ctx *ctx)
{
    struct ivec *p = &n->paths[f];
    p->n = 0;
    for (int i = 0; i < len; i++)
        if (noc_ivec_push(p, sw[i], ctx))
            return -1;
    /* commit() adds the dependencies of new links only at the ends. */
    for (int i = 1; i + 2 < len; i++)
        if (chan(n, sw[i], sw[i + 1]) < 0) {
            p->n = 0;
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "a committed path opens an inner link"), -1;
        }
    int r = len > 1 ? commit(n, p, bw, ctx) : 0;
    if (r != 0)
        p->n = 0;
    return r;
}

int noc_swnet_nearest_pair(const struct swnet *n, const struct swnet_join_pred *p, int *bu, int *bv)
{
    double best = 0;
    *bu = *bv = -1;
    for (int u = 0; u < n->K; u++) {
        if (!p->end_ok(p->ud, n, u))
            continue;
        for (int v = u + 1; v < n->K; v++) {
            if (!p->end_ok(p->ud, n, v) || !p->pair_ok(p->ud, n, u, v))
                continue;
            double l = len_est(n, u, v);
            if (*bu < 0 || l < best) {
                *bu = u;
                *bv = v;
                best = l;
            }
        }
    }
    return *bu >= 0;
}

/* noc_swnet_connect's predicates: a free port; different components. */
static int connect_end_ok(void *ud, const struct swnet *n, int s)
{
    (void)ud;
    return swnet_ports(n, s) < n->max_radix;
}

static int connect_pair_ok(void *ud, const struct swnet *n, int u, int v)
{
    (void)n;
    return noc_uf_find(ud, u) != noc_uf_find(ud, v);
}

int noc_swnet_connect(struct swnet *n, char *why, size_t whylen, struct noc_ctx *ctx)
{
    int K = n->K, left = 0;
    int *comp = noc_malloc(ctx, (size_t)K, sizeof *comp);
    if (!comp)
        return -1;
    noc_uf_init(comp, K);
    for (int c = 0; c < n->nch; c++)
        noc_uf_union_min(comp, n->csrc[c], n->cdst[c]);
    const struct swnet_join_pred pred = {connect_end_ok, connect_pair_ok, comp};
    int bu, bv;
    /* The shortest link between two components, both ends with a free
     * port (ties: lowest switch ids); O(K^2) per join. */
    while (noc_swnet_nearest_pair(n, &pred, &bu, &bv)) {
        if (open_link(n, bu, bv, ctx)) {
            free(comp);
            return -1;
        }
        noc_uf_union_min(comp, bu, bv);
    }
    for (int s = 0; s < K; s++)
        left += noc_uf_find(comp, s) == s;
    free(comp);
    if (left == 1)
        return 0;
    snprintf(why, whylen, "%d switch islands are left that no link can join within %s %d (--no-connect keeps them apart)",
             left, SYNTH_RADIX_NAME(n->o), n->max_radix);
    return 1;
}
