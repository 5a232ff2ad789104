#!/bin/sh
# CLI tests of `nocsyn design butterfly`: the Dally & Towles ch. 2 example,
# numbers worked by hand in tests/unit/test_pkg.c.
. "$(dirname "$0")/lib.sh"

run "design butterfly (the example's spec)" 0 "$NOCSYN" design butterfly
has "speedup 8" "$TMP/out" 'channel 16 x 1 = 16 Gbit/s, speedup 8$'
has "150 / 18 -> radix 4" "$TMP/out" '18-signal channels, 150 / 18 = 8 channels per chip -> radix 4'
has "48 router chips" "$TMP/out" '4-ary 3-fly: 3 stages of 16 routers = 48 router chips'
has "576 of 750 board signals, 12 boards" "$TMP/out" '4 routers per board x 144 signals = 576 of 750 board signals; 12 boards'
has "32 cables" "$TMP/out" '128 channels between boards, 4 per cable (80 / 18) -> 32 cables'
has "33 phits" "$TMP/out" '1 header + 32 payload (64 bytes) = 33 phits, serialization 33 ns'
has "p99 2 transmissions" "$TMP/out" '99th percentile 2$'
run "design header shifting json" 0 "$NOCSYN" design butterfly --dest 45 --format json
has "dest 45 = 10 11 01 shifted" "$TMP/out" '"header": \[{"stage": 0, "header": "101101", "port": 2}, {"stage": 1, "header": "110100", "port": 3}, {"stage": 2, "header": "010000", "port": 1}'
run "radix 2 from 72 pins" 0 "$NOCSYN" design butterfly --chip-signals 72 --format json
has "2-ary 6-fly" "$TMP/out" '"k": 2, "n": 6'
run "router too big for a board" 1 "$NOCSYN" design butterfly --board-signals 100
run "radix 3 is not a power of two" 1 "$NOCSYN" design butterfly --chip-signals 108
bad "unknown network" "$NOCSYN" design torus
bad "bad number" "$NOCSYN" design butterfly --ports x
bad "dest out of range" "$NOCSYN" design butterfly --dest 64
