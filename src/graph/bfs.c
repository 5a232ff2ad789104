/* Breadth-first search over a CSR digraph (the one hop-distance search). */
#include "nocsyn/graph.h"

int noc_graph_bfs(const struct noc_graph *g, int nv, const int *src, int nsrc, int flags, int maxd,
                  int *dist, int *queue)
{
    const int *off = g->off, *dst = g->dst, *in_off = g->in_off, *in_edge = g->in_edge, *gsrc = g->src;
    int out = flags & NOC_BFS_OUT, in = flags & NOC_BFS_IN, head = 0, tail = 0;
    if (!(flags & NOC_BFS_KEEP))
        for (int v = 0; v < nv; v++)
            dist[v] = -1;
    for (int i = 0; i < nsrc; i++) {
        int s = src[i];
        if (dist[s] < 0) {
            dist[s] = 0;
            queue[tail++] = s;
        }
    }
    while (head < tail) {
        int u = queue[head++], du = dist[u] + 1;
        if (maxd >= 0 && du > maxd)
            continue;
        if (out)
            for (int e = off[u]; e < off[u + 1]; e++) {
                int w = dst[e];
                if (w < nv && dist[w] < 0) {
                    dist[w] = du;
                    queue[tail++] = w;
                }
            }
        if (in)
            for (int j = in_off[u]; j < in_off[u + 1]; j++) {
                int w = gsrc[in_edge[j]];
                if (w < nv && dist[w] < 0) {
                    dist[w] = du;
                    queue[tail++] = w;
                }
            }
    }
    return tail;
}
