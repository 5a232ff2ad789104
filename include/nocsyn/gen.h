/* nocsyn gen: the regular topology families of INTERFACE 3.1, from a static
 * registry table. */
#ifndef NOCSYN_GEN_H
#define NOCSYN_GEN_H

#include "nocsyn/core.h"

struct noc_topo;

/* Generates FAMILY with parameters given as "NAME=VALUE" strings (positional
 * values are also accepted in the family's parameter order, e.g. "8" "2" for
 * mesh k n).  t must be uninitialised; on success it is finalized (routers
 * r0.., terminals t0.., positions in mm from `pitch`, shape set).  Errors:
 * NOC_EINVAL (unknown family or parameter, k < 2, not a power of two, ...),
 * NOC_ENOMEM (size beyond memory / limits). */
int noc_gen(struct noc_topo *t, const char *family, int nparams,
            char *const *params, struct noc_ctx *ctx);
/* The inline form "FAMILY:P=V,P=V" (after "gen:"), e.g. "mesh:k=8,n=2". */
int noc_gen_spec(struct noc_topo *t, const char *spec, struct noc_ctx *ctx);

/* Registry access for --help: name, parameter list and description of
 * family i; returns 0, or -1 past the end. */
int noc_gen_family_info(int i, const char **name, const char **params, const char **desc);

#endif
