/* Hierarchical-ring synthesis (synth.h): local rings of at most L cores
 * joined by a global ring of interface routers. */
#include "nocsyn/synth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/topo.h"
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

/* The rings of one design. */
struct hr {
    int N, g, K;
    int *ring, *rpos;   /* per core: its ring (global position) and ring position 1..n */
    int *size;          /* per ring: cores */
    int *off;           /* per ring: first core router id */
    int *brk;           /* per ring: break position (turn-restricted routing), g: global */
};

/* Router id at position p of local ring q (0 = the interface). */
static int lnode(const struct hr *h, int q, int p) { return p == 0 ? h->N + q : h->off[q] + p - 1; }

/* Appends the walk on ring (m nodes, node(i)) from position p to q in
 * direction dir (+1 / -1), without the first node. */
static int walk(const struct hr *h, int ringq, int m, int p, int q, int dir, int *path, int len)
{
    for (int x = p; x != q;) {
        x = ((x + dir) % m + m) % m;
        path[len++] = ringq < 0 ? h->N + x : lnode(h, ringq, x);
    }
    return len;
}

/* Direction choices: the shorter first (+ on ties); one choice on rings of
 * two or for p == q. */
static int dirs(int p, int q, int m, int *d)
{
    if (p == q || m <= 2) {
        d[0] = 1;
        return 1;
    }
    int plus = ((q - p) % m + m) % m;
    d[0] = 2 * plus <= m ? 1 : -1;
    d[1] = -d[0];
    return 2;
}

/* 1 when going from p to q in direction dir passes through position b. */
static int passes(int p, int q, int m, int dir, int b)
{
    for (int x = ((p + dir) % m + m) % m; x != q; x = ((x + dir) % m + m) % m)
        if (x == b)
            return 1;
    return 0;
}

/* The legal direction under the break (shorter of the legal ones). */
static int legal_dir(int p, int q, int m, int b)
{
    int d[2], n = dirs(p, q, m, d);
    for (int i = 0; i < n; i++)
        if (!passes(p, q, m, d[i], b))
            return d[i];
    return d[0]; /* unreachable: one direction avoids any interior node */
}

static int seg_len(int p, int q, int m, int dir) { return ((dir * (q - p)) % m + m) % m; }

/* Builds the path of flow (a -> b) with direction choices dl (source
 * ring, or the only ring), dg (global), dr (destination ring). */
static int make_path(const struct hr *h, int a, int b, int dl, int dg, int dr, int *path)
{
    int qa = h->ring[a], qb = h->ring[b], len = 0;
    path[len++] = lnode(h, qa, h->rpos[a]);
    if (qa == qb)
        return walk(h, qa, h->size[qa] + 1, h->rpos[a], h->rpos[b], dl, path, len);
    len = walk(h, qa, h->size[qa] + 1, h->rpos[a], 0, dl, path, len);
    len = walk(h, -1, h->g, qa, qb, dg, path, len);
    return walk(h, qb, h->size[qb] + 1, 0, h->rpos[b], dr, path, len);
}

/* Candidate paths of flow f, shortest first: writes up to 8 direction
 * triples into cand (3 ints each), returns the count. */
static int candidates(const struct hr *h, int a, int b, int *cand)
{
    int qa = h->ring[a], qb = h->ring[b], n = 0, len[8];
    int d1[2], d2[2] = {1, 1}, d3[2] = {1, 1}, n1, n2 = 1, n3 = 1;
    if (qa == qb)
        n1 = dirs(h->rpos[a], h->rpos[b], h->size[qa] + 1, d1);
    else {
        n1 = dirs(h->rpos[a], 0, h->size[qa] + 1, d1);
        n2 = dirs(qa, qb, h->g, d2);
        n3 = dirs(0, h->rpos[b], h->size[qb] + 1, d3);
    }
    for (int i = 0; i < n1; i++)
        for (int j = 0; j < n2; j++)
            for (int k = 0; k < n3; k++) {
                int l;
                if (qa == qb)
                    l = seg_len(h->rpos[a], h->rpos[b], h->size[qa] + 1, d1[i]);
                else
                    l = seg_len(h->rpos[a], 0, h->size[qa] + 1, d1[i]) + seg_len(qa, qb, h->g, d2[j]) +
                        seg_len(0, h->rpos[b], h->size[qb] + 1, d3[k]);
                int at = n++;
                while (at > 0 && len[at - 1] > l) { /* stable insertion by length */
                    len[at] = len[at - 1];
                    memcpy(cand + 3 * at, cand + 3 * (at - 1), 3 * sizeof *cand);
                    at--;
                }
                len[at] = l;
                cand[3 * at] = d1[i];
                cand[3 * at + 1] = d2[j];
                cand[3 * at + 2] = d3[k];
            }
    return n;
}

/* Bandwidth x hops of the segments on ring q (-1: global) under break b. */
static double break_cost(const struct hr *h, const struct noc_app *app, int q, int b)
{
    double c = 0;
    for (int f = 0; f < app->nflows; f++) {
        int a = app->flows[f].src, d = app->flows[f].dst, qa = h->ring[a], qd = h->ring[d];
        int p = -1, r = -1, m;
        if (q < 0) {
            if (qa == qd)
                continue;
            p = qa, r = qd, m = h->g;
        } else {
            m = h->size[q] + 1;
            if (qa == q && qd == q)
                p = h->rpos[a], r = h->rpos[d];
            else if (qa == q)
                p = h->rpos[a], r = 0;
            else if (qd == q)
                p = 0, r = h->rpos[d];
            else
                continue;
        }
        c += app->flows[f].bw * seg_len(p, r, m, legal_dir(p, r, m, b));
    }
    return c;
}

/* Routes every flow into net: greedy shortest acyclic candidates, or the
 * turn-restricted routing.  *routed = 1, or 0 when a flow has no route
 * (the reason in why).  A status. */
static int route_all(const struct hr *h, const struct noc_app *app, const int *order, int restricted,
                     struct swnet *net, int *routed, char *why, size_t wl, struct noc_ctx *ctx)
{
    int path[64 * 3 + 8], cand[24];
    int maxlen = 0;
    for (int q = 0; q < h->g; q++)
        maxlen = maxlen > h->size[q] ? maxlen : h->size[q];
    int *big = NULL, *p = path;
    if (2 * (maxlen + 1) + h->g + 2 > (int)(sizeof path / sizeof *path)) {
        if (!(big = noc_malloc(ctx, (size_t)(2 * (maxlen + 1) + h->g + 2), sizeof *big)))
            return NOC_ENOMEM;
        p = big;
    }
    int rc = NOC_OK;
    *routed = 1;
    for (int i = 0; i < app->nflows && rc == NOC_OK && *routed; i++) {
        int f = order[i];
        const struct noc_flow *fl = &app->flows[f];
        int a = fl->src, b = fl->dst, qa = h->ring[a], qb = h->ring[b], n, done = 0;
        if (restricted) {
            int m1 = h->size[qa] + 1, m3 = h->size[qb] + 1;
            if (qa == qb)
                cand[0] = legal_dir(h->rpos[a], h->rpos[b], m1, h->brk[qa]), cand[1] = cand[2] = 1;
            else {
                cand[0] = legal_dir(h->rpos[a], 0, m1, h->brk[qa]);
                cand[1] = legal_dir(qa, qb, h->g, h->brk[h->g]);
                cand[2] = legal_dir(0, h->rpos[b], m3, h->brk[qb]);
            }
            n = 1;
        } else
            n = candidates(h, a, b, cand);
        int toolong = 0;
        for (int k = 0; k < n && !done; k++) {
            int len = make_path(h, a, b, cand[3 * k], cand[3 * k + 1], cand[3 * k + 2], p);
            if (fl->max_hops >= 0 && len - 1 > fl->max_hops) {
                toolong = len - 1;
                continue;
            }
            rc = noc_swnet_commit(net, f, p, len, fl->bw, &done, ctx);
            if (rc != NOC_OK)
                break;
        }
        if (rc == NOC_OK && !done) {
            if (toolong)
                snprintf(why, wl, "flow %s -> %s needs %d hops on the rings, above its max_hops %d",
                         app->cores[a].name, app->cores[b].name, toolong, fl->max_hops);
            else
                snprintf(why, wl, "flow %s -> %s (%.6g MB/s): no ring route within the link capacity of "
                         "%.6g MB/s%s", app->cores[a].name, app->cores[b].name, fl->bw, net->cap,
                         restricted ? "" : " and deadlock freedom");
            *routed = 0;
        }
    }
    free(big);
    return rc;
}

/* Opens the ring links of the design.  A status. */
static int open_rings(const struct hr *h, struct swnet *net, struct noc_ctx *ctx)
{
    int rc;
    for (int q = 0; q < h->g; q++) {
        int m = h->size[q] + 1;
        for (int p = 0; p < m && (m > 2 || p == 0); p++)
            if ((rc = noc_swnet_open_link(net, lnode(h, q, p), lnode(h, q, (p + 1) % m), ctx)) != NOC_OK)
                return rc;
    }
    for (int q = 0; q < h->g && (h->g > 2 || q == 0); q++)
        if ((rc = noc_swnet_open_link(net, h->N + q, h->N + (q + 1) % h->g, ctx)) != NOC_OK)
            return rc;
    return NOC_OK;
}

/* Rings for ring size L: groups, orders, numbering.  h's arrays owned. */
static int make_rings(const struct noc_app *app, const struct noc_synth_opts *o, int L, struct hr *h,
                      struct noc_ctx *ctx)
{
    int N = app->ncores, rc = NOC_OK, G;
    int *group = noc_malloc(ctx, (size_t)N, sizeof *group), *members = noc_malloc(ctx, (size_t)N, sizeof *members);
    int *gpos = NULL, *lpos = NULL;
    double *W = NULL;
    memset(h, 0, sizeof *h);
    if (!group || !members) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_synth_groups(app, L, o->seed, group, &G, ctx));
    h->N = N;
    h->g = G;
    h->K = N + G;
    h->ring = noc_malloc(ctx, (size_t)N, sizeof *h->ring);
    h->rpos = noc_malloc(ctx, (size_t)N, sizeof *h->rpos);
    h->size = noc_calloc(ctx, (size_t)G, sizeof *h->size);
    h->off = noc_calloc(ctx, (size_t)G, sizeof *h->off);
    h->brk = noc_calloc(ctx, (size_t)G + 1, sizeof *h->brk);
    gpos = noc_malloc(ctx, (size_t)G, sizeof *gpos);
    int wn = (L + 1 > G ? L + 1 : G);
    W = noc_malloc(ctx, (size_t)wn * wn, sizeof *W);
    lpos = noc_malloc(ctx, (size_t)L + 1, sizeof *lpos);
    if (!h->ring || !h->rpos || !h->size || !h->off || !h->brk || !gpos || !W || !lpos) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Global order of the rings. */
    for (int i = 0; i < G * G; i++)
        W[i] = 0;
    for (int f = 0; f < app->nflows; f++) {
        int a = group[app->flows[f].src], b = group[app->flows[f].dst];
        if (a != b) {
            W[a * G + b] += app->flows[f].bw;
            W[b * G + a] += app->flows[f].bw;
        }
    }
    NOC_CHECK(noc_synth_ring_order(G, W, gpos, ctx));
    for (int c = 0; c < N; c++) {
        h->ring[c] = gpos[group[c]];
        h->size[h->ring[c]]++;
    }
    for (int q = 1; q < G; q++)
        h->off[q] = h->off[q - 1] + h->size[q - 1];
    /* Each local ring: item 0 = the interface (external traffic), items
     * 1..n = its cores in id order. */
    for (int q = 0; q < G; q++) {
        int n = 0, m = h->size[q] + 1;
        for (int c = 0; c < N; c++)
            if (h->ring[c] == q)
                members[n++] = c;
        for (int i = 0; i < m * m; i++)
            W[i] = 0;
        for (int f = 0; f < app->nflows; f++) {
            const struct noc_flow *fl = &app->flows[f];
            int ia = 0, ib = 0;
            for (int i = 0; i < n; i++) {
                if (members[i] == fl->src)
                    ia = i + 1;
                if (members[i] == fl->dst)
                    ib = i + 1;
            }
            if ((ia || ib) && ia != ib) {
                W[ia * m + ib] += fl->bw;
                W[ib * m + ia] += fl->bw;
            }
        }
        NOC_CHECK(noc_synth_ring_order(m, W, lpos, ctx));
        for (int i = 0; i < n; i++)
            h->rpos[members[i]] = lpos[i + 1];
    }
    /* Break routers of the turn-restricted routing: the core position (local
     * rings) or interface (global) of least bandwidth x hops. */
    for (int q = 0; q <= G; q++) {
        int lo = q < G ? 1 : 0, hi = q < G ? h->size[q] : G - 1;
        double best = INFINITY;
        for (int b = lo; b <= hi; b++) {
            double c = break_cost(h, app, q < G ? q : -1, b);
            if (c < best - 1e-12) {
                best = c;
                h->brk[q] = b;
            }
        }
    }
cleanup:
    free(group);
    free(members);
    free(gpos);
    free(lpos);
    free(W);
    return rc;
}

static void hr_free(struct hr *h)
{
    free(h->ring);
    free(h->rpos);
    free(h->size);
    free(h->off);
    free(h->brk);
    memset(h, 0, sizeof *h);
}

/* Weighted median of v[idx[0..n-1]] (weights w): the smallest value
 * with half the weight at or below it.  O(n^2), n = a ring's cores. */
static double wmedian(const double *v, const double *w, const int *idx, int n)
{
    double tot = 0, best = INFINITY;
    for (int i = 0; i < n; i++)
        tot += w[idx[i]];
    for (int i = 0; i < n; i++) {
        double below = 0;
        for (int j = 0; j < n; j++)
            if (v[idx[j]] <= v[idx[i]])
                below += w[idx[j]];
        if (below >= tot / 2 * (1 - 1e-12) && v[idx[i]] < best)
            best = v[idx[i]];
    }
    return best;
}

/* Ring routers sit on their cores (a ring stop per core); each interface
 * router at the weighted median of its ring's cores. */
static int place_rings(const struct hr *h, const double *cx, const double *cy, const double *cw,
                       struct swnet *net, struct noc_ctx *ctx)
{
    int *idx = noc_malloc(ctx, (size_t)h->N, sizeof *idx);
    if (!idx)
        return NOC_ENOMEM;
    for (int c = 0; c < h->N; c++) {
        int r = lnode(h, h->ring[c], h->rpos[c]);
        net->sx[r] = cx[c];
        net->sy[r] = cy[c];
    }
    for (int q = 0; q < h->g; q++) {
        int n = 0;
        for (int c = 0; c < h->N; c++)
            if (h->ring[c] == q)
                idx[n++] = c;
        net->sx[h->N + q] = wmedian(cx, cw, idx, n);
        net->sy[h->N + q] = wmedian(cy, cw, idx, n);
    }
    free(idx);
    return NOC_OK;
}

static int design_l(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                    const double *cx, const double *cy, const double *cw, int L, struct noc_design *d,
                    struct noc_ctx *ctx)
{
    struct hr h;
    struct swnet net;
    int have_net = 0, rc, *core_sw = NULL;
    char why[512];
    NOC_CHECK(make_rings(app, o, L, &h, ctx));
    d->switches = h.K;
    if (!(core_sw = noc_malloc(ctx, (size_t)h.N, sizeof *core_sw))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < h.N; c++)
        core_sw[c] = lnode(&h, h.ring[c], h.rpos[c]);
    int routed = 0;
    for (int restricted = 0; restricted < 2 && !routed; restricted++) {
        if (have_net)
            noc_swnet_free(&net);
        have_net = 0;
        NOC_CHECK(noc_swnet_init(&net, h.K, app->nflows, o, ctx));
        have_net = 1;
        for (int c = 0; c < h.N; c++)
            net.ncores[core_sw[c]]++;
        NOC_CHECK(open_rings(&h, &net, ctx));
        for (int s = 0; s < h.K; s++)
            if (swnet_ports(&net, s) > net.max_radix) {
                snprintf(d->reason, sizeof d->reason, "router r%d needs %d ports, above %s %d", s,
                         swnet_ports(&net, s), SYNTH_RADIX_NAME(o), net.max_radix);
                goto cleanup;
            }
        NOC_CHECK(route_all(&h, app, order, restricted, &net, &routed, why, sizeof why, ctx));
    }
    if (!routed) {
        snprintf(d->reason, sizeof d->reason, "%s", why);
        goto cleanup;
    }
    NOC_CHECK(place_rings(&h, cx, cy, cw, &net, ctx));
    struct noc_shape sh;
    memset(&sh, 0, sizeof sh);
    sh.family = NOC_FAM_OTHER;
    snprintf(sh.name, sizeof sh.name, "hring");
    sh.ndims = 2;
    sh.dims[0] = h.g;
    sh.dims[1] = L;
    sh.k = h.g;
    sh.conc = 1;
    snprintf(sh.params, sizeof sh.params, "g=%d,l=%d", h.g, L);
    rc = noc_synth_finish(app, &net, core_sw, cx, cy, o, "r", &sh, d, ctx);
cleanup:
    if (have_net)
        noc_swnet_free(&net);
    hr_free(&h);
    free(core_sw);
    return rc;
}

int noc_synth_hring(const struct noc_app *app, const struct noc_synth_opts *o,
                    struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int N = app->ncores, rc;
    if (o->ring_size < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "ring size %d must be >= 1", o->ring_size);
    if ((rc = noc_synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    if (N < 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "a hierarchical ring needs at least 2 cores");
    int lo = 2, hi = N - 1 < 8 ? N - 1 : 8;
    if (o->ring_size > 0) {
        if (o->ring_size >= N)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "ring size %d leaves one ring for %d cores (use at most %d)", o->ring_size, N,
                             N - 1);
        lo = hi = o->ring_size;
    } else if (hi < lo)
        lo = hi = 1;
    return noc_synth_sweep_param(app, o, "hring", "l", lo, hi, design_l, res, ctx);
}
