/* The app's summary figures (app.h: struct noc_app_summary), shared by
 * app-info's text and JSON reports. */
#include "nocsyn/app.h"

#include <stdlib.h>
#include <string.h>

void noc_app_summary_init(struct noc_app_summary *s)
{
    memset(s, 0, sizeof *s);
    s->tightest = -1;
}

int noc_app_summarize(const struct noc_app *app, struct noc_app_summary *s, struct noc_ctx *ctx)
{
    size_t n = app->ncores > 0 ? (size_t)app->ncores : 1;
    memset(s, 0, sizeof *s);
    s->in = noc_calloc(ctx, n, sizeof *s->in);
    s->out = noc_calloc(ctx, n, sizeof *s->out);
    s->comp = noc_calloc(ctx, n, sizeof *s->comp);
    if (!s->in || !s->out || !s->comp)
        return NOC_ENOMEM;
    noc_app_core_bw(app, s->in, s->out);
    s->total = noc_app_total_bw(app);
    s->ncomp = noc_app_components(app, s->comp);
    s->tightest = -1;
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_flow *fl = &app->flows[f];
        s->nbounded += fl->max_hops >= 0;
        if (fl->max_latency_ns > 0) {
            s->nlat++;
            if (s->tightest < 0 || fl->max_latency_ns < app->flows[s->tightest].max_latency_ns)
                s->tightest = f;
        }
    }
    return NOC_OK;
}

void noc_app_summary_free(struct noc_app_summary *s)
{
    free(s->in);
    free(s->out);
    free(s->comp);
    noc_app_summary_init(s);
}
