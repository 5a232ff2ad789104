/* nocsyn route TOPOLOGY --from A --to B [--routing R] [--count] ...
 * (docs/INTERFACE.md section 3.7): the router paths between two terminals (or routers)
 * under a routing model, and the deadlock check of a model. */
#define _DEFAULT_SOURCE
#include "cli.h"

#include "nocsyn/route.h"
#include "nocsyn/topo.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: nocsyn route TOPOLOGY --from A --to B [--routing R] [--count] [--weights]\n"
    "                    [--limit N]\n"
    "       nocsyn route TOPOLOGY --deadlock [--routing R] [--vcs V]\n"
    "       nocsyn route TOPOLOGY --from A --multicast LIST|all [--routing R]\n"
    "\n"
    "Prints the router paths from A to B, one path a line, as space-separated\n"
    "router names from A's router to B's router.  A and B are terminal names, or\n"
    "router names (the path then starts / ends at that router).\n"
    "TOPOLOGY is a file (.dot, .gv, .anynet), - (stdin: DOT or anynet) or an\n"
    "inline generator gen:FAMILY:P=V,... (e.g. gen:mesh:k=4,n=2).\n"
    "\n"
    "Options:\n"
    "  --from A        source terminal or router\n"
    "  --to B          destination terminal or router\n"
    "  --multicast L   instead of --to: a multicast from A to the comma-separated\n"
    "                  terminals L (all: a broadcast to every other terminal) as a\n"
    "                  tree, the union of the routing's paths (default routing dor\n"
    "                  where it applies, else updown), against separate unicasts:\n"
    "                  traffic = router-to-router channels used (a channel two\n"
    "                  unicasts share counts twice, in the tree once), distance =\n"
    "                  the longest path (Hwang, Advanced Computer Architecture,\n"
    "                  sec. 7.4); then the tree's channels\n"
    "  --routing R     routing model (default ecmp):\n"
    "                    ecmp     all minimal router-level paths, listed in\n"
    "                             lexicographic order of router ids\n"
    "                    dor      dimension order (X first) on meshes, tori, rings,\n"
    "                             cmesh, flattened butterflies; e-cube on\n"
    "                             hypercubes; torus ties (distance k/2) give both\n"
    "                             directions, weight 1/2 each, + direction first\n"
    "                    updown   up*-down*: one shortest legal path, lowest next\n"
    "                             router id on ties (root: largest degree)\n"
    "                    nca      fat trees, Clos: up*-down* with every top switch a\n"
    "                             root, destination-mod-k over the tied next channels,\n"
    "                             turned by the input port at leaves\n"
    "                    desttag  destination-tag on butterfly, omega, cube MINs\n"
    "                    table    the routes stored with the topology\n"
    "                    westfirst, oddeven  minimal adaptive routing of the turn\n"
    "                             models on 2-D meshes: every productive\n"
    "                             direction the model allows, traffic split equally\n"
    "                             (west-first: Glass & Ni 1992; odd-even: Chiu 2000)\n"
    "                    duato    Duato's fully adaptive minimal routing (2-D\n"
    "                             meshes): every productive direction, split\n"
    "                             equally; --deadlock checks the dor escape VC\n"
    "                  (ideal and optimal are fractional load models: see eval)\n"
    "  --count         print only the number of paths (exact, however large)\n"
    "  --weights       prefix each path with its traffic fraction\n"
    "  --limit N       refuse to list more than N paths (default 100000; use\n"
    "                  --count for the number)\n"
    "  --deadlock      instead of paths, check the model's channel dependency\n"
    "                  graph over all terminal pairs (deterministic models)\n"
    "  --vcs V         virtual channels for --deadlock (default 1; dor on tori\n"
    "                  and rings uses dateline classes with V >= 2)\n"
    "  -h, --help      this help\n"
    "\n"
    "Examples:\n"
    "  nocsyn route gen:mesh:k=4,n=2 --from t0 --to t15 --routing dor\n"
    "  nocsyn route gen:mesh:k=64,n=2 --from t0 --to t4095 --count\n"
    "  nocsyn route gen:torus:k=4,n=2 --deadlock --routing dor --vcs 2\n"
    "\n"
    "Exit status: 0 success; 1 no path, or more paths than --limit; 2 bad input or\n"
    "usage (unknown node, a model that does not apply to the topology).\n";

struct route_opts {
    const char *topo, *from, *to, *routing, *multicast;
    int routing_given;
    int count, weights, deadlock, vcs;
    long limit;
};

static int parse_opts(int argc, char **argv, struct route_opts *o)
{
    static const struct option longopts[] = {
        {"from", required_argument, NULL, 'f'},  {"to", required_argument, NULL, 't'},
        {"routing", required_argument, NULL, 'r'}, {"count", no_argument, NULL, 'c'},
        {"weights", no_argument, NULL, 'w'},     {"limit", required_argument, NULL, 'l'},
        {"deadlock", no_argument, NULL, 'd'},    {"vcs", required_argument, NULL, 'v'},
        {"multicast", required_argument, NULL, 'M'}, {NULL, 0, NULL, 0},
    };
    long v;
    memset(o, 0, sizeof *o);
    o->routing = "ecmp";
    o->vcs = 1;
    o->limit = 100000;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': o->from = optarg; break;
        case 't': o->to = optarg; break;
        case 'r': o->routing = optarg; o->routing_given = 1; break;
        case 'M': o->multicast = optarg; break;
        case 'c': o->count = 1; break;
        case 'w': o->weights = 1; break;
        case 'd': o->deadlock = 1; break;
        case 'l':
            if (noc_parse_int(optarg, 0, 1000000000L, &v))
                return cli_usage("route: --limit must be an integer in 0..1000000000, not '%s'", optarg);
            o->limit = v;
            break;
        case 'v':
            if (noc_parse_int(optarg, 1, 64, &v))
                return cli_usage("route: --vcs must be an integer in 1..64, not '%s'", optarg);
            o->vcs = (int)v;
            break;
        case ':': return cli_usage("route: option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage("route: unknown option '%s' (see 'nocsyn route --help')", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_usage("route: missing TOPOLOGY (see 'nocsyn route --help')");
    if (optind + 1 < argc)
        return cli_usage("route: unexpected argument '%s'", argv[optind + 1]);
    o->topo = argv[optind];
    if (o->deadlock && (o->from || o->to || o->count || o->weights))
        return cli_usage("route: --deadlock checks all pairs; it takes no --from, --to, --count "
                         "or --weights");
    if (o->multicast && (o->to || o->deadlock || o->count || o->weights || !o->from))
        return cli_usage("route: --multicast takes --from and no --to, --deadlock, --count or --weights");
    if (!o->deadlock && !o->multicast && (!o->from || !o->to))
        return cli_usage("route: --from and --to are required (see 'nocsyn route --help')");
    return 0;
}

/* Router names along a channel path, consecutive repeats dropped. */
static void print_channels(const struct noc_topo *t, const int *ch, int n, struct noc_buf *out)
{
    int last = -1, first = 1;
    for (int j = 0; j < n; j++) {
        int ends[2] = {t->ch[ch[j]].src, t->ch[ch[j]].dst};
        for (int e = 0; e < 2; e++)
            if (noc_topo_is_router(t, ends[e]) && ends[e] != last) {
                noc_buf_printf(out, "%s%s", first ? "" : " ", t->nodes[ends[e]].name);
                last = ends[e];
                first = 0;
            }
    }
    noc_buf_append(out, "\n", 1);
}

struct list_ctx {
    const struct noc_topo *t;
    struct noc_buf *out;
    int weights;
    double w;
};

static int list_fn(void *ud, const int *routers, int len)
{
    struct list_ctx *lc = ud;
    if (lc->weights) {
        noc_buf_num(lc->out, lc->w);
        noc_buf_append(lc->out, " ", 1);
    }
    for (int i = 0; i < len; i++)
        noc_buf_printf(lc->out, "%s%s", i ? " " : "", lc->t->nodes[routers[i]].name);
    noc_buf_append(lc->out, "\n", 1);
    return 0;
}

static int route_ecmp(const struct route_opts *o, const struct noc_topo *t, int s, int d,
                      struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_bignum cnt;
    int rc;
    noc_bignum_init(&cnt);
    NOC_CHECK(noc_minpaths_count(t, s, d, &cnt, NULL, ctx));
    if (o->count) {
        noc_bignum_to_buf(&cnt, out);
        noc_buf_append(out, "\n", 1);
        goto cleanup;
    }
    if (noc_bignum_cmp_u64(&cnt, (uint64_t)o->limit) > 0) {
        struct noc_buf num;
        noc_buf_init(&num);
        noc_bignum_to_buf(&cnt, &num);
        noc_buf_append(&num, "", 1);
        rc = noc_error(ctx, NOC_ELIMIT, NULL, 0,
                       "%s minimal paths from %s to %s, more than the listing limit of %ld "
                       "(use --count for the number, or raise --limit)",
                       num.failed ? "too many" : num.data, o->from, o->to, o->limit);
        noc_buf_free(&num);
        goto cleanup;
    }
    struct list_ctx lc = {t, out, o->weights, 1.0 / noc_bignum_to_double(&cnt)};
    rc = noc_minpaths_list(t, s, d, o->limit, list_fn, &lc, ctx);
cleanup:
    noc_bignum_free(&cnt);
    return rc;
}

static int route_model(const struct route_opts *o, const struct noc_topo *t, int model, int s,
                       int d, struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_routing r;
    struct noc_pathset ps;
    int rc;
    noc_pathset_init(&ps);
    memset(&r, 0, sizeof r); /* noc_routing_free is harmless on it */
    NOC_CHECK(noc_routing_init(&r, t, model, o->vcs, ctx));
    NOC_CHECK(noc_routing_paths(&r, s, d, &ps, ctx));
    if (o->count) {
        noc_buf_printf(out, "%d\n", ps.npaths);
        goto cleanup;
    }
    if (ps.npaths > o->limit) {
        rc = noc_error(ctx, NOC_ELIMIT, NULL, 0, "%d paths, more than the listing limit of %ld",
                       ps.npaths, o->limit);
        goto cleanup;
    }
    for (int i = 0; i < ps.npaths; i++) {
        if (o->weights) {
            noc_buf_num(out, ps.weight[i]);
            noc_buf_append(out, " ", 1);
        }
        print_channels(t, ps.ch + ps.start[i], ps.start[i + 1] - ps.start[i], out);
    }
cleanup:
    noc_routing_free(&r);
    noc_pathset_free(&ps);
    return rc;
}

static int route_deadlock(const struct route_opts *o, const struct noc_topo *t, int model,
                          struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_routing r;
    struct noc_deadlock dl;
    int rc;
    noc_deadlock_init(&dl);
    memset(&r, 0, sizeof r);
    NOC_CHECK(noc_routing_init(&r, t, model, o->vcs, ctx));
    NOC_CHECK(noc_routing_deadlock(&r, &dl, ctx));
    const char *vc = o->vcs == 1 ? "VC" : "VCs";
    if (dl.acyclic) {
        noc_buf_printf(out, "deadlock free: %s with %d %s; the channel dependency graph is acyclic "
                            "(%d nodes, %ld dependencies)\n",
                       o->routing, o->vcs, vc, dl.cdg_nodes, dl.cdg_edges);
        goto cleanup;
    }
    noc_buf_printf(out, "deadlock possible: %s with %d %s; dependency cycle:", o->routing, o->vcs, vc);
    for (int i = 0; i < dl.ncycle; i++) {
        const struct noc_channel *c = &t->ch[dl.cycle_ch[i]];
        noc_buf_printf(out, " %s->%s", t->nodes[c->src].name, t->nodes[c->dst].name);
        if (o->vcs > 1)
            noc_buf_printf(out, "/vc%d", dl.cycle_vc[i]);
    }
    noc_buf_append(out, "\n", 1);
cleanup:
    noc_routing_free(&r);
    noc_deadlock_free(&dl);
    return rc;
}

static int find_node(const struct noc_topo *t, const char *topo, const char *name, int *v);

/* --multicast: the tree against unicasts, then the tree's channels. */
static int route_multicast(const struct route_opts *o, const struct noc_topo *t, int s,
                           struct noc_buf *out, struct noc_ctx *ctx)
{
    int model, rc = 0, n = 0;
    struct noc_routing r;
    struct noc_multicast m;
    int *dests = malloc(((size_t)t->nterminals + 1) * sizeof *dests);
    memset(&m, 0, sizeof m);
    if (!dests)
        return cli_usage("route: out of memory");
    if (!strcmp(o->multicast, "all")) {
        for (int i = 0; i < t->nterminals; i++)
            if (noc_topo_term_node(t, i) != s)
                dests[n++] = noc_topo_term_node(t, i);
    } else {
        char name[256];
        for (const char *p = o->multicast; *p;) {
            size_t len = strcspn(p, ",");
            if (len == 0 || len >= sizeof name || n >= t->nterminals) {
                free(dests);
                return cli_usage("route: --multicast is 'all' or a comma-separated list of terminals");
            }
            memcpy(name, p, len);
            name[len] = '\0';
            p += len + (p[len] == ',');
            if ((rc = find_node(t, o->topo, name, &dests[n])) != 0) {
                free(dests);
                return rc;
            }
            n++;
        }
    }
    const char *rname = o->routing;
    if (!o->routing_given)
        rname = noc_routing_name(noc_routing_multicast_default(t));
    if (noc_routing_parse(rname, &model, ctx) || noc_routing_init(&r, t, model, o->vcs, ctx)) {
        free(dests);
        return cli_fail_in(o->topo, ctx);
    }
    if (noc_routing_multicast(&r, s, dests, n, &m, ctx)) {
        rc = cli_fail_in(o->topo, ctx);
        goto cleanup;
    }
    noc_buf_printf(out, "multicast from %s to %d destination%s (routing %s)\n", t->nodes[s].name, n,
                   n == 1 ? "" : "s", rname);
    noc_buf_printf(out, "  unicasts: traffic %ld channels, distance %d hops\n", m.unicast_traffic,
                   m.distance);
    noc_buf_printf(out, "  tree:     traffic %ld channels, distance %d hops\n", m.tree_traffic, m.distance);
    noc_buf_printf(out, "tree:");
    for (int i = 0; i < m.ntree; i++)
        noc_buf_printf(out, " %s->%s", t->nodes[t->ch[m.tree[i]].src].name,
                       t->nodes[t->ch[m.tree[i]].dst].name);
    noc_buf_printf(out, "\n");
cleanup:
    noc_multicast_free(&m);
    noc_routing_free(&r);
    free(dests);
    return rc;
}

static int find_node(const struct noc_topo *t, const char *topo, const char *name, int *v)
{
    *v = noc_topo_find(t, name);
    if (*v < 0)
        return cli_usage("route: %s: no terminal or router named '%s'", topo, name);
    return 0;
}

int cmd_route(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_help(help);
    struct route_opts o;
    int status = parse_opts(argc, argv, &o);
    if (status)
        return status;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_buf out;
    int model, s = -1, d = -1, rc;
    cli_ctx_init(&ctx);
    if (noc_routing_parse(o.routing, &model, &ctx) != NOC_OK)
        return cli_usage("route: %s", ctx.msg);
    if (model == NOC_RT_IDEAL || model == NOC_RT_OPTIMAL)
        return cli_usage("route: '%s' is a fractional load model without a path list (see 'nocsyn "
                         "eval'); use ecmp for the minimal paths",
                         o.routing);
    if (o.deadlock && !noc_routing_is_deterministic(model))
        return cli_usage("route: --deadlock needs a routing with paths (dor, updown, desttag, "
                         "table, westfirst, oddeven, nca, duato), not '%s'",
                         o.routing);
    if (cli_load_topology(o.topo, &t, &ctx) != NOC_OK)
        return cli_fail(&ctx);
    noc_buf_init(&out);
    if (o.multicast) {
        if ((status = find_node(&t, o.topo, o.from, &s)) == 0 &&
            (status = route_multicast(&o, &t, s, &out, &ctx)) == 0 &&
            noc_write_file("-", out.data ? out.data : "", out.len, &ctx) != NOC_OK)
            status = cli_fail(&ctx);
        goto cleanup;
    }
    if (!o.deadlock && ((status = find_node(&t, o.topo, o.from, &s)) ||
                        (status = find_node(&t, o.topo, o.to, &d))))
        goto cleanup;
    if (o.deadlock)
        rc = route_deadlock(&o, &t, model, &out, &ctx);
    else if (model == NOC_RT_ECMP)
        rc = route_ecmp(&o, &t, s, d, &out, &ctx);
    else
        rc = route_model(&o, &t, model, s, d, &out, &ctx);
    if (rc == NOC_OK && out.failed)
        rc = noc_error(&ctx, NOC_ENOMEM, NULL, 0, "out of memory formatting the paths");
    if (rc == NOC_OK)
        rc = noc_write_file("-", out.data ? out.data : "", out.len, &ctx);
    if (rc != NOC_OK) { /* name the topology: the message is about it */
        fprintf(stderr, "nocsyn: %s: %s\n", o.topo, ctx.msg[0] ? ctx.msg : noc_strerror(rc));
        status = noc_exit_code(rc);
    }
cleanup:
    noc_buf_free(&out);
    noc_topo_free(&t);
    return status;
}
