/* nocsyn lp: a small generic linear / mixed-integer programming layer over
 * GLPK.  src/lp/lp.c is the only file of the project that includes <glpk.h>.
 *
 * A problem is built column by column and row by row (rows are stored as a
 * sparse matrix and handed to GLPK in one glp_load_matrix call when the
 * problem is first solved), then solved as an LP (simplex with presolve, or
 * interior point) or, when some column is integer, as a MIP (LP relaxation
 * by simplex, then glp_intopt branch and bound with optional time and node
 * limits and a starting incumbent).  Every input is validated before GLPK
 * sees it, GLPK's terminal output is switched off, and a GLPK internal error
 * is caught (error hook) and reported as NOC_EINTERNAL instead of aborting.
 *
 * Thread safety: GLPK keeps one environment per thread (when built with
 * thread-local storage, as Debian's is); do not share one struct noc_lp
 * between threads.
 *
 * Lifecycle: noc_lp_create, noc_lp_add_cols / noc_lp_add_row, noc_lp_solve
 * (any number of times, modifying objective and bounds in between keeps the
 * warm start), read the solution, noc_lp_free.
 */
#ifndef NOCSYN_LP_H
#define NOCSYN_LP_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_lp; /* opaque */

enum noc_lp_sense { NOC_LP_MIN = 0, NOC_LP_MAX = 1 };
enum noc_lp_kind { NOC_LP_CONT = 0, NOC_LP_INT = 1, NOC_LP_BIN = 2 };
enum noc_lp_method {
    NOC_LP_AUTO = 0,   /* interior point from 20k nonzeros on (without a time
                        * limit), falling back to the simplex method when it
                        * fails numerically; simplex below */
    NOC_LP_SIMPLEX,    /* primal simplex, GLPK presolver per `presolve` */
    NOC_LP_DUAL,       /* dual simplex (falls back to primal, GLPK's GLP_DUALP) */
    NOC_LP_INTERIOR    /* primal-dual interior point (LP only, no time limit;
                        * retried once with another ordering; NOC_EINTERNAL
                        * when both attempts fail numerically) */
};

/* Solver parameters.  Initialise with noc_lp_params_init. */
struct noc_lp_params {
    int method;          /* enum noc_lp_method (ignored by the MIP search) */
    int presolve;        /* 1 = GLPK LP presolver on the first solve (default 1) */
    double time_limit_s; /* simplex and MIP; 0 = none */
    long node_limit;     /* MIP: stop after this many branch-and-bound
                          * subproblems (deterministic, unlike a time limit);
                          * 0 = none */
    double mip_gap;      /* MIP: stop when the relative gap is below this;
                          * 0 = prove optimality (default) */
    int cuts;            /* MIP: 1 = GLPK's Gomory, MIR, cover and clique cuts */
};

/* Defaults: AUTO, presolve on, no limits, gap 0, cuts off.  O(1). */
void noc_lp_params_init(struct noc_lp_params *p);

/* Creates an empty problem with objective sense `sense` (enum
 * noc_lp_sense).  *out is owned by the caller (noc_lp_free).  Errors:
 * NOC_EINVAL (bad sense), NOC_ENOMEM. */
int noc_lp_create(struct noc_lp **out, int sense, struct noc_ctx *ctx);
/* Releases lp (NULL allowed). */
void noc_lp_free(struct noc_lp *lp);

/* Adds n columns with bounds [lo, hi] (-INFINITY / INFINITY for none),
 * objective coefficient obj and kind (enum noc_lp_kind; NOC_LP_BIN forces
 * [0, 1]).  Returns the index of the first new column (columns are numbered
 * from 0 in order of addition), or a negative status: -NOC_EINVAL for NaN,
 * lo > hi, an infinite objective or a bad kind, -NOC_ENOMEM.  Amortised O(n). */
int noc_lp_add_cols(struct noc_lp *lp, int n, double lo, double hi, double obj,
                    int kind, struct noc_ctx *ctx);

/* Adds the row lo <= sum_i vals[i] * x[cols[i]] <= hi (lo == hi for an
 * equality, -INFINITY / INFINITY for a free side).  Repeated columns are
 * summed and zero coefficients dropped.  Returns the row index (from 0) or
 * a negative status: -NOC_EINVAL (column out of range, coefficient not
 * finite, NaN bound, lo > hi), -NOC_ENOMEM.  Amortised O(nnz). */
int noc_lp_add_row(struct noc_lp *lp, double lo, double hi, int nnz, const int *cols,
                   const double *vals, struct noc_ctx *ctx);

/* Changes a column's objective coefficient or bounds (validated as in
 * noc_lp_add_cols).  The next solve starts from the previous basis when
 * presolve is off.  NOC_OK or NOC_EINVAL.  O(1). */
int noc_lp_set_obj(struct noc_lp *lp, int col, double obj, struct noc_ctx *ctx);
int noc_lp_set_col_bounds(struct noc_lp *lp, int col, double lo, double hi, struct noc_ctx *ctx);

/* Supplies a feasible integer solution (ncols values) that the MIP search
 * starts from as its incumbent; ignored for LPs, dropped when columns are
 * added afterwards.  The values are copied; a value outside its column's
 * bounds makes the next solve fail with NOC_EINVAL.  NOC_OK, NOC_EINVAL
 * (NULL) or NOC_ENOMEM. */
int noc_lp_set_start(struct noc_lp *lp, const double *x, struct noc_ctx *ctx);

/* Solves the problem (params NULL = defaults).  Returns
 *  NOC_OK           an optimal solution was found (MIP: proven optimal,
 *                   or within mip_gap);
 *  NOC_EINFEASIBLE  the problem has no feasible solution, or is unbounded;
 *  NOC_ELIMIT       the time or node limit stopped the search; a feasible
 *                   solution may still exist (noc_lp_has_solution);
 *  NOC_EINTERNAL    GLPK failed (numerical trouble, internal error);
 *  NOC_ENOMEM.
 * Cost: GLPK's; the matrix is loaded in O(nnz) on the first solve. */
int noc_lp_solve(struct noc_lp *lp, const struct noc_lp_params *params, struct noc_ctx *ctx);

/* After a solve: 1 when a (feasible) solution is available. */
int noc_lp_has_solution(const struct noc_lp *lp);
/* The objective value and the value of column j of that solution (0 when
 * there is none).  O(1). */
double noc_lp_obj(const struct noc_lp *lp);
double noc_lp_value(const struct noc_lp *lp, int col);
/* LP (not MIP): the dual value of row `row` in that solution, GLPK's sign
 * convention (the objective's rate of change per unit of the row's active
 * bound: for a minimisation, <= 0 on a binding upper bound, >= 0 on a
 * binding lower bound); 0 when there is no solution.  O(1). */
double noc_lp_dual(const struct noc_lp *lp, int row);
/* MIP: the best bound on the optimum known when the search ended (the
 * objective itself when proven optimal; +-INFINITY when unknown). */
double noc_lp_bound(const struct noc_lp *lp);
/* MIP: branch-and-bound subproblems explored by the last solve. */
long noc_lp_nodes(const struct noc_lp *lp);

/* Sizes of the problem: columns, rows, nonzeros of the constraint matrix. */
int noc_lp_ncols(const struct noc_lp *lp);
int noc_lp_nrows(const struct noc_lp *lp);
long noc_lp_nnz(const struct noc_lp *lp);

/* Releases the calling thread's GLPK environment.  Call at the end of a
 * worker thread that solved problems, after every struct noc_lp of that
 * thread is freed (GLPK allocates one environment per thread and never
 * frees it by itself).  O(1) when GLPK was not used. */
void noc_lp_thread_done(void);

#ifdef __cplusplus
}
#endif

#endif
