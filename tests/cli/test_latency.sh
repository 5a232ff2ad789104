#!/bin/sh
# CLI tests of `nocsyn latency` (docs/INTERFACE.md section 3.9); numbers worked by hand in
# tests/unit/test_latency.c (Duato/Yalamanchili/Ni ch. 2; Dally & Towles
# sec. 12.2).
. "$(dirname "$0")/lib.sh"
D="$DATA/perm"

run "switching json" 0 "$NOCSYN" latency switching --bits 512 --hops 4 --bw 32 --flit 64 --format json
same "switching L=512 D=4 B=32 LF=64" "$TMP/out" "$D/switching.json"
run "switching text with freq" 0 "$NOCSYN" latency switching --bits 512 --hops 4 --bw 32 --freq 500
has "store-and-forward 68 cycles = 136 ns at 500 MHz" "$TMP/out" 'store-and-forward *68 cycles *136 ns'
run "drop json" 0 "$NOCSYN" latency drop --k 2 --n 2 --offered 0.5 --format json
same "drop k=2 n=2 p=0.5" "$TMP/out" "$D/drop_k2n2.json"
# resend: lambda = 0.5 needs p_0 = 2 (1 - sqrt(sqrt 2 - 1)) = 0.7128114942
run "drop resend" 0 "$NOCSYN" latency drop --k 2 --n 2 --offered 0.5 --resend --format json
has "resend injection" "$TMP/out" '"injection": 0.7128114942'
has "resend latency" "$TMP/out" '"latency": 1.425622988'
run "drop saturated" 0 "$NOCSYN" latency drop --k 2 --n 2 --offered 0.7 --resend --format json
has "saturated latency null" "$TMP/out" '"latency": null'
has "saturated flag" "$TMP/out" '"saturated": true'
run "drop table" 0 "$NOCSYN" latency drop --k 2 --n 2 --table
has "table last row p_0 = 1 accepts 0.609375" "$TMP/out" '1.00 *0.609375'
run "help" 0 "$NOCSYN" latency --help
has "help states wormhole formula" "$TMP/out" 'wormhole  *D (TR + ceil(F/B))'

bad "missing model" "$NOCSYN" latency --bits 8
bad "unknown model" "$NOCSYN" latency foo
bad "switching missing bw" "$NOCSYN" latency switching --bits 8 --hops 2
bad "switching zero bw" "$NOCSYN" latency switching --bits 8 --hops 2 --bw 0
bad "switching hops fraction" "$NOCSYN" latency switching --bits 8 --hops 2.5 --bw 8
bad "switching bad number" "$NOCSYN" latency switching --bits 8x --hops 2 --bw 8
bad "drop option on switching" "$NOCSYN" latency switching --bits 8 --hops 2 --bw 8 --k 2
bad "drop k=1" "$NOCSYN" latency drop --k 1 --n 2 --offered 0.5
bad "drop offered > 1" "$NOCSYN" latency drop --k 2 --n 2 --offered 1.5
bad "drop missing offered" "$NOCSYN" latency drop --k 2 --n 2
bad "unknown option" "$NOCSYN" latency drop --k 2 --n 2 --offered 0.5 --bogus

# Link delay (hand-worked in tests/unit/test_latency.c): 2 x (4 + 5) = 18
# cycles against 3 x (1 + 1) = 6.
run "head flattened butterfly" 0 "$NOCSYN" latency head --hops 2 --router 4 --link 5
has "2 hops x (5 + 4) = 18" "$TMP/out" '= 2 x (4 + 5) = 18 cycles'
run "head mesh" 0 "$NOCSYN" latency head --hops 3 --router 1 --link 1 --bits 64 --bw 32 --format json
has "3 hops x (1 + 1) = 6, + 2 cycles serialization" "$TMP/out" '"head": 6, "serialization": 2, "total": 8'
run "switching with link delay" 0 "$NOCSYN" latency switching --bits 512 --hops 4 --bw 32 --flit 64 --link 2
has "wormhole 23 + 4 x 2 = 31" "$TMP/out" 'wormhole *31 cycles'
has "circuit 24 + 3 x 4 x 2 = 48" "$TMP/out" 'circuit switching *48 cycles'
# Decomposition: 100 + 500.346 (100 m at 2/3 c) + 80 (800 bits / 10 Gbit/s) + 200.
run "message decomposition" 0 "$NOCSYN" latency message --bits 800 --bw 10 --sender 100 --receiver 200 --distance 100
has "transmission time 80 ns" "$TMP/out" 'transmission time (size / bandwidth) *80 ns'
has "total 880.346 ns" "$TMP/out" 'total latency *880.346 ns'
# Retry distribution: P_D = 0.5 -> 99th percentile 7 transmissions.
run "retry p-drop 0.5" 0 "$NOCSYN" latency retry --p-drop 0.5 --t0 10
has "p99 = 7" "$TMP/out" '99th percentile 7$'
has "p99 latency 70 cycles" "$TMP/out" 'mean 20, 99th percentile 70 cycles'
run "retry from the dropping butterfly" 0 "$NOCSYN" latency retry --k 2 --n 2 --offered 0.5 --format json
has "P_D = 1 - 0.3896484375/0.5" "$TMP/out" '"p_drop": 0.220703125'
has "retry p99 = 4" "$TMP/out" '"p99": 4'
run "retry above saturation is infeasible" 1 "$NOCSYN" latency retry --k 2 --n 2 --offered 0.7 --resend
bad "retry needs one source of P_D" "$NOCSYN" latency retry --p-drop 0.5 --k 2 --n 2 --offered 0.5
bad "retry P_D = 1" "$NOCSYN" latency retry --p-drop 1
bad "head option of another model" "$NOCSYN" latency head --hops 2 --router 1 --k 3
bad "switching rejects --sender" "$NOCSYN" latency switching --bits 8 --hops 2 --bw 8 --sender 3
