#!/bin/sh
# CLI tests of shared concentrator ports (issues #13, #17): gen cmesh
# share=1, radix, eval's port load bound, sim's one-flit-per-cycle port,
# the DOT round trip, and the writers that refuse the property.
. "$(dirname "$0")/lib.sh"

# gen: the property on every router, in the name and the DOT.
run "gen cmesh share=1" 0 "$NOCSYN" gen cmesh k=2 c=4 share=1 -o "$TMP/s.dot"
has "name says share=1" "$TMP/s.dot" '^digraph "cmesh:k=2,n=2,c=4,share=1"'
has "router r3 has shared_port=1" "$TMP/s.dot" '"r3" \[kind="router", x=1.5, y=1.5, shared_port=1,'
n=$(grep -c 'shared_port=1' "$TMP/s.dot")
if [ "$n" -eq 4 ]; then ok "shared_port on the 4 routers only"; else notok "shared_port count" "$n, wanted 4"; fi
run "gen cmesh private" 0 "$NOCSYN" gen cmesh k=2 c=4 -o "$TMP/p.dot"
if grep -q shared_port "$TMP/p.dot"; then notok "private cmesh has no shared_port"; else ok "private cmesh has no shared_port"; fi
run "share=0 is the private cmesh" 0 "$NOCSYN" gen cmesh k=2 c=4 share=0
same "share=0 output = no share" "$TMP/out" "$TMP/p.dot"
run "gen --help" 0 "$NOCSYN" gen --help
has "gen --help lists share for cmesh" "$TMP/out" '^  cmesh  *k \[n=2\] c \[share=0\]'
run "gen cmesh dims= share=1" 0 "$NOCSYN" gen cmesh dims=3x2 c=2 share=1
has "dims form keeps share=1 in the name" "$TMP/out" '^digraph "cmesh:dims=3x2,c=2,share=1"'
bad "share=2 refused" "$NOCSYN" gen cmesh k=2 c=4 share=2
bad "share on a mesh refused" "$NOCSYN" gen mesh k=2 share=1
run "json marks shared routers" 0 "$NOCSYN" gen cmesh k=2 c=4 share=1 --format json
json "json shared_port on routers, not terminals" "$TMP/out" \
    'n=d["nodes"]; assert [x.get("shared_port") for x in n[:4]] == [True]*4; assert all("shared_port" not in x for x in n[4:])'

# Radix (2x2 mesh: 2 mesh neighbours per router): shared 2 + 1 = 3,
# private 2 + 4 = 6.
run "eval shared" 0 "$NOCSYN" eval "$TMP/s.dot"
cp "$TMP/out" "$TMP/s.json"
json "shared radix 3" "$TMP/s.json" 'r=d["radix"]; assert (r["min"], r["max"], r["avg"]) == (3, 3, 3), r'
run "eval private" 0 "$NOCSYN" eval "$TMP/p.dot"
cp "$TMP/out" "$TMP/p.json"
json "private radix 6" "$TMP/p.json" 'r=d["radix"]; assert (r["min"], r["max"]) == (6, 6), r'

# Uniform, ecmp, 2x2 cmesh c=4 (N = 16, 1/16 per pair, self included):
# channel r0->r1 carries r0->r1 (4*4/16 = 1), half of r0->r3 (0.5) and half
# of r2->r1 (0.5) = 2 either way.  The shared port of a router carries its 4
# terminals' injection 4 * 1 = 4 (self traffic passes the port: injected
# and ejected) and ejection 4 * (16 * 1/16) = 4.  Throughput = 1/max(2, 4)
# = 0.25 shared, 1/2 private (no max_port_load key).
json "shared: channel load 2, port load 4, throughput 1/4" "$TMP/s.json" \
    'assert d["max_channel_load"] == 2 and d["max_port_load"] == 4 and d["throughput"] == 0.25, d'
json "private: throughput 1/2, no port load" "$TMP/p.json" \
    'assert d["max_channel_load"] == 2 and d["throughput"] == 0.5 and "max_port_load" not in d, d'
for r in ideal optimal dor; do
    run "eval shared --routing $r" 0 "$NOCSYN" eval "$TMP/s.dot" --routing $r --no-bisection
    json "$r: port load 4, throughput 1/4" "$TMP/out" 'assert d["max_port_load"] == 4 and d["throughput"] == 0.25, d'
done
# hotspot:0.5:0 -- every terminal sends 1/2 to t0 and 1/2 uniformly (1/32
# per terminal).  r0's ejection port: t0 gets 16 * (0.5 + 1/32) = 8.5, t1..t3
# 16/32 = 0.5 each: 8.5 + 1.5 = 10 (> its injection 4, > any one channel);
# throughput 1/10.
run "eval hotspot" 0 "$NOCSYN" eval "$TMP/s.dot" --traffic hotspot:0.5:0 --no-bisection
json "hotspot: ejection port load 10, throughput 0.1" "$TMP/out" \
    'assert d["max_port_load"] == 10 and abs(d["throughput"] - 0.1) < 1e-12, d'
# Channels bound when they are heavier: 8x8 cmesh c=1 share=1, dor,
# uniform: the middle X channel of a row carries 4 sources * 1/2 = 2 = k/4
# (Dally & Towles 3.3.1), the port 1; throughput 1/2.
run "eval 8x8 c=1 shared dor" 0 "$NOCSYN" eval gen:cmesh:k=8,c=1,share=1 --routing dor --no-bisection
json "channel load 2 bounds, port load 1" "$TMP/out" \
    'assert d["max_channel_load"] == 2 and d["max_port_load"] == 1 and d["throughput"] == 0.5, d'
# App traffic, 2x2 cmesh c=2 (t0 t1 on r0, t2 t3 on r1), flows t0->t2 and
# t1->t0 at 100 MB/s each (unit 100 MB/s), capacity 400 MB/s: every channel
# carries at most 100 (0.25); r0's shared injection port carries t0's and
# t1's 200 (load 2, utilisation 0.5; ejection 100).  Private: 0.25.
printf 'src,dst,bandwidth_mbps\nt0,t2,100\nt1,t0,100\n' >"$TMP/app.csv"
run "eval app shared" 0 "$NOCSYN" eval gen:cmesh:k=2,c=2,share=1 --traffic "app:$TMP/app.csv" --capacity 400 --no-bisection
json "app: port load 2, utilisation 0.5, throughput 0.5" "$TMP/out" \
    'assert (d["max_channel_load"], d["max_port_load"], d["throughput"], d["max_utilization"]) == (1, 2, 0.5, 0.5), d'
run "eval app private" 0 "$NOCSYN" eval gen:cmesh:k=2,c=2 --traffic "app:$TMP/app.csv" --capacity 400 --no-bisection
json "app private: utilisation 0.25, throughput 1" "$TMP/out" \
    'assert (d["max_utilization"], d["throughput"]) == (0.25, 1) and "max_port_load" not in d, d'
run "text report" 0 "$NOCSYN" eval "$TMP/s.dot" --format text --no-bisection
has "text: max port load line" "$TMP/out" '^max port load     4  (shared concentrator ports)'
has "text: throughput 0.25" "$TMP/out" '(throughput 0.25 of injection)'
run "text report private" 0 "$NOCSYN" eval "$TMP/p.dot" --format text --no-bisection
if grep -q 'max port load' "$TMP/out"; then notok "private text has no port line"; else ok "private text has no port line"; fi

# DOT round trip: convert keeps shared_port, eval gives the same numbers.
run "convert dot -> dot" 0 "$NOCSYN" convert "$TMP/s.dot" -o "$TMP/s2.dot"
same "round trip byte for byte" "$TMP/s2.dot" "$TMP/s.dot"
run "eval the round trip" 0 "$NOCSYN" eval "$TMP/s2.dot"
same "same eval after the round trip" "$TMP/out" "$TMP/s.json"
# Hand-written DOT: shared_port on a terminal or not 0/1 is refused.
printf 'digraph { r0 [shared_port=1]; r1; t0 [kind=terminal, shared_port=1]; t0 -> r0 [dir=both]; r0 -> r1 [dir=both]; t1 [kind=terminal]; t1 -> r1 [dir=both]; }\n' >"$TMP/bt.dot"
bad "shared_port on a terminal refused" "$NOCSYN" eval "$TMP/bt.dot"
printf 'digraph { r0 [shared_port=0.5]; r1; t0 [kind=terminal]; t0 -> r0 [dir=both]; r0 -> r1 [dir=both]; t1 [kind=terminal]; t1 -> r1 [dir=both]; }\n' >"$TMP/bh.dot"
bad "shared_port=0.5 refused" "$NOCSYN" eval "$TMP/bh.dot"

# Writers that cannot express it: one line, exit 2, nothing written.
bad "anynet refuses a shared port" "$NOCSYN" gen cmesh k=2 c=4 share=1 -o "$TMP/s.anynet"
absent "no anynet written" "$TMP/s.anynet"
bad "convert to anynet refuses" "$NOCSYN" convert "$TMP/s.dot" -o "$TMP/c.anynet"
absent "no converted anynet" "$TMP/c.anynet"
bad "rtl refuses a shared port" "$NOCSYN" rtl "$TMP/s.dot" -o "$TMP/rtl"
absent "no rtl directory" "$TMP/rtl"
bad "sim drop refuses a shared port" "$NOCSYN" sim "$TMP/s.dot" --flow drop --rate 0.1
bad "sim deflect refuses a shared port" "$NOCSYN" sim "$TMP/s.dot" --flow deflect --rate 0.1

# sim: the port passes one flit per cycle each way, so 4 terminals saturate
# at no more than 1/4 each (eval's bound above); the private cmesh is
# limited by its channels (1/2 by eval) and accepts more.  At 0.05 the
# latency stays within 10% of the private one (the concentrator adds no
# cycle) and every measured packet arrives (stable).
run "sim shared 0.45" 0 "$NOCSYN" sim "$TMP/s.dot" --rate 0.45
json "shared saturates <= 0.25 + 1%" "$TMP/out" 'a=d["points"][0]["accepted"]; assert 0.2 < a <= 0.2525, a'
cp "$TMP/out" "$TMP/sim_s.json"
run "sim private 0.45" 0 "$NOCSYN" sim "$TMP/p.dot" --rate 0.45
json "private accepts more (> 0.3)" "$TMP/out" 'a=d["points"][0]["accepted"]; assert a > 0.3, a'
run "sim shared 0.45 vct, 4-flit packets" 0 "$NOCSYN" sim "$TMP/s.dot" --rate 0.45 --flow vct --packet 4
json "vct shared saturates <= 0.2525" "$TMP/out" 'a=d["points"][0]["accepted"]; assert a <= 0.2525, a'
run "sim shared 0.05" 0 "$NOCSYN" sim "$TMP/s.dot" --rate 0.05
cp "$TMP/out" "$TMP/lo_s.json"
run "sim private 0.05" 0 "$NOCSYN" sim "$TMP/p.dot" --rate 0.05
python3 - "$TMP/lo_s.json" "$TMP/out" >"$TMP/py" 2>&1 <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))["points"][0]
p = json.load(open(sys.argv[2]))["points"][0]
assert s["stable"] and p["stable"], (s, p)
assert abs(s["accepted"] - 0.05) < 0.005, s
assert s["latency_avg"] <= 1.1 * p["latency_avg"], (s, p)
PYEOF
if [ $? -eq 0 ]; then ok "low load: stable, accepted 0.05, latency within 10% of private"
else notok "low load" "$(tail -2 "$TMP/py")"; fi
# The ejection side alone: flows t4->t0 (r1), t8->t1 (r2), t12->t2 and
# t13->t3 (r3), one per terminal of r0, each at the busiest core's rate.
# r0's shared ejection port delivers at most 1 flit/cycle to the 4 of them:
# <= 1/4 per flow on average (eval: port load 4, throughput 1/4).  The
# channel r2 -> r0 carries 3 flows (dor, X first: t12's and t13's go
# r3 -> r2 -> r0, t8's starts at r2): channel load 3.  Private ports: that
# channel gives 3 flows 1/3 each and t4's flow runs at the offered 0.45,
# mean >= (0.45 + 1) / 4 = 0.3625 (accepted is the mean over sources).
printf 'src,dst,bandwidth_mbps\nt4,t0,100\nt8,t1,100\nt12,t2,100\nt13,t3,100\n' >"$TMP/ej.csv"
run "eval ejection-bound app" 0 "$NOCSYN" eval "$TMP/s.dot" --traffic "app:$TMP/ej.csv" --routing dor --no-bisection
json "ejection: channel load 3, port load 4, throughput 1/4" "$TMP/out" \
    'assert (d["max_channel_load"], d["max_port_load"], d["throughput"]) == (3, 4, 0.25), d'
run "sim ejection-bound shared 0.45" 0 "$NOCSYN" sim "$TMP/s.dot" --traffic "app:$TMP/ej.csv" --rate 0.45
json "ejection port: accepted <= 0.25 + 1%" "$TMP/out" 'a=d["points"][0]["accepted"]; assert 0.2 < a <= 0.2525, a'
run "sim ejection-bound private 0.45" 0 "$NOCSYN" sim "$TMP/p.dot" --traffic "app:$TMP/ej.csv" --rate 0.45
json "private ports: accepted >= 0.3625 - 1%" "$TMP/out" 'a=d["points"][0]["accepted"]; assert a >= 0.3625 * 0.99, a'
# One terminal per shared router is a private port: same simulation.
run "sim c=1 share=1" 0 "$NOCSYN" sim gen:cmesh:k=3,c=1,share=1 --rate 0.2
sed 's/,share=1//' "$TMP/out" >"$TMP/c1s.json"
run "sim c=1" 0 "$NOCSYN" sim gen:cmesh:k=3,c=1 --rate 0.2
same "c=1: shared = private" "$TMP/c1s.json" "$TMP/out"

# compare: the cmesh baseline is the shared-port cmesh, cmesh-private the
# old one.  VOPD's 12 cores: ceil(12/4) = 3 routers -> a 2x2 grid, each
# router 2 mesh neighbours: radix 2 + 1 = 3 shared, 2 + 4 = 6 private.
run "compare cmesh and cmesh-private" 0 "$NOCSYN" compare "$APPS/vopd.csv" --methods split \
    --baselines cmesh,cmesh-private --no-ideal -q -o "$TMP/cmp"
csvrows "compare: cmesh shared radix 3, cmesh-private radix 6" "$TMP/cmp/summary.csv" \
    "v={r['design']: (r['radix_max'], r['spec']) for r in rows}; assert v['cmesh']==('3','cmesh:dims=2x2,c=4,share=1,pitch=1') and v['cmesh-private']==('6','cmesh:dims=2x2,c=4,pitch=1'), v"
has "compare: cmesh.dot keeps shared_port" "$TMP/cmp/cmesh.dot" 'shared_port=1'
absent "compare: no cmesh.anynet (refused, noted)" "$TMP/cmp/cmesh.anynet"
