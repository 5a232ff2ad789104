/* Internal to src/map/: the branch and bound shared by the exact mapping
 * and the auto mapping's last step. */
#ifndef NOCSYN_MAP_INT_H
#define NOCSYN_MAP_INT_H

#include "nocsyn/core.h"

struct noc_app;
/* Branch and bound of noc_map_exact (map.h) on the terminal distance
 * matrix dist (N x N, every entry >= 0), starting from the incumbent in
 * term_of (distinct terminals), which receives the best mapping; *cost its
 * cost, *bound (may be NULL) a lower bound.  NOC_OK proven, NOC_ELIMIT
 * stopped by node_limit (> 0), NOC_ENOMEM. */
int noc_map_bb(const struct noc_app *app, const int *dist, int N, long node_limit, int *term_of, double *cost,
               double *bound, struct noc_ctx *ctx);

/* The auto mapping ends with noc_map_bb under this node limit when the cores
 * are at most MAP_AUTO_BB_MAX_CORES and every terminal reaches every other.
 * A node costs O(cores x terminals); above 32 cores the bound is too weak
 * to prove anything within the limit, and the polish cost seconds per
 * mapping (a 200-core compare maps 50-core clusters many times). */
#define MAP_AUTO_BB_NODES 200000
#define MAP_AUTO_BB_MAX_CORES 32

#endif
