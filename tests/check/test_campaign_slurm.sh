#!/bin/sh
# nocsyn campaign under a real Slurm: a single-node cluster (munged,
# slurmctld, slurmd from Debian's munge and slurm-wlm) started on this host
# by this script, in a private directory, on private ports, as the current
# user; the 108-job benchmark campaign submitted as a job array with the
# plan's own slurm.sbatch, collected, and compared byte for byte with the
# same campaign run in one process (the shared fixture of
# tests/cli/test_campaign.sh).  Everything is stopped on exit.
. "$(dirname "$0")/../cli/lib.sh"
OUTS="summary.csv pareto.csv report.md report.html"
. "$ROOT/tests/tools/slurm_local.sh"
trap 'st=$?; slurm_stop "$TMP/slurm"; lib_cleanup "$st"' EXIT
if t=$(slurm_missing); then
    notok "slurm and munge installed" "$t not found (make deps installs slurm-wlm and munge)"
    exit 0
fi
ok "slurm and munge installed"
if slurm_start "$TMP/slurm" 2>"$TMP/err"; then ok "single-node cluster up (sinfo: idle)"
else notok "single-node cluster up (sinfo: idle)" "$(cat "$TMP/err")"; exit 0; fi

C="$ROOT/benchmarks/campaigns/apps.campaign"
run "plan" 0 "$NOCSYN" campaign plan "$C" -o "$TMP/sl" -q
# The plan's own batch script, as a user would submit it; --wait blocks
# until every task of the array has ended.
t0=$(date +%s)
run "sbatch --wait the 108-task array" 0 sbatch --wait "$TMP/sl/slurm.sbatch"
echo "# the array took $(($(date +%s) - t0)) s"
has "sbatch submitted one batch job" "$TMP/out" "^Submitted batch job [0-9]"
n=$(ls "$TMP/sl/slurm" | wc -l)
[ "$n" -eq 108 ] && ok "108 array tasks wrote their logs" || notok "108 array tasks wrote their logs" "$n"
run "status after the array" 0 "$NOCSYN" campaign status "$TMP/sl"
has "all 108 done" "$TMP/out" "^108 jobs: 108 done, 0 failed, 0 not run"
run "collect" 0 "$NOCSYN" campaign collect "$TMP/sl" -q
if python3 "$ROOT/tests/tools/check_campaign.py" "$TMP/sl" >"$TMP/chk" 2>&1; then ok "Slurm campaign re-derived"
else notok "Slurm campaign re-derived" "$(cat "$TMP/chk")"; fi
campaign_one() { "$NOCSYN" campaign run "$C" -o "$FIX/one" -q; }
if fixture campaign-apps campaign_one; then
    for f in $OUTS; do same "Slurm = one process: $f" "$TMP/sl/$f" "$FIX/one/$f"; done
fi
