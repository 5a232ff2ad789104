#!/bin/sh
# Chosen design of every synthesis method on every benchmark app (markdown).
# usage: sh benchmarks/perf/methods_bench.sh [BUILD]
set -e
BUILD=${1:-build}
N=$BUILD/nocsyn
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cell() { # DIR -> "design: power / hops / radix / wire"
    awk -F, '$6==1 {printf "%s: %.2f / %.3f / r%s / %.3g", $1, $7, $9, $11, $15}' "$1/pareto.csv"
}
echo "Each cell: chosen design: power_mw / hops_avg / radix_max / wire_mm"
echo "(\`nocsyn synth APP --method M -o DIR\`, defaults: --max-radix 8, 32-bit links at 1000 MHz, seed 1)."
echo
echo "| app | split | merge | merge --start mesh | cmesh | hring |"
echo "|---|---|---|---|---|---|"
for app in benchmarks/apps/*.csv; do
    case "$app" in *cores.csv) continue ;; esac
    a=$(basename "$app" .csv)
    row="| $a"
    for m in split merge "merge --start mesh" cmesh hring; do
        d="$T/$a-$(echo "$m" | tr ' ' '_')"
        # shellcheck disable=SC2086
        if "$N" synth "$app" --method $m -o "$d" -q 2>/dev/null; then row="$row | $(cell "$d")"; else row="$row | infeasible"; fi
    done
    echo "$row |"
done
