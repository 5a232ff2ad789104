/* The `ideal` routing LP by column generation over minimal paths, with the
 * LP dual bound as its certificate (used by noc_lpl_max_load, lpload.c).
 *
 * Why.  The per-destination LP of lpload.c is exact, but GLPK's interior
 * point, which it uses from LPLOAD_SIMPLEX_NNZ nonzeros on, can be very slow
 * on some networks: on the 1024-router fat tree of a 200-core compare (38.6k
 * nonzeros) it took 36 s, 71% of the whole compare.  For app traffic (a few
 * hundred flows) the path formulation is far smaller.
 *
 * Formulation (restricted master).  Pairs i = (injection router, ejection
 * router) with demand d_i > 0 (app flows summed per router pair; pairs on
 * one router load no router-router channel).  Columns: L, and x_p >= 0 for
 * each path p generated so far (a minimal router path of its pair).
 *     minimise L
 *     sum_{p of i} x_p = d_i                 for every pair i
 *     sum_{p through e} x_p - L <= 0         for every channel e on a path
 * Pricing.  With y_e = -(dual of e's row) >= 0 (sum_e y_e = 1 at an optimum,
 * the reduced cost of L being 0) and pi_i = the cheapest y-length among
 * pair i's columns (the basic ones all have that length), a minimal path p
 * of pair i with y(p) < pi_i has negative reduced cost: it is added.  The
 * cheapest minimal path per pair is a dynamic program over the
 * breadth-first layers towards its ejection router.  Each round also adds
 * every pair's least congested minimal path under the master's routing
 * (prices (load/L)^8) when it is new: it does not change what the method
 * converges to, only how fast (the bit-complement permutation on a 2-ary
 * 7-tree: 8 rounds instead of 130).
 * Bound.  For any y >= 0, not all zero, every routing has
 *     L >= sum_e y_e load_e / sum_e y_e >= sum_i d_i min_p y(p) / sum_e y_e
 * (weak LP duality), so each pricing round gives a lower bound LB on the
 * optimum of the full LP, while the master's optimum UB is attained by a
 * real routing.  Iterations stop when (UB - LB) <= CG_TOL * UB or no column
 * prices out.  The result is accepted when (UB - LB) <= NOC_LPL_CG_GAP * UB;
 * otherwise (iteration cap) the caller solves the exact LP instead, so the
 * stated gap always holds.
 *
 * Cost per round: O(C (R + E)) for the pricing over C destination routers,
 * plus GLPK's simplex on the master (rebuilt each round: pairs + used
 * channels rows, one column per generated path).  Deterministic (paths
 * found in channel order, GLPK's simplex). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lpload_int.h"
#include "nocsyn/graph.h"
#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define CG_TOL 1e-9      /* stop when the relative gap is this small */
#define CG_MAX_ROUNDS 200 /* then the gap decides (NOC_LPL_CG_GAP) */

struct cg_pair {
    int a, b;   /* injection and ejection router */
    int k;      /* commodity of b (lpl) */
    double d;   /* demand */
};

/* The generated paths: channels path_ch[path_off[p] .. path_off[p+1]). */
struct cg {
    const struct lpl *s;
    int npairs;
    struct cg_pair *pair;
    int npaths;
    size_t pcap, ccap;
    int *path_pair, *path_off, *path_ch;
    double *y;      /* nch: channel prices */
    double *z;      /* nch: congestion prices of the master's routing */
    int *head, *next; /* each pair's paths, newest first (next: per path) */
    double *pi;     /* npairs: cheapest generated path of each pair */
    double *best;   /* R: cheapest y-length to the current sink */
    int *arg;       /* R: its first channel */
    int *dist, *queue;
    int *rowof;     /* nch: master row of the channel, -1 none */
    int *cnt, *idx; /* scratch: CSR of paths per pair / per channel */
};

static int cmp_pair(const void *x, const void *y)
{
    const struct cg_pair *p = x, *q = y;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->a < q->a ? -1 : p->a > q->a;
}

int noc_lpl_cg_eligible(const struct lpl *s)
{
    if (s->model != NOC_RT_IDEAL || s->tr->uniform != 0)
        return 0;
    for (int i = 0; i < s->N; i++)
        if (s->inj1[i] < 0 || s->ej1[i] < 0)
            return 0;
    return 1;
}

/* Router pairs with demand, sorted by (ejection, injection) router. */
static int make_pairs(struct cg *c, struct noc_ctx *ctx)
{
    const struct lpl *s = c->s;
    const struct noc_traffic *tr = s->tr;
    c->pair = noc_malloc(ctx, (size_t)tr->nent + 1, sizeof *c->pair);
    if (!c->pair)
        return NOC_ENOMEM;
    int n = 0;
    for (int j = 0; j < tr->nent; j++) {
        const struct noc_demand *e = &tr->ent[j];
        int a = s->inj1[e->s], b = s->ej1[e->d];
        if (a == b || !(e->w > 0))
            continue;
        c->pair[n++] = (struct cg_pair){a, b, s->comm_of[e->d], e->w};
    }
    qsort(c->pair, (size_t)n, sizeof *c->pair, cmp_pair);
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0 && c->pair[m - 1].a == c->pair[i].a && c->pair[m - 1].b == c->pair[i].b)
            c->pair[m - 1].d += c->pair[i].d;
        else
            c->pair[m++] = c->pair[i];
    }
    c->npairs = m;
    return NOC_OK;
}

/* Appends the path of the current dynamic program from router a to the
 * sink as a column of pair i. */
static int add_path(struct cg *c, int i, int a, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &c->s->t->g;
    int len = c->dist[a];
    if ((size_t)c->npaths + 2 > c->pcap) {
        size_t cap = c->pcap ? 2 * c->pcap : 1024;
        int *pp = realloc(c->path_pair, cap * sizeof *pp);
        if (pp)
            c->path_pair = pp;
        int *po = realloc(c->path_off, (cap + 1) * sizeof *po);
        if (po)
            c->path_off = po;
        int *nx = realloc(c->next, cap * sizeof *nx);
        if (nx)
            c->next = nx;
        if (!pp || !po || !nx)
            return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        if (c->pcap == 0)
            c->path_off[0] = 0;
        c->pcap = cap;
    }
    size_t need = (size_t)c->path_off[c->npaths] + (size_t)len;
    if (need > c->ccap) {
        size_t cap = c->ccap ? 2 * c->ccap : 4096;
        while (cap < need)
            cap *= 2;
        int *pc = realloc(c->path_ch, cap * sizeof *pc);
        if (!pc)
            return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        c->path_ch = pc;
        c->ccap = cap;
    }
    int at = c->path_off[c->npaths];
    for (int v = a; c->dist[v] > 0; v = g->dst[c->arg[v]])
        c->path_ch[at++] = c->arg[v];
    c->path_pair[c->npaths] = i;
    c->next[c->npaths] = c->head[i];
    c->head[i] = c->npaths;
    c->path_off[++c->npaths] = at;
    return NOC_OK;
}

/* Cheapest minimal paths (prices w8) from every router to router b: best[]
 * and arg[] over the breadth-first layers of the reversed router graph
 * (channel u -> v allowed when dist(u) = dist(v) + 1, as in lpload.c). */
static void price_sink(struct cg *c, int b, const double *w8)
{
    const struct lpl *s = c->s;
    const struct noc_graph *g = &s->t->g;
    int R = s->R;
    c->queue[0] = b;
    int n = noc_graph_bfs(g, R, c->queue, 1, NOC_BFS_IN, -1, c->dist, c->queue);
    c->best[b] = 0;
    c->arg[b] = -1;
    for (int q = 1; q < n; q++) {
        int u = c->queue[q];
        double bv = INFINITY;
        int be = -1;
        for (int e = g->off[u]; e < g->off[u + 1]; e++) {
            int v = g->dst[e];
            if (v >= R || c->dist[v] != c->dist[u] - 1)
                continue;
            double w = w8[e] + c->best[v];
            if (w < bv) {
                bv = w;
                be = e;
            }
        }
        c->best[u] = bv;
        c->arg[u] = be;
    }
}

/* Is the current dynamic program's path from router a one of pair i's
 * columns?  O(its columns x path length). */
static int have_path(const struct cg *c, int i, int a)
{
    const struct noc_graph *g = &c->s->t->g;
    for (int p = c->head[i]; p >= 0; p = c->next[p]) {
        int j = c->path_off[p], v = a;
        while (c->dist[v] > 0 && j < c->path_off[p + 1] && c->path_ch[j] == c->arg[v]) {
            v = g->dst[c->arg[v]];
            j++;
        }
        if (c->dist[v] == 0)
            return 1;
    }
    return 0;
}

/* One pricing round: *lb gets the dual bound of the prices y, columns of
 * negative reduced cost are added (*added counts them).  Unpriced pairs
 * (pi = INFINITY: no column yet) always get one.  With `congest`, each
 * pair also gets its cheapest path under z (the master's loads to the 8th
 * power: the least congested path) unless it has it already: the duals
 * of these degenerate LPs sit on a few channels and move slowly, so
 * without these columns a symmetric network (a fat tree under a
 * permutation) needs a column per path and round. */
static int price(struct cg *c, int congest, double *lb, int *added, struct noc_ctx *ctx)
{
    double ysum = 0, sum = 0;
    for (int e = 0; e < c->s->nch; e++)
        ysum += c->y[e];
    *added = 0;
    for (int i0 = 0, i1; i0 < c->npairs; i0 = i1) {
        for (i1 = i0 + 1; i1 < c->npairs && c->pair[i1].b == c->pair[i0].b; i1++)
            ;
        price_sink(c, c->pair[i0].b, c->y);
        for (int i = i0; i < i1; i++) {
            int a = c->pair[i].a;
            if (c->dist[a] <= 0) /* checked reachable by noc_lpl_count */
                return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "ideal routing: no minimal path");
            double m = c->best[a];
            sum += c->pair[i].d * m;
            if (isinf(c->pi[i]) || m < c->pi[i] * (1 - CG_TOL)) {
                int rc = add_path(c, i, a, ctx);
                if (rc)
                    return rc;
                ++*added;
            }
        }
        if (!congest)
            continue;
        price_sink(c, c->pair[i0].b, c->z);
        for (int i = i0; i < i1; i++) {
            if (have_path(c, i, c->pair[i].a))
                continue;
            int rc = add_path(c, i, c->pair[i].a, ctx);
            if (rc)
                return rc;
            ++*added;
        }
    }
    *lb = ysum > 0 ? sum / ysum : 0;
    return NOC_OK;
}

/* Builds and solves the master over the paths so far; *ub = its optimum,
 * y and pi updated, flow[] (nch) = the master's channel loads. */
static int master(struct cg *c, double *ub, double *flow, struct noc_ctx *ctx)
{
    const struct lpl *s = c->s;
    int nch = s->nch, P = c->npaths, rc;
    struct noc_lp *lp = NULL;
    int *cols = NULL;
    double *vals = NULL;
    if ((rc = noc_lp_create(&lp, NOC_LP_MIN, ctx)) != NOC_OK)
        return rc;
    cols = noc_malloc(ctx, (size_t)P + 2, sizeof *cols);
    vals = noc_malloc(ctx, (size_t)P + 2, sizeof *vals);
    if (!cols || !vals) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (noc_lp_add_cols(lp, 1, 0, INFINITY, 1, NOC_LP_CONT, ctx) < 0 ||
        noc_lp_add_cols(lp, P, 0, INFINITY, 0, NOC_LP_CONT, ctx) < 0) {
        rc = ctx->status ? ctx->status : NOC_EINTERNAL;
        goto cleanup;
    }
    /* demand rows: paths are numbered in order, so a pair's columns are
     * gathered by one pass per pair over a CSR built here */
    memset(c->cnt, 0, ((size_t)c->npairs + 1) * sizeof *c->cnt);
    for (int p = 0; p < P; p++)
        c->cnt[c->path_pair[p] + 1]++;
    for (int i = 0; i < c->npairs; i++)
        c->cnt[i + 1] += c->cnt[i];
    for (int p = 0; p < P; p++)
        c->idx[c->cnt[c->path_pair[p]]++] = p;
    for (int i = c->npairs; i > 0; i--)
        c->cnt[i] = c->cnt[i - 1];
    c->cnt[0] = 0;
    for (int i = 0; i < c->npairs; i++) {
        int n = 0;
        for (int j = c->cnt[i]; j < c->cnt[i + 1]; j++) {
            cols[n] = 1 + c->idx[j];
            vals[n++] = 1;
        }
        if (noc_lp_add_row(lp, c->pair[i].d, c->pair[i].d, n, cols, vals, ctx) < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
    }
    /* capacity rows, one per channel some path crosses, channel order */
    int *chcnt = c->cnt + c->npairs + 1; /* nch + 1 */
    memset(chcnt, 0, ((size_t)nch + 1) * sizeof *chcnt);
    for (int j = 0; j < c->path_off[P]; j++)
        chcnt[c->path_ch[j] + 1]++;
    for (int e = 0; e < nch; e++)
        chcnt[e + 1] += chcnt[e];
    int *chidx = c->idx + P;
    for (int p = 0; p < P; p++)
        for (int j = c->path_off[p]; j < c->path_off[p + 1]; j++)
            chidx[chcnt[c->path_ch[j]]++] = p;
    for (int e = nch; e > 0; e--)
        chcnt[e] = chcnt[e - 1];
    chcnt[0] = 0;
    int row = c->npairs;
    for (int e = 0; e < nch; e++) {
        c->rowof[e] = -1;
        if (chcnt[e + 1] == chcnt[e])
            continue;
        int n = 0;
        for (int j = chcnt[e]; j < chcnt[e + 1]; j++) {
            cols[n] = 1 + chidx[j];
            vals[n++] = 1;
        }
        cols[n] = 0;
        vals[n++] = -1;
        if (noc_lp_add_row(lp, -INFINITY, 0, n, cols, vals, ctx) < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
        c->rowof[e] = row++;
    }
    struct noc_lp_params prm;
    noc_lp_params_init(&prm);
    prm.method = NOC_LP_SIMPLEX;
    prm.presolve = 0;
    if ((rc = noc_lp_solve(lp, &prm, ctx)) != NOC_OK)
        goto cleanup;
    *ub = noc_lp_value(lp, 0);
    for (int e = 0; e < nch; e++) {
        double d = c->rowof[e] >= 0 ? -noc_lp_dual(lp, c->rowof[e]) : 0;
        c->y[e] = d > 0 ? d : 0;
        flow[e] = 0;
    }
    for (int i = 0; i < c->npairs; i++)
        c->pi[i] = INFINITY;
    for (int p = 0; p < P; p++) {
        double len = 0, x = noc_lp_value(lp, 1 + p);
        for (int j = c->path_off[p]; j < c->path_off[p + 1]; j++) {
            len += c->y[c->path_ch[j]];
            if (x > 0)
                flow[c->path_ch[j]] += x;
        }
        int i = c->path_pair[p];
        if (len < c->pi[i])
            c->pi[i] = len;
    }
    for (int e = 0; e < nch; e++) {
        double r = *ub > 0 ? flow[e] / *ub : 0, r2 = r * r, r4 = r2 * r2;
        c->z[e] = r4 * r4;
    }
cleanup:
    free(cols);
    free(vals);
    noc_lp_free(lp);
    return rc;
}

/* Grows the per-pair/per-channel scratch to the current path count. */
static int grow_scratch(struct cg *c, size_t *cap, struct noc_ctx *ctx)
{
    size_t need = (size_t)c->npaths + (size_t)c->path_off[c->npaths] + 1;
    if (need <= *cap)
        return NOC_OK;
    int *p = realloc(c->idx, need * sizeof *p);
    if (!p)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    c->idx = p;
    *cap = need;
    return NOC_OK;
}

int noc_lpl_cg(struct lpl *s, double *flow, double *lb_out, struct noc_ctx *ctx)
{
    struct cg c;
    int rc = NOC_OK, R = s->R, nch = s->nch;
    size_t idxcap = 0;
    memset(&c, 0, sizeof c);
    c.s = s;
    *lb_out = 0;
    for (int e = 0; e < nch; e++)
        flow[e] = 0;
    NOC_CHECK(make_pairs(&c, ctx));
    c.y = noc_calloc(ctx, (size_t)nch + 1, sizeof *c.y);
    c.pi = noc_malloc(ctx, (size_t)c.npairs + 1, sizeof *c.pi);
    c.z = noc_calloc(ctx, (size_t)nch + 1, sizeof *c.z);
    c.head = noc_malloc(ctx, (size_t)c.npairs + 1, sizeof *c.head);
    c.best = noc_malloc(ctx, (size_t)R + 1, sizeof *c.best);
    c.arg = noc_malloc(ctx, (size_t)R + 1, sizeof *c.arg);
    c.dist = noc_malloc(ctx, (size_t)R + 1, sizeof *c.dist);
    c.queue = noc_malloc(ctx, (size_t)R + 1, sizeof *c.queue);
    c.rowof = noc_malloc(ctx, (size_t)nch + 1, sizeof *c.rowof);
    c.cnt = noc_malloc(ctx, (size_t)c.npairs + (size_t)nch + 3, sizeof *c.cnt);
    if (!c.y || !c.pi || !c.z || !c.head || !c.best || !c.arg || !c.dist || !c.queue || !c.rowof || !c.cnt) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (c.npairs == 0)
        goto cleanup; /* no router-router traffic: every load 0 */
    /* first columns: the fewest-hop path of each pair, ties to the lowest
     * channel, from unit prices */
    for (int e = 0; e < nch; e++)
        c.y[e] = noc_topo_is_rr(s->t, e) ? 1 : 0;
    for (int i = 0; i < c.npairs; i++) {
        c.pi[i] = INFINITY;
        c.head[i] = -1;
    }
    double lb = 0, ub = INFINITY;
    int added = 0;
    NOC_CHECK(price(&c, 0, &lb, &added, ctx));
    for (int round = 0; round < CG_MAX_ROUNDS; round++) {
        NOC_CHECK(grow_scratch(&c, &idxcap, ctx));
        NOC_CHECK(master(&c, &ub, flow, ctx));
        double bound;
        NOC_CHECK(price(&c, 1, &bound, &added, ctx));
        if (bound > lb)
            lb = bound;
        if (added == 0 || ub - lb <= CG_TOL * ub)
            break;
    }
    if (!(ub - lb <= NOC_LPL_CG_GAP * ub)) { /* the caller solves the exact LP */
        rc = noc_error(ctx, NOC_ELIMIT, NULL, 0,
                       "ideal routing: column generation stopped %d rounds in at a gap of %g", CG_MAX_ROUNDS,
                       (ub - lb) / ub);
        goto cleanup;
    }
    *lb_out = lb < ub ? lb : ub;
cleanup:
    free(c.pair);
    free(c.path_pair);
    free(c.path_off);
    free(c.path_ch);
    free(c.y);
    free(c.pi);
    free(c.z);
    free(c.head);
    free(c.next);
    free(c.best);
    free(c.arg);
    free(c.dist);
    free(c.queue);
    free(c.rowof);
    free(c.cnt);
    free(c.idx);
    return rc;
}
