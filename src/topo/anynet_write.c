/* BookSim2 anynet writer.
 *
 * One line per router, in id order: "router I node A node B router J ...",
 * the terminals attached to router I first, then its router neighbours, all
 * in node order; routers are numbered 0..R-1 and terminals 0..N-1 in node
 * order, separated by single spaces.  A neighbour is followed by its
 * channel's latency in cycles ("router 0 router 1 3": channel 0 -> 1 takes 3
 * cycles, BookSim's LINK_WEIGHT) when that latency is above 1, BookSim's
 * default; the hand-off writer sets it from the link-latency model.
 *
 * BookSim's anynet (src/networks/anynet.cpp) makes every router-router
 * mention a bidirectional link and attaches a node to exactly one router for
 * both injection and ejection, so a unidirectional router channel, parallel
 * channels, or a terminal that injects and ejects at different routers (or
 * at several) cannot be written: NOC_EUNSUP names the first such element.
 */
#include "nocsyn/topo.h"

static int check_representable(const struct noc_topo *t, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &t->g;
    for (int v = 0; v < t->nrouters; v++)
        if (t->nodes[v].shared)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "anynet cannot express a shared concentrator port (router '%s' has shared_port=1)",
                             t->nodes[v].name);
    for (int e = 0; e < t->nch; e++) {
        const char *a = t->nodes[t->ch[e].src].name, *b = t->nodes[t->ch[e].dst].name;
        if (e > 0 && t->ch[e - 1].src == t->ch[e].src && t->ch[e - 1].dst == t->ch[e].dst)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "anynet cannot express parallel channels ('%s' -> '%s' appears twice)", a, b);
        if (noc_topo_is_rr(t, e) && g->rev[e] < 0)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "anynet links are bidirectional; channel '%s' -> '%s' has no reverse", a, b);
    }
    for (int v = t->nrouters; v < t->nnodes; v++) {
        int nin = g->off[v + 1] - g->off[v], nout = g->in_off[v + 1] - g->in_off[v];
        if (nin != 1 || nout != 1 || noc_topo_inject_router(t, v) != noc_topo_eject_router(t, v))
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "anynet attaches a node to one router; terminal '%s' injects into or ejects "
                             "from other or several routers",
                             t->nodes[v].name);
    }
    return NOC_OK;
}

/* BookSim's latency token after a neighbour, only when above its default 1.
 * A terminal's token sets both its channels in BookSim: the ejection
 * channel's (the injection channel has the same length). */
static void latency(struct noc_buf *out, const struct noc_topo *t, int e)
{
    if (t->ch[e].latency > 1)
        noc_buf_printf(out, " %d", t->ch[e].latency);
}

int noc_topo_write_anynet(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx)
{
    if (!t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "topology not finalized");
    int rc = check_representable(t, ctx);
    if (rc != NOC_OK)
        return rc;
    const struct noc_graph *g = &t->g;
    for (int r = 0; r < t->nrouters; r++) {
        noc_buf_printf(out, "router %d", r);
        for (int e = g->off[r]; e < g->off[r + 1]; e++)
            if (g->dst[e] >= t->nrouters) {
                noc_buf_printf(out, " node %d", g->dst[e] - t->nrouters);
                latency(out, t, e);
            }
        for (int e = g->off[r]; e < g->off[r + 1]; e++)
            if (g->dst[e] < t->nrouters) {
                noc_buf_printf(out, " router %d", g->dst[e]);
                latency(out, t, e);
            }
        noc_buf_append(out, "\n", 1);
    }
    return noc_buf_status(out, "anynet", ctx);
}
