/* Unit tests: bisection width (noc_eval_bisection, src/eval/bisection.c).
 *
 * Model (docs/INTERFACE.md section 2 and bisection.c): the fewest router-router links cut
 * by a partition splitting the terminals floor(N/2) / ceil(N/2), every
 * terminal on the side of its routers; when no such split exists, as few
 * terminals as possible are detached first.
 *
 * Oracles: Dally & Towles, Principles and Practices of Interconnection
 * Networks, sec. 3.3 (bisection) with ch. 5 (k-ary n-cubes: 2k^(n-1)
 * bidirectional links for the torus, k^(n-1) for the mesh, so N/2 for the
 * binary hypercube and 2 for a ring) and ch. 4 (butterflies: N/2), the
 * small hand-worked cases explained at each test, and a brute force over
 * all router subsets on random graphs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/eval.h"
#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

static void expect(const char *spec, int links, int exact)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    if (noc_gen_spec(&t, spec, &ctx) != NOC_OK)
        fail_msg("gen %s: %s", spec, ctx.msg);
    int l = -1, ex = -1;
    if (noc_eval_bisection(&t, 1, &l, &ex, &ctx) != NOC_OK)
        fail_msg("%s: %s", spec, ctx.msg);
    if (l != links || ex != exact)
        fail_msg("%s: %d links exact=%d, want %d exact=%d", spec, l, ex, links, exact);
    noc_topo_free(&t);
}

/* k-ary n-cubes: torus 2k^(n-1), mesh k^(n-1) (even k), hypercube N/2,
 * ring 2 (D&T ch. 5).  3x3 mesh (odd): 9 terminals split 4/5; a set of
 * 4 routers in the 3x3 grid has at least 4 boundary links (a 2x2 corner
 * block, or a column plus one neighbour; a single column has 3 routers),
 * so 4.  Ring of 5: any split of a cycle cuts an even number >= 2 of
 * links: 2. */
static void direct_networks(void **state)
{
    (void)state;
    expect("mesh:k=4,n=2", 4, 1);
    expect("torus:k=4,n=2", 8, 1);
    expect("hypercube:n=4", 8, 1);
    expect("ring:k=8", 2, 1);
    expect("ring:k=5", 2, 1);
    expect("mesh:k=3,n=2", 4, 1);
    expect("mesh:k=8,n=2", 8, 1);
    expect("torus:k=8,n=2", 16, 1);
    expect("torus:k=4,n=3", 32, 1);
}

/* Butterflies (terminal i on input switch i/k and output switch i/k, which
 * therefore stay together).  4-ary 2-fly: 4 groups {input j, output j} of
 * 4 terminals, every input switch linked to every output switch (K4,4);
 * a balanced split puts 2 groups on each side and cuts 2*2 + 2*2 = 8 = N/2
 * links whatever the choice.  2-ary 3-fly: 4 groups of 2 terminals, 2 per
 * side; a middle switch m is linked to inputs m and m^x and to outputs m
 * and m^y (x != y, the digits of the two stages), i.e. to 3 different
 * groups, so whichever side it takes it has a cut link, and the 4 middle
 * switches cut >= 4 = N/2 links (D&T ch. 4), which is attained. */
static void indirect_networks(void **state)
{
    (void)state;
    expect("butterfly:k=4,n=2", 8, 1);
    expect("butterfly:k=2,n=3", 4, 1);
}

/* Star of 8 (hub r0 + 7 leaves, a terminal on each): the side without the
 * hub holds 4 leaves, each cut off: 4.  Complete binary tree of 7: a child
 * subtree of 3 nodes splits 3/4 with 1 link.  Crossbar: one router, no
 * router-router links: 0 (terminals detached, nothing to cut). */
static void irregular_small(void **state)
{
    (void)state;
    expect("star:n=8", 4, 1);
    expect("tree:h=3", 1, 1);
    expect("crossbar:n=4", 0, 1);
}

/* Splits that require detaching terminals.  3x3 cmesh with 4 terminals per
 * router: N = 36, halves of 18 are not multiples of 4, the nearest
 * reachable are 16 / 20 (2 terminals detached): 4 routers against 5, which
 * cuts 4 links as in the 3x3 mesh.  Two routers linked, r0 with 3
 * terminals and r1 with 1: halves of 2 need one terminal of r0 detached;
 * with r0 and r1 on different sides 1 link is cut, with both on one side
 * 2 terminals would have to be detached, so 1. */
static void detached_terminals(void **state)
{
    (void)state;
    expect("cmesh:k=3,n=2,c=4", 4, 1);
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    const char *names[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; i++) {
        int v = noc_topo_add_node(&t, names[i], NOC_TERMINAL, &ctx);
        noc_topo_add_link(&t, v, i < 3 ? r0 : r1, &ctx);
    }
    noc_topo_add_link(&t, r0, r1, &ctx);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    int l, ex;
    assert_int_equal(noc_eval_bisection(&t, 1, &l, &ex, &ctx), NOC_OK);
    assert_int_equal(l, 1);
    assert_int_equal(ex, 1);
    noc_topo_free(&t);
}

/* Beyond the integer program's size: a METIS bound, not proven.  The 16x16
 * mesh needs at least 16 links (D&T), and the same seed gives the same
 * answer. */
static void large_is_metis_bound(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    assert_int_equal(noc_gen_spec(&t, "mesh:k=16,n=2", &ctx), NOC_OK);
    int l1, e1, l2, e2;
    assert_int_equal(noc_eval_bisection(&t, 5, &l1, &e1, &ctx), NOC_OK);
    assert_int_equal(noc_eval_bisection(&t, 5, &l2, &e2, &ctx), NOC_OK);
    assert_int_equal(e1, 0);
    assert_true(l1 >= 16);
    assert_int_equal(l1, l2);
    assert_int_equal(e1, e2);
    noc_topo_free(&t);
}

/* Random graphs of up to 12 routers, 0..2 terminals each: the result must
 * be exact and equal a brute force over all 2^R router subsets of the
 * model (fewest detached terminals, then fewest links). */
static void random_graphs_match_brute_force(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 99);
    for (int iter = 0; iter < 25; iter++) {
        int R = 4 + (int)noc_rng_below(&rng, 9), term[12], N = 0;
        int eu[64], ev[64], E = 0;
        struct noc_topo t;
        noc_topo_init(&t);
        char name[16];
        for (int r = 0; r < R; r++) {
            snprintf(name, sizeof name, "r%d", r);
            assert_int_equal(noc_topo_add_node(&t, name, NOC_ROUTER, &ctx), r);
        }
        for (int r = 0; r < R; r++) {
            term[r] = (int)noc_rng_below(&rng, 3);
            for (int i = 0; i < term[r]; i++) {
                snprintf(name, sizeof name, "t%d", N++);
                int v = noc_topo_add_node(&t, name, NOC_TERMINAL, &ctx);
                noc_topo_add_link(&t, v, r, &ctx);
            }
        }
        for (int r = 1; r < R; r++) {
            eu[E] = (int)noc_rng_below(&rng, (uint64_t)r);
            ev[E++] = r;
        }
        for (int k = (int)noc_rng_below(&rng, (uint64_t)R + 1); k > 0; k--) {
            int a = (int)noc_rng_below(&rng, (uint64_t)R), b = (int)noc_rng_below(&rng, (uint64_t)R);
            if (a != b) { /* parallel links allowed: each counts */
                eu[E] = a;
                ev[E++] = b;
            }
        }
        for (int i = 0; i < E; i++)
            noc_topo_add_link(&t, eu[i], ev[i], &ctx);
        assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
        int best_d = 1 << 30, best_cut = 1 << 30;
        for (int mask = 0; mask < (1 << R); mask++) {
            int w1 = 0, cut = 0;
            for (int r = 0; r < R; r++)
                w1 += (mask >> r & 1) ? term[r] : 0;
            int d = w1 < N / 2 ? N / 2 - w1 : (w1 > N - N / 2 ? w1 - (N - N / 2) : 0);
            for (int i = 0; i < E; i++)
                cut += (mask >> eu[i] & 1) != (mask >> ev[i] & 1);
            if (d < best_d || (d == best_d && cut < best_cut)) {
                best_d = d;
                best_cut = cut;
            }
        }
        if (N < 2)
            best_cut = 0;
        int l = -1, ex = -1;
        assert_int_equal(noc_eval_bisection(&t, (unsigned)iter, &l, &ex, &ctx), NOC_OK);
        if (l != best_cut || ex != 1)
            fail_msg("iteration %d (R=%d N=%d E=%d): %d links exact=%d, brute force %d", iter, R, N,
                     E, l, ex, best_cut);
        noc_topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direct_networks),
        cmocka_unit_test(indirect_networks),
        cmocka_unit_test(irregular_small),
        cmocka_unit_test(detached_terminals),
        cmocka_unit_test(large_is_metis_bound),
        cmocka_unit_test(random_graphs_match_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
