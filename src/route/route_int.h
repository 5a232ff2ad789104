/* Internal to src/route: the model table, the per-destination next-hop
 * tables shared by updown and desttag, and the channel dependency graph.
 *
 * Every deterministic model except table is destination based: the next
 * channel(s) of a packet depend only on the router u it is at, the channel
 * it arrived on (cin, -1 right after injection), its VC class and the
 * destination router D.  Paths (walk.c) and the deadlock check (deadlock.c)
 * are both derived from that one step function. */
#ifndef NOCSYN_ROUTE_INT_H
#define NOCSYN_ROUTE_INT_H

#include "nocsyn/route.h"
#include "nocsyn/topo.h"

#define RT_MAXHOP 2

struct rt_hop {
    int ch;   /* router-router channel id */
    int cls;  /* VC class on it */
    double w; /* fraction of the packet's traffic taking it */
};

/* Destination data prepared once per destination router D. */
struct rt_dest {
    int d;                /* destination router */
    const int *tab;       /* model table for D (channel ids), or NULL */
    const uint8_t *tab8;  /* or compact: out-edge offset at the state's router, 255 = none */
    int per;              /* states per router (to decode tab8) */
    int *own;             /* owned scratch table, or NULL */
};

/* The channel a model table gives for state st (router st / per), or -1. */
static inline int rt_dest_channel(const struct rt_dest *dd, const struct noc_graph *g, int st)
{
    if (dd->tab8) {
        int v = dd->tab8[st];
        return v == 255 ? -1 : g->off[st / dd->per] + v;
    }
    return dd->tab[st];
}

/* One next hop: channel ch in VC class cls carrying the fraction w. */
static inline void rt_hop_set(struct rt_hop *hop, int ch, int cls, double w)
{
    hop->ch = ch;
    hop->cls = cls;
    hop->w = w;
}

/* The next hops of a model whose table gives one channel e (class 0, all
 * the traffic; none when e < 0).  Returns NOC_OK. */
static inline int rt_table_hop(int e, struct rt_hop *hop, int *nhop)
{
    *nhop = 0;
    if (e >= 0) {
        rt_hop_set(&hop[0], e, 0, 1.0);
        *nhop = 1;
    }
    return NOC_OK;
}

struct rt_cdg;

struct rt_model {
    const char *name;
    int model;
    int deterministic;
    int (*init)(struct noc_routing *r, struct noc_ctx *ctx); /* NULL: no state */
    void (*release)(void *priv);
    /* Prepares dd for destination router D (NULL: dd->tab = NULL). */
    int (*dest)(const struct noc_routing *r, int D, struct rt_dest *dd, struct noc_ctx *ctx);
    /* Next hops at router u != D; *nhop = 0 when there is no route. */
    int (*next)(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);
    /* Own path / dependency producers (table: source-dependent routes; dor:
     * a structural enumeration of its dependencies); NULL = generic. */
    int (*paths)(const struct noc_routing *r, int s, int d, struct noc_pathset *ps,
                 struct noc_ctx *ctx);
    int (*deps)(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx);
};

/* registry.c */
const struct rt_model *noc_rt_model_get(int model);
void noc_rt_dest_release(struct rt_dest *dd);
/* Names a node for messages. */
const char *noc_rt_name(const struct noc_topo *t, int v);
/* The minimal-path searches' breadth-first step: hop distances over t's
 * router graph from router `root` (flags NOC_BFS_OUT), or to it
 * (NOC_BFS_IN), into dist and order (t->nrouters entries each, order in
 * visiting order; *nv the routers reached, may be NULL); NOC_EINFEASIBLE
 * "no path from S to D" (terminals s, d) when router `other` is not
 * reached.  O(R + channels). */
int noc_rt_reach(const struct noc_topo *t, int root, int other, int flags, int s, int d, int *dist, int *order,
                 int *nv, struct noc_ctx *ctx);

/* Per-destination next-hop tables (dtab.c) of `nstates` = per * R states
 * (state s belongs to router s / per).  All destinations are precomputed
 * when they fit in RT_DTAB_BYTES -- one byte per entry when every router
 * has fewer than 255 out-channels, else an int -- and otherwise filled per
 * call. */
#define RT_DTAB_BYTES (32L << 20)
typedef int (*rt_fill_fn)(const struct noc_routing *r, int D, int *tab, struct noc_ctx *ctx);
struct rt_dtab {
    int nstates, per;
    int *all;      /* R * nstates ints, or NULL */
    uint8_t *all8; /* R * nstates bytes, or NULL */
    rt_fill_fn fill;
};
int noc_rt_dtab_build(struct rt_dtab *dt, const struct noc_routing *r, int per, rt_fill_fn fill,
                      struct noc_ctx *ctx);
void noc_rt_dtab_free(struct rt_dtab *dt);
int noc_rt_dtab_dest(const struct rt_dtab *dt, const struct noc_routing *r, int D, struct rt_dest *dd,
                     struct noc_ctx *ctx);

/* Maps router node ids to mixed-radix indices (node[i] = node id of index
 * i, idx[node id] = i): by name when every router is named r<i> with
 * distinct i in [0, R), else by node id (dor.c; R ints each). */
void noc_rt_map_indices(const struct noc_topo *t, int *node, int *idx);

/* Model hooks (one file each). */
int noc_rt_dor_init(struct noc_routing *r, struct noc_ctx *ctx);
void noc_rt_dor_release(void *priv);
int noc_rt_dor_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                    struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);
/* The dor dependencies enumerated from the structure, O(R * n^2 * k), when
 * every router has a terminal (else noc_rt_explore_deps). */
int noc_rt_dor_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx);

int noc_rt_updown_init(struct noc_routing *r, struct noc_ctx *ctx);
int noc_rt_nca_init(struct noc_routing *r, struct noc_ctx *ctx);
void noc_rt_updown_release(void *priv);
int noc_rt_updown_dest(const struct noc_routing *r, int D, struct rt_dest *dd, struct noc_ctx *ctx);
int noc_rt_updown_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                       struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);

int noc_rt_desttag_init(struct noc_routing *r, struct noc_ctx *ctx);
void noc_rt_desttag_release(void *priv);
int noc_rt_desttag_dest(const struct noc_routing *r, int D, struct rt_dest *dd, struct noc_ctx *ctx);
int noc_rt_desttag_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                        struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);

/* turn.c: minimal adaptive routing of the turn models on 2-D meshes. */
int noc_rt_turn_init(struct noc_routing *r, struct noc_ctx *ctx);
void noc_rt_turn_release(void *priv);
int noc_rt_turn_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                     struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);

/* duato.c: fully adaptive minimal routing with a dor escape VC (2-D meshes;
 * state and init of turn.c). */
int noc_rt_duato_next(const struct noc_routing *r, const struct rt_dest *dd, int u, int cin, int cls,
                      struct rt_hop *hop, int *nhop, struct noc_ctx *ctx);
int noc_rt_duato_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx);
/* turn.c: the channel from router u one step in direction dir (0 E, 1 W,
 * 2 N, 3 S), or -1. */
int noc_rt_turn_channel(const struct noc_routing *r, int u, int dir);
/* turn.c: the mesh coordinates (x, y) of router u. */
void noc_rt_turn_coords(const struct noc_routing *r, int u, int *xy);

int noc_rt_table_init(struct noc_routing *r, struct noc_ctx *ctx);
void noc_rt_table_release(void *priv);
int noc_rt_table_paths(const struct noc_routing *r, int s, int d, struct noc_pathset *ps,
                       struct noc_ctx *ctx);
int noc_rt_table_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx);

/* walk.c: generic path generation from the step function. */
int noc_rt_walk_paths(const struct noc_routing *r, const struct rt_model *m, int s, int d,
                      struct noc_pathset *ps, struct noc_ctx *ctx);
/* Endpoint resolution shared by walk.c, table.c and minpaths.c: the router
 * a path from node s starts at (s itself or its injection router), and the
 * router a path to node d ends at. */
int noc_rt_src_router(const struct noc_topo *t, int s);
int noc_rt_dst_router(const struct noc_topo *t, int d);

/* deadlock.c: dependency edges, deduplicated. */
int noc_rt_cdg_add(struct rt_cdg *cdg, int c1, int v1, int c2, int v2, struct noc_ctx *ctx);
/* The dependencies of a destination-based model (one with `next`): for every
 * ejection router D, the (channel, class) states reachable from every
 * source's injection router, each expanded once.  O(D * states). */
int noc_rt_explore_deps(const struct noc_routing *r, struct rt_cdg *cdg, struct noc_ctx *ctx);
/* noc_routing_deadlock; generic != 0 bypasses a model's own `deps` when it
 * also has `next` (white-box tests compare the two). */
int noc_rt_deadlock_run(const struct noc_routing *r, int generic, struct noc_deadlock *dl,
                        struct noc_ctx *ctx);

#endif
