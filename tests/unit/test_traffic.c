/* Unit tests: traffic patterns (noc_traffic_make, src/traffic/patterns*.c).
 *
 * Expected destinations are worked by hand from Dally & Towles sec. 3.2
 * (Table 3.1) and the docs/INTERFACE.md numbering (router (x,y) of a k x k mesh is
 * r(x + k y); terminal i on router i / c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nocsyn/gen.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

#define EPS 1e-12

static void gen(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_gen_spec(t, spec, &ctx))
        fail_msg("gen %s: %s", spec, ctx.msg);
}

static void make(struct noc_traffic *tr, const struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_traffic_make(tr, t, spec, NULL, &ctx))
        fail_msg("traffic %s: %s", spec, ctx.msg);
}

/* Rate from s to d, uniform share included. */
static double rate(const struct noc_traffic *tr, int s, int d)
{
    double w = tr->uniform / tr->n;
    for (int i = tr->off[s]; i < tr->off[s + 1]; i++)
        if (tr->ent[i].d == d)
            w += tr->ent[i].w;
    return w;
}

/* The single destination of s in a permutation pattern. */
static int dest(const struct noc_traffic *tr, int s)
{
    assert_true(tr->uniform == 0);
    assert_int_equal(tr->off[s + 1] - tr->off[s], 1);
    assert_true(fabs(tr->ent[tr->off[s]].w - 1) < EPS);
    return tr->ent[tr->off[s]].d;
}

/* Ejection load of terminal d: the column sum. */
static double eject(const struct noc_traffic *tr, int d)
{
    double w = 0;
    for (int s = 0; s < tr->n; s++)
        w += rate(tr, s, d);
    return w;
}

static void check_rows(const struct noc_traffic *tr)
{
    for (int s = 0; s < tr->n; s++)
        if (fabs(noc_traffic_row_sum(tr, s) - 1) > 1e-9)
            fail_msg("%s: row %d sums to %.12g", tr->name, s, noc_traffic_row_sum(tr, s));
}

/* Every synthetic pattern on a 4x4 mesh (N = 16) has rows summing to 1, and
 * every permutation pattern is a bijection (column sums 1). */
static void rows_sum_to_one(void **state)
{
    (void)state;
    struct noc_topo t;
    gen(&t, "mesh:k=4,n=2");
    static const char *const specs[] = {
        "uniform", "bitcomp", "bitrev", "transpose", "shuffle", "tornado", "neighbor",
        "randperm:7", "perm:butterfly", "perm:shift:5,cube:1", "hotspot:0.25", "hotspot:1:15",
        "local:1:0.5", "local:0:1", "local:3:0.9", "fft3d:4x4:1", "fft3d:2x8:2", "fft3d:16x1:1",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        struct noc_traffic tr;
        make(&tr, &t, specs[i]);
        assert_string_equal(tr.name, specs[i]);
        assert_int_equal(tr.n, 16);
        check_rows(&tr);
        if (i >= 1 && i <= 9)
            for (int d = 0; d < 16; d++)
                assert_true(fabs(eject(&tr, d) - 1) < 1e-9);
        noc_traffic_free(&tr);
    }
    noc_topo_free(&t);
}

/* Bit patterns on N = 16: bitcomp 3 = 0011 -> 1100 = 12; bitrev 1 -> 8,
 * 3 -> 12, 6 -> 6; shuffle (rotate left) 8 -> 1, 9 -> 3; transpose on the
 * 4x4 mesh: terminal 9 = (1, 2) -> (2, 1) = 6; on a 16-node hypercube the
 * bit version d_i = s_{(i+2) mod 4}: 9 = 10|01 -> 01|10 = 6. */
static void bit_patterns(void **state)
{
    (void)state;
    struct noc_topo t, h;
    struct noc_traffic tr;
    gen(&t, "mesh:k=4,n=2");
    gen(&h, "hypercube:n=4");
    make(&tr, &t, "bitcomp");
    assert_int_equal(dest(&tr, 3), 12);
    noc_traffic_free(&tr);
    make(&tr, &t, "bitrev");
    assert_int_equal(dest(&tr, 1), 8);
    assert_int_equal(dest(&tr, 3), 12);
    assert_int_equal(dest(&tr, 6), 6); /* a fixed point: self-traffic */
    noc_traffic_free(&tr);
    make(&tr, &t, "shuffle");
    assert_int_equal(dest(&tr, 8), 1);
    assert_int_equal(dest(&tr, 9), 3);
    noc_traffic_free(&tr);
    make(&tr, &t, "transpose");
    assert_int_equal(dest(&tr, 9), 6);
    assert_int_equal(dest(&tr, 5), 5);
    noc_traffic_free(&tr);
    make(&tr, &h, "transpose");
    assert_int_equal(dest(&tr, 9), 6);
    assert_int_equal(dest(&tr, 1), 4);
    noc_traffic_free(&tr);
    make(&tr, &t, "perm:pm2i:-0");
    assert_int_equal(dest(&tr, 0), 15);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
    noc_topo_free(&h);
}

/* Coordinate patterns.  5x5 torus (k = 5): tornado adds ceil(5/2) - 1 = 2
 * in x and y: terminal 0 = (0,0) -> (2,2) = 12, 24 = (4,4) -> (1,1) = 6;
 * neighbor adds 1: 0 -> (1,1) = 6, 24 -> (0,0) = 0.  2x2 cmesh with c = 4:
 * tornado adds ceil(2/2) - 1 = 0 (identity); neighbor moves router 1 = (1,0)
 * to (0,1) = router 2, keeping the local slot: terminal 5 -> 9.  A ring of
 * 6: tornado +2 (5 -> 1), neighbor +1 (5 -> 0).  A 6-port crossbar has no
 * coordinates: the terminals form one ring of 6, same answers. */
static void coordinate_patterns(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "torus:k=5,n=2");
    make(&tr, &t, "tornado");
    assert_int_equal(dest(&tr, 0), 12);
    assert_int_equal(dest(&tr, 24), 6);
    noc_traffic_free(&tr);
    make(&tr, &t, "neighbor");
    assert_int_equal(dest(&tr, 0), 6);
    assert_int_equal(dest(&tr, 24), 0);
    noc_traffic_free(&tr);
    /* 5x5 is square: transpose swaps coordinates, 7 = (2,1) -> (1,2) = 11 */
    make(&tr, &t, "transpose");
    assert_int_equal(dest(&tr, 7), 11);
    noc_traffic_free(&tr);
    noc_topo_free(&t);

    gen(&t, "cmesh:k=2,n=2,c=4");
    make(&tr, &t, "tornado");
    for (int s = 0; s < 16; s++)
        assert_int_equal(dest(&tr, s), s);
    noc_traffic_free(&tr);
    make(&tr, &t, "neighbor");
    assert_int_equal(dest(&tr, 5), 9);
    assert_int_equal(dest(&tr, 0), 12); /* router 0 = (0,0) -> (1,1) = 3 */
    noc_traffic_free(&tr);
    noc_topo_free(&t);

    static const char *const rings[] = {"ring:k=6", "crossbar:n=6"};
    for (int i = 0; i < 2; i++) {
        gen(&t, rings[i]);
        make(&tr, &t, "tornado");
        assert_int_equal(dest(&tr, 5), 1);
        assert_int_equal(dest(&tr, 0), 2);
        noc_traffic_free(&tr);
        make(&tr, &t, "neighbor");
        assert_int_equal(dest(&tr, 5), 0);
        noc_traffic_free(&tr);
        noc_topo_free(&t);
    }
}

/* Hotspot: terminal T receives RATE N + (1-RATE) = 0.2*16 + 0.8 = 4 under
 * hotspot:0.2:3 (uniform: 1), every other terminal 0.8: the hotspot's share
 * of ejection rises from 1/N to (RATE N + 1 - RATE)/N. */
static void hotspot_share(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "mesh:k=4,n=2");
    make(&tr, &t, "hotspot:0.2:3");
    assert_true(fabs(eject(&tr, 3) - 4.0) < 1e-9);
    assert_true(fabs(eject(&tr, 0) - 0.8) < 1e-9);
    assert_true(fabs(rate(&tr, 7, 3) - (0.2 + 0.8 / 16)) < EPS);
    noc_traffic_free(&tr);
    make(&tr, &t, "hotspot:0.5");
    assert_true(fabs(eject(&tr, 0) - (0.5 * 16 + 0.5)) < 1e-9);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Local on the 4x4 mesh, radius 1, rate 1: the corner terminal 0 talks to
 * routers 0, 1, 4 (1/3 each); an edge terminal has 4 in its set, an inner
 * one 5.  Terminal 0 then receives 1/3 (itself) + 1/4 (from 1) + 1/4 (from
 * 4) = 5/6 < 1: corners eject less than under uniform traffic, inner
 * terminals more (below), and no traffic goes farther than one hop.  local:R:0 is uniform; local:0:1 on one terminal per router
 * is the identity. */
static void local_mesh(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "mesh:k=4,n=2");
    make(&tr, &t, "local:1:1");
    assert_true(fabs(rate(&tr, 0, 0) - 1.0 / 3) < EPS);
    assert_true(fabs(rate(&tr, 0, 1) - 1.0 / 3) < EPS);
    assert_true(fabs(rate(&tr, 0, 4) - 1.0 / 3) < EPS);
    assert_true(fabs(rate(&tr, 0, 5)) < EPS);
    assert_true(fabs(rate(&tr, 5, 1) - 1.0 / 5) < EPS);
    assert_true(fabs(eject(&tr, 0) - 5.0 / 6) < 1e-9);
    /* inner terminal 5 = (1,1): neighbours 1, 4 (edges, 1/4 each), 6, 9
     * (inner, 1/5 each) and itself (1/5): 0.5 + 0.6 = 1.1 > 1 */
    assert_true(fabs(eject(&tr, 5) - 1.1) < 1e-9);
    for (int s = 0; s < 16; s++)
        for (int d = 0; d < 16; d++) {
            int dx = abs(s % 4 - d % 4), dy = abs(s / 4 - d / 4);
            if (dx + dy > 1)
                assert_true(rate(&tr, s, d) == 0);
        }
    noc_traffic_free(&tr);
    make(&tr, &t, "local:0:1");
    for (int s = 0; s < 16; s++)
        assert_int_equal(dest(&tr, s), s);
    noc_traffic_free(&tr);
    make(&tr, &t, "local:2:0");
    assert_true(tr.uniform == 1 && tr.nent == 0);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Fat tree (2-ary 3-tree, N = 8): RADIUS counts levels.  local:1:1 keeps
 * traffic on the leaf switch ({4,5} for terminal 5, 1/2 each), local:2:1
 * in the 4-terminal subtree {4..7}; local:3:1 is uniform over all 8.
 * Butterfly (2-ary 3-fly): every destination is 2 hops away, so radius 1
 * leaves only the terminal itself. */
static void local_fattree_butterfly(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "fattree:k=2,n=3");
    make(&tr, &t, "local:1:1");
    assert_true(fabs(rate(&tr, 5, 4) - 0.5) < EPS);
    assert_true(fabs(rate(&tr, 5, 5) - 0.5) < EPS);
    assert_true(rate(&tr, 5, 6) == 0);
    noc_traffic_free(&tr);
    make(&tr, &t, "local:2:1");
    for (int d = 0; d < 8; d++)
        assert_true(fabs(rate(&tr, 5, d) - (d >= 4 ? 0.25 : 0)) < EPS);
    noc_traffic_free(&tr);
    make(&tr, &t, "local:7:1");
    for (int d = 0; d < 8; d++)
        assert_true(fabs(rate(&tr, 2, d) - 0.125) < EPS);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
    gen(&t, "butterfly:k=2,n=3");
    make(&tr, &t, "local:1:1");
    for (int s = 0; s < 8; s++)
        assert_int_equal(dest(&tr, s), s);
    noc_traffic_free(&tr);
    make(&tr, &t, "local:2:1");
    assert_true(fabs(rate(&tr, 3, 6) - 0.125) < EPS);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* fft3d on a 4x4 grid: process 5 = row 1, column 1; phase 1 sends 1/3 to
 * 4, 6, 7; phase 2 sends 1/3 to 1, 9, 13. */
static void fft3d_phases(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    gen(&t, "mesh:k=4,n=2");
    make(&tr, &t, "fft3d:4x4:1");
    for (int d = 0; d < 16; d++)
        assert_true(fabs(rate(&tr, 5, d) - (d == 4 || d == 6 || d == 7 ? 1.0 / 3 : 0)) < EPS);
    noc_traffic_free(&tr);
    make(&tr, &t, "fft3d:4x4:2");
    for (int d = 0; d < 16; d++)
        assert_true(fabs(rate(&tr, 5, d) - (d == 1 || d == 9 || d == 13 ? 1.0 / 3 : 0)) < EPS);
    noc_traffic_free(&tr);
    make(&tr, &t, "fft3d:16x1:1"); /* rows of one process: self */
    assert_int_equal(dest(&tr, 7), 7);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

static void randperm_deterministic(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic a, b, c;
    gen(&t, "ring:k=12");
    make(&a, &t, "randperm:42");
    make(&b, &t, "randperm:42");
    make(&c, &t, "randperm:43");
    int same = 1;
    for (int s = 0; s < 12; s++) {
        assert_int_equal(dest(&a, s), dest(&b, s));
        same &= dest(&a, s) == dest(&c, s);
        assert_true(fabs(eject(&a, s) - 1) < EPS);
    }
    assert_false(same);
    noc_traffic_free(&a);
    noc_traffic_free(&b);
    noc_traffic_free(&c);
    noc_topo_free(&t);
}

/* app traffic: flows t0->t1 40, t0->t2 60, t2->t3 50 MB/s on a 2x2 mesh.
 * The busiest terminal (t0) injects 100 MB/s = 1 unit: unit_mbps = 100, the
 * rates are 0.4, 0.6 and 0.5. */
static void app_traffic(void **state)
{
    (void)state;
    char dir[] = "/tmp/nocsyn_traffic_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("src,dst,bandwidth_mbps\nt0,t1,40\nt0,t2,60\nt2,t3,50\n", f);
    fclose(f);
    char spec[80];
    snprintf(spec, sizeof spec, "app:%s", path);
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_ctx ctx;
    gen(&t, "mesh:k=2,n=2");
    make(&tr, &t, spec);
    assert_true(fabs(tr.unit_mbps - 100) < EPS);
    assert_true(fabs(rate(&tr, 0, 1) - 0.4) < EPS);
    assert_true(fabs(rate(&tr, 0, 2) - 0.6) < EPS);
    assert_true(fabs(rate(&tr, 2, 3) - 0.5) < EPS);
    assert_true(fabs(noc_traffic_row_sum(&tr, 0) - 1) < EPS);
    assert_non_null(tr.core_of);
    assert_int_equal(tr.core_of[0], 0);
    assert_int_equal(tr.core_of[3], 3); /* cores t0 t1 t2 t3 in order of appearance */
    noc_traffic_free(&tr);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, spec, "index", &ctx), 0);
    assert_true(fabs(rate(&tr, 2, 3) - 0.5) < EPS);
    noc_traffic_free(&tr);
    noc_ctx_init(&ctx);
    /* auto (map.h): every core on its own terminal, rows still sum to 1. */
    assert_int_equal(noc_traffic_make(&tr, &t, spec, "auto", &ctx), 0);
    {
        int seen[64] = {0}, mapped = 0;
        assert_true(tr.n <= 64);
        for (int i = 0; i < tr.n; i++)
            if (tr.core_of[i] >= 0) {
                assert_int_equal(seen[tr.core_of[i]]++, 0);
                mapped++;
            }
        assert_int_equal(mapped, 4);
    }
    noc_traffic_free(&tr);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, spec, "magic", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "unknown mapping"));
    /* a core with no terminal of its name */
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("src,dst,bandwidth_mbps\ncpu,t1,40\n", f);
    fclose(f);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, spec, NULL, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "'cpu'"));
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, spec, "index", &ctx), 0);
    assert_true(fabs(rate(&tr, 0, 1) - 1) < EPS);
    noc_traffic_free(&tr);
    unlink(path);
    rmdir(dir);
    noc_topo_free(&t);
}

static void errors(void **state)
{
    (void)state;
    struct noc_topo t;
    gen(&t, "ring:k=6");
    static const struct {
        const char *spec;
        const char *msg;
    } bad[] = {
        {"bogus", "unknown traffic pattern 'bogus'"},
        {"uniform:1", "write it as 'uniform'"},
        {"hotspot", "hotspot:RATE[:T]"},
        {"hotspot:", "hotspot:RATE[:T]"},
        {"hotspot:1.5", "RATE"},
        {"hotspot:0.5:6", "0..5"},
        {"bitrev", "power-of-two"},
        {"bitcomp", "power-of-two"},
        {"shuffle", "power-of-two"},
        {"perm:shuffle", "power of two"},
        {"transpose", "square 2-D"},
        {"randperm:x", "SEED"},
        {"local:1", "local:RADIUS:RATE"},
        {"local:-1:0.5", "RADIUS"},
        {"local:1:2", "RATE"},
        {"fft3d:2x2:1", "must be equal"},
        {"fft3d:2x3:3", "PHASE"},
        {"fft3d:6:1", "PROWxPCOL"},
        {"app:/nonexistent/x.csv", "x.csv"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct noc_ctx ctx;
        struct noc_traffic tr;
        noc_ctx_init(&ctx);
        if (noc_traffic_make(&tr, &t, bad[i].spec, NULL, &ctx) == NOC_OK)
            fail_msg("'%s' accepted", bad[i].spec);
        if (!strstr(ctx.msg, bad[i].msg))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i].spec, ctx.msg, bad[i].msg);
    }
    noc_topo_free(&t);
    /* N = 8 with 3 address bits: transpose needs an even bit count;
     * perm:cube:3 is out of range. */
    gen(&t, "butterfly:k=2,n=3");
    struct noc_ctx ctx;
    struct noc_traffic tr;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, "transpose", NULL, &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, "perm:cube:3", NULL, &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_traffic_make(&tr, &t, "perm:cube:2", NULL, &ctx), NOC_OK);
    assert_int_equal(dest(&tr, 1), 5);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_sum_to_one),
        cmocka_unit_test(bit_patterns),
        cmocka_unit_test(coordinate_patterns),
        cmocka_unit_test(hotspot_share),
        cmocka_unit_test(local_mesh),
        cmocka_unit_test(local_fattree_butterfly),
        cmocka_unit_test(fft3d_phases),
        cmocka_unit_test(randperm_deterministic),
        cmocka_unit_test(app_traffic),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
