/* Floorplan co-synthesis (include/nocsyn/phys.h): routers inserted into
 * the floorplan as blocks of their real area, one legal layout written
 * back into the topology. */
#include "nocsyn/phys.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"
#include "layout_int.h"

static void stats_of(const struct noc_topo *t, const struct noc_layout *L, struct noc_phys_stats *st)
{
    memset(st, 0, sizeof *st);
    memcpy(st->die, L->die, sizeof st->die);
    double w = L->die[2] - L->die[0], h = L->die[3] - L->die[1];
    st->die_mm2 = w * h;
    for (int v = t->nrouters; v < t->nnodes; v++)
        if (L->placed[v])
            st->core_mm2 += L->w[v] * L->h[v];
    st->util = st->die_mm2 > 0 ? st->core_mm2 / st->die_mm2 : 0;
    st->aspect = w > 0 && h > 0 ? fmax(w, h) / fmin(w, h) : 0;
}

/* The route weights summed over each route's channels (injection, router
 * hops, ejection). */
static void channel_weights(const struct noc_topo *t, const double *route_w, double *cw)
{
    for (int i = 0; i < t->nroutes; i++) {
        const struct noc_route *r = &t->routes[i];
        double w = route_w ? route_w[i] : 1;
        int prev = r->src;
        for (int j = 0; j <= r->len; j++) {
            int next = j < r->len ? r->path[j] : r->dst;
            int c = noc_graph_find(&t->g, prev, next);
            if (c >= 0)
                cw[c] += w;
            prev = next;
        }
    }
}

/* SunFloor's step with a router slot per tile: each router joins the
 * core it exchanges most bandwidth with (its anchor), in a column to that
 * core's right (the core's block grows by the widest such router and to
 * the column's height); a router without a core stays a block of its own.
 * The min-cut floorplanner then places the blocks again, each channel a
 * flow of the bandwidth routed over it between the blocks of its ends (an
 * unused channel a small share, so it still pulls its ends together).
 * Sets every node's centre. */
static int refloorplan(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, unsigned seed,
                       struct noc_ctx *ctx)
{
    struct noc_app app;
    noc_app_init(&app);
    int rc = NOC_OK, V = t->nnodes, R = t->nrouters;
    double width = t->link_width > 0 ? t->link_width : 32, total = 0;
    double *cw = noc_calloc(ctx, (size_t)t->nch + 1, sizeof *cw);
    double *side = noc_calloc(ctx, (size_t)V + 1, sizeof *side), *best = noc_calloc(ctx, (size_t)V + 1, sizeof *best);
    double *colw = noc_calloc(ctx, (size_t)V + 1, sizeof *colw), *colh = noc_calloc(ctx, (size_t)V + 1, sizeof *colh);
    int *anchor = noc_malloc(ctx, (size_t)V + 1, sizeof *anchor), *blk = noc_malloc(ctx, (size_t)V + 1, sizeof *blk);
    if (!cw || !side || !best || !colw || !colh || !anchor || !blk) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    channel_weights(t, route_w, cw);
    for (int c = 0; c < t->nch; c++)
        total += cw[c];
    for (int v = 0; v < V; v++) {
        anchor[v] = -1;
        struct noc_node *n = &t->nodes[v];
        if (v < R)
            side[v] = noc_layout_router_side_nm(tech, noc_topo_radix(t, v), width) / 1e6;
        else if (!(n->w > 0) || !(n->h > 0))
            n->w = n->h = 1; /* the floorplanner's size for a core without one */
    }
    /* Anchors: the core of the heaviest core channel (ties: lower id). */
    for (int c = 0; c < t->nch; c++) {
        int a = t->ch[c].src, b = t->ch[c].dst, r = a < R ? a : b, k = a < R ? b : a;
        if ((a < R) == (b < R))
            continue;
        double w = cw[c] + cw[t->g.rev[c] >= 0 ? t->g.rev[c] : c];
        if (anchor[r] < 0 || w > best[r] || (w == best[r] && k < anchor[r])) {
            anchor[r] = k;
            best[r] = w;
        }
    }
    for (int r = 0; r < R; r++)
        if (anchor[r] >= 0) {
            colw[anchor[r]] = fmax(colw[anchor[r]], side[r]);
            colh[anchor[r]] += side[r];
        }
    /* Blocks: every core (with its column), every router without a core. */
    for (int v = 0; v < V; v++) {
        blk[v] = -1;
        if (v < R && anchor[v] >= 0)
            continue;
        int id = noc_app_core(&app, t->nodes[v].name, ctx);
        if (id < 0) {
            rc = -id;
            goto cleanup;
        }
        blk[v] = id;
        struct noc_core *co = &app.cores[id];
        co->w = v < R ? side[v] : t->nodes[v].w + colw[v];
        co->h = v < R ? side[v] : fmax(t->nodes[v].h, colh[v]);
        co->has_size = 1;
    }
    for (int r = 0; r < R; r++)
        if (anchor[r] >= 0)
            blk[r] = blk[anchor[r]];
    for (int c = 0; c < t->nch; c++) {
        int a = blk[t->ch[c].src], b = blk[t->ch[c].dst];
        if (a != b)
            NOC_CHECK(noc_app_add_flow(&app, a, b, cw[c] + 1e-3 * (total + 1) / (t->nch + 1), -1, ctx));
    }
    NOC_CHECK(noc_floorplan_mincut_square(&app, seed, 1, ctx));
    /* Each core at the left of its block, centred in height; its routers
     * stacked in the column to its right, from the bottom, in id order. */
    for (int v = R; v < V; v++) {
        const struct noc_core *co = &app.cores[blk[v]];
        const struct noc_node *n = &t->nodes[v];
        noc_topo_set_pos(t, v, co->x + n->w / 2, co->y + co->h / 2);
        colh[v] = co->y + (co->h - fmax(n->h, colh[v])) / 2; /* the column's next free y */
    }
    for (int r = 0; r < R; r++) {
        const struct noc_core *co = &app.cores[blk[r]];
        if (anchor[r] < 0) {
            noc_topo_set_pos(t, r, co->x + side[r] / 2, co->y + side[r] / 2);
            continue;
        }
        int k = anchor[r];
        noc_topo_set_pos(t, r, co->x + t->nodes[k].w + colw[k] / 2, colh[k] + side[r] / 2);
        colh[k] += side[r];
    }
cleanup:
    free(cw);
    free(side);
    free(best);
    free(colw);
    free(colh);
    free(anchor);
    free(blk);
    noc_app_free(&app);
    return rc;
}

/* Channel insertion (rows or columns shifted, the cores otherwise kept):
 * a "cut" is a coordinate along the axis u (y for horizontal channels, x
 * for vertical ones) that no core straddles; the cores' floorplan is
 * opened at chosen cuts by channels as high as their tallest router, less
 * the free band the cut already has (the distance to the nearest core
 * beyond it; none at the last cut), every core at or beyond a cut moving up
 * (right) by what the channels below (left of) it add, so each core moves
 * along one axis only and no two cores change their order.  The routers, sorted by their placement-LP coordinate u, go in
 * consecutive groups to increasing cuts; a group fits a channel when its
 * sides sum to at most the cores' extent along the channel.  A dynamic
 * program picks the groups: the least total height added (the die
 * growth), then the least sum of |u - cut| (the routers' moves across the
 * channel).  In a channel the routers keep their LP order along it, each
 * as near its LP coordinate as the others allow, centred in the channel's
 * height.  Works in whole nm, as the layout does (core centres rounded,
 * lower-left = centre - side / 2).  *fit = 0 (t untouched) when a core has
 * no size or the routers cannot be grouped into the cuts.
 * O(R M G) for R routers, M cuts and groups of at most G routers, plus
 * O((C + R) log(C + R)) to sort the cores' edges and the routers. */
struct span {
    long long lo, hi;
    int id;
};

/* By lo, then id. */
static int span_cmp(const void *pa, const void *pb)
{
    const struct span *a = pa, *b = pb;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

static int ll_cmp(const void *pa, const void *pb)
{
    long long a = *(const long long *)pa, b = *(const long long *)pb;
    return (a > b) - (a < b);
}

/* Displacements are sums of integer nm (|u - cut|): kept as integers,
 * they are exact in any order of summation. */
struct chan_dp {
    long long grow; /* channel height so far, nm */
    long long disp; /* sum of |u - cut| so far, nm */
    int from_i, from_j;
};

static int chan_better(long long g, long long d, const struct chan_dp *b)
{
    return b->from_i < -1 || g < b->grow || (g == b->grow && d < b->disp);
}

/* The channel DP's sources for one cut j2 (see noc_phys_channels): source
 * i (the first i routers placed, the best state before j2) with grow sg[i]
 * and key c[i] = its displacement less the prefix P[i]; ok[i] = 0 when it
 * has no state.  src_before: a before b by (ok, sg, c, index). */
struct chan_src {
    const long long *sg, *c;
    const unsigned char *ok;
};

static int src_before(const struct chan_src *s, int a, int b)
{
    if (s->ok[a] != s->ok[b])
        return s->ok[a];
    if (s->sg[a] != s->sg[b])
        return s->sg[a] < s->sg[b];
    if (s->c[a] != s->c[b])
        return s->c[a] < s->c[b];
    return a < b;
}

/* The first source of [a, b] by src_before, from the sparse table tb
 * (level l: the best of [i, i + 2^l)). */
static int src_min(const struct chan_src *s, int *const *tb, int a, int b)
{
    int l = 0;
    while ((2 << l) <= b - a + 1)
        l++;
    int x = tb[l][a], y = tb[l][b - (1 << l) + 1];
    return src_before(s, y, x) ? y : x;
}

int noc_phys_chan_groups(int R, int M, const long long *osd, const long long *uo, const long long *cut,
                         const long long *gap, long long extent, int *grp, int *found, struct noc_ctx *ctx)
{
    int rc = NOC_OK, *run = NULL, *stk = NULL, *tb[32] = {NULL}, nlv = 0;
    long long *S = NULL, *P = NULL, *sg = NULL, *kc = NULL;
    unsigned char *ok = NULL;
    struct chan_dp *dp = NULL;
    *found = 0;
    if (R < 1 || M < 1)
        return NOC_OK;
    /* DP(i, j): the first i routers placed, the last group at cut j (j =
     * -1: none yet); from_i < -1 marks unreached.  Stored by column. */
#define DP(i, j) dp[(size_t)((j) + 1) * (R + 1) + (i)]
    if (!(dp = noc_malloc(ctx, (size_t)(R + 1) * (M + 1), sizeof *dp)) ||
        !(run = noc_malloc(ctx, (size_t)R + 1, sizeof *run)) || !(S = noc_malloc(ctx, (size_t)R + 1, sizeof *S)) ||
        !(P = noc_malloc(ctx, (size_t)R + 1, sizeof *P)) || !(sg = noc_malloc(ctx, (size_t)R + 1, sizeof *sg)) ||
        !(kc = noc_malloc(ctx, (size_t)R + 1, sizeof *kc)) || !(ok = noc_malloc(ctx, (size_t)R + 1, sizeof *ok)) ||
        !(stk = noc_malloc(ctx, (size_t)R + 1, sizeof *stk))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    while ((1 << nlv) <= R)
        nlv++;
    for (int l = 0; l < nlv; l++)
        if (!(tb[l] = noc_malloc(ctx, (size_t)R + 1, sizeof *tb[l]))) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
    for (size_t k = 0; k < (size_t)(R + 1) * (M + 1); k++)
        dp[k] = (struct chan_dp){0, 0, -2, -2};
    DP(0, -1).from_i = -1;
    S[0] = 0;
    for (int i = 0; i < R; i++) {
        run[i] = -2;
        S[i + 1] = S[i] + osd[i];
    }
    /* A group of routers i..k-1 (in ord) at cut j2 follows the best state
     * (i, j) over j < j2 (run[i]; ties: the lower j); it costs grow
     * g(H) = max(0, H - gap[j2]) for H its largest side and displacement
     * P[k] - P[i] (P: prefix sums of |u - cut j2| along ord).  State (k,
     * j2) takes the least (grow, displacement) over the sources i whose
     * group fits (its sides sum to at most the cores' extent), ties to the
     * lowest i (the row-by-row DP that offers each source to each k in
     * increasing i and keeps strict improvements).  Over the window of
     * fitting i, H(i, k) is a step function of i, one step per entry of a
     * stack of suffix maxima (as many as distinct sides, a few: sides
     * depend on the radix only); within a step the best source is the
     * least (grow, c = displacement - P[i], i), one query of a sparse
     * table.  O(M (R log R + R D)) for D distinct sides, instead of
     * pricing every group: O(R M G). */
    long long L = extent;
    for (int j2 = 0; j2 < M; j2++) {
        long long gj = gap[j2];
        P[0] = 0;
        for (int i = 0; i < R; i++) {
            P[i + 1] = P[i] + llabs(uo[i] - cut[j2]);
            const struct chan_dp *c = &DP(i, j2 - 1);
            if (c->from_i >= -1 && (run[i] < -1 || chan_better(c->grow, c->disp, &DP(i, run[i]))))
                run[i] = j2 - 1;
            ok[i] = run[i] >= -1;
            sg[i] = ok[i] ? DP(i, run[i]).grow : 0;
            kc[i] = ok[i] ? DP(i, run[i]).disp - P[i] : 0;
        }
        const struct chan_src src = {sg, kc, ok};
        for (int i = 0; i < R; i++)
            tb[0][i] = i;
        for (int l = 1; (1 << l) <= R; l++)
            for (int i = 0; i + (1 << l) <= R; i++) {
                int x = tb[l - 1][i], y = tb[l - 1][i + (1 << (l - 1))];
                tb[l][i] = src_before(&src, y, x) ? y : x;
            }
        int qb = 0, qt = 0, wlo = 0;
        for (int k = 1; k <= R; k++) {
            while (qt > qb && osd[stk[qt - 1]] <= osd[k - 1])
                qt--;
            stk[qt++] = k - 1;
            while (wlo < k && S[k] - S[wlo] > L)
                wlo++;
            while (qb < qt && stk[qb] < wlo)
                qb++;
            int bi = -1;
            long long bg = 0, bc = 0;
            for (int e = qb, from = wlo; e < qt; from = stk[e] + 1, e++) {
                int i = src_min(&src, tb, from, stk[e]);
                if (!ok[i])
                    continue;
                long long h = osd[stk[e]], g = sg[i] + (h > gj ? h - gj : 0);
                if (bi < 0 || g < bg || (g == bg && (kc[i] < bc || (kc[i] == bc && i < bi)))) {
                    bi = i;
                    bg = g;
                    bc = kc[i];
                }
            }
            if (bi >= 0)
                DP(k, j2) = (struct chan_dp){bg, bc + P[k], bi, run[bi]};
        }
    }
    int best = -1;
    for (int j = 0; j < M; j++) {
        const struct chan_dp *s = &DP(R, j);
        if (s->from_i >= -1 && (best < 0 || chan_better(s->grow, s->disp, &DP(R, best))))
            best = j;
    }
    if (best < 0)
        goto cleanup;
    for (int i = R, j = best; i > 0;) { /* walk the groups back */
        const struct chan_dp *s = &DP(i, j);
        for (int k = s->from_i; k < i; k++)
            grp[k] = j;
        i = s->from_i;
        j = s->from_j;
    }
    *found = 1;
cleanup:
    free(dp);
    free(run);
    free(S);
    free(P);
    free(sg);
    free(kc);
    free(ok);
    free(stk);
    for (int l = 0; l < nlv; l++)
        free(tb[l]);
    return rc;
#undef DP
}

int noc_phys_channels(struct noc_topo *t, const struct noc_tech *tech, int vertical, int *fit,
                      struct noc_ctx *ctx)
{
    int rc = NOC_OK, V = t->nnodes, R = t->nrouters, C = V - R, M = 0;
    double width = t->link_width > 0 ? t->link_width : 32;
    long long *lo = noc_malloc(ctx, (size_t)V + 1, sizeof *lo), *hi = noc_malloc(ctx, (size_t)V + 1, sizeof *hi);
    long long *plo = noc_malloc(ctx, (size_t)V + 1, sizeof *plo), *side = noc_malloc(ctx, (size_t)V + 1, sizeof *side);
    long long *cut = noc_malloc(ctx, (size_t)2 * C + 1, sizeof *cut), *base = noc_malloc(ctx, (size_t)2 * C + 1, sizeof *base);
    long long *height = noc_calloc(ctx, (size_t)2 * C + 1, sizeof *height);
    long long *gap = noc_calloc(ctx, (size_t)2 * C + 1, sizeof *gap);
    int *ord = noc_malloc(ctx, (size_t)R + 1, sizeof *ord), *grp = noc_malloc(ctx, (size_t)R + 1, sizeof *grp);
    struct span *spn = NULL;
    long long *osd = NULL, *uo = NULL;
    *fit = 0;
    if (!lo || !hi || !plo || !side || !cut || !base || !height || !gap || !ord || !grp) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    if (R == 0 || C == 0)
        goto cleanup;
    /* The cores' extents along u (lo, hi) and along the channel (plo and
     * plo + side), nm. */
    long long p0 = 0, p1 = 0;
    for (int v = R; v < V; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos || !(n->w > 0) || !(n->h > 0))
            goto cleanup;
        long long w = llround(n->w * 1e6), h = llround(n->h * 1e6), cx = llround(n->x * 1e6),
                  cy = llround(n->y * 1e6);
        long long su = vertical ? w : h, sp = vertical ? h : w, cu = vertical ? cx : cy, cp = vertical ? cy : cx;
        lo[v] = cu - su / 2;
        hi[v] = lo[v] + su;
        plo[v] = cp - sp / 2;
        side[v] = sp;
        p0 = v == R || plo[v] < p0 ? plo[v] : p0;
        p1 = v == R || plo[v] + sp > p1 ? plo[v] + sp : p1;
    }
    /* The cuts: core edges that no core straddles, ascending, distinct:
     * the edges and the cores (by lo) sorted, one sweep (an edge is
     * straddled when a core starting below it reaches beyond it). */
    if (!(spn = noc_malloc(ctx, (size_t)(C > R ? C : R) + 1, sizeof *spn))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int v = R; v < V; v++) {
        cut[2 * (v - R)] = lo[v];
        cut[2 * (v - R) + 1] = hi[v];
        spn[v - R] = (struct span){lo[v], hi[v], v};
    }
    qsort(cut, (size_t)2 * C, sizeof *cut, ll_cmp);
    qsort(spn, (size_t)C, sizeof *spn, span_cmp);
    long long reach = 0;
    for (int i = 0, k = 0; i < 2 * C; i++) {
        long long c = cut[i]; /* cut[M] is written only at M <= i */
        if (M && cut[M - 1] == c)
            continue;
        for (; k < C && spn[k].lo < c; k++)
            reach = k == 0 || spn[k].hi > reach ? spn[k].hi : reach;
        if (!(k > 0 && reach > c))
            cut[M++] = c;
    }
    for (int j = 0, k = 0; j + 1 < M; j++) { /* the free band above cut j */
        while (k < C && spn[k].lo < cut[j])
            k++;
        gap[j] = k < C ? spn[k].lo - cut[j] : -1;
    }
    /* The routers by LP coordinate u (ties: id). */
    for (int r = 0; r < R; r++) {
        if (!t->nodes[r].has_pos)
            goto cleanup;
        side[r] = noc_layout_router_side_nm(tech, noc_topo_radix(t, r), width);
        lo[r] = llround((vertical ? t->nodes[r].x : t->nodes[r].y) * 1e6);
        plo[r] = llround((vertical ? t->nodes[r].y : t->nodes[r].x) * 1e6) - side[r] / 2;
        spn[r] = (struct span){lo[r], 0, r};
    }
    qsort(spn, (size_t)R, sizeof *spn, span_cmp);
    for (int r = 0; r < R; r++)
        ord[r] = spn[r].id;
    if (!(osd = noc_malloc(ctx, (size_t)R + 1, sizeof *osd)) || !(uo = noc_malloc(ctx, (size_t)R + 1, sizeof *uo))) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < R; i++) {
        osd[i] = side[ord[i]];
        uo[i] = lo[ord[i]];
    }
    int found;
    NOC_CHECK(noc_phys_chan_groups(R, M, osd, uo, cut, gap, p1 - p0, grp, &found, ctx));
    if (!found)
        goto cleanup;
    for (int k = 0; k < R; k++) /* the channel heights */
        height[grp[k]] = osd[k] > height[grp[k]] ? osd[k] : height[grp[k]];
    /* Each channel's lower edge after the shifts below it. */
    long long acc = 0;
    for (int j = 0; j < M; j++) {
        base[j] = cut[j] + acc;
        acc += height[j] > gap[j] ? height[j] - gap[j] : 0;
    }
    /* The cores: shifted by what the channels at or below their lower edge
     * add. */
    for (int v = R; v < V; v++) {
        long long d = 0;
        for (int j = 0; j < M && cut[j] <= lo[v]; j++)
            d += height[j] > gap[j] ? height[j] - gap[j] : 0;
        struct noc_node *n = &t->nodes[v];
        long long cx = llround(n->x * 1e6), cy = llround(n->y * 1e6);
        if (vertical)
            cx += d;
        else
            cy += d;
        noc_topo_set_pos(t, v, cx / 1e6, cy / 1e6);
    }
    /* The routers of each channel in LP order along it, pushed apart
     * within [p0, p1]: forward (no overlap, not below p0), then backward
     * (not beyond p1). */
    for (int i = 0; i < R;) {
        int i2 = i, j = grp[i];
        while (i2 < R && grp[i2] == j)
            i2++;
        for (int a = i + 1; a < i2; a++) /* by plo within the group (ties: id) */
            for (int k = a; k > i && (plo[ord[k - 1]] > plo[ord[k]] ||
                                     (plo[ord[k - 1]] == plo[ord[k]] && ord[k - 1] > ord[k]));
                 k--) {
                int x = ord[k];
                ord[k] = ord[k - 1];
                ord[k - 1] = x;
            }
        long long end = p0;
        for (int k = i; k < i2; k++) {
            int r = ord[k];
            plo[r] = plo[r] > end ? plo[r] : end;
            end = plo[r] + side[r];
        }
        long long start = p1;
        for (int k = i2 - 1; k >= i; k--) {
            int r = ord[k];
            plo[r] = plo[r] + side[r] > start ? start - side[r] : plo[r];
            start = plo[r];
        }
        for (int k = i; k < i2; k++) {
            int r = ord[k];
            long long cu = base[j] + height[j] / 2, cp = plo[r] + side[r] / 2;
            noc_topo_set_pos(t, r, (vertical ? cu : cp) / 1e6, (vertical ? cp : cu) / 1e6);
        }
        i = i2;
    }
    *fit = 1;
cleanup:
    free(lo);
    free(hi);
    free(plo);
    free(side);
    free(cut);
    free(base);
    free(height);
    free(gap);
    free(ord);
    free(grp);
    free(osd);
    free(uo);
    free(spn);
    return rc;
}

/* The layout of t as it stands; the routers' legal centres become the
 * design's positions. */
static int layout_into(struct noc_topo *t, const struct noc_tech *tech, struct noc_phys_stats *st,
                       struct noc_ctx *ctx)
{
    struct noc_layout L;
    int rc = noc_layout_build(&L, t, tech, ctx);
    if (rc != NOC_OK) {
        if (!ctx->status)
            rc = noc_error(ctx, rc, NULL, 0, "out of memory laying out %s", t->name ? t->name : "the design");
        goto cleanup;
    }
    for (int v = 0; v < t->nrouters; v++)
        if (L.placed[v])
            noc_topo_set_pos(t, v, L.x[v] + L.w[v] / 2, L.y[v] + L.h[v] / 2);
    stats_of(t, &L, st);
cleanup:
    noc_layout_free(&L);
    return rc;
}

/* Saves (dir 0) or restores (dir 1) every node's position and size, and
 * with all its has_pos flag too (s: 5 values per node). */
static void keep(struct noc_topo *t, double *s, int dir, int all)
{
    for (int v = 0; v < t->nnodes; v++) {
        struct noc_node *n = &t->nodes[v];
        double *p[] = {&n->x, &n->y, &n->w, &n->h};
        for (int k = 0; k < 4; k++) {
            if (dir)
                *p[k] = s[5 * v + k];
            else
                s[5 * v + k] = *p[k];
        }
        if (all && dir)
            n->has_pos = s[5 * v + 4] != 0;
        else if (all)
            s[5 * v + 4] = n->has_pos;
    }
}

/* Free-floorplan alternative k (0: the cores kept; 1, 2: channels,
 * horizontal, vertical; 3: floorplanned again with router slots) applied
 * to t; *fit = 0 when it does not apply. */
static int alternative(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, unsigned seed,
                       int k, int *fit, struct noc_ctx *ctx)
{
    *fit = 1;
    if (k == 1 || k == 2)
        return noc_phys_channels(t, tech, k == 2, fit, ctx);
    return k == 3 ? refloorplan(t, tech, route_w, seed, ctx) : NOC_OK;
}

int noc_phys_cosynth(struct noc_topo *t, const struct noc_tech *tech, const double *route_w, int free_fp,
                     unsigned seed, struct noc_phys_stats *st, struct noc_ctx *ctx)
{
    struct noc_phys_stats a, b;
    double *saved = NULL, *won = NULL;
    int rc = NOC_OK;
    if (!free_fp) {
        NOC_CHECK(layout_into(t, tech, &a, ctx));
    } else {
        /* Free: each alternative laid out, the smallest die kept (a tie
         * keeps the earlier: the cores where they are first).  The
         * winner's laid-out nodes are kept as they come, not laid out
         * again (the layout is a function of them). */
        saved = noc_malloc(ctx, (size_t)5 * t->nnodes + 1, sizeof *saved);
        won = noc_malloc(ctx, (size_t)5 * t->nnodes + 1, sizeof *won);
        if (!saved || !won) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        keep(t, saved, 0, 0);
        int best = -1, fit;
        for (int k = 0; k < 4; k++) {
            keep(t, saved, 1, 0);
            NOC_CHECK(alternative(t, tech, route_w, seed, k, &fit, ctx));
            if (!fit)
                continue;
            /* Its die is at least its cores' box: when that cannot beat
             * the best, it is not laid out (the same choice). */
            double lb[4];
            noc_layout_die_bound(t, lb);
            if (best >= 0 && !((lb[2] - lb[0]) * (lb[3] - lb[1]) < a.die_mm2 * (1 - 1e-9)))
                continue;
            NOC_CHECK(layout_into(t, tech, &b, ctx));
            if (best < 0 || b.die_mm2 < a.die_mm2 * (1 - 1e-9)) {
                best = k;
                a = b;
                keep(t, won, 0, 1);
            }
        }
        keep(t, won, 1, 1);
    }
    if (st)
        *st = a;
cleanup:
    free(saved);
    free(won);
    return rc;
}

int noc_phys_stats(const struct noc_topo *t, const struct noc_tech *tech, struct noc_phys_stats *st,
                   struct noc_ctx *ctx)
{
    struct noc_layout L;
    int rc = noc_layout_build(&L, t, tech, ctx);
    if (rc == NOC_OK)
        stats_of(t, &L, st);
    else if (!ctx->status)
        rc = noc_error(ctx, rc, NULL, 0, "out of memory laying out %s", t->name ? t->name : "the design");
    noc_layout_free(&L);
    return rc;
}

int noc_floorplan_stats(const struct noc_app *app, struct noc_phys_stats *st, struct noc_ctx *ctx)
{
    memset(st, 0, sizeof *st);
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_core *co = &app->cores[c];
        if (!co->has_pos || !co->has_size)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no %s", co->name,
                             co->has_pos ? "size" : "position");
        double b[4] = {co->x, co->y, co->x + co->w, co->y + co->h};
        for (int k = 0; k < 4; k++)
            st->die[k] = c == 0 ? b[k] : k < 2 ? fmin(st->die[k], b[k]) : fmax(st->die[k], b[k]);
        st->core_mm2 += co->w * co->h;
    }
    double w = st->die[2] - st->die[0], h = st->die[3] - st->die[1];
    st->die_mm2 = w * h;
    st->util = st->die_mm2 > 0 ? st->core_mm2 / st->die_mm2 : 0;
    st->aspect = w > 0 && h > 0 ? fmax(w, h) / fmin(w, h) : 0;
    return NOC_OK;
}
