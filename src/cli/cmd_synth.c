/* nocsyn synth APP --method split [options] -o DIR  (docs/INTERFACE.md section 3.3) */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "nocsyn/phys.h"
#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/synth.h"
#include "nocsyn/units.h"

static const char synth_help[] =
    "usage: nocsyn synth APP [--method split|merge|cmesh|hring|all] [options] -o DIR\n"
    "\n"
    "Synthesizes application-specific topologies for APP (CSV or DOT app graph).\n"
    "Every method keeps every flow routed within the link capacity, --max-radix,\n"
    "each flow's max_hops and deadlock freedom; every design is evaluated by the\n"
    "evaluation engine under table routing (its stored routes) on the app's traffic.\n"
    "\n"
    "Methods:\n"
    "  split   min-cut splitting (after SunFloor), for each switch count K: METIS\n"
    "          partitions the cores into K switches, the flows are routed in\n"
    "          decreasing bandwidth opening links as needed (cost: marginal power +\n"
    "          a hop penalty) keeping the channel dependency graph acyclic, and the\n"
    "          switches are placed at the least bandwidth-weighted wire length on\n"
    "          the floorplan (exact, by minimum cuts).  The partition is then\n"
    "          refined (core moves and swaps, each estimated incrementally, the\n"
    "          best few built, kept while the power drops; budget: --effort),\n"
    "          also from two geometric starts (the floorplan bisected, first\n"
    "          along x, then along y); the cheapest result is kept.  A\n"
    "          partition that does not route is tried again with a tree of links\n"
    "          first and, unrefined, from the geometric starts.\n"
    "          Designs split_kK, and non-tree variants split_kK_xJ (K >= 3): J\n"
    "          extra links, each where it saves the most bandwidth x hops without\n"
    "          raising the radix, taken by the flows it shortens (up to 64\n"
    "          cores).  Within the --effort budget (up to 480 cores at 1),\n"
    "          low-latency alternatives of the same K: split_kK_l1 (the\n"
    "          assignment moved to cut less bandwidth between switches) and\n"
    "          split_kK_l2 (from clusters of the heaviest flows' cores; flows\n"
    "          with max_hops or max_latency_ns weigh more), their\n"
    "          variants (_xJ) and radix-growing link variants split_kK_rJ; these\n"
    "          are kept only when no other design dominates them.\n"
    "  merge   a router at each core of the floorplan (--start floorplan, default),\n"
    "          every communicating pair on a direct link; or the cores mapped onto\n"
    "          a near-square mesh (--start mesh: 'auto' mapping, each core in its\n"
    "          mesh tile, XY routes).  Then repeatedly the pair of linked routers\n"
    "          whose merge saves the most power is merged (paths contracted, unused\n"
    "          links dropped, the router at the bandwidth-weighted median of what\n"
    "          it connects) while the constraints hold; stop when no merge saves\n"
    "          power.  Every step is a design: merge_kK (merge_mesh_kK).\n"
    "  cmesh   the cores in groups of at most C (METIS), the groups on the\n"
    "          smallest near-square mesh ('auto' mapping of the group graph),\n"
    "          XY routes; shape MESH with routers r<x+cols*y>, so --routing dor\n"
    "          applies too.  C = --conc, or a sweep over C = 2..8.  Designs cmesh_cC.\n"
    "  hring   local rings of at most L cores (METIS), each ring ordered to least\n"
    "          bandwidth x ring distance, joined by a global ring of one interface\n"
    "          router per local ring.  Shortest ring routes where the dependency\n"
    "          graph stays acyclic, else a turn-restricted ring routing: 1 virtual\n"
    "          channel.  L = --ring-size, or a sweep over L = 2..8.  Designs hring_lL.\n"
    "\n"
    "Options:\n"
    "  -o, --out DIR        output directory (created if missing)\n"
    "  --method M           split (default), merge, cmesh or hring; all: every\n"
    "                       method, one Pareto front and one chosen design over all\n"
    "                       (method options then apply to their own method)\n"
    "  --switches K         split: synthesize for exactly K switches\n"
    "  --sweep [KMIN:KMAX[:STEP]]  split: sweep K (default 1..number of cores, step\n"
    "                       1 up to 128 cores, else ceil(cores/128); KMAX included)\n"
    "  --start S            merge: floorplan (default) or mesh\n"
    "  --conc C             cmesh: cores per router (default: sweep C = 2..8)\n"
    "  --ring-size L        hring: cores per local ring (default: sweep L = 2..8,\n"
    "                       at least two rings)\n"
    "  --max-radix R        ports per switch, cores included (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_RADIX) "; 0 = only the\n"
    "                       timing bound below)\n"
    "  --freq F             clock in MHz (default " NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ) "): one value, a range A:B:STEP\n"
    "                       (e.g. 400:1200:200) or a list a,b,c\n"
    "  --link-width W       link (flit) width in bits (default " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) "): one value, a range\n"
    "                       or a list (e.g. 32,64)\n"
    "                       Every method runs at each (frequency, width) pair: link\n"
    "                       capacity = width x freq / 8 MB/s; the radix is bounded by\n"
    "                       the largest router that meets the clock ('nocsyn tech'\n"
    "                       prints the bound); long links get pipeline registers at\n"
    "                       that clock.  With more than one pair designs are named\n"
    "                       D_f<MHZ>_w<BITS>.\n"
    "  --max-die-growth P   refuse a design whose legal layout's die is more than P%\n"
    "                       above the cores' floorplan (0 = no bound, the default):\n"
    "                       the routers must fit the floorplan's whitespace and the\n"
    "                       room P allows (infeasible, with the die, otherwise)\n"
    "  --max-util U         load every link, core links included, to at most this\n"
    "                       fraction of its capacity (default " NOC_UNITS_STR(NOC_DEFAULT_MAX_UTIL) ")\n"
    "  --packet-bits B      packet size for the latency's serialization (default " NOC_UNITS_STR(NOC_DEFAULT_PACKET_BITS) ")\n"
    "  --hop-mw X           routing cost of one extra hop in mW (default 0.05)\n"
    "  --floorplan FILE     core positions/sizes (docs/INTERFACE.md 1.2); default: min-cut floorplan\n"
    "  --tech FILE          power/area model overrides (key = value; see README)\n"
    "  --seed S             METIS and mapping seed (default 1); same seed, same output\n"
    "  --threads N          split: switch counts, alternatives and variants in\n"
    "                       parallel (default: every core; the same output for any N)\n"
    "  --effort E           split: budget factor of the local searches, refinement\n"
    "                       and the alternatives' cut descent (default 1: 6000\n"
    "                       estimated core moves and swaps per switch count and\n"
    "                       start up to 24 cores, x (24/cores)^2 above, x 32 for\n"
    "                       the cut, each run while that is at least one try per\n"
    "                       core: refinement up to 151 cores, alternatives up to\n"
    "                       480; the extra-link variants add min(3, budget /\n"
    "                       cores) links: 3 up to 104 cores, 1 up to 151; 2\n"
    "                       doubles it, 0 turns all three off)\n"
    "  --all                write every feasible design, not only the Pareto set\n"
    "  --pareto-tol P,L,A,R relative tolerances of the Pareto front on power, latency,\n"
    "                       area and largest radix (default " NOC_PARETO_TOL_DEFAULT "): a\n"
    "                       design beats another only by more than the tolerance in\n"
    "                       one figure while no worse beyond it in the others; 'inf'\n"
    "                       drops a figure\n"
    "  --choose RULE        the chosen design: power (default), latency,\n"
    "                       weighted[:WP,WL] (least WP x power/min + WL x\n"
    "                       latency/min; default 1,1) or knee (the power-latency\n"
    "                       front's design farthest below the line between its\n"
    "                       ends; see 'nocsyn compare --help')\n"
    "  --no-connect         split: leave switch islands unjoined (by default apps with\n"
    "                       separate components or isolated cores get the shortest\n"
    "                       links the radix allows between islands, so every core is\n"
    "                       reachable; these links carry no app flow, and a design\n"
    "                       whose islands the radix cannot join is infeasible)\n"
    "  --app-format F       csv or dot (default: by extension)\n"
    "  --bw-scale F         multiply every flow's bandwidth by F to get MB/s, for\n"
    "                       apps in other units (default 1); e.g. MMS weights:\n"
    "                       --bw-scale 0.1\n"
    "  -q, --quiet          no summary table on stdout and no progress line (sweeps\n"
    "                       longer than a second show one on stderr when it is a terminal)\n"
    "\n"
    "Writes per design D: DIR/D.dot, D.svg, D.json (with \"vcs\": the virtual channels\n"
    "its routing needs), D.routes.csv, D.place.csv, D.anynet; and, for a sweep,\n"
    "DIR/pareto.csv (every design point: feasible or why not, Pareto flag, chosen).\n"
    "Design files are written for the Pareto-optimal designs over (power, average\n"
    "latency in ns, area, max radix) and the chosen design (--all: every feasible\n"
    "design).  The front has tolerances (--pareto-tol) and marks identical designs\n"
    "(same four figures) once: the later ones name the first in pareto.csv's\n"
    "same_as column.  The chosen design follows --choose: by default the one of\n"
    "least power meeting every constraint (ties: lower latency, then fewer\n"
    "switches).  A single design\n"
    "(--switches, --conc, --ring-size at one frequency and width) writes no\n"
    "pareto.csv.\n"
    "Layout: every design is priced on ONE legal layout, the one its DEF, place.csv\n"
    "and links.csv hand off: its routers are inserted into the floorplan as blocks\n"
    "of their real area (without --floorplan, the smallest die of four: the cores\n"
    "kept, channels opened between rows or between columns of cores (the cores\n"
    "beyond shifted, the routers near their placed positions), or the cores\n"
    "floorplanned again with a router slot per tile; with --floorplan, the cores\n"
    "stay and the routers take the nearest free spot, growing the die when there\n"
    "is no room).  Wire, pipeline registers, latency, power, area and the RTL\n"
    "follow from it; die_mm2 (the DEF's DIEAREA) and core_util (core area / die)\n"
    "are in D.json and pareto.csv.  D.json's model_power_mw prices the same\n"
    "design with the routers where the method placed them, before the layout:\n"
    "what the methods minimise, not a figure of the handed-off design.\n"
    "Latency: every flow's zero-load latency in cycles and ns: the head crosses\n"
    "each router on its path in the router's pipeline depth (3 cycles by default)\n"
    "and each channel (injection, links, ejection) in 1 + its pipeline registers,\n"
    "and the tail follows ceil(packet_bits / width) - 1 cycles later.  A flow's\n"
    "max_latency_ns (app column or DOT attribute) must be met by every design.\n"
    "Infeasible: a flow with no path is reported with the constraint that binds\n"
    "(the radix, capacity, both, or deadlock freedom), found by relaxing capacity\n"
    "and the radix one at a time.\n"
    "DIR holds one run's files: they are written all or nothing, and the files the\n"
    "previous run listed in DIR/.nocsyn-files are replaced as a set (other files\n"
    "stay); a run stopped by a signal leaves nothing behind.\n"
    "Exit: 0 at least one feasible design; 1 none (the reason names the flow or\n"
    "switch, or the best latency any design reached); 2 bad input.\n";

enum { O_METHOD = 256, O_SWITCHES, O_SWEEP, O_RADIX, O_WIDTH, O_FREQ, O_UTIL, O_DIE, O_HOP, O_FP,
       O_TECH, O_SEED, O_THREADS, O_ALL, O_APPFMT, O_START, O_CONC, O_RING, O_NOCONNECT, O_PKT, O_EFFORT, O_PTOL, O_CHOOSE,
       O_BWS };

/* Merge starts by name. */
static const struct {
    const char *name;
    int start;
} starts[] = {{"floorplan", NOC_START_FLOORPLAN}, {"mesh", NOC_START_MESH}};

/* Which method each method-specific option belongs to. */
static const struct {
    int opt;
    const char *name, *method;
} owners[] = {{O_SWITCHES, "--switches", "split"}, {O_SWEEP, "--sweep", "split"},
               {O_NOCONNECT, "--no-connect", "split"}, {O_EFFORT, "--effort", "split"},
              {O_START, "--start", "merge"},      {O_CONC, "--conc", "cmesh"},
              {O_RING, "--ring-size", "hring"}};

static int parse_num(const char *opt, const char *s, double lo, double *out)
{
    if (noc_parse_double(s, out) != 0 || *out < lo)
        return cli_usage("%s needs a number >= %g, got '%s'", opt, lo, s);
    return 0;
}

static int parse_int(const char *opt, const char *s, long lo, long hi, long *out)
{
    if (noc_parse_int(s, lo, hi, out) != 0)
        return cli_usage("%s needs an integer in %ld..%ld, got '%s'", opt, lo, hi, s);
    return 0;
}

static void print_summary(const struct noc_synth_result *res)
{
    int w = 12;
    for (int i = 0; i < res->n; i++)
        w = (int)strlen(res->d[i].name) > w ? (int)strlen(res->d[i].name) : w;
    printf("%-*s %8s %9s %9s %8s %6s %6s %9s %6s %5s %8s  %s\n", w, "design", "switches", "power_mw",
           "area_mm2", "hops_avg", "radix", "links", "max_util", "MHz", "width", "lat_ns", "");
    for (int i = 0; i < res->n; i++) {
        const struct noc_design *d = &res->d[i];
        if (!d->feasible) {
            printf("%-*s %8d  infeasible: %s\n", w, d->name, d->switches, d->reason);
            continue;
        }
        printf("%-*s %8d %9.3f %9.4f %8.3f %6d %6d %9.3f %6g %5g %8.2f  %s%s%s%s\n", w, d->name, d->switches,
               d->power_mw, d->area_mm2, d->m.hops_avg, d->m.radix_max, d->m.links, d->m.max_utilization,
               d->freq_mhz, d->link_width, d->lat_avg_ns, d->pareto ? "pareto" : "",
               i == res->chosen ? " chosen" : "", d->same_as[0] ? "same as " : "", d->same_as);
    }
}

int cmd_synth(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(synth_help);
    static const struct option opts[] = {
        {"out", required_argument, NULL, 'o'},        {"method", required_argument, NULL, O_METHOD},
        {"switches", required_argument, NULL, O_SWITCHES}, {"sweep", optional_argument, NULL, O_SWEEP},
        {"max-radix", required_argument, NULL, O_RADIX}, CLI_OPT_LINK_WIDTH(O_WIDTH),
        CLI_OPT_FREQ(O_FREQ),                         {"max-util", required_argument, NULL, O_UTIL},
        {"max-die-growth", required_argument, NULL, O_DIE},
        {"hop-mw", required_argument, NULL, O_HOP},   {"floorplan", required_argument, NULL, O_FP},
        {"tech", required_argument, NULL, O_TECH},    {"seed", required_argument, NULL, O_SEED},
        {"threads", required_argument, NULL, O_THREADS}, {"all", no_argument, NULL, O_ALL},
        {"no-connect", no_argument, NULL, O_NOCONNECT},
        {"app-format", required_argument, NULL, O_APPFMT}, {"quiet", no_argument, NULL, 'q'},
        {"start", required_argument, NULL, O_START}, {"conc", required_argument, NULL, O_CONC},
        {"ring-size", required_argument, NULL, O_RING}, {"packet-bits", required_argument, NULL, O_PKT},
        {"effort", required_argument, NULL, O_EFFORT}, {"pareto-tol", required_argument, NULL, O_PTOL},
        {"choose", required_argument, NULL, O_CHOOSE}, CLI_OPT_BW_SCALE(O_BWS),
        {NULL, 0, NULL, 0}};
    struct noc_synth_opts so;
    noc_synth_opts_init(&so);
    const char *out = NULL, *method = "split", *fp = NULL, *tech = NULL, *appfmt = NULL;
    long kfix = 0, kmin = 0, kmax = 0, kstep = 0, l;
    int all = 0, quiet = 0, sweep = 0, c, given[sizeof owners / sizeof owners[0]] = {0};
    double v, pkt_bits = 0, bw_scale = 1;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:q", opts, NULL)) != -1) {
        for (size_t i = 0; i < sizeof owners / sizeof owners[0]; i++)
            given[i] |= owners[i].opt == c;
        switch (c) {
        case 'o': out = optarg; break;
        case 'q': quiet = 1; break;
        case O_METHOD: method = optarg; break;
        case O_SWITCHES:
            if (parse_int("--switches", optarg, 1, 1000000, &kfix)) return 2;
            break;
        case O_SWEEP:
            sweep = 1;
            /* docs/INTERFACE.md writes "--sweep [KMIN:KMAX]": take a following
             * KMIN:KMAX word as the range too. */
            if (!optarg && optind < argc && strchr(argv[optind], ':') && argv[optind][0] != '-')
                optarg = argv[optind++];
            if (optarg) {
                char *colon = strchr(optarg, ':');
                if (!colon)
                    return cli_usage("--sweep takes KMIN:KMAX[:STEP], got '%s'", optarg);
                *colon = '\0';
                char *colon2 = strchr(colon + 1, ':');
                if (colon2) {
                    *colon2 = '\0';
                    if (parse_int("--sweep STEP", colon2 + 1, 1, 1000000, &kstep))
                        return 2;
                }
                if (parse_int("--sweep KMIN", optarg, 1, 1000000, &kmin) ||
                    parse_int("--sweep KMAX", colon + 1, 1, 1000000, &kmax))
                    return 2;
                if (kmin > kmax)
                    return cli_usage("--sweep %ld:%ld is empty", kmin, kmax);
            }
            break;
        case O_RADIX:
            if (parse_int("--max-radix", optarg, 0, 1000000, &l)) return 2;
            so.max_radix = (int)l;
            break;
        case O_WIDTH:
            if (cli_grid_width(optarg, &so))
                return 2;
            break;
        case O_FREQ:
            if (cli_grid_freq(optarg, &so))
                return 2;
            break;
        case O_BWS:
            if (cli_bw_scale("synth", optarg, &bw_scale)) return 2;
            break;
        case O_PKT:
            if (parse_num("--packet-bits", optarg, 1, &pkt_bits)) return 2;
            if (pkt_bits != floor(pkt_bits) || pkt_bits > 1e6)
                return cli_usage("--packet-bits must be a whole number of bits in 1..1000000, not '%s'", optarg);
            break;
        case O_UTIL:
            if (parse_num("--max-util", optarg, 1e-9, &v)) return 2;
            if (v > 1) return cli_usage("--max-util must be in (0, 1]");
            so.max_util = v;
            break;
        case O_DIE:
            if (parse_num("--max-die-growth", optarg, 0, &so.max_die_growth)) return 2;
            break;
        case O_HOP:
            if (parse_num("--hop-mw", optarg, 0, &so.hop_mw)) return 2;
            break;
        case O_FP: fp = optarg; break;
        case O_TECH: tech = optarg; break;
        case O_SEED:
            if (parse_int("--seed", optarg, 0, 2147483647L, &l)) return 2;
            so.seed = (unsigned)l;
            break;
        case O_THREADS:
            if (parse_int("--threads", optarg, 0, 1024, &l)) return 2;
            so.threads = (int)l;
            break;
        case O_EFFORT:
            if (parse_num("--effort", optarg, 0, &so.effort)) return 2;
            if (so.effort > 1000) return cli_usage("--effort must be at most 1000, not '%s'", optarg);
            break;
        case O_ALL: all = 1; break;
        case O_PTOL:
        case O_CHOOSE: {
            struct noc_ctx pctx;
            noc_ctx_init(&pctx);
            if (noc_pareto_opts_parse(&so.pick, c == O_PTOL ? optarg : NULL, c == O_CHOOSE ? optarg : NULL, &pctx))
                return cli_usage("%s", pctx.msg);
            break;
        }
        case O_NOCONNECT: so.no_connect = 1; break;
        case O_APPFMT: appfmt = optarg; break;
        case O_START: {
            size_t i = 0;
            while (i < sizeof starts / sizeof starts[0] && strcmp(starts[i].name, optarg) != 0)
                i++;
            if (i == sizeof starts / sizeof starts[0])
                return cli_usage("--start takes floorplan or mesh, got '%s'", optarg);
            so.start = starts[i].start;
            break;
        }
        case O_CONC:
            if (parse_int("--conc", optarg, 1, 1000000, &l)) return 2;
            so.conc = (int)l;
            break;
        case O_RING:
            if (parse_int("--ring-size", optarg, 1, 1000000, &l)) return 2;
            so.ring_size = (int)l;
            break;
        case ':': return cli_usage("option %s needs a value", argv[optind - 1]);
        default: return cli_usage("unknown option '%s' (see 'nocsyn synth --help')", argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return cli_usage("synth needs exactly one APP file (see 'nocsyn synth --help')");
    if (!out)
        return cli_usage("synth needs -o DIR");
    if (sweep && kfix)
        return cli_usage("--switches and --sweep exclude each other");
    const char *mname, *mdesc;
    int known = strcmp(method, "all") == 0, every = known;
    for (int i = 0; !known && noc_synth_method_info(i, &mname, &mdesc) == 0; i++)
        known = strcmp(mname, method) == 0;
    if (!known)
        return cli_usage("unknown method '%s' (split, merge, cmesh, hring, all)", method);
    for (size_t i = 0; i < sizeof owners / sizeof owners[0]; i++)
        if (given[i] && !every && strcmp(owners[i].method, method) != 0)
            return cli_usage("%s applies to --method %s only", owners[i].name, owners[i].method);
    int single = !every && (kfix || so.conc || so.ring_size) && so.nfreqs <= 1 && so.nwidths <= 1;
    const char *apppath = argv[optind], *where = NULL;
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_app app;
    struct noc_synth_result res;
    noc_app_init(&app);
    noc_synth_result_init(&res);
    int rc = NOC_OK;
    if ((rc = noc_app_read(&app, apppath, appfmt, &ctx)) != NOC_OK ||
        (rc = noc_app_scale_bw(&app, bw_scale, apppath, &ctx)) != NOC_OK)
        goto done;
    if ((rc = noc_tech_setup(&so.tech, tech, pkt_bits, &ctx)) != NOC_OK)
        goto done;
    if (fp && (rc = noc_floorplan_read(&app, fp, &ctx)) != NOC_OK)
        goto done;
    int placed = 0;
    for (int i = 0; i < app.ncores; i++)
        placed += app.cores[i].has_pos;
    so.free_floorplan = placed == 0; /* ours to change: co-synthesis may move cores */
    if ((rc = noc_floorplan_place(&app, fp, apppath, so.seed, &ctx)) != NOC_OK)
        goto done;
    if (kfix) {
        if (kfix > app.ncores) {
            rc = noc_error(&ctx, NOC_EINVAL, NULL, 0, "--switches %ld is above the %d cores of %s", kfix,
                           app.ncores, apppath);
            goto done;
        }
        so.kmin = so.kmax = (int)kfix;
    } else if (kmin) {
        if (kmax > app.ncores) {
            rc = noc_error(&ctx, NOC_EINVAL, NULL, 0, "--sweep up to %ld is above the %d cores of %s", kmax,
                           app.ncores, apppath);
            goto done;
        }
        so.kmin = (int)kmin;
        so.kmax = (int)kmax;
        so.kstep = (int)kstep;
    }
    struct cli_progress prog;
    cli_progress_init(&prog, "synth: design points", quiet);
    so.progress = cli_progress;
    so.progress_ud = &prog;
    so.slim = !all; /* only the front's and the chosen design's files are written */
    if ((rc = noc_synth_run(method, &app, &so, &res, &ctx)) != NOC_OK) {
        where = apppath; /* the message names flows and cores of the app */
        goto done;
    }
    /* All or nothing: stage every file, then move them into place. */
    struct cli_stage stage;
    if ((rc = cli_stage_open(out, &stage, &ctx)) != NOC_OK)
        goto done;
    for (int i = 0; i < res.n && rc == NOC_OK; i++)
        if (res.d[i].feasible && (all || res.d[i].pareto || i == res.chosen || single))
            rc = noc_design_write(&res.d[i], &app, stage.path, &so.tech, &ctx);
    if (rc == NOC_OK && !single)
        rc = noc_pareto_write(&res, stage.path, &ctx);
    if (rc == NOC_OK)
        rc = cli_stage_commit(&stage, &ctx);
    else
        cli_stage_abort(&stage);
    if (rc == NOC_OK && !quiet) {
        print_summary(&res);
        printf("chosen: %s (files in %s/)\n", res.d[res.chosen].name, out);
    }
done:;
    int code = rc && where ? cli_fail_in(where, &ctx) : rc ? cli_fail(&ctx) : 0;
    noc_synth_result_free(&res);
    noc_app_free(&app);
    return code;
}

static const char floorplan_help[] =
    "usage: nocsyn floorplan APP [--areas FILE] [--seed S] [--app-format F] [-o FILE]\n"
    "                           [--svg FILE]\n"
    "\n"
    "Places the cores (default 1 mm x 1 mm each) by recursive min-cut bisection of\n"
    "the app graph (METIS, bandwidth weights) while slicing the die by area, so that\n"
    "heavily communicating cores sit close.  Each cut puts its two halves side by\n"
    "side or stacked, whichever box is smaller, so the die (the cores' bounding box)\n"
    "is legal by construction but neither square nor of a set whitespace: equal\n"
    "1 mm cores fill it (VOPD: 3 x 4 mm, 100%; every benchmark app 100%), though\n"
    "few cores can make a strip (5 cores: 5 x 1 mm); cores of unequal sizes leave\n"
    "gaps (53% to 86% used on the benchmark apps with E3S processor sizes) and may\n"
    "line up into a strip (aspect up to 3.9 there).  Its size, aspect ratio and\n"
    "core utilisation are printed on stderr as a note.\n"
    "Writes the floorplan CSV of docs/INTERFACE.md 1.2: core,x_mm,y_mm,w_mm,h_mm (lower-left).\n"
    "\n"
    "  --areas FILE   core sizes: core,w_mm,h_mm (or a full floorplan, whose sizes are used)\n"
    "  --seed S       METIS seed (default 1)\n"
    "  --app-format F csv or dot (default: by extension)\n"
    "  --bw-scale F   multiply every flow's bandwidth by F (default 1; the cut\n"
    "                 weighs flows relatively, so F changes nothing here)\n"
    "  -o, --out FILE output CSV ('-' = stdout)\n"
    "  --svg FILE     also (or only) draw the floorplan as SVG: cores as named\n"
    "                 rectangles, flows as lines whose width grows with bandwidth\n"
    "At least one of -o and --svg is needed.\n"
    "Exit status: 0 success, 2 bad input or usage.\n";

int cmd_floorplan(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(floorplan_help);
    static const struct option opts[] = {{"areas", required_argument, NULL, 'a'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"svg", required_argument, NULL, 'g'},
                                         {"app-format", required_argument, NULL, 'f'},
                                         CLI_OPT_BW_SCALE('b'),
                                         {NULL, 0, NULL, 0}};
    const char *areas = NULL, *out = NULL, *svg = NULL, *appfmt = NULL;
    long seed = 1;
    double bw_scale = 1;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:", opts, NULL)) != -1) {
        switch (c) {
        case 'a': areas = optarg; break;
        case 'o': out = optarg; break;
        case 'g': svg = optarg; break;
        case 'f': appfmt = optarg; break;
        case 'b':
            if (cli_bw_scale("floorplan", optarg, &bw_scale)) return 2;
            break;
        case 's':
            if (parse_int("--seed", optarg, 0, 2147483647L, &seed)) return 2;
            break;
        case ':': return cli_usage("option %s needs a value", argv[optind - 1]);
        default: return cli_usage("unknown option '%s' (see 'nocsyn floorplan --help')", argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return cli_usage("floorplan needs exactly one APP file");
    if (!out && !svg)
        return cli_usage("floorplan needs -o FILE or --svg FILE");
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    struct noc_buf b;
    noc_buf_init(&b);
    int rc = noc_app_read(&app, argv[optind], appfmt, &ctx);
    if (rc == NOC_OK) /* the min-cut weighs flows by bandwidth */
        rc = noc_app_scale_bw(&app, bw_scale, argv[optind], &ctx);
    if (rc == NOC_OK && areas)
        rc = noc_floorplan_read(&app, areas, &ctx);
    for (int i = 0; rc == NOC_OK && i < app.ncores; i++)
        app.cores[i].has_pos = 0; /* sizes only: placement is ours */
    if (rc == NOC_OK)
        rc = noc_floorplan_mincut(&app, (unsigned)seed, &ctx);
    struct noc_phys_stats fs;
    if (rc == NOC_OK)
        rc = noc_floorplan_stats(&app, &fs, &ctx);
    struct noc_buf sb;
    noc_buf_init(&sb);
    if (rc == NOC_OK && out)
        rc = noc_floorplan_csv(&app, &b, &ctx);
    if (rc == NOC_OK && svg)
        rc = noc_floorplan_svg(&app, &sb, &ctx);
    if (rc == NOC_OK) {
        const struct cli_out csv = {out, b.data, b.len, "-o"}, pic = {svg, sb.data, sb.len, "--svg"};
        int csv_last = out && !strcmp(out, "-"); /* stdout last: it cannot be undone */
        const struct cli_out outs[] = {csv_last ? pic : csv, csv_last ? csv : pic};
        rc = cli_write_all(outs, 2, &ctx);
    }
    if (rc == NOC_OK) /* after the files: a failed write is the one stderr line */
        noc_note(&ctx, "floorplan: die %.6g x %.6g mm = %.6g mm2 (aspect %.3g), cores %.6g mm2, utilisation %.1f%%",
                 fs.die[2] - fs.die[0], fs.die[3] - fs.die[1], fs.die_mm2, fs.aspect, fs.core_mm2, 100 * fs.util);
    noc_buf_free(&sb);
    int code = rc ? cli_fail(&ctx) : 0;
    noc_buf_free(&b);
    noc_app_free(&app);
    return code;
}
