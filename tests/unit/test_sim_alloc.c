/* The switch allocator's input stage (src/sim/router.c, noc_sim_sa_choose):
 * nocsyn's own round robin over an input port's VCs against BookSim2's
 * separable_input_first (issue 30: `sim --booksim-alloc`), where the input
 * arbiter runs over output ports and each port is represented by the VC
 * that the port's VC round robin puts first; and the injection VC a
 * source's next packet takes.  Every expected value is
 * worked out by hand below from those rules. */
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

/* The injection VC (noc_sim_inj_vc; sim.h, Injection), by hand.  V = 4,
 * VC 1 held by a packet, VC 2 full (no credit), VC 0 and VC 3 with room. */
static void test_inj_vc(void **state)
{
    (void)state;
    const int owner[] = {-1, 7, -1, -1}, credits[] = {3, 4, 0, 1};
    /* from 0: VC 0 */
    assert_int_equal(noc_sim_inj_vc(4, 0, owner, credits, 1), 0);
    /* from 1: VC 1 held, VC 2 full (skipped, not waited on): VC 3 */
    assert_int_equal(noc_sim_inj_vc(4, 1, owner, credits, 1), 3);
    assert_int_equal(noc_sim_inj_vc(4, 2, owner, credits, 1), 3);
    /* from 3 (or 7: mod V): VC 3 */
    assert_int_equal(noc_sim_inj_vc(4, 3, owner, credits, 1), 3);
    assert_int_equal(noc_sim_inj_vc(4, 7, owner, credits, 1), 3);
    /* virtual cut-through, a 2-flit packet: VC 3 has 1 credit, so VC 0 */
    assert_int_equal(noc_sim_inj_vc(4, 3, owner, credits, 2), 0);
    /* a 4-flit packet: only VC 1 has 4 credits, and it is held: none */
    assert_int_equal(noc_sim_inj_vc(4, 0, owner, credits, 4), -1);
    /* every VC full: none */
    const int none[] = {0, 0, 0, 0};
    assert_int_equal(noc_sim_inj_vc(4, 0, owner, none, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vc_round_robin),
        cmocka_unit_test(test_port_round_robin),
        cmocka_unit_test(test_grant_sequence),
        cmocka_unit_test(test_inj_vc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
