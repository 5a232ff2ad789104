/* nocsyn package: multi-die synthesis (include/nocsyn/package.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/app.h"
#include "nocsyn/package.h"
#include "nocsyn/phys.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char package_help[] =
    "usage: nocsyn package APP PACKAGE [-o DIR] [--floorplan FILE] [--kmin K]\n"
    "                      [--kmax K] [--freq MHZ] [--link-width BITS]\n"
    "                      [--max-util U] [--extra-modules N] [--tech FILE] [--seed S]\n"
    "                      [--app-format F]\n"
    "\n"
    "Multi-die synthesis: the app's cores over the dies of the PACKAGE file\n"
    "(docs/INTERFACE.md 1.4: 'die = NAME W H X Y' chiplets or 'layer = NAME W H\n"
    "INDEX' 3-D layers, 'd2d = PRESET' and 'link = A B PRESET [FIELD=V ...]'\n"
    "interfaces, presets ucie-standard, ucie-advanced, bow, hybrid-bond; 'core =\n"
    "CORE DIE' pins).  Unpinned cores are split over the dies by METIS (the cut\n"
    "is the die-to-die bandwidth, core areas balanced and checked against the\n"
    "dies).  For each switch count K (per die, capped at its cores and ports)\n"
    "and each D2D module setting (the least each boundary needs, and up to\n"
    "--extra-modules more within its shoreline or TSV budget), at every clock\n"
    "and link width of the grid, every die is synthesized by split,\n"
    "its D2D modules as ports on its edge, and the dies are composed: a module\n"
    "is an adapter router on each side and a D2D channel of latency_ns at the\n"
    "clock.  The composed network is evaluated whole: its channel dependency\n"
    "graph must be acyclic (deadlock freedom per die is not enough), power adds\n"
    "the D2D energy per bit, leakage and area, each flow's latency the D2D\n"
    "cycles; a D2D channel has the module's capacity (eval and sim pace it).\n"
    "Baselines, never chosen: mesh_mE (each die a mesh, bridged at the die\n"
    "edges by the same modules) and, for chiplets, ipmesh_mE (each die a mesh\n"
    "joined only to a mesh on the interposer: two crossings per flow).\n"
    "Prints one line per design point, then the chosen design's\n"
    "boundaries.  -o DIR writes package.csv (every point), pareto.csv (synth's\n"
    "columns, then d2d_modules, d2d_mbps, d2d_share), boundaries.csv, dies.csv\n"
    "(dies, the core assignment), floorplan.csv (each core's die-local box and\n"
    "its die) and the chosen design's files (D.dot, D.json, D.place.csv with a\n"
    "die column, D.latency.csv, ...).\n"
    "\n"
    "  -o DIR             output directory (written all or nothing)\n"
    "  --floorplan FILE   die-local core positions (else a min-cut floorplan per die);\n"
    "                     a 'die' column pins the cores (as 'core' lines do)\n"
    "  --kmin K, --kmax K switches per die to sweep (default 1 .. the largest die's cores)\n"
    "  --freq MHZ         clock, default " NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ) "; a grid as for synth (a\n"
    "                     list 500,1000 or a range A:B:STEP): every point is swept,\n"
    "                     its designs named ..._f<MHZ>_w<BITS>\n"
    "  --link-width BITS  on-die link width, default " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) "; a grid as --freq\n"
    "  --extra-modules N  module settings: the packed count and 1..N more per used\n"
    "                     boundary within its shoreline or budget, default 1 (a TSV\n"
    "                     budget trade-off: power against modules)\n"
    "  --max-util U       link and D2D module utilisation bound, default 0.8\n"
    "  --tech FILE        tech model overrides\n"
    "  --seed S           METIS seed, default 1\n"
    "\n"
    "Exit status: 0 success, 1 no feasible design, 2 bad input.\n";

enum { O_FP = 1, O_KMIN, O_KMAX, O_FREQ, O_WIDTH, O_UTIL, O_TECH, O_SEED, O_APPFMT, O_EXTRA };

static void print_result(const struct noc_package_result *res, const struct noc_package *p)
{
    int w = 14; /* the name column: wider for a grid's "_f<MHZ>_w<BITS>" names */
    for (int i = 0; i < res->n; i++)
        if ((int)strlen(res->d[i].d.name) > w)
            w = (int)strlen(res->d[i].d.name);
    printf("%-*s %8s %5s %5s %10s %9s %6s %9s %9s %s\n", w, "design", "feasible", "sw", "d2d", "power_mW",
           "d2d_mW", "share", "lat_ns", "latmax_ns", "pareto");
    for (int i = 0; i < res->n; i++) {
        const struct noc_package_design *pd = &res->d[i];
        const struct noc_design *d = &pd->d;
        if (!d->feasible) {
            printf("%-*s %8s  %s\n", w, d->name, "no", d->reason);
            continue;
        }
        printf("%-*s %8s %5d %5d %10.3f %9.3f %6.3f %9.3f %9.3f %s\n", w, d->name, "yes", d->switches,
               pd->d.d2d_modules, d->power_mw, pd->d.d2d_mw, pd->d.d2d_mw / d->power_mw, d->lat_avg_ns, d->lat_max_ns,
               d->pareto ? "*" : "");
    }
    const struct noc_package_design *c = &res->d[res->chosen];
    printf("chosen: %s\n", c->d.name);
    for (int b = 0; b < p->nbound; b++) {
        const struct noc_boundary *B = &p->bound[b];
        printf("  boundary %s-%s (%s): %d of %d modules, %.6g MB/s %s->%s, %.6g MB/s back, busiest module %.1f%%\n",
               p->dies[B->a].name, p->dies[B->b].name, B->type.name, c->use[b].modules, B->max_modules,
               c->use[b].mbps_ab, p->dies[B->a].name, p->dies[B->b].name, c->use[b].mbps_ba,
               100 * c->use[b].util);
    }
}

int cmd_package(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(package_help);
    static const struct option longopts[] = {
        {"out", required_argument, NULL, 'o'},        {"floorplan", required_argument, NULL, O_FP},
        {"kmin", required_argument, NULL, O_KMIN},    {"kmax", required_argument, NULL, O_KMAX},
        CLI_OPT_FREQ(O_FREQ),                         CLI_OPT_LINK_WIDTH(O_WIDTH),
        {"max-util", required_argument, NULL, O_UTIL}, {"tech", required_argument, NULL, O_TECH},
        {"seed", required_argument, NULL, O_SEED},    {"app-format", required_argument, NULL, O_APPFMT},
        {"extra-modules", required_argument, NULL, O_EXTRA},
        {NULL, 0, NULL, 0},
    };
    const char *out = NULL, *fp = NULL, *tech = NULL, *appfmt = NULL;
    struct noc_synth_opts so;
    noc_synth_opts_init(&so);
    long v;
    int c, extra = 1;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case O_FP: fp = optarg; break;
        case O_TECH: tech = optarg; break;
        case O_APPFMT: appfmt = optarg; break;
        case O_KMIN:
        case O_KMAX:
            if (noc_parse_int(optarg, 1, 4096, &v))
                return cli_usage("%s '%s': a whole number in 1..4096", c == O_KMIN ? "--kmin" : "--kmax", optarg);
            *(c == O_KMIN ? &so.kmin : &so.kmax) = (int)v;
            break;
        case O_EXTRA:
            if (noc_parse_int(optarg, 0, 64, &v))
                return cli_usage("--extra-modules '%s': a whole number in 0..64", optarg);
            extra = (int)v;
            break;
        case O_SEED:
            if (noc_parse_int(optarg, 0, 2147483647L, &v))
                return cli_usage("--seed '%s': a whole number >= 0", optarg);
            so.seed = (unsigned)v;
            break;
        case O_FREQ:
            if (cli_grid_freq(optarg, &so))
                return 2;
            break;
        case O_WIDTH:
            if (cli_grid_width(optarg, &so))
                return 2;
            break;
        case O_UTIL:
            if (noc_parse_double(optarg, &so.max_util) || !(so.max_util > 0 && so.max_util <= 1))
                return cli_usage("--max-util '%s': a fraction > 0 and <= 1", optarg);
            break;
        default: return cli_usage("package: unknown option '%s' (see 'nocsyn package --help')", argv[optind - 1]);
        }
    }
    if (argc - optind != 2)
        return cli_usage("package: expected APP PACKAGE (see 'nocsyn package --help')");
    if (so.kmin && so.kmax && so.kmin > so.kmax)
        return cli_usage("--kmin %d is above --kmax %d", so.kmin, so.kmax);
    const char *apppath = argv[optind], *pkgpath = argv[optind + 1], *where = NULL;
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_app app;
    struct noc_package pkg;
    struct noc_package_result res;
    noc_app_init(&app);
    noc_package_init(&pkg);
    noc_package_result_init(&res);
    int rc = NOC_OK;
    if ((rc = noc_app_read(&app, apppath, appfmt, &ctx)) != NOC_OK ||
        (rc = noc_package_read(&pkg, pkgpath, &ctx)) != NOC_OK ||
        (rc = noc_tech_setup(&so.tech, tech, 0, &ctx)) != NOC_OK ||
        (fp && (rc = noc_floorplan_read(&app, fp, &ctx)) != NOC_OK))
        goto done;
    pkg.extra_max = extra;
    if ((rc = noc_package_synth(&app, &pkg, &so, &res, &ctx)) != NOC_OK) {
        where = pkgpath;
        goto done;
    }
    if (out) {
        struct cli_stage stage;
        if ((rc = cli_stage_open(out, &stage, &ctx)) != NOC_OK)
            goto done;
        rc = noc_package_write(&res, &pkg, &app, stage.path, &so, &ctx);
        if (rc == NOC_OK)
            rc = cli_stage_commit(&stage, &ctx);
        else
            cli_stage_abort(&stage);
        if (rc != NOC_OK)
            goto done;
    }
    print_result(&res, &pkg);
done:;
    int code = rc && where ? cli_fail_in(where, &ctx) : rc ? cli_fail(&ctx) : 0;
    noc_package_result_free(&res);
    noc_package_free(&pkg);
    noc_app_free(&app);
    return code;
}
