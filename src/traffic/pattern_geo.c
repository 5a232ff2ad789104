/* Coordinate patterns (Dally & Towles sec. 3.2, Table 3.1) and the 3-D FFT
 * phases.
 *
 * On k-ary n-cubes (mesh, torus, ring, hypercube, cmesh) and flattened
 * butterflies the patterns act on router coordinates: terminal s sits on
 * router s / c (c = concentration) at local slot s mod c, and the router
 * index is the mixed-radix coordinate with dimension 0 least significant
 * (docs/INTERFACE.md section 3.1).  The destination keeps the local slot.
 *   tornado  d_x = s_x + ceil(k_x/2) - 1 mod k_x in every dimension
 *            (on a hypercube, k = 2, this is the identity)
 *   neighbor d_x = s_x + 1 mod k_x in every dimension
 *   transpose on a square 2-D network (k x k) swaps x and y; elsewhere the
 *            bit version d_i = s_{(i + b/2) mod b} on N = 2^b, b even.
 * On any other topology tornado and neighbor treat the N terminals as one
 * ring (k = N, c = 1): d = s + ceil(N/2) - 1 and d = s + 1 mod N.
 *
 * fft3d:PROWxPCOL:PHASE: the two all-to-all phases of a 3-D FFT with a 2-D
 * (pencil) decomposition on a PROW x PCOL process grid, process i on
 * terminal i at row i / PCOL, column i mod PCOL; PROW * PCOL must equal N.
 * Phase 1: each process sends 1/(PCOL-1) to each other process of its row;
 * phase 2: 1/(PROW-1) to each other process of its column.  A row (column)
 * of one process sends its unit to itself. */
#include "pattern_int.h"
#include "nocsyn/perm.h"

#include <stdlib.h>
#include <string.h>

#define GRID_MAXDIM 31

struct grid {
    int ndims;
    int dims[GRID_MAXDIM];
    int conc;
};

/* The router grid of t, or 0 when t is not a k-ary n-cube / flatfly whose
 * shape matches its terminal count. */
static int grid_of(const struct noc_topo *t, struct grid *g)
{
    const struct noc_shape *sh = &t->shape;
    int fam = sh->family;
    if (fam != NOC_FAM_MESH && fam != NOC_FAM_TORUS && fam != NOC_FAM_FLATFLY &&
        fam != NOC_FAM_RING && fam != NOC_FAM_HYPERCUBE)
        return 0;
    memset(g, 0, sizeof *g);
    g->ndims = sh->ndims;
    g->conc = sh->conc > 0 ? sh->conc : 1;
    if (g->ndims < 1 || g->ndims > GRID_MAXDIM)
        return 0;
    long prod = g->conc;
    for (int d = 0; d < g->ndims; d++) {
        g->dims[d] = fam == NOC_FAM_HYPERCUBE ? 2 : (d < NOC_MAXDIM ? sh->dims[d] : 0);
        if (g->dims[d] < 1 || prod > t->nterminals)
            return 0;
        prod *= g->dims[d];
    }
    return prod == t->nterminals;
}

/* Applies per-dimension digit maps: rule 0 = tornado, 1 = neighbor. */
static int grid_dest(const struct grid *g, int s, int rule)
{
    int r = s / g->conc, local = s % g->conc, out = 0, w = 1;
    for (int d = 0; d < g->ndims; d++) {
        int k = g->dims[d], x = r % k;
        r /= k;
        int y = rule == 0 ? (x + (k + 1) / 2 - 1) % k : (x + 1) % k;
        out += y * w;
        w *= k;
    }
    return out * g->conc + local;
}

static int grid_pattern(struct noc_traffic *tr, const struct noc_topo *t, int rule,
                        struct noc_ctx *ctx)
{
    struct grid g;
    if (!grid_of(t, &g)) { /* one ring of all terminals */
        memset(&g, 0, sizeof g);
        g.ndims = 1;
        g.dims[0] = t->nterminals;
        g.conc = 1;
    }
    for (int s = 0; s < tr->n; s++) {
        int st = noc_traffic_add(tr, s, grid_dest(&g, s, rule), 1.0, ctx);
        if (st)
            return st;
    }
    return NOC_OK;
}

int noc_pat_tornado(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                    const char *map, struct noc_ctx *ctx)
{
    return grid_pattern(tr, t, 0, ctx);
}

int noc_pat_neighbor(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                     const char *map, struct noc_ctx *ctx)
{
    return grid_pattern(tr, t, 1, ctx);
}

int noc_pat_transpose(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                      const char *map, struct noc_ctx *ctx)
{
    struct grid g;
    int st;
    if (grid_of(t, &g) && g.ndims == 2 && g.dims[0] == g.dims[1]) {
        int k = g.dims[0];
        for (int s = 0; s < tr->n; s++) {
            int r = s / g.conc, x = r % k, y = r / k;
            if ((st = noc_traffic_add(tr, s, (x * k + y) * g.conc + s % g.conc, 1.0, ctx)))
                return st;
        }
        return NOC_OK;
    }
    int b = noc_perm_log2(t->nterminals);
    if (b < 0 || b % 2)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "traffic 'transpose' needs a square 2-D k-ary cube or 2^b terminals with b "
                         "even; this topology has %d terminals",
                         t->nterminals);
    int h = b / 2, mask = tr->n - 1;
    for (int s = 0; s < tr->n; s++)
        if ((st = noc_traffic_add(tr, s, ((s << h) | (s >> h)) & mask, 1.0, ctx)))
            return st;
    return NOC_OK;
}

int noc_pat_fft3d(struct noc_traffic *tr, const struct noc_topo *t, const char *arg,
                  const char *map, struct noc_ctx *ctx)
{
    char buf[64];
    long prow, pcol, phase;
    const char *usage = "write it as fft3d:PROWxPCOL:PHASE with PHASE 1 (rows) or 2 (columns)";
    if (strlen(arg) >= sizeof buf)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'fft3d:%s': %s", arg, usage);
    strcpy(buf, arg);
    char *x = strchr(buf, 'x'), *colon = strchr(buf, ':');
    if (!x || !colon || colon < x)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'fft3d:%s': %s", arg, usage);
    *x = *colon = '\0';
    if (noc_parse_int(buf, 1, 1L << 30, &prow) || noc_parse_int(x + 1, 1, 1L << 30, &pcol) ||
        noc_parse_int(colon + 1, 1, 2, &phase))
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic 'fft3d:%s': %s", arg, usage);
    if (prow * pcol != tr->n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0,
                         "traffic 'fft3d:%s': the %ld x %ld process grid has %ld processes but the "
                         "topology has %d terminals (they must be equal)",
                         arg, prow, pcol, prow * pcol, tr->n);
    for (int s = 0; s < tr->n; s++) {
        int row = s / (int)pcol, col = s % (int)pcol;
        int cnt = phase == 1 ? (int)pcol : (int)prow;
        int st;
        if (cnt == 1) {
            if ((st = noc_traffic_add(tr, s, s, 1.0, ctx)))
                return st;
            continue;
        }
        for (int i = 0; i < cnt; i++) {
            int d = phase == 1 ? row * (int)pcol + i : i * (int)pcol + col;
            if (d != s && (st = noc_traffic_add(tr, s, d, 1.0 / (cnt - 1), ctx)))
                return st;
        }
    }
    return NOC_OK;
}
