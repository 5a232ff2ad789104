#!/bin/sh
# CLI tests of `nocsyn dynamic`; values from Hwang's switch-module table and
# worked by hand in tests/unit/test_dyn.c.
. "$(dirname "$0")/lib.sh"

run "modules table" 0 "$NOCSYN" dynamic modules
has "2x2: 4 states, 2 permutations" "$TMP/out" '^2x2 *4  4  2$'
has "4x4: 256 states, 24 permutations" "$TMP/out" '^4x4 *16  256  24$'
has "8x8: 16777216 states, 40320 permutations" "$TMP/out" '^8x8 *64  16777216  40320$'
run "crossbar 16: 16! permutations" 0 "$NOCSYN" dynamic crossbar --n 16 --format json
has "16! = 20922789888000, 256 crosspoints" "$TMP/out" '"crosspoints": 256, "states": "18446744073709551616", "permutations": "20922789888000"'
run "crossbar 2x4 one-to-one" 0 "$NOCSYN" dynamic crossbar --n 2 --m 4
has "2x4: 8 crosspoints, 16 states, 12 one-to-one" "$TMP/out" '^2x4 *8  16  12$'
# 4x4-switch Omega on 16 lines: inputs 0 and 4 share switch 0 of stage 0.
run "omega 4x4 conflict" 0 "$NOCSYN" dynamic omega --k 4 --n 2 --perm "(1 4)"
has "conflict inputs 0 and 4" "$TMP/out" 'conflict at stage 0, switch 0: inputs 0 and 4 both need output port 0'
run "omega 64 lines of 4x4 switches passes shift 1" 0 "$NOCSYN" dynamic omega --k 4 --n 3 --perm shift:1 --format json
has "shift passes" "$TMP/out" '"passes": true'
run "broadcast 5 -> 1,3" 0 "$NOCSYN" dynamic broadcast --n 3 --src 5 --dest 1,3
has "stage 1 upper broadcast" "$TMP/out" 'stage 1: sw2 upper broadcast;'
has "stage 0 exchange" "$TMP/out" 'stage 0: sw1 exchange;'
run "broadcast to all" 0 "$NOCSYN" dynamic broadcast --n 4 --src 3 --format json
has "N - 1 = 15 switches" "$TMP/out" '"switches_used": 15'
run "clos C(3,2,2) brute" 0 "$NOCSYN" dynamic clos --m 3 --n 2 --r 2 --brute
has "strict by condition" "$TMP/out" 'strictly non-blocking: *yes (m >= 2n - 1 = 3)'
has "strict by brute force" "$TMP/out" 'brute force: strict yes'
run "clos C(2,2,3) brute" 0 "$NOCSYN" dynamic clos --m 2 --n 2 --r 3 --brute --format json
has "rearrangeable, not strict" "$TMP/out" '"strict": false, "rearrangeable": true, "brute": {"strict": false, "rearrangeable": true'
run "clos route" 0 "$NOCSYN" dynamic clos --m 2 --n 2 --r 3 --perm "(0 5)(1 2)"
has "route lists connections" "$TMP/out" '0 -> 5: '
run "clos m < n cannot route" 1 "$NOCSYN" dynamic clos --m 1 --n 2 --r 2 --perm "(0 1)"
run "clos brute beyond the limit" 1 "$NOCSYN" dynamic clos --m 3 --n 3 --r 3 --brute
# Bus of 8 at 32 bits x 100 MHz = 400 MB/s shared: 50 MB/s each.
run "bus" 0 "$NOCSYN" dynamic bus --n 8 --link-width 32 --freq 100
has "bus bandwidth shared" "$TMP/out" 'bus 400 MB/s = aggregate = bisection; 50 MB/s per terminal'
has "bus throughput 1/N" "$TMP/out" 'throughput 0.125 of injection'
run "help" 0 "$NOCSYN" dynamic --help
has "help states the Clos conditions" "$TMP/out" 'm >= 2n - 1'
bad "unknown network" "$NOCSYN" dynamic benes --n 2
bad "option of another network" "$NOCSYN" dynamic crossbar --n 4 --k 2
bad "omega K^n too large" "$NOCSYN" dynamic omega --k 64 --n 3 --perm ""
bad "omega bad perm" "$NOCSYN" dynamic omega --k 2 --n 2 --perm "(0 9)"
bad "broadcast bad dest" "$NOCSYN" dynamic broadcast --n 2 --src 0 --dest 7
bad "modules bad size" "$NOCSYN" dynamic modules --sizes 2,x
