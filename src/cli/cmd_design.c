/* nocsyn design butterfly: the design example of Dally & Towles ch. 2 end
 * to end from its specification (model in include/nocsyn/calc.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/calc.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn design butterfly [--ports N] [--peak GBYTES] [--average GBYTES]\n"
    "                               [--packet-bytes B] [--signal-rate GBPS]\n"
    "                               [--chip-signals S] [--board-signals S]\n"
    "                               [--cable-signals S] [--data-signals D]\n"
    "                               [--control-signals C] [--header-bits H]\n"
    "                               [--dest D] [--format text|json]\n"
    "\n"
    "Designs a butterfly network from its specification and packaging\n"
    "constraints, step by step, as the worked example of Dally & Towles,\n"
    "\"Principles and Practices of Interconnection Networks\", ch. 2.  The\n"
    "defaults are that example's specification table: 64 ports, 0.25 Gbyte/s\n"
    "peak and 0.0625 Gbyte/s average per port, 64-byte packets, 1 Gbit/s\n"
    "signals, 150 signals per router chip, 750 per board, 80 per cable, channels\n"
    "of 16 data and 2 control signals.\n"
    "  1. speedup = channel data bandwidth / port peak bandwidth\n"
    "     (16 x 1 Gbit/s / (0.25 x 8) Gbit/s = 8)\n"
    "  2. radix from the pin budget: k = floor(chip / (2 w)), w = data + control\n"
    "     (150 / 18 = 8 channels: radix 4); stages n = least n with k^n >= N\n"
    "     (3); k^(n-1) routers per stage (16), n k^(n-1) chips (48)\n"
    "  3. boards of b routers of one stage, b the largest divisor of k^(n-1)\n"
    "     with b x 2 k w <= board signals (4 x 144 = 576 <= 750): 12 boards;\n"
    "     channels between boards in cables of floor(cable / w) channels\n"
    "     (80 / 18 = 4): cables = sum over board pairs of ceil(channels / 4)\n"
    "  4. header: n base-k digits of log2 k bits (6 bits); each router reads\n"
    "     the top digit as its output port and shifts the header left by log2 k\n"
    "     (--dest D shows it for destination D, default N - 1)\n"
    "  5. phits of `data` bits: header phits + ceil(packet bits / data) payload\n"
    "     phits (1 + 32 = 33), serialization phits / signal rate (33 ns)\n"
    "  6. dropping flow control: channel load = average / channel bandwidth\n"
    "     (0.5 / 16 = 1/32), drop probability P_D = 1 - p_n / p_0 of the dropping\n"
    "     k-ary n-fly (`nocsyn latency drop`), transmissions geometric:\n"
    "     P(T = i) = P_D^(i-1) (1 - P_D), mean and 99th percentile\n"
    "  --header-bits H  header length (default: the address, n log2 k bits)\n"
    "  --format F       text (default) or json: {\"spec\": {...}, \"design\": {...},\n"
    "                   \"header\": [{\"stage\", \"header\", \"port\"}, ...]}\n"
    "\n"
    "Exit status: 0 success, 1 infeasible (no radix >= 2 fits the pins, a\n"
    "router does not fit a board, a channel does not fit a cable, the radix is\n"
    "not a power of two), 2 bad input.\n";

enum { G_PORTS = 1, G_PEAK, G_AVG, G_PACKET, G_SIGNAL, G_CHIP, G_BOARD, G_CABLE, G_DATA, G_CTRL,
       G_HEADER, G_DEST, G_FORMAT };

static int int_opt(const char *v, const char *name, long lo, int *out)
{
    long x;
    if (noc_parse_int(v, lo, 1L << 20, &x))
        return cli_usage("design: %s must be an integer in %ld..%ld, not '%s'", name, lo, 1L << 20, v);
    *out = (int)x;
    return 0;
}

static int dbl_opt(const char *v, const char *name, double *out)
{
    if (noc_parse_double(v, out) || !(*out > 0))
        return cli_usage("design: %s must be a number > 0, not '%s'", name, v);
    return 0;
}

static void bits(struct noc_buf *b, unsigned long v, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--)
        noc_buf_printf(b, "%c", (v >> i) & 1 ? '1' : '0');
}

static void print_text(struct noc_buf *b, const struct noc_pkg_spec *s, const struct noc_pkg_design *d,
                       int dest)
{
    noc_buf_printf(b, "specification\n"
                      "  ports                %d\n"
                      "  peak bandwidth       %g Gbyte/s per port\n"
                      "  average bandwidth    %g Gbyte/s per port\n"
                      "  packet               %d bytes\n"
                      "  signalling rate      %g Gbit/s\n"
                      "  signals per chip     %d\n"
                      "  signals per board    %d\n"
                      "  signals per cable    %d\n"
                      "  channel              %d data + %d control signals\n",
                   s->ports, s->peak_gbytes, s->avg_gbytes, s->packet_bytes, s->signal_gbps,
                   s->chip_signals, s->board_signals, s->cable_signals, s->data_signals,
                   s->control_signals);
    noc_buf_printf(b, "1. bandwidth: port %g Gbit/s, channel %d x %g = %g Gbit/s, speedup %g\n",
                   d->port_gbps, s->data_signals, s->signal_gbps, d->channel_gbps, d->speedup);
    noc_buf_printf(b, "2. radix: %d-signal channels, %d / %d = %d channels per chip -> radix %d "
                      "(%d in, %d out);\n   %d-ary %d-fly: %d stages of %d routers = %d router chips\n",
                   d->width, s->chip_signals, d->width, d->channels_per_chip, d->k, d->k, d->k, d->k,
                   d->n, d->n, d->routers_per_stage, d->routers);
    noc_buf_printf(b, "3. packaging: %d routers per board x %d signals = %d of %d board signals; "
                      "%d boards;\n   %d channels between boards, %d per cable (%d / %d) -> %d cables\n",
                   d->routers_per_board, 2 * d->k * d->width, d->board_signals_used, s->board_signals,
                   d->boards, d->interboard_channels, d->channels_per_cable, s->cable_signals, d->width,
                   d->cables);
    noc_buf_printf(b, "4. header: %d address bits (%d digits of %d bits), shifted left by %d per "
                      "router; destination %d:\n",
                   d->address_bits, d->n, d->digit_bits, d->digit_bits, dest);
    for (int st = 0; st <= d->n; st++) {
        int port;
        unsigned long h = noc_pkg_header(d, dest, st, &port);
        noc_buf_printf(b, "   %s %d: header ", st < d->n ? "stage" : "exit ", st);
        bits(b, h, d->address_bits);
        if (port >= 0)
            noc_buf_printf(b, " -> output port %d\n", port);
        else
            noc_buf_printf(b, " (consumed)\n");
    }
    noc_buf_printf(b, "5. phits: %d bits each; %d header + %d payload (%d bytes) = %d phits, "
                      "serialization %g ns\n",
                   s->data_signals, d->header_phits, d->payload_phits, s->packet_bytes, d->phits,
                   d->serialization_ns);
    noc_buf_printf(b, "6. dropping: channel load %.10g (%g Gbit/s average on %g Gbit/s), P_D = %.10g;\n"
                      "   transmissions: mean %.10g, 99th percentile %ld\n",
                   d->channel_load, s->avg_gbytes * 8, d->channel_gbps, d->p_drop,
                   d->mean_transmissions, d->p99_transmissions);
}

static void print_json(struct noc_buf *b, const struct noc_pkg_spec *s, const struct noc_pkg_design *d,
                       int dest)
{
    struct noc_json *j = noc_json_new();
    struct noc_json_node *root = noc_json_root(j), *o, *a;
    o = noc_json_add_object(j, root, "spec");
    noc_json_add_int(j, o, "ports", s->ports);
    noc_json_add_num(j, o, "peak_gbytes", s->peak_gbytes);
    noc_json_add_num(j, o, "avg_gbytes", s->avg_gbytes);
    noc_json_add_int(j, o, "packet_bytes", s->packet_bytes);
    noc_json_add_num(j, o, "signal_gbps", s->signal_gbps);
    noc_json_add_int(j, o, "chip_signals", s->chip_signals);
    noc_json_add_int(j, o, "board_signals", s->board_signals);
    noc_json_add_int(j, o, "cable_signals", s->cable_signals);
    noc_json_add_int(j, o, "data_signals", s->data_signals);
    noc_json_add_int(j, o, "control_signals", s->control_signals);
    o = noc_json_add_object(j, root, "design");
    noc_json_add_num(j, o, "port_gbps", d->port_gbps);
    noc_json_add_num(j, o, "channel_gbps", d->channel_gbps);
    noc_json_add_num(j, o, "speedup", d->speedup);
    noc_json_add_int(j, o, "channel_width", d->width);
    noc_json_add_int(j, o, "channels_per_chip", d->channels_per_chip);
    noc_json_add_int(j, o, "k", d->k);
    noc_json_add_int(j, o, "n", d->n);
    noc_json_add_int(j, o, "routers_per_stage", d->routers_per_stage);
    noc_json_add_int(j, o, "routers", d->routers);
    noc_json_add_int(j, o, "routers_per_board", d->routers_per_board);
    noc_json_add_int(j, o, "board_signals_used", d->board_signals_used);
    noc_json_add_int(j, o, "boards", d->boards);
    noc_json_add_int(j, o, "interboard_channels", d->interboard_channels);
    noc_json_add_int(j, o, "channels_per_cable", d->channels_per_cable);
    noc_json_add_int(j, o, "cables", d->cables);
    noc_json_add_int(j, o, "address_bits", d->address_bits);
    noc_json_add_int(j, o, "header_phits", d->header_phits);
    noc_json_add_int(j, o, "payload_phits", d->payload_phits);
    noc_json_add_int(j, o, "phits", d->phits);
    noc_json_add_num(j, o, "serialization_ns", d->serialization_ns);
    noc_json_add_num(j, o, "channel_load", d->channel_load);
    noc_json_add_num(j, o, "p_drop", d->p_drop);
    noc_json_add_num(j, o, "mean_transmissions", d->mean_transmissions);
    noc_json_add_int(j, o, "p99_transmissions", d->p99_transmissions);
    a = noc_json_add_array(j, root, "header");
    struct noc_buf hb;
    noc_buf_init(&hb);
    for (int st = 0; st <= d->n; st++) {
        int port;
        unsigned long h = noc_pkg_header(d, dest, st, &port);
        o = noc_json_add_object(j, a, NULL);
        noc_json_add_int(j, o, "stage", st);
        hb.len = 0;
        noc_buf_append(&hb, "", 0); /* "" when there are no address bits */
        bits(&hb, h, d->address_bits);
        noc_json_add_str(j, o, "header", hb.failed ? NULL : hb.data);
        if (port >= 0)
            noc_json_add_int(j, o, "port", port);
        else
            noc_json_add_null(j, o, "port");
    }
    if (hb.failed)
        b->failed = 1;
    noc_buf_free(&hb);
    cli_json_line(j, b);
}

int cmd_design(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    static const struct option opts[] = {
        {"ports", required_argument, NULL, G_PORTS},
        {"peak", required_argument, NULL, G_PEAK},
        {"average", required_argument, NULL, G_AVG},
        {"packet-bytes", required_argument, NULL, G_PACKET},
        {"signal-rate", required_argument, NULL, G_SIGNAL},
        {"chip-signals", required_argument, NULL, G_CHIP},
        {"board-signals", required_argument, NULL, G_BOARD},
        {"cable-signals", required_argument, NULL, G_CABLE},
        {"data-signals", required_argument, NULL, G_DATA},
        {"control-signals", required_argument, NULL, G_CTRL},
        {"header-bits", required_argument, NULL, G_HEADER},
        {"dest", required_argument, NULL, G_DEST},
        {"format", required_argument, NULL, G_FORMAT},
        {NULL, 0, NULL, 0},
    };
    struct noc_pkg_spec s;
    noc_pkg_spec_default(&s);
    const char *what = NULL, *dest_s = NULL;
    int json = 0, rc;
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+", opts, NULL)) != -1 || optind < argc;) {
        if (c == -1) {
            if (what)
                return cli_usage("design: unexpected argument '%s'", argv[optind]);
            what = argv[optind++];
            continue;
        }
        switch (c) {
        case G_PORTS: rc = int_opt(optarg, "--ports", 2, &s.ports); break;
        case G_PEAK: rc = dbl_opt(optarg, "--peak", &s.peak_gbytes); break;
        case G_AVG: rc = dbl_opt(optarg, "--average", &s.avg_gbytes); break;
        case G_PACKET: rc = int_opt(optarg, "--packet-bytes", 1, &s.packet_bytes); break;
        case G_SIGNAL: rc = dbl_opt(optarg, "--signal-rate", &s.signal_gbps); break;
        case G_CHIP: rc = int_opt(optarg, "--chip-signals", 1, &s.chip_signals); break;
        case G_BOARD: rc = int_opt(optarg, "--board-signals", 1, &s.board_signals); break;
        case G_CABLE: rc = int_opt(optarg, "--cable-signals", 1, &s.cable_signals); break;
        case G_DATA: rc = int_opt(optarg, "--data-signals", 1, &s.data_signals); break;
        case G_CTRL: rc = int_opt(optarg, "--control-signals", 0, &s.control_signals); break;
        case G_HEADER: rc = int_opt(optarg, "--header-bits", 1, &s.header_bits); break;
        case G_DEST: dest_s = optarg; rc = 0; break;
        case G_FORMAT:
            rc = 0;
            if (!strcmp(optarg, "json"))
                json = 1;
            else if (strcmp(optarg, "text"))
                rc = cli_usage("design: --format must be text or json, not '%s'", optarg);
            break;
        default:
            return cli_usage("design: unknown option or missing value in '%s' (see 'nocsyn design --help')",
                             argv[optind - 1]);
        }
        if (rc)
            return rc;
    }
    if (!what)
        return cli_usage("design: missing network (butterfly)");
    if (strcmp(what, "butterfly"))
        return cli_usage("design: unknown network '%s' (butterfly)", what);
    struct noc_ctx ctx;
    struct noc_pkg_design d;
    cli_ctx_init(&ctx);
    if (noc_pkg_butterfly(&s, &d, &ctx))
        return cli_fail(&ctx);
    long dest = s.ports - 1;
    if (dest_s && noc_parse_int(dest_s, 0, s.ports - 1, &dest))
        return cli_usage("design: --dest must be a port in 0..%d, not '%s'", s.ports - 1, dest_s);
    struct noc_buf b;
    noc_buf_init(&b);
    if (json)
        print_json(&b, &s, &d, (int)dest);
    else
        print_text(&b, &s, &d, (int)dest);
    rc = b.failed ? cli_usage("design: out of memory") : 0;
    if (!rc)
        fwrite(b.data, 1, b.len, stdout);
    noc_buf_free(&b);
    return rc;
}
