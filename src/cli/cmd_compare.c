/* nocsyn compare APP [--baselines LIST] [--methods LIST] -o DIR (docs/INTERFACE.md section 3.4) */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/explore.h"
#include "nocsyn/package.h"
#include "nocsyn/sim.h"
#include "nocsyn/units.h"

static const char compare_help[] =
    "usage: nocsyn compare APP [--methods LIST] [--baselines LIST] [options] -o DIR\n"
    "\n"
    "Design-space exploration: synthesizes the app with each method (its chosen\n"
    "design), maps the app onto each regular baseline sized to fit (cores placed\n"
    "by the auto mapping: greedy, pairwise swaps, annealing, minimising\n"
    "bandwidth x hops), evaluates every design on the app's traffic under its own\n"
    "routing (synthesized: table; mesh, torus, cmesh, flatfly: dimension order;\n"
    "butterfly: destination tag; hring: up*-down*; clos, fattree: table routes\n"
    "balancing the app's flows over the up paths: per flow, heaviest first, the\n"
    "minimal path of least bottleneck load), with the ECMP and\n"
    "ideal (GLPK LP) loads beside, and power/area from the tech model.  On large\n"
    "networks (an LP of 20k nonzeros or more, at least 16 per app flow) the ideal\n"
    "load comes from column generation over minimal paths, within 1e-6 (relative)\n"
    "of the LP's optimum by the LP dual bound (else the LP itself is solved).\n"
    "\n"
    "Every design, baselines included, is held to the same constraints: each\n"
    "flow's max_hops and max_latency_ns, --max-radix, the clock its largest router\n"
    "closes at, --max-util of every channel (core links included) and deadlock\n"
    "freedom. The violations column (summary.csv, stdout) names those it breaks\n"
    "(max_hops;radix;timing;capacity;latency;deadlock), 'violates:' lines and the\n"
    "report say by how much; such a design is never best nor Pareto. Methods and\n"
    "baselines that cannot be built are listed as 'skipped:' with the reason.\n"
    "\n"
    "Options:\n"
    "  APP                  app graph (CSV or DOT); '-' reads it from stdin\n"
    "  -o, --out DIR        output directory (created if missing)\n"
    "  --methods LIST       synthesis methods, comma separated\n"
    "                       (default: split,merge,cmesh,hring)\n"
    "  --baselines LIST     default: mesh,torus,cmesh,hring,flatfly,clos,fattree,butterfly\n"
    "                       (cmesh: 4 cores share a router port; cmesh-private:\n"
    "                       a port each); also any generator spec gen:FAMILY:PARAMS\n"
    "                       with at least as many terminals as the app has cores\n"
    "                       (e.g. gen:mesh:dims=8x4; named mesh_dims_8x4, routed as\n"
    "                       the registry's baseline of its family, else up*-down*)\n"
    "  --max-radix R        switch ports for synthesis (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_RADIX) "; 0 = none)\n"
    "  --freq F             clock in MHz (default " NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ) "): a value, a range A:B:STEP or a\n"
    "                       list a,b,c\n"
    "  --link-width W       link width in bits (default " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) "): a value, range or list\n"
    "                       Every design gets the same search over the (frequency,\n"
    "                       width) grid: synthesis builds at every pair (see 'nocsyn\n"
    "                       synth --help'), each baseline is priced at every pair;\n"
    "                       of the pairs where its largest router closes timing\n"
    "                       ('nocsyn tech'), its links stay within --max-util and\n"
    "                       every flow meets its max_latency_ns, --choose takes one\n"
    "                       (least power by default); without one, the pair\n"
    "                       breaking the fewest of the three is reported violating\n"
    "  --wire-budget W      equal wiring: every baseline gets the link width that puts\n"
    "                       W wires across its bisection (bisection links x width, a\n"
    "                       bidirectional link twice), rounded down, at least 1: a\n"
    "                       torus gets half a mesh's width; replaces --link-width\n"
    "                       for the baselines (synthesized designs keep theirs)\n"
    "  --max-util U         usable fraction of every link's capacity (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_UTIL) ")\n"
    "  --packet-bits B      packet size for the latency's serialization (default " NOC_UNITS_STR(NOC_DEFAULT_PACKET_BITS) ")\n"
    "  --floorplan FILE     core positions/sizes (default: min-cut floorplan)\n"
    "  --tech FILE          power/area model overrides (key = value)\n"
    "  --seed S             seed for METIS and the mapping (default 1)\n"
    "  --app-format F       csv or dot (default: by extension)\n"
    "  --bw-scale F         multiply every flow's bandwidth by F to get MB/s, for\n"
    "                       apps in other units (default 1); e.g. MMS weights:\n"
    "                       --bw-scale 0.1"

    "  --no-ideal           skip the ideal-routing LP (ideal_load_mbps left empty)\n"
    "  --pareto-tol P,L,A,R relative tolerances of the Pareto front on power, latency,\n"
    "                       area and largest radix (default " NOC_PARETO_TOL_DEFAULT "): a\n"
    "                       design beats another only by more than the tolerance in\n"
    "                       one figure while no worse beyond it in the others; 'inf'\n"
    "                       drops a figure.  Identical designs (same four figures)\n"
    "                       are marked once: the later ones say 'same as FIRST'\n"
    "  --choose RULE        the chosen design, of each method and of the comparison\n"
    "                       (marked 'chosen'): power (default: least power, ties\n"
    "                       lower latency), latency (least latency), weighted[:WP,WL]\n"
    "                       (least WP x power/min + WL x latency/min, default 1,1),\n"
    "                       knee (the power-latency front's design farthest below the\n"
    "                       line between its two ends, axes normalised; least power\n"
    "                       with fewer than 3 front designs)\n"
    "  --simulate           also simulate every design cycle by cycle (its own routing,\n"
    "                       the app's traffic swept in load): latency-load curves,\n"
    "                       saturation and headroom in the report and summary.csv;\n"
    "                       the router simulated is the one priced: the tech's VCs\n"
    "                       (2), flits per VC (4), stages (3) and packets of\n"
    "                       ceil(packet bits / width) flits, so sim_zero_load is\n"
    "                       the model's latency_avg_cycles\n"
    "  --sim-cycles N       measured cycles per load point (default " NOC_UNITS_STR(NOC_SIM_SWEEP_CYCLES) ")\n"
    "  --package FILE       also a multi-die design over this package (docs/INTERFACE.md\n"
    "                       1.4, 'nocsyn package'): its chosen design and the\n"
    "                       baselines 'mesh_bridged' (each die a mesh, the same D2D\n"
    "                       modules) and, for chiplets, 'mesh_interposer' (each die\n"
    "                       a mesh joined to a mesh on the interposer), D2D energy,\n"
    "                       leakage, area and latency included,\n"
    "                       the package swept over the whole grid, its baselines\n"
    "                       at the chosen design's clock and width\n"
    "  -q, --quiet          no table on stdout, no progress line\n"
    "                       (the progress line shows on a terminal after 1 s)\n"
    "\n"
    "Baseline sizing for C cores:\n";

static int usage_bad(const char *opt, const char *v)
{
    return cli_usage("%s: bad value '%s' (see 'nocsyn compare --help')", opt, v);
}

enum { O_METHODS = 256, O_BASES, O_RADIX, O_WIDTH, O_FREQ, O_FP, O_TECH, O_SEED, O_NOIDEAL, O_SIM, O_SIMCYC,
       O_APPFMT, O_UTIL, O_PKT, O_WIRE, O_PACKAGE, O_PTOL, O_CHOOSE, O_BWS };

int cmd_compare(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_help(compare_help);
        const char *n, *r, *rt;
        for (int i = 0; noc_baseline_info(i, &n, &r, &rt) == 0; i++)
            printf("  %-10s %s; routing %s\n", n, r, rt);
        printf("\nWrites DIR/summary.csv, DIR/report.md, DIR/report.html (self-contained) and\n"
               "every design's files (D.dot, D.svg, D.json, D.routes.csv, D.place.csv, D.anynet),\n"
               "all or nothing, replacing the previous run's set (listed in DIR/.nocsyn-files;\n"
               "other files stay, such as a floorplan kept in DIR).  Every design is priced on\n"
               "the one legal layout its DEF hands off (see 'nocsyn synth --help', Layout); the\n"
               "die (die_mm2, the DEF's DIEAREA) and core_util are columns of summary.csv.\n"
               "Exit: 0 at least one design compared (a skipped method or baseline is a note);\n"
               "1 none; 2 bad input or usage.\n");
        return 0;
    }
    static const struct option opts[] = {
        {"out", required_argument, NULL, 'o'},        {"methods", required_argument, NULL, O_METHODS},
        {"baselines", required_argument, NULL, O_BASES}, {"max-radix", required_argument, NULL, O_RADIX},
        CLI_OPT_LINK_WIDTH(O_WIDTH),                  CLI_OPT_FREQ(O_FREQ),
        {"floorplan", required_argument, NULL, O_FP}, {"tech", required_argument, NULL, O_TECH},
        {"seed", required_argument, NULL, O_SEED},    {"no-ideal", no_argument, NULL, O_NOIDEAL},
        {"simulate", no_argument, NULL, O_SIM},       {"sim-cycles", required_argument, NULL, O_SIMCYC},
        {"quiet", no_argument, NULL, 'q'},            {"app-format", required_argument, NULL, O_APPFMT},
        {"max-util", required_argument, NULL, O_UTIL}, {"packet-bits", required_argument, NULL, O_PKT},
        {"wire-budget", required_argument, NULL, O_WIRE}, {"package", required_argument, NULL, O_PACKAGE},
        {"pareto-tol", required_argument, NULL, O_PTOL},  {"choose", required_argument, NULL, O_CHOOSE},
        CLI_OPT_BW_SCALE(O_BWS),
        {NULL, 0, NULL, 0}};
    struct noc_compare_opts co;
    noc_compare_opts_init(&co);
    const char *out = NULL, *fp = NULL, *tech = NULL, *appfmt = NULL, *pkgpath = NULL;
    int quiet = 0, c;
    long l;
    double pkt_bits = 0, bw_scale = 1;
    /* The exact command line, for the report. */
    struct noc_buf cmd;
    noc_buf_init(&cmd);
    noc_buf_printf(&cmd, "nocsyn");
    for (int i = 0; i < argc; i++)
        noc_buf_printf(&cmd, " %s", argv[i]);
    optind = 1;
    opterr = 0;
    int code = 0;
    while ((c = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'q': quiet = 1; break;
        case O_METHODS: co.methods = optarg; break;
        case O_BASES: co.baselines = optarg; break;
        case O_RADIX:
            if (noc_parse_int(optarg, 0, 1000000, &l)) { code = usage_bad("--max-radix", optarg); goto done; }
            co.synth.max_radix = (int)l;
            break;
        case O_WIDTH:
            if ((code = cli_grid_width(optarg, &co.synth)))
                goto done;
            break;
        case O_FREQ:
            if ((code = cli_grid_freq(optarg, &co.synth)))
                goto done;
            break;
        case O_UTIL: {
            double u;
            if (noc_parse_double(optarg, &u) || !(u > 0 && u <= 1)) { code = usage_bad("--max-util", optarg); goto done; }
            co.synth.max_util = u;
            break;
        }
        case O_PKT: {
            double pb;
            if (noc_parse_double(optarg, &pb) || !(pb >= 1) || pb != floor(pb) || pb > 1e6) { code = usage_bad("--packet-bits", optarg); goto done; }
            pkt_bits = pb;
            break;
        }
        case O_BWS:
            if (cli_bw_scale("compare", optarg, &bw_scale)) { code = 2; goto done; }
            break;
        case O_WIRE:
            if (noc_parse_int(optarg, 1, 100000000L, &l)) { code = usage_bad("--wire-budget", optarg); goto done; }
            co.wire_budget = (double)l;
            break;
        case O_FP: fp = optarg; break;
        case O_PACKAGE: pkgpath = optarg; break;
        case O_APPFMT: appfmt = optarg; break;
        case O_TECH: tech = optarg; break;
        case O_SEED:
            if (noc_parse_int(optarg, 0, 2147483647L, &l)) { code = usage_bad("--seed", optarg); goto done; }
            co.synth.seed = (unsigned)l;
            co.sim.seed = (uint64_t)l;
            break;
        case O_NOIDEAL: co.ideal = 0; break;
        case O_PTOL:
        case O_CHOOSE: {
            struct noc_ctx pctx;
            noc_ctx_init(&pctx);
            if (noc_pareto_opts_parse(&co.synth.pick, c == O_PTOL ? optarg : NULL, c == O_CHOOSE ? optarg : NULL,
                                      &pctx)) {
                code = cli_usage("%s", pctx.msg);
                goto done;
            }
            break;
        }
        case O_SIM: co.simulate = 1; break;
        case O_SIMCYC:
            if (noc_parse_int(optarg, 1, 100000000L, &l)) { code = usage_bad("--sim-cycles", optarg); goto done; }
            co.sim.cycles = l;
            break;
        case ':': code = cli_usage("option %s needs a value", argv[optind - 1]); goto done;
        default: code = cli_usage("unknown option '%s' (see 'nocsyn compare --help')", argv[optind - 1]); goto done;
        }
    }
    if (optind != argc - 1) {
        code = cli_usage("compare needs exactly one APP file (see 'nocsyn compare --help')");
        goto done;
    }
    if (!out) {
        code = cli_usage("compare needs -o DIR");
        goto done;
    }
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_app app;
    struct noc_compare cmp;
    noc_app_init(&app);
    noc_compare_init(&cmp);
    const char *apppath = argv[optind];
    struct noc_package pkg;
    noc_package_init(&pkg);
    int rc = noc_app_read(&app, apppath, appfmt, &ctx);
    if (rc == NOC_OK && pkgpath && (rc = noc_package_read(&pkg, pkgpath, &ctx)) == NOC_OK)
        co.package = &pkg;
    if (rc == NOC_OK)
        rc = noc_app_scale_bw(&app, bw_scale, apppath, &ctx);
    if (rc == NOC_OK)
        rc = noc_tech_setup(&co.synth.tech, tech, pkt_bits, &ctx);
    if (rc == NOC_OK && fp)
        rc = noc_floorplan_read(&app, fp, &ctx);
    int placed = 0;
    for (int i = 0; rc == NOC_OK && i < app.ncores; i++)
        placed += app.cores[i].has_pos;
    co.synth.free_floorplan = !placed; /* ours to change: co-synthesis may move cores */
    if (rc == NOC_OK)
        rc = noc_floorplan_place(&app, fp, apppath, co.synth.seed, &ctx);
    struct cli_progress prog;
    cli_progress_init(&prog, "compare: designs", quiet);
    co.progress = cli_progress;
    co.progress_ud = &prog;
    const char *where = NULL;
    if (rc == NOC_OK && (rc = noc_compare_run(&app, apppath, &co, &cmp, &ctx)) != NOC_OK)
        where = apppath; /* the message names flows and cores of the app */
    if (rc == NOC_OK && cmp.n == 0)
        rc = noc_error(&ctx, NOC_EINFEASIBLE, apppath, 0,
                       "no design to compare: every method and baseline was skipped");
    /* All or nothing: stage every file, then move them into place. */
    struct cli_stage stage;
    int staged = 0;
    if (rc == NOC_OK && (rc = cli_stage_open(out, &stage, &ctx)) == NOC_OK)
        staged = 1;
    if (rc == NOC_OK)
        rc = noc_compare_write(&cmp, &app, stage.path, cmd.data, &co.synth.tech, noc_synth_capacity(&co.synth),
                               &ctx);
    if (staged)
        rc = rc == NOC_OK ? cli_stage_commit(&stage, &ctx) : (cli_stage_abort(&stage), rc);
    if (rc == NOC_OK && !quiet) {
        int w = 12;
        for (int i = 0; i < cmp.n; i++)
            w = (int)strlen(cmp.e[i].d.name) > w ? (int)strlen(cmp.e[i].d.name) : w;
        printf("%-*s %-9s %7s %6s %5s %8s %10s %9s %9s %5s %6s %5s %8s %8s  %s\n", w, "design", "routing", "routers",
               "links", "radix", "hops_avg", "load_mbps", "power_mw", "area_mm2", "dlfree", "MHz", "width", "lat_ns",
               "max_util", "violations");
        for (int i = 0; i < cmp.n; i++) {
            const struct noc_entry *e = &cmp.e[i];
            printf("%-*s %-9s %7d %6d %5d %8.3f %10.4g %9.3f %9.4f %5s %6g %5g %8.2f %8.3f  %s%s%s%s%s\n", w, e->d.name,
                   e->routing, e->d.m.routers, e->d.m.links, e->d.m.radix_max, e->d.m.hops_avg, e->d.m.max_channel_load_mbps,
                   e->d.power_mw, e->d.area_mm2, e->d.m.deadlock_free > 0 ? "yes" : "no", e->d.freq_mhz, e->d.link_width,
                   e->d.lat_avg_ns, e->d.m.max_utilization, e->violations[0] ? e->violations : "-",
                   e->d.pareto ? "  pareto" : "", i == cmp.chosen ? "  chosen" : "",
                   e->d.same_as[0] ? "  same as " : "", e->d.same_as);
        }
        for (int i = 0; i < cmp.n; i++)
            if (cmp.e[i].violations[0])
                printf("violates: %s: %s\n", cmp.e[i].d.name, cmp.e[i].violation_text);
        for (int i = 0; i < cmp.nskip; i++)
            printf("skipped: %s %s: %s\n", !strcmp(cmp.skip[i].kind, "synth") ? "method" : "baseline",
                   cmp.skip[i].name, cmp.skip[i].reason);
        printf("report: %s/report.html\n", out);
    }
    code = rc && where ? cli_fail_in(where, &ctx) : rc ? cli_fail(&ctx) : 0;
    noc_compare_free(&cmp);
    noc_app_free(&app);
    noc_package_free(&pkg);
done:
    noc_buf_free(&cmd);
    return code;
}
