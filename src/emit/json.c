/* Topology as JSON (cJSON), for scripts:
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
 *                  "length": num|null, "latency": int|null}],
 *    "routes": [{"src": str, "dst": str, "path": [str...]}]}
 *
 * Nodes and channels in id order; a channel's length is the stored one or,
 * when unknown, the Manhattan distance of positioned endpoints
 * (noc_topo_channel_length); null marks an unknown value.  Write-only: the
 * readers take DOT and anynet.
 */
#include "nocsyn/emit.h"
#include "nocsyn/topo.h"
#include "../emit/topo_dot.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Adds a number, or null when `known` is 0. */
static void add_num(cJSON *o, const char *key, int known, double v)
{
    if (known)
        cJSON_AddNumberToObject(o, key, v == 0 ? 0 : v);
    else
        cJSON_AddNullToObject(o, key);
}

static cJSON *shape_json(const struct noc_topo *t)
{
    const struct noc_shape *s = &t->shape;
    cJSON *o = cJSON_CreateObject();
    const char *cls = noc_dot_family_tag(s->family);
    cJSON_AddStringToObject(o, "family", s->name);
    cJSON_AddStringToObject(o, "family_class", cls ? cls : "none");
    cJSON *dims = cJSON_AddArrayToObject(o, "dims");
    for (int i = 0; i < s->ndims && i < NOC_MAXDIM; i++)
        cJSON_AddItemToArray(dims, cJSON_CreateNumber(s->dims[i]));
    cJSON_AddNumberToObject(o, "k", s->k);
    cJSON_AddNumberToObject(o, "conc", s->conc);
    cJSON_AddStringToObject(o, "params", s->params);
    return o;
}

static cJSON *nodes_json(const struct noc_topo *t)
{
    cJSON *a = cJSON_CreateArray();
    for (int v = 0; v < t->nnodes; v++) {
        const struct noc_node *nd = &t->nodes[v];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(a, o);
        cJSON_AddNumberToObject(o, "id", v);
        cJSON_AddStringToObject(o, "name", nd->name);
        cJSON_AddStringToObject(o, "kind", nd->kind == NOC_ROUTER ? "router" : "terminal");
        add_num(o, "x", nd->has_pos, nd->x);
        add_num(o, "y", nd->has_pos, nd->y);
        add_num(o, "w", nd->w != 0, nd->w);
        add_num(o, "h", nd->h != 0, nd->h);
        if (nd->kind == NOC_ROUTER && nd->shared)
            cJSON_AddBoolToObject(o, "shared_port", 1);
    }
    return a;
}

static cJSON *channels_json(const struct noc_topo *t)
{
    cJSON *a = cJSON_CreateArray();
    for (int e = 0; e < t->nch; e++) {
        const struct noc_channel *c = &t->ch[e];
        double len = noc_topo_channel_length(t, e);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(a, o);
        cJSON_AddNumberToObject(o, "id", e);
        cJSON_AddStringToObject(o, "src", t->nodes[c->src].name);
        cJSON_AddStringToObject(o, "dst", t->nodes[c->dst].name);
        add_num(o, "width", c->width != 0, c->width);
        add_num(o, "length", len >= 0, len);
        add_num(o, "latency", c->latency != 0, c->latency);
    }
    return a;
}

static cJSON *routes_json(const struct noc_topo *t)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(a, o);
        cJSON_AddStringToObject(o, "src", t->nodes[r->src].name);
        cJSON_AddStringToObject(o, "dst", t->nodes[r->dst].name);
        cJSON *p = cJSON_AddArrayToObject(o, "path");
        for (int j = 0; j < r->len; j++)
            cJSON_AddItemToArray(p, cJSON_CreateString(t->nodes[r->path[j]].name));
    }
    return a;
}

int noc_topo_write_json(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    char *text = NULL;
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing JSON");
    if (t->name)
        cJSON_AddStringToObject(root, "name", t->name);
    else
        cJSON_AddNullToObject(root, "name");
    cJSON_AddNumberToObject(root, "routers", t->nrouters);
    cJSON_AddNumberToObject(root, "terminals", t->nterminals);
    cJSON_AddItemToObject(root, "shape", shape_json(t));
    add_num(root, "link_width", t->link_width != 0, t->link_width);
    add_num(root, "freq_mhz", t->freq_mhz != 0, t->freq_mhz);
    cJSON_AddItemToObject(root, "nodes", nodes_json(t));
    cJSON_AddItemToObject(root, "channels", channels_json(t));
    cJSON_AddItemToObject(root, "routes", routes_json(t));
    /* cJSON drops items it could not allocate; printing then still works
     * but loses data, so a failed print is the only check needed when the
     * allocations above succeeded.  Count: nodes + channels present. */
    cJSON *nodes = cJSON_GetObjectItemCaseSensitive(root, "nodes");
    cJSON *chans = cJSON_GetObjectItemCaseSensitive(root, "channels");
    if (!nodes || !chans || cJSON_GetArraySize(nodes) != t->nnodes || cJSON_GetArraySize(chans) != t->nch ||
        !(text = cJSON_Print(root))) {
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory writing JSON");
        goto cleanup;
    }
    noc_buf_append(out, text, strlen(text));
    noc_buf_append(out, "\n", 1);
    rc = noc_buf_status(out, "JSON", ctx);
cleanup:
    free(text);
    cJSON_Delete(root);
    return rc;
}
