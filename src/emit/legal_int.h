/* Internal to src/emit/: the blocks already placed on the layout and the
 * search for the nearest free corner of a new block (legal.c). */
#ifndef NOCSYN_LEGAL_INT_H
#define NOCSYN_LEGAL_INT_H

#include <stddef.h>

#include "nocsyn/core.h"

/* A block [x0, x1) x [y0, y1) in whole nanometres. */
struct legal_bucket;

struct legal_rect {
    long long x0, y0, x1, y1;
};

/* The placed blocks, with a uniform grid over them (cell side at least the
 * largest block's side, so a block touches at most 2 x 2 cells) for the
 * overlap test, their lower and upper edges sorted for the candidate rows, and
 * their horizontal runs.
 * Init/free pair: noc_legal_init / noc_legal_free. */
struct legal_set {
    int n;
    size_t cap;
    struct legal_rect *r;
    long long cell;            /* grid cell side in nm (0: no block yet) */
    struct noc_u64map cells;   /* cell (i, j) -> bucket index */
    struct legal_bucket *b;    /* per used cell: the blocks touching it */
    int nb;
    size_t bcap;
    long long *edge[2];        /* y0, y1 of every block: [0, nmain) and [nmain, n) ascending */
    size_t ecap;
    int nmain;
    long long *etmp;           /* merge scratch */
    size_t tcap;
    /* Runs: blocks of one y range abutting left to right (a row of packed
     * cores) joined by union-find (root = least id); a run's blocks cover
     * [run_x0, run_x1) of the root's entry without a gap, so a slide
     * crosses the whole run at once. */
    int *run;                  /* union-find parents */
    long long *run_x0, *run_x1;
    size_t rcap;
    struct noc_u64map lend, rend; /* (x0 | x1, y0, y1) -> block, to find a neighbour */
};

void noc_legal_init(struct legal_set *o);
void noc_legal_free(struct legal_set *o);
/* Adds a block.  NOC_OK or NOC_ENOMEM. */
int noc_legal_add(struct legal_set *o, struct legal_rect r, struct noc_ctx *ctx);
/* 1 when a's interior meets a placed block's.  O(blocks in a's cells). */
int noc_legal_overlaps(const struct legal_set *o, const struct legal_rect *a);
/* Nearest free lower-left corner for an s x s block wanted at (*x, *y):
 * the candidates are the wanted coordinate and every block edge minus/plus
 * the block, per axis, tried in the order (Manhattan distance, y, x); the
 * first free one is taken (always found: beyond every block is free) and
 * the block added.  Rows (y candidates) are walked outwards from the
 * wanted y over the sorted edges, and in each row the block slides left
 * and right through the blocks it meets (grid queries) to the row's first
 * free x, crossing a whole run of abutting blocks of one y range at once
 * and giving up beyond the best corner's distance; rows stop once farther
 * than the best corner, and the rows under a run over the wanted x that
 * keeps them beyond it are dropped at once.  The corner is the one the
 * definition gives (tests/unit/test_legal.c).  NOC_OK or NOC_ENOMEM. */
int noc_legal_place(struct legal_set *o, long long s, long long *x, long long *y, struct noc_ctx *ctx);

#endif
