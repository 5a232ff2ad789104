/* The constraints every compare entry is held to, and the Pareto flag over
 * the entries that meet them (explore.h: violations, pareto). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "nocsyn/app.h"
#include "nocsyn/units.h"

/* Appends constraint `name` to e->violations and a sentence to
 * e->violation_text. */
static void add(struct noc_entry *e, const char *name, const char *fmt, ...)
{
    size_t n = strlen(e->violations), m = strlen(e->violation_text);
    snprintf(e->violations + n, sizeof e->violations - n, "%s%s", n ? ";" : "", name);
    if (m && m + 2 < sizeof e->violation_text) {
        snprintf(e->violation_text + m, sizeof e->violation_text - m, "; ");
        m += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->violation_text + m, sizeof e->violation_text - m, fmt, ap);
    va_end(ap);
}

/* The stored route of flow f (NULL when there is none). */
static const struct noc_route *route_of(const struct noc_topo *t, const struct noc_app *app, int f)
{
    int s = noc_topo_find(t, app->cores[app->flows[f].src].name);
    int d = noc_topo_find(t, app->cores[app->flows[f].dst].name);
    for (int i = 0; i < t->nroutes; i++)
        if (t->routes[i].src == s && t->routes[i].dst == d)
            return &t->routes[i];
    return NULL;
}

static int entry_check(struct noc_entry *e, const struct noc_app *app, const struct noc_compare_opts *o,
                       struct noc_ctx *ctx)
{
    const struct noc_synth_opts *so = &o->synth;
    const struct noc_topo *t = &e->d.topo;
    e->violations[0] = e->violation_text[0] = '\0';
    /* max_hops: router-to-router links of the flow's route. */
    int nh = 0, worst = -1;
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_route *r = app->flows[f].max_hops >= 0 ? route_of(t, app, f) : NULL;
        if (r && r->len - 1 > app->flows[f].max_hops) {
            if (!nh++)
                worst = f;
        }
    }
    if (nh) {
        const struct noc_flow *fl = &app->flows[worst];
        add(e, "max_hops", "%d flow%s above max_hops (first: %s -> %s, %d hops > %d)", nh, nh > 1 ? "s" : "",
            app->cores[fl->src].name, app->cores[fl->dst].name, route_of(t, app, worst)->len - 1, fl->max_hops);
    }
    if (so->max_radix > 0 && e->d.m.radix_max > so->max_radix)
        add(e, "radix", "a %d-port router, above --max-radix %d", e->d.m.radix_max, so->max_radix);
    if (e->d.freq_mhz > 0 && e->d.fmax_mhz > 0 && noc_exceeds(e->d.freq_mhz, e->d.fmax_mhz))
        add(e, "timing", "runs at %g MHz, its largest router closes at %.0f MHz", e->d.freq_mhz, e->d.fmax_mhz);
    if (!isnan(e->d.m.max_utilization) && noc_exceeds(e->d.m.max_utilization, so->max_util))
        add(e, "capacity", "a channel loaded to %.3g of its capacity, above --max-util %g", e->d.m.max_utilization,
            so->max_util);
    if (e->d.freq_mhz > 0) {
        int *cyc = noc_calloc(ctx, (size_t)app->nflows + 1, sizeof *cyc);
        double avg, mx;
        if (!cyc)
            return NOC_ENOMEM;
        int rc = noc_synth_latency(app, t, &so->tech, cyc, &avg, &mx, ctx);
        int nl = 0, first = -1;
        for (int f = 0; rc == NOC_OK && f < app->nflows; f++)
            if (app->flows[f].max_latency_ns > 0 &&
                noc_exceeds(noc_cycles_ns(cyc[f], e->d.freq_mhz), app->flows[f].max_latency_ns) && !nl++)
                first = f;
        if (nl) {
            const struct noc_flow *fl = &app->flows[first];
            add(e, "latency", "%d flow%s above max_latency_ns (first: %s -> %s, %.3f ns > %g)", nl,
                nl > 1 ? "s" : "", app->cores[fl->src].name, app->cores[fl->dst].name,
                noc_cycles_ns(cyc[first], e->d.freq_mhz), fl->max_latency_ns);
        }
        free(cyc);
        if (rc != NOC_OK)
            return rc;
    }
    if (!isfinite(e->d.power_mw) || !isfinite(e->d.area_mm2) || (e->d.freq_mhz > 0 && !isfinite(e->d.lat_avg_ns)))
        add(e, "model", "its power, area or latency is not a finite number (check the tech file)");
    if (e->d.m.deadlock_free == 0)
        add(e, "deadlock", "its routing (%s, %d VC%s) is not deadlock free", e->routing, e->d.vcs,
            e->d.vcs > 1 ? "s" : "");
    return NOC_OK;
}

/* compare's list for noc_pareto_mark: the objective vector of the
 * Pareto front (explore.h; unrounded), no violation, and the marks; the
 * choice is noc_pareto_choose's. */
static void objectives(const void *x, double *v)
{
    const struct noc_entry *e = x;
    v[0] = e->d.power_mw;
    v[1] = e->d.freq_mhz > 0 ? e->d.lat_avg_ns : e->d.m.hops_avg;
    v[2] = e->d.area_mm2;
    v[3] = e->d.m.radix_max;
}

static int no_violation(const void *e) { return !((const struct noc_entry *)e)->violations[0]; }

static void entry_mark(void *x, int pareto, const void *same)
{
    struct noc_entry *e = x;
    e->d.pareto = pareto;
    e->d.same_as[0] = '\0';
    if (same)
        snprintf(e->d.same_as, sizeof e->d.same_as, "%s", ((const struct noc_entry *)same)->d.name);
}

int noc_explore_check(struct noc_compare *c, const struct noc_app *app, const struct noc_compare_opts *o,
                      struct noc_ctx *ctx)
{
    for (int i = 0; i < c->n; i++) {
        int rc = entry_check(&c->e[i], app, o, ctx);
        if (rc != NOC_OK)
            return rc;
    }
    const struct noc_pareto_list l = {c->e, sizeof *c->e, c->n, objectives, 0, no_violation, NULL, entry_mark};
    int rc = noc_pareto_mark(&l, &o->synth.pick, &c->chosen, ctx);
    if (rc != NOC_OK)
        return rc;
    for (int i = 0; i < c->n; i++)
        c->e[i].chosen = i == c->chosen;
    return NOC_OK;
}

int noc_explore_skip(struct noc_compare *c, const char *name, const char *kind, const char *reason,
                     struct noc_ctx *ctx)
{
    if (noc_grow(ctx, (void **)&c->skip, &c->skipcap, (size_t)c->nskip + 1, sizeof *c->skip))
        return NOC_ENOMEM;
    struct noc_skip *s = &c->skip[c->nskip++];
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->kind, sizeof s->kind, "%s", kind);
    snprintf(s->reason, sizeof s->reason, "%s", reason);
    return NOC_OK;
}
