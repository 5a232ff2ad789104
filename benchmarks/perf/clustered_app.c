/* Clustered random application graphs for the synthesis benchmarks.
 *
 * usage: clustered_app N SEED > app.csv
 *
 * N cores c0..c(N-1) in clusters of 8 consecutive cores (the last one may be
 * smaller).  Inside a cluster every core sends to 2 distinct random members
 * of its cluster at 50..200 MB/s (uniform).  Each cluster also sends 2 flows
 * from a random member to a random core of another random cluster at
 * 10..50 MB/s.  Random numbers: nocsyn's xoshiro256** seeded with SEED, so
 * the file is the same on every machine.  Duplicate pairs are summed by the
 * reader as usual.
 */
#include <stdio.h>
#include <stdlib.h>

#include "nocsyn/core.h"

#define CLUSTER 8

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: clustered_app N SEED\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10), seed = strtol(argv[2], NULL, 10);
    if (n < 2 || n > 1000000) {
        fprintf(stderr, "clustered_app: N must be in 2..1000000\n");
        return 2;
    }
    struct noc_rng rng;
    noc_rng_seed(&rng, (uint64_t)seed);
    long nclusters = (n + CLUSTER - 1) / CLUSTER;
    printf("src,dst,bandwidth_mbps\n");
    for (long c = 0; c < n; c++) {
        long base = c / CLUSTER * CLUSTER, size = n - base < CLUSTER ? n - base : CLUSTER;
        if (size < 2)
            continue;
        long first = -1;
        for (int k = 0; k < 2 && k < size - 1; k++) {
            long d;
            do
                d = base + (long)noc_rng_below(&rng, (uint64_t)size);
            while (d == c || d == first);
            first = d;
            printf("c%ld,c%ld,%.1f\n", c, d, 50 + 150 * noc_rng_uniform(&rng));
        }
    }
    for (long k = 0; k < nclusters && nclusters > 1; k++) {
        for (int j = 0; j < 2; j++) {
            long other;
            do
                other = (long)noc_rng_below(&rng, (uint64_t)nclusters);
            while (other == k);
            long s = k * CLUSTER + (long)noc_rng_below(&rng, CLUSTER);
            long d = other * CLUSTER + (long)noc_rng_below(&rng, CLUSTER);
            if (s >= n)
                s = n - 1;
            if (d >= n)
                d = n - 1;
            printf("c%ld,c%ld,%.1f\n", s, d, 10 + 40 * noc_rng_uniform(&rng));
        }
    }
    return 0;
}
