#!/bin/sh
# CLI tests of `nocsyn gen` (docs/INTERFACE.md section 3.1).
. "$(dirname "$0")/lib.sh"
D="$DATA/gen"

# A 3x3 mesh: the checked-in DOT (routers r(x+3y) at ((x+0.5), (y+0.5)) mm,
# terminal ti on ri) and anynet (checked by hand: r4 = (1,1) has r1 r3 r5 r7).
run "mesh dot to stdout" 0 "$NOCSYN" gen mesh k=3 n=2
same "mesh dot matches the checked-in file" "$TMP/out" "$D/mesh3x3.dot"
run "positional values" 0 "$NOCSYN" gen mesh 3 2
same "positional = named" "$TMP/out" "$D/mesh3x3.dot"
run "mesh -o .anynet" 0 "$NOCSYN" gen mesh k=3 n=2 -o "$TMP/m.anynet"
same "mesh anynet matches the checked-in file" "$TMP/m.anynet" "$D/mesh3x3.anynet"
run "mesh -o .dot" 0 "$NOCSYN" gen mesh k=3 -o "$TMP/m.dot"
same "-o .dot = stdout" "$TMP/m.dot" "$D/mesh3x3.dot"
run "mesh -o .json" 0 "$NOCSYN" gen mesh k=3 n=2 -o "$TMP/m.json"
has "json routers" "$TMP/m.json" '"routers":[[:space:]]*9'
has "json terminals" "$TMP/m.json" '"terminals":[[:space:]]*9'
has "json shape params" "$TMP/m.json" '"params":[[:space:]]*"k=3,n=2"'
run "mesh -o .svg" 0 "$NOCSYN" gen mesh k=3 n=2 -o "$TMP/m.svg"
has "svg written" "$TMP/m.svg" '<svg'
run "--format json on stdout" 0 "$NOCSYN" gen ring 4 --format json
has "--format json" "$TMP/out" '"routers":[[:space:]]*4'

# The DOT reads back (convert) to the same anynet.
run "dot reads back" 0 "$NOCSYN" convert "$D/mesh3x3.dot" --to anynet
same "dot -> anynet round trip" "$TMP/out" "$D/mesh3x3.anynet"

# The 2-ary n-cube is the binary n-cube (Dally & Towles 5.2): same anynet.
run "torus k=2" 0 "$NOCSYN" gen torus k=2 n=3 --format anynet
cp "$TMP/out" "$TMP/t2.anynet"
run "hypercube n=3" 0 "$NOCSYN" gen hypercube n=3 --format anynet
same "2-ary 3-cube = 3-cube" "$TMP/out" "$TMP/t2.anynet"

# dims= form, pitch, shapes in the DOT.
run "torus dims" 0 "$NOCSYN" gen torus dims=4x3 pitch=2
has "torus family attribute" "$TMP/out" 'family="torus"'
has "torus dims attribute" "$TMP/out" 'dims="4x3"'
has "pitch scales positions (r1 folded to x=2*2+1)" "$TMP/out" '"r1" \[kind="router", x=5, y=1'
run "butterfly" 0 "$NOCSYN" gen butterfly k=2 n=3
has "butterfly unidirectional stage channel" "$TMP/out" '"r0" -> "r4";'
has "butterfly t5 injects at r2" "$TMP/out" '"t5" -> "r2"'
has "butterfly t5 ejects at r10" "$TMP/out" '"r10" -> "t5"'

# Indirect networks are folded by default (gen.h): the 2-ary 2-tree at pitch
# 2 puts t0..t3 on tiles (1,1), (3,1), (1,3), (3,3); leaf r2 = (t0 + t1 +
# r0 + r1)/4 and roots r0 = r1 = (r2 + r3)/2 solve to leaves (2, 1.5),
# (2, 2.5) and both roots at (2, 2): four leaf-root links of 0.5 mm, 2 mm
# of router-to-router wire (Manhattan; the stage layout puts leaves at
# (2, 5), (6, 5) and roots at (2, 9), (6, 9): 4 + 4 + 8 + 8 = 24 mm).
run "fattree folded" 0 "$NOCSYN" gen fattree k=2 n=2 pitch=2
has "folded leaf r2 at (2, 1.5)" "$TMP/out" '"r2" \[kind="router", x=2, y=1.5,'
has "folded root r0 at (2, 2)" "$TMP/out" '"r0" \[kind="router", x=2, y=2,'
has "folded t3 on tile (1, 1)" "$TMP/out" '"t3" \[kind="terminal", x=3, y=3,'
run "fattree folded eval" 0 "$NOCSYN" eval gen:fattree:k=2,n=2,pitch=2
has "folded wire 2 mm" "$TMP/out" '"wire_length_mm":[[:space:]]*2$'
run "fattree stages eval" 0 "$NOCSYN" eval gen:fattree:k=2,n=2,pitch=2,layout=stages
has "stage wire 24 mm" "$TMP/out" '"wire_length_mm":[[:space:]]*24$'
# layout=stages: levels in rows, roots on top (y = 2(n - l) + 0.5 pitches),
# terminals along y = 0.5: t3 at x = 3.5 pitches = 7 mm, root r0 at
# ((0*2 + 0.5 + 0.5) * 2, (2*2 + 0.5) * 2) = (2, 9).
run "fattree layout=stages" 0 "$NOCSYN" gen fattree k=2 n=2 pitch=2 layout=stages
has "stages name" "$TMP/out" 'params="k=2,n=2,layout=stages,pitch=2"'
has "stages t3 at (7, 1)" "$TMP/out" '"t3" \[kind="terminal", x=7, y=1,'
has "stages r0 at (2, 9)" "$TMP/out" '"r0" \[kind="router", x=2, y=9,'
run "stages spec reads back" 0 "$NOCSYN" eval gen:fattree:k=2,n=2,layout=stages
bad "layout=rows refused" "$NOCSYN" gen clos 2 2 2 layout=rows
has "layout message" "$TMP/err" 'layout must be folded or stages'
bad "layout on a mesh refused" "$NOCSYN" gen mesh 3 layout=stages
# A folded Clos stacks its middles (and each input switch on its output
# switch) on one point; the SVG fans them out 0.4 mm apart (100 points per
# mm): the two middles r2, r3 at (1, 1) mm are drawn at x = 100 and 140
# points, all 10 nodes visible.
run "clos svg" 0 "$NOCSYN" gen clos 2 2 2 -o "$TMP/clos.svg"
cnt=$(grep -c 'class="node"' "$TMP/clos.svg")
[ "$cnt" -eq 10 ] && ok "clos svg draws 10 nodes" || notok "clos svg nodes" "$cnt"
xs=$(grep -A3 '<title>r[23]</title>' "$TMP/clos.svg" | grep -o '<text[^>]* x="[0-9.]*"' | grep -o 'x="[0-9.]*"' | tr -dc '0-9.\n ' | sort -n | tr '\n' ' ')
awk -v s="$xs" 'BEGIN{n = split(s, a, " "); exit !(n == 2 && a[2] - a[1] > 39 && a[2] - a[1] < 41)}' \
    && ok "stacked middles drawn 40 points apart ($xs)" || notok "stacked middles" "x = $xs"
# The default link latencies of a folded 64-terminal fat tree: at most a few
# links longer than the default 2 mm per cycle, so the zero-load latency is
# within 1 cycle of one-cycle links; the stage layout's 64 mm strip is not.
zl() { grep -o '"zero_load_latency":[^,]*' "$TMP/out" | tr -dc '0-9.'; }
run "sim folded fat tree" 0 "$NOCSYN" sim gen:fattree:k=2,n=6 --rate 0.02 --cycles 2000 --warmup 500
z1=$(zl)
run "sim one-cycle links" 0 "$NOCSYN" sim gen:fattree:k=2,n=6 --rate 0.02 --cycles 2000 --warmup 500 --mm-per-cycle 1e9
z0=$(zl)
run "sim strip fat tree" 0 "$NOCSYN" sim gen:fattree:k=2,n=6,layout=stages --rate 0.02 --cycles 2000 --warmup 500
z2=$(zl)
awk -v a="$z1" -v b="$z0" -v c="$z2" 'BEGIN{exit !(a - b <= 1 && a >= b && c - b > 5)}' \
    && ok "zero-load: folded $z1 within 1 cycle of $z0, strips $z2" || notok "folded zero-load" "$z1 $z0 $z2"

# Every family of the registry generates at a small size.
for spec in "ring 4" "linear 4" "mesh 2" "torus 3" "hypercube 2" "cmesh 2 2 2" "hring 2 2" \
    "flatfly 2 2 2" "butterfly 2 2" "omega 2" "cube 2" "clos 2 2 2" "fattree 2 2" "crossbar 3" \
    "full 3" "chordal 8 3" "illiac 3" "barrel 2" "ccc 3" "shuffle-exchange 2" "star 3" "tree 2"; do
    # shellcheck disable=SC2086
    run "gen $spec" 0 "$NOCSYN" gen $spec
    has "gen $spec is a digraph" "$TMP/out" '^digraph'
done

# --help lists every family of docs/INTERFACE.md section 3.1 with its parameters.
run "gen --help" 0 "$NOCSYN" gen --help
for fam in ring linear mesh torus hypercube cmesh hring flatfly butterfly omega cube clos \
    fattree crossbar full chordal illiac barrel ccc shuffle-exchange star tree; do
    has "help lists $fam" "$TMP/out" "^  $fam "
done
has "help shows mesh parameters" "$TMP/out" 'mesh  *k \[n=2\] | dims=AxB'
has "help tells the folded layout" "$TMP/out" 'layout=stages gives the textbook stage columns'
has "help shows fattree's layout parameter" "$TMP/out" 'fattree  *k n \[layout=folded|stages\]'
has "help shows clos parameters" "$TMP/out" 'clos  *m n r'

# Bad input: exit 2, one line, no output file.
bad "k < 2" "$NOCSYN" gen mesh k=1
has "k < 2 names the parameter" "$TMP/err" 'k must be an integer >= 2'
bad "n = 0" "$NOCSYN" gen mesh k=3 n=0
bad "c = 0" "$NOCSYN" gen cmesh k=3 n=2 c=0
bad "odd chordal n" "$NOCSYN" gen chordal n=7 w=3
has "odd n message" "$TMP/err" 'n must be even'
bad "even chordal w" "$NOCSYN" gen chordal n=8 w=4
bad "N not a power of two" "$NOCSYN" gen omega N=12
has "power of two message" "$TMP/err" 'power of two'
bad "unknown family" "$NOCSYN" gen nosuch k=2
has "unknown family message" "$TMP/err" "unknown topology family 'nosuch'"
bad "unknown parameter" "$NOCSYN" gen mesh k=3 q=2
has "unknown parameter message" "$TMP/err" "unknown parameter 'q'"
bad "missing parameter" "$NOCSYN" gen butterfly k=2
bad "too many values" "$NOCSYN" gen ring 3 4
bad "parameter twice" "$NOCSYN" gen ring k=3 k=4
bad "bad dims" "$NOCSYN" gen mesh dims=4x
bad "bad pitch" "$NOCSYN" gen mesh k=3 pitch=0
bad "too big" "$NOCSYN" gen mesh k=100000 n=2
has "too big message" "$TMP/err" 'generator limit'
bad "missing family" "$NOCSYN" gen
bad "unknown option" "$NOCSYN" gen mesh k=3 --bogus
bad "-o without value" "$NOCSYN" gen mesh k=3 -o
bad "unknown --format" "$NOCSYN" gen mesh k=3 --format png
bad "unknown extension" "$NOCSYN" gen mesh k=3 -o "$TMP/x.png"
absent "no file for unknown extension" "$TMP/x.png"
bad "bad params leave no file" "$NOCSYN" gen mesh k=1 -o "$TMP/bad.dot"
absent "no file for bad params" "$TMP/bad.dot"
bad "anynet cannot hold a butterfly" "$NOCSYN" gen butterfly 2 2 -o "$TMP/b.anynet"
absent "no partial anynet" "$TMP/b.anynet"

# The bus family: one medium, every pair 1 hop, uniform load N (throughput 1/N).
run "eval bus" 0 "$NOCSYN" eval gen:bus:n=8 --format text --no-bisection
has "bus 1 hop" "$TMP/out" 'hops *avg 1  avg excl. self 1  max 1'
has "bus throughput 1/8" "$TMP/out" 'max channel load  8  (throughput 0.125 of injection)'
