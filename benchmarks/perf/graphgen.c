/* Benchmark graphs for benchmarks/perf/run.sh, deterministic:
 *   graphgen mesh K EDGES        k x k mesh, router (x,y) = x + k*y
 *   graphgen torus K EDGES       k x k torus, same numbering
 *   graphgen randreg N SEED DOT EDGES
 *                                random 4-regular graph on N routers: the
 *                                union of two random Hamiltonian cycles with
 *                                no common edge (redrawn until there is none),
 *                                one terminal per router; written as nocsyn
 *                                DOT and as an edge list
 * EDGES is the router graph as "u v" lines (one per undirected link) for
 * igraph_read_graph_edgelist.  Build: cc -O2 -o graphgen graphgen.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(rng_next() % (uint64_t)(i + 1));
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t key(int a, int b)
{
    return a < b ? ((uint64_t)a << 32) | (uint32_t)b : ((uint64_t)b << 32) | (uint32_t)a;
}

static int grid(const char *kind, int k, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 1;
    int torus = !strcmp(kind, "torus");
    for (int y = 0; y < k; y++)
        for (int x = 0; x < k; x++) {
            int v = x + k * y;
            if (x + 1 < k || (torus && k > 2))
                fprintf(f, "%d %d\n", v, (x + 1) % k + k * y);
            if (y + 1 < k || (torus && k > 2))
                fprintf(f, "%d %d\n", v, x + k * ((y + 1) % k));
        }
    return fclose(f) != 0;
}

static int randreg(int n, uint64_t seed, const char *dot, const char *edges)
{
    int *p = malloc(sizeof(int) * (size_t)n), *q = malloc(sizeof(int) * (size_t)n);
    uint64_t *k = malloc(sizeof(uint64_t) * 2 * (size_t)n);
    if (!p || !q || !k)
        return 1;
    rng_state = seed;
    for (;;) {
        for (int i = 0; i < n; i++)
            p[i] = q[i] = i;
        shuffle(p, n);
        shuffle(q, n);
        for (int i = 0; i < n; i++) {
            k[i] = key(p[i], p[(i + 1) % n]);
            k[n + i] = key(q[i], q[(i + 1) % n]);
        }
        qsort(k, 2 * (size_t)n, sizeof *k, cmp_u64);
        int dup = 0;
        for (int i = 1; i < 2 * n; i++)
            dup |= k[i] == k[i - 1];
        if (!dup)
            break;
    }
    FILE *fd = fopen(dot, "w"), *fe = fopen(edges, "w");
    if (!fd || !fe)
        return 1;
    fprintf(fd, "digraph \"randreg4:n=%d,seed=%llu\" {\n", n, (unsigned long long)seed);
    for (int i = 0; i < n; i++)
        fprintf(fd, "  r%d [kind=\"router\"];\n", i);
    for (int i = 0; i < n; i++)
        fprintf(fd, "  t%d [kind=\"terminal\"];\n  t%d -> r%d [dir=both];\n", i, i, i);
    for (int i = 0; i < 2 * n; i++) {
        int a = (int)(k[i] >> 32), b = (int)(uint32_t)k[i];
        fprintf(fd, "  r%d -> r%d [dir=both];\n", a, b);
        fprintf(fe, "%d %d\n", a, b);
    }
    fprintf(fd, "}\n");
    free(p);
    free(q);
    free(k);
    return (fclose(fd) != 0) | (fclose(fe) != 0);
}

int main(int argc, char **argv)
{
    if (argc == 4 && (!strcmp(argv[1], "mesh") || !strcmp(argv[1], "torus")))
        return grid(argv[1], atoi(argv[2]), argv[3]);
    if (argc == 6 && !strcmp(argv[1], "randreg"))
        return randreg(atoi(argv[2]), strtoull(argv[3], NULL, 10), argv[4], argv[5]);
    fprintf(stderr, "usage: graphgen mesh|torus K EDGES | randreg N SEED DOT EDGES\n");
    return 2;
}
