/* nocsyn calc: the textbook calculators -- an optional part of the
 * library, outside the synthesis pipeline (parse -> generate or synthesize
 * -> route -> evaluate -> emit), which never calls it.  Four closed-form
 * models, each behind one CLI command:
 *
 *   latency   analytical latency of switching, dropping flow control,
 *             message and packet models (`nocsyn latency`)
 *   min       multistage networks of 2x2 switches: permutation passability,
 *             settings, shifts (`nocsyn min`)
 *   dyn       dynamic networks: crossbar, switch modules, k x k Omega,
 *             broadcast, Clos, bus (`nocsyn dynamic`)
 *   pkg       the butterfly design example end to end, from its
 *             specification (`nocsyn design`)
 *
 * `make CALC=0` builds the library and the binary without them (the four
 * commands then report that they were left out).  Sources: src/calc/
 * (latency_*.c, min*.c, dyn_*.c, pkg_*.c).  Depends on core, perm and
 * route's bignum only.
 */
#ifndef NOCSYN_CALC_H
#define NOCSYN_CALC_H

#include "nocsyn/core.h"
#include "nocsyn/route.h" /* struct noc_bignum */

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================
 * calc: latency
 * ====================================================================== */

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

/* ======================================================================
 * calc: min
 * ====================================================================== */

/* nocsyn min: multistage interconnection networks of 2x2 switches on
 * N = 2^n lines (docs/INTERFACE.md section 3.8): one-pass passability of a permutation,
 * switch settings, first conflict, greedy pass count, the permutation
 * realised by a control, and the shifts realisable under partial stage
 * control.
 *
 * Model.  Every network has n stages of N/2 switches.  A line is named by
 * its position p (n bits) between stages.  Before stage s the positions are
 * permuted by the network's wiring W_s; switch j of stage s joins the two
 * positions that differ only in bit b_s (j = p with bit b_s deleted, so
 * switches are numbered by their lines in increasing order); its input port
 * and output port are bit b_s of the position (0 = upper).  "straight"
 * keeps the port, "exchange" swaps it.  The output line is the position
 * after the last stage.  Destination-tag routing sets the output port of
 * stage s to bit t_s of the destination; every network here is a banyan
 * (one path per input/output pair).
 *
 *   omega      Lawrie, "Access and alignment of data in an array processor",
 *              IEEE Trans. Computers C-24(12), 1975: a perfect shuffle before
 *              each stage.  W_s = shuffle, b_s = 0, t_s = n-1-s.
 *   cube       the multistage cube / STARAN flip network (Batcher 1976;
 *              Siegel 1990 ch. 3) with the stages ordered from the inputs
 *              Cube_0, Cube_1, ..., Cube_(n-1): stage s pairs the lines that
 *              differ in bit s (the order of `nocsyn gen cube n`).
 *              W_s = identity, b_s = s, t_s = s.  (Siegel's generalized cube
 *              uses the reverse order Cube_(n-1) first.)
 *   butterfly  the 2-ary n-fly of Dally & Towles, "Principles and Practices
 *              of Interconnection Networks", 2004, sec. 4.1: input x enters
 *              port x_0 of first-stage switch x>>1; between stage s-1 and s
 *              (s >= 1) the channel whose address is p is wired to address
 *              p with bits 0 and n-s exchanged (W_0 = identity, W_s =
 *              butterfly-sub:(n-s+1)); b_s = 0, t_s = n-1-s; output x leaves
 *              last-stage switch x>>1.  With every switch straight it
 *              realises x -> (x_0 x_{n-1} ... x_1), not the identity.
 *
 * Stage control (--control): bit i of the control drives the stage that
 * decides address bit i (t_s = i), called Cube_i: cube stage i, omega and
 * butterfly stage n-1-i.  Setting it to exchange complements bit i of the
 * output, so the control realises x -> S(x) XOR c with S the all-straight
 * permutation (identity for omega and cube).
 */

#define NOC_MIN_MAXN 16 /* at most 2^16 lines */

enum noc_min_kind { NOC_MIN_OMEGA = 0, NOC_MIN_CUBE, NOC_MIN_BUTTERFLY };

/* A network: plain value, nothing to release. */
struct noc_min {
    int kind;  /* enum noc_min_kind */
    int n;     /* stages = address bits, 1..NOC_MIN_MAXN */
    int N;     /* lines, 2^n */
};

/* Sets m for network `name` ("omega", "cube", "butterfly") with n stages.
 * NOC_EINVAL for an unknown name or n outside 1..NOC_MIN_MAXN. */
int noc_min_init(struct noc_min *m, const char *name, int n, struct noc_ctx *ctx);
/* The network's name. */
const char *noc_min_name(const struct noc_min *m);
/* The Cube_i index of stage s (the destination bit it decides). */
int noc_min_stage_cube(const struct noc_min *m, int s);

/* The first conflict of a permutation: at `stage`, switch `sw`, inputs
 * a < b (a and b are the two smallest inputs) both need output `port`. */
struct noc_min_conflict {
    int stage, sw, port, a, b;
};

/* Result of noc_min_route.  Release with noc_min_result_free. */
struct noc_min_result {
    int passes;          /* 1 when the permutation passes in one pass */
    int passes_needed;   /* greedy pass count (1 when passes) */
    struct noc_min_conflict conflict; /* valid when !passes */
    /* When passes: n * N/2 settings, stage-major (settings[s * N/2 + j]),
     * 0 = straight, 1 = exchange; NULL otherwise. */
    unsigned char *settings;
};
void noc_min_result_free(struct noc_min_result *r);

/* The output line after each stage of the unique path from input x to
 * output d: pos[s] for s = 0..n-1 (pos[n-1] == d). */
void noc_min_path(const struct noc_min *m, int x, int d, int *pos);

/* Routes the permutation perm (input x to output perm[x]) through m:
 * whether it passes without conflict (a conflict = two paths needing the
 * same switch output), the settings or the first conflict (lowest stage,
 * then lowest switch, then port), and the number of passes a greedy
 * scheduler needs (each pass routes, in input order, every remaining input
 * whose path is free in that pass).  res must be uninitialised; the caller
 * frees it on success.  NOC_EINVAL when perm is not a bijection.
 * O(n N * passes). */
int noc_min_route(const struct noc_min *m, const int *perm, struct noc_min_result *res,
                  struct noc_ctx *ctx);

/* The permutation realised by per-switch settings (n * N/2, stage-major):
 * perm[x] = output line of input x.  O(n N). */
void noc_min_apply(const struct noc_min *m, const unsigned char *settings, int *perm);

/* Stage control: bits is a string of n characters '0'/'1'; bits[i] drives
 * Cube_i (see above).  Fills perm (N ints).  NOC_EINVAL for a malformed
 * string; NOC_ENOMEM.  O(n N). */
int noc_min_stage_control(const struct noc_min *m, const char *bits, int *perm,
                          struct noc_ctx *ctx);

/* Control models for noc_min_shifts. */
enum noc_min_control {
    NOC_MIN_CTL_STAGE = 0,   /* one signal per stage */
    NOC_MIN_CTL_PARTIAL,     /* partial stage control: i+1 signals at stage i */
    NOC_MIN_CTL_INDIVIDUAL   /* one signal per switch */
};

/* Number of control signals (switch groups) of stage s under `control`. */
int noc_min_control_groups(const struct noc_min *m, int control, int s);

/* For every D in 0..N-1, ok[D] = 1 when the shift x -> x + D mod N passes
 * m in one pass with settings that respect `control` (all switches of one
 * group of a stage set alike).  Only the cube network defines partial stage
 * control (NOC_EUNSUP for the others); stage and individual control apply
 * to every network.  ok has N entries.  NOC_ELIMIT for n > 10.  O(N * n N). */
int noc_min_shifts(const struct noc_min *m, int control, unsigned char *ok, struct noc_ctx *ctx);

/* Shifts within groups of 2^j lines (STARAN's shifts mod 2^j): as
 * noc_min_shifts for x -> (x with its low j bits replaced by x + D mod 2^j),
 * D = 0 .. 2^j - 1; ok has 2^j entries.  j = n is noc_min_shifts.
 * NOC_EINVAL for j outside 1..n, otherwise errors as noc_min_shifts.
 * O(2^j * n N). */
int noc_min_shifts_mod(const struct noc_min *m, int control, int j, unsigned char *ok,
                       struct noc_ctx *ctx);

/* The shift by d mod 2^j within groups of 2^j of N lines: perm (N ints). */
void noc_min_shift_mod_perm(int N, int j, int d, int *perm);

/* ======================================================================
 * calc: dyn
 * ====================================================================== */

/* nocsyn dyn: dynamic (switched) networks -- crossbar and switch-module
 * counts, Omega networks of k x k switches with destination-tag routing,
 * broadcast through an Omega network of 4-function 2x2 switches, Clos
 * networks and their non-blocking conditions, and the shared bus.
 *
 * Counts (Hwang, "Advanced Computer Architecture", 1993, sec. 2.4, the
 * switch-module table).  An a x b module (a inputs, b outputs) has a b
 * crosspoints; a legitimate state connects every output to one input
 * (broadcast allowed), a^b states; a one-to-one state (a permutation when
 * a = b) uses distinct inputs, max(a,b)! / (max(a,b) - min(a,b))! of them.
 * So 2x2: 4 states, 2 permutations; 4x4: 256 and 24; 8x8: 16,777,216 and
 * 40,320; n x n: n^n and n!.  An n x n crossbar is one such module: n^2
 * crosspoints, n! permutations.
 *
 * Omega of k x k switches (Lawrie 1975): N = k^n lines, n stages of N/k
 * switches, each stage preceded by the k-way shuffle sigma(p) = (k p +
 * floor(p / (N/k))) mod N (`nocsyn perm qshuffle:k`); switch j of a stage
 * takes positions j k .. j k + k - 1, its input port is p mod k; stage s
 * sends the message to output port d_{n-1-s}, the (n-1-s)-th base-k digit
 * of the destination (most significant first); the position after the
 * stage is j k + port.  k = 2 is the network of `nocsyn min omega`.
 *
 * Broadcast (Hwang sec. 2.4: 2x2 switches with four functions straight,
 * exchange, upper broadcast, lower broadcast): one source sends to a set of
 * destinations through the 2x2 Omega network; a copy at a switch is sent
 * to the outputs whose subtree holds a destination, both outputs when both
 * do (a broadcast function), so the copies form a tree.
 *
 * Clos C(m, n, r) (Clos 1953; Dally & Towles sec. 6.3): r ingress switches
 * n x m, m middle switches r x r, r egress switches m x n; N = n r.
 * Strictly non-blocking iff m >= 2n - 1 (for r >= 2; with a single
 * ingress and egress switch, r = 1, every other connection busies the same
 * middle switch at both ends and m >= n suffices -- found by the
 * exhaustive check below); rearrangeably non-blocking iff m >= n
 * (Slepian-Duguid / Benes).
 *
 * Bus: N terminals on one shared medium of bandwidth W: one transfer at a
 * time, so the aggregate bandwidth is W however large N is, each terminal
 * gets W / N when all send (uniform traffic), and the bisection bandwidth
 * is W as well; 1 hop between any two terminals.
 */

#define NOC_DYN_MAXPORTS 4096 /* module / crossbar size limit */

/* Exact counts of an a x b switch module (a, b in 1..NOC_DYN_MAXPORTS):
 * states = a^b, one_to_one = max!/(max-min)!; crosspoints a b.  states
 * and one_to_one must be initialised bignums (noc_bignum_init; the caller
 * frees them).  NOC_EINVAL out of range, NOC_ENOMEM.  O(b log a) limbs
 * operations, O(min) for the permutations. */
int noc_dyn_module_counts(int a, int b, struct noc_bignum *states, struct noc_bignum *one_to_one,
                          long *crosspoints, struct noc_ctx *ctx);

#define NOC_DYN_OMEGA_MAXN 4096 /* lines */

/* The first conflict of a permutation in an Omega network: at `stage`,
 * switch `sw`, inputs a < b both need output `port`. */
struct noc_dyn_conflict {
    int stage, sw, port, a, b;
};

/* Result of noc_dyn_omega_route.  Release with noc_dyn_omega_free. */
struct noc_dyn_omega_result {
    int k, n, N;
    int passes;          /* 1: one pass without conflict */
    int passes_needed;   /* greedy passes (inputs in order) */
    struct noc_dyn_conflict conflict; /* valid when !passes */
    int *pos;            /* n x N: pos[s N + x] = line of input x after stage s; owned */
};
void noc_dyn_omega_free(struct noc_dyn_omega_result *r);

/* Routes perm (input x to output perm[x], a bijection of 0..N-1, N = k^n)
 * through the Omega network of k x k switches.  r uninitialised; freed by
 * the caller on success.  NOC_EINVAL: k < 2, N not k^n or above
 * NOC_DYN_OMEGA_MAXN, perm not a bijection.  O(n N passes). */
int noc_dyn_omega_route(int k, int n, const int *perm, struct noc_dyn_omega_result *r,
                        struct noc_ctx *ctx);

/* Functions of a 4-function 2x2 switch. */
enum noc_dyn_func {
    NOC_DYN_UNUSED = 0, NOC_DYN_STRAIGHT, NOC_DYN_EXCHANGE, NOC_DYN_UPPER_BCAST, NOC_DYN_LOWER_BCAST
};
/* The name of a function ("straight", "exchange", "upper broadcast", ...). */
const char *noc_dyn_func_name(int f);

/* Broadcast from input src to the outputs with dest[d] != 0 through the
 * 2x2 Omega network of n stages (N = 2^n).  func (n x N/2, stage-major)
 * receives every switch's function; *switches the switches used.  The
 * input port of a used switch is the one the copy arrives on; a copy that
 * goes to both outputs uses the broadcast function of that port.
 * NOC_EINVAL for n outside 1..12, src out of range or no destination.
 * O(n N). */
int noc_dyn_omega_broadcast(int n, int src, const unsigned char *dest, unsigned char *func,
                            int *switches, struct noc_ctx *ctx);

/* Clos C(m, n, r). */
struct noc_dyn_clos {
    int m, n, r;
    int strict;         /* m >= 2n - 1, or r = 1 and m >= n */
    int rearrangeable;  /* m >= n */
};
/* Fills c from the conditions.  NOC_EINVAL for a size < 1. */
int noc_dyn_clos_init(struct noc_dyn_clos *c, int m, int n, int r, struct noc_ctx *ctx);

/* Routes the permutation perm (input x, on ingress switch x / n, to output
 * perm[x], on egress switch perm[x] / n) through c: middle[x] receives the
 * middle switch of each connection, no middle switch used twice by one
 * ingress or egress switch.  Method: the ingress-egress multigraph is
 * n-regular and bipartite, so it splits into n perfect matchings (Konig),
 * each found by augmenting paths and given its own middle switch.
 * NOC_EINFEASIBLE when m < n (an ingress switch needs n distinct middles),
 * NOC_EINVAL for a non-permutation.  O(n r^3). */
int noc_dyn_clos_route(const struct noc_dyn_clos *c, const int *perm, int *middle,
                       struct noc_ctx *ctx);

#define NOC_DYN_BRUTE_MAXN 8 /* terminals for the exhaustive checks */

/* Exhaustive checks on a small Clos network (n r <= NOC_DYN_BRUTE_MAXN,
 * m <= 2n + 1), independent of the conditions above.
 * rearrangeable: every one of the N! permutations has a middle-switch
 * assignment (backtracking search over assignments).
 * strict: no reachable state blocks a request -- by symmetry (ingress,
 * egress and middle switches and the ports of a switch are each
 * interchangeable) it suffices that input 0 can always reach output 0: the
 * search enumerates every legal set of connections from the other inputs
 * of ingress switch 0 and to the other outputs of egress switch 0 (other
 * connections only add constraints elsewhere) with every middle-switch
 * choice, and reports blocking when one leaves no middle switch free at
 * both ingress 0 and egress 0 (the search stops early once a state busies
 * 2n-2 middles, the most n-1 other inputs and n-1 other outputs can).
 * *witness_busy gets the largest number of middle switches such a state
 * made busy for the request.
 * NOC_ELIMIT above the sizes, NOC_ENOMEM. */
int noc_dyn_clos_brute(const struct noc_dyn_clos *c, int *strict, int *rearrangeable,
                       int *witness_busy, struct noc_ctx *ctx);

/* ======================================================================
 * calc: pkg
 * ====================================================================== */

/* nocsyn pkg: the design of a butterfly network from its specification and
 * packaging constraints, end to end -- the worked example of Dally &
 * Towles, "Principles and Practices of Interconnection Networks", 2004,
 * ch. 2 ("A Simple Interconnection Network"): a 64-port network built of
 * router chips with a pin budget, packaged on boards joined by cables.
 *
 * Steps (each a closed form of the specification; `nocsyn design` prints
 * them all):
 *  1. Port bandwidth = peak bytes/s x 8; channel = data signals + control
 *     signals wide (w), carrying data x signalling rate; speedup = channel
 *     data bandwidth / port peak bandwidth (16 x 1 Gbit/s over 2 Gbit/s = 8).
 *  2. Radix from the pin budget: a router of radix k has k input and k
 *     output channels, 2 k w signals <= chip signals: k = floor(chip /
 *     (2 w)) (150 / 18 = 8 channels, radix 4).  Stages n = the least n
 *     with k^n >= ports (4^3 = 64); k^(n-1) routers per stage, n k^(n-1)
 *     router chips (48).
 *  3. Boards: routers of one stage, b per board, b the largest divisor of
 *     k^(n-1) with b x 2 k w <= board signals (4 x 144 = 576 <= 750);
 *     every channel of a board's routers leaves the board (routers of one
 *     stage are not connected).  Boards = n k^(n-1) / b.  Between stages
 *     s and s+1 the channel from output j of router r goes to the router
 *     whose index is r with base-k digit n-2-s replaced by j (destination-
 *     tag wiring, the digit resolved by stage s); channels between a pair
 *     of boards share cables of floor(cable signals / w) channels each
 *     (80 / 18 = 4), so cables = sum over board pairs of
 *     ceil(channels / 4).
 *  4. Routing header: the destination's n base-k digits, log2 k bits each
 *     (6 bits); each router reads the top digit as its output port and
 *     shifts the header left by log2 k bits for the next router.
 *  5. Phits: a phit is the channel's data signals (16 bits); a packet is
 *     ceil(header bits / data) header phits plus ceil(packet bits / data)
 *     payload phits (1 + 32 = 33), its serialization time phits / signal
 *     rate.
 *  6. Dropping flow control (latency.h): the channel load is average
 *     bandwidth / channel bandwidth (0.5 / 16 = 1/32), the drop probability
 *     P_D = 1 - p_n / p_0 of the k-ary n-fly, and the number of
 *     transmissions geometric with its 99th percentile.
 */

/* The specification (inputs).  noc_pkg_spec_default sets the example's. */
struct noc_pkg_spec {
    int ports;             /* terminals (inputs = outputs) */
    double peak_gbytes;    /* peak bandwidth per port, Gbyte/s */
    double avg_gbytes;     /* average bandwidth per port, Gbyte/s */
    int packet_bytes;      /* payload per packet */
    double signal_gbps;    /* signalling rate per signal, Gbit/s */
    int chip_signals;      /* signals per router chip */
    int board_signals;     /* signals through a board's connectors */
    int cable_signals;     /* signals per cable */
    int data_signals;      /* data signals per channel (the phit width) */
    int control_signals;   /* control signals per channel */
    int header_bits;       /* 0: the destination address only (n log2 k) */
};
void noc_pkg_spec_default(struct noc_pkg_spec *s);

/* The design (outputs), a plain value. */
struct noc_pkg_design {
    double port_gbps, channel_gbps, speedup;
    int width;                 /* w = data + control signals */
    int channels_per_chip;     /* floor(chip / w) */
    int k, n;                  /* radix, stages */
    int routers_per_stage, routers;
    int routers_per_board, boards, board_signals_used;
    int channels_per_cable, interboard_channels, cables;
    int digit_bits;            /* log2 k (0 when k is not a power of two) */
    int address_bits;          /* n log2 k */
    int header_bits, header_phits, payload_phits, phits;
    double serialization_ns;
    double channel_load;       /* avg / channel bandwidth */
    double p_drop;             /* 1 - p_n / p_0 */
    double mean_transmissions;
    long p99_transmissions;
};

/* Designs the butterfly for s.  NOC_EINVAL for a value out of range (named
 * in the message); NOC_EINFEASIBLE when the pin budget allows no radix
 * >= 2, a board cannot hold one router, a cable no channel, or the radix
 * is not a power of two (the header needs whole bits per digit).
 * O(n k^n). */
int noc_pkg_butterfly(const struct noc_pkg_spec *s, struct noc_pkg_design *d, struct noc_ctx *ctx);

/* The header of destination dest before stage s (0 <= s <= n): the
 * address shifted left by s digits (its low s log2 k bits zero), and the
 * port stage s reads (-1 for s = n).  O(n). */
unsigned long noc_pkg_header(const struct noc_pkg_design *d, int dest, int s, int *port);

#ifdef __cplusplus
}
#endif

#endif
