#!/bin/sh
# `nocsyn sim --booksim-loop` (issue 30): BookSim2's credit loop against
# nocsyn's own.  Hand-derived on a lone flow over two routers (gen:mesh:k=2,n=1,
# bitcomp: terminal 0 -> 1 and 1 -> 0 on separate channels), 1 VC, unit
# channels, D = 3, credit delay 2 (sim.h, Pipeline):
# - nocsyn's loop: a flit leaving router 2 in cycle s frees a slot whose
#   credit is back at router 1 in s + 1 + 2; the next flit leaves router 1
#   then, reaches router 2 in s + 5 and may leave it in s + 7: a 1-flit
#   buffer passes one flit per 7 cycles, head or body, so 1/7 flits/cycle
#   for 1-flit and for 4-flit packets.
# - BookSim2's loop (iq_router.cpp: the credit is made at switch allocation,
#   sent at the end of the cycle and used credit_delay cycles after it is
#   received; a body flit arriving at the front of an active VC may win the
#   switch in its arrival cycle, a head first takes VC allocation): the
#   credit is back one cycle later (s + 4) and a body flit leaves one cycle
#   sooner after arrival, so a slot turns over in 8 cycles behind a head and
#   7 behind a body: 1/8 for 1-flit packets, 4/(8 + 3 x 7) = 4/29 = 0.13793
#   for 4-flit packets.
# - The body loop is unchanged, so a lone 5-flit packet in 4-flit buffers
#   takes the same 16 cycles in both: 3 channels + 2 routers x 3 + 4 = 13 at
#   zero load, plus the 3-cycle credit stall of its fifth flit (flit 0 leaves
#   router 2 in cycle 7, its credit is back at router 1 in 10 (nocsyn) or 11
#   (BookSim: the fifth flit then reaches router 2 in 13 and leaves in 14,
#   as nocsyn's in 12 + 2), the tail reaches the terminal in cycle 16).
. "$(dirname "$0")/lib.sh"
L="gen:mesh:k=2,n=1 --routing dor --traffic bitcomp --vcs 1 --threads 1 --format json"
acc() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['points'][0]['accepted'])" "$TMP/out"; }
near() { # near NAME GOT WANT RELTOL
    if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t * w) }'; then ok "$1"
    else notok "$1" "got $2, wanted $3 within $4"; fi
}

run "help" 0 "$NOCSYN" sim --help
has "help names --booksim-loop" "$TMP/out" '--booksim-loop'
for c in "1 0.142857 0.125" "4 0.142857 0.137931"; do
    set -- $c
    # shellcheck disable=SC2086
    run "own loop, $1-flit packets" 0 "$NOCSYN" sim $L --rate 1.0 --packet $1 --buf 1 --warmup 2000 --cycles 20000 --tolerance 1e-9
    near "own loop, $1-flit packets: $2 flits/cycle (1/7)" "$(acc)" "$2" 0.005
    # shellcheck disable=SC2086
    run "BookSim loop, $1-flit packets" 0 "$NOCSYN" sim $L --rate 1.0 --packet $1 --buf 1 --warmup 2000 --cycles 20000 --tolerance 1e-9 --booksim-loop
    near "BookSim loop, $1-flit packets: $3 flits/cycle (1/8, 4/29)" "$(acc)" "$3" 0.005
done
for opt in "" --booksim-loop; do
    # shellcheck disable=SC2086
    run "lone 5-flit packets in 4-flit buffers ${opt:-own loop}" 0 "$NOCSYN" sim $L --rate 0.001 --packet 5 --buf 4 --warmup 0 --cycles 20000 $opt
    json "lone 5-flit packets take 16 cycles ${opt:-own loop}" "$TMP/out" \
        "p = d['points'][0]; assert p['latency_avg'] == 16 and p['latency_p99'] == 16 and p['accepted'] > 0, p"
done
bad "--booksim-loop with --flow drop" "$NOCSYN" sim $L --rate 0.1 --booksim-loop --flow drop
bad "--booksim-loop with --router-delay 1" "$NOCSYN" sim $L --rate 0.1 --booksim-loop --router-delay 1

# --booksim-alloc (BookSim2's switch allocator input stage: a round robin
# over output ports, test_sim_alloc.c): on the lone flow with 2 VCs of one
# flit every input port's VCs ask for one output port, so both input stages
# pick the same VC; each VC's slot turns over in BookSim2's 8 cycles behind
# a head (above) and the two VCs interleave on the channel: 2/8 = 0.25
# flits/cycle with 1-flit packets, with and without the option.  On a
# contended router (4x4 mesh, uniform, near its knee) the input ports ask
# for several outputs and the two stages schedule differently: the latency
# must differ (the option reaches the allocator).
run "help names --booksim-alloc" 0 "$NOCSYN" sim --help
has "help names --booksim-alloc" "$TMP/out" '--booksim-alloc'
for opt in "" --booksim-alloc; do
    # shellcheck disable=SC2086
    run "BookSim loop, 2 VCs x 1 flit ${opt:-own input stage}" 0 "$NOCSYN" sim $L --rate 1.0 --packet 1 --buf 1 --vcs 2 \
        --warmup 2000 --cycles 20000 --tolerance 1e-9 --booksim-loop $opt
    near "BookSim loop, 2 VCs x 1 flit ${opt:-own input stage}: 2/8 = 0.25 flits/cycle" "$(acc)" 0.25 0.005
done
M="sim gen:mesh:k=4,n=2 --routing dor --rate 0.55 --vcs 2 --buf 4 --booksim-loop --seed 1 --warmup 1000 --cycles 2000 --tolerance 1e-9 --threads 1 --format json"
# shellcheck disable=SC2086
run "4x4 mesh at 0.55, own input stage" 0 "$NOCSYN" $M
l0=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['points'][0]['latency_avg'])" "$TMP/out")
# shellcheck disable=SC2086
run "4x4 mesh at 0.55, --booksim-alloc" 0 "$NOCSYN" $M --booksim-alloc
l1=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['points'][0]['latency_avg'])" "$TMP/out")
if [ "$l0" != "$l1" ] && [ -n "$l1" ]; then ok "--booksim-alloc schedules a contended router differently ($l0 / $l1)"
else notok "--booksim-alloc schedules a contended router differently" "$l0 / $l1"; fi
bad "--booksim-alloc with --flow deflect" "$NOCSYN" sim $L --rate 0.1 --booksim-alloc --flow deflect
