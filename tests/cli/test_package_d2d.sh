#!/bin/sh
# nocsyn package (issue 31), the D2D layer as a channel of its own: a D2D
# module's capacity in eval, sim and the latency model; the interposer-mesh
# baseline; the clock x width grid; the floorplan's die column; the D2D
# columns of summary.csv and pareto.csv.  Every oracle is worked by hand in
# the comments.
. "$(dirname "$0")/lib.sh"
D="$DATA/package"

# --- 1. A D2D module narrower than the link (tests/data/package/narrow.pkg):
# 1 lane x 8 Gb/s = 8000 / 8 = 1000 MB/s each way; the 32-bit link at 1000
# MHz carries 32 x 1000 / 8 = 4000 MB/s, so the D2D channel takes r = 1000 /
# 4000 = 1/4 of a flit a cycle: one flit every ceil(1 / r) = 4 cycles.
# One flow a -> b of 100 MB/s, one switch per die: the path of
# test_package.sh (12 router cycles + 6 channel cycles) plus serialization
# (ceil(128 / 32) - 1) x 4 = 12 cycles (3 on a full-rate path): 30 cycles,
# 30 ns at 1000 MHz.  Module utilisation 100 / 1000 = 0.1.
run "narrow D2D: exit 0" 0 "$NOCSYN" package "$D/two.csv" "$D/narrow.pkg" --kmax 1 -o "$TMP/nar"
csvrows "narrow D2D: 30 ns (serialization at one flit per 4 cycles), module 10% used" "$TMP/nar/package.csv" "
r = rows[0]
assert r['design'] == 'pkg_k1_m0' and float(r['latency_max_ns']) == 30, r"
csvrows "narrow D2D: boundaries.csv util 0.1 = 100 / 1000 MB/s" "$TMP/nar/boundaries.csv" "
assert abs(float(rows[0]['util']) - 0.1) < 1e-12, rows"
has "narrow D2D: the DOT carries the module's 1000 MB/s" "$TMP/nar/pkg_k1_m0.dot" '"A.d2d.B.0" -> "B.d2d.A.0" \[dir=both, width=32, length=0, latency=2, capacity_mbps=1000\]'
# eval of the written design under the app: a injects 1 (100 MB/s), all of
# it over the D2D channel: load 1, counted against 1/4 of a link: 4;
# throughput 1/4; utilisation 100 / 1000 = 0.1 (the on-die channels 100 /
# 4000).  Without its own capacity the load would be 1.
"$NOCSYN" eval "$TMP/nar/pkg_k1_m0.dot" --traffic app:"$D/two.csv" --routing table --no-bisection --format json >"$TMP/ev.json" 2>"$TMP/err"
json "narrow D2D: eval max_channel_load 4, throughput 0.25, max_utilization 0.1" "$TMP/ev.json" "
assert d['max_channel_load'] == 4 and d['throughput'] == 0.25, d
assert abs(d['max_utilization'] - 0.1) < 1e-12, d"
# sim, 4-flit packets, router delay 3: zero-load sum L + h D + (len - 1) g
# = 6 + 4 x 3 + 3 x 4 = 30 cycles (sim.h), the model's; at an offered 0.3
# flits a cycle the D2D channel passes at most 1/4.
"$NOCSYN" sim "$TMP/nar/pkg_k1_m0.dot" --traffic app:"$D/two.csv" --routing table --packet 4 --router-delay 3 \
    --sweep 0.1:0.3:0.2 --threads 1 --warmup 500 --cycles 4000 >"$TMP/sim.json" 2>"$TMP/err"
json "narrow D2D: sim zero-load 30 cycles, accepted <= 0.25 at offered 0.3" "$TMP/sim.json" "
assert d['zero_load_latency'] == 30, d['zero_load_latency']
p = [x for x in d['points'] if abs(x['offered'] - 0.3) < 1e-9][0]
assert 0.2 < p['accepted'] <= 0.25 + 1e-9, p"
# The same design at full rate (capacity_mbps removed): 6 + 12 + 3 = 21
# cycles (test_package.sh), and the
# sim accepts the 0.3 offered (the throttle is the capacity, nothing else).
sed 's/, capacity_mbps=1000//' "$TMP/nar/pkg_k1_m0.dot" >"$TMP/full.dot"
"$NOCSYN" sim "$TMP/full.dot" --traffic app:"$D/two.csv" --routing table --packet 4 --router-delay 3 \
    --sweep 0.1:0.3:0.2 --threads 1 --warmup 500 --cycles 4000 >"$TMP/simf.json" 2>"$TMP/err"
json "full-rate D2D: sim zero-load 21 cycles, accepts 0.3" "$TMP/simf.json" "
assert d['zero_load_latency'] == 21, d['zero_load_latency']
p = [x for x in d['points'] if abs(x['offered'] - 0.3) < 1e-9][0]
assert p['accepted'] > 0.27, p"
bad "narrow D2D: rtl refuses it (one line, exit 2)" "$NOCSYN" rtl "$TMP/nar/pkg_k1_m0.dot" -o "$TMP/narrtl"
has "  ... naming the channel and its pace" "$TMP/err" "channel 'A.d2d.B.0' -> 'B.d2d.A.0' carries a flit every 4 cycles"
bad "narrow D2D: sim --flow drop refuses it (one line)" "$NOCSYN" sim "$TMP/nar/pkg_k1_m0.dot" --traffic app:"$D/two.csv" --flow drop --rate 0.1
# A channel of 0.1 MB/s against a 4000 MB/s link: r = 2.5e-5, one flit every
# ceil(1 / r) = 40000 cycles, capped at 10000 (topo.h): eval's load 1 / 2.5e-5
# = 40000 on r0 -> r1 under uniform traffic's 0.5 (two terminals, half to
# the other): 20000; sim runs it as a slow channel, not a deadlock (the
# quiet period outlasts the gap).
printf 'digraph g { graph [link_width=32, freq_mhz=1000]; a [kind=terminal]; b [kind=terminal]; r0; r1; a -> r0 [dir=both]; b -> r1 [dir=both]; r0 -> r1 [dir=both, capacity_mbps=0.1]; }\n' >"$TMP/slow.dot"
"$NOCSYN" eval "$TMP/slow.dot" --no-bisection --format json >"$TMP/slow.json" 2>"$TMP/err"
json "a 0.1 MB/s channel: eval load 0.5 / 2.5e-5 = 20000" "$TMP/slow.json" "assert abs(d['max_channel_load'] - 20000) < 1e-6, d['max_channel_load']"
run "a 0.1 MB/s channel: sim is slow, not deadlocked (exit 0)" 0 "$NOCSYN" sim "$TMP/slow.dot" --rate 0.1 --warmup 200 --cycles 2000 --threads 1
printf 'digraph g { a [kind=terminal]; b [kind=terminal]; r0; r1; a -> r0 [dir=both]; b -> r1 [dir=both]; r0 -> r1 [dir=both, capacity_mbps=-1]; }\n' >"$TMP/neg.dot"
bad "a negative capacity_mbps is exit 2" "$NOCSYN" eval "$TMP/neg.dot"

# --- 2. The interposer-mesh baseline (ipmesh_mE in package.csv,
# mesh_interposer in compare), on tests/data/package/two.*: the interposer
# holds a mesh of one router per D2D port (cmesh, one core per router);
# each die has one module down to it (100 MB/s needs 1), each die a 2 x 1
# mesh of its core and its port.  Switches: 2 + 2 + 2 = 6; modules 2; D2D
# power 2 x 6 mW leakage + 100 MB/s x 8 x 0.25 pJ/bit / 1000 x 2 crossings
# = 12.4 mW.  a -> b passes A's 2 mesh routers, 2 adapters (A's, the
# interposer's), the interposer's 2 routers, 2 adapters, B's 2: 10 routers x
# 3 = 30 cycles; channels: injection 1, mesh 1, to the adapter 1, D2D 2,
# adapter to the interposer router 1, the interposer hop (die centres 2.5
# and 8 mm apart: 5.5 mm x 100 ps/mm = 550 ps, 1 cycle) 1, to the adapter
# 1, D2D 2, adapter to B's router 1, mesh 1, ejection 1 = 13; serialization
# 3: 46 cycles = 46 ns (the bridged mesh: 29).
run "interposer mesh: exit 0" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 -o "$TMP/ip"
csvrows "interposer mesh: 6 switches, 2 modules, 12.4 mW of D2D, 46 ns, never chosen" "$TMP/ip/package.csv" "
r = [x for x in rows if x['design'] == 'ipmesh_m0'][0]
assert r['feasible'] == '1' and r['switches'] == '6' and r['d2d_modules'] == '2', r
assert abs(float(r['d2d_mw']) - 12.4) < 1e-9 and float(r['latency_max_ns']) == 46, r
assert r['pareto'] == '0' and r['chosen'] == '0' and r['deadlock_free'] == '1', r
# d2d_mbps: the flow crosses two modules: 200 MB/s of module traffic
assert r['d2d_mbps'] == '200', r"
# extra = 1: one more module per die (2 each): leakage 4 x 6 + 0.4 = 24.4 mW.
csvrows "interposer mesh, one more module per die: 4 modules, 24.4 mW" "$TMP/ip/package.csv" "
r = [x for x in rows if x['design'] == 'ipmesh_m1'][0]
assert r['d2d_modules'] == '4' and abs(float(r['d2d_mw']) - 24.4) < 1e-9, r"
run "compare --package: the interposer mesh as a baseline" 0 "$NOCSYN" compare "$D/two.csv" --methods split --baselines mesh --package "$D/two.pkg" --no-ideal -q -o "$TMP/ipcmp"
csvrows "compare --package: mesh_interposer row, 46 ns, 10 routers (6 switches + 4 adapters)" "$TMP/ipcmp/summary.csv" "
r = [x for x in rows if x['design'] == 'mesh_interposer'][0]
assert float(r['latency_max_ns']) == 46 and r['routers'] == '10' and r['method'] == 'mesh', r
assert r['deadlock_free'] in ('1', 'true', 'True'), r"
# A 3-D stack has no interposer: no ipmesh row (tests/data/package/three.*).
run "3-D stack: exit 0" 0 "$NOCSYN" package "$D/three.csv" "$D/three.pkg" --kmax 1 -o "$TMP/three"
csvrows "3-D stack: no interposer-mesh row" "$TMP/three/package.csv" "
assert not [x for x in rows if x['design'].startswith('ipmesh')], [x['design'] for x in rows]"

# --- 3. The clock x width grid (--freq 400,1000 --link-width 32,64) on
# two.*, one switch per die.  Per point, pkg_k1 (test_package.sh's path):
# 4 routers x 3 = 12 cycles; channels: injection, switch -> adapter,
# adapter -> switch, ejection = 4, plus the D2D channel's ceil(2 ns x f /
# 1000) = 1 at 400 MHz, 2 at 1000; serialization ceil(128 / w) - 1 = 3 at
# 32 bits, 1 at 64:
#   400 MHz, 32 bit: 12 + 5 + 3 = 20 cycles = 50 ns
#   400 MHz, 64 bit: 12 + 5 + 1 = 18 cycles = 45 ns
#   1000 MHz, 32 bit: 12 + 6 + 3 = 21 cycles = 21 ns
#   1000 MHz, 64 bit: 12 + 6 + 1 = 19 cycles = 19 ns
# The chosen design is the least
# power: the slowest, narrowest point (dynamic and leakage power grow with
# the clock and the width); busiest module there 100 MB/s of a 32 x 400 / 8
# = 1600 MB/s link: 6.25%.
run "grid: exit 0" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 --freq 400,1000 --link-width 32,64 -o "$TMP/grid"
csvrows "grid: 4 points x (2 pkg + 2 mesh + 2 ipmesh) rows, names _f<MHZ>_w<BITS>, latencies by hand" "$TMP/grid/package.csv" "
assert len(rows) == 24, len(rows)
lat = {(r['freq_mhz'], r['link_width']): float(r['latency_max_ns']) for r in rows if r['design'].startswith('pkg_k1_m0_')}
assert lat == {('400', '32'): 50, ('400', '64'): 45, ('1000', '32'): 21, ('1000', '64'): 19}, lat
assert all(r['design'].endswith('_f%s_w%s' % (r['freq_mhz'], r['link_width'])) for r in rows), rows[0]
ch = [r for r in rows if r['chosen'] == '1']
assert [r['design'] for r in ch] == ['pkg_k1_m0_f400_w32'], ch
front = sorted(r['design'] for r in rows if r['pareto'] == '1')
assert 'pkg_k1_m0_f1000_w64' in front and 'pkg_k1_m0_f400_w32' in front, front
assert not [r for r in rows if r['pareto'] == '1' and not r['design'].startswith('pkg_')], front"
csvrows "grid: the chosen point's module at 100 / 1600 MB/s = 6.25%" "$TMP/grid/boundaries.csv" "
assert abs(float(rows[0]['util']) - 0.0625) < 1e-12, rows"
has "grid: the chosen design's DOT is at 400 MHz" "$TMP/grid/pkg_k1_m0_f400_w32.dot" 'freq_mhz=400'
# compare --package over the same grid: the package entry is the grid's
# chosen point (400 MHz x 32 bits, 50 ns), both meshes at that point
# (bridged: test_package.sh's 29 cycles at 400 MHz: the D2D channel 1
# cycle, so 28 cycles = 70 ns; interposer 46 - 2 = 44 cycles = 110 ns).
run "grid: compare --package" 0 "$NOCSYN" compare "$D/two.csv" --methods split --baselines mesh --package "$D/two.pkg" --no-ideal -q --freq 1000,400 --link-width 64,32 -o "$TMP/gcmp"
csvrows "grid: compare's package entry at 400 MHz x 32 bits (50 ns), its meshes there (70, 110 ns)" "$TMP/gcmp/summary.csv" "
r = {x['design']: x for x in rows}
p, b, i = r['pkg_k1_m0_f400_w32'], r['mesh_bridged'], r['mesh_interposer']
assert float(p['latency_max_ns']) == 50 and p['method'] == 'package', p
assert (b['freq_mhz'], b['link_width'], float(b['latency_max_ns'])) == ('400', '32', 70), b
assert (i['freq_mhz'], i['link_width'], float(i['latency_max_ns'])) == ('400', '32', 110), i"
bad "grid: a bad --freq list is exit 2" "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --freq 400,,1000

# --- 4. The floorplan's die column (docs/INTERFACE.md 1.2, an extension)
# and the die in the written floorplan and place.csv.
# tests/data/package/two_die.fp.csv puts a (1 x 1 mm) on B and b (2 x 1 mm)
# on A, the reverse of two.pkg's pins: the one flow a -> b now runs B -> A,
# so boundaries.csv has 0 MB/s A->B and 100 back; the latency is the same
# path mirrored: 21 ns.
run "die column: exit 0" 0 "$NOCSYN" package "$D/two.csv" "$D/nopin.pkg" --floorplan "$D/two_die.fp.csv" --kmax 1 -o "$TMP/fpd"
csvrows "die column: a on B, b on A (dies.csv), the flow B -> A, 21 ns" "$TMP/fpd/dies.csv" "
import csv
lines = open('$TMP/fpd/dies.csv').read().split('\n\n')[1].split()
assert lines[1:] == ['a,B', 'b,A'], lines
b = list(csv.DictReader(open('$TMP/fpd/boundaries.csv')))[0]
assert (b['mbps_ab'], b['mbps_ba']) == ('0', '100'), b
p = list(csv.DictReader(open('$TMP/fpd/package.csv')))[0]
assert float(p['latency_max_ns']) == 21, p"
# The written floorplan.csv carries each core's die and die-local box
# (a die of one core: at the origin, its own size), and read back as
# --floorplan it gives the same design points.
csvrows "die column: floorplan.csv holds a,0,0,1,1,B and b,0,0,2,1,A" "$TMP/fpd/floorplan.csv" "
assert [(r['core'], r['x_mm'], r['y_mm'], r['w_mm'], r['h_mm'], r['die']) for r in rows] == [('a', '0', '0', '1', '1', 'B'), ('b', '0', '0', '2', '1', 'A')], rows"
VOPD="$APPS/vopd.csv"
run "vopd: package -o" 0 "$NOCSYN" package "$VOPD" "$ROOT/benchmarks/packages/two_chiplets.pkg" --kmax 2 -o "$TMP/vp"
run "vopd: its floorplan.csv read back" 0 "$NOCSYN" package "$VOPD" "$ROOT/benchmarks/packages/two_chiplets.pkg" --kmax 2 --floorplan "$TMP/vp/floorplan.csv" -o "$TMP/vq"
python3 - "$TMP/vp" "$TMP/vq" <<'PY' && ok "vopd: floorplan.csv round trip gives the same points, assignment and floorplan" || notok "floorplan round trip"
import sys
a, b = sys.argv[1], sys.argv[2]
for f in ('package.csv', 'dies.csv', 'floorplan.csv', 'boundaries.csv'):
    assert open(f'{a}/{f}').read() == open(f'{b}/{f}').read(), f
PY
# place.csv's die: a router's is the prefix of its name ("A.sw0"), a core's
# its die in dies.csv, a die's own design all that die.
python3 - "$TMP/vp" <<'PY' && ok "vopd: place.csv die column agrees with router names and dies.csv" || notok "place.csv die"
import csv, sys, glob
d = sys.argv[1]
assign = dict(l.split(',') for l in open(f'{d}/dies.csv').read().split('\n\n')[1].split()[1:])
chosen = [r['design'] for r in csv.DictReader(open(f'{d}/package.csv')) if r['chosen'] == '1'][0]
rows = list(csv.DictReader(open(f'{d}/{chosen}.place.csv')))
assert rows and all(r['die'] for r in rows), rows[:3]
for r in rows:
    if r['kind'] == 'router':
        assert r['node'].split('.')[0] == r['die'], r
    elif r['kind'] == 'core':
        assert assign[r['node']] == r['die'], r
for die in ('A', 'B'):
    rs = list(csv.DictReader(open(f'{d}/{chosen}.{die}.place.csv')))
    assert rs and all(r['die'] == die for r in rs), die
PY
printf 'core,w_mm,h_mm,die\na,1,1,C\nb,2,1,A\n' >"$TMP/fpbad.csv"
# Every written design re-derived from its files (tests/tools/check_layout.py:
# the DEF's DIEAREA = D.json's die_mm2, DOT = DEF = place.csv positions,
# links.csv wire = D.json's): the composed design is legalised as one layout
# (the adapters moved off the cores), on chiplets and on the stack.
run "three layers again, -o" 0 "$NOCSYN" package "$D/three.csv" "$D/three.pkg" --kmax 1 -o "$TMP/three3"
fail=""
for dir in "$TMP/vp" "$TMP/three3"; do
    for def in "$dir"/*.def; do
        n=$(basename "$def" .def)
        python3 "$ROOT/tests/tools/check_layout.py" "$dir" "$n" >"$TMP/cl" 2>&1 || fail="$fail $n(rc)"
        grep -q '[^[:space:]]' "$TMP/cl" && fail="$fail $n: $(head -c 200 "$TMP/cl")"
    done
done
for n in pkg_k1_m0 mesh_bridged mesh_interposer; do
    python3 "$ROOT/tests/tools/check_layout.py" "$TMP/ipcmp" "$n" >"$TMP/cl" 2>&1 || fail="$fail $n(rc)"
    grep -q '[^[:space:]]' "$TMP/cl" && fail="$fail compare $n: $(head -c 200 "$TMP/cl")"
done
[ -z "$fail" ] && ok "check_layout: the composed and per-die designs (chiplets, stack, compare's entries) agree across their files" || notok "check_layout on package outputs" "$fail"
bad "die column: a die the package does not have is exit 2" "$NOCSYN" package "$D/two.csv" "$D/nopin.pkg" --floorplan "$TMP/fpbad.csv" --kmax 1
has "  ... naming the die" "$TMP/err" "pins core 'a' to die 'C', which the package does not have"
bad "die column: the package pins a to A, the floorplan to B: exit 2" "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --floorplan "$D/two_die.fp.csv" --kmax 1
printf 'core,w_mm,h_mm,die\na,1,1,A.x\nb,2,1,A\n' >"$TMP/fpdot.csv"
bad "die column: a die name with '.' is exit 2 at its line" "$NOCSYN" package "$D/two.csv" "$D/nopin.pkg" --floorplan "$TMP/fpdot.csv"
has "  ... FILE:2" "$TMP/err" "fpdot.csv:2: die 'A.x'"
# `nocsyn floorplan` carries the die column through (--areas with a die).
run "floorplan --areas with a die column" 0 "$NOCSYN" floorplan "$D/two.csv" --areas "$D/two_die.fp.csv" -o "$TMP/fp.csv"
csvrows "floorplan: its CSV ends with the die column" "$TMP/fp.csv" "
assert [(r['core'], r['die']) for r in rows] == [('a', 'B'), ('b', 'A')], rows"
run "floorplan without dies: no die column" 0 "$NOCSYN" floorplan "$D/two.csv" -o "$TMP/fp0.csv"
has "floorplan without dies: the plain header" "$TMP/fp0.csv" '^core,x_mm,y_mm,w_mm,h_mm$'

# --- The D2D columns of pareto.csv (package -o) and summary.csv (compare
# --package): modules, MB/s over the modules, share of the power.  two.*:
# pkg_k1_m0 1 module, 100 MB/s, 6.2 mW of its power (test_package.sh);
# ipmesh_m0 2 modules, 200 MB/s (two crossings), 12.4 mW; a one-die design
# 0, 0, 0.
run "two: package -o" 0 "$NOCSYN" package "$D/two.csv" "$D/two.pkg" --kmax 1 -o "$TMP/pd"
csvrows "pareto.csv: D2D columns (1, 100, 6.2 / power; ipmesh 2, 200)" "$TMP/pd/pareto.csv" "
r = {x['design']: x for x in rows}
p, i = r['pkg_k1_m0'], r['ipmesh_m0']
assert (p['d2d_modules'], p['d2d_mbps']) == ('1', '100') and abs(float(p['d2d_share']) - 6.2 / float(p['power_mw'])) < 1e-8, p
assert (i['d2d_modules'], i['d2d_mbps']) == ('2', '200') and abs(float(i['d2d_share']) - 12.4 / float(i['power_mw'])) < 1e-8, i
assert p['chosen'] == '1' and p['method'] == 'package' and float(p['latency_max_ns']) == 21, p"
csvrows "summary.csv with --package: D2D columns, 0 for a one-die design" "$TMP/ipcmp/summary.csv" "
r = {x['design']: x for x in rows}
assert (r['pkg_k1_m0']['d2d_modules'], r['pkg_k1_m0']['d2d_mbps']) == ('1', '100'), r['pkg_k1_m0']
assert abs(float(r['pkg_k1_m0']['d2d_share']) - 6.2 / float(r['pkg_k1_m0']['power_mw'])) < 1e-8
assert (r['mesh_interposer']['d2d_modules'], r['mesh_interposer']['d2d_mbps']) == ('2', '200'), r['mesh_interposer']
assert (r['split_k1']['d2d_modules'], r['split_k1']['d2d_mbps'], r['split_k1']['d2d_share']) == ('0', '0', '0'), r['split_k1']"
run "compare without --package" 0 "$NOCSYN" compare "$D/two.csv" --methods split --baselines mesh --no-ideal -q -o "$TMP/plain"
if head -1 "$TMP/plain/summary.csv" | grep -q d2d; then notok "summary.csv without a package has no D2D columns"; else ok "summary.csv without a package has no D2D columns"; fi

# --- 5. The TSV budget binds (tests/data/package/three.pkg's stack with
# budget=1 module per layer boundary, the hybrid-bond module 64 lanes x 4
# Gb/s = 32000 MB/s): one flow a (L0) -> b (L2) of 4000 MB/s.  At 32 bits
# and 1000 MHz a module carries at most 0.8 x min(32000, 4000) = 3200 MB/s:
# the flow fits no module, whatever the budget; at 64 bits 0.8 x 8000 =
# 6400: one module per boundary, within the budget.  So the budget of one
# module forces the wider link.  At 64 bits: 7 routers x 3 = 21 cycles
# (L0's switch, two adapters, L1's switch, two adapters, L2's switch), 8
# channels of 1 cycle (the 0.5 ns crossings take ceil(0.5) = 1), serialization
# ceil(128 / 64) - 1 = 1: 30 ns; D2D 4000 MB/s x 2 crossings x 8 x 0.05
# pJ/bit / 1000 = 3.2 mW + 2 x 0.5 mW leakage = 4.2 mW.
printf 'src,dst,bandwidth_mbps\na,b,4000\n' >"$TMP/v4.csv"
sed 's/^d2d = hybrid-bond$/d2d = hybrid-bond budget=1/' "$D/three.pkg" >"$TMP/b1.pkg"
run "TSV budget 1: exit 0 over the width grid" 0 "$NOCSYN" package "$TMP/v4.csv" "$TMP/b1.pkg" --kmax 1 --link-width 32,64 --extra-modules 2 -o "$TMP/b1"
csvrows "TSV budget 1: 32 bits infeasible (a module holds 3200), 64 bits chosen: 2 modules, 30 ns, 4.2 mW" "$TMP/b1/package.csv" "
pk = [r for r in rows if r['design'].startswith('pkg_')]
w32 = [r for r in pk if r['link_width'] == '32']
assert w32 and all(r['feasible'] == '0' and 'exceeds a hybrid-bond module' in r['reason'] for r in w32), w32
c = [r for r in rows if r['chosen'] == '1'][0]
assert c['design'] == 'pkg_k1_m0_f1000_w64' and c['d2d_modules'] == '2', c
assert float(c['latency_max_ns']) == 30 and abs(float(c['d2d_mw']) - 4.2) < 1e-9, c
# no room for more modules at 64 bits: the extra settings are the same
# point, left out
assert not [r for r in pk if r['link_width'] == '64' and r['extra'] != '0'], [r['design'] for r in pk]"
# Budget 3 and --extra-modules 2: the packed count (1 per boundary) and 1, 2
# more: 2, 4, 6 modules, D2D 3.2 + 0.5 x modules = 4.2, 5.2, 6.2 mW; the
# chosen point has the fewest (every module adds two adapters).
sed 's/^d2d = hybrid-bond$/d2d = hybrid-bond budget=3/' "$D/three.pkg" >"$TMP/b3.pkg"
run "TSV budget 3, --extra-modules 2" 0 "$NOCSYN" package "$TMP/v4.csv" "$TMP/b3.pkg" --kmax 1 --link-width 64 --extra-modules 2 -o "$TMP/b3"
csvrows "TSV budget 3: 2, 4, 6 modules at 4.2, 5.2, 6.2 mW of D2D; the fewest chosen" "$TMP/b3/package.csv" "
pk = [r for r in rows if r['design'].startswith('pkg_')]
got = [(r['design'], r['d2d_modules'], round(float(r['d2d_mw']), 9)) for r in pk]
assert got == [('pkg_k1_m0', '2', 4.2), ('pkg_k1_m1', '4', 5.2), ('pkg_k1_m2', '6', 6.2)], got
assert [r['design'] for r in rows if r['chosen'] == '1'] == ['pkg_k1_m0']"
bad "--extra-modules 65 is exit 2" "$NOCSYN" package "$TMP/v4.csv" "$TMP/b3.pkg" --extra-modules 65
