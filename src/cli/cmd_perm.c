/* nocsyn perm: interconnection functions (INTERFACE 3.6). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/perm.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char perm_help_head[] =
    "usage: nocsyn perm FUNC --N N [X ...] [--cycles] [--inverse] [--format text|json]\n"
    "\n"
    "Evaluates an interconnection function on N addresses (bit 0 is the least\n"
    "significant address bit; the bit-level functions need N = 2^n, identity,\n"
    "shift and qshuffle take any N).  With X values prints f(X) for each, one\n"
    "per line; without, the whole permutation f(0) f(1) ... f(N-1) on one line.\n"
    "\n"
    "Options:\n"
    "  --N N          number of addresses (2^30 at most; whole\n"
    "                 permutations up to 2^24)\n"
    "  --cycles       print the whole permutation in cycle notation: (a b c) sends\n"
    "                 a to b, b to c, c to a; every cycle is written, fixed points\n"
    "                 included, each starting at its smallest element, in order of\n"
    "                 that element, e.g. shuffle on N=8: (0)(1 2 4)(3 6 5)(7).\n"
    "                 `nocsyn min --perm` reads this notation (fixed points may be\n"
    "                 written or omitted there).\n"
    "  --inverse      use the inverse function: print which input reaches X\n"
    "  --format F     text (default) or json: {\"function\", \"N\", \"inverse\",\n"
    "                 \"permutation\": [...], \"cycles\": str} or, with X values,\n"
    "                 {\"function\", \"N\", \"inverse\", \"inputs\": [...], \"outputs\": [...]}\n"
    "  -h, --help     this text\n"
    "\n"
    "FUNC is one function or a comma-separated composition applied left to right\n"
    "(\"shuffle,cube:0\" = shuffle first, then cube:0).  Functions (Siegel,\n"
    "\"Interconnection Networks for Large-Scale Parallel Processing\", ch. 2):\n";

static int perm_help(void)
{
    fputs(perm_help_head, stdout);
    const char *name, *arg, *desc;
    char form[48];
    for (int i = 0; noc_perm_func_info(i, &name, &arg, &desc) == 0; i++) {
        snprintf(form, sizeof form, "%s%s%s", name, *arg ? ":" : "", arg);
        printf("  %-18s %s\n", form, desc);
    }
    fputs("Sub/super forms with K = n equal the full function; K = 1 gives the identity\n"
          "for shuffle, butterfly and bitrev.  qshuffle:4 on N = 64 is the 4-way shuffle\n"
          "between the stages of an Omega network of 4x4 switches (`nocsyn dynamic\n"
          "omega --k 4`); gshift:K is the shift mod 2^K that the STARAN flip network\n"
          "performs under partial stage control (`nocsyn min cube --shifts --mod M`).\n"
          "\nExit status: 0 success, 2 bad function, N or X.\n",
          stdout);
    return 0;
}

int cmd_perm(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return perm_help();
    static const struct option opts[] = {
        {"N", required_argument, NULL, 'N'},
        {"cycles", no_argument, NULL, 'c'},
        {"inverse", no_argument, NULL, 'i'},
        {"format", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    long N = -1;
    int cycles = 0, inverse = 0, json = 0, rc = 0;
    int *tab = NULL, *inv = NULL;
    long *xs = NULL; /* positional X: argv indices, then values */
    struct noc_buf out;
    struct noc_ctx ctx;
    noc_buf_init(&out);
    cli_ctx_init(&ctx);
    /* Positional arguments (FUNC, then X values) are collected in order. */
    xs = calloc((size_t)argc + 1, sizeof *xs);
    if (!xs)
        return cli_usage("perm: out of memory");
    const char *func = NULL;
    long nx = 0;
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+N:", opts, NULL)) != -1 || optind < argc;) {
        if (c == -1) {
            if (!func)
                func = argv[optind];
            else
                xs[nx++] = optind;
            optind++;
            continue;
        }
        switch (c) {
        case 'N':
            if (noc_parse_int(optarg, 1, 1L << NOC_PERM_MAXBITS, &N)) {
                rc = cli_usage("perm: --N must be an integer in 1..2^%d, not '%s'",
                               NOC_PERM_MAXBITS, optarg);
                goto cleanup;
            }
            break;
        case 'c': cycles = 1; break;
        case 'i': inverse = 1; break;
        case 'f':
            if (!strcmp(optarg, "json"))
                json = 1;
            else if (strcmp(optarg, "text")) {
                rc = cli_usage("perm: --format must be text or json, not '%s'", optarg);
                goto cleanup;
            }
            break;
        default:
            rc = cli_usage("perm: unknown option or missing value in '%s' (see 'nocsyn perm --help')",
                           argv[optind - 1]);
            goto cleanup;
        }
    }
    if (!func) {
        rc = cli_usage("perm: missing FUNC (see 'nocsyn perm --help')");
        goto cleanup;
    }
    if (N < 0) {
        rc = cli_usage("perm: missing --N N");
        goto cleanup;
    }
    struct noc_perm_fn f;
    if (noc_perm_parse(&f, func, N, &ctx)) {
        rc = cli_fail(&ctx);
        goto cleanup;
    }
    for (long i = 0; i < nx; i++) {
        long v;
        if (noc_parse_int(argv[xs[i]], 0, N - 1, &v)) {
            rc = cli_usage("perm: X must be an integer in 0..%ld, not '%s'", N - 1, argv[xs[i]]);
            goto cleanup;
        }
        xs[i] = v;
    }
    if (nx > 0 && cycles) {
        rc = cli_usage("perm: --cycles prints the whole permutation; give no X values");
        goto cleanup;
    }
    if (nx == 0 || inverse) {
        if (noc_perm_table(&f, &tab, &ctx)) {
            rc = cli_fail(&ctx);
            goto cleanup;
        }
    }
    if (inverse) {
        inv = malloc((size_t)N * sizeof *inv);
        if (!inv || noc_perm_inverse(tab, (int)N, inv, &ctx)) {
            rc = inv ? cli_fail(&ctx) : cli_usage("perm: out of memory");
            goto cleanup;
        }
        free(tab);
        tab = inv;
        inv = NULL;
    }
    struct noc_json *jd = json ? noc_json_new() : NULL;
    struct noc_json_node *root = noc_json_root(jd), *arr = NULL;
    if (json) {
        noc_json_add_str(jd, root, "function", func);
        noc_json_add_int(jd, root, "N", N);
        noc_json_add_bool(jd, root, "inverse", inverse);
    }
    if (nx > 0) {
        if (json) {
            arr = noc_json_add_array(jd, root, "inputs");
            for (long i = 0; i < nx; i++)
                noc_json_add_int(jd, arr, NULL, xs[i]);
            arr = noc_json_add_array(jd, root, "outputs");
        }
        for (long i = 0; i < nx; i++) {
            long y = tab ? tab[xs[i]] : noc_perm_apply(&f, xs[i]);
            if (json)
                noc_json_add_int(jd, arr, NULL, y);
            else
                noc_buf_printf(&out, "%ld\n", y);
        }
        if (json)
            cli_json_line(jd, &out);
    } else if (json) {
        arr = noc_json_add_array(jd, root, "permutation");
        for (long x = 0; x < N; x++)
            noc_json_add_int(jd, arr, NULL, tab[x]);
        struct noc_buf cyc;
        noc_buf_init(&cyc);
        noc_buf_append(&cyc, "", 0);
        if (noc_perm_format_cycles(tab, (int)N, &cyc, &ctx)) {
            noc_buf_free(&cyc);
            noc_json_free(jd);
            rc = cli_fail(&ctx);
            goto cleanup;
        }
        noc_json_add_str(jd, root, "cycles", cyc.failed ? NULL : cyc.data);
        if (cyc.failed)
            out.failed = 1;
        noc_buf_free(&cyc);
        cli_json_line(jd, &out);
    } else if (cycles) {
        if (noc_perm_format_cycles(tab, (int)N, &out, &ctx)) {
            rc = cli_fail(&ctx);
            goto cleanup;
        }
        noc_buf_append(&out, "\n", 1);
    } else {
        for (long x = 0; x < N; x++)
            noc_buf_printf(&out, "%s%d", x ? " " : "", tab[x]);
        noc_buf_append(&out, "\n", 1);
    }
    if (out.failed) {
        rc = cli_usage("perm: out of memory");
        goto cleanup;
    }
    fwrite(out.data, 1, out.len, stdout);
cleanup:
    noc_buf_free(&out);
    free(tab);
    free(inv);
    free(xs);
    return rc;
}
