/* Internal to src/eval/lpload*.c: the multi-commodity flow model behind
 * noc_eval_lp_load (formulation in lpload.c). */
#ifndef NOCSYN_LPLOAD_INT_H
#define NOCSYN_LPLOAD_INT_H

#include "nocsyn/core.h"

struct noc_topo;
struct noc_traffic;
struct noc_lp;

/* A commodity: the terminals it delivers to, and where it is absorbed. */
struct noc_lpl_comm {
    int sink;      /* node id: a router (group sink) or a terminal */
    int first, n;  /* its terminals: members[first .. first+n-1] */
};

/* The model.  Zero it, set t, tr, model, then noc_lpl_setup; release with
 * noc_lpl_free. */
struct lpl {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    int model, R, N, V, nch;
    int *inj1, *ej1;        /* per terminal: single injection / ejection router or -1 */
    int ncomm;
    struct noc_lpl_comm *comm;
    int *members;           /* terminals grouped by commodity */
    int *comm_of;           /* terminal -> commodity */
    int *ent_off, *ent_idx; /* traffic entries grouped by destination commodity */
    /* per-commodity scratch */
    double *bsrc;           /* N: demand of each source terminal to k */
    double *sup;            /* V: supply per node */
    int *dist;              /* R: hops to the sink, -1 = unreachable */
    int *queue;             /* V */
    char *reach;            /* V: reachable from a supply */
    int *var;               /* nch: column of f_k(e), -1 when not a variable */
    long max_nnz;           /* noc_lpl_count stops above this (0 = no limit) */
    /* totals of noc_lpl_count */
    long nvars, nnz;
    int *cap_cnt;           /* nch: variables on each router-router channel */
};

/* Groups terminals into commodities (one per single ejection router, one
 * per terminal ejecting at several routers), traffic entries by
 * destination commodity, and allocates the scratch.  NOC_OK / NOC_ENOMEM. */
int noc_lpl_setup(struct lpl *s, struct noc_ctx *ctx);
void noc_lpl_free(struct lpl *s);

/* Fills bsrc (per source terminal) and sup (per node) for commodity k;
 * returns its total demand.  O(N + V + entries of k). */
double noc_lpl_demands(struct lpl *s, int k);
/* Router-hop distances to k's sink (reverse BFS).  O(V + E). */
void noc_lpl_distances(struct lpl *s, int k);
/* After demands and distances: marks var[e] = 0 on the channels k keeps,
 * -1 elsewhere; returns their number, or -1 with *bad = a supply node that
 * cannot reach the sink.  O(V + E). */
long noc_lpl_select(struct lpl *s, int k, int *bad);
/* Pass 1 over all commodities: nvars, nnz, cap_cnt; NOC_EINFEASIBLE (with
 * the unreachable terminal pair named) when some demand has no path;
 * NOC_ELIMIT (no message; nvars and nnz extrapolated) as soon as nnz passes
 * max_nnz. */
int noc_lpl_count(struct lpl *s, struct noc_ctx *ctx);
/* Numbers k's variables from column `first` (channel order), adds its
 * conservation rows, and appends its router-router columns to the
 * per-channel lists cap_col[cap_off[e] + cap_fill[e]++].  cols/vals are
 * scratch of nch entries. */
int noc_lpl_build_commodity(struct lpl *s, struct noc_lp *lp, int k, int first, int *cap_fill,
                            const int *cap_off, int *cap_col, int *cols, double *vals,
                            struct noc_ctx *ctx);
/* Loads of terminal channels that carry no variables (single-router
 * terminals: row sums and column sums).  colsum: N entries of scratch. */
void noc_lpl_terminal_loads(const struct lpl *s, double *colsum, double *load);

/* noc_eval_lp_load with a caller-chosen limit on the LP's nonzeros (the
 * bisection's flow bound uses a small one). */
int noc_lpl_max_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     long max_nnz, double *max_load, double *load, struct noc_ctx *ctx);

/* ---- column generation (lpload_cg.c) ---- */

/* The stated gap of the column-generation result: the max load it reports
 * is attained by a routing and is at most (1 + NOC_LPL_CG_GAP) times the
 * LP optimum (certified by the LP dual bound), else it is not used. */
#define NOC_LPL_CG_GAP 1e-6

/* How noc_lpl_solve picks its method. */
enum noc_lpl_method {
    NOC_LPL_AUTO,     /* column generation when eligible and the exact LP has
                       * LPLOAD_SIMPLEX_NNZ nonzeros or more, else exact */
    NOC_LPL_EXACT,    /* the per-destination LP (lpload.c) */
    NOC_LPL_CG        /* column generation; NOC_EUNSUP when not eligible,
                       * NOC_ELIMIT when the gap was not certified */
};

/* Column generation applies: ideal routing, app traffic only (no uniform
 * part), every terminal on one injection and one ejection router.  O(N). */
int noc_lpl_cg_eligible(const struct lpl *s);
/* Column generation after noc_lpl_setup and noc_lpl_count: flow[] (nch)
 * gets the router-router channel loads of the master's routing, *lb the
 * dual lower bound.  NOC_OK (certified within NOC_LPL_CG_GAP), NOC_ELIMIT
 * (not certified within its round cap), NOC_ENOMEM,
 * NOC_EINTERNAL (GLPK).  Per round O(C (R + E)) plus the master's simplex. */
int noc_lpl_cg(struct lpl *s, double *flow, double *lb, struct noc_ctx *ctx);

/* noc_lpl_max_load with the method chosen (tests compare the two); *lb
 * (may be NULL) gets a lower bound on the optimum: the dual bound of
 * column generation, or the exact optimum itself; *used (may be NULL) the
 * method that gave the result (NOC_LPL_EXACT or NOC_LPL_CG). */
int noc_lpl_solve(const struct noc_topo *t, const struct noc_traffic *tr, int model, long max_nnz,
                  int method, double *max_load, double *lb, int *used, double *load,
                  struct noc_ctx *ctx);

#endif
