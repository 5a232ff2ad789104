/* Pareto dominance, the front with tolerances, identical rows and the
 * choice rule (core.h). */
#include "nocsyn/core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int noc_pareto_dominates(const double *b, const double *a, int n, int ties)
{
    int le = 1, lt = 0;
    for (int k = 0; k < n; k++) {
        le &= b[k] <= a[k];
        lt |= b[k] < a[k];
    }
    return le && (lt || ties);
}

/* Parses n comma-separated non-negative numbers ("inf" allowed) of s into
 * v; 0, or -1 on a malformed list. */
static int parse_list(const char *s, double *v, int n, int allow_inf)
{
    const char *q = s;
    for (int k = 0; k < n; k++) {
        char *end;
        double x = strtod(q, &end);
        if (end == q || isnan(x) || x < 0 || (!allow_inf && isinf(x)))
            return -1;
        v[k] = x;
        q = end;
        if (k < n - 1 && *q++ != ',')
            return -1;
    }
    return *q ? -1 : 0;
}

void noc_pareto_opts_init(struct noc_pareto_opts *p)
{
    memset(p, 0, sizeof *p);
    parse_list(NOC_PARETO_TOL_DEFAULT, p->tol, NOC_PARETO_NOBJ, 1); /* core.h's defaults */
    p->pick = NOC_PICK_POWER;
    p->weight[0] = p->weight[1] = 1;
}

int noc_pareto_opts_parse(struct noc_pareto_opts *p, const char *tol, const char *pick, struct noc_ctx *ctx)
{
    double v[NOC_PARETO_NOBJ];
    if (tol) {
        if (parse_list(tol, v, NOC_PARETO_NOBJ, 1))
            return noc_error(ctx, NOC_EINVAL, NULL, 0,
                             "--pareto-tol '%.60s': expected four tolerances P,L,A,R >= 0 "
                             "(power, latency, area, radix; default " NOC_PARETO_TOL_DEFAULT ")", tol);
        memcpy(p->tol, v, sizeof p->tol);
    }
    if (!pick)
        return NOC_OK;
    if (!strcmp(pick, "power"))
        p->pick = NOC_PICK_POWER;
    else if (!strcmp(pick, "latency"))
        p->pick = NOC_PICK_LATENCY;
    else if (!strcmp(pick, "knee"))
        p->pick = NOC_PICK_KNEE;
    else if (!strcmp(pick, "weighted"))
        p->pick = NOC_PICK_WEIGHTED;
    else if (!strncmp(pick, "weighted:", 9) && !parse_list(pick + 9, v, 2, 0) && v[0] + v[1] > 0) {
        p->pick = NOC_PICK_WEIGHTED;
        p->weight[0] = v[0];
        p->weight[1] = v[1];
    } else
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "--choose '%.60s': expected power, latency, knee or weighted[:WP,WL] "
                         "(weights >= 0, not both 0)", pick);
    return NOC_OK;
}

int noc_pareto_dominates_tol(const double *b, const double *a, int n, const double *tol)
{
    int le = 1, lt = 0;
    for (int k = 0; k < n; k++) {
        double d = tol ? tol[k] * fabs(a[k]) : 0;
        if (isinf(d))
            continue; /* an objective with infinite tolerance never counts */
        le &= b[k] <= a[k] + d;
        lt |= b[k] < a[k] - d;
    }
    return le && lt;
}

int noc_pareto_same(const double *a, const double *b, int n)
{
    for (int k = 0; k < n; k++)
        if (!(fabs(a[k] - b[k]) <= NOC_PARETO_SAME_REL * fmax(fabs(a[k]), fabs(b[k]))))
            return 0;
    return 1;
}

int noc_pareto_front(const double *obj, int n, const int *ok, const struct noc_pareto_opts *p, int *front,
                     int *same)
{
    const int m = NOC_PARETO_NOBJ;
    for (int i = 0; i < n; i++) {
        const double *a = obj + (size_t)i * m;
        int first = -1;
        for (int j = 0; j < i && first < 0 && (!ok || ok[i]); j++)
            if ((!ok || ok[j]) && noc_pareto_same(obj + (size_t)j * m, a, m))
                first = j;
        if (same)
            same[i] = first;
        front[i] = (!ok || ok[i]) && first < 0;
        for (int j = 0; j < n && front[i]; j++)
            if (j != i && (!ok || ok[j]) && noc_pareto_dominates_tol(obj + (size_t)j * m, a, m, p->tol))
                front[i] = 0;
    }
    return noc_pareto_choose(obj, m, n, ok, p);
}

/* 1 when row i (power r[0], latency r[1]) is better than row best under
 * rule `pick` with the lexicographic tie-break. */
static int lex_better(const double *r, const double *best, int lat_first)
{
    int a = lat_first, b = !lat_first;
    return r[a] < best[a] || (r[a] == best[a] && r[b] < best[b]);
}

int noc_pareto_choose(const double *obj, int nobj, int n, const int *ok, const struct noc_pareto_opts *p)
{
#define ROW(i) (obj + (size_t)(i) * nobj)
#define OK(i) (!ok || ok[i])
    int lp = -1, ll = -1;
    for (int i = 0; i < n; i++) {
        if (!OK(i))
            continue;
        if (lp < 0 || lex_better(ROW(i), ROW(lp), 0))
            lp = i;
        if (ll < 0 || lex_better(ROW(i), ROW(ll), 1))
            ll = i;
    }
    if (lp < 0 || p->pick == NOC_PICK_POWER)
        return lp;
    if (p->pick == NOC_PICK_LATENCY)
        return ll;
    double pmin = ROW(lp)[0], lmin = ROW(ll)[1];
    if (p->pick == NOC_PICK_WEIGHTED) {
        int best = -1;
        double bs = INFINITY;
        for (int i = 0; i < n; i++) {
            if (!OK(i))
                continue;
            double s = p->weight[0] * (pmin > 0 ? ROW(i)[0] / pmin : ROW(i)[0]) +
                       p->weight[1] * (lmin > 0 ? ROW(i)[1] / lmin : ROW(i)[1]);
            if (best < 0 || s < bs) {
                best = i;
                bs = s;
            }
        }
        return best;
    }
    /* The knee: ends lp and ll of the power-latency front, axes normalised
     * so they sit at (0, 1) and (1, 0); the front row farthest below the
     * line x + y = 1 between them. */
    double pmax = ROW(ll)[0], lmax = ROW(lp)[1];
    if (!(pmax > pmin) || !(lmax > lmin))
        return lp;
    int best = lp, nfront = 0;
    double bd = 0;
    for (int i = 0; i < n; i++) {
        if (!OK(i))
            continue;
        int dom = 0;
        for (int j = 0; j < n && !dom; j++)
            dom = j != i && OK(j) && noc_pareto_dominates(ROW(j), ROW(i), 2, 0);
        if (dom)
            continue;
        nfront++;
        double d = 1 - (ROW(i)[0] - pmin) / (pmax - pmin) - (ROW(i)[1] - lmin) / (lmax - lmin);
        if (d > bd) {
            bd = d;
            best = i;
        }
    }
    return nfront >= 3 ? best : lp;
#undef ROW
#undef OK
}

void noc_pareto_round(double *v, double scale)
{
    if (scale > 0)
        for (int k = 0; k < 3; k++)
            v[k] = nearbyint(v[k] * scale) / scale;
}

int noc_pareto_mark(const struct noc_pareto_list *l, const struct noc_pareto_opts *p, int *chosen,
                    struct noc_ctx *ctx)
{
#define ITEM(i) ((char *)l->items + (size_t)(i) * l->stride)
    size_t n = (size_t)l->n + 1;
    double *obj = noc_malloc(ctx, n * NOC_PARETO_NOBJ, sizeof *obj);
    int *ok = noc_malloc(ctx, n, sizeof *ok), *front = noc_malloc(ctx, n, sizeof *front);
    int *same = noc_malloc(ctx, n, sizeof *same), rc = NOC_OK;
    if (!obj || !ok || !front || !same) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < l->n; i++) {
        double *v = obj + (size_t)i * NOC_PARETO_NOBJ;
        l->objectives(ITEM(i), v);
        noc_pareto_round(v, l->round_scale);
        ok[i] = l->ok(ITEM(i));
    }
    int pick = noc_pareto_front(obj, l->n, ok, p, front, same);
    if (p->pick == NOC_PICK_POWER && l->before) {
        pick = -1;
        for (int i = 0; i < l->n; i++)
            if (ok[i] && (pick < 0 || l->before(ITEM(i), ITEM(pick))))
                pick = i;
    }
    for (int i = 0; i < l->n; i++)
        l->mark(ITEM(i), front[i], same[i] >= 0 ? ITEM(same[i]) : NULL);
    /* An identical design's first copy stands for it. */
    *chosen = pick >= 0 && same[pick] >= 0 ? same[pick] : pick;
cleanup:
    free(obj);
    free(ok);
    free(front);
    free(same);
    return rc;
#undef ITEM
}
