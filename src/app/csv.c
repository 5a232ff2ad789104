/* The app graph as CSV (docs/INTERFACE.md section 1.1): a header naming the columns src, dst,
 * bandwidth_mbps (any order) and optionally max_hops, then one flow a row.
 * Rows stream through libcsv (csv_rows.c); only the app itself is kept.
 */
#include "nocsyn/app.h"

#include <limits.h>
#include <string.h>
#include <strings.h>

#include "csv_rows.h"

enum { COL_SRC, COL_DST, COL_BW, COL_HOPS, COL_LAT, NCOLS };

static const char *const col_names[NCOLS] = {"src", "dst", "bandwidth_mbps", "max_hops", "max_latency_ns"};
#define APP_HEADER "src,dst,bandwidth_mbps[,max_hops][,max_latency_ns]"

struct csv_state {
    struct noc_app *app;
    int col[NCOLS];
    int ncols;         /* fields per row, from the header */
    long header_line;
    long nflows;       /* data rows read */
};

static int read_header(struct csv_state *st, const struct noc_csv_row *row, struct noc_ctx *ctx)
{
    int known = 0;
    for (int i = 0; i < row->nfields && i < NOC_CSV_MAXF; i++)
        for (int k = 0; k < NCOLS; k++)
            if (strcasecmp(row->field[i], col_names[k]) == 0)
                known = 1;
    if (!known)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "missing header: the first line must name the columns %s, not start '%.40s'",
                         APP_HEADER, row->nfields ? row->field[0] : "");
    int rc = noc_csv_header(row, col_names, NCOLS, st->col, APP_HEADER, ctx);
    if (rc != NOC_OK)
        return rc;
    for (int k = 0; k < COL_HOPS; k++)
        if (st->col[k] < 0)
            return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                             "header lacks the column '%s' (expected %s)", col_names[k], APP_HEADER);
    st->ncols = row->nfields;
    st->header_line = row->line;
    return NOC_OK;
}

/* Validates one flow row and adds it. */
static int read_flow(struct csv_state *st, const struct noc_csv_row *row, struct noc_ctx *ctx)
{
    const char *label = row->label;
    long line = row->line;
    if (row->nfields != st->ncols)
        return noc_error(ctx, NOC_EINVAL, label, line, "%d field%s, expected %d as in the header",
                         row->nfields, row->nfields == 1 ? "" : "s", st->ncols);
    const char *src = row->field[st->col[COL_SRC]], *dst = row->field[st->col[COL_DST]];
    const char *bws = row->field[st->col[COL_BW]];
    int rc;
    if ((rc = noc_check_name(src, "source core", label, line, ctx)) != NOC_OK ||
        (rc = noc_check_name(dst, "destination core", label, line, ctx)) != NOC_OK)
        return rc;
    if (strcmp(src, dst) == 0)
        return noc_error(ctx, NOC_EINVAL, label, line, "self-flow '%.60s' -> '%.60s' (src = dst)",
                         src, dst);
    double bw;
    if ((rc = noc_csv_number(bws, "bandwidth_mbps", label, line, &bw, ctx)) != NOC_OK)
        return rc;
    if ((rc = noc_check_bw(bw, "bandwidth_mbps", bws, label, line, ctx)) != NOC_OK)
        return rc;
    long hops = -1;
    if (st->col[COL_HOPS] >= 0) {
        const char *hs = row->field[st->col[COL_HOPS]];
        if (hs[strspn(hs, " \t")] && noc_parse_int(hs, 0, INT_MAX, &hops) != 0)
            return noc_error(ctx, NOC_EINVAL, label, line,
                             "max_hops '%.40s' is not a whole number >= 0", hs);
    }
    double lat = 0;
    if (st->col[COL_LAT] >= 0) {
        const char *ls = row->field[st->col[COL_LAT]];
        if (ls[strspn(ls, " \t")] && (noc_parse_double(ls, &lat) != 0 || !(lat > 0)))
            return noc_error(ctx, NOC_EINVAL, label, line,
                             "max_latency_ns '%.40s' is not a number of ns > 0", ls);
    }
    struct noc_app *app = st->app;
    int s = noc_app_core(app, src, ctx), d = s < 0 ? s : noc_app_core(app, dst, ctx);
    if (s < 0 || d < 0)
        return ctx->status ? ctx->status : NOC_ENOMEM;
    if ((rc = noc_app_add_flow(app, s, d, bw, (int)hops, ctx)) != NOC_OK)
        return rc;
    if (lat > 0 && (rc = noc_app_bound_latency(app, s, d, lat, ctx)) != NOC_OK)
        return rc;
    st->nflows++;
    return NOC_OK;
}

static int on_row(void *ud, const struct noc_csv_row *row, struct noc_ctx *ctx)
{
    struct csv_state *st = ud;
    return row->index == 0 ? read_header(st, row, ctx) : read_flow(st, row, ctx);
}

int noc_app_parse_csv(struct noc_app *app, const char *data, size_t len, const char *label,
                      struct noc_ctx *ctx)
{
    struct csv_state st = {.app = app};
    if (!label)
        label = "<app>";
    int ndup0 = app->ndup;
    int rc = noc_csv_read_table(data, len, label, on_row, &st, APP_HEADER, ctx);
    if (rc != NOC_OK)
        return rc;
    if (st.nflows == 0)
        return noc_error(ctx, NOC_EINVAL, label, st.header_line, "no flows after the header");
    if (app->ndup > ndup0)
        noc_note(ctx, "%s: %d duplicate flow%s summed", label, app->ndup - ndup0,
                 app->ndup - ndup0 == 1 ? "" : "s");
    return NOC_OK;
}
