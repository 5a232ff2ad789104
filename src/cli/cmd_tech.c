/* nocsyn tech: prints the timing, power and area model (tech.h) by radix. */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/tech.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char tech_help[] =
    "usage: nocsyn tech [--tech FILE] [--width BITS] [--radix LO:HI] [--freq MHZ]\n"
    "                   [--format text|json]\n"
    "\n"
    "Prints the technology model nocsyn synthesizes and evaluates with: for each\n"
    "router radix (ports, cores included), its maximum clock (MHz), the delay of\n"
    "each pipeline stage (ps: VC allocation, switch allocation, switch traversal,\n"
    "each with the clock overhead), its area (mm^2) and its power when idle and\n"
    "at --freq (clock + leakage, mW); then the links: the wire mm one clock\n"
    "cycle reaches at --freq, and the packet serialization.\n"
    "\n"
    "The maximum clock comes from the Peh & Dally (HPCA 2001) router delay model\n"
    "in FO4 (45 nm defaults: FO4 22.5 ps, 2 VCs, 3 stages), or from a library\n"
    "table in the tech file (lines 'fmax_mhz.R = MHZ', as SunFloor's switch\n"
    "library).  README.md lists every key of the tech file with its source; a\n"
    "value outside its range (include/nocsyn/tech.h) is exit 2 at its line.\n"
    "\n"
    "  --tech FILE      model overrides (key = value lines)\n"
    "  --width BITS     link (flit) width, default " NOC_UNITS_STR(NOC_DEFAULT_LINK_WIDTH) "\n"
    "  --radix LO:HI    radices to list, default 2:16\n"
    "  --freq MHZ       clock for the power column and wire reach, default " NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ) "\n"
    "  --format F       text (default) or json: {\"width\", \"freq_mhz\",\n"
    "                   \"radix\": [{\"radix\", \"fmax_mhz\", \"stage_ps\": [...],\n"
    "                   \"area_mm2\", \"power_mw\"}, ...], \"wire_mm_per_cycle\",\n"
    "                   \"packet_flits\", \"router_stages\", \"table\": bool}\n"
    "\n"
    "Exit status: 0 success, 2 bad input.\n";

enum { O_TECH = 1, O_WIDTH, O_RADIX, O_FREQ, O_FORMAT };

static int print_json(const struct noc_tech *t, double w, int lo, int hi, double f, struct noc_ctx *ctx)
{
    struct noc_json *j = noc_json_new();
    struct noc_json_node *root = noc_json_root(j);
    struct noc_buf out;
    noc_buf_init(&out);
    noc_json_add_num(j, root, "width", w);
    noc_json_add_num(j, root, "freq_mhz", f);
    struct noc_json_node *arr = noc_json_add_array(j, root, "radix");
    for (int r = lo; r <= hi; r++) {
        double st[3];
        int n = noc_tech_stage_ps(t, r, w, st);
        struct noc_json_node *o = noc_json_add_object(j, arr, NULL);
        noc_json_add_num(j, o, "radix", r);
        noc_json_add_num(j, o, "fmax_mhz", noc_tech_router_fmax_mhz(t, r, w));
        struct noc_json_node *sa = noc_json_add_array(j, o, "stage_ps");
        for (int k = 0; k < n; k++)
            noc_json_add_num(j, sa, NULL, st[k]);
        noc_json_add_num(j, o, "area_mm2", noc_tech_router_mm2(t, r, w));
        noc_json_add_num(j, o, "power_mw", noc_tech_router_mw(t, r, w, 0, f));
    }
    noc_json_add_num(j, root, "wire_mm_per_cycle", t->wire_ps_mm > 0 ? noc_period_ps(f) / t->wire_ps_mm : 0);
    noc_json_add_num(j, root, "packet_flits", noc_tech_packet_flits(t, w));
    noc_json_add_num(j, root, "router_stages", t->router_stages);
    noc_json_add_bool(j, root, "table", t->has_table);
    int rc = noc_json_print(j, &out, ctx);
    noc_json_free(j);
    if (rc == NOC_OK)
        fwrite(out.data, 1, out.len, stdout);
    noc_buf_free(&out);
    return rc == NOC_OK ? 0 : cli_fail(ctx);
}

static void print_text(const struct noc_tech *t, double w, int lo, int hi, double f)
{
    printf("router model: %s, %g-bit flits, %g VCs, %g pipeline stages, FO4 %g ps\n",
           t->has_table ? "library table (tech file)" : "Peh & Dally delay model", w, t->vcs,
           t->router_stages, t->fo4_ps);
    printf("%5s %9s %8s %8s %8s %9s %9s %9s\n", "radix", "fmax_MHz", "VA_ps", "SA_ps", "ST_ps",
           "area_mm2", "idle_mW", "@freq_mW");
    for (int r = lo; r <= hi; r++) {
        double st[3];
        noc_tech_stage_ps(t, r, w, st);
        printf("%5d %9.0f %8.1f %8.1f %8.1f %9.4f %9.3f %9.3f\n", r, noc_tech_router_fmax_mhz(t, r, w),
               st[0], st[1], st[2], noc_tech_router_mm2(t, r, w), noc_tech_router_mw(t, r, w, 0, 0),
               noc_tech_router_mw(t, r, w, 0, f));
    }
    printf("at %g MHz: largest radix %d; one cycle of wire reaches %.3g mm (%g ps/mm);\n"
           "a %g-bit packet is %d flits; a router adds %g cycles per hop\n",
           f, noc_tech_max_radix(t, w, f), t->wire_ps_mm > 0 ? noc_period_ps(f) / t->wire_ps_mm : 0,
           t->wire_ps_mm, t->packet_bits, noc_tech_packet_flits(t, w), t->router_stages);
}

int cmd_tech(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(tech_help);
    static const struct option longopts[] = {
        {"tech", required_argument, NULL, O_TECH},   {"width", required_argument, NULL, O_WIDTH},
        {"radix", required_argument, NULL, O_RADIX}, CLI_OPT_FREQ(O_FREQ),
        {"format", required_argument, NULL, O_FORMAT}, {NULL, 0, NULL, 0},
    };
    const char *techf = NULL;
    double w = NOC_DEFAULT_LINK_WIDTH, f = NOC_DEFAULT_FREQ_MHZ;
    long lo = 2, hi = 16;
    int json = 0, c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case O_TECH: techf = optarg; break;
        case O_WIDTH:
            if (noc_parse_double(optarg, &w) || !(w >= 1 && w <= 4096))
                return cli_usage("--width '%s': a number of bits in 1..4096", optarg);
            break;
        case O_FREQ:
            if (cli_freq_value(optarg, &f) || f > 1e5)
                return cli_usage("--freq '%s': a frequency in MHz, > 0", optarg);
            break;
        case O_RADIX: {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", optarg);
            char *colon = strchr(buf, ':');
            if (colon)
                *colon = '\0';
            if (noc_parse_int(buf, 2, NOC_TECH_MAX_RADIX, &lo) ||
                noc_parse_int(colon ? colon + 1 : buf, 2, NOC_TECH_MAX_RADIX, &hi) || hi < lo)
                return cli_usage("--radix '%s': LO:HI with 2 <= LO <= HI <= %d", optarg, NOC_TECH_MAX_RADIX);
            break;
        }
        case O_FORMAT:
            if (strcmp(optarg, "json") && strcmp(optarg, "text"))
                return cli_usage("--format '%s': text or json", optarg);
            json = !strcmp(optarg, "json");
            break;
        default: return cli_usage("tech: unknown option '%s' (see 'nocsyn tech --help')", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage("tech: unexpected argument '%s'", argv[optind]);
    struct noc_ctx ctx;
    cli_ctx_init(&ctx);
    struct noc_tech t;
    noc_tech_defaults(&t);
    if (techf && noc_tech_read(&t, techf, &ctx) != NOC_OK)
        return cli_fail(&ctx);
    if (json)
        return print_json(&t, w, (int)lo, (int)hi, f, &ctx);
    print_text(&t, w, (int)lo, (int)hi, f);
    return 0;
}
