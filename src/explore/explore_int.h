/* Internal to the explore module. */
#ifndef NOCSYN_EXPLORE_INT_H
#define NOCSYN_EXPLORE_INT_H

#include "nocsyn/explore.h"

/* Fills every entry's violations, violation_text and pareto (explore.h).
 * NOC_ENOMEM; a flow without a route is NOC_EINVAL.  O(entries^2 + entries
 * x flows x routes). */
int explore_check(struct noc_compare *c, const struct noc_app *app, const struct noc_compare_opts *o,
                  struct noc_ctx *ctx);

/* Records that method or baseline `name` (kind "synth" or "baseline") was
 * skipped for `reason`.  NOC_ENOMEM. */
int explore_skip(struct noc_compare *c, const char *name, const char *kind, const char *reason,
                 struct noc_ctx *ctx);

/* Lays out an indirect network as a floorplanner would fold it: terminal
 * i on tile (even bits of i, odd bits of i) of a near-square grid of
 * pitch-mm tiles (Morton order: each switch's and each subtree's
 * terminals form a compact block), every router at the barycentre of the
 * nodes its channels connect it to (terminals fixed; the least sum of
 * squared link lengths), snapped to whole nanometres.  NOC_ENOMEM.
 * O(sweeps x channels), sweeps <= 10000 (a few dozen on fat trees). */
int explore_fold(struct noc_topo *t, double pitch, struct noc_ctx *ctx);

/* 1 when baseline `name` is an indirect network laid out by explore_fold. */
int explore_baseline_folded(const char *name);

#endif
