/* Unit tests: the exact mapping (noc_map_exact) against brute force over
 * every injective mapping, a hand-worked optimum, and auto's guarantee
 * (never worse than exact's proven optimum by more than 0 on small apps,
 * since auto ends with the same search). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/gen.h"
#include "nocsyn/map.h"
#include "nocsyn/topo.h"

static void app_random(struct noc_app *app, int n, int m, struct noc_rng *rng, struct noc_ctx *ctx)
{
    char nm[16];
    noc_app_init(app);
    for (int c = 0; c < n; c++) {
        snprintf(nm, sizeof nm, "c%d", c);
        assert_int_equal(noc_app_core(app, nm, ctx), c);
    }
    for (int i = 0; i < m; i++) {
        int s = (int)noc_rng_below(rng, (uint64_t)n), d = (int)noc_rng_below(rng, (uint64_t)n);
        if (s != d)
            assert_int_equal(noc_app_add_flow(app, s, d, 1 + (double)noc_rng_below(rng, 100), -1, ctx), NOC_OK);
    }
}

/* Least cost over every injective map of n cores into N terminals. */
static double brute(const struct noc_app *app, const int *dist, int N, int *term_of, int k, int *used)
{
    if (k == app->ncores)
        return noc_map_cost(app, dist, N, term_of);
    double best = INFINITY;
    for (int t = 0; t < N; t++)
        if (!used[t]) {
            used[t] = 1;
            term_of[k] = t;
            best = fmin(best, brute(app, dist, N, term_of, k + 1, used));
            used[t] = 0;
        }
    return best;
}

/* 20 random apps of 6 cores on a 3x3 mesh (60,480 mappings each) and on a
 * 2x3 mesh with 6 cores (720): exact = brute force, and auto too. */
static void exact_matches_brute_force(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 7);
    const char *specs[2] = {"mesh:dims=3x3", "mesh:dims=3x2"};
    for (int sp = 0; sp < 2; sp++) {
        struct noc_topo t;
        assert_int_equal(noc_gen_spec(&t, specs[sp], &ctx), NOC_OK);
        int *dist;
        assert_int_equal(noc_map_distances(&t, &dist, &ctx), NOC_OK);
        for (int rep = 0; rep < 10; rep++) {
            struct noc_app app;
            app_random(&app, 6, 9, &rng, &ctx);
            int tm[6], used[9] = {0}, ex[6], au[6];
            double want = brute(&app, dist, t.nterminals, tm, 0, used), cost, bound, acost;
            assert_int_equal(noc_map_exact(&app, &t, 0, ex, &cost, &bound, &ctx), NOC_OK);
            assert_true(fabs(cost - want) < 1e-9);
            assert_true(fabs(noc_map_cost(&app, dist, t.nterminals, ex) - want) < 1e-9);
            assert_true(fabs(bound - want) < 1e-9);
            for (int i = 0; i < 6; i++)
                for (int j = i + 1; j < 6; j++)
                    assert_int_not_equal(ex[i], ex[j]);
            assert_int_equal(noc_map_cores(&app, &t, NOC_MAP_AUTO, 1, au, &acost, &ctx), NOC_OK);
            assert_true(fabs(acost - want) < 1e-9);
            noc_app_free(&app);
        }
        free(dist);
        noc_topo_free(&t);
    }
}

/* A directed ring of 4 cores (10 MB/s each) on a 2x2 mesh: every flow can
 * take one hop (the ring around the 4 routers), so the optimum is 40;
 * 4 extra flows across the ring diagonals (5 MB/s) cannot all be adjacent:
 * a 2x2 mesh has no diagonal, so each costs 2 hops: 40 + 4 x 5 x 2 = 80. */
static void exact_hand_worked_ring(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    char nm[16];
    for (int c = 0; c < 4; c++) {
        snprintf(nm, sizeof nm, "r%d", c);
        assert_int_equal(noc_app_core(&app, nm, &ctx), c);
    }
    for (int c = 0; c < 4; c++)
        assert_int_equal(noc_app_add_flow(&app, c, (c + 1) % 4, 10, -1, &ctx), NOC_OK);
    struct noc_topo t;
    assert_int_equal(noc_gen_spec(&t, "mesh:dims=2x2", &ctx), NOC_OK);
    int ex[4];
    double cost, bound;
    assert_int_equal(noc_map_exact(&app, &t, 0, ex, &cost, &bound, &ctx), NOC_OK);
    assert_true(fabs(cost - 40) < 1e-9);
    for (int c = 0; c < 2; c++)
        assert_int_equal(noc_app_add_flow(&app, c, c + 2, 5, -1, &ctx), NOC_OK),
            assert_int_equal(noc_app_add_flow(&app, c + 2, c, 5, -1, &ctx), NOC_OK);
    assert_int_equal(noc_map_exact(&app, &t, 0, ex, &cost, &bound, &ctx), NOC_OK);
    assert_true(fabs(cost - 80) < 1e-9);
    noc_topo_free(&t);
    noc_app_free(&app);
}

/* Too many cores: the documented error. */
static void exact_too_many_cores(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 1);
    struct noc_app app;
    app_random(&app, 5, 4, &rng, &ctx);
    struct noc_topo t;
    assert_int_equal(noc_gen_spec(&t, "mesh:dims=2x2", &ctx), NOC_OK);
    int ex[5];
    double cost;
    assert_int_equal(noc_map_exact(&app, &t, 0, ex, &cost, NULL, &ctx), NOC_EINVAL);
    noc_topo_free(&t);
    noc_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_matches_brute_force),
        cmocka_unit_test(exact_hand_worked_ring),
        cmocka_unit_test(exact_too_many_cores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
