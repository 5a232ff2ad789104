/* Topology DOT reader (docs/INTERFACE.md section 1.3), with libcgraph from memory.
 *
 * Reads what noc_topo_write_dot writes (the format is described at the top
 * of src/topo/dot_write.c) and hand-written DOT following the same rules:
 * - `digraph`: an edge a -> b is one channel; `dir=both` (or `dir=none`)
 *   makes it a bidirectional link (two channels), `dir=back` the channel
 *   b -> a.  `graph`: every edge a -- b is a bidirectional link unless `dir`
 *   says forward or back.
 * - Node `kind`: "router" (alias "switch") or "terminal" (aliases "core",
 *   "endpoint").  A node without `kind` is a router.  At least one terminal
 *   is required.
 * - Optional node `x`, `y` (mm, both or neither), `w`, `h` (mm), router
 *   `shared_port` (0 or 1: its terminals share one concentrator port); optional
 *   edge `width` (bits), `length` (mm), `latency` (cycles), `capacity_mbps`
 *   (MB/s, > 0: a channel's own capacity, a D2D module); `pos` and the
 *   drawing attributes are ignored.  Optional `route` on source terminals.
 * - Checked: syntax (one error with its line), unknown kind or dir, bad
 *   numbers, a channel into a router that has no way out (or out of one with
 *   no way in: "dangles"), then everything noc_topo_finalize checks
 *   (terminals attached both ways, routes following channels).
 * Strings: cgraph keeps "\\" as two characters; the reader turns each "\\"
 * into one '\' (the writer doubles every '\').
 */
#include "nocsyn/topo.h"
#include "nocsyn/tech.h" /* NOC_DIE_MAX_MM */
#include "cgraph_err.h"
#include "dot_read.h"
#include "topo_read.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *noc_dot_attr(void *obj, const char *name)
{
    char key[32];
    size_t n = strlen(name);
    if (n >= sizeof key)
        return NULL;
    memcpy(key, name, n + 1);
    const char *v = agget(obj, key);
    return v && *v ? v : NULL;
}

const char *noc_dot_unescape(struct noc_dot_reader *r, const char *s)
{
    size_t n = strlen(s);
    if (noc_grow(r->ctx, (void **)&r->tmp, &r->tmp_cap, n + 1, 1))
        return NULL;
    char *o = r->tmp;
    for (const char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] == '\\')
            p++;
        *o++ = *p;
    }
    *o = '\0';
    return r->tmp;
}

/* The line of node or edge obj in the text (of its attribute `attr` for a
 * node), 0 when not found. */
static long obj_line(const struct noc_dot_reader *r, void *obj, const char *attr)
{
    if (agobjkind(obj) == AGEDGE)
        return noc_dot_where_edge(&r->where, agnameof(agtail((Agedge_t *)obj)), agnameof(aghead((Agedge_t *)obj)),
                                  agisdirected(r->g));
    return noc_dot_where_node(&r->where, agnameof(obj), attr);
}

/* Reads number attribute `name` of obj into *v when set (within [lo, hi]);
 * `what` names the object in messages. */
static int num_attr(struct noc_dot_reader *r, void *obj, const char *name, double lo, double hi,
                    const char *what, double *v, int *set)
{
    const char *s = noc_dot_attr(obj, name);
    if (set)
        *set = s != NULL;
    if (!s)
        return NOC_OK;
    if (noc_parse_double(s, v) != 0 || *v < lo || *v > hi)
        return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, obj, name), "%s: bad %s '%.40s' (a number %g..%g)",
                         what, name, s, lo, hi);
    return NOC_OK;
}

static const struct {
    const char *name;
    int kind;
} kinds[] = {
    {"router", NOC_ROUTER}, {"switch", NOC_ROUTER}, {"terminal", NOC_TERMINAL},
    {"core", NOC_TERMINAL}, {"endpoint", NOC_TERMINAL},
};

static int read_nodes(struct noc_dot_reader *r)
{
    int rc;
    for (Agnode_t *n = agfstnode(r->g); n; n = agnxtnode(r->g, n)) {
        const char *k = noc_dot_attr(n, "kind");
        int kind = k ? -1 : NOC_ROUTER;
        for (size_t i = 0; k && i < sizeof kinds / sizeof kinds[0]; i++)
            if (!strcmp(k, kinds[i].name))
                kind = kinds[i].kind;
        const char *name = noc_dot_unescape(r, agnameof(n));
        if (!name)
            return NOC_ENOMEM;
        /* libcgraph keeps names that start with '%' for anonymous objects
         * and may give such a node another id: refuse, do not rename. */
        if (name[0] == '%')
            return noc_error(r->ctx, NOC_EINVAL, r->label, 0,
                             "node '%s': names starting with '%%' are Graphviz's anonymous ids (rename the node)",
                             name);
        if ((rc = noc_check_text_name(name, "node", r->label, 0, r->ctx)) != NOC_OK)
            return noc_dot_error_at(r->ctx, r->label, obj_line(r, n, NULL), rc); /* looked up on errors only */
        if (kind < 0)
            return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, n, "kind"),
                             "node '%s': unknown kind '%.40s' (use \"router\" or \"terminal\")", name, k);
        int v = noc_topo_add_node(r->t, name, kind, r->ctx);
        if (v < 0)
            return noc_topo_io_at(r->ctx, r->label, obj_line(r, n, NULL), -v);
        struct noc_node *nd = &r->t->nodes[v];
        char what[300];
        snprintf(what, sizeof what, "node '%.250s'", name);
        int hx, hy;
        if ((rc = num_attr(r, n, "x", -NOC_DIE_MAX_MM, NOC_DIE_MAX_MM, what, &nd->x, &hx)) ||
            (rc = num_attr(r, n, "y", -NOC_DIE_MAX_MM, NOC_DIE_MAX_MM, what, &nd->y, &hy)) ||
            (rc = num_attr(r, n, "w", 0, NOC_DIE_MAX_MM, what, &nd->w, NULL)) ||
            (rc = num_attr(r, n, "h", 0, NOC_DIE_MAX_MM, what, &nd->h, NULL)))
            return rc;
        double sh = 0;
        if ((rc = num_attr(r, n, "shared_port", 0, 1, what, &sh, NULL)))
            return rc;
        if (sh != 0 && sh != 1)
            return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, n, "shared_port"),
                             "%s: shared_port must be 0 or 1", what);
        if (sh == 1 && kind != NOC_ROUTER)
            return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, n, "shared_port"),
                             "%s: shared_port applies to routers only", what);
        nd->shared = sh == 1;
        if (hx != hy)
            return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, n, hx ? "x" : "y"), "node '%s' has %s (give both x and y, or neither)", name, hx ? "x but no y" : "y but no x");
        nd->has_pos = hx;
    }
    if (r->t->nnodes == 0)
        return noc_error(r->ctx, NOC_EINVAL, r->label, 0, "the graph has no nodes");
    if (r->t->nterminals == 0)
        return noc_error(r->ctx, NOC_EINVAL, r->label, 0,
                         "no terminals (give terminal nodes kind=\"terminal\"; a node without kind is a router)");
    return NOC_OK;
}

static int cmp_edge_seq(const void *a, const void *b)
{
    uint64_t x = AGSEQ(*(Agedge_t *const *)a), y = AGSEQ(*(Agedge_t *const *)b);
    return x < y ? -1 : x > y;
}

/* Direction flags of an edge: 1 = tail -> head, 2 = head -> tail. */
static const struct {
    const char *name;
    int flags;
} dirs[] = {{"forward", 1}, {"back", 2}, {"both", 3}, {"none", 3}};

static int add_edge(struct noc_dot_reader *r, Agedge_t *e)
{
    struct noc_topo *t = r->t;
    int rc;
    char what[600];
    const char *tn = noc_dot_unescape(r, agnameof(agtail(e)));
    int a = tn ? noc_topo_find(t, tn) : -1;
    const char *hn = noc_dot_unescape(r, agnameof(aghead(e)));
    int b = hn ? noc_topo_find(t, hn) : -1;
    if (a < 0 || b < 0)
        return tn && hn ? noc_error(r->ctx, NOC_EINTERNAL, r->label, 0, "edge endpoint lost") : NOC_ENOMEM;
    snprintf(what, sizeof what, "edge '%.250s' -> '%.250s'", t->nodes[a].name, t->nodes[b].name);
    const char *d = noc_dot_attr(e, "dir");
    int flags = agisdirected(r->g) ? 1 : 3;
    if (d) {
        flags = 0;
        for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
            if (!strcmp(d, dirs[i].name))
                flags = dirs[i].flags;
        if (!flags)
            return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, e, NULL), "%s: unknown dir '%.40s'", what, d);
    }
    double width = 0, length = -1, lat = 0, cap = 0;
    if ((rc = num_attr(r, e, "width", 0, 1e9, what, &width, NULL)) ||
        (rc = num_attr(r, e, "length", 0, 4 * NOC_DIE_MAX_MM, what, &length, NULL)) ||
        (rc = num_attr(r, e, "latency", 0, 1e6, what, &lat, NULL)) ||
        (rc = num_attr(r, e, "capacity_mbps", 0, 1e9, what, &cap, NULL)))
        return rc;
    if (lat != (int)lat)
        return noc_error(r->ctx, NOC_EINVAL, r->label, obj_line(r, e, NULL),
                         "%s: latency must be a whole number of cycles", what);
    for (int k = 0; k < 2; k++) {
        if (!(flags & (1 << k)))
            continue;
        int s = k ? b : a, dd = k ? a : b;
        if ((rc = noc_topo_add_channel(t, s, dd, r->ctx)) != NOC_OK)
            return noc_topo_io_at(r->ctx, r->label, obj_line(r, e, NULL), rc);
        struct noc_channel *c = &t->ch[t->nch - 1];
        c->width = width;
        c->length = length;
        c->latency = (int)lat;
        c->capacity_mbps = cap;
    }
    return NOC_OK;
}

static int read_edges(struct noc_dot_reader *r)
{
    int rc = NOC_OK, n = agnedges(r->g), m = 0;
    Agedge_t **es = noc_malloc(r->ctx, (size_t)n + 1, sizeof *es);
    if (!es)
        return NOC_ENOMEM;
    for (Agnode_t *v = agfstnode(r->g); v; v = agnxtnode(r->g, v))
        for (Agedge_t *e = agfstout(r->g, v); e && m < n; e = agnxtout(r->g, e))
            es[m++] = e;
    /* File order, so parallel channels keep their order. */
    qsort(es, (size_t)m, sizeof *es, cmp_edge_seq);
    for (int i = 0; i < m && rc == NOC_OK; i++)
        rc = add_edge(r, es[i]);
    free(es);
    return rc;
}

/* Every terminal needs a channel (finalize checks both directions; this
 * also keeps a graph without channels away from it). */
static int check_attached(struct noc_dot_reader *r)
{
    const struct noc_topo *t = r->t;
    if (t->nch > 0)
        return NOC_OK;
    for (int v = 0; v < t->nnodes; v++)
        if (t->nodes[v].kind == NOC_TERMINAL)
            return noc_error(r->ctx, NOC_EINVAL, r->label, noc_dot_where_node(&r->where, t->nodes[v].name, NULL),
                             "terminal '%s' is not attached to a router (no edges)",
                             t->nodes[v].name);
    return NOC_OK;
}

/* The line of the edge that made channel a -> b (written a -> b, or
 * b -- a / b -> a [dir=back]); 0 when not found.  O(text tokens). */
static long channel_line(const struct noc_dot_reader *r, const char *a, const char *b)
{
    long line = noc_dot_where_edge(&r->where, a, b, agisdirected(r->g));
    return line ? line : noc_dot_where_edge(&r->where, b, a, 0);
}

/* A channel into a router with no way out (or out of one with no way in)
 * dangles: usually a misspelt node name in an edge. */
static int check_dangling(struct noc_dot_reader *r)
{
    struct noc_topo *t = r->t;
    int rc = NOC_OK;
    int *in = noc_calloc(r->ctx, (size_t)t->nnodes, sizeof *in);
    int *out = noc_calloc(r->ctx, (size_t)t->nnodes, sizeof *out);
    if (!in || !out) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int e = 0; e < t->nch; e++) {
        out[t->ch[e].src]++;
        in[t->ch[e].dst]++;
    }
    for (int e = 0; e < t->nch && rc == NOC_OK; e++) {
        const struct noc_channel *c = &t->ch[e];
        const char *a = t->nodes[c->src].name, *b = t->nodes[c->dst].name;
        if (t->nodes[c->dst].kind == NOC_ROUTER && out[c->dst] == 0)
            rc = noc_error(r->ctx, NOC_EINVAL, r->label, channel_line(r, a, b),
                           "channel '%s' -> '%s' dangles: router '%s' has no outgoing channel", a, b, b);
        else if (t->nodes[c->src].kind == NOC_ROUTER && in[c->src] == 0)
            rc = noc_error(r->ctx, NOC_EINVAL, r->label, channel_line(r, a, b),
                           "channel '%s' -> '%s' dangles: router '%s' has no incoming channel", a, b, a);
    }
cleanup:
    free(in);
    free(out);
    return rc;
}

/* The reader's words for a failed noc_cgraph_read. */
static const struct noc_cgraph_words dot_words = {
    .text = {[NOC_CGRAPH_SYNTAX] = "DOT ",
             [NOC_CGRAPH_NUL] = "not DOT text (it contains a NUL byte)",
             [NOC_CGRAPH_NOGRAPH] = "no DOT graph found",
             [NOC_CGRAPH_MORE] = "unexpected text after the end of the graph",
             [NOC_CGRAPH_TRAILING] = "unexpected text after the end of the graph"},
    .no_line = 1u << NOC_CGRAPH_NUL,
};

int noc_topo_parse_dot(struct noc_topo *t, const char *data, size_t len, const char *label,
                       struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    struct noc_dot_reader r = {t, NULL, label ? label : "<dot>", ctx, NULL, 0, {NULL, 0, 0, -1}};
    noc_topo_init(t);
    struct noc_cgraph_fail f;
    if (!(r.g = noc_cgraph_read(data, len, 0, &f))) { /* "strict" merges parallel channels */
        rc = noc_cgraph_fail_error(&f, &dot_words, r.label, ctx);
        goto cleanup;
    }
    if (noc_dot_where_build(&r.where, data, len) != 0) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        goto cleanup;
    }
    long pl;
    const char *pct = noc_dot_where_percent(&r.where, &pl);
    if (pct) { /* in the user's words: cgraph has renamed it */
        rc = noc_error(ctx, NOC_EINVAL, r.label, pl,
                       "node '%.60s': names starting with '%%' are Graphviz's anonymous ids (rename the node)", pct);
        goto cleanup;
    }
    const char *gname = agnameof(r.g);
    if (gname && gname[0] != '%') { /* cgraph names anonymous graphs "%N" */
        const char *u = noc_dot_unescape(&r, gname);
        if (!u) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        if ((rc = noc_check_text_name(u, "graph", r.label, r.where.n ? r.where.tok[0].line : 0, ctx)) != NOC_OK)
            goto cleanup;
        if (!(t->name = noc_strdup(ctx, u))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
    }
    if ((rc = read_nodes(&r)) || (rc = read_edges(&r)) || (rc = check_attached(&r)) || (rc = check_dangling(&r)) ||
        (rc = noc_dot_read_graph_attrs(&r)) || (rc = noc_dot_read_routes(&r)))
        goto cleanup;
    rc = noc_topo_io_label(ctx, r.label, noc_topo_finalize(t, ctx));
cleanup:
    if (r.g)
        agclose(r.g);
    free(r.tmp);
    noc_dot_where_free(&r.where);
    if (rc != NOC_OK)
        noc_topo_free(t);
    return rc;
}
