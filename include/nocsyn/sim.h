/* nocsyn sim: a cycle-level, flit-level network simulator (docs/INTERFACE.md section 3.10).
 *
 * Model (binding for the numbers it prints):
 *  - Routers are input queued with V virtual channels per input port, each a
 *    FIFO of `buf` flits, and credit-based flow control.  A packet's path is
 *    chosen at its source (source routing) with noc_routing_sample (route.h):
 *    deterministic models pick one of their weighted paths by weight, ecmp a
 *    minimal path uniformly at random per packet.  Under dor on tori and
 *    rings with V >= 2, the dateline classes of route.h apply: class 0 uses
 *    VCs [0, V/2) of a router-router channel, class 1 VCs [V/2, V); every
 *    other case has one class using all V.  Injection and ejection channels
 *    always offer all V VCs.
 *  - Allocation is separable input-first with round-robin arbiters (a
 *    pointer moves past the winner only on a grant): VC allocation (each
 *    waiting head picks one free output VC of its class, then each output VC
 *    grants one requester) and switch allocation (each input port picks one
 *    VC that has a flit and a credit, then each output port grants one input
 *    port; with `booksim_alloc`, BookSim2's separable_input_first instead:
 *    each output port an input port's VCs ask for is represented by the
 *    first of those VCs in the port's VC round robin, and the input port
 *    picks among those outputs by a round robin over its router's output
 *    ports, whose pointer also moves only on a grant; noc_sim_sa_choose).
 *    An output VC is released when the tail flit wins the switch
 *    (it may be reallocated before the tail's credit returns, as BookSim's
 *    default wait_for_tail_credit = 0).  Wormhole: an output VC may be
 *    allocated whatever its credits; virtual cut-through: only with room for
 *    the whole packet (buf must hold the longest packet).
 *  - Pipeline (`router_delay` D >= 1, the zero-load cycles a head flit spends
 *    in a router): a flit arriving in cycle a may win the switch in cycle
 *    a + D - 1; a head does VC allocation in cycle a + max(D - 2, 0), before
 *    (D >= 2) or in the same cycle as (D = 1) switch allocation.  A flit
 *    winning the switch in cycle s arrives at the next router (or at the
 *    ejecting terminal) in cycle s + 1 + L, L the channel latency, and its
 *    credit reaches the upstream router in cycle s + L_in + credit_delay.  A
 *    source sends at most one flit per cycle; a flit sent in cycle c arrives
 *    in cycle c + L.  Zero-load latency of a packet of len flits over a path
 *    of channels c_0 (injection) .. c_h (ejection), when len <= buf:
 *        sum_i L(c_i) + h * D + (len - 1) * g,
 *    g = 1, or on a path through a channel narrower than the link (its own
 *    capacity_mbps, a D2D module: topo.h) the largest noc_topo_channel_gap:
 *    such a channel takes one flit every g cycles (switch allocation skips
 *    it until then); drop and deflect refuse it, and so does a narrow
 *    injection channel.
 *    A longer packet also waits for credits: flit i >= buf may leave over
 *    c_j (j < h) only once the credit of flit i - buf, freed when that flit
 *    leaves the next router, is back (L(c_j) + credit_delay later); the
 *    round trip is 2L + D + credit_delay cycles on a router-router channel
 *    and 2L + D - 1 + credit_delay on the injection channel, so 5-flit
 *    packets in 4-flit buffers (unit links, D = 3, credit_delay 2) arrive 3
 *    cycles later per packet.  noc_sim_zero_load evaluates that max-plus
 *    recurrence per path (src/sim/sweep.c).
 *  - booksim_loop (router delay >= 2): BookSim2's timing of the credit
 *    loop instead: a credit reaches the upstream router one cycle later
 *    (s + L_in + credit_delay + 1) and a body flit may win the switch in
 *    cycle a + D - 2 (a head as above), so a buffer slot turns over in
 *    2L + D + credit_delay + 1 cycles behind a head flit and, as without
 *    the option, 2L + D + credit_delay behind a body flit (BookSim2's
 *    iq_router.cpp: credits made at switch allocation, a body flit at the
 *    front of an active VC bids in its arrival cycle).  Zero-load latency
 *    is unchanged.
 *  - Channel latency L: the channel's own latency attribute when set, else
 *    max(1, ceil(length_mm / mm_per_cycle)) when its length is known (stored
 *    or from node positions, noc_topo_channel_length), else 1 cycle.
 *  - Dropping flow control (flow = drop): no VCs or credits (one queue per
 *    input); at its switch-allocation cycle a head whose output is held by
 *    another packet, or that loses the output arbitration, is dropped with
 *    the rest of its packet.  With `resend` the source queues a copy again
 *    (latency still counted from the first creation) after as many cycles as
 *    the head had travelled (the negative acknowledgement's return trip).
 *  - Deflection (flow = deflect; BLESS, Moscibroda & Mutlu 2009): no VCs,
 *    buffers or credits; single-flit packets.  A flit arriving at a router
 *    in cycle a leaves in cycle a + D - 1; each cycle a router ranks its
 *    leaving flits oldest first (creation cycle, packet id) and gives each
 *    its ejection channel (at its destination router, when free), else the
 *    first free router-router output that lowers the BFS hop distance to
 *    its destination router, else the first free one (a deflection).  A
 *    flit arriving on an injection channel waits at the router until an
 *    output is free after the transit flits (one per terminal per cycle).
 *    Needs every router to have as many router-router outputs as inputs
 *    and at most 1024 routers.  The routing option is not used (zero-load
 *    latency: the first productive output at every router).
 *  - Traffic: the rows of a traffic matrix (traffic.h) are relative to an
 *    injection rate of 1 per terminal; at offered rate r terminal s offers
 *    r * row_sum(s) flits per cycle and picks each packet's destination from
 *    its row (uniform component and sparse entries by weight).  Injection:
 *    bernoulli (a packet per cycle with probability r_s / mean length),
 *    poisson (exponential gaps between packet creations, several may be
 *    created in one cycle), onoff (a two-state Markov source: ON creates a
 *    packet with probability 1 / mean length per cycle, ON periods last
 *    `burst` packets on average, OFF periods are set for the mean rate r_s).
 *    A source keeps its packets in an unbounded FIFO and starts the next
 *    one on the first injection VC, in round robin from the one after its
 *    last, that no packet holds and that has a credit (virtual cut-through:
 *    room for the whole packet); when none does it waits, as BookSim2's
 *    terminal does (a full VC is skipped, not waited on).
 *    Packet lengths: fixed, or bimodal (short with probability pshort).
 *  - Measurement: `warmup` cycles, then batches of `batch` cycles until the
 *    accepted throughput and the mean latency both change by at most
 *    `tolerance` (relative) from one batch to the next (at least 3 batches)
 *    or `cycles` measured cycles.  Packets created in the window are
 *    measured; the simulation then drains (sources keep injecting) until
 *    every measured packet is delivered (or dropped, without resend), for
 *    at most max(window, 2000) cycles.  latency = tail arrival - creation
 *    (source queueing included); p99 = nearest rank over the measured
 *    packets.  accepted = flits delivered per cycle in the window divided by
 *    the sum of the traffic's row sums (for uniform traffic: flits per
 *    terminal per cycle, the unit of `offered`).  A point is stable (the
 *    network sustains the load) when every measured packet drained and the
 *    backlog -- flits created and neither delivered nor (dropping without
 *    resend) dropped, source queues included -- did not grow: its
 *    least-squares slope over every cycle of the window, times the window's
 *    length, is at most 0.5% of the flits created in the window plus one
 *    packet per terminal (a load a fraction e above the saturation
 *    throughput grows it by e of the created flits), and the offered rate
 *    is at most eval's channel-load bound under the routing in use
 *    (eval.h: throughput; not applied to dropping, deflection and adaptive
 *    routing, whose paths are not eval's): above it some channel would
 *    carry more than a flit per cycle, whatever a finite window shows;
 *    `converged` tells whether the estimate met the tolerance before the
 *    cycle limit.  A run whose backlog exceeds 10% plus 4 packets per
 *    terminal after 3 batches stops early (saturated, not drained).
 *  - Deadlock: when flits wait in the network and none has moved (switch
 *    grant, injection or ejection) for `deadlock_cycles` cycles (plus the
 *    longest link latency, credit delay and router delay), the run stops
 *    with NOC_EINFEASIBLE ("deadlock ...").
 *  - Adaptive routing (opts.adaptive with westfirst/oddeven; duato always):
 *    no source path; a head's output is chosen at VC allocation in every
 *    router among the model's next hops (noc_routing_next): the channel
 *    with the most credits summed over the VCs it may use that has a free
 *    VC, then its VC with the most credits; ties to the earlier hop (x
 *    before y).  duato: VCs 1..V-1 adaptive, VC 0 of the dor hop the escape
 *    channel when no adaptive VC is free; once on escape a packet stays on
 *    it.  The zero-load latency is that of the path taken at zero load
 *    (equal credits everywhere: the first next hop at every router).
 *  - Recovery (opts.recover = T > 0): a packet in the network none of whose
 *    flits moved for T cycles (checked every ceil(T/8) cycles; never once
 *    its head left on the ejection channel) is aborted: its flits leave the
 *    buffers (credits return at once) and links, the VCs it held are
 *    released, its source stops sending it, and a copy is queued at the
 *    source after a back-off uniform in 1..T cycles.  Aborted flits count
 *    as dropped in the flit conservation.
 *  - Determinism: every load point seeds its own generator from (seed,
 *    offered rate), so a point gives the same result alone (--rate) or in a
 *    sweep, whatever the number of threads.
 */
#ifndef NOCSYN_SIM_H
#define NOCSYN_SIM_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;
struct noc_traffic;

enum noc_sim_flow { NOC_SIM_WORMHOLE = 0, NOC_SIM_VCT, NOC_SIM_DROP, NOC_SIM_DEFLECT };
enum noc_sim_inject { NOC_SIM_BERNOULLI = 0, NOC_SIM_POISSON, NOC_SIM_ONOFF };

struct noc_sim_opts {
    int routing;          /* enum noc_routing_model, or -1: the first of
                           * table (when the stored routes cover every pair
                           * with traffic), dor, desttag, updown that
                           * applies to the topology */
    int vcs;              /* VCs per channel, 1..64 (default 4) */
    int buf;              /* flits per VC buffer, >= 1 (default 8) */
    int pkt_short;        /* packet length in flits (default 1) */
    int pkt_long;         /* == pkt_short for fixed lengths */
    double pkt_pshort;    /* fraction of short packets, [0, 1] (default 1) */
    int inject;           /* enum noc_sim_inject (default bernoulli) */
    double burst;         /* onoff: mean packets per ON period (default 8) */
    int flow;             /* enum noc_sim_flow (default wormhole) */
    int resend;           /* drop: resend dropped packets */
    int router_delay;     /* D >= 1 (default 3) */
    int credit_delay;     /* >= 0 (default 2) */
    int booksim_loop;     /* 1: BookSim2's credit loop (Pipeline above; default
                           * 0); wormhole or vct with router_delay >= 2 */
    int booksim_alloc;    /* 1: BookSim2's switch allocator input stage (a
                           * round robin over output ports; Allocation
                           * above; default 0: over VCs, as the generated
                           * RTL); wormhole or vct */
    double mm_per_cycle;  /* wire mm per cycle of link latency (default 0 =
                           * auto: 1e6 / (freq_mhz x wire_ps_mm) of the tech
                           * defaults at the topology's clock, else 2) */
    long warmup;          /* >= 0 (default 2000) */
    long cycles;          /* most measured cycles, >= 1 (default 20000) */
    long batch;           /* convergence batch (default 1000; capped at cycles) */
    double tolerance;     /* convergence tolerance (default 0.01) */
    long deadlock_cycles; /* >= 1 (default 2000) */
    uint64_t seed;        /* default 1 */
    int threads;          /* sweep workers, 0 = every core (default 0) */
    int channels;         /* record per-channel utilisation */
    int adaptive;         /* per-hop adaptive routing (westfirst, oddeven;
                           * duato always) */
    long recover;         /* abort-and-retry after this many cycles without
                           * progress, 0 = off (default) */
};

/* Sets the defaults above.  O(1). */
void noc_sim_opts_init(struct noc_sim_opts *o);

/* The default offered-load grid of every load sweep (sim --sweep, compare
 * --simulate, a campaign's sim-loads): A:B:STEP = 0.05:1:0.05 (fractions
 * of a flit per cycle), and the measured cycles per load point of compare
 * and a campaign.  Plain literals, so a help text prints them with
 * NOC_UNITS_STR() (units.h). */
#define NOC_SIM_SWEEP_FROM 0.05
#define NOC_SIM_SWEEP_TO 1
#define NOC_SIM_SWEEP_STEP 0.05
#define NOC_SIM_SWEEP_CYCLES 10000

/* Per-flow results (sparse traffic entries, e.g. app flows). */
struct noc_sim_flowstat {
    int src, dst;        /* terminal indices */
    double offered;      /* flits per cycle offered by this flow */
    double accepted;     /* flits per cycle delivered in the window */
    double latency_avg;  /* over its measured packets; NAN when none */
    long packets;        /* measured packets delivered */
};

/* One load point.  Init/free pair (noc_sim_point_init / _free). */
struct noc_sim_point {
    double offered, accepted;   /* see the model above */
    double latency_avg, latency_p99; /* NAN when no packet was measured */
    int stable;                 /* sustained: drained, no backlog growth */
    int converged, drained;
    long packets;               /* measured packets delivered */
    long measured_cycles;       /* length of the measurement window */
    long long cycles_run;       /* warm-up + window + drain */
    double drop_rate;           /* drop: dropped / injected packets (heads) */
    /* Flit conservation over the whole run: injected = ejected + inflight
     * + dropped (in flight = in buffers or on links at the end). */
    long long flits_injected, flits_ejected, flits_inflight, flits_dropped;
    int nch;
    double *util;               /* flits per cycle on each channel in the
                                 * window (opts.channels), else NULL; owned */
    int nflows;
    struct noc_sim_flowstat *flows; /* one per sparse traffic entry; owned */
    /* Adaptive routing (reported then): router-to-router hops of the
     * packets delivered in the run, on average, and how many of them took
     * more hops than the shortest path (-1: not checked, R > 1024). */
    double hops_avg;
    long long nonminimal;
    /* Recovery (reported then): packets aborted and retried. */
    long long aborted;
    long long deflections;    /* deflect: flits sent on a non-productive channel */
    long long flits_created;  /* flits of the packets created (first sends) */
    long long flits_queued;   /* at the end: in source queues and waiting to be retried */
};
void noc_sim_point_init(struct noc_sim_point *p);
void noc_sim_point_free(struct noc_sim_point *p);

/* A sweep or a single run.  Init/free pair. */
struct noc_sim_result {
    int npoints;
    struct noc_sim_point *points;   /* by increasing offered; owned */
    double saturation;        /* the largest offered load found stable by the
                               * saturation search, NAN when not searched */
    int saturation_found;     /* 1: an unstable load bounds it from above */
    double zero_load_latency; /* cycles (see the model) */
    int zero_load_exact;      /* 0: estimated from 20000 sampled paths
                               * (ecmp, or no path table), or the credit
                               * wait of packets longer than a buffer left
                               * out (adaptive routing, or over 2e8
                               * flit-hop steps) */
};
void noc_sim_result_init(struct noc_sim_result *r);
void noc_sim_result_free(struct noc_sim_result *r);

/* A prepared simulator: the network, routing, path table and traffic
 * sampling, shared read-only by every load point.  t and tr must outlive
 * it.  Init/free pair. */
struct noc_sim {
    const struct noc_topo *t;
    const struct noc_traffic *tr;
    struct noc_sim_opts o;
    int routing;       /* the model in use (enum noc_routing_model) */
    int classes;       /* VC classes (2: dateline) */
    int adaptive;      /* 1: routed hop by hop (--adaptive, duato) */
    void *priv;        /* internal state, owned */
};

/* Validates the options and prepares the simulator for topology t
 * (finalized) and traffic tr (finalized, tr->n == terminals).  Errors:
 * NOC_EINVAL (an option out of range -- zero buffers or cycles, a VCT
 * buffer shorter than the longest packet, traffic size mismatch, a
 * topology without terminals), NOC_EUNSUP (the routing does not apply to
 * t, or gives no paths: ideal, optimal), NOC_EINFEASIBLE (a pair with
 * traffic has no path), NOC_ENOMEM.  On failure s holds nothing.  Cost:
 * routing init plus, for deterministic models, the paths of every pair
 * with traffic (kept in a table of at most 16M channel entries; beyond, and
 * for ecmp, paths are drawn per packet). */
int noc_sim_init(struct noc_sim *s, const struct noc_topo *t, const struct noc_traffic *tr,
                 const struct noc_sim_opts *o, struct noc_ctx *ctx);
void noc_sim_free(struct noc_sim *s);

/* Simulates one load point at offered rate `rate` (0 < rate <= 1) into p
 * (initialised; a previous result is released).  Safe to call from several
 * threads on one s.  Errors: NOC_EINVAL (rate), NOC_EINFEASIBLE (deadlock
 * detected: the message names the cycle and the waiting flits),
 * NOC_ENOMEM.  Cost O(cycles * (active routers * ports * V + flits moved)). */
int noc_sim_run(const struct noc_sim *s, double rate, struct noc_sim_point *p,
                struct noc_ctx *ctx);

/* The zero-load latency (cycles) averaged over the traffic and the packet
 * lengths (the model above, credit waits of packets longer than a buffer
 * included), exact from the path table, else estimated from 20000 paths
 * drawn with a fixed seed.  *exact (may be NULL) tells which; it is 0 too
 * when the credit wait is left out (adaptive routing, or a recurrence over
 * more than 2e8 flit-hop steps).  Cost O(paths x hops), times the packet
 * length when a packet is longer than a buffer. */
int noc_sim_zero_load(const struct noc_sim *s, double *latency, int *exact, struct noc_ctx *ctx);

/* One point (rate) as a result: points[0], zero-load latency, no
 * saturation search (saturation NAN).  res initialised by the caller. */
int noc_sim_single(const struct noc_sim *s, double rate, struct noc_sim_result *res,
                   struct noc_ctx *ctx);

/* Sweeps the offered load a, a + step, ... <= b (0 < a <= b <= 1, step > 0,
 * at most 1000 points) in parallel on opts.threads workers, keeping the
 * points up to and including the first unstable one; then refines the
 * saturation between the last stable and the first unstable load by rounds
 * of 3 interior points (each round divides the interval by 4) down to
 * step / 16.  With no unstable point, saturation = the last offered load and
 * saturation_found = 0; when the first point is already unstable the search
 * runs between 0 and it.  Results do not depend on the number of threads.
 * Errors: as noc_sim_run (the first failing point in load order). */
int noc_sim_sweep(const struct noc_sim *s, double a, double b, double step,
                  struct noc_sim_result *res, struct noc_ctx *ctx);

/* Output.  `labels` (may be NULL) names terminals in the per-flow lists
 * (N entries; NULL = the terminals' node names).  JSON (docs/INTERFACE.md section 3.10):
 * {"topology", "traffic", "routing", "flow", "vcs", "buf", "packet",
 *  "points": [{"offered", "accepted", "latency_avg", "latency_p99",
 *  "stable", "converged", "packets", "cycles", "cycles_run", "drop_rate"?,
 *  "hops_avg"?, "nonminimal"? (adaptive routing, deflection),
 *  "deflections"? (deflect), "aborted"? (recover), "flits_created",
 *  "flits_injected", "flits_ejected", "flits_dropped", "flits_inflight",
 *  "flits_queued" (recover, deflect), "flows"?: [{"src", "dst",
 *  "offered", "accepted", "latency_avg", "packets"}], "channels"?: [{"from",
 *  "to", "utilization"}]}], "saturation", "saturation_found",
 *  "zero_load_latency"}; numbers to 6 significant digits, null for NAN.
 * Text: an aligned table.  NOC_ENOMEM on failure. */
int noc_sim_result_to_json(const struct noc_sim *s, const struct noc_sim_result *r,
                           const char *topo_name, const char *const *labels,
                           struct noc_buf *out, struct noc_ctx *ctx);
int noc_sim_result_to_text(const struct noc_sim *s, const struct noc_sim_result *r,
                           const char *topo_name, const char *const *labels,
                           struct noc_buf *out, struct noc_ctx *ctx);
/* A latency-load plot as SVG text: average latency (and p99, dashed) over
 * offered load, axes with ticks and labels, the zero-load latency and the
 * saturation as reference lines; unstable points hollow, latencies above
 * 8x the zero-load latency clipped to the top edge.  NOC_ENOMEM. */
int noc_sim_plot_svg(const struct noc_sim *s, const struct noc_sim_result *r, const char *title,
                     struct noc_buf *out, struct noc_ctx *ctx);

/* Names for options (static tables): parse returns 0 and sets *v, or -1. */
int noc_sim_flow_parse(const char *name, int *v);
const char *noc_sim_flow_name(int v);
int noc_sim_inject_parse(const char *name, int *v);
const char *noc_sim_inject_name(int v);

/* The injection rate at which app traffic tr (noc_traffic_from_app) runs at
 * the app's own bandwidths on t: tr->unit_mbps / capacity, the capacity
 * being capacity_mbps when > 0, else noc_link_mbps (units.h) of t's
 * link_width and freq_mhz when both are set.  *rate = 0 when either is
 * unknown (no MB/s scale, no capacity): the caller keeps its own rate.
 * NOC_EINFEASIBLE (message with both figures) when the busiest core
 * injects more than the capacity.  O(1). */
int noc_sim_app_rate(const struct noc_topo *t, const struct noc_traffic *tr, double capacity_mbps, double *rate,
                     struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
