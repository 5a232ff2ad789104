/* The switch allocator's input stage (src/sim/router.c, noc_sim_sa_choose):
 * nocsyn's own round robin over an input port's VCs against BookSim2's
 * separable_input_first (issue 30: `sim --booksim-alloc`), where the input
 * arbiter runs over output ports and each port is represented by the VC
 * that the port's VC round robin puts first.  Every expected value is
 * worked out by hand below from those two rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../src/sim/sim_int.h"

/* One input port, V = 4 VCs, all eligible: VC 0 and VC 1 bound for output
 * port 2, VC 2 for port 0, VC 3 for port 1; the router has 5 ports. */
static const int VC[] = {0, 1, 2, 3}, PORT[] = {2, 2, 0, 1};

static void test_vc_round_robin(void **state)
{
    (void)state;
    /* nout = 0: the first VC from the VC pointer, whatever its port */
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 0, 0, 0), 0);
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 2, 0, 0), 2);
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 3, 0, 0), 3);
    /* only VC 1 and VC 3 eligible, pointer at 2: 3 comes before 1 (wraps) */
    const int v2[] = {1, 3}, p2[] = {2, 1};
    assert_int_equal(noc_sim_sa_choose(2, v2, p2, 4, 2, 0, 0), 3);
}

static void test_port_round_robin(void **state)
{
    (void)state;
    /* port pointer 0: port 0 is asked for (VC 2), whatever the VC pointer */
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 0, 5, 0), 2);
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 3, 5, 0), 2);
    /* port pointer 1: port 1 (VC 3) */
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 0, 5, 1), 3);
    /* port pointer 2: port 2, held by VCs 0 and 1: the VC pointer decides */
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 0, 5, 2), 0);
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 1, 5, 2), 1);
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 3, 5, 2), 0); /* 3, 0, 1: VC 0 */
    /* port pointer 3: ports 3 and 4 not asked for, then 0 (wraps): VC 2 */
    assert_int_equal(noc_sim_sa_choose(4, VC, PORT, 4, 0, 5, 3), 2);
    /* nothing eligible */
    assert_int_equal(noc_sim_sa_choose(0, VC, PORT, 4, 0, 5, 0), -1);
    assert_int_equal(noc_sim_sa_choose(0, VC, PORT, 4, 0, 0, 0), -1);
}

/* Grant after grant (the input always wins its output; pointers move past
 * the winner: VC pointer to v + 1, port pointer to port + 1), with VCs 0, 1
 * bound for port 2 and VC 2 for port 0 always eligible.  By hand:
 * - VC round robin: VCs 0, 1, 2, 0, 1, 2: port 2 gets 2 of every 3 grants.
 * - Port round robin (pointers 0, 0): port 0 (VC 2; pointers 3, 1), port 2
 *   (VCs 0, 1 from VC pointer 3: VC 0; pointers 1, 3), port 0 (VC 2), ...:
 *   ports alternate, port 2 gets 1 of every 2 grants (VC 0 each time). */
static void test_grant_sequence(void **state)
{
    (void)state;
    const int v[] = {0, 1, 2}, p[] = {2, 2, 0};
    int vs = 0, os = 0, port2 = 0;
    const int want_vc[] = {0, 1, 2, 0, 1, 2};
    for (int k = 0; k < 6; k++) {
        int w = noc_sim_sa_choose(3, v, p, 4, vs, 0, 0);
        assert_int_equal(w, want_vc[k]);
        vs = w + 1;
        port2 += p[w] == 2;
    }
    assert_int_equal(port2, 4); /* 2 of 3 */
    vs = 0, os = 0, port2 = 0;
    const int want_bs[] = {2, 0, 2, 0, 2, 0};
    for (int k = 0; k < 6; k++) {
        int w = noc_sim_sa_choose(3, v, p, 4, vs, 5, os);
        assert_int_equal(w, want_bs[k]);
        vs = w + 1;
        os = p[w] + 1;
        port2 += p[w] == 2;
    }
    assert_int_equal(port2, 3); /* 1 of 2 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vc_round_robin),
        cmocka_unit_test(test_port_round_robin),
        cmocka_unit_test(test_grant_sequence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
