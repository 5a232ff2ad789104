/* nocsyn graph: a compressed-sparse-row directed multigraph.
 *
 * Edges are stored sorted by (src, dst, input order); edge e of the CSR is
 * e in [off[v], off[v+1]) for source v.  `perm[e]` is the index in the input
 * edge list, `rev[e]` the CSR index of a reverse edge (dst -> src) or -1;
 * parallel edges are paired one to one with their reverse edges in order.
 * Per-edge attribute arrays of callers are indexed by CSR edge id.
 */
#ifndef NOCSYN_GRAPH_H
#define NOCSYN_GRAPH_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_graph {
    int n;    /* vertices 0..n-1 */
    int m;    /* directed edges */
    int *off; /* n + 1 offsets */
    int *src; /* m: source of edge e */
    int *dst; /* m: target of edge e */
    int *rev; /* m: reverse edge or -1 */
    int *perm; /* m: input-list index of CSR edge e */
    /* In-edges: in_off (n+1) and in_edge (m) list the CSR ids of edges
     * entering each vertex, ordered by CSR id. */
    int *in_off;
    int *in_edge;
};

/* Zeroes g (an empty graph).  Pair with noc_graph_free. */
void noc_graph_init(struct noc_graph *g);
/* Releases the arrays of g and zeroes it. */
void noc_graph_free(struct noc_graph *g);

/* Builds g (which must be freshly initialised or freed) from m edges
 * src[i] -> dst[i] over n vertices.  Errors: NOC_EINVAL for an endpoint out of
 * range, NOC_ENOMEM.  O(n + m) (counting sort). */
int noc_graph_build(struct noc_graph *g, int n, int m, const int *src,
                    const int *dst, struct noc_ctx *ctx);

/* The CSR id of the first edge u -> v, or -1.  O(out-degree of u). */
int noc_graph_find(const struct noc_graph *g, int u, int v);

static inline int noc_graph_outdeg(const struct noc_graph *g, int v)
{
    return g->off[v + 1] - g->off[v];
}

/* Breadth-first search (noc_graph_bfs).  Direction flags: follow edges
 * forward (u -> dst), backward (u <- src, i.e. distances *to* the sources),
 * or both (the undirected view; out-edges of a vertex are scanned before its
 * in-edges).  NOC_BFS_KEEP: dist[] is not reset on entry (the caller keeps
 * it at -1 for unvisited vertices, e.g. to grow several trees into one
 * array or to reset only the visited vertices afterwards). */
enum {
    NOC_BFS_OUT = 1,
    NOC_BFS_IN = 2,
    NOC_BFS_BOTH = 3,
    NOC_BFS_KEEP = 4
};

/* Hop distances from the nsrc sources src[] over the vertices 0..nv-1 of g
 * (nv <= g->n; vertices >= nv are never entered, which restricts a topology
 * to its routers).  On return dist[v] (nv entries, caller-owned) is the
 * distance of v, -1 when unreached; queue[] (nv entries, caller-owned) holds
 * the visited vertices in visit order (sources first, in src order, then by
 * level; within a level in the order their parents were dequeued and their
 * edges scanned in CSR order).  A source already at dist >= 0 (duplicate,
 * or visited before with NOC_BFS_KEEP) is skipped; every source must be in
 * 0..nv-1.  src may alias queue.  maxd >= 0 stops the search at that depth
 * (vertices at distance maxd are visited but not expanded); maxd < 0: no
 * bound.  flags: NOC_BFS_OUT, _IN or _BOTH, optionally | NOC_BFS_KEEP.
 * Returns the number of vertices visited (the length of queue[]); never
 * fails, allocates nothing.  O(nv + edges scanned) (O(visited + their
 * edges) with NOC_BFS_KEEP). */
int noc_graph_bfs(const struct noc_graph *g, int nv, const int *src, int nsrc, int flags, int maxd,
                  int *dist, int *queue);

#ifdef __cplusplus
}
#endif

#endif
