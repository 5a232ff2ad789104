/* The default routing rule (route.h: noc_routing_default): sim, rtl and
 * the route command take their routing from here when none is named. */
#include "nocsyn/route.h"

static const int default_order[] = {NOC_RT_TABLE, NOC_RT_DOR, NOC_RT_DESTTAG, NOC_RT_UPDOWN};
static const int multicast_order[] = {NOC_RT_DOR, NOC_RT_UPDOWN};

int noc_routing_default(const struct noc_topo *t, const int *order, int norder, int vcs,
                        int (*accept)(void *ud, const struct noc_routing *rt), void *ud,
                        struct noc_routing *rt, struct noc_ctx *ctx)
{
    if (!order) {
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
