/* Unit tests of the generators: counts of every family against closed forms.
 *
 * For each family: routers R, terminals N, links (docs/INTERFACE.md section 2: router-router,
 * a bidirectional pair once, a unidirectional channel once), channels
 * (directed router-router), degree min/max and radix min/max
 * (noc_topo_degree / noc_topo_radix: a bidirectional pair is one port, a lone
 * unidirectional channel one port, so a k x k unidirectional switch has
 * radix 2k).  Sources are cited per row; "hand" marks a small case worked
 * out by hand in the comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

struct counts {
    int R, N, links, ch, dmin, dmax, xmin, xmax;
};

struct count_case {
    const char *spec;
    struct counts want;
};

static const struct count_case cases[] = {
    /* ring k: k-ary 1-cube, k links, degree 2 (Dally & Towles [D&T] 5.1);
     * k = 2 collapses to one link (gen.h). */
    {"ring:k=8", {8, 8, 8, 16, 2, 2, 3, 3}},
    {"ring:k=2", {2, 2, 1, 2, 1, 1, 2, 2}},
    /* linear k: k-1 links, ends degree 1. */
    {"linear:k=5", {5, 5, 4, 8, 1, 2, 2, 3}},
    /* mesh k n: k^n routers, n(k-1)k^(n-1) links, degree n..2n (D&T 5.1). */
    {"mesh:k=4,n=2", {16, 16, 24, 48, 2, 4, 3, 5}},
    {"mesh:k=3,n=3", {27, 27, 54, 108, 3, 6, 4, 7}},
    {"mesh:k=8", {64, 64, 112, 224, 2, 4, 3, 5}}, /* n defaults to 2: 2*7*8 */
    /* dims=4x3: X 3 links x 3 rows + Y 2 links x 4 columns = 17. */
    {"mesh:dims=4x3", {12, 12, 17, 34, 2, 4, 3, 5}},
    /* dims=4x3x2: X 3*6 + Y 2*8 + Z 1*12 = 46; corner 3, max 2+2+1 = 5. */
    {"mesh:dims=4x3x2", {24, 24, 46, 92, 3, 5, 4, 6}},
    /* torus k n: n k^n links for k > 2, degree 2n (D&T 5.2). */
    {"torus:k=4,n=2", {16, 16, 32, 64, 4, 4, 5, 5}},
    {"torus:k=3,n=2", {9, 9, 18, 36, 4, 4, 5, 5}},
    /* 2-ary 3-cube = binary 3-cube: 3 * 2^2 = 12 links, degree 3. */
    {"torus:k=2,n=3", {8, 8, 12, 24, 3, 3, 4, 4}},
    /* dims=4x2: X rings 4 links x 2 + Y (k=2) 1 link x 4 = 12, degree 3. */
    {"torus:dims=4x2", {8, 8, 12, 24, 3, 3, 4, 4}},
    /* hypercube n: 2^n routers, n 2^(n-1) links, degree n (D&T 5.3). */
    {"hypercube:n=4", {16, 16, 32, 64, 4, 4, 5, 5}},
    {"hypercube:N=8", {8, 8, 12, 24, 3, 3, 4, 4}},
    /* cmesh 4x4, c = 4: mesh links 24, 64 terminals, radix = degree + 4. */
    {"cmesh:k=4,n=2,c=4", {16, 64, 24, 48, 2, 4, 6, 8}},
    {"cmesh:dims=4x2,c=2", {8, 16, 10, 20, 2, 3, 4, 5}}, /* X 3*2 + Y 1*4 */
    /* hring g=4 l=3: 4 local rings of 4 routers (4 links each) + a global
     * ring of 4 = 20 links; cores degree 2 (+1 terminal), interfaces 4. */
    {"hring:g=4,l=3", {16, 12, 20, 40, 2, 4, 3, 4}},
    /* hring g=2 l=1 (hand): local rings of 2 are one link each, the global
     * ring of 2 one link: 3 links; cores degree 1, interfaces 2. */
    {"hring:g=2,l=1", {4, 2, 3, 6, 1, 2, 2, 2}},
    /* flatfly k n c: k^n routers, n C(k,2) k^(n-1) links, degree n(k-1)
     * (Kim, Dally & Abts, ISCA 2007, as docs/INTERFACE.md section 3.1 defines it). */
    {"flatfly:k=4,n=2,c=4", {16, 64, 48, 96, 6, 6, 10, 10}},
    {"flatfly:k=3,n=3,c=1", {27, 27, 81, 162, 6, 6, 7, 7}},
    /* butterfly k n: n k^(n-1) switches, k^n terminals, (n-1) k^n
     * unidirectional links (D&T 4.1); every switch k x k: radix 2k; degree
     * k at the first and last stage, 2k inside. */
    {"butterfly:k=2,n=3", {12, 8, 16, 16, 2, 4, 4, 4}},
    {"butterfly:k=4,n=2", {8, 16, 16, 16, 4, 4, 8, 8}},
    /* k-ary 1-fly is one switch; a terminal's inject+eject pair is one
     * bidirectional port: radix k. */
    {"butterfly:k=3,n=1", {1, 3, 0, 0, 0, 0, 3, 3}},
    /* omega n / cube n: n 2^(n-1) 2x2 switches, (n-1) 2^n unidirectional
     * links (Lawrie 1975; Siegel, Interconnection Networks, ch. 3/4). */
    {"omega:n=3", {12, 8, 16, 16, 2, 4, 4, 4}},
    {"omega:N=16", {32, 16, 48, 48, 2, 4, 4, 4}},
    {"cube:n=3", {12, 8, 16, 16, 2, 4, 4, 4}},
    {"cube:n=4", {32, 16, 48, 48, 2, 4, 4, 4}},
    /* clos m n r: 2r + m switches, nr terminals, 2rm unidirectional links
     * (Clos 1953; D&T 6.3); input n x m (radix n+m, degree m), middle r x r
     * (2r), output m x n (n+m, degree m). */
    {"clos:m=3,n=2,r=4", {11, 8, 24, 24, 3, 8, 5, 8}},
    {"clos:m=4,n=4,r=4", {12, 16, 32, 32, 4, 8, 8, 8}},
    /* fattree k n (Petrini & Vanneschi 1997): n k^(n-1) switches, k^n
     * terminals, (n-1) k^n bidirectional links; roots k ports, others 2k. */
    {"fattree:k=2,n=3", {12, 8, 16, 32, 2, 4, 2, 4}},
    {"fattree:k=4,n=2", {8, 16, 16, 32, 4, 4, 4, 8}},
    {"fattree:k=4,n=1", {1, 4, 0, 0, 0, 0, 4, 4}},
    /* bus n: 2 routers, the medium r0 -> r1 (1 link, 1 channel); each
     * router has the one medium port and n terminal ports: radix n + 1. */
    {"bus:n=5", {2, 5, 1, 1, 1, 1, 6, 6}},
    /* crossbar n: one switch, n bidirectional terminal ports. */
    {"crossbar:n=5", {1, 5, 0, 0, 0, 0, 5, 5}},
    /* full n: n(n-1)/2 links, degree n-1. */
    {"full:n=6", {6, 6, 15, 30, 5, 5, 6, 6}},
    /* chordal n w: n ring links + n/2 chords, degree 3 (Arden & Lee 1981). */
    {"chordal:n=12,w=3", {12, 12, 18, 36, 3, 3, 4, 4}},
    {"chordal:n=6,w=3", {6, 6, 9, 18, 3, 3, 4, 4}}, /* = K_{3,3} (hand) */
    /* illiac r (r >= 3): r^2 nodes, 2 r^2 links, degree 4 (Siegel ch. 2);
     * r = 2 merges to K_4. */
    {"illiac:r=4", {16, 16, 32, 64, 4, 4, 5, 5}},
    {"illiac:r=2", {4, 4, 6, 12, 3, 3, 4, 4}},
    /* barrel n: 2^n nodes, degree 2n-1 (+-2^(n-1) coincide), 2^(n-1)(2n-1)
     * links (Siegel, PM2I). */
    {"barrel:n=4", {16, 16, 56, 112, 7, 7, 8, 8}},
    {"barrel:n=1", {2, 2, 1, 2, 1, 1, 2, 2}},
    /* ccc k (k >= 3): k 2^k nodes, 3k 2^(k-1) links, degree 3 (Preparata &
     * Vuillemin 1981); k = 2: an 8-cycle. */
    {"ccc:k=3", {24, 24, 36, 72, 3, 3, 4, 4}},
    {"ccc:k=4", {64, 64, 96, 192, 3, 3, 4, 4}},
    {"ccc:k=2", {8, 8, 8, 16, 2, 2, 3, 3}},
    /* shuffle-exchange n = 3 (hand): exchange {0,1}{2,3}{4,5}{6,7}; shuffle
     * cycles (1 2 4)(3 6 5) give 6 links; 0 and 7 only exchange: 10 links,
     * degree 1..3. */
    {"shuffle-exchange:n=3", {8, 8, 10, 20, 1, 3, 2, 4}},
    /* n = 2 (hand): exchange {0,1}{2,3}, shuffle 1 <-> 2: 3 links. */
    {"shuffle-exchange:n=2", {4, 4, 3, 6, 1, 2, 2, 3}},
    /* star n: n-1 links, hub degree n-1. */
    {"star:n=5", {5, 5, 4, 8, 1, 4, 2, 5}},
    /* tree h: 2^h - 1 nodes, 2^h - 2 links; leaves 1, root 2, inner 3. */
    {"tree:h=3", {7, 7, 6, 12, 1, 3, 2, 4}},
    {"tree:h=1", {1, 1, 0, 0, 0, 0, 1, 1}},
};

static struct counts measure(const struct noc_topo *t)
{
    struct counts c = {t->nrouters, t->nterminals, noc_topo_links(t), noc_topo_rr_channels(t),
                       1 << 30, -1, 1 << 30, -1};
    for (int r = 0; r < t->nrouters; r++) {
        int d = noc_topo_degree(t, r), x = noc_topo_radix(t, r);
        c.dmin = d < c.dmin ? d : c.dmin;
        c.dmax = d > c.dmax ? d : c.dmax;
        c.xmin = x < c.xmin ? x : c.xmin;
        c.xmax = x > c.xmax ? x : c.xmax;
    }
    return c;
}

static void every_family_counts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct noc_ctx ctx;
        struct noc_topo t;
        noc_ctx_init(&ctx);
        int rc = noc_gen_spec(&t, cases[i].spec, &ctx);
        if (rc != NOC_OK)
            fail_msg("%s: %s", cases[i].spec, ctx.msg);
        struct counts got = measure(&t), w = cases[i].want;
        if (memcmp(&got, &w, sizeof got))
            fail_msg("%s: got R=%d N=%d links=%d ch=%d deg=%d..%d radix=%d..%d, want R=%d N=%d "
                     "links=%d ch=%d deg=%d..%d radix=%d..%d",
                     cases[i].spec, got.R, got.N, got.links, got.ch, got.dmin, got.dmax, got.xmin,
                     got.xmax, w.R, w.N, w.links, w.ch, w.dmin, w.dmax, w.xmin, w.xmax);
        /* Every node positioned; every terminal attached both ways
         * (finalize checks the latter). */
        for (int v = 0; v < t.nnodes; v++)
            assert_true(t.nodes[v].has_pos);
        noc_topo_free(&t);
    }
}

/* Every registry family appears in the table above (a new family without
 * an oracle fails here). */
static void every_family_has_a_case(void **state)
{
    (void)state;
    const char *name, *params, *desc;
    int n = 0;
    for (int i = 0; noc_gen_family_info(i, &name, &params, &desc) == 0; i++, n++) {
        int found = 0;
        size_t len = strlen(name);
        for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++)
            if (!strncmp(cases[j].spec, name, len) && cases[j].spec[len] == ':')
                found = 1;
        if (!found)
            fail_msg("family %s has no count oracle", name);
        assert_non_null(params);
        assert_true(strlen(desc) > 10);
    }
    /* docs/INTERFACE.md section 3.1 lists 22 families; nocsyn adds the bus. */
    assert_int_equal(n, 23);
    assert_int_equal(noc_gen_family_info(n, &name, &params, &desc), -1);
    assert_int_equal(noc_gen_family_info(-1, &name, &params, &desc), -1);
}

/* The closed forms at larger sizes, computed in the test (no table). */
static void closed_forms_scale(void **state)
{
    (void)state;
    char spec[64];
    for (int k = 2; k <= 6; k++)
        for (int n = 1; n <= 3; n++) {
            struct noc_ctx ctx;
            struct noc_topo t;
            int kn = 1, kn1 = 1;
            for (int i = 0; i < n; i++)
                kn *= k;
            kn1 = kn / k;
            noc_ctx_init(&ctx);
            snprintf(spec, sizeof spec, "mesh:k=%d,n=%d", k, n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            assert_int_equal(noc_topo_links(&t), n * (k - 1) * kn1);
            noc_topo_free(&t);
            snprintf(spec, sizeof spec, "torus:k=%d,n=%d", k, n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            /* n k^n for k > 2; k = 2: n 2^(n-1) (binary n-cube) */
            assert_int_equal(noc_topo_links(&t), k > 2 ? n * kn : n * kn / 2);
            noc_topo_free(&t);
            snprintf(spec, sizeof spec, "butterfly:k=%d,n=%d", k, n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            assert_int_equal(t.nrouters, n * kn1);
            assert_int_equal(noc_topo_links(&t), (n - 1) * kn);
            noc_topo_free(&t);
            snprintf(spec, sizeof spec, "fattree:k=%d,n=%d", k, n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            assert_int_equal(t.nrouters, n * kn1);
            assert_int_equal(t.nterminals, kn);
            assert_int_equal(noc_topo_links(&t), (n - 1) * kn);
            noc_topo_free(&t);
            snprintf(spec, sizeof spec, "flatfly:k=%d,n=%d,c=2", k, n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            assert_int_equal(noc_topo_links(&t), n * k * (k - 1) / 2 * kn1);
            noc_topo_free(&t);
        }
    for (int n = 1; n <= 8; n++) {
        struct noc_ctx ctx;
        struct noc_topo t;
        noc_ctx_init(&ctx);
        snprintf(spec, sizeof spec, "hypercube:n=%d", n);
        assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
        assert_int_equal(noc_topo_links(&t), n << (n - 1));
        noc_topo_free(&t);
        snprintf(spec, sizeof spec, "barrel:n=%d", n);
        assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
        assert_int_equal(noc_topo_links(&t), (2 * n - 1) << (n - 1));
        noc_topo_free(&t);
        snprintf(spec, sizeof spec, "omega:n=%d", n);
        assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
        assert_int_equal(t.nrouters, n << (n - 1));
        assert_int_equal(noc_topo_links(&t), (n - 1) << n);
        noc_topo_free(&t);
        if (n >= 3) {
            snprintf(spec, sizeof spec, "ccc:k=%d", n);
            assert_int_equal(noc_gen_spec(&t, spec, &ctx), NOC_OK);
            assert_int_equal(t.nrouters, n << n);
            assert_int_equal(noc_topo_links(&t), 3 * n << (n - 1));
            noc_topo_free(&t);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_family_counts),
        cmocka_unit_test(every_family_has_a_case),
        cmocka_unit_test(closed_forms_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
