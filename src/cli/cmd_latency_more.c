/* nocsyn latency message | head | retry: the latency decomposition, head
 * latency with link delay, and the latency distribution of dropping flow
 * control (models in include/nocsyn/calc.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "latency_cli.h"
#include "nocsyn/calc.h"
#include "nocsyn/units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int lat_run_message(const struct lat_opts *o, struct noc_buf *b)
{
    static const int allowed[] = {O_BITS, O_BW, O_SENDER, O_RECEIVER, O_FLIGHT, O_DISTANCE,
                                  O_VELOCITY, O_HOPS, O_SWITCH, 0};
    struct noc_message_params p;
    struct noc_message_latency l;
    struct noc_ctx ctx;
    double hops = 0;
    cli_ctx_init(&ctx);
    memset(&p, 0, sizeof p);
    if (lat_only(o, allowed))
        return 2;
    if (!o->val[O_BITS] || !o->val[O_BW])
        return cli_usage("latency message: --bits and --bw are required");
    if (lat_num(o, O_BITS, "--bits", 0, &p.bits) || lat_num(o, O_BW, "--bw", 0, &p.bw_gbps) ||
        lat_num(o, O_SENDER, "--sender", 0, &p.sender_ns) ||
        lat_num(o, O_RECEIVER, "--receiver", 0, &p.receiver_ns) ||
        lat_num(o, O_FLIGHT, "--flight", 0, &p.flight_ns) ||
        lat_num(o, O_DISTANCE, "--distance", 0, &p.distance_m) ||
        lat_num(o, O_VELOCITY, "--velocity", 2.0 / 3.0, &p.velocity) ||
        lat_num(o, O_HOPS, "--hops", 0, &hops) || lat_num(o, O_SWITCH, "--switch", 0, &p.router_ns))
        return 2;
    if (hops != floor(hops) || hops < 0 || hops > 1e9)
        return cli_usage("latency message: --hops must be an integer >= 0");
    p.hops = (long)hops;
    if (noc_latency_message(&p, &l, &ctx))
        return cli_fail(&ctx);
    static const char *const keys[] = {"sender_overhead", "time_of_flight", "transmission",
                                       "switching", "receiver_overhead", "total"};
    static const char *const labels[] = {"sender overhead", "time of flight",
                                         "transmission time (size / bandwidth)", "switch delay (hops x switch)",
                                         "receiver overhead", "total latency"};
    double v[6] = {l.sender, l.flight, l.transmission, l.switching, l.receiver, l.total};
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd);
        noc_json_add_str(jd, root, "model", "message");
        noc_json_add_str(jd, root, "unit", "ns");
        noc_json_add_num(jd, root, "bits", p.bits);
        noc_json_add_num(jd, root, "bw_gbps", p.bw_gbps);
        noc_json_add_int(jd, root, "hops", p.hops);
        for (int i = 0; i < 6; i++)
            noc_json_add_num(jd, root, keys[i], v[i]);
        cli_json_line(jd, b);
        return 0;
    }
    noc_buf_printf(b, "message of %g bits at %g Gbit/s%s:\n", p.bits, p.bw_gbps,
                   p.distance_m > 0 ? "" : "");
    for (int i = 0; i < 6; i++)
        noc_buf_printf(b, "  %-38s %14.6g ns\n", labels[i], v[i]);
    if (p.distance_m > 0)
        noc_buf_printf(b, "(time of flight includes %g m at %g c)\n", p.distance_m, p.velocity);
    return 0;
}

int lat_run_head(const struct lat_opts *o, struct noc_buf *b)
{
    static const int allowed[] = {O_HOPS, O_ROUTER, O_LINK, O_BITS, O_BW, O_FREQ, 0};
    struct noc_ctx ctx;
    double hops, router = 0, link = 0, bits = 0, bw = 0, freq = 0, head;
    cli_ctx_init(&ctx);
    if (lat_only(o, allowed))
        return 2;
    if (!o->val[O_HOPS] || !o->val[O_ROUTER])
        return cli_usage("latency head: --hops and --router are required");
    if (lat_num(o, O_HOPS, "--hops", 0, &hops) || lat_num(o, O_ROUTER, "--router", 0, &router) ||
        lat_num(o, O_LINK, "--link", 0, &link) || lat_num(o, O_BITS, "--bits", 0, &bits) ||
        lat_num(o, O_BW, "--bw", 0, &bw) || lat_num(o, O_FREQ, "--freq", 0, &freq))
        return 2;
    if (hops != floor(hops) || hops < 0 || hops > 1e9)
        return cli_usage("latency head: --hops must be an integer >= 0");
    if (!o->val[O_BITS] != !o->val[O_BW])
        return cli_usage("latency head: give --bits and --bw together (serialization L / B)");
    if (o->val[O_BW] && !(bw > 0 && bits > 0))
        return cli_usage("latency head: --bits and --bw must be > 0");
    if (o->val[O_FREQ] && !(freq > 0))
        return cli_usage("latency head: --freq must be > 0 (MHz)");
    if (noc_latency_head((long)hops, router, link, &head, &ctx))
        return cli_fail(&ctx);
    double ser = o->val[O_BW] ? ceil(bits / bw - 1e-12) : 0, total = head + ser;
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd);
        noc_json_add_str(jd, root, "model", "head");
        noc_json_add_str(jd, root, "unit", "cycles");
        noc_json_add_int(jd, root, "hops", (long)hops);
        noc_json_add_num(jd, root, "router", router);
        noc_json_add_num(jd, root, "link", link);
        noc_json_add_num(jd, root, "head", head);
        if (o->val[O_BW]) {
            noc_json_add_num(jd, root, "serialization", ser);
            noc_json_add_num(jd, root, "total", total);
        }
        if (freq > 0) {
            noc_json_add_num(jd, root, "freq_mhz", freq);
            noc_json_add_num(jd, root, "head_ns", noc_cycles_ns(head, freq));
            if (o->val[O_BW])
                noc_json_add_num(jd, root, "total_ns", noc_cycles_ns(total, freq));
        }
        cli_json_line(jd, b);
        return 0;
    }
    noc_buf_printf(b, "head latency = hops x (router + link) = %ld x (%g + %g) = %g cycles", (long)hops,
                   router, link, head);
    if (freq > 0)
        noc_buf_printf(b, " = %g ns", noc_cycles_ns(head, freq));
    noc_buf_printf(b, "\n");
    if (o->val[O_BW]) {
        noc_buf_printf(b, "serialization ceil(L / B) = ceil(%g / %g) = %g cycles\n", bits, bw, ser);
        noc_buf_printf(b, "zero-load latency = %g cycles", total);
        if (freq > 0)
            noc_buf_printf(b, " = %g ns", noc_cycles_ns(total, freq));
        noc_buf_printf(b, "\n");
    }
    return 0;
}

int lat_run_retry(const struct lat_opts *o, struct noc_buf *b)
{
    static const int allowed[] = {O_PDROP, O_K, O_N, O_OFFERED, O_RESEND, O_T0, 0};
    struct noc_ctx ctx;
    struct noc_drop_dist d;
    double pd = 0, t0 = 0;
    long k = 0, n = 0;
    cli_ctx_init(&ctx);
    if (lat_only(o, allowed))
        return 2;
    int from_model = o->val[O_K] || o->val[O_N] || o->val[O_OFFERED] || o->val[O_RESEND];
    if (!o->val[O_PDROP] == !from_model)
        return cli_usage("latency retry: give either --p-drop P or --k K --n N --offered P [--resend]");
    if (lat_num(o, O_PDROP, "--p-drop", 0, &pd) || lat_num(o, O_T0, "--t0", 0, &t0))
        return 2;
    if (o->val[O_T0] && !(t0 > 0))
        return cli_usage("latency retry: --t0 must be > 0 (cycles per transmission)");
    struct noc_drop_result r;
    if (from_model) {
        double offered;
        if (!o->val[O_K] || !o->val[O_N] || !o->val[O_OFFERED])
            return cli_usage("latency retry: --k, --n and --offered go together");
        if (noc_parse_int(o->val[O_K], 2, 1L << 20, &k) ||
            noc_parse_int(o->val[O_N], 1, NOC_DROP_MAXN, &n))
            return cli_usage("latency retry: --k must be >= 2 and --n in 1..%d", NOC_DROP_MAXN);
        if (lat_num(o, O_OFFERED, "--offered", 0, &offered))
            return 2;
        if (noc_latency_drop((int)k, (int)n, offered, o->val[O_RESEND] != NULL, &r, &ctx))
            return cli_fail(&ctx);
        if (r.saturated)
            return noc_error(&ctx, NOC_EINFEASIBLE, NULL, 0,
                             "latency retry: lambda = %g exceeds the saturation throughput %.10g: "
                             "no stationary distribution",
                             offered, r.saturation),
                   cli_fail(&ctx);
        pd = r.injection > 0 ? 1.0 - r.throughput / r.injection : 0;
    }
    if (noc_drop_distribution(pd, &d, &ctx))
        return cli_fail(&ctx);
    if (t0 > 0 && !(isfinite(d.mean * t0) && isfinite((double)d.quantile[2] * t0)))
        return noc_error(&ctx, NOC_EINVAL, NULL, 0, "latency retry: latency overflows a double: --t0 too large"),
               cli_fail(&ctx);
    /* rows: up to the 99th percentile, at least 4, at most the table */
    long rows = d.quantile[2] > 4 ? d.quantile[2] : 4;
    rows = rows > NOC_DROP_DIST_MAX ? NOC_DROP_DIST_MAX : rows;
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *a;
        noc_json_add_str(jd, root, "model", "retry");
        if (from_model) {
            noc_json_add_int(jd, root, "k", k);
            noc_json_add_int(jd, root, "n", n);
            noc_json_add_bool(jd, root, "resend", o->val[O_RESEND] != NULL);
        }
        noc_json_add_num(jd, root, "p_drop", d.p_drop);
        noc_json_add_num(jd, root, "mean_transmissions", d.mean);
        noc_json_add_int(jd, root, "median", d.quantile[0]);
        noc_json_add_int(jd, root, "p90", d.quantile[1]);
        noc_json_add_int(jd, root, "p99", d.quantile[2]);
        a = noc_json_add_array(jd, root, "distribution");
        for (long i = 0; i < rows; i++)
            noc_json_add_num(jd, a, NULL, d.prob[i]);
        if (t0 > 0) {
            noc_json_add_num(jd, root, "t0", t0);
            noc_json_add_num(jd, root, "mean_latency", d.mean * t0);
            noc_json_add_num(jd, root, "p99_latency", (double)d.quantile[2] * t0);
        }
        cli_json_line(jd, b);
        return 0;
    }
    if (from_model)
        noc_buf_printf(b, "%ld-ary %ld-fly, dropping flow control%s: p_0 = %.10g, accepted p_%ld = %.10g\n",
                       k, n, o->val[O_RESEND] ? " with resending" : "", r.injection, n, r.throughput);
    noc_buf_printf(b, "drop probability P_D = %.10g; transmissions T: P(T = i) = P_D^(i-1) (1 - P_D)\n",
                   d.p_drop);
    noc_buf_printf(b, "%4s %14s %14s%s\n", "i", "P(T = i)", "P(T <= i)", t0 > 0 ? "   latency i x T0" : "");
    double cum = 0;
    for (long i = 0; i < rows; i++) {
        cum += d.prob[i];
        noc_buf_printf(b, "%4ld %14.8f %14.8f", i + 1, d.prob[i], cum);
        if (t0 > 0)
            noc_buf_printf(b, "   %g", (double)(i + 1) * t0);
        noc_buf_printf(b, "\n");
    }
    noc_buf_printf(b, "mean %.10g transmissions; median %ld, 90th percentile %ld, 99th percentile %ld\n",
                   d.mean, d.quantile[0], d.quantile[1], d.quantile[2]);
    if (t0 > 0)
        noc_buf_printf(b, "latency with T0 = %g cycles: mean %.10g, 99th percentile %g cycles\n", t0,
                       d.mean * t0, (double)d.quantile[2] * t0);
    return 0;
}
