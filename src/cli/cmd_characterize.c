/* nocsyn characterize: the router nocsyn emits, synthesized on a Liberty
 * library with Yosys and OpenSTA, written as a tech file (charz.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/charz.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char charz_help[] =
    "usage: nocsyn characterize --liberty FILE -o LIB.tech [--radix R] [--link-width W]\n"
    "                           [--vcs V] [--buf B] [--links L] [-j N] [--cache DIR]\n"
    "                           [--target-ps PS] [--activity A] [--area-um2 F]\n"
    "                           [--yosys PATH] [--sta PATH]\n"
    "       nocsyn characterize --liberty FILE --flow DIR [--target-ps PS]\n"
    "\n"
    "Characterizes the router that `nocsyn rtl` emits on a standard-cell library:\n"
    "for each configuration (radix x width x VCs x buffer) it writes the RTL of the\n"
    "router in context: router r0 of radix R with one terminal and R - 1 link\n"
    "ports (--links), each to a router of radix 2 (one terminal), so that r0's\n"
    "link outputs have the credit counters and credit check of a router in a\n"
    "multi-router design (an ejection output has none).  It synthesizes the\n"
    "design with Yosys (synth; dfflibmap and abc -D PS onto the Liberty cells,\n"
    "with abc -constr telling ABC that every register output is driven by the\n"
    "library's smallest inverter, so that it buffers high-fanout register\n"
    "outputs instead of taking them as ideal drivers) and times it with\n"
    "OpenSTA.  The numbers are r0's alone (the other routers, the channels'\n"
    "registers and the top level left out): fmax = 1 / (arrival +\n"
    "setup) of the worst register-to-register path ending in a register of r0;\n"
    "cells, flip-flops and area (the mapped cells' Liberty areas) of r0's module\n"
    "in Yosys' stat; the power of r0's cells in OpenSTA at 100 MHz with every net\n"
    "at activity 0 (clock power + leakage) and at activity A (set_power_activity\n"
    "-global: A toggles per cycle, taken as 2A flits per port per cycle of random\n"
    "payload: energy per flit).  It writes a tech file (key = value, see `nocsyn tech`)\n"
    "with per-radix tables fmax_mhz.R, area_mm2.R, leak_mw.R, flit_pj.R and\n"
    "clk_mw_per_mhz.R, reg_um2_bit and clk_fj_bit, and a header naming the\n"
    "library, its corner, the units read from the file, the tools and this\n"
    "command.  With several widths, VC counts or buffer depths every configuration\n"
    "is listed in the header; the tables are those of the first VC count and\n"
    "buffer depth, the first width's as KEY.R and every further width's as\n"
    "KEY.R.wW (a router takes the fmax of the smallest listed width >= its own;\n"
    "area and power are linear in width between the listed widths).\n"
    "\n"
    "  --liberty FILE    the cell library (.lib; any Liberty file)\n"
    "  -o FILE           the tech file to write\n"
    "  --radix R         router radices: a value, A:B:STEP or a list (default 2:8:1)\n"
    "  --link-width W    payload bits, 16..1024, same forms (default 32)\n"
    "  --vcs V           virtual channels per port, 1..16 (default 2)\n"
    "  --buf B           flits per VC buffer, 1..64 (default 4)\n"
    "  --links L         link ports of r0: 1..63 (at most R - 1) or max (the\n"
    "                    default: R - 1 at every radix): r0 has R - L terminals\n"
    "                    and a link to each of L routers of radix 2, so the\n"
    "                    tables are those of a router with L link ports (its\n"
    "                    switch allocator checks credits of L outputs).  Each\n"
    "                    link port lengthens the credit path, so max is the\n"
    "                    worst case of a router with a core attached: a design's\n"
    "                    router of radix R meets its table's clock whatever its\n"
    "                    mix of ports\n"
    "  -j N              configurations run at once (default 1)\n"
    "  --cache DIR       work and cache directory (default\n"
    "                    $XDG_CACHE_HOME/nocsyn/characterize, else\n"
    "                    ~/.cache/nocsyn/characterize): one directory per\n"
    "                    configuration, named by a hash of the RTL, the Liberty\n"
    "                    file, the scripts, the tools' versions and the options,\n"
    "                    holding the RTL, the scripts, the mapped netlist (net.v),\n"
    "                    Yosys' stat.txt and OpenSTA's sta.txt; a rerun reads them\n"
    "                    back and runs no tool\n"
    "  --target-ps PS    ABC's delay target (default 1000)\n"
    "  --activity A      toggles per cycle on every net for the power (default 0.1)\n"
    "  --area-um2 F      um^2 per Liberty area unit (default 1; Liberty has no area\n"
    "                    unit, most libraries use um^2)\n"
    "  --yosys, --sta    the tools (default: yosys and sta on PATH)\n"
    "  --flow DIR        write only the flow's synth.ys and constr.txt into DIR\n"
    "                    (an existing directory holding a design's nocsyn_top),\n"
    "                    running no tool: the one flow a design's sign-off uses\n"
    "                    (benchmarks/tech/signoff.sh)\n"
    "\n"
    "Progress goes to stderr, one line per configuration.  Exit 2 with one line\n"
    "when yosys or sta is missing, the Liberty file cannot be read, or a tool\n"
    "fails (the line names its log).  benchmarks/tech/osu018.tech was written by\n"
    "  nocsyn characterize --liberty /usr/share/qflow/tech/osu018/osu018_stdcells.lib \\\n"
    "      --radix 2:8:1 --link-width 32,64,128 -j 2 -o benchmarks/tech/osu018.tech\n";

enum { O_LIB = 256, O_FLOW, O_RADIX, O_WIDTH, O_VCS, O_BUF, O_LINKS, O_CACHE, O_TARGET, O_ACT, O_AREA, O_YOSYS, O_STA };

struct progress {
    int n;
    int done;
    time_t t0;
};

static void progress(void *ud, int i, const struct noc_charz_result *r)
{
    struct progress *p = ud;
    p->done++;
    fprintf(stderr,
            "characterize: [%d/%d] radix %d, %d bits, %d VCs x %d flits: %ld cells, fmax %.1f MHz, %.4f mm2%s\n",
            p->done, p->n, r->cfg.radix, r->cfg.width, r->cfg.vcs, r->cfg.buf, r->stat.cells, r->fmax_mhz,
            r->area_mm2, r->cached ? " (cached)" : "");
    (void)i;
}

static int grid(const char *opt, const char *s, double lo, double hi, double *v, int *n)
{
    return cli_parse_grid(opt, s, lo, hi, 1, v, 64, n);
}

int cmd_characterize(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(charz_help);
    static const struct option longopts[] = {
        {"liberty", required_argument, NULL, O_LIB},   {"output", required_argument, NULL, 'o'},
        {"radix", required_argument, NULL, O_RADIX},   {"link-width", required_argument, NULL, O_WIDTH},
        {"vcs", required_argument, NULL, O_VCS},       {"buf", required_argument, NULL, O_BUF},
        {"cache", required_argument, NULL, O_CACHE},   {"target-ps", required_argument, NULL, O_TARGET},
        {"activity", required_argument, NULL, O_ACT},  {"area-um2", required_argument, NULL, O_AREA},
        {"yosys", required_argument, NULL, O_YOSYS},   {"sta", required_argument, NULL, O_STA},
        {"flow", required_argument, NULL, O_FLOW},     {"links", required_argument, NULL, O_LINKS},
        {NULL, 0, NULL, 0},
    };
    double radix[64] = {2, 3, 4, 5, 6, 7, 8}, width[64] = {32}, vcs[64] = {2}, buf[64] = {4};
    int nr = 7, nw = 1, nv = 1, nb = 1, jobs = 1, links = NOC_CHARZ_LINKS_MAX, c;
    const char *lib = NULL, *out = NULL, *flow = NULL, *cache = NULL, *yosys = "yosys", *sta = "sta";
    struct noc_charz_opts o;
    noc_charz_opts_init(&o);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:j:", longopts, NULL)) != -1) {
        double v;
        switch (c) {
        case O_LIB: lib = optarg; break;
        case 'o': out = optarg; break;
        case O_FLOW: flow = optarg; break;
        case O_RADIX: if (grid("--radix", optarg, 2, 64, radix, &nr)) return 2; break;
        case O_WIDTH: if (grid("--link-width", optarg, 16, 1024, width, &nw)) return 2; break;
        case O_VCS: if (grid("--vcs", optarg, 1, 16, vcs, &nv)) return 2; break;
        case O_BUF: if (grid("--buf", optarg, 1, 64, buf, &nb)) return 2; break;
        case O_CACHE: cache = optarg; break;
        case O_YOSYS: yosys = optarg; break;
        case O_STA: sta = optarg; break;
        case O_LINKS: {
            long l;
            if (strcmp(optarg, "max") == 0)
                l = NOC_CHARZ_LINKS_MAX;
            else if (noc_parse_int(optarg, 1, NOC_CHARZ_LINKS_MAX, &l))
                return cli_usage("--links '%s': a number of link ports in 1..63, or max", optarg);
            links = (int)l;
            break;
        }
        case 'j': {
            long j;
            if (noc_parse_int(optarg, 1, 256, &j))
                return cli_usage("-j '%s': a number of jobs in 1..256", optarg);
            jobs = (int)j;
            break;
        }
        case O_TARGET:
            if (noc_parse_double(optarg, &v) || !(v > 0 && v <= 1e9))
                return cli_usage("--target-ps '%s': a delay in ps, > 0", optarg);
            o.target_ps = v;
            break;
        case O_ACT:
            if (noc_parse_double(optarg, &v) || !(v > 0 && v <= 1))
                return cli_usage("--activity '%s': toggles per cycle in (0, 1]", optarg);
            o.activity = v;
            break;
        case O_AREA:
            if (noc_parse_double(optarg, &v) || !(v > 0 && v <= 1e6))
                return cli_usage("--area-um2 '%s': um^2 per Liberty area unit, > 0", optarg);
            o.area_um2 = v;
            break;
        default: return cli_usage("characterize: unknown option '%s' (see 'nocsyn characterize --help')", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage("characterize: unexpected argument '%s'", argv[optind]);
    if (flow && out)
        return cli_usage("characterize: --flow DIR writes only the flow; it takes no -o");
    if (lib && flow) {
        struct noc_ctx fctx;
        cli_ctx_init(&fctx);
        if (noc_charz_write_flow(lib, &o, flow, &fctx) != NOC_OK)
            return cli_fail(&fctx);
        return 0;
    }
    if (!lib || !out)
        return cli_usage("characterize: needs --liberty FILE and -o FILE (see 'nocsyn characterize --help')");
    char cachebuf[4096];
    if (!cache) {
        const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        if (x && *x)
            snprintf(cachebuf, sizeof cachebuf, "%s/nocsyn/characterize", x);
        else
            snprintf(cachebuf, sizeof cachebuf, "%s/.cache/nocsyn/characterize", home && *home ? home : "/tmp");
        cache = cachebuf;
    }
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    int n = nr * nw * nv * nb, rc = 0;
    struct noc_charz_config *cfg = calloc((size_t)n, sizeof *cfg);
    struct noc_charz_result *res = calloc((size_t)n, sizeof *res);
    struct noc_liberty L;
    struct noc_buf text, cmd;
    noc_liberty_init(&L);
    noc_buf_init(&text);
    noc_buf_init(&cmd);
    if (!cfg || !res) {
        fprintf(stderr, "nocsyn: characterize: out of memory\n");
        rc = 2;
        goto cleanup;
    }
    int k = 0;
    for (int w = 0; w < nw; w++)
        for (int v = 0; v < nv; v++)
            for (int b = 0; b < nb; b++)
                for (int r = 0; r < nr; r++)
                    cfg[k++] = (struct noc_charz_config){(int)radix[r], (int)width[w], (int)vcs[v], (int)buf[b],
                                                         links};
    struct noc_charz_run run;
    memset(&run, 0, sizeof run);
    run.liberty = lib;
    run.cache_dir = cache;
    run.opts = o;
    run.jobs = jobs;
    run.nconfig = n;
    run.config = cfg;
    struct progress pr = {n, 0, time(NULL)};
    run.progress = progress;
    run.progress_ud = &pr;
    if (noc_charz_tools_find(&run.tools, yosys, sta, &ctx) != NOC_OK ||
        noc_charz_run(&run, &L, res, &ctx) != NOC_OK) {
        rc = cli_fail(&ctx);
        goto cleanup;
    }
    noc_buf_printf(&cmd, "nocsyn");
    for (int i = 0; i < argc; i++)
        noc_buf_printf(&cmd, " %s", argv[i]);
    noc_charz_emit_tech(&text, &L, lib, &run.tools, &o, res, n, cmd.data ? cmd.data : "");
    if (noc_buf_status(&text, out, &ctx) != NOC_OK || noc_write_file(out, text.data, text.len, &ctx) != NOC_OK) {
        rc = cli_fail(&ctx);
        goto cleanup;
    }
    int cached = 0;
    for (int i = 0; i < n; i++)
        cached += res[i].cached;
    printf("characterize: %d configurations on %s (%d from the cache), tech file %s\n", n, L.name, cached, out);
cleanup:
    noc_buf_free(&text);
    noc_buf_free(&cmd);
    noc_liberty_free(&L);
    free(cfg);
    free(res);
    return rc;
}
