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
 * simulated annealing polish with a fixed seed, keeping the best mapping.
 * "identity" = core i on terminal i; "random" = a seeded random mapping
 * (a reference point for the quality figures).
 */
#ifndef NOCSYN_MAP_H
#define NOCSYN_MAP_H

#include "nocsyn/core.h"

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

/* sum over flows of bw x dist for a given mapping (dist from
 * noc_map_distances, N terminals).  Unreachable pairs count as INFINITY. */
double noc_map_cost(const struct noc_app *app, const int *dist, int N, const int *term_of);

#endif
