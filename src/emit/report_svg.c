/* SVG drawings of the comparison report (hand-written SVG text). */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
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

void noc_report_svg_pareto(struct noc_buf *b, const struct noc_compare *c)
{
    double pmin = INFINITY, pmax = -INFINITY, hmin = INFINITY, hmax = -INFINITY;
    for (int i = 0; i < c->n; i++) {
        pmin = fmin(pmin, c->e[i].d.power_mw);
        pmax = fmax(pmax, c->e[i].d.power_mw);
        hmin = fmin(hmin, yval(&c->e[i]));
        hmax = fmax(hmax, yval(&c->e[i]));
    }
    if (c->n == 0)
        return;
    if (pmax - pmin < 1e-9)
        pmax = pmin + 1;
    if (hmax - hmin < 1e-9)
        hmax = hmin + 1;
    pmin = fmax(0, pmin - 0.08 * (pmax - pmin));
    pmax += 0.08 * (pmax - pmin);
    hmin = fmax(0, hmin - 0.1 * (hmax - hmin));
    hmax += 0.1 * (hmax - hmin);
    const double W = 560, H = 360, L = 60, R = 20, T = 20, B = 50;
#define PX(p) (L + ((p) - pmin) / (pmax - pmin) * (W - L - R))
#define PY(h) (H - B - ((h) - hmin) / (hmax - hmin) * (H - T - B))
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H);
    noc_buf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\" stroke=\"#999\"/>\n", L, T, W - L - R, H - T - B);
    for (int i = 0; i <= 4; i++) {
        double p = pmin + i * (pmax - pmin) / 4, h = hmin + i * (hmax - hmin) / 4;
        noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.3g</text>\n", PX(p), H - B + 16, p);
        noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", L - 6, PY(h) + 4, h);
    }
    noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">power (mW)</text>\n", (L + W - R) / 2, H - 12);
    noc_buf_printf(b, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">%s</text>\n",
                   (T + H - B) / 2, (T + H - B) / 2,
                   c->n && c->e[0].d.lat_avg_ns > 0 ? "average zero-load latency (ns)" : "average hops");
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
            int x = front[k];
            front[k] = front[k - 1];
            front[k - 1] = x;
        }
    if (nf > 1) {
        noc_buf_printf(b, "<polyline fill=\"none\" stroke=\"#c33\" stroke-dasharray=\"4 3\" points=\"");
        for (int k = 0; k < nf; k++)
            noc_buf_printf(b, "%.1f,%.1f ", PX(c->e[front[k]].d.power_mw), PY(yval(&c->e[front[k]])));
        noc_buf_printf(b, "\"/>\n");
    }
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        int synth = !strcmp(e->kind, "synth");
        const char *col = synth ? "#c33" : "#36c";
        int viol = e->violations[0] != '\0';
        noc_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"><title>",
                       PX(e->d.power_mw), PY(yval(e)), viol ? "#fff" : col, col);
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, ": %.2f mW, %.3f %s", e->d.power_mw, yval(e), e->d.lat_avg_ns > 0 ? "ns" : "hops");
        if (viol) {
            noc_buf_printf(b, "; breaks ");
            noc_buf_xml(b, e->violations);
        }
        noc_buf_printf(b, "</title></circle>\n");
        /* Stack the labels of points that (nearly) coincide. */
        int stack = 0;
        for (int j = 0; j < i; j++)
            stack += fabs(PX(c->e[j].d.power_mw) - PX(e->d.power_mw)) < 40 &&
                     fabs(PY(yval(&c->e[j])) - PY(yval(e))) < 12;
        noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\">", PX(e->d.power_mw) + 7, PY(yval(e)) - 6 - 12 * stack);
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, "</text>\n");
    }
    noc_buf_printf(b, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#c33\"/><text x=\"%.0f\" y=\"%.0f\">synthesized</text>\n", L + 12, T + 14, L + 20, T + 18);
    noc_buf_printf(b, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#36c\"/><text x=\"%.0f\" y=\"%.0f\">baseline (auto mapping)</text>\n", L + 12, T + 30, L + 20, T + 34);
    noc_buf_printf(b, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#fff\" stroke=\"#888\" stroke-width=\"2\"/><text x=\"%.0f\" y=\"%.0f\">hollow: breaks a constraint</text>\n", L + 12, T + 46, L + 20, T + 50);
    noc_buf_printf(b, "</svg>\n");
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

void noc_report_svg_latency(struct noc_buf *b, const struct noc_compare *c)
{
    static const char *palette[] = {"#c33", "#36c", "#393", "#c90", "#939", "#099", "#666", "#f60",
                                    "#06f", "#960", "#c39", "#3c6"};
    double lmax = 0, lmin = INFINITY;
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        for (int k = 0; e->simulated && k < e->sim.npoints; k++)
            if (e->sim.points[k].stable && isfinite(e->sim.points[k].latency_avg)) {
                lmax = fmax(lmax, e->sim.points[k].latency_avg);
                lmin = fmin(lmin, e->sim.points[k].latency_avg);
            }
    }
    if (!(lmax > 0))
        return;
    lmin = fmax(0, lmin * 0.9);
    lmax *= 1.05;
    const double W = 620, H = 380, L = 60, R = 170, T = 20, B = 50;
#define LX(o) (L + (o) * (W - L - R))
#define LY(l) (H - B - ((l) - lmin) / (lmax - lmin) * (H - T - B))
    noc_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H);
    noc_buf_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\" stroke=\"#999\"/>\n", L, T, W - L - R, H - T - B);
    for (int i = 0; i <= 5; i++) {
        double o = i / 5.0, l = lmin + i * (lmax - lmin) / 5;
        noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.1f</text>\n", LX(o), H - B + 16, o);
        noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", L - 6, LY(l) + 4, l);
    }
    noc_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">offered load (busiest core, flits/cycle)</text>\n",
                   (L + W - R) / 2, H - 12);
    noc_buf_printf(b, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">average latency (cycles)</text>\n",
                   (T + H - B) / 2, (T + H - B) / 2);
    int shown = 0;
    for (int i = 0; i < c->n; i++) {
        const struct noc_entry *e = &c->e[i];
        if (!e->simulated)
            continue;
        const char *col = palette[shown % (int)(sizeof palette / sizeof palette[0])];
        noc_buf_printf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"", col);
        for (int k = 0; k < e->sim.npoints; k++)
            if (e->sim.points[k].stable && isfinite(e->sim.points[k].latency_avg))
                noc_buf_printf(b, "%.1f,%.1f ", LX(e->sim.points[k].offered), LY(e->sim.points[k].latency_avg));
        noc_buf_printf(b, "\"/>\n<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">", W - R + 10, T + 14 + 14 * shown, col);
        noc_buf_xml(b, e->d.name);
        noc_buf_printf(b, " (sat. %.2f)</text>\n", e->sim.saturation);
        shown++;
    }
    noc_buf_printf(b, "</svg>\n");
#undef LX
#undef LY
}
