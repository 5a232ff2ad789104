#!/bin/sh
# Split against the exact optimum (RESULTS.md, "Synthesis quality"): for
# every benchmark app of at most 16 cores and K = 2..4 switches, split's
# power at that K (`nocsyn synth APP --switches K`, default options) and
# the optimum of the same cost model and constraints (noc_synth_exact, a
# GLPK integer program; "limit" = the time limit stopped it, the bound is
# then a proven lower bound, and "split over bound" the gap split is
# proven within), on the default tech model and on
# dyn_dominated.tech (every leakage x 0.1).  Markdown on stdout.
# usage: sh benchmarks/perf/exact_bench.sh [BUILD]
# Environment: APPS (default: the apps of <= 16 cores), KS (default "2 3 4"),
# LIMIT (seconds per program, default 120).
set -e
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
KS=${KS:-"2 3 4"}
LIMIT=${LIMIT:-120}
GV=$(pkg-config --libs libgvc 2>/dev/null || echo -lgvc -lcgraph -lcdt)
cc -O2 -I"$ROOT/include" "$ROOT/benchmarks/perf/exact_bench.c" "$BUILD/libnocsyn.a" \
    $GV -lglpk -lmetis -lcjson -lcsv -lpthread -lm -o "$T/exact_bench"
if [ -z "${APPS:-}" ]; then
    APPS=""
    for a in "$ROOT"/benchmarks/apps/*.csv; do
        case "$a" in *cores.csv) continue ;; esac
        n=$(awk -F, 'NR > 1 { c[$1]; c[$2] } END { print length(c) }' "$a")
        [ "$n" -le 16 ] && APPS="$APPS $a"
    done
fi
for tech in - "$ROOT/benchmarks/perf/dyn_dominated.tech"; do
    if [ "$tech" = - ]; then echo "#### Default tech model"; else echo "#### Dynamic-dominated model (dyn_dominated.tech: leakage x 0.1)"; fi
    echo
    echo "| app | K | split mW | exact mW | status | lower bound mW | split gap % | split over bound % | split hops | exact hops | exact topology | solve s |"
    echo "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|"
    for app in $APPS; do
        for K in $KS; do
            "$T/exact_bench" "$app" "$K" "$tech" "$LIMIT" |
                awk '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $6, $5, $7, $12, $8, $9, $10, $11 }'
        done
    done
    echo
done
