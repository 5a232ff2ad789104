/* Unit tests: multistage networks (nocsyn/calc.h).
 *
 * Hand derivations use the positions of min.h.  Omega (Lawrie 1975): after
 * stage s the message from x to d sits on line
 *   pos_s = ((x << (s+1)) | (d >> (n-1-s))) mod N
 * (each stage shifts in the next destination bit from the top), so x and y
 * collide at stage s iff x = y mod 2^(n-1-s) and d_x >> (n-1-s) = d_y >> (n-1-s).
 * Multistage cube (Cube_0 first): pos_s = x with bits 0..s replaced by
 * those of d, so x and y collide iff x >> (s+1) = y >> (s+1) and
 * d_x = d_y mod 2^(s+1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/gen.h"
#include "nocsyn/calc.h"
#include "nocsyn/perm.h"
#include "nocsyn/topo.h"

static void route_spec(const char *net, int n, const char *spec, struct noc_min_result *r)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    struct noc_perm_fn f;
    int p[1 << 10];
    assert_int_equal(noc_min_init(&m, net, n, &ctx), 0);
    assert_int_equal(noc_perm_parse(&f, spec, m.N, &ctx), 0);
    for (int x = 0; x < m.N; x++)
        p[x] = (int)noc_perm_apply(&f, x);
    assert_int_equal(noc_min_route(&m, p, r, &ctx), 0);
}

static int all_settings(const struct noc_min_result *r, int count, int v)
{
    for (int i = 0; i < count; i++)
        if (r->settings[i] != v)
            return 0;
    return 1;
}

/* Omega N = 8: identity passes with every switch straight (the shuffle
 * before stage s already brings bit n-1-s to the port position); shift by 1
 * passes (if x = y mod 2^m, x != y, then x+1 and y+1 differ above bit m, so
 * no collision: Lawrie's uniform-shift result); bitrev does not: inputs 0 and
 * 4 meet in switch 0 of stage 0 (shuffle(0) = 0, shuffle(4) = 1) and both
 * destinations 0 and bitrev(4) = 1 have MSB 0, so both need port 0. */
static void omega_n8(void **state)
{
    (void)state;
    struct noc_min_result r;
    route_spec("omega", 3, "identity", &r);
    assert_true(r.passes);
    assert_int_equal(r.passes_needed, 1);
    assert_true(all_settings(&r, 12, 0));
    noc_min_result_free(&r);

    /* shift:1: 0->1 enters switch 0 on port 0 and needs bit 2 of 1 = 0:
     * straight; the last stage (bit 0 of every odd/even destination flips
     * relative to the source) is all exchange. */
    route_spec("omega", 3, "shift:1", &r);
    assert_true(r.passes);
    assert_int_equal(r.settings[0], 0);
    assert_true(all_settings(&r, 12, 0) == 0);
    for (int j = 0; j < 4; j++)
        assert_int_equal(r.settings[2 * 4 + j], 1);
    noc_min_result_free(&r);

    route_spec("omega", 3, "bitrev", &r);
    assert_false(r.passes);
    assert_null(r.settings);
    assert_int_equal(r.conflict.stage, 0);
    assert_int_equal(r.conflict.sw, 0);
    assert_int_equal(r.conflict.port, 0);
    assert_int_equal(r.conflict.a, 0);
    assert_int_equal(r.conflict.b, 4);
    /* Greedy: with the formula above, stage-0 lines of inputs 0..7 are
     * 0,3,4,7,0,3,4,7, so pass 1 takes 0,1,2,3 (stage 1: 0,6,1,7; stage 2:
     * 0,4,2,6, all distinct) and pass 2 takes 4..7 (stage 1: 0,6,1,7;
     * stage 2: 1,5,3,7): two passes. */
    assert_int_equal(r.passes_needed, 2);
    noc_min_result_free(&r);
}

/* Every uniform shift passes Omega (Lawrie) and the cube network (x and y
 * with equal high bits and x + D = y + D mod 2^(s+1) are equal); bitcomp
 * (= x xor (N-1)) passes both too. */
static void shifts_pass(void **state)
{
    (void)state;
    for (int n = 1; n <= 6; n++)
        for (int d = 0; d < (1 << n); d++) {
            char spec[32];
            snprintf(spec, sizeof spec, "shift:%d", d);
            struct noc_min_result r;
            route_spec("omega", n, spec, &r);
            assert_true(r.passes);
            noc_min_result_free(&r);
            route_spec("cube", n, spec, &r);
            assert_true(r.passes);
            noc_min_result_free(&r);
        }
}

/* Cube N = 8: identity passes all straight; bitrev conflicts at once:
 * inputs 0 and 1 share switch 0 of stage 0 (they differ in bit 0) and both
 * destinations 0 and 4 have bit 0 = 0.  N = 16 bitrev: same switch, inputs
 * 0 and 1 (destinations 0 and 8). */
static void cube_n8_n16(void **state)
{
    (void)state;
    struct noc_min_result r;
    route_spec("cube", 3, "identity", &r);
    assert_true(r.passes);
    assert_true(all_settings(&r, 12, 0));
    noc_min_result_free(&r);
    /* cube:1 = exchange in every switch of stage 1, straight elsewhere. */
    route_spec("cube", 3, "cube:1", &r);
    assert_true(r.passes);
    for (int s = 0; s < 3; s++)
        for (int j = 0; j < 4; j++)
            assert_int_equal(r.settings[s * 4 + j], s == 1);
    noc_min_result_free(&r);
    route_spec("cube", 3, "bitrev", &r);
    assert_false(r.passes);
    assert_int_equal(r.conflict.stage, 0);
    assert_int_equal(r.conflict.sw, 0);
    assert_int_equal(r.conflict.a, 0);
    assert_int_equal(r.conflict.b, 1);
    assert_true(r.passes_needed >= 2);
    noc_min_result_free(&r);
    route_spec("cube", 4, "bitrev", &r);
    assert_false(r.passes);
    assert_int_equal(r.conflict.b, 1);
    noc_min_result_free(&r);
    /* N = 16 shuffle on the cube network: stage 0 pairs x and x^1, and bit 0
     * of shuffle(x) is x_3, equal for both, so inputs 0 and 1 (destinations
     * 0 and 2) collide on port 0. */
    route_spec("cube", 4, "shuffle", &r);
    assert_false(r.passes);
    assert_int_equal(r.conflict.stage, 0);
    assert_int_equal(r.conflict.a, 0);
    assert_int_equal(r.conflict.b, 1);
    assert_int_equal(r.conflict.port, 0);
    noc_min_result_free(&r);
}

/* Butterfly (D&T 2-ary n-fly): inputs 2j and 2j+1 share a first-stage
 * switch which decides the MSB, so the identity conflicts at stage 0
 * (inputs 0 and 1 both need port 0), while the all-straight permutation
 * x -> (x_0 x_{n-1} .. x_1) (= unshuffle) passes with every switch straight. */
static void butterfly_n8(void **state)
{
    (void)state;
    struct noc_min_result r;
    route_spec("butterfly", 3, "identity", &r);
    assert_false(r.passes);
    assert_int_equal(r.conflict.stage, 0);
    assert_int_equal(r.conflict.sw, 0);
    assert_int_equal(r.conflict.a, 0);
    assert_int_equal(r.conflict.b, 1);
    noc_min_result_free(&r);
    route_spec("butterfly", 3, "unshuffle", &r);
    assert_true(r.passes);
    assert_true(all_settings(&r, 12, 0));
    noc_min_result_free(&r);
}

/* The settings of a passing permutation realise it; stage control gives
 * x xor c on omega and cube, and S(x) xor c on the butterfly. */
static void control_and_apply(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    int p[16], q[16];
    static const char *const nets[] = {"omega", "cube", "butterfly"};
    static const char *const specs[] = {"identity", "shift:3", "cube:2", "bitcomp", "unshuffle",
                                        "shuffle", "bitrev", "pm2i:-1"};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(noc_min_init(&m, nets[k], 4, &ctx), 0);
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
            struct noc_perm_fn f;
            struct noc_min_result r;
            if (!strcmp(specs[i], "bitcomp"))
                assert_int_equal(noc_perm_parse(&f, "cube:0,cube:1,cube:2,cube:3", 16, &ctx), 0);
            else
                assert_int_equal(noc_perm_parse(&f, specs[i], 16, &ctx), 0);
            for (int x = 0; x < 16; x++)
                p[x] = (int)noc_perm_apply(&f, x);
            assert_int_equal(noc_min_route(&m, p, &r, &ctx), 0);
            if (r.passes) {
                noc_min_apply(&m, r.settings, q);
                assert_memory_equal(p, q, sizeof p);
            } else {
                assert_true(r.passes_needed >= 2 && r.passes_needed <= 16);
                assert_true(r.conflict.a < r.conflict.b);
            }
            noc_min_result_free(&r);
        }
    }
    /* cube "101": Cube_0 and Cube_2 exchange: x xor 5. */
    assert_int_equal(noc_min_init(&m, "cube", 3, &ctx), 0);
    assert_int_equal(noc_min_stage_control(&m, "101", p, &ctx), 0);
    int want[] = {5, 4, 7, 6, 1, 0, 3, 2};
    assert_memory_equal(p, want, sizeof want);
    /* omega "100": only Cube_0 (the last omega stage) exchanges: x xor 1. */
    assert_int_equal(noc_min_init(&m, "omega", 3, &ctx), 0);
    assert_int_equal(noc_min_stage_control(&m, "100", p, &ctx), 0);
    int want2[] = {1, 0, 3, 2, 5, 4, 7, 6};
    assert_memory_equal(p, want2, sizeof want2);
    assert_int_equal(noc_min_stage_cube(&m, 0), 2);
    /* butterfly "000": x2 x1 x0 -> x0 x2 x1 = unshuffle; "001" adds xor 4. */
    assert_int_equal(noc_min_init(&m, "butterfly", 3, &ctx), 0);
    assert_int_equal(noc_min_stage_control(&m, "000", p, &ctx), 0);
    int want3[] = {0, 4, 1, 5, 2, 6, 3, 7};
    assert_memory_equal(p, want3, sizeof want3);
    assert_int_equal(noc_min_stage_control(&m, "001", p, &ctx), 0);
    for (int x = 0; x < 8; x++)
        assert_int_equal(p[x], want3[x] ^ 4);
    assert_int_equal(noc_min_stage_control(&m, "01", p, &ctx), NOC_EINVAL);
    assert_int_equal(noc_min_stage_control(&m, "012", p, &ctx), NOC_EINVAL);
}

/* Partial stage control of the cube network: the closed form derived in
 * src/calc/min_shifts.c (D mod 2^(n-1) is 0 or a power of two); n = 3 by hand:
 * 3 = 011 and 7 = 111 fail (3 mod 4 = 3), the other six pass.  Stage
 * control: x xor c = x + D for all x only for D = 0 and N/2. */
static void partial_stage_shifts(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    unsigned char ok[1 << 8];
    assert_int_equal(noc_min_init(&m, "cube", 3, &ctx), 0);
    assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_PARTIAL, ok, &ctx), 0);
    unsigned char want[] = {1, 1, 1, 0, 1, 1, 1, 0};
    assert_memory_equal(ok, want, sizeof want);
    for (int n = 1; n <= 8; n++) {
        int N = 1 << n;
        assert_int_equal(noc_min_init(&m, "cube", n, &ctx), 0);
        assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_PARTIAL, ok, &ctx), 0);
        for (int d = 0; d < N; d++) {
            int low = d & (N / 2 - 1);
            assert_int_equal(ok[d], (low & (low - 1)) == 0);
        }
        assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_STAGE, ok, &ctx), 0);
        for (int d = 0; d < N; d++)
            assert_int_equal(ok[d], d == 0 || d == N / 2);
        assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_INDIVIDUAL, ok, &ctx), 0);
        for (int d = 0; d < N; d++)
            assert_int_equal(ok[d], 1);
        assert_int_equal(noc_min_control_groups(&m, NOC_MIN_CTL_PARTIAL, n - 1), n);
    }
    assert_int_equal(noc_min_init(&m, "omega", 3, &ctx), 0);
    assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_PARTIAL, ok, &ctx), NOC_EUNSUP);
}

/* The destination-tag paths follow the channels of `nocsyn gen` (the same
 * wiring): consecutive switches of every path are linked, the first one is
 * the input terminal's injection router and the last its destination's
 * ejection router.  Routers are r0.. stage-major, N/2 per stage. */
static void paths_match_gen(void **state)
{
    (void)state;
    static const char *const specs[] = {"omega:n=3", "cube:n=4", "butterfly:k=2,n=4"};
    static const char *const nets[] = {"omega", "cube", "butterfly"};
    static const int ns[] = {3, 4, 4};
    for (int k = 0; k < 3; k++) {
        struct noc_ctx ctx;
        noc_ctx_init(&ctx);
        struct noc_topo t;
        struct noc_min m;
        assert_int_equal(noc_gen_spec(&t, specs[k], &ctx), 0);
        assert_int_equal(noc_min_init(&m, nets[k], ns[k], &ctx), 0);
        int half = m.N / 2, pos[16];
        for (int x = 0; x < m.N; x++)
            for (int d = 0; d < m.N; d++) {
                noc_min_path(&m, x, d, pos);
                assert_int_equal(pos[m.n - 1], d);
                int prev = -1;
                for (int s = 0; s < m.n; s++) {
                    /* the switch holding output line pos[s] of stage s */
                    int b = nets[k][0] == 'c' ? s : 0;
                    int sw = ((pos[s] >> (b + 1)) << b) | (pos[s] & ((1 << b) - 1));
                    int node = noc_topo_find(&t, "r0") + s * half + sw;
                    if (s == 0)
                        assert_int_equal(noc_topo_inject_router(&t, noc_topo_term_node(&t, x)), node);
                    else
                        assert_true(noc_graph_find(&t.g, prev, node) >= 0);
                    prev = node;
                }
                assert_int_equal(noc_topo_eject_router(&t, noc_topo_term_node(&t, d)), prev);
            }
        noc_topo_free(&t);
    }
}

static void errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    assert_int_equal(noc_min_init(&m, "benes", 3, &ctx), NOC_EINVAL);
    assert_int_equal(noc_min_init(&m, "omega", 0, &ctx), NOC_EINVAL);
    assert_int_equal(noc_min_init(&m, "omega", NOC_MIN_MAXN + 1, &ctx), NOC_EINVAL);
    assert_int_equal(noc_min_init(&m, "omega", 2, &ctx), 0);
    int notp[] = {0, 1, 1, 2};
    struct noc_min_result r;
    assert_int_equal(noc_min_route(&m, notp, &r, &ctx), NOC_EINVAL);
    assert_null(r.settings);
    unsigned char ok[1];
    assert_int_equal(noc_min_init(&m, "cube", 11, &ctx), 0);
    assert_int_equal(noc_min_shifts(&m, NOC_MIN_CTL_INDIVIDUAL, ok, &ctx), NOC_ELIMIT);
}

/* STARAN shifts within groups (mod 2^j) under partial stage control on the
 * cube network.  By the derivation in src/calc/min_shifts.c the shift D mod 2^j
 * passes iff D mod 2^(j-1) is 0 or a power of two.  N = 8: mod 4, D mod 2
 * is 0 or 1, so all of 0..3 pass; mod 2 both; mod 8 = the full shifts
 * 0,1,2,4,5,6 (3 and 7 have D mod 4 = 3).  Under stage control a shift D
 * mod 2^j passes only when D mod 2^(j-1) = 0 (every switch of a stage
 * alike: the carry must not depend on the line): D in {0, 2^(j-1)}.
 * The permutation of shift 1 mod 4 on N = 8 is (0 1 2 3)(4 5 6 7). */
static void staran_group_shifts(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_min m;
    unsigned char ok[64];
    assert_int_equal(noc_min_init(&m, "cube", 3, &ctx), 0);
    assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_PARTIAL, 2, ok, &ctx), 0);
    for (int d = 0; d < 4; d++)
        assert_int_equal(ok[d], 1);
    assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_PARTIAL, 1, ok, &ctx), 0);
    assert_int_equal(ok[0] + ok[1], 2);
    assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_STAGE, 2, ok, &ctx), 0);
    static const unsigned char stage4[] = {1, 0, 1, 0};
    assert_memory_equal(ok, stage4, 4);
    for (int n = 2; n <= 5; n++) {
        assert_int_equal(noc_min_init(&m, "cube", n, &ctx), 0);
        for (int j = 1; j <= n; j++) {
            assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_PARTIAL, j, ok, &ctx), 0);
            for (int d = 0; d < (1 << j); d++) {
                int r = d & ((1 << (j - 1)) - 1);
                assert_int_equal(ok[d], r == 0 || (r & (r - 1)) == 0);
            }
        }
    }
    int perm[8];
    static const int s1m4[] = {1, 2, 3, 0, 5, 6, 7, 4};
    noc_min_shift_mod_perm(8, 2, 1, perm);
    assert_memory_equal(perm, s1m4, sizeof s1m4);
    assert_int_equal(noc_min_init(&m, "cube", 3, &ctx), 0);
    assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_PARTIAL, 0, ok, &ctx), NOC_EINVAL);
    assert_int_equal(noc_min_shifts_mod(&m, NOC_MIN_CTL_PARTIAL, 4, ok, &ctx), NOC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(omega_n8),
        cmocka_unit_test(shifts_pass),
        cmocka_unit_test(cube_n8_n16),
        cmocka_unit_test(butterfly_n8),
        cmocka_unit_test(control_and_apply),
        cmocka_unit_test(partial_stage_shifts),
        cmocka_unit_test(paths_match_gen),
        cmocka_unit_test(errors),
        cmocka_unit_test(staran_group_shifts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
