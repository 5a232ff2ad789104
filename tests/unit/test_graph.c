/* Unit tests: noc_graph_bfs (graph.h).  The digraph, worked by hand:
 *
 *     0 -> 1, 0 -> 2, 1 -> 3 (twice: parallel edges), 2 -> 3, 3 -> 4,
 *     4 -> 0, 5 -> 4
 *
 * forward from 0: 1 and 2 at 1, 3 at 2, 4 at 3; 5 unreachable (-1);
 * backward to 0 (who reaches 0): 4 at 1, 3 and 5 at 2, 1 and 2 at 3;
 * forward from {3, 5}: 4 at 1, 0 at 2, 1 and 2 at 3;
 * undirected from 5: 4 at 1, 0 and 3 at 2, 1 and 2 at 3.
 * Visit orders follow the contract (sources in order, then each dequeued
 * vertex's out-edges in CSR order, i.e. by target, then its in-edges by
 * CSR id, i.e. by source). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nocsyn/graph.h"

static void build(struct noc_graph *g)
{
    static const int s[] = {0, 0, 1, 1, 2, 3, 4, 5}, d[] = {1, 2, 3, 3, 3, 4, 0, 4};
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    noc_graph_init(g);
    assert_int_equal(noc_graph_build(g, 6, 8, s, d, &ctx), NOC_OK);
}

static void expect(const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        assert_int_equal(got[i], want[i]);
}

static void test_bfs_forward(void **state)
{
    (void)state;
    struct noc_graph g;
    int dist[6], queue[6], src = 0;
    build(&g);
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT, -1, dist, queue), 5);
    expect(dist, (const int[]){0, 1, 1, 2, 3, -1}, 6);
    expect(queue, (const int[]){0, 1, 2, 3, 4}, 5);
    /* only vertices 0..4: the same without vertex 5 */
    assert_int_equal(noc_graph_bfs(&g, 5, &src, 1, NOC_BFS_OUT, -1, dist, queue), 5);
    expect(dist, (const int[]){0, 1, 1, 2, 3}, 5);
    /* depth bound 1 */
    for (int v = 0; v < 6; v++)
        dist[v] = 99;
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT, 1, dist, queue), 3);
    expect(dist, (const int[]){0, 1, 1, -1, -1, -1}, 6);
    /* depth bound 0: the source alone */
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT, 0, dist, queue), 1);
    expect(dist, (const int[]){0, -1, -1, -1, -1, -1}, 6);
    noc_graph_free(&g);
}

static void test_bfs_reverse(void **state)
{
    (void)state;
    struct noc_graph g;
    int dist[6], queue[6], src = 0;
    build(&g);
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_IN, -1, dist, queue), 6);
    expect(dist, (const int[]){0, 3, 3, 2, 1, 2}, 6);
    expect(queue, (const int[]){0, 4, 3, 5, 1, 2}, 6);
    /* 5 is reached by nothing */
    src = 5;
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_IN, -1, dist, queue), 1);
    expect(dist, (const int[]){-1, -1, -1, -1, -1, 0}, 6);
    /* undirected from 5 */
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_BOTH, -1, dist, queue), 6);
    expect(dist, (const int[]){2, 3, 3, 2, 1, 0}, 6);
    expect(queue, (const int[]){5, 4, 0, 3, 1, 2}, 6);
    noc_graph_free(&g);
}

static void test_bfs_multi(void **state)
{
    (void)state;
    struct noc_graph g;
    int dist[6], queue[6];
    build(&g);
    const int src[] = {3, 5, 3}; /* the repeated 3 is skipped */
    assert_int_equal(noc_graph_bfs(&g, 6, src, 3, NOC_BFS_OUT, -1, dist, queue), 6);
    expect(dist, (const int[]){2, 3, 3, 0, 1, 0}, 6);
    expect(queue, (const int[]){3, 5, 4, 0, 1, 2}, 6);
    /* sources read from the queue itself */
    queue[0] = 1;
    queue[1] = 2;
    assert_int_equal(noc_graph_bfs(&g, 6, queue, 2, NOC_BFS_OUT, -1, dist, queue), 5);
    expect(dist, (const int[]){3, 0, 0, 1, 2, -1}, 6);
    expect(queue, (const int[]){1, 2, 3, 4, 0}, 5);
    /* no source: nothing visited */
    assert_int_equal(noc_graph_bfs(&g, 6, src, 0, NOC_BFS_OUT, -1, dist, queue), 0);
    expect(dist, (const int[]){-1, -1, -1, -1, -1, -1}, 6);
    noc_graph_free(&g);
}

/* NOC_BFS_KEEP: a second search grows into the same dist[] and visits
 * only what the first left at -1. */
static void test_bfs_keep(void **state)
{
    (void)state;
    struct noc_graph g;
    int dist[6], queue[6], src = 0;
    build(&g);
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT, 1, dist, queue), 3);
    src = 3;
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT | NOC_BFS_KEEP, -1, dist, queue), 2);
    expect(dist, (const int[]){0, 1, 1, 0, 1, -1}, 6);
    expect(queue, (const int[]){3, 4}, 2);
    /* a source already visited is skipped */
    src = 4;
    assert_int_equal(noc_graph_bfs(&g, 6, &src, 1, NOC_BFS_OUT | NOC_BFS_KEEP, -1, dist, queue), 0);
    noc_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bfs_forward),
        cmocka_unit_test(test_bfs_reverse),
        cmocka_unit_test(test_bfs_multi),
        cmocka_unit_test(test_bfs_keep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
