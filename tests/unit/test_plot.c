/* Unit tests: the plots' nice-number ticks (noc_nice_*, core.h) and the
 * report's label placement (noc_report_label_place, src/emit/report_int.h;
 * issue 29 item 8).  Tick values are worked by hand from the 1-2-5 rule
 * (the arithmetic in the comments); label boxes are checked pairwise. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "nocsyn/core.h"
#include "../../src/emit/report_int.h"

/* The issue's axes: 66.6 .. 1040 mW had ticks 66.6, 309, 552, 794, 1.04e+03.
 * With about 5 intervals: raw step 973.4 / 5 = 194.68 = 1.95 x 10^2 -> 2 x
 * 10^2 = 200; floor(66.6 / 200) = 0, ceil(1040 / 200) = 6: ticks 0, 200,
 * ..., 1200 (7).  4.5 .. 10.1 ns (ticks 4.5, 7.28, 10.1): raw 5.6 / 5 =
 * 1.12 -> 2; floor(2.25) = 2, ceil(5.05) = 6: ticks 4, 6, 8, 10, 12. */
static void test_ticks_issue_axes(void **state)
{
    (void)state;
    double t0, step;
    int n;
    noc_nice_ticks(66.6, 1040, 5, &t0, &step, &n);
    assert_true(t0 == 0 && step == 200);
    assert_int_equal(n, 7);
    char lab[32];
    noc_nice_label(t0 + 5 * step, step, lab, sizeof lab);
    assert_string_equal(lab, "1000");
    noc_nice_label(t0 + 6 * step, step, lab, sizeof lab);
    assert_string_equal(lab, "1200");
    noc_nice_ticks(4.5, 10.1, 5, &t0, &step, &n);
    assert_true(t0 == 4 && step == 2);
    assert_int_equal(n, 5);
}

/* Steps of 1, 2 and 5 x 10^k: span 1 / 5 = 0.2 -> 0.2; 1 / 8 = 0.125 ->
 * 0.2; 1 / 3 = 0.333 -> 0.5; 7 / 1 = 7 -> 10; 0.03 / 6 = 0.005 -> 0.005.
 * A flat axis (7 .. 7) gets a step of its own magnitude: 7 / 5 = 1.4 -> 2,
 * ticks 6 and 8. */
static void test_ticks_steps(void **state)
{
    (void)state;
    assert_true(noc_nice_step(1, 5) == 0.2);
    assert_true(noc_nice_step(1, 8) == 0.2);
    assert_true(noc_nice_step(1, 3) == 0.5);
    assert_true(noc_nice_step(7, 1) == 10);
    assert_true(fabs(noc_nice_step(0.03, 6) - 0.005) < 1e-15);
    double t0, step;
    int n;
    noc_nice_ticks(7, 7, 5, &t0, &step, &n);
    assert_true(t0 == 6 && step == 2);
    assert_int_equal(n, 2);
    /* 0 .. 1 by 0.2: six ticks, labels with one decimal, no float noise. */
    noc_nice_ticks(0, 1, 5, &t0, &step, &n);
    assert_int_equal(n, 6);
    char lab[32];
    noc_nice_label(t0 + 3 * step, step, lab, sizeof lab); /* 0.6000000000000001 */
    assert_string_equal(lab, "0.6");
    noc_nice_label(0.1 + 0.2, 0.1, lab, sizeof lab);
    assert_string_equal(lab, "0.3");
    noc_nice_label(-0.0, 0.5, lab, sizeof lab);
    assert_string_equal(lab, "0.0");
    noc_nice_label(0.005, 0.005, lab, sizeof lab);
    assert_string_equal(lab, "0.005");
}

/* Every tick label of random axes is a multiple of a 1-2-5 step, the axis
 * covers [lo, hi], and there are at most 2 x want + 2 ticks. */
static void test_ticks_random(void **state)
{
    (void)state;
    uint64_t s = 12345;
    for (int it = 0; it < 2000; it++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double lo = (double)(s >> 40) / (1 << 20) * 1000 - 300;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double hi = lo + (double)(s >> 40) / (1 << 24) * pow(10, (int)(s % 7) - 3);
        int want = 3 + (int)(s % 6);
        double t0, step;
        int n;
        noc_nice_ticks(lo, hi, want, &t0, &step, &n);
        double m = step / pow(10, floor(log10(step) + 1e-12));
        assert_true(fabs(m - 1) < 1e-9 || fabs(m - 2) < 1e-9 || fabs(m - 5) < 1e-9);
        assert_true(t0 <= lo + 1e-9 * fabs(lo) && t0 + (n - 1) * step >= hi - 1e-9 * fabs(hi));
        assert_true(n >= 2 && n <= 2 * want + 2);
        assert_true(fabs(t0 / step - round(t0 / step)) < 1e-6);
    }
}

/* Hand cases (h = 12, marker radius 5, gap 3): a lone point's label sits to
 * its right, centred: (x + 8, y - 6).  Near the right edge (x = 95 in
 * [0, 100], w = 20) it goes left: 95 - 8 - 20 = 67.  Two points 10 px apart
 * vertically at x = 50: the first right of its marker at (58, 44), the
 * second's right spot (58, 54) overlaps it (44..56 against 54..66), so it
 * goes left: (50 - 8 - 30, 54) = (12, 54). */
static void test_labels_hand(void **state)
{
    (void)state;
    double x[] = {20, 95}, y[] = {50, 20}, w[] = {20, 20}, lx[2], ly[2];
    int placed[2];
    noc_report_label_place(2, x, y, w, 12, 5, 0, 0, 100, 100, lx, ly, placed);
    assert_true(placed[0] && placed[1]);
    assert_true(lx[0] == 28 && ly[0] == 44);
    assert_true(lx[1] == 67 && ly[1] == 14);
    double x2[] = {50, 50}, y2[] = {50, 60}, w2[] = {30, 30};
    noc_report_label_place(2, x2, y2, w2, 12, 5, 0, 0, 100, 100, lx, ly, placed);
    assert_true(placed[0] && placed[1]);
    assert_true(lx[0] == 58 && ly[0] == 44);
    assert_true(lx[1] == 12 && ly[1] == 54);
}

static int overlap(double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh)
{
    return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

/* Random clusters of points: no two placed label boxes overlap, none covers
 * a marker, every one lies inside the frame; 30 points on one spot cannot
 * all be labelled (8 spots around one marker), so some are left to the
 * legend. */
static void test_labels_no_overlap(void **state)
{
    (void)state;
    enum { N = 60 };
    double x[N], y[N], w[N], lx[N], ly[N];
    int placed[N];
    uint64_t s = 99;
    for (int it = 0; it < 200; it++) {
        int n = 2 + it % (N - 2);
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            int cl = (int)(s % 4);
            x[i] = 80 + 120 * cl + (double)((s >> 20) % 60);
            y[i] = 60 + 70 * cl + (double)((s >> 40) % 50);
            w[i] = 20 + (double)((s >> 8) % 80);
        }
        noc_report_label_place(n, x, y, w, 13, 5, 65, 63, 619, 349, lx, ly, placed);
        for (int i = 0; i < n; i++) {
            if (!placed[i])
                continue;
            assert_true(lx[i] >= 65 && lx[i] + w[i] <= 619 && ly[i] >= 63 && ly[i] + 13 <= 349);
            for (int j = 0; j < n; j++) {
                assert_false(overlap(lx[i], ly[i], w[i], 13, x[j] - 5, y[j] - 5, 10, 10));
                if (j != i && placed[j])
                    assert_false(overlap(lx[i], ly[i], w[i], 13, lx[j], ly[j], w[j], 13));
            }
        }
    }
    for (int i = 0; i < 30; i++) {
        x[i] = 300;
        y[i] = 200;
        w[i] = 40;
    }
    noc_report_label_place(30, x, y, w, 13, 5, 65, 63, 619, 349, lx, ly, placed);
    int np = 0;
    for (int i = 0; i < 30; i++)
        np += placed[i];
    assert_true(np >= 1 && np <= 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ticks_issue_axes),
        cmocka_unit_test(test_ticks_steps),
        cmocka_unit_test(test_ticks_random),
        cmocka_unit_test(test_labels_hand),
        cmocka_unit_test(test_labels_no_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
