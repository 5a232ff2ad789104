/* The folded layout of indirect networks (gen_priv.h): terminals on a
 * near-square grid of tiles in Morton order, routers at the barycentre of
 * their neighbours. */
#include "gen_priv.h"

#include <math.h>
#include <stdlib.h>

#include "nocsyn/topo.h"

/* Bits 0, 2, 4, ... of i (Morton order: x from the even bits, y from the odd). */
static int even_bits(unsigned i)
{
    int v = 0;
    for (int b = 0; i; b++, i >>= 2)
        v |= (int)(i & 1u) << b;
    return v;
}

int noc_gen_fold(struct noc_topo *t, double pitch, struct noc_ctx *ctx)
{
    int R = t->nrouters, N = t->nterminals;
    int *deg = noc_calloc(ctx, (size_t)R + 1, sizeof *deg);
    if (!deg)
        return NOC_ENOMEM;
    int bits = 0;
    while ((1 << bits) < N)
        bits++;
    int W = 1 << ((bits + 1) / 2), H = 1 << (bits / 2);
    for (int i = 0; i < N; i++)
        noc_topo_set_pos(t, R + i, (even_bits((unsigned)i) + 0.5) * pitch,
                         (even_bits((unsigned)i >> 1) + 0.5) * pitch);
    for (int v = 0; v < R; v++)
        noc_topo_set_pos(t, v, W * pitch / 2, H * pitch / 2);
    /* Gauss-Seidel sweeps of x_v = mean of its neighbours' x (every
     * channel in or out counts once), terminals fixed: the minimum of the
     * sum of squared link lengths (a Tutte embedding), unique when every
     * router reaches a terminal.  Converges geometrically (indirect
     * networks have a small diameter): to 10^-9 pitch, 10000 sweeps at most. */
    for (int c = 0; c < t->nch; c++)
        for (int end = 0; end < 2; end++) {
            int v = end ? t->ch[c].dst : t->ch[c].src;
            if (v < R)
                deg[v]++;
        }
    for (int it = 0; it < 10000; it++) {
        double moved = 0;
        for (int v = 0; v < R; v++) {
            if (!deg[v])
                continue;
            double x = 0, y = 0;
            for (int e = t->g.off[v]; e < t->g.off[v + 1]; e++) {
                x += t->nodes[t->g.dst[e]].x;
                y += t->nodes[t->g.dst[e]].y;
            }
            for (int j = t->g.in_off[v]; j < t->g.in_off[v + 1]; j++) {
                int w = t->g.src[t->g.in_edge[j]];
                x += t->nodes[w].x;
                y += t->nodes[w].y;
            }
            x /= deg[v];
            y /= deg[v];
            moved = fmax(moved, fabs(x - t->nodes[v].x) + fabs(y - t->nodes[v].y));
            noc_topo_set_pos(t, v, x, y);
        }
        if (moved < 1e-9 * pitch)
            break;
    }
    /* Whole nanometres, as the DEF writes them. */
    for (int v = 0; v < R; v++)
        noc_topo_set_pos(t, v, round(t->nodes[v].x * 1e6) / 1e6, round(t->nodes[v].y * 1e6) / 1e6);
    free(deg);
    return NOC_OK;
}
