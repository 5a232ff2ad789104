/* nocsyn: git-style subcommands dispatched from a static table. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifdef NOC_NO_CALC
/* `make CALC=0`: the textbook calculators (include/nocsyn/calc.h) are left
 * out; their commands stay listed and say so. */
static int calc_absent(int argc, char **argv)
{
    (void)argc;
    return cli_usage("'%s' is a textbook calculator (src/calc), left out of this build (make CALC=0)", argv[0]);
}
#define cmd_min calc_absent
#define cmd_dynamic calc_absent
#define cmd_design calc_absent
#define cmd_latency calc_absent
#endif

static const struct cli_cmd commands[] = {
    {"app-info", cmd_app_info, "summarise an application graph (cores, flows, bandwidth)"},
    {"convert", cmd_convert, "convert a topology between DOT, anynet, JSON and SVG"},
    {"gen", cmd_gen, "generate a regular topology"},
    {"eval", cmd_eval, "evaluate a topology: hops, loads, diversity, bisection, deadlock"},
    {"synth", cmd_synth, "synthesize application-specific topologies (split, merge, cmesh, hring)"},
    {"package", cmd_package, "multi-die synthesis: chiplets or 3-D layers joined by D2D links (UCIe, BoW, hybrid bonding)"},
    {"compare", cmd_compare, "design-space exploration: synthesized designs against regular baselines"},
    {"floorplan", cmd_floorplan, "min-cut floorplan of an app's cores"},
    {"route", cmd_route, "print the router paths between two terminals"},
    {"perm", cmd_perm, "interconnection functions (cube, shuffle, butterfly, ...)"},
    {"min", cmd_min, "multistage networks of 2x2 switches: permutation passability"},
    {"dynamic", cmd_dynamic, "dynamic networks: crossbar, switch modules, k x k Omega, broadcast, Clos, bus"},
    {"design", cmd_design, "a butterfly network designed from its specification (Dally & Towles ch. 2)"},
    {"latency", cmd_latency, "analytical latency models (switching, dropping k-ary n-fly, message, head, retry)"},
    {"tech", cmd_tech, "the timing, power and area model: max clock, stage delays by radix"},
    {"sim", cmd_sim, "cycle-level network simulation: latency, throughput, saturation"},
    {"campaign", cmd_campaign, "a campaign of jobs (apps x methods x ranges) for GNU parallel, make or Slurm; collect"},
    {"rtl", cmd_rtl, "synthesizable SystemVerilog: routers, links, top level, testbench"},
    {"characterize", cmd_characterize, "the emitted router on a Liberty library (Yosys, OpenSTA): a tech file"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: nocsyn COMMAND [ARGS...]\n"
               "       nocsyn COMMAND --help\n"
               "       nocsyn --version\n\n"
               "Network-on-chip topology synthesis and design-space exploration.\n\n"
               "Commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nExit status: 0 success, 1 valid request that cannot be met, 2 bad input or usage.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("missing COMMAND (see 'nocsyn --help')");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return cli_stdout_end(0);
    }
    if (!strcmp(argv[1], "--version")) {
        printf("nocsyn %s\n", NOC_VERSION);
        return cli_stdout_end(0);
    }
    /* Every command ends through one checked stdout path. */
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return cli_stdout_end(commands[i].run(argc - 1, argv + 1));
    return cli_usage("unknown command '%s' (see 'nocsyn --help')", argv[1]);
}
