# Shared helpers for CLI tests.  Each check prints "ok - NAME" or
# "not ok - NAME" (with the reason); tests/run.sh counts them.
: "${NOCSYN:=build/nocsyn}"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
APPS="$ROOT/benchmarks/apps"
DATA="$ROOT/tests/data"
TMP=$(mktemp -d)
# lib_cleanup [STATUS]: removes TMP and exits with STATUS (default the
# script's), or 1 when it would be 0 but a check failed (a notok, also from
# a subshell, is recorded in TMP/.notok): a script that printed "not ok"
# never exits 0.  A script with its own EXIT trap calls it last.
lib_cleanup() {
    st=${1:-$?}
    [ "$st" = 0 ] && [ -s "$TMP/.notok" ] && st=1
    rm -rf "$TMP"
    exit "$st"
}
trap lib_cleanup EXIT

ok()    { echo "ok - $1"; }
notok() { echo "not ok - $1"; echo x >>"$TMP/.notok"; shift; [ $# -gt 0 ] && echo "#   $*"; return 0; }

# run NAME EXPECTED_STATUS CMD...: runs CMD, stdout to $TMP/out, stderr to $TMP/err.
run() {
    name=$1; want=$2; shift 2
    "$@" >"$TMP/out" 2>"$TMP/err"; got=$?
    if [ "$got" -eq "$want" ]; then ok "$name"; else
        notok "$name" "exit $got, wanted $want: $(head -c 300 "$TMP/err")"; fi
}
# bad NAME CMD...: must exit 2 with exactly one stderr line starting "nocsyn: ".
bad() {
    name=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err"; got=$?
    n=$(wc -l <"$TMP/err")
    if [ "$got" -eq 2 ] && [ "$n" -eq 1 ] && grep -q '^nocsyn: ' "$TMP/err"; then ok "$name"
    else notok "$name" "exit $got, $n stderr lines: $(head -c 300 "$TMP/err")"; fi
}
# has NAME FILE PATTERN: FILE contains a line matching the grep pattern.
has() {
    if grep -q -- "$3" "$2"; then ok "$1"; else notok "$1" "no '$3' in $2: $(head -c 300 "$2")"; fi
}
# same NAME FILE EXPECTED_FILE: files are identical.
same() {
    if cmp -s "$2" "$3"; then ok "$1"; else notok "$1" "$(diff "$2" "$3" | head -20)"; fi
}
# json NAME FILE SCRIPT: python3 asserts on d = the parsed JSON of FILE.
json() {
    if python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $3" "$2" 2>"$TMP/pyerr"; then ok "$1"
    else notok "$1" "$(tail -1 "$TMP/pyerr")"; fi
}
# csvrows NAME FILE SCRIPT: python3 asserts on rows = the CSV's rows as dicts.
csvrows() {
    if python3 -c "import csv,sys; rows=list(csv.DictReader(open(sys.argv[1]))); $3" "$2" 2>"$TMP/pyerr"; then ok "$1"
    else notok "$1" "$(tail -1 "$TMP/pyerr")"; fi
}
# absent NAME FILE: FILE must not exist.
absent() { if [ -e "$2" ]; then notok "$1" "$2 exists"; else ok "$1"; fi; }

# recheck_designs APP DIR: every design DIR/D.json written by synth/compare
# re-derived from its files by tests/tools/check_timing.py (clock within its
# largest router's fmax, channel loads within 0.8 of capacity, every flow's
# latency recomputed; 128-bit packets, 3-stage routers) and checked deadlock
# free under its own tables.  Sets RECHECKED to the number of designs.
recheck_designs() {
    RECHECKED=0
    ls "$2"/*.json >/dev/null 2>&1 || return 0
    # Each design's largest radix and width, read once; the fmax of each
    # distinct (radix, width) asked of `nocsyn tech` once; check_timing.py
    # run on every design in one interpreter (the same script, the same
    # arguments as one call per design).
    python3 -c "
import glob, json, sys
for j in sorted(glob.glob(sys.argv[1] + '/*.json')):
    d = json.load(open(j)); print(j[:-5], d['radix']['max'], int(d['link_width']))" "$2" >"$TMP/rk.txt"
    : >"$TMP/rk_fm.txt"
    for rw in $(awk '{ print $2 ":" $3 }' "$TMP/rk.txt" | sort -u); do
        fm=$("$NOCSYN" tech --radix "${rw%:*}:${rw%:*}" --width "${rw#*:}" --format json |
             python3 -c "import json,sys; print(json.load(sys.stdin)['radix'][0]['fmax_mhz'])")
        echo "$rw $fm" >>"$TMP/rk_fm.txt"
    done
    awk 'NR == FNR { fm[$1] = $2; next } { print $1, fm[$2 ":" $3] }' "$TMP/rk_fm.txt" "$TMP/rk.txt" >"$TMP/rk_list.txt"
    python3 - "$ROOT/tests/tools/check_timing.py" "$1" "$TMP/rk_list.txt" <<'PY'
import runpy, sys
script, app, lst = sys.argv[1:4]
for line in open(lst):
    pre, fm = line.split()
    sys.argv = [script, app, pre, '0.8', '128', '3', fm]
    runpy.run_path(script, run_name='__main__')
    sys.stdout.flush()
PY
    while read -r pre fm; do
        "$NOCSYN" eval "$pre.dot" --routing table --traffic "app:$1" --no-bisection --format json 2>/dev/null \
            | grep -q '"deadlock_free":[[:space:]]*true' || notok "$(basename "$pre") deadlock free"
        RECHECKED=$((RECHECKED + 1))
    done <"$TMP/rk_list.txt"
}

# fixture NAME CMD...: a shared fixture made once per test run.  The first
# script to ask runs CMD (with $FIX set to the fixture's directory, which CMD
# fills) while later ones wait for it; every script then reads $FIX.  The
# runner (tests/run.sh) gives all scripts of one run the same FIXTURES
# directory and clears it at the start; a script run alone gets its own.  A
# fixture whose CMD failed is reported once, as a failed check, by each
# script that asks for it, and FIX is left empty.
FIXTURES=${FIXTURES:-$TMP/fixtures}
fixture() {
    _fn=$1; shift
    FIX="$FIXTURES/$_fn"
    mkdir -p "$FIXTURES"
    if mkdir "$FIX.lock" 2>/dev/null; then
        rm -rf "$FIX"; mkdir -p "$FIX"
        if ( "$@" ) >"$FIX.log" 2>&1; then touch "$FIX.ok"; else touch "$FIX.failed"; fi
    else
        _w=0
        while [ ! -e "$FIX.ok" ] && [ ! -e "$FIX.failed" ]; do
            sleep 1; _w=$((_w + 1))
            [ "$_w" -lt 1800 ] || { touch "$FIX.failed"; break; }
        done
    fi
    if [ -e "$FIX.ok" ]; then return 0; fi
    notok "fixture $_fn" "$(tail -5 "$FIX.log" 2>/dev/null)"
    FIX=""
    return 1
}

# The shared design fixtures (each made once per run by `fixture`).  For each
# benchmark app A (cores files skipped): FIX/A/ the written directory,
# FIX/A.out and FIX/A.err the command's output, FIX/A.rc its exit status.
# synth-apps: `synth A -o FIX/A` (every default; stdout names the chosen).
# compare-apps: `compare A --methods split --baselines mesh,torus --no-ideal
# -q -o FIX/A` (the designs the hand-off, RTL and KLayout tests read).
bench_apps() { for _a in "$APPS"/*.csv; do case $_a in *cores.csv) ;; *) echo "$_a" ;; esac; done; }
make_synth_apps() {
    for _a in $(bench_apps); do
        _n=$(basename "$_a" .csv)
        "$NOCSYN" synth "$_a" -o "$FIX/$_n" >"$FIX/$_n.out" 2>"$FIX/$_n.err"; echo $? >"$FIX/$_n.rc"
    done
}
make_compare_apps() {
    for _a in $(bench_apps); do
        _n=$(basename "$_a" .csv)
        "$NOCSYN" compare "$_a" --methods split --baselines mesh,torus --no-ideal -q -o "$FIX/$_n" \
            >"$FIX/$_n.out" 2>"$FIX/$_n.err"; echo $? >"$FIX/$_n.rc"
    done
}
# compare-full-apps: `compare A -q -o FIX/A` (every method and baseline, every
# default, the ideal-routing LP included).
make_compare_full_apps() {
    for _a in $(bench_apps); do
        _n=$(basename "$_a" .csv)
        "$NOCSYN" compare "$_a" -q -o "$FIX/$_n" >"$FIX/$_n.out" 2>"$FIX/$_n.err"; echo $? >"$FIX/$_n.rc"
    done
}
