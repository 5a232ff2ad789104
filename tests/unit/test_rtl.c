/* Unit tests: the RTL generator (rtl.h) on a hand-built line of three
 * routers, its predicted latencies worked by hand from the model stated in
 * include/nocsyn/rtl.h, its link stages, and its option checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "nocsyn/route.h"
#include "nocsyn/rtl.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

/* r0 - r1 - r2 in a line, t0 on r0, t1 on r2; no positions, no clock, so
 * every channel takes 1 cycle except r0 -> r1, given latency 4. */
static void line(struct noc_topo *t, struct noc_ctx *ctx)
{
    noc_topo_init(t);
    int r0 = noc_topo_add_node(t, "r0", NOC_ROUTER, ctx), r1 = noc_topo_add_node(t, "r1", NOC_ROUTER, ctx);
    int r2 = noc_topo_add_node(t, "r2", NOC_ROUTER, ctx);
    int t0 = noc_topo_add_node(t, "t0", NOC_TERMINAL, ctx), t1 = noc_topo_add_node(t, "t1", NOC_TERMINAL, ctx);
    assert_int_equal(noc_topo_add_link(t, r0, r1, ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, r1, r2, ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, t0, r0, ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, t1, r2, ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(t, ctx), NOC_OK);
    for (int c = 0; c < t->nch; c++)
        if (t->ch[c].src == noc_topo_find(t, "r0") && t->ch[c].dst == noc_topo_find(t, "r1"))
            t->ch[c].latency = 4;
}

/* t0 -> t1: L = 1 (inject) + 4 + 1 + 1 (eject) = 7, 3 routers x D 3 = 9,
 * 4-flit packets + 3: 19 cycles.  t1 -> t0: 1 + 1 + 1 + 1 + 9 + 3 = 16.
 * With D = 2 and 1-flit packets: 7 + 6 + 0 = 13 and 4 + 6 = 10. */
static void latency_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_tech tech;
    struct noc_rtl r;
    struct noc_rtl_opts o;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&tech);
    line(&t, &ctx);
    noc_rtl_opts_init(&o);
    noc_rtl_init(&r);
    assert_int_equal(noc_rtl_generate(&r, &t, &tech, NULL, &o, &ctx), NOC_OK);
    assert_int_equal(r.nflows, 2);
    assert_int_equal(r.flow[0].src, 0);
    assert_int_equal(r.flow[0].dst, 1);
    assert_int_equal(r.flow[0].hops, 3);
    assert_int_equal(r.flow[0].latency, 19);
    assert_int_equal(r.flow[1].latency, 16);
    assert_int_equal(r.routing, NOC_RT_UPDOWN);
    assert_int_equal(r.classes, 1);
    /* latency 4 = the output register + 3 pipeline stages; credits back in
     * 4 + 2 - 1 registers */
    assert_non_null(strstr(r.top.data, ".STAGES(3), .CSTAGES(4))"));
    assert_non_null(strstr(r.top.data, "module nocsyn_top"));
    assert_non_null(strstr(r.tb.data, "localparam int FLAT [NF] = '{19, 16};"));
    assert_non_null(strstr(r.flows.data, "0,1,t0,t1,1,3,19\n1,0,t1,t0,1,3,16\n"));
    /* destination-keyed tables: one path per destination everywhere */
    assert_null(strstr(r.top.data, "SRCKEY(1)"));
    o.router_delay = 2;
    o.pkt_len = 1;
    assert_int_equal(noc_rtl_generate(&r, &t, &tech, NULL, &o, &ctx), NOC_OK);
    assert_int_equal(r.flow[0].latency, 13);
    assert_int_equal(r.flow[1].latency, 10);
    noc_rtl_free(&r);
    noc_topo_free(&t);
}

/* The router table of r1 (2 outputs: r1 -> r0 is port 0, r1 -> r2 port 1
 * in CSR order; 1 terminal bit, so 2 entries of {cls, port}): destination
 * t0 (key 0) leaves by port 0, t1 (key 1) by port 1: entries 00 and 01,
 * bits 0b0100 = 4'h4. */
static void table_by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_tech tech;
    struct noc_rtl r;
    struct noc_rtl_opts o;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&tech);
    line(&t, &ctx);
    noc_rtl_opts_init(&o);
    noc_rtl_init(&r);
    assert_int_equal(noc_rtl_generate(&r, &t, &tech, NULL, &o, &ctx), NOC_OK);
    const char *at = strstr(r.top.data, "// router r1:");
    assert_non_null(at);
    at = strstr(at, ".RT(");
    assert_non_null(at);
    assert_memory_equal(at, ".RT(4'h4)", 9);
    noc_rtl_free(&r);
    noc_topo_free(&t);
}

static void bad_options(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_tech tech;
    struct noc_rtl r;
    struct noc_rtl_opts o;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&tech);
    line(&t, &ctx);
    noc_rtl_init(&r);
    static const struct {
        int vcs, buf, d, width, len;
    } bad[] = {{0, 4, 3, 0, 4}, {2, 0, 3, 0, 4}, {2, 4, 1, 0, 4}, {2, 4, 3, 8, 4}, {2, 4, 3, 0, 65}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        noc_rtl_opts_init(&o);
        o.vcs = bad[i].vcs;
        o.buf = bad[i].buf;
        o.router_delay = bad[i].d;
        o.width = bad[i].width;
        o.pkt_len = bad[i].len;
        assert_int_equal(noc_rtl_generate(&r, &t, &tech, NULL, &o, &ctx), NOC_EINVAL);
        assert_int_equal(r.nflows, 0);
        assert_null(r.top.data && r.top.len ? r.top.data : NULL);
    }
    noc_rtl_free(&r);
    noc_topo_free(&t);
}

static void sources_listed(void **state)
{
    (void)state;
    const char *want[] = {"nocsyn_router.sv", "nocsyn_link.sv", "tb_main.cpp", "Makefile"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int found = 0;
        for (const struct noc_rtl_source *s = noc_rtl_sources(); s->name; s++)
            if (!strcmp(s->name, want[i])) {
                found = 1;
                assert_true(strlen(s->text) > 100);
            }
        assert_true(found);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(latency_by_hand),
        cmocka_unit_test(table_by_hand),
        cmocka_unit_test(bad_options),
        cmocka_unit_test(sources_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
