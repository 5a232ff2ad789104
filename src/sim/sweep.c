/* Load sweeps: load points in parallel (each with its own generator, so the
 * results do not depend on the number of threads), the saturation search,
 * and the zero-load latency. */
#include "sim_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SIM_MAX_POINTS 1000
#define SIM_ZL_SAMPLES 20000

void noc_sim_result_init(struct noc_sim_result *r)
{
    memset(r, 0, sizeof *r);
    r->saturation = NAN;
    r->zero_load_latency = NAN;
}

void noc_sim_result_free(struct noc_sim_result *r)
{
    for (int i = 0; i < r->npoints; i++)
        noc_sim_point_free(&r->points[i]);
    free(r->points);
    noc_sim_result_init(r);
}

/* Budget of flit-hop steps for the zero-load recurrence (packets longer
 * than a buffer); beyond it the latency is the estimate without the credit
 * stall and is reported as not exact. */
#define SIM_ZL_STEPS 200000000L

/* Zero-load timing of packets over paths (model in sim.h). */
struct zl {
    const struct sim_net *n;
    int len[2];     /* short and long packet lengths */
    double p[2];    /* their probabilities */
    int stall;      /* 1: a packet is longer than a buffer (credits may stall it) */
    long *e;        /* recurrence rows: (B + 1) x (longest path) departure cycles */
    int ecap;       /* channels per row */
};

/* Cycle the tail of a lone packet of len flits, its head sent by the source
 * in cycle 0, reaches the terminal over channels ch[0] (injection) ..
 * ch[h] (ejection); with the model of sim.h, e_j(i), the cycle flit i
 * leaves over ch[j], is the least value with
 *   e_j(i) >= e_j(i-1) + g_j               (one flit per cycle; g_j, the
 *       channel's noc_topo_channel_gap, on a D2D module narrower than it)
 *   e_0(i) >= i                            (the source, one per cycle)
 *   e_1(i) >= e_0(i) + L_0 + D - 1         (arrival from the source + D - 1)
 *   e_j(i) >= e_(j-1)(i) + 1 + L_(j-1) + D - 1   (j >= 2)
 *   e_j(i) >= e_(j+1)(i-B) + L_j + cd      (j < h, i >= B: the credit of
 *       flit i-B, freed when it leaves the next router, arrives L_j + cd
 *       later and is usable that cycle; the ejection channel has none)
 * and the tail arrives in e_h(len-1) + 1 + L_h.  Without the credit term
 * (len <= B) this is sum_j L_j + h D + len - 1, the closed form of sim.h;
 * with it, for example 5 flits in 4-flit buffers over unit links with
 * D = 3 and cd = 2, a router-router hop's loop is 2L + D + cd = 7 cycles
 * against 4 flits sent: the last flit leaves 3 cycles late. */
static long lone_tail(struct zl *z, const int *ch, int np, int len)
{
    const struct sim_net *n = z->n;
    int B = n->B, h = np - 1, rows = B + 1;
    long *e = z->e;
    for (int i = 0; i < len; i++) {
        long *cur = e + (size_t)(i % rows) * z->ecap, *prev = e + (size_t)((i + rows - 1) % rows) * z->ecap;
        const long *old = e + (size_t)((i - B + rows) % rows) * z->ecap; /* flit i - B */
        for (int j = 0; j <= h; j++) {
            long t = j == 0 ? i : cur[j - 1] + n->lat[ch[j - 1]] + n->D - (j == 1);
            int g = n->gap ? n->gap[ch[j]] : 1; /* a narrow channel: one flit every g cycles */
            if (i > 0 && prev[j] + g > t)
                t = prev[j] + g;
            if (i >= B && j < h && old[j + 1] + n->lat[ch[j]] + n->cd > t)
                t = old[j + 1] + n->lat[ch[j]] + n->cd;
            cur[j] = t;
        }
    }
    return e[(size_t)((len - 1) % rows) * z->ecap + h] + 1 + n->lat[ch[h]];
}

/* Zero-load latency of one path (channels ch[0..np-1]), averaged over the
 * packet lengths. */
static double path_latency(struct zl *z, const int *ch, int np)
{
    const struct sim_net *n = z->n;
    if (!z->stall || np > z->ecap) {
        int g = 1; /* the tail follows at the pace of the narrowest channel */
        for (int i = 0; i < np && n->gap; i++)
            g = n->gap[ch[i]] > g ? n->gap[ch[i]] : g;
        double l = (double)(np - 1) * n->D + (n->mean_len - 1) * g;
        for (int i = 0; i < np; i++)
            l += n->lat[ch[i]];
        return l;
    }
    double l = 0;
    for (int k = 0; k < 2; k++)
        if (z->p[k] > 0)
            l += z->p[k] * (double)lone_tail(z, ch, np, z->len[k]);
    return l;
}

/* Weighted latency of the stored paths of pair slot k. */
static double pair_latency(struct zl *z, int k)
{
    const struct sim_net *n = z->n;
    int first = n->pair_first[k], cnt = n->pair_n[k];
    double l = 0, prev = 0;
    for (int q = first; q < first + cnt; q++) {
        double w = (q + 1 == first + cnt ? 1.0 : n->pcum[q]) - prev;
        prev = n->pcum[q];
        l += w * path_latency(z, n->pch + n->pstart[q], n->pstart[q + 1] - n->pstart[q]);
    }
    return l;
}

/* Prepares z; *exact becomes 0 when packets longer than a buffer would cost
 * more than SIM_ZL_STEPS steps over `paths` paths of at most maxpath
 * channels (then the stall is left out).  Releases nothing on failure. */
static int zl_init(struct zl *z, const struct noc_sim *s, long paths, int maxpath, int *exact,
                   struct noc_ctx *ctx)
{
    const struct sim_net *n = s->priv;
    memset(z, 0, sizeof *z);
    z->n = n;
    z->len[0] = s->o.pkt_short;
    z->len[1] = s->o.pkt_long;
    z->p[0] = s->o.pkt_pshort;
    z->p[1] = 1 - s->o.pkt_pshort;
    int l0 = z->p[0] > 0 ? z->len[0] : 0, l1 = z->p[1] > 0 ? z->len[1] : 0, longest = l0 > l1 ? l0 : l1;
    z->stall = !n->nocredit && longest > n->B;
    if (!z->stall)
        return NOC_OK;
    if ((double)paths * maxpath * (z->len[0] + z->len[1]) > (double)SIM_ZL_STEPS) {
        z->stall = 0;
        *exact = 0;
        return NOC_OK;
    }
    z->ecap = maxpath;
    if (!(z->e = noc_malloc(ctx, (size_t)(n->B + 1) * (size_t)maxpath, sizeof *z->e)))
        return NOC_ENOMEM;
    return NOC_OK;
}

int noc_sim_zero_load(const struct noc_sim *s, double *latency, int *exact, struct noc_ctx *ctx)
{
    const struct sim_net *n = s->priv;
    const struct noc_traffic *tr = n->tr;
    double sum = 0;
    int ex = 1, rc = NOC_OK;
    struct zl z;
    if (n->adaptive) { /* the path every packet takes at zero load */
        for (int src = 0; src < n->N; src++) {
            if (tr->uniform > 0)
                for (int d = 0; d < n->N; d++)
                    sum += tr->uniform / n->N * noc_sim_adaptive_pair_latency(n, src, d);
            for (int e = tr->off[src]; e < tr->off[src + 1]; e++)
                if (tr->ent[e].w > 0)
                    sum += tr->ent[e].w * noc_sim_adaptive_pair_latency(n, src, tr->ent[e].d);
        }
        *latency = sum / n->wtot;
        /* no credit stall in that sum: exact only for packets within a buffer */
        if (exact)
            *exact = n->nocredit || s->o.pkt_long <= n->B || (s->o.pkt_pshort >= 1 && s->o.pkt_short <= n->B);
        return NOC_OK;
    }
    if (n->have_table) {
        NOC_CHECK(zl_init(&z, s, n->npaths, n->maxpath, &ex, ctx));
        for (int src = 0; src < n->N; src++) {
            if (n->dense && tr->uniform > 0)
                for (int d = 0; d < n->N; d++)
                    sum += tr->uniform / n->N * pair_latency(&z, src * n->N + d);
            for (int e = tr->off[src]; e < tr->off[src + 1]; e++)
                if (tr->ent[e].w > 0)
                    sum += tr->ent[e].w * pair_latency(&z, noc_sim_pair_index(n, src, tr->ent[e].d, e));
        }
        *latency = sum / n->wtot;
        if (exact)
            *exact = ex;
        goto cleanup;
    }
    /* Estimate: sources by their row sums, destinations from the rows,
     * one drawn path each, fixed seed (paths longer than R + 1 channels,
     * none for minimal routes, leave out the credit stall). */
    struct noc_rng rng;
    struct noc_pathset ps;
    NOC_CHECK(zl_init(&z, s, SIM_ZL_SAMPLES, n->R + 1, &ex, ctx));
    noc_rng_seed(&rng, 0x5eed);
    noc_pathset_init(&ps);
    for (int i = 0; i < SIM_ZL_SAMPLES && rc == NOC_OK; i++) {
        double x = noc_rng_uniform(&rng) * n->wtot;
        int src = 0, e;
        while (src < n->N - 1 && x >= n->row[src]) {
            x -= n->row[src];
            src++;
        }
        while (src > 0 && !(n->row[src] > 0)) /* rounding past the last sender */
            src--;
        int d = noc_sim_pick_dest(n, &rng, src, &e);
        rc = noc_routing_sample(&n->rt, noc_topo_term_node(n->t, src), noc_topo_term_node(n->t, d),
                                &rng, &ps, ctx);
        if (rc == NOC_OK)
            sum += path_latency(&z, ps.ch, ps.nch);
    }
    noc_pathset_free(&ps);
    *latency = sum / SIM_ZL_SAMPLES;
    if (exact)
        *exact = 0;
cleanup:
    free(z.e);
    return rc;
}

/* ---- parallel load points */

struct job {
    const struct noc_sim *s;
    const double *rate;
    struct noc_sim_point *pt;
    struct noc_ctx *ctx;
    int *rc;
};

/* A point's failure stays with the point (rc[i], ctx[i]): the pool goes on. */
static int run_one(void *arg, int i, int worker, struct noc_ctx *wctx)
{
    struct job *j = arg;
    j->rc[i] = noc_sim_run(j->s, j->rate[i], &j->pt[i], &j->ctx[i]);
    return NOC_OK;
}

static int thread_count(const struct noc_sim *s, int n)
{
    int t = noc_pool_threads(s->o.threads, n);
    return t > 64 ? 64 : t;
}

/* Runs the n points rate[] into pt[] (initialised) on the workers; rc[i]
 * and ctx[i] tell each point's outcome. */
static int run_points(const struct noc_sim *s, const double *rate, struct noc_sim_point *pt, int n,
                      int *rc, struct noc_ctx *ctxs, struct noc_ctx *ctx)
{
    struct job j = {s, rate, pt, ctxs, rc};
    for (int i = 0; i < n; i++) {
        noc_ctx_init(&ctxs[i]);
        rc[i] = NOC_OK;
    }
    struct noc_pool_job pj = {.nitems = n, .nthreads = thread_count(s, n), .arg = &j, .run = run_one};
    return noc_pool_run(&pj, ctx);
}

static int fail_point(struct noc_ctx *ctx, const struct noc_ctx *pc, int rc)
{
    return noc_error(ctx, rc, NULL, 0, "%s", pc->msg[0] ? pc->msg : noc_strerror(rc));
}

int noc_sim_single(const struct noc_sim *s, double rate, struct noc_sim_result *res,
                   struct noc_ctx *ctx)
{
    noc_sim_result_free(res);
    if (!(res->points = noc_malloc(ctx, 1, sizeof *res->points)))
        return NOC_ENOMEM;
    noc_sim_point_init(&res->points[0]);
    res->npoints = 1;
    int rc;
    NOC_CHECK(noc_sim_run(s, rate, &res->points[0], ctx));
    NOC_CHECK(noc_sim_zero_load(s, &res->zero_load_latency, &res->zero_load_exact, ctx));
cleanup:
    if (rc != NOC_OK)
        noc_sim_result_free(res);
    return rc;
}

/* Refines the saturation between lo (stable, or 0) and hi (unstable). */
static int refine(const struct noc_sim *s, double lo, double hi, double tol, double *sat,
                  struct noc_ctx *ctx)
{
    struct noc_sim_point pt[3];
    struct noc_ctx pc[3];
    double rate[3];
    int rcs[3], rc = NOC_OK;
    for (int k = 0; k < 3; k++)
        noc_sim_point_init(&pt[k]);
    while (hi - lo > tol && rc == NOC_OK) {
        for (int k = 0; k < 3; k++)
            rate[k] = lo + (hi - lo) * (k + 1) / 4.0;
        run_points(s, rate, pt, 3, rcs, pc, ctx);
        int k = 0;
        for (; k < 3; k++) {
            if (rcs[k] != NOC_OK) {
                rc = fail_point(ctx, &pc[k], rcs[k]);
                break;
            }
            if (!pt[k].stable)
                break;
        }
        if (rc != NOC_OK)
            break;
        lo = k > 0 ? rate[k - 1] : lo;
        hi = k < 3 ? rate[k] : hi;
    }
    for (int k = 0; k < 3; k++)
        noc_sim_point_free(&pt[k]);
    *sat = lo;
    return rc;
}

int noc_sim_sweep(const struct noc_sim *s, double a, double b, double step,
                  struct noc_sim_result *res, struct noc_ctx *ctx)
{
    int rc = NOC_OK, n, *rcs = NULL;
    double *rate = NULL;
    struct noc_ctx *pc = NULL;
    noc_sim_result_free(res);
    if (!(a > 0 && a <= b && b <= 1 && step > 0))
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "sim: a sweep needs 0 < A <= B <= 1 and STEP > 0 (got %g:%g:%g)", a, b, step);
    double np = floor((b - a) / step + 1e-9) + 1;
    if (np > SIM_MAX_POINTS)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "sim: the sweep has more than %d points",
                         SIM_MAX_POINTS);
    n = (int)np;
    rate = noc_malloc(ctx, (size_t)n, sizeof *rate);
    rcs = noc_malloc(ctx, (size_t)n, sizeof *rcs);
    pc = noc_malloc(ctx, (size_t)n, sizeof *pc);
    res->points = noc_malloc(ctx, (size_t)n, sizeof *res->points);
    if (!rate || !rcs || !pc || !res->points) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < n; i++) {
        rate[i] = round((a + step * i) * 1e12) / 1e12;
        noc_sim_point_init(&res->points[i]);
    }
    res->npoints = n;
    int T = thread_count(s, n), done = 0, first_bad = -1;
    while (done < n && first_bad < 0) {
        int w = n - done < T ? n - done : T;
        run_points(s, rate + done, res->points + done, w, rcs + done, pc + done, ctx);
        for (int i = done; i < done + w && first_bad < 0; i++) {
            if (rcs[i] != NOC_OK) {
                rc = fail_point(ctx, &pc[i], rcs[i]);
                goto cleanup;
            }
            if (!res->points[i].stable)
                first_bad = i;
        }
        done += w;
    }
    int keep = first_bad >= 0 ? first_bad + 1 : n;
    for (int i = keep; i < n; i++)
        noc_sim_point_free(&res->points[i]);
    res->npoints = keep;
    if (first_bad < 0) {
        res->saturation = rate[n - 1];
        res->saturation_found = 0;
    } else {
        double lo = first_bad > 0 ? rate[first_bad - 1] : 0;
        NOC_CHECK(refine(s, lo, rate[first_bad], step / 16, &res->saturation, ctx));
        res->saturation_found = 1;
    }
    rc = noc_sim_zero_load(s, &res->zero_load_latency, &res->zero_load_exact, ctx);
cleanup:
    free(rate);
    free(rcs);
    free(pc);
    if (rc != NOC_OK)
        noc_sim_result_free(res);
    return rc;
}
