/* Unit tests: topology parameters (eval --params, src/eval/props.c) and the
 * unbalanced cut (noc_eval_cut).  Every expected value is a textbook fact
 * or worked by hand below. */
#include "test_eval_fix.h"

/* A topology of R routers, one terminal each, with the given undirected
 * links (pairs). */
static void build(struct noc_topo *t, int R, const int *pairs, int np)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    char name[16];
    for (int r = 0; r < R; r++) {
        snprintf(name, sizeof name, "r%d", r);
        assert_true(noc_topo_add_node(t, name, NOC_ROUTER, &ctx) >= 0);
    }
    for (int r = 0; r < R; r++) {
        snprintf(name, sizeof name, "t%d", r);
        int tn = noc_topo_add_node(t, name, NOC_TERMINAL, &ctx);
        assert_true(tn >= 0);
        assert_int_equal(noc_topo_add_link(t, tn, r, &ctx), NOC_OK);
    }
    for (int i = 0; i < np; i++)
        assert_int_equal(noc_topo_add_link(t, pairs[2 * i], pairs[2 * i + 1], &ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(t, &ctx), NOC_OK);
}

static void params_of(const struct noc_topo *t, struct noc_topo_params *p)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_topo_params(t, 0, 0, -1, p, &ctx), NOC_OK);
}

/* Symmetry, against known facts:
 *  - the triangular prism (two triangles 0-1-2, 3-4-5 joined 0-3, 1-4,
 *    2-5) is vertex-transitive (rotate, swap the triangles) but not
 *    edge-transitive: a triangle edge lies on a triangle, a rung does not;
 *  - the star K_{1,3} is edge-transitive (permute the leaves) but not
 *    vertex-transitive (the centre has degree 3);
 *  - the Petersen graph is both (a classic example);
 *  - the 3x3 mesh is neither (corner degree 2, centre degree 4);
 *  - the 4x4 torus and the 4-cube are both. */
static void symmetry_facts(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_topo_params p;
    static const int prism[] = {0, 1, 1, 2, 2, 0, 3, 4, 4, 5, 5, 3, 0, 3, 1, 4, 2, 5};
    build(&t, 6, prism, 9);
    params_of(&t, &p);
    assert_int_equal(p.vertex_transitive, 1);
    assert_int_equal(p.edge_transitive, 0);
    noc_topo_free(&t);
    static const int star[] = {0, 1, 0, 2, 0, 3};
    build(&t, 4, star, 3);
    params_of(&t, &p);
    assert_int_equal(p.vertex_transitive, 0);
    assert_int_equal(p.edge_transitive, 1);
    noc_topo_free(&t);
    /* Petersen: outer 5-cycle 0..4, spokes i - i+5, inner pentagram
     * 5-7-9-6-8-5. */
    static const int petersen[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0, 5, 1, 6, 2, 7, 3, 8, 4, 9,
                                   5, 7, 7, 9, 9, 6, 6, 8, 8, 5};
    build(&t, 10, petersen, 15);
    params_of(&t, &p);
    assert_int_equal(p.vertex_transitive, 1);
    assert_int_equal(p.edge_transitive, 1);
    assert_int_equal(p.in_min, 3);
    assert_int_equal(p.out_max, 3);
    noc_topo_free(&t);
    static const struct {
        const char *spec;
        int vt, et;
    } fam[] = {
        {"mesh:k=3,n=2", 0, 0}, {"torus:k=4,n=2", 1, 1}, {"hypercube:n=4", 1, 1},
        {"ring:k=7", 1, 1},     {"butterfly:k=2,n=3", 0, 0},
    };
    for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++) {
        fx_gen(&t, fam[i].spec);
        params_of(&t, &p);
        if (p.vertex_transitive != fam[i].vt || p.edge_transitive != fam[i].et)
            fail_msg("%s: vertex %d edge %d", fam[i].spec, p.vertex_transitive, p.edge_transitive);
        noc_topo_free(&t);
    }
    /* Above NOC_SYM_MAXR routers: unknown, not guessed. */
    fx_gen(&t, "torus:k=12,n=2");
    params_of(&t, &p);
    assert_int_equal(p.vertex_transitive, -1);
    assert_int_equal(p.edge_transitive, -1);
    noc_topo_free(&t);
}

/* In- and out-degree: a 2-ary 3-fly of unidirectional channels has 4
 * switches per stage; the first stage receives no router channel (in 0),
 * the last sends none (out 0), every other port count is 2: in-degree
 * avg = (0*4 + 2*4 + 2*4)/12 = 4/3, the same for out.  The 3x3 mesh:
 * 4 corners of 2, 4 edge routers of 3, 1 centre of 4 = 24/9. */
static void degrees(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_topo_params p;
    fx_gen(&t, "butterfly:k=2,n=3");
    params_of(&t, &p);
    assert_int_equal(p.in_min, 0);
    assert_int_equal(p.in_max, 2);
    assert_int_equal(p.out_min, 0);
    assert_int_equal(p.out_max, 2);
    assert_close(p.in_avg, 4.0 / 3);
    assert_close(p.out_avg, 4.0 / 3);
    noc_topo_free(&t);
    fx_gen(&t, "mesh:k=3,n=2");
    params_of(&t, &p);
    assert_int_equal(p.in_min, 2);
    assert_int_equal(p.in_max, 4);
    assert_close(p.in_avg, 24.0 / 9);
    noc_topo_free(&t);
}

/* Bandwidth of an 8x8 mesh with 32-bit links at 500 MHz: channel = port =
 * 32 x 500 / 8 = 2000 MB/s; aggregate = 64 x 2000 = 128000 MB/s; all
 * router channels = 224 x 2000 = 448000; the bisection is b = 8 links, so
 * B = b x w = 8 x 32 = 256 wires and the bisection bandwidth 2 x 8 x 2000 =
 * 32000 MB/s.  Without a width: NAN (no bandwidth). */
static void bandwidth(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_topo_params p;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=8,n=2");
    assert_int_equal(noc_topo_params(&t, 32, 500, 8, &p, &ctx), NOC_OK);
    assert_close(p.channel_mbps, 2000);
    assert_close(p.port_mbps, 2000);
    assert_close(p.aggregate_mbps, 128000);
    assert_close(p.channels_mbps, 448000);
    assert_close(p.bisection_wires, 256);
    assert_close(p.bisection_mbps, 32000);
    assert_int_equal(noc_topo_params(&t, 0, 0, 8, &p, &ctx), NOC_OK);
    assert_true(isnan(p.channel_mbps));
    assert_true(isnan(p.bisection_mbps));
    noc_topo_free(&t);
}

/* Cuts of odd-sized networks.  3x3 mesh (9 terminals): the balanced 4/5
 * bisection cuts 4 links (a 2x2 corner block has 4 outgoing links; no 4- or
 * 5-router set has fewer: a set of 4 routers inside 3 columns spans at
 * least 2 rows and 2 columns ...), while with at least 3 terminals per
 * side one column (3 routers, 3 links) suffices: the 3/6 cut.  Side 1 on
 * the 3x3 mesh: a corner, 2 links.  A 5-ring: balanced 2/3 cuts 2. */
static void odd_cuts(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_ctx ctx;
    int links, exact;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=3,n=2");
    assert_int_equal(noc_eval_bisection(&t, 1, &links, &exact, &ctx), NOC_OK);
    assert_int_equal(links, 4);
    assert_int_equal(exact, 1);
    assert_int_equal(noc_eval_cut(&t, 4, 1, &links, &exact, &ctx), NOC_OK);
    assert_int_equal(links, 4);
    assert_int_equal(noc_eval_cut(&t, 3, 1, &links, &exact, &ctx), NOC_OK);
    assert_int_equal(links, 3);
    assert_int_equal(exact, 1);
    assert_int_equal(noc_eval_cut(&t, 1, 1, &links, &exact, &ctx), NOC_OK);
    assert_int_equal(links, 2);
    assert_int_equal(noc_eval_cut(&t, 5, 1, &links, &exact, &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_eval_cut(&t, 0, 1, &links, &exact, &ctx), NOC_EINVAL);
    noc_topo_free(&t);
    noc_ctx_init(&ctx);
    fx_gen(&t, "ring:k=5");
    assert_int_equal(noc_eval_cut(&t, 2, 1, &links, &exact, &ctx), NOC_OK);
    assert_int_equal(links, 2);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(symmetry_facts),
        cmocka_unit_test(degrees),
        cmocka_unit_test(bandwidth),
        cmocka_unit_test(odd_cuts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
