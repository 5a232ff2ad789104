/* Clos networks: the non-blocking conditions, routing a permutation by
 * splitting the ingress-egress multigraph into perfect matchings, and the
 * exhaustive checks of small sizes (include/nocsyn/calc.h). */
#include "nocsyn/calc.h"

#include "nocsyn/perm.h"

#include <stdlib.h>
#include <string.h>

int noc_dyn_clos_init(struct noc_dyn_clos *c, int m, int n, int r, struct noc_ctx *ctx)
{
    memset(c, 0, sizeof *c);
    if (m < 1 || n < 1 || r < 1 || m > NOC_DYN_MAXPORTS || n > NOC_DYN_MAXPORTS ||
        r > NOC_DYN_MAXPORTS || (long)n * r > 1L << 24)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "clos m=%d n=%d r=%d: every size must be in 1..%d (n r <= 2^24)", m, n, r,
                         NOC_DYN_MAXPORTS);
    c->m = m;
    c->n = n;
    c->r = r;
    /* r = 1: the other n-1 connections each busy one middle at both ends,
     * so m >= n suffices (the brute force found this; Clos assumes r >= 2) */
    c->strict = m >= 2 * n - 1 || (r == 1 && m >= n);
    c->rearrangeable = m >= n;
    return NOC_OK;
}

/* Kuhn's augmenting path from ingress i over edges with cnt > 0. */
static int augment(int i, int r, const int *cnt, int *match_e, unsigned char *seen)
{
    for (int j = 0; j < r; j++) {
        if (!cnt[(size_t)i * r + j] || seen[j])
            continue;
        seen[j] = 1;
        if (match_e[j] < 0 || augment(match_e[j], r, cnt, match_e, seen)) {
            match_e[j] = i;
            return 1;
        }
    }
    return 0;
}

int noc_dyn_clos_route(const struct noc_dyn_clos *c, const int *perm, int *middle,
                       struct noc_ctx *ctx)
{
    int n = c->n, r = c->r, N = n * r, rc = NOC_OK;
    if (!noc_perm_is_bijection(perm, N))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "clos: not a permutation of 0..%d", N - 1);
    if (c->m < n)
        return noc_error(ctx, NOC_EINFEASIBLE, NULL, 0,
                         "clos m=%d n=%d r=%d: an ingress switch carries %d connections but only "
                         "%d middle switches (a full permutation needs m >= n)",
                         c->m, n, r, n, c->m);
    int *cnt = noc_calloc(ctx, (size_t)r * r, sizeof *cnt);
    int *match_e = noc_malloc(ctx, (size_t)r, sizeof *match_e);
    unsigned char *seen = noc_malloc(ctx, (size_t)r, 1);
    if (!cnt || !match_e || !seen) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int x = 0; x < N; x++) {
        cnt[(size_t)(x / n) * r + perm[x] / n]++;
        middle[x] = -1;
    }
    /* The multigraph is n-regular: each round takes a perfect matching
     * (one exists by Hall/Konig), gives its edges middle switch t. */
    for (int t = 0; t < n; t++) {
        for (int j = 0; j < r; j++)
            match_e[j] = -1;
        for (int i = 0; i < r; i++) {
            memset(seen, 0, (size_t)r);
            if (!augment(i, r, cnt, match_e, seen)) {
                rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "clos: internal error: no perfect matching");
                goto cleanup;
            }
        }
        for (int j = 0; j < r; j++) {
            int i = match_e[j];
            cnt[(size_t)i * r + j]--;
            /* one connection from ingress i to egress j not yet routed */
            for (int x = i * n; x < i * n + n; x++)
                if (middle[x] < 0 && perm[x] / n == j) {
                    middle[x] = t;
                    break;
                }
        }
    }
cleanup:
    free(cnt);
    free(match_e);
    free(seen);
    return rc;
}

/* ---- exhaustive checks ------------------------------------------------- */

struct brute {
    int m, n, r, N;
    int *perm;             /* current permutation (rearrangeable) */
    unsigned char *in_use; /* [switch * m + middle]: ingress side */
    unsigned char *out_use;/* egress side */
    unsigned char *out_busy; /* outputs taken (strict) */
    int blocked, worst, done;
};

/* Assigns middles to connections x..N-1 of b->perm; 1 when it succeeds. */
static int assign(struct brute *b, int x)
{
    if (x == b->N)
        return 1;
    int i = x / b->n, j = b->perm[x] / b->n;
    for (int t = 0; t < b->m; t++) {
        if (b->in_use[i * b->m + t] || b->out_use[j * b->m + t])
            continue;
        b->in_use[i * b->m + t] = b->out_use[j * b->m + t] = 1;
        int ok = assign(b, x + 1);
        b->in_use[i * b->m + t] = b->out_use[j * b->m + t] = 0;
        if (ok)
            return 1;
    }
    return 0;
}

/* Heap's algorithm over b->perm; stops at the first unroutable one.
 * Returns 1 while every permutation so far routes. */
static int all_perms(struct brute *b, int k)
{
    if (k == 1)
        return assign(b, 0);
    for (int i = 0; i < k; i++) {
        if (!all_perms(b, k - 1))
            return 0;
        int j = k % 2 ? 0 : i, tmp = b->perm[j];
        b->perm[j] = b->perm[k - 1];
        b->perm[k - 1] = tmp;
    }
    return 1;
}

/* The request input 0 -> output 0 is blocked iff every middle is busy at
 * ingress 0 or at egress 0. */
static void check_block(struct brute *b)
{
    int busy = 0;
    for (int t = 0; t < b->m; t++)
        busy += b->in_use[t] || b->out_use[t];
    if (busy > b->worst)
        b->worst = busy;
    if (busy == b->m)
        b->blocked = 1;
    /* The other n-1 inputs of ingress 0 and n-1 outputs of egress 0 can
     * occupy at most 2n-2 middles: once a state reaches that, no state
     * busies more, and the search can stop (it has its answer). */
    if (b->worst == 2 * (b->n - 1))
        b->done = 1;
}

/* Phase 2: outputs o = 1..n-1 of egress 0, each idle or fed from an input
 * outside ingress 0 (those inputs are free: phase 1 only used ingress 0). */
static void phase2(struct brute *b, int o, unsigned char *in_busy)
{
    if (b->blocked || b->done)
        return;
    if (o == b->n) {
        check_block(b);
        return;
    }
    phase2(b, o + 1, in_busy); /* idle (or already fed in phase 1) */
    if (b->out_busy[o])
        return;
    for (int x = b->n; x < b->N; x++) {
        if (in_busy[x])
            continue;
        int i = x / b->n;
        for (int t = 0; t < b->m; t++) {
            if (b->in_use[i * b->m + t] || b->out_use[t])
                continue;
            b->in_use[i * b->m + t] = b->out_use[t] = 1;
            in_busy[x] = 1;
            phase2(b, o + 1, in_busy);
            in_busy[x] = 0;
            b->in_use[i * b->m + t] = b->out_use[t] = 0;
        }
    }
}

/* Phase 1: inputs x = 1..n-1 of ingress 0, each idle or connected to any
 * output but 0 through any middle legal at both ends. */
static void phase1(struct brute *b, int x, unsigned char *in_busy)
{
    if (b->blocked || b->done)
        return;
    if (x == b->n) {
        phase2(b, 1, in_busy);
        return;
    }
    phase1(b, x + 1, in_busy);
    for (int y = 1; y < b->N; y++) {
        if (b->out_busy[y])
            continue;
        int j = y / b->n;
        for (int t = 0; t < b->m; t++) {
            if (b->in_use[t] || b->out_use[j * b->m + t])
                continue;
            b->in_use[t] = b->out_use[j * b->m + t] = 1;
            b->out_busy[y] = 1;
            in_busy[x] = 1;
            phase1(b, x + 1, in_busy);
            in_busy[x] = 0;
            b->out_busy[y] = 0;
            b->in_use[t] = b->out_use[j * b->m + t] = 0;
        }
    }
}

int noc_dyn_clos_brute(const struct noc_dyn_clos *c, int *strict, int *rearrangeable,
                       int *witness_busy, struct noc_ctx *ctx)
{
    struct brute b;
    int rc = NOC_OK;
    unsigned char *in_busy = NULL;
    memset(&b, 0, sizeof b);
    b.m = c->m;
    b.n = c->n;
    b.r = c->r;
    b.N = c->n * c->r;
    if (b.N > NOC_DYN_BRUTE_MAXN || b.m > 2 * b.n + 1)
        return noc_error(ctx, NOC_ELIMIT, NULL, 0,
                         "clos --brute enumerates every state: n r must be <= %d and m <= 2n + 1 "
                         "(got n r = %d, m = %d)",
                         NOC_DYN_BRUTE_MAXN, b.N, b.m);
    b.perm = noc_malloc(ctx, (size_t)b.N, sizeof *b.perm);
    b.in_use = noc_calloc(ctx, (size_t)b.r * b.m, 1);
    b.out_use = noc_calloc(ctx, (size_t)b.r * b.m, 1);
    b.out_busy = noc_calloc(ctx, (size_t)b.N, 1);
    in_busy = noc_calloc(ctx, (size_t)b.N, 1);
    if (!b.perm || !b.in_use || !b.out_use || !b.out_busy || !in_busy) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int x = 0; x < b.N; x++)
        b.perm[x] = x;
    *rearrangeable = all_perms(&b, b.N);
    memset(b.in_use, 0, (size_t)b.r * b.m);
    memset(b.out_use, 0, (size_t)b.r * b.m);
    in_busy[0] = 1;       /* the request's own input and output stay free */
    b.out_busy[0] = 1;
    phase1(&b, 1, in_busy);
    *strict = !b.blocked;
    *witness_busy = b.worst;
cleanup:
    free(b.perm);
    free(b.in_use);
    free(b.out_use);
    free(b.out_busy);
    free(in_busy);
    return rc;
}
