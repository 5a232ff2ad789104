/* The floorplan drawn as SVG text: cores as named rectangles (y up, as in
 * the floorplan), flows as lines between core centres whose width grows
 * with the bandwidth, the die outline around them. */
#include "nocsyn/emit.h"

#include <math.h>
#include <string.h>

#include "nocsyn/app.h"

#define FP_PX 40.0     /* pixels per mm */
#define FP_MARGIN 10.0 /* pixels around the die */

/* A number in pixels, rounded to 0.01 (stable text across platforms). */
static void px(struct noc_buf *b, double v)
{
    noc_buf_num(b, round(v * 100) / 100);
}

int noc_floorplan_svg(const struct noc_app *app, struct noc_buf *b, struct noc_ctx *ctx)
{
    double x1 = 0, y1 = 0, bwmax = 0, fs = 12;
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_core *co = &app->cores[c];
        if (!co->has_pos || !co->has_size)
            return noc_error(ctx, NOC_EINVAL, NULL, 0, "core %s has no position or size", co->name);
        x1 = fmax(x1, co->x + co->w);
        y1 = fmax(y1, co->y + co->h);
        /* One font for all names: the largest that fits every core (a
         * Helvetica glyph is about 0.6 em wide), at least 5 px. */
        fs = fmin(fs, fmin(co->w * FP_PX / (0.62 * (double)strlen(co->name) + 0.5), co->h * FP_PX / 2));
    }
    fs = fmax(fs, 5);
    for (int f = 0; f < app->nflows; f++)
        bwmax = fmax(bwmax, app->flows[f].bw);
    double W = x1 * FP_PX + 2 * FP_MARGIN, H = y1 * FP_PX + 2 * FP_MARGIN;
#define X(v) (FP_MARGIN + (v) * FP_PX)
#define Y(v) (H - FP_MARGIN - (v) * FP_PX)
    noc_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    px(b, W);
    noc_buf_printf(b, "\" height=\"");
    px(b, H);
    noc_buf_printf(b, "\" viewBox=\"0 0 ");
    px(b, W);
    noc_buf_printf(b, " ");
    px(b, H);
    noc_buf_printf(b, "\" font-family=\"Helvetica,sans-serif\">\n<title>floorplan of ");
    noc_buf_xml(b, app->name ? app->name : "app");
    noc_buf_printf(b, " (");
    noc_buf_num(b, x1);
    noc_buf_printf(b, " x ");
    noc_buf_num(b, y1);
    noc_buf_printf(b, " mm)</title>\n<rect class=\"die\" x=\"");
    px(b, X(0));
    noc_buf_printf(b, "\" y=\"");
    px(b, Y(y1));
    noc_buf_printf(b, "\" width=\"");
    px(b, x1 * FP_PX);
    noc_buf_printf(b, "\" height=\"");
    px(b, y1 * FP_PX);
    noc_buf_printf(b, "\" fill=\"#f4f4f4\" stroke=\"#444\" stroke-dasharray=\"4 3\"/>\n");
    for (int c = 0; c < app->ncores; c++) {
        const struct noc_core *co = &app->cores[c];
        noc_buf_printf(b, "<g class=\"core\"><rect x=\"");
        px(b, X(co->x));
        noc_buf_printf(b, "\" y=\"");
        px(b, Y(co->y + co->h));
        noc_buf_printf(b, "\" width=\"");
        px(b, co->w * FP_PX);
        noc_buf_printf(b, "\" height=\"");
        px(b, co->h * FP_PX);
        noc_buf_printf(b, "\" fill=\"#cfe2f3\" stroke=\"#1f4e79\"/><text x=\"");
        px(b, X(co->x + co->w / 2));
        noc_buf_printf(b, "\" y=\"");
        px(b, Y(co->y + co->h / 2) + fs / 3);
        noc_buf_printf(b, "\" font-size=\"");
        px(b, fs);
        noc_buf_printf(b, "\" text-anchor=\"middle\">");
        noc_buf_xml(b, co->name);
        noc_buf_printf(b, "</text></g>\n");
    }
    for (int f = 0; f < app->nflows; f++) {
        const struct noc_core *s = &app->cores[app->flows[f].src], *d = &app->cores[app->flows[f].dst];
        noc_buf_printf(b, "<line class=\"flow\" x1=\"");
        px(b, X(s->x + s->w / 2));
        noc_buf_printf(b, "\" y1=\"");
        px(b, Y(s->y + s->h / 2));
        noc_buf_printf(b, "\" x2=\"");
        px(b, X(d->x + d->w / 2));
        noc_buf_printf(b, "\" y2=\"");
        px(b, Y(d->y + d->h / 2));
        noc_buf_printf(b, "\" stroke=\"#c0504d\" stroke-opacity=\"0.5\" stroke-width=\"");
        px(b, 0.5 + 3.5 * (bwmax > 0 ? app->flows[f].bw / bwmax : 0));
        noc_buf_printf(b, "\"><title>");
        noc_buf_xml(b, s->name);
        noc_buf_printf(b, " -&gt; ");
        noc_buf_xml(b, d->name);
        noc_buf_printf(b, ": ");
        noc_buf_num(b, app->flows[f].bw);
        noc_buf_printf(b, " MB/s</title></line>\n");
    }
#undef X
#undef Y
    noc_buf_printf(b, "</svg>\n");
    return b->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}
