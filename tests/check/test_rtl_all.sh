#!/bin/sh
# `make check`: every benchmark app's chosen split design and its mesh and
# torus baselines (the shared fixture compare-apps: 1000 MHz, 10 mm of wire a
# cycle) through `nocsyn rtl`, Verilator lint (-Wall: no output) and the
# generated testbench (PASS, and every flow's measured zero-load latency
# equal to the flows.csv prediction); and Yosys synthesizing the router.  tests/cli/test_rtl.sh checks the same
# designs against nocsyn's simulator in `make test`.
. "$(dirname "$0")/../cli/lib.sh"
for x in verilator make c++; do
    command -v $x >/dev/null 2>&1 || { notok "$x installed" "make deps installs it"; exit 0; }
done
# Yosys: the router synthesizes, and radix 4 takes more cells than radix 3.
if command -v yosys >/dev/null 2>&1; then
    for p in 3 4; do
        yosys -p "read_verilog -sv $ROOT/src/rtl/sv/nocsyn_router.sv; chparam -set NIN $p -set NOUT $p nocsyn_router; synth -top nocsyn_router; stat" \
            >"$TMP/y$p" 2>&1
        sed -n 's/^ *Number of cells: *\([0-9]*\)$/\1/p' "$TMP/y$p" | tail -1 >"$TMP/c$p"
        [ -s "$TMP/c$p" ] && ok "yosys synthesizes the radix-$p router" || notok "yosys radix $p" "$(tail -c 300 "$TMP/y$p")"
    done
    [ "$(cat "$TMP/c4")" -gt "$(cat "$TMP/c3")" ] 2>/dev/null && ok "yosys cells grow with radix ($(cat "$TMP/c3") -> $(cat "$TMP/c4"))" \
        || notok "yosys cells grow with radix" "$(cat "$TMP/c3") -> $(cat "$TMP/c4")"
else
    notok "yosys installed" "make deps installs it"
fi

napps=0; ndes=0
fixture compare-apps make_compare_apps || exit 0
for app in $(bench_apps); do
    a=$(basename "$app" .csv)
    [ "$(cat "$FIX/$a.rc")" = 0 ] || { notok "compare $a for rtl" "$(cat "$FIX/$a.err")"; continue; }
    napps=$((napps + 1))
    for d in $(awk -F, 'NR > 1 { print $1 }' "$FIX/$a/summary.csv"); do
        o="$TMP/rtl_${a}_$d"
        run "rtl: $a $d" 0 "$NOCSYN" rtl "$FIX/$a/$d.dot" --traffic "app:$app" -o "$o"
        if (cd "$o" && verilator --lint-only -Wall --top-module nocsyn_top nocsyn_router.sv nocsyn_link.sv \
                nocsyn_top.sv) >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]; then ok "lint -Wall clean: $a $d"
        else notok "lint -Wall clean: $a $d" "$(head -c 600 "$TMP/lint")"; fi
        if (cd "$o" && verilator --lint-only -Wall --top-module nocsyn_tb nocsyn_router.sv nocsyn_link.sv \
                nocsyn_top.sv nocsyn_tb.sv) >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]; then ok "testbench lint -Wall clean: $a $d"
        else notok "testbench lint -Wall clean: $a $d" "$(head -c 600 "$TMP/lint")"; fi
        # -fno-inline: the same model, half the C++ to compile (test_rtl.sh
        # builds three designs with the Makefile's defaults).
        make -C "$o" sim VFLAGS=-fno-inline >"$TMP/tb" 2>&1
        if grep -q '^PASS$' "$TMP/tb"; then ok "testbench passes: $a $d"
        else notok "testbench passes: $a $d" "$(grep -v '^\(g++\|ccache\|make\|echo\|Archive\|rm\) ' "$TMP/tb" | tail -c 800)"; fi
        awk -F, 'NR > 1 { print "flow " $1 " " $2 " latency " $7 " expected " $7 }' "$o/flows.csv" >"$TMP/want"
        grep '^flow ' "$TMP/tb" >"$TMP/got"
        same "measured zero-load latency of every flow = flows.csv: $a $d" "$TMP/got" "$TMP/want"
        ndes=$((ndes + 1))
        rm -rf "$o"
    done
done
[ "$napps" -eq 9 ] && ok "rtl simulated the designs of all 9 benchmark apps ($ndes designs)" || notok "rtl: all 9 apps" "$napps"
