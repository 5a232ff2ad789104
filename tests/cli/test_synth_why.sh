#!/bin/sh
# The binding constraint of an unroutable flow is named (issue 29 item 6:
# e3s telecom with --switches 4 blamed capacity while the radix bound).
. "$(dirname "$0")/lib.sh"

# A hub h sends 10 MB/s to each of 15 cores: 150 MB/s in all, far below one
# 3200 MB/s link (0.8 x 32 bit x 1000 MHz / 8), so capacity cannot bind.
# On 2 switches the 16 cores need 16 core ports and each switch a link
# port: 18 > 2 x 8 (radix 8), so the radix binds; with radix 9 (18 ports)
# it fits.  Worked by hand.
{
    echo src,dst,bandwidth_mbps
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo "h,c$i,10"; done
} >"$TMP/star.csv"
run "star on 2 switches, radix 8: infeasible" 1 "$NOCSYN" synth "$TMP/star.csv" --switches 2 -o "$TMP/s8" -q
has "star: the radix is named as binding" "$TMP/err" \
    'flow h -> c[0-9]* (10 MB/s): the radix binds (--max-radix 8): no free port is left for a path, while one within capacity 3200 MB/s exists$'
if grep -q 'capacity 3200 MB/s binds\|deadlock freedom binds' "$TMP/err"; then
    notok "star: neither capacity nor deadlock freedom is blamed" "$(cat "$TMP/err")"
else ok "star: neither capacity nor deadlock freedom is blamed"; fi
run "star on 2 switches, --max-radix 9: feasible" 0 "$NOCSYN" synth "$TMP/star.csv" --switches 2 --max-radix 9 \
    -o "$TMP/s9" -q
json "star, radix 9: 2 switches of radix 9 at most" "$TMP/s9/split_k2.json" \
    'assert d["routers"] == 2 and d["radix"]["max"] <= 9, d["radix"]'
