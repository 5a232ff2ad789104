#!/bin/sh
# nocsyn campaign: plan, jobs alone and under make -j, one-process run,
# collect (same bytes), resumability, failures, bad input.  The 108-job
# plan under GNU parallel and Slurm is `make check`'s (tests/check/).  Every
# collected campaign is re-derived from its files by
# tests/tools/check_campaign.py (job numbering, rows, Pareto fronts).
. "$(dirname "$0")/lib.sh"
CHECK="$ROOT/tests/tools/check_campaign.py"
OUTS="summary.csv pareto.csv report.md report.html"

# sameset NAME DIR1 DIR2: the four collected files are identical.
sameset() {
    for f in $OUTS; do
        if ! cmp -s "$2/$f" "$3/$f"; then notok "$1" "$f differs: $(diff "$2/$f" "$3/$f" | head -5)"; return; fi
    done
    ok "$1"
}
check() {
    if python3 "$CHECK" "$2" >"$TMP/chk" 2>&1; then ok "$1"; else notok "$1" "$(cat "$TMP/chk")"; fi
}

# ---- the 108-job campaign over every benchmark app ------------------------
# Run once per test run in one process (a shared fixture: `make check`'s GNU
# parallel and Slurm runs of the same plan compare against it byte for byte,
# tests/check/test_campaign_parallel.sh and test_campaign_slurm.sh).
C="$ROOT/benchmarks/campaigns/apps.campaign"
run "plan 108 jobs" 0 "$NOCSYN" campaign plan "$C" -o "$TMP/par"
has "plan says how many" "$TMP/out" "planned 108 jobs"
n=$(wc -l <"$TMP/par/jobs.txt")
[ "$n" -eq 108 ] && ok "jobs.txt: 108 lines" || notok "jobs.txt: 108 lines" "$n"
has "sbatch: an array of 108 tasks" "$TMP/par/slurm.sbatch" '^#SBATCH --array=1-108$'
has "Makefile: job 108" "$TMP/par/Makefile" '^job108:'
# jobs.txt runs each job by its number in the plan's directory.
has "jobs.txt: job 108's command" "$TMP/par/jobs.txt" "campaign job '.*/par' 108$"
campaign_one() { "$NOCSYN" campaign run "$C" -o "$FIX/one" -q; }
if fixture campaign-apps campaign_one; then
    ok "the same campaign in one process"
    mkdir -p "$TMP/one" && cp -R "$FIX/one/." "$TMP/one/"
    check "collected campaign re-derived (numbering, rows, fronts)" "$TMP/one"
fi
# Two jobs of the plan run alone give the rows of the one-process run.
for j in 5 77; do
    run "job $j of the plan alone" 0 "$NOCSYN" campaign job "$TMP/par" $j
    if cmp -s "$TMP/par/jobs/$(printf %04d $j)/summary.csv" "$TMP/one/jobs/$(printf %04d $j)/summary.csv"; then
        ok "job $j alone = its row in one process"
    else notok "job $j alone = its row in one process" "$(diff "$TMP/par/jobs/$(printf %04d $j)/summary.csv" "$TMP/one/jobs/$(printf %04d $j)/summary.csv" | head -5)"; fi
done
run "status: two done" 0 "$NOCSYN" campaign status "$TMP/par"
has "status counts" "$TMP/out" "^108 jobs: 2 done, 0 failed, 106 not run"
rows=$(awk 'END{print NR-1}' "$TMP/one/summary.csv")
[ "$rows" -eq 108 ] && ok "one design per job" || notok "one design per job" "$rows rows"
csvrows "nine apps, twelve designs each" "$TMP/one/summary.csv" "
from collections import Counter
c = Counter(r['app'] for r in rows)
assert len(c) == 9 and set(c.values()) == {12}, c"
# Hand-checked against the rows, under compare's front (README: 1% on power,
# latency and area, 100% on radix; identical rows once): on vopd the 500 MHz
# mesh (129.73 mW, 24.83 ns, 1.014 mm2, radix 5) is beaten in all four by the
# 1000 MHz hierarchical ring (127.66 mW, 13.34 ns, 0.838 mm2, radix 3); the
# 1000 MHz mesh (140.03 mW, 12.41 ns, 1.014 mm2, radix 5) by the 1000 MHz
# split_k2 (46.48 mW, 8.41 ns, 0.402 mm2, radix 7 <= 5 + 5); that hring_l6
# stays (radix 3: 7 > 3 + 3); merge_k2 at 500 MHz is split_k2's twin.
csvrows "vopd's 500 and 1000 MHz meshes are dominated, hring_l6 is not, twins count once" "$TMP/one/summary.csv" "
p = {(r['design'], r['freq_mhz']): r['pareto'] for r in rows if r['app'] == 'vopd'}
assert p[('mesh', '500')] == 'false' and p[('mesh', '1000')] == 'false' and p[('hring_l6', '1000')] == 'true', p
assert p[('split_k2', '500')] == 'true' and p[('merge_k2', '500')] == 'false', p"
mkdir -p "$TMP/first"
for f in $OUTS; do cp "$TMP/one/$f" "$TMP/first/$f"; done

# Resumable: a second run reruns nothing; a lost job is the only one rerun.
touch -d '2000-01-01' "$TMP/one/jobs/0005/summary.csv"
run "run again: nothing to do" 0 "$NOCSYN" campaign run "$C" -o "$TMP/one" -q
[ "$(find "$TMP/one/jobs/0005/summary.csv" -newermt 2001-01-01 | wc -l)" -eq 0 ] &&
    ok "a done job is not rerun" || notok "a done job is not rerun" "jobs/0005 rewritten"
rm "$TMP/one/jobs/0017/done"
run "status: one not run" 0 "$NOCSYN" campaign status "$TMP/one"
has "status names it" "$TMP/out" "^108 jobs: 107 done, 0 failed, 1 not run"
cp "$TMP/one/summary.csv" "$TMP/keep.csv"
run "collect refuses while a job is not done" 1 "$NOCSYN" campaign collect "$TMP/one"
has "collect names the missing job" "$TMP/err" "first: job 17"
same "a refused collect leaves summary.csv as it was" "$TMP/one/summary.csv" "$TMP/keep.csv"
run "collect --partial" 0 "$NOCSYN" campaign collect "$TMP/one" --partial -q
has "partial report lists the job" "$TMP/one/report.md" "^- job 17 (mpeg4 mesh r8 500MHz w32): not run yet"
run "job 17 alone" 0 "$NOCSYN" campaign job "$TMP/one" 17
has "job 17 ran" "$TMP/out" "^job 17 (mpeg4 mesh r8 500MHz w32): 1 design"
run "job 17 again: done already" 0 "$NOCSYN" campaign job "$TMP/one" 17
has "job 17 skipped" "$TMP/out" "done already"
run "collect after the rerun" 0 "$NOCSYN" campaign collect "$TMP/one" -q
sameset "the rerun job collects to the same bytes" "$TMP/first" "$TMP/one"

# ---- a small campaign: make -j, grids, skips, failures ----------------------
mkdir -p "$TMP/s/apps"
cp "$APPS/vopd.csv" "$APPS/mwd.csv" "$TMP/s/apps/"
cat >"$TMP/s/small.campaign" <<'EOF'
# radix 2 cannot hold VOPD's split (a skip) and breaks the mesh (a violation)
app = apps/vopd.csv
app = apps/mwd.csv
methods = split
baselines = mesh
max-radix = 2,8
freq = 400:800:400
link-width = 32,64
EOF
run "plan the small campaign" 0 "$NOCSYN" campaign plan "$TMP/s/small.campaign" -o "$TMP/mk"
has "2 x 2 x 2 x 2 x 2 = 32 jobs" "$TMP/out" "planned 32 jobs"
run "make -j2 runs the jobs" 0 make -s -j2 -f "$TMP/mk/Makefile"
run "collect the make run" 0 "$NOCSYN" campaign collect "$TMP/mk"
check "small campaign re-derived" "$TMP/mk"
run "the small campaign in one process" 0 "$NOCSYN" campaign run "$TMP/s/small.campaign" -o "$TMP/mk1" -q
sameset "make -j = one process" "$TMP/mk" "$TMP/mk1"
has "radix 2 skips split (report)" "$TMP/mk/report.md" "^- job 1 split: .*radix 2"
has "radix 2: the mesh breaks it (report)" "$TMP/mk/report.md" "^- job 2 mesh: radix"
csvrows "grid points as described" "$TMP/mk/summary.csv" "
pts = sorted({(r['max_radix'], r['freq_mhz'], r['link_width']) for r in rows})
assert pts == sorted((a, f, w) for a in ('2', '8') for f in ('400', '800') for w in ('32', '64')), pts"
run "plan again with the same description" 0 "$NOCSYN" campaign plan "$TMP/s/small.campaign" -o "$TMP/mk"
has "replanning keeps the jobs done" "$TMP/out" "(32 done already)"

# baselines = all: every baseline of compare's registry (compare --help lists
# nine: mesh, torus, cmesh, cmesh-private, hring, flatfly, clos, fattree,
# butterfly), so one app without methods plans nine jobs.
printf 'app = apps/vopd.csv\nmethods = none\nbaselines = all\n' >"$TMP/s/all.campaign"
run "plan every baseline" 0 "$NOCSYN" campaign plan "$TMP/s/all.campaign" -o "$TMP/all"
has "all = 9 jobs" "$TMP/out" "planned 9 jobs"
has "all includes cmesh-private" "$TMP/all/campaign.txt" "^baselines = mesh,torus,cmesh,cmesh-private,hring,flatfly,clos,fattree,butterfly$"

# A job whose app disappeared after planning fails, says why, and is retried.
cp "$APPS/pip.csv" "$TMP/s/apps/gone.csv"
printf 'app = apps/gone.csv\nmethods = split\n' >"$TMP/s/gone.campaign"
run "plan with an app" 0 "$NOCSYN" campaign plan "$TMP/s/gone.campaign" -o "$TMP/gone"
rm "$TMP/s/apps/gone.csv"
"$NOCSYN" campaign job "$TMP/gone" 1 >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" -ne 0 ] && ok "the job fails" || notok "the job fails" "exit $rc"
has "the failure names the job" "$TMP/err" "^nocsyn: job 1 (gone split"
run "status: one failed" 1 "$NOCSYN" campaign status "$TMP/gone"
has "status gives the reason" "$TMP/out" "^failed: job 1: .*gone.csv"
run "collect refuses a failed job" 1 "$NOCSYN" campaign collect "$TMP/gone"
absent "no summary from a failed campaign" "$TMP/gone/summary.csv"
cp "$APPS/pip.csv" "$TMP/s/apps/gone.csv"
run "the job again, the app back" 0 "$NOCSYN" campaign job "$TMP/gone" 1
absent "the failed mark is gone" "$TMP/gone/jobs/0001/failed"

# ---- bad input: exit 2, one line, nothing written ---------------------------
badc() { # NAME TEXT
    printf '%s\n' "$2" >"$TMP/s/bad.campaign"
    bad "$1" "$NOCSYN" campaign plan "$TMP/s/bad.campaign" -o "$TMP/badout"
    absent "$1: nothing written" "$TMP/badout"
}
badc "unknown key" "app = apps/vopd.csv
colour = blue"
badc "no app" "methods = split"
badc "missing app file" "app = apps/none.csv"
badc "unknown method" "app = apps/vopd.csv
methods = split,magic"
badc "unknown baseline" "app = apps/vopd.csv
baselines = hypercube9"
badc "floorplan before any app" "floorplan = fp.csv
app = apps/vopd.csv"
badc "reversed range" "app = apps/vopd.csv
freq = 900:400:100"
badc "empty list element" "app = apps/vopd.csv
link-width = 32,,64"
badc "line without =" "app = apps/vopd.csv
split"
badc "app twice" "app = apps/vopd.csv
app = apps/vopd.csv"
badc "nothing to run" "app = apps/vopd.csv
methods = none"
badc "bad yes/no" "app = apps/vopd.csv
simulate = maybe"
has "the message names the line" "$TMP/err" "bad.campaign:2:"
bad "another campaign in the same directory" "$NOCSYN" campaign plan "$TMP/s/gone.campaign" -o "$TMP/mk"
same "the other campaign's description is kept" "$TMP/mk/campaign.txt" "$TMP/mk1/campaign.txt"
bad "job number out of range" "$NOCSYN" campaign job "$TMP/mk" 33
bad "job in a directory that is no campaign" "$NOCSYN" campaign job "$TMP/s" 1
bad "unknown subcommand" "$NOCSYN" campaign launch "$TMP/s/small.campaign"
bad "plan without -o" "$NOCSYN" campaign plan "$TMP/s/small.campaign"
bad "an option of another subcommand" "$NOCSYN" campaign collect "$TMP/mk" --force
run "campaign --help" 0 "$NOCSYN" campaign --help
has "help: the description keys" "$TMP/out" "sim-loads = A:B:STEP"

# Simulation in a campaign: sim-loads bounds the sweep; without an unstable
# point the saturation is the last offered load (sim.h), 0.3 here.
printf 'app = apps/vopd.csv\nmethods = split\nbaselines = mesh\nsimulate = yes\nsim-loads = 0.1:0.3:0.1\nsim-cycles = 2000\n' >"$TMP/s/sim.campaign"
run "a simulating campaign" 0 "$NOCSYN" campaign run "$TMP/s/sim.campaign" -o "$TMP/sim" -q
csvrows "sim-loads reach the simulator" "$TMP/sim/summary.csv" "
assert len(rows) == 2 and all(float(r['sim_saturation']) == 0.3 for r in rows), [r['sim_saturation'] for r in rows]"
has "the report shows the saturation when simulating" "$TMP/sim/report.md" "| saturation | headroom |"
has "a simulated design's saturation in the report" "$TMP/sim/report.md" "| 0.3000 | "
