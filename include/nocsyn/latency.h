/* nocsyn latency: analytical models (docs/INTERFACE.md section 3.9).
 *
 * 1. Zero-load latency of the switching techniques, after Duato,
 *    Yalamanchili and Ni, "Interconnection Networks: An Engineering
 *    Approach", 2003, ch. 2 (message switching layer), with the phit time
 *    t_s + t_w of a channel equal to one cycle and a channel moving B bits
 *    per cycle.  Units: L, LH, LF in bits; B in bits per cycle; D hops =
 *    channels crossed, each after a routing decision of t_r cycles; results
 *    in cycles.  The message is a header of LH bits followed by a payload of
 *    L bits; a wormhole flit is LF bits and the first flit carries the header.
 *      circuit switching   D (t_r + 2 ceil(LH/B)) + ceil(L/B)
 *                          (a probe of LH bits sets the path up hop by hop
 *                          and an acknowledgement of LH bits returns, then
 *                          the payload streams: DYN eq. t_setup + t_data)
 *      store-and-forward   D (t_r + ceil((L+LH)/B))
 *      virtual cut-through D (t_r + ceil(LH/B)) + ceil(L/B)
 *      wormhole            D (t_r + ceil(F/B)) + ceil((L+LH-F)/B),
 *                          F = min(LF, L+LH) (the first flit is buffered
 *                          whole at every router)
 *    With LF = LH = B (one-phit header and flit) cut-through and wormhole
 *    coincide, D (t_r + 1) + ceil(L/B), as in DYN.
 *    Link delay: a wire of t_w cycles per hop (a long or pipelined link)
 *    adds D t_w to every formula (t_r becomes t_r + t_w; circuit switching
 *    crosses each link three times: probe, acknowledgement, data).
 *
 * 2. A k-ary n-fly with dropping flow control under uniform traffic (Dally &
 *    Towles, "Principles and Practices of Interconnection Networks", 2004,
 *    sec. 12.2, the dropping analysis of the butterfly; the recurrence is
 *    Patel's, "Performance of processor-memory interconnections for
 *    multiprocessors", IEEE Trans. Computers C-30(10), 1981): with p_0 the load
 *    offered on each input channel (fraction of capacity), the load on the
 *    channels leaving stage i+1 is p_{i+1} = 1 - (1 - p_i/k)^k (one of k
 *    inputs, each busy with p_i, picks a given output with 1/k); the
 *    accepted throughput is p_n.  With resending, dropped packets are sent
 *    again: at a new-traffic rate lambda the inputs carry p_0 with
 *    p_n(p_0) = lambda (solved by bisection, p_n is increasing in p_0); the
 *    saturation throughput is p_n(1).  A transmission succeeds with
 *    probability p_n/p_0, so a packet needs p_0/lambda transmissions on
 *    average (geometric); counting one zero-load latency T0 per
 *    transmission (a drop is learnt after one traversal), the average
 *    latency is (p_0/lambda) T0.  Queueing at the source is not modelled.
 */
#ifndef NOCSYN_LATENCY_H
#define NOCSYN_LATENCY_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_switching_params {
    double bits;    /* L: payload bits, > 0 */
    double header;  /* LH: header bits, > 0 */
    double flit;    /* LF: flit bits, > 0 */
    double bw;      /* B: bits per cycle per channel, > 0 */
    double router;  /* t_r: routing delay per hop in cycles, >= 0 */
    long hops;      /* D >= 1 */
    double link;    /* t_w: link (wire) delay per hop in cycles, >= 0 */
};

struct noc_switching_latency {
    double circuit, store_forward, cut_through, wormhole; /* cycles */
};

/* Evaluates the four formulas above.  NOC_EINVAL (naming the parameter)
 * for a value out of range or not finite, or when a result overflows.  O(1). */
int noc_latency_switching(const struct noc_switching_params *p, struct noc_switching_latency *out,
                          struct noc_ctx *ctx);

#define NOC_DROP_MAXN 64

struct noc_drop_result {
    int k, n;
    int resend;          /* 1 when computed with resending */
    double offered;      /* as given: p_0 without resend, lambda with */
    double injection;    /* p_0: load on the input channels (retries included) */
    double stage_rates[NOC_DROP_MAXN + 1]; /* p_0 .. p_n */
    double throughput;   /* accepted load p_n (= lambda with resend unless saturated) */
    double saturation;   /* p_n(1): the largest accepted load */
    int saturated;       /* resend and lambda > saturation */
    double transmissions;/* p_0 / p_n: mean transmissions per delivered packet */
    double latency;      /* transmissions, in units of zero-load latency */
};

/* p_n for injection load p0 in [0, 1].  O(n). */
double noc_drop_accepted(int k, int n, double p0);

/* The dropping k-ary n-fly (model above).  k >= 2, 1 <= n <= NOC_DROP_MAXN,
 * offered in [0, 1].  Without resend `offered` is p_0; with resend it is the
 * new-traffic rate lambda and p_0 solves p_n(p_0) = lambda (when lambda
 * exceeds the saturation throughput, `saturated` is set, p_0 = 1 and the
 * latency is infinite).  NOC_EINVAL for parameters out of range.  O(n * 200)
 * (bisection to double precision). */
int noc_latency_drop(int k, int n, double offered, int resend, struct noc_drop_result *r,
                     struct noc_ctx *ctx);

/* 3. A message's latency as the sum of its parts (Hennessy & Patterson,
 *    "Computer Architecture: A Quantitative Approach", the interconnection
 *    networks appendix):
 *      total = sender overhead + time of flight + transmission time
 *              + hops x switch delay + receiver overhead,
 *    transmission time = size / bandwidth; time of flight = the given
 *    flight time plus distance / (velocity x c).  Units: bits, Gbit/s
 *    (= bits per ns), ns, m; velocity a fraction of the speed of light. */
struct noc_message_params {
    double bits;         /* message size, > 0 */
    double bw_gbps;      /* link bandwidth, > 0 */
    double sender_ns, receiver_ns; /* overheads, >= 0 */
    double flight_ns;    /* time of flight given directly, >= 0 */
    double distance_m;   /* plus distance / (velocity c), >= 0 */
    double velocity;     /* fraction of c, (0, 1] when distance > 0 */
    long hops;           /* switches crossed, >= 0 */
    double router_ns;    /* delay per switch, >= 0 */
};

struct noc_message_latency {
    double sender, flight, transmission, switching, receiver, total; /* ns */
};

/* Evaluates the decomposition.  NOC_EINVAL naming the parameter out of
 * range or not finite.  O(1). */
int noc_latency_message(const struct noc_message_params *p, struct noc_message_latency *out,
                        struct noc_ctx *ctx);

/* 4. Head latency with link delay: hops x (router + link) cycles, e.g. a
 *    flattened butterfly's 2 hops x (5 + 4) = 18 cycles against a mesh's
 *    3 hops x (1 + 1) = 6.  NOC_EINVAL for negative values.  O(1). */
int noc_latency_head(long hops, double router, double link, double *head, struct noc_ctx *ctx);

/* 5. Latency distribution of dropping flow control: each transmission is
 *    dropped with probability P_D independently, so the number of
 *    transmissions T is geometric, P(T = i) = P_D^(i-1) (1 - P_D),
 *    mean 1 / (1 - P_D), and the q-quantile is the least i with
 *    1 - P_D^i >= q, i.e. ceil(log(1 - q) / log P_D) (Dally & Towles,
 *    "Principles and Practices of Interconnection Networks", ch. 2, the
 *    performance analysis of the dropping butterfly).  With one zero-load
 *    latency T0 per transmission the latency is T x T0. */
#define NOC_DROP_DIST_MAX 16

struct noc_drop_dist {
    double p_drop;
    double mean;                     /* transmissions */
    long quantile[3];                /* least i with P(T <= i) >= 0.5, 0.9, 0.99 */
    double prob[NOC_DROP_DIST_MAX];  /* P(T = i), i = 1 .. NOC_DROP_DIST_MAX */
};

/* Fills d for P_D in [0, 1) (NOC_EINVAL otherwise).  O(NOC_DROP_DIST_MAX). */
int noc_drop_distribution(double p_drop, struct noc_drop_dist *d, struct noc_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
