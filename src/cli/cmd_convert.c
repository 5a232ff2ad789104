/* nocsyn convert IN [-o OUT] [--from FMT] [--to FMT]: reads a topology
 * (DOT or BookSim anynet) and writes it as DOT, anynet, JSON or SVG. */
#include "cli.h"

#include "nocsyn/emit.h"
#include "nocsyn/topo.h"

#include <stdio.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn convert IN [-o OUT] [--from dot|anynet] [--to dot|anynet|json|svg]\n"
    "\n"
    "Converts a topology between formats.  IN is a topology file, '-' (stdin) or\n"
    "an inline generator gen:FAMILY:P=V,... (e.g. gen:mesh:k=4,n=2).\n"
    "The input format follows the extension (.dot/.gv = DOT, .anynet = BookSim2\n"
    "anynet; stdin: anynet when its first word is 'router', else DOT) unless\n"
    "--from names it; the output format follows the extension of OUT (.dot/.gv,\n"
    ".anynet, .json, .svg) unless --to names it.\n"
    "\n"
    "Options:\n"
    "  -o, --output OUT   output file (default '-': stdout); written atomically,\n"
    "                     nothing is left behind on error\n"
    "  --from FMT         input format: dot or anynet\n"
    "  --to FMT           output format: dot, anynet, json or svg (default: by the\n"
    "                     extension of OUT; DOT on stdout)\n"
    "  -h, --help         this text\n"
    "\n"
    "DOT (docs/INTERFACE.md 1.3): nodes kind=\"router\"|\"terminal\" (no kind = router),\n"
    "optional x, y (mm, the node's centre), w, h (mm); edge a -> b is one\n"
    "channel, dir=both (or an undirected graph) a bidirectional link; edge width\n"
    "(bits), length (mm), latency (cycles); table routes as\n"
    "route=\"DEST: R1 R2; ...\" on source terminals.\n"
    "anynet: 'router I node J router K [LATENCY] ...', ids 0..n-1.\n"
    "anynet cannot hold unidirectional links or terminals attached to several\n"
    "routers; converting those to anynet fails.  JSON is written, not read.\n"
    "\n"
    "Examples:\n"
    "  nocsyn convert mesh.dot -o mesh.anynet\n"
    "  nocsyn convert net.anynet -o net.svg\n"
    "  nocsyn gen ring 8 | nocsyn convert - --to json\n"
    "\n"
    "Exit status: 0 success, 2 bad input, bad usage or a format that cannot hold\n"
    "the topology.\n";

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]; 1 when it did. */
static int opt_value(int argc, char **argv, int *i, const char *name, const char **val, int *missing)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return 0;
    if (argv[*i][n] == '=') {
        *val = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        *missing = 1;
        return 1;
    }
    *val = argv[++*i];
    return 1;
}

int cmd_convert(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    const char *in = NULL, *out = "-", *from = NULL, *to = NULL;
    int only_args = 0;
    for (int i = 1; i < argc; i++) {
        int missing = 0;
        const char *a = argv[i];
        if (only_args || a[0] != '-' || !strcmp(a, "-")) {
            if (in)
                return cli_usage("convert: more than one input ('%s' and '%s'); see 'nocsyn convert --help'", in, a);
            in = a;
        } else if (!strcmp(a, "--")) {
            only_args = 1;
        } else if (opt_value(argc, argv, &i, "-o", &out, &missing) ||
                   opt_value(argc, argv, &i, "--output", &out, &missing) ||
                   opt_value(argc, argv, &i, "--from", &from, &missing) ||
                   opt_value(argc, argv, &i, "--to", &to, &missing)) {
            if (missing)
                return cli_usage("convert: option '%s' needs a value", a);
        } else {
            return cli_usage("convert: unknown option '%s' (see 'nocsyn convert --help')", a);
        }
    }
    if (!in)
        return cli_usage("convert: no input topology (see 'nocsyn convert --help')");
    if (from && strcmp(from, "dot") && strcmp(from, "anynet"))
        return cli_usage("convert: --from must be dot or anynet, not '%s'", from);
    noc_topo_writer write = NULL;
    if (to) {
        if (!(write = noc_topo_writer_find(to)))
            return cli_usage("convert: --to must be dot, anynet, json or svg, not '%s'", to);
    }

    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_buf b;
    int rc;
    cli_ctx_init(&ctx);
    noc_buf_init(&b);
    if ((rc = from ? noc_topo_load(&t, in, from, &ctx) : cli_load_topology(in, &t, &ctx)) != NOC_OK)
        return cli_fail(&ctx);
    if (write) {
        rc = write(&t, &b, &ctx);
        if (rc == NOC_OK)
            rc = noc_write_file(out, b.data ? b.data : "", b.len, &ctx);
    } else {
        rc = noc_topo_save(&t, out, &ctx);
    }
    noc_buf_free(&b);
    noc_topo_free(&t);
    return rc == NOC_OK ? 0 : cli_fail(&ctx);
}
