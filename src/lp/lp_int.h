/* Internal to src/lp/: the problem object shared by lp_model.c (building,
 * no GLPK) and lp.c (the only file that includes <glpk.h>). */
#ifndef NOCSYN_LP_INT_H
#define NOCSYN_LP_INT_H

#include "nocsyn/lp.h"

struct glp_prob;

/* Created by noc_lp_create, released by noc_lp_free. */
struct noc_lp {
    int sense;
    int ncols;
    size_t ccap;
    double *clo, *chi, *cobj;
    int *ckind;
    int nrows;
    size_t rcap, scap;
    double *rlo, *rhi;
    int *rstart;  /* nrows + 1; row i's entries are [rstart[i]+1, rstart[i+1]] */
    long nnz;
    size_t acap;
    int *acol;    /* 1-based GLPK column numbers, slot 0 unused */
    double *aval; /* slot 0 unused */
    int *seen, *where; /* add_row de-duplication, sized ccap */
    size_t seencap;
    struct glp_prob *P; /* built lazily by lp.c */
    int stale;    /* P must be rebuilt */
    /* solution */
    int has_sol;
    double obj, bound;
    long nodes;
    double *x;
    double *y;     /* LP row duals (nrows), filled with x */
    double *start; /* MIP incumbent to start from (1-based), or NULL */
    int start_n;   /* columns when the start was given */
};

/* NOC_OK, or NOC_EINVAL for NaN, lo > hi or a bound at the wrong infinity. */
int noc_lp_check_bounds(double lo, double hi, struct noc_ctx *ctx);
/* Forgets the last solution. */
void noc_lp_drop_solution(struct noc_lp *lp);

/* GLPK side (lp.c). */
/* Deletes lp->P if built. */
void noc_lp_glpk_delete(struct noc_lp *lp);
/* Copies column col's objective and bounds into lp->P when it is built and
 * current (keeps the warm start). */
void noc_lp_glpk_sync_col(struct noc_lp *lp, int col);

#endif
