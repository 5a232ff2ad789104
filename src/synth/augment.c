/* Extra-link variants of split's designs (search_int.h,
 * noc_synth_split_variants): non-tree switch graphs that trade a little power
 * for fewer hops and lower latency. */
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"

static int int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Hop distances and first hops over net's links: dist[a*K+b], next[a*K+b]
 * (the neighbour of a on a shortest path to b, lowest id first: each
 * switch's neighbours in increasing id, the order of a scan over every
 * switch).  queue: K + 1 + nch ints of scratch (the neighbour lists).
 * O(K (K + nch)). */
static void all_pairs(const struct swnet *net, int *dist, int *next, int *queue)
{
    int K = net->K, *xadj = queue + K, *adj = xadj + K + 1;
    xadj[0] = 0;
    for (int x = 0; x < K; x++) {
        const struct ivec *o = &net->out[x];
        xadj[x + 1] = xadj[x] + o->n;
        for (int i = 0; i < o->n; i++)
            adj[xadj[x] + i] = net->cdst[o->v[i]];
        qsort(adj + xadj[x], (size_t)o->n, sizeof *adj, int_cmp);
    }
    for (int a = 0; a < K; a++) {
        int *d = dist + (size_t)a * K, *nx = next + (size_t)a * K, qh = 0, qt = 0;
        for (int b = 0; b < K; b++)
            d[b] = nx[b] = -1;
        d[a] = 0;
        queue[qt++] = a;
        while (qh < qt) {
            int x = queue[qh++];
            for (int e = xadj[x]; e < xadj[x + 1]; e++) {
                int y = adj[e];
                if (d[y] < 0) {
                    d[y] = d[x] + 1;
                    nx[y] = x == a ? y : nx[x];
                    queue[qt++] = y;
                }
            }
        }
    }
}

/* Hops of flow path s -> t through a new link u - v (either way), and the
 * orientation (*dir 0: s..u, v..t; 1: s..v, u..t); INT_MAX when unreachable. */
static int via(const int *dist, int K, int s, int t, int u, int v, int *dir)
{
    int a = dist[s * K + u], b = dist[v * K + t], c = dist[s * K + v], e = dist[u * K + t];
    int h0 = a >= 0 && b >= 0 ? a + 1 + b : INT_MAX, h1 = c >= 0 && e >= 0 ? c + 1 + e : INT_MAX;
    *dir = h1 < h0;
    return h1 < h0 ? h1 : h0;
}

/* The unlinked switch pair (u < v) that saves the most bandwidth x hops
 * over the flows' current paths (each flow counted by its path through
 * the new link, when shorter), among the pairs whose ends both have fewer
 * ports than net's largest switch (so the design's radix does not grow: a
 * variant that raised it would compete with designs of fewer switches at
 * that radix, which cost less); *bu = -1 when none saves anything. */
static int best_shortcut(const struct noc_app *app, const struct swnet *net, const int *core_sw,
                         const int *dist, int grow, int *bu, int *bv, struct noc_ctx *ctx)
{
    int K = net->K, rmax = 0, nf = 0;
    for (int u = 0; u < K; u++)
        rmax = swnet_ports(net, u) > rmax ? swnet_ports(net, u) : rmax;
    if (rmax > net->max_radix || grow)
        rmax = net->max_radix;
    *bu = *bv = -1;
    /* Only flows of 2 or more hops can be shortened (a path through the
     * new link has at least 1): their ends, hops and bandwidth, in flow
     * order (the sums below add the same terms in the same order). */
    int *fs = noc_malloc(ctx, 3 * (size_t)app->nflows + 1, sizeof *fs);
    double *fb = noc_malloc(ctx, (size_t)app->nflows + 1, sizeof *fb);
    if (!fs || !fb) {
        free(fs);
        free(fb);
        return NOC_ENOMEM;
    }
    for (int f = 0; f < app->nflows; f++)
        if (net->paths[f].n - 1 >= 2) {
            fs[3 * nf] = core_sw[app->flows[f].src];
            fs[3 * nf + 1] = core_sw[app->flows[f].dst];
            fs[3 * nf + 2] = net->paths[f].n - 1;
            fb[nf++] = app->flows[f].bw;
        }
    double best = 0;
    for (int u = 0; u < K; u++)
        for (int v = u + 1; v < K; v++) {
            if (noc_swnet_chan(net, u, v) >= 0 || swnet_ports(net, u) >= rmax || swnet_ports(net, v) >= rmax)
                continue;
            double save = 0;
            for (int i = 0; i < nf; i++) {
                int dir, h = fs[3 * i + 2], hv = via(dist, K, fs[3 * i], fs[3 * i + 1], u, v, &dir);
                if (hv < h)
                    save += fb[i] * (h - hv);
            }
            if (save > best) {
                best = save;
                *bu = u;
                *bv = v;
            }
        }
    free(fs);
    free(fb);
    return NOC_OK;
}

/* 1 when some flow of net crosses link u - v. */
static int link_used(const struct swnet *net, int u, int v)
{
    int a = noc_swnet_chan(net, u, v), b = noc_swnet_chan(net, v, u);
    return (a >= 0 && net->cload[a] > 0) || (b >= 0 && net->cload[b] > 0);
}

/* Appends the shortest path a .. b (first hops in next) to q, a included
 * unless skip_first.  A status. */
static int walk(const int *next, int K, int a, int b, int skip_first, struct ivec *q, struct noc_ctx *ctx)
{
    int rc;
    if (!skip_first && (rc = noc_ivec_push(q, a, ctx)) != NOC_OK)
        return rc;
    while (a != b) {
        int x = next[a * K + b];
        if (x < 0)
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "no shortest path from switch %d to %d", a, b);
        a = x;
        if ((rc = noc_ivec_push(q, a, ctx)) != NOC_OK)
            return rc;
    }
    return NOC_OK;
}

/* Flow path s -> t through the new link u - v into q when it is shorter
 * than hops h and simple: *shorter = 1; else 0.  A status. */
static int shortcut_path(const int *dist, const int *next, int K, int s, int t, int h, int u, int v,
                         struct ivec *q, int *shorter, struct noc_ctx *ctx)
{
    int dir, hv = via(dist, K, s, t, u, v, &dir), rc;
    *shorter = 0;
    if (h <= 0 || hv >= h)
        return NOC_OK;
    if (dir) {
        int x = u;
        u = v;
        v = x;
    }
    q->n = 0;
    if ((rc = walk(next, K, s, u, 0, q, ctx)) != NOC_OK || (rc = walk(next, K, v, t, 0, q, ctx)) != NOC_OK)
        return rc;
    for (int i = 0; i < q->n; i++)
        for (int j = i + 1; j < q->n; j++)
            if (q->v[i] == q->v[j])
                return NOC_OK;
    *shorter = 1;
    return NOC_OK;
}

/* dst initialised for app's flows under o with src's switches (cores,
 * positions) and links, no flow routed yet: the start of a variant and of
 * a copy.  A status (dst released on an error). */
static int net_links(const struct noc_app *app, const struct noc_synth_opts *o, const struct swnet *src,
                     struct swnet *dst, struct noc_ctx *ctx)
{
    int K = src->K, rc;
    if ((rc = noc_swnet_init(dst, K, app->nflows, o, ctx)) != NOC_OK)
        return rc;
    memcpy(dst->ncores, src->ncores, (size_t)K * sizeof *dst->ncores);
    memcpy(dst->sx, src->sx, (size_t)K * sizeof *dst->sx);
    memcpy(dst->sy, src->sy, (size_t)K * sizeof *dst->sy);
    for (int c = 0; c < src->nch && rc == NOC_OK; c++)
        if (src->csrc[c] < src->cdst[c])
            rc = noc_swnet_open_link(dst, src->csrc[c], src->cdst[c], ctx);
    if (rc != NOC_OK)
        noc_swnet_free(dst);
    return rc;
}

/* cur's switch graph plus the link u - v: cur's links opened, every flow
 * committed on cur's path except those the link shortens, which take the
 * shortcut when it keeps capacity and deadlock freedom (else their old
 * path); then placed.  *built = 1 when built (next owned by the caller),
 * 0 when infeasible; a status (next is released unless built). */
static int build_variant(const struct noc_app *app, const struct noc_synth_opts *o, const struct swnet *cur,
                         const int *core_sw, const double *cx, const double *cy, const double *cw,
                         const int *order, const int *dist, const int *nexthop, int u, int v,
                         struct swnet *next, int *built, struct noc_ctx *ctx)
{
    int K = cur->K, rc, ok = 1;
    struct ivec q = {0};
    *built = 0;
    if ((rc = net_links(app, o, cur, next, ctx)) != NOC_OK)
        return rc;
    rc = noc_swnet_open_link(next, u, v, ctx);
    /* Unchanged flows first, then the shortened ones in bandwidth order. */
    for (int pass = 0; pass < 2 && rc == NOC_OK && ok; pass++)
        for (int i = 0; i < app->nflows && rc == NOC_OK && ok; i++) {
            int f = order[i], sc;
            const struct ivec *p = &cur->paths[f];
            const struct noc_flow *fl = &app->flows[f];
            rc = shortcut_path(dist, nexthop, K, core_sw[fl->src], core_sw[fl->dst], p->n - 1, u, v, &q, &sc, ctx);
            if (rc != NOC_OK || sc != pass)
                continue;
            ok = 0;
            if (sc)
                rc = noc_swnet_commit(next, f, q.v, q.n, app->flows[f].bw, &ok, ctx);
            if (rc == NOC_OK && !ok)
                rc = noc_swnet_commit(next, f, p->v, p->n, app->flows[f].bw, &ok, ctx);
        }
    if (rc == NOC_OK && ok)
        rc = noc_synth_place(next, app->ncores, core_sw, cx, cy, cw, ctx);
    *built = rc == NOC_OK && ok;
    if (!*built)
        noc_swnet_free(next);
    free(q.v);
    return rc;
}

/* Variants of design bd, appended to res (its own list: one per base
 * on the thread pool). */
static int variants_of(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                       const double *cx, const double *cy, const double *cw, const struct noc_design *bd,
                       struct noc_synth_result *res, int grow, int links, struct noc_ctx *ctx)
{
    int N = app->ncores, K = bd->switches, rc = NOC_OK, r;
    size_t rcap = (size_t)res->n, *cap = &rcap;
    int *core_sw = noc_malloc(ctx, (size_t)N, sizeof *core_sw);
    int *dist = noc_malloc(ctx, (size_t)K * K, sizeof *dist), *nexthop = noc_malloc(ctx, (size_t)K * K, sizeof *nexthop);
    /* all_pairs's queue and neighbour lists: K + K + 1 + at most K (K - 1) channels */
    int *queue = noc_malloc(ctx, (size_t)K * (K + 2) + 1, sizeof *queue);
    struct swnet cur;
    int have = 0;
    char why[512], bname[64];
    if (!core_sw || !dist || !nexthop || !queue) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_synth_design_assignment(app, bd, core_sw, ctx));
    snprintf(bname, sizeof bname, "%s", bd->name);
    NOC_CHECK(noc_synth_split_net(app, o, order, cx, cy, cw, K, core_sw, NULL, 0, &cur, &r, why, sizeof why, ctx));
    if (!r) { /* infeasible */
        noc_swnet_free(&cur);
        goto cleanup;
    }
    have = 1;
    for (int j = 0; j < links; j++) {
        int u, v;
        all_pairs(&cur, dist, nexthop, queue);
        if ((rc = best_shortcut(app, &cur, core_sw, dist, grow, &u, &v, ctx)) != NOC_OK || u < 0)
            break;
        struct swnet next;
        if ((rc = build_variant(app, o, &cur, core_sw, cx, cy, cw, order, dist, nexthop, u, v, &next, &r, ctx)) !=
                NOC_OK ||
            !r)
            break;
        if (!link_used(&next, u, v)) {
            noc_swnet_free(&next);
            break;
        }
        noc_swnet_free(&cur);
        cur = next;
        char name[80];
        snprintf(name, sizeof name, "%s_%c%d", bname, grow ? 'r' : 'x', j + 1);
        struct noc_design *d = noc_synth_add_design(res, cap, "split", name, K, ctx);
        if (!d) {
            rc = NOC_ENOMEM;
            break;
        }
        if ((rc = noc_synth_finish(app, &cur, core_sw, cx, cy, o, "sw", NULL, d, ctx)) != NOC_OK)
            break;

    }
cleanup:
    if (have)
        noc_swnet_free(&cur);
    free(core_sw);
    free(dist);
    free(nexthop);
    free(queue);
    return rc;
}

/* The variants' sweep on the thread pool: item i < nbase is base i's
 * series without radix growth, nbase + i its series with growth, each into
 * its own slot, merged in item order. */
struct variant_job {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;
    const double *cx, *cy, *cw;
    const struct noc_design *bases;
    int nbase, links;
    struct noc_synth_result *slots;
};

static int variant_item(void *arg, int i, int worker, struct noc_ctx *ctx)
{
    const struct variant_job *j = arg;
    const struct noc_design *bd = &j->bases[i % j->nbase];
    if (!bd->feasible || bd->switches < 3)
        return NOC_OK;
    return variants_of(j->app, j->o, j->order, j->cx, j->cy, j->cw, bd, &j->slots[i], i >= j->nbase, j->links,
                       ctx);
}

int noc_synth_variant_links(int N, double effort)
{
    long b = noc_synth_search_budget(N, effort, 1) / (N > 0 ? N : 1);
    return b < SYNTH_VARIANT_LINKS ? (int)b : SYNTH_VARIANT_LINKS;
}

int noc_synth_split_variants(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                             const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                             int nbase, int nplain, int *nx, struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = 2 * nbase, links = noc_synth_variant_links(app->ncores, o->effort);
    *nx = res->n;
    if (links == 0 || nbase == 0)
        return NOC_OK;
    struct noc_synth_result *slots = noc_calloc(ctx, (size_t)n, sizeof *slots);
    if (!slots)
        return NOC_ENOMEM;
    for (int i = 0; i < n; i++)
        noc_synth_result_init(&slots[i]);
    struct variant_job j = {app, o, order, cx, cy, cw, res->d, nbase, links, slots};
    struct noc_pool_job job = {.nitems = n, .nthreads = o->threads, .arg = &j, .run = variant_item,
                               .leave = noc_synth_pool_leave};
    NOC_CHECK(noc_pool_run(&job, ctx));
    NOC_CHECK(noc_synth_result_append(res, slots, nplain, ctx));
    *nx = res->n;
    NOC_CHECK(noc_synth_result_append(res, slots + nplain, n - nplain, ctx));
cleanup:
    for (int i = 0; i < n; i++)
        noc_synth_result_free(&slots[i]);
    free(slots);
    return rc;
}

int noc_synth_net_clone(const struct noc_app *app, const struct noc_synth_opts *o, const struct swnet *src,
                        struct swnet *dst, struct noc_ctx *ctx)
{
    int rc, ok = 1;
    if ((rc = net_links(app, o, src, dst, ctx)) != NOC_OK)
        return rc;
    dst->max_radix = src->max_radix;
    for (int f = 0; f < app->nflows && rc == NOC_OK && ok; f++)
        rc = noc_swnet_commit(dst, f, src->paths[f].v, src->paths[f].n, app->flows[f].bw, &ok, ctx);
    if (rc == NOC_OK && ok)
        return NOC_OK;
    noc_swnet_free(dst);
    return rc != NOC_OK ? rc : noc_error(ctx, NOC_EINTERNAL, NULL, 0, "a copied switch graph refused its own paths");
}
