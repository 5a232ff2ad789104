/* Internal to src/synth/: the dependency-graph order and the switch-graph
 * routing state shared by the synthesis files. */
#ifndef NOCSYN_SYNTH_INT_H
#define NOCSYN_SYNTH_INT_H

#include "nocsyn/core.h"

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
    /* scratch */
    int *mark;
    int stamp;
    struct ivec stack, fwd, bwd, pos;
};
void cdg_init(struct cdg *g);
void cdg_free(struct cdg *g);
/* Adds a node; returns its id or -1 (ENOMEM in ctx). */
int cdg_add_node(struct cdg *g, struct noc_ctx *ctx);
/* Adds edge a -> b unless it would close a cycle: returns 1 added, 0 refused
 * (cycle), -1 on ENOMEM.  Duplicate edges are allowed (counted). */
int cdg_add_edge(struct cdg *g, int a, int b, struct noc_ctx *ctx);
/* Removes one a -> b edge (must exist). */
void cdg_remove_edge(struct cdg *g, int a, int b);
/* 1 when adding a -> b would keep the graph acyclic (no change made). */
int cdg_can_add(struct cdg *g, int a, int b);

int ivec_push(struct ivec *v, int x, struct noc_ctx *ctx);

#endif

struct noc_synth_opts;

/* The switch graph being built for one K: switches, opened channels (always
 * in both directions, so a link is a port at each end), their loads, the
 * dependency graph of the routes, and each flow's switch path.
 * Init/free pair: swnet_init / swnet_free. */
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
    int *pred, *predch, *heap, *hpos;
};

int swnet_init(struct swnet *n, int K, int nflows, const struct noc_synth_opts *o,
               struct noc_ctx *ctx);
void swnet_free(struct swnet *n);
static inline int swnet_ports(const struct swnet *n, int s) { return n->ncores[s] + n->nlinks[s]; }
/* Routes flow f (core switches s, d; bw MB/s; max_hops or -1).  Returns 0
 * routed, 1 unroutable (reason in `why`), -1 on error (ctx). */
int swnet_route(struct swnet *n, int f, int s, int d, double bw, int max_hops,
                char *why, size_t whylen, struct noc_ctx *ctx);

/* Places the K switches of net (GLPK LP, synth.h step 3): core c of
 * centre (cx[c], cy[c]) sits on switch core_sw[c] with weight cw[c]; links
 * are weighted by their load both ways.  Writes net->sx, net->sy.  The die
 * is the bounding box of the cores. */
int synth_place(struct swnet *net, int ncores, const int *core_sw, const double *cx,
                const double *cy, const double *cw, struct noc_ctx *ctx);

struct noc_app;
/* The undirected core graph in METIS CSR form (partition.c): bandwidth both
 * ways summed, scaled to integers, raised for tight max_hops. */
struct core_graph {
    int n;
    int *xadj, *adjncy, *adjwgt;
};
int core_graph_build(const struct noc_app *app, struct core_graph *g, struct noc_ctx *ctx);
void core_graph_free(struct core_graph *g);

/* K-way partition of the app's cores (METIS, bandwidth weights raised for
 * tight max_hops), every part non-empty.  core_sw has ncores entries. */
int synth_partition(const struct noc_app *app, int K, unsigned seed, int *core_sw,
                    struct noc_ctx *ctx);
