#!/bin/sh
# Synthesis figures for benchmarks/RESULTS.md: for every benchmark app the
# Pareto set of the split sweep beside a mesh with the same cores under the
# auto mapping (same power model), and the sweep runtimes, including the
# clustered synthetic apps of 256 and 1024 cores (clustered_app.c, seed 1).
# usage: sh benchmarks/perf/synth_bench.sh [BUILD]   (markdown on stdout)
set -e
BUILD=${1:-build}
N=$BUILD/nocsyn
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cc -O2 -Iinclude benchmarks/perf/clustered_app.c "$BUILD/libnocsyn.a" -lm -o "$T/clustered_app"
"$T/clustered_app" 256 1 >"$T/clustered256.csv"
"$T/clustered_app" 1024 1 >"$T/clustered1024.csv"
secs() { /usr/bin/time -f "%e %U" "$@" 2>&1 >/dev/null | tail -1; }

echo "### Split synthesis: Pareto sets against a mapped mesh"
echo
echo "Command per app: \`nocsyn synth APP -o DIR\` (defaults: --max-radix 8, 32-bit links at"
echo "1000 MHz, min-cut floorplan of 1 mm x 1 mm cores, seed 1) and"
echo "\`nocsyn compare APP --methods split --baselines mesh -o DIR\` for the mesh (cores placed"
echo "by --map auto, XY routing, same tech model)."
echo
echo "| app | cores | design | switches | power mW | hops avg | max radix | chosen |"
echo "|---|---:|---|---:|---:|---:|---:|---|"
for app in benchmarks/apps/*.csv; do
    case "$app" in *cores.csv) continue ;; esac
    a=$(basename "$app" .csv)
    "$N" synth "$app" -o "$T/s_$a" -q
    "$N" compare "$app" --methods split --baselines mesh --no-ideal -o "$T/c_$a" -q 2>/dev/null
    cores=$(awk -F, 'NR>1{n++} END{print n}' "$T/s_$a/pareto.csv")
    awk -F, -v a="$a" -v c="$cores" 'NR>1 && $5==1 {printf "| %s | %s | %s | %s | %.2f | %.3f | %s | %s |\n", a, c, $1, $3, $7, $9, $11, ($6==1?"yes":"")}' "$T/s_$a/pareto.csv"
    # Columns by header name (summary.csv may grow); the spec holds a comma,
    # so take everything after the "spec" column's start.
    awk -F, -v a="$a" -v c="$cores" 'NR==1 {for (i = 1; i <= NF; i++) col[$i] = i; next}
        $1=="mesh" {spec = $col["spec"]; for (i = col["spec"] + 1; i <= NF; i++) spec = spec "," $i; gsub(/"/, "", spec)
                    printf "| %s | %s | **mesh** (%s) | %s | %.2f | %.3f | %s | |\n", a, c, spec,
                           $col["routers"], $col["power_mw"], $col["hops_avg"], $col["radix_max"]}' "$T/c_$a/summary.csv"
done
echo
echo "### Sweep runtime (wall and user seconds, 2 cores)"
echo
echo "| app | cores | switch counts swept | wall s | user s |"
echo "|---|---:|---:|---:|---:|"
for app in benchmarks/apps/vopd.csv benchmarks/apps/mpeg4.csv benchmarks/apps/mwd.csv benchmarks/apps/vopd16.csv \
           "$T/clustered256.csv" "$T/clustered1024.csv"; do
    a=$(basename "$app" .csv)
    r=$(secs "$N" synth "$app" -o "$T/t_$a" -q)
    k=$(awk 'NR>1' "$T/t_$a/pareto.csv" | wc -l)
    c=$(awk -F, 'NR>1{s[$1]=1; s[$2]=1} END{print length(s)}' "$app")
    echo "| $a | $c | $k | ${r% *} | ${r#* } |"
done
