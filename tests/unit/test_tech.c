/* Unit tests: the power/area model (tech.h) and the hand-off arithmetic
 * (pipeline stages, DEF coordinates), against values worked by hand from
 * the formulas and defaults stated in include/nocsyn/tech.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/emit.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) <= 1e-9 * (1 + fabs((double)(b))))

/* A router side as the layout rounds it: up to an even number of nm. */
static long long side_nm(double mm)
{
    long long s = (long long)ceil(mm * 1e6 - 1e-6);
    return s + (s & 1);
}

/* 5 ports, 32 bits, 1e9 flits/s:
 *   dynamic = 1e9/s x (1.296 + 0.221 x 5/5 + 0.12) pJ = 1.637 mW
 *   leakage = 5 x 2.27 + 0.749 x 1 + 0.24 = 12.339 mW      -> 13.976 mW.
 * 10 ports, 64 bits, idle: (10 x 2.27 + 0.749 x 4) x 2 + 0.24 = 51.632 mW. */
static void router_power_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    NEAR(noc_tech_router_mw(&t, 5, 32, 1e9, 0), 13.976);
    NEAR(noc_tech_router_mw(&t, 10, 64, 0, 0), 51.632);
}

/* A router with a shared concentrator port: 2 router links and 4
 * terminals, so 6 input buffers but 3 crossbar ports, 32 bits, idle:
 *   leakage = 6 x 2.27 + 0.749 x (3/5)^2 + 0.24 = 14.12964 mW;
 *   clock at 1000 MHz: 32 x (6 x 4 buffer slots + 3 x 3 stage registers)
 *   = 1056 flip-flops x 2 fJ x 1e9/s = 2.112 mW;
 *   area = 0.1629586 x (0.5 x (6/5)(32/39) + 0.5 x ((3/5)(32/39))^2)
 *        = 0.0999736 mm^2 (buffers linear in 6, crossbar quadratic in 3).
 * With equal counts the two-count forms are the one-count ones. */
static void shared_port_router_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    NEAR(noc_tech_router_mw_ports(&t, 6, 3, 32, 0, 0), 14.12964);
    NEAR(noc_tech_router_mw_ports(&t, 6, 3, 32, 0, 1000), 14.12964 + 2.112);
    assert_true(fabs(noc_tech_router_mm2_ports(&t, 6, 3, 32) - 0.0999736) < 1e-7);
    assert_true(noc_tech_router_mw_ports(&t, 5, 5, 32, 1e9, 1000) == noc_tech_router_mw(&t, 5, 32, 1e9, 1000));
    assert_true(noc_tech_router_mm2_ports(&t, 7, 7, 48) == noc_tech_router_mm2(&t, 7, 48));
}

/* Area: the 5-port 39-bit reference is 0.34 mm^2 in 65 nm, scaled to 45 nm
 * by (45/65)^2: 0.34 x 0.4792899 = 0.1629586 mm^2; 10 ports at 39 bits:
 * s = 2, 0.1629586 x (0.5 x 2 + 0.5 x 4) = 0.4888757 mm^2. */
static void router_area_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    NEAR(noc_tech_router_mm2(&t, 5, 39), 0.34 * 2025.0 / 4225.0);
    assert_true(fabs(noc_tech_router_mm2(&t, 5, 39) - 0.1629586) < 1e-7);
    assert_true(fabs(noc_tech_router_mm2(&t, 10, 39) - 0.4888757) < 1e-7);
}

/* A 2 mm, 32-bit channel carrying 100 MB/s: 8e8 bit/s x 2 mm x 0.0488 pJ
 * = 0.07808 mW dynamic, 32 x 0.48 uW = 0.01536 mW leakage: 0.09344 mW. */
static void channel_power_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    NEAR(noc_tech_channel_mw(&t, 2, 32, 100, 0), 0.09344);
    NEAR(noc_tech_channel_mw(&t, 0, 32, 0, 0), 0.01536);
    /* The wire's dynamic energy per MB/s and mm: 8e6 bit/s x 0.0488 pJ =
     * 3.904e-4 mW; 100 MB/s over 2 mm: 0.09344 - 0.01536 = 0.07808 mW. */
    NEAR(noc_tech_channel_mw_per_mbps_mm(&t), 3.904e-4);
    /* The pair: bit for bit the two single calls, registers included (a
     * 60 mm wire at 1000 MHz has some), for loads and lengths around. */
    const double lens[] = {0, 0.3, 2, 7, 25.5, 60}, mbps[] = {0, 1, 100, 3199.9};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        for (size_t k = 0; k < sizeof mbps / sizeof mbps[0]; k++) {
            double mw[2];
            noc_tech_channel_mw_pair(&t, lens[i], 32, mbps[k], 1000, mw);
            assert_true(mw[0] == noc_tech_channel_mw(&t, lens[i], 32, mbps[k], 1000));
            assert_true(mw[1] == noc_tech_channel_mw(&t, lens[i], 32, 0, 1000));
            NEAR(mw[0] - mw[1], mbps[k] * lens[i] * 3.904e-4);
        }
    assert_true(noc_tech_link_stages(&t, 60, 1000) > 0);
}

/* Two routers 3 mm apart, a terminal on each (0.5 mm away); 100 MB/s from
 * t0 to t1 over r0 -> r1.  Channels: t0->r0 (0.5 mm, 100), r0->r1 (3 mm,
 * 100), r1->t1 (0.5 mm, 100), and the three reverse channels idle.
 * Routers: 2 ports each (1 link + 1 terminal), 32 bits; flits through a
 * router = flits arriving on its inputs = 100 MB/s x 8 / 32 = 2.5e7/s.
 *   router = 2.5e7 x (1.296 + 0.221 x 2/5 + 0.12) pJ = 0.037610 mW dynamic
 *            + 2 x 2.27 + 0.749 x 0.16 + 0.24 = 4.89984 mW      (each)
 *   channels: dynamic 8e8 x (0.5 + 3 + 0.5) x 0.0488e-12 W = 0.15616 mW,
 *             leakage 6 x 0.01536 mW = 0.09216 mW.
 *   total = 2 x (0.03761 + 4.89984) + 0.15616 + 0.09216 = 10.12322 mW.
 *   area = 2 x 0.34 x (0.5 x s + 0.5 s^2), s = (2/5)(32/39). */
static void topology_power_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx), r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx), t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    noc_topo_set_pos(&t, r0, 0, 0);
    noc_topo_set_pos(&t, r1, 3, 0);
    noc_topo_set_pos(&t, t0, 0, 0.5);
    noc_topo_set_pos(&t, t1, 3, 0.5);
    noc_topo_add_link(&t, r0, r1, &ctx);
    noc_topo_add_link(&t, t0, r0, &ctx);
    noc_topo_add_link(&t, t1, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    double load[6] = {0};
    int used[3][2] = {{2, 0}, {0, 1}, {1, 3}}; /* node ids after finalize: r0 r1 t0 t1 */
    for (int k = 0; k < 3; k++)
        load[noc_graph_find(&t.g, used[k][0], used[k][1])] = 100;
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    double p, a;
    int unknown;
    noc_tech_topo(&tech, &t, load, 32, &p, &a, &unknown);
    assert_int_equal(unknown, 0);
    double router = 2.5e7 * (1.296 + 0.221 * 0.4 + 0.12) * 1e-9 + 2 * 2.27 + 0.749 * 0.16 + 0.24;
    NEAR(p, 2 * router + 0.15616 + 0.09216);
    NEAR(p, 10.12322);
    double s = 0.4 * 32 / 39;
    NEAR(a, 2 * 0.34 * 2025.0 / 4225.0 * (0.5 * s + 0.5 * s * s));

    /* Hand-off arithmetic on the same topology at 500 MHz (period 2000 ps):
     * the 3 mm link is 300 ps: 0 registers; at 5 GHz (200 ps) it needs
     * ceil(300 / 200) - 1 = 1; 0.5 mm terminal links (50 ps): 0.  The
     * terminals have no size, so they are 10 um blocks centred on their
     * positions and the routers (side sqrt(area) = sqrt(0.34 (45/65)^2 (0.5 s
     * + 0.5 s^2)) mm, s = 0.4 x 32/39) do not touch them: nothing moves. */
    double side = sqrt(0.34 * 2025.0 / 4225.0 * (0.5 * s + 0.5 * s * s)); /* 0.1967... mm */
    struct noc_buf b;
    noc_buf_init(&b);
    struct noc_layout L;
    t.freq_mhz = 500;
    assert_int_equal(noc_layout_build(&L, &t, &tech, &ctx), NOC_OK);
    assert_int_equal(L.nregs, 0);
    assert_int_equal(noc_design_links_csv(&t, &L, &tech, &b), NOC_OK);
    assert_non_null(strstr(b.data, "r0,r1,link,3,300,0\n"));
    noc_layout_free(&L);
    t.freq_mhz = 5000;
    assert_int_equal(noc_layout_build(&L, &t, &tech, &ctx), NOC_OK);
    b.len = 0;
    assert_int_equal(noc_design_links_csv(&t, &L, &tech, &b), NOC_OK);
    assert_non_null(strstr(b.data, "r0,r1,link,3,300,1\n"));
    assert_non_null(strstr(b.data, "r0,t0,eject,0.5,50,0\n"));
    /* One register per direction, each at the middle of its 3 mm link (1.5
     * mm from either router centre on y = 0), a square of 32 x 4.52 um^2:
     * side sqrt(144.64) = 12.0266 um, rounded up to the nm: 12.027 um;
     * lower-left corner at 1.5 mm - 6.013 um (half the side, in whole nm). */
    assert_int_equal(L.nregs, 2);
    NEAR(L.reg_side, 0.012027);
    NEAR(L.rx[0], 1.5 - 0.006013);
    NEAR(L.ry[0], -0.006013);
    /* Routers: lower-left corner = centre - side/2 (to the nm), 2 ports. */
    long long sn = side_nm(side);
    NEAR(L.w[0], sn / 1e6);
    NEAR(L.x[1], (3000000 - sn / 2) / 1e6);
    assert_int_equal(L.nports[0], 2);
    NEAR(L.moved_mm[0], 0.0);
    /* DEF: 1 um = 1000 units; the register sits between r0 and r1 on two
     * 32-bit segments; (1 + 1) x 32 link nets + 4 x 32 terminal nets. */
    b.len = 0;
    /* Macro names end in "__" + the design's name made legal ("d-1" ->
     * "d_1"), so two designs' LEFs in one directory never collide. */
    assert_int_equal(noc_design_def(&t, &L, "d-1", &b), NOC_OK);
    char want[160];
    snprintf(want, sizeof want, "- r1 noc_router_2p_32b__d_1 + PLACED ( %lld %lld ) N ;",
             3000000 - sn / 2, -sn / 2);
    assert_non_null(strstr(b.data, want));
    assert_non_null(strstr(b.data, "- r0__r1_reg1 noc_pipe_reg_32b__d_1 + PLACED ( 1493987 -6013 ) N ;"));
    assert_non_null(strstr(b.data, "- r0__r1_s0[31] ( r0 p0_out[31] ) ( r0__r1_reg1 d[31] ) ;"));
    assert_non_null(strstr(b.data, "- r0__r1_s1[0] ( r0__r1_reg1 q[0] ) ( r1 p0_in[0] ) ;"));
    assert_non_null(strstr(b.data, "NETS 256 ;"));
    assert_non_null(strstr(b.data, "COMPONENTS 6 ;"));
    b.len = 0;
    assert_int_equal(noc_design_lef(&t, &L, "d-1", &b), NOC_OK);
    assert_non_null(strstr(b.data, "MACRO noc_pipe_reg_32b__d_1\n"));
    assert_non_null(strstr(b.data, "MACRO noc_router_2p_32b__d_1\n"));
    assert_null(strstr(b.data, "MACRO noc_router_2p_32b\n"));
    assert_non_null(strstr(b.data, "SIZE 12.027 BY 12.027 ;"));
    assert_non_null(strstr(b.data, "PIN p1_out[31]"));
    assert_null(strstr(b.data, "PIN p2_"));
    noc_layout_free(&L);
    noc_buf_free(&b);
    noc_topo_free(&t);
}

/* Legalisation by hand: a 1 x 1 mm core at [0,1]^2 and a router wanted at
 * its centre (0.5, 0.5).  Router side a (mm); every spot clear of the core
 * needs the router's lower-left corner at x <= -a, x >= 1, y <= -a or
 * y >= 1; from the wanted corner (0.5 - a/2, 0.5 - a/2) the nearest is
 * 0.5 + a/2 away in all four directions (a is an even number of nm), the
 * lowest y wins: it moves down to y = -a.  Two cores named "a.b" and "a_b" keep distinct
 * names: a_b and a_b_2. */
static void layout_legalise_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r = noc_topo_add_node(&t, "r", NOC_ROUTER, &ctx);
    int c1 = noc_topo_add_node(&t, "a.b", NOC_TERMINAL, &ctx), c2 = noc_topo_add_node(&t, "a_b", NOC_TERMINAL, &ctx);
    noc_topo_set_pos(&t, r, 0.5, 0.5);
    noc_topo_set_pos(&t, c1, 0.5, 0.5);
    noc_topo_set_pos(&t, c2, 5.5, 0.5);
    t.nodes[c1].w = t.nodes[c1].h = t.nodes[c2].w = t.nodes[c2].h = 1;
    noc_topo_add_link(&t, c1, r, &ctx);
    noc_topo_add_link(&t, c2, r, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    struct noc_layout L;
    assert_int_equal(noc_layout_build(&L, &t, &tech, &ctx), NOC_OK);
    double a = L.w[0];
    NEAR(a, side_nm(sqrt(noc_tech_router_mm2(&tech, 2, 32))) / 1e6);
    NEAR(L.y[0], -a);
    NEAR(L.x[0], 0.5 - a / 2);
    NEAR(L.moved_mm[0], 0.5 + a / 2);
    assert_string_equal(L.names[1], "a_b");
    assert_string_equal(L.names[2], "a_b_2");
    /* Die: from the router's bottom edge to the second core's top right. */
    NEAR(L.die[1], -a);
    NEAR(L.die[2], 6.0);
    NEAR(L.die[3], 1.0);
    noc_layout_free(&L);
    noc_topo_free(&t);
}

/* Tech files: overrides apply, errors name the file and line. */
static void tech_file(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech t;
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "# comment\nbuf_leak_mw = 0\n  xbar_leak_mw=0 # none\nroute_leak_mw = 0\n",
                                    "a.tech", &ctx), NOC_OK);
    /* 5 ports, idle, no leakage: nothing. */
    NEAR(noc_tech_router_mw(&t, 5, 32, 0, 0), 0.0);
    assert_int_equal(noc_tech_parse(&t, "buf_pj = 1\nwhat = 2\n", "b.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "b.tech:2:"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "buf_pj = -1\n", "c.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "c.tech:1:"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "ref_width\n", "d.tech", &ctx), NOC_EINVAL);
    /* Blank lines count: the bad key is on line 4. */
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "# c\n\n\nbogus_key = 1\n", "e.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "e.tech:4: unknown tech key 'bogus_key'"));
    /* Issue 28: every key is bounded (1e308 would give an infinite power),
     * a NUL byte is refused (it truncated the value), and the cross-field
     * checks of old are per-key ranges with the key's line. */
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "# big\nbuf_pj = 1e308\n", "f.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "f.tech:2: 'buf_pj = 1e308'"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse_n(&t, "buf_pj = 1\nbuf_leak_mw = 1\0009\n", 27, "g.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "g.tech:2: NUL byte"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "\n\nrouter_stages = 2.5\n", "h.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "h.tech:3: 'router_stages = 2.5'"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "\nref_width = 0\n", "i.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "i.tech:2:"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "area_lin = 1.5\n", "j.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "j.tech:1:"));
    noc_ctx_clear(&ctx);
    /* The bounds themselves are accepted. */
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "buf_pj = 1e6\narea_lin = 1\nrouter_stages = 64\nvcs = 1\n", "k.tech", &ctx),
                     NOC_OK);
}

/* The delay model (tech.h) for a 5-port, 32-bit, 2-VC router, defaults:
 * tau = FO4 / 5 x asic_derate = 22.5 / 5 x 2.5 = 11.25 ps; overhead 3 FO4 =
 * 67.5 ps.
 *   VA: 16.5 log4(10) + 16.5 log4(2) + 25 + 9 = 27.40591 + 8.25 + 34
 *       = 69.65591 tau = 783.6290 ps, + 67.5 = 851.1290 ps
 *   SA: 11.5 log4(5) + 23 log4(2) + 20 + 9 = 13.35108 + 11.5 + 29
 *       = 53.85108 tau = 605.8247 ps, + 67.5 = 673.3247 ps
 *   ST: 9 log8(32 x 2) + 6 ceil(log2 5) + 6 = 18 + 18 + 6 = 42 tau = 472.5 ps,
 *       wire across the router: area 0.1629586 x (0.5 s + 0.5 s^2) with
 *       s = 32/39 = 0.8205128: 0.1217112 mm^2, side 0.3488713 mm x 100 ps/mm
 *       = 34.88713 ps; + 67.5 = 574.8871 ps
 *   fmax = 1e6 / 851.1290 = 1174.911 MHz.
 * Two stages: VA | SA+ST = max(783.63, 605.82 + 507.39) vs VA+SA | ST:
 * the first (1113.21 < 1389.45): 1113.2119 + 67.5 = 1180.7119 ps. */
static void delay_model_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    double st[3];
    assert_int_equal(noc_tech_stage_ps(&t, 5, 32, st), 3);
    assert_true(fabs(st[0] - 851.1290) < 1e-3);
    assert_true(fabs(st[1] - 673.3247) < 1e-3);
    assert_true(fabs(st[2] - 574.8871) < 1e-3);
    assert_true(fabs(noc_tech_router_fmax_mhz(&t, 5, 32) - 1174.911) < 1e-2);
    /* Larger routers are slower; the bound at 1174 MHz is radix 5. */
    assert_true(noc_tech_router_fmax_mhz(&t, 6, 32) < noc_tech_router_fmax_mhz(&t, 5, 32));
    assert_int_equal(noc_tech_max_radix(&t, 32, 1174.9), 5);
    assert_int_equal(noc_tech_max_radix(&t, 32, 1175.0), 4);
    t.router_stages = 2;
    assert_int_equal(noc_tech_stage_ps(&t, 5, 32, st), 2);
    assert_true(fabs(st[0] - 851.1290) < 1e-3);
    assert_true(fabs(st[1] - 1180.7119) < 1e-3);
}

/* A SunFloor-style table: radix 4 at 1200 MHz, radix 8 at 800 MHz. A radix
 * between entries takes the next larger listed one; above the last: 0. */
static void timing_table(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech t;
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "fmax_mhz.4 = 1200\nfmax_mhz.8 = 800\n", "lib.tech", &ctx), NOC_OK);
    NEAR(noc_tech_router_fmax_mhz(&t, 3, 32), 1200);
    NEAR(noc_tech_router_fmax_mhz(&t, 4, 32), 1200);
    NEAR(noc_tech_router_fmax_mhz(&t, 5, 32), 800);
    NEAR(noc_tech_router_fmax_mhz(&t, 9, 32), 0);
    assert_int_equal(noc_tech_max_radix(&t, 32, 900), 4);
    assert_int_equal(noc_tech_max_radix(&t, 32, 800), 8);
    assert_int_equal(noc_tech_max_radix(&t, 32, 1300), 0);
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "fmax_mhz.4 = 800\nfmax_mhz.8 = 1000\n", "bad.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "bad.tech:2: timing table not monotone"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "fmax_mhz.1 = 800\n", "r.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "r.tech:1:"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_tech_parse(&t, "fmax_mhz.4 = 0\n", "z.tech", &ctx), NOC_EINVAL);
}

/* Clock power: 5 ports x 32 bits x (4 buffer slots + 3 stage registers) =
 * 1120 flip-flops x 2 fJ: at 500 MHz 1.12 mW, at 1000 MHz 2.24 mW, on top of
 * the 12.339 mW leakage.  A 3 mm link at 5 GHz (period 200 ps, wire 300 ps)
 * has 1 register of 32 bits: 32 x 2 fJ x 5e9 = 0.32 mW more, and 32 x 4.52
 * um^2 = 1.4464e-4 mm^2; at 1 GHz none. */
/* The load-dependent parts used by synthesis' routing costs are the
 * differences of the full powers to the last bit (==, not near), on the
 * model and on a characterized flit-energy table, at several clocks,
 * widths, ports and lengths. */
static void dynamic_parts_exact(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech t[2];
    noc_tech_defaults(&t[0]);
    noc_tech_defaults(&t[1]);
    assert_int_equal(noc_tech_parse(&t[1], "table_width = 32\nflit_pj.2 = 159.398\nflit_pj.4 = 194.94\n"
                                           "leak_mw.4 = 0.5\nclk_mw_per_mhz.4 = 0.002\n", "x.tech", &ctx), NOC_OK);
    static const double f[] = {0, 400, 1000, 5000}, w[] = {32, 64}, mbps[] = {0, 1, 123.456, 3200};
    static const double len[] = {0, 0.37, 3, 10.5};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < 4; i++)
            for (size_t j = 0; j < 2; j++)
                for (size_t m = 0; m < 4; m++) {
                    double fl = mbps[m] * 8e6 / w[j];
                    for (int p = 1; p <= 9; p += 2)
                        assert_true(noc_tech_router_dyn_mw(&t[k], p, w[j], fl, f[i]) ==
                                    noc_tech_router_mw(&t[k], p, w[j], fl, f[i]) -
                                        noc_tech_router_mw(&t[k], p, w[j], 0, f[i]));
                    for (size_t l = 0; l < 4; l++)
                        assert_true(noc_tech_channel_dyn_mw(&t[k], len[l], w[j], mbps[m], f[i]) ==
                                    noc_tech_channel_mw(&t[k], len[l], w[j], mbps[m], f[i]) -
                                        noc_tech_channel_mw(&t[k], len[l], w[j], 0, f[i]));
                }
    /* and positive where bits flow */
    assert_true(noc_tech_channel_dyn_mw(&t[0], 3, 32, 1000, 1000) > 0);
    assert_true(noc_tech_router_dyn_mw(&t[1], 4, 32, 1e9, 1000) > 0);
}

static void clock_power_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    noc_tech_defaults(&t);
    NEAR(noc_tech_router_mw(&t, 5, 32, 0, 500), 12.339 + 1.12);
    NEAR(noc_tech_router_mw(&t, 5, 32, 0, 1000), 12.339 + 2.24);
    assert_int_equal(noc_tech_link_stages(&t, 3, 5000), 1);
    assert_int_equal(noc_tech_link_stages(&t, 3, 1000), 0);
    assert_int_equal(noc_tech_link_stages(&t, 10.5, 1000), 1); /* 1050 ps: 2 cycles */
    assert_int_equal(noc_tech_link_cycles(&t, 10.5, 1000), 2);
    assert_int_equal(noc_tech_link_stages(&t, 20, 1000), 1);   /* 2000 ps: exactly 2 cycles */
    NEAR(noc_tech_channel_mw(&t, 3, 32, 0, 5000) - noc_tech_channel_mw(&t, 3, 32, 0, 0), 0.32);
    NEAR(noc_tech_channel_mm2(&t, 3, 32, 5000), 1.4464e-4);
    NEAR(noc_tech_channel_mm2(&t, 3, 32, 1000), 0);
}

/* Flow latency on two routers 3 mm apart, terminals 0.5 mm away, 128-bit
 * packets of 32-bit flits (4 flits), 3-stage routers:
 *   1 GHz: 2 routers x 3 + 3 channels x 1 + (4 - 1) = 12 cycles = 12 ns;
 *   5 GHz: the 3 mm link (300 ps) takes 2 cycles: 6 + 1 + 2 + 1 + 3 = 13
 *          cycles = 2.6 ns. */
static void flow_latency_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx), r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx), t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    noc_topo_set_pos(&t, r0, 0, 0);
    noc_topo_set_pos(&t, r1, 3, 0);
    noc_topo_set_pos(&t, t0, 0, 0.5);
    noc_topo_set_pos(&t, t1, 3, 0.5);
    noc_topo_add_link(&t, r0, r1, &ctx);
    noc_topo_add_link(&t, t0, r0, &ctx);
    noc_topo_add_link(&t, t1, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    int path[2] = {noc_topo_find(&t, "r0"), noc_topo_find(&t, "r1")};
    int s = noc_topo_find(&t, "t0"), d = noc_topo_find(&t, "t1");
    t.freq_mhz = 1000;
    assert_int_equal(noc_tech_packet_flits(&tech, 32), 4);
    assert_int_equal(noc_tech_flow_cycles(&tech, &t, s, d, path, 2, 32), 12);
    t.freq_mhz = 5000;
    assert_int_equal(noc_tech_flow_cycles(&tech, &t, s, d, path, 2, 32), 13);
    noc_tech_set_latencies(&tech, &t);
    assert_int_equal(t.ch[noc_graph_find(&t.g, path[0], path[1])].latency, 2);
    assert_int_equal(noc_tech_flow_cycles(&tech, &t, s, d, path, 2, 32), 13);
    /* A path that is not in the topology. */
    int bad[2] = {path[1], path[1]};
    assert_int_equal(noc_tech_flow_cycles(&tech, &t, s, d, bad, 2, 32), -1);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(router_power_by_hand),
        cmocka_unit_test(shared_port_router_by_hand),
        cmocka_unit_test(router_area_by_hand),
        cmocka_unit_test(channel_power_by_hand),
        cmocka_unit_test(topology_power_by_hand),
        cmocka_unit_test(tech_file),
        cmocka_unit_test(layout_legalise_by_hand),
        cmocka_unit_test(delay_model_by_hand),
        cmocka_unit_test(timing_table),
        cmocka_unit_test(clock_power_by_hand),
        cmocka_unit_test(dynamic_parts_exact),
        cmocka_unit_test(flow_latency_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
