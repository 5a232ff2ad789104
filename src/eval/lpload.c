/* Min-max channel load by linear programming: the `ideal` (fractional
 * routing over minimal paths) and `optimal` (over all paths) routing models
 * of INTERFACE 2.
 *
 * Formulation (a multi-commodity flow, one commodity per destination):
 *   minimise L
 *   subject to, for every commodity k and node v other than k's sink,
 *       sum_{e out of v} f_k(e) - sum_{e into v} f_k(e) = b_k(v),
 *   and for every router-router channel e,  sum_k f_k(e) <= L,  f >= 0.
 * Aggregating all sources' demand to one destination is exact for min-max
 * load: any per-pair routing sums into a per-destination flow with the same
 * channel loads, and any per-destination flow decomposes into per-source
 * paths (flow decomposition) ending at that destination.  Terminals that
 * eject at the same single router share one commodity whose sink is that
 * router (a smaller LP, same optimum).  A terminal that injects at a single
 * router supplies its demand at that router; one with several injection (or
 * ejection) routers keeps flow variables on those terminal channels.
 * Terminal channels carry flow but are not capacity-limited (only
 * router-router channels count, INTERFACE 2).
 *
 * ideal: commodity k may use channel u -> v only when dist(u) = dist(v) + 1,
 * dist being the router-hop distance to k's ejection router(s) (BFS on the
 * reversed router graph), so every flow path is a minimal path; a
 * multi-injection terminal may only enter at its nearest routers.
 * optimal: every channel (except those leaving the sink router).
 * For optimal, a second solve with L fixed at its optimum minimises the
 * total flow, so the reported per-channel loads carry no useless cycles.
 *
 * Size limit: the LP's nonzeros are counted before anything is built; above
 * LPLOAD_MAX_NNZ the call fails with NOC_ELIMIT.  Measured with GLPK 5.0
 * simplex on this machine: 8x8 mesh ideal 62k nonzeros 0.4 s, 8x8 torus
 * optimal 120k 1.3 s, 12x12 mesh ideal 0.3M 9 s, 16x16 mesh ideal 1.0M
 * over a minute (see the measurements in tests/unit/test_lpload.c).
 */
#include "nocsyn/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "nocsyn/lp.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define LPLOAD_MAX_NNZ 400000L

/* A commodity: the terminals it delivers to, and where it is absorbed. */
struct comm {
    int sink;      /* node id: a router (group sink) or a terminal */
    int first, n;  /* its terminals: members[first .. first+n-1] */
};

struct lpl {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    int model, R, N, V, nch;
    int *inj1, *ej1;       /* per terminal: single injection / ejection router or -1 */
    int ncomm;
    struct comm *comm;
    int *members;          /* terminals grouped by commodity */
    int *comm_of;          /* terminal -> commodity */
    int *ent_off, *ent_idx;/* traffic entries grouped by destination commodity */
    /* per-commodity scratch */
    double *bsrc;          /* N: demand of each source terminal to k */
    double *sup;           /* V: supply per node */
    int *dist;             /* R: hops to the sink, -1 = unreachable */
    int *queue;            /* V */
    char *reach;           /* V */
    int *var;              /* nch: column of f_k(e), -1 when not a variable */
    /* totals */
    long nvars, nnz;
    int *cap_cnt;          /* nch: variables on each router-router channel */
};

static void lpl_free(struct lpl *s)
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
static int setup(struct lpl *s, struct noc_ctx *ctx)
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
        struct comm *c = &s->comm[s->comm_of[i]];
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
    return NOC_OK;
}

/* Demand of every source terminal to commodity k (s->bsrc) and the supply
 * per node (s->sup).  Returns the total demand. */
static double demands(struct lpl *s, int k)
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
static void distances(struct lpl *s, int k)
{
    const struct noc_graph *g = &s->t->g;
    int R = s->R, head = 0, tail = 0, sink = s->comm[k].sink;
    for (int r = 0; r < R; r++)
        s->dist[r] = -1;
    if (sink < R) {
        s->dist[sink] = 0;
        s->queue[tail++] = sink;
    } else {
        for (int i = g->in_off[sink]; i < g->in_off[sink + 1]; i++) {
            int r = g->src[g->in_edge[i]];
            if (s->dist[r] < 0) {
                s->dist[r] = 0;
                s->queue[tail++] = r;
            }
        }
    }
    while (head < tail) {
        int v = s->queue[head++];
        for (int i = g->in_off[v]; i < g->in_off[v + 1]; i++) {
            int u = g->src[g->in_edge[i]];
            if (u < R && s->dist[u] < 0) {
                s->dist[u] = s->dist[v] + 1;
                s->queue[tail++] = u;
            }
        }
    }
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
static long select_channels(struct lpl *s, int k, int *bad)
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
static int count_pass(struct lpl *s, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &s->t->g;
    for (int k = 0; k < s->ncomm; k++) {
        if (demands(s, k) <= 0)
            continue;
        distances(s, k);
        int bad = -1;
        long kept = select_channels(s, k, &bad);
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
static int build_commodity(struct lpl *s, struct noc_lp *lp, int k, int first, int *cap_fill,
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
static void terminal_loads(const struct lpl *s, double *colsum, double *load)
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

static int check_args(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                      struct noc_ctx *ctx)
{
    if (model != NOC_RT_IDEAL && model != NOC_RT_OPTIMAL)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0, "LP load: routing must be ideal or optimal");
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP load: topology not finalized");
    if (!tr || tr->n != t->nterminals || (tr->nent > 0 && !tr->off) || !isfinite(tr->uniform) ||
        tr->uniform < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "LP load: traffic does not match the topology");
    return NOC_OK;
}

/* Removes flow cycles of one commodity (f indexed by channel): repeatedly
 * finds a cycle of positive flow by depth-first search and subtracts its
 * smallest flow.  Loads only drop; the commodity stays feasible.  Each
 * cancellation zeroes a channel, so O(E (V + E)) at worst.  Scratch:
 * state, pos, it (V each) and stk (V + 1). */
static void cancel_cycles(const struct noc_graph *g, double *f, double eps, int *state,
                          int *pos, int *it, int *stk, int *stke)
{
    int V = g->n;
    for (int v = 0; v < V; v++)
        state[v] = 0;
    for (int root = 0; root < V; root++) {
        if (state[root])
            continue;
        int top = 0;
        stk[0] = root;
        pos[root] = 0;
        state[root] = 1;
        it[root] = g->off[root];
        while (top >= 0) {
            int u = stk[top];
            while (it[u] < g->off[u + 1] && f[it[u]] <= eps)
                it[u]++;
            if (it[u] == g->off[u + 1]) {
                state[u] = 2;
                top--;
                continue;
            }
            int e = it[u], w = g->dst[e];
            if (state[w] == 2) {
                it[u]++;
                continue;
            }
            if (state[w] == 0) {
                stke[top] = e;
                stk[++top] = w;
                pos[w] = top;
                state[w] = 1;
                it[w] = g->off[w];
                continue;
            }
            /* cycle: stke[pos[w] .. top-1] then e */
            stke[top] = e;
            double m = f[e];
            for (int i = pos[w]; i <= top; i++)
                m = f[stke[i]] < m ? f[stke[i]] : m;
            for (int i = pos[w]; i <= top; i++) {
                f[stke[i]] -= m;
                if (f[stke[i]] <= eps)
                    f[stke[i]] = 0;
            }
            for (int i = pos[w] + 1; i <= top; i++)
                state[stk[i]] = 0; /* revisit later */
            top = pos[w];
        }
    }
}

/* Capacity rows sum_k f_k(e) <= L_e, with L_e <= L_parent in a binary tree
 * rooted at L (column 0).  One L column in every capacity row would be a
 * dense column, which made GLPK's interior-point method numerically
 * unstable (measured: 10x10 and 12x12 tori); the tree keeps every column
 * sparse and gives the same optimum. */
static int add_capacity_rows(const struct lpl *s, struct noc_lp *lp, const int *cap_off,
                             const int *cap_col, struct noc_ctx *ctx)
{
    int maxc = 1, nrow = 0, rc = NOC_OK;
    for (int e = 0; e < s->nch; e++) {
        if (s->cap_cnt[e] + 1 > maxc)
            maxc = s->cap_cnt[e] + 1;
        nrow += s->cap_cnt[e] > 0;
    }
    int *rowc = noc_malloc(ctx, (size_t)maxc, sizeof *rowc);
    double *rowv = noc_malloc(ctx, (size_t)maxc, sizeof *rowv);
    int first = noc_lp_add_cols(lp, nrow, 0, INFINITY, 0, NOC_LP_CONT, ctx);
    if (!rowc || !rowv || first < 0) {
        rc = first < 0 && ctx->status ? ctx->status : NOC_ENOMEM;
        goto cleanup;
    }
    int r = 0;
    for (int e = 0; e < s->nch; e++) {
        int n = s->cap_cnt[e];
        if (n == 0)
            continue;
        for (int i = 0; i < n; i++) {
            rowc[i] = cap_col[cap_off[e] + i];
            rowv[i] = 1;
        }
        rowc[n] = getenv("DENSE") ? 0 : first + r;
        rowv[n] = -1;
        int tree[2] = {r == 0 ? 0 : first + (r - 1) / 2, first + r};
        double tv[2] = {1, -1};
        if (noc_lp_add_row(lp, -INFINITY, 0, n + 1, rowc, rowv, ctx) < 0 ||
            noc_lp_add_row(lp, 0, INFINITY, 2, tree, tv, ctx) < 0) {
            rc = ctx->status ? ctx->status : NOC_EINTERNAL;
            goto cleanup;
        }
        r++;
    }
cleanup:
    free(rowc);
    free(rowv);
    return rc;
}

/* Reads the flows back: per commodity (cycles cancelled for `optimal`),
 * summed per channel into flow[]. */
static int read_flows(struct lpl *s, const struct noc_lp *lp, double *flow, struct noc_ctx *ctx)
{
    const struct noc_graph *g = &s->t->g;
    int V = s->V;
    double *f = noc_calloc(ctx, (size_t)s->nch + 1, sizeof *f);
    int *scratch = noc_malloc(ctx, 5 * (size_t)V + 1, sizeof *scratch);
    if (!f || !scratch) {
        free(f);
        free(scratch);
        return NOC_ENOMEM;
    }
    double eps = 1e-10 * (noc_lp_value(lp, 0) > 1 ? noc_lp_value(lp, 0) : 1);
    int col = 1;
    for (int k = 0; k < s->ncomm; k++) {
        if (demands(s, k) <= 0)
            continue;
        distances(s, k);
        int bad = -1;
        select_channels(s, k, &bad);
        for (int e = 0; e < s->nch; e++) {
            f[e] = 0;
            if (s->var[e] < 0)
                continue;
            double x = noc_lp_value(lp, col++);
            f[e] = x > eps ? x : 0;
        }
        if (s->model == NOC_RT_OPTIMAL)
            cancel_cycles(g, f, eps, scratch, scratch + V, scratch + 2 * V, scratch + 3 * V,
                          scratch + 4 * V);
        for (int e = 0; e < s->nch; e++)
            flow[e] += f[e];
    }
    free(f);
    free(scratch);
    return NOC_OK;
}

static int solve(struct noc_lp *lp, int model, struct noc_ctx *ctx)
{
    int rc = noc_lp_solve(lp, NULL, ctx);
    if (rc == NOC_EINFEASIBLE || rc == NOC_ELIMIT) {
        /* Every demand can reach its sink (checked), so this is GLPK's doing. */
        noc_ctx_clear(ctx);
        rc = noc_error(ctx, NOC_EINTERNAL, NULL, 0, "%s routing LP: GLPK did not solve it (%s)",
                       noc_routing_name(model), noc_strerror(rc));
    }
    return rc;
}

int noc_eval_lp_load(const struct noc_topo *t, const struct noc_traffic *tr, int model,
                     double *max_load, double *load, struct noc_ctx *ctx)
{
    struct lpl s;
    struct noc_lp *lp = NULL;
    int *cap_off = NULL, *cap_col = NULL, *cap_fill = NULL, *cols = NULL;
    double *vals = NULL, *flow = NULL;
    int rc = check_args(t, tr, model, ctx);
    if (rc)
        return rc;
    *max_load = 0;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.tr = tr;
    s.model = model;
    s.R = t->nrouters;
    s.N = t->nterminals;
    s.V = t->nnodes;
    s.nch = t->nch;
    if (load)
        for (int e = 0; e < s.nch; e++)
            load[e] = 0;
    if (s.N == 0)
        return NOC_OK;
    rc = setup(&s, ctx);
    if (rc)
        goto cleanup;
    s.bsrc = noc_malloc(ctx, (size_t)s.N, sizeof *s.bsrc);
    s.sup = noc_malloc(ctx, (size_t)s.V, sizeof *s.sup);
    s.dist = noc_malloc(ctx, (size_t)s.R + 1, sizeof *s.dist);
    s.queue = noc_malloc(ctx, (size_t)s.V, sizeof *s.queue);
    s.reach = noc_malloc(ctx, (size_t)s.V, 1);
    s.var = noc_malloc(ctx, (size_t)s.nch + 1, sizeof *s.var);
    s.cap_cnt = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *s.cap_cnt);
    cols = noc_malloc(ctx, (size_t)s.nch + 1, sizeof *cols);
    vals = noc_malloc(ctx, (size_t)s.nch + 1, sizeof *vals);
    flow = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *flow);
    if (!s.bsrc || !s.sup || !s.dist || !s.queue || !s.reach || !s.var || !s.cap_cnt || !cols ||
        !vals || !flow) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if ((rc = count_pass(&s, ctx)) != NOC_OK)
        goto cleanup;
    if (getenv("LPDBG")) fprintf(stderr, "vars %ld nnz %ld\n", s.nvars, s.nnz);
    if (s.nnz > LPLOAD_MAX_NNZ) {
        rc = noc_error(ctx, NOC_ELIMIT, NULL, 0,
                       "%s routing LP for %d routers would have %ld variables and %ld nonzeros; "
                       "above the limit of %ld nonzeros; use --routing ecmp",
                       noc_routing_name(model), s.R, s.nvars + 1, s.nnz, LPLOAD_MAX_NNZ);
        goto cleanup;
    }
    if (s.nvars > 0) {
        /* Pass 2: build the LP.  Column 0 is L, then each commodity's flows
         * in channel order, then the capacity-row copies of L. */
        cap_off = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *cap_off);
        cap_fill = noc_calloc(ctx, (size_t)s.nch + 1, sizeof *cap_fill);
        cap_col = noc_malloc(ctx, (size_t)s.nvars + 1, sizeof *cap_col);
        if (!cap_off || !cap_fill || !cap_col) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int e = 0; e < s.nch; e++)
            cap_off[e + 1] = cap_off[e] + s.cap_cnt[e];
        if ((rc = noc_lp_create(&lp, NOC_LP_MIN, ctx)) != NOC_OK)
            goto cleanup;
        if (noc_lp_add_cols(lp, 1, 0, INFINITY, 1, NOC_LP_CONT, ctx) < 0) {
            rc = ctx->status;
            goto cleanup;
        }
        for (int k = 0; k < s.ncomm; k++) {
            if (demands(&s, k) <= 0)
                continue;
            distances(&s, k);
            int bad = -1;
            long kept = select_channels(&s, k, &bad);
            int first = noc_lp_add_cols(lp, (int)kept, 0, INFINITY, getenv("EPS") ? atof(getenv("EPS")) : 0, NOC_LP_CONT, ctx);
            if (first < 0) {
                rc = ctx->status;
                goto cleanup;
            }
            rc = build_commodity(&s, lp, k, first, cap_fill, cap_off, cap_col, cols, vals, ctx);
            if (rc)
                goto cleanup;
        }
        if ((rc = add_capacity_rows(&s, lp, cap_off, cap_col, ctx)) != NOC_OK ||
            (rc = solve(lp, model, ctx)) != NOC_OK || (rc = read_flows(&s, lp, flow, ctx)) != NOC_OK)
            goto cleanup;
    }
    double mx = 0;
    for (int e = 0; e < s.nch; e++)
        if (noc_topo_is_rr(t, e) && flow[e] > mx)
            mx = flow[e];
    *max_load = mx;
    if (load) {
        memcpy(load, flow, (size_t)s.nch * sizeof *load);
        terminal_loads(&s, s.bsrc, load);
    }
cleanup:
    noc_lp_free(lp);
    free(cap_off);
    free(cap_fill);
    free(cap_col);
    free(cols);
    free(vals);
    free(flow);
    lpl_free(&s);
    return rc;
}
