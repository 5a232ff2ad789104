#!/bin/sh
# Per-hop adaptive routing in sim (issue #17): --adaptive with westfirst and
# oddeven, and duato (fully adaptive, dor escape VC).  Every expected value is
# worked by hand in the comments.
. "$(dirname "$0")/lib.sh"

# 1. Zero load, one flow t0 (0,0) -> t15 (3,3) on a 4x4 mesh, 1-cycle
# channels: every packet takes a minimal path of 6 router hops, so its
# latency is (inj + 6 + ej = 8 channels) x 1 + 7 routers x 3 = 29 cycles
# (sim.h's zero-load formula), the same for every packet (p99 = 29).
printf 'src,dst,bandwidth_mbps\nt0,t15,10\n' >"$TMP/one.csv"
for r in westfirst oddeven duato; do
    "$NOCSYN" sim gen:mesh:k=4,n=2 --routing $r --adaptive --traffic "app:$TMP/one.csv" --map name \
        --rate 0.05 --mm-per-cycle 100 --cycles 5000 >"$TMP/z.json" 2>"$TMP/err"
    python3 - "$TMP/z.json" <<'PY' && ok "$r adaptive, zero load t0 -> t15: latency 29 = 8 channels + 7 x 3, 6 hops" || notok "$r zero load" "$(cat "$TMP/err")"
import json, sys
p = json.load(open(sys.argv[1]))['points'][0]
print('#   latency %s p99 %s hops %s nonminimal %s' % (p['latency_avg'], p['latency_p99'], p['hops_avg'], p['nonminimal']))
sys.exit(0 if p['latency_avg'] == 29 and p['latency_p99'] == 29 and p['hops_avg'] == 6 and p['nonminimal'] == 0 else 1)
PY
done

# 2. The choice forced by congestion.  cmesh 2x2, 2 terminals per router:
# t0, t1 on r0 (0,0), t2 on r1 (1,0), t6 on r3 (1,1).  Flow A t0 -> t2
# (0.9 flits/cycle) can only go east on r0->r1; flow B t1 -> t6 (0.5) may go
# east (r0 r1 r3) or north (r0 r2 r3).  Source-routed west-first splits B
# 50/50: r0->r1 must carry 0.9 + 0.25 = 1.15 > 1 flit/cycle -- unstable.
# Adaptive: at r0 B sees r0->r1's credits used by A and goes north: r0->r2
# and r2->r3 carry B's 0.5, r1->r3 (B's east path) almost nothing, r0->r1
# A's 0.9; stable.  Mean hops (0.9 x 1 + 0.5 x 2) / 1.4 = 1.357.
"$NOCSYN" gen cmesh k=2 c=2 -o "$TMP/cm.dot"
printf 'src,dst,bandwidth_mbps\nt0,t2,90\nt1,t6,50\n' >"$TMP/two.csv"
for a in src --adaptive; do
    [ $a = src ] && a=
    "$NOCSYN" sim "$TMP/cm.dot" --routing westfirst $a --traffic "app:$TMP/two.csv" --map name --rate 0.9 \
        --channels --mm-per-cycle 100 --cycles 20000 >"$TMP/c${a}.json" 2>"$TMP/err"
done
python3 - "$TMP/c.json" "$TMP/c--adaptive.json" <<'PY' && ok "forced by congestion: adaptive B avoids A's link (source-routed split overloads it)" || notok "forced choice"
import json, sys
def get(f):
    p = json.load(open(f))['points'][0]
    u = {(c['from'], c['to']): c['utilization'] for c in p['channels']}
    return p, u
ps, us = get(sys.argv[1]); pa, ua = get(sys.argv[2])
print('#   source-routed stable %s r0->r1 %.3f; adaptive stable %s r0->r1 %.3f r0->r2 %.3f r1->r3 %.3f hops %s'
      % (ps['stable'], us[('r0', 'r1')], pa['stable'], ua[('r0', 'r1')], ua[('r0', 'r2')], ua[('r1', 'r3')], pa['hops_avg']))
good = (not ps['stable'] and us[('r0', 'r1')] > 0.97 and pa['stable'] and ua[('r0', 'r2')] >= 0.45
        and ua[('r2', 'r3')] >= 0.45 and ua[('r1', 'r3')] <= 0.05 and abs(ua[('r0', 'r1')] - 0.9) <= 0.05
        and abs(pa['hops_avg'] - 1.3571) <= 0.03 and pa['nonminimal'] == 0)
sys.exit(0 if good else 1)
PY

# 3. Transpose on an 8x8 mesh.  Mean hop count: (x, y) -> (y, x) travels
# 2 |x - y|; over the 64 terminals E|x - y| = 2 sum_{d=1..7} d (8 - d) / 64
# = 168 / 64, so the mean is 5.25 (self traffic on the diagonal included).
# Adaptive routing spreads the transpose hot spots that dimension order
# concentrates (the direction Chiu 2000 and Dally & Towles ch. 14 report for
# adaptive routing under transpose): odd-even and
# duato must saturate at least 25% above dor.  West-first routes every
# packet whose destination is to the west deterministically (half of the
# transpose pairs), so it is no worse than dor but not asserted better.
for r in dor westfirst oddeven duato; do
    a=; [ $r = westfirst ] || [ $r = oddeven ] && a=--adaptive
    "$NOCSYN" sim gen:mesh:k=8,n=2 --routing $r $a --traffic transpose --sweep 0.05:0.5:0.05 --cycles 10000 \
        --threads 2 >"$TMP/t_$r.json" 2>"$TMP/err" || notok "transpose $r ran" "$(cat "$TMP/err")"
done
python3 - "$TMP" <<'PY' && ok "transpose 8x8: oddeven, duato saturate >= 1.25 x dor; westfirst >= 0.95 x dor; minimal paths, 5.25 hops" || notok "transpose saturation"
import json, sys
t = sys.argv[1]
d = {r: json.load(open('%s/t_%s.json' % (t, r))) for r in ('dor', 'westfirst', 'oddeven', 'duato')}
s = {r: d[r]['saturation'] for r in d}
print('#   saturation %s' % s)
ok = s['oddeven'] >= 1.25 * s['dor'] and s['duato'] >= 1.25 * s['dor'] and s['westfirst'] >= 0.95 * s['dor']
for r in ('westfirst', 'oddeven', 'duato'):
    for p in d[r]['points']:
        ok = ok and p['nonminimal'] == 0
    h = d[r]['points'][0]['hops_avg']
    print('#   %s hops at 0.05: %s' % (r, h))
    ok = ok and abs(h - 5.25) <= 0.1
sys.exit(0 if ok else 1)
PY

# 3b. Duato's escape VC under saturation: 8x8 mesh, 2 VCs, 8-flit packets
# in 2-flit buffers, offered 0.9 (far past saturation) for 61000 cycles.
# Control: ecmp -- minimal paths as free as duato's adaptive VCs, but no
# escape channel -- deadlocks (exit 1, "deadlock") with the same settings;
# duato must run to the end (exit 0) with every path minimal.
set -- --vcs 2 --packet 8 --buf 2 --rate 0.9 --cycles 30000 --warmup 1000 --batch 30000
"$NOCSYN" sim gen:mesh:k=8,n=2 --routing ecmp "$@" >"$TMP/e.json" 2>"$TMP/err"; erc=$?
if [ $erc -eq 1 ] && grep -q deadlock "$TMP/err"; then ok "control: ecmp with 2 VCs deadlocks at saturation"
else notok "ecmp control" "exit $erc $(cat "$TMP/err")"; fi
"$NOCSYN" sim gen:mesh:k=8,n=2 --routing duato "$@" >"$TMP/d.json" 2>"$TMP/err"; drc=$?
python3 - "$TMP/d.json" $drc <<'PY2' && ok "duato: no deadlock at saturation for 61000 cycles, minimal paths" || notok "duato saturation" "$(cat "$TMP/err")"
import json, sys
if sys.argv[2] != '0':
    sys.exit(1)
p = json.load(open(sys.argv[1]))['points'][0]
print('#   cycles_run %s accepted %s nonminimal %s' % (p['cycles_run'], p['accepted'], p['nonminimal']))
sys.exit(0 if p['cycles_run'] == 61000 and p['nonminimal'] == 0 and p['accepted'] > 0.05 else 1)
PY2
# The turn models with --adaptive and ONE VC under the same saturation
# (ecmp with 2 VCs deadlocked above): deadlock free by the turn model.
for r in westfirst oddeven; do
    "$NOCSYN" sim gen:mesh:k=8,n=2 --routing $r --adaptive "$@" --vcs 1 >"$TMP/w.json" 2>"$TMP/err"; wrc=$?
    if [ $wrc -eq 0 ] && grep -q '"cycles_run":.61000,' "$TMP/w.json" && grep -q '"nonminimal":.0$' "$TMP/w.json"; then
        ok "$r --adaptive, 1 VC: no deadlock at saturation for 61000 cycles"
    else notok "$r 1 VC saturation" "exit $wrc $(cat "$TMP/err")"; fi
done
set --

# 3c. Zero-load latency without enumerating paths (a 16x16 mesh has far
# more than the 16384 minimal paths a path table may hold): uniform, mean
# router hops 2 (k^2 - 1) / (3k) = 2 x 255 / 48 = 10.625, so (10.625 + 2)
# channels + 11.625 routers x 3 = 47.5 cycles.
"$NOCSYN" sim gen:mesh:k=16,n=2 --routing duato --rate 0.01 --warmup 0 --cycles 100 >"$TMP/z16.json" 2>"$TMP/err"
if grep -q '"zero_load_latency":.47.5,' "$TMP/z16.json"; then ok "duato 16x16: zero-load latency 47.5 (no path table)"
else notok "duato 16x16 zero load" "$(cat "$TMP/err"; grep zero "$TMP/z16.json")"; fi

# 4. Bad input: one line, exit 2.
bad "--adaptive with dor refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --routing dor --adaptive --rate 0.1
bad "duato with one VC refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --routing duato --vcs 1 --rate 0.1
bad "duato on a torus refused" "$NOCSYN" sim gen:torus:k=4,n=2 --routing duato --rate 0.1
bad "--adaptive with --flow drop refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --routing westfirst --adaptive --flow drop --rate 0.1
