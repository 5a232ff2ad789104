/* Unit tests: minimal adaptive routing of the turn models (src/route/turn.c)
 * against their definitions: west-first (Glass & Ni 1992) and odd-even
 * (Chiu 2000).  Paths worked by hand on a 3x3 mesh; properties (minimal,
 * no forbidden turn, deadlock free with one VC, weights sum to 1) checked
 * over every pair of larger meshes. */
#include "test_route_fix.h"

#include <math.h>

/* 3x3 mesh, router (x, y) = r(x + 3y), east = +x, north = +y.
 * west-first, r0 -> r8 (2 east, 2 north): every router with both E and N
 * productive splits 1/2 - 1/2, so the two paths along the border (two
 * choices, at r0 and at r1 or r3) get 1/2 x 1/2 = 1/4 and the four
 * paths through r4 (a third choice there) 1/2 x 1/2 x 1/2 = 1/8.  r8 -> r0 (west and south): west
 * first, deterministically: r8 r7 r6 then south.
 * odd-even, r0 -> r8: column 0 is even but the packet is in its source
 * column: N and E allowed (d0 = 2 is even but e0 = 2 != 1).  Via r1
 * (column 1, odd, e0 = 1 into an even destination column): only N, N, then
 * E: weight 1/2.  Via r3 (still the source column): N or E; from r4 (odd,
 * e0 = 1): only N then E; from r6: E, E.  r8 -> r0 (west-bound): W
 * always, N/S only in even columns: at r8 (column 2) W or S; r7 (odd) W
 * only; r5 (even) W or S. */
static void hand_paths(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "mesh:k=3,n=2");
    fx_routing(&r, &t, NOC_RT_WESTFIRST, 1);
    ASSERT_PATHS(&r, "t0", "t8",
                 "0.25:r0 r1 r2 r5 r8|0.125:r0 r1 r4 r5 r8|0.125:r0 r1 r4 r7 r8|"
                 "0.125:r0 r3 r4 r5 r8|0.125:r0 r3 r4 r7 r8|0.25:r0 r3 r6 r7 r8");
    ASSERT_PATHS(&r, "t8", "t0", "1:r8 r7 r6 r3 r0");
    noc_routing_free(&r);
    fx_routing(&r, &t, NOC_RT_ODDEVEN, 1);
    ASSERT_PATHS(&r, "t0", "t8", "0.25:r0 r3 r6 r7 r8|0.25:r0 r3 r4 r7 r8|0.5:r0 r1 r4 r7 r8");
    ASSERT_PATHS(&r, "t8", "t0", "0.5:r8 r7 r6 r3 r0|0.25:r8 r5 r4 r3 r0|0.25:r8 r5 r2 r1 r0");
    noc_routing_free(&r);
    /* not a 2-D mesh */
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_free(&t);
    fx_gen(&t, "torus:k=4,n=2");
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_ODDEVEN, 1, &ctx), NOC_EUNSUP);
    noc_topo_free(&t);
}

/* Direction of channel c: 0 E, 1 W, 2 N, 3 S (router indices from names). */
static int dir_of(const struct noc_topo *t, int c, int k)
{
    long a = noc_topo_router_index(t->nodes[t->ch[c].src].name);
    long b = noc_topo_router_index(t->nodes[t->ch[c].dst].name);
    return b == a + 1 ? 0 : b == a - 1 ? 1 : b == a + k ? 2 : 3;
}

/* Properties on a 6x5 mesh (dims=6x5): every path minimal (length =
 * Manhattan distance), weights sum to 1, no forbidden turn: west-first
 * never turns into W; odd-even never turns E->N/E->S in an even column nor
 * N->W/S->W in an odd one; and the channel dependency graph is acyclic with
 * one VC. */
static void properties(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:dims=6x5");
    const int K = 6;
    static const int models[] = {NOC_RT_WESTFIRST, NOC_RT_ODDEVEN};
    for (int mi = 0; mi < 2; mi++) {
        struct noc_routing r;
        struct noc_pathset ps;
        fx_routing(&r, &t, models[mi], 1);
        noc_pathset_init(&ps);
        for (int s = 0; s < 30; s++)
            for (int d = 0; d < 30; d++) {
                int sn = noc_topo_term_node(&t, s), dn = noc_topo_term_node(&t, d);
                assert_int_equal(noc_routing_paths(&r, sn, dn, &ps, &ctx), NOC_OK);
                long a = noc_topo_router_index(t.nodes[noc_topo_inject_router(&t, sn)].name);
                long b = noc_topo_router_index(t.nodes[noc_topo_eject_router(&t, dn)].name);
                int manhattan = (int)(labs(a % K - b % K) + labs(a / K - b / K));
                double wsum = 0;
                for (int i = 0; i < ps.npaths; i++) {
                    wsum += ps.weight[i];
                    int prev = -1, hops = 0;
                    for (int j = ps.start[i]; j < ps.start[i + 1]; j++) {
                        int c = ps.ch[j];
                        if (!noc_topo_is_rr(&t, c))
                            continue;
                        hops++;
                        int dir = dir_of(&t, c, K);
                        long col = noc_topo_router_index(t.nodes[t.ch[c].src].name) % K;
                        if (prev >= 0 && prev != dir) {
                            if (models[mi] == NOC_RT_WESTFIRST)
                                assert_true(dir != 1); /* no turn into the west */
                            else if (col % 2 == 0)
                                assert_false(prev == 0 && dir >= 2); /* E->N/S, even */
                            else
                                assert_false(prev >= 2 && dir == 1); /* N/S->W, odd */
                        }
                        prev = dir;
                    }
                    assert_int_equal(hops, manhattan);
                }
                assert_true(fabs(wsum - 1) < 1e-12);
            }
        int ok = -1;
        assert_int_equal(noc_routing_deadlock_free(&r, &ok, &ctx), NOC_OK);
        assert_int_equal(ok, 1);
        noc_pathset_free(&ps);
        noc_routing_free(&r);
    }
    noc_topo_free(&t);
}

/* noc_routing_next on a 3x3 mesh (r(x + 3y)), by hand from the rules:
 * westfirst r0 -> r8: E and N (x before y), classes 0, 1/2 each; r8 -> r0:
 * W only.  oddeven at r4 (column 1, odd) toward r8 (e0 = 1, destination
 * column 2 even), arrived from r3 (east-bound): N only (E would need an
 * E->N turn later in the even column 2).  duato r0 -> r8 with 2 VCs: E then
 * N in class 1 (adaptive VCs), the escape hop is the first, E = dor's.
 * dor: E only.  At the destination: no hop. */
static void step_function(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    struct noc_route_hop hop[NOC_ROUTE_MAXHOP];
    int nh = -1;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=3,n=2");
    int r0 = fx_node(&t, "r0"), r1 = fx_node(&t, "r1"), r3 = fx_node(&t, "r3"), r4 = fx_node(&t, "r4"),
        r5 = fx_node(&t, "r5"), r7 = fx_node(&t, "r7"), r8 = fx_node(&t, "r8");
    fx_routing(&r, &t, NOC_RT_WESTFIRST, 1);
    assert_int_equal(noc_routing_next(&r, r8, r0, -1, 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 2);
    assert_int_equal(hop[0].ch, noc_graph_find(&t.g, r0, r1));
    assert_int_equal(hop[1].ch, noc_graph_find(&t.g, r0, r3));
    assert_true(hop[0].w == 0.5 && hop[1].w == 0.5 && hop[0].cls == 0);
    assert_int_equal(noc_routing_next(&r, r0, r8, -1, 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 1);
    assert_int_equal(hop[0].ch, noc_graph_find(&t.g, r8, r7));
    assert_int_equal(noc_routing_next(&r, r8, r8, -1, 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 0);
    noc_routing_free(&r);
    fx_routing(&r, &t, NOC_RT_ODDEVEN, 1);
    assert_int_equal(noc_routing_next(&r, r8, r4, noc_graph_find(&t.g, r3, r4), 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 1);
    assert_int_equal(hop[0].ch, noc_graph_find(&t.g, r4, r7));
    noc_routing_free(&r);
    fx_routing(&r, &t, NOC_RT_DUATO, 2);
    assert_int_equal(noc_routing_next(&r, r8, r4, noc_graph_find(&t.g, r3, r4), 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 2);
    assert_int_equal(hop[0].ch, noc_graph_find(&t.g, r4, r5));
    assert_int_equal(hop[1].ch, noc_graph_find(&t.g, r4, r7));
    assert_true(hop[0].cls == 1 && hop[1].cls == 1 && hop[0].w == 0.5);
    noc_routing_free(&r);
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    assert_int_equal(noc_routing_next(&r, r8, r0, -1, 0, hop, &nh, &ctx), NOC_OK);
    assert_int_equal(nh, 1);
    assert_int_equal(hop[0].ch, noc_graph_find(&t.g, r0, r1));
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* duato on a 3x3 mesh, r0 -> r8: every minimal path (C(4,2) = 6), weights
 * by the equal split at every router with two productive directions: the
 * border paths r0 r1 r2 r5 r8 and r0 r3 r6 r7 r8 choose twice (1/4), the
 * four through r4 three times (1/8) -- west-first's split for this
 * north-east pair, where it is fully adaptive too.  Deadlock: the escape
 * sub-network's (dor) graph is acyclic. */
static void duato_paths(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=3,n=2");
    fx_routing(&r, &t, NOC_RT_DUATO, 2);
    ASSERT_PATHS(&r, "t0", "t8",
                 "0.25:r0 r1 r2 r5 r8|0.125:r0 r1 r4 r5 r8|0.125:r0 r1 r4 r7 r8|"
                 "0.125:r0 r3 r4 r5 r8|0.125:r0 r3 r4 r7 r8|0.25:r0 r3 r6 r7 r8");
    ASSERT_PATHS(&r, "t8", "t0",
                 "0.25:r8 r7 r6 r3 r0|0.125:r8 r7 r4 r3 r0|0.125:r8 r7 r4 r1 r0|"
                 "0.125:r8 r5 r4 r3 r0|0.125:r8 r5 r4 r1 r0|0.25:r8 r5 r2 r1 r0");
    int acyclic = -1;
    assert_int_equal(noc_routing_deadlock_free(&r, &acyclic, &ctx), NOC_OK);
    assert_int_equal(acyclic, 1);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_paths),
        cmocka_unit_test(properties),
        cmocka_unit_test(step_function),
        cmocka_unit_test(duato_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
