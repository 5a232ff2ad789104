/* Indirect networks: k-ary n-fly, Omega, multistage cube, 3-stage Clos,
 * k-ary n-tree and the single crossbar.  Numbering in nocsyn/gen.h. */
#include "gen_priv.h"

#include <math.h>

/* Integer power for sizes already checked against NOC_GEN_MAX_ELEMS. */
static int ipow(int b, int e)
{
    int r = 1;
    while (e-- > 0)
        r *= b;
    return r;
}

/* Unidirectional terminal attachment: ti injects into `in`, ejects from
 * `out` (the same router gives a bidirectional pair). */
static int attach(struct noc_topo *t, int term, int in, int out, struct noc_ctx *ctx)
{
    int rc = noc_topo_add_channel(t, term, in, ctx);
    return rc ? rc : noc_topo_add_channel(t, out, term, ctx);
}

/* Stage-column layout: router at column `col` (x = 2*col + 2.5 pitches),
 * row y (pitch units, +0.5); terminals in column 0. */
static void place_col(struct noc_topo *t, int node, int col, double row, double pitch)
{
    noc_topo_set_pos(t, node, (2.0 * col + 2.5) * pitch, (row + 0.5) * pitch);
}

static void place_terms_col(struct noc_topo *t, int nrouters, int nterms, double pitch)
{
    for (int i = 0; i < nterms; i++)
        noc_topo_set_pos(t, nrouters + i, 0.5 * pitch, (i + 0.5) * pitch);
}

int noc_gen_build_butterfly(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int k = (int)a->v[0], n = (int)a->v[1];
    double Sd = pow(k, n - 1), Nd = Sd * k;
    int rc = noc_gen_nodes(t, a->fam, n * Sd, Nd, 2 * Nd + (n - 1) * Nd, ctx);
    if (rc)
        return rc;
    int S = (int)Sd, N = (int)Nd, R = n * S;
    for (int i = 0; i < N; i++)
        if ((rc = attach(t, R + i, i / k, (n - 1) * S + i / k, ctx)) != NOC_OK)
            return rc;
    for (int s = 0; s + 1 < n; s++) {
        int pw = ipow(k, n - 2 - s); /* weight of the digit this stage sets */
        for (int w = 0; w < S; w++) {
            int digit = (w / pw) % k;
            for (int j = 0; j < k; j++)
                if ((rc = noc_topo_add_channel(t, s * S + w, (s + 1) * S + w + (j - digit) * pw,
                                               ctx)) != NOC_OK)
                    return rc;
        }
    }
    for (int s = 0; s < n; s++)
        for (int w = 0; w < S; w++)
            place_col(t, s * S + w, s, w * k + (k - 1) / 2.0, a->pitch);
    place_terms_col(t, R, N, a->pitch);
    noc_gen_shape(t, NOC_FAM_BUTTERFLY, n, NULL, k, k);
    return NOC_OK;
}

/* The switch of stage s holding line l in a multistage cube (Cube_s pairs
 * the lines differing in bit s): l with bit s deleted. */
static int cube_switch(int l, int s)
{
    return ((l >> (s + 1)) << s) | (l & ((1 << s) - 1));
}

/* Omega (shuffle = 1) or multistage cube (shuffle = 0) of 2x2 switches. */
static int min2_build(struct noc_topo *t, const struct gen_args *a, int shuffle, int family,
                      struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    double Ld = ldexp(1, n);
    int rc = noc_gen_nodes(t, a->fam, n * Ld / 2, Ld, 2 * Ld + (n - 1) * Ld, ctx);
    if (rc)
        return rc;
    int L = (int)Ld, S = L / 2, R = n * S;
    for (int l = 0; l < L; l++) {
        int in = shuffle ? gen_rotl(l, n) / 2 : l / 2;
        int out = (n - 1) * S + (shuffle ? l / 2 : cube_switch(l, n - 1));
        if ((rc = attach(t, R + l, in, out, ctx)) != NOC_OK)
            return rc;
        for (int s = 0; s + 1 < n; s++) {
            int from = shuffle ? l / 2 : cube_switch(l, s);
            int to = shuffle ? gen_rotl(l, n) / 2 : cube_switch(l, s + 1);
            if ((rc = noc_topo_add_channel(t, s * S + from, (s + 1) * S + to, ctx)) != NOC_OK)
                return rc;
        }
    }
    for (int s = 0; s < n; s++)
        for (int j = 0; j < S; j++) {
            /* cube: the switch's lower line is j with a 0 inserted at bit s */
            int lo = shuffle ? 2 * j : ((j >> s) << (s + 1)) | (j & ((1 << s) - 1));
            double row = shuffle ? 2 * j + 0.5 : lo + ldexp(1, s) / 2;
            place_col(t, s * S + j, s, row, a->pitch);
        }
    place_terms_col(t, R, L, a->pitch);
    noc_gen_shape(t, family, n, NULL, 2, 2);
    return NOC_OK;
}

int noc_gen_build_omega(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    return min2_build(t, a, 1, NOC_FAM_OMEGA, ctx);
}

int noc_gen_build_cube(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    return min2_build(t, a, 0, NOC_FAM_CUBE, ctx);
}

int noc_gen_build_clos(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int m = (int)a->v[0], n = (int)a->v[1], r = (int)a->v[2];
    double Nd = (double)n * r;
    int rc = noc_gen_nodes(t, a->fam, 2.0 * r + m, Nd, 2 * Nd + 2.0 * r * m, ctx);
    if (rc)
        return rc;
    int N = n * r, R = 2 * r + m, mid = r, outs = r + m;
    for (int i = 0; i < N; i++)
        if ((rc = attach(t, R + i, i / n, outs + i / n, ctx)) != NOC_OK)
            return rc;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < m; j++)
            if ((rc = noc_topo_add_channel(t, i, mid + j, ctx)) != NOC_OK ||
                (rc = noc_topo_add_channel(t, mid + j, outs + i, ctx)) != NOC_OK)
                return rc;
    for (int i = 0; i < r; i++) {
        place_col(t, i, 0, i * n + (n - 1) / 2.0, a->pitch);
        place_col(t, outs + i, 2, i * n + (n - 1) / 2.0, a->pitch);
    }
    for (int j = 0; j < m; j++)
        place_col(t, mid + j, 1, (j + 0.5) * N / m - 0.5, a->pitch);
    place_terms_col(t, R, N, a->pitch);
    int dims[3] = {m, n, r};
    noc_gen_shape(t, NOC_FAM_CLOS, 3, dims, m, n);
    return NOC_OK;
}

int noc_gen_build_fattree(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int k = (int)a->v[0], n = (int)a->v[1];
    double Sd = pow(k, n - 1), Nd = Sd * k;
    int rc = noc_gen_nodes(t, a->fam, n * Sd, Nd, 2 * Nd + 2.0 * (n - 1) * Nd, ctx);
    if (rc)
        return rc;
    int S = (int)Sd, N = (int)Nd, R = n * S;
    for (int i = 0; i < N; i++)
        if ((rc = noc_topo_add_link(t, R + i, (n - 1) * S + i / k, ctx)) != NOC_OK)
            return rc;
    /* <w,l> ~ <w',l+1> when w, w' differ at most in digit l (w_0 most
     * significant, so digit l weighs k^(n-2-l)). */
    for (int l = 0; l + 1 < n; l++) {
        int pw = ipow(k, n - 2 - l);
        for (int w = 0; w < S; w++) {
            int digit = (w / pw) % k;
            for (int j = 0; j < k; j++)
                if ((rc = noc_topo_add_link(t, l * S + w, (l + 1) * S + w + (j - digit) * pw,
                                            ctx)) != NOC_OK)
                    return rc;
        }
    }
    for (int l = 0; l < n; l++)
        for (int w = 0; w < S; w++)
            noc_topo_set_pos(t, l * S + w, (w * k + (k - 1) / 2.0 + 0.5) * a->pitch,
                             (2.0 * (n - l) + 0.5) * a->pitch);
    for (int i = 0; i < N; i++)
        noc_topo_set_pos(t, R + i, (i + 0.5) * a->pitch, 0.5 * a->pitch);
    noc_gen_shape(t, NOC_FAM_FATTREE, n, NULL, k, k);
    return NOC_OK;
}

int noc_gen_build_crossbar(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    int rc = noc_gen_nodes(t, a->fam, 1, n, 2.0 * n, ctx);
    if (rc)
        return rc;
    for (int i = 0; i < n; i++) {
        if ((rc = noc_topo_add_link(t, 1 + i, 0, ctx)) != NOC_OK)
            return rc;
        noc_topo_set_pos(t, 1 + i, (i + 0.5) * a->pitch, 0.5 * a->pitch);
    }
    noc_topo_set_pos(t, 0, (n / 2.0) * a->pitch, 2.5 * a->pitch);
    noc_gen_shape(t, NOC_FAM_OTHER, 1, NULL, n, n);
    return NOC_OK;
}

/* A bus: one shared medium.  Terminals inject into r0 (the arbiter side)
 * and eject from r1; the one channel r0 -> r1 is the medium, so every
 * message (self messages included) crosses it: 1 hop, and under uniform
 * traffic the medium carries N per unit injection (throughput 1/N). */
int noc_gen_build_bus(struct noc_topo *t, const struct gen_args *a, struct noc_ctx *ctx)
{
    int n = (int)a->v[0];
    int rc = noc_gen_nodes(t, a->fam, 2, n, 2.0 * n + 1, ctx);
    if (rc)
        return rc;
    if ((rc = noc_topo_add_channel(t, 0, 1, ctx)) != NOC_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        if ((rc = noc_topo_add_channel(t, 2 + i, 0, ctx)) != NOC_OK ||
            (rc = noc_topo_add_channel(t, 1, 2 + i, ctx)) != NOC_OK)
            return rc;
        noc_topo_set_pos(t, 2 + i, (i + 0.5) * a->pitch, 0.5 * a->pitch);
    }
    noc_topo_set_pos(t, 0, 0.5 * a->pitch, 2.5 * a->pitch);
    noc_topo_set_pos(t, 1, (n - 0.5) * a->pitch, 2.5 * a->pitch);
    noc_gen_shape(t, NOC_FAM_OTHER, 1, NULL, n, n);
    return NOC_OK;
}
