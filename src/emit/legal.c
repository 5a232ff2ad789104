/* Placed blocks of the layout: a grid for the overlap test and the lazy
 * nearest-free-corner search (legal_int.h). */
#include "legal_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct legal_bucket {
    int *v;
    int n;
    size_t cap;
};

void noc_legal_init(struct legal_set *o)
{
    memset(o, 0, sizeof *o);
    noc_u64map_init(&o->cells);
    noc_u64map_init(&o->lend);
    noc_u64map_init(&o->rend);
}

static void free_grid(struct legal_set *o)
{
    for (int i = 0; i < o->nb; i++)
        free(o->b[i].v);
    free(o->b);
    o->b = NULL;
    o->nb = 0;
    o->bcap = 0;
    noc_u64map_free(&o->cells);
    noc_u64map_init(&o->cells);
}

void noc_legal_free(struct legal_set *o)
{
    free_grid(o);
    free(o->r);
    for (int k = 0; k < 2; k++)
        free(o->edge[k]);
    free(o->etmp);
    free(o->run);
    free(o->run_x0);
    free(o->run_x1);
    noc_u64map_free(&o->lend);
    noc_u64map_free(&o->rend);
    memset(o, 0, sizeof *o);
}

/* Floor division (cells of negative coordinates too). */
static long long cell_of(long long v, long long c) { return v >= 0 ? v / c : -((-v + c - 1) / c); }

/* The cells [i0, i1] x [j0, j1] a block touches (a zero-width block its
 * lower-left cell). */
static void cell_range(const struct legal_set *o, const struct legal_rect *a, long long *i0, long long *i1,
                       long long *j0, long long *j1)
{
    *i0 = cell_of(a->x0, o->cell);
    *i1 = cell_of(a->x1 - 1 > a->x0 ? a->x1 - 1 : a->x0, o->cell);
    *j0 = cell_of(a->y0, o->cell);
    *j1 = cell_of(a->y1 - 1 > a->y0 ? a->y1 - 1 : a->y0, o->cell);
}

static uint64_t cell_key(long long i, long long j) { return noc_pair_key((int)i, (int)j); }

static int grid_insert(struct legal_set *o, int id, struct noc_ctx *ctx)
{
    long long i0, i1, j0, j1;
    cell_range(o, &o->r[id], &i0, &i1, &j0, &j1);
    for (long long i = i0; i <= i1; i++)
        for (long long j = j0; j <= j1; j++) {
            int bi = noc_u64map_get(&o->cells, cell_key(i, j));
            if (bi < 0) {
                if (noc_grow(ctx, (void **)&o->b, &o->bcap, (size_t)o->nb + 1, sizeof *o->b))
                    return NOC_ENOMEM;
                bi = o->nb++;
                memset(&o->b[bi], 0, sizeof o->b[bi]);
                if (noc_u64map_put(&o->cells, cell_key(i, j), bi, ctx) != NOC_OK)
                    return NOC_ENOMEM;
            }
            struct legal_bucket *b = &o->b[bi];
            if (noc_grow(ctx, (void **)&b->v, &b->cap, (size_t)b->n + 1, sizeof *b->v))
                return NOC_ENOMEM;
            b->v[b->n++] = id;
        }
    return NOC_OK;
}

/* Inserts v into the ascending array a of n values. */
static void sorted_insert(long long *a, int n, long long v)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(a + lo + 1, a + lo, (size_t)(n - lo) * sizeof *a);
    a[lo] = v;
}

/* Merges the ascending a[0, m) and a[m, n) in place (tmp: n values). */
static void merge_parts(long long *a, int m, int n, long long *tmp)
{
    int i = 0, j = m, k = 0;
    while (i < m || j < n)
        tmp[k++] = j >= n || (i < m && a[i] <= a[j]) ? a[i++] : a[j++];
    memcpy(a, tmp, (size_t)n * sizeof *a);
}

/* Key of a vertical edge at x spanning [y0, y1) (a hash: a hit is checked
 * against the block). */
static uint64_t edge_key(long long x, long long y0, long long y1)
{
    return (uint64_t)x * 0x9e3779b97f4a7c15ULL ^ (uint64_t)y0 * 0xc2b2ae3d27d4eb4fULL ^
           (uint64_t)y1 * 0x165667b19e3779f9ULL;
}

/* Joins block id to the run of a block of its y range ending where it
 * starts (left) and to that of one starting where it ends (right). */
static int run_join(struct legal_set *o, int id, struct noc_ctx *ctx)
{
    const struct legal_rect *r = &o->r[id];
    o->run[id] = id;
    o->run_x0[id] = r->x0;
    o->run_x1[id] = r->x1;
    int nb[2] = {noc_u64map_get(&o->rend, edge_key(r->x0, r->y0, r->y1)),
                 noc_u64map_get(&o->lend, edge_key(r->x1, r->y0, r->y1))};
    for (int k = 0; k < 2; k++) {
        const struct legal_rect *b = nb[k] >= 0 ? &o->r[nb[k]] : NULL;
        if (!b || b->y0 != r->y0 || b->y1 != r->y1 || (k ? b->x0 != r->x1 : b->x1 != r->x0))
            continue;
        int ra = noc_uf_find(o->run, id), rb = noc_uf_find(o->run, nb[k]);
        long long x0 = o->run_x0[ra] < o->run_x0[rb] ? o->run_x0[ra] : o->run_x0[rb];
        long long x1 = o->run_x1[ra] > o->run_x1[rb] ? o->run_x1[ra] : o->run_x1[rb];
        noc_uf_union_min(o->run, ra, rb);
        int root = noc_uf_find(o->run, id);
        o->run_x0[root] = x0;
        o->run_x1[root] = x1;
    }
    if (noc_u64map_put(&o->lend, edge_key(r->x0, r->y0, r->y1), id, ctx) != NOC_OK ||
        noc_u64map_put(&o->rend, edge_key(r->x1, r->y0, r->y1), id, ctx) != NOC_OK)
        return NOC_ENOMEM;
    return NOC_OK;
}

int noc_legal_add(struct legal_set *o, struct legal_rect r, struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&o->r, &o->cap, (size_t)o->n + 1, sizeof *o->r))
        return NOC_ENOMEM;
    for (int k = 0; k < 2; k++) {
        size_t cap = o->ecap;
        if (noc_grow(ctx, (void **)&o->edge[k], &cap, (size_t)o->n + 1, sizeof *o->edge[k]))
            return NOC_ENOMEM;
        if (k == 1)
            o->ecap = cap;
    }
    for (int k = 0; k < 3; k++) {
        size_t cap = o->rcap;
        void **a[] = {(void **)&o->run, (void **)&o->run_x0, (void **)&o->run_x1};
        size_t sz[] = {sizeof *o->run, sizeof *o->run_x0, sizeof *o->run_x1};
        if (noc_grow(ctx, a[k], &cap, (size_t)o->n + 1, sz[k]))
            return NOC_ENOMEM;
        if (k == 2)
            o->rcap = cap;
    }
    /* The edges go into the recent part (sorted), merged into the main
     * part once that is longer than its square root: O(sqrt n) per block
     * amortised instead of O(n). */
    int nrec = o->n - o->nmain;
    sorted_insert(o->edge[0] + o->nmain, nrec, r.y0);
    sorted_insert(o->edge[1] + o->nmain, nrec, r.y1);
    if ((long long)(nrec + 1) * (nrec + 1) > o->nmain + 64LL) {
        size_t tcap = o->tcap;
        if (noc_grow(ctx, (void **)&o->etmp, &tcap, (size_t)o->n + 1, sizeof *o->etmp))
            return NOC_ENOMEM;
        o->tcap = tcap;
        for (int k = 0; k < 2; k++)
            merge_parts(o->edge[k], o->nmain, o->n + 1, o->etmp);
        o->nmain = o->n + 1;
    }
    int id = o->n++;
    o->r[id] = r;
    if (run_join(o, id, ctx) != NOC_OK)
        return NOC_ENOMEM;
    long long side = r.x1 - r.x0 > r.y1 - r.y0 ? r.x1 - r.x0 : r.y1 - r.y0;
    if (side < 1)
        side = 1;
    if (side > o->cell) { /* a larger block: coarser cells, every block again */
        o->cell = side > 2 * o->cell ? side : 2 * o->cell;
        free_grid(o);
        for (int i = 0; i < o->n; i++)
            if (grid_insert(o, i, ctx) != NOC_OK)
                return NOC_ENOMEM;
        return NOC_OK;
    }
    return grid_insert(o, id, ctx);
}

int noc_legal_overlaps(const struct legal_set *o, const struct legal_rect *a)
{
    if (!o->n)
        return 0;
    long long i0, i1, j0, j1;
    cell_range(o, a, &i0, &i1, &j0, &j1);
    for (long long i = i0; i <= i1; i++)
        for (long long j = j0; j <= j1; j++) {
            int bi = noc_u64map_get(&o->cells, cell_key(i, j));
            for (int k = 0; bi >= 0 && k < o->b[bi].n; k++) {
                const struct legal_rect *b = &o->r[o->b[bi].v[k]];
                if (a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1)
                    return 1;
            }
        }
    return 0;
}

/* One axis of the candidate grid, produced lazily: the wanted coordinate w
 * and the values lo_edge[i] - s and hi_edge[i] (each kept as two ascending
 * parts: four streams), distinct, in the order (|v - w|, v), walked
 * outwards from w. */
#define WALK_STREAMS 4
struct walk {
    const long long *a[WALK_STREAMS];
    long long off[WALK_STREAMS];
    int len[WALK_STREAMS], down[WALK_STREAMS], up[WALK_STREAMS], wdone;
    long long w;
    long long *v; /* produced so far */
    int nv;
    size_t cap;
};

static void walk_init(struct walk *k, const struct legal_set *o, long long s, long long w)
{
    memset(k, 0, sizeof *k);
    for (int t = 0; t < WALK_STREAMS; t++) {
        int part = t >> 1;
        k->a[t] = o->edge[t & 1] + (part ? o->nmain : 0);
        k->len[t] = part ? o->n - o->nmain : o->nmain;
        k->off[t] = (t & 1) ? 0 : -s;
    }
    k->w = w;
    for (int t = 0; t < WALK_STREAMS; t++) { /* up: the first value >= w */
        int lo = 0, hi = k->len[t];
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (k->a[t][mid] + k->off[t] < w)
                lo = mid + 1;
            else
                hi = mid;
        }
        k->up[t] = lo;
        k->down[t] = lo - 1;
    }
}

/* Drops the values not yet produced on one side: above w (up) those below
 * bound, below w those above it. */
static void walk_skip(struct walk *k, int up, long long bound)
{
    for (int t = 0; t < WALK_STREAMS; t++) {
        int lo = up ? k->up[t] : 0, hi = up ? k->len[t] : k->down[t] + 1;
        while (lo < hi) { /* the first value >= bound (up) or > bound */
            int mid = lo + (hi - lo) / 2;
            long long v = k->a[t][mid] + k->off[t];
            if (up ? v < bound : v <= bound)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (up)
            k->up[t] = lo;
        else
            k->down[t] = lo - 1;
    }
}

/* (|a - w|, a) before (|b - w|, b). */
static int closer(long long a, long long b, long long w)
{
    long long da = a < w ? w - a : a - w, db = b < w ? w - b : b - w;
    return da < db || (da == db && a < b);
}

/* Makes value i available (1), or 0 when the axis has fewer values; -1 on
 * ENOMEM. */
static int walk_get(struct walk *k, int i, struct noc_ctx *ctx)
{
    while (k->nv <= i) {
        int found = 0, from = -1, dir = 0;
        long long best = 0;
        if (!k->wdone) {
            best = k->w;
            found = 1;
        }
        for (int t = 0; t < WALK_STREAMS; t++)
            for (int d = 0; d < 2; d++) {
                int idx = d ? k->up[t] : k->down[t];
                if (idx < 0 || idx >= k->len[t])
                    continue;
                long long v = k->a[t][idx] + k->off[t];
                if (!found || closer(v, best, k->w)) {
                    best = v;
                    found = 1;
                    from = t;
                    dir = d;
                }
            }
        if (!found)
            return 0;
        if (from < 0)
            k->wdone = 1;
        else if (dir) /* past every copy of the value in its array */
            do
                k->up[from]++;
            while (k->up[from] < k->len[from] && k->a[from][k->up[from]] + k->off[from] == best);
        else
            do
                k->down[from]--;
            while (k->down[from] >= 0 && k->a[from][k->down[from]] + k->off[from] == best);
        if (k->nv && k->v[k->nv - 1] == best)
            continue; /* a repeat: equal values come out together */
        if (noc_grow(ctx, (void **)&k->v, &k->cap, (size_t)k->nv + 1, sizeof *k->v))
            return -1;
        k->v[k->nv++] = best;
    }
    return 1;
}

/* A run over the wanted x: every row y with ylo < y < yhi has its first
 * free corner at least m from the wanted x (the run's forbidden corners
 * are the open interval (x0 - s, x1) on such a row). */
struct cover {
    long long ylo, yhi, m;
};

/* Slides an s x s block at (x, y) right (dir > 0: to the largest right
 * edge of the blocks it meets) or left (to the smallest left edge minus s)
 * until it meets none: every position passed over meets a block, so the
 * result is the nearest free position on that side, and it is a block's
 * edge (or x itself).  The slide gives up once it is more than lim from x
 * (the caller has a corner at least that near): 1 with *out, or 0.  With
 * cov, the block over x itself that bounds the row best (largest m) goes
 * into *cov when it beats cov->m. */
static int slide(struct legal_set *o, long long x, long long y, long long s, int dir, long long lim,
                 long long *out, struct cover *cov)
{
    for (long long x_start = x;;) {
        if ((dir > 0 ? x - x_start : x_start - x) > lim)
            return 0;
        struct legal_rect a = {x, y, x + s, y + s};
        long long i0, i1, j0, j1, nx = x;
        int hit = 0;
        cell_range(o, &a, &i0, &i1, &j0, &j1);
        for (long long i = i0; i <= i1; i++)
            for (long long j = j0; j <= j1; j++) {
                int bi = noc_u64map_get(&o->cells, cell_key(i, j));
                for (int k = 0; bi >= 0 && k < o->b[bi].n; k++) {
                    const struct legal_rect *b = &o->r[o->b[bi].v[k]];
                    if (!(a.x0 < b->x1 && b->x0 < a.x1 && a.y0 < b->y1 && b->y0 < a.y1))
                        continue;
                    hit = 1;
                    /* b's run meets the row as b does and blocks it
                     * without a gap */
                    int root = noc_uf_find(o->run, o->b[bi].v[k]);
                    long long rx0 = o->run_x0[root], rx1 = o->run_x1[root];
                    if (cov && x == x_start) { /* the runs over x itself */
                        long long m = x - (rx0 - s) < rx1 - x ? x - (rx0 - s) : rx1 - x;
                        if (m > cov->m)
                            *cov = (struct cover){b->y0 - s, b->y1, m};
                    }
                    if (dir > 0 && rx1 > nx)
                        nx = rx1;
                    if (dir < 0 && rx0 - s < nx)
                        nx = rx0 - s;
                }
            }
        if (!hit) {
            *out = x;
            return 1;
        }
        x = nx;
    }
}

static long long labs_ll(long long v) { return v < 0 ? -v : v; }

/* The candidates of one row y (the x values: the wanted one and every block
 * edge) are free exactly outside the run of blocked positions around the
 * wanted x, so the row's first free candidate in (|x - wx|, x) order is the
 * run's left or right end.  Rows are taken in (|y - wy|, y) order until
 * their distance alone exceeds the best corner found. */
int noc_legal_place(struct legal_set *o, long long s, long long *x, long long *y, struct noc_ctx *ctx)
{
    struct legal_rect want = {*x, *y, *x + s, *y + s};
    if (!noc_legal_overlaps(o, &want))
        return noc_legal_add(o, want, ctx);
    struct walk Y;
    walk_init(&Y, o, s, *y);
    long long wx = *x, wy = *y, bx = 0, by = 0, bd = 0;
    struct cover cov[2] = {{0, 0, 0}, {0, 0, 0}}; /* rows below wy, rows from wy up */
    int found = 0, rc = NOC_OK;
    for (int j = 0;; j++) {
        int r = walk_get(&Y, j, ctx);
        if (r < 0) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        if (r == 0)
            break;
        long long yv = Y.v[j], dy = labs_ll(yv - wy);
        if (found && dy > bd)
            break;
        /* Only a corner within bd - dy of wx can still win (ties
         * included), and the right one only when strictly nearer than
         * the left (the left wins a tie). */
        long long lim = found ? bd - dy : LLONG_MAX, lx = 0, rx = 0, xv;
        /* A row under the last cover of its side that cannot come within
         * bd is skipped without a query. */
        struct cover *cv = &cov[yv >= wy];
        int under = cv->ylo < yv && yv < cv->yhi;
        if (found && under && cv->m > lim) {
            /* so is every later row of this side under it (dy grows, bd
             * does not) */
            walk_skip(&Y, yv >= wy, yv >= wy ? cv->yhi : cv->ylo);
            continue;
        }
        struct cover nc = {0, 0, under ? cv->m : 0};
        int okl = slide(o, wx, yv, s, -1, lim, &lx, &nc);
        if (nc.ylo < yv && yv < nc.yhi && (!under || nc.m > cv->m))
            *cv = nc;
        long long rlim = okl && wx - lx - 1 < lim ? wx - lx - 1 : lim;
        int okr = rlim >= 0 && slide(o, wx, yv, s, 1, rlim, &rx, NULL);
        if (!okl && !okr)
            continue;
        xv = okr ? rx : lx;
        long long d = labs_ll(xv - wx) + dy;
        if (!found || d < bd || (d == bd && (yv < by || (yv == by && xv < bx)))) {
            found = 1;
            bx = xv;
            by = yv;
            bd = d;
        }
    }
    *x = bx;
    *y = by;
    rc = noc_legal_add(o, (struct legal_rect){bx, by, bx + s, by + s}, ctx);
cleanup:
    free(Y.v);
    return rc;
}
