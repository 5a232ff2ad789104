#!/bin/sh
# One physical truth on every benchmark app (issue 26), the long tier of
# tests/cli/test_layout.sh: synth (every written design) and compare (the
# chosen synthesized designs and every default baseline, with the report)
# on each app of benchmarks/apps, each design's wire, pipeline registers
# (DEF, links.csv, RTL), die and positions (DEF, place.csv, DOT, report
# drawing) re-derived from its files by tests/tools/check_layout.py.
. "$(dirname "$0")/../cli/lib.sh"
CHK="$ROOT/tests/tools/check_layout.py"

check_dir() {
    n=0; fails=""
    for j in "$2"/*.json; do
        D=$(basename "$j" .json)
        [ -f "$2/$D.def" ] || continue
        rm -rf "$TMP/rtl"
        top="$TMP/rtl/nocsyn_top.sv"
        if ! "$NOCSYN" rtl "$2/$D.dot" -o "$TMP/rtl" >/dev/null 2>"$TMP/rtlerr"; then
            grep -q 'shared concentrator ports' "$TMP/rtlerr" || { fails="$fails $D: rtl failed;"; continue; }
            top=""
        fi
        out=$(python3 "$CHK" "$2" "$D" "$top" ${3:-} 2>&1)
        [ -n "$out" ] && fails="$fails $out;"
        n=$((n + 1))
    done
    if [ "$n" -gt 0 ] && [ -z "$fails" ]; then ok "$1 ($n designs)"; else notok "$1" "$n designs:$fails"; fi
}

for f in "$APPS"/*.csv; do
    a=$(basename "$f" .csv)
    case $a in *.cores) continue ;; esac
    run "$a: synth" 0 "$NOCSYN" synth "$f" -o "$TMP/s_$a" -q
    check_dir "$a: synth's files agree" "$TMP/s_$a"
    run "$a: compare" 0 "$NOCSYN" compare "$f" -o "$TMP/c_$a" -q
    check_dir "$a: compare's files and report agree" "$TMP/c_$a" "$TMP/c_$a/report.html"
    rm -rf "$TMP/s_$a" "$TMP/c_$a"
done
