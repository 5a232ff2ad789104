#!/bin/sh
# --bw-scale (issue 29 item 7): apps in arbitrary units (MMS-style weights)
# become MB/s on every command that reads an app: app-info, synth,
# floorplan, compare.  Oracles by hand: link capacity 0.8 x 32 bit x 1000
# MHz / 8 = 3200 MB/s (the defaults, units.h), a core link 32 x 1000 / 8 =
# 4000 MB/s; VOPD's 15 flows sum to 3494 MB/s, its heaviest 500 MB/s.
. "$(dirname "$0")/lib.sh"

# Weights: a -> b weighs 20000, 6.25x a 32-bit link at 0.8.
printf 'src,dst,bandwidth_mbps\na,b,20000\nb,c,5000\nc,d,10000\nd,a,1000\n' >"$TMP/mms.csv"
run "weights as MB/s: infeasible" 1 "$NOCSYN" synth "$TMP/mms.csv" -o "$TMP/s0" -q
has "weights as MB/s: the 20000 MB/s flow is named" "$TMP/err" 'flow a -> b needs 20000 MB/s, above the link capacity of 3200 MB/s'
run "synth --bw-scale 0.1" 0 "$NOCSYN" synth "$TMP/mms.csv" --bw-scale 0.1 -o "$TMP/s1" -q
# One switch: a -> b is 2000 MB/s on a 4000 MB/s core link: utilisation 0.5.
json "synth --bw-scale 0.1: a -> b is 2000 of 4000 MB/s" "$TMP/s1/split_k1.json" \
    'assert abs(d["max_utilization"] - 0.5) < 1e-9, d["max_utilization"]'
run "compare --bw-scale 0.1" 0 "$NOCSYN" compare "$TMP/mms.csv" --bw-scale 0.1 --methods split \
    --baselines mesh -o "$TMP/c1" -q
csvrows "compare --bw-scale 0.1: split_k1 at utilisation 0.5" "$TMP/c1/summary.csv" \
    'r = [x for x in rows if x["design"] == "split_k1"][0]; assert abs(float(r["max_util"]) - 0.5) < 1e-9, r["max_util"]'
run "app-info --bw-scale 2" 0 "$NOCSYN" app-info "$APPS/vopd.csv" --bw-scale 2
has "app-info --bw-scale 2: total 2 x 3494, heaviest 2 x 500" "$TMP/out" \
    '^bandwidth    6988 MB/s total; heaviest flow VopMem -> VopRec 1000 MB/s$'
run "app-info --bw-scale 2 --format json" 0 "$NOCSYN" app-info "$APPS/vopd.csv" --bw-scale 2 --format json
json "app-info json: total 6988" "$TMP/out" 'assert abs(d["total_bandwidth_mbps"] - 6988) < 1e-9, d'
# The min-cut weighs flows relative to each other: a uniform scale changes
# nothing in the floorplan.
run "floorplan" 0 "$NOCSYN" floorplan "$APPS/vopd.csv" -o "$TMP/f1.csv"
run "floorplan --bw-scale 1000" 0 "$NOCSYN" floorplan "$APPS/vopd.csv" --bw-scale 1000 -o "$TMP/f2.csv"
same "floorplan: a uniform scale keeps the floorplan" "$TMP/f2.csv" "$TMP/f1.csv"

# Bad scales: one line, exit 2, nothing written.
for v in 0 -1 abc nan inf 1e400; do
    bad "synth --bw-scale $v" "$NOCSYN" synth "$TMP/mms.csv" --bw-scale "$v" -o "$TMP/bad"
    absent "synth --bw-scale $v: nothing written" "$TMP/bad"
done
bad "compare --bw-scale 0" "$NOCSYN" compare "$TMP/mms.csv" --bw-scale 0 -o "$TMP/bad"
bad "app-info --bw-scale -2" "$NOCSYN" app-info "$TMP/mms.csv" --bw-scale -2
bad "floorplan --bw-scale x" "$NOCSYN" floorplan "$TMP/mms.csv" --bw-scale x -o "$TMP/bad.csv"
# A scaled bandwidth beyond the reader's 1e15 MB/s bound is the reader's error.
bad "synth: 20000 x 1e12 is beyond 1e15 MB/s" "$NOCSYN" synth "$TMP/mms.csv" --bw-scale 1e12 -o "$TMP/bad"
has "synth: the scaled flow and the file are named" "$TMP/err" \
    "^nocsyn: $TMP/mms.csv: flow a -> b: bandwidth x --bw-scale 2e+16 is beyond 1e+15 MB/s\$"
absent "synth: overflow wrote nothing" "$TMP/bad"
