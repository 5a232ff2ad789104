/* Internal to src/rtl: the routed design the emitters share. */
#ifndef NOCSYN_RTL_INT_H
#define NOCSYN_RTL_INT_H

#include "nocsyn/rtl.h"
#include "nocsyn/route.h"

struct rtl_design {
    const struct noc_topo *t;
    const struct noc_rtl_opts *o;
    int N, R, V, W, TW, VW, FW, ncls;
    int *lat;            /* per channel: link cycles L (>= 1) */
    int *inj, *ej;       /* per terminal: its injection / ejection channel */
    /* Per router, per key (src * N + dst): output port + 1 (0 = none) and
     * the VC class of that hop. */
    unsigned char *port, *cls;
    int *srckey;         /* per router: table keyed by (src, dst) */
};

/* paths.c: chooses the routing, fills lat, inj, ej, the tables and r->flow
 * (hops, latency) for the flows already listed in r->flow.  */
int noc_rtl_route(struct rtl_design *d, struct noc_rtl *r, const struct noc_tech *tech,
                  struct noc_ctx *ctx);
void noc_rtl_design_free(struct rtl_design *d);
/* tb.c: the testbench and flows.csv. */
void noc_rtl_emit_tb(const struct rtl_design *d, struct noc_rtl *r);

#endif
