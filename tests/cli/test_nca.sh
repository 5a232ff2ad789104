#!/bin/sh
# nca routing of indirect networks (issue: compare tells the truth): Clos
# and fat trees run with up*-down* from every top switch and
# destination-mod-k, as users run them, instead of up*-down* through one root.
. "$(dirname "$0")/lib.sh"
load() { "$NOCSYN" eval "gen:$1" --routing "$2" --format json 2>"$TMP/err" |
         python3 -c "import json,sys; print(json.load(sys.stdin)['max_channel_load'])"; }
df() { "$NOCSYN" eval "gen:$1" --routing "$2" --format json | python3 -c "import json,sys; print(json.load(sys.stdin)['deadlock_free'])"; }

# Clos(n, n, n) under uniform traffic: ECMP splits each ingress switch's
# traffic evenly over the n middle switches, 1 per channel by symmetry (n
# terminals x 1/n of their traffic per middle), the optimum; nca gives each
# ingress switch's traffic to one egress switch its own middle switch
# ((egress rank + ingress rank) mod n), which is the same 1 per channel.
for n in 4 5 8; do
    a=$(load "clos:m=$n,n=$n,r=$n" nca); b=$(load "clos:m=$n,n=$n,r=$n" ecmp)
    python3 -c "import sys; sys.exit(0 if abs($a - $b) < 1e-9 and abs($a - 1) < 1e-9 else 1)" \
        && ok "Clos($n,$n,$n): nca load $a = ECMP's = 1" || notok "Clos($n,$n,$n) nca" "$a vs ECMP $b"
    u=$(load "clos:m=$n,n=$n,r=$n" updown)
    python3 -c "import sys; sys.exit(0 if $u >= $n * 0.999 else 1)" \
        && ok "Clos($n,$n,$n): updown through one middle switch carries $u (n = $n)" || notok "Clos updown" "$u"
done

# Fat trees: nca spreads over every top switch, so its load is at least
# halved against updown's one root, never below the ideal (LP) load, and
# deadlock free with one VC.
for g in fattree:k=2,n=3 fattree:k=2,n=4 fattree:k=4,n=3; do
    a=$(load "$g" nca); u=$(load "$g" updown); i=$(load "$g" ideal)
    python3 -c "import sys; sys.exit(0 if $i - 1e-9 <= $a <= $u / 2 + 1e-9 else 1)" \
        && ok "$g: ideal $i <= nca $a <= updown $u / 2" || notok "$g nca" "nca $a updown $u ideal $i"
    [ "$(df "$g" nca)" = True ] && ok "$g: nca deadlock free" || notok "$g: nca deadlock free"
done
[ "$(df clos:m=4,n=4,r=4 nca)" = True ] && ok "Clos: nca deadlock free" || notok "Clos: nca deadlock free"

# A one-way link: r1 cannot reach r0, so nca refuses the network.
cat >"$TMP/oneway.dot" <<'DOT'
digraph oneway {
  r0 [kind="router"]; r1 [kind="router"]; t0 [kind="terminal"]; t1 [kind="terminal"];
  t0 -> r0 [dir=both]; t1 -> r1 [dir=both]; r0 -> r1;
}
DOT
"$NOCSYN" eval "$TMP/oneway.dot" --routing nca >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -ne 0 ] && grep -q 'nca routing: no up\*-down\* path from r1 to r0' "$TMP/err" \
    && ok "nca refuses a network where r1 cannot reach r0" || notok "nca one-way" "rc $rc: $(cat "$TMP/err")"

# compare runs the Clos and fat-tree baselines under nca.
run "compare with Clos and fat tree" 0 "$NOCSYN" compare "$APPS/vopd.csv" --methods split --baselines clos,fattree --no-ideal -q -o "$TMP/c"
csvrows "compare: clos and fattree rows routed by nca" "$TMP/c/summary.csv" \
    "r={x['design']: x['routing'] for x in rows}; assert r['clos']=='nca' and r['fattree']=='nca', r"
