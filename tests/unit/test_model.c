/* Unit tests: CSR graph, topology model, app model, core helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/graph.h"
#include "nocsyn/topo.h"

static void graph_csr_and_reverse(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    /* 0->1, 1->0, 1->2, 2->1, 0->2 (no reverse), and a parallel pair 0->1. */
    int src[] = {1, 0, 2, 0, 1, 0};
    int dst[] = {2, 1, 1, 2, 0, 1};
    struct noc_graph g;
    assert_int_equal(noc_graph_build(&g, 3, 6, src, dst, &ctx), NOC_OK);
    assert_int_equal(g.off[0], 0);
    assert_int_equal(g.off[1], 3);
    assert_int_equal(g.off[3], 6);
    /* Sorted by (src, dst, input order): 0->1 (in 1), 0->1 (in 5), 0->2 (3). */
    assert_int_equal(g.perm[0], 1);
    assert_int_equal(g.perm[1], 5);
    assert_int_equal(g.dst[2], 2);
    int e01 = noc_graph_find(&g, 0, 1), e10 = noc_graph_find(&g, 1, 0);
    assert_int_equal(g.rev[e01], e10);
    assert_int_equal(g.rev[e10], e01);
    assert_int_equal(g.rev[e01 + 1], -1); /* the parallel 0->1 has no partner */
    assert_int_equal(g.rev[noc_graph_find(&g, 0, 2)], -1);
    assert_int_equal(g.rev[noc_graph_find(&g, 1, 2)], noc_graph_find(&g, 2, 1));
    assert_int_equal(noc_graph_find(&g, 2, 0), -1);
    /* in-edges of 1: 0->1 twice, 2->1 */
    assert_int_equal(g.in_off[2] - g.in_off[1], 3);
    noc_graph_free(&g);
    int bad[] = {3};
    assert_int_equal(noc_graph_build(&g, 3, 1, bad, bad, &ctx), NOC_EINVAL);
}

/* A 2x1 "mesh" with one terminal per router, built terminals first to check
 * that finalize puts routers first. */
static void topo_finalize_orders_and_counts(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    assert_true(noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx) < 0);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_topo_add_link(&t, t0, r0, &ctx), 0);
    assert_int_equal(noc_topo_add_link(&t, t1, r1, &ctx), 0);
    assert_int_equal(noc_topo_add_link(&t, r0, r1, &ctx), 0);
    int path[] = {r0, r1};
    assert_int_equal(noc_topo_add_route(&t, t0, t1, path, 2, &ctx), 0);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    assert_int_equal(t.nrouters, 2);
    assert_int_equal(t.nterminals, 2);
    assert_string_equal(t.nodes[0].name, "r0");
    assert_string_equal(t.nodes[1].name, "r1");
    assert_string_equal(t.nodes[2].name, "t0");
    assert_int_equal(noc_topo_find(&t, "t1"), 3);
    assert_int_equal(noc_topo_links(&t), 1);
    assert_int_equal(noc_topo_rr_channels(&t), 2);
    assert_int_equal(noc_topo_degree(&t, 0), 1);
    assert_int_equal(noc_topo_radix(&t, 0), 2);
    assert_int_equal(noc_topo_inject_router(&t, 2), 0);
    assert_int_equal(noc_topo_eject_router(&t, 3), 1);
    assert_int_equal(t.routes[0].src, 2);
    assert_int_equal(t.routes[0].path[1], 1);
    for (int e = 0; e < t.nch; e++) {
        assert_int_equal(t.ch[e].src, t.g.src[e]);
        assert_int_equal(t.ch[e].dst, t.g.dst[e]);
    }
    struct noc_topo c;
    assert_int_equal(noc_topo_copy(&c, &t, &ctx), NOC_OK);
    assert_int_equal(c.nch, t.nch);
    assert_int_equal(c.nroutes, 1);
    noc_topo_free(&c);
    noc_topo_free(&t);
}

/* A k x k unidirectional switch has radix 2k (docs/INTERFACE.md section 2). */
static void topo_unidirectional_radix(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int a = noc_topo_add_node(&t, "a", NOC_ROUTER, &ctx);
    int b = noc_topo_add_node(&t, "b", NOC_ROUTER, &ctx);
    char nm[16];
    for (int i = 0; i < 2; i++) {
        snprintf(nm, sizeof nm, "t%d", i);
        int ti = noc_topo_add_node(&t, nm, NOC_TERMINAL, &ctx);
        noc_topo_add_channel(&t, ti, a, &ctx);
        noc_topo_add_channel(&t, b, ti, &ctx);
        noc_topo_add_channel(&t, a, b, &ctx); /* two parallel a->b channels */
    }
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    assert_int_equal(noc_topo_radix(&t, 0), 4);
    assert_int_equal(noc_topo_degree(&t, 0), 2);
    assert_int_equal(noc_topo_links(&t), 2);
    assert_int_equal(noc_topo_inject_router(&t, 2), 0);
    assert_int_equal(noc_topo_eject_router(&t, 2), 1);
    noc_topo_free(&t);
}

static void topo_rejects_dangling_terminal(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r = noc_topo_add_node(&t, "r", NOC_ROUTER, &ctx);
    int x = noc_topo_add_node(&t, "x", NOC_TERMINAL, &ctx);
    noc_topo_add_channel(&t, x, r, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "'x'"));
    noc_topo_free(&t);
}

static void app_flows_and_components(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    int a = noc_app_core(&app, "a", &ctx), b = noc_app_core(&app, "b", &ctx);
    int c = noc_app_core(&app, "c", &ctx), d = noc_app_core(&app, "d", &ctx);
    int e = noc_app_core(&app, "e", &ctx);
    assert_int_equal(noc_app_core(&app, "b", &ctx), b);
    assert_int_equal(noc_app_add_flow(&app, a, b, 10, -1, &ctx), 0);
    assert_int_equal(noc_app_add_flow(&app, a, b, 5, 3, &ctx), 0);
    assert_int_equal(noc_app_add_flow(&app, d, c, 1, -1, &ctx), 0);
    assert_int_equal(noc_app_add_flow(&app, a, a, 1, -1, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_app_add_flow(&app, a, c, NAN, -1, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_app_add_flow(&app, a, c, -1, -1, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    assert_int_equal(app.nflows, 2);
    assert_int_equal(app.ndup, 1);
    assert_true(app.flows[0].bw == 15);
    assert_int_equal(app.flows[0].max_hops, 3);
    int comp[5];
    assert_int_equal(noc_app_components(&app, comp), 3);
    assert_int_equal(comp[a], 0);
    assert_int_equal(comp[b], 0);
    assert_int_equal(comp[c], 1);
    assert_int_equal(comp[d], 1);
    assert_int_equal(comp[e], 2);
    double in[5], out[5];
    noc_app_core_bw(&app, in, out);
    assert_true(out[a] == 15 && in[b] == 15 && in[c] == 1 && out[e] == 0);
    assert_true(noc_app_total_bw(&app) == 16);
    noc_app_free(&app);
}

static void core_parsers_and_maps(void **state)
{
    (void)state;
    double v;
    long l;
    assert_int_equal(noc_parse_double(" 3.5 ", &v), 0);
    assert_true(v == 3.5);
    assert_int_equal(noc_parse_double("nan", &v), -1);
    assert_int_equal(noc_parse_double("inf", &v), -1);
    assert_int_equal(noc_parse_double("1e999", &v), -1);
    assert_int_equal(noc_parse_double("12x", &v), -1);
    assert_int_equal(noc_parse_double("", &v), -1);
    assert_int_equal(noc_parse_int("42", 0, 100, &l), 0);
    assert_int_equal(noc_parse_int("101", 0, 100, &l), -1);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_strmap m;
    noc_strmap_init(&m);
    char key[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(noc_strmap_put(&m, key, i, &ctx), 0);
    }
    assert_int_equal(noc_strmap_get(&m, "k777"), 777);
    assert_int_equal(noc_strmap_get(&m, "nope"), -1);
    noc_strmap_free(&m);
    struct noc_rng r1, r2;
    noc_rng_seed(&r1, 7);
    noc_rng_seed(&r2, 7);
    for (int i = 0; i < 100; i++)
        assert_true(noc_rng_next(&r1) == noc_rng_next(&r2));
    assert_int_equal(noc_exit_code(NOC_EINVAL), 2);
    assert_int_equal(noc_exit_code(NOC_EINFEASIBLE), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(graph_csr_and_reverse),
        cmocka_unit_test(topo_finalize_orders_and_counts),
        cmocka_unit_test(topo_unidirectional_radix),
        cmocka_unit_test(topo_rejects_dangling_terminal),
        cmocka_unit_test(app_flows_and_components),
        cmocka_unit_test(core_parsers_and_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
