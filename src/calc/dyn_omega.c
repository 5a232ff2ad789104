/* Omega networks of k x k switches and broadcast through 4-function 2x2
 * switches (model in include/nocsyn/calc.h).  The inter-stage wiring is the
 * k-way shuffle of the perm module (qshuffle:k). */
#include "nocsyn/calc.h"

#include "nocsyn/perm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void noc_dyn_omega_free(struct noc_dyn_omega_result *r)
{
    free(r->pos);
    r->pos = NULL;
}

/* N = k^n within the limit, or -1. */
static int omega_size(int k, int n)
{
    long N = 1;
    if (k < 2 || n < 1)
        return -1;
    for (int i = 0; i < n; i++) {
        N *= k;
        if (N > NOC_DYN_OMEGA_MAXN)
            return -1;
    }
    return (int)N;
}

/* Base-k digit i of d (0 = least significant). */
static int digit(int d, int k, int i)
{
    while (i-- > 0)
        d /= k;
    return d % k;
}

int noc_dyn_omega_route(int k, int n, const int *perm, struct noc_dyn_omega_result *r,
                        struct noc_ctx *ctx)
{
    int rc = NOC_OK, N = omega_size(k, n);
    int *shuf = NULL, *owner = NULL, *done = NULL;
    memset(r, 0, sizeof *r);
    if (N < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "omega: k = %d, n = %d: need k >= 2, n >= 1 and k^n <= %d lines", k, n,
                         NOC_DYN_OMEGA_MAXN);
    if (!noc_perm_is_bijection(perm, N))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "omega: not a permutation of 0..%d", N - 1);
    r->k = k;
    r->n = n;
    r->N = N;
    struct noc_perm_fn f;
    char spec[32];
    snprintf(spec, sizeof spec, "qshuffle:%d", k);
    if ((rc = noc_perm_parse(&f, spec, N, ctx)) != NOC_OK || (rc = noc_perm_table(&f, &shuf, ctx)))
        goto cleanup;
    r->pos = noc_malloc(ctx, (size_t)n * N, sizeof *r->pos);
    owner = noc_malloc(ctx, (size_t)n * N, sizeof *owner); /* input holding stage s output line */
    done = noc_calloc(ctx, (size_t)N, sizeof *done);
    if (!r->pos || !owner || !done) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int x = 0; x < N; x++) {
        int p = x;
        for (int s = 0; s < n; s++) {
            p = shuf[p];
            p = p - p % k + digit(perm[x], k, n - 1 - s);
            r->pos[(size_t)s * N + x] = p;
        }
    }
    /* one pass: the first conflict in (stage, switch, port) order */
    r->passes = 1;
    for (int s = 0; s < n && r->passes; s++) {
        int *own = owner + (size_t)s * N;
        for (int p = 0; p < N; p++)
            own[p] = -1;
        int best = -1;
        for (int x = 0; x < N; x++) {
            int p = r->pos[(size_t)s * N + x];
            if (own[p] < 0) {
                own[p] = x;
            } else if (best < 0 || p < best) {
                best = p;
                r->conflict.a = own[p] < x ? own[p] : x;
                r->conflict.b = own[p] < x ? x : own[p];
            }
        }
        if (best >= 0) {
            r->passes = 0;
            r->conflict.stage = s;
            r->conflict.sw = best / k;
            r->conflict.port = best % k;
        }
    }
    /* greedy passes: inputs in order, each taking its path when free */
    int left = N;
    r->passes_needed = 0;
    while (left > 0) {
        r->passes_needed++;
        for (size_t i = 0; i < (size_t)n * N; i++)
            owner[i] = -1;
        for (int x = 0; x < N; x++) {
            if (done[x])
                continue;
            int free_path = 1;
            for (int s = 0; s < n && free_path; s++)
                free_path = owner[(size_t)s * N + r->pos[(size_t)s * N + x]] < 0;
            if (!free_path)
                continue;
            for (int s = 0; s < n; s++)
                owner[(size_t)s * N + r->pos[(size_t)s * N + x]] = x;
            done[x] = 1;
            left--;
        }
    }
cleanup:
    free(shuf);
    free(owner);
    free(done);
    if (rc)
        noc_dyn_omega_free(r);
    return rc;
}

const char *noc_dyn_func_name(int f)
{
    static const char *const names[] = {"unused", "straight", "exchange", "upper broadcast",
                                        "lower broadcast"};
    return f >= 0 && f <= NOC_DYN_LOWER_BCAST ? names[f] : "?";
}

int noc_dyn_omega_broadcast(int n, int src, const unsigned char *dest, unsigned char *func,
                            int *switches, struct noc_ctx *ctx)
{
    if (n < 1 || n > 12)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "broadcast: n must be in 1..12, not %d", n);
    int N = 1 << n, half = N / 2, any = 0;
    if (src < 0 || src >= N)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "broadcast: source %d is not an input 0..%d", src,
                         N - 1);
    for (int d = 0; d < N; d++)
        any |= dest[d] != 0;
    if (!any)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "broadcast: no destination");
    memset(func, 0, (size_t)n * half);
    *switches = 0;
    /* The copies before stage s sit on the lines `at`; a copy on line p has
     * already fixed the top s destination bits: they are the low s bits of
     * p (each stage shifts in the next destination bit at the bottom).
     * The destinations it serves are those whose top s bits match. */
    unsigned char *at = noc_calloc(ctx, (size_t)N, 1), *next = noc_calloc(ctx, (size_t)N, 1);
    if (!at || !next) {
        free(at);
        free(next);
        return NOC_ENOMEM;
    }
    at[src] = 1;
    for (int s = 0; s < n; s++) {
        memset(next, 0, (size_t)N);
        for (int p = 0; p < N; p++) {
            if (!at[p])
                continue;
            int q = ((p << 1) | (p >> (n - 1))) & (N - 1); /* perfect shuffle */
            int sw = q >> 1, in = q & 1;
            /* destination prefix so far: the low s bits of p; the next bit
             * decided here is destination bit n-1-s */
            int want[2] = {0, 0};
            for (int d = 0; d < N; d++) {
                if (!dest[d])
                    continue;
                int top = s ? d >> (n - s) : 0;
                if (top == (p & ((1 << s) - 1)))
                    want[(d >> (n - 1 - s)) & 1] = 1;
            }
            int f = want[0] && want[1] ? (in ? NOC_DYN_LOWER_BCAST : NOC_DYN_UPPER_BCAST)
                    : want[in]         ? NOC_DYN_STRAIGHT
                                       : NOC_DYN_EXCHANGE;
            func[(size_t)s * half + sw] = (unsigned char)f;
            (*switches)++;
            for (int o = 0; o < 2; o++)
                if (want[o])
                    next[(sw << 1) | o] = 1;
        }
        memcpy(at, next, (size_t)N);
    }
    free(at);
    free(next);
    return NOC_OK;
}
