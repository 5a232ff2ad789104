#!/bin/sh
# `make bench-booksim`: `nocsyn sim` side by side with BookSim2 on matching
# configurations (topology, routing, 4 VCs x 8 flits, 3-cycle routers
# (VC allocation, switch allocation, switch traversal), 1-cycle links,
# credit delay, packet size, traffic, offered load in flits/node/cycle).
#
# BookSim2 is never fetched at run time: point BOOKSIM_SRC at a source tree
# (git clone https://github.com/booksim/booksim2, then
# BOOKSIM_SRC=/path/to/booksim2 make bench-booksim).  It is built in a scratch
# directory (needs g++, flex, bison: make deps installs them); nothing of it enters this repository.
#
# Table 1 (fixed loads): per configuration, for each load in RATES (default
# "0.05 0.2 0.35") the average packet latency and accepted flits/node/cycle
# of both tools and the simulated cycles per second of each.
# Table 2 (saturation): per configuration the saturation throughput of each
# tool by its own verdict -- nocsyn: `nocsyn sim --sweep` (loads 0.05 apart,
# then rounds of 3 loads down to 0.003; stable = drained and the backlog's
# least-squares trend over the window at most 0.5% of the created flits);
# BookSim2: bisection on injection_rate over [0, 1] down to 0.005 (8 runs)
# on BookSim's own verdict ("Simulation unstable" or not) with its adaptive
# warm-up (warmup_periods = 0: warmed up once latency and accepted rate change
# by < 5% between two 5000-cycle samples, else unstable after max_samples =
# 10; and its latency_thres = 500) -- then the latency of both at half of
# BookSim's saturation (BookSim minus its constant one cycle, README) and
# the cycles per second of that run.
# Ten configurations: five meshes, the torus, two synthesized designs
# (anynet) and the 64-terminal 2-ary fat tree twice (BookSim's nca takes a
# random up port at every level; nocsyn's nca is deterministic, its ecmp a
# random minimal path per packet).  Environment: BUILD (default build), BOOKSIM_SRC (required),
# RATES, BOOKSIM_BUILD (a scratch build directory reused when it holds a
# booksim binary), ONLY (run only the configurations whose name contains
# it), TABLES (default "loads saturation"; either or both).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
NOCSYN=${NOCSYN:-$ROOT/$BUILD/nocsyn}
RATES=${RATES:-"0.05 0.2 0.35"}
TABLES=${TABLES:-"loads saturation"}
: "${BOOKSIM_SRC:?set BOOKSIM_SRC to a BookSim2 source tree (git clone https://github.com/booksim/booksim2)}"
[ -f "$BOOKSIM_SRC/src/Makefile" ] || { echo "booksim_bench: $BOOKSIM_SRC/src/Makefile not found" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# BOOKSIM_BUILD: scratch directory kept between runs (default: a temporary one)
BSB=${BOOKSIM_BUILD:-$W/bs}
if [ ! -x "$BSB/booksim" ]; then
    mkdir -p "$BSB" && cp -R "$BOOKSIM_SRC/src/." "$BSB" && (cd "$BSB" && make -j2 >"$W/bs.log" 2>&1) ||
        { echo "booksim_bench: BookSim2 build failed (needs g++, flex, bison: make deps installs them)" >&2; tail -5 "$W/bs.log" >&2; exit 1; }
fi
BOOKSIM=$BSB/booksim
now() { date +%s.%N; }
# cpu_run OUT CMD...: runs CMD (stdout and stderr to OUT) and sets CPU to its
# user + system seconds (wait4's rusage, microseconds): the cycles/s of both
# tools are per CPU second, so a busy machine does not skew them (both run
# single-threaded), process start-up included.
cpu_run() {
    CPU=$(python3 -c 'import os, sys
pid = os.fork()
if pid == 0:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.execvp(sys.argv[2], sys.argv[2:])
ru = os.wait4(pid, 0)[2]
print("%.6f" % (ru.ru_utime + ru.ru_stime))' "$@")
}

# booksim_run CFGBODY RATE PKT [SAMPLING]: prints "latency accepted cycles
# cycles/s"; SAMPLING (config lines) replaces the fixed 10k-cycle sampling
# use_noc_latency = 0: every channel 1 cycle, as nocsyn's unit links.  BookSim's
# default (1) gives a torus 2-cycle channels (kncube.cpp: a folded torus's
# links span two tiles), which was the 5-cycle torus gap: 26.13 cycles
# against 22.10 with 1-cycle channels at 0.05 flits/node/cycle (8x8, dor).
booksim_run() {
    cat >"$W/cfg" <<CFG
$1
use_noc_latency = 0;
num_vcs = 4;
vc_buf_size = 8;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
credit_delay = 2;
wait_for_tail_credit = 0;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $2;
sim_type = latency;
${4:-sample_period = 10000;
warmup_periods = 1;
max_samples = 3;}
CFG
    cpu_run "$W/bs.out" "$BOOKSIM" "$W/cfg"
    t0=0 t1=$CPU
    awk -v a="$t0" -v b="$t1" '
        /Packet latency average/ { lat = $5 }
        /Accepted flit rate average/ { acc = $6 }
        /Time taken is/ { cyc = $4 }
        /unstable/ { lat = "unstable" }
        END { printf "%s %s %s %.0f\n", lat == "" ? "-" : lat, acc == "" ? "-" : acc, cyc == "" ? 0 : cyc, (b - a > 0 && cyc > 0) ? cyc / (b - a) : 0 }' "$W/bs.out"
}

# nocsyn_run TOPO ROUTING TRAFFIC RATE PKT [EXTRA]: same fields (EXTRA:
# further nocsyn sim options of the configuration, unquoted)
nocsyn_run() {
    # shellcheck disable=SC2086
    cpu_run "$W/ns.out" "$NOCSYN" sim "$1" --routing "$2" --traffic "$3" --rate "$4" --packet "$5" --vcs 4 --buf 8 ${6:-} \
        --warmup 10000 --cycles 30000 --tolerance 1e-9 --threads 1 --format json
    t0=0 t1=$CPU
    num() { sed -n "s/.*\"$1\":[[:space:]]*\([-0-9.e+]*\).*/\1/p" "$W/ns.out" | head -1; }
    lat=$(num latency_avg); acc=$(num accepted); cyc=$(num cycles_run)
    awk -v l="${lat:--}" -v a="${acc:--}" -v c="${cyc:-0}" -v t0="$t0" -v t1="$t1" \
        'BEGIN { printf "%s %s %s %.0f\n", l, a, c, (t1 - t0 > 0) ? c / (t1 - t0) : 0 }'
}

# Two synthesized designs, handed to BookSim as anynet files (their trees
# have one path per pair, so BookSim's `min` routing, nocsyn's ecmp and its
# up*-down* take the same routes; both tools look them up in a table:
# BookSim's min and nocsyn's updown; the anynet file carries the link
# latencies).
"$NOCSYN" synth "$ROOT/benchmarks/apps/vopd.csv" --switches 4 -q -o "$W/vopd" >/dev/null 2>&1 &&
    "$NOCSYN" synth "$ROOT/benchmarks/apps/mpeg4.csv" --switches 3 -q -o "$W/mpeg4" >/dev/null 2>&1 ||
    { echo "booksim_bench: nocsyn synth failed" >&2; exit 1; }

# BookSim's own verdict at RATE (adaptive warm-up, see above): prints
# "stable" or "unstable" and the cycles simulated (0 when aborted)
BS_SAT_SAMPLING="warmup_periods = 0;
sample_period = 5000;
max_samples = 10;"
booksim_verdict() {
    set -- $(booksim_run "$1" "$2" "$3" "$BS_SAT_SAMPLING")
    if [ "$1" = unstable ] || [ "$1" = - ]; then echo "unstable $3"; else echo "stable $3"; fi
}

# nocsyn's saturation search (the sweep's default loads); prints the
# saturation and the sweep's wall seconds
nocsyn_sat() {
    t0=$(now)
    # shellcheck disable=SC2086
    "$NOCSYN" sim "$1" --routing "$2" --traffic "$3" --packet "$4" --vcs 4 --buf 8 ${5:-} --sweep \
        --format json >"$W/nsat.out" 2>&1
    t1=$(now)
    sat=$(sed -n 's/.*"saturation":[[:space:]]*\([-0-9.e+]*\).*/\1/p' "$W/nsat.out" | head -1)
    awk -v s="${sat:--}" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%s %.1f\n", s, t1 - t0 }'
}

# Bisection on BookSim's verdict over [0, 1] down to 0.005; prints the
# largest stable load found and the search's wall seconds
booksim_sat() {
    t0=$(now)
    bsat_body=$1 bsat_pkt=$2 lo=0 hi=1
    while awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(h - l > 0.005) }'; do
        mid=$(awk -v l="$lo" -v h="$hi" 'BEGIN { printf "%.6g", (l + h) / 2 }')
        set -- $(booksim_verdict "$bsat_body" "$mid" "$bsat_pkt")
        if [ "$1" = stable ]; then lo=$mid; else hi=$mid; fi
    done
    t1=$(now)
    awk -v s="$lo" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%s %.1f\n", s, t1 - t0 }'
}

CONFIGS=$(cat <<'EOF'
8x8 mesh, dor, uniform, 1 flit|gen:mesh:k=8,n=2|dor|uniform|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|1
8x8 mesh, dor, transpose, 1 flit|gen:mesh:k=8,n=2|dor|transpose|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|transpose|1
8x8 mesh, dor, bitcomp, 1 flit|gen:mesh:k=8,n=2|dor|bitcomp|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|bitcomp|1
8x8 mesh, dor, uniform, 4 flits|gen:mesh:k=8,n=2|dor|uniform|topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|4
4x4 mesh, dor, uniform, 1 flit|gen:mesh:k=4,n=2|dor|uniform|topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dim_order;|uniform|1
8x8 torus, dor (dateline), uniform, 1 flit|gen:torus:k=8,n=2|dor|uniform|topology = torus;\nk = 8;\nn = 2;\nrouting_function = dim_order;|uniform|1
VOPD split_k4 (anynet), min, uniform, 1 flit|@W@/vopd/split_k4.dot|updown|uniform|topology = anynet;\nnetwork_file = @W@/vopd/split_k4.anynet;\nrouting_function = min;|uniform|1
MPEG-4 split_k3 (anynet), min, uniform, 1 flit|@W@/mpeg4/split_k3.dot|updown|uniform|topology = anynet;\nnetwork_file = @W@/mpeg4/split_k3.anynet;\nrouting_function = min;|uniform|1
64-terminal 2-ary 6-tree, nocsyn nca / BookSim nca, uniform, 1 flit|gen:fattree:k=2,n=6|nca|uniform|topology = fattree;\nk = 2;\nn = 6;\nrouting_function = nca;|uniform|1|--mm-per-cycle 1e9
64-terminal 2-ary 6-tree, nocsyn ecmp / BookSim nca, uniform, 1 flit|gen:fattree:k=2,n=6|ecmp|uniform|topology = fattree;\nk = 2;\nn = 6;\nrouting_function = nca;|uniform|1|--mm-per-cycle 1e9
EOF
)

for table in $TABLES; do
case $table in
loads)
echo "| configuration | load | nocsyn latency | BookSim2 latency | nocsyn accepted | BookSim2 accepted | nocsyn cycles/s | BookSim2 cycles/s |"
echo "|---|---|---|---|---|---|---|---|"
;;
saturation)
echo
echo "| configuration | nocsyn saturation | BookSim2 saturation | difference | load (half BookSim2 sat.) | nocsyn latency | BookSim2 latency - 1 | difference | nocsyn cycles/s | BookSim2 cycles/s | speed | search s (nocsyn / BookSim2) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
;;
*) echo "booksim_bench: unknown table $table (loads, saturation)" >&2; exit 2 ;;
esac
# name | nocsyn topology | nocsyn routing | nocsyn traffic | BookSim topology lines | BookSim traffic | packet
# [| further nocsyn sim options: BookSim's channels all take one cycle
# (use_noc_latency = 0); --mm-per-cycle 1e9 does the same for nocsyn, whose
# folded fat tree has a few links longer than the default 2 mm per cycle]
printf '%s\n' "$CONFIGS" | while IFS='|' read -r name topo routing traffic bscfg bstraffic pkt extra; do
    [ -n "$name" ] || continue
    case $name in *"${ONLY:-}"*) ;; *) continue ;; esac
    topo=$(printf '%s' "$topo" | sed "s|@W@|$W|g"); bscfg=$(printf '%s' "$bscfg" | sed "s|@W@|$W|g")
    bsbody="$(printf '%b' "$bscfg")
traffic = $bstraffic;"
    if [ "$table" = loads ]; then
        for r in $RATES; do
            set -- $(nocsyn_run "$topo" "$routing" "$traffic" "$r" "$pkt" "$extra")
            nl=$1 na=$2 nc=$4
            set -- $(booksim_run "$bsbody" "$r" "$pkt")
            echo "| $name | $r | $nl | ${1:--} | $na | ${2:--} | $nc | ${4:--} |"
        done
        continue
    fi
    set -- $(nocsyn_sat "$topo" "$routing" "$traffic" "$pkt" "$extra"); ns=$1 nst=$2
    set -- $(booksim_sat "$bsbody" "$pkt"); bs=$1 bst=$2
    half=$(awk -v s="$bs" 'BEGIN { printf "%.4f", s / 2 }')
    set -- $(nocsyn_run "$topo" "$routing" "$traffic" "$half" "$pkt" "$extra"); nl=$1 nc=$4
    set -- $(booksim_run "$bsbody" "$half" "$pkt"); bl=$1 bc=$4
    awk -v name="$name" -v ns="$ns" -v bs="$bs" -v h="$half" -v nl="$nl" -v bl="$bl" -v nc="$nc" \
        -v bc="$bc" -v nst="$nst" -v bst="$bst" 'BEGIN {
        sd = (bs > 0) ? sprintf("%+.1f%%", 100 * (ns - bs) / bs) : "-"
        b1 = bl - 1
        ld = (bl + 0 > 1) ? sprintf("%+.1f%%", 100 * (nl - b1) / b1) : "-"
        sp = (bc > 0) ? sprintf("%.1fx", nc / bc) : "-"
        printf "| %s | %s | %s | %s | %s | %.2f | %.2f | %s | %s | %s | %s | %s / %s |\n",
            name, ns, bs, sd, h, nl, b1, ld, nc, bc, sp, nst, bst }'
done
done
