/* Weighted path sets. */
#include "nocsyn/route.h"

#include <stdlib.h>
#include <string.h>

void noc_pathset_init(struct noc_pathset *ps)
{
    memset(ps, 0, sizeof *ps);
}

void noc_pathset_free(struct noc_pathset *ps)
{
    free(ps->weight);
    free(ps->start);
    free(ps->ch);
    memset(ps, 0, sizeof *ps);
}

void noc_pathset_clear(struct noc_pathset *ps)
{
    ps->npaths = 0;
    ps->nch = 0;
    if (ps->start)
        ps->start[0] = 0;
}

int noc_pathset_add(struct noc_pathset *ps, const int *ch, int n, double w, struct noc_ctx *ctx)
{
    if (n < 0 || ps->nch > 0x3fffffff - n)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "path set too large");
    size_t np = (size_t)ps->npaths + 1;
    /* weight and start share pcap: grow both to the same capacity. */
    if (np + 1 > ps->pcap) {
        size_t cap = ps->pcap, cap2 = ps->pcap;
        if (noc_grow(ctx, (void **)&ps->weight, &cap, np + 1, sizeof *ps->weight))
            return NOC_ENOMEM;
        if (noc_grow(ctx, (void **)&ps->start, &cap2, cap, sizeof *ps->start))
            return NOC_ENOMEM;
        ps->pcap = cap;
    }
    if (noc_grow(ctx, (void **)&ps->ch, &ps->ccap, (size_t)ps->nch + (size_t)n, sizeof *ps->ch))
        return NOC_ENOMEM;
    if (ps->npaths == 0)
        ps->start[0] = 0;
    if (n)
        memcpy(ps->ch + ps->nch, ch, (size_t)n * sizeof *ch);
    ps->weight[ps->npaths] = w;
    ps->nch += n;
    ps->npaths++;
    ps->start[ps->npaths] = ps->nch;
    return NOC_OK;
}
