/* nocsyn rtl: synthesizable SystemVerilog for a topology (issue 14).
 *
 * Output (noc_rtl_generate): the generated top level nocsyn_top (one
 * nocsyn_router per router with its parameters and routing table, one
 * nocsyn_link per channel with its pipeline stages, the core ports as
 * arrays indexed by terminal), a testbench nocsyn_tb for Verilator, and the
 * flow list with each flow's predicted zero-load latency; the fixed sources
 * (noc_rtl_sources: the parametric router, the link and the testbench's C++
 * main) are written verbatim next to them.
 *
 * Model (the one of nocsyn's simulator, sim.h, so zero-load latencies agree):
 *  - routing: the paths of the model the simulator would use (the stored
 *    routes when they cover every pair the table needs, else dor, desttag,
 *    updown), one path per terminal pair (the first of a weighted set); a
 *    router's table is keyed by destination terminal, or by (source,
 *    destination) when its paths to one destination leave by different
 *    ports; dor on tori and rings with vcs >= 2 adds the dateline VC class
 *    per hop (route.h);
 *  - router: router_delay D >= 2 cycles per hop at zero load (VC allocation
 *    in cycle D - 2 after arrival, switch allocation in D - 1), vcs x buf
 *    input buffers, credits;
 *  - link latency L of a channel: its latency attribute when set, else
 *    1 + noc_tech_link_stages(tech, length, t->freq_mhz) (tech.h): the sender's
 *    output register and L - 1 pipeline stages; credits return in L +
 *    credit_delay - 1 registers;
 *  - zero-load latency of a packet of len flits over channels c_0 .. c_h:
 *    sum L(c_i) + h * D + len - 1 (sim.h).
 */
#ifndef NOCSYN_RTL_H
#define NOCSYN_RTL_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_tech;
struct noc_traffic;

struct noc_rtl_opts {
    int vcs;           /* VCs per port, 1..16 (default 2) */
    int buf;           /* flits per VC buffer, 1..64 (default 4) */
    int router_delay;  /* D, 2..16 (default 3, as the simulator) */
    int credit_delay;  /* 0..16 (default 2, as the simulator) */
    int width;         /* payload bits per flit, 0 = t->link_width, else 32 */
    int pkt_len;       /* testbench packet length in flits, 1..64 (default 4) */
    int tb_packets;    /* testbench: packets per flow under load (default 8) */
};

/* Sets the defaults above.  O(1). */
void noc_rtl_opts_init(struct noc_rtl_opts *o);

/* One flow of the testbench and its prediction. */
struct noc_rtl_flow {
    int src, dst;      /* terminal indices */
    double weight;     /* its traffic rate (1 for every pair) */
    int hops;          /* routers on its path */
    int latency;       /* zero-load latency in cycles (the model above) */
};

/* The generated text.  Init/free pair (whoever calls init frees). */
struct noc_rtl {
    struct noc_buf top;     /* nocsyn_top.sv */
    struct noc_buf tb;      /* nocsyn_tb.sv */
    struct noc_buf flows;   /* flows.csv: src,dst,src_name,dst_name,weight,hops,latency */
    int nflows;
    struct noc_rtl_flow *flow;  /* owned */
    int routing;            /* enum noc_routing_model used */
    int classes;            /* VC classes (2: dateline) */
};
void noc_rtl_init(struct noc_rtl *r);
void noc_rtl_free(struct noc_rtl *r);

/* Generates the RTL of t (finalized) into r (initialised; previous text is
 * replaced).  tr (may be NULL) gives the testbench's flows: its sparse
 * entries of positive weight (e.g. app traffic); NULL or a uniform
 * component: every ordered pair of distinct terminals (at most 4096).
 * Errors: NOC_EINVAL (an option out of range, a dateline torus with odd
 * vcs, a terminal with more than one injection or ejection channel, a
 * router without input or output), NOC_EUNSUP (no routing model gives
 * paths, a path visiting a router twice, shared concentrator ports, a
 * channel slower than a flit a cycle: noc_topo_channel_gap > 1, a narrow
 * D2D module), NOC_EINFEASIBLE (a flow without a
 * path), NOC_ENOMEM.  Cost O(N^2 * path length + routers * 2^keybits). */
int noc_rtl_generate(struct noc_rtl *r, const struct noc_topo *t, const struct noc_tech *tech,
                     const struct noc_traffic *tr, const struct noc_rtl_opts *o,
                     struct noc_ctx *ctx);

/* The fixed sources written verbatim with every design: a static table of
 * {file name, text}, terminated by {NULL, NULL}. */
struct noc_rtl_source {
    const char *name;
    const char *text;
};
const struct noc_rtl_source *noc_rtl_sources(void);

#ifdef __cplusplus
}
#endif

#endif
