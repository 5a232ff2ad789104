/* Shared fixtures of the evaluation-engine tests (test_eval*.c). */
#ifndef TEST_EVAL_FIX_H
#define TEST_EVAL_FIX_H

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
#include "nocsyn/topo.h"
#include "nocsyn/traffic.h"

/* |a - b| <= 1e-9 relative (1e-12 absolute near 0). */
#define assert_close(a, b)                                                                        \
    do {                                                                                          \
        double a_ = (a), b_ = (b);                                                                \
        if (!(fabs(a_ - b_) <= 1e-9 * fmax(fabs(b_), 1e-3))) {                                    \
            print_error("%s = %.17g, expected %s = %.17g\n", #a, a_, #b, b_);                     \
            fail();                                                                               \
        }                                                                                         \
    } while (0)

static inline void fx_gen(struct noc_topo *t, const char *spec)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    int rc = noc_gen_spec(t, spec, &ctx);
    if (rc != NOC_OK)
        print_error("gen %s: %s\n", spec, ctx.msg);
    assert_int_equal(rc, NOC_OK);
}

static inline void fx_uniform(struct noc_traffic *tr, int n)
{
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_traffic_init(tr, n);
    tr->uniform = 1;
    assert_int_equal(noc_traffic_finalize(tr, &ctx), NOC_OK);
}

/* Evaluates t under tr with `routing` (enum noc_routing_model), `threads`,
 * no bisection; returns the status, the message in *ctx. */
static inline int fx_eval_rc(const struct noc_topo *t, const struct noc_traffic *tr, int routing,
                             int threads, struct noc_metrics *m, struct noc_ctx *ctx)
{
    struct noc_eval_opts o;
    noc_eval_opts_init(&o);
    o.routing = routing;
    o.threads = threads;
    o.bisection = 0;
    noc_ctx_init(ctx);
    noc_metrics_init(m);
    return noc_eval(t, tr, &o, m, ctx);
}

static inline void fx_eval(const struct noc_topo *t, const struct noc_traffic *tr, int routing,
                           struct noc_metrics *m)
{
    struct noc_ctx ctx;
    int rc = fx_eval_rc(t, tr, routing, 2, m, &ctx);
    if (rc != NOC_OK)
        print_error("eval: %s\n", ctx.msg);
    assert_int_equal(rc, NOC_OK);
}

/* Generates spec and evaluates it under uniform traffic. */
static inline void fx_eval_spec(const char *spec, int routing, struct noc_metrics *m)
{
    struct noc_topo t;
    struct noc_traffic tr;
    fx_gen(&t, spec);
    fx_uniform(&tr, t.nterminals);
    fx_eval(&t, &tr, routing, m);
    noc_traffic_free(&tr);
    noc_topo_free(&t);
}

/* Load of the channel between routers named a and b. */
static inline double fx_load(const struct noc_topo *t, const struct noc_metrics *m, const char *a,
                             const char *b)
{
    int e = noc_graph_find(&t->g, noc_topo_find(t, a), noc_topo_find(t, b));
    assert_true(e >= 0);
    return m->load[e];
}

static inline double fx_binom(int n, int k)
{
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

#endif
