/* The latency-load plot as SVG text: axes with "nice" ticks, the average
 * and 99th-percentile latency polylines, the zero-load latency and the
 * saturation as reference lines. */
#include "sim_int.h"

#include <math.h>
#include <string.h>

#define PW 640.0
#define PH 420.0
#define ML 70.0
#define MR 24.0
#define MT 44.0
#define MB 58.0

struct frame {
    double xmax, ymax;
};

static double px(const struct frame *f, double x) { return ML + x / f->xmax * (PW - ML - MR); }
static double py(const struct frame *f, double y)
{
    if (y > f->ymax)
        y = f->ymax;
    return PH - MB - y / f->ymax * (PH - MT - MB);
}

static void axes(const struct frame *f, double xs, double ys, struct noc_buf *out)
{
    noc_buf_printf(out, "<g stroke=\"#000\" stroke-width=\"1\">\n");
    noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ML, PH - MB,
                   PW - MR, PH - MB);
    noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ML, PH - MB, ML, MT);
    noc_buf_printf(out, "</g>\n<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#000\">\n");
    for (int i = 0; i * xs <= f->xmax + 1e-9; i++) {
        double x = px(f, i * xs);
        noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n", x,
                       PH - MB, x, PH - MB + 5);
        noc_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", x,
                       PH - MB + 18, round(i * xs * 1e6) / 1e6);
    }
    for (int i = 0; i * ys <= f->ymax + 1e-9; i++) {
        double y = py(f, i * ys);
        noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n",
                       ML - 5, y, ML, y);
        noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", ML,
                       y, PW - MR, y);
        noc_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", ML - 8, y + 4,
                       round(i * ys * 1e6) / 1e6);
    }
    noc_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\">offered load "
                        "(flits/terminal/cycle)</text>\n",
                   (ML + PW - MR) / 2, PH - 14);
    noc_buf_printf(out, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\" "
                        "transform=\"rotate(-90 18 %.1f)\">latency (cycles)</text>\n</g>\n",
                   (MT + PH - MB) / 2, (MT + PH - MB) / 2);
}

static void series(const struct frame *f, const struct noc_sim_result *r, int p99, struct noc_buf *out)
{
    const char *color = p99 ? "#d95f02" : "#1b5e9e";
    noc_buf_printf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"", color,
                   p99 ? " stroke-dasharray=\"6 4\"" : "");
    for (int i = 0; i < r->npoints; i++) {
        double v = p99 ? r->points[i].latency_p99 : r->points[i].latency_avg;
        if (isfinite(v))
            noc_buf_printf(out, "%s%.1f,%.1f", i ? " " : "", px(f, r->points[i].offered), py(f, v));
    }
    noc_buf_printf(out, "\"/>\n");
    for (int i = 0; i < r->npoints; i++) {
        double v = p99 ? r->points[i].latency_p99 : r->points[i].latency_avg;
        if (isfinite(v))
            noc_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"/>\n",
                           px(f, r->points[i].offered), py(f, v), color,
                           r->points[i].stable ? color : "#fff");
    }
}

int noc_sim_plot_svg(const struct noc_sim *s, const struct noc_sim_result *r, const char *title,
                     struct noc_buf *out, struct noc_ctx *ctx)
{
    (void)s;
    struct frame f = {0, 0};
    double t0 = r->zero_load_latency, ycap = isfinite(t0) && t0 > 0 ? 8 * t0 : INFINITY;
    for (int i = 0; i < r->npoints; i++) {
        const struct noc_sim_point *p = &r->points[i];
        if (p->offered > f.xmax)
            f.xmax = p->offered;
        if (isfinite(p->latency_p99) && p->latency_p99 > f.ymax)
            f.ymax = p->latency_p99;
        if (isfinite(p->latency_avg) && p->latency_avg > f.ymax)
            f.ymax = p->latency_avg;
    }
    if (f.ymax > ycap)
        f.ymax = ycap;
    if (isfinite(t0) && t0 > f.ymax)
        f.ymax = t0;
    if (!(f.xmax > 0))
        f.xmax = 1;
    if (!(f.ymax > 0))
        f.ymax = 1;
    double xs = noc_nice_step(f.xmax, 8), ys = noc_nice_step(f.ymax * 1.05, 6); /* core.h's 1-2-5 rule */
    f.xmax = ceil(f.xmax / xs - 1e-9) * xs;
    f.ymax = ceil(f.ymax * 1.05 / ys - 1e-9) * ys;
    noc_buf_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                        "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
                   PW, PH, PW, PH);
    noc_buf_printf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    noc_buf_printf(out, "<text x=\"%.1f\" y=\"24\" text-anchor=\"middle\" font-family=\"sans-serif\" "
                        "font-size=\"14\">",
                   PW / 2);
    noc_buf_xml(out, title ? title : "latency vs offered load");
    noc_buf_printf(out, "</text>\n");
    axes(&f, xs, ys, out);
    if (isfinite(t0) && t0 > 0)
        noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" "
                            "stroke-dasharray=\"2 3\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" "
                            "font-size=\"10\" fill=\"#555\">zero load %.1f</text>\n",
                       ML, py(&f, t0), PW - MR, py(&f, t0), ML + 4, py(&f, t0) - 4, t0);
    if (isfinite(r->saturation) && r->saturation > 0 && r->saturation <= f.xmax)
        noc_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" "
                            "stroke-dasharray=\"4 3\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" "
                            "font-size=\"10\" fill=\"#c00\" text-anchor=\"end\">saturation %.3f</text>\n",
                       px(&f, r->saturation), MT, px(&f, r->saturation), PH - MB,
                       px(&f, r->saturation) - 4, MT + 10, r->saturation);
    series(&f, r, 1, out);
    series(&f, r, 0, out);
    noc_buf_printf(out, "<g font-family=\"sans-serif\" font-size=\"11\">\n"
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1b5e9e\" stroke-width=\"2\"/>"
                        "<text x=\"%.1f\" y=\"%.1f\">average</text>\n"
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d95f02\" stroke-width=\"2\" "
                        "stroke-dasharray=\"6 4\"/><text x=\"%.1f\" y=\"%.1f\">99th percentile</text>\n"
                        "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\">hollow: unstable</text>\n</g>\n</svg>\n",
                   ML + 12, MT + 8, ML + 36, MT + 8, ML + 40, MT + 12, ML + 12, MT + 24, ML + 36, MT + 24,
                   ML + 40, MT + 28, ML + 12, MT + 44);
    return out->failed ? noc_error(ctx, NOC_ENOMEM, NULL, 0, "out of memory") : NOC_OK;
}
