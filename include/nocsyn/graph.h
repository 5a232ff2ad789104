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

#endif
