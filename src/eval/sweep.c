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
 * Path diversity counts ROUTER-level paths (docs/INTERFACE.md section 2): when the topology
 * has parallel channels a second count that ignores parallel copies is kept
 * (loads still split over the channel-level paths).
 *
 * Files.  This one: source groups, chunks, threads, the choice of search;
 * sweep_general.c: the search above over every node; sweep_fast.c and
 * sweep_kernel.c: the same search over the routers only when no channels
 * are parallel and each terminal ejects from one router (meshes, tori and
 * most generated families), with the same arithmetic in the same order,
 * so the results are bit-identical whichever search runs.
 */
#include "eval_int.h"

#include "nocsyn/graph.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#include <stdlib.h>
#include <string.h>

static void worker_free(struct ev_sw_worker *w)
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
    noc_ev_fast_free(&w->fw);
    memset(w, 0, sizeof *w);
}

static int worker_alloc(struct ev_sw_worker *w, const struct ev_sw *sh, struct noc_ctx *ctx)
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
    if (sh->fg.R > 0 && noc_ev_fast_alloc(&w->fw, &sh->fg, ctx) != NOC_OK) {
        worker_free(w);
        return NOC_ENOMEM;
    }
    return NOC_OK;
}

/* Groups terminals by their single injection router (see the file comment). */
static int build_groups(struct ev_sw *sh, struct noc_ctx *ctx)
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

int noc_ev_sw_no_path(const struct ev_sw *sh, int s, int d, struct noc_ctx *ctx)
{
    const struct noc_topo *t = sh->t;
    return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                     "no path from terminal '%s' to terminal '%s', which has traffic",
                     t->nodes[sh->R + s].name, t->nodes[sh->R + d].name);
}

int noc_ev_sw_reach(const struct ev_sw *sh, struct ev_sw_worker *w, int gi, int unreach, int hmax,
                    struct noc_ctx *ctx)
{
    if (unreach >= 0) {
        w->st.disconnected = 1;
        if (sh->tr->uniform > 0)
            return noc_ev_sw_no_path(sh, sh->gmem[sh->gstart[gi]], unreach, ctx);
    }
    if (hmax > w->st.diameter)
        w->st.diameter = hmax;
    return NOC_OK;
}

void noc_ev_sw_uniform(struct ev_sw_worker *w, int gs, double hsum, double self, int hmax)
{
    w->st.uni_h_self += self;
    w->st.uni_h_other += gs * hsum - self;
    if (hmax > w->st.hops_max)
        w->st.hops_max = hmax;
}

/* Loads of the injection channels of group gi: a one-channel terminal's
 * carries its row sum; a multi-channel terminal's channel to router r
 * carries c[r] (c: the routers' reverse accumulation). */
void noc_ev_sw_inject_loads(const struct ev_sw *sh, struct ev_sw_worker *w, int gi,
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

static int sw_chunk(void *arg, int chunk, int worker, struct noc_ctx *ctx)
{
    const struct ev_sw *sh = arg;
    struct ev_sw_worker *w = &sh->ws[worker];
    int g0, g1;
    noc_ev_partial_reset(&w->st, w->load, sh->nch);
    noc_ev_chunk_range(chunk, sh->ngroups, &g0, &g1);
    for (int gi = g0; gi < g1; gi++) {
        int rc = sh->fg.R > 0 ? noc_ev_sw_group_fast(sh, w, gi, ctx)
                              : noc_ev_sw_group_general(sh, w, gi, ctx);
        if (rc != NOC_OK)
            return rc;
    }
    return NOC_OK;
}

static void sw_reduce(void *arg, int chunk, int worker, int status)
{
    struct ev_sw *sh = arg;
    const struct ev_sw_worker *w = &sh->ws[worker];
    if (status == NOC_OK)
        noc_ev_partial_add(&sh->st, sh->load, &w->st, w->load, sh->nch);
}

/* Parallel channels anywhere (consecutive CSR edges with equal endpoints),
 * and the largest router in-degree from routers. */
static void scan_graph(struct ev_sw *sh)
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

/* The router-level kernel for this sweep (noc_ev_fast_choose), timed on
 * CHOOSE_N groups spread over the sources (2 * CHOOSE_N extra searches,
 * at most 3% more when there are CHOOSE_MIN groups); sweeps with fewer
 * groups or little work keep the default. */
#define CHOOSE_N 8
#define CHOOSE_MIN 512

static void choose_kernel(struct ev_sw *sh, struct ev_fast_work *f)
{
    const struct noc_graph *g = &sh->t->g;
    int e0[CHOOSE_N], e1[CHOOSE_N];
    double work = (double)sh->ngroups * (sh->R + g->off[sh->R]);
    if (work < 4e6 || sh->ngroups < CHOOSE_MIN)
        return;
    for (int k = 0; k < CHOOSE_N; k++) {
        int gi = (int)((long long)k * sh->ngroups / CHOOSE_N);
        int rep = sh->R + sh->gmem[sh->gstart[gi]];
        e0[k] = g->off[rep];
        e1[k] = g->off[rep + 1];
    }
    noc_ev_fast_choose(&sh->fg, f, e0, e1, CHOOSE_N);
}

int noc_ev_sweep_minimal(const struct noc_topo *t, const struct noc_traffic *tr, int threads,
                         double *load, struct ev_stats *st, struct noc_ctx *ctx)
{
    int rc = NOC_OK, nthreads = 0;
    struct ev_sw sh;
    struct ev_sw_worker *ws = NULL;
    memset(&sh, 0, sizeof sh);
    sh.t = t;
    sh.tr = tr;
    sh.R = t->nrouters;
    sh.N = t->nterminals;
    sh.nnodes = t->nnodes;
    sh.nch = t->nch;
    sh.load = load;
    noc_ev_partial_reset(&sh.st, load, t->nch);
    sh.rr_end = noc_malloc(ctx, (size_t)sh.R + 1, sizeof *sh.rr_end);
    if (!sh.rr_end) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    scan_graph(&sh);
    sh.uniform_only = tr->nent == 0;
    if (!sh.multi &&
        (rc = noc_ev_fast_graph_init(&sh.fg, &t->g, sh.R, sh.rr_end, sh.maxin, ctx)) != NOC_OK)
        goto cleanup;
    NOC_CHECK(build_groups(&sh, ctx));
    int nchunks = (sh.ngroups + EV_CHUNK - 1) / EV_CHUNK;
    int want = noc_pool_threads(threads, nchunks);
    if (!(ws = sh.ws = noc_calloc(ctx, (size_t)want, sizeof *ws))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (; nthreads < want; nthreads++) {
        NOC_CHECK(worker_alloc(&ws[nthreads], &sh, ctx));
    }
    if (sh.fg.R > 0)
        choose_kernel(&sh, &ws[0].fw);
    struct noc_pool_job job = {.nitems = nchunks, .nthreads = nthreads, .ordered = 1, .arg = &sh,
                               .run = sw_chunk, .done = sw_reduce};
    rc = noc_pool_run(&job, ctx);
    *st = sh.st;
cleanup:
    for (int i = 0; i < nthreads; i++)
        worker_free(&ws[i]);
    free(ws);
    free(sh.gstart);
    free(sh.gmem);
    free(sh.rr_end);
    noc_ev_fast_graph_free(&sh.fg);
    return rc;
}
