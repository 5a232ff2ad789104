#!/bin/sh
# CLI checks of the LP loads (--routing ideal|optimal) and the bisection
# (src/eval/lpload*.c, src/eval/bisection.c); closed forms are derived in
# tests/unit/test_lpload.c and tests/unit/test_bisection.c.
. "$(dirname "$0")/lib.sh"
T=$(printf '\t')

# 8x8 torus: ideal = optimal = k/8 = 1 (Dally & Towles sec. 3.3.1);
# bisection 2k = 16 links, proven.
run "lp torus optimal" 0 "$NOCSYN" eval gen:torus:k=8,n=2 --routing optimal
has "lp torus optimal: load k/8" "$TMP/out" "\"max_channel_load\":${T}1,"
has "lp torus optimal: throughput" "$TMP/out" "\"throughput\":${T}1,"
has "lp torus bisection 16" "$TMP/out" "\"links\":${T}16,"
has "lp torus bisection exact" "$TMP/out" "\"exact\":${T}true"

# 4-ary 2-fly: every inter-stage channel carries 1; bisection N/2 = 8.
run "lp butterfly ideal" 0 "$NOCSYN" eval gen:butterfly:k=4,n=2 --routing ideal
has "lp butterfly load 1" "$TMP/out" "\"max_channel_load\":${T}1,"
has "lp butterfly bisection 8" "$TMP/out" "\"links\":${T}8,"

# 16x16 mesh: beyond the integer program, a METIS bound of k = 16 links.
run "lp large bisection" 0 "$NOCSYN" eval gen:mesh:k=16,n=2
has "lp large bisection links" "$TMP/out" "\"links\":${T}16,"
has "lp large bisection not exact" "$TMP/out" "\"exact\":${T}false"

# Too large an LP: exit 1, one line, with the advice.
run "lp limit exit 1" 1 "$NOCSYN" eval gen:mesh:k=20,n=2 --routing ideal --no-bisection
if [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q '^nocsyn: .*use --routing ecmp' "$TMP/err"; then
    ok "lp limit message"
else
    notok "lp limit message" "$(cat "$TMP/err")"
fi
