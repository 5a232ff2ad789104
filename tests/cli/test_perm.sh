#!/bin/sh
# CLI tests of `nocsyn perm` (docs/INTERFACE.md section 3.6).  Expected files under
# tests/data/perm were worked by hand (bit rotations / reversals written in
# binary; see tests/unit/test_perm.c for the derivations).
. "$(dirname "$0")/lib.sh"
D="$DATA/perm"

# shuffle on N = 8 rotates 3 bits left: 1 -> 2, 3 -> 6, 4 -> 1, 5 -> 3, 6 -> 5.
run "shuffle table" 0 "$NOCSYN" perm shuffle --N 8
same "shuffle N=8" "$TMP/out" "$D/shuffle8.txt"
run "shuffle cycles" 0 "$NOCSYN" perm shuffle --N 8 --cycles
same "shuffle N=8 cycles (fixed points written)" "$TMP/out" "$D/shuffle8.cycles"
run "bitrev json" 0 "$NOCSYN" perm bitrev --N 16 --format json
same "bitrev N=16 json" "$TMP/out" "$D/bitrev16.json"

# f(X) per X; --inverse answers which input reaches X (unshuffle of 6 is 3).
run "f(X)" 0 "$NOCSYN" perm shuffle --N 8 3 5
printf '6\n3\n' > "$TMP/want"
same "shuffle(3) = 6, shuffle(5) = 3" "$TMP/out" "$TMP/want"
run "inverse" 0 "$NOCSYN" perm shuffle --N 8 6 --inverse
printf '3\n' > "$TMP/want"
same "shuffle^-1(6) = 3" "$TMP/out" "$TMP/want"
run "inverse cycles" 0 "$NOCSYN" perm shuffle --N 8 --inverse --cycles
printf '(0)(1 4 2)(3 5 6)(7)\n' > "$TMP/want"
same "inverse cycles run backwards" "$TMP/out" "$TMP/want"
run "f(X) json" 0 "$NOCSYN" perm cube:1 --N 8 0 7 --format json
has "json inputs/outputs" "$TMP/out" '"inputs": \[0, 7\], "outputs": \[2, 5\]'
# composition left to right: cube:0 then shuffle sends 4 -> 5 -> 3.
run "composition" 0 "$NOCSYN" perm cube:0,shuffle --N 8 4
printf '3\n' > "$TMP/want"
same "cube:0,shuffle(4) = 3" "$TMP/out" "$TMP/want"
# shift:-1 on N = 4 is one 4-cycle 0 -> 3 -> 2 -> 1 -> 0.
run "negative shift" 0 "$NOCSYN" perm shift:-1 --N 4 --cycles
printf '(0 3 2 1)\n' > "$TMP/want"
same "shift:-1 cycles" "$TMP/out" "$TMP/want"
# large N: f(X) without a table (bitrev of 1 on 2^30 is 2^29).
run "N = 2^30" 0 "$NOCSYN" perm bitrev --N 1073741824 1
printf '536870912\n' > "$TMP/want"
same "bitrev on 2^30" "$TMP/out" "$TMP/want"
run "help" 0 "$NOCSYN" perm --help
has "help lists butterfly-super" "$TMP/out" 'butterfly-super:K'

bad "unknown function" "$NOCSYN" perm nope --N 8
bad "N not a power of two" "$NOCSYN" perm shuffle --N 12
bad "N missing" "$NOCSYN" perm shuffle
bad "FUNC missing" "$NOCSYN" perm --N 8
bad "X out of range" "$NOCSYN" perm shuffle --N 8 8
bad "X not a number" "$NOCSYN" perm shuffle --N 8 x
bad "K out of range" "$NOCSYN" perm cube:3 --N 8
bad "pm2i without sign" "$NOCSYN" perm pm2i:1 --N 8
bad "cycles with X" "$NOCSYN" perm shuffle --N 8 1 --cycles
bad "unknown option" "$NOCSYN" perm shuffle --N 8 --bogus
bad "bad format" "$NOCSYN" perm shuffle --N 8 --format xml
bad "table too large" "$NOCSYN" perm shuffle --N 1073741824

# q-shuffle on N = 12 (q = 3, r = 4), worked by hand: sigma(x) = 3x + floor(x/4)
# mod 12: 1 -> 3 -> 9 -> 29 mod 12 = 5 -> 16 mod 12 = 4 -> 13 mod 12 = 1.
run "qshuffle:3 on 12" 0 "$NOCSYN" perm qshuffle:3 --N 12 --cycles
has "qshuffle:3 cycles" "$TMP/out" '^(0)(1 3 9 5 4)(2 6 7 10 8)(11)$'
run "gshift:2 on 8" 0 "$NOCSYN" perm gshift:2 --N 8 --cycles
has "alpha_2 = (0123)(4567)" "$TMP/out" '^(0 1 2 3)(4 5 6 7)$'
bad "qshuffle Q not dividing N" "$NOCSYN" perm qshuffle:5 --N 12
bad "bit function on N = 12" "$NOCSYN" perm shuffle --N 12
