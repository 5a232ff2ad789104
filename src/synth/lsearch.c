/* The one local search over core-to-switch assignments (search_int.h): single
 * core moves and pairwise swaps with two objectives as parameters -- an
 * exact one kept at first improvement (the alternatives' cut, alt.c) and
 * an estimated one whose best few candidates per core are built
 * (refine's power, refine.c) -- and the one budget policy. */
#include "search_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

long noc_synth_search_budget(int N, double effort, double scale)
{
    double b = SYNTH_SEARCH_TRIES * scale;
    if (N > SYNTH_SEARCH_FULL_CORES)
        b *= ((double)SYNTH_SEARCH_FULL_CORES * SYNTH_SEARCH_FULL_CORES) / ((double)N * N);
    return effort > 0 ? (long)(b * effort) : 0;
}

static long try_cost(const struct noc_search *s)
{
    return s->try_cost ? s->try_cost(s->u) : 1;
}

/* Applies try (c, t, swap) to part (from the current assignment cur). */
static void apply(int *part, const int *cur, int c, int t, int swap)
{
    if (swap) {
        part[c] = cur[t];
        part[t] = cur[c];
    } else
        part[c] = t;
}

static void undo(int *part, const int *cur, int c, int t, int swap)
{
    part[c] = cur[c];
    if (swap)
        part[t] = cur[t];
}

/* May the try be made: a move keeps its switch non-empty and the target
 * under cap; a swap changes something. */
static int allowed(const struct noc_search *s, const int *cur, const int *size, int c, int t, int swap)
{
    if (swap)
        return cur[t] != cur[c];
    return t != cur[c] && size[cur[c]] >= 2 && size[t] < s->cap;
}

/* Candidates of one core by estimate, then target. */
static void sort_candidates(double *cq, int *ct, int nc)
{
    for (int i = 1; i < nc; i++) /* insertion sort: a core has few */
        for (int j = i; j > 0 && (cq[j] < cq[j - 1] || (cq[j] == cq[j - 1] && ct[j] < ct[j - 1])); j--) {
            double x = cq[j];
            cq[j] = cq[j - 1];
            cq[j - 1] = x;
            int y = ct[j];
            ct[j] = ct[j - 1];
            ct[j - 1] = y;
        }
}

int noc_search_run(const struct noc_search *s, int *part, double *val, struct noc_ctx *ctx)
{
    int N = s->N, K = s->K, rc = NOC_OK;
    int *cur = noc_malloc(ctx, (size_t)N + 1, sizeof *cur), *size = noc_calloc(ctx, (size_t)K + 1, sizeof *size);
    int *ct = noc_malloc(ctx, (size_t)N + K + 1, sizeof *ct);
    double *cq = noc_malloc(ctx, (size_t)N + K + 1, sizeof *cq);
    if (!cur || !size || !ct || !cq) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    memcpy(cur, part, (size_t)N * sizeof *cur);
    for (int c = 0; c < N; c++)
        size[part[c]]++;
    long tries = 0;
    for (int pass = 0, improved = 1; improved && pass < s->passes && tries < s->budget; pass++) {
        improved = 0;
        for (int swap = 0; swap < 2; swap++)
            for (int c = 0; c < N && tries < s->budget; c++) {
                int nc = 0;
                for (int t = swap ? c + 1 : 0; t < (swap ? N : K) && tries < s->budget; t++) {
                    if (!allowed(s, cur, size, c, t, swap))
                        continue;
                    tries += try_cost(s);
                    apply(part, cur, c, t, swap);
                    double q = s->estimate(s->u, cur, part, c, t, swap, *val);
                    if (s->exact) {
                        if (q < *val) { /* kept at once */
                            if (!swap) {
                                size[cur[c]]--;
                                size[t]++;
                            }
                            cur[c] = part[c];
                            if (swap)
                                cur[t] = part[t];
                            *val = q;
                            improved = 1;
                        } else
                            undo(part, cur, c, t, swap);
                        continue;
                    }
                    undo(part, cur, c, t, swap);
                    if (isnan(q) || q < *val * (1 + s->screen)) {
                        cq[nc] = isnan(q) ? -INFINITY : q;
                        ct[nc++] = t;
                    }
                }
                if (s->exact)
                    continue;
                sort_candidates(cq, ct, nc);
                int nb = !s->ready || s->ready(s->u) ? s->builds : nc;
                for (int i = 0; i < nc && i < nb; i++) {
                    int t = ct[i], from = cur[c];
                    apply(part, cur, c, t, swap);
                    int better = 0;
                    NOC_CHECK(s->commit(s->u, part, val, &better));
                    if (better) {
                        if (!swap) {
                            size[from]--;
                            size[t]++;
                        }
                        memcpy(cur, part, (size_t)N * sizeof *cur);
                        improved = 1;
                        break;
                    }
                    undo(part, cur, c, t, swap);
                }
            }
    }
cleanup:
    free(cur);
    free(size);
    free(ct);
    free(cq);
    return rc;
}
