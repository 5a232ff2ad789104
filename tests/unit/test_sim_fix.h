/* Shared fixtures of the simulator unit tests (test_sim*.c): a topology,
 * its traffic and a prepared simulator in one struct.  Header-only. */
#ifndef TEST_SIM_FIX_H
#define TEST_SIM_FIX_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/eval.h"
#include "nocsyn/gen.h"
#include "nocsyn/route.h"
#include "nocsyn/sim.h"
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

struct fx {
    struct noc_topo t;
    struct noc_traffic tr;
    struct noc_sim sim;
    struct noc_ctx ctx;
    int have_t, have_tr, have_sim;
};

/* Short runs for unit tests (fast also under ASan). */
static inline void fx_opts(struct noc_sim_opts *o)
{
    noc_sim_opts_init(o);
    o->warmup = 500;
    o->cycles = 3000;
    o->batch = 500;
    o->threads = 1;
}

static inline void fx_topo(struct fx *f, const char *genspec)
{
    memset(f, 0, sizeof *f);
    noc_ctx_init(&f->ctx);
    if (noc_gen_spec(&f->t, genspec, &f->ctx) != NOC_OK)
        fail_msg("gen %s: %s", genspec, f->ctx.msg);
    f->have_t = 1;
}

static inline void fx_traffic(struct fx *f, const char *traffic)
{
    if (noc_traffic_make(&f->tr, &f->t, traffic, NULL, &f->ctx) != NOC_OK)
        fail_msg("traffic %s: %s", traffic, f->ctx.msg);
    f->have_tr = 1;
}

/* Prepares the simulator; returns its status (the test decides). */
static inline int fx_sim(struct fx *f, const struct noc_sim_opts *o)
{
    int rc = noc_sim_init(&f->sim, &f->t, &f->tr, o, &f->ctx);
    f->have_sim = rc == NOC_OK;
    return rc;
}

/* gen + traffic + sim in one, failing the test on any error. */
static inline void fx_setup(struct fx *f, const char *genspec, const char *traffic,
                            const struct noc_sim_opts *o)
{
    fx_topo(f, genspec);
    fx_traffic(f, traffic);
    if (fx_sim(f, o) != NOC_OK)
        fail_msg("sim init on %s: %s", genspec, f->ctx.msg);
}

static inline void fx_free(struct fx *f)
{
    if (f->have_sim)
        noc_sim_free(&f->sim);
    if (f->have_tr)
        noc_traffic_free(&f->tr);
    if (f->have_t)
        noc_topo_free(&f->t);
    memset(f, 0, sizeof *f);
}

/* One load point; fails the test on error. */
static inline void fx_run(struct fx *f, double rate, struct noc_sim_point *p)
{
    noc_sim_point_init(p);
    if (noc_sim_run(&f->sim, rate, p, &f->ctx) != NOC_OK)
        fail_msg("sim run at %g: %s", rate, f->ctx.msg);
}

/* Throughput (1 / max channel load) of eval under the same routing. */
static inline double fx_eval_throughput(struct fx *f, int routing, int vcs, double **load)
{
    struct noc_eval_opts eo;
    struct noc_metrics m;
    noc_eval_opts_init(&eo);
    eo.routing = routing;
    eo.vcs = vcs;
    eo.bisection = 0;
    eo.threads = 1;
    noc_metrics_init(&m);
    if (noc_eval(&f->t, &f->tr, &eo, &m, &f->ctx) != NOC_OK)
        fail_msg("eval: %s", f->ctx.msg);
    double thr = m.throughput;
    if (load) {
        *load = m.load;
        m.load = NULL;
    }
    noc_metrics_free(&m);
    return thr;
}

/* A chain r0 - r1 - r2 - r3 (one terminal each) with table routes along
 * the chain for every pair. */
static inline void fx_chain_table(struct fx *f)
{
    memset(f, 0, sizeof *f);
    noc_ctx_init(&f->ctx);
    noc_topo_init(&f->t);
    f->have_t = 1;
    char name[16];
    int r[4], term[4];
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "r%d", i);
        r[i] = noc_topo_add_node(&f->t, name, NOC_ROUTER, &f->ctx);
    }
    for (int i = 0; i < 4; i++) {
        snprintf(name, sizeof name, "t%d", i);
        term[i] = noc_topo_add_node(&f->t, name, NOC_TERMINAL, &f->ctx);
        assert_int_equal(noc_topo_add_link(&f->t, term[i], r[i], &f->ctx), NOC_OK);
    }
    for (int i = 0; i + 1 < 4; i++)
        assert_int_equal(noc_topo_add_link(&f->t, r[i], r[i + 1], &f->ctx), NOC_OK);
    for (int s = 0; s < 4; s++)
        for (int d = 0; d < 4; d++) {
            int path[4], n = 0;
            for (int x = s; x != d; x += d > s ? 1 : -1)
                path[n++] = r[x];
            path[n++] = r[d];
            assert_int_equal(noc_topo_add_route(&f->t, term[s], term[d], path, n, &f->ctx), NOC_OK);
        }
    assert_int_equal(noc_topo_finalize(&f->t, &f->ctx), NOC_OK);
}

#endif
