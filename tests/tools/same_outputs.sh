#!/bin/sh
# same_outputs.sh OLD_BIN NEW_BIN [OUTDIR]
#
# Byte-identity check for refactorings: runs every command of nocsyn
# (app-info, floorplan, synth, compare, eval, route, sim (short), rtl,
# convert, gen, tech, perm, min, dynamic, latency, design, campaign plan)
# on every benchmark app in benchmarks/apps with OLD_BIN and NEW_BIN into
# OUTDIR/old and OUTDIR/new (default OUTDIR: a fresh mktemp directory),
# recording each command's stdout, stderr, exit status and written files,
# and diffs the two trees.  Exit 0 when they are identical, 1 on any
# difference (the diff is printed), 2 on bad usage.
#
# Every command runs from inside its tree with relative paths, so the two
# trees hold the same bytes when the binaries behave the same.  The options
# keep the whole run to a few minutes on 2 cores (split sweeps capped at
# 4 switches on the largest apps, short simulations, one-thread synthesis so
# the runs do not compete for the cores).
#
# Not a test of its own (it needs two binaries); a refactoring runs it
# against the binary of the commit it started from.
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 OLD_BIN NEW_BIN [OUTDIR]" >&2
    exit 2
fi
abspath() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
OLD=$(abspath "$1")
NEW=$(abspath "$2")
for b in "$OLD" "$NEW"; do
    [ -x "$b" ] || { echo "$0: $b: not an executable" >&2; exit 2; }
done
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${3:-$(mktemp -d "${TMPDIR:-/tmp}/same_outputs.XXXXXX")}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
rm -rf "$OUT/old" "$OUT/new"

# run NAME ARGS...: one command; its stdout, stderr and status in NAME.*
run() {
    name=$1
    shift
    "$BIN" "$@" >"$name.out" 2>"$name.err" </dev/null
    echo $? >"$name.rc"
}

# apps: the CSV files of benchmarks/apps that are app graphs (src,dst,...)
apps() {
    for f in "$ROOT"/benchmarks/apps/*.csv; do
        head -n 1 "$f" | grep -q '^src,dst' && basename "$f" .csv
    done
}

one_tree() {
    BIN=$1
    T=$2
    mkdir -p "$T/apps" && cd "$T" || exit 2
    cp "$ROOT"/benchmarks/apps/*.csv apps/
    cat >tech.txt <<'EOF'
# a tech file with a packet-bits override and a library clock table
packet_bits = 256
router_stages = 2
fmax_mhz.4 = 1500
fmax_mhz.8 = 900
EOF
    cat >camp.txt <<'EOF'
name = same outputs
app = apps/vopd.csv
app = apps/pip.csv
methods = split,merge,cmesh,hring
baselines = all
freq = 500,1000
link-width = 32,64
max-radix = 6,8
EOF
    cat >camp_small.txt <<'EOF'
app = apps/vopd.csv
app = apps/pip.csv
methods = split,merge
baselines = mesh,torus
freq = 500,1000
EOF

    # commands that do not read an app
    mkdir -p misc && cd misc || exit 2
    run gen_mesh gen mesh 4
    run gen_torus_json gen torus 4 --format json
    run gen_cmesh gen cmesh k=2 c=4 share=1
    run gen_fly gen butterfly 2 3 --format json
    run gen_clos gen clos 2 2 3 -o clos.svg
    run gen_fattree gen fattree 2 3 --format json
    run gen_hring gen hring 3 4
    run gen_flatfly gen flatfly 4 2 2
    run tech_default tech
    run tech_json tech --format json --width 64 --freq 800 --radix 2:12
    run tech_file tech --tech ../tech.txt --format json
    run perm_bitrev perm bitrev --N 16 --format json
    run perm_comp perm cube:0,shuffle --N 8 4
    run perm_cycles perm gshift:2 --N 8 --cycles
    run perm_q perm qshuffle:3 --N 12 --cycles --format json
    run min_cube min cube --n 3 --shifts --mod 4
    run min_cube_json min cube --n 3 --control 101 --format json
    run min_fly min butterfly --n 3 --perm "" --format json
    run min_omega min omega --n 3 --perm bitrev --format json
    run dyn_bus dynamic bus --n 8 --link-width 32 --freq 100
    run dyn_bus_json dynamic bus --n 8 --link-width 64 --freq 250 --format json
    run dyn_xbar dynamic crossbar --n 16 --format json
    run dyn_bcast dynamic broadcast --n 3 --src 5 --dest 1,3
    run dyn_bcast_json dynamic broadcast --n 4 --src 3 --format json
    run dyn_clos dynamic clos --m 2 --n 2 --r 3 --brute --format json
    run dyn_clos_perm dynamic clos --m 2 --n 2 --r 3 --perm "(0 5)(1 2)"
    run dyn_omega dynamic omega --k 2 --n 3 --perm "(0 7)(1 6)" --format json
    run dyn_modules dynamic modules --sizes 2,4,16 --format json
    run design_fly design butterfly
    run design_fly_json design butterfly --dest 45 --format json
    run design_chip design butterfly --chip-signals 72 --format json
    run lat_sw latency switching --bits 512 --hops 4 --bw 32 --freq 500
    run lat_sw_json latency switching --bits 512 --hops 4 --bw 32 --header 16 --flit 64 --router 2 --link 1 --freq 800 --format json
    run lat_drop latency drop --k 2 --n 3 --offered 0.5 --resend --format json
    run lat_drop_table latency drop --k 2 --n 2 --table
    run lat_msg latency message --bits 8192 --bw 10 --sender 100 --receiver 200 --distance 10
    run lat_head latency head --hops 3 --router 2 --link 1 --bits 256 --bw 32 --freq 1000
    run lat_retry latency retry --k 2 --n 2 --offered 0.5 --t0 10
    run route_mesh route gen:mesh:k=4,n=2 --from t0 --to t15 --routing dor
    run route_count route gen:torus:k=4,n=2 --from t0 --to t10 --count --weights
    run route_dl route gen:torus:k=4,n=2 --deadlock --routing dor --vcs 2
    run route_default route gen:butterfly:k=2,n=3 --from t0 --to t7
    run route_mc route gen:mesh:k=3,n=2 --from t4 --multicast all
    run route_mc_fly route gen:butterfly:k=2,n=3 --from t0 --multicast all
    run route_mc_torus route gen:torus:k=4,n=2 --from t0 --multicast t3,t5 --vcs 2
    run eval_mesh eval gen:mesh:k=4,n=2 --format json
    run eval_grid eval gen:torus:k=4,n=2 --routing dor --link-width 64 --freq 500 --format json --no-bisection
    run eval_cap eval gen:cmesh:k=2,c=4,share=1 --capacity 1000 --format text
    run sim_mesh sim gen:mesh:k=3,n=2 --rate 0.2 --warmup 200 --cycles 1000 --format json
    run sim_fly sim gen:butterfly:k=2,n=2 --rate 0.2 --warmup 200 --cycles 1000 --format text
    run conv_mesh convert gen:mesh:k=3,n=2 --to anynet
    run conv_json convert gen:torus:k=3,n=2 --to json
    run rtl_mesh rtl gen:mesh:k=2,n=2 -o rtl_mesh
    run rtl_torus rtl gen:torus:k=3,n=2 -o rtl_torus
    for c in app-info convert gen eval synth compare floorplan route perm min dynamic design latency tech sim campaign rtl; do
        run "help_$c" "$c" --help
    done
    run help_main --help
    run camp_plan campaign plan ../camp.txt -o camp --nocsyn nocsyn
    run camp_run campaign run ../camp_small.txt -o camp_small -q
    run camp_status campaign status camp_small
    cd .. || exit 2

    for a in $(apps); do
        A=apps/$a.csv
        mkdir -p "$a" && cd "$a" || exit 2
        A=../$A
        run info_text app-info "$A"
        run info_json app-info "$A" --format json --svg app.svg --dot app.dot
        run fp floorplan "$A" -o fp.csv --svg fp.svg
        run info_fp app-info "$A" --floorplan fp.csv --format json
        case $a in
            e3s_auto-indust|vopd16) sweep="--sweep 1:4" ;;
            *) sweep="" ;;
        esac
        run synth synth "$A" --method all --threads 1 $sweep -o synth
        # floorplan rule: a floorplan missing a core, an app half placed
        head -n 2 fp.csv >fp_part.csv
        run synth_fp_part synth "$A" --floorplan fp_part.csv --switches 2 -o synth_fp_part
        run compare_fp_part compare "$A" --floorplan fp_part.csv -o cmp_fp_part
        run synth_fp synth "$A" --method split --switches 3 --floorplan fp.csv --tech ../tech.txt --packet-bits 64 --freq 900 -o synth_fp
        run compare compare "$A" --methods split,merge -o cmp
        d=$(ls synth/*.dot 2>/dev/null | head -n 1)
        if [ -n "$d" ]; then
            run eval_app eval "$d" --traffic "app:$A" --format json
            run eval_text eval "$d" --format text --no-bisection
            run eval_ideal eval "$d" --traffic "app:$A" --routing ideal --link-width 64 --freq 500
            run route_t route "$d" --from "$(sed -n 's/^ *"*\([^" ]*\)"* *\[.*kind="*terminal.*/\1/p' "$d" | head -n 1)" \
                --to "$(sed -n 's/^ *"*\([^" ]*\)"* *\[.*kind="*terminal.*/\1/p' "$d" | tail -n 1)"
            run route_dl route "$d" --deadlock --routing table
            run route_mc route "$d" --from "$(sed -n 's/^ *"*\([^" ]*\)"* *\[.*kind="*terminal.*/\1/p' "$d" | head -n 1)" --multicast all
            run sim_uniform sim "$d" --rate 0.1 --warmup 200 --cycles 1000 --format text
            run rtl_uniform rtl "$d" -o rtl_uniform
            run sim_app sim "$d" --traffic "app:$A" --warmup 200 --cycles 1000 --format json
            run sim_app_rate sim "$d" --traffic "app:$A" --rate 0.3 --warmup 200 --cycles 1000 --format text
            run rtl rtl "$d" --traffic "app:$A" -o rtl
            run conv_anynet convert "$d" -o d.anynet
            run conv_json convert "$d" -o d.json
            run conv_svg convert "$d" -o d.svg
        fi
        m=cmp/mesh.dot
        if [ -f "$m" ]; then
            run sim_mesh sim "$m" --traffic "app:$A" --warmup 200 --cycles 1000
            run rtl_mesh rtl "$m" --traffic "app:$A" -o rtl_mesh
            run route_mesh route "$m" --deadlock --routing dor
        fi
        cd .. || exit 2
    done
    # the grid: synthesis and compare over (frequency, width) pairs
    mkdir -p grid && cd grid || exit 2
    run synth synth ../apps/vopd.csv --method all --threads 1 --freq 600:1000:200 --link-width 32,64 --tech ../tech.txt -o synth
    run compare compare ../apps/mpeg4.csv --freq 500,1000 --link-width 32,64 -o cmp
    run compare_wb compare ../apps/pip.csv --wire-budget 128 -o cmp_wb
    cd .. || exit 2
    # the campaign's scripts name the tree's absolute path and the binary
    grep -rlF -e "$T" -e "$BIN" . | while read -r f; do
        sed -i -e "s|$T|TREE|g" -e "s|$BIN|NOCSYN|g" "$f"
    done
}

(one_tree "$OLD" "$OUT/old") || exit 2
(one_tree "$NEW" "$OUT/new") || exit 2
if diff -r "$OUT/old" "$OUT/new"; then
    echo "same_outputs: identical ($(find "$OUT/old" -type f | wc -l) files in $OUT)"
    exit 0
fi
echo "same_outputs: the outputs differ (trees in $OUT)" >&2
exit 1
