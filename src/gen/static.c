/* Static (direct, single-stage) networks of the textbooks: complete graph,
 * chordal ring, Illiac IV mesh, barrel shifter (PM2I), cube-connected
 * cycles, shuffle-exchange, star, binary tree and hierarchical ring.
 * Definitions and numbering in nocsyn/gen.h. */
#include "gen_priv.h"

#include <math.h>

static const double PI = 3.14159265358979323846;

static void circle_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    noc_gen_circle_pos(i, d->nrouters, 1, x, y);
}

/* Shared setup of a direct network with one terminal per router (or the
 * first nterms routers). */
static void direct_init(struct gen_direct *d, const struct gen_args *a, int nrouters, int nterms,
                        int maxdeg, int (*nbrs)(const struct gen_direct *, int, int *),
                        void (*pos)(const struct gen_direct *, int, double *, double *))
{
    d->fam = a->fam;
    d->nrouters = nrouters;
    d->nterms = nterms;
    d->conc = 1;
    d->maxdeg = maxdeg;
    d->nbrs = nbrs;
    d->pos = pos;
    d->pitch = a->pitch;
    for (int i = 0; i < GEN_MAXP; i++)
        d->p[i] = a->v[i];
}

/* ---- full n: K_n */
static int full_nbrs(const struct gen_direct *d, int i, int *out)
{
    int cnt = 0;
    for (int j = 0; j < d->nrouters; j++)
        if (j != i)
            out[cnt++] = j;
    return cnt;
}

/* A direct network of n routers with one terminal each (at most chmax
 * channels, router degree maxdeg; ndims and k as noc_gen_shape takes them). */
static int build_simple(struct noc_topo *t, const struct gen_args *a, double n, double chmax,
                        int maxdeg, int (*nbrs)(const struct gen_direct *, int, int *),
                        void (*pos)(const struct gen_direct *, int, double *, double *), int ndims,
                        int k, struct noc_ctx *ctx)
{
    int rc = noc_gen_check_size(a->fam, 2 * n, chmax, ctx);
    if (rc)
        return rc;
    struct gen_direct d = {0};
    direct_init(&d, a, (int)n, (int)n, maxdeg, nbrs, pos);
    noc_gen_shape(t, NOC_FAM_OTHER, ndims, NULL, k, 1);
    return noc_gen_direct_build(t, &d, ctx);
}

int noc_gen_build_full(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    double n = (double)a->v[0];
    return build_simple(t, a, n, n * (n - 1) + 2 * n, (int)n - 1, full_nbrs, circle_pos, 1, (int)n, ctx);
}

/* ---- chordal n w (Arden & Lee): ring plus chord from even i to i+w. */
static int chordal_nbrs(const struct gen_direct *d, int i, int *out)
{
    int n = (int)d->p[0], w = (int)d->p[1];
    out[0] = (i + 1) % n;
    out[1] = (i + n - 1) % n;
    out[2] = i % 2 == 0 ? (i + w) % n : (i - w + n) % n;
    return 3;
}

int noc_gen_build_chordal(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    long n = a->v[0], w = a->v[1];
    if (n % 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "gen chordal: n must be even (got %ld)", n);
    if (w % 2 == 0 || w < 3 || w > n - 3)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "gen chordal: w must be odd with 3 <= w <= n-3 = %ld (got %ld)", n - 3, w);
    return build_simple(t, a, (double)n, 5.0 * n, 3, chordal_nbrs, circle_pos, 1, (int)n, ctx);
}

/* ---- illiac r: i ~ i+-1, i+-r (mod r^2), laid out as the r x r grid. */
static int illiac_nbrs(const struct gen_direct *d, int i, int *out)
{
    int r = (int)d->p[0], N = d->nrouters;
    out[0] = (i + 1) % N;
    out[1] = (i + N - 1) % N;
    out[2] = (i + r) % N;
    out[3] = (i + N - r) % N;
    return 4;
}

static void illiac_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int r = (int)d->p[0];
    *x = i % r + 0.5;
    *y = i / r + 0.5;
}

int noc_gen_build_illiac(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    double N = (double)a->v[0] * (double)a->v[0];
    return build_simple(t, a, N, 6 * N, 4, illiac_nbrs, illiac_pos, 2, (int)a->v[0], ctx);
}

/* ---- barrel n (PM2I): i ~ i +- 2^j mod 2^n. */
static int barrel_nbrs(const struct gen_direct *d, int i, int *out)
{
    int N = d->nrouters, cnt = 0;
    for (int j = 0; (1 << j) < N; j++) {
        out[cnt++] = (i + (1 << j)) % N;
        out[cnt++] = (i + N - (1 << j)) % N;
    }
    return cnt;
}

int noc_gen_build_barrel(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    double N = ldexp(1, n);
    return build_simple(t, a, N, N * (2.0 * n + 2), 2 * n, barrel_nbrs, circle_pos, 1, n, ctx);
}

/* ---- ccc k: node (w, j) = w*k + j. */
static int ccc_nbrs(const struct gen_direct *d, int i, int *out)
{
    int k = (int)d->p[0], w = i / k, j = i % k;
    out[0] = w * k + (j + 1) % k;
    out[1] = w * k + (j + k - 1) % k;
    out[2] = (w ^ (1 << j)) * k + j;
    return 3;
}

static void ccc_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int k = (int)d->p[0], w = i / k, j = i % k, a = (k + 1) / 2;
    double rc = noc_gen_circle_radius(k, 1), scale = 2 * rc + 1.5;
    double cx = (w & ((1 << a) - 1)) * scale + rc + 0.5, cy = (w >> a) * scale + rc + 0.5;
    *x = cx + rc * cos(2 * PI * j / k);
    *y = cy + rc * sin(2 * PI * j / k);
}

int noc_gen_build_ccc(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int k = (int)a->v[0];
    double N = ldexp(k, k);
    return build_simple(t, a, N, 5 * N, 3, ccc_nbrs, ccc_pos, 1, k, ctx);
}

/* ---- shuffle-exchange n: i ~ i xor 1, i ~ rotl(i) (undirected). */
static int se_nbrs(const struct gen_direct *d, int i, int *out)
{
    int n = (int)d->p[0], cnt = 0;
    int sh = gen_rotl(i, n), un = ((i >> 1) | ((i & 1) << (n - 1)));
    out[cnt++] = i ^ 1;
    if (sh != i)
        out[cnt++] = sh;
    if (un != i)
        out[cnt++] = un;
    return cnt;
}

int noc_gen_build_shuffle_exchange(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    double N = ldexp(1, n);
    return build_simple(t, a, N, 5 * N, 3, se_nbrs, circle_pos, 1, n, ctx);
}

/* ---- star n: hub r0, leaves r1..r(n-1) on a circle around it. */
static int star_nbrs(const struct gen_direct *d, int i, int *out)
{
    if (i > 0) {
        out[0] = 0;
        return 1;
    }
    for (int j = 1; j < d->nrouters; j++)
        out[j - 1] = j;
    return d->nrouters - 1;
}

static void star_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int leaves = d->nrouters - 1;
    double r = fmax(1, noc_gen_circle_radius(leaves, 1));
    *x = *y = r + 0.5;
    if (i > 0) {
        *x += r * cos(PI / 2 - 2 * PI * (i - 1) / leaves);
        *y += r * sin(PI / 2 - 2 * PI * (i - 1) / leaves);
    }
}

int noc_gen_build_star(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    double n = (double)a->v[0];
    return build_simple(t, a, n, 4 * n, (int)n - 1, star_nbrs, star_pos, 1, (int)n, ctx);
}

/* ---- tree h: heap order, root on top, leaves one pitch apart. */
static int tree_nbrs(const struct gen_direct *d, int i, int *out)
{
    int cnt = 0;
    if (i > 0)
        out[cnt++] = (i - 1) / 2;
    if (2 * i + 1 < d->nrouters)
        out[cnt++] = 2 * i + 1;
    if (2 * i + 2 < d->nrouters)
        out[cnt++] = 2 * i + 2;
    return cnt;
}

static void tree_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int h = (int)d->p[0], lvl = 0;
    while ((2 << lvl) <= i + 1)
        lvl++;
    int j = i + 1 - (1 << lvl);
    *x = (j + 0.5) * ldexp(1, h - 1 - lvl);
    *y = (h - 1 - lvl) + 0.5;
}

int noc_gen_build_tree(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int h = (int)a->v[0];
    double N = ldexp(1, h) - 1;
    return build_simple(t, a, N, 5 * N, 3, tree_nbrs, tree_pos, 1, h, ctx);
}

/* ---- hring g l: local ring j = cores j*l .. j*l+l-1 then interface g*l+j;
 * global ring over the interface routers. */
static int hring_node(int g, int l, int j, int p)
{
    return p < l ? j * l + p : g * l + j;
}

static int hring_nbrs(const struct gen_direct *d, int i, int *out)
{
    int g = (int)d->p[0], l = (int)d->p[1], cnt = 0;
    int j = i < g * l ? i / l : i - g * l, p = i < g * l ? i % l : l;
    out[cnt++] = hring_node(g, l, j, (p + 1) % (l + 1));
    out[cnt++] = hring_node(g, l, j, (p + l) % (l + 1));
    if (p == l) {
        out[cnt++] = g * l + (j + 1) % g;
        out[cnt++] = g * l + (j + g - 1) % g;
    }
    return cnt;
}

/* Local rings on circles around a global circle, interface routers facing
 * the centre.  geo = {local radius, global radius, centre}. */
static void hring_pos(const struct gen_direct *d, int i, double *x, double *y)
{
    int g = (int)d->p[0], l = (int)d->p[1];
    int j = i < g * l ? i / l : i - g * l, p = i < g * l ? i % l : l;
    double rl = d->geo[0], rg = d->geo[1], c = d->geo[2];
    double th = PI / 2 - 2 * PI * j / g;
    double phi = th + PI + 2 * PI * (p - l) / (l + 1);
    *x = c + rg * cos(th) + rl * cos(phi);
    *y = c + rg * sin(th) + rl * sin(phi);
}

int noc_gen_build_hring(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    double g = (double)a->v[0], l = (double)a->v[1];
    int rc = noc_gen_check_size(a->fam, g * (2 * l + 1), g * (l + 1) * 4 + 2 * g * l, ctx);
    if (rc)
        return rc;
    struct gen_direct d = {0};
    direct_init(&d, a, (int)(g * (l + 1)), (int)(g * l), 4, hring_nbrs, hring_pos);
    double rl = noc_gen_circle_radius((int)l + 1, 1);
    double rg = fmax((rl + 0.5) / sin(PI / g), rl + 1);
    d.geo[0] = rl;
    d.geo[1] = rg;
    d.geo[2] = rg + rl + 0.5;
    noc_gen_shape(t, NOC_FAM_OTHER, 2, NULL, (int)g, 1);
    t->shape.dims[1] = (int)l;
    return noc_gen_direct_build(t, &d, ctx);
}
