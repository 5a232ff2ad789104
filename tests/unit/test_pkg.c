/* Unit tests: the butterfly design example (nocsyn/calc.h), every number
 * worked by hand from the specification of Dally & Towles ch. 2 (64
 * ports, 0.25 / 0.0625 Gbyte/s, 64-byte packets, 1 Gbit/s signals, 150
 * signals per chip, 750 per board, 80 per cable, 16 data + 2 control
 * signals per channel). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "nocsyn/calc.h"

/* 1. port 0.25 x 8 = 2 Gbit/s; channel 16 x 1 = 16 Gbit/s; speedup 8.
 * 2. w = 18; 150 / 18 = 8.33 -> 8 channels -> radix 4; 4^3 = 64 -> 3
 *    stages of 4^2 = 16 routers, 48 chips.
 * 3. a router: 2 x 4 x 18 = 144 signals; 5 x 144 = 720 <= 750 but 5 does
 *    not divide 16; 4 x 144 = 576: 4 per board, 12 boards.  Stage 0 -> 1
 *    replaces the top digit of the router index: board a (routers 4a ..
 *    4a+3) sends one channel per router to each board j: 16 pairs of 4
 *    channels = 16 cables of 4 (80 / 18 = 4 channels per cable); stage
 *    1 -> 2 replaces the low digit: each board feeds only its twin, 16
 *    channels = 4 cables, 4 pairs = 16 cables.  128 channels, 32 cables.
 * 4. 6 address bits; destination 45 = 10 11 01: ports 2, 3, 1, the header
 *    shifting 101101 -> 110100 -> 010000 -> 000000.
 * 5. 1 header phit (6 bits <= 16) + 512 / 16 = 32 payload = 33 phits,
 *    33 ns at 1 Gbit/s.
 * 6. channel load 0.5 / 16 = 1/32; the dropping 4-ary 3-fly:
 *    p1 = 1 - (1 - 1/128)^4 = 0.0308856927, p2 = 0.0305298083,
 *    p3 = 0.0301820574; P_D = 1 - 32 p3 = 0.0341741618, mean
 *    1/(1 - P_D) = 1.0353833584; 99th percentile: P_D^1 > 0.01 >= P_D^2
 *    -> 2 transmissions. */
static void example(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_pkg_spec s;
    struct noc_pkg_design d;
    noc_pkg_spec_default(&s);
    assert_int_equal(noc_pkg_butterfly(&s, &d, &ctx), NOC_OK);
    assert_true(d.port_gbps == 2 && d.channel_gbps == 16 && d.speedup == 8);
    assert_int_equal(d.width, 18);
    assert_int_equal(d.channels_per_chip, 8);
    assert_int_equal(d.k, 4);
    assert_int_equal(d.n, 3);
    assert_int_equal(d.routers_per_stage, 16);
    assert_int_equal(d.routers, 48);
    assert_int_equal(d.routers_per_board, 4);
    assert_int_equal(d.board_signals_used, 576);
    assert_int_equal(d.boards, 12);
    assert_int_equal(d.channels_per_cable, 4);
    assert_int_equal(d.interboard_channels, 128);
    assert_int_equal(d.cables, 32);
    assert_int_equal(d.address_bits, 6);
    assert_int_equal(d.header_phits, 1);
    assert_int_equal(d.payload_phits, 32);
    assert_int_equal(d.phits, 33);
    assert_true(d.serialization_ns == 33);
    assert_true(d.channel_load == 1.0 / 32);
    assert_true(fabs(d.p_drop - 0.0341741618) < 1e-9);
    assert_true(fabs(d.mean_transmissions - 1.0353833584) < 1e-9);
    assert_int_equal(d.p99_transmissions, 2);
    static const int port[] = {2, 3, 1, -1};
    static const unsigned long hbin[] = {0x2d, 0x34, 0x10, 0};
    for (int st = 0; st <= 3; st++) {
        int p;
        assert_int_equal(noc_pkg_header(&d, 45, st, &p), hbin[st]);
        assert_int_equal(p, port[st]);
    }
}

/* Variations by hand.  A 2-ary design: chips of 72 signals hold 4
 * channels of 18 -> radix 2; 64 ports -> 6 stages of 32 routers = 192.
 * A 256-port network with the default pins: radix 4, 4 stages of 64.
 * Infeasible: 30 signals per chip (1 channel), a board of 100 signals
 * (a router needs 144), a cable of 10 signals; radix 3 (chip of 108 =
 * 6 channels) is not a power of two. */
static void variations(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_pkg_spec s;
    struct noc_pkg_design d;
    noc_ctx_init(&ctx);
    noc_pkg_spec_default(&s);
    s.chip_signals = 72;
    assert_int_equal(noc_pkg_butterfly(&s, &d, &ctx), NOC_OK);
    assert_int_equal(d.k, 2);
    assert_int_equal(d.n, 6);
    assert_int_equal(d.routers, 192);
    noc_pkg_spec_default(&s);
    s.ports = 256;
    assert_int_equal(noc_pkg_butterfly(&s, &d, &ctx), NOC_OK);
    assert_int_equal(d.n, 4);
    assert_int_equal(d.routers, 256);
    static const struct {
        int chip, board, cable;
    } bad[] = {{30, 750, 80}, {150, 100, 80}, {150, 750, 10}, {108, 750, 80}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        noc_ctx_init(&ctx);
        noc_pkg_spec_default(&s);
        s.chip_signals = bad[i].chip;
        s.board_signals = bad[i].board;
        s.cable_signals = bad[i].cable;
        assert_int_equal(noc_pkg_butterfly(&s, &d, &ctx), NOC_EINFEASIBLE);
    }
    noc_ctx_init(&ctx);
    noc_pkg_spec_default(&s);
    s.avg_gbytes = 1;
    assert_int_equal(noc_pkg_butterfly(&s, &d, &ctx), NOC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(example),
        cmocka_unit_test(variations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
