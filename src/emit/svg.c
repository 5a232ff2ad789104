/* SVG rendering in-process with libgvc (no child process, nothing printed).
 *
 * Pinned drawings use Graphviz's "nop" layout, which is `neato -n`: every
 * node stays at its `pos` (in points) and only the edges are routed.  When
 * some node has no `pos`, "neato" places it (pos then follows the graph's
 * inputscale, which the topology writer sets to points); unpinned drawings
 * use "dot".
 */
#include "nocsyn/emit.h"
#include "nocsyn/topo.h"
#include "../topo/cgraph_err.h"

#include <graphviz/gvc.h>
#include <stdlib.h>
#include <string.h>

/* The Graphviz context, created on first use and kept for the life of the
 * process.  libgvc 2.42's pango plugin caches a pointer into the font table
 * of the context that rendered last, so freeing a context and rendering
 * with a new one reads freed memory (found under ASan); one long-lived
 * context keeps that pointer valid.  Like cgraph itself, not thread-safe. */
static GVC_t *graphviz_context(void)
{
    static GVC_t *gvc;
    if (!gvc)
        gvc = gvContext();
    return gvc;
}

/* 1 when every node of g has a non-empty pos attribute. */
static int all_pinned(Agraph_t *g)
{
    char name[] = "pos";
    Agsym_t *pos = agattr(g, AGNODE, name, NULL);
    if (!pos)
        return 0;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        const char *p = agxget(n, pos);
        if (!p || !*p)
            return 0;
    }
    return 1;
}

static int render_error(struct noc_ctx *ctx, int status, const char *what)
{
    char msg[600];
    long line = 0;
    if (!noc_cgraph_error(msg, sizeof msg, &line))
        return noc_error(ctx, status, NULL, 0, "SVG rendering failed: %s", what);
    if (line > 0)
        return noc_error(ctx, status, NULL, 0, "SVG rendering failed: %s: line %ld: %s", what, line, msg);
    return noc_error(ctx, status, NULL, 0, "SVG rendering failed: %s: %s", what, msg);
}

int noc_svg_render(const char *dot, int pinned, struct noc_buf *out, struct noc_ctx *ctx)
{
    int rc = NOC_OK, laid_out = 0;
    struct noc_cgraph_quiet q;
    noc_cgraph_quiet_begin(&q);
    GVC_t *gvc = NULL;
    Agraph_t *g = NULL;
    char *data = NULL;
    unsigned int len = 0;
    if (!(gvc = graphviz_context())) {
        rc = render_error(ctx, NOC_EINTERNAL, "cannot create a Graphviz context");
        goto cleanup;
    }
    struct noc_cgraph_fail f;
    if (!(g = noc_cgraph_read(dot, strlen(dot), 0, &f))) {
        const char *why = f.why == NOC_CGRAPH_SYNTAX ? f.msg : "not one DOT graph";
        if (f.why == NOC_CGRAPH_NOMEM)
            rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory rendering SVG");
        else if (f.line > 0)
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "SVG rendering failed: line %ld: DOT %s", f.line, why);
        else
            rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "SVG rendering failed: DOT %s", why);
        goto cleanup;
    }
    const char *engine = pinned ? (all_pinned(g) ? "nop" : "neato") : "dot";
    if (gvLayout(gvc, g, engine) != 0) {
        rc = render_error(ctx, NOC_EINTERNAL, "layout failed");
        goto cleanup;
    }
    laid_out = 1;
    if (gvRenderData(gvc, g, "svg", &data, &len) != 0 || !data) {
        rc = render_error(ctx, NOC_EINTERNAL, "SVG output failed");
        goto cleanup;
    }
    noc_buf_append(out, data, len);
    if (out->failed)
        rc = noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory rendering SVG");
cleanup:
    if (data)
        gvFreeRenderData(data);
    if (laid_out)
        gvFreeLayout(gvc, g);
    if (g)
        agclose(g);
    noc_cgraph_quiet_end(&q);
    return rc;
}

/* qsort order of node pointers by (x, y), then id (stable groups). */
static int cmp_pos(const void *a, const void *b)
{
    const struct noc_node *p = *(const struct noc_node *const *)a, *q = *(const struct noc_node *const *)b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p > q) - (p < q);
}

/* Drawing offset of the j-th extra node on one point (mm): a box is
 * 0.45 in = 0.32 mm at the DOT writer's 100 points per mm. */
#define SVG_STACK_DX 0.4

int noc_topo_write_svg(const struct noc_topo *t, struct noc_buf *out, struct noc_ctx *ctx)
{
    struct noc_buf dot;
    struct noc_topo view = *t; /* shallow: only nodes[] is replaced */
    const struct noc_node **s = NULL;
    int pinned = t->nnodes > 0, rc = NOC_OK;
    noc_buf_init(&dot);
    for (int v = 0; v < t->nnodes; v++)
        pinned &= t->nodes[v].has_pos;
    /* Nodes sharing a point (a folded switch stack, a switch on a core's
     * spot) are fanned out to the right in the drawing only, so every
     * node stays visible and the floorplan view is kept. */
    view.nodes = NULL;
    if (pinned) {
        if (!(s = noc_calloc(ctx, (size_t)t->nnodes, sizeof *s)) ||
            !(view.nodes = noc_calloc(ctx, (size_t)t->nnodes, sizeof *view.nodes))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        memcpy(view.nodes, t->nodes, (size_t)t->nnodes * sizeof *view.nodes);
        for (int v = 0; v < t->nnodes; v++)
            s[v] = &t->nodes[v];
        qsort(s, (size_t)t->nnodes, sizeof *s, cmp_pos);
        for (int v = 1, j = 0; v < t->nnodes; v++) {
            j = (s[v]->x == s[v - 1]->x && s[v]->y == s[v - 1]->y) ? j + 1 : 0;
            view.nodes[s[v] - t->nodes].x += j * SVG_STACK_DX;
        }
    }
    NOC_CHECK(noc_topo_write_dot(view.nodes ? &view : t, &dot, ctx));
    rc = noc_svg_render(dot.data, pinned, out, ctx);
cleanup:
    free(view.nodes);
    free(s);
    noc_buf_free(&dot);
    return rc;
}
