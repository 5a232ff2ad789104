/* nocsyn sim TOPOLOGY [options] (docs/INTERFACE.md section 3.10): cycle-level simulation of
 * the network under a traffic pattern, one load or a sweep with a
 * saturation search; a table, JSON and an SVG latency-load plot. */
#define _DEFAULT_SOURCE
#include "cli.h"

#include "nocsyn/app.h"
#include "nocsyn/route.h"
#include "nocsyn/sim.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn sim TOPOLOGY [--traffic T] [--routing R] [--adaptive]\n"
    "                  [--rate R | --sweep [A:B:STEP]]\n"
    "                  [--vcs V] [--buf FLITS] [--packet FLITS|SHORT,LONG,P]\n"
    "                  [--inject bernoulli|poisson|onoff] [--burst PACKETS]\n"
    "                  [--flow wormhole|vct|drop|deflect] [--resend]\n"
    "                  [--router-delay CYCLES] [--booksim-loop] [--booksim-alloc]\n"
    "                  [--credit-delay CYCLES] [--mm-per-cycle MM] [--warmup CYCLES]\n"
    "                  [--cycles CYCLES] [--batch CYCLES] [--tolerance X]\n"
    "                  [--deadlock-cycles CYCLES] [--recover CYCLES] [--seed S]\n"
    "                  [--threads N]\n"
    "                  [--map M] [--capacity MBPS] [--channels]\n"
    "                  [--format json|text] [--plot FILE.svg] [-o FILE]\n"
    "\n"
    "Cycle-level, flit-level simulation: input-queued routers with virtual\n"
    "channels and credit-based flow control, separable input-first VC and switch\n"
    "allocators (round robin), a configurable router pipeline, link latency from\n"
    "wire length.  Prints per offered load the accepted throughput, the average\n"
    "and 99th-percentile packet latency and whether the network was stable; with\n"
    "a sweep, the saturation throughput; and the zero-load latency.\n"
    "A shared concentrator port (DOT shared_port=1, gen cmesh share=1) lets one\n"
    "flit per cycle into the router from its terminals (round robin) and one\n"
    "per cycle out to them; it adds no cycle (wormhole and vct only).\n"
    "TOPOLOGY is a file (.dot, .gv, .anynet), - (stdin) or gen:FAMILY:P=V,...\n"
    "\n"
    "Traffic and routing:\n"
    "  --traffic T       pattern as for eval (default uniform): uniform, bitcomp,\n"
    "                    bitrev, transpose, shuffle, tornado, neighbor,\n"
    "                    randperm:SEED, hotspot:RATE[:T], local:RADIUS:RATE,\n"
    "                    fft3d:PxQ:PHASE,\n"
    "                    perm:FUNC, app:FILE.  A terminal offers RATE x its row sum\n"
    "                    (rows are relative to 1 per terminal) and draws each\n"
    "                    packet's destination from its row.\n"
    "  --routing R       dor, updown, nca, desttag, table, westfirst, oddeven, duato\n"
    "                    or ecmp (a minimal path drawn at random per packet; not\n"
    "                    deadlock free in general).  westfirst/oddeven (2-D\n"
    "                    meshes): one of the turn model's allowed minimal paths\n"
    "                    per packet, drawn with the equal-split weights; with\n"
    "                    --adaptive chosen hop by hop instead.  duato (2-D\n"
    "                    meshes, --vcs >= 2, always hop by hop): Duato's fully\n"
    "                    adaptive minimal routing, VCs 1..V-1 on every productive\n"
    "                    direction, VC 0 the escape channel under dor (taken when\n"
    "                    no adaptive VC is free; a packet on it stays on it).\n"
    "                    Default: the first of table (when the topology's stored\n"
    "                    routes cover every pair with traffic: a synthesized\n"
    "                    design's own routes), dor, desttag, updown that applies;\n"
    "                    fat trees and Clos (gen families fattree, clos): table,\n"
    "                    then nca (load spread over the up paths), then the rest.\n"
    "                    Paths are chosen at the source (except --adaptive,\n"
    "                    duato).  dor on tori and rings\n"
    "                    with --vcs >= 2 uses dateline classes as BookSim2 does:\n"
    "                    VCs [V/2, V) for the whole of a dimension's run that\n"
    "                    will take its wraparound link, [0, V/2) otherwise.\n"
    "  --adaptive        westfirst, oddeven: route hop by hop -- at VC allocation\n"
    "                    in every router, among the next hops the model allows,\n"
    "                    the output with the most free credits (summed over its\n"
    "                    VCs) that has a free VC, then its VC with the most\n"
    "                    credits; ties to x before y.  Reports \"hops_avg\" and\n"
    "                    \"nonminimal\" (packets longer than a shortest path).\n"
    "  --map M           app traffic: placement of cores on terminals (as eval)\n"
    "  --capacity MBPS   app traffic: link capacity (default: width x freq / 8 of\n"
    "                    the topology when known)\n"
    "\n"
    "Load:\n"
    "  --rate R          offered flits per terminal per cycle, 0 < R <= 1.  With\n"
    "                    app traffic: flits per cycle of the busiest core (every\n"
    "                    flow scales with it); default there, when the capacity is\n"
    "                    known: the app's own rate (busiest core's MB/s / capacity)\n"
    "  --sweep [A:B:STEP] offered loads A, A+STEP, ... <= B (default " CLI_SWEEP_DEFAULT "),\n"
    "                    stopping after the first unstable load, then a search for\n"
    "                    the saturation (rounds of 3 loads down to STEP/16).  The\n"
    "                    default when neither --rate nor --sweep is given.\n"
    "  --inject P        bernoulli (default), poisson, or onoff (bursts at full\n"
    "                    link rate, --burst packets long on average, default 8)\n"
    "  --packet L        packet length in flits (default 1), or SHORT,LONG,P: a\n"
    "                    bimodal mix with a fraction P of short packets\n"
    "\n"
    "Router and flow control:\n"
    "  --vcs V           virtual channels per channel (default 4)\n"
    "  --buf FLITS       buffer per VC (default 8)\n"
    "  --flow F          wormhole (default), vct (virtual cut-through: a VC is\n"
    "                    allocated only with room for the whole packet), or drop\n"
    "                    (no VCs or credits: a head that finds its output busy or\n"
    "                    loses arbitration is dropped with its packet), or\n"
    "                    deflect (bufferless hot-potato routing, BLESS: every\n"
    "                    flit leaves a router D cycles after arriving, oldest\n"
    "                    first, on its ejection channel, else a free productive\n"
    "                    output -- closer by hop distance -- else any free one\n"
    "                    (deflected); a terminal injects only when an output is\n"
    "                    free; single-flit packets; routers need as many\n"
    "                    outputs as inputs; --routing is not used; reports\n"
    "                    \"deflections\", hops and the flit accounting)\n"
    "  --resend          drop: dropped packets are sent again by their source\n"
    "  --router-delay D  zero-load cycles of a head flit in a router (default 3):\n"
    "                    VC allocation in cycle D-2 after arrival, switch\n"
    "                    allocation in cycle D-1, one cycle of switch traversal\n"
    "  --credit-delay C  cycles a credit takes beyond the wire (default 2)\n"
    "  --booksim-loop    BookSim2's credit loop (router delay >= 2): a credit\n"
    "                    reaches the upstream router one cycle later and a body\n"
    "                    flit may win the switch one cycle sooner after arrival,\n"
    "                    so a buffer slot turns over in 8 cycles for a head\n"
    "                    flit, 7 for a body flit (default: 7 for both, as the\n"
    "                    generated RTL)\n"
    "  --booksim-alloc   BookSim2's switch allocator input stage: an input port\n"
    "                    picks among the output ports its VCs ask for, round\n"
    "                    robin over the router's outputs (each output's VC by\n"
    "                    the VC round robin), instead of round robin over its\n"
    "                    VCs (the default, as the generated RTL); it matters\n"
    "                    only under contention (wormhole, vct)\n"
    "  --mm-per-cycle X  link latency = max(1, ceil(length_mm / X)) when lengths or\n"
    "                    positions are known, else 1 cycle.  Default: a channel's\n"
    "                    own latency (designs written by synth and compare carry\n"
    "                    it), else the tech model's wire delay (100 ps/mm) at the\n"
    "                    topology's clock freq_mhz (X = 10 mm at 1000 MHz: the\n"
    "                    pipelining of links.csv), else X = 2\n"
    "\n"
    "Measurement:\n"
    "  --warmup C        warm-up cycles (default 2000)\n"
    "  --cycles C        most measured cycles per load (default 20000)\n"
    "  --batch C         measurement stops when throughput and mean latency change\n"
    "  --tolerance X     by at most X (default 0.01) between batches of C cycles\n"
    "                    (default 1000; at least 3 batches)\n"
    "  --deadlock-cycles C  deadlock: flits wait and none moved for C cycles\n"
    "                    (default 2000) -- an error (exit 1)\n"
    "  --recover T       deadlock recovery by abort-and-retry: a packet in the\n"
    "                    network none of whose flits moved for T cycles (checked\n"
    "                    every T/8) is removed (flits freed, VCs released) and\n"
    "                    queued again at its source after a back-off drawn from\n"
    "                    1..T cycles; T < --deadlock-cycles, not with --flow drop.\n"
    "                    Reports \"aborted\" packets and the flit accounting\n"
    "                    (created, injected, ejected, dropped = aborted copies'\n"
    "                    flits, in flight, queued)\n"
    "  --seed S          random seed (default 1); each load has its own generator,\n"
    "                    so results do not depend on --threads\n"
    "  --threads N       loads simulated in parallel (default 0 = every core)\n"
    "  --channels        also report the utilisation of every channel\n"
    "\n"
    "Output:\n"
    "  --format F        json (default) or text\n"
    "  --plot FILE.svg   write the latency-load plot\n"
    "  -o, --output FILE write the JSON / text to FILE instead of stdout\n"
    "JSON: {\"points\": [{\"offered\", \"accepted\", \"latency_avg\", \"latency_p99\",\n"
    "\"stable\", \"packets\", \"cycles\", \"flows\" (app traffic), \"channels\"}, ...],\n"
    "\"saturation\", \"saturation_found\", \"zero_load_latency\", ...}.  accepted is in\n"
    "the unit of offered (delivered flits per cycle / sum of the traffic's rows);\n"
    "latency = tail arrival - packet creation, in cycles.  stable: the network\n"
    "sustained the load: every measured packet delivered, and the backlog (flits\n"
    "created, not yet delivered) grew over the window, by its least-squares\n"
    "trend, by at most 0.5% of the flits created + one packet per terminal;\n"
    "converged: the estimate met --tolerance before --cycles.\n"
    "\n"
    "Examples:\n"
    "  nocsyn sim gen:mesh:k=8,n=2 --routing dor --sweep --format text\n"
    "  nocsyn sim gen:torus:k=4,n=2 --routing dor --vcs 2 --rate 0.2\n"
    "  nocsyn sim gen:butterfly:k=4,n=3 --flow drop --rate 0.8\n"
    "  nocsyn sim gen:mesh:k=8,n=2 --routing oddeven --adaptive --traffic transpose\n"
    "  nocsyn sim gen:ring:k=8 --routing dor --vcs 1 --packet 4 --recover 100 --rate 0.1\n"
    "  nocsyn sim design.dot --routing table --traffic app:vopd.csv\n"
    "\n"
    "Exit status: 0 success; 1 deadlock detected, a pair with traffic has no path,\n"
    "or an app that needs more than the link capacity; 2 bad input or usage\n"
    "(rates outside (0, 1], zero buffers or cycles, a routing that does not\n"
    "apply to the topology).\n";

struct sim_cli {
    const char *topo, *traffic, *routing, *map, *out, *plot;
    int text, sweep, have_rate;
    double rate, a, b, step, capacity;
    struct noc_sim_opts so;
};

static int parse_sweep(const char *s, struct sim_cli *o)
{
    char buf[128];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    char *p1 = strchr(buf, ':'), *p2 = p1 ? strchr(p1 + 1, ':') : NULL;
    if (!p1 || !p2)
        return -1;
    *p1 = *p2 = '\0';
    if (noc_parse_double(buf, &o->a) || noc_parse_double(p1 + 1, &o->b) || noc_parse_double(p2 + 1, &o->step))
        return -1;
    if (!(o->a > 0 && o->a <= o->b && o->b <= 1 && o->step > 0))
        return -1;
    return 0;
}

static int parse_packet(const char *s, struct noc_sim_opts *so)
{
    long v;
    if (!strchr(s, ',')) {
        if (noc_parse_int(s, 1, 65536, &v))
            return -1;
        so->pkt_short = so->pkt_long = (int)v;
        so->pkt_pshort = 1;
        return 0;
    }
    char buf[96];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    char *c1 = strchr(buf, ','), *c2 = strchr(c1 + 1, ',');
    if (!c2)
        return -1;
    *c1 = *c2 = '\0';
    long a, b;
    double p;
    if (noc_parse_int(buf, 1, 65536, &a) || noc_parse_int(c1 + 1, 1, 65536, &b) ||
        noc_parse_double(c2 + 1, &p) || !(p >= 0 && p <= 1))
        return -1;
    so->pkt_short = (int)a;
    so->pkt_long = (int)b;
    so->pkt_pshort = p;
    return 0;
}

static int num_opt(const char *name, const char *arg, long lo, long hi, long *v)
{
    if (noc_parse_int(arg, lo, hi, v))
        return cli_usage("sim: --%s must be an integer in %ld..%ld, not '%s'", name, lo, hi, arg);
    return 0;
}

static int parse_opts(int argc, char **argv, struct sim_cli *o)
{
    static const struct option longopts[] = {
        {"traffic", required_argument, NULL, 'T'},    {"routing", required_argument, NULL, 'r'},
        {"rate", required_argument, NULL, 'R'},       {"sweep", optional_argument, NULL, 'S'},
        {"vcs", required_argument, NULL, 'v'},        {"buf", required_argument, NULL, 'b'},
        {"packet", required_argument, NULL, 'p'},     {"inject", required_argument, NULL, 'i'},
        {"burst", required_argument, NULL, 'u'},      {"flow", required_argument, NULL, 'F'},
        {"resend", no_argument, NULL, 'X'},           {"router-delay", required_argument, NULL, 'D'},
        {"credit-delay", required_argument, NULL, 'C'}, {"mm-per-cycle", required_argument, NULL, 'M'},
        {"warmup", required_argument, NULL, 'w'},     {"cycles", required_argument, NULL, 'c'},
        {"batch", required_argument, NULL, 'B'},      {"tolerance", required_argument, NULL, 't'},
        {"deadlock-cycles", required_argument, NULL, 'K'}, {"seed", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 'j'},    {"map", required_argument, NULL, 'm'},
        {"capacity", required_argument, NULL, 'P'},   {"channels", no_argument, NULL, 'H'},
        {"format", required_argument, NULL, 'f'},     {"plot", required_argument, NULL, 'g'},
        {"output", required_argument, NULL, 'o'},     {"adaptive", no_argument, NULL, 'A'},
        {"recover", required_argument, NULL, 'Y'},    {"booksim-loop", no_argument, NULL, 'L'},
        {"booksim-alloc", no_argument, NULL, 'Q'},
        {NULL, 0, NULL, 0},
    };
    long v;
    double d;
    int rc;
    memset(o, 0, sizeof *o);
    noc_sim_opts_init(&o->so);
    o->traffic = "uniform";
    o->a = NOC_SIM_SWEEP_FROM;
    o->b = NOC_SIM_SWEEP_TO;
    o->step = NOC_SIM_SWEEP_STEP;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
        switch (c) {
        case 'T': o->traffic = optarg; break;
        case 'r': o->routing = optarg; break;
        case 'm': o->map = optarg; break;
        case 'o': o->out = optarg; break;
        case 'g': o->plot = optarg; break;
        case 'X': o->so.resend = 1; break;
        case 'H': o->so.channels = 1; break;
        case 'A': o->so.adaptive = 1; break;
        case 'L': o->so.booksim_loop = 1; break;
        case 'Q': o->so.booksim_alloc = 1; break;
        case 'Y': if ((rc = num_opt("recover", optarg, 1, 500000000L, &v))) return rc; o->so.recover = v; break;
        case 'R':
            if (noc_parse_double(optarg, &o->rate) || !(o->rate > 0 && o->rate <= 1))
                return cli_usage("sim: --rate must be a number in (0, 1], not '%s'", optarg);
            o->have_rate = 1;
            break;
        case 'S': {
            const char *arg = optarg;
            /* --sweep A:B:STEP (a separate word that looks like a range) */
            if (!arg && optind < argc && strchr(argv[optind], ':') &&
                (argv[optind][0] == '.' || (argv[optind][0] >= '0' && argv[optind][0] <= '9')))
                arg = argv[optind++];
            if (arg && parse_sweep(arg, o))
                return cli_usage("sim: --sweep wants A:B:STEP with 0 < A <= B <= 1 and STEP > 0, not '%s'", arg);
            o->sweep = 1;
            break;
        }
        case 'v': if ((rc = num_opt("vcs", optarg, 1, 64, &v))) return rc; o->so.vcs = (int)v; break;
        case 'b': if ((rc = num_opt("buf", optarg, 1, 65536, &v))) return rc; o->so.buf = (int)v; break;
        case 'D': if ((rc = num_opt("router-delay", optarg, 1, 1000, &v))) return rc; o->so.router_delay = (int)v; break;
        case 'C': if ((rc = num_opt("credit-delay", optarg, 0, 1000, &v))) return rc; o->so.credit_delay = (int)v; break;
        case 'w': if ((rc = num_opt("warmup", optarg, 0, 500000000L, &v))) return rc; o->so.warmup = v; break;
        case 'c': if ((rc = num_opt("cycles", optarg, 1, 500000000L, &v))) return rc; o->so.cycles = v; break;
        case 'B': if ((rc = num_opt("batch", optarg, 1, 500000000L, &v))) return rc; o->so.batch = v; break;
        case 'K': if ((rc = num_opt("deadlock-cycles", optarg, 1, 500000000L, &v))) return rc; o->so.deadlock_cycles = v; break;
        case 'j': if ((rc = num_opt("threads", optarg, 0, 1024, &v))) return rc; o->so.threads = (int)v; break;
        case 's': if ((rc = num_opt("seed", optarg, 0, 0x7fffffffL, &v))) return rc; o->so.seed = (uint64_t)v; break;
        case 'p':
            if (parse_packet(optarg, &o->so))
                return cli_usage("sim: --packet wants FLITS or SHORT,LONG,P (lengths 1..65536, P in [0, 1]), not '%s'", optarg);
            break;
        case 'i':
            if (noc_sim_inject_parse(optarg, &o->so.inject))
                return cli_usage("sim: --inject must be bernoulli, poisson or onoff, not '%s'", optarg);
            break;
        case 'F':
            if (noc_sim_flow_parse(optarg, &o->so.flow))
                return cli_usage("sim: --flow must be wormhole, vct or drop, not '%s'", optarg);
            break;
        case 'u':
            if (noc_parse_double(optarg, &d) || !(d >= 1 && d <= 1e6))
                return cli_usage("sim: --burst must be a number of packets in 1..1e6, not '%s'", optarg);
            o->so.burst = d;
            break;
        case 'M':
            if (noc_parse_double(optarg, &d) || !(d > 0))
                return cli_usage("sim: --mm-per-cycle must be a number > 0, not '%s'", optarg);
            o->so.mm_per_cycle = d;
            break;
        case 't':
            if (noc_parse_double(optarg, &d) || !(d > 0 && d < 1))
                return cli_usage("sim: --tolerance must be a number in (0, 1), not '%s'", optarg);
            o->so.tolerance = d;
            break;
        case 'P':
            if (noc_parse_double(optarg, &o->capacity) || !(o->capacity > 0))
                return cli_usage("sim: --capacity must be a number > 0 (MB/s), not '%s'", optarg);
            break;
        case 'f':
            if (!strcmp(optarg, "json") || !strcmp(optarg, "text"))
                o->text = !strcmp(optarg, "text");
            else
                return cli_usage("sim: --format must be json or text, not '%s'", optarg);
            break;
        case ':': return cli_usage("sim: option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("sim: unknown option '%s' (see 'nocsyn sim --help')", argv[optind - 1]);
        }
    }
    if (o->have_rate && o->sweep)
        return cli_usage("sim: give --rate or --sweep, not both");
    if (o->so.resend && o->so.flow != NOC_SIM_DROP)
        return cli_usage("sim: --resend needs --flow drop");
    if (optind >= argc)
        return cli_usage("sim: missing TOPOLOGY (see 'nocsyn sim --help')");
    if (optind + 1 < argc)
        return cli_usage("sim: unexpected argument '%s'", argv[optind + 1]);
    o->topo = argv[optind];
    return 0;
}

/* Terminal labels for app traffic: the core mapped on each terminal. */
static int app_labels(const struct sim_cli *o, const struct noc_traffic *tr, struct noc_app *app,
                      const char ***labels, struct noc_ctx *ctx)
{
    if (strncmp(o->traffic, "app:", 4) || !tr->core_of)
        return NOC_OK;
    int rc = noc_app_read(app, o->traffic + 4, NULL, ctx);
    if (rc != NOC_OK)
        return rc;
    const char **l = noc_calloc(ctx, (size_t)tr->n, sizeof *l);
    if (!l)
        return NOC_ENOMEM;
    for (int i = 0; i < tr->n; i++)
        if (tr->core_of[i] >= 0 && tr->core_of[i] < app->ncores)
            l[i] = app->cores[tr->core_of[i]].name;
    *labels = l;
    return NOC_OK;
}

/* The app's own rate when no load was given and the capacity is known. */
static int app_rate(struct sim_cli *o, const struct noc_topo *t, const struct noc_traffic *tr,
                    struct noc_ctx *ctx)
{
    if (o->have_rate || o->sweep)
        return NOC_OK;
    double r;
    int rc = noc_sim_app_rate(t, tr, o->capacity, &r, ctx);
    if (rc == NOC_OK && r > 0) {
        o->rate = r;
        o->have_rate = 1;
    }
    return rc;
}

int cmd_sim(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    struct sim_cli o;
    int rc = parse_opts(argc, argv, &o);
    if (rc)
        return rc;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_sim sim;
    struct noc_sim_result res;
    struct noc_app app;
    struct noc_buf out, svg;
    const char **labels = NULL;
    int have_topo = 0, have_tr = 0, have_sim = 0, status = 0;
    cli_ctx_init(&ctx);
    ctx.seed = (unsigned)o.so.seed;
    noc_sim_result_init(&res);
    noc_app_init(&app);
    noc_buf_init(&out);
    noc_buf_init(&svg);
    if (o.routing && noc_routing_parse(o.routing, &o.so.routing, &ctx) != NOC_OK)
        goto fail;
    if (cli_load_topology(o.topo, &t, &ctx) != NOC_OK)
        goto fail;
    have_topo = 1;
    if (noc_traffic_make(&tr, &t, o.traffic, o.map, &ctx) != NOC_OK)
        goto fail;
    have_tr = 1;
    if (app_labels(&o, &tr, &app, &labels, &ctx) != NOC_OK || app_rate(&o, &t, &tr, &ctx) != NOC_OK)
        goto fail;
    if (noc_sim_init(&sim, &t, &tr, &o.so, &ctx) != NOC_OK) {
        status = cli_fail_in(o.topo, &ctx);
        goto cleanup;
    }
    have_sim = 1;
    if (o.have_rate ? noc_sim_single(&sim, o.rate, &res, &ctx) != NOC_OK
                    : noc_sim_sweep(&sim, o.a, o.b, o.step, &res, &ctx) != NOC_OK) {
        status = cli_fail_in(o.topo, &ctx);
        goto cleanup;
    }
    const char *name = t.name ? t.name : o.topo;
    if ((o.text ? noc_sim_result_to_text(&sim, &res, name, labels, &out, &ctx)
                : noc_sim_result_to_json(&sim, &res, name, labels, &out, &ctx)) != NOC_OK)
        goto fail;
    if (o.plot) {
        char title[512];
        snprintf(title, sizeof title, "%s, %s traffic, %s routing", name, tr.name ? tr.name : o.traffic,
                 noc_routing_name(sim.routing));
        if (noc_sim_plot_svg(&sim, &res, title, &svg, &ctx) != NOC_OK)
            goto fail;
    }
    const struct cli_out outs[] = {{o.plot, svg.data, svg.len, "--plot"},
                                   {o.out ? o.out : "-", out.data, out.len, o.out ? "-o" : "the report"}};
    if (cli_write_all(outs, 2, &ctx) != NOC_OK)
        goto fail;
    goto cleanup;
fail:
    status = cli_fail(&ctx);
cleanup:
    noc_buf_free(&out);
    noc_buf_free(&svg);
    noc_sim_result_free(&res);
    free(labels);
    noc_app_free(&app);
    if (have_sim)
        noc_sim_free(&sim);
    if (have_tr)
        noc_traffic_free(&tr);
    if (have_topo)
        noc_topo_free(&t);
    return status;
}
