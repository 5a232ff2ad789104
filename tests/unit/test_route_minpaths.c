/* Unit tests: exact minimal-path counts (bignum), lexicographic listing,
 * and path sampling.  Oracles: on a k-ary 2-mesh a pair (dx, dy) apart has
 * C(dx+dy, dx) minimal paths (choose which hops are X hops; D&T sec. 3.3
 * path diversity); on a torus a dimension at distance exactly k/2 doubles
 * the count (both directions minimal). */
#include "test_route_fix.h"

static void count_str(const struct noc_topo *t, const char *s, const char *d, char *buf, size_t cap,
                      int *hops)
{
    struct noc_ctx ctx;
    struct noc_bignum b;
    struct noc_buf out;
    noc_ctx_init(&ctx);
    noc_bignum_init(&b);
    noc_buf_init(&out);
    if (noc_minpaths_count(t, fx_node(t, s), fx_node(t, d), &b, hops, &ctx) != NOC_OK)
        fail_msg("count: %s", ctx.msg);
    noc_bignum_to_buf(&b, &out);
    snprintf(buf, cap, "%.*s", (int)out.len, out.data);
    noc_buf_free(&out);
    noc_bignum_free(&b);
}

#define ASSERT_COUNT(t, s, d, want, wanthops)                                                 \
    do {                                                                                      \
        char got_[128];                                                                       \
        int h_ = -1;                                                                          \
        count_str((t), (s), (d), got_, sizeof got_, &h_);                                     \
        assert_string_equal(got_, (want));                                                    \
        assert_int_equal(h_, (wanthops));                                                     \
    } while (0)

static void bignum_basics(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_bignum a, b;
    struct noc_buf out;
    noc_ctx_init(&ctx);
    noc_bignum_init(&a);
    noc_bignum_init(&b);
    noc_buf_init(&out);
    noc_bignum_to_buf(&a, &out); /* zero */
    assert_int_equal(noc_bignum_set_u64(&a, 999999999ULL, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_set_u64(&b, 1, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_add(&a, &b, &ctx), NOC_OK); /* carry into limb 1 */
    noc_buf_append(&out, " ", 1);
    noc_bignum_to_buf(&a, &out);
    assert_int_equal(noc_bignum_cmp_u64(&a, 1000000000ULL), 0);
    assert_int_equal(noc_bignum_cmp_u64(&a, 999999999ULL), 1);
    /* Doubling 2^64-1 twice: 4 * (2^64 - 1) = 73786976294838206460. */
    assert_int_equal(noc_bignum_set_u64(&a, UINT64_MAX, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_cmp_u64(&a, UINT64_MAX), 0);
    assert_int_equal(noc_bignum_add(&a, &a, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_add(&a, &a, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_cmp_u64(&a, UINT64_MAX), 1);
    noc_buf_append(&out, " ", 1);
    noc_bignum_to_buf(&a, &out);
    noc_buf_append(&out, "", 1);
    assert_string_equal(out.data, "0 1000000000 73786976294838206460");
    assert_true(noc_bignum_to_double(&a) > 7.378e19 && noc_bignum_to_double(&a) < 7.379e19);
    noc_buf_free(&out);
    noc_bignum_free(&a);
    noc_bignum_free(&b);
}

static void counts_mesh_torus(void **state)
{
    (void)state;
    struct noc_topo t;
    fx_gen(&t, "mesh:k=4,n=2");
    ASSERT_COUNT(&t, "t0", "t15", "20", 6); /* C(6,3) */
    ASSERT_COUNT(&t, "t0", "t5", "2", 2);   /* C(2,1) */
    ASSERT_COUNT(&t, "t0", "t3", "1", 3);   /* straight line */
    ASSERT_COUNT(&t, "t9", "t9", "1", 0);   /* one router, 0 hops */
    ASSERT_COUNT(&t, "r0", "r10", "6", 4);  /* (2,2): C(4,2); router endpoints */
    noc_topo_free(&t);
    fx_gen(&t, "torus:k=4,n=2");
    ASSERT_COUNT(&t, "t0", "t5", "2", 2);   /* (1,1): C(2,1) */
    ASSERT_COUNT(&t, "t0", "t2", "2", 2);   /* (2,0): both ways round the ring */
    ASSERT_COUNT(&t, "t0", "t10", "24", 4); /* (2,2): C(4,2) * 2 * 2 */
    ASSERT_COUNT(&t, "t0", "t15", "2", 2);  /* (3,3) = (-1,-1): C(2,1) */
    noc_topo_free(&t);
    fx_gen(&t, "hypercube:n=4");
    ASSERT_COUNT(&t, "t0", "t15", "24", 4); /* 4! bit orders */
    noc_topo_free(&t);
}

/* 64x64 mesh corner to corner: C(126,63) =
 * 6034934435761406706427864636568328000 (docs/INTERFACE.md section 2), beyond 2^64. */
static void counts_large_mesh(void **state)
{
    (void)state;
    struct noc_topo t;
    fx_gen(&t, "mesh:k=64,n=2");
    ASSERT_COUNT(&t, "t0", "t4095", "6034934435761406706427864636568328000", 126);
    /* C(20,10) = 184756 for (10,10). */
    ASSERT_COUNT(&t, "t0", "r650", "184756", 20);
    noc_topo_free(&t);
}

struct collect {
    const struct noc_topo *t;
    char buf[4096];
    size_t len;
    int calls, stop_at;
};

static int collect_fn(void *ud, const int *routers, int len)
{
    struct collect *c = ud;
    c->calls++;
    for (int i = 0; i < len; i++)
        c->len += (size_t)snprintf(c->buf + c->len, sizeof c->buf - c->len, "%s%s",
                                   i ? " " : (c->len ? "|" : ""), c->t->nodes[routers[i]].name);
    return c->calls == c->stop_at ? 42 : 0;
}

/* 3x3 mesh t0 -> t8: C(4,2) = 6 paths, lexicographic by router ids. */
static void listing_order_and_limit(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_ctx ctx;
    struct collect c;
    noc_ctx_init(&ctx);
    fx_gen(&t, "mesh:k=3,n=2");
    memset(&c, 0, sizeof c);
    c.t = &t;
    assert_int_equal(noc_minpaths_list(&t, fx_node(&t, "t0"), fx_node(&t, "t8"), 100, collect_fn, &c, &ctx),
                     NOC_OK);
    assert_string_equal(c.buf, "r0 r1 r2 r5 r8|r0 r1 r4 r5 r8|r0 r1 r4 r7 r8|"
                               "r0 r3 r4 r5 r8|r0 r3 r4 r7 r8|r0 r3 r6 r7 r8");
    /* Limit 5: five calls, then NOC_ELIMIT before the sixth. */
    memset(&c, 0, sizeof c);
    c.t = &t;
    assert_int_equal(noc_minpaths_list(&t, fx_node(&t, "t0"), fx_node(&t, "t8"), 5, collect_fn, &c, &ctx),
                     NOC_ELIMIT);
    assert_int_equal(c.calls, 5);
    /* The callback can stop the listing. */
    memset(&c, 0, sizeof c);
    c.t = &t;
    c.stop_at = 2;
    assert_int_equal(noc_minpaths_list(&t, fx_node(&t, "t0"), fx_node(&t, "t8"), 100, collect_fn, &c, &ctx),
                     42);
    noc_topo_free(&t);
}

/* Unreachable: a one-way channel r0 -> r1 only. */
static void unreachable(void **state)
{
    (void)state;
    static const int oneway[] = {0, 1};
    struct noc_topo t;
    struct noc_ctx ctx;
    struct noc_bignum b;
    struct collect c;
    noc_ctx_init(&ctx);
    noc_bignum_init(&b);
    fx_build(&t, 2, NULL, 0, oneway, 1);
    assert_int_equal(noc_minpaths_count(&t, fx_node(&t, "t0"), fx_node(&t, "t1"), &b, NULL, &ctx), NOC_OK);
    assert_int_equal(noc_bignum_cmp_u64(&b, 1), 0);
    assert_int_equal(noc_minpaths_count(&t, fx_node(&t, "t1"), fx_node(&t, "t0"), &b, NULL, &ctx),
                     NOC_EINFEASIBLE);
    assert_non_null(strstr(ctx.msg, "no path from t1 to t0"));
    memset(&c, 0, sizeof c);
    c.t = &t;
    assert_int_equal(noc_minpaths_list(&t, fx_node(&t, "t1"), fx_node(&t, "t0"), 10, collect_fn, &c, &ctx),
                     NOC_EINFEASIBLE);
    assert_int_equal(c.calls, 0);
    noc_bignum_free(&b);
    noc_topo_free(&t);
}

/* ecmp sampling is uniform over the minimal paths: on a 3x3 mesh t0 -> t8
 * each of the 6 paths has probability 1/6 (a per-hop coin would give the
 * edge paths 1/4 each).  3000 draws with a fixed seed; every count must lie
 * within 500 +- 100 (about 5 standard deviations).  dor ties: both paths. */
static void sampling(void **state)
{
    (void)state;
    struct noc_topo t;
    struct noc_routing r;
    struct noc_ctx ctx;
    struct noc_pathset ps;
    struct noc_rng rng;
    char buf[256];
    static const char *paths[6] = {"r0 r1 r2 r5 r8", "r0 r1 r4 r5 r8", "r0 r1 r4 r7 r8",
                                   "r0 r3 r4 r5 r8", "r0 r3 r4 r7 r8", "r0 r3 r6 r7 r8"};
    int hist[6] = {0};
    noc_ctx_init(&ctx);
    noc_pathset_init(&ps);
    noc_rng_seed(&rng, 7);
    fx_gen(&t, "mesh:k=3,n=2");
    fx_routing(&r, &t, NOC_RT_ECMP, 1);
    for (int i = 0; i < 3000; i++) {
        assert_int_equal(noc_routing_sample(&r, fx_node(&t, "t0"), fx_node(&t, "t8"), &rng, &ps, &ctx),
                         NOC_OK);
        assert_int_equal(ps.npaths, 1);
        fx_path_str(&t, &ps, 0, buf, sizeof buf);
        int k = 0;
        while (k < 6 && strcmp(buf, paths[k]))
            k++;
        assert_true(k < 6);
        hist[k]++;
    }
    for (int k = 0; k < 6; k++)
        assert_true(hist[k] > 400 && hist[k] < 600);
    noc_routing_free(&r);
    noc_topo_free(&t);
    fx_gen(&t, "torus:k=4,n=2");
    fx_routing(&r, &t, NOC_RT_DOR, 1);
    int seen[2] = {0};
    for (int i = 0; i < 200; i++) {
        assert_int_equal(noc_routing_sample(&r, fx_node(&t, "t0"), fx_node(&t, "t2"), &rng, &ps, &ctx),
                         NOC_OK);
        fx_path_str(&t, &ps, 0, buf, sizeof buf);
        seen[strcmp(buf, "r0 r1 r2") == 0 ? 0 : 1]++;
        assert_true(!strcmp(buf, "r0 r1 r2") || !strcmp(buf, "r0 r3 r2"));
    }
    assert_true(seen[0] > 60 && seen[1] > 60);
    noc_routing_free(&r);
    fx_routing(&r, &t, NOC_RT_IDEAL, 1);
    assert_int_equal(noc_routing_sample(&r, fx_node(&t, "t0"), fx_node(&t, "t2"), &rng, &ps, &ctx),
                     NOC_EUNSUP);
    noc_routing_free(&r);
    noc_topo_free(&t);
    noc_pathset_free(&ps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bignum_basics),
        cmocka_unit_test(counts_mesh_torus),
        cmocka_unit_test(counts_large_mesh),
        cmocka_unit_test(listing_order_and_limit),
        cmocka_unit_test(unreachable),
        cmocka_unit_test(sampling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
