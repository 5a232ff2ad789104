/* nocsyn traffic: traffic matrices over the terminals of a topology.
 *
 * A matrix is a uniform component plus sparse demands, so uniform traffic on
 * 16,384 terminals costs O(1) memory: terminal s sends `uniform / N` to every
 * terminal d (itself included, docs/INTERFACE.md section 2) plus the listed (s, d, w)
 * entries.  Rates are relative to an injection rate of 1 per terminal; for
 * app traffic `unit_mbps` gives the MB/s of one unit (absolute loads are
 * load * unit_mbps).  Terminal indices are 0..N-1 (not node ids).
 *
 * Lifecycle: noc_traffic_init, noc_traffic_add..., noc_traffic_finalize
 * (sorts entries by source, merges duplicates, builds `off`), use, free.
 */
#ifndef NOCSYN_TRAFFIC_H
#define NOCSYN_TRAFFIC_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_app;

struct noc_demand {
    int s, d;  /* terminal indices */
    double w;  /* rate */
};

struct noc_traffic {
    char *name;        /* owned, e.g. "uniform", "hotspot:0.2:5" */
    int n;             /* terminals */
    double uniform;    /* weight of the uniform component */
    int nent;
    size_t cap;
    struct noc_demand *ent;  /* sorted by (s, d) after finalize */
    int *off;          /* n + 1 offsets into ent by source, after finalize */
    double unit_mbps;  /* MB/s per unit; 0 when the traffic is synthetic */
    /* App traffic: for each terminal, the app core mapped onto it or -1
     * (owned, n entries; NULL for synthetic traffic). */
    int *core_of;
};

/* Zeroes tr for n terminals.  Pair with noc_traffic_free. */
void noc_traffic_init(struct noc_traffic *tr, int n);
void noc_traffic_free(struct noc_traffic *tr);
/* Adds rate w from terminal s to d (s == d allowed).  NOC_EINVAL when out
 * of range or w is not finite and >= 0. */
int noc_traffic_add(struct noc_traffic *tr, int s, int d, double w, struct noc_ctx *ctx);
/* Sorts, merges duplicates, builds off[].  O(E log E). */
int noc_traffic_finalize(struct noc_traffic *tr, struct noc_ctx *ctx);
/* Total rate sent by terminal s (uniform share included).  After finalize. */
double noc_traffic_row_sum(const struct noc_traffic *tr, int s);

/* Builds the named pattern (docs/INTERFACE.md section 3.2: "uniform", "bitcomp", "bitrev",
 * "transpose", "shuffle", "tornado", "neighbor", "randperm:SEED",
 * "hotspot:RATE[:T]" (T a terminal name or index), "local:RADIUS:RATE",
 * "fft3d:PxQ:PHASE", "perm:FUNC",
 * "app:FILE") for topology t (finalized).  `map` (may be NULL) is the
 * mapping option for app traffic ("name" default, or "auto" etc. when the
 * mapping module supports it).  tr must be uninitialised; on success the
 * caller frees it.  Errors: NOC_EINVAL (unknown pattern, bad parameter,
 * pattern does not fit the terminal count, with a message saying why). */
int noc_traffic_make(struct noc_traffic *tr, const struct noc_topo *t,
                     const char *spec, const char *map, struct noc_ctx *ctx);

/* The flows of an app already in memory as traffic over t's terminals
 * (what "app:FILE" does after reading FILE): cores placed by `map` as for
 * noc_traffic_make (the optimising mappings seeded by `seed`), rates scaled so the busiest terminal injects 1
 * (unit_mbps), core_of set.  tr must be uninitialised; it is finalized and
 * named `name` on success, released on failure.  NOC_EINVAL when a core
 * does not fit or the app has no flows.  O(cores + flows) plus the mapping. */
int noc_traffic_from_app(struct noc_traffic *tr, const struct noc_topo *t, const struct noc_app *app,
                         const char *name, const char *map, unsigned seed, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
