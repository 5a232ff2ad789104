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
#ifndef NOCSYN_MIN_H
#define NOCSYN_MIN_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
