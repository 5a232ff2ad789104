/* nocsyn route: routing models (INTERFACE 2) as path generators, and
 * deadlock analysis from the channel dependency graph.
 *
 * The deterministic and restricted models (dor, updown, desttag, table) give,
 * for a terminal pair, one or more weighted paths (weights sum to 1; torus
 * ties under dor split 50/50).  A path is a list of channel ids of t
 * (finalized), from the source terminal's injection channel to the
 * destination's ejection channel.  ecmp, ideal and optimal are recognised by
 * noc_routing_parse but give no paths here: the evaluation engine handles
 * them (ecmp also gives one random minimal path for the simulator through
 * noc_routing_sample when an rng is supplied).
 */
#ifndef NOCSYN_ROUTE_H
#define NOCSYN_ROUTE_H

#include "nocsyn/core.h"

struct noc_topo;

enum noc_routing_model {
    NOC_RT_ECMP = 0,
    NOC_RT_IDEAL,
    NOC_RT_OPTIMAL,
    NOC_RT_DOR,
    NOC_RT_UPDOWN,
    NOC_RT_DESTTAG,
    NOC_RT_TABLE
};

/* Model name <-> enum, from a static registry table. */
int noc_routing_parse(const char *name, int *model, struct noc_ctx *ctx);
const char *noc_routing_name(int model);
/* 1 when the model gives paths through noc_routing_paths. */
int noc_routing_is_deterministic(int model);

/* A set of weighted paths (channel ids).  Path i is
 * ch[start[i] .. start[i+1]-1] with weight[i].  Init/free pair; clear keeps
 * the memory for reuse. */
struct noc_pathset {
    int npaths;
    size_t pcap;
    double *weight;
    int *start;   /* npaths + 1 */
    int nch;
    size_t ccap;
    int *ch;
};
void noc_pathset_init(struct noc_pathset *ps);
void noc_pathset_free(struct noc_pathset *ps);
void noc_pathset_clear(struct noc_pathset *ps);
/* Appends a path of n channels with weight w. */
int noc_pathset_add(struct noc_pathset *ps, const int *ch, int n, double w, struct noc_ctx *ctx);

/* Per-model precomputed state (up*/down* levels, table index, ...).  The
 * topology must outlive it.  Init/free pair. */
struct noc_routing {
    int model;
    const struct noc_topo *t;
    int vcs;        /* virtual channels available (>= 1) */
    void *priv;     /* model data, owned */
};

/* Prepares model for t.  NOC_EUNSUP with a message when the model does not
 * apply to t (e.g. dor on an irregular topology, table without routes). */
int noc_routing_init(struct noc_routing *r, const struct noc_topo *t, int model,
                     int vcs, struct noc_ctx *ctx);
void noc_routing_free(struct noc_routing *r);

/* Clears ps and fills it with the paths from terminal node s to terminal
 * node d (node ids).  s == d gives an empty path set... with one path of the
 * injection and ejection channels when they exist.  NOC_EINFEASIBLE when no
 * path exists (e.g. a table without that pair). */
int noc_routing_paths(const struct noc_routing *r, int s, int d,
                      struct noc_pathset *ps, struct noc_ctx *ctx);

/* Whether the model is deadlock free on its channel dependency graph with
 * r->vcs virtual channels (dateline classes on rings and tori).  Sets
 * *result to 1 or 0.  Only for deterministic models (NOC_EUNSUP otherwise).
 * O(N^2 * path length) over all terminal pairs. */
int noc_routing_deadlock_free(const struct noc_routing *r, int *result, struct noc_ctx *ctx);

#endif
