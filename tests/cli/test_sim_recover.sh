#!/bin/sh
# Deadlock recovery by abort-and-retry (sim --recover T, issue #17).
# An 8-router ring under dor with one VC has a cyclic channel dependency
# graph (route.h: k >= 4 needs two dateline classes), and 4-flit packets in
# 2-flit buffers let a cycle of worms close: at offered 0.15 the run stops
# with "deadlock" (exit 1) without recovery.  With --recover 100 the blocked
# packets are removed and sent again; the run must finish (exit 0) with
# packets aborted and every flit accounted for:
#   created  = ejected + in flight + queued (source queues, retries)
#   injected = ejected + in flight + dropped (the aborted copies' flits)
# A packet delivered twice would make `ejected` too large, one lost too
# small.  At offered 0.05 the same ring also closes a cycle (on the +
# direction only, so flits keep moving the other way and the whole-network
# detector never fires); with recovery every measured packet is delivered:
# stable, aborted > 0, the same identities.
. "$(dirname "$0")/lib.sh"
set -- gen:ring:k=8 --routing dor --vcs 1 --packet 4 --buf 2 --cycles 20000 --warmup 1000
"$NOCSYN" sim "$@" --rate 0.15 >"$TMP/o" 2>"$TMP/err"; rc=$?
if [ $rc -eq 1 ] && grep -q 'deadlock' "$TMP/err"; then ok "ring, dor, 1 VC at 0.15 deadlocks without recovery"
else notok "deadlock without recovery" "exit $rc $(cat "$TMP/err")"; fi
for r in 0.15 0.05; do
    "$NOCSYN" sim "$@" --rate $r --recover 100 >"$TMP/r.json" 2>"$TMP/err"; rc=$?
    python3 - "$TMP/r.json" $rc $r <<'PY' && ok "recovery at $r: finishes, packets aborted, every flit accounted for once" || notok "recovery at $r" "$(cat "$TMP/err")"
import json, sys
if sys.argv[2] != '0':
    sys.exit(1)
p = json.load(open(sys.argv[1]))['points'][0]
print('#   ' + ' '.join('%s %s' % (k, p[k]) for k in ('stable', 'aborted', 'flits_created', 'flits_injected',
      'flits_ejected', 'flits_dropped', 'flits_inflight', 'flits_queued')))
ok = (p['aborted'] > 0 and p['flits_created'] == p['flits_ejected'] + p['flits_inflight'] + p['flits_queued']
      and p['flits_injected'] == p['flits_ejected'] + p['flits_inflight'] + p['flits_dropped']
      and p['flits_dropped'] >= 1)
if sys.argv[3] == '0.05':
    ok = ok and p['stable'] and p['packets'] > 0
sys.exit(0 if ok else 1)
PY
done
# Text output has an "aborted" column.
"$NOCSYN" sim "$@" --rate 0.05 --recover 100 --format text >"$TMP/t" 2>&1
has "text output: aborted column" "$TMP/t" "stable   aborted"
# A deadlock-free routing never aborts: dor on a 4x4 mesh at 0.3.
"$NOCSYN" sim gen:mesh:k=4,n=2 --routing dor --rate 0.3 --recover 500 --cycles 5000 >"$TMP/m.json" 2>"$TMP/err"
python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['points'][0]; sys.exit(0 if p['aborted'] == 0 and p['stable'] else 1)" "$TMP/m.json" \
    && ok "dor on a mesh below saturation: nothing aborted" || notok "no aborts on a deadlock-free mesh"
bad "--recover 0 refused" "$NOCSYN" sim "$@" --rate 0.1 --recover 0
bad "--recover >= --deadlock-cycles refused" "$NOCSYN" sim "$@" --rate 0.1 --recover 2000
bad "--recover with --flow drop refused" "$NOCSYN" sim gen:mesh:k=4,n=2 --flow drop --rate 0.1 --recover 100
# Results do not depend on the thread count (each load has its own
# generator; the back-off draws come from it): a sweep on 1 and 2 threads.
for th in 1 2; do
    "$NOCSYN" sim "$@" --sweep 0.02:0.2:0.04 --recover 100 --cycles 5000 --threads $th >"$TMP/th$th.json" 2>"$TMP/err"
done
if cmp -s "$TMP/th1.json" "$TMP/th2.json" && grep -q '"aborted":' "$TMP/th1.json"; then ok "recovery sweep identical on 1 and 2 threads"
else notok "thread determinism" "$(cat "$TMP/err")"; fi
