/* Unit tests: interconnection functions and cycle notation (nocsyn/perm.h).
 *
 * Expected tables are worked by hand from the bit definitions (Siegel,
 * "Interconnection Networks for Large-Scale Parallel Processing", 2nd ed.,
 * ch. 2), writing each address in binary x_{n-1}..x_0; the derivation is
 * given next to every table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/perm.h"

/* Asserts that spec on N gives exactly the table want[0..N-1]. */
static void check_table(const char *spec, long N, const int *want)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_perm_fn f;
    int st = noc_perm_parse(&f, spec, N, &ctx);
    if (st)
        fail_msg("%s on N=%ld: %s", spec, N, ctx.msg);
    for (long x = 0; x < N; x++)
        if (noc_perm_apply(&f, x) != want[x])
            fail_msg("%s on N=%ld: f(%ld) = %ld, expected %d", spec, N, x, noc_perm_apply(&f, x),
                     want[x]);
}

static void funcs_n8(void **state)
{
    (void)state;
    static const int id[] = {0, 1, 2, 3, 4, 5, 6, 7};
    check_table("identity", 8, id);
    /* cube:0 flips bit 0 (x xor 1); cube:2 flips bit 2 (x xor 4). */
    static const int c0[] = {1, 0, 3, 2, 5, 4, 7, 6};
    static const int c2[] = {4, 5, 6, 7, 0, 1, 2, 3};
    check_table("cube:0", 8, c0);
    check_table("cube:2", 8, c2);
    /* shuffle = rotate left: 001->010, 011->110, 100->001, 101->011, 110->101. */
    static const int sh[] = {0, 2, 4, 6, 1, 3, 5, 7};
    check_table("shuffle", 8, sh);
    /* unshuffle = rotate right: 001->100, 010->001, 011->101, 100->010, 110->011. */
    static const int ush[] = {0, 4, 1, 5, 2, 6, 3, 7};
    check_table("unshuffle", 8, ush);
    /* low 2 bits rotated left = bits 1,0 swapped: 1<->2, 5<->6. */
    static const int low2[] = {0, 2, 1, 3, 4, 6, 5, 7};
    check_table("shuffle-sub:2", 8, low2);
    check_table("butterfly-sub:2", 8, low2);
    check_table("bitrev-sub:2", 8, low2);
    /* high 2 bits (x2 x1) rotated = bits 2,1 swapped: 2<->4, 3<->5. */
    static const int high2[] = {0, 1, 4, 5, 2, 3, 6, 7};
    check_table("shuffle-super:2", 8, high2);
    check_table("butterfly-super:2", 8, high2);
    check_table("bitrev-super:2", 8, high2);
    /* butterfly swaps bits 2 and 0: 1<->4, 3<->6; for n = 3 this is also
     * the bit reversal (x2 x1 x0 -> x0 x1 x2). */
    static const int bf[] = {0, 4, 2, 6, 1, 5, 3, 7};
    check_table("butterfly", 8, bf);
    check_table("bitrev", 8, bf);
    /* shift:3: x + 3 mod 8; shift:-1: x + 7 mod 8. */
    static const int s3[] = {3, 4, 5, 6, 7, 0, 1, 2};
    static const int sm1[] = {7, 0, 1, 2, 3, 4, 5, 6};
    check_table("shift:3", 8, s3);
    check_table("shift:-1", 8, sm1);
    check_table("shift:11", 8, s3); /* 11 mod 8 = 3 */
    /* pm2i:+1 = x + 2; pm2i:-2 = x - 4 = x + 4 (= cube:2 on N=8). */
    static const int p1[] = {2, 3, 4, 5, 6, 7, 0, 1};
    check_table("pm2i:+1", 8, p1);
    check_table("pm2i:-2", 8, c2);
    static const int m0[] = {7, 0, 1, 2, 3, 4, 5, 6};
    check_table("pm2i:-0", 8, m0);
}

static void funcs_n16(void **state)
{
    (void)state;
    /* cube:3 = x xor 8. */
    static const int c3[] = {8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7};
    check_table("cube:3", 16, c3);
    check_table("pm2i:-3", 16, c3); /* x - 8 mod 16 = x xor 8 */
    /* shuffle (rotate 4 bits left): 2x for x < 8, 2x - 15 for x >= 8. */
    static const int sh[] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
    check_table("shuffle", 16, sh);
    /* unshuffle: even x -> x/2, odd x -> 8 + x/2. */
    static const int ush[] = {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15};
    check_table("unshuffle", 16, ush);
    /* butterfly swaps bits 3 and 0: 1<->8, 3<->10, 5<->12, 7<->14. */
    static const int bf[] = {0, 8, 2, 10, 4, 12, 6, 14, 1, 9, 3, 11, 5, 13, 7, 15};
    check_table("butterfly", 16, bf);
    /* bit reversal of 4 bits: 0001->1000, 0010->0100, 0011->1100, ... */
    static const int br[] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    check_table("bitrev", 16, br);
    check_table("bitrev-sub:4", 16, br);
    check_table("bitrev-super:4", 16, br);
    /* shuffle-sub:3: x3 kept, the low 3 bits rotated as the N=8 shuffle. */
    static const int ss3[] = {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15};
    check_table("shuffle-sub:3", 16, ss3);
    /* shuffle-super:3: bits x3 x2 x1 rotated left to x2 x1 x3, x0 kept:
     * 2 (0010) -> 0100 = 4, 8 (1000) -> 0010 = 2, 3 -> 5, 9 -> 3, ... */
    static const int sp3[] = {0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15};
    check_table("shuffle-super:3", 16, sp3);
    /* butterfly-sub:3 swaps bits 2 and 0 (= bitrev-sub:3). */
    static const int bs3[] = {0, 4, 2, 6, 1, 5, 3, 7, 8, 12, 10, 14, 9, 13, 11, 15};
    check_table("butterfly-sub:3", 16, bs3);
    check_table("bitrev-sub:3", 16, bs3);
    /* butterfly-super:3 swaps bits 3 and 1 (= bitrev-super:3): 2<->8, 3<->9,
     * 6<->12, 7<->13. */
    static const int bp3[] = {0, 1, 8, 9, 4, 5, 12, 13, 2, 3, 10, 11, 6, 7, 14, 15};
    check_table("butterfly-super:3", 16, bp3);
    check_table("bitrev-super:3", 16, bp3);
    /* bitrev-super:2 swaps bits 3 and 2: 4<->8, 5<->9, 6<->10, 7<->11. */
    static const int rp2[] = {0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15};
    check_table("bitrev-super:2", 16, rp2);
    /* shift:5 and pm2i:+0 (x + 1). */
    static const int s5[] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4};
    check_table("shift:5", 16, s5);
    static const int p0[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0};
    check_table("pm2i:+0", 16, p0);
}

/* Sub/super with K = n equal the full function, K = 1 is the identity for
 * shuffle, butterfly and bitrev; compositions apply left to right. */
static void funcs_sub_super_and_composition(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const base[] = {"shuffle", "butterfly", "bitrev"};
    for (int n = 1; n <= 6; n++) {
        long N = 1L << n;
        for (int b = 0; b < 3; b++) {
            char sub[32], sup[32], sub1[32], sup1[32];
            snprintf(sub, sizeof sub, "%s-sub:%d", base[b], n);
            snprintf(sup, sizeof sup, "%s-super:%d", base[b], n);
            snprintf(sub1, sizeof sub1, "%s-sub:1", base[b]);
            snprintf(sup1, sizeof sup1, "%s-super:1", base[b]);
            struct noc_perm_fn f, fs, fp, f1, f2;
            assert_int_equal(noc_perm_parse(&f, base[b], N, &ctx), 0);
            assert_int_equal(noc_perm_parse(&fs, sub, N, &ctx), 0);
            assert_int_equal(noc_perm_parse(&fp, sup, N, &ctx), 0);
            assert_int_equal(noc_perm_parse(&f1, sub1, N, &ctx), 0);
            assert_int_equal(noc_perm_parse(&f2, sup1, N, &ctx), 0);
            for (long x = 0; x < N; x++) {
                assert_int_equal(noc_perm_apply(&fs, x), noc_perm_apply(&f, x));
                assert_int_equal(noc_perm_apply(&fp, x), noc_perm_apply(&f, x));
                assert_int_equal(noc_perm_apply(&f1, x), x);
                assert_int_equal(noc_perm_apply(&f2, x), x);
            }
        }
    }
    /* shuffle three times on N = 8 rotates by 3 bits = identity;
     * "shuffle,cube:0" on x = 4: shuffle 100 -> 001, then flip bit 0 -> 0;
     * "cube:0,shuffle" on 4: 101 -> 011 = 3 (order matters). */
    struct noc_perm_fn f;
    assert_int_equal(noc_perm_parse(&f, "shuffle,shuffle,shuffle", 8, &ctx), 0);
    for (long x = 0; x < 8; x++)
        assert_int_equal(noc_perm_apply(&f, x), x);
    assert_int_equal(noc_perm_parse(&f, "shuffle,cube:0", 8, &ctx), 0);
    assert_int_equal(noc_perm_apply(&f, 4), 0);
    assert_int_equal(noc_perm_parse(&f, "cube:0,shuffle", 8, &ctx), 0);
    assert_int_equal(noc_perm_apply(&f, 4), 3);
    assert_int_equal(noc_perm_parse(&f, "shuffle,unshuffle", 1024, &ctx), 0);
    for (long x = 0; x < 1024; x++)
        assert_int_equal(noc_perm_apply(&f, x), x);
}

/* Every function is a bijection; inverse composed with f is the identity. */
static void funcs_bijection_and_inverse(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    /* name, and whether to append an argument: 1 = n-1, 2 = n/2+1 */
    static const struct {
        const char *name;
        int arg;
    } specs[] = {
        {"identity", 0}, {"cube:0", 0}, {"cube:", 1}, {"shuffle", 0}, {"unshuffle", 0},
        {"shuffle-sub:", 2}, {"shuffle-super:", 2}, {"butterfly", 0}, {"butterfly-sub:", 2},
        {"butterfly-super:", 2}, {"bitrev", 0}, {"bitrev-sub:", 2}, {"bitrev-super:", 2},
        {"shift:-5", 0}, {"shift:", 2}, {"pm2i:+", 1}, {"pm2i:-", 1},
        {"shuffle,butterfly,pm2i:+0", 0},
    };
    for (int n = 1; n <= 10; n++) {
        int N = 1 << n;
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
            char spec[64];
            if (specs[i].arg)
                snprintf(spec, sizeof spec, "%s%d", specs[i].name,
                         specs[i].arg == 1 ? n - 1 : n / 2 + 1);
            else
                snprintf(spec, sizeof spec, "%s", specs[i].name);
            struct noc_perm_fn f;
            int *p, *inv = malloc((size_t)N * sizeof *inv);
            assert_non_null(inv);
            assert_int_equal(noc_perm_parse(&f, spec, N, &ctx), 0);
            assert_int_equal(noc_perm_table(&f, &p, &ctx), 0);
            assert_true(noc_perm_is_bijection(p, N));
            assert_int_equal(noc_perm_inverse(p, N, inv, &ctx), 0);
            for (int x = 0; x < N; x++) {
                assert_int_equal(inv[p[x]], x);
                assert_int_equal(p[inv[x]], x);
            }
            free(p);
            free(inv);
        }
    }
    /* unshuffle is the inverse of shuffle. */
    struct noc_perm_fn s, u;
    assert_int_equal(noc_perm_parse(&s, "shuffle", 64, &ctx), 0);
    assert_int_equal(noc_perm_parse(&u, "unshuffle", 64, &ctx), 0);
    for (long x = 0; x < 64; x++)
        assert_int_equal(noc_perm_apply(&u, noc_perm_apply(&s, x)), x);
    int notp[] = {0, 1, 1, 3};
    assert_false(noc_perm_is_bijection(notp, 4));
    int inv[4];
    assert_int_equal(noc_perm_inverse(notp, 4, inv, &ctx), NOC_EINVAL);
}

static void funcs_parse_errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_perm_fn f;
    static const struct {
        const char *spec;
        long N;
        const char *msg;
    } bad[] = {
        {"shuffle", 12, "power of two"},
        {"shuffle", 0, "power of two"},
        {"foo", 8, "unknown interconnection function 'foo'"},
        {"cube", 8, "needs an integer argument"},
        {"cube:3", 8, "0..2"},
        {"cube:-1", 8, "0..2"},
        {"cube:x", 8, "needs an integer"},
        {"shuffle:1", 8, "takes no argument"},
        {"shuffle-sub:0", 8, "1..3"},
        {"bitrev-super:4", 8, "1..3"},
        {"pm2i:1", 8, "signed argument"},
        {"pm2i:+3", 8, "0..2"},
        {"pm2i:-9223372036854775808", 8, "0..2"}, /* no labs(LONG_MIN) */
        {"shuffle,", 8, "empty step"},
        {",shuffle", 8, "empty step"},
        {"", 8, "empty"},
        {"shift:", 8, "needs an integer"},
        {"shift:1 ", 8, "needs an integer"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        noc_ctx_init(&ctx);
        assert_int_equal(noc_perm_parse(&f, bad[i].spec, bad[i].N, &ctx), NOC_EINVAL);
        if (!strstr(ctx.msg, bad[i].msg))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i].spec, ctx.msg, bad[i].msg);
    }
    /* 33 steps exceed NOC_PERM_MAXCOMP. */
    char longspec[400] = "identity";
    for (int i = 0; i < NOC_PERM_MAXCOMP; i++)
        strcat(longspec, ",identity");
    noc_ctx_init(&ctx);
    assert_int_equal(noc_perm_parse(&f, longspec, 8, &ctx), NOC_EINVAL);
}

static void cycles_format(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_buf b;
    /* shuffle on N = 8: 1 -> 2 -> 4 -> 1 and 3 -> 6 -> 5 -> 3 (table above). */
    int sh[] = {0, 2, 4, 6, 1, 3, 5, 7};
    noc_buf_init(&b);
    assert_int_equal(noc_perm_format_cycles(sh, 8, &b, &ctx), 0);
    assert_string_equal(b.data, "(0)(1 2 4)(3 6 5)(7)");
    noc_buf_free(&b);
    /* shuffle on N = 16 (table in funcs_n16). */
    int sh16[] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
    noc_buf_init(&b);
    assert_int_equal(noc_perm_format_cycles(sh16, 16, &b, &ctx), 0);
    assert_string_equal(b.data, "(0)(1 2 4 8)(3 6 12 9)(5 10)(7 14 13 11)(15)");
    noc_buf_free(&b);
    int bad[] = {0, 0};
    noc_buf_init(&b);
    assert_int_equal(noc_perm_format_cycles(bad, 2, &b, &ctx), NOC_EINVAL);
    noc_buf_free(&b);
}

static void cycles_parse(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int p[8];
    /* docs/INTERFACE.md section 3.8's example: 0->7->6->4->2->0, 1<->3, 5 fixed. */
    assert_int_equal(noc_perm_parse_cycles("(0 7 6 4 2)(1 3)(5)", 8, p, &ctx), 0);
    int want[] = {7, 3, 0, 1, 2, 5, 4, 6};
    assert_memory_equal(p, want, sizeof want);
    /* fixed points omitted, commas and blanks between cycles allowed */
    assert_int_equal(noc_perm_parse_cycles(" (0,7, 6 4 2) (1 3) ", 8, p, &ctx), 0);
    assert_memory_equal(p, want, sizeof want);
    assert_int_equal(noc_perm_parse_cycles("", 8, p, &ctx), 0);
    for (int x = 0; x < 8; x++)
        assert_int_equal(p[x], x);
    static const struct {
        const char *s;
        const char *msg;
    } bad[] = {
        {"(0 8)", "out of range"},
        {"(0 99999999999999999999)", "out of range"},
        {"(0 1)(1 2)", "appears twice"},
        {"(0 1 0)", "appears twice"},
        {"(0 1", "unclosed"},
        {"0 1", "outside parentheses"},
        {"()", "empty cycle"},
        {"(0 (1))", "nested"},
        {"(0 1))", "without '('"},
        {"(a)", "unexpected character 'a'"},
        {"(-1)", "unexpected character '-'"},
        {"(1\x01)", "unexpected byte 0x01"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        noc_ctx_init(&ctx);
        assert_int_equal(noc_perm_parse_cycles(bad[i].s, 8, p, &ctx), NOC_EINVAL);
        if (!strstr(ctx.msg, bad[i].msg))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i].s, ctx.msg, bad[i].msg);
    }
}

/* Formatting then parsing gives back the permutation, for every function
 * on N = 32. */
static void cycles_roundtrip(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const char *name, *arg, *desc;
    for (int i = 0; noc_perm_func_info(i, &name, &arg, &desc) == 0; i++) {
        char spec[48];
        snprintf(spec, sizeof spec, "%s%s", name,
                 !*arg ? "" : arg[0] == '+' ? ":-2" : arg[0] == 'D' ? ":7" : arg[0] == 'Q' ? ":4" : ":3");
        struct noc_perm_fn f;
        int *p, q[32];
        assert_int_equal(noc_perm_parse(&f, spec, 32, &ctx), 0);
        assert_int_equal(noc_perm_table(&f, &p, &ctx), 0);
        struct noc_buf b;
        noc_buf_init(&b);
        assert_int_equal(noc_perm_format_cycles(p, 32, &b, &ctx), 0);
        assert_int_equal(noc_perm_parse_cycles(b.data, 32, q, &ctx), 0);
        assert_memory_equal(p, q, sizeof q);
        noc_buf_free(&b);
        free(p);
    }
}

static void table_limits(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_perm_fn f;
    int *p = NULL;
    /* f(x) works up to 2^30, whole tables only to 2^24. */
    assert_int_equal(noc_perm_parse(&f, "bitrev", 1L << 30, &ctx), 0);
    assert_int_equal(noc_perm_apply(&f, 1), 1L << 29);
    assert_int_equal(noc_perm_table(&f, &p, &ctx), NOC_ENOMEM);
    assert_null(p);
    assert_int_equal(noc_perm_parse(&f, "shuffle", 1, &ctx), 0); /* n = 0 */
    assert_int_equal(noc_perm_apply(&f, 0), 0);
    assert_int_equal(noc_perm_log2(1024), 10);
    assert_int_equal(noc_perm_log2(1000), -1);
}

/* q-shuffle sigma_qr(x) = (q x + floor(x/r)) mod q r, worked by hand.
 * q = 3, r = 4 (N = 12): x = 0..11 -> 3x + floor(x/4) mod 12 =
 *   0, 3, 6, 9, 12+1=13->1, 15+1=16->4, 18+1=19->7, 21+1=22->10,
 *   24+2=26->2, 27+2=29->5, 30+2=32->8, 33+2=35->11.
 * q = 4, r = 4 (N = 16, the 4-way shuffle of a 16-line Omega network of
 * 4x4 switches): 4x + floor(x/4) mod 16 = the base-4 digit swap of x =
 * (a b) -> (b a): 1 -> 4, 2 -> 8, 5 -> 5, 6 -> 9, 7 -> 13, ... */
static void qshuffle_and_gshift(void **state)
{
    (void)state;
    static const int q3r4[] = {0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11};
    check_table("qshuffle:3", 12, q3r4);
    static const int q4r4[] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
    check_table("qshuffle:4", 16, q4r4);
    /* q = 2 on N = 2^n is the perfect shuffle (rotate left), for every n
     * up to 10; q = 1 and q = N are the identity. */
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (long N = 2; N <= 1024; N *= 2) {
        struct noc_perm_fn a, b, id1, idN;
        char spec[32];
        assert_int_equal(noc_perm_parse(&a, "qshuffle:2", N, &ctx), 0);
        assert_int_equal(noc_perm_parse(&b, "shuffle", N, &ctx), 0);
        assert_int_equal(noc_perm_parse(&id1, "qshuffle:1", N, &ctx), 0);
        snprintf(spec, sizeof spec, "qshuffle:%ld", N);
        assert_int_equal(noc_perm_parse(&idN, spec, N, &ctx), 0);
        for (long x = 0; x < N; x++) {
            assert_int_equal(noc_perm_apply(&a, x), noc_perm_apply(&b, x));
            assert_int_equal(noc_perm_apply(&id1, x), x);
            assert_int_equal(noc_perm_apply(&idN, x), x);
        }
    }
    /* Property: qshuffle:Q is a bijection for every divisor Q of N, and
     * qshuffle:Q followed by qshuffle:(N/Q) is the identity (dealing into
     * Q piles of r, then r piles of Q transposes back). */
    for (long N = 1; N <= 60; N++)
        for (long q = 1; q <= N; q++) {
            if (N % q)
                continue;
            char spec[48];
            snprintf(spec, sizeof spec, "qshuffle:%ld,qshuffle:%ld", q, N / q);
            struct noc_perm_fn f;
            int *p = NULL;
            assert_int_equal(noc_perm_parse(&f, spec, N, &ctx), 0);
            assert_int_equal(noc_perm_table(&f, &p, &ctx), 0);
            for (long x = 0; x < N; x++)
                assert_int_equal(p[x], x);
            free(p);
            snprintf(spec, sizeof spec, "qshuffle:%ld", q);
            assert_int_equal(noc_perm_parse(&f, spec, N, &ctx), 0);
            assert_int_equal(noc_perm_table(&f, &p, &ctx), 0);
            assert_true(noc_perm_is_bijection(p, (int)N));
            free(p);
        }
    /* alpha_2 = gshift:2 on N = 8: (0 1 2 3)(4 5 6 7); gshift:1 swaps
     * pairs (cube:0); gshift:3 on N = 8 is shift:1. */
    static const int g2[] = {1, 2, 3, 0, 5, 6, 7, 4};
    check_table("gshift:2", 8, g2);
    static const int g1[] = {1, 0, 3, 2, 5, 4, 7, 6};
    check_table("gshift:1", 8, g1);
    static const int g3[] = {1, 2, 3, 4, 5, 6, 7, 0};
    check_table("gshift:3", 8, g3);
    check_table("shift:1", 8, g3);
    /* shift takes any N: 3 on N = 10. */
    static const int s3[] = {3, 4, 5, 6, 7, 8, 9, 0, 1, 2};
    check_table("shift:3", 10, s3);
    check_table("shift:-7", 10, s3);
    /* Errors: Q not dividing N, bit functions on N not a power of two. */
    struct noc_perm_fn f;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_perm_parse(&f, "qshuffle:5", 12, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "divide"));
    assert_int_equal(noc_perm_parse(&f, "qshuffle:0", 12, &ctx), NOC_EINVAL);
    assert_int_equal(noc_perm_parse(&f, "qshuffle", 12, &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_perm_parse(&f, "shuffle", 12, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "power of two"));
    assert_int_equal(noc_perm_parse(&f, "gshift:2", 12, &ctx), NOC_EINVAL);
    assert_int_equal(noc_perm_parse(&f, "gshift:4", 8, &ctx), NOC_EINVAL);
    assert_int_equal(noc_perm_parse(&f, "shift:1", 0, &ctx), NOC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(funcs_n8),
        cmocka_unit_test(funcs_n16),
        cmocka_unit_test(funcs_sub_super_and_composition),
        cmocka_unit_test(funcs_bijection_and_inverse),
        cmocka_unit_test(funcs_parse_errors),
        cmocka_unit_test(cycles_format),
        cmocka_unit_test(cycles_parse),
        cmocka_unit_test(cycles_roundtrip),
        cmocka_unit_test(table_limits),
        cmocka_unit_test(qshuffle_and_gshift),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
