#!/bin/sh
# Simulator speed: cycles per second of `nocsyn sim` on an 8x8 mesh (XY
# routing, uniform traffic, 4 VCs x 8 flits, 1-flit packets) at an offered
# load of 0.3 flits/terminal/cycle, one load point on one thread; the
# measurement is forced to its full length (--tolerance 1e-9) so the cycle
# count is fixed.  Reference: BookSim2 simulates about 4,000 cycles/s of the
# same network and load on this class of machine; the target is 10x that.
# Also times a full sweep (--sweep, saturation search) on every core.
#
# usage: sh benchmarks/perf/sim_bench.sh [BUILD_DIR]   (markdown on stdout)
# Environment: BUILD (default build; the argument wins), CYCLES (measured
# cycles, default 100000), RUNS (repetitions, best kept; default 3),
# THREADS (sweep workers, default 0 = every core).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
if [ $# -ge 1 ]; then
    case $1 in /*) NOCSYN=$1/nocsyn ;; *) NOCSYN=$ROOT/$1/nocsyn ;; esac
else
    NOCSYN=${NOCSYN:-$ROOT/$BUILD/nocsyn}
fi
CYCLES=${CYCLES:-100000}
RUNS=${RUNS:-3}
THREADS=${THREADS:-0}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

. "$ROOT/benchmarks/perf/lib.sh"

t=$(best_time "$NOCSYN" sim gen:mesh:k=8,n=2 --routing dor --rate 0.3 --warmup 1000 \
    --cycles "$CYCLES" --tolerance 1e-9 --threads 1 --format json) || exit 1
run=$(json_num cycles_run)
lat=$(json_num latency_avg)
rate=$(awk -v c="$run" -v t="$t" 'BEGIN { printf "%.0f", c / t }')
# CPU time too (wall time suffers when other jobs share the cores)
cpu="-"
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%U" -o "$W/cpu" "$NOCSYN" sim gen:mesh:k=8,n=2 --routing dor --rate 0.3 \
        --warmup 1000 --cycles "$CYCLES" --tolerance 1e-9 --threads 1 --format json >/dev/null 2>&1 &&
        cpu=$(awk -v c="$run" 'NR == 1 && $1 > 0 { printf "%.0f", c / $1 }' "$W/cpu")
fi
echo "| benchmark | cycles | wall s | cycles/s (wall) | cycles/s (CPU) | vs BookSim2 (~4000/s) |"
echo "|---|---|---|---|---|---|"
echo "| sim 8x8 mesh, dor, uniform, 0.3 load, 1 thread (latency $lat) | $run | $t | $rate | $cpu | $(awk -v r="$rate" 'BEGIN { printf "%.1fx", r / 4000 }') |"

t=$(best_time "$NOCSYN" sim gen:mesh:k=8,n=2 --routing dor --sweep --threads "$THREADS" --format json) || exit 1
sat=$(json_num saturation)
echo "| sweep 0.05:1:0.05 + saturation search, 8x8 mesh (saturation $sat) | - | $t | - | - | - |"
