/* The floorplan CSV (docs/INTERFACE.md section 1.2): `core,x_mm,y_mm,w_mm,h_mm` (lower-left
 * corner and size) or `core,w_mm,h_mm` (areas only), columns in any order,
 * and optionally `die` (a multi-die package's pin, an extension).
 * Rows are checked completely before the app is touched, so a failed read
 * leaves the app as it was.
 */
#include "nocsyn/app.h"
#include "nocsyn/tech.h" /* NOC_DIE_MAX_MM */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv_rows.h"

enum { FP_CORE, FP_X, FP_Y, FP_W, FP_H, FP_DIE, FP_NCOLS };

static const char *const fp_names[FP_NCOLS] = {"core", "x_mm", "y_mm", "w_mm", "h_mm", "die"};
#define FP_HEADER "core,x_mm,y_mm,w_mm,h_mm or core,w_mm,h_mm"
/* No chip is a metre wide; the bound keeps areas, wire lengths and the
 * pipeline registers of the links small. */
#define FP_MAX_MM ((double)NOC_DIE_MAX_MM)

struct fp_entry {
    long line; /* 0 = no row for this core */
    double x, y, w, h;
    char die[64]; /* the `die` column (an extension), "" without it */
};

struct fp_state {
    const struct noc_app *app;
    int col[FP_NCOLS];
    int ncols, has_pos, nrows;
    long header_line;
    struct fp_entry *ent; /* one per core */
};

static int fp_header(struct fp_state *st, const struct noc_csv_row *row, struct noc_ctx *ctx)
{
    int known = 0;
    for (int i = 0; i < row->nfields && i < NOC_CSV_MAXF; i++)
        for (int k = 0; k < FP_NCOLS; k++)
            known |= strcasecmp(row->field[i], fp_names[k]) == 0;
    if (!known)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "missing header: the first line must name the columns %s", FP_HEADER);
    int rc = noc_csv_header(row, fp_names, FP_NCOLS, st->col, FP_HEADER, ctx);
    if (rc != NOC_OK)
        return rc;
    int px = st->col[FP_X] >= 0, py = st->col[FP_Y] >= 0;
    if (st->col[FP_CORE] < 0 || st->col[FP_W] < 0 || st->col[FP_H] < 0 || px != py)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "the header must name the columns %s", FP_HEADER);
    st->has_pos = px;
    st->ncols = row->nfields;
    st->header_line = row->line;
    return NOC_OK;
}

/* Parses column k of row into *v: finite, within +-FP_MAX_MM, and > 0 for
 * sizes. */
static int fp_value(const struct noc_csv_row *row, const struct fp_state *st, int k, double *v,
                    struct noc_ctx *ctx)
{
    int rc = noc_csv_number(row->field[st->col[k]], fp_names[k], row->label, row->line, v, ctx);
    if (rc != NOC_OK)
        return rc;
    if ((k == FP_W || k == FP_H) && !(*v > 0))
        return noc_error(ctx, NOC_EINVAL, row->label, row->line, "%s %.40s must be > 0",
                         fp_names[k], row->field[st->col[k]]);
    if (*v > FP_MAX_MM || *v < -FP_MAX_MM)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line, "%s %.40s is beyond %g mm",
                         fp_names[k], row->field[st->col[k]], FP_MAX_MM);
    return NOC_OK;
}

static int fp_row(void *ud, const struct noc_csv_row *row, struct noc_ctx *ctx)
{
    struct fp_state *st = ud;
    if (row->index == 0)
        return fp_header(st, row, ctx);
    if (row->nfields != st->ncols)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "%d field%s, expected %d as in the header", row->nfields,
                         row->nfields == 1 ? "" : "s", st->ncols);
    const char *name = row->field[st->col[FP_CORE]];
    int rc = noc_check_name(name, "core", row->label, row->line, ctx);
    if (rc != NOC_OK)
        return rc;
    int id = noc_app_find(st->app, name);
    if (id < 0)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "unknown core '%.60s' (the app has no such core)", name);
    struct fp_entry *e = &st->ent[id];
    if (e->line)
        return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                         "core '%.60s' is placed twice (first on line %ld)", name, e->line);
    if ((rc = fp_value(row, st, FP_W, &e->w, ctx)) != NOC_OK ||
        (rc = fp_value(row, st, FP_H, &e->h, ctx)) != NOC_OK)
        return rc;
    if (st->has_pos && ((rc = fp_value(row, st, FP_X, &e->x, ctx)) != NOC_OK ||
                        (rc = fp_value(row, st, FP_Y, &e->y, ctx)) != NOC_OK))
        return rc;
    if (st->col[FP_DIE] >= 0) { /* a package's die name (package.h): no '.', no blank */
        const char *die = row->field[st->col[FP_DIE]];
        size_t n = strlen(die);
        if (n == 0 || n >= sizeof e->die || strpbrk(die, ". \t") ||
            noc_check_name(die, "die", row->label, row->line, ctx) != NOC_OK) {
            noc_ctx_clear(ctx);
            return noc_error(ctx, NOC_EINVAL, row->label, row->line,
                             "die '%.60s': a name of 1..63 bytes without '.' or blanks", die);
        }
        memcpy(e->die, die, n + 1);
    }
    e->line = row->line;
    st->nrows++;
    return NOC_OK;
}

int noc_floorplan_parse(struct noc_app *app, const char *data, size_t len, const char *label,
                        struct noc_ctx *ctx)
{
    struct fp_state st = {.app = app};
    if (!label)
        label = "<floorplan>";
    int rc = NOC_OK;
    st.ent = noc_calloc(ctx, app->ncores > 0 ? (size_t)app->ncores : 1, sizeof *st.ent);
    if (!st.ent)
        return NOC_ENOMEM;
    NOC_CHECK(noc_csv_read_table(data, len, label, fp_row, &st, FP_HEADER, ctx));
    /* Like a floorplan that misses one core: an error, never min-cut
     * placement in its stead. */
    if (st.nrows == 0) {
        rc = noc_error(ctx, NOC_EINVAL, label, st.header_line, "the floorplan places no core (a header only)");
        goto cleanup;
    }
    for (int i = 0; i < app->ncores; i++) {
        const struct fp_entry *e = &st.ent[i];
        struct noc_core *c = &app->cores[i];
        if (!e->line)
            continue;
        c->w = e->w;
        c->h = e->h;
        c->has_size = 1;
        if (st.col[FP_DIE] >= 0)
            memcpy(c->die, e->die, sizeof c->die);
        if (st.has_pos) {
            c->x = e->x;
            c->y = e->y;
            c->has_pos = 1;
        }
    }
cleanup:
    free(st.ent);
    return rc;
}

static int floorplan_parse(void *app, const char *data, size_t len, const char *label, struct noc_ctx *ctx)
{
    return noc_floorplan_parse(app, data, len, label, ctx);
}

int noc_floorplan_read(struct noc_app *app, const char *path, struct noc_ctx *ctx)
{
    return noc_read_parse(path, strcmp(path, "-") ? path : "<stdin>", floorplan_parse, app, ctx);
}
