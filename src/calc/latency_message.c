/* The latency of a message as the sum of its parts (Hennessy & Patterson,
 * "Computer Architecture: A Quantitative Approach", the interconnection
 * networks appendix), the head latency with link delay, and the latency
 * distribution of dropping flow control (models in
 * include/nocsyn/calc.h). */
#include "nocsyn/calc.h"

#include <math.h>
#include <string.h>

/* Speed of light in vacuum, m/ns. */
#define LIGHT_M_PER_NS 0.299792458

static int nonneg(double v, const char *what, struct noc_ctx *ctx)
{
    if (!isfinite(v) || v < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s must be a finite number >= 0", what);
    return NOC_OK;
}

int noc_latency_message(const struct noc_message_params *p, struct noc_message_latency *out,
                        struct noc_ctx *ctx)
{
    memset(out, 0, sizeof *out);
    if (!isfinite(p->bits) || p->bits <= 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--bits (message size) must be a finite number > 0");
    if (!isfinite(p->bw_gbps) || p->bw_gbps <= 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--bw (bandwidth, Gbit/s) must be a finite number > 0");
    if (nonneg(p->sender_ns, "--sender (sender overhead, ns)", ctx) ||
        nonneg(p->receiver_ns, "--receiver (receiver overhead, ns)", ctx) ||
        nonneg(p->flight_ns, "--flight (time of flight, ns)", ctx) ||
        nonneg(p->distance_m, "--distance (m)", ctx) ||
        nonneg(p->router_ns, "--switch (per-hop switch delay, ns)", ctx))
        return NOC_EINVAL;
    if (p->hops < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--hops must be >= 0");
    if (p->distance_m > 0 && (!isfinite(p->velocity) || p->velocity <= 0 || p->velocity > 1))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "--velocity must be a fraction of the speed of light in (0, 1]");
    out->sender = p->sender_ns;
    out->receiver = p->receiver_ns;
    out->flight = p->flight_ns + (p->distance_m > 0 ? p->distance_m / (p->velocity * LIGHT_M_PER_NS) : 0);
    out->transmission = p->bits / p->bw_gbps; /* bits / (bits/ns) */
    out->switching = (double)p->hops * p->router_ns;
    out->total = out->sender + out->flight + out->transmission + out->switching + out->receiver;
    if (!isfinite(out->total))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "latency overflows a double: parameters too large");
    return NOC_OK;
}

int noc_latency_head(long hops, double router, double link, double *head, struct noc_ctx *ctx)
{
    *head = 0;
    if (hops < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--hops must be >= 0");
    if (nonneg(router, "--router (router delay per hop, cycles)", ctx) ||
        nonneg(link, "--link (link delay per hop, cycles)", ctx))
        return NOC_EINVAL;
    *head = (double)hops * (router + link);
    if (!isfinite(*head))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "latency overflows a double: parameters too large");
    return NOC_OK;
}

int noc_drop_distribution(double p_drop, struct noc_drop_dist *d, struct noc_ctx *ctx)
{
    memset(d, 0, sizeof *d);
    if (!isfinite(p_drop) || p_drop < 0 || p_drop >= 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "the drop probability P_D must be in [0, 1) (at 1 no packet is delivered)");
    d->p_drop = p_drop;
    d->mean = 1.0 / (1.0 - p_drop);
    /* P(T <= i) = 1 - P_D^i >= q  <=>  i >= log(1 - q) / log(P_D).  The
     * ceiling of a ratio that is an integer in exact arithmetic may land
     * one above through rounding: step back while i - 1 still qualifies. */
    static const double q[3] = {0.5, 0.9, 0.99};
    for (int k = 0; k < 3; k++) {
        long i = 1;
        if (p_drop > 0) {
            double r = ceil(log(1 - q[k]) / log(p_drop));
            i = r < 1 ? 1 : (long)r;
            while (i > 1 && 1 - pow(p_drop, (double)(i - 1)) >= q[k] - 1e-12)
                i--;
            while (1 - pow(p_drop, (double)i) < q[k] - 1e-12)
                i++;
        }
        d->quantile[k] = i;
    }
    for (int i = 1; i <= NOC_DROP_DIST_MAX; i++)
        d->prob[i - 1] = pow(p_drop, i - 1) * (1 - p_drop);
    return NOC_OK;
}
