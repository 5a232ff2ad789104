/* nocsyn rtl: synthesizable SystemVerilog for a design (rtl.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/route.h"
#include "nocsyn/rtl.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn rtl DESIGN -o DIR [--traffic T] [--map M] [--vcs V] [--buf FLITS]\n"
    "                  [--router-delay D] [--credit-delay C] [--width BITS]\n"
    "                  [--packet FLITS] [--packets N] [--tech FILE]\n"
    "\n"
    "Writes synthesizable SystemVerilog for DESIGN (a topology file, e.g. one\n"
    "written by synth, compare or gen; gen:FAMILY:P=V,... also works) into DIR:\n"
    "  nocsyn_router.sv  the one parametric router: input buffers per VC, table\n"
    "                    route computation, VC and switch allocation (separable,\n"
    "                    round robin), credit-based flow control, D pipeline cycles\n"
    "  nocsyn_link.sv    a channel: pipeline stages forward, credit stages back\n"
    "  nocsyn_top.sv     the design: every router with its routing table (and\n"
    "                    dateline VC class per hop on tori and rings), every\n"
    "                    channel with its stages, core ports indexed by terminal\n"
    "  nocsyn_tb.sv      a Verilator testbench driving the traffic's flows: each\n"
    "                    flow alone (zero-load latency must equal flows.csv),\n"
    "                    then all at once (every packet in order)\n"
    "  tb_main.cpp, Makefile   `make lint`, `make sim`, `make yosys`\n"
    "  flows.csv         src,dst,src_name,dst_name,weight,hops,latency: the\n"
    "                    traffic rate and predicted\n"
    "                    zero-load latency sum L(c) + hops x D + packet - 1, the\n"
    "                    model of `nocsyn sim` (same routing, router delay, links)\n"
    "\n"
    "Routing: the simulator's default (the design's stored routes when they\n"
    "cover every flow, else dor, desttag, updown; fat trees and Clos: nca first,\n"
    "destination-mod-k over the up paths).  Link latency L of a channel:\n"
    "its latency attribute, else 1 + the pipeline stages of the tech model's wire\n"
    "delay at the design's clock (as links.csv); 1 cycle when either is unknown.\n"
    "\n"
    "  -o DIR             output directory (created; files replaced)\n"
    "  --traffic T        the testbench's flows: a pattern as for sim, e.g.\n"
    "                     app:FILE.csv (the app's flows); default every ordered\n"
    "                     pair of distinct terminals (at most 4096)\n"
    "  --map M            app traffic: placement of cores on terminals (as sim)\n"
    "  --vcs V            VCs per port, 1..16 (default 2; even for dateline tori)\n"
    "  --buf FLITS        flits per VC buffer, 1..64 (default 4)\n"
    "  --router-delay D   cycles per hop at zero load, 2..16 (default 3, as sim)\n"
    "  --credit-delay C   credit cycles beyond the wire, 0..16 (default 2, as sim)\n"
    "  --width BITS       flit payload bits, 16..1024 (default: the design's\n"
    "                     link_width, else " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) ")\n"
    "  --packet FLITS     testbench packet length, 1..64 (default 4)\n"
    "  --packets N        testbench packets per flow under load (default 8)\n"
    "  --tech FILE        tech model overrides (wire_ps_mm for link stages)\n"
    "\n"
    "Exit status: 0 success, 1 the design cannot be routed, 2 bad input.\n";

static int num(const char *name, const char *arg, long lo, long hi, int *v)
{
    long x;
    if (noc_parse_int(arg, lo, hi, &x))
        return cli_usage("rtl: --%s must be an integer in %ld..%ld, not '%s'", name, lo, hi, arg);
    *v = (int)x;
    return 0;
}

int cmd_rtl(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    static const struct option longopts[] = {
        {"traffic", required_argument, NULL, 'T'}, {"map", required_argument, NULL, 'm'},
        {"vcs", required_argument, NULL, 'v'},     {"buf", required_argument, NULL, 'b'},
        {"router-delay", required_argument, NULL, 'D'}, {"credit-delay", required_argument, NULL, 'C'},
        {"width", required_argument, NULL, 'w'},   {"packet", required_argument, NULL, 'p'},
        {"packets", required_argument, NULL, 'n'}, {"tech", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},  {NULL, 0, NULL, 0},
    };
    struct noc_rtl_opts o;
    const char *out = NULL, *traffic = NULL, *map = NULL, *techfile = NULL;
    int c, rc;
    noc_rtl_opts_init(&o);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'T': traffic = optarg; break;
        case 'm': map = optarg; break;
        case 't': techfile = optarg; break;
        case 'v': if ((rc = num("vcs", optarg, 1, 16, &o.vcs))) return rc; break;
        case 'b': if ((rc = num("buf", optarg, 1, 64, &o.buf))) return rc; break;
        case 'D': if ((rc = num("router-delay", optarg, 2, 16, &o.router_delay))) return rc; break;
        case 'C': if ((rc = num("credit-delay", optarg, 0, 16, &o.credit_delay))) return rc; break;
        case 'w': if ((rc = num("width", optarg, 16, 1024, &o.width))) return rc; break;
        case 'p': if ((rc = num("packet", optarg, 1, 64, &o.pkt_len))) return rc; break;
        case 'n': if ((rc = num("packets", optarg, 1, 4096, &o.tb_packets))) return rc; break;
        case ':': return cli_usage("rtl: option '%s' needs a value", argv[optind - 1]);
        default: return cli_usage("rtl: unknown option '%s' (see 'nocsyn rtl --help')", argv[optind - 1]);
        }
    }
    if (optind + 1 != argc)
        return cli_usage("rtl: expected one DESIGN (see 'nocsyn rtl --help')");
    if (!out)
        return cli_usage("rtl: -o DIR is required");
    const char *design = argv[optind];
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_tech tech;
    struct noc_rtl r;
    struct cli_stage stage;
    int have_topo = 0, have_tr = 0, status = 0;
    cli_ctx_init(&ctx);
    noc_rtl_init(&r);
    noc_tech_defaults(&tech);
    if (techfile && noc_tech_read(&tech, techfile, &ctx) != NOC_OK)
        goto fail;
    if (cli_load_topology(design, &t, &ctx) != NOC_OK)
        goto fail;
    have_topo = 1;
    if (traffic) {
        if (noc_traffic_make(&tr, &t, traffic, map, &ctx) != NOC_OK)
            goto fail;
        have_tr = 1;
    }
    if (noc_rtl_generate(&r, &t, &tech, have_tr ? &tr : NULL, &o, &ctx) != NOC_OK) {
        status = cli_fail_in(design, &ctx);
        goto cleanup;
    }
    if (cli_stage_open(out, &stage, &ctx) != NOC_OK)
        goto fail;
    rc = NOC_OK;
    char path[4400];
    const struct noc_rtl_source *src = noc_rtl_sources();
    for (; src->name && rc == NOC_OK; src++) {
        snprintf(path, sizeof path, "%s/%s", stage.path, src->name);
        rc = noc_write_file(path, src->text, strlen(src->text), &ctx);
    }
    const struct {
        const char *name;
        const struct noc_buf *b;
    } gen[] = {{"nocsyn_top.sv", &r.top}, {"nocsyn_tb.sv", &r.tb}, {"flows.csv", &r.flows}};
    for (size_t i = 0; i < sizeof gen / sizeof gen[0] && rc == NOC_OK; i++) {
        snprintf(path, sizeof path, "%s/%s", stage.path, gen[i].name);
        rc = noc_write_file(path, gen[i].b->data, gen[i].b->len, &ctx);
    }
    if (rc == NOC_OK)
        rc = cli_stage_commit(&stage, &ctx);
    else
        cli_stage_abort(&stage);
    if (rc != NOC_OK)
        goto fail;
    int lo = r.flow[0].latency, hi = lo;
    for (int f = 1; f < r.nflows; f++) {
        lo = r.flow[f].latency < lo ? r.flow[f].latency : lo;
        hi = r.flow[f].latency > hi ? r.flow[f].latency : hi;
    }
    printf("rtl: %d routers, %d terminals, %d channels, routing %s, %d VC class%s; "
           "%d flows, zero-load latency %d..%d cycles (files in %s/)\n",
           t.nrouters, t.nterminals, t.nch, noc_routing_name(r.routing), r.classes,
           r.classes == 1 ? "" : "es", r.nflows, lo, hi, out);
    goto cleanup;
fail:
    status = cli_fail(&ctx);
cleanup:
    noc_rtl_free(&r);
    if (have_tr)
        noc_traffic_free(&tr);
    if (have_topo)
        noc_topo_free(&t);
    return status;
}
