#!/bin/sh
# The min-cut floorplanner's own figures (issue 26): die, aspect ratio and
# core utilisation of `nocsyn floorplan APP` on every benchmark app, with
# 1 mm cores and with unequal sizes (--areas: the app's cores in order of
# first appearance get the E3S processor library's sizes,
# benchmarks/apps/e3s_processors.cores.csv, cyclically), for two binaries:
#   OLD=path/to/old/nocsyn NEW=path/to/new/nocsyn sh benchmarks/perf/floorplan_bench.sh
# One markdown row per app and size set, from the floorplan CSVs.
: "${OLD:?OLD=old nocsyn binary}" "${NEW:?NEW=new nocsyn binary}"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "| app | sizes | die before (aspect, util) | die after (aspect, util) |"
echo "|---|---|---|---|"
for f in "$ROOT"/benchmarks/apps/*.csv; do
    a=$(basename "$f" .csv)
    case $a in *.cores) continue ;; esac
    python3 - "$f" "$ROOT/benchmarks/apps/e3s_processors.cores.csv" >"$W/areas.csv" <<'PY'
import csv, sys
cores = []
for r in csv.DictReader(open(sys.argv[1])):
    for c in (r["src"], r["dst"]):
        if c not in cores:
            cores.append(c)
lib = list(csv.DictReader(open(sys.argv[2])))
print("core,w_mm,h_mm")
for i, c in enumerate(cores):
    p = lib[i % len(lib)]
    print(f"{c},{p['width_mm']},{p['height_mm']}")
PY
    for sz in 1mm areas; do
        opt=""; [ $sz = areas ] && opt="--areas $W/areas.csv"
        row="| $a | $sz"
        for b in "$OLD" "$NEW"; do
            "$b" floorplan "$f" $opt -o "$W/fp.csv" 2>/dev/null || { row="$row | (failed)"; continue; }
            row="$row | $(python3 - "$W/fp.csv" <<'PY'
import csv, sys
cs = list(csv.DictReader(open(sys.argv[1])))
x0 = min(float(r["x_mm"]) for r in cs); x1 = max(float(r["x_mm"]) + float(r["w_mm"]) for r in cs)
y0 = min(float(r["y_mm"]) for r in cs); y1 = max(float(r["y_mm"]) + float(r["h_mm"]) for r in cs)
w, h = x1 - x0, y1 - y0
core = sum(float(r["w_mm"]) * float(r["h_mm"]) for r in cs)
print(f"{w:.2f} x {h:.2f} = {w * h:.1f} mm2 ({max(w, h) / min(w, h):.2f}, {100 * core / (w * h):.0f}%)")
PY
)"
        done
        echo "$row |"
    done
done
