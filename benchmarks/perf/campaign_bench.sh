#!/bin/sh
# Campaign figures for benchmarks/RESULTS.md: the 108-job benchmark campaign
# (benchmarks/campaigns/apps.campaign) run four ways on this machine, each
# from a fresh plan: in one process (`campaign run`), under GNU parallel, under
# make -j, and as a Slurm job array on a single-node cluster started here
# (tests/tools/slurm_local.sh); wall seconds of the jobs, then whether each
# collection is byte-identical to the one-process one.
# usage: sh benchmarks/perf/campaign_bench.sh [BUILD] [JOBS]   (markdown on stdout)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-build}
J=${2:-2}
N=$(cd "$ROOT/$BUILD" && pwd)/nocsyn
C=$ROOT/benchmarks/campaigns/apps.campaign
T=$(mktemp -d)
. "$ROOT/tests/tools/slurm_local.sh"
trap 'slurm_stop "$T/slurm"; rm -rf "$T"' EXIT
now() { date +%s.%N; }
OUTS="summary.csv pareto.csv report.md report.html"
same() { for f in $OUTS; do cmp -s "$T/one/$f" "$T/$1/$f" || { echo "no ($f differs)"; return; }; done; echo "yes"; }

t0=$(now); "$N" campaign run "$C" -o "$T/one" -q || exit 1; t1=$(now)
one=$(awk "BEGIN{print $t1 - $t0}")
jobs=$(wc -l <"$T/one/jobs.txt")
rows=$(awk 'END{print NR-1}' "$T/one/summary.csv")
front=$(awk 'END{print NR-1}' "$T/one/pareto.csv")

"$N" campaign plan "$C" -o "$T/par" -q
t0=$(now); parallel -j "$J" --halt now,fail=1 :::: "$T/par/jobs.txt" >/dev/null || exit 1; t1=$(now)
par=$(awk "BEGIN{print $t1 - $t0}")
"$N" campaign collect "$T/par" -q || exit 1

"$N" campaign plan "$C" -o "$T/mk" -q
t0=$(now); make -s -j "$J" -f "$T/mk/Makefile" >/dev/null || exit 1; t1=$(now)
mk=$(awk "BEGIN{print $t1 - $t0}")
"$N" campaign collect "$T/mk" -q || exit 1

sl="n/a"; slsame="n/a (slurm not installed)"
if ! slurm_missing >/dev/null && slurm_start "$T/slurm" 2>"$T/err"; then
    "$N" campaign plan "$C" -o "$T/sl" -q
    t0=$(now); sbatch --wait "$T/sl/slurm.sbatch" >/dev/null || exit 1; t1=$(now)
    sl=$(awk "BEGIN{print $t1 - $t0}")
    "$N" campaign collect "$T/sl" -q && slsame=$(same sl)
fi

echo "### Campaigns: the 108-job benchmark campaign four ways"
echo
echo "Campaign \`benchmarks/campaigns/apps.campaign\`: $jobs jobs (9 apps x"
echo "split, merge, cmesh, hring, mesh, torus x 500 and 1000 MHz), $rows designs, $front on"
echo "the apps' Pareto fronts. Command: \`sh benchmarks/perf/campaign_bench.sh $BUILD $J\`"
echo "(2 cores). Seconds are the wall time of running the jobs (collect takes"
echo "milliseconds); identical = summary.csv, pareto.csv, report.md and report.html"
echo "byte for byte equal to the one-process run's."
echo
echo "| runner | command | wall s | identical to one process |"
echo "|---|---|---:|---|"
printf '| one process | `nocsyn campaign run` | %.1f | (reference) |\n' "$one"
printf '| GNU parallel | `parallel -j %s :::: DIR/jobs.txt` | %.1f | %s |\n' "$J" "$par" "$(same par)"
printf '| make | `make -j %s -f DIR/Makefile` | %.1f | %s |\n' "$J" "$mk" "$(same mk)"
if [ "$sl" = "n/a" ]; then
    printf '| Slurm array | `sbatch --wait DIR/slurm.sbatch` | n/a | %s |\n' "$slsame"
else
    printf '| Slurm array (1 node, local) | `sbatch --wait DIR/slurm.sbatch` | %.1f | %s |\n' "$sl" "$slsame"
fi
