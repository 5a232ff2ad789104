/* Topology as JSON (nocsyn/json.h), for scripts:
 *
 *   {"name": str|null, "routers": R, "terminals": N,
 *    "shape": {"family": str, "family_class": str, "dims": [int...],
 *              "k": int, "conc": int, "params": str},
 *    "link_width": num|null, "freq_mhz": num|null,
 *    "nodes": [{"id": int, "name": str, "kind": "router"|"terminal",
 *               "x": num|null, "y": num|null, "w": num|null, "h": num|null
 *               [, "shared_port": true (a router whose terminals share one
 *               concentrator port; only then)]}],
 *    "channels": [{"id": int, "src": str, "dst": str, "width": num|null,
 *                  "length": num|null, "latency": int|null
 *                  [, "capacity_mbps": num (a channel's own, a D2D module)]}],
 *    "routes": [{"src": str, "dst": str, "path": [str...]}]}
 *
 * Nodes and channels in id order; a channel's length is the stored one or,
 * when unknown, the Manhattan distance of positioned endpoints
 * (noc_topo_channel_length); null marks an unknown value.  Write-only: the
 * readers take DOT and anynet.
 */
#include "nocsyn/emit.h"
#include "nocsyn/json.h"
#include "nocsyn/topo.h"
#include "../topo/topo_dot.h"

/* Adds a number (no "-0"), or null when `known` is 0. */
static void add_num(struct noc_json *j, struct noc_json_node *o, const char *key, int known, double v)
{
    if (known)
        noc_json_add_num(j, o, key, v == 0 ? 0 : v);
    else
        noc_json_add_null(j, o, key);
}

static void shape_json(const struct noc_topo *t, struct noc_json *j, struct noc_json_node *root)
{
    const struct noc_shape *s = &t->shape;
    struct noc_json_node *o = noc_json_add_object(j, root, "shape");
    const char *cls = noc_dot_family_tag(s->family);
    noc_json_add_str(j, o, "family", s->name);
    noc_json_add_str(j, o, "family_class", cls ? cls : "none");
    struct noc_json_node *dims = noc_json_add_array(j, o, "dims");
    for (int i = 0; i < s->ndims && i < NOC_MAXDIM; i++)
        noc_json_add_num(j, dims, NULL, s->dims[i]);
    noc_json_add_num(j, o, "k", s->k);
    noc_json_add_num(j, o, "conc", s->conc);
    noc_json_add_str(j, o, "params", s->params);
}

static void nodes_json(const struct noc_topo *t, struct noc_json *j, struct noc_json_node *root)
{
    struct noc_json_node *a = noc_json_add_array(j, root, "nodes");
    for (int v = 0; v < t->nnodes; v++) {
        const struct noc_node *nd = &t->nodes[v];
        struct noc_json_node *o = noc_json_add_object(j, a, NULL);
        noc_json_add_num(j, o, "id", v);
        noc_json_add_str(j, o, "name", nd->name);
        noc_json_add_str(j, o, "kind", nd->kind == NOC_ROUTER ? "router" : "terminal");
        add_num(j, o, "x", nd->has_pos, nd->x);
        add_num(j, o, "y", nd->has_pos, nd->y);
        add_num(j, o, "w", nd->w != 0, nd->w);
        add_num(j, o, "h", nd->h != 0, nd->h);
        if (nd->kind == NOC_ROUTER && nd->shared)
            noc_json_add_bool(j, o, "shared_port", 1);
    }
}

static void channels_json(const struct noc_topo *t, struct noc_json *j, struct noc_json_node *root)
{
    struct noc_json_node *a = noc_json_add_array(j, root, "channels");
    for (int e = 0; e < t->nch; e++) {
        const struct noc_channel *c = &t->ch[e];
        double len = noc_topo_channel_length(t, e);
        struct noc_json_node *o = noc_json_add_object(j, a, NULL);
        noc_json_add_num(j, o, "id", e);
        noc_json_add_str(j, o, "src", t->nodes[c->src].name);
        noc_json_add_str(j, o, "dst", t->nodes[c->dst].name);
        add_num(j, o, "width", c->width != 0, c->width);
        add_num(j, o, "length", len >= 0, len);
        add_num(j, o, "latency", c->latency != 0, c->latency);
        if (c->capacity_mbps > 0) /* only a channel with its own (a D2D module) */
            noc_json_add_num(j, o, "capacity_mbps", c->capacity_mbps);
    }
}

static void routes_json(const struct noc_topo *t, struct noc_json *j, struct noc_json_node *root)
{
    struct noc_json_node *a = noc_json_add_array(j, root, "routes");
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        struct noc_json_node *o = noc_json_add_object(j, a, NULL);
        noc_json_add_str(j, o, "src", t->nodes[r->src].name);
        noc_json_add_str(j, o, "dst", t->nodes[r->dst].name);
        struct noc_json_node *p = noc_json_add_array(j, o, "path");
        for (int k = 0; k < r->len; k++)
            noc_json_add_str(j, p, NULL, t->nodes[r->path[k]].name);
    }
}

int noc_topo_write_json(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_json *j = noc_json_new();
    struct noc_json_node *root = noc_json_root(j);
    noc_json_add_str(j, root, "name", t->name); /* null when unnamed */
    noc_json_add_num(j, root, "routers", t->nrouters);
    noc_json_add_num(j, root, "terminals", t->nterminals);
    shape_json(t, j, root);
    add_num(j, root, "link_width", t->link_width != 0, t->link_width);
    add_num(j, root, "freq_mhz", t->freq_mhz != 0, t->freq_mhz);
    nodes_json(t, j, root);
    channels_json(t, j, root);
    routes_json(t, j, root);
    int rc = noc_json_print(j, out, ctx);
    noc_json_free(j);
    return rc;
}
