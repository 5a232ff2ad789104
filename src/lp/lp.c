/* The LP/MIP layer over GLPK (the only file that includes <glpk.h>).
 *
 * The problem lives in our own arrays (columns, CSR rows with a dummy slot 0
 * so that GLPK's 1-based arrays can point into them) until the first solve,
 * which builds the glp_prob in one glp_load_matrix call.  Later changes of
 * objective or bounds go to both copies (warm start kept); added rows or
 * columns mark the glp_prob stale and the next solve rebuilds it. */
#include "lp_int.h"

#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* AUTO uses the interior-point method from this many nonzeros on: on the
 * multicommodity flow LPs of src/eval/lpload.c it was 2-7x faster than the
 * simplex method at 8x8 mesh/torus size (measured, GLPK 5.0), and the
 * simplex is kept for small problems, MIPs and time-limited solves. */
#define LP_INTERIOR_NNZ 20000


/* What the GLPK error hook jumps back to. */
struct hook_env {
    jmp_buf jb;
};

/* MIP callback state. */
struct cb_info {
    long node_limit;
    long nodes;
    const double *start; /* 1-based view, or NULL */
    int heur_done;
    double bound;
    int sense;
};





static int glp_bound_type(double lo, double hi)
{
    int flo = isfinite(lo), fhi = isfinite(hi);
    if (!flo && !fhi)
        return GLP_FR;
    if (!fhi)
        return GLP_LO;
    if (!flo)
        return GLP_UP;
    return lo == hi ? GLP_FX : GLP_DB;
}







void noc_lp_glpk_delete(struct noc_lp *lp)
{
    if (lp->P)
        glp_delete_prob(lp->P);
    lp->P = NULL;
}

void noc_lp_glpk_sync_col(struct noc_lp *lp, int col)
{
    if (!lp->P || lp->stale)
        return;
    double lo = lp->clo[col], hi = lp->chi[col];
    glp_set_obj_coef(lp->P, col + 1, lp->cobj[col]);
    glp_set_col_bnds(lp->P, col + 1, glp_bound_type(lo, hi), isfinite(lo) ? lo : 0,
                     isfinite(hi) ? hi : 0);
}


/* Swallows everything GLPK would print (error messages included). */
static int term_hook(void *info, const char *s)
{
    (void)info;
    (void)s;
    return 1;
}

static void error_hook(void *info)
{
    struct hook_env *env = info;
    longjmp(env->jb, 1);
}

/* (Re)builds lp->P from our arrays.  GLPK calls only; validated inputs. */
static int build(struct noc_lp *lp, struct noc_ctx *ctx)
{
    if (lp->P)
        glp_delete_prob(lp->P);
    lp->P = glp_create_prob();
    glp_prob *P = lp->P;
    glp_set_obj_dir(P, lp->sense == NOC_LP_MAX ? GLP_MAX : GLP_MIN);
    /* GLPK wants at least one row; an empty free row changes nothing. */
    int m = lp->nrows > 0 ? lp->nrows : 1;
    glp_add_rows(P, m);
    if (lp->nrows == 0)
        glp_set_row_bnds(P, 1, GLP_FR, 0, 0);
    glp_add_cols(P, lp->ncols);
    for (int i = 0; i < lp->nrows; i++) {
        double lo = lp->rlo[i], hi = lp->rhi[i];
        glp_set_row_bnds(P, i + 1, glp_bound_type(lo, hi), isfinite(lo) ? lo : 0,
                         isfinite(hi) ? hi : 0);
    }
    for (int j = 0; j < lp->ncols; j++) {
        double lo = lp->clo[j], hi = lp->chi[j];
        if (lp->ckind[j] != NOC_LP_CONT)
            glp_set_col_kind(P, j + 1, lp->ckind[j] == NOC_LP_BIN ? GLP_BV : GLP_IV);
        glp_set_col_bnds(P, j + 1, glp_bound_type(lo, hi), isfinite(lo) ? lo : 0,
                         isfinite(hi) ? hi : 0);
        glp_set_obj_coef(P, j + 1, lp->cobj[j]);
    }
    if (lp->nnz > 0) {
        int *ia = noc_malloc(ctx, (size_t)lp->nnz + 1, sizeof *ia);
        if (!ia)
            return NOC_ENOMEM;
        for (int i = 0; i < lp->nrows; i++)
            for (int k = lp->rstart[i] + 1; k <= lp->rstart[i + 1]; k++)
                ia[k] = i + 1;
        glp_load_matrix(P, (int)lp->nnz, ia, lp->acol, lp->aval);
        free(ia);
    }
    lp->stale = 0;
    return NOC_OK;
}

static int is_mip(const struct noc_lp *lp)
{
    for (int j = 0; j < lp->ncols; j++)
        if (lp->ckind[j] != NOC_LP_CONT)
            return 1;
    return 0;
}

static void mip_callback(glp_tree *T, void *info)
{
    struct cb_info *cb = info;
    int best = glp_ios_best_node(T);
    if (best)
        cb->bound = glp_ios_node_bound(T, best);
    switch (glp_ios_reason(T)) {
    case GLP_IHEUR:
        if (cb->start && !cb->heur_done) {
            cb->heur_done = 1;
            glp_ios_heur_sol(T, cb->start);
        }
        break;
    case GLP_ISELECT:
        /* called before each subproblem (the root included) is taken up */
        if (cb->node_limit > 0 && cb->nodes >= cb->node_limit)
            glp_ios_terminate(T);
        else
            cb->nodes++;
        break;
    default:
        break;
    }
}

static int ms_limit(double s)
{
    if (s <= 0)
        return INT_MAX;
    double ms = s * 1000.0;
    return ms >= (double)INT_MAX ? INT_MAX : (ms < 1 ? 1 : (int)ms);
}

static int lp_status(int ret, int st)
{
    if (ret == GLP_ENOPFS || ret == GLP_ENODFS)
        return NOC_EINFEASIBLE;
    if (ret == GLP_ETMLIM || ret == GLP_EITLIM)
        return NOC_ELIMIT;
    if (ret != 0)
        return NOC_EINTERNAL;
    if (st == GLP_OPT)
        return NOC_OK;
    if (st == GLP_NOFEAS || st == GLP_UNBND)
        return NOC_EINFEASIBLE;
    return NOC_EINTERNAL;
}

/* The interior-point method, first with GLPK's default approximate
 * minimum degree ordering, then, when it reports numerical instability or
 * no convergence, with SYMAMD: on the highly degenerate flow LPs of
 * symmetric networks GLPK's interior point fails now and then (measured:
 * 9x9 torus optimal, 11x11 torus ideal) and the other ordering's different
 * rounding usually succeeds. */
static int run_interior(struct noc_lp *lp)
{
    static const int orderings[] = {GLP_ORD_AMD, GLP_ORD_SYMAMD};
    glp_prob *P = lp->P;
    int rc = NOC_EINTERNAL;
    for (size_t i = 0; i < sizeof orderings / sizeof orderings[0] && rc == NOC_EINTERNAL; i++) {
        glp_iptcp ip;
        glp_init_iptcp(&ip);
        ip.msg_lev = GLP_MSG_OFF;
        ip.ord_alg = orderings[i];
        int ret = glp_interior(P, &ip);
        rc = lp_status(ret, ret == 0 ? glp_ipt_status(P) : 0);
    }
    if (rc == NOC_OK) {
        lp->has_sol = 1;
        lp->obj = glp_ipt_obj_val(P);
        for (int j = 0; j < lp->ncols; j++)
            lp->x[j] = glp_ipt_col_prim(P, j + 1);
        for (int i = 0; i < lp->nrows; i++)
            lp->y[i] = glp_ipt_row_dual(P, i + 1);
    }
    return rc;
}

/* Runs GLPK.  Returns a status; fills the solution fields.  The caller has
 * installed the error hook. */
static int run(struct noc_lp *lp, const struct noc_lp_params *p, int mip)
{
    glp_prob *P = lp->P;
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.tm_lim = ms_limit(p->time_limit_s);
    sm.presolve = p->presolve ? GLP_ON : GLP_OFF;
    sm.meth = p->method == NOC_LP_DUAL ? GLP_DUALP : GLP_PRIMAL;
    int ret, st;
    int interior = !mip && (p->method == NOC_LP_INTERIOR ||
                            (p->method == NOC_LP_AUTO && p->time_limit_s <= 0 &&
                             lp->nnz >= LP_INTERIOR_NNZ));
    if (interior) {
        int rc = run_interior(lp);
        /* AUTO: numerical failure of the interior point -> simplex below. */
        if (rc != NOC_EINTERNAL || p->method == NOC_LP_INTERIOR)
            return rc;
    }
    ret = glp_simplex(P, &sm);
    if (ret != 0 && ret != GLP_ENOPFS && ret != GLP_ENODFS && ret != GLP_ETMLIM &&
        ret != GLP_EITLIM) {
        /* Numerical trouble or a bad basis: once more from an advanced basis. */
        glp_adv_basis(P, 0);
        sm.presolve = GLP_OFF;
        ret = glp_simplex(P, &sm);
    }
    st = ret == 0 ? glp_get_status(P) : 0;
    int rc = lp_status(ret, st);
    if (rc != NOC_OK)
        return rc;
    if (!mip) {
        lp->has_sol = 1;
        lp->obj = glp_get_obj_val(P);
        for (int j = 0; j < lp->ncols; j++)
            lp->x[j] = glp_get_col_prim(P, j + 1);
        for (int i = 0; i < lp->nrows; i++)
            lp->y[i] = glp_get_row_dual(P, i + 1);
        return NOC_OK;
    }
    glp_iocp io;
    glp_init_iocp(&io);
    io.msg_lev = GLP_MSG_OFF;
    io.presolve = GLP_OFF;
    io.tm_lim = ms_limit(p->time_limit_s);
    io.mip_gap = p->mip_gap;
    if (p->cuts) {
        io.gmi_cuts = GLP_ON;
        io.mir_cuts = GLP_ON;
        io.cov_cuts = GLP_ON;
        io.clq_cuts = GLP_ON;
    }
    struct cb_info cb = {p->node_limit, 0, lp->start, 0, NAN, lp->sense};
    io.cb_func = mip_callback;
    io.cb_info = &cb;
    ret = glp_intopt(P, &io);
    lp->nodes = cb.nodes;
    st = glp_mip_status(P);
    if (st == GLP_OPT || st == GLP_FEAS) {
        lp->has_sol = 1;
        lp->obj = glp_mip_obj_val(P);
        for (int j = 0; j < lp->ncols; j++)
            lp->x[j] = glp_mip_col_val(P, j + 1);
    }
    if ((ret == 0 || ret == GLP_EMIPGAP) && st == GLP_OPT) {
        lp->bound = ret == 0 ? lp->obj : cb.bound;
        return NOC_OK;
    }
    lp->bound = cb.bound;
    if (ret == 0 && st == GLP_NOFEAS)
        return NOC_EINFEASIBLE;
    if (ret == GLP_ENOPFS)
        return NOC_EINFEASIBLE;
    if (ret == GLP_ETMLIM || ret == GLP_ESTOP)
        return NOC_ELIMIT;
    return NOC_EINTERNAL;
}

/* A problem without columns: feasible iff every row admits 0. */
static int solve_empty(struct noc_lp *lp, struct noc_ctx *ctx)
{
    for (int i = 0; i < lp->nrows; i++)
        if (lp->rlo[i] > 0 || lp->rhi[i] < 0)
            return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0, "LP: the problem is infeasible");
    lp->has_sol = 1;
    lp->obj = 0;
    lp->bound = 0;
    return NOC_OK;
}

static int check_params(const struct noc_lp_params *p, struct noc_ctx *ctx)
{
    if (p->method < NOC_LP_AUTO || p->method > NOC_LP_INTERIOR || !isfinite(p->time_limit_s) ||
        p->time_limit_s < 0 || p->node_limit < 0 || !isfinite(p->mip_gap) || p->mip_gap < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad solver parameters");
    return NOC_OK;
}

/* Builds (when needed) and runs GLPK with its error hook installed: an
 * internal GLPK error longjmps back here instead of aborting.  GLPK's
 * environment is then unusable and is freed, which also frees every problem
 * object of this thread.  Returns a status, or -1 after a GLPK error. */
static int guarded(struct noc_lp *lp, const struct noc_lp_params *params, int mip,
                   struct noc_ctx *ctx)
{
    struct hook_env env;
    if (setjmp(env.jb) != 0) {
        glp_error_hook(NULL, NULL);
        glp_term_hook(NULL, NULL);
        glp_free_env();
        lp->P = NULL;
        lp->stale = 1;
        return -1;
    }
    glp_error_hook(error_hook, &env);
    glp_term_hook(term_hook, NULL);
    int rc = NOC_OK;
    if (lp->stale || !lp->P)
        rc = build(lp, ctx);
    if (rc == NOC_OK)
        rc = run(lp, params, mip);
    glp_error_hook(NULL, NULL);
    glp_term_hook(NULL, NULL);
    return rc;
}

int noc_lp_solve(struct noc_lp *lp, const struct noc_lp_params *params, struct noc_ctx *ctx)
{
    struct noc_lp_params def;
    if (!params) {
        noc_lp_params_init(&def);
        params = &def;
    }
    if (check_params(params, ctx))
        return NOC_EINVAL;
    noc_lp_drop_solution(lp);
    free(lp->y); /* no duals for an empty problem */
    lp->y = NULL;
    if (lp->ncols == 0)
        return solve_empty(lp, ctx);
    free(lp->x);
    lp->x = noc_calloc(ctx, (size_t)lp->ncols, sizeof *lp->x);
    lp->y = noc_calloc(ctx, (size_t)lp->nrows + 1, sizeof *lp->y);
    if (!lp->x || !lp->y)
        return NOC_ENOMEM;
    int mip = is_mip(lp);
    if (lp->start && lp->start_n != lp->ncols) {
        free(lp->start); /* columns were added since: it no longer fits */
        lp->start = NULL;
    }
    if (lp->start && mip) {
        for (int j = 0; j < lp->ncols; j++) {
            double v = lp->start[j + 1];
            if (!isfinite(v) || v < lp->clo[j] - 1e-9 || v > lp->chi[j] + 1e-9)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: start value of column %d out of bounds", j);
        }
    }
    glp_term_out(GLP_OFF);
    int rc = guarded(lp, params, mip, ctx);
    if (rc < 0) {
        noc_lp_drop_solution(lp);
        return noc_error(ctx, NOC_EINTERNAL, NULL, 0, "LP: GLPK internal error");
    }
    if (rc == NOC_ENOMEM)
        return rc;
    if (rc == NOC_EINFEASIBLE)
        return noc_error(ctx, rc, NULL, 0, "LP: the problem is infeasible or unbounded");
    if (rc == NOC_ELIMIT)
        return noc_error(ctx, rc, NULL, 0, "LP: solver limit reached (%s)",
                         params->node_limit > 0 ? "time or node limit" : "time limit");
    if (rc != NOC_OK) {
        noc_lp_drop_solution(lp);
        return noc_error(ctx, rc, NULL, 0, "LP: GLPK failed to solve the problem");
    }
    return NOC_OK;
}









void noc_lp_thread_done(void)
{
    /* Releases this thread's GLPK environment (GLPK keeps one per thread);
     * harmless when the thread never used GLPK. */
    glp_free_env();
}
