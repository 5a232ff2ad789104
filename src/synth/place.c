/* Switch placement: a linear program minimising the bandwidth-weighted
 * Manhattan wire length of core-switch and switch-switch links. */
#include "synth_int.h"

#include <math.h>
#include <stdlib.h>

#include "nocsyn/lp.h"

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
    if ((rc = noc_lp_create(&lp, NOC_LP_MIN, ctx)) != NOC_OK)
        goto cleanup;
    /* Columns 0..K-1: switch coordinates within the die. */
    if (noc_lp_add_cols(lp, K, lo, hi, 0, NOC_LP_CONT, ctx) < 0) {
        rc = ctx->status;
        goto cleanup;
    }
    int cols[2];
    double vals[2];
    /* |x_s - c| for every core: t >= x_s - c, t >= c - x_s. */
    for (int c = 0; c < ncores; c++) {
        int t = noc_lp_add_cols(lp, 1, 0, INFINITY, cw[c], NOC_LP_CONT, ctx);
        if (t < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        cols[0] = t;
        cols[1] = core_sw[c];
        vals[0] = 1;
        vals[1] = -1;
        if (noc_lp_add_row(lp, -cc[c], INFINITY, 2, cols, vals, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        vals[1] = 1;
        if (noc_lp_add_row(lp, cc[c], INFINITY, 2, cols, vals, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
    }
    /* |x_u - x_v| for every link, weighted by its load both ways. */
    for (int ch = 0; ch < net->nch; ch++) {
        int u = net->csrc[ch], v = net->cdst[ch];
        if (u > v)
            continue;
        int back = noc_u64map_get(&net->chmap, noc_pair_key(v, u));
        double w = net->cload[ch] + (back >= 0 ? net->cload[back] : 0);
        int t = noc_lp_add_cols(lp, 1, 0, INFINITY, fmax(w, 1e-3 * total / (ncores + 1)),
                                NOC_LP_CONT, ctx);
        int c3[3] = {t, u, v};
        double v3[3] = {1, -1, 1};
        if (t < 0 || noc_lp_add_row(lp, 0, INFINITY, 3, c3, v3, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        v3[1] = 1;
        v3[2] = -1;
        if (noc_lp_add_row(lp, 0, INFINITY, 3, c3, v3, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
    }
    /* A tiny pull towards each switch's own cores' centroid makes the
     * optimum unique where the weighted median is an interval. */
    for (int s = 0; s < K; s++) {
        int t = noc_lp_add_cols(lp, 1, 0, INFINITY, 1e-6 * (total + 1), NOC_LP_CONT, ctx);
        cols[0] = t;
        cols[1] = s;
        vals[0] = 1;
        vals[1] = -1;
        if (t < 0 || noc_lp_add_row(lp, -cen[s], INFINITY, 2, cols, vals, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        vals[1] = 1;
        if (noc_lp_add_row(lp, cen[s], INFINITY, 2, cols, vals, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
    }
    if ((rc = noc_lp_solve(lp, NULL, ctx)) != NOC_OK)
        goto cleanup;
    for (int s = 0; s < K; s++)
        out[s] = noc_lp_value(lp, s);
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
