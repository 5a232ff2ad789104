/* Unit tests: the layout's nearest-free-corner search (src/emit/legal.c)
 * against the plain definition (every candidate pair sorted by distance,
 * y, x; the first that meets no block), by hand and on random blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/emit/legal_int.h"

struct pt {
    long long x, y, d;
};

static int pt_cmp(const void *pa, const void *pb)
{
    const struct pt *a = pa, *b = pb;
    if (a->d != b->d)
        return a->d < b->d ? -1 : 1;
    if (a->y != b->y)
        return a->y < b->y ? -1 : 1;
    return (a->x > b->x) - (a->x < b->x);
}

static long long lab(long long v) { return v < 0 ? -v : v; }

static int meets(const struct legal_rect *r, int n, const struct legal_rect *a)
{
    for (int i = 0; i < n; i++)
        if (a->x0 < r[i].x1 && r[i].x0 < a->x1 && a->y0 < r[i].y1 && r[i].y0 < a->y1)
            return 1;
    return 0;
}

/* The definition: candidates wx, x0 - s, x1 (and the same in y), every pair
 * ordered by (distance, y, x); the first that meets no block.  The first in
 * that order is found by one scan that keeps the least free pair seen so far
 * (a pair is only tested for overlap when it precedes that one), which picks
 * the same pair as sorting every pair and taking the first free one, in
 * O(pairs + k n) instead of O(pairs log pairs). */
static void brute(const struct legal_rect *r, int n, long long s, long long *x, long long *y)
{
    int nc = 1 + 2 * n;
    long long *cx = malloc(sizeof *cx * (size_t)nc), *cy = malloc(sizeof *cy * (size_t)nc);
    assert_non_null(cx);
    assert_non_null(cy);
    cx[0] = *x;
    cy[0] = *y;
    for (int i = 0; i < n; i++) {
        cx[1 + 2 * i] = r[i].x0 - s;
        cx[2 + 2 * i] = r[i].x1;
        cy[1 + 2 * i] = r[i].y0 - s;
        cy[2 + 2 * i] = r[i].y1;
    }
    struct pt best = {0, 0, -1};
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < nc; j++) {
            struct pt p = {cx[i], cy[j], lab(cx[i] - *x) + lab(cy[j] - *y)};
            if (best.d >= 0 && pt_cmp(&p, &best) >= 0)
                continue;
            struct legal_rect a = {p.x, p.y, p.x + s, p.y + s};
            if (!meets(r, n, &a))
                best = p;
        }
    assert_true(best.d >= 0);
    *x = best.x;
    *y = best.y;
    free(cx);
    free(cy);
}

/* Two 10 x 10 blocks side by side; a 4 x 4 block wanted at (8, 3) meets
 * both: the nearest free corners are (8, -4) below and (8, 10) above (both
 * at distance 7, the lower y first) -- left (-4, 3) and right (20, 3) are
 * farther. */
static void by_hand(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct legal_set o;
    noc_legal_init(&o);
    assert_int_equal(noc_legal_add(&o, (struct legal_rect){0, 0, 10, 10}, &ctx), NOC_OK);
    assert_int_equal(noc_legal_add(&o, (struct legal_rect){10, 0, 20, 10}, &ctx), NOC_OK);
    long long x = 8, y = 3;
    assert_int_equal(noc_legal_place(&o, 4, &x, &y, &ctx), NOC_OK);
    assert_true(x == 8 && y == -4);
    assert_int_equal(o.n, 3);
    assert_true(noc_legal_overlaps(&o, &(struct legal_rect){9, -2, 10, -1}));
    assert_false(noc_legal_overlaps(&o, &(struct legal_rect){12, -4, 13, 0}));
    /* A free wanted corner is kept. */
    x = 30;
    y = 30;
    assert_int_equal(noc_legal_place(&o, 4, &x, &y, &ctx), NOC_OK);
    assert_true(x == 30 && y == 30);
    noc_legal_free(&o);
}

/* Random layouts like the hand-off's: a grid of large blocks with gaps,
 * then smaller blocks and tiny ones wanted anywhere (negative coordinates
 * too), each placed by noc_legal_place and by the definition. */
static void random_against_definition(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    for (int trial = 0; trial < 20; trial++) {
        noc_rng_seed(&rng, (uint64_t)trial + 1);
        struct legal_set o;
        noc_legal_init(&o);
        struct legal_rect r[200];
        int n = 0, side = 4 + (int)noc_rng_below(&rng, 4);
        for (int i = 0; i < side; i++)
            for (int j = 0; j < side; j++) {
                long long w = 80 + (long long)noc_rng_below(&rng, 40);
                r[n] = (struct legal_rect){i * 130, j * 130, i * 130 + w, j * 130 + w};
                assert_int_equal(noc_legal_add(&o, r[n], &ctx), NOC_OK);
                n++;
            }
        while (n < 200) {
            long long s = noc_rng_below(&rng, 3) == 0 ? 2 + (long long)noc_rng_below(&rng, 4)
                                                      : 10 + 2 * (long long)noc_rng_below(&rng, 15);
            long long x = (long long)noc_rng_below(&rng, (uint64_t)side * 130 + 40) - 20;
            long long y = (long long)noc_rng_below(&rng, (uint64_t)side * 130 + 40) - 20;
            long long bx = x, by = y;
            brute(r, n, s, &bx, &by);
            assert_int_equal(noc_legal_place(&o, s, &x, &y, &ctx), NOC_OK);
            assert_true(x == bx && y == by);
            r[n++] = (struct legal_rect){x, y, x + s, y + s};
            assert_int_equal(o.n, n);
        }
        noc_legal_free(&o);
    }
}

/* Packed rows like a dense floorplan's: rows of abutting blocks of one
 * height (so each row is one run), rows stacked with or without a gap, a
 * few rows split by a taller block; then blocks wanted inside and around,
 * each placed by noc_legal_place (which crosses and skips whole runs) and
 * by the definition.  The runs' extents are checked by hand first. */
static void packed_runs_against_definition(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_rng rng;
    /* By hand: three 10-wide blocks abutting on [0, 10) form the run [0, 30);
     * a block of another height at x = 30 does not join it. */
    struct legal_set h;
    noc_legal_init(&h);
    assert_int_equal(noc_legal_add(&h, (struct legal_rect){10, 0, 20, 10}, &ctx), NOC_OK);
    assert_int_equal(noc_legal_add(&h, (struct legal_rect){0, 0, 10, 10}, &ctx), NOC_OK);
    assert_int_equal(noc_legal_add(&h, (struct legal_rect){20, 0, 30, 10}, &ctx), NOC_OK);
    assert_int_equal(noc_legal_add(&h, (struct legal_rect){30, 0, 40, 12}, &ctx), NOC_OK);
    int root = noc_uf_find(h.run, 2);
    assert_int_equal(root, 0);
    assert_true(h.run_x0[root] == 0 && h.run_x1[root] == 30);
    assert_int_equal(noc_uf_find(h.run, 3), 3);
    /* A 4 x 4 block wanted at (14, 3): below (14, -4) at 7 beats the run's
     * left end (-4, 3) at 18 and above (14, 10) at 7 (lower y first). */
    long long hx = 14, hy = 3;
    assert_int_equal(noc_legal_place(&h, 4, &hx, &hy, &ctx), NOC_OK);
    assert_true(hx == 14 && hy == -4);
    noc_legal_free(&h);
    for (int trial = 0; trial < 25; trial++) {
        noc_rng_seed(&rng, (uint64_t)trial + 101);
        struct legal_set o;
        noc_legal_init(&o);
        struct legal_rect r[220];
        int n = 0, rows = 3 + (int)noc_rng_below(&rng, 5), cols = 3 + (int)noc_rng_below(&rng, 6);
        long long y = 0, xmax = 0;
        for (int i = 0; i < rows; i++) {
            long long hgt = 40 + (long long)noc_rng_below(&rng, 3) * 10, x = 0;
            for (int j = 0; j < cols; j++) {
                long long w = 30 + (long long)noc_rng_below(&rng, 30);
                long long top = noc_rng_below(&rng, 8) == 0 ? y + hgt + 7 : y + hgt;
                r[n] = (struct legal_rect){x, y, x + w, top};
                assert_int_equal(noc_legal_add(&o, r[n], &ctx), NOC_OK);
                n++;
                x += w;
            }
            xmax = x > xmax ? x : xmax;
            y += hgt + (noc_rng_below(&rng, 2) ? 0 : 3 + (long long)noc_rng_below(&rng, 6));
        }
        while (n < 220) {
            long long s = noc_rng_below(&rng, 2) == 0 ? 2 + (long long)noc_rng_below(&rng, 4)
                                                      : 6 + 2 * (long long)noc_rng_below(&rng, 8);
            long long x = (long long)noc_rng_below(&rng, (uint64_t)xmax + 20) - 10;
            long long yy = (long long)noc_rng_below(&rng, (uint64_t)y + 20) - 10;
            long long bx = x, by = yy;
            brute(r, n, s, &bx, &by);
            assert_int_equal(noc_legal_place(&o, s, &x, &yy, &ctx), NOC_OK);
            assert_true(x == bx && yy == by);
            r[n++] = (struct legal_rect){x, yy, x + s, yy + s};
        }
        noc_legal_free(&o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_hand),
        cmocka_unit_test(random_against_definition),
        cmocka_unit_test(packed_runs_against_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
