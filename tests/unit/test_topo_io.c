/* Unit tests: topology DOT writer and reader (docs/INTERFACE.md section 1.3).
 * Round trips must be byte-identical: write(parse(write(t))) == write(t). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/emit.h"
#include "nocsyn/gen.h"
#include "nocsyn/topo.h"

static char *dot_of(const struct noc_topo *t)
{
    struct noc_ctx ctx;
    struct noc_buf b;
    noc_ctx_init(&ctx);
    noc_buf_init(&b);
    assert_int_equal(noc_topo_write_dot(t, &b, &ctx), NOC_OK);
    assert_non_null(b.data);
    return b.data; /* caller frees */
}

static int parse(struct noc_topo *t, const char *s, struct noc_ctx *ctx)
{
    noc_ctx_init(ctx);
    return noc_topo_parse_dot(t, s, strlen(s), "x.dot", ctx);
}

/* write -> parse -> write is byte-identical; returns the first text. */
static char *check_round_trip(const struct noc_topo *t)
{
    struct noc_ctx ctx;
    struct noc_topo u;
    char *a = dot_of(t);
    int rc = parse(&u, a, &ctx);
    if (rc)
        fail_msg("parse of written DOT failed: %s\n%s", ctx.msg, a);
    char *b = dot_of(&u);
    if (strcmp(a, b))
        fail_msg("round trip differs:\n--- first\n%s\n--- second\n%s", a, b);
    free(b);
    noc_topo_free(&u);
    return a;
}

/* Names exercising quoting: spaces, quotes, backslashes, UTF-8 and the
 * route separators ':' and ';'. */
static const char *const RN[] = {"r 0", "r\"1", "r\\2", "r\xc3\xb8" "3", "r:4;"};
static const char *const TN[] = {"t a", "t\"b", "tc\\", "t\xe2\x82\xac"};

/* A hand-built irregular topology: a unidirectional ring r0..r4, a
 * bidirectional link r1<->r3, a reverse r2->r1 with other attributes, a
 * parallel r3->r4, a terminal injecting and ejecting at different routers,
 * awkward numbers and three routes. */
static void build_irregular(struct noc_topo *t)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_topo_init(t);
    int r[5], tt[4];
    for (int i = 0; i < 4; i++)
        tt[i] = noc_topo_add_node(t, TN[i], NOC_TERMINAL, &ctx);
    for (int i = 0; i < 5; i++)
        r[i] = noc_topo_add_node(t, RN[i], NOC_ROUTER, &ctx);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(noc_topo_add_channel(t, r[i], r[(i + 1) % 5], &ctx), 0);
        t->ch[t->nch - 1].length = 1.5;
        t->ch[t->nch - 1].latency = i == 2 ? 3 : 0;
    }
    assert_int_equal(noc_topo_add_link(t, r[1], r[3], &ctx), 0);
    t->ch[t->nch - 1].width = t->ch[t->nch - 2].width = 128;
    t->ch[t->nch - 1].length = t->ch[t->nch - 2].length = 1e-5;
    assert_int_equal(noc_topo_add_channel(t, r[2], r[1], &ctx), 0);
    t->ch[t->nch - 1].width = 32;
    assert_int_equal(noc_topo_add_channel(t, r[3], r[4], &ctx), 0);
    t->ch[t->nch - 1].width = 16;
    assert_int_equal(noc_topo_add_link(t, tt[0], r[0], &ctx), 0);
    assert_int_equal(noc_topo_add_channel(t, tt[1], r[1], &ctx), 0);
    assert_int_equal(noc_topo_add_channel(t, r[2], tt[1], &ctx), 0);
    assert_int_equal(noc_topo_add_link(t, tt[2], r[3], &ctx), 0);
    assert_int_equal(noc_topo_add_link(t, tt[3], r[4], &ctx), 0);
    noc_topo_set_pos(t, r[0], 0.1234567890123, -2.5);
    noc_topo_set_pos(t, r[1], 1e-7, 3);
    t->nodes[tt[0]].w = 1.25;
    t->nodes[tt[0]].h = 0.5;
    int p1[] = {r[0], r[1], r[3], r[4]}, p2[] = {r[0], r[1], r[3]}, p3[] = {r[1], r[2], r[3], r[4], r[0]};
    assert_int_equal(noc_topo_add_route(t, tt[0], tt[3], p1, 4, &ctx), 0);
    assert_int_equal(noc_topo_add_route(t, tt[1], tt[0], p3, 5, &ctx), 0);
    assert_int_equal(noc_topo_add_route(t, tt[0], tt[2], p2, 3, &ctx), 0);
    t->name = strdup("hand \"made\"");
    snprintf(t->shape.name, sizeof t->shape.name, "custom");
    snprintf(t->shape.params, sizeof t->shape.params, "a=1,b=\"2\"");
    t->shape.family = NOC_FAM_OTHER;
    t->link_width = 64;
    t->freq_mhz = 1000.5;
    assert_int_equal(noc_topo_finalize(t, &ctx), NOC_OK);
}

static void dot_round_trip_irregular(void **state)
{
    (void)state;
    struct noc_topo t, u;
    struct noc_ctx ctx;
    build_irregular(&t);
    char *a = check_round_trip(&t);
    /* The model read back matches the one written. */
    assert_int_equal(parse(&u, a, &ctx), NOC_OK);
    assert_string_equal(u.name, "hand \"made\"");
    assert_int_equal(u.nrouters, 5);
    assert_int_equal(u.nterminals, 4);
    assert_int_equal(u.nch, t.nch);
    for (int v = 0; v < t.nnodes; v++) {
        assert_string_equal(u.nodes[v].name, t.nodes[v].name);
        assert_int_equal(u.nodes[v].has_pos, t.nodes[v].has_pos);
    }
    assert_string_equal(u.nodes[0].name, "r 0");
    assert_string_equal(u.nodes[2].name, "r\\2");
    assert_true(u.nodes[0].x == 0.123456789);
    assert_true(u.nodes[1].x == 1e-7);
    assert_true(u.nodes[5].w == 1.25 && u.nodes[5].h == 0.5);
    for (int e = 0; e < t.nch; e++) {
        assert_int_equal(u.ch[e].src, t.ch[e].src);
        assert_int_equal(u.ch[e].dst, t.ch[e].dst);
        assert_true(u.ch[e].width == t.ch[e].width);
        assert_true(u.ch[e].length == t.ch[e].length);
        assert_int_equal(u.ch[e].latency, t.ch[e].latency);
    }
    assert_int_equal(u.nroutes, 3);
    /* Routes come back grouped by source terminal, in stored order. */
    assert_string_equal(u.nodes[u.routes[0].dst].name, TN[3]);
    assert_string_equal(u.nodes[u.routes[1].dst].name, TN[2]);
    assert_int_equal(u.routes[2].len, 5);
    assert_string_equal(u.nodes[u.routes[2].path[4]].name, "r 0");
    assert_int_equal(u.shape.family, NOC_FAM_OTHER);
    assert_string_equal(u.shape.params, "a=1,b=\"2\"");
    assert_true(u.link_width == 64 && u.freq_mhz == 1000.5);
    /* Spot checks of the text: merged pair, unmerged pair, escapes. */
    assert_non_null(strstr(a, "  \"r\\\"1\" -> \"r\xc3\xb8" "3\" [dir=both, width=128, length=\"1e-05\"];\n"));
    assert_non_null(strstr(a, "  \"r\\\\2\" -> \"r\\\"1\" [width=32];\n"));
    assert_non_null(strstr(a, "route=\"t\xe2\x82\xac: r\\\\ 0 r\\\"1 r\xc3\xb8" "3 r\\\\:4\\\\;; tc\\\\\\\\: r\\\\ 0 r\\\"1 r\xc3\xb8" "3\""));
    free(a);
    noc_topo_free(&u);
    noc_topo_free(&t);
}

/* The exact text for a tiny topology: the format is a contract. */
static void dot_exact_text(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    noc_ctx_init(&ctx);
    noc_topo_init(&t);
    int r0 = noc_topo_add_node(&t, "r0", NOC_ROUTER, &ctx);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, &ctx);
    int t0 = noc_topo_add_node(&t, "t0", NOC_TERMINAL, &ctx);
    int t1 = noc_topo_add_node(&t, "t1", NOC_TERMINAL, &ctx);
    assert_int_equal(noc_topo_add_link(&t, r0, r1, &ctx), 0);
    assert_int_equal(noc_topo_add_link(&t, t0, r0, &ctx), 0);
    assert_int_equal(noc_topo_add_link(&t, t1, r1, &ctx), 0);
    noc_topo_set_pos(&t, r0, 0.5, 0.5);
    noc_topo_set_pos(&t, r1, 1.5, 0.5);
    noc_topo_set_pos(&t, t0, 0.5, 0);
    noc_topo_set_pos(&t, t1, 1.5, 0);
    int path[] = {r0, r1};
    assert_int_equal(noc_topo_add_route(&t, t0, t1, path, 2, &ctx), 0);
    t.ch[0].width = 32; /* r0 -> r1 only: the pair is not merged */
    assert_int_equal(noc_topo_finalize(&t, &ctx), NOC_OK);
    char *a = check_round_trip(&t);
    const char *want =
        "digraph {\n"
        "  graph [inputscale=72];\n"
        "  node [fontname=\"Helvetica\", shape=box, width=0.45, height=0.3, margin=\"0.04,0.02\", fontsize=10];\n"
        "  edge [arrowsize=0.5];\n"
        "  \"r0\" [kind=\"router\", x=0.5, y=0.5, pos=\"50,50!\"];\n"
        "  \"r1\" [kind=\"router\", x=1.5, y=0.5, pos=\"150,50!\"];\n"
        "  node [shape=circle, width=0.25, height=0.25, margin=0.01, fontsize=8];\n"
        "  \"t0\" [kind=\"terminal\", x=0.5, y=0, pos=\"50,0!\", route=\"t1: r0 r1\"];\n"
        "  \"t1\" [kind=\"terminal\", x=1.5, y=0, pos=\"150,0!\"];\n"
        "  \"r0\" -> \"r1\" [width=32];\n"
        "  \"r0\" -> \"t0\" [dir=both];\n"
        "  \"r1\" -> \"r0\";\n"
        "  \"r1\" -> \"t1\" [dir=both];\n"
        "}\n";
    assert_string_equal(a, want);
    free(a);
    noc_topo_free(&t);
}

static void dot_round_trip_generated(void **state)
{
    (void)state;
    static const struct {
        const char *family;
        const char *p[3];
        int np;
    } cases[] = {
        {"mesh", {"k=3", "n=2"}, 2},      {"torus", {"dims=4x3"}, 1},  {"cmesh", {"k=2", "n=2", "c=4"}, 3},
        {"butterfly", {"k=2", "n=3"}, 2}, {"hypercube", {"n=3"}, 1}, {"fattree", {"k=2", "n=2"}, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct noc_ctx ctx;
        struct noc_topo t, u;
        noc_ctx_init(&ctx);
        if (noc_gen(&t, cases[i].family, cases[i].np, (char *const *)cases[i].p, &ctx))
            fail_msg("gen %s: %s", cases[i].family, ctx.msg);
        char *a = check_round_trip(&t);
        assert_int_equal(parse(&u, a, &ctx), NOC_OK);
        assert_int_equal(u.shape.family, t.shape.family);
        assert_int_equal(u.shape.ndims, t.shape.ndims);
        assert_int_equal(u.shape.conc, t.shape.conc);
        assert_string_equal(u.shape.name, t.shape.name);
        assert_int_equal(noc_topo_links(&u), noc_topo_links(&t));
        free(a);
        noc_topo_free(&u);
        noc_topo_free(&t);
    }
}

/* Hand-written DOT: undirected graphs, dir=both/back, quoted names, kinds. */
static void dot_hand_written(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    /* Undirected: each edge is a link.  A node without kind is a router. */
    assert_int_equal(parse(&t, "graph { a -- b -- c; x [kind=terminal]; y [kind=core]; x -- a; y -- c }", &ctx), 0);
    assert_int_equal(t.nrouters, 3);
    assert_int_equal(t.nterminals, 2);
    assert_int_equal(noc_topo_links(&t), 2);
    assert_int_equal(noc_topo_rr_channels(&t), 4);
    assert_null(t.name);
    noc_topo_free(&t);
    /* Digraph with dir=both, dir=back, a default dir, names with spaces,
     * quotes and UTF-8, a subgraph, and an escaped backslash. */
    const char *s = "digraph \"my net\" {\n"
                    "  node [kind=router];\n"
                    "  subgraph cluster_0 { \"core \\\"A\\\" \xc3\xa9\" [kind=\"terminal\", x=1, y=2]; }\n"
                    "  \"core \\\"A\\\" \xc3\xa9\" -> \"sw 1\" [dir=both];\n"
                    "  \"sw 1\" -> \"sw\\\\2\" [dir=both, width=64];\n"
                    "  \"sw 1\" -> \"sw\\\\2\";\n"
                    "  \"sw\\\\2\" -> \"sw 1\" [dir=back];\n"
                    "  \"t 2\" [kind=endpoint]; edge [dir=both]; \"t 2\" -> \"sw\\\\2\";\n"
                    "}\n";
    assert_int_equal(parse(&t, s, &ctx), 0);
    assert_string_equal(t.name, "my net");
    assert_int_equal(t.nrouters, 2);
    assert_int_equal(t.nterminals, 2);
    int c = noc_topo_find(&t, "core \"A\" \xc3\xa9"), s1 = noc_topo_find(&t, "sw 1"), s2 = noc_topo_find(&t, "sw\\2");
    assert_true(c >= 0 && s1 >= 0 && s2 >= 0);
    assert_true(t.nodes[c].has_pos && t.nodes[c].x == 1 && t.nodes[c].y == 2);
    /* sw1 -> sw2 three times (dir=both, plain, and "sw2 -> sw1 [dir=back]"),
     * sw2 -> sw1 once (dir=both): one bidirectional link + two channels. */
    assert_int_equal(noc_topo_rr_channels(&t), 4);
    assert_int_equal(noc_topo_links(&t), 3);
    noc_topo_free(&t);
    /* strict digraph and kind aliases */
    assert_int_equal(parse(&t, "strict digraph { s [kind=switch]; e [kind=terminal]; s -> e; e -> s; s -> e }", &ctx), 0);
    assert_int_equal(t.nch, 2);
    noc_topo_free(&t);
}

/* parse must fail with NOC_EINVAL and a message containing each needle. */
static void expect_bad(const char *dot, const char *n1, const char *n2)
{
    struct noc_ctx ctx;
    struct noc_topo t;
    int rc = parse(&t, dot, &ctx);
    if (rc != NOC_EINVAL)
        fail_msg("expected NOC_EINVAL, got %d (%s) for:\n%s", rc, ctx.msg, dot);
    if (!strstr(ctx.msg, n1) || (n2 && !strstr(ctx.msg, n2)))
        fail_msg("message '%s' lacks '%s' / '%s'", ctx.msg, n1, n2 ? n2 : "");
    assert_null(strchr(ctx.msg, '\n'));
}

static void dot_bad_inputs(void **state)
{
    (void)state;
    const char *ok = "  r0 -> r1 [dir=both]; t0 [kind=terminal]; t0 -> r0 [dir=both];\n";
    char buf[512];
    /* Syntax error on line 3, reported with file and line. */
    expect_bad("digraph {\n  a -> b;\n  c -> ;\n}\n", "x.dot:3:", "syntax error");
    expect_bad("digraph { a [x=1a] }", "x.dot:1:", "syntax");
    expect_bad("", "x.dot", "no DOT graph");
    /* Text after the graph, on its line; cgraph's continuation line stays. */
    expect_bad("digraph { r0 }\n\ndigraph { r1 }", "x.dot:3:", "unexpected text after the end of the graph");
    expect_bad("digraph {\n r0 [label=\"abc\n}\n", "x.dot:2: DOT syntax error", "String starting:\"abc");
    /* A misspelt node makes a channel into a router with no way out. */
    snprintf(buf, sizeof buf, "digraph {\n%s  r1 -> r9;\n}", ok);
    expect_bad(buf, "'r1' -> 'r9' dangles", "router 'r9' has no outgoing channel");
    snprintf(buf, sizeof buf, "digraph {\n%s  r8 -> r1;\n}", ok);
    expect_bad(buf, "dangles", "router 'r8' has no incoming channel");
    /* Terminals attached one way only, or not at all. */
    snprintf(buf, sizeof buf, "digraph {\n%s  t1 [kind=terminal]; t1 -> r1;\n}", ok);
    expect_bad(buf, "x.dot: ", "terminal 't1' is not attached");
    snprintf(buf, sizeof buf, "digraph {\n%s  t1 [kind=terminal];\n}", ok);
    expect_bad(buf, "x.dot: ", "terminal 't1' is not attached");
    expect_bad("digraph { r0 -> r1 [dir=both] }", "no terminals", NULL);
    expect_bad("digraph { t [kind=terminal] }", "terminal 't' is not attached", NULL);
    expect_bad("digraph { t0 [kind=terminal]; t1 [kind=terminal]; t0 -> t1 }", "two terminals", NULL);
    expect_bad("digraph { t [kind=terminal]; t -> a -> t; a -> a }", "to itself", NULL);
    /* Unknown values and bad numbers name the node or edge. */
    snprintf(buf, sizeof buf, "digraph {\n%s  q [kind=cache]; q -> r0;\n}", ok);
    expect_bad(buf, "node 'q': unknown kind 'cache'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 [x=abc, y=1];\n}", ok);
    expect_bad(buf, "node 'r0': bad x 'abc'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 [x=1];\n}", ok);
    expect_bad(buf, "node 'r0' has x but no y", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 [w=-1];\n}", ok);
    expect_bad(buf, "bad w", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 -> r1 [width=nan];\n}", ok);
    expect_bad(buf, "edge 'r0' -> 'r1': bad width 'nan'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 -> r1 [latency=1.5];\n}", ok);
    expect_bad(buf, "latency must be a whole number", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 -> r1 [dir=sideways];\n}", ok);
    expect_bad(buf, "unknown dir 'sideways'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n  graph [family_class=mesh, dims=\"3x3\"];\n%s}", ok);
    expect_bad(buf, "family_class 'mesh' needs dims", NULL);
    snprintf(buf, sizeof buf, "digraph {\n  graph [family_class=blob];\n%s}", ok);
    expect_bad(buf, "family_class='blob'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n  graph [dims=\"3xx\"];\n%s}", ok);
    expect_bad(buf, "dims='3xx'", NULL);
    /* Routes: unknown node, wrong kind, bad syntax, missing channel. */
    snprintf(buf, sizeof buf, "digraph {\n%s  t0 [route=\"t9: r0\"];\n}", ok);
    expect_bad(buf, "node 't0': route record 1: unknown node 't9'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  t0 [route=\"t0: r0; t0: t0\"];\n}", ok);
    expect_bad(buf, "route record 2: 't0' is not a router", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  t0 [route=\"t0 r0\"];\n}", ok);
    expect_bad(buf, "expected ':' after 't0'", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  t0 [route=\"t0:\"];\n}", ok);
    expect_bad(buf, "lists no routers", NULL);
    snprintf(buf, sizeof buf, "digraph {\n%s  t0 [route=\"t0: r1\"];\n}", ok);
    expect_bad(buf, "x.dot: ", "route t0 -> t0 starts at r1");
    snprintf(buf, sizeof buf, "digraph {\n%s  r0 [route=\"t0: r0\"];\n}", ok);
    expect_bad(buf, "node 'r0' has a route but is not a terminal", NULL);
    /* A NUL byte inside the data. */
    struct noc_ctx ctx;
    struct noc_topo t;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_topo_parse_dot(&t, "digraph { a }\0x", 15, "n.dot", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "NUL byte"));
}

/* A bad file must not disturb the next parse (cgraph keeps global state). */
static void dot_recovers_after_errors(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_topo t;
    /* Text after the graph is refused: cgraph would keep it in its lexer
     * and prepend it to the next file read (found by fuzz_topo_dot). */
    expect_bad("digraph { a } garbage", "x.dot:1: unexpected text after the end of the graph", NULL);
    expect_bad("digraph { a }\n// fine\n/* fine */\n# fine\ngraph { b }\n", "x.dot:5: unexpected text", NULL);
    expect_bad("digraph { a } \"abc", "x.dot:1: unexpected text", NULL);
    static const char *const broken[] = {"digraph { a -> ; ", "digraph { \"abc", "digraph { /* x", "digraph { <x",
                                         "digraph { a } }", "}", "digraph { a [x=\"}\"] } x"};
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        assert_int_equal(parse(&t, broken[i], &ctx), NOC_EINVAL);
        assert_int_equal(parse(&t, "digraph { r -> t [dir=both]; t [kind=terminal] }", &ctx), NOC_OK);
        assert_int_equal(t.nch, 2);
        noc_topo_free(&t);
    }
    /* Braces, quotes and comment markers inside strings and comments do
     * not end the graph early. */
    assert_int_equal(parse(&t, "digraph { /* } */ r -> \"t}\\\"\" [dir=both, label=<a<b>}</b>>];\n"
                               "// }\n\"t}\\\"\" [kind=terminal] } // after\n",
                           &ctx),
                     NOC_OK);
    assert_int_equal(noc_topo_find(&t, "t}\""), 1);
    noc_topo_free(&t);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(parse(&t, "digraph { a -> ; ", &ctx), NOC_EINVAL);
        assert_int_equal(parse(&t, "digraph { r -> t [dir=both]; t [kind=terminal] }", &ctx), NOC_OK);
        assert_int_equal(t.nch, 2);
        noc_topo_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dot_round_trip_irregular),
        cmocka_unit_test(dot_exact_text),
        cmocka_unit_test(dot_round_trip_generated),
        cmocka_unit_test(dot_hand_written),
        cmocka_unit_test(dot_bad_inputs),
        cmocka_unit_test(dot_recovers_after_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
