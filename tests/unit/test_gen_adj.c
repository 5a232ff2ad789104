/* Unit tests of the generators: exact neighbour sets of chosen routers,
 * the naming rules of docs/INTERFACE.md section 3.1, the shapes, coordinates, parameter
 * parsing and the rejection of invalid parameters.  Expected neighbour sets
 * are worked out by hand from the definitions cited in nocsyn/gen.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

static void gen_ok(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_gen_spec(t, spec, &ctx) != NOC_OK)
        fail_msg("%s: %s", spec, ctx.msg);
}

static int node(const struct noc_topo *t, const char *name)
{
    int v = noc_topo_find(t, name);
    if (v < 0)
        fail_msg("no node %s", name);
    return v;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Router neighbours of router "r<i>" (out-channels to routers), as router
 * indices, sorted; checks that every link is bidirectional when `bidir`. */
static int out_nbrs(const struct noc_topo *t, int i, int *out, int bidir)
{
    char name[16];
    snprintf(name, sizeof name, "r%d", i);
    int v = node(t, name), n = 0;
    for (int e = t->g.off[v]; e < t->g.off[v + 1]; e++)
        if (t->g.dst[e] < t->nrouters) {
            if (bidir)
                assert_true(t->g.rev[e] >= 0);
            out[n++] = atoi(t->nodes[t->g.dst[e]].name + 1);
        }
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

static void expect_nbrs(const struct noc_topo *t, int i, int bidir, int n, const int *want)
{
    int got[64], w[64];
    int m = out_nbrs(t, i, got, bidir);
    if (n > 0)
        memcpy(w, want, (size_t)n * sizeof *w);
    qsort(w, (size_t)n, sizeof *w, cmp_int);
    if (m != n || (n > 0 && memcmp(got, w, (size_t)n * sizeof *w))) {
        char buf[256];
        size_t len = 0;
        for (int j = 0; j < m && len < sizeof buf; j++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %d", got[j]);
        fail_msg("%s r%d: neighbours%s (want %d of them)", t->name, i, buf, n);
    }
}

#define NBRS(t, i, bidir, ...)                                                                     \
    do {                                                                                           \
        const int w_[] = {__VA_ARGS__};                                                            \
        expect_nbrs(t, i, bidir, (int)(sizeof w_ / sizeof w_[0]), w_);                             \
    } while (0)

/* The router terminal "t<i>" injects into / ejects from. */
static const char *inj(const struct noc_topo *t, int i)
{
    char name[16];
    snprintf(name, sizeof name, "t%d", i);
    return t->nodes[noc_topo_inject_router(t, node(t, name))].name;
}

static const char *ej(const struct noc_topo *t, int i)
{
    char name[16];
    snprintf(name, sizeof name, "t%d", i);
    return t->nodes[noc_topo_eject_router(t, node(t, name))].name;
}

static void direct_networks(void **state)
{
    (void)state;
    struct noc_topo t;
    /* mesh 4x4: r(x+4y); r5 = (1,1) ~ (0,1) (2,1) (1,0) (1,2) = r4 r6 r1 r9 */
    gen_ok(&t, "mesh:k=4,n=2");
    NBRS(&t, 5, 1, 4, 6, 1, 9);
    NBRS(&t, 0, 1, 1, 4);
    NBRS(&t, 7, 1, 3, 6, 11); /* (3,1) */
    assert_string_equal(inj(&t, 5), "r5");
    assert_string_equal(ej(&t, 5), "r5");
    noc_topo_free(&t);
    /* mesh dims=4x3: r(x + 4y); r11 = (3,2) ~ r10, r7 */
    gen_ok(&t, "mesh:dims=4x3");
    NBRS(&t, 11, 1, 10, 7);
    noc_topo_free(&t);
    /* torus 4x4: r0 ~ (1,0) (3,0) (0,1) (0,3) */
    gen_ok(&t, "torus:k=4,n=2");
    NBRS(&t, 0, 1, 1, 3, 4, 12);
    noc_topo_free(&t);
    /* cmesh c=4: t5 on r(5/4) = r1, t15 on r3 */
    gen_ok(&t, "cmesh:k=2,n=2,c=4");
    assert_string_equal(inj(&t, 5), "r1");
    assert_string_equal(ej(&t, 15), "r3");
    noc_topo_free(&t);
    /* flatfly 4x4: r0 ~ whole row r1 r2 r3 and column r4 r8 r12 */
    gen_ok(&t, "flatfly:k=4,n=2,c=2");
    NBRS(&t, 0, 1, 1, 2, 3, 4, 8, 12);
    NBRS(&t, 5, 1, 4, 6, 7, 1, 9, 13);
    noc_topo_free(&t);
    /* hypercube n=4: 5 = 0101 ~ 0100 0111 0001 1101 */
    gen_ok(&t, "hypercube:n=4");
    NBRS(&t, 5, 1, 4, 7, 1, 13);
    noc_topo_free(&t);
    /* ring k=5 */
    gen_ok(&t, "ring:k=5");
    NBRS(&t, 0, 1, 1, 4);
    noc_topo_free(&t);
    /* hring g=4 l=3: ring 0 = r0 r1 r2 r12; interfaces r12..r15 in a ring */
    gen_ok(&t, "hring:g=4,l=3");
    NBRS(&t, 12, 1, 0, 2, 13, 15);
    NBRS(&t, 0, 1, 1, 12);
    NBRS(&t, 4, 1, 3, 5);  /* ring 1 = r3 r4 r5 r13 */
    NBRS(&t, 3, 1, 4, 13);
    assert_string_equal(inj(&t, 11), "r11");
    assert_int_equal(noc_topo_radix(&t, node(&t, "r12")), 4); /* no terminal */
    noc_topo_free(&t);
}

static void static_networks(void **state)
{
    (void)state;
    struct noc_topo t;
    /* illiac r=4 (N=16): i ~ i+-1, i+-4 mod 16 */
    gen_ok(&t, "illiac:r=4");
    NBRS(&t, 0, 1, 1, 15, 4, 12);
    NBRS(&t, 5, 1, 4, 6, 1, 9);
    NBRS(&t, 15, 1, 14, 0, 11, 3);
    noc_topo_free(&t);
    /* chordal n=12 w=3: even i -> i+3, odd i -> i-3 */
    gen_ok(&t, "chordal:n=12,w=3");
    NBRS(&t, 0, 1, 1, 11, 3);
    NBRS(&t, 3, 1, 2, 4, 0);
    NBRS(&t, 1, 1, 0, 2, 10);
    NBRS(&t, 10, 1, 9, 11, 1);
    noc_topo_free(&t);
    /* barrel n=3 (8 nodes): i +- 1, 2, 4 */
    gen_ok(&t, "barrel:n=3");
    NBRS(&t, 0, 1, 1, 7, 2, 6, 4);
    NBRS(&t, 5, 1, 6, 4, 7, 3, 1);
    noc_topo_free(&t);
    /* shuffle-exchange n=3: exchange i^1, shuffle rotl, unshuffle rotr */
    gen_ok(&t, "shuffle-exchange:n=3");
    NBRS(&t, 0, 1, 1);
    NBRS(&t, 1, 1, 0, 2, 4);
    NBRS(&t, 3, 1, 2, 6, 5);
    NBRS(&t, 7, 1, 6);
    noc_topo_free(&t);
    /* ccc k=3: (w,j) = 3w + j; (0,0) ~ (0,1) (0,2) (1,0);
     * (5,1) = r16 ~ (5,0)=r15 (5,2)=r17 (7,1)=r22 */
    gen_ok(&t, "ccc:k=3");
    NBRS(&t, 0, 1, 1, 2, 3);
    NBRS(&t, 16, 1, 15, 17, 22);
    noc_topo_free(&t);
    /* full n=4 */
    gen_ok(&t, "full:n=4");
    NBRS(&t, 2, 1, 0, 1, 3);
    noc_topo_free(&t);
    /* star n=5: hub r0 */
    gen_ok(&t, "star:n=5");
    NBRS(&t, 0, 1, 1, 2, 3, 4);
    NBRS(&t, 3, 1, 0);
    assert_string_equal(inj(&t, 3), "r3");
    noc_topo_free(&t);
    /* tree h=3: heap order */
    gen_ok(&t, "tree:h=3");
    NBRS(&t, 0, 1, 1, 2);
    NBRS(&t, 1, 1, 0, 3, 4);
    NBRS(&t, 6, 1, 2);
    noc_topo_free(&t);
}

static void indirect_networks(void **state)
{
    (void)state;
    struct noc_topo t;
    /* 2-ary 3-fly: stage s switch w = r(4s + w).  Stage 0 sets switch digit
     * 1: r0 (00) -> stage-1 00, 10 = r4, r6; stage 1 sets digit 0:
     * r4 -> r8, r9.  Unidirectional: no reverse channels. */
    gen_ok(&t, "butterfly:k=2,n=3");
    NBRS(&t, 0, 0, 4, 6);
    NBRS(&t, 4, 0, 8, 9);
    expect_nbrs(&t, 8, 0, 0, NULL); /* the last stage feeds terminals only */
    assert_string_equal(inj(&t, 5), "r2");
    assert_string_equal(ej(&t, 5), "r10");
    /* destination-tag path t0 -> t5 (101): r0 -d2=1-> r6 -d1=0-> r10 -d0-> t5 */
    assert_true(noc_graph_find(&t.g, node(&t, "r0"), node(&t, "r6")) >= 0);
    assert_true(noc_graph_find(&t.g, node(&t, "r6"), node(&t, "r10")) >= 0);
    assert_true(noc_graph_find(&t.g, node(&t, "r10"), node(&t, "t5")) >= 0);
    assert_int_equal(noc_graph_find(&t.g, node(&t, "r6"), node(&t, "r0")), -1);
    noc_topo_free(&t);
    /* 4-ary 2-fly: ti injects r(i/4), ejects r(4 + i/4) */
    gen_ok(&t, "butterfly:k=4,n=2");
    assert_string_equal(inj(&t, 13), "r3");
    assert_string_equal(ej(&t, 13), "r7");
    NBRS(&t, 1, 0, 4, 5, 6, 7);
    noc_topo_free(&t);
    /* omega n=3: shuffle 3 bits: 1 -> 2, 4 -> 1.  t1 enters stage-0 switch
     * 2/2 = r1, t4 switch 1/2 = r0; r0 outputs lines 0, 1 -> shuffled 0, 2
     * -> stage-1 switches 0, 1 = r4, r5; r1 (lines 2, 3 -> 4, 6) -> r6, r7. */
    gen_ok(&t, "omega:n=3");
    assert_string_equal(inj(&t, 1), "r1");
    assert_string_equal(inj(&t, 4), "r0");
    assert_string_equal(ej(&t, 5), "r10");
    NBRS(&t, 0, 0, 4, 5);
    NBRS(&t, 1, 0, 6, 7);
    NBRS(&t, 3, 0, 6, 7); /* lines 6, 7 -> 5, 7 -> switches 2, 3 */
    noc_topo_free(&t);
    /* cube n=3, stages Cube_0, Cube_1, Cube_2: stage-1 switch of line l is
     * l with bit 1 deleted; r0 (lines 0, 1) -> stage-1 switches 0, 1 = r4,
     * r5; r4 (lines 0, 2) -> stage-2 switches 0, 2 = r8, r10. */
    gen_ok(&t, "cube:n=3");
    NBRS(&t, 0, 0, 4, 5);
    NBRS(&t, 4, 0, 8, 10);
    NBRS(&t, 6, 0, 8, 10); /* stage-1 switch 2 = lines 4, 6 -> 4&3, 6&3 */
    NBRS(&t, 7, 0, 9, 11); /* switch 3 = lines 5, 7 -> 1, 3 */
    assert_string_equal(inj(&t, 5), "r2");
    assert_string_equal(ej(&t, 5), "r9");
    noc_topo_free(&t);
    /* clos m=3 n=2 r=4: inputs r0..r3, middles r4..r6, outputs r7..r10 */
    gen_ok(&t, "clos:m=3,n=2,r=4");
    NBRS(&t, 0, 0, 4, 5, 6);
    NBRS(&t, 5, 0, 7, 8, 9, 10);
    expect_nbrs(&t, 8, 0, 0, NULL);
    assert_string_equal(inj(&t, 3), "r1");
    assert_string_equal(ej(&t, 3), "r8");
    noc_topo_free(&t);
    /* 2-ary 3-tree: <w,l> = r(4l + w), w = w0 w1 (w0 msd).  Leaf <00,2> =
     * r8 ~ level-1 switches differing in w1: <00,1> <01,1> = r4 r5;
     * <00,1> = r4 ~ level-0 differing in w0: r0 r2, and leaves r8 r9. */
    gen_ok(&t, "fattree:k=2,n=3");
    NBRS(&t, 8, 1, 4, 5);
    NBRS(&t, 4, 1, 0, 2, 8, 9);
    NBRS(&t, 0, 1, 4, 6);
    assert_string_equal(inj(&t, 5), "r10");
    assert_string_equal(ej(&t, 5), "r10");
    noc_topo_free(&t);
    gen_ok(&t, "crossbar:n=3");
    assert_string_equal(inj(&t, 2), "r0");
    noc_topo_free(&t);
}

static void shapes(void **state)
{
    (void)state;
    struct noc_topo t;
    gen_ok(&t, "mesh:k=8,n=2");
    assert_int_equal(t.shape.family, NOC_FAM_MESH);
    assert_string_equal(t.shape.name, "mesh");
    assert_string_equal(t.shape.params, "k=8,n=2");
    assert_string_equal(t.name, "mesh:k=8,n=2");
    assert_int_equal(t.shape.ndims, 2);
    assert_int_equal(t.shape.dims[0], 8);
    assert_int_equal(t.shape.dims[1], 8);
    assert_int_equal(t.shape.conc, 1);
    noc_topo_free(&t);
    gen_ok(&t, "cmesh:dims=4x3,c=2,pitch=2.5");
    assert_int_equal(t.shape.family, NOC_FAM_MESH);
    assert_string_equal(t.shape.name, "cmesh");
    assert_string_equal(t.shape.params, "dims=4x3,c=2,pitch=2.5");
    assert_int_equal(t.shape.dims[0], 4);
    assert_int_equal(t.shape.dims[1], 3);
    assert_int_equal(t.shape.k, 4);
    assert_int_equal(t.shape.conc, 2);
    noc_topo_free(&t);
    gen_ok(&t, "torus:dims=4x2x3");
    assert_int_equal(t.shape.family, NOC_FAM_TORUS);
    assert_int_equal(t.shape.ndims, 3);
    assert_int_equal(t.shape.dims[2], 3);
    noc_topo_free(&t);
    gen_ok(&t, "ring:k=6");
    assert_int_equal(t.shape.family, NOC_FAM_RING);
    assert_int_equal(t.shape.dims[0], 6);
    noc_topo_free(&t);
    gen_ok(&t, "linear:k=6");
    assert_int_equal(t.shape.family, NOC_FAM_MESH);
    assert_int_equal(t.shape.ndims, 1);
    noc_topo_free(&t);
    gen_ok(&t, "hypercube:N=16");
    assert_int_equal(t.shape.family, NOC_FAM_HYPERCUBE);
    assert_int_equal(t.shape.ndims, 4);
    assert_string_equal(t.shape.params, "n=4");
    noc_topo_free(&t);
    /* more dimensions than NOC_MAXDIM: ndims kept, dims[] capped */
    gen_ok(&t, "hypercube:n=10");
    assert_int_equal(t.shape.ndims, 10);
    assert_int_equal(t.shape.dims[NOC_MAXDIM - 1], 2);
    assert_int_equal(t.nrouters, 1024);
    noc_topo_free(&t);
    gen_ok(&t, "butterfly:k=2,n=10");
    assert_int_equal(t.shape.ndims, 10);
    assert_int_equal(t.nrouters, 10 * 512);
    noc_topo_free(&t);
    gen_ok(&t, "flatfly:k=4,n=2,c=4");
    assert_int_equal(t.shape.family, NOC_FAM_FLATFLY);
    assert_int_equal(t.shape.conc, 4);
    noc_topo_free(&t);
    gen_ok(&t, "butterfly:k=4,n=3");
    assert_int_equal(t.shape.family, NOC_FAM_BUTTERFLY);
    assert_int_equal(t.shape.ndims, 3);
    assert_int_equal(t.shape.k, 4);
    noc_topo_free(&t);
    gen_ok(&t, "omega:n=3");
    assert_int_equal(t.shape.family, NOC_FAM_OMEGA);
    noc_topo_free(&t);
    gen_ok(&t, "cube:n=3");
    assert_int_equal(t.shape.family, NOC_FAM_CUBE);
    noc_topo_free(&t);
    gen_ok(&t, "clos:m=3,n=2,r=4");
    assert_int_equal(t.shape.family, NOC_FAM_CLOS);
    assert_int_equal(t.shape.dims[0], 3);
    assert_int_equal(t.shape.dims[2], 4);
    noc_topo_free(&t);
    gen_ok(&t, "fattree:k=2,n=3");
    assert_int_equal(t.shape.family, NOC_FAM_FATTREE);
    noc_topo_free(&t);
    gen_ok(&t, "gen:chordal:12,3"); /* "gen:" prefix, positional values */
    assert_int_equal(t.shape.family, NOC_FAM_OTHER);
    assert_string_equal(t.shape.params, "n=12,w=3");
    noc_topo_free(&t);
}

static double dist(const struct noc_topo *t, const char *a, const char *b)
{
    const struct noc_node *x = &t->nodes[node(t, a)], *y = &t->nodes[node(t, b)];
    return hypot(x->x - y->x, x->y - y->y);
}

static void coordinates(void **state)
{
    (void)state;
    struct noc_topo t;
    /* mesh: router (x,y) at ((x+0.5)p, (y+0.5)p); terminal (+p/4, +p/4) */
    gen_ok(&t, "mesh:k=4,n=2,pitch=2");
    const struct noc_node *r6 = &t.nodes[node(&t, "r6")], *r0 = &t.nodes[node(&t, "r0")];
    assert_true(fabs(r6->x - r0->x - 4) < 1e-9 && fabs(r6->y - r0->y - 2) < 1e-9);
    assert_true(fabs(dist(&t, "r6", "t6") - sqrt(0.5)) < 1e-9);
    noc_topo_free(&t);
    /* folded torus: every link at most 2 pitches long, some exactly 2 */
    gen_ok(&t, "torus:k=5,n=2,pitch=1.5");
    double longest = 0;
    for (int c = 0; c < t.nch; c++)
        if (noc_topo_is_rr(&t, c) && noc_topo_channel_length(&t, c) > longest)
            longest = noc_topo_channel_length(&t, c);
    assert_true(fabs(longest - 3.0) < 1e-9);
    noc_topo_free(&t);
    /* ring on a circle: neighbours one pitch apart */
    gen_ok(&t, "ring:k=7,pitch=3");
    assert_true(fabs(dist(&t, "r0", "r1") - 3) < 1e-9);
    assert_true(fabs(dist(&t, "r6", "r0") - 3) < 1e-9);
    noc_topo_free(&t);
    /* all coordinates non-negative, for every family at a small size */
    const char *specs[] = {"ring:k=3", "linear:k=3", "mesh:k=2", "torus:k=3", "hypercube:n=3",
                           "cmesh:k=2,c=3", "hring:g=3,l=2", "flatfly:k=2,c=2", "butterfly:k=2,n=2",
                           "omega:n=2", "cube:n=2", "clos:m=2,n=2,r=2", "fattree:k=2,n=2",
                           "crossbar:n=3", "full:n=3", "chordal:n=8,w=3", "illiac:r=3",
                           "barrel:n=2", "ccc:k=3", "shuffle-exchange:n=2", "star:n=3",
                           "tree:h=3", "butterfly:k=2,n=2,layout=stages", "omega:n=2,layout=stages",
                           "cube:n=2,layout=stages", "clos:m=2,n=2,r=2,layout=stages",
                           "fattree:k=2,n=2,layout=stages"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gen_ok(&t, specs[i]);
        /* folded indirect networks may stack switches on one point */
        int folded = t.shape.family >= NOC_FAM_BUTTERFLY && t.shape.family <= NOC_FAM_FATTREE &&
                     !strstr(specs[i], "stages");
        for (int v = 0; v < t.nnodes; v++) {
            assert_true(t.nodes[v].has_pos);
            if (t.nodes[v].x < 0 || t.nodes[v].y < 0)
                fail_msg("%s: %s at (%g, %g)", specs[i], t.nodes[v].name, t.nodes[v].x, t.nodes[v].y);
            /* no two routers on one spot */
            for (int u = 0; u < v && v < t.nrouters && !folded; u++)
                if (hypot(t.nodes[u].x - t.nodes[v].x, t.nodes[u].y - t.nodes[v].y) < 0.5)
                    fail_msg("%s: %s and %s overlap", specs[i], t.nodes[u].name, t.nodes[v].name);
        }
        noc_topo_free(&t);
    }
}

/* Folded indirect networks (gen.h): terminal i on Morton tile (even bits,
 * odd bits), every switch at the mean of its channel ends. */
static void folded_layout(void **state)
{
    (void)state;
    struct noc_topo t;
    /* Hand-worked, 2-ary 2-tree at pitch 2: terminals on a 2 x 2 grid at
     * (1,1), (3,1), (1,3), (3,3); leaf r2 (t0, t1 and both roots) and r3
     * (t2, t3, both roots); roots r0, r1 (both leaves).  Solving
     * r2 = (t0 + t1 + r0 + r1)/4, r0 = r1 = (r2 + r3)/2 gives roots at
     * (2, 2), leaves at (2, 1.5) and (2, 2.5). */
    gen_ok(&t, "fattree:k=2,n=2,pitch=2");
    const double want[][2] = {{2, 2}, {2, 2}, {2, 1.5}, {2, 2.5}, {1, 1}, {3, 1}, {1, 3}, {3, 3}};
    for (int v = 0; v < 8; v++)
        if (fabs(t.nodes[v].x - want[v][0]) > 1e-9 || fabs(t.nodes[v].y - want[v][1]) > 1e-9)
            fail_msg("%s at (%g, %g), want (%g, %g)", t.nodes[v].name, t.nodes[v].x, t.nodes[v].y,
                     want[v][0], want[v][1]);
    noc_topo_free(&t);
    /* Clos(2,2,2), pitch 1: tiles t0 (0.5,0.5), t1 (1.5,0.5), t2 (0.5,1.5),
     * t3 (1.5,1.5).  Input switch r0 and output switch r4 have the same
     * neighbours (t0, t1, both middles), so they coincide, likewise r1 and
     * r5; a middle is the mean of r0, r1, r4, r5 = (1, 1) by symmetry; then
     * r0 = (t0 + t1 + 2 x (1,1)) / 4 = (1, 0.75). */
    gen_ok(&t, "clos:m=2,n=2,r=2");
    assert_true(fabs(t.nodes[node(&t, "r2")].x - 1) < 1e-9 && fabs(t.nodes[node(&t, "r2")].y - 1) < 1e-9);
    assert_true(fabs(t.nodes[node(&t, "r0")].x - 1) < 1e-9 && fabs(t.nodes[node(&t, "r0")].y - 0.75) < 1e-9);
    noc_topo_free(&t);
    /* Property, larger sizes: terminals on their tiles, every switch at the
     * barycentre of its channel ends (to the nanometre rounding), inside the
     * grid's bounding box. */
    const char *specs[] = {"butterfly:k=3,n=3", "omega:n=5", "cube:n=4", "clos:m=3,n=4,r=5",
                           "fattree:k=4,n=3,pitch=1.5"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gen_ok(&t, specs[i]);
        int R = t.nrouters, N = t.nterminals, bits = 0;
        double p = strstr(specs[i], "pitch=1.5") ? 1.5 : 1;
        while ((1 << bits) < N)
            bits++;
        for (int j = 0; j < N; j++) {
            int x = 0, y = 0;
            for (int b = 0; 2 * b < bits; b++) {
                x |= ((j >> (2 * b)) & 1) << b;
                y |= ((j >> (2 * b + 1)) & 1) << b;
            }
            if (fabs(t.nodes[R + j].x - (x + 0.5) * p) > 1e-9 || fabs(t.nodes[R + j].y - (y + 0.5) * p) > 1e-9)
                fail_msg("%s: t%d at (%g, %g), want tile (%d, %d)", specs[i], j, t.nodes[R + j].x,
                         t.nodes[R + j].y, x, y);
        }
        for (int v = 0; v < R; v++) {
            double sx = 0, sy = 0;
            int deg = 0;
            for (int c = 0; c < t.nch; c++) {
                int o = t.ch[c].src == v ? t.ch[c].dst : t.ch[c].dst == v ? t.ch[c].src : -1;
                if (o < 0)
                    continue;
                sx += t.nodes[o].x;
                sy += t.nodes[o].y;
                deg++;
            }
            if (fabs(sx / deg - t.nodes[v].x) > 1e-5 || fabs(sy / deg - t.nodes[v].y) > 1e-5)
                fail_msg("%s: %s at (%g, %g), its neighbours' mean (%g, %g)", specs[i], t.nodes[v].name,
                         t.nodes[v].x, t.nodes[v].y, sx / deg, sy / deg);
        }
        noc_topo_free(&t);
    }
    /* layout=stages keeps the textbook drawing and says so in the name. */
    gen_ok(&t, "fattree:k=2,n=2,layout=stages");
    assert_string_equal(t.shape.params, "k=2,n=2,layout=stages");
    assert_true(fabs(t.nodes[node(&t, "t3")].x - 3.5) < 1e-9 && fabs(t.nodes[node(&t, "t3")].y - 0.5) < 1e-9);
    noc_topo_free(&t);
}

static void positional_and_named_agree(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo a, b;
    noc_ctx_init(&ctx);
    char n3[] = "n=3", k4[] = "k=4", v4[] = "4", v3[] = "3";
    char *named[] = {n3, k4};
    char *pos[] = {v4, v3};
    assert_int_equal(noc_gen(&a, "mesh", 2, named, &ctx), NOC_OK);
    assert_int_equal(noc_gen(&b, "mesh", 2, pos, &ctx), NOC_OK);
    assert_int_equal(a.nrouters, 64);
    assert_int_equal(b.nrouters, 64);
    assert_string_equal(a.shape.params, b.shape.params);
    assert_int_equal(a.nch, b.nch);
    for (int c = 0; c < a.nch; c++) {
        assert_int_equal(a.ch[c].src, b.ch[c].src);
        assert_int_equal(a.ch[c].dst, b.ch[c].dst);
    }
    noc_topo_free(&a);
    noc_topo_free(&b);
    /* dims=4x4 equals k=4 n=2 */
    gen_ok(&a, "torus:dims=4x4");
    gen_ok(&b, "torus:k=4,n=2");
    assert_int_equal(a.nch, b.nch);
    for (int c = 0; c < a.nch; c++)
        assert_int_equal(a.ch[c].dst, b.ch[c].dst);
    noc_topo_free(&a);
    noc_topo_free(&b);
}

struct bad_case {
    const char *spec;
    int status;
    const char *msg; /* a substring of the message */
};

static const struct bad_case bad_cases[] = {
    {"mesh:k=1,n=2", NOC_EINVAL, "k must be an integer >= 2"},
    {"mesh:k=4,n=0", NOC_EINVAL, "n must be an integer in [1, 8]"},
    {"mesh:k=4,n=9", NOC_EINVAL, "n must be"},
    {"mesh:k=x", NOC_EINVAL, "got 'x'"},
    {"mesh:k=", NOC_EINVAL, "k must be"},
    {"mesh:k=4,k=4", NOC_EINVAL, "k given twice"},
    {"mesh:4,k=4", NOC_EINVAL, "k given twice"},
    {"mesh:n=2", NOC_EINVAL, "missing parameter k"},
    {"mesh:k=4,q=1", NOC_EINVAL, "unknown parameter 'q'"},
    {"mesh:4,2,7", NOC_EINVAL, "too many values"},
    {"mesh:dims=4x1", NOC_EINVAL, "dims"},
    {"mesh:dims=4xx3", NOC_EINVAL, "dims"},
    {"mesh:dims=2x2x2x2x2x2x2x2x2", NOC_EINVAL, "more than 8"},
    {"mesh:dims=4x3,k=4", NOC_EINVAL, "dims= replaces k and n"},
    {"mesh:k=4,pitch=0", NOC_EINVAL, "pitch"},
    {"mesh:k=4,pitch=-2", NOC_EINVAL, "pitch"},
    {"mesh:k=4,pitch=abc", NOC_EINVAL, "pitch"},
    {"ring:k=2,dims=3x3", NOC_EINVAL, "unknown parameter 'dims'"},
    {"cmesh:k=4,n=2,c=0", NOC_EINVAL, "c must be an integer >= 1"},
    {"cmesh:k=4,n=2", NOC_EINVAL, "missing parameter c"},
    {"chordal:n=7,w=3", NOC_EINVAL, "n must be even"},
    {"chordal:n=12,w=4", NOC_EINVAL, "w must be odd"},
    {"chordal:n=12,w=1", NOC_EINVAL, "w must be"},
    {"chordal:n=12,w=11", NOC_EINVAL, "w must be odd"},
    {"omega:N=12", NOC_EINVAL, "N must be a power of two"},
    {"hypercube:N=1", NOC_EINVAL, "power of two"},
    {"hypercube:N=8,n=4", NOC_EINVAL, "contradicts"},
    {"hypercube:n=0", NOC_EINVAL, "n must be"},
    {"butterfly:k=1,n=2", NOC_EINVAL, "k must be"},
    {"clos:m=0,n=2,r=2", NOC_EINVAL, "m must be"},
    {"clos:m=2,n=2,r=1", NOC_EINVAL, "r must be"},
    {"hring:g=1,l=3", NOC_EINVAL, "g must be"},
    {"tree:h=0", NOC_EINVAL, "h must be"},
    {"star:n=1", NOC_EINVAL, "n must be"},
    {"nosuch:k=2", NOC_EINVAL, "unknown topology family 'nosuch'"},
    {"", NOC_EINVAL, "unknown topology family"},
    {"mesh:", NOC_EINVAL, "empty parameter"},
    {"mesh:k=4,,n=2", NOC_EINVAL, "empty parameter"},
    {"mesh:=4", NOC_EINVAL, "bad parameter"},
    /* sizes beyond NOC_GEN_MAX_ELEMS (2^24) are refused before allocating */
    {"mesh:k=100000,n=2", NOC_ENOMEM, "generator limit"},
    {"mesh:k=1073741824,n=8", NOC_ENOMEM, "generator limit"},
    {"hypercube:n=30", NOC_ENOMEM, "generator limit"},
    {"full:n=100000", NOC_ENOMEM, "generator limit"},
    {"butterfly:k=1000,n=30", NOC_ENOMEM, "generator limit"},
    {"fattree:k=64,n=5", NOC_ENOMEM, "generator limit"},
    {"ccc:k=30", NOC_ENOMEM, "generator limit"},
    {"clos:m=100000,n=100000,r=100000", NOC_ENOMEM, "generator limit"},
};

static void invalid_parameters(void **state)
{
    (void)state;
    {
        struct noc_ctx ctx;
        struct noc_topo t;
        noc_ctx_init(&ctx);
        assert_int_equal(noc_gen(&t, NULL, 0, NULL, &ctx), NOC_EINVAL);
        noc_ctx_clear(&ctx);
        assert_int_equal(noc_gen_spec(&t, NULL, &ctx), NOC_EINVAL);
    }
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        struct noc_ctx ctx;
        struct noc_topo t;
        noc_ctx_init(&ctx);
        int rc = noc_gen_spec(&t, bad_cases[i].spec, &ctx);
        if (rc != bad_cases[i].status || !strstr(ctx.msg, bad_cases[i].msg))
            fail_msg("'%s': status %d, message '%s' (want %d, '%s')", bad_cases[i].spec, rc,
                     ctx.msg, bad_cases[i].status, bad_cases[i].msg);
        /* t was released: zeroed, safe to free again */
        assert_int_equal(t.nnodes, 0);
        assert_null(t.nodes);
        noc_topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direct_networks),
        cmocka_unit_test(static_networks),
        cmocka_unit_test(indirect_networks),
        cmocka_unit_test(shapes),
        cmocka_unit_test(coordinates),
        cmocka_unit_test(folded_layout),
        cmocka_unit_test(positional_and_named_agree),
        cmocka_unit_test(invalid_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
