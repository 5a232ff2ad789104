#!/bin/sh
# CLI tests of `nocsyn app-info` and the app / floorplan readers behind it.
. "$(dirname "$0")/lib.sh"
D="$DATA/app"
N="$NOCSYN"

# ---- vopd: text and JSON against checked-in outputs (12 cores, 15 flows,
# 3494 MB/s: benchmarks/apps/SOURCES.md).
run "vopd text" 0 "$N" app-info "$APPS/vopd.csv"
same "vopd text output" "$TMP/out" "$D/vopd.txt"
run "vopd json" 0 "$N" app-info "$APPS/vopd.csv" --format json
same "vopd json output" "$TMP/out" "$D/vopd.json"
run "vopd json, options first" 0 "$N" app-info --format=json "$APPS/vopd.csv"
same "vopd json output, options first" "$TMP/out" "$D/vopd.json"
run "vopd with floorplan" 0 "$N" app-info "$APPS/vopd.csv" --floorplan "$D/vopd.floorplan.csv"
same "vopd floorplan text output" "$TMP/out" "$D/vopd.floorplan.txt"
run "vopd from stdin" 0 sh -c "\"$N\" app-info - --format json <\"$APPS/vopd.csv\""
has "stdin app is named stdin" "$TMP/out" '"app":	"stdin"'
has "stdin keeps the totals" "$TMP/out" '"total_bandwidth_mbps":	3494'

# ---- drawings: SVG renders, DOT reads back as the same app.
run "vopd svg and dot" 0 "$N" app-info "$APPS/vopd.csv" --svg "$TMP/v.svg" --dot "$TMP/v.dot"
has "svg is SVG" "$TMP/v.svg" '<svg'
has "svg shows a flow label" "$TMP/v.svg" '500 MB/s'
has "dot has bw attributes" "$TMP/v.dot" '"VopMem" -> "VopRec" \[bw=500'
cp "$TMP/v.dot" "$TMP/vopd.dot"
run "dot reads back" 0 "$N" app-info "$TMP/vopd.dot" --format json
same "dot round trip gives the same summary" "$TMP/out" "$D/vopd.json"
run "pinned svg with floorplan" 0 "$N" app-info "$APPS/vopd.csv" \
    --floorplan "$D/vopd.floorplan.csv" --svg "$TMP/p.svg"
has "pinned svg is SVG" "$TMP/p.svg" '<svg'

# ---- duplicates: summed, exactly one note line, exit 0.
run "duplicates summed" 0 "$N" app-info "$D/dups.csv" --format json
has "duplicate pair summed to 150 MB/s" "$TMP/out" '"bandwidth_mbps":	150'
has "duplicates counted" "$TMP/out" '"duplicates_summed":	1'
if [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q '^nocsyn: note: .*1 duplicate flow summed$' "$TMP/err"
then ok "one note line for duplicates"; else notok "one note line for duplicates" "$(cat "$TMP/err")"; fi
run "quoted names in text" 0 "$N" app-info "$D/dups.csv"
has "quoted name with comma kept" "$TMP/out" '^DSP, core 0 '
has "max_hops flow listed" "$TMP/out" 'DSP, core 0 -> MEM  150 MB/s  <= 2 hops'

# ---- DOT input with an isolated core: two components.
printf 'digraph soc {\n  cpu [w=2, h=1];\n  spare;\n  cpu -> mem [bw=70, max_hops=3];\n}\n' >"$TMP/soc.gv"
run "dot app with isolated core" 0 "$N" app-info "$TMP/soc.gv" --format json
has "two components" "$TMP/out" '"components":	2'
has "isolated core is a core" "$TMP/out" '"name":	"spare"'
has "core size from DOT" "$TMP/out" '"w":	2'

# ---- bad inputs: one stderr line naming file (and line), exit 2, no output file.
check_bad() { # NAME EXPECTED_LOCATION ARGS...
    name=$1; loc=$2; shift 2
    rm -f "$TMP/bad.svg"
    bad "$name" "$N" app-info "$@" --svg "$TMP/bad.svg"
    has "$name: names $loc" "$TMP/err" "^nocsyn: .*$loc"
    absent "$name: no output file" "$TMP/bad.svg"
}
check_bad "missing file" "nosuch.csv: cannot open" "$TMP/nosuch.csv"
check_bad "empty file" "empty.csv: file is empty" "$D/empty.csv"
check_bad "no header" "bad_noheader.csv:1: missing header" "$D/bad_noheader.csv"
check_bad "wrong column count" "bad_cols.csv:4: 4 fields, expected 3" "$D/bad_cols.csv"
check_bad "non-numeric bandwidth" "bad_bw_nonnum.csv:3: .*'fast' is not a number" "$D/bad_bw_nonnum.csv"
check_bad "negative bandwidth" "bad_bw_negative.csv:3: .*must be > 0" "$D/bad_bw_negative.csv"
check_bad "zero bandwidth" "bad_bw_zero.csv:3: .*must be > 0" "$D/bad_bw_zero.csv"
check_bad "NaN bandwidth" "bad_bw_nan.csv:3: .*is not finite" "$D/bad_bw_nan.csv"
check_bad "inf bandwidth" "bad_bw_inf.csv:3: .*is not finite" "$D/bad_bw_inf.csv"
check_bad "self-flow" "bad_self.csv:4: self-flow 'core 7'" "$D/bad_self.csv"
check_bad "unterminated quote" "bad_quote.csv:2: unterminated" "$D/bad_quote.csv"
check_bad "DOT syntax error" "bad_syntax.dot:3: syntax error" "$D/bad_syntax.dot"
check_bad "floorplan unknown core" "bad_floorplan.csv:3: unknown core 'GPU'" \
    "$APPS/vopd.csv" --floorplan "$D/bad_floorplan.csv"
check_bad "missing floorplan" "nofp.csv: cannot open" "$APPS/vopd.csv" --floorplan "$TMP/nofp.csv"
check_bad "CSV forced on DOT text" "bad_syntax.dot:1: missing header" \
    "$D/bad_syntax.dot" --app-format csv

# ---- usage
bad "no APP" "$N" app-info
bad "unknown option" "$N" app-info "$APPS/vopd.csv" --frobnicate
bad "bad --format" "$N" app-info "$APPS/vopd.csv" --format xml
bad "bad --app-format" "$N" app-info "$APPS/vopd.csv" --app-format xml
bad "option without value" "$N" app-info "$APPS/vopd.csv" --svg
run "help" 0 "$N" app-info --help
has "help names every option" "$TMP/out" '--floorplan FILE'

# ---- 1,000,000 flows over 1001 cores (every ordered pair of distinct cores
# but the last 1000): loads, counts right, memory proportional to input.
awk 'BEGIN { print "src,dst,bandwidth_mbps"; n = 0
             for (s = 0; s < 1001 && n < 1000000; s++)
                 for (k = 1; k <= 1000 && n < 1000000; k++) {
                     printf "c%d,c%d,%d\n", s, (s + k) % 1001, 1 + n % 7; n++ } }' >"$TMP/big.csv"
run "1M-flow app loads" 0 "$N" app-info "$TMP/big.csv" --format json
has "1M flows" "$TMP/out" '"flows":	1000000'
has "1001 cores" "$TMP/out" '"cores":	1001'
# Total: flow n (0 <= n < 10^6) carries 1 + n mod 7 MB/s; 10^6 = 7 * 142857 + 1,
# so 142857 full cycles of 1+2+...+7 = 28 plus one flow of 1:
# 142857 * 28 + 1 = 3999997.
has "1M total bandwidth" "$TMP/out" '"total_bandwidth_mbps":	3999997'
