/* Unit tests: routing models as path generators (dor, updown, desttag,
 * table) and the model registry.  Expected paths are hand-worked from the
 * definitions in include/nocsyn/route.h (Dally & Towles, "Principles and
 * Practices of Interconnection Networks", ch. 4 (butterflies), 14.2 (DOR /
 * e-cube); Lawrie 1975 for Omega destination tags; Schroeder et al. 1991
 * for up*-down*). */
#include "test_route_fix.h"

static void registry_names(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    const char *names[] = {"ecmp", "ideal", "optimal", "dor", "updown", "desttag", "table"};
    const int det[] = {0, 0, 0, 1, 1, 1, 1};
    for (int i = 0; i < 7; i++) {
        int m = -1;
        assert_int_equal(noc_routing_parse(names[i], &m, &ctx), NOC_OK);
        assert_string_equal(noc_routing_name(m), names[i]);
        assert_int_equal(noc_routing_is_deterministic(m), det[i]);
    }
    int m;
    assert_int_equal(noc_routing_parse("xy", &m, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "unknown routing 'xy'"));
    assert_null(noc_routing_name(99));
}

/* 4x4 mesh, router (x,y) = r(x+4y).  X first, then Y. */
static void dor_mesh(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "mesh:k=4,n=2");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    /* (0,0) -> (3,3): three X hops along y=0, then three Y hops at x=3. */
    ASSERT_PATHS(&r, "t0", "t15", "1:r0 r1 r2 r3 r7 r11 r15");
    /* (3,3) -> (0,0): X back to x=0 first. */
    ASSERT_PATHS(&r, "t15", "t0", "1:r15 r14 r13 r12 r8 r4 r0");
    /* (1,1) -> (0,2): one X hop to r4, one Y hop to r8. */
    ASSERT_PATHS(&r, "t5", "t8", "1:r5 r4 r8");
    ASSERT_PATHS(&r, "t6", "t6", "1:r6");
    /* Router endpoints: no injection / ejection channel. */
    struct noc_pathset ps;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_paths(&r, fx_node(&t, "r0"), fx_node(&t, "r2"), &ps, &ctx), NOC_OK);
    assert_int_equal(ps.npaths, 1);
    assert_int_equal(ps.start[1], 2); /* r0->r1, r1->r2 */
    assert_int_equal(noc_routing_paths(&r, fx_node(&t, "t0"), fx_node(&t, "t1"), &ps, &ctx), NOC_OK);
    assert_int_equal(ps.start[1], 3); /* injection, r0->r1, ejection */
    assert_int_equal(ps.ch[0], noc_graph_find(&t.g, fx_node(&t, "t0"), 0));
    assert_int_equal(ps.ch[2], noc_graph_find(&t.g, 1, fx_node(&t, "t1")));
    noc_pathset_free(&ps);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* 4x4 torus: shorter direction; distance exactly k/2 = 2 splits 50/50. */
static void dor_torus(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "torus:k=4,n=2");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    /* (0,0) -> (3,0): -1 mod 4, one hop over the wraparound. */
    ASSERT_PATHS(&r, "t0", "t3", "1:r0 r3");
    /* (0,0) -> (1,3): X +1, then Y -1 (0 -> 3 over the wrap). */
    ASSERT_PATHS(&r, "t0", "t13", "1:r0 r1 r13");
    /* (0,0) -> (2,0): tie, + first. */
    ASSERT_PATHS(&r, "t0", "t2", "0.5:r0 r1 r2|0.5:r0 r3 r2");
    /* (0,0) -> (2,2): ties in both dimensions, 4 paths of weight 1/4, in the
     * order (+x,+y), (+x,-y), (-x,+y), (-x,-y). */
    ASSERT_PATHS(&r, "t0", "t10",
                 "0.25:r0 r1 r2 r6 r10|0.25:r0 r1 r2 r14 r10|0.25:r0 r3 r2 r6 r10|"
                 "0.25:r0 r3 r2 r14 r10");
    noc_routing_free(&r);
    noc_topo_free(&t);
    /* A ring is a 1-D torus: ring of 5, 0 -> 3 is 2 hops the - way. */
    fx_gen(&t, "ring:k=5");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    ASSERT_PATHS(&r, "t0", "t3", "1:r0 r4 r3");
    ASSERT_PATHS(&r, "t1", "t3", "1:r1 r2 r3");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* cmesh k=2 n=2 c=4: terminal ti on router r(i/4). */
static void dor_cmesh(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "cmesh:k=2,n=2,c=4");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    ASSERT_PATHS(&r, "t0", "t15", "1:r0 r1 r3");  /* (0,0) -> (1,1): X then Y */
    ASSERT_PATHS(&r, "t14", "t2", "1:r3 r2 r0");  /* (1,1) -> (0,0) */
    ASSERT_PATHS(&r, "t0", "t3", "1:r0");         /* same router: 0 hops */
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* 4-ary 2-flat: one hop per differing dimension, straight to the target
 * coordinate; hypercube n=3: e-cube, lowest differing bit first. */
static void dor_flatfly_hypercube(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "flatfly:k=4,n=2,c=1");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    ASSERT_PATHS(&r, "t0", "t15", "1:r0 r3 r15");   /* (0,0) -> (3,0) -> (3,3) */
    ASSERT_PATHS(&r, "t13", "t2", "1:r13 r14 r2");  /* (1,3) -> (2,3) -> (2,0) */
    ASSERT_PATHS(&r, "t5", "t7", "1:r5 r7");        /* same row */
    noc_routing_free(&r);
    noc_topo_free(&t);
    fx_gen(&t, "hypercube:n=3");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    ASSERT_PATHS(&r, "t1", "t6", "1:r1 r0 r2 r6");  /* 001 -> 000 -> 010 -> 110 */
    ASSERT_PATHS(&r, "t3", "t5", "1:r3 r1 r5");     /* 011 -> 001 -> 101 */
    ASSERT_PATHS(&r, "t7", "t7", "1:r7");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

static void dor_unsupported(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "star:n=4");
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_DOR, 1, &ctx), NOC_EUNSUP);
    assert_non_null(strstr(ctx.msg, "dor needs a mesh, torus, cmesh, flattened butterfly or hypercube"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_DESTTAG, 1, &ctx), NOC_EUNSUP);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_TABLE, 1, &ctx), NOC_EUNSUP);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_DOR, 0, &ctx), NOC_EINVAL);
    noc_ctx_clear(&ctx);
    /* A mesh shape whose wiring lacks a link is refused, not misrouted. */
    noc_topo_free(&t);
    static const int links[] = {0, 1, 2, 3, 0, 2}; /* 2x2 mesh without r1-r3 */
    fx_build(&t, 4, links, 3, NULL, 0);
    t.shape.family = NOC_FAM_MESH;
    t.shape.ndims = 2;
    t.shape.dims[0] = t.shape.dims[1] = 2;
    assert_int_equal(noc_routing_init(&r, &t, NOC_RT_DOR, 1, &ctx), NOC_EUNSUP);
    assert_non_null(strstr(ctx.msg, "r1 -> r3"));
    noc_ctx_clear(&ctx);
    /* ecmp has no path list here. */
    fx_routing(&r, &t, NOC_RT_ECMP, 1);
    struct noc_pathset ps;
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_paths(&r, 4, 5, &ps, &ctx), NOC_EUNSUP);
    noc_pathset_free(&ps);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* The irregular graph of the updown tests: 6 routers,
 * links r0-r1 r0-r2 r1-r3 r2-r3 r3-r4 r4-r5 r1-r5.
 * Degrees 2 3 2 3 2 2: root r1 (largest, lowest id).  BFS levels: r1 0;
 * r0 r3 r5 1; r2 r4 2.  Order (level, id): r1 < r0 < r3 < r5 < r2 < r4, a
 * channel is "up" toward the smaller: r0->r1, r2->r0, r3->r1, r2->r3,
 * r4->r3, r4->r5, r5->r1 are up, their reverses down. */
static const int irr_links[] = {0, 1, 0, 2, 1, 3, 2, 3, 3, 4, 4, 5, 1, 5};
static const int irr_rank[] = {1, 0, 4, 2, 5, 3}; /* position in that order */

/* Brute force oracle: the lexicographically smallest among the shortest
 * legal simple paths from u to b (router sequences), by exhaustive DFS. */
static void brute(const struct noc_topo *t, int u, int b, int down, int *path, int len, int *on,
                  int *best, int *blen)
{
    if (u == b) {
        int better = *blen < 0 || len < *blen;
        for (int i = 0; !better && len == *blen && i < len; i++) {
            if (path[i] != best[i]) {
                better = path[i] < best[i];
                break;
            }
        }
        if (better) {
            memcpy(best, path, (size_t)len * sizeof *path);
            *blen = len;
        }
        return;
    }
    for (int e = t->g.off[u]; e < t->g.off[u + 1]; e++) {
        int v = t->g.dst[e];
        if (v >= t->nrouters || on[v])
            continue;
        int up = irr_rank[v] < irr_rank[u];
        if (up && down)
            continue;
        on[v] = 1;
        path[len] = v;
        brute(t, v, b, down | !up, path, len + 1, on, best, blen);
        on[v] = 0;
    }
}

static void updown_irregular(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_build(&t, 6, irr_links, 7, NULL, 0);
    fx_routing(&r, &t, NOC_RT_UPDOWN, 1);
    /* t2 -> t5: 3-hop candidates r2 r3 r4 r5 (up, down, up: illegal),
     * r2 r0 r1 r5 and r2 r3 r1 r5 (legal); lowest next router r0 wins. */
    ASSERT_PATHS(&r, "t2", "t5", "1:r2 r0 r1 r5");
    /* t4 -> t0: r4 r3 r1 r0 (up up down) beats r4 r5 r1 r0 by id; r4 r3 r2 r0
     * is down-up (illegal). */
    ASSERT_PATHS(&r, "t4", "t0", "1:r4 r3 r1 r0");
    /* t0 -> t4: r0 r2 r3 r4 is down-up (illegal); r0 r1 r3 r4 beats r0 r1 r5 r4. */
    ASSERT_PATHS(&r, "t0", "t4", "1:r0 r1 r3 r4");
    /* t0 -> t3: r0 r2 r3 is down-up (illegal); r0 r1 r3 is up-down. */
    ASSERT_PATHS(&r, "t0", "t3", "1:r0 r1 r3");
    /* Every pair: a legal path (no up after down), as short as the shortest
     * legal path, and the same path on a second call (determinism). */
    struct noc_pathset ps, ps2;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    noc_pathset_init(&ps2);
    for (int s = 6; s < 12; s++)
        for (int d = 6; d < 12; d++) {
            assert_int_equal(noc_routing_paths(&r, s, d, &ps, &ctx), NOC_OK);
            assert_int_equal(noc_routing_paths(&r, s, d, &ps2, &ctx), NOC_OK);
            assert_int_equal(ps.npaths, 1);
            assert_int_equal(ps.nch, ps2.nch);
            assert_memory_equal(ps.ch, ps2.ch, (size_t)ps.nch * sizeof(int));
            int down = 0;
            for (int j = 1; j + 1 < ps.nch; j++) {
                int u = t.ch[ps.ch[j]].src, v = t.ch[ps.ch[j]].dst;
                int up = irr_rank[v] < irr_rank[u];
                assert_false(up && down); /* the legal-turn rule */
                down |= !up;
            }
            /* Equal to the brute-force oracle's shortest legal path. */
            int path[8], best[8], on[6] = {0}, blen = -1;
            int a = s - 6, b = d - 6;
            path[0] = a;
            on[a] = 1;
            brute(&t, a, b, 0, path, 1, on, best, &blen);
            assert_int_equal(ps.nch - 1, blen);
            for (int j = 1; j < ps.nch; j++)
                assert_int_equal(t.ch[ps.ch[j]].src, best[j - 1]);
        }
    noc_pathset_free(&ps);
    noc_pathset_free(&ps2);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* Ring of 5 (built by hand, no shape): all degrees 2, root r0; levels r0 0,
 * r1 r4 1, r2 r3 2.  r2 -> r3 is down (same level, 3 > 2) and r3 -> r4 up,
 * so the 2-hop r2 r3 r4 is illegal and updown takes r2 r1 r0 r4 (3 hops). */
static void updown_ring_detour(void **state)
{
    (void)state;
    static const int links[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 0};
    struct noc_topo t;
    struct noc_routing r;
    fx_build(&t, 5, links, 5, NULL, 0);
    fx_routing(&r, &t, NOC_RT_UPDOWN, 1);
    ASSERT_PATHS(&r, "t2", "t4", "1:r2 r1 r0 r4");
    /* Back: r4 r3 r2 is down (r3 after r4 in the order) then up: illegal;
     * r4 r0 r1 r2 is up, down, down. */
    ASSERT_PATHS(&r, "t4", "t2", "1:r4 r0 r1 r2");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* One-way channel r0 -> r1, link r1-r2, and a separate link r3-r4. */
static void updown_oneway_disconnected(void **state)
{
    (void)state;
    static const int links[] = {1, 2, 3, 4};
    static const int oneway[] = {0, 1};
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_build(&t, 5, links, 2, oneway, 1);
    fx_routing(&r, &t, NOC_RT_UPDOWN, 1);
    /* Ports r0 1, r1 2, r2 1: root r1; r0 -> r1 up, r1 -> r2 down. */
    ASSERT_PATHS(&r, "t0", "t2", "1:r0 r1 r2");
    ASSERT_PATHS(&r, "t2", "t1", "1:r2 r1");
    ASSERT_PATHS(&r, "t2", "t0", "ERR5"); /* against the one-way channel */
    ASSERT_PATHS(&r, "t3", "t4", "1:r3 r4"); /* second component, own root */
    struct noc_pathset ps;
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_paths(&r, fx_node(&t, "t0"), fx_node(&t, "t3"), &ps, &ctx),
                     NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "t0"));
    assert_non_null(strstr(ctx.msg, "t3"));
    noc_pathset_free(&ps);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* Beyond the table budget (65x65 mesh, R = 4225 > 4096) each call computes
 * its destination's table.  Root: r66 = (1,1), the lowest id of degree 4;
 * level = |x-1| + |y-1|.  From (0,0) every legal minimal path must climb to
 * (1,1) first (leaving y = 0 later would be an up after a down): r0 r1 r66
 * (r1 < r65), then all down, lowest id first: along y = 1 to (64,1) = r129,
 * then up the column x = 64 to r4224.  Full graph of 300 routers (degree
 * 299 >= 255: int tables): every pair one hop. */
static void updown_large_tables(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    char want[4096];
    size_t len = (size_t)snprintf(want, sizeof want, "1:r0 r1");
    for (int x = 1; x <= 64; x++)
        len += (size_t)snprintf(want + len, sizeof want - len, " r%d", x + 65);
    for (int y = 2; y <= 64; y++)
        len += (size_t)snprintf(want + len, sizeof want - len, " r%d", 64 + 65 * y);
    fx_gen(&t, "mesh:k=65,n=2");
    fx_routing(&r, &t, NOC_RT_UPDOWN, 1);
    ASSERT_PATHS(&r, "t0", "t4224", want);
    noc_routing_free(&r);
    noc_topo_free(&t);
    fx_gen(&t, "full:n=300");
    fx_routing(&r, &t, NOC_RT_UPDOWN, 1);
    ASSERT_PATHS(&r, "t5", "t200", "1:r5 r200");
    ASSERT_PATHS(&r, "t299", "t0", "1:r299 r0");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* 2-ary 3-fly from the generator: 3 stages of 4 switches, stage-major
 * (stage s switch j = r(4s+j)); ti injects at r(i/2) and ejects from
 * r(8 + i/2).  Destination-tag paths visit one switch per stage, and the
 * butterfly has exactly one path per pair (D&T sec. 4.1). */
static void desttag_butterfly(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    struct noc_pathset ps;
    struct noc_bignum cnt;
    char buf[256], want[64];
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    noc_bignum_init(&cnt);
    fx_gen(&t, "butterfly:k=2,n=3");
    fx_routing(&r, &t, NOC_RT_DESTTAG, 1);
    for (int s = 0; s < 8; s++)
        for (int d = 0; d < 8; d++) {
            int sn = noc_topo_term_node(&t, s), dn = noc_topo_term_node(&t, d);
            assert_int_equal(noc_routing_paths(&r, sn, dn, &ps, &ctx), NOC_OK);
            assert_int_equal(ps.npaths, 1);
            assert_int_equal(ps.nch, 4); /* inject, 2 inter-stage, eject */
            fx_path_str(&t, &ps, 0, buf, sizeof buf);
            snprintf(want, sizeof want, "r%d ", s / 2);
            assert_memory_equal(buf, want, strlen(want));
            snprintf(want, sizeof want, " r%d", 8 + d / 2);
            assert_string_equal(buf + strlen(buf) - strlen(want), want);
            assert_int_equal(noc_minpaths_count(&t, sn, dn, &cnt, NULL, &ctx), NOC_OK);
            assert_int_equal(noc_bignum_cmp_u64(&cnt, 1), 0);
        }
    noc_routing_free(&r);
    noc_topo_free(&t);
    noc_bignum_free(&cnt);
    noc_pathset_free(&ps);
}

/* A 2-ary 3-fly wired by hand (D&T fig. 4.3 style): output port p of stage s
 * switch i goes to stage s+1 switch i with bit (1-s) set to p; stage 2 port
 * p ejects terminal 2i+p.  t0 -> t7: stage 0 sets bit 1 (switch 2), stage 1
 * sets bit 0 (switch 3): r0 r6 r11.  t6 -> t1 (last switch 0 = 00): switch
 * 3 = 11, bit 1 := 0 gives switch 1 at stage 1 (r5), bit 0 := 0 switch 0 at
 * stage 2 (r8): r3 r5 r8. */
static void desttag_hand_butterfly(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    char name[16];
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    for (int i = 0; i < 12; i++) {
        snprintf(name, sizeof name, "r%d", i);
        noc_topo_add_node(&t, name, NOC_ROUTER, &ctx);
    }
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "t%d", i);
        int v = noc_topo_add_node(&t, name, NOC_TERMINAL, &ctx);
        assert_int_equal(noc_topo_add_channel(&t, v, i / 2, &ctx), NOC_OK);
        assert_int_equal(noc_topo_add_channel(&t, 8 + i / 2, v, &ctx), NOC_OK);
    }
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < 4; i++)
            for (int p = 0; p < 2; p++) {
                int j = (i & ~(1 << (1 - s))) | (p << (1 - s));
                assert_int_equal(noc_topo_add_channel(&t, 4 * s + i, 4 * (s + 1) + j, &ctx), NOC_OK);
            }
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    t.shape.family = NOC_FAM_BUTTERFLY;
    t.shape.k = 2;
    t.shape.ndims = 3;
    fx_routing(&r, &t, NOC_RT_DESTTAG, 1);
    ASSERT_PATHS(&r, "t0", "t7", "1:r0 r6 r11");
    ASSERT_PATHS(&r, "t6", "t1", "1:r3 r5 r8");
    ASSERT_PATHS(&r, "t7", "t7", "1:r3 r7 r11");
    /* Router endpoints: first-stage r1 to last-stage r9. */
    ASSERT_PATHS(&r, "r1", "r9", "1:r1 r5 r9");
    /* The reverse direction does not exist in a unidirectional MIN. */
    ASSERT_PATHS(&r, "r9", "r1", "ERR5");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* Omega n=3 from the generator: 8 lines, perfect shuffle before each of 3
 * stages of 4 switches (stage-major ids).  Terminal s enters on line
 * shuffle(s), switch shuffle(s)/2; each stage's output = next destination
 * bit, MSB first (Lawrie 1975).  t0 -> t5 (101): line 0 -> switch 0, out 1
 * -> line 1; shuffle 2 -> switch 1, out 0 -> line 2; shuffle 4 -> switch 2,
 * out 1 -> line 5: r0 r5 r10.  t3 -> t4 (100): shuffle(3) = 6 -> switch 3,
 * out 1 -> line 7; shuffle 7 -> switch 3 (r7), out 0 -> line 6; shuffle 5
 * -> switch 2 (r10), out 0 -> line 4: r3 r7 r10. */
static void desttag_omega(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    fx_gen(&t, "omega:n=3");
    fx_routing(&r, &t, NOC_RT_DESTTAG, 1);
    ASSERT_PATHS(&r, "t0", "t5", "1:r0 r5 r10");
    ASSERT_PATHS(&r, "t3", "t4", "1:r3 r7 r10");
    noc_routing_free(&r);
    noc_topo_free(&t);
}

/* Stored routes on a 4-ring: t0 -> t2 via r1; missing pairs infeasible;
 * s == d trivial. */
static void table_routes(void **state)
{
    (void)state;
    static const int links[] = {0, 1, 1, 2, 2, 3, 3, 0};
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_build(&t, 4, links, 4, NULL, 0);
    int p02[] = {0, 1, 2}, p20[] = {2, 3, 0}, p11[] = {1};
    assert_int_equal(noc_topo_add_route(&t, 4, 6, p02, 3, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_route(&t, 6, 4, p20, 3, &ctx), NOC_OK);
    assert_int_equal(noc_topo_add_route(&t, 5, 5, p11, 1, &ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    fx_routing(&r, &t, NOC_RT_TABLE, 1);
    ASSERT_PATHS(&r, "t0", "t2", "1:r0 r1 r2");
    ASSERT_PATHS(&r, "t2", "t0", "1:r2 r3 r0");
    ASSERT_PATHS(&r, "t1", "t1", "1:r1");
    ASSERT_PATHS(&r, "t3", "t3", "1:r3"); /* not stored, trivial */
    struct noc_pathset ps;
    noc_pathset_init(&ps);
    assert_int_equal(noc_routing_paths(&r, fx_node(&t, "t0"), fx_node(&t, "t3"), &ps, &ctx),
                     NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "no stored route from t0 to t3"));
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_routing_paths(&r, fx_node(&t, "r0"), fx_node(&t, "t3"), &ps, &ctx), NOC_EUNSUP);
    noc_pathset_free(&ps);
    noc_routing_free(&r);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_names),
        cmocka_unit_test(dor_mesh),
        cmocka_unit_test(dor_torus),
        cmocka_unit_test(dor_cmesh),
        cmocka_unit_test(dor_flatfly_hypercube),
        cmocka_unit_test(dor_unsupported),
        cmocka_unit_test(updown_irregular),
        cmocka_unit_test(updown_ring_detour),
        cmocka_unit_test(updown_oneway_disconnected),
        cmocka_unit_test(updown_large_tables),
        cmocka_unit_test(desttag_butterfly),
        cmocka_unit_test(desttag_hand_butterfly),
        cmocka_unit_test(desttag_omega),
        cmocka_unit_test(table_routes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
