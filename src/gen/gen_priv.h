/* Internal to src/gen: parsed generator arguments, the family builders and
 * the shared construction helpers (build.c). */
#ifndef NOCSYN_GEN_PRIV_H
#define NOCSYN_GEN_PRIV_H

#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

#define GEN_MAXP 4

/* Parsed, range-checked arguments handed to a builder. */
struct gen_args {
    const char *fam;        /* family name, for messages */
    long v[GEN_MAXP];       /* parameter values in the family's order */
    int ndims;              /* dims= families: the dimensions (else 0) */
    int dims[NOC_MAXDIM];
    double pitch;           /* mm */
    int share;              /* cmesh share=1: shared concentrator ports */
    int stages;             /* indirect families, layout=stages: stage columns */
};

/* Builders: t is initialised and empty; they add nodes, channels and
 * positions and set the structural part of t->shape (family, ndims, dims,
 * k, conc).  The registry finalizes. */
int noc_gen_build_linear(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_ring(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_mesh(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_torus(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_cmesh(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_hypercube(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_flatfly(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_butterfly(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_omega(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_cube(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_clos(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_fattree(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_crossbar(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_bus(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_full(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_chordal(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_illiac(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_barrel(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_ccc(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_shuffle_exchange(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_star(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_tree(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);
int noc_gen_build_hring(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx);

/* Lays out an indirect network as a floorplanner would fold it (fold.c):
 * terminal i on tile (even bits of i, odd bits of i) of a near-square grid
 * of pitch-mm tiles (Morton order: each switch's and each subtree's
 * terminals form a compact block), every router at the barycentre of the
 * nodes its channels connect it to (terminals fixed; the least sum of
 * squared link lengths), snapped to whole nanometres.  t must be
 * finalized.  NOC_ENOMEM.  O(sweeps x channels), sweeps <= 10000 (a few
 * dozen on fat trees). */
int noc_gen_fold(struct noc_topo *t, double pitch, struct noc_ctx *ctx);

/* ---- build.c: shared helpers. */

/* Refuses (NOC_ENOMEM, message naming the family) when nodes + channels
 * exceeds NOC_GEN_MAX_ELEMS.  Counts are doubles so that huge requests do
 * not overflow before the check. */
int noc_gen_check_size(const char *fam, double nodes, double channels, struct noc_ctx *ctx);

/* Checks the size, reserves memory and adds routers r0..r(R-1) (node ids
 * 0..R-1) and then terminals t0..t(N-1) (node ids R..R+N-1).  `channels` is
 * the (upper bound of the) number of directed channels, terminal channels
 * included. */
int noc_gen_nodes(struct noc_topo *t, const char *fam, double nrouters, double nterms,
                  double channels, struct noc_ctx *ctx);

/* Sets the structural part of t->shape; dims may be NULL (then every
 * dimension is k).  ndims may exceed NOC_MAXDIM: only the first NOC_MAXDIM
 * entries of dims[] are stored (and read from `dims`). */
void noc_gen_shape(struct noc_topo *t, int family, int ndims, const int *dims, int k, int conc);

/* A direct network given by a neighbour function.  Routers 0..R-1; the
 * first `nterms` terminals sit `conc` per router on routers 0, 1, ...;
 * nbrs(d, i, out) writes router i's neighbours (any order, repeats and i
 * itself allowed: they are dropped) into out (room for maxdeg) and returns
 * their number; the relation must be symmetric.  pos(d, i, &x, &y) gives
 * router i's position in pitch units.  Links are bidirectional. */
struct gen_direct {
    const char *fam;
    int nrouters, nterms, conc, maxdeg;
    int (*nbrs)(const struct gen_direct *d, int i, int *out);
    void (*pos)(const struct gen_direct *d, int i, double *x, double *y);
    double pitch;
    /* family data used by nbrs/pos */
    int ndims;
    int dims[NOC_MAXDIM];
    long p[GEN_MAXP];
    double geo[4];
};
/* Builds d into t (routers, terminals, links, positions).  The size check
 * uses R + N nodes and R*maxdeg + 2N channels. */
int noc_gen_direct_build(struct noc_topo *t, const struct gen_direct *d, struct noc_ctx *ctx);

/* Circle layout helper: position of item i of n on a circle whose
 * neighbouring items are `spacing` apart (pitch units), centre chosen so
 * that every coordinate is >= 0. */
void noc_gen_circle_pos(int i, int n, double spacing, double *x, double *y);

/* Radius of that circle. */
double noc_gen_circle_radius(int n, double spacing);

/* Small integer helpers. */
static inline int gen_rotl(int x, int nbits)
{
    int mask = (1 << nbits) - 1;
    return ((x << 1) | (x >> (nbits - 1))) & mask;
}

#endif
