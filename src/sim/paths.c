/* Routing for the simulator: the default model, dateline VC classes
 * (route.h: dor on tori and rings with V >= 2) recomputed from a path, and
 * the table of every pair's weighted paths for deterministic models. */
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

/* Table limit: channel entries of all stored paths. */
#define SIM_TABLE_MAX (16L << 20)

/* 1 when the stored routes cover every pair with traffic (a terminal to
 * itself on one router needs none). */
static int table_covers(const struct noc_topo *t, const struct noc_traffic *tr, int *covers,
                        struct noc_ctx *ctx)
{
    struct noc_u64map m;
    int rc = NOC_OK, N = t->nterminals;
    *covers = 1;
    noc_u64map_init(&m);
    for (int i = 0; i < t->nroutes && rc == NOC_OK; i++)
        rc = noc_u64map_put(&m, noc_pair_key(t->routes[i].src, t->routes[i].dst), 1, ctx);
    for (int s = 0; s < N && rc == NOC_OK && *covers; s++) {
        int sv = noc_topo_term_node(t, s);
        int lone = noc_topo_inject_router(t, sv) == noc_topo_eject_router(t, sv);
        if (tr->uniform > 0) {
            for (int d = 0; d < N && *covers; d++)
                if (!(d == s && lone) && noc_u64map_get(&m, noc_pair_key(sv, noc_topo_term_node(t, d))) < 0)
                    *covers = 0;
        } else {
            for (int e = tr->off[s]; e < tr->off[s + 1] && *covers; e++)
                if (tr->ent[e].w > 0 && !(tr->ent[e].d == s && lone) &&
                    noc_u64map_get(&m, noc_pair_key(sv, noc_topo_term_node(t, tr->ent[e].d))) < 0)
                    *covers = 0;
        }
    }
    noc_u64map_free(&m);
    return rc;
}

/* The default rule's test for sim: the stored routes only when they cover
 * the traffic (ud: covers). */
static int table_if_covers(void *ud, const struct noc_routing *rt)
{
    return rt->model != NOC_RT_TABLE || *(const int *)ud;
}

int noc_sim_routing_choose(const struct noc_topo *t, const struct noc_traffic *tr, int requested, int vcs,
                           struct noc_routing *rt, struct noc_ctx *ctx)
{
    int rc, covers = 0;
    if (requested >= 0) {
        if (requested == NOC_RT_IDEAL || requested == NOC_RT_OPTIMAL)
            return noc_error(ctx, NOC_EUNSUP, NULL, 0,
                             "sim: routing '%s' splits traffic fractionally and gives no packet "
                             "paths (use ecmp, dor, updown, desttag or table)",
                             noc_routing_name(requested));
        return noc_routing_init(rt, t, requested, vcs, ctx);
    }
    if (t->nroutes > 0 && (rc = table_covers(t, tr, &covers, ctx)) != NOC_OK)
        return rc;
    /* none applies: updown failed, and its message is reported */
    return noc_routing_default(t, NULL, 0, vcs, table_if_covers, &covers, rt, ctx);
}

int noc_sim_dateline_init(struct sim_net *n, struct noc_ctx *ctx)
{
    const struct noc_topo *t = n->t;
    const struct noc_shape *sh = &t->shape;
    int R = n->R, rc = NOC_OK;
    if (n->rt.model != NOC_RT_DOR || n->V < 2 ||
        (sh->family != NOC_FAM_TORUS && sh->family != NOC_FAM_RING))
        return NOC_OK;
    if (sh->family == NOC_FAM_RING) {
        n->ndim = 1;
        n->dims[0] = sh->ndims >= 1 && sh->dims[0] > 0 ? sh->dims[0] : R;
    } else {
        n->ndim = sh->ndims;
        for (int i = 0; i < n->ndim; i++)
            n->dims[i] = sh->dims[i];
    }
    int *idx = noc_malloc(ctx, (size_t)R, sizeof *idx);
    char *seen = noc_calloc(ctx, (size_t)R, 1);
    n->coord = noc_malloc(ctx, (size_t)R * (size_t)n->ndim, sizeof *n->coord);
    if (!idx || !seen || !n->coord) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    /* Router index: by name when every router is r<i> with distinct i < R,
     * else the node id (the rule of dor, which accepted this topology). */
    int byname = 1;
    for (int v = 0; v < R && byname; v++) {
        long i = noc_topo_router_index(t->nodes[v].name);
        if (i < 0 || i >= R || seen[i])
            byname = 0;
        else {
            seen[i] = 1;
            idx[v] = (int)i;
        }
    }
    for (int v = 0; v < R; v++) {
        long x = byname ? idx[v] : v;
        for (int j = 0; j < n->ndim; j++) {
            n->coord[(size_t)v * n->ndim + j] = (int)(x % n->dims[j]);
            x /= n->dims[j];
        }
    }
    n->ncls = 2;
cleanup:
    free(idx);
    free(seen);
    return rc;
}

void noc_sim_path_classes(const struct sim_net *n, const int *ch, int len, unsigned char *cls)
{
    /* Each run of hops in one dimension takes the class of its whole
     * extent, from its first router to its last (route.h, dateline). */
    noc_dateline_path_classes(n->t, n->ncls == 1 ? NULL : n->coord, n->dims, n->ndim, ch, len, cls);
}

int noc_sim_pair_index(const struct sim_net *n, int s, int d, int e)
{
    if (n->dense)
        return s * n->N + d;
    return e;
}

/* Appends the weighted paths of pair (s, d) (terminal indices) at slot k. */
struct caps {
    size_t start, cum, ch, cls;
};

static int add_pair(struct sim_net *n, int k, int s, int d, struct noc_pathset *ps, struct caps *cap,
                    struct noc_ctx *ctx)
{
    const struct noc_topo *t = n->t;
    int rc = noc_routing_paths(&n->rt, noc_topo_term_node(t, s), noc_topo_term_node(t, d), ps, ctx);
    if (rc != NOC_OK)
        return rc;
    if ((long)n->pstart[n->npaths] + ps->nch > SIM_TABLE_MAX)
        return NOC_ELIMIT;
    size_t np = (size_t)n->npaths + (size_t)ps->npaths + 1;
    size_t need = (size_t)n->pstart[n->npaths] + (size_t)ps->nch;
    if (noc_grow(ctx, (void **)&n->pstart, &cap->start, np, sizeof *n->pstart) ||
        noc_grow(ctx, (void **)&n->pcum, &cap->cum, np, sizeof *n->pcum) ||
        noc_grow(ctx, (void **)&n->pch, &cap->ch, need, sizeof *n->pch) ||
        noc_grow(ctx, (void **)&n->pcls, &cap->cls, need, 1))
        return NOC_ENOMEM;
    n->pair_first[k] = n->npaths;
    n->pair_n[k] = ps->npaths;
    double acc = 0;
    for (int i = 0; i < ps->npaths; i++) {
        int len = ps->start[i + 1] - ps->start[i], at = n->pstart[n->npaths];
        memcpy(n->pch + at, ps->ch + ps->start[i], (size_t)len * sizeof *n->pch);
        noc_sim_path_classes(n, n->pch + at, len, n->pcls + at);
        acc += ps->weight[i];
        n->pcum[n->npaths] = i + 1 == ps->npaths ? 2.0 : acc; /* the last always matches */
        n->pstart[n->npaths + 1] = at + len;
        if (len > n->maxpath)
            n->maxpath = len;
        n->npaths++;
    }
    return NOC_OK;
}

void noc_sim_table_free(struct sim_net *n)
{
    free(n->pair_first);
    free(n->pair_n);
    free(n->pstart);
    free(n->pcum);
    free(n->pch);
    free(n->pcls);
    n->pair_first = n->pair_n = n->pstart = n->pch = NULL;
    n->pcum = NULL;
    n->pcls = NULL;
    n->npaths = 0;
    n->have_table = 0;
}

/* Checks that every pair with traffic has a path (without a table). */
static int check_pairs(struct sim_net *n, struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = n->tr;
    struct noc_pathset ps;
    struct noc_rng rng;
    int rc = NOC_OK;
    if (n->rt.model != NOC_RT_ECMP || tr->uniform > 0 || tr->nent > 4096)
        return NOC_OK; /* found when drawn; a large check would cost a BFS per pair */
    noc_pathset_init(&ps);
    noc_rng_seed(&rng, 1);
    for (int e = 0; e < tr->nent && rc == NOC_OK; e++)
        rc = noc_routing_sample(&n->rt, noc_topo_term_node(n->t, tr->ent[e].s),
                                noc_topo_term_node(n->t, tr->ent[e].d), &rng, &ps, ctx);
    noc_pathset_free(&ps);
    return rc;
}

int noc_sim_table_build(struct sim_net *n, struct noc_ctx *ctx)
{
    const struct noc_traffic *tr = n->tr;
    int N = n->N, rc = NOC_OK;
    struct caps cap = {0, 0, 0, 0};
    struct noc_pathset ps;
    if (!noc_routing_is_deterministic(n->rt.model))
        return check_pairs(n, ctx);
    n->dense = tr->uniform > 0;
    long npairs = n->dense ? (long)N * N : tr->nent;
    if (npairs * 2 > SIM_TABLE_MAX)
        return NOC_OK;
    noc_pathset_init(&ps);
    n->pair_first = noc_malloc(ctx, (size_t)npairs + 1, sizeof *n->pair_first);
    n->pair_n = noc_calloc(ctx, (size_t)npairs + 1, sizeof *n->pair_n);
    if (!n->pair_first || !n->pair_n ||
        noc_grow(ctx, (void **)&n->pstart, &cap.start, 1, sizeof *n->pstart)) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    n->pstart[0] = 0;
    for (long k = 0; k < npairs; k++)
        n->pair_first[k] = -1;
    if (n->dense) {
        for (int s = 0; s < N && rc == NOC_OK; s++) {
            for (int d = 0; d < N && rc == NOC_OK; d++)
                rc = add_pair(n, s * N + d, s, d, &ps, &cap, ctx);
            /* the first row predicts the size: give up early */
            if (rc == NOC_OK && s == 0 && (double)n->pstart[n->npaths] * N > (double)SIM_TABLE_MAX)
                rc = NOC_ELIMIT;
        }
    } else {
        for (int e = 0; e < tr->nent && rc == NOC_OK; e++)
            if (tr->ent[e].w > 0)
                rc = add_pair(n, e, tr->ent[e].s, tr->ent[e].d, &ps, &cap, ctx);
    }
    if (rc == NOC_OK)
        n->have_table = 1;
cleanup:
    noc_pathset_free(&ps);
    if (rc == NOC_ELIMIT) { /* too large: paths are drawn per packet */
        noc_sim_table_free(n);
        rc = NOC_OK;
    }
    if (rc != NOC_OK)
        noc_sim_table_free(n);
    return rc;
}
