#!/bin/sh
# Bufferless deflection routing (sim --flow deflect; BLESS, Moscibroda &
# Mutlu 2009), issue #17.  Expected values worked by hand.
. "$(dirname "$0")/lib.sh"

# 1. One flow t0 (0,0) -> t15 (3,3) on a 4x4 mesh, 1-cycle channels, at
# 0.3 flits/cycle: the flits of one source leave it at least a cycle apart
# and follow the same productive choices (lowest channel id: east first),
# so two never meet at a router and none is deflected: every packet's
# latency is the minimal path's 8 channels x 1 + 7 routers x 3 = 29, over
# 6 router hops.
printf 'src,dst,bandwidth_mbps\nt0,t15,10\n' >"$TMP/one.csv"
"$NOCSYN" sim gen:mesh:k=4,n=2 --flow deflect --traffic "app:$TMP/one.csv" --map name --rate 0.3 \
    --mm-per-cycle 100 --cycles 5000 >"$TMP/a.json" 2>"$TMP/err"
python3 - "$TMP/a.json" <<'PY' && ok "one flow: latency 29 = minimal path, 6 hops, no deflection" || notok "one flow" "$(cat "$TMP/err")"
import json, sys
p = json.load(open(sys.argv[1]))['points'][0]
print('#   latency %s p99 %s hops %s deflections %s' % (p['latency_avg'], p['latency_p99'], p['hops_avg'], p['deflections']))
sys.exit(0 if p['latency_avg'] == 29 and p['latency_p99'] == 29 and p['hops_avg'] == 6
         and p['deflections'] == 0 and p['nonminimal'] == 0 else 1)
PY

# 2. Uniform traffic at low load (0.02) on the 4x4 mesh: the mean router
# hop count is 2 E|x - y| = 2 x (2 x (1x3 + 2x2 + 3x1) / 16) = 2.5 (self
# traffic included), so the zero-load latency is (2.5 + 2) channels + 3.5
# routers x 3 = 15 cycles.  Deflections are rare: the mean latency within 3%
# of 15, the mean hops within 0.1 of 2.5.
"$NOCSYN" sim gen:mesh:k=4,n=2 --flow deflect --rate 0.02 --mm-per-cycle 100 --cycles 20000 >"$TMP/b.json" 2>"$TMP/err"
python3 - "$TMP/b.json" <<'PY' && ok "uniform at 0.02: latency ~ zero-load 15, hops ~ 2.5" || notok "low load" "$(cat "$TMP/err")"
import json, sys
d = json.load(open(sys.argv[1])); p = d['points'][0]
print('#   latency %s zero-load %s hops %s' % (p['latency_avg'], d['zero_load_latency'], p['hops_avg']))
sys.exit(0 if d['zero_load_latency'] == 15 and abs(p['latency_avg'] - 15) <= 0.45 and abs(p['hops_avg'] - 2.5) <= 0.1 else 1)
PY

# 3. Every flit delivered exactly once, and none lost, under contention
# (mesh and torus, uniform 0.3 and 0.45): created = ejected + in flight +
# queued, injected = ejected + in flight, nothing dropped; flits are
# deflected (nonminimal packets exist) and every measured packet arrives
# (stable: no livelock -- the oldest flit always advances).
for topo in gen:mesh:k=4,n=2 gen:torus:k=4,n=2; do
    for r in 0.3 0.45; do
        "$NOCSYN" sim $topo --flow deflect --rate $r --cycles 10000 >"$TMP/c.json" 2>"$TMP/err"
        python3 - "$TMP/c.json" <<'PY' && ok "$topo at $r: every flit delivered once, deflections, stable" || notok "$topo at $r" "$(cat "$TMP/err")"
import json, sys
p = json.load(open(sys.argv[1]))['points'][0]
print('#   ' + ' '.join('%s %s' % (k, p[k]) for k in ('accepted', 'stable', 'deflections', 'nonminimal',
      'flits_created', 'flits_injected', 'flits_ejected', 'flits_inflight', 'flits_queued', 'flits_dropped')))
ok = (p['flits_created'] == p['flits_ejected'] + p['flits_inflight'] + p['flits_queued']
      and p['flits_injected'] == p['flits_ejected'] + p['flits_inflight'] and p['flits_dropped'] == 0
      and p['deflections'] > 0 and p['nonminimal'] > 0 and p['stable'])
sys.exit(0 if ok else 1)
PY
    done
done
"$NOCSYN" sim gen:mesh:k=4,n=2 --flow deflect --rate 0.4 --format text >"$TMP/t" 2>&1
has "text output: deflections column" "$TMP/t" "nonminimal deflections"
bad "deflect with 4-flit packets refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --flow deflect --packet 4 --rate 0.1
bad "deflect on a butterfly (no outputs at the last stage) refused" "$NOCSYN" sim gen:butterfly:k=4,n=2 --flow deflect --rate 0.1
bad "deflect with --recover refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --flow deflect --recover 100 --rate 0.1
