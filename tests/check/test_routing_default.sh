#!/bin/sh
# Long tier of issue 29 item 3 (tests/cli/test_routing_default.sh is the
# quick one): the issue's own reproduction, and the Verilator testbench of
# the new defaults (nca on a generated fat tree; the balanced table routes
# of compare's fat-tree and Clos baselines), deadlock freedom included
# (every flow delivered, in order, under load).
. "$(dirname "$0")/../cli/lib.sh"

# `nocsyn sim gen:fattree:k=2,n=6 --sweep` saturated at 0.05 (updown); the
# 2-ary 6-tree's ECMP load is 1 - 2/64 (Zahavi 2012), and BookSim2's own
# fattree with nca saturates near 0.75 (benchmarks/RESULTS.md).
run "sim gen:fattree:k=2,n=6 --sweep" 0 "$NOCSYN" sim gen:fattree:k=2,n=6 --sweep --format json
json "2-ary 6-tree, default routing: nca, saturation above 0.6" "$TMP/out" \
    'assert d["routing"] == "nca" and d["saturation"] > 0.6, (d["routing"], d["saturation"])'

tools=1
for x in verilator make c++; do command -v "$x" >/dev/null 2>&1 || tools=0; done
tbsim() {
    if [ "$tools" != 1 ]; then ok "# SKIP verilator, make or c++ missing: $2"; return 0; fi
    make -C "$1" sim >"$TMP/tb" 2>&1
    if grep -q '^PASS$' "$TMP/tb"; then ok "testbench passes: $2"
    else notok "testbench passes: $2" "$(tail -c 800 "$TMP/tb")"; fi
    awk -F, 'NR > 1 { print "flow " $1 " " $2 " latency " $7 " expected " $7 }' "$1/flows.csv" >"$TMP/want"
    grep '^flow ' "$TMP/tb" >"$TMP/got"
    same "measured zero-load latency of every flow = flows.csv: $2" "$TMP/got" "$TMP/want"
}
run "rtl gen:fattree:k=2,n=3 (default routing)" 0 "$NOCSYN" rtl gen:fattree:k=2,n=3 -o "$TMP/ft"
has "rtl: routing nca" "$TMP/out" 'routing nca,'
tbsim "$TMP/ft" "2-ary 3-tree under nca"
"$NOCSYN" compare "$APPS/vopd.csv" --methods split --baselines fattree,clos -o "$TMP/c" -q >/dev/null 2>&1
for b in fattree clos; do
    run "rtl vopd $b baseline (balanced tables)" 0 "$NOCSYN" rtl "$TMP/c/$b.dot" --traffic "app:$APPS/vopd.csv" \
        -o "$TMP/c_$b"
    has "rtl vopd $b: routing table" "$TMP/out" 'routing table,'
    tbsim "$TMP/c_$b" "vopd $b baseline"
done
