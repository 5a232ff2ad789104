/* nocsyn units: the one home of the clock and link facts every module
 * shares -- link capacity, cycles <-> ns, and the defaults of the cost
 * model's inputs (link width, clock, radix bound, link utilisation, packet
 * size).  Every module that needs one of these calls or names it from here;
 * none writes the formula or the number again.
 *
 * Units: widths in bits, clocks in MHz, capacities in MB/s (10^6 bytes per
 * second), latencies in clock cycles or ns.
 *
 * Where the clock lives (issue 24): a built design's clock and link width
 * are its topology's (struct noc_topo freq_mhz, link_width: the source of
 * truth, written to its DOT file).  The other clock fields are either
 * inputs or mirrors of it:
 *  - struct noc_synth_opts freq_mhz / freqs[]: the grid to explore (input;
 *    noc_synth_grid_freq() reads it, nfreqs == 0 meaning freq_mhz alone);
 *  - struct noc_campaign freqs[], struct noc_job freq_mhz: the campaign's
 *    grid and one job's point (inputs, copied into noc_synth_opts);
 *  - struct noc_design freq_mhz: the point the design was built at (kept
 *    for infeasible points, which have no topology; equal to topo.freq_mhz
 *    for feasible ones); compare's struct noc_entry holds its design as
 *    such a record (e->d), d.freq_mhz set from d.topo.freq_mhz once the
 *    baseline's clock is chosen;
 *  - struct noc_topo_params freq_mhz: the clock the parameters were
 *    computed at (the argument, else topo.freq_mhz).
 */
#ifndef NOCSYN_UNITS_H
#define NOCSYN_UNITS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Defaults of the cost model's inputs.  Plain literals, so a help text can
 * print them with NOC_UNITS_STR(). */
#define NOC_DEFAULT_LINK_WIDTH 32    /* link (flit) width, bits */
#define NOC_DEFAULT_FREQ_MHZ 1000    /* clock, MHz */
#define NOC_DEFAULT_MAX_RADIX 8      /* switch ports, cores included */
#define NOC_DEFAULT_MAX_UTIL 0.8     /* usable fraction of a link's capacity */
#define NOC_DEFAULT_PACKET_BITS 128  /* packet size for serialization, bits */

#define NOC_UNITS_STR_(x) #x
/* The literal of a default above as a string: NOC_UNITS_STR(NOC_DEFAULT_FREQ_MHZ)
 * is "1000". */
#define NOC_UNITS_STR(x) NOC_UNITS_STR_(x)

/* Capacity in MB/s of a link width_bits wide clocked at freq_mhz: one flit
 * a cycle, width x freq / 8.  No validation (the callers check that both
 * are > 0 where it matters; 0 in gives 0).  O(1), never fails. */
double noc_link_mbps(double width_bits, double freq_mhz);

/* Time in ns of `cycles` clock cycles at freq_mhz: cycles x 1000 / freq.
 * freq_mhz must be > 0 (0 gives an infinity or NaN, as the division
 * does).  O(1), never fails. */
double noc_cycles_ns(double cycles, double freq_mhz);

/* Clock cycles of `ns` nanoseconds at freq_mhz: ns x freq / 1000 (not
 * rounded).  O(1), never fails. */
double noc_ns_cycles(double ns, double freq_mhz);

/* Flits per second that a load of `mbps` MB/s makes on a link width_bits
 * wide: mbps x 8e6 / width (the inverse of noc_link_mbps per clock).
 * Inline: the synthesis cost functions call it per candidate link.  O(1),
 * never fails. */
static inline double noc_flits_per_s(double mbps, double width_bits) { return mbps * 8e6 / width_bits; }

/* The clock period in ps at freq_mhz: 1e6 / freq.  O(1), never fails. */
double noc_period_ps(double freq_mhz);

/* The one tolerance of every limit check: a value x is within a limit
 * (a load within a link's usable capacity, a clock within a router's fmax,
 * a flow's latency within its max_latency_ns, an area within a die or its
 * allowed growth) while x <= limit x (1 + NOC_FIT_TOL), so the rounding of
 * sums and unit conversions never turns an exact fit into a violation.
 * noc_fits(x, limit) says x is within it; noc_exceeds(x, limit) that x is
 * past it (both false when x or limit is NaN).  Inline: the router asks
 * per candidate channel.  O(1), never fail. */
#define NOC_FIT_TOL 1e-12
static inline int noc_fits(double x, double limit) { return x <= limit * (1 + NOC_FIT_TOL); }
static inline int noc_exceeds(double x, double limit) { return x > limit * (1 + NOC_FIT_TOL); }

#ifdef __cplusplus
}
#endif

#endif
