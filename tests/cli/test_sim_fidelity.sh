#!/bin/sh
# Issue 30 from the command line (the unit tests test_sim.c and
# test_route_deadlock.c check the same facts through the library), every
# value derived by hand:
# - Item 5, zero-load latency with packets longer than a buffer: 8x8 mesh,
#   uniform (self pairs included), 2 VCs x 4 flits, 5-flit packets, D = 3,
#   credit delay 2, unit channels.  Without credits the closed form is 30:
#   the mean distance is 2 x (sum over x, x' of |x - x'|) / 64 = 2 x 168/64
#   = 5.25 hops, so 6.25 routers x 3 + 7.25 channels + 4 serialization
#   cycles = 18.75 + 7.25 + 4 = 30.  The fifth flit waits for the first
#   flit's credit: behind a router-router channel the loop is 2 channels +
#   D + credit delay = 7 cycles against 4 buffered flits, 3 cycles; a self
#   pair (1 of 64) turns on one router through the injection loop (1 + 2 +
#   1 + 2 = 6 cycles), 2 cycles.  So 30 + 3 x 63/64 + 2/64 = 30 + 3 - 1/64
#   = 32.984375, and it is exact (zero_load_exact true); the measurement at
#   offered 0.01 must lie within 3% of it.  With 8-flit buffers no flit
#   waits: 30 exactly.
# - Item 6, no load above eval's channel-load bound is stable: on the 8x8
#   mesh under XY, transpose (x,y) -> (y,x) loads the + X channel 6 -> 7 of
#   row 7 with the sources x = 0..6 of that row: 7, bound 1/7 = 0.142857;
#   bitcomp (x,y) -> (7-x,7-y) loads the X channel 3 -> 4 with x = 0..3: 4,
#   bound 1/4.  The sweep's saturation must be at most the bound (it was
#   0.1469 on transpose), and eval must give the same bound.
# - Item 1, the dateline classes as BookSim2 assigns them: the 4x4 torus
#   under dor has cyclic channel dependencies with one VC (each ring's runs
#   of two hops chain c_x -> c_(x+1) around it) and none with two (the
#   4-ary 2-cube's CDG by hand: test_route_deadlock.c); an 8-ring at offered
#   1.0, past saturation, with 2 VCs keeps delivering (no deadlock) and
#   accepts at most its channel-load bound: uniform with self pairs, a
#   source sends 1/8 of its load to each of distances 1, 2, 3 each way and
#   to 4 (split between the ways by dor), so the 8 channels of one way carry
#   8 x (1 + 2 + 3 + 4/2)/8 = 8 per unit load, 1 each: bound 1 (eval agrees;
#   BookSim2 accepts 0.28 there, RESULTS.md, so the lower limit 0.2 is a
#   network that still delivers).
. "$(dirname "$0")/lib.sh"
S="sim gen:mesh:k=8,n=2 --routing dor --threads 1 --format json"

# Item 5
# shellcheck disable=SC2086
run "5-flit packets, 2 VCs x 4 flits, offered 0.01" 0 "$NOCSYN" $S --packet 5 --vcs 2 --buf 4 --rate 0.01 \
    --warmup 2000 --cycles 20000
json "zero-load latency 30 + 3 - 1/64 = 32.984375, exact" "$TMP/out" \
    'assert abs(d["zero_load_latency"] - 32.984375) < 1e-3 and d["zero_load_exact"] is True, (d["zero_load_latency"], d["zero_load_exact"])'
json "measured at 0.01 within 3% of 32.984375" "$TMP/out" \
    'l = d["points"][0]["latency_avg"]; assert abs(l - 32.984375) <= 0.03 * 32.984375, l'
# shellcheck disable=SC2086
run "5-flit packets, 2 VCs x 8 flits" 0 "$NOCSYN" $S --packet 5 --vcs 2 --buf 8 --rate 0.01 --warmup 500 --cycles 2000
json "no credit wait with 8-flit buffers: 30 exactly" "$TMP/out" \
    'assert abs(d["zero_load_latency"] - 30) < 1e-9 and d["zero_load_exact"] is True, d["zero_load_latency"]'

# Item 6
for c in "transpose 0.142857" "bitcomp 0.25"; do
    set -- $c
    # shellcheck disable=SC2086
    run "$1 sweep" 0 "$NOCSYN" $S --traffic "$1" --sweep
    json "$1: stability saturation at most the channel-load bound $2" "$TMP/out" \
        "s = d['saturation']; assert 0.8 * $2 <= s <= $2 + 1e-6, s"
    run "$1: eval's bound" 0 "$NOCSYN" eval gen:mesh:k=8,n=2 --routing dor --traffic "$1" --format json
    json "$1: eval gives $2" "$TMP/out" "assert abs(d['throughput'] - $2) < 1e-6, d['throughput']"
done

# Item 1
run "4x4 torus, dor, 1 VC" 0 "$NOCSYN" eval gen:torus:k=4,n=2 --routing dor --vcs 1 --format json
has "1 VC: cyclic dependencies" "$TMP/out" '"deadlock_free":[[:space:]]*false'
run "4x4 torus, dor, 2 VCs" 0 "$NOCSYN" eval gen:torus:k=4,n=2 --routing dor --vcs 2 --format json
has "2 VCs (datelines): acyclic" "$TMP/out" '"deadlock_free":[[:space:]]*true'
run "8-ring at offered 1.0, 2 VCs x 4" 0 "$NOCSYN" sim gen:ring:k=8 --routing dor --vcs 2 --buf 4 --rate 1.0 \
    --warmup 2000 --cycles 4000 --deadlock-cycles 300 --threads 1 --format json
json "8-ring keeps delivering, at most its bound 1" "$TMP/out" \
    'a = d["points"][0]["accepted"]; assert 0.2 < a <= 1.0, a'
run "8-ring: eval's bound" 0 "$NOCSYN" eval gen:ring:k=8 --routing dor --format json
json "8-ring: eval gives 1" "$TMP/out" "assert abs(d['throughput'] - 1) < 1e-9, d['throughput']"
