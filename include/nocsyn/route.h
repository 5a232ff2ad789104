/* nocsyn route: routing models (docs/INTERFACE.md section 2) as path generators, and
 * deadlock analysis from the channel dependency graph.
 *
 * The deterministic and restricted models (dor, updown, desttag, table) give,
 * for a terminal pair, one or more weighted paths (weights sum to 1; torus
 * ties under dor split 50/50).  A path is a list of channel ids of t
 * (finalized), from the source terminal's injection channel to the
 * destination's ejection channel.  ecmp, ideal and optimal are recognised by
 * noc_routing_parse but give no paths here: the evaluation engine handles
 * them (ecmp also gives one random minimal path for the simulator through
 * noc_routing_sample when an rng is supplied).  The minimal paths themselves
 * (ecmp's candidates) are counted exactly and listed by noc_minpaths_*.
 *
 * Semantics of the models (binding):
 *  - dor: k-ary n-cubes (shape family MESH, TORUS or RING, dims[0..ndims-1],
 *    router index = mixed-radix coordinate, dimension 0 least significant;
 *    cmesh is a MESH with conc > 1): correct dimension 0 (X) first, then 1,
 *    ...  In a torus/ring dimension the shorter direction is taken; when the
 *    distance is exactly k/2 (even k) the pair splits 50/50 over both
 *    directions, so a pair may have up to 2^n paths whose weights multiply
 *    (the + direction is listed first).  On a k = 2 torus dimension both
 *    directions lead to the same neighbour: the tie splits only when two
 *    parallel channels exist (the first is "+", the second "-").
 *    Flattened butterfly (FLATFLY, k-ary n-flat): one hop per differing
 *    dimension, straight to the destination's coordinate, in dimension
 *    order.  Hypercube: e-cube, lowest differing address bit first.
 *    Routers are located by their names "r<index>" when every router is so
 *    named (else node id = index); init checks every neighbour channel the
 *    model needs exists.  Other topologies: NOC_EUNSUP.
 *  - updown: up*-down* (Schroeder et al. 1991, Autonet) on any topology.
 *    Levels come from a BFS over the undirected view of the router-router
 *    channels from the root = the router of largest noc_topo_degree, lowest
 *    id on ties (each further connected component gets its own root by the
 *    same rule).  Channel u->v is "up" when level(v) < level(u), or levels
 *    are equal and v < u; otherwise "down".  A legal path never takes an up
 *    channel after a down channel.  Each pair is routed on ONE shortest legal
 *    path: at each router the next router is the lowest-id neighbour that
 *    keeps the path shortest and legal (lowest channel id among parallel
 *    channels).  Unidirectional channels are followed as they are; a pair
 *    with no legal path is NOC_EINFEASIBLE (message names the pair).
 *  - nca: nearest-common-ancestor routing of indirect networks (fat trees,
 *    Clos) as they are run: up*-down* whose roots are ALL the routers
 *    farthest from the terminals' routers (the top stage: levels by a BFS
 *    from all of them at once), so every top switch carries traffic, and
 *    at each router the next channel is the (D mod k)-th of the k that keep
 *    the path shortest and legal (D = the destination router's id; the
 *    classic destination-mod-k spreading, Zahavi et al. 2010, "Optimized
 *    InfiniBand fat-tree routing").  Deadlock free like up*-down* (the
 *    levels order the routers).  NOC_EUNSUP when two routers that carry
 *    terminals have no legal path (not a tree-like network).
 *  - desttag: butterflies (k-ary n-fly), Omega networks and multistage cube
 *    networks (families BUTTERFLY, OMEGA, CUBE) whose router-router channels
 *    form a DAG.  The route follows the actual channels: at each switch the
 *    output whose downstream subtree reaches the destination's ejection
 *    switch (the unique such output in a correct network -- destination-tag
 *    routing; the lowest channel id if the wiring offers several).
 *  - duato: Duato's fully adaptive minimal routing (Duato, "A new theory of
 *    deadlock-free adaptive routing in wormhole networks", IEEE TPDS 4(12),
 *    1993; Dally & Towles 2004, sec. 14.3) on 2-D meshes (as westfirst).
 *    The step function gives every productive direction (x before y) in VC
 *    class 1, the adaptive VCs, each with an equal share of the traffic: so
 *    paths and eval load are the equal split over all minimal directions.
 *    The escape channel (class 0, VC 0) is dor: the first listed hop (x
 *    before y); the simulator offers it at every hop, and a packet that
 *    takes it stays on escape VCs under dor.  The deadlock check applies
 *    Duato's condition: it examines the escape sub-network alone (dor, class
 *    0, acyclic on a mesh); with no return from escape to adaptive VCs there
 *    are no indirect dependencies.  With vcs = 1 (no escape VC) the check
 *    covers every productive hop in one class: cyclic.  Needs >= 2 VCs in
 *    the simulator.
 *  - table: the routes stored in t->routes; a terminal pair without a stored
 *    route is NOC_EINFEASIBLE, except s == d on one router (trivial path).
 *
 * Virtual channel classes for the deadlock check: class 0 everywhere, except
 * dor on tori/rings with vcs >= 2, which uses dateline classes as BookSim2
 * assigns them (dim_order_torus): a packet whose run in a dimension will take
 * that dimension's wraparound channel (k-1 -> 0 going +, 0 -> k-1 going -)
 * uses class 1 for the whole run, from its first hop in the dimension; a run
 * that does not wrap uses class 0; the class is chosen afresh in each
 * dimension (noc_dateline_class; Dally & Seitz 1987; Dally & Towles 2004,
 * sec. 14.2).  Class 0 never takes a wraparound channel and a class-1 run
 * (at most k/2 hops, all containing the wraparound channel) never closes
 * the ring, so each class is acyclic within a ring.  So under
 * dor a torus or ring with k >= 4 is cyclic with 1 VC and acyclic with 2;
 * with k = 3 every route spans at most one hop per ring, no dependency
 * stays within a ring, and 1 VC is already acyclic.  Meshes, flattened
 * butterflies and hypercubes under dor, updown (no down -> up turn) and
 * desttag (a DAG of channels) are acyclic with 1 VC; table routes are
 * checked as stored.
 */
#ifndef NOCSYN_ROUTE_H
#define NOCSYN_ROUTE_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;

enum noc_routing_model {
    NOC_RT_ECMP = 0,
    NOC_RT_IDEAL,
    NOC_RT_OPTIMAL,
    NOC_RT_DOR,
    NOC_RT_UPDOWN,
    NOC_RT_DESTTAG,
    NOC_RT_TABLE,
    NOC_RT_WESTFIRST, /* minimal adaptive, west-first turn model (2-D meshes) */
    NOC_RT_ODDEVEN,   /* minimal adaptive, odd-even turn model (Chiu 2000) */
    NOC_RT_NCA,       /* up*-down* from every root, destination-mod-k (fat trees, Clos) */
    NOC_RT_DUATO      /* fully adaptive minimal with a dor escape VC (2-D meshes) */
};

/* Model name <-> enum, from a static registry table.  parse: NOC_EINVAL for
 * an unknown name (message lists the known ones).  name: NULL for an unknown
 * model.  O(number of models). */
int noc_routing_parse(const char *name, int *model, struct noc_ctx *ctx);
const char *noc_routing_name(int model);
/* 1 when the model gives paths through noc_routing_paths. */
int noc_routing_is_deterministic(int model);

/* A set of weighted paths (channel ids).  Path i is
 * ch[start[i] .. start[i+1]-1] with weight[i].  Init/free pair; clear keeps
 * the memory for reuse. */
struct noc_pathset {
    int npaths;
    size_t pcap;
    double *weight;
    int *start;   /* npaths + 1 */
    int nch;
    size_t ccap;
    int *ch;
};
void noc_pathset_init(struct noc_pathset *ps);
void noc_pathset_free(struct noc_pathset *ps);
void noc_pathset_clear(struct noc_pathset *ps);
/* Appends a path of n channels with weight w.  NOC_OK or NOC_ENOMEM. */
int noc_pathset_add(struct noc_pathset *ps, const int *ch, int n, double w, struct noc_ctx *ctx);

/* Per-model precomputed state (up*-down* levels, table index, ...).  The
 * topology must outlive it.  Init/free pair. */
struct noc_routing {
    int model;
    const struct noc_topo *t;
    int vcs;        /* virtual channels available (>= 1) */
    void *priv;     /* model data, owned */
};

/* Prepares model for t (finalized).  NOC_EUNSUP with a message when the
 * model does not apply to t (e.g. dor on an irregular topology, table
 * without routes); NOC_EINVAL for vcs < 1 or an unknown model.  ecmp, ideal
 * and optimal initialise without state.  On failure r holds nothing (no
 * free needed, though calling it is harmless).  Cost: dor O(R * n * degree);
 * updown and desttag O(R * (R + E)) for the next-hop tables of every
 * destination when they fit in 32 MB (one byte per entry: updown up to
 * R = 4096, desttag 5792; else each path call computes its destination's
 * table, O(R + E)); table O(routes). */
int noc_routing_init(struct noc_routing *r, const struct noc_topo *t, int model,
                     int vcs, struct noc_ctx *ctx);
void noc_routing_free(struct noc_routing *r);

/* The default routing rule, the one sim and rtl share (docs/INTERFACE.md section 2): the
 * first model, in the order table, dor, desttag, updown (fat trees and Clos
 * networks, t->shape.family: table, nca, dor, desttag, updown, so that the
 * load is spread over the up paths), that initialises
 * on t with vcs VCs and that accept(ud, rt) approves; accept NULL approves
 * every model that initialises.  `order` (norder models) replaces that
 * order when not NULL (noc_routing_multicast_default is one such order).  The
 * attempts' own messages are dropped; a rejected model is freed.
 * On success rt holds the model (the caller frees it).  When none is
 * taken: if the last model failed to initialise, its status and message
 * (it is initialised again with ctx for them); else NOC_EUNSUP "no routing
 * model (...) applies".  Cost: the models' noc_routing_init plus accept. */
int noc_routing_default(const struct noc_topo *t, const int *order, int norder, int vcs,
                        int (*accept)(void *ud, const struct noc_routing *rt), void *ud,
                        struct noc_routing *rt, struct noc_ctx *ctx);

/* The default model of multicast trees on t (the route command's
 * --multicast without --routing): dor where it initialises on t, else
 * updown -- not the unicast order above, because a multicast tree is
 * built from per-destination next hops, which stored routes (table) do
 * not give and desttag's butterfly paths do not share.  Returns the model
 * id (NOC_RT_DOR or NOC_RT_UPDOWN); never fails (updown's own
 * initialisation reports when it does not apply).  Cost: one dor
 * noc_routing_init. */
int noc_routing_multicast_default(const struct noc_topo *t);

/* Clears ps and fills it with the paths from node s to node d (node ids).
 * Terminals: from s's injection channel (its first, the one of
 * noc_topo_inject_router) to d's ejection channel at noc_topo_eject_router.
 * Either endpoint may also be a router node: the path then starts (ends) at
 * that router with no injection (ejection) channel -- except for table
 * routing, which needs terminals (NOC_EUNSUP).  s == d on one router gives
 * the one path [injection, ejection].  Weights sum to 1.  NOC_EINFEASIBLE
 * when no path exists (e.g. a table without that pair, updown between
 * disconnected routers); NOC_EUNSUP for ecmp/ideal/optimal.
 * Cost O(paths * length) (updown/desttag above their table limits add
 * O(R + E) per call).  Safe to call from several threads on one r. */
int noc_routing_paths(const struct noc_routing *r, int s, int d,
                      struct noc_pathset *ps, struct noc_ctx *ctx);

/* One path from s to d (as noc_routing_paths, weight 1): deterministic
 * models pick one of their paths with probability equal to its weight;
 * ecmp picks a minimal router-level path uniformly at random among all of
 * them (counts in double precision; O(R + E) per call).  NOC_EUNSUP for
 * ideal/optimal.  Thread safe when each thread has its own rng. */
int noc_routing_sample(const struct noc_routing *r, int s, int d, struct noc_rng *rng,
                       struct noc_pathset *ps, struct noc_ctx *ctx);

/* One next hop of a destination-based model: channel, VC class, share. */
#define NOC_ROUTE_MAXHOP 2
struct noc_route_hop {
    int ch, cls;
    double w;
};

/* The next hops (at most NOC_ROUTE_MAXHOP) of a destination-based model
 * (dor, updown, nca, desttag, westfirst, oddeven, duato) for a packet at
 * router u (node id) bound for router D, that arrived on channel cin (-1:
 * just injected; an injection channel counts as -1) in VC class cls.
 * *nhop = 0 when u == D or there is no route.  The order is the model's
 * (turn models and duato: x before y).  NOC_EUNSUP for table, ecmp, ideal,
 * optimal.  O(1) for dor and the mesh models; updown, nca and desttag
 * prepare D's table per call when it was not precomputed. */
int noc_routing_next(const struct noc_routing *r, int D, int u, int cin, int cls,
                     struct noc_route_hop *hop, int *nhop, struct noc_ctx *ctx);

/* The dateline rule above: the class (0 or 1) of a whole run in one torus
 * or ring dimension from coordinate x to coordinate y (x != y) going +
 * (dir 0) or - (dir 1): 1 when the run crosses the dateline between k-1 and
 * 0, that is y < x going + and y > x going -.  Pure, O(1).  Used by dor,
 * its deadlock check, the simulator and the RTL generator alike. */
int noc_dateline_class(int x, int y, int dir);
/* The dateline class of every channel ch[0..len-1] of a path on t into
 * cls: each run of router-router hops in one dimension takes the class of
 * its whole extent (noc_dateline_class), other channels class 0; every
 * class 0 when coord is NULL.  coord[v * ndim + j] is router v's coordinate
 * in dimension j of extent dims[j] (a 2-ring's direction from the channel
 * order).  The one rule of the simulator and the RTL generator.  O(len +
 * run lengths), never fails. */
void noc_dateline_path_classes(const struct noc_topo *t, const int *coord, const int *dims, int ndim,
                               const int *ch, int len, unsigned char *cls);

/* The virtual-channel class of every channel of path ch[0..n-1] (channel
 * ids, as noc_routing_paths gives them) under r: for the destination-based
 * models (dor, updown, desttag) the class the model's step function assigns
 * (dateline classes of dor on tori and rings with r->vcs >= 2, see above;
 * parallel channels are told apart by their end router only); 0 for
 * terminal channels and for table, ecmp, ideal and optimal (one class).
 * NOC_EINVAL when the model would not take a hop of the path.
 * O(n) steps of the model (updown/desttag: plus one destination table). */
int noc_routing_path_classes(const struct noc_routing *r, const int *ch, int n, int *cls, struct noc_ctx *ctx);

/* The outcome of a deadlock check.  Init/free pair (the caller of init frees).
 * When `acyclic` is 0, the cycle lists a dependency cycle of the channel
 * dependency graph: channel cycle_ch[i] in VC class cycle_vc[i] waits for
 * channel cycle_ch[i+1] (cyclically). */
struct noc_deadlock {
    int acyclic;    /* 1: deadlock free; 0: cyclic */
    int ncycle;
    int *cycle_ch;  /* owned, ncycle */
    int *cycle_vc;  /* owned, ncycle */
    int cdg_nodes;  /* (channel, class) nodes that carry a dependency */
    long cdg_edges; /* distinct dependencies */
};
void noc_deadlock_init(struct noc_deadlock *dl);
void noc_deadlock_free(struct noc_deadlock *dl);

/* Builds the channel dependency graph (nodes: router-router channel x VC
 * class; an edge for every two consecutive router-router channels of a path)
 * over the paths of all ordered terminal pairs (s == d included; table:
 * the stored routes), and tests it for cycles (Kahn's algorithm, iterative).
 * Acyclic <=> deadlock free (Dally & Seitz 1987).  Pairs without a path add
 * nothing.  dl must be initialised; it is overwritten.  NOC_EUNSUP for
 * ecmp/ideal/optimal.  Cost: O(D * S) state visits, D = ejection routers,
 * S = (channel, class) states reachable toward one destination (at most
 * channels x vcs), plus O(V + E) of the CDG; table: O(total route length);
 * dor, when every router has a terminal: the same dependencies enumerated
 * from the structure, O(R * n^2 * k) (a 128x128 torus takes ~0.5 s). */
int noc_routing_deadlock(const struct noc_routing *r, struct noc_deadlock *dl,
                         struct noc_ctx *ctx);

/* Whether the model is deadlock free on its channel dependency graph with
 * r->vcs virtual channels (dateline classes on rings and tori).  Sets
 * *result to 1 or 0.  Only for deterministic models (NOC_EUNSUP otherwise).
 * Same cost as noc_routing_deadlock. */
int noc_routing_deadlock_free(const struct noc_routing *r, int *result, struct noc_ctx *ctx);

/* ---- multicast (src/route/multicast.c): one source to n destinations as
 * a tree, the union of the routing's paths (the heaviest path of each
 * destination, the first on ties), against n separate unicasts (Hwang,
 * "Advanced Computer Architecture", sec. 7.4).  Traffic counts
 * router-to-router channels: for unicasts every message's channels (a
 * channel used twice counts twice), for the tree each channel once;
 * distance is the longest path (the same for both).  Init by the call,
 * release with noc_multicast_free. */
struct noc_multicast {
    int ndest;
    long unicast_traffic, tree_traffic;
    int distance;
    int *tree;   /* the tree's channels in the order first used, owned */
    int ntree;
};
/* s and dests are node ids as for noc_routing_paths.  Errors as
 * noc_routing_paths (NOC_EUNSUP for ecmp/ideal/optimal), NOC_EINVAL for
 * n < 1.  O(sum of path lengths). */
int noc_routing_multicast(const struct noc_routing *r, int s, const int *dests, int n,
                          struct noc_multicast *m, struct noc_ctx *ctx);
void noc_multicast_free(struct noc_multicast *m);

/* ---- exact counts: a tiny unsigned bignum (base 1e9 limbs, addition and
 * multiplication by a small factor). */
struct noc_bignum {
    int n;           /* limbs in use; 0 means zero */
    size_t cap;
    uint32_t *limb;  /* owned, little-endian, each < 1e9 */
};
void noc_bignum_init(struct noc_bignum *b);
void noc_bignum_free(struct noc_bignum *b);
/* b = v.  NOC_OK or NOC_ENOMEM. */
int noc_bignum_set_u64(struct noc_bignum *b, uint64_t v, struct noc_ctx *ctx);
/* b += a (a may be b).  NOC_OK or NOC_ENOMEM.  O(limbs). */
int noc_bignum_add(struct noc_bignum *b, const struct noc_bignum *a, struct noc_ctx *ctx);
/* b *= m.  NOC_ENOMEM.  O(limbs). */
int noc_bignum_mul_u32(struct noc_bignum *b, uint32_t m, struct noc_ctx *ctx);
/* -1, 0 or 1 as b <, =, > v. */
int noc_bignum_cmp_u64(const struct noc_bignum *b, uint64_t v);
/* Appends the decimal digits of b to out ("0" for zero). */
void noc_bignum_to_buf(const struct noc_bignum *b, struct noc_buf *out);
/* Nearest double (inf beyond the range). */
double noc_bignum_to_double(const struct noc_bignum *b);

/* ---- minimal router-level paths (the candidates of ecmp).
 * Endpoints s, d are node ids: a terminal stands for its injection router
 * (s) or ejection router (d); a router stands for itself.  Paths follow
 * router-router channels; parallel channels do not multiply paths. */

/* Number of minimal router-level paths from s to d, exactly, in *count
 * (initialised by the caller).  *hops (may be NULL) receives their length in
 * router hops.  NOC_EINFEASIBLE when d cannot be reached.  O((R + E) * L)
 * with L the limbs of the count. */
int noc_minpaths_count(const struct noc_topo *t, int s, int d, struct noc_bignum *count,
                       int *hops, struct noc_ctx *ctx);

/* Calls fn(ud, routers, len) for every minimal router-level path from s to
 * d (router node ids, len = hops + 1), in lexicographic order of the router
 * id sequences.  A non-zero return of fn stops the listing (returned as the
 * status).  More than `limit` paths: NOC_ELIMIT before the (limit+1)-th
 * call.  NOC_EINFEASIBLE when d cannot be reached.  Iterative; O(R + E +
 * paths * L). */
int noc_minpaths_list(const struct noc_topo *t, int s, int d, long limit,
                      int (*fn)(void *ud, const int *routers, int len), void *ud,
                      struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
