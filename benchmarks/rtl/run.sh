#!/bin/sh
# RTL benchmarks (issue 14), results in benchmarks/RESULTS.md:
#   sh benchmarks/rtl/run.sh yosys   the router synthesized by Yosys (generic
#        `synth`) for radix 3..8 (V=2, BUF=4, 32-bit payload): cells and
#        flip-flops against the tech model's router area (nocsyn tech)
#   sh benchmarks/rtl/run.sh apps    for every benchmark app: its chosen
#        design (synth) and the mesh and torus baselines (compare): RTL,
#        Verilator lint, the Verilator testbench (zero-load latency per flow
#        and in-order delivery) and nocsyn sim's zero-load latency
# NOCSYN (default build/nocsyn); work files in a temporary directory.
set -u
NOCSYN=${NOCSYN:-build/nocsyn}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

yosys_sweep() {
    "$NOCSYN" tech --radix 3:8 --width 32 --format json >"$TMP/tech.json"
    echo "| radix | Yosys cells | flip-flops | cells / radix 3 | model area mm^2 | area / radix 3 |"
    echo "|---|---|---|---|---|---|"
    for p in 3 4 5 6 7 8; do
        yosys -p "read_verilog -sv $ROOT/src/rtl/sv/nocsyn_router.sv; chparam -set NIN $p -set NOUT $p nocsyn_router; synth -top nocsyn_router; tee -o $TMP/stat$p stat" \
            >"$TMP/y$p" 2>&1
        cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\)$/\1/p' "$TMP/stat$p" | tail -1)
        ffs=$(grep -E '^ *\$_[A-Z]*DFF[A-Z]*_[A-Z0-9_]*  *[0-9]+$' "$TMP/stat$p" | awk '{ s += $2 } END { print s + 0 }')
        python3 - "$TMP/tech.json" "$p" "$cells" "$ffs" "${c3:-$cells}" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
area = {r["radix"]: r["area_mm2"] for r in t["radix"]}
p, cells, ffs, c3 = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
print("| %d | %d | %d | %.2f | %.4f | %.2f |" % (p, cells, ffs, cells / c3, area[p], area[p] / area[3]))
PY
        c3=${c3:-$cells}
    done
}

apps() {
    echo "| app | design | routing | flows | zero-load latency (cycles) | testbench | sim zero-load |"
    echo "|---|---|---|---|---|---|---|"
    for app in "$ROOT"/benchmarks/apps/*.csv; do
        a=$(basename "$app" .csv)
        "$NOCSYN" compare "$app" --methods split --baselines mesh,torus -o "$TMP/$a" >"$TMP/$a.log" 2>&1 || continue
        chosen=$(ls "$TMP/$a"/split_*.dot 2>/dev/null | head -1)
        for d in "$chosen" "$TMP/$a/mesh.dot" "$TMP/$a/torus.dot"; do
            [ -f "$d" ] || continue
            n=$(basename "$d" .dot)
            out="$TMP/$a-$n"
            "$NOCSYN" rtl "$d" --traffic "app:$app" -o "$out" >"$out.log" 2>&1 || { echo "| $a | $n | rtl failed: $(head -c 100 "$out.log") |"; continue; }
            routing=$(sed -n 's/.*routing \([a-z]*\),.*/\1/p' "$out.log")
            lat=$(awk -F, 'NR > 1 { if (!lo || $7 < lo) lo = $7; if ($7 > hi) hi = $7 } END { print lo ".." hi }' "$out/flows.csv")
            nf=$(($(wc -l <"$out/flows.csv") - 1))
            (cd "$out" && verilator --lint-only -Wall --top-module nocsyn_top nocsyn_router.sv nocsyn_link.sv nocsyn_top.sv) >"$out.lint" 2>&1
            [ -s "$out.lint" ] && lint=" (lint: $(head -c 60 "$out.lint"))" || lint=""
            make -C "$out" sim >"$out.tb" 2>&1
            tb=$(grep -c '^PASS$' "$out.tb")
            got=$(grep '^flow ' "$out.tb" | awk '$5 == $7' | wc -l)
            [ "$tb" = 1 ] && tbs="PASS, $got/$nf flows exact$lint" || tbs="FAIL$lint"
            zl=$("$NOCSYN" sim "$d" --traffic "app:$app" --rate 0.002 --packet 4 --vcs 2 --buf 4 --cycles 2000 \
                --mm-per-cycle 10 --format json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["zero_load_latency"])')
            pred=$(awk -F, 'NR > 1 { w += $5; s += $5 * $7 } END { printf "%.6g", s / w }' "$out/flows.csv")
            echo "| $a | $n | $routing | $nf | $lat (mean $pred) | $tbs | $zl |"
        done
    done
}

case "${1:-}" in
yosys) yosys_sweep ;;
apps) apps ;;
*) echo "usage: sh benchmarks/rtl/run.sh yosys|apps" >&2; exit 2 ;;
esac
