/* Unit tests: the clock and link formulas of units.h and the (frequency,
 * width) grid reading of synth.h.  Every expected value is worked by hand
 * from the definitions: capacity = width x freq / 8 MB/s (one flit of
 * `width` bits a cycle; 8 bits a byte), ns = cycles x 1000 / MHz (a cycle
 * at f MHz lasts 1000 / f ns), period = 10^6 / MHz ps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

#include "nocsyn/campaign.h"
#include "nocsyn/explore.h"
#include "nocsyn/sim.h"
#include "nocsyn/synth.h"
#include "nocsyn/units.h"

static void test_capacity(void **state)
{
    (void)state;
    /* 32 bits x 10^9 /s = 32e9 bit/s = 4e9 B/s = 4000 MB/s */
    assert_true(noc_link_mbps(32, 1000) == 4000);
    /* 64 bits at 500 MHz: 64 x 500e6 / 8 = 4e9 B/s */
    assert_true(noc_link_mbps(64, 500) == 4000);
    /* 8 bits at 1 MHz: one byte a microsecond = 1 MB/s */
    assert_true(noc_link_mbps(8, 1) == 1);
    /* 128 bits at 800 MHz: 16 bytes x 800e6 = 12800 MB/s */
    assert_true(noc_link_mbps(128, 800) == 12800);
    assert_true(noc_link_mbps(0, 1000) == 0);
    /* argument order matters nowhere, but width first: 1 bit at 8 MHz = 1 MB/s */
    assert_true(noc_link_mbps(1, 8) == 1);
}

static void test_cycles_ns(void **state)
{
    (void)state;
    /* 1000 MHz: 1 ns a cycle */
    assert_true(noc_cycles_ns(5, 1000) == 5);
    /* 500 MHz: 2 ns a cycle */
    assert_true(noc_cycles_ns(7, 500) == 14);
    /* 800 MHz: 1.25 ns a cycle; 4 cycles = 5 ns */
    assert_true(noc_cycles_ns(4, 800) == 5);
    /* back: 5 ns at 800 MHz = 4 cycles, 14 ns at 500 MHz = 7 cycles */
    assert_true(noc_ns_cycles(5, 800) == 4);
    assert_true(noc_ns_cycles(14, 500) == 7);
    /* 2.5 ns at 1000 MHz is 2.5 cycles: not rounded */
    assert_true(noc_ns_cycles(2.5, 1000) == 2.5);
    /* flits: 4000 MB/s on 32-bit links = 32e9 bit/s / 32 = 1e9 flits/s (one
     * a cycle at 1000 MHz); 100 MB/s on 64 bits = 8e8 / 64 = 1.25e7 */
    assert_true(noc_flits_per_s(4000, 32) == 1e9);
    assert_true(noc_flits_per_s(100, 64) == 1.25e7);
    assert_true(noc_flits_per_s(noc_link_mbps(48, 700), 48) == 700e6);
    /* period: 1000 MHz = 1000 ps, 800 MHz = 1250 ps, 2000 MHz = 500 ps */
    assert_true(noc_period_ps(1000) == 1000);
    assert_true(noc_period_ps(800) == 1250);
    assert_true(noc_period_ps(2000) == 500);
}

static void test_defaults(void **state)
{
    (void)state;
    /* the documented defaults (README, every --help): 32 bits, 1000 MHz,
     * radix 8, 0.8 of a link, 128-bit packets */
    assert_int_equal(NOC_DEFAULT_LINK_WIDTH, 32);
    assert_int_equal(NOC_DEFAULT_FREQ_MHZ, 1000);
    assert_int_equal(NOC_DEFAULT_MAX_RADIX, 8);
    assert_true(NOC_DEFAULT_MAX_UTIL == 0.8);
    assert_int_equal(NOC_DEFAULT_PACKET_BITS, 128);
    assert_string_equal(NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ), "1000");
    assert_string_equal(NOC_UNITS_STR(NOC_DEFAULT_MAX_UTIL), "0.8");
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    assert_true(o.link_width == 32 && o.freq_mhz == 1000 && o.max_radix == 8 && o.max_util == 0.8);
    assert_true(o.tech.packet_bits == 128);
    /* the default point: 32 x 1000 / 8 */
    assert_true(noc_synth_capacity(&o) == 4000);
    /* the load sweep's defaults (docs: sim --sweep, compare --simulate,
     * a campaign's sim-loads 0.05:1:0.05, 10000 cycles a load point) */
    assert_string_equal(NOC_UNITS_STR(NOC_SIM_SWEEP_FROM) ":" NOC_UNITS_STR(NOC_SIM_SWEEP_TO) ":" NOC_UNITS_STR(
                            NOC_SIM_SWEEP_STEP),
                        "0.05:1:0.05");
    struct noc_compare_opts co;
    noc_compare_opts_init(&co);
    assert_true(co.sim_from == 0.05 && co.sim_to == 1 && co.sim_step == 0.05 && co.sim.cycles == 10000);
    struct noc_campaign c;
    noc_campaign_init(&c);
    assert_true(c.sim_from == 0.05 && c.sim_to == 1 && c.sim_step == 0.05 && c.sim_cycles == 10000);
    noc_campaign_free(&c);
}

/* The one limit tolerance: x is within limit while x <= limit (1 + 1e-12).
 * Worked cases: a load equal to the capacity fits; 4000 (1 + 1e-13), a
 * rounding error's size, fits; 4000 (1 + 1e-9) and 4000.001 (2.5e-7
 * relative) are past it; NaN is neither within nor past; an infinite
 * limit holds any finite value. */
static void test_fit_tolerance(void **state)
{
    (void)state;
    assert_true(NOC_FIT_TOL == 1e-12);
    assert_true(noc_fits(4000, 4000) && !noc_exceeds(4000, 4000));
    assert_true(noc_fits(3999, 4000) && !noc_exceeds(3999, 4000));
    assert_true(noc_fits(4000 * (1 + 1e-13), 4000) && !noc_exceeds(4000 * (1 + 1e-13), 4000));
    assert_true(!noc_fits(4000 * (1 + 1e-9), 4000) && noc_exceeds(4000 * (1 + 1e-9), 4000));
    assert_true(!noc_fits(4000.001, 4000) && noc_exceeds(4000.001, 4000));
    /* 0.1 + 0.2 is 0.30000000000000004 in doubles: within 0.3 */
    assert_true(noc_fits(0.1 + 0.2, 0.3) && !noc_exceeds(0.1 + 0.2, 0.3));
    assert_true(!noc_fits(NAN, 1) && !noc_exceeds(NAN, 1));
    assert_true(noc_fits(1e300, INFINITY) && !noc_exceeds(1e300, INFINITY));
}

static void test_grid(void **state)
{
    (void)state;
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    /* no list: one point, the single values */
    o.freq_mhz = 700;
    o.link_width = 48;
    assert_int_equal(noc_synth_grid_nfreqs(&o), 1);
    assert_int_equal(noc_synth_grid_nwidths(&o), 1);
    assert_true(noc_synth_grid_freq(&o, 0) == 700);
    assert_true(noc_synth_grid_width(&o, 0) == 48);
    /* lists: their length and entries, the single values ignored */
    o.freqs[0] = 400;
    o.freqs[1] = 600;
    o.freqs[2] = 800;
    o.nfreqs = 3;
    o.widths[0] = 32;
    o.widths[1] = 64;
    o.nwidths = 2;
    assert_int_equal(noc_synth_grid_nfreqs(&o), 3);
    assert_int_equal(noc_synth_grid_nwidths(&o), 2);
    assert_true(noc_synth_grid_freq(&o, 0) == 400 && noc_synth_grid_freq(&o, 2) == 800);
    assert_true(noc_synth_grid_width(&o, 1) == 64);
    /* one list only: the other stays single */
    o.nwidths = 0;
    assert_int_equal(noc_synth_grid_nwidths(&o), 1);
    assert_true(noc_synth_grid_width(&o, 0) == 48);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_cycles_ns),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_grid),
        cmocka_unit_test(test_fit_tolerance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
