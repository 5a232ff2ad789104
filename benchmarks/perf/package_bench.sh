#!/bin/sh
# Multi-die synthesis figures for benchmarks/RESULTS.md ("Multi-die
# synthesis"): VOPD over two chiplets, the 64-core clustered app
# (clustered_app.c, seed 1) over four chiplets and over a three-layer stack;
# for each, the chosen package design against the bridged-mesh baseline of
# the same run (mesh_m0: each die a mesh, the same D2D modules), and the
# flat one-die split design of `synth` as the reference without D2D.
# usage: sh benchmarks/perf/package_bench.sh [BUILD]   (from the repository root)
set -e
BUILD=${1:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cc -O2 -Iinclude benchmarks/perf/clustered_app.c "$BUILD/libnocsyn.a" -lm -lpthread -o "$T/clustered_app"
"$T/clustered_app" 64 1 >"$T/c64.csv"
row() { # NAME DIR: the chosen design, mesh_m0 and ipmesh_m0 of DIR/package.csv
    awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["chosen"] == 1 || $1 == "mesh_m0" || $1 == "ipmesh_m0" {
        printf "| %s | %s | %d | %d | %.1f | %.1f | %.1f%% | %.2f | %.0f |\n", n, $1, $c["switches"], $c["d2d_modules"],
            $c["power_mw"], $c["d2d_mw"], 100 * $c["d2d_share"], $c["latency_avg_ns"], $c["latency_max_ns"] }' "$2/package.csv"
}
echo "| app / package | design | switches | D2D modules | power mW | D2D mW | D2D share | latency avg ns | latency max ns |"
echo "|---|---|---|---|---|---|---|---|---|"
for job in "vopd benchmarks/apps/vopd.csv benchmarks/packages/two_chiplets.pkg" \
           "c64x4 $T/c64.csv benchmarks/packages/four_chiplets.pkg" \
           "c64x3d $T/c64.csv benchmarks/packages/stack3.pkg"; do
    set -- $job
    s=$(date +%s.%N)
    nice -n 10 "$BUILD/nocsyn" package "$2" "$3" --kmax 8 -o "$T/$1" >/dev/null
    e=$(date +%s.%N)
    row "$1 ($(basename "$3" .pkg))" "$T/$1"
    nice -n 10 "$BUILD/nocsyn" synth "$2" --method split -q -o "$T/$1.flat" >/dev/null
    awk -F, -v n="$1 (one die)" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["chosen"] == 1 { printf "| %s | %s | %d | 0 | %.1f | 0 | 0%% | %.2f | %.0f |\n", n, $c["design"], $c["switches"], $c["power_mw"], $c["latency_avg_ns"], $c["latency_max_ns"] }' "$T/$1.flat/pareto.csv"
    echo "# $1: package run $(echo "$e - $s" | bc) s wall" >&2
done
