#!/bin/sh
# CLI tests of `nocsyn eval` (docs/INTERFACE.md section 3.2).  Expected outputs under
# tests/data/eval/ (regenerate deliberately, never blindly: every number in
# them is checked against a closed form in tests/unit/test_eval*.c).
. "$(dirname "$0")/lib.sh"
D="$DATA/eval"

# JSON and text of the 4 x 4 mesh: avg hops n(k^2-1)/(3k) = 2.5, ECMP max
# load 39/32 (hand-derived in test_eval.c), bisection 4 links.
run "eval mesh json" 0 "$NOCSYN" eval gen:mesh:k=4,n=2
same "eval mesh json output" "$TMP/out" "$D/mesh4.json"
run "eval mesh text" 0 "$NOCSYN" eval gen:mesh:k=4,n=2 --format text
same "eval mesh text output" "$TMP/out" "$D/mesh4.txt"
run "eval torus dor loads" 0 "$NOCSYN" eval gen:torus:k=4,n=2 --routing dor --vcs 2 \
    --format text --loads --no-bisection
same "eval torus dor loads output" "$TMP/out" "$D/torus4_dor_loads.txt"

# The same topology from a DOT file, from stdin and from anynet.
"$NOCSYN" gen mesh k=4 -o "$TMP/m4.dot"
"$NOCSYN" gen mesh k=4 -o "$TMP/m4.anynet"
run "eval dot file" 0 "$NOCSYN" eval "$TMP/m4.dot" --no-bisection
has "eval dot file: load" "$TMP/out" '"max_channel_load":	1.21875'
run "eval stdin" 0 sh -c "\"$NOCSYN\" eval - --no-bisection <\"$TMP/m4.dot\""
has "eval stdin: avg hops" "$TMP/out" '"avg":	2.5'
run "eval anynet" 0 "$NOCSYN" eval "$TMP/m4.anynet" --no-bisection
has "eval anynet: diameter" "$TMP/out" '"diameter":	6'
run "eval hand-written dot" 0 "$NOCSYN" eval "$D/tri.dot" --format text
has "eval hand-written: diameter" "$TMP/out" 'diameter          1 hop$'
has "eval hand-written: no positions" "$TMP/out" 'wire length       - (positions unknown)'

# Capacity from the topology's own width and clock: 32 bit x 100 MHz / 8 =
# 400 MB/s per channel; the one 100 MB/s flow crosses r0 -> r1: 0.25.
run "eval capacity from link_width x freq_mhz" 0 "$NOCSYN" eval "$D/pair_clocked.dot" \
    --traffic "app:$ROOT/tests/data/sim/pair.csv" --no-bisection -o "$TMP/pc.json"
json "eval capacity 400 MB/s: utilisation 0.25" "$TMP/pc.json" \
    "assert d['max_channel_load_mbps']==100 and abs(d['max_utilization']-0.25)<1e-12, d['max_utilization']"

# Threads do not change a single digit.
run "eval threads 1" 0 "$NOCSYN" eval gen:torus:k=6,n=2 --threads 1 --loads --no-bisection
cp "$TMP/out" "$TMP/t1"
run "eval threads 3" 0 "$NOCSYN" eval gen:torus:k=6,n=2 --threads 3 --loads --no-bisection
same "eval threads identical" "$TMP/out" "$TMP/t1"

# Routings: dor on the 8x8 mesh meets k/4 = 2; deadlock free with 1 VC.
run "eval dor mesh" 0 "$NOCSYN" eval gen:mesh:k=8,n=2 --routing dor --no-bisection
has "eval dor mesh: load" "$TMP/out" '"max_channel_load":	2,'
has "eval dor mesh: deadlock" "$TMP/out" '"deadlock_free":	true'
run "eval dor torus 1 vc" 0 "$NOCSYN" eval gen:torus:k=4,n=2 --routing dor --no-bisection
has "eval dor torus: deadlock" "$TMP/out" '"deadlock_free":	false'
run "eval ideal mesh" 0 "$NOCSYN" eval gen:mesh:k=4,n=2 --routing ideal --no-bisection
has "eval ideal mesh: k/4" "$TMP/out" '"max_channel_load":	1,'
run "eval desttag butterfly" 0 "$NOCSYN" eval gen:butterfly:k=2,n=3 --routing desttag
has "eval butterfly: load 1" "$TMP/out" '"max_channel_load":	1,'

# Traffic patterns: bit complement on a 4x4 mesh sends (x,y) to
# (3-x,3-y): avg hops = avg over x of |3-2x| doubled = 2 * 2 = 4.
run "eval bitcomp" 0 "$NOCSYN" eval gen:mesh:k=4,n=2 --traffic bitcomp --no-bisection
has "eval bitcomp: hops" "$TMP/out" '"avg":	4,'
has "eval bitcomp: traffic name" "$TMP/out" '"traffic":	"bitcomp"'

# Output file and loads key.
run "eval -o" 0 "$NOCSYN" eval gen:ring:k=5 --loads -o "$TMP/r5.json"
has "eval -o: channel_loads" "$TMP/r5.json" '"channel_loads"'

# Errors: one line on stderr, exit 2 (bad input) or 1 (infeasible / limit).
bad "eval no topology" "$NOCSYN" eval
bad "eval unknown option" "$NOCSYN" eval gen:ring:k=4 --frobnicate
bad "eval bad format" "$NOCSYN" eval gen:ring:k=4 --format xml
bad "eval bad routing" "$NOCSYN" eval gen:ring:k=4 --routing zigzag
bad "eval dor on a star" "$NOCSYN" eval gen:star:n=5 --routing dor
bad "eval bad traffic" "$NOCSYN" eval gen:ring:k=4 --traffic nonsense
bad "eval missing file" "$NOCSYN" eval "$TMP/nope.dot"
bad "eval bad threads" "$NOCSYN" eval gen:ring:k=4 --threads -1
bad "eval bad vcs" "$NOCSYN" eval gen:ring:k=4 --vcs 0
bad "eval two topologies" "$NOCSYN" eval gen:ring:k=4 gen:ring:k=5
run "eval disconnected" 1 "$NOCSYN" eval "$D/twocomp.dot"
n=$(wc -l <"$TMP/err")
if [ "$n" -eq 1 ] && grep -q "^nocsyn: .*twocomp.dot: no path from terminal 't0' to terminal 't1'" "$TMP/err"; then
    ok "eval disconnected: one line"; else notok "eval disconnected: one line" "$(cat "$TMP/err")"; fi
run "eval lp limit" 1 "$NOCSYN" eval gen:torus:k=16,n=2 --routing optimal --no-bisection
has "eval lp limit: message" "$TMP/err" '^nocsyn: .*limit'
run "eval failure -o" 1 "$NOCSYN" eval "$D/twocomp.dot" -o "$TMP/fail.json"
absent "eval failure left no file" "$TMP/fail.json"
printf 'previous\n' >"$TMP/prev.json"
cp "$TMP/prev.json" "$TMP/prev.want"
run "eval failure -o over an existing file" 1 "$NOCSYN" eval "$D/twocomp.dot" -o "$TMP/prev.json"
same "eval failure leaves the existing file as it was" "$TMP/prev.json" "$TMP/prev.want"
run "eval help" 0 "$NOCSYN" eval --help
has "eval help: options" "$TMP/out" '--no-bisection'

# --params: degrees, symmetry, bandwidth (B = b x w) and the odd-size cut.
# 3x3 mesh, 32-bit links at 1000 MHz: channel 32 x 1000 / 8 = 4000 MB/s,
# aggregate 9 x 4000 = 36000; balanced bisection b = 4 links (4/5 split),
# B = 4 x 32 = 128 wires, bisection bandwidth 2 x 4 x 4000 = 32000 MB/s;
# --cut 3: one column, 3 links (the 3/6 cut).
run "eval --params text" 0 "$NOCSYN" eval gen:mesh:k=3,n=2 --params --link-width 32 --freq 1000 --cut 3 --format text
has "bisection stays balanced" "$TMP/out" '^bisection *4 links (exact)'
has "3/6 cut" "$TMP/out" '^cut *3 links with each side >= 3 terminals (exact)'
has "wire bisection B = b x w" "$TMP/out" 'B = b x w = 4 x 32 = 128 wires; 32000 MB/s'
has "port and aggregate bandwidth" "$TMP/out" 'channel/port 4000 MB/s, aggregate 36000 MB/s'
has "mesh is not symmetric" "$TMP/out" 'vertex-transitive no  edge-transitive no'
run "eval --params json torus" 0 "$NOCSYN" eval gen:torus:k=4,n=2 --params --no-bisection
python3 -c '
import json,sys
d=json.load(open(sys.argv[1]))["parameters"]
assert d["symmetry"]["vertex_transitive"] is True and d["symmetry"]["edge_transitive"] is True
assert d["in_degree"]=={"min":4,"max":4,"avg":4} and d["out_degree"]["max"]==4
assert d["bandwidth"]["channel_mbps"] is None and "cut" not in d
' "$TMP/out" && ok "torus parameters json" || notok "torus parameters json" "$(head -c 300 "$TMP/out")"
run "butterfly in/out degree differ by stage" 0 "$NOCSYN" eval gen:butterfly:k=2,n=3 --params --format text --no-bisection
has "butterfly in-degree" "$TMP/out" '^in-degree *min 0  max 2'
bad "--cut above N/2" "$NOCSYN" eval gen:mesh:k=3,n=2 --cut 5
bad "--link-width not a number" "$NOCSYN" eval gen:mesh:k=3,n=2 --link-width x
