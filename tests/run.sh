#!/bin/sh
# The test runner of `make test` and `make check`.
#
#   sh tests/run.sh [TEST ...]
#
# With no argument it runs the tier named by TIER: `test` (the default: every
# cmocka unit binary BUILD/tests/test_* and every CLI script
# tests/cli/test_*.sh) or `check` (those plus the long tool-chain scripts
# tests/check/test_*.sh).  Named TESTs (binaries or .sh scripts) are run
# instead when given.
#
# Tests run concurrently, JOBS at a time (default: the number of cores), each
# with its output kept apart in OUT/NAME.log (OUT = BUILD/test-out unless set).
# The longest tests of the previous run start first.  When all have ended the
# per-test lines are printed in a stable order (unit binaries, then scripts,
# each sorted by name); a failed test's whole output is printed before its
# line.  Fixtures that several scripts share (synthesized designs, say) are
# made once per run in OUT/fixtures (tests/cli/lib.sh `fixture`).  A cmocka binary counts its "[  PASSED  ]" and "[  FAILED  ]" tests, a
# script its "ok " and "not ok " lines; one that exits non-zero without a
# failure line counts as one failure.  BUILD/test-times.txt (TIMES to
# override) lists every test's wall and CPU seconds, slowest first.  The last
# line is "N passed, N failed"; the exit status is 0 only when none failed.
BUILD=${BUILD:-build}
TIER=${TIER:-test}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NOCSYN=${NOCSYN:-$(cd "$BUILD" && pwd)/nocsyn}
export NOCSYN
OUT=${OUT:-$BUILD/test-out}
TIMES=${TIMES:-$BUILD/test-times.txt}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

if [ $# -gt 0 ]; then
    list=$(for t in "$@"; do echo "$t"; done)
else
    list=$(for t in "$BUILD"/tests/test_*; do [ -x "$t" ] && echo "$t"; done
           for s in tests/cli/test_*.sh; do [ -f "$s" ] && echo "$s"; done
           if [ "$TIER" = check ]; then
               for s in tests/check/test_*.sh; do [ -f "$s" ] && echo "$s"; done
           fi)
fi
[ -n "$list" ] || { echo "0 passed, 1 failed"; echo "run.sh: no test found" >&2; exit 1; }

rm -rf "$OUT"; mkdir -p "$OUT"
# Shared fixtures (tests/cli/lib.sh `fixture`): made once per run, here.
FIXTURES=$(cd "$OUT" && pwd)/fixtures
export FIXTURES
# Longest first, by the previous run's wall time (unknown tests first of all,
# in name order), so that a long test does not start last.
order=$(echo "$list" | awk -v times="$TIMES" '
    BEGIN { while ((getline l < times) > 0) { split(l, f, " "); if (f[3] != "") w[f[3]] = f[1] } }
    { n = $0; sub(".*/", "", n); printf "%s %s\n", (n in w) ? w[n] : 1e9, $0 }' |
    sort -k1,1gr -k2 | cut -d' ' -f2-)
echo "$order" | xargs -P "$JOBS" -n 1 sh "$ROOT/tests/run_one.sh" "$OUT"

pass=0; fail=0
: >"$OUT/times"
for t in $(echo "$list" | awk '{ s = ($0 ~ /\.sh$/) ? 1 : 0; print s, $0 }' | sort -k1,1n -k2 | cut -d' ' -f2-); do
    name=$(basename "$t"); log="$OUT/$name.log"
    if [ -f "$OUT/$name.res" ]; then read -r rc wall cpu <"$OUT/$name.res"
    else rc=127; wall=0; cpu=0; echo "run.sh: $t did not run" >>"$log"; fi
    case $t in
        *.sh) p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log") ;;
        *)    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
              f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1) ;;
    esac
    p=${p:-0}; f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "exited with status $rc" >>"$log"; fi
    if [ "$f" -ne 0 ]; then
        case $t in *.sh) grep -v '^ok ' "$log" ;; *) cat "$log" ;; esac
        echo "FAILED: $t"
    fi
    pass=$((pass + p)); fail=$((fail + f))
    echo "$name: $p passed, $f failed"
    echo "$wall $cpu $name" >>"$OUT/times"
done
{ echo "# wall_s cpu_s test (slowest first; JOBS=$JOBS)"; sort -k1,1gr "$OUT/times"; } >"$TIMES"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
