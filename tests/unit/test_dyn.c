/* Unit tests: dynamic networks (nocsyn/calc.h).  Expected values are the
 * textbook's (Hwang, "Advanced Computer Architecture", the switch-module
 * table; Clos's conditions) or worked by hand below; the k = 2 Omega is
 * checked against the independent 2x2 implementation of nocsyn/calc.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/calc.h"

static void expect_big(const struct noc_bignum *b, const char *want)
{
    struct noc_buf s;
    noc_buf_init(&s);
    noc_bignum_to_buf(b, &s);
    noc_buf_append(&s, "", 1);
    if (strcmp(s.data, want))
        fail_msg("got %s, expected %s", s.data, want);
    noc_buf_free(&s);
}

/* Hwang's switch-module table: 2x2 4 states, 2 permutations; 4x4 256 and
 * 24; 8x8 16,777,216 (= 8^8) and 40,320 (= 8!).  A 16 x 16 crossbar: 256
 * crosspoints, 16! = 20,922,789,888,000 permutations, 16^16 = 2^64 =
 * 18,446,744,073,709,551,616 states.  A 2 x 4 module: 8 crosspoints, 2^4 =
 * 16 states, 4 x 3 = 12 one-to-one connections. */
static void module_table(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_bignum st, pm;
    long xp;
    noc_bignum_init(&st);
    noc_bignum_init(&pm);
    static const struct {
        int a, b;
        long xp;
        const char *states, *perms;
    } rows[] = {
        {2, 2, 4, "4", "2"},
        {4, 4, 16, "256", "24"},
        {8, 8, 64, "16777216", "40320"},
        {16, 16, 256, "18446744073709551616", "20922789888000"},
        {2, 4, 8, "16", "12"},
        {1, 1, 1, "1", "1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(noc_dyn_module_counts(rows[i].a, rows[i].b, &st, &pm, &xp, &ctx), NOC_OK);
        assert_int_equal(xp, rows[i].xp);
        expect_big(&st, rows[i].states);
        expect_big(&pm, rows[i].perms);
    }
    assert_int_equal(noc_dyn_module_counts(0, 2, &st, &pm, &xp, &ctx), NOC_EINVAL);
    noc_bignum_free(&st);
    noc_bignum_free(&pm);
}

/* Property: with k = 2 the Omega network of k x k switches is the one of
 * nocsyn/calc.h (shuffle then exchange on bit 0, destination bits from the
 * top): same one-pass answer, same first conflict, same greedy pass count,
 * for every one of the 8! permutations of N = 8. */
static void omega_k2_matches_min(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    assert_int_equal(noc_min_init(&m, "omega", 3, &ctx), 0);
    int p[8] = {0, 1, 2, 3, 4, 5, 6, 7}, c[8] = {0};
    long count = 0;
    /* Heap's algorithm, iterative */
    for (int i = 1;;) {
        struct noc_dyn_omega_result r;
        struct noc_min_result mr;
        assert_int_equal(noc_dyn_omega_route(2, 3, p, &r, &ctx), NOC_OK);
        assert_int_equal(noc_min_route(&m, p, &mr, &ctx), NOC_OK);
        assert_int_equal(r.passes, mr.passes);
        assert_int_equal(r.passes_needed, mr.passes_needed);
        if (!r.passes) {
            assert_int_equal(r.conflict.stage, mr.conflict.stage);
            assert_int_equal(r.conflict.sw, mr.conflict.sw);
            assert_int_equal(r.conflict.port, mr.conflict.port);
            assert_int_equal(r.conflict.a, mr.conflict.a);
            assert_int_equal(r.conflict.b, mr.conflict.b);
        }
        for (int x = 0; x < 8; x++)
            assert_int_equal(r.pos[2 * 8 + x], p[x]); /* the last stage delivers */
        noc_dyn_omega_free(&r);
        noc_min_result_free(&mr);
        count++;
        while (i < 8 && c[i] >= i) {
            c[i] = 0;
            i++;
        }
        if (i >= 8)
            break;
        int j = i % 2 ? c[i] : 0, t = p[j];
        p[j] = p[i];
        p[i] = t;
        c[i]++;
        i = 1;
    }
    assert_int_equal(count, 40320);
}

/* 4x4 switches, N = 16, two stages.  The 4-way shuffle sigma(x) = 4x +
 * floor(x/4) mod 16 sends inputs 0, 4, 8, 12 to lines 0, 1, 2, 3: switch 0
 * of stage 0.  The transposition (1 4) sends 0 -> 0 and 4 -> 1, both with
 * top base-4 digit 0, so both need port 0 of switch 0: conflict at stage
 * 0, switch 0, port 0, inputs 0 and 4.  The identity passes; so does
 * every permutation of N = 4 through one 4x4 switch (a crossbar).  With
 * N = 64 (three stages, the 64-input Omega network of 4x4 switches) the
 * shift by one passes. */
static void omega_k4(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_dyn_omega_result r;
    int p[64];
    for (int x = 0; x < 16; x++)
        p[x] = x;
    p[1] = 4;
    p[4] = 1;
    assert_int_equal(noc_dyn_omega_route(4, 2, p, &r, &ctx), NOC_OK);
    assert_false(r.passes);
    assert_int_equal(r.conflict.stage, 0);
    assert_int_equal(r.conflict.sw, 0);
    assert_int_equal(r.conflict.port, 0);
    assert_int_equal(r.conflict.a, 0);
    assert_int_equal(r.conflict.b, 4);
    assert_int_equal(r.passes_needed, 2);
    noc_dyn_omega_free(&r);
    p[1] = 1;
    p[4] = 4;
    assert_int_equal(noc_dyn_omega_route(4, 2, p, &r, &ctx), NOC_OK);
    assert_true(r.passes);
    noc_dyn_omega_free(&r);
    static const int any4[] = {2, 0, 3, 1};
    assert_int_equal(noc_dyn_omega_route(4, 1, any4, &r, &ctx), NOC_OK);
    assert_true(r.passes);
    noc_dyn_omega_free(&r);
    for (int x = 0; x < 64; x++)
        p[x] = (x + 1) % 64;
    assert_int_equal(noc_dyn_omega_route(4, 3, p, &r, &ctx), NOC_OK);
    assert_true(r.passes);
    noc_dyn_omega_free(&r);
    assert_int_equal(noc_dyn_omega_route(1, 3, p, &r, &ctx), NOC_EINVAL);
    p[0] = p[1];
    assert_int_equal(noc_dyn_omega_route(4, 3, p, &r, &ctx), NOC_EINVAL);
}

/* Broadcast, N = 8.  From input 5 (101) to outputs 1 and 3, by hand:
 * stage 0: shuffle(101) = 011 -> switch 1, lower input; both destinations
 * start with bit 0 -> upper output: exchange.  Line 010; stage 1:
 * shuffle = 100 -> switch 2, upper input; next bits 0 (dest 1) and 1
 * (dest 3): upper broadcast.  Lines 100, 101; stage 2: 001 -> switch 0
 * lower input, dest 001 wants bit 1: straight; 011 -> switch 1 lower
 * input, dest 011: straight.  4 switches.  A full broadcast from input 0
 * uses 1 + 2 + 4 = 7 switches, all upper broadcast (N - 1 in general). */
static void omega_broadcast(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    unsigned char dest[16] = {0}, f[3 * 4];
    int used;
    dest[1] = dest[3] = 1;
    assert_int_equal(noc_dyn_omega_broadcast(3, 5, dest, f, &used, &ctx), NOC_OK);
    assert_int_equal(used, 4);
    static const unsigned char want[12] = {
        0, NOC_DYN_EXCHANGE, 0, 0,
        0, 0, NOC_DYN_UPPER_BCAST, 0,
        NOC_DYN_STRAIGHT, NOC_DYN_STRAIGHT, 0, 0,
    };
    assert_memory_equal(f, want, 12);
    memset(dest, 1, 8);
    assert_int_equal(noc_dyn_omega_broadcast(3, 0, dest, f, &used, &ctx), NOC_OK);
    assert_int_equal(used, 7);
    for (int n = 1; n <= 6; n++) {
        unsigned char all[64], g[6 * 32];
        memset(all, 1, sizeof all);
        for (int src = 0; src < (1 << n); src++) {
            assert_int_equal(noc_dyn_omega_broadcast(n, src, all, g, &used, &ctx), NOC_OK);
            assert_int_equal(used, (1 << n) - 1);
        }
    }
    memset(dest, 0, sizeof dest);
    assert_int_equal(noc_dyn_omega_broadcast(3, 0, dest, f, &used, &ctx), NOC_EINVAL);
    assert_string_equal(noc_dyn_func_name(NOC_DYN_LOWER_BCAST), "lower broadcast");
}

/* Clos: the conditions against exhaustive search on every small size
 * (n r <= 6, m = 1 .. 2n + 1): strict iff m >= 2n - 1, rearrangeable iff
 * m >= n.  E.g. C(2, 2, 2) is rearrangeable but not strict, C(3, 2, 2)
 * strict, C(1, 2, 2) neither.  Exception r = 1 (one ingress, one egress
 * switch): the other n-1 connections each busy one middle at both ends,
 * so m >= n is already strict -- C(2, 2, 1) is, which the exhaustive
 * search showed before the condition said so. */
static void clos_brute(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (int n = 1; n <= 3; n++)
        for (int r = 1; n * r <= 6; r++)
            for (int m = 1; m <= 2 * n + 1; m++) {
                struct noc_dyn_clos c;
                int s, re, busy;
                assert_int_equal(noc_dyn_clos_init(&c, m, n, r, &ctx), NOC_OK);
                assert_int_equal(noc_dyn_clos_brute(&c, &s, &re, &busy, &ctx), NOC_OK);
                if (s != c.strict || re != c.rearrangeable)
                    fail_msg("C(%d,%d,%d): brute strict %d rearr %d, conditions %d %d", m, n, r, s, re,
                             c.strict, c.rearrangeable);
                assert_int_equal(c.strict, m >= 2 * n - 1 || (r == 1 && m >= n));
                assert_int_equal(c.rearrangeable, m >= n);
            }
    struct noc_dyn_clos big;
    int s, re, busy;
    assert_int_equal(noc_dyn_clos_init(&big, 5, 3, 3, &ctx), NOC_OK);
    assert_int_equal(noc_dyn_clos_brute(&big, &s, &re, &busy, &ctx), NOC_ELIMIT);
}

/* Property: routing permutations with m = n (the rearrangeable minimum)
 * gives every connection a middle switch used once per ingress and once
 * per egress switch; m < n is infeasible. */
static void clos_route(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    unsigned seed = 12345;
    for (int n = 1; n <= 5; n++)
        for (int r = 1; r <= 6; r++) {
            struct noc_dyn_clos c;
            int N = n * r, p[30], mid[30];
            assert_int_equal(noc_dyn_clos_init(&c, n, n, r, &ctx), NOC_OK);
            for (int trial = 0; trial < 20; trial++) {
                for (int x = 0; x < N; x++)
                    p[x] = x;
                for (int x = N - 1; x > 0; x--) {
                    seed = seed * 1103515245u + 12345u;
                    int j = (int)((seed >> 8) % (unsigned)(x + 1)), t = p[x];
                    p[x] = p[j];
                    p[j] = t;
                }
                assert_int_equal(noc_dyn_clos_route(&c, p, mid, &ctx), NOC_OK);
                for (int x = 0; x < N; x++) {
                    assert_true(mid[x] >= 0 && mid[x] < n);
                    for (int y = x + 1; y < N; y++)
                        if (mid[x] == mid[y])
                            assert_true(x / n != y / n && p[x] / n != p[y] / n);
                }
            }
            if (n > 1) {
                assert_int_equal(noc_dyn_clos_init(&c, n - 1, n, r, &ctx), NOC_OK);
                assert_int_equal(noc_dyn_clos_route(&c, p, mid, &ctx), NOC_EINFEASIBLE);
                noc_ctx_init(&ctx);
            }
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(module_table),      cmocka_unit_test(omega_k2_matches_min),
        cmocka_unit_test(omega_k4),          cmocka_unit_test(omega_broadcast),
        cmocka_unit_test(clos_brute),        cmocka_unit_test(clos_route),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
