/* The auto mapping against the exact one (noc_map_exact) on the mesh that
 * `nocsyn compare APP --baselines mesh` maps the app onto (cols =
 * ceil(sqrt N), rows = ceil(N / cols), one core per router).
 * usage: map_exact_bench APP.csv [NODE_LIMIT]
 * Prints: app cores dims auto_cost exact_cost status gap_% nodes_limit seconds
 * (cost = sum of bandwidth x router hops, MB/s x hops). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nocsyn/app.h"
#include "nocsyn/gen.h"
#include "nocsyn/map.h"
#include "nocsyn/topo.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: map_exact_bench APP.csv [NODE_LIMIT]\n");
        return 2;
    }
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    if (noc_app_read(&app, argv[1], NULL, &ctx)) {
        fprintf(stderr, "map_exact_bench: %s\n", ctx.msg);
        return 2;
    }
    int n = app.ncores, cols = (int)ceil(sqrt(n)), rows = (n + cols - 1) / cols;
    char spec[64];
    snprintf(spec, sizeof spec, "mesh:dims=%dx%d", cols, rows);
    struct noc_topo t;
    int *a = malloc((size_t)n * sizeof *a), *e = malloc((size_t)n * sizeof *e);
    double ca, ce, bound;
    if (!a || !e || noc_gen_spec(&t, spec, &ctx) || noc_map_cores(&app, &t, NOC_MAP_AUTO, 1, a, &ca, &ctx)) {
        fprintf(stderr, "map_exact_bench: %s\n", ctx.msg);
        return 2;
    }
    long limit = argc > 2 ? atol(argv[2]) : 0;
    clock_t c0 = clock();
    int rc = noc_map_exact(&app, &t, limit, e, &ce, &bound, &ctx);
    double secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (rc != NOC_OK && rc != NOC_ELIMIT) {
        fprintf(stderr, "map_exact_bench: %s\n", ctx.msg);
        return 2;
    }
    printf("%s %d %dx%d %.1f %.1f %s %.2f %.1f\n", app.name, n, cols, rows, ca, ce,
           rc == NOC_OK ? "optimal" : "limit", 100 * (ca - ce) / ce, secs);
    noc_topo_free(&t);
    noc_app_free(&app);
    free(a);
    free(e);
    return 0;
}
