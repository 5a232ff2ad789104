#!/bin/sh
# Runs one test for tests/run.sh: OUT/NAME.log gets its output, OUT/NAME.res
# one line "RC WALL_S CPU_S" (CPU = user + system of the test and its
# children).  Usage: run_one.sh OUT TEST.  A name ending in .sh runs under sh,
# any other file is executed (a cmocka binary).
out=$1; t=$2
name=$(basename "$t")
start=$(date +%s.%N)
case $t in
    *.sh) sh "$t" >"$out/$name.log" 2>&1 </dev/null; rc=$? ;;
    *)    "$t" >"$out/$name.log" 2>&1 </dev/null; rc=$? ;;
esac
end=$(date +%s.%N)
# `times` prints the shell's then its children's user and system times as
# NmS.SSSs; the second line is the test's.
# (`times` runs in this shell, not in a pipeline's subshell, which would
# report its own children: none.)
times >"$out/$name.cpu"
cpu=$(sed -n 2p "$out/$name.cpu" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2] }; printf "%.2f", s }')
rm -f "$out/$name.cpu"
wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
echo "$rc $wall $cpu" >"$out/$name.res"
