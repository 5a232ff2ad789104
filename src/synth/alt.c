/* Low-latency alternatives of split's designs (search_int.h,
 * noc_synth_split_alts): for a switch count K, core assignments that keep the
 * heaviest flows on one switch (fewer bandwidth x hops) at a little more
 * power, offered when no other design dominates them. */
#include "swnet_int.h"
#include "layout_int.h"
#include "price_int.h"
#include "search_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"

/* Removes res's last design (freeing it). */
static void synth_drop_last(struct noc_synth_result *res);

int noc_synth_design_assignment(const struct noc_app *app, const struct noc_design *d, int *core_sw,
                                struct noc_ctx *ctx)
{
    /* split's routers are sw0..sw(K-1) in order, its terminals the cores
     * in order. */
    const struct noc_topo *t = &d->topo;
    for (int c = 0; c < app->ncores; c++) {
        core_sw[c] = noc_topo_inject_router(t, noc_topo_term_node(t, c));
        if (core_sw[c] < 0 || core_sw[c] >= d->switches)
            return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "split: core %s of %s has no switch",
                             app->cores[c].name, d->name);
    }
    return NOC_OK;
}

/* The cut of assignment part: the core graph's weight between cores on
 * different switches (bandwidth both ways, raised for tight max_hops). */
static long long cut_weight(const struct core_graph *g, const int *part)
{
    long long w = 0;
    for (int v = 0; v < g->n; v++)
        for (int e = g->xadj[v]; e < g->xadj[v + 1]; e++)
            if (g->adjncy[e] > v && part[g->adjncy[e]] != part[v])
                w += g->adjwgt[e];
    return w;
}

/* The change of the cut when core c moves from its switch to switch to
 * (part unchanged): its edges to its old switch's cores become cut, those
 * to the new one's stop being cut.  O(degree). */
static long long move_gain(const struct core_graph *g, const int *part, int c, int to)
{
    long long d = 0;
    for (int e = g->xadj[c]; e < g->xadj[c + 1]; e++) {
        int n = g->adjncy[e];
        if (n == c)
            continue;
        if (part[n] == part[c])
            d += g->adjwgt[e];
        else if (part[n] == to)
            d -= g->adjwgt[e];
    }
    return d;
}

/* The cut as the local search's exact objective (search_int.h): a try's
 * cut from the current one (val) by the moved cores' edges, exact
 * integers, so the same descent as recounting the whole cut.  O(degree). */
static double cut_estimate(void *u, const int *cur, int *part, int c, int t, int swap, double val)
{
    const struct core_graph *g = u;
    if (!swap)
        return val + (double)move_gain(g, cur, c, t);
    /* c to t's switch, then t to c's old one (part: both moved) */
    int a = cur[c], b = cur[t];
    long long w = move_gain(g, cur, c, b);
    part[t] = b; /* c moved alone */
    w += move_gain(g, part, t, a);
    part[t] = a;
    return val + (double)w;
}

/* Descent on the cut from part (every switch holds 1..cap cores): single
 * core moves, then pairwise swaps, first improvement, until a pass
 * improves nothing, SYNTH_REFINE_PASSES x 4 passes or the budget
 * noc_synth_search_budget(N, effort, SYNTH_SEARCH_CUT_SCALE) is spent
 * (noc_search_run in its exact mode).  O(passes (N K + N^2) degree). */
static int cut_descent(const struct core_graph *g, int K, int cap, long budget, int *part, struct noc_ctx *ctx)
{
    double val = (double)cut_weight(g, part);
    struct noc_search s = {g->n, K, cap, SYNTH_REFINE_PASSES * 4, budget, 1, 0, 1,
                           (void *)g, cut_estimate, NULL, NULL, NULL};
    return noc_search_run(&s, part, &val, ctx);
}

struct pair_edge {
    int w, u, v;
};

/* Heaviest first, then by core ids. */
static int pair_cmp(const void *x, const void *y)
{
    const struct pair_edge *a = x, *b = y;
    if (a->w != b->w)
        return a->w > b->w ? -1 : 1;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

/* Greedy clustering: the cores of the heaviest pairs first joined while
 * a cluster holds at most cap cores and more than K clusters remain; then
 * the pair of clusters with the heaviest weight between them (ties: the
 * smaller union, then the lowest ids) joined until K remain.  part gets
 * switch ids 0..K-1 in the order of the clusters' first cores.  1 done, 0
 * when the clusters cannot be packed into K switches, -1 on ENOMEM. */
static int greedy_clusters(const struct core_graph *g, int K, int cap, int *part, struct noc_ctx *ctx)
{
    int N = g->n, ne = 0, left = N, r = 1;
    int *up = noc_malloc(ctx, (size_t)N, sizeof *up), *sz = noc_malloc(ctx, (size_t)N, sizeof *sz);
    long long *between = noc_malloc(ctx, (size_t)N * N, sizeof *between);
    struct pair_edge *e = noc_malloc(ctx, (size_t)g->xadj[N] / 2 + 1, sizeof *e);
    if (!up || !sz || !between || !e) {
        r = -1;
        goto cleanup;
    }
    for (int v = 0; v < N; v++) {
        up[v] = v;
        sz[v] = 1;
        for (int k = g->xadj[v]; k < g->xadj[v + 1]; k++)
            if (g->adjncy[k] > v)
                e[ne++] = (struct pair_edge){g->adjwgt[k], v, g->adjncy[k]};
    }
    qsort(e, (size_t)ne, sizeof *e, pair_cmp);
    for (int i = 0; i < ne && left > K; i++) {
        int a = noc_uf_find(up, e[i].u), b = noc_uf_find(up, e[i].v);
        if (a == b || sz[a] + sz[b] > cap)
            continue;
        int lo = a < b ? a : b, hi = a ^ b ^ lo;
        up[hi] = lo;
        sz[lo] += sz[hi];
        left--;
    }
    while (left > K) {
        memset(between, 0, (size_t)N * N * sizeof *between);
        for (int i = 0; i < ne; i++) {
            int a = noc_uf_find(up, e[i].u), b = noc_uf_find(up, e[i].v);
            if (a != b) {
                between[(size_t)a * N + b] += e[i].w;
                between[(size_t)b * N + a] += e[i].w;
            }
        }
        int ba = -1, bb = -1;
        for (int a = 0; a < N; a++) {
            if (up[a] != a)
                continue;
            for (int b = a + 1; b < N; b++) {
                if (up[b] != b || sz[a] + sz[b] > cap)
                    continue;
                long long w = between[(size_t)a * N + b], bw = ba < 0 ? -1 : between[(size_t)ba * N + bb];
                if (ba < 0 || w > bw || (w == bw && sz[a] + sz[b] < sz[ba] + sz[bb])) {
                    ba = a;
                    bb = b;
                }
            }
        }
        if (ba < 0) {
            r = 0;
            goto cleanup;
        }
        up[bb] = ba;
        sz[ba] += sz[bb];
        left--;
    }
    /* Switch ids in the order of first cores. */
    for (int v = 0; v < N; v++)
        sz[v] = -1;
    int next = 0;
    for (int v = 0; v < N; v++) {
        int a = noc_uf_find(up, v);
        if (sz[a] < 0)
            sz[a] = next++;
        part[v] = sz[a];
    }
cleanup:
    free(up);
    free(sz);
    free(between);
    free(e);
    return r;
}

/* Renumbers part's switches in the order of their first cores, so equal
 * partitions compare equal. */
static void canonical(int N, int K, int *part, int *map)
{
    for (int s = 0; s < K; s++)
        map[s] = -1;
    int next = 0;
    for (int v = 0; v < N; v++) {
        if (map[part[v]] < 0)
            map[part[v]] = next++;
        part[v] = map[part[v]];
    }
}

void noc_synth_objectives_raw(const struct noc_design *d, double v[4])
{
    v[0] = d->power_mw;
    v[1] = d->lat_avg_ns;
    v[2] = d->area_mm2;
    v[3] = d->m.radix_max;
}

void noc_synth_objectives(const struct noc_design *d, double v[4])
{
    noc_synth_objectives_raw(d, v);
    noc_pareto_round(v, SYNTH_OBJ_ROUND);
}

/* 1 when feasible design b dominates a: no worse in power, latency, area
 * and radix, and better in one, or equal in all four when `ties`. */
static int dominates(const struct noc_design *b, const struct noc_design *a, int ties)
{
    double bv[4], av[4];
    noc_synth_objectives(b, bv);
    noc_synth_objectives(a, av);
    return b->feasible && noc_pareto_dominates(bv, av, 4, ties);
}

static void free_design(struct noc_design *d)
{
    noc_topo_free(&d->topo);
    noc_metrics_free(&d->m);
    free(d->flow_cycles);
    memset(d, 0, sizeof *d);
}

static void synth_drop_last(struct noc_synth_result *res)
{
    free_design(&res->d[--res->n]);
}

void noc_synth_prune(struct noc_synth_result *res, int lo, int hi)
{
    for (int i = hi - 1; i >= lo; i--) {
        int drop = !res->d[i].feasible;
        for (int j = 0; j < res->n && !drop; j++)
            drop = j != i && dominates(&res->d[j], &res->d[i], j < i);
        if (!drop)
            continue;
        free_design(&res->d[i]);
        memmove(&res->d[i], &res->d[i + 1], (size_t)(res->n - i - 1) * sizeof *res->d);
        res->n--;
    }
}

/* Builds the design of assignment core_sw as res's next entry `name`, kept
 * when feasible and faster than lat_base by SYNTH_ALT_GAIN. */
static int build_alt(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                     const double *cx, const double *cy, const double *cw, int K, const int *core_sw,
                     double lat_base, const char *name, struct noc_synth_result *res, size_t *cap, int *kept,
                     struct noc_ctx *ctx)
{
    struct swnet net;
    char why[512];
    *kept = 0;
    int feasible;
    int rc = noc_synth_split_net(app, o, order, cx, cy, cw, K, core_sw, NULL, 0, &net, &feasible, why, sizeof why, ctx);
    if (rc != NOC_OK)
        return rc;
    if (feasible) {
        struct noc_design *d = noc_synth_add_design(res, cap, "split", name, K, ctx);
        rc = !d ? NOC_ENOMEM : noc_synth_finish(app, &net, core_sw, cx, cy, o, "sw", NULL, d, ctx);
        /* Worth offering only when it is faster than the base by a margin. */
        if (rc == NOC_OK && !(d->feasible && (isinf(lat_base) || d->lat_avg_ns < lat_base * (1 - SYNTH_ALT_GAIN))))
            synth_drop_last(res);
        else if (rc == NOC_OK)
            *kept = 1;
    }
    noc_swnet_free(&net);
    return rc;
}

/* Alternatives of design bd: the cut descent from its own assignment
 * and from the greedy clusters, each built when it is new, appended to
 * res (its own list: one per base on the thread pool). */
static int alts_of(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                   const double *cx, const double *cy, const double *cw, const struct core_graph *g,
                   const struct noc_design *bd, struct noc_synth_result *res, struct noc_ctx *ctx)
{
    int N = app->ncores, K = bd->switches, rc = NOC_OK, nalt = 0;
    size_t rcap = (size_t)res->n, *cap = &rcap;
    int ccap = o->max_radix > 0 && o->max_radix - 1 < N ? o->max_radix - 1 : N;
    long budget = noc_synth_search_budget(N, o->effort, SYNTH_SEARCH_CUT_SCALE);
    int *seen = noc_malloc(ctx, (size_t)N * (SYNTH_ALTS + 1), sizeof *seen);
    int *part = noc_malloc(ctx, (size_t)N, sizeof *part), *size = noc_malloc(ctx, (size_t)K, sizeof *size);
    int *map = noc_malloc(ctx, (size_t)K, sizeof *map);
    char bname[64];
    if (!seen || !part || !size || !map) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    snprintf(bname, sizeof bname, "%s", bd->name);
    /* An infeasible base (a latency bound, a flow it could not route) has
     * no latency to beat, and no assignment to start from unless it was
     * built. */
    int built = bd->topo.finalized && bd->topo.nrouters == K;
    double lat_base = bd->feasible ? bd->lat_avg_ns : INFINITY;
    long long base_cut = LLONG_MAX;
    int nseen = 0;
    if (built) {
        NOC_CHECK(noc_synth_design_assignment(app, bd, seen, ctx));
        canonical(N, K, seen, map);
        base_cut = cut_weight(g, seen);
        nseen = 1;
    }
    for (int start = 0; start < 2 && nalt < SYNTH_ALTS; start++) {
        if (start == 0 && !built)
            continue;
        if (start == 0)
            memcpy(part, seen, (size_t)N * sizeof *part);
        else {
            int r = greedy_clusters(g, K, ccap, part, ctx);
            if (r < 0) {
                rc = NOC_ENOMEM;
                goto cleanup;
            }
            if (r == 0)
                continue;
        }
        memset(size, 0, (size_t)K * sizeof *size);
        int over = 0;
        for (int c = 0; c < N; c++)
            over |= ++size[part[c]] > ccap;
        if (over)
            continue;
        NOC_CHECK(cut_descent(g, K, ccap, budget, part, ctx));
        canonical(N, K, part, map);
        if (cut_weight(g, part) >= base_cut)
            continue;
        int dup = 0;
        for (int i = 0; i < nseen && !dup; i++)
            dup = !memcmp(seen + (size_t)i * N, part, (size_t)N * sizeof *part);
        if (dup)
            continue;
        memcpy(seen + (size_t)nseen++ * N, part, (size_t)N * sizeof *part);
        char name[80];
        snprintf(name, sizeof name, "%s_l%d", bname, start + 1);
        int kept;
        NOC_CHECK(build_alt(app, o, order, cx, cy, cw, K, part, lat_base, name, res, cap, &kept, ctx));
        nalt += kept;
    }
cleanup:
    free(seen);
    free(part);
    free(size);
    free(map);
    return rc;
}

/* The alternatives' sweep on the thread pool: one item per base design,
 * each into its own slot, merged in base order. */
struct alt_job {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;
    const double *cx, *cy, *cw;
    const struct core_graph *g;
    const struct noc_design *bases;
    struct noc_synth_result *slots;
};

static int alt_item(void *arg, int i, int worker, struct noc_ctx *ctx)
{
    const struct alt_job *j = arg;
    if (j->bases[i].switches < 2)
        return NOC_OK;
    return alts_of(j->app, j->o, j->order, j->cx, j->cy, j->cw, j->g, &j->bases[i], &j->slots[i], ctx);
}

int noc_synth_split_alts(const struct noc_app *app, const struct noc_synth_opts *o, const int *order,
                         const double *cx, const double *cy, const double *cw, struct noc_synth_result *res,
                         struct noc_ctx *ctx)
{
    /* the one budget policy: searched while it allows a try per core */
    if (noc_synth_search_budget(app->ncores, o->effort, SYNTH_SEARCH_CUT_SCALE) < app->ncores)
        return NOC_OK;
    if (res->n == 0)
        return NOC_OK;
    struct core_graph g;
    int rc = noc_core_graph_build_opts(app, o, &g, ctx), nbase = res->n;
    if (rc != NOC_OK)
        return rc;
    struct noc_synth_result *slots = noc_calloc(ctx, (size_t)nbase, sizeof *slots);
    if (!slots) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < nbase; i++)
        noc_synth_result_init(&slots[i]);
    struct alt_job j = {app, o, order, cx, cy, cw, &g, res->d, slots};
    struct noc_pool_job job = {.nitems = nbase, .nthreads = o->threads, .arg = &j, .run = alt_item,
                               .leave = noc_synth_pool_leave};
    NOC_CHECK(noc_pool_run(&job, ctx));
    NOC_CHECK(noc_synth_result_append(res, slots, nbase, ctx));
cleanup:
    for (int i = 0; slots && i < nbase; i++)
        noc_synth_result_free(&slots[i]);
    free(slots);
    noc_core_graph_free(&g);
    return rc;
}
