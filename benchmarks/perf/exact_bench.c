/* Split against the exact optimum (noc_synth_exact) at the same switch
 * count, constraints, floorplan and tech model.
 * usage: exact_bench APP.csv K [TECH_FILE|-] [TIME_LIMIT_S]
 * Prints one line: app K split_mW exact_mW bound_mW status gap_% hops_split
 * hops_exact tree_exact seconds bound_gap_% (status "optimal" or "limit";
 * bound_gap = (split - bound) / bound, the gap split is proven within).
 * Both split's and the exact design's figures are their model_power_mw
 * (synth.h: the placement model the program minimises, before floorplan
 * co-synthesis), the quantity the bound bounds.
 * Defaults as `nocsyn synth APP` (min-cut floorplan seed 1, radix 8 or the
 * clock's bound, 32-bit links at 1000 MHz, links loaded to 80%).
 * Environment: EXACT_NODES (a branch-and-bound node limit), EXACT_CUTS=1
 * (GLPK's cuts), EXACT_SHOW (the exact design's channels on stderr).  Build: cc -O2 -Iinclude exact_bench.c build/libnocsyn.a
 * plus nocsyn's LDLIBS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nocsyn/app.h"
#include "nocsyn/lp.h"
#include "nocsyn/synth.h"
#include "nocsyn/topo.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: exact_bench APP.csv K [TECH|-] [TIME_LIMIT_S]\n");
        return 2;
    }
    struct noc_ctx ctx;
    noc_ctx_init(&ctx);
    struct noc_app app;
    noc_app_init(&app);
    int K = atoi(argv[2]), rc;
    struct noc_synth_opts o;
    noc_synth_opts_init(&o);
    o.threads = 1;
    o.kmin = o.kmax = K;
    if ((rc = noc_app_read(&app, argv[1], NULL, &ctx)) || (rc = noc_floorplan_mincut(&app, o.seed, &ctx)) ||
        (argc > 3 && strcmp(argv[3], "-") && (rc = noc_tech_read(&o.tech, argv[3], &ctx)))) {
        fprintf(stderr, "exact_bench: %s\n", ctx.msg);
        return 2;
    }
    /* The radix bound `nocsyn synth` applies at this clock (synth.h). */
    int tr = noc_tech_max_radix(&o.tech, o.link_width, o.freq_mhz);
    if (tr < o.max_radix)
        o.max_radix = tr;
    struct noc_synth_result res;
    noc_synth_result_init(&res);
    double split = NAN, hs = NAN;
    if (noc_synth_split(&app, &o, &res, &ctx) == NOC_OK) {
        split = res.d[0].model_power_mw;
        hs = res.d[0].m.hops_avg;
    }
    noc_synth_result_free(&res);
    noc_ctx_init(&ctx);
    struct noc_lp_params prm;
    noc_lp_params_init(&prm);
    prm.time_limit_s = argc > 4 ? atof(argv[4]) : 600;
    prm.cuts = getenv("EXACT_CUTS") ? atoi(getenv("EXACT_CUTS")) : 0;
    /* A node limit makes runs comparable on a loaded machine. */
    prm.node_limit = getenv("EXACT_NODES") ? atol(getenv("EXACT_NODES")) : 0;
    struct noc_design d;
    double bound, t0 = now();
    rc = noc_synth_exact(&app, &o, K, &prm, &d, &bound, &ctx);
    double secs = now() - t0;
    if (rc != NOC_OK && rc != NOC_ELIMIT) {
        printf("%s %d %.3f - - %s - - - - %.1f -\n", app.name, K, split, rc == NOC_EINFEASIBLE ? "infeasible" : ctx.msg, secs);
    } else {
        /* A tree: switch-switch links = switches - 1 (the design is connected). */
        int links = 0;
        for (int c = 0; c < d.topo.nch; c++)
            links += noc_topo_is_rr(&d.topo, c);
        double ex = d.feasible ? d.model_power_mw : NAN;
        printf("%s %d %.3f %.3f %.3f %s %.2f %.3f %.3f %s %.1f %.2f\n", app.name, K, split, ex, bound,
               rc == NOC_OK ? "optimal" : "limit", 100 * (split - ex) / ex, hs, d.m.hops_avg,
               links / 2 == K - 1 ? "tree" : "non-tree", secs, 100 * (split - bound) / bound);
        if (getenv("EXACT_SHOW")) /* the design's channels, to compare it with split's */
            for (int c = 0; c < d.topo.nch; c++)
                fprintf(stderr, "%s -> %s\n", d.topo.nodes[d.topo.ch[c].src].name, d.topo.nodes[d.topo.ch[c].dst].name);
    }
    noc_topo_free(&d.topo);
    noc_metrics_free(&d.m);
    free(d.flow_cycles);
    noc_app_free(&app);
    return 0;
}
