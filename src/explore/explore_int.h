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


#endif
