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
/* Histogram of router-router channel utilisation in 10% bins. */
void noc_report_svg_histogram(struct noc_buf *b, const struct noc_entry *e, double cap);

#endif
