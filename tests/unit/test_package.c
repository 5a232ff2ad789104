/* Unit tests: the package description (include/nocsyn/package.h): the D2D
 * presets against their cited figures, boundaries and module bounds worked
 * by hand, and every parser error at its line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nocsyn/package.h"

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) <= 1e-9 * (1 + fabs((double)(b))))

static int parse(struct noc_package *p, const char *s, struct noc_ctx *ctx)
{
    noc_ctx_init(ctx);
    return noc_package_parse(p, s, strlen(s), "t.pkg", ctx);
}

/* Module bandwidth = lanes x Gb/s x 1000 / 8 MB/s: UCIe advanced x64 at 16
 * GT/s = 1024 Gb/s = 128000 MB/s; standard x16 = 32000; hybrid bonding
 * 64 x 4 = 256 Gb/s = 32000.  Energies as cited (Das Sharma, HotI 2025):
 * 0.5 (2D), 0.25 (2.5D), 0.05 (3D hybrid bonding) pJ/bit. */
static void presets_as_cited(void **state)
{
    (void)state;
    struct noc_d2d_type t;
    assert_int_equal(noc_d2d_preset("ucie-advanced", &t), 0);
    NEAR(noc_d2d_mbps(&t), 128000);
    NEAR(t.pj_bit, 0.25);
    assert_int_equal(t.stacked, 0);
    assert_int_equal(noc_d2d_preset("ucie-standard", &t), 0);
    NEAR(noc_d2d_mbps(&t), 32000);
    NEAR(t.pj_bit, 0.5);
    assert_int_equal(noc_d2d_preset("hybrid-bond", &t), 0);
    NEAR(noc_d2d_mbps(&t), 32000);
    NEAR(t.pj_bit, 0.05);
    assert_int_equal(t.stacked, 1);
    assert_int_equal(noc_d2d_preset("bow", &t), 0);
    NEAR(noc_d2d_mbps(&t), 32000);
    assert_int_equal(noc_d2d_preset("ucie", &t), -1);
    int n = 0;
    while (noc_d2d_preset_name(n))
        n++;
    assert_int_equal(n, 4);
}

/* Four 4 x 4 mm chiplets in a 2 x 2 grid, 0.5 mm apart: boundaries A-B,
 * A-C, B-D, C-D (the diagonals A-D and B-C share no edge); each shares a
 * 4 mm edge: ucie-advanced 4 x 5.14 = 20.56 -> 20 modules; the A-B link
 * overridden to ucie-standard with per_mm=1: 4 modules. */
static void grid_boundaries(void **state)
{
    (void)state;
    struct noc_package p;
    struct noc_ctx ctx;
    noc_package_init(&p);
    assert_int_equal(parse(&p, "die = A 4 4 0 0\ndie = B 4 4 4.5 0\ndie = C 4 4 0 4.5\ndie = D 4 4 4.5 4.5\n"
                               "link = A B ucie-standard per_mm=1  # comment\n", &ctx), NOC_OK);
    assert_int_equal(p.ndies, 4);
    assert_int_equal(p.nbound, 4);
    assert_int_equal(noc_package_boundary(&p, 0, 3), -1);
    assert_int_equal(noc_package_boundary(&p, 1, 2), -1);
    int ab = noc_package_boundary(&p, 1, 0), cd = noc_package_boundary(&p, 2, 3);
    assert_true(ab >= 0 && cd >= 0);
    NEAR(p.bound[ab].shoreline_mm, 4);
    assert_int_equal(p.bound[ab].max_modules, 4);
    assert_string_equal(p.bound[ab].type.name, "ucie-standard");
    assert_int_equal(p.bound[cd].max_modules, 20);
    /* The shared edge of A-B: x between 4 and 4.5, y centred at 2. */
    NEAR(p.bound[ab].mx, 4.25);
    NEAR(p.bound[ab].my, 2);
    noc_package_free(&p);
}

/* A 3-D stack: layers 0-1 and 1-2 are boundaries, 0-2 is not; the budget
 * override sets the module bound. */
static void stack_boundaries(void **state)
{
    (void)state;
    struct noc_package p;
    struct noc_ctx ctx;
    noc_package_init(&p);
    assert_int_equal(parse(&p, "d2d = hybrid-bond budget=3\nlayer = T 4 4 2\nlayer = M 4 4 1\nlayer = B 5 5 0\n"
                               "core = x T\n", &ctx), NOC_OK);
    assert_int_equal(p.nbound, 2);
    assert_int_equal(noc_package_boundary(&p, 0, 2), -1);
    assert_int_equal(p.bound[0].max_modules, 3);
    assert_int_equal(p.npins, 1);
    assert_string_equal(p.pin_core[0], "x");
    assert_int_equal(p.pin_die[0], 0);
    noc_package_free(&p);
}

/* Every error: NOC_EINVAL, the file and the line. */
static void errors_at_their_line(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
        long line;
    } cases[] = {
        {"die = A 4 4 0 0\nwidth = 3\n", "unknown key", 2},
        {"die = A 4 4 0 0\ndie = A 4 4 9 0\n", "given twice", 2},
        {"die = A 4 4 0 0\ndie = B 4 4 3 0\n", "overlaps", 2},
        {"die = A 0 4 0 0\n", "a size", 1},
        {"die = A 4 4 0 2000\n", "a position", 1},
        {"die = A 4 4 0 0\nlayer = B 4 4 1\n", "either 2.5-D", 2},
        {"layer = A 4 4 0\nlayer = B 4 4 0\n", "same layer", 2},
        {"layer = A 4 4 0.5\n", "layer index", 1},
        {"die = A 4 4 0 0\ndie = B 4 4 9 0\nlink = A B bow\n", "not neighbours", 3},
        {"die = A 4 4 0 0\ndie = B 4 4 4.5 0\nlink = A B ucie-fast\n", "unknown D2D interface", 3},
        {"die = A 4 4 0 0\ndie = B 4 4 4.5 0\nlink = A B bow lanes=0\n", "lanes=0", 3},
        {"die = A 4 4 0 0\ndie = B 4 4 4.5 0\nlink = A B bow colour=red\n", "FIELD=VALUE", 3},
        {"die = A 4 4 0 0\ndie = B 4 4 4.5 0\nlink = A B hybrid-bond\n", "is 3-D but", 3},
        {"layer = A 4 4 0\nlayer = B 4 4 1\n", "set d2d = hybrid-bond", 1},
        {"core = x A\ndie = A 4 4 0 0\n", "unknown die", 1},
        {"die = A.1 4 4 0 0\n", "no '.'", 1},
        {"# nothing\n\n", "no die", 2},
        {"die A 4 4 0 0\n", "key = value", 1},
        {"die = A 4 4 0\n", "NAME W H X Y", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct noc_package p;
        struct noc_ctx ctx;
        noc_package_init(&p);
        int rc = parse(&p, cases[i].text, &ctx);
        char at[32];
        snprintf(at, sizeof at, "t.pkg:%ld: ", cases[i].line);
        if (rc != NOC_EINVAL || strncmp(ctx.msg, at, strlen(at)) || !strstr(ctx.msg, cases[i].msg))
            fail_msg("case %zu: rc %d msg '%s'", i, rc, ctx.msg);
        assert_int_equal(p.ndies, 0); /* released on failure */
        noc_package_free(&p);
    }
    struct noc_package p;
    struct noc_ctx ctx;
    noc_package_init(&p);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_package_parse(&p, "die = A 1 1 0 0\n\0x", 18, "t.pkg", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "t.pkg:2: NUL"));
    noc_package_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets_as_cited),
        cmocka_unit_test(grid_boundaries),
        cmocka_unit_test(stack_boundaries),
        cmocka_unit_test(errors_at_their_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
