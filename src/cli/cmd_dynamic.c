/* nocsyn dynamic: dynamic (switched) networks -- crossbar and switch-module
 * counts, Omega networks of k x k switches, Omega broadcast with 4-function
 * 2x2 switches, Clos non-blocking conditions, the shared bus (models in
 * include/nocsyn/calc.h). */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "nocsyn/json.h"
#include "nocsyn/calc.h"
#include "nocsyn/perm.h"
#include "nocsyn/units.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn dynamic crossbar --n N [--m M] [--format text|json]\n"
    "       nocsyn dynamic modules [--sizes 2,4,8] [--format text|json]\n"
    "       nocsyn dynamic omega --k K --n n --perm P [--format text|json]\n"
    "       nocsyn dynamic broadcast --n n --src S [--dest LIST] [--format text|json]\n"
    "       nocsyn dynamic clos --m M --n N --r R [--perm P] [--brute] [--format text|json]\n"
    "       nocsyn dynamic bus --n N [--link-width W --freq MHZ] [--format text|json]\n"
    "\n"
    "Dynamic (switched) networks, after Hwang, \"Advanced Computer Architecture\",\n"
    "sec. 2.4, and Dally & Towles ch. 6.\n"
    "  crossbar   an N x M crossbar (M = N by default): N M crosspoints; N! permutations\n"
    "             (N x N), max!/(max-min)! one-to-one connections (N x M); M^... states\n"
    "             N^M when every output may take any input (broadcast).  Exact integers.\n"
    "  modules    the switch-module table: for each a x a size (default 2, 4, 8) the\n"
    "             legitimate states a^a (each output connected to one input, broadcast\n"
    "             allowed) and the permutation connections a!: 2x2 4 and 2, 4x4 256 and\n"
    "             24, 8x8 16777216 and 40320.  Sizes AxB are allowed (states A^B).\n"
    "  omega      an Omega network of K x K switches on N = K^n lines: n stages, each\n"
    "             preceded by the K-way shuffle (K p + floor(p K / N)) mod N (`nocsyn\n"
    "             perm qshuffle:K`); destination-tag routing, stage s sets output port\n"
    "             = base-K digit n-1-s of the destination.  --perm P (cycle notation,\n"
    "             or an interconnection function of `nocsyn perm`) prints whether it\n"
    "             passes in one pass, the first conflict, the greedy pass count and\n"
    "             every switch's connections.  K = 2 is `nocsyn min omega`.\n"
    "  broadcast  one source to many outputs through the 2x2 Omega network of\n"
    "             4-function switches (straight, exchange, upper broadcast, lower\n"
    "             broadcast): the tree of copies, each used switch with its function.\n"
    "             --dest LIST: comma-separated outputs (default all: a broadcast).\n"
    "  clos       C(m, n, r): r ingress n x m, m middle r x r, r egress m x n switches.\n"
    "             Strictly non-blocking iff m >= 2n - 1 (r >= 2; r = 1 needs only\n"
    "             m >= n), rearrangeable iff m >= n.\n"
    "             --perm P routes a permutation (middle switch per connection, by\n"
    "             splitting the ingress-egress multigraph into n perfect matchings).\n"
    "             --brute checks both properties exhaustively (n r <= 8, m <= 2n+1):\n"
    "             every permutation routed by a backtracking search, and every state\n"
    "             around a request searched for one that blocks it.\n"
    "  bus        N terminals on one shared medium of bandwidth W (W = width x freq\n"
    "             / 8 MB/s): one transfer at a time, aggregate = bisection = W, W / N\n"
    "             per terminal when all send, 1 hop, N taps.\n"
    "\n"
    "Exit status: 0 success (a permutation that does not pass is an answer),\n"
    "1 infeasible (clos --perm with m < n) or a size limit (--brute), 2 bad input.\n";

enum { D_N = 1, D_M, D_K, D_R, D_PERM, D_SRC, D_DEST, D_SIZES, D_BRUTE, D_WIDTH, D_FREQ, D_FORMAT };

struct dyn_opts {
    const char *what;
    const char *val[D_FORMAT + 1];
    int json;
};

static int need_int(const struct dyn_opts *o, int id, const char *name, long lo, long hi, long *v)
{
    if (!o->val[id])
        return cli_usage("dynamic %s: missing %s", o->what, name);
    if (noc_parse_int(o->val[id], lo, hi, v))
        return cli_usage("dynamic %s: %s must be an integer in %ld..%ld, not '%s'", o->what, name, lo,
                         hi, o->val[id]);
    return 0;
}

/* Adds member key: the decimal digits of v. */
static void json_bignum(struct noc_json *j, struct noc_json_node *o, const char *key, const struct noc_bignum *v)
{
    struct noc_buf d;
    noc_buf_init(&d);
    noc_buf_append(&d, "", 0);
    noc_bignum_to_buf(v, &d);
    noc_json_add_str(j, o, key, d.failed ? NULL : d.data);
    noc_buf_free(&d);
}

/* One module's counts: a table row into b, or (jd) the members of object o. */
static int module_row(struct noc_buf *b, struct noc_json *jd, struct noc_json_node *o, int a, int bb,
                      struct noc_ctx *ctx)
{
    struct noc_bignum st, pm;
    long xp;
    noc_bignum_init(&st);
    noc_bignum_init(&pm);
    int rc = noc_dyn_module_counts(a, bb, &st, &pm, &xp, ctx);
    if (!rc) {
        if (jd) {
            noc_json_add_int(jd, o, "inputs", a);
            noc_json_add_int(jd, o, "outputs", bb);
            noc_json_add_int(jd, o, "crosspoints", xp);
            json_bignum(jd, o, "states", &st);
            json_bignum(jd, o, a == bb ? "permutations" : "one_to_one", &pm);
        } else {
            char sz[32];
            snprintf(sz, sizeof sz, "%dx%d", a, bb);
            noc_buf_printf(b, "%-10s %12ld  ", sz, xp);
            noc_bignum_to_buf(&st, b);
            noc_buf_printf(b, "  ");
            noc_bignum_to_buf(&pm, b);
            noc_buf_printf(b, "\n");
        }
    }
    noc_bignum_free(&st);
    noc_bignum_free(&pm);
    return rc;
}

static int run_crossbar(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    long n, m;
    if (need_int(o, D_N, "--n", 1, NOC_DYN_MAXPORTS, &n))
        return 2;
    m = n;
    if (o->val[D_M] && need_int(o, D_M, "--m", 1, NOC_DYN_MAXPORTS, &m))
        return 2;
    struct noc_json *jd = o->json ? noc_json_new() : NULL;
    struct noc_json_node *cnt = NULL;
    if (o->json) {
        noc_json_add_str(jd, noc_json_root(jd), "model", "crossbar");
        cnt = noc_json_add_object(jd, noc_json_root(jd), "counts");
    } else {
        noc_buf_printf(b, "%ld x %ld crossbar (%ld inputs, %ld outputs):\n", n, m, n, m);
        noc_buf_printf(b, "%-10s %12s  %s  %s\n", "size", "crosspoints", "states (any input per output)",
                       n == m ? "permutations" : "one-to-one connections");
    }
    if (module_row(b, jd, cnt, (int)n, (int)m, ctx)) {
        noc_json_free(jd);
        return cli_fail(ctx);
    }
    if (o->json)
        cli_json_line(jd, b);
    return 0;
}

static int run_modules(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    const char *sizes = o->val[D_SIZES] ? o->val[D_SIZES] : "2,4,8";
    struct noc_json *jd = o->json ? noc_json_new() : NULL;
    struct noc_json_node *mods = NULL;
    if (o->json) {
        noc_json_add_str(jd, noc_json_root(jd), "model", "modules");
        mods = noc_json_add_array(jd, noc_json_root(jd), "modules");
    } else
        noc_buf_printf(b, "%-10s %12s  %s  %s\n", "module", "crosspoints", "legitimate states",
                       "permutation connections");
    int rc = 0;
    for (const char *s = sizes; *s;) {
        char tok[32];
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= sizeof tok) {
            rc = cli_usage("dynamic modules: --sizes is a comma-separated list of A or AxB");
            break;
        }
        memcpy(tok, s, len);
        tok[len] = '\0';
        s += len + (s[len] == ',');
        char *x = strchr(tok, 'x');
        long a, bb;
        if (x)
            *x = '\0';
        if (noc_parse_int(tok, 1, NOC_DYN_MAXPORTS, &a) ||
            (x && noc_parse_int(x + 1, 1, NOC_DYN_MAXPORTS, &bb))) {
            rc = cli_usage("dynamic modules: bad size in --sizes (A or AxB, 1..%d)", NOC_DYN_MAXPORTS);
            break;
        }
        if (!x)
            bb = a;
        if (module_row(b, jd, jd ? noc_json_add_object(jd, mods, NULL) : NULL, (int)a, (int)bb, ctx)) {
            rc = cli_fail(ctx);
            break;
        }
    }
    if (rc) {
        noc_json_free(jd);
        return rc;
    }
    if (o->json)
        cli_json_line(jd, b);
    else
        noc_buf_printf(b, "(n x n: n^n states, n! permutations)\n");
    return 0;
}

static int run_omega(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    long k, n;
    if (need_int(o, D_K, "--k", 2, NOC_DYN_OMEGA_MAXN, &k) || need_int(o, D_N, "--n", 1, 12, &n))
        return 2;
    if (!o->val[D_PERM])
        return cli_usage("dynamic omega: missing --perm P");
    long N = 1;
    for (long i = 0; i < n && N <= NOC_DYN_OMEGA_MAXN; i++)
        N *= k;
    if (N > NOC_DYN_OMEGA_MAXN)
        return cli_usage("dynamic omega: K^n must be <= %d lines", NOC_DYN_OMEGA_MAXN);
    int *p = malloc((size_t)N * sizeof *p), rc = 0;
    struct noc_dyn_omega_result r;
    memset(&r, 0, sizeof r);
    if (!p)
        return cli_usage("dynamic: out of memory");
    if (noc_perm_read(o->val[D_PERM], (int)N, p, ctx) || noc_dyn_omega_route((int)k, (int)n, p, &r, ctx)) {
        rc = cli_fail(ctx);
        goto cleanup;
    }
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *c, *a;
        noc_json_add_str(jd, root, "model", "omega");
        noc_json_add_int(jd, root, "k", k);
        noc_json_add_int(jd, root, "n", n);
        noc_json_add_int(jd, root, "N", N);
        noc_json_add_bool(jd, root, "passes", r.passes);
        noc_json_add_int(jd, root, "passes_needed", r.passes_needed);
        if (r.passes)
            noc_json_add_null(jd, root, "conflict");
        else {
            c = noc_json_add_object(jd, root, "conflict");
            noc_json_add_int(jd, c, "stage", r.conflict.stage);
            noc_json_add_int(jd, c, "switch", r.conflict.sw);
            noc_json_add_int(jd, c, "port", r.conflict.port);
            a = noc_json_add_array(jd, c, "inputs");
            noc_json_add_int(jd, a, NULL, r.conflict.a);
            noc_json_add_int(jd, a, NULL, r.conflict.b);
        }
        c = noc_json_add_array(jd, root, "lines");
        for (int s = 0; s < n; s++) {
            a = noc_json_add_array(jd, c, NULL);
            for (int x = 0; x < N; x++)
                noc_json_add_int(jd, a, NULL, r.pos[(size_t)s * N + x]);
        }
        cli_json_line(jd, b);
        goto cleanup;
    }
    noc_buf_printf(b, "omega network of %ldx%ld switches, n = %ld stages, N = %ld lines (%ld switches "
                      "per stage)\n",
                   k, k, n, N, N / k);
    if (r.passes)
        noc_buf_printf(b, "passes: yes (passes_needed 1)\n");
    else
        noc_buf_printf(b, "passes: no: conflict at stage %d, switch %d: inputs %d and %d both need "
                          "output port %d\npasses_needed: %d (greedy, in input order)\n",
                       r.conflict.stage, r.conflict.sw, r.conflict.a, r.conflict.b, r.conflict.port,
                       r.passes_needed);
    noc_buf_printf(b, "line of every input after each stage (input: stage 0 .. stage n-1):\n");
    for (int x = 0; x < N; x++) {
        noc_buf_printf(b, "  %d:", x);
        for (int s = 0; s < n; s++)
            noc_buf_printf(b, " %d", r.pos[(size_t)s * N + x]);
        noc_buf_printf(b, "\n");
    }
cleanup:
    noc_dyn_omega_free(&r);
    free(p);
    return rc;
}

static int run_broadcast(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    long n, src;
    if (need_int(o, D_N, "--n", 1, 12, &n) || need_int(o, D_SRC, "--src", 0, (1L << n) - 1, &src))
        return 2;
    int N = 1 << n, half = N / 2, used, rc = 0;
    unsigned char *dest = calloc((size_t)N, 1), *func = malloc((size_t)n * half);
    if (!dest || !func) {
        free(dest);
        free(func);
        return cli_usage("dynamic: out of memory");
    }
    if (!o->val[D_DEST] || !strcmp(o->val[D_DEST], "all")) {
        memset(dest, 1, (size_t)N);
    } else {
        for (const char *s = o->val[D_DEST]; *s;) {
            char tok[24];
            size_t len = strcspn(s, ",");
            long d;
            if (len == 0 || len >= sizeof tok) {
                rc = cli_usage("dynamic broadcast: --dest is 'all' or a comma-separated list of outputs");
                goto cleanup;
            }
            memcpy(tok, s, len);
            tok[len] = '\0';
            s += len + (s[len] == ',');
            if (noc_parse_int(tok, 0, N - 1, &d)) {
                rc = cli_usage("dynamic broadcast: destination '%s' is not an output 0..%d", tok, N - 1);
                goto cleanup;
            }
            dest[d] = 1;
        }
    }
    if (noc_dyn_omega_broadcast((int)n, (int)src, dest, func, &used, ctx)) {
        rc = cli_fail(ctx);
        goto cleanup;
    }
    int ndest = 0;
    for (int d = 0; d < N; d++)
        ndest += dest[d];
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *st, *a;
        noc_json_add_str(jd, root, "model", "broadcast");
        noc_json_add_int(jd, root, "n", n);
        noc_json_add_int(jd, root, "N", N);
        noc_json_add_int(jd, root, "src", src);
        noc_json_add_int(jd, root, "destinations", ndest);
        noc_json_add_int(jd, root, "switches_used", used);
        st = noc_json_add_array(jd, root, "stages");
        for (int s = 0; s < n; s++) {
            a = noc_json_add_array(jd, st, NULL);
            for (int j = 0; j < half; j++)
                noc_json_add_str(jd, a, NULL, noc_dyn_func_name(func[(size_t)s * half + j]));
        }
        cli_json_line(jd, b);
        goto cleanup;
    }
    noc_buf_printf(b, "2x2 omega network, n = %ld, N = %d: input %ld to %d output%s through %d "
                      "switch%s\n",
                   n, N, src, ndest, ndest == 1 ? "" : "s", used, used == 1 ? "" : "es");
    for (int s = 0; s < n; s++) {
        noc_buf_printf(b, "  stage %d:", s);
        for (int j = 0; j < half; j++)
            if (func[(size_t)s * half + j])
                noc_buf_printf(b, " sw%d %s;", j, noc_dyn_func_name(func[(size_t)s * half + j]));
        noc_buf_printf(b, "\n");
    }
cleanup:
    free(dest);
    free(func);
    return rc;
}

static int run_clos(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    long m, n, r;
    struct noc_dyn_clos c;
    if (need_int(o, D_M, "--m", 1, NOC_DYN_MAXPORTS, &m) || need_int(o, D_N, "--n", 1, NOC_DYN_MAXPORTS, &n) ||
        need_int(o, D_R, "--r", 1, NOC_DYN_MAXPORTS, &r))
        return 2;
    if (noc_dyn_clos_init(&c, (int)m, (int)n, (int)r, ctx))
        return cli_fail(ctx);
    int bs = -1, br = -1, worst = 0, N = c.n * c.r;
    if (o->val[D_BRUTE] && noc_dyn_clos_brute(&c, &bs, &br, &worst, ctx))
        return cli_fail(ctx);
    int *p = NULL, *mid = NULL;
    if (o->val[D_PERM]) {
        p = malloc((size_t)N * sizeof *p);
        mid = malloc((size_t)N * sizeof *mid);
        if (!p || !mid || noc_perm_read(o->val[D_PERM], N, p, ctx) || noc_dyn_clos_route(&c, p, mid, ctx)) {
            free(p);
            free(mid);
            return p && mid ? cli_fail(ctx) : cli_usage("dynamic: out of memory");
        }
    }
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd), *a;
        noc_json_add_str(jd, root, "model", "clos");
        noc_json_add_int(jd, root, "m", m);
        noc_json_add_int(jd, root, "n", n);
        noc_json_add_int(jd, root, "r", r);
        noc_json_add_int(jd, root, "N", N);
        noc_json_add_bool(jd, root, "strict", c.strict);
        noc_json_add_bool(jd, root, "rearrangeable", c.rearrangeable);
        if (bs >= 0) {
            a = noc_json_add_object(jd, root, "brute");
            noc_json_add_bool(jd, a, "strict", bs);
            noc_json_add_bool(jd, a, "rearrangeable", br);
            noc_json_add_int(jd, a, "max_busy", worst);
        }
        if (mid) {
            a = noc_json_add_array(jd, root, "middle");
            for (int x = 0; x < N; x++)
                noc_json_add_int(jd, a, NULL, mid[x]);
        }
        cli_json_line(jd, b);
    } else {
        noc_buf_printf(b, "clos C(m=%ld, n=%ld, r=%ld): %d terminals, %ld ingress %ldx%ld, %ld middle "
                          "%ldx%ld, %ld egress %ldx%ld switches\n",
                       m, n, r, N, r, n, m, m, r, r, r, m, n);
        if (r == 1)
            noc_buf_printf(b, "strictly non-blocking:       %s (r = 1: m >= n = %ld)\n",
                           c.strict ? "yes" : "no", n);
        else
            noc_buf_printf(b, "strictly non-blocking:       %s (m >= 2n - 1 = %ld)\n",
                           c.strict ? "yes" : "no", 2 * n - 1);
        noc_buf_printf(b, "rearrangeably non-blocking:  %s (m >= n = %ld)\n",
                       c.rearrangeable ? "yes" : "no", n);
        if (bs >= 0)
            noc_buf_printf(b, "brute force: strict %s (a request finds up to %d of %ld middle switches "
                              "busy), rearrangeable %s (%s of the %d! permutations routed)\n",
                           bs ? "yes" : "no", worst, m, br ? "yes" : "no", br ? "every one" : "not all", N);
        if (mid) {
            noc_buf_printf(b, "middle switch of each connection (input -> output: middle):\n");
            for (int x = 0; x < N; x++)
                noc_buf_printf(b, "  %d -> %d: %d\n", x, p[x], mid[x]);
        }
    }
    free(p);
    free(mid);
    return 0;
}

static int run_bus(const struct dyn_opts *o, struct noc_buf *b, struct noc_ctx *ctx)
{
    long n;
    double w = 0, f = 0;
    if (need_int(o, D_N, "--n", 1, 1L << 24, &n))
        return 2;
    if (!o->val[D_WIDTH] != !o->val[D_FREQ])
        return cli_usage("dynamic bus: give --link-width and --freq together");
    if (o->val[D_WIDTH] && (noc_parse_double(o->val[D_WIDTH], &w) || !(w > 0 && w <= 4096) ||
                            cli_freq_value(o->val[D_FREQ], &f)))
        return cli_usage("dynamic bus: --link-width (bits, <= 4096) and --freq (MHz, <= 1e5) must be numbers > 0");
    double W = noc_link_mbps(w, f);
    /* uniform traffic with self pairs: every message crosses the medium
     * (self messages too, as in eval's uniform), so the medium carries N
     * units per unit injection: throughput 1/N of injection. */
    if (o->json) {
        struct noc_json *jd = noc_json_new();
        struct noc_json_node *root = noc_json_root(jd);
        noc_json_add_str(jd, root, "model", "bus");
        noc_json_add_int(jd, root, "terminals", n);
        noc_json_add_int(jd, root, "taps", n);
        noc_json_add_int(jd, root, "hops", 1);
        noc_json_add_int(jd, root, "max_channel_load", n);
        noc_json_add_num(jd, root, "throughput", 1.0 / (double)n);
        if (W > 0) {
            noc_json_add_num(jd, root, "bus_mbps", W);
            noc_json_add_num(jd, root, "aggregate_mbps", W);
            noc_json_add_num(jd, root, "bisection_mbps", W);
            noc_json_add_num(jd, root, "per_terminal_mbps", W / (double)n);
        }
        cli_json_line(jd, b);
        return 0;
    }
    noc_buf_printf(b, "bus of %ld terminals (one shared medium, %ld taps, 1 hop between any two)\n", n, n);
    noc_buf_printf(b, "max channel load  %ld (every transfer uses the medium)  throughput %.10g of "
                      "injection\n",
                   n, 1.0 / (double)n);
    if (W > 0)
        noc_buf_printf(b, "bandwidth         bus %.10g MB/s = aggregate = bisection; %.10g MB/s per "
                          "terminal when all send\n",
                       W, W / (double)n);
    (void)ctx;
    return 0;
}

int cmd_dynamic(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    static const struct option opts[] = {
        {"n", required_argument, NULL, D_N},         {"m", required_argument, NULL, D_M},
        {"k", required_argument, NULL, D_K},         {"r", required_argument, NULL, D_R},
        {"perm", required_argument, NULL, D_PERM},   {"src", required_argument, NULL, D_SRC},
        {"dest", required_argument, NULL, D_DEST},   {"sizes", required_argument, NULL, D_SIZES},
        {"brute", no_argument, NULL, D_BRUTE},       CLI_OPT_LINK_WIDTH(D_WIDTH),
        CLI_OPT_FREQ(D_FREQ),   {"format", required_argument, NULL, D_FORMAT},
        {NULL, 0, NULL, 0},
    };
    static const struct {
        const char *name;
        int (*run)(const struct dyn_opts *, struct noc_buf *, struct noc_ctx *);
        const char *allowed; /* option ids allowed, as characters */
    } models[] = {
        {"crossbar", run_crossbar, "\x01\x02"},
        {"modules", run_modules, "\x08"},
        {"omega", run_omega, "\x01\x03\x05"},
        {"broadcast", run_broadcast, "\x01\x06\x07"},
        {"clos", run_clos, "\x01\x02\x04\x05\x09"},
        {"bus", run_bus, "\x01\x0a\x0b"},
    };
    struct dyn_opts o;
    memset(&o, 0, sizeof o);
    opterr = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+", opts, NULL)) != -1 || optind < argc;) {
        if (c == -1) {
            if (o.what)
                return cli_usage("dynamic: unexpected argument '%s'", argv[optind]);
            o.what = argv[optind++];
            continue;
        }
        if (c <= 0 || c > D_FORMAT)
            return cli_usage("dynamic: unknown option or missing value in '%s' (see 'nocsyn dynamic --help')",
                             argv[optind - 1]);
        o.val[c] = optarg ? optarg : "";
    }
    if (o.val[D_FORMAT]) {
        if (!strcmp(o.val[D_FORMAT], "json"))
            o.json = 1;
        else if (strcmp(o.val[D_FORMAT], "text"))
            return cli_usage("dynamic: --format must be text or json, not '%s'", o.val[D_FORMAT]);
    }
    if (!o.what)
        return cli_usage("dynamic: missing network (crossbar, modules, omega, broadcast, clos or bus)");
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        if (strcmp(o.what, models[i].name))
            continue;
        for (int id = 1; id < D_FORMAT; id++)
            if (o.val[id] && !strchr(models[i].allowed, id))
                for (const struct option *l = opts; l->name; l++)
                    if (l->val == id)
                        return cli_usage("dynamic %s: --%s does not apply (see 'nocsyn dynamic --help')",
                                         o.what, l->name);
        struct noc_ctx ctx;
        struct noc_buf b;
        cli_ctx_init(&ctx);
        noc_buf_init(&b);
        int rc = models[i].run(&o, &b, &ctx);
        if (rc == 0 && b.failed)
            rc = cli_usage("dynamic: out of memory");
        if (rc == 0)
            fwrite(b.data, 1, b.len, stdout);
        noc_buf_free(&b);
        return rc;
    }
    return cli_usage("dynamic: unknown network '%s' (crossbar, modules, omega, broadcast, clos or bus)",
                     o.what);
}
