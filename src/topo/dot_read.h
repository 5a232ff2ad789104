/* Internal to the topology DOT reader (dot_read.c, dot_attrs.c). */
#ifndef NOCSYN_DOT_READ_H
#define NOCSYN_DOT_READ_H

#include "nocsyn/topo.h"

#include "cgraph_err.h" /* the cgraph adapter (brings cgraph.h) */

struct noc_dot_reader {
    struct noc_topo *t;  /* being filled */
    Agraph_t *g;         /* the parsed graph */
    const char *label;   /* file name for messages */
    struct noc_ctx *ctx;
    char *tmp;           /* scratch for unescaped strings (owned) */
    size_t tmp_cap;
    struct noc_dot_where where; /* lines of the text's tokens, for messages (owned) */
};

/* agget with a const name (cgraph wants char *).  NULL when the attribute
 * is undeclared or empty.  O(1). */
const char *noc_dot_attr(void *obj, const char *name);
/* s with every "\\" turned into '\', in r->tmp (valid until the next
 * call), or NULL (NOC_ENOMEM recorded).  O(|s|). */
const char *noc_dot_unescape(struct noc_dot_reader *r, const char *s);
/* Graph attributes: family, family_class, dims, k, conc, params,
 * link_width, freq_mhz (checked against the node counts).  NOC_EINVAL
 * naming the attribute. */
int noc_dot_read_graph_attrs(struct noc_dot_reader *r);
/* The `route` attributes of terminal nodes (after every node is added).
 * NOC_EINVAL naming the node and record. */
int noc_dot_read_routes(struct noc_dot_reader *r);

#endif
