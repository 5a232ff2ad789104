/* The default routing rule (route.h: noc_routing_default): sim, rtl and
 * the route command take their routing from here when none is named. */
#include "nocsyn/route.h"
#include "nocsyn/topo.h"

static const int default_order[] = {NOC_RT_TABLE, NOC_RT_DOR, NOC_RT_DESTTAG, NOC_RT_UPDOWN};
/* Fat trees and Clos networks: their users balance the load over the up
 * paths (issue 29 item 3); nca spreads it destination-mod-k (and by input
 * port at the leaves), where updown's single root saturates at once. */
static const int indirect_order[] = {NOC_RT_TABLE, NOC_RT_NCA, NOC_RT_DOR, NOC_RT_DESTTAG, NOC_RT_UPDOWN};
static const int multicast_order[] = {NOC_RT_DOR, NOC_RT_UPDOWN};

int noc_routing_default(const struct noc_topo *t, const int *order, int norder, int vcs,
                        int (*accept)(void *ud, const struct noc_routing *rt), void *ud,
                        struct noc_routing *rt, struct noc_ctx *ctx)
{
    if (!order && (t->shape.family == NOC_FAM_FATTREE || t->shape.family == NOC_FAM_CLOS)) {
        order = indirect_order;
        norder = (int)(sizeof indirect_order / sizeof indirect_order[0]);
    } else if (!order) {
        order = default_order;
        norder = (int)(sizeof default_order / sizeof default_order[0]);
    }
    int last_failed = 0;
    for (int i = 0; i < norder; i++) {
        struct noc_ctx tmp;
        noc_ctx_init(&tmp);
        last_failed = noc_routing_init(rt, t, order[i], vcs, &tmp) != NOC_OK;
        if (last_failed)
            continue;
        if (!accept || accept(ud, rt))
            return NOC_OK;
        noc_routing_free(rt);
    }
    if (norder > 0 && last_failed) /* the last model's own message */
        return noc_routing_init(rt, t, order[norder - 1], vcs, ctx);
    return noc_error(ctx, NOC_EUNSUP, NULL, 0, "no routing model (table, dor, desttag, updown) applies");
}

int noc_routing_multicast_default(const struct noc_topo *t)
{
    struct noc_routing probe;
    struct noc_ctx sub;
    noc_ctx_init(&sub);
    int model = NOC_RT_UPDOWN;
    if (noc_routing_default(t, multicast_order, (int)(sizeof multicast_order / sizeof multicast_order[0]), 1, NULL,
                            NULL, &probe, &sub) == NOC_OK) {
        model = probe.model;
        noc_routing_free(&probe);
    }
    return model;
}
