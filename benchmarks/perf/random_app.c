/* Random application graphs for the synthesis speed benchmark.
 *
 * usage: random_app N F SEED > app.csv
 *
 * N cores c0..c(N-1) and F distinct directed flows between distinct random
 * cores (redrawn on a repeat), each of 10..400 MB/s (uniform, whole MB/s).
 * Random numbers: nocsyn's xoshiro256** seeded with SEED, so the file is
 * the same on every machine.
 */
#include <stdio.h>
#include <stdlib.h>

#include "nocsyn/core.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: random_app N F SEED\n");
        return 2;
    }
    long n = strtol(argv[1], NULL, 10), f = strtol(argv[2], NULL, 10), seed = strtol(argv[3], NULL, 10);
    if (n < 2 || n > 100000 || f < 1 || f > n * (n - 1) || f > 10000000) {
        fprintf(stderr, "random_app: N in 2..100000, F in 1..N(N-1)\n");
        return 2;
    }
    unsigned char *seen = calloc((size_t)n * (size_t)n, 1);
    if (!seen) {
        fprintf(stderr, "random_app: out of memory\n");
        return 1;
    }
    struct noc_rng rng;
    noc_rng_seed(&rng, (uint64_t)seed);
    printf("src,dst,bandwidth_mbps\n");
    for (long k = 0; k < f;) {
        long s = (long)noc_rng_below(&rng, (uint64_t)n), d = (long)noc_rng_below(&rng, (uint64_t)n);
        if (s == d || seen[s * n + d])
            continue;
        seen[s * n + d] = 1;
        printf("c%ld,c%ld,%ld\n", s, d, 10 + (long)noc_rng_below(&rng, 391));
        k++;
    }
    free(seen);
    return 0;
}
