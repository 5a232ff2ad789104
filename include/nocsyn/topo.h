/* nocsyn topology: the one model that flows through the whole pipeline
 * (layer 2, docs/layout.md; its readers and the DOT format's shared facts,
 * src/topo/dot_format.c, live in the module).
 *
 * Nodes are routers and terminals.  After noc_topo_finalize() routers are
 * nodes 0..R-1 and terminals nodes R..R+N-1 (each kind keeps the order it was
 * added in), and channels are sorted so that channel id == CSR edge id of
 * `g`.  Channels are directed; a bidirectional link is two channels.  A
 * terminal has injection channels (terminal -> router) and ejection channels
 * (router -> terminal), possibly at different routers (butterflies).
 *
 * Lifecycle: noc_topo_init, add nodes and channels, noc_topo_finalize, use,
 * noc_topo_free.  Adding after finalize un-finalizes (call finalize again).
 */
#ifndef NOCSYN_TOPO_H
#define NOCSYN_TOPO_H

#include "nocsyn/core.h"
#include "nocsyn/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

enum noc_node_kind { NOC_ROUTER = 0, NOC_TERMINAL = 1 };

struct noc_node {
    char *name;  /* owned */
    int kind;    /* enum noc_node_kind */
    int has_pos; /* x, y valid (mm, centre of the node) */
    double x, y;
    double w, h; /* mm; 0 when unknown */
    int shared;  /* router: its terminals share ONE concentrator port (one
                  * injection and one ejection port of 1 flit/cycle each,
                  * the textbook concentrator); 0 = a private port each */
};

struct noc_channel {
    int src, dst;     /* node ids */
    double width;     /* bits; 0 = unknown (use the design default) */
    double length;    /* mm; < 0 = unknown (derive from positions) */
    int latency;      /* cycles; 0 = unknown (1 assumed) */
    double capacity_mbps; /* MB/s of its own (a D2D module), 0 = width x
                           * clock / 8 (noc_topo_channel_gap) */
};

/* Family tags: which structure-aware routings apply.  Generators set them;
 * the DOT writer and reader keep them as graph attributes. */
enum noc_family {
    NOC_FAM_NONE = 0,  /* irregular / synthesized */
    NOC_FAM_MESH,      /* k-ary n-mesh (dims[]), conc c */
    NOC_FAM_TORUS,     /* k-ary n-cube (dims[]), conc c */
    NOC_FAM_HYPERCUBE, /* binary n-cube */
    NOC_FAM_FLATFLY,   /* k-ary n-flat, conc c */
    NOC_FAM_BUTTERFLY, /* k-ary n-fly */
    NOC_FAM_OMEGA,     /* 2x2 Omega */
    NOC_FAM_CUBE,      /* multistage cube (STARAN flip) */
    NOC_FAM_CLOS,
    NOC_FAM_FATTREE,
    NOC_FAM_RING,      /* a ring of k (dims[0] = k) */
    NOC_FAM_OTHER      /* a named regular family with no structural routing */
};

#define NOC_MAXDIM 8

struct noc_shape {
    int family;            /* enum noc_family */
    char name[32];         /* family name as given to gen, e.g. "cmesh" */
    int ndims;             /* k-ary n-cubes / flatfly: n; butterfly: stages */
    int dims[NOC_MAXDIM];  /* radix per dimension (dimension 0 = X) */
    int k;                 /* switch radix parameter where meaningful */
    int conc;              /* terminals per router (direct networks) */
    char params[128];      /* the generator parameters, "k=8,n=2" */
};

/* A stored route for table routing: the routers from the source terminal's
 * router to the destination terminal's router (node ids), in order. */
struct noc_route {
    int src, dst;   /* terminal node ids */
    int len;        /* number of routers on the path (>= 1) */
    int *path;      /* owned, len router node ids */
};

struct noc_topo {
    char *name;               /* owned; may be NULL */
    struct noc_shape shape;
    int nnodes, nrouters, nterminals;
    size_t node_cap;
    struct noc_node *nodes;
    int nch;
    size_t ch_cap;
    struct noc_channel *ch;
    int nroutes;
    size_t route_cap;
    struct noc_route *routes;
    double link_width;        /* default channel width in bits (0 = unset) */
    double freq_mhz;          /* clock, 0 = unset */
    struct noc_strmap names;  /* node name -> node id */
    struct noc_graph g;       /* valid after finalize */
    int finalized;
};

/* Zeroes t with an empty name map.  Pair with noc_topo_free. */
void noc_topo_init(struct noc_topo *t);
/* Releases everything t owns. */
void noc_topo_free(struct noc_topo *t);

/* Adds a node; returns its id (>= 0) or a negative status.  Names must be
 * unique and non-empty (NOC_EINVAL otherwise).  The id is provisional until
 * finalize (which moves routers before terminals). */
int noc_topo_add_node(struct noc_topo *t, const char *name, int kind,
                      struct noc_ctx *ctx);
/* Looks a node up by name; -1 when absent. */
int noc_topo_find(const struct noc_topo *t, const char *name);
/* Adds the directed channel src -> dst (no self loops; a terminal may not
 * connect to a terminal).  Returns NOC_OK or an error. */
int noc_topo_add_channel(struct noc_topo *t, int src, int dst, struct noc_ctx *ctx);
/* Adds both directions. */
int noc_topo_add_link(struct noc_topo *t, int a, int b, struct noc_ctx *ctx);
/* Adds a stored route (path copied).  Node ids as of the call. */
int noc_topo_add_route(struct noc_topo *t, int src_term, int dst_term,
                       const int *path, int len, struct noc_ctx *ctx);
/* Sets a node's position (mm). */
void noc_topo_set_pos(struct noc_topo *t, int node, double x, double y);

/* Orders nodes (routers first) and channels (CSR order), remaps routes,
 * builds t->g and checks the model: every terminal injects and ejects
 * somewhere, every channel touches a router, every route follows existing
 * channels from the source's injection router to the destination's ejection
 * router.  NOC_EINVAL with a message naming the node otherwise.  O(V + E). */
int noc_topo_finalize(struct noc_topo *t, struct noc_ctx *ctx);

/* Helpers valid after finalize. */
static inline int noc_topo_is_router(const struct noc_topo *t, int v)
{
    return v < t->nrouters;
}
/* Terminal index (0..N-1) to node id and back. */
static inline int noc_topo_term_node(const struct noc_topo *t, int i)
{
    return t->nrouters + i;
}
/* 1 if channel c joins two routers. */
static inline int noc_topo_is_rr(const struct noc_topo *t, int c)
{
    return t->ch[c].src < t->nrouters && t->ch[c].dst < t->nrouters;
}
/* The router a terminal injects into first (lowest channel id), or -1. */
int noc_topo_inject_router(const struct noc_topo *t, int term_node);
/* The router a terminal ejects from first, or -1. */
int noc_topo_eject_router(const struct noc_topo *t, int term_node);

/* Counts (docs/INTERFACE.md section 2): links = router-router links (a bidirectional pair
 * counted once), channels = directed router-router channels. */
int noc_topo_links(const struct noc_topo *t);
int noc_topo_rr_channels(const struct noc_topo *t);
/* Ports (docs/INTERFACE.md section 2): every incident link counts once, a bidirectional
 * pair (a channel with a reverse) as one port, a lone unidirectional channel
 * as one port, so a k x k unidirectional switch has radix 2k.
 * degree = router-router ports; radix = degree + terminal ports, where the
 * terminal ports of a router with a shared port (noc_node.shared) count as
 * one.  noc_topo_shared_ports: how many routers have a shared port. */
int noc_topo_degree(const struct noc_topo *t, int router);
int noc_topo_radix(const struct noc_topo *t, int router);
/* The router's input buffers: its ports with every terminal port counted on
 * its own, shared or not (a shared concentrator port keeps one input queue
 * per terminal; the power and area model prices them).  O(degree). */
int noc_topo_buffer_ports(const struct noc_topo *t, int router);
int noc_topo_shared_ports(const struct noc_topo *t);
/* The largest load of a shared concentrator port given per-channel loads
 * x[nch] (any unit): per router with `shared`, the sum of x over its
 * terminals' injection channels and, separately, over its ejection
 * channels; NAN when no router shares a port.  O(V + E). */
double noc_topo_port_load(const struct noc_topo *t, const double *x);

/* Channel length in mm: the stored length if >= 0, else the Manhattan
 * distance between positioned endpoints, else -1. */
double noc_topo_channel_length(const struct noc_topo *t, int c);

/* A channel's share of one flit a cycle (issue 31: a D2D module narrower
 * than the link): r = min(1, capacity_mbps / noc_link_mbps(width, clock))
 * with its width (else t->link_width) at t->freq_mhz, at least 1e-6; 1
 * when it has no own capacity or the width or clock is unknown.  The one rule: eval counts a
 * channel's load as load / r against max_channel_load, the latency model
 * and the simulator send one flit every noc_topo_channel_gap = ceil(1 / r)
 * cycles on it.  O(1). */
double noc_topo_channel_rate(const struct noc_topo *t, int c);
int noc_topo_channel_gap(const struct noc_topo *t, int c);

/* Copies src into dst (dst must be uninitialised). */
int noc_topo_copy(struct noc_topo *dst, const struct noc_topo *src, struct noc_ctx *ctx);

/* The index i of a generated router name "r<i>" (decimal, no leading zero),
 * or -1 for any other name.  O(length). */
long noc_topo_router_index(const char *name);

/* Renames every node at once: names[v] is the new name of node v (NULL
 * keeps the old one).  The new names must be unique and non-empty
 * (NOC_EINVAL naming the clash, t unchanged).  O(V). */
int noc_topo_rename_nodes(struct noc_topo *t, const char *const *names, struct noc_ctx *ctx);

/* ---- readers (src/topo/): only these read topology files. */
/* Loads a topology file, format from fmt ("dot", "anynet") or the
 * extension (.dot/.gv, .anynet); "-" reads stdin (anynet when its first
 * word is "router", else DOT).  JSON is
 * write-only (NOC_EUNSUP).  t must be uninitialised; on success it is
 * finalized and owned by the caller.  On failure t is released.  Errors
 * carry FILE:LINE where there is one.  The parse_* functions read from
 * memory (`label` names the data in messages) with the same contract; in
 * DOT a node without `kind` is a router (src/topo/dot_read.c), every
 * semantic error names the line of its statement, node and graph names are
 * valid UTF-8 without control characters and at most 256 bytes, and x y w h
 * (and link lengths, 4x) stay within NOC_DIE_MAX_MM (tech.h). */
int noc_topo_load(struct noc_topo *t, const char *path, const char *fmt, struct noc_ctx *ctx);
int noc_topo_parse_dot(struct noc_topo *t, const char *data, size_t len,
                       const char *label, struct noc_ctx *ctx);
int noc_topo_parse_anynet(struct noc_topo *t, const char *data, size_t len,
                          const char *label, struct noc_ctx *ctx);

/* ---- writers (buffers only; files are written by emit's noc_topo_save) */
/* Topology DOT (docs/INTERFACE.md section 1.3): kind, x, y (mm), width, shape attributes and
 * stored routes; read back exactly by noc_topo_parse_dot.  O(V + E).
 * Channels a -> b and b -> a with equal attributes become one edge with
 * dir=both.  Table routes are a `route` attribute on each source terminal:
 * route="t3: r0 r1 r2; t5: r0 r4" (destination, ':', the routers of the
 * path in order; records separated by ';'; ' ', ':', ';', '\' inside a
 * name escaped with '\').  Full format: src/topo/dot_write.c. */
int noc_topo_write_dot(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);
/* BookSim2 anynet: routers renumbered 0..R-1, terminals 0..N-1 in node
 * order, single spaces, a latency token after a neighbour whose channel has
 * ch.latency > 1.  NOC_EUNSUP when a terminal
 * attaches to two different routers, a router channel has no reverse
 * (anynet links are bidirectional) or channels are parallel. */
int noc_topo_write_anynet(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx);


#ifdef __cplusplus
}
#endif

#endif
