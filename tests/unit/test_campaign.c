/* Unit tests: campaign descriptions, job numbering, the grid parser and the
 * collected Pareto fronts (campaign.h).  Every expected value is worked by
 * hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nocsyn/campaign.h"
#include "nocsyn/emit.h"

/* Two apps given by core count (no file read), radix 4,8, clocks
 * 500:900:200 = 500,700,900, one width, one method and one baseline:
 * 2 x 2 x 3 x 1 x 2 = 24 jobs. */
static const char desc[] = "# a comment\n"
                           "name = unit\n"
                           "app = a.csv\napp-cores = 12\n"
                           "app = dir/b.dot   # trailing comment\napp-cores = 5\n"
                           "methods = split\nbaselines = mesh\n"
                           "max-radix = 4,8\nfreq = 500:900:200\nlink-width = 64\n";

static void parse_ok(struct noc_campaign *c, const char *text)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_campaign_init(c);
    int rc = noc_campaign_parse(c, text, "t.campaign", NULL, 0, &ctx);
    if (rc != NOC_OK)
        fail_msg("%s", ctx.msg);
}

static void test_numbering(void **state)
{
    (void)state;
    struct noc_campaign c;
    parse_ok(&c, desc);
    assert_int_equal(c.njobs, 24);
    assert_string_equal(c.apps[1].name, "b");
    assert_int_equal(c.apps[1].ncores, 5);
    assert_int_equal(c.nfreqs, 3);
    assert_true(c.freqs[2] == 900);
    struct noc_campaign_job j;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    /* Job k-1 = ((((app x 2 + radix) x 3 + freq) x 1 + width) x 2 + item):
     *   job 1  = app 0, radix 4, 500 MHz, split;
     *   job 2  = the same point, mesh;
     *   job 3  = 700 MHz, split; job 7 = radix 8, 500 MHz, split;
     *   job 13 = app 1's first; job 24 = app 1, radix 8, 900 MHz, mesh. */
    const struct { int id, app, radix, item; double f; } want[] = {
        {1, 0, 4, 0, 500}, {2, 0, 4, 1, 500}, {3, 0, 4, 0, 700}, {7, 0, 8, 0, 500}, {13, 1, 4, 0, 500},
        {24, 1, 8, 1, 900}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        assert_int_equal(noc_campaign_job(&c, want[k].id, &j, &ctx), NOC_OK);
        assert_int_equal(j.app, want[k].app);
        assert_int_equal(j.max_radix, want[k].radix);
        assert_int_equal(j.item, want[k].item);
        assert_int_equal(j.baseline, want[k].item == 1);
        assert_true(j.freq_mhz == want[k].f);
        assert_true(j.link_width == 64);
    }
    char lab[128];
    noc_campaign_job_label(&c, &j, lab, sizeof lab);
    assert_string_equal(lab, "b mesh r8 900MHz w64");
    assert_int_equal(noc_campaign_job(&c, 0, &j, &ctx), NOC_EINVAL);
    assert_int_equal(noc_campaign_job(&c, 25, &j, &ctx), NOC_EINVAL);
    noc_campaign_job_dir("d", 17, lab, sizeof lab);
    assert_string_equal(lab, "d/jobs/0017");
    /* The canonical text parses back to the same campaign and text. */
    struct noc_campaign c2;
    parse_ok(&c2, c.text);
    assert_string_equal(c2.text, c.text);
    assert_int_equal(c2.njobs, 24);
    noc_campaign_free(&c2);
    noc_campaign_free(&c);
}

static void test_defaults_and_paths(void **state)
{
    (void)state;
    struct noc_campaign c;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_campaign_init(&c);
    assert_int_equal(noc_campaign_parse(&c, "app = x.csv\napp-cores = 3\nfloorplan = fp.csv\n", "dir/t.campaign",
                                        "/base", 0, &ctx),
                     NOC_OK);
    /* Defaults: split,merge,cmesh,hring, no baseline, radix 8, 1000 MHz,
     * 32 bits: 4 jobs; relative paths joined to the base directory. */
    assert_int_equal(c.njobs, 4);
    assert_int_equal(c.nmethods, 4);
    assert_string_equal(c.items[3], "hring");
    assert_string_equal(c.apps[0].path, "/base/x.csv");
    assert_string_equal(c.apps[0].floorplan, "/base/fp.csv");
    assert_string_equal(c.name, "t.campaign");
    assert_true(c.max_util == 0.8 && c.packet_bits == 128 && c.seed == 1);
    noc_campaign_free(&c);
}

static void parse_bad(const char *text, const char *needle)
{
    struct noc_campaign c;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_campaign_init(&c);
    assert_int_equal(noc_campaign_parse(&c, text, "t.campaign", NULL, 0, &ctx), NOC_EINVAL);
    if (!strstr(ctx.msg, needle))
        fail_msg("'%s' does not contain '%s'", ctx.msg, needle);
    noc_campaign_free(&c);
}

static void test_bad(void **state)
{
    (void)state;
    parse_bad("app = a\napp-cores = 2\ncolour = red\n", "t.campaign:3: unknown key 'colour'");
    parse_bad("app = a\napp-cores = 2\nfreq = 9:4:1\n", "t.campaign:3: freq '9:4:1': the range is reversed");
    parse_bad("app = a\napp-cores = 2\nlink-width = 32.5\n", "not a whole number");
    parse_bad("app = a\napp-cores = 2\nmax-radix = 1\n", "max-radix");
    parse_bad("app = a\napp-cores = 2\nmethods = split,split\n", "'split' is listed twice");
    parse_bad("app = a\napp-cores = 2\nbaselines = ring9\n", "unknown baseline 'ring9'");
    parse_bad("app = a\n", "app a has no app-cores line");
    parse_bad("methods = split\n", "no app");
    parse_bad("app = a\napp-cores = 2\nmethods = none\n", "nothing to run");
    parse_bad("app = a\napp-cores = 2\nsim-loads = 0.5\n", "a range A:B:STEP");
    parse_bad("app = a\napp-cores = 2\nseed =\n", "t.campaign:3: seed has no value");
    parse_bad("app = p/a.csv\napp = q/a.dot\n", "listed twice");
}

static void test_grid(void **state)
{
    (void)state;
    double v[8];
    int n;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_parse_grid("g", "400:1000:300", 1, 1e5, 0, v, 8, &n, &ctx), NOC_OK);
    assert_int_equal(n, 3); /* 400, 700, 1000: B included */
    assert_true(v[0] == 400 && v[1] == 700 && v[2] == 1000);
    assert_int_equal(noc_parse_grid("g", "16,64", 1, 4096, 1, v, 8, &n, &ctx), NOC_OK);
    assert_int_equal(n, 2);
    assert_int_equal(noc_parse_grid("g", "16,,64", 1, 4096, 1, v, 8, &n, &ctx), NOC_EINVAL);
    assert_int_equal(noc_parse_grid("g", "16,16", 1, 4096, 1, v, 8, &n, &ctx), NOC_EINVAL);
    assert_int_equal(noc_parse_grid("g", "1:9:1", 1, 4096, 1, v, 8, &n, &ctx), NOC_EINVAL); /* 9 > 8 values */
    assert_int_equal(noc_parse_grid("g", "0", 0, 4096, 1, v, 8, &n, &ctx), NOC_EINVAL);
    assert_int_equal(noc_parse_grid("g", "2:4", 1, 4096, 1, v, 8, &n, &ctx), NOC_EINVAL);
    /* 0.1 + 2 * 0.1 is 0.30000000000000004 in binary: the range ends at B
     * as written, not past it (and so never past the key's upper bound:
     * 10814.8 + 39 * 2286.8 is 100000.00000000001 > 1e5). */
    assert_int_equal(noc_parse_grid("g", "0.1:0.3:0.1", 1e-3, 1e5, 0, v, 8, &n, &ctx), NOC_OK);
    assert_int_equal(n, 3);
    assert_true(v[2] == 0.3);
    double w[64];
    assert_int_equal(noc_parse_grid("g", "10814.8:100000:2286.8", 1e-3, 1e5, 0, w, 64, &n, &ctx), NOC_OK);
    assert_int_equal(n, 40);
    assert_true(w[39] == 1e5);
    /* A step below A's precision would repeat a value. */
    assert_int_equal(noc_parse_grid("g", "1:1.000000000001:5e-14", 1e-3, 1e5, 0, w, 64, &n, &ctx), NOC_OK);
    for (int k = 1; k < n; k++)
        assert_true(w[k] > w[k - 1]);
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_parse_grid("g", "100:100.1:1e-20", 1e-3, 1e5, 0, w, 64, &n, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "values repeat"));
}

/* The canonical text parses back to itself (what fuzz_campaign checks),
 * on the two inputs it found that did not. */
static void round_trip(const char *text)
{
    struct noc_campaign c, back;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_campaign_init(&c);
    noc_campaign_init(&back);
    assert_int_equal(noc_campaign_parse(&c, text, "t.campaign", NULL, 0, &ctx), NOC_OK);
    if (noc_campaign_parse(&back, c.text, "t.campaign", NULL, 0, &ctx) != NOC_OK)
        fail_msg("canonical text refused: %s\n%s", ctx.msg, c.text);
    assert_string_equal(back.text, c.text);
    noc_campaign_free(&back);
    noc_campaign_free(&c);
}

static void test_round_trip(void **state)
{
    (void)state;
    char text[512];
    /* B written with 70 leading zeros (was cut to 63 characters: B = 0). */
    snprintf(text, sizeof text, "app = a\napp-cores = 3\nsim-loads = 0.1:%070d1:0.1\n", 0);
    round_trip(text);
    round_trip("app = a\napp-cores = 3\nfreq = 10814.8:100000:2286.8\n");
    round_trip("app = a\napp-cores = 3\nfreq = 0.1:0.3:0.1\nmax-radix = 2:7:2\n");
}

/* A plan directory with hand-made job outputs: four designs of one app in
 * job 1, one skip in job 2, job 3 not done.
 *   A: 10 mW, 5 ns, 1 mm2, radix 4  -> front
 *   B: 12 mW, 4 ns, 1 mm2, radix 4  -> front (faster than A)
 *   C: 12 mW, 6 ns, 1 mm2, radix 4  -> dominated by A in power and latency
 *   D:  5 mW, 1 ns, 1 mm2, radix 1  -> breaks a constraint: never on the
 *      front, and dominates nothing (else A, B, C would all be off). */
static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_collect(void **state)
{
    (void)state;
    char dir[] = "/tmp/nocsyn_campaign_XXXXXX", p[256];
    assert_non_null(mkdtemp(dir));
    struct noc_campaign c;
    parse_ok(&c, "app = a.csv\napp-cores = 4\nmethods = split,merge\nbaselines = mesh\n");
    assert_int_equal(c.njobs, 3);
    snprintf(p, sizeof p, "%s/jobs", dir);
    mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/jobs/0001", dir);
    mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/jobs/0002", dir);
    mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/jobs/0001/summary.csv", dir);
    put(p, "design,power_mw,latency_avg_ns,hops_avg,area_mm2,radix_max,freq_mhz,spec,violations,pareto\n"
             "A,10,5,1,1,4,1000,,,true\n"
             "B,12,4,1,1,4,1000,\"x,y\",,true\n"
             "C,12,6,1,1,4,1000,,,true\n"
             "D,5,1,1,1,1,1000,,capacity,false\n");
    snprintf(p, sizeof p, "%s/jobs/0001/done", dir);
    put(p, "status ok\ndesigns 4\n");
    snprintf(p, sizeof p, "%s/jobs/0002/done", dir);
    put(p, "status ok\ndesigns 0\nskipped merge: no feasible design\n");
    struct noc_campaign_result r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_campaign_result_init(&r);
    assert_int_equal(noc_campaign_collect(&c, dir, &r, &ctx), NOC_OK);
    assert_int_equal(r.ndone, 2);
    assert_int_equal(r.done[2], 0);
    assert_int_equal(r.nrows, 4);
    assert_int_equal(r.rows[0].pareto, 1);
    assert_int_equal(r.rows[1].pareto, 1);
    assert_int_equal(r.rows[2].pareto, 0);
    assert_int_equal(r.rows[3].pareto, 0);
    assert_int_equal(r.rows[3].violating, 1);
    assert_int_equal(r.nskips, 1);
    assert_string_equal(r.skips[0].text, "merge: no feasible design");
    struct noc_buf b;
    noc_buf_init(&b);
    assert_int_equal(noc_campaign_summary_csv(&c, &r, 1, &b, &ctx), NOC_OK);
    assert_string_equal(b.data,
                        "job,app,max_radix,design,power_mw,latency_avg_ns,hops_avg,area_mm2,radix_max,freq_mhz,spec,"
                        "violations,pareto\n"
                        "1,a,8,A,10,5,1,1,4,1000,,,true\n"
                        "1,a,8,B,12,4,1,1,4,1000,\"x,y\",,true\n");
    noc_buf_free(&b);
    noc_campaign_result_free(&r);
    /* A job whose summary has another header is refused. */
    snprintf(p, sizeof p, "%s/jobs/0003", dir);
    mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/jobs/0003/summary.csv", dir);
    put(p, "design,power_mw\nE,1\n");
    snprintf(p, sizeof p, "%s/jobs/0003/done", dir);
    put(p, "status ok\ndesigns 1\n");
    noc_campaign_result_init(&r);
    assert_int_equal(noc_campaign_collect(&c, dir, &r, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "another header"));
    noc_campaign_result_free(&r);
    noc_campaign_free(&c);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Column lookup by exact header name: the index in the header, -1 when
 * absent (a prefix or a case change is another name). */
static void test_result_col(void **state)
{
    (void)state;
    struct noc_campaign_result r;
    noc_campaign_result_init(&r);
    char h0[] = "design", h1[] = "power_mw", h2[] = "pareto";
    char *header[] = {h0, h1, h2};
    r.header = header;
    r.ncols = 3;
    assert_int_equal(noc_campaign_result_col(&r, "design"), 0);
    assert_int_equal(noc_campaign_result_col(&r, "power_mw"), 1);
    assert_int_equal(noc_campaign_result_col(&r, "pareto"), 2);
    assert_int_equal(noc_campaign_result_col(&r, "power"), -1);
    assert_int_equal(noc_campaign_result_col(&r, "Pareto"), -1);
    assert_int_equal(noc_campaign_result_col(&r, ""), -1);
    r.ncols = 0; /* no header yet */
    assert_int_equal(noc_campaign_result_col(&r, "design"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbering), cmocka_unit_test(test_defaults_and_paths), cmocka_unit_test(test_bad),
        cmocka_unit_test(test_grid),
        cmocka_unit_test(test_round_trip),      cmocka_unit_test(test_collect),
        cmocka_unit_test(test_result_col),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
