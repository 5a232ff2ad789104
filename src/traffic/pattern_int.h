/* Internal to src/traffic: the pattern builders behind noc_traffic_make
 * and their shared helpers. */
#ifndef NOCSYN_PATTERN_INT_H
#define NOCSYN_PATTERN_INT_H

#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

/* A builder fills tr (initialised for t->nterminals terminals, name set,
 * not finalized).  `arg` is the text after the pattern name and its ':'
 * (NULL when there is none); `map` the app mapping option. */
typedef int (*pat_build_fn)(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                            const char *map, struct noc_ctx *ctx);

/* patterns.c: shared helpers. */
/* Adds weight 1 from every terminal s to dst[s]. */
int pat_add_perm(struct noc_traffic *tr, const int *dst, struct noc_ctx *ctx);
/* *bits = log2 N; NOC_EINVAL naming `pattern` when N is not a power of two. */
int pat_bits(const struct noc_topo *t, const char *pattern, int *bits, struct noc_ctx *ctx);
/* Parses a double in [lo, hi] for parameter `what` of `pattern`. */
int pat_double(const char *s, double lo, double hi, const char *pattern, const char *what,
               double *out, struct noc_ctx *ctx);

/* pattern_geo.c: coordinate and distance patterns. */
int pat_tornado(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                const char *map, struct noc_ctx *ctx);
int pat_neighbor(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                 const char *map, struct noc_ctx *ctx);
int pat_transpose(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                  const char *map, struct noc_ctx *ctx);
int pat_fft3d(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
              const char *map, struct noc_ctx *ctx);

/* pattern_local.c */
int pat_local(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
              const char *map, struct noc_ctx *ctx);

/* pattern_app.c */
int pat_app(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
            const char *map, struct noc_ctx *ctx);

#endif
