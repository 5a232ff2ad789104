/* Unit tests: BookSim anynet reader/writer, JSON and SVG writers, and
 * noc_topo_load / noc_topo_save. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nocsyn/emit.h"
#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

static int any(struct noc_topo *t, const char *s, struct noc_ctx *ctx)
{
    noc_ctx_init(ctx);
    return noc_topo_parse_anynet(t, s, strlen(s), "x.anynet", ctx);
}

static char *write_with(int (*w)(const struct noc_topo *, struct noc_buf *, struct noc_ctx *),
                        const struct noc_topo *t)
{
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    noc_buf_init(&b);
    if (w(t, &b, &ctx) != NOC_OK)
        fail_msg("writer failed: %s", ctx.msg);
    return b.data;
}

/* BookSim's example style: routers listing nodes and neighbours, link
 * latencies after a body item, a node-headed line, a link given twice, tabs
 * and a CR.  Routers 0-1-2 in a line, router 3 hangs off 1. */
static void anynet_read_and_write(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    const char *s = "router 0 node 0 router 1 4\n"
                    "\n"
                    "router 1\tnode 1 router 2 router 0 router 3\r\n"
                    "router 2 node 2 node 3 router 1 2\n"
                    "node 4 router 3\n";
    assert_int_equal(any(&t, s, &ctx), NOC_OK);
    assert_int_equal(t.nrouters, 4);
    assert_int_equal(t.nterminals, 5);
    assert_string_equal(t.nodes[0].name, "r0");
    assert_string_equal(t.nodes[4].name, "t0");
    assert_int_equal(noc_topo_links(&t), 3);
    assert_int_equal(noc_topo_rr_channels(&t), 6);
    /* t3 sits on r2, t4 on r3. */
    assert_int_equal(noc_topo_inject_router(&t, noc_topo_find(&t, "t3")), 2);
    assert_int_equal(noc_topo_eject_router(&t, noc_topo_find(&t, "t4")), 3);
    /* Latency 4 on r0 -> r1 only; "router 1 ... router 0" came later and
     * reset r1 -> r0 to the default, as in BookSim; r2 -> r1 is 2. */
    struct noc_graph *g = &t.g;
    assert_int_equal(t.ch[noc_graph_find(g, 0, 1)].latency, 4);
    assert_int_equal(t.ch[noc_graph_find(g, 1, 0)].latency, 0);
    assert_int_equal(t.ch[noc_graph_find(g, 2, 1)].latency, 2);
    assert_int_equal(t.ch[noc_graph_find(g, 1, 2)].latency, 0);
    char *a = write_with(noc_topo_write_anynet, &t);
    /* The writer keeps latencies above BookSim's default of 1. */
    assert_string_equal(a, "router 0 node 0 router 1 4\n"
                           "router 1 node 1 router 0 router 2 router 3\n"
                           "router 2 node 2 node 3 router 1 2\n"
                           "router 3 node 4 router 1\n");
    /* anynet -> model -> anynet is the identity on canonical text. */
    struct noc_topo u;
    assert_int_equal(any(&u, a, &ctx), NOC_OK);
    char *b = write_with(noc_topo_write_anynet, &u);
    assert_string_equal(a, b);
    free(a);
    free(b);
    noc_topo_free(&u);
    noc_topo_free(&t);
}

static void anynet_round_trip_generated(void **state)
{
    (void)state;
    static const char *const fams[][3] = {{"mesh", "k=4", "n=2"}, {"torus", "k=3", "n=3"}, {"hring", "g=3", "l=4"}};
    for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
        struct noc_ctx ctx;
        struct noc_topo t, u;
        noc_ctx_init(&ctx);
        if (noc_gen(&t, fams[i][0], 2, (char *const *)&fams[i][1], &ctx))
            fail_msg("gen %s: %s", fams[i][0], ctx.msg);
        char *a = write_with(noc_topo_write_anynet, &t);
        assert_int_equal(any(&u, a, &ctx), NOC_OK);
        assert_int_equal(u.nrouters, t.nrouters);
        assert_int_equal(u.nterminals, t.nterminals);
        assert_int_equal(noc_topo_links(&u), noc_topo_links(&t));
        char *b = write_with(noc_topo_write_anynet, &u);
        assert_string_equal(a, b);
        free(a);
        free(b);
        noc_topo_free(&u);
        noc_topo_free(&t);
    }
}

static void expect_bad(const char *s, const char *n1, const char *n2)
{
    struct noc_ctx ctx;
    struct noc_topo t;
    int rc = any(&t, s, &ctx);
    if (rc != NOC_EINVAL)
        fail_msg("expected NOC_EINVAL, got %d (%s) for:\n%s", rc, ctx.msg, s);
    if (!strstr(ctx.msg, n1) || (n2 && !strstr(ctx.msg, n2)))
        fail_msg("message '%s' lacks '%s' / '%s'", ctx.msg, n1, n2 ? n2 : "");
}

static void anynet_bad_inputs(void **state)
{
    (void)state;
    /* Router ids 0 and 2: id 2 (first seen on line 1) is out of sequence. */
    expect_bad("router 0 node 0 router 2\nrouter 2 node 1 router 0\n", "x.anynet:1: router id 2 is out of sequence",
               "0..1");
    expect_bad("router 0 node 0 router 1\nrouter 1 node 5\n", "x.anynet:2: node id 5", "0..1");
    expect_bad("router 0 node 0 foo 1\n", "x.anynet:1: expected 'router', 'node' or a link latency", "got 'foo'");
    expect_bad("router 0 node 0\nrouter 1 node 1 router 0 fast\n", "x.anynet:2:", "got 'fast'");
    expect_bad("router 0 node 0 router 1 0\nrouter 1 node 1\n", "x.anynet:1:", "link latency");
    expect_bad("router 0 5 node 0\n", "x.anynet:1: expected 'router' or 'node', got '5'", NULL);
    expect_bad("router x node 0\n", "x.anynet:1: bad router id 'x'", NULL);
    expect_bad("router 0 node -1\n", "bad node id '-1'", NULL);
    expect_bad("router 0 node\n", "x.anynet:1: incomplete line", NULL);
    expect_bad("router 0 node 0 router 1\nrouter 1 node 0\n", "x.anynet:2: node 0 is attached to two routers", NULL);
    expect_bad("node 0 node 1\n", "cannot link node 0 to node 1", NULL);
    expect_bad("router 0 router 0 node 0\n", "router 0 linked to itself", NULL);
    expect_bad("\n\n", "no routers", NULL);
    expect_bad("router 0 node 1 router 1\nrouter 1\nnode 0\n", "x.anynet:3: node 0 is not attached to a router", NULL);
    expect_bad("router 0 router 1\n", "no nodes", NULL);
    expect_bad("router 0 node 0 router 1\nrouter 2\n", "x.anynet: ", "'r2' is connected to nothing");
    expect_bad("router 0 node 0 \x01\x02 1\n", "got '?" "?'", NULL);
}

/* Topologies anynet cannot hold fail with NOC_EUNSUP. */
static void anynet_unrepresentable(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_buf b;
    const char *p[] = {"k=2", "n=2"};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen(&t, "butterfly", 2, (char *const *)p, &ctx), NOC_OK);
    noc_buf_init(&b);
    assert_int_equal(noc_topo_write_anynet(&t, &b, &ctx), NOC_EUNSUP);
    assert_non_null(strstr(ctx.msg, "anynet"));
    noc_buf_free(&b);
    noc_topo_free(&t);
    /* A unidirectional ring. */
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    char nm[16];
    for (int i = 0; i < 3; i++) {
        snprintf(nm, sizeof nm, "r%d", i);
        noc_topo_add_node(&t, nm, NOC_ROUTER, &ctx);
        snprintf(nm, sizeof nm, "t%d", i);
        noc_topo_add_node(&t, nm, NOC_TERMINAL, &ctx);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal(noc_topo_add_channel(&t, 2 * i, 2 * ((i + 1) % 3), &ctx), 0);
        assert_int_equal(noc_topo_add_link(&t, 2 * i, 2 * i + 1, &ctx), 0);
    }
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    noc_buf_init(&b);
    assert_int_equal(noc_topo_write_anynet(&t, &b, &ctx), NOC_EUNSUP);
    assert_non_null(strstr(ctx.msg, "channel 'r0' -> 'r1' has no reverse"));
    noc_buf_free(&b);
    noc_topo_free(&t);
}

static void json_parses_back(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    const char *dot = "digraph \"j\" { graph [family=mesh, link_width=128];"
                      " r0 -> r1 [dir=both, width=64, length=2]; r0 [x=0, y=0]; r1 [x=3, y=4];"
                      " t0 [kind=terminal, route=\"t1: r0 r1\"]; t1 [kind=terminal];"
                      " t0 -> r0 [dir=both]; t1 -> r1 [dir=both] }";
    noc_ctx_init(&ctx);
    assert_int_equal(noc_topo_parse_dot(&t, dot, strlen(dot), "j.dot", &ctx), NOC_OK);
    char *s = write_with(noc_topo_write_json, &t);
    cJSON *j = cJSON_Parse(s);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "name")->valuestring, "j");
    assert_int_equal(cJSON_GetObjectItem(j, "routers")->valueint, 2);
    assert_int_equal(cJSON_GetObjectItem(j, "terminals")->valueint, 2);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "shape"), "family")->valuestring, "mesh");
    assert_true(cJSON_GetObjectItem(j, "link_width")->valuedouble == 128);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "freq_mhz")));
    cJSON *nodes = cJSON_GetObjectItem(j, "nodes"), *chans = cJSON_GetObjectItem(j, "channels");
    assert_int_equal(cJSON_GetArraySize(nodes), 4);
    assert_int_equal(cJSON_GetArraySize(chans), 6);
    cJSON *n1 = cJSON_GetArrayItem(nodes, 1);
    assert_string_equal(cJSON_GetObjectItem(n1, "kind")->valuestring, "router");
    assert_true(cJSON_GetObjectItem(n1, "y")->valuedouble == 4);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(cJSON_GetArrayItem(nodes, 2), "x")));
    /* Channel 0 is r0 -> r1: stored width 64, length 2 (not the 7 mm of
     * Manhattan distance); channel 1 is r0 -> t0: no width, no length. */
    cJSON *c0 = cJSON_GetArrayItem(chans, 0), *c1 = cJSON_GetArrayItem(chans, 1);
    assert_string_equal(cJSON_GetObjectItem(c0, "dst")->valuestring, "r1");
    assert_true(cJSON_GetObjectItem(c0, "width")->valuedouble == 64);
    assert_true(cJSON_GetObjectItem(c0, "length")->valuedouble == 2);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(c1, "width")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(c1, "length")));
    cJSON *r0 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "routes"), 0);
    assert_string_equal(cJSON_GetObjectItem(r0, "dst")->valuestring, "t1");
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r0, "path"), 1)->valuestring, "r1");
    cJSON_Delete(j);
    free(s);
    noc_topo_free(&t);
}

/* The "width" attribute of the <svg> element, in points. */
static double svg_width(const char *svg)
{
    const char *w = strstr(svg, "<svg width=\"");
    assert_non_null(w);
    return atof(w + 12);
}

static void svg_render(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    struct noc_buf b;
    const char *p[] = {"k=3", "n=2"};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen(&t, "mesh", 2, (char *const *)p, &ctx), NOC_OK);
    char *s = write_with(noc_topo_write_svg, &t);
    assert_true(!strncmp(s, "<?xml", 5) || !strncmp(s, "<svg", 4));
    assert_non_null(strstr(s, "<title>r8</title>"));
    assert_non_null(strstr(s, "</svg>"));
    free(s);
    noc_topo_free(&t);
    /* Pinned: a and b stay 300 pt apart side by side, so the drawing is
     * wider than 300 pt; dot ranks a above b, about one node wide. */
    const char *dot = "digraph { a [pos=\"0,0!\"]; b [pos=\"300,0!\"]; a -> b }";
    noc_buf_init(&b);
    assert_int_equal(noc_svg_render(dot, 1, &b, &ctx), NOC_OK);
    assert_true(svg_width(b.data) > 300);
    noc_buf_free(&b);
    assert_int_equal(noc_svg_render(dot, 0, &b, &ctx), NOC_OK);
    assert_true(svg_width(b.data) < 100);
    noc_buf_free(&b);
    /* Bad DOT: one error, nothing printed. */
    assert_int_equal(noc_svg_render("digraph { a -> }", 0, &b, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "syntax error"));
    noc_buf_free(&b);
}

static void load_and_save(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t, u;
    char dir[] = "/tmp/nocsyn_topoio_XXXXXX", path[256], path2[256];
    assert_non_null(mkdtemp(dir));
    const char *p[] = {"k=4"};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen(&t, "ring", 1, (char *const *)p, &ctx), NOC_OK);
    static const char *const exts[] = {"dot", "gv", "anynet", "json", "svg"};
    for (size_t i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/r.%s", dir, exts[i]);
        assert_int_equal(noc_topo_save(&t, path, &ctx), NOC_OK);
        assert_int_equal(access(path, F_OK), 0);
    }
    /* Load by extension, and by explicit format. */
    snprintf(path, sizeof path, "%s/r.anynet", dir);
    assert_int_equal(noc_topo_load(&u, path, NULL, &ctx), NOC_OK);
    assert_int_equal(u.nrouters, 4);
    noc_topo_free(&u);
    snprintf(path2, sizeof path2, "%s/r.gv", dir);
    assert_int_equal(noc_topo_load(&u, path2, "dot", &ctx), NOC_OK);
    assert_string_equal(u.shape.name, "ring");
    noc_topo_free(&u);
    snprintf(path2, sizeof path2, "%s/r.json", dir);
    assert_int_equal(noc_topo_load(&u, path2, NULL, &ctx), NOC_EUNSUP);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_topo_load(&u, path, "dot", &ctx), NOC_EINVAL); /* anynet text is not DOT */
    noc_ctx_init(&ctx);
    snprintf(path2, sizeof path2, "%s/missing.dot", dir);
    assert_int_equal(noc_topo_load(&u, path2, NULL, &ctx), NOC_EIO);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_topo_load(&u, path, "xml", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "unknown topology format 'xml'"));
    /* Unknown extension, and an unrepresentable anynet: nothing written. */
    noc_ctx_init(&ctx);
    snprintf(path2, sizeof path2, "%s/r.txt", dir);
    assert_int_equal(noc_topo_save(&t, path2, &ctx), NOC_EINVAL);
    assert_int_equal(access(path2, F_OK), -1);
    noc_topo_free(&t);
    const char *q[] = {"n=2"};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen(&t, "omega", 1, (char *const *)q, &ctx), NOC_OK);
    snprintf(path2, sizeof path2, "%s/o.anynet", dir);
    assert_int_equal(noc_topo_save(&t, path2, &ctx), NOC_EUNSUP);
    assert_int_equal(access(path2, F_OK), -1);
    noc_topo_free(&t);
    for (size_t i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/r.%s", dir, exts[i]);
        remove(path);
    }
    assert_int_equal(rmdir(dir), 0); /* also proves no temporary is left */
}

/* The one writer table: four exact lower-case names; the extension rules
 * (.gv, any case) belong to noc_topo_save. */
static void writer_table(void **state)
{
    (void)state;
    assert_ptr_equal(noc_topo_writer_find("dot"), noc_topo_write_dot);
    assert_ptr_equal(noc_topo_writer_find("anynet"), noc_topo_write_anynet);
    assert_ptr_equal(noc_topo_writer_find("json"), noc_topo_write_json);
    assert_ptr_equal(noc_topo_writer_find("svg"), noc_topo_write_svg);
    assert_null(noc_topo_writer_find("DOT"));
    assert_null(noc_topo_writer_find("gv"));
    assert_null(noc_topo_writer_find(""));
    assert_null(noc_topo_writer_find("dotx"));
    /* noc_topo_save: .GV and .Dot are DOT; a 20-letter extension is unknown. */
    struct noc_ctx ctx;
    struct noc_topo t, u;
    char dir[] = "/tmp/nocsyn_writers_XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    const char *p[] = {"k=3"};
    noc_ctx_init(&ctx);
    assert_int_equal(noc_gen(&t, "ring", 1, (char *const *)p, &ctx), NOC_OK);
    static const char *const names[] = {"r.GV", "r.Dot"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        assert_int_equal(noc_topo_save(&t, path, &ctx), NOC_OK);
        assert_int_equal(noc_topo_load(&u, path, "dot", &ctx), NOC_OK);
        assert_int_equal(u.nrouters, 3);
        noc_topo_free(&u);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/r.abcdefghijklmnopqrst", dir);
    assert_int_equal(noc_topo_save(&t, path, &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "unknown topology format '.abcdefghijklmnopqrst'"));
    noc_topo_free(&t);
    assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(anynet_read_and_write),
        cmocka_unit_test(anynet_round_trip_generated),
        cmocka_unit_test(anynet_bad_inputs),
        cmocka_unit_test(anynet_unrepresentable),
        cmocka_unit_test(json_parses_back),
        cmocka_unit_test(svg_render),
        cmocka_unit_test(load_and_save),
        cmocka_unit_test(writer_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
