/* Min-max channel load by linear programming: the `ideal` (fractional
 * routing over minimal paths) and `optimal` (over all paths) routing models
 * of docs/INTERFACE.md section 2.
 *
 * Formulation (a multi-commodity flow, one commodity per destination):
 *   minimise L
 *   subject to, for every commodity k and node v other than k's sink,
 *       sum_{e out of v} f_k(e) - sum_{e into v} f_k(e) = b_k(v),
 *   and for every router-router channel e,  sum_k f_k(e) <= L,  f >= 0.
 * Aggregating all sources' demand to one destination is exact for min-max
 * load: any per-pair routing sums into a per-destination flow with the same
 * channel loads, and any per-destination flow decomposes into per-source
 * paths (flow decomposition) ending at that destination.  Terminals that
 * eject at the same single router share one commodity whose sink is that
 * router (a smaller LP, same optimum).  A terminal that injects at a single
 * router supplies its demand at that router; one with several injection (or
 * ejection) routers keeps flow variables on those terminal channels.
 * Terminal channels carry flow but are not capacity-limited (only
 * router-router channels count, docs/INTERFACE.md section 2).  Model: lpload_model.c.
 *
 * ideal: commodity k may use channel u -> v only when dist(u) = dist(v) + 1,
 * dist being the router-hop distance to k's ejection router(s) (BFS on the
 * reversed router graph), so every flow path is a minimal path; a
 * multi-injection terminal may only enter at its nearest routers.
 * optimal: every channel (except those leaving the sink router); flow
 * cycles, which an optimal solution may carry on uncritical channels, are
 * cancelled before the loads are reported.
 *
 * Solving.  GLPK's interior-point method was 2-5x faster than its simplex
 * method on these LPs from ~20k nonzeros on (8x8 torus optimal: 0.8 s
 * against 4.7 s), but on the very degenerate LPs of symmetric networks it
 * now and then stops with "numerical instability".  So: interior point (two
 * orderings, lp.c) on the formulation where each capacity row has its own
 * copy L_e <= L_parent of L in a binary tree (no dense column, which GLPK's
 * interior point handles badly); if that fails, the same with one L column
 * in every row; if that fails too, the simplex method (slow but sure).
 * LPs under 20k nonzeros go to the simplex at once.  Loads are snapped to
 * nearby simple fractions (snap()) to hide the interior point's ~1e-9
 * noise.
 *
 * Column generation (lpload_cg.c).  The interior point can also be very
 * slow on a sparse LP: the 1024-router fat tree of a 200-core compare (app
 * traffic of 450 flows, 38.6k nonzeros) took 36 s (the simplex 0.2 s, the
 * path LP by column generation 0.1 s).  So for `ideal` routing of app
 * traffic (no uniform part, every terminal on one router) from
 * LPLOAD_SIMPLEX_NNZ nonzeros on, when the flows are few against the LP
 * (nonzeros >= LPLOAD_CG_NNZ_PER_FLOW x flows), the path LP over minimal
 * paths is solved by column generation instead; its value is certified
 * within NOC_LPL_CG_GAP (1e-6) relative of this LP's optimum by the LP dual
 * bound, else this LP is solved after all.  Below 20k nonzeros nothing
 * changed (the simplex on this LP), so every small app's figures are the
 * same.  With many flows column generation is the slower one, hence the
 * ratio.  Measured (2-core machine, GLPK 5.0; this LP / column generation):
 * uniform traffic written as flows, 8x8 mesh (4096 flows, 21.5k nonzeros)
 * 0.4 / 2.0 s, 2-ary 6-tree (4096, 31.3k) 1.1 / 2.1 s; random flows on a
 * 12x12 mesh, 441 on 36.2k nonzeros 1.0 / 0.1 s, 1897 on 78.5k 2.6 /
 * 0.6 s; 997 on the 4-ary 4-tree (92.5k) 20 / 3.5 s; the bit-complement
 * permutation on the 2-ary 7-tree (128 flows, 49.8k) 27.6 / 0.13 s.
 *
 * Size limit: the LP's nonzeros are counted before anything is built (the
 * count stops early and extrapolates once past the limit); above
 * LPLOAD_MAX_NNZ the call fails with NOC_ELIMIT.  Measured on the 2-core
 * development machine (GLPK 5.0), nonzeros and seconds:
 *   8x8 mesh    ideal  21k 0.2    optimal  42k 0.4
 *   8x8 torus   ideal  25k 0.35   optimal  48k 0.8
 *   9x9 torus   ideal  35k 0.6    optimal  78k 23 (simplex fallback)
 *   10x10 torus ideal  60k 3.5    optimal 119k 3
 *   11x11 torus ideal  80k 27 (simplex fallback)   optimal 174k 8
 *   12x12 mesh  ideal 114k 5      optimal 227k (over the limit)
 *   16x16 mesh  ideal 369k 62 (over the limit)
 * so 200k nonzeros keeps a solve under ~30 s, fallbacks included.
 */
#include "nocsyn/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lpload_int.h"
#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define LPLOAD_MAX_NNZ 200000L
#define LPLOAD_SIMPLEX_NNZ 20000L /* below: simplex directly */
#define LPLOAD_CG_NNZ_PER_FLOW 16 /* column generation when nnz >= this x flows */

/* The LP under construction: columns of each channel's variables. */
struct build {
    int *cap_off, *cap_fill, *cap_col; /* per router-router channel */
    int *cols;
    double *vals;
};

static int check_args(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                      struct noc_ctx *ctx)
{
    if (model != NOC_RT_IDEAL && model != NOC_RT_OPTIMAL)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0, "LP load: routing must be ideal or optimal");
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP load: topology not finalized");
    if (!tr || tr->n != t->nterminals || (tr->nent > 0 && !tr->off) || !isfinite(tr->uniform) ||
        tr->uniform < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP load: traffic does not match the topology");
    return NOC_OK;
}

/* Removes flow cycles of one commodity (f indexed by channel): repeatedly
 * finds a cycle of positive flow by depth-first search and subtracts its
 * smallest flow.  Loads only drop; the commodity stays feasible.  Each
 * cancellation zeroes a channel, so O(E (V + E)) at worst.  Scratch:
 * state, pos, it, stk, stke (V each). */
static void cancel_cycles(const struct noc_graph *g, double *f, double eps, int *state,
                          int *pos, int *it, int *stk, int *stke)
{
    int V = g->n;
    for (int v = 0; v < V; v++)
        state[v] = 0;
    for (int root = 0; root < V; root++) {
        if (state[root])
            continue;
        int top = 0;
        stk[0] = root;
        pos[root] = 0;
        state[root] = 1;
        it[root] = g->off[root];
        while (top >= 0) {
            int u = stk[top];
            while (it[u] < g->off[u + 1] && f[it[u]] <= eps)
                it[u]++;
            if (it[u] == g->off[u + 1]) {
                state[u] = 2;
                top--;
                continue;
            }
            int e = it[u], w = g->dst[e];
            if (state[w] == 2) {
                it[u]++;
                continue;
            }
            if (state[w] == 0) {
                stke[top] = e;
                stk[++top] = w;
                pos[w] = top;
                state[w] = 1;
                it[w] = g->off[w];
                continue;
            }
            /* cycle: stke[pos[w] .. top-1] then e */
            stke[top] = e;
            double m = f[e];
            for (int i = pos[w]; i <= top; i++)
                m = f[stke[i]] < m ? f[stke[i]] : m;
            for (int i = pos[w]; i <= top; i++) {
                f[stke[i]] -= m;
                if (f[stke[i]] <= eps)
                    f[stke[i]] = 0;
            }
            for (int i = pos[w] + 1; i <= top; i++)
                state[stk[i]] = 0; /* revisit later */
            top = pos[w];
        }
    }
}

/* Capacity rows sum_k f_k(e) <= L_e.  tree: L_e <= L_parent in a binary
 * tree rooted at L (column 0), every column sparse; otherwise L_e is L
 * itself (one dense column).  Same optimum either way. */
static int add_capacity_rows(const struct lpl *s, struct noc_lp *lp, const struct build *b,
                             int tree, struct noc_ctx *ctx)
{
    int maxc = 1, nrow = 0, rc = NOC_OK;
    for (int e = 0; e < s->nch; e++) {
        if (s->cap_cnt[e] + 1 > maxc)
            maxc = s->cap_cnt[e] + 1;
        nrow += s->cap_cnt[e] > 0;
    }
    int *rowc = noc_malloc(ctx, (size_t)maxc, sizeof *rowc);
    double *rowv = noc_malloc(ctx, (size_t)maxc, sizeof *rowv);
    int first = noc_lp_add_cols(lp, tree ? nrow : 0, 0, INFINITY, 0, NOC_LP_CONT, ctx);
    if (!rowc || !rowv || first < 0) {
        rc = first < 0 && ctx->status ? ctx->status : NOC_ENOMEM;
        goto cleanup;
    }
    int r = 0;
    for (int e = 0; e < s->nch; e++) {
        int n = s->cap_cnt[e];
        if (n == 0)
            continue;
        for (int i = 0; i < n; i++) {
            rowc[i] = b->cap_col[b->cap_off[e] + i];
            rowv[i] = 1;
        }
        rowc[n] = tree ? first + r : 0;
        rowv[n] = -1;
        if (noc_lp_add_row(lp, -INFINITY, 0, n + 1, rowc, rowv, ctx) < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
        int link[2] = {r == 0 ? 0 : first + (r - 1) / 2, first + r};
        double lv[2] = {1, -1};
        if (tree && noc_lp_add_row(lp, 0, INFINITY, 2, link, lv, ctx) < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
        r++;
    }
cleanup:
    free(rowc);
    free(rowv);
    return rc;
}

/* Builds the whole LP: column 0 is L, then each commodity's flows in
 * channel order, then (tree) the copies of L. */
static int build_lp(struct lpl *s, struct build *b, int tree, struct noc_lp **out,
                    struct noc_ctx *ctx)
{
    struct noc_lp *lp = NULL;
    int rc = noc_lp_create(&lp, NOC_LP_MIN, ctx);
    if (rc)
        return rc;
    memset(b->cap_fill, 0, (size_t)s->nch * sizeof *b->cap_fill);
    if (noc_lp_add_cols(lp, 1, 0, INFINITY, 1, NOC_LP_CONT, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    for (int k = 0; k < s->ncomm; k++) {
        if (noc_lpl_demands(s, k) <= 0)
            continue;
        noc_lpl_distances(s, k);
        int bad = -1;
        long kept = noc_lpl_select(s, k, &bad);
        int first = noc_lp_add_cols(lp, (int)kept, 0, INFINITY, 0, NOC_LP_CONT, ctx);
        if (first < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        rc = noc_lpl_build_commodity(s, lp, k, first, b->cap_fill, b->cap_off, b->cap_col,
                                     b->cols, b->vals, ctx);
        if (rc)
            goto cleanup;
    }
    rc = add_capacity_rows(s, lp, b, tree, ctx);
cleanup:
    if (rc) {
        noc_lp_free(lp);
        lp = NULL;
    }
    *out = lp;
    return rc;
}

/* Builds and solves, falling back as described at the top of the file. */
static int build_and_solve(struct lpl *s, struct build *b, struct noc_lp **out,
                           struct noc_ctx *ctx)
{
    struct noc_lp_params p;
    noc_lp_params_init(&p);
    int rc = NOC_EINTERNAL;
    *out = NULL;
    if (s->nnz < LPLOAD_SIMPLEX_NNZ) {
        p.method = NOC_LP_SIMPLEX;
        if ((rc = build_lp(s, b, 0, out, ctx)) == NOC_OK)
            rc = noc_lp_solve(*out, &p, ctx);
    } else {
        for (int tree = 1; tree >= 0 && rc == NOC_EINTERNAL; tree--) {
            noc_lp_free(*out);
            noc_ctx_clear(ctx);
            p.method = NOC_LP_INTERIOR;
            if ((rc = build_lp(s, b, tree, out, ctx)) == NOC_OK)
                rc = noc_lp_solve(*out, &p, ctx);
        }
        if (rc == NOC_EINTERNAL) {
            noc_ctx_clear(ctx);
            p.method = NOC_LP_SIMPLEX;
            rc = noc_lp_solve(*out, &p, ctx);
        }
    }
    if (rc == NOC_EINFEASIBLE || rc == NOC_ELIMIT) {
        /* Every demand can reach its sink (checked), so this is GLPK's doing. */
        noc_ctx_clear(ctx);
        rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "%s routing LP: GLPK did not solve it (%s)",
                       noc_routing_name(s->model), noc_strerror(rc));
    }
    return rc;
}

/* Reads the flows back: per commodity (cycles cancelled for `optimal`),
 * summed per channel into flow[]. */
static int read_flows(struct lpl *s, const struct noc_lp *lp, double *flow, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &s->t->g;
    int V = s->V;
    double *f = noc_calloc(ctx, (size_t)s->nch + 1, sizeof *f);
    int *scratch = noc_malloc(ctx, 5 * (size_t)V + 1, sizeof *scratch);
    if (!f || !scratch) {
        free(f);
        free(scratch);
        return NOC_ENOMEM;
    }
    double l = noc_lp_value(lp, 0);
    double eps = 1e-10 * (l > 1 ? l : 1);
    int col = 1;
    for (int k = 0; k < s->ncomm; k++) {
        if (noc_lpl_demands(s, k) <= 0)
            continue;
        noc_lpl_distances(s, k);
        int bad = -1;
        noc_lpl_select(s, k, &bad);
        for (int e = 0; e < s->nch; e++) {
            f[e] = 0;
            if (s->var[e] < 0)
                continue;
            double x = noc_lp_value(lp, col++);
            f[e] = x > eps ? x : 0;
        }
        if (s->model == NOC_RT_OPTIMAL)
            cancel_cycles(g, f, eps, scratch, scratch + V, scratch + 2 * V, scratch + 3 * V,
                          scratch + 4 * V);
        for (int e = 0; e < s->nch; e++)
            flow[e] += f[e];
    }
    free(f);
    free(scratch);
    return NOC_OK;
}

/* The interior-point method is accurate to ~1e-9 relative (2.0000000002
 * for the 8x8 mesh).  Loads are rationals; a value within 1e-8 relative of
 * the simplest fraction p/q near it (first continued-fraction convergent
 * that close, q <= 1e6) is reported as that fraction: for true denominators
 * up to ~5000 this recovers the exact optimum (two fractions with
 * denominators <= q differ by >= 1/q^2), otherwise it moves the value by
 * less than the solver's own error. */
static double snap(double x)
{
    double tol = 1e-8 * (x > 1 ? x : 1), y = x;
    double p0 = 0, q0 = 1, p1 = 1, q1 = 0; /* convergents h(-2), h(-1) */
    if (!(x > 0) || x > 1e9)
        return x;
    for (int i = 0; i < 40; i++) {
        double a = floor(y);
        double p2 = a * p1 + p0, q2 = a * q1 + q0;
        if (q2 > 1e6)
            break;
        if (fabs(x - p2 / q2) <= tol)
            return p2 / q2;
        if (y - a < 1e-15)
            break;
        y = 1 / (y - a);
        p0 = p1, q0 = q1, p1 = p2, q1 = q2;
    }
    return x;
}

static void build_free(struct build *b)
{
    free(b->cap_off);
    free(b->cap_fill);
    free(b->cap_col);
    free(b->cols);
    free(b->vals);
}

int noc_eval_lp_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     double *max_load, double *load, struct noc_ctx *ctx)
{
    return noc_lpl_max_load(t, tr, model, LPLOAD_MAX_NNZ, max_load, load, ctx);
}

int noc_lpl_max_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     long max_nnz, double *max_load, double *load, struct noc_ctx *ctx)
{
    return noc_lpl_solve(t, tr, model, max_nnz, NOC_LPL_AUTO, max_load, NULL, NULL, load, ctx);
}

int noc_lpl_solve(const struct noc_topo *t, const struct noc_traffic *tr, int model, long max_nnz,
                  int method, double *max_load, double *lb, int *used, double *load,
                  struct noc_ctx *ctx)
{
    struct lpl s;
    struct build b;
    struct noc_lp *lp = NULL;
    double *flow = NULL;
    int rc = check_args(t, tr, model, ctx);
    if (rc)
        return rc;
    *max_load = 0;
    if (lb)
        *lb = 0;
    memset(&s, 0, sizeof s);
    memset(&b, 0, sizeof b);
    s.t = t;
    s.tr = tr;
    s.model = model;
    s.R = t->nrouters;
    s.N = t->nterminals;
    s.V = t->nnodes;
    s.nch = t->nch;
    s.max_nnz = max_nnz;
    if (load)
        for (int e = 0; e < s.nch; e++)
            load[e] = 0;
    if (s.N == 0)
        return NOC_OK;
    NOC_CHECK(noc_lpl_setup(&s, ctx));
    rc = noc_lpl_count(&s, ctx);
    if (rc == NOC_ELIMIT || (rc == NOC_OK && max_nnz > 0 && s.nnz > max_nnz)) {
        rc = noc_error(ctx, NOC_ELIMIT, NULL, 0,
                       "%s routing LP for %d routers would have %s%ld variables and %ld nonzeros; "
                       "above the limit of %ld nonzeros; use --routing ecmp",
                       noc_routing_name(model), s.R, rc == NOC_ELIMIT ? "about " : "", s.nvars + 1,
                       s.nnz, max_nnz);
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    flow = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *flow);
    b.cap_off = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *b.cap_off);
    b.cap_fill = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *b.cap_fill);
    b.cap_col = noc_malloc(ctx, (size_t)s.nvars + 1, sizeof *b.cap_col);
    b.cols = noc_malloc(ctx, (size_t)s.nch + 1, sizeof *b.cols);
    b.vals = noc_malloc(ctx, (size_t)s.nch + 1, sizeof *b.vals);
    if (!flow || !b.cap_off || !b.cap_fill || !b.cap_col || !b.cols || !b.vals) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int e = 0; e < s.nch; e++)
        b.cap_off[e + 1] = b.cap_off[e] + s.cap_cnt[e];
    int cg = method == NOC_LPL_CG ||
             (method == NOC_LPL_AUTO && s.nnz >= LPLOAD_SIMPLEX_NNZ &&
              (long)tr->nent * LPLOAD_CG_NNZ_PER_FLOW <= s.nnz && noc_lpl_cg_eligible(&s));
    if (method == NOC_LPL_CG && !noc_lpl_cg_eligible(&s)) {
        rc = noc_error(ctx, NOC_EUNSUP, NULL, 0, "LP load: column generation does not apply");
        goto cleanup;
    }
    double bound = NAN;
    if (cg && s.nvars > 0) {
        rc = noc_lpl_cg(&s, flow, &bound, ctx);
        if (rc == NOC_ELIMIT && method == NOC_LPL_AUTO) {
            cg = 0; /* not certified: the exact LP below */
            noc_ctx_clear(ctx);
            rc = NOC_OK;
            for (int e = 0; e < s.nch; e++)
                flow[e] = 0;
        }
        if (rc)
            goto cleanup;
    }
    if (!cg && s.nvars > 0 && ((rc = build_and_solve(&s, &b, &lp, ctx)) != NOC_OK ||
                               (rc = read_flows(&s, lp, flow, ctx)) != NOC_OK))
        goto cleanup;
    double mx = 0;
    for (int e = 0; e < s.nch; e++)
        flow[e] = snap(flow[e]);
    for (int e = 0; e < s.nch; e++)
        if (noc_topo_is_rr(t, e) && flow[e] > mx)
            mx = flow[e];
    *max_load = mx;
    if (lb)
        *lb = isnan(bound) ? mx : bound;
    if (used)
        *used = cg ? NOC_LPL_CG : NOC_LPL_EXACT;
    if (load) {
        memcpy(load, flow, (size_t)s.nch * sizeof *load);
        noc_lpl_terminal_loads(&s, s.bsrc, load);
    }
cleanup:
    noc_lp_free(lp);
    build_free(&b);
    free(flow);
    noc_lpl_free(&s);
    return rc;
}
