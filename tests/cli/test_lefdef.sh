#!/bin/sh
# The physical hand-off read by a real tool: KLayout (Debian package
# klayout) loads every benchmark app's chosen design and the mesh and torus
# baselines as LEF + DEF, and the placement it reports equals place.csv
# (tests/cli/klayout_lefdef.rb).  Plus content checks derived by hand:
# pipeline registers, port pins, VC classes of the torus, anynet latencies,
# the BookSim traffic.
. "$(dirname "$0")/lib.sh"

designs=""
# The shared fixtures: every app synthesized, and compared with the mesh
# and torus baselines, once per test run (tests/cli/lib.sh).
fixture synth-apps make_synth_apps; S=$FIX
fixture compare-apps make_compare_apps; CA=$FIX
for app in $(bench_apps); do
    n=$(basename "$app" .csv)
    [ -n "$S" ] && [ -n "$CA" ] || break
    [ "$(cat "$S/$n.rc")" = 0 ] || { notok "synth $n" "$(cat "$S/$n.err")"; continue; }
    chosen=$(sed -n 's/^chosen: \([^ ]*\) .*/\1/p' "$S/$n.out")
    if [ -s "$S/$n/$chosen.lef" ] && [ -s "$S/$n/$chosen.def" ]; then ok "synth $n writes $chosen.lef/.def"
    else notok "synth $n writes $chosen.lef/.def"; fi
    designs="$designs,$S/$n/$chosen"
    # The mesh and torus baselines of every app, as compare writes them.
    if [ "$(cat "$CA/$n.rc")" = 0 ]; then
        designs="$designs,$CA/$n/mesh,$CA/$n/torus"
    else notok "compare $n with mesh and torus" "$(head -c 300 "$CA/$n.err")"; fi
done
# A slow wire pipelines the long links: 400 ps/mm at 1 GHz (1000 ps).
printf 'wire_ps_mm = 400\n' >"$TMP/slow.tech"
"$NOCSYN" synth "$APPS/e3s_auto-indust.csv" --tech "$TMP/slow.tech" -o "$TMP/fast" >"$TMP/out" 2>&1
fast=$(sed -n 's/^chosen: \([^ ]*\) .*/\1/p' "$TMP/out")
designs="$designs,$TMP/fast/$fast"
run "compare with mesh and torus baselines" 0 "$NOCSYN" compare "$APPS/vopd.csv" --methods split \
    --baselines mesh,torus -o "$TMP/cmp"
designs="$designs,$TMP/cmp/mesh,$TMP/cmp/torus"

if command -v klayout >/dev/null 2>&1; then
    klayout -b -rd designs="${designs#,}" -r "$ROOT/tests/cli/klayout_lefdef.rb" >"$TMP/kl" 2>&1
    cat "$TMP/kl"
    n=$(grep -c '^ok - .*placements match place.csv' "$TMP/kl")
    want=$(echo "${designs#,}" | tr ',' '\n' | wc -l)
    # 9 apps x (chosen design, mesh, torus) + the pipelined design + VOPD's mesh and torus again
    [ "$want" -eq 30 ] && [ "$n" -eq "$want" ] && ok "klayout checked all $want designs" \
        || notok "klayout checked every design" "$n of $want"
else
    ok "# SKIP klayout is not installed (apt-get install klayout): LEF/DEF not loaded"
fi

# Pipeline registers: one per stage of links.csv, a component of the DEF and
# a row of place.csv; a link of L mm has ceil(400 L / 1000) - 1.
f="$TMP/fast/$fast"
stages=$(awk -F, 'NR > 1 && $6 != "" { s += $6 } END { print s + 0 }' "$f.links.csv")
regs=$(grep -c ',pipe,' "$f.place.csv")
comps=$(grep -c " noc_pipe_reg_32b__$fast + PLACED" "$f.def")
if [ "$stages" -gt 0 ] && [ "$regs" -eq "$stages" ] && [ "$comps" -eq "$stages" ]; then
    ok "pipeline registers: $stages in links.csv, place.csv and DEF"
else notok "pipeline registers" "links $stages place $regs def $comps"; fi
bad=$(awk -F, 'NR > 1 && $4 != "" { want = int($4 * 400 / 1000 - 1e-9); if (want * 1000 < $4 * 400 - 1e-6) want++;
      want -= 1; if (want < 0) want = 0; if (want != $6) print }' "$f.links.csv")
[ -z "$bad" ] && ok "stages = ceil(delay / period) - 1 on every link" || notok "stages by hand" "$bad"

# DEF nets: one per link bit (32-bit links), named per port, not per channel id.
v="$S/vopd/split_k2"
has "DEF net per bit" "$v.def" '^  - sw0__sw1\[31\] ( sw0 p0_out\[31\] ) ( sw1 p0_in\[31\] ) ;$'
chan=$(awk 'END { print NR - 1 }' "$v.links.csv")
has "DEF net count = 32 x channels" "$v.def" "^NETS $((chan * 32)) ;\$"
has "LEF router macro by ports and design" "$v.lef" '^MACRO noc_router_7p_32b__split_k2$'
has "DEF die area" "$v.def" '^DIEAREA '
# VLD is at (0, 2) in VOPD's floorplan; co-synthesis opens a channel at
# y = 1 for split_k2's two 7-port routers (side: 0.34 (45/65)^2 (0.5 p +
# 0.5 p^2), p = (7/5)(32/39), = 0.201113 mm2, 0.4484562 mm, rounded up to an
# even nm: 448458), so every core above it, VLD too, moves up by that.
has "DEF cores fixed" "$v.def" '^  - VLD noc_core_1000x1000um_1p_32b__split_k2 + FIXED ( 0 2448458 ) N ;$'
# KLayout (by default) and other LEF/DEF readers load every LEF beside a
# DEF: no macro may be defined twice among one directory's LEFs (issue 29
# item 1; before, every design repeated noc_router_<P>p_<W>b).
# (synth writes the Pareto designs only: --all gives VOPD's every design)
"$NOCSYN" synth "$APPS/vopd.csv" --all -q -o "$TMP/vopd_all" >/dev/null 2>&1
for d in "$TMP/vopd_all" "$TMP/cmp"; do
    dup=$(cat "$d"/*.lef | sed -n 's/^MACRO //p' | sort | uniq -d | head -3)
    nl=$(ls "$d"/*.lef | wc -l)
    [ "$nl" -ge 2 ] && [ -z "$dup" ] && ok "$nl LEFs of $(basename "$d") define no macro twice"         || notok "$nl LEFs of $(basename "$d") define no macro twice" "$dup"
done

# VC classes of the 4x3 torus under dor with dateline classes (router r<i>
# at x = i mod 4, y = i div 4).  AcdcPred (r2: y 0) to StripeMem (r10: y 2):
# 2 steps up or 1 down, so down 0 -> 2 across the wraparound: the dateline
# channel itself is class 1.  VLD (r11: y 2) to RunLeDec (r7: y 1): one step
# down without wrapping: class 0.
t="$TMP/cmp/torus.table.csv"
has "table.csv has vc_class" "$t" '^router,src,dst,next,vc_class$'
has "torus wraparound hop is class 1" "$t" '^r2,AcdcPred,StripeMem,r10,1$'
has "torus plain hop is class 0" "$t" '^r11,VLD,RunLeDec,r7,0$'
if awk -F, 'NR > 1 && $5 != 0 { exit 1 }' "$TMP/cmp/mesh.table.csv"; then ok "mesh needs one VC class"
else notok "mesh needs one VC class"; fi

# anynet latencies: 1 + pipeline registers, read back by nocsyn.
grep -q '\(router\|node\) [0-9]* [0-9]' "$f.anynet" && ok "anynet carries link latencies" \
    || notok "anynet carries link latencies" "$(head -2 "$f.anynet")"
run "anynet with latencies reads back" 0 "$NOCSYN" convert "$f.anynet" -o "$TMP/back.anynet"
same "anynet latencies survive a round trip" "$TMP/back.anynet" "$f.anynet"

# BookSim traffic: vopd's 15 flows sum to 3494 MB/s, over 12 nodes of 32
# bits at 1 GHz (4000 MB/s each): 3494 / 48000 = 0.0727917 flits per node per
# cycle.  Destinations: VopRec (terminal 10) receives most, 300 + 500 = 800
# MB/s (weight 1000), Pad (9) 16 + 313 + 94 = 423 (529), RunLeDec (1) 70
# (87.5 -> 88); VLD (0) and ARM (8) receive nothing and are left out.
b="$v.booksim.cfg"
has "booksim injection rate from the app" "$b" '^injection_rate = 0.0727917;$'
has "booksim hotspot traffic by destination" "$b" '^traffic = hotspot({{1,2,3,4,5,6,7,9,10,11},{88,[0-9,]*,529,1000,[0-9]*}});$'
has "booksim states its limits" "$b" 'LIMITS: BookSim has no traffic matrix'
