#!/bin/sh
# `make bench-booksim`: `nocsyn sim` side by side with BookSim2 on matching
# configurations (topology, routing, 4 VCs x 8 flits, 3-cycle routers
# (VC allocation, switch allocation, switch traversal), 1-cycle links,
# credit delay, packet size, traffic, offered load in flits/node/cycle).
#
# BookSim2 is never fetched at run time: point BOOKSIM_SRC at a source tree
# (git clone https://github.com/booksim/booksim2, then
# BOOKSIM_SRC=/path/to/booksim2 make bench-booksim).  It is built in a scratch
# directory (needs g++, flex, bison); nothing of it enters this repository.
#
# Per configuration, for each load in RATES (default "0.05 0.2 0.35") it
# prints the average packet latency and accepted flits/node/cycle of both
# tools and the simulated cycles per second of each.  Eight configurations:
# five meshes, the torus and two synthesized designs (anynet).
# Environment: BUILD (default build), BOOKSIM_SRC (required), RATES,
# BOOKSIM_BUILD (a scratch build directory reused when it holds a booksim binary),
# ONLY (run only the configurations whose name contains it).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
NOCSYN=${NOCSYN:-$ROOT/$BUILD/nocsyn}
RATES=${RATES:-"0.05 0.2 0.35"}
: "${BOOKSIM_SRC:?set BOOKSIM_SRC to a BookSim2 source tree (git clone https://github.com/booksim/booksim2)}"
[ -f "$BOOKSIM_SRC/src/Makefile" ] || { echo "booksim_bench: $BOOKSIM_SRC/src/Makefile not found" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# BOOKSIM_BUILD: scratch directory kept between runs (default: a temporary one)
BSB=${BOOKSIM_BUILD:-$W/bs}
if [ ! -x "$BSB/booksim" ]; then
    mkdir -p "$BSB" && cp -R "$BOOKSIM_SRC/src/." "$BSB" && (cd "$BSB" && make -j2 >"$W/bs.log" 2>&1) ||
        { echo "booksim_bench: BookSim2 build failed (needs g++, flex, bison)" >&2; tail -5 "$W/bs.log" >&2; exit 1; }
fi
BOOKSIM=$BSB/booksim
now() { date +%s.%N; }

# booksim_run CFGBODY RATE PKT: prints "latency accepted cycles seconds"
# use_noc_latency = 0: every channel 1 cycle, as nocsyn's unit links.  BookSim's
# default (1) gives a torus 2-cycle channels (kncube.cpp: a folded torus's
# links span two tiles), which was the 5-cycle torus gap: 26.13 cycles
# against 22.10 with 1-cycle channels at 0.05 flits/node/cycle (8x8, dor).
booksim_run() {
    cat >"$W/cfg" <<CFG
$1
use_noc_latency = 0;
num_vcs = 4;
vc_buf_size = 8;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
credit_delay = 2;
wait_for_tail_credit = 0;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $2;
sim_type = latency;
sample_period = 10000;
warmup_periods = 1;
max_samples = 3;
CFG
    t0=$(now)
    "$BOOKSIM" "$W/cfg" >"$W/bs.out" 2>&1
    t1=$(now)
    awk -v a="$t0" -v b="$t1" '
        /Packet latency average/ { lat = $5 }
        /Accepted flit rate average/ { acc = $6 }
        /Time taken is/ { cyc = $4 }
        /unstable/ { lat = "unstable" }
        END { printf "%s %s %s %.0f\n", lat == "" ? "-" : lat, acc == "" ? "-" : acc, cyc == "" ? 0 : cyc, (b - a > 0 && cyc > 0) ? cyc / (b - a) : 0 }' "$W/bs.out"
}

# nocsyn_run TOPO ROUTING TRAFFIC RATE PKT: same fields
nocsyn_run() {
    t0=$(now)
    "$NOCSYN" sim "$1" --routing "$2" --traffic "$3" --rate "$4" --packet "$5" --vcs 4 --buf 8 \
        --warmup 10000 --cycles 30000 --tolerance 1e-9 --threads 1 --format json >"$W/ns.out" 2>&1
    t1=$(now)
    num() { sed -n "s/.*\"$1\":[[:space:]]*\([-0-9.e+]*\).*/\1/p" "$W/ns.out" | head -1; }
    lat=$(num latency_avg); acc=$(num accepted); cyc=$(num cycles_run)
    awk -v l="${lat:--}" -v a="${acc:--}" -v c="${cyc:-0}" -v t0="$t0" -v t1="$t1" \
        'BEGIN { printf "%s %s %s %.0f\n", l, a, c, (t1 - t0 > 0) ? c / (t1 - t0) : 0 }'
}

# Two synthesized designs, handed to BookSim as anynet files (their trees
# have one minimal path per pair, so BookSim's `min` routing and nocsyn's
# ecmp take the same routes; the anynet file carries the link latencies).
"$NOCSYN" synth "$ROOT/benchmarks/apps/vopd.csv" --switches 4 -q -o "$W/vopd" >/dev/null 2>&1 &&
    "$NOCSYN" synth "$ROOT/benchmarks/apps/mpeg4.csv" --switches 3 -q -o "$W/mpeg4" >/dev/null 2>&1 ||
    { echo "booksim_bench: nocsyn synth failed" >&2; exit 1; }

echo "| configuration | load | nocsyn latency | BookSim2 latency | nocsyn accepted | BookSim2 accepted | nocsyn cycles/s | BookSim2 cycles/s |"
echo "|---|---|---|---|---|---|---|---|"
# name | nocsyn topology | nocsyn routing | nocsyn traffic | BookSim topology lines | BookSim traffic | packet
while IFS='|' read -r name topo routing traffic bscfg bstraffic pkt; do
    [ -n "$name" ] || continue
    case $name in *"${ONLY:-}"*) ;; *) continue ;; esac
    topo=$(printf '%s' "$topo" | sed "s|@W@|$W|g"); bscfg=$(printf '%s' "$bscfg" | sed "s|@W@|$W|g")
    for r in $RATES; do
        set -- $(nocsyn_run "$topo" "$routing" "$traffic" "$r" "$pkt")
        nl=$1 na=$2 nc=$4
        set -- $(booksim_run "$(printf '%b' "$bscfg")
traffic = $bstraffic;" "$r" "$pkt")
        echo "| $name | $r | $nl | ${1:--} | $na | ${2:--} | $nc | ${4:--} |"
    done
done <<'CONFIGS'
8x8 mesh, dor, uniform, 1 flit|gen:mesh:k=8,n=2|dor|uniform|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|1
8x8 mesh, dor, transpose, 1 flit|gen:mesh:k=8,n=2|dor|transpose|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|transpose|1
8x8 mesh, dor, bitcomp, 1 flit|gen:mesh:k=8,n=2|dor|bitcomp|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|bitcomp|1
8x8 mesh, dor, uniform, 4 flits|gen:mesh:k=8,n=2|dor|uniform|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|4
4x4 mesh, dor, uniform, 1 flit|gen:mesh:k=4,n=2|dor|uniform|topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dim_order;|uniform|1
8x8 torus, dor (dateline), uniform, 1 flit|gen:torus:k=8,n=2|dor|uniform|topology = torus;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|1
VOPD split_k4 (anynet), min, uniform, 1 flit|@W@/vopd/split_k4.dot|ecmp|uniform|topology = anynet;\nnetwork_file = @W@/vopd/split_k4.anynet;\nrouting_function = min;|uniform|1
MPEG-4 split_k3 (anynet), min, uniform, 1 flit|@W@/mpeg4/split_k3.dot|ecmp|uniform|topology = anynet;\nnetwork_file = @W@/mpeg4/split_k3.anynet;\nrouting_function = min;|uniform|1
CONFIGS
