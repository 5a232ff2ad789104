/* The minimal sweep's router-level search for one source group (see
 * eval_int.h for when it applies): the kernels of sweep_kernel.c, then the
 * statistics of the general search (group_stats in sweep_general.c) from
 * the routers' distances and path counts, a terminal's being its ejection
 * router's (one level further): the same sums in the same order, with
 * integer-valued sums kept in integers (exact either way), with c
 * terminals at every router the hop sums taken per BFS level, and, for a
 * group of one terminal under uniform traffic with loads, the path-count
 * sums taken during the reverse pass (their chain of dependent additions
 * then overlaps its work; the same additions in the same order). */
#include "eval_int.h"

#include "nocsyn/graph.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <math.h>

/* Path-count statistics of the uniform pairs from a group's members to
 * terminals [d0, d1) (all reached), each pair weighing `mult` (> 0)
 * members: the additions of ev_stats_pd in the same order, the integer
 * count apart. */
struct pd_acc {
    long long cnt;
    double sum, min, max;
};

static inline void pd_range(const int *ej, const double *sig, int d0, int d1, int mult,
                            struct pd_acc *a)
{
    double m = mult, sum = a->sum, mn = a->min, mx = a->max;
    if (mult == 1) {
        /* 1 * pc == pc */
        for (int d = d0; d < d1; d++) {
            double pc = sig[ej[d]];
            sum += pc;
            mn = mn < pc ? mn : pc; /* (no NaN) the same as pc < mn ? pc : mn */
            mx = mx > pc ? mx : pc;
        }
    } else {
        for (int d = d0; d < d1; d++) {
            double pc = sig[ej[d]];
            sum += m * pc;
            mn = mn < pc ? mn : pc;
            mx = mx > pc ? mx : pc;
        }
    }
    if (d1 > d0)
        a->cnt += (long long)mult * (d1 - d0);
    a->sum = sum;
    a->min = mn;
    a->max = mx;
}

/* Statistics of group gi from the router-level search (see the file
 * comment); fills w->wd when the traffic has sparse demands.  defer_pd (a
 * group of one terminal under uniform traffic only): the path-count sums
 * are left to the reverse pass (noc_ev_fast_reverse's pd), all but the count
 * of pairs. */
static int group_stats_fast(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                            int defer_pd, struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = sh->tr;
    const int *ej = sh->fg.ej, *dist = w->fw.dist;
    const double *sig = w->fw.sig;
    int N = sh->N;
    const int *mem = sh->gmem + sh->gstart[gi];
    int gs = sh->gstart[gi + 1] - sh->gstart[gi];
    struct ev_stats *st = &w->st;
    double uni = tr->uniform;
    double uw = uni > 0 ? gs * (uni / N) : 0;
    long long hsum = 0;
    int hmax = -1, unreach = -1;
    if (sh->fg.tc > 0) {
        /* c terminals at every router: sums per level (the forward's). */
        hsum = sh->fg.tc * w->fw.hsum;
        hmax = w->fw.last - 1;
        if (w->fw.qt < sh->R)
            for (int d = 0; d < N && unreach < 0; d++)
                if (dist[ej[d]] == EV_UNSEEN)
                    unreach = d;
    } else {
        for (int d = 0; d < N; d++) {
            int dr = dist[ej[d]];
            if (dr == EV_UNSEEN) {
                if (unreach < 0)
                    unreach = d;
                continue;
            }
            hmax = dr - 1 > hmax ? dr - 1 : hmax;
            hsum += dr - 1;
        }
    }
    int rc = noc_ev_sw_reach(sh, w, gi, unreach, hmax, ctx);
    if (rc != NOC_OK)
        return rc;
    if (!sh->uniform_only)
        for (int d = 0; d < N; d++)
            w->wd[d] = uw;
    if (uni > 0) {
        /* Pairs from the members to every terminal, the members themselves
         * counting once less (members are in ascending order). */
        struct pd_acc a = {0, st->pd_sum, st->pd_min, st->pd_max};
        int d = 0;
        if (defer_pd) {
            a.cnt = N - 1;
        } else {
            for (int k = 0; k < gs; k++) {
                pd_range(ej, sig, d, mem[k], gs, &a);
                if (gs > 1)
                    pd_range(ej, sig, mem[k], mem[k] + 1, gs - 1, &a);
                d = mem[k] + 1;
            }
            pd_range(ej, sig, d, N, gs, &a);
        }
        st->pd_cnt += (double)a.cnt;
        st->pd_sum = a.sum;
        st->pd_min = a.min;
        st->pd_max = a.max;
        double self = 0;
        for (int k = 0; k < gs; k++)
            self += dist[ej[mem[k]]] - 1;
        noc_ev_sw_uniform(w, gs, (double)hsum, self, hmax);
    }
    for (int k = 0; k < gs; k++) {
        int s = mem[k];
        for (int j = tr->off[s]; j < tr->off[s + 1]; j++) {
            int d = tr->ent[j].d, dr = dist[ej[d]];
            if (dr == EV_UNSEEN)
                return noc_ev_sw_no_path(sh, s, d, ctx);
            ev_sw_demand(w, s, d, tr->ent[j].w, dr - 1);
            if (d != s && uni <= 0)
                ev_stats_pd(st, sig[ej[d]], 1);
        }
    }
    if (isinf(st->pd_max))
        st->pd_overflow = 1;
    return NOC_OK;
}

/* noc_ev_sw_group_general's results from the router-level search; the general
 * search itself when some level's path counts need rescaling. */
int noc_ev_sw_group_fast(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
                         struct noc_ctx *ctx)
{
    const struct noc_graph *g = &sh->t->g;
    struct ev_fast_work *f = &w->fw;
    int R = sh->R, N = sh->N;
    int rep = R + sh->gmem[sh->gstart[gi]];
    if (noc_ev_fast_forward(&sh->fg, f, g->off[rep], g->off[rep + 1]) != 0)
        return noc_ev_sw_group_general(sh, w, gi, ctx);
    int gs = sh->gstart[gi + 1] - sh->gstart[gi];
    double uni = sh->tr->uniform;
    /* Every terminal has the group's traffic uw under uniform traffic (the
     * general search's wd[d]). */
    double uw = sh->uniform_only && uni > 0 ? gs * (uni / N) : 0;
    int defer_pd = w->load && uw > 0 && gs == 1;
    int rc = group_stats_fast(sh, w, gi, defer_pd, ctx);
    if (rc != NOC_OK || !w->load)
        return rc;
    if (sh->uniform_only) {
        if (!(uw > 0))
            return NOC_OK;
    } else {
        int any = 0;
        for (int d = 0; d < N; d++) {
            double wt = w->wd[d];
            f->ct[d] = wt / f->sig[sh->fg.ej[d]];
            any |= wt > 0;
        }
        if (!any)
            return NOC_OK;
    }
    struct ev_stats *st = &w->st;
    struct ev_pd_sum pd = {sh->gmem[sh->gstart[gi]], st->pd_sum, st->pd_min, st->pd_max};
    noc_ev_fast_reverse(&sh->fg, f, w->load, uw, defer_pd ? &pd : NULL);
    if (defer_pd) {
        st->pd_sum = pd.sum;
        st->pd_min = pd.min;
        st->pd_max = pd.max;
        if (isinf(st->pd_max))
            st->pd_overflow = 1;
    }
    noc_ev_sw_inject_loads(sh, w, gi, f->c);
    return NOC_OK;
}
