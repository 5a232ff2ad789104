/* nocsyn perm: interconnection functions on N addresses (docs/INTERFACE.md section 3.6)
 * and permutations in cycle notation.  The bit-level functions need
 * N = 2^n; identity, shift and qshuffle take any N.
 *
 * An address x has n bits x_{n-1} ... x_0 (bit 0 least significant).  The
 * functions, from a static registry (Siegel, "Interconnection Networks for
 * Large-Scale Parallel Processing", 2nd ed., 1990, ch. 2):
 *   identity            x
 *   cube:K              complement bit K                       (0 <= K < n)
 *   shuffle             rotate the n bits left by one  (x_{n-2}..x_0 x_{n-1})
 *   unshuffle           rotate the n bits right by one
 *   shuffle-sub:K       rotate the low K bits left by one       (1 <= K <= n)
 *   shuffle-super:K     rotate the high K bits left by one
 *   butterfly           swap bits n-1 and 0
 *   butterfly-sub:K     swap bits K-1 and 0 (highest/lowest of the low K bits)
 *   butterfly-super:K   swap bits n-1 and n-K (of the high K bits)
 *   bitrev              reverse the n bits
 *   bitrev-sub:K        reverse the low K bits
 *   bitrev-super:K      reverse the high K bits
 *   shift:D             x + D mod N (D any integer, negative allowed)
 *   pm2i:+I, pm2i:-I    x + 2^I, x - 2^I mod N                  (0 <= I < n)
 *   qshuffle:Q          the q-shuffle of N = Q r addresses (Q divides N, any
 *                       N): sigma_Qr(x) = (Q x + floor(x/r)) mod Q r -- deal
 *                       Q piles of r cards into one (Stone 1971; Lawrie
 *                       1975 for Omega networks of Q x Q switches).  Q = 2
 *                       on N = 2^n is the perfect shuffle.
 *   gshift:K            shift within groups of 2^K addresses (alpha_K):
 *                       the low K bits count up by one mod 2^K, the high
 *                       bits stay; gshift:2 on N = 8 is (0 1 2 3)(4 5 6 7).
 * Sub/super forms with K = n equal the full function; K = 1 is the identity
 * for shuffle, butterfly and bitrev.  A comma-separated list composes left
 * to right: "shuffle,cube:0" applies shuffle first, then cube:0.
 *
 * Cycle notation: "(a b c)" sends a to b, b to c and c to a.  The formatter
 * writes every cycle, fixed points included, each cycle starting at its
 * smallest element and cycles ordered by that element:
 * "(0)(1 2 4)(3 6 5)(7)".  The parser accepts fixed points written or
 * omitted, so formatter output always parses back to the same permutation.
 */
#ifndef NOCSYN_PERM_H
#define NOCSYN_PERM_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NOC_PERM_MAXBITS 30   /* N <= 2^30 for evaluating f(x) */
#define NOC_PERM_MAXTABLE 24  /* whole permutations only for N <= 2^24 */
#define NOC_PERM_MAXCOMP 32   /* functions in one composition */

struct noc_perm_step {
    int op;    /* registry index (internal) */
    long arg;  /* K, D (reduced mod N) or signed I */
};

/* A parsed interconnection function (plain value, nothing to release). */
struct noc_perm_fn {
    int n;     /* address bits, -1 when N is not a power of two */
    long N;    /* addresses (2^n when n >= 0) */
    int nsteps;
    struct noc_perm_step step[NOC_PERM_MAXCOMP];
};

/* Parses `spec` (one function or a comma-separated composition) for N
 * addresses.  Errors (NOC_EINVAL, message names the problem): N outside
 * 1..2^30, a bit-level function with N not a power of two, unknown
 * function, missing/extra/out-of-range argument (qshuffle's Q must divide
 * N), more than NOC_PERM_MAXCOMP steps.  O(len(spec)). */
int noc_perm_parse(struct noc_perm_fn *f, const char *spec, long N, struct noc_ctx *ctx);

/* f(x) for 0 <= x < N.  O(steps * n). */
long noc_perm_apply(const struct noc_perm_fn *f, long x);

/* Builds the whole permutation: *out (N ints, caller frees) gets f(0..N-1).
 * NOC_ENOMEM when N > 2^NOC_PERM_MAXTABLE or allocation fails.  O(N * cost
 * of f). */
int noc_perm_table(const struct noc_perm_fn *f, int **out, struct noc_ctx *ctx);

/* 1 when p[0..N-1] is a bijection of 0..N-1, else 0.  O(N) with a
 * temporary bitmap (returns 0 when it cannot be allocated). */
int noc_perm_is_bijection(const int *p, int N);

/* inv[p[x]] = x.  p must be a bijection (NOC_EINVAL otherwise).  O(N). */
int noc_perm_inverse(const int *p, int N, int *inv, struct noc_ctx *ctx);

/* Appends the cycle notation of the bijection p to b (format above).
 * NOC_EINVAL when p is not a bijection, NOC_ENOMEM when b failed.  O(N). */
int noc_perm_format_cycles(const int *p, int N, struct noc_buf *b, struct noc_ctx *ctx);

/* Parses cycle notation for N elements into p (N ints, caller-provided).
 * Elements are decimal and separated by blanks or commas; blanks between
 * cycles are allowed; an empty (all-blank) string is the identity.  Errors
 * (NOC_EINVAL, one message with the offending element or column): a
 * character outside digits/blanks/commas/parentheses, an element >= N, an
 * element repeated (then it is not a permutation), an empty or unclosed
 * cycle, nested parentheses.  O(len(s) + N). */
int noc_perm_parse_cycles(const char *s, int N, int *p, struct noc_ctx *ctx);

/* Reads a permutation of N elements given either way: cycle notation when
 * s starts with '(' or is blank (noc_perm_parse_cycles), else an
 * interconnection function (noc_perm_parse, evaluated on 0..N-1).  p has N
 * entries.  Errors as those two.  O(len(s) + N * cost of f). */
int noc_perm_read(const char *s, int N, int *p, struct noc_ctx *ctx);

/* Registry access for --help: name, argument form ("" / "K" / "D" / "+I|-I" / "Q")
 * and description of function i; returns 0, or -1 past the end. */
int noc_perm_func_info(int i, const char **name, const char **arg, const char **desc);

/* n with 2^n == N, or -1 when N is not a power of two >= 1. */
int noc_perm_log2(long N);

#ifdef __cplusplus
}
#endif

#endif
