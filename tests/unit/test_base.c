/* Unit tests: the base layer's union-find (noc_uf_*) and Pareto dominance
 * (noc_pareto_dominates), core.h.  Every expected value is worked by hand
 * from the contract in core.h; the random test checks union-find against
 * a naive labelling (relabel every member of one set on each union). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "nocsyn/core.h"

static void test_uf_hand(void **state)
{
    (void)state;
    int p[6];
    noc_uf_init(p, 6);
    for (int x = 0; x < 6; x++)
        assert_int_equal(p[x], x);
    /* {4,5}: the smaller root 4 is the root */
    assert_int_equal(noc_uf_union_min(p, 5, 4), 1);
    assert_int_equal(p[5], 4);
    assert_int_equal(noc_uf_find(p, 5), 4);
    /* {2,4,5}: roots 2 and 4, 2 wins */
    assert_int_equal(noc_uf_union_min(p, 5, 2), 1);
    assert_int_equal(p[4], 2);
    assert_int_equal(noc_uf_find(p, 5), 2);
    /* same set again: nothing changes */
    assert_int_equal(noc_uf_union_min(p, 4, 2), 0);
    /* {1,3}, then {1,2,3,4,5}: roots 1 and 2, 1 wins */
    assert_int_equal(noc_uf_union_min(p, 3, 1), 1);
    assert_int_equal(noc_uf_union_min(p, 2, 3), 1);
    for (int x = 1; x < 6; x++)
        assert_int_equal(noc_uf_find(p, x), 1);
    assert_int_equal(noc_uf_find(p, 0), 0);
}

static void test_uf_halving(void **state)
{
    (void)state;
    /* a chain 4 -> 3 -> 2 -> 1 -> 0: finding 4 halves the path: 4 points
     * at 2 (its grandparent), 2 at 0; 3 and 1 keep their parents. */
    int p[5] = {0, 0, 1, 2, 3};
    assert_int_equal(noc_uf_find(p, 4), 0);
    assert_int_equal(p[4], 2);
    assert_int_equal(p[3], 2);
    assert_int_equal(p[2], 0);
    assert_int_equal(p[1], 0);
    assert_int_equal(p[0], 0);
}

static void test_uf_random(void **state)
{
    (void)state;
    enum { N = 64 };
    int p[N], lab[N];
    noc_uf_init(p, N);
    for (int x = 0; x < N; x++)
        lab[x] = x; /* naive: every member carries its set's smallest id */
    unsigned s = 12345;
    for (int it = 0; it < 200; it++) {
        s = s * 1103515245u + 12345u;
        int a = (int)((s >> 16) % N);
        s = s * 1103515245u + 12345u;
        int b = (int)((s >> 16) % N);
        int apart = lab[a] != lab[b];
        assert_int_equal(noc_uf_union_min(p, a, b), apart);
        if (apart) {
            int lo = lab[a] < lab[b] ? lab[a] : lab[b], hi = lab[a] ^ lab[b] ^ lo;
            for (int x = 0; x < N; x++)
                if (lab[x] == hi)
                    lab[x] = lo;
        }
        for (int x = 0; x < N; x++)
            assert_int_equal(noc_uf_find(p, x), lab[x]);
    }
}

static void test_pareto(void **state)
{
    (void)state;
    const double a[4] = {10, 5, 2, 4};
    /* better in one, equal in the rest: dominates */
    const double b1[4] = {9, 5, 2, 4};
    assert_int_equal(noc_pareto_dominates(b1, a, 4, 0), 1);
    assert_int_equal(noc_pareto_dominates(a, b1, 4, 0), 0);
    /* better in one, worse in another: neither way */
    const double b2[4] = {9, 6, 2, 4};
    assert_int_equal(noc_pareto_dominates(b2, a, 4, 0), 0);
    assert_int_equal(noc_pareto_dominates(a, b2, 4, 0), 0);
    /* equal: only with ties */
    assert_int_equal(noc_pareto_dominates(a, a, 4, 0), 0);
    assert_int_equal(noc_pareto_dominates(a, a, 4, 1), 1);
    /* ties does not make a worse vector dominate */
    assert_int_equal(noc_pareto_dominates(a, b1, 4, 1), 0);
    /* better in all four */
    const double b3[4] = {1, 1, 1, 1};
    assert_int_equal(noc_pareto_dominates(b3, a, 4, 0), 1);
    /* n limits the objectives looked at: over the first one only, b2 (9 < 10) dominates */
    assert_int_equal(noc_pareto_dominates(b2, a, 1, 0), 1);
    /* the last objective counts: worse only in the 4th */
    const double b4[4] = {9, 5, 2, 5};
    assert_int_equal(noc_pareto_dominates(b4, a, 4, 0), 0);
    assert_int_equal(noc_pareto_dominates(b4, a, 3, 0), 1);
    /* NaN compares false: neither dominates through it */
    const double bn[4] = {1, NAN, 1, 1};
    assert_int_equal(noc_pareto_dominates(bn, a, 4, 0), 0);
    assert_int_equal(noc_pareto_dominates(a, bn, 4, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uf_hand),
        cmocka_unit_test(test_uf_halving),
        cmocka_unit_test(test_uf_random),
        cmocka_unit_test(test_pareto),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
