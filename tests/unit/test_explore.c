/* Unit tests: the comparison flow's outputs all exist and parse: DOT
 * through libcgraph (noc_topo_load), JSON through cJSON, CSV by columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/explore.h"
#include "nocsyn/topo.h"

static char *slurp(const char *path)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    char *data = NULL;
    if (noc_read_file(path, &data, NULL, &ctx) != NOC_OK)
        return NULL;
    return data;
}

static int count_fields(const char *line)
{
    int n = 1, q = 0;
    for (; *line && *line != '\n'; line++) {
        if (*line == '"')
            q = !q;
        else if (*line == ',' && !q)
            n++;
    }
    return n;
}

/* Every row of a CSV has as many fields as its header. */
static void check_csv(const char *path, const char *header)
{
    char *d = slurp(path);
    assert_non_null(d);
    assert_int_equal(strncmp(d, header, strlen(header)), 0);
    int want = count_fields(d);
    for (char *p = strchr(d, '\n'); p && p[1]; p = strchr(p + 1, '\n'))
        assert_int_equal(count_fields(p + 1), want);
    free(d);
}

static void compare_outputs_parse(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    const char *apppath = "benchmarks/apps/vopd.csv";
    assert_int_equal(noc_app_read(&app, apppath, NULL, &ctx), NOC_OK);
    assert_int_equal(noc_floorplan_mincut(&app, 1, &ctx), NOC_OK);
    struct noc_compare_opts o;
    noc_compare_opts_init(&o);
    o.baselines = "mesh,torus,clos,butterfly";
    o.methods = "split,cmesh";
    struct noc_compare c;
    noc_compare_init(&c);
    assert_int_equal(noc_compare_run(&app, apppath, &o, &c, &ctx), NOC_OK);
    assert_int_equal(c.n, 6);
    char dir[] = "/tmp/nocsyn_explore_XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_int_equal(noc_compare_write(&c, &app, dir, "nocsyn compare test", &o.synth.tech,
                                       noc_synth_capacity(&o.synth), &ctx), NOC_OK);
    char p[512];
    for (int i = 0; i < c.n; i++) {
        const char *d = c.e[i].d.name;
        /* DOT through libcgraph, and the topology matches what was evaluated. */
        struct noc_topo t;
        snprintf(p, sizeof p, "%s/%s.dot", dir, d);
        assert_int_equal(noc_topo_load(&t, p, NULL, &ctx), NOC_OK);
        assert_int_equal(t.nrouters, c.e[i].d.topo.nrouters);
        assert_int_equal(t.nch, c.e[i].d.topo.nch);
        assert_int_equal(t.nroutes, app.nflows);
        noc_topo_free(&t);
        /* JSON through cJSON with the INTERFACE 3.3 keys. */
        snprintf(p, sizeof p, "%s/%s.json", dir, d);
        char *js = slurp(p);
        assert_non_null(js);
        cJSON *o_ = cJSON_Parse(js);
        assert_non_null(o_);
        static const char *keys[] = {"topology", "routers", "links", "hops", "max_channel_load",
                                     "deadlock_free", "power_mw", "area_mm2", "method", "switches", "vcs"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            assert_non_null(cJSON_GetObjectItemCaseSensitive(o_, keys[k]));
        assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o_, "deadlock_free")));
        cJSON_Delete(o_);
        free(js);
        /* CSVs by columns. */
        snprintf(p, sizeof p, "%s/%s.routes.csv", dir, d);
        check_csv(p, "src,dst,path\n");
        snprintf(p, sizeof p, "%s/%s.place.csv", dir, d);
        check_csv(p, "node,kind,x_mm,y_mm,w_mm,h_mm\n");
        snprintf(p, sizeof p, "%s/%s.links.csv", dir, d);
        check_csv(p, "src,dst,kind,length_mm,delay_ps,pipeline_stages\n");
        snprintf(p, sizeof p, "%s/%s.table.csv", dir, d);
        check_csv(p, "router,src,dst,next,vc_class\n");
        /* SVG and DEF exist and start as they should. */
        snprintf(p, sizeof p, "%s/%s.svg", dir, d);
        char *svg = slurp(p);
        assert_non_null(svg);
        assert_non_null(strstr(svg, "<svg"));
        free(svg);
        snprintf(p, sizeof p, "%s/%s.def", dir, d);
        char *def = slurp(p);
        assert_non_null(def);
        assert_non_null(strstr(def, "COMPONENTS"));
        assert_non_null(strstr(def, "END DESIGN"));
        free(def);
    }
    snprintf(p, sizeof p, "%s/summary.csv", dir);
    check_csv(p, "design,method,routers,links,radix_max,hops_avg,hops_max,max_load_mbps,max_util,path_div_avg,"
                 "wire_mm,power_mw,area_mm2,deadlock_free");
    snprintf(p, sizeof p, "%s/report.html", dir);
    char *html = slurp(p);
    assert_non_null(html);
    assert_non_null(strstr(html, "</html>"));
    free(html);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    noc_compare_free(&c);
    noc_app_free(&app);
}

/* Baseline sizing rules (explore.h) for a few core counts. */
static void baseline_sizing(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    char spec[160];
    const char *r;
    int v;
    assert_int_equal(noc_baseline_spec("mesh", 12, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "mesh:dims=4x3");
    assert_string_equal(r, "dor");
    assert_int_equal(noc_baseline_spec("torus", 16, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "torus:dims=4x4");
    assert_int_equal(v, 2);
    assert_int_equal(noc_baseline_spec("cmesh", 12, spec, sizeof spec, &r, &v, &ctx), 0);
    /* cmesh: ceil(12/4) = 3 routers -> 2x2, the textbook shared port
     * (issues #13, #17); cmesh-private the same grid with a port per core. */
    assert_string_equal(spec, "cmesh:dims=2x2,c=4,share=1");
    assert_int_equal(noc_baseline_spec("cmesh-private", 12, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "cmesh:dims=2x2,c=4");
    assert_string_equal(r, "dor");
    assert_int_equal(noc_baseline_spec("butterfly", 12, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "butterfly:k=2,n=4");
    assert_int_equal(noc_baseline_spec("fattree", 16, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "fattree:k=2,n=4");
    assert_int_equal(noc_baseline_spec("clos", 10, spec, sizeof spec, &r, &v, &ctx), 0);
    assert_string_equal(spec, "clos:m=4,n=4,r=4");
    assert_int_equal(noc_baseline_spec("nope", 10, spec, sizeof spec, &r, &v, &ctx), NOC_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compare_outputs_parse),
        cmocka_unit_test(baseline_sizing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
