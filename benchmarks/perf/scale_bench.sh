#!/bin/sh
# The large-sweep figures of benchmarks/RESULTS.md (issue 15): the default
# split sweep (`nocsyn synth APP -o DIR -q`) of the clustered synthetic apps
# (clustered_app.c, seed 1) by a base build of git revision BASE, built
# beside this tree's build, then by this tree's build, in one run on the
# same machine: wall and user seconds, max RSS, switch counts swept,
# feasible counts, and feasible counts from the radix lower bound up
# (K >= ceil((N - 2) / (R - 2)) at radix R = 8: K switches joined by at
# least K - 1 links have K R - 2 (K - 1) ports for the N cores).
# usage: sh benchmarks/perf/scale_bench.sh [BASE [BUILD]]   (markdown on stdout)
#   BASE   git revision to compare against (default: where this branch left
#          main, git merge-base HEAD main)
#   BUILD  this tree's build directory (default build; built by make)
#   SIZES  core counts (default "1024 4096")
#   BASE_TIMEOUT  seconds after which the base run is stopped (default none;
#          the row then shows "> T" and no counts)
#   THREADS  --threads for both builds (default empty: every core)
#   NICE   nice level of every run (default 0)
set -e
BASE=${1:-$(git merge-base HEAD main 2>/dev/null || echo HEAD~1)}
BUILD=${2:-build}
SIZES=${SIZES:-1024 4096}
THREADS=${THREADS:-}
NICE=${NICE:-0}
TOPT=
[ -n "$THREADS" ] && TOPT="--threads $THREADS"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
git archive "$BASE" | tar -x -C "$T" --one-top-level=base
make -s -C "$T/base" -j2 >/dev/null
make -s -j2 BUILD="$BUILD" >/dev/null
cc -O2 -Iinclude benchmarks/perf/clustered_app.c "$BUILD/libnocsyn.a" -lm -o "$T/clustered_app"
rev=$(git rev-parse --short "$BASE")

# row LABEL NOCSYN APP N [TIMEOUT]
row() {
    label=$1 bin=$2 app=$3 n=$4 limit=$5
    out="$T/o_$(echo "$label" | tr -c "a-z0-9\n" _)_$n"
    rm -rf "$out"
    if [ -n "$limit" ]; then
        st=0
        # shellcheck disable=SC2086
        timeout "$limit" nice -n "$NICE" /usr/bin/time -f "%e %U %M" -o "$T/time" "$bin" synth "$app" -o "$out" -q $TOPT 2>/dev/null || st=$?
        if [ "$st" -eq 124 ]; then
            echo "| $n | $label | > $limit | | | | | |"
            return
        fi
    else
        # shellcheck disable=SC2086
        nice -n "$NICE" /usr/bin/time -f "%e %U %M" -o "$T/time" "$bin" synth "$app" -o "$out" -q $TOPT 2>/dev/null
    fi
    read -r wall user rss <"$T/time"
    lb=$(( (n + 3) / 6 ))
    awk -F, -v lb="$lb" -v n="$n" -v l="$label" -v w="$wall" -v u="$user" -v m="$rss" \
        'NR>1 {k++; f+=$4; if ($3 >= lb) {a++; af+=$4}}
         END {printf "| %d | %s | %.1f | %.1f | %.0f | %d | %d | %d of %d (K >= %d) |\n", n, l, w, u, m/1024, k, f, af, a, lb}' \
        "$out/pareto.csv"
}

echo "| cores | build | wall s | user s | max RSS MB | switch counts swept | feasible | feasible from the bound |"
echo "|---:|---|---:|---:|---:|---:|---:|---|"
for n in $SIZES; do
    "$T/clustered_app" "$n" 1 >"$T/c$n.csv"
    row "base $rev" "$T/base/build/nocsyn" "$T/c$n.csv" "$n" "${BASE_TIMEOUT:-}"
    row "this tree" "$BUILD/nocsyn" "$T/c$n.csv" "$n"
done
