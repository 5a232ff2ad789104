#!/bin/sh
# Conformance checks against docs/INTERFACE.md, as a script built on the tool
# would rely on them: exit statuses, one-line errors naming the file, no
# output left behind on errors, JSON keys and types, '-' and gen: inputs
# wherever a topology is accepted, and the regressions of the QA audit.
. "$(dirname "$0")/lib.sh"
N="$NOCSYN"
VOPD="$APPS/vopd.csv"

# one NAME: stderr ($TMP/err) is exactly one line starting "nocsyn: ".
one() {
    if [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q '^nocsyn: ' "$TMP/err"; then ok "$1"
    else notok "$1" "$(head -c 300 "$TMP/err")"; fi
}

# ---- 0. exit statuses and one-line errors
bad "no command: one line, exit 2" "$N"
run "--version" 0 "$N" --version
has "--version prints the version" "$TMP/out" '^nocsyn [0-9]'
bad "unknown command" "$N" frobnicate
for c in app-info convert gen eval synth compare floorplan route perm min latency sim package; do
    run "$c --help exits 0" 0 "$N" "$c" --help
    if [ -s "$TMP/out" ] && [ ! -s "$TMP/err" ]; then ok "$c --help on stdout"; else notok "$c --help on stdout"; fi
    has "$c --help has a usage line" "$TMP/out" "^usage: nocsyn $c"
done

# ---- 1.1 app inputs: quoted / UTF-8 names, isolated core, max_hops in DOT
cat >"$TMP/w.dot" <<'EOF'
digraph "my app" {
  "core A" -> "b,c" [bw=300, max_hops=1];
  "b,c" -> "say \"hi\"" [bw=100];
  "ünï cødé" -> "core A" [bw=200, max_hops=2];
  "say \"hi\"" -> "x;y" [bw=50];
  "lonely one";
}
EOF
run "synth DOT app with odd names" 0 "$N" synth "$TMP/w.dot" --sweep --all -o "$TMP/w" -q
has "routes.csv quotes a name with a comma" "$TMP/w/split_k1.routes.csv" '^core A,"b,c",sw0$'
has "isolated core kept in the design" "$TMP/w/split_k1.dot" '"lonely one" \[kind="terminal"'
for k in 1 2 3; do
    [ -f "$TMP/w/split_k$k.dot" ] || continue
    run "design k$k reads back and evaluates under table routing" 0 \
        "$N" eval "$TMP/w/split_k$k.dot" --traffic "app:$TMP/w.dot" --routing table --format json -o "$TMP/e$k.json"
    json "design k$k: same max load as its D.json" "$TMP/e$k.json" \
        "a=json.load(open('$TMP/w/split_k$k.json')); assert a['max_channel_load_mbps']==d['max_channel_load_mbps']"
done
# max_hops=1 on "core A" -> "b,c": at most two routers on its path.
awk -F, '/^core A,"b,c",/ { if (split($NF, r, " ") > 2) bad = 1 } END { exit bad }' "$TMP"/w/split_k*.routes.csv \
    && ok "max_hops from a DOT app holds" || notok "max_hops from a DOT app holds"
# A duplicate flow is noted once, not twice.
printf 'src,dst,bandwidth_mbps\na,b,10\nb,c,5\na,b,10\n' >"$TMP/dup.csv"
run "synth with a duplicate flow" 0 "$N" synth "$TMP/dup.csv" --switches 1 -o "$TMP/dup" -q
[ "$(grep -c 'duplicate' "$TMP/err")" -eq 1 ] && ok "duplicate note once" || notok "duplicate note once" "$(cat "$TMP/err")"

# Partial positions in the app: the error names the app file, nothing written.
printf 'digraph { a [x=0, y=0, w=1, h=1]; a -> b [bw=5]; }\n' >"$TMP/part.dot"
bad "synth: partial positions in the app" "$N" synth "$TMP/part.dot" -o "$TMP/p1"
has "partial positions: names the app file and the core" "$TMP/err" "part.dot: core b has no position"
absent "partial positions: no directory" "$TMP/p1"
bad "compare: partial positions in the app" "$N" compare "$TMP/part.dot" -o "$TMP/p2"
has "compare partial positions names the app file" "$TMP/err" "part.dot: core b has no position"
absent "compare partial positions: no directory" "$TMP/p2"
printf 'core,x_mm,y_mm,w_mm,h_mm\na,0,0,1,1\n' >"$TMP/fp1.csv"
printf 'src,dst,bandwidth_mbps\na,b,5\n' >"$TMP/ab.csv"
bad "compare: floorplan missing a core" "$N" compare "$TMP/ab.csv" --floorplan "$TMP/fp1.csv" -o "$TMP/p3"
has "floorplan missing a core: names file and core" "$TMP/err" "fp1.csv: the floorplan does not place core b"

# An app with cores but no flows: exit 2 naming the app file.
printf 'digraph { a; b; }\n' >"$TMP/noflow.dot"
bad "synth: no flows" "$N" synth "$TMP/noflow.dot" -o "$TMP/nf"
has "no flows: names the app file" "$TMP/err" "noflow.dot: the app has no flows"
absent "no flows: no directory" "$TMP/nf"

# --app-format on every command that reads an app.
cp "$TMP/ab.csv" "$TMP/ab.txt"
run "floorplan --app-format" 0 "$N" floorplan "$TMP/ab.txt" --app-format csv -o "$TMP/fp.csv"
has "floorplan --app-format output" "$TMP/fp.csv" '^core,x_mm,y_mm,w_mm,h_mm$'
run "compare --app-format" 0 "$N" compare "$TMP/ab.txt" --app-format csv --methods split --baselines mesh -o "$TMP/cf" -q
has "compare --app-format summary" "$TMP/cf/summary.csv" '^split_k1,split,'
bad "compare: bad --app-format" "$N" compare "$TMP/ab.csv" --app-format xml -o "$TMP/cg"
absent "bad --app-format: no directory" "$TMP/cg"
# The app is read once and kept in memory, so it may come from stdin.
"$N" compare - --methods split --baselines mesh --no-ideal -o "$TMP/ch" -q <"$ROOT/benchmarks/apps/vopd.csv" \
    >"$TMP/out" 2>"$TMP/err" && has "compare - reads the app on stdin" "$TMP/ch/summary.csv" '^mesh,mesh,12,' \
    || notok "compare - reads the app on stdin" "$(cat "$TMP/err")"

# ---- 1.3 topology inputs: '-' takes DOT or anynet; gen: wherever a topology is read
"$N" gen mesh 3 2 -o "$TMP/m.anynet"
"$N" eval - --no-bisection <"$TMP/m.anynet" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && ok "eval - reads anynet on stdin" || notok "eval - reads anynet on stdin" "$(cat "$TMP/err")"
json "anynet on stdin: 9 routers, 12 links" "$TMP/out" "assert d['routers']==9 and d['links']==12"
"$N" route - --from t0 --to t8 --count <"$TMP/m.anynet" >"$TMP/out" 2>&1
printf '6\n' >"$TMP/want"
same "route - on anynet: C(4,2) = 6 paths" "$TMP/out" "$TMP/want"
"$N" gen ring 4 | "$N" eval - --no-bisection >"$TMP/out" 2>"$TMP/err"
json "eval - reads DOT on stdin" "$TMP/out" "assert d['routers']==4"
printf 'router 0 node 0 router x\n' | "$N" eval - >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && ok "bad anynet on stdin: exit 2" || notok "bad anynet on stdin: exit 2"
one "bad anynet on stdin: one line"
has "bad anynet on stdin: names <stdin> and the line" "$TMP/err" '<stdin>:1:'
run "convert gen:" 0 "$N" convert gen:ring:k=4 --to anynet
printf 'router 0 node 0 router 1 router 3\nrouter 1 node 1 router 0 router 2\nrouter 2 node 2 router 1 router 3\nrouter 3 node 3 router 0 router 2\n' >"$TMP/want"
same "convert gen:ring:k=4 to anynet" "$TMP/out" "$TMP/want"
run "sim gen:" 0 "$N" sim gen:ring:k=4 --rate 0.1 --warmup 100 --cycles 500 --batch 100
json "sim gen: the generated ring, one point at 0.1" "$TMP/out" \
    "assert d['topology'].startswith('ring') and [p['offered'] for p in d['points']]==[0.1]"
# Ring of 4: t0 to t2 is two hops either way round, so two minimal paths.
run "route gen:" 0 "$N" route gen:ring:k=4 --from t0 --to t2 --count
printf '2\n' >"$TMP/want"
same "route gen: two ways round the ring" "$TMP/out" "$TMP/want"

# ---- 3.2 eval: JSON keys and types, exactly as listed
KEYS="
num=(int,float); isnum=lambda v: isinstance(v,num) and not isinstance(v,bool)
isint=lambda v: isinstance(v,int) and not isinstance(v,bool)
for k in ('topology','traffic','routing'): assert isinstance(d[k],str), k
for k in ('routers','terminals','links','channels','diameter'): assert isint(d[k]), k
for g in ('degree','radix'):
    assert isint(d[g]['min']) and isint(d[g]['max']) and isnum(d[g]['avg']), g
assert isnum(d['hops']['avg']) and isnum(d['hops']['avg_excl_self']) and isint(d['hops']['max'])
assert isnum(d['max_channel_load']) and isnum(d['throughput'])
assert all(isnum(d['path_diversity'][k]) for k in ('avg','min','max'))
assert isint(d['bisection']['links']) and isinstance(d['bisection']['exact'], bool)
assert d['deadlock_free'] is None or isinstance(d['deadlock_free'], bool)
assert d['wire_length_mm'] is None or isnum(d['wire_length_mm'])"
run "eval json" 0 "$N" eval gen:mesh:k=4,n=2 --routing dor -o "$TMP/e.json"
json "eval: every key of 3.2 with its type" "$TMP/e.json" "$KEYS"
json "eval dor mesh: deadlock_free true, wire 24 mm" "$TMP/e.json" "assert d['deadlock_free'] is True and d['wire_length_mm']==24"
# every design (--all above): the last has several routers (one router has no
# channel to load, and its JSON no throughput)
last=$(ls "$TMP"/w/split_k*.dot | tail -1)
run "eval a synthesized DOT" 0 "$N" eval "$last" --traffic "app:$TMP/w.dot" -o "$TMP/e2.json"
json "eval ecmp: deadlock_free null" "$TMP/e2.json" "$KEYS; assert d['deadlock_free'] is None"
# One router, no router-to-router channel: load 0, throughput unbounded (null).
run "eval a single router" 0 "$N" eval gen:crossbar:n=4 -o "$TMP/e4.json"
json "single router: load 0, throughput null" "$TMP/e4.json" \
    "assert d['max_channel_load']==0 and d['throughput'] is None and d['hops']['max']==0"
"$N" eval gen:mesh:k=4,n=2 --traffic "app:$TMP/ab.csv" --map auto --capacity 100 -o "$TMP/e3.json" 2>"$TMP/err"
json "app traffic: max_channel_load_mbps and max_utilization" "$TMP/e3.json" \
    "$KEYS; assert d['max_channel_load_mbps']==5 and abs(d['max_utilization']-0.05)<1e-12"
# hotspot:RATE:TERMINAL takes a terminal name as well as an index.
"$N" eval gen:mesh:k=4,n=2 --traffic hotspot:0.5:t5 --no-bisection -o "$TMP/h1.json"
"$N" eval gen:mesh:k=4,n=2 --traffic hotspot:0.5:5 --no-bisection -o "$TMP/h2.json"
json "hotspot by name = by index" "$TMP/h1.json" \
    "b=json.load(open('$TMP/h2.json')); assert d['max_channel_load']==b['max_channel_load'] and d['hops']==b['hops']"
bad "hotspot: unknown terminal" "$N" eval gen:mesh:k=4,n=2 --traffic hotspot:0.5:t16
# Errors after the topology is read name it.
printf 'digraph { a; b; ta [kind=terminal]; tb [kind=terminal]; ta -> a [dir=both]; tb -> b [dir=both]; }\n' >"$TMP/disc.dot"
run "eval: unreachable pair exits 1" 1 "$N" eval "$TMP/disc.dot"
one "eval: unreachable pair, one line"
has "eval: unreachable pair names the file" "$TMP/err" 'disc.dot: no path from'
run "sim: unreachable pair exits 1" 1 "$N" sim "$TMP/disc.dot" --rate 0.1
has "sim: unreachable pair names the file" "$TMP/err" 'disc.dot: '
bad "eval: routing that does not apply" "$N" eval gen:mesh:k=3 --routing desttag -o "$TMP/x.json"
has "inapplicable routing names the topology" "$TMP/err" 'gen:mesh:k=3: desttag'
absent "eval error leaves no -o file" "$TMP/x.json"

# ---- 3.3 synth: options and outputs
run "synth vopd sweep" 0 "$N" synth "$VOPD" --sweep 2:4 -o "$TMP/v" -q
for f in dot svg json routes.csv place.csv anynet; do
    [ -s "$TMP/v/split_k2.$f" ] && ok "synth writes D.$f" || notok "synth writes D.$f"
done
has "synth sweep writes pareto.csv" "$TMP/v/pareto.csv" '^design,'
json "D.json: 3.2 keys plus power_mw, area_mm2, method, switches, vcs" "$TMP/v/split_k2.json" \
    "$KEYS; assert isnum(d['power_mw']) and isnum(d['area_mm2']) and d['method']=='split' and d['switches']==2 and isint(d['vcs'])"
has "place.csv header" "$TMP/v/split_k2.place.csv" '^node,kind,x_mm,y_mm,w_mm,h_mm$'
has "routes.csv header" "$TMP/v/split_k2.routes.csv" '^src,dst,path$'
bad "synth: --switches with --sweep" "$N" synth "$VOPD" --switches 3 --sweep -o "$TMP/sx"
absent "conflicting options: no directory" "$TMP/sx"
run "synth infeasible exits 1" 1 "$N" synth "$VOPD" --max-radix 1 -o "$TMP/si"
one "synth infeasible: one line"
has "synth infeasible names the app file" "$TMP/err" 'vopd.csv: '
absent "synth infeasible: no directory" "$TMP/si"

# ---- 3.4 compare: columns; nothing to compare is exit 1
run "compare" 0 "$N" compare "$TMP/ab.csv" --methods split --baselines mesh,torus -o "$TMP/c" -q
has "summary.csv columns" "$TMP/c/summary.csv" \
    '^design,method,routers,links,radix_max,hops_avg,hops_max,max_load_mbps,max_util,path_div_avg,wire_mm,power_mw,area_mm2,deadlock_free'
[ -s "$TMP/c/report.md" ] && [ -s "$TMP/c/report.html" ] && ok "report.md and report.html" || notok "reports"
printf 'src,dst,bandwidth_mbps,max_hops\na,b,100,0\nb,c,100,0\nc,a,100,0\n' >"$TMP/tight.csv"
run "compare: nothing feasible exits 1" 1 "$N" compare "$TMP/tight.csv" --max-radix 2 --baselines "" -o "$TMP/cn" -q
has "nothing feasible: the error line" "$TMP/err" '^nocsyn: .*tight.csv: no design to compare'
absent "nothing feasible: no directory" "$TMP/cn"

# ---- 3.9 latency: the message names the option that is wrong
bad "latency: --bw 0" "$N" latency switching --bits 512 --hops 4 --bw 0
has "--bw 0 is blamed on --bw" "$TMP/err" '^nocsyn: --bw '

# ---- 3.8 / 3.10 JSON keys
run "min json" 0 "$N" min omega --n 3 --perm '(0 7 6 4 2)(1 3)(5)' --format json
json "min --perm keys" "$TMP/out" \
    "assert d['passes'] is True and d['passes_needed']==1 and d['conflict'] is None and len(d['settings'])==3"
run "min control json" 0 "$N" min cube --n 3 --control 100 --format json
json "min --control permutation" "$TMP/out" "assert d['permutation']==[1,0,3,2,5,4,7,6]"
run "latency drop json" 0 "$N" latency drop --k 2 --n 3 --offered 1 --format json
json "drop keys: p1 = 1 - (1 - 1/2)^2 = 0.75" "$TMP/out" \
    "assert d['stage_rates'][:2]==[1,0.75] and d['throughput']==d['saturation']"
run "sim sweep json" 0 "$N" sim gen:mesh:k=3,n=2 --routing dor --sweep 0.1:0.3:0.1 --warmup 100 --cycles 1000 --batch 200
json "sim keys" "$TMP/out" \
    "p=d['points'][0]; assert all(k in p for k in ('offered','accepted','latency_avg','latency_p99','stable')); assert isinstance(p['stable'],bool) and 'saturation' in d and isinstance(d['zero_load_latency'],(int,float))"

# ---- 0. a command writing two files leaves neither when the second fails
run "sim: -o into a missing directory" 2 "$N" sim gen:ring:k=4 --rate 0.1 --warmup 100 --cycles 500 --batch 100 \
    --plot "$TMP/p.svg" -o "$TMP/nodir/p.json"
absent "sim: no plot left behind" "$TMP/p.svg"
run "floorplan: --svg into a missing directory" 2 "$N" floorplan "$TMP/ab.csv" -o "$TMP/f.csv" --svg "$TMP/nodir/f.svg"
absent "floorplan: no CSV left behind" "$TMP/f.csv"
run "app-info: --dot into a missing directory" 2 "$N" app-info "$TMP/ab.csv" --svg "$TMP/a.svg" --dot "$TMP/nodir/a.dot"
absent "app-info: no SVG left behind" "$TMP/a.svg"
[ -s "$TMP/out" ] && notok "app-info: no report on stdout after the error" || ok "app-info: no report on stdout after the error"
run "floorplan -o - with --svg" 0 "$N" floorplan "$TMP/ab.csv" -o - --svg "$TMP/f2.svg"
has "floorplan -o -: CSV on stdout" "$TMP/out" '^core,x_mm,y_mm,w_mm,h_mm$'
[ -s "$TMP/f2.svg" ] && ok "floorplan -o -: SVG written" || notok "floorplan -o -: SVG written"
