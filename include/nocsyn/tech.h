/* nocsyn tech: the parameterised power, area and timing model behind
 * "power_mw", "area_mm2", the maximum clock of a router and the latency of a
 * flow (docs/INTERFACE.md section 2: power in mW, area in mm^2).  Every default is for ONE
 * technology node, 45 nm, worst-case (slow) corner where it matters.
 *
 * Power of a design at clock f = sum over routers of (dynamic + clock +
 * leakage) + sum over channels (router-router and terminal links) of
 * (dynamic + pipeline-register clock + leakage):
 *
 *   router r with P ports (radix) and width w bits, F flits/s through it:
 *     dynamic = F * (buf_pj + xbar_pj * P/xbar_ref_ports + route_pj) * w/ref_width
 *     clock   = f * clk_fj_bit * P * w * (buf_flits + router_stages)
 *               (every input buffer slot and one pipeline register per stage
 *               and port are flip-flops that see the clock every cycle)
 *     leakage = (P * buf_leak_mw + xbar_leak_mw * (P/xbar_ref_ports)^2) * w/ref_width
 *               + route_leak_mw
 *   channel of length L mm carrying B bits/s, width w, S pipeline registers
 *   at f (noc_tech_link_stages below):
 *     dynamic = B * L * link_pj_bit_mm;   clock = f * clk_fj_bit * S * w;
 *     leakage = w * link_leak_uw_bit / 1000
 *   router area = area_ref_mm2 * (lin * (P/area_ref_ports) * (w/area_ref_width)
 *                 + (1 - lin) * ((P/area_ref_ports) * (w/area_ref_width))^2)
 *     (buffers grow linearly, the crossbar quadratically in ports x width);
 *   channel area = S * w * reg_um2_bit / 1e6 (its pipeline registers).
 *
 * Timing (noc_tech_router_fmax_mhz): the router is the three-stage
 * virtual-channel pipeline nocsyn simulates (lookahead routing; VC
 * allocation | switch allocation | switch traversal), after the router delay
 * model of Peh & Dally ("A delay model and speculative architecture for
 * pipelined routers", HPCA 2001), in tau = FO4 / 5:
 *     VC allocator      t = 16.5 log4(P v) + 16.5 log4(v) + 25,  h = 9
 *     switch allocator  t = 11.5 log4(P) + 23 log4(v) + 20,      h = 9
 *     crossbar          t = 9 log8(w floor(P/2)) + 6 ceil(log2 P) + 6, h = 0
 * (v = vcs virtual channels) plus, in the traversal stage, the wire across
 * the router (the side of its area, sqrt(router area), at wire_ps_mm).  Peh
 * & Dally's logic delays are for custom circuits; a synthesized standard-cell
 * router is slower (Chinnery & Keutzer, "Closing the gap between ASIC and
 * custom", DAC 2000, measured custom designs 3x to 8x faster than ASICs, part
 * of it pipelining and process, which this model has separately), so the
 * logic delays are multiplied by asic_derate (default 2.5).  The
 * modules are packed in order into router_stages pipeline stages (1..3;
 * fewer stages means longer cycles), the clock period is the slowest stage
 * plus clk_overhead_fo4 FO4 (flip-flop clock-to-q, setup and skew), and
 * fmax = 1 / period.  A SunFloor-style library table overrides it: tech-file
 * lines "fmax_mhz.R = MHZ" give the maximum clock of a radix-R router (R in
 * 2..NOC_TECH_MAX_RADIX); a radix between two entries takes the entry of the
 * next larger listed radix, a radix above the largest entry has fmax 0 (not
 * available).  The table must not increase with radix.
 *
 * Latency of a flow at zero load (noc_tech_flow_latency): its head crosses
 * every router on its path in router_stages cycles and every channel
 * (injection, router-router, ejection) in noc_tech_link_cycles; the tail
 * follows ceil(packet_bits / w) - 1 cycles later, times the largest
 * noc_topo_channel_gap on the path (a D2D channel narrower than the link
 * sends one flit every gap cycles; 1 elsewhere).  In ns: cycles * 1000 / f.
 *
 * Default values (45 nm): buffer, crossbar, routing and link energies and
 * leakages from the characterisation tables shipped with the Noxim simulator
 * (bin/power.yaml: 4-flit 32-bit buffer push 0.762 pJ + pop 0.534 pJ,
 * leakage 2.27 mW; 5-port 32-bit crossbar 0.221 pJ/flit, leakage 0.749 mW;
 * table-based routing 0.12 pJ/flit, 0.24 mW; link bit-line 1 mm 0.0488
 * pJ/bit, 0.48 uW leakage), themselves derived from ORION 2.0 at 45 nm
 * (Kahng, Li, Peh, Samadi, DATE 2009) — see Catania et al., "Cycle-accurate
 * network on chip simulation with Noxim", ACM TOMACS 27(1), 2016.  Router
 * area: the 5-port, 39-bit router of the Intel 80-tile TeraFLOPS chip, 0.34
 * mm^2 in 65 nm (Vangal et al., IEEE JSSC 43(1), 2008), scaled to 45 nm by
 * the square of the feature size: 0.34 x (45/65)^2 = 0.16296 mm^2.  FO4 =
 * 22.5 ps: the rule of thumb FO4 ~ 500 ps x drawn length in um at the
 * worst-case corner (Ho, Mai and Horowitz, "The future of wires", Proc. IEEE
 * 89(4), 2001) at 0.045 um; the same paper gives repeated global wires of
 * the order of 100 ps/mm (wire_ps_mm).  Clock overhead 3 FO4 (clock-to-q,
 * setup and skew; Dally & Towles, "Principles and Practices of
 * Interconnection Networks", 2004, ch. 16 budget a cycle in FO4 the same
 * way).  Flip-flops: reg_um2_bit = 4.52 um^2, the DFF_X1 cell of the
 * Nangate 45 nm Open Cell Library; clk_fj_bit = 2 fJ per flip-flop per
 * cycle, the C V^2 of about 2 fF (clock pin plus local clock wire) at 1.0 V,
 * ORION 2.0's form of clock power (an estimate: override it with your
 * library's number).  vcs = 2 and buf_flits = 4 (flits per input port, as
 * the 4-flit reference buffer), router_stages = 3, packet_bits = 128.
 */
#ifndef NOCSYN_TECH_H
#define NOCSYN_TECH_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;

#define NOC_TECH_MAX_RADIX 256
/* The largest die side, and coordinate magnitude, any input may give (mm):
 * no chip (a 300 mm wafer neither) is a metre wide; the readers of
 * floorplans, DOT apps and DOT topologies refuse more. */
#define NOC_DIE_MAX_MM 1000
/* The most pipeline registers one link may need (noc_tech_link_stages);
 * a design whose link needs more is refused (noc_layout_build:
 * NOC_EINFEASIBLE naming the channel), so no emitted file grows without
 * bound with the clock or a link's length. */
#define NOC_TECH_MAX_LINK_STAGES 4096
/* The most router widths with tables of their own (fmax_mhz.R.wW, ...). */
#define NOC_TECH_MAX_WIDTHS 8

struct noc_tech {
    double ref_width;      /* bits the energies below are given for (32) */
    double buf_pj;         /* buffer write + read per flit, pJ */
    double xbar_pj;        /* crossbar traversal per flit at xbar_ref_ports, pJ */
    double xbar_ref_ports; /* 5 */
    double route_pj;       /* routing/arbitration per flit, pJ */
    double buf_leak_mw;    /* per input port */
    double xbar_leak_mw;   /* at xbar_ref_ports */
    double route_leak_mw;  /* per router */
    double link_pj_bit_mm; /* link energy per bit per mm, pJ */
    double link_leak_uw_bit; /* link leakage per bit line, uW */
    double area_ref_mm2;   /* router area at area_ref_ports x area_ref_width */
    double area_ref_ports;
    double area_ref_width;
    double area_lin;       /* linear fraction of the router area */
    /* Wire delay for pipelining long links: ps per mm of a repeated
     * global wire. */
    double wire_ps_mm;
    /* Clock and timing (defaults above). */
    double fo4_ps;           /* FO4 inverter delay, ps */
    double clk_overhead_fo4; /* per-cycle flip-flop and skew overhead, FO4 */
    double asic_derate;      /* standard-cell logic delay / custom (Peh-Dally) */
    double vcs;              /* virtual channels per port (timing) */
    double buf_flits;        /* flits of buffer per input port (clock power) */
    double router_stages;    /* router pipeline depth, cycles per router */
    double clk_fj_bit;       /* clock energy per flip-flop per cycle, fJ */
    double reg_um2_bit;      /* area of one flip-flop, um^2 */
    double packet_bits;      /* packet size for serialization latency, bits */
    /* SunFloor-style library: fmax_table[R] = max MHz of a radix-R router,
     * 0 = not listed.  Empty (every entry 0) = the delay model above. */
    double fmax_table[NOC_TECH_MAX_RADIX + 1];
    int has_table;
    /* Characterized library (nocsyn characterize, charz.h): per-radix
     * tables "area_mm2.R", "leak_mw.R", "flit_pj.R" (energy per flit
     * through the router), "clk_mw_per_mhz.R" (clock power per MHz), at
     * table_width bits; -1 = not listed (noc_tech_defaults), values >= 0.  A listed table replaces the
     * formula of its term (area; leakage; dynamic; clock) for every radix:
     * a radix between two entries (or below the first) takes the next
     * larger listed one, as fmax_mhz.R; a radix above the largest entry is
     * extrapolated along the line through the two largest entries (one
     * entry: in proportion to the radix), never below the largest entry
     * (its fmax stays 0: such a router is never chosen for a clock, but a
     * regular topology given to eval or compare still gets a number).  A
     * router with a shared concentrator port is looked up at its larger
     * port count (buffers or crossbar).  Width: see the width tables
     * below; with none, area and power scale with width / table_width
     * (table_width 0: not scaled) and fmax_mhz.R serves every width. */
    double area_table[NOC_TECH_MAX_RADIX + 1];
    double leak_table[NOC_TECH_MAX_RADIX + 1];
    double flit_table[NOC_TECH_MAX_RADIX + 1];
    double clk_table[NOC_TECH_MAX_RADIX + 1];
    /* Which of those four tables hold an entry at some width: bit 0 area,
     * 1 leak, 2 flit, 3 clk.  0 from noc_tech_defaults; noc_tech_parse
     * sets a table's bit with its first entry (an unlisted table costs
     * O(1) per router). */
    unsigned router_tables;
    double table_width;
    /* Tables of other widths, "KEY.R.wW = V" for each KEY above (fmax_mhz,
     * area_mm2, leak_mw, flit_pj, clk_mw_per_mhz): width tab_w[i] (bits,
     * ntab_w of them, in the order first listed) has
     * w_table[i][k][R] for key k in that order (fmax 0 = not listed, the
     * others -1).  fmax: a router of width w takes the table of the
     * smallest listed width >= w (the plain tables counting as
     * table_width's), above every listed width the widest.  Area, leakage,
     * energy per flit and clock power: each width's value for the radix
     * (the radix rule above), then linear in width between the two listed
     * widths around w, outside them along the line through the two
     * nearest (where that line falls to 0 or below: the nearest width's
     * value x w / its width); one listed width: in proportion to w. */
    int ntab_w;
    double tab_w[NOC_TECH_MAX_WIDTHS];
    double w_table[NOC_TECH_MAX_WIDTHS][5][NOC_TECH_MAX_RADIX + 1];
    /* Kept by the parser (read-only for others): per width set (0 = the
     * plain tables, i + 1 = tab_w[i]'s) and key k, the largest and second
     * largest listed radix (0: none), so a lookup costs O(radix gap), not
     * a scan of NOC_TECH_MAX_RADIX entries. */
    short tab_hi[NOC_TECH_MAX_WIDTHS + 1][5], tab_lo[NOC_TECH_MAX_WIDTHS + 1][5];
};

/* Fills the cited defaults above.  O(1). */
void noc_tech_defaults(struct noc_tech *tech);

/* Reads "key = value" lines ('#' comments) over the defaults; keys are the
 * field names above.  Every value has a range that keeps each derived power,
 * area and delay finite: router_stages a whole number 1..64, vcs 1..1024,
 * area_lin 0..1, ref_width and area_ref_width > 0 and <= 65536,
 * xbar_ref_ports and area_ref_ports > 0 and <= NOC_TECH_MAX_RADIX, fo4_ps
 * > 0, asic_derate > 0 and <= 1000, packet_bits 1..1e6, fmax_mhz.R > 0,
 * every other key >= 0; all <= 1e6.  Unknown key, a NUL byte, a bad or out
 * of range number, a timing table that increases with radix: NOC_EINVAL
 * with FILE:LINE of the offending line.  noc_tech_parse_n reads len bytes
 * (a NUL among them is an error); noc_tech_parse a C string.  Parser: the
 * only place that reads tech files.  O(size of the text). */
int noc_tech_read(struct noc_tech *tech, const char *path, struct noc_ctx *ctx);
/* The model a command runs with: the tech file `path` read over *tech
 * (noc_tech_read; path NULL: *tech as it is), then packet_bits > 0
 * overriding the file's packet_bits (synth, compare and campaign's
 * --packet-bits / packet-bits).  Errors: noc_tech_read's.  O(file). */
int noc_tech_setup(struct noc_tech *tech, const char *path, double packet_bits, struct noc_ctx *ctx);
int noc_tech_parse(struct noc_tech *tech, const char *data, const char *label,
                   struct noc_ctx *ctx);
int noc_tech_parse_n(struct noc_tech *tech, const char *data, size_t len, const char *label,
                     struct noc_ctx *ctx);

/* Router power (mW) for `ports` ports, width bits, carrying flits_per_s,
 * clocked at freq_mhz (0: no clock power). */
double noc_tech_router_mw(const struct noc_tech *tech, int ports, double width,
                          double flits_per_s, double freq_mhz);
/* Router area (mm^2). */
double noc_tech_router_mm2(const struct noc_tech *tech, int ports, double width);
/* The same with the buffer terms (buffer energy's leakage, the buffer slots'
 * clock, the linear part of the area) on buf_ports input buffers and the
 * crossbar terms (crossbar energy and leakage, the stage registers' clock,
 * the quadratic part of the area) on xbar_ports: a router with a shared
 * concentrator port has one crossbar port but one input buffer per terminal
 * (noc_topo_buffer_ports); noc_tech_topo uses them for every router, and
 * they equal the one-count versions when buf_ports == xbar_ports.  O(1). */
double noc_tech_router_mw_ports(const struct noc_tech *tech, int buf_ports, int xbar_ports, double width,
                                double flits_per_s, double freq_mhz);
/* noc_tech_router_mw(tech, ports, width, flits_per_s, freq_mhz) -
 * noc_tech_router_mw(tech, ports, width, 0, freq_mhz), the same double to
 * the last bit, at the cost of one call (synthesis' routing costs).  O(1). */
double noc_tech_router_dyn_mw(const struct noc_tech *tech, int ports, double width, double flits_per_s,
                              double freq_mhz);
double noc_tech_router_mm2_ports(const struct noc_tech *tech, int buf_ports, int xbar_ports, double width);
/* Power (mW) of one directed channel of length_mm carrying mbps MB/s, its
 * pipeline registers clocked at freq_mhz (0: none). */
double noc_tech_channel_mw(const struct noc_tech *tech, double length_mm, double width,
                           double mbps, double freq_mhz);
/* The same at mbps and idle for one length, the pipeline registers counted
 * once: mw[0] = noc_tech_channel_mw(tech, length_mm, width, mbps, freq_mhz)
 * and mw[1] = the same at 0 MB/s, to the bit (synthesis prices a flow on a
 * channel as their difference).  O(1). */
void noc_tech_channel_mw_pair(const struct noc_tech *tech, double length_mm, double width, double mbps,
                              double freq_mhz, double mw[2]);
/* The load-dependent part of noc_tech_channel_mw per MB/s and mm (the
 * wire's dynamic energy): noc_tech_channel_mw at mbps less at 0 is mbps x
 * length_mm x this, up to rounding.  O(1). */
double noc_tech_channel_mw_per_mbps_mm(const struct noc_tech *tech);
/* noc_tech_channel_mw(tech, length_mm, width, mbps, freq_mhz) -
 * noc_tech_channel_mw(tech, length_mm, width, 0, freq_mhz), the same double
 * to the last bit, at the cost of one call.  O(1). */
double noc_tech_channel_dyn_mw(const struct noc_tech *tech, double length_mm, double width, double mbps,
                               double freq_mhz);
/* Area (mm^2) of one directed channel's pipeline registers at freq_mhz. */
double noc_tech_channel_mm2(const struct noc_tech *tech, double length_mm, double width,
                            double freq_mhz);

/* Power and area of topology t whose channels carry load_mbps[c] MB/s
 * (every channel id, terminal links included), at its clock t->freq_mhz
 * (no clock power when 0).  Channel width: ch.width,
 * else t->link_width, else `width`.  Unknown lengths count as 0 mm (noted in
 * *unknown_len when non-NULL: the number of such channels).  O(V + E). */
void noc_tech_topo(const struct noc_tech *tech, const struct noc_topo *t,
                   const double *load_mbps, double width, double *power_mw,
                   double *area_mm2, int *unknown_len);

/* The one link-latency model (links.csv, the simulator, anynet, RTL and
 * BookSim configs all use it): a wire of length_mm has a delay of
 * length_mm x wire_ps_mm ps; at clock freq_mhz (period T = 1e6 / freq ps) it
 * needs ceil(delay / T) - 1 pipeline registers (0 when it fits in one cycle,
 * or when freq_mhz <= 0 or the length is unknown (< 0)), and traversing it
 * takes 1 + that many cycles.  O(1). */
double noc_tech_wire_delay_ps(const struct noc_tech *tech, double length_mm);
int noc_tech_link_stages(const struct noc_tech *tech, double length_mm, double freq_mhz);
int noc_tech_link_cycles(const struct noc_tech *tech, double length_mm, double freq_mhz);

/* Timing (model above).  Maximum clock (MHz) of a router of `ports` ports
 * (radix) and width bits: the library table when the tech file has one, else
 * the delay model; 0 when the radix is not available.  O(1). */
double noc_tech_router_fmax_mhz(const struct noc_tech *tech, int ports, double width);
/* Clock period (ps) of each of the delay model's stages for a router, its
 * modules packed into router_stages stages: stage_ps[0..2] (unused stages 0),
 * overhead included.  Returns the number of stages used.  O(1). */
int noc_tech_stage_ps(const struct noc_tech *tech, int ports, double width, double stage_ps[3]);
/* The largest radix (2..NOC_TECH_MAX_RADIX) whose fmax at width is >= freq_mhz,
 * 0 when even a radix-2 router is too slow.  O(NOC_TECH_MAX_RADIX). */
int noc_tech_max_radix(const struct noc_tech *tech, double width, double freq_mhz);
/* Flits of one packet at width bits: ceil(packet_bits / width) (>= 1). */
int noc_tech_packet_flits(const struct noc_tech *tech, double width);
/* Zero-load latency (cycles) of a packet of topology t from terminal node
 * src to terminal node dst over the router path path[0..len-1] (router node
 * ids), the model above, at t's clock and link width (or `width`); channel
 * latencies ch.latency when set, else noc_tech_link_cycles of their length.
 * Returns -1 when a hop of the path is not a channel of t.  O(len deg). */
int noc_tech_flow_cycles(const struct noc_tech *tech, const struct noc_topo *t, int src,
                         int dst, const int *path, int len, double width);
/* Sets every channel's latency (cycles) from its length at t->freq_mhz
 * (noc_tech_link_cycles); channels of unknown length get 1.  O(E). */
void noc_tech_set_latencies(const struct noc_tech *tech, struct noc_topo *t);
/* Checks a tech's timing tables (called by the parser): the listed fmax
 * values of each table (fmax_mhz.R, and fmax_mhz.R.wW per width) must not
 * increase with radix.  NOC_EINVAL naming the radices, at label:line of the
 * offending entry: lines[(i + 1) * (NOC_TECH_MAX_RADIX + 1) + R] for entry
 * R of the plain table (i = -1) or of width table i (lines may be NULL: no
 * line). */
int noc_tech_check_table(const struct noc_tech *tech, const char *label, const long *lines,
                         struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
