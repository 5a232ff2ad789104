/* The multi-commodity flow model of noc_eval_lp_load: commodities,
 * demands, allowed channels per routing model, and the LP rows
 * (formulation in lpload.c). */
#include <stdlib.h>
#include <string.h>

#include "lpload_int.h"
#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

void noc_lpl_free(struct lpl *s)
{
    free(s->inj1);
    free(s->ej1);
    free(s->comm);
    free(s->members);
    free(s->comm_of);
    free(s->ent_off);
    free(s->ent_idx);
    free(s->bsrc);
    free(s->sup);
    free(s->dist);
    free(s->queue);
    free(s->reach);
    free(s->var);
    free(s->cap_cnt);
}

/* The single distinct router at the other end of a terminal's channels
 * (out = injection, in = ejection), or -1 when there are several. */
static int single_router(const struct noc_topo *t, int v, int out)
{
    const struct noc_graph *g = &t->g;
    int r = -1;
    int lo = out ? g->off[v] : g->in_off[v], hi = out ? g->off[v + 1] : g->in_off[v + 1];
    for (int i = lo; i < hi; i++) {
        int u = out ? g->dst[i] : g->src[g->in_edge[i]];
        if (r >= 0 && u != r)
            return -1;
        r = u;
    }
    return r;
}

/* Groups the terminals into commodities and the traffic entries by the
 * commodity of their destination. */
int noc_lpl_setup(struct lpl *s, struct noc_ctx *ctx)
{
    const struct noc_topo *t = s->t;
    int R = s->R, N = s->N;
    s->inj1 = noc_malloc(ctx, (size_t)N + 1, sizeof(int));
    s->ej1 = noc_malloc(ctx, (size_t)N + 1, sizeof(int));
    s->comm = noc_malloc(ctx, (size_t)(R + N) + 1, sizeof *s->comm);
    s->members = noc_malloc(ctx, (size_t)N + 1, sizeof(int));
    s->comm_of = noc_malloc(ctx, (size_t)N + 1, sizeof(int));
    s->ent_off = noc_calloc(ctx, (size_t)(R + N) + 2, sizeof(int));
    s->ent_idx = noc_malloc(ctx, (size_t)s->tr->nent + 1, sizeof(int));
    int *rcomm = noc_malloc(ctx, (size_t)R + 1, sizeof(int));
    if (!s->inj1 || !s->ej1 || !s->comm || !s->members || !s->comm_of || !s->ent_off ||
        !s->ent_idx || !rcomm) {
        free(rcomm);
        return NOC_ENOMEM;
    }
    for (int r = 0; r < R; r++)
        rcomm[r] = -1;
    for (int i = 0; i < N; i++) {
        int v = noc_topo_term_node(t, i);
        s->inj1[i] = single_router(t, v, 1);
        s->ej1[i] = single_router(t, v, 0);
        int r = s->ej1[i];
        if (r >= 0 && rcomm[r] < 0) {
            rcomm[r] = s->ncomm;
            s->comm[s->ncomm++].sink = r;
        } else if (r < 0) {
            s->comm_of[i] = s->ncomm;
            s->comm[s->ncomm++].sink = v;
        }
        if (r >= 0)
            s->comm_of[i] = rcomm[r];
    }
    free(rcomm);
    /* members grouped by commodity (counting sort, terminal order kept) */
    for (int k = 0; k < s->ncomm; k++)
        s->comm[k].n = 0;
    for (int i = 0; i < N; i++)
        s->comm[s->comm_of[i]].n++;
    int acc = 0;
    for (int k = 0; k < s->ncomm; k++) {
        s->comm[k].first = acc;
        acc += s->comm[k].n;
        s->comm[k].n = 0;
    }
    for (int i = 0; i < N; i++) {
        struct noc_lpl_comm *c = &s->comm[s->comm_of[i]];
        s->members[c->first + c->n++] = i;
    }
    const struct noc_traffic *tr = s->tr;
    for (int i = 0; i < tr->nent; i++)
        s->ent_off[s->comm_of[tr->ent[i].d] + 1]++;
    for (int k = 0; k < s->ncomm; k++)
        s->ent_off[k + 1] += s->ent_off[k];
    int *fill = noc_malloc(ctx, (size_t)s->ncomm + 1, sizeof(int));
    if (!fill)
        return NOC_ENOMEM;
    memcpy(fill, s->ent_off, (size_t)s->ncomm * sizeof(int));
    for (int i = 0; i < tr->nent; i++)
        s->ent_idx[fill[s->comm_of[tr->ent[i].d]]++] = i;
    free(fill);
    s->bsrc = noc_malloc(ctx, (size_t)N + 1, sizeof *s->bsrc);
    s->sup = noc_malloc(ctx, (size_t)s->V + 1, sizeof *s->sup);
    s->dist = noc_malloc(ctx, (size_t)R + 1, sizeof *s->dist);
    s->queue = noc_malloc(ctx, (size_t)s->V + 1, sizeof *s->queue);
    s->reach = noc_malloc(ctx, (size_t)s->V + 1, 1);
    s->var = noc_malloc(ctx, (size_t)s->nch + 1, sizeof *s->var);
    s->cap_cnt = noc_calloc(ctx, (size_t)s->nch + 1, sizeof *s->cap_cnt);
    if (!s->bsrc || !s->sup || !s->dist || !s->queue || !s->reach || !s->var || !s->cap_cnt)
        return NOC_ENOMEM;
    return NOC_OK;
}

/* Demand of every source terminal to commodity k (s->bsrc) and the supply
 * per node (s->sup).  Returns the total demand. */
double noc_lpl_demands(struct lpl *s, int k)
{
    const struct noc_traffic *tr = s->tr;
    double u = tr->uniform * (double)s->comm[k].n / (double)s->N;
    double total = 0;
    for (int i = 0; i < s->N; i++)
        s->bsrc[i] = u;
    for (int j = s->ent_off[k]; j < s->ent_off[k + 1]; j++) {
        const struct noc_demand *e = &tr->ent[s->ent_idx[j]];
        s->bsrc[e->s] += e->w;
    }
    memset(s->sup, 0, (size_t)s->V * sizeof *s->sup);
    for (int i = 0; i < s->N; i++) {
        int at = s->inj1[i] >= 0 ? s->inj1[i] : noc_topo_term_node(s->t, i);
        s->sup[at] += s->bsrc[i];
        total += s->bsrc[i];
    }
    return total;
}

/* Router-hop distances to the sink of commodity k (reverse BFS over
 * router-router channels). */
void noc_lpl_distances(struct lpl *s, int k)
{
    const struct noc_graph *g = &s->t->g;
    int R = s->R, n = 0, sink = s->comm[k].sink;
    if (sink < R) {
        s->queue[n++] = sink;
    } else { /* its ejection routers, each once (dist[] marks them) */
        for (int r = 0; r < R; r++)
            s->dist[r] = -1;
        for (int i = g->in_off[sink]; i < g->in_off[sink + 1]; i++) {
            int r = g->src[g->in_edge[i]];
            if (s->dist[r] < 0) {
                s->dist[r] = 0;
                s->queue[n++] = r;
            }
        }
    }
    noc_graph_bfs(g, R, s->queue, n, NOC_BFS_IN, -1, s->dist, s->queue);
}

/* Nearest distance among a multi-injection terminal's routers (-1: none). */
static int inj_dist(const struct lpl *s, int v)
{
    const struct noc_graph *g = &s->t->g;
    int best = -1;
    for (int e = g->off[v]; e < g->off[v + 1]; e++) {
        int d = s->dist[g->dst[e]];
        if (d >= 0 && (best < 0 || d < best))
            best = d;
    }
    return best;
}

/* May commodity k's flow use channel e (before reachability pruning)? */
static int allowed(const struct lpl *s, int k, int e)
{
    const struct noc_graph *g = &s->t->g;
    int u = g->src[e], v = g->dst[e], R = s->R, sink = s->comm[k].sink;
    if (u < R && v < R) {
        if (u == sink || s->dist[u] < 0 || s->dist[v] < 0)
            return 0;
        return s->model == NOC_RT_OPTIMAL || s->dist[u] == s->dist[v] + 1;
    }
    if (u >= R) { /* injection channel of a multi-injection source */
        if (s->inj1[u - R] >= 0 || s->sup[u] <= 0 || s->dist[v] < 0)
            return 0;
        return s->model == NOC_RT_OPTIMAL || s->dist[v] == inj_dist(s, u);
    }
    return v == sink; /* ejection into a terminal sink */
}

/* Marks s->var[e] = 0 for the channels commodity k keeps (allowed and
 * reachable from a supply), -1 otherwise; returns the number kept, or -1
 * (with *bad set to a source terminal) when some supply cannot reach the
 * sink. */
long noc_lpl_select(struct lpl *s, int k, int *bad)
{
    const struct noc_graph *g = &s->t->g;
    int head = 0, tail = 0, R = s->R, sink = s->comm[k].sink;
    long kept = 0;
    memset(s->reach, 0, (size_t)s->V);
    for (int e = 0; e < s->nch; e++)
        s->var[e] = -1;
    for (int v = 0; v < s->V; v++) {
        if (s->sup[v] <= 0 || (v < R && v == sink))
            continue;
        int ok = v < R ? s->dist[v] >= 0 : inj_dist(s, v) >= 0;
        if (!ok) {
            *bad = v;
            return -1;
        }
        s->reach[v] = 1;
        s->queue[tail++] = v;
    }
    while (head < tail) {
        int u = s->queue[head++];
        for (int e = g->off[u]; e < g->off[u + 1]; e++) {
            if (!allowed(s, k, e))
                continue;
            s->var[e] = 0;
            kept++;
            int v = g->dst[e];
            if (!s->reach[v] && v < R) {
                s->reach[v] = 1;
                s->queue[tail++] = v;
            }
        }
    }
    return kept;
}

/* Does node v of commodity k get a conservation row? */
static int has_row(const struct lpl *s, int k, int v)
{
    return s->reach[v] && !(v < s->R && v == s->comm[k].sink);
}

/* A source terminal with demand into commodity k whose supply at node v
 * cannot reach it, and a destination, for the error message. */
static int unreachable(const struct lpl *s, int k, int v, struct noc_ctx *ctx)
{
    int src = -1, dst = s->members[s->comm[k].first];
    for (int i = 0; i < s->N && src < 0; i++) {
        int at = s->inj1[i] >= 0 ? s->inj1[i] : noc_topo_term_node(s->t, i);
        if (at == v && s->bsrc[i] > 0)
            src = i;
    }
    if (src < 0)
        src = 0;
    if (s->tr->uniform <= 0)
        for (int j = s->ent_off[k]; j < s->ent_off[k + 1]; j++) {
            const struct noc_demand *e = &s->tr->ent[s->ent_idx[j]];
            if (e->s == src) {
                dst = e->d;
                break;
            }
        }
    const struct noc_topo *t = s->t;
    return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                     "%s routing: no path from terminal '%s' to terminal '%s'",
                     noc_routing_name(s->model), t->nodes[noc_topo_term_node(t, src)].name,
                     t->nodes[noc_topo_term_node(t, dst)].name);
}

/* Pass 1: counts variables and nonzeros, checks reachability. */
int noc_lpl_count(struct lpl *s, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &s->t->g;
    for (int k = 0; k < s->ncomm; k++) {
        if (s->max_nnz > 0 && s->nnz > s->max_nnz) {
            /* too large already: extrapolate the totals and stop */
            s->nnz = (long)((double)s->nnz * s->ncomm / k);
            s->nvars = (long)((double)s->nvars * s->ncomm / k);
            return NOC_ELIMIT;
        }
        if (noc_lpl_demands(s, k) <= 0)
            continue;
        noc_lpl_distances(s, k);
        int bad = -1;
        long kept = noc_lpl_select(s, k, &bad);
        if (kept < 0)
            return unreachable(s, k, bad, ctx);
        s->nvars += kept;
        for (int e = 0; e < s->nch; e++) {
            if (s->var[e] < 0)
                continue;
            /* terminal rows hold only their injection variables */
            s->nnz += has_row(s, k, g->src[e]) + (g->dst[e] < s->R && has_row(s, k, g->dst[e]));
            if (noc_topo_is_rr(s->t, e)) {
                s->cap_cnt[e]++;
                s->nnz++;
            }
        }
    }
    for (int e = 0; e < s->nch; e++)
        s->nnz += s->cap_cnt[e] > 0;
    return NOC_OK;
}

/* Conservation rows of commodity k; its variables start at column `first`
 * (numbered in channel order).  Records the columns per channel in cap_col. */
int noc_lpl_build_commodity(struct lpl *s, struct noc_lp *lp, int k, int first, int *cap_fill,
                           const int *cap_off, int *cap_col, int *cols, double *vals,
                           struct noc_ctx *ctx)
{
    const struct noc_graph *g = &s->t->g;
    int c = first;
    for (int e = 0; e < s->nch; e++) {
        if (s->var[e] < 0)
            continue;
        s->var[e] = c++;
        if (noc_topo_is_rr(s->t, e))
            cap_col[cap_off[e] + cap_fill[e]++] = s->var[e];
    }
    for (int v = 0; v < s->V; v++) {
        if (!has_row(s, k, v))
            continue;
        int n = 0;
        for (int e = g->off[v]; e < g->off[v + 1]; e++)
            if (s->var[e] >= 0) {
                cols[n] = s->var[e];
                vals[n++] = 1;
            }
        for (int i = g->in_off[v]; v < s->R && i < g->in_off[v + 1]; i++) {
            int e = g->in_edge[i];
            if (s->var[e] >= 0) {
                cols[n] = s->var[e];
                vals[n++] = -1;
            }
        }
        if (noc_lp_add_row(lp, s->sup[v], s->sup[v], n, cols, vals, ctx) < 0)
            return ctx->status ? ctx->status : NOC_EINTERNAL;
    }
    return NOC_OK;
}

/* Loads of terminal channels that carry no variables: a single-router
 * terminal's injection (its row sum) and ejection (its column sum) split
 * evenly over parallel channels. */
void noc_lpl_terminal_loads(const struct lpl *s, double *colsum, double *load)
{
    const struct noc_topo *t = s->t;
    const struct noc_graph *g = &t->g;
    const struct noc_traffic *tr = s->tr;
    for (int i = 0; i < s->N; i++)
        colsum[i] = tr->uniform;
    for (int j = 0; j < tr->nent; j++)
        colsum[tr->ent[j].d] += tr->ent[j].w;
    for (int i = 0; i < s->N; i++) {
        int v = noc_topo_term_node(t, i);
        double row = noc_traffic_row_sum(tr, i);
        int nout = g->off[v + 1] - g->off[v];
        if (s->inj1[i] >= 0)
            for (int e = g->off[v]; e < g->off[v + 1]; e++)
                load[e] = row / nout;
        if (s->ej1[i] >= 0) {
            double col = colsum[i];
            int nin = g->in_off[v + 1] - g->in_off[v];
            for (int j = g->in_off[v]; j < g->in_off[v + 1]; j++)
                load[g->in_edge[j]] = col / nin;
        }
    }
}
