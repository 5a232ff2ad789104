/* The generator registry: the static family table, parameter parsing
 * (NAME=VALUE or positional, pitch=, dims=, N=) and the public entry points
 * noc_gen, noc_gen_spec and noc_gen_family_info. */
#include "gen_priv.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQ LONG_MIN       /* no default: the parameter is required */
#define BIG (1L << 30)     /* sizes beyond this fail the size check anyway */

enum { GEN_DIMS = 1, GEN_POW2 = 2, GEN_SHARE = 4, GEN_FOLD = 8 };

struct gen_pdef {
    const char *name;
    long lo, hi, def;
};

struct gen_family {
    const char *name;
    const char *params; /* for --help */
    const char *desc;
    unsigned flags;     /* GEN_DIMS: dims= replaces the first two (k, n);
                           GEN_POW2: N=2^n replaces n (the first);
                           GEN_SHARE: takes share=0|1 (shared port);
                           GEN_FOLD: indirect, folded unless
                           layout=stages */
    int np;
    struct gen_pdef p[GEN_MAXP];
    int (*build)(struct noc_topo *, const struct gen_args *, struct noc_ctx *);
};

static const struct gen_family families[] = {
    {"ring", "k", "ring of k routers (k = 2: one link)", 0, 1,
     {{"k", 2, BIG, REQ}}, noc_gen_build_ring},
    {"linear", "k", "linear array (1-D mesh) of k routers", 0, 1,
     {{"k", 2, BIG, REQ}}, noc_gen_build_linear},
    {"mesh", "k [n=2] | dims=AxB[xC..]", "k-ary n-mesh, router (x,y) = r(x+k*y)", GEN_DIMS, 2,
     {{"k", 2, BIG, REQ}, {"n", 1, NOC_MAXDIM, 2}}, noc_gen_build_mesh},
    {"torus", "k [n=2] | dims=AxB[xC..]",
     "k-ary n-cube (folded layout; k = 2 dimensions have one link)", GEN_DIMS, 2,
     {{"k", 2, BIG, REQ}, {"n", 1, NOC_MAXDIM, 2}}, noc_gen_build_torus},
    {"hypercube", "n | N=2^n", "binary n-cube, router index = binary address", GEN_POW2, 1,
     {{"n", 1, 30, REQ}}, noc_gen_build_hypercube},
    {"cmesh", "k [n=2] c [share=0] | dims=AxB[xC..] c",
     "concentrated mesh: k-ary n-mesh, c terminals per router; share=1: the c terminals share one "
     "router port (a concentrator, 1 flit/cycle each way for the group)",
     GEN_DIMS | GEN_SHARE, 3, {{"k", 2, BIG, REQ}, {"n", 1, NOC_MAXDIM, 2}, {"c", 1, BIG, REQ}},
     noc_gen_build_cmesh},
    {"hring", "g l", "g local rings of l cores + 1 interface router, global ring of interfaces", 0, 2,
     {{"g", 2, BIG, REQ}, {"l", 1, BIG, REQ}}, noc_gen_build_hring},
    {"flatfly", "k [n=2] c | dims=AxB[xC..] c",
     "k-ary n-flat: k^n routers, each dimension fully connected, c terminals per router", GEN_DIMS,
     3, {{"k", 2, BIG, REQ}, {"n", 1, NOC_MAXDIM, 2}, {"c", 1, BIG, REQ}}, noc_gen_build_flatfly},
    {"butterfly", "k n [layout=folded|stages]", "k-ary n-fly: n stages of k^(n-1) k x k switches, k^n terminals", GEN_FOLD, 2,
     {{"k", 2, BIG, REQ}, {"n", 1, 30, REQ}}, noc_gen_build_butterfly},
    {"omega", "n | N=2^n [layout=folded|stages]", "Omega network: 2^n lines, n shuffle + 2x2 switch stages", GEN_POW2 | GEN_FOLD, 1,
     {{"n", 1, 30, REQ}}, noc_gen_build_omega},
    {"cube", "n | N=2^n [layout=folded|stages]", "multistage cube (STARAN flip): stages Cube_0..Cube_(n-1) of 2x2 switches",
     GEN_POW2 | GEN_FOLD, 1, {{"n", 1, 30, REQ}}, noc_gen_build_cube},
    {"clos", "m n r [layout=folded|stages]", "3-stage Clos: r n x m input, m r x r middle, r m x n output switches", GEN_FOLD, 3,
     {{"m", 1, BIG, REQ}, {"n", 1, BIG, REQ}, {"r", 2, BIG, REQ}}, noc_gen_build_clos},
    {"fattree", "k n [layout=folded|stages]", "k-ary n-tree: k^n terminals, n levels of k^(n-1) switches", GEN_FOLD, 2,
     {{"k", 2, BIG, REQ}, {"n", 1, 30, REQ}}, noc_gen_build_fattree},
    {"crossbar", "n", "one n x n switch with n terminals", 0, 1, {{"n", 2, BIG, REQ}},
     noc_gen_build_crossbar},
    {"bus", "n", "shared bus: n terminals inject into r0, eject from r1, one channel r0 -> r1 "
     "(the medium)", 0, 1, {{"n", 2, BIG, REQ}}, noc_gen_build_bus},
    {"full", "n", "fully connected: n routers, every pair linked", 0, 1, {{"n", 2, BIG, REQ}},
     noc_gen_build_full},
    {"chordal", "n w", "chordal ring (Arden & Lee): n even, chord from even i to i+w, w odd", 0, 2,
     {{"n", 6, BIG, REQ}, {"w", 3, BIG, REQ}}, noc_gen_build_chordal},
    {"illiac", "r", "Illiac IV: r x r, node i linked to i+-1 and i+-r mod r^2", 0, 1,
     {{"r", 2, BIG, REQ}}, noc_gen_build_illiac},
    {"barrel", "n | N=2^n", "barrel shifter (PM2I): 2^n nodes, i linked to i +- 2^j mod 2^n",
     GEN_POW2, 1, {{"n", 1, 30, REQ}}, noc_gen_build_barrel},
    {"ccc", "k", "cube-connected cycles: each corner of a k-cube a ring of k nodes", 0, 1,
     {{"k", 2, 30, REQ}}, noc_gen_build_ccc},
    {"shuffle-exchange", "n | N=2^n", "shuffle-exchange: 2^n nodes, i ~ i xor 1, i ~ shuffle(i)",
     GEN_POW2, 1, {{"n", 1, 30, REQ}}, noc_gen_build_shuffle_exchange},
    {"star", "n", "star: hub r0 and n-1 leaves, every node a router with a terminal", 0, 1,
     {{"n", 2, BIG, REQ}}, noc_gen_build_star},
    {"tree", "h", "complete binary tree of 2^h - 1 routers (heap order)", 0, 1,
     {{"h", 1, 30, REQ}}, noc_gen_build_tree},
};

#define NFAM ((int)(sizeof families / sizeof families[0]))

int noc_gen_family_info(int i, const char **name, const char **params, const char **desc)
{
    if (i < 0 || i >= NFAM)
        return -1;
    if (name)
        *name = families[i].name;
    if (params)
        *params = families[i].params;
    if (desc)
        *desc = families[i].desc;
    return 0;
}

static const struct gen_family *find_family(const char *name)
{
    for (int i = 0; i < NFAM; i++)
        if (!strcmp(families[i].name, name))
            return &families[i];
    return NULL;
}

static int unknown_family(const char *name, struct noc_ctx *ctx)
{
    char list[512];
    size_t len = 0;
    list[0] = 0;
    for (int i = 0; i < NFAM && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                families[i].name);
    return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen: unknown topology family '%s' (known: %s)",
                     name, list);
}

/* "k, n, dims, pitch" for messages. */
static void param_names(const struct gen_family *f, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < f->np && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s, ", f->p[i].name);
    if (len < cap)
        snprintf(buf + len, cap - len, "%s%s%s%spitch", (f->flags & GEN_DIMS) ? "dims, " : "",
                 (f->flags & GEN_POW2) ? "N, " : "", (f->flags & GEN_SHARE) ? "share, " : "",
                 (f->flags & GEN_FOLD) ? "layout, " : "");
}

static int range_error(const struct gen_family *f, const struct gen_pdef *p, const char *val,
                       struct noc_ctx *ctx)
{
    if (p->hi >= BIG)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: %s must be an integer >= %ld (got '%s')",
                         f->name, p->name, p->lo, val);
    return noc_error(ctx, NOC_EINVAL, NULL, 0,
                     "gen %s: %s must be an integer in [%ld, %ld] (got '%s')", f->name, p->name,
                     p->lo, p->hi, val);
}

/* dims=4x3[x2]: each >= 2, at most NOC_MAXDIM of them. */
static int parse_dims(const struct gen_family *f, const char *val, struct gen_args *a,
                      struct noc_ctx *ctx)
{
    const char *s = val;
    a->ndims = 0;
    for (;;) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 2 || v > BIG || (*end && *end != 'x' && *end != 'X'))
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "gen %s: dims must be sizes >= 2 joined by 'x', e.g. 4x3 (got '%s')",
                             f->name, val);
        if (a->ndims == NOC_MAXDIM)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: dims has more than %d dimensions",
                             f->name, NOC_MAXDIM);
        a->dims[a->ndims++] = (int)v;
        if (!*end)
            break;
        s = end + 1;
    }
    return NOC_OK;
}

/* Parsed state before defaults are applied. */
struct gen_parse {
    int set[GEN_MAXP];
    int has_dims, has_N, has_pitch, has_share, has_layout;
    long N;
};

static int set_param(const struct gen_family *f, int i, const char *val, struct gen_args *a,
                     struct gen_parse *ps, struct noc_ctx *ctx)
{
    if (ps->set[i])
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter %s given twice", f->name,
                         f->p[i].name);
    if (noc_parse_int(val, f->p[i].lo, f->p[i].hi, &a->v[i]))
        return range_error(f, &f->p[i], val, ctx);
    ps->set[i] = 1;
    return NOC_OK;
}

static int parse_named(const struct gen_family *f, const char *name, const char *val,
                       struct gen_args *a, struct gen_parse *ps, struct noc_ctx *ctx)
{
    for (int i = 0; i < f->np; i++)
        if (!strcmp(f->p[i].name, name))
            return set_param(f, i, val, a, ps, ctx);
    if (!strcmp(name, "pitch")) {
        if (ps->has_pitch)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter pitch given twice", f->name);
        if (noc_parse_double(val, &a->pitch) || !(a->pitch > 0) || a->pitch > 1e6)
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "gen %s: pitch must be a number of mm in (0, 1e6] (got '%s')", f->name, val);
        ps->has_pitch = 1;
        return NOC_OK;
    }
    if (!strcmp(name, "share") && (f->flags & GEN_SHARE)) {
        long v;
        if (ps->has_share)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter share given twice", f->name);
        if (noc_parse_int(val, 0, 1, &v))
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: share must be 0 or 1 (got '%s')", f->name, val);
        a->share = (int)v;
        ps->has_share = 1;
        return NOC_OK;
    }
    if (!strcmp(name, "layout") && (f->flags & GEN_FOLD)) {
        if (ps->has_layout)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter layout given twice", f->name);
        if (strcmp(val, "folded") && strcmp(val, "stages"))
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "gen %s: layout must be folded or stages (got '%s')", f->name, val);
        a->stages = !strcmp(val, "stages");
        ps->has_layout = 1;
        return NOC_OK;
    }
    if (!strcmp(name, "dims") && (f->flags & GEN_DIMS)) {
        if (ps->has_dims)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter dims given twice", f->name);
        ps->has_dims = 1;
        return parse_dims(f, val, a, ctx);
    }
    if (!strcmp(name, "N") && (f->flags & GEN_POW2)) {
        if (ps->has_N)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: parameter N given twice", f->name);
        if (noc_parse_int(val, 2, BIG, &ps->N) || (ps->N & (ps->N - 1)))
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "gen %s: N must be a power of two >= 2 (got '%s')", f->name, val);
        ps->has_N = 1;
        return NOC_OK;
    }
    char names[128];
    param_names(f, names, sizeof names);
    return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: unknown parameter '%s' (%s takes %s)",
                     f->name, name, f->name, names);
}

/* Combines dims=/N= with the plain parameters and applies defaults. */
static int resolve(const struct gen_family *f, struct gen_args *a, struct gen_parse *ps,
                   struct noc_ctx *ctx)
{
    if (ps->has_dims) {
        if (ps->set[0] || ps->set[1])
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "gen %s: dims= replaces %s and %s; give one or the other", f->name,
                             f->p[0].name, f->p[1].name);
        a->v[0] = 0;
        for (int d = 0; d < a->ndims; d++)
            if (a->dims[d] > a->v[0])
                a->v[0] = a->dims[d];
        a->v[1] = a->ndims;
        ps->set[0] = ps->set[1] = 1;
    }
    if (ps->has_N) {
        long n = 0;
        while ((1L << n) < ps->N)
            n++;
        if (ps->set[0] && a->v[0] != n)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: N=%ld contradicts n=%ld", f->name,
                             ps->N, a->v[0]);
        if (n < f->p[0].lo || n > f->p[0].hi)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: N=%ld is out of range", f->name, ps->N);
        a->v[0] = n;
        ps->set[0] = 1;
    }
    for (int i = 0; i < f->np; i++) {
        if (ps->set[i])
            continue;
        if (f->p[i].def == REQ)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: missing parameter %s (usage: %s %s)",
                             f->name, f->p[i].name, f->name, f->params);
        a->v[i] = f->p[i].def;
    }
    if ((f->flags & GEN_DIMS) && !ps->has_dims) {
        a->ndims = (int)a->v[1];
        for (int d = 0; d < a->ndims; d++)
            a->dims[d] = (int)a->v[0];
    }
    return NOC_OK;
}

static int parse_args(const struct gen_family *f, int nparams, char *const *params,
                      struct gen_args *a, struct gen_parse *ps, struct noc_ctx *ctx)
{
    int rc, npos = 0;
    for (int i = 0; i < nparams; i++) {
        const char *s = params[i];
        const char *eq = s ? strchr(s, '=') : NULL;
        if (!s || !*s)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: empty parameter", f->name);
        if (!eq) {
            if (npos >= f->np)
                return noc_error(ctx, NOC_EINVAL, NULL, 0,
                                 "gen %s: too many values ('%s'); %s takes %s", f->name, s, f->name,
                                 f->params);
            rc = set_param(f, npos++, s, a, ps, ctx);
        } else {
            char name[32];
            size_t len = (size_t)(eq - s);
            if (len == 0 || len >= sizeof name)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen %s: bad parameter '%s'", f->name, s);
            memcpy(name, s, len);
            name[len] = 0;
            rc = parse_named(f, name, eq + 1, a, ps, ctx);
        }
        if (rc)
            return rc;
    }
    return resolve(f, a, ps, ctx);
}

/* The canonical parameter string, e.g. "k=8,n=2" or "dims=4x3,c=2". */
static void canonical(const struct gen_family *f, const struct gen_args *a,
                      const struct gen_parse *ps, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (len < cap)                                                                             \
            len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__);                            \
    } while (0)
    int first = 0;
    if (ps->has_dims) {
        PUT("dims=");
        for (int d = 0; d < a->ndims; d++)
            PUT("%s%d", d ? "x" : "", a->dims[d]);
        first = 2;
    }
    for (int i = first; i < f->np; i++)
        PUT("%s%s=%ld", len ? "," : "", f->p[i].name, a->v[i]);
    if (a->share)
        PUT(",share=1");
    if (a->stages)
        PUT(",layout=stages");
    if (a->pitch != 1)
        PUT(",pitch=%g", a->pitch);
#undef PUT
}

int noc_gen(struct noc_topo *t, const char *family, int nparams, char *const *params,
            struct noc_ctx *ctx)
{
    int rc;
    noc_topo_init(t);
    const struct gen_family *f = family ? find_family(family) : NULL;
    if (!f) {
        rc = unknown_family(family ? family : "", ctx);
        goto cleanup;
    }
    struct gen_args a;
    struct gen_parse ps;
    memset(&a, 0, sizeof a);
    memset(&ps, 0, sizeof ps);
    a.fam = f->name;
    a.pitch = 1;
    NOC_CHECK(parse_args(f, nparams, params, &a, &ps, ctx));
    NOC_CHECK(f->build(t, &a, ctx));
    snprintf(t->shape.name, sizeof t->shape.name, "%s", f->name);
    canonical(f, &a, &ps, t->shape.params, sizeof t->shape.params);
    size_t nlen = strlen(f->name) + strlen(t->shape.params) + 2;
    if (!(t->name = noc_malloc(ctx, nlen, 1))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    snprintf(t->name, nlen, "%s:%s", f->name, t->shape.params);
    NOC_CHECK(noc_topo_finalize(t, ctx));
    if ((f->flags & GEN_FOLD) && !a.stages)
        rc = noc_gen_fold(t, a.pitch, ctx);
cleanup:
    if (rc != NOC_OK)
        noc_topo_free(t);
    return rc;
}

int noc_gen_spec(struct noc_topo *t, const char *spec, struct noc_ctx *ctx)
{
    int rc, np = 0;
    char *copy = NULL;
    char **params = NULL;
    if (!spec)
        spec = "";
    if (!strncmp(spec, "gen:", 4))
        spec += 4;
    if (!(copy = noc_strdup(ctx, spec))) {
        noc_topo_init(t);
        return NOC_ENOMEM;
    }
    size_t len = strlen(copy);
    if (!(params = noc_calloc(ctx, len + 1, sizeof *params))) {
        noc_topo_init(t);
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    char *colon = strchr(copy, ':');
    if (colon) {
        *colon = 0;
        char *s = colon + 1;
        for (;;) {
            char *comma = strchr(s, ',');
            if (comma)
                *comma = 0;
            params[np++] = s;
            if (!comma)
                break;
            s = comma + 1;
        }
    }
    rc = noc_gen(t, copy, np, params, ctx);
cleanup:
    free(params);
    free(copy);
    return rc;
}
