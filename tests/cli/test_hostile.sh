#!/bin/sh
# Hostile input (issue 28): every reproduction of the adversarial pass gets a
# clean exit 2 (or 1) with exactly one stderr line, nothing written and
# existing files unchanged.  One block per fault class; the class table is
# in docs/testing.md.  Full-disk cases use a small tmpfs when this user
# can mount one (root), else /dev/full.
. "$(dirname "$0")/lib.sh"
N=$NOCSYN
PIP="$APPS/pip.csv"

# one NAME CODE PATTERN CMD...: exits CODE, exactly one stderr line, which
# starts "nocsyn: " and matches the grep pattern.
one() {
    name=$1; want=$2; pat=$3; shift 3
    "$@" >"$TMP/out" 2>"$TMP/err"; got=$?
    n=$(wc -l <"$TMP/err")
    if [ "$got" -eq "$want" ] && [ "$n" -eq 1 ] && grep -q '^nocsyn: ' "$TMP/err" && grep -q -- "$pat" "$TMP/err"; then
        ok "$name"
    else
        notok "$name" "exit $got (wanted $want), $n stderr lines, wanted /$pat/: $(head -c 300 "$TMP/err")"
    fi
}
# kept NAME FILE: FILE still holds "precious".
kept() { if [ "$(cat "$2" 2>/dev/null)" = precious ]; then ok "$1"; else notok "$1" "$2 was changed"; fi; }

# ---- 1. two outputs naming one file: refused before anything is written
cd "$TMP" || exit 1
echo precious >x.svg
one "floorplan -o X --svg X: exit 2 naming both options" 2 "-o 'x.svg' and --svg 'x.svg' name the same file" \
    "$N" floorplan "$PIP" -o x.svg --svg x.svg
kept "floorplan -o X --svg X: X untouched" x.svg
one "floorplan --svg ./X: an alias" 2 "name the same file" "$N" floorplan "$PIP" -o x.svg --svg ./x.svg
kept "floorplan --svg ./X: X untouched" x.svg
one "app-info --svg X --dot X" 2 "--svg 'x.svg' and --dot 'x.svg'" "$N" app-info "$PIP" --svg x.svg --dot x.svg
kept "app-info --svg X --dot X: X untouched" x.svg
one "sim -o X --plot ./X" 2 "--plot './x.svg' and -o 'x.svg'" "$N" sim gen:mesh:k=2,n=2 -o x.svg --plot ./x.svg
kept "sim -o X --plot ./X: X untouched" x.svg
ln -s x.svg link.svg
one "app-info through a symbolic link" 2 "name the same file" "$N" app-info "$PIP" --svg link.svg --dot x.svg
ln x.svg hard.svg
one "app-info through a hard link" 2 "name the same file" "$N" app-info "$PIP" --svg hard.svg --dot x.svg
kept "links: X untouched" x.svg
mkdir sub
one "a new file named twice (sub/../Y and Y)" 2 "name the same file" "$N" app-info "$PIP" --svg sub/../y.svg --dot y.svg
absent "a new file named twice: nothing written" y.svg
run "two distinct outputs still work" 0 "$N" floorplan "$PIP" -o fp.csv --svg fp.svg
has "two distinct outputs: the SVG" fp.svg "<svg"

# ---- 2. one checked stdout path: a write error is exit 2 with one line
for c in "tech --format json" "tech" "perm cube:1 --N 8" "latency switching --bits 128 --hops 3 --bw 32" \
         "app-info $PIP" "gen mesh k=3 n=2" "design butterfly" "dynamic crossbar --n 4"; do
    # shellcheck disable=SC2086
    one "$c > /dev/full: exit 2" 2 "<stdout>: write failed" sh -c "exec \"$N\" $c >/dev/full"
done
# The full-disk case of the issue: 49270 bytes to a 20 KiB file system.
if mkdir "$TMP/fs" && mount -t tmpfs -o size=20k tmpfs "$TMP/fs" 2>/dev/null; then
    trap 'st=$?; umount "$TMP/fs" 2>/dev/null; lib_cleanup "$st"' EXIT
    one "tech --radix 2:256 to a full tmpfs: exit 2" 2 "<stdout>: write failed" \
        sh -c "exec \"$N\" tech --format json --radix 2:256 >\"$TMP/fs/t.json\""
    rm -f "$TMP/fs/t.json"
    # ---- 9. campaign plan on a full disk leaves nothing behind
    {
        for a in vopd mpeg4 mwd pip; do echo "app = $APPS/$a.csv"; done
        echo "methods = split,merge,cmesh,hring"; echo "baselines = all"
        echo "freq = 100:1000:15"; echo "link-width = 32,64,128"
    } >"$TMP/big.campaign"
    one "campaign plan on a full disk: exit 2" 2 "No space left" "$N" campaign plan "$TMP/big.campaign" -o "$TMP/fs/cp" -q
    absent "campaign plan on a full disk: no directory left" "$TMP/fs/cp"
    # The same class in the other writers: a staged directory, a file set.
    one "synth on a full disk: exit 2" 2 "No space left" "$N" synth "$PIP" -o "$TMP/fs/sy" -q
    absent "synth on a full disk: no directory left" "$TMP/fs/sy"
    head -c 16384 /dev/zero >"$TMP/fs/fill" # one 4 KiB page left
    one "floorplan -o --svg on a full disk: exit 2" 2 "No space left" "$N" floorplan "$PIP" -o "$TMP/fs/f.csv" --svg "$TMP/fs/f.svg"
    absent "floorplan on a full disk: no CSV left" "$TMP/fs/f.csv"
    absent "floorplan on a full disk: no SVG left" "$TMP/fs/f.svg"
    rm -f "$TMP/fs/fill"
    umount "$TMP/fs"
    trap lib_cleanup EXIT
else
    ok "# SKIP tmpfs cases (cannot mount)"
fi

# ---- 3. bounds on what users never need
{ printf 'src,dst,bandwidth_mbps\n'; printf 'a%0300d,b,10\n' 0; } >long.csv
one "a 301-byte core name: exit 2 at its line" 2 "long.csv:2: source core name .* longer than 256 bytes" "$N" app-info long.csv
"$N" gen mesh k=2 n=2 | sed "1s/.*/digraph \"g$(printf '%0300d' 0)\" {/" >gname.dot
one "a 301-byte topology graph name: exit 2 at its line" 2 "gname.dot:1: graph name .* longer than 256 bytes" "$N" eval gname.dot
printf 'src,dst,bandwidth_mbps\na,b,10\nb,a,10\n' >two.csv
printf 'core,x_mm,y_mm,w_mm,h_mm\na,0,0,1,1\nb,1e6,0,1,1\n' >far.csv
one "a floorplan coordinate of 1e6 mm: exit 2 at its line" 2 "far.csv:3: x_mm 1e6 is beyond 1000 mm" \
    "$N" synth two.csv --floorplan far.csv -o far
absent "a floorplan coordinate of 1e6 mm: nothing written" far
# A 1998 mm link at 10 MHz with 400 ns/mm wires: 1998 x 400000 / 100000 =
# 7992 cycles of wire, 7991 registers > 4096 (noc_tech_link_stages).
printf 'core,x_mm,y_mm,w_mm,h_mm\na,0,0,1,1\nb,999,999,1,1\n' >corner.csv
printf 'wire_ps_mm = 400000\n' >slow.tech
one "a link needing 7991 pipeline registers: infeasible with its reason" 1 "needs 7991 pipeline registers at 10 MHz, more than 4096" \
    "$N" synth two.csv --floorplan corner.csv --tech slow.tech --freq 10 --switches 2 -o regs -q
absent "too many pipeline registers: nothing written" regs

# ---- 4. exactly one stderr line on failure; notes only on success
printf 'src,dst,bandwidth_mbps\na,b,10\na,b,5\nb,c,5\n' >d.csv
one "duplicate flow, then a failing write: one line" 2 "cannot write" "$N" floorplan d.csv -o /nonexistent/x.csv
run "duplicate flow, success" 0 "$N" floorplan d.csv -o d_fp.csv
has "duplicate flow, success: the note" "$TMP/err" "note: d.csv: 1 duplicate flow summed"

# ---- 5. tech values bounded; 8. a NUL byte refused; 11. cross-field checks at their line
printf '# big\nbuf_pj = 1e308\n' >big.tech
one "tech buf_pj = 1e308: exit 2 at its line" 2 "big.tech:2: 'buf_pj = 1e308'" "$N" tech --tech big.tech
one "synth with buf_pj = 1e308: exit 2" 2 "big.tech:2:" "$N" synth "$PIP" --tech big.tech -o big
absent "synth with buf_pj = 1e308: nothing written" big
printf 'buf_leak_mw = 1\0009\n' >nul.tech
one "a NUL byte in a tech file: exit 2" 2 "nul.tech:1: NUL byte" "$N" tech --tech nul.tech
# The same class in the other readers: anynet (it ended the line silently)
# and campaign descriptions (now with the NUL's line).
printf 'router 0 node 0 router 1\nrouter 1 node 1\000 router 0\n' >nul.anynet
one "a NUL byte in an anynet file: exit 2 at its line" 2 "nul.anynet:2: NUL byte" "$N" eval nul.anynet
printf 'name = x\napp = a\000\n' >nul.campaign
one "a NUL byte in a campaign: exit 2 at its line" 2 "nul.campaign:2: not a text file" "$N" campaign plan nul.campaign -o nulc
absent "a NUL byte in a campaign: nothing written" nulc
printf '# stages\n\nrouter_stages = 2.5\n' >rs.tech
one "router_stages 2.5: its line" 2 "rs.tech:3: 'router_stages = 2.5': needs a whole number" "$N" tech --tech rs.tech
printf 'area_lin = 2\n' >al.tech
one "area_lin 2: its line" 2 "al.tech:1: 'area_lin = 2'" "$N" tech --tech al.tech
printf 'fmax_mhz.4 = 800\n# c\nfmax_mhz.8 = 1000\n' >nm.tech
one "a non-monotone fmax table: the offending line" 2 "nm.tech:3: timing table not monotone" "$N" tech --tech nm.tech

# ---- 6. the topology reader rejects invalid UTF-8 names (and 11: lines)
"$N" gen mesh k=2 n=2 >m.dot
# t(e) SED-EXPR: m.dot edited into v.dot
t() { sed "$1" m.dot >v.dot; }
t 's/"t3" \[kind="terminal"/"t\xff3" [kind="terminal"/'
one "topology name not UTF-8: exit 2 at its line" 2 "v.dot:13: node name is not valid UTF-8" "$N" convert v.dot --to json -o v.json
absent "topology name not UTF-8: no JSON written" v.json
t 's/"t2" \[kind="terminal", x=0.75/"t2" [kind="terminal", x=abc/'
one "topology bad x: its line" 2 "v.dot:12: node 't2': bad x 'abc'" "$N" eval v.dot
t 's/"r1" -> "t1" \[dir=both\]/"r1" -> "t1" [dir=both, width=-3]/'
one "topology bad width: its line" 2 "v.dot:18: edge 'r1' -> 't1': bad width" "$N" eval v.dot
t 's/"r1" -> "t1" \[dir=both\]/"r1" -> "t1" [dir=both, length=5000]/'
one "topology length beyond the die: its line" 2 "v.dot:18: edge 'r1' -> 't1': bad length" "$N" eval v.dot
t 's/"r1" -> "t1" \[dir=both\]/"r1" -> "t1" [dir=both, latency=1.5]/'
one "topology bad latency: its line" 2 "v.dot:18: .*latency must be a whole number" "$N" eval v.dot
t 's/"r2" \[kind="router"/"r2" [kind="router", shared_port=3/'
one "topology bad shared_port: its line" 2 "v.dot:7: node 'r2': bad shared_port" "$N" eval v.dot
t 's/"r1" -> "t1" \[dir=both\]/"r1" -> "r1" [dir=both]/'
one "topology self-loop: its line" 2 "v.dot:18: channel from 'r1' to itself" "$N" eval v.dot
t 's/"r1" -> "t1" \[dir=both\]/"t0" -> "t1" [dir=both]/'
one "topology terminal-terminal edge: its line" 2 "v.dot:18: channel joins two terminals" "$N" eval v.dot
t 's/"t3" \[kind="terminal"/"t3" [kind="terminal", route="t0: r9"/'
one "topology bad route record: its line" 2 "v.dot:13: node 't3': route record 1: unknown node 'r9'" "$N" eval v.dot
t 's/k=2, conc/k=x, conc/'
one "topology bad graph attribute: its line" 2 "v.dot:2: graph attribute k='x'" "$N" eval v.dot
t 's/"r3" -> "t3" \[dir=both\];/"r3" -> "t3" [dir=both]; "%x" -> "r3";/'
one "topology '%' id: the user's own text and line" 2 "v.dot:21: node '%x'" "$N" eval v.dot

# ---- 7. a header-only floorplan is an error like one missing a core
printf 'core,w_mm,h_mm\n' >ho.csv
one "a header-only floorplan: exit 2" 2 "ho.csv:1: the floorplan places no core" "$N" synth "$PIP" --floorplan ho.csv -o ho
absent "a header-only floorplan: nothing written" ho

# ---- 10. inconsistencies
one "--methods split,,merge: an empty element" 2 "--methods 'split,,merge' has an empty element" \
    "$N" compare "$PIP" --methods split,,merge -o em
absent "--methods split,,merge: nothing written" em
printf 'app = %s\nmethods = split,,merge\n' "$PIP" >em.campaign
one "a campaign's methods with an empty element: its line" 2 "em.campaign:2: methods 'split,,merge' has an empty element" \
    "$N" campaign plan em.campaign -o emc
printf 'strict digraph g {\n a -> b [bw=10]\n a -> b [bw=5]\n b -> c [bw=1]\n}\n' >s.dot
run "a strict digraph app: accepted" 0 "$N" app-info s.dot --format json
# Summed as a plain digraph would: 10 + 5 = 15 MB/s on a -> b, 16 in all.
json "a strict digraph app: parallel flows summed" "$TMP/out" \
    "assert d['flows'] == 2 and d['total_bandwidth_mbps'] == 16 and d['per_core'][0]['out_mbps'] == 15, d"
has "a strict digraph app: the note" "$TMP/err" "1 duplicate flow summed"
one "eval --link-width 1e308: refused" 2 "link-width must be a whole number of bits in 1..4096" \
    "$N" eval gen:mesh:k=3,n=2 --link-width 1e308 --freq 1e308
one "eval --freq 1e308: refused" 2 "freq must be a number of MHz > 0 and <= 1e5" \
    "$N" eval gen:mesh:k=3,n=2 --link-width 32 --freq 1e308
one "latency retry --t0 1e308: no inf in JSON" 2 "overflows" "$N" latency retry --p-drop 0.999999999999 --t0 1e308 --format json

# ---- 11. every error names file and line: DOT apps, campaigns, collect
printf 'digraph g {\n a -> b [bw=10]\n\n c -> b [bw=x]\n}\n' >a1.dot
one "DOT app bad bw: its line" 2 "a1.dot:4: flow 'c' -> 'b': bw 'x'" "$N" app-info a1.dot
printf 'digraph g {\n a -> b [bw=10]\n "%%x" -> b [bw=3]\n}\n' >a2.dot
one "DOT app '%' id: the user's own text and line" 2 "a2.dot:3: core name '%x' starts with '%'" "$N" app-info a2.dot
printf 'digraph g {\n a -> b [bw=10]\n b\n b [w=3, h=-1]\n}\n' >a3.dot
one "DOT app bad h: the line setting it" 2 "a3.dot:4: core 'b': w and h must be > 0" "$N" app-info a3.dot
printf 'digraph g {\n a -> b [bw=10]\n a -> a [bw=3]\n}\n' >a4.dot
one "DOT app self-flow: its line" 2 "a4.dot:3: self-flow" "$N" app-info a4.dot
printf 'digraph g {\n a -> b [bw=10,\n   max_hops=x]\n}\n' >a5.dot
one "DOT app bad max_hops: the edge's line" 2 "a5.dot:2: flow 'a' -> 'b': max_hops 'x'" "$N" app-info a5.dot
printf 'digraph g {\n a [x=5000, y=0, w=1, h=1]\n a -> b [bw=10]\n}\n' >a6.dot
one "DOT app coordinate beyond the die: its line" 2 "a6.dot:2: core 'a': x and y must be within 1000 mm" "$N" app-info a6.dot
printf 'app = %s\n\nmethods = split,bogus\n' "$PIP" >um.campaign
one "campaign unknown method: its line" 2 "um.campaign:3: unknown method 'bogus'" "$N" campaign plan um.campaign -o umc
absent "campaign unknown method: nothing written" umc
# campaign collect on a malformed summary.csv: one job written by hand (the
# status file and summary.csv of tests/data/hostile), then broken.
printf 'app = %s\nmethods = split\n' "$PIP" >one.campaign
"$N" campaign plan one.campaign -o cj -q
mkdir -p cj/jobs/0001
printf 'status ok\ndesigns 1\n' >cj/jobs/0001/done
cp "$DATA/hostile/summary.csv" cj/jobs/0001/summary.csv
run "campaign collect on a good summary.csv" 0 "$N" campaign collect cj -q
sed '2s/^/"x/' "$DATA/hostile/summary.csv" >cj/jobs/0001/summary.csv
one "campaign collect: malformed CSV at its line" 2 "summary.csv:2: malformed CSV" "$N" campaign collect cj -q
{ cat "$DATA/hostile/summary.csv"; printf 'a,b\n'; } >cj/jobs/0001/summary.csv
one "campaign collect: a short row at its line" 2 "summary.csv:3: 2 fields, the header has" "$N" campaign collect cj -q
python3 -c "
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
rows[1][rows[0].index('power_mw')] = 'nan'
csv.writer(open(sys.argv[2], 'w'), lineterminator='\n').writerows(rows)" "$DATA/hostile/summary.csv" cj/jobs/0001/summary.csv
one "campaign collect: a NaN objective at its line" 2 "summary.csv:2: design row without a finite power_mw" \
    "$N" campaign collect cj -q
