/* Unit tests: floorplan co-synthesis (nocsyn/phys.h) on hand-worked
 * layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/phys.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

/* Cores A and B, 1 x 1 mm with centres (0.5, 0.5) and (3.5, 0.5), one
 * router r on A's centre (where a placement model would put it), links
 * A - r - B, route A -> B over r; 32-bit links at 1000 MHz.
 * The router block (radix 2, 32 bits, default tech): area 0.34 (45/65)^2
 * x (0.5 x (2/5)(32/39) + 0.5 x ((2/5)(32/39))^2) = 0.035519 mm2, side
 * 0.188465 mm, rounded up to an even nm: s = 0.188466 mm. */
static void two_cores(struct noc_topo *t, struct noc_ctx *ctx)
{
    noc_topo_init(t);
    int r = noc_topo_add_node(t, "r", NOC_ROUTER, ctx), a = noc_topo_add_node(t, "A", NOC_TERMINAL, ctx),
        b = noc_topo_add_node(t, "B", NOC_TERMINAL, ctx);
    assert_true(r >= 0 && a >= 0 && b >= 0);
    noc_topo_set_pos(t, r, 0.5, 0.5);
    noc_topo_set_pos(t, a, 0.5, 0.5);
    noc_topo_set_pos(t, b, 3.5, 0.5);
    t->nodes[a].w = t->nodes[a].h = t->nodes[b].w = t->nodes[b].h = 1;
    assert_int_equal(noc_topo_add_link(t, a, r, ctx), NOC_OK);
    assert_int_equal(noc_topo_add_link(t, r, b, ctx), NOC_OK);
    assert_int_equal(noc_topo_add_route(t, a, b, &r, 1, ctx), NOC_OK);
    t->link_width = 32;
    t->freq_mhz = 1000;
    assert_int_equal(noc_topo_finalize(t, ctx), NOC_OK);
}

/* Fixed floorplan: the cores stay; the router goes to the nearest free
 * corner, ties by lower y: just below A, centre (0.5, -s/2) =
 * (0.5, -0.094233).  Die: x 0..4, y -0.188466..1: 4 x 1.188466 =
 * 4.753864 mm2; cores 2 mm2: utilisation 0.420710; aspect 4 / 1.188466 =
 * 3.365684.  A second layout of the result is the same layout. */
static void fixed_floorplan(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    two_cores(&t, &ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    assert_int_equal(noc_layout_router_side_nm(&tech, 2, 32), 188466);
    struct noc_phys_stats st, again;
    assert_int_equal(noc_phys_cosynth(&t, &tech, NULL, 0, 1, &st, &ctx), NOC_OK);
    int r = noc_topo_find(&t, "r");
    assert_true(fabs(t.nodes[r].x - 0.5) < 1e-9 && fabs(t.nodes[r].y + 0.094233) < 1e-9);
    assert_true(fabs(st.die[1] + 0.188466) < 1e-9 && fabs(st.die[2] - 4) < 1e-9 && fabs(st.die[3] - 1) < 1e-9);
    assert_true(fabs(st.die_mm2 - 4.753864) < 1e-9);
    assert_true(fabs(st.core_mm2 - 2) < 1e-12);
    assert_true(fabs(st.util - 2 / 4.753864) < 1e-9);
    assert_true(fabs(st.aspect - 4 / 1.188466) < 1e-9);
    assert_int_equal(noc_phys_stats(&t, &tech, &again, &ctx), NOC_OK);
    assert_memory_equal(&st, &again, sizeof st);
    /* The channel lengths follow: A -> r is |0.5 - 0.5| + |0.5 + 0.094233|. */
    int a = noc_topo_find(&t, "A"), c = noc_graph_find(&t.g, a, r);
    assert_true(fabs(noc_topo_channel_length(&t, c) - 0.594233) < 1e-9);
    noc_topo_free(&t);
}

/* Free floorplan: kept, the die is the 4.753864 mm2 above; floorplanned
 * again, r joins A (its two channels carry the same 100: the tie goes to
 * the lower id, A) in a column to A's right, a 1.188466 x 1 block beside
 * B's 1 x 1: side by side 2.188466 x 1, stacked 1.188466 x 2; the square
 * rule takes the shorter longest side (2 < 2.188466): stacked, die
 * 1.188466 x 2 = 2.376932 mm2 < 4.753864, so the re-floorplan is kept:
 * utilisation 2 / 2.376932 = 0.841421, aspect 2 / 1.188466 = 1.682874.
 * The router sits right of A: x = A's centre + 0.5 + s/2. */
static void free_floorplan(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    two_cores(&t, &ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    double w = 100;
    struct noc_phys_stats st, again;
    assert_int_equal(noc_phys_cosynth(&t, &tech, &w, 1, 1, &st, &ctx), NOC_OK);
    assert_true(fabs(st.die_mm2 - 2.376932) < 1e-9);
    assert_true(fabs(st.util - 2 / 2.376932) < 1e-9);
    assert_true(fabs(st.aspect - 2 / 1.188466) < 1e-9);
    int r = noc_topo_find(&t, "r"), a = noc_topo_find(&t, "A"), b = noc_topo_find(&t, "B");
    assert_true(fabs(t.nodes[r].x - (t.nodes[a].x + 0.5 + 0.094233)) < 1e-9);
    assert_true(fabs(fabs(t.nodes[a].y - t.nodes[b].y) - 1) < 1e-9); /* stacked */
    assert_int_equal(noc_phys_stats(&t, &tech, &again, &ctx), NOC_OK);
    assert_memory_equal(&st, &again, sizeof st);
    noc_topo_free(&t);
}

/* The floorplan's own figures: two cores 1 x 1 at (0, 0) and 2 x 1 at
 * (1, 0): die 3 x 1, cores 3 mm2, utilisation 1, aspect 3. */
static void floorplan_stats(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    assert_int_equal(noc_app_core(&app, "a", &ctx), 0);
    assert_int_equal(noc_app_core(&app, "b", &ctx), 1);
    struct noc_phys_stats st;
    assert_int_equal(noc_floorplan_stats(&app, &st, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "core a has no position"));
    double v[2][4] = {{0, 0, 1, 1}, {1, 0, 2, 1}};
    for (int c = 0; c < 2; c++) {
        app.cores[c].has_pos = app.cores[c].has_size = 1;
        app.cores[c].x = v[c][0];
        app.cores[c].y = v[c][1];
        app.cores[c].w = v[c][2];
        app.cores[c].h = v[c][3];
    }
    noc_ctx_init(&ctx);
    assert_int_equal(noc_floorplan_stats(&app, &st, &ctx), NOC_OK);
    assert_true(st.die_mm2 == 3 && st.core_mm2 == 3 && st.util == 1 && st.aspect == 3);
    noc_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_floorplan),
        cmocka_unit_test(free_floorplan),
        cmocka_unit_test(floorplan_stats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
