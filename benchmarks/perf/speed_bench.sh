#!/bin/sh
# Split's sweep speed against a base build (issue 27): the default sweep
# (`nocsyn synth APP -o DIR -q`) of DVOPD (benchmarks/perf/dvopd.csv: the
# published dual-VOPD graph, 32 tasks and 44 flows, as in the DVOPD class
# of the PSO/GA mapping codes (t1..t32 = their task ids 1..32); two VOPD
# pipelines sharing one memory task) and of a random 64-core app
# (random_app.c: 160 flows of 10..400 MB/s, seed 1), by the base build of
# git revision BASE (built beside this tree by `git archive | make`) and by
# this tree, interleaved (base, this, base, this, ...) so that both see the
# same machine load.  Prints a markdown table: wall and user seconds, the
# chosen design and its power.
# usage: sh benchmarks/perf/speed_bench.sh [BASE]   (default 823427e)
# Environment: BUILD (default build), RUNS (default 1), APPS (default
# "dvopd rand64"; also c4096 = clustered_app 4096 1, the 4096-core sweep),
# THREADS (default empty: every core; else --threads THREADS for both
# builds, e.g. THREADS=1 and THREADS=2 for the serial and parallel
# figures), NICE (default 0: the nice level of every run).
# Also prints the max RSS and whether this tree's output directory is
# byte-identical to the base's ("same").
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=${1:-823427e}
BUILD=${BUILD:-build}
RUNS=${RUNS:-1}
APPS=${APPS:-"dvopd rand64"}
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
cd "$ROOT" || exit 1
mkdir -p "$T/base" && git archive "$BASE" | tar -x -C "$T/base" && (cd "$T/base" && make -j2 >/dev/null 2>&1) || {
    echo "speed_bench: cannot build $BASE" >&2
    exit 1
}
THREADS=${THREADS:-}
NICE=${NICE:-0}
TOPT=
[ -n "$THREADS" ] && TOPT="--threads $THREADS"
cc -O2 -Iinclude benchmarks/perf/random_app.c "$BUILD/libnocsyn.a" -lm -o "$T/random_app" || exit 1
cc -O2 -Iinclude benchmarks/perf/clustered_app.c "$BUILD/libnocsyn.a" -lm -o "$T/clustered_app" || exit 1
cp benchmarks/perf/dvopd.csv "$T/dvopd.csv"
"$T/random_app" 64 160 1 >"$T/rand64.csv"
"$T/clustered_app" 4096 1 >"$T/c4096.csv"
echo "| app | build | threads | wall s | user s | max RSS MB | load (1 min) | chosen | power mW | output |"
echo "|---|---|---:|---:|---:|---:|---:|---|---:|---|"
for app in $APPS; do
    r=0
    while [ "$r" -lt "$RUNS" ]; do
        for b in base this; do
            bin="$ROOT/$BUILD/nocsyn"
            [ "$b" = base ] && bin="$T/base/build/nocsyn"
            rm -rf "$T/out_$b"
            # shellcheck disable=SC2086
            nice -n "$NICE" /usr/bin/time -f "%e %U %M" -o "$T/t" "$bin" synth "$T/$app.csv" -o "$T/out_$b" -q $TOPT 2>/dev/null
            load=$(cut -d' ' -f1 /proc/loadavg)
            ch=$(awk -F, '$6==1 {print $1 " | " $7}' "$T/out_$b/pareto.csv")
            name=$b
            [ "$b" = base ] && name="base $BASE"
            same=
            [ "$b" = this ] && { diff -r "$T/out_base" "$T/out_this" >/dev/null 2>&1 && same=same || same=differs; }
            awk -v a="$app" -v b="$name" -v l="$load" -v c="$ch" -v j="${THREADS:-all}" -v s="$same" \
                '{printf "| %s | %s | %s | %.2f | %.2f | %.0f | %s | %s | %s |\n", a, b, j, $1, $2, $3 / 1024, l, c, s}' "$T/t"
        done
        r=$((r + 1))
    done
done
