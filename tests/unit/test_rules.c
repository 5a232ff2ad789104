/* Unit tests: the shared rules of issue 24 -- the default routing
 * (noc_routing_default, route.h), the floorplan rule (noc_floorplan_place,
 * synth.h), the tech-file set-up (noc_tech_setup, tech.h), the app summary
 * (noc_app_summarize, app.h) and sim's app rate (noc_sim_app_rate).  Expected
 * models follow from the contract in route.h by hand: dor applies to
 * meshes (shape MESH) but not to butterflies; desttag to butterflies;
 * a topology built without a shape has only updown (and table with stored
 * routes).  Floorplan messages and the packet size from the contracts in
 * synth.h and tech.h (128 bits is the cited default); the app summary and
 * sim's app rate (app.h, sim.h) from hand sums over a three-core app. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_route_fix.h"
#include "nocsyn/app.h"
#include "nocsyn/sim.h"
#include "nocsyn/synth.h"
#include "nocsyn/traffic.h"
#include "nocsyn/tech.h"

struct seen {
    int n, models[8], reject_table, reject_all;
};

static int record(void *ud, const struct noc_routing *rt)
{
    struct seen *s = ud;
    if (s->n < 8)
        s->models[s->n++] = rt->model;
    return !s->reject_all && !(s->reject_table && rt->model == NOC_RT_TABLE);
}

static int chosen(const char *spec, const int *order, int norder, int *rc)
{
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_gen(&t, spec);
    int model = -1;
    *rc = noc_routing_default(&t, order, norder, 1, NULL, NULL, &r, &ctx);
    if (*rc == NOC_OK) {
        model = r.model;
        noc_routing_free(&r);
    }
    noc_topo_free(&t);
    return model;
}

static void default_order(void **state)
{
    (void)state;
    int rc;
    /* no stored routes: table fails, dor applies to the mesh */
    assert_int_equal(chosen("mesh:k=3,n=2", NULL, 0, &rc), NOC_RT_DOR);
    /* a butterfly: dor does not apply, desttag does */
    assert_int_equal(chosen("butterfly:k=2,n=2", NULL, 0, &rc), NOC_RT_DESTTAG);
    /* the multicast order of the route command: dor, else updown */
    static const int mc[] = {NOC_RT_DOR, NOC_RT_UPDOWN};
    assert_int_equal(chosen("butterfly:k=2,n=2", mc, 2, &rc), NOC_RT_UPDOWN);
    assert_int_equal(chosen("mesh:k=3,n=2", mc, 2, &rc), NOC_RT_DOR);
    /* an order whose last model fails: that model's own status */
    static const int dor_only[] = {NOC_RT_DOR};
    assert_int_equal(chosen("butterfly:k=2,n=2", dor_only, 1, &rc), -1);
    assert_int_equal(rc, NOC_EUNSUP);
}

static void default_table_and_accept(void **state)
{
    (void)state;
    /* a 4-ring built by hand (no shape): only table (when stored) and updown */
    static const int links[] = {0, 1, 1, 2, 2, 3, 3, 0};
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    fx_build(&t, 4, links, 4, NULL, 0);
    struct seen s = {0};
    assert_int_equal(noc_routing_default(&t, NULL, 0, 1, record, &s, &r, &ctx), NOC_OK);
    assert_int_equal(r.model, NOC_RT_UPDOWN);
    assert_int_equal(s.n, 1); /* table, dor, desttag fail to initialise: accept sees updown alone */
    noc_routing_free(&r);
    int p02[] = {0, 1, 2};
    assert_int_equal(noc_topo_add_route(&t, 4, 6, p02, 3, &ctx), NOC_OK);
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    /* stored routes: table first */
    memset(&s, 0, sizeof s);
    assert_int_equal(noc_routing_default(&t, NULL, 0, 1, record, &s, &r, &ctx), NOC_OK);
    assert_int_equal(r.model, NOC_RT_TABLE);
    assert_int_equal(s.n, 1);
    noc_routing_free(&r);
    /* table rejected (sim: routes not covering the traffic): updown */
    memset(&s, 0, sizeof s);
    s.reject_table = 1;
    assert_int_equal(noc_routing_default(&t, NULL, 0, 1, record, &s, &r, &ctx), NOC_OK);
    assert_int_equal(r.model, NOC_RT_UPDOWN);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.models[0], NOC_RT_TABLE);
    assert_int_equal(s.models[1], NOC_RT_UPDOWN);
    noc_routing_free(&r);
    /* everything rejected, the last one initialised: the generic refusal */
    memset(&s, 0, sizeof s);
    s.reject_all = 1;
    assert_int_equal(noc_routing_default(&t, NULL, 0, 1, record, &s, &r, &ctx), NOC_EUNSUP);
    assert_non_null(strstr(ctx.msg, "no routing model (table, dor, desttag, updown) applies"));
    noc_topo_free(&t);
}

/* An app of cores a, b, c (a -> b, b -> c). */
static void three_cores(struct noc_app *app)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_app_init(app);
    int a = noc_app_core(app, "a", &ctx), b = noc_app_core(app, "b", &ctx), c = noc_app_core(app, "c", &ctx);
    assert_int_equal(noc_app_add_flow(app, a, b, 100, -1, &ctx), NOC_OK);
    assert_int_equal(noc_app_add_flow(app, b, c, 50, -1, &ctx), NOC_OK);
}

static void floorplan_rule(void **state)
{
    (void)state;
    struct noc_app app;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    /* none placed: the min-cut places every core */
    three_cores(&app);
    assert_int_equal(noc_floorplan_place(&app, NULL, "x.csv", 1, &ctx), NOC_OK);
    for (int i = 0; i < 3; i++)
        assert_true(app.cores[i].has_pos);
    noc_app_free(&app);
    /* every core placed: kept as given */
    three_cores(&app);
    for (int i = 0; i < 3; i++) {
        app.cores[i].has_pos = 1;
        app.cores[i].x = 10 * i;
        app.cores[i].y = 7;
    }
    assert_int_equal(noc_floorplan_place(&app, NULL, "x.csv", 1, &ctx), NOC_OK);
    for (int i = 0; i < 3; i++)
        assert_true(app.cores[i].x == 10 * i && app.cores[i].y == 7);
    /* b unplaced: named, against the floorplan file, else the app */
    app.cores[1].has_pos = 0;
    assert_int_equal(noc_floorplan_place(&app, "fp.csv", "x.csv", 1, &ctx), NOC_EINVAL);
    assert_string_equal(ctx.msg, "fp.csv: the floorplan does not place core b");
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_floorplan_place(&app, NULL, "x.csv", 1, &ctx), NOC_EINVAL);
    assert_string_equal(ctx.msg, "x.csv: core b has no position (x, y) while other cores have one");
    assert_true(app.cores[0].x == 0 && !app.cores[1].has_pos);
    noc_app_free(&app);
}

static void tech_setup(void **state)
{
    (void)state;
    struct noc_tech t;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_tech_defaults(&t);
    /* no file, no override: the default 128 bits */
    assert_int_equal(noc_tech_setup(&t, NULL, 0, &ctx), NOC_OK);
    assert_true(t.packet_bits == 128);
    /* the override alone */
    assert_int_equal(noc_tech_setup(&t, NULL, 256, &ctx), NOC_OK);
    assert_true(t.packet_bits == 256);
    /* a file with packet_bits = 64: the file's, unless overridden */
    char path[] = "/tmp/nocsyn-test-tech-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# test\npacket_bits = 64\nrouter_stages = 2\n", f);
    fclose(f);
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_setup(&t, path, 0, &ctx), NOC_OK);
    assert_true(t.packet_bits == 64 && t.router_stages == 2);
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_setup(&t, path, 512, &ctx), NOC_OK);
    assert_true(t.packet_bits == 512 && t.router_stages == 2);
    /* a bad file: the reader's error */
    f = fopen(path, "w");
    fputs("nonsense_key = 1\n", f);
    fclose(f);
    noc_tech_defaults(&t);
    assert_int_equal(noc_tech_setup(&t, path, 512, &ctx), NOC_EINVAL);
    assert_true(t.packet_bits == 128);
    unlink(path);
}

/* The app summary (app.h): three_cores has a -> b 100, b -> c 50, so in =
 * (0, 100, 50), out = (100, 50, 0), total 150, one component; bounds
 * added by hand. */
static void app_summary(void **state)
{
    (void)state;
    struct noc_app app;
    struct noc_app_summary s;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    three_cores(&app);
    noc_app_summary_init(&s);
    assert_int_equal(noc_app_summarize(&app, &s, &ctx), NOC_OK);
    assert_true(s.in[0] == 0 && s.in[1] == 100 && s.in[2] == 50);
    assert_true(s.out[0] == 100 && s.out[1] == 50 && s.out[2] == 0);
    assert_true(s.total == 150);
    assert_int_equal(s.ncomp, 1);
    assert_int_equal(s.nbounded, 0);
    assert_int_equal(s.nlat, 0);
    assert_int_equal(s.tightest, -1);
    noc_app_summary_free(&s);
    /* a second island d -> e with max_hops 1; latency bounds 20 ns on
     * b -> c, 10 ns on d -> e: the tightest is d -> e (flow 2) */
    int d = noc_app_core(&app, "d", &ctx), e = noc_app_core(&app, "e", &ctx);
    assert_int_equal(noc_app_add_flow(&app, d, e, 5, 1, &ctx), NOC_OK);
    assert_int_equal(noc_app_bound_latency(&app, 1, 2, 20, &ctx), NOC_OK);
    assert_int_equal(noc_app_bound_latency(&app, d, e, 10, &ctx), NOC_OK);
    assert_int_equal(noc_app_summarize(&app, &s, &ctx), NOC_OK);
    assert_int_equal(s.ncomp, 2);
    assert_int_equal(s.comp[3], 1);
    assert_int_equal(s.nbounded, 1);
    assert_int_equal(s.nlat, 2);
    assert_int_equal(s.tightest, 2);
    assert_true(s.total == 155);
    noc_app_summary_free(&s);
    assert_null(s.in);
    noc_app_free(&app);
}

/* sim's app rate (sim.h): unit / capacity; 32 bits at 1000 MHz = 4000 MB/s
 * (32 x 1000 / 8), so 1000 MB/s runs at 0.25 and 5000 MB/s is refused. */
static void sim_app_rate(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_ctx ctx;
    double r = -1;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=2,n=2");
    memset(&tr, 0, sizeof tr);
    tr.unit_mbps = 1000;
    /* no clock on the topology, no capacity: unknown */
    assert_int_equal(noc_sim_app_rate(&t, &tr, 0, &r, &ctx), NOC_OK);
    assert_true(r == 0);
    t.link_width = 32;
    t.freq_mhz = 1000;
    assert_int_equal(noc_sim_app_rate(&t, &tr, 0, &r, &ctx), NOC_OK);
    assert_true(r == 0.25);
    /* an explicit capacity wins: 1000 / 2000 */
    assert_int_equal(noc_sim_app_rate(&t, &tr, 2000, &r, &ctx), NOC_OK);
    assert_true(r == 0.5);
    tr.unit_mbps = 5000;
    assert_int_equal(noc_sim_app_rate(&t, &tr, 0, &r, &ctx), NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "5000 MB/s, more than the link capacity 4000 MB/s"));
    /* not app traffic (no MB/s scale): unknown */
    noc_ctx_clear(&ctx);
    tr.unit_mbps = 0;
    assert_int_equal(noc_sim_app_rate(&t, &tr, 0, &r, &ctx), NOC_OK);
    assert_true(r == 0);
    noc_topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_order),
        cmocka_unit_test(default_table_and_accept),
        cmocka_unit_test(floorplan_rule),
        cmocka_unit_test(tech_setup),
        cmocka_unit_test(app_summary),
        cmocka_unit_test(sim_app_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
