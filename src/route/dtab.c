/* Per-destination next-hop tables shared by updown and desttag. */
#include "route_int.h"

#include <stdlib.h>
#include <string.h>

int noc_rt_dtab_build(struct rt_dtab *dt, const struct noc_routing *r, int per, rt_fill_fn fill,
                      struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    const struct noc_graph *g = &t->g;
    int R = t->nrouters, rc = NOC_OK, maxout = 0;
    int *tmp = NULL;
    memset(dt, 0, sizeof *dt);
    dt->per = per;
    dt->nstates = per * R;
    dt->fill = fill;
    for (int u = 0; u < R; u++)
        if (noc_graph_outdeg(g, u) > maxout)
            maxout = noc_graph_outdeg(g, u);
    size_t entries = (size_t)R * (size_t)dt->nstates;
    if (maxout < 255 && entries <= (size_t)RT_DTAB_BYTES) {
        dt->all8 = noc_malloc(ctx, entries, 1);
        tmp = noc_malloc(ctx, (size_t)dt->nstates, sizeof *tmp);
        if (!dt->all8 || !tmp) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int D = 0; D < R; D++) {
            uint8_t *row = dt->all8 + (size_t)D * (size_t)dt->nstates;
            NOC_CHECK(fill(r, D, tmp, ctx));
            for (int s = 0; s < dt->nstates; s++)
                row[s] = (uint8_t)(tmp[s] < 0 ? 255 : tmp[s] - g->off[s / per]);
        }
    } else if (entries * sizeof(int) <= (size_t)RT_DTAB_BYTES) {
        dt->all = noc_malloc(ctx, entries, sizeof *dt->all);
        if (!dt->all) {
            rc = NOC_ENOMEM;
            goto cleanup;
        }
        for (int D = 0; D < R; D++)
            NOC_CHECK(fill(r, D, dt->all + (size_t)D * (size_t)dt->nstates, ctx));
    }
cleanup:
    free(tmp);
    if (rc != NOC_OK)
        noc_rt_dtab_free(dt);
    return rc;
}

void noc_rt_dtab_free(struct rt_dtab *dt)
{
    free(dt->all);
    free(dt->all8);
    dt->all = NULL;
    dt->all8 = NULL;
}

int noc_rt_dtab_dest(const struct rt_dtab *dt, const struct noc_routing *r, int D, struct rt_dest *dd,
                     struct noc_ctx *ctx)
{
    memset(dd, 0, sizeof *dd);
    dd->d = D;
    dd->per = dt->per;
    if (dt->all8) {
        dd->tab8 = dt->all8 + (size_t)D * (size_t)dt->nstates;
        return NOC_OK;
    }
    if (dt->all) {
        dd->tab = dt->all + (size_t)D * (size_t)dt->nstates;
        return NOC_OK;
    }
    dd->own = noc_malloc(ctx, (size_t)dt->nstates, sizeof *dd->own);
    if (!dd->own)
        return NOC_ENOMEM;
    int rc = dt->fill(r, D, dd->own, ctx);
    if (rc != NOC_OK) {
        noc_rt_dest_release(dd);
        return rc;
    }
    dd->tab = dd->own;
    return NOC_OK;
}
