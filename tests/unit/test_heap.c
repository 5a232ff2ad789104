/* Unit tests: the core binary min-heap (noc_heap_*, core.h).  Expected
 * orders are worked by hand from the contract in core.h (smaller key first;
 * with tie_id the smaller id on equal keys; without it the sift rules: up
 * only past a strictly greater key, down to the left child on equal keys
 * and only when strictly smaller); the randomized tests compare against
 * qsort of the same (key, id) pairs, and against a linear scan for the
 * minimum when pops are interleaved with pushes and decrease-keys. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "nocsyn/core.h"

static int cmp_item(const void *a, const void *b)
{
    const struct noc_heap_item *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* pos[] of an indexed heap names every item's position. */
static void check_pos(const struct noc_heap *h)
{
    for (size_t i = 0; i < h->n; i++)
        assert_int_equal(h->pos[h->a[i].id], (int)i);
}

static void test_heap_order(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_heap h;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_heap_init(&h, 0, 1, &ctx), NOC_OK);
    const double key[] = {5, 3, 8, 1, 9, 2};
    for (int i = 0; i < 6; i++)
        assert_int_equal(noc_heap_push(&h, key[i], i, &ctx), NOC_OK);
    /* sorted by hand: 1 (id 3), 2 (5), 3 (1), 5 (0), 8 (2), 9 (4) */
    const int want[] = {3, 5, 1, 0, 2, 4};
    const double wkey[] = {1, 2, 3, 5, 8, 9};
    for (int i = 0; i < 6; i++) {
        struct noc_heap_item it = noc_heap_pop(&h);
        assert_int_equal(it.id, want[i]);
        assert_true(it.key == wkey[i]);
    }
    assert_int_equal((int)h.n, 0);
    noc_heap_free(&h);
    assert_null(h.a);
}

static void test_heap_ties(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_heap h;
    noc_ctx_init(&ctx);
    /* tie_id: equal keys by id: (1,4) (1,9) (2,3) (2,5) (2,7) */
    assert_int_equal(noc_heap_init(&h, 0, 1, &ctx), NOC_OK);
    const double key[] = {2, 1, 2, 1, 2};
    const int id[] = {7, 9, 3, 4, 5}, want[] = {4, 9, 3, 5, 7};
    for (int i = 0; i < 5; i++)
        assert_int_equal(noc_heap_push(&h, key[i], id[i], &ctx), NOC_OK);
    for (int i = 0; i < 5; i++)
        assert_int_equal(noc_heap_pop(&h).id, want[i]);
    noc_heap_free(&h);
    /* No tie_id, three equal keys pushed as ids 0, 1, 2: a[] = [0, 1, 2]
     * (no push moves: the parent is not strictly greater).  Pop 0: the
     * last item (2) goes down from the root; its left child 1 is not
     * strictly smaller, so a[] = [2, 1]: pops 2, then 1. */
    assert_int_equal(noc_heap_init(&h, 0, 0, &ctx), NOC_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(noc_heap_push(&h, 1, i, &ctx), NOC_OK);
    assert_int_equal(noc_heap_pop(&h).id, 0);
    assert_int_equal(noc_heap_pop(&h).id, 2);
    assert_int_equal(noc_heap_pop(&h).id, 1);
    /* Equal children: the left one moves up.  Push (0,0) (5,1) (5,2) (9,3):
     * a[] = [0, 1, 2, 3]; pop: 3 (key 9) sinks, children 1 and 2 tie,
     * 1 (left) rises: a[] = [1, 3, 2]; the next pops are 1, 2, 3. */
    const double k2[] = {0, 5, 5, 9};
    for (int i = 0; i < 4; i++)
        assert_int_equal(noc_heap_push(&h, k2[i], i, &ctx), NOC_OK);
    assert_int_equal(noc_heap_pop(&h).id, 0);
    assert_int_equal(h.a[0].id, 1);
    assert_int_equal(h.a[1].id, 3);
    assert_int_equal(h.a[2].id, 2);
    noc_heap_free(&h);
}

/* noc_heap_clear_ids: ids 1, 4, 6 of 8 pushed, 4 popped (pos -2), then
 * cleared by the list {1, 4, 6}: empty, every pos -1, and reusable (the
 * next pops in key order). */
static void test_heap_clear_ids(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_heap h;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_heap_init(&h, 8, 1, &ctx), NOC_OK);
    noc_heap_update(&h, 4, 1);
    noc_heap_update(&h, 1, 2);
    noc_heap_update(&h, 6, 3);
    assert_int_equal(noc_heap_pop(&h).id, 4);
    assert_int_equal(h.pos[4], -2);
    const int ids[] = {1, 4, 6};
    noc_heap_clear_ids(&h, ids, 3);
    assert_int_equal(h.n, 0);
    for (int i = 0; i < 8; i++)
        assert_int_equal(h.pos[i], -1);
    noc_heap_update(&h, 4, 9);
    noc_heap_update(&h, 0, 8);
    assert_int_equal(noc_heap_pop(&h).id, 0);
    assert_int_equal(noc_heap_pop(&h).id, 4);
    noc_heap_free(&h);
}

static void test_heap_decrease(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_heap h;
    noc_ctx_init(&ctx);
    assert_int_equal(noc_heap_init(&h, -1, 1, &ctx), NOC_EINVAL);
    assert_int_equal(noc_heap_init(&h, 5, 1, &ctx), NOC_OK);
    for (int i = 0; i < 5; i++)
        assert_int_equal(h.pos[i], -1);
    noc_heap_update(&h, 0, 10);
    noc_heap_update(&h, 1, 20);
    noc_heap_update(&h, 2, 30);
    noc_heap_update(&h, 3, 40);
    check_pos(&h);
    noc_heap_update(&h, 3, 5); /* 40 -> 5: now the least */
    check_pos(&h);
    assert_int_equal(h.a[0].id, 3);
    noc_heap_update(&h, 2, 5); /* ties 3 at 5, smaller id first */
    check_pos(&h);
    assert_int_equal(h.a[0].id, 2);
    noc_heap_update(&h, 2, 5); /* same key again: no change */
    assert_int_equal(h.a[0].id, 2);
    assert_int_equal(noc_heap_pop(&h).id, 2);
    assert_int_equal(h.pos[2], -2);
    assert_int_equal(h.pos[4], -1);
    check_pos(&h);
    struct noc_heap_item it = noc_heap_pop(&h);
    assert_int_equal(it.id, 3);
    assert_true(it.key == 5);
    assert_int_equal(noc_heap_pop(&h).id, 0);
    assert_int_equal(noc_heap_pop(&h).id, 1);
    assert_int_equal((int)h.n, 0);
    assert_int_equal(h.pos[1], -2);
    noc_heap_clear(&h);
    for (int i = 0; i < 5; i++)
        assert_int_equal(h.pos[i], -1);
    noc_heap_free(&h);
}

/* Plain heap, random keys with many ties, repeated ids: pops = qsort. */
static void test_heap_random_sorted(void **state)
{
    (void)state;
    struct noc_ctx ctx;
    struct noc_rng rng;
    noc_ctx_init(&ctx);
    noc_rng_seed(&rng, 42);
    for (int round = 0; round < 20; round++) {
        int n = 1 + (int)noc_rng_below(&rng, 600);
        struct noc_heap_item *want = malloc((size_t)n * sizeof *want);
        struct noc_heap h;
        assert_non_null(want);
        assert_int_equal(noc_heap_init(&h, 0, 1, &ctx), NOC_OK);
        for (int i = 0; i < n; i++) {
            want[i].key = (double)noc_rng_below(&rng, 40) * 0.5 - 3;
            want[i].id = (int)noc_rng_below(&rng, 50);
            assert_int_equal(noc_heap_push(&h, want[i].key, want[i].id, &ctx), NOC_OK);
        }
        qsort(want, (size_t)n, sizeof *want, cmp_item);
        for (int i = 0; i < n; i++) {
            struct noc_heap_item it = noc_heap_pop(&h);
            assert_true(it.key == want[i].key);
            assert_int_equal(it.id, want[i].id);
        }
        noc_heap_free(&h);
        free(want);
    }
}

/* Indexed heap under random pushes, decrease-keys and pops: every pop is
 * the (key, id) minimum of a plain array model; without tie_id the key is
 * still the minimum. */
static void test_heap_random_indexed(void **state)
{
    (void)state;
    enum { N = 200 };
    struct noc_ctx ctx;
    struct noc_rng rng;
    noc_ctx_init(&ctx);
    noc_rng_seed(&rng, 7);
    for (int tie = 0; tie <= 1; tie++) {
        struct noc_heap h;
        double key[N];
        int in[N] = {0}; /* 0 never, 1 in the heap, 2 popped */
        assert_int_equal(noc_heap_init(&h, N, tie, &ctx), NOC_OK);
        int popped = 0;
        for (int step = 0; step < 5000; step++) {
            int op = (int)noc_rng_below(&rng, 3), v = (int)noc_rng_below(&rng, N);
            if (op == 0 && in[v] == 0) {
                key[v] = (double)noc_rng_below(&rng, 100);
                in[v] = 1;
                noc_heap_update(&h, v, key[v]);
            } else if (op == 1 && in[v] == 1 && key[v] > 0) {
                key[v] -= (double)noc_rng_below(&rng, (uint64_t)key[v] + 1);
                noc_heap_update(&h, v, key[v]);
            } else if (op == 2 && h.n > 0) {
                int best = -1;
                for (int u = 0; u < N; u++)
                    if (in[u] == 1 && (best < 0 || key[u] < key[best]))
                        best = u; /* the smallest id among equal keys */
                struct noc_heap_item it = noc_heap_pop(&h);
                assert_true(it.key == key[best]);
                assert_true(it.key == key[it.id]);
                if (tie)
                    assert_int_equal(it.id, best);
                assert_int_equal(in[it.id], 1);
                in[it.id] = 2;
                popped++;
            }
            check_pos(&h);
            for (int u = 0; u < N; u++)
                assert_true(in[u] != 2 || h.pos[u] == -2);
        }
        assert_true(popped > 100);
        noc_heap_free(&h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heap_order),
        cmocka_unit_test(test_heap_ties),
        cmocka_unit_test(test_heap_decrease),
        cmocka_unit_test(test_heap_clear_ids),
        cmocka_unit_test(test_heap_random_sorted),
        cmocka_unit_test(test_heap_random_indexed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
