#!/bin/sh
# CLI tests of `nocsyn route` (docs/INTERFACE.md section 3.7).  Expected paths are
# hand-worked (see tests/unit/test_route*.c for the derivations):
# router (x,y) of a k x k mesh is r(x+k*y); XY routing goes X first.
. "$(dirname "$0")/lib.sh"
D="$DATA/route"

# dor on a 4x4 mesh, (0,0) -> (3,3): three X hops then three Y hops.
run "dor mesh path" 0 "$NOCSYN" route gen:mesh:k=4,n=2 --from t0 --to t15 --routing dor
printf 'r0 r1 r2 r3 r7 r11 r15\n' >"$TMP/want"
same "dor mesh path output" "$TMP/out" "$TMP/want"

# ecmp (default): C(6,3) = 20 minimal paths corner to corner.
run "ecmp count 4x4" 0 "$NOCSYN" route gen:mesh:k=4,n=2 --from t0 --to t15 --count
printf '20\n' >"$TMP/want"
same "ecmp count 4x4 = C(6,3)" "$TMP/out" "$TMP/want"

# 64x64 mesh corner to corner: C(126,63), exact beyond 2^64.
run "ecmp count 64x64" 0 "$NOCSYN" route gen:mesh:k=64,n=2 --from t0 --to t4095 --count
printf '6034934435761406706427864636568328000\n' >"$TMP/want"
same "ecmp count 64x64 = C(126,63)" "$TMP/out" "$TMP/want"

# Listing: the C(4,2) = 6 paths of a 3x3 mesh, lexicographic by router id.
run "ecmp list 3x3" 0 "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t8
same "ecmp list order" "$TMP/out" "$D/mesh3_t0_t8.txt"
run "ecmp list weights" 0 "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t8 --weights
has "ecmp weight 1/6" "$TMP/out" '^0.1666666667 r0 r1 r2 r5 r8$'

# Too many paths to list: exit 1, one line suggesting --count.
run "ecmp list refused" 1 "$NOCSYN" route gen:mesh:k=64,n=2 --from t0 --to t4095
has "refusal suggests --count" "$TMP/err" '^nocsyn: .*--count'
[ "$(wc -l <"$TMP/err")" -eq 1 ] && ok "refusal one line" || notok "refusal one line" "$(cat "$TMP/err")"
run "ecmp list over --limit" 1 "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t8 --limit 5
[ -s "$TMP/out" ] && notok "no partial listing" "$(cat "$TMP/out")" || ok "no partial listing"

# Torus tie: (0,0) -> (2,2) on a 4x4 torus splits both dimensions 50/50.
run "dor torus ties" 0 "$NOCSYN" route gen:torus:k=4,n=2 --from t0 --to t10 --routing dor --weights
printf '0.25 r0 r1 r2 r6 r10\n0.25 r0 r1 r2 r14 r10\n0.25 r0 r3 r2 r6 r10\n0.25 r0 r3 r2 r14 r10\n' >"$TMP/want"
same "dor torus tie paths" "$TMP/out" "$TMP/want"
run "dor torus tie count" 0 "$NOCSYN" route gen:torus:k=4,n=2 --from t0 --to t10 --routing dor --count
printf '4\n' >"$TMP/want"
same "dor torus tie count = 2^2" "$TMP/out" "$TMP/want"

# e-cube on a 3-cube: 001 -> 000 -> 010 -> 110.
run "ecube" 0 "$NOCSYN" route gen:hypercube:n=3 --from t1 --to t6 --routing dor
printf 'r1 r0 r2 r6\n' >"$TMP/want"
same "ecube path" "$TMP/out" "$TMP/want"

# Destination tag on Omega n=3: t0 -> t5 through switches 0, 1, 2 of the
# three stages (stage-major ids r0, r5, r10).
run "desttag omega" 0 "$NOCSYN" route gen:omega:n=3 --from t0 --to t5 --routing desttag
printf 'r0 r5 r10\n' >"$TMP/want"
same "desttag omega path" "$TMP/out" "$TMP/want"

# up*-down* on a hand-written DOT: r2 r3 r4 r5 is up-down-up (illegal).
run "updown dot" 0 "$NOCSYN" route "$D/irregular.dot" --from t2 --to t5 --routing updown
printf 'r2 r0 r1 r5\n' >"$TMP/want"
same "updown path" "$TMP/out" "$TMP/want"

# Table routes from DOT route records; a missing pair is infeasible.
run "table route" 0 "$NOCSYN" route "$D/ring4_table.dot" --from t0 --to t2 --routing table
printf 'r0 r1 r2\n' >"$TMP/want"
same "table path" "$TMP/out" "$TMP/want"
run "table missing pair" 1 "$NOCSYN" route "$D/ring4_table.dot" --from t0 --to t1 --routing table
has "table missing pair names it" "$TMP/err" "^nocsyn: .*ring4_table.dot: .*no stored route from t0 to t1"

# Deadlock checks.
run "table deadlock" 0 "$NOCSYN" route "$D/ring4_table.dot" --deadlock --routing table
has "table cycle found" "$TMP/out" '^deadlock possible: table with 1 VC; dependency cycle: r1->r2 r2->r3 r3->r0 r0->r1$'
run "torus 1 VC" 0 "$NOCSYN" route gen:torus:k=4,n=2 --deadlock --routing dor
has "torus 1 VC cyclic" "$TMP/out" '^deadlock possible: dor with 1 VC'
run "torus 2 VCs" 0 "$NOCSYN" route gen:torus:k=4,n=2 --deadlock --routing dor --vcs 2
has "torus 2 VCs acyclic" "$TMP/out" '^deadlock free: dor with 2 VCs'
run "mesh 1 VC" 0 "$NOCSYN" route gen:mesh:k=4,n=2 --deadlock --routing dor
has "mesh acyclic" "$TMP/out" '^deadlock free'

# Router endpoints and stdin.
run "router endpoints" 0 "$NOCSYN" route gen:mesh:k=3,n=2 --from r0 --to r5 --routing dor
printf 'r0 r1 r2 r5\n' >"$TMP/want"
same "router endpoint path" "$TMP/out" "$TMP/want"
"$NOCSYN" gen mesh k=3 n=2 -o "$TMP/m3.dot" >/dev/null 2>&1
run "stdin topology" 0 sh -c "\"$NOCSYN\" route - --from t0 --to t8 --routing dor <\"$TMP/m3.dot\""
printf 'r0 r1 r2 r5 r8\n' >"$TMP/want"
same "stdin path" "$TMP/out" "$TMP/want"

# Bad input and usage: exit 2, one line.
bad "missing --to" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0
bad "missing topology" "$NOCSYN" route --from t0 --to t1
bad "unknown node" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t99
bad "unknown routing" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t1 --routing xy
bad "ideal has no paths" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t1 --routing ideal
bad "dor on a star" "$NOCSYN" route gen:star:n=4 --from t0 --to t1 --routing dor
bad "desttag on a mesh" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t1 --routing desttag
bad "table without routes" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t1 --routing table
bad "bad vcs" "$NOCSYN" route gen:mesh:k=3,n=2 --deadlock --routing dor --vcs 0
bad "deadlock with ecmp" "$NOCSYN" route gen:mesh:k=3,n=2 --deadlock
bad "deadlock with --from" "$NOCSYN" route gen:mesh:k=3,n=2 --deadlock --routing dor --from t0
bad "unknown option" "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t1 --bogus
bad "missing file" "$NOCSYN" route "$TMP/nope.dot" --from t0 --to t1
bad "bad generator" "$NOCSYN" route gen:mesh:k=1 --from t0 --to t1
printf 'digraph { a -> \n' >"$TMP/broken.dot"
bad "malformed dot" "$NOCSYN" route "$TMP/broken.dot" --from t0 --to t1

run "help" 0 "$NOCSYN" route --help
for opt in --from --to --routing --count --weights --limit --deadlock --vcs; do
    has "help lists $opt" "$TMP/out" "^  $opt"
done

# Minimal adaptive turn models (paths by hand in tests/unit/test_route_turn.c).
run "oddeven paths 3x3" 0 "$NOCSYN" route gen:mesh:k=3,n=2 --from t0 --to t8 --routing oddeven --weights
has "oddeven r0 r1 r4 r7 r8 with 1/2" "$TMP/out" '^0.5 r0 r1 r4 r7 r8$'
run "westfirst deadlock free with 1 VC" 0 "$NOCSYN" route gen:mesh:k=4,n=2 --deadlock --routing westfirst
has "westfirst acyclic" "$TMP/out" '^deadlock free: westfirst with 1 VC'
run "eval oddeven" 0 "$NOCSYN" eval gen:mesh:k=4,n=2 --routing oddeven --no-bisection --format text
has "oddeven deadlock free" "$TMP/out" '^deadlock free *yes (1 VC)'
has "oddeven minimal hops" "$TMP/out" 'avg excl. self 2.666666667'
bad "oddeven on a torus" "$NOCSYN" eval gen:torus:k=4,n=2 --routing oddeven

# Multicast tree against unicasts on a 4x3 mesh (hand-worked in
# tests/unit/test_multicast.c): broadcast from (1,1): unicasts 20 channels,
# the tree 11, distance 3.
run "broadcast 4x3 mesh" 0 "$NOCSYN" route gen:mesh:dims=4x3 --from t5 --multicast all
has "unicast traffic 20" "$TMP/out" 'unicasts: traffic 20 channels, distance 3 hops'
has "tree traffic 11" "$TMP/out" 'tree:     traffic 11 channels, distance 3 hops'
run "multicast east column" 0 "$NOCSYN" route gen:mesh:dims=4x3 --from t0 --multicast t3,t7,t11
has "tree r0 r1 r2 r3 r7 r11" "$TMP/out" '^tree: r0->r1 r1->r2 r2->r3 r3->r7 r7->r11$'
bad "multicast with --to" "$NOCSYN" route gen:mesh:dims=4x3 --from t0 --to t1 --multicast t3
bad "multicast unknown terminal" "$NOCSYN" route gen:mesh:dims=4x3 --from t0 --multicast t99
