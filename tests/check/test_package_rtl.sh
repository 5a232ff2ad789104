#!/bin/sh
# `make check` (about 2 minutes): the composed multi-die design of VOPD over
# two chiplets (nocsyn package, issue 31) through `nocsyn rtl`, Verilator
# lint and the generated testbench.  A D2D channel is a link of its own
# latency (2 cycles at 1000 MHz for UCIe's 2 ns): every flow's measured
# zero-load latency must equal flows.csv and the package model's
# D.latency.csv (the flows that cross the dies included), and the loaded
# run must deliver every packet in order (PASS).
. "$(dirname "$0")/../cli/lib.sh"
for x in verilator make c++; do
    command -v $x >/dev/null 2>&1 || { notok "$x installed" "make deps installs it"; exit 0; }
done
VOPD="$APPS/vopd.csv"
run "package vopd over two chiplets" 0 "$NOCSYN" package "$VOPD" "$ROOT/benchmarks/packages/two_chiplets.pkg" --kmax 2 -o "$TMP/p"
d=$(awk -F, '$17 == 1 { print $1 }' "$TMP/p/package.csv")
run "rtl of the composed design $d" 0 "$NOCSYN" rtl "$TMP/p/$d.dot" --traffic "app:$VOPD" -o "$TMP/r"
if (cd "$TMP/r" && verilator --lint-only -Wall --top-module nocsyn_top nocsyn_router.sv nocsyn_link.sv \
        nocsyn_top.sv) >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]; then ok "lint -Wall clean: $d"
else notok "lint -Wall clean: $d" "$(head -c 600 "$TMP/lint")"; fi
nice -n 10 make -C "$TMP/r" sim VFLAGS=-fno-inline >"$TMP/tb" 2>&1
if grep -q '^PASS$' "$TMP/tb"; then ok "testbench passes: $d"
else notok "testbench passes: $d" "$(tail -c 800 "$TMP/tb")"; fi
awk -F, 'NR > 1 { print "flow " $1 " " $2 " latency " $7 " expected " $7 }' "$TMP/r/flows.csv" >"$TMP/want"
grep '^flow ' "$TMP/tb" >"$TMP/got"
same "measured zero-load latency of every flow = flows.csv" "$TMP/got" "$TMP/want"
# flows.csv's predictions against the package model (names -> latency).
python3 - "$TMP/r/flows.csv" "$TMP/p/$d.latency.csv" "$TMP/p/dies.csv" <<'PY' && ok "flows.csv = the package model's latency, D2D flows included" || notok "rtl vs package model" ""
import csv, sys
rtl = {(r['src_name'], r['dst_name']): int(r['latency']) for r in csv.DictReader(open(sys.argv[1]))}
model = {(r['src'], r['dst']): int(r['latency_cycles']) for r in csv.DictReader(open(sys.argv[2]))}
die = {r['core']: r['die'] for r in csv.DictReader(open(sys.argv[3]).read().split('\n\n')[1].splitlines())}
assert set(model) <= set(rtl), set(model) - set(rtl)
assert all(rtl[k] == v for k, v in model.items()), [(k, rtl[k], v) for k, v in model.items() if rtl[k] != v]
assert any(die[a] != die[b] for a, b in model)
PY
