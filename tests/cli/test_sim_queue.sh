#!/bin/sh
# The simulator at intermediate load against queueing theory (issue: a
# simulator that agrees with BookSim2).  Three cores a, b, c each send 1-flit
# packets to d on one 4-port crossbar router; each injects Bernoulli(r) per
# cycle, so d's ejection channel sees A ~ Binomial(3, r) arrivals per cycle
# and serves one flit per cycle: a discrete-time queue with batch arrivals
# and deterministic unit service (Geo^X/D/1).  Its mean wait, in cycles, is
#   W = (E[A^2] - E[A]) / (2 E[A] (1 - E[A]))          (e.g. Bruneel & Kim,
# "Discrete-time models for communication systems", 1993, ch. 3), with
#   E[A] = 3r, E[A^2] - E[A] = Var A + E[A]^2 - E[A] = 6 r^2,
# so W = r / (1 - 3r): the M/D/1 wait rho / (2 (1 - rho)) times (N-1)/N for
# N = 3 sources.  The mean latency is the zero-load latency plus W; with
# --mm-per-cycle 100 every channel takes one cycle, so zero load is the
# 3-cycle router + the injection and the ejection channel = 5:
# r = 0.2 -> 5.5, r = 0.25 -> 6.0, r = 0.3 -> 8.0.  Tolerance: 0.1 cycle + 5% of W (200k cycles).
. "$(dirname "$0")/lib.sh"
printf 'src,dst,bandwidth_mbps\na,d,100\nb,d,100\nc,d,100\n' >"$TMP/hot.csv"
"$NOCSYN" gen crossbar n=4 -o "$TMP/xb.dot"
for r in 0.2 0.25 0.3; do
    "$NOCSYN" sim "$TMP/xb.dot" --traffic "app:$TMP/hot.csv" --map index --rate $r --packet 1 --mm-per-cycle 100 \
        --warmup 10000 --cycles 200000 --format json >"$TMP/s.json" 2>"$TMP/err"
    python3 - "$TMP/s.json" $r <<'PY' && ok "Geo^X/D/1 at r = $r: mean latency = 5 + r / (1 - 3r)" || notok "queue at r = $r" "$(cat "$TMP/err")"
import json, sys
d = json.load(open(sys.argv[1])); r = float(sys.argv[2]); p = d['points'][0]
w = r / (1 - 3 * r)
want = 5 + w
got = p['latency_avg']
print('#   r %g: simulated %.4f, theory %.4f (W %.4f), zero-load %s' % (r, got, want, w, d['zero_load_latency']))
sys.exit(0 if d['zero_load_latency'] == 5 and p['stable'] and abs(got - want) <= 0.1 + 0.05 * w else 1)
PY
done
