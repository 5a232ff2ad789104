/* Shift permutations realisable by a multistage network under a control
 * model: stage control, Siegel's partial stage control of the cube network,
 * individual switch control.
 *
 * Partial stage control (H. J. Siegel, "Interconnection Networks for
 * Large-Scale Parallel Processing", 2nd ed., McGraw-Hill 1990, the chapter on
 * the multistage cube; also Siegel and McMillen, "The multistage cube: a
 * versatile interconnection network", IEEE Computer 14(12), 1981): stage i
 * receives i+1 control signals instead of one, which is what the cube
 * network needs to perform every PM2_{+j} shift in one pass.
 *
 * Derivation for our cube order (Cube_0 at the inputs).  After stage i-1 the
 * line a message is on holds the low i bits of its destination y and the
 * high n-i bits of its source x.  For the shift y = x + D mod N, bit i of y
 * is x_i XOR D_i XOR c_i with the carry c_i = [x mod 2^i + D mod 2^i >= 2^i]
 * = [y mod 2^i < D mod 2^i].  So the switch of stage i whose lines carry the
 * low destination bits L = y mod 2^i must be set to exchange exactly when
 * D_i XOR [L < D mod 2^i] = 1: with one signal per switch every shift
 * passes.  For PM2_{+j} (D = 2^j) the exchange set of stage i > j is
 * {L : bits j..i-1 of L are all 0}, i.e. the switches whose L has at least
 * i-j leading zeros (counted from bit i-1 down).  Grouping the switches of
 * stage i by z = leading zeros of L (z = 0..i) therefore gives the i+1
 * signals, one group per z.  A threshold set {L < T} is a union of these
 * groups exactly when T is a group boundary, T in {0, 1, 2, 4, ..., 2^i}; so
 * under partial stage control D passes iff D mod 2^i is 0 or a power of two
 * for every i = 1..n-1, i.e. D mod 2^(n-1) is 0 or a power of two: the
 * shifts 0, 2^j, N/2 and N/2 + 2^j.  The code below does not use this closed
 * form: it routes each shift and checks that every group's switches share
 * one setting; the unit tests compare the two.
 *
 * Shifts mod 2^j (STARAN's shifts within groups of 2^j lines, x -> the
 * high n-j bits of x with the low j bits plus D mod 2^j): in our cube order
 * only stages 0..j-1 change the low j bits, and their partial-stage groups
 * are those of a j-stage network, so the shift passes iff D mod 2^(j-1) is
 * 0 or a power of two; stages j..n-1 stay straight.  Mod 4 every D = 0..3
 * passes (D mod 2 is 0 or 1 = 2^0), mod 2 both D.  Again the code routes.
 */
#include "nocsyn/calc.h"

#include <stdlib.h>
#include <string.h>

#define SHIFTS_MAXN 10

/* Leading zeros of the low `width` bits of v (width when they are 0). */
static int leading_zeros(int v, int width)
{
    int z = 0;
    for (int b = width - 1; b >= 0 && !((v >> b) & 1); b--)
        z++;
    return z;
}

int noc_min_control_groups(const struct noc_min *m, int control, int s)
{
    switch (control) {
    case NOC_MIN_CTL_STAGE:
        return 1;
    case NOC_MIN_CTL_PARTIAL:
        return s + 1;
    default:
        return m->N / 2;
    }
}

/* The group of switch j of stage s.  In the cube network switch j of stage
 * s carries lines whose low s bits are the low s bits of j. */
static int group_of(int control, int s, int j)
{
    switch (control) {
    case NOC_MIN_CTL_STAGE:
        return 0;
    case NOC_MIN_CTL_PARTIAL:
        return leading_zeros(j & ((1 << s) - 1), s);
    default:
        return j;
    }
}

/* 1 when every group of every stage has one setting. */
static int respects(const struct noc_min *m, int control, const unsigned char *set, signed char *gset)
{
    int half = m->N / 2;
    for (int s = 0; s < m->n; s++) {
        int ng = noc_min_control_groups(m, control, s);
        memset(gset, -1, (size_t)ng);
        for (int j = 0; j < half; j++) {
            int g = group_of(control, s, j);
            signed char v = (signed char)set[(size_t)s * half + j];
            if (gset[g] < 0)
                gset[g] = v;
            else if (gset[g] != v)
                return 0;
        }
    }
    return 1;
}

int noc_min_shifts(const struct noc_min *m, int control, unsigned char *ok, struct noc_ctx *ctx)
{
    return noc_min_shifts_mod(m, control, m->n, ok, ctx);
}

void noc_min_shift_mod_perm(int N, int j, int d, int *perm)
{
    int low = (1 << j) - 1;
    for (int x = 0; x < N; x++)
        perm[x] = (x & ~low) | ((x + d) & low);
}

int noc_min_shifts_mod(const struct noc_min *m, int control, int j, unsigned char *ok,
                       struct noc_ctx *ctx)
{
    int st = NOC_OK, N = m->N;
    int *perm = NULL;
    signed char *gset = NULL;
    if (control == NOC_MIN_CTL_PARTIAL && m->kind != NOC_MIN_CUBE)
        return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                         "partial stage control is defined for the cube network only, not %s",
                         noc_min_name(m));
    if (j < 1 || j > m->n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "shift modulus 2^%d: must be 2..N = %d", j, N);
    if (m->n > SHIFTS_MAXN)
        return noc_error(ctx, NOC_ELIMIT, NULL, 0, "--shifts routes all N shifts: n must be <= %d",
                         SHIFTS_MAXN);
    perm = noc_malloc(ctx, (size_t)N, sizeof *perm);
    gset = noc_malloc(ctx, (size_t)N, 1);
    if (!perm || !gset) {
        st = NOC_ENOMEM;
        goto cleanup;
    }
    for (int d = 0; d < (1 << j); d++) {
        noc_min_shift_mod_perm(N, j, d, perm);
        struct noc_min_result r;
        st = noc_min_route(m, perm, &r, ctx);
        if (st)
            goto cleanup;
        ok[d] = (unsigned char)(r.passes && respects(m, control, r.settings, gset));
        noc_min_result_free(&r);
    }
cleanup:
    free(perm);
    free(gset);
    return st;
}
