/* The LP/MIP problem object without GLPK: columns, rows (validated,
 * duplicates merged) and the solution accessors.  The GLPK side is lp.c. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lp_int.h"

void noc_lp_params_init(struct noc_lp_params *p)
{
    memset(p, 0, sizeof *p);
    p->method = NOC_LP_AUTO;
    p->presolve = 1;
}

int noc_lp_create(struct noc_lp **out, int sense, struct noc_ctx *ctx)
{
    *out = NULL;
    if (sense != NOC_LP_MIN && sense != NOC_LP_MAX)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad objective sense %d", sense);
    struct noc_lp *lp = noc_calloc(ctx, 1, sizeof *lp);
    if (!lp)
        return NOC_ENOMEM;
    lp->sense = sense;
    lp->bound = NAN;
    lp->rcap = 0;
    lp->rstart = noc_calloc(ctx, 1, sizeof *lp->rstart);
    if (!lp->rstart) {
        free(lp);
        return NOC_ENOMEM;
    }
    lp->scap = 1;
    *out = lp;
    return NOC_OK;
}

void noc_lp_free(struct noc_lp *lp)
{
    if (!lp)
        return;
    noc_lp_glpk_delete(lp);
    free(lp->clo);
    free(lp->chi);
    free(lp->cobj);
    free(lp->ckind);
    free(lp->rlo);
    free(lp->rhi);
    free(lp->rstart);
    free(lp->acol);
    free(lp->aval);
    free(lp->seen);
    free(lp->where);
    free(lp->x);
    free(lp->y);
    free(lp->start);
    free(lp);
}

int noc_lp_check_bounds(double lo, double hi, struct noc_ctx *ctx)
{
    if (isnan(lo) || isnan(hi) || lo > hi || lo == INFINITY || hi == -INFINITY)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad bounds [%g, %g]", lo, hi);
    return NOC_OK;
}

void noc_lp_drop_solution(struct noc_lp *lp)
{
    lp->has_sol = 0;
    lp->obj = 0;
    lp->bound = NAN;
    lp->nodes = 0;
}

int noc_lp_add_cols(struct noc_lp *lp, int n, double lo, double hi, double obj,
                    int kind, struct noc_ctx *ctx)
{
    if (n < 0 || n > INT_MAX - 1 - lp->ncols)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad column count %d", n);
    if (kind != NOC_LP_CONT && kind != NOC_LP_INT && kind != NOC_LP_BIN)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad column kind %d", kind);
    if (kind == NOC_LP_BIN) {
        lo = 0;
        hi = 1;
    }
    if (noc_lp_check_bounds(lo, hi, ctx) || !isfinite(obj))
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad column objective %g", obj);
    size_t need = (size_t)lp->ncols + (size_t)n;
    size_t cap = lp->ccap;
    if (need > cap) {
        size_t c = cap;
        if (noc_grow(ctx, (void **)&lp->clo, &c, need, sizeof(double)))
            return -NOC_ENOMEM;
        c = cap;
        if (noc_grow(ctx, (void **)&lp->chi, &c, need, sizeof(double)))
            return -NOC_ENOMEM;
        c = cap;
        if (noc_grow(ctx, (void **)&lp->cobj, &c, need, sizeof(double)))
            return -NOC_ENOMEM;
        c = cap;
        if (noc_grow(ctx, (void **)&lp->ckind, &c, need, sizeof(int)))
            return -NOC_ENOMEM;
        lp->ccap = c;
    }
    int first = lp->ncols;
    for (int j = first; j < first + n; j++) {
        lp->clo[j] = lo;
        lp->chi[j] = hi;
        lp->cobj[j] = obj;
        lp->ckind[j] = kind;
    }
    lp->ncols += n;
    if (n > 0)
        lp->stale = 1;
    return first;
}

int noc_lp_add_row(struct noc_lp *lp, double lo, double hi, int nnz, const int *cols,
                   const double *vals, struct noc_ctx *ctx)
{
    if (noc_lp_check_bounds(lo, hi, ctx))
        return -NOC_EINVAL;
    if (nnz < 0 || (nnz > 0 && (!cols || !vals)) || lp->nrows >= INT_MAX - 2)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad row (%d entries)", nnz);
    for (int i = 0; i < nnz; i++) {
        if (cols[i] < 0 || cols[i] >= lp->ncols)
            return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: row refers to column %d of %d",
                              cols[i], lp->ncols);
        if (!isfinite(vals[i]))
            return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: coefficient is not finite");
    }
    if ((long)nnz > (long)INT_MAX - 2 - lp->nnz)
        return -noc_error(ctx, NOC_ENOMEM, NULL, 0, "LP: more than %d nonzeros", INT_MAX - 2);
    /* Room: row arrays and nnz + 1 (dummy slot 0) matrix entries. */
    size_t c = lp->rcap;
    if ((size_t)lp->nrows + 1 > c) {
        if (noc_grow(ctx, (void **)&lp->rlo, &c, (size_t)lp->nrows + 1, sizeof(double)))
            return -NOC_ENOMEM;
        c = lp->rcap;
        if (noc_grow(ctx, (void **)&lp->rhi, &c, (size_t)lp->nrows + 1, sizeof(double)))
            return -NOC_ENOMEM;
        lp->rcap = c;
    }
    if (noc_grow(ctx, (void **)&lp->rstart, &lp->scap, (size_t)lp->nrows + 2, sizeof(int)))
        return -NOC_ENOMEM;
    size_t ac = lp->acap;
    size_t need = (size_t)lp->nnz + (size_t)nnz + 1;
    if (need > ac) {
        if (noc_grow(ctx, (void **)&lp->acol, &ac, need, sizeof(int)))
            return -NOC_ENOMEM;
        ac = lp->acap;
        if (noc_grow(ctx, (void **)&lp->aval, &ac, need, sizeof(double)))
            return -NOC_ENOMEM;
        lp->acap = ac;
    }
    if (lp->seencap < (size_t)lp->ncols) {
        size_t sc = lp->seencap, wc = lp->seencap;
        if (noc_grow(ctx, (void **)&lp->seen, &sc, (size_t)lp->ncols, sizeof(int)) ||
            noc_grow(ctx, (void **)&lp->where, &wc, (size_t)lp->ncols, sizeof(int)))
            return -NOC_ENOMEM;
        for (size_t j = lp->seencap; j < sc; j++)
            lp->seen[j] = -1;
        lp->seencap = sc < wc ? sc : wc;
    }
    int row = lp->nrows;
    long base = lp->nnz; /* entries go to [base + 1, ...] */
    long k = base;
    for (int i = 0; i < nnz; i++) {
        int j = cols[i];
        if (lp->seen[j] == row) {
            lp->aval[lp->where[j]] += vals[i];
            continue;
        }
        lp->seen[j] = row;
        lp->where[j] = (int)++k;
        lp->acol[k] = j + 1;
        lp->aval[k] = vals[i];
    }
    /* Drop zeros (given, or from cancelling duplicates). */
    long w = base;
    for (long r = base + 1; r <= k; r++) {
        if (lp->aval[r] == 0)
            continue;
        if (!isfinite(lp->aval[r]))
            return -noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: coefficient sum is not finite");
        w++;
        lp->acol[w] = lp->acol[r];
        lp->aval[w] = lp->aval[r];
    }
    lp->nnz = w;
    lp->rlo[row] = lo;
    lp->rhi[row] = hi;
    lp->rstart[row + 1] = (int)w;
    lp->nrows++;
    lp->stale = 1;
    return row;
}

int noc_lp_set_obj(struct noc_lp *lp, int col, double obj, struct noc_ctx *ctx)
{
    if (col < 0 || col >= lp->ncols || !isfinite(obj))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: bad objective for column %d", col);
    lp->cobj[col] = obj;
    noc_lp_glpk_sync_col(lp, col);
    return NOC_OK;
}

int noc_lp_set_col_bounds(struct noc_lp *lp, int col, double lo, double hi, struct noc_ctx *ctx)
{
    if (col < 0 || col >= lp->ncols)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: column %d out of range", col);
    if (noc_lp_check_bounds(lo, hi, ctx))
        return NOC_EINVAL;
    lp->clo[col] = lo;
    lp->chi[col] = hi;
    noc_lp_glpk_sync_col(lp, col);
    return NOC_OK;
}

int noc_lp_set_start(struct noc_lp *lp, const double *x, struct noc_ctx *ctx)
{
    if (!x)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP: no start solution");
    free(lp->start);
    lp->start = noc_malloc(ctx, (size_t)lp->ncols + 1, sizeof *lp->start);
    if (!lp->start)
        return NOC_ENOMEM;
    lp->start[0] = 0;
    memcpy(lp->start + 1, x, (size_t)lp->ncols * sizeof *x);
    lp->start_n = lp->ncols;
    return NOC_OK;
}

int noc_lp_has_solution(const struct noc_lp *lp)
{
    return lp->has_sol;
}

double noc_lp_obj(const struct noc_lp *lp)
{
    return lp->has_sol ? lp->obj : 0;
}

double noc_lp_value(const struct noc_lp *lp, int col)
{
    if (!lp->has_sol || !lp->x || col < 0 || col >= lp->ncols)
        return 0;
    return lp->x[col];
}

double noc_lp_dual(const struct noc_lp *lp, int row)
{
    if (!lp->has_sol || !lp->y || row < 0 || row >= lp->nrows)
        return 0;
    return lp->y[row];
}

double noc_lp_bound(const struct noc_lp *lp)
{
    if (isnan(lp->bound))
        return lp->sense == NOC_LP_MIN ? -INFINITY : INFINITY;
    return lp->bound;
}

long noc_lp_nodes(const struct noc_lp *lp)
{
    return lp->nodes;
}

int noc_lp_ncols(const struct noc_lp *lp)
{
    return lp->ncols;
}

int noc_lp_nrows(const struct noc_lp *lp)
{
    return lp->nrows;
}

long noc_lp_nnz(const struct noc_lp *lp)
{
    return lp->nnz;
}
