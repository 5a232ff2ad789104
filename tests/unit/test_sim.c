/* Unit tests of the simulator against closed-form values (nocsyn/sim.h).
 *
 * Oracles:
 *  - zero-load latency: the pipeline of sim.h gives a packet of len flits
 *    over h router hops sum(L) + (h + 1) D + len - 1 cycles; on a k x k mesh
 *    under uniform traffic (self pairs included) the mean distance per
 *    dimension is (k^2 - 1) / (3k) (E|x - y| for x, y uniform on 0..k-1;
 *    Dally & Towles, "Principles and Practices of Interconnection
 *    Networks", sec. 3.3.2), so h = 2 (k^2 - 1) / (3k) = 2.5 for k = 4;
 *  - a lone flow has no contention: every packet takes exactly the
 *    zero-load latency (hand-worked below);
 *  - channel utilisation = offered rate x the channel load of eval under
 *    the same deterministic routing (loads are per unit injection,
 *    docs/INTERFACE.md section 2);
 *  - dropping flow control on a k-ary n-fly: accepted = p_n of
 *    p_{i+1} = 1 - (1 - p_i/k)^k (Dally & Towles sec. 12.2; Patel 1981),
 *    computed by noc_latency_drop;
 *  - throughput never exceeds 1 / max_channel_load of eval (the channel
 *    capacity bound of Dally & Towles sec. 3.3.1), nor 1 (injection);
 *  - dateline VC classes (Dally & Seitz 1987; Dally & Towles sec. 14.2)
 *    worked by hand on a ring and a torus. */
#include "test_sim_fix.h"

#include "nocsyn/calc.h"

#include "../src/sim/sim_int.h"

static void check_zero_load(const char *spec, int D, int len, double mmpc, double want)
{
    struct fx f;
    struct noc_sim_opts o;
    fx_opts(&o);
    o.router_delay = D;
    o.pkt_short = o.pkt_long = len;
    o.mm_per_cycle = mmpc;
    fx_setup(&f, spec, "uniform", &o);
    double t0;
    int exact = 0;
    assert_int_equal(noc_sim_zero_load(&f.sim, &t0, &exact, &f.ctx), NOC_OK);
    assert_int_equal(exact, 1);
    if (fabs(t0 - want) > 1e-9)
        fail_msg("%s D=%d len=%d: zero-load %.6f, want %.6f", spec, D, len, t0, want);
    fx_free(&f);
}

/* 4x4 mesh, h = 2.5, every link 1 cycle at 2 mm/cycle (1 mm links, 0.5 mm
 * terminal links): T0 = (h + 2) + (h + 1) D + len - 1. */
static void zero_load_formula(void **state)
{
    (void)state;
    check_zero_load("mesh:k=4,n=2", 3, 1, 2, 4.5 + 3.5 * 3);     /* 15 */
    check_zero_load("mesh:k=4,n=2", 1, 4, 2, 4.5 + 3.5 + 3);     /* 11 */
    /* 0.5 mm per cycle: router links 2 cycles, terminal links 1:
     * 2 + 2h + 3 (h + 1) = 17.5. */
    check_zero_load("mesh:k=4,n=2", 3, 1, 0.5, 2 + 5 + 10.5);
    /* 8x8: h = 2 * 63 / 24 = 5.25, T0 = 7.25 + 6.25 * 3 = 26. */
    check_zero_load("mesh:k=8,n=2", 3, 1, 2, 26);
}

/* At 2% load a 4x4 mesh sees almost no contention: the measured mean
 * latency is within 4% above the zero-load latency. */
static void low_load_latency(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point p;
    fx_opts(&o);
    fx_setup(&f, "mesh:k=4,n=2", "uniform", &o);
    fx_run(&f, 0.02, &p);
    assert_true(p.stable);
    assert_true(p.latency_avg >= 15 - 1e-9 && p.latency_avg <= 15 * 1.04);
    assert_true(fabs(p.accepted - 0.02) < 0.004);
    noc_sim_point_free(&p);
    fx_free(&f);
}

/* Two routers in line, one flow t0 -> t1, one-flit packets: injection 1 +
 * router D + link 1 + router D + ejection 1 = 2D + 3 cycles for every
 * packet at any load (4 VCs rotate, nothing else competes), so mean and
 * p99 are both exactly 2D + 3. */
static void lone_flow_exact(void **state)
{
    (void)state;
    for (int D = 1; D <= 4; D++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.router_delay = D;
        fx_topo(&f, "linear:k=2");
        noc_traffic_init(&f.tr, 2);
        f.have_tr = 1;
        assert_int_equal(noc_traffic_add(&f.tr, 0, 1, 1.0, &f.ctx), NOC_OK);
        assert_int_equal(noc_traffic_finalize(&f.tr, &f.ctx), NOC_OK);
        assert_int_equal(fx_sim(&f, &o), NOC_OK);
        fx_run(&f, 0.7, &p);
        assert_true(p.packets > 500);
        if (p.latency_avg != 2 * D + 3 || p.latency_p99 != 2 * D + 3)
            fail_msg("D=%d: latency %g / p99 %g, want %d", D, p.latency_avg, p.latency_p99, 2 * D + 3);
        /* accepted = delivered flits / (cycles * sum of rows) = 0.7 */
        assert_true(fabs(p.accepted - 0.7) < 0.03);
        assert_int_equal(p.nflows, 1);
        assert_true(fabs(p.flows[0].latency_avg - (2 * D + 3)) < 1e-12);
        noc_sim_point_free(&p);
        fx_free(&f);
    }
}

/* Packets longer than a buffer wait for credits.  Two routers in line,
 * one flow t0 -> t1, unit links, D = 3, cd = 2, 5-flit packets, worked by
 * hand from the recurrence of sweep.c (e_j(i): cycle flit i leaves over
 * channel j; injection j = 0, router-router j = 1, ejection j = 2):
 * - B >= 5: no credit wait, 3 + 2 * 3 + 4 = 13 cycles.
 * - B = 4: flits 0-3 leave the source at 0..3 and r0 at 3..6; r1 forwards
 *   the head at 7, so its credit is back at r0 at 7 + 1 + 2 = 10 and r0
 *   sends flit 4 at 10 (not 7); it leaves r1 at 14 and arrives at 16.
 * - B = 2: e_0 = 0,1,6,7,13; e_1 = 3,4,10,11,17; e_2 = 7,8,14,15,21: the
 *   tail arrives at 23.
 * 8x8 mesh, uniform with self pairs, 2 VCs x 4 flits, 5 flits: the closed
 * form without credits is 30 (mean distance 2 x 63/24 = 5.25 hops: 7.25
 * channels + 6.25 routers x 3 + 4); every pair crossing a router-router
 * channel waits 7 - 4 = 3 cycles (the loop 2L + D + cd against 4 flits),
 * a self pair on one router 2 (the injection loop L + D - 1 + L + cd = 6):
 * 30 + 3 - 1/64 = 32.984375.  The measurement at a low load agrees. */
static void zero_load_credit_stall(void **state)
{
    (void)state;
    static const struct {
        int buf;
        double want;
    } c[] = {{5, 13}, {8, 13}, {4, 16}, {2, 23}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        double zl = 0;
        int exact = 0;
        fx_opts(&o);
        o.buf = c[i].buf;
        o.vcs = 2;
        o.pkt_short = o.pkt_long = 5;
        o.cycles = 20000;
        fx_topo(&f, "linear:k=2");
        noc_traffic_init(&f.tr, 2);
        f.have_tr = 1;
        assert_int_equal(noc_traffic_add(&f.tr, 0, 1, 1.0, &f.ctx), NOC_OK);
        assert_int_equal(noc_traffic_finalize(&f.tr, &f.ctx), NOC_OK);
        assert_int_equal(fx_sim(&f, &o), NOC_OK);
        assert_int_equal(noc_sim_zero_load(&f.sim, &zl, &exact, &f.ctx), NOC_OK);
        if (zl != c[i].want || !exact)
            fail_msg("buf %d: zero-load %g (exact %d), want %g", c[i].buf, zl, exact, c[i].want);
        fx_run(&f, 0.01, &p);
        assert_true(p.packets > 20);
        if (!(p.latency_avg >= c[i].want - 1e-9 && p.latency_avg <= c[i].want * 1.02))
            fail_msg("buf %d: measured %g, want %g", c[i].buf, p.latency_avg, c[i].want);
        noc_sim_point_free(&p);
        fx_free(&f);
    }
    struct fx f;
    struct noc_sim_opts o;
    double zl = 0;
    int exact = 0;
    fx_opts(&o);
    o.buf = 4;
    o.vcs = 2;
    o.pkt_short = o.pkt_long = 5;
    fx_setup(&f, "mesh:k=8,n=2", "uniform", &o);
    assert_int_equal(noc_sim_zero_load(&f.sim, &zl, &exact, &f.ctx), NOC_OK);
    assert_true(exact);
    assert_true(fabs(zl - 32.984375) < 1e-9);
    fx_free(&f);
}

/* No load above eval's channel-load bound is stable.  8x8 mesh under XY,
 * bounds by hand (the most loaded channel per unit injection):
 * - transpose (x,y) -> (y,x): the + X channel i -> i+1 of row j carries
 *   the sources x <= i < j of that row, j = 7, i = 6: 7, bound 1/7;
 * - bitcomp (x,y) -> (7-x,7-y): X channel i -> i+1 carries the x <= i with
 *   7 - x > i: min(i, 6 - i) + 1, 4 at i = 3, bound 1/4;
 * - tornado x -> x + 3 mod 8 (each dimension): + channel i -> i+1 carries
 *   x in [i-2, i] with x <= 4, - channel the x in 5..7 with x - 5 <= i:
 *   3 at i = 2..4 (a Y channel likewise), bound 1/3.
 * 3% above each bound the point must be unstable (transpose at 0.1469 was
 * called stable before), and eval agrees on the bound. */
static void unstable_above_bound(void **state)
{
    (void)state;
    static const struct {
        const char *traffic;
        double bound;
    } c[] = {{"transpose", 1.0 / 7}, {"bitcomp", 0.25}, {"tornado", 1.0 / 3}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.routing = NOC_RT_DOR;
        fx_setup(&f, "mesh:k=8,n=2", c[i].traffic, &o);
        assert_true(fabs(fx_eval_throughput(&f, NOC_RT_DOR, 1, NULL) - c[i].bound) < 1e-9);
        fx_run(&f, c[i].bound * 1.03, &p);
        if (p.stable)
            fail_msg("%s: offered %g above the bound %g called stable", c[i].traffic, p.offered, c[i].bound);
        noc_sim_point_free(&p);
        fx_free(&f);
    }
}

/* Utilisation of every channel = rate x eval's load under dor. */
static void utilisation_matches_eval(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point p;
    double *load = NULL;
    fx_opts(&o);
    o.channels = 1;
    o.cycles = 6000;
    o.tolerance = 1e-9; /* the whole window: statistical error ~0.007 */
    o.routing = NOC_RT_DOR;
    fx_setup(&f, "mesh:k=4,n=2", "uniform", &o);
    fx_eval_throughput(&f, NOC_RT_DOR, 1, &load);
    fx_run(&f, 0.25, &p);
    assert_non_null(p.util);
    double worst = 0;
    for (int c = 0; c < f.t.nch; c++) {
        double d = fabs(p.util[c] - 0.25 * load[c]);
        if (d > worst)
            worst = d;
    }
    if (worst > 0.025)
        fail_msg("utilisation differs from rate x load by %g", worst);
    free(load);
    noc_sim_point_free(&p);
    fx_free(&f);
}

/* Dropping 4-ary 3-fly against the recurrence, without and with resend. */
static void drop_matches_analysis(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_drop_result dr;
    fx_opts(&o);
    o.flow = NOC_SIM_DROP;
    fx_setup(&f, "butterfly:k=4,n=3", "uniform", &o);
    const double rates[] = {0.25, 0.5, 1.0};
    for (int i = 0; i < 3; i++) {
        struct noc_sim_point p;
        assert_int_equal(noc_latency_drop(4, 3, rates[i], 0, &dr, &f.ctx), NOC_OK);
        fx_run(&f, rates[i], &p);
        if (fabs(p.accepted - dr.throughput) > 0.03 * dr.throughput)
            fail_msg("drop at %g: simulated %g, analytical %g", rates[i], p.accepted, dr.throughput);
        /* the fraction of heads dropped is 1 - p_n / p_0 */
        assert_true(fabs(p.drop_rate - (1 - dr.throughput / rates[i])) < 0.03);
        noc_sim_point_free(&p);
    }
    fx_free(&f);
    o.resend = 1;
    fx_setup(&f, "butterfly:k=4,n=3", "uniform", &o);
    assert_int_equal(noc_latency_drop(4, 3, 0.8, 1, &dr, &f.ctx), NOC_OK);
    assert_true(dr.saturated);
    struct noc_sim_point p;
    fx_run(&f, 0.8, &p); /* above saturation p_n(1) = 0.432 */
    assert_false(p.stable);
    assert_true(fabs(p.accepted - dr.saturation) < 0.03 * dr.saturation);
    noc_sim_point_free(&p);
    fx_run(&f, 0.2, &p); /* below: everything gets through eventually */
    assert_true(p.stable);
    assert_true(fabs(p.accepted - 0.2) < 0.01);
    noc_sim_point_free(&p);
    fx_free(&f);
}

/* A load 10% above 1 / max_channel_load cannot be sustained; half of it
 * can.  With symmetric traffic the accepted load at overload stays below
 * the bound as well. */
static void check_bound(struct fx *f, int routing, int vcs, int symmetric)
{
    struct noc_sim_opts o;
    struct noc_sim_point p;
    fx_opts(&o);
    o.routing = routing;
    o.vcs = vcs;
    if (fx_sim(f, &o) != NOC_OK)
        fail_msg("sim init (%s): %s", noc_routing_name(routing), f->ctx.msg);
    double thr = fx_eval_throughput(f, routing, vcs, NULL);
    const char *name = f->t.name ? f->t.name : "?";
    if (thr * 1.1 <= 1) {
        fx_run(f, thr * 1.1, &p);
        if (p.stable)
            fail_msg("%s on %s (%s): stable at %g, above 1/max_channel_load %g",
                     noc_routing_name(routing), name, f->tr.name, thr * 1.1, thr);
        if (symmetric && !(p.accepted <= thr * 1.02))
            fail_msg("%s on %s: accepted %g above 1/max_channel_load %g", noc_routing_name(routing),
                     name, p.accepted, thr);
        noc_sim_point_free(&p);
    }
    double low = (thr < 1 ? thr : 1) * 0.5;
    fx_run(f, low, &p);
    if (!p.stable)
        fail_msg("%s on %s (%s): unstable at half the bound (%g)", noc_routing_name(routing), name,
                 f->tr.name, low);
    noc_sim_point_free(&p);
}

/* Saturated throughput below the channel-load bound of eval, for every
 * routing model that gives paths. */
static void throughput_below_eval_bound(void **state)
{
    (void)state;
    static const struct {
        const char *spec, *traffic;
        int routing, vcs, symmetric;
    } cases[] = {
        {"mesh:k=4,n=2", "uniform", NOC_RT_DOR, 4, 1},
        {"mesh:k=4,n=2", "transpose", NOC_RT_DOR, 4, 0},
        {"mesh:k=4,n=2", "hotspot:0.3", NOC_RT_DOR, 4, 0},
        {"torus:k=4,n=2", "uniform", NOC_RT_DOR, 2, 1},
        {"torus:k=4,n=2", "uniform", NOC_RT_ECMP, 4, 1},
        {"ring:k=6", "tornado", NOC_RT_DOR, 4, 1},
        {"fattree:k=2,n=3", "uniform", NOC_RT_UPDOWN, 4, 0},
        {"mesh:k=3,n=2", "neighbor", NOC_RT_UPDOWN, 4, 0},
        {"butterfly:k=2,n=3", "uniform", NOC_RT_DESTTAG, 4, 1},
        {"omega:n=3", "bitrev", NOC_RT_DESTTAG, 4, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx f;
        fx_topo(&f, cases[i].spec);
        fx_traffic(&f, cases[i].traffic);
        check_bound(&f, cases[i].routing, cases[i].vcs, cases[i].symmetric);
        fx_free(&f);
    }
    struct fx f;
    fx_chain_table(&f);
    fx_traffic(&f, "uniform");
    check_bound(&f, NOC_RT_TABLE, 2, 0);
    fx_free(&f);
}

/* The classes of every weighted path of pair (s, d) under dor, as strings
 * of digits over the whole path (injection and ejection included). */
static void classes_of(struct fx *f, int s, int d, char out[][16], int *npaths)
{
    const struct sim_net *n = f->sim.priv;
    struct noc_pathset ps;
    unsigned char cls[16];
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_paths(&n->rt, noc_topo_term_node(&f->t, s),
                                       noc_topo_term_node(&f->t, d), &ps, &f->ctx), NOC_OK);
    *npaths = ps.npaths;
    for (int i = 0; i < ps.npaths; i++) {
        int len = ps.start[i + 1] - ps.start[i];
        assert_true(len < 16);
        noc_sim_path_classes(n, ps.ch + ps.start[i], len, cls);
        for (int k = 0; k < len; k++)
            out[i][k] = (char)('0' + cls[k]);
        out[i][len] = '\0';
    }
    noc_pathset_free(&ps);
}

/* Ring of 4 (router i = coordinate i): t3 -> t1 is a tie, + path
 * 3 -> 0 -> 1 takes the wraparound 3 -> 0 (class 1), - path 3 -> 2 -> 1
 * never wraps (class 0).  t2 -> t0, also a tie: + path 2 -> 3 -> 0 will
 * wrap, so class 1 from its first hop on (BookSim's dim_order_torus; the
 * old rule gave 0 then 1), - path 2 -> 1 -> 0 class 0.  t0 -> t3 goes -
 * over the wraparound 0 -> 3 (class 1).  Ring of 8: t6 -> t1 goes + over
 * 6 -> 7 -> 0 -> 1, class 1 on all three.  4x4 torus: t3 (3,0) -> t5
 * (1,1): X tie, + path 3 -> 0 -> 1 in class 1, then Y 0 -> 1 chosen
 * afresh: class 0. */
static void dateline_classes(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    char c[4][16];
    int np;
    fx_opts(&o);
    o.routing = NOC_RT_DOR;
    o.vcs = 2;
    fx_setup(&f, "ring:k=4", "uniform", &o);
    assert_int_equal(f.sim.classes, 2);
    classes_of(&f, 3, 1, c, &np);
    assert_int_equal(np, 2);
    assert_string_equal(c[0], "0110");
    assert_string_equal(c[1], "0000");
    classes_of(&f, 2, 0, c, &np);
    assert_int_equal(np, 2);
    assert_string_equal(c[0], "0110");
    assert_string_equal(c[1], "0000");
    classes_of(&f, 0, 3, c, &np);
    assert_int_equal(np, 1);
    assert_string_equal(c[0], "010");
    classes_of(&f, 0, 1, c, &np);
    assert_string_equal(c[0], "000");
    fx_free(&f);
    fx_setup(&f, "ring:k=8", "uniform", &o);
    classes_of(&f, 6, 1, c, &np);
    assert_int_equal(np, 1);
    assert_string_equal(c[0], "01110");
    classes_of(&f, 1, 3, c, &np);
    assert_string_equal(c[0], "0000");
    fx_free(&f);
    fx_setup(&f, "torus:k=4,n=2", "uniform", &o);
    classes_of(&f, 3, 5, c, &np);
    assert_int_equal(np, 2);
    assert_string_equal(c[0], "01100");
    assert_string_equal(c[1], "00000");
    fx_free(&f);
    /* one VC: a single class, no dateline */
    o.vcs = 1;
    fx_setup(&f, "ring:k=4", "uniform", &o);
    assert_int_equal(f.sim.classes, 1);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_load_formula),
        cmocka_unit_test(low_load_latency),
        cmocka_unit_test(lone_flow_exact),
        cmocka_unit_test(zero_load_credit_stall),
        cmocka_unit_test(unstable_above_bound),
        cmocka_unit_test(utilisation_matches_eval),
        cmocka_unit_test(drop_matches_analysis),
        cmocka_unit_test(throughput_below_eval_bound),
        cmocka_unit_test(dateline_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
