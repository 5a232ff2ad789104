/* Shared fixtures of the route unit tests (test_route*.c): topology
 * builders and path formatting.  Header-only; every function static. */
#ifndef TEST_ROUTE_FIX_H
#define TEST_ROUTE_FIX_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/gen.h"
#include "nocsyn/route.h"
#include "nocsyn/topo.h"

/* Generates an inline spec ("mesh:k=4,n=2"); fails the test on error. */
static inline void fx_gen(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int rc = noc_gen_spec(t, spec, &ctx);
    if (rc != NOC_OK)
        fail_msg("gen %s: %s", spec, ctx.msg);
}

static inline int fx_node(const struct noc_topo *t, const char *name)
{
    int v = noc_topo_find(t, name);
    if (v < 0)
        fail_msg("no node %s", name);
    return v;
}

/* Routers r0..r(R-1), terminal ti on router ri, links given as pairs
 * (bidirectional) and one-way channels as pairs; finalized. */
static inline void fx_build(struct noc_topo *t, int R, const int *links, int nlinks, const int *oneway,
                     int noneway)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    char name[16];
    noc_topo_init(t);
    for (int i = 0; i < R; i++) {
        snprintf(name, sizeof name, "r%d", i);
        assert_int_equal(noc_topo_add_node(t, name, NOC_ROUTER, &ctx), i);
    }
    for (int i = 0; i < R; i++) {
        snprintf(name, sizeof name, "t%d", i);
        assert_int_equal(noc_topo_add_node(t, name, NOC_TERMINAL, &ctx), R + i);
        assert_int_equal(noc_topo_add_link(t, i, R + i, &ctx), NOC_OK);
    }
    for (int i = 0; i < nlinks; i++)
        assert_int_equal(noc_topo_add_link(t, links[2 * i], links[2 * i + 1], &ctx), NOC_OK);
    for (int i = 0; i < noneway; i++)
        assert_int_equal(noc_topo_add_channel(t, oneway[2 * i], oneway[2 * i + 1], &ctx), NOC_OK);
    if (noc_topo_finalize(t, &ctx) != NOC_OK)
        fail_msg("finalize: %s", ctx.msg);
}

/* Router names along path i of ps, space separated. */
static inline void fx_path_str(const struct noc_topo *t, const struct noc_pathset *ps, int i, char *buf,
                        size_t cap)
{
    int last = -1;
    size_t len = 0;
    buf[0] = '\0';
    for (int j = ps->start[i]; j < ps->start[i + 1]; j++) {
        int ends[2] = {t->ch[ps->ch[j]].src, t->ch[ps->ch[j]].dst};
        for (int e = 0; e < 2; e++)
            if (noc_topo_is_router(t, ends[e]) && ends[e] != last) {
                len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "",
                                        t->nodes[ends[e]].name);
                last = ends[e];
            }
    }
}

/* All paths of a pair as "w:r0 r1|w:r0 r3" (weights %g); "ERR<status>" on
 * error. */
static inline void fx_paths(const struct noc_routing *r, const char *s, const char *d, char *buf, size_t cap)
{
    struct noc_ctx ctx;
    struct noc_pathset ps;
    char one[1024];
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    int rc = noc_routing_paths(r, fx_node(r->t, s), fx_node(r->t, d), &ps, &ctx);
    size_t len = 0;
    buf[0] = '\0';
    if (rc != NOC_OK)
        snprintf(buf, cap, "ERR%d", rc);
    for (int i = 0; rc == NOC_OK && i < ps.npaths; i++) {
        fx_path_str(r->t, &ps, i, one, sizeof one);
        len += (size_t)snprintf(buf + len, cap - len, "%s%g:%s", i ? "|" : "", ps.weight[i], one);
    }
    noc_pathset_free(&ps);
}

#define ASSERT_PATHS(r, s, d, want)                                                           \
    do {                                                                                      \
        char got_[4096];                                                                      \
        fx_paths((r), (s), (d), got_, sizeof got_);                                           \
        assert_string_equal(got_, (want));                                                    \
    } while (0)

static inline void fx_routing(struct noc_routing *r, const struct noc_topo *t, int model, int vcs)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    if (noc_routing_init(r, t, model, vcs, &ctx) != NOC_OK)
        fail_msg("routing init: %s", ctx.msg);
}

#endif
