#!/bin/sh
# `make check`: the textbook calculators are an optional part
# (include/nocsyn/calc.h, src/calc/).  `make CALC=0` into a separate build
# directory builds the library and binary without them: no noc_latency_,
# noc_min_, noc_dyn_ or noc_pkg_ symbol in libnocsyn.a, the four commands
# say they were left out (exit 2, one line), and the pipeline still runs
# (synth on VOPD writes its chosen design, eval of a mesh reads back).
. "$(dirname "$0")/../cli/lib.sh"
B="$TMP/nocalc"
if make -s -C "$ROOT" -j2 BUILD="$B" CALC=0 "$B/nocsyn" "$B/libnocsyn.a" >"$TMP/mk" 2>&1; then ok "make CALC=0 builds"
else notok "make CALC=0 builds" "$(tail -5 "$TMP/mk")"; exit 0; fi
n=$(nm -g --defined-only "$B/libnocsyn.a" 2>/dev/null | grep -c ' T noc_\(latency\|min\|dyn\|pkg\)_')
[ "$n" -eq 0 ] && ok "CALC=0 library defines no calculator symbol" || notok "CALC=0 library defines no calculator symbol" "$n defined"
nf=$(nm -g --defined-only "$ROOT/build/libnocsyn.a" 2>/dev/null | grep -c ' T noc_\(latency\|min\|dyn\|pkg\)_')
[ "$nf" -gt 10 ] && ok "the full library defines them ($nf)" || notok "the full library defines them" "$nf"
for c in "min omega --n 3 --perm (0,1)" "dynamic crossbar --n 4" "design" "latency switching"; do
    # shellcheck disable=SC2086
    bad "CALC=0: nocsyn $c refused in one line" "$B/nocsyn" $c
    has "CALC=0: nocsyn ${c%% *} says it was left out" "$TMP/err" "left out of this build (make CALC=0)"
done
run "CALC=0: --help still lists min" 0 "$B/nocsyn" --help
has "CALC=0: --help lists min" "$TMP/out" "^  min "
run "CALC=0: synth vopd" 0 "$B/nocsyn" synth "$APPS/vopd.csv" -o "$TMP/v"
[ -s "$TMP/v/pareto.csv" ] && [ -s "$TMP/v/split_k2.def" ] && ok "CALC=0: synth wrote pareto.csv and the DEF" || notok "CALC=0: synth wrote pareto.csv and the DEF" "$(ls "$TMP/v")"
run "CALC=0: gen + eval" 0 "$B/nocsyn" eval gen:mesh:k=4,n=2 --format json
has "CALC=0: eval mesh diameter 6 (2(k-1), k=4)" "$TMP/out" '"diameter":[[:space:]]*6,'
