#!/bin/sh
# CLI tests of `nocsyn rtl` (issue 14), checked by the real tools: Verilator
# lint (-Wall) of every generated design, Verilator simulation of the
# generated testbench (zero-load latency per flow = flows.csv, every packet
# in order under load), nocsyn's simulator at low load agreeing per flow,
# `make check` (tests/check/test_rtl_all.sh) lints and simulates every
# benchmark app's designs and has Yosys synthesize the router for two radices.  Under ASan (build/asan)
# the Verilator and Yosys runs are skipped: they run no nocsyn code, and the
# nocsyn commands that produce their inputs still run.
. "$(dirname "$0")/lib.sh"
D="$DATA/rtl"
tools=1
for x in verilator yosys make c++; do
    command -v $x >/dev/null 2>&1 || { echo "# $x not installed (make deps): tool checks skipped"; tools=0; }
done
case "$NOCSYN" in */asan/*) echo "# ASan build: Verilator and Yosys runs skipped"; slow=0 ;; *) slow=$tools ;; esac

# lint DIR NAME: verilator --lint-only -Wall prints nothing and exits 0.
lint() {
    [ "$tools" = 1 ] || return 0
    if (cd "$1" && verilator --lint-only -Wall --top-module nocsyn_top nocsyn_router.sv nocsyn_link.sv \
            nocsyn_top.sv) >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]; then ok "lint -Wall clean: $2"
    else notok "lint -Wall clean: $2" "$(head -c 600 "$TMP/lint")"; fi
    # The testbench too (issue 29: it warned UNUSEDPARAM W).
    if (cd "$1" && verilator --lint-only -Wall --top-module nocsyn_tb nocsyn_router.sv nocsyn_link.sv \
            nocsyn_top.sv nocsyn_tb.sv) >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]; then ok "testbench lint -Wall clean: $2"
    else notok "testbench lint -Wall clean: $2" "$(head -c 600 "$TMP/lint")"; fi
}
# tbsim DIR NAME: the generated testbench passes, and every flow's measured
# latency line equals its flows.csv prediction.
tbsim() {
    [ "$slow" = 1 ] || return 0
    make -C "$1" sim >"$TMP/tb" 2>&1
    if grep -q '^PASS$' "$TMP/tb"; then ok "testbench passes: $2"
    else notok "testbench passes: $2" "$(grep -v '^\(g++\|ccache\|make\|echo\|Archive\|rm\) ' "$TMP/tb" | tail -c 800)"; fi
    awk -F, 'NR > 1 { print "flow " $1 " " $2 " latency " $7 " expected " $7 }' "$1/flows.csv" >"$TMP/want"
    grep '^flow ' "$TMP/tb" >"$TMP/got"
    same "measured zero-load latency of every flow = flows.csv: $2" "$TMP/got" "$TMP/want"
}
# simcheck DIR NAME SIMARGS...: nocsyn sim at low load gives each flow a
# latency in [predicted, predicted + 0.5) (contention only adds), and its
# zero-load latency equals the weight-averaged prediction.
simcheck() {
    dir=$1; name=$2; shift 2
    "$NOCSYN" sim "$@" --rate 0.002 --packet 4 --vcs 2 --buf 4 --cycles 200000 --batch 200000 \
        --format json >"$TMP/sim.json" 2>"$TMP/err"
    python3 - "$dir/flows.csv" "$TMP/sim.json" >"$TMP/cmp" <<'PY'
import csv, json, sys
flows = list(csv.DictReader(open(sys.argv[1])))
sim = json.load(open(sys.argv[2]))
pt = sim["points"][0]
bad = []
if len(pt["flows"]) != len(flows):
    bad.append("flow count %d != %d" % (len(pt["flows"]), len(flows)))
for f, s in zip(flows, pt["flows"]):
    lat = int(f["latency"])
    if s["packets"] and not (lat - 1e-9 <= s["latency_avg"] < lat + 0.5):
        bad.append("%s->%s sim %s predicted %d" % (f["src_name"], f["dst_name"], s["latency_avg"], lat))
w = sum(float(f["weight"]) for f in flows)
zl = sum(float(f["weight"]) * int(f["latency"]) for f in flows) / w
if abs(zl - sim["zero_load_latency"]) > 1e-4 * zl:
    bad.append("zero-load %s != weighted prediction %.6g" % (sim["zero_load_latency"], zl))
print("ok" if not bad else "; ".join(bad))
PY
    if [ "$(cat "$TMP/cmp")" = ok ]; then ok "nocsyn sim agrees per flow and at zero load: $name"
    else notok "nocsyn sim agrees per flow and at zero load: $name" "$(cat "$TMP/cmp") $(head -c 200 "$TMP/err")"; fi
}

run "help" 0 "$NOCSYN" rtl --help
has "help names the router file" "$TMP/out" 'nocsyn_router.sv'
has "help states the latency model" "$TMP/out" 'sum L(c) + hops x D + packet - 1'

# A hand-worked design: routers a, b 25 mm apart at 1000 MHz, 100 ps/mm:
# 2500 ps = ceil(2.5) = 3 cycles, so 2 pipeline stages; core links 1 mm, 1
# cycle.  p -> q: L = 1 + 3 + 1, 2 routers x D = 3, packet 4: 5 + 6 + 3 = 14.
run "long link design" 0 "$NOCSYN" rtl "$D/longlink.dot" -o "$TMP/ll"
has "long link: 2 stages on a -> b" "$TMP/ll/nocsyn_top.sv" 'STAGES(2), .CSTAGES(3)) l0 '
has "long link: p -> q predicted 14 cycles" "$TMP/ll/flows.csv" '^0,1,p,q,1,2,14$'
has "summary names the routing" "$TMP/out" 'routing updown, 1 VC class; 2 flows, zero-load latency 14..14'
for f in nocsyn_router.sv nocsyn_link.sv nocsyn_top.sv nocsyn_tb.sv tb_main.cpp Makefile flows.csv; do
    [ -s "$TMP/ll/$f" ] && ok "writes $f" || notok "writes $f"
done
lint "$TMP/ll" "long link design"
run "long link D=4" 0 "$NOCSYN" rtl "$D/longlink.dot" --router-delay 4 --packet 1 -o "$TMP/ll4"
has "D=4, 1 flit: 5 + 8 + 0 = 13" "$TMP/ll4/flows.csv" '^0,1,p,q,1,2,13$'
tbsim "$TMP/ll4" "long link, D=4, single-flit packets"

# The vopd app's chosen design (table routing from its stored routes).
"$NOCSYN" synth "$APPS/vopd.csv" -o "$TMP/s" >"$TMP/synth" 2>&1
chosen=$(sed -n 's/^chosen: \([^ ]*\) .*/\1/p' "$TMP/synth")
run "vopd chosen design" 0 "$NOCSYN" rtl "$TMP/s/$chosen.dot" --traffic "app:$APPS/vopd.csv" -o "$TMP/v"
has "vopd: table routing" "$TMP/out" 'routing table'
has "vopd: 15 flows" "$TMP/v/flows.csv" '^11,10,'
lint "$TMP/v" "vopd $chosen"
tbsim "$TMP/v" "vopd $chosen"
# synth designs run at 1000 MHz: the tech model's 100 ps/mm wire reaches 10 mm a cycle
simcheck "$TMP/v" "vopd $chosen" "$TMP/s/$chosen.dot" --traffic "app:$APPS/vopd.csv" --mm-per-cycle 10

# A 4-ary 2-cube under dimension order: dateline VC classes.
"$NOCSYN" gen torus k=4 -o "$TMP/torus.dot"
run "torus" 0 "$NOCSYN" rtl "$TMP/torus.dot" --traffic "app:$APPS/vopd.csv" --map auto -o "$TMP/t"
has "torus: dor with dateline classes" "$TMP/out" 'routing dor, 2 VC classes'
has "torus: routers get NCLS 2" "$TMP/t/nocsyn_top.sv" 'NCLS(2)'
lint "$TMP/t" "4-ary 2-cube"
tbsim "$TMP/t" "4-ary 2-cube, vopd mapped"
# no clock in a gen topology: every link 1 cycle in both
simcheck "$TMP/t" "4-ary 2-cube" "$TMP/torus.dot" --traffic "app:$APPS/vopd.csv" --map auto --mm-per-cycle 1000

# The mesh and torus baselines compare writes for the app: lint only here
# (benchmarks/rtl/run.sh simulates every app's designs).
"$NOCSYN" compare "$APPS/vopd.csv" --methods split --baselines mesh,torus -o "$TMP/c" >/dev/null 2>&1
for b in mesh torus; do
    run "baseline $b" 0 "$NOCSYN" rtl "$TMP/c/$b.dot" --traffic "app:$APPS/vopd.csv" -o "$TMP/c_$b"
    lint "$TMP/c_$b" "vopd $b baseline"
done

# (Yosys synthesizing the router at radix 3 and 4: `make check`,
# tests/check/test_rtl_all.sh.)

# Every benchmark app: the chosen split design and the mesh and torus
# baselines that compare builds for it (1000 MHz, 10 mm of wire a cycle;
# the shared fixture compare-apps) through rtl and nocsyn sim per flow.
# Verilator's lint and testbench of all of them run in `make check`
# (tests/check/test_rtl_all.sh).
napps=0
fixture compare-apps make_compare_apps
for app in $(bench_apps); do
    a=$(basename "$app" .csv)
    [ -n "$FIX" ] || break
    [ "$(cat "$FIX/$a.rc")" = 0 ] || { notok "compare $a for rtl" "$(cat "$FIX/$a.err")"; continue; }
    napps=$((napps + 1))
    for d in $(awk -F, 'NR > 1 { print $1 }' "$FIX/$a/summary.csv"); do
        run "rtl: $a $d" 0 "$NOCSYN" rtl "$FIX/$a/$d.dot" --traffic "app:$app" -o "$TMP/rtl_${a}_$d"
        simcheck "$TMP/rtl_${a}_$d" "$a $d" "$FIX/$a/$d.dot" --traffic "app:$app" --mm-per-cycle 10
    done
    rm -rf "$TMP"/rtl_"$a"_*
done
[ "$napps" -eq 9 ] && ok "rtl checked the designs of all 9 benchmark apps" || notok "rtl: all 9 apps" "$napps"

bad "missing -o" "$NOCSYN" rtl "$D/longlink.dot"
bad "router delay 1" "$NOCSYN" rtl "$D/longlink.dot" --router-delay 1 -o "$TMP/x1"
absent "router delay 1 writes nothing" "$TMP/x1"
bad "vcs 0" "$NOCSYN" rtl "$D/longlink.dot" --vcs 0 -o "$TMP/x2"
bad "width 8" "$NOCSYN" rtl "$D/longlink.dot" --width 8 -o "$TMP/x3"
bad "missing design" "$NOCSYN" rtl "$TMP/nonexistent.dot" -o "$TMP/x4"
absent "missing design writes nothing" "$TMP/x4"
bad "two designs" "$NOCSYN" rtl "$D/longlink.dot" "$D/longlink.dot" -o "$TMP/x5"
bad "unknown option" "$NOCSYN" rtl "$D/longlink.dot" --bogus -o "$TMP/x6"
bad "odd vcs on a dateline torus" "$NOCSYN" rtl "$TMP/torus.dot" --vcs 3 -o "$TMP/x7"
absent "odd vcs writes nothing" "$TMP/x7"
