/* A k-ary n-fly with dropping flow control under uniform traffic, with and
 * without resending (Dally & Towles, "Principles and Practices of
 * Interconnection Networks", sec. 12.2; model in include/nocsyn/calc.h). */
#include "nocsyn/calc.h"

#include <math.h>
#include <string.h>

/* One stage: a switch output is idle only if none of its k inputs (each
 * busy with probability p) sends to it (probability 1/k each). */
static double stage(int k, double p)
{
    return 1.0 - pow(1.0 - p / k, k);
}

double noc_drop_accepted(int k, int n, double p0)
{
    double p = p0;
    for (int i = 0; i < n; i++)
        p = stage(k, p);
    return p;
}

/* p0 in [0, 1] with noc_drop_accepted(p0) = lambda, lambda <= p_n(1):
 * bisection on the increasing function, to double precision. */
static double solve_injection(int k, int n, double lambda)
{
    double lo = 0, hi = 1;
    for (int it = 0; it < 200 && hi - lo > 0; it++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if (noc_drop_accepted(k, n, mid) < lambda)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

int noc_latency_drop(int k, int n, double offered, int resend, struct noc_drop_result *r,
                     struct noc_ctx *ctx)
{
    memset(r, 0, sizeof *r);
    if (k < 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--k %d: the switch radix must be >= 2", k);
    if (n < 1 || n > NOC_DROP_MAXN)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--n %d: the number of stages must be in 1..%d", n,
                         NOC_DROP_MAXN);
    if (!isfinite(offered) || offered < 0 || offered > 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "--offered must be a load in 0..1 (fraction of channel capacity)");
    r->k = k;
    r->n = n;
    r->resend = resend;
    r->offered = offered;
    r->saturation = noc_drop_accepted(k, n, 1.0);
    double p0 = offered;
    if (resend) {
        if (offered > r->saturation) {
            r->saturated = 1;
            p0 = 1.0;
        } else {
            p0 = solve_injection(k, n, offered);
        }
    }
    r->injection = p0;
    r->stage_rates[0] = p0;
    for (int i = 0; i < n; i++)
        r->stage_rates[i + 1] = stage(k, r->stage_rates[i]);
    r->throughput = r->stage_rates[n];
    if (r->saturated)
        r->transmissions = r->latency = INFINITY;
    else if (r->throughput > 0)
        r->transmissions = r->latency = p0 / r->throughput;
    else
        r->transmissions = r->latency = 1.0; /* zero load: one transmission */
    return NOC_OK;
}
