/* Switch placement: a linear program minimising the bandwidth-weighted
 * Manhattan wire length of core-switch and switch-switch links. */
#include "synth_int.h"

#include <math.h>
#include <stdlib.h>

#include "nocsyn/lp.h"

/* Adds w |x_u - x_v| (v >= 0) or w |x_u - c| (v < 0) to the objective. */
int synth_lp_abs(struct noc_lp *lp, int u, int v, double c, double w, struct noc_ctx *ctx)
{
    int p = noc_lp_add_cols(lp, 2, 0, INFINITY, w, NOC_LP_CONT, ctx);
    if (p < 0)
        return -p;
    int cols[4] = {u, p, p + 1, v};
    double vals[4] = {1, -1, 1, -1};
    if (noc_lp_add_row(lp, c, c, v >= 0 ? 4 : 3, cols, vals, ctx) < 0)
        return ctx->status;
    return NOC_OK;
}

int synth_lp_solve_first(struct noc_lp *lp, int n, double *out, struct noc_ctx *ctx)
{
    struct noc_lp_params prm;
    noc_lp_params_init(&prm);
    prm.method = NOC_LP_DUAL;
    int rc = noc_lp_solve(lp, &prm, ctx);
    for (int i = 0; rc == NOC_OK && i < n; i++)
        out[i] = noc_lp_value(lp, i);
    return rc;
}

/* One axis at a time: the Manhattan objective separates into x and y. */
static int place_axis(struct swnet *net, int ncores, const int *core_sw, const double *cc,
                      const double *cw, double *out, struct noc_ctx *ctx)
{
    int K = net->K, rc = NOC_OK;
    struct noc_lp *lp = NULL;
    double lo = INFINITY, hi = -INFINITY, total = 0;
    double *cen = noc_calloc(ctx, (size_t)K, sizeof *cen);
    double *wsum = noc_calloc(ctx, (size_t)K, sizeof *wsum);
    if (!cen || !wsum) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int c = 0; c < ncores; c++) {
        lo = fmin(lo, cc[c]);
        hi = fmax(hi, cc[c]);
        cen[core_sw[c]] += cw[c] * cc[c];
        wsum[core_sw[c]] += cw[c];
        total += cw[c];
    }
    for (int s = 0; s < K; s++)
        cen[s] = wsum[s] > 0 ? cen[s] / wsum[s] : (lo + hi) / 2;
    NOC_CHECK(noc_lp_create(&lp, NOC_LP_MIN, ctx));
    /* Columns 0..K-1: switch coordinates within the die. */
    if (noc_lp_add_cols(lp, K, lo, hi, 0, NOC_LP_CONT, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    /* Each |a - b| term is a - b = p - n with p, n >= 0 costing w (p + n):
     * one equality row per term keeps the basis small. */
    for (int c = 0; c < ncores; c++)
        NOC_CHECK(synth_lp_abs(lp, core_sw[c], -1, cc[c], cw[c], ctx));
    for (int ch = 0; ch < net->nch; ch++) {
        int u = net->csrc[ch], v = net->cdst[ch];
        if (u > v)
            continue;
        int back = noc_u64map_get(&net->chmap, noc_pair_key(v, u));
        double w = net->cload[ch] + (back >= 0 ? net->cload[back] : 0);
        NOC_CHECK(synth_lp_abs(lp, u, v, 0, fmax(w, 1e-3 * total / (ncores + 1)), ctx));
    }
    /* A tiny pull towards each switch's own cores' centroid makes the
     * optimum unique where the weighted median is an interval. */
    for (int s = 0; s < K; s++)
        NOC_CHECK(synth_lp_abs(lp, s, -1, cen[s], 1e-6 * (total + 1), ctx));
    rc = synth_lp_solve_first(lp, K, out, ctx);
cleanup:
    noc_lp_free(lp);
    free(cen);
    free(wsum);
    return rc;
}

int synth_place(struct swnet *net, int ncores, const int *core_sw, const double *cx,
                const double *cy, const double *cw, struct noc_ctx *ctx)
{
    int rc = place_axis(net, ncores, core_sw, cx, cw, net->sx, ctx);
    return rc ? rc : place_axis(net, ncores, core_sw, cy, cw, net->sy, ctx);
}
