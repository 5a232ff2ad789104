#!/bin/sh
# CLI tests for `nocsyn synth` and `nocsyn floorplan` (docs/INTERFACE.md section 3.3, 3.5).
. "$(dirname "$0")/lib.sh"

VOPD="$APPS/vopd.csv"

run "synth vopd sweep" 0 "$NOCSYN" synth "$VOPD" -o "$TMP/v"
has "summary names the chosen design" "$TMP/out" '^chosen: split_k'
has "pareto.csv header" "$TMP/v/pareto.csv" '^design,method,switches,feasible,pareto,chosen,power_mw'
n=$(awk -F, 'NR>1 && $1 !~ /_x/' "$TMP/v/pareto.csv" | wc -l)
[ "$n" -eq 12 ] && ok "pareto.csv has one row per K = 1..12" || notok "pareto.csv rows" "$n"
has "K=1 infeasible with the reason" "$TMP/v/pareto.csv" '^split_k1,split,1,0,.*max-radix 8'
chosen=$(awk -F, '$6==1{print $1}' "$TMP/v/pareto.csv")
for ext in dot svg json routes.csv place.csv anynet; do
    [ -s "$TMP/v/$chosen.$ext" ] && ok "chosen design writes $ext" || notok "chosen $ext" "missing"
done
has "routes.csv header" "$TMP/v/$chosen.routes.csv" '^src,dst,path$'
has "place.csv header" "$TMP/v/$chosen.place.csv" '^node,kind,x_mm,y_mm,w_mm,h_mm$'
has "design JSON has power" "$TMP/v/$chosen.json" '"power_mw"'
has "design JSON has vcs" "$TMP/v/$chosen.json" '"vcs":	1'
# Every written design: deadlock freedom verified by the evaluation engine
# from the written files, not trusted from the synthesizer; and its numbers
# reproduced.
for f in "$TMP"/v/split_k*.dot; do
    d=$(basename "$f" .dot)
    "$NOCSYN" eval "$f" --routing table --traffic "app:$VOPD" --format json >"$TMP/e.json" 2>"$TMP/err" \
        || { notok "eval $d" "$(cat "$TMP/err")"; continue; }
    grep -q '"deadlock_free":[[:space:]]*true' "$TMP/e.json" && ok "$d deadlock free from its files" \
        || notok "$d deadlock free" "$(cat "$TMP/e.json")"
    a=$(grep -o '"max_channel_load_mbps":[^,]*' "$TMP/e.json"); b=$(grep -o '"max_channel_load_mbps":[^,]*' "$TMP/v/$d.json")
    [ "$a" = "$b" ] && ok "$d load reproduced" || notok "$d load" "$a vs $b"
done
# Max radix 8 and capacity hold in every feasible row.
awk -F, 'NR>1 && $4==1 && ($11 > 8 || $14 > 1) {bad=1} END{exit bad}' "$TMP/v/pareto.csv" \
    && ok "every design within radix and capacity" || notok "radix/capacity" "$(cat "$TMP/v/pareto.csv")"

# Determinism: same seed, same files.
run "synth vopd again" 0 "$NOCSYN" synth "$VOPD" -o "$TMP/v2" --threads 1
same "same seed, same pareto.csv" "$TMP/v2/pareto.csv" "$TMP/v/pareto.csv"
same "same seed, same design" "$TMP/v2/$chosen.dot" "$TMP/v/$chosen.dot"

run "one K" 0 "$NOCSYN" synth "$VOPD" --switches 4 -o "$TMP/k4"
[ -s "$TMP/k4/split_k4.dot" ] && ok "--switches writes that design" || notok "--switches" "no file"
absent "--switches writes no pareto.csv" "$TMP/k4/pareto.csv"
run "sweep range with step" 0 "$NOCSYN" synth "$VOPD" --sweep 2:12:5 -o "$TMP/st"
n=$(awk -F, 'NR>1 && $1 ~ /^split_k[0-9]+$/ {print $3}' "$TMP/st/pareto.csv" | tr '\n' ' ')  # plain designs: not the variants or alternatives
[ "$n" = "2 7 12 " ] && ok "--sweep 2:12:5 gives K = 2 7 12" || notok "--sweep step" "$n"

# Every benchmark app synthesizes (disconnected e3s graphs and isolated
# cores included) and every written design is deadlock free from its files.
# (The shared fixture synth-apps: every app synthesized once per test run.)
fixture synth-apps make_synth_apps
for app in $(bench_apps); do
    an=$(basename "$app" .csv)
    [ -n "$FIX" ] || break
    [ "$(cat "$FIX/$an.rc")" = 0 ] && ok "synth $an" || notok "synth $an" "$(head -c 300 "$FIX/$an.err")"
    for f in "$FIX/$an"/*.dot; do
        "$NOCSYN" eval "$f" --routing table --traffic "app:$app" --format json 2>/dev/null \
            | grep -q '"deadlock_free":[[:space:]]*true' || { notok "$an $(basename "$f") deadlock" ""; continue; }
    done
    ok "$an designs deadlock free"
done

# Infeasible requests: exit 1, one line naming the flow or switch.
"$NOCSYN" synth "$VOPD" --link-width 1 --freq 1 -o "$TMP/x1" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q '^nocsyn: .*vopd.csv: flow .* MB/s, above the link capacity' "$TMP/err" && [ "$(wc -l <"$TMP/err")" -eq 1 ] \
    && ok "capacity below a single flow: exit 1 naming the flow" || notok "capacity" "rc=$rc $(cat "$TMP/err")"
absent "infeasible writes no directory" "$TMP/x1"
"$NOCSYN" synth "$VOPD" --max-radix 1 -o "$TMP/x2" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -Eq 'nocsyn: .*vopd.csv: no feasible (split )?design.*(switch sw|flow )' "$TMP/err" && ok "radix below a core's needs: exit 1 naming the flow or switch" \
    || notok "radix" "rc=$rc $(cat "$TMP/err")"

# Bad input: exit 2, one line.
bad "K above the core count" "$NOCSYN" synth "$VOPD" --switches 13 -o "$TMP/x3"
bad "sweep above the core count" "$NOCSYN" synth "$VOPD" --sweep 1:40 -o "$TMP/x3"
bad "missing app" "$NOCSYN" synth "$TMP/nope.csv" -o "$TMP/x3"
bad "no -o" "$NOCSYN" synth "$VOPD"
bad "bad width" "$NOCSYN" synth "$VOPD" --link-width zero -o "$TMP/x3"
bad "unknown method" "$NOCSYN" synth "$VOPD" --method magic -o "$TMP/x3"
printf 'core,x_mm,y_mm,w_mm,h_mm\nNOPE,0,0,1,1\n' >"$TMP/fp.csv"
bad "floorplan naming an unknown core" "$NOCSYN" synth "$VOPD" --floorplan "$TMP/fp.csv" -o "$TMP/x3"
printf 'buf_pj = -1\n' >"$TMP/bad.tech"
bad "negative tech value" "$NOCSYN" synth "$VOPD" --tech "$TMP/bad.tech" -o "$TMP/x3"
absent "bad input writes nothing" "$TMP/x3"

# A tech file changes power, not the routes.
printf '# leakage-free\nbuf_leak_mw = 0\nxbar_leak_mw = 0\nroute_leak_mw = 0\n' >"$TMP/noleak.tech"
run "synth with a tech file" 0 "$NOCSYN" synth "$VOPD" --switches 4 --tech "$TMP/noleak.tech" -o "$TMP/t4"
same "tech file keeps the routes" "$TMP/t4/split_k4.routes.csv" "$TMP/k4/split_k4.routes.csv"
p1=$(grep -o '"power_mw":[^,]*' "$TMP/k4/split_k4.json" | tr -dc '0-9.'); p2=$(grep -o '"power_mw":[^,]*' "$TMP/t4/split_k4.json" | tr -dc '0-9.')
awk -v a="$p1" -v b="$p2" 'BEGIN{exit !(b < a)}' && ok "no leakage, less power ($p2 < $p1)" || notok "tech power" "$p1 $p2"

# Floorplan command: every core placed, no two overlapping.
run "floorplan vopd" 0 "$NOCSYN" floorplan "$VOPD" -o "$TMP/fp_v.csv"
has "floorplan header" "$TMP/fp_v.csv" '^core,x_mm,y_mm,w_mm,h_mm$'
awk -F, 'NR>1{x[NR]=$2;y[NR]=$3;w[NR]=$4;h[NR]=$5;n=NR}
  END{for(i=2;i<=n;i++)for(j=2;j<i;j++) if(x[i]<x[j]+w[j]-1e-9 && x[j]<x[i]+w[i]-1e-9 && y[i]<y[j]+h[j]-1e-9 && y[j]<y[i]+h[i]-1e-9) bad=1; exit bad || n!=13}' \
    "$TMP/fp_v.csv" && ok "12 cores placed without overlap" || notok "floorplan overlap" "$(cat "$TMP/fp_v.csv")"
run "synth on the written floorplan" 0 "$NOCSYN" synth "$VOPD" --floorplan "$TMP/fp_v.csv" --switches 4 -o "$TMP/f4"
# Same cores, same design (switches and routes); the layouts differ by
# design: a given floorplan is fixed (the routers go around the cores),
# nocsyn's own may open channels between the cores (phys.h).
same "given floorplan = computed floorplan: same routes" "$TMP/f4/split_k4.routes.csv" "$TMP/k4/split_k4.routes.csv"
json "given floorplan: the cores stay where the file puts them" "$TMP/f4/split_k4.json" "
import csv
fp = {r['core']: r for r in csv.DictReader(open('$TMP/fp_v.csv'))}
pl = {r['node']: r for r in csv.DictReader(open('$TMP/f4/split_k4.place.csv'))}
assert all(abs(float(pl[c]['x_mm']) - float(r['x_mm'])) < 1e-9 and abs(float(pl[c]['y_mm']) - float(r['y_mm'])) < 1e-9 for c, r in fp.items())"
bad "floorplan without -o" "$NOCSYN" floorplan "$VOPD"

# Output sets are all or nothing: files are staged, then moved into DIR.
ls -a "$TMP/v" | grep -q nocsyn-stage && notok "no staging directory left after success" "" \
    || ok "no staging directory left after success"
: >"$TMP/afile"
bad "output directory is a file" "$NOCSYN" synth "$VOPD" --switches 4 -o "$TMP/afile"
[ ! -s "$TMP/afile" ] && ok "nothing written when the output is a file" || notok "afile" "written"

# Apps with separate components (E3S networking: three task graphs) get
# their switch islands joined, so every core is reachable: uniform traffic
# evaluates on every written design.  --no-connect keeps the islands.
run "synth e3s_networking" 0 "$NOCSYN" synth "$APPS/e3s_networking.csv" -o "$TMP/en" -q
n=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="chosen") c=i} NR>1 && $c==1' "$TMP/en/pareto.csv" | wc -l)
[ "$n" -eq 1 ] && ok "synth e3s_networking: one chosen design" || notok "synth e3s_networking: one chosen design" "$n"
for f in "$TMP"/en/*.dot; do
    run "$(basename "$f") connected: uniform traffic evaluates" 0 "$NOCSYN" eval "$f" --no-bisection
    json "$(basename "$f") connected: finite diameter, every core a terminal" "$TMP/out" \
        "assert d['diameter']>=0 and d['terminals']==$(awk -F, 'NR>1{print $1; print $2}' "$APPS/e3s_networking.csv" | grep -v '^#' | sort -u | wc -l)"
done
# Merge joins islands by the same rule (issue 12: merge and split compared
# like for like): every design of the sweep evaluates under uniform traffic.
run "merge e3s_networking --all" 0 "$NOCSYN" synth "$APPS/e3s_networking.csv" --method merge --all -o "$TMP/enm" -q
nm=0
for f in "$TMP"/enm/*.dot; do
    "$NOCSYN" eval "$f" --no-bisection >/dev/null 2>&1 || { notok "merge $(basename "$f") connected" ""; continue; }
    nm=$((nm + 1))
done
[ "$nm" -ge 2 ] && ok "merge: all $nm designs connected" || notok "merge designs" "$nm"
run "synth --no-connect" 0 "$NOCSYN" synth "$APPS/e3s_networking.csv" --switches 3 --no-connect -o "$TMP/en2" -q
json "synth --no-connect: split_k3 written, 3 switches" "$TMP/en2/split_k3.json" "assert d['switches']==3 and d['routers']==3"
run "islands kept: no path under uniform traffic" 1 "$NOCSYN" eval "$TMP/en2/split_k3.dot" --no-bisection
has "islands kept: the message names the unreachable pair" "$TMP/err" "^nocsyn: .*no path from terminal '[^']*' to terminal"
bad "--no-connect is split's" "$NOCSYN" synth "$VOPD" --method cmesh --no-connect -o "$TMP/x4"
# Islands the radix cannot join make a design infeasible, never a
# disconnected "feasible" one: two separate pairs under --max-radix 2 have
# no connected design (by hand: two cores fill a switch; a chain's middle
# switch needs 1 core + 2 links), so split and merge both refuse, say why
# and write nothing (before, both wrote the two islands as merge_k2 /
# split_k2 with no link).
printf 'src,dst,bandwidth_mbps\na,b,100\nc,d,100\n' >"$TMP/isl.csv"
for m in split merge; do
    run "$m: unjoinable islands are infeasible" 1 "$NOCSYN" synth "$TMP/isl.csv" --method $m --max-radix 2 -o "$TMP/isl_$m" -q
    has "$m: the message says why" "$TMP/err" "2 switch islands are left that no link can join within --max-radix 2"
    absent "$m: nothing written" "$TMP/isl_$m"
    run "$m: radix 3 joins them" 0 "$NOCSYN" synth "$TMP/isl.csv" --method $m --max-radix 3 -o "$TMP/isl3_$m" -q
    for f in "$TMP"/isl3_$m/*.dot; do
        run "$m $(basename "$f"): connected, uniform traffic evaluates" 0 "$NOCSYN" eval "$f" --no-bisection
    done
done

# Split refines from three starts (METIS's bandwidth partition and two
# geometric bisections of the floorplan) and keeps the cheapest.  Oracle:
# the exact program (a GLPK MILP of the same model, benchmarks/perf/
# exact_bench.sh, RESULTS.md) proved no VOPD-16 design with 3 switches on
# the dynamic-dominated model (every leakage x 0.1) costs less than
# 18.36 mW; the issue asks split to be within 2% of it, 18.727 mW.  From
# METIS's start alone split stopped at 18.935 (3.1% above).
cat >"$TMP/dyn.tech" <<'TECH'
buf_leak_mw = 0.227
xbar_leak_mw = 0.0749
route_leak_mw = 0.024
link_leak_uw_bit = 0.048
TECH
run "synth vopd16 --switches 3, dynamic-dominated" 0 "$NOCSYN" synth "$APPS/vopd16.csv" --switches 3 --tech "$TMP/dyn.tech" -o "$TMP/v16d" -q
# Since floorplan co-synthesis (issue 26) power_mw is priced on the legal
# layout (routers off the cores, cores moved to make room), while the
# proof is over the placement model (routers where the method put them);
# D.json's model_power_mw prices the same design on the placement model,
# the program's objective, so the 2% target applies to it again.  The
# legal price is above the model's (the routers' detour and the opened
# channels only add wire).
json "vopd16 K = 3: placement-model price within 2% of the proven optimum bound" "$TMP/v16d/split_k3.json" \
    "assert 18.36 <= d['model_power_mw'] <= 18.727, d['model_power_mw']"
json "vopd16 K = 3: the legal price is above the model's" "$TMP/v16d/split_k3.json" \
    "assert d['model_power_mw'] < d['power_mw'], (d['model_power_mw'], d['power_mw'])"

# Extra-link variants (issue 12): VOPD's split_k6_x1 is a non-tree design
# (6 switches, 6 switch-switch links): it costs more power than split_k6
# but has a lower latency at no larger radix; its files pass the
# evaluation engine's deadlock check (the loop above covers every written
# design) and its routes are the base design's with paths through the new
# link no longer than before.  (Whether it is on the sweep's Pareto front
# depends on the other switch counts: --all writes it either way.)
run "synth vopd K=6, every design written" 0 "$NOCSYN" synth "$VOPD" --sweep 6:6 --all -q -o "$TMP/v6"
v=$(awk -F, '$1=="split_k6_x1"' "$TMP/v6/pareto.csv")
b=$(awk -F, '$1=="split_k6"' "$TMP/v6/pareto.csv")
[ -n "$v" ] && [ -n "$b" ] && echo "$v" | awk -F, '{ exit !($4 == 1 && $12 == 6 && $3 == 6) }' \
    && ok "vopd split_k6_x1: non-tree (6 links, 6 switches), feasible" || notok "vopd variant" "$v"
echo "$v $b" | awk -F, -v base="$b" '{ split(base, q, ","); exit !($7 > q[7] && $19 < q[19] && $11 <= q[11]) }' \
    && ok "variant: more power, lower latency, no larger radix than split_k6" || notok "variant trade-off" "$v / $b"
hb=$(awk -F, 'NR>1 {print $NF}' "$TMP/v6/split_k6.routes.csv" | awk '{s += NF - 1} END {print s}')
hv=$(awk -F, 'NR>1 {print $NF}' "$TMP/v6/split_k6_x1.routes.csv" | awk '{s += NF - 1} END {print s}')
[ "$hv" -lt "$hb" ] && ok "variant: fewer total route hops ($hv < $hb)" || notok "variant hops" "$hv vs $hb"

# place.csv and routes.csv, hand-worked: cores 'x,"y' (a comma and a quote
# in its name) at (0,0) 2 x 1 mm and b at (3,0) 1 x 1 mm, one switch.  CSV
# doubles the quote inside a quoted field; place.csv gives lower-left
# corners, so the cores' rows repeat the floorplan; the switch sits at the
# weighted median of the core centres (1, 0.5) and (3.5, 0.5), an interval
# in x whose tie the LP breaks at the centroid: centre (2.25, 0.5).
printf 'src,dst,bandwidth_mbps\n"x,""y",b,10\n' >"$TMP/q.csv"
printf 'core,x_mm,y_mm,w_mm,h_mm\n"x,""y",0,0,2,1\nb,3,0,1,1\n' >"$TMP/qfp.csv"
run "synth an odd core name" 0 "$NOCSYN" synth "$TMP/q.csv" --switches 1 --floorplan "$TMP/qfp.csv" -o "$TMP/q" -q
has "routes.csv doubles the quote" "$TMP/q/split_k1.routes.csv" '^"x,""y",b,sw0$'
csvrows "place.csv: cores at their lower-left corners, the switch centred at (2.25, 0.5)" "$TMP/q/split_k1.place.csv" "
r={x['node']:x for x in rows}
assert [r['x,\"y'][k] for k in ('kind','x_mm','y_mm','w_mm','h_mm')]==['core','0','0','2','1'], r
assert [r['b'][k] for k in ('x_mm','y_mm','w_mm','h_mm')]==['3','0','1','1'], r
s=r['sw0']; assert abs(float(s['x_mm'])+float(s['w_mm'])/2-2.25)<1e-6 and abs(float(s['y_mm'])+float(s['h_mm'])/2-0.5)<1e-6, s"
# A quote alone (no comma) must still quote the field: a"b -> "a""b" (RFC 4180).
printf 'src,dst,bandwidth_mbps\n"a""b",c,10\n' >"$TMP/q2.csv"
run "synth a core named with a quote only" 0 "$NOCSYN" synth "$TMP/q2.csv" --switches 1 -o "$TMP/q2" -q
has "routes.csv quotes a field holding a quote" "$TMP/q2/split_k1.routes.csv" '^"a""b",c,sw0$'
has "place.csv quotes a field holding a quote" "$TMP/q2/split_k1.place.csv" '^"a""b",core,' 
