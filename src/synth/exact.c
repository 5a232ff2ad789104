/* The exact reference (synth.h, noc_synth_exact): one mixed-integer program
 * of split's cost model at a fixed switch count, solved by GLPK through the
 * lp layer, and the design it describes rebuilt and evaluated like every
 * other design. */
#include "nocsyn/synth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/lp.h"
#include "nocsyn/topo.h"
#include "swnet_int.h"
#include "price_int.h"
#include "search_int.h"

/* Column bases of the program (see the comment of build()). */
struct xm {
    const struct noc_app *app;
    const struct noc_synth_opts *o;
    struct noc_lp *lp;
    int N, K, F, A, R;
    int a, X, Y, td, tw, o_, ld, y, lw, z, g, r, dep, h;
    int *arc;      /* arc[s*K+t] = directed arc index (s != t), -1 on the diagonal */
    int *link;     /* link[s*K+t] = unordered link index */
    int *depa, *depb; /* consecutive arc pairs (s,t),(t,u), u != s */
    int ndep;
    double *cx, *cy, *cw, *in, *out;
    int *cols;     /* row scratch */
    double *vals;
    int nnz;
    double konst;  /* power that no decision changes (core-link leakage) */
};

#define ZC(s, p) (m->z + 2 * ((s) * m->R + (p)-1))
#define GC(s, p) (ZC(s, p) + 1)
#define AC(c, s) (m->a + (c) * m->K + (s))
#define YC(f, s, t) (m->y + (f) * m->A + m->arc[(s) * m->K + (t)])

static void row_start(struct xm *m) { m->nnz = 0; }
static void row_put(struct xm *m, int col, double v)
{
    m->cols[m->nnz] = col;
    m->vals[m->nnz++] = v;
}
static int row_end(struct xm *m, double lo, double hi, struct noc_ctx *ctx)
{
    return noc_lp_add_row(m->lp, lo, hi, m->nnz, m->cols, m->vals, ctx) < 0 ? ctx->status : NOC_OK;
}

static int cols(struct xm *m, int n, double lo, double hi, double obj, int kind, int *base,
                struct noc_ctx *ctx)
{
    int c = noc_lp_add_cols(m->lp, n, lo, hi, obj, kind, ctx);
    if (c < 0)
        return -c;
    *base = c;
    return NOC_OK;
}

/* |pos - c| (other < 0) or |pos - other| as p - n with p, n >= 0 at cols
 * base, base + 1: returns the row status. */
static int abs_pair(struct xm *m, int pos, int other, double c, int base, struct noc_ctx *ctx)
{
    row_start(m);
    row_put(m, pos, 1);
    if (other >= 0)
        row_put(m, other, -1);
    row_put(m, base, -1);
    row_put(m, base + 1, 1);
    return row_end(m, c, c, ctx);
}

/* A row "sum >= lo" of the current row_put()s for an implied bound, set a
 * hair (1e-9 relative) below lo so that rounding never cuts a design. */
static int row_at_least(struct xm *m, double lo, struct noc_ctx *ctx)
{
    return row_end(m, lo * (1 - 1e-9), INFINITY, ctx);
}

/* Rows implied by the model that tighten its relaxation, whose fractional
 * assignments make every wire look free (bounds.c): core-link wire >= the
 * cores' K-median; all wire (core links, switch links) >= the larger of
 * the flows' Manhattan distances (triangle inequality) and the detour
 * bound (each flow passes its cores' switches: K switch points on the
 * Hanan grid, every K-subset tried); flits into switches
 * >= the injected ones (each enters its source's switch) plus the least
 * K-way crossing bandwidth (those enter a second switch; groups of at most
 * R - 1 cores).  fpm = Mflit/s per MB/s, tot = injected MB/s. */
static int implied_rows(struct xm *m, double fpm, double tot, struct noc_ctx *ctx)
{
    const struct noc_app *app = m->app;
    int N = m->N, K = m->K, F = m->F, R = m->R, L = K * (K - 1) / 2, rc;
    double kmed, cross, direct = 0, detour;
    if ((rc = noc_synth_kmedian_bound(m->cx, m->cy, m->cw, N, K, &kmed, ctx)))
        return rc;
    if (kmed > 0) {
        row_start(m);
        for (int i = 0; i < N * K; i++)
            row_put(m, m->tw + i, 1);
        if ((rc = row_at_least(m, kmed, ctx)))
            return rc;
    }
    if (!L)
        return NOC_OK;
    for (int f = 0; f < F; f++) {
        const struct noc_flow *fl = &app->flows[f];
        direct += fl->bw * (fabs(m->cx[fl->src] - m->cx[fl->dst]) + fabs(m->cy[fl->src] - m->cy[fl->dst]));
    }
    row_start(m);
    for (int i = 0; i < N * K; i++)
        row_put(m, m->tw + i, 1);
    for (int i = 0; i < F * L; i++)
        row_put(m, m->lw + i, 1);
    if ((rc = noc_synth_detour_bound(app, m->cx, m->cy, K, &detour, ctx)))
        return rc;
    if ((rc = row_at_least(m, fmax(direct, detour), ctx)))
        return rc;
    if ((rc = noc_synth_crossing_bound(app, K, R - 1, &cross, ctx)))
        return rc;
    row_start(m);
    for (int s = 0; s < K; s++)
        for (int p = 1; p <= R; p++)
            row_put(m, GC(s, p), 1);
    return row_at_least(m, fpm * (tot + cross), ctx);
}

/* The program (all powers by the tech model's functions, in mW):
 *  a[c,s]      core c on switch s (binary; parts ordered by their first core)
 *  X[s], Y[s]  switch positions within the cores' bounding box
 *  td[c,s,4]   |x_c - X_s| and |y_c - Y_s| split into +/- parts
 *  tw[c,s]     >= (in+out)_c x dist(c, s) when a[c,s] (big-M): core-link
 *              energy per MB/s mm x tw is the core links' dynamic power
 *  o[l]        link l = {s, t} open (binary): two channels' leakage
 *  ld[l,4]     |X_s - X_t|, |Y_s - Y_t|
 *  y[f,arc]    flow f uses arc s -> t (binary; flow conservation from the
 *              source core's switch to the destination core's switch)
 *  lw[f,l]     >= bw_f x length(l) when f uses l either way (big-M)
 *  z[s,p]      switch s has p ports (cores + links, one-hot, p <= radix):
 *              router leakage at p ports
 *  g[s,p]      flits/s through s when it has p ports (else 0): router
 *              dynamic power at p ports
 *  r[arc]      rank of the channel in an order of the dependency graph;
 *  dep[i]      consecutive channel pair i used by some flow => rank grows
 *              along it (so the dependency graph is acyclic)
 *  h[arc]      a unit of flow from switch 0 to each other switch over open
 *              links (every switch reachable; skipped with no_connect).
 * Objective = power - konst (core-link leakage, constant). */
static int build(struct xm *m, struct noc_ctx *ctx)
{
    const struct noc_app *app = m->app;
    const struct noc_tech *tech = &m->o->tech;
    int N = m->N, K = m->K, F = m->F, A = m->A, R = m->R, rc = NOC_OK;
    int L = K * (K - 1) / 2;
    double w = m->o->link_width, cap = noc_synth_capacity(m->o) * m->o->max_util;
    double fq = m->o->freq_mhz;
    /* Links within one clock cycle (checked by the caller): a channel's
     * power is its leakage and clock power plus energy x MB/s x mm. */
    double leak_ch = noc_tech_channel_mw(tech, 0, w, 0, fq);
    double e_link = noc_tech_channel_mw(tech, 1, w, 1, fq) - leak_ch; /* mW per MB/s mm */
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY, tot = 0;
    for (int c = 0; c < N; c++) {
        xlo = fmin(xlo, m->cx[c]);
        xhi = fmax(xhi, m->cx[c]);
        ylo = fmin(ylo, m->cy[c]);
        yhi = fmax(yhi, m->cy[c]);
        tot += m->out[c];
    }
    double M = (xhi - xlo) + (yhi - ylo);
    double fpm = 8.0 / w; /* Mflit/s per MB/s */
    double gmax = 2 * tot * fpm + 1;
    m->konst = 2 * N * leak_ch;
    if ((rc = cols(m, N * K, 0, 1, 0, NOC_LP_BIN, &m->a, ctx)) || (rc = cols(m, K, xlo, xhi, 0, NOC_LP_CONT, &m->X, ctx)) ||
        (rc = cols(m, K, ylo, yhi, 0, NOC_LP_CONT, &m->Y, ctx)) ||
        (rc = cols(m, 4 * N * K, 0, INFINITY, 0, NOC_LP_CONT, &m->td, ctx)) ||
        (rc = cols(m, N * K, 0, INFINITY, e_link, NOC_LP_CONT, &m->tw, ctx)))
        return rc;
    if (L && ((rc = cols(m, L, 0, 1, 2 * leak_ch, NOC_LP_BIN, &m->o_, ctx)) ||
              (rc = cols(m, 4 * L, 0, INFINITY, 0, NOC_LP_CONT, &m->ld, ctx)) ||
              (rc = cols(m, F * A, 0, 1, 0, NOC_LP_BIN, &m->y, ctx)) ||
              (rc = cols(m, F * L, 0, INFINITY, e_link, NOC_LP_CONT, &m->lw, ctx))))
        return rc;
    for (int s = 0; s < K; s++)
        for (int p = 1; p <= R; p++) {
            int zc, gc;
            double leak = noc_tech_router_mw(tech, p, w, 0, fq);
            double dyn = (noc_tech_router_mw(tech, p, w, 1e12, fq) - leak) / 1e6; /* mW per Mflit/s */
            if ((rc = cols(m, 1, 0, 1, leak, NOC_LP_BIN, &zc, ctx)) || (rc = cols(m, 1, 0, INFINITY, dyn, NOC_LP_CONT, &gc, ctx)))
                return rc;
            if (s == 0 && p == 1) {
                m->z = zc;
                m->g = gc;
            }
        }
    /* z and g interleave: z(s,p) = m->z + 2 ((s R) + p - 1), g = z + 1. */
    /* Assignment: one switch per core, every switch used, symmetry broken. */
    for (int c = 0; c < N; c++) {
        row_start(m);
        for (int s = 0; s < K; s++)
            row_put(m, AC(c, s), 1);
        if ((rc = row_end(m, 1, 1, ctx)))
            return rc;
        for (int s = c + 1; s < K; s++)
            if ((rc = noc_lp_set_col_bounds(m->lp, AC(c, s), 0, 0, ctx)))
                return rc;
        for (int s = 1; s < K && s <= c; s++) {
            row_start(m);
            row_put(m, AC(c, s), 1);
            for (int c2 = 0; c2 < c; c2++)
                row_put(m, AC(c2, s - 1), -1);
            if ((rc = row_end(m, -INFINITY, 0, ctx)))
                return rc;
        }
    }
    for (int s = 0; s < K; s++) {
        row_start(m);
        for (int c = 0; c < N; c++)
            row_put(m, AC(c, s), 1);
        if ((rc = row_end(m, 1, INFINITY, ctx)))
            return rc;
    }
    /* Core-link wire. */
    for (int c = 0; c < N; c++)
        for (int s = 0; s < K; s++) {
            int td = m->td + 4 * (c * K + s);
            if ((rc = abs_pair(m, m->X + s, -1, m->cx[c], td, ctx)) || (rc = abs_pair(m, m->Y + s, -1, m->cy[c], td + 2, ctx)))
                return rc;
            row_start(m);
            row_put(m, m->tw + c * K + s, 1);
            for (int i = 0; i < 4; i++)
                row_put(m, td + i, -m->cw[c]);
            row_put(m, AC(c, s), -m->cw[c] * M);
            if ((rc = row_end(m, -m->cw[c] * M, INFINITY, ctx)))
                return rc;
        }
    if ((rc = implied_rows(m, fpm, tot, ctx)))
        return rc;
    /* Links, routes, capacity, hops, wire. */
    for (int s = 0; s < K; s++)
        for (int t = s + 1; t < K; t++) {
            int l = m->link[s * K + t], ld = m->ld + 4 * l;
            if ((rc = abs_pair(m, m->X + s, m->X + t, 0, ld, ctx)) || (rc = abs_pair(m, m->Y + s, m->Y + t, 0, ld + 2, ctx)))
                return rc;
            for (int f = 0; f < F; f++) {
                double bw = app->flows[f].bw;
                row_start(m); /* one direction at most, only on an open link */
                row_put(m, YC(f, s, t), 1);
                row_put(m, YC(f, t, s), 1);
                row_put(m, m->o_ + l, -1);
                if ((rc = row_end(m, -INFINITY, 0, ctx)))
                    return rc;
                row_start(m);
                row_put(m, m->lw + f * L + l, 1);
                for (int i = 0; i < 4; i++)
                    row_put(m, ld + i, -bw);
                row_put(m, YC(f, s, t), -bw * M);
                row_put(m, YC(f, t, s), -bw * M);
                if ((rc = row_end(m, -bw * M, INFINITY, ctx)))
                    return rc;
            }
        }
    for (int s = 0; s < K; s++)
        for (int t = 0; t < K; t++) {
            if (s == t)
                continue;
            row_start(m);
            for (int f = 0; f < F; f++)
                row_put(m, YC(f, s, t), app->flows[f].bw);
            if ((rc = row_end(m, -INFINITY, cap, ctx)))
                return rc;
        }
    for (int f = 0; f < F; f++) {
        const struct noc_flow *fl = &app->flows[f];
        for (int s = 0; s < K; s++) {
            row_start(m);
            for (int t = 0; t < K; t++)
                if (t != s) {
                    row_put(m, YC(f, s, t), 1);
                    row_put(m, YC(f, t, s), -1);
                }
            row_put(m, AC(fl->src, s), -1);
            row_put(m, AC(fl->dst, s), 1);
            if ((rc = row_end(m, 0, 0, ctx)))
                return rc;
        }
        if (fl->max_hops >= 0 && A) {
            row_start(m);
            for (int i = 0; i < A; i++)
                row_put(m, m->y + f * A + i, 1);
            if ((rc = row_end(m, -INFINITY, fl->max_hops, ctx)))
                return rc;
        }
    }
    /* Ports and router power. */
    for (int s = 0; s < K; s++) {
        row_start(m);
        for (int p = 1; p <= R; p++)
            row_put(m, ZC(s, p), 1);
        if ((rc = row_end(m, 1, 1, ctx)))
            return rc;
        row_start(m);
        for (int c = 0; c < N; c++)
            row_put(m, AC(c, s), 1);
        for (int t = 0; t < K; t++)
            if (t != s)
                row_put(m, m->o_ + m->link[s * K + t], 1);
        for (int p = 1; p <= R; p++)
            row_put(m, ZC(s, p), -p);
        if ((rc = row_end(m, 0, 0, ctx)))
            return rc;
        for (int p = 1; p <= R; p++) {
            row_start(m);
            row_put(m, GC(s, p), 1);
            row_put(m, ZC(s, p), -gmax);
            if ((rc = row_end(m, -INFINITY, 0, ctx)))
                return rc;
        }
        row_start(m); /* flits into s: its cores' injection and the flows arriving */
        for (int p = 1; p <= R; p++)
            row_put(m, GC(s, p), 1);
        for (int c = 0; c < N; c++)
            row_put(m, AC(c, s), -fpm * m->out[c]);
        for (int f = 0; f < F; f++)
            for (int t = 0; t < K; t++)
                if (t != s)
                    row_put(m, YC(f, t, s), -fpm * app->flows[f].bw);
        if ((rc = row_end(m, 0, 0, ctx)))
            return rc;
    }
    /* Acyclic channel dependencies. */
    if (m->ndep) {
        if ((rc = cols(m, A, 0, A - 1, 0, NOC_LP_CONT, &m->r, ctx)) ||
            (rc = cols(m, m->ndep, 0, 1, 0, NOC_LP_BIN, &m->dep, ctx)))
            return rc;
        for (int i = 0; i < m->ndep; i++) {
            for (int f = 0; f < F; f++) {
                row_start(m);
                row_put(m, m->dep + i, 1);
                row_put(m, m->y + f * A + m->depa[i], -1);
                row_put(m, m->y + f * A + m->depb[i], -1);
                if ((rc = row_end(m, -1, INFINITY, ctx)))
                    return rc;
            }
            row_start(m);
            row_put(m, m->r + m->depb[i], 1);
            row_put(m, m->r + m->depa[i], -1);
            row_put(m, m->dep + i, -A);
            if ((rc = row_end(m, 1 - A, INFINITY, ctx)))
                return rc;
        }
    }
    /* Every switch reachable from switch 0. */
    if (!m->o->no_connect && K > 1) {
        if ((rc = cols(m, A, 0, K - 1, 0, NOC_LP_CONT, &m->h, ctx)))
            return rc;
        for (int s = 0; s < K; s++)
            for (int t = 0; t < K; t++)
                if (s != t) {
                    row_start(m);
                    row_put(m, m->h + m->arc[s * K + t], 1);
                    row_put(m, m->o_ + m->link[s * K + t], -(K - 1));
                    if ((rc = row_end(m, -INFINITY, 0, ctx)))
                        return rc;
                }
        /* Implied, but they tighten the relaxation: K - 1 links at least,
         * one at every switch. */
        row_start(m);
        for (int l = 0; l < L; l++)
            row_put(m, m->o_ + l, 1);
        if ((rc = row_end(m, K - 1, INFINITY, ctx)))
            return rc;
        for (int s = 0; s < K; s++) {
            row_start(m);
            for (int t = 0; t < K; t++)
                if (t != s)
                    row_put(m, m->o_ + m->link[s * K + t], 1);
            if ((rc = row_end(m, 1, INFINITY, ctx)))
                return rc;
        }
        for (int s = 0; s < K; s++) {
            row_start(m);
            for (int t = 0; t < K; t++)
                if (t != s) {
                    row_put(m, m->h + m->arc[s * K + t], 1);
                    row_put(m, m->h + m->arc[t * K + s], -1);
                }
            double b = s == 0 ? K - 1 : -1;
            if ((rc = row_end(m, b, b, ctx)))
                return rc;
        }
    }
    return NOC_OK;
}

/* The design the solution describes, built and evaluated like split's. */
static int extract(struct xm *m, struct noc_design *d, struct noc_ctx *ctx)
{
    const struct noc_app *app = m->app;
    int N = m->N, K = m->K, rc = NOC_OK;
    struct swnet net;
    int *core_sw = noc_malloc(ctx, (size_t)N, sizeof *core_sw);
    int *path = noc_malloc(ctx, (size_t)K + 1, sizeof *path);
    if (!core_sw || !path) {
        free(core_sw);
        free(path);
        return NOC_ENOMEM;
    }
    if ((rc = noc_swnet_init(&net, K, m->F, m->o, ctx)) != NOC_OK) {
        free(core_sw);
        free(path);
        return rc;
    }
    for (int c = 0; c < N; c++) {
        core_sw[c] = 0;
        for (int s = 0; s < K; s++)
            if (noc_lp_value(m->lp, AC(c, s)) > 0.5)
                core_sw[c] = s;
        net.ncores[core_sw[c]]++;
    }
    for (int s = 0; s < K; s++) {
        net.sx[s] = noc_lp_value(m->lp, m->X + s);
        net.sy[s] = noc_lp_value(m->lp, m->Y + s);
        for (int t = s + 1; t < K; t++)
            if (noc_lp_value(m->lp, m->o_ + m->link[s * K + t]) > 0.5)
                NOC_CHECK(noc_swnet_open_link(&net, s, t, ctx));
    }
    for (int f = 0; f < m->F; f++) {
        const struct noc_flow *fl = &app->flows[f];
        int len = 0, at = core_sw[fl->src];
        path[len++] = at;
        while (at != core_sw[fl->dst] && len <= K) {
            int next = -1;
            for (int t = 0; t < K && next < 0; t++)
                if (t != at && noc_lp_value(m->lp, YC(f, at, t)) > 0.5)
                    next = t;
            if (next < 0)
                break;
            path[len++] = at = next;
        }
        int committed = 0;
        if (at == core_sw[fl->dst])
            NOC_CHECK(noc_swnet_commit(&net, f, path, len, fl->bw, &committed, ctx));
        if (!committed) {
            rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "exact: flow %s -> %s: the solution's path is not valid",
                           app->cores[fl->src].name, app->cores[fl->dst].name);
            goto cleanup;
        }
    }
    rc = noc_synth_finish(app, &net, core_sw, m->cx, m->cy, m->o, "sw", NULL, d, ctx);
cleanup:
    noc_swnet_free(&net);
    free(core_sw);
    free(path);
    return rc;
}

int noc_synth_exact(const struct noc_app *app, const struct noc_synth_opts *o, int K,
                    const struct noc_lp_params *prm, struct noc_design *d, double *bound_mw,
                    struct noc_ctx *ctx)
{
    struct xm m;
    int rc = NOC_OK, N = app->ncores;
    memset(&m, 0, sizeof m);
    memset(d, 0, sizeof *d);
    noc_topo_init(&d->topo);
    noc_metrics_init(&d->m);
    snprintf(d->method, sizeof d->method, "exact");
    snprintf(d->name, sizeof d->name, "exact_k%d", K);
    d->switches = K;
    *bound_mw = -INFINITY;
    if (K < 1 || K > N)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "exact: %d switches for %d cores", K, N);
    if ((rc = noc_synth_check_input(app, o, ctx)) != NOC_OK)
        return rc;
    m.app = app;
    m.o = o;
    m.N = N;
    m.K = K;
    m.F = app->nflows;
    m.A = K * (K - 1);
    m.R = o->max_radix > 0 ? o->max_radix : N + K - 1;
    m.arc = noc_malloc(ctx, (size_t)K * K, sizeof *m.arc);
    m.link = noc_malloc(ctx, (size_t)K * K, sizeof *m.link);
    m.depa = noc_malloc(ctx, (size_t)K * K * K + 1, sizeof *m.depa);
    m.depb = noc_malloc(ctx, (size_t)K * K * K + 1, sizeof *m.depb);
    m.cx = noc_malloc(ctx, (size_t)N, sizeof *m.cx);
    m.cy = noc_malloc(ctx, (size_t)N, sizeof *m.cy);
    m.cw = noc_malloc(ctx, (size_t)N, sizeof *m.cw);
    m.in = noc_malloc(ctx, (size_t)N, sizeof *m.in);
    m.out = noc_malloc(ctx, (size_t)N, sizeof *m.out);
    size_t rowcap = (size_t)N * K + (size_t)m.F * m.A + (size_t)K * m.R * 2 + (size_t)m.A + 16;
    m.cols = noc_malloc(ctx, rowcap, sizeof *m.cols);
    m.vals = noc_malloc(ctx, rowcap, sizeof *m.vals);
    if (!m.arc || !m.link || !m.depa || !m.depb || !m.cx || !m.cy || !m.cw || !m.in || !m.out || !m.cols || !m.vals) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    NOC_CHECK(noc_synth_core_geom(app, m.cx, m.cy, m.cw, ctx));
    noc_app_core_bw(app, m.in, m.out);
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int c = 0; c < N; c++) {
        m.cw[c] = m.in[c] + m.out[c]; /* the wire weight exactly, no placement nudge */
        xlo = fmin(xlo, m.cx[c]), xhi = fmax(xhi, m.cx[c]);
        ylo = fmin(ylo, m.cy[c]), yhi = fmax(yhi, m.cy[c]);
    }
    if (noc_tech_link_stages(&o->tech, (xhi - xlo) + (yhi - ylo), o->freq_mhz) > 0) {
        rc = noc_error(ctx, NOC_EINVAL, NULL, 0,
                       "exact: the die's half-perimeter %.4g mm may need link pipeline registers at %.6g MHz; "
                       "the program models links within one cycle",
                       (xhi - xlo) + (yhi - ylo), o->freq_mhz);
        goto cleanup;
    }
    for (int s = 0, na = 0, nl = 0; s < K; s++)
        for (int t = 0; t < K; t++) {
            m.arc[s * K + t] = s == t ? -1 : na++;
            if (s < t)
                m.link[s * K + t] = m.link[t * K + s] = nl++;
        }
    for (int s = 0; s < K; s++)
        for (int t = 0; t < K; t++)
            for (int u = 0; u < K; u++)
                if (s != t && t != u && u != s) {
                    m.depa[m.ndep] = m.arc[s * K + t];
                    m.depb[m.ndep++] = m.arc[t * K + u];
                }
    if ((rc = noc_lp_create(&m.lp, NOC_LP_MIN, ctx)) != NOC_OK || (rc = build(&m, ctx)) != NOC_OK)
        goto cleanup;
    int src = noc_lp_solve(m.lp, prm, ctx);
    if (src != NOC_OK && src != NOC_ELIMIT) {
        rc = src;
        if (src == NOC_EINFEASIBLE)
            snprintf(d->reason, sizeof d->reason, "no design with %d switches meets the constraints", K);
        goto cleanup;
    }
    *bound_mw = noc_lp_bound(m.lp) + m.konst;
    if (!noc_lp_has_solution(m.lp)) {
        snprintf(d->reason, sizeof d->reason, "the search stopped before finding a design");
        rc = src;
        goto cleanup;
    }
    if ((rc = extract(&m, d, ctx)) == NOC_OK)
        rc = src;
cleanup:
    noc_lp_free(m.lp);
    free(m.arc);
    free(m.link);
    free(m.depa);
    free(m.depb);
    free(m.cx);
    free(m.cy);
    free(m.cw);
    free(m.in);
    free(m.out);
    free(m.cols);
    free(m.vals);
    return rc;
}
