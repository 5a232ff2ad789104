/* Unit tests: the one local search of synthesis (src/synth/lsearch.c,
 * noc_search_run) in both modes, against hand-worked cases, and its budget
 * policy (the closed form is also checked in test_synth.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/synth/search_int.h"

/* A weighted graph's cut as the exact objective: w[a][b] between cores. */
struct cutg {
    int n;
    const double (*w)[8];
    long calls;
};

static double cut_of(const struct cutg *g, const int *part)
{
    double c = 0;
    for (int a = 0; a < g->n; a++)
        for (int b = a + 1; b < g->n; b++)
            if (part[a] != part[b])
                c += g->w[a][b];
    return c;
}

static double cut_est(void *u, const int *cur, int *part, int c, int t, int swap, double val)
{
    (void)cur, (void)c, (void)t, (void)swap, (void)val;
    struct cutg *g = u;
    g->calls++;
    return cut_of(g, part); /* recounted: the engine applied the try */
}

/* Two triangles {0,1,2} and {3,4,5} (weight 10 inside) joined by 0-3
 * (weight 1), K = 2, at most 3 cores a switch, from the partition
 * {0,1,3} / {2,4,5} (cut edges 0-2, 1-2, 3-4, 3-5: 40).  A move is impossible at cap 3 (every switch
 * full), so only swaps help: swapping 2 and 3 gives {0,1,2} / {3,4,5},
 * cut 1, the optimum (any other split of the triangles cuts >= 20). */
static void exact_descent_two_triangles(void **state)
{
    (void)state;
    static const double w[8][8] = {
        {0, 10, 10, 1, 0, 0}, {10, 0, 10, 0, 0, 0}, {10, 10, 0, 0, 0, 0},
        {1, 0, 0, 0, 10, 10}, {0, 0, 0, 10, 0, 10}, {0, 0, 0, 10, 10, 0},
    };
    struct cutg g = {6, w, 0};
    int part[6] = {0, 0, 1, 0, 1, 1};
    double val = cut_of(&g, part);
    assert_true(val == 40);
    struct noc_search s = {6, 2, 3, 32, 1000, 1, 0, 1, &g, cut_est, NULL, NULL, NULL};
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_search_run(&s, part, &val, &ctx), NOC_OK);
    assert_true(val == 1);
    assert_true(cut_of(&g, part) == 1);
    assert_true(part[0] == part[1] && part[1] == part[2] && part[3] == part[4] && part[4] == part[5]);
    assert_true(part[0] != part[3]);
    /* a budget of 0 tries changes nothing and tries nothing */
    int p0[6] = {0, 0, 1, 0, 1, 1};
    double v0 = 40;
    g.calls = 0;
    s.budget = 0;
    assert_int_equal(noc_search_run(&s, p0, &v0, &ctx), NOC_OK);
    assert_true(v0 == 40 && g.calls == 0 && p0[2] == 1 && p0[3] == 0);
}

/* Moves never empty a switch nor pass cap: five cores all wanting switch 0
 * (the objective: the number of cores off switch 0), K = 3.
 *  - cap 4, from 0,1,2,1,2: cores 1 and 2 move to switch 0, then 3 and 4
 *    are the last of their switches: 3 on switch 0, one on each other,
 *    value 2 (emptying a switch would reach 1);
 *  - cap 2, from 0,1,1,2,2: core 1 joins switch 0, which is then full:
 *    2 on switch 0, value 3 (one more would reach 2). */
static double off_zero(void *u, const int *cur, int *part, int c, int t, int swap, double val)
{
    (void)u, (void)cur, (void)c, (void)t, (void)swap, (void)val;
    double n = 0;
    for (int i = 0; i < 5; i++)
        n += part[i] != 0;
    return n;
}

static void moves_keep_switches_and_cap(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    static const int start[2][5] = {{0, 1, 2, 1, 2}, {0, 1, 1, 2, 2}};
    static const int caps[2] = {4, 2}, want[2][3] = {{3, 1, 1}, {2, 1, 2}};
    for (int k = 0; k < 2; k++) {
        int part[5];
        memcpy(part, start[k], sizeof part);
        double val = 4;
        struct noc_search s = {5, 3, caps[k], 8, 1000, 1, 0, 1, NULL, off_zero, NULL, NULL, NULL};
        assert_int_equal(noc_search_run(&s, part, &val, &ctx), NOC_OK);
        int size[3] = {0, 0, 0};
        for (int i = 0; i < 5; i++)
            size[part[i]]++;
        assert_true(val == 5 - want[k][0]);
        for (int sw = 0; sw < 3; sw++)
            assert_int_equal(size[sw], want[k][sw]);
    }
}

/* Estimated mode: the estimate says every move of core 0 improves (by
 * the target: lower target, lower estimate... reversed here so that the
 * best estimate is the highest switch), the build (commit) accepts only
 * switch 1.  With builds = 2 the two best estimates (switches 3, 2) are
 * built and rejected, so core 0 stays; with builds = 3 the third (switch
 * 1) is built and kept.  Commits are counted. */
struct fake {
    int commits, accept_to;
};

static double fake_est(void *u, const int *cur, int *part, int c, int t, int swap, double val)
{
    (void)u, (void)cur, (void)part;
    if (c != 0 || swap)
        return val * 2; /* outside the screen: never built */
    return val - 0.1 * t;
}

static int fake_commit(void *u, const int *part, double *val, int *kept)
{
    struct fake *f = u;
    f->commits++;
    *kept = part[0] == f->accept_to;
    if (*kept)
        *val -= 0.05;
    return NOC_OK;
}

static void estimated_builds_best_few(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    for (int builds = 2; builds <= 3; builds++) {
        struct fake f = {0, 1};
        int part[4] = {0, 0, 2, 3}; /* switch 1 empty: core 0 may go anywhere */
        double val = 10;
        struct noc_search s = {4, 4, INT_MAX, 1, 1000, 0, 0.004, builds, &f, fake_est, fake_commit, NULL, NULL};
        assert_int_equal(noc_search_run(&s, part, &val, &ctx), NOC_OK);
        if (builds == 2) {
            assert_int_equal(f.commits, 2);
            assert_int_equal(part[0], 0);
            assert_true(val == 10);
        } else {
            assert_int_equal(f.commits, 3);
            assert_int_equal(part[0], 1);
            assert_true(fabs(val - 9.95) < 1e-12);
        }
    }
}

/* The budget policy's closed form, e x 6000 x scale x min(1, (24/N)^2),
 * at the sizes docs/guide.md states: the cut's search (scale 32) runs up to
 * 480 cores at effort 1 (6000 x 32 x 576 / 480^2 = 480 >= 480; at 481:
 * 478.0 < 481) and 761 at effort 4 (4 x 110592000 / 761^2 = 763.8; at
 * 762: 761.8 < 762). */
static void budget_limits(void **state)
{
    (void)state;
    assert_int_equal(SYNTH_SEARCH_CUT_SCALE, 32);
    assert_true(noc_synth_search_budget(480, 1, SYNTH_SEARCH_CUT_SCALE) >= 480);
    assert_true(noc_synth_search_budget(481, 1, SYNTH_SEARCH_CUT_SCALE) < 481);
    assert_true(noc_synth_search_budget(761, 4, SYNTH_SEARCH_CUT_SCALE) >= 761);
    assert_true(noc_synth_search_budget(762, 4, SYNTH_SEARCH_CUT_SCALE) < 762);
    assert_true(noc_synth_search_budget(151, 1, 1) >= 151); /* refinement: 151 cores */
    assert_true(noc_synth_search_budget(152, 1, 1) < 152);
    assert_int_equal(noc_synth_search_budget(30, 0, SYNTH_SEARCH_CUT_SCALE), 0);
}

/* The extra-link variants' links per series, min(3, floor(budget / N))
 * with the refinement budget floor(e x 6000 x min(1, (24/N)^2)), by hand:
 * 64 cores: floor(3456000 / 4096) = 843, 843 / 64 = 13 -> 3 (every app the
 * 64-core cut let through keeps its three); 104: floor(319.5) = 319, 319 /
 * 104 = 3.07 -> 3; 105: 313 / 105 = 2.98 -> 2; 120: 240 / 120 = 2; 121:
 * 236 / 121 = 1.95 -> 1; 151: 151 / 151 = 1; 152: 149 / 152 -> 0; effort 4
 * at 166: floor(13824000 / 27556) = 501, 501 / 166 = 3.02 -> 3; at 167: 495
 * / 167 = 2.96 -> 2; at 240: 240 / 240 = 1; at 241: 238 / 241 -> 0; effort
 * 0: none. */
static void variant_links_budget(void **state)
{
    (void)state;
    static const struct {
        int n;
        double e;
        int links;
    } c[] = {{2, 1, 3},   {64, 1, 3},   {104, 1, 3},  {105, 1, 2}, {120, 1, 2}, {121, 1, 1}, {151, 1, 1},
             {152, 1, 0}, {4096, 1, 0}, {166, 4, 3},  {167, 4, 2}, {240, 4, 1}, {241, 4, 0}, {12, 0, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        assert_int_equal(noc_synth_variant_links(c[i].n, c[i].e), c[i].links);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_descent_two_triangles),
        cmocka_unit_test(moves_keep_switches_and_cap),
        cmocka_unit_test(estimated_builds_best_few),
        cmocka_unit_test(budget_limits),
        cmocka_unit_test(variant_links_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
