#!/bin/sh
# Runs every cmocka unit binary and every CLI test script; the last line is
# "N passed, N failed".  A binary that crashes or exits non-zero without a
# cmocka summary counts as one failure.
BUILD=${BUILD:-build}
NOCSYN=$(cd "$BUILD" && pwd)/nocsyn
export NOCSYN
pass=0; fail=0
log=$(mktemp); trap 'rm -f "$log"' EXIT
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    "$t" >"$log" 2>&1; rc=$?
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -1)
    p=${p:-0}; f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    if [ "$f" -ne 0 ]; then cat "$log"; echo "FAILED: $t"; fi
    pass=$((pass + p)); fail=$((fail + f))
    echo "$(basename "$t"): $p passed, $f failed"
done
for s in tests/cli/test_*.sh; do
    [ -f "$s" ] || continue
    sh "$s" >"$log" 2>&1; rc=$?
    p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; echo "script exited $rc" >>"$log"; fi
    if [ "$f" -ne 0 ]; then grep -v '^ok ' "$log"; echo "FAILED: $s"; fi
    pass=$((pass + p)); fail=$((fail + f))
    echo "$(basename "$s"): $p passed, $f failed"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
