#!/bin/sh
# Duato's fully adaptive minimal routing (routing "duato", issue #17) in
# route and eval.  Hand-worked: 2x2 mesh, transpose traffic.  Terminals
# t0 (0,0), t1 (1,0), t2 (0,1), t3 (1,1); transpose swaps t1 and t2 (t0, t3
# send to themselves).  t1 -> t2 is one hop west and one north: dor takes
# W then N, all of it on r1->r0 and r0->r2 (max channel load 1 per unit
# rate); duato splits it equally over W-first and N-first, 0.5 on each of
# r1->r0, r0->r2, r1->r3, r3->r2, and t2 -> t1 likewise on the reverse
# channels: max channel load 0.5.
. "$(dirname "$0")/lib.sh"
for r in dor duato; do
    "$NOCSYN" eval gen:mesh:k=2,n=2 --routing $r --traffic transpose >"$TMP/$r.json" 2>"$TMP/err"
done
python3 - "$TMP/dor.json" "$TMP/duato.json" <<'PY' && ok "eval transpose 2x2: dor max load 1, duato 0.5 (equal split)" || notok "eval duato load"
import json, sys
a = json.load(open(sys.argv[1]))['max_channel_load']; b = json.load(open(sys.argv[2]))['max_channel_load']
print('#   dor %s duato %s' % (a, b))
sys.exit(0 if abs(a - 1) < 1e-9 and abs(b - 0.5) < 1e-9 else 1)
PY
# Paths: t0 -> t5 on a 4x4 mesh (r0 (0,0) to r5 (1,1)): both minimal paths.
"$NOCSYN" route gen:mesh:k=4,n=2 --routing duato --from t0 --to t5 >"$TMP/p" 2>"$TMP/err"
if [ "$(sort "$TMP/p" | tr '\n' ';')" = "r0 r1 r5;r0 r4 r5;" ]; then ok "duato paths t0 -> t5: r0 r1 r5 and r0 r4 r5"
else notok "duato paths" "$(cat "$TMP/p" "$TMP/err")"; fi
# Deadlock check = Duato's condition on the escape sub-network: the dor CDG of
# a 4x4 mesh.  By hand: 48 channels (24 x, 24 y).  An x channel into column
# 1 or 2 continues straight (2 per row and direction: 16 dependencies) and
# turns into the 1 (rows 0, 3) or 2 (rows 1, 2) y channels of its head
# router (6 per column and direction, 3 columns, 2 directions: 36); y
# channels only go straight (16).  16 + 36 + 16 = 68, as for dor.
"$NOCSYN" route gen:mesh:k=4,n=2 --deadlock --routing dor >"$TMP/dor" 2>&1
"$NOCSYN" route gen:mesh:k=4,n=2 --deadlock --routing duato --vcs 2 >"$TMP/d" 2>&1
if grep -q '^deadlock free: duato.*(48 nodes, 68 dependencies)' "$TMP/d" && [ "$(sed 's/.*acyclic//' "$TMP/d")" = "$(sed 's/.*acyclic//' "$TMP/dor")" ]; then
    ok "duato deadlock check: the escape sub-network (dor) is acyclic"
else notok "duato deadlock" "$(cat "$TMP/d" "$TMP/dor")"; fi
# With one VC there is no escape channel: fully adaptive minimal routing
# has the cycle of four packets turning W->N, N->E, E->S, S->W around a
# square (Dally & Towles sec. 14.3 -- why the escape VC is needed).
"$NOCSYN" route gen:mesh:k=4,n=2 --deadlock --routing duato >"$TMP/d1" 2>&1
has "duato with 1 VC: deadlock possible (cycle found)" "$TMP/d1" "^deadlock possible: duato with 1 VC; dependency cycle"
bad "duato on a torus refused" "$NOCSYN" route gen:torus:k=4,n=2 --routing duato --deadlock
