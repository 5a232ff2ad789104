/* local:RADIUS:RATE: every terminal sends RATE uniformly to its local set
 * and 1-RATE uniformly to all terminals (itself included).
 *
 * Local set of terminal s: the terminals whose ejection router is at most
 * RADIUS router-to-router hops from s's injection router (breadth-first
 * search along directed router channels), s itself included -- so RADIUS 0
 * is "the terminals on my router" and the set is never empty.  On a k-ary
 * n-tree (fat tree) RADIUS counts levels instead: the local set is the
 * subtree of height RADIUS holding s, i.e. the k^RADIUS terminals with the
 * same index / k^RADIUS (RADIUS 0: s alone, 1: its leaf switch, n: all).
 * On indirect networks whose terminals inject and eject at different
 * stages (butterflies, Omega) every destination is n-1 hops away, so below
 * that radius the local set is s alone.  Cost: one bounded BFS per
 * injection router plus the demands (at most LOCAL_MAXENT). */
#include "pattern_int.h"

#include <stdlib.h>
#include <string.h>

#define LOCAL_MAXENT (1L << 24)

struct local_ws {
    int *dist;      /* per router, -1 = unseen */
    int *queue;     /* routers */
    int *toff;      /* ejection router -> terminals (CSR) */
    int *tlist;
    int *set;       /* the current local set (terminal indices) */
    int nset;
};

static void local_ws_free(struct local_ws *w)
{
    free(w->dist);
    free(w->queue);
    free(w->toff);
    free(w->tlist);
    free(w->set);
}

/* Terminals grouped by ejection router. */
static int group_terminals(const struct noc_topo *t, struct local_ws *w, struct noc_ctx *ctx)
{
    int R = t->nrouters, N = t->nterminals;
    w->toff = noc_calloc(ctx, (size_t)R + 1, sizeof *w->toff);
    w->tlist = noc_malloc(ctx, (size_t)N, sizeof *w->tlist);
    if (!w->toff || !w->tlist)
        return NOC_ENOMEM;
    for (int i = 0; i < N; i++) {
        int r = noc_topo_eject_router(t, noc_topo_term_node(t, i));
        if (r >= 0)
            w->toff[r + 1]++;
    }
    for (int r = 0; r < R; r++)
        w->toff[r + 1] += w->toff[r];
    int *fill = noc_malloc(ctx, (size_t)R + 1, sizeof *fill);
    if (!fill)
        return NOC_ENOMEM;
    memcpy(fill, w->toff, ((size_t)R + 1) * sizeof *fill);
    for (int i = 0; i < N; i++) {
        int r = noc_topo_eject_router(t, noc_topo_term_node(t, i));
        if (r >= 0)
            w->tlist[fill[r]++] = i;
    }
    free(fill);
    return NOC_OK;
}

/* The terminals ejecting within `radius` hops of router r, in visit order;
 * dist[] is -1 everywhere on entry and on return. */
static void ball(const struct noc_topo *t, struct local_ws *w, int r, long radius)
{
    int n = noc_graph_bfs(&t->g, t->nrouters, &r, 1, NOC_BFS_OUT | NOC_BFS_KEEP, (int)radius, w->dist, w->queue);
    w->nset = 0;
    for (int i = 0; i < n; i++) {
        int u = w->queue[i];
        for (int j = w->toff[u]; j < w->toff[u + 1]; j++)
            w->set[w->nset++] = w->tlist[j];
        w->dist[u] = -1;
    }
}

/* The fat-tree block size k^radius, or 0 when t is not a k-ary n-tree. */
static long fattree_block(const struct noc_topo *t, long radius)
{
    const struct noc_shape *sh = &t->shape;
    if (sh->family != NOC_FAM_FATTREE || sh->k < 2)
        return 0;
    long full = 1;
    for (int i = 0; i < sh->ndims && full <= t->nterminals; i++)
        full *= sh->k;
    if (full != t->nterminals)
        return 0;
    long b = 1;
    for (long i = 0; i < radius && b < full; i++)
        b *= sh->k;
    return b < full ? b : full;
}

int noc_pat_local(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                  const char *map, struct noc_ctx *ctx)
{
    struct local_ws w;
    memset(&w, 0, sizeof w);
    int st = NOC_OK, N = tr->n;
    char buf[64];
    long radius;
    double rate;
    if (strlen(arg) >= sizeof buf)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'local:%s': write it as local:RADIUS:RATE", arg);
    strcpy(buf, arg);
    char *colon = strchr(buf, ':');
    if (!colon)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'local:%s': write it as local:RADIUS:RATE", arg);
    *colon = '\0';
    if (noc_parse_int(buf, 0, 1L << 30, &radius))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'local:%s': RADIUS must be an integer >= 0", arg);
    if ((st = noc_pat_double(colon + 1, 0, 1, "local", "RATE", &rate, ctx)))
        return st;
    tr->uniform = 1.0 - rate;
    if (rate == 0)
        return NOC_OK;
    long block = fattree_block(t, radius);
    if (block > 0) {
        if ((double)N * (double)block > (double)LOCAL_MAXENT)
            goto too_many;
        for (int s = 0; s < N; s++) {
            long first = s / block * block;
            for (long d = first; d < first + block; d++)
                if ((st = noc_traffic_add(tr, s, (int)d, rate / (double)block, ctx)))
                    return st;
        }
        return NOC_OK;
    }
    int R = t->nrouters;
    w.dist = noc_malloc(ctx, (size_t)R + 1, sizeof *w.dist);
    w.queue = noc_malloc(ctx, (size_t)R + 1, sizeof *w.queue);
    w.set = noc_malloc(ctx, (size_t)N + 1, sizeof *w.set);
    if (!w.dist || !w.queue || !w.set || (st = group_terminals(t, &w, ctx))) {
        st = st ? st : NOC_ENOMEM;
        goto cleanup;
    }
    for (int r = 0; r < R; r++)
        w.dist[r] = -1;
    int last_r = -1;
    for (int s = 0; s < N; s++) {
        int r = noc_topo_inject_router(t, noc_topo_term_node(t, s));
        if (r < 0) { /* cannot happen after finalize; keep the row summing to 1 */
            w.nset = 0;
        } else if (r != last_r) {
            ball(t, &w, r, radius);
        }
        last_r = r;
        int has_s = 0, n = w.nset;
        for (int i = 0; i < n; i++)
            has_s |= w.set[i] == s;
        if (!has_s)
            w.set[n++] = s; /* s always belongs to its own local set */
        if ((long)tr->nent + n > LOCAL_MAXENT) {
            local_ws_free(&w);
            goto too_many;
        }
        for (int i = 0; i < n; i++)
            if ((st = noc_traffic_add(tr, s, w.set[i], rate / n, ctx)))
                goto cleanup;
    }
cleanup:
    local_ws_free(&w);
    return st;
too_many:
    return noc_error(ctx, NOC_ENOMEM, NULL, 0,
                     "traffic 'local:%s' needs more than %ld demands; use a smaller RADIUS", arg,
                     LOCAL_MAXENT);
}
