/* Multicast and broadcast as a tree of unicast paths (Hwang, "Advanced
 * Computer Architecture", sec. 7.4: traffic = channels used, distance =
 * the longest path), against separate unicasts.  Model in route.h. */
#include "nocsyn/route.h"

#include "nocsyn/topo.h"

#include <stdlib.h>
#include <string.h>

void noc_multicast_free(struct noc_multicast *m)
{
    free(m->tree);
    memset(m, 0, sizeof *m);
}

int noc_routing_multicast(const struct noc_routing *r, int s, const int *dests, int n,
                          struct noc_multicast *m, struct noc_ctx *ctx)
{
    const struct noc_topo *t = r->t;
    struct noc_pathset ps;
    unsigned char *used = NULL;
    int rc = NOC_OK;
    memset(m, 0, sizeof *m);
    noc_pathset_init(&ps);
    if (n < 1)
        return noc_error(ctx, NOC_EINVAL, NULL, 0, "multicast: no destination");
    used = noc_calloc(ctx, (size_t)t->nch + 1, 1);
    m->tree = noc_malloc(ctx, (size_t)t->nch + 1, sizeof *m->tree);
    if (!used || !m->tree) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    m->ndest = n;
    for (int i = 0; i < n; i++) {
        NOC_CHECK(noc_routing_paths(r, s, dests[i], &ps, ctx));
        int best = 0;
        for (int p = 1; p < ps.npaths; p++)
            if (ps.weight[p] > ps.weight[best])
                best = p;
        int hops = 0;
        for (int j = ps.start[best]; j < ps.start[best + 1]; j++) {
            int c = ps.ch[j];
            if (!noc_topo_is_rr(t, c))
                continue;
            hops++;
            if (!used[c]) {
                used[c] = 1;
                m->tree[m->ntree++] = c;
            }
        }
        m->unicast_traffic += hops;
        if (hops > m->distance)
            m->distance = hops;
    }
    m->tree_traffic = m->ntree;
cleanup:
    free(used);
    noc_pathset_free(&ps);
    if (rc)
        noc_multicast_free(m);
    return rc;
}
