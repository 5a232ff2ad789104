/* The topology model: construction, finalisation and counts. */
#include "nocsyn/topo.h"
#include "nocsyn/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void noc_topo_init(struct noc_topo *t)
{
    memset(t, 0, sizeof *t);
    noc_strmap_init(&t->names);
    noc_graph_init(&t->g);
}

void noc_topo_free(struct noc_topo *t)
{
    for (int i = 0; i < t->nnodes; i++)
        free(t->nodes[i].name);
    for (int i = 0; i < t->nroutes; i++)
        free(t->routes[i].path);
    free(t->nodes);
    free(t->ch);
    free(t->routes);
    free(t->name);
    noc_strmap_free(&t->names);
    noc_graph_free(&t->g);
    memset(t, 0, sizeof *t);
}

static void unfinalize(struct noc_topo *t)
{
    if (t->finalized) {
        noc_graph_free(&t->g);
        t->finalized = 0;
    }
}

int noc_topo_add_node(struct noc_topo *t, const char *name, int kind, struct noc_ctx *ctx)
{
    if (!name || !*name)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "a node has an empty name");
    if (kind != NOC_ROUTER && kind != NOC_TERMINAL)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "node '%s' has an unknown kind", name);
    if (noc_strmap_get(&t->names, name) >= 0)
        return -noc_error(ctx, NOC_EINVAL, NULL, 0, "duplicate node name '%s'", name);
    if (t->nnodes == 0x3fffffff)
        return -noc_error(ctx, NOC_ENOMEM, NULL, 0, "too many nodes");
    if (noc_grow(ctx, (void **)&t->nodes, &t->node_cap, (size_t)t->nnodes + 1, sizeof *t->nodes))
        return -NOC_ENOMEM;
    struct noc_node *nd = &t->nodes[t->nnodes];
    memset(nd, 0, sizeof *nd);
    nd->name = noc_strdup(ctx, name);
    if (!nd->name)
        return -NOC_ENOMEM;
    nd->kind = kind;
    if (noc_strmap_put(&t->names, name, t->nnodes, ctx)) {
        free(nd->name);
        return -NOC_ENOMEM;
    }
    unfinalize(t);
    if (kind == NOC_ROUTER)
        t->nrouters++;
    else
        t->nterminals++;
    return t->nnodes++;
}

int noc_topo_find(const struct noc_topo *t, const char *name)
{
    return noc_strmap_get(&t->names, name);
}

int noc_topo_add_channel(struct noc_topo *t, int src, int dst, struct noc_ctx *ctx)
{
    if (src < 0 || src >= t->nnodes || dst < 0 || dst >= t->nnodes)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "channel endpoint out of range");
    if (src == dst)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "channel from '%s' to itself", t->nodes[src].name);
    if (t->nodes[src].kind == NOC_TERMINAL && t->nodes[dst].kind == NOC_TERMINAL)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "channel joins two terminals '%s' and '%s'",
                         t->nodes[src].name, t->nodes[dst].name);
    if (t->nch == 0x3fffffff)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "too many channels");
    if (noc_grow(ctx, (void **)&t->ch, &t->ch_cap, (size_t)t->nch + 1, sizeof *t->ch))
        return NOC_ENOMEM;
    struct noc_channel *c = &t->ch[t->nch++];
    c->src = src;
    c->dst = dst;
    c->width = 0;
    c->length = -1;
    c->latency = 0;
    c->capacity_mbps = 0;
    unfinalize(t);
    return NOC_OK;
}

int noc_topo_add_link(struct noc_topo *t, int a, int b, struct noc_ctx *ctx)
{
    int rc = noc_topo_add_channel(t, a, b, ctx);
    return rc ? rc : noc_topo_add_channel(t, b, a, ctx);
}

int noc_topo_add_route(struct noc_topo *t, int src_term, int dst_term,
                       const int *path, int len, struct noc_ctx *ctx)
{
    if (len < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "empty route");
    if (noc_grow(ctx, (void **)&t->routes, &t->route_cap, (size_t)t->nroutes + 1, sizeof *t->routes))
        return NOC_ENOMEM;
    int *p = noc_malloc(ctx, (size_t)len, sizeof *p);
    if (!p)
        return NOC_ENOMEM;
    memcpy(p, path, (size_t)len * sizeof *p);
    struct noc_route *r = &t->routes[t->nroutes++];
    r->src = src_term;
    r->dst = dst_term;
    r->len = len;
    r->path = p;
    unfinalize(t);
    return NOC_OK;
}

void noc_topo_set_pos(struct noc_topo *t, int node, double x, double y)
{
    t->nodes[node].x = x;
    t->nodes[node].y = y;
    t->nodes[node].has_pos = 1;
}

static int check_routes(struct noc_topo *t, struct noc_ctx *ctx)
{
    for (int i = 0; i < t->nroutes; i++) {
        struct noc_route *r = &t->routes[i];
        const char *sn = t->nodes[r->src].name, *dn = t->nodes[r->dst].name;
        if (t->nodes[r->src].kind != NOC_TERMINAL || t->nodes[r->dst].kind != NOC_TERMINAL)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "route %s -> %s: endpoints must be terminals", sn, dn);
        for (int j = 0; j < r->len; j++)
            if (r->path[j] < 0 || r->path[j] >= t->nrouters)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "route %s -> %s passes a node that is not a router", sn, dn);
        if (noc_graph_find(&t->g, r->src, r->path[0]) < 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "route %s -> %s starts at %s, which %s does not inject into",
                             sn, dn, t->nodes[r->path[0]].name, sn);
        if (noc_graph_find(&t->g, r->path[r->len - 1], r->dst) < 0)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "route %s -> %s ends at %s, which does not eject to %s",
                             sn, dn, t->nodes[r->path[r->len - 1]].name, dn);
        for (int j = 0; j + 1 < r->len; j++)
            if (noc_graph_find(&t->g, r->path[j], r->path[j + 1]) < 0)
                return noc_error(ctx, NOC_EINVAL, NULL, 0, "route %s -> %s uses a missing channel %s -> %s",
                                 sn, dn, t->nodes[r->path[j]].name, t->nodes[r->path[j + 1]].name);
    }
    return NOC_OK;
}

int noc_topo_finalize(struct noc_topo *t, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    int *map = NULL, *src = NULL, *dst = NULL;
    struct noc_node *nodes = NULL;
    struct noc_channel *ch = NULL;
    unfinalize(t);
    int n = t->nnodes, m = t->nch;
    map = noc_malloc(ctx, (size_t)n, sizeof *map);
    nodes = noc_malloc(ctx, (size_t)n, sizeof *nodes);
    src = noc_malloc(ctx, (size_t)m, sizeof *src);
    dst = noc_malloc(ctx, (size_t)m, sizeof *dst);
    ch = noc_malloc(ctx, (size_t)m, sizeof *ch);
    if (!map || !nodes || !src || !dst || !ch) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Routers first, each kind in insertion order. */
    int next = 0;
    for (int kind = NOC_ROUTER; kind <= NOC_TERMINAL; kind++)
        for (int v = 0; v < n; v++)
            if (t->nodes[v].kind == kind) {
                map[v] = next;
                nodes[next++] = t->nodes[v];
            }
    if (n)
        memcpy(t->nodes, nodes, (size_t)n * sizeof *nodes);
    for (int v = 0; v < n; v++)
        NOC_CHECK(noc_strmap_put(&t->names, t->nodes[v].name, v, ctx));
    for (int e = 0; e < m; e++) {
        src[e] = t->ch[e].src = map[t->ch[e].src];
        dst[e] = t->ch[e].dst = map[t->ch[e].dst];
    }
    for (int i = 0; i < t->nroutes; i++) {
        t->routes[i].src = map[t->routes[i].src];
        t->routes[i].dst = map[t->routes[i].dst];
        for (int j = 0; j < t->routes[i].len; j++)
            if (t->routes[i].path[j] >= 0 && t->routes[i].path[j] < n)
                t->routes[i].path[j] = map[t->routes[i].path[j]];
    }
    NOC_CHECK(noc_graph_build(&t->g, n, m, src, dst, ctx));
    for (int e = 0; e < m; e++)
        ch[e] = t->ch[t->g.perm[e]];
    if (m)
        memcpy(t->ch, ch, (size_t)m * sizeof *ch);
    t->finalized = 1;
    /* Validation. */
    for (int v = 0; v < t->nrouters; v++)
        if (noc_graph_outdeg(&t->g, v) == 0 && t->g.in_off[v + 1] == t->g.in_off[v] && n > 1) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "router '%s' is connected to nothing", t->nodes[v].name);
            goto cleanup;
        }
    for (int v = t->nrouters; v < n; v++) {
        if (noc_topo_inject_router(t, v) < 0 || noc_topo_eject_router(t, v) < 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "terminal '%s' is not attached to a router in both directions",
                           t->nodes[v].name);
            goto cleanup;
        }
    }
    rc = check_routes(t, ctx);
cleanup:
    if (rc != NOC_OK && t->finalized) {
        noc_graph_free(&t->g);
        t->finalized = 0;
    }
    free(map);
    free(nodes);
    free(src);
    free(dst);
    free(ch);
    return rc;
}

int noc_topo_inject_router(const struct noc_topo *t, int term_node)
{
    const struct noc_graph *g = &t->g;
    return g->off[term_node + 1] > g->off[term_node] ? g->dst[g->off[term_node]] : -1;
}

int noc_topo_eject_router(const struct noc_topo *t, int term_node)
{
    const struct noc_graph *g = &t->g;
    return g->in_off[term_node + 1] > g->in_off[term_node] ? g->src[g->in_edge[g->in_off[term_node]]] : -1;
}

int noc_topo_links(const struct noc_topo *t)
{
    int links = 0;
    for (int e = 0; e < t->nch; e++) {
        if (!noc_topo_is_rr(t, e))
            continue;
        int r = t->g.rev[e];
        if (r < 0 || r > e)
            links++;
    }
    return links;
}

int noc_topo_rr_channels(const struct noc_topo *t)
{
    int n = 0;
    for (int e = 0; e < t->nch; e++)
        n += noc_topo_is_rr(t, e);
    return n;
}

/* Ports of router v; terminal ports are counted in `term` (router-router
 * ports are always in the result). */
/* mode 0: radix (a shared port once), 1: router-router ports only,
 * 2: every terminal port on its own (the input buffers). */
static int ports(const struct noc_topo *t, int v, int mode)
{
    const struct noc_graph *g = &t->g;
    int p = 0, term = 0;
    for (int e = g->off[v]; e < g->off[v + 1]; e++) {
        if (g->dst[e] < t->nrouters)
            p++;
        else
            term++;
    }
    for (int i = g->in_off[v]; i < g->in_off[v + 1]; i++) {
        int e = g->in_edge[i];
        if (g->rev[e] >= 0)
            continue;
        if (g->src[e] < t->nrouters)
            p++;
        else
            term++;
    }
    if (mode == 1)
        return p;
    /* A shared port: one concentrator port for all the terminals. */
    return p + (mode == 0 && t->nodes[v].shared && term > 0 ? 1 : term);
}

int noc_topo_shared_ports(const struct noc_topo *t)
{
    int n = 0;
    for (int v = 0; v < t->nrouters; v++)
        n += t->nodes[v].shared != 0;
    return n;
}

int noc_topo_degree(const struct noc_topo *t, int router) { return ports(t, router, 1); }
int noc_topo_radix(const struct noc_topo *t, int router) { return ports(t, router, 0); }
int noc_topo_buffer_ports(const struct noc_topo *t, int router) { return ports(t, router, 2); }

double noc_topo_port_load(const struct noc_topo *t, const double *x)
{
    double mx = NAN;
    const struct noc_graph *g = &t->g;
    for (int u = 0; u < t->nrouters; u++) {
        if (!t->nodes[u].shared)
            continue;
        double in = 0, out = 0;
        for (int i = g->in_off[u]; i < g->in_off[u + 1]; i++)
            if (g->src[g->in_edge[i]] >= t->nrouters)
                in += x[g->in_edge[i]];
        for (int e = g->off[u]; e < g->off[u + 1]; e++)
            if (g->dst[e] >= t->nrouters)
                out += x[e];
        double p = in > out ? in : out;
        if (isnan(mx) || p > mx)
            mx = p;
    }
    return mx;
}

double noc_topo_channel_length(const struct noc_topo *t, int c)
{
    const struct noc_channel *ch = &t->ch[c];
    if (ch->length >= 0)
        return ch->length;
    const struct noc_node *a = &t->nodes[ch->src], *b = &t->nodes[ch->dst];
    if (a->has_pos && b->has_pos)
        return fabs(a->x - b->x) + fabs(a->y - b->y);
    return -1;
}

double noc_topo_channel_rate(const struct noc_topo *t, int c)
{
    const struct noc_channel *ch = &t->ch[c];
    double w = ch->width > 0 ? ch->width : t->link_width;
    double link = noc_link_mbps(w, t->freq_mhz);
    if (!(ch->capacity_mbps > 0) || !(link > 0) || ch->capacity_mbps >= link)
        return 1;
    double r = ch->capacity_mbps / link;
    return r > 1e-6 ? r : 1e-6; /* bounded: loads and latencies stay finite */
}

int noc_topo_channel_gap(const struct noc_topo *t, int c)
{
    double r = noc_topo_channel_rate(t, c);
    double g = ceil(1 / r - 1e-9);
    return g < 1 ? 1 : g > 1e4 ? 10000 : (int)g; /* bounded: a latency stays an int */
}

int noc_topo_copy(struct noc_topo *dst, const struct noc_topo *src, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    noc_topo_init(dst);
    dst->shape = src->shape;
    dst->link_width = src->link_width;
    dst->freq_mhz = src->freq_mhz;
    if (src->name && !(dst->name = noc_strdup(ctx, src->name))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = 0; v < src->nnodes; v++) {
        int id = noc_topo_add_node(dst, src->nodes[v].name, src->nodes[v].kind, ctx);
        if (id < 0) {
            rc = -id;
            goto cleanup;
        }
        char *nm = dst->nodes[id].name;
        dst->nodes[id] = src->nodes[v];
        dst->nodes[id].name = nm;
    }
    for (int e = 0; e < src->nch; e++) {
        NOC_CHECK(noc_topo_add_channel(dst, src->ch[e].src, src->ch[e].dst, ctx));
        dst->ch[e] = src->ch[e];
    }
    for (int i = 0; i < src->nroutes; i++)
        NOC_CHECK(noc_topo_add_route(dst, src->routes[i].src, src->routes[i].dst, src->routes[i].path,
                                     src->routes[i].len, ctx));
    if (src->finalized)
        rc = noc_topo_finalize(dst, ctx);
cleanup:
    if (rc != NOC_OK)
        noc_topo_free(dst);
    return rc;
}

int noc_topo_rename_nodes(struct noc_topo *t, const char *const *names, struct noc_ctx *ctx)
{
    int rc = NOC_OK, n = t->nnodes;
    struct noc_strmap map;
    char **fresh = noc_calloc(ctx, (size_t)n + 1, sizeof *fresh);
    noc_strmap_init(&map);
    if (!fresh)
        return NOC_ENOMEM;
    for (int v = 0; v < n; v++) {
        const char *nm = names[v] ? names[v] : t->nodes[v].name;
        if (!*nm) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "node %d would get an empty name", v);
            goto cleanup;
        }
        if (noc_strmap_get(&map, nm) >= 0) {
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "duplicate node name '%s'", nm);
            goto cleanup;
        }
        if ((rc = noc_strmap_put(&map, nm, v, ctx)) != NOC_OK || !(fresh[v] = noc_strdup(ctx, nm))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
    }
    for (int v = 0; v < n; v++) {
        free(t->nodes[v].name);
        t->nodes[v].name = fresh[v];
        fresh[v] = NULL;
    }
    noc_strmap_free(&t->names);
    t->names = map;
    noc_strmap_init(&map);
cleanup:
    for (int v = 0; v < n; v++)
        free(fresh[v]);
    free(fresh);
    noc_strmap_free(&map);
    return rc;
}

long noc_topo_router_index(const char *s)
{
    if (!s || s[0] != 'r' || s[1] < '0' || s[1] > '9' || (s[1] == '0' && s[2]))
        return -1;
    long v = 0;
    for (const char *c = s + 1; *c; c++) {
        if (*c < '0' || *c > '9' || v > 100000000L)
            return -1;
        v = v * 10 + (*c - '0');
    }
    return v;
}
