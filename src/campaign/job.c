/* One campaign job: the comparison of one method or baseline on one app at
 * one point (campaign.h). */
#include "nocsyn/campaign.h"

#include <stdio.h>
#include <string.h>

#include "nocsyn/app.h"
#include "nocsyn/synth.h"
#include "nocsyn/tech.h"

/* The compare options of job j. */
static int job_opts(const struct noc_campaign *c, const struct noc_campaign_job *j, struct noc_compare_opts *o,
                    struct noc_ctx *ctx)
{
    noc_compare_opts_init(o);
    o->methods = j->baseline ? "" : c->items[j->item];
    o->baselines = j->baseline ? c->items[j->item] : "";
    o->synth.max_radix = j->max_radix;
    o->synth.freq_mhz = o->synth.freqs[0] = j->freq_mhz;
    o->synth.link_width = o->synth.widths[0] = j->link_width;
    o->synth.nfreqs = o->synth.nwidths = 1;
    o->synth.max_util = c->max_util;
    o->wire_budget = c->wire_budget;
    o->synth.seed = c->seed;
    o->sim.seed = c->seed;
    o->ideal = c->ideal;
    o->simulate = c->simulate;
    o->sim.cycles = c->sim_cycles;
    o->sim_from = c->sim_from;
    o->sim_to = c->sim_to;
    o->sim_step = c->sim_step;
    return noc_tech_setup(&o->synth.tech, c->tech, c->packet_bits, ctx);
}

int noc_campaign_job_run(const struct noc_campaign *c, const struct noc_campaign_job *j, struct noc_app *app,
                         struct noc_compare *out, struct noc_tech *tech_out, double *cap_out,
                         struct noc_ctx *ctx)
{
    const struct noc_campaign_app *a = &c->apps[j->app];
    struct noc_compare_opts o;
    int rc = job_opts(c, j, &o, ctx);
    if (rc == NOC_OK)
        rc = noc_app_read(app, a->path, NULL, ctx);
    if (rc == NOC_OK && a->floorplan)
        rc = noc_floorplan_read(app, a->floorplan, ctx);
    if (rc == NOC_OK) {
        int placed = 0;
        for (int i = 0; i < app->ncores; i++)
            placed += app->cores[i].has_pos;
        o.synth.free_floorplan = !placed; /* ours to change, as `nocsyn compare` */
        rc = noc_floorplan_place(app, a->floorplan, a->path, c->seed, ctx);
    }
    if (rc == NOC_OK)
        rc = noc_compare_run(app, a->path, &o, out, ctx);
    if (tech_out)
        *tech_out = o.synth.tech;
    if (cap_out)
        *cap_out = noc_synth_capacity(&o.synth);
    return rc;
}

int noc_campaign_job_status(const struct noc_compare *cmp, struct noc_buf *b, struct noc_ctx *ctx)
{
    noc_buf_printf(b, "status ok\ndesigns %d\n", cmp->n);
    for (int i = 0; i < cmp->nskip; i++) {
        char reason[sizeof cmp->skip[i].reason];
        snprintf(reason, sizeof reason, "%s", cmp->skip[i].reason);
        for (char *s = reason; *s; s++)
            if (*s == '\n' || *s == '\r')
                *s = ' ';
        noc_buf_printf(b, "skipped %s: %s\n", cmp->skip[i].name, reason);
    }
    if (!b->data || b->failed)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    return NOC_OK;
}
