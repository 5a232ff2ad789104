/* Zero-load latency of circuit switching, store-and-forward, virtual
 * cut-through and wormhole switching (formulas in include/nocsyn/calc.h,
 * after Duato, Yalamanchili and Ni, "Interconnection Networks: An
 * Engineering Approach", ch. 2). */
#include "nocsyn/calc.h"

#include <math.h>

/* Cycles to push `bits` through a channel of B bits per cycle (whole phits). */
static double serialize(double bits, double bw)
{
    return bits <= 0 ? 0 : ceil(bits / bw - 1e-12);
}

static int check_pos(double v, const char *what, struct noc_ctx *ctx)
{
    if (!isfinite(v) || v <= 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s must be a finite number > 0", what);
    return NOC_OK;
}

int noc_latency_switching(const struct noc_switching_params *p, struct noc_switching_latency *out,
                          struct noc_ctx *ctx)
{
    /* bw first: header and flit default to it. */
    if (check_pos(p->bits, "--bits (message payload length L)", ctx) ||
        check_pos(p->bw, "--bw (channel bandwidth B, bits per cycle)", ctx) ||
        check_pos(p->header, "--header (header length LH)", ctx) ||
        check_pos(p->flit, "--flit (flit length LF)", ctx))
        return NOC_EINVAL;
    if (!isfinite(p->router) || p->router < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--router (routing delay t_r) must be >= 0");
    if (!isfinite(p->link) || p->link < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--link (link delay t_w) must be >= 0");
    if (p->hops < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--hops must be >= 1");
    double d = (double)p->hops, tr = p->router + p->link, b = p->bw;
    double total = p->bits + p->header;
    double first = p->flit < total ? p->flit : total;
    out->circuit = d * (tr + 2 * serialize(p->header, b) + 2 * p->link) + serialize(p->bits, b);
    out->store_forward = d * (tr + serialize(total, b));
    out->cut_through = d * (tr + serialize(p->header, b)) + serialize(p->bits, b);
    out->wormhole = d * (tr + serialize(first, b)) + serialize(total - first, b);
    if (!isfinite(out->circuit) || !isfinite(out->store_forward) || !isfinite(out->wormhole))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "latency overflows a double: parameters too large");
    return NOC_OK;
}
