/* The rate of an app's own bandwidths (sim.h: noc_sim_app_rate). */
#include "nocsyn/sim.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

int noc_sim_app_rate(const struct noc_topo *t, const struct noc_traffic *tr, double capacity_mbps, double *rate,
                     struct noc_ctx *ctx)
{
    *rate = 0;
    if (!(tr->unit_mbps > 0))
        return NOC_OK;
    double cap = capacity_mbps > 0 ? capacity_mbps
                 : t->link_width > 0 && t->freq_mhz > 0 ? noc_link_mbps(t->link_width, t->freq_mhz) : 0;
    if (!(cap > 0))
        return NOC_OK;
    double r = tr->unit_mbps / cap;
    if (r > 1)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "sim: the busiest core injects %g MB/s, more than the link capacity %g MB/s "
                         "(simulate scaled loads with --rate or --sweep)",
                         tr->unit_mbps, cap);
    *rate = r;
    return NOC_OK;
}
