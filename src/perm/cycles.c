/* Permutations as arrays: bijection check, inverse, cycle notation. */
#include "nocsyn/perm.h"

#include <stdlib.h>
#include <string.h>

int noc_perm_is_bijection(const int *p, int N)
{
    if (N < 0)
        return 0;
    unsigned char *seen = calloc((size_t)N + 1, 1);
    if (!seen)
        return 0;
    int ok = 1;
    for (int x = 0; x < N && ok; x++) {
        if (p[x] < 0 || p[x] >= N || seen[p[x]])
            ok = 0;
        else
            seen[p[x]] = 1;
    }
    free(seen);
    return ok;
}

int noc_perm_inverse(const int *p, int N, int *inv, struct noc_ctx *ctx)
{
    if (!noc_perm_is_bijection(p, N))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "not a permutation of 0..%d", N - 1);
    for (int x = 0; x < N; x++)
        inv[p[x]] = x;
    return NOC_OK;
}

int noc_perm_format_cycles(const int *p, int N, struct noc_buf *b, struct noc_ctx *ctx)
{
    int st = NOC_OK;
    unsigned char *done = NULL;
    if (!noc_perm_is_bijection(p, N)) {
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "not a permutation of 0..%d", N - 1);
        goto cleanup;
    }
    done = noc_calloc(ctx, (size_t)N + 1, 1);
    if (!done) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    /* Scanning x upwards starts every cycle at its smallest element and
     * orders the cycles by it. */
    for (int x = 0; x < N; x++) {
        if (done[x])
            continue;
        noc_buf_append(b, "(", 1);
        for (int y = x;; ) {
            done[y] = 1;
            noc_buf_printf(b, "%d", y);
            y = p[y];
            if (y == x)
                break;
            noc_buf_append(b, " ", 1);
        }
        noc_buf_append(b, ")", 1);
    }
    if (b->failed)
        st = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory formatting a permutation");
cleanup:
    free(done);
    return st;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int noc_perm_parse_cycles(const char *s, int N, int *p, struct noc_ctx *ctx)
{
    int st = NOC_OK;
    int *cyc = NULL;          /* the elements of the current cycle */
    unsigned char *seen = NULL;
    if (N < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "permutation of %d elements", N);
    cyc = noc_malloc(ctx, (size_t)N, sizeof *cyc);
    seen = noc_calloc(ctx, (size_t)N, 1);
    if (!cyc || !seen) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    for (int x = 0; x < N; x++)
        p[x] = x;
    int in = 0, len = 0;
    long col = 0;
    for (const char *c = s; *c; c++) {
        col = (long)(c - s) + 1;
        if (is_blank(*c) || (*c == ',' && in))
            continue;
        if (*c == '(') {
            if (in) {
                st = noc_error(ctx, NOC_EINVAL, NULL, 0, "cycle notation: nested '(' at column %ld", col);
                goto cleanup;
            }
            in = 1;
            len = 0;
        } else if (*c == ')') {
            if (!in || len == 0) {
                st = noc_error(ctx, NOC_EINVAL, NULL, 0, "cycle notation: %s at column %ld",
                               in ? "empty cycle '()'" : "')' without '('", col);
                goto cleanup;
            }
            for (int i = 0; i < len; i++)
                p[cyc[i]] = cyc[(i + 1) % len];
            in = 0;
        } else if (*c >= '0' && *c <= '9') {
            if (!in) {
                st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "cycle notation: element outside parentheses at column %ld", col);
                goto cleanup;
            }
            long v = 0;
            while (*c >= '0' && *c <= '9') {
                if (v <= N)
                    v = v * 10 + (*c - '0');
                c++;
            }
            c--;
            if (v >= N) {
                st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "cycle notation: element %s%ld out of range 0..%d (column %ld)",
                               v > N ? ">" : "", v > N ? (long)N : v, N - 1, col);
                goto cleanup;
            }
            if (seen[v]) {
                st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "cycle notation: element %ld appears twice, so it is not a permutation", v);
                goto cleanup;
            }
            seen[v] = 1;
            cyc[len++] = (int)v;
        } else {
            unsigned char u = (unsigned char)*c;
            if (u >= 0x20 && u < 0x7f)
                st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "cycle notation: unexpected character '%c' at column %ld", u, col);
            else
                st = noc_error(ctx, NOC_EINVAL, NULL, 0,
                               "cycle notation: unexpected byte 0x%02x at column %ld", u, col);
            goto cleanup;
        }
    }
    if (in)
        st = noc_error(ctx, NOC_EINVAL, NULL, 0, "cycle notation: unclosed '(' at the end");
cleanup:
    free(cyc);
    free(seen);
    return st;
}

int noc_perm_read(const char *s, int N, int *p, struct noc_ctx *ctx)
{
    const char *c = s + strspn(s, " \t");
    if (*c == '(' || *c == '\0')
        return noc_perm_parse_cycles(s, N, p, ctx);
    struct noc_perm_fn f;
    int st = noc_perm_parse(&f, s, N, ctx);
    if (st)
        return st;
    for (int x = 0; x < N; x++)
        p[x] = (int)noc_perm_apply(&f, x);
    return NOC_OK;
}
