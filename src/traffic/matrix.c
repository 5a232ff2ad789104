/* Traffic matrix storage: a uniform component plus sorted sparse demands. */
#include "nocsyn/traffic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void noc_traffic_init(struct noc_traffic *tr, int n)
{
    memset(tr, 0, sizeof *tr);
    tr->n = n;
}

void noc_traffic_free(struct noc_traffic *tr)
{
    free(tr->name);
    free(tr->ent);
    free(tr->off);
    free(tr->core_of);
    memset(tr, 0, sizeof *tr);
}

int noc_traffic_add(struct noc_traffic *tr, int s, int d, double w, struct noc_ctx *ctx)
{
    if (s < 0 || s >= tr->n || d < 0 || d >= tr->n)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic terminal out of range (%d -> %d, %d terminals)",
                         s, d, tr->n);
    if (!isfinite(w) || w < 0)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "traffic rate must be finite and >= 0");
    if (w == 0)
        return NOC_OK;
    if (noc_grow(ctx, (void **)&tr->ent, &tr->cap, (size_t)tr->nent + 1, sizeof *tr->ent))
        return NOC_ENOMEM;
    tr->ent[tr->nent].s = s;
    tr->ent[tr->nent].d = d;
    tr->ent[tr->nent].w = w;
    tr->nent++;
    return NOC_OK;
}

static int cmp_demand(const void *a, const void *b)
{
    const struct noc_demand *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return (x->d > y->d) - (x->d < y->d);
}

int noc_traffic_finalize(struct noc_traffic *tr, struct noc_ctx *ctx)
{
    if (tr->nent > 0) /* qsort(NULL, 0, ...) is undefined behaviour */
        qsort(tr->ent, (size_t)tr->nent, sizeof *tr->ent, cmp_demand);
    int k = 0;
    for (int i = 0; i < tr->nent; i++) {
        if (k > 0 && tr->ent[k - 1].s == tr->ent[i].s && tr->ent[k - 1].d == tr->ent[i].d)
            tr->ent[k - 1].w += tr->ent[i].w;
        else
            tr->ent[k++] = tr->ent[i];
    }
    tr->nent = k;
    free(tr->off);
    tr->off = noc_calloc(ctx, (size_t)tr->n + 1, sizeof *tr->off);
    if (!tr->off)
        return NOC_ENOMEM;
    for (int i = 0; i < tr->nent; i++)
        tr->off[tr->ent[i].s + 1]++;
    for (int v = 0; v < tr->n; v++)
        tr->off[v + 1] += tr->off[v];
    return NOC_OK;
}

double noc_traffic_row_sum(const struct noc_traffic *tr, int s)
{
    double sum = tr->uniform;
    for (int i = tr->off[s]; i < tr->off[s + 1]; i++)
        sum += tr->ent[i].w;
    return sum;
}
