/* A collected campaign: summary.csv, pareto.csv, report.md, report.html
 * (campaign.h).  Nothing here depends on where the campaign ran: two
 * collections of the same jobs are the same bytes. */
#include "nocsyn/campaign.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/app.h"

int noc_campaign_summary_csv(const struct noc_campaign *c, const struct noc_campaign_result *r, int pareto_only,
                             struct noc_buf *b, struct noc_ctx *ctx)
{
    int pc = noc_campaign_result_col(r, "pareto");
    noc_buf_printf(b, "job,app,max_radix");
    for (int k = 0; k < r->ncols; k++) {
        noc_buf_printf(b, ",");
        noc_csv_field(b, r->header[k]);
    }
    noc_buf_printf(b, "\n");
    for (int i = 0; i < r->nrows; i++) {
        const struct noc_campaign_row *w = &r->rows[i];
        if (pareto_only && !w->pareto)
            continue;
        struct noc_campaign_job j;
        if (noc_campaign_job(c, w->job, &j, ctx))
            return NOC_EINVAL;
        noc_buf_printf(b, "%d,", w->job);
        noc_csv_field(b, c->apps[w->app].name);
        noc_buf_printf(b, ",%d", j.max_radix);
        for (int k = 0; k < r->ncols; k++) {
            noc_buf_printf(b, ",");
            noc_csv_field(b, k == pc ? (w->pareto ? "true" : "false") : w->fields[k]);
        }
        noc_buf_printf(b, "\n");
    }
    return b->data && !b->failed ? NOC_OK : noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
}

/* ---- the report: one text, Markdown or HTML ---------------------------- */

struct doc {
    struct noc_buf *b;
    int html;
};

static void text(struct doc *d, const char *s)
{
    if (d->html)
        noc_buf_xml(d->b, s);
    else
        for (; *s; s++)
            noc_buf_append(d->b, *s == '|' ? "\\|" : s, *s == '|' ? 2 : 1);
}

static void heading(struct doc *d, int level, const char *s)
{
    if (d->html) {
        noc_buf_printf(d->b, "<h%d>", level);
        text(d, s);
        noc_buf_printf(d->b, "</h%d>\n", level);
    } else {
        noc_buf_printf(d->b, "%.*s ", level, "######");
        text(d, s);
        noc_buf_printf(d->b, "\n\n");
    }
}

static void para(struct doc *d, const char *s)
{
    noc_buf_printf(d->b, d->html ? "<p>" : "");
    text(d, s);
    noc_buf_printf(d->b, d->html ? "</p>\n" : "\n\n");
}

static void pre(struct doc *d, const char *s)
{
    noc_buf_printf(d->b, d->html ? "<pre>" : "```text\n");
    text(d, s);
    noc_buf_printf(d->b, d->html ? "</pre>\n" : "```\n\n");
}

static void row(struct doc *d, const char *const *cells, int n, int head)
{
    noc_buf_printf(d->b, d->html ? "<tr>" : "|");
    for (int i = 0; i < n; i++) {
        noc_buf_printf(d->b, d->html ? (head ? "<th>" : "<td>") : " ");
        text(d, cells[i]);
        noc_buf_printf(d->b, d->html ? (head ? "</th>" : "</td>") : " |");
    }
    noc_buf_printf(d->b, d->html ? "</tr>\n" : "\n");
    if (head && !d->html) {
        noc_buf_printf(d->b, "|");
        for (int i = 0; i < n; i++)
            noc_buf_printf(d->b, i < 2 ? "---|" : "---:|");
        noc_buf_printf(d->b, "\n");
    }
}

static void list_item(struct doc *d, const char *s)
{
    noc_buf_printf(d->b, d->html ? "<li>" : "- ");
    text(d, s);
    noc_buf_printf(d->b, d->html ? "</li>\n" : "\n");
}

/* The Pareto table columns: (header, summary column, printf format or NULL
 * for the field as written). */
static const struct {
    const char *head, *col;
    int prec; /* decimals, -1 = %g, -2 = the field as written */
} pcols[] = {
    {"job", NULL, -2},           {"design", "design", -2},       {"max radix", NULL, -2},
    {"MHz", "freq_mhz", -1},     {"width", "link_width", -1},    {"routers", "routers", -2},
    {"radix", "radix_max", -2},  {"power mW", "power_mw", 3},    {"latency ns", "latency_avg_ns", 3},
    {"area mm2", "area_mm2", 4}, {"hops", "hops_avg", 3},
    /* with simulate = yes only (the last NSIMCOLS) */
    {"saturation", "sim_saturation", 4}, {"headroom", "sim_headroom", 2},
};
#define NSIMCOLS 2
#define NPCOLS (int)(sizeof pcols / sizeof pcols[0])

static void cell(const struct noc_campaign_result *r, const struct noc_campaign_row *w, int k, int max_radix,
                 char *buf, size_t len)
{
    if (k == 0) {
        snprintf(buf, len, "%d", w->job);
        return;
    }
    if (k == 2) {
        snprintf(buf, len, "%d", max_radix);
        return;
    }
    int col = noc_campaign_result_col(r, pcols[k].col);
    const char *f = col >= 0 ? w->fields[col] : "";
    double v;
    if (pcols[k].prec >= 0 && noc_parse_double(f, &v) == 0)
        snprintf(buf, len, "%.*f", pcols[k].prec, v);
    else if (pcols[k].prec == -1 && noc_parse_double(f, &v) == 0)
        snprintf(buf, len, "%g", v);
    else
        snprintf(buf, len, "%s", f);
}

/* Rows of app a on the front, by power then latency then job. */
static int by_power(const void *x, const void *y)
{
    const struct noc_campaign_row *a = *(const struct noc_campaign_row *const *)x;
    const struct noc_campaign_row *b = *(const struct noc_campaign_row *const *)y;
    for (int k = 0; k < 2; k++)
        if (a->obj[k] != b->obj[k])
            return a->obj[k] < b->obj[k] ? -1 : 1;
    return a->job < b->job ? -1 : a->job > b->job;
}

static int app_section(struct doc *d, const struct noc_campaign *c, const struct noc_campaign_result *r, int a,
                       struct noc_ctx *ctx)
{
    char line[1400];
    int jobs = 0, done = 0, rows = 0, viol = 0, front = 0;
    for (int id = 1; id <= c->njobs; id++) {
        struct noc_campaign_job j;
        noc_campaign_job(c, id, &j, ctx);
        if (j.app == a) {
            jobs++;
            done += r->done[id - 1] == 1;
        }
    }
    const struct noc_campaign_row **f = malloc((size_t)(r->nrows ? r->nrows : 1) * sizeof *f);
    if (!f)
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < r->nrows; i++) {
        if (r->rows[i].app != a)
            continue;
        rows++;
        viol += r->rows[i].violating;
        if (r->rows[i].pareto)
            f[front++] = &r->rows[i];
    }
    qsort(f, (size_t)front, sizeof *f, by_power);
    snprintf(line, sizeof line, "%s (%d cores)", c->apps[a].name, c->apps[a].ncores);
    heading(d, 2, line);
    snprintf(line, sizeof line,
             "%d of %d jobs done; %d designs, %d of them break a constraint; %d on the Pareto front, by power:",
             done, jobs, rows, viol, front);
    para(d, line);
    if (front) {
        const char *cells[NPCOLS];
        char bufs[NPCOLS][64];
        int ncol = c->simulate ? NPCOLS : NPCOLS - NSIMCOLS;
        for (int k = 0; k < NPCOLS; k++)
            cells[k] = pcols[k].head;
        noc_buf_printf(d->b, d->html ? "<table>\n" : "");
        row(d, cells, ncol, 1);
        for (int i = 0; i < front; i++) {
            struct noc_campaign_job j;
            noc_campaign_job(c, f[i]->job, &j, ctx);
            for (int k = 0; k < ncol; k++) {
                cell(r, f[i], k, j.max_radix, bufs[k], sizeof bufs[k]);
                cells[k] = bufs[k];
            }
            row(d, cells, ncol, 0);
        }
        noc_buf_printf(d->b, d->html ? "</table>\n" : "\n");
    }
    int vc = noc_campaign_result_col(r, "violations"), dc = noc_campaign_result_col(r, "design"), listed = 0;
    for (int i = 0; i < r->nrows; i++) {
        const struct noc_campaign_row *w = &r->rows[i];
        if (w->app != a || !w->violating)
            continue;
        if (!listed++)
            noc_buf_printf(d->b, d->html ? "<p>Designs that break a constraint:</p>\n<ul>\n"
                                         : "Designs that break a constraint:\n\n");
        snprintf(line, sizeof line, "job %d %s: %s", w->job, dc >= 0 ? w->fields[dc] : "?", w->fields[vc]);
        list_item(d, line);
    }
    if (listed)
        noc_buf_printf(d->b, d->html ? "</ul>\n" : "\n");
    listed = 0;
    for (int i = 0; i < r->nskips; i++) {
        struct noc_campaign_job j;
        noc_campaign_job(c, r->skips[i].job, &j, ctx);
        if (j.app != a)
            continue;
        if (!listed++)
            noc_buf_printf(d->b, d->html ? "<p>Skipped (could not be built):</p>\n<ul>\n"
                                         : "Skipped (could not be built):\n\n");
        snprintf(line, sizeof line, "job %d %s", r->skips[i].job, r->skips[i].text);
        list_item(d, line);
    }
    if (listed)
        noc_buf_printf(d->b, d->html ? "</ul>\n" : "\n");
    free(f);
    return NOC_OK;
}

int noc_campaign_report(const struct noc_campaign *c, const struct noc_campaign_result *r, int html,
                        struct noc_buf *b, struct noc_ctx *ctx)
{
    struct doc d = {b, html};
    char line[1024];
    if (html)
        noc_buf_printf(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>nocsyn campaign</title>\n"
                          "<style>body{font-family:sans-serif;max-width:72em;margin:1em auto}"
                          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 6px;"
                          "text-align:right}pre{background:#f4f4f4;padding:6px}</style></head><body>\n");
    snprintf(line, sizeof line, "Campaign %s", c->name);
    heading(&d, 1, line);
    snprintf(line, sizeof line,
             "%d jobs: %d apps x %d max-radix x %d clocks x %d link widths x %d methods and baselines; "
             "%d done%s.",
             c->njobs, c->napps, c->nradices, c->nfreqs, c->nwidths, c->nitems, r->ndone,
             r->ndone < c->njobs ? " (a partial collection: the numbers below cover the done jobs only)" : "");
    para(&d, line);
    para(&d, "Each job compares one method (its chosen design) or one baseline on one app at one point "
             "(nocsyn campaign job DIR N; its files are in DIR/jobs/NNNN/). A design is on its app's Pareto "
             "front when it breaks no constraint (max_hops, radix, timing, capacity, latency, deadlock) and "
             "no other design of that app in the campaign that breaks none is at least as good in power, "
             "average latency (ns), area and largest router radix, and better in one. summary.csv holds "
             "every design, pareto.csv the fronts.");
    for (int a = 0; a < c->napps; a++) {
        int rc = app_section(&d, c, r, a, ctx);
        if (rc != NOC_OK)
            return rc;
    }
    int listed = 0;
    for (int id = 1; id <= c->njobs; id++) {
        if (r->done[id - 1] == 1)
            continue;
        if (!listed++)
            heading(&d, 2, "Jobs not done");
        if (html && listed == 1)
            noc_buf_printf(b, "<ul>\n");
        struct noc_campaign_job j;
        char lab[256];
        noc_campaign_job(c, id, &j, ctx);
        noc_campaign_job_label(c, &j, lab, sizeof lab);
        snprintf(line, sizeof line, "job %d (%s): %s", id, lab,
                 r->done[id - 1] < 0 ? (r->failed[id - 1] ? r->failed[id - 1] : "failed") : "not run yet");
        list_item(&d, line);
    }
    if (listed)
        noc_buf_printf(b, html ? "</ul>\n" : "\n");
    heading(&d, 2, "Description");
    pre(&d, c->text);
    if (html)
        noc_buf_printf(b, "</body></html>\n");
    return b->data && !b->failed ? NOC_OK : noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
}
