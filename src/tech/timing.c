/* The timing half of the tech model: router fmax from the Peh & Dally delay
 * model (or a library table), link and flow latencies in cycles (see
 * include/nocsyn/tech.h for the equations and sources). */
#include "nocsyn/tech.h"

#include <math.h>
#include <stdio.h>

#include "nocsyn/topo.h"
#include "nocsyn/units.h"

static double log_b(double x, double b)
{
    return x > 1 ? log(x) / log(b) : 0;
}

/* Module delays (ps, overhead h included) in pipeline order: VC allocation,
 * switch allocation, switch traversal (crossbar + the wire across the
 * router). */
static void module_ps(const struct noc_tech *t, int p, double w, double d[3])
{
    double tau = t->fo4_ps / 5 * t->asic_derate, v = t->vcs;
    d[0] = (16.5 * log_b(p * v, 4) + 16.5 * log_b(v, 4) + 25 + 9) * tau;
    d[1] = (11.5 * log_b(p, 4) + 23 * log_b(v, 4) + 20 + 9) * tau;
    double fan = w * floor(p / 2.0);
    d[2] = (9 * log_b(fan, 8) + 6 * ceil(log_b(p, 2)) + 6) * tau +
           sqrt(noc_tech_router_mm2(t, p, w)) * t->wire_ps_mm;
}

int noc_tech_stage_ps(const struct noc_tech *tech, int ports, double width, double stage_ps[3])
{
    double d[3];
    module_ps(tech, ports < 2 ? 2 : ports, width, d);
    double ovh = tech->clk_overhead_fo4 * tech->fo4_ps;
    stage_ps[0] = stage_ps[1] = stage_ps[2] = 0;
    int n = tech->router_stages >= 3 ? 3 : (int)tech->router_stages;
    if (n <= 1) {
        stage_ps[0] = d[0] + d[1] + d[2] + ovh;
        return 1;
    }
    if (n == 2) {
        /* The better of VA | SA+ST and VA+SA | ST. */
        double a = fmax(d[0], d[1] + d[2]), b = fmax(d[0] + d[1], d[2]);
        if (a <= b) {
            stage_ps[0] = d[0] + ovh;
            stage_ps[1] = d[1] + d[2] + ovh;
        } else {
            stage_ps[0] = d[0] + d[1] + ovh;
            stage_ps[1] = d[2] + ovh;
        }
        return 2;
    }
    for (int i = 0; i < 3; i++)
        stage_ps[i] = d[i] + ovh;
    return 3;
}

double noc_tech_router_fmax_mhz(const struct noc_tech *tech, int ports, double width)
{
    if (ports < 1)
        ports = 1;
    if (tech->has_table) {
        /* The width set (tech.h): the smallest listed width >= width,
         * else the widest; set 0 (fmax_mhz.R) is table_width's.  A width
         * listing no fmax (only area or power tables) does not count. */
        int s = 0, best = -1, widest = -1;
        for (int i = 0; i <= tech->ntab_w; i++) {
            double wb = i ? tech->tab_w[i - 1] : tech->table_width;
            if (!(wb > 0) || !tech->tab_hi[i][0])
                continue;
            if (wb >= width - 1e-9 && (best < 0 || wb < (best ? tech->tab_w[best - 1] : tech->table_width)))
                best = i;
            if (widest < 0 || wb > (widest ? tech->tab_w[widest - 1] : tech->table_width))
                widest = i;
        }
        s = best >= 0 ? best : widest >= 0 ? widest : 0;
        const double *tab = s ? tech->w_table[s - 1][0] : tech->fmax_table;
        /* the next listed radix >= ports; none above the largest (hi) */
        for (int r = ports < 2 ? 2 : ports; r <= tech->tab_hi[s][0]; r++)
            if (tab[r] > 0)
                return tab[r];
        return 0;
    }
    if (ports > NOC_TECH_MAX_RADIX)
        return 0;
    double st[3];
    noc_tech_stage_ps(tech, ports, width, st);
    double period = fmax(st[0], fmax(st[1], st[2]));
    return period > 0 ? 1e6 / period : 0;
}

int noc_tech_max_radix(const struct noc_tech *tech, double width, double freq_mhz)
{
    int best = 0;
    for (int r = 2; r <= NOC_TECH_MAX_RADIX; r++)
        if (noc_fits(freq_mhz, noc_tech_router_fmax_mhz(tech, r, width)))
            best = r;
    return best;
}

int noc_tech_check_table(const struct noc_tech *tech, const char *label, const long *lines,
                         struct noc_ctx *ctx)
{
    for (int i = -1; i < tech->ntab_w; i++) {
        const double *tab = i < 0 ? tech->fmax_table : tech->w_table[i][0];
        char sfx[32] = "";
        if (i >= 0)
            snprintf(sfx, sizeof sfx, ".w%g", tech->tab_w[i]);
        int prev = 0;
        for (int r = 2; r <= NOC_TECH_MAX_RADIX; r++) {
            if (!(tab[r] > 0))
                continue;
            if (prev && tab[r] > tab[prev])
                return noc_error(ctx, NOC_EINVAL, label, lines ? lines[(i + 1) * (NOC_TECH_MAX_RADIX + 1) + r] : 0,
                                 "timing table not monotone: fmax_mhz.%d%s = %g is above fmax_mhz.%d%s = %g "
                                 "(a larger router cannot be faster)",
                                 r, sfx, tab[r], prev, sfx, tab[prev]);
            prev = r;
        }
    }
    return NOC_OK;
}

int noc_tech_packet_flits(const struct noc_tech *tech, double width)
{
    double f = ceil(tech->packet_bits / (width > 0 ? width : NOC_DEFAULT_LINK_WIDTH) - 1e-9);
    return f < 1 ? 1 : f > 1e6 ? 1000000 : (int)f;
}

static int chan_cycles(const struct noc_tech *tech, const struct noc_topo *t, int c)
{
    if (c < 0)
        return -1;
    if (t->ch[c].latency > 0)
        return t->ch[c].latency;
    return noc_tech_link_cycles(tech, noc_topo_channel_length(t, c), t->freq_mhz);
}

int noc_tech_flow_cycles(const struct noc_tech *tech, const struct noc_topo *t, int src,
                         int dst, const int *path, int len, double width)
{
    if (len < 1)
        return -1;
    double w = t->link_width > 0 ? t->link_width : width;
    /* The tail follows the head by flits - 1 slots of the path's slowest
     * channel: one flit every noc_topo_channel_gap cycles (1 on a channel
     * without its own capacity, so ceil(packet_bits / w) - 1 then). */
    int gap = 1, c = noc_graph_find(&t->g, src, path[0]);
    int cyc = (int)tech->router_stages * len, e;
    if ((c = chan_cycles(tech, t, e = c)) < 0)
        return -1;
    cyc += c;
    gap = noc_topo_channel_gap(t, e);
    for (int i = 0; i + 1 < len; i++) {
        if ((c = chan_cycles(tech, t, e = noc_graph_find(&t->g, path[i], path[i + 1]))) < 0)
            return -1;
        cyc += c;
        if (noc_topo_channel_gap(t, e) > gap)
            gap = noc_topo_channel_gap(t, e);
    }
    if ((c = chan_cycles(tech, t, e = noc_graph_find(&t->g, path[len - 1], dst))) < 0)
        return -1;
    if (noc_topo_channel_gap(t, e) > gap)
        gap = noc_topo_channel_gap(t, e);
    double ser = (double)(noc_tech_packet_flits(tech, w) - 1) * gap;
    return cyc + c + (ser > 1e8 ? 100000000 : (int)ser);
}

void noc_tech_set_latencies(const struct noc_tech *tech, struct noc_topo *t)
{
    for (int c = 0; c < t->nch; c++)
        t->ch[c].latency = noc_tech_link_cycles(tech, noc_topo_channel_length(t, c), t->freq_mhz);
}
