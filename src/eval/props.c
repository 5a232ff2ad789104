/* Topology parameters beside the INTERFACE metrics (eval --params):
 * in-degree and out-degree, symmetry (vertex- and edge-transitivity by an
 * exact automorphism search on small networks) and the bandwidth figures
 * of a link width and clock (wire bisection B = b x w, port, aggregate and
 * bisection bandwidth).  Definitions in include/nocsyn/eval.h.
 *
 * Automorphism search.  The router graph is the directed multigraph of
 * router-to-router channels; a router's colour is its number of terminal
 * channels (injection + ejection), so an automorphism also carries the
 * terminals.  To decide whether some automorphism maps a to b (and, for
 * edges, a2 to b2), every router x gets a label -- colour, in- and
 * out-degree, directed distance from and to a (and a2) -- which an
 * automorphism must preserve when x goes to y (distances measured from b,
 * b2).  Routers are then assigned in BFS order from a by backtracking:
 * x -> y needs equal labels, y unused, and the channel counts between x and
 * every router already assigned equal to those between their images.  The
 * search is exact (no answer is guessed); a step budget bounds it, and a
 * network beyond NOC_SYM_MAXR routers or the budget is reported unknown.
 * Orbits are accumulated with union-find from every automorphism found, so
 * a router (edge) already known to be in the orbit of router 0 (edge 0)
 * needs no search of its own. */
#include "nocsyn/eval.h"

#include "nocsyn/topo.h"
#include "nocsyn/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SYM_BUDGET 2000000L /* backtracking steps per search */

struct sym {
    int R;
    const struct noc_graph *g; /* the topology's channels (routers 0..R-1) */
    unsigned char *adj;  /* R x R channel counts u -> v (saturating at 255) */
    int *color, *indeg, *outdeg;
    int *lab_a, *lab_b;  /* per router: 4 distances (from/to x, from/to x2) */
    int *order;          /* BFS order from a */
    int *map, *used;     /* map[x] = image or -1; used[y] */
    int *queue, *dist;   /* R each: noc_graph_bfs's */
    long steps;
};

static void sym_free(struct sym *s)
{
    free(s->adj);
    free(s->color);
    free(s->indeg);
    free(s->outdeg);
    free(s->lab_a);
    free(s->lab_b);
    free(s->order);
    free(s->map);
    free(s->used);
    free(s->queue);
    free(s->dist);
    memset(s, 0, sizeof *s);
}

/* Directed distances from src (out = 1) or to src (out = 0) into d
 * (stride 4, offset off); -1 when unreachable. */
static void bfs(struct sym *s, int src, int out, int *d, int off)
{
    noc_graph_bfs(s->g, s->R, &src, 1, out ? NOC_BFS_OUT : NOC_BFS_IN, -1, s->dist, s->queue);
    for (int v = 0; v < s->R; v++)
        d[4 * v + off] = s->dist[v];
}

/* Labels relative to (x, x2) into lab (x2 < 0: only x). */
static void label(struct sym *s, int x, int x2, int *lab)
{
    bfs(s, x, 1, lab, 0);
    bfs(s, x, 0, lab, 1);
    if (x2 >= 0) {
        bfs(s, x2, 1, lab, 2);
        bfs(s, x2, 0, lab, 3);
    } else {
        for (int v = 0; v < s->R; v++)
            lab[4 * v + 2] = lab[4 * v + 3] = 0;
    }
}

static int same_label(const struct sym *s, int x, int y)
{
    return s->color[x] == s->color[y] && s->indeg[x] == s->indeg[y] &&
           s->outdeg[x] == s->outdeg[y] && !memcmp(&s->lab_a[4 * x], &s->lab_b[4 * y], 4 * sizeof(int));
}

static int consistent(const struct sym *s, int x, int y, int upto)
{
    int R = s->R;
    for (int i = 0; i < upto; i++) {
        int u = s->order[i], w = s->map[u];
        if (s->adj[(size_t)x * R + u] != s->adj[(size_t)y * R + w] ||
            s->adj[(size_t)u * R + x] != s->adj[(size_t)w * R + y])
            return 0;
    }
    return 1;
}

/* 1 found (s->map complete), 0 none, -1 budget exhausted. */
static int extend(struct sym *s, int i)
{
    if (i == s->R)
        return 1;
    if (++s->steps > SYM_BUDGET)
        return -1;
    int x = s->order[i];
    if (s->map[x] >= 0) { /* pre-assigned (a, a2) */
        if (!consistent(s, x, s->map[x], i))
            return 0;
        return extend(s, i + 1);
    }
    for (int y = 0; y < s->R; y++) {
        if (s->used[y] || !same_label(s, x, y) || !consistent(s, x, y, i))
            continue;
        s->map[x] = y;
        s->used[y] = 1;
        int r = extend(s, i + 1);
        if (r)
            return r;
        s->map[x] = -1;
        s->used[y] = 0;
    }
    return 0;
}

/* Searches an automorphism with a -> b and (a2 >= 0) a2 -> b2.  The BFS
 * order over the underlying undirected graph starts at a; unreachable
 * routers follow in index order. */
static int find_auto(struct sym *s, int a, int b, int a2, int b2)
{
    int R = s->R;
    label(s, a, a2, s->lab_a);
    label(s, b, b2, s->lab_b);
    if (!same_label(s, a, b) || (a2 >= 0 && !same_label(s, a2, b2)))
        return 0;
    for (int v = 0; v < R; v++) {
        s->map[v] = -1;
        s->used[v] = 0;
    }
    /* order: BFS (both directions) from a, then a2, then the rest */
    int n = 0;
    int *seen = s->used; /* borrowed, reset below */
    int starts[3] = {a, a2, 0};
    for (int k = 0; k < 3 + R && n < R; k++) {
        int st = k < 2 ? starts[k] : k - 2;
        if (st < 0 || st >= R || seen[st])
            continue;
        int head = n;
        seen[st] = 1;
        s->order[n++] = st;
        while (head < n) {
            int u = s->order[head++];
            for (int v = 0; v < R; v++)
                if (!seen[v] && (s->adj[(size_t)u * R + v] || s->adj[(size_t)v * R + u])) {
                    seen[v] = 1;
                    s->order[n++] = v;
                }
        }
    }
    for (int v = 0; v < R; v++)
        s->used[v] = 0;
    s->map[a] = b;
    s->used[b] = 1;
    if (a2 >= 0) {
        if (s->used[b2])
            return 0;
        s->map[a2] = b2;
        s->used[b2] = 1;
    }
    s->steps = 0;
    return extend(s, 0);
}

static int sym_build(const struct noc_topo *t, struct sym *s, struct noc_ctx *ctx)
{
    int R = t->nrouters;
    memset(s, 0, sizeof *s);
    s->R = R;
    s->g = &t->g;
    s->adj = noc_calloc(ctx, (size_t)R * R + 1, 1);
    s->color = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->indeg = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->outdeg = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->lab_a = noc_calloc(ctx, 4 * (size_t)R + 4, sizeof(int));
    s->lab_b = noc_calloc(ctx, 4 * (size_t)R + 4, sizeof(int));
    s->order = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->map = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->used = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->queue = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    s->dist = noc_calloc(ctx, (size_t)R + 1, sizeof(int));
    if (!s->adj || !s->color || !s->indeg || !s->outdeg || !s->lab_a || !s->lab_b || !s->order ||
        !s->map || !s->used || !s->queue || !s->dist)
        return NOC_ENOMEM;
    for (int c = 0; c < t->nch; c++) {
        int u = t->ch[c].src, v = t->ch[c].dst;
        if (noc_topo_is_rr(t, c)) {
            unsigned char *e = &s->adj[(size_t)u * R + v];
            if (*e < 255)
                (*e)++;
            s->outdeg[u]++;
            s->indeg[v]++;
        } else {
            s->color[noc_topo_is_router(t, u) ? u : v]++;
        }
    }
    return NOC_OK;
}

/* Vertex- and edge-transitivity into p (1, 0, or -1 unknown). */
static int symmetry(const struct noc_topo *t, struct noc_topo_params *p, struct noc_ctx *ctx)
{
    struct sym s;
    int R = t->nrouters, rc;
    int *orb = NULL, *eid = NULL, *eu = NULL, *ev = NULL, *eorb = NULL;
    p->vertex_transitive = p->edge_transitive = -1;
    if (R > NOC_SYM_MAXR)
        return NOC_OK;
    NOC_CHECK(sym_build(t, &s, ctx));
    orb = noc_malloc(ctx, (size_t)R + 1, sizeof *orb);
    eid = noc_malloc(ctx, (size_t)R * R + 1, sizeof *eid);
    eu = noc_malloc(ctx, (size_t)R * R / 2 + 2, sizeof *eu);
    ev = noc_malloc(ctx, (size_t)R * R / 2 + 2, sizeof *ev);
    eorb = noc_malloc(ctx, (size_t)R * R / 2 + 2, sizeof *eorb);
    if (!orb || !eid || !eu || !ev || !eorb) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    int E = 0;
    for (int u = 0; u < R; u++)
        for (int v = 0; v < R; v++) {
            eid[(size_t)u * R + v] = -1;
            if (u < v && (s.adj[(size_t)u * R + v] || s.adj[(size_t)v * R + u])) {
                eu[E] = u;
                ev[E] = v;
                eorb[E] = E;
                E++;
            }
        }
    for (int e = 0; e < E; e++)
        eid[(size_t)eu[e] * R + ev[e]] = eid[(size_t)ev[e] * R + eu[e]] = e;
    noc_uf_init(orb, R);
    /* Records automorphism s.map into both orbit structures. */
#define RECORD()                                                                                 \
    do {                                                                                         \
        for (int x = 0; x < R; x++)                                                              \
            noc_uf_union_min(orb, x, s.map[x]);                                                  \
        for (int f = 0; f < E; f++)                                                              \
            noc_uf_union_min(eorb, f, eid[(size_t)s.map[eu[f]] * R + s.map[ev[f]]]);             \
    } while (0)
    int vt = 1;
    for (int v = 1; v < R && vt == 1; v++) {
        if (noc_uf_find(orb, v) == noc_uf_find(orb, 0))
            continue;
        int r = find_auto(&s, 0, v, -1, -1);
        if (r > 0)
            RECORD();
        else
            vt = r < 0 ? -1 : 0;
    }
    int et = 1;
    for (int e = 1; e < E && et == 1; e++) {
        if (noc_uf_find(eorb, e) == noc_uf_find(eorb, 0))
            continue;
        int r = find_auto(&s, eu[0], eu[e], ev[0], ev[e]);
        if (r == 0)
            r = find_auto(&s, eu[0], ev[e], ev[0], eu[e]);
        if (r > 0)
            RECORD();
        else
            et = r < 0 ? -1 : 0;
    }
#undef RECORD
    p->vertex_transitive = vt;
    p->edge_transitive = et;
cleanup:
    free(orb);
    free(eid);
    free(eu);
    free(ev);
    free(eorb);
    sym_free(&s);
    return rc;
}

int noc_topo_params(const struct noc_topo *t, double width, double freq_mhz, int bisection_links,
                    struct noc_topo_params *p, struct noc_ctx *ctx)
{
    memset(p, 0, sizeof *p);
    if (!t || !t->finalized)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "params: topology not finalized");
    int R = t->nrouters;
    int *in = noc_calloc(ctx, (size_t)R + 1, sizeof *in), *out = noc_calloc(ctx, (size_t)R + 1, sizeof *out);
    if (!in || !out) {
        free(in);
        free(out);
        return NOC_ENOMEM;
    }
    for (int c = 0; c < t->nch; c++)
        if (noc_topo_is_rr(t, c)) {
            out[t->ch[c].src]++;
            in[t->ch[c].dst]++;
        }
    long sin = 0, sout = 0;
    p->in_min = p->out_min = R ? in[0] : 0;
    for (int r = 0; r < R; r++) {
        p->in_min = in[r] < p->in_min ? in[r] : p->in_min;
        p->in_max = in[r] > p->in_max ? in[r] : p->in_max;
        p->out_min = out[r] < p->out_min ? out[r] : p->out_min;
        p->out_max = out[r] > p->out_max ? out[r] : p->out_max;
        sin += in[r];
        sout += out[r];
    }
    p->in_avg = R ? (double)sin / R : 0;
    p->out_avg = R ? (double)sout / R : 0;
    free(in);
    free(out);
    /* bandwidth */
    p->width = width > 0 ? width : t->link_width;
    p->freq_mhz = freq_mhz > 0 ? freq_mhz : t->freq_mhz;
    p->bisection_links = bisection_links;
    p->channel_mbps = p->port_mbps = p->aggregate_mbps = p->channels_mbps = NAN;
    p->bisection_mbps = p->bisection_wires = NAN;
    if (p->width > 0 && p->freq_mhz > 0) {
        p->channel_mbps = noc_link_mbps(p->width, p->freq_mhz);
        p->port_mbps = p->channel_mbps;
        p->aggregate_mbps = p->channel_mbps * t->nterminals;
        p->channels_mbps = p->channel_mbps * noc_topo_rr_channels(t);
        if (bisection_links >= 0)
            p->bisection_mbps = 2.0 * bisection_links * p->channel_mbps;
    }
    if (p->width > 0 && bisection_links >= 0)
        p->bisection_wires = (double)bisection_links * p->width;
    return symmetry(t, p, ctx);
}
