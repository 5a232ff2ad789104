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
/* Parses a double in [lo, hi] for parameter `what` of `pattern`. */
int noc_pat_double(const char *s, double lo, double hi, const char *pattern, const char *what,
                   double *out, struct noc_ctx *ctx);

/* pattern_geo.c: coordinate and distance patterns. */
int noc_pat_tornado(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                    const char *map, struct noc_ctx *ctx);
int noc_pat_neighbor(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                     const char *map, struct noc_ctx *ctx);
int noc_pat_transpose(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                      const char *map, struct noc_ctx *ctx);
int noc_pat_fft3d(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                  const char *map, struct noc_ctx *ctx);

/* pattern_local.c */
int noc_pat_local(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                  const char *map, struct noc_ctx *ctx);

/* pattern_app.c */
int noc_pat_app(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                const char *map, struct noc_ctx *ctx);

#endif
