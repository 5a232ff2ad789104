/* Internal to src/emit/: SVG pieces of the comparison report. */
#ifndef NOCSYN_REPORT_INT_H
#define NOCSYN_REPORT_INT_H

#include "nocsyn/core.h"

struct noc_entry;
struct noc_compare;

/* The design drawn on its floorplan: cores as boxes, routers as squares
 * sized by radix, links coloured by utilisation (capacity cap MB/s), a
 * legend.  Appends an <svg> element. */
void noc_report_svg_design(struct noc_buf *b, const struct noc_entry *e, double cap);
/* Power (x) against average hops (y) for every design, the Pareto front
 * over the two joined. */
void noc_report_svg_pareto(struct noc_buf *b, const struct noc_compare *c);
/* Average latency against offered load for every simulated design, one
 * polyline each (stable points only), with a legend. */
void noc_report_svg_latency(struct noc_buf *b, const struct noc_compare *c);
/* Label placement without overlap.  n points (x[i], y[i]) each carry a
 * label box w[i] x h (pixels; y grows downwards as in SVG) and a marker of
 * radius r.  Each label takes the first of eight candidate spots (right,
 * left, above, below, then the diagonals, 3 px from the marker) whose box
 * lies inside [x0, x1] x [y0, y1] and overlaps no label placed before and
 * no marker; lx[i], ly[i] = its box's top-left corner and placed[i] = 1,
 * else placed[i] = 0 (the caller lists it in a legend instead).  Points are
 * labelled in index order.  O(n^2); never fails. */
void noc_report_label_place(int n, const double *x, const double *y, const double *w, double h, double r,
                            double x0, double y0, double x1, double y1, double *lx, double *ly, int *placed);
/* The width in pixels of `text` at font size fs in the report's sans-serif
 * font, an upper bound (0.62 em a character; Latin text). */
double noc_report_text_width(const char *text, double fs);
/* Histogram of router-router channel utilisation in 10% bins. */
void noc_report_svg_histogram(struct noc_buf *b, const struct noc_entry *e, double cap);

#endif
