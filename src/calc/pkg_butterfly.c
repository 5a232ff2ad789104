/* The butterfly design example end to end (model in include/nocsyn/calc.h). */
#include "nocsyn/calc.h"


#include <math.h>
#include <stdlib.h>
#include <string.h>

void noc_pkg_spec_default(struct noc_pkg_spec *s)
{
    memset(s, 0, sizeof *s);
    s->ports = 64;
    s->peak_gbytes = 0.25;
    s->avg_gbytes = 0.0625;
    s->packet_bytes = 64;
    s->signal_gbps = 1;
    s->chip_signals = 150;
    s->board_signals = 750;
    s->cable_signals = 80;
    s->data_signals = 16;
    s->control_signals = 2;
    s->header_bits = 0;
}

static int check(const struct noc_pkg_spec *s, struct noc_ctx *ctx)
{
    static const char *const what[] = {"--ports", "--packet-bytes", "--chip-signals",
                                       "--board-signals", "--cable-signals", "--data-signals"};
    int v[] = {s->ports, s->packet_bytes, s->chip_signals, s->board_signals, s->cable_signals,
               s->data_signals};
    for (int i = 0; i < 6; i++)
        if (v[i] < 1 || v[i] > 1 << 20)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "%s must be an integer in 1..%d", what[i], 1 << 20);
    if (s->ports < 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--ports must be >= 2");
    if (s->control_signals < 0 || s->control_signals > 1 << 20 || s->header_bits < 0 ||
        s->header_bits > 1 << 20)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "--control-signals and --header-bits must be >= 0");
    double g[] = {s->peak_gbytes, s->avg_gbytes, s->signal_gbps};
    for (int i = 0; i < 3; i++)
        if (!isfinite(g[i]) || g[i] <= 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "--peak, --average and --signal-rate must be finite numbers > 0");
    if (s->avg_gbytes > s->peak_gbytes)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the average bandwidth exceeds the peak");
    return NOC_OK;
}

/* Inter-board channels and cables: stage-major boards of b consecutive
 * routers; the channel from output j of router r in stage s goes to the
 * router with digit n-2-s of r replaced by j. */
static int count_cables(struct noc_pkg_design *d, struct noc_ctx *ctx)
{
    int R = d->routers_per_stage, b = d->routers_per_board, bps = R / b;
    int *pair = noc_malloc(ctx, (size_t)bps * bps, sizeof *pair);
    if (!pair)
        return NOC_ENOMEM;
    d->interboard_channels = d->cables = 0;
    for (int s = 0; s + 1 < d->n; s++) {
        memset(pair, 0, (size_t)bps * bps * sizeof *pair);
        long place = 1;
        for (int i = 0; i < d->n - 2 - s; i++)
            place *= d->k;
        for (int r = 0; r < R; r++)
            for (int j = 0; j < d->k; j++) {
                long digit = (r / place) % d->k;
                int r2 = (int)(r + (j - digit) * place);
                pair[(r / b) * bps + r2 / b]++;
            }
        for (int p = 0; p < bps * bps; p++)
            if (pair[p]) {
                d->interboard_channels += pair[p];
                d->cables += (pair[p] + d->channels_per_cable - 1) / d->channels_per_cable;
            }
    }
    free(pair);
    return NOC_OK;
}

int noc_pkg_butterfly(const struct noc_pkg_spec *s, struct noc_pkg_design *d, struct noc_ctx *ctx)
{
    memset(d, 0, sizeof *d);
    int rc = check(s, ctx);
    if (rc)
        return rc;
    d->width = s->data_signals + s->control_signals;
    d->port_gbps = s->peak_gbytes * 8;
    d->channel_gbps = s->data_signals * s->signal_gbps;
    d->speedup = d->channel_gbps / d->port_gbps;
    d->channels_per_chip = s->chip_signals / d->width;
    d->k = d->channels_per_chip / 2;
    if (d->k < 2)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "%d signals per chip hold %d channels of %d signals: no radix >= 2 fits",
                         s->chip_signals, d->channels_per_chip, d->width);
    if (d->k & (d->k - 1))
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "the pin budget gives radix %d, not a power of two: the header cannot "
                         "spend whole bits per digit (choose other channel widths)",
                         d->k);
    d->n = 1;
    long cap = d->k;
    while (cap < s->ports) {
        cap *= d->k;
        d->n++;
    }
    if (cap > 1 << 20)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "the network is too large (%ld lines)", cap);
    d->routers_per_stage = (int)(cap / d->k);
    d->routers = d->n * d->routers_per_stage;
    int per_router = 2 * d->k * d->width;
    for (int b = d->routers_per_stage; b >= 1; b--)
        if (d->routers_per_stage % b == 0 && b * per_router <= s->board_signals) {
            d->routers_per_board = b;
            break;
        }
    if (!d->routers_per_board)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "a router needs %d board signals (2 x %d channels x %d), above the "
                         "board's %d",
                         per_router, d->k, d->width, s->board_signals);
    d->boards = d->routers / d->routers_per_board;
    d->board_signals_used = d->routers_per_board * per_router;
    d->channels_per_cable = s->cable_signals / d->width;
    if (d->channels_per_cable < 1)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "a cable of %d signals cannot carry one %d-signal channel", s->cable_signals,
                         d->width);
    if ((rc = count_cables(d, ctx)) != NOC_OK)
        return rc;
    for (int v = d->k; v > 1; v >>= 1)
        d->digit_bits++;
    d->address_bits = d->n * d->digit_bits;
    d->header_bits = s->header_bits > 0 ? s->header_bits : d->address_bits;
    d->header_phits = (d->header_bits + s->data_signals - 1) / s->data_signals;
    d->payload_phits = (s->packet_bytes * 8 + s->data_signals - 1) / s->data_signals;
    d->phits = d->header_phits + d->payload_phits;
    d->serialization_ns = d->phits / s->signal_gbps;
    d->channel_load = s->avg_gbytes * 8 / d->channel_gbps;
    struct noc_drop_result dr;
    struct noc_drop_dist dd;
    if ((rc = noc_latency_drop(d->k, d->n, d->channel_load > 1 ? 1 : d->channel_load, 0, &dr, ctx)))
        return rc;
    d->p_drop = dr.injection > 0 ? 1 - dr.throughput / dr.injection : 0;
    if ((rc = noc_drop_distribution(d->p_drop, &dd, ctx)))
        return rc;
    d->mean_transmissions = dd.mean;
    d->p99_transmissions = dd.quantile[2];
    return NOC_OK;
}

unsigned long noc_pkg_header(const struct noc_pkg_design *d, int dest, int s, int *port)
{
    unsigned long mask = d->address_bits >= 63 ? ~0UL : (1UL << d->address_bits) - 1;
    unsigned long h = ((unsigned long)dest << (s * d->digit_bits)) & mask;
    *port = s < d->n ? (int)(h >> (d->address_bits - d->digit_bits)) : -1;
    return h;
}
