/* Routing the app's flows over the switch graph under capacity, radix,
 * max_hops and deadlock-freedom constraints (see synth.h, step 2). */
#include "swnet_int.h"

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
    n->tch = noc_malloc(ctx, (size_t)K + 1, sizeof(int));
    /* Port counts up to the radix bound and one more (a link opened), at
     * most 64 tabulated; beyond, edge_cost asks the tech model. */
    n->nrp = (n->max_radix < 63 ? n->max_radix : 63) + 2;
    n->rstep = noc_malloc(ctx, (size_t)n->nrp, sizeof(double));
    n->rflow = noc_malloc(ctx, (size_t)n->nrp, sizeof(double));
    n->rbw = NAN;
    if (!n->ncores || !n->nlinks || !n->sx || !n->sy || !n->out || !n->paths || !n->dist ||
        !n->pred || !n->predch || !n->tch || !n->rstep || !n->rflow || noc_heap_init(&n->heap, K * 2 + 2, 1, ctx)) {
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
    free(n->tch);
    free(n->xord);
    free(n->xrank);
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

/* Adds the channel u -> v (as channel n->nch).  A status. */
static int add_channel(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    size_t need = (size_t)n->nch + 1, cap = n->chcap;
    int rc;
    if ((rc = noc_grow(ctx, (void **)&n->csrc, &cap, need, sizeof(int))) != NOC_OK)
        return rc;
    cap = n->chcap;
    if ((rc = noc_grow(ctx, (void **)&n->cdst, &cap, need, sizeof(int))) != NOC_OK)
        return rc;
    cap = n->chcap;
    if ((rc = noc_grow(ctx, (void **)&n->cnode, &cap, need, sizeof(int))) != NOC_OK)
        return rc;
    cap = n->chcap;
    if ((rc = noc_grow(ctx, (void **)&n->cload, &cap, need, sizeof(double))) != NOC_OK)
        return rc;
    n->chcap = cap;
    int c = n->nch;
    n->csrc[c] = u;
    n->cdst[c] = v;
    n->cload[c] = 0;
    if ((rc = noc_cdg_add_node(&n->cdg, &n->cnode[c], ctx)) != NOC_OK ||
        (rc = noc_u64map_put(&n->chmap, noc_pair_key(u, v), c, ctx)) != NOC_OK ||
        (rc = noc_ivec_push(&n->out[u], c, ctx)) != NOC_OK)
        return rc;
    n->nch++;
    return NOC_OK;
}

/* Opens the link u <-> v (both channels).  A status. */
static int open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    int rc;
    if ((rc = add_channel(n, u, v, ctx)) != NOC_OK || (rc = add_channel(n, v, u, ctx)) != NOC_OK)
        return rc;
    n->nlinks[u]++;
    n->nlinks[v]++;
    return NOC_OK;
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
    return u != v && swnet_ports(n, u) < n->max_radix && swnet_ports(n, v) < n->max_radix &&
           chan(n, u, v) < 0; /* the map lookup last */
}

static int has_room(const struct swnet *n, int c, double bw)
{
    return noc_fits(n->cload[c] + bw, n->cap);
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
    double c = noc_tech_router_dyn_mw(t, 1, w, flits, f);
    c += noc_tech_router_mw(t, ps + 1, w, 0, f) - noc_tech_router_mw(t, ps, w, 0, f);
    c += noc_tech_router_mw(t, 1, w, 0, f) - noc_tech_router_mw(t, 0, w, 0, f);
    c += 2 * noc_tech_channel_mw(t, 0, w, 0, f) + n->o->hop_mw;
    return c - 1e-9 * fabs(c) - 1e-12;
}

/* 1 when a new link s -> v can be opened and its lower bound (lb, plus
 * the wire's dynamic energy per mm over the estimated length) does not
 * exceed ub (see dijkstra). */
static int open_near(const struct swnet *n, int s, int v, double lb, double per_mm, double ub)
{
    return !(lb + per_mm * len_est(n, s, v) > ub) && can_open(n, s, v);
}

/* Heap order is (distance, switch): n->heap breaks ties by id. */
static void relax(struct swnet *n, int u, int v, double nd, int tie)
{
    if (n->heap.pos[v] == -2 || !(nd < n->dist[v] || (tie && nd == n->dist[v])))
        return;
    if (n->dist[v] == DBL_MAX)
        n->tch[n->ntch++] = v;
    n->dist[v] = nd;
    n->pred[v] = u;
    noc_heap_update(&n->heap, v, nd);
}

/* Cheapest path s -> d with no hop bound (Dijkstra).  Fills path (switches,
 * reversed order is fixed up) with *found = 1, or *found = 0 when
 * unreachable.  A status.
 * The new links out of s (one per switch) are relaxed only once the
 * cheapest open state costs at least open_lb, so a flow that reaches d
 * over existing channels first never looks at them: O(explored) instead
 * of O(K log K).  The result is the same as relaxing them when s is
 * settled: they are then relaxed before any state they could improve is
 * settled, heap order is (distance, switch), and on equal distances the
 * link from s keeps the switch, as the first relaxation did. */
static int dijkstra(struct swnet *n, int s, int d, double bw, struct ivec *path, int *found, struct noc_ctx *ctx)
{
    int K = n->K, pending = 0, rc;
    *found = 0;
    double lb = 0;
    if (!n->sclean) {
        for (int v = 0; v < K; v++) {
            n->dist[v] = DBL_MAX;
            n->pred[v] = -1;
        }
        noc_heap_clear(&n->heap);
        n->sclean = 1;
    } else {
        for (int i = 0; i < n->ntch; i++) {
            n->dist[n->tch[i]] = DBL_MAX;
            n->pred[n->tch[i]] = -1;
        }
        noc_heap_clear_ids(&n->heap, n->tch, n->ntch);
    }
    n->ntch = 0;
    n->tch[n->ntch++] = s;
    n->dist[s] = 0;
    noc_heap_update(&n->heap, s, 0);
    while (n->heap.n || pending) {
        if (pending && (n->heap.n == 0 || n->heap.a[0].key >= lb)) {
            pending = 0;
            /* d settles at or below ub (its distance now, or over a new
             * link s -> d); a link s -> v that costs more than ub is never
             * settled before d, so it is not priced when its lower bound
             * (lb, plus the wire's dynamic energy over the estimated
             * length, less a margin) already exceeds ub: the same path. */
            double ub = n->dist[d], per_mm = bw * noc_tech_channel_mw_per_mbps_mm(&n->o->tech) * (1 - 1e-9);
            if (can_open(n, s, d) && n->dist[s] + edge_cost(n, s, d, bw, 1) < ub)
                ub = n->dist[s] + edge_cost(n, s, d, bw, 1);
            if (!n->xord) {
                for (int v = 0; v < K; v++)
                    if (open_near(n, s, v, lb, per_mm, ub))
                        relax(n, s, v, n->dist[s] + edge_cost(n, s, v, bw, 1), 1);
                continue;
            }
            /* The same links from the x index: the test grows with |dx|
             * (len_est >= |dx|, rounding monotone), so the switches that
             * can pass lie in one run of xord around s, found by binary
             * search; each is relaxed at most once, so the order does not
             * matter (the heap is ordered by (distance, switch)). */
            int a = 0, b = n->xrank[s], c = n->xrank[s], e = K - 1;
            double x0 = n->sx[s];
#define X_FAR(r) (lb + per_mm * fabs(n->sx[n->xord[r]] - x0) > ub)
            if (X_FAR(c))
                continue;
            while (a < b) { /* the first rank at or left of s that is near */
                int m = a + (b - a) / 2;
                if (X_FAR(m))
                    a = m + 1;
                else
                    b = m;
            }
            while (c < e) { /* the last rank at or right of s that is near */
                int m = c + (e - c + 1) / 2;
                if (X_FAR(m))
                    e = m - 1;
                else
                    c = m;
            }
#undef X_FAR
            for (int r = a; r <= c; r++) {
                int v = n->xord[r];
                if (open_near(n, s, v, lb, per_mm, ub))
                    relax(n, s, v, n->dist[s] + edge_cost(n, s, v, bw, 1), 1);
            }
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
        return NOC_OK;
    path->n = 0;
    for (int v = d; v >= 0; v = n->pred[v])
        if ((rc = noc_ivec_push(path, v, ctx)) != NOC_OK)
            return rc;
    noc_ivec_reverse(path);
    *found = 1;
    return NOC_OK;
}

/* Cheapest path with at most H hops: Bellman-Ford by layers, O(H (E + K)).
 * *found as dijkstra's; a status. */
static int bounded(struct swnet *n, int s, int d, double bw, int H, struct ivec *path, int *found,
                   struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK;
    *found = 0;
    double *dist = noc_malloc(ctx, (size_t)(H + 1) * (size_t)K, sizeof *dist);
    int *pred = noc_malloc(ctx, (size_t)(H + 1) * (size_t)K, sizeof *pred);
    if (!dist || !pred) {
        rc = NOC_ENOMEM;
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
        NOC_CHECK(noc_ivec_push(path, v, ctx));
    noc_ivec_reverse(path);
    *found = 1;
cleanup:
    free(dist);
    free(pred);
    return rc;
}

/* What commit_at did with a path. */
enum commit_outcome {
    COMMITTED,     /* the path carries the flow */
    REFUSED,       /* capacity or radix: nothing changed */
    REFUSED_CYCLE, /* a dependency cycle: nothing changed (*bad set) */
};

/* Checks the ports the path would open, opens its new links, adds its
 * dependencies (refusing cycles) and loads; *out says which.  A status
 * (nothing changed on an error but the links opened). */
static int commit_at(struct swnet *n, const struct ivec *p, double bw, int *bad, enum commit_outcome *out,
                     struct noc_ctx *ctx)
{
    int hops = p->n - 1, rc;
    *out = REFUSED;
    /* Ports: count new links per switch (a switch may get two). */
    for (int i = 0; i < hops; i++) {
        int u = p->v[i], v = p->v[i + 1];
        if (u == v)
            return NOC_OK;
        int c = chan(n, u, v);
        if (c >= 0 && !has_room(n, c, bw))
            return NOC_OK;
    }
    for (int i = 0; i <= hops; i++) {
        int x = p->v[i], extra = 0;
        if (i > 0 && chan(n, p->v[i - 1], x) < 0)
            extra++;
        if (i < hops && chan(n, x, p->v[i + 1]) < 0)
            extra++;
        if (extra && swnet_ports(n, x) + extra > n->max_radix)
            return NOC_OK;
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
        int added;
        if ((rc = noc_cdg_add_edge(&n->cdg, n->cnode[c1], n->cnode[c2], &added, ctx)) != NOC_OK)
            return rc;
        if (!added) { /* refused: take back the ones this path added */
            if (bad)
                *bad = i;
            for (int j = 0; j < i; j++) {
                int a1 = chan(n, p->v[j], p->v[j + 1]), a2 = chan(n, p->v[j + 1], p->v[j + 2]);
                if (a1 >= 0 && a2 >= 0)
                    noc_cdg_remove_edge(&n->cdg, n->cnode[a1], n->cnode[a2]);
            }
            *out = REFUSED_CYCLE;
            return NOC_OK;
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
                *out = REFUSED_CYCLE;
                return NOC_OK;
            }
            newi[nnew++] = i;
        }
    for (int k = 0; k < nnew; k++)
        if ((rc = open_link(n, p->v[newi[k]], p->v[newi[k] + 1], ctx)) != NOC_OK)
            return rc;
    for (int i = 0; i + 1 < hops; i++) {
        int touches = 0;
        for (int k = 0; k < nnew; k++)
            touches |= newi[k] == i || newi[k] == i + 1;
        if (!touches)
            continue;
        int c1 = chan(n, p->v[i], p->v[i + 1]), c2 = chan(n, p->v[i + 1], p->v[i + 2]), added;
        if ((rc = noc_cdg_add_edge(&n->cdg, n->cnode[c1], n->cnode[c2], &added, ctx)) != NOC_OK)
            return rc;
        if (!added)
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "dependency on a new link closed a cycle");
    }
    for (int i = 0; i < hops; i++)
        n->cload[chan(n, p->v[i], p->v[i + 1])] += bw;
    *out = COMMITTED;
    return NOC_OK;
}

static int commit(struct swnet *n, const struct ivec *p, double bw, enum commit_outcome *out, struct noc_ctx *ctx)
{
    return commit_at(n, p, bw, NULL, out, ctx);
}

/* A cheapest path that only takes turns the dependency graph allows: a
 * search over channel states (the channel a flow arrived by), where from
 * channel a at switch u the flow may continue on an existing channel b only
 * when the dependency a -> b keeps the graph acyclic (noc_cdg_can_add).  New
 * links are allowed, as in FOR_EDGES, only from s and into d, where they
 * cannot be on a cycle.  States: 0..nch-1 = arrived by existing channel c;
 * nch + v = arrived at v by a new link from s; nch + K = at s (start);
 * nch + K + 1 = at d by a new link (goal).  *found = 1 with the path, 0
 * when none exists; a status.  O((C + K) log (C + K) + C deg) per call. */
/* noc_cdg_can_add for channels a -> b into *ok, remembered in memo (key (a,
 * b): 0 or 1) while the dependency graph keeps its edges (noc_swnet_route's
 * attempts: a refused commit takes back what it added).  A status. */
static int can_turn(struct swnet *n, struct noc_u64map *memo, int a, int b, int *ok, struct noc_ctx *ctx)
{
    int r = noc_u64map_get(memo, noc_pair_key(a, b));
    if (r >= 0) {
        *ok = r;
        return NOC_OK;
    }
    *ok = noc_cdg_can_add(&n->cdg, n->cnode[a], n->cnode[b]);
    return noc_u64map_put(memo, noc_pair_key(a, b), *ok, ctx);
}

static int turnsafe(struct swnet *n, int s, int d, double bw, const struct ivec *forbid, struct noc_u64map *memo,
                    struct ivec *path, int *found, struct noc_ctx *ctx)
{
    int K = n->K, C = n->nch, S = C + K + 2, start = C + K, goal = C + K + 1, rc = NOC_OK;
    *found = 0;
    double *dist = noc_malloc(ctx, (size_t)S, sizeof *dist);
    int *pred = noc_malloc(ctx, (size_t)S, sizeof *pred), *at = noc_malloc(ctx, (size_t)S, sizeof *at);
    struct noc_heap hp = {0}; /* states, ties by id */
    if (!dist || !pred || !at) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_heap_init(&hp, S, 1, ctx));
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
                NOC_CHECK(noc_ivec_push(path, at[x], ctx));
            noc_ivec_reverse(path);
            *found = 1;
            goto cleanup;
        }
        /* Existing channels out of u. */
        for (int k = 0; k < n->out[u].n; k++) {
            int b = n->out[u].v[k], v = n->cdst[b];
            if (v == s || !has_room(n, b, bw))
                continue;
            /* The turn is asked about (a search of the dependency graph)
             * only when the relaxation would change b: the same result. */
            double nd = dist[st] + edge_cost(n, u, v, bw, 0);
            if (hp.pos[b] == -2 || !(nd < dist[b]))
                continue;
            int banned = 0;
            for (int f = 0; st < C && f + 1 < forbid->n && !banned; f += 2)
                banned = forbid->v[f] == st && forbid->v[f + 1] == b;
            if (banned)
                continue;
            int ok = 1;
            if (st < C)
                NOC_CHECK(can_turn(n, memo, st, b, &ok, ctx));
            if (!ok)
                continue;
            RELAX(b, nd, st);
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
    int rc;
    if ((rc = noc_grow(ctx, (void **)&r, &cap, 1, sizeof *r)) != NOC_OK)
        return rc;
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
                if ((rc = noc_grow(ctx, (void **)&r, &cap, (size_t)cnt + 1, sizeof *r)) != NOC_OK) {
                    free(r);
                    return rc;
                }
                mark[v] = stamp;
                double w = back ? edge_cost(n, v, u, bw, 0) : edge_cost(n, u, v, bw, 0);
                r[cnt++] = (struct reach){v, head, c, r[head].cost + w};
            }
        }
    *out = r;
    *nout = cnt;
    return NOC_OK;
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

/* *committed = 1 when a pair committed (path filled), else 0 (path
 * empty).  A status. */
static int escape(struct swnet *n, int s, int d, double bw, int max_hops, struct ivec *path, int *committed,
                  struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK, nf = 0, nb = 0, ta[ESC_TOP], tb[ESC_TOP];
    struct reach *fw = NULL, *bk = NULL;
    struct esc_pair *pairs = NULL;
    *committed = 0;
    int *mark = noc_calloc(ctx, (size_t)K, sizeof *mark);
    if (!mark) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(esc_bfs(n, s, 0, d, bw, mark, 1, &fw, &nf, ctx));
    NOC_CHECK(esc_bfs(n, d, 1, s, bw, mark, 2, &bk, &nb, ctx));
    int ma = esc_top(n, fw, nf, ta), mb = esc_top(n, bk, nb, tb), np = 0;
    if (!(pairs = noc_malloc(ctx, (size_t)(ma * mb) + 1, sizeof *pairs))) {
        rc = NOC_ENOMEM;
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
    for (int k = 0; k < np && !*committed; k++) {
        /* s .. a (reversed up-chain), then b .. d; no switch twice. */
        path->n = 0;
        for (int i = pairs[k].a; i >= 0; i = fw[i].up)
            NOC_CHECK(noc_ivec_push(path, fw[i].sw, ctx));
        noc_ivec_reverse(path);
        int dup = 0;
        for (int i = pairs[k].b; i >= 0 && !dup; i = bk[i].up) {
            for (int q = 0; q < path->n && !dup; q++)
                dup = path->v[q] == bk[i].sw;
            NOC_CHECK(noc_ivec_push(path, bk[i].sw, ctx));
        }
        if (dup || (max_hops >= 0 && path->n - 1 > max_hops))
            continue;
        enum commit_outcome out;
        NOC_CHECK(commit_at(n, path, bw, NULL, &out, ctx));
        *committed = out == COMMITTED;
    }
cleanup:
    if (rc != NOC_OK || !*committed)
        path->n = 0;
    free(mark);
    free(fw);
    free(bk);
    free(pairs);
    return rc;
}

/* The path between s and d on the backbone tree: *found = 1, or 0 (path
 * empty) when they are on different trees.  A status. */
static int tree_path(const struct swnet *n, int s, int d, struct ivec *path, int *found, struct noc_ctx *ctx)
{
    struct ivec tail = {0};
    int a = s, b = d, rc = NOC_OK;
    *found = 1;
    path->n = 0;
    while (a != b && rc == NOC_OK && *found) {
        if (n->tdepth[a] >= n->tdepth[b]) {
            if (n->tpar[a] < 0)
                *found = 0;
            else
                rc = noc_ivec_push(path, a, ctx);
            a = n->tpar[a];
        } else {
            rc = noc_ivec_push(&tail, b, ctx);
            b = n->tpar[b];
        }
    }
    if (rc == NOC_OK && *found)
        rc = noc_ivec_push(path, a, ctx);
    for (int i = tail.n - 1; rc == NOC_OK && *found && i >= 0; i--)
        rc = noc_ivec_push(path, tail.v[i], ctx);
    free(tail.v);
    if (rc != NOC_OK || !*found)
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
    n->sclean = 0; /* dist and pred reused */
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

int noc_swnet_route(struct swnet *n, int f, int s, int d, double bw, int max_hops, int *routed,
                    char *why, size_t whylen, struct noc_ctx *ctx)
{
    struct ivec *p = &n->paths[f];
    enum commit_outcome out = REFUSED;
    int rc = NOC_OK, found;
    p->n = 0;
    *routed = 1;
    if (s == d)
        return noc_ivec_push(p, s, ctx);
    if (max_hops == 0) {
        snprintf(why, whylen, "max_hops 0 needs both cores on one switch");
        *routed = 0;
        return NOC_OK;
    }
    router_prices(n, bw);
    if (max_hops > 0 && max_hops < n->K)
        rc = bounded(n, s, d, bw, max_hops, p, &found, ctx);
    else
        rc = dijkstra(n, s, d, bw, p, &found, ctx);
    if (rc != NOC_OK)
        return rc;
    if (found) {
        if ((rc = commit(n, p, bw, &out, ctx)) != NOC_OK || out == COMMITTED)
            return rc;
    }
    /* Backbone mode: the tree path, deadlock free by construction. */
    if (n->tpar && tree_path(n, s, d, p, &found, ctx) == NOC_OK && found && (max_hops < 0 || p->n - 1 <= max_hops)) {
        if ((rc = commit(n, p, bw, &out, ctx)) != NOC_OK || out == COMMITTED)
            return rc;
    }
    /* Fallback 1: a direct link (one hop: no dependency at all). */
    p->n = 0;
    if ((rc = noc_ivec_push(p, s, ctx)) != NOC_OK || (rc = noc_ivec_push(p, d, ctx)) != NOC_OK)
        return rc;
    int c = chan(n, s, d);
    if (c >= 0 || can_open(n, s, d)) {
        if ((rc = commit(n, p, bw, &out, ctx)) != NOC_OK || out == COMMITTED)
            return rc;
    }
    /* Fallback 2: the cheapest path whose every turn keeps the dependency
     * graph acyclic (within max_hops).  Turns are checked one at a time, so
     * a path can still close a cycle as a whole: then the turn that failed
     * is forbidden and the search runs again (at most 32 times). */
    struct ivec forbid = {0};
    struct noc_u64map memo;
    noc_u64map_init(&memo);
    for (int attempt = 0; attempt < 32; attempt++) {
        rc = turnsafe(n, s, d, bw, &forbid, &memo, p, &found, ctx);
        if (rc != NOC_OK || !found || (max_hops >= 0 && p->n - 1 > max_hops))
            break;
        int bad = -1;
        if ((rc = commit_at(n, p, bw, &bad, &out, ctx)) != NOC_OK || out == COMMITTED) {
            free(forbid.v);
            noc_u64map_free(&memo);
            return rc;
        }
        if (out != REFUSED_CYCLE || bad < 0)
            break;
        if ((rc = noc_ivec_push(&forbid, chan(n, p->v[bad], p->v[bad + 1]), ctx)) != NOC_OK ||
            (rc = noc_ivec_push(&forbid, chan(n, p->v[bad + 1], p->v[bad + 2]), ctx)) != NOC_OK) {
            free(forbid.v);
            noc_u64map_free(&memo);
            return rc;
        }
    }
    free(forbid.v);
    noc_u64map_free(&memo);
    if (rc != NOC_OK)
        return rc;
    /* Fallback 3: one new link anywhere between the two neighbourhoods. */
    int committed;
    if ((rc = escape(n, s, d, bw, max_hops, p, &committed, ctx)) != NOC_OK || committed)
        return rc;
    p->n = 0;
    why_unroutable(n, s, d, bw, max_hops, why, whylen);
    *routed = 0;
    return NOC_OK;
}

int noc_swnet_chan(const struct swnet *n, int u, int v) { return chan(n, u, v); }

int noc_swnet_open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx)
{
    if (u == v || chan(n, u, v) >= 0)
        return NOC_OK;
    return open_link(n, u, v, ctx);
}

int noc_swnet_commit(struct swnet *n, int f, const int *sw, int len, double bw, int *committed,
                     struct noc_ctx *ctx)
{
    struct ivec *p = &n->paths[f];
    enum commit_outcome out = COMMITTED;
    int rc;
    *committed = 0;
    p->n = 0;
    for (int i = 0; i < len; i++)
        if ((rc = noc_ivec_push(p, sw[i], ctx)) != NOC_OK)
            return rc;
    /* commit() adds the dependencies of new links only at the ends. */
    for (int i = 1; i + 2 < len; i++)
        if (chan(n, sw[i], sw[i + 1]) < 0) {
            p->n = 0;
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "a committed path opens an inner link");
        }
    rc = len > 1 ? commit(n, p, bw, &out, ctx) : NOC_OK;
    *committed = rc == NOC_OK && out == COMMITTED;
    if (!*committed)
        p->n = 0;
    return rc;
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

int noc_swnet_connect(struct swnet *n, int *joined, char *why, size_t whylen, struct noc_ctx *ctx)
{
    int K = n->K, left = 0, rc;
    *joined = 0;
    int *comp = noc_malloc(ctx, (size_t)K, sizeof *comp);
    if (!comp)
        return NOC_ENOMEM;
    noc_uf_init(comp, K);
    for (int c = 0; c < n->nch; c++)
        noc_uf_union_min(comp, n->csrc[c], n->cdst[c]);
    const struct swnet_join_pred pred = {connect_end_ok, connect_pair_ok, comp};
    int bu, bv;
    /* The shortest link between two components, both ends with a free
     * port (ties: lowest switch ids); O(K^2) per join. */
    while (noc_swnet_nearest_pair(n, &pred, &bu, &bv)) {
        if ((rc = open_link(n, bu, bv, ctx)) != NOC_OK) {
            free(comp);
            return rc;
        }
        noc_uf_union_min(comp, bu, bv);
    }
    for (int s = 0; s < K; s++)
        left += noc_uf_find(comp, s) == s;
    free(comp);
    *joined = left == 1;
    if (!*joined)
        snprintf(why, whylen,
                 "%d switch islands are left that no link can join within %s %d (--no-connect keeps them apart)",
                 left, SYNTH_RADIX_NAME(n->o), n->max_radix);
    return NOC_OK;
}

struct xkey {
    double x;
    int id;
};

/* By x, ties by id: a total order, so the index is unique. */
static int xkey_cmp(const void *p, const void *q)
{
    const struct xkey *a = p, *b = q;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

int noc_swnet_index_x(struct swnet *n, struct noc_ctx *ctx)
{
    int K = n->K, rc = NOC_OK;
    noc_swnet_drop_x(n);
    struct xkey *k = noc_malloc(ctx, (size_t)K + 1, sizeof *k);
    n->xord = noc_malloc(ctx, (size_t)K + 1, sizeof *n->xord);
    n->xrank = noc_malloc(ctx, (size_t)K + 1, sizeof *n->xrank);
    if (!k || !n->xord || !n->xrank) {
        noc_swnet_drop_x(n);
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < K; v++)
        k[v] = (struct xkey){n->sx[v], v};
    qsort(k, (size_t)K, sizeof *k, xkey_cmp);
    for (int r = 0; r < K; r++) {
        n->xord[r] = k[r].id;
        n->xrank[k[r].id] = r;
    }
cleanup:
    free(k);
    return rc;
}

void noc_swnet_drop_x(struct swnet *n)
{
    free(n->xord);
    free(n->xrank);
    n->xord = n->xrank = NULL;
}
