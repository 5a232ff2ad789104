/* Switch-module and crossbar counts (include/nocsyn/calc.h). */
#include "nocsyn/calc.h"

int noc_dyn_module_counts(int a, int b, struct noc_bignum *states, struct noc_bignum *one_to_one,
                          long *crosspoints, struct noc_ctx *ctx)
{
    if (a < 1 || b < 1 || a > NOC_DYN_MAXPORTS || b > NOC_DYN_MAXPORTS)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "module %d x %d: sizes must be in 1..%d", a, b,
                         NOC_DYN_MAXPORTS);
    *crosspoints = (long)a * b;
    /* states: each of the b outputs picks one of the a inputs */
    if (noc_bignum_set_u64(states, 1, ctx))
        return NOC_ENOMEM;
    for (int i = 0; i < b; i++)
        if (noc_bignum_mul_u32(states, (uint32_t)a, ctx))
            return NOC_ENOMEM;
    /* one-to-one: max (max-1) ... (max-min+1) */
    int hi = a > b ? a : b, lo = a < b ? a : b;
    if (noc_bignum_set_u64(one_to_one, 1, ctx))
        return NOC_ENOMEM;
    for (int i = 0; i < lo; i++)
        if (noc_bignum_mul_u32(one_to_one, (uint32_t)(hi - i), ctx))
            return NOC_ENOMEM;
    return NOC_OK;
}
