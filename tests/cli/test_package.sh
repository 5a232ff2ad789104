#!/bin/sh
# nocsyn package (issue 31): multi-die synthesis.  Hand-worked cases with
# their oracles derived in the comments, the composition deadlock, the
# benchmark VOPD over two chiplets, and bad package files.
. "$(dirname "$0")/lib.sh"
D="$DATA/package"
VOPD="$APPS/vopd.csv"

# --- Two dies, one flow a -> b of 100 MB/s, one switch per die (--kmax 1).
# Path: a -> A.sw -> A.d2d.B.0 -> B.d2d.A.0 -> B.sw -> b: 4 routers (two
# switches, two D2D adapters).  Latency (README "Conventions", tech.h):
# 3 cycles per router = 12; channels: injection 1, switch -> adapter 1, the
# D2D channel ceil(2 ns x 1000 MHz / 1000) = 2, adapter -> switch 1,
# ejection 1 = 6; serialization ceil(128 / 32) - 1 = 3: 21 cycles = 21 ns
# at 1000 MHz.  Modules: 100 MB/s <= 0.8 x min(64 x 16 Gb/s = 128000 MB/s,
# 32 bit x 1000 MHz / 8 = 4000 MB/s) = 3200: 1.  D2D power: 100 MB/s x 8
# bit x 0.25 pJ/bit = 0.2 mW + 6 mW leakage per module = 6.2 mW.  The
# shoreline: the 5 mm shared edge x 5.14 modules/mm = 25.7 -> 25.  Module
# utilisation 100 / 4000 = 0.025.
run "two dies: exit 0" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 -o "$TMP/two"
csvrows "two dies: 1 module, 21 ns, D2D 6.2 mW of the power, 1 VC, deadlock free" "$TMP/two/package.csv" "
r = rows[0]
assert r['design'] == 'pkg_k1_m0' and r['chosen'] == '1' and r['feasible'] == '1', r
assert r['d2d_modules'] == '1' and r['d2d_mbps'] == '100', r
assert float(r['latency_avg_ns']) == 21 and float(r['latency_max_ns']) == 21, r
assert abs(float(r['d2d_mw']) - 6.2) < 1e-9, r
assert abs(float(r['d2d_share']) - 6.2 / float(r['power_mw'])) < 1e-6, r
assert r['vcs'] == '1' and r['deadlock_free'] == '1', r"
csvrows "two dies: boundary A-B carries 100 MB/s one way on 1 of 25 modules" "$TMP/two/boundaries.csv" "
assert len(rows) == 1
r = rows[0]
assert (r['boundary'], r['interface'], r['modules'], r['max_modules'], r['shoreline_mm'], r['mbps_ab'], r['mbps_ba']) == ('A-B', 'ucie-advanced', '1', '25', '5', '100', '0'), r
assert abs(float(r['util']) - 0.025) < 1e-12, r"
has "two dies: the route crosses the D2D channel" "$TMP/two/pkg_k1_m0.dot" 'route="b: A.sw0 A.d2d.B.0 B.d2d.A.0 B.sw0"'
csvrows "two dies: latency.csv agrees (21 cycles)" "$TMP/two/pkg_k1_m0.latency.csv" "
assert [(r['src'], r['dst'], r['latency_cycles']) for r in rows] == [('a', 'b', '21')], rows"
# The second module setting (one more module): 2 x 6 mW + 0.2 = 12.2 mW.
csvrows "two dies: one more module costs its leakage (12.2 mW)" "$TMP/two/package.csv" "
r = [x for x in rows if x['design'] == 'pkg_k1_m1'][0]
assert r['design'] == 'pkg_k1_m1' and r['d2d_modules'] == '2' and abs(float(r['d2d_mw']) - 12.2) < 1e-9, r"
# The bridged-mesh baseline: each die a 2 x 1 mesh of its core and its port
# (a router each), so a -> b passes 2 + 2 mesh routers and 2 adapters: 18
# cycles of routers; channels: injection, mesh hop, to the adapter, D2D (2),
# from the adapter, mesh hop, ejection = 8; serialization 3: 29 cycles.  It
# is a baseline: never chosen, never on the front.
csvrows "two dies: bridged mesh baseline, 4 switches, 29 ns, not a candidate" "$TMP/two/package.csv" "
r = [x for x in rows if x['design'] == 'mesh_m0'][0]
assert r['switches'] == '4' and float(r['latency_max_ns']) == 29 and r['d2d_modules'] == '1', r
assert r['pareto'] == '0' and r['chosen'] == '0', r"
# A latency bound below the hand-worked 21 ns: every point refused, naming
# the flow (exit 1, nothing written); at 21 ns it holds.
printf 'src,dst,bandwidth_mbps,max_latency_ns\na,b,100,20\n' >"$TMP/lat20.csv"
"$NOCSYN" package "$TMP/lat20.csv" "$D/two.pkg" --kmax 1 -o "$TMP/lat20" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && grep -q 'flow a -> b takes 21 ns, above its max_latency_ns 20' "$TMP/err" \
    && ok "two dies: max_latency_ns 20 is exit 1 naming the flow's 21 ns" || notok "latency bound 20" "rc=$rc $(cat "$TMP/err")"
absent "two dies: nothing written under an unmeetable bound" "$TMP/lat20"
printf 'src,dst,bandwidth_mbps,max_latency_ns\na,b,100,21\n' >"$TMP/lat21.csv"
run "two dies: max_latency_ns 21 holds" 0 "$NOCSYN" package "$TMP/lat21.csv" "$D/two.pkg" --kmax 1
# At 400 MHz the 2 ns D2D latency is ceil(0.8) = 1 cycle: 12 + 5 + 3 = 20
# cycles = 50 ns.
run "two dies at 400 MHz" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 --freq 400 -o "$TMP/two400"
csvrows "two dies at 400 MHz: 20 cycles = 50 ns" "$TMP/two400/package.csv" "
assert float(rows[0]['latency_max_ns']) == 50, rows[0]"

# compare --package: the same package design and bridged mesh as entries
# of compare, priced and timed as `package` does (21 ns by hand above; the
# power of package.csv, D2D included), on the table of every design.
run "compare --package: exit 0" 0 "$NOCSYN" compare "$D/two.csv" --methods split --baselines mesh --package "$D/two.pkg" --no-ideal -q -o "$TMP/cmp"
python3 - "$TMP/cmp/summary.csv" "$TMP/two/package.csv" <<'PY' && ok "compare --package: pkg_k1_m0 (21 ns, package's power) and mesh_bridged (29 ns) rows" || notok "compare --package" "$(cut -d, -f1-2,12 "$TMP/cmp/summary.csv")"
import csv, sys
rows = {r['design']: r for r in csv.DictReader(open(sys.argv[1]))}
pkg = {r['design']: r for r in csv.DictReader(open(sys.argv[2]))}
p, m = rows['pkg_k1_m0'], rows['mesh_bridged']
assert p['method'] == 'package' and float(p['latency_avg_ns']) == 21 and p['routing'] == 'table', p
assert abs(float(p['power_mw']) - float(pkg['pkg_k1_m0']['power_mw'])) < 1e-6, (p['power_mw'], pkg['pkg_k1_m0']['power_mw'])
assert abs(float(m['power_mw']) - float(pkg['mesh_m0']['power_mw'])) < 1e-6 and float(m['latency_avg_ns']) == 29, m
assert p['deadlock_free'] in ('1', 'true', 'True') and p['violations'] in ('', '-'), p
PY
printf 'die = A 5 5 0 0\nwidth = 3\n' >"$TMP/bad1.pkg"
bad "compare --package with a bad package file: exit 2" "$NOCSYN" compare "$D/two.csv" --package "$TMP/bad1.pkg" -o "$TMP/cmpbad"

# --- Three layers (hybrid-bond): a on L0, b on L2, 1000 MB/s.  Path: L0.sw,
# L0.d2d.L1.0, L1.d2d.L0.0, L1.sw, L1.d2d.L2.0, L2.d2d.L1.0, L2.sw: 7
# routers x 3 = 21; channels: injection, 2 x (switch -> adapter, D2D
# ceil(0.5 ns x 1 GHz) = 1, adapter -> switch), ejection = 8; serialization
# 3: 32 cycles = 32 ns.  D2D: 2 crossings x 1000 MB/s x 8 x 0.05 pJ/bit =
# 0.8 mW + 2 modules x 0.5 mW = 1.8 mW.  L0-L2 is no boundary.  Module
# utilisation 1000 / min(64 x 4 Gb/s = 32000, 4000) = 0.25.
run "three layers: exit 0" 0 "$NOCSYN" package "$D/three.csv" "$D/three.pkg" --kmax 1 -o "$TMP/three"
csvrows "three layers: 2 modules, 32 ns, D2D 1.8 mW" "$TMP/three/package.csv" "
r = rows[0]
assert r['chosen'] == '1' and r['d2d_modules'] == '2' and r['d2d_mbps'] == '2000', r
assert float(r['latency_max_ns']) == 32 and abs(float(r['d2d_mw']) - 1.8) < 1e-9, r"
csvrows "three layers: boundaries L0-L1 and L1-L2, one module each at 25%" "$TMP/three/boundaries.csv" "
assert [(r['boundary'], r['modules'], r['mbps_ab'], r['util']) for r in rows] == [('L0-L1', '1', '1000', '0.25'), ('L1-L2', '1', '1000', '0.25')], rows"
has "three layers: the route passes the middle layer" "$TMP/three/pkg_k1_m0.dot" 'route="b: L0.sw0 L0.d2d.L1.0 L1.d2d.L0.0 L1.sw0 L1.d2d.L2.0 L2.d2d.L1.0 L2.sw0"'

# --- Packing: three 2000 MB/s flows A -> B.  By volume ceil(6000 / 3200)
# = 2 modules, but two flows do not share one (4000 > 3200): 3 modules;
# D2D 6000 x 8 x 0.25 / 1000 = 12 mW + 3 x 6 = 30 mW.
run "packing: exit 0" 0 "$NOCSYN" package "$D/pack.csv" "$D/pack.pkg" --kmax 1 -o "$TMP/pack"
csvrows "packing: 3 modules (not 2), D2D 30 mW" "$TMP/pack/package.csv" "
r = rows[0]
assert r['d2d_modules'] == '3' and abs(float(r['d2d_mw']) - 30) < 1e-9, r"
# A shoreline of 5 mm x 0.5 modules/mm = 2 modules cannot take them.
sed 's/^core = a1 A/link = A B ucie-advanced per_mm=0.5\ncore = a1 A/' "$D/pack.pkg" >"$TMP/narrow.pkg"
"$NOCSYN" package "$D/pack.csv" "$TMP/narrow.pkg" --kmax 1 -o "$TMP/narrow" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q 'boundary A-B: its 2 ucie-advanced modules cannot pack the flows' "$TMP/err" \
    && ok "packing: a 2-module shoreline is exit 1 naming the boundary" || notok "narrow shoreline" "rc=$rc $(cat "$TMP/err")"
absent "packing: nothing written when infeasible" "$TMP/narrow"

# --- The composition deadlock: each die is split alone (its routes acyclic,
# split's guarantee), yet at three switches per die the composed channel
# dependency graph has a cycle.  The cycle crosses the boundary both ways
# (A.d2d.B.* > B.d2d.A.* and B.d2d.A.* > A.d2d.B.*), so no single die's
# dependency graph holds it: only the check on the composed network sees it.
run "composition deadlock: exit 0 (other points feasible)" 0 "$NOCSYN" package "$D/cycle.csv" "$D/cycle.pkg" -o "$TMP/cyc"
csvrows "composition deadlock: pkg_k3_m0 infeasible, its cycle through both dies" "$TMP/cyc/package.csv" "
import re
r = [x for x in rows if x['design'] == 'pkg_k3_m0'][0]
assert r['feasible'] == '0' and r['deadlock_free'] == '0', r
assert 'channel dependency graph has a cycle' in r['reason'], r
hops = re.findall(r' (\S+)>(\S+)', r['reason'].split(':', 1)[1])
ab = [h for h in hops if h[0].startswith('A.d2d.') and h[1].startswith('B.d2d.')]
ba = [h for h in hops if h[0].startswith('B.d2d.') and h[1].startswith('A.d2d.')]
assert ab and ba, hops
# consecutive: each channel's end is the next one's start, closing the cycle
assert all(hops[i][1] == hops[(i + 1) % len(hops)][0] for i in range(len(hops))), hops
c = [x for x in rows if x['chosen'] == '1'][0]
assert c['feasible'] == '1' and c['deadlock_free'] == '1', c"
# The chosen design re-checked by the engine from its DOT (table routes).
"$NOCSYN" eval "$TMP/cyc/$(awk -F, '$17 == 1 { print $1 }' "$TMP/cyc/package.csv").dot" --routing table --traffic "app:$D/cycle.csv" --format json >"$TMP/ev.json" 2>"$TMP/err"
json "composition deadlock: the chosen design's DOT is deadlock free under eval" "$TMP/ev.json" "assert d['deadlock_free'] is True, d['deadlock_free']"

# --- VOPD over two chiplets (METIS): the D2D traffic of boundaries.csv is
# the app's bandwidth between cores on different dies (dies.csv's
# assignment, summed here independently), and the D2D power is that
# traffic x 8 x 0.25 pJ/bit / 1000 + 6 mW per module.
printf 'die = A 6 6 0 0\ndie = B 6 6 6.5 0\n' >"$TMP/vopd.pkg"
run "vopd over two dies: exit 0" 0 "$NOCSYN" package "$VOPD" "$TMP/vopd.pkg" --kmax 4 -o "$TMP/v"
python3 - "$VOPD" "$TMP/v" <<'PY' && ok "vopd: D2D traffic and power re-derived from the assignment" || notok "vopd re-derivation" "$(cat "$TMP/v/boundaries.csv")"
import csv, sys
app, out = sys.argv[1:3]
lines = open(out + '/dies.csv').read().split('\n\n')
die = {r['core']: r['die'] for r in csv.DictReader(lines[1].splitlines())}
ab = ba = 0.0
for r in csv.DictReader(l for l in open(app) if not l.startswith('#')):
    a, b = die[r['src']], die[r['dst']]
    if a != b:
        if a == 'A': ab += float(r['bandwidth_mbps'])
        else: ba += float(r['bandwidth_mbps'])
bnd = list(csv.DictReader(open(out + '/boundaries.csv')))[0]
assert abs(float(bnd['mbps_ab']) - ab) < 1e-6 and abs(float(bnd['mbps_ba']) - ba) < 1e-6, (bnd, ab, ba)
assert ab + ba > 0
row = [r for r in csv.DictReader(open(out + '/package.csv')) if r['chosen'] == '1'][0]
m = int(bnd['modules'])
assert m == int(row['d2d_modules']) >= 1
assert abs(float(row['d2d_mw']) - ((ab + ba) * 8 * 0.25 / 1000 + 6 * m)) < 1e-6, row
PY
# Unequal dies: METIS splits VOPD's 12 cores (1 mm x 1 mm each by default)
# 6/6, a 2 x 2 mm die holds 4 mm2, so the repair moves cores to the 4 x 4
# die until each die's cores fit its area; two 2 x 2 dies cannot hold 12
# mm2: exit 2 naming the die.
printf 'die = A 2 2 0 0\ndie = B 4 4 2.5 0\n' >"$TMP/uneq.pkg"
run "unequal dies: exit 0" 0 "$NOCSYN" package "$VOPD" "$TMP/uneq.pkg" --kmax 2 -o "$TMP/uneq"
python3 - "$TMP/uneq/dies.csv" <<'PY' && ok "unequal dies: every die's cores fit its area (A <= 4, all 12 placed)" || notok "unequal dies" "$(cat "$TMP/uneq/dies.csv")"
import csv, sys
parts = open(sys.argv[1]).read().split('\n\n')
dies = {r['die']: r for r in csv.DictReader(parts[0].splitlines())}
n = {}
for r in csv.DictReader(parts[1].splitlines()):
    n[r['die']] = n.get(r['die'], 0) + 1
assert sum(n.values()) == 12 and all(n[d] <= float(r['w_mm']) * float(r['h_mm']) for d, r in dies.items() if d in n), n
assert n.get('A', 0) >= 1, n
PY
printf 'die = A 2 2 0 0\ndie = B 2 2 2.5 0\n' >"$TMP/small.pkg"
bad "dies too small for the app: exit 2" "$NOCSYN" package "$VOPD" "$TMP/small.pkg"
has "dies too small: names the die" "$TMP/err" "die 'A' (2 x 2 mm) cannot hold its cores' 6 mm2"
# The package drawing: one D2D line per module, its percentage the
# boundary's utilisation in boundaries.csv (one module: the busiest is it).
python3 - "$TMP/v/package.svg" "$TMP/v/boundaries.csv" <<'PY' && ok "vopd: package.svg draws the dies and each D2D module coloured by utilisation" || notok "package.svg" "$(head -c 300 "$TMP/v/package.svg")"
import csv, re, sys
svg = open(sys.argv[1]).read()
b = list(csv.DictReader(open(sys.argv[2])))[0]
lines = re.findall(r'<line class="d2d"[^>]*stroke="hsl\(([0-9]+),[^>]*><title>[^<]*: ([0-9.]+) MB/s, ([0-9.]+)%</title>', svg)
assert len(lines) == int(b['modules']) and svg.count('class="die"') == 2, lines
u = max(float(x[2]) for x in lines)
assert abs(u - 100 * float(b['util'])) < 0.06, (u, b)
assert all(abs(int(h) - round(120 * (1 - float(p) / 100))) <= 1 for h, _, p in lines), lines
PY
# Per-die designs beside the composed one: each die's DOT holds its cores
# and its D2D ports as terminals.
chosen=$(awk -F, '$17 == 1 { print $1 }' "$TMP/v/package.csv")
if [ -f "$TMP/v/$chosen.A.dot" ] && [ -f "$TMP/v/$chosen.B.place.csv" ] && grep -q '"d2d.B.0".*kind=terminal\|"d2d.B.0" *\[.*terminal' "$TMP/v/$chosen.A.dot"; then
    ok "vopd: per-die DOT and place.csv, D2D ports as terminals"; else notok "per-die files" "$(ls "$TMP/v" | head -30)"; fi
# The simulator at low load against the model's per-flow latency (the D2D
# channel at its own latency): within one cycle, as on one die.
chosen=$(awk -F, '$17 == 1 { print $1 }' "$TMP/v/package.csv")
"$NOCSYN" sim "$TMP/v/$chosen.dot" --traffic "app:$VOPD" --routing table --rate 0.02 --packet 4 --format json >"$TMP/sim.json" 2>"$TMP/err"
python3 - "$TMP/sim.json" "$TMP/v/$chosen.latency.csv" "$TMP/v/dies.csv" <<'PY' && ok "vopd: sim per-flow zero-load latency = the model's, D2D flows included" || notok "sim vs model" "$(head -c 300 "$TMP/err")"
import csv, json, sys
sim = json.load(open(sys.argv[1]))['points'][0]['flows']
lat = {(r['src'], r['dst']): int(r['latency_cycles']) for r in csv.DictReader(open(sys.argv[2]))}
die = {r['core']: r['die'] for r in csv.DictReader(open(sys.argv[3]).read().split('\n\n')[1].splitlines())}
n = cross = 0
for fl in sim:
    if fl['packets'] > 0:
        n += 1
        cross += die[fl['src']] != die[fl['dst']]
        if abs(fl['latency_avg'] - lat[(fl['src'], fl['dst'])]) > 1:
            print('#', fl, lat[(fl['src'], fl['dst'])]); sys.exit(1)
sys.exit(0 if n >= 10 and cross >= 1 else 1)
PY

# --- Every benchmark app over the three-layer stack (--kmax 2): in a stack
# a flow crosses |layer(src) - layer(dst)| boundaries, so the D2D traffic
# of the chosen design is the sum over flows of bandwidth x that distance
# (dies.csv's assignment), and the D2D power that traffic x 8 x 0.05 /
# 1000 + 0.5 mW per module.
napps=0
for app in $(bench_apps); do
    a=$(basename "$app" .csv)
    "$NOCSYN" package "$app" "$ROOT/benchmarks/packages/stack3.pkg" --kmax 2 -o "$TMP/s_$a" >/dev/null 2>"$TMP/err" || { notok "stack: $a" "$(cat "$TMP/err")"; continue; }
    python3 - "$app" "$TMP/s_$a" <<'PY' && napps=$((napps + 1)) || notok "stack: $a re-derived" "$(head -3 "$TMP/s_$a/package.csv")"
import csv, sys
app, out = sys.argv[1:3]
parts = open(out + '/dies.csv').read().split('\n\n')
layer = {r['die']: int(r['layer']) for r in csv.DictReader(parts[0].splitlines())}
die = {r['core']: layer[r['die']] for r in csv.DictReader(parts[1].splitlines())}
tot = sum(float(r['bandwidth_mbps']) * abs(die[r['src']] - die[r['dst']])
          for r in csv.DictReader(l for l in open(app) if not l.startswith('#')))
row = [r for r in csv.DictReader(open(out + '/package.csv')) if r['chosen'] == '1'][0]
m = int(row['d2d_modules'])
assert abs(float(row['d2d_mbps']) - tot) < 1e-6 * (1 + tot), (row['d2d_mbps'], tot)
assert abs(float(row['d2d_mw']) - (tot * 8 * 0.05 / 1000 + 0.5 * m)) < 1e-6, row
assert row['deadlock_free'] == '1' and row['feasible'] == '1'
PY
done
[ "$napps" -eq 9 ] && ok "stack: all 9 benchmark apps, D2D traffic and power re-derived" || notok "stack: all 9 apps" "$napps"

# --- Outputs as a set (README "Outputs never lose data"): a re-run into the
# same directory drops the previous run's files it does not write (the two
# dies' D.A.* after the stack's D.L0.*), keeps a file of other origin, and
# a failing run leaves the directory as it was.
run "re-run: two dies into DIR" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 -o "$TMP/rr"
echo mine >"$TMP/rr/notes.txt"
run "re-run: the stack into the same DIR" 0 "$NOCSYN" package "$D/three.csv" "$D/three.pkg" --kmax 1 -o "$TMP/rr"
[ ! -e "$TMP/rr/pkg_k1_m0.A.dot" ] && [ -f "$TMP/rr/pkg_k1_m0.L1.dot" ] && [ -f "$TMP/rr/notes.txt" ] \
    && ok "re-run: the old run's per-die files gone, the new ones and a foreign file there" || notok "re-run set" "$(ls "$TMP/rr")"
cp "$TMP/rr/package.csv" "$TMP/rr_before.csv"
printf 'die = A 5 5 0 0\nbogus = 1\n' >"$TMP/bogus.pkg"
bad "re-run with a bad package: exit 2" "$NOCSYN" package "$D/three.csv" "$TMP/bogus.pkg" -o "$TMP/rr"
same "re-run with a bad package: package.csv untouched" "$TMP/rr/package.csv" "$TMP/rr_before.csv"

# --- Bad input: one line FILE:LINE, exit 2, nothing written.
printf 'die = A 5 5 0 0\nwidth = 3\n' >"$TMP/bad1.pkg"
bad "unknown key: exit 2, one line" "$NOCSYN" package "$D/two.csv" "$TMP/bad1.pkg" -o "$TMP/b1"
has "unknown key: FILE:LINE" "$TMP/err" "bad1.pkg:2: unknown key 'width'"
absent "unknown key: nothing written" "$TMP/b1"
printf 'die = A 5 5 0 0\ndie = B 5 5 3 0\n' >"$TMP/bad2.pkg"
bad "overlapping dies: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad2.pkg"
has "overlapping dies: FILE:LINE" "$TMP/err" "bad2.pkg:2: die 'B' overlaps die 'A' (line 1)"
printf 'die = A 5 5 0 0\ndie = B 5 5 9 0\nlink = A B bow\n' >"$TMP/bad3.pkg"
bad "link between distant dies: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad3.pkg"
has "link between distant dies: FILE:LINE" "$TMP/err" "bad3.pkg:3: link: dies 'A' and 'B' are not neighbours"
printf 'die = A 5 5 0 0\ndie = B 5 5 5.5 0\ncore = a A\ncore = zz B\n' >"$TMP/bad4.pkg"
bad "pin of an unknown core: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad4.pkg"
has "pin of an unknown core: names it" "$TMP/err" "pins core 'zz', which the app does not have"
printf 'die = A 1 1 0 0\ndie = B 5 5 1.5 0\n' >"$TMP/bad5.pkg"
printf 'core,w_mm,h_mm\na,2,2\nb,2,2\n' >"$TMP/fp.csv"
printf 'die = A 1 1 0 0\ndie = B 5 5 1.5 0\ncore = a A\ncore = b B\n' >"$TMP/bad5.pkg"
bad "a die too small for its cores: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad5.pkg" --floorplan "$TMP/fp.csv"
has "a die too small: names the die" "$TMP/err" "die 'A' (1 x 1 mm) cannot hold its cores' 4 mm2"
printf 'die = A 5 5 0 0\000\n' >"$TMP/bad6.pkg"
bad "NUL byte: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad6.pkg"
printf 'die = A 5 5 0 0\ndie = B 5 5 9 0\ncore = a A\ncore = b B\n' >"$TMP/bad7.pkg"
bad "no boundary path between the dies of a flow: exit 2" "$NOCSYN" package "$D/two.csv" "$TMP/bad7.pkg"
has "no boundary path: names the flow" "$TMP/err" "flow a -> b: no boundary path joins dies 'A' and 'B'"
printf 'src,dst,bandwidth_mbps\na,d2d.B.0,100\n' >"$TMP/res.csv"
bad "a core named like a D2D port: exit 2" "$NOCSYN" package "$TMP/res.csv" "$TMP/vopd.pkg"
has "a core named like a D2D port: names it" "$TMP/err" "core 'd2d.B.0': names starting 'd2d.' are the D2D ports'"
bad "usage: one argument" "$NOCSYN" package "$D/two.csv"
run "help" 0 "$NOCSYN" package --help
has "help: usage line" "$TMP/out" "^usage: nocsyn package APP PACKAGE"
has "help names the presets" "$TMP/out" "ucie-standard, ucie-advanced, bow, hybrid-bond"
