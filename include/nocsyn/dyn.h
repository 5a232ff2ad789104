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
#ifndef NOCSYN_DYN_H
#define NOCSYN_DYN_H

#include "nocsyn/core.h"
#include "nocsyn/route.h" /* struct noc_bignum */

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
