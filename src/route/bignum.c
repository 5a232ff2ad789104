/* A tiny unsigned bignum for exact counts: base 1e9 limbs, addition and
 * multiplication by a small factor. */
#include "nocsyn/route.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE 1000000000u

void noc_bignum_init(struct noc_bignum *b)
{
    memset(b, 0, sizeof *b);
}

void noc_bignum_free(struct noc_bignum *b)
{
    free(b->limb);
    memset(b, 0, sizeof *b);
}

int noc_bignum_set_u64(struct noc_bignum *b, uint64_t v, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&b->limb, &b->cap, 3, sizeof *b->limb))
        return NOC_ENOMEM;
    b->n = 0;
    while (v) {
        b->limb[b->n++] = (uint32_t)(v % BASE);
        v /= BASE;
    }
    return NOC_OK;
}

int noc_bignum_add(struct noc_bignum *b, const struct noc_bignum *a, struct noc_ctx *ctx)
{
    int n = a->n > b->n ? a->n : b->n;
    if (noc_grow(ctx, (void **)&b->limb, &b->cap, (size_t)n + 1, sizeof *b->limb))
        return NOC_ENOMEM;
    uint32_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint32_t x = (i < b->n ? b->limb[i] : 0) + (i < a->n ? a->limb[i] : 0) + carry;
        carry = x >= BASE;
        b->limb[i] = carry ? x - BASE : x;
    }
    b->n = n;
    if (carry)
        b->limb[b->n++] = carry;
    return NOC_OK;
}

int noc_bignum_mul_u32(struct noc_bignum *b, uint32_t m, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&b->limb, &b->cap, (size_t)b->n + 2, sizeof *b->limb))
        return NOC_ENOMEM;
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) {
        uint64_t x = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)(x % BASE);
        carry = x / BASE;
    }
    while (carry) {
        b->limb[b->n++] = (uint32_t)(carry % BASE);
        carry /= BASE;
    }
    if (m == 0)
        b->n = 0;
    return NOC_OK;
}

int noc_bignum_cmp_u64(const struct noc_bignum *b, uint64_t v)
{
    uint32_t w[3];
    int n = 0;
    while (v) {
        w[n++] = (uint32_t)(v % BASE);
        v /= BASE;
    }
    if (b->n != n)
        return b->n > n ? 1 : -1;
    for (int i = n - 1; i >= 0; i--)
        if (b->limb[i] != w[i])
            return b->limb[i] > w[i] ? 1 : -1;
    return 0;
}

void noc_bignum_to_buf(const struct noc_bignum *b, struct noc_buf *out)
{
    if (b->n == 0) {
        noc_buf_append(out, "0", 1);
        return;
    }
    noc_buf_printf(out, "%u", (unsigned)b->limb[b->n - 1]);
    for (int i = b->n - 2; i >= 0; i--)
        noc_buf_printf(out, "%09u", (unsigned)b->limb[i]);
}

double noc_bignum_to_double(const struct noc_bignum *b)
{
    double x = 0;
    for (int i = b->n - 1; i >= 0; i--)
        x = x * 1e9 + (double)b->limb[i];
    return x;
}
