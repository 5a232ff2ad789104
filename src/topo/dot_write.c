/* Topology DOT writer (docs/INTERFACE.md section 1.3).
 *
 * The format, read back by noc_topo_parse_dot (src/topo/dot_read.c):
 *
 *   digraph "NAME" {
 *     graph [family="cmesh", family_class="mesh", dims="4x4", k=4, conc=4,
 *            params="k=4,n=2,c=4", link_width=128, freq_mhz=1000,
 *            inputscale=72];
 *     node [fontname="Helvetica", fontsize=10, shape=box];
 *     "r0" [kind="router", x=0.5, y=0.5, pos="36,36!"];
 *     node [shape=circle, width=0.3, height=0.3, margin=0.02];
 *     "t0" [kind="terminal", x=0.2, y=0.2, w=1, h=1, pos="14.4,14.4!",
 *           route="t1: r0 r1; t5: r0 r4"];
 *     "r0" -> "r1" [dir=both, width=128, length=1];
 *     "t0" -> "r0" [dir=both];
 *   }
 *
 * - Graph: the topology name (anonymous `digraph {` when it has none); the
 *   shape of generated topologies: `family` (the generator's name),
 *   `family_class` (which structure-aware routings apply: none, mesh, torus,
 *   hypercube, flatfly, butterfly, omega, cube, clos, fattree, ring, other),
 *   `dims` (the ndims radices joined by 'x'), `k`, `conc`, `params`; and
 *   `link_width` (bits), `freq_mhz`.  Each only when set.
 * - Nodes in id order (routers, then terminals), each with `kind`, and when
 *   known `x`, `y` (mm, node centre), `w`, `h` (mm) and `pos` (the same
 *   point in points, NOC_DOT_PT_PER_MM per mm, pinned with '!', for
 *   `neato -n`; the reader ignores it).  The `node [...]` defaults only style
 *   the drawing (routers boxes, terminals small circles).  A router whose
 *   terminals share one concentrator port has `shared_port=1`.
 * - Channels in id order.  A channel a -> b whose reverse b -> a carries the
 *   same attributes is written once, at the lower id, as `a -> b [dir=both]`;
 *   other channels as plain edges.  Edge attributes: `width` (bits) when
 *   non-zero, `length` (mm) when known, `latency` (cycles) when set,
 *   `capacity_mbps` (MB/s) when the channel has its own (a D2D module).
 * - Table routes: a `route` attribute on each source terminal holding its
 *   routes as records "DEST: R1 R2 ... Rk" separated by ';' (destination
 *   terminal, colon, the routers of the path in order), in the order the
 *   topology stores them.  Inside `route`, a name's ' ', tab, newline, ':',
 *   ';' and '\' are escaped with '\'.
 * - Strings are quoted; '"' and '\' inside are escaped with '\' (the reader
 *   turns "\\" back into '\').  Numbers are "%.10g", quoted when the
 *   notation is not a plain DOT numeral (e.g. 1e-05).
 *
 * Round trip: write_dot(parse_dot(write_dot(t))) == write_dot(t), byte for
 * byte; every derived value is computed from numbers as they read back
 * (noc_dot_round).
 */
#include "nocsyn/topo.h"
#include "topo_dot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Drawing styles: routers small boxes, terminals small circles. */
#define ROUTER_STYLE "shape=box, width=0.45, height=0.3, margin=\"0.04,0.02\", fontsize=10"
#define TERMINAL_STYLE "shape=circle, width=0.25, height=0.25, margin=0.01, fontsize=8"

static void put_lit(struct noc_buf *b, const char *s)
{
    noc_buf_append(b, s, strlen(s));
}

/* Appends s as a DOT quoted string. */
static void put_quoted(struct noc_buf *b, const char *s)
{
    noc_buf_append(b, "\"", 1);
    const char *run = s;
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            noc_buf_append(b, run, (size_t)(p - run));
            noc_buf_append(b, "\\", 1);
            run = p;
        }
    }
    noc_buf_append(b, run, strlen(run));
    noc_buf_append(b, "\"", 1);
}

/* A number as written: "%.10g", never "-0". */
static void fmt_num(char *s, size_t n, double v)
{
    if (v == 0)
        v = 0;
    snprintf(s, n, "%.10g", v);
}

/* Appends a number, quoted unless it is a plain DOT numeral. */
static void put_num(struct noc_buf *b, double v)
{
    char s[40];
    fmt_num(s, sizeof s, v);
    if (strspn(s, "-0123456789.") == strlen(s))
        noc_buf_append(b, s, strlen(s));
    else
        noc_buf_printf(b, "\"%s\"", s);
}

/* ", NAME=VALUE" (or "NAME=VALUE" for the first attribute of a list). */
static void put_key(struct noc_buf *b, int *first, const char *key)
{
    noc_buf_printf(b, "%s%s=", *first ? "" : ", ", key);
    *first = 0;
}

static void attr_num(struct noc_buf *b, int *first, const char *key, double v)
{
    put_key(b, first, key);
    put_num(b, v);
}

static void attr_str(struct noc_buf *b, int *first, const char *key, const char *v)
{
    put_key(b, first, key);
    put_quoted(b, v);
}

/* A node name inside a `route` value, with its separators escaped. */
static void put_route_name(struct noc_buf *b, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (strchr(" \t\n\r:;\\", *p))
            noc_buf_append(b, "\\", 1);
        noc_buf_append(b, p, 1);
    }
}

static void write_graph_attrs(const struct noc_topo *t, int any_pos, struct noc_buf *b)
{
    const struct noc_shape *s = &t->shape;
    struct noc_buf a;
    int first = 1;
    noc_buf_init(&a);
    if (s->name[0])
        attr_str(&a, &first, "family", s->name);
    if (s->family != NOC_FAM_NONE && noc_dot_family_tag(s->family))
        attr_str(&a, &first, "family_class", noc_dot_family_tag(s->family));
    if (s->ndims > 0 && s->ndims <= NOC_MAXDIM) {
        put_key(&a, &first, "dims");
        noc_buf_append(&a, "\"", 1);
        for (int i = 0; i < s->ndims; i++)
            noc_buf_printf(&a, "%s%d", i ? "x" : "", s->dims[i]);
        noc_buf_append(&a, "\"", 1);
    }
    if (s->k)
        attr_num(&a, &first, "k", s->k);
    if (s->conc)
        attr_num(&a, &first, "conc", s->conc);
    if (s->params[0])
        attr_str(&a, &first, "params", s->params);
    if (t->link_width != 0)
        attr_num(&a, &first, "link_width", noc_dot_round(t->link_width));
    if (t->freq_mhz != 0)
        attr_num(&a, &first, "freq_mhz", noc_dot_round(t->freq_mhz));
    if (any_pos)
        attr_num(&a, &first, "inputscale", 72); /* pos is in points */
    if (!first)
        noc_buf_printf(b, "  graph [%s];\n", a.data);
    if (a.failed)
        b->failed = 1;
    noc_buf_free(&a);
}

/* route="..." of source terminal v from the routes listed in idx[0..n-1]. */
static void write_routes(const struct noc_topo *t, const int *idx, int n, struct noc_buf *b, int *first)
{
    struct noc_buf r;
    noc_buf_init(&r);
    for (int i = 0; i < n; i++) {
        const struct noc_route *rt = &t->routes[idx[i]];
        if (i)
            noc_buf_append(&r, "; ", 2);
        put_route_name(&r, t->nodes[rt->dst].name);
        noc_buf_append(&r, ":", 1);
        for (int j = 0; j < rt->len; j++) {
            noc_buf_append(&r, " ", 1);
            put_route_name(&r, t->nodes[rt->path[j]].name);
        }
    }
    attr_str(b, first, "route", r.data ? r.data : "");
    if (r.failed)
        b->failed = 1;
    noc_buf_free(&r);
}

static void write_node(const struct noc_topo *t, int v, const int *ridx, int nr, struct noc_buf *b)
{
    const struct noc_node *nd = &t->nodes[v];
    int first = 0;
    noc_buf_append(b, "  ", 2);
    put_quoted(b, nd->name);
    noc_buf_printf(b, " [kind=\"%s\"", nd->kind == NOC_ROUTER ? "router" : "terminal");
    if (nd->has_pos) {
        attr_num(b, &first, "x", nd->x);
        attr_num(b, &first, "y", nd->y);
    }
    if (nd->kind == NOC_ROUTER && nd->shared)
        attr_num(b, &first, "shared_port", 1);
    if (nd->w != 0)
        attr_num(b, &first, "w", nd->w);
    if (nd->h != 0)
        attr_num(b, &first, "h", nd->h);
    if (nd->has_pos) {
        char px[40], py[40];
        fmt_num(px, sizeof px, noc_dot_round(nd->x) * NOC_DOT_PT_PER_MM);
        fmt_num(py, sizeof py, noc_dot_round(nd->y) * NOC_DOT_PT_PER_MM);
        put_key(b, &first, "pos");
        noc_buf_printf(b, "\"%s,%s!\"", px, py);
    }
    if (nr > 0)
        write_routes(t, ridx, nr, b, &first);
    noc_buf_append(b, "];\n", 3);
}

/* 1 when channels e and f carry the same attributes as written. */
static int same_attrs(const struct noc_channel *e, const struct noc_channel *f)
{
    double le = e->length < 0 ? -1 : noc_dot_round(e->length);
    double lf = f->length < 0 ? -1 : noc_dot_round(f->length);
    return noc_dot_round(e->width) == noc_dot_round(f->width) && le == lf && e->latency == f->latency &&
           noc_dot_round(e->capacity_mbps) == noc_dot_round(f->capacity_mbps);
}

static void write_channel(const struct noc_topo *t, int e, struct noc_buf *b)
{
    const struct noc_channel *c = &t->ch[e];
    int rev = t->finalized ? t->g.rev[e] : -1;
    if (rev >= 0 && rev < e && same_attrs(c, &t->ch[rev]))
        return; /* written with its reverse as dir=both */
    int first = 1;
    struct noc_buf a;
    noc_buf_init(&a);
    if (rev > e && same_attrs(c, &t->ch[rev])) {
        noc_buf_append(&a, "dir=both", 8);
        first = 0;
    }
    if (c->width != 0)
        attr_num(&a, &first, "width", c->width);
    if (c->length >= 0)
        attr_num(&a, &first, "length", c->length);
    if (c->latency != 0)
        attr_num(&a, &first, "latency", c->latency);
    if (c->capacity_mbps > 0)
        attr_num(&a, &first, "capacity_mbps", c->capacity_mbps);
    noc_buf_append(b, "  ", 2);
    put_quoted(b, t->nodes[c->src].name);
    noc_buf_append(b, " -> ", 4);
    put_quoted(b, t->nodes[c->dst].name);
    if (!first)
        noc_buf_printf(b, " [%s]", a.data);
    noc_buf_append(b, ";\n", 2);
    if (a.failed)
        b->failed = 1;
    noc_buf_free(&a);
}

int noc_topo_write_dot(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    int *start = NULL, *idx = NULL;
    int n = t->nnodes, any_pos = 0;
    /* Bucket the routes by source node, keeping their order. */
    start = noc_calloc(ctx, (size_t)n + 2, sizeof *start);
    idx = noc_malloc(ctx, (size_t)t->nroutes + 1, sizeof *idx);
    if (!start || !idx) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < t->nroutes; i++) {
        if (t->routes[i].src < 0 || t->routes[i].src >= n) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "route with an invalid source node");
            goto cleanup;
        }
        start[t->routes[i].src + 2]++;
    }
    for (int v = 0; v < n; v++)
        start[v + 2] += start[v + 1];
    for (int i = 0; i < t->nroutes; i++)
        idx[start[t->routes[i].src + 1]++] = i;
    for (int v = 0; v < n; v++)
        any_pos |= t->nodes[v].has_pos;

    put_lit(out, "digraph ");
    if (t->name) {
        put_quoted(out, t->name);
        noc_buf_append(out, " ", 1);
    }
    noc_buf_append(out, "{\n", 2);
    write_graph_attrs(t, any_pos, out);
    put_lit(out, "  node [fontname=\"Helvetica\", " ROUTER_STYLE "];\n");
    put_lit(out, "  edge [arrowsize=0.5];\n");
    int styled_terminals = 0;
    for (int v = 0; v < n; v++) {
        if (t->nodes[v].kind == NOC_TERMINAL && !styled_terminals) {
            put_lit(out, "  node [" TERMINAL_STYLE "];\n");
            styled_terminals = 1;
        } else if (t->nodes[v].kind == NOC_ROUTER && styled_terminals) {
            put_lit(out, "  node [" ROUTER_STYLE "];\n");
            styled_terminals = 0;
        }
        write_node(t, v, idx + start[v], start[v + 1] - start[v], out);
    }
    for (int e = 0; e < t->nch; e++)
        write_channel(t, e, out);
    noc_buf_append(out, "}\n", 2);
    rc = noc_buf_status(out, "DOT", ctx);
cleanup:
    free(start);
    free(idx);
    return rc;
}
