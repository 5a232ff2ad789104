/* Unit tests: floorplan co-synthesis (nocsyn/phys.h) on hand-worked
 * layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/phys.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "../../src/synth/layout_int.h"

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

/* The die bound without a layout: the origin and the cores' blocks, A
 * [0, 1] x [0, 1] and B [3, 4] x [0, 1]: (0, 0, 4, 1), 4 mm2, below the
 * layout's 4.753864 (the router goes below A); each side of the layout's
 * die at least as far out.  B moved to centre (-2.5, 3.5): (-3, 0, 1, 4). */
static void die_bound(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_topo t;
    two_cores(&t, &ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    double lb[4];
    noc_layout_die_bound(&t, lb);
    assert_true(lb[0] == 0 && lb[1] == 0 && lb[2] == 4 && lb[3] == 1);
    struct noc_phys_stats st;
    assert_int_equal(noc_phys_stats(&t, &tech, &st, &ctx), NOC_OK);
    assert_true(st.die[0] <= lb[0] && st.die[1] <= lb[1] && st.die[2] >= lb[2] && st.die[3] >= lb[3]);
    assert_true(fabs(st.die_mm2 - 4.753864) < 1e-9);
    noc_topo_set_pos(&t, noc_topo_find(&t, "B"), -2.5, 3.5);
    noc_layout_die_bound(&t, lb);
    assert_true(lb[0] == -3 && lb[1] == 0 && lb[2] == 1 && lb[3] == 4);
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

/* A topology of routers and cores (name, centre; cores sized w x h), every router
 * linked to the cores named in links (pairs "router", "core"), 32-bit
 * links at 1000 MHz, no routes. */
struct pos { const char *name; double x, y, w, h; };
static void grid(struct noc_topo *t, const struct pos *routers, int nr, const struct pos *cores, int nc,
                 const char *const (*links)[2], int nl, struct noc_ctx *ctx)
{
    noc_topo_init(t);
    for (int i = 0; i < nr; i++) {
        int v = noc_topo_add_node(t, routers[i].name, NOC_ROUTER, ctx);
        assert_true(v >= 0);
        noc_topo_set_pos(t, v, routers[i].x, routers[i].y);
    }
    for (int i = 0; i < nc; i++) {
        int v = noc_topo_add_node(t, cores[i].name, NOC_TERMINAL, ctx);
        assert_true(v >= 0);
        noc_topo_set_pos(t, v, cores[i].x, cores[i].y);
        t->nodes[v].w = cores[i].w;
        t->nodes[v].h = cores[i].h;
    }
    for (int i = 0; i < nl; i++)
        assert_int_equal(noc_topo_add_link(t, noc_topo_find(t, links[i][0]), noc_topo_find(t, links[i][1]), ctx),
                         NOC_OK);
    t->link_width = 32;
    t->freq_mhz = 1000;
    assert_int_equal(noc_topo_finalize(t, ctx), NOC_OK);
}

static void at(const struct noc_topo *t, const char *name, double x, double y)
{
    int v = noc_topo_find(t, name);
    assert_true(v >= 0);
    if (fabs(t->nodes[v].x - x) > 1e-9 || fabs(t->nodes[v].y - y) > 1e-9)
        fail_msg("%s at (%.6f, %.6f), expected (%.6f, %.6f)", name, t->nodes[v].x, t->nodes[v].y, x, y);
}

/* Channels, by hand (s = 0.188466 mm, the radix-2 router of two_cores).
 * Cores A 2 x 1 at y 0..1 and B 2 x 1 at y 1.5..2.5 (x 0..2), router r
 * (linked to both) at (0.3, 0.5).  Horizontal: the cuts are y = 0, 1, 1.5,
 * 2.5; cut 1 has a free band of 0.5 >= s, so a channel there adds nothing
 * (every other cut adds s): r goes to (0.3, 1 + s/2 = 1.094233), the cores
 * stay.  Vertical: the cuts are x = 0 and 2 (both add s); r (x 0.3) goes
 * to the nearer, x = 0: centre (s/2, 0.5) = (0.094233, 0.5), both cores
 * shifted right by s (centres x 1 + s = 1.188466). */
static void channels_band(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    const struct pos r[] = {{"r", 0.3, 0.5, 0, 0}};
    const struct pos c[] = {{"A", 1, 0.5, 2, 1}, {"B", 1, 2, 2, 1}};
    const char *const l[][2] = {{"r", "A"}, {"r", "B"}};
    for (int vertical = 0; vertical < 2; vertical++) {
        struct noc_topo t;
        grid(&t, r, 1, c, 2, l, 2, &ctx);
        int fit = -1;
        assert_int_equal(noc_phys_channels(&t, &tech, vertical, &fit, &ctx), NOC_OK);
        assert_int_equal(fit, 1);
        if (!vertical) {
            at(&t, "r", 0.3, 1.094233);
            at(&t, "A", 1, 0.5);
            at(&t, "B", 1, 2);
        } else {
            at(&t, "r", 0.094233, 0.5);
            at(&t, "A", 1.188466, 0.5);
            at(&t, "B", 1.188466, 2);
        }
        noc_topo_free(&t);
    }
}

/* Two routers in one channel.  Cores A, B (y 0..1) and C, D (y 1..2), 1 x 1
 * at x 0..1 and 1..2; r1 (A, D) and r2 (B, C) both at (2, 1), radix 2.
 * Horizontal: cut y = 1 takes both (2s = 0.376932 <= 2 mm of extent), so
 * one channel of s: C and D move up by s (centres y 1.5 + s = 1.688466).
 * Along the channel both want x 2 - s/2 for their lower-left: r1 (lower
 * id) first, r2 after it at 2 + s/2, beyond x = 2; pushed back: r2 at
 * 2 - s, r1 at 2 - 2s; centres x 2 - s/2 = 1.905767 and 2 - 3s/2 =
 * 1.717301, y 1 + s/2 = 1.094233. */
static void channels_shared(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    const struct pos r[] = {{"r1", 2, 1, 0, 0}, {"r2", 2, 1, 0, 0}};
    const struct pos c[] = {{"A", 0.5, 0.5, 1, 1}, {"B", 1.5, 0.5, 1, 1}, {"C", 0.5, 1.5, 1, 1}, {"D", 1.5, 1.5, 1, 1}};
    const char *const l[][2] = {{"r1", "A"}, {"r1", "D"}, {"r2", "B"}, {"r2", "C"}};
    struct noc_topo t;
    grid(&t, r, 2, c, 4, l, 4, &ctx);
    int fit = -1;
    assert_int_equal(noc_phys_channels(&t, &tech, 0, &fit, &ctx), NOC_OK);
    assert_int_equal(fit, 1);
    at(&t, "r1", 1.717301, 1.094233);
    at(&t, "r2", 1.905767, 1.094233);
    at(&t, "A", 0.5, 0.5);
    at(&t, "B", 1.5, 0.5);
    at(&t, "C", 0.5, 1.688466);
    at(&t, "D", 1.5, 1.688466);
    noc_topo_free(&t);
}

/* Routers whose LP order is not their id order (s = 0.188466 mm, each of
 * radix 2).  Cores A, B, C, 0.5 x 1 mm stacked at y 0..1, 1..2, 2..3 (x
 * 0..0.5): horizontal cuts y = 0, 1, 2, 3, each adding s (no free band;
 * the last has nothing above it).  Routers at x 0.25: r0 at y 2.9, r1 at
 * 0.1, r2 at 1.4, so the LP order is r1, r2, r0.  A channel holds two (2s
 * <= 0.5 < 3s), so two channels (2s of growth) of consecutive routers in
 * LP order; their displacements (sum of |y - cut|), {r1, r2} at cut a,
 * {r0} at b > a: (0, 1) 3.4, (0, 2) 2.4, (0, 3) 1.6, (1, 2) 2.2, (1, 3)
 * 1.4, (2, 3) 2.6; {r1} at a, {r2, r0} at b: (0, 1) 2.4, (0, 2) 1.6, (0,
 * 3) 1.8, (1, 2) 2.4, (1, 3) 2.6, (2, 3) 3.6.  So r1 and r2 at y = 1, r0
 * at y = 3.  Cores: A stays, B and C up by s (centres y 0.5, 1.688466,
 * 2.688466).  Channel centres: 1 + s/2 = 1.094233 and 3 + s + s/2 =
 * 3.282699.  Along x: r0 alone at 0.25; r1 then r2 (ties of the wanted x
 * by id), pushed forward from 0 (0.155767, 0.344233) and back within 0.5:
 * r2's lower-left at 0.5 - s = 0.311534, r1's at 0.311534 - s = 0.123068,
 * centres 0.405767 and 0.217301.  (Displacements taken by router id
 * instead of LP order would put the channels elsewhere.) */
static void channels_lp_order(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    const struct pos r[] = {{"r0", 0.25, 2.9, 0, 0}, {"r1", 0.25, 0.1, 0, 0}, {"r2", 0.25, 1.4, 0, 0}};
    const struct pos c[] = {{"A", 0.25, 0.5, 0.5, 1}, {"B", 0.25, 1.5, 0.5, 1}, {"C", 0.25, 2.5, 0.5, 1}};
    const char *const l[][2] = {{"r0", "A"}, {"r0", "B"}, {"r1", "B"}, {"r1", "C"}, {"r2", "A"}, {"r2", "C"}};
    struct noc_topo t;
    grid(&t, r, 3, c, 3, l, 6, &ctx);
    int fit = -1;
    assert_int_equal(noc_phys_channels(&t, &tech, 0, &fit, &ctx), NOC_OK);
    assert_int_equal(fit, 1);
    at(&t, "r0", 0.25, 3.282699);
    at(&t, "r1", 0.217301, 1.094233);
    at(&t, "r2", 0.405767, 1.094233);
    at(&t, "A", 0.25, 0.5);
    at(&t, "B", 0.25, 1.688466);
    at(&t, "C", 0.25, 2.688466);
    noc_topo_free(&t);
}

/* The channel grouping's cost: growth (sum over groups of max(0, largest
 * side - gap)) and displacement (sum of |u - cut|); -1 growth when grp is
 * not a valid grouping (consecutive groups at strictly increasing cuts,
 * each within the extent). */
static void groups_cost(int R, const long long *side, const long long *u, const long long *cut, const long long *gap,
                        long long extent, const int *grp, long long *grow, long long *disp)
{
    *grow = 0;
    *disp = 0;
    for (int i = 0; i < R;) {
        int k = i;
        long long len = 0, h = 0;
        while (k < R && grp[k] == grp[i]) {
            len += side[k];
            h = side[k] > h ? side[k] : h;
            *disp += llabs(u[k] - cut[grp[i]]);
            k++;
        }
        if (len > extent || (k < R && grp[k] < grp[i])) {
            *grow = -1;
            return;
        }
        *grow += h > gap[grp[i]] ? h - gap[grp[i]] : 0;
        i = k;
    }
}

/* Every grouping of R routers (grp nondecreasing over M cuts) by
 * enumeration: the least (growth, displacement), *n = how many are valid. */
static void groups_brute(int R, int M, const long long *side, const long long *u, const long long *cut,
                         const long long *gap, long long extent, long long *bg, long long *bd, int *n)
{
    int grp[8] = {0};
    *n = 0;
    for (;;) {
        long long g, d;
        int mono = 1;
        for (int i = 1; i < R; i++)
            mono &= grp[i] >= grp[i - 1];
        if (mono) {
            groups_cost(R, side, u, cut, gap, extent, grp, &g, &d);
            if (g >= 0 && (!*n || g < *bg || (g == *bg && d < *bd))) {
                *bg = g;
                *bd = d;
            }
            *n += g >= 0;
        }
        int i = R - 1;
        while (i >= 0 && grp[i] == M - 1)
            grp[i--] = 0;
        if (i < 0)
            return;
        grp[i]++;
    }
}

/* The row-by-row dynamic program the grouping's contract names (every
 * group priced from every state, strict improvements kept, in increasing
 * first router and cut): the exact grouping, ties included. */
static int groups_rows(int R, int M, const long long *side, const long long *u, const long long *cut,
                       const long long *gap, long long extent, int *grp)
{
    enum { RM = 41, MM = 9 };
    long long G[RM][MM + 1], D[RM][MM + 1];
    int fi[RM][MM + 1], fj[RM][MM + 1];
    for (int i = 0; i <= R; i++)
        for (int j = 0; j <= M; j++)
            fi[i][j] = -2;
    fi[0][0] = -1;
    G[0][0] = D[0][0] = 0;
#define BETTER(g, d, i, j) (fi[i][j] < -1 || (g) < G[i][j] || ((g) == G[i][j] && (d) < D[i][j]))
    for (int i = 0; i < R; i++) {
        int run = -2;
        for (int j2 = 0; j2 < M; j2++) {
            if (fi[i][j2] >= -1 && (run < -1 || BETTER(G[i][j2], D[i][j2], i, run + 1)))
                run = j2 - 1;
            if (run < -1)
                continue;
            long long len = 0, h = 0, d = 0;
            for (int i2 = i; i2 < R; i2++) {
                len += side[i2];
                if (len > extent)
                    break;
                h = side[i2] > h ? side[i2] : h;
                d += llabs(u[i2] - cut[j2]);
                long long g = G[i][run + 1] + (h > gap[j2] ? h - gap[j2] : 0), dd = D[i][run + 1] + d;
                if (BETTER(g, dd, i2 + 1, j2 + 1)) {
                    G[i2 + 1][j2 + 1] = g;
                    D[i2 + 1][j2 + 1] = dd;
                    fi[i2 + 1][j2 + 1] = i;
                    fj[i2 + 1][j2 + 1] = run;
                }
            }
        }
    }
    int best = -1;
    for (int j = 0; j < M; j++)
        if (fi[R][j + 1] >= -1 && (best < 0 || BETTER(G[R][j + 1], D[R][j + 1], R, best + 1)))
            best = j;
#undef BETTER
    if (best < 0)
        return 0;
    for (int i = R, j = best; i > 0;) {
        int i0 = fi[i][j + 1], j0 = fj[i][j + 1];
        for (int k = i0; k < i; k++)
            grp[k] = j;
        i = i0;
        j = j0;
    }
    return 1;
}

/* noc_phys_chan_groups against enumeration (its optimum, on 1000 instances
 * of up to 7 routers and 4 cuts) and against the row-by-row program (the
 * grouping itself, ties included, on 1000 instances of up to 40 routers and
 * 9 cuts); sides from a few values or all equal (ties in the largest
 * side), coordinates on the cuts or half way between (ties in
 * displacement), gaps 0, -1, narrow or wider than any side (no growth:
 * ties in growth), extents from tight (no fit) to loose. */
static void chan_groups_match_references(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    noc_rng_seed(&rng, 11);
    int fits = 0, nofit = 0;
    for (int it = 0; it < 2000; it++) {
        int small = it % 2 == 0, R = 1 + (int)noc_rng_below(&rng, small ? 7 : 40),
            M = 1 + (int)noc_rng_below(&rng, small ? 4 : 9);
        long long side[40], u[40], cut[9], gap[9], sum = 0;
        for (int j = 0; j < M; j++) {
            cut[j] = (j ? cut[j - 1] : 0) + 500 * (1 + (long long)noc_rng_below(&rng, 2));
            int r = (int)noc_rng_below(&rng, 4);
            gap[j] = r == 0 ? 0 : r == 1 ? -1 : r == 2 ? 100 * (long long)noc_rng_below(&rng, 4) : 1000;
        }
        int eq = it % 3 == 0; /* all sides equal: ties in growth everywhere */
        for (int i = 0; i < R; i++) {
            side[i] = eq ? 100 : 100 * (1 + (long long)noc_rng_below(&rng, 3));
            /* on a cut, or between two: ties in displacement */
            u[i] = noc_rng_below(&rng, 2) ? cut[noc_rng_below(&rng, (unsigned)M)] : 250 * (long long)noc_rng_below(&rng, 4 * M + 2);
            sum += side[i];
        }
        for (int i = 1; i < R; i++) /* LP order: nondecreasing u */
            for (int k = i; k > 0 && u[k - 1] > u[k]; k--) {
                long long x = u[k];
                u[k] = u[k - 1];
                u[k - 1] = x;
            }
        long long extent = 100 + (long long)noc_rng_below(&rng, (unsigned)(sum / M + 400));
        int grp[40], ref[40], found = -1;
        for (int i = 0; i < R; i++)
            grp[i] = ref[i] = -7;
        assert_int_equal(noc_phys_chan_groups(R, M, side, u, cut, gap, extent, grp, &found, &ctx), NOC_OK);
        if (small) {
            long long bg = 0, bd = 0, g, d;
            int n;
            groups_brute(R, M, side, u, cut, gap, extent, &bg, &bd, &n);
            assert_int_equal(found, n > 0);
            if (found) {
                groups_cost(R, side, u, cut, gap, extent, grp, &g, &d);
                assert_true(g == bg && d == bd);
            }
        } else {
            assert_int_equal(found, groups_rows(R, M, side, u, cut, gap, extent, ref));
            for (int i = 0; found && i < R; i++)
                assert_int_equal(grp[i], ref[i]);
        }
        found ? fits++ : nofit++;
    }
    assert_true(fits > 200 && nofit > 50);
}

/* No fit: cores A and B, 0.05 x 0.05 mm side by side (extent 0.1 x 0.05),
 * the router's side s = 0.188466 exceeds the extent either way: fit = 0
 * and every position as it was. */
static void channels_no_fit(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    const struct pos r[] = {{"r", 0.05, 0.025, 0, 0}};
    const struct pos c[] = {{"A", 0.025, 0.025, 0.05, 0.05}, {"B", 0.075, 0.025, 0.05, 0.05}};
    const char *const l[][2] = {{"r", "A"}, {"r", "B"}};
    struct noc_topo t;
    grid(&t, r, 1, c, 2, l, 2, &ctx);
    for (int vertical = 0; vertical < 2; vertical++) {
        int fit = -1;
        assert_int_equal(noc_phys_channels(&t, &tech, vertical, &fit, &ctx), NOC_OK);
        assert_int_equal(fit, 0);
        at(&t, "r", 0.05, 0.025);
        at(&t, "B", 0.075, 0.025);
    }
    noc_topo_free(&t);
}

/* Co-synthesis picks the channel.  Cores A (y 0..1) and B (y 1..2), 1 x 1
 * at x 0..1, router r linked to both at (0.5, 1), their median.  Kept: the
 * nearest free spot is beside the cores (0.5 + s/2 left or right, against
 * 1 + s/2 down or up), die (1 + s) x 2 = 2.376932.  A vertical channel
 * (cut x = 0 or 1) gives the same (1 + s) x 2.  Re-floorplanned: r joins
 * A (the tie of its two channels goes to the lower id), block (1 + s) x 1
 * beside B's 1 x 1: side by side 2 + s long, stacked 2 long, so stacked
 * (the shorter longest side), again 2.376932.  A horizontal channel at
 * y = 1 (no free band) gives 1 x (2 + s) = 2.188466, the smallest: r at
 * (0.5, 1 + s/2) = (0.5, 1.094233), B up by s (centre y 1.688466). */
static void cosynth_channel(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_tech tech;
    noc_tech_defaults(&tech);
    const struct pos r[] = {{"r", 0.5, 1, 0, 0}};
    const struct pos c[] = {{"A", 0.5, 0.5, 1, 1}, {"B", 0.5, 1.5, 1, 1}};
    const char *const l[][2] = {{"r", "A"}, {"r", "B"}};
    struct noc_topo t;
    grid(&t, r, 1, c, 2, l, 2, &ctx);
    struct noc_phys_stats st, again;
    assert_int_equal(noc_phys_cosynth(&t, &tech, NULL, 1, 1, &st, &ctx), NOC_OK);
    assert_true(fabs(st.die_mm2 - 2.188466) < 1e-9);
    assert_true(fabs(st.util - 2 / 2.188466) < 1e-9);
    at(&t, "r", 0.5, 1.094233);
    at(&t, "A", 0.5, 0.5);
    at(&t, "B", 0.5, 1.688466);
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
        cmocka_unit_test(die_bound),
        cmocka_unit_test(floorplan_stats),
        cmocka_unit_test(channels_band),
        cmocka_unit_test(channels_shared),
        cmocka_unit_test(channels_lp_order),
        cmocka_unit_test(chan_groups_match_references),
        cmocka_unit_test(channels_no_fit),
        cmocka_unit_test(cosynth_channel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
