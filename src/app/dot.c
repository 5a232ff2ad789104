/* The app graph as DOT (INTERFACE 1.1), parsed with libcgraph: a digraph
 * whose edges `a -> b [bw=70, max_hops=3]` are flows (MB/s) and whose nodes
 * are cores, with optional w, h (mm) and x, y (mm, lower-left corner).
 *
 * Parsing and cgraph's messages go through the one cgraph adapter
 * (src/topo/cgraph_err.h); like cgraph, this reader is not reentrant.
 */
#include "nocsyn/app.h"
#include "nocsyn/tech.h" /* NOC_DIE_MAX_MM */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../topo/cgraph_err.h"
#include "csv_rows.h"

/* The reader's words for a failed noc_cgraph_read. */
static const struct noc_cgraph_words dot_words = {
    .text = {[NOC_CGRAPH_SYNTAX] = "",
             [NOC_CGRAPH_NUL] = "NUL byte (not a text file?)",
             [NOC_CGRAPH_NOGRAPH] = "no graph (expected 'digraph NAME { ... }')",
             [NOC_CGRAPH_MORE] = "more than one graph; an app is one digraph",
             [NOC_CGRAPH_TRAILING] = "unexpected text after the end of the graph"},
    .no_line = 1u << NOC_CGRAPH_MORE,
};

/* Line of the first byte that is not blank or inside a comment, for messages
 * about the graph as a whole. */
static long first_line(const char *d, size_t len)
{
    long line = 1;
    size_t i = 0;
    while (i < len) {
        if (d[i] == '\n') {
            line++;
            i++;
        } else if (d[i] == ' ' || d[i] == '\t' || d[i] == '\r') {
            i++;
        } else if (d[i] == '#' || (d[i] == '/' && i + 1 < len && d[i + 1] == '/')) {
            while (i < len && d[i] != '\n')
                i++;
        } else if (d[i] == '/' && i + 1 < len && d[i + 1] == '*') {
            for (i += 2; i < len && !(d[i] == '*' && i + 1 < len && d[i + 1] == '/'); i++)
                line += d[i] == '\n';
            i += 2;
        } else {
            break;
        }
    }
    return line;
}

/* Reads an optional pair of numeric attributes (w,h or x,y) of node n. */
static int node_pair(Agnode_t *n, Agsym_t *sa, Agsym_t *sb, const char *na, const char *nb,
                     int positive, double *a, double *b, int *has, const char *label,
                     struct noc_ctx *ctx)
{
    const char *va = sa ? agxget(n, sa) : "", *vb = sb ? agxget(n, sb) : "";
    *has = 0;
    if (!*va && !*vb)
        return NOC_OK;
    const char *name = agnameof(n);
    if (!*va || !*vb)
        return noc_error(ctx, NOC_EINVAL, label, 0, "core '%.60s': %s and %s go together",
                         name, na, nb);
    char what[96];
    snprintf(what, sizeof what, "core '%.60s': %s", name, na);
    int rc = noc_csv_number(va, what, label, 0, a, ctx);
    snprintf(what, sizeof what, "core '%.60s': %s", name, nb);
    if (rc == NOC_OK)
        rc = noc_csv_number(vb, what, label, 0, b, ctx);
    if (rc != NOC_OK)
        return rc;
    if (positive && !(*a > 0 && *b > 0))
        return noc_error(ctx, NOC_EINVAL, label, 0, "core '%.60s': %s and %s must be > 0 (mm)",
                         name, na, nb);
    if (fabs(*a) > NOC_DIE_MAX_MM || fabs(*b) > NOC_DIE_MAX_MM)
        return noc_error(ctx, NOC_EINVAL, label, 0, "core '%.60s': %s and %s must be within %d mm (no die is larger)",
                         name, na, nb, NOC_DIE_MAX_MM);
    *has = 1;
    return NOC_OK;
}

/* agattr() lookup; cgraph's prototype takes a mutable name. */
static Agsym_t *sym(Agraph_t *g, int kind, const char *name)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%s", name);
    return agattr(g, kind, buf, NULL);
}

/* Errors below are made without a line; the callers add the line of the
 * offending statement (noc_dot_error_at: a look-up scans the text, so only
 * on an error). */
static int add_cores(struct noc_app *app, Agraph_t *g, const char *label, const struct noc_dot_where *w,
                     struct noc_ctx *ctx)
{
    Agsym_t *sw = sym(g, AGNODE, "w"), *sh = sym(g, AGNODE, "h");
    Agsym_t *sx = sym(g, AGNODE, "x"), *sy = sym(g, AGNODE, "y");
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        int rc = noc_check_name(agnameof(n), "core", label, 0, ctx);
        if (rc != NOC_OK)
            return noc_dot_error_at(ctx, label, noc_dot_where_node(w, agnameof(n), NULL), rc);
        int id = noc_app_core(app, agnameof(n), ctx);
        if (id < 0)
            return -id;
        struct noc_core *c = &app->cores[id];
        if ((rc = node_pair(n, sw, sh, "w", "h", 1, &c->w, &c->h, &c->has_size, label, ctx)))
            return noc_dot_error_at(ctx, label, noc_dot_where_node(w, agnameof(n), "w"), rc);
        if ((rc = node_pair(n, sx, sy, "x", "y", 0, &c->x, &c->y, &c->has_pos, label, ctx)))
            return noc_dot_error_at(ctx, label, noc_dot_where_node(w, agnameof(n), "x"), rc);
    }
    return NOC_OK;
}

static int cmp_seq(const void *a, const void *b)
{
    uint64_t x = AGSEQ(*(Agedge_t *const *)a), y = AGSEQ(*(Agedge_t *const *)b);
    return x < y ? -1 : x > y;
}

static int add_flow(struct noc_app *app, Agedge_t *e, Agsym_t *sbw, Agsym_t *shops,
                    Agsym_t *slat, const char *label, struct noc_ctx *ctx)
{
    const char *a = agnameof(agtail(e)), *b = agnameof(aghead(e));
    char what[160];
    snprintf(what, sizeof what, "flow '%.60s' -> '%.60s': bw", a, b);
    const char *v = sbw ? agxget(e, sbw) : "";
    if (!*v)
        return noc_error(ctx, NOC_EINVAL, label, 0, "%s (MB/s) is missing", what);
    double bw;
    int rc = noc_csv_number(v, what, label, 0, &bw, ctx);
    if (rc == NOC_OK)
        rc = noc_check_bw(bw, what, v, label, 0, ctx);
    if (rc != NOC_OK)
        return rc;
    long hops = -1;
    const char *hv = shops ? agxget(e, shops) : "";
    if (*hv && noc_parse_int(hv, 0, 0x7fffffff, &hops) != 0)
        return noc_error(ctx, NOC_EINVAL, label, 0,
                         "flow '%.60s' -> '%.60s': max_hops '%.40s' is not a whole number >= 0",
                         a, b, hv);
    double lat = 0;
    const char *lv = slat ? agxget(e, slat) : "";
    if (*lv && (noc_parse_double(lv, &lat) != 0 || !(lat > 0)))
        return noc_error(ctx, NOC_EINVAL, label, 0,
                         "flow '%.60s' -> '%.60s': max_latency_ns '%.40s' is not a number of ns > 0",
                         a, b, lv);
    if (agtail(e) == aghead(e))
        return noc_error(ctx, NOC_EINVAL, label, 0, "self-flow '%.60s' -> '%.60s' (src = dst)",
                         a, b);
    int s = noc_app_find(app, a), d = noc_app_find(app, b);
    rc = noc_app_add_flow(app, s, d, bw, (int)hops, ctx);
    if (rc == NOC_OK && lat > 0)
        rc = noc_app_bound_latency(app, s, d, lat, ctx);
    return rc;
}

static int add_flows(struct noc_app *app, Agraph_t *g, const char *label, const struct noc_dot_where *w,
                     struct noc_ctx *ctx)
{
    int ne = agnedges(g), k = 0, rc = NOC_OK;
    Agedge_t **edges = noc_malloc(ctx, ne > 0 ? (size_t)ne : 1, sizeof *edges);
    if (!edges)
        return NOC_ENOMEM;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
        for (Agedge_t *e = agfstout(g, n); e && k < ne; e = agnxtout(g, e))
            edges[k++] = e;
    qsort(edges, (size_t)k, sizeof *edges, cmp_seq); /* file order */
    Agsym_t *sbw = sym(g, AGEDGE, "bw"), *shops = sym(g, AGEDGE, "max_hops");
    Agsym_t *slat = sym(g, AGEDGE, "max_latency_ns");
    for (int i = 0; i < k && rc == NOC_OK; i++)
        if ((rc = add_flow(app, edges[i], sbw, shops, slat, label, ctx)) == NOC_EINVAL)
            rc = noc_dot_error_at(ctx, label,
                                  noc_dot_where_edge(w, agnameof(agtail(edges[i])), agnameof(aghead(edges[i])), 1),
                                  rc);
    free(edges);
    return rc;
}

int noc_app_parse_dot(struct noc_app *app, const char *data, size_t len, const char *label,
                      struct noc_ctx *ctx)
{
    if (!label)
        label = "<app>";
    Agraph_t *g = NULL;
    int rc = NOC_OK, ndup0 = app->ndup;
    struct noc_cgraph_fail f;
    struct noc_dot_where w;
    memset(&w, 0, sizeof w);
    /* Parallel flows of a strict digraph are summed like any others. */
    if (!(g = noc_cgraph_read(data, len, NOC_CGRAPH_WARNINGS_FAIL | NOC_CGRAPH_NOT_STRICT, &f))) {
        rc = noc_cgraph_fail_error(&f, &dot_words, label, ctx);
        goto cleanup;
    }
    if (noc_dot_where_build(&w, data, len) != 0) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    long pl;
    const char *pct = noc_dot_where_percent(&w, &pl);
    if (pct) { /* in the user's words: cgraph has renamed it */
        rc = noc_check_name(pct, "core", label, pl, ctx);
        goto cleanup;
    }
    if (!agisdirected(g)) {
        rc = noc_error(ctx, NOC_EINVAL, label, first_line(data, len),
                       "undirected graph: an app is a digraph whose edges a -> b are flows");
        goto cleanup;
    }
    NOC_CHECK(add_cores(app, g, label, &w, ctx));
    NOC_CHECK(add_flows(app, g, label, &w, ctx));
    if (app->ncores == 0) {
        rc = noc_error(ctx, NOC_EINVAL, label, first_line(data, len), "the graph has no cores");
        goto cleanup;
    }
    if (app->ndup > ndup0)
        noc_note(ctx, "%s: %d duplicate flow%s summed", label, app->ndup - ndup0,
                 app->ndup - ndup0 == 1 ? "" : "s");
cleanup:
    noc_dot_where_free(&w);
    if (g)
        agclose(g);
    return rc;
}
