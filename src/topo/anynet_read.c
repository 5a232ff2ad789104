/* BookSim2 anynet reader (INTERFACE 1.3).
 *
 * The format, as BookSim's src/networks/anynet.cpp reads it: one line per
 * head, "router I" or "node I", followed by any number of "router J" /
 * "node J" items, each optionally followed by a link latency (a whole
 * number of cycles).  Blank lines are skipped.
 * - "router I ... router J [L]": a bidirectional link between routers I and
 *   J; L is the latency of the channel I -> J (the reverse keeps its own,
 *   default unset = 1 cycle).  Mentioning a link again is harmless.
 * - "router I ... node J [L]" or "node J router I [L]": terminal J injects
 *   into and ejects from router I (L applies to both channels).  A node
 *   attached to two routers, or a node linked to a node, is an error.
 * - Router ids and node ids must each be 0..count-1 (BookSim's traffic
 *   manager assumes it); the error names the first line with an id out of
 *   sequence.  Routers become r<id> and terminals t<id>, in id order.
 * Separators are any blanks (BookSim itself splits on single spaces).
 * Anything else (an unknown word, a missing or bad id, a latency after a
 * head) is an error naming the line.
 */
#include "nocsyn/topo.h"
#include "topo_read.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ids seen, in order of first appearance, with that line. */
struct id_list {
    struct noc_u64map seen; /* id -> index */
    int n;
    size_t cap;
    long *id_line;          /* pairs: id, line */
};

struct rt_link {
    int a, b, lat; /* channel router a -> router b */
};

struct anynet {
    const char *label;
    struct noc_ctx *ctx;
    long line;
    struct id_list routers, nodes;
    struct noc_u64map node_router; /* node id -> index into attach[] */
    int nattach;
    size_t attach_cap;
    int *attach;                   /* triples: node, router, latency */
    struct noc_u64map link_index;  /* (a, b) -> index into links[] */
    int nlinks;
    size_t link_cap;
    struct rt_link *links;
};

/* A printable copy of a token for messages. */
static const char *shown(const char *tok, char *buf, size_t cap)
{
    size_t n = 0;
    for (; tok[n] && n + 4 < cap; n++)
        buf[n] = isprint((unsigned char)tok[n]) ? tok[n] : '?';
    buf[n] = '\0';
    if (tok[n])
        snprintf(buf + (n > 3 ? n - 3 : 0), 4, "...");
    return buf;
}

static int err_tok(struct anynet *p, const char *what, const char *tok)
{
    char b[48];
    return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "%s '%s'", what, shown(tok, b, sizeof b));
}

static int see_id(struct anynet *p, struct id_list *l, long id)
{
    if (noc_u64map_get(&l->seen, (uint64_t)id) >= 0)
        return NOC_OK;
    if (noc_u64map_put(&l->seen, (uint64_t)id, l->n, p->ctx) ||
        noc_grow(p->ctx, (void **)&l->id_line, &l->cap, 2 * (size_t)l->n + 2, sizeof *l->id_line))
        return NOC_ENOMEM;
    l->id_line[2 * l->n] = id;
    l->id_line[2 * l->n + 1] = p->line;
    l->n++;
    return NOC_OK;
}

/* Terminal `node` attaches to `router`; returns the attachment index. */
static int attach(struct anynet *p, long node, long router)
{
    int i = noc_u64map_get(&p->node_router, (uint64_t)node);
    if (i >= 0) {
        if (p->attach[3 * i + 1] != router)
            return -noc_error(p->ctx, NOC_EINVAL, p->label, p->line,
                              "node %ld is attached to two routers (%d and %ld)", node, p->attach[3 * i + 1], router);
        return i;
    }
    if (noc_grow(p->ctx, (void **)&p->attach, &p->attach_cap, 3 * (size_t)p->nattach + 3, sizeof *p->attach) ||
        noc_u64map_put(&p->node_router, (uint64_t)node, p->nattach, p->ctx))
        return -NOC_ENOMEM;
    p->attach[3 * p->nattach] = (int)node;
    p->attach[3 * p->nattach + 1] = (int)router;
    p->attach[3 * p->nattach + 2] = 0;
    return p->nattach++;
}

/* The channel a -> b (created when absent); returns its index. */
static int link_index(struct anynet *p, int a, int b)
{
    int i = noc_u64map_get(&p->link_index, noc_pair_key(a, b));
    if (i >= 0)
        return i;
    if (noc_grow(p->ctx, (void **)&p->links, &p->link_cap, (size_t)p->nlinks + 1, sizeof *p->links) ||
        noc_u64map_put(&p->link_index, noc_pair_key(a, b), p->nlinks, p->ctx))
        return -NOC_ENOMEM;
    p->links[p->nlinks] = (struct rt_link){a, b, 0};
    return p->nlinks++;
}

enum { HEAD_TYPE, HEAD_ID, BODY_TYPE, BODY_ID, LATENCY };
enum { T_ROUTER, T_NODE };

/* Parses one line's tokens. */
static int parse_line(struct anynet *p, char **tok, int ntok)
{
    int state = HEAD_TYPE, head_type = 0, body_type = 0, rc;
    long head = 0, id = 0;
    int *lat = NULL; /* where a latency after the last body goes */
    for (int i = 0; i < ntok; i++) {
        const char *s = tok[i];
        int type = !strcmp(s, "router") ? T_ROUTER : !strcmp(s, "node") ? T_NODE : -1;
        if (state == LATENCY && type < 0) {
            long l;
            if (noc_parse_int(s, 1, 1000000, &l) != 0)
                return err_tok(p, "expected 'router', 'node' or a link latency (cycles >= 1), got", s);
            *lat = (int)l;
            state = BODY_TYPE;
            continue;
        }
        if (state == HEAD_TYPE || state == BODY_TYPE || state == LATENCY) {
            if (type < 0)
                return err_tok(p, "expected 'router' or 'node', got", s);
            if (state == HEAD_TYPE)
                head_type = type;
            else
                body_type = type;
            state = state == HEAD_TYPE ? HEAD_ID : BODY_ID;
            continue;
        }
        /* HEAD_ID or BODY_ID */
        int t = state == HEAD_ID ? head_type : body_type;
        if (noc_parse_int(s, 0, 0x3fffffff, &id) != 0)
            return err_tok(p, t == T_ROUTER ? "bad router id" : "bad node id", s);
        if ((rc = see_id(p, t == T_ROUTER ? &p->routers : &p->nodes, id)) != NOC_OK)
            return rc;
        if (state == HEAD_ID) {
            head = id;
            state = BODY_TYPE;
            continue;
        }
        state = LATENCY;
        if (head_type == T_NODE && body_type == T_NODE)
            return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "cannot link node %ld to node %ld", head, id);
        if (head_type == T_ROUTER && body_type == T_ROUTER) {
            if (head == id)
                return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "router %ld linked to itself", id);
            int f = link_index(p, (int)head, (int)id);
            int b = f >= 0 ? link_index(p, (int)id, (int)head) : f;
            if (b < 0)
                return -b;
            p->links[f].lat = 0; /* as BookSim: a new mention resets it */
            lat = &p->links[f].lat;
        } else {
            long node = head_type == T_NODE ? head : id, router = head_type == T_NODE ? id : head;
            int a = attach(p, node, router);
            if (a < 0)
                return -a;
            lat = &p->attach[3 * a + 2];
        }
    }
    if (state == HEAD_ID || state == BODY_ID)
        return noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "incomplete line: '%s' needs an id", tok[ntok - 1]);
    return NOC_OK;
}

/* Ids must be 0..n-1: report the first appearance of one that is not. */
static int check_sequential(struct anynet *p, const struct id_list *l, const char *what)
{
    for (int i = 0; i < l->n; i++)
        if (l->id_line[2 * i] >= l->n)
            return noc_error(p->ctx, NOC_EINVAL, p->label, l->id_line[2 * i + 1],
                             "%s id %ld is out of sequence: %s ids must be 0..%d (there are %d %ss)", what,
                             l->id_line[2 * i], what, l->n - 1, l->n, what);
    return NOC_OK;
}

static int tokenize_all(struct anynet *p, const char *data, size_t len)
{
    int rc = NOC_OK;
    char *buf = noc_malloc(p->ctx, len + 1, 1);
    char **tok = NULL;
    size_t tok_cap = 0;
    if (!buf)
        return NOC_ENOMEM;
    memcpy(buf, data, len);
    buf[len] = '\0';
    size_t pos = 0;
    for (p->line = 1; pos < len && rc == NOC_OK; p->line++) {
        size_t end = pos;
        while (end < len && buf[end] != '\n')
            end++;
        if (memchr(buf + pos, '\0', end - pos)) { /* it would end the line's text silently */
            rc = noc_error(p->ctx, NOC_EINVAL, p->label, p->line, "NUL byte (not a text file?)");
            break;
        }
        buf[end] = '\0';
        int ntok = 0;
        for (size_t i = pos; i < end && rc == NOC_OK;) {
            while (i < end && strchr(" \t\r\v\f", buf[i]) && buf[i])
                i++;
            if (i >= end)
                break;
            if (noc_grow(p->ctx, (void **)&tok, &tok_cap, (size_t)ntok + 1, sizeof *tok)) {
                rc = NOC_ENOMEM;
                break;
            }
            tok[ntok++] = buf + i;
            while (i < end && !(strchr(" \t\r\v\f", buf[i]) && buf[i]))
                i++;
            buf[i++] = '\0';
        }
        if (rc == NOC_OK && ntok > 0)
            rc = parse_line(p, tok, ntok);
        pos = end + 1;
    }
    free(tok);
    free(buf);
    return rc;
}

static int build(struct anynet *p, struct noc_topo *t)
{
    char name[24];
    int rc;
    for (int i = 0; i < p->routers.n; i++) {
        snprintf(name, sizeof name, "r%d", i);
        if ((rc = noc_topo_add_node(t, name, NOC_ROUTER, p->ctx)) < 0)
            return -rc;
    }
    for (int i = 0; i < p->nodes.n; i++) {
        snprintf(name, sizeof name, "t%d", i);
        if ((rc = noc_topo_add_node(t, name, NOC_TERMINAL, p->ctx)) < 0)
            return -rc;
    }
    for (int i = 0; i < p->nattach; i++) {
        int term = p->routers.n + p->attach[3 * i], router = p->attach[3 * i + 1];
        if ((rc = noc_topo_add_link(t, term, router, p->ctx)) != NOC_OK)
            return rc;
        t->ch[t->nch - 1].latency = t->ch[t->nch - 2].latency = p->attach[3 * i + 2];
    }
    for (int i = 0; i < p->nlinks; i++) {
        if ((rc = noc_topo_add_channel(t, p->links[i].a, p->links[i].b, p->ctx)) != NOC_OK)
            return rc;
        t->ch[t->nch - 1].latency = p->links[i].lat;
    }
    return NOC_OK;
}

int noc_topo_parse_anynet(struct noc_topo *t, const char *data, size_t len, const char *label,
                          struct noc_ctx *ctx)
{
    struct anynet p;
    int rc;
    memset(&p, 0, sizeof p);
    p.label = label ? label : "<anynet>";
    p.ctx = ctx;
    noc_u64map_init(&p.routers.seen);
    noc_u64map_init(&p.nodes.seen);
    noc_u64map_init(&p.node_router);
    noc_u64map_init(&p.link_index);
    noc_topo_init(t);
    NOC_CHECK(tokenize_all(&p, data, len));
    if (p.routers.n == 0 || p.nodes.n == 0) {
        rc = noc_error(ctx, NOC_EINVAL, p.label, 0, "no %s (an anynet file has lines like 'router 0 node 0 router 1')",
                       p.routers.n == 0 ? "routers" : "nodes");
        goto cleanup;
    }
    if ((rc = check_sequential(&p, &p.routers, "router")) || (rc = check_sequential(&p, &p.nodes, "node")))
        goto cleanup;
    for (int i = 0; i < p.nodes.n; i++)
        if (noc_u64map_get(&p.node_router, (uint64_t)p.nodes.id_line[2 * i]) < 0) {
            rc = noc_error(ctx, NOC_EINVAL, p.label, p.nodes.id_line[2 * i + 1], "node %ld is not attached to a router",
                           p.nodes.id_line[2 * i]);
            goto cleanup;
        }
    NOC_CHECK(build(&p, t));
    rc = noc_topo_io_label(ctx, p.label, noc_topo_finalize(t, ctx));
cleanup:
    noc_u64map_free(&p.routers.seen);
    noc_u64map_free(&p.nodes.seen);
    noc_u64map_free(&p.node_router);
    noc_u64map_free(&p.link_index);
    free(p.routers.id_line);
    free(p.nodes.id_line);
    free(p.attach);
    free(p.links);
    if (rc != NOC_OK)
        noc_topo_free(t);
    return rc;
}
