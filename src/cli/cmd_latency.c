/* nocsyn latency: analytical models (docs/INTERFACE.md section 3.9). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "latency_cli.h"
#include "nocsyn/calc.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char latency_help[] =
    "usage: nocsyn latency switching --bits L --hops D --bw B [--header LH] [--flit LF]\n"
    "                                [--router TR] [--freq MHZ] [--format text|json]\n"
    "       nocsyn latency drop --k K --n N (--offered P | --table) [--resend]\n"
    "                           [--format text|json]\n"
    "       nocsyn latency message --bits L --bw GBPS [--sender NS] [--receiver NS]\n"
    "                              [--flight NS] [--distance M [--velocity F]]\n"
    "                              [--hops H --switch NS]\n"
    "       nocsyn latency head --hops H --router TR [--link TW] [--bits L --bw B]\n"
    "                           [--freq MHZ]\n"
    "       nocsyn latency retry (--p-drop P | --k K --n N --offered P [--resend])\n"
    "                            [--t0 T0]\n"
    "\n"
    "switching: zero-load latency of a message of L payload bits and an LH-bit\n"
    "header crossing D channels (hops) of B bits per cycle, after Duato,\n"
    "Yalamanchili and Ni, \"Interconnection Networks: An Engineering Approach\",\n"
    "ch. 2, with one cycle per phit per channel.  All results in cycles\n"
    "(ceil() = whole phits):\n"
    "  circuit switching    D (TR + 2 ceil(LH/B)) + ceil(L/B)\n"
    "                       (probe out, acknowledgement back, then the data)\n"
    "  store-and-forward    D (TR + ceil((L+LH)/B))\n"
    "  virtual cut-through  D (TR + ceil(LH/B)) + ceil(L/B)\n"
    "  wormhole             D (TR + ceil(F/B)) + ceil((L+LH-F)/B), F = min(LF, L+LH)\n"
    "                       (the first flit, carrying the header, is buffered at\n"
    "                       every router)\n"
    "  --bits L       payload length in bits (> 0)\n"
    "  --hops D       channels crossed, >= 1\n"
    "  --bw B         channel bandwidth in bits per cycle (= phit width)\n"
    "  --header LH    header length in bits (default B: one phit)\n"
    "  --flit LF      flit length in bits (default LH)\n"
    "  --router TR    routing decision per hop in cycles (default 0)\n"
    "  --freq MHZ     clock; adds the latencies in ns (cycles * 1000 / MHZ)\n"
    "  --link TW      link (wire) delay per hop in cycles (default 0): TR becomes\n"
    "                 TR + TW in every formula, and circuit switching adds 2 TW\n"
    "                 more per hop (acknowledgement back, data forward)\n"
    "With LF = LH = B cut-through and wormhole coincide, D (TR + 1) + ceil(L/B).\n"
    "\n"
    "drop: a k-ary n-fly with dropping flow control under uniform traffic (Dally &\n"
    "Towles, \"Principles and Practices of Interconnection Networks\", sec. 12.2;\n"
    "the recurrence of Patel, IEEE Trans. Computers C-30(10), 1981).\n"
    "Loads are fractions of channel capacity.  Stage recurrence\n"
    "  p_{i+1} = 1 - (1 - p_i/k)^k,  i = 0 .. n-1,  throughput = p_n,\n"
    "saturation throughput = p_n at p_0 = 1.  stage_rates lists p_0 .. p_n.\n"
    "  --k K          switch radix (>= 2)\n"
    "  --n N          stages (1..64)\n"
    "  --offered P    without --resend: the load p_0 offered on every input\n"
    "                 (dropped packets are lost); with --resend: the new-traffic\n"
    "                 rate lambda, and p_0 (resends included) solves\n"
    "                 p_n(p_0) = lambda by bisection.  A transmission succeeds\n"
    "                 with probability p_n/p_0, so a packet needs p_0/lambda\n"
    "                 transmissions on average (geometric); with one zero-load\n"
    "                 latency per transmission the average latency is p_0/lambda\n"
    "                 in units of the zero-load latency (source queueing is not\n"
    "                 modelled).  lambda above saturation: reported as saturated.\n"
    "  --resend       dropped packets are sent again\n"
    "  --table        a table of p_0 = 0.05, 0.10, ..., 1.00 against the accepted\n"
    "                 load p_n and the transmissions p_0/p_n\n"
    "\n"
    "message: a message's latency as the sum of its parts (Hennessy & Patterson,\n"
    "the interconnection networks appendix), in ns:\n"
    "  total = sender overhead + time of flight + size / bandwidth\n"
    "          + hops x switch delay + receiver overhead\n"
    "  --bits L       message size in bits;  --bw GBPS  link bandwidth in Gbit/s\n"
    "  --sender NS, --receiver NS   overheads (default 0)\n"
    "  --flight NS    time of flight (default 0), plus --distance M of wire at\n"
    "                 --velocity F times the speed of light (default 2/3)\n"
    "  --hops H, --switch NS        switches crossed and delay per switch\n"
    "\n"
    "head: the head latency with link delay, hops x (router + link) cycles,\n"
    "plus ceil(L / B) serialization with --bits and --bw (Dally & Towles's\n"
    "T0 = H tr + H tw + L/b).  A flattened butterfly's 2 hops of a 4-cycle router\n"
    "and a 5-cycle link take 2 x (4 + 5) = 18 cycles, a mesh's 3 hops of 1 + 1\n"
    "take 6.\n"
    "\n"
    "retry: the latency distribution of dropping flow control.  Each\n"
    "transmission is dropped with probability P_D, so the number of\n"
    "transmissions T is geometric: P(T = i) = P_D^(i-1) (1 - P_D), mean\n"
    "1 / (1 - P_D), q-quantile = least i with 1 - P_D^i >= q (99th percentile:\n"
    "ceil(log 0.01 / log P_D)).  P_D is --p-drop, or 1 - p_n / p_0 of the\n"
    "dropping k-ary n-fly above (--k --n --offered [--resend]).  --t0 T0: the\n"
    "cycles of one transmission, latency = T x T0.\n"
    "\n"
    "--format json: switching {\"model\", \"bits\", \"hops\", \"bw\", \"header\", \"flit\",\n"
    "\"router\", \"unit\": \"cycles\", \"circuit\", \"store_and_forward\",\n"
    "\"virtual_cut_through\", \"wormhole\"[, \"freq_mhz\", \"ns\": {...}]}; drop {\"k\", \"n\",\n"
    "\"resend\", \"offered\", \"stage_rates\": [...], \"throughput\", \"saturation\"[,\n"
    "\"injection\", \"transmissions\", \"latency\", \"saturated\"][, \"table\": [{\"injection\",\n"
    "\"accepted\", \"transmissions\"}, ...]]}; message {\"model\", \"unit\": \"ns\", \"bits\",\n"
    "\"bw_gbps\", \"hops\", \"sender_overhead\", \"time_of_flight\", \"transmission\",\n"
    "\"switching\", \"receiver_overhead\", \"total\"}; head {\"model\", \"unit\", \"hops\",\n"
    "\"router\", \"link\", \"head\"[, \"serialization\", \"total\"][, \"freq_mhz\", \"head_ns\"...]};\n"
    "retry {\"model\"[, \"k\", \"n\", \"resend\"], \"p_drop\", \"mean_transmissions\", \"median\",\n"
    "\"p90\", \"p99\", \"distribution\": [P(T=1), ...][, \"t0\", \"mean_latency\",\n"
    "\"p99_latency\"]}.\n"
    "\n"
    "Exit status: 0 success, 1 retry above saturation, 2 bad input.\n";

static const struct option lat_longopts[] = {
    {"bits", required_argument, NULL, O_BITS},
    {"hops", required_argument, NULL, O_HOPS},
    {"bw", required_argument, NULL, O_BW},
    {"header", required_argument, NULL, O_HEADER},
    {"flit", required_argument, NULL, O_FLIT},
    {"router", required_argument, NULL, O_ROUTER},
    CLI_OPT_FREQ(O_FREQ),
    {"k", required_argument, NULL, O_K},
    {"n", required_argument, NULL, O_N},
    {"offered", required_argument, NULL, O_OFFERED},
    {"resend", no_argument, NULL, O_RESEND},
    {"table", no_argument, NULL, O_TABLE},
    {"link", required_argument, NULL, O_LINK},
    {"sender", required_argument, NULL, O_SENDER},
    {"receiver", required_argument, NULL, O_RECEIVER},
    {"flight", required_argument, NULL, O_FLIGHT},
    {"distance", required_argument, NULL, O_DISTANCE},
    {"velocity", required_argument, NULL, O_VELOCITY},
    {"switch", required_argument, NULL, O_SWITCH},
    {"p-drop", required_argument, NULL, O_PDROP},
    {"t0", required_argument, NULL, O_T0},
    {"format", required_argument, NULL, O_FORMAT},
    {NULL, 0, NULL, 0},
};

int lat_num(const struct lat_opts *o, int id, const char *name, double dflt, double *out)
{
    if (!o->val[id]) {
        *out = dflt;
        return 0;
    }
    if (noc_parse_double(o->val[id], out))
        return cli_usage("latency: %s must be a number, not '%s'", name, o->val[id]);
    return 0;
}

int lat_only(const struct lat_opts *o, const int *allowed)
{
    for (int id = 1; id < O_FORMAT; id++) {
        if (!o->val[id])
            continue;
        int ok = 0;
        for (const int *a = allowed; *a; a++)
            ok |= *a == id;
        if (!ok)
            for (const struct option *l = lat_longopts; l->name; l++)
                if (l->val == id)
                    return cli_usage("latency %s: --%s does not apply to this model (see 'nocsyn "
                                     "latency --help')",
                                     o->model, l->name);
    }
    return 0;
}

static int run_switching(const struct lat_opts *o, struct noc_buf *b)
{
    struct noc_switching_params p;
    struct noc_switching_latency l;
    struct noc_ctx ctx;
    double hops, freq = 0;
    cli_ctx_init(&ctx);
    if (!o->val[O_BITS] || !o->val[O_HOPS] || !o->val[O_BW])
        return cli_usage("latency switching: --bits, --hops and --bw are required");
    if (o->val[O_K] || o->val[O_N] || o->val[O_OFFERED] || o->val[O_RESEND] || o->val[O_TABLE])
        return cli_usage("latency switching: --k, --n, --offered, --resend and --table belong to 'drop'");
    if (lat_num(o, O_BITS, "--bits", 0, &p.bits) || lat_num(o, O_HOPS, "--hops", 0, &hops) ||
        lat_num(o, O_BW, "--bw", 0, &p.bw) || lat_num(o, O_ROUTER, "--router", 0, &p.router) ||
        lat_num(o, O_FREQ, "--freq", 0, &freq))
        return 2;
    static const int allowed[] = {O_BITS, O_HOPS, O_BW, O_HEADER, O_FLIT, O_ROUTER, O_FREQ, O_LINK, 0};
    if (lat_only(o, allowed) || lat_num(o, O_LINK, "--link", 0, &p.link))
        return 2;
    if (lat_num(o, O_HEADER, "--header", p.bw, &p.header) ||
        lat_num(o, O_FLIT, "--flit", p.header, &p.flit))
        return 2;
    if (hops != floor(hops) || hops < 1 || hops > 1e9)
        return cli_usage("latency switching: --hops must be an integer >= 1");
    if (o->val[O_FREQ] && !(freq > 0))
        return cli_usage("latency switching: --freq must be > 0 (MHz)");
    p.hops = (long)hops;
    if (noc_latency_switching(&p, &l, &ctx))
        return cli_fail(&ctx);
    static const char *const keys[] = {"circuit", "store_and_forward", "virtual_cut_through",
                                       "wormhole"};
    static const char *const labels[] = {"circuit switching", "store-and-forward",
                                         "virtual cut-through", "wormhole"};
    double v[4] = {l.circuit, l.store_forward, l.cut_through, l.wormhole};
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *ns;
        noc_json_add_str(jd, root, "model", "switching");
        noc_json_add_num(jd, root, "bits", p.bits);
        noc_json_add_int(jd, root, "hops", p.hops);
        noc_json_add_num(jd, root, "bw", p.bw);
        noc_json_add_num(jd, root, "header", p.header);
        noc_json_add_num(jd, root, "flit", p.flit);
        noc_json_add_num(jd, root, "router", p.router);
        if (o->val[O_LINK])
            noc_json_add_num(jd, root, "link", p.link);
        noc_json_add_str(jd, root, "unit", "cycles");
        for (int i = 0; i < 4; i++)
            noc_json_add_num(jd, root, keys[i], v[i]);
        if (freq > 0) {
            noc_json_add_num(jd, root, "freq_mhz", freq);
            ns = noc_json_add_object(jd, root, "ns");
            for (int i = 0; i < 4; i++)
                noc_json_add_num(jd, ns, keys[i], noc_cycles_ns(v[i], freq));
        }
        cli_json_line(jd, b);
        return 0;
    }
    noc_buf_printf(b, "zero-load latency: L = %g payload bits, LH = %g header bits, LF = %g flit bits,\n"
                      "D = %ld hops, B = %g bits/cycle, TR = %g cycles\n",
                   p.bits, p.header, p.flit, p.hops, p.bw, p.router);
    if (o->val[O_LINK])
        noc_buf_printf(b, "link delay TW = %g cycles per hop (added to TR; circuit switching crosses "
                          "each link 3 times)\n",
                       p.link);
    for (int i = 0; i < 4; i++) {
        noc_buf_printf(b, "  %-20s %12g cycles", labels[i], v[i]);
        if (freq > 0)
            noc_buf_printf(b, "  %12g ns", noc_cycles_ns(v[i], freq));
        noc_buf_printf(b, "\n");
    }
    return 0;
}

static int run_drop(const struct lat_opts *o, struct noc_buf *b)
{
    struct noc_ctx ctx;
    struct noc_drop_result r;
    long k, n;
    double offered = 0;
    int resend = o->val[O_RESEND] != NULL, table = o->val[O_TABLE] != NULL;
    cli_ctx_init(&ctx);
    if (!o->val[O_K] || !o->val[O_N] || (!o->val[O_OFFERED] && !table))
        return cli_usage("latency drop: --k, --n and --offered (or --table) are required");
    if (o->val[O_BITS] || o->val[O_HOPS] || o->val[O_BW] || o->val[O_HEADER] || o->val[O_FLIT] ||
        o->val[O_ROUTER] || o->val[O_FREQ])
        return cli_usage("latency drop: --bits, --hops, --bw, --header, --flit, --router and --freq "
                         "belong to 'switching'");
    static const int allowed[] = {O_K, O_N, O_OFFERED, O_RESEND, O_TABLE, 0};
    if (lat_only(o, allowed))
        return 2;
    if (noc_parse_int(o->val[O_K], 2, 1L << 20, &k))
        return cli_usage("latency drop: --k must be an integer >= 2, not '%s'", o->val[O_K]);
    if (noc_parse_int(o->val[O_N], 1, NOC_DROP_MAXN, &n))
        return cli_usage("latency drop: --n must be an integer in 1..%d, not '%s'", NOC_DROP_MAXN,
                         o->val[O_N]);
    if (lat_num(o, O_OFFERED, "--offered", 0, &offered))
        return 2;
    int have = o->val[O_OFFERED] != NULL;
    if (have && noc_latency_drop((int)k, (int)n, offered, resend, &r, &ctx))
        return cli_fail(&ctx);
    if (!have && noc_latency_drop((int)k, (int)n, 1.0, 0, &r, &ctx))
        return cli_fail(&ctx);
    struct noc_json *jd = o->json ? noc_json_new() : NULL;
    struct noc_json_node *root = noc_json_root(jd), *a = NULL;
    if (o->json) {
        noc_json_add_str(jd, root, "model", "drop");
        noc_json_add_int(jd, root, "k", k);
        noc_json_add_int(jd, root, "n", n);
        noc_json_add_bool(jd, root, "resend", resend);
        if (have) {
            noc_json_add_num(jd, root, "offered", offered);
            a = noc_json_add_array(jd, root, "stage_rates");
            for (int i = 0; i <= n; i++)
                noc_json_add_num(jd, a, NULL, r.stage_rates[i]);
            noc_json_add_num(jd, root, "throughput", r.throughput);
        }
        noc_json_add_num(jd, root, "saturation", r.saturation);
        if (have && resend) {
            noc_json_add_num(jd, root, "injection", r.injection);
            noc_json_add_num(jd, root, "transmissions", r.transmissions); /* null when infinite */
            noc_json_add_num(jd, root, "latency", r.latency);
            noc_json_add_bool(jd, root, "saturated", r.saturated);
        }
    } else {
        noc_buf_printf(b, "%ld-ary %ld-fly, dropping flow control, uniform traffic%s\n", k, n,
                       resend ? ", dropped packets resent" : "");
        if (have) {
            noc_buf_printf(b, "%s = %.10g\n", resend ? "new traffic lambda" : "offered load p_0",
                           offered);
            noc_buf_printf(b, "stage rates:");
            for (int i = 0; i <= n; i++)
                noc_buf_printf(b, " p_%d = %.10g%s", i, r.stage_rates[i], i < n ? "," : "\n");
            noc_buf_printf(b, "throughput (accepted load p_%ld) = %.10g\n", n, r.throughput);
        }
        noc_buf_printf(b, "saturation throughput (p_0 = 1) = %.10g\n", r.saturation);
        if (have && resend) {
            if (r.saturated)
                noc_buf_printf(b, "saturated: lambda exceeds the saturation throughput\n");
            else
                noc_buf_printf(b,
                               "injection load with resends p_0 = %.10g\n"
                               "transmissions per packet = %.10g\n"
                               "average latency = %.10g x zero-load latency\n",
                               r.injection, r.transmissions, r.latency);
        }
    }
    if (table) {
        if (o->json)
            a = noc_json_add_array(jd, root, "table");
        else
            noc_buf_printf(b, "%8s %12s %14s\n", "p_0", "accepted", "transmissions");
        for (int i = 1; i <= 20; i++) {
            double p0 = i / 20.0, acc = noc_drop_accepted((int)k, (int)n, p0);
            if (o->json) {
                struct noc_json_node *row = noc_json_add_object(jd, a, NULL);
                noc_json_add_num(jd, row, "injection", p0);
                noc_json_add_num(jd, row, "accepted", acc);
                noc_json_add_num(jd, row, "transmissions", p0 / acc);
            } else {
                noc_buf_printf(b, "%8.2f %12.6f %14.6f\n", p0, acc, p0 / acc);
            }
        }
    }
    if (o->json)
        cli_json_line(jd, b);
    return 0;
}

int cmd_latency(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(latency_help);
    struct lat_opts o;
    memset(&o, 0, sizeof o);
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+", lat_longopts, NULL)) != -1 || optind < argc;) {
        if (c == -1) {
            if (o.model)
                return cli_usage("latency: unexpected argument '%s'", argv[optind]);
            o.model = argv[optind++];
            continue;
        }
        if (c <= 0 || c > O_FORMAT)
            return cli_usage("latency: unknown option or missing value in '%s' (see 'nocsyn latency --help')",
                             argv[optind - 1]);
        o.val[c] = optarg ? optarg : "";
    }
    if (o.val[O_FORMAT]) {
        if (!strcmp(o.val[O_FORMAT], "json"))
            o.json = 1;
        else if (strcmp(o.val[O_FORMAT], "text"))
            return cli_usage("latency: --format must be text or json, not '%s'", o.val[O_FORMAT]);
    }
    if (!o.model)
        return cli_usage("latency: missing model (switching, drop, message, head or retry)");
    struct noc_buf b;
    noc_buf_init(&b);
    int rc;
    if (!strcmp(o.model, "switching"))
        rc = run_switching(&o, &b);
    else if (!strcmp(o.model, "drop"))
        rc = run_drop(&o, &b);
    else if (!strcmp(o.model, "message"))
        rc = lat_run_message(&o, &b);
    else if (!strcmp(o.model, "head"))
        rc = lat_run_head(&o, &b);
    else if (!strcmp(o.model, "retry"))
        rc = lat_run_retry(&o, &b);
    else
        rc = cli_usage("latency: unknown model '%s' (switching, drop, message, head or retry)", o.model);
    if (rc == 0 && b.failed)
        rc = cli_usage("latency: out of memory");
    if (rc == 0)
        fwrite(b.data, 1, b.len, stdout);
    noc_buf_free(&b);
    return rc;
}
