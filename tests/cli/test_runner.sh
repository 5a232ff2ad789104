#!/bin/sh
# The parallel test runner itself (tests/run.sh), on the fixtures of
# tests/data/runner: a passing script (2 ok), a failing one (1 ok, 1 not ok
# with a diagnostic), one that exits 3 after 1 ok, and a stand-in for a cmocka
# binary (2 passed, 1 failed).  Expected by hand: 2+1+1+2 = 6 passed,
# 0+1+1+1 = 3 failed, exit 1; each failure's output printed; the per-test
# lines in name order whatever the finishing order; a times file of 4 rows.
. "$(dirname "$0")/lib.sh"
F="$ROOT/tests/data/runner"
cd "$ROOT" || exit 1
for jobs in 1 2 4; do
    OUT="$TMP/out$jobs" TIMES="$TMP/times$jobs" JOBS=$jobs sh tests/run.sh \
        "$F/test_unit_fake" "$F/test_pass.sh" "$F/test_fail.sh" "$F/test_crash.sh" \
        >"$TMP/r$jobs" 2>&1; rc=$?
    [ "$rc" -eq 1 ] && ok "JOBS=$jobs: exit 1 when a test fails" || notok "JOBS=$jobs: exit 1" "exit $rc"
    last=$(tail -1 "$TMP/r$jobs")
    [ "$last" = "6 passed, 3 failed" ] && ok "JOBS=$jobs: last line 6 passed, 3 failed" \
        || notok "JOBS=$jobs: last line" "$last"
    has "JOBS=$jobs: the failing script's diagnostic is printed" "$TMP/r$jobs" '^#   diagnostic line 7f3a$'
    has "JOBS=$jobs: the failing check is printed" "$TMP/r$jobs" '^not ok - fixture fails on purpose$'
    has "JOBS=$jobs: the crashing script's stderr is printed" "$TMP/r$jobs" '^last words 51c2$'
    has "JOBS=$jobs: the crash is counted with its status" "$TMP/r$jobs" '^exited with status 3$'
    has "JOBS=$jobs: the cmocka stand-in's error is printed" "$TMP/r$jobs" 'ERROR.*0x2 != 0x3'
    has "JOBS=$jobs: FAILED names the script" "$TMP/r$jobs" "^FAILED: .*test_fail.sh$"
    grep -v '^#' "$TMP/r$jobs" | grep ': [0-9]* passed, [0-9]* failed$' | grep -v '^[0-9]' >"$TMP/lines$jobs"
    printf '%s\n' "test_unit_fake: 2 passed, 1 failed" "test_crash.sh: 1 passed, 1 failed" \
        "test_fail.sh: 1 passed, 1 failed" "test_pass.sh: 2 passed, 0 failed" >"$TMP/want"
    same "JOBS=$jobs: per-test lines in stable order (binaries, then scripts by name)" "$TMP/lines$jobs" "$TMP/want"
    n=$(grep -vc '^#' "$TMP/times$jobs")
    [ "$n" -eq 4 ] && ok "JOBS=$jobs: times file has a row per test" || notok "JOBS=$jobs: times rows" "$n"
    ok_pass=$(grep -c '^ok - fixture one' "$TMP/r$jobs")
    [ "$ok_pass" -eq 0 ] && ok "JOBS=$jobs: a passing test's output is not printed" \
        || notok "JOBS=$jobs: passing output hidden" "$ok_pass"
done
# The three runs agree line for line (apart from nothing: the output holds no timing).
same "JOBS=1 and JOBS=2 print the same" "$TMP/r1" "$TMP/r2"
same "JOBS=1 and JOBS=4 print the same" "$TMP/r1" "$TMP/r4"
# Times: wall and CPU are numbers, slowest first.
awk '!/^#/ { if ($1 !~ /^[0-9.]+$/ || $2 !~ /^[0-9.]+$/) bad = 1; if (NR > 2 && $1 > prev) bad = 1; prev = $1 }
     END { exit bad }' "$TMP/times2" && ok "times: numeric, slowest first" || notok "times: numeric, slowest first" "$(cat "$TMP/times2")"
# A passing set exits 0 with "N passed, 0 failed".
OUT="$TMP/outp" TIMES="$TMP/timesp" sh tests/run.sh "$F/test_pass.sh" >"$TMP/rp" 2>&1; rc=$?
[ "$rc" -eq 0 ] && [ "$(tail -1 "$TMP/rp")" = "2 passed, 0 failed" ] && ok "passing set: exit 0, 2 passed" \
    || notok "passing set" "exit $rc: $(tail -1 "$TMP/rp")"
# CPU time is measured: a fixture that burns CPU shows it.
cat >"$TMP/test_burn.sh" <<'SH'
i=0; while [ $i -lt 200000 ]; do i=$((i + 1)); done; echo "ok - burnt"
SH
OUT="$TMP/outb" TIMES="$TMP/timesb" sh tests/run.sh "$TMP/test_burn.sh" >/dev/null 2>&1
awk '!/^#/ { exit !($2 > 0.05) }' "$TMP/timesb" && ok "times: CPU seconds of a busy test are counted" \
    || notok "times: CPU counted" "$(cat "$TMP/timesb")"
# lib.sh's exit status: a script that printed "not ok" (here from a
# subshell, where a variable would be lost) exits 1 even when its last
# command succeeds; a passing one exits 0; a script's own status is kept.
mkdir -p "$TMP/lt/tests/cli" && cp "$ROOT/tests/cli/lib.sh" "$TMP/lt/tests/cli/"
printf '. "$(dirname "$0")/lib.sh"\nok a\n( notok b )\nok c\n' >"$TMP/lt/tests/cli/t_sub.sh"
printf '. "$(dirname "$0")/lib.sh"\nok a\n' >"$TMP/lt/tests/cli/t_pass.sh"
printf '. "$(dirname "$0")/lib.sh"\nok a\nexit 3\n' >"$TMP/lt/tests/cli/t_three.sh"
for c in "t_sub 1" "t_pass 0" "t_three 3"; do
    set -- $c
    sh "$TMP/lt/tests/cli/$1.sh" >/dev/null 2>&1; rc=$?
    [ "$rc" -eq "$2" ] && ok "lib.sh: $1 exits $2" || notok "lib.sh: $1 exits $2" "exit $rc"
done
