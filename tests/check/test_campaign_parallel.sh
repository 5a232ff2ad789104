#!/bin/sh
# `make check`: the 108-job benchmark campaign planned and run under GNU
# parallel (-j 2), its status, collected and re-derived from its files by
# tests/tools/check_campaign.py, and compared byte for byte with the same
# campaign in one process (the shared fixture of tests/cli/test_campaign.sh).
. "$(dirname "$0")/../cli/lib.sh"
CHECK="$ROOT/tests/tools/check_campaign.py"
OUTS="summary.csv pareto.csv report.md report.html"
C="$ROOT/benchmarks/campaigns/apps.campaign"
if ! command -v parallel >/dev/null 2>&1; then
    notok "GNU parallel installed" "parallel is not installed (make deps installs it)"; exit 0
fi
run "plan 108 jobs" 0 "$NOCSYN" campaign plan "$C" -o "$TMP/par"
run "GNU parallel runs the 108 jobs" 0 parallel -j 2 --halt now,fail=1 :::: "$TMP/par/jobs.txt"
run "status: all done" 0 "$NOCSYN" campaign status "$TMP/par"
has "status counts" "$TMP/out" "^108 jobs: 108 done, 0 failed, 0 not run"
run "collect" 0 "$NOCSYN" campaign collect "$TMP/par"
if python3 "$CHECK" "$TMP/par" >"$TMP/chk" 2>&1; then ok "collected campaign re-derived (numbering, rows, fronts)"
else notok "collected campaign re-derived" "$(cat "$TMP/chk")"; fi
campaign_one() { "$NOCSYN" campaign run "$C" -o "$FIX/one" -q; }
if fixture campaign-apps campaign_one; then
    for f in $OUTS; do same "parallel = one process: $f" "$TMP/par/$f" "$FIX/one/$f"; done
fi
