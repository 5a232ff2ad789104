/* nocsyn eval: the evaluation engine (INTERFACE 2 and 3.2).
 *
 * One sweep per source terminal over the CSR graph computes together hop
 * counts, minimal-path counts (log domain where they could overflow), ECMP
 * channel loads (Brandes-style reverse accumulation), diameter and path
 * diversity; deterministic routings (route.h) add their own loads and the
 * deadlock check; ideal/optimal loads come from GLPK linear programs; the
 * bisection from a GLPK integer program or a METIS bound.  Sources are
 * processed in parallel with results bit-identical to one thread.
 */
#ifndef NOCSYN_EVAL_H
#define NOCSYN_EVAL_H

#include "nocsyn/core.h"

struct noc_topo;
struct noc_traffic;

struct noc_eval_opts {
    int routing;        /* enum noc_routing_model (route.h); default ecmp */
    int vcs;            /* virtual channels for the deadlock check (>= 1) */
    int threads;        /* 0 = every core */
    int bisection;      /* compute the bisection (may be costly) */
    unsigned seed;      /* for METIS and anything randomised */
    double link_capacity_mbps; /* > 0: max_utilization is computed */
};

/* Sets defaults: ecmp, 1 VC, all cores, bisection on, seed 1, no capacity. */
void noc_eval_opts_init(struct noc_eval_opts *o);

struct noc_metrics {
    char topology[128], traffic[256], routing[32];
    int routers, terminals, links, channels;
    int degree_min, degree_max;
    double degree_avg;
    int radix_min, radix_max;
    double radix_avg;
    int diameter;            /* router hops, over terminal pairs; -1 if disconnected */
    double hops_avg, hops_avg_excl_self;
    int hops_max;            /* over pairs with traffic */
    double max_channel_load; /* relative to injection 1 per terminal */
    double throughput;       /* 1 / max_channel_load (inf -> 0 load: reported as null) */
    double max_channel_load_mbps; /* app traffic only, else NAN */
    double max_utilization;  /* app traffic with a capacity, else NAN */
    double pd_avg, pd_min, pd_max; /* path diversity over communicating pairs */
    int bisection_links;     /* -1 when not computed */
    int bisection_exact;
    int deadlock_free;       /* 1, 0, or -1 for null (ecmp/ideal/optimal) */
    double wire_length_mm;   /* NAN when positions are missing */
    int nch;
    double *load;            /* per channel id (all channels), owned */
};

void noc_metrics_init(struct noc_metrics *m);
void noc_metrics_free(struct noc_metrics *m);

/* Evaluates t (finalized) under traffic tr.  m must be initialised; it is
 * filled and owns its load array.  Errors: NOC_EUNSUP (routing does not
 * apply), NOC_ELIMIT (LP too large), NOC_EINFEASIBLE (a pair with traffic
 * has no path). */
int noc_eval(const struct noc_topo *t, const struct noc_traffic *tr,
             const struct noc_eval_opts *o, struct noc_metrics *m, struct noc_ctx *ctx);

/* ---- LP-based loads (src/eval/lpload.c) and bisection (src/eval/bisect.c) */

/* Min-max channel load for routing NOC_RT_IDEAL (fractional over minimal
 * paths) or NOC_RT_OPTIMAL (over all paths), formulated per destination
 * (multi-commodity flow with one commodity per destination).  *max_load is
 * the optimum; `load` (nch entries, may be NULL) receives an optimal flow.
 * NOC_ELIMIT with a clear message above the documented size limit. */
int noc_eval_lp_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     double *max_load, double *load, struct noc_ctx *ctx);

/* Fewest router-router links cut by a partition splitting the terminals
 * into floor(N/2) and ceil(N/2) (routers free to go either side).  Exact
 * (integer program) up to the documented size, *exact = 1; beyond, a METIS
 * upper bound, *exact = 0. */
int noc_eval_bisection(const struct noc_topo *t, unsigned seed, int *links, int *exact,
                       struct noc_ctx *ctx);

/* Metrics as the JSON object of INTERFACE 3.2 (cJSON), or as text. */
int noc_metrics_to_json(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx);
int noc_metrics_to_text(const struct noc_metrics *m, struct noc_buf *out, struct noc_ctx *ctx);

#endif
