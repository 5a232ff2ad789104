/* nocsyn part: graph partitioning with METIS (src/part/part.c is the only
 * file of the project that includes <metis.h>).
 *
 * Graphs are undirected, in METIS's CSR form: the neighbours of vertex v are
 * adjncy[xadj[v] .. xadj[v+1]-1]; every edge appears in both directions with
 * the same weight; no self loops.  Vertex weights vwgt (>= 0, NULL = all 1)
 * are what the parts balance; edge weights adjwgt (> 0, NULL = all 1) are
 * what the cut minimises.  Results are deterministic for a given seed.
 * Inputs are checked before METIS sees them (METIS would print and fail on
 * bad input); METIS failures become ctx errors.
 */
#ifndef NOCSYN_PART_H
#define NOCSYN_PART_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Splits the n vertices into k parts of (nearly) equal vertex weight,
 * minimising the total weight of cut edges (METIS_PartGraphKway; recursive
 * bisection for k <= 8, which METIS recommends for small k).  ufactor is the
 * allowed imbalance in thousandths (30 = parts up to 1.03 x average; 0 =
 * METIS's default).  part (n entries, caller-allocated) receives 0..k-1;
 * *edgecut (may be NULL) the weight of the cut.  k = 1 puts everything in
 * part 0; n <= k gives every vertex its own part.  Errors: NOC_EINVAL
 * (malformed graph: asymmetric, self loop, bad index or weight, k < 1),
 * NOC_ENOMEM, NOC_EINTERNAL (METIS failed).  Roughly O(m log k). */
int noc_part_kway(int n, const int *xadj, const int *adjncy, const int *vwgt,
                  const int *adjwgt, int k, unsigned seed, int ufactor, int *part,
                  long *edgecut, struct noc_ctx *ctx);

/* Splits the vertices into two parts whose vertex weights approach the
 * fractions tpw0 and 1 - tpw0 (0 < tpw0 < 1) of the total, within ufactor
 * thousandths (0 = METIS's default of 1, i.e. 0.1 %), minimising the cut
 * (METIS_PartGraphRecursive with tpwgts).  METIS balances only
 * approximately: callers needing an exact split must repair it.  Same
 * conventions and errors as noc_part_kway; n <= 1 puts everything in
 * part 0. */
int noc_part_bisect(int n, const int *xadj, const int *adjncy, const int *vwgt,
                    const int *adjwgt, double tpw0, unsigned seed, int ufactor, int *part,
                    long *edgecut, struct noc_ctx *ctx);

/* Weight of the edges cut by part (each undirected edge counted once).
 * O(m). */
long noc_part_cut(int n, const int *xadj, const int *adjncy, const int *adjwgt,
                  const int *part);

#ifdef __cplusplus
}
#endif

#endif
