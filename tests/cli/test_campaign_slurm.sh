#!/bin/sh
# nocsyn campaign under a real Slurm: a single-node cluster (munged,
# slurmctld, slurmd from Debian's munge and slurm-wlm) started on this host
# by this script, in a private directory, on private ports, as the current
# user; the 108-job benchmark campaign submitted as a job array with the
# plan's own slurm.sbatch, collected, and compared byte for byte with the
# same campaign run in one process.  Everything is stopped on exit.
. "$(dirname "$0")/lib.sh"
OUTS="summary.csv pareto.csv report.md report.html"
S="$TMP/slurm"
mkdir -p "$S/spool" "$S/state" "$S/log" "$S/munge"
chmod 700 "$S/munge"

stop_cluster() {
    set +e
    pids=""
    for p in ctld.pid slurmd.pid munge/pid; do
        [ -f "$S/$p" ] && pids="$pids $(cat "$S/$p")"
    done
    [ -f "$S/slurm.conf" ] && SLURM_CONF="$S/slurm.conf" scontrol shutdown >/dev/null 2>&1
    sleep 1
    for p in $pids; do kill "$p" 2>/dev/null; done
    for i in $(seq 1 20); do
        alive=0
        for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ "$alive" -eq 0 ] && break
        sleep 0.5
    done
    rm -rf "$TMP"
}
trap stop_cluster EXIT

for t in munged mungekey slurmctld slurmd sbatch scontrol sinfo; do
    if ! command -v "$t" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$t" ]; then
        notok "slurm and munge installed" "$t not found (make deps installs slurm-wlm and munge)"
        exit 0
    fi
done
PATH="$PATH:/usr/sbin"
ok "slurm and munge installed"

# munge: a fresh key and a private socket.
mungekey -c -k "$S/munge/munge.key" -f >/dev/null 2>&1 || dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$S/munge/munge.key"
if munged --key-file="$S/munge/munge.key" --socket="$S/munge/sock" --pid-file="$S/munge/pid" \
        --log-file="$S/munge/log" --seed-file="$S/munge/seed" --force 2>"$TMP/err"; then ok "munged started"
else notok "munged started" "$(cat "$TMP/err")"; exit 0; fi

# The node offers 8 CPUs (config_overrides: more than the machine has) so
# that eight one-CPU tasks overlap their start-up.
# Ports: two free ones above 20000 chosen from the PID.
P1=$((20000 + ($$ % 20000) * 2)); P2=$((P1 + 1))
H=$(hostname -s)
U=$(id -un)
cat >"$S/slurm.conf" <<EOF
ClusterName=nocsyntest
SlurmctldHost=$H
SlurmUser=$U
SlurmdUser=$U
AuthType=auth/munge
AuthInfo=socket=$S/munge/sock
CredType=cred/munge
SlurmctldPort=$P1
SlurmdPort=$P2
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/ctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/log/ctld.log
SlurmdLogFile=$S/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1,sched_min_interval=0,batch_sched_delay=0,default_queue_depth=1000
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
PlugStackConfig=/dev/null
MaxArraySize=10000
SlurmdParameters=config_overrides
NodeName=$H CPUs=8 State=UNKNOWN
PartitionName=test Nodes=$H Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$S/slurm.conf"
slurmctld -f "$SLURM_CONF" 2>"$TMP/err" && slurmd -f "$SLURM_CONF" 2>>"$TMP/err"
up=0
for i in $(seq 1 30); do
    if sinfo -h -o '%t' 2>/dev/null | grep -q 'idle'; then up=1; break; fi
    sleep 1
done
if [ "$up" -eq 1 ]; then ok "single-node cluster up (sinfo: idle)"
else notok "single-node cluster up (sinfo: idle)" "$(cat "$TMP/err"; tail -5 "$S"/log/*.log 2>/dev/null)"; exit 0; fi

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
run "one process" 0 "$NOCSYN" campaign run "$C" -o "$TMP/one" -q
for f in $OUTS; do same "Slurm = one process: $f" "$TMP/sl/$f" "$TMP/one/$f"; done
