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
