/* The minimal-path sweep: one breadth-first search per source group over the
 * CSR graph of the topology computes, together, hop counts, minimal path
 * counts, the diameter, path diversity and (optionally) the ECMP channel
 * loads by Brandes-style reverse accumulation.
 *
 * Model.  A path runs source terminal -> injection channel -> router ...
 * router -> ejection channel -> destination terminal and never transits a
 * terminal; hops = router-to-router channels = BFS distance of the terminal
 * - 2.  Terminals are leaves: the search runs over the routers, then each
 * terminal is settled from its ejection routers (distance + 1, path counts
 * summed over the nearest ones), so a terminal may eject from several
 * routers and inject into others (butterflies).
 *
 * Source groups.  Terminals with exactly one injection channel into the same
 * router see the same search (distances and path counts from that router),
 * so they share one BFS: the search starts at a virtual source joined to the
 * group's router.  A terminal with several injection channels is a group of
 * its own, starting from all its injection routers at once (parallel
 * injection channels multiply paths, one per channel).  Groups are ordered
 * by their lowest terminal; chunks are EV_CHUNK groups.
 *
 * ECMP loads (every pair's traffic split equally over all its minimal
 * channel-level paths).  With sigma(v) the number of minimal paths from the
 * source to v and w(d) the group's traffic to d, define for every node v of
 * the shortest-path DAG
 *     c(d) = w(d) / sigma(d)          (terminal d),
 *     c(v) = sum of c(x) over the DAG successors x of v.
 * c(v) * sigma(v) is the traffic through v, and the DAG channel u -> x
 * carries sigma(u) * c(x) (Brandes 2001, "A faster algorithm for betweenness
 * centrality", applied to edges with pair weights).  One forward pass
 * (distances, sigma, the DAG channels in BFS order), one pass over the
 * terminals (settling, statistics, c) and one reverse pass over the DAG
 * channels give all loads of the group: O(R + N + E) per group.
 * Injection channels of a one-channel terminal carry its row sum exactly.
 *
 * Path counts never overflow: sigma is kept per BFS level with a binary
 * exponent: exact power-of-two rescaling by 2^-512 when the level's actual
 * maximum exceeds 2^512, looked at only once an upper bound (the start
 * count times the largest in-degree per level) passes 2^900 -- after 450
 * levels for in-degree 4 -- so ordinary networks run the plain double code,
 * bit for bit.  Counts whose
 * true value exceeds the double range (about 1.8e308) are reported as
 * overflowed with their log10; a count that underflows relative to its level
 * (a level spanning more than ~2^1000 in path counts) is NOC_ELIMIT.
 *
 * Path diversity counts ROUTER-level paths (INTERFACE 2): when the topology
 * has parallel channels a second count that ignores parallel copies is kept
 * (loads still split over the channel-level paths).
 */
#include "eval_int.h"

#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sw_shared {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    int R, N, nnodes, nch;
    int multi;         /* parallel channels exist: keep router-level counts */
    double maxin;      /* largest router in-degree from routers (>= 1) */
    int *rr_end;       /* R: end of router u's router-router out-edges (the
                        * ejection channels follow: CSR sorts by target) */
    int ngroups;
    int *gstart;       /* ngroups + 1 offsets into gmem */
    int *gmem;         /* terminal indices, grouped */
    double *load;      /* totals (NULL: no loads) */
    struct ev_stats st;
    int fast;          /* router-level kernels apply (sweep_fast.c) */
    int uniform_only;  /* no sparse demands: one terminal share per router */
    int *ej;           /* N: ejection router of each terminal (fast only) */
    struct ev_fast_graph fg;
};

/* Per node: minimal channel-level path count (scaled, see above) and BFS
 * distance from the virtual source (-1 unseen), side by side so that the
 * search touches one cache line per node. */
struct sw_node {
    double sig;
    int dist;
    int pad_;
};

struct sw_worker {
    struct sw_node *nd; /* nnodes */
    double *sigr;  /* nnodes: router-level counts, only when multi */
    double *c;     /* nnodes: reverse accumulation */
    int *queue;    /* R */
    int *dagoff;   /* R + 1 */
    int *dag;      /* nch: DAG channels grouped by tail in BFS order */
    int *lexp;     /* R + 3: binary exponent of each BFS level */
    double *wd;    /* N: the group's traffic to each terminal */
    int *mark;     /* N: group id + 1 of the terminals of the current group */
    double *load;  /* nch partial, or NULL */
    int scaled;    /* the current search rescaled some level */
    struct ev_stats st;
    struct ev_fast_work fw; /* router-level search (fast path only) */
};

static void worker_free(struct sw_worker *w)
{
    free(w->nd);
    free(w->sigr);
    free(w->c);
    free(w->queue);
    free(w->dagoff);
    free(w->dag);
    free(w->lexp);
    free(w->wd);
    free(w->mark);
    free(w->load);
    ev_fast_free(&w->fw);
    memset(w, 0, sizeof *w);
}

static int worker_alloc(struct sw_worker *w, const struct sw_shared *sh, struct noc_ctx *ctx)
{
    size_t nn = (size_t)sh->nnodes, R = (size_t)sh->R, N = (size_t)sh->N, m = (size_t)sh->nch;
    memset(w, 0, sizeof *w);
    w->nd = noc_calloc(ctx, nn + 1, sizeof *w->nd);
    w->c = noc_calloc(ctx, nn + 1, sizeof *w->c);
    w->queue = noc_malloc(ctx, R + 1, sizeof *w->queue);
    w->dagoff = noc_malloc(ctx, R + 2, sizeof *w->dagoff);
    w->dag = noc_malloc(ctx, m + 1, sizeof *w->dag);
    w->lexp = noc_calloc(ctx, R + 4, sizeof *w->lexp);
    w->wd = noc_calloc(ctx, N + 1, sizeof *w->wd);
    w->mark = noc_calloc(ctx, N + 1, sizeof *w->mark);
    if (sh->multi)
        w->sigr = noc_malloc(ctx, nn + 1, sizeof *w->sigr);
    if (sh->load)
        w->load = noc_malloc(ctx, m + 1, sizeof *w->load);
    if (!w->nd || !w->c || !w->queue || !w->dagoff || !w->dag || !w->lexp ||
        !w->wd || !w->mark || (sh->multi && !w->sigr) || (sh->load && !w->load)) {
        worker_free(w);
        return NOC_ENOMEM;
    }
    if (sh->fast && ev_fast_alloc(&w->fw, sh->R, sh->N, sh->nch, ctx) != NOC_OK) {
        worker_free(w);
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

/* Groups terminals by their single injection router (see the file comment). */
static int build_groups(struct sw_shared *sh, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &sh->t->g;
    int R = sh->R, N = sh->N, rc = NOC_OK;
    int *gid_of_router = NULL, *gid = NULL, *cnt = NULL;
    gid_of_router = noc_malloc(ctx, (size_t)R + 1, sizeof *gid_of_router);
    gid = noc_malloc(ctx, (size_t)N + 1, sizeof *gid);
    cnt = noc_calloc(ctx, (size_t)N + 2, sizeof *cnt);
    sh->gstart = noc_malloc(ctx, (size_t)N + 2, sizeof *sh->gstart);
    sh->gmem = noc_malloc(ctx, (size_t)N + 1, sizeof *sh->gmem);
    if (!gid_of_router || !gid || !cnt || !sh->gstart || !sh->gmem) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int r = 0; r < R; r++)
        gid_of_router[r] = -1;
    int ng = 0;
    for (int i = 0; i < N; i++) {
        int v = R + i;
        if (noc_graph_outdeg(g, v) == 1) {
            int r = g->dst[g->off[v]];
            if (gid_of_router[r] < 0)
                gid_of_router[r] = ng++;
            gid[i] = gid_of_router[r];
        } else {
            gid[i] = ng++;
        }
        cnt[gid[i] + 1]++;
    }
    for (int k = 0; k < ng; k++)
        cnt[k + 1] += cnt[k];
    memcpy(sh->gstart, cnt, ((size_t)ng + 1) * sizeof *cnt);
    for (int i = 0; i < N; i++)
        sh->gmem[cnt[gid[i]]++] = i;
    sh->ngroups = ng;
cleanup:
    free(gid_of_router);
    free(gid);
    free(cnt);
    return rc;
}

/* Forward pass: BFS from the virtual source of group `gi`.  Returns the
 * number of routers reached (queue length); sets *scaled when some level
 * was rescaled. */
static int forward(const struct sw_shared *sh, struct sw_worker *w, int gi, int *scaled)
{
    const struct noc_graph *g = &sh->t->g;
    const int *off = g->off, *dst = g->dst, *rr_end = sh->rr_end;
    int R = sh->R, multi = sh->multi;
    int *queue = w->queue, *dag = w->dag, *dagoff = w->dagoff;
    struct sw_node *nd = w->nd;
    double *sigr = w->sigr;
    for (int v = 0; v < R; v++)
        nd[v].dist = -1;
    int rep = R + sh->gmem[sh->gstart[gi]];
    int qt = 0, ndag = 0;
    double bound = 0;
    for (int e = off[rep]; e < off[rep + 1]; e++) {
        int r = dst[e];
        if (nd[r].dist < 0) {
            nd[r].dist = 1;
            nd[r].sig = 0;
            if (multi)
                sigr[r] = 0;
            queue[qt++] = r;
        }
        nd[r].sig += 1;
        if (multi && (e == off[rep] || dst[e - 1] != r))
            sigr[r] += 1;
        bound += 1;
    }
    w->lexp[1] = 0;
    *scaled = 0;
    int qh = 0, L = 1;
    while (qh < qt) {
        int lend = qt, nl = L + 1;
        if (!multi) {
            for (; qh < lend; qh++) {
                int u = queue[qh];
                double su = nd[u].sig;
                dagoff[qh] = ndag;
                for (int e = off[u]; e < rr_end[u]; e++) {
                    int x = dst[e], dx = nd[x].dist;
                    if (dx < 0) {
                        nd[x].dist = nl;
                        nd[x].sig = su;
                        queue[qt++] = x;
                        dag[ndag++] = e;
                    } else if (dx == nl) {
                        nd[x].sig += su;
                        dag[ndag++] = e;
                    }
                }
            }
        } else {
            for (; qh < lend; qh++) {
                int u = queue[qh];
                double su = nd[u].sig, sr = sigr[u];
                dagoff[qh] = ndag;
                for (int e = off[u]; e < rr_end[u]; e++) {
                    int x = dst[e], dx = nd[x].dist;
                    if (dx < 0) {
                        nd[x].dist = nl;
                        nd[x].sig = su;
                        sigr[x] = sr;
                        queue[qt++] = x;
                        dag[ndag++] = e;
                    } else if (dx == nl) {
                        nd[x].sig += su;
                        if (e == off[u] || dst[e - 1] != x)
                            sigr[x] += sr;
                        dag[ndag++] = e;
                    }
                }
            }
        }
        /* Level nl is [lend, qt) (terminals reached at nl + 1 keep the
         * exponent of level nl, their predecessors'). */
        w->lexp[nl] = w->lexp[L];
        if (qt > lend) {
            bound *= sh->maxin;
            if (bound > EV_SCALE_BOUND) {
                double mx = 0;
                for (int i = lend; i < qt; i++)
                    if (nd[queue[i]].sig > mx)
                        mx = nd[queue[i]].sig;
                if (mx > EV_SCALE_TRIGGER) {
                    for (int i = lend; i < qt; i++) {
                        nd[queue[i]].sig = ldexp(nd[queue[i]].sig, -EV_SCALE_EXP);
                        if (multi)
                            sigr[queue[i]] = ldexp(sigr[queue[i]], -EV_SCALE_EXP);
                    }
                    w->lexp[nl] += EV_SCALE_EXP;
                    mx = ldexp(mx, -EV_SCALE_EXP);
                    *scaled = 1;
                }
                bound = mx;
            }
        }
        L = nl;
    }
    dagoff[qt] = ndag;
    return qt;
}

/* Reverse pass: loads of the DAG channels (see the file comment); a
 * router's ejection channels are on the DAG when they settle their
 * terminal. */
static void reverse(const struct sw_shared *sh, struct sw_worker *w, int qt, int scaled)
{
    const int *dst = sh->t->g.dst, *off = sh->t->g.off, *rr_end = sh->rr_end;
    const int *dag = w->dag, *dagoff = w->dagoff, *queue = w->queue;
    const struct sw_node *nd = w->nd;
    double *c = w->c, *load = w->load;
    for (int qi = qt - 1; qi >= 0; qi--) {
        int u = queue[qi], L = nd[u].dist;
        /* Router successors' c are in the units of level L + 1: convert by
         * 2^(E_L - E_{L+1}) (exactly 1 unless a level was rescaled).
         * Terminal successors are in the units of level L already. */
        double f = scaled ? ldexp(1.0, w->lexp[L] - w->lexp[L + 1]) : 1.0;
        double su = nd[u].sig, acc = 0;
        for (int k = dagoff[qi]; k < dagoff[qi + 1]; k++) {
            int e = dag[k];
            double cx = c[dst[e]] * f;
            load[e] += su * cx;
            acc += cx;
        }
        for (int e = rr_end[u]; e < off[u + 1]; e++) {
            int x = dst[e];
            if (nd[x].dist == L + 1) {
                double cx = c[x];
                load[e] += su * cx;
                acc += cx;
            }
        }
        c[u] = acc;
    }
}

/* Settles terminal node v after the router search: its distance is one
 * more than its nearest ejection router's, its path counts the sum over
 * those routers (router-level: parallel ejection channels once). */
static inline void settle_terminal(const struct sw_shared *sh, struct sw_worker *w, int v)
{
    const struct noc_graph *g = &sh->t->g;
    struct sw_node *nd = w->nd;
    int i0 = g->in_off[v], i1 = g->in_off[v + 1];
    if (i1 - i0 == 1) {
        int r = g->src[g->in_edge[i0]];
        nd[v].dist = nd[r].dist < 0 ? -1 : nd[r].dist + 1;
        nd[v].sig = nd[r].sig;
        if (sh->multi)
            w->sigr[v] = w->sigr[r];
        return;
    }
    int best = -1, prev = -1;
    double s = 0, sr = 0;
    for (int i = i0; i < i1; i++) {
        int r = g->src[g->in_edge[i]], dr = nd[r].dist;
        if (dr < 0 || (best >= 0 && dr > best))
            continue;
        if (best < 0 || dr < best) {
            best = dr;
            s = sr = 0;
            prev = -1;
        }
        s += nd[r].sig;
        if (sh->multi && r != prev)
            sr += w->sigr[r];
        prev = r;
    }
    nd[v].dist = best < 0 ? -1 : best + 1;
    nd[v].sig = s;
    if (sh->multi)
        w->sigr[v] = sr;
}

/* The router-level path count to terminal node v (true value, may be inf;
 * a scaled count also updates the log10 maximum, which the caller otherwise
 * derives from pd_max). */
static double path_count_scaled(const struct sw_shared *sh, struct sw_worker *w, int v)
{
    double s = sh->multi ? w->sigr[v] : w->nd[v].sig;
    int ex = w->lexp[w->nd[v].dist - 1];
    if (ex == 0)
        return s;
    double lg = log10(s) + ex * log10(2.0);
    if (lg > w->st.pd_log10_max)
        w->st.pd_log10_max = lg;
    return ldexp(s, ex);
}

static inline double path_count(const struct sw_shared *sh, struct sw_worker *w, int v)
{
    if (!w->scaled)
        return sh->multi ? w->sigr[v] : w->nd[v].sig;
    return path_count_scaled(sh, w, v);
}

static int no_path(const struct sw_shared *sh, int s, int d, struct noc_ctx *ctx)
{
    const struct noc_topo *t = sh->t;
    return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                     "no path from terminal '%s' to terminal '%s', which has traffic",
                     t->nodes[sh->R + s].name, t->nodes[sh->R + d].name);
}

/* Statistics of group gi from its search; fills w->wd with the group's
 * traffic to every terminal. */
static int group_stats(const struct sw_shared *sh, struct sw_worker *w, int gi,
                       struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = sh->tr;
    int R = sh->R, N = sh->N;
    const int *mem = sh->gmem + sh->gstart[gi];
    int gs = sh->gstart[gi + 1] - sh->gstart[gi];
    struct ev_stats *st = &w->st;
    double uni = tr->uniform;
    for (int k = 0; k < gs; k++)
        w->mark[mem[k]] = gi + 1;
    /* All terminal pairs: diameter and connectivity; the uniform part. */
    double hsum = 0, uw = uni > 0 ? gs * (uni / N) : 0;
    int hmax = -1, unreach = -1;
    for (int d = 0; d < N; d++) {
        int v = R + d;
        settle_terminal(sh, w, v);
        w->wd[d] = uw;
        if (w->nd[v].dist < 0) {
            if (unreach < 0)
                unreach = d;
            continue;
        }
        int h = w->nd[v].dist - 2;
        if (h > hmax)
            hmax = h;
        hsum += h;
        if (uni > 0) {
            int mult = gs - (w->mark[d] == gi + 1);
            if (mult > 0)
                ev_stats_pd(st, path_count(sh, w, v), mult);
        }
    }
    if (unreach >= 0) {
        st->disconnected = 1;
        if (uni > 0)
            return no_path(sh, mem[0], unreach, ctx);
    }
    if (hmax > st->diameter)
        st->diameter = hmax;
    if (uni > 0) {
        double self = 0;
        for (int k = 0; k < gs; k++)
            self += w->nd[R + mem[k]].dist - 2;
        st->uni_h_self += self;
        st->uni_h_other += gs * hsum - self;
        if (hmax > st->hops_max)
            st->hops_max = hmax;
    }
    /* Sparse demands of the members. */
    for (int k = 0; k < gs; k++) {
        int s = mem[k];
        for (int j = tr->off[s]; j < tr->off[s + 1]; j++) {
            int d = tr->ent[j].d;
            double wt = tr->ent[j].w;
            if (w->nd[R + d].dist < 0)
                return no_path(sh, s, d, ctx);
            int h = w->nd[R + d].dist - 2;
            w->wd[d] += wt;
            if (h > st->hops_max)
                st->hops_max = h;
            if (d == s) {
                st->sp_h_self += wt * h;
                st->sp_w_self += wt;
            } else {
                st->sp_h_other += wt * h;
                st->sp_w_other += wt;
                if (uni <= 0)
                    ev_stats_pd(st, path_count(sh, w, R + d), 1);
            }
        }
    }
    if (isinf(st->pd_max))
        st->pd_overflow = 1;
    return NOC_OK;
}

/* Loads of the injection channels of group gi: a one-channel terminal's
 * carries its row sum; a multi-channel terminal's channel to router r
 * carries c[r] (c: the routers' reverse accumulation). */
static void inject_loads(const struct sw_shared *sh, struct sw_worker *w, int gi,
                         const double *c)
{
    const struct noc_graph *g = &sh->t->g;
    const int *mem = sh->gmem + sh->gstart[gi];
    int gs = sh->gstart[gi + 1] - sh->gstart[gi], R = sh->R;
    int rep = R + mem[0];
    if (noc_graph_outdeg(g, rep) == 1) {
        for (int k = 0; k < gs; k++) {
            int s = mem[k];
            w->load[g->off[R + s]] += noc_traffic_row_sum(sh->tr, s);
        }
    } else {
        for (int e = g->off[rep]; e < g->off[rep + 1]; e++)
            w->load[e] += c[g->dst[e]];
    }
}

static int group_run(const struct sw_shared *sh, struct sw_worker *w, int gi, struct noc_ctx *ctx)
{
    int R = sh->R, N = sh->N, scaled;
    int qt = forward(sh, w, gi, &scaled);
    w->scaled = scaled;
    int rc = group_stats(sh, w, gi, ctx);
    if (rc != NOC_OK || !w->load)
        return rc;
    double tot = 0;
    if (!scaled) {
        /* Reached terminals have sig >= 1; unreached ones carry no traffic
         * and are never read by the reverse pass. */
        for (int d = 0; d < N; d++) {
            double wt = w->wd[d];
            w->c[R + d] = wt / w->nd[R + d].sig;
            tot += wt;
        }
    } else {
        for (int d = 0; d < N; d++) {
            int v = R + d;
            double wt = w->wd[d];
            if (wt > 0 && !(w->nd[v].sig > 0))
                return noc_error(ctx, NOC_ELIMIT, NULL, 0,
                                 "minimal path counts span more than the floating-point range");
            w->c[v] = wt > 0 ? wt / w->nd[v].sig : 0;
            tot += wt;
        }
    }
    if (tot <= 0)
        return NOC_OK;
    reverse(sh, w, qt, scaled);
    inject_loads(sh, w, gi, w->c);
    return NOC_OK;
}

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

/* Statistics of group gi from the router-level search (fast path): the
 * sums of group_stats in the same order (integer-valued sums in integers,
 * which is exact), a terminal's distance and path count being its
 * ejection router's. */
static int group_stats_fast(const struct sw_shared *sh, struct sw_worker *w, int gi,
                            struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = sh->tr;
    const int *ej = sh->ej, *dist = w->fw.dist;
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
    if (unreach >= 0) {
        st->disconnected = 1;
        if (uni > 0)
            return no_path(sh, mem[0], unreach, ctx);
    }
    if (hmax > st->diameter)
        st->diameter = hmax;
    if (!sh->uniform_only)
        for (int d = 0; d < N; d++)
            w->wd[d] = uw;
    if (uni > 0) {
        /* Pairs from the members to every terminal, the members themselves
         * counting once less (members are in ascending order). */
        struct pd_acc a = {0, st->pd_sum, st->pd_min, st->pd_max};
        int d = 0;
        for (int k = 0; k < gs; k++) {
            pd_range(ej, sig, d, mem[k], gs, &a);
            if (gs > 1)
                pd_range(ej, sig, mem[k], mem[k] + 1, gs - 1, &a);
            d = mem[k] + 1;
        }
        pd_range(ej, sig, d, N, gs, &a);
        st->pd_cnt += (double)a.cnt;
        st->pd_sum = a.sum;
        st->pd_min = a.min;
        st->pd_max = a.max;
        double self = 0, hs = (double)hsum;
        for (int k = 0; k < gs; k++)
            self += dist[ej[mem[k]]] - 1;
        st->uni_h_self += self;
        st->uni_h_other += gs * hs - self;
        if (hmax > st->hops_max)
            st->hops_max = hmax;
    }
    for (int k = 0; k < gs; k++) {
        int s = mem[k];
        for (int j = tr->off[s]; j < tr->off[s + 1]; j++) {
            int d = tr->ent[j].d, dr = dist[ej[d]];
            double wt = tr->ent[j].w;
            if (dr == EV_UNSEEN)
                return no_path(sh, s, d, ctx);
            int h = dr - 1;
            w->wd[d] += wt;
            if (h > st->hops_max)
                st->hops_max = h;
            if (d == s) {
                st->sp_h_self += wt * h;
                st->sp_w_self += wt;
            } else {
                st->sp_h_other += wt * h;
                st->sp_w_other += wt;
                if (uni <= 0)
                    ev_stats_pd(st, sig[ej[d]], 1);
            }
        }
    }
    if (isinf(st->pd_max))
        st->pd_overflow = 1;
    return NOC_OK;
}

/* group_run on the router-level kernels; the general search when a level
 * needs rescaling. */
static int group_run_fast(const struct sw_shared *sh, struct sw_worker *w, int gi,
                          struct noc_ctx *ctx)
{
    const struct noc_graph *g = &sh->t->g;
    struct ev_fast_work *f = &w->fw;
    int R = sh->R, N = sh->N;
    int rep = R + sh->gmem[sh->gstart[gi]];
    if (ev_fast_forward(&sh->fg, f, g->off[rep], g->off[rep + 1]) != 0)
        return group_run(sh, w, gi, ctx);
    int rc = group_stats_fast(sh, w, gi, ctx);
    if (rc != NOC_OK || !w->load)
        return rc;
    double uw = 0;
    if (sh->uniform_only) {
        /* Every terminal has the group's traffic uw (group_run's wd). */
        double uni = sh->tr->uniform;
        int gs = sh->gstart[gi + 1] - sh->gstart[gi];
        uw = uni > 0 ? gs * (uni / N) : 0;
        if (!(uw > 0))
            return NOC_OK;
    } else {
        int any = 0;
        for (int d = 0; d < N; d++) {
            double wt = w->wd[d];
            f->ct[d] = wt / f->sig[sh->ej[d]];
            any |= wt > 0;
        }
        if (!any)
            return NOC_OK;
    }
    ev_fast_reverse(&sh->fg, f, w->load, uw);
    inject_loads(sh, w, gi, f->c);
    return NOC_OK;
}

static int sw_chunk(void *shared, void *worker, int chunk, struct noc_ctx *ctx)
{
    const struct sw_shared *sh = shared;
    struct sw_worker *w = worker;
    ev_stats_init(&w->st);
    if (w->load)
        memset(w->load, 0, (size_t)sh->nch * sizeof *w->load);
    int g0 = chunk * EV_CHUNK, g1 = g0 + EV_CHUNK;
    if (g1 > sh->ngroups)
        g1 = sh->ngroups;
    for (int gi = g0; gi < g1; gi++) {
        int rc = sh->fast ? group_run_fast(sh, w, gi, ctx) : group_run(sh, w, gi, ctx);
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}

static void sw_reduce(void *shared, void *worker)
{
    struct sw_shared *sh = shared;
    const struct sw_worker *w = worker;
    ev_stats_merge(&sh->st, &w->st);
    if (sh->load) {
        double *to = sh->load;
        const double *from = w->load;
        for (int e = 0; e < sh->nch; e++)
            to[e] += from[e];
    }
}

/* Parallel channels anywhere (consecutive CSR edges with equal endpoints),
 * and the largest router in-degree from routers. */
static void scan_graph(struct sw_shared *sh)
{
    const struct noc_graph *g = &sh->t->g;
    sh->multi = 0;
    for (int e = 1; e < g->m; e++)
        if (g->src[e] == g->src[e - 1] && g->dst[e] == g->dst[e - 1])
            sh->multi = 1;
    int mx = 1;
    for (int v = 0; v < sh->R; v++) {
        int n = 0;
        for (int i = g->in_off[v]; i < g->in_off[v + 1]; i++)
            n += g->src[g->in_edge[i]] < sh->R;
        if (n > mx)
            mx = n;
    }
    sh->maxin = mx;
    for (int u = 0; u < sh->R; u++) {
        int e = g->off[u + 1];
        while (e > g->off[u] && g->dst[e - 1] >= sh->R)
            e--;
        sh->rr_end[u] = e;
    }
}

/* Whether the router-level kernels apply (no parallel channels, every
 * terminal's channels run to and from routers and it ejects from exactly
 * one), and if so sh->ej and sh->fg. */
static int fast_setup(struct sw_shared *sh, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &sh->t->g;
    int R = sh->R;
    sh->fast = 0;
    if (sh->multi)
        return NOC_OK;
    for (int v = R; v < sh->nnodes; v++) {
        if (g->in_off[v + 1] - g->in_off[v] != 1 || g->src[g->in_edge[g->in_off[v]]] >= R)
            return NOC_OK;
        for (int e = g->off[v]; e < g->off[v + 1]; e++)
            if (g->dst[e] >= R)
                return NOC_OK;
    }
    sh->ej = noc_malloc(ctx, (size_t)sh->N + 1, sizeof *sh->ej);
    if (!sh->ej)
        return NOC_ENOMEM;
    for (int d = 0; d < sh->N; d++)
        sh->ej[d] = g->src[g->in_edge[g->in_off[R + d]]];
    sh->uniform_only = sh->tr->nent == 0;
    sh->fg.R = R;
    sh->fg.off = g->off;
    sh->fg.dst = g->dst;
    sh->fg.rr_end = sh->rr_end;
    sh->fg.maxin = sh->maxin;
    sh->fg.tc = R > 0 ? g->off[1] - sh->rr_end[0] : -1;
    for (int u = 0; u < R && sh->fg.tc >= 0; u++)
        if (g->off[u + 1] - sh->rr_end[u] != sh->fg.tc)
            sh->fg.tc = -1;
    sh->fast = 1;
    return NOC_OK;
}

int ev_sweep_minimal(const struct noc_topo *t, const struct noc_traffic *tr, int threads,
                     double *load, struct ev_stats *st, struct noc_ctx *ctx)
{
    int rc = NOC_OK, nthreads = 0;
    struct sw_shared sh;
    struct sw_worker *ws = NULL;
    void **wp = NULL;
    memset(&sh, 0, sizeof sh);
    sh.t = t;
    sh.tr = tr;
    sh.R = t->nrouters;
    sh.N = t->nterminals;
    sh.nnodes = t->nnodes;
    sh.nch = t->nch;
    sh.load = load;
    ev_stats_init(&sh.st);
    if (load)
        memset(load, 0, (size_t)t->nch * sizeof *load);
    sh.rr_end = noc_malloc(ctx, (size_t)sh.R + 1, sizeof *sh.rr_end);
    if (!sh.rr_end) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    scan_graph(&sh);
    if ((rc = fast_setup(&sh, ctx)) != NOC_OK || (rc = build_groups(&sh, ctx)) != NOC_OK)
        goto cleanup;
    int nchunks = (sh.ngroups + EV_CHUNK - 1) / EV_CHUNK;
    int want = ev_threads(threads, nchunks);
    ws = noc_calloc(ctx, (size_t)want, sizeof *ws);
    wp = noc_calloc(ctx, (size_t)want, sizeof *wp);
    if (!ws || !wp) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (; nthreads < want; nthreads++) {
        if ((rc = worker_alloc(&ws[nthreads], &sh, ctx)) != NOC_OK)
            goto cleanup;
        wp[nthreads] = &ws[nthreads];
    }
    rc = ev_par_run(nthreads, nchunks, &sh, wp, sw_chunk, sw_reduce, ctx);
    *st = sh.st;
cleanup:
    for (int i = 0; i < nthreads; i++)
        worker_free(&ws[i]);
    free(ws);
    free(wp);
    free(sh.gstart);
    free(sh.gmem);
    free(sh.rr_end);
    free(sh.ej);
    return rc;
}
