/* Internal to the merge synthesis (merge.c, merge_net.c): its state and
 * the switch-graph builders behind every step. */
#ifndef NOCSYN_MERGE_INT_H
#define NOCSYN_MERGE_INT_H

#include "swnet_int.h"

struct noc_app;
struct noc_synth_opts;

/* Inputs shared by every step. */
struct mctx {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    const int *order;              /* flows in decreasing bandwidth */
    const double *cx, *cy, *cw;    /* core centres and weights */
    const double *in, *out;        /* core bandwidths */
};

/* One state of the merge: the routed switch graph and the cores' routers. */
struct mstate {
    struct swnet net;
    int *core_sw;
    int live;                      /* net initialised */
};

/* Releases a state (its net when live, its arrays). */
void noc_merge_state_free(struct mstate *s);
/* Frees n path vectors and the array. */
void noc_merge_paths_free(struct ivec *p, int n);
/* 1 when some link of n carries nothing either way. */
int noc_merge_has_unused(const struct swnet *n);
/* Builds net with K routers from the cores' routers (core_sw), router
 * positions and proposed paths (paths[f].n == 0: none).  With `preopen`
 * the links of every proposed path and the `nextra` pairs extra[2i],
 * extra[2i+1] are opened first (and the radix checked); otherwise each
 * path opens the links it lacks as it commits, when the radix allows.
 * Flows commit in decreasing bandwidth; a refused one (radix, capacity, a
 * dependency cycle, its max_hops) goes to split's router afterwards
 * (*nredo counts them).  *built = 1 when built, 0 when infeasible (the
 * reason in why).  A status; net is initialised (owned by the caller)
 * unless an error is returned. */
int noc_merge_build_net(const struct mctx *mc, int K, const int *core_sw, const double *sx, const double *sy,
              const struct ivec *paths, int preopen, const int *extra, int nextra, struct swnet *net,
              int *nredo, int *built, char *why, size_t wl, struct noc_ctx *ctx);
/* The floorplan start (a router per core at its centre, cores joined by a
 * max_hops 0 flow sharing one; direct links) and the mesh start (cores
 * mapped by "auto" onto the near-square mesh, each in its tile: tx, ty
 * receive the core centres; every mesh link; XY routes).  A status and
 * *built as noc_merge_build_net; st->live tells whether st->net is
 * initialised. */
int noc_merge_start_floorplan(const struct mctx *mc, struct mstate *st, int *built, char *why, size_t wl,
                              struct noc_ctx *ctx);
int noc_merge_start_mesh(const struct mctx *mc, struct mstate *st, double *tx, double *ty, int *built, char *why,
                         size_t wl, struct noc_ctx *ctx);

#endif
