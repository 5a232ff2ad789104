/* Unit tests: characterization (charz.h) — the Liberty reader, the report
 * parsers and the derived numbers, on hand-made text — and the tech
 * model's per-radix tables (tech.h), against values worked by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/charz.h"
#include "nocsyn/tech.h"

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) <= 1e-9 * (1 + fabs((double)(b))))

static const char lib_text[] =
    "/* a comment { with braces } */\n"
    "library(tiny) {\n"
    "  time_unit : \"1ps\";\n"
    "  leakage_power_unit : \"1pW\";\n"
    "  capacitive_load_unit (1,ff);\n"
    "  nom_voltage : 1.1;\n"
    "  nom_temperature : 85;\n"
    "  nom_process : 1;\n"
    "  default_operating_conditions : slow;\n"
    "  cell (INV) {\n"
    "    area : 2.5;\n"
    "    pin (A) { direction : input; }\n"
    "  }\n"
    "  cell (INVX2) {\n"
    "    area : 3;\n"
    "    pin (A) { direction : input; capacitance : 0.0125; }\n"
    "    pin (Y) { direction : output; capacitance : 0; function : \"(!A)\"; }\n"
    "  }\n"
    "  cell (INVX1) {\n"
    "    area : 2;\n"
    "    pin (A) { direction : input; capacitance : 0.75; }\n"
    "    pin (Y) { direction : output; function : \"A'\"; }\n"
    "  }\n"
    "  cell (NAND2) {\n"
    "    area : 1;\n"
    "    pin (Y) { direction : output; function : \"!(A B)\"; }\n"
    "  }\n"
    "  cell (\"DFF\") {\n"
    "    area : 10;\n"
    "    ff (IQ, IQN) { next_state : \"D\"; clocked_on : \"CK\"; }\n"
    "  }\n"
    "}\n";

static void liberty_by_hand(void **state)
{
    (void)state;
    struct noc_liberty L;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_liberty_init(&L);
    assert_int_equal(noc_liberty_parse(&L, lib_text, "tiny.lib", &ctx), NOC_OK);
    assert_string_equal(L.name, "tiny");
    NEAR(L.time_ps, 1);
    assert_string_equal(L.leak_unit, "1pW");
    assert_string_equal(L.cap_unit, "1,ff");
    assert_string_equal(L.opcond, "slow");
    NEAR(L.voltage, 1.1);
    NEAR(L.temperature, 85);
    assert_int_equal(L.ncells, 5);
    /* The drive cell (charz.h): the least-area inverter -- INVX1 (2), not
     * INVX2 (3), INV (no function) or NAND2 (area 1, "!(A B)" is no
     * inverse of one pin); its load 0.75 ff -> 0.75 fF (unit 1,ff). */
    assert_int_equal(noc_liberty_find(&L, "INVX2")->inv, 1);
    assert_int_equal(noc_liberty_find(&L, "NAND2")->inv, 0);
    assert_int_equal(noc_liberty_find(&L, "INV")->inv, 0);
    assert_string_equal(noc_liberty_drive_cell(&L)->name, "INVX1");
    NEAR(noc_liberty_find(&L, "INVX2")->in_cap, 0.0125);
    NEAR(noc_liberty_cap_ff(&L), 1);
    struct noc_buf cb;
    noc_buf_init(&cb);
    assert_int_equal(noc_charz_constr(&cb, &L), 1);
    assert_string_equal(cb.data, "set_driving_cell INVX1\nset_load 0.75\n");
    noc_buf_free(&cb);
    NEAR(noc_liberty_find(&L, "INV")->area, 2.5);
    assert_int_equal(noc_liberty_find(&L, "INV")->seq, 0);
    assert_int_equal(noc_liberty_find(&L, "DFF")->seq, 1);
    assert_null(noc_liberty_find(&L, "NAND"));
    /* Yosys' stat: 3 INV + 2 DFF = 3 x 2.5 + 2 x 10 = 27.5. */
    const char *stat = "=== design hierarchy ===\n\n   top 1\n\n"
                       "   Number of cells:                  5\n     DFF                            2\n"
                       "     INV                            3\n\n   Chip area for top module '\\top': 27.500000\n";
    struct noc_charz_stat st;
    assert_int_equal(noc_charz_parse_stat(&st, stat, &L, NULL, "stat", &ctx), NOC_OK);
    assert_int_equal(st.cells, 5);
    assert_int_equal(st.flops, 2);
    NEAR(st.area, 27.5);
    NEAR(st.tool_area, 27.5);
    assert_string_equal(st.seq_cell, "DFF");
    const char *bad = "   Number of cells: 1\n     NAND 1\n";
    assert_int_equal(noc_charz_parse_stat(&st, bad, &L, NULL, "stat", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "NAND"));
    noc_ctx_init(&ctx);
    /* Unbalanced braces. */
    assert_int_equal(noc_liberty_parse(&L, "library (x) { cell (A) { area : 1;\n", "x.lib", &ctx), NOC_EINVAL);
    noc_liberty_free(&L);
}

/* An OpenSTA report as the script asks for it (ps, W): the path ending in
 * r0, r0's power lines (the script's sums over its cells), then the whole
 * design's report_power, whose Total lines (r0 + r1 + links) are not r0's. */
static const char sta_text[] = "Startpoint: r1/_9_ (rising edge-triggered flip-flop clocked by clk)\n"
                               "Endpoint: r0/_2_ (rising edge-triggered flip-flop clocked by clk)\n"
                               "   0.000    0.000 ^ r1/_9_/CLK (DFF)\n"
                               "            4000.000   data arrival time\n"
                               "10000.000 10000.000   clock clk (rise edge)\n"
                               "-250.000 9750.000   library setup time\n"
                               "            -4000.000   data arrival time\n"
                               "nocsyn-power-0 1.0e-02 0.0e+00 2.0e-07 1.00002e-02 7 cells\n"
                               "Total                3.0e-02 0.0e+00 5.0e-07 3.00005e-02 100.0%\n"
                               "nocsyn-power-a 1.2e-02 1.0e-03 2.0e-07 1.30002e-02 7 cells\n"
                               "Total                3.6e-02 3.0e-03 5.0e-07 3.90005e-02 100.0%\n";

/* fmax = 1e6 / (4000 + 250) = 235.294 MHz; at 100 MHz (period 10000 ps):
 * leakage 2e-7 W = 2e-4 mW; clock = (1.00002e-2 - 2e-7) W = 10 mW -> 0.1
 * mW/MHz; radix 4 at activity 0.1 = 2 x 0.1 x 4 x 1e8 = 8e7 flits/s, energy
 * (1.30002e-2 - 1.00002e-2) W / 8e7 = 37.5 pJ; 2 flops: clock 0.1e-3 W /
 * 1e6 Hz = 1e-10 J a cycle / 2 = 50000 fJ per flop; DFF area 10 um^2 per bit. */
static void sta_by_hand(void **state)
{
    (void)state;
    struct noc_liberty L;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_liberty_init(&L);
    assert_int_equal(noc_liberty_parse(&L, lib_text, "tiny.lib", &ctx), NOC_OK);
    struct noc_charz_result r;
    memset(&r, 0, sizeof r);
    r.cfg.radix = 4;
    assert_int_equal(noc_charz_parse_sta(&r.sta, sta_text, "r0", "sta", &ctx), NOC_OK);
    NEAR(r.sta.arrival_ps, 4000);
    NEAR(r.sta.setup_ps, 250);
    assert_string_equal(r.sta.start, "r1/_9_");
    assert_string_equal(r.sta.end, "r0/_2_");
    NEAR(r.sta.p0_leak_w, 2e-7);
    NEAR(r.sta.pa_total_w, 1.30002e-2);
    r.stat.flops = 2;
    r.stat.area = 27.5;
    strcpy(r.stat.seq_cell, "DFF");
    struct noc_charz_opts o;
    noc_charz_opts_init(&o);
    noc_charz_derive(&r, &L, &o);
    NEAR(r.fmax_mhz, 1e6 / 4250);
    NEAR(r.leak_mw, 2e-4);
    NEAR(r.clk_mw_per_mhz, 0.1);
    NEAR(r.flit_pj, 37.5);
    NEAR(r.clk_fj_bit, 50000);
    NEAR(r.reg_um2_bit, 10);
    NEAR(r.area_mm2, 27.5e-6);
    assert_int_equal(noc_charz_parse_sta(&r.sta, "No paths found.\n", "r0", "sta", &ctx), NOC_EINVAL);
    /* A path ending outside the router (in r1; in r0 for a router named r) is refused. */
    noc_ctx_init(&ctx);
    assert_int_equal(noc_charz_parse_sta(&r.sta, sta_text, "r1", "sta", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "outside router r1"));
    noc_ctx_init(&ctx);
    assert_int_equal(noc_charz_parse_sta(&r.sta, sta_text, "r", "sta", &ctx), NOC_EINVAL);
    /* Without the router's power lines (only the design's Total): refused. */
    noc_ctx_init(&ctx);
    char nopw[sizeof sta_text];
    strcpy(nopw, sta_text);
    *strstr(nopw, "nocsyn-power-0") = 'X';
    assert_int_equal(noc_charz_parse_sta(&r.sta, nopw, "r0", "sta", &ctx), NOC_EINVAL);
    noc_liberty_free(&L);
}

/* Yosys' stat of a hierarchical design (two router modules, a link, the
 * top) and the netlist's top module: the router instantiated as r0 is
 * $paramod$B\nocsyn_router, the second section.  By hand (tiny.lib): its
 * 4 INV + 3 DFF = 4 x 2.5 + 3 x 10 = 40, 7 cells, 3 flops; not the first
 * router's 1 INV + 2 DFF = 22.5, nor the design's 63.5 + 9. */
static const char stat2_text[] =
    "=== $paramod$A\\nocsyn_router ===\n\n"
    "   Number of cells:                  3\n     DFF                            2\n"
    "     INV                            1\n\n"
    "   Chip area for module '$paramod$A\\nocsyn_router': 22.500000\n\n"
    "=== $paramod$B\\nocsyn_router ===\n\n"
    "   Number of cells:                  7\n     DFF                            3\n"
    "     INV                            4\n\n"
    "   Chip area for module '$paramod$B\\nocsyn_router': 40.000000\n\n"
    "=== $paramod$C\\nocsyn_link ===\n\n"
    "   Number of cells:                  1\n     DFF                            1\n\n"
    "   Chip area for module '$paramod$C\\nocsyn_link': 10.000000\n\n"
    "=== nocsyn_top ===\n\n   Number of cells:                  3\n"
    "     $paramod$A\\nocsyn_router     1\n     $paramod$B\\nocsyn_router     1\n"
    "     $paramod$C\\nocsyn_link       1\n\n"
    "=== design hierarchy ===\n\n   nocsyn_top 1\n\n   Number of cells:                 11\n"
    "     DFF                            6\n     INV                            5\n\n"
    "   Chip area for top module '\\nocsyn_top': 72.500000\n";
static const char net2_text[] =
    "module \\$paramod$A\\nocsyn_router (clk);\n  input clk;\n  INV _1_ (\n    .A(clk)\n  );\nendmodule\n\n"
    "module nocsyn_top(clk);\n  input clk;\n  wire r0x;\n"
    "  \\$paramod$C\\nocsyn_link  l0 (\n    .clk(clk)\n  );\n"
    "  \\$paramod$A\\nocsyn_router  r1 (\n    .clk(clk)\n  );\n"
    "  \\$paramod$B\\nocsyn_router  r0 (\n    .clk(clk)\n  );\n"
    "endmodule\n";

static void stat_of_router(void **state)
{
    (void)state;
    struct noc_liberty L;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_liberty_init(&L);
    assert_int_equal(noc_liberty_parse(&L, lib_text, "tiny.lib", &ctx), NOC_OK);
    char mod[128];
    assert_int_equal(noc_charz_inst_module(mod, sizeof mod, net2_text, "nocsyn_top", "r0", "net.v", &ctx), NOC_OK);
    assert_string_equal(mod, "$paramod$B\\nocsyn_router");
    assert_int_equal(noc_charz_inst_module(mod, sizeof mod, net2_text, "nocsyn_top", "r1", "net.v", &ctx), NOC_OK);
    assert_string_equal(mod, "$paramod$A\\nocsyn_router");
    assert_int_equal(noc_charz_inst_module(mod, sizeof mod, net2_text, "nocsyn_top", "r2", "net.v", &ctx),
                     NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_charz_inst_module(mod, sizeof mod, net2_text, "top", "r0", "net.v", &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    struct noc_charz_stat st;
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, "$paramod$B\\nocsyn_router", "stat", &ctx), NOC_OK);
    assert_int_equal(st.cells, 7);
    assert_int_equal(st.flops, 3);
    NEAR(st.area, 40);
    NEAR(st.tool_area, 40);
    assert_string_equal(st.seq_cell, "DFF");
    /* The first router's section. */
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, "$paramod$A\\nocsyn_router", "stat", &ctx), NOC_OK);
    assert_int_equal(st.cells, 3);
    NEAR(st.area, 22.5);
    NEAR(st.tool_area, 22.5);
    /* The whole design (module NULL): 6 x 10 + 5 x 2.5 = 72.5. */
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, NULL, "stat", &ctx), NOC_OK);
    assert_int_equal(st.cells, 11);
    NEAR(st.area, 72.5);
    /* A module the text lacks; a name that only prefixes a section's. */
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, "$paramod$D\\nocsyn_router", "stat", &ctx),
                     NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, "$paramod$B", "stat", &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    /* The top module lists submodules: not library cells. */
    assert_int_equal(noc_charz_parse_stat(&st, stat2_text, &L, "nocsyn_top", "stat", &ctx), NOC_EINVAL);
    noc_liberty_free(&L);
}

/* The per-radix tables: next larger listed radix, extrapolation above the
 * largest along the line of the two largest, width scaling, each term
 * replaced only when its table is listed. */
static void tech_tables_by_hand(void **state)
{
    (void)state;
    struct noc_tech t;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&t);
    const char *f = "table_width = 32\nfmax_mhz.2 = 200\nfmax_mhz.4 = 150\n"
                    "area_mm2.2 = 0.1\narea_mm2.4 = 0.3\nleak_mw.4 = 0.002\n"
                    "flit_pj.4 = 100\nclk_mw_per_mhz.4 = 0.5\n";
    assert_int_equal(noc_tech_parse(&t, f, "t.tech", &ctx), NOC_OK);
    NEAR(noc_tech_router_mm2(&t, 2, 32), 0.1);
    NEAR(noc_tech_router_mm2(&t, 3, 32), 0.3);  /* radix 3 takes radix 4's */
    NEAR(noc_tech_router_mm2(&t, 6, 32), 0.5);  /* 0.3 + (0.3 - 0.1) / (4 - 2) x (6 - 4) */
    NEAR(noc_tech_router_mm2(&t, 4, 64), 0.6);  /* x 64 / 32 */
    NEAR(noc_tech_router_fmax_mhz(&t, 3, 32), 150);
    NEAR(noc_tech_router_fmax_mhz(&t, 5, 32), 0);
    /* Radix 4, 32 bits, 1e8 flits/s at 100 MHz: 1e8 x 100 pJ = 10 mW
     * dynamic + 100 x 0.5 = 50 mW clock + 0.002 mW leakage. */
    NEAR(noc_tech_router_mw(&t, 4, 32, 1e8, 100), 60.002);
    /* One entry only: radix 6 = 0.002 x 6 / 4 (in proportion). */
    NEAR(noc_tech_router_mw(&t, 6, 32, 0, 0), 0.003);
    /* No power tables: the default formulas (test_tech's 13.976 mW). */
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "area_mm2.5 = 1\n", "t.tech", &ctx), NOC_OK);
    NEAR(noc_tech_router_mw(&t, 5, 32, 1e9, 0), 13.976);
    NEAR(noc_tech_router_mm2(&t, 5, 32), 1);
    assert_int_equal(noc_tech_parse(&t, "leak_mw.1 = 1\n", "t.tech", &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_tech_parse(&t, "flit_pj.3 = -1\n", "t.tech", &ctx), NOC_EINVAL);
}

/* The tech file: radix 3 measured faster than radix 2 gets radix 2's fmax
 * (the table may not rise); the RTL's 3 cycles per hop. */
static void emit_by_hand(void **state)
{
    (void)state;
    struct noc_liberty L;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_liberty_init(&L);
    assert_int_equal(noc_liberty_parse(&L, lib_text, "tiny.lib", &ctx), NOC_OK);
    struct noc_charz_result r[3];
    memset(r, 0, sizeof r);
    for (int i = 0; i < 2; i++) {
        r[i].cfg = (struct noc_charz_config){2 + i, 32, 2, 4, 1};
        r[i].area_mm2 = 0.1 * (i + 1);
    }
    r[0].fmax_mhz = 200;
    r[1].fmax_mhz = 250;
    r[2].cfg = (struct noc_charz_config){2, 64, 2, 4, 1};
    r[2].fmax_mhz = 190;
    r[2].area_mm2 = 0.15;
    struct noc_charz_tools tools;
    memset(&tools, 0, sizeof tools);
    struct noc_charz_opts o;
    noc_charz_opts_init(&o);
    struct noc_buf b;
    noc_buf_init(&b);
    noc_charz_emit_tech(&b, &L, "tiny.lib", &tools, &o, r, 3, "nocsyn characterize x");
    assert_non_null(strstr(b.data, "\nfmax_mhz.2 = 200\nfmax_mhz.3 = 200\n"));
    assert_non_null(strstr(b.data, "\narea_mm2.3 = 0.2\n"));
    /* the 64-bit configuration: every key with its width suffix */
    assert_non_null(strstr(b.data, "\nfmax_mhz.2.w64 = 190\n"));
    assert_non_null(strstr(b.data, "\narea_mm2.2.w64 = 0.15\n"));
    assert_null(strstr(b.data, "\narea_mm2.2 = 0.15\n"));
    assert_non_null(strstr(b.data, "\nrouter_stages = 3\n"));
    assert_non_null(strstr(b.data, "# command: nocsyn characterize x\n"));
    /* The header says what was characterized: r0 in context, its numbers alone. */
    assert_non_null(strstr(b.data, "\n#   design: router r0 of radix R with R - 1 terminals and one link port to a router\n"));
    assert_non_null(strstr(b.data, "\n#   the tables are r0's alone (r1, channel registers and top-level cells left out):\n"));
    assert_non_null(strstr(b.data, "\n#   fmax = 1 / (arrival + setup) of the worst register-to-register path ending in r0;\n"));
    struct noc_tech t;
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, b.data, "emitted", &ctx), NOC_OK);
    NEAR(noc_tech_router_mm2(&t, 2, 64), 0.15);
    NEAR(noc_tech_router_fmax_mhz(&t, 2, 64), 190);
    /* --links 3: the header says so (and no longer "one link port"). */
    for (int i = 0; i < 3; i++)
        r[i].cfg.links = 3;
    noc_buf_free(&b);
    noc_buf_init(&b);
    noc_charz_emit_tech(&b, &L, "tiny.lib", &tools, &o, r, 3, "nocsyn characterize x");
    assert_non_null(strstr(b.data, "\n#   design: router r0 of radix R with R - L terminals and L = 3 link ports (at most\n"));
    assert_null(strstr(b.data, "one link port"));
    /* --links max (the default): R - 1 link ports at every radix. */
    for (int i = 0; i < 3; i++)
        r[i].cfg.links = NOC_CHARZ_LINKS_MAX;
    noc_buf_free(&b);
    noc_buf_init(&b);
    noc_charz_emit_tech(&b, &L, "tiny.lib", &tools, &o, r, 3, "nocsyn characterize x");
    assert_non_null(strstr(b.data, "\n#   design: router r0 of radix R with one terminal and R - 1 link ports (--links max),\n"));
    assert_null(strstr(b.data, "L = 63"));
    /* one configuration short of the maximum: the L text again */
    r[1].cfg.links = 3;
    noc_buf_free(&b);
    noc_buf_init(&b);
    noc_charz_emit_tech(&b, &L, "tiny.lib", &tools, &o, r, 3, "nocsyn characterize x");
    assert_null(strstr(b.data, "(--links max)"));
    noc_buf_free(&b);
    noc_liberty_free(&L);
}

/* fmax per width: 32-bit table (fmax_mhz.R at table_width 32) and a 64-bit
 * one; 16 bits takes the 32-bit table (smallest listed width >= 16), 48
 * and 64 the 64-bit one, 128 the widest (64). */
static void fmax_per_width(void **state)
{
    (void)state;
    struct noc_tech t;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&t);
    const char *f = "table_width = 32\nfmax_mhz.2 = 300\nfmax_mhz.4 = 200\n"
                    "fmax_mhz.2.w64 = 250\nfmax_mhz.4.w64 = 130\n";
    assert_int_equal(noc_tech_parse(&t, f, "t.tech", &ctx), NOC_OK);
    NEAR(noc_tech_router_fmax_mhz(&t, 4, 16), 200);
    NEAR(noc_tech_router_fmax_mhz(&t, 4, 32), 200);
    NEAR(noc_tech_router_fmax_mhz(&t, 3, 48), 130);
    NEAR(noc_tech_router_fmax_mhz(&t, 2, 64), 250);
    NEAR(noc_tech_router_fmax_mhz(&t, 4, 128), 130);
    NEAR(noc_tech_router_fmax_mhz(&t, 5, 64), 0);
    assert_int_equal(noc_tech_max_radix(&t, 64, 140), 2);
    assert_int_equal(noc_tech_max_radix(&t, 32, 140), 4);
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_parse(&t, "fmax_mhz.2.w64 = 100\nfmax_mhz.4.w64 = 130\n", "t.tech", &ctx),
                     NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "fmax_mhz.4.w64"));
}

/* Area and power per width (tech.h): each width's value for the radix,
 * then linear in width.  By hand, radix 4: (32, 0.4), (64, 0.65), (128,
 * 1.18): 48 bits 0.4 + 0.25 x 16/32 = 0.525; 96 bits 0.65 + 0.53 x 32/64
 * = 0.915; 256 bits along the 64-128 line 1.18 + 0.53 x 128/64 = 2.24;
 * 16 bits along the 32-64 line 0.4 - 0.25 x 16/32 = 0.275.  Radix 3 at 64
 * bits takes radix 4's entry (0.65), radix 6 the line through radix 2
 * (0.3) and 4: 0.65 + 0.175 x 2 = 1.0.  Radix 2: (32, 0.1), (64, 0.3):
 * at 8 bits the line gives 0.1 - 0.2 x 24/32 = -0.05, so 0.1 x 8/32 =
 * 0.025.  Energy per flit (32, 100 pJ), (64, 160 pJ): 48 bits 130 pJ, at
 * 1e9 flits/s 130 mW.  A width listing only area keeps the plain fmax. */
static void tables_per_width(void **state)
{
    (void)state;
    struct noc_tech t;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&t);
    const char *f = "table_width = 32\nfmax_mhz.4 = 200\narea_mm2.2 = 0.1\narea_mm2.4 = 0.4\n"
                    "area_mm2.4.w32 = 9\narea_mm2.2.w64 = 0.3\narea_mm2.4.w64 = 0.65\narea_mm2.4.w128 = 1.18\n"
                    "flit_pj.4 = 100\nflit_pj.4.w64 = 160\n";
    assert_int_equal(noc_tech_parse(&t, f, "t.tech", &ctx), NOC_OK);
    NEAR(noc_tech_router_mm2(&t, 4, 32), 0.4);
    NEAR(noc_tech_router_mm2(&t, 4, 64), 0.65);
    NEAR(noc_tech_router_mm2(&t, 4, 48), 0.525);
    NEAR(noc_tech_router_mm2(&t, 4, 96), 0.915);
    NEAR(noc_tech_router_mm2(&t, 4, 128), 1.18);
    NEAR(noc_tech_router_mm2(&t, 4, 256), 2.24);
    NEAR(noc_tech_router_mm2(&t, 4, 16), 0.275);
    NEAR(noc_tech_router_mm2(&t, 3, 64), 0.65);
    NEAR(noc_tech_router_mm2(&t, 6, 64), 1.0);
    NEAR(noc_tech_router_mm2(&t, 2, 8), 0.025);
    NEAR(noc_tech_router_dyn_mw(&t, 4, 48, 1e9, 0), 130);
    NEAR(noc_tech_router_fmax_mhz(&t, 4, 64), 200);
    assert_int_equal(noc_tech_parse(&t, "leak_mw.2.wx = 1\n", "t.tech", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "width must be a number of bits"));
}

/* The characterized design (noc_charz_design): radix 4 with L link ports
 * has routers r0..rL; r0's EJ (one bit per output, 1 = ejection) has L
 * zeros and 4 - L ones, r1..rL are radix 2 with one of each (rtl.h).  L
 * is 1 when unset and at most radix - 1 (noc_charz_links). */
static int count_char(const char *from, const char *to, char ch)
{
    int n = 0;
    for (const char *p = from; p < to; p++)
        n += *p == ch;
    return n;
}

static void design_links(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_charz_config c = {4, 32, 2, 4, 0};
    assert_int_equal(noc_charz_links(&c), 1);
    c.links = 9;
    assert_int_equal(noc_charz_links(&c), 3);
    c.links = NOC_CHARZ_LINKS_MAX; /* --links max: R - 1 */
    assert_int_equal(noc_charz_links(&c), 3);
    c.radix = 8;
    assert_int_equal(noc_charz_links(&c), 7);
    c.radix = 4;
    for (int l = 1; l <= 3; l++) {
        c.links = l;
        struct noc_buf b;
        noc_buf_init(&b);
        assert_int_equal(noc_charz_design(&c, &b, &ctx), NOC_OK);
        const char *ej = strstr(b.data, ".EJ(4'b");
        assert_non_null(ej);
        ej += strlen(".EJ(4'b");
        assert_int_equal(count_char(ej, ej + 4, '0'), l);
        assert_int_equal(count_char(ej, ej + 4, '1'), 4 - l);
        assert_null(strstr(ej, ".EJ(4'b")); /* r0 is the only radix-4 router */
        for (int k = 1; k <= 3; k++) {
            char inst[32];
            snprintf(inst, sizeof inst, ") r%d (", k);
            if (k <= l)
                assert_non_null(strstr(b.data, inst));
            else
                assert_null(strstr(b.data, inst));
        }
        assert_non_null(strstr(b.data, ") r0 ("));
        /* every far router is radix 2: one terminal, one link */
        int far = 0;
        for (const char *p = b.data; (p = strstr(p, ".EJ(2'b")) != NULL; p++)
            far += count_char(p + 7, p + 9, '0') == 1 && count_char(p + 7, p + 9, '1') == 1;
        assert_int_equal(far, l);
        noc_buf_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(liberty_by_hand),
        cmocka_unit_test(sta_by_hand),
        cmocka_unit_test(stat_of_router),
        cmocka_unit_test(design_links),
        cmocka_unit_test(tech_tables_by_hand),
        cmocka_unit_test(emit_by_hand),
        cmocka_unit_test(fmax_per_width),
        cmocka_unit_test(tables_per_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
