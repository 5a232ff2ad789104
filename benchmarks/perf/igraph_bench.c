/* The igraph side of benchmarks/perf/run.sh: on an undirected router graph
 * (edge list, N vertices) times igraph's edge betweenness, average path
 * length and diameter -- the three quantities `nocsyn eval` computes in one
 * sweep (ECMP loads, hops, diameter) -- and prints them for cross-checking:
 * with one terminal per router and uniform traffic, the ECMP load of a
 * channel is (betweenness of its link) / N when both directions carry the
 * same, and the average path length is hops.avg_excl_self.
 * Build: cc -O2 $(pkg-config --cflags igraph) igraph_bench.c $(pkg-config --libs igraph)
 * Usage: igraph_bench N EDGES */
#include <igraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: igraph_bench N EDGES\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    igraph_t g;
    igraph_integer_t n = atol(argv[1]);
    if (igraph_read_graph_edgelist(&g, f, n, IGRAPH_UNDIRECTED) != IGRAPH_SUCCESS)
        return 1;
    fclose(f);
    igraph_vector_t eb;
    igraph_vector_init(&eb, 0);
    igraph_real_t apl, unconn, diam;
    double c0 = cpu(), t0 = now();
    igraph_edge_betweenness(&g, &eb, IGRAPH_UNDIRECTED, NULL);
    double t1 = now();
    igraph_average_path_length(&g, &apl, &unconn, IGRAPH_UNDIRECTED, 1);
    double t2 = now();
    igraph_diameter(&g, &diam, NULL, NULL, NULL, NULL, IGRAPH_UNDIRECTED, 1);
    double t3 = now(), c3 = cpu();
    printf("betweenness_s %.4f apl_s %.4f diameter_s %.4f total_s %.4f "
           "max_load %.10g avg_path %.10g diameter %g cpu_s %.4f\n",
           t1 - t0, t2 - t1, t3 - t2, t3 - t0, igraph_vector_max(&eb) / (double)n, apl, diam,
           c3 - c0);
    igraph_vector_destroy(&eb);
    igraph_destroy(&g);
    return 0;
}
