#!/bin/sh
# `make bench`: times `nocsyn eval` (ECMP routing, uniform traffic) on 2-D
# meshes and tori of side 16, 32, 64 and 128 and on a random 4-regular graph
# of 4096 routers, side by side with igraph's C API computing the same three
# quantities (edge betweenness = ECMP loads, average path length = hops,
# diameter) on the same graphs.  Prints a markdown table; both tools' results
# are cross-checked (max channel load = max edge betweenness / N, average
# path length = hops.avg_excl_self, diameter).
#
# Environment: BUILD (default build), THREADS (nocsyn --threads, default 2),
# SIDES (default "16 32 64 128"), IGRAPH_MAX (largest side given to igraph,
# default 128), RUNS (nocsyn repetitions, best kept; default 3).
# nocsyn is timed with --no-bisection (the bisection is a separate integer
# program / METIS partition, timed once in the last line).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
NOCSYN=${NOCSYN:-$ROOT/$BUILD/nocsyn}
THREADS=${THREADS:-2}
SIDES=${SIDES:-"16 32 64 128"}
IGRAPH_MAX=${IGRAPH_MAX:-128}
RUNS=${RUNS:-3}
W=$ROOT/$BUILD/bench
mkdir -p "$W" || exit 1
HERE=$ROOT/benchmarks/perf

cc -O2 -o "$W/graphgen" "$HERE/graphgen.c" || exit 1
IGRAPH=""
if pkg-config --exists igraph 2>/dev/null &&
    cc -O2 $(pkg-config --cflags igraph) -o "$W/igraph_bench" "$HERE/igraph_bench.c" \
        $(pkg-config --libs igraph) 2>"$W/igraph_build.log"; then
    IGRAPH="$W/igraph_bench"
else
    echo "note: igraph (libigraph-dev) not available; nocsyn timings only"
fi

. "$HERE/lib.sh"

row() { # name routers nocsyn-target edges-file
    name=$1; n=$2; target=$3; edges=$4; side=$5
    tn=$(best_time "$NOCSYN" eval "$target" --no-bisection --threads "$THREADS") || return
    load=$(json_num max_channel_load)
    nc=-
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f "%U %S" -o "$W/cpu" "$NOCSYN" eval "$target" --no-bisection --threads 1 >/dev/null 2>&1 &&
            nc=$(awk '{printf "%.2f", $1 + $2}' "$W/cpu")
    fi
    avg=$(json_num avg_excl_self)
    diam=$(json_num diameter)
    if [ -n "$IGRAPH" ] && [ "$side" -le "$IGRAPH_MAX" ]; then
        ig=$("$IGRAPH" "$n" "$edges")
        ti=$(echo "$ig" | awk '{print $8}')
        ic=$(echo "$ig" | awk '{print $16}')
        iload=$(echo "$ig" | awk '{print $10}')
        iavg=$(echo "$ig" | awk '{print $12}')
        idiam=$(echo "$ig" | awk '{print $14}')
        speed=$(awk -v a="$ti" -v b="$tn" 'BEGIN { printf "%.1fx", a / b }')
        same=$(awk -v a="$load" -v b="$iload" -v c="$avg" -v d="$iavg" -v e="$diam" -v f="$idiam" \
            'BEGIN { ok = (a - b < 1e-6 * b && b - a < 1e-6 * b && c - d < 1e-6 * d && d - c < 1e-6 * d && e == f);
                     print ok ? "agree" : "DIFFER" }')
        cspeed=$(awk -v a="$ic" -v b="$nc" 'BEGIN { if (b + 0 > 0) printf "%.1fx", a / b; else print "-" }')
        printf '| %s | %s | %s | %s | %s | %s | %.2f | %s | %s | %s / %s / %s | %s |\n' "$name" "$n" "$tn" "$ti" \
            "$speed" "$nc" "$ic" "$cspeed" "$load" "$avg" "$diam" "$iload" "$same"
    else
        printf '| %s | %s | %s | - | - | %s | - | - | %s | %s / %s / - | - |\n' "$name" "$n" "$tn" "$nc" \
            "$load" "$avg" "$diam"
    fi
}

echo "nocsyn eval (ECMP, uniform, --no-bisection --threads $THREADS, best of $RUNS) vs igraph"
echo "(edge betweenness + average path length + diameter, one run); $(nproc) cores;"
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg) (wall times need an idle machine)"
echo
echo "Wall: nocsyn --threads $THREADS (best of $RUNS) vs igraph; CPU: nocsyn --threads 1 vs igraph"
echo "(user + sys seconds, /usr/bin/time and CLOCK_PROCESS_CPUTIME_ID)."
echo
echo "| graph | routers | nocsyn wall s | igraph wall s | wall speedup | nocsyn CPU s (1 thread) | igraph CPU s | CPU speedup | max load | avg hops excl self / diameter / igraph max load | check |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for k in $SIDES; do
    for fam in torus mesh; do
        "$W/graphgen" "$fam" "$k" "$W/$fam$k.edges" || exit 1
        row "$fam ${k}x$k" $((k * k)) "gen:$fam:k=$k,n=2" "$W/$fam$k.edges" "$k"
    done
done
"$W/graphgen" randreg 4096 1 "$W/randreg4096.dot" "$W/randreg4096.edges" || exit 1
row "random 4-regular (DOT file)" 4096 "$W/randreg4096.dot" "$W/randreg4096.edges" 64
echo
t=$(RUNS=1 best_time "$NOCSYN" eval gen:torus:k=64,n=2 --threads "$THREADS")
echo "with the bisection (default options): nocsyn eval gen:torus:k=64,n=2 --threads $THREADS: ${t} s" \
     "(bisection $(awk '/"bisection"/ { b = 1 } b && /"links"/ { gsub(/[^0-9]/, ""); print; exit }' "$W/out") links)"

# Synthesis sweeps (issue: split synthesis): Pareto sets against a mapped
# mesh for every app and sweep runtimes up to 1024 cores.
echo
BENCH_BUILD=$(dirname "$NOCSYN")
sh "$(dirname "$0")/synth_bench.sh" "$BENCH_BUILD"
echo
echo "### Every synthesis method"
echo
sh "$(dirname "$0")/methods_bench.sh" "$BENCH_BUILD"
# The simulator's speed, when its benchmark script exists.
if [ -f "$(dirname "$0")/sim_bench.sh" ]; then
    echo
    sh "$(dirname "$0")/sim_bench.sh" "$BENCH_BUILD"
fi
