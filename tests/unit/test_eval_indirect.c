/* Evaluation engine, indirect networks: closed forms.
 *
 * Butterflies (D&T ch. 4), Omega (Lawrie 1975) and the multistage cube
 * (Siegel): a terminal injects into the first stage and ejects from the
 * last, so every pair -- self included -- crosses the n - 1 inter-stage
 * channels of its unique path: hops avg = excl = max = diameter = n - 1,
 * path diversity 1.  Under uniform traffic each inter-stage gap carries
 * the N units injected over its N channels; the network is balanced, so
 * every channel carries 1 (D&T sec. 4.3: gamma = 1 for the butterfly). */
#include "test_eval_fix.h"

static void check_min(const char *spec, int stages, int routing)
{
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    fx_gen(&t, spec);
    fx_uniform(&tr, t.nterminals);
    fx_eval(&t, &tr, routing, &m);
    assert_close(m.hops_avg, stages - 1);
    assert_close(m.hops_avg_excl_self, stages - 1);
    assert_int_equal(m.hops_max, stages - 1);
    assert_int_equal(m.diameter, stages - 1);
    assert_close(m.pd_min, 1);
    assert_close(m.pd_max, 1);
    assert_close(m.max_channel_load, 1);
    for (int e = 0; e < t.nch; e++)
        assert_close(m.load[e], 1); /* injection and ejection carry 1 too */
    if (routing == NOC_RT_DESTTAG)
        assert_int_equal(m.deadlock_free, 1);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

static void butterflies(void **state)
{
    (void)state;
    check_min("butterfly:k=2,n=3", 3, NOC_RT_ECMP);
    check_min("butterfly:k=2,n=3", 3, NOC_RT_DESTTAG);
    check_min("butterfly:k=3,n=2", 2, NOC_RT_ECMP);
    check_min("butterfly:k=4,n=3", 3, NOC_RT_DESTTAG);
    struct noc_metrics m;
    fx_eval_spec("butterfly:k=2,n=3", NOC_RT_ECMP, &m);
    assert_int_equal(m.radix_max, 4); /* a 2 x 2 switch: radix 2k */
    assert_int_equal(m.links, 16);    /* 2 gaps x 4 switches x 2 one-way channels */
    noc_metrics_free(&m);
}

static void omega_and_cube(void **state)
{
    (void)state;
    check_min("omega:n=3", 3, NOC_RT_ECMP);
    check_min("omega:n=4", 4, NOC_RT_DESTTAG);
    check_min("cube:n=3", 3, NOC_RT_ECMP);
    check_min("cube:n=3", 3, NOC_RT_DESTTAG);
}

/* 3-stage Clos m n r (Clos 1953; D&T sec. 6.3): every pair goes input ->
 * middle -> output: 2 hops, one path per middle switch (m).  An input
 * switch's n terminals inject n, split evenly over its m up-channels: n/m;
 * an output switch receives n over m channels: n/m. */
static void clos(void **state)
{
    (void)state;
    static const int cases[][3] = {{3, 2, 4}, {2, 4, 3}, {4, 4, 2}};
    for (int i = 0; i < 3; i++) {
        int mm = cases[i][0], n = cases[i][1], r = cases[i][2];
        char spec[48];
        snprintf(spec, sizeof spec, "clos:m=%d,n=%d,r=%d", mm, n, r);
        struct noc_metrics m;
        fx_eval_spec(spec, NOC_RT_ECMP, &m);
        assert_int_equal(m.terminals, n * r);
        assert_close(m.hops_avg, 2);
        assert_int_equal(m.diameter, 2);
        assert_close(m.pd_min, mm);
        assert_close(m.pd_max, mm);
        assert_close(m.max_channel_load, (double)n / mm);
        noc_metrics_free(&m);
    }
}

/* k-ary n-tree (Petrini & Vanneschi 1997; gen.h numbering).  Leaves whose
 * (n-1)-digit addresses first differ at digit j (most significant first)
 * meet at level j: 2(n-1-j) hops; a random destination shares digits
 * 0..j-1 and differs at j with probability k^-j (1 - 1/k), and the same
 * leaf with k^-(n-1) (0 hops): avg = sum_j k^-j (1-1/k) 2(n-1-j).  Going
 * up, each of the n-1-j upward hops may pick any of k parents: k^(n-1-j)
 * minimal paths, max k^(n-1).  Up-channels from level l+1 to l: the
 * traffic leaving the level-(l+1) subtree, 1 - k^-(l+1) per terminal, over
 * N channels (ECMP spreads it evenly): the leaf up-links carry the most,
 * 1 - k^-(n-1). */
static void fattree(void **state)
{
    (void)state;
    static const int cases[][2] = {{2, 3}, {4, 2}, {3, 3}};
    for (int i = 0; i < 3; i++) {
        int k = cases[i][0], n = cases[i][1];
        double avg = 0;
        for (int j = 0; j <= n - 2; j++)
            avg += pow(k, -j) * (1 - 1.0 / k) * 2 * (n - 1 - j);
        char spec[48];
        snprintf(spec, sizeof spec, "fattree:k=%d,n=%d", k, n);
        struct noc_metrics m;
        fx_eval_spec(spec, NOC_RT_ECMP, &m);
        assert_close(m.hops_avg, avg);
        assert_int_equal(m.diameter, 2 * (n - 1));
        assert_close(m.pd_max, pow(k, n - 1));
        assert_close(m.pd_min, 1);
        assert_close(m.max_channel_load, 1 - pow(k, -(n - 1)));
        noc_metrics_free(&m);
    }
    /* k = 2, n = 3 by hand: avg (1/2)*4 + (1/4)*2 = 5/2. */
    struct noc_metrics m;
    fx_eval_spec("fattree:k=2,n=3", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 2.5);
    assert_close(m.max_channel_load, 0.75);
    noc_metrics_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(butterflies),
        cmocka_unit_test(omega_and_cube),
        cmocka_unit_test(clos),
        cmocka_unit_test(fattree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
