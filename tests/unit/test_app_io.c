/* Unit tests: the app readers (CSV, DOT), the floorplan reader, the app DOT
 * writer, and every benchmark app against benchmarks/apps/SOURCES.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"

/* ---- helpers */

struct notes {
    int count;
    char last[1024];
};

static void note_sink(void *ud, const char *msg)
{
    struct notes *n = ud;
    n->count++;
    snprintf(n->last, sizeof n->last, "%s", msg);
}

typedef int (*parse_fn)(struct noc_app *, const char *, size_t, const char *, struct noc_ctx *);

/* Parses text into a fresh app; returns the status, message in ctx. */
static int parse_with(parse_fn fn, struct noc_app *app, const char *text, struct noc_ctx *ctx)
{
    noc_ctx_init(ctx);
    noc_app_init(app);
    return fn(app, text, strlen(text), "t", ctx);
}

/* The parse must fail with NOC_EINVAL, a message starting with `where`
 * ("t:LINE: " or "t: ") and containing `what`. */
static void expect_bad(parse_fn fn, const char *text, const char *where, const char *what)
{
    struct noc_ctx ctx;
    struct noc_app app;
    int rc = parse_with(fn, &app, text, &ctx);
    if (rc != NOC_EINVAL || strncmp(ctx.msg, where, strlen(where)) != 0 ||
        !strstr(ctx.msg, what))
        fail_msg("input <%s>: status %d, message <%s>; wanted <%s...%s>", text, rc, ctx.msg,
                 where, what);
    noc_app_free(&app);
}

static void expect_bad_csv(const char *text, const char *where, const char *what)
{
    expect_bad(noc_app_parse_csv, text, where, what);
}

static void expect_bad_dot(const char *text, const char *where, const char *what)
{
    expect_bad(noc_app_parse_dot, text, where, what);
}

static int flow_of(const struct noc_app *app, const char *a, const char *b)
{
    int s = noc_app_find(app, a), d = noc_app_find(app, b);
    if (s < 0 || d < 0)
        return -1;
    return noc_u64map_get(&app->flow_ids, noc_pair_key(s, d));
}

/* ---- CSV */

static void csv_basic_and_column_order(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    assert_int_equal(parse_with(noc_app_parse_csv, &app,
                                "src,dst,bandwidth_mbps\nA,B,70\nB,C,362.5\nC,A,1e2\n", &ctx),
                     NOC_OK);
    assert_int_equal(app.ncores, 3);
    assert_int_equal(app.nflows, 3);
    assert_string_equal(app.cores[0].name, "A");
    assert_string_equal(app.cores[2].name, "C");
    assert_int_equal(app.flows[1].src, 1);
    assert_int_equal(app.flows[1].dst, 2);
    assert_true(app.flows[1].bw == 362.5);
    assert_int_equal(app.flows[1].max_hops, -1);
    assert_true(noc_app_total_bw(&app) == 532.5);
    noc_app_free(&app);

    /* Columns by name, any order, max_hops optional per row (empty = none). */
    assert_int_equal(parse_with(noc_app_parse_csv, &app,
                                "max_hops, bandwidth_mbps ,DST,src\n3,10,y,x\n,20,x,y\n0,5,z,x\n",
                                &ctx),
                     NOC_OK);
    assert_int_equal(app.ncores, 3);
    assert_string_equal(app.cores[0].name, "x");
    int f = flow_of(&app, "x", "y");
    assert_true(f >= 0);
    assert_int_equal(app.flows[f].max_hops, 3);
    assert_true(app.flows[f].bw == 10);
    assert_int_equal(app.flows[flow_of(&app, "y", "x")].max_hops, -1);
    assert_int_equal(app.flows[flow_of(&app, "x", "z")].max_hops, 0);
    noc_app_free(&app);
}

static void csv_quoted_names(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    const char *text = "src,dst,bandwidth_mbps\n"
                       "\"DSP, core 0\",\"say \"\"hi\"\"\",1\n"
                       "  \"  padded  \" , \xc3\x9cnic\xc3\xb8" "de ,2\n"
                       "\"a\\b\",\"# not a comment\",3\n";
    assert_int_equal(parse_with(noc_app_parse_csv, &app, text, &ctx), NOC_OK);
    assert_int_equal(app.ncores, 6);
    assert_string_equal(app.cores[0].name, "DSP, core 0");
    assert_string_equal(app.cores[1].name, "say \"hi\"");
    assert_string_equal(app.cores[2].name, "  padded  "); /* quoted: kept */
    assert_string_equal(app.cores[3].name, "\xc3\x9cnic\xc3\xb8" "de"); /* unquoted: trimmed */
    assert_string_equal(app.cores[4].name, "a\\b");
    assert_string_equal(app.cores[5].name, "# not a comment");
    noc_app_free(&app);
}

static void csv_line_endings_comments_blank(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    /* CRLF, a UTF-8 byte-order mark, comments before and after the header,
     * blank lines, no final newline. */
    assert_int_equal(parse_with(noc_app_parse_csv, &app,
                                "\xEF\xBB\xBF# app\r\n\r\nsrc,dst,bandwidth_mbps\r\n"
                                "  # indented comment\r\na,b,1\r\n   \r\nb,a,2",
                                &ctx),
                     NOC_OK);
    assert_int_equal(app.nflows, 2);
    assert_string_equal(app.cores[1].name, "b");
    noc_app_free(&app);
    /* Lone CR line ends (classic Mac) count as lines too. */
    expect_bad_csv("src,dst,bandwidth_mbps\ra,b,1\ra,b,x\r", "t:3: ", "'x' is not a number");
    /* Line numbers count comment and blank lines, and CRLF once. */
    expect_bad_csv("# c\r\n\r\nsrc,dst,bandwidth_mbps\r\n# c\r\na,b,1\r\na,a,1\r\n", "t:6: ",
                   "self-flow");
}

static void csv_duplicates_summed_with_one_note(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    struct notes notes = {0, ""};
    noc_ctx_init(&ctx);
    ctx.note = note_sink;
    ctx.note_ud = &notes;
    noc_app_init(&app);
    const char *text = "src,dst,bandwidth_mbps,max_hops\n"
                       "a,b,1,5\na,b,2,3\nb,a,4,\na,b,0.5,4\n";
    assert_int_equal(noc_app_parse_csv(&app, text, strlen(text), "t", &ctx), NOC_OK);
    assert_int_equal(app.nflows, 2);
    assert_int_equal(app.ndup, 2);
    int f = flow_of(&app, "a", "b");
    assert_true(app.flows[f].bw == 3.5);
    assert_int_equal(app.flows[f].max_hops, 3); /* the tighter bound */
    assert_int_equal(notes.count, 1);
    assert_string_equal(notes.last, "t: 2 duplicate flows summed");
    noc_app_free(&app);
}

static void csv_bad_inputs_name_file_and_line(void **state)
{
    (void)state;
    const char *h = "src,dst,bandwidth_mbps\n";
    char buf[256];
    expect_bad_csv("", "t:1: ", "empty file");
    expect_bad_csv("# only\n\n", "t:1: ", "no header");
    expect_bad_csv("a,b,1\n", "t:1: ", "missing header");
    expect_bad_csv("src,dst,bw\na,b,1\n", "t:1: ", "unknown column 'bw'");
    expect_bad_csv("src,dst\na,b\n", "t:1: ", "lacks the column 'bandwidth_mbps'");
    expect_bad_csv("src,dst,bandwidth_mbps,src\n", "t:1: ", "appears twice");
    expect_bad_csv("src,dst,bandwidth_mbps\n", "t:1: ", "no flows");
    static const struct {
        const char *row, *what;
    } rows[] = {
        {"a,b,1,2", "4 fields, expected 3"},
        {"a,b", "2 fields, expected 3"},
        {"a,b,fast", "'fast' is not a number"},
        {"a,b,12MB", "'12MB' is not a number"},
        {"a,b,-5", "-5 must be > 0"},
        {"a,b,0", "0 must be > 0"},
        {"a,b,-0", "must be > 0"},
        {"a,b,nan", "'nan' is not finite"},
        {"a,b,inf", "'inf' is not finite"},
        {"a,b,-Infinity", "is not finite"},
        {"a,b,1e400", "'1e400' is not finite"},
        {"a,b,1e16", "is beyond"},
        {"a,b,", "bandwidth_mbps is empty"},
        {"a,a,1", "self-flow 'a' -> 'a'"},
        {",b,1", "empty source core name"},
        {"a,\"\",1", "empty destination core name"},
        {"\"a\nb\",c,1", "control character"},
        {"\xff,c,1", "not valid UTF-8"},
        {"\xc0\xaf,c,1", "not valid UTF-8"}, /* overlong '/' */
        {"\"a\\\",c,1", "ends in a backslash"},
        {"%r3,c,1", "starts with '%'"},
        {"a\"b,c,1", "malformed quoting"},
        {"\"a\"b,c,1", "malformed quoting"},
        {"\"a,c,1", "unterminated quoted field"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(buf, sizeof buf, "%s# comment\nok,fine,1\n%s\n", h, rows[i].row);
        expect_bad_csv(buf, "t:4: ", rows[i].what);
    }
    expect_bad_csv("src,dst,bandwidth_mbps,max_hops\na,b,1,-1\n", "t:2: ", "max_hops '-1'");
    expect_bad_csv("src,dst,bandwidth_mbps,max_hops\na,b,1,1.5\n", "t:2: ", "max_hops '1.5'");
    expect_bad_csv("src,dst,bandwidth_mbps,max_hops\na,b,1,x\n", "t:2: ", "max_hops 'x'");
    /* A NUL byte (binary data) on line 2. */
    struct noc_ctx ctx;
    struct noc_app app;
    noc_ctx_init(&ctx);
    noc_app_init(&app);
    const char bin[] = "src,dst,bandwidth_mbps\na\0b,c,1\n";
    assert_int_equal(noc_app_parse_csv(&app, bin, sizeof bin - 1, "t", &ctx), NOC_EINVAL);
    assert_string_equal(ctx.msg, "t:2: NUL byte (not a text file?)");
    noc_app_free(&app);
}

/* A quoted field may span lines; the record keeps the line it started on
 * and the lines after it are still counted. */
static void csv_multiline_record_line_numbers(void **state)
{
    (void)state;
    expect_bad_csv("src,dst,bandwidth_mbps\n\"x\ny\",b,1\n", "t:2: ", "control character");
    expect_bad_csv("src,\"dst\n\",bandwidth_mbps\na,b,1\na,b,z\n", "t:1: ", "unknown column");
    expect_bad_csv("src,dst,bandwidth_mbps,max_hops\na,b,1,\"\n\"\na,b,q,\n", "t:2: ",
                   "max_hops");
    expect_bad_csv("src,dst,bandwidth_mbps,max_hops\na,b,1,\" \"\n# c\na,b,q,\n", "t:4: ",
                   "'q' is not a number");
}

/* ---- DOT */

static void dot_cores_flows_attributes(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    const char *text = "/* an app */\ndigraph soc {\n"
                       "  edge [max_hops=4];\n"
                       "  cpu [w=2, h=1.5, x=0, y=0];\n"
                       "  \"io pad\";            // isolated core\n"
                       "  cpu -> mem [bw=70, max_hops=3];\n"
                       "  mem -> cpu [bw=\"12.5\"];\n"
                       "  dsp -> mem [bw=\"1e3\", max_hops=\"\"];\n"
                       "  subgraph cluster_x { dsp [x=4, y=1]; }\n"
                       "}\n";
    assert_int_equal(parse_with(noc_app_parse_dot, &app, text, &ctx), NOC_OK);
    assert_int_equal(app.ncores, 4);
    assert_int_equal(app.nflows, 3);
    assert_string_equal(app.cores[0].name, "cpu");
    assert_string_equal(app.cores[1].name, "io pad");
    int cpu = 0, pad = 1, dsp = noc_app_find(&app, "dsp");
    assert_true(app.cores[cpu].has_size && app.cores[cpu].has_pos);
    assert_true(app.cores[cpu].w == 2 && app.cores[cpu].h == 1.5);
    assert_false(app.cores[pad].has_size || app.cores[pad].has_pos);
    assert_true(app.cores[dsp].has_pos && !app.cores[dsp].has_size);
    assert_true(app.cores[dsp].x == 4 && app.cores[dsp].y == 1);
    /* Flows in file order; edge default max_hops=4 applies, "" clears it. */
    assert_int_equal(app.flows[0].max_hops, 3);
    assert_true(app.flows[1].bw == 12.5);
    assert_int_equal(app.flows[1].max_hops, 4);
    assert_true(app.flows[2].bw == 1000);
    assert_int_equal(app.flows[2].max_hops, -1);
    /* Components: {cpu, mem, dsp} and {io pad}. */
    int comp[4];
    assert_int_equal(noc_app_components(&app, comp), 2);
    assert_int_equal(comp[pad], 1);
    assert_int_equal(comp[dsp], 0);
    noc_app_free(&app);
}

static void dot_duplicates_and_edge_default_bw(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    assert_int_equal(parse_with(noc_app_parse_dot, &app,
                                "digraph { edge [bw=5]; a -> b; a -> b [bw=7]; b -> c }", &ctx),
                     NOC_OK);
    assert_int_equal(app.nflows, 2);
    assert_int_equal(app.ndup, 1);
    assert_true(app.flows[flow_of(&app, "a", "b")].bw == 12);
    noc_app_free(&app);
    /* Issue 28: a strict digraph sums its parallel flows like any other
     * (cgraph alone would keep the last one, 5, silently): 10 + 5 = 15. */
    assert_int_equal(parse_with(noc_app_parse_dot, &app,
                                "strict digraph g { a -> b [bw=10]; a -> b [bw=5]; b -> c [bw=1] }", &ctx),
                     NOC_OK);
    assert_int_equal(app.nflows, 2);
    assert_int_equal(app.ndup, 1);
    assert_true(app.flows[flow_of(&app, "a", "b")].bw == 15);
    noc_app_free(&app);
}

static void dot_bad_inputs(void **state)
{
    (void)state;
    expect_bad_dot("", "t: ", "no graph");
    expect_bad_dot("// nothing\n", "t: ", "no graph");
    expect_bad_dot("\n\ngraph { a -- b [bw=1] }", "t:3: ", "undirected graph");
    expect_bad_dot("digraph {\n a -> b [bw=1]\n c -> -> d\n}\n", "t:3: ", "syntax error");
    expect_bad_dot("digraph {\n a -> b [bw=1\n}\n", "t:3: ", "syntax error");
    expect_bad_dot("digraph {\n\n a -> \"b [bw=1]\n}\n", "t:", "quoted string");
    expect_bad_dot("digraph {\n a -> b [bw=70MB]\n}\n", "t:2: ", "badly delimited number");
    expect_bad_dot("digraph { a -> b }", "t:1: ", "flow 'a' -> 'b': bw (MB/s) is missing");
    expect_bad_dot("digraph { a -> b [bw=1]; b -> c }", "t:1: ", "'b' -> 'c': bw (MB/s) is missing");
    expect_bad_dot("digraph { a -> b [bw=fast] }", "t:1: ", "bw 'fast' is not a number");
    expect_bad_dot("digraph { a -> b [bw=-1] }", "t:1: ", "must be > 0");
    expect_bad_dot("digraph { a -> b [bw=0] }", "t:1: ", "must be > 0");
    expect_bad_dot("digraph { a -> b [bw=nan] }", "t:1: ", "is not finite");
    expect_bad_dot("digraph { a -> b [bw=inf] }", "t:1: ", "is not finite");
    expect_bad_dot("digraph { a -> b [bw=1, max_hops=-2] }", "t:1: ", "max_hops '-2'");
    expect_bad_dot("digraph { a -> a [bw=1] }", "t:1: ", "self-flow 'a' -> 'a'");
    expect_bad_dot("digraph { \"%r3\" -> b [bw=1] }", "t:1: ", "starts with '%'");
    expect_bad_dot("digraph { a [w=1]; a -> b [bw=1] }", "t:1: ", "w and h go together");
    expect_bad_dot("digraph { a [w=-1, h=1]; a -> b [bw=1] }", "t:1: ", "must be > 0");
    expect_bad_dot("digraph { a [x=1, y=zz]; a -> b [bw=1] }", "t:1: ", "'zz' is not a number");
    expect_bad_dot("digraph { a -> b [bw=1] } digraph { c }", "t: ", "more than one graph");
    /* cgraph's keywords are case-insensitive: "Strict Graph" is a graph too. */
    expect_bad_dot("digraph { a -> b [bw=1] }\n\nStrict Graph { c }", "t: ", "more than one graph");
    /* Other text after the graph (never passed to cgraph), on its line. */
    expect_bad_dot("digraph { a -> b [bw=1] } garbage", "t:1: ", "unexpected text after the end of the graph");
    expect_bad_dot("digraph { a -> b [bw=1] }\n// c\n\ngraphs", "t:4: ", "unexpected text after the end");
    /* The continuation line of cgraph's message stays (folded). */
    expect_bad_dot("digraph {\n a -> b [label=\"abc\n}\n", "t:2: ", "String starting:\"abc");
    /* A warning fails an app read, with its line ("1a" splits in two). */
    expect_bad_dot("digraph { a -> b [bw=1a] }", "t:1: ", "badly delimited number '1a' splits into two tokens");
    expect_bad_dot("digraph { \"a\tb\" -> c [bw=1] }", "t:1: ", "core name contains a control");
    /* Issue 28: semantic errors name the line of the offending statement
     * (cgraph keeps none: the reader's lexical index finds it) and quote the
     * user's own text (cgraph renames "%x" to "%3"). */
    expect_bad_dot("digraph {\n a -> b [bw=1]\n\n c -> b [bw=x]\n}\n", "t:4: ", "flow 'c' -> 'b': bw 'x'");
    expect_bad_dot("digraph {\n a -> b [bw=1]\n b\n b [w=3, h=-1]\n}\n", "t:4: ", "core 'b': w and h must be > 0");
    expect_bad_dot("digraph {\n a -> b [bw=1]\n \"%x\" -> b [bw=3]\n}\n", "t:3: ", "core name '%x' starts with '%'");
    expect_bad_dot("digraph {\n a -> b [bw=1]\n\n a -> a [bw=1]\n}\n", "t:4: ", "self-flow");
    expect_bad_dot("digraph {\n a -> b [bw=1,\n  max_hops=x]\n}\n", "t:2: ", "max_hops 'x'");
    expect_bad_dot("digraph {\n \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" -> b [bw=1]\n}\n",
                   "t:2: ", "longer than 256 bytes");
}

/* cgraph keeps global lexer state: a good parse right after a bad one, and
 * after a file holding two graphs, must be unaffected (line numbers too). */
static void dot_state_resets_between_parses(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    expect_bad_dot("digraph {\n a -> \n", "t:", "syntax error");
    expect_bad_dot("digraph { a -> b [bw=1] } digraph { c -> d [bw=2] }", "t: ", "more than one");
    assert_int_equal(parse_with(noc_app_parse_dot, &app, "digraph { x -> y [bw=2] }", &ctx), NOC_OK);
    assert_int_equal(app.ncores, 2);
    assert_string_equal(app.cores[0].name, "x");
    noc_app_free(&app);
    expect_bad_dot("digraph {\n\n\n\n oops oops -> }", "t:5: ", "syntax error");
    /* Text after the graph that ends inside a comment, a quoted string or
     * an HTML string must not leave the lexer in that state (fuzzer find). */
    static const char *const tails[] = {"/* open", "\"open", "<open", "// x"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "digraph { a -> b [bw=1] }\n%s", tails[i]);
        parse_with(noc_app_parse_dot, &app, text, &ctx);
        noc_app_free(&app);
        assert_int_equal(parse_with(noc_app_parse_dot, &app, "digraph {\n c -> d [bw=2] }", &ctx),
                         NOC_OK);
        assert_int_equal(app.nflows, 1);
        noc_app_free(&app);
        expect_bad_dot("digraph {\n\n c -> -> d }", "t:3: ", "syntax error");
    }
}

/* noc_app_write_dot output reads back as the same app. */
static void dot_writer_round_trip(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app a, b;
    const char *text = "src,dst,bandwidth_mbps,max_hops\n"
                       "\"say \"\"hi\"\"\",\"a\\b\",70,2\n\"a\\b\",<&>,0.125,\nlone,\"x y\",3e5,\n";
    assert_int_equal(parse_with(noc_app_parse_csv, &a, text, &ctx), NOC_OK);
    const char *fp = "core,w_mm,h_mm\nlone,1.5,2\n";
    assert_int_equal(noc_floorplan_parse(&a, fp, strlen(fp), "fp", &ctx), NOC_OK);
    struct noc_buf dot;
    noc_buf_init(&dot);
    assert_int_equal(noc_app_write_dot(&a, &dot, &ctx), NOC_OK);
    assert_int_equal(parse_with(noc_app_parse_dot, &b, dot.data, &ctx), NOC_OK);
    assert_int_equal(b.ncores, a.ncores);
    assert_int_equal(b.nflows, a.nflows);
    for (int i = 0; i < a.ncores; i++) {
        assert_string_equal(b.cores[i].name, a.cores[i].name);
        assert_int_equal(b.cores[i].has_size, a.cores[i].has_size);
    }
    assert_true(b.cores[noc_app_find(&b, "lone")].w == 1.5);
    for (int f = 0; f < a.nflows; f++) {
        assert_int_equal(b.flows[f].src, a.flows[f].src);
        assert_int_equal(b.flows[f].dst, a.flows[f].dst);
        assert_true(b.flows[f].bw == a.flows[f].bw);
        assert_int_equal(b.flows[f].max_hops, a.flows[f].max_hops);
    }
    /* Pen width on a log scale: lightest flow 1, heaviest 5. */
    assert_non_null(strstr(dot.data, "label=\"0.125 MB/s\", penwidth=1.00"));
    assert_non_null(strstr(dot.data, "label=\"300000 MB/s\", penwidth=5.00"));
    /* Deterministic: the same app writes the same bytes. */
    struct noc_buf again;
    noc_buf_init(&again);
    assert_int_equal(noc_app_write_dot(&a, &again, &ctx), NOC_OK);
    assert_string_equal(again.data, dot.data);
    noc_buf_free(&again);
    noc_buf_free(&dot);
    noc_app_free(&a);
    noc_app_free(&b);
}

/* ---- floorplan */

static void load_pair(struct noc_app *app, struct noc_ctx *ctx)
{
    assert_int_equal(parse_with(noc_app_parse_csv, app, "src,dst,bandwidth_mbps\na,b,1\nb,c,1\n", ctx),
                     NOC_OK);
}

static void floorplan_both_forms(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    load_pair(&app, &ctx);
    const char *full = "# placed\ncore,x_mm,y_mm,w_mm,h_mm\na,0,0,2,1\n\"b\",2.5,0,1,1\n";
    assert_int_equal(noc_floorplan_parse(&app, full, strlen(full), "fp", &ctx), NOC_OK);
    assert_true(app.cores[0].has_pos && app.cores[0].has_size);
    assert_true(app.cores[1].x == 2.5 && app.cores[1].w == 1);
    assert_false(app.cores[2].has_pos || app.cores[2].has_size); /* c: no row */
    noc_app_free(&app);

    load_pair(&app, &ctx);
    const char *areas = "h_mm,core,w_mm\r\n3,c,4\r\n";
    assert_int_equal(noc_floorplan_parse(&app, areas, strlen(areas), "fp", &ctx), NOC_OK);
    assert_true(app.cores[2].has_size && !app.cores[2].has_pos);
    assert_true(app.cores[2].w == 4 && app.cores[2].h == 3);
    noc_app_free(&app);
}

static void expect_bad_fp(const char *text, const char *where, const char *what)
{
    struct noc_ctx ctx;
    struct noc_app app;
    load_pair(&app, &ctx);
    int rc = noc_floorplan_parse(&app, text, strlen(text), "fp", &ctx);
    if (rc != NOC_EINVAL || strncmp(ctx.msg, where, strlen(where)) != 0 || !strstr(ctx.msg, what))
        fail_msg("floorplan <%s>: status %d, message <%s>", text, rc, ctx.msg);
    /* A failed read leaves the app untouched. */
    for (int i = 0; i < app.ncores; i++)
        assert_false(app.cores[i].has_pos || app.cores[i].has_size);
    noc_app_free(&app);
}

static void floorplan_bad_inputs(void **state)
{
    (void)state;
    const char *h = "core,x_mm,y_mm,w_mm,h_mm\na,0,0,1,1\n";
    char buf[256];
    expect_bad_fp("", "fp:1: ", "empty file");
    expect_bad_fp("a,0,0,1,1\n", "fp:1: ", "missing header");
    expect_bad_fp("core,x_mm,w_mm,h_mm\n", "fp:1: ", "must name the columns");
    expect_bad_fp("core,x_mm,y_mm\n", "fp:1: ", "must name the columns");
    expect_bad_fp("core,w_mm,h_mm,area\n", "fp:1: ", "unknown column 'area'");
    static const struct {
        const char *row, *what;
    } rows[] = {
        {"zzz,0,0,1,1", "unknown core 'zzz'"},
        {"a,0,0,1,1", "placed twice (first on line 2)"},
        {"b,0,0,-1,1", "w_mm -1 must be > 0"},
        {"b,0,0,1,0", "h_mm 0 must be > 0"},
        {"b,0,0,1,nan", "not finite"},
        {"b,x,0,1,1", "x_mm 'x' is not a number"},
        {"b,0,2e6,1,1", "beyond"},
        {"b,0,0,1", "4 fields, expected 5"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(buf, sizeof buf, "%s%s\n", h, rows[i].row);
        expect_bad_fp(buf, "fp:3: ", rows[i].what);
    }
}

/* ---- benchmarks */

/* cores, flows, total MB/s of every app in benchmarks/apps/.  vopd, vopd16,
 * mpeg4, mwd and pip: the table of benchmarks/apps/SOURCES.md.  E3S: that
 * table gives only ranges (5-24 cores, 5-21 flows); the figures here were
 * counted with awk over the files (distinct names in columns 1-2, data
 * rows, sum of column 3), independently of this reader. */
static const struct {
    const char *file;
    int cores, flows;
    double total;
} bench[] = {
    {"vopd.csv", 12, 15, 3494},
    {"vopd16.csv", 16, 21, 3731},
    {"mpeg4.csv", 12, 13, 3466},
    {"mwd.csv", 12, 13, 1120},
    {"pip.csv", 8, 8, 576},
    {"e3s_auto-indust.csv", 24, 21, 19.861113},
    {"e3s_consumer.csv", 12, 12, 197.916668},
    {"e3s_networking.csv", 12, 9, 9320.675553},
    {"e3s_office-automation.csv", 5, 5, 9.845835},
};

static const char *apps_dir(void)
{
    static const char *const dirs[] = {"benchmarks/apps", "../benchmarks/apps",
                                       "../../benchmarks/apps"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        DIR *d = opendir(dirs[i]);
        if (d) {
            closedir(d);
            return dirs[i];
        }
    }
    return NULL;
}

static void benchmarks_match_sources(void **state)
{
    (void)state;
    const char *dir = apps_dir();
    assert_non_null(dir);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int seen = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".csv") || strstr(de->d_name, ".cores.csv"))
            continue;
        size_t k = 0;
        while (k < sizeof bench / sizeof bench[0] && strcmp(bench[k].file, de->d_name))
            k++;
        if (k == sizeof bench / sizeof bench[0])
            fail_msg("%s/%s has no expected figures in this test", dir, de->d_name);
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct noc_ctx ctx;
        struct noc_app app;
        noc_ctx_init(&ctx);
        noc_app_init(&app);
        if (noc_app_read(&app, path, NULL, &ctx) != NOC_OK)
            fail_msg("%s: %s", path, ctx.msg);
        assert_int_equal(app.ncores, bench[k].cores);
        assert_int_equal(app.nflows, bench[k].flows);
        assert_int_equal(app.ndup, 0);
        double total = noc_app_total_bw(&app);
        if (fabs(total - bench[k].total) > 1e-6 * bench[k].total)
            fail_msg("%s: total %.9g MB/s, expected %.9g", path, total, bench[k].total);
        char base[64];
        snprintf(base, sizeof base, "%.*s", (int)(n - 4), de->d_name);
        assert_string_equal(app.name, base);
        noc_app_free(&app);
        seen++;
    }
    closedir(d);
    assert_int_equal(seen, (int)(sizeof bench / sizeof bench[0]));
}

/* noc_app_read picks the format by extension, by --app-format, or by a look
 * at the text; a missing file is NOC_EIO naming it. */
static void read_dispatch(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    char dir[] = "/tmp/nocsyn_app_io_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char p1[96], p2[96];
    snprintf(p1, sizeof p1, "%s/g.txt", dir);
    snprintf(p2, sizeof p2, "%s/m.gv", dir);
    FILE *f = fopen(p1, "w");
    assert_non_null(f);
    fputs("// sniffed\ndigraph { a -> b [bw=1] }\n", f);
    fclose(f);
    f = fopen(p2, "w");
    assert_non_null(f);
    fputs("src,dst,bandwidth_mbps\na,b,1\n", f);
    fclose(f);
    noc_ctx_init(&ctx);
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, p1, NULL, &ctx), NOC_OK);
    assert_string_equal(app.name, "g");
    noc_app_free(&app);
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, p2, NULL, &ctx), NOC_EINVAL); /* .gv is DOT */
    noc_ctx_init(&ctx);
    noc_app_free(&app);
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, p2, "csv", &ctx), NOC_OK);
    assert_string_equal(app.name, "m");
    noc_app_free(&app);
    noc_app_init(&app);
    assert_int_equal(noc_app_read(&app, p2, "xml", &ctx), NOC_EINVAL);
    noc_ctx_init(&ctx);
    assert_int_equal(noc_app_read(&app, "/nonexistent/x.csv", NULL, &ctx), NOC_EIO);
    assert_non_null(strstr(ctx.msg, "/nonexistent/x.csv"));
    noc_app_free(&app);
    remove(p1);
    remove(p2);
    remove(dir);
}

/* --bw-scale (issue 29 item 7): every flow times F; a factor that is not
 * finite and > 0, or a result beyond the reader's 1e15 MB/s, is refused and
 * leaves the app as it was (all or nothing).  Values by hand. */
static void scale_bw_all_or_nothing(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_app app;
    noc_ctx_init(&ctx);
    noc_app_init(&app);
    const char *csv = "src,dst,bandwidth_mbps\na,b,20000\nb,c,1e10\n";
    assert_int_equal(noc_app_parse_csv(&app, csv, strlen(csv), "w.csv", &ctx), NOC_OK);
    assert_int_equal(noc_app_scale_bw(&app, 0.1, "w.csv", &ctx), NOC_OK);
    assert_true(fabs(app.flows[0].bw - 2000) < 1e-9);
    assert_true(fabs(app.flows[1].bw - 1e9) < 1e-3);
    /* 1e9 x 1e7 = 1e16 > 1e15: refused, and a -> b keeps its 2000. */
    assert_int_equal(noc_app_scale_bw(&app, 1e7, "w.csv", &ctx), NOC_EINVAL);
    assert_non_null(strstr(ctx.msg, "w.csv: flow b -> c: bandwidth x --bw-scale 1e+16 is beyond 1e+15 MB/s"));
    assert_true(fabs(app.flows[0].bw - 2000) < 1e-9);
    for (int k = 0; k < 3; k++) {
        static const double bad[] = {0, -1, INFINITY};
        noc_ctx_clear(&ctx);
        assert_int_equal(noc_app_scale_bw(&app, bad[k], "w.csv", &ctx), NOC_EINVAL);
    }
    noc_ctx_clear(&ctx);
    assert_int_equal(noc_app_scale_bw(&app, NAN, "w.csv", &ctx), NOC_EINVAL);
    assert_true(fabs(app.flows[0].bw - 2000) < 1e-9);
    noc_app_free(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(csv_basic_and_column_order),
        cmocka_unit_test(csv_quoted_names),
        cmocka_unit_test(csv_line_endings_comments_blank),
        cmocka_unit_test(csv_duplicates_summed_with_one_note),
        cmocka_unit_test(csv_bad_inputs_name_file_and_line),
        cmocka_unit_test(csv_multiline_record_line_numbers),
        cmocka_unit_test(dot_cores_flows_attributes),
        cmocka_unit_test(dot_duplicates_and_edge_default_bw),
        cmocka_unit_test(dot_bad_inputs),
        cmocka_unit_test(dot_state_resets_between_parses),
        cmocka_unit_test(dot_writer_round_trip),
        cmocka_unit_test(floorplan_both_forms),
        cmocka_unit_test(floorplan_bad_inputs),
        cmocka_unit_test(benchmarks_match_sources),
        cmocka_unit_test(read_dispatch),
        cmocka_unit_test(scale_bw_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
