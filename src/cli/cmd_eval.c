/* nocsyn eval TOPOLOGY [--traffic T] [--routing R] [--vcs V] [--format json|text]
 * (INTERFACE 3.2): the metrics of a topology under a traffic pattern and a
 * routing model. */
#define _DEFAULT_SOURCE
#include "cli.h"

#include "nocsyn/eval.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn eval TOPOLOGY [--traffic T] [--routing R] [--vcs V]\n"
    "                   [--format json|text] [--threads N] [--no-bisection]\n"
    "                   [--map M] [--capacity MBPS] [--seed S] [--loads] [-o FILE]\n"
    "                   [--params] [--link-width W] [--freq MHZ] [--cut A]\n"
    "\n"
    "Prints the metrics of a topology: routers, terminals, links, channels,\n"
    "degree and radix, diameter, hops (average over the traffic, with and\n"
    "without self pairs, and max), the largest channel load and throughput,\n"
    "path diversity, bisection, deadlock freedom and wire length.\n"
    "TOPOLOGY is a file (.dot, .gv, .anynet), - (stdin: DOT or anynet) or an\n"
    "inline generator gen:FAMILY:P=V,... (e.g. gen:mesh:k=8,n=2; see 'nocsyn gen --help').\n"
    "\n"
    "Conventions: hops = router-to-router channels (two cores on one router are\n"
    "0 hops apart); loads are relative to an injection rate of 1 per terminal,\n"
    "over router-to-router channels; throughput = 1 / max channel load (JSON\n"
    "null, i.e. unbounded, when no router-to-router channel carries traffic).\n"
    "A router with a shared concentrator port (gen cmesh share=1, DOT\n"
    "shared_port=1) has one port for all its terminals: max_port_load = the\n"
    "largest sum of its terminals' injection (or ejection) loads, and\n"
    "throughput = 1 / max(max channel load, max_port_load).\n"
    "\n"
    "Options:\n"
    "  --traffic T     traffic pattern (default uniform: 1/N from every terminal\n"
    "                  to every terminal, itself included): uniform, bitcomp,\n"
    "                  bitrev, transpose, shuffle, tornado, neighbor,\n"
    "                  randperm:SEED, hotspot:RATE[:TERMINAL], local:RADIUS:RATE,\n"
    "                  fft3d:PxQ:PHASE, perm:FUNC, app:FILE (an application graph,\n"
    "                  CSV or DOT; loads are then also given in MB/s)\n"
    "  --routing R     routing model (default ecmp):\n"
    "                    ecmp     each pair split equally over all its minimal paths\n"
    "                    ideal    best fractional routing over minimal paths (LP)\n"
    "                    optimal  best fractional routing over all paths (LP);\n"
    "                             hops and path diversity stay those of minimal paths\n"
    "                    dor      dimension order on meshes, tori, rings, cmesh,\n"
    "                             flattened butterflies; e-cube on hypercubes\n"
    "                    updown   up*-down* on any topology\n"
    "                    nca      fat trees, Clos: up*-down* from every top switch,\n"
    "                             destination-mod-k over the tied next channels,\n"
    "                             turned by input port at leaves (ECMP's load on\n"
    "                             uniform traffic)\n"
    "                    desttag  destination tag on butterfly, omega, cube MINs\n"
    "                    table    the routes stored with the topology\n"
    "                    westfirst, oddeven  minimal adaptive routing of the\n"
    "                             west-first / odd-even turn models (2-D meshes),\n"
    "                             loads as the equal split over the allowed\n"
    "                             productive directions; deadlock free with 1 VC\n"
    "                    duato    Duato's fully adaptive minimal routing (2-D\n"
    "                             meshes): the equal split over every productive\n"
    "                             direction (the adaptive VCs' share; the dor\n"
    "                             escape VC carries no planned load)\n"
    "  --vcs V         virtual channels for the deadlock check (default 1)\n"
    "  --format F      json (default) or text (an aligned table)\n"
    "  --threads N     worker threads (default 0 = every core); results are\n"
    "                  identical for every N\n"
    "  --no-bisection  skip the bisection (an integer program, or METIS on large\n"
    "                  networks); the JSON then has \"bisection\": null\n"
    "  --map M         placement of app cores on terminals: name (default: a core\n"
    "                  named like a terminal sits there) or what the traffic\n"
    "                  module offers\n"
    "  --capacity MBPS link capacity for max_utilization with app traffic (default:\n"
    "                  width x freq / 8 from the topology, when known)\n"
    "  --seed S        seed of the METIS bisection bound (default 1)\n"
    "  --loads         also print the load of every channel (JSON key\n"
    "                  \"channel_loads\"; text: a table of router-to-router channels)\n"
    "  -o, --output FILE  write to FILE (atomically) instead of stdout\n"
    "  --params        add the textbook parameters (JSON key \"parameters\"):\n"
    "                  in-degree and out-degree (router-to-router channels in\n"
    "                  and out; they differ on unidirectional MINs); symmetry:\n"
    "                  vertex-transitive (the network looks the same from every\n"
    "                  router) and edge-transitive, decided exactly by an\n"
    "                  automorphism search up to 128 routers (null/unknown above\n"
    "                  or when its step budget runs out); bandwidth for a link\n"
    "                  width w and clock f: channel = port = w f / 8 MB/s,\n"
    "                  aggregate = N x port, wire bisection B = b x w (b =\n"
    "                  bisection links, wires per direction), bisection\n"
    "                  bandwidth = 2 b x channel (both directions)\n"
    "  --link-width W  link width in bits for --params (default: the topology's\n"
    "                  link_width); implies --params\n"
    "  --freq MHZ      clock for --params (default: the topology's freq_mhz)\n"
    "  --cut A         also the fewest links cut with at least A terminals on each\n"
    "                  side (implies --params).  The bisection above is always the\n"
    "                  balanced floor(N/2)/ceil(N/2) split; --cut gives the\n"
    "                  unbalanced cuts textbooks take for odd sizes: a 3x3 mesh\n"
    "                  has bisection 4 (4/5 split) but --cut 3 gives 3 (one\n"
    "                  column, a 3/6 split)\n"
    "  -h, --help      this help\n"
    "\n"
    "Examples:\n"
    "  nocsyn eval gen:mesh:k=8,n=2 --format text\n"
    "  nocsyn eval gen:torus:k=8,n=2 --routing dor --vcs 2\n"
    "  nocsyn eval design.dot --traffic app:vopd.csv --routing table\n"
    "\n"
    "Exit status: 0 success; 1 infeasible (a pair with traffic has no path) or a\n"
    "solver size limit (ideal/optimal LP); 2 bad input or usage, or a routing that\n"
    "does not apply to the topology.\n";

struct eval_cli {
    const char *topo, *traffic, *routing, *map, *out;
    int format, threads, vcs, bisection, loads;
    unsigned seed;
    double capacity, width, freq;
    int params, cut;
};

static int parse_opts(int argc, char **argv, struct eval_cli *o)
{
    static const struct option longopts[] = {
        {"traffic", required_argument, NULL, 'T'}, {"routing", required_argument, NULL, 'r'},
        {"vcs", required_argument, NULL, 'v'},     {"format", required_argument, NULL, 'f'},
        {"threads", required_argument, NULL, 'j'}, {"no-bisection", no_argument, NULL, 'B'},
        {"map", required_argument, NULL, 'm'},     {"capacity", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 's'},    {"loads", no_argument, NULL, 'L'},
        {"output", required_argument, NULL, 'o'},  {"params", no_argument, NULL, 'P'},
        CLI_OPT_LINK_WIDTH('w'),                      CLI_OPT_FREQ('F'),
        {"cut", required_argument, NULL, 'C'},     {NULL, 0, NULL, 0},
    };
    long v;
    memset(o, 0, sizeof *o);
    o->traffic = "uniform";
    o->routing = "ecmp";
    o->format = NOC_METRICS_JSON;
    o->vcs = 1;
    o->bisection = 1;
    o->seed = 1;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
        switch (c) {
        case 'T': o->traffic = optarg; break;
        case 'r': o->routing = optarg; break;
        case 'm': o->map = optarg; break;
        case 'o': o->out = optarg; break;
        case 'B': o->bisection = 0; break;
        case 'L': o->loads = 1; break;
        case 'f':
            if (!strcmp(optarg, "json"))
                o->format = NOC_METRICS_JSON;
            else if (!strcmp(optarg, "text"))
                o->format = NOC_METRICS_TEXT;
            else
                return cli_usage("eval: --format must be json or text, not '%s'", optarg);
            break;
        case 'v':
            if (noc_parse_int(optarg, 1, 64, &v))
                return cli_usage("eval: --vcs must be an integer in 1..64, not '%s'", optarg);
            o->vcs = (int)v;
            break;
        case 'j':
            if (noc_parse_int(optarg, 0, 256, &v))
                return cli_usage("eval: --threads must be an integer in 0..256, not '%s'", optarg);
            o->threads = (int)v;
            break;
        case 's':
            if (noc_parse_int(optarg, 0, 2147483647L, &v))
                return cli_usage("eval: --seed must be a non-negative integer, not '%s'", optarg);
            o->seed = (unsigned)v;
            break;
        case 'c':
            if (noc_parse_double(optarg, &o->capacity) || !(o->capacity > 0))
                return cli_usage("eval: --capacity must be a number > 0 (MB/s), not '%s'", optarg);
            break;
        case 'P': o->params = 1; break;
        case 'w':
            if (noc_parse_double(optarg, &o->width) || !(o->width >= 1 && o->width <= 4096) ||
                o->width != floor(o->width))
                return cli_usage("eval: --link-width must be a whole number of bits in 1..4096, not '%s'", optarg);
            o->params = 1;
            break;
        case 'F':
            if (cli_freq_value(optarg, &o->freq))
                return cli_usage("eval: --freq must be a number of MHz > 0 and <= 1e5, not '%s'", optarg);
            o->params = 1;
            break;
        case 'C':
            if (noc_parse_int(optarg, 1, 1L << 30, &v))
                return cli_usage("eval: --cut must be an integer >= 1 (terminals), not '%s'", optarg);
            o->cut = (int)v;
            o->params = 1;
            break;
        case ':': return cli_usage("eval: option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("eval: unknown option '%s' (see 'nocsyn eval --help')", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_usage("eval: missing TOPOLOGY (see 'nocsyn eval --help')");
    if (optind + 1 < argc)
        return cli_usage("eval: unexpected argument '%s'", argv[optind + 1]);
    o->topo = argv[optind];
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    struct eval_cli o;
    int rc = parse_opts(argc, argv, &o);
    if (rc)
        return rc;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    struct noc_eval_opts eo;
    struct noc_topo_params params;
    struct noc_buf out;
    int have_topo = 0, have_tr = 0, status = 0;
    cli_ctx_init(&ctx);
    noc_metrics_init(&m);
    noc_buf_init(&out);
    noc_eval_opts_init(&eo);
    eo.vcs = o.vcs;
    eo.threads = o.threads;
    eo.bisection = o.bisection;
    eo.seed = o.seed;
    eo.link_capacity_mbps = o.capacity;
    if (noc_routing_parse(o.routing, &eo.routing, &ctx) != NOC_OK)
        goto fail;
    if (cli_load_topology(o.topo, &t, &ctx) != NOC_OK)
        goto fail;
    have_topo = 1;
    if (noc_traffic_make(&tr, &t, o.traffic, o.map, &ctx) != NOC_OK)
        goto fail;
    have_tr = 1;
    if (noc_eval(&t, &tr, &eo, &m, &ctx) != NOC_OK) {
        status = cli_fail_in(o.topo, &ctx);
        goto cleanup;
    }
    if (!m.topology[0])
        snprintf(m.topology, sizeof m.topology, "%s", o.topo);
    if (o.params) {
        if (noc_topo_params(&t, o.width, o.freq, m.bisection_links, &params, &ctx) != NOC_OK)
            goto fail;
        if (o.cut > 0) {
            params.cut_side = o.cut;
            if (noc_eval_cut(&t, o.cut, o.seed, &params.cut_links, &params.cut_exact, &ctx) != NOC_OK) {
                status = cli_fail_in(o.topo, &ctx);
                goto cleanup;
            }
        }
        m.params = &params;
    }
    if (noc_metrics_write(&m, &t, o.format, o.loads ? NOC_METRICS_LOADS : 0, &out, &ctx) != NOC_OK ||
        noc_write_file(o.out ? o.out : "-", out.data, out.len, &ctx) != NOC_OK)
        goto fail;
    goto cleanup;
fail:
    status = cli_fail(&ctx);
cleanup:
    noc_buf_free(&out);
    noc_metrics_free(&m);
    if (have_tr)
        noc_traffic_free(&tr);
    if (have_topo)
        noc_topo_free(&t);
    return status;
}
