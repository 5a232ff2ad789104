#!/bin/sh
# CLI tests of `nocsyn latency` (INTERFACE 3.9); numbers worked by hand in
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
