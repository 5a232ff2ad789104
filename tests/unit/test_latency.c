/* Unit tests: analytical latency models (nocsyn/calc.h).
 *
 * Switching: the formulas of Duato, Yalamanchili and Ni ch. 2 as stated in
 * latency.h, evaluated by hand.  Dropping butterfly: the recurrence
 * p_{i+1} = 1 - (1 - p_i/k)^k of Dally & Towles sec. 12.2, by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "nocsyn/calc.h"

#define EPS 1e-12

static void switching_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_switching_latency l;
    /* L = 512, LH = 32, LF = 64, B = 32 bits/cycle, D = 4, TR = 0:
     *   ceil(LH/B) = 1, ceil(L/B) = 16, ceil((L+LH)/B) = ceil(17) = 17,
     *   F = 64: ceil(F/B) = 2, ceil((544-64)/32) = 15
     *   circuit 4 (0 + 2) + 16 = 24; SAF 4 * 17 = 68; VCT 4 * 1 + 16 = 20;
     *   wormhole 4 * 2 + 15 = 23. */
    struct noc_switching_params p = {512, 32, 64, 32, 0, 4, 0};
    assert_int_equal(noc_latency_switching(&p, &l, &ctx), 0);
    assert_true(fabs(l.circuit - 24) < EPS);
    assert_true(fabs(l.store_forward - 68) < EPS);
    assert_true(fabs(l.cut_through - 20) < EPS);
    assert_true(fabs(l.wormhole - 23) < EPS);
    /* L = 100, LH = LF = 16, B = 16, D = 3, TR = 1: ceil(100/16) = 7,
     * ceil(116/16) = 8; circuit 3 (1 + 2) + 7 = 16; SAF 3 (1 + 8) = 27;
     * VCT 3 (1 + 1) + 7 = 13; wormhole = VCT (LF = LH = B, as DYN note). */
    struct noc_switching_params q = {100, 16, 16, 16, 1, 3, 0};
    assert_int_equal(noc_latency_switching(&q, &l, &ctx), 0);
    assert_true(fabs(l.circuit - 16) < EPS);
    assert_true(fabs(l.store_forward - 27) < EPS);
    assert_true(fabs(l.cut_through - 13) < EPS);
    assert_true(fabs(l.wormhole - 13) < EPS);
    /* A flit larger than the packet is the whole packet: wormhole = SAF
     * with the header in the first (only) flit: 2 * ceil(40/8) + 0 = 10. */
    struct noc_switching_params r = {32, 8, 1000, 8, 0, 2, 0};
    assert_int_equal(noc_latency_switching(&r, &l, &ctx), 0);
    assert_true(fabs(l.wormhole - 10) < EPS);
    assert_true(fabs(l.store_forward - 10) < EPS);
}

/* Store-and-forward grows with D * L, cut-through with D + L: for long
 * messages over many hops cut-through is far faster, and never slower. */
static void switching_order(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_switching_latency l;
    for (long d = 1; d <= 16; d++)
        for (double bits = 8; bits <= 8192; bits *= 4) {
            struct noc_switching_params p = {bits, 16, 16, 8, 2, d, 0};
            assert_int_equal(noc_latency_switching(&p, &l, &ctx), 0);
            assert_true(l.cut_through <= l.store_forward + EPS);
            assert_true(fabs(l.cut_through - l.wormhole) < EPS);
            assert_true(l.cut_through <= l.circuit + EPS);
        }
}

static void switching_errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_switching_latency l;
    struct noc_switching_params bad[] = {
        {0, 8, 8, 8, 0, 1, 0}, {8, 8, 8, 0, 0, 1, 0}, {8, -1, 8, 8, 0, 1, 0},
        {8, 8, 0, 8, 0, 1, 0}, {8, 8, 8, 8, -1, 1, 0}, {8, 8, 8, 8, 0, 0, 0},
        {NAN, 8, 8, 8, 0, 1, 0}, {8, 8, 8, INFINITY, 0, 1, 0}, {1e308, 8, 8, 1e-300, 0, 1, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        noc_ctx_init(&ctx);
        assert_int_equal(noc_latency_switching(&bad[i], &l, &ctx), NOC_EINVAL);
    }
}

/* k = 2, n = 2 by hand.  p_0 = 0.5: p_1 = 1 - (1 - 0.25)^2 = 0.4375,
 * p_2 = 1 - (1 - 0.21875)^2 = 1 - 0.6103515625 = 0.3896484375.
 * p_0 = 1: p_1 = 1 - 0.5^2 = 0.75, p_2 = 1 - 0.625^2 = 0.609375 (saturation).
 * k = 4, n = 1, p_0 = 1: 1 - (3/4)^4 = 175/256. */
static void drop_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_drop_result r;
    assert_int_equal(noc_latency_drop(2, 2, 0.5, 0, &r, &ctx), 0);
    assert_true(fabs(r.stage_rates[0] - 0.5) < EPS);
    assert_true(fabs(r.stage_rates[1] - 0.4375) < EPS);
    assert_true(fabs(r.stage_rates[2] - 0.3896484375) < EPS);
    assert_true(fabs(r.throughput - 0.3896484375) < EPS);
    assert_true(fabs(r.saturation - 0.609375) < EPS);
    assert_true(fabs(noc_drop_accepted(2, 2, 1.0) - 0.609375) < EPS);
    assert_true(fabs(noc_drop_accepted(4, 1, 1.0) - 175.0 / 256) < EPS);
    assert_true(fabs(noc_drop_accepted(2, 3, 0.0)) < EPS);
}

/* Resending, k = 2, n = 2, lambda = 0.5: p_2 = 0.5 needs (1 - p_1/2)^2 =
 * 0.5, p_1 = 2 - sqrt(2); then (1 - p_0/2)^2 = 1 - p_1 = sqrt(2) - 1, so
 * p_0 = 2 (1 - sqrt(sqrt(2) - 1)) = 0.71281...; transmissions = p_0 / 0.5.
 * lambda = 0.7 > 0.609375 saturates. */
static void drop_resend(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_drop_result r;
    assert_int_equal(noc_latency_drop(2, 2, 0.5, 1, &r, &ctx), 0);
    double p0 = 2 * (1 - sqrt(sqrt(2.0) - 1));
    assert_false(r.saturated);
    assert_true(fabs(r.stage_rates[1] - (2 - sqrt(2.0))) < 1e-9);
    assert_true(fabs(r.injection - p0) < 1e-9);
    assert_true(fabs(r.throughput - 0.5) < 1e-9);
    assert_true(fabs(r.transmissions - p0 / 0.5) < 1e-9);
    assert_true(fabs(r.latency - r.transmissions) < EPS);
    assert_int_equal(noc_latency_drop(2, 2, 0.7, 1, &r, &ctx), 0);
    assert_true(r.saturated);
    assert_true(isinf(r.latency));
    assert_true(fabs(r.injection - 1) < EPS);
    /* lambda = 0: no retries, one transmission. */
    assert_int_equal(noc_latency_drop(2, 2, 0.0, 1, &r, &ctx), 0);
    assert_true(fabs(r.latency - 1) < EPS);
    /* exactly at saturation: p_0 = 1 */
    assert_int_equal(noc_latency_drop(2, 2, 0.609375, 1, &r, &ctx), 0);
    assert_false(r.saturated);
    assert_true(fabs(r.injection - 1) < 1e-9);
}

/* Properties: each stage drops (p_{i+1} <= p_i), accepted load rises with
 * offered load, deeper networks accept less, and for large k one stage
 * tends to 1 - e^{-p} (the Poisson limit). */
static void drop_properties(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_drop_result r;
    for (int k = 2; k <= 8; k++)
        for (int n = 1; n <= 6; n++) {
            double prev = -1;
            for (int i = 0; i <= 20; i++) {
                assert_int_equal(noc_latency_drop(k, n, i / 20.0, 0, &r, &ctx), 0);
                for (int s = 0; s < n; s++)
                    assert_true(r.stage_rates[s + 1] <= r.stage_rates[s] + EPS);
                assert_true(r.throughput > prev || i == 0);
                prev = r.throughput;
            }
            assert_true(noc_drop_accepted(k, n + 1, 1) < noc_drop_accepted(k, n, 1));
        }
    assert_true(fabs(noc_drop_accepted(1000000, 1, 1.0) - (1 - exp(-1.0))) < 1e-6);
    assert_int_equal(noc_latency_drop(1, 2, 0.5, 0, &r, &ctx), NOC_EINVAL);
    assert_int_equal(noc_latency_drop(2, 0, 0.5, 0, &r, &ctx), NOC_EINVAL);
    assert_int_equal(noc_latency_drop(2, NOC_DROP_MAXN + 1, 0.5, 0, &r, &ctx), NOC_EINVAL);
    assert_int_equal(noc_latency_drop(2, 2, 1.5, 0, &r, &ctx), NOC_EINVAL);
    assert_int_equal(noc_latency_drop(2, 2, NAN, 1, &r, &ctx), NOC_EINVAL);
}

/* Link delay.  Head latency hops x (router + link): the on-chip
 * comparison of a flattened butterfly, 2 hops x (4-cycle router + 5-cycle
 * link) = 18 cycles, with a mesh, 3 hops x (1 + 1) = 6.  In the switching
 * formulas a link of t_w cycles adds D t_w (circuit switching 3 D t_w):
 * L = 512, LH = 32, LF = 64, B = 32, D = 4, t_w = 2 -> circuit
 * 4 (2 + 2 + 4) + 16 = 48, store-and-forward 4 (2 + 17) = 76, cut-through
 * 4 (2 + 1) + 16 = 28, wormhole 4 (2 + 2) + 15 = 31 (each the value without
 * link delay, 24 / 68 / 20 / 23, plus 8, circuit plus 24). */
static void link_delay(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    double h;
    assert_int_equal(noc_latency_head(2, 4, 5, &h, &ctx), NOC_OK);
    assert_true(h == 18);
    assert_int_equal(noc_latency_head(3, 1, 1, &h, &ctx), NOC_OK);
    assert_true(h == 6);
    assert_int_equal(noc_latency_head(-1, 1, 1, &h, &ctx), NOC_EINVAL);
    struct noc_switching_params p = {512, 32, 64, 32, 0, 4, 2};
    struct noc_switching_latency l;
    assert_int_equal(noc_latency_switching(&p, &l, &ctx), NOC_OK);
    assert_true(l.circuit == 48 && l.store_forward == 76 && l.cut_through == 28 && l.wormhole == 31);
    p.link = -1;
    assert_int_equal(noc_latency_switching(&p, &l, &ctx), NOC_EINVAL);
}

/* The decomposition: 800 bits at 10 Gbit/s transmit in 80 ns; 100 m of
 * wire at 2/3 c take 100 / (2/3 x 0.299792458) = 500.3461 ns; with
 * overheads 100 + 200 ns and 3 switches of 10 ns the total is
 * 100 + 500.3461 + 80 + 30 + 200 = 910.3461 ns. */
static void message_decomposition(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_message_params p = {800, 10, 100, 200, 0, 100, 2.0 / 3.0, 3, 10};
    struct noc_message_latency l;
    assert_int_equal(noc_latency_message(&p, &l, &ctx), NOC_OK);
    assert_true(fabs(l.transmission - 80) < 1e-12);
    double flight = 100 / (2.0 / 3.0 * 0.299792458);
    assert_true(fabs(l.flight - flight) < 1e-9 && fabs(flight - 500.3461) < 1e-4);
    assert_true(fabs(l.switching - 30) < 1e-12);
    assert_true(fabs(l.total - (100 + flight + 80 + 30 + 200)) < 1e-9);
    p.bw_gbps = 0;
    assert_int_equal(noc_latency_message(&p, &l, &ctx), NOC_EINVAL);
    p.bw_gbps = 10;
    p.velocity = 1.5;
    assert_int_equal(noc_latency_message(&p, &l, &ctx), NOC_EINVAL);
}

/* Geometric retry distribution P(T = i) = P_D^(i-1) (1 - P_D).
 * P_D = 0.5: 0.5, 0.25, 0.125 ...; mean 2; P(T <= i) = 1 - 0.5^i reaches
 * 0.5 at i = 1, 0.9 at i = 4 (0.9375; i = 3 gives 0.875), 0.99 at i = 7
 * (0.9921875; i = 6 gives 0.984375).  P_D = 0.1: the 99th percentile is
 * exactly i = 2 (1 - 0.01 = 0.99; a rounding-naive ceil could say 3).
 * P_D = 0: every packet on the first try.  The dropping 2-ary 2-fly at
 * p_0 = 0.5 accepts 0.3896484375 (test drop_hand), so P_D = 1 -
 * 0.3896484375 / 0.5 = 0.220703125 and the 99th percentile is 4
 * (0.2207^3 = 0.01075 > 0.01 >= 0.2207^4 = 0.00237). */
static void retry_distribution(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_drop_dist d;
    assert_int_equal(noc_drop_distribution(0.5, &d, &ctx), NOC_OK);
    assert_true(d.prob[0] == 0.5 && d.prob[1] == 0.25 && d.prob[2] == 0.125);
    assert_true(d.mean == 2);
    assert_int_equal(d.quantile[0], 1);
    assert_int_equal(d.quantile[1], 4);
    assert_int_equal(d.quantile[2], 7);
    assert_int_equal(noc_drop_distribution(0.1, &d, &ctx), NOC_OK);
    assert_int_equal(d.quantile[2], 2);
    assert_int_equal(d.quantile[1], 1);
    assert_int_equal(noc_drop_distribution(0, &d, &ctx), NOC_OK);
    assert_int_equal(d.quantile[2], 1);
    assert_true(d.prob[0] == 1 && d.prob[1] == 0);
    assert_int_equal(noc_drop_distribution(0.220703125, &d, &ctx), NOC_OK);
    assert_int_equal(d.quantile[2], 4);
    /* property: the probabilities sum to 1 - P_D^16 */
    double sum = 0;
    for (int i = 0; i < NOC_DROP_DIST_MAX; i++)
        sum += d.prob[i];
    assert_true(fabs(sum - (1 - pow(0.220703125, NOC_DROP_DIST_MAX))) < 1e-12);
    assert_int_equal(noc_drop_distribution(1, &d, &ctx), NOC_EINVAL);
    assert_int_equal(noc_drop_distribution(-0.1, &d, &ctx), NOC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(switching_hand),
        cmocka_unit_test(switching_order),
        cmocka_unit_test(switching_errors),
        cmocka_unit_test(drop_hand),
        cmocka_unit_test(drop_resend),
        cmocka_unit_test(drop_properties),
        cmocka_unit_test(link_delay),
        cmocka_unit_test(message_decomposition),
        cmocka_unit_test(retry_distribution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
