/* Evaluation engine, direct networks: closed forms.
 *
 * Sources: Dally & Towles, "Principles and Practices of Interconnection
 * Networks" (2004), ch. 3 (throughput, channel load, bisection bounds) and
 * ch. 5 (k-ary n-cubes: average hops and channel loads); Siegel,
 * "Interconnection Networks for Large-Scale Parallel Processing" (Illiac,
 * PM2I / barrel shifter); Preparata & Vuillemin 1981 (CCC).  Where a formula
 * is derived here, the derivation is in the comment.  Conventions
 * (docs/INTERFACE.md section 2): hops = router-to-router channels; hops.avg over all N^2
 * ordered pairs (self included), avg_excl_self over N(N-1); uniform traffic
 * = 1/N from every terminal to every terminal.
 *
 * Per-dimension building blocks (uniform over the k positions, self
 * included; derivations by summing |i - j| or the ring distance):
 *   line  of k: sum_{i,j} |i-j| = (k^3 - k)/3  -> avg (k^2 - 1)/(3k)
 *   ring, k even: distances 0,1,1,..,k/2-1,k/2-1,k/2 sum k^2/4 -> avg k/4
 *   ring, k odd:  distances 0, 1..(k-1)/2 twice, sum (k^2-1)/4
 *                 -> avg (k^2 - 1)/(4k)
 * (D&T sec. 5.2.2 give k/4 for the ring/torus and k/3 for the mesh: the
 * first holds only for even k, the second only as k -> infinity; the exact
 * values above are what the tests check.)  Hops add over dimensions and the
 * coordinates of a uniform pair are independent, so an n-dimensional
 * network has n times the per-dimension average (D&T eq. 5.8-5.9).
 */
#include "test_eval_fix.h"

/* avg over pairs s != d from the average over all N^2 pairs (self pairs
 * have 0 hops in every direct network with one router per terminal set). */
static double excl(double avg, double n) { return avg * n / (n - 1); }

/* Ring of k: D&T sec. 5.2 with exact odd/even forms (header comment).
 * Channel load: by symmetry every one of the 2k channels carries
 * total / 2k, total = N * avg = sum of distances, so k/8 (even) or
 * (k^2-1)/(8k) (odd) -- D&T eq. 5.12 (gamma_torus = k/8) holds for even k
 * only.  Path diversity: only the antipodal pair of an even ring has two
 * minimal paths: avg over the k-1 partners = (k - 2 + 2)/(k - 1). */
static void ring_even_and_odd(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("ring:k=8", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 8.0 / 4);
    assert_close(m.hops_avg_excl_self, 64.0 / (4 * 7));
    assert_int_equal(m.diameter, 4);
    assert_int_equal(m.hops_max, 4);
    assert_close(m.max_channel_load, 1.0);
    assert_close(m.throughput, 1.0);
    assert_close(m.pd_avg, 8.0 / 7);
    assert_close(m.pd_min, 1);
    assert_close(m.pd_max, 2);
    assert_int_equal(m.deadlock_free, -1);
    assert_int_equal(m.links, 8);
    assert_int_equal(m.channels, 16);
    assert_int_equal(m.degree_max, 2);
    assert_int_equal(m.radix_min, 3);
    noc_metrics_free(&m);
    /* dor on a ring: the antipodal pair splits 50/50, same loads. */
    fx_eval_spec("ring:k=8", NOC_RT_DOR, &m);
    assert_close(m.max_channel_load, 1.0);
    assert_close(m.hops_avg, 2.0);
    assert_close(m.pd_max, 2);
    assert_close(m.pd_avg, 8.0 / 7);
    noc_metrics_free(&m);
    fx_eval_spec("ring:k=7", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 48.0 / 28);
    assert_close(m.hops_avg_excl_self, 8.0 / 4); /* (k+1)/4 */
    assert_int_equal(m.diameter, 3);
    assert_close(m.max_channel_load, 48.0 / 56);
    assert_close(m.pd_max, 1);
    assert_close(m.pd_avg, 1);
    noc_metrics_free(&m);
}

/* Linear array of k: avg (k^2-1)/(3k), excl (k+1)/3.  The channel
 * i -> i+1 carries the (i+1)(k-1-i) pairs that cross it, 1/k each: max
 * k/4 (even k) and (k^2-1)/(4k) (odd k) at the middle (D&T eq. 3.7 / 5.14,
 * gamma_mesh = k/4, even k only). */
static void linear_even_and_odd(void **state)
{
    (void)state;
    struct noc_metrics m;
    static const int ks[] = {8, 7};
    for (int i = 0; i < 2; i++) {
        int k = ks[i];
        char spec[32];
        snprintf(spec, sizeof spec, "linear:k=%d", k);
        double load = k % 2 ? (k * k - 1.0) / (4.0 * k) : k / 4.0;
        for (int rt = 0; rt < 2; rt++) {
            fx_eval_spec(spec, rt ? NOC_RT_DOR : NOC_RT_ECMP, &m);
            assert_close(m.hops_avg, (k * k - 1.0) / (3.0 * k));
            assert_close(m.hops_avg_excl_self, (k + 1.0) / 3);
            assert_int_equal(m.diameter, k - 1);
            assert_close(m.max_channel_load, load);
            assert_close(m.pd_max, 1);
            if (rt)
                assert_int_equal(m.deadlock_free, 1);
            noc_metrics_free(&m);
        }
    }
}

/* 2-D and 3-D meshes: avg n(k^2-1)/(3k) (D&T eq. 5.9 exact form), diameter
 * n(k-1).  dor: an X channel x -> x+1 of row y carries sources of that row
 * with x_s <= x ((x+1) of them) to every destination with x_d > x
 * ((k-1-x) k of them), 1/k^2 each: (x+1)(k-1-x)/k, max k/4; a Y channel
 * after X likewise; so dor meets the ideal k/4 (even k), (k^2-1)/(4k) odd.
 * Path counts: a pair (dx, dy, dz) has the multinomial
 * (dx+dy+dz)! / (dx! dy! dz!) minimal paths; the corner pair of a k x k mesh
 * C(2k-2, k-1) (3432 for k = 8), of a 3x3x3 mesh 6!/(2!2!2!) = 90. */
static void mesh_2d_3d(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("mesh:k=8,n=2", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 2 * 63.0 / 24);
    assert_close(m.hops_avg_excl_self, excl(2 * 63.0 / 24, 64));
    assert_int_equal(m.diameter, 14);
    assert_close(m.pd_max, 3432);
    assert_close(m.pd_min, 1);
    assert_true(m.max_channel_load > 2.0 + 1e-9); /* ECMP exceeds the ideal k/4 */
    assert_int_equal(m.links, 112);
    assert_int_equal(m.degree_min, 2);
    assert_int_equal(m.degree_max, 4);
    assert_close(m.degree_avg, 224.0 / 64);
    assert_close(m.wire_length_mm, 112); /* pitch 1 mm, every link 1 mm */
    noc_metrics_free(&m);
    fx_eval_spec("mesh:k=8,n=2", NOC_RT_DOR, &m);
    assert_close(m.max_channel_load, 2.0);
    assert_close(m.throughput, 0.5);
    assert_close(m.hops_avg, 5.25);
    assert_close(m.pd_max, 1);
    assert_int_equal(m.deadlock_free, 1);
    noc_metrics_free(&m);
    fx_eval_spec("mesh:k=3,n=3", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 3 * 8.0 / 9);
    assert_close(m.hops_avg_excl_self, excl(8.0 / 3, 27));
    assert_int_equal(m.diameter, 6);
    assert_close(m.pd_max, 90);
    noc_metrics_free(&m);
    fx_eval_spec("mesh:k=3,n=3", NOC_RT_DOR, &m);
    assert_close(m.max_channel_load, 8.0 / 12);
    noc_metrics_free(&m);
}

/* ECMP on the 4 x 4 mesh, by hand.  By symmetry the central channels carry
 * the most; take c = (1,1) -> (2,1) (router r5 -> r6).  Only pairs with
 * x_s <= 1 < 2 <= x_d whose y-range contains row 1 can use c; a pair's
 * share is  P(c) = N1 * N2 / N  with N = C(dx+|dy|, |dy|) its minimal
 * paths, N1 = C((1-x_s) + |1-y_s|, |1-y_s|) the paths from s to (1,1), and
 * N2 = C((x_d-2) + |y_d-1|, |y_d-1|) those from (2,1) to d.  Summing over
 * x_s in {0,1}, x_d in {2,3} for each (y_s, y_d):
 *   (y_s,y_d)=(1,1): 1+1+1+1 = 4       (0,1),(1,0),(1,2),(2,1): 2 each
 *   (0,2),(2,0): 7/5 each  [(0,2): x_s=1,x_d=2: 1*1/C(3,2)=1/3;
 *                 x_s=0,x_d=2: C(2,1)*1/C(4,2) = 1/3; x_s=1,x_d=3:
 *                 1*C(2,1)/C(4,2) = 1/3; x_s=0,x_d=3: 2*2/C(5,2) = 2/5]
 *   (0,3),(3,0): 21/20 each   (1,3),(3,1): 13/10 each
 * e.g. (1,1): every pair stays in row 1 and must use c (share 1).  The total
 * is 4 + 4*2 + 2*7/5 + 2*21/20 + 2*13/10 = 39/2 pairs' worth, each pair
 * carrying 1/16: load 39/32 = 1.21875 > k/4 = 1 (the ideal, D&T sec.
 * 3.3.2): ECMP is not optimal on a mesh. */
static void mesh4_ecmp_by_hand(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_metrics m;
    fx_gen(&t, "mesh:k=4,n=2");
    fx_uniform(&tr, t.nterminals);
    fx_eval(&t, &tr, NOC_RT_ECMP, &m);
    assert_close(m.max_channel_load, 39.0 / 32);
    assert_close(fx_load(&t, &m, "r5", "r6"), 39.0 / 32);
    assert_close(fx_load(&t, &m, "r6", "r5"), 39.0 / 32);
    /* Recompute the table above from the share formula. */
    double sum = 0;
    for (int ys = 0; ys < 4; ys++)
        for (int yd = 0; yd < 4; yd++)
            for (int xs = 0; xs <= 1; xs++)
                for (int xd = 2; xd <= 3; xd++) {
                    if ((ys > 1 && yd > 1) || (ys < 1 && yd < 1))
                        continue;
                    int a = abs(1 - ys), b = abs(yd - 1);
                    sum += fx_binom(1 - xs + a, a) * fx_binom(xd - 2 + b, b) /
                           fx_binom(xd - xs + abs(yd - ys), abs(yd - ys));
                }
    assert_close(sum, 39.0 / 2);
    noc_metrics_free(&m);
    /* dor reaches the ideal k/4 = 1. */
    fx_eval(&t, &tr, NOC_RT_DOR, &m);
    assert_close(m.max_channel_load, 1.0);
    noc_metrics_free(&m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Tori: per dimension k/4 (even) or (k^2-1)/(4k) (odd), times n.  Every
 * channel of a torus carries the same ECMP load (edge symmetry):
 * total / (2nN) = (N * avg) / (2nN) = k/8 (even) or (k^2-1)/(8k) (odd)
 * (D&T eq. 5.12 for even k).  dor splits ties 50/50 and gives the same
 * maximum.  The farthest pair of an 8 x 8 torus (offset 4,4) has 2 x 2
 * directions and C(8,4) = 70 orderings each: 280 paths. */
static void torus_even_odd(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int k, n;
    } cases[] = {{"torus:k=8,n=2", 8, 2}, {"torus:k=5,n=2", 5, 2},
                 {"torus:k=4,n=3", 4, 3}, {"torus:k=3,n=3", 3, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = cases[i].k, n = cases[i].n;
        double per = k % 2 ? (k * k - 1.0) / (4.0 * k) : k / 4.0;
        double load = k % 2 ? (k * k - 1.0) / (8.0 * k) : k / 8.0;
        double N = pow(k, n);
        struct noc_topo t;
        struct noc_traffic tr;
        struct noc_metrics m;
        fx_gen(&t, cases[i].spec);
        fx_uniform(&tr, t.nterminals);
        fx_eval(&t, &tr, NOC_RT_ECMP, &m);
        assert_close(m.hops_avg, n * per);
        assert_close(m.hops_avg_excl_self, excl(n * per, N));
        assert_int_equal(m.diameter, n * (k / 2));
        assert_close(m.max_channel_load, load);
        for (int e = 0; e < t.nch; e++)
            if (noc_topo_is_rr(&t, e))
                assert_close(m.load[e], load);
        noc_metrics_free(&m);
        fx_eval(&t, &tr, NOC_RT_DOR, &m);
        assert_close(m.max_channel_load, load);
        assert_close(m.hops_avg, n * per);
        noc_metrics_free(&m);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
    struct noc_metrics m;
    fx_eval_spec("torus:k=8,n=2", NOC_RT_ECMP, &m);
    assert_close(m.pd_max, 280);
    noc_metrics_free(&m);
}

/* Binary n-cube (D&T sec. 5.3): avg n/2 (each bit differs with
 * probability 1/2), excl n 2^(n-1) / (2^n - 1), diameter n; every channel
 * carries total / channels = (N n/2) / (N n) = 1/2, under ECMP and e-cube
 * alike.  A pair at distance h has h! minimal paths: avg over the 15
 * partners of a 4-cube = (4*1 + 6*2 + 4*6 + 1*24)/15 = 64/15, max 4! = 24. */
static void hypercube(void **state)
{
    (void)state;
    struct noc_metrics m;
    for (int rt = 0; rt < 2; rt++) {
        fx_eval_spec("hypercube:n=4", rt ? NOC_RT_DOR : NOC_RT_ECMP, &m);
        assert_close(m.hops_avg, 2);
        assert_close(m.hops_avg_excl_self, 4 * 8.0 / 15);
        assert_int_equal(m.diameter, 4);
        assert_close(m.max_channel_load, 0.5);
        assert_close(m.pd_max, rt ? 1 : 24);
        assert_close(m.pd_avg, rt ? 1 : 64.0 / 15);
        noc_metrics_free(&m);
    }
}

/* Concentrated mesh (D&T sec. 7.1, concentration): terminals on a router are
 * 0 hops apart, so over all N^2 pairs the average equals the mesh's
 * n(k^2-1)/(3k); the loads are c times the mesh's (each router injects
 * c): dor c*k/4, ECMP c*39/32 for k = 4. */
static void cmesh(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("cmesh:k=4,n=2,c=4", NOC_RT_ECMP, &m);
    assert_int_equal(m.terminals, 64);
    assert_close(m.hops_avg, 2 * 15.0 / 12);
    assert_close(m.hops_avg_excl_self, excl(2.5, 64));
    assert_close(m.max_channel_load, 4 * 39.0 / 32);
    assert_close(m.pd_min, 1); /* two terminals of one router: one path */
    noc_metrics_free(&m);
    fx_eval_spec("cmesh:k=4,n=2,c=4", NOC_RT_DOR, &m);
    assert_close(m.max_channel_load, 4.0);
    noc_metrics_free(&m);
}

/* Flattened butterfly k-ary n-flat with concentration c (Kim, Dally, Abts,
 * ISCA 2007, flattening the butterfly of D&T ch. 4): hops = differing
 * coordinates, avg n(k-1)/k; the Hamming graph is edge symmetric, so every
 * channel carries (N * avg) / (k^n n (k-1)) = c/k.  dor: an X channel
 * a -> b carries the c terminals of a to the k c terminals of column b, a Y
 * channel the k c terminals of a row to the c of one router: c/k as well.
 * h differing coordinates give h! minimal paths. */
static void flatfly(void **state)
{
    (void)state;
    struct noc_metrics m;
    for (int rt = 0; rt < 2; rt++) {
        fx_eval_spec("flatfly:k=4,n=2,c=2", rt ? NOC_RT_DOR : NOC_RT_ECMP, &m);
        assert_close(m.hops_avg, 2 * 3.0 / 4);
        assert_int_equal(m.diameter, 2);
        assert_close(m.max_channel_load, 0.5);
        assert_close(m.pd_max, rt ? 1 : 2);
        noc_metrics_free(&m);
    }
}

/* Star of n routers: hub-leaf pairs 1 hop (2(n-1) ordered), leaf-leaf 2
 * hops ((n-1)(n-2) ordered): sum 2(n-1)^2, avg 2(n-1)^2/n^2, excl
 * 2(n-1)/n.  A leaf's link carries its (n-1)/n outgoing traffic. */
static void star(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("star:n=5", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 32.0 / 25);
    assert_close(m.hops_avg_excl_self, 8.0 / 5);
    assert_int_equal(m.diameter, 2);
    assert_close(m.max_channel_load, 4.0 / 5);
    assert_int_equal(m.degree_max, 4);
    noc_metrics_free(&m);
}

/* Complete binary tree of N = 2^h - 1 routers.  The channel from a subtree
 * of s nodes to its parent carries s (N - s) / N; the largest subtree
 * (s = (N-1)/2) gives (N^2 - 1)/(4N).  The distance sum is twice the Wiener
 * index W = sum over non-root v of s_v (N - s_v) = sum_{d=1}^{h-1} 2^d
 * (2^(h-d) - 1)(N - 2^(h-d) + 1): h = 3: W = 2*3*4 + 4*1*6 = 48, avg
 * 96/49, excl 96/42. */
static void tree(void **state)
{
    (void)state;
    struct noc_metrics m;
    for (int h = 3; h <= 5; h++) {
        char spec[32];
        snprintf(spec, sizeof spec, "tree:h=%d", h);
        double N = (1 << h) - 1, W = 0;
        for (int d = 1; d < h; d++) {
            double s = (1 << (h - d)) - 1;
            W += (1 << d) * s * (N - s);
        }
        fx_eval_spec(spec, NOC_RT_ECMP, &m);
        assert_close(m.hops_avg, 2 * W / (N * N));
        assert_close(m.hops_avg_excl_self, 2 * W / (N * (N - 1)));
        assert_int_equal(m.diameter, 2 * (h - 1));
        assert_close(m.max_channel_load, (N * N - 1) / (4 * N));
        assert_close(m.pd_max, 1);
        if (h == 3)
            assert_close(m.hops_avg, 96.0 / 49);
        noc_metrics_free(&m);
    }
}

/* Fully connected n: every pair one hop, one path, each channel 1/n. */
static void full(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("full:n=5", NOC_RT_ECMP, &m);
    assert_close(m.hops_avg, 4.0 / 5);
    assert_close(m.hops_avg_excl_self, 1);
    assert_int_equal(m.diameter, 1);
    assert_close(m.max_channel_load, 1.0 / 5);
    assert_close(m.pd_avg, 1);
    assert_int_equal(m.links, 10);
    noc_metrics_free(&m);
}

/* Cube-connected cycles CCC(k) (Preparata & Vuillemin 1981).  The
 * often-quoted diameter 2k + floor(k/2) - 2 (Meliksetian & Chen 1993)
 * holds for k >= 4 only: CCC(4) has 8 = 8 + 2 - 2, but CCC(3) has 6, not
 * 5: from (000,0) to (111,0) every bit must be flipped (3 cube hops, one
 * at each ring position 0, 1, 2) and the ring position must visit 1 and 2
 * and come back to 0 (3 ring steps at least).  Averages by an independent exact BFS over the definition (an
 * enumeration script kept out of the build): CCC(3) 37/12, CCC(4) 37/8. */
static void ccc(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("ccc:k=3", NOC_RT_ECMP, &m);
    assert_int_equal(m.routers, 24);
    assert_int_equal(m.diameter, 6);
    assert_true(m.diameter != 2 * 3 + 3 / 2 - 2);
    assert_close(m.hops_avg, 37.0 / 12);
    assert_close(m.hops_avg_excl_self, 74.0 / 23); /* = 37/12 * 24/23 */
    assert_close(m.max_channel_load, 1.5);
    noc_metrics_free(&m);
    fx_eval_spec("ccc:k=4", NOC_RT_ECMP, &m);
    assert_int_equal(m.diameter, 2 * 4 + 4 / 2 - 2);
    assert_close(m.hops_avg, 37.0 / 8);
    assert_close(m.hops_avg_excl_self, 296.0 / 63);
    assert_close(m.max_channel_load, 2.0);
    assert_close(m.pd_max, 10);
    noc_metrics_free(&m);
}

/* Barrel shifter (PM2I, Siegel ch. 2): a shift x needs as many +-2^j steps
 * as the weight of x's non-adjacent form mod 2^n, at most ceil(n/2): the
 * diameter.  n = 3: shifts 1,2,4,6,7 take one step, 3 and 5 two: sum over
 * the 8 shifts = 5 + 4 = 9, avg 9/8.  n = 4, 5 by the independent BFS:
 * 23/16 and 57/32. */
static void barrel(void **state)
{
    (void)state;
    static const double avg[] = {9.0 / 8, 23.0 / 16, 57.0 / 32};
    struct noc_metrics m;
    for (int n = 3; n <= 5; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "barrel:n=%d", n);
        fx_eval_spec(spec, NOC_RT_ECMP, &m);
        assert_int_equal(m.diameter, (n + 1) / 2);
        assert_close(m.hops_avg, avg[n - 3]);
        assert_close(m.hops_avg_excl_self, excl(avg[n - 3], 1 << n));
        assert_close(m.max_channel_load, 0.25);
        assert_int_equal(m.degree_max, 2 * n - 1);
        noc_metrics_free(&m);
    }
}

/* Illiac IV r x r (i ~ i+-1, i+-r mod r^2; Siegel): diameter r - 1.
 * r = 4 by hand: a circulant, so one source suffices: from 0 the distance
 * is 1 for {1,15,4,12}, 2 for {2,3,5,8,11,13,14}, 3 for {6,7,9,10}: sum
 * 4 + 14 + 12 = 30 over the 16 nodes, avg 30/16 = 15/8, excl 30/15 = 2. */
static void illiac(void **state)
{
    (void)state;
    struct noc_metrics m;
    fx_eval_spec("illiac:r=4", NOC_RT_ECMP, &m);
    assert_int_equal(m.diameter, 3);
    assert_close(m.hops_avg, 15.0 / 8);
    assert_close(m.hops_avg_excl_self, 2.0);
    assert_close(m.max_channel_load, 0.5);
    noc_metrics_free(&m);
    fx_eval_spec("illiac:r=3", NOC_RT_ECMP, &m);
    assert_int_equal(m.diameter, 2);
    assert_close(m.hops_avg, 4.0 / 3);
    noc_metrics_free(&m);
}

/* Hierarchical ring g x l (gen.h): local ring j = its l cores plus an
 * interface router, a ring of L = l + 1; the g interfaces on a global ring.
 * Core m of a local ring is a(m) = min(m + 1, l - m) hops from its
 * interface.  Hops between cores: same ring, the ring distance in L;
 * different rings j, j': a(m) + ringdist_g(j, j') + a(m').  The test sums
 * this formula (no search) and compares.  g = 4, l = 2 by hand: a = 1 for
 * both cores; per source: 1 (its neighbour) + 2 rings at global distance 1
 * (2 cores x 3 hops each) + 1 ring at distance 2 (2 x 4) = 21, avg 21/8,
 * excl 3. */
static int rdist(int a, int b, int n)
{
    int d = abs(a - b);
    return d < n - d ? d : n - d;
}

static void hring(void **state)
{
    (void)state;
    static const int gl[][2] = {{4, 2}, {3, 3}, {5, 4}};
    for (int i = 0; i < 3; i++) {
        int g = gl[i][0], l = gl[i][1], dmax = 0;
        double sum = 0, N = g * l;
        for (int s = 0; s < g * l; s++)
            for (int d = 0; d < g * l; d++) {
                int js = s / l, ms = s % l, jd = d / l, md = d % l, h;
                if (js == jd)
                    h = rdist(ms, md, l + 1);
                else
                    h = (ms + 1 < l - ms ? ms + 1 : l - ms) + rdist(js, jd, g) +
                        (md + 1 < l - md ? md + 1 : l - md);
                sum += h;
                if (h > dmax)
                    dmax = h;
            }
        char spec[32];
        snprintf(spec, sizeof spec, "hring:g=%d,l=%d", g, l);
        struct noc_metrics m;
        fx_eval_spec(spec, NOC_RT_ECMP, &m);
        assert_int_equal(m.routers, g * l + g);
        assert_close(m.hops_avg, sum / (N * N));
        assert_close(m.hops_avg_excl_self, sum / (N * (N - 1)));
        assert_int_equal(m.diameter, dmax);
        if (i == 0) {
            assert_close(m.hops_avg, 21.0 / 8);
            assert_close(m.hops_avg_excl_self, 3);
        }
        noc_metrics_free(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ring_even_and_odd), cmocka_unit_test(linear_even_and_odd),
        cmocka_unit_test(mesh_2d_3d),        cmocka_unit_test(mesh4_ecmp_by_hand),
        cmocka_unit_test(torus_even_odd),    cmocka_unit_test(hypercube),
        cmocka_unit_test(cmesh),             cmocka_unit_test(flatfly),
        cmocka_unit_test(star),              cmocka_unit_test(tree),
        cmocka_unit_test(full),              cmocka_unit_test(ccc),
        cmocka_unit_test(barrel),            cmocka_unit_test(illiac),
        cmocka_unit_test(hring),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
