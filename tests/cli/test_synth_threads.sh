#!/bin/sh
# CLI tests: split's sweep does not depend on the thread count (issue 27).
# The switch counts, the low-latency alternatives (split_kK_lI) and the
# extra-link variants (split_kK_xJ, split_kK_rJ) each run on the thread pool
# into their own slots, merged in the serial loop's order; with --all every
# feasible design's files are written, so the whole directory and the
# summary table (every design, kept or not) must be byte-identical for 1, 2
# and 3 threads (3: more workers than the machine's 2 cores, so the items
# finish out of order).
. "$(dirname "$0")/lib.sh"

for app in mpeg4 vopd16; do
    for j in 1 2 3; do
        run "$app: synth --all, $j thread(s)" 0 "$NOCSYN" synth "$APPS/$app.csv" --all --threads "$j" -o "$TMP/$app.$j"
        sed "s|$TMP/$app.$j/|DIR/|" "$TMP/out" >"$TMP/$app.$j.txt" # the last line names the directory
    done
    # The sweep has alternatives and variants to merge, or the check is empty.
    n=$(grep -c '^split_k[0-9]*_[lxr]' "$TMP/$app.1.txt")
    [ "$n" -ge 10 ] && ok "$app: $n alternatives and variants in the table" || notok "$app: alternatives" "$n"
    for j in 2 3; do
        same "$app: same table, 1 and $j threads" "$TMP/$app.$j.txt" "$TMP/$app.1.txt"
        if diff -r "$TMP/$app.1" "$TMP/$app.$j" >"$TMP/diff" 2>&1; then ok "$app: same files, 1 and $j threads"
        else notok "$app: same files, 1 and $j threads" "$(head -5 "$TMP/diff")"; fi
    done
done

# The extra-link variants under the search budget (issue 27: no 64-core
# cliff).  A series adds min(3, floor(budget / N)) links, budget =
# floor(6000 x (24 / N)^2) at effort 1: 80 cores -> 540 / 80 = 6.75 -> 3
# links; 130 cores -> floor(204.5) / 130 = 1.57 -> 1 link; effort 0 -> none.
# (clustered80.csv, clustered130.csv: benchmarks/perf/clustered_app.c N 1.)
C80="$DATA/synth2/clustered80.csv" C130="$DATA/synth2/clustered130.csv"
run "80 cores: synth --all" 0 "$NOCSYN" synth "$C80" --sweep 14:20:3 --all -q -o "$TMP/c80"
# A variant J of split_kK has K switches and J more links than its base
# (each adds one switch-to-switch link), and no larger radix unless it is
# a radix-growing "r" one.  (An alternative a design dominates is dropped
# after its variants were built, so some variants have no base row.)
csvrows "80 cores: variants up to _x3, each one link over its base, same K" "$TMP/c80/pareto.csv" "
import re
d = {r['design']: r for r in rows}
v = [n for n in d if re.search(r'_[xr][0-9]+\$', n)]
assert any(n.endswith('_x3') for n in v), v
assert sum(re.match(r'(.*)_[xr][0-9]+\$', n).group(1) in d for n in v) >= 6, v
for n in v:
    base, j = re.match(r'(.*)_[xr]([0-9]+)\$', n).groups()
    if base not in d:
        continue
    assert d[n]['switches'] == d[base]['switches'], n
    assert int(d[n]['links']) == int(d[base]['links']) + int(j), (n, d[n]['links'], d[base]['links'])
    assert n[-2] == 'r' or int(d[n]['radix_max']) <= int(d[base]['radix_max']), n
"
run "130 cores: synth --all, 1 thread" 0 "$NOCSYN" synth "$C130" --sweep 24:40:8 --all -q --threads 1 -o "$TMP/c130"
csvrows "130 cores: variants, one link each" "$TMP/c130/pareto.csv" "
import re
v = [r['design'] for r in rows if re.search(r'_[xr][0-9]+\$', r['design'])]
assert v and all(re.search(r'_[xr]1\$', n) for n in v), v
"
run "130 cores: synth --all, 2 threads" 0 "$NOCSYN" synth "$C130" --sweep 24:40:8 --all -q --threads 2 -o "$TMP/c130b"
if diff -r "$TMP/c130" "$TMP/c130b" >"$TMP/diff" 2>&1; then ok "130 cores: same files, 1 and 2 threads"
else notok "130 cores: same files, 1 and 2 threads" "$(head -5 "$TMP/diff")"; fi
run "80 cores: --effort 0" 0 "$NOCSYN" synth "$C80" --sweep 14:20:3 --all -q --effort 0 -o "$TMP/c80e"
csvrows "80 cores: --effort 0, no variants" "$TMP/c80e/pareto.csv" "
import re
assert rows and not [r for r in rows if re.search(r'_[xrl][0-9]+\$', r['design'])]
"

# Large sweeps release the designs that can never be written (issue 27:
# memory; noc_synth_opts.slim, set unless --all): above 480 cores (no
# alternatives, no variants) a design another one dominates and undercuts
# keeps only its figures.  The table and every written file must be those
# of the run that keeps everything (--all writes every feasible design).
C512="$DATA/synth2/clustered512.csv"
run "512 cores: sweep" 0 "$NOCSYN" synth "$C512" --sweep 85:512:61 -o "$TMP/s512" --threads 2
sed "s|$TMP/s512/|DIR/|" "$TMP/out" >"$TMP/s512.txt"
run "512 cores: sweep --all" 0 "$NOCSYN" synth "$C512" --sweep 85:512:61 --all -o "$TMP/s512a" --threads 2
sed "s|$TMP/s512a/|DIR/|" "$TMP/out" >"$TMP/s512a.txt"
same "512 cores: same table with and without --all" "$TMP/s512.txt" "$TMP/s512a.txt"
same "512 cores: same pareto.csv with and without --all" "$TMP/s512/pareto.csv" "$TMP/s512a/pareto.csv"
n=0 bad=
for f in "$TMP"/s512/*; do
    n=$((n + 1))
    cmp -s "$f" "$TMP/s512a/$(basename "$f")" || bad="$bad $(basename "$f")"
done
[ "$n" -ge 13 ] && [ -z "$bad" ] && ok "512 cores: the $n files written are the --all run's" \
    || notok "512 cores: written files" "$n files, differ:$bad"
nall=$(ls "$TMP/s512a" | wc -l)
[ "$nall" -gt "$n" ] && ok "512 cores: --all writes more ($nall files)" || notok "512 cores: --all" "$nall"
