#!/bin/sh
# Floorplan co-synthesis (issue 26) before and after, per benchmark app:
#   OLD=path/to/old/nocsyn NEW=path/to/new/nocsyn sh benchmarks/perf/layout_bench.sh [METHOD]
# Runs `synth APP --method METHOD` (default split) with both binaries and
# prints one markdown row per app from the written files: the chosen design
# of each, the cores' floorplan of each binary (`nocsyn floorplan APP`:
# the bounding box of the min-cut floorplan, before co-synthesis), the die
# (the DEF's DIEAREA) and its growth over that floorplan, the routers' own
# area (place.csv) as a share of the floorplan, the wire priced (D.json) and handed off (links.csv, router
# links once), the power priced, and whether the chosen design changed.
: "${OLD:?OLD=old nocsyn binary}" "${NEW:?NEW=new nocsyn binary}"
M=${1:-split}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
W=$(mktemp -d)
mkdir -p "$W/old" "$W/new"
trap 'rm -rf "$W"' EXIT
echo "| app | chosen before | chosen after | floorplan mm2 before / after | die before (growth) | die after (growth) | routers' own area after | util after | wire priced before | wire handed off before | wire after | power before mW | power after mW |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for f in "$ROOT"/benchmarks/apps/*.csv; do
    a=$(basename "$f" .csv)
    case $a in *.cores) continue ;; esac
    "$OLD" synth "$f" --method "$M" -o "$W/old/$a" >/dev/null 2>&1 || { echo "| $a | (old failed) |"; continue; }
    "$NEW" synth "$f" --method "$M" -o "$W/new/$a" >/dev/null 2>&1 || { echo "| $a | | (new failed) |"; continue; }
    "$OLD" floorplan "$f" -o "$W/old/$a.fp.csv" 2>/dev/null
    "$NEW" floorplan "$f" -o "$W/new/$a.fp.csv" 2>/dev/null
    python3 - "$W/old/$a" "$W/new/$a" "$a" <<'PY'
import csv, json, re, sys
old, new, app = sys.argv[1:4]
def chosen(d):
    return next(r for r in csv.DictReader(open(f"{d}/pareto.csv")) if r["chosen"] == "1")
def die(d, n):
    x0, y0, x1, y1 = map(int, re.search(r"DIEAREA \( (-?\d+) (-?\d+) \) \( (-?\d+) (-?\d+) \)", open(f"{d}/{n}.def").read()).groups())
    return (x1 - x0) * (y1 - y0) / 1e12
def handoff_wire(d, n):
    p = {}
    for r in csv.DictReader(open(f"{d}/{n}.links.csv")):
        if r["kind"] == "link":
            p.setdefault(frozenset((r["src"], r["dst"])), float(r["length_mm"]))
    return sum(p.values())
def fp_box(d):
    cs = list(csv.DictReader(open(f"{d}.fp.csv")))
    xs = [float(r["x_mm"]) for r in cs] + [float(r["x_mm"]) + float(r["w_mm"]) for r in cs]
    ys = [float(r["y_mm"]) for r in cs] + [float(r["y_mm"]) + float(r["h_mm"]) for r in cs]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))
def router_area(d, n):
    return sum(float(r["w_mm"]) * float(r["h_mm"]) for r in csv.DictReader(open(f"{d}/{n}.place.csv")) if r["kind"] == "router")
o, n = chosen(old), chosen(new)
fo, fn = fp_box(old), fp_box(new)
do, dn = die(old, o["design"]), die(new, n["design"])
ra = router_area(new, n["design"])
print(f"| {app} | {o['design']} | {n['design']}{'' if o['design'] == n['design'] else ' (changed)'} | {fo:.2f} / {fn:.2f} | "
      f"{do:.2f} ({100 * (do / fo - 1):+.1f}%) | {dn:.2f} ({100 * (dn / fn - 1):+.1f}%) | {ra:.2f} ({100 * ra / fn:.1f}%) | {float(n['core_util']):.2f} | "
      f"{float(o['wire_mm']):.2f} | {handoff_wire(old, o['design']):.2f} | {float(n['wire_mm']):.2f} | "
      f"{float(o['power_mw']):.2f} | {float(n['power_mw']):.2f} |")
PY
done
