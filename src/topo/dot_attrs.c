/* Topology DOT reader, part 2: graph attributes (the shape of generated
 * topologies) and the `route` records of table routing.  The format is
 * described at the top of src/topo/dot_write.c. */
#include "dot_read.h"
#include "topo_read.h"
#include "topo_dot.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad(struct noc_dot_reader *r, const char *key, const char *val, const char *why)
{
    return noc_error(r->ctx, NOC_EINVAL, r->label, noc_dot_where_key(&r->where, key), "graph attribute %s='%.60s': %s",
                     key, val, why);
}

/* Copies string attribute `key` into dst (capacity cap) when set. */
static int str_attr(struct noc_dot_reader *r, const char *key, char *dst, size_t cap)
{
    const char *v = noc_dot_attr(r->g, key);
    if (!v)
        return NOC_OK;
    const char *u = noc_dot_unescape(r, v);
    if (!u)
        return NOC_ENOMEM;
    if (strlen(u) >= cap)
        return bad(r, key, v, "too long");
    memcpy(dst, u, strlen(u) + 1);
    return NOC_OK;
}

static int int_attr(struct noc_dot_reader *r, const char *key, int *dst)
{
    const char *v = noc_dot_attr(r->g, key);
    long x;
    if (!v)
        return NOC_OK;
    if (noc_parse_int(v, 0, 1 << 20, &x) != 0)
        return bad(r, key, v, "not a whole number in 0..1048576");
    *dst = (int)x;
    return NOC_OK;
}

/* A number attribute in 0..hi (the same bounds as the command-line
 * options: link widths up to 4096 bits, clocks up to 1e5 MHz). */
static int num_attr(struct noc_dot_reader *r, const char *key, double hi, double *dst)
{
    const char *v = noc_dot_attr(r->g, key);
    if (!v)
        return NOC_OK;
    if (noc_parse_double(v, dst) != 0 || *dst < 0 || *dst > hi) {
        char why[64];
        snprintf(why, sizeof why, "not a number in 0..%g", hi);
        return bad(r, key, v, why);
    }
    return NOC_OK;
}

/* dims="4x4[x2...]". */
static int dims_attr(struct noc_dot_reader *r)
{
    struct noc_shape *s = &r->t->shape;
    const char *v = noc_dot_attr(r->g, "dims");
    if (!v)
        return NOC_OK;
    const char *p = v;
    for (;;) {
        char part[16];
        size_t n = strcspn(p, "x");
        long d;
        if (s->ndims == NOC_MAXDIM)
            return bad(r, "dims", v, "too many dimensions");
        if (n == 0 || n >= sizeof part)
            return bad(r, "dims", v, "expected radices joined by 'x', e.g. 4x4");
        memcpy(part, p, n);
        part[n] = '\0';
        if (noc_parse_int(part, 0, 1 << 20, &d) != 0)
            return bad(r, "dims", v, "expected radices joined by 'x', e.g. 4x4");
        s->dims[s->ndims++] = (int)d;
        if (!p[n])
            return NOC_OK;
        p += n + 1;
    }
}

/* A family_class promises structure that routings rely on: for the direct
 * families (mesh, torus, flatfly, hypercube, ring) the routers are the
 * product of dims, with at most conc terminals each (conc 0 = 1; a
 * synthesized cmesh may leave routers partly or wholly without cores). */
static int check_shape(struct noc_dot_reader *r)
{
    const struct noc_topo *t = r->t;
    const struct noc_shape *s = &t->shape;
    const char *cls = noc_dot_family_tag(s->family);
    if (s->family != NOC_FAM_MESH && s->family != NOC_FAM_TORUS && s->family != NOC_FAM_FLATFLY &&
        s->family != NOC_FAM_HYPERCUBE && s->family != NOC_FAM_RING)
        return NOC_OK;
    long routers = 1;
    for (int i = 0; i < s->ndims; i++) {
        routers *= s->dims[i];
        if (routers > (1L << 30))
            break;
    }
    int conc = s->conc > 0 ? s->conc : 1;
    if (s->ndims == 0 || routers != t->nrouters || (long)t->nrouters * conc < t->nterminals)
        return noc_error(r->ctx, NOC_EINVAL, r->label, 0,
                         "family_class '%s' needs dims whose product is the router count (%d) and at "
                         "most conc terminals per router (%d terminals)",
                         cls, t->nrouters, t->nterminals);
    return NOC_OK;
}

int noc_dot_read_graph_attrs(struct noc_dot_reader *r)
{
    struct noc_topo *t = r->t;
    struct noc_shape *s = &t->shape;
    int rc;
    const char *cls = noc_dot_attr(r->g, "family_class");
    if (cls) {
        int fam = noc_dot_family_parse(cls);
        if (fam < 0)
            return bad(r, "family_class", cls, "unknown family class");
        s->family = fam;
    }
    if ((rc = str_attr(r, "family", s->name, sizeof s->name)) || (rc = str_attr(r, "params", s->params, sizeof s->params)) ||
        (rc = dims_attr(r)) || (rc = int_attr(r, "k", &s->k)) || (rc = int_attr(r, "conc", &s->conc)) ||
        (rc = num_attr(r, "link_width", 4096, &t->link_width)) ||
        (rc = num_attr(r, "freq_mhz", 1e5, &t->freq_mhz)))
        return rc;
    return check_shape(r);
}

/* ---- routes: "DEST: R1 R2; DEST2: R1" with '\' escaping separators. */

/* Reads one name at *p into tok; returns its length (0 = none). */
static size_t route_name(const char **p, char *tok)
{
    size_t n = 0;
    const char *q = *p;
    while (*q && !strchr(" \t\n\r:;", *q)) {
        if (q[0] == '\\' && q[1])
            q++;
        tok[n++] = *q++;
    }
    tok[n] = '\0';
    *p = q;
    return n;
}

static void skip_ws(const char **p)
{
    while (**p && strchr(" \t\n\r", **p))
        (*p)++;
}

static int route_err(struct noc_dot_reader *r, int src, int rec, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int route_err(struct noc_dot_reader *r, int src, int rec, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return noc_error(r->ctx, NOC_EINVAL, r->label, noc_dot_where_node(&r->where, r->t->nodes[src].name, "route"),
                     "node '%s': route record %d: %s", r->t->nodes[src].name, rec, msg);
}

static int node_of_kind(struct noc_dot_reader *r, int src, int rec, const char *name, int kind)
{
    int v = noc_topo_find(r->t, name);
    if (v < 0)
        return -route_err(r, src, rec, "unknown node '%s'", name);
    if (r->t->nodes[v].kind != kind)
        return -route_err(r, src, rec, kind == NOC_ROUTER ? "'%s' is not a router" : "'%s' is not a terminal", name);
    return v;
}

static int parse_routes(struct noc_dot_reader *r, int src, const char *s, char *tok, int **path, size_t *cap)
{
    int rec = 0;
    for (const char *p = s;;) {
        skip_ws(&p);
        if (!*p)
            return NOC_OK;
        if (*p == ';') {
            p++;
            continue;
        }
        rec++;
        if (!route_name(&p, tok))
            return route_err(r, src, rec, "expected a destination terminal name before ':'");
        int dst = node_of_kind(r, src, rec, tok, NOC_TERMINAL);
        if (dst < 0)
            return -dst;
        skip_ws(&p);
        if (*p != ':')
            return route_err(r, src, rec, "expected ':' after '%s'", tok);
        p++;
        int len = 0;
        for (;;) {
            skip_ws(&p);
            if (!*p || *p == ';')
                break;
            if (*p == ':')
                return route_err(r, src, rec, "unexpected ':'");
            route_name(&p, tok);
            int v = node_of_kind(r, src, rec, tok, NOC_ROUTER);
            if (v < 0)
                return -v;
            if (noc_grow(r->ctx, (void **)path, cap, (size_t)len + 1, sizeof **path))
                return NOC_ENOMEM;
            (*path)[len++] = v;
        }
        if (len == 0)
            return route_err(r, src, rec, "the route to '%s' lists no routers", r->t->nodes[dst].name);
        int rc = noc_topo_add_route(r->t, src, dst, *path, len, r->ctx);
        if (rc)
            return noc_topo_io_at(r->ctx, r->label,
                                  noc_dot_where_node(&r->where, r->t->nodes[src].name, "route"), rc);
    }
}

int noc_dot_read_routes(struct noc_dot_reader *r)
{
    int rc = NOC_OK, v = 0;
    int *path = NULL;
    size_t cap = 0;
    char *s = NULL, *tok = NULL;
    /* Nodes were added in cgraph order, so node v is the v-th agnode. */
    for (Agnode_t *n = agfstnode(r->g); n && rc == NOC_OK; n = agnxtnode(r->g, n), v++) {
        const char *raw = noc_dot_attr(n, "route");
        if (!raw)
            continue;
        if (r->t->nodes[v].kind != NOC_TERMINAL) {
            rc = noc_error(r->ctx, NOC_EINVAL, r->label, noc_dot_where_node(&r->where, r->t->nodes[v].name, "route"),
                           "node '%s' has a route but is not a terminal",
                           r->t->nodes[v].name);
            break;
        }
        const char *u = noc_dot_unescape(r, raw);
        free(s);
        free(tok);
        s = u ? noc_strdup(r->ctx, u) : NULL;
        tok = s ? noc_malloc(r->ctx, strlen(s) + 1, 1) : NULL;
        if (!tok) {
            rc = NOC_ENOMEM;
            break;
        }
        rc = parse_routes(r, v, s, tok, &path, &cap);
    }
    free(s);
    free(tok);
    free(path);
    return rc;
}
