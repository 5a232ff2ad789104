/* nocsyn gen: the regular topology families of docs/INTERFACE.md section 3.1, from a static
 * registry table (src/gen/registry.c).
 *
 * Parameters are "NAME=VALUE" strings; bare values are taken positionally in
 * the family's parameter order ("mesh 8 2" = "mesh k=8 n=2").  Every family
 * also takes `pitch=MM` (default 1): the spacing of the natural coordinates
 * written into every node (mm, has_pos = 1).  Families whose size is a power
 * of two (hypercube, omega, cube, barrel, shuffle-exchange) also accept
 * `N=2^n` instead of n.  mesh, torus, cmesh and flatfly accept
 * `dims=4x3[x2...]` (dimension 0 = X first, each >= 2, at most NOC_MAXDIM)
 * instead of k and n.  Defaults: n = 2 for mesh, torus, cmesh and flatfly;
 * every other parameter is required.
 *
 * Naming (binding, docs/INTERFACE.md section 3.1): terminals t0..t(N-1), routers r0..r(R-1).
 *
 * Direct networks (one terminal per router unless stated; ti on router
 * r(i/c)):
 *  - linear k, ring k: routers in line / ring order.  ring k = 2 is a single
 *    link (the two directions of the ring coincide).
 *  - mesh k n, torus k n, cmesh k n c, flatfly k n c: router index = mixed-
 *    radix coordinate, dimension 0 (X) least significant: router (x,y) of a
 *    k x k mesh is r(x + k*y).  A torus dimension of k = 2 has ONE link
 *    between its two routers (the wraparound coincides with the direct link),
 *    so the 2-ary n-cube equals the binary n-cube (Dally & Towles, sec. 5.2).
 *    flatfly k n c (k-ary n-flat as docs/INTERFACE.md section 3.1 defines it): k^n routers,
 *    the k routers along every dimension fully connected, c terminals each.
 *  - hypercube n: router index = binary address; i ~ i xor 2^j.
 *  - hring g l: g local rings, each of l core routers plus one interface
 *    router, and a global ring of the g interface routers.  Core router
 *    j*l + m (m = 0..l-1) is position m of local ring j and carries terminal
 *    t(j*l+m); interface router r(g*l + j) closes local ring j (between its
 *    cores l-1 and 0) and has no terminal.  Rings of 2 are one link.
 *  - full n: complete graph K_n.
 *  - chordal n w (Arden & Lee 1981): ring 0..n-1 (n even, >= 6) plus a chord
 *    from every even i to i+w mod n; w odd, 3 <= w <= n-3 (w = 1 or n-1
 *    would repeat a ring link).  Degree 3.
 *  - illiac r: r^2 nodes, i ~ i+-1 and i+-r (mod r^2) (Illiac IV).  For r = 2
 *    the coinciding neighbours merge (K_4).
 *  - barrel n: 2^n nodes, i ~ i +- 2^j (mod 2^n), j = 0..n-1 (PM2I, Siegel);
 *    +2^(n-1) and -2^(n-1) coincide, so the degree is 2n-1.
 *  - ccc k (Preparata & Vuillemin 1981): node (w, j) = r(w*k + j), w a k-bit
 *    corner, j = 0..k-1 its ring position; (w,j) ~ (w,j+-1 mod k) and
 *    (w xor 2^j, j).  k = 2 has rings of 2 (one link): CCC(2) is an 8-cycle.
 *  - shuffle-exchange n: 2^n nodes, exchange i ~ i xor 1 and shuffle
 *    i ~ rotate-left(i) as undirected links (Stone 1971; Leighton's
 *    undirected graph); self loops (0 and 2^n-1) dropped, repeats merged.
 *  - star n: hub r0 and leaves r1..r(n-1).
 *  - tree h: complete binary tree of 2^h - 1 routers in heap order: r0 root,
 *    children of ri are r(2i+1) and r(2i+2).
 *
 * Indirect networks (unidirectional channels between stages; a terminal
 * injects into an input-stage switch and ejects from an output-stage switch,
 * so a k x k switch has radix 2k):
 *  - butterfly k n (k-ary n-fly, Dally & Towles ch. 4): n stages of k^(n-1)
 *    k x k switches; router index = stage * k^(n-1) + switch (stage 0 at the
 *    inputs).  ti injects into stage-0 switch i/k and ejects from last-stage
 *    switch i/k.  Output port j of switch s in stage i (< n-1) goes to the
 *    stage-(i+1) switch whose (n-1)-digit k-ary address is s with digit
 *    n-2-i replaced by j, so destination-tag routing uses destination digit
 *    n-1-i at stage i (most significant first).
 *  - omega n: 2^n lines, n stages of 2^(n-1) 2x2 switches, a perfect shuffle
 *    (rotate-left of the n-bit line number) before every stage (Lawrie 1975).
 *    Switch j of a stage takes lines 2j and 2j+1; router = stage*2^(n-1) + j.
 *    ti enters on line i (stage-0 switch shuffle(i)/2) and leaves from line i
 *    of the last stage (switch i/2).
 *  - cube n (multistage cube, STARAN flip): n stages of 2^(n-1) 2x2 switches,
 *    stage order from the inputs Cube_0, Cube_1, ..., Cube_(n-1): stage i
 *    pairs the lines differing in bit i, and its switch j is the line number
 *    with bit i deleted; lines run straight between stages.  ti enters on
 *    line i (stage-0 switch i/2), leaves on line i (last-stage switch
 *    i mod 2^(n-1)).  Router = stage*2^(n-1) + switch.
 *  - clos m n r: 3-stage Clos, unfolded and unidirectional: input switches
 *    r0..r(r-1) (n x m), middle switches r(r)..r(r+m-1) (r x r), output
 *    switches r(r+m)..r(2r+m-1) (m x n).  n*r terminals; ti injects into
 *    input switch i/n and ejects from output switch i/n.
 *  - fattree k n (k-ary n-tree, Petrini & Vanneschi 1997): k^n terminals,
 *    n levels of k^(n-1) switches, bidirectional links.  Switch <w, l> (w an
 *    (n-1)-digit k-ary word, w_0 most significant; level 0 = roots, level
 *    n-1 = leaves) is r(l*k^(n-1) + w); <w,l> ~ <w',l+1> when w and w'
 *    differ at most in digit l.  ti attaches to leaf <i/k, n-1> (both ways).
 *  - crossbar n: one n x n switch r0 with n terminals (both ways).
 *
 * Coordinates (mm, multiples of pitch): meshes, cmesh, flatfly and illiac on
 * a grid (dimensions beyond 2 tiled: even dimensions along X, odd along Y,
 * one pitch of gap between tiles); tori FOLDED (position of coordinate x is
 * 2x for x < ceil(k/2), 2(k-1-x)+1 otherwise) so every link spans at most
 * two pitches; rings, full, chordal, barrel, shuffle-exchange and star on
 * circles with neighbours one pitch apart; hypercube on a 2^ceil(n/2) x
 * 2^floor(n/2) grid (low bits X); ccc as hypercube corners with small rings;
 * hring as local circles around a global circle; trees by level.  Terminals
 * sit a quarter pitch up and right of their router (c > 1: on a circle of
 * 0.3 pitch around it).  Indirect networks (butterfly, omega, cube, clos,
 * fattree) are FOLDED by default, as a floorplanner would place them:
 * terminal ti on the tile (even bits of i, odd bits of i) of a near-square
 * 2^ceil(b/2) x 2^floor(b/2) grid of pitch tiles (b = ceil(log2 N), Morton
 * order, so every switch's and subtree's terminals form a compact block),
 * tile centres at (x + 0.5, y + 0.5) pitches; every switch at the
 * barycentre of the nodes its channels connect it to (the least sum of
 * squared link lengths, a Tutte embedding; switches may share a point),
 * rounded to whole nanometres.  layout=stages gives the textbook drawing
 * instead: stage columns two pitches apart with terminals in column 0
 * (fat trees: levels in rows, roots on top).
 *
 * Shape (t->shape): family (enum noc_family), name, ndims, dims[], k, conc,
 * params (canonical "k=8,n=2"):
 *  - linear: MESH, ndims 1; ring: RING, dims[0] = k; mesh/torus/cmesh:
 *    MESH/TORUS with conc c (1 for mesh/torus); flatfly: FLATFLY;
 *    hypercube: HYPERCUBE, dims[] all 2;
 *  - butterfly: BUTTERFLY, ndims = n stages, dims[] all k, conc = k;
 *    omega/cube: OMEGA/CUBE, ndims = n, dims[] all 2, k = 2, conc = 2;
 *    clos: CLOS, ndims 3, dims = {m, n, r}, k = m, conc = n;
 *    fattree: FATTREE, ndims = n levels, dims[] all k, conc = k;
 *  - everything else: OTHER (k = its first parameter, conc 1; crossbar
 *    conc = n).
 * k is the largest dimension when dims= differ.  hypercube, butterfly,
 * omega, cube and fattree may have ndims > NOC_MAXDIM (their dimensions are
 * all equal to k, so only ndims is needed); dims[] then holds the first
 * NOC_MAXDIM entries only, and users must not index dims[] past NOC_MAXDIM.
 *
 * Size limit: a request whose routers + terminals + (upper bound of the)
 * channels exceeds NOC_GEN_MAX_ELEMS is refused with NOC_ENOMEM before any
 * allocation, naming the family and its size.
 */
#ifndef NOCSYN_GEN_H
#define NOCSYN_GEN_H

#include "nocsyn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

struct noc_topo;

/* Upper limit of nodes + channels of a generated topology (2^24). */
#define NOC_GEN_MAX_ELEMS (1L << 24)

/* Generates FAMILY with parameters given as "NAME=VALUE" strings (positional
 * values are also accepted in the family's parameter order, e.g. "8" "2" for
 * mesh k n).  t must be uninitialised; on success it is finalized (routers
 * r0.., terminals t0.., positions in mm from `pitch`, shape set, t->name =
 * "FAMILY:PARAMS") and owned by the caller (noc_topo_free); on failure t is
 * released.  Errors: NOC_EINVAL (unknown family or parameter, parameter out
 * of range, not a power of two, odd/even rule broken, given twice, missing;
 * the message names the family and the parameter), NOC_ENOMEM (size beyond
 * NOC_GEN_MAX_ELEMS or out of memory).  O(R + N + channels). */
int noc_gen(struct noc_topo *t, const char *family, int nparams,
            char *const *params, struct noc_ctx *ctx);
/* The inline form "FAMILY:P=V,P=V" (after "gen:"; a leading "gen:" is also
 * accepted), e.g. "mesh:k=8,n=2" or "mesh:8,2".  Same ownership and errors
 * as noc_gen. */
int noc_gen_spec(struct noc_topo *t, const char *spec, struct noc_ctx *ctx);

/* Registry access for --help: name, parameter list (e.g. "k n | dims=AxB")
 * and one-line description of family i (static strings); returns 0, or -1
 * past the end.  O(1). */
int noc_gen_family_info(int i, const char **name, const char **params, const char **desc);

#ifdef __cplusplus
}
#endif

#endif
