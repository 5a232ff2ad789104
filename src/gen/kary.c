/* k-ary n-cubes and relatives: linear, ring, mesh, torus, cmesh, hypercube,
 * flattened butterfly.  Router index = mixed-radix coordinate, dimension 0
 * least significant (docs/INTERFACE.md section 3.1). */
#include "gen_priv.h"

#include <math.h>

enum { KARY_MESH = 0, KARY_TORUS = 1, KARY_FLAT = 2 };

/* Neighbours of router i: p[0] is the connection rule. */
static int kary_nbrs(const struct gen_direct *d, int i, int *out)
{
    int cnt = 0, stride = 1;
    for (int dim = 0; dim < d->ndims; dim++) {
        int k = d->dims[dim], x = (i / stride) % k;
        switch (d->p[0]) {
        case KARY_MESH:
            if (x > 0)
                out[cnt++] = i - stride;
            if (x < k - 1)
                out[cnt++] = i + stride;
            break;
        case KARY_TORUS: /* k = 2: both wrap neighbours are the same router */
            out[cnt++] = i + ((x + 1) % k - x) * stride;
            out[cnt++] = i + ((x + k - 1) % k - x) * stride;
            break;
        default: /* KARY_FLAT: every other router along this dimension */
            for (int y = 0; y < k; y++)
                if (y != x)
                    out[cnt++] = i + (y - x) * stride;
            break;
        }
        stride *= k;
    }
    return cnt;
}

/* Folded-torus order: coordinate x sits at slot 2x on the way out and
 * 2(k-1-x)+1 on the way back, so every ring link spans <= 2 slots. */
static int fold(int x, int k)
{
    return x < (k + 1) / 2 ? 2 * x : 2 * (k - 1 - x) + 1;
}

/* Grid position: even dimensions along X, odd ones along Y, each further
 * dimension tiling the previous ones with a gap of one pitch. */
static void kary_pos(const struct gen_direct *d, int i, double *px, double *py)
{
    double span[2] = {-1, -1}, pos[2] = {0, 0};
    int stride = 1;
    for (int dim = 0; dim < d->ndims; dim++) {
        int k = d->dims[dim], x = (i / stride) % k, ax = dim & 1;
        double step = span[ax] < 0 ? 1 : span[ax] + 2;
        if (span[ax] < 0)
            span[ax] = 0;
        int slot = d->p[0] == KARY_TORUS ? fold(x, k) : x;
        pos[ax] += slot * step;
        span[ax] += (k - 1) * step;
        stride *= k;
    }
    *px = pos[0] + 0.5;
    *py = pos[1] + 0.5;
}

static void ring_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    noc_gen_circle_pos(i, d->nrouters, 1, x, y);
}

static void hcube_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int a = (d->ndims + 1) / 2;
    *x = (i & ((1 << a) - 1)) + 0.5;
    *y = (i >> a) + 0.5;
}

/* The common k-ary builder: dims[0..ndims-1], rule, concentration. */
static int kary_build(struct noc_topo *t, const struct gen_args *a, int ndims, const int *dims,
                      int rule, int conc, int family,
                      void (*pos)(const struct gen_direct *, int, double *, double *),
                      struct noc_ctx *ctx)
{
    struct gen_direct d = {0};
    double R = 1, deg = 0;
    d.fam = a->fam;
    d.ndims = ndims;
    int kmax = 0;
    for (int i = 0; i < ndims; i++) {
        d.dims[i] = dims[i];
        R *= dims[i];
        deg += rule == KARY_FLAT ? dims[i] - 1 : 2;
        if (dims[i] > kmax)
            kmax = dims[i];
    }
    int rc = noc_gen_check_size(a->fam, R * (1 + conc), R * deg + 2 * R * conc, ctx);
    if (rc)
        return rc;
    d.nrouters = (int)R;
    d.conc = conc;
    d.nterms = (int)R * conc;
    d.maxdeg = (int)deg;
    d.nbrs = kary_nbrs;
    d.pos = pos;
    d.pitch = a->pitch;
    d.p[0] = rule;
    noc_gen_shape(t, family, ndims, dims, kmax, conc);
    return noc_gen_direct_build(t, &d, ctx);
}

int noc_gen_build_linear(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int k = (int)a->v[0];
    return kary_build(t, a, 1, &k, KARY_MESH, 1, NOC_FAM_MESH, kary_pos, ctx);
}

int noc_gen_build_ring(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int k = (int)a->v[0];
    return kary_build(t, a, 1, &k, KARY_TORUS, 1, NOC_FAM_RING, ring_pos, ctx);
}

int noc_gen_build_mesh(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    return kary_build(t, a, a->ndims, a->dims, KARY_MESH, 1, NOC_FAM_MESH, kary_pos, ctx);
}

int noc_gen_build_torus(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    return kary_build(t, a, a->ndims, a->dims, KARY_TORUS, 1, NOC_FAM_TORUS, kary_pos, ctx);
}

int noc_gen_build_cmesh(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int rc = kary_build(t, a, a->ndims, a->dims, KARY_MESH, (int)a->v[2], NOC_FAM_MESH, kary_pos,
                        ctx);
    for (int v = 0; rc == NOC_OK && a->share && v < t->nnodes; v++)
        t->nodes[v].shared = t->nodes[v].kind == NOC_ROUTER;
    return rc;
}

int noc_gen_build_flatfly(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    return kary_build(t, a, a->ndims, a->dims, KARY_FLAT, (int)a->v[2], NOC_FAM_FLATFLY,
                      kary_pos, ctx);
}

/* Binary n-cube: i ~ i xor 2^j.  n may exceed NOC_MAXDIM (the shape then
 * keeps ndims = n with dims[] holding 2 for the first NOC_MAXDIM only). */
static int hcube_nbrs(const struct gen_direct *d, int i, int *out)
{
    for (int j = 0; j < d->ndims; j++)
        out[j] = i ^ (1 << j);
    return d->ndims;
}

int noc_gen_build_hypercube(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    double R = ldexp(1, n);
    int rc = noc_gen_check_size(a->fam, 2 * R, R * (n + 2), ctx);
    if (rc)
        return rc;
    struct gen_direct d = {0};
    d.fam = a->fam;
    d.ndims = n;
    d.nrouters = 1 << n;
    d.nterms = d.nrouters;
    d.conc = 1;
    d.maxdeg = n;
    d.nbrs = hcube_nbrs;
    d.pos = hcube_pos;
    d.pitch = a->pitch;
    noc_gen_shape(t, NOC_FAM_HYPERCUBE, n, NULL, 2, 1);
    return noc_gen_direct_build(t, &d, ctx);
}
