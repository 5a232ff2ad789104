#!/bin/sh
# Outputs never lose data: a failed multi-file write leaves every file that
# existed before as it was; an output directory holds one run's files only;
# a run killed by a signal leaves no staging directory; later runs remove
# what dead runs left.
. "$(dirname "$0")/lib.sh"
VOPD="$APPS/vopd.csv"
printf 'src,dst,bandwidth_mbps\na,b,10\n' >"$TMP/ab.csv"
printf 'previous\n' >"$TMP/prev"

# ---- a failed write of a set leaves what existed before
cp "$TMP/prev" "$TMP/f.csv"
bad "floorplan: --svg into a missing directory" "$NOCSYN" floorplan "$TMP/ab.csv" -o "$TMP/f.csv" --svg "$TMP/nodir/x.svg"
same "floorplan: the existing f.csv is as it was" "$TMP/f.csv" "$TMP/prev"
cp "$TMP/prev" "$TMP/s.json"
bad "sim: --plot into a missing directory" "$NOCSYN" sim gen:ring:k=4 --rate 0.1 --warmup 100 --cycles 500 \
    --batch 100 -o "$TMP/s.json" --plot "$TMP/nodir/p.svg"
same "sim: the existing -o file is as it was" "$TMP/s.json" "$TMP/prev"
cp "$TMP/prev" "$TMP/p.svg"
bad "sim: -o into a missing directory" "$NOCSYN" sim gen:ring:k=4 --rate 0.1 --warmup 100 --cycles 500 \
    --batch 100 --plot "$TMP/p.svg" -o "$TMP/nodir/s.json"
same "sim: the existing plot is as it was" "$TMP/p.svg" "$TMP/prev"
cp "$TMP/prev" "$TMP/a.svg"
bad "app-info: --dot into a missing directory" "$NOCSYN" app-info "$TMP/ab.csv" --svg "$TMP/a.svg" --dot "$TMP/nodir/a.dot"
same "app-info: the existing SVG is as it was" "$TMP/a.svg" "$TMP/prev"
[ -s "$TMP/out" ] && notok "app-info: no report after the error" || ok "app-info: no report after the error"
n=$(ls -a "$TMP" | grep -c '^\.nocsyn-')
[ "$n" -eq 0 ] && ok "no temporaries left beside the outputs" || notok "temporaries left" "$(ls -a "$TMP")"
# The successful set replaces both files.
run "floorplan: both written" 0 "$NOCSYN" floorplan "$TMP/ab.csv" -o "$TMP/f.csv" --svg "$TMP/x.svg"
has "floorplan: f.csv replaced" "$TMP/f.csv" '^core,x_mm,y_mm,w_mm,h_mm$'
has "floorplan: x.svg written" "$TMP/x.svg" '<svg'

# ---- one run's files per output directory
D="$TMP/syn"
run "synth sweep" 0 "$NOCSYN" synth "$VOPD" --sweep 3:5 -o "$D" -q
[ -f "$D/pareto.csv" ] && ok "sweep writes pareto.csv" || notok "sweep writes pareto.csv"
printf 'mine\n' >"$D/notes.txt"
run "synth one K into the same directory" 0 "$NOCSYN" synth "$VOPD" --switches 4 -o "$D" -q
absent "the sweep's pareto.csv is gone" "$D/pareto.csv"
absent "the sweep's split_k5.json is gone" "$D/split_k5.json"
[ -f "$D/split_k4.json" ] && ok "the new design is there" || notok "the new design is there"
printf 'mine\n' >"$TMP/notes.want"
same "a file nocsyn did not write stays" "$D/notes.txt" "$TMP/notes.want"
# The manifest lists exactly the files of the run.
(cd "$D" && LC_ALL=C ls | grep -v '^notes.txt$') >"$TMP/listed.want"
same "the manifest lists this run's files" "$D/.nocsyn-files" "$TMP/listed.want"
# (split_k4 and its 4-switch alternatives / variants split_k4_*: the run's
# designs; nothing of the sweep's split_k3 or split_k5.)
grep -q '^split_k4\.' "$D/.nocsyn-files" && ! grep -qv '^split_k4[._]' "$D/.nocsyn-files" &&
    ok "only split_k4's files are listed" || notok "only split_k4's files are listed" "$(cat "$D/.nocsyn-files")"
# compare into a directory that also holds its input (flows do this): the
# input stays, a second run replaces the first run's set.
C="$TMP/cmp"
mkdir -p "$C"
run "floorplan into the compare directory" 0 "$NOCSYN" floorplan "$VOPD" -o "$C/floorplan.csv"
cp "$C/floorplan.csv" "$TMP/fp.want"
run "compare mesh" 0 "$NOCSYN" compare "$VOPD" --methods cmesh --baselines mesh --no-ideal \
    --floorplan "$C/floorplan.csv" -o "$C" -q
[ -f "$C/mesh.json" ] && ok "compare wrote mesh" || notok "compare wrote mesh"
run "compare torus" 0 "$NOCSYN" compare "$VOPD" --methods cmesh --baselines torus --no-ideal \
    --floorplan "$C/floorplan.csv" -o "$C" -q
absent "the first compare's mesh.json is gone" "$C/mesh.json"
[ -f "$C/torus.json" ] && ok "compare wrote torus" || notok "compare wrote torus"
same "the floorplan input stays" "$C/floorplan.csv" "$TMP/fp.want"

# ---- leftovers of dead runs are removed, those of live runs kept
sh -c 'exit 0' &
dead=$!
wait $dead
mkdir -p "$D/.nocsyn-stage-$dead" "$D/.nocsyn-stage-$$"
printf 'x\n' >"$D/.nocsyn-stage-$dead/split_k9.dot"
printf 'x\n' >"$D/.nocsyn-tmp-$dead-f.csv"
run "synth over leftovers" 0 "$NOCSYN" synth "$VOPD" --switches 4 -o "$D" -q
absent "a dead run's staging directory is removed" "$D/.nocsyn-stage-$dead"
absent "a dead run's temporary is removed" "$D/.nocsyn-tmp-$dead-f.csv"
[ -d "$D/.nocsyn-stage-$$" ] && ok "a live run's staging directory is kept" || notok "live stage kept"
grep -q 'stage' "$D/.nocsyn-files" && notok "staging directories are not listed" || ok "staging directories are not listed"
rmdir "$D/.nocsyn-stage-$$"

# ---- a signal during the write removes the staging directory (and the
# output directory this run created); nothing half-written is committed.
for sig in TERM INT; do
    K="$TMP/killed_$sig"
    "$NOCSYN" synth "$VOPD" --all -o "$K" -q 2>/dev/null &
    pid=$!
    caught=0
    while kill -0 "$pid" 2>/dev/null; do
        set -- "$K"/.nocsyn-stage-*/*
        if [ -e "$1" ]; then kill -"$sig" "$pid"; caught=1; break; fi
    done
    wait "$pid" 2>/dev/null
    rc=$?
    if [ "$caught" -eq 1 ]; then
        [ "$rc" -gt 128 ] && ok "SIG$sig while staging: killed by it" || notok "SIG$sig: killed" "rc $rc"
        absent "SIG$sig while staging: no staging directory, no output directory" "$K"
    else
        notok "SIG$sig: the staging phase was never seen" "rc $rc"
    fi
done
