/* nocsyn tech: the parameterised power and area model behind "power_mw" and
 * "area_mm2" (INTERFACE 2: power in mW, area in mm^2).
 *
 * Power of a design = sum over routers of (dynamic + leakage) + sum over
 * channels (router-router and terminal links) of (dynamic + leakage):
 *
 *   router r with P ports (radix) and width w bits, F flits/s through it:
 *     dynamic = F * (buf_pj + xbar_pj * P/xbar_ref_ports + route_pj) * w/ref_width
 *     leakage = (P * buf_leak_mw + xbar_leak_mw * (P/xbar_ref_ports)^2) * w/ref_width
 *               + route_leak_mw
 *   channel of length L mm carrying B bits/s, width w:
 *     dynamic = B * L * link_pj_bit_mm;   leakage = w * link_leak_uw_bit / 1000
 *   router area = area_ref_mm2 * (lin * (P/area_ref_ports) * (w/area_ref_width)
 *                 + (1 - lin) * ((P/area_ref_ports) * (w/area_ref_width))^2)
 *     (buffers grow linearly, the crossbar quadratically in ports x width).
 *
 * Default values (45 nm class): buffer, crossbar, routing and link energies
 * and leakages from the characterisation tables shipped with the Noxim
 * simulator (bin/power.yaml: 4-flit 32-bit buffer push 0.762 pJ + pop
 * 0.534 pJ, leakage 2.27 mW; 5-port 32-bit crossbar 0.221 pJ/flit, leakage
 * 0.749 mW; table-based routing 0.12 pJ/flit, 0.24 mW; link bit-line 1 mm
 * 0.0488 pJ/bit, 0.48 uW leakage), themselves derived from ORION 2.0 (Kahng,
 * Li, Peh, Samadi, DATE 2009) — see Catania et al., "Cycle-accurate network
 * on chip simulation with Noxim", ACM TOMACS 27(1), 2016.  Router area
 * reference: the 5-port, 39-bit router of the Intel 80-tile TeraFLOPS chip,
 * 0.34 mm^2 in 65 nm (Vangal et al., IEEE JSSC 43(1), 2008).
 */
#ifndef NOCSYN_TECH_H
#define NOCSYN_TECH_H

#include "nocsyn/core.h"

struct noc_topo;

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
    /* Wire delay for pipelining long links (issue: place-and-route hand-off):
     * ps per mm of a repeated global wire. */
    double wire_ps_mm;
    /* Pipeline register area per bit, um^2 (LEF/DEF hand-off): 4.522, the
     * DFF_X1 flip-flop of the Nangate 45 nm Open Cell Library. */
    double reg_um2_bit;
};

/* Fills the cited defaults above.  O(1). */
void noc_tech_defaults(struct noc_tech *tech);

/* Reads "key = value" lines ('#' comments) over the defaults; keys are the
 * field names above.  Unknown key, bad or negative number: NOC_EINVAL with
 * FILE:LINE.  Parser: the only place that reads tech files. */
int noc_tech_read(struct noc_tech *tech, const char *path, struct noc_ctx *ctx);
int noc_tech_parse(struct noc_tech *tech, const char *data, const char *label,
                   struct noc_ctx *ctx);

/* Router power (mW) for `ports` ports, width bits, carrying flits_per_s. */
double noc_tech_router_mw(const struct noc_tech *tech, int ports, double width,
                          double flits_per_s);
/* Router area (mm^2). */
double noc_tech_router_mm2(const struct noc_tech *tech, int ports, double width);
/* Power (mW) of one directed channel of length_mm carrying mbps MB/s. */
double noc_tech_channel_mw(const struct noc_tech *tech, double length_mm, double width,
                           double mbps);

/* Power and area of topology t whose channels carry load_mbps[c] MB/s
 * (every channel id, terminal links included).  Channel width: ch.width,
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

#endif
