/* The sweep statistics and their chunk partials (see eval_int.h). */
#include "eval_int.h"

#include <math.h>
#include <string.h>

/* into += from (sums added, extrema combined). */
static void ev_stats_merge(struct ev_stats *into, const struct ev_stats *from);

static void ev_stats_init(struct ev_stats *s);

static void ev_stats_init(struct ev_stats *s)
{
    memset(s, 0, sizeof *s);
    s->hops_max = -1;
    s->diameter = -1;
    s->pd_min = INFINITY;
    s->pd_max = 0;
    s->pd_log10_max = -INFINITY;
}

void noc_ev_partial_reset(struct ev_stats *st, double *load, int nch)
{
    ev_stats_init(st);
    if (load)
        memset(load, 0, (size_t)nch * sizeof *load);
}

void noc_ev_partial_add(struct ev_stats *st, double *load, const struct ev_stats *from,
                        const double *from_load, int nch)
{
    ev_stats_merge(st, from);
    if (load)
        for (int e = 0; e < nch; e++)
            load[e] += from_load[e];
}

void noc_ev_chunk_range(int chunk, int n, int *i0, int *i1)
{
    *i0 = chunk * EV_CHUNK;
    *i1 = *i0 + EV_CHUNK < n ? *i0 + EV_CHUNK : n;
}

static void ev_stats_merge(struct ev_stats *into, const struct ev_stats *from)
{
    into->uni_h_self += from->uni_h_self;
    into->uni_h_other += from->uni_h_other;
    into->sp_h_self += from->sp_h_self;
    into->sp_w_self += from->sp_w_self;
    into->sp_h_other += from->sp_h_other;
    into->sp_w_other += from->sp_w_other;
    if (from->hops_max > into->hops_max)
        into->hops_max = from->hops_max;
    if (from->diameter > into->diameter)
        into->diameter = from->diameter;
    into->disconnected |= from->disconnected;
    into->pd_cnt += from->pd_cnt;
    into->pd_sum += from->pd_sum;
    if (from->pd_min < into->pd_min)
        into->pd_min = from->pd_min;
    if (from->pd_max > into->pd_max)
        into->pd_max = from->pd_max;
    if (from->pd_log10_max > into->pd_log10_max)
        into->pd_log10_max = from->pd_log10_max;
    into->pd_overflow |= from->pd_overflow;
}
