# A single-node Slurm cluster on this host, for tests and benchmarks
# (sourced, POSIX sh).
#   slurm_missing        prints the first missing tool and succeeds, or fails
#                        when munge and Slurm are all there.
#   slurm_start DIR      munged (fresh key, private socket), slurmctld and
#                        slurmd as the current user; config, state, logs and
#                        sockets under DIR; ports chosen from the PID.
#                        Exports SLURM_CONF, waits (up to 30 s) for the node
#                        to be idle; non-zero with the reason on stderr.
#   slurm_stop DIR       shuts the three down and waits for them to exit.
# The node offers 8 CPUs (config_overrides: more than a 2-core machine has)
# so that eight one-CPU tasks overlap their start-up.

slurm_missing() {
    for t in munged mungekey slurmctld slurmd sbatch scontrol sinfo; do
        command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] || { echo "$t"; return 0; }
    done
    return 1
}

slurm_start() {
    [ -n "$1" ] || return 1
    S=$1
    PATH="$PATH:/usr/sbin"
    mkdir -p "$S/spool" "$S/state" "$S/log" "$S/munge" || return 1
    chmod 700 "$S/munge"
    mungekey -c -k "$S/munge/munge.key" -f >/dev/null 2>&1 ||
        dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$S/munge/munge.key"
    munged --key-file="$S/munge/munge.key" --socket="$S/munge/sock" --pid-file="$S/munge/pid" \
        --log-file="$S/munge/log" --seed-file="$S/munge/seed" --force || return 1
    P1=$((20000 + ($$ % 20000) * 2))
    P2=$((P1 + 1))
    H=$(hostname -s)
    U=$(id -un)
    {
        echo "ClusterName=nocsyntest"
        echo "SlurmctldHost=$H"
        echo "SlurmUser=$U"
        echo "SlurmdUser=$U"
        echo "AuthType=auth/munge"
        echo "AuthInfo=socket=$S/munge/sock"
        echo "CredType=cred/munge"
        echo "SlurmctldPort=$P1"
        echo "SlurmdPort=$P2"
        echo "StateSaveLocation=$S/state"
        echo "SlurmdSpoolDir=$S/spool"
        echo "SlurmctldPidFile=$S/ctld.pid"
        echo "SlurmdPidFile=$S/slurmd.pid"
        echo "SlurmctldLogFile=$S/log/ctld.log"
        echo "SlurmdLogFile=$S/log/slurmd.log"
        echo "ProctrackType=proctrack/linuxproc"
        echo "TaskPlugin=task/none"
        echo "SchedulerType=sched/builtin"
        echo "SchedulerParameters=sched_interval=1,sched_min_interval=0,batch_sched_delay=0,default_queue_depth=1000"
        echo "SelectType=select/cons_tres"
        echo "SelectTypeParameters=CR_Core"
        echo "ReturnToService=2"
        echo "MpiDefault=none"
        echo "JobAcctGatherType=jobacct_gather/none"
        echo "AccountingStorageType=accounting_storage/none"
        echo "PlugStackConfig=/dev/null"
        echo "MaxArraySize=10000"
        echo "SlurmdParameters=config_overrides"
        echo "NodeName=$H CPUs=8 State=UNKNOWN"
        echo "PartitionName=test Nodes=$H Default=YES MaxTime=INFINITE State=UP"
    } >"$S/slurm.conf"
    SLURM_CONF="$S/slurm.conf"
    export SLURM_CONF
    slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" || return 1
    for i in $(seq 1 30); do
        sinfo -h -o '%t' 2>/dev/null | grep -q 'idle' && return 0
        sleep 1
    done
    tail -5 "$S"/log/*.log >&2
    return 1
}

slurm_stop() {
    [ -n "$1" ] || return 0
    S=$1
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
        [ "$alive" -eq 0 ] && return 0
        sleep 0.5
    done
    return 0
}
