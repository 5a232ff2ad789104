/* SVG drawings of the comparison report (hand-written SVG text). */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nocsyn/explore.h"

/* Utilisation 0..1 (clamped) -> green, yellow, red. */
static void util_colour(double u, char out[8])
{
    if (!(u >= 0))
        u = 0;
    if (u > 1)
        u = 1;
    int r = u < 0.5 ? (int)(510 * u) : 255;
    int g = u < 0.5 ? 200 : (int)(200 * (1 - u) * 2);
    snprintf(out, 8, "#%02x%02x30", r, g);
}

void noc_report_svg_design(struct noc_buf *b, const struct noc_entry *e, double cap)
{
    const struct noc_topo *t = &e->d.topo;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int v = 0; v < t->nnodes; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos)
            continue;
        double hw = n->kind == NOC_TERMINAL && n->w > 0 ? n->w / 2 : 0.4;
        double hh = n->kind == NOC_TERMINAL && n->h > 0 ? n->h / 2 : 0.4;
        x0 = fmin(x0, n->x - hw);
        x1 = fmax(x1, n->x + hw);
        y0 = fmin(y0, n->y - hh);
        y1 = fmax(y1, n->y + hh);
    }
    if (!(x1 > x0)) {
        noc_buf_printf(b, "<p>(no positions to draw)</p>\n");
        return;
    }
    double pad = 0.5, W = x1 - x0 + 2 * pad, H = y1 - y0 + 2 * pad + 1.2; /* room for the legend */
    double px = 420, ph = px * H / W;
    if (ph > 520) {
        ph = 520;
        px = ph * W / H;
    }
    double fs = fmax(0.18, fmin(0.35, W / 40));
    /* y grows upwards in the floorplan: flip with a transform. */
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.4f %.4f\">\n",
                   px, ph, W, H);
    noc_buf_printf(b, "<rect x=\"0\" y=\"0\" width=\"%.4f\" height=\"%.4f\" fill=\"#fbfbf8\"/>\n", W, H);
    noc_buf_printf(b, "<g transform=\"translate(%.4f %.4f) scale(1 -1)\">\n", pad - x0, y1 + pad);
    /* Cores. */
    for (int v = t->nrouters; v < t->nnodes; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos)
            continue;
        double w = n->w > 0 ? n->w : 0.6, h = n->h > 0 ? n->h : 0.6;
        noc_buf_printf(b, "<rect x=\"%.4f\" y=\"%.4f\" width=\"%.4f\" height=\"%.4f\" fill=\"#dde6f0\" stroke=\"#8aa\" stroke-width=\"0.03\"><title>",
                       n->x - w / 2 + 0.03, n->y - h / 2 + 0.03, w - 0.06, h - 0.06);
        noc_buf_xml(b, n->name);
        noc_buf_printf(b, "</title></rect>\n");
    }
    /* Terminal links, thin grey. */
    for (int c = 0; c < t->nch; c++) {
        const struct noc_channel *ch = &t->ch[c];
        if (noc_topo_is_rr(t, c) || ch->src < t->nrouters)
            continue;
        const struct noc_node *a = &t->nodes[ch->src], *z = &t->nodes[ch->dst];
        if (a->has_pos && z->has_pos)
            noc_buf_printf(b, "<line x1=\"%.4f\" y1=\"%.4f\" x2=\"%.4f\" y2=\"%.4f\" stroke=\"#99a\" stroke-width=\"0.03\"/>\n",
                           a->x, a->y, z->x, z->y);
    }
    /* Router-router links coloured by the busier direction's utilisation. */
    for (int c = 0; c < t->nch; c++) {
        if (!noc_topo_is_rr(t, c))
            continue;
        int r = t->g.rev[c];
        if (r >= 0 && r < c)
            continue;
        double load = e->load_mbps ? e->load_mbps[c] : 0;
        if (r >= 0 && e->load_mbps)
            load = fmax(load, e->load_mbps[r]);
        char col[8];
        util_colour(cap > 0 ? load / cap : 0, col);
        const struct noc_node *a = &t->nodes[t->ch[c].src], *z = &t->nodes[t->ch[c].dst];
        if (!a->has_pos || !z->has_pos)
            continue;
        noc_buf_printf(b, "<line x1=\"%.4f\" y1=\"%.4f\" x2=\"%.4f\" y2=\"%.4f\" stroke=\"%s\" stroke-width=\"0.09\" stroke-linecap=\"round\"><title>%s - %s: %.1f MB/s (%.0f%%)</title></line>\n",
                       a->x, a->y, z->x, z->y, col, a->name, z->name, load, cap > 0 ? 100 * load / cap : 0);
    }
    /* Routers sized by radix. */
    for (int v = 0; v < t->nrouters; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos)
            continue;
        int rad = noc_topo_radix(t, v);
        double s = 0.12 + 0.045 * rad;
        noc_buf_printf(b, "<rect x=\"%.4f\" y=\"%.4f\" width=\"%.4f\" height=\"%.4f\" fill=\"#334\" fill-opacity=\"0.85\"><title>",
                       n->x - s / 2, n->y - s / 2, s, s);
        noc_buf_xml(b, n->name);
        noc_buf_printf(b, ": radix %d</title></rect>\n", rad);
    }
    noc_buf_printf(b, "</g>\n");
    /* Core names (not flipped). */
    for (int v = t->nrouters; v < t->nnodes; v++) {
        const struct noc_node *n = &t->nodes[v];
        if (!n->has_pos)
            continue;
        noc_buf_printf(b, "<text x=\"%.4f\" y=\"%.4f\" font-size=\"%.3f\" font-family=\"sans-serif\" fill=\"#456\">",
                       n->x - x0 + pad - (n->w > 0 ? n->w : 0.6) / 2 + 0.06, y1 + pad - n->y + (n->h > 0 ? n->h : 0.6) / 2 - 0.08, fs * 0.8);
        noc_buf_xml(b, n->name);
        noc_buf_printf(b, "</text>\n");
    }
    /* Legend: utilisation colour bar and router size. */
    double ly = H - 0.9;
    for (int i = 0; i < 10; i++) {
        char col[8];
        util_colour(i / 9.0, col);
        noc_buf_printf(b, "<rect x=\"%.4f\" y=\"%.4f\" width=\"%.4f\" height=\"0.25\" fill=\"%s\"/>\n", pad + i * 0.3, ly, 0.3, col);
    }
    noc_buf_printf(b, "<text x=\"%.4f\" y=\"%.4f\" font-size=\"%.3f\" font-family=\"sans-serif\">link utilisation 0%% .. 100%%; router size ~ radix</text>\n",
                   pad, ly + 0.6, fs);
    noc_buf_printf(b, "</svg>\n");
}

/* The plot's y value: the zero-load latency (ns) when the design has a
 * clock, else average hops. */
static double yval(const struct noc_entry *e)
{
    return e->d.lat_avg_ns > 0 ? e->d.lat_avg_ns : e->d.m.hops_avg;
}

double noc_report_text_width(const char *text, double fs)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xC0) != 0x80; /* UTF-8 characters */
    return 0.65 * fs * (double)n;
}

/* 1 when boxes [ax, ax + aw] x [ay, ay + ah] and [bx, ...] overlap. */
static int boxes_overlap(double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh)
{
    return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

void noc_report_label_place(int n, const double *x, const double *y, const double *w, double h, double r,
                            double x0, double y0, double x1, double y1, double *lx, double *ly, int *placed)
{
    const double g = r + 3;
    for (int i = 0; i < n; i++) {
        /* Candidate top-left corners: right, left, above, below, then the
         * four diagonals. */
        const double cx[8] = {x[i] + g, x[i] - g - w[i], x[i] - w[i] / 2, x[i] - w[i] / 2,
                              x[i] + g, x[i] - g - w[i], x[i] + g, x[i] - g - w[i]};
        const double cy[8] = {y[i] - h / 2, y[i] - h / 2, y[i] - g - h, y[i] + g,
                              y[i] - g - h, y[i] - g - h, y[i] + g, y[i] + g};
        placed[i] = 0;
        for (int k = 0; k < 8 && !placed[i]; k++) {
            int ok = cx[k] >= x0 && cx[k] + w[i] <= x1 && cy[k] >= y0 && cy[k] + h <= y1;
            for (int j = 0; j < n && ok; j++) {
                if (j < i && placed[j] && boxes_overlap(cx[k], cy[k], w[i], h, lx[j], ly[j], w[j], h))
                    ok = 0;
                if (boxes_overlap(cx[k], cy[k], w[i], h, x[j] - r, y[j] - r, 2 * r, 2 * r))
                    ok = 0;
            }
            if (ok) {
                lx[i] = cx[k];
                ly[i] = cy[k];
                placed[i] = 1;
            }
        }
        if (!placed[i])
            lx[i] = ly[i] = 0;
    }
}

/* An axis's ticks (core.h's 1-2-5 rule) as labels at pos(value): along x
 * (horizontal) at baseline yb, or along y right-aligned at xr. */
struct axis {
    double t0, step, lo, hi;
    int n;
};

static void axis_make(struct axis *a, double lo, double hi, int want)
{
    noc_nice_ticks(lo, hi, want, &a->t0, &a->step, &a->n);
    a->lo = a->t0;
    a->hi = a->t0 + (a->n - 1) * a->step;
}

void noc_report_svg_pareto(struct noc_buf *b, const struct noc_compare *c)
{
    if (c->n == 0)
        return;
    double pmin = INFINITY, pmax = -INFINITY, hmin = INFINITY, hmax = -INFINITY;
    for (int i = 0; i < c->n; i++) {
        pmin = fmin(pmin, c->e[i].d.power_mw);
        pmax = fmax(pmax, c->e[i].d.power_mw);
        hmin = fmin(hmin, yval(&c->e[i]));
        hmax = fmax(hmax, yval(&c->e[i]));
    }
    struct axis ax, ay;
    axis_make(&ax, pmin, pmax, 6);
    axis_make(&ay, hmin, hmax, 5);
    const double W = 640, H = 400, L = 64, R = 20, T = 62, B = 50, fs = 11, lh = 13;
#define PX(p) (L + ((p) - ax.lo) / (ax.hi - ax.lo) * (W - L - R))
#define PY(h) (H - B - ((h) - ay.lo) / (ay.hi - ay.lo) * (H - T - B))
    /* The labels that fit the plot without overlap; the others go to a
     * legend under it, numbered on their points. */
    int n = c->n, nleft = 0;
    double *buf = malloc((size_t)n * 5 * sizeof *buf + 1);
    int *placed = malloc((size_t)n * sizeof *placed + 1);
    if (!buf || !placed) {
        free(buf);
        free(placed);
        b->failed = 1;
        return;
    }
    double *x = buf, *y = buf + n, *w = buf + 2 * n, *lx = buf + 3 * n, *ly = buf + 4 * n;
    for (int i = 0; i < n; i++) {
        x[i] = PX(c->e[i].d.power_mw);
        y[i] = PY(yval(&c->e[i]));
        w[i] = noc_report_text_width(c->e[i].d.name, fs);
    }
    noc_report_label_place(n, x, y, w, lh, 5, L + 1, T + 1, W - R - 1, H - B - 1, lx, ly, placed);
    for (int i = 0; i < n; i++)
        nleft += !placed[i];
    double HH = H + (nleft ? 16 + lh * ((nleft + 2) / 3) : 0);
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"%.0f\">\n", W, HH, fs);
    noc_buf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\" stroke=\"#999\"/>\n", L, T, W - L - R, H - T - B);
    char lab[64];
    for (int i = 0; i < ax.n; i++) {
        double v = ax.t0 + i * ax.step;
        noc_nice_label(v, ax.step, lab, sizeof lab);
        noc_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#eee\"/>"
                          "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                       PX(v), T, PX(v), H - B, PX(v), H - B + 16, lab);
    }
    for (int i = 0; i < ay.n; i++) {
        double v = ay.t0 + i * ay.step;
        noc_nice_label(v, ay.step, lab, sizeof lab);
        noc_buf_printf(b, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                          "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                       L, PY(v), W - R, PY(v), L - 6, PY(v) + 4, lab);
    }
    noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">power (mW)</text>\n", (L + W - R) / 2, H - 12);
    noc_buf_printf(b, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">%s</text>\n",
                   (T + H - B) / 2, (T + H - B) / 2,
                   c->e[0].d.lat_avg_ns > 0 ? "average zero-load latency (ns)" : "average hops");
    /* The Pareto front over (power, latency): designs that meet every
     * constraint and that no other such design beats on both. */
    int front[64], nf = 0;
    for (int i = 0; i < c->n && nf < 64; i++) {
        int dom = c->e[i].violations[0] != '\0';
        double vi[2] = {c->e[i].d.power_mw, yval(&c->e[i])}, vj[2];
        for (int j = 0; j < c->n && !dom; j++) {
            vj[0] = c->e[j].d.power_mw;
            vj[1] = yval(&c->e[j]);
            dom = j != i && !c->e[j].violations[0] && noc_pareto_dominates(vj, vi, 2, 0);
        }
        if (!dom)
            front[nf++] = i;
    }
    for (int a = 1; a < nf; a++) /* sort the front by power */
        for (int k = a; k > 0 && c->e[front[k]].d.power_mw < c->e[front[k - 1]].d.power_mw; k--) {
            int t = front[k];
            front[k] = front[k - 1];
            front[k - 1] = t;
        }
    if (nf > 1) {
        noc_buf_printf(b, "<polyline fill=\"none\" stroke=\"#555\" stroke-dasharray=\"4 3\" points=\"");
        for (int k = 0; k < nf; k++)
            noc_buf_printf(b, "%.1f,%.1f ", PX(c->e[front[k]].d.power_mw), PY(yval(&c->e[front[k]])));
        noc_buf_printf(b, "\"/>\n");
    }
    int num = 0;
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        int synth = !strcmp(e->kind, "synth");
        /* Synthesized: dark orange circles; baselines: blue squares
         * (distinct in shape, so in greyscale too). */
        const char *col = synth ? "#d55e00" : "#0072b2";
        int viol = e->violations[0] != '\0';
        if (synth)
            noc_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"><title>",
                           x[i], y[i], viol ? "#fff" : col, col);
        else
            noc_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"9\" height=\"9\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"><title>",
                           x[i] - 4.5, y[i] - 4.5, viol ? "#fff" : col, col);
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, ": %.2f mW, %.3f %s", e->d.power_mw, yval(e), e->d.lat_avg_ns > 0 ? "ns" : "hops");
        if (viol) {
            noc_buf_printf(b, "; breaks ");
            noc_buf_xml(b, e->violations);
        }
        noc_buf_printf(b, synth ? "</title></circle>\n" : "</title></rect>\n");
        if (placed[i]) {
            noc_buf_printf(b, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" data-w=\"%.1f\">", lx[i], ly[i] + lh - 3, w[i]);
            noc_buf_xml(b, e->d.name);
            noc_buf_printf(b, "</text>\n");
        } else { /* numbered on the point, named in the legend below */
            num++;
            noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n", x[i], y[i] - 7, num);
        }
    }
    num = 0;
    for (int i = 0; i < c->n; i++)
        if (!placed[i]) {
            noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\">%d: ", L + (num % 3) * (W - L - R) / 3, H + 12 + lh * (num / 3), num + 1);
            noc_buf_xml(b, c->e[i].d.name);
            noc_buf_printf(b, "</text>\n");
            num++;
        }
    /* The key, above the plot. */
    noc_buf_printf(b, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#d55e00\"/><text x=\"%.0f\" y=\"%.0f\">synthesized</text>\n", L + 6, T - 44, L + 14, T - 40);
    noc_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"9\" height=\"9\" fill=\"#0072b2\"/><text x=\"%.0f\" y=\"%.0f\">baseline (auto mapping)</text>\n", L + 236 - 4.5, T - 48.5, L + 246, T - 40);
    noc_buf_printf(b, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#fff\" stroke=\"#888\" stroke-width=\"2\"/><text x=\"%.0f\" y=\"%.0f\">hollow: breaks a constraint</text>\n", L + 6, T - 24, L + 14, T - 20);
    noc_buf_printf(b, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#555\" stroke-dasharray=\"4 3\"/><text x=\"%.0f\" y=\"%.0f\">power-latency front</text>\n", L + 236, T - 24, L + 260, T - 24, L + 266, T - 20);
    noc_buf_printf(b, "</svg>\n");
    free(buf);
    free(placed);
#undef PX
#undef PY
}

void noc_report_svg_histogram(struct noc_buf *b, const struct noc_entry *e, double cap)
{
    int bins[10] = {0}, total = 0, maxb = 1;
    const struct noc_topo *t = &e->d.topo;
    for (int c = 0; c < t->nch; c++) {
        if (!noc_topo_is_rr(t, c) || cap <= 0 || !e->load_mbps)
            continue;
        double u = e->load_mbps[c] / cap;
        int k = (int)floor(u * 10);
        if (k > 9)
            k = 9;
        if (k < 0)
            k = 0;
        bins[k]++;
        total++;
    }
    for (int k = 0; k < 10; k++)
        if (bins[k] > maxb)
            maxb = bins[k];
    const double W = 260, H = 110, L = 30, B = 22, bw = (W - L - 10) / 10;
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"9\">\n", W, H);
    for (int k = 0; k < 10; k++) {
        double h = (H - B - 10) * bins[k] / maxb;
        char col[8];
        util_colour((k + 0.5) / 10, col);
        noc_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%d%%-%d%%: %d channels</title></rect>\n",
                       L + k * bw + 1, H - B - h, bw - 2, h, col, 10 * k, 10 * k + 10, bins[k]);
    }
    noc_buf_printf(b, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#666\"/>\n", L, H - B, W - 10, H - B);
    noc_buf_printf(b, "<text x=\"%.0f\" y=\"%.0f\">0%%</text><text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">100%%</text>\n", L, H - B + 12, W - 10, H - B + 12);
    noc_buf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">utilisation of %d channels</text>\n", (L + W) / 2, H - 2, total);
    noc_buf_printf(b, "<text x=\"%.0f\" y=\"12\" text-anchor=\"end\">%d</text>\n", L - 4, maxb);
    noc_buf_printf(b, "</svg>\n");
}

/* The latency-load curves' styles: the Okabe-Ito palette (distinct under
 * the common colour-vision deficiencies) and dash patterns; 7 colours and 5
 * dashes, coprime, so the first 35 curves differ in the pair and the
 * neighbours always in the dash -- distinct in greyscale too. */
static const char *const curve_colour[] = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00",
                                           "#cc79a7"};
static const char *const curve_dash[] = {"", "8 4", "2 3", "10 3 2 3", "4 2 1 2 1 2"};
#define NCOLOUR (int)(sizeof curve_colour / sizeof curve_colour[0])
#define NDASH (int)(sizeof curve_dash / sizeof curve_dash[0])

void noc_report_svg_latency(struct noc_buf *b, const struct noc_compare *c)
{
    double lmax = 0, lmin = INFINITY, omax = 0, legw = 0;
    const double fs = 11;
    char lab[64];
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        for (int k = 0; e->simulated && k < e->sim.npoints; k++)
            if (e->sim.points[k].stable && isfinite(e->sim.points[k].latency_avg)) {
                lmax = fmax(lmax, e->sim.points[k].latency_avg);
                lmin = fmin(lmin, e->sim.points[k].latency_avg);
                omax = fmax(omax, e->sim.points[k].offered);
            }
        if (e->simulated) {
            snprintf(lab, sizeof lab, " (sat. %.2f)", e->sim.saturation);
            legw = fmax(legw, noc_report_text_width(e->d.name, fs) + noc_report_text_width(lab, fs));
        }
    }
    if (!(lmax > 0))
        return;
    struct axis ax, ay;
    axis_make(&ax, 0, omax > 0 ? omax : 1, 5);
    axis_make(&ay, lmin, lmax, 6);
    /* The legend to the right, as wide as its longest entry (no clipping). */
    const double L = 60, T = 20, B = 50, PW = 450, R = 44 + legw, W = L + PW + R, H = 380;
    int shown = 0;
    for (int i = 0; i < c->n; i++)
        shown += c->e[i].simulated;
    double HH = fmax(H, T + 14 * shown + 20);
#define LX(o) (L + ((o) - ax.lo) / (ax.hi - ax.lo) * PW)
#define LY(l) (H - B - ((l) - ay.lo) / (ay.hi - ay.lo) * (H - T - B))
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"%.0f\">\n", W, HH, fs);
    noc_buf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\" stroke=\"#999\"/>\n", L, T, PW, H - T - B);
    for (int i = 0; i < ax.n; i++) {
        double v = ax.t0 + i * ax.step;
        noc_nice_label(v, ax.step, lab, sizeof lab);
        noc_buf_printf(b, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", LX(v), H - B + 16, lab);
    }
    for (int i = 0; i < ay.n; i++) {
        double v = ay.t0 + i * ay.step;
        noc_nice_label(v, ay.step, lab, sizeof lab);
        noc_buf_printf(b, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                          "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                       L, LY(v), L + PW, LY(v), L - 6, LY(v) + 4, lab);
    }
    noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">offered load (busiest core, flits/cycle)</text>\n",
                   L + PW / 2, H - 12);
    noc_buf_printf(b, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">average latency (cycles)</text>\n",
                   (T + H - B) / 2, (T + H - B) / 2);
    int k0 = 0;
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        if (!e->simulated)
            continue;
        const char *col = curve_colour[k0 % NCOLOUR], *dash = curve_dash[k0 % NDASH];
        char da[48] = "";
        if (*dash)
            snprintf(da, sizeof da, " stroke-dasharray=\"%s\"", dash);
        noc_buf_printf(b, "<polyline class=\"curve\" fill=\"none\" stroke=\"%s\"%s stroke-width=\"2\" points=\"", col, da);
        for (int k = 0; k < e->sim.npoints; k++)
            if (e->sim.points[k].stable && isfinite(e->sim.points[k].latency_avg))
                noc_buf_printf(b, "%.1f,%.1f ", LX(e->sim.points[k].offered), LY(e->sim.points[k].latency_avg));
        double yl = T + 10 + 14 * k0;
        noc_buf_printf(b, "\"/>\n<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\"%s stroke-width=\"2\"/>"
                          "<text x=\"%.0f\" y=\"%.0f\">", L + PW + 8, yl, L + PW + 36, yl, col, da, L + PW + 40, yl + 4);
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, " (sat. %.2f)</text>\n", e->sim.saturation);
        k0++;
    }
    noc_buf_printf(b, "</svg>\n");
#undef LX
#undef LY
}
