/* Internal to src/synth/: the switch graph a design is routed on -- the
 * growable int list, the incremental channel dependency graph (deadlock
 * freedom), the switch graph itself (channels, loads, each flow's path)
 * and the router that commits paths under capacity, radix, max_hops and
 * deadlock freedom (cdg.c, flows.c).  Every fallible function returns a
 * status (core.h); what a call decided (routed, committed, joined, added)
 * is an out-parameter.  docs/layout.md describes the module. */
#ifndef NOCSYN_SYNTH_SWNET_INT_H
#define NOCSYN_SYNTH_SWNET_INT_H

#include <stddef.h>

#include "nocsyn/core.h"

struct noc_app;
struct noc_synth_opts;

/* A growable int list. */
struct ivec {
    int *v;
    int n;
    size_t cap;
};

/* Incremental cycle detection on a directed graph (the channel dependency
 * graph) with a dynamic topological order (Pearce & Kelly, "A dynamic
 * topological sort algorithm for directed acyclic graphs", JEA 11, 2006).
 * Init/free pair. */
struct cdg {
    int n;
    size_t cap;
    int *ord;          /* node -> position */
    int *at;           /* position -> node */
    struct ivec *out, *in;
    /* scratch: mark (the forward side; both sides of noc_cdg_add_edge),
     * markb (the backward side of noc_cdg_can_add) */
    int *mark, *markb;
    int stamp;
    struct ivec stack, fwd, bwd, pos;
};
void noc_cdg_init(struct cdg *g);
void noc_cdg_free(struct cdg *g);
/* Adds a node, its id in *id.  NOC_OK or NOC_ENOMEM. */
int noc_cdg_add_node(struct cdg *g, int *id, struct noc_ctx *ctx);
/* Adds edge a -> b unless it would close a cycle: *added = 1 when added, 0
 * when refused (a cycle; the graph unchanged).  NOC_OK or NOC_ENOMEM.
 * Duplicate edges are allowed (counted). */
int noc_cdg_add_edge(struct cdg *g, int a, int b, int *added, struct noc_ctx *ctx);
/* Removes one a -> b edge (must exist). */
void noc_cdg_remove_edge(struct cdg *g, int a, int b);
/* 1 when adding a -> b would keep the graph acyclic (no change made; 0
 * when out of memory).  A search from both ends within the order window
 * between b and a: O(min(F, B)) node expansions when the answer is 1, for
 * the nodes F that b reaches and B that reach a in the window. */
int noc_cdg_can_add(struct cdg *g, int a, int b);

/* Appends x.  NOC_OK or NOC_ENOMEM (v unchanged). */
int noc_ivec_push(struct ivec *v, int x, struct noc_ctx *ctx);
/* Reverses v in place. */
void noc_ivec_reverse(struct ivec *v);


/* The switch graph being built for one K: switches, opened channels (always
 * in both directions, so a link is a port at each end), their loads, the
 * dependency graph of the routes, and each flow's switch path.
 * Init/free pair: noc_swnet_init / noc_swnet_free. */
struct swnet {
    int K;
    int max_radix;          /* INT_MAX when unlimited */
    double cap;             /* usable MB/s per channel */
    double width;
    const struct noc_synth_opts *o;
    int *ncores, *nlinks;   /* per switch */
    double *sx, *sy;        /* switch position estimates (mm) */
    int nch;
    size_t chcap;
    int *csrc, *cdst, *cnode;
    double *cload;
    struct noc_u64map chmap; /* (u,v) -> channel */
    struct ivec *out;        /* per switch: out channels */
    struct cdg cdg;
    int nflows;
    struct ivec *paths;      /* per flow: switches in order */
    /* search scratch */
    double *dist;
    int *pred, *predch;
    struct noc_heap heap; /* Dijkstra: ids = switches, ties by id */
    /* Dijkstra's scratch between calls: when sclean, dist and pred are at
     * DBL_MAX and -1 and the heap empty (pos -1) except at the ntch
     * switches in tch, which the last call touched; else (a fresh net, or
     * after probe_hops) everything is reset first. */
    int *tch, ntch, sclean;
    /* The switches by sx (ties by id) and each one's rank, valid while the
     * positions stay (noc_swnet_index_x; NULL: none): the new links out
     * of a source are then priced only within the wire length that can
     * still beat the destination. */
    int *xord, *xrank;
    /* Backbone mode (noc_synth_backbone): each switch's parent on the spanning
     * tree opened first (-1 at a root) and its depth; NULL otherwise. */
    int *tpar, *tdepth;
    /* Router prices by port count p < nrp (flows.c; the tech model's own
     * differences, tabulated): rstep[p] = idle power at p + 1 ports less at
     * p; rflow[p] = power carrying rbw MB/s at p ports less idle, for the
     * flow being routed (rbw NAN: not filled). */
    int nrp;
    double *rstep, *rflow, rbw;
};

int noc_swnet_init(struct swnet *n, int K, int nflows, const struct noc_synth_opts *o,
                   struct noc_ctx *ctx);
void noc_swnet_free(struct swnet *n);
static inline int swnet_ports(const struct swnet *n, int s) { return n->ncores[s] + n->nlinks[s]; }
/* Indexes the switches by sx (n->xord, n->xrank) for the routing that
 * follows; the positions must not change until noc_swnet_drop_x.  NOC_OK
 * or NOC_ENOMEM (then no index is left).  Routing gives the same routes
 * with or without it.  O(K log K). */
int noc_swnet_index_x(struct swnet *n, struct noc_ctx *ctx);
void noc_swnet_drop_x(struct swnet *n);
/* Joins the connected components of the switch graph with the shortest
 * (estimated) links whose ends have a free port, until one component is
 * left or no such link exists.  The links carry no flow, so they add no
 * dependency.  *joined = 1 when one component is left, 0 when islands are
 * left that no link can join within the radix (the design is infeasible:
 * every core must be reachable unless o->no_connect; reason in `why`).
 * NOC_OK or NOC_ENOMEM. */
int noc_swnet_connect(struct swnet *n, int *joined, char *why, size_t whylen, struct noc_ctx *ctx);
/* The nearest switch pair u < v (estimated Manhattan length; ties: lowest
 * u, then lowest v) whose ends both pass end_ok and that passes pair_ok:
 * 1 with *bu, *bv set, else 0 (*bu = *bv = -1).  The join search of
 * noc_swnet_connect and noc_synth_backbone.  O(K^2) predicate calls. */
struct swnet_join_pred {
    int (*end_ok)(void *ud, const struct swnet *n, int s);
    int (*pair_ok)(void *ud, const struct swnet *n, int u, int v);
    void *ud;
};
int noc_swnet_nearest_pair(const struct swnet *n, const struct swnet_join_pred *p, int *bu, int *bv);
/* Routes flow f (core switches s, d; bw MB/s; max_hops or -1): *routed = 1
 * with n->paths[f] committed, or 0 when no path exists (the binding
 * constraint in `why`; nothing committed).  A status (NOC_ENOMEM,
 * NOC_EINTERNAL). */
int noc_swnet_route(struct swnet *n, int f, int s, int d, double bw, int max_hops, int *routed,
                    char *why, size_t whylen, struct noc_ctx *ctx);

/* Extra switch-graph operations (flows.c) for methods that choose their
 * own paths.  noc_swnet_chan: the channel u -> v or -1.  noc_swnet_open_link opens
 * u <-> v unless it is open (no radix check: callers check ports); NOC_OK
 * or NOC_ENOMEM. */
int noc_swnet_chan(const struct swnet *n, int u, int v);
int noc_swnet_open_link(struct swnet *n, int u, int v, struct noc_ctx *ctx);
/* Commits sw[0..len-1] as flow f's path: capacity, radix (a link it must
 * open: only the first or the last hop may be new) and deadlock freedom
 * (the dependency graph stays acyclic) are checked.  *committed = 1, or 0
 * when refused (nothing changed, the flow has no path).  A status
 * (NOC_ENOMEM, NOC_EINTERNAL for an inner new link). */
int noc_swnet_commit(struct swnet *n, int f, const int *sw, int len, double bw, int *committed,
                     struct noc_ctx *ctx);
/* A copy of src (links, each flow's path and load, dependency graph,
 * positions, radix bound) in dst, owned by the caller (noc_swnet_free) on
 * NOC_OK.  NOC_ENOMEM, NOC_EINTERNAL.  O(F K + C). */
int noc_synth_net_clone(const struct noc_app *app, const struct noc_synth_opts *o, const struct swnet *src,
                        struct swnet *dst, struct noc_ctx *ctx);

/* How messages name the radix bound of a point's options o: the clock's
 * bound when o->max_radix is the largest radix that meets o's clock and
 * width (noc_synth_run lowers the user's --max-radix to it), else
 * "--max-radix".  Derived, not stored: the options stay input only. */
#define SYNTH_RADIX_NAME(o)                                                                \
    (noc_tech_max_radix(&(o)->tech, (o)->link_width, (o)->freq_mhz) == (o)->max_radix       \
         ? "the radix that meets the clock,"                                                 \
         : "--max-radix")

#endif
