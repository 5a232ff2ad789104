#!/bin/sh
# CLI tests for `nocsyn compare` (docs/INTERFACE.md section 3.4) and its report.
. "$(dirname "$0")/lib.sh"

VOPD="$APPS/vopd.csv"
run "compare vopd" 0 "$NOCSYN" compare "$VOPD" -o "$TMP/c"
has "stdout names the report" "$TMP/out" 'report: .*report.html'
has "summary.csv columns (docs/INTERFACE.md section 3.4)" "$TMP/c/summary.csv" \
    '^design,method,routers,links,radix_max,hops_avg,hops_max,max_load_mbps,max_util,path_div_avg,wire_mm,power_mw,area_mm2,deadlock_free'
n=$(awk 'NR>1' "$TMP/c/summary.csv" | wc -l)
[ "$n" -eq 12 ] && ok "four synthesized designs and eight baselines" || notok "summary rows" "$n"
for b in mesh torus cmesh hring flatfly clos fattree butterfly; do
    has "baseline $b present" "$TMP/c/summary.csv" "^$b,$b,"
    [ -s "$TMP/c/$b.dot" ] && [ -s "$TMP/c/$b.json" ] && [ -s "$TMP/c/$b.routes.csv" ] && [ -s "$TMP/c/$b.place.csv" ] \
        && ok "$b files written" || notok "$b files" "missing"
done
has "every design deadlock free under its own routing" "$TMP/c/summary.csv" '^split_k'
awk -F, 'NR>1 && $14!="true"{bad=1} END{exit bad}' "$TMP/c/summary.csv" && ok "deadlock_free column all true" \
    || notok "deadlock_free" "$(cat "$TMP/c/summary.csv")"
# The torus needs its dateline VCs; its row says 2.
awk -F, '$1=="torus"{exit !($16==2)}' "$TMP/c/summary.csv" && ok "torus row uses 2 VCs" || notok "torus vcs" ""
# The synthesized design beats the mapped mesh on power and hops (VOPD is a
# pipeline; the issue expects far fewer switches than the mesh's 12).
awk -F, 'NR>1{p[$2]=$12; h[$2]=$6; r[$2]=$3} END{exit !(p["split"]<p["mesh"] && h["split"]<h["mesh"] && r["split"]<12)}' \
    "$TMP/c/summary.csv" && ok "split beats the mesh on power and hops with fewer routers" || notok "split vs mesh" ""
# A baseline's design files are self-describing: terminals carry the core
# names, so eval reproduces its row by name mapping.
"$NOCSYN" eval "$TMP/c/mesh.dot" --routing dor --traffic "app:$VOPD" --format json >"$TMP/m.json" 2>"$TMP/err"
a=$(grep -o '"max_channel_load_mbps":[^,]*' "$TMP/m.json" | tr -dc '0-9.'); b=$(awk -F, '$1=="mesh"{print $8}' "$TMP/c/summary.csv")
[ "$a" = "$b" ] && ok "mesh row reproduced from mesh.dot" || notok "mesh reproduce" "$a vs $b $(cat "$TMP/err")"
has "report.md table" "$TMP/c/report.md" '^| design | power_mw | latency_avg_ns |'
has "report.md marks a best value" "$TMP/c/report.md" '\*\*'
for k in '<table>' 'class="best"' 'average zero-load latency (ns)' 'link utilisation' 'Application graph' 'nocsyn compare'; do
    has "report.html has $k" "$TMP/c/report.html" "$k"
done
grep -q '<img\|<script\|href="http' "$TMP/c/report.html" && notok "report.html self-contained" "external reference" \
    || ok "report.html is self-contained (no images, scripts or links out)"
nsvg=$(grep -c '<svg' "$TMP/c/report.html")
[ "$nsvg" -ge 20 ] && ok "report.html inlines $nsvg SVG drawings" || notok "inline svg" "$nsvg"

# Headless Chromium renders the page: a screenshot that is not blank and no
# console errors (make deps installs Debian's chromium).
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROME" ]; then
    echo "ok - report screenshot # skip: chromium not installed (make deps installs it)"
else
    timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$TMP/chrome" --window-size=1400,2000 --enable-logging=stderr --v=0 \
        --screenshot="$TMP/shot.png" "file://$TMP/c/report.html" >"$TMP/chrome.log" 2>&1
    [ -s "$TMP/shot.png" ] && ok "chromium screenshot written" || notok "screenshot" "$(tail -5 "$TMP/chrome.log")"
    ink=$(python3 "$ROOT/tests/png_nonblank.py" "$TMP/shot.png" 2>&1)
    awk -v f="$ink" 'BEGIN{exit !(f > 0.05)}' && ok "screenshot is not blank ($ink inked)" || notok "blank screenshot" "$ink"
    grep -qi 'CONSOLE.*error\|Uncaught' "$TMP/chrome.log" && notok "page errors" "$(grep -i console "$TMP/chrome.log")" \
        || ok "no page errors in the console"
fi

# Restricting the lists.
run "compare with two baselines" 0 "$NOCSYN" compare "$VOPD" --baselines mesh,torus --no-ideal -o "$TMP/c2" -q
n=$(awk 'NR>1' "$TMP/c2/summary.csv" | wc -l)
[ "$n" -eq 6 ] && ok "--baselines mesh,torus gives 4 methods + 2 rows" || notok "--baselines" "$n"
# Determinism.
run "compare again" 0 "$NOCSYN" compare "$VOPD" --baselines mesh,torus --no-ideal -o "$TMP/c3" -q
same "same seed, same summary" "$TMP/c3/summary.csv" "$TMP/c2/summary.csv"
# Every benchmark app runs the whole flow.
# (The shared fixture compare-full-apps: `compare APP -q`, once per run.)
fixture compare-full-apps make_compare_full_apps
for app in $(bench_apps); do
    an=$(basename "$app" .csv)
    [ -n "$FIX" ] || break
    [ "$(cat "$FIX/$an.rc")" = 0 ] && ok "compare $an" || notok "compare $an" "$(head -c 300 "$FIX/$an.err")"
    # Every method gives a design; the synthesized ones keep --max-util
    # (default 0.8) and are deadlock free; every row has its files.
    csvrows "compare $an: four methods, constraints kept, files present" "$FIX/$an/summary.csv" "
import os
syn=[r for r in rows if r['design'].startswith(r['method']+'_')]
assert sorted({r['method'] for r in syn})==['cmesh','hring','merge','split'], syn
assert all(float(r['max_util'])<=0.8+1e-9 and r['deadlock_free']=='true' for r in syn), syn
assert all(os.path.exists(os.path.join('$FIX/$an', r['design']+'.dot')) for r in rows)"
done

bad "unknown baseline" "$NOCSYN" compare "$VOPD" --baselines mesh,nope -o "$TMP/x"
bad "unknown method" "$NOCSYN" compare "$VOPD" --methods magic -o "$TMP/x"
bad "missing app" "$NOCSYN" compare "$TMP/none.csv" -o "$TMP/x"
bad "no -o" "$NOCSYN" compare "$VOPD"
absent "bad input writes nothing" "$TMP/x"
run "compare one method" 0 "$NOCSYN" compare "$VOPD" --methods cmesh --baselines mesh --no-ideal -o "$TMP/c4" -q
n=$(awk 'NR>1' "$TMP/c4/summary.csv" | wc -l)
[ "$n" -eq 2 ] && ok "--methods cmesh --baselines mesh gives 2 rows" || notok "--methods" "$n"
has "the cmesh method's design" "$TMP/c4/summary.csv" '^cmesh_c'

# --simulate: every design also simulated under its own routing.
run "compare --simulate" 0 "$NOCSYN" compare "$VOPD" --methods split --baselines mesh,clos --no-ideal --simulate \
    --sim-cycles 3000 -o "$TMP/s" -q
awk -F, 'NR>1 && ($19=="" || $20=="" || $21=="") {bad=1} END{exit bad}' "$TMP/s/summary.csv" \
    && ok "sim columns filled for every design" || notok "sim columns" "$(cat "$TMP/s/summary.csv")"
has "report has the latency-load plot" "$TMP/s/report.html" 'Latency against offered load'
# The simulated router is the priced one (issue 29 item 4): 128-bit packets
# on 32-bit links are 4 flits, so the simulated zero-load latency equals the
# model's (router_stages per router + 1 per channel + ceil(128 / 32) - 1;
# tests/tools/check_timing.py recomputes the model by hand).  With 1-flit
# packets it was 3 cycles short on every design.
csvrows "sim_zero_load = latency_avg_cycles on every design" "$TMP/s/summary.csv" \
    'bad = [(r["design"], r["sim_zero_load"], r["latency_avg_cycles"]) for r in rows if abs(float(r["sim_zero_load"]) - float(r["latency_avg_cycles"])) > 1e-6]; assert rows and not bad, bad'
# Theory bound (Dally & Towles 3.3): no routing sustains more than
# 1 / max_channel_load of its own routing, which eval reports as throughput.
for d in $(awk -F, 'NR>1{print $1}' "$TMP/s/summary.csv"); do
    sat=$(awk -F, -v d="$d" '$1==d{print $19}' "$TMP/s/summary.csv")
    thr=$(grep -o '"throughput":[^,]*' "$TMP/s/$d.json" | tr -dc '0-9.e-')
    awk -v s="$sat" -v t="$thr" 'BEGIN{exit !(s <= t * 1.05)}' && ok "$d: simulated saturation $sat <= 1/max load $thr" \
        || notok "$d saturation bound" "$sat > $thr"
done
bad "bad --sim-cycles" "$NOCSYN" compare "$VOPD" --simulate --sim-cycles 0 -o "$TMP/x"

# Folded layouts of the indirect baselines, worked by hand for four 1 mm
# cores on a 2 x 2 grid of tiles (Morton order: a (0.5,0.5), b (1.5,0.5),
# c (0.5,1.5), d (1.5,1.5)), every router at the mean of its channel ends:
#  - 2-ary 2-tree: leaves at (1, 0.75) and (1, 1.25), both roots at (1, 1):
#    four leaf-root links of 0.25 mm = 1 mm (the strip layout had 4 mm);
#  - Clos(2,2,2), one-way: input = output switches at (1, 0.75), (1, 1.25),
#    middles at (1, 1): eight links of 0.25 mm = 2 mm;
#  - 2-ary 2-fly: stage 0 and 1 switches at y = 0.75 and 1.25: two straight
#    links of 0 and two crossing links of 0.5 mm = 1 mm.
printf 'src,dst,bandwidth_mbps\na,b,100\nb,c,100\nc,d,100\nd,a,100\n' >"$TMP/four.csv"
run "compare four cores against the indirect baselines" 0 "$NOCSYN" compare "$TMP/four.csv" --methods split \
    --baselines fattree,clos,butterfly --no-ideal -q -o "$TMP/fold"
# These are the generator's layouts (the specs compare builds, as its
# summary.csv lists them); compare then legalises the routers off the
# cores, which fill the 2 x 2 die (floorplan co-synthesis, README), so its
# own figures are those of the legal layout, re-derived from its files by
# tests/tools/check_layout.py.
csvrows "compare lists the generator specs" "$TMP/fold/summary.csv" "
s = {r['design']: r['spec'] for r in rows}
assert s['fattree'] == 'fattree:k=2,n=2,pitch=1' and s['clos'] == 'clos:m=2,n=2,r=2,pitch=1' and s['butterfly'] == 'butterfly:k=2,n=2,pitch=1', s"
wire_of() { "$NOCSYN" eval "gen:$1" --no-bisection | python3 -c "import json,sys; print(json.load(sys.stdin)['wire_length_mm'])"; }
w=$(printf '%s %s %s' "$(wire_of fattree:k=2,n=2,pitch=1)" "$(wire_of clos:m=2,n=2,r=2,pitch=1)" "$(wire_of butterfly:k=2,n=2,pitch=1)")
python3 -c "import sys; f, c, b = map(float, sys.argv[1:]); assert abs(f - 1) < 1e-5 and abs(c - 2) < 1e-5 and abs(b - 1) < 1e-5" $w \
    && ok "folded indirect layouts: wire 1, 2 and 1 mm" || notok "folded indirect layouts: wire 1, 2 and 1 mm" "$w"
"$NOCSYN" gen fattree k=2 n=2 pitch=1 -o "$TMP/fold/gen_fattree.dot" 2>"$TMP/generr"
has "fat tree leaf at (1, 0.75)" "$TMP/fold/gen_fattree.dot" '"r2" \[kind="router", x=1, y=0.75,'
has "fat tree root at the centre" "$TMP/fold/gen_fattree.dot" '"r0" \[kind="router", x=1, y=1,'
for D in fattree clos butterfly; do
    out=$(python3 "$ROOT/tests/tools/check_layout.py" "$TMP/fold" "$D" "")
    [ -z "$out" ] && ok "$D: compare's files agree on its legal layout" || notok "$D: compare's files agree" "$out"
done
# anynet links are bidirectional, so the one-way Clos and butterfly get no
# .anynet and no BookSim configuration naming it; the fat tree gets both.
[ ! -e "$TMP/fold/clos.anynet" ] && [ ! -e "$TMP/fold/clos.booksim.cfg" ] && [ ! -e "$TMP/fold/butterfly.booksim.cfg" ] \
    && ok "no booksim.cfg without its anynet" || notok "booksim.cfg without anynet" "$(ls "$TMP/fold")"
has "fat tree's cfg names its anynet" "$TMP/fold/fattree.booksim.cfg" 'fattree.anynet'
has "note for the missing cfg" "$TMP/err" 'clos.booksim.cfg not written: clos.anynet was not written'

# --wire-budget: equal bisection wiring (Dally & Towles, ch. 3 and 5).  16
# cores: a 4x4 mesh cuts k = 4 bidirectional links (8 channels), a 4x4 torus
# 2k = 8 (16 channels), a 2-ary 4-fly N/2 = 8 one-way channels; 256 wires
# give them 32, 16 and 32 bits.
printf 'src,dst,bandwidth_mbps\n' >"$TMP/ring16.csv"
for i in $(seq 0 15); do echo "c$i,c$(((i + 1) % 16)),100" >>"$TMP/ring16.csv"; done
run "compare with a wire budget" 0 "$NOCSYN" compare "$TMP/ring16.csv" --methods split --baselines mesh,torus,butterfly \
    --wire-budget 256 --link-width 64 --no-ideal -q -o "$TMP/wb"
csvrows "wire budget: mesh 32, torus 16, butterfly 32 bits; synthesis keeps 64" "$TMP/wb/summary.csv" "
w = {r['design']: r['link_width'] for r in rows}
assert w['mesh'] == '32' and w['torus'] == '16' and w['butterfly'] == '32', w
assert all(v == '64' for k, v in w.items() if k.startswith('split')), w"
bad "wire budget 0" "$NOCSYN" compare "$TMP/ring16.csv" --wire-budget 0 -o "$TMP/wb0"
absent "wire budget 0 writes nothing" "$TMP/wb0"
bad "wire budget not a number" "$NOCSYN" compare "$TMP/ring16.csv" --wire-budget wide -o "$TMP/wb1"
