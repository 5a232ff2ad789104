#!/bin/sh
# The SunFloor-3D-style TSV-budget trade-off for benchmarks/RESULTS.md
# ("TSV budget"): benchmarks/packages/stack18.* (three layers, heavy vertical
# traffic) synthesized under a budget of B hybrid-bond modules per layer
# boundary, B = 1 2 3 4 6, over the link widths 32, 64 and 128 bits at
# 1000 MHz (--extra-modules 2); per B the chosen (least-power) design, its
# width, modules, bonds (modules x 2 x 64 lanes), power, D2D power and
# latency; then, at B = 16 and 32 bits, the least power at each module count
# the sweep reaches (--extra-modules 8).
# usage: sh benchmarks/perf/package_tsv.sh [BUILD]   (from the repository root)
set -e
BUILD=${1:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
APP=benchmarks/packages/stack18.csv
echo "| budget (modules per boundary) | chosen | link bits | modules | bonds | power mW | D2D mW | latency avg ns | latency max ns | infeasible points |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for B in 1 2 3 4 6; do
    sed "s/^d2d = hybrid-bond budget=16/d2d = hybrid-bond budget=$B/" benchmarks/packages/stack18.pkg >"$T/s.pkg"
    s=$(date +%s.%N)
    nice -n 10 "$BUILD/nocsyn" package "$APP" "$T/s.pkg" --link-width 32,64,128 --extra-modules 2 -o "$T/b$B" >/dev/null
    e=$(date +%s.%N)
    python3 - "$T/b$B/package.csv" "$B" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
c = [r for r in rows if r['chosen'] == '1'][0]
bad = sum(1 for r in rows if r['design'].startswith('pkg_') and r['feasible'] != '1')
m = int(c['d2d_modules'])
print(f"| {sys.argv[2]} | {c['design']} | {c['link_width']} | {m} | {m * 128} | {float(c['power_mw']):.1f} | "
      f"{float(c['d2d_mw']):.2f} | {float(c['latency_avg_ns']):.2f} | {float(c['latency_max_ns']):.0f} | {bad} |")
PY
    echo "# budget $B: $(echo "$e - $s" | bc) s wall" >&2
done
echo
echo "| modules (B = 16, 32 bits) | bonds | least power mW | design | D2D mW | latency avg ns |"
echo "|---|---|---|---|---|---|"
nice -n 10 "$BUILD/nocsyn" package "$APP" benchmarks/packages/stack18.pkg --extra-modules 8 -o "$T/sweep" >/dev/null
python3 - "$T/sweep/package.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['design'].startswith('pkg_') and r['feasible'] == '1']
best = {}
for r in rows:
    m = int(r['d2d_modules'])
    if m not in best or float(r['power_mw']) < float(best[m]['power_mw']):
        best[m] = r
for m in sorted(best):
    r = best[m]
    print(f"| {m} | {m * 128} | {float(r['power_mw']):.1f} | {r['design']} | {float(r['d2d_mw']):.2f} | {float(r['latency_avg_ns']):.2f} |")
PY
