/* nocsyn min: multistage networks of 2x2 switches (docs/INTERFACE.md section 3.8). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/calc.h"
#include "nocsyn/perm.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char min_help[] =
    "usage: nocsyn min omega|cube|butterfly --n n (--perm P | --control BITS |\n"
    "                  --shifts [--mod M])\n"
    "                  [--format text|json]\n"
    "\n"
    "Multistage networks of n stages of 2x2 switches on N = 2^n lines, stage 0 at\n"
    "the inputs, switches numbered from 0 in each stage in order of their lines.\n"
    "  omega      a perfect shuffle before every stage (Lawrie 1975).\n"
    "  cube       multistage cube / STARAN flip: stage s pairs the lines that\n"
    "             differ in bit s (Cube_0 at the inputs, ..., Cube_(n-1) at the\n"
    "             outputs), the order of `nocsyn gen cube n`.\n"
    "  butterfly  2-ary n-fly (Dally & Towles sec. 4.1): input x enters port x_0\n"
    "             of switch x/2; between stage s-1 and s address bits 0 and n-s\n"
    "             are exchanged; output x leaves last-stage switch x/2.\n"
    "Routing is destination-tag (one path per input/output pair).\n"
    "\n"
    "Options:\n"
    "  --n n          stages (1..16)\n"
    "  --perm P       a permutation: cycle notation, (a b c) sends input a to\n"
    "                 output b, b to c and c to a, elements not written are fixed\n"
    "                 points, e.g. \"(0 7 6 4 2)(1 3)(5)\"; or an interconnection\n"
    "                 function as in `nocsyn perm` (e.g. shift:1, bitrev).\n"
    "                 Prints whether it passes in one pass without conflict (a\n"
    "                 conflict = two paths needing the same switch output), the\n"
    "                 switch settings when it does, the first conflict (lowest\n"
    "                 stage, then switch) when it does not, and passes_needed: the\n"
    "                 passes a greedy scheduler needs, each pass routing in input\n"
    "                 order every remaining input whose path is still free.\n"
    "                 A permutation that does not pass is an answer, exit 0.\n"
    "  --control BITS stage control, one bit per stage: BITS[i] = 1 sets every\n"
    "                 switch of Cube_i (the stage that decides address bit i:\n"
    "                 cube stage i, omega/butterfly stage n-1-i) to exchange.\n"
    "                 Prints the permutation realised.\n"
    "  --shifts       lists the shifts x -> x + D mod N the network realises in one\n"
    "                 pass under stage control (one signal per stage), under\n"
    "                 Siegel's partial stage control (cube only: stage i has i+1\n"
    "                 signals, switches grouped by the leading zeros of the low i\n"
    "                 bits of their lines) and under individual switch control\n"
    "                 (n <= 10).\n"
    "  --mod M        with --shifts: the shifts mod M within groups of M lines\n"
    "                 (M a power of two <= N; the low log2 M address bits count\n"
    "                 up by D mod M, the others stay), as STARAN's flip network\n"
    "                 performs them, each listed with its permutation in cycle\n"
    "                 notation (shift 1 mod 4 on N = 8: (0 1 2 3)(4 5 6 7)).\n"
    "  --format F     text (default) or json:\n"
    "                 --perm:    {\"network\", \"n\", \"passes\": bool, \"passes_needed\": int,\n"
    "                            \"conflict\": null | {\"stage\", \"switch\", \"port\",\n"
    "                            \"inputs\": [a, b]}, \"settings\": [[\"straight\" |\n"
    "                            \"exchange\", ... per switch] ... per stage] ([] when\n"
    "                            it does not pass)}\n"
    "                 --control: {\"network\", \"n\", \"control\", \"permutation\": [f(0), ...],\n"
    "                            \"cycles\"}\n"
    "                 --shifts:  {\"network\", \"n\"[, \"mod\"], \"stage\": [D...],\n"
    "                            \"partial_stage\": [D...] | null, \"individual\": [D...]\n"
    "                            [, \"permutations\": [{\"shift\", \"cycles\"}, ...] with --mod]}\n"
    "  -h, --help     this text\n"
    "\n"
    "Exit status: 0 success, 2 bad input (malformed or non-permutation --perm).\n";

/* Adds member key: the cycle notation of perm (n points).  NOC_ENOMEM. */
static int json_cycles(struct noc_json *j, struct noc_json_node *o, const char *key, const int *perm, int n,
                       struct noc_ctx *ctx)
{
    struct noc_buf c;
    noc_buf_init(&c);
    noc_buf_append(&c, "", 0);
    int rc = noc_perm_format_cycles(perm, n, &c, ctx);
    if (rc == NOC_OK && c.failed)
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    if (rc == NOC_OK)
        noc_json_add_str(j, o, key, c.data);
    noc_buf_free(&c);
    return rc;
}

static void print_route(struct noc_buf *b, const struct noc_min *m, const struct noc_min_result *r,
                        int json)
{
    int half = m->N / 2;
    if (json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *o, *a;
        noc_json_add_str(jd, root, "network", noc_min_name(m));
        noc_json_add_int(jd, root, "n", m->n);
        noc_json_add_bool(jd, root, "passes", r->passes);
        noc_json_add_int(jd, root, "passes_needed", r->passes_needed);
        if (r->passes)
            noc_json_add_null(jd, root, "conflict");
        else {
            o = noc_json_add_object(jd, root, "conflict");
            noc_json_add_int(jd, o, "stage", r->conflict.stage);
            noc_json_add_int(jd, o, "switch", r->conflict.sw);
            noc_json_add_int(jd, o, "port", r->conflict.port);
            a = noc_json_add_array(jd, o, "inputs");
            noc_json_add_int(jd, a, NULL, r->conflict.a);
            noc_json_add_int(jd, a, NULL, r->conflict.b);
        }
        o = noc_json_add_array(jd, root, "settings");
        for (int s = 0; r->passes && s < m->n; s++) {
            a = noc_json_add_array(jd, o, NULL);
            for (int j = 0; j < half; j++)
                noc_json_add_str(jd, a, NULL, r->settings[(size_t)s * half + j] ? "exchange" : "straight");
        }
        cli_json_line(jd, b);
        return;
    }
    noc_buf_printf(b, "%s network, n = %d (N = %d)\n", noc_min_name(m), m->n, m->N);
    if (r->passes) {
        noc_buf_printf(b, "passes: yes (passes_needed 1)\n");
        noc_buf_printf(b, "settings (s = straight, x = exchange; switch 0 first):\n");
        for (int s = 0; s < m->n; s++) {
            noc_buf_printf(b, "  stage %d (Cube_%d):", s, noc_min_stage_cube(m, s));
            for (int j = 0; j < half; j++)
                noc_buf_printf(b, " %c", r->settings[(size_t)s * half + j] ? 'x' : 's');
            noc_buf_append(b, "\n", 1);
        }
    } else {
        noc_buf_printf(b,
                       "passes: no: conflict at stage %d, switch %d: inputs %d and %d both need "
                       "output port %d (%s)\n",
                       r->conflict.stage, r->conflict.sw, r->conflict.a, r->conflict.b,
                       r->conflict.port, r->conflict.port ? "lower" : "upper");
        noc_buf_printf(b, "passes_needed: %d (greedy, in input order)\n", r->passes_needed);
    }
}

/* --shifts [--mod M]: the realisable shifts (mod 2^j, j = n without --mod)
 * under each control model; with --mod also every shift's permutation. */
static int run_shifts(struct noc_buf *b, const struct noc_min *m, int j, int with_mod, int json,
                      struct noc_ctx *ctx)
{
    static const char *const keys[] = {"stage", "partial_stage", "individual"};
    static const char *const labels[] = {"stage control", "partial stage control",
                                         "individual switch control"};
    int st = NOC_OK;
    int M = 1 << j;
    unsigned char *ok = malloc((size_t)m->N);
    int *perm = malloc((size_t)m->N * sizeof *perm);
    if (!ok || !perm) {
        free(ok);
        free(perm);
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    }
    struct noc_json *jd = json ? noc_json_new() : NULL;
    struct noc_json_node *root = noc_json_root(jd), *arr = NULL;
    if (json)
        noc_json_add_str(jd, root, "network", noc_min_name(m));
    if (json)
        noc_json_add_int(jd, root, "n", m->n);
    if (json && with_mod)
        noc_json_add_int(jd, root, "mod", M);
    if (!json && !with_mod)
        noc_buf_printf(b, "shifts x -> x + D mod %d realised in one pass by the %s network:\n", m->N,
                       noc_min_name(m));
    if (!json && with_mod)
        noc_buf_printf(b,
                       "shifts x -> x + D mod %d within groups of %d lines (the low %d address bits\n"
                       "count, the others stay) realised in one pass by the %s network, N = %d:\n",
                       M, M, j, noc_min_name(m), m->N);
    for (int c = NOC_MIN_CTL_STAGE; c <= NOC_MIN_CTL_INDIVIDUAL; c++) {
        if (c == NOC_MIN_CTL_PARTIAL && m->kind != NOC_MIN_CUBE) {
            if (json)
                noc_json_add_null(jd, root, "partial_stage");
            continue;
        }
        if ((st = noc_min_shifts_mod(m, c, j, ok, ctx)))
            break;
        int cnt = 0;
        for (int d = 0; d < M; d++)
            cnt += ok[d];
        if (json)
            arr = noc_json_add_array(jd, root, keys[c]);
        else
            noc_buf_printf(b, "  %s (%d of %d):", labels[c], cnt, M);
        for (int d = 0; d < M; d++)
            if (ok[d] && json)
                noc_json_add_int(jd, arr, NULL, d);
            else if (ok[d])
                noc_buf_printf(b, " shift:%d", d);
        if (!json)
            noc_buf_printf(b, "\n");
    }
    if (!st && with_mod) {
        if (json)
            arr = noc_json_add_array(jd, root, "permutations");
        else
            noc_buf_printf(b, "permutations:\n");
        for (int d = 0; d < M && !st; d++) {
            noc_min_shift_mod_perm(m->N, j, d, perm);
            if (json) {
                struct noc_json_node *o = noc_json_add_object(jd, arr, NULL);
                noc_json_add_int(jd, o, "shift", d);
                st = json_cycles(jd, o, "cycles", perm, m->N, ctx);
                continue;
            }
            noc_buf_printf(b, "  shift %d mod %d: ", d, M);
            st = noc_perm_format_cycles(perm, m->N, b, ctx);
            noc_buf_printf(b, "\n");
        }
    }
    if (json && !st)
        cli_json_line(jd, b);
    else
        noc_json_free(jd);
    free(ok);
    free(perm);
    return st;
}

int cmd_min(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(min_help);
    static const struct option opts[] = {
        {"n", required_argument, NULL, 'n'},
        {"perm", required_argument, NULL, 'p'},
        {"control", required_argument, NULL, 'c'},
        {"shifts", no_argument, NULL, 's'},
        {"mod", required_argument, NULL, 'm'},
        {"format", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    const char *net = NULL, *perm = NULL, *control = NULL;
    long n = -1, mod = 0;
    int shifts = 0, json = 0, rc = 0;
    int *p = NULL;
    struct noc_buf out;
    struct noc_ctx ctx;
    struct noc_min m;
    struct noc_min_result res;
    memset(&res, 0, sizeof res);
    noc_buf_init(&out);
    cli_ctx_init(&ctx);
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+n:", opts, NULL)) != -1 || optind < argc;) {
        if (c == -1) {
            if (net) {
                rc = cli_usage("min: unexpected argument '%s'", argv[optind]);
                goto cleanup;
            }
            net = argv[optind++];
            continue;
        }
        switch (c) {
        case 'n':
            if (noc_parse_int(optarg, 1, NOC_MIN_MAXN, &n)) {
                rc = cli_usage("min: --n must be an integer in 1..%d, not '%s'", NOC_MIN_MAXN, optarg);
                goto cleanup;
            }
            break;
        case 'p': perm = optarg; break;
        case 'c': control = optarg; break;
        case 's': shifts = 1; break;
        case 'm':
            if (noc_parse_int(optarg, 2, 1L << NOC_MIN_MAXN, &mod) || noc_perm_log2(mod) < 0) {
                rc = cli_usage("min: --mod must be a power of two >= 2, not '%s'", optarg);
                goto cleanup;
            }
            break;
        case 'f':
            if (!strcmp(optarg, "json"))
                json = 1;
            else if (strcmp(optarg, "text")) {
                rc = cli_usage("min: --format must be text or json, not '%s'", optarg);
                goto cleanup;
            }
            break;
        default:
            rc = cli_usage("min: unknown option or missing value in '%s' (see 'nocsyn min --help')",
                           argv[optind - 1]);
            goto cleanup;
        }
    }
    if (!net) {
        rc = cli_usage("min: missing network (omega, cube or butterfly)");
        goto cleanup;
    }
    if (n < 0) {
        rc = cli_usage("min: missing --n n");
        goto cleanup;
    }
    if ((perm != NULL) + (control != NULL) + shifts != 1) {
        rc = cli_usage("min: give exactly one of --perm, --control and --shifts");
        goto cleanup;
    }
    if (mod && (!shifts || mod > (1L << n))) {
        rc = cli_usage(shifts ? "min: --mod %ld is larger than N = 2^%ld" : "min: --mod belongs to --shifts",
                       mod, n);
        goto cleanup;
    }
    if (noc_min_init(&m, net, (int)n, &ctx)) {
        rc = cli_fail(&ctx);
        goto cleanup;
    }
    p = malloc((size_t)m.N * sizeof *p);
    if (!p) {
        rc = cli_usage("min: out of memory");
        goto cleanup;
    }
    if (perm) {
        if (noc_perm_read(perm, m.N, p, &ctx) || noc_min_route(&m, p, &res, &ctx)) {
            rc = cli_fail(&ctx);
            goto cleanup;
        }
        print_route(&out, &m, &res, json);
    } else if (control) {
        if (noc_min_stage_control(&m, control, p, &ctx)) {
            rc = cli_fail(&ctx);
            goto cleanup;
        }
        if (json) {
            struct noc_json *jd = noc_json_new();
            struct noc_json_node *root = noc_json_root(jd), *a;
            noc_json_add_str(jd, root, "network", noc_min_name(&m));
            noc_json_add_int(jd, root, "n", m.n);
            noc_json_add_str(jd, root, "control", control);
            a = noc_json_add_array(jd, root, "permutation");
            for (int x = 0; x < m.N; x++)
                noc_json_add_int(jd, a, NULL, p[x]);
            if (json_cycles(jd, root, "cycles", p, m.N, &ctx)) {
                noc_json_free(jd);
                rc = cli_fail(&ctx);
                goto cleanup;
            }
            cli_json_line(jd, &out);
        } else {
            noc_buf_printf(&out, "%s network, n = %d, stage control %s (bit i drives Cube_i):\n",
                           noc_min_name(&m), m.n, control);
            for (int x = 0; x < m.N; x++)
                noc_buf_printf(&out, "%s%d", x ? " " : "", p[x]);
            noc_buf_printf(&out, "\n");
        }
        if (!json && noc_perm_format_cycles(p, m.N, &out, &ctx)) {
            rc = cli_fail(&ctx);
            goto cleanup;
        }
        if (!json)
            noc_buf_printf(&out, "\n");
    } else if (run_shifts(&out, &m, mod ? noc_perm_log2(mod) : m.n, mod != 0, json, &ctx)) {
        rc = cli_fail(&ctx);
        goto cleanup;
    }
    if (out.failed) {
        rc = cli_usage("min: out of memory");
        goto cleanup;
    }
    fwrite(out.data, 1, out.len, stdout);
cleanup:
    noc_min_result_free(&res);
    noc_buf_free(&out);
    free(p);
    return rc;
}
