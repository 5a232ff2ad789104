/* The design of one characterization configuration (charz.h): the RTL that
 * `nocsyn rtl` emits for router r0 of radix R in context: R - 1 terminals
 * and one link port to router r1 of radix 2 (one terminal). */
#include "nocsyn/charz.h"

#include <stdio.h>

#include "nocsyn/rtl.h"
#include "nocsyn/tech.h"
#include "nocsyn/topo.h"

int noc_charz_design(const struct noc_charz_config *c, struct noc_buf *top, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    struct noc_topo t;
    struct noc_rtl r;
    struct noc_tech tech;
    noc_topo_init(&t);
    noc_rtl_init(&r);
    noc_tech_defaults(&tech);
    if (c->radix < 2 || c->radix > 64) {
        rc = noc_error(ctx, NOC_EINVAL, NULL, 0, "characterize: radix %d is outside 2..64", c->radix);
        goto cleanup;
    }
    /* Node 0 is r0, so rtl names its instance r0 (NOC_CHARZ_ROUTER). */
    int r0 = noc_topo_add_node(&t, NOC_CHARZ_ROUTER, NOC_ROUTER, ctx);
    if (r0 < 0)
        NOC_CHECK(ctx->status);
    int r1 = noc_topo_add_node(&t, "r1", NOC_ROUTER, ctx);
    if (r1 < 0)
        NOC_CHECK(ctx->status);
    /* Terminals t0..t(R-2) on r0, t(R-1) on r1, then the link r0 - r1. */
    for (int i = 0; i < c->radix; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "t%d", i);
        int n = noc_topo_add_node(&t, nm, NOC_TERMINAL, ctx);
        if (n < 0)
            NOC_CHECK(ctx->status);
        NOC_CHECK(noc_topo_add_link(&t, i < c->radix - 1 ? r0 : r1, n, ctx));
    }
    NOC_CHECK(noc_topo_add_link(&t, r0, r1, ctx));
    NOC_CHECK(noc_topo_finalize(&t, ctx));
    struct noc_rtl_opts o;
    noc_rtl_opts_init(&o);
    o.width = c->width;
    o.vcs = c->vcs;
    o.buf = c->buf;
    NOC_CHECK(noc_rtl_generate(&r, &t, &tech, NULL, &o, ctx));
    noc_buf_append(top, r.top.data, r.top.len);
    rc = noc_buf_status(top, "the characterization design", ctx);
cleanup:
    noc_rtl_free(&r);
    noc_topo_free(&t);
    return rc;
}
