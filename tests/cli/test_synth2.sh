#!/bin/sh
# CLI tests for `nocsyn synth --method merge|cmesh|hring` (docs/INTERFACE.md section 3.3) and
# `nocsyn floorplan --svg` (3.5).
. "$(dirname "$0")/lib.sh"

VOPD="$APPS/vopd.csv"
CHAIN="$DATA/synth2/chain.csv"

# json_num FILE KEY: the first number after "KEY": in FILE.
json_num() { grep -o "\"$2\":[^,]*" "$1" | head -1 | sed 's/.*:[[:space:]]*//'; }

# check_dir NAME APP DIR METHOD: every written design is deadlock free when
# re-evaluated from its files with the VCs its JSON reports, reproduces its
# max load, and (cmesh) dimension-order routing gives the same loads and
# hops as the stored table; every feasible pareto.csv row is within radix 8
# and capacity.
check_dir() {
    name=$1 app=$2 dir=$3 method=$4 bad=""
    for f in "$dir"/*.dot; do
        d=$(basename "$f" .dot)
        v=$(json_num "$dir/$d.json" vcs)
        [ -n "$v" ] && [ "$v" -ge 1 ] || { bad="$bad $d:vcs"; continue; }
        "$NOCSYN" eval "$f" --routing table --traffic "app:$app" --vcs "$v" --format json >"$TMP/e.json" 2>"$TMP/err" \
            || { bad="$bad $d:eval($(cat "$TMP/err"))"; continue; }
        grep -q '"deadlock_free":[[:space:]]*true' "$TMP/e.json" || bad="$bad $d:deadlock"
        [ "$(json_num "$TMP/e.json" max_channel_load_mbps)" = "$(json_num "$dir/$d.json" max_channel_load_mbps)" ] \
            || bad="$bad $d:load"
        if [ "$method" = cmesh ]; then
            "$NOCSYN" eval "$f" --routing dor --traffic "app:$app" --format json >"$TMP/d.json" 2>"$TMP/err" \
                || { bad="$bad $d:dor($(cat "$TMP/err"))"; continue; }
            for k in max_channel_load_mbps avg; do
                [ "$(json_num "$TMP/d.json" $k)" = "$(json_num "$TMP/e.json" $k)" ] || bad="$bad $d:dor-$k"
            done
        fi
    done
    if [ -f "$dir/pareto.csv" ]; then
        awk -F, 'NR>1 && $4==1 && ($11 > 8 || $14 > 1) {bad=1} END{exit bad}' "$dir/pareto.csv" || bad="$bad radix/capacity"
    fi
    [ -z "$bad" ] && ok "$name: every design deadlock free from its files, within radix and capacity" \
        || notok "$name" "$bad"
}

# Every method on every benchmark app (the e3s processor areas are not an
# app): exit 0, checks above, and the same files again on a second run.
for app in "$APPS"/*.csv; do
    case "$app" in *cores.csv) continue ;; esac
    an=$(basename "$app" .csv)
    for m in merge cmesh hring; do
        run "synth $an --method $m" 0 "$NOCSYN" synth "$app" --method "$m" -o "$TMP/$an-$m" -q
        check_dir "$an $m" "$app" "$TMP/$an-$m" "$m"
        "$NOCSYN" synth "$app" --method "$m" -o "$TMP/$an-$m.2" -q >/dev/null 2>&1
        diff -r "$TMP/$an-$m" "$TMP/$an-$m.2" >"$TMP/diff" 2>&1 && ok "$an $m deterministic" \
            || notok "$an $m deterministic" "$(head -5 "$TMP/diff")"
    done
done

# Merge from a mesh start, every design written.
for an in vopd mpeg4; do
    run "synth $an merge --start mesh" 0 "$NOCSYN" synth "$APPS/$an.csv" --method merge --start mesh --all -o "$TMP/mm-$an" -q
    check_dir "$an merge from a mesh" "$APPS/$an.csv" "$TMP/mm-$an" merge
done
first=$(awk -F, 'NR==2{print $1}' "$TMP/mm-vopd/pareto.csv")
[ "$first" = merge_mesh_k12 ] && ok "mesh start of vopd: 12 cores on the 4 x 3 mesh" || notok "mesh start" "$first"
# The 4 x 3 mesh has 3*3 + 4*2 = 17 links.
[ "$(json_num "$TMP/mm-vopd/merge_mesh_k12.json" links)" = 17 ] && ok "mesh start has the 17 mesh links" \
    || notok "mesh links" "$(json_num "$TMP/mm-vopd/merge_mesh_k12.json" links)"
# Merging lowers power step by step: the chosen design is the last one.
last=$(tail -1 "$TMP/mm-vopd/pareto.csv" | cut -d, -f1)
chosen=$(awk -F, '$6==1{print $1}' "$TMP/mm-vopd/pareto.csv")
[ "$last" = "$chosen" ] && ok "last merge step is the chosen design" || notok "merge chosen" "$last vs $chosen"

# Hand-worked: the chain a -> b (300) -> c (100) -> d (300).
# cmesh with c = 2: groups {a,b} and {c,d} on a 2 x 1 mesh; only b -> c
# crosses the one link: hops avg (100*1)/700 = 1/7, max load 100 MB/s,
# radix 2 cores + 1 link = 3.
run "chain cmesh c=2" 0 "$NOCSYN" synth "$CHAIN" --method cmesh --conc 2 -o "$TMP/ch" -q
same "chain cmesh routes" "$TMP/ch/cmesh_c2.routes.csv" "$DATA/synth2/chain_cmesh_c2.routes.csv"
[ "$(json_num "$TMP/ch/cmesh_c2.json" max_channel_load_mbps)" = 100 ] && ok "chain cmesh max load 100 MB/s" \
    || notok "chain cmesh load" "$(json_num "$TMP/ch/cmesh_c2.json" max_channel_load_mbps)"
grep -A1 '"hops"' "$TMP/ch/cmesh_c2.json" | grep -q '"avg":[[:space:]]*0.142857142857' && ok "chain cmesh hops avg 1/7" \
    || notok "chain cmesh hops" "$(grep -A1 '"hops"' "$TMP/ch/cmesh_c2.json")"
has "chain cmesh keeps its mesh shape" "$TMP/ch/cmesh_c2.dot" 'family_class="mesh", dims="2x1"'
absent "one concentration writes no pareto.csv" "$TMP/ch/pareto.csv"
# hring with L = 2: two rings of three routers, b -> c over both
# interfaces (r4, r5): 3 hops.
run "chain hring L=2" 0 "$NOCSYN" synth "$CHAIN" --method hring --ring-size 2 -o "$TMP/hr" -q
same "chain hring routes" "$TMP/hr/hring_l2.routes.csv" "$DATA/synth2/chain_hring_l2.routes.csv"
has "hring needs 1 VC" "$TMP/hr/hring_l2.json" '"vcs":[[:space:]]*1'
# merge: 4 routers with direct links (3 links, every flow 1 hop) down to
# one router (0 hops), power falling at every step.
run "chain merge" 0 "$NOCSYN" synth "$CHAIN" --method merge -o "$TMP/cm" -q
n=$(awk -F, 'NR>1{printf "%s:%s:%s ", $1, $12, $9}' "$TMP/cm/pareto.csv")
[ "$n" = "merge_k4:3:1 merge_k3:2:0.5714285714 merge_k2:1:0.1428571429 merge_k1:0:0 " ] \
    && ok "chain merge steps (links, hops)" || notok "chain merge steps" "$n"
awk -F, 'NR>2 && $7 >= p {bad=1} NR>1{p=$7} END{exit bad}' "$TMP/cm/pareto.csv" && ok "merge power falls at every step" \
    || notok "merge power" "$(cat "$TMP/cm/pareto.csv")"

# Infeasible and bad requests.
"$NOCSYN" synth "$VOPD" --method cmesh --conc 4 --max-radix 4 -o "$TMP/x1" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^nocsyn: .*vopd.csv: no feasible cmesh design; router r[0-9]* holds' "$TMP/err" && [ "$(wc -l <"$TMP/err")" -eq 1 ] \
    && ok "cmesh above the radix: exit 1 naming the router" || notok "cmesh radix" "rc=$rc $(cat "$TMP/err")"
absent "infeasible writes nothing" "$TMP/x1"
bad "--conc with split" "$NOCSYN" synth "$VOPD" --conc 4 -o "$TMP/x2"
bad "--switches with merge" "$NOCSYN" synth "$VOPD" --method merge --switches 3 -o "$TMP/x2"
bad "--start with hring" "$NOCSYN" synth "$VOPD" --method hring --start mesh -o "$TMP/x2"
bad "unknown start" "$NOCSYN" synth "$VOPD" --method merge --start torus -o "$TMP/x2"
bad "zero concentration" "$NOCSYN" synth "$VOPD" --method cmesh --conc 0 -o "$TMP/x2"
bad "one ring for every core" "$NOCSYN" synth "$VOPD" --method hring --ring-size 12 -o "$TMP/x2"
bad "unknown method" "$NOCSYN" synth "$VOPD" --method magic -o "$TMP/x2"
printf 'digraph { a; b; }\n' >"$TMP/noflow.dot"
bad "an app without flows" "$NOCSYN" synth "$TMP/noflow.dot" --method merge -o "$TMP/x2"
absent "bad input writes nothing" "$TMP/x2"
run "synth --help names every method" 0 "$NOCSYN" synth --help
for m in split merge cmesh hring; do has "help describes $m" "$TMP/out" "^  $m "; done

# Floorplan as SVG: one rectangle per core plus the die, every name, one
# line per flow; the CSV is the same with or without --svg.
run "floorplan --svg" 0 "$NOCSYN" floorplan "$VOPD" -o "$TMP/fp.csv" --svg "$TMP/fp.svg"
has "SVG document" "$TMP/fp.svg" '^<svg xmlns="http://www.w3.org/2000/svg"'
[ "$(grep -o '<rect' "$TMP/fp.svg" | wc -l)" -eq 13 ] && ok "12 cores and the die drawn" \
    || notok "floorplan rects" "$(grep -o '<rect' "$TMP/fp.svg" | wc -l)"
[ "$(grep -o '<line' "$TMP/fp.svg" | wc -l)" -eq "$(grep -vc '^src' "$VOPD")" ] && ok "one line per flow" \
    || notok "floorplan lines" "$(grep -o '<line' "$TMP/fp.svg" | wc -l)"
missing=""
for c in $(awk -F, 'NR>2{print $1}' "$TMP/fp.csv"); do grep -q ">$c</text>" "$TMP/fp.svg" || missing="$missing $c"; done
[ -z "$missing" ] && ok "every core named" || notok "floorplan names" "$missing"
run "floorplan --svg only" 0 "$NOCSYN" floorplan "$VOPD" --svg "$TMP/fp2.svg"
same "same SVG either way" "$TMP/fp2.svg" "$TMP/fp.svg"
"$NOCSYN" floorplan "$VOPD" -o "$TMP/fp3.csv" >/dev/null 2>&1
same "--svg does not change the CSV" "$TMP/fp3.csv" "$TMP/fp.csv"
bad "floorplan with neither -o nor --svg" "$NOCSYN" floorplan "$VOPD"
