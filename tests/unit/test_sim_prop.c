/* Property tests of the simulator (nocsyn/sim.h): flit conservation,
 * determinism (seed, threads), deadlock detection (a cyclic channel
 * dependency graph on one VC deadlocks; an acyclic one never trips the
 * detector -- Dally & Seitz 1987), injection processes keeping their mean
 * rate, the sweep and saturation search, per-flow results, bad input. */
#include "test_sim_fix.h"

static void check_conservation(const struct noc_sim_point *p, int lossless)
{
    if (p->flits_injected != p->flits_ejected + p->flits_inflight + p->flits_dropped)
        fail_msg("flits: injected %lld != ejected %lld + in flight %lld + dropped %lld", p->flits_injected,
                 p->flits_ejected, p->flits_inflight, p->flits_dropped);
    assert_true(p->flits_inflight >= 0);
    if (lossless)
        assert_int_equal(p->flits_dropped, 0);
}

static void conservation(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int flow, resend, s, l;
        double rate;
    } cases[] = {
        {"mesh:k=4,n=2", NOC_SIM_WORMHOLE, 0, 1, 5, 0.3},
        {"mesh:k=4,n=2", NOC_SIM_WORMHOLE, 0, 1, 5, 0.9}, /* overloaded: stops with flits inside */
        {"torus:k=4,n=2", NOC_SIM_VCT, 0, 4, 4, 0.5},
        {"butterfly:k=4,n=2", NOC_SIM_DROP, 0, 3, 3, 0.6},
        {"butterfly:k=4,n=2", NOC_SIM_DROP, 1, 1, 4, 0.9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.flow = cases[i].flow;
        o.resend = cases[i].resend;
        o.pkt_short = cases[i].s;
        o.pkt_long = cases[i].l;
        o.pkt_pshort = 0.5;
        fx_setup(&f, cases[i].spec, "uniform", &o);
        fx_run(&f, cases[i].rate, &p);
        check_conservation(&p, cases[i].flow != NOC_SIM_DROP);
        assert_true(p.flits_injected > 1000);
        if (cases[i].flow == NOC_SIM_DROP)
            assert_true(p.flits_dropped > 0);
        if (cases[i].rate == 0.9 && cases[i].flow == NOC_SIM_WORMHOLE)
            assert_true(p.flits_inflight > 0);
        noc_sim_point_free(&p);
        fx_free(&f);
    }
}

static int same_point(const struct noc_sim_point *a, const struct noc_sim_point *b)
{
    return a->offered == b->offered && a->accepted == b->accepted &&
           (a->latency_avg == b->latency_avg || (isnan(a->latency_avg) && isnan(b->latency_avg))) &&
           (a->latency_p99 == b->latency_p99 || (isnan(a->latency_p99) && isnan(b->latency_p99))) &&
           a->stable == b->stable && a->packets == b->packets && a->cycles_run == b->cycles_run &&
           a->flits_injected == b->flits_injected;
}

static void same_seed_same_result(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point a, b;
    fx_opts(&o);
    o.routing = NOC_RT_ECMP; /* random paths too */
    o.inject = NOC_SIM_ONOFF;
    fx_setup(&f, "torus:k=4,n=2", "uniform", &o);
    fx_run(&f, 0.4, &a);
    fx_run(&f, 0.4, &b);
    assert_true(same_point(&a, &b));
    noc_sim_point_free(&b);
    fx_free(&f);
    o.seed = 2;
    fx_setup(&f, "torus:k=4,n=2", "uniform", &o);
    fx_run(&f, 0.4, &b);
    assert_false(same_point(&a, &b));
    noc_sim_point_free(&a);
    noc_sim_point_free(&b);
    fx_free(&f);
}

/* A sweep gives the same points and saturation with 1 and 3 threads, and
 * its points equal single runs at the same loads. */
static void threads_do_not_matter(void **state)
{
    (void)state;
    struct noc_sim_result r[2];
    for (int k = 0; k < 2; k++) {
        struct fx f;
        struct noc_sim_opts o;
        fx_opts(&o);
        o.threads = k ? 3 : 1;
        fx_setup(&f, "mesh:k=4,n=2", "uniform", &o);
        noc_sim_result_init(&r[k]);
        assert_int_equal(noc_sim_sweep(&f.sim, 0.2, 1, 0.2, &r[k], &f.ctx), NOC_OK);
        if (k == 1) {
            struct noc_sim_point p;
            fx_run(&f, r[k].points[1].offered, &p);
            assert_true(same_point(&p, &r[k].points[1]));
            noc_sim_point_free(&p);
        }
        fx_free(&f);
    }
    assert_int_equal(r[0].npoints, r[1].npoints);
    for (int i = 0; i < r[0].npoints; i++)
        assert_true(same_point(&r[0].points[i], &r[1].points[i]));
    assert_true(r[0].saturation == r[1].saturation);
    assert_true(r[0].zero_load_latency == r[1].zero_load_latency);
    noc_sim_result_free(&r[0]);
    noc_sim_result_free(&r[1]);
}

/* Sweep shape: points up to the first unstable one; the saturation lies
 * between the last stable and the first unstable load and below the
 * channel-load bound of eval (1 for a 4x4 mesh under dor). */
static void sweep_and_saturation(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_result r;
    fx_opts(&o);
    fx_setup(&f, "mesh:k=4,n=2", "uniform", &o);
    noc_sim_result_init(&r);
    assert_int_equal(noc_sim_sweep(&f.sim, 0.1, 1, 0.1, &r, &f.ctx), NOC_OK);
    assert_true(r.npoints >= 2);
    for (int i = 0; i + 1 < r.npoints; i++) {
        assert_true(r.points[i].stable);
        assert_true(r.points[i].offered < r.points[i + 1].offered);
    }
    const struct noc_sim_point *last = &r.points[r.npoints - 1];
    assert_false(last->stable);
    assert_true(r.saturation_found);
    assert_true(r.saturation >= r.points[r.npoints - 2].offered - 1e-12);
    assert_true(r.saturation < last->offered);
    assert_true(r.saturation <= fx_eval_throughput(&f, NOC_RT_DOR, 1, NULL));
    assert_true(fabs(r.zero_load_latency - 15) < 1e-9);
    noc_sim_result_free(&r);
    /* every load stable: saturation = the last load, not "found" */
    assert_int_equal(noc_sim_sweep(&f.sim, 0.05, 0.1, 0.05, &r, &f.ctx), NOC_OK);
    assert_int_equal(r.npoints, 2);
    assert_false(r.saturation_found);
    assert_true(r.saturation == 0.1);
    noc_sim_result_free(&r);
    fx_free(&f);
}

/* A ring of 4 routers (one terminal each) whose table routes all run
 * clockwise: its channel dependency graph is a cycle. */
static void clockwise_ring(struct fx *f)
{
    memset(f, 0, sizeof *f);
    noc_ctx_init(&f->ctx);
    noc_topo_init(&f->t);
    f->have_t = 1;
    char name[16];
    int r[4], term[4];
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "r%d", i);
        r[i] = noc_topo_add_node(&f->t, name, NOC_ROUTER, &f->ctx);
    }
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "t%d", i);
        term[i] = noc_topo_add_node(&f->t, name, NOC_TERMINAL, &f->ctx);
        assert_int_equal(noc_topo_add_link(&f->t, term[i], r[i], &f->ctx), NOC_OK);
        assert_int_equal(noc_topo_add_channel(&f->t, r[i], r[(i + 1) % 4], &f->ctx), NOC_OK);
    }
    for (int s = 0; s < 4; s++)
        for (int d = 0; d < 4; d++) {
            int path[4], n = 0;
            for (int x = s; x != d; x = (x + 1) % 4)
                path[n++] = r[x];
            path[n++] = r[d];
            assert_int_equal(noc_topo_add_route(&f->t, term[s], term[d], path, n, &f->ctx), NOC_OK);
        }
    assert_int_equal(noc_topo_finalize(&f->t, &f->ctx), NOC_OK);
    fx_traffic(f, "uniform");
}

static int deadlock_free_by_cdg(struct fx *f, int routing, int vcs)
{
    struct noc_routing rt;
    int ok = -1;
    assert_int_equal(noc_routing_init(&rt, &f->t, routing, vcs, &f->ctx), NOC_OK);
    assert_int_equal(noc_routing_deadlock_free(&rt, &ok, &f->ctx), NOC_OK);
    noc_routing_free(&rt);
    return ok;
}

static void cyclic_cdg_deadlocks(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int buf, len;
        double rate;
    } cases[] = {
        {"ring:k=4", 4, 4, 1.0}, /* dor, 1 VC: 4-ary 1-cube */
        {"ring:k=8", 2, 1, 0.9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.routing = NOC_RT_DOR;
        o.vcs = 1;
        o.buf = cases[i].buf;
        o.pkt_short = o.pkt_long = cases[i].len;
        o.warmup = 10000;
        fx_setup(&f, cases[i].spec, "uniform", &o);
        assert_int_equal(deadlock_free_by_cdg(&f, NOC_RT_DOR, 1), 0);
        noc_sim_point_init(&p);
        assert_int_equal(noc_sim_run(&f.sim, cases[i].rate, &p, &f.ctx), NOC_EINFEASIBLE);
        assert_non_null(strstr(f.ctx.msg, "deadlock"));
        fx_free(&f);
    }
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point p;
    clockwise_ring(&f);
    assert_int_equal(deadlock_free_by_cdg(&f, NOC_RT_TABLE, 1), 0);
    fx_opts(&o);
    o.routing = NOC_RT_TABLE;
    o.vcs = 1;
    o.buf = 2;
    o.pkt_short = o.pkt_long = 4;
    o.warmup = 10000;
    assert_int_equal(fx_sim(&f, &o), NOC_OK);
    noc_sim_point_init(&p);
    assert_int_equal(noc_sim_run(&f.sim, 1.0, &p, &f.ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(f.ctx.msg, "deadlock"));
    fx_free(&f);
}

/* Deadlock-free routings (acyclic CDG) at full load with long packets and
 * short buffers for 10000 cycles: the detector never fires. */
static void acyclic_cdg_never_deadlocks(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int routing, vcs;
    } cases[] = {
        {"ring:k=4", NOC_RT_DOR, 2},     {"ring:k=8", NOC_RT_DOR, 2},
        {"torus:k=4,n=2", NOC_RT_DOR, 2}, {"mesh:k=4,n=2", NOC_RT_DOR, 1},
        {"torus:k=4,n=2", NOC_RT_UPDOWN, 1}, {"butterfly:k=2,n=3", NOC_RT_DESTTAG, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.routing = cases[i].routing;
        o.vcs = cases[i].vcs;
        o.buf = 2;
        o.pkt_short = o.pkt_long = 4;
        o.warmup = 10000;
        o.cycles = 1500;
        fx_setup(&f, cases[i].spec, "uniform", &o);
        assert_int_equal(deadlock_free_by_cdg(&f, cases[i].routing, cases[i].vcs), 1);
        fx_run(&f, 1.0, &p);
        check_conservation(&p, 1);
        noc_sim_point_free(&p);
        fx_free(&f);
    }
}

/* Every injection process and the bimodal mix keep the offered mean. */
static void injection_processes(void **state)
{
    (void)state;
    double lat[3];
    for (int k = 0; k < 3; k++) {
        struct fx f;
        struct noc_sim_opts o;
        struct noc_sim_point p;
        fx_opts(&o);
        o.inject = k;
        o.burst = 2; /* on/off: ON 10 cycles, OFF 40 on average */
        o.cycles = 10000;
        o.tolerance = 1e-9;
        o.pkt_short = 1;
        o.pkt_long = 9;
        o.pkt_pshort = 0.5; /* mean 5 flits */
        fx_setup(&f, "mesh:k=4,n=2", "uniform", &o);
        fx_run(&f, 0.2, &p);
        if (fabs(p.accepted - 0.2) > 0.012)
            fail_msg("%s: accepted %g at offered 0.2", noc_sim_inject_name(k), p.accepted);
        lat[k] = p.latency_avg;
        noc_sim_point_free(&p);
        fx_free(&f);
    }
    /* bursts queue at the source: on/off is slower than bernoulli */
    assert_true(lat[NOC_SIM_ONOFF] > lat[NOC_SIM_BERNOULLI]);
}

/* App-like sparse traffic: per-flow results; the flow over more hops has
 * the larger latency at low load; a flow offering w * rate gets it. */
static void per_flow_results(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point p;
    fx_opts(&o);
    o.cycles = 6000;
    o.tolerance = 1e-9;
    fx_topo(&f, "mesh:k=4,n=2");
    noc_traffic_init(&f.tr, 16);
    f.have_tr = 1;
    assert_int_equal(noc_traffic_add(&f.tr, 0, 15, 1.0, &f.ctx), NOC_OK); /* 6 hops */
    assert_int_equal(noc_traffic_add(&f.tr, 5, 6, 0.5, &f.ctx), NOC_OK);  /* 1 hop */
    assert_int_equal(noc_traffic_finalize(&f.tr, &f.ctx), NOC_OK);
    assert_int_equal(fx_sim(&f, &o), NOC_OK);
    fx_run(&f, 0.3, &p);
    assert_int_equal(p.nflows, 2);
    const struct noc_sim_flowstat *a = &p.flows[0], *b = &p.flows[1];
    assert_int_equal(a->src, 0);
    assert_int_equal(b->src, 5);
    assert_true(fabs(a->offered - 0.3) < 1e-12 && fabs(b->offered - 0.15) < 1e-12);
    assert_true(fabs(a->accepted - 0.3) < 0.02 && fabs(b->accepted - 0.15) < 0.02);
    /* lone flows: zero-load latency 1 + 7 * 3 + 6 + 1 = 29 and 1 + 2 * 3 + 1 + 1 = 9 */
    assert_true(fabs(a->latency_avg - 29) < 1e-9 && fabs(b->latency_avg - 9) < 1e-9);
    /* accepted over the sum of the rows (1.5) = 0.3 */
    assert_true(fabs(p.accepted - 0.3) < 0.02);
    noc_sim_point_free(&p);
    fx_free(&f);
}

static void bad_input(void **state)
{
    (void)state;
    struct fx f;
    struct noc_sim_opts o;
    struct noc_sim_point p;
    struct noc_sim_result r;
    fx_opts(&o);
    fx_setup(&f, "mesh:k=3,n=2", "uniform", &o);
    const double bad_rates[] = {0, -0.1, 1.5, NAN};
    noc_sim_point_init(&p);
    for (int i = 0; i < 4; i++)
        assert_int_equal(noc_sim_run(&f.sim, bad_rates[i], &p, &f.ctx), NOC_EINVAL);
    noc_sim_result_init(&r);
    assert_int_equal(noc_sim_sweep(&f.sim, 0.5, 0.2, 0.1, &r, &f.ctx), NOC_EINVAL);
    assert_int_equal(noc_sim_sweep(&f.sim, 0.1, 0.5, 0, &r, &f.ctx), NOC_EINVAL);
    fx_free(&f);

    fx_topo(&f, "mesh:k=3,n=2");
    fx_traffic(&f, "uniform");
    struct noc_sim_opts b;
    const int fields = 8;
    for (int k = 0; k < fields; k++) {
        fx_opts(&b);
        switch (k) {
        case 0: b.buf = 0; break;
        case 1: b.cycles = 0; break;
        case 2: b.vcs = 0; break;
        case 3: b.flow = NOC_SIM_VCT; b.pkt_short = b.pkt_long = 9; b.buf = 8; break;
        case 4: b.router_delay = 0; break;
        case 5: b.pkt_pshort = 1.5; break;
        case 6: b.resend = 1; break; /* without drop */
        default: b.mm_per_cycle = -1; break; /* 0 = from the clock */
        }
        noc_ctx_clear(&f.ctx);
        if (fx_sim(&f, &b) != NOC_EINVAL)
            fail_msg("bad option %d accepted", k);
    }
    fx_opts(&b);
    b.routing = NOC_RT_IDEAL;
    assert_int_equal(fx_sim(&f, &b), NOC_EUNSUP);
    b.routing = NOC_RT_DESTTAG; /* not a butterfly */
    assert_int_equal(fx_sim(&f, &b), NOC_EUNSUP);
    fx_free(&f);
    fx_topo(&f, "butterfly:k=2,n=2");
    fx_traffic(&f, "uniform");
    b.routing = NOC_RT_DOR;
    assert_int_equal(fx_sim(&f, &b), NOC_EUNSUP);
    b.routing = -1; /* default: desttag */
    assert_int_equal(fx_sim(&f, &b), NOC_OK);
    assert_int_equal(f.sim.routing, NOC_RT_DESTTAG);
    fx_free(&f);
    /* traffic for another terminal count */
    fx_topo(&f, "mesh:k=3,n=2");
    noc_traffic_init(&f.tr, 4);
    f.have_tr = 1;
    assert_int_equal(noc_traffic_finalize(&f.tr, &f.ctx), NOC_OK);
    assert_int_equal(fx_sim(&f, &b), NOC_EINVAL);
    fx_free(&f);
}

/* The default routing: table when the stored routes cover the traffic,
 * else dor, desttag, updown -- the first that applies; fat trees and Clos
 * networks take nca (load spread over the up paths) before those (issue 29
 * item 3: updown's single root saturated the 2-ary 6-tree at 0.05). */
static void default_routing(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int want;
    } cases[] = {
        {"mesh:k=3,n=2", NOC_RT_DOR},
        {"hypercube:n=3", NOC_RT_DOR},
        {"butterfly:k=2,n=2", NOC_RT_DESTTAG},
        {"fattree:k=2,n=2", NOC_RT_NCA},
        {"clos:m=2,n=2,r=2", NOC_RT_NCA},
        {"hring:g=2,l=3", NOC_RT_UPDOWN},
    };
    struct noc_sim_opts o;
    fx_opts(&o);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fx f;
        fx_setup(&f, cases[i].spec, "uniform", &o);
        assert_int_equal(f.sim.routing, cases[i].want);
        fx_free(&f);
    }
    struct fx f;
    fx_chain_table(&f);
    fx_traffic(&f, "uniform");
    assert_int_equal(fx_sim(&f, &o), NOC_OK);
    assert_int_equal(f.sim.routing, NOC_RT_TABLE);
    fx_free(&f);
    /* routes for only some pairs: uniform traffic falls back to updown */
    fx_chain_table(&f);
    int all = f.t.nroutes;
    f.t.nroutes = 3;
    fx_traffic(&f, "uniform");
    assert_int_equal(fx_sim(&f, &o), NOC_OK);
    assert_int_equal(f.sim.routing, NOC_RT_UPDOWN);
    noc_sim_free(&f.sim);
    f.have_sim = 0;
    f.t.nroutes = all; /* so that every route is released */
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conservation),
        cmocka_unit_test(same_seed_same_result),
        cmocka_unit_test(threads_do_not_matter),
        cmocka_unit_test(sweep_and_saturation),
        cmocka_unit_test(cyclic_cdg_deadlocks),
        cmocka_unit_test(acyclic_cdg_never_deadlocks),
        cmocka_unit_test(injection_processes),
        cmocka_unit_test(per_flow_results),
        cmocka_unit_test(default_routing),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
