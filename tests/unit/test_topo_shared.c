/* Unit tests: shared concentrator ports (noc_node.shared, issues #13, #17):
 * radix, port loads, copy and the DOT round trip.  Expected values counted
 * by hand from the small topology built below. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/emit.h"
#include "nocsyn/topo.h"

/* r0 -- r1 (one link); t0, t1, t2 attached to r0 both ways; t3 injects
 * into r0 and ejects from r1 (a one-way port at each). */
static void build(struct noc_topo *t, int shared_r0)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    int r0 = noc_topo_add_node(t, "r0", NOC_ROUTER, &ctx), r1 = noc_topo_add_node(t, "r1", NOC_ROUTER, &ctx);
    int tt[4];
    const char *nm[4] = {"t0", "t1", "t2", "t3"};
    for (int i = 0; i < 4; i++)
        tt[i] = noc_topo_add_node(t, nm[i], NOC_TERMINAL, &ctx);
    assert_int_equal(noc_topo_add_link(t, r0, r1, &ctx), NOC_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(noc_topo_add_link(t, tt[i], r0, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_channel(t, tt[3], r0, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_channel(t, r1, tt[3], &ctx), NOC_OK);
    t->nodes[r0].shared = shared_r0;
    assert_int_equal(noc_topo_finalize(t, &ctx), NOC_OK);
}

static void radix_counts_shared_port_once(void **state)
{
    (void)state;
    struct noc_topo t;
    build(&t, 0);
    /* Private: r0 = 1 link + t0..t2 (3 two-way ports) + t3's one-way = 5. */
    assert_int_equal(noc_topo_radix(&t, 0), 5);
    assert_int_equal(noc_topo_degree(&t, 0), 1);
    assert_int_equal(noc_topo_radix(&t, 1), 2); /* link + t3's ejection */
    assert_int_equal(noc_topo_buffer_ports(&t, 0), 5);
    assert_int_equal(noc_topo_shared_ports(&t), 0);
    noc_topo_free(&t);
    build(&t, 1);
    /* Shared: r0 = 1 link + 1 concentrator port = 2; degree unchanged. */
    assert_int_equal(noc_topo_radix(&t, 0), 2);
    /* ... but its input buffers stay one per terminal: 1 + 4 = 5, as private. */
    assert_int_equal(noc_topo_buffer_ports(&t, 0), 5);
    assert_int_equal(noc_topo_buffer_ports(&t, 1), 2);
    assert_int_equal(noc_topo_degree(&t, 0), 1);
    assert_int_equal(noc_topo_radix(&t, 1), 2);
    assert_int_equal(noc_topo_shared_ports(&t), 1);
    noc_topo_free(&t);
}

static void port_load_sums_terminal_channels(void **state)
{
    (void)state;
    struct noc_topo t;
    build(&t, 0);
    double *x = calloc((size_t)t.nch, sizeof *x);
    assert_non_null(x);
    for (int e = 0; e < t.nch; e++)
        x[e] = 1;
    assert_true(isnan(noc_topo_port_load(&t, x))); /* no shared port */
    noc_topo_free(&t);
    build(&t, 1);
    /* r0 shared: into r0 from t0..t3 = 4 channels, out of r0 to t0..t2 = 3:
     * max(4, 3) = 4.  The r0 -> r1 channel is not a terminal channel. */
    assert_true(noc_topo_port_load(&t, x) == 4);
    /* Weights: only t3's injection (into r0) loaded with 2.5: in 2.5, out 0. */
    for (int e = 0; e < t.nch; e++)
        x[e] = t.ch[e].src == noc_topo_find(&t, "t3") ? 2.5 : 0;
    assert_true(noc_topo_port_load(&t, x) == 2.5);
    /* Only r0 -> t1 loaded with 7 (ejection side): 7. */
    for (int e = 0; e < t.nch; e++)
        x[e] = t.ch[e].dst == noc_topo_find(&t, "t1") ? 7 : 0;
    assert_true(noc_topo_port_load(&t, x) == 7);
    free(x);
    noc_topo_free(&t);
}

static void copy_and_dot_keep_shared(void **state)
{
    (void)state;
    struct noc_topo t, c, u;
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    build(&t, 1);
    assert_int_equal(noc_topo_copy(&c, &t, &ctx), NOC_OK);
    assert_int_equal(c.nodes[noc_topo_find(&c, "r0")].shared, 1);
    assert_int_equal(c.nodes[noc_topo_find(&c, "r1")].shared, 0);
    noc_buf_init(&b);
    assert_int_equal(noc_topo_write_dot(&t, &b, &ctx), NOC_OK);
    assert_non_null(strstr(b.data, "\"r0\" [kind=\"router\", shared_port=1]"));
    assert_null(strstr(b.data, "\"r1\" [kind=\"router\", shared_port"));
    assert_int_equal(noc_topo_parse_dot(&u, b.data, b.len, "x.dot", &ctx), NOC_OK);
    assert_int_equal(u.nodes[noc_topo_find(&u, "r0")].shared, 1);
    assert_int_equal(u.nodes[noc_topo_find(&u, "r1")].shared, 0);
    assert_int_equal(noc_topo_radix(&u, noc_topo_find(&u, "r0")), 2);
    noc_buf_free(&b);
    noc_topo_free(&u);
    noc_topo_free(&c);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(radix_counts_shared_port_once),
        cmocka_unit_test(port_load_sums_terminal_channels),
        cmocka_unit_test(copy_and_dot_keep_shared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
