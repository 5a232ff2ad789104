/* Unit tests: deadlock analysis on the channel dependency graph (Dally &
 * Seitz 1987: a deterministic routing is deadlock free iff its CDG is
 * acyclic; Dally & Towles sec. 14.1-14.2 for DOR on meshes and the dateline
 * on tori).  CDG sizes are hand-counted where stated. */
#include "test_route_fix.h"

/* White-box: noc_rt_deadlock_run lets the dor structural enumeration be compared
 * with the generic per-destination exploration. */
#include "../src/route/route_int.h"

/* Runs the check; returns acyclic, fills dl for inspection. */
static int check(const char *spec, int model, int vcs, struct noc_deadlock *dl)
{
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, spec);
    fx_routing(&r, &t, model, vcs);
    noc_deadlock_free(dl);
    if (noc_routing_deadlock(&r, dl, &ctx) != NOC_OK)
        fail_msg("deadlock %s: %s", spec, ctx.msg);
    int free1 = -1;
    assert_int_equal(noc_routing_deadlock_free(&r, &free1, &ctx), NOC_OK);
    assert_int_equal(free1, dl->acyclic);
    if (!dl->acyclic) {
        /* The reported cycle is a real cycle of consecutive channels. */
        assert_true(dl->ncycle >= 2);
        for (int i = 0; i < dl->ncycle; i++) {
            int a = dl->cycle_ch[i], b = dl->cycle_ch[(i + 1) % dl->ncycle];
            assert_int_equal(t.ch[a].dst, t.ch[b].src);
            assert_true(noc_topo_is_rr(&t, a));
            assert_true(dl->cycle_vc[i] >= 0 && dl->cycle_vc[i] < vcs);
        }
    }
    noc_routing_free(&r);
    noc_topo_free(&t);
    return dl->acyclic;
}

/* XY routing on a mesh never turns from Y to X and never reverses within a
 * dimension: acyclic with one VC. */
static void mesh_dor_acyclic(void **state)
{
    (void)state;
    struct noc_deadlock dl;
    noc_deadlock_init(&dl);
    assert_true(check("mesh:k=4,n=2", NOC_RT_DOR, 1, &dl));
    assert_true(check("mesh:k=3,n=3", NOC_RT_DOR, 1, &dl));
    assert_true(check("cmesh:k=3,n=2,c=2", NOC_RT_DOR, 1, &dl));
    assert_true(check("hypercube:n=4", NOC_RT_DOR, 1, &dl));
    assert_true(check("flatfly:k=4,n=2,c=1", NOC_RT_DOR, 1, &dl));
    /* Linear array of 3: deps r0r1 -> r1r2 and r2r1 -> r1r0: 2 edges, 4 nodes. */
    assert_true(check("linear:k=3", NOC_RT_DOR, 1, &dl));
    assert_int_equal(dl.cdg_edges, 2);
    assert_int_equal(dl.cdg_nodes, 4);
    noc_deadlock_free(&dl);
}

/* Ring of 5 under dor: routes of 2 hops use c_i then c_(i+1) in each
 * direction, so 1 VC gives two 5-cycles: 10 edges over 10 channels.  With
 * 2 VCs (BookSim's dateline: a run that will wrap uses class 1 throughout)
 * the + runs of 2 hops from 0, 1, 2 stay in class 0 (c0.0->c1.0,
 * c1.0->c2.0, c2.0->c3.0) and those from 3 and 4 wrap (c3.1->c4.1,
 * c4.1->c0.1): 5 edges over 4 + 3 = 7 states; the same going -: 14 nodes,
 * 10 edges, acyclic.  (The old rule, class 1 only from the wraparound
 * channel on, gave 12 nodes.) */
static void ring_dateline(void **state)
{
    (void)state;
    struct noc_deadlock dl;
    noc_deadlock_init(&dl);
    assert_false(check("ring:k=5", NOC_RT_DOR, 1, &dl));
    assert_int_equal(dl.cdg_edges, 10);
    assert_int_equal(dl.cdg_nodes, 10);
    assert_int_equal(dl.ncycle, 5);
    assert_true(check("ring:k=5", NOC_RT_DOR, 2, &dl));
    assert_int_equal(dl.cdg_edges, 10);
    assert_int_equal(dl.cdg_nodes, 14);
    /* Ring of 3: every route is at most one hop, so no dependency at all. */
    assert_true(check("ring:k=3", NOC_RT_DOR, 1, &dl));
    assert_int_equal(dl.cdg_edges, 0);
    /* Ring of 4: the tie at distance 2 uses both directions, 2 hops each.
     * 1 VC: c_x -> c_(x+1) for every x in both directions, two 4-cycles
     * (8 edges, 8 nodes).  2 VCs: + runs from 0 and 1 stay in class 0
     * (c0.0->c1.0, c1.0->c2.0), those from 2 and 3 wrap (c2.1->c3.1,
     * c3.1->c0.1): 4 edges over 6 states per direction, 8 edges, 12
     * nodes, acyclic. */
    assert_false(check("ring:k=4", NOC_RT_DOR, 1, &dl));
    assert_int_equal(dl.cdg_edges, 8);
    assert_int_equal(dl.cdg_nodes, 8);
    assert_true(check("ring:k=4", NOC_RT_DOR, 2, &dl));
    assert_int_equal(dl.cdg_edges, 8);
    assert_int_equal(dl.cdg_nodes, 12);
    noc_deadlock_free(&dl);
}

/* 4x4 torus: 2-hop routes around each ring close cycles with one VC; the
 * dateline classes break them with two.  3x3 torus: routes take at most one
 * hop per ring (distance <= 1), so only X -> Y turns remain: acyclic even
 * with one VC.
 *
 * The CDG of the 4-ary 2-cube by hand (64 router channels, ties at
 * distance 2 split both ways, so runs of 1 or 2 hops each way):
 * - 1 VC: within a ring, c_x -> c_(x+1) per x, direction and ring: 4 x 2 x
 *   8 rings = 64 edges; X -> Y turns at each of 16 routers: 2 incoming X
 *   channels x 2 outgoing Y channels = 64 edges.  128 edges over all 64
 *   channels.
 * - 2 VCs: within a ring the 2-hop + runs from 0 and 1 keep class 0, those
 *   from 2 and 3 wrap (class 1): still 4 edges per ring and direction (64),
 *   over the states c0.0 c1.0 c2.0 c2.1 c3.1 c0.1 (6 per ring direction,
 *   48 per dimension, 96 in all).  Turns: an X run arriving + at x had
 *   class {1} at x=0 (from 3, or 2), {0,1} at x=1 (from 0, or 3 wrapping),
 *   {0} at x=2 and 3: 1+2+1+1 = 5 states, and - (mirror) 5, so 10 arrival
 *   states per X ring; a Y run leaving + from y has class {0},{0},{0,1},{1}
 *   for y = 0..3 and - {1},{0,1},{0},{0}: 10 first-hop states per Y ring.
 *   Every arrival state of router (x, y) meets every first-hop state there,
 *   so the turn edges sum to (sum_x arrivals(x)) * (sum_y firsts(y)) =
 *   10 * 10 = 100.  164 edges over 96 nodes, acyclic; a third VC is unused.
 *   (Class 1 only from the wraparound channel on gave other counts.) */
static void torus_dateline(void **state)
{
    (void)state;
    struct noc_deadlock dl;
    noc_deadlock_init(&dl);
    assert_false(check("torus:k=4,n=2", NOC_RT_DOR, 1, &dl));
    assert_int_equal(dl.cdg_edges, 128);
    assert_int_equal(dl.cdg_nodes, 64);
    assert_true(check("torus:k=4,n=2", NOC_RT_DOR, 2, &dl));
    assert_int_equal(dl.cdg_edges, 164);
    assert_int_equal(dl.cdg_nodes, 96);
    assert_true(check("torus:k=4,n=2", NOC_RT_DOR, 3, &dl)); /* extra VCs unused */
    assert_int_equal(dl.cdg_edges, 164);
    assert_int_equal(dl.cdg_nodes, 96);
    assert_false(check("torus:k=5,n=3", NOC_RT_DOR, 1, &dl));
    assert_true(check("torus:k=5,n=3", NOC_RT_DOR, 2, &dl));
    assert_true(check("torus:k=3,n=2", NOC_RT_DOR, 1, &dl));
    noc_deadlock_free(&dl);
}

/* The classes dor gives a path: a run that will wrap is class 1 from its
 * first hop (BookSim's dim_order_torus), one that does not is 0. */
static void dateline_path_classes(void **state)
{
    (void)state;
    /* the rule itself: k = 8, + from 6 to 1 wraps, + from 1 to 3 does not;
     * - from 1 to 6 wraps, - from 3 to 1 does not. */
    assert_int_equal(noc_dateline_class(6, 1, 0), 1);
    assert_int_equal(noc_dateline_class(1, 3, 0), 0);
    assert_int_equal(noc_dateline_class(1, 6, 1), 1);
    assert_int_equal(noc_dateline_class(3, 1, 1), 0);
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_routing rt;
    struct noc_pathset ps;
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    fx_gen(&t, "ring:k=8");
    fx_routing(&rt, &t, NOC_RT_DOR, 2);
    /* terminal i sits on router r<i> */
    assert_string_equal(t.nodes[noc_topo_inject_router(&t, noc_topo_term_node(&t, 6))].name, "r6");
    assert_string_equal(t.nodes[noc_topo_inject_router(&t, noc_topo_term_node(&t, 1))].name, "r1");
    /* terminal t6 -> t1: r6 -> r7 -> r0 -> r1 (3 hops +, wraps): class 1 on
     * all three router channels (the old rule had 0, 1, 1). */
    int s = noc_topo_term_node(&t, 6), d = noc_topo_term_node(&t, 1), cls[16];
    assert_int_equal(noc_routing_paths(&rt, s, d, &ps, &ctx), NOC_OK);
    assert_int_equal(ps.npaths, 1);
    int n = ps.start[1] - ps.start[0], nrr = 0;
    assert_true(n <= 16);
    assert_int_equal(noc_routing_path_classes(&rt, ps.ch, n, cls, &ctx), NOC_OK);
    for (int i = 0; i < n; i++)
        if (noc_topo_is_rr(&t, ps.ch[i])) {
            assert_int_equal(cls[i], 1);
            nrr++;
        }
    assert_int_equal(nrr, 3);
    /* t1 -> t3: r1 -> r2 -> r3, no wrap: class 0. */
    s = noc_topo_term_node(&t, 1);
    d = noc_topo_term_node(&t, 3);
    assert_int_equal(noc_routing_paths(&rt, s, d, &ps, &ctx), NOC_OK);
    n = ps.start[1] - ps.start[0];
    assert_int_equal(noc_routing_path_classes(&rt, ps.ch, n, cls, &ctx), NOC_OK);
    for (int i = 0; i < n; i++)
        assert_int_equal(cls[i], 0);
    noc_pathset_free(&ps);
    noc_routing_free(&rt);
    noc_topo_free(&t);
}

/* up*-down* forbids down -> up turns, so the CDG is acyclic on any graph;
 * destination-tag routing on a MIN follows a DAG of channels. */
static void updown_desttag_acyclic(void **state)
{
    (void)state;
    struct noc_deadlock dl;
    noc_deadlock_init(&dl);
    assert_true(check("torus:k=4,n=2", NOC_RT_UPDOWN, 1, &dl));
    assert_true(check("chordal:n=8,w=3", NOC_RT_UPDOWN, 1, &dl));
    assert_true(check("ccc:k=3", NOC_RT_UPDOWN, 1, &dl));
    assert_true(check("butterfly:k=2,n=3", NOC_RT_DESTTAG, 1, &dl));
    assert_true(check("omega:n=3", NOC_RT_DESTTAG, 1, &dl));
    noc_deadlock_free(&dl);
}

/* A hand-made table on a 4-ring whose routes chase each other around:
 * t0->t2 r0 r1 r2, t1->t3 r1 r2 r3, t2->t0 r2 r3 r0, t3->t1 r3 r0 r1 give
 * dependencies r0r1->r1r2->r2r3->r3r0->r0r1: one 4-cycle.  Without the last
 * route the chain is open: acyclic. */
static void table_cycle(void **state)
{
    (void)state;
    static const int links[] = {0, 1, 1, 2, 2, 3, 3, 0};
    static const int routes[4][3] = {{0, 1, 2}, {1, 2, 3}, {2, 3, 0}, {3, 0, 1}};
    for (int nr = 3; nr <= 4; nr++) {
        struct noc_topo t;
        struct noc_routing r;
        struct noc_deadlock dl;
        struct noc_ctx ctx;
        noc_ctx_init(&ctx);
        noc_deadlock_init(&dl);
        fx_build(&t, 4, links, 4, NULL, 0);
        for (int i = 0; i < nr; i++)
            assert_int_equal(noc_topo_add_route(&t, 4 + i, 4 + (i + 2) % 4, routes[i], 3, &ctx), NOC_OK);
        assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
        fx_routing(&r, &t, NOC_RT_TABLE, 1);
        assert_int_equal(noc_routing_deadlock(&r, &dl, &ctx), NOC_OK);
        assert_int_equal(dl.cdg_edges, nr);
        if (nr == 3) {
            assert_true(dl.acyclic);
        } else {
            assert_false(dl.acyclic);
            assert_int_equal(dl.ncycle, 4);
            /* Consecutive in the cycle: each channel ends where the next starts. */
            for (int i = 0; i < 4; i++)
                assert_int_equal(t.ch[dl.cycle_ch[i]].dst, t.ch[dl.cycle_ch[(i + 1) % 4]].src);
        }
        noc_deadlock_free(&dl);
        noc_routing_free(&r);
        noc_topo_free(&t);
    }
}

/* dor's structural dependency enumeration must give exactly the CDG of the
 * generic exploration of all pairs' paths (same node and edge counts, same
 * verdict), for meshes, tori (odd/even k, k = 2 dimensions, ties), rings,
 * cmesh, flattened butterflies and hypercubes, with 1 and 2 VCs. */
static void dor_structural_matches_generic(void **state)
{
    (void)state;
    static const char *specs[] = {
        "mesh:k=4,n=2",     "mesh:dims=3x2x4", "linear:k=5",        "torus:k=4,n=2",
        "torus:k=5,n=2",    "torus:dims=2x3",  "torus:dims=4x2x3",  "torus:k=6,n=1",
        "ring:k=5",         "ring:k=4",        "ring:k=2",          "ring:k=7",
        "cmesh:k=3,n=2,c=2", "flatfly:k=3,n=2,c=1", "flatfly:dims=4x3,c=2", "hypercube:n=4",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        for (int vcs = 1; vcs <= 2; vcs++) {
            struct noc_topo t;
            struct noc_routing r;
            struct noc_deadlock a, b;
            struct noc_ctx ctx;
            noc_ctx_init(&ctx);
            noc_deadlock_init(&a);
            noc_deadlock_init(&b);
            fx_gen(&t, specs[i]);
            fx_routing(&r, &t, NOC_RT_DOR, vcs);
            assert_int_equal(noc_rt_deadlock_run(&r, 1, &a, &ctx), NOC_OK);
            assert_int_equal(noc_rt_deadlock_run(&r, 0, &b, &ctx), NOC_OK);
            if (a.cdg_edges != b.cdg_edges || a.cdg_nodes != b.cdg_nodes || a.acyclic != b.acyclic)
                fail_msg("%s vcs=%d: generic %d nodes %ld edges %d, structural %d nodes %ld edges %d",
                         specs[i], vcs, a.cdg_nodes, a.cdg_edges, a.acyclic, b.cdg_nodes, b.cdg_edges,
                         b.acyclic);
            noc_deadlock_free(&a);
            noc_deadlock_free(&b);
            noc_routing_free(&r);
            noc_topo_free(&t);
        }
}

static void ecmp_unsupported(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    int res = -1;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=2,n=2");
    fx_routing(&r, &t, NOC_RT_ECMP, 1);
    assert_int_equal(noc_routing_deadlock_free(&r, &res, &ctx), NOC_EUNSUP);
    assert_int_equal(res, -1);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mesh_dor_acyclic),
        cmocka_unit_test(ring_dateline),
        cmocka_unit_test(torus_dateline),
        cmocka_unit_test(dateline_path_classes),
        cmocka_unit_test(updown_desttag_acyclic),
        cmocka_unit_test(table_cycle),
        cmocka_unit_test(dor_structural_matches_generic),
        cmocka_unit_test(ecmp_unsupported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
