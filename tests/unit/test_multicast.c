/* Unit tests: multicast trees against unicasts (noc_routing_multicast).
 *
 * 4x3 mesh (dims=4x3, router (x, y) = r(x + 4y)), source r5 = (1, 1),
 * broadcast to the 11 others under dor.  Unicast traffic = the sum of the
 * Manhattan distances: columns 0..3 are |x - 1| = 1, 0, 1, 2 away (3 rows
 * each), rows 0..2 |y - 1| = 1, 0, 1 (4 columns each): 3 (1+0+1+2) +
 * 4 (1+0+1) = 20 channels.  The tree spans 12 routers: 11 channels.
 * Distance: the farthest router (3, 0) or (3, 2), 2 + 1 = 3 hops.
 * Multicast from r0 to r3, r7, r11 (the east column): XY paths r0 r1 r2 r3
 * (3), then on to r7 (4) and r11 (5): unicasts 3 + 4 + 5 = 12, the tree
 * 5 channels, distance 5. */
#include "test_route_fix.h"

static void mesh_multicast(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_multicast m;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:dims=4x3");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    int all[11], n = 0;
    for (int i = 0; i < 12; i++)
        if (i != 5)
            all[n++] = noc_topo_term_node(&t, i);
    assert_int_equal(noc_routing_multicast(&r, noc_topo_term_node(&t, 5), all, n, &m, &ctx), NOC_OK);
    assert_int_equal(m.unicast_traffic, 20);
    assert_int_equal(m.tree_traffic, 11);
    assert_int_equal(m.distance, 3);
    noc_multicast_free(&m);
    int east[3] = {noc_topo_term_node(&t, 3), noc_topo_term_node(&t, 7), noc_topo_term_node(&t, 11)};
    assert_int_equal(noc_routing_multicast(&r, noc_topo_term_node(&t, 0), east, 3, &m, &ctx), NOC_OK);
    assert_int_equal(m.unicast_traffic, 12);
    assert_int_equal(m.tree_traffic, 5);
    assert_int_equal(m.distance, 5);
    noc_multicast_free(&m);
    assert_int_equal(noc_routing_multicast(&r, noc_topo_term_node(&t, 0), east, 0, &m, &ctx), NOC_EINVAL);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* Property: on any mesh a broadcast tree under dor has exactly R - 1
 * channels (a spanning tree: every router reached once) and the unicast
 * traffic is the sum of the distances. */
static void broadcast_spanning(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const char *const specs[] = {"mesh:k=5,n=2", "mesh:dims=6x3", "mesh:k=3,n=3"};
    for (size_t k = 0; k < 3; k++) {
        struct noc_topo t;
        struct noc_routing r;
        struct noc_multicast m;
        fx_gen(&t, specs[k]);
        fx_routing(&r, &t, NOC_RT_DOR, 1);
        int N = t.nterminals, *d = malloc((size_t)N * sizeof *d), n = 0;
        for (int i = 1; i < N; i++)
            d[n++] = noc_topo_term_node(&t, i);
        assert_int_equal(noc_routing_multicast(&r, noc_topo_term_node(&t, 0), d, n, &m, &ctx), NOC_OK);
        assert_int_equal(m.tree_traffic, t.nrouters - 1);
        assert_true(m.unicast_traffic >= m.tree_traffic);
        noc_multicast_free(&m);
        free(d);
        noc_routing_free(&r);
        noc_topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mesh_multicast),
        cmocka_unit_test(broadcast_spanning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
