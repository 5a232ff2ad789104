/* Internal to the explore module. */
#ifndef NOCSYN_EXPLORE_INT_H
#define NOCSYN_EXPLORE_INT_H

#include "nocsyn/explore.h"

/* Fills every entry's violations, violation_text and pareto (explore.h).
 * NOC_ENOMEM; a flow without a route is NOC_EINVAL.  O(entries^2 + entries
 * x flows x routes). */
int noc_explore_check(struct noc_compare *c, const struct noc_app *app, const struct noc_compare_opts *o,
                      struct noc_ctx *ctx);

/* Records that method or baseline `name` (kind "synth" or "baseline") was
 * skipped for `reason`.  NOC_ENOMEM. */
int noc_explore_skip(struct noc_compare *c, const char *name, const char *kind, const char *reason,
                     struct noc_ctx *ctx);

/* Stores, for every app flow f (terminal term_of[core] at t's terminals),
 * a minimal route chosen hop by hop on the least loaded next channel
 * (ties: the lowest channel id), heaviest flows first (ties by flow id):
 * the load spread of ECMP as one table route per flow.  For fat trees and
 * Clos networks, whose minimal paths are all up*-down* (deadlock free).
 * Route i carries flow i; t is finalized again.  NOC_ENOMEM,
 * NOC_EINFEASIBLE (a flow without a path).  O(flows x (R + channels)). */
struct noc_topo;
struct noc_app;
int noc_explore_balanced_routes(struct noc_topo *t, const struct noc_app *app, const int *term_of,
                                struct noc_ctx *ctx);

#endif
