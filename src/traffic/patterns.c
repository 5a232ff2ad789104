/* Traffic patterns (docs/INTERFACE.md section 3.2) from a static registry: the synthetic
 * patterns of Dally & Towles, "Principles and Practices of Interconnection
 * Networks", sec. 3.2 (Table 3.1) and the interconnection functions of
 * nocsyn/perm.h.  Rates are relative to an injection rate of 1 per
 * terminal: every synthetic pattern's rows sum to 1.
 *
 * Bit patterns on N = 2^b terminals (terminal index s = s_{b-1} .. s_0):
 *   bitcomp d_i = not s_i;  bitrev d_i = s_{b-1-i};  shuffle d_i = s_{i-1 mod b}
 * (rotate left).  randperm:SEED is a uniformly random permutation (Fisher-
 * Yates with the library PRNG seeded SEED); perm:FUNC applies an
 * interconnection function.  hotspot:RATE[:T]: every terminal sends RATE to
 * terminal T (a terminal name or index, default 0) and 1-RATE uniformly
 * (1/N to each terminal, T and itself included).  Coordinate patterns live
 * in pattern_geo.c, local in pattern_local.c, app in pattern_app.c. */
#include "pattern_int.h"
#include "nocsyn/perm.h"

#include <stdlib.h>
#include <string.h>

/* *bits = log2 N; NOC_EINVAL naming `pattern` when N is not a power of two. */
static int pat_bits(const struct noc_topo *t, const char *pattern, int *bits, struct noc_ctx *ctx);

/* Adds weight 1 from every terminal s to dst[s]. */
static int pat_add_perm(struct noc_traffic *tr, const int *dst, struct noc_ctx *ctx);

static int pat_add_perm(struct noc_traffic *tr, const int *dst, struct noc_ctx *ctx)
{
    for (int s = 0; s < tr->n; s++) {
        int st = noc_traffic_add(tr, s, dst[s], 1.0, ctx);
        if (st)
            return st;
    }
    return NOC_OK;
}

static int pat_bits(const struct noc_topo *t, const char *pattern, int *bits, struct noc_ctx *ctx)
{
    int b = noc_perm_log2(t->nterminals);
    if (b < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "traffic '%s' needs a power-of-two number of terminals, this topology has %d",
                         pattern, t->nterminals);
    *bits = b;
    return NOC_OK;
}

int noc_pat_double(const char *s, double lo, double hi, const char *pattern, const char *what,
                   double *out, struct noc_ctx *ctx)
{
    if (!s || noc_parse_double(s, out) || *out < lo || *out > hi)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic '%s': %s must be a number in %g..%g",
                         pattern, what, lo, hi);
    return NOC_OK;
}

/* Builds dst[] from an interconnection function spec over N terminals. */
static int perm_from_spec(struct noc_traffic *tr, const char *spec, struct noc_ctx *ctx)
{
    struct noc_perm_fn f;
    int st = noc_perm_parse(&f, spec, tr->n, ctx);
    if (st)
        return st;
    for (int s = 0; s < tr->n; s++)
        if ((st = noc_traffic_add(tr, s, (int)noc_perm_apply(&f, s), 1.0, ctx)))
            return st;
    return NOC_OK;
}

static int pat_uniform(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                       const char *map, struct noc_ctx *ctx)
{
    tr->uniform = 1.0;
    return NOC_OK;
}

/* Bit patterns: the interconnection function they stand for. */
static int pat_bitfn(struct noc_traffic *tr, const struct noc_topo *t, const char *name,
                     struct noc_ctx *ctx)
{
    int b, st = pat_bits(t, name, &b, ctx);
    return st ? st : perm_from_spec(tr, name, ctx);
}

static int pat_bitcomp(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                       const char *map, struct noc_ctx *ctx)
{
    int b, st = pat_bits(t, "bitcomp", &b, ctx);
    if (st)
        return st;
    for (int s = 0; s < tr->n; s++)
        if ((st = noc_traffic_add(tr, s, (tr->n - 1) ^ s, 1.0, ctx)))
            return st;
    return NOC_OK;
}

static int pat_bitrev(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                      const char *map, struct noc_ctx *ctx)
{
    return pat_bitfn(tr, t, "bitrev", ctx);
}

static int pat_shuffle(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                       const char *map, struct noc_ctx *ctx)
{
    return pat_bitfn(tr, t, "shuffle", ctx);
}

static int pat_perm(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                    const char *map, struct noc_ctx *ctx)
{
    return perm_from_spec(tr, arg, ctx);
}

static int pat_randperm(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                        const char *map, struct noc_ctx *ctx)
{
    long seed;
    if (noc_parse_int(arg, 0, 2147483647L, &seed))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "traffic 'randperm:%s': SEED must be an integer in 0..2147483647", arg);
    int *dst = noc_malloc(ctx, (size_t)tr->n, sizeof *dst);
    if (!dst)
        return NOC_ENOMEM;
    struct noc_rng rng;
    noc_rng_seed(&rng, (uint64_t)seed);
    for (int i = 0; i < tr->n; i++)
        dst[i] = i;
    for (int i = tr->n - 1; i > 0; i--) {
        int j = (int)noc_rng_below(&rng, (uint64_t)i + 1);
        int tmp = dst[i];
        dst[i] = dst[j];
        dst[j] = tmp;
    }
    int st = pat_add_perm(tr, dst, ctx);
    free(dst);
    return st;
}

static int pat_hotspot(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                       const char *map, struct noc_ctx *ctx)
{
    char buf[64];
    if (strlen(arg) >= sizeof buf)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'hotspot:%s': argument too long", arg);
    strcpy(buf, arg);
    char *colon = strchr(buf, ':');
    long target = 0;
    if (colon) {
        *colon = '\0';
        int node = noc_topo_find(t, colon + 1);
        if (node >= t->nrouters && node < t->nnodes)
            target = node - t->nrouters; /* a terminal name */
        else if (noc_parse_int(colon + 1, 0, tr->n - 1, &target))
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "traffic 'hotspot:%s': T must be a terminal name or an index in 0..%d",
                             arg, tr->n - 1);
    }
    double rate;
    int st = noc_pat_double(buf, 0, 1, "hotspot", "RATE", &rate, ctx);
    if (st)
        return st;
    tr->uniform = 1.0 - rate;
    for (int s = 0; s < tr->n; s++)
        if ((st = noc_traffic_add(tr, s, (int)target, rate, ctx)))
            return st;
    return NOC_OK;
}

enum { ARG_NO, ARG_YES };

struct pattern_def {
    const char *name;
    int arg;  /* ARG_NO or ARG_YES */
    pat_build_fn build;
    const char *usage;
};

static const struct pattern_def patterns[] = {
    {"uniform", ARG_NO, pat_uniform, "uniform"},
    {"bitcomp", ARG_NO, pat_bitcomp, "bitcomp"},
    {"bitrev", ARG_NO, pat_bitrev, "bitrev"},
    {"transpose", ARG_NO, noc_pat_transpose, "transpose"},
    {"shuffle", ARG_NO, pat_shuffle, "shuffle"},
    {"tornado", ARG_NO, noc_pat_tornado, "tornado"},
    {"neighbor", ARG_NO, noc_pat_neighbor, "neighbor"},
    {"randperm", ARG_YES, pat_randperm, "randperm:SEED"},
    {"perm", ARG_YES, pat_perm, "perm:FUNC"},
    {"hotspot", ARG_YES, pat_hotspot, "hotspot:RATE[:T]"},
    {"local", ARG_YES, noc_pat_local, "local:RADIUS:RATE"},
    {"fft3d", ARG_YES, noc_pat_fft3d, "fft3d:PROWxPCOL:PHASE"},
    {"app", ARG_YES, noc_pat_app, "app:FILE"},
};
#define NPATTERNS ((int)(sizeof patterns / sizeof patterns[0]))

int noc_traffic_make(struct noc_traffic *tr, const struct noc_topo *t, const char *spec,
                     const char *map, struct noc_ctx *ctx)
{
    if (!spec || !*spec)
        spec = "uniform";
    noc_traffic_init(tr, t->nterminals);
    int st = NOC_OK;
    const struct pattern_def *def = NULL;
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    for (int i = 0; i < NPATTERNS; i++)
        if (strlen(patterns[i].name) == nlen && !strncmp(patterns[i].name, spec, nlen))
            def = &patterns[i];
    if (!def) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                       "unknown traffic pattern '%.*s' (uniform, bitcomp, bitrev, transpose, shuffle, "
                       "tornado, neighbor, randperm:SEED, perm:FUNC, hotspot:RATE[:T], "
                       "local:RADIUS:RATE, fft3d:PROWxPCOL:PHASE, app:FILE)",
                       (int)nlen, spec);
        goto cleanup;
    }
    if ((def->arg == ARG_NO) != (colon == NULL) || (colon && !colon[1])) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic '%s': write it as '%s'", spec, def->usage);
        goto cleanup;
    }
    if (t->nterminals < 1) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic '%s': the topology has no terminals", spec);
        goto cleanup;
    }
    if (!(tr->name = noc_strdup(ctx, spec))) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    if ((st = def->build(tr, t, colon ? colon + 1 : NULL, map, ctx)))
        goto cleanup;
    st = noc_traffic_finalize(tr, ctx);
cleanup:
    if (st)
        noc_traffic_free(tr);
    return st;
}
