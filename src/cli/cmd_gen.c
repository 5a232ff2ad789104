/* nocsyn gen FAMILY [PARAM=VALUE ...] [-o FILE] [--format FMT]
 * (docs/INTERFACE.md section 3.1): writes a regular topology, DOT on stdout by default. */
#include "cli.h"

#include "nocsyn/emit.h"
#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help_head[] =
    "usage: nocsyn gen FAMILY [PARAM=VALUE | VALUE ...] [-o FILE] [--format FMT]\n"
    "\n"
    "Writes a regular topology: routers r0..r(R-1), terminals t0..t(N-1), positions\n"
    "in mm.  Parameters are NAME=VALUE, or bare values in the order listed below.\n"
    "Every family also takes pitch=MM (grid spacing of the coordinates, default 1).\n"
    "Indirect networks (butterfly, omega, cube, clos, fattree) are folded as a\n"
    "floorplanner would place them: terminals on a near-square grid of pitch tiles\n"
    "in Morton order, every switch at the barycentre of its neighbours (switches\n"
    "may share a point); layout=stages gives the textbook stage columns instead.\n"
    "Wire lengths, power and sim's link latencies follow the layout.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE  write to FILE; the extension picks the format:\n"
    "                     .dot/.gv, .anynet (BookSim2), .json, .svg (default: DOT\n"
    "                     on stdout)\n"
    "  --format FMT       format for stdout: dot (default), anynet, json, svg\n"
    "  -h, --help         this text\n"
    "\n"
    "Families:\n";

static const char help_tail[] =
    "\n"
    "Numbering: k-ary n-cubes, cmesh and flatfly number routers by mixed-radix\n"
    "coordinate, X least significant (router (x,y) of a k x k mesh is r(x+k*y));\n"
    "terminal ti sits on ri (r(i/c) with concentration c).  In a k-ary n-fly ti\n"
    "injects into stage-0 switch i/k and ejects from last-stage switch i/k.\n"
    "Sizes are limited to 2^24 nodes + channels.\n"
    "\n"
    "Examples:\n"
    "  nocsyn gen mesh k=4 n=2\n"
    "  nocsyn gen torus dims=8x4 -o torus.anynet\n"
    "  nocsyn gen butterfly 2 3 -o bfly.svg\n"
    "\n"
    "Exit status: 0 success, 2 bad family, parameter or option.\n";

static int print_help(void)
{
    fputs(help_head, stdout);
    const char *name, *params, *desc;
    for (int i = 0; noc_gen_family_info(i, &name, &params, &desc) == 0; i++)
        printf("  %-16s %s\n  %-16s   %s\n", name, params, "", desc);
    fputs(help_tail, stdout);
    return 0;
}

/* An argument that looks like an option (a '-' not followed by a digit). */
static int is_option(const char *s)
{
    return s[0] == '-' && s[1] && !isdigit((unsigned char)s[1]);
}

int cmd_gen(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return print_help();
    const char *family = NULL, *out = NULL, *fmt = NULL;
    char **params = calloc((size_t)argc + 1, sizeof *params);
    int np = 0, status;
    struct noc_ctx ctx;
    struct noc_topo t;
    int have_topo = 0;
    cli_ctx_init(&ctx);
    if (!params)
        return cli_usage("out of memory");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "--format")) {
            if (i + 1 >= argc) {
                status = cli_usage("gen: %s needs a value", a);
                goto cleanup;
            }
            if (!strcmp(a, "--format"))
                fmt = argv[++i];
            else
                out = argv[++i];
        } else if (!strncmp(a, "--output=", 9)) {
            out = a + 9;
        } else if (!strncmp(a, "--format=", 9)) {
            fmt = a + 9;
        } else if (!strcmp(a, "--")) {
            for (i++; i < argc; i++) {
                if (!family)
                    family = argv[i];
                else
                    params[np++] = argv[i];
            }
        } else if (is_option(a)) {
            status = cli_usage("gen: unknown option '%s' (see 'nocsyn gen --help')", a);
            goto cleanup;
        } else if (!family) {
            family = a;
        } else {
            params[np++] = argv[i];
        }
    }
    if (!family) {
        status = cli_usage("gen: missing FAMILY (see 'nocsyn gen --help')");
        goto cleanup;
    }
    if (out && !*out) {
        status = cli_usage("gen: empty output file name");
        goto cleanup;
    }
    noc_topo_writer write = NULL;
    if (fmt) {
        if (!(write = noc_topo_writer_find(fmt))) {
            status = cli_usage("gen: unknown format '%s' (dot, anynet, json, svg)", fmt);
            goto cleanup;
        }
        if (out && strcmp(out, "-")) {
            status = cli_usage("gen: --format applies to stdout; with -o the extension picks the format");
            goto cleanup;
        }
    }
    if (noc_gen(&t, family, np, params, &ctx) != NOC_OK) {
        status = cli_fail(&ctx);
        goto cleanup;
    }
    have_topo = 1;
    if (write) {
        struct noc_buf b;
        noc_buf_init(&b);
        int rc = write(&t, &b, &ctx);
        if (rc == NOC_OK && b.failed)
            rc = noc_error(&ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        if (rc == NOC_OK)
            rc = noc_write_file("-", b.data ? b.data : "", b.len, &ctx);
        noc_buf_free(&b);
        status = rc == NOC_OK ? 0 : cli_fail(&ctx);
    } else {
        status = noc_topo_save(&t, out ? out : "-", &ctx) == NOC_OK ? 0 : cli_fail(&ctx);
    }
cleanup:
    if (have_topo)
        noc_topo_free(&t);
    free(params);
    return status;
}
