#!/bin/sh
# CLI tests of `nocsyn min` (docs/INTERFACE.md section 3.8).  Expected outputs derived by
# hand in tests/unit/test_min.c (Omega positions pos_s = (x << (s+1)) |
# (d >> (n-1-s)) mod N).
. "$(dirname "$0")/lib.sh"
D="$DATA/perm"

run "omega shift:1" 0 "$NOCSYN" min omega --n 3 --perm "(0 1 2 3 4 5 6 7)"
same "omega N=8 passes shift by 1 (settings by hand)" "$TMP/out" "$D/omega3_shift1.txt"
run "omega shift:1 as a function" 0 "$NOCSYN" min omega --n 3 --perm shift:1
same "function spec = cycle notation" "$TMP/out" "$D/omega3_shift1.txt"
run "omega bitrev json" 0 "$NOCSYN" min omega --n 3 --perm "(1 4)(3 6)" --format json
same "omega N=8 bitrev: conflict at stage 0 switch 0 (inputs 0, 4), 2 passes" "$TMP/out" "$D/omega3_bitrev.json"
run "fixed points written" 0 "$NOCSYN" min omega --n 3 --perm "(0)(1 4)(2)(3 6)(5)(7)" --format json
same "fixed points written or omitted" "$TMP/out" "$D/omega3_bitrev.json"
run "identity passes omega" 0 "$NOCSYN" min omega --n 3 --perm "" --format json
has "identity passes" "$TMP/out" '"passes": true, "passes_needed": 1, "conflict": null'
has "identity all straight" "$TMP/out" '"settings": \[\["straight", "straight", "straight", "straight"\]'
run "cube bitrev text" 0 "$NOCSYN" min cube --n 3 --perm bitrev
has "cube conflict inputs 0 and 1" "$TMP/out" 'conflict at stage 0, switch 0: inputs 0 and 1'
run "butterfly identity" 0 "$NOCSYN" min butterfly --n 3 --perm "" --format json
has "butterfly identity conflicts" "$TMP/out" '"passes": false'
run "cube control" 0 "$NOCSYN" min cube --n 3 --control 101 --format json
same "cube 101 = x xor 5" "$TMP/out" "$D/cube3_control101.json"
run "omega control" 0 "$NOCSYN" min omega --n 3 --control 100
has "omega 100 = x xor 1" "$TMP/out" '^1 0 3 2 5 4 7 6$'
run "cube shifts" 0 "$NOCSYN" min cube --n 3 --shifts
same "cube N=8 shifts by control model" "$TMP/out" "$D/cube3_shifts.txt"
run "omega shifts json" 0 "$NOCSYN" min omega --n 3 --shifts --format json
has "omega: no partial stage control" "$TMP/out" '"partial_stage": null'
run "help" 0 "$NOCSYN" min --help
has "help explains --control" "$TMP/out" 'Cube_i'

bad "repeated element" "$NOCSYN" min omega --n 3 --perm "(0 1)(1 2)"
bad "element out of range" "$NOCSYN" min omega --n 3 --perm "(0 8)"
bad "unclosed cycle" "$NOCSYN" min omega --n 3 --perm "(0 1"
bad "junk" "$NOCSYN" min omega --n 3 --perm "(0 x)"
bad "unknown network" "$NOCSYN" min benes --n 3 --perm ""
bad "n missing" "$NOCSYN" min omega --perm ""
bad "n too large" "$NOCSYN" min omega --n 17 --perm ""
bad "no question" "$NOCSYN" min omega --n 3
bad "two questions" "$NOCSYN" min omega --n 3 --perm "" --control 000
bad "control length" "$NOCSYN" min omega --n 3 --control 10
bad "control digits" "$NOCSYN" min omega --n 3 --control 102
bad "unknown option" "$NOCSYN" min omega --n 3 --shifts --bogus
run "--shifts beyond n = 10 is a size limit (exit 1)" 1 "$NOCSYN" min cube --n 11 --shifts
has "--shifts beyond n = 10: the message names the limit" "$TMP/err" '^nocsyn: .*n must be <= 10'

# STARAN shifts within groups under partial stage control, with their
# permutations (hand-worked: shift 1 mod 4 on N = 8 is (0 1 2 3)(4 5 6 7),
# shift 2 mod 4 is (0 2)(1 3)(4 6)(5 7); every D mod 4 passes).
run "--shifts --mod 4" 0 "$NOCSYN" min cube --n 3 --shifts --mod 4
has "mod 4: all four under partial stage control" "$TMP/out" 'partial stage control (4 of 4): shift:0 shift:1 shift:2 shift:3'
has "mod 4: stage control only 0 and 2" "$TMP/out" 'stage control (2 of 4): shift:0 shift:2'
has "shift 1 mod 4 permutation" "$TMP/out" 'shift 1 mod 4: (0 1 2 3)(4 5 6 7)'
has "shift 2 mod 4 permutation" "$TMP/out" 'shift 2 mod 4: (0 2)(1 3)(4 6)(5 7)'
run "--shifts --mod 2 json" 0 "$NOCSYN" min cube --n 3 --shifts --mod 2 --format json
has "shift 1 mod 2 permutation" "$TMP/out" '"shift": 1, "cycles": "(0 1)(2 3)(4 5)(6 7)"'
bad "--mod not a power of two" "$NOCSYN" min cube --n 3 --shifts --mod 3
bad "--mod above N" "$NOCSYN" min cube --n 3 --shifts --mod 16
bad "--mod without --shifts" "$NOCSYN" min cube --n 3 --control 000 --mod 4
