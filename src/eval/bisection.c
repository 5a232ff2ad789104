/* Bisection width (INTERFACE 2): the fewest router-router links cut by a
 * partition that splits the terminals into floor(N/2) and ceil(N/2).
 *
 * Model.  Terminal links are not links, so they are never counted; instead
 * a terminal sits on the side of every router it attaches to (its injection
 * and ejection routers; for a direct network simply its router).  Routers
 * tied together by a terminal (a butterfly's first- and last-stage switch
 * serving the same terminals) therefore form one "component", weighted by
 * its terminals, and the problem is a min-cut partition of the contracted
 * graph whose side weights are floor(N/2) and ceil(N/2).  (Letting terminals
 * float free of their routers would make every indirect network's bisection
 * 0: all switches on one side, the terminals split across.)  When no set of
 * components weighs exactly floor(N/2) (e.g. one router holding every
 * terminal, or a 3x3 cmesh with 4 terminals per router), some terminals must
 * leave their routers: the partition then first minimises the number of
 * detached terminals and second the links cut.
 *
 * Method.  Upper bound: METIS bisection of the contracted graph (several
 * seeds from `seed`), repaired to the exact split and improved by greedy
 * moves.  Lower bound: the all-to-all flow bound (Dally & Towles, Principles
 * and Practices of Interconnection Networks, sec. 3.3): under uniform
 * traffic floor(N/2)*ceil(N/2)/N units cross the bisection in each
 * direction, so with the optimal-routing max channel load gamma (GLPK LP,
 * eval.h) any bisection cuts >= fl*ce/(N*gamma) channels per direction,
 * hence at least that many links.  This bound is tight on meshes, tori,
 * hypercubes and rings, where it proves the METIS value at once.  Otherwise
 * an integer program (binary side per component, cut indicator
 * z_e >= |x_u - x_v|, exact terminal balance, the lower bound as a cut,
 * the heaviest component fixed to side 0 against the swap symmetry, the
 * METIS solution as starting incumbent) closes the gap within a
 * deterministic node budget.  Instances with more than BISECT_ILP_MAX
 * components get the METIS bound (exact = 0).
 */
#include "nocsyn/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "nocsyn/lp.h"
#include "nocsyn/part.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define BISECT_ILP_MAX 128      /* components solved by the integer program */
#define BISECT_ILP_NODES 20000L /* branch-and-bound budget (deterministic) */
#define BISECT_SEEDS 8          /* METIS runs */

/* The contracted graph. */
struct cgraph {
    int C;               /* components */
    int *comp;           /* router -> component */
    int *w;              /* terminals per component */
    int E;               /* contracted edges (u < v), weight = links */
    int *eu, *ev, *ew;
    int *xadj, *adj, *adjw; /* symmetric CSR for METIS and gains */
    int fl, ce;          /* side-1 terminal count must be in [fl, ce] */
    int strict;          /* an exact split without detaching terminals exists */
    int heavy;           /* component fixed to side 0 */
};

/* A candidate partition: side per component and a[c], the terminals of
 * component c on side 1 (w[c] * side[c] unless terminals are detached). */
struct sol {
    int *side, *a;
    long cut, detached;
};

static void cgraph_free(struct cgraph *g)
{
    free(g->comp);
    free(g->w);
    free(g->eu);
    free(g->ev);
    free(g->ew);
    free(g->xadj);
    free(g->adj);
    free(g->adjw);
}

static int uf_find(int *p, int x)
{
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

/* Is some subset of the weights in [lo, hi]?  Bitset subset sum,
 * O(C * hi / 64). */
static int subset_sum(const int *w, int C, int lo, int hi, struct noc_ctx *ctx, int *ok)
{
    size_t words = (size_t)hi / 64 + 1;
    uint64_t *b = noc_calloc(ctx, words, sizeof *b);
    if (!b)
        return NOC_ENOMEM;
    b[0] = 1;
    for (int c = 0; c < C; c++) {
        int s = w[c];
        if (s <= 0 || s > hi)
            continue;
        size_t ws = (size_t)s / 64, bs = (size_t)s % 64;
        for (size_t i = words; i-- > ws;) {
            uint64_t v = b[i - ws] << bs;
            if (bs && i > ws)
                v |= b[i - ws - 1] >> (64 - bs);
            b[i] |= v;
        }
    }
    *ok = 0;
    for (int s = lo; s <= hi; s++)
        if (b[s / 64] >> (s % 64) & 1)
            *ok = 1;
    free(b);
    return NOC_OK;
}

static int contract(const struct noc_topo *t, struct cgraph *g, struct noc_ctx *ctx)
{
    const struct noc_graph *gr = &t->g;
    int R = t->nrouters, N = t->nterminals, rc = NOC_OK;
    struct noc_u64map map;
    noc_u64map_init(&map);
    int *p = noc_malloc(ctx, (size_t)R + 1, sizeof *p);
    g->comp = noc_malloc(ctx, (size_t)R + 1, sizeof *g->comp);
    g->w = noc_calloc(ctx, (size_t)R + 1, sizeof *g->w);
    size_t ecap = (size_t)t->nch + 1;
    g->eu = noc_malloc(ctx, ecap, sizeof *g->eu);
    g->ev = noc_malloc(ctx, ecap, sizeof *g->ev);
    g->ew = noc_malloc(ctx, ecap, sizeof *g->ew);
    if (!p || !g->comp || !g->w || !g->eu || !g->ev || !g->ew) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int r = 0; r < R; r++)
        p[r] = r;
    for (int v = R; v < R + N; v++) {
        int first = -1;
        for (int e = gr->off[v]; e < gr->off[v + 1]; e++) {
            int r = uf_find(p, gr->dst[e]);
            if (first < 0)
                first = r;
            else if (r != first)
                p[r] = first;
            first = uf_find(p, first);
        }
        for (int i = gr->in_off[v]; i < gr->in_off[v + 1]; i++) {
            int r = uf_find(p, gr->src[gr->in_edge[i]]);
            if (first < 0)
                first = r;
            else if (r != first)
                p[r] = first;
            first = uf_find(p, first);
        }
    }
    g->C = 0;
    for (int r = 0; r < R; r++)
        g->comp[r] = -1;
    for (int r = 0; r < R; r++) {
        int root = uf_find(p, r);
        if (g->comp[root] < 0)
            g->comp[root] = g->C++;
        g->comp[r] = g->comp[root];
    }
    for (int v = R; v < R + N; v++)
        g->w[g->comp[noc_topo_inject_router(t, v)]]++;
    for (int e = 0; e < t->nch; e++) {
        if (!noc_topo_is_rr(t, e) || (gr->rev[e] >= 0 && gr->rev[e] < e))
            continue; /* one count per link (INTERFACE 2) */
        int a = g->comp[gr->src[e]], b = g->comp[gr->dst[e]];
        if (a == b)
            continue;
        if (a > b) {
            int x = a;
            a = b;
            b = x;
        }
        int id = noc_u64map_get(&map, noc_pair_key(a, b));
        if (id >= 0) {
            g->ew[id]++;
            continue;
        }
        if ((rc = noc_u64map_put(&map, noc_pair_key(a, b), g->E, ctx)) != NOC_OK)
            goto cleanup;
        g->eu[g->E] = a;
        g->ev[g->E] = b;
        g->ew[g->E] = 1;
        g->E++;
    }
    g->xadj = noc_calloc(ctx, (size_t)g->C + 1, sizeof *g->xadj);
    g->adj = noc_malloc(ctx, 2 * (size_t)g->E + 1, sizeof *g->adj);
    g->adjw = noc_malloc(ctx, 2 * (size_t)g->E + 1, sizeof *g->adjw);
    if (!g->xadj || !g->adj || !g->adjw) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < g->E; i++) {
        g->xadj[g->eu[i] + 1]++;
        g->xadj[g->ev[i] + 1]++;
    }
    for (int c = 0; c < g->C; c++)
        g->xadj[c + 1] += g->xadj[c];
    memcpy(p, g->xadj, (size_t)g->C * sizeof *p); /* fill positions */
    for (int i = 0; i < g->E; i++) {
        g->adj[p[g->eu[i]]] = g->ev[i];
        g->adjw[p[g->eu[i]]++] = g->ew[i];
        g->adj[p[g->ev[i]]] = g->eu[i];
        g->adjw[p[g->ev[i]]++] = g->ew[i];
    }
    g->fl = N / 2;
    g->ce = N - N / 2;
    g->heavy = 0;
    for (int c = 1; c < g->C; c++)
        if (g->w[c] > g->w[g->heavy])
            g->heavy = c;
    rc = subset_sum(g->w, g->C, g->fl, g->ce, ctx, &g->strict);
cleanup:
    free(p);
    noc_u64map_free(&map);
    return rc;
}

/* ---- heuristic upper bound ---------------------------------------------- */

/* Cut reduction when component c changes side. */
static long gain(const struct cgraph *g, const int *side, int c)
{
    long d = 0;
    for (int i = g->xadj[c]; i < g->xadj[c + 1]; i++)
        d += side[g->adj[i]] != side[c] ? g->adjw[i] : -g->adjw[i];
    return d;
}

static long cut_of(const struct cgraph *g, const int *side)
{
    long cut = 0;
    for (int i = 0; i < g->E; i++)
        if (side[g->eu[i]] != side[g->ev[i]])
            cut += g->ew[i];
    return cut;
}

/* Moves whole components until side 1 holds fl..ce terminals; picks the
 * best-gain component that fits.  Returns the terminal count on side 1. */
static long repair(const struct cgraph *g, int *side)
{
    long w1 = 0;
    for (int c = 0; c < g->C; c++)
        w1 += side[c] ? g->w[c] : 0;
    for (;;) {
        int from;
        long room;
        if (w1 > g->ce) {
            from = 1;
            room = w1 - g->fl;
        } else if (w1 < g->fl) {
            from = 0;
            room = g->ce - w1;
        } else {
            return w1;
        }
        int best = -1;
        long bg = 0;
        for (int c = 0; c < g->C; c++) {
            if (side[c] != from || g->w[c] <= 0 || g->w[c] > room)
                continue;
            long gc = gain(g, side, c);
            if (best < 0 || gc > bg || (gc == bg && g->w[c] > g->w[best])) {
                best = c;
                bg = gc;
            }
        }
        if (best < 0)
            return w1;
        side[best] = !from;
        w1 += from ? -g->w[best] : g->w[best];
    }
}

/* Greedy improvement: single moves with positive gain that keep side 1
 * within fl..ce terminals. */
static void refine(const struct cgraph *g, int *side, long w1)
{
    for (int pass = 0; pass < 20; pass++) {
        int moved = 0;
        for (int c = 0; c < g->C; c++) {
            long nw = w1 + (side[c] ? -g->w[c] : g->w[c]);
            if (nw < g->fl || nw > g->ce || gain(g, side, c) <= 0)
                continue;
            side[c] = !side[c];
            w1 = nw;
            moved = 1;
        }
        if (!moved)
            return;
    }
}

/* Turns a side assignment into a solution: a[] and, when whole components
 * cannot reach the exact split, detached terminals. */
static void finish(const struct cgraph *g, struct sol *s, long w1)
{
    for (int c = 0; c < g->C; c++)
        s->a[c] = s->side[c] ? g->w[c] : 0;
    s->detached = 0;
    long excess = w1 > g->ce ? w1 - g->ce : 0, need = w1 < g->fl ? g->fl - w1 : 0;
    for (int c = 0; c < g->C && (excess > 0 || need > 0); c++) {
        if (excess > 0 && s->side[c]) {
            long m = s->a[c] < excess ? s->a[c] : excess;
            s->a[c] -= (int)m;
            excess -= m;
            s->detached += m;
        } else if (need > 0 && !s->side[c]) {
            long m = g->w[c] < need ? g->w[c] : need;
            s->a[c] += (int)m;
            need -= m;
            s->detached += m;
        }
    }
    s->cut = cut_of(g, s->side);
}

/* Orients s so that the fixed component is on side 0. */
static void orient(const struct cgraph *g, struct sol *s)
{
    if (!s->side[g->heavy])
        return;
    for (int c = 0; c < g->C; c++) {
        s->side[c] = !s->side[c];
        s->a[c] = g->w[c] - s->a[c];
    }
}

static int better(const struct sol *x, const struct sol *y)
{
    return x->detached < y->detached || (x->detached == y->detached && x->cut < y->cut);
}

/* Best of several METIS seeds, repaired and refined, into *best (fewest
 * detached terminals first: in the strict model a solution with detached
 * terminals means the repair failed, and it is no valid start). */
static int heuristic(const struct cgraph *g, unsigned seed, struct sol *best, struct noc_ctx *ctx)
{
    struct sol cur = {NULL, NULL, 0, 0};
    int rc = NOC_OK, have = 0, N = g->fl + g->ce;
    cur.side = noc_malloc(ctx, (size_t)g->C + 1, sizeof(int));
    cur.a = noc_malloc(ctx, (size_t)g->C + 1, sizeof(int));
    int *plus1 = noc_malloc(ctx, (size_t)g->C + 1, sizeof(int));
    if (!cur.side || !cur.a || !plus1) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Odd runs weigh every component one more than its terminals: METIS
     * balances badly when most vertices weigh 0 (the middle stages of
     * multistage networks), and a balanced router split is usually close. */
    for (int c = 0; c < g->C; c++)
        plus1[c] = g->w[c] + 1;
    for (int i = 0; i < BISECT_SEEDS; i++) {
        long cut;
        int odd = i % 2;
        double tp = odd ? (double)(g->ce + g->C / 2) / (N + g->C) : (double)g->ce / N;
        rc = noc_part_bisect(g->C, g->xadj, g->adj, odd ? plus1 : g->w, g->adjw, tp,
                             seed + (unsigned)i, 1, cur.side, &cut, ctx);
        if (rc)
            goto cleanup;
        long w1 = repair(g, cur.side);
        if (w1 >= g->fl && w1 <= g->ce)
            refine(g, cur.side, w1);
        finish(g, &cur, w1);
        if (!have || better(&cur, best)) {
            memcpy(best->side, cur.side, (size_t)g->C * sizeof(int));
            memcpy(best->a, cur.a, (size_t)g->C * sizeof(int));
            best->cut = cur.cut;
            best->detached = cur.detached;
            have = 1;
        }
    }
    if (have)
        orient(g, best);
cleanup:
    free(cur.side);
    free(cur.a);
    free(plus1);
    return rc;
}

/* ---- lower bound and integer program ------------------------------------ */

/* The flow bound ceil(fl*ce / (N * gamma_optimal)), or 0 when unavailable. */
static long flow_bound(const struct noc_topo *t, const struct cgraph *g)
{
    struct noc_traffic tr;
    struct noc_ctx sub;
    noc_ctx_init(&sub);
    noc_traffic_init(&tr, t->nterminals);
    tr.uniform = 1;
    long lb = 0;
    double gamma = 0;
    if (noc_traffic_finalize(&tr, &sub) == NOC_OK &&
        noc_eval_lp_load(t, &tr, NOC_RT_OPTIMAL, &gamma, NULL, &sub) == NOC_OK && gamma > 0) {
        int N = t->nterminals;
        double b = (double)g->fl * g->ce / ((double)N * gamma);
        lb = (long)ceil(b - 1e-6 * (b > 1 ? b : 1));
    }
    noc_traffic_free(&tr);
    return lb > 0 ? lb : 0;
}

/* Solves the integer program; on return *links and *exact hold the result
 * (best of the program and the heuristic start `h`). */
static int ilp(const struct cgraph *g, const struct sol *h, long lb, int *links, int *exact,
               struct noc_ctx *ctx)
{
    struct noc_lp *lp = NULL;
    double *start = NULL;
    int C = g->C, E = g->E, rc;
    long M = 1;
    for (int i = 0; i < E; i++)
        M += g->ew[i];
    int det = !g->strict;
    if ((rc = noc_lp_create(&lp, NOC_LP_MIN, ctx)) != NOC_OK)
        return rc;
    /* columns: x[0..C), z[C..C+E), then (detach model) a and d per component */
    int x0 = noc_lp_add_cols(lp, C, 0, 1, 0, NOC_LP_BIN, ctx);
    int z0 = x0 >= 0 ? noc_lp_add_cols(lp, E, 0, 1, 0, NOC_LP_CONT, ctx) : -1;
    int a0 = z0 >= 0 && det ? noc_lp_add_cols(lp, C, 0, 0, 0, NOC_LP_INT, ctx) : z0;
    int d0 = a0 >= 0 && det ? noc_lp_add_cols(lp, C, 0, INFINITY, (double)M, NOC_LP_CONT, ctx) : a0;
    if (d0 < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    for (int i = 0; i < E; i++)
        noc_lp_set_obj(lp, z0 + i, g->ew[i], ctx);
    noc_lp_set_col_bounds(lp, x0 + g->heavy, 0, 0, ctx);
    int cols[3];
    double vals[3];
    for (int i = 0; i < E && rc == NOC_OK; i++) {
        /* z_e >= x_u - x_v and z_e >= x_v - x_u */
        cols[0] = z0 + i, cols[1] = x0 + g->eu[i], cols[2] = x0 + g->ev[i];
        vals[0] = 1, vals[1] = -1, vals[2] = 1;
        if (noc_lp_add_row(lp, 0, INFINITY, 3, cols, vals, ctx) < 0)
            rc = ctx->status;
        vals[1] = 1, vals[2] = -1;
        if (noc_lp_add_row(lp, 0, INFINITY, 3, cols, vals, ctx) < 0)
            rc = ctx->status;
    }
    int *bc = noc_malloc(ctx, (size_t)(C > E ? C : E) + 1, sizeof *bc);
    double *bv = noc_malloc(ctx, (size_t)(C > E ? C : E) + 1, sizeof *bv);
    if (!bc || !bv)
        rc = NOC_ENOMEM;
    for (int c = 0; c < C && rc == NOC_OK; c++) {
        bc[c] = (det ? a0 : x0) + c;
        bv[c] = det ? 1 : g->w[c];
        if (det) {
            noc_lp_set_col_bounds(lp, a0 + c, 0, g->w[c], ctx);
            /* d_c >= |a_c - w_c x_c| */
            cols[0] = d0 + c, cols[1] = a0 + c, cols[2] = x0 + c;
            vals[0] = 1, vals[1] = -1, vals[2] = g->w[c];
            if (noc_lp_add_row(lp, 0, INFINITY, 3, cols, vals, ctx) < 0)
                rc = ctx->status;
            vals[1] = 1, vals[2] = -g->w[c];
            if (noc_lp_add_row(lp, 0, INFINITY, 3, cols, vals, ctx) < 0)
                rc = ctx->status;
        }
    }
    if (rc == NOC_OK && noc_lp_add_row(lp, g->fl, g->ce, C, bc, bv, ctx) < 0)
        rc = ctx->status;
    if (rc == NOC_OK && lb > 0 && !det) {
        for (int i = 0; i < E; i++) {
            bc[i] = z0 + i;
            bv[i] = g->ew[i];
        }
        if (noc_lp_add_row(lp, (double)lb, INFINITY, E, bc, bv, ctx) < 0)
            rc = ctx->status;
    }
    free(bc);
    free(bv);
    if (rc)
        goto cleanup;
    if (!(g->strict && h->detached > 0)) {
        start = noc_calloc(ctx, (size_t)noc_lp_ncols(lp) + 1, sizeof *start);
        if (!start) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int c = 0; c < C; c++) {
            start[x0 + c] = h->side[c];
            if (det) {
                start[a0 + c] = h->a[c];
                start[d0 + c] = fabs((double)h->a[c] - (double)g->w[c] * h->side[c]);
            }
        }
        for (int i = 0; i < E; i++)
            start[z0 + i] = h->side[g->eu[i]] != h->side[g->ev[i]];
        if ((rc = noc_lp_set_start(lp, start, ctx)) != NOC_OK)
            goto cleanup;
    }
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.node_limit = BISECT_ILP_NODES;
    if (getenv("CUTS")) p.cuts = 1;
    if (getenv("NODES")) p.node_limit = atol(getenv("NODES"));
    p.time_limit_s = 600; /* a guard only; the node budget decides */
    int st = noc_lp_solve(lp, &p, ctx);
    if (getenv("LPDBG")) fprintf(stderr, "ilp C=%d E=%d lb=%ld st=%d nodes=%ld bound=%g obj=%g\n", C, E, lb, st, noc_lp_nodes(lp), noc_lp_bound(lp), noc_lp_obj(lp));
    if (st != NOC_OK && st != NOC_ELIMIT) {
        rc = st;
        goto cleanup;
    }
    noc_ctx_clear(ctx);
    int hvalid = !(g->strict && h->detached > 0);
    long best = hvalid ? h->cut : -1, bestdet = hvalid ? h->detached : -1;
    if (noc_lp_has_solution(lp)) {
        long cut = 0, dsum = 0;
        for (int i = 0; i < E; i++)
            if (lround(noc_lp_value(lp, x0 + g->eu[i])) != lround(noc_lp_value(lp, x0 + g->ev[i])))
                cut += g->ew[i];
        for (int c = 0; det && c < C; c++)
            dsum += lround(noc_lp_value(lp, d0 + c));
        if (best < 0 || dsum < bestdet || (dsum == bestdet && cut < best)) {
            best = cut;
            bestdet = dsum;
        }
    }
    if (best < 0) {
        rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "bisection: no partition found");
        goto cleanup;
    }
    *links = (int)best;
    /* Proven when the search finished, or the incumbent meets the bound. */
    double bound = noc_lp_bound(lp);
    double obj = det ? (double)bestdet * M + best : (double)best;
    *exact = st == NOC_OK || (isfinite(bound) && obj <= ceil(bound - 1e-6));
cleanup:
    free(start);
    noc_lp_free(lp);
    return rc;
}

int noc_eval_bisection(const struct noc_topo *t, unsigned seed, int *links, int *exact,
                       struct noc_ctx *ctx)
{
    struct cgraph g;
    struct sol h = {NULL, NULL, -1, 0};
    int rc;
    memset(&g, 0, sizeof g);
    *links = 0;
    *exact = 1;
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "bisection: topology not finalized");
    if (t->nterminals < 2)
        return NOC_OK; /* nothing to split */
    if ((rc = contract(t, &g, ctx)) != NOC_OK)
        goto cleanup;
    if (g.E == 0)
        goto cleanup; /* no link can be cut */
    h.side = noc_malloc(ctx, (size_t)g.C + 1, sizeof(int));
    h.a = noc_malloc(ctx, (size_t)g.C + 1, sizeof(int));
    if (!h.side || !h.a) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if ((rc = heuristic(&g, seed, &h, ctx)) != NOC_OK)
        goto cleanup;
    if (h.cut == 0 && h.detached == 0)
        goto cleanup; /* 0 links, no terminal detached: optimal */
    if (g.C > BISECT_ILP_MAX) {
        *links = (int)h.cut;
        *exact = 0;
        goto cleanup;
    }
    long lb = g.strict ? flow_bound(t, &g) : 0;
    if (g.strict && h.detached == 0 && lb >= h.cut) {
        *links = (int)h.cut; /* the flow bound proves the METIS value */
        goto cleanup;
    }
    rc = ilp(&g, &h, lb, links, exact, ctx);
cleanup:
    free(h.side);
    free(h.a);
    cgraph_free(&g);
    return rc;
}
