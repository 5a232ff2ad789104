/* nocsyn map: placing an app's cores on the terminals of a topology so as to
 * minimise sum over flows of bandwidth x router hops (the communication
 * cost of Hu & Marculescu, ASP-DAC 2003).
 *
 * "greedy": the core with the most bandwidth goes to the most central
 * terminal (least total hop distance), then repeatedly the unplaced core
 * with the most bandwidth to placed cores goes to the free terminal that
 * adds least cost (ties: lowest index).  "auto" = greedy followed by
 * pairwise-swap improvement (every core against every terminal, occupied or
 * free, first improvement, until a full pass finds none) and a short
 * simulated annealing polish with a fixed seed, keeping the best mapping,
 * then (up to 32 cores, terminals all connected) the exact
 * branch and bound below from that mapping for at most 200,000 nodes:
 * optimal when the search ends within the limit, never worse than before.
 * "identity" = core i on terminal i; "random" = a seeded random mapping
 * (a reference point for the quality figures).
 */
#ifndef NOCSYN_MAP_H
#define NOCSYN_MAP_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_app;
struct noc_topo;

enum noc_map_method { NOC_MAP_IDENTITY = 0, NOC_MAP_RANDOM, NOC_MAP_GREEDY, NOC_MAP_AUTO };

/* Method name <-> enum from a static table ("identity", "random",
 * "greedy", "auto").  NOC_EINVAL for an unknown name. */
int noc_map_parse(const char *name, int *method, struct noc_ctx *ctx);

/* Terminal-to-terminal router hop distances of t (finalized): dist[i*N+j]
 * (terminal indices), -1 when unreachable.  Caller frees.  O(N (R + E)). */
int noc_map_distances(const struct noc_topo *t, int **dist, struct noc_ctx *ctx);

/* Maps app's cores onto t's terminals: term_of[c] receives the terminal
 * index of core c (distinct).  Needs ncores <= terminals (NOC_EINVAL
 * otherwise).  Deterministic for a seed.  *cost (may be NULL) receives
 * sum bw x hops.  Greedy O(C T), each swap pass O(C T deg). */
int noc_map_cores(const struct noc_app *app, const struct noc_topo *t, int method, unsigned seed,
                  int *term_of, double *cost, struct noc_ctx *ctx);

/* Exact mapping (exact.c): the mapping of least sum bw x hops, by depth-
 * first branch and bound.  Cores are placed one at a time (most bandwidth
 * first, then the core most attached to those placed); a core's candidate
 * terminals are tried by the cost they add; a node is pruned when its cost
 * plus a lower bound (each unplaced core at its cheapest free terminal
 * against the placed cores, independently, plus every flow between two
 * unplaced cores at the least distance between two terminals) reaches the
 * incumbent, which starts as the "auto" mapping.  node_limit > 0 stops the
 * search after that many nodes.  term_of (ncores entries) and *cost receive
 * the best mapping found; *bound (may be NULL) a lower bound on the optimum
 * (the cost when proven).  Returns NOC_OK (proven optimal), NOC_ELIMIT (the
 * node limit stopped it), NOC_EINVAL (more cores than terminals or than
 * NOC_MAP_EXACT_MAX, terminals not all connected), NOC_ENOMEM.  Worst case
 * exponential: meant for at most a few dozen cores (16 on a 4x4 mesh:
 * seconds). */
#define NOC_MAP_EXACT_MAX 64
int noc_map_exact(const struct noc_app *app, const struct noc_topo *t, long node_limit, int *term_of,
                  double *cost, double *bound, struct noc_ctx *ctx);

/* sum over flows of bw x dist for a given mapping (dist from
 * noc_map_distances, N terminals).  Unreachable pairs count as INFINITY. */
double noc_map_cost(const struct noc_app *app, const int *dist, int N, const int *term_of);

#ifdef __cplusplus
}
#endif

#endif
