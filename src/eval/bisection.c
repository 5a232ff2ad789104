/* Bisection width (INTERFACE 2): the fewest router-router links cut by a
 * partition that splits the terminals into floor(N/2) and ceil(N/2).
 *
 * Model.  Terminal links are not links, so they are never counted; instead
 * a terminal sits on the side of every router it attaches to (its injection
 * and ejection routers; for a direct network simply its router).  Routers
 * tied together by a terminal (a butterfly's first- and last-stage switches
 * serving the same terminals) therefore form one "component", weighted by
 * its terminals, and the problem is a min-cut partition of the contracted
 * graph whose side weights are floor(N/2) and ceil(N/2).  (Letting terminals
 * float free of their routers would make every indirect network's bisection
 * 0: all switches on one side, the terminals split across.)  When no set of
 * components weighs exactly floor(N/2) or ceil(N/2) (one router holding every
 * terminal; a 3x3 cmesh with 4 terminals per router), some terminals must
 * leave their routers: the partition then detaches as few terminals as
 * possible, D (found by subset sum), and among those cuts the fewest links.
 * Detached terminals do not change the links cut, so this is the same
 * min-cut problem with side 1 holding [floor(N/2) - D, ceil(N/2) + D]
 * terminals' worth of components (no value strictly inside is reachable).
 *
 * Method.  Upper bound: METIS bisection of the contracted graph (several
 * seeds from `seed`), repaired to the terminal range and improved by greedy
 * moves.  Lower bound: the all-to-all flow bound (Dally & Towles, Principles
 * and Practices of Interconnection Networks, sec. 3.3): under uniform
 * traffic a side with W terminals exchanges W(N-W)/N units each way with the
 * other, so with gamma the best achievable max channel load (GLPK LP, ideal
 * then optimal routing, eval.h) any such partition cuts at least
 * W(N-W)/(N gamma) channels per direction, hence as many links.  It is tight
 * on meshes, tori, hypercubes and rings, where it proves the METIS value at
 * once.  Otherwise an integer program (binary side per component, cut
 * indicator z_e >= |x_u - x_v|, terminal range, the lower bound as a cut, the
 * heaviest component fixed to side 0 against the swap symmetry, the METIS
 * solution as starting incumbent) closes the gap within a deterministic
 * node budget; when the budget runs out the best partition found is
 * reported with exact = 0.  Instances with more than BISECT_ILP_MAX
 * components, or more than BISECT_ILP_BARE when the flow-bound LP is too
 * large, get the METIS bound (exact = 0).
 *
 * Measured (2-core machine): every gen family tried up to 64 routers is
 * proven (8x8 mesh 0.2 s, 8x8 torus 0.3 s, 6-cube 0.9 s, 4-ary 3-fly 0.2 s,
 * 8-ary 2-flat c=8 4.6 s), and random graphs of 64 routers with average
 * degree 3-4 in 0.4-1.6 s; denser random graphs (degree 6) and fat trees
 * (4-ary 3-tree) exhaust the 4000-node budget (~5 s) and report exact =
 * false (100000 nodes prove the degree-6 case in 32 s).
 */
#include "nocsyn/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lpload_int.h"
#include "nocsyn/lp.h"
#include "nocsyn/part.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define BISECT_ILP_MAX 128      /* components solved by the integer program */
#define BISECT_ILP_BARE 64      /* ... of which without a flow bound */
#define BISECT_ILP_NODES 4000L  /* branch-and-bound budget (deterministic) */
#define BISECT_LB_NNZ 60000L    /* largest flow-bound LP (nonzeros) */
#define BISECT_SEEDS 8          /* METIS runs */

/* The contracted graph. */
struct cgraph {
    int C;               /* components */
    int *comp;           /* router -> component */
    int *w;              /* terminals per component */
    int E;               /* contracted edges (u < v), weight = links */
    int *eu, *ev, *ew;
    int *xadj, *adj, *adjw; /* symmetric CSR for METIS and gains */
    int N, lo, hi;       /* side 1 must hold lo..hi terminals */
    int split;           /* the smaller side holds at least split terminals */
    int heavy;           /* component fixed to side 0 */
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

/* Sets [lo, hi]: the component weights reachable by subsets (bitset subset
 * sum, O(C * N / 64)) nearest to [split, N - split] (split = floor(N/2)
 * for the bisection). */
static int balance_range(struct cgraph *g, struct noc_ctx *ctx)
{
    int N = g->N, fl = g->split, ce = N - g->split;
    size_t words = (size_t)N / 64 + 1;
    uint64_t *b = noc_calloc(ctx, words, sizeof *b);
    if (!b)
        return NOC_ENOMEM;
    b[0] = 1;
    for (int c = 0; c < g->C; c++) {
        int s = g->w[c];
        if (s <= 0)
            continue;
        size_t ws = (size_t)s / 64, bs = (size_t)s % 64;
        for (size_t i = words; i-- > ws;) {
            uint64_t v = b[i - ws] << bs;
            if (bs && i > ws)
                v |= b[i - ws - 1] >> (64 - bs);
            b[i] |= v;
        }
    }
    int d = 0;
    while (!(b[(fl - d) / 64] >> ((fl - d) % 64) & 1) && !(b[(ce + d) / 64] >> ((ce + d) % 64) & 1))
        d++; /* terminates: sum 0 and sum N are reachable */
    g->lo = fl - d;
    g->hi = ce + d;
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
    g->eu = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *g->eu);
    g->ev = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *g->ev);
    g->ew = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *g->ew);
    if (!p || !g->comp || !g->w || !g->eu || !g->ev || !g->ew) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    noc_uf_init(p, R);
    for (int v = R; v < R + N; v++) { /* tie each terminal's routers */
        int first = noc_topo_inject_router(t, v);
        for (int e = gr->off[v]; e < gr->off[v + 1]; e++)
            noc_uf_union_min(p, first, gr->dst[e]);
        for (int i = gr->in_off[v]; i < gr->in_off[v + 1]; i++)
            noc_uf_union_min(p, first, gr->src[gr->in_edge[i]]);
    }
    for (int r = 0; r < R; r++) /* roots are the smallest ids: numbered first */
        g->comp[r] = noc_uf_find(p, r) == r ? g->C++ : -1;
    for (int r = 0; r < R; r++)
        g->comp[r] = g->comp[noc_uf_find(p, r)];
    for (int v = R; v < R + N; v++)
        g->w[g->comp[noc_topo_inject_router(t, v)]]++;
    for (int e = 0; e < t->nch; e++) {
        if (!noc_topo_is_rr(t, e) || (gr->rev[e] >= 0 && gr->rev[e] < e))
            continue; /* one count per link (INTERFACE 2) */
        int a = g->comp[gr->src[e]], b = g->comp[gr->dst[e]];
        if (a == b)
            continue;
        int lo = a < b ? a : b, hi = a < b ? b : a;
        int id = noc_u64map_get(&map, noc_pair_key(lo, hi));
        if (id >= 0) {
            g->ew[id]++;
            continue;
        }
        NOC_CHECK(noc_u64map_put(&map, noc_pair_key(lo, hi), g->E, ctx));
        g->eu[g->E] = lo;
        g->ev[g->E] = hi;
        g->ew[g->E++] = 1;
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
    g->N = N;
    g->heavy = 0;
    for (int c = 1; c < g->C; c++)
        if (g->w[c] > g->w[g->heavy])
            g->heavy = c;
    rc = balance_range(g, ctx);
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

static long weight1(const struct cgraph *g, const int *side)
{
    long w1 = 0;
    for (int c = 0; c < g->C; c++)
        w1 += side[c] ? g->w[c] : 0;
    return w1;
}

/* Moves whole components, best gain first among those that fit, until
 * side 1 holds lo..hi terminals.  Returns 1 on success. */
static int repair(const struct cgraph *g, int *side)
{
    long w1 = weight1(g, side);
    for (;;) {
        int from;
        long room;
        if (w1 > g->hi) {
            from = 1;
            room = w1 - g->lo;
        } else if (w1 < g->lo) {
            from = 0;
            room = g->hi - w1;
        } else {
            return 1;
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
            return 0;
        side[best] = !from;
        w1 += from ? -g->w[best] : g->w[best];
    }
}

/* Greedy improvement: single moves with positive gain that keep side 1
 * within lo..hi terminals. */
static void refine(const struct cgraph *g, int *side)
{
    long w1 = weight1(g, side);
    for (int pass = 0; pass < 20; pass++) {
        int moved = 0;
        for (int c = 0; c < g->C; c++) {
            long nw = w1 + (side[c] ? -g->w[c] : g->w[c]);
            if (nw < g->lo || nw > g->hi || gain(g, side, c) <= 0)
                continue;
            side[c] = !side[c];
            w1 = nw;
            moved = 1;
        }
        if (!moved)
            return;
    }
}

/* A valid partition by subset sum when the greedy repair failed every
 * time: components chosen for side 1 by dynamic programming (from[s] = the
 * item that first reached sum s), O(C * hi). */
static int dp_partition(const struct cgraph *g, int *side, struct noc_ctx *ctx)
{
    int *from = noc_malloc(ctx, (size_t)g->hi + 1, sizeof *from);
    if (!from)
        return NOC_ENOMEM;
    for (int s = 0; s <= g->hi; s++)
        from[s] = -1;
    from[0] = g->C; /* reached by no item */
    for (int c = 0; c < g->C; c++)
        for (int s = g->hi; s >= g->w[c] && g->w[c] > 0; s--)
            if (from[s] < 0 && from[s - g->w[c]] >= 0 && from[s - g->w[c]] != c)
                from[s] = c;
    int s = from[g->lo] >= 0 ? g->lo : g->hi;
    memset(side, 0, (size_t)g->C * sizeof *side);
    while (s > 0) {
        side[from[s]] = 1;
        s -= g->w[from[s]];
    }
    free(from);
    return NOC_OK;
}

/* Best of several METIS seeds, repaired and refined, into best[] (side per
 * component, heavy component on side 0); *cut gets its cut. */
static int heuristic(const struct cgraph *g, unsigned seed, int *best, long *cut,
                     struct noc_ctx *ctx)
{
    int rc = NOC_OK, N = g->N;
    int *cur = noc_malloc(ctx, (size_t)g->C + 1, sizeof *cur);
    int *plus1 = noc_malloc(ctx, (size_t)g->C + 1, sizeof *plus1);
    *cut = -1;
    if (!cur || !plus1) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Odd runs weigh every component one more than its terminals: METIS
     * balances badly when most vertices weigh 0 (the middle stages of
     * multistage networks), and a balanced router split is usually close. */
    for (int c = 0; c < g->C; c++)
        plus1[c] = g->w[c] + 1;
    for (int i = 0; i < BISECT_SEEDS; i++) {
        int odd = i % 2;
        double tp = odd ? (double)(g->hi + g->C / 2) / (N + g->C) : (double)g->hi / N;
        if (tp >= 1)
            tp = 0.5;
        rc = noc_part_bisect(g->C, g->xadj, g->adj, odd ? plus1 : g->w, g->adjw, tp,
                             seed + (unsigned)i, 1, cur, NULL, ctx);
        if (rc)
            goto cleanup;
        if (!repair(g, cur))
            continue;
        refine(g, cur);
        long c = cut_of(g, cur);
        if (*cut < 0 || c < *cut) {
            memcpy(best, cur, (size_t)g->C * sizeof *cur);
            *cut = c;
        }
    }
    if (*cut < 0) {
        NOC_CHECK(dp_partition(g, best, ctx));
        refine(g, best);
        *cut = cut_of(g, best);
    }
    if (best[g->heavy]) /* the range is symmetric: W -> N - W */
        for (int c = 0; c < g->C; c++)
            best[c] = !best[c];
cleanup:
    free(cur);
    free(plus1);
    return rc;
}

/* ---- lower bound and integer program ------------------------------------ */

/* The flow bound ceil(lo (N - lo) / (N gamma)) with gamma from the ideal,
 * then (when that does not reach `target`) the optimal routing LP; 0 when
 * unavailable (LP too large, a pair unreachable). */
static long flow_bound(const struct noc_topo *t, const struct cgraph *g, long target)
{
    struct noc_traffic tr;
    struct noc_ctx sub;
    noc_ctx_init(&sub);
    noc_traffic_init(&tr, t->nterminals);
    tr.uniform = 1;
    long lb = 0;
    static const int models[] = {NOC_RT_IDEAL, NOC_RT_OPTIMAL};
    for (size_t i = 0; i < 2 && lb < target; i++) {
        double gamma = 0;
        noc_ctx_clear(&sub);
        if (noc_traffic_finalize(&tr, &sub) != NOC_OK ||
            noc_lpl_max_load(t, &tr, models[i], BISECT_LB_NNZ, &gamma, NULL, &sub) != NOC_OK ||
            gamma <= 0)
            continue;
        double b = (double)g->lo * (g->N - g->lo) / ((double)g->N * gamma);
        long v = (long)ceil(b - 1e-6 * (b > 1 ? b : 1));
        if (v > lb)
            lb = v;
    }
    noc_traffic_free(&tr);
    return lb;
}

/* Solves the integer program from the heuristic partition h (cut hcut);
 * *links and *exact get the result. */
static int ilp(const struct cgraph *g, const int *h, long hcut, long lb, int *links, int *exact,
               struct noc_ctx *ctx)
{
    struct noc_lp *lp = NULL;
    double *start = NULL, *bv = NULL;
    int *bc = NULL;
    int C = g->C, E = g->E, rc;
    if ((rc = noc_lp_create(&lp, NOC_LP_MIN, ctx)) != NOC_OK)
        return rc;
    /* columns: x[0..C) side of each component, z[C..C+E) cut indicators */
    if (noc_lp_add_cols(lp, C, 0, 1, 0, NOC_LP_BIN, ctx) < 0 ||
        noc_lp_add_cols(lp, E, 0, 1, 0, NOC_LP_CONT, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    noc_lp_set_col_bounds(lp, g->heavy, 0, 0, ctx);
    int n = C > E ? C : E;
    bc = noc_malloc(ctx, (size_t)n + 1, sizeof *bc);
    bv = noc_malloc(ctx, (size_t)n + 1, sizeof *bv);
    start = noc_malloc(ctx, (size_t)(C + E) + 1, sizeof *start);
    if (!bc || !bv || !start) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < E; i++) {
        /* z_e >= x_u - x_v and z_e >= x_v - x_u */
        int cols[3] = {C + i, g->eu[i], g->ev[i]};
        double up[3] = {1, -1, 1}, down[3] = {1, 1, -1};
        noc_lp_set_obj(lp, C + i, g->ew[i], ctx);
        if (noc_lp_add_row(lp, 0, INFINITY, 3, cols, up, ctx) < 0 ||
            noc_lp_add_row(lp, 0, INFINITY, 3, cols, down, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        bc[i] = C + i;
        bv[i] = g->ew[i];
    }
    if (lb > 0 && noc_lp_add_row(lp, (double)lb, INFINITY, E, bc, bv, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    for (int c = 0; c < C; c++) {
        bc[c] = c;
        bv[c] = g->w[c];
        start[c] = h[c];
    }
    if (noc_lp_add_row(lp, g->lo, g->hi, C, bc, bv, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    for (int i = 0; i < E; i++)
        start[C + i] = h[g->eu[i]] != h[g->ev[i]];
    NOC_CHECK(noc_lp_set_start(lp, start, ctx));
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    p.node_limit = BISECT_ILP_NODES; /* GLPK's cuts measured slower here */
    p.time_limit_s = 600; /* a guard only; the node budget decides */
    int st = noc_lp_solve(lp, &p, ctx);
    if (st != NOC_OK && st != NOC_ELIMIT) {
        rc = st;
        goto cleanup;
    }
    noc_ctx_clear(ctx);
    long best = hcut;
    if (noc_lp_has_solution(lp)) {
        long cut = 0;
        for (int i = 0; i < E; i++)
            if (lround(noc_lp_value(lp, g->eu[i])) != lround(noc_lp_value(lp, g->ev[i])))
                cut += g->ew[i];
        best = cut < best ? cut : best;
    }
    *links = (int)best;
    /* Proven when the search finished, or the incumbent meets the bound. */
    double bound = noc_lp_bound(lp);
    *exact = st == NOC_OK || (isfinite(bound) && (double)best <= ceil(bound - 1e-6));
cleanup:
    free(bc);
    free(bv);
    free(start);
    noc_lp_free(lp);
    return rc;
}

int noc_eval_bisection(const struct noc_topo *t, unsigned seed, int *links, int *exact,
                       struct noc_ctx *ctx)
{
    *links = 0;
    *exact = 1;
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "bisection: topology not finalized");
    if (t->nterminals < 2)
        return NOC_OK; /* nothing to split */
    return noc_eval_cut(t, t->nterminals / 2, seed, links, exact, ctx);
}

int noc_eval_cut(const struct noc_topo *t, int side, unsigned seed, int *links, int *exact,
                 struct noc_ctx *ctx)
{
    struct cgraph g;
    int *h = NULL, rc;
    long hcut;
    memset(&g, 0, sizeof g);
    *links = 0;
    *exact = 1;
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "cut: topology not finalized");
    if (side < 1 || side > t->nterminals / 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "cut: the smaller side must hold 1..%d terminals (N = %d), not %d",
                         t->nterminals / 2, t->nterminals, side);
    g.split = side;
    NOC_CHECK(contract(t, &g, ctx));
    if (g.E == 0)
        goto cleanup; /* no link can be cut */
    h = noc_malloc(ctx, (size_t)g.C + 1, sizeof *h);
    if (!h) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(heuristic(&g, seed, h, &hcut, ctx));
    *links = (int)hcut;
    if (hcut == 0)
        goto cleanup; /* nothing cut: optimal */
    if (g.C > BISECT_ILP_MAX) {
        *exact = 0;
        goto cleanup;
    }
    long lb = flow_bound(t, &g, hcut);
    if (lb >= hcut)
        goto cleanup; /* the flow bound proves the METIS value */
    if (lb == 0 && g.C > BISECT_ILP_BARE) {
        /* Without a bound (its LP too large) the program's relaxation is 0
         * and branching alone does not finish at this size (measured:
         * 7-cube, 5x5x5 torus spent 15 s for nothing). */
        *exact = 0;
        goto cleanup;
    }
    rc = ilp(&g, h, hcut, lb, links, exact, ctx);
cleanup:
    free(h);
    cgraph_free(&g);
    return rc;
}
