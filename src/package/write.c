/* The package's files (include/nocsyn/package.h, noc_package_write). */
#include "nocsyn/package.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/emit.h"

static void num(struct noc_buf *b, double v)
{
    noc_buf_printf(b, ",");
    if (isfinite(v))
        noc_buf_num(b, noc_round_digits(v, 9));
}

int noc_pkg_summary_csv(const struct noc_pkg_result *res, struct noc_buf *b, struct noc_ctx *ctx)
{
    noc_buf_printf(b, "design,k,extra,feasible,switches,d2d_modules,d2d_mbps,power_mw,d2d_mw,d2d_share,area_mm2,"
                      "latency_avg_ns,latency_max_ns,vcs,deadlock_free,pareto,chosen,reason\n");
    for (int i = 0; i < res->n; i++) {
        const struct noc_pkg_design *pd = &res->d[i];
        const struct noc_design *d = &pd->d;
        int ok = d->feasible, eval = d->topo.finalized;
        noc_buf_printf(b, "%s,%d,%d,%d,%d,%d", d->name, pd->k, pd->extra, ok, d->switches, pd->d2d_modules);
        num(b, eval ? pd->d2d_mbps : NAN);
        num(b, eval ? d->power_mw : NAN);
        num(b, eval ? pd->d2d_mw : NAN);
        num(b, eval && d->power_mw > 0 ? pd->d2d_mw / d->power_mw : NAN);
        num(b, eval ? d->area_mm2 : NAN);
        num(b, eval ? d->lat_avg_ns : NAN);
        num(b, eval ? d->lat_max_ns : NAN);
        noc_buf_printf(b, ",%d,%d,%d,%d,", ok ? d->vcs : 0, eval ? d->m.deadlock_free : -1, d->pareto,
                       i == res->chosen);
        noc_csv_field(b, d->reason);
        noc_buf_printf(b, "\n");
    }
    return noc_buf_status(b, "package.csv", ctx);
}

int noc_package_write(const struct noc_pkg_result *res, const struct noc_package *p, const struct noc_app *app,
                      const char *dir, const struct noc_tech *tech, struct noc_ctx *ctx)
{
    int rc = NOC_OK;
    struct noc_buf b;
    char path[4400];
    noc_buf_init(&b);
    NOC_CHECK(noc_pkg_summary_csv(res, &b, ctx));
    snprintf(path, sizeof path, "%s/package.csv", dir);
    NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
    if (res->chosen >= 0) {
        const struct noc_pkg_design *pd = &res->d[res->chosen];
        noc_buf_free(&b);
        noc_buf_init(&b);
        NOC_CHECK(noc_pkg_boundaries_csv(p, pd, &b, ctx));
        snprintf(path, sizeof path, "%s/boundaries.csv", dir);
        NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
        noc_buf_free(&b);
        noc_buf_init(&b);
        noc_buf_printf(&b, "die,layer,x_mm,y_mm,w_mm,h_mm,cores,switches\n");
        for (int d = 0; d < p->ndies; d++) {
            int n = 0;
            for (int c = 0; c < res->ncores; c++)
                n += res->core_die[c] == d;
            noc_csv_field(&b, p->dies[d].name);
            noc_buf_printf(&b, ",%d", p->dies[d].layer);
            num(&b, p->dies[d].x);
            num(&b, p->dies[d].y);
            num(&b, p->dies[d].w);
            num(&b, p->dies[d].h);
            noc_buf_printf(&b, ",%d,%d\n", n, pd->die_switches[d]);
        }
        noc_buf_printf(&b, "\ncore,die\n");
        for (int c = 0; c < res->ncores; c++) {
            noc_csv_field(&b, app->cores[c].name);
            noc_buf_printf(&b, ",");
            noc_csv_field(&b, p->dies[res->core_die[c]].name);
            noc_buf_printf(&b, "\n");
        }
        NOC_CHECK(noc_buf_status(&b, "dies.csv", ctx));
        snprintf(path, sizeof path, "%s/dies.csv", dir);
        NOC_CHECK(noc_write_file(path, b.data, b.len, ctx));
        NOC_CHECK(noc_design_write(&pd->d, app, dir, tech, ctx));
    }
cleanup:
    noc_buf_free(&b);
    return rc;
}
