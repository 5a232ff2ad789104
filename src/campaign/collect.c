/* Collecting a campaign: every job's status and summary.csv, merged, and
 * each app's Pareto front across the campaign (campaign.h). */
#include "nocsyn/campaign.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void noc_campaign_result_init(struct noc_campaign_result *r) { memset(r, 0, sizeof *r); }

static void free_fields(char **f, int n)
{
    for (int i = 0; f && i < n; i++)
        free(f[i]);
    free(f);
}

void noc_campaign_result_free(struct noc_campaign_result *r)
{
    for (int i = 0; i < r->nrows; i++)
        free_fields(r->rows[i].fields, r->ncols);
    for (int i = 0; i < r->nskips; i++)
        free(r->skips[i].text);
    for (int i = 0; r->failed && i < r->njobs; i++)
        free(r->failed[i]);
    free_fields(r->header, r->ncols);
    free(r->rows);
    free(r->skips);
    free(r->failed);
    free(r->done);
    memset(r, 0, sizeof *r);
}

/* libcsv callbacks: fields of the current record, then the record. */
struct rows_ud {
    struct noc_campaign_result *r;
    char **cur;
    int ncur;
    size_t curcap;
    long record;
    long line; /* of the text being parsed (fed line by line) */
    int job, app;
    const char *label;
    struct noc_ctx *ctx;
    int rc;
};

static void on_field(void *s, size_t len, void *data)
{
    struct rows_ud *u = data;
    if (u->rc != NOC_OK)
        return;
    char *f = malloc(len + 1);
    if (!f || noc_grow(u->ctx, (void **)&u->cur, &u->curcap, (size_t)u->ncur + 1, sizeof *u->cur)) {
        free(f);
        u->rc = noc_error(u->ctx, NOC_ENOMEM, NULL, 0, "out of memory");
        return;
    }
    memcpy(f, s ? s : "", len);
    f[len] = '\0';
    u->cur[u->ncur++] = f;
}

int noc_campaign_result_col(const struct noc_campaign_result *r, const char *name)
{
    for (int i = 0; i < r->ncols; i++)
        if (!strcmp(r->header[i], name))
            return i;
    return -1;
}

/* The number in the column named `name` of row fields f, NaN when absent. */
static double num_at(const struct noc_campaign_result *r, char **f, const char *name)
{
    int col = noc_campaign_result_col(r, name);
    double v;
    return col >= 0 && noc_parse_double(f[col], &v) == 0 ? v : NAN;
}

/* A design row: its objectives (as compare's Pareto front, explore.h). */
static int add_row(struct rows_ud *u)
{
    struct noc_campaign_result *r = u->r;
    if (u->ncur != r->ncols)
        return noc_error(u->ctx, NOC_EINVAL, u->label, u->line, "%d fields, the header has %d", u->ncur,
                         r->ncols);
    if (noc_grow(u->ctx, (void **)&r->rows, &r->rowcap, (size_t)r->nrows + 1, sizeof *r->rows))
        return NOC_ENOMEM;
    struct noc_campaign_row *w = &r->rows[r->nrows++];
    memset(w, 0, sizeof *w);
    w->job = u->job;
    w->app = u->app;
    w->fields = u->cur;
    u->cur = NULL;
    u->ncur = 0;
    u->curcap = 0;
    double freq = num_at(r, w->fields, "freq_mhz");
    w->obj[0] = num_at(r, w->fields, "power_mw");
    w->obj[1] = freq > 0 ? num_at(r, w->fields, "latency_avg_ns") : num_at(r, w->fields, "hops_avg");
    w->obj[2] = num_at(r, w->fields, "area_mm2");
    w->obj[3] = num_at(r, w->fields, "radix_max");
    int vc = noc_campaign_result_col(r, "violations");
    w->violating = vc >= 0 && w->fields[vc][0] != '\0';
    /* No non-finite objective may reach a Pareto front (a NaN is never
     * dominated). */
    static const char *const obj_names[4] = {"power_mw", "latency_avg_ns or hops_avg", "area_mm2", "radix_max"};
    for (int k = 0; k < 4; k++)
        if (!isfinite(w->obj[k]))
            return noc_error(u->ctx, NOC_EINVAL, u->label, u->line, "design row without a finite %s", obj_names[k]);
    return NOC_OK;
}

static void on_record(int c, void *data)
{
    (void)c;
    struct rows_ud *u = data;
    struct noc_campaign_result *r = u->r;
    if (u->rc != NOC_OK)
        return;
    if (u->record++ == 0) {
        if (!r->header) {
            r->header = u->cur;
            r->ncols = u->ncur;
            u->cur = NULL;
            u->curcap = 0;
        } else {
            int same = u->ncur == r->ncols;
            for (int i = 0; same && i < r->ncols; i++)
                same = !strcmp(u->cur[i], r->header[i]);
            if (!same)
                u->rc = noc_error(u->ctx, NOC_EINVAL, u->label, u->line,
                                  "another header than the first job's (written by another nocsyn?)");
            free_fields(u->cur, u->ncur);
            u->cur = NULL;
            u->curcap = 0;
        }
        u->ncur = 0;
        return;
    }
    u->rc = add_row(u);
}

static int read_summary(struct noc_campaign_result *r, const char *path, int job, int app, struct noc_ctx *ctx)
{
    char *data = NULL;
    size_t len;
    struct csv_parser p;
    struct rows_ud u = {.r = r, .job = job, .app = app, .label = path, .ctx = ctx};
    int rc = noc_read_file(path, &data, &len, ctx);
    if (rc != NOC_OK)
        return rc;
    long nul_line = noc_nul_line(data, len);
    if (nul_line) {
        free(data);
        return noc_error(ctx, NOC_EINVAL, path, nul_line, "NUL byte (not a text file?)");
    }
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)) {
        free(data);
        return noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory");
    }
    /* Line by line, so that every message names its line. */
    int bad = 0;
    for (size_t at = 0; at < len && !bad && u.rc == NOC_OK;) {
        const char *nl = memchr(data + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (data + at)) + 1 : len - at;
        u.line++;
        bad = csv_parse(&p, data + at, n, on_field, on_record, &u) != n;
        at += n;
    }
    if (!bad && u.rc == NOC_OK)
        bad = csv_fini(&p, on_field, on_record, &u) != 0;
    if (bad && u.rc == NOC_OK)
        u.rc = noc_error(ctx, NOC_EINVAL, path, u.line, "malformed CSV (%s)", csv_strerror(csv_error(&p)));

    csv_free(&p);
    free_fields(u.cur, u.ncur);
    free(data);
    return u.rc;
}

/* A job's status file: "status ok", "designs N", "skipped NAME: REASON". */
static int read_status(struct noc_campaign_result *r, const char *text, int job, int *designs,
                       struct noc_ctx *ctx)
{
    *designs = -1;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        if (n > 8 && !strncmp(s, "designs ", 8)) {
            *designs = atoi(s + 8);
        } else if (n > 8 && !strncmp(s, "skipped ", 8)) {
            if (noc_grow(ctx, (void **)&r->skips, &r->skipcap, (size_t)r->nskips + 1, sizeof *r->skips))
                return NOC_ENOMEM;
            char *t = noc_malloc(ctx, n - 7, 1);
            if (!t)
                return NOC_ENOMEM;
            memcpy(t, s + 8, n - 8);
            t[n - 8] = '\0';
            r->skips[r->nskips].job = job;
            r->skips[r->nskips++].text = t;
        }
        s += n + (nl != NULL);
    }
    return NOC_OK;
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static int collect_job(const struct noc_campaign *c, const char *dir, int id, struct noc_campaign_result *r,
                       struct noc_ctx *ctx)
{
    char jd[4096], path[4200];
    char *text = NULL;
    size_t len;
    struct noc_campaign_job j;
    int rc = noc_campaign_job(c, id, &j, ctx), designs;
    if (rc != NOC_OK)
        return rc;
    noc_campaign_job_dir(dir, id, jd, sizeof jd);
    snprintf(path, sizeof path, "%s/done", jd);
    if (!file_exists(path)) {
        snprintf(path, sizeof path, "%s/failed", jd);
        if (file_exists(path) && noc_read_file(path, &text, &len, ctx) == NOC_OK) {
            r->done[id - 1] = -1;
            text[strcspn(text, "\n")] = '\0';
            r->failed[id - 1] = text;
        }
        noc_ctx_clear(ctx);
        return NOC_OK;
    }
    if ((rc = noc_read_file(path, &text, &len, ctx)) != NOC_OK)
        return rc;
    rc = read_status(r, text, id, &designs, ctx);
    free(text);
    if (rc == NOC_OK && designs < 0)
        rc = noc_error(ctx, NOC_EINVAL, path, 0, "not a job status file (no 'designs N' line)");
    if (rc == NOC_OK && designs > 0) {
        int before = r->nrows;
        snprintf(path, sizeof path, "%s/summary.csv", jd);
        rc = read_summary(r, path, id, j.app, ctx);
        if (rc == NOC_OK && r->nrows - before != designs)
            rc = noc_error(ctx, NOC_EINVAL, path, 0, "%d designs, the status file says %d", r->nrows - before,
                           designs);
    }
    if (rc == NOC_OK) {
        r->done[id - 1] = 1;
        r->ndone++;
    }
    return rc;
}

/* Each app's Pareto front over its rows that break no constraint: compare's
 * rule (noc_pareto_front, core.h: the default tolerances; of identical rows
 * the first).  NOC_ENOMEM. */
static int mark_pareto(struct noc_campaign_result *r, struct noc_ctx *ctx)
{
    struct noc_pareto_opts po;
    noc_pareto_opts_init(&po);
    size_t n = (size_t)r->nrows + 1;
    double *obj = noc_malloc(ctx, n * NOC_PARETO_NOBJ, sizeof *obj);
    int *ok = noc_malloc(ctx, n, sizeof *ok), *front = noc_malloc(ctx, n, sizeof *front), rc = NOC_OK;
    if (!obj || !ok || !front) {
        rc = NOC_ENOMEM;
        goto cleanup;
    }
    for (int i = 0; i < r->nrows; i++)
        memcpy(obj + (size_t)i * NOC_PARETO_NOBJ, r->rows[i].obj, sizeof r->rows[i].obj);
    for (int i = 0; i < r->nrows; i++)
        r->rows[i].pareto = -1; /* not yet marked */
    for (int i = 0; i < r->nrows; i++) { /* one front per app, at its first row */
        if (r->rows[i].pareto >= 0)
            continue;
        for (int j = 0; j < r->nrows; j++)
            ok[j] = r->rows[j].app == r->rows[i].app && !r->rows[j].violating;
        noc_pareto_front(obj, r->nrows, ok, &po, front, NULL);
        for (int j = 0; j < r->nrows; j++)
            if (r->rows[j].app == r->rows[i].app)
                r->rows[j].pareto = front[j];
    }
cleanup:
    free(obj);
    free(ok);
    free(front);
    return rc;
}

int noc_campaign_collect(const struct noc_campaign *c, const char *dir, struct noc_campaign_result *r,
                         struct noc_ctx *ctx)
{
    r->njobs = c->njobs;
    r->done = noc_calloc(ctx, (size_t)c->njobs, sizeof *r->done);
    r->failed = noc_calloc(ctx, (size_t)c->njobs, sizeof *r->failed);
    if (!r->done || !r->failed)
        return NOC_ENOMEM;
    for (int id = 1; id <= c->njobs; id++) {
        int rc = collect_job(c, dir, id, r, ctx);
        if (rc != NOC_OK)
            return rc;
    }
    return mark_pareto(r, ctx);
}
