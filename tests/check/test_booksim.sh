#!/bin/sh
# `make check`: nocsyn sim against BookSim2 (an independent simulator) on
# the cases issue 30 fixed.  Needs BOOKSIM (a built booksim binary) or
# BOOKSIM_SRC (a booksim2 source tree, built here in a scratch directory:
# g++, flex, bison); without either it prints one SKIP line.
# - Zero-load latency with packets longer than a buffer (8x8 mesh, 2 VCs x
#   4 flits, 5-flit packets): BookSim2's latency at offered 0.01, less its
#   one cycle of terminal delivery, within 1% of nocsyn's exact zero-load
#   latency (32.98; the closed form without the credit wait said 30).
# - Tori under overload with BookSim's dateline rule (4x4 torus and 8-ring,
#   2 VCs x 4 flits, offered 1.0) with --booksim-loop: accepted throughput
#   within 3% (nocsyn's own 7-cycle loop accepts 3.9% more on the 4x4
#   torus since a source skips a full injection VC: 0.5943 against 0.5722).
# - 2 VCs x 4 flits on meshes (1- and 5-flit packets, offered 1.0) with
#   --booksim-loop: accepted throughput within 3%.
# - The bench's protocol at offered 1.0 (benchmarks/perf/booksim_bench.sh):
#   BookSim2's throughput mode counts the same accepted flits as its latency
#   mode (the count stops with the measured period) in fewer cycles (no wait
#   for the backlog created in the window); the checks at offered 1.0
#   above use it.
# - --booksim-alloc (BookSim2's switch allocator input stage) with
#   --booksim-loop on the 4x4 mesh, 2 VCs x 4 flits, offered 1.0: accepted
#   within 1.5% (measured 0.08% apart, benchmarks/RESULTS.md; with the
#   output-port pointer stuck, mutant BA02, nocsyn was 4.1% low).
# - The injection VC with the bench's options on the 8-ring and the 8x8
#   torus at offered 1.0: accepted within 1.5%.
. "$(dirname "$0")/../cli/lib.sh"
. "$ROOT/benchmarks/perf/booksim_cfg.sh"
BS=${BOOKSIM:-}
if [ -z "$BS" ] && [ -n "${BOOKSIM_SRC:-}" ] && [ -f "$BOOKSIM_SRC/src/Makefile" ]; then
    mkdir -p "$TMP/bs" && cp -R "$BOOKSIM_SRC/src/." "$TMP/bs" && (cd "$TMP/bs" && make -j2 >/dev/null 2>&1) &&
        BS=$TMP/bs/booksim
fi
if [ -z "$BS" ] || [ ! -x "$BS" ]; then
    echo "ok - nocsyn sim against BookSim2 # SKIP no BOOKSIM binary or BOOKSIM_SRC tree"
    exit 0
fi
# bs TOPOLOGY-LINES RATE PKT: BookSim2 with nocsyn's settings (sim.h model:
# 3-cycle routers, 1-cycle channels, credit delay 2, separable input-first
# allocators, VC VCs x BUF flits, default 2 x 4; BS_TYPE: sim_type, default
# latency; BS_SEED: its seed, default BookSim2's); prints "latency accepted
# cycles"
VC=2 BUF=4 BS_SEED=
bs() {
    booksim_cfg "$1\ntraffic = uniform;" "$2" "$3" "$VC" "$BUF" 10000 -1.0 "${BS_TYPE:-latency}" >"$TMP/cfg"
    [ -n "$BS_SEED" ] && echo "seed = $BS_SEED;" >>"$TMP/cfg"
    "$BS" "$TMP/cfg" 2>&1 | awk '/Packet latency average/ { l = $5 }
        /Accepted flit rate average/ { a = $NF == "samples)" ? $(NF - 2) : $NF; sub(/^=/, "", a) }
        /^Time taken is/ { t = $4 }
        END { print (l == "" ? "-" : l), (a == "" ? "-" : a), (t == "" ? "-" : t) }'
}
ns() { # ns TOPOLOGY RATE PKT [OPTION...]: VC VCs x BUF flits
    t=$1 r=$2 p=$3; shift 3
    "$NOCSYN" sim "$t" --routing dor --vcs "$VC" --buf "$BUF" --packet "$p" --rate "$r" --warmup 10000 --cycles 10000 \
        --tolerance 1e-9 --threads 1 --format json "$@" >"$TMP/ns.json" 2>"$TMP/ns.err"
}
within() { awk -v a="$2" -v b="$3" -v p="$4" 'BEGIN { exit !(a + 0 > 0 && b + 0 > 0 && (a - b) / b <= p && (b - a) / b <= p) }'; }

set -- $(bs 'topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;' 0.01 5)
ns gen:mesh:k=8,n=2 0.01 5
zl=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["zero_load_latency"])' "$TMP/ns.json")
b1=$(awk -v l="$1" 'BEGIN { print l - 1 }')
if within x "$zl" "$b1" 0.01; then ok "zero-load with 5-flit packets in 4-flit buffers: nocsyn $zl, BookSim2 $1 - 1"
else notok "zero-load with 5-flit packets in 4-flit buffers" "nocsyn $zl, BookSim2 $1 - 1"; fi

for row in "gen:torus:k=4,n=2|topology = torus;\nk = 4;\nn = 2;\nrouting_function = dim_order;|4x4 torus" \
        "gen:ring:k=8|topology = torus;\nk = 8;\nn = 1;\nrouting_function = dim_order;|8-ring"; do
    topo=${row%%|*}; rest=${row#*|}; cfg=${rest%|*}; name=${rest##*|}
    set -- $(BS_TYPE=throughput bs "$cfg" 1.0 1)
    ns "$topo" 1.0 1 --booksim-loop
    acc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["points"][0]["accepted"])' "$TMP/ns.json")
    if within x "$acc" "$2" 0.03; then ok "$name, --booksim-loop, at offered 1.0: accepted nocsyn $acc, BookSim2 $2"
    else notok "$name, --booksim-loop, at offered 1.0: accepted within 3%" "nocsyn $acc, BookSim2 $2"; fi
done

# 2 VCs x 4 flits, offered 1.0, with BookSim2's credit loop (--booksim-loop;
# without it nocsyn accepted 2.6% (4x4 mesh) and 3.0% (8x8 mesh, 5-flit
# packets) more than BookSim2, RESULTS.md): within 3%.
for row in "gen:mesh:k=4,n=2|topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dim_order;|4x4 mesh, 1-flit packets|1" \
        "gen:mesh:k=8,n=2|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|8x8 mesh, 5-flit packets|5"; do
    topo=${row%%|*}; rest=${row#*|}; cfg=${rest%%|*}; rest=${rest#*|}; name=${rest%|*}; pkt=${rest##*|}
    set -- $(BS_TYPE=throughput bs "$cfg" 1.0 "$pkt")
    ns "$topo" 1.0 "$pkt" --booksim-loop
    acc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["points"][0]["accepted"])' "$TMP/ns.json")
    if within x "$acc" "$2" 0.03; then ok "$name, --booksim-loop, at offered 1.0: accepted nocsyn $acc, BookSim2 $2"
    else notok "$name, --booksim-loop, at offered 1.0: accepted within 3%" "nocsyn $acc, BookSim2 $2"; fi
done

M4='topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dim_order;'
set -- $(bs "$M4" 1.0 1); lat_acc=$2 lat_cyc=$3
set -- $(BS_TYPE=throughput bs "$M4" 1.0 1); thr_acc=$2 thr_cyc=$3
if [ "$lat_acc" = "$thr_acc" ] && [ "$lat_acc" != - ] && [ "$thr_cyc" -lt "$lat_cyc" ]; then
    ok "BookSim2 at offered 1.0: throughput mode accepts $thr_acc as latency mode, in $thr_cyc cycles against $lat_cyc"
else notok "BookSim2 at offered 1.0: throughput mode = latency mode" "accepted $thr_acc / $lat_acc, cycles $thr_cyc / $lat_cyc"; fi
ns gen:mesh:k=4,n=2 1.0 1 --booksim-loop --booksim-alloc --batch 10000
acc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["points"][0]["accepted"])' "$TMP/ns.json")
if within x "$acc" "$thr_acc" 0.015; then ok "4x4 mesh, --booksim-loop --booksim-alloc, at offered 1.0: accepted nocsyn $acc, BookSim2 $thr_acc"
else notok "4x4 mesh, --booksim-loop --booksim-alloc, at offered 1.0: accepted within 1.5%" "nocsyn $acc, BookSim2 $thr_acc"; fi

# The injection VC (sim.h, Injection; issue 30): a source skips a full
# injection VC, as BookSim2's terminal does.  With the bench's options on
# the 8-ring (2 VCs x 4 flits) and the 8x8 torus (4 VCs x 8 flits) at
# offered 1.0, seed 1: within 1.5% (measured -0.14% and +0.08%; a source
# that waited on its round-robin VC, mutant SJ01, accepted +3.2% and +3.5%
# on the means of seeds 1-3, benchmarks/RESULTS.md).
for row in "gen:ring:k=8|topology = torus;\nk = 8;\nn = 1;\nrouting_function = dim_order;|8-ring|2|4" \
        "gen:torus:k=8,n=2|topology = torus;\nk = 8;\nn = 2;\nrouting_function = dim_order;|8x8 torus|4|8"; do
    topo=${row%%|*}; rest=${row#*|}; cfg=${rest%%|*}; rest=${rest#*|}; name=${rest%%|*}; rest=${rest#*|}
    VC=${rest%|*} BUF=${rest#*|} BS_SEED=1
    set -- $(BS_TYPE=throughput bs "$cfg" 1.0 1); bacc=$2
    ns "$topo" 1.0 1 --batch 10000 --seed 1 --booksim-loop --booksim-alloc
    acc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["points"][0]["accepted"])' "$TMP/ns.json")
    if within x "$acc" "$bacc" 0.015; then ok "$name, ${VC}x$BUF, the bench's options, at offered 1.0: accepted nocsyn $acc, BookSim2 $bacc"
    else notok "$name, ${VC}x$BUF, the bench's options, at offered 1.0: accepted within 1.5%" "nocsyn $acc, BookSim2 $bacc"; fi
done
VC=2 BUF=4 BS_SEED=
